//! Players by name, as the command line and tournament files write them: `random`, `greedy`,
//! `script:3,1,5`, `script:FILE`, `alphabeta:DEPTH`, `mcts:N` (with options:
//! `mcts:1000,c=0.7,playouts=4,policy=greedy,solver`), `perfect`, `perfect:FILE`. A name is read
//! into a [`PlayerSpec`] once; [`PlayerSpec::prepare`] makes it an [`Agent`] for one variant
//! (a script's moves checked against the board, a perfect player's table loaded or solved);
//! an agent makes a fresh [`AnyPlayer`] for each game. Everything that can be wrong with a
//! name is found before the first game.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::cancel::Cancel;
use crate::engine::notation::{self, NotationError};
use crate::engine::{Move, Rules, State};
use crate::error::{Failure, Status};
use crate::files::{self, ReadError};
use crate::lang::diagnostic::closest;

use super::greedy::GreedyPlayer;
use super::mcts::{MctsConfig, MctsError, MctsPlayer};
use super::player::{GameRng, Player, PlayerError};
use super::random::RandomPlayer;
use super::script::ScriptPlayer;
use super::search::{AlphaBetaPlayer, DEFAULT_DEPTH, MAX_DEPTH};
use super::solve::{self, PerfectPlayer, Solution, SolutionFileError, SolveError};

/// Every player a name can give, for messages.
pub const PLAYER_NAMES: &str = "random, greedy, script:PITS (e.g. script:3,1,5), script:FILE, \
                                alphabeta:DEPTH (e.g. alphabeta:8), mcts:SIMULATIONS (e.g. mcts:1000 or \
                                mcts:1000,c=0.7,playouts=4,policy=greedy,solver), perfect or perfect:FILE";

/// A player as named, before it knows its variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    Random,
    Greedy,
    /// `name` as written (`script:3,1,5`, `script:opening.txt`); its pit numbers, checked for
    /// form.
    Script {
        name: Arc<str>,
        /// The moves as written, each checked for form (`3`, `2cw`).
        moves: Arc<[String]>,
        fallback: bool,
    },
    AlphaBeta {
        depth: u32,
    },
    /// Monte Carlo tree search (`mcts:1000,c=0.7`).
    Mcts(MctsConfig),
    /// Plays from a solution table: loaded from `file`, or solved when the run starts.
    Perfect {
        file: Option<PathBuf>,
    },
}

/// What is wrong with a player's name, or with it for a variant.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerSpecError {
    Unknown {
        name: String,
        guess: Option<&'static str>,
    },
    Depth {
        name: String,
    },
    /// `name` as written (`mcts:0`, `mcts:1000,c=x`), and what is wrong with it.
    Mcts {
        name: String,
        error: MctsError,
    },
    NoSolutionFile,
    EmptyScript,
    ScriptFile(ReadError),
    /// A script item that is not a pit number, or not a pit of the variant's board.
    ScriptMove {
        script: String,
        error: NotationError,
    },
    NoMoves {
        script: String,
    },
    /// A perfect player for a variant that cannot be solved.
    Unsolvable {
        variant: String,
        error: SolveError,
    },
    SolutionFile(SolutionFileError),
}

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpecError::Unknown { name, guess } => {
                write!(f, "unknown player `{name}`: the players are {PLAYER_NAMES}")?;
                match guess {
                    Some(g) => write!(f, " (did you mean `{g}`?)"),
                    None => Ok(()),
                }
            }
            PlayerSpecError::Depth { name } => {
                write!(f, "`{name}`: the depth of alphabeta is a number of plies from 0 to {MAX_DEPTH}")
            }
            PlayerSpecError::Mcts { name, error } => write!(f, "`{name}`: {error}"),
            PlayerSpecError::NoSolutionFile => {
                f.write_str("`perfect:` names no solution file (from `sow solve VARIANT --out FILE`)")
            }
            PlayerSpecError::EmptyScript => {
                f.write_str("`script:` names no moves and no file: write `script:3,1,5` or `script:FILE`")
            }
            PlayerSpecError::ScriptFile(e) => write!(f, "{e} (the script of a scripted player)"),
            PlayerSpecError::ScriptMove { script, error } => write!(f, "`{script}`: {error}"),
            PlayerSpecError::NoMoves { script } => write!(f, "`{script}` holds no moves"),
            PlayerSpecError::Unsolvable { variant, error } => {
                write!(f, "the perfect player needs {variant} solved: {error}")
            }
            PlayerSpecError::SolutionFile(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl Failure for PlayerSpecError {
    fn status(&self) -> Status {
        match self {
            PlayerSpecError::Unsolvable { error, .. } => error.status(),
            _ => Status::BadInput,
        }
    }
}

/// Is `text` a list of moves (`3,1,5`) rather than a file name? Digits, with the commas,
/// spaces and signs a mistyped list might hold.
fn looks_like_moves(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | ' ' | '+' | '-'))
}

impl PlayerSpec {
    /// Reads a player name. A script file is read now, so that a bad one stops the run
    /// before any game is played. A script names a file when a file of that name exists,
    /// and is otherwise read as a list of moves.
    pub fn parse(text: &str, fallback: bool) -> Result<PlayerSpec, PlayerSpecError> {
        match text {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            "alphabeta" => return Ok(PlayerSpec::AlphaBeta { depth: DEFAULT_DEPTH }),
            "mcts" => return Ok(PlayerSpec::Mcts(MctsConfig::default())),
            "perfect" => return Ok(PlayerSpec::Perfect { file: None }),
            _ => {}
        }
        if let Some(depth) = text.strip_prefix("alphabeta:") {
            return match notation::plain_number(depth) {
                Some(d) if d <= MAX_DEPTH as u64 => Ok(PlayerSpec::AlphaBeta { depth: d as u32 }),
                _ => Err(PlayerSpecError::Depth { name: text.into() }),
            };
        }
        if let Some(rest) = text.strip_prefix("mcts:") {
            return MctsConfig::parse(rest)
                .map(PlayerSpec::Mcts)
                .map_err(|error| PlayerSpecError::Mcts { name: text.into(), error });
        }
        if text.starts_with("mcts,") {
            return Err(PlayerSpecError::Mcts { name: text.into(), error: MctsError::NoNumber });
        }
        if let Some(file) = text.strip_prefix("perfect:") {
            if file.is_empty() {
                return Err(PlayerSpecError::NoSolutionFile);
            }
            return Ok(PlayerSpec::Perfect { file: Some(file.into()) });
        }
        let Some(script) = text.strip_prefix("script:") else {
            // `alphabta:3` is compared by its name, without the number.
            let head = text.split(':').next().unwrap_or(text);
            let guess = closest(head, ["random", "greedy", "script", "alphabeta", "mcts", "perfect"]);
            return Err(PlayerSpecError::Unknown { name: text.into(), guess });
        };
        if script.is_empty() {
            return Err(PlayerSpecError::EmptyScript);
        }
        let path = std::path::Path::new(script);
        let list = if path.is_file() || !looks_like_moves(script) {
            let bytes = files::read(path, files::SCRIPT).map_err(PlayerSpecError::ScriptFile)?;
            let body = String::from_utf8_lossy(&bytes);
            // `#` starts a comment; the moves may run over many lines.
            body.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join(" ")
        } else {
            script.to_string()
        };
        let bad = |error| PlayerSpecError::ScriptMove { script: text.into(), error };
        let items = notation::items(&list, notation::Item::Move).map_err(bad)?;
        let numbered = items.len() > 1;
        let moves = items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                notation::pit_number(item, numbered.then_some(i + 1)).map(|_| item.to_string()).map_err(bad)
            })
            .collect::<Result<Vec<String>, _>>()?;
        if moves.is_empty() {
            return Err(PlayerSpecError::NoMoves { script: text.into() });
        }
        Ok(PlayerSpec::Script { name: text.into(), moves: moves.into(), fallback })
    }

    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Greedy => "greedy".into(),
            PlayerSpec::Script { name, .. } => name.to_string(),
            PlayerSpec::AlphaBeta { depth } => format!("alphabeta:{depth}"),
            PlayerSpec::Mcts(config) => config.name(),
            PlayerSpec::Perfect { file: None } => "perfect".into(),
            PlayerSpec::Perfect { file: Some(f) } => format!("perfect:{}", f.display()),
        }
    }

    /// Is this a perfect player that solves its variant when it is prepared?
    pub fn solves(&self) -> bool {
        matches!(self, PlayerSpec::Perfect { file: None })
    }

    /// Gets ready for a variant: a script's moves are checked against its board, a perfect
    /// player loads or computes its table. `solved` holds a table already made for these
    /// rules, shared by every seat; `cancel` stops a solve.
    pub fn prepare(
        &self,
        rules: &Rules,
        solved: &mut Option<Arc<Solution>>,
        cancel: &Cancel,
    ) -> Result<Agent, PlayerSpecError> {
        Ok(match self {
            PlayerSpec::Random => Agent::Random,
            PlayerSpec::Greedy => Agent::Greedy,
            PlayerSpec::AlphaBeta { depth } => Agent::AlphaBeta { depth: *depth },
            PlayerSpec::Mcts(config) => {
                config.check(rules).map_err(|error| PlayerSpecError::Mcts { name: self.name(), error })?;
                Agent::Mcts(*config)
            }
            PlayerSpec::Script { name, moves, fallback } => {
                let numbered = moves.len() > 1;
                let moves = moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| notation::parse_move_for(rules, m, numbered.then_some(i + 1)))
                    .collect::<Result<Vec<Move>, _>>()
                    .map_err(|error| PlayerSpecError::ScriptMove { script: name.to_string(), error })?;
                Agent::Script { name: name.clone(), moves: moves.into(), fallback: *fallback }
            }
            PlayerSpec::Perfect { file } => {
                let seeds = rules.total_seeds() as usize;
                let solution = match (file, solved.as_ref()) {
                    (Some(path), _) => {
                        Arc::new(Solution::load(path, rules, seeds).map_err(PlayerSpecError::SolutionFile)?)
                    }
                    (None, Some(s)) => s.clone(),
                    (None, None) => {
                        let unsolvable =
                            |error| PlayerSpecError::Unsolvable { variant: rules.spec().label(), error };
                        let table = solve::solve(rules, seeds, &|_, _| {}, cancel).map_err(unsolvable)?;
                        let s = Arc::new(table);
                        *solved = Some(s.clone());
                        s
                    }
                };
                Agent::Perfect { name: self.name(), solution }
            }
        })
    }
}

/// A player ready for one variant: it makes a fresh player for each game.
#[derive(Debug, Clone)]
pub enum Agent {
    Random,
    Greedy,
    Script { name: Arc<str>, moves: Arc<[Move]>, fallback: bool },
    AlphaBeta { depth: u32 },
    Mcts(MctsConfig),
    Perfect { name: String, solution: Arc<Solution> },
}

impl Agent {
    pub fn name(&self) -> String {
        match self {
            Agent::Random => "random".into(),
            Agent::Greedy => "greedy".into(),
            Agent::Script { name, .. } => name.to_string(),
            Agent::AlphaBeta { depth } => format!("alphabeta:{depth}"),
            Agent::Mcts(config) => config.name(),
            Agent::Perfect { name, .. } => name.clone(),
        }
    }

    /// A player for one game after another; `cancel` stops one that thinks for long.
    pub fn new_player(&self, cancel: &Cancel) -> AnyPlayer {
        match self {
            Agent::Random => AnyPlayer::Random(RandomPlayer),
            Agent::Greedy => AnyPlayer::Greedy(GreedyPlayer),
            Agent::Script { name, moves, fallback } => {
                AnyPlayer::Script(ScriptPlayer::new(name.clone(), moves.clone(), *fallback))
            }
            Agent::AlphaBeta { depth } => AnyPlayer::AlphaBeta(AlphaBetaPlayer::new(*depth, cancel.clone())),
            Agent::Mcts(config) => AnyPlayer::Mcts(MctsPlayer::new(*config, cancel.clone())),
            Agent::Perfect { solution, .. } => {
                AnyPlayer::Perfect(PerfectPlayer { solution: solution.clone() })
            }
        }
    }
}

impl AnyPlayer {
    /// The same player, thinking at most `time` a move: the searches (alpha-beta, MCTS) then
    /// play their best move so far; the others take no time worth limiting.
    pub fn with_move_time(self, time: Duration) -> AnyPlayer {
        match self {
            AnyPlayer::AlphaBeta(p) => AnyPlayer::AlphaBeta(p.with_move_time(Some(time))),
            AnyPlayer::Mcts(p) => AnyPlayer::Mcts(p.with_move_time(Some(time))),
            other => other,
        }
    }
}

/// Any player, dispatched without a virtual call: the simulator's inner loop stays inlined.
#[derive(Debug, Clone)]
pub enum AnyPlayer {
    Random(RandomPlayer),
    Greedy(GreedyPlayer),
    Script(ScriptPlayer),
    AlphaBeta(AlphaBetaPlayer),
    Mcts(MctsPlayer),
    Perfect(PerfectPlayer),
}

impl Player for AnyPlayer {
    fn name(&self) -> String {
        match self {
            AnyPlayer::Random(p) => p.name(),
            AnyPlayer::Greedy(p) => p.name(),
            AnyPlayer::Script(p) => p.name(),
            AnyPlayer::AlphaBeta(p) => p.name(),
            AnyPlayer::Mcts(p) => p.name(),
            AnyPlayer::Perfect(p) => p.name(),
        }
    }

    #[inline(always)]
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        match self {
            AnyPlayer::Random(p) => p.choose(rules, state, rng),
            AnyPlayer::Greedy(p) => p.choose(rules, state, rng),
            AnyPlayer::Script(p) => p.choose(rules, state, rng),
            AnyPlayer::AlphaBeta(p) => p.choose(rules, state, rng),
            AnyPlayer::Mcts(p) => p.choose(rules, state, rng),
            AnyPlayer::Perfect(p) => p.choose(rules, state, rng),
        }
    }

    fn new_game(&mut self) {
        if let AnyPlayer::Script(p) = self {
            p.new_game();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::player::game_rng;

    fn agent(text: &str, fallback: bool, rules: &Rules) -> Result<Agent, PlayerSpecError> {
        PlayerSpec::parse(text, fallback)?.prepare(rules, &mut None, &Cancel::new())
    }

    #[test]
    fn scripts_play_in_order_then_fail_or_fall_back() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let mut p = agent("script:3, 2", false, &rules).unwrap().new_player(&Cancel::new());
        let mut rng = game_rng(0, 0);
        let s = rules.initial_state();
        let pit = |n: usize| Move::from_pit(n - 1).unwrap();
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(pit(3)));
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(pit(2)));
        let e = p.choose(&rules, &s, &mut rng).unwrap_err();
        assert_eq!(e.to_string(), "the script has no move left (it holds 2)");
        let mut p = agent("script:5", false, &rules).unwrap().new_player(&Cancel::new());
        let e = p.choose(&rules, &s, &mut rng).unwrap_err();
        assert_eq!(
            e.to_string(),
            "its move 1 (pit 5) is illegal: pit 5 belongs to player 2, and it is player 1's turn"
        );
        let mut p = agent("script:5", true, &rules).unwrap().new_player(&Cancel::new());
        assert!(rules.check_move(&s, p.choose(&rules, &s, &mut rng).unwrap()).is_ok());
    }

    #[test]
    fn player_names_are_checked() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        assert_eq!(PlayerSpec::parse("random", false), Ok(PlayerSpec::Random));
        let e = PlayerSpec::parse("gredy", false).unwrap_err().to_string();
        assert!(e.contains("unknown player `gredy`") && e.contains("did you mean `greedy`?"), "{e}");
        for (name, message) in [
            ("script:", "`script:` names no moves and no file: write `script:3,1,5` or `script:FILE`"),
            ("script:3,x", "cannot read `3,x`: no such file (the script of a scripted player)"),
            (
                "script:3,,5",
                "`script:3,,5`: `3,,5` has no move 2: separate the items by one comma or by spaces, e.g. `3,1,5`",
            ),
            (
                "script:3,+1",
                "`script:3,+1`: move 2 (`+1`) is not a pit number: write pits as plain numbers such as `3`",
            ),
            ("script:03", "`script:03`: `03` is not a pit number: write pits as plain numbers such as `3`"),
            ("script:0", "`script:0`: `0` is not a pit: pits are numbered from 1"),
            ("alphabeta:31", "`alphabeta:31`: the depth of alphabeta is a number of plies from 0 to 30"),
            ("alphabeta:x", "`alphabeta:x`: the depth of alphabeta is a number of plies from 0 to 30"),
        ] {
            assert_eq!(PlayerSpec::parse(name, false).unwrap_err().to_string(), message, "{name}");
        }
        assert_eq!(PlayerSpec::parse("alphabeta:0", false), Ok(PlayerSpec::AlphaBeta { depth: 0 }));
        let e = agent("script:3,9", false, &rules).unwrap_err().to_string();
        assert_eq!(e, "`script:3,9`: move 2 (`9`) is not a pit: pits are numbered 1 to 6");
        let three = crate::load_rules("bakuk", Some("three-player")).unwrap();
        let e = agent("perfect", false, &three).unwrap_err().to_string();
        assert_eq!(
            e,
            "the perfect player needs Bakuk:three-player solved: only two-player variants can be solved; this one has 3 players"
        );
    }

    #[test]
    fn mcts_names_are_checked() {
        use crate::play::mcts::{MctsConfig, Policy};
        let rules = crate::load_rules("bakuk", None).unwrap();
        assert_eq!(PlayerSpec::parse("mcts", false), Ok(PlayerSpec::Mcts(MctsConfig::default())));
        let spec = PlayerSpec::parse("mcts:500,solver,policy=greedy,c=0.7,playouts=4", false).unwrap();
        let config =
            MctsConfig { simulations: 500, c: 0.7, playouts: 4, policy: Policy::Greedy, solver: true };
        assert_eq!(spec, PlayerSpec::Mcts(config));
        assert_eq!(spec.name(), "mcts:500,c=0.7,playouts=4,policy=greedy,solver");
        let a = spec.prepare(&rules, &mut None, &Cancel::new()).unwrap();
        assert_eq!(a.name(), spec.name());
        assert_eq!(a.new_player(&Cancel::new()).name(), spec.name());
        assert_eq!(PlayerSpec::parse(&spec.name(), false), Ok(spec));
        assert_eq!(PlayerSpec::parse("mcts:1000", false).unwrap().name(), "mcts:1000");
        // Every message names the player as written, then says what is wrong.
        let number =
            "mcts needs its number of simulations per move first, e.g. `mcts:1000` or `mcts:1000,c=0.7`";
        let simulations = "the simulations per move of mcts are a number from 1 to 1000000";
        let empty = "an option of mcts is empty: separate the options by single commas, e.g. `mcts:1000,c=0.7,solver`";
        let options = "its options are c=X, playouts=K, policy=random|greedy and solver";
        let c = "the exploration constant `c` of mcts is a finite number, 0 or more (e.g. `c=1.4`)";
        let playouts = "`playouts` of mcts is the number of playouts from each new leaf, from 1 to 1000";
        let policy = "the playout policy of mcts is `random` or `greedy`";
        for (name, message) in [
            ("mcts:", number.to_string()),
            ("mcts:,c=1", number.into()),
            ("mcts,c=1", number.into()),
            ("mcts:0", format!("{simulations}, not `0`")),
            ("mcts:x", format!("{simulations}, not `x`")),
            ("mcts:1000001", format!("{simulations}, not `1000001`")),
            ("mcts:010", format!("{simulations}, not `010`")),
            ("mcts:100,", empty.into()),
            ("mcts:100,,solver", empty.into()),
            ("mcts:100,cc=1", format!("mcts has no option `cc`: {options} (did you mean `c`?)")),
            (
                "mcts:100,playout=2",
                format!("mcts has no option `playout`: {options} (did you mean `playouts`?)"),
            ),
            ("mcts:100,solve", format!("mcts has no option `solve`: {options} (did you mean `solver`?)")),
            ("mcts:100,depth=3", format!("mcts has no option `depth`: {options}")),
            ("mcts:100,c=x", format!("{c}, not `x`")),
            ("mcts:100,c=-1", format!("{c}, not `-1`")),
            ("mcts:100,c=inf", format!("{c}, not `inf`")),
            ("mcts:100,c=NaN", format!("{c}, not `NaN`")),
            ("mcts:100,c", "the option `c` of mcts needs a value, e.g. `c=1.4`".into()),
            ("mcts:100,c=", "the option `c` of mcts needs a value, e.g. `c=1.4`".into()),
            ("mcts:100,playouts", "the option `playouts` of mcts needs a value, e.g. `playouts=4`".into()),
            ("mcts:100,policy", "the option `policy` of mcts needs a value, e.g. `policy=greedy`".into()),
            ("mcts:100,playouts=0", format!("{playouts}, not `0`")),
            ("mcts:100,playouts=1001", format!("{playouts}, not `1001`")),
            ("mcts:100,playouts=two", format!("{playouts}, not `two`")),
            ("mcts:100,policy=gredy", format!("{policy}, not `gredy` (did you mean `greedy`?)")),
            ("mcts:100,policy=alphabeta", format!("{policy}, not `alphabeta`")),
            (
                "mcts:100,solver=yes",
                "the option `solver` of mcts takes no value: write `solver`, not `solver=yes`".into(),
            ),
            ("mcts:100,c=1,c=2", "the option `c` of mcts is given twice".into()),
            ("mcts:100,solver,solver", "the option `solver` of mcts is given twice".into()),
        ] {
            let e = PlayerSpec::parse(name, false).unwrap_err().to_string();
            assert_eq!(e, format!("`{name}`: {message}"), "{name}");
        }
        let e = PlayerSpec::parse("mcst", false).unwrap_err().to_string();
        assert!(
            e.contains("unknown player `mcst`")
                && e.contains("mcts:SIMULATIONS")
                && e.ends_with("(did you mean `mcts`?)"),
            "{e}"
        );
        let e = PlayerSpec::parse("mtcs:100", false).unwrap_err().to_string();
        assert!(e.ends_with("(did you mean `mcts`?)"), "{e}");
        // The solver is for two players: refused when prepared for three.
        let three = crate::load_rules("bakuk", Some("three-player")).unwrap();
        assert!(agent("mcts:100,solver", false, &rules).is_ok());
        assert!(agent("mcts:100", false, &three).is_ok());
        let e = agent("mcts:100,solver", false, &three).unwrap_err().to_string();
        assert_eq!(
            e,
            "`mcts:100,solver`: the solver of mcts proves wins and losses of two-player games only, and Bakuk:three-player has 3 players: leave out `solver`"
        );
    }
}

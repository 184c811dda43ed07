//! Players: whatever chooses a move in a position. A player sees the rules, the position and a
//! random stream of its game, and answers with a legal pit; the games it plays never depend on
//! anything else, so every game can be replayed from its seed.

use std::fmt;

use rand::{RngExt as _, SeedableRng as _};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::State;
use crate::engine::compile::Rules;

/// The random stream of one game.
pub type GameRng = Xoshiro256PlusPlus;

/// One step of SplitMix64: a well-mixed 64-bit value from any counter.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random stream of game `game` of a run seeded with `seed`: it depends on nothing else,
/// so games can be played in any order, on any thread or machine.
pub fn game_rng(seed: u64, game: u64) -> GameRng {
    GameRng::seed_from_u64(splitmix(seed ^ splitmix(game)))
}

/// The random stream of one seat in one game: changing the player in one seat leaves the
/// choices of the others unchanged.
pub fn seat_rng(seed: u64, game: u64, seat: usize) -> GameRng {
    GameRng::seed_from_u64(splitmix(splitmix(seed ^ splitmix(game)) ^ splitmix(!(seat as u64))))
}

/// A player that cannot go on (a script that ran out, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayerError {}

/// Anything that plays: random, scripted, searching, a person at a terminal.
pub trait Player {
    /// How the player is named in results: `random`, `greedy`, ...
    fn name(&self) -> String;

    /// A legal pit (0-based) to play in `state`, which is not over.
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError>;

    /// Called before each game, so that one player can play many games without being made
    /// anew (a script starts again from its first move).
    fn new_game(&mut self) {}
}

/// Plays uniformly at random among the legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    #[inline]
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        let moves = rules.legal_moves(state);
        let k = rng.random_range(0..moves.len() as u32) as usize;
        Ok(moves.nth(k).expect("k is below the number of moves"))
    }
}

/// Takes the move that captures the most seeds, at random among equals.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        let mut best = None;
        let mut best_gain = 0;
        let mut ties = 0u32;
        for pit in rules.legal_moves(state).iter() {
            let mut after = *state;
            let gain = rules.apply(&mut after, pit).captured;
            if best.is_none() || gain > best_gain {
                (best, best_gain, ties) = (Some(pit), gain, 1);
            } else if gain == best_gain {
                // Reservoir sampling: each of the k equal moves is kept with probability 1/k.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(pit);
                }
            }
        }
        Ok(best.expect("a position that is not over has a legal move"))
    }
}

/// Plays a fixed list of pit numbers (1-based), its own moves in order, from the start of
/// each game. With `fallback`, an illegal or missing move is replaced by a random one;
/// without, it is an error.
#[derive(Debug, Clone)]
pub struct ScriptPlayer {
    name: std::sync::Arc<str>,
    moves: std::sync::Arc<[usize]>,
    next: usize,
    fallback: bool,
}

impl ScriptPlayer {
    pub fn new(name: std::sync::Arc<str>, moves: std::sync::Arc<[usize]>, fallback: bool) -> ScriptPlayer {
        ScriptPlayer { name, moves, next: 0, fallback }
    }
}

impl Player for ScriptPlayer {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn new_game(&mut self) {
        self.next = 0;
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        let index = self.next;
        self.next += 1;
        let problem = match self.moves.get(index) {
            None => format!("the script has no move left (it holds {})", self.moves.len()),
            Some(&pit) => match rules.check_move(state, pit.wrapping_sub(1)) {
                Ok(()) => return Ok(pit - 1),
                Err(e) => format!("its move {} (pit {pit}) is illegal: {e}", index + 1),
            },
        };
        if self.fallback {
            return RandomPlayer.choose(rules, state, rng);
        }
        Err(PlayerError(problem))
    }
}

/// A solution table shared by the perfect players of a run (compared by identity).
#[derive(Debug, Clone)]
pub struct SharedSolution(pub std::sync::Arc<crate::play::solve::Solution>);

impl PartialEq for SharedSolution {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedSolution {}

/// A player named on the command line: `random`, `greedy`, `script:3,1,5`, `script:FILE`,
/// `alphabeta:DEPTH`, `perfect` or `perfect:FILE`. It makes a fresh player for each game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    Random,
    Greedy,
    Script {
        name: std::sync::Arc<str>,
        moves: std::sync::Arc<[usize]>,
        fallback: bool,
    },
    AlphaBeta {
        depth: u32,
    },
    /// Plays from a solution table: loaded from `file`, or solved when the run starts. The
    /// table is filled in by [`PlayerSpec::prepare`].
    Perfect {
        file: Option<std::path::PathBuf>,
        solution: Option<SharedSolution>,
    },
}

/// Every player a name can give, for messages.
pub const PLAYER_NAMES: &str = "random, greedy, script:PITS (e.g. script:3,1,5), script:FILE, \
                                alphabeta:DEPTH (e.g. alphabeta:8), perfect or perfect:FILE";

impl PlayerSpec {
    /// Reads a player name. A script file is read now, so that a bad one stops the run
    /// before any game is played.
    pub fn parse(text: &str, fallback: bool) -> Result<PlayerSpec, String> {
        match text {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            "alphabeta" => return Ok(PlayerSpec::AlphaBeta { depth: crate::play::search::DEFAULT_DEPTH }),
            "perfect" => return Ok(PlayerSpec::Perfect { file: None, solution: None }),
            _ => {}
        }
        if let Some(depth) = text.strip_prefix("alphabeta:") {
            return match depth.parse::<u32>() {
                Ok(d) if (1..=30).contains(&d) => Ok(PlayerSpec::AlphaBeta { depth: d }),
                _ => Err(format!("`{text}`: the depth of alphabeta is a number of plies from 1 to 30")),
            };
        }
        if let Some(file) = text.strip_prefix("perfect:") {
            if file.is_empty() {
                return Err("`perfect:` names no solution file (from `sow solve VARIANT --out FILE`)".into());
            }
            return Ok(PlayerSpec::Perfect { file: Some(file.into()), solution: None });
        }
        let Some(script) = text.strip_prefix("script:") else {
            let mut message = format!("unknown player `{text}`: the players are {PLAYER_NAMES}");
            if let Some(guess) =
                crate::lang::diagnostic::closest(text, ["random", "greedy", "script", "alphabeta", "perfect"])
            {
                message.push_str(&format!(" (did you mean `{guess}`?)"));
            }
            return Err(message);
        };
        let looks_inline =
            !script.is_empty() && script.chars().all(|c| c.is_ascii_digit() || c == ',' || c == ' ');
        let (list, from) = if looks_inline {
            (script.to_string(), None)
        } else {
            let body = std::fs::read_to_string(script).map_err(|e| {
                format!("cannot read script `{script}`: {}", crate::lang::library::io_reason(&e))
            })?;
            let body: String =
                body.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join(" ");
            (body, Some(script))
        };
        let mut moves = Vec::new();
        for part in list.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()) {
            match part.parse::<usize>() {
                Ok(n) if n > 0 => moves.push(n),
                _ => {
                    let place = from.map_or(String::new(), |f| format!(" in `{f}`"));
                    return Err(format!("script{place}: `{part}` is not a pit number"));
                }
            }
        }
        if moves.is_empty() {
            return Err(format!("script `{script}` holds no moves"));
        }
        Ok(PlayerSpec::Script { name: text.into(), moves: moves.into(), fallback })
    }

    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Greedy => "greedy".into(),
            PlayerSpec::Script { name, .. } => name.to_string(),
            PlayerSpec::AlphaBeta { depth } => format!("alphabeta:{depth}"),
            PlayerSpec::Perfect { file: None, .. } => "perfect".into(),
            PlayerSpec::Perfect { file: Some(f), .. } => format!("perfect:{}", f.display()),
        }
    }

    /// Gets ready for a variant: a perfect player loads or computes its solution table.
    /// `solved` holds a table already made for these rules, shared by every seat.
    pub fn prepare(&self, rules: &Rules, solved: &mut Option<SharedSolution>) -> Result<PlayerSpec, String> {
        let PlayerSpec::Perfect { file, .. } = self else { return Ok(self.clone()) };
        let solution = match file {
            Some(path) => {
                SharedSolution(std::sync::Arc::new(crate::play::solve::Solution::load(path, rules)?))
            }
            None => match solved {
                Some(s) => s.clone(),
                None => {
                    let seeds = rules.total_seeds() as usize;
                    let table = crate::play::solve::solve(rules, seeds, &|_, _| {})
                        .map_err(|e| format!("the perfect player needs {}: {e}", rules.spec().label()))?;
                    let s = SharedSolution(std::sync::Arc::new(table));
                    *solved = Some(s.clone());
                    s
                }
            },
        };
        Ok(PlayerSpec::Perfect { file: file.clone(), solution: Some(solution) })
    }

    /// A player for one game after another. A perfect player must have been prepared.
    pub fn new_player(&self) -> Result<AnyPlayer, String> {
        Ok(match self {
            PlayerSpec::Random => AnyPlayer::Random(RandomPlayer),
            PlayerSpec::Greedy => AnyPlayer::Greedy(GreedyPlayer),
            PlayerSpec::Script { name, moves, fallback } => {
                AnyPlayer::Script(ScriptPlayer::new(name.clone(), moves.clone(), *fallback))
            }
            PlayerSpec::AlphaBeta { depth } => {
                AnyPlayer::AlphaBeta(crate::play::search::AlphaBetaPlayer { depth: *depth })
            }
            PlayerSpec::Perfect { solution: Some(s), .. } => {
                AnyPlayer::Perfect(crate::play::solve::PerfectPlayer { solution: s.0.clone() })
            }
            PlayerSpec::Perfect { solution: None, .. } => {
                return Err("the perfect player has no solution table (prepare it first)".into());
            }
        })
    }
}

/// Any player, dispatched without a virtual call: the simulator's inner loop stays inlined.
#[derive(Debug, Clone)]
pub enum AnyPlayer {
    Random(RandomPlayer),
    Greedy(GreedyPlayer),
    Script(ScriptPlayer),
    AlphaBeta(crate::play::search::AlphaBetaPlayer),
    Perfect(crate::play::solve::PerfectPlayer),
}

impl Player for AnyPlayer {
    fn name(&self) -> String {
        match self {
            AnyPlayer::Random(p) => p.name(),
            AnyPlayer::Greedy(p) => p.name(),
            AnyPlayer::Script(p) => p.name(),
            AnyPlayer::AlphaBeta(p) => p.name(),
            AnyPlayer::Perfect(p) => p.name(),
        }
    }

    #[inline]
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        match self {
            AnyPlayer::Random(p) => p.choose(rules, state, rng),
            AnyPlayer::Greedy(p) => p.choose(rules, state, rng),
            AnyPlayer::Script(p) => p.choose(rules, state, rng),
            AnyPlayer::AlphaBeta(p) => p.choose(rules, state, rng),
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
    use rand::Rng as _;

    #[test]
    fn game_streams_differ_by_seed_and_game() {
        let a = game_rng(0, 0).next_u64();
        assert_eq!(a, game_rng(0, 0).next_u64());
        assert_ne!(a, game_rng(0, 1).next_u64());
        assert_ne!(a, game_rng(1, 0).next_u64());
        assert_ne!(game_rng(1, 2).next_u64(), game_rng(2, 1).next_u64());
        assert_ne!(seat_rng(0, 0, 0).next_u64(), seat_rng(0, 0, 1).next_u64());
    }

    #[test]
    fn greedy_takes_the_biggest_capture() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Pit 1 (1 seed) makes 2 in pit 2: 2 seeds; pit 2 (1 seed) makes 2 in pit 3: 2 seeds;
        // pit 3 (1 seed) makes 4 in pit 4 and the chain takes pit 5 (2): 6 seeds.
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        let mut rng = game_rng(0, 0);
        for _ in 0..20 {
            assert_eq!(GreedyPlayer.choose(&rules, &s, &mut rng), Ok(2));
        }
    }

    #[test]
    fn scripts_play_in_order_then_fail_or_fall_back() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let spec = PlayerSpec::parse("script:3, 2", false).unwrap();
        let mut p = spec.new_player().unwrap();
        let mut rng = game_rng(0, 0);
        let s = rules.initial_state();
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(2));
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(1));
        let e = p.choose(&rules, &s, &mut rng).unwrap_err();
        assert_eq!(e.0, "the script has no move left (it holds 2)");
        let mut p = PlayerSpec::parse("script:5", false).unwrap().new_player().unwrap();
        let e = p.choose(&rules, &s, &mut rng).unwrap_err();
        assert_eq!(
            e.0,
            "its move 1 (pit 5) is illegal: pit 5 belongs to player 2, and it is player 1's turn"
        );
        let mut p = PlayerSpec::parse("script:5", true).unwrap().new_player().unwrap();
        assert!(rules.check_move(&s, p.choose(&rules, &s, &mut rng).unwrap()).is_ok());
    }

    #[test]
    fn player_names_are_checked() {
        assert_eq!(PlayerSpec::parse("random", false), Ok(PlayerSpec::Random));
        let e = PlayerSpec::parse("gredy", false).unwrap_err();
        assert!(e.contains("unknown player `gredy`") && e.contains("did you mean `greedy`?"), "{e}");
        assert!(PlayerSpec::parse("script:", false).is_err());
        assert!(PlayerSpec::parse("script:3,x", false).is_err());
        assert_eq!(PlayerSpec::parse("alphabeta:8", false), Ok(PlayerSpec::AlphaBeta { depth: 8 }));
        assert!(PlayerSpec::parse("alphabeta:0", false).is_err());
        assert!(PlayerSpec::parse("perfect", false).unwrap().new_player().is_err());
    }
}

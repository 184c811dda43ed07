//! Monte Carlo tree search: UCT (Kocsis and Szepesvári, "Bandit based Monte-Carlo planning",
//! ECML 2006) with random or greedy playouts, and optionally the MCTS-Solver's proven wins and
//! losses (Winands, Björnsson and Saito, "Monte-Carlo tree search solver", CG 2008), as
//! OpenSpiel's MCTS bot does them.
//!
//! Written `mcts:N` with options after it, comma separated, in any order:
//! `mcts:1000,c=0.7,playouts=4,policy=greedy,solver`. `N` (1 to [`MAX_SIMULATIONS`]) is the
//! number of simulations per move; `mcts` alone is `mcts:1000`.
//!
//! - `c=X`: the exploration constant of UCT, a finite number of 0 or more (default √2);
//! - `playouts=K`: playouts from each new leaf, their results averaged (default 1, at most
//!   [`MAX_PLAYOUTS`]);
//! - `policy=random|greedy`: how a playout moves: uniformly at random (the default), or the
//!   move capturing most, at random among equals (the greedy player's choice);
//! - `solver`: proven wins and losses are backed up. Two-player variants only: with any other
//!   number of players [`MctsConfig::check`] refuses the option when the player is prepared
//!   (and a player made without that check plays as if the option were not given).
//!
//! A simulation goes down the tree from the root, in each node taking the child of highest
//! `mean + c * sqrt(ln(visits of the node) / visits of the child)` for the player who moves
//! there (a child never visited first, in an order shuffled when the node was expanded). A node
//! is expanded (all its children made at once, each with its position) the second time a
//! simulation reaches it, the root at once; a node reached for the first time is scored by
//! playouts instead. The result of a finished game gives each player 1 for an outright win,
//! `1/k` for a top score shared by `k` players, and 0 otherwise; each node adds the result of
//! the player who moved into it. Whose turn it is comes from the position, so extra turns, and
//! passes with three or more players, need nothing special.
//!
//! With `solver`, a finished position is a proven win, draw or loss for the player who moved
//! into it; a node where the player to move has a proven-winning child is a proven win for that
//! player, and a node whose children are all proven takes the best of them. Simulations never
//! go into a proven loss of the player choosing, a simulation reaching a proven node backs up
//! its exact result without a playout, and the search stops once the root is proven.
//!
//! The move played: a proven win if there is one (with `solver`), else the child most visited
//! (proven losses last), ties going to the higher mean, then to the random stream.
//!
//! The tree is a tree of move paths: a position reached twice is two nodes, so the cycles of
//! mancala break nothing. A playout ends with the game, at its ply limit at the latest; under
//! rules without a ply limit it stops after [`PLAYOUT_PLIES`] plies and is scored as if the
//! game ended there (seeds captured so far). The rule of repetition is not seen inside the
//! search (a [`State`] does not know the positions before it): such lines end at the ply
//! limit. All randomness comes from the stream passed to [`Player::choose`], so games replay
//! from their seeds. The nodes live in one vector kept by the player and cleared for each move,
//! so a warm player allocates nothing per simulation.

use std::fmt;
use std::time::{Duration, Instant};

use rand::RngExt as _;

use crate::cancel::Cancel;
use crate::engine::{Move, Rules, State};
use crate::lang::diagnostic::closest;
use crate::lang::spec::MAX_PLAYERS;

use super::greedy::GreedyPlayer;
use super::player::{GameRng, Player, PlayerError};
use super::random::RandomPlayer;

/// The simulations of `mcts` without a number.
pub const DEFAULT_SIMULATIONS: u32 = 1000;
/// The most simulations per move a player may be asked for.
pub const MAX_SIMULATIONS: u32 = 1_000_000;
/// The most playouts per leaf.
pub const MAX_PLAYOUTS: u32 = 1000;
/// The exploration constant without `c=`.
pub const DEFAULT_C: f64 = std::f64::consts::SQRT_2;
/// The longest playout under rules without a ply limit.
pub const PLAYOUT_PLIES: u32 = 1000;

/// Past this many nodes the tree stops growing (about 600 MB): simulations still run, scoring
/// the leaves they reach by playouts.
const MAX_NODES: usize = 1 << 22;

/// The options, as written after the number.
const OPTIONS: [&str; 4] = ["c", "playouts", "policy", "solver"];

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    Random,
    Greedy,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
        }
    }
}

/// What an MCTS player is asked to do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    pub simulations: u32,
    /// Finite and 0 or more (never NaN).
    pub c: f64,
    pub playouts: u32,
    pub policy: Policy,
    pub solver: bool,
}

/// `c` is never NaN, so equality is an equivalence.
impl Eq for MctsConfig {}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            simulations: DEFAULT_SIMULATIONS,
            c: DEFAULT_C,
            playouts: 1,
            policy: Policy::Random,
            solver: false,
        }
    }
}

/// What is wrong with the text after `mcts:`, or with the player for a variant.
#[derive(Debug, Clone, PartialEq)]
pub enum MctsError {
    /// `mcts:`, or `mcts:,c=1`.
    NoNumber,
    Simulations {
        given: String,
    },
    EmptyOption,
    UnknownOption {
        option: String,
        guess: Option<&'static str>,
    },
    Exploration {
        given: String,
    },
    Playouts {
        given: String,
    },
    Policy {
        given: String,
        guess: Option<&'static str>,
    },
    SolverValue {
        given: String,
    },
    /// `c`, `playouts` or `policy` without `=` and a value.
    NoValue {
        option: &'static str,
    },
    Twice {
        option: &'static str,
    },
    /// `solver` for a variant of other than two players.
    SolverPlayers {
        variant: String,
        players: usize,
    },
}

impl fmt::Display for MctsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let guessed = |f: &mut fmt::Formatter<'_>, guess: &Option<&str>| match guess {
            Some(g) => write!(f, " (did you mean `{g}`?)"),
            None => Ok(()),
        };
        match self {
            MctsError::NoNumber => f.write_str(
                "mcts needs its number of simulations per move first, e.g. `mcts:1000` or `mcts:1000,c=0.7`",
            ),
            MctsError::Simulations { given } => write!(
                f,
                "the simulations per move of mcts are a number from 1 to {MAX_SIMULATIONS}, \
                 not `{given}`"
            ),
            MctsError::EmptyOption => f.write_str(
                "an option of mcts is empty: separate the options by single commas, \
                 e.g. `mcts:1000,c=0.7,solver`",
            ),
            MctsError::UnknownOption { option, guess } => {
                write!(
                    f,
                    "mcts has no option `{option}`: its options are c=X, playouts=K, \
                     policy=random|greedy and solver"
                )?;
                guessed(f, guess)
            }
            MctsError::Exploration { given } => write!(
                f,
                "the exploration constant `c` of mcts is a finite number, 0 or more (e.g. `c=1.4`), \
                 not `{given}`"
            ),
            MctsError::Playouts { given } => write!(
                f,
                "`playouts` of mcts is the number of playouts from each new leaf, from 1 to \
                 {MAX_PLAYOUTS}, not `{given}`"
            ),
            MctsError::Policy { given, guess } => {
                write!(f, "the playout policy of mcts is `random` or `greedy`, not `{given}`")?;
                guessed(f, guess)
            }
            MctsError::SolverValue { given } => {
                write!(f, "the option `solver` of mcts takes no value: write `solver`, not `{given}`")
            }
            MctsError::NoValue { option } => {
                let example = match *option {
                    "c" => "c=1.4",
                    "playouts" => "playouts=4",
                    _ => "policy=greedy",
                };
                write!(f, "the option `{option}` of mcts needs a value, e.g. `{example}`")
            }
            MctsError::Twice { option } => write!(f, "the option `{option}` of mcts is given twice"),
            MctsError::SolverPlayers { variant, players } => write!(
                f,
                "the solver of mcts proves wins and losses of two-player games only, and {variant} has \
                 {players} player{}: leave out `solver`",
                if *players == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for MctsError {}

impl MctsConfig {
    /// Reads what follows `mcts:`: the number of simulations, then the options.
    pub fn parse(text: &str) -> Result<MctsConfig, MctsError> {
        let mut items = text.split(',').map(str::trim);
        let number = items.next().unwrap_or("");
        if number.is_empty() {
            return Err(MctsError::NoNumber);
        }
        let simulations = match crate::engine::notation::plain_number(number) {
            Some(n) if (1..=MAX_SIMULATIONS as u64).contains(&n) => n as u32,
            _ => return Err(MctsError::Simulations { given: number.into() }),
        };
        let mut config = MctsConfig { simulations, ..MctsConfig::default() };
        let mut seen = [false; OPTIONS.len()];
        for item in items {
            if item.is_empty() {
                return Err(MctsError::EmptyOption);
            }
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            let Some(which) = OPTIONS.iter().position(|&o| o == key) else {
                let guess = closest(key, OPTIONS);
                return Err(MctsError::UnknownOption { option: key.into(), guess });
            };
            if std::mem::replace(&mut seen[which], true) {
                return Err(MctsError::Twice { option: OPTIONS[which] });
            }
            let value = match value {
                Some(v) if !v.is_empty() => v,
                _ if OPTIONS[which] == "solver" => "",
                _ => return Err(MctsError::NoValue { option: OPTIONS[which] }),
            };
            match OPTIONS[which] {
                "c" => match value.parse::<f64>() {
                    Ok(c) if c.is_finite() && c >= 0.0 => config.c = c,
                    _ => return Err(MctsError::Exploration { given: value.into() }),
                },
                "playouts" => match crate::engine::notation::plain_number(value) {
                    Some(k) if (1..=MAX_PLAYOUTS as u64).contains(&k) => config.playouts = k as u32,
                    _ => return Err(MctsError::Playouts { given: value.into() }),
                },
                "policy" => {
                    config.policy = match value {
                        "random" => Policy::Random,
                        "greedy" => Policy::Greedy,
                        _ => {
                            let guess = closest(value, ["random", "greedy"]);
                            return Err(MctsError::Policy { given: value.into(), guess });
                        }
                    }
                }
                _ => {
                    if item != "solver" {
                        return Err(MctsError::SolverValue { given: item.into() });
                    }
                    config.solver = true;
                }
            }
        }
        Ok(config)
    }

    /// The player's name: `mcts:N`, then the options that are not the defaults, in the order
    /// c, playouts, policy, solver. [`MctsConfig::parse`] reads it back to the same config.
    pub fn name(&self) -> String {
        let mut name = format!("mcts:{}", self.simulations);
        if self.c != DEFAULT_C {
            // The shortest text that reads back to the same number.
            name += &format!(",c={}", self.c);
        }
        if self.playouts != 1 {
            name += &format!(",playouts={}", self.playouts);
        }
        if self.policy != Policy::Random {
            name += &format!(",policy={}", self.policy.name());
        }
        if self.solver {
            name += ",solver";
        }
        name
    }

    /// Can it play a variant of `rules`? The solver needs two players.
    pub fn check(&self, rules: &Rules) -> Result<(), MctsError> {
        if self.solver && rules.players() != 2 {
            return Err(MctsError::SolverPlayers { variant: rules.spec().label(), players: rules.players() });
        }
        Ok(())
    }
}

/// Not proven.
const UNKNOWN: u8 = u8::MAX;
/// Proven results for the player who moved into a node, as twice the reward.
const LOSS: u8 = 0;
const DRAW: u8 = 1;
const WIN: u8 = 2;

/// A node of the tree: a position reached by a path of moves from the root.
#[derive(Debug, Clone, Copy)]
struct Node {
    state: State,
    /// The rewards of the player who moved into the node, summed over its visits.
    reward: f64,
    visits: u32,
    /// The children are `first..first + children` in the arena; `first` is 0 until the node
    /// is expanded (the root, at 0, is nobody's child).
    first: u32,
    children: u32,
    /// The move into the node (none for the root).
    mv: Option<Move>,
    /// The player who moved into the node.
    mover: u8,
    /// [`UNKNOWN`], or the proven result for `mover`.
    proven: u8,
}

impl Node {
    fn new(state: State, mv: Option<Move>, mover: u8, proven: u8) -> Node {
        Node { state, reward: 0.0, visits: 0, first: 0, children: 0, mv, mover, proven }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.reward / self.visits as f64 }
    }
}

/// Rewards for each player.
type Rewards = [f64; MAX_PLAYERS];

/// The rewards of a position as if the game ended there: 1 to an outright top score, `1/k` to
/// each of `k` players sharing it, 0 to the others.
fn rewards(rules: &Rules, s: &State) -> Rewards {
    let n = rules.players();
    let scores = rules.scores(s);
    let best = scores[..n].iter().copied().max().unwrap_or(0);
    let top = scores[..n].iter().filter(|&&x| x == best).count();
    let mut r = [0.0; MAX_PLAYERS];
    for p in 0..n {
        if scores[p] == best {
            r[p] = 1.0 / top as f64;
        }
    }
    r
}

/// The proven result of a finished game for `mover`, of two players.
fn proven_result(r: &Rewards, mover: usize) -> u8 {
    if r[mover] > 0.75 {
        WIN
    } else if r[mover] < 0.25 {
        LOSS
    } else {
        DRAW
    }
}

/// The rewards a proven node stands for, of two players.
fn proven_rewards(node: &Node) -> Rewards {
    let mut r = [0.0; MAX_PLAYERS];
    let mine = node.proven as f64 / 2.0;
    r[node.mover as usize] = mine;
    r[1 - node.mover as usize] = 1.0 - mine;
    r
}

/// Plays `simulations` UCT simulations from the position to move in, and plays the best root
/// move.
#[derive(Debug, Clone)]
pub struct MctsPlayer {
    config: MctsConfig,
    cancel: Cancel,
    /// The longest a move may think: past it, the simulations made so far choose.
    move_time: Option<Duration>,
    /// The solver is on, and the variant has two players.
    solving: bool,
    /// The tree of the last move searched: the root at 0.
    nodes: Vec<Node>,
    /// The nodes of the current simulation, root first.
    path: Vec<u32>,
}

impl MctsPlayer {
    /// A player for `config` (checked against the variant: see [`MctsConfig::check`]);
    /// `cancel` stops it mid-search.
    pub fn new(config: MctsConfig, cancel: Cancel) -> MctsPlayer {
        MctsPlayer { config, cancel, move_time: None, solving: false, nodes: Vec::new(), path: Vec::new() }
    }

    /// The same player, thinking at most `time` a move (`None`: until its simulations are
    /// done): once the time is up it plays the best move of the simulations made so far.
    pub fn with_move_time(mut self, time: Option<Duration>) -> MctsPlayer {
        self.move_time = time;
        self
    }

    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Grows the tree of `state` by the configured simulations (fewer if the solver proves the
    /// root).
    fn search(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<(), PlayerError> {
        let mover = state.to_move().ok_or_else(|| PlayerError::Failed("the game is over".into()))?;
        self.solving = self.config.solver && rules.players() == 2;
        self.nodes.clear();
        let into_root = state.last_mover().unwrap_or(mover) as u8;
        self.nodes.push(Node::new(*state, None, into_root, UNKNOWN));
        let deadline = self.move_time.map(|t| Instant::now() + t);
        // Both looked at before every simulation: under a ply limit of a million plies, one
        // playout can take a tenth of a second.
        for i in 0..self.config.simulations {
            if self.cancel.is_cancelled() {
                return Err(PlayerError::Cancelled);
            }
            // The first simulation is always made: it makes the root's children.
            if i > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if self.nodes[0].proven != UNKNOWN {
                break;
            }
            self.simulate(rules, rng);
        }
        Ok(())
    }

    /// One simulation: down the tree, a playout (or a known result) at the end, and back up.
    fn simulate(&mut self, rules: &Rules, rng: &mut GameRng) {
        let solver = self.solving;
        self.path.clear();
        self.path.push(0);
        let mut at = 0usize;
        let mut proved = false;
        let reward = loop {
            let node = &self.nodes[at];
            if node.proven != UNKNOWN {
                proved = true;
                break proven_rewards(node);
            }
            if node.state.is_over() {
                break rewards(rules, &node.state);
            }
            if node.first == 0 {
                let full = self.nodes.len() + rules.legal_moves(&node.state).len() > MAX_NODES;
                if (at != 0 && node.visits == 0) || full {
                    break self.playouts(rules, at, rng);
                }
                self.expand(rules, at, rng);
                if solver && self.prove(at) {
                    proved = true;
                    break proven_rewards(&self.nodes[at]);
                }
            }
            at = self.select(at);
            self.path.push(at as u32);
        };
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.reward += reward[node.mover as usize];
        }
        if proved {
            // The last node is proven: so may be its parent, and so on up.
            for k in (0..self.path.len() - 1).rev() {
                if !self.prove(self.path[k] as usize) {
                    break;
                }
            }
        }
    }

    /// The mean rewards of the configured playouts from node `at`.
    fn playouts(&self, rules: &Rules, at: usize, rng: &mut GameRng) -> Rewards {
        let start = self.nodes[at].state;
        let stop = match rules.ply_limit() {
            Some(_) => u32::MAX,
            None => start.plies().saturating_add(PLAYOUT_PLIES),
        };
        let k = self.config.playouts;
        let mut sum = [0.0; MAX_PLAYERS];
        for _ in 0..k {
            let mut s = start;
            while !s.is_over() && s.plies() < stop {
                let mv = match self.config.policy {
                    Policy::Random => RandomPlayer::pick(rules, &s, rng),
                    Policy::Greedy => GreedyPlayer.choose(rules, &s, rng).ok(),
                };
                let Some(mv) = mv else { break };
                rules.apply(&mut s, mv);
            }
            for (total, r) in sum.iter_mut().zip(rewards(rules, &s)) {
                *total += r;
            }
        }
        if k > 1 {
            for total in &mut sum {
                *total /= k as f64;
            }
        }
        sum
    }

    /// Makes the children of node `at` (not over), in an order shuffled by `rng`; with the
    /// solver, those where the game is over are proven.
    fn expand(&mut self, rules: &Rules, at: usize, rng: &mut GameRng) {
        let state = self.nodes[at].state;
        let mover = state.to_move().expect("a node expanded is not over");
        let first = self.nodes.len();
        for mv in rules.legal_moves(&state).iter() {
            let mut child = state;
            rules.apply(&mut child, mv);
            let proven = if self.solving && child.is_over() {
                proven_result(&rewards(rules, &child), mover)
            } else {
                UNKNOWN
            };
            self.nodes.push(Node::new(child, Some(mv), mover as u8, proven));
        }
        let n = self.nodes.len() - first;
        for i in (1..n).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            self.nodes.swap(first + i, first + j);
        }
        let node = &mut self.nodes[at];
        node.first = first as u32;
        node.children = n as u32;
    }

    /// The children of node `at`.
    fn children(&self, at: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[at];
        node.first as usize..(node.first + node.children) as usize
    }

    /// The child of node `at` (expanded) that UCT goes into: one never visited first, else the
    /// highest upper bound; never a proven loss of the player to move while there is another.
    fn select(&self, at: usize) -> usize {
        let children = self.children(at);
        let log_visits = (self.nodes[at].visits.max(1) as f64).ln();
        let mut best = children.start;
        let mut best_bound = f64::NEG_INFINITY;
        for i in children {
            let child = &self.nodes[i];
            if child.proven == LOSS {
                continue;
            }
            if child.visits == 0 {
                return i;
            }
            let visits = child.visits as f64;
            let bound = child.reward / visits + self.config.c * (log_visits / visits).sqrt();
            if bound > best_bound {
                (best, best_bound) = (i, bound);
            }
        }
        best
    }

    /// Proves node `at` if its children allow (two players): true if it is proven.
    fn prove(&mut self, at: usize) -> bool {
        let node = &self.nodes[at];
        if node.proven != UNKNOWN {
            return true;
        }
        if node.first == 0 {
            return false;
        }
        // Every child's result is for the player to move at `at`.
        let mut best = None;
        let mut all = true;
        for i in self.children(at) {
            match self.nodes[i].proven {
                UNKNOWN => all = false,
                p => best = best.max(Some(p)),
            }
        }
        let Some(best) = best.filter(|&b| b == WIN || all) else { return false };
        let node = &mut self.nodes[at];
        let to_move = node.state.turn() as u8;
        node.proven = if node.mover == to_move { best } else { WIN - best };
        true
    }

    /// The expected reward (0 to 1) of the player to move at `state`, from a search: the mean
    /// reward of the root's moves weighted by their visits, or 1 when the solver proved a move
    /// a win. For a judge of positions (`--metrics --evaluator mcts:N`), of two players.
    pub fn value(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<f64, PlayerError> {
        self.search(rules, state, rng)?;
        let (mut reward, mut visits) = (0.0, 0u64);
        for i in self.children(0) {
            let child = &self.nodes[i];
            if child.proven == WIN {
                return Ok(1.0);
            }
            reward += child.reward;
            visits += u64::from(child.visits);
        }
        Ok(if visits == 0 { 0.5 } else { reward / visits as f64 })
    }

    /// The root move to play once the tree is grown.
    fn best_move(&self, rng: &mut GameRng) -> Option<Move> {
        let class = |n: &Node| match n.proven {
            WIN => 2,
            LOSS => 0,
            _ => 1,
        };
        let mut best: Option<&Node> = None;
        let mut ties = 0u32;
        for i in self.children(0) {
            let child = &self.nodes[i];
            let better = match best {
                None => std::cmp::Ordering::Greater,
                Some(b) => class(child)
                    .cmp(&class(b))
                    .then(child.visits.cmp(&b.visits))
                    .then(child.mean().partial_cmp(&b.mean()).unwrap_or(std::cmp::Ordering::Equal)),
            };
            match better {
                std::cmp::Ordering::Greater => (best, ties) = (Some(child), 1),
                std::cmp::Ordering::Equal => {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = Some(child);
                    }
                }
                std::cmp::Ordering::Less => {}
            }
        }
        best.and_then(|n| n.mv)
    }
}

impl Player for MctsPlayer {
    fn name(&self) -> String {
        self.config.name()
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        let moves = rules.legal_moves(state);
        match moves.len() {
            0 => return Err(PlayerError::Failed("no legal move".into())),
            1 => return Ok(moves.nth(0).expect("one move")),
            _ => {}
        }
        self.search(rules, state, rng)?;
        self.best_move(rng).ok_or_else(|| PlayerError::Failed("no legal move".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::engine::notation::parse_move;
    use crate::play::player::{game_rng, seat_rng};
    use crate::play::registry::{AnyPlayer, PlayerSpec};

    fn player(name: &str) -> MctsPlayer {
        let PlayerSpec::Mcts(config) = PlayerSpec::parse(name, false).unwrap() else { panic!("{name}") };
        MctsPlayer::new(config, Cancel::new())
    }

    fn any(name: &str, rules: &Rules) -> AnyPlayer {
        PlayerSpec::parse(name, false)
            .unwrap()
            .prepare(rules, &mut None, &Cancel::new())
            .unwrap()
            .new_player(&Cancel::new())
    }

    fn pit(rules: &Rules, n: &str) -> Move {
        parse_move(rules, n).unwrap()
    }

    /// One game from the start, seat `i` played by `names[i]` (one name for all seats if one
    /// is given), each seat on its own stream: the final position and the moves.
    fn play(rules: &Rules, names: &[&str], seed: u64, game: u64) -> (State, Vec<Move>) {
        let mut players: Vec<AnyPlayer> =
            (0..rules.players()).map(|p| any(names[p % names.len()], rules)).collect();
        let mut rngs: Vec<GameRng> = (0..rules.players()).map(|p| seat_rng(seed, game, p)).collect();
        let mut g = Game::new(rules, rules.initial_state());
        let mut moves = Vec::new();
        while let Some(seat) = g.state().to_move() {
            let mv = players[seat].choose(rules, g.state(), &mut rngs[seat]).unwrap();
            assert!(rules.check_move(g.state(), mv).is_ok(), "{} played {mv}", players[seat].name());
            g.apply(mv);
            moves.push(mv);
        }
        (*g.state(), moves)
    }

    /// The search's tree after one search of `state`: the root's proven result for player 1
    /// (0-based player 0), and each root move with its visits and proven result for the mover.
    fn searched(p: &mut MctsPlayer, rules: &Rules, s: &State, seed: u64) -> (u8, Vec<(String, u32, u8)>) {
        p.search(rules, s, &mut game_rng(seed, 0)).unwrap();
        let root = &p.nodes[0];
        let root_proven = match root.proven {
            UNKNOWN => UNKNOWN,
            v if root.mover == 0 => v,
            v => WIN - v,
        };
        let mut children: Vec<_> = p
            .children(0)
            .map(|i| &p.nodes[i])
            .map(|n| (n.mv.unwrap().to_string(), n.visits, n.proven))
            .collect();
        children.sort();
        (root_proven, children)
    }

    #[test]
    fn with_one_legal_move_it_plays_it() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1's only seeds are in pit 1.
        let s = rules.state_from(&[1, 0, 0, 0, 0, 6], 0).unwrap();
        for name in ["mcts:1", "mcts:100,solver", "mcts:10,policy=greedy,playouts=3"] {
            assert_eq!(player(name).choose(&rules, &s, &mut game_rng(0, 0)), Ok(pit(&rules, "1")), "{name}");
        }
    }

    #[test]
    fn it_takes_an_immediate_winning_capture() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1 to move in [1,1,1 | 3,2,0]. Pit 3's seed makes 4 in pit 4, and the chain
        // takes pit 5's 2: 6 of the 8 seeds, and player 2, without seeds, cannot move: the
        // game is over and won. Pits 1 and 2 take 2 seeds each, and the game goes on.
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        for seed in 0..20 {
            for name in ["mcts:200", "mcts:200,policy=greedy", "mcts:200,c=0.5"] {
                let mv = player(name).choose(&rules, &s, &mut game_rng(seed, 0));
                assert_eq!(mv, Ok(pit(&rules, "3")), "{name} seed {seed}");
            }
        }
        // The solver sees it at once: the root is proven when it is expanded.
        let mut p = player("mcts:200,solver");
        let (root, children) = searched(&mut p, &rules, &s, 0);
        assert_eq!(root, WIN);
        assert_eq!(children.iter().map(|c| c.1).sum::<u32>(), 0, "{children:?}");
        assert_eq!(children[2], ("3".into(), 0, WIN));
        assert_eq!(p.choose(&rules, &s, &mut game_rng(0, 0)), Ok(pit(&rules, "3")));
    }

    #[test]
    fn it_does_not_give_away_a_capture() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1 to move in [3,2,3 | 0,0,0], 8 seeds; no move captures. Pit 3 sows pits
        // 4, 5 and 6 ([3,2,0 | 1,1,1]), and player 2's pit 6 then makes 4 in pit 1, the chain
        // taking pit 2's 2: 6 seeds, more than half, and the game is lost. Pit 1 sows pits 2,
        // 3 and 4 ([0,3,4 | 1,0,0]) and pit 2 pits 3 and 4 ([3,0,4 | 1,0,0]): either way
        // player 2 can only sow pit 4 into pit 5, making 1, which takes nothing.
        let s = rules.state_from(&[3, 2, 3, 0, 0, 0], 0).unwrap();
        for seed in 0..20 {
            for name in ["mcts:200", "mcts:200,policy=greedy", "mcts:200,solver"] {
                let mv = player(name).choose(&rules, &s, &mut game_rng(seed, 0)).unwrap();
                assert_ne!(mv, pit(&rules, "3"), "{name} seed {seed}");
            }
        }
        // The solver proves pit 3 lost.
        let (_, children) = searched(&mut player("mcts:1000,solver"), &rules, &s, 0);
        assert_eq!(children[2].2, LOSS, "{children:?}");
    }

    #[test]
    fn the_solver_proves_a_worked_position() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1 to move in [0,2,1 | 0,0,0]; nothing is captured so far, and no move of it
        // or its answer captures at once.
        // Pit 2 sows pits 3 and 4: [0,0,2 | 1,0,0]. Player 2 must sow pit 4 into pit 5:
        // [0,0,2 | 0,1,0]. Player 1 must sow pit 3 into pits 4 and 5, making 2 in pit 5:
        // taken (pit 6 is empty: the chain stops). [0,0,0 | 1,0,0]: player 2 must sow pit 4
        // into pit 5, and player 1, without seeds, cannot move: the game is over, 2 to 0. A
        // forced win.
        // Pit 3 sows pit 4: [0,2,0 | 1,0,0]. Player 2 must sow pit 4 into pit 5; player 1
        // must sow pit 2 into pits 3 and 4: [0,0,1 | 1,1,0]. Player 2 sows pit 4 into pit 5,
        // making 2: taken, [0,0,1 | 0,0,0]. Player 1 must sow pit 3 into pit 4, player 2 pit
        // 4 into pit 5, and player 1 cannot move: lost, 0 to 2.
        let s = rules.state_from(&[0, 2, 1, 0, 0, 0], 0).unwrap();
        let mut p = player("mcts:1000,solver");
        let (root, children) = searched(&mut p, &rules, &s, 0);
        assert_eq!(root, WIN);
        assert_eq!(children[0].0, "2");
        assert_eq!(children[0].2, WIN);
        assert_eq!(children[1].0, "3");
        // Proven once the tree has every line of pit 2: the search stopped long before 1000.
        let visits: u32 = children.iter().map(|c| c.1).sum();
        assert!(visits < 100, "{children:?}");
        for seed in 0..10 {
            assert_eq!(p.choose(&rules, &s, &mut game_rng(seed, 0)), Ok(pit(&rules, "2")));
        }
    }

    /// The result of `s` for player 1 (0-based 0) under perfect play of both, as a proven
    /// result ([`WIN`], [`DRAW`], [`LOSS`]); `None` if some line is longer than `depth` plies
    /// or the search takes more than a million positions.
    fn exact(rules: &Rules, s: &State, depth: u32, count: &mut u32) -> Option<u8> {
        *count += 1;
        if *count > 1_000_000 {
            return None;
        }
        let Some(mover) = s.to_move() else {
            return Some(proven_result(&rewards(rules, s), 0));
        };
        if depth == 0 {
            return None;
        }
        let mut best: Option<u8> = None;
        for mv in rules.legal_moves(s).iter() {
            let mut c = *s;
            rules.apply(&mut c, mv);
            let v = exact(rules, &c, depth - 1, count)?;
            best = Some(match best {
                None => v,
                Some(b) if mover == 0 => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best
    }

    #[test]
    fn what_the_solver_proves_is_what_exhaustive_search_finds() {
        // Late positions of random games, with and without extra turns (Kalah), where every
        // line ends within 24 plies: what the solver proves of the root is the exact result,
        // for whichever player is to move.
        let mut checked = [0; 3];
        for (variant, seeds, at_least) in [("bakuk", 10, 3), ("kalah", 6, 50), ("koumma", 8, 50)] {
            let rules = crate::load_rules(variant, None).unwrap();
            let mut proven = 0;
            for g in 0..200 {
                let mut rng = game_rng(11, g);
                let mut s = rules.initial_state();
                while !s.is_over() && s.seeds_on_board() > seeds {
                    let mv = RandomPlayer::pick(&rules, &s, &mut rng).unwrap();
                    rules.apply(&mut s, mv);
                }
                if s.is_over() {
                    continue;
                }
                let Some(exact) = exact(&rules, &s, 24, &mut 0) else { continue };
                let (root, children) = searched(&mut player("mcts:20000,solver"), &rules, &s, g);
                // 20000 simulations may not be enough (once in Kalah).
                if root == UNKNOWN {
                    continue;
                }
                assert_eq!(root, exact, "{variant} game {g} {s:?} {children:?}");
                checked[exact as usize] += 1;
                proven += 1;
            }
            // Measured: 4, 81 and 81 proven.
            assert!(proven >= at_least, "{variant}: {proven} proven");
        }
        // Wins, draws and losses of player 1 were all proven some times.
        assert!(checked.iter().all(|&n| n >= 3), "{checked:?}");
    }

    #[test]
    fn games_replay_from_their_seed() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        for names in
            [&["mcts:50", "random"][..], &["mcts:30,solver,c=0.5", "mcts:30,policy=greedy,playouts=2"]]
        {
            let first: Vec<_> = (0..4).map(|g| play(&rules, names, 3, g).1).collect();
            let again: Vec<_> = (0..4).map(|g| play(&rules, names, 3, g).1).collect();
            assert_eq!(first, again, "{names:?}");
            // Other seeds play other games.
            let other: Vec<_> = (0..4).map(|g| play(&rules, names, 4, g).1).collect();
            assert_ne!(first, other, "{names:?}");
        }
        // The choice in one position depends on the stream: with little search, different
        // seeds choose differently.
        let s = rules.initial_state();
        let chosen: std::collections::BTreeSet<Move> = (0..20)
            .map(|seed| player("mcts:3").choose(&rules, &s, &mut game_rng(seed, 0)).unwrap())
            .collect();
        assert!(chosen.len() > 1, "{chosen:?}");
    }

    /// Games won by the seat of `name` against `other`, half of them in each seat.
    fn wins(rules: &Rules, name: &str, other: &str, games: u64) -> u64 {
        (0..games)
            .filter(|&g| {
                let seat = (g % 2) as usize;
                let names = if seat == 0 { [name, other] } else { [other, name] };
                let (end, _) = play(rules, &names, 7, g);
                rules.outcome(&end) == Some(crate::engine::Outcome::Win(seat))
            })
            .count() as u64
    }

    #[test]
    fn it_beats_random() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Measured: 198 of 200 games.
        let won = wins(&rules, "mcts:200", "random", 200);
        assert!(won >= 180, "{won} of 200");
        // And greedy, a harder opponent: measured 93 of 100.
        let won = wins(&rules, "mcts:200", "greedy", 100);
        assert!(won >= 75, "{won} of 100");
    }

    #[test]
    fn three_players_play() {
        let rules = crate::load_rules("bakuk", Some("three-player")).unwrap();
        let mut won = 0;
        for g in 0..60 {
            let (end, moves) = play(&rules, &["mcts:100", "random", "random"], 5, g);
            assert!(end.is_over() && !moves.is_empty());
            won += u32::from(rules.outcome(&end) == Some(crate::engine::Outcome::Win(0)));
        }
        // Two random players would leave it a third of the games; measured 43 of 60.
        assert!(won >= 30, "{won} of 60");
        let (end, _) = play(&rules, &["mcts:50,policy=greedy,playouts=2"], 5, 0);
        assert!(end.is_over());
    }

    #[test]
    fn oware_games_finish() {
        let rules = crate::load_rules("oware", None).unwrap();
        for (g, names) in
            [&["mcts:100", "random"][..], &["random", "mcts:100,solver,policy=greedy"], &["mcts:60"]]
                .into_iter()
                .enumerate()
        {
            let (end, moves) = play(&rules, names, 9, g as u64);
            assert!(end.is_over() && moves.len() <= 1000, "{names:?}");
        }
    }

    #[test]
    fn playouts_end_without_a_ply_limit() {
        // Without a ply limit a playout stops after PLAYOUT_PLIES plies.
        let rules = crate::load_rules("oware", None).unwrap().with_ply_limit(None);
        assert_eq!(rules.ply_limit(), None);
        let s = rules.initial_state();
        assert!(player("mcts:100").choose(&rules, &s, &mut game_rng(0, 0)).is_ok());
    }

    #[test]
    fn a_move_out_of_time_plays_by_the_simulations_made() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.initial_state();
        let config = MctsConfig { simulations: MAX_SIMULATIONS, ..MctsConfig::default() };
        // No time at all: one simulation, which makes the root's children, and a legal move.
        let mut p = MctsPlayer::new(config, Cancel::new()).with_move_time(Some(Duration::ZERO));
        let mv = p.choose(&rules, &s, &mut game_rng(0, 0)).unwrap();
        assert!(rules.legal_moves(&s).contains(mv));
        assert_eq!(p.nodes[0].visits, 1);
        // Time enough: every simulation asked for.
        let config = MctsConfig { simulations: 300, solver: false, ..MctsConfig::default() };
        let mut p = MctsPlayer::new(config, Cancel::new()).with_move_time(Some(Duration::from_secs(3600)));
        p.choose(&rules, &s, &mut game_rng(0, 0)).unwrap();
        assert_eq!(p.nodes[0].visits, 300);
    }

    #[test]
    fn a_cancelled_search_stops() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let mut p =
            MctsPlayer::new(MctsConfig { simulations: MAX_SIMULATIONS, ..MctsConfig::default() }, cancel);
        let s = rules.initial_state();
        assert_eq!(p.choose(&rules, &s, &mut game_rng(0, 0)), Err(PlayerError::Cancelled));
    }

    #[test]
    fn names_read_back() {
        for (text, name) in [
            ("1000", "mcts:1000"),
            ("1000,c=1.4142135623730951", "mcts:1000"),
            ("5,solver,policy=greedy,playouts=4,c=0.7", "mcts:5,c=0.7,playouts=4,policy=greedy,solver"),
            ("20, c=1e-1", "mcts:20,c=0.1"),
            ("20,c=2,policy=random", "mcts:20,c=2"),
            ("1,playouts=1000,c=0", "mcts:1,c=0,playouts=1000"),
        ] {
            let config = MctsConfig::parse(text).unwrap();
            assert_eq!(config.name(), name, "{text}");
            assert_eq!(MctsConfig::parse(name.strip_prefix("mcts:").unwrap()), Ok(config), "{text}");
        }
    }
}

//! Alpha-beta search to a fixed depth, on the margin of seeds won from now on.
//!
//! The value of a line of play, for the player at the root, is the seeds the root player wins
//! along it (captures, and the leftovers awarded if the game ends) minus the seeds every other
//! player wins; nothing beyond the horizon counts. With two players this is the usual
//! minimax on the capture margin. With three or more it is the paranoid search (Sturtevant
//! and Korf, "On pruning techniques for multi-player games", AAAI 2000): every other player
//! is assumed to play against the root player, as one team, which makes the game two-sided
//! and lets alpha-beta prune as it does for two. It is a cautious player: it avoids lines
//! where the others could gang up on it, even when they would not.
//!
//! A game a rule decides whatever the seeds (a player who cannot move, or whose pits or inner
//! row are empty, loses: Tshuba, Bao) is worth [`WON_BY_RULE`] more than its margin to the
//! root player when the root player wins it, and that much less when another does, so that
//! such a win counts for more than any margin of seeds.
//!
//! Whose turn it is, not whether it alternates, decides who maximises: a node where the root
//! player moves maximises, any other node minimises, so a player who moves again (or others
//! who pass) needs nothing special.
//!
//! A transposition table keeps what the search learnt of each position it finished: its value
//! or a bound on it (the search of a node cut off at `beta` only shows that the value is at
//! least the one returned, and one that failed low that it is at most that), and the move that
//! gave it. A position met again, by another order of moves or by a deeper search, reuses the
//! value when the bound settles the window it is searched in, and otherwise has that move
//! searched first, before the others in the order of what they gain at once (captures first).
//! Nodes a ply from the horizon are not kept: each is worth its move of the best gain. The value of a node depends
//! on the plies left to the horizon as much as on the position, so a value is only reused at
//! the same depth left. Since the gains are counted from the node on, the value is that of the
//! position whatever the path to it: the entry's key is the whole position that the rest of the
//! game depends on (the seeds in every pit, what each player captured, which the rule of a
//! majority reads, the plies played, which the ply limit reads, and the player to move), with
//! the root player. It is compared word for word, not by its hash, so two positions never
//! share an entry. The table is allocated once per player, on its first search, and forgotten
//! at the start of each search (by a generation in the key, not by clearing it): the values
//! are those of a search without it whatever it holds, and what it holds depends on this
//! search alone, so that a player's searches do not depend on the games it played before.
//!
//! To choose a move only the moves of the best value must be known: after the first root move,
//! the others are searched in a window that proves only that they are worse, if they are
//! ([`AlphaBetaPlayer::move_values`] searches each in a full window, for its exact value). The
//! root moves are searched first a few plies less deep (iterative deepening), which orders
//! them, and leaves in the table a best move for the nodes of the deeper search; the values of
//! these shallower searches are not used.

use std::time::{Duration, Instant};

use rand::RngExt as _;

use crate::cancel::Cancel;
use crate::engine::{Move, MoveSet, Rules, State};
use crate::lang::spec::{MAX_PITS, MAX_PLAYERS};

use super::player::{GameRng, Player, PlayerError};

/// The depth of `alphabeta` without a number.
pub const DEFAULT_DEPTH: u32 = 8;
/// The deepest search a player may be asked for.
pub const MAX_DEPTH: u32 = 30;

/// Nodes searched between two looks at the cancel flag (and the clock, for a move with a
/// time limit).
const CANCEL_EVERY: u32 = 4096;

/// Looks `depth` plies ahead and takes a move of the best value, at random among equals.
/// Depth 0 looks at nothing: every move is worth 0, and the choice is random.
#[derive(Debug, Clone)]
pub struct AlphaBetaPlayer {
    depth: u32,
    cancel: Cancel,
    /// The longest a move may think: past it, the deepest search finished chooses.
    move_time: Option<Duration>,
    table: Table,
}

/// The transposition table's entries: a power of two.
const TABLE_BITS: u32 = 17;
/// The most words of a key: the pits eight to a word, the captured seeds four to a word, and
/// a word for the plies, the player to move, the root player and the generation.
/// Four more where the state holds more than seeds (pits claimed, first moves, games of
/// rounds): the claimed pits of each player, the players who have moved, the pits out of
/// play with the phase of the round, and the pits that changed owner for the round.
const KEY_WORDS: usize = MAX_PITS / 8 + MAX_PLAYERS / 4 + 1 + EXTRA_WORDS;
const EXTRA_WORDS: usize = 7;
/// Before a search `depth` plies deep, searches every `DEEPENING_STEP` plies less deep, the
/// shallowest at least `DEEPENING_FROM` plies deep (choosing moves 8 to 12 plies deep in Bakuk,
/// Kalah and Oware, it searched 4% to 57% fewer nodes so).
const DEEPENING_STEP: u32 = 3;
const DEEPENING_FROM: u32 = 3;
/// A move code that is no move's.
const NO_MOVE: u8 = u8::MAX;

/// What an entry's value is.
const EXACT: u64 = 0;
/// At least the value (the search was cut off at `beta`).
const LOWER: u64 = 1;
/// At most the value (every move failed low).
const UPPER: u64 = 2;

/// Entries of `stride` words each, in one block: the key's words, then a word holding the
/// value (bits 0-31), the depth left (32-39), the best move's code (40-47) and what the
/// value is (48-49). Empty until the first search; a clone starts without one.
struct Table {
    words: Vec<u64>,
    /// Words of the pits, then of the captured seeds, in a key.
    pit_words: usize,
    captured_words: usize,
    /// [`EXTRA_WORDS`] where the state holds more than seeds, else 0.
    extra_words: usize,
    stride: usize,
    /// The current search's, in each key: 1 to `u16::MAX` (0 is an empty entry's).
    generation: u64,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table::new()
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let entries = self.words.len().checked_div(self.stride).unwrap_or(0);
        write!(f, "Table({entries} entries)")
    }
}

/// A key, its length in words and its hash.
struct Key {
    words: [u64; KEY_WORDS],
    len: usize,
    hash: u64,
}

/// What the table knows of a position.
struct Entry {
    value: i32,
    depth: u32,
    bound: u64,
    mv: u8,
}

/// A move in a byte: its pit (below 64) and its direction (0 to 2) above; a move from the hand
/// its seeds less one, with 3 above (its direction left out: the code only orders the moves
/// tried).
fn code(mv: Move) -> u8 {
    if mv.hand() > 0 {
        return (mv.hand() - 1) as u8 & 63 | 3 << 6;
    }
    mv.pit() as u8 | (mv.direction() as u8) << 6
}

impl Table {
    fn new() -> Table {
        Table { words: Vec::new(), pit_words: 0, captured_words: 0, extra_words: 0, stride: 0, generation: 0 }
    }

    /// Ready for a search of `rules`: allocated for their keys, and every entry forgotten.
    fn start(&mut self, rules: &Rules) {
        let pit_words = rules.pits().div_ceil(8);
        let captured_words = rules.players().div_ceil(4);
        let extra_words = if rules.has_state_extras() { EXTRA_WORDS } else { 0 };
        let stride = pit_words + captured_words + extra_words + 2;
        if stride != self.stride {
            *self = Table {
                words: vec![0; stride << TABLE_BITS],
                pit_words,
                captured_words,
                extra_words,
                stride,
                generation: 0,
            };
        }
        if self.generation == u16::MAX as u64 {
            self.words.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// The key of `s` searched for `root`: every pit (those past the board are empty), every
    /// capture, the plies, the player to move and the root player, and this search's
    /// generation. Hashed as FxHash does, a word at a time.
    #[inline]
    fn key(&self, s: &State, root: usize) -> Key {
        let mut words = [0u64; KEY_WORDS];
        let mut len = 0;
        for w in s.pits.chunks_exact(8).take(self.pit_words) {
            words[len] = u64::from_le_bytes(w.try_into().expect("8 pits"));
            len += 1;
        }
        for w in s.captured.chunks_exact(4).take(self.captured_words) {
            words[len] = w.iter().fold(0, |acc, &c| acc << 16 | c as u64);
            len += 1;
        }
        if self.extra_words > 0 {
            words[len..len + EXTRA_WORDS].copy_from_slice(&[
                s.claimed[0],
                s.claimed[1],
                // Big stones (where they lie, who took them) beside the players who moved.
                s.moved as u64
                    | (s.stones as u64) << 8
                    | (s.kept as u64) << 16
                    | (s.pending as u64) << 24
                    | (s.pending_at as u64) << 32
                    | (s.pending_seeds as u64) << 40
                    | (s.stage as u64) << 48,
                s.out ^ (s.phase as u64) << 63,
                s.annexed,
                s.shared,
                s.played,
            ]);
            len += EXTRA_WORDS;
        }
        // Plies are fewer than 2^20 (the ply limit's bound): the move once a game fits above.
        words[len] = s.plies as u64
            | (s.spent as u64) << 24
            | (s.to_move as u64) << 32
            | (root as u64) << 40
            | self.generation << 48;
        len += 1;
        let hash = words[..len]
            .iter()
            .fold(0u64, |h, &w| (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95));
        Key { words, len, hash }
    }

    /// Where `key` is kept: the top bits of its hash (the best mixed).
    #[inline]
    fn slot(&self, key: &Key) -> usize {
        (key.hash >> (64 - TABLE_BITS)) as usize * self.stride
    }

    #[inline]
    fn probe(&self, key: &Key) -> Option<Entry> {
        let at = self.slot(key);
        let entry = &self.words[at..at + self.stride];
        if entry[..key.len] != key.words[..key.len] {
            return None;
        }
        let data = entry[key.len];
        Some(Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8 as u32,
            mv: (data >> 40) as u8,
            bound: data >> 48 & 3,
        })
    }

    #[inline]
    fn store(&mut self, key: &Key, e: Entry) {
        let at = self.slot(key);
        let entry = &mut self.words[at..at + self.stride];
        entry[..key.len].copy_from_slice(&key.words[..key.len]);
        entry[key.len] = e.value as u32 as u64 | (e.depth as u64) << 32 | (e.mv as u64) << 40 | e.bound << 48;
    }
}

struct Search<'a> {
    rules: &'a Rules,
    root: usize,
    nodes: u32,
    cancel: &'a Cancel,
    deadline: Option<Instant>,
    table: &'a mut Table,
}

/// Stopped by [`Cancel`], or out of time.
struct Stopped;

/// The legal moves of a position with what each gains, in an array where they fit (every
/// position of a board of pits alone), else on the heap: only moves from the hand make more
/// than 64, and only the variants that have them pay for an allocation.
// The array is large on purpose: it lives on the stack, with no allocation per node.
#[allow(clippy::large_enum_variant)]
enum Children {
    Few([(i32, Move); 64], usize),
    Many(Vec<(i32, Move)>),
}

impl std::ops::Deref for Children {
    type Target = [(i32, Move)];
    fn deref(&self) -> &[(i32, Move)] {
        match self {
            Children::Few(a, n) => &a[..*n],
            Children::Many(v) => v,
        }
    }
}

impl std::ops::DerefMut for Children {
    fn deref_mut(&mut self) -> &mut [(i32, Move)] {
        match self {
            Children::Few(a, n) => &mut a[..*n],
            Children::Many(v) => v,
        }
    }
}

/// What a game a rule decided is worth beyond its margin: more than any margin of seeds (a
/// board holds at most 255).
pub const WON_BY_RULE: i32 = 1000;

/// What `child`, played from `state`, gains the root player at once: the change of the
/// margin, and a win or loss that a rule decided ([`WON_BY_RULE`]).
fn gain(rules: &Rules, state: &State, child: &State, root: usize) -> i32 {
    let margin = rules.gain(state, child, root);
    match child.is_over().then(|| rules.by_rule(child)).flatten() {
        Some(crate::engine::Outcome::Win(p)) if p == root => margin + WON_BY_RULE,
        Some(crate::engine::Outcome::Win(_)) => margin - WON_BY_RULE,
        _ => margin,
    }
}

/// The legal moves of `state` with what each gains the root player at once, best first for
/// the player who moves (the root player's best is its highest gain, the others' the lowest).
fn ordered(rules: &Rules, state: &State, root: usize, maximise: bool) -> Children {
    let moves: MoveSet = rules.legal_moves(state);
    let gain = |mv: Move| {
        let mut child = *state;
        rules.apply(&mut child, mv);
        (gain(rules, state, &child, root), mv)
    };
    let mut out = if moves.len() <= 64 {
        let mut few = [(0, Move::from_pit(0).expect("pit 0")); 64];
        let mut n = 0;
        for mv in moves.iter() {
            few[n] = gain(mv);
            n += 1;
        }
        Children::Few(few, n)
    } else {
        Children::Many(moves.iter().map(gain).collect())
    };
    // Captures first: they settle the bounds sooner.
    if maximise {
        out.sort_by_key(|&(g, _)| -g);
    } else {
        out.sort_by_key(|&(g, _)| g);
    }
    out
}

impl Search<'_> {
    /// The root player's margin from `state` on, searched `depth` plies deep, within the
    /// bounds `alpha`, `beta` (fail-soft: a value at most `alpha` is an upper bound of the
    /// margin, one at least `beta` a lower bound, and one between them the margin).
    fn value(&mut self, state: &State, depth: u32, alpha: i32, beta: i32) -> Result<i32, Stopped> {
        let Some(mover) = state.to_move() else { return Ok(0) };
        if depth == 0 {
            return Ok(0);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CANCEL_EVERY)
            && (self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return Err(Stopped);
        }
        let maximise = mover == self.root;
        if depth == 1 {
            // The horizon is next: a move is worth what it gains. (Valued as quickly as it
            // would be looked up, the node is not kept.)
            return Ok(self.best_gain(state, maximise));
        }
        let key = self.table.key(state, self.root);
        let mut first = NO_MOVE;
        if let Some(e) = self.table.probe(&key) {
            if e.depth == depth {
                match e.bound {
                    EXACT => return Ok(e.value),
                    LOWER if e.value >= beta => return Ok(e.value),
                    UPPER if e.value <= alpha => return Ok(e.value),
                    _ => {}
                }
            }
            first = e.mv;
        }
        let mut children = ordered(self.rules, state, self.root, maximise);
        // The table's move first, the others in their order.
        if first != NO_MOVE
            && let Some(i) = children.iter().position(|&(_, mv)| code(mv) == first)
        {
            children[..=i].rotate_right(1);
        }
        let (mut a, mut b) = (alpha, beta);
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        for &(gain, mv) in children.iter() {
            let mut child = *state;
            self.rules.apply(&mut child, mv);
            let v = gain + self.value(&child, depth - 1, a - gain, b - gain)?;
            if if maximise { v > best } else { v < best } {
                best = v;
                best_move = code(mv);
            }
            if maximise {
                a = a.max(v);
            } else {
                b = b.min(v);
            }
            if a >= b {
                break;
            }
        }
        let bound = if best <= alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table.store(&key, Entry { value: best, depth, bound, mv: best_move });
        Ok(best)
    }

    /// The best gain of a move in `state` for the player to move.
    fn best_gain(&self, state: &State, maximise: bool) -> i32 {
        let gains = self.rules.legal_moves(state).iter().map(|mv| {
            let mut child = *state;
            self.rules.apply(&mut child, mv);
            gain(self.rules, state, &child, self.root)
        });
        if maximise { gains.max() } else { gains.min() }.expect("a position not over has a move")
    }
}

impl AlphaBetaPlayer {
    /// A player searching `depth` plies (at most [`MAX_DEPTH`]); `cancel` stops it mid-search.
    pub fn new(depth: u32, cancel: Cancel) -> AlphaBetaPlayer {
        AlphaBetaPlayer { depth: depth.min(MAX_DEPTH), cancel, move_time: None, table: Table::new() }
    }

    /// The same player, thinking at most `time` a move (`None`: to its depth, however long):
    /// once the time is up it plays by the deepest of its searches that it finished (the
    /// moves' immediate gains, one ply, before any).
    pub fn with_move_time(mut self, time: Option<Duration>) -> AlphaBetaPlayer {
        self.move_time = time;
        self
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Every legal move with its searched value for the player to move, or `None` if the
    /// search was cancelled.
    pub fn move_values(&mut self, rules: &Rules, state: &State) -> Option<Vec<(Move, i32)>> {
        self.searched_values(rules, state).map(|(values, _)| values)
    }

    /// [`move_values`](Self::move_values), with the depth they were searched to: less than
    /// the player's when its time ran out.
    pub fn searched_values(&mut self, rules: &Rules, state: &State) -> Option<(Vec<(Move, i32)>, u32)> {
        self.root_values(rules, state, true)
    }

    /// Every legal move, in the order of the legal moves, with its value: with `exact`, its
    /// searched value; without, the searched value of each move of the best value, and for
    /// the others a value below the best; and the depth searched. `None` if the search was
    /// cancelled.
    fn root_values(&mut self, rules: &Rules, state: &State, exact: bool) -> Option<(Vec<(Move, i32)>, u32)> {
        let root = state.to_move()?;
        let mut values: Vec<(Move, i32)> = rules.legal_moves(state).iter().map(|mv| (mv, 0)).collect();
        if self.depth == 0 {
            return Some((values, 0));
        }
        let deadline = self.move_time.map(|t| Instant::now() + t);
        self.table.start(rules);
        let mut search =
            Search { rules, root, nodes: 0, cancel: &self.cancel, deadline, table: &mut self.table };
        let bound = i32::MAX / 2;
        // The moves that gain most at once first, then those that were worth most a few plies
        // less deep: the best is likely among the first, and the moves after it are then only
        // shown to be worse. The shallower searches also leave their best moves in the table,
        // to be searched first at each node of the deeper ones.
        let mut order: Vec<(i32, i32, Move)> =
            ordered(rules, state, root, true).iter().map(|&(gain, mv)| (gain, gain, mv)).collect();
        // The deepest search finished, for a move out of time: the gains are the values of a
        // search one ply deep.
        let mut finished = (order.clone(), 1);
        let mut depth = self.depth;
        while depth >= DEEPENING_FROM + DEEPENING_STEP {
            depth -= DEEPENING_STEP;
        }
        'deepening: loop {
            let mut best = -bound;
            for (value, gain, mv) in &mut order {
                let mut child = *state;
                rules.apply(&mut child, *mv);
                // Below `best - 1`, a value only bounds the move's from above: it is worse.
                let alpha = if exact { -bound } else { best - 1 };
                match search.value(&child, depth - 1, alpha - *gain, bound - *gain) {
                    Ok(v) => *value = *gain + v,
                    Err(Stopped) if self.cancel.is_cancelled() => return None,
                    Err(Stopped) => break 'deepening,
                }
                best = best.max(*value);
            }
            finished = (order.clone(), depth);
            if depth == self.depth {
                break;
            }
            order.sort_by_key(|&(value, _, _)| -value);
            depth += DEEPENING_STEP;
        }
        let (order, depth) = finished;
        for &(value, _, mv) in &order {
            let at = values.iter().position(|&(m, _)| m == mv).expect("a legal move");
            values[at].1 = value;
        }
        Some((values, depth))
    }
}

impl Player for AlphaBetaPlayer {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.depth)
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        let (values, _) = self.root_values(rules, state, false).ok_or(PlayerError::Cancelled)?;
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .max()
            .ok_or_else(|| PlayerError::Failed("no legal move".into()))?;
        let top: Vec<Move> = values.iter().filter(|&&(_, v)| v == best).map(|&(m, _)| m).collect();
        Ok(top[rng.random_range(0..top.len() as u32) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_move;
    use crate::play::player::game_rng;
    use crate::play::random::RandomPlayer;

    fn values(rules: &Rules, s: &State, depth: u32) -> Vec<(String, i32)> {
        let mut p = AlphaBetaPlayer::new(depth, Cancel::new());
        p.move_values(rules, s).unwrap().into_iter().map(|(m, v)| (m.to_string(), v)).collect()
    }

    #[test]
    fn the_key_holds_who_made_the_move_once_a_game() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let mut table = Table::new();
        table.start(&rules);
        let s = rules.initial_state();
        let mut spent = s;
        spent.spent = 2;
        let (a, b) = (table.key(&s, 0), table.key(&spent, 0));
        assert_eq!(a.len, b.len);
        assert_ne!(a.words[..a.len], b.words[..b.len]);
        assert_eq!(table.key(&s, 0).words[..a.len], a.words[..a.len]);
    }

    #[test]
    fn the_key_of_a_game_of_rounds_holds_who_owns_the_pits() {
        let rules = crate::load_rules("pallankuli", None).unwrap();
        let mut table = Table::new();
        table.start(&rules);
        let s = rules.initial_state();
        let mut annexed = s;
        annexed.annexed = 1 << 9;
        let (a, b) = (table.key(&s, 0), table.key(&annexed, 0));
        assert_eq!(a.len, b.len);
        assert_ne!(a.words[..a.len], b.words[..b.len]);
    }

    #[test]
    fn alphabeta_values_every_move_where_the_hand_makes_more_than_64() {
        // Iyogh's moves from the hand: one for each count of the seeds held, each way where
        // the leftmost pit sows either way. A game of a greedy player against a random one
        // reaches a hand of dozens of seeds.
        let rules = crate::load_rules("iyogh", None).unwrap();
        let mut rng = game_rng(7, 0);
        let mut players: [Box<dyn Player>; 2] =
            [Box::new(crate::play::greedy::GreedyPlayer), Box::new(RandomPlayer)];
        let mut found = None;
        'games: for _ in 0..200 {
            let mut s = rules.initial_state();
            while s.to_move().is_some() {
                if rules.legal_moves(&s).len() > 64 {
                    found = Some(s);
                    break 'games;
                }
                let mv = players[s.turn()].choose(&rules, &s, &mut rng).unwrap();
                rules.apply(&mut s, mv);
            }
        }
        let s = found.expect("a position with more than 64 legal moves");
        let n = rules.legal_moves(&s).len();
        let valued = values(&rules, &s, 3);
        assert_eq!(valued.len(), n);
        let mut p = AlphaBetaPlayer::new(3, Cancel::new());
        let mv = p.choose(&rules, &s, &mut rng).unwrap();
        assert!(rules.legal_moves(&s).contains(mv));
    }

    #[test]
    fn alphabeta_sees_a_capture_two_moves_ahead() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1 to move in [1,0,0 | 0,0,6] (pits 1-3 | 4-6): pit 1 is the only move, and
        // sows its seed into pit 2 (now 1: no capture). Player 2 must play pit 6, sowing
        // pits 1-6: [1,2,1 | 1,1,1], last seed in pit 6 (now 1): no capture. Then player 1's
        // pit 2 sows pits 3 and 4, and pit 3 sows pit 4: either way pit 4 makes 2 and is
        // taken (the chain stops at pit 5, holding 1): +2. Pit 1 would make 3 in pit 2: 0.
        // So pit 1 is worth nothing at depth 1 and +2 at depth 3.
        let s = rules.state_from(&[1, 0, 0, 0, 0, 6], 0).unwrap();
        assert_eq!(values(&rules, &s, 1), vec![("1".to_string(), 0)]);
        assert_eq!(values(&rules, &s, 3), vec![("1".to_string(), 2)]);
        // At depth 4 player 2 answers. After pit 2 ([1,0,2 | 0,1,1]) pits 5 and 6 each
        // capture 2 back: 0 in all. After pit 3 ([1,2,0 | 0,1,1]) pit 6 makes 2 in pit 1
        // and the chain takes pit 2's 2: -4, so +2 - 4. After pit 1 ([0,3,1 | 1,1,1]) pit 4
        // or 5 captures 2: -2. Player 1's best is pit 2: 0.
        assert_eq!(values(&rules, &s, 4), vec![("1".to_string(), 0)]);
        let mut rng = game_rng(0, 0);
        let mut p = AlphaBetaPlayer::new(3, Cancel::new());
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(parse_move(&rules, "1").unwrap()));
    }

    #[test]
    fn with_three_players_the_others_play_against_the_mover() {
        let rules = crate::load_rules("bakuk", Some("three-player")).unwrap();
        // Player 1 (pits 1-2) to move in [0,1 | 0,0 | 1,1]: pit 2 sows into pit 3 (now 1);
        // player 2 must sow pit 3 into pit 4 (now 1); player 3 then sows pit 5 into pit 6,
        // making 2: taken. The line ends with player 1 two seeds behind: -2. (Scoring player
        // 3's capture for player 1, as a two-player search does, would make it +2.)
        let s = rules.state_from(&[0, 1, 0, 0, 1, 1], 0).unwrap();
        for depth in 3..=6 {
            assert_eq!(values(&rules, &s, depth), vec![("2".to_string(), -2)], "depth {depth}");
        }
        assert_eq!(values(&rules, &s, 2), vec![("2".to_string(), 0)]);
    }

    #[test]
    fn depth_zero_values_every_move_at_nothing() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        assert_eq!(values(&rules, &s, 0), vec![("1".into(), 0), ("2".into(), 0), ("3".into(), 0)]);
        let mut p = AlphaBetaPlayer::new(0, Cancel::new());
        assert!(p.choose(&rules, &s, &mut game_rng(0, 0)).is_ok());
    }

    #[test]
    fn a_cancelled_search_stops() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let mut p = AlphaBetaPlayer::new(MAX_DEPTH, cancel);
        let s = rules.initial_state();
        assert_eq!(p.choose(&rules, &s, &mut game_rng(0, 0)), Err(PlayerError::Cancelled));
    }

    #[test]
    fn a_move_out_of_time_plays_by_the_deepest_search_finished() {
        let rules = crate::load_rules("kalah", None).unwrap();
        let s = rules.initial_state();
        // No time at all: the first look at the clock stops it, and the deepest search
        // finished by then chooses, with the values of a search of that depth.
        let mut p = AlphaBetaPlayer::new(MAX_DEPTH, Cancel::new()).with_move_time(Some(Duration::ZERO));
        let (values, depth) = p.searched_values(&rules, &s).unwrap();
        assert!((1..MAX_DEPTH).contains(&depth), "{depth}");
        let mut shallow = AlphaBetaPlayer::new(depth, Cancel::new());
        assert_eq!(shallow.searched_values(&rules, &s), Some((values, depth)));
        assert!(rules.legal_moves(&s).contains(p.choose(&rules, &s, &mut game_rng(0, 0)).unwrap()));
        // Time enough: the search's own depth, and the values of a search without a limit.
        let mut timed =
            AlphaBetaPlayer::new(4, Cancel::new()).with_move_time(Some(Duration::from_secs(3600)));
        let mut plain = AlphaBetaPlayer::new(4, Cancel::new());
        assert_eq!(timed.searched_values(&rules, &s), plain.searched_values(&rules, &s));
        assert_eq!(timed.searched_values(&rules, &s).unwrap().1, 4);
        // Cancelled is not out of time: no move.
        let cancel = Cancel::new();
        cancel.cancel();
        let mut p = AlphaBetaPlayer::new(MAX_DEPTH, cancel).with_move_time(Some(Duration::ZERO));
        assert_eq!(p.searched_values(&rules, &s), None);
    }

    /// The root player's margin by plain minimax over every line, without pruning: others
    /// minimise it (paranoid).
    fn exhaustive(rules: &Rules, s: &State, root: usize, depth: u32) -> i32 {
        let Some(mover) = s.to_move() else { return 0 };
        if depth == 0 {
            return 0;
        }
        let before = rules.scores(s);
        let values = rules.legal_moves(s).iter().map(|mv| {
            let mut c = *s;
            rules.apply(&mut c, mv);
            let after = rules.scores(&c);
            let mut gain: i32 = (0..rules.players())
                .map(|p| {
                    let d = after[p] as i32 - before[p] as i32;
                    if p == root { d } else { -d }
                })
                .sum();
            // A game a rule decided: a win or a loss beyond the margin.
            match c.is_over().then(|| rules.by_rule(&c)).flatten() {
                Some(crate::engine::Outcome::Win(p)) if p == root => gain += WON_BY_RULE,
                Some(crate::engine::Outcome::Win(_)) => gain -= WON_BY_RULE,
                _ => {}
            }
            gain + exhaustive(rules, &c, root, depth - 1)
        });
        if mover == root { values.max().unwrap() } else { values.min().unwrap() }
    }

    /// Every case: the rules, the depths searched and the games played at random.
    fn cases() -> Vec<(String, Rules, Vec<u32>, u64)> {
        let load = |v, r| crate::load_rules(v, r).unwrap();
        vec![
            ("koumma".into(), load("koumma", None), (1..=7).collect(), 20),
            ("bakuk three-player".into(), load("bakuk", Some("three-player")), (1..=7).collect(), 20),
            ("bakuk".into(), load("bakuk", None), vec![2, 5, 7], 20),
            // The ply limit falls inside the searches.
            ("bakuk limited".into(), load("bakuk", None).with_ply_limit(Some(9)), vec![4, 7], 20),
            // Stores, extra turns (a player moving twice) and a majority ending.
            ("kalah".into(), load("kalah", None), vec![3, 6], 4),
            ("oware".into(), load("oware", None), vec![5], 3),
            // Won by a rule: a player whose pits are all empty loses.
            ("tshuba".into(), load("tshuba", None), vec![4], 4),
        ]
    }

    #[test]
    fn pruning_does_not_change_values_for_two_and_three_players() {
        for (name, rules, depths, games) in cases() {
            for depth in depths {
                // One player for every position, as a simulation uses it: what its table
                // held from the searches before changes nothing.
                let mut player = AlphaBetaPlayer::new(depth, Cancel::new());
                for g in 0..games {
                    player.new_game();
                    let mut rng = game_rng(5, g);
                    let mut s = rules.initial_state();
                    while let Some(root) = s.to_move() {
                        let ours = player.move_values(&rules, &s).unwrap();
                        for &(mv, v) in &ours {
                            let mut c = s;
                            rules.apply(&mut c, mv);
                            let expected =
                                gain(&rules, &s, &c, root) + exhaustive(&rules, &c, root, depth - 1);
                            assert_eq!(
                                v,
                                expected,
                                "{name} depth {depth} game {g} ply {} move {mv}",
                                s.plies()
                            );
                        }
                        // The search for a choice finds the same best moves, in the same order.
                        let top = |values: &[(Move, i32)]| {
                            let best = values.iter().map(|&(_, v)| v).max();
                            values.iter().filter(|&&(_, v)| Some(v) == best).copied().collect::<Vec<_>>()
                        };
                        let (chosen, _) = player.root_values(&rules, &s, false).unwrap();
                        assert_eq!(
                            top(&chosen),
                            top(&ours),
                            "{name} depth {depth} game {g} ply {}",
                            s.plies()
                        );
                        let mv = RandomPlayer::pick(&rules, &s, &mut rng).unwrap();
                        rules.apply(&mut s, mv);
                    }
                }
            }
        }
    }
}

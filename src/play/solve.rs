//! Strong solutions of small two-player variants by retrograde analysis: the exact value of
//! every seed distribution with either player to move, reachable or not.
//!
//! The value of a position is the best margin (the mover's future seeds minus the
//! opponent's: captures from now on, plus the leftovers the end rules award) that the player to
//! move can force. Seeds already captured do not matter. Captures only remove seeds, so the
//! positions fall into layers by the seeds on the board, solved from the empty board up: a
//! capture leads to a layer already solved, every other move stays in the layer.
//!
//! Within a layer, play can go round in circles. A game that goes on forever is worth 0 from
//! the point where it starts repeating: nobody captures again and nobody gets the leftovers
//! (this is what the ply limit does to a game of Bakuk or Koumma, where leftovers go to
//! nobody). Values are computed exactly under that rule by retrograde analysis with counters,
//! one threshold at a time: for k from the largest possible margin down to 1, the positions
//! where the mover can force at least k (`A_k`) and those where the mover cannot avoid at most
//! -k (`B_k`) are grown together, as attractors; each position gets the first threshold it
//! reaches, positions reaching none are worth 0. Each position also gets a depth that
//! decreases along the winning line, so that the player with the advantage makes progress
//! instead of circling.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use rand::RngExt as _;

use crate::engine::compile::{Rules, fnv1a};
use crate::engine::{EndReason, State};
use crate::play::registry::{GameRng, Player, PlayerError};

/// Most positions a solution may hold: a byte of value and two of depth each.
pub const MAX_POSITIONS: u64 = 600_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    NotTwoPlayers(usize),
    TooLarge { positions: u128, pits: usize, seeds: usize },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::NotTwoPlayers(n) => {
                write!(f, "only two-player variants can be solved; this one has {n} players")
            }
            SolveError::TooLarge { positions, pits, seeds } => write!(
                f,
                "the state space is too large to solve: {positions} positions ({seeds} seeds in {pits} pits, \
                 two players to move); sow solves at most {MAX_POSITIONS} positions"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Binomial coefficients, for numbering seed distributions.
fn binomials(n: usize) -> Vec<Vec<u64>> {
    let mut c = vec![vec![0u64; n + 1]; n + 1];
    for i in 0..=n {
        c[i][0] = 1;
        for j in 1..=i {
            c[i][j] = c[i - 1][j - 1].saturating_add(c[i - 1][j]);
        }
    }
    c
}

/// The number of positions (two players to move) of every distribution of at most `seeds`
/// seeds over `pits` pits: 2 * C(seeds + pits, pits).
pub fn state_space(pits: usize, seeds: usize) -> u128 {
    let mut c: u128 = 1;
    for i in 0..pits as u128 {
        c = c * (seeds as u128 + pits as u128 - i) / (i + 1);
    }
    2 * c
}

/// Numbers the seed distributions of `pits` pits holding at most `seeds` seeds: the
/// distributions of `t` seeds come after all those of fewer, in the order of the combinatorial
/// number system (a perfect hash: every distribution has its own number, with no gaps).
#[derive(Debug, Clone)]
struct Numbering {
    pits: usize,
    binom: Vec<Vec<u64>>,
}

impl Numbering {
    fn new(pits: usize, seeds: usize) -> Numbering {
        Numbering { pits, binom: binomials(seeds + pits + 1) }
    }

    /// Distributions of exactly `t` seeds.
    fn layer_len(&self, t: usize) -> u64 {
        self.binom[t + self.pits - 1][self.pits - 1]
    }

    /// Distributions of fewer than `t` seeds.
    fn layer_start(&self, t: usize) -> u64 {
        self.binom[t + self.pits - 1][self.pits]
    }

    /// The number of a distribution within its layer: the bars between pits, placed among
    /// seeds, ranked as a combination.
    fn rank(&self, pits: &[u8]) -> u64 {
        let mut rank = 0;
        let mut bar = 0usize;
        for (j, &s) in pits[..self.pits - 1].iter().enumerate() {
            bar += s as usize;
            rank += self.binom[bar + j][j + 1];
        }
        rank
    }

    /// The distribution and player of an index: the inverse of [`Numbering::index`].
    fn unrank(&self, index: usize) -> (Vec<u8>, usize) {
        let n = self.pits;
        let player = index % 2;
        let number = (index / 2) as u64;
        let mut t = 0;
        while self.layer_start(t + 1) <= number {
            t += 1;
        }
        let mut rank = number - self.layer_start(t);
        let mut bars = vec![0usize; n - 1];
        let mut top = t + n - 1;
        for j in (0..n - 1).rev() {
            let mut b = top - 1;
            while self.binom[b][j + 1] > rank {
                b -= 1;
            }
            bars[j] = b;
            rank -= self.binom[b][j + 1];
            top = b;
        }
        let mut pits = vec![0u8; n];
        let mut prev: isize = -1;
        for j in 0..n - 1 {
            pits[j] = (bars[j] as isize - prev - 1) as u8;
            prev = bars[j] as isize;
        }
        pits[n - 1] = (t as isize + n as isize - 2 - prev) as u8;
        (pits, player)
    }

    fn index(&self, pits: &[u8], player: usize) -> usize {
        let t: usize = pits.iter().map(|&s| s as usize).sum();
        (2 * (self.layer_start(t) + self.rank(pits)) + player as u64) as usize
    }
}

/// Calls `f` with every distribution of `t` seeds over `n` pits (in no particular order: each
/// is placed by its number).
pub fn for_each_distribution(n: usize, t: usize, mut f: impl FnMut(&[u8])) {
    let mut pits = vec![0u8; n];
    fn go(pits: &mut [u8], i: usize, left: usize, f: &mut dyn FnMut(&[u8])) {
        if i == pits.len() - 1 {
            pits[i] = left as u8;
            f(pits);
            return;
        }
        for s in 0..=left {
            pits[i] = s as u8;
            go(pits, i + 1, left - s, f);
        }
    }
    go(&mut pits, 0, t, &mut f);
}

/// Positions by their value for the player to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Counts {
    fn add(&mut self, value: i32) {
        self.positions += 1;
        match value {
            v if v > 0 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
}

/// Header of a solution file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Header {
    format: String,
    variant: String,
    ruleset: Option<String>,
    fingerprint: String,
    pits: usize,
    seeds: usize,
    positions: u64,
}

const MAGIC: &[u8; 8] = b"SOWSOLVE";
const FORMAT: &str = "sow solution 1";

/// The solved values of a variant.
#[derive(Debug, Clone)]
pub struct Solution {
    header: Header,
    numbering: Numbering,
    values: Vec<i8>,
    depths: Vec<u16>,
}

/// What one move is worth to its player, by the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// 0-based.
    pub pit: usize,
    pub value: i32,
    /// 0 for a move that captures or ends the game; else the depth of the position it leads
    /// to (smaller is closer to cashing in).
    depth: u16,
}

/// A move's outcome for `mover`: the seeds it captures, plus the value of where it leads
/// (`value_of` gives a position's value and depth for its player to move). The ply limit is
/// not an end here: endless play is valued by the table.
fn outcome(
    rules: &Rules,
    state: &State,
    pit: usize,
    mover: usize,
    value_of: impl Fn(&State) -> (i32, u16),
) -> (i32, u16) {
    let mut child = *state;
    let mut captured = rules.apply(&mut child, pit).captured as i32;
    if child.end() == Some(EndReason::PlyLimit) {
        // Rare (once a game at most): replay the move without the limit.
        child = *state;
        captured = rules.with_ply_limit(u32::MAX).apply(&mut child, pit).captured as i32;
    }
    outcome_of(rules, state, &child, captured, mover, value_of)
}

/// The outcome of a move already played from `state` to `child`, capturing `captured`.
fn outcome_of(
    rules: &Rules,
    state: &State,
    child: &State,
    captured: i32,
    mover: usize,
    value_of: impl Fn(&State) -> (i32, u16),
) -> (i32, u16) {
    match child.end() {
        // The game ends: what it adds to the scores counts (this move's capture and the
        // leftovers awarded).
        Some(_) => (rules.gain(state, child, mover), 0),
        None => {
            let (v, depth) = value_of(child);
            let v = if child.turn() == mover { v } else { -v };
            (captured + v, if captured > 0 { 0 } else { depth })
        }
    }
}

impl Solution {
    pub fn positions(&self) -> u64 {
        self.values.len() as u64
    }

    /// The variant (and ruleset) solved.
    pub fn label(&self) -> String {
        match &self.header.ruleset {
            Some(r) => format!("{}:{r}", self.header.variant),
            None => self.header.variant.clone(),
        }
    }

    /// The most seeds on the board of the positions solved.
    pub fn max_seeds(&self) -> usize {
        self.header.seeds
    }

    fn entry(&self, pits: &[u8], player: usize) -> (i32, u16) {
        let i = self.numbering.index(pits, player);
        (self.values[i] as i32, self.depths[i])
    }

    /// The value of a position for the player to move (0 for a finished game: nothing more
    /// to win). Positions with more seeds than were solved are not in the table.
    pub fn value(&self, state: &State) -> Option<i32> {
        if state.seeds_on_board() as usize > self.header.seeds {
            return None;
        }
        Some(match state.end() {
            Some(EndReason::NoLegalMove | EndReason::NobodyCanMove) => 0,
            _ => self.entry(state.pits(), state.turn()).0,
        })
    }

    /// Every legal move with its value for the player to move. The rules' ply limit is
    /// ignored, as in the solution: a move that reaches it is valued as the table says.
    pub fn move_values(&self, rules: &Rules, state: &State) -> Vec<MoveValue> {
        let Some(mover) = state.to_move() else { return Vec::new() };
        if state.seeds_on_board() as usize > self.header.seeds {
            return Vec::new();
        }
        rules
            .legal_moves(state)
            .iter()
            .map(|pit| {
                let (value, depth) = outcome(rules, state, pit, mover, |c| self.entry(c.pits(), c.turn()));
                MoveValue { pit, value, depth }
            })
            .collect()
    }

    /// A best move: the highest value; among equals, one that captures or ends the game, or
    /// else leads closest to cashing in (so that an advantage is realised, not circled
    /// round); among those, any (by `choose`, given how many there are).
    pub fn best_move(
        &self,
        rules: &Rules,
        state: &State,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<usize> {
        let moves = self.move_values(rules, state);
        let best = moves.iter().map(|m| (m.value, std::cmp::Reverse(m.depth))).max()?;
        let top: Vec<usize> =
            moves.iter().filter(|m| (m.value, std::cmp::Reverse(m.depth)) == best).map(|m| m.pit).collect();
        Some(top[choose(top.len()).min(top.len() - 1)])
    }

    /// Positions won, drawn and lost by the player to move (value above, at, below 0).
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for &v in &self.values {
            c.add(v as i32);
        }
        c
    }

    /// Positions that can occur in a game from `start` (with its player to move), counted
    /// as won, drawn and lost by their player to move.
    pub fn reachable(&self, rules: &Rules, start: &State) -> Counts {
        let rules = rules.with_ply_limit(u32::MAX);
        let mut seen = vec![false; self.values.len()];
        let mut queue = std::collections::VecDeque::new();
        let mut counts = Counts::default();
        let mut visit = |s: &State, queue: &mut std::collections::VecDeque<usize>| {
            if s.is_over() || s.seeds_on_board() as usize > self.header.seeds {
                return;
            }
            let i = self.numbering.index(s.pits(), s.turn());
            if !seen[i] {
                seen[i] = true;
                counts.add(self.values[i] as i32);
                queue.push_back(i);
            }
        };
        visit(start, &mut queue);
        while let Some(i) = queue.pop_front() {
            let (pits, player) = self.numbering.unrank(i);
            let state = rules.state_from(&pits, player).expect("a solved position");
            for pit in rules.legal_moves(&state).iter() {
                let mut child = state;
                rules.apply(&mut child, pit);
                visit(&child, &mut queue);
            }
        }
        counts
    }

    /// A perfect game from `state`: best moves (the first among equals) until the game ends,
    /// or until a position repeats (endless play, worth 0), or `limit` moves. Pits are 0-based.
    pub fn principal_variation(
        &self,
        rules: &Rules,
        state: &State,
        limit: usize,
    ) -> (Vec<usize>, State, bool) {
        let rules = rules.with_ply_limit(u32::MAX);
        let mut s = *state;
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        while !s.is_over() && moves.len() < limit {
            if !seen.insert((s.pits().to_vec(), s.turn())) {
                return (moves, s, true);
            }
            let Some(pit) = self.best_move(&rules, &s, |_| 0) else { break };
            rules.apply(&mut s, pit);
            moves.push(pit);
        }
        (moves, s, false)
    }

    /// Checks that a solution file was made for these rules.
    fn check_rules(&self, rules: &Rules, shown: &str) -> Result<(), String> {
        if self.header.fingerprint != format!("{:016x}", rules.fingerprint()) {
            return Err(format!(
                "`{shown}` was made for other rules ({}), not those of {}",
                self.label(),
                rules.spec().label()
            ));
        }
        Ok(())
    }

    /// Writes the solution: a header naming the variant and its rules' fingerprint, then a
    /// byte of value and two of depth per position, then a checksum.
    pub fn save(&self, w: &mut impl Write) -> std::io::Result<()> {
        let header = serde_json::to_vec(&self.header).expect("a header serializes");
        w.write_all(MAGIC)?;
        w.write_all(&(header.len() as u32).to_le_bytes())?;
        w.write_all(&header)?;
        let values: Vec<u8> = self.values.iter().map(|&v| v as u8).collect();
        let depths: Vec<u8> = self.depths.iter().flat_map(|d| d.to_le_bytes()).collect();
        w.write_all(&values)?;
        w.write_all(&depths)?;
        w.write_all(&checksum(&values, &depths).to_le_bytes())
    }

    /// Reads a solution written by [`Solution::save`] for these rules.
    pub fn load(path: &Path, rules: &Rules) -> Result<Solution, String> {
        let shown = path.display();
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read `{shown}`: {}", crate::lang::library::io_reason(&e)))?;
        let bad = |why: &str| format!("`{shown}` is not a solution file of sow: {why}");
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(bad("it does not start as one"));
        }
        let len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        let header: Header = bytes
            .get(12..12 + len)
            .and_then(|h| serde_json::from_slice(h).ok())
            .ok_or_else(|| bad("its header is damaged"))?;
        if header.format != FORMAT {
            return Err(bad(&format!("it is in the format `{}`", header.format)));
        }
        let n = header.positions as usize;
        let body = &bytes[12 + len..];
        if header.pits == 0 || state_space(header.pits, header.seeds) != n as u128 || body.len() != 3 * n + 8
        {
            return Err(bad("its size does not match its header"));
        }
        let (values, rest) = body.split_at(n);
        let (depths, sum) = rest.split_at(2 * n);
        if checksum(values, depths).to_le_bytes() != sum {
            return Err(bad("its checksum does not match (the file is damaged)"));
        }
        let solution = Solution {
            numbering: Numbering::new(header.pits, header.seeds),
            values: values.iter().map(|&v| v as i8).collect(),
            depths: depths.chunks_exact(2).map(|d| u16::from_le_bytes([d[0], d[1]])).collect(),
            header,
        };
        solution.check_rules(rules, &shown.to_string())?;
        Ok(solution)
    }
}

fn checksum(values: &[u8], depths: &[u8]) -> u64 {
    fnv1a(values) ^ fnv1a(depths).rotate_left(1)
}

/// Checks that a variant can be solved, and returns the size of its table.
pub fn check_solvable(rules: &Rules, seeds: usize) -> Result<u64, SolveError> {
    if rules.players() != 2 {
        return Err(SolveError::NotTwoPlayers(rules.players()));
    }
    let positions = state_space(rules.pits(), seeds);
    if positions > MAX_POSITIONS as u128 {
        return Err(SolveError::TooLarge { positions, pits: rules.pits(), seeds });
    }
    Ok(positions as u64)
}

/// One layer's game graph, moves within the layer reversed for the retrograde analysis.
struct Layer {
    /// Moves of each position (exits and moves within the layer).
    moves: Vec<u32>,
    /// The best exit of each position (a capture, or the end of the game), if any.
    best_exit: Vec<Option<i32>>,
    /// For each threshold k, the positions with an exit worth exactly -k (once per exit).
    bad_exits: Vec<Vec<u32>>,
    /// Moves within the layer, reversed: for each position, who moves to it, and whether the
    /// player to move changes on the way.
    pred_start: Vec<u32>,
    preds: Vec<(u32, bool)>,
}

/// Solves every position with at most `seeds` seeds on the board. `progress` is told each
/// layer solved (seeds, positions so far).
pub fn solve(rules: &Rules, seeds: usize, progress: &dyn Fn(usize, u64)) -> Result<Solution, SolveError> {
    let positions = check_solvable(rules, seeds)?;
    let n = rules.pits();
    let rules = rules.with_ply_limit(u32::MAX);
    let numbering = Numbering::new(n, seeds);
    let mut values = vec![0i8; positions as usize];
    let mut depths = vec![0u16; positions as usize];
    for t in 0..=seeds {
        let start = 2 * numbering.layer_start(t) as usize;
        let len = 2 * numbering.layer_len(t) as usize;
        let layer = build_layer(&rules, &numbering, t, start, len, &values, &depths);
        let (v, d) = retrograde(&layer, t, len);
        values[start..start + len].copy_from_slice(&v);
        depths[start..start + len].copy_from_slice(&d);
        progress(t, (start + len) as u64);
    }
    let spec = rules.spec();
    let header = Header {
        format: FORMAT.into(),
        variant: spec.name.clone(),
        ruleset: spec.ruleset.clone(),
        fingerprint: format!("{:016x}", rules.fingerprint()),
        pits: n,
        seeds,
        positions,
    };
    Ok(Solution { header, numbering, values, depths })
}

fn build_layer(
    rules: &Rules,
    numbering: &Numbering,
    t: usize,
    start: usize,
    len: usize,
    values: &[i8],
    depths: &[u16],
) -> Layer {
    let n = rules.pits();
    let mut moves = vec![0u32; len];
    let mut best_exit: Vec<Option<i32>> = vec![None; len];
    let mut bad_exits: Vec<Vec<u32>> = vec![Vec::new(); t + 1];
    let mut edges: Vec<(u32, u32, bool)> = Vec::new();
    for_each_distribution(n, t, |pits| {
        for player in 0..2 {
            let local = numbering.index(pits, player) - start;
            let state = rules.state_from(pits, player).expect("a distribution of the solved range");
            let mut exit = |value: i32, best_exit: &mut Vec<Option<i32>>| {
                let e = &mut best_exit[local];
                *e = Some(e.map_or(value, |b| b.max(value)));
                if value < 0 {
                    bad_exits[(-value) as usize].push(local as u32);
                }
            };
            match state.to_move() {
                // No move at all: the game is over; its value is the leftovers' margin.
                None => {
                    let s = rules.scores(&state);
                    exit(s[player] as i32 - s[1 - player] as i32, &mut best_exit);
                    moves[local] = 1;
                }
                // The player cannot move and passes: the position is the other player's.
                Some(other) if other != player => {
                    let to = numbering.index(pits, other) - start;
                    edges.push((local as u32, to as u32, true));
                    moves[local] = 1;
                }
                Some(_) => {
                    for pit in rules.legal_moves(&state).iter() {
                        moves[local] += 1;
                        let mut child = state;
                        let captured = rules.apply(&mut child, pit).captured;
                        if child.is_over() || captured > 0 {
                            let (v, _) = outcome_of(rules, &state, &child, captured as i32, player, |c| {
                                let i = numbering.index(c.pits(), c.turn());
                                (values[i] as i32, depths[i])
                            });
                            exit(v, &mut best_exit);
                        } else {
                            let to = numbering.index(child.pits(), child.turn()) - start;
                            edges.push((local as u32, to as u32, child.turn() != player));
                        }
                    }
                }
            }
        }
    });
    // Reverse the moves within the layer (a counting sort by destination).
    let mut pred_start = vec![0u32; len + 1];
    for &(_, to, _) in &edges {
        pred_start[to as usize + 1] += 1;
    }
    for i in 0..len {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![(0u32, false); edges.len()];
    for &(from, to, flip) in &edges {
        preds[fill[to as usize] as usize] = (from, flip);
        fill[to as usize] += 1;
    }
    Layer { moves, best_exit, bad_exits, pred_start, preds }
}

/// Values and depths of one layer (see the module's documentation).
fn retrograde(layer: &Layer, t: usize, len: usize) -> (Vec<i8>, Vec<u16>) {
    const OPEN: i8 = i8::MIN;
    let mut value = vec![OPEN; len];
    let mut depth = vec![0u16; len];
    let mut left = layer.moves.clone();
    let mut deepest = vec![0u16; len];
    // Positions by best exit, to enter A_k at the threshold k of their best exit.
    let mut by_exit: Vec<Vec<u32>> = vec![Vec::new(); t + 1];
    for (p, e) in layer.best_exit.iter().enumerate() {
        if let Some(v) = *e
            && v > 0
        {
            by_exit[v as usize].push(p as u32);
        }
    }
    let mut queue: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
    for k in (1..=t).rev() {
        let kv = k as i8;
        for &p in &by_exit[k] {
            if value[p as usize] == OPEN {
                value[p as usize] = kv;
                depth[p as usize] = 1;
                queue.push_back(p);
            }
        }
        for &p in &layer.bad_exits[k] {
            let p = p as usize;
            left[p] -= 1;
            if left[p] == 0 && value[p] == OPEN {
                value[p] = -kv;
                depth[p] = deepest[p].saturating_add(1);
                queue.push_back(p as u32);
            }
        }
        while let Some(x) = queue.pop_front() {
            let x = x as usize;
            let x_wins = value[x] > 0;
            for &(q, flip) in &layer.preds[layer.pred_start[x] as usize..layer.pred_start[x + 1] as usize] {
                let q = q as usize;
                if value[q] != OPEN {
                    continue;
                }
                // Moving to x is good for q when x is a win for q's side.
                if x_wins != flip {
                    value[q] = kv;
                    depth[q] = depth[x].saturating_add(1);
                    queue.push_back(q as u32);
                } else {
                    left[q] -= 1;
                    deepest[q] = deepest[q].max(depth[x]);
                    if left[q] == 0 {
                        value[q] = -kv;
                        depth[q] = deepest[q].saturating_add(1);
                        queue.push_back(q as u32);
                    }
                }
            }
        }
    }
    for v in &mut value {
        if *v == OPEN {
            *v = 0;
        }
    }
    (value, depth)
}

/// Plays from a solution table: always a move of the best value, and among those one that
/// makes progress; among equal moves, one at random.
#[derive(Debug, Clone)]
pub struct PerfectPlayer {
    pub solution: Arc<Solution>,
}

impl Player for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        if state.seeds_on_board() as usize > self.solution.max_seeds() {
            return Err(PlayerError(format!(
                "the position holds {} seeds, more than the solution's {}",
                state.seeds_on_board(),
                self.solution.max_seeds()
            )));
        }
        self.solution
            .best_move(rules, state, |n| rng.random_range(0..n as u32) as usize)
            .ok_or_else(|| PlayerError("no legal move".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrank_inverts_index() {
        let numbering = Numbering::new(6, 9);
        for t in 0..=9 {
            for_each_distribution(6, t, |pits| {
                for player in 0..2 {
                    assert_eq!(numbering.unrank(numbering.index(pits, player)), (pits.to_vec(), player));
                }
            });
        }
    }

    #[test]
    fn numbering_is_a_perfect_hash() {
        let numbering = Numbering::new(4, 6);
        let total = state_space(4, 6) as usize;
        let mut seen = vec![false; total];
        for t in 0..=6 {
            for_each_distribution(4, t, |pits| {
                for player in 0..2 {
                    let i = numbering.index(pits, player);
                    assert!(!seen[i], "{pits:?} {player}");
                    seen[i] = true;
                }
            });
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(state_space(6, 36), 2 * 5_245_786);
    }
}

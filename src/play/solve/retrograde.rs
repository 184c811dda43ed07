//! Retrograde analysis, one layer (seeds on the board) at a time, from the empty board up.
//!
//! A capture leads to a layer already solved, every other move stays in the layer. Within a
//! layer play can go round in circles; a game that goes on forever is worth 0 from the point
//! where it starts repeating. For k from the largest possible margin down to 1, the positions
//! where the mover can force at least k (`A_k`) and those where the mover cannot avoid at
//! most -k (`B_k`) are grown together, as attractors, with a counter of the moves each
//! position has left; each position gets the first threshold it reaches, positions reaching
//! none are worth 0. Each position also gets a depth that decreases along the winning line,
//! so that the player with the advantage makes progress instead of circling.

use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};

use crate::cancel::Cancel;
use crate::engine::Rules;

use super::index::{Numbering, for_each_distribution};
use super::{Header, Solution, SolveError, Value, check_solvable, outcome_of};

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

/// Positions between two looks at the cancel flag.
const CANCEL_EVERY: u32 = 1 << 16;

/// No exit yet, in a layer's table of best exits shared by its threads.
const NO_EXIT: i32 = i32::MIN;

/// The threads a solve uses by default: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Solves every position with at most `seeds` seeds on the board, on every core. `progress`
/// is told each layer solved (seeds, positions so far); `cancel` stops the work between
/// positions.
pub fn solve(
    rules: &Rules,
    seeds: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    solve_with(rules, seeds, default_threads(), progress, cancel)
}

/// [`solve`] with `threads` threads playing each layer's moves (at least one): the solution
/// is the same whatever their number.
pub fn solve_with(
    rules: &Rules,
    seeds: usize,
    threads: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    let positions = check_solvable(rules, seeds)?;
    let n = rules.pits();
    // The table holds positions by their seeds: positions past the start of the game, where
    // every move may capture. The first plies are valued over the table (`Solution::value`).
    let rules = rules.with_ply_limit(None).past_start();
    let numbering = Numbering::new(n, seeds);
    let mut values: Vec<Value> = vec![0; positions as usize];
    let mut depths = vec![0u16; positions as usize];
    for t in 0..=seeds {
        let start = 2 * numbering.layer_start(t) as usize;
        let len = 2 * numbering.layer_len(t) as usize;
        let layer = build_layer(&rules, &numbering, t, start, len, &values, &depths, threads, cancel)?;
        let (v, d) = retrograde(&layer, t, len);
        values[start..start + len].copy_from_slice(&v);
        depths[start..start + len].copy_from_slice(&d);
        progress(t, (start + len) as u64);
    }
    let spec = rules.spec();
    let header = Header::new(spec, rules.fingerprint(), n, seeds, positions);
    Ok(Solution { header, numbering, values, depths })
}

/// What one thread found of a layer: the moves within it, and the positions with an exit worth
/// -k for each k, in the order its distributions were met.
struct Part {
    edges: Vec<(u32, u32, bool)>,
    bad_exits: Vec<Vec<u32>>,
}

/// The game graph of layer `t`. Its distributions are met in one order (`for_each_distribution`)
/// and cut into `threads` runs of that order, one a thread; each thread writes the moves and
/// best exit of its own positions, and keeps its moves within the layer and its bad exits,
/// which are joined run after run: the layer is the one a single thread builds.
#[allow(clippy::too_many_arguments)]
fn build_layer(
    rules: &Rules,
    numbering: &Numbering,
    t: usize,
    start: usize,
    len: usize,
    values: &[Value],
    depths: &[u16],
    threads: usize,
    cancel: &Cancel,
) -> Result<Layer, SolveError> {
    let distributions = numbering.layer_len(t) as usize;
    let threads = threads.clamp(1, distributions.max(1));
    let moves: Vec<AtomicU32> = (0..len).map(|_| AtomicU32::new(0)).collect();
    let best_exit: Vec<AtomicI32> = (0..len).map(|_| AtomicI32::new(NO_EXIT)).collect();
    let run = |from: usize, to: usize| {
        play_run(rules, numbering, t, start, (from, to), values, depths, (&moves, &best_exit), cancel)
    };
    let parts: Vec<Option<Part>> = if threads == 1 {
        vec![run(0, distributions)]
    } else {
        std::thread::scope(|scope| {
            let run = &run;
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    scope.spawn(move || run(k * distributions / threads, (k + 1) * distributions / threads))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a thread of the layer")).collect()
        })
    };
    let mut edges: Vec<(u32, u32, bool)> = Vec::new();
    let mut bad_exits: Vec<Vec<u32>> = vec![Vec::new(); t + 1];
    for part in parts {
        let Some(mut part) = part else { return Err(SolveError::Cancelled) };
        if edges.is_empty() {
            edges = part.edges;
        } else {
            edges.append(&mut part.edges);
        }
        for (all, mine) in bad_exits.iter_mut().zip(&mut part.bad_exits) {
            all.append(mine);
        }
    }
    let moves: Vec<u32> = moves.into_iter().map(AtomicU32::into_inner).collect();
    let best_exit: Vec<Option<i32>> =
        best_exit.into_iter().map(|e| Some(e.into_inner()).filter(|&v| v != NO_EXIT)).collect();
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
    Ok(Layer { moves, best_exit, bad_exits, pred_start, preds })
}

/// Plays every move of the positions of the distributions `from..to` of layer `t` (in the
/// order they are met), writing each position's moves and best exit; `None` if cancelled.
#[allow(clippy::too_many_arguments)]
fn play_run(
    rules: &Rules,
    numbering: &Numbering,
    t: usize,
    start: usize,
    (from, to): (usize, usize),
    values: &[Value],
    depths: &[u16],
    (moves, best_exit): (&[AtomicU32], &[AtomicI32]),
    cancel: &Cancel,
) -> Option<Part> {
    let n = rules.pits();
    let mut part = Part { edges: Vec::new(), bad_exits: vec![Vec::new(); t + 1] };
    let mut met = 0usize;
    let mut stopped = false;
    for_each_distribution(n, t, |pits| {
        let here = met;
        met += 1;
        if stopped || here < from || here >= to {
            return;
        }
        if (here - from + 1).is_multiple_of(CANCEL_EVERY as usize) && cancel.is_cancelled() {
            stopped = true;
            return;
        }
        for player in 0..2 {
            let local = numbering.index(pits, player) - start;
            let state = rules.state_from(pits, player).expect("a distribution of the solved range");
            // Each position is one thread's: its counts are written once, and read after the
            // threads are joined.
            let mut best = NO_EXIT;
            let mut count = 0u32;
            let mut exit = |value: i32, bad_exits: &mut Vec<Vec<u32>>| {
                best = best.max(value);
                if value < 0 {
                    bad_exits[(-value) as usize].push(local as u32);
                }
            };
            match state.to_move() {
                // No move at all: the game is over; its value is the leftovers' margin (a
                // position given by hand has nobody who moved last).
                None => {
                    let s = rules.scores(&state);
                    exit(s[player] as i32 - s[1 - player] as i32, &mut part.bad_exits);
                    count = 1;
                }
                // The player cannot move and passes: the position is the other player's.
                Some(other) if other != player => {
                    let to = numbering.index(pits, other) - start;
                    part.edges.push((local as u32, to as u32, true));
                    count = 1;
                }
                Some(_) => {
                    for mv in rules.legal_moves(&state).iter() {
                        count += 1;
                        let mut child = state;
                        rules.apply(&mut child, mv);
                        // A move that captures, sows into a store or ends the game leaves the
                        // layer.
                        if child.is_over() || child.seeds_on_board() < t as u32 {
                            let (v, _) = outcome_of(rules, &state, &child, player, |c| {
                                let i = numbering.index(c.pits(), c.turn());
                                (values[i] as i32, depths[i])
                            });
                            exit(v, &mut part.bad_exits);
                        } else {
                            let to = numbering.index(child.pits(), child.turn()) - start;
                            part.edges.push((local as u32, to as u32, child.turn() != player));
                        }
                    }
                }
            }
            moves[local].store(count, Ordering::Relaxed);
            best_exit[local].store(best, Ordering::Relaxed);
        }
    });
    (!stopped).then_some(part)
}

/// Values and depths of one layer (see the module's documentation).
fn retrograde(layer: &Layer, t: usize, len: usize) -> (Vec<Value>, Vec<u16>) {
    const OPEN: Value = Value::MIN;
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
        // A margin is at most the seeds on the board (255), well within a Value.
        let kv = k as Value;
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

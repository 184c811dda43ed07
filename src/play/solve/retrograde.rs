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

use std::sync::atomic::{AtomicI16, AtomicU16, Ordering};

use crate::cancel::Cancel;
use crate::engine::{Rules, State};

use super::index::Numbering;
use super::reach::{Place, Reach};
use super::values::{Margin, Values};
use super::{Header, MAX_POSITIONS, Solution, SolveError, check_reachable, check_solvable};

/// One layer's game graph, moves within the layer reversed for the retrograde analysis.
struct Layer {
    /// Moves of each position (exits and moves within the layer).
    moves: Vec<u16>,
    /// The best exit of each position (a capture, or the end of the game), or `NO_EXIT`.
    best_exit: Vec<i16>,
    /// For each threshold k, the positions with an exit worth exactly -k (once per exit).
    bad_exits: Vec<Vec<u32>>,
    /// Moves within the layer, reversed: for each position, who moves to it, with `FLIP` set
    /// when the player to move changes on the way (a layer has fewer than 2^31 positions).
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

/// The bit of a move within a layer that says the player to move changes.
const FLIP: u32 = 1 << 31;

// Positions of a layer are numbered below `FLIP`.
const _: () = assert!(super::MAX_POSITIONS < FLIP as u64);

/// Distributions passed over, and positions of the attractor pass, between two looks at the
/// cancel flag.
const CANCEL_EVERY: u32 = 1 << 12;

/// No exit yet, in a layer's table of best exits (an exit is worth at most the 255 seeds a
/// board holds either way).
const NO_EXIT: i16 = i16::MIN;

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
    let numbering = Numbering::new(rules.pits(), seeds);
    solve_table(rules, numbering, None, positions, threads, progress, cancel)
}

/// A table of the positions reachable from `start` alone (its first plies played by its own
/// rules, as [`Reach::walk`] says), on `threads` threads: the values of those positions are
/// the same as in a table of every distribution. `progress` is told each layer solved.
pub fn solve_from(
    rules: &Rules,
    start: &State,
    threads: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    solve_reached(rules, start, MAX_POSITIONS, threads, progress, cancel)
}

/// [`solve_from`] for at most `most` positions reached: more stop the walk that finds them
/// ([`SolveError::TooManyReachable`]), before any is solved.
pub fn solve_reached(
    rules: &Rules,
    start: &State,
    most: u64,
    threads: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    let seeds = start.seeds_on_board() as usize;
    check_reachable(rules, seeds)?;
    let numbering = Numbering::new(rules.pits(), seeds);
    let reach = Reach::walk(rules, &numbering, start, most.min(MAX_POSITIONS), threads, cancel)?;
    let positions = reach.count();
    solve_table(rules, numbering, Some(reach), positions, threads, progress, cancel)
}

/// The table of `numbering`'s positions, or of those of `reach` alone.
fn solve_table(
    rules: &Rules,
    numbering: Numbering,
    reach: Option<Reach>,
    positions: u64,
    threads: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    let seeds = numbering.seeds();
    // The table holds positions by their seeds: positions past the start of the game, where
    // every move may capture. The first plies are valued over the table (`Solution::value`).
    let rules = rules.with_ply_limit(None).past_start();
    let place = Place(reach.as_ref());
    let (values, depths) = if Values::narrow(seeds) {
        solve_layers::<i8>(&rules, &numbering, place, positions as usize, threads, progress, cancel)?
    } else {
        solve_layers::<i16>(&rules, &numbering, place, positions as usize, threads, progress, cancel)?
    };
    let spec = rules.spec();
    let header = Header::new(spec, rules.fingerprint(), rules.pits(), seeds, positions, reach.is_some());
    Ok(Solution { header, numbering, reach, values, depths, threads })
}

/// Every layer from the empty board up, values stored as `T`.
fn solve_layers<T: Margin>(
    rules: &Rules,
    numbering: &Numbering,
    place: Place,
    positions: usize,
    threads: usize,
    progress: &dyn Fn(usize, u64),
    cancel: &Cancel,
) -> Result<(Values, Vec<u16>), SolveError> {
    let mut values: Vec<T> = vec![T::default(); positions];
    let mut depths = vec![0u16; positions];
    let mut done = |t: usize, values: &[T], _: &[u16]| progress(t, values.len() as u64);
    layers_from(rules, numbering, place, 0, (&mut values, &mut depths), threads, &mut done, cancel)?;
    Ok((T::wrap(values), depths))
}

/// Solves the layers from `from` seeds up to the numbering's most, in `values` and `depths`,
/// which hold the layers below `from` solved already (an endgame table grown from a saved
/// one); `done` is told each layer solved, with the values and depths up to it.
#[allow(clippy::too_many_arguments)]
pub(super) fn layers_from<T: Margin>(
    rules: &Rules,
    numbering: &Numbering,
    place: Place,
    from: usize,
    (values, depths): (&mut [T], &mut [u16]),
    threads: usize,
    done: &mut impl FnMut(usize, &[T], &[u16]),
    cancel: &Cancel,
) -> Result<(), SolveError> {
    for t in from..=numbering.seeds() {
        let start = place.of(2 * numbering.layer_start(t) as usize);
        let len = place.of(2 * numbering.layer_start(t + 1) as usize) - start;
        let layer = build_layer(rules, numbering, place, t, (start, len), values, threads, cancel)?;
        retrograde(&layer, t, &mut values[start..start + len], &mut depths[start..start + len], cancel)?;
        done(t, &values[..start + len], &depths[..start + len]);
    }
    Ok(())
}

/// What one thread found of a layer: the moves within it (`from | FLIP`, `to`), and the
/// positions with an exit worth -k for each k, in the order its distributions were met.
struct Part {
    edges: Vec<(u32, u32)>,
    bad_exits: Vec<Vec<u32>>,
}

/// The game graph of layer `t`. Its distributions are met in one order (`for_each_distribution`)
/// and cut into `threads` runs of that order, one a thread; each thread writes the moves and
/// best exit of its own positions, and keeps its moves within the layer and its bad exits,
/// which are joined run after run: the layer is the one a single thread builds.
#[allow(clippy::too_many_arguments)]
fn build_layer<T: Margin>(
    rules: &Rules,
    numbering: &Numbering,
    place: Place,
    t: usize,
    (start, len): (usize, usize),
    values: &[T],
    threads: usize,
    cancel: &Cancel,
) -> Result<Layer, SolveError> {
    let distributions = numbering.layer_len(t) as usize;
    let threads = threads.clamp(1, distributions.max(1));
    let moves: Vec<AtomicU16> = (0..len).map(|_| AtomicU16::new(0)).collect();
    let best_exit: Vec<AtomicI16> = (0..len).map(|_| AtomicI16::new(NO_EXIT)).collect();
    let run = |from: usize, to: usize| {
        play_run(rules, numbering, place, (t, start), (from, to), values, (&moves, &best_exit), cancel)
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
    let mut parts: Vec<Part> = parts.into_iter().collect::<Option<_>>().ok_or(SolveError::Cancelled)?;
    let mut bad_exits: Vec<Vec<u32>> = vec![Vec::new(); t + 1];
    for part in &mut parts {
        for (all, mine) in bad_exits.iter_mut().zip(&mut part.bad_exits) {
            all.append(mine);
        }
    }
    let moves: Vec<u16> = moves.into_iter().map(AtomicU16::into_inner).collect();
    let best_exit: Vec<i16> = best_exit.into_iter().map(AtomicI16::into_inner).collect();
    // Reverse the moves within the layer (a counting sort by destination), the parts read in
    // their order, as if one list.
    let mut pred_start = vec![0u32; len + 1];
    for part in &parts {
        for &(_, to) in &part.edges {
            pred_start[to as usize + 1] += 1;
        }
    }
    for i in 0..len {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![0u32; pred_start[len] as usize];
    for part in parts {
        for (from, to) in part.edges {
            preds[fill[to as usize] as usize] = from;
            fill[to as usize] += 1;
        }
    }
    Ok(Layer { moves, best_exit, bad_exits, pred_start, preds })
}

/// Plays every move of the positions (in the table) of the distributions `from..to` of layer
/// `t` (in the order they are met), writing each position's moves and best exit; `None` if
/// cancelled. The layer's positions are numbered from `start` in the table.
#[allow(clippy::too_many_arguments)]
fn play_run<T: Margin>(
    rules: &Rules,
    numbering: &Numbering,
    place: Place,
    (t, start): (usize, usize),
    (from, to): (usize, usize),
    values: &[T],
    (moves, best_exit): (&[AtomicU16], &[AtomicI16]),
    cancel: &Cancel,
) -> Option<Part> {
    let mut part = Part { edges: Vec::new(), bad_exits: vec![Vec::new(); t + 1] };
    let mut met = 0usize;
    let mut stopped = false;
    let first = 2 * numbering.layer_start(t) as usize;
    numbering.for_each_in_layer(t, |pits, rank| {
        let here = met;
        met += 1;
        if here < from {
            return true;
        }
        // A position's moves may take microseconds (long relays): the flag is looked at for
        // each position played, and every few thousand distributions passed over.
        if here >= to || (here - from + 1).is_multiple_of(CANCEL_EVERY as usize) && cancel.is_cancelled() {
            stopped = here < to;
            return false;
        }
        for player in 0..2 {
            let i = first + 2 * rank as usize + player;
            if !place.holds(i) {
                continue;
            }
            if cancel.is_cancelled() {
                stopped = true;
                return false;
            }
            let local = place.of(i) - start;
            let state = rules.state_from(pits, player).expect("a distribution of the solved range");
            // Each position is one thread's: its counts are written once, and read after the
            // threads are joined.
            let mut best = NO_EXIT;
            let mut count = 0u16;
            let mut exit = |value: i32, bad_exits: &mut Vec<Vec<u32>>| {
                best = best.max(value as i16);
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
                    let to = place.of(first + 2 * rank as usize + other) - start;
                    part.edges.push((local as u32 | FLIP, to as u32));
                    count = 1;
                }
                Some(_) => {
                    // The scores before the move, counted once for all its exits.
                    let before = rules.scores(&state);
                    for mv in rules.legal_moves(&state).iter() {
                        count += 1;
                        let mut child = state;
                        rules.apply(&mut child, mv);
                        // A move that captures, sows into a store or ends the game leaves the
                        // layer: worth what it gained (as `Rules::gain` counts it, for two
                        // players) and the value of where it leads (as `outcome_of` adds it).
                        if child.is_over() || child.seeds_on_board() < t as u32 {
                            let after = rules.scores(&child);
                            let change = |p: usize| after[p] as i32 - before[p] as i32;
                            let gain = change(player) - change(1 - player);
                            let v = match child.end() {
                                Some(_) => gain,
                                None => {
                                    let v = values[place.of(numbering.index(child.pits(), child.turn()))]
                                        .to_i32();
                                    gain + if child.turn() == player { v } else { -v }
                                }
                            };
                            exit(v, &mut part.bad_exits);
                        } else {
                            let to = place.of(numbering.index(child.pits(), child.turn())) - start;
                            let flip = if child.turn() != player { FLIP } else { 0 };
                            part.edges.push((local as u32 | flip, to as u32));
                        }
                    }
                }
            }
            moves[local].store(count, Ordering::Relaxed);
            best_exit[local].store(best, Ordering::Relaxed);
        }
        true
    });
    (!stopped).then_some(part)
}

/// A position of a layer while its attractors grow: what the pass reads and writes of a
/// position side by side, so that a move followed backwards costs one cache line, not four.
#[derive(Clone, Copy)]
struct Node<T> {
    value: T,
    depth: u16,
    /// Moves not yet known to lose, towards `B_k`.
    left: u16,
    /// The deepest of the losing positions its moves lead to so far.
    deepest: u16,
}

/// Values and depths of one layer (see the module's documentation), written into `value` and
/// `depth`, the layer's part of the table; `cancel` stops it.
fn retrograde<T: Margin>(
    layer: &Layer,
    t: usize,
    value: &mut [T],
    depth: &mut [u16],
    cancel: &Cancel,
) -> Result<(), SolveError> {
    let mut node: Vec<Node<T>> =
        layer.moves.iter().map(|&left| Node { value: T::OPEN, depth: 0, left, deepest: 0 }).collect();
    // Positions by best exit, to enter A_k at the threshold k of their best exit.
    let mut by_exit: Vec<Vec<u32>> = vec![Vec::new(); t + 1];
    for (p, &e) in layer.best_exit.iter().enumerate() {
        if e > 0 {
            by_exit[e as usize].push(p as u32);
        }
    }
    // First in, first out: a list read from `head` on, emptied for each threshold.
    let mut queue: Vec<u32> = Vec::new();
    for k in (1..=t).rev() {
        if cancel.is_cancelled() {
            return Err(SolveError::Cancelled);
        }
        // A margin is at most the seeds on the board, which `T` holds.
        let win = T::from_i32(k as i32);
        let loss = T::from_i32(-(k as i32));
        queue.clear();
        for &p in &by_exit[k] {
            let n = &mut node[p as usize];
            if n.value == T::OPEN {
                n.value = win;
                n.depth = 1;
                queue.push(p);
            }
        }
        for &p in &layer.bad_exits[k] {
            let n = &mut node[p as usize];
            n.left -= 1;
            if n.left == 0 && n.value == T::OPEN {
                n.value = loss;
                n.depth = n.deepest.saturating_add(1);
                queue.push(p);
            }
        }
        let mut head = 0;
        while let Some(&x) = queue.get(head) {
            head += 1;
            if head.is_multiple_of(CANCEL_EVERY as usize) && cancel.is_cancelled() {
                return Err(SolveError::Cancelled);
            }
            let x = x as usize;
            let Node { value: vx, depth: dx, .. } = node[x];
            let x_wins = vx == win;
            for &from in &layer.preds[layer.pred_start[x] as usize..layer.pred_start[x + 1] as usize] {
                let q = (from & !FLIP) as usize;
                let n = &mut node[q];
                if n.value != T::OPEN {
                    continue;
                }
                // Moving to x is good for q when x is a win for q's side.
                if x_wins != (from & FLIP != 0) {
                    n.value = win;
                    n.depth = dx.saturating_add(1);
                    queue.push(q as u32);
                } else {
                    n.left -= 1;
                    n.deepest = n.deepest.max(dx);
                    if n.left == 0 {
                        n.value = loss;
                        n.depth = n.deepest.saturating_add(1);
                        queue.push(q as u32);
                    }
                }
            }
        }
    }
    for ((n, v), d) in node.iter().zip(value.iter_mut()).zip(depth.iter_mut()) {
        // Positions in no attractor: endless play, worth 0.
        (*v, *d) = if n.value == T::OPEN { (T::default(), 0) } else { (n.value, n.depth) };
    }
    Ok(())
}

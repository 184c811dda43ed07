//! What a position holds besides the seeds: claimed pits, big stones, pits out of play, the
//! round, a move paused for its mover's choice. As `Game` properties, and as the observation
//! tensor of `sow.openspiel` (its layout: [`Layout`]).

use sow::engine::{Rules, State, Step};

/// The choices a paused move may wait for, in the order of the tensor's one-hot.
const STEPS: [Step; 6] = [Step::Take, Step::Way, Step::Relay, Step::End, Step::Target, Step::Drop];

/// The parts of a variant's observation tensor: each a name and its length, in order. The
/// first three are in every variant; the others only in those whose rules have them.
pub(crate) fn layout(rules: &Rules) -> Vec<(&'static str, usize)> {
    let spec = rules.spec();
    let (n, p) = (rules.pits(), rules.players());
    let mut parts = vec![("pits", n), ("captured", p), ("to_move", p)];
    if spec.claims_pits() {
        parts.push(("claimed", 2 * n));
    }
    if spec.stones.big_stones {
        parts.push(("big_stones", n));
        parts.push(("stones_won", 2));
    }
    if spec.rounds.is_some() {
        parts.push(("out_of_play", n));
        parts.push(("round", 2));
        if rules.points(&rules.initial_state()).is_some() {
            parts.push(("points", 2));
        }
    }
    if rules.may_pause() {
        parts.push(("pending", STEPS.len()));
        parts.push(("pending_at", n));
        parts.push(("in_hand", 1));
    }
    parts
}

fn mask(into: &mut Vec<f32>, n: usize, bits: u64) {
    into.extend((0..n).map(|q| (bits >> q & 1) as f32));
}

/// The observation tensor of `state`, laid out as [`layout`] says.
pub(crate) fn tensor(rules: &Rules, state: &State) -> Vec<f32> {
    let (n, p) = (rules.pits(), rules.players());
    let mut out = Vec::with_capacity(n + 2 * p);
    for (name, _) in layout(rules) {
        match name {
            "pits" => out.extend(state.pits().iter().map(|&x| x as f32)),
            "captured" => out.extend(state.captured()[..p].iter().map(|&x| x as f32)),
            "to_move" => out.extend((0..p).map(|q| (state.to_move() == Some(q)) as u8 as f32)),
            "claimed" => {
                mask(&mut out, n, state.claimed(0));
                mask(&mut out, n, state.claimed(1));
            }
            "big_stones" => mask(&mut out, n, rules.stones_on_board(state)),
            "stones_won" => out.extend(state.stones_won().iter().map(|&x| x as f32)),
            "out_of_play" => mask(&mut out, n, state.out_of_play()),
            "round" => out.extend([state.rounds_over() as f32, state.filling() as u8 as f32]),
            "points" => out.extend(rules.points(state).unwrap_or_default().iter().map(|&x| x as f32)),
            "pending" => out.extend(STEPS.iter().map(|&s| (state.pending() == Some(s)) as u8 as f32)),
            "pending_at" => mask(&mut out, n, state.pending_at().map_or(0, |q| 1 << q)),
            "in_hand" => out.push(state.in_hand() as f32),
            _ => unreachable!("a part of the layout"),
        }
    }
    out
}

/// The 1-based numbers of the pits of a mask (bit 0: pit 1).
pub(crate) fn numbers(bits: u64) -> Vec<usize> {
    (0..64).filter(|q| bits >> q & 1 != 0).map(|q| q + 1).collect()
}

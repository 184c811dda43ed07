//! Searching players: alpha-beta to a fixed depth, on the margin of seeds captured from now.

use rand::RngExt as _;

use crate::engine::State;
use crate::engine::compile::Rules;
use crate::play::registry::{GameRng, Player, PlayerError};

/// The depth of `alphabeta` without a number.
pub const DEFAULT_DEPTH: u32 = 8;

/// Looks `depth` plies ahead and takes the move with the best margin of captures (seeds
/// captured by the mover minus by the opponent, leftovers included where the game ends),
/// counting nothing beyond the horizon; at random among equal moves.
#[derive(Debug, Clone, Copy)]
pub struct AlphaBetaPlayer {
    pub depth: u32,
}

/// The mover's margin of seeds from `state` on, searched `depth` plies deep.
fn negamax(rules: &Rules, state: &State, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let Some(mover) = state.to_move() else { return 0 };
    if depth == 0 {
        return 0;
    }
    // Captures first: they settle the bounds sooner.
    let mut children: Vec<(i32, State)> = rules
        .legal_moves(state)
        .iter()
        .map(|pit| {
            let mut child = *state;
            rules.apply(&mut child, pit);
            (rules.gain(state, &child, mover), child)
        })
        .collect();
    children.sort_by_key(|c| -c.0);
    let mut best = i32::MIN;
    for (gain, child) in children {
        let v = gain + rest(rules, &child, mover, depth - 1, alpha - gain, beta - gain);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The rest of the game after a move, for the player who made it, searched `depth` plies
/// deep within the bounds `alpha`, `beta` (the child's value, negated when the turn passes).
fn rest(rules: &Rules, child: &State, mover: usize, depth: u32, alpha: i32, beta: i32) -> i32 {
    match child.to_move() {
        None => 0,
        Some(p) if p == mover => negamax(rules, child, depth, alpha, beta),
        Some(_) => -negamax(rules, child, depth, -beta, -alpha),
    }
}

impl AlphaBetaPlayer {
    /// Every legal move with its searched value.
    pub fn move_values(&self, rules: &Rules, state: &State) -> Vec<(usize, i32)> {
        let Some(mover) = state.to_move() else { return Vec::new() };
        rules
            .legal_moves(state)
            .iter()
            .map(|pit| {
                let mut child = *state;
                rules.apply(&mut child, pit);
                let gain = rules.gain(state, &child, mover);
                (pit, gain + rest(rules, &child, mover, self.depth - 1, i32::MIN / 2, i32::MAX / 2))
            })
            .collect()
    }
}

impl Player for AlphaBetaPlayer {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.depth)
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        let values = self.move_values(rules, state);
        let best = values.iter().map(|&(_, v)| v).max().ok_or_else(|| PlayerError("no legal move".into()))?;
        let top: Vec<usize> = values.iter().filter(|&&(_, v)| v == best).map(|&(p, _)| p).collect();
        Ok(top[rng.random_range(0..top.len() as u32) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabeta_sees_a_capture_two_moves_ahead() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Pit 3 (1 seed) makes 4 in pit 4 and the chain takes pit 5 (2): +6 at once.
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        let mut rng = crate::play::registry::game_rng(0, 0);
        let mut p = AlphaBetaPlayer { depth: 1 };
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(2));
        let values = AlphaBetaPlayer { depth: 4 }.move_values(&rules, &s);
        assert_eq!(values.len(), 3);
    }

    #[test]
    fn pruning_does_not_change_values() {
        // Alpha-beta against plain negamax (no pruning) on random positions.
        fn plain(rules: &Rules, s: &State, depth: u32) -> i32 {
            let Some(mover) = s.to_move() else { return 0 };
            if depth == 0 {
                return 0;
            }
            let before = rules.scores(s);
            rules
                .legal_moves(s)
                .iter()
                .map(|pit| {
                    let mut c = *s;
                    rules.apply(&mut c, pit);
                    let after = rules.scores(&c);
                    let gain = (after[mover] as i32 - before[mover] as i32)
                        - (after[1 - mover] as i32 - before[1 - mover] as i32);
                    gain + match c.to_move() {
                        None => 0,
                        Some(p) if p == mover => plain(rules, &c, depth - 1),
                        Some(_) => -plain(rules, &c, depth - 1),
                    }
                })
                .max()
                .unwrap()
        }
        let rules = crate::load_rules("koumma", None).unwrap();
        let mut rng = crate::play::registry::game_rng(5, 5);
        let mut s = rules.initial_state();
        while !s.is_over() {
            assert_eq!(negamax(&rules, &s, 5, i32::MIN / 2, i32::MAX / 2), plain(&rules, &s, 5));
            let pit = crate::play::registry::RandomPlayer.choose(&rules, &s, &mut rng).unwrap();
            rules.apply(&mut s, pit);
        }
    }
}

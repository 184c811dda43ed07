//! The random player, the yardstick of every comparison: uniform among the legal moves.

use rand::RngExt as _;

use crate::engine::{Move, Rules, State};

use super::player::{GameRng, Player, PlayerError};

/// Plays uniformly at random among the legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomPlayer;

impl RandomPlayer {
    /// A legal move of `state` at random (`None` once the game is over).
    #[inline]
    pub fn pick(rules: &Rules, state: &State, rng: &mut GameRng) -> Option<Move> {
        let moves = rules.legal_moves(state);
        let n = moves.len();
        if n == 0 {
            return None;
        }
        moves.nth(rng.random_range(0..n as u32) as usize)
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    #[inline(always)]
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        RandomPlayer::pick(rules, state, rng).ok_or_else(|| PlayerError::Failed("no legal move".into()))
    }
}

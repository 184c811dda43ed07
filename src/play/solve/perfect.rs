//! The perfect player: always a move of the best value by a solution table.

use std::sync::Arc;

use rand::RngExt as _;

use crate::engine::{Move, Rules, State};
use crate::play::player::{GameRng, Player, PlayerError};

use super::Solution;

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

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        if state.seeds_on_board() as usize > self.solution.max_seeds() {
            return Err(PlayerError::Failed(format!(
                "the position holds {} seeds, more than the solution's {}",
                state.seeds_on_board(),
                self.solution.max_seeds()
            )));
        }
        self.solution.best_move(rules, state, |n| rng.random_range(0..n as u32) as usize).ok_or_else(|| {
            PlayerError::Failed(if self.solution.value(rules, state).is_none() {
                "the position is not in the solution table, which holds the positions reachable from another start (solve with --strong for every one)".into()
            } else {
                "no legal move".into()
            })
        })
    }
}

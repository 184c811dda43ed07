//! The greedy player: the biggest capture now, nothing further.

use rand::RngExt as _;

use crate::engine::{Move, Rules, State};

use super::player::{GameRng, Player, PlayerError};

/// Takes the move that captures the most seeds, at random among equals.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        let mut best = None;
        let mut best_gain = 0;
        let mut ties = 0u32;
        for mv in rules.legal_moves(state).iter() {
            let mut after = *state;
            let gain = rules.apply(&mut after, mv).captured;
            if best.is_none() || gain > best_gain {
                (best, best_gain, ties) = (Some(mv), gain, 1);
            } else if gain == best_gain {
                // Reservoir sampling: each of the k equal moves is kept with probability 1/k.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(mv);
                }
            }
        }
        best.ok_or_else(|| PlayerError::Failed("no legal move".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_move;
    use crate::play::player::game_rng;

    #[test]
    fn greedy_takes_the_biggest_capture() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Pit 1 (1 seed) makes 2 in pit 2: 2 seeds; pit 2 (1 seed) makes 2 in pit 3: 2 seeds;
        // pit 3 (1 seed) makes 4 in pit 4 and the chain takes pit 5 (2): 6 seeds.
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        let mut rng = game_rng(0, 0);
        for _ in 0..20 {
            assert_eq!(GreedyPlayer.choose(&rules, &s, &mut rng), Ok(parse_move(&rules, "3").unwrap()));
        }
    }
}

//! A game played move after move: its position and the positions it went through since the
//! last capture, which the rule of repetition needs and a [`State`] does not hold.

use super::compile::Rules;
use super::history::History;
use super::moves::{IllegalMove, Move, MoveSummary, Observer};
use super::state::State;

/// A game of some rules, from some position.
#[derive(Debug, Clone)]
pub struct Game<'r> {
    rules: &'r Rules,
    state: State,
    history: History,
}

impl<'r> Game<'r> {
    /// A game from `start`, which counts as seen.
    pub fn new(rules: &'r Rules, start: State) -> Game<'r> {
        let mut game = Game { rules, state: start, history: History::new() };
        game.restart(start);
        game
    }

    /// Starts again from `start`, keeping the memory of the last game's positions.
    pub fn restart(&mut self, start: State) {
        self.state = start;
        self.history.clear();
        if self.rules.t.repetition {
            self.history.note(&start, start.to_move);
        }
    }

    /// The game taken apart: its position and the positions seen since the last capture,
    /// for a caller that keeps a game between moves without borrowing its rules (the Python
    /// package); [`Game::resume`] puts them back together.
    pub fn into_parts(self) -> (State, History) {
        (self.state, self.history)
    }

    /// A game at `state`, having seen the positions of `history` (from [`Game::into_parts`]
    /// of a game of the same rules).
    pub fn resume(rules: &'r Rules, state: State, history: History) -> Game<'r> {
        Game { rules, state, history }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// Plays `mv` after checking that it is legal.
    pub fn play<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<MoveSummary, IllegalMove> {
        let mv = if self.state.moves.contains(mv) { mv } else { self.rules.resolve(mv)? };
        self.rules.check_move(&self.state, mv)?;
        Ok(self.apply_observed(mv, obs))
    }

    /// Plays a legal move.
    #[inline]
    pub fn apply(&mut self, mv: Move) -> MoveSummary {
        self.apply_observed(mv, &mut ())
    }

    /// Plays a legal move, telling `obs` each step.
    #[inline]
    pub fn apply_observed<O: Observer>(&mut self, mv: Move, obs: &mut O) -> MoveSummary {
        self.rules.apply_in(&mut self.state, mv, obs, Some(&mut self.history))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_taken_apart_and_resumed_at_every_move_plays_as_one_kept_whole() {
        // Leb-bbut-ahbochen's games end on a repeated position: the history must come back.
        for name in ["oware", "leb-bbut-ahbochen"] {
            let rules = crate::load_rules(name, None).unwrap();
            let mut repeated = 0;
            for g in 0..200u64 {
                let mut whole = Game::new(&rules, rules.initial_state());
                let mut parts = Game::new(&rules, rules.initial_state()).into_parts();
                let mut seed = g.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                while !whole.state().is_over() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let moves = rules.legal_moves(whole.state());
                    let mv = moves.nth(seed as usize % moves.len()).unwrap();
                    whole.apply(mv);
                    let mut resumed = Game::resume(&rules, parts.0, parts.1);
                    resumed.apply(mv);
                    parts = resumed.into_parts();
                    assert_eq!(&parts.0, whole.state(), "{name}, game {g}");
                }
                repeated += usize::from(whole.state().end() == Some(super::super::EndReason::Repetition));
            }
            assert!(repeated > 0, "{name}: some games ended on a repeated position");
        }
    }
}

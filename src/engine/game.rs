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

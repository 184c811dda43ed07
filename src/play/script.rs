//! A scripted player: a fixed list of moves, such as a recorded opening.

use std::sync::Arc;

use crate::engine::{Move, Rules, State};

use super::player::{GameRng, Player, PlayerError};
use super::random::RandomPlayer;

/// Plays a fixed list of moves, its own moves in order, from the start of each game. With
/// `fallback`, an illegal or missing move is replaced by a random one; without, it is an
/// error.
#[derive(Debug, Clone)]
pub struct ScriptPlayer {
    name: Arc<str>,
    moves: Arc<[Move]>,
    next: usize,
    fallback: bool,
}

impl ScriptPlayer {
    pub fn new(name: Arc<str>, moves: Arc<[Move]>, fallback: bool) -> ScriptPlayer {
        ScriptPlayer { name, moves, next: 0, fallback }
    }
}

impl Player for ScriptPlayer {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn new_game(&mut self) {
        self.next = 0;
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        let index = self.next;
        self.next += 1;
        let problem = match self.moves.get(index) {
            None => format!("the script has no move left (it holds {})", self.moves.len()),
            Some(&mv) => match rules.check_move(state, mv) {
                Ok(()) => return Ok(mv),
                Err(e) => format!("its move {} (pit {mv}) is illegal: {e}", index + 1),
            },
        };
        if self.fallback {
            return RandomPlayer.choose(rules, state, rng);
        }
        Err(PlayerError::Failed(problem))
    }
}

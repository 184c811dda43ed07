//! What every player is: something that, given the rules, a position and the random stream of
//! its seat, answers with a legal move. The games it plays depend on nothing else, so every
//! game can be replayed from its seed.

use std::fmt;

use rand::SeedableRng as _;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Move, Rules, State};
use crate::error::{Failure, Status};

/// The first position of game `game` of a run seeded with `seed`: the rules' start, with the
/// game's own stream of chance where the rules draw at random (`... drawn at random on a
/// tie`), apart from every seat's so that no player's choices change the draws.
pub fn game_start(rules: &crate::engine::Rules, seed: u64, game: u64) -> crate::engine::State {
    let mut s = rules.initial_state();
    rules.seed_chance(&mut s, splitmix(splitmix(seed ^ splitmix(game)) ^ splitmix(u64::MAX / 3)));
    s
}

/// The random stream of one seat in one game.
pub type GameRng = Xoshiro256PlusPlus;

/// One step of SplitMix64: a well-mixed 64-bit value from any counter.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random stream of game `game` of a run seeded with `seed`: it depends on nothing else,
/// so games can be played in any order, on any thread or machine.
pub fn game_rng(seed: u64, game: u64) -> GameRng {
    GameRng::seed_from_u64(splitmix(seed ^ splitmix(game)))
}

/// The random stream of one seat in one game: changing the player in one seat leaves the
/// choices of the others unchanged.
pub fn seat_rng(seed: u64, game: u64, seat: usize) -> GameRng {
    GameRng::seed_from_u64(splitmix(splitmix(seed ^ splitmix(game)) ^ splitmix(!(seat as u64))))
}

/// Why a player gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerError {
    /// It cannot go on: a script that ran out, a position its table does not hold.
    Failed(String),
    /// It was asked to stop (Ctrl-C) while it thought.
    Cancelled,
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Failed(why) => f.write_str(why),
            PlayerError::Cancelled => f.write_str("stopped before it chose a move"),
        }
    }
}

impl std::error::Error for PlayerError {}

impl Failure for PlayerError {
    fn status(&self) -> Status {
        match self {
            PlayerError::Failed(_) => Status::Failed,
            PlayerError::Cancelled => Status::Interrupted,
        }
    }
}

/// Anything that plays: random, scripted, searching, a person at a terminal.
pub trait Player {
    /// How the player is named in results: `random`, `greedy`, ...
    fn name(&self) -> String;

    /// A legal move in `state`, which is not over.
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError>;

    /// Called before each game, so that one player can play many games without being made
    /// anew (a script starts again from its first move).
    fn new_game(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn game_streams_differ_by_seed_game_and_seat() {
        let a = game_rng(0, 0).next_u64();
        assert_eq!(a, game_rng(0, 0).next_u64());
        assert_ne!(a, game_rng(0, 1).next_u64());
        assert_ne!(a, game_rng(1, 0).next_u64());
        assert_ne!(game_rng(1, 2).next_u64(), game_rng(2, 1).next_u64());
        assert_ne!(seat_rng(0, 0, 0).next_u64(), seat_rng(0, 0, 1).next_u64());
    }
}

//! Players: whatever chooses a move in a position. A player sees the rules, the position and a
//! random stream of its game, and answers with a legal pit; the games it plays never depend on
//! anything else, so every game can be replayed from its seed.

use std::fmt;

use rand::{RngExt as _, SeedableRng as _};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::compile::Rules;
use crate::engine::State;

/// The random stream of one game.
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

/// A player that cannot go on (a script that ran out, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayerError {}

/// Anything that plays: random, scripted, searching, a person at a terminal.
pub trait Player {
    /// How the player is named in results: `random`, `greedy`, ...
    fn name(&self) -> String;

    /// A legal pit (0-based) to play in `state`, which is not over.
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError>;
}

/// Plays uniformly at random among the legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    #[inline]
    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<usize, PlayerError> {
        let moves = rules.legal_moves(state);
        let k = rng.random_range(0..moves.len() as u32) as usize;
        Ok(moves.nth(k).expect("k is below the number of moves"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn game_streams_differ_by_seed_and_game() {
        let a = game_rng(0, 0).next_u64();
        assert_eq!(a, game_rng(0, 0).next_u64());
        assert_ne!(a, game_rng(0, 1).next_u64());
        assert_ne!(a, game_rng(1, 0).next_u64());
        assert_ne!(game_rng(1, 2).next_u64(), game_rng(2, 1).next_u64());
    }
}

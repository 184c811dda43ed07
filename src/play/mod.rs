//! Whatever chooses a move. [`player`] is what every player is (the trait, the random stream
//! of a seat); [`random`], [`greedy`] and [`script`] are the simple players, [`search`] looks
//! ahead with alpha-beta, [`mcts`] with Monte Carlo tree search, [`solve`] solves a variant and plays it perfectly. [`registry`]
//! reads players by name, above all of them.

pub mod greedy;
pub mod mcts;
pub mod player;
pub mod random;
pub mod registry;
pub mod script;
pub mod search;
pub mod solve;

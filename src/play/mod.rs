//! Whatever chooses a move: the random, greedy and scripted players, alpha-beta search, and
//! the perfect player of a solved variant ([`solve`]).

pub mod registry;
pub mod search;
pub mod solve;

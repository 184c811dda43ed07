//! Checked rules -> play: [`compile`] turns a [`crate::lang::spec::Spec`] into the tables of a
//! [`Rules`]; the engine reads them to give positions, legal moves, moves and results, with no
//! allocation per move. [`replay`] plays a list of moves and tells what each did.

pub mod compile;
pub mod replay;
mod state;

pub use compile::{Rules, compile};
pub use state::*;

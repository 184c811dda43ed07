//! Checked rules -> play: [`compile`] turns a [`crate::lang::spec::Spec`] into the tables of a
//! [`Rules`]; the engine reads them to give positions, legal moves, moves and results, with no
//! allocation per move. [`notation`] is the written form of moves and positions; [`replay`]
//! plays a list of moves and tells what each did.

pub mod compile;
mod end;
mod game;
mod hand;
mod held;
mod history;
mod lap;
mod legal;
mod moves;
pub mod notation;
mod phase;
pub mod replay;
mod rounds;
mod sow;
mod staged;
mod state;
mod step;
mod stones;
mod turn;

pub use compile::{Rules, compile};
pub use game::Game;
pub use history::History;
pub use moves::{Destination, Drawn, IllegalMove, Move, MoveDirection, MoveSet, MoveSummary, Observer};
pub use state::{EndReason, Outcome, PositionError, State};
pub use step::Step;

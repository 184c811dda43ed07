//! End places and big stones: a pit of each row that is an end place (on the circuit, sown
//! into, never played, nobody's while the game goes on), a big stone that starts in each end
//! place (a piece of a second kind, taken whole), what a big stone counts for, the end when
//! no big stone is left on the board, and a row refilled from the captures when it is empty.
//! The same types serve the syntax tree (spans, numbers as written) and the checked
//! [`super::spec::Spec`].

use super::phases::SeatPit;
use super::syntax::{Number, Spanned};

/// `each player's leftmost pit is an end place with a big stone`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndPlaceLine {
    pub pit: Spanned<SeatPit>,
    pub big_stone: bool,
}

/// `after each lap, a player whose pits are all empty puts 1 captured seed into each of them`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRefillLine {
    /// After each lap (`true`) or after each move.
    pub after_each_lap: bool,
    pub seeds: Number,
}

/// `a big stone counts as 10 seeds`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneWorth(pub Number);

/// `game over when no big stone is on the board`, and the outcome its line gives, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoStoneEnd {
    pub outcome: Option<crate::lang::syntax::Spanned<crate::lang::syntax::EndOutcome>>,
}

/// The checked rules of end places and big stones: none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stones {
    /// Each player's end place: this pit of their row.
    pub end_place: Option<SeatPit>,
    /// A big stone starts in each end place.
    pub big_stones: bool,
    /// What a big stone counts for in its taker's score, in seeds.
    pub worth: u8,
    /// The game is over when no big stone is left on the board.
    pub over_when_none: bool,
    /// Seeds put into each pit of an empty row from the captures: (seeds, after each lap).
    pub refill: Option<(u8, bool)>,
}

impl Stones {
    /// Does the variant have any of them?
    pub fn any(&self) -> bool {
        *self != Stones::default()
    }
}

//! Which moves may be played, beyond the seeds a pit needs: a pit of a single seed played only
//! in some positions (`a pit of one seed may be played only when no pit of the mover's holds 2
//! or more, and only when the next pit is empty`), and a move that must be played when there is
//! one, by a test of the places its last seed will reach (`a move whose last pit is in the
//! mover's inner row and the opposite pit is occupied before the move must be played when there
//! is one`). The same types serve the syntax tree (counts as written) and the checked
//! [`super::spec::Spec`], through the count type `C`, as [`super::lap_rule`]'s do.

use super::counts::CountSet;
use super::lap_rule::Condition;
use super::syntax::{Direction, WrittenCounts};

/// `a pit of one seed may be played only when no pit of the mover's holds 2 or more, and only
/// when the next pit is empty, and then the move ends`: when a pit of a single seed may be
/// played, whatever the seeds a pit needs (Nsolo, Musoro Tsoro).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneSeed<C> {
    /// `no pit of the mover's holds 2 or more`: the counts none of the mover's pits may hold.
    pub unless: Option<C>,
    /// `the next pit is empty`: the pit the seed goes into, in the way the move sows.
    pub next_empty: bool,
    /// `and then the move ends`: no rule after each lap, relay or capture follows its lap.
    pub ends: bool,
}

/// The line as written.
pub type OneSeedLine = OneSeed<WrittenCounts>;

/// `a counter-clockwise move whose last pit is in the mover's inner row and the opposite pit is
/// occupied before the move must be played when there is one`: while some move (of that way,
/// or any) passes the test, the moves of that way that fail it may not be played. The test is
/// the conditions of the rules after each lap, their places named from the pit the move's last
/// seed will reach (counted, not played out), their counts read before the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MustPlay<C> {
    /// The moves the rule speaks of: of one way, or every move.
    pub way: Option<Direction>,
    pub conditions: Vec<Condition<C>>,
}

/// The line as written; the conditions with the spans of the line.
pub type MustPlayLine = MustPlay<WrittenCounts>;

/// What the mover may choose at a relay: its way, as a move from its pit would
/// (`a relay sows as a move from its pit would`: Kubuguza, Choro), and whether to relay at all
/// from some pits (`the mover may decline a relay from the rightmost pit of their outer row`:
/// Musoro Tsoro's musoro). Each is a choice within the move ([`crate::engine::Step`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Relays {
    /// A relay sows the way its pit sows: either way, as the mover chooses, from a pit that
    /// sows either way, under the rule of the way allowed only when a test holds.
    pub as_a_move: bool,
    /// For each player, the pits (a mask, bit 0 for pit 1) from which they may decline a
    /// relay, ending the move there; empty if no line says.
    pub declined: Vec<u64>,
}

/// `a relay sows as a move from its pit would`, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelayAsMove;

/// `the mover may decline a relay from PITS`, as written: the pits named from each player's
/// seat, as a direction by pit names them.
pub type RelayDeclineLine = Vec<(super::syntax::PitGroup, Option<super::syntax::RowPart>)>;
/// `each player's leftmost pit may be played only when it holds 4 or more seeds or when no
/// other pit can be played`: a pit named from each player's seat (on 3 rows, of their whole
/// row) played only when it holds one of the counts, or when its owner has no other move
/// (Gabata's leftmost pit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatOnly<C> {
    pub pit: crate::lang::phases::SeatPit,
    pub counts: C,
}

/// The line as written.
pub type SeatOnlyLine = SeatOnly<WrittenCounts>;

/// The rules of this module a checked variant has: none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Legality {
    pub one_seed: Option<OneSeed<CountSet>>,
    pub must: Option<MustPlay<CountSet>>,
    /// `a move whose last pit ... before the move may not be played`: the moves that pass the
    /// test are not legal (the opening's moves are not judged).
    pub never: Option<MustPlay<CountSet>>,
    pub relays: Option<Relays>,
    pub seat_only: Option<SeatOnly<CountSet>>,
}

impl Legality {
    /// Does the variant have any of them?
    pub fn any(&self) -> bool {
        self.one_seed.is_some()
            || self.must.is_some()
            || self.never.is_some()
            || self.relays.is_some()
            || self.seat_only.is_some()
    }
}

/// A test of the places a move's last seed will reach, in the words of the lines (`the last
/// pit is in the mover's inner row and the opposite pit is occupied`).
pub fn conditions_words(conditions: &[Condition<CountSet>]) -> String {
    let words: Vec<String> = conditions.iter().map(super::describe::condition_words).collect();
    super::words::and_list(&words)
}

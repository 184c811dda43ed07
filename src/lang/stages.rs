//! A game played in stages: a rearrangement before play (`until both players pass in turn,
//! each player moves a seed from one of their pits to another of theirs, and may pass when
//! ...`: Quela), and per-player stages of the starting pit after it (`until the opponent has
//! captured 2 or more seeds, a move starts from a pit holding 1 or 2, then one move from a pit
//! holding the most seeds, then from any pit`). The same types serve the syntax tree (counts
//! as written) and the checked [`super::spec::Spec`], through the count type `C`.

use super::counts::CountSet;
use super::syntax::{PitGroup, RowPart, WrittenCounts};

/// A condition for a pass in the rearrangement, as written.
#[derive(Debug, Clone)]
pub enum PassWhen {
    /// `the leftmost pit of their outer row holds more than any other pit of theirs`.
    Most(PitGroup, Option<RowPart>),
    /// `each pit of their inner row holds 1`.
    Each(RowPart, WrittenCounts),
}

/// The rearrangement line, as written: the conditions of a pass.
#[derive(Debug, Clone)]
pub struct RearrangeLine {
    pub pass: Vec<PassWhen>,
}

/// The stages line, as written.
#[derive(Debug, Clone)]
pub struct StagesLine {
    /// `until the opponent has captured 2 or more seeds`.
    pub until: WrittenCounts,
    /// `a move starts from a pit holding 1 or 2`.
    pub from: WrittenCounts,
    /// `then one move from a pit holding the most seeds`.
    pub most: bool,
}

/// The rearrangement, checked: a pass is allowed when each player's `most` pits (a mask, bit 0
/// for pit 1; none: no such condition) each hold more than every other pit of theirs, and each
/// of their `each` pits holds one of `each_counts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rearrange {
    pub most: [u64; 2],
    pub each: [u64; 2],
    pub each_counts: Option<CountSet>,
}

/// The stages, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stages {
    pub until: CountSet,
    pub from: CountSet,
    pub most: bool,
}

/// A game's stages: none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Staging {
    pub rearrange: Option<Rearrange>,
    pub stages: Option<Stages>,
    /// `player to move cannot move: they pass before the last stage, and lose in it`.
    pub lose_in_last: bool,
}

impl Staging {
    pub fn any(&self) -> bool {
        self.rearrange.is_some() || self.stages.is_some()
    }
}

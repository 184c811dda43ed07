//! Moves: what a player chooses, the set of legal ones, what a move did, and why one cannot be
//! played. Their written form is [`super::notation`]'s.

use std::fmt;

use crate::error::{Failure, Status};
use crate::lang::spec::MAX_PITS;

use super::state::EndReason;

/// A move: the pit whose seeds are lifted and sown. Every move names a pit of some board
/// (fewer than [`MAX_PITS`]); whether it is legal is the rules' question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pit: u8,
}

impl Move {
    /// The move that sows `pit` (0-based), if a board can have that pit.
    pub const fn from_pit(pit: usize) -> Option<Move> {
        if pit < MAX_PITS { Some(Move { pit: pit as u8 }) } else { None }
    }

    /// The pit sown (0-based).
    #[inline(always)]
    pub fn pit(self) -> usize {
        self.pit as usize
    }
}

/// The written form of a move: its pit number, 1-based (`3`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pit + 1)
    }
}

/// Moves are written in records and reports as they are typed: `"3"`.
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The legal moves of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(pub(crate) u64);

impl MoveSet {
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn contains(self, m: Move) -> bool {
        self.0 >> m.pit & 1 != 0
    }

    /// The `k`-th move of the set, in pit order.
    #[inline]
    pub fn nth(self, k: usize) -> Option<Move> {
        let mut m = self.0;
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Move { pit: m.trailing_zeros() as u8 })
    }

    pub fn iter(self) -> impl Iterator<Item = Move> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let p = m.trailing_zeros() as u8;
                m &= m - 1;
                Move { pit: p }
            })
        })
    }
}

/// What a move did, in brief.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSummary {
    pub mv: Move,
    /// Seeds lifted from the pit.
    pub lifted: u8,
    /// The pit the last seed fell into (0-based).
    pub last: usize,
    /// Seeds captured by the move.
    pub captured: u16,
    /// Pits captured by the move (the landing pit and its chain).
    pub captured_pits: u8,
    /// Its captures would have left every pit of the opponent empty (a grand slam), and so
    /// were not made.
    pub grand_slam: bool,
}

/// Sees the steps of a move as they happen: each seed sown, each pit captured, each player who
/// had to pass. The default methods do nothing, and `()` observes nothing at no cost.
pub trait Observer {
    /// Does [`Observer::sow`] want each seed? An observer that says no is never told of
    /// seeds, and the engine may sow a whole hand at once.
    const HEARS_SEEDS: bool = true;
    #[inline(always)]
    fn sow(&mut self, _pit: usize) {}
    #[inline(always)]
    fn capture(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn pass(&mut self, _player: usize) {}
}

impl Observer for () {
    const HEARS_SEEDS: bool = false;
}

/// Why a move cannot be played in a position. Pits and players are 1-based, as the user
/// counts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    NoSuchPit { pit: usize, pits: usize },
    Empty { pit: usize },
    NotOwn { pit: usize, owner: usize, mover: usize },
    TooFew { pit: usize, seeds: u8, needed: u8 },
    GameOver { plies: u32, reason: EndReason },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchPit { pit, pits } => {
                write!(f, "there is no pit {pit}: pits are numbered 1 to {pits}")
            }
            IllegalMove::Empty { pit } => write!(f, "pit {pit} is empty"),
            IllegalMove::NotOwn { pit, owner, mover } => {
                write!(f, "pit {pit} belongs to player {owner}, and it is player {mover}'s turn")
            }
            IllegalMove::TooFew { pit, seeds, needed } => write!(
                f,
                "pit {pit} holds {seeds} seed{}, and a pit needs {needed} to be played",
                if *seeds == 1 { "" } else { "s" }
            ),
            IllegalMove::GameOver { plies, reason } => {
                write!(f, "the game is already over: it ended after ply {plies} ({})", reason.words())
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A move that is well written but cannot be played where it is: found by playing.
impl Failure for IllegalMove {
    fn status(&self) -> Status {
        Status::Failed
    }
}

//! Moves: what a player chooses, the set of legal ones, what a move did, and why one cannot be
//! played. Their written form is [`super::notation`]'s.

use std::fmt;

use crate::error::{Failure, Status};
use crate::lang::spec::MAX_PITS;

use super::state::EndReason;

/// Which way a move sows: the one way its pit sows, or the way the mover chose for a pit that
/// sows either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveDirection {
    /// The pit's own direction (the only one it has).
    Given = 0,
    Clockwise = 1,
    CounterClockwise = 2,
}

/// A move: the pit whose seeds are lifted and sown, and for a pit that sows either way, the
/// direction chosen. Every move names a pit of some board (fewer than [`MAX_PITS`]); whether
/// it is legal is the rules' question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pit: u8,
    direction: MoveDirection,
}

impl Move {
    /// The move that sows `pit` (0-based) its own way, if a board can have that pit.
    pub const fn from_pit(pit: usize) -> Option<Move> {
        Move::new(pit, MoveDirection::Given)
    }

    /// The move that sows `pit` (0-based) in `direction`, if a board can have that pit.
    pub const fn new(pit: usize, direction: MoveDirection) -> Option<Move> {
        if pit < MAX_PITS { Some(Move { pit: pit as u8, direction }) } else { None }
    }

    /// The pit sown (0-based).
    #[inline(always)]
    pub fn pit(self) -> usize {
        self.pit as usize
    }

    #[inline(always)]
    pub fn direction(self) -> MoveDirection {
        self.direction
    }
}

/// The written form of a move: its pit number, 1-based (`3`), with the direction chosen for
/// a pit that sows either way (`2cw`, `2ccw`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = match self.direction {
            MoveDirection::Given => "",
            MoveDirection::Clockwise => "cw",
            MoveDirection::CounterClockwise => "ccw",
        };
        write!(f, "{}{way}", self.pit + 1)
    }
}

/// Moves are written in records and reports as they are typed: `"3"`.
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The legal moves of a position: a mask of pits for each [`MoveDirection`] (only the first
/// is used where every pit sows one way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(pub(crate) [u64; 3]);

impl MoveSet {
    /// Pits sown their own way only.
    #[inline(always)]
    pub(crate) fn given(pits: u64) -> MoveSet {
        MoveSet([pits, 0, 0])
    }

    #[inline]
    pub fn len(self) -> usize {
        // Counting bits is a dozen instructions without a popcount instruction: count the
        // words of chosen directions only where there are some.
        let given = self.0[0].count_ones() as usize;
        if self.0[1] | self.0[2] == 0 {
            given
        } else {
            given + (self.0[1].count_ones() + self.0[2].count_ones()) as usize
        }
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    #[inline]
    pub fn contains(self, m: Move) -> bool {
        self.0[m.direction as usize] >> m.pit & 1 != 0
    }

    /// The `k`-th move of the set, in pit order (a pit's clockwise move before its
    /// counter-clockwise one).
    #[inline]
    pub fn nth(self, k: usize) -> Option<Move> {
        if self.0[1] | self.0[2] != 0 {
            return self.iter().nth(k);
        }
        let mut m = self.0[0];
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Move { pit: m.trailing_zeros() as u8, direction: MoveDirection::Given })
    }

    pub fn iter(self) -> impl Iterator<Item = Move> {
        const WAYS: [MoveDirection; 3] =
            [MoveDirection::Given, MoveDirection::Clockwise, MoveDirection::CounterClockwise];
        let words = self.0;
        let mut pits = words[0] | words[1] | words[2];
        let mut way = 0;
        std::iter::from_fn(move || {
            while pits != 0 {
                let p = pits.trailing_zeros();
                while way < 3 {
                    let w = way;
                    way += 1;
                    if words[w] >> p & 1 != 0 {
                        return Some(Move { pit: p as u8, direction: WAYS[w] });
                    }
                }
                pits &= pits - 1;
                way = 0;
            }
            None
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
    /// The last seed of a lap fell into `pit`, which now holds `seeds`: they are lifted and
    /// sown on (relay sowing).
    #[inline(always)]
    fn relay(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn capture(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn pass(&mut self, _player: usize) {}
    /// `pit` became `player`'s claimed pit (`claim the last pit`).
    #[inline(always)]
    fn claim(&mut self, _pit: usize, _player: usize) {}
    /// The `seeds` of claimed `pit` went to its claimer, `player` (`seeds in a claimed pit go
    /// to its claimer ...`).
    #[inline(always)]
    fn to_claimer(&mut self, _pit: usize, _seeds: u8, _player: usize) {}
    /// A round of a game of rounds is over (`round` counts from 1), each player having taken
    /// the seeds of their own pits.
    #[inline(always)]
    fn round_over(&mut self, _round: u16) {}
    /// Between rounds, `pit` was filled with `seeds` from its owner's hand.
    #[inline(always)]
    fn fill(&mut self, _pit: usize, _seeds: u8) {}
    /// The placer's hand empty, `player` copied the arrangement into the opposite pits.
    #[inline(always)]
    fn copy(&mut self, _player: usize) {}
}

impl Observer for () {
    const HEARS_SEEDS: bool = false;
}

/// Why a move cannot be played in a position. Pits and players are 1-based, as the user
/// counts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    NoSuchPit {
        pit: usize,
        pits: usize,
    },
    Empty {
        pit: usize,
    },
    NotOwn {
        pit: usize,
        owner: usize,
        mover: usize,
    },
    TooFew {
        pit: usize,
        seeds: u8,
        needed: u8,
    },
    GameOver {
        plies: u32,
        reason: EndReason,
    },
    /// The opponent has no seeds, and the move leaves them none.
    DoesNotFeed {
        pit: usize,
    },
    /// The move would capture every seed of the opponent, which the rules forbid.
    GrandSlam {
        pit: usize,
    },
    /// The pit sows either way: the move must say which (`2cw`, `2ccw`).
    NeedsDirection {
        pit: usize,
    },
    /// The pit sows one way only, and the move names the other.
    WrongDirection {
        pit: usize,
        its: &'static str,
    },
    /// The opening or the move once a game decides the moves, and this is not one of them;
    /// or the pit is a store on the circuit, which ordinary moves never play.
    NotNow {
        pit: usize,
        /// The pits that may be played (1-based).
        legal: Vec<usize>,
    },
    /// The pit is claimed, and a claimed pit cannot be played.
    Claimed {
        pit: usize,
        claimer: usize,
    },
    /// The player's first move must be from another pit.
    FirstMove {
        pit: usize,
        from: usize,
    },
    /// The pit is out of play for this round (or for good).
    OutOfPlay {
        pit: usize,
    },
    /// Between rounds: the pit is not one the mover may fill now.
    NotFillable {
        pit: usize,
        why: &'static str,
    },
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
            IllegalMove::DoesNotFeed { pit } => write!(
                f,
                "pit {pit} leaves the opponent without seeds, and a player must feed an opponent who has none"
            ),
            IllegalMove::GrandSlam { pit } => write!(
                f,
                "pit {pit} would capture every seed of the opponent (a grand slam), which the rules do not allow"
            ),
            IllegalMove::NeedsDirection { pit } => write!(
                f,
                "pit {pit} sows either way: write the direction after the pit, `{pit}cw` or `{pit}ccw`"
            ),
            IllegalMove::WrongDirection { pit, its } => {
                write!(f, "pit {pit} sows {its} only: write it `{pit}`")
            }
            IllegalMove::NotNow { pit, legal } => {
                let legal: Vec<String> = legal.iter().map(|p| p.to_string()).collect();
                write!(f, "pit {pit} cannot be played now: the rules allow only pit {}", legal.join(" or "))
            }
            IllegalMove::Claimed { pit, claimer } => {
                write!(f, "pit {pit} is claimed by player {claimer}, and a claimed pit cannot be played")
            }
            IllegalMove::FirstMove { pit, from } => {
                write!(f, "pit {pit} cannot be played: this player's first move must be from pit {from}")
            }
            IllegalMove::OutOfPlay { pit } => write!(f, "pit {pit} is out of play"),
            IllegalMove::NotFillable { pit, why } => {
                write!(f, "pit {pit} cannot be filled: {why}")
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

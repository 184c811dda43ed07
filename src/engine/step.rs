//! Choices within a move. A rule after a lap may ask the mover to choose (`take an occupied
//! pit of the opponent's, chosen by the mover`): the move pauses. The same player stays to
//! move, their legal moves are the options (pits), and the next move they play is the choice,
//! which the engine plays before it ends the move as any move ends. A pause is not a ply:
//! `plies` counts turns, so that the ply limit, the first moves and the statistics of game
//! length count as before. A choice of one option is made at once, and a choice of none is
//! not asked, so that a step is only ever a decision.
//!
//! Players need nothing new: a step is a move of the player to move, as an extra turn is. The
//! notation writes a turn's steps after its move with `/` (`4/13`).

use crate::lang::lap_rule::Receiver;

use super::compile::{GENERAL, Rules};
use super::history::History;
use super::moves::{IllegalMove, Move, MoveSummary, Observer, Ways};
use super::state::State;
use super::turn::at_least;

/// [`State::pending`]'s kind: a pit of the opponent's to take. The receiver of the take is in
/// the high bits.
const TAKE: u8 = 1;

/// What a paused move asks its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A pit of the opponent's that holds seeds, to take.
    Take,
}

impl Step {
    /// `take`, as programs read it (`sow play --format json`).
    pub fn name(self) -> &'static str {
        match self {
            Step::Take => "take",
        }
    }

    /// `take which pit?`, as a prompt asks it.
    pub fn question(self) -> &'static str {
        match self {
            Step::Take => "take which pit?",
        }
    }
}

impl State {
    /// The choice a paused move waits for, if the move is paused.
    pub fn pending(&self) -> Option<Step> {
        match self.pending & 0xf {
            TAKE => Some(Step::Take),
            _ => None,
        }
    }
}

fn receiver(code: u8) -> Receiver {
    match code {
        1 => Receiver::Opponent,
        2 => Receiver::Owner,
        3 => Receiver::Nobody,
        4 => Receiver::Sown,
        _ => Receiver::Mover,
    }
}

impl Rules {
    /// The pits of the opponent of `m` (two players) that hold seeds: what a chosen take may
    /// take.
    pub(crate) fn takeable(&self, s: &State, m: usize) -> u64 {
        self.t.masks_now(s, &self.t.own, 1 - m) & at_least(&s.pits, self.t.pits, 1)
    }

    /// A chosen take, met by a rule after a lap: made at once if there is one pit to take,
    /// asked for if there are several (the move pauses), skipped if there is none. Returns
    /// the pit to take now.
    pub(crate) fn ask_take(&self, s: &mut State, m: usize, to: Receiver) -> Option<usize> {
        let options = self.takeable(s, m);
        if options.count_ones() == 1 {
            return Some(options.trailing_zeros() as usize);
        }
        if options != 0 {
            s.pending = TAKE | (to as u8) << 4;
        }
        None
    }

    /// Ends a move that paused: the options become the mover's legal moves. True if it
    /// paused.
    pub(crate) fn paused(&self, s: &mut State) -> bool {
        if s.pending == 0 {
            return false;
        }
        s.moves = Ways::given(self.takeable(s, s.to_move as usize)).into();
        true
    }

    /// Plays the choice `mv` of a paused move, and ends the move.
    #[cold]
    #[inline(never)]
    pub(crate) fn play_step<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let mover = s.to_move;
        let m = mover as usize;
        let q = mv.pit();
        let to = receiver(s.pending >> 4);
        s.pending = 0;
        let seeds = s.pits[q];
        self.take_chosen(s, m, q, to, obs);
        self.after_general_move(s, mover, obs);
        let summary = MoveSummary {
            mv,
            lifted: 0,
            last: q,
            captured: seeds as u16,
            captured_pits: 1,
            grand_slam: false,
        };
        self.finish::<GENERAL, O>(s, mover, q, summary.captured, history, obs);
        summary
    }

    /// Why `mv` is not a choice of the paused move in `s`, if it is not.
    pub(crate) fn check_step(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        if s.moves.contains(mv) {
            return Ok(());
        }
        let options = s.moves.iter().fold(0u64, |m, o| m | 1 << o.pit());
        Err(IllegalMove::NotAChoice { given: mv, options })
    }
}

#[cfg(test)]
mod tests {
    /// The two bytes of a paused move come from the padding: every position copied costs what
    /// it did.
    #[test]
    fn a_pause_fits_the_state_s_padding() {
        assert_eq!(std::mem::size_of::<super::State>(), 184);
    }
}

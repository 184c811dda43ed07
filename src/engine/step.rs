//! Choices within a move. A rule after a lap may ask the mover to choose (`take an occupied
//! pit of the opponent's, chosen by the mover`), and so may a relay (its way, `a relay sows as
//! a move from its pit would`, or whether to relay at all, `the mover may decline a relay from
//! ...`): the move pauses. The same player stays to
//! move, their legal moves are the options (pits), and the next move they play is the choice,
//! which the engine plays before it ends the move as any move ends. A pause is not a ply:
//! `plies` counts turns, so that the ply limit, the first moves and the statistics of game
//! length count as before. A choice of one option is made at once, and a choice of none is
//! not asked, so that a step is only ever a decision.
//!
//! A relay's choice is a move of the relay's pit (`16cw`, or `8` for its one way), or
//! [`Move::PASS`] to decline it; the move goes on from there as it would have without the
//! pause, its laps counted across pauses (so that every move ends).
//!
//! Players need nothing new: a step is a move of the player to move, as an extra turn is. The
//! notation writes a turn's steps after its move with `/` (`4/13`, `9ccw/16cw`, `3/pass`).

use crate::lang::lap_rule::Receiver;
use crate::lang::spec::MAX_LAPS;

use super::compile::{GENERAL, Rules};
use super::history::History;
use super::moves::{IllegalMove, Move, MoveDirection, MoveSummary, Observer, Ways};
use super::state::State;
use super::turn::at_least;

/// [`State::pending`]'s kind: a pit of the opponent's to take. The receiver of the take is in
/// the high bits.
const TAKE: u8 = 1;
/// [`State::pending`]'s kind: a relay from `pending_at`, its way or whether to relay at all.
/// The move's direction (0 or 1), which a relay of one way keeps, is bit 7.
const RELAY: u8 = 2;
/// [`State::pending`]'s kind: the pit a seed lifted from `pending_at` goes to (the
/// rearrangement before play, [`super::staged`]).
pub(crate) const TARGET: u8 = 3;
/// With [`RELAY`]: the mover may do the line's other effects instead of the relay (`pass`);
/// the line is bits 10-15 of `pending_laps`, the laps made bits 0-9.
const INSTEAD: u8 = 0x10;
/// [`State::pending`]'s kind: an end of the mover's inner row to sow the seeds taken from.
/// `pending_at` is the lap's last pit; `pending_laps` holds the laps made (bits 0-9), the line
/// (bits 10-13) and the move's way (bit 15).
pub(crate) const END: u8 = 4;
/// [`State::pending`]'s kind: the pit the next seed of an opening's sowing falls into, the
/// pit the seed before it fell into (`pending_at`) or the pit after it. The seeds still in
/// the mover's hand are `pending_seeds`; the way is bit 7.
pub(crate) const DROP: u8 = 5;

/// What a paused move asks its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A pit of the opponent's that holds seeds, to take.
    Take,
    /// The way a relay sows (`16cw` or `16ccw`).
    Way,
    /// Whether to relay (a move of the relay's pit) or to end the move there (`pass`).
    Relay,
    /// The end of the mover's inner row to sow the seeds taken from (`12cw/9`).
    End,
    /// The pit of the mover's a seed lifted goes to (`3/9`).
    Target,
    /// The pit the next seed of a sowing falls into: the pit the seed before it fell into,
    /// or the pit after it (`2/3/3/4`).
    Drop,
}

impl Step {
    /// `take`, `way`, `relay`, as programs read it (`sow play --format json`).
    pub fn name(self) -> &'static str {
        match self {
            Step::Take => "take",
            Step::Way => "way",
            Step::Relay => "relay",
            Step::End => "end",
            Step::Target => "target",
            Step::Drop => "drop",
        }
    }

    /// `take which pit?`, as a prompt asks it.
    pub fn question(self) -> &'static str {
        match self {
            Step::Take => "take which pit?",
            Step::Way => "relay which way?",
            Step::Relay => "relay, or pass?",
            Step::End => "sow from which end?",
            Step::Target => "move the seed to which pit?",
            Step::Drop => "the next seed into which pit?",
        }
    }
}

impl State {
    /// The choice a paused move waits for, if the move is paused.
    pub fn pending(&self) -> Option<Step> {
        match self.pending & 0xf {
            TAKE => Some(Step::Take),
            TARGET => Some(Step::Target),
            DROP => Some(Step::Drop),
            RELAY if self.moves.contains(Move::PASS) => Some(Step::Relay),
            RELAY => Some(Step::Way),
            END => Some(Step::End),
            _ => None,
        }
    }

    /// The pit (0-based) a paused move asks about: the relay's pit, the pit a seed was
    /// lifted from, or the pit the last seed of a sowing fell into.
    pub fn pending_at(&self) -> Option<usize> {
        matches!(self.pending & 0xf, RELAY | TARGET | DROP).then_some(self.pending_at as usize)
    }

    /// The seeds a paused move holds in its mover's hand, still to be sown (an opening's
    /// sowing whose drops the mover chooses); 0 otherwise. With the pits, the captures and
    /// the seeds out of play they make every seed of the game.
    pub fn in_hand(&self) -> u32 {
        if self.pending & 0xf == DROP { self.pending_seeds as u32 } else { 0 }
    }
}

/// What a relay does when the rules may give its mover a choice.
pub(crate) enum RelayGo {
    /// It sows in this direction (0 or 1): no choice, or a single one.
    Way(usize),
    /// The move pauses for the mover's choice.
    Pause,
    /// The move ends (the only choice was to decline it).
    End,
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
    /// asked for if there are several (the move pauses), or if there is one and the mover may
    /// decline it (`declined`: `pass` is then an option), skipped if there is none. Returns
    /// the pit to take now.
    pub(crate) fn ask_take(&self, s: &mut State, m: usize, to: Receiver, declined: bool) -> Option<usize> {
        let options = self.takeable(s, m);
        // A take the mover may decline is asked for even with one pit to take.
        if options.count_ones() == 1 && !declined {
            return Some(options.trailing_zeros() as usize);
        }
        if options != 0 {
            s.pending = TAKE | (to as u8) << 4 | (declined as u8) << 7;
        }
        None
    }

    /// Ends a move that paused: the options become the mover's legal moves. True if it
    /// paused.
    pub(crate) fn paused(&self, s: &mut State) -> bool {
        if s.pending == 0 {
            return false;
        }
        s.moves = match s.pending & 0xf {
            TAKE => {
                let mut options: super::moves::MoveSet =
                    Ways::given(self.takeable(s, s.to_move as usize)).into();
                if s.pending >> 7 != 0 {
                    options.insert(Move::PASS);
                }
                options
            }
            END => {
                let (right, left) = self.inner_ends(s.to_move as usize);
                Ways::given(1 << right | 1 << left).into()
            }
            DROP => {
                let (q, d) = (s.pending_at as usize, (s.pending >> 7) as usize);
                Ways::given(1 << q | 1 << self.t.next[d][q]).into()
            }
            _ => {
                let q = s.pending_at as usize;
                let mut options = self.relay_options(s, s.to_move, q, Self::part(s));
                if s.pending & INSTEAD != 0 {
                    // The relay itself, where no rule of relays asks its way, and `pass`.
                    if options.is_empty() {
                        options.insert(Move::from_pit(q).expect("a pit of the board"));
                    }
                    options.insert(Move::PASS);
                }
                options
            }
        };
        true
    }

    /// A relay from `q` in a move going in direction `d`, after `laps` laps, where the rules
    /// may let the mover choose its way or decline it: goes on at once when there is one way
    /// and nothing to decline, else pauses the move.
    #[cold]
    #[inline(never)]
    pub(crate) fn relay_go(
        &self,
        s: &mut State,
        m: usize,
        q: usize,
        d: usize,
        laps: u32,
        part: Option<u8>,
    ) -> RelayGo {
        let options = self.relay_options(s, m as u8, q, part);
        match options.len() {
            0 => RelayGo::End,
            1 => match options.nth(0).expect("one option") {
                mv if mv.is_pass() => RelayGo::End,
                mv => RelayGo::Way(self.relay_way_of(mv, q, d)),
            },
            _ => {
                s.pending = RELAY | (d as u8) << 7;
                s.pending_at = q as u8;
                s.pending_laps = laps as u16;
                s.pending_seeds = part.unwrap_or(0);
                RelayGo::Pause
            }
        }
    }

    /// A relay from `q` that the mover may replace by other effects of line `line`
    /// (`relay from ... or, as the mover chooses, ...`): the move pauses, the relay and `pass`
    /// its options.
    pub(crate) fn pause_instead(
        &self,
        s: &mut State,
        q: usize,
        d: usize,
        laps: u32,
        line: u8,
        part: Option<u8>,
    ) {
        debug_assert!(line < 64 && laps < 1 << 10, "checked: 64 lines, and MAX_LAPS");
        s.pending = RELAY | INSTEAD | (d as u8) << 7;
        s.pending_at = q as u8;
        s.pending_laps = laps as u16 | (line as u16) << 10;
        s.pending_seeds = part.unwrap_or(0);
    }

    /// The seeds the relay a move paused at sows, where not all its pit holds (`sow only
    /// them`).
    fn part(s: &State) -> Option<u8> {
        (s.pending_seeds != 0).then_some(s.pending_seeds)
    }

    /// The direction (0 or 1) of the relay from `q` that `mv` chooses, `d` the move's.
    fn relay_way_of(&self, mv: Move, q: usize, d: usize) -> usize {
        match mv.direction() {
            MoveDirection::Given => self.relay_default_way(q, d),
            _ => self.direction_of(mv),
        }
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
        if s.pending & 0xf == RELAY {
            return self.resume_relay(s, mv, obs, history);
        }
        if s.pending & 0xf == END {
            return self.resume_end(s, mv, obs, history);
        }
        if s.pending & 0xf == TARGET {
            return self.place_seed(s, mv, obs, history);
        }
        if s.pending & 0xf == DROP {
            return self.drop_seed(s, mv, obs, history);
        }
        let mover = s.to_move;
        let m = mover as usize;
        let to = receiver(s.pending >> 4 & 7);
        s.pending = 0;
        // Declined: nothing taken, and the move ends.
        if mv.is_pass() {
            let summary = MoveSummary::new(mv, 0, 0);
            self.end_general_move(s, mover, summary, history, obs);
            return summary;
        }
        let q = mv.pit();
        let seeds = s.pits[q];
        self.take_chosen(s, m, q, to, obs);
        self.after_general_move(s, mover, obs);
        let summary = MoveSummary { captured: seeds as u16, captured_pits: 1, ..MoveSummary::new(mv, 0, q) };
        self.finish::<GENERAL, O>(s, mover, q, summary.captured, history, obs);
        summary
    }

    /// Plays the choice `mv` of a sowing paused for where its next seed falls: the seed falls
    /// there, and the move pauses again while the mover holds seeds, or ends.
    fn drop_seed<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let q = mv.pit();
        s.pits[q] += 1;
        obs.sow(q);
        s.pending_seeds -= 1;
        let summary = MoveSummary::new(mv, 0, q);
        if s.pending_seeds > 0 {
            s.pending_at = q as u8;
            self.paused(s);
            return summary;
        }
        (s.pending, s.pending_at) = (0, 0);
        self.end_general_move(s, s.to_move, summary, history, obs);
        summary
    }

    /// Ends a move of the general tier: what follows each move, then the turn passes.
    pub(crate) fn end_general_move<O: Observer>(
        &self,
        s: &mut State,
        mover: u8,
        summary: MoveSummary,
        history: Option<&mut History>,
        obs: &mut O,
    ) {
        // A game of rounds: the round may be over.
        if self.t.rounds.is_some() {
            return self.end_rounds_move(s, mover, summary, None, history, obs);
        }
        self.after_general_move(s, mover, obs);
        if self.t.stones.is_some() {
            self.refill_from_hand(s, false);
        }
        self.finish::<GENERAL, O>(s, mover, summary.last, summary.captured, history, obs);
    }

    /// Plays the choice `mv` of a move paused at a relay: the relay, the way chosen, and the
    /// rest of the move (which may pause again); or, with [`Move::PASS`], the end of the move.
    fn resume_relay<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let mover = s.to_move;
        let q = s.pending_at as usize;
        let d = (s.pending >> 7) as usize;
        let instead = s.pending & INSTEAD != 0;
        let (laps, line) = ((s.pending_laps & 0x3ff) as u32, (s.pending_laps >> 10) as usize);
        let part = Self::part(s);
        (s.pending, s.pending_at, s.pending_laps, s.pending_seeds) = (0, 0, 0, 0);
        let mut summary = MoveSummary::new(mv, 0, q);
        // Not the relay, but what the line lets the mover do instead; the move ends.
        if mv.is_pass() && instead {
            self.play_instead(s, line, q, d, &mut summary, obs);
        }
        if !mv.is_pass() && laps < MAX_LAPS {
            // Nothing is lifted by the choice itself: its lap is the move's relay.
            obs.relay(q, part.unwrap_or(s.pits[q]));
            summary = self
                .laps_from(
                    s,
                    mv,
                    q,
                    self.relay_way_of(mv, q, d),
                    laps + 1,
                    MAX_LAPS,
                    part,
                    false,
                    summary,
                    obs,
                )
                .0;
            if self.paused(s) {
                return summary;
            }
        }
        self.end_general_move(s, mover, summary, history, obs);
        summary
    }

    /// Plays the choice `mv` of a move paused for an end of the inner row: the line's takes,
    /// their seeds sown from that end, and the rest of the move (which may pause again).
    fn resume_end<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let mover = s.to_move;
        let kept = s.pending_laps;
        let at = (
            (kept >> 10 & 0xf) as usize,
            s.pending_at as usize,
            (kept >> 15) as usize,
            (kept & 0x3ff) as u32,
        );
        (s.pending, s.pending_at, s.pending_laps) = (0, 0, 0);
        let summary = self.end_chosen(s, mv, at, obs);
        if self.paused(s) {
            return summary;
        }
        self.end_general_move(s, mover, summary, history, obs);
        summary
    }

    /// Why `mv` is not a choice of the paused move in `s`, if it is not.
    pub(crate) fn check_step(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        if s.moves.contains(mv) {
            return Ok(());
        }
        Err(IllegalMove::NotAChoice {
            given: mv,
            asked: s.pending().expect("a paused move"),
            options: s.moves.iter().collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    /// The two bytes of a paused move come from the padding: every position copied costs what
    /// it did. The pits played from (`has been played from`) are one word more: 192 bytes, three
    /// cache lines as before, six 32-byte words. The stream of chance of the rules that draw
    /// (Gabata (Shoa I)) is one word more again: 200 bytes.
    #[test]
    fn a_pause_fits_the_state_s_padding() {
        assert_eq!(std::mem::size_of::<super::State>(), 200);
    }
}

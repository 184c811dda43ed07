//! A game in stages ([`crate::lang::stages`]), in the [`GENERAL`] tier: a rearrangement
//! before play, where a move takes one seed from a pit of the mover's to another of theirs
//! (a move of two steps, [`super::step`]: the pit lifted, then the pit it goes to, `3/9`), or
//! passes when the rule allows, until both players have passed in turn; then per-player
//! stages of the pit a move starts from. Only variants that have them come here
//! (`Tables::staged`).
//!
//! [`State::stage`] holds it all in one byte: two bits a player (their stage, 0 to 2), bit 6
//! while the rearrangement lasts, bit 7 when its last move was a pass.

use crate::lang::phases::seat_row;
use crate::lang::spec::Spec;

use super::compile::{Counts, GENERAL, Rules};
use super::history::History;
use super::moves::{Move, MoveSet, MoveSummary, Observer, Ways};
use super::state::{EndReason, State};
use super::turn::at_least;

/// [`State::stage`]: the rearrangement goes on.
const REARRANGING: u8 = 0x40;
/// [`State::stage`]: the rearrangement's last move was a pass.
const PASSED: u8 = 0x80;
/// A player's stage: the first (a move starts from a pit holding some counts), the move from
/// a pit holding the most, and any pit (the last).
const FIRST: u8 = 0;
const MOST: u8 = 1;
const LAST: u8 = 2;

/// The stages, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StageTable {
    /// [`State::stage`] at the start.
    pub start: u8,
    /// Each player's pits.
    own: [u64; 2],
    /// A pass in the rearrangement: each player's pits that must each hold more than every
    /// other pit of theirs, and their pits that must each hold one of `each_counts`.
    most: [u64; 2],
    each: [u64; 2],
    each_counts: Option<Counts>,
    /// The stages: the opponent's captures that end the first, the counts a first-stage move
    /// starts from, and whether one move from a pit holding the most follows.
    stages: Option<(Counts, Counts, bool)>,
    /// A player who cannot move passes before their last stage, and loses in it.
    pub lose_in_last: bool,
}

impl StageTable {
    pub fn new(spec: &Spec) -> Option<StageTable> {
        let st = &spec.staging;
        if !st.any() {
            return None;
        }
        let mut own = [0u64; 2];
        for (p, o) in own.iter_mut().enumerate() {
            *o = seat_row(&spec.owners, p as u8).into_iter().fold(0, |m, q| m | 1 << q);
        }
        let r = st.rearrange.as_ref();
        Some(StageTable {
            start: if r.is_some() { REARRANGING } else { 0 },
            own,
            most: r.map_or([0; 2], |r| r.most),
            each: r.map_or([0; 2], |r| r.each),
            each_counts: r.and_then(|r| r.each_counts.as_ref()).map(Counts::from_set),
            stages: st
                .stages
                .as_ref()
                .map(|s| (Counts::from_set(&s.until), Counts::from_set(&s.from), s.most)),
            lose_in_last: st.lose_in_last,
        })
    }

    /// The bytes of the rules' fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        out.extend(b"stages");
        out.push(self.start);
        for w in self.most.iter().chain(&self.each) {
            out.extend(w.to_le_bytes());
        }
        if let Some(c) = &self.each_counts {
            out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
        }
        if let Some((until, from, most)) = &self.stages {
            for c in [until, from] {
                out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
            }
            out.push(*most as u8);
        }
        out.push(self.lose_in_last as u8);
    }

    /// May player `p` pass in the rearrangement of `s`?
    fn may_pass(&self, s: &State, p: usize) -> bool {
        let own = self.own[p];
        let mut most = self.most[p];
        while most != 0 {
            let q = most.trailing_zeros() as usize;
            most &= most - 1;
            let mut others = own & !(1u64 << q);
            while others != 0 {
                let o = others.trailing_zeros() as usize;
                others &= others - 1;
                if s.pits[o] >= s.pits[q] {
                    return false;
                }
            }
        }
        if let Some(c) = &self.each_counts {
            let mut each = self.each[p];
            while each != 0 {
                let q = each.trailing_zeros() as usize;
                each &= each - 1;
                if !c.contains(s.pits[q]) {
                    return false;
                }
            }
        }
        true
    }
}

impl State {
    /// The stage of `player` (0-based) in a game of stages: 0 for the first, and so on; 0 in
    /// other games.
    pub fn stage(&self, player: usize) -> usize {
        (self.stage >> (2 * player.min(3)) & 3) as usize
    }

    /// Are the players rearranging their seeds before play?
    pub fn rearranging(&self) -> bool {
        self.stage & REARRANGING != 0
    }
}

impl Rules {
    /// The legal moves of `player`, as the stages allow them: the rearrangement's (each pit of
    /// theirs that holds seeds, and a pass when the rule allows it), or the moves of their
    /// stage among `s.moves`.
    #[cold]
    #[inline(never)]
    pub(crate) fn stage_moves(&self, s: &mut State, player: u8) {
        let Some(st) = self.t.staged.as_deref() else { return };
        let p = player as usize & 1;
        if s.stage & REARRANGING != 0 {
            let mut moves: MoveSet = Ways::given(st.own[p] & at_least(&s.pits, self.t.pits, 1)).into();
            if st.may_pass(s, p) {
                moves.insert(Move::PASS);
            }
            s.moves = moves;
            return;
        }
        let Some((_, from, _)) = &st.stages else { return };
        let own = st.own[p];
        let mask = match s.stage(p) as u8 {
            FIRST => (0..self.t.pits as usize)
                .filter(|&q| own >> q & 1 != 0 && s.pits[q] > 0 && from.contains(s.pits[q]))
                .fold(0u64, |m, q| m | 1 << q),
            MOST => {
                let most = (0..self.t.pits as usize).filter(|&q| own >> q & 1 != 0).map(|q| s.pits[q]).max();
                (0..self.t.pits as usize)
                    .filter(|&q| own >> q & 1 != 0 && Some(s.pits[q]) == most)
                    .fold(0u64, |m, q| m | 1 << q)
            }
            _ => return,
        };
        let mut kept = MoveSet::default();
        for mv in s.moves.iter() {
            if mv.is_pass() || mv.hand() > 0 || mask >> mv.pit() & 1 != 0 {
                kept.insert(mv);
            }
        }
        s.moves = kept;
    }

    /// A move of the rearrangement: a pass, or the pit a seed is lifted from, after which
    /// the move pauses for the pit it goes to.
    #[cold]
    #[inline(never)]
    pub(crate) fn rearrange<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let st = self.t.staged.as_deref().expect("stages");
        let mover = s.to_move;
        let summary = MoveSummary::new(mv, 0, 0);
        if mv.is_pass() {
            obs.pass(mover as usize);
            // Both players have passed in turn: play begins.
            s.stage =
                if s.stage & PASSED != 0 { s.stage & !(REARRANGING | PASSED) } else { s.stage | PASSED };
            self.finish::<GENERAL, O>(s, mover, 0, 0, history, obs);
            return summary;
        }
        let q = mv.pit();
        s.pending = super::step::TARGET;
        s.pending_at = q as u8;
        s.moves = Ways::given(st.own[mover as usize & 1] & !(1u64 << q)).into();
        // Nothing is sown yet: the seed moves with the second step.
        MoveSummary { last: q, ..summary }
    }

    /// The second step of a move of the rearrangement: the seed lifted goes to the pit `mv`.
    pub(crate) fn place_seed<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let mover = s.to_move;
        let (from, to) = (s.pending_at as usize, mv.pit());
        (s.pending, s.pending_at) = (0, 0);
        s.pits[from] -= 1;
        s.pits[to] += 1;
        s.stage &= !PASSED;
        obs.sow(to);
        obs.transfer(from, super::Destination::Pit(to), 1);
        self.finish::<GENERAL, O>(s, mover, to, 0, history, obs);
        MoveSummary::new(mv, 1, to)
    }

    /// After a move of play: the mover's move from a pit holding the most is made, and a
    /// player whose opponent has captured enough leaves their first stage.
    #[cold]
    #[inline(never)]
    pub(crate) fn advance_stages(&self, s: &mut State, mover: u8) {
        let Some((until, _, most)) = self.t.staged.as_deref().and_then(|st| st.stages.as_ref()) else {
            return;
        };
        let m = mover as usize & 1;
        if s.stage(m) as u8 == MOST {
            s.stage = s.stage & !(3 << (2 * m)) | LAST << (2 * m);
        }
        for p in 0..2 {
            let taken = s.captured[1 - p].min(u8::MAX as u16) as u8;
            if s.stage(p) as u8 == FIRST && until.contains(taken) {
                let next = if *most { MOST } else { LAST };
                s.stage = s.stage & !(3 << (2 * p)) | next << (2 * p);
            }
        }
    }

    /// A player without a move, in a game whose players pass before their last stage and
    /// lose in it: gives the turn to the next player who can move, or ends the game.
    #[cold]
    #[inline(never)]
    pub(crate) fn stuck_in_stage<O: Observer>(&self, s: &mut State, player: u8, obs: &mut O) {
        let mut p = player;
        for _ in 0..self.t.players {
            if s.stage(p as usize) as u8 == LAST || s.stage & REARRANGING != 0 {
                s.to_move = p;
                s.end = Some(EndReason::NoLegalMove);
                s.moves = MoveSet::default();
                return;
            }
            obs.pass(p as usize);
            p = if p + 1 == self.t.players { 0 } else { p + 1 };
            s.to_move = p;
            if self.set_moves_general(s, p) {
                return;
            }
        }
        s.end = Some(EndReason::NobodyCanMove);
    }
}

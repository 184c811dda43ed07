//! Seeds held in hand ([`crate::lang::phases::HandSowing`]) in the [`GENERAL`] tier: a
//! player's captures are their hand, and a move may sow 1 to all of them from a pit of their
//! row (`h3`); and a direction allowed only to a move that captures. Only variants that have
//! one come here (`Tables::phase`).

use super::compile::{GENERAL, Rules};
use super::moves::{IllegalMove, Move, MoveDirection, MoveSet, Observer};
use super::phase::NO_PIT;
use super::state::State;

impl Rules {
    /// The direction (0 or 1) a move sows, a move from the hand too: its entry pit's own, or
    /// the one the mover chose.
    #[inline]
    pub(crate) fn way_of(&self, mv: Move, m: usize) -> usize {
        if mv.hand() == 0 {
            return self.direction_of(mv);
        }
        let t = &self.t;
        match mv.direction() {
            MoveDirection::Given => {
                let entry = t.phase.as_deref().map_or(0, |ph| ph.hand_entry[m] as usize);
                t.pit_dir[entry.min(t.pits as usize - 1)] as usize
            }
            MoveDirection::CounterClockwise => 1 - t.cw as usize,
            MoveDirection::Clockwise => t.cw as usize,
        }
    }

    /// A move from the hand as these rules write it: a direction is needed where the entry
    /// pit sows either way; where it sows one way, `h3` is that way's move (a move from the
    /// hand always names its way in a move set).
    pub(crate) fn resolve_hand(&self, mv: Move) -> Result<Move, IllegalMove> {
        let t = &self.t;
        let why = |why: &str| Err(IllegalMove::FromHand { mv, why: why.into() });
        let Some(ph) = t.phase.as_deref().filter(|ph| ph.hand_entry[0] != NO_PIT) else {
            return why("the rules have no sowing from the hand");
        };
        let entry = ph.hand_entry[0] as usize;
        let choice = t.choice >> entry & 1 != 0;
        let own =
            if t.pit_dir[entry] == t.cw { MoveDirection::Clockwise } else { MoveDirection::CounterClockwise };
        match mv.direction() {
            MoveDirection::Given if choice => {
                why(&format!("the seeds sow either way: write the direction after it, `{mv}cw` or `{mv}ccw`"))
            }
            MoveDirection::Given => Ok(Move::from_hand(mv.hand(), own).expect("a count of the hand")),
            _ if choice => Ok(mv),
            d if d == own => Ok(mv),
            _ => why(&format!("the seeds sow one way only: write it `h{}`", mv.hand())),
        }
    }

    /// Why `mv` cannot put a seed from the hand into play in `s`, if it cannot: the pit alone
    /// is written, one of the pits the line names, and one a move that must be played allows.
    #[cold]
    pub(crate) fn check_placement(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        if s.moves.contains(mv) {
            return Ok(());
        }
        if mv.direction() != MoveDirection::Given {
            let alone = Move::from_pit(mv.pit()).expect("a pit of the board");
            return Err(IllegalMove::FromHand {
                mv,
                why: format!("while the mover holds seeds in hand, a move puts one of them into a pit: write the pit alone, `{alone}`").into(),
            });
        }
        let place = self.t.phase.as_deref().map_or(0, |ph| ph.place[s.to_move as usize]);
        if place >> mv.pit() & 1 != 0
            && let Some(must) = self.must_refusal(s, mv)
        {
            return Err(must);
        }
        let legal = s.moves.iter().filter(|m| m.hand() == 0 && !m.is_pass()).map(|m| m.pit() + 1).collect();
        Err(IllegalMove::NotNow { pit: mv.pit() + 1, legal })
    }

    /// The direction (0 or 1) allowed only to a move that captures, if one is.
    fn capture_only_way(&self) -> Option<usize> {
        let cw = self.t.phase.as_deref()?.only_if_captures?;
        Some(if cw { self.t.cw as usize } else { 1 - self.t.cw as usize })
    }

    /// Does `mv` sow the way allowed only to a capture, and capture nothing? Played out on a
    /// copy of `s`.
    pub(crate) fn fails_capture_rule(&self, s: &State, player: u8, mv: Move) -> bool {
        if self.capture_only_way() != Some(self.way_of(mv, player as usize)) {
            return false;
        }
        // Not in the player's first move (its relays included: `moved` is set as it ends).
        if self.t.phase.as_deref().is_some_and(|ph| ph.only_if_later) && s.moved >> (player & 7) & 1 == 0 {
            return true;
        }
        // Ludii's test: a place, named from the pit the last seed will reach, before the move.
        if let Some(tests) = self.t.phase.as_deref().and_then(|ph| ph.only_if_before.as_ref()) {
            return !self.holds_before(s, player, mv, tests);
        }
        let mut after = *s;
        after.to_move = player;
        self.sow_and_capture_any(&mut after, mv).captured == 0
    }

    /// Adds the moves from the hand to `player`'s legal moves in `s`, and keeps those of the
    /// way allowed only to a capture only if they capture. They are ordinary moves: none in a
    /// set-up, a fill or a move the phases make.
    #[cold]
    #[inline(never)]
    pub(crate) fn add_hand_moves(&self, s: &mut State, player: u8) {
        let Some(ph) = self.t.phase.as_deref() else { return };
        if s.phase != super::rounds::PLAY || ph.moves(s, player).is_some() {
            return;
        }
        let mut all = s.moves;
        let m = player as usize;
        if ph.hand_entry[m] != NO_PIT {
            let entry = ph.hand_entry[m] as usize;
            let own = if self.t.pit_dir[entry] == self.t.cw {
                MoveDirection::Clockwise
            } else {
                MoveDirection::CounterClockwise
            };
            let either = [MoveDirection::Clockwise, MoveDirection::CounterClockwise];
            let ways: &[MoveDirection] = if self.t.choice >> entry & 1 != 0 { &either } else { &[own] };
            let held = (s.captured[m] as usize).min(crate::lang::spec::MAX_HAND);
            for k in 1..=held {
                for &w in ways {
                    all.insert(Move::from_hand(k, w).expect("1 to MAX_HAND seeds"));
                }
            }
        }
        if self.capture_only_way().is_some() {
            let mut kept = MoveSet::default();
            for mv in all.iter() {
                if !self.fails_capture_rule(s, player, mv) {
                    kept.insert(mv);
                }
            }
            all = kept;
        }
        s.moves = all;
    }

    /// Sows a move from the hand's seeds: taken from the mover's hand, put at their entry pit
    /// and sown on in direction `d`. Returns the entry pit and where the last seed fell.
    pub(crate) fn sow_from_hand<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        d: usize,
        obs: &mut O,
    ) -> (usize, usize) {
        let t = &self.t;
        let ph = t.phase.as_deref().expect("sowing from the hand");
        let m = s.to_move as usize;
        let entry = ph.hand_entry[m] as usize;
        let seeds = mv.hand();
        s.captured[m] -= seeds as u16;
        // The first seed falls into the pit after `q`: the entry pit's, or (`into`) the one before.
        let mut q = if ph.hand_into { t.prev[d][entry] as usize } else { entry };
        for _ in 0..seeds {
            q = t.next[d][q] as usize;
            s.pits[q] += 1;
            obs.sow(q);
        }
        (entry, q)
    }

    /// Why a move from the hand cannot be played in `s`, if it cannot.
    pub(crate) fn check_hand_move(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        let m = s.to_move as usize;
        let why = |why: String| Err(IllegalMove::FromHand { mv, why: why.into() });
        let Some(ph) = self.t.phase.as_deref().filter(|ph| ph.hand_entry[0] != NO_PIT) else {
            return why("the rules have no sowing from the hand".into());
        };
        if s.plies < ph.opening_plies {
            return why("the opening decides the moves now".into());
        }
        let held = s.captured[m] as usize;
        if mv.hand() > held {
            return why(format!(
                "player {} holds {held} seed{} in hand",
                m + 1,
                if held == 1 { "" } else { "s" }
            ));
        }
        if s.moves.contains(mv) {
            return Ok(());
        }
        if self.fails_capture_rule(s, m as u8, mv) {
            return Err(self.no_capture(mv));
        }
        why("it is not a legal move now".into())
    }

    /// The error for a move of the way allowed only to a capture that captures nothing.
    pub(crate) fn no_capture(&self, mv: Move) -> IllegalMove {
        let cw = self.t.phase.as_deref().and_then(|ph| ph.only_if_captures).unwrap_or(true);
        // The test before the move, in the line's words.
        let before = self.spec().phases.only_if_captures.as_ref().and_then(|o| o.before.as_ref());
        let test = before.map(|conditions| {
            format!("{} before the move", crate::lang::legality::conditions_words(conditions))
                .into_boxed_str()
        });
        IllegalMove::NoCapture { mv, clockwise: cw, test }
    }
}

const _: u8 = GENERAL;

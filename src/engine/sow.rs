//! A move: the seeds of a pit sown one by one, then what the last seed captures.

use super::compile::Rules;
use super::moves::{IllegalMove, Move, MoveSummary, Observer};
use super::state::{EndReason, State};

impl Rules {
    /// Plays `mv` after checking that it is legal.
    pub fn play<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> Result<MoveSummary, IllegalMove> {
        self.check_move(s, mv)?;
        Ok(self.apply_observed(s, mv, obs))
    }

    /// Plays a legal move (one of [`Rules::legal_moves`]). A move that is not legal is not
    /// checked (that is [`Rules::play`]'s work) and leaves a position the rules cannot reach.
    #[inline]
    pub fn apply(&self, s: &mut State, mv: Move) -> MoveSummary {
        self.apply_observed(s, mv, &mut ())
    }

    /// Plays a legal move, telling `obs` each step.
    #[inline]
    pub fn apply_observed<O: Observer>(&self, s: &mut State, mv: Move, obs: &mut O) -> MoveSummary {
        debug_assert!(self.check_move(s, mv).is_ok(), "illegal move {mv} in {s:?}");
        let t = &self.t;
        let pit = mv.pit();
        let mover = s.to_move;
        let lifted = s.pits[pit];
        let mut hand = lifted;
        s.pits[pit] = 0;
        let mut pos = pit;
        if t.opening_in_origin && hand > 0 {
            s.pits[pit] = 1;
            hand -= 1;
            obs.sow(pit);
        }
        while hand > 0 {
            pos = t.next[pos] as usize;
            if t.skip_origin && pos == pit {
                continue;
            }
            s.pits[pos] += 1;
            hand -= 1;
            obs.sow(pos);
        }
        let last = pos;

        let mut captured: u16 = 0;
        let mut captured_pits: u8 = 0;
        let m = mover as usize;
        if t.landing_pits[m] >> last & 1 != 0 && t.landing_counts.contains(s.pits[last]) {
            let seeds = s.pits[last];
            s.pits[last] = 0;
            obs.capture(last, seeds);
            captured += seeds as u16;
            captured_pits += 1;
            let chain = t.chain_pits[m];
            if chain != 0 {
                let step = if t.chain_forward { &t.next } else { &t.prev };
                let mut q = step[last] as usize;
                // At most once round: the chain stops before it would reach the landing pit.
                while q != last && chain >> q & 1 != 0 && t.chain_counts.contains(s.pits[q]) {
                    let seeds = s.pits[q];
                    s.pits[q] = 0;
                    obs.capture(q, seeds);
                    captured += seeds as u16;
                    captured_pits += 1;
                    q = step[q] as usize;
                }
            }
            s.captured[m] += captured;
        }

        s.plies += 1;
        s.last_mover = mover;
        if s.plies >= self.ply_limit {
            s.end = Some(EndReason::PlyLimit);
            s.moves = Default::default();
        } else {
            let next = if mover + 1 == t.players { 0 } else { mover + 1 };
            self.settle(s, next, obs);
        }
        MoveSummary { mv, lifted, last, captured, captured_pits }
    }
}

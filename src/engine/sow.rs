//! A move: the seeds of a pit sown one by one (into stores too, where the rules say), then
//! what the last seed captures, then whose turn it is and whether the game is over.

use crate::lang::spec::{GrandSlam, MAX_LAPS, MAX_PITS};

use super::compile::{CLASSIC, GENERAL, PLACES, PLAIN, RICH, Rules};
use super::history::History;
use super::moves::{IllegalMove, Move, MoveDirection, MoveSummary, Observer};
use super::state::{EndReason, State};
use super::turn::at_least;

/// What a capture takes, for the order the observer hears of it: the landing pit and its
/// chain, or the last seed and the pit facing it; with the move's direction (0 or 1).
#[derive(Clone, Copy)]
pub(crate) enum Taken {
    Chain(usize),
    Opposite(usize),
}

impl Rules {
    /// Plays `mv` after checking that it is legal.
    pub fn play<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> Result<MoveSummary, IllegalMove> {
        // A legal move as the legal moves write it (an opening move of a pit that otherwise
        // sows either way names no direction).
        let mv = if s.moves.contains(mv) { mv } else { self.resolve(mv)? };
        self.check_move(s, mv)?;
        Ok(self.apply_observed(s, mv, obs))
    }

    /// Plays a legal move (one of [`Rules::legal_moves`]). A move that is not legal is not
    /// checked (that is [`Rules::play`]'s work) and leaves a position the rules cannot reach.
    /// A position knows nothing of the positions before it: under a rule that ends a game on
    /// repetition, play a game with [`super::Game`], which keeps them.
    #[inline]
    pub fn apply(&self, s: &mut State, mv: Move) -> MoveSummary {
        self.apply_in(s, mv, &mut (), None)
    }

    /// Plays a legal move, telling `obs` each step.
    #[inline]
    pub fn apply_observed<O: Observer>(&self, s: &mut State, mv: Move, obs: &mut O) -> MoveSummary {
        self.apply_in(s, mv, obs, None)
    }

    /// Plays a legal move; `history` holds the positions since the last capture, for the
    /// repetition rule.
    #[inline(always)]
    pub(crate) fn apply_in<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        debug_assert!(self.check_move(s, mv).is_ok(), "illegal move {mv} in {s:?}");
        // Each tier of rules is played by a copy of the move with the rules of the tiers above
        // compiled out: plain rules (Bakuk) pay nothing for stores, extra turns, feeding and
        // the like, not even the test of a flag, and classic ones (Oware, Kalah) nothing for
        // relays, directions by pit or moves without capture at the start.
        match self.t.tier {
            PLAIN => self.apply_as::<PLAIN, O>(s, mv, obs, history),
            CLASSIC => self.apply_as::<CLASSIC, O>(s, mv, obs, history),
            RICH => self.apply_as::<RICH, O>(s, mv, obs, history),
            _ => self.apply_general(s, mv, obs, history),
        }
    }

    /// [`Rules::apply_in`] for rules after each lap: out of line, so that the other tiers'
    /// code is laid out as it was.
    #[inline(never)]
    fn apply_general<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        // The choice a paused move waits for ([`super::step`]).
        if s.pending != 0 {
            return self.play_step(s, mv, obs, history);
        }
        // The rearrangement before play ([`super::staged`]).
        if s.stage & 0x40 != 0 {
            return self.rearrange(s, mv, obs, history);
        }
        // A direction chosen once: noted before the move (the mover is still to move).
        if self.t.extras.keep_way.is_some() && s.phase == super::rounds::PLAY {
            self.note_way(s, mv);
        }
        // Games of rounds, and the set-up from the hands (a fill of its own).
        if self.t.rounds.is_some() || s.phase != super::rounds::PLAY {
            return self.apply_rounds(s, mv, obs, history);
        }
        let mover = s.to_move;
        let summary = self.sow_and_capture_general(s, mv, obs);
        if self.t.chooses && self.paused(s) {
            return summary;
        }
        self.end_general_move(s, mover, summary, history, obs);
        summary
    }

    /// The sowing and captures of a move in any tier, for the move filters that play a move
    /// out on a copy.
    pub(crate) fn sow_and_capture_any(&self, s: &mut State, mv: Move) -> MoveSummary {
        if self.t.tier == GENERAL {
            self.sow_and_capture_general(s, mv, &mut ())
        } else {
            self.sow_and_capture::<RICH, ()>(s, mv, &mut ())
        }
    }

    /// [`Rules::apply_in`], for rules of tier `TIER` ([`super::compile::Tables::tier`]).
    #[inline(always)]
    fn apply_as<const TIER: u8, O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        let mover = s.to_move;
        let summary = self.sow_and_capture::<TIER, O>(s, mv, obs);
        self.finish::<TIER, O>(s, mover, summary.last, summary.captured, history, obs);
        summary
    }

    /// Sows `mv` and makes its captures, without passing the turn: the whole of a move that
    /// the rules of feeding and of the grand slam look at.
    #[inline(always)]
    pub(crate) fn sow_and_capture<const TIER: u8, O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> MoveSummary {
        let t = &self.t;
        let n = t.pits as usize;
        let pit = mv.pit();
        let mover = s.to_move;
        let m = mover as usize;
        let lifted = s.pits[pit];
        // Below the rich tier, every pit sows the board's way, direction 0.
        let d = if TIER < RICH { 0 } else { self.direction_of(mv) };
        let mut last = self.sow_lap::<TIER, O>(s, pit, m, d, obs);
        if TIER == RICH && t.relay {
            // Each relay is a lap from the pit the last seed fell into; at most MAX_LAPS laps.
            let mut laps = 1;
            while laps < MAX_LAPS && self.relays_at(s, m, last) {
                obs.relay(last, s.pits[last]);
                last = self.sow_lap::<TIER, O>(s, last, m, d, obs);
                laps += 1;
            }
        }
        let mut summary = MoveSummary::new(mv, lifted, last);
        if last < n && (TIER < RICH || s.plies >= t.capture_start) {
            let (taken, how) = self.taken_by::<TIER>(s, m, last, d);
            if taken != 0 {
                if TIER > PLAIN && self.leaves_opponent_bare(s, m, taken) {
                    summary.grand_slam = true;
                } else {
                    summary.captured_pits = taken.count_ones() as u8;
                    summary.captured = self.take(s, m, last, taken, how, obs);
                }
            }
        }
        summary
    }

    /// The direction (0 or 1) a move sows: its pit's own, or the one the mover chose.
    #[inline(always)]
    pub(crate) fn direction_of(&self, mv: Move) -> usize {
        let t = &self.t;
        match mv.direction() {
            MoveDirection::Given => t.pit_dir[mv.pit()] as usize,
            MoveDirection::CounterClockwise => 1 - t.cw as usize,
            MoveDirection::Clockwise => t.cw as usize,
        }
    }

    /// Does a lap whose last seed fell into `last` relay, by the `relay when ...` line?
    #[inline(always)]
    pub(crate) fn relays_at(&self, s: &State, m: usize, last: usize) -> bool {
        let t = &self.t;
        last < t.pits as usize && t.relay_pits[m] >> last & 1 != 0 && t.relay_counts.contains(s.pits[last])
    }

    /// Empties `pit` for a lap sown seed by seed, and puts the first seed back into it where
    /// the rules say so (not from a pit of one seed, under `a pit of one seed sows it into the
    /// next pit`); returns the seeds left in hand.
    #[inline(always)]
    pub(crate) fn lift<O: Observer>(&self, s: &mut State, pit: usize, obs: &mut O) -> u8 {
        let t = &self.t;
        let mut hand = s.pits[pit];
        s.pits[pit] = 0;
        if t.opening_in_origin && hand > u8::from(t.single_seed) {
            s.pits[pit] = 1;
            hand -= 1;
            obs.sow(pit);
        }
        hand
    }

    /// The path of `m`'s sowing into stores in direction `d` (below the rich tier, always 0).
    #[inline(always)]
    pub(crate) fn path<const TIER: u8>(&self, m: usize, d: usize) -> &[u8; PLACES] {
        match &self.t.path_back {
            Some(back) if TIER >= RICH && d != 0 => &back[m],
            _ => &self.t.path[m],
        }
    }

    /// Lifts every seed of `pit` and sows them (one lap) in direction `d`; returns where the
    /// last fell.
    #[inline(always)]
    pub(crate) fn sow_lap<const TIER: u8, O: Observer>(
        &self,
        s: &mut State,
        pit: usize,
        m: usize,
        d: usize,
        obs: &mut O,
    ) -> usize {
        let t = &self.t;
        let n = t.pits as usize;
        let lifted = s.pits[pit];
        match &t.hand[d] {
            // The table follows the path of the pit's owner: a relay from an opponent's pit
            // into stores goes seed by seed, along the mover's path.
            Some(h) if !O::HEARS_SEEDS && (TIER < RICH || !t.store_sowing || t.owner[pit] as usize == m) => {
                h.sow::<TIER>(s, pit, lifted)
            }
            _ => {
                let hand = self.lift(s, pit, obs);
                // One loop for each pair of flags, so that the seed-by-seed loop tests neither.
                match (TIER > PLAIN && t.store_sowing, t.skip_origin) {
                    (false, false) => {
                        sow_seeds::<false, false, MAX_PITS, O>(s, &t.next[d], n, pit, hand, obs)
                    }
                    (false, true) => sow_seeds::<false, true, MAX_PITS, O>(s, &t.next[d], n, pit, hand, obs),
                    (true, false) => {
                        sow_seeds::<true, false, PLACES, O>(s, self.path::<TIER>(m, d), n, pit, hand, obs)
                    }
                    (true, true) => {
                        sow_seeds::<true, true, PLACES, O>(s, self.path::<TIER>(m, d), n, pit, hand, obs)
                    }
                }
            }
        }
    }

    /// The pits the last seed, in `last`, captures: the landing pit and its chain, or the
    /// last seed's pit and the one facing it. Only looked at, not yet emptied, so that a
    /// grand slam can be refused before the observer hears of any capture; with which of the
    /// two captures it is.
    #[inline(always)]
    pub(crate) fn taken_by<const TIER: u8>(
        &self,
        s: &State,
        m: usize,
        last: usize,
        d: usize,
    ) -> (u64, Taken) {
        let t = &self.t;
        // The general tier reads whose pits they are now (pits may change owner in rounds).
        let now = |masks: &[u64; crate::lang::spec::MAX_PLAYERS]| {
            if TIER == GENERAL { t.masks_now(s, masks, m) } else { masks[m] }
        };
        if now(&t.landing_pits) >> last & 1 != 0 && t.landing_counts.contains(s.pits[last]) {
            let mut taken = 1 << last;
            let chain = now(&t.chain_pits);
            if chain != 0 {
                let step = if t.chain_forward { &t.next[d] } else { &t.prev[d] };
                let mut q = step[last] as usize;
                // At most once round: the chain stops before it would reach the landing pit.
                while q != last && chain >> q & 1 != 0 && t.chain_counts.contains(s.pits[q]) {
                    taken |= 1 << q;
                    q = step[q] as usize;
                }
            }
            (taken, Taken::Chain(d))
        } else if TIER > PLAIN && now(&t.opposite_pits) >> last & 1 != 0 && s.pits[last] == 1 {
            let facing = t.opposite[last] as usize;
            let taken = if s.pits[facing] > 0 {
                (t.opposite_take_last as u64) << last | 1 << facing
            } else {
                ((t.opposite_take_last && t.opposite_even_if_empty) as u64) << last
            };
            (taken, Taken::Opposite(d))
        } else {
            (0, Taken::Chain(d))
        }
    }

    /// Would taking `taken` be a grand slam the rules refuse: the opponent (of two players)
    /// left without a seed?
    #[inline(always)]
    pub(crate) fn leaves_opponent_bare(&self, s: &State, m: usize, taken: u64) -> bool {
        let t = &self.t;
        t.grand_slam != GrandSlam::Take && t.own[1 - m] & !taken & at_least(&s.pits, t.pits, 1) == 0
    }

    /// Empties the pits of `taken` into the mover's store, telling the observer in the order
    /// a reader follows them: the landing pit, then its chain; or the last seed, then the pit
    /// facing it.
    #[inline(always)]
    pub(crate) fn take<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        last: usize,
        taken: u64,
        how: Taken,
        obs: &mut O,
    ) -> u16 {
        let t = &self.t;
        let mut captured: u16 = 0;
        let mut tell = |q: usize, s: &State| {
            let seeds = s.pits[q];
            obs.capture(q, seeds);
            captured += seeds as u16;
        };
        let d = match how {
            Taken::Opposite(d) => {
                // At most the last seed's pit and the one facing it.
                if taken >> last & 1 != 0 {
                    tell(last, s);
                }
                if taken & !(1 << last) != 0 {
                    tell(t.opposite[last] as usize, s);
                }
                d
            }
            Taken::Chain(d) => {
                let step = if t.chain_forward { &t.next[d] } else { &t.prev[d] };
                let (mut q, mut left) = (last, taken);
                while left >> q & 1 != 0 {
                    left &= !(1 << q);
                    tell(q, s);
                    q = step[q] as usize;
                }
                d
            }
        };
        match &t.hand[d] {
            Some(h) => h.empty(s, taken),
            None => {
                let mut left = taken;
                while left != 0 {
                    s.pits[left.trailing_zeros() as usize] = 0;
                    left &= left - 1;
                }
            }
        }
        s.captured[m] += captured;
        captured
    }

    /// After the sowing: the ply counted, who moves next, and the endings checked.
    #[inline(always)]
    pub(crate) fn finish<const TIER: u8, O: Observer>(
        &self,
        s: &mut State,
        mover: u8,
        last: usize,
        captured: u16,
        history: Option<&mut History>,
        obs: &mut O,
    ) {
        let t = &self.t;
        s.plies += 1;
        s.last_mover = mover;
        // A relay that could not be sown (`... after each lap: a relay that would not is not
        // sown and ends the game`): the mover, left without a legal lap, ends the game.
        if TIER == GENERAL
            && t.relay_feeds
            && let Some(end) = s.end
        {
            return Self::end(s, mover, end);
        }
        let next = if TIER == GENERAL && s.plies <= t.extras.turn_order {
            // An opening whose players do not follow in turn ([`super::phase`]).
            self.turn_after(s.plies)
        } else if TIER > PLAIN && t.extra_turn && last == t.pits as usize + mover as usize {
            mover
        } else if mover + 1 == t.players {
            0
        } else {
            mover + 1
        };
        if TIER > PLAIN
            && t.endings
            && let Some(end) =
                self.ending(s, next, captured, TIER == GENERAL && t.extras.marks_played, history)
        {
            return Self::end(s, next, end);
        }
        if TIER == GENERAL && t.extras.unclaimed_empty && self.an_unclaimed_side_is_empty(s) {
            return Self::end(s, next, EndReason::SideEmpty);
        }
        if TIER == GENERAL && self.no_stone_left(s) {
            return Self::end(s, next, EndReason::NoBigStone);
        }
        if s.plies >= self.ply_limit {
            return Self::end(s, next, EndReason::PlyLimit);
        }
        self.settle::<TIER, O>(s, next, obs);
    }

    pub(crate) fn end(s: &mut State, next: u8, end: EndReason) {
        s.to_move = next;
        s.end = Some(end);
        s.moves = Default::default();
    }

    /// The `game over when` ending a move meets, if any, in the order repetition, majority,
    /// a side empty, the seeds left on the board. (Only rules that are not plain come here, most with one of these
    /// endings: it is worth inlining.)
    #[inline(always)]
    fn ending(
        &self,
        s: &State,
        next: u8,
        captured: u16,
        marks_played: bool,
        history: Option<&mut History>,
    ) -> Option<EndReason> {
        let t = &self.t;
        if let Some(h) = history.filter(|_| t.repetition) {
            // A move that captured, or (`has been played from`) played from a pit not played
            // before: no position seen can come again.
            let fresh = marks_played && h.played_changed(s);
            if captured > 0 || fresh {
                h.clear();
            }
            if !h.note(s, next) {
                return Some(EndReason::Repetition);
            }
        }
        if t.majority && self.has_majority(s) {
            return Some(EndReason::Majority);
        }
        if t.side_empty && self.a_side_is_empty(s) {
            return Some(t.side_end);
        }
        // The endings on counts, out of line: one test here for the variants without them.
        if t.counted_ends {
            return self.counted_ending(s);
        }
        None
    }

    /// `game over when the board holds ...` and the endings written as conditions.
    #[cold]
    #[inline(never)]
    fn counted_ending(&self, s: &State) -> Option<EndReason> {
        let t = &self.t;
        if t.board_end.is_some_and(|c| c.contains(s.seeds_on_board() as u8)) {
            return Some(EndReason::FewSeeds);
        }
        t.game_end(s, s.last_mover as usize, false).map(|_| EndReason::Condition)
    }

    /// Has a player captured more than half the seeds, or both players exactly half?
    #[inline(always)]
    fn has_majority(&self, s: &State) -> bool {
        let (mut stores, mut most) = (0u32, 0u32);
        for &c in &s.captured[..self.t.players as usize] {
            stores += c as u32;
            most = most.max(c as u32);
        }
        let board = s.seeds_on_board();
        let total = stores + board;
        2 * most > total || (board == 0 && s.captured().iter().all(|&c| 2 * c as u32 == total))
    }

    /// Are a player's pits all empty?
    #[inline(always)]
    pub(crate) fn a_side_is_empty(&self, s: &State) -> bool {
        let nonempty = at_least(&s.pits, self.t.pits, 1);
        self.t.alive[..self.players()].iter().any(|&alive| alive & nonempty == 0)
    }
}

/// Sows `hand` seeds from `pit` along `path` (a pit's successor; with `STORES`, a store's
/// place too, `n` and on), skipping the emptied pit with `SKIP`; returns where the last fell.
#[inline(always)]
fn sow_seeds<const STORES: bool, const SKIP: bool, const L: usize, O: Observer>(
    s: &mut State,
    path: &[u8; L],
    n: usize,
    pit: usize,
    mut hand: u8,
    obs: &mut O,
) -> usize {
    let mut pos = pit;
    while hand > 0 {
        // Without stores every place is a pit: the mask only spares the bounds checks.
        pos = if STORES { path[pos] as usize } else { path[pos] as usize & (MAX_PITS - 1) };
        if SKIP && pos == pit {
            continue;
        }
        if STORES && pos >= n {
            s.captured[pos - n] += 1;
        } else {
            s.pits[pos & (MAX_PITS - 1)] += 1;
        }
        hand -= 1;
        obs.sow(pos);
    }
    pos
}

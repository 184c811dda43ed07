//! End places and big stones ([`crate::lang::stones`]) in the [`GENERAL`] tier: end places
//! are pits of the rows that no player owns while the game goes on (compiled out of the
//! players' pits, so that the legal moves and the tests of an empty row never see them); big
//! stones are one byte of the state (`State::stones`: which end places still hold theirs, and
//! how many each player took), taken whole by a take; a row refilled from the captures after
//! each lap or move; the end when no big stone is left. The other tiers never look at them.

use crate::lang::phases::seat_row;
use crate::lang::spec::{Leftovers, MAX_PLAYERS, Spec};

use super::compile::{GENERAL, Rules};
use super::state::State;
use super::turn::at_least;

/// The rules of end places and big stones, compiled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct StoneTable {
    /// The end places.
    pub ends: u64,
    /// Each of two players' end place (a pit), or [`NO_PLACE`].
    pub place: [u8; 2],
    /// `State::stones` at the start: bit `p`, player `p`'s end place holds a big stone.
    pub start: u8,
    /// What a big stone counts for in its taker's score.
    pub worth: u8,
    /// The game is over when no big stone is left on the board.
    pub over_when_none: bool,
    /// Seeds put into each pit of an empty row from the captures, and whether after each
    /// lap (or else after each move).
    pub refill: Option<(u8, bool)>,
}

impl StoneTable {
    /// The table, for a variant with any of these rules.
    pub fn new(spec: &Spec) -> Option<StoneTable> {
        let st = &spec.stones;
        if !st.any() {
            return None;
        }
        let k = spec.pits_per_row as usize;
        let mut ends = 0u64;
        let mut place = [NO_PLACE; 2];
        let mut start = 0;
        if let Some(pit) = st.end_place {
            for p in 0..spec.players.min(2) {
                let row = seat_row(&spec.owners, p);
                if let Some(&q) = pit.index(k).and_then(|i| row.get(i)) {
                    ends |= 1 << q;
                    place[p as usize] = q as u8;
                    if st.big_stones {
                        start |= 1 << p;
                    }
                }
            }
        }
        Some(StoneTable {
            ends,
            place,
            start,
            worth: st.worth,
            over_when_none: st.over_when_none,
            refill: st.refill,
        })
    }

    /// The bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        out.extend(b"stones");
        out.extend(self.ends.to_le_bytes());
        out.extend(self.place);
        out.push(self.start);
        let (seeds, lap) = self.refill.unwrap_or((0, false));
        out.extend([self.worth, self.over_when_none as u8, seeds, lap as u8]);
    }
}

/// No end place.
pub(crate) const NO_PLACE: u8 = u8::MAX;

impl super::compile::Tables {
    /// Does pit `q` hold a big stone? (Never in a variant without them: `State::stones` is 0.)
    #[inline]
    pub(crate) fn big_stone_at(&self, s: &State, q: usize) -> bool {
        s.stones & 3 != 0
            && self
                .stones
                .as_deref()
                .is_some_and(|st| (0..2).any(|p| s.stones >> p & 1 != 0 && st.place[p] as usize == q))
    }
}

impl Rules {
    /// The pits (0-based, as bits) holding a big stone.
    pub fn stones_on_board(&self, s: &State) -> u64 {
        let Some(st) = self.t.stones.as_deref() else { return 0 };
        (0..2)
            .filter(|&p| s.stones >> p & 1 != 0 && st.place[p] != NO_PLACE)
            .fold(0, |m, p| m | 1 << st.place[p])
    }

    /// A position given by hand with its big stones: whether each of two players' end place
    /// holds its big stone, and how many each player has taken (two stones in all, at most).
    pub fn with_stones(
        &self,
        s: State,
        in_place: [bool; 2],
        won: [u8; 2],
    ) -> Result<State, super::state::PositionError> {
        let Some(st) = self.t.stones.as_deref().filter(|st| st.start != 0) else {
            return Err(super::state::PositionError::NotInRound);
        };
        let placed = in_place.iter().filter(|&&b| b).count() as u8;
        if placed + won[0] + won[1] > st.start.count_ones() as u8
            || (0..2).any(|p| in_place[p] && st.start >> p & 1 == 0)
        {
            return Err(super::state::PositionError::NotInRound);
        }
        let mut s = s;
        s.stones = in_place[0] as u8 | (in_place[1] as u8) << 1 | won[0] << 2 | won[1] << 4;
        if s.end.is_none() && s.phase == super::rounds::PLAY {
            let to_move = s.to_move;
            self.settle::<GENERAL, ()>(&mut s, to_move, &mut ());
        }
        Ok(s)
    }

    /// Is pit `p` an end place?
    #[inline]
    pub(crate) fn is_end_place(&self, p: usize) -> bool {
        self.t.stones.as_deref().is_some_and(|st| st.ends >> p & 1 != 0)
    }

    /// After a lap (`lap`: true) or a move of the general tier: each player whose pits are all
    /// empty, and who has captured enough, puts the seeds the rule says into each of them
    /// (player 1 first). Not once the game is over for want of big stones.
    pub(crate) fn refill_from_hand(&self, s: &mut State, lap: bool) {
        let Some(st) = self.t.stones.as_deref() else { return };
        let Some((seeds, after_lap)) = st.refill else { return };
        // Not once the game or the round is over for want of big stones.
        let round_over =
            self.t.rounds.is_some_and(|r| r.over.when == crate::lang::rounds::RoundEnd::NoBigStone);
        if after_lap != lap || (st.over_when_none || round_over) && s.stones & 3 == 0 {
            return;
        }
        let nonempty = at_least(&s.pits, self.t.pits, 1);
        for p in 0..self.players().min(MAX_PLAYERS) {
            // The pits they own now, where pits change owner between rounds.
            let own = self.t.masks_now(s, &self.t.own, p);
            let need = seeds as u16 * own.count_ones() as u16;
            if own == 0 || own & nonempty != 0 || s.captured[p] < need {
                continue;
            }
            s.captured[p] -= need;
            let mut left = own;
            while left != 0 {
                s.pits[left.trailing_zeros() as usize] += seeds;
                left &= left - 1;
            }
        }
    }

    /// Is the game over for want of big stones on the board?
    #[inline]
    pub(crate) fn no_stone_left(&self, s: &State) -> bool {
        self.t.stones.as_deref().is_some_and(|st| st.over_when_none && s.stones & 3 == 0)
    }

    /// What the big stones add to each player's score: those they took, and at the end those
    /// left on the board to each place's owner when the leftovers go to owners.
    pub(crate) fn stone_scores(&self, s: &State, scores: &mut [u32; MAX_PLAYERS]) {
        let Some(st) = self.t.stones.as_deref() else { return };
        let worth = st.worth as u32;
        for (score, won) in scores.iter_mut().zip(s.stones_won()) {
            *score += won as u32 * worth;
        }
        if s.end.is_some() && self.t.leftovers == Leftovers::Owner {
            let mut left = self.stones_on_board(s);
            while left != 0 {
                let q = left.trailing_zeros() as usize;
                left &= left - 1;
                scores[self.t.owner[q] as usize] += worth;
            }
        }
    }
}

const _: u8 = GENERAL;

//! A whole move's sowing at once. On a board of at most 16 places (pits, and stores where
//! seeds are sown into them) the places fit the 16 byte lanes of a `u128`, and lifting the
//! `h` seeds of pit `p` and sowing them is one addition of a number read from a table: minus
//! `h` in `p`'s lane, plus the seeds the sowing leaves in each place, laps and all. No loop,
//! so no branch for the processor to guess at the end of every sowing (that guess, wrong on
//! most moves, cost more than the rest of the move), and no store of one byte just before the
//! board is read whole (the processor cannot forward that store to the wider read, and
//! waits for it). The sum is exact: each lane's true value, between 0 and 255 (a board holds
//! at most 255 seeds), is what the wrapping addition leaves there.

use super::compile::Tables;
use super::state::State;

/// Places a whole-hand table covers: the lanes of a `u128`.
const LANES: usize = 16;

/// For each pit and each count of 0 to 255 seeds in it, the change that lifting and sowing
/// them makes to every place, and where the last seed goes. The stores have the lanes after
/// the pits (player `q`'s store at `pits + q`), emptied into the stores at the end of a sowing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HandTable {
    pits: usize,
    /// Stores sown into (each player's, or none): their lanes come after the pits'.
    stores: usize,
    /// The pits' lanes, all ones.
    pit_lanes: u128,
    /// `change[p][h]`: what a move from `p` holding `h` seeds adds to the lanes, modulo 2^128.
    change: Box<[[u128; 256]]>,
    /// `last[p][h]`: the place the last seed of that move goes to (`p` itself for none).
    last: Box<[[u8; 256]]>,
}

impl HandTable {
    /// The table for compiled rules, sowing in direction `d` (0: counter-clockwise, 1:
    /// clockwise); `None` when their places do not fit the lanes.
    pub fn new(rules: &Tables, d: usize) -> Option<Self> {
        let pits = rules.pits as usize;
        let stores = if rules.store_sowing { rules.players as usize } else { 0 };
        if pits + stores > LANES {
            return None;
        }
        let lane = |q: usize| 1u128 << (8 * q);
        let mut change = vec![[0u128; 256]; pits].into_boxed_slice();
        let mut last = vec![[0u8; 256]; pits].into_boxed_slice();
        for p in 0..pits {
            // A pit is sown only by its owner, along the owner's path.
            let next: &[u8] = match &rules.path_back {
                Some(back) if d != 0 => &back[rules.owner[p] as usize],
                _ if rules.store_sowing => &rules.path[rules.owner[p] as usize],
                _ => &rules.next[d],
            };
            // One lap: the places after p, with p itself at the end unless the sowing skips it.
            let mut lap = Vec::with_capacity(LANES);
            let mut q = next[p] as usize;
            while q != p {
                lap.push(q);
                q = next[q] as usize;
            }
            if !rules.skip_origin || lap.is_empty() {
                lap.push(p);
            }
            // The seeds' places in order: the first back into p where the rules say.
            let opening = usize::from(rules.opening_in_origin);
            let place = |k: usize| if k < opening { p } else { lap[(k - opening) % lap.len()] };
            last[p][0] = p as u8;
            let mut sown = 0u128;
            for h in 1..256 {
                sown += lane(place(h - 1));
                change[p][h] = sown.wrapping_sub(h as u128 * lane(p));
                last[p][h] = place(h - 1) as u8;
            }
            if rules.single_seed {
                // A pit of one seed sows it into the next place, not back.
                change[p][1] = lane(lap[0]).wrapping_sub(lane(p));
                last[p][1] = lap[0] as u8;
            }
        }
        Some(HandTable { pits, stores, pit_lanes: u128::MAX >> (8 * (LANES - pits)), change, last })
    }

    /// Lifts the `seeds` of `pit` and sows them, stores and all; returns the place of the
    /// last seed. Plain rules (tier 0: no store sown into) leave out the stores.
    #[inline(always)]
    pub fn sow<const TIER: u8>(&self, s: &mut State, pit: usize, seeds: u8) -> usize {
        let lanes: &mut [u8; LANES] = (&mut s.pits[..LANES]).try_into().expect("16 lanes");
        let board = u128::from_le_bytes(*lanes).wrapping_add(self.change[pit][seeds as usize]);
        *lanes = board.to_le_bytes();
        if TIER > 0 && self.stores > 0 {
            // The stores' lanes into the stores, and emptied (read a byte at a time: a
            // 128-bit shift by a variable count costs more).
            for q in 0..self.stores {
                s.captured[q] += lanes[(self.pits + q) % LANES] as u16;
            }
            *lanes = (board & self.pit_lanes).to_le_bytes();
        }
        self.last[pit][seeds as usize] as usize
    }

    /// Empties the pits of `pits` (a mask of pits), in one write.
    #[inline(always)]
    pub fn empty(&self, s: &mut State, pits: u64) {
        let mut clear = 0u128;
        let mut left = pits;
        while left != 0 {
            clear |= 0xff << (8 * (left.trailing_zeros() as usize % LANES));
            left &= left - 1;
        }
        let lanes: &mut [u8; LANES] = (&mut s.pits[..LANES]).try_into().expect("16 lanes");
        *lanes = (u128::from_le_bytes(*lanes) & !clear).to_le_bytes();
    }
}

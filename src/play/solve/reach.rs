//! The positions a game can reach from one position: a bit for every position of a
//! [`Numbering`], set for those reachable, and a count of the set bits before every block of
//! 512, so that the reachable positions are numbered densely, in the numbering's order (a
//! rank: the set bits before a position's). A table of the reachable positions alone is a
//! fraction of every distribution's (Kalah(4,4): 9,759,143 of 153,809,370 positions).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::cancel::Cancel;
use crate::engine::{Rules, State};

use super::SolveError;
use super::index::Numbering;

/// Bits of a block counted ahead (eight words: a rank reads at most eight).
const BLOCK_WORDS: usize = 8;

/// Distributions a thread of the walk takes at a time, the threads in turn: small enough
/// that the threads share each layer's work evenly.
const WALK_BLOCK: usize = 1 << 12;

/// Positions a thread of the walk plays between two looks at the cancel flag and the count:
/// a move with long relays takes microseconds, so that is a few milliseconds at most.
const CANCEL_EVERY: usize = 1 << 10;

/// The most positions a walk marks among (2^35 bits, 4 GiB): the numbering of every
/// distribution of the seeds, of which the reachable ones are a small part.
pub const MAX_MARKED: u64 = 1 << 35;

/// The positions reachable from a start: see the module's documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Reach {
    bits: Vec<u64>,
    /// Set bits before each block of [`BLOCK_WORDS`] words (a table holds fewer than 2^32
    /// positions).
    before: Vec<u32>,
}

const _: () = assert!(super::MAX_POSITIONS < u32::MAX as u64);

impl Reach {
    /// The positions reachable from `start` by `rules` (no ply limit), of at most the
    /// numbering's seeds: played from the start by its own rules until the first ply where
    /// moves may capture (`Rules::capture_start`), and from there on by their seeds alone
    /// (`Rules::past_start`), as a table holds them. Positions where the game is over are
    /// not marked. `threads` share each layer; the positions are the same whatever their
    /// number. More than `most` positions stop the walk (an error), and so does `cancel`,
    /// both looked at every few thousand positions played.
    pub fn walk(
        rules: &Rules,
        numbering: &Numbering,
        start: &State,
        most: u64,
        threads: usize,
        cancel: &Cancel,
    ) -> Result<Reach, SolveError> {
        let all = rules.with_ply_limit(None);
        let past = all.past_start();
        let seeds = numbering.seeds();
        let total = 2 * numbering.layer_start(seeds + 1) as usize;
        let bits: Vec<AtomicU64> = (0..total.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let set = |i: usize| bits[i / 64].fetch_or(1 << (i % 64), Relaxed) & (1 << (i % 64)) == 0;
        let in_table = |s: &State| !s.is_over() && s.seeds_on_board() as usize <= seeds;
        // Positions marked so far, added by each thread every few thousand; past `most`, every
        // thread stops.
        let marked_count = AtomicU64::new(0);
        let too_many = || SolveError::TooManyReachable { most, pits: numbering.pits(), seeds };
        // The first plies, played by the rules of the start, lead to where the table begins.
        let mut opening = vec![*start];
        let mut found = 0u64;
        while let Some(s) = opening.pop() {
            if cancel.is_cancelled() {
                return Err(SolveError::Cancelled);
            }
            if s.plies() < all.capture_start() && !s.is_over() {
                for mv in all.legal_moves(&s).iter() {
                    let mut child = s;
                    all.apply(&mut child, mv);
                    opening.push(child);
                }
            } else if in_table(&s) && set(numbering.index(s.pits(), s.turn())) {
                found += 1;
                if found > most {
                    return Err(too_many());
                }
            }
        }
        marked_count.store(found, Relaxed);
        // A move never adds seeds to the board: the layers are gone through from the most
        // seeds down, each position marked in the layers above played when its layer's turn
        // comes, each marked in its own layer played at once. A layer's `played` bits say
        // which have been (each claimed by one thread); no position is numbered back into
        // seeds.
        let threads = threads.max(1);
        for t in (0..=seeds).rev() {
            let first = 2 * numbering.layer_start(t) as usize;
            let len = 2 * numbering.layer_len(t) as usize;
            let played: Vec<AtomicU64> = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
            let claim = |i: usize| {
                let j = i - first;
                played[j / 64].fetch_or(1 << (j % 64), Relaxed) & (1 << (j % 64)) == 0
            };
            let marked = |i: usize| bits[i / 64].load(Relaxed) & (1 << (i % 64)) != 0;
            // Why a thread stopped, if it did.
            let walk = |thread: usize| -> Option<SolveError> {
                let mut stack: Vec<State> = Vec::new();
                let mut met = 0usize;
                let mut work = 0usize;
                let mut found = 0u64;
                let mut stopped = None;
                // Every few thousand positions: the count so far, and whether to stop.
                let look = |found: &mut u64| -> Option<SolveError> {
                    let mine = std::mem::take(found);
                    let all = marked_count.fetch_add(mine, Relaxed) + mine;
                    if cancel.is_cancelled() {
                        Some(SolveError::Cancelled)
                    } else if all > most {
                        Some(too_many())
                    } else {
                        None
                    }
                };
                numbering.for_each_in_layer(t, |pits, rank| {
                    let here = met;
                    met += 1;
                    if (here / WALK_BLOCK) % threads != thread {
                        return true;
                    }
                    for player in 0..2 {
                        let i = first + 2 * rank as usize + player;
                        if !marked(i) || !claim(i) {
                            continue;
                        }
                        stack.push(past.state_from(pits, player).expect("a position of the numbering"));
                        while let Some(state) = stack.pop() {
                            work += 1;
                            if work.is_multiple_of(CANCEL_EVERY) {
                                stopped = look(&mut found);
                                if stopped.is_some() {
                                    return false;
                                }
                            }
                            for mv in past.legal_moves(&state).iter() {
                                let mut child = state;
                                past.apply(&mut child, mv);
                                if !in_table(&child) {
                                    continue;
                                }
                                let j = numbering.index(child.pits(), child.turn());
                                // Most are marked already: a plain read spares the locked write.
                                if !marked(j) && set(j) {
                                    found += 1;
                                    if child.seeds_on_board() as usize == t && claim(j) {
                                        stack.push(child);
                                    }
                                }
                            }
                        }
                    }
                    true
                });
                stopped.or_else(|| look(&mut found))
            };
            let stopped = if threads == 1 {
                walk(0)
            } else {
                std::thread::scope(|scope| {
                    let walk = &walk;
                    let handles: Vec<_> = (0..threads).map(|k| scope.spawn(move || walk(k))).collect();
                    // Ctrl-C before a count beyond the limit: either stops the walk.
                    let stops: Vec<_> =
                        handles.into_iter().map(|h| h.join().expect("a thread of the walk")).collect();
                    stops.into_iter().flatten().min_by_key(|e| *e != SolveError::Cancelled)
                })
            };
            if let Some(e) = stopped {
                return Err(e);
            }
        }
        Ok(Reach::from_bits(bits.into_iter().map(AtomicU64::into_inner).collect()))
    }

    /// The set of `bits` (one a position of the numbering), counted.
    pub fn from_bits(bits: Vec<u64>) -> Reach {
        let mut before = Vec::with_capacity(bits.len().div_ceil(BLOCK_WORDS));
        let mut count = 0u32;
        for block in bits.chunks(BLOCK_WORDS) {
            before.push(count);
            count += block.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        before.push(count);
        Reach { bits, before }
    }

    /// The reachable positions.
    pub fn count(&self) -> u64 {
        *self.before.last().expect("a count after the last block") as u64
    }

    /// The bits, one a position of the numbering: what a solution file keeps.
    pub fn bits(&self) -> &[u64] {
        &self.bits
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Reachable positions numbered before position `i` of the numbering: `i`'s own number
    /// when it is reachable.
    #[inline]
    pub fn rank(&self, i: usize) -> usize {
        let word = i / 64;
        let block = word / BLOCK_WORDS;
        let mut r = self.before[block] as usize;
        for w in &self.bits[block * BLOCK_WORDS..word] {
            r += w.count_ones() as usize;
        }
        if !i.is_multiple_of(64) {
            r += (self.bits[word] << (64 - i % 64)).count_ones() as usize;
        }
        r
    }

    /// The positions of the numbering that are reachable, in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    64 * k + b
                })
            })
        })
    }
}

/// Where a position of the numbering is in a table: at its own number in a table of every
/// distribution, at its rank among the reachable in a table of those.
#[derive(Clone, Copy)]
pub(super) struct Place<'a>(pub Option<&'a Reach>);

impl Place<'_> {
    /// The place of position `i`, which the table holds.
    #[inline]
    pub fn of(self, i: usize) -> usize {
        match self.0 {
            Some(r) => r.rank(i),
            None => i,
        }
    }

    #[inline]
    pub fn holds(self, i: usize) -> bool {
        self.0.is_none_or(|r| r.contains(i))
    }

    /// The place of position `i`, if the table holds it.
    #[inline]
    pub fn get(self, i: usize) -> Option<usize> {
        self.holds(i).then(|| self.of(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_the_set_bits_before() {
        let mut bits = vec![0u64; 20];
        let set = [0usize, 1, 63, 64, 200, 511, 512, 513, 1000, 1279];
        for &i in &set {
            bits[i / 64] |= 1 << (i % 64);
        }
        let reach = Reach::from_bits(bits);
        assert_eq!(reach.count(), set.len() as u64);
        assert_eq!(reach.iter().collect::<Vec<_>>(), set);
        for i in 0..1280 {
            let before = set.iter().filter(|&&s| s < i).count();
            assert_eq!(reach.rank(i), before, "{i}");
            assert_eq!(Place(Some(&reach)).get(i), set.contains(&i).then_some(before), "{i}");
        }
        assert!(!reach.contains(5000));
    }
}

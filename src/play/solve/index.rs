//! Numbering every seed distribution of a board: the positions of a solution table, laid out
//! in layers by the seeds on the board, each distribution with a number of its own.

/// Binomial coefficients, for numbering seed distributions.
fn binomials(n: usize) -> Vec<Vec<u64>> {
    let mut c = vec![vec![0u64; n + 1]; n + 1];
    for i in 0..=n {
        c[i][0] = 1;
        for j in 1..=i {
            c[i][j] = c[i - 1][j - 1].saturating_add(c[i - 1][j]);
        }
    }
    c
}

/// The number of positions (two players to move) of every distribution of at most `seeds`
/// seeds over `pits` pits, 2 * C(seeds + pits, pits), if it fits 64 bits.
pub fn state_space(pits: usize, seeds: usize) -> Option<u64> {
    let mut c: u128 = 1;
    for i in 0..pits as u128 {
        // C(n, i + 1) = C(n, i) * (n - i) / (i + 1), exactly, in this order.
        c = c.checked_mul(seeds as u128 + pits as u128 - i)? / (i + 1);
    }
    u64::try_from(c.checked_mul(2)?).ok()
}

/// [`state_space`] in floating point, for any size: what a message says of a table too large
/// to count.
pub fn state_space_approx(pits: usize, seeds: usize) -> f64 {
    let mut c = 1.0f64;
    for i in 0..pits {
        c = c * (seeds + pits - i) as f64 / (i + 1) as f64;
    }
    2.0 * c
}

/// Numbers the seed distributions of `pits` pits holding at most `seeds` seeds: the
/// distributions of `t` seeds come after all those of fewer, in the order of the combinatorial
/// number system (a perfect hash: every distribution has its own number, with no gaps).
#[derive(Debug, Clone)]
pub(super) struct Numbering {
    pits: usize,
    seeds: usize,
    binom: Vec<Vec<u64>>,
    /// `terms[j * (seeds + 1) + bar]`: what pit `j` (not the last) adds to a distribution's
    /// rank when pits `0..=j` hold `bar` seeds, C(bar + j, j + 1); one flat table, read once
    /// a pit, since numbering is done for every move a solve plays.
    terms: Vec<u64>,
    /// `starts[t]`: distributions of fewer than `t` seeds.
    starts: Vec<u64>,
}

impl Numbering {
    pub fn new(pits: usize, seeds: usize) -> Numbering {
        let binom = binomials(seeds + pits + 1);
        let terms = (0..pits.saturating_sub(1))
            .flat_map(|j| (0..=seeds).map(move |bar| (j, bar)))
            .map(|(j, bar)| binom[bar + j][j + 1])
            .collect();
        let starts = (0..=seeds + 1).map(|t| binom[t + pits - 1][pits]).collect();
        Numbering { pits, seeds, binom, terms, starts }
    }

    /// The pits of the board.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The most seeds of the distributions numbered.
    pub fn seeds(&self) -> usize {
        self.seeds
    }

    /// Distributions of exactly `t` seeds.
    pub fn layer_len(&self, t: usize) -> u64 {
        self.binom[t + self.pits - 1][self.pits - 1]
    }

    /// Distributions of fewer than `t` seeds.
    pub fn layer_start(&self, t: usize) -> u64 {
        self.binom[t + self.pits - 1][self.pits]
    }

    /// The number of a distribution within its layer: the bars between pits, placed among
    /// seeds, ranked as a combination.
    #[cfg(test)]
    fn rank(&self, pits: &[u8]) -> u64 {
        let mut rank = 0;
        let mut bar = 0usize;
        for (j, &s) in pits[..self.pits - 1].iter().enumerate() {
            bar += s as usize;
            rank += self.binom[bar + j][j + 1];
        }
        rank
    }

    /// The distribution and player of an index: the inverse of [`Numbering::index`] (the
    /// tests' check of the numbering).
    #[cfg(test)]
    pub fn unrank(&self, index: usize) -> (Vec<u8>, usize) {
        let n = self.pits;
        let player = index % 2;
        let number = (index / 2) as u64;
        let mut t = 0;
        while self.layer_start(t + 1) <= number {
            t += 1;
        }
        let mut rank = number - self.layer_start(t);
        let mut bars = vec![0usize; n - 1];
        let mut top = t + n - 1;
        for j in (0..n - 1).rev() {
            let mut b = top - 1;
            while self.binom[b][j + 1] > rank {
                b -= 1;
            }
            bars[j] = b;
            rank -= self.binom[b][j + 1];
            top = b;
        }
        let mut pits = vec![0u8; n];
        let mut prev: isize = -1;
        for j in 0..n - 1 {
            pits[j] = (bars[j] as isize - prev - 1) as u8;
            prev = bars[j] as isize;
        }
        pits[n - 1] = (t as isize + n as isize - 2 - prev) as u8;
        (pits, player)
    }

    /// The position of `pits` (at most the numbering's seeds) with `player` to move: twice
    /// its distribution's number, plus the player.
    #[inline]
    pub fn index(&self, pits: &[u8], player: usize) -> usize {
        let (last, rest) = pits[..self.pits].split_last().expect("a board has pits");
        let mut rank = 0;
        let mut bar = 0usize;
        for (row, &s) in self.terms.chunks_exact(self.seeds + 1).zip(rest) {
            bar += s as usize;
            rank += row[bar];
        }
        let t = bar + *last as usize;
        (2 * (self.starts[t] + rank) + player as u64) as usize
    }

    /// Calls `f` with every distribution of `t` seeds, in the order of
    /// [`for_each_distribution`], and its number within the layer (the rank [`Numbering::index`]
    /// gives it), which is summed pit by pit as the distributions are made, until `f` returns
    /// false.
    pub fn for_each_in_layer(&self, t: usize, mut f: impl FnMut(&[u8], u64) -> bool) {
        /// False once `f` has asked to stop.
        #[allow(clippy::too_many_arguments)]
        fn go<F: FnMut(&[u8], u64) -> bool>(
            n: &Numbering,
            pits: &mut [u8],
            t: usize,
            i: usize,
            left: usize,
            rank: u64,
            f: &mut F,
        ) -> bool {
            if i == pits.len() - 1 {
                pits[i] = left as u8;
                return f(pits, rank);
            }
            let bar = n.seeds + 1;
            let row = &n.terms[i * bar..(i + 1) * bar];
            // Pits 0..i hold t - left seeds; pit i adds s of the rest.
            for s in 0..=left {
                pits[i] = s as u8;
                if !go(n, pits, t, i + 1, left - s, rank + row[t - left + s], f) {
                    return false;
                }
            }
            true
        }
        let mut pits = vec![0u8; self.pits];
        go(self, &mut pits, t, 0, t, 0, &mut f);
    }
}

/// Calls `f` with every distribution of `t` seeds over `n` pits (in no particular order: each
/// is placed by its number).
pub fn for_each_distribution(n: usize, t: usize, mut f: impl FnMut(&[u8])) {
    let mut pits = vec![0u8; n];
    fn go(pits: &mut [u8], i: usize, left: usize, f: &mut dyn FnMut(&[u8])) {
        if i == pits.len() - 1 {
            pits[i] = left as u8;
            f(pits);
            return;
        }
        for s in 0..=left {
            pits[i] = s as u8;
            go(pits, i + 1, left - s, f);
        }
    }
    go(&mut pits, 0, t, &mut f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrank_inverts_index() {
        let numbering = Numbering::new(6, 9);
        for t in 0..=9 {
            for_each_distribution(6, t, |pits| {
                for player in 0..2 {
                    assert_eq!(numbering.unrank(numbering.index(pits, player)), (pits.to_vec(), player));
                }
            });
        }
    }

    #[test]
    fn layers_are_met_in_order_with_the_ranks_index_gives() {
        for (pits, seeds) in [(1, 5), (2, 4), (6, 9)] {
            let numbering = Numbering::new(pits, seeds);
            for t in 0..=seeds {
                let mut met = Vec::new();
                numbering.for_each_in_layer(t, |p, rank| {
                    assert_eq!(rank, numbering.rank(p), "{p:?}");
                    let start = 2 * numbering.layer_start(t) as usize;
                    assert_eq!(numbering.index(p, 1), start + 2 * rank as usize + 1);
                    met.push(p.to_vec());
                    true
                });
                let mut order = Vec::new();
                for_each_distribution(pits, t, |p| order.push(p.to_vec()));
                assert_eq!(met, order);
            }
        }
    }

    #[test]
    fn numbering_is_a_perfect_hash() {
        let numbering = Numbering::new(4, 6);
        let total = state_space(4, 6).unwrap() as usize;
        let mut seen = vec![false; total];
        for t in 0..=6 {
            for_each_distribution(4, t, |pits| {
                for player in 0..2 {
                    let i = numbering.index(pits, player);
                    assert!(!seen[i], "{pits:?} {player}");
                    seen[i] = true;
                }
            });
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(state_space(6, 36), Some(2 * 5_245_786));
    }

    #[test]
    fn state_spaces_too_large_to_count_are_none_and_approximated() {
        // 2 * C(319, 64), about 3.1e68: beyond 64 bits, and the products beyond 128.
        assert_eq!(state_space(64, 255), None);
        let approx = state_space_approx(64, 255);
        assert!((3.0e68..3.2e68).contains(&approx), "{approx:e}");
        // The largest that fits: both ways agree.
        assert_eq!(state_space(12, 48), Some(2_798_717_689_950));
        assert!((state_space_approx(12, 48) / 2_798_717_689_950.0 - 1.0).abs() < 1e-12);
        // Every allowed (pits, seeds) pair is counted or refused without overflow.
        for pits in 1..=64 {
            for seeds in 0..=255 {
                let _ = state_space(pits, seeds);
            }
        }
    }
}

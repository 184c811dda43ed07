//! Pairing a round without a repeat: perfect matchings on a general graph, and how many Swiss
//! rounds can always be paired.
//!
//! A Swiss round pairs the players along the pairs that have not met (with an odd number of
//! players, one more vertex stands for the bye, joined to each player who has not had it). The
//! round is paired in an order of preference: the first player in the standing takes the first
//! partner it prefers *such that the others can still all be paired*, then the next player,
//! and so on. The "such that" is the whole difficulty: trying the choices one by one and going
//! back when they fail takes exponential time. Here it is asked of a matching: with a perfect
//! matching of the players not yet paired in hand, the pair (u, v) leaves the rest pairable
//! exactly when one search for an augmenting path (Edmonds' blossom search) joins the two
//! players it leaves alone, `u`'s and `v`'s partners in that matching. One search is O(n²) on
//! an adjacency matrix, a round at most n² of them, so a round is O(n⁴) at worst, O(n³) as a
//! rule; for the 65 vertices of a tournament, milliseconds.
//!
//! How many rounds can always be paired, whatever the earlier ones were: after r − 1 rounds on
//! m vertices (m even, the bye vertex counted), every vertex has met r − 1 others, so the pairs
//! not yet met form a (m − r)-regular graph G, k = m − r. By Tutte's theorem G lacks a perfect
//! matching only if removing some s vertices S leaves more than s components of odd size (and,
//! m being even, then at least s + 2). A component C of c ≤ k vertices sends each of its
//! vertices' k edges, but at most c − 1 of them, into S: c(k + 1 − c) ≥ k edges in all, while S
//! takes at most sk; so at most s components have k vertices or fewer. The other odd ones have
//! k + 1 or more, and two of them need 2k + 2 ≤ m vertices. For k ≥ m/2 there is no room for
//! two; for k = m/2 − 1 the two are the whole graph, halves of m/2 vertices each, which are odd
//! only if m/2 is odd. So every round r ≤ m/2 can be paired, and round m/2 + 1 too when m is a
//! multiple of 4. Neither bound can be raised: two complete graphs on m/2 vertices each
//! (m/2 odd), or on m/2 − 1 and m/2 + 1 (m a multiple of 4), are the pairs left after some
//! history of that many rounds, and have no perfect matching (the tests below build both).

/// No vertex.
const NONE: usize = usize::MAX;

/// The fewest rounds a Swiss of `n` players needs to tell them apart: ⌈log₂ n⌉ (one for
/// fewer than two players).
pub fn fewest_rounds(n: u64) -> u32 {
    if n < 2 { 1 } else { u64::BITS - (n - 1).leading_zeros() }
}

/// The most rounds a Swiss of `n` players can always be paired for without two players
/// meeting twice, whatever the pairings of the rounds before (see the module's comment).
pub fn most_rounds(n: u64) -> u64 {
    // With an odd number of players, the bye is one more vertex.
    let m = n + n % 2;
    if m.is_multiple_of(4) && m > 0 { m / 2 + 1 } else { m / 2 }
}

/// Pairs the vertices `0..n` (`n` even) along `edge` (symmetric), in order of preference:
/// each vertex of `order` not yet paired takes the first vertex of `choices[u]` it is joined to
/// that leaves the others pairable. `choices[u]` must name every vertex still unpaired at
/// `u`'s turn that `u` is joined to (its partner in some perfect matching of those left is
/// then among them); `order` must name every vertex. The pairs come in the order they were
/// chosen, the chooser first; `None` if no perfect matching exists.
pub fn first_pairing(
    n: usize,
    edge: &dyn Fn(usize, usize) -> bool,
    order: &[usize],
    choices: &[Vec<usize>],
) -> Option<Vec<(usize, usize)>> {
    let mut g = Matcher::new(n, edge);
    if !g.perfect() {
        return None;
    }
    let mut out = Vec::with_capacity(n / 2);
    for &u in order {
        if !g.alive[u] {
            continue;
        }
        let chosen =
            choices[u].iter().copied().find(|&v| v != u && g.alive[v] && g.joined(u, v) && g.fix(u, v))?;
        out.push((u, chosen));
    }
    // Every vertex was in `order`, so every one is on a board.
    (out.len() * 2 == n).then_some(out)
}

/// A graph on `0..n` by its adjacency matrix, with a perfect matching of the vertices still
/// to pair, and the scratch of Edmonds' search.
struct Matcher {
    n: usize,
    edge: Vec<bool>,
    /// Each vertex's partner, or [`NONE`].
    mate: Vec<usize>,
    /// Not yet fixed on a board: the vertices the matching is about.
    alive: Vec<bool>,
    /// The base of the blossom each vertex is in (itself when in none).
    base: Vec<usize>,
    /// For a vertex reached at odd distance from the root, the vertex it was reached from; for
    /// an even one inside a blossom, the way back round the blossom.
    parent: Vec<usize>,
    /// Reached at even distance (or inside a blossom): in the queue, its edges explored.
    even: Vec<bool>,
    in_blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl Matcher {
    fn new(n: usize, edge: &dyn Fn(usize, usize) -> bool) -> Matcher {
        let mut matrix = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                matrix[a * n + b] = a != b && edge(a, b) && edge(b, a);
            }
        }
        Matcher {
            n,
            edge: matrix,
            mate: vec![NONE; n],
            alive: vec![true; n],
            base: (0..n).collect(),
            parent: vec![NONE; n],
            even: vec![false; n],
            in_blossom: vec![false; n],
            seen: vec![false; n],
            queue: Default::default(),
        }
    }

    fn joined(&self, a: usize, b: usize) -> bool {
        self.edge[a * self.n + b]
    }

    /// Completes the matching to a perfect one; false if there is none.
    fn perfect(&mut self) -> bool {
        for v in 0..self.n {
            // A vertex left unmatched by a search stays unmatched in every maximum matching.
            if self.mate[v] == NONE && !self.augment_from(v) {
                return false;
            }
        }
        true
    }

    /// Fixes `u` and `v` (joined, both alive) on a board if the other vertices still alive
    /// can all be paired: true, and the matching is a perfect one of them; else false and
    /// nothing changed.
    fn fix(&mut self, u: usize, v: usize) -> bool {
        let (a, b) = (self.mate[u], self.mate[v]);
        self.alive[u] = false;
        self.alive[v] = false;
        if a == v {
            return true;
        }
        // `a` and `b` are left alone; the rest is pairable exactly when a path alternating
        // between unmatched and matched edges joins them.
        for x in [u, v, a, b] {
            self.mate[x] = NONE;
        }
        if self.augment_from(a) {
            self.mate[u] = v;
            self.mate[v] = u;
            return true;
        }
        self.alive[u] = true;
        self.alive[v] = true;
        (self.mate[u], self.mate[a], self.mate[v], self.mate[b]) = (a, u, b, v);
        false
    }

    /// Edmonds' search from the unmatched `root` over the vertices alive: if it finds a path
    /// to another unmatched vertex, alternating unmatched and matched edges, flips it (one
    /// pair more) and says true.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.n;
        for i in 0..n {
            self.base[i] = i;
        }
        self.parent.fill(NONE);
        self.even.fill(false);
        self.queue.clear();
        self.even[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for w in 0..n {
                if !self.alive[w] || !self.joined(v, w) || self.base[v] == self.base[w] || self.mate[v] == w {
                    continue;
                }
                if w == root || (self.mate[w] != NONE && self.parent[self.mate[w]] != NONE) {
                    // `w` is even too: the edge closes an odd cycle, shrunk to its base.
                    self.shrink(v, w);
                } else if self.parent[w] == NONE {
                    self.parent[w] = v;
                    if self.mate[w] == NONE {
                        self.flip(w);
                        return true;
                    }
                    let x = self.mate[w];
                    self.even[x] = true;
                    self.queue.push_back(x);
                }
            }
        }
        false
    }

    /// Shrinks the odd cycle closed by the edge `v`-`w` between two even vertices: every
    /// vertex in it takes the base of the cycle and becomes even.
    fn shrink(&mut self, v: usize, w: usize) {
        let top = self.common_base(v, w);
        self.in_blossom.fill(false);
        self.mark_path(v, top, w);
        self.mark_path(w, top, v);
        for i in 0..self.n {
            if self.in_blossom[self.base[i]] {
                self.base[i] = top;
                if !self.even[i] {
                    self.even[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    /// The base of the first blossom (or vertex) where the paths from `a` and `b` to the root
    /// meet.
    fn common_base(&mut self, mut a: usize, mut b: usize) -> usize {
        self.seen.fill(false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if self.mate[a] == NONE {
                break; // the root
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossoms from `v` up to the base `top` as part of the new one, and points
    /// the even vertices on the way back across the edge closing the cycle (`child` first).
    fn mark_path(&mut self, mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            let m = self.mate[v];
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[m]] = true;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Flips the path found ending at the unmatched `end`: its unmatched edges become the
    /// matched ones.
    fn flip(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let p = self.parent[v];
            let next = self.mate[p];
            self.mate[v] = p;
            self.mate[p] = v;
            v = next;
        }
    }
}

/// A random symmetric table of `n` x `n` pairs, each pair there with probability `p`, drawn
/// pair by pair in order: the graphs of the tests here and of the Swiss's.
#[cfg(test)]
pub(super) fn random_pairs(n: usize, p: f64, rng: &mut impl rand::RngExt) -> Vec<bool> {
    let mut matrix = vec![false; n * n];
    for a in 0..n {
        for b in a + 1..n {
            let e = rng.random_bool(p);
            matrix[a * n + b] = e;
            matrix[b * n + a] = e;
        }
    }
    matrix
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt as _, SeedableRng as _};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The pairing `first_pairing` promises, by trying every choice and going back.
    fn by_search(
        edge: &dyn Fn(usize, usize) -> bool,
        order: &[usize],
        choices: &[Vec<usize>],
        paired: &mut Vec<bool>,
        out: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some(&u) = order.iter().find(|&&u| !paired[u]) else { return true };
        for &v in &choices[u] {
            if v == u || paired[v] || !edge(u, v) {
                continue;
            }
            paired[u] = true;
            paired[v] = true;
            out.push((u, v));
            if by_search(edge, order, choices, paired, out) {
                return true;
            }
            out.pop();
            paired[u] = false;
            paired[v] = false;
        }
        false
    }

    /// A random order of `0..n`.
    fn shuffled(n: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            v.swap(i, rng.random_range(0..=i));
        }
        v
    }

    #[test]
    fn the_first_pairing_is_the_one_trying_every_choice_finds() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(16);
        let mut found = [0; 2];
        for case in 0..3000 {
            let n = 2 * rng.random_range(0..=6usize);
            // From sparse graphs (seldom pairable) to dense ones.
            let density = rng.random_range(0.2..1.0f64);
            let matrix = random_pairs(n, density, &mut rng);
            let edge = |a: usize, b: usize| matrix[a * n + b];
            let order = shuffled(n, &mut rng);
            let choices: Vec<Vec<usize>> = (0..n).map(|_| shuffled(n, &mut rng)).collect();
            let mut expected = Vec::new();
            let exists = by_search(&edge, &order, &choices, &mut vec![false; n], &mut expected);
            let got = first_pairing(n, &edge, &order, &choices);
            assert_eq!(got, exists.then_some(expected), "case {case}: {n} vertices, {matrix:?}");
            found[exists as usize] += 1;
        }
        // Both outcomes were tried, often.
        assert!(found[0] > 300 && found[1] > 300, "{found:?}");
    }

    #[test]
    fn blossoms_are_searched_through() {
        // Two triangles joined by an edge 2-3: the only perfect matching takes 2-3, and
        // reaching it from 0 or 1 goes round a triangle.
        let edges = [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5)];
        let edge = |a: usize, b: usize| edges.contains(&(a.min(b), a.max(b)));
        let all: Vec<usize> = (0..6).collect();
        let choices = vec![all.clone(); 6];
        assert_eq!(first_pairing(6, &edge, &all, &choices), Some(vec![(0, 1), (2, 3), (4, 5)]));
        // 0 prefers 2; then 1 is alone.
        let mut prefer = choices.clone();
        prefer[0] = vec![2, 1];
        assert_eq!(first_pairing(6, &edge, &all, &prefer), Some(vec![(0, 1), (2, 3), (4, 5)]));
        // Without 2-3, two odd halves: none.
        let apart = |a: usize, b: usize| edge(a, b) && (a.min(b), a.max(b)) != (2, 3);
        assert_eq!(first_pairing(6, &apart, &all, &choices), None);
    }

    #[test]
    fn enough_rounds_can_always_be_paired() {
        for n in 2..=super::super::file::MAX_PARTICIPANTS as u64 + 1 {
            let (few, most) = (fewest_rounds(n) as u64, most_rounds(n));
            assert!(few <= most, "{n} players need {few} rounds but can be paired for {most}");
            // Never more than meeting everyone (and the bye) once.
            assert!(most <= n - 1 + n % 2, "{n}: {most}");
        }
        assert_eq!([2, 3, 4, 5, 6, 7, 8, 16, 64].map(most_rounds), [1, 3, 3, 3, 3, 5, 5, 9, 33]);
        assert_eq!([2, 3, 4, 5, 16, 17, 64].map(fewest_rounds), [1, 2, 2, 3, 4, 5, 6]);
    }

    /// Splits the graph `edge` on `0..m` into `rounds` perfect matchings, by trying every way.
    fn rounds_of(
        m: usize,
        edge: &dyn Fn(usize, usize) -> bool,
        rounds: usize,
    ) -> Option<Vec<Vec<(usize, usize)>>> {
        fn go(
            m: usize,
            used: &mut Vec<bool>,
            out: &mut Vec<Vec<(usize, usize)>>,
            edge: &dyn Fn(usize, usize) -> bool,
            rounds: usize,
        ) -> bool {
            let round = out.len() - 1;
            let paired: Vec<usize> = out[round].iter().flat_map(|&(a, b)| [a, b]).collect();
            let Some(u) = (0..m).find(|u| !paired.contains(u)) else {
                if out.len() == rounds {
                    return true;
                }
                out.push(Vec::new());
                if go(m, used, out, edge, rounds) {
                    return true;
                }
                out.pop();
                return false;
            };
            for v in u + 1..m {
                if paired.contains(&v) || !edge(u, v) || used[u * m + v] {
                    continue;
                }
                used[u * m + v] = true;
                out[round].push((u, v));
                if go(m, used, out, edge, rounds) {
                    return true;
                }
                out[round].pop();
                used[u * m + v] = false;
            }
            false
        }
        let mut out = vec![Vec::new()];
        go(m, &mut vec![false; m * m], &mut out, edge, rounds).then_some(out)
    }

    #[test]
    fn one_round_more_can_leave_no_pairing() {
        for m in [6usize, 8, 10, 12] {
            let most = most_rounds(m as u64) as usize;
            // The pairs not met after `most` rounds, with no perfect matching: two odd cliques.
            let small = if m % 4 == 0 { m / 2 - 1 } else { m / 2 };
            let left = |a: usize, b: usize| {
                if a == b || (a < small) != (b < small) {
                    return false;
                }
                // For m a multiple of 4 the large side is a clique less a cycle, to be as
                // regular as the small one.
                let (i, j, k) = (a.saturating_sub(small), b.saturating_sub(small), m - small);
                a < small || m % 4 != 0 || !(i.abs_diff(j) == 1 || i.abs_diff(j) == k - 1)
            };
            for v in 0..m {
                let degree = (0..m).filter(|&w| left(v, w)).count();
                assert_eq!(degree, m - most - 1, "{m}: vertex {v}");
            }
            let all: Vec<usize> = (0..m).collect();
            assert_eq!(first_pairing(m, &left, &all, &vec![all.clone(); m]), None, "{m}");
            // And the pairs met are `most` rounds.
            let met = |a: usize, b: usize| a != b && !left(a, b);
            let history = rounds_of(m, &met, most).unwrap_or_else(|| panic!("{m}: no history"));
            assert_eq!(history.len(), most);
        }
    }
}

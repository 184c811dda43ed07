//! Who plays whom, in which seats, after which opening: the units of a tournament. A unit is
//! one opening played once in every order of the seats by one group of players (two games for
//! two players, six for three). Every game has a number fixed by the file alone (the Swiss
//! rounds' too, though their pairings wait for the results before them), and its random
//! streams come from that number and the seed: so a tournament replays exactly, on any number
//! of threads, shards or sittings.

use crate::engine::{Move, Rules};
use crate::play::player::game_rng;
use crate::play::random::RandomPlayer;

use super::file::{Format, MAX_OPENINGS, Tournament};

/// Mixed into the seed for the streams that draw random openings, so that they differ from
/// the players' streams of the same game.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6773;

/// More openings than [`MAX_OPENINGS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany;

/// A Swiss round: the boards (pairs of players) and who sits out.
pub type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// Every sequence of `plies` legal moves from the start after which the game goes on, in
/// move order; `Err` if there are more than [`MAX_OPENINGS`].
pub fn every_opening(rules: &Rules, plies: u32) -> Result<Vec<Vec<Move>>, TooMany> {
    fn walk(
        rules: &Rules,
        s: &crate::engine::State,
        left: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> Result<(), TooMany> {
        if s.is_over() {
            return Ok(());
        }
        if left == 0 {
            if out.len() >= MAX_OPENINGS {
                return Err(TooMany);
            }
            out.push(line.clone());
            return Ok(());
        }
        for mv in rules.legal_moves(s).iter() {
            let mut c = *s;
            rules.apply(&mut c, mv);
            line.push(mv);
            walk(rules, &c, left - 1, line, out)?;
            line.pop();
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(rules, &rules.initial_state(), plies, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// `plies` random legal moves from the start, drawn from the stream of `key` (a unit's first
/// game); drawn again if the game ends in them. `None` if no game lasts that long in a
/// thousand tries.
pub fn random_opening(rules: &Rules, plies: u32, seed: u64, key: u64) -> Option<Vec<Move>> {
    let mut rng = game_rng(seed ^ OPENING_SALT, key);
    for _ in 0..1000 {
        let mut s = rules.initial_state();
        let mut line = Vec::with_capacity(plies as usize);
        while line.len() < plies as usize {
            let Some(mv) = RandomPlayer::pick(rules, &s, &mut rng) else { break };
            rules.apply(&mut s, mv);
            line.push(mv);
        }
        if line.len() == plies as usize && !s.is_over() {
            return Some(line);
        }
    }
    None
}

/// Every order of `n` seats, the identity first: `[0, 1]`, `[1, 0]` for two.
pub fn seat_orders(n: usize) -> Vec<Vec<usize>> {
    fn go(rest: &mut Vec<usize>, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            cur.push(x);
            go(rest, cur, out);
            cur.pop();
            rest.insert(i, x);
        }
    }
    let mut out = Vec::new();
    go(&mut (0..n).collect(), &mut Vec::new(), &mut out);
    out
}

/// The groups of `seats` participants (of `n`) that meet, each in increasing order: every
/// group in a round robin; in a gauntlet, each gauntlet player with every group of the others.
pub fn groups(format: &Format, n: usize, seats: usize) -> Vec<Vec<usize>> {
    fn combos(from: &[usize], k: usize, start: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..from.len() {
            cur.push(from[i]);
            combos(from, k, i + 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    match format {
        Format::RoundRobin | Format::Swiss { .. } => {
            let all: Vec<usize> = (0..n).collect();
            combos(&all, seats, 0, &mut Vec::new(), &mut out);
        }
        Format::Gauntlet(players) => {
            let others: Vec<usize> = (0..n).filter(|i| !players.contains(i)).collect();
            for &g in players {
                let mut rest = Vec::new();
                combos(&others, seats - 1, 0, &mut Vec::new(), &mut rest);
                for mut r in rest {
                    r.push(g);
                    r.sort_unstable();
                    out.push(r);
                }
            }
        }
    }
    out
}

/// What a unit is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A game between participants.
    Main,
    /// A level of the skill trace (its index).
    Trace(usize),
}

/// One opening played in every order of the seats by one group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub variant: usize,
    pub purpose: Purpose,
    /// Agents (indices into the variant's agents: the participants, then the trace's), in
    /// increasing order for the participants; the weaker level first in a trace.
    pub players: Vec<usize>,
    /// Which of its group's units this is.
    pub pair: u64,
    /// Its opening: an index into the variant's openings (ignored for random openings).
    pub opening: usize,
    /// The number of its first game; game `first_game + j` seats the players in seat order `j`.
    pub first_game: u64,
    /// The Swiss round (0-based), if any.
    pub round: Option<u32>,
}

/// The agent indices of the trace's levels: `participants + k` plays `mcts:` level k's
/// simulation count, for the counts of [`trace_counts`].
pub fn trace_counts(t: &Tournament) -> Vec<u64> {
    let Some(trace) = &t.trace else { return Vec::new() };
    let mut counts: Vec<u64> = trace.levels.iter().flat_map(|&n| [n, 2 * n]).collect();
    counts.sort_unstable();
    counts.dedup();
    counts
}

/// The layout of a tournament's games: for each variant, where its games are numbered and how
/// many units each part has.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Per variant: the number of its first game.
    pub base: Vec<u64>,
    /// Per variant: the seat orders.
    pub orders: Vec<Vec<Vec<usize>>>,
    /// Per variant: the groups that meet (not for a Swiss).
    pub groups: Vec<Vec<Vec<usize>>>,
    /// Units per group (per board and round in a Swiss).
    pub pairs: u64,
    /// Per variant: the number of the first game of the skill trace.
    pub trace_base: Vec<u64>,
    pub total_games: u64,
}

impl Plan {
    pub fn new(t: &Tournament) -> Plan {
        let n = t.participants.len();
        let mut base = Vec::new();
        let mut orders = Vec::new();
        let mut groups_of = Vec::new();
        let mut trace_base = Vec::new();
        let mut next = 0u64;
        let counts = trace_counts(t);
        let _ = counts;
        for e in &t.variants {
            let seats = e.rules.players();
            let o = seat_orders(seats);
            let per_unit = o.len() as u64;
            let pairs = t.games / per_unit;
            base.push(next);
            let g = match t.format {
                Format::Swiss { rounds } => {
                    next += rounds as u64 * (n as u64 / 2) * pairs * per_unit;
                    Vec::new()
                }
                _ => {
                    let g = groups(&t.format, n, seats);
                    next += g.len() as u64 * pairs * per_unit;
                    g
                }
            };
            trace_base.push(next);
            if let Some(trace) = &t.trace {
                next += trace.levels.len() as u64 * trace.games;
            }
            orders.push(o);
            groups_of.push(g);
        }
        let pairs = t.games / orders.first().map_or(2, |o| o.len() as u64).max(1);
        Plan { base, orders, groups: groups_of, pairs, trace_base, total_games: next }
    }

    fn opening_for(t: &Tournament, variant: usize, pair: u64) -> usize {
        (pair % t.variants[variant].openings.len().max(1) as u64) as usize
    }

    /// The units of every part that does not wait for results: all but the Swiss rounds.
    pub fn fixed_units(&self, t: &Tournament) -> Vec<Unit> {
        let mut out = Vec::new();
        for (v, e) in t.variants.iter().enumerate() {
            let per_unit = self.orders[v].len() as u64;
            let pairs = t.games / per_unit;
            for (gi, g) in self.groups[v].iter().enumerate() {
                for k in 0..pairs {
                    out.push(Unit {
                        variant: v,
                        purpose: Purpose::Main,
                        players: g.clone(),
                        pair: k,
                        opening: Self::opening_for(t, v, k),
                        first_game: self.base[v] + (gi as u64 * pairs + k) * per_unit,
                        round: None,
                    });
                }
            }
            if let Some(trace) = &t.trace {
                let counts = trace_counts(t);
                let n = t.participants.len();
                let agent = |sims: u64| n + counts.iter().position(|&c| c == sims).expect("a level's count");
                for (li, &level) in trace.levels.iter().enumerate() {
                    for k in 0..trace.games / 2 {
                        out.push(Unit {
                            variant: v,
                            purpose: Purpose::Trace(li),
                            players: vec![agent(level), agent(2 * level)],
                            pair: k,
                            opening: Self::opening_for(t, v, k),
                            first_game: self.trace_base[v] + (li as u64 * trace.games / 2 + k) * 2,
                            round: None,
                        });
                    }
                }
            }
            let _ = e;
        }
        out
    }

    /// The units of Swiss round `round` of variant `v`, for the boards paired.
    pub fn swiss_units(&self, t: &Tournament, v: usize, round: u32, boards: &[(usize, usize)]) -> Vec<Unit> {
        let n = t.participants.len() as u64;
        let pairs = t.games / 2;
        let mut out = Vec::new();
        for (b, &(x, y)) in boards.iter().enumerate() {
            for k in 0..pairs {
                let slot = (round as u64 * (n / 2) + b as u64) * pairs + k;
                out.push(Unit {
                    variant: v,
                    purpose: Purpose::Main,
                    players: vec![x.min(y), x.max(y)],
                    pair: k,
                    opening: Self::opening_for(t, v, slot),
                    first_game: self.base[v] + slot * 2,
                    round: Some(round),
                });
            }
        }
        out
    }
}

/// The pairs of a Swiss round: players ordered by `points` (more first, then by their place
/// in the file), each paired with the highest-placed player below it not met before that
/// leaves the others pairable. With an odd number of players, the lowest-placed player without
/// a bye whose sitting out leaves the others pairable sits out. This is the pairing that trying
/// every choice and going back would find, found in polynomial time ([`super::pairing`]).
/// `None` if no pairing avoids a repeat (never within [`super::pairing::most_rounds`]).
pub fn swiss_pairing(
    points: &[u64],
    met: &dyn Fn(usize, usize) -> bool,
    had_bye: &[bool],
) -> Option<Pairing> {
    let n = points.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(points[i]), i));
    // With an odd number of players, vertex `n` is the bye: it chooses first, from the bottom.
    let odd = n % 2 == 1;
    let edge = |a: usize, b: usize| match (a == n, b == n) {
        (true, true) => false,
        (true, false) => !had_bye[b],
        (false, true) => !had_bye[a],
        (false, false) => a != b && !met(a, b) && !met(b, a),
    };
    let mut choices = vec![order.clone(); n];
    let mut turns = order.clone();
    if odd {
        choices.push(order.iter().rev().copied().collect());
        turns.insert(0, n);
    }
    let pairs = super::pairing::first_pairing(n + odd as usize, &edge, &turns, &choices)?;
    let bye = pairs.iter().find(|&&(a, _)| a == n).map(|&(_, b)| b);
    Some((pairs.into_iter().filter(|&(a, _)| a != n).collect(), bye))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_orders_are_every_permutation() {
        assert_eq!(seat_orders(2), vec![vec![0, 1], vec![1, 0]]);
        let three = seat_orders(3);
        assert_eq!(three.len(), 6);
        assert_eq!(three[0], vec![0, 1, 2]);
        let mut sorted = three.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
    }

    #[test]
    fn groups_of_round_robins_and_gauntlets() {
        assert_eq!(groups(&Format::RoundRobin, 3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(groups(&Format::RoundRobin, 4, 3).len(), 4);
        assert_eq!(groups(&Format::Gauntlet(vec![2]), 4, 2), vec![vec![0, 2], vec![1, 2], vec![2, 3]]);
        // Two gauntlet players do not meet each other.
        assert_eq!(groups(&Format::Gauntlet(vec![0, 1]), 3, 2), vec![vec![0, 2], vec![1, 2]]);
    }

    #[test]
    fn bakuk_has_three_openings_of_one_ply_and_nine_of_two() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let one = every_opening(&rules, 1).unwrap();
        assert_eq!(one.iter().map(|o| o[0].to_string()).collect::<Vec<_>>(), ["1", "2", "3"]);
        assert_eq!(every_opening(&rules, 2).unwrap().len(), 9);
        let r = random_opening(&rules, 4, 1, 10).unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(random_opening(&rules, 4, 1, 10), Some(r));
    }

    #[test]
    fn swiss_pairs_by_points_without_repeats() {
        let none = |_: usize, _: usize| false;
        // Points 3, 1, 2, 0: order 0, 2, 1, 3: pairs (0, 2) and (1, 3).
        let (pairs, bye) = swiss_pairing(&[3, 1, 2, 0], &none, &[false; 4]).unwrap();
        assert_eq!((pairs, bye), (vec![(0, 2), (1, 3)], None));
        // 0 and 2 have met: 0 takes 1, leaving 2 and 3.
        let met = |a: usize, b: usize| (a.min(b), a.max(b)) == (0, 2);
        assert_eq!(swiss_pairing(&[3, 1, 2, 0], &met, &[false; 4]).unwrap().0, vec![(0, 1), (2, 3)]);
        // 0 has met 1 and 2 and 3 has met 1: 0 must take 3, and 1 and 2 are left.
        let met = |a: usize, b: usize| [(0, 1), (0, 2), (1, 3)].contains(&(a.min(b), a.max(b)));
        assert_eq!(swiss_pairing(&[3, 2, 1, 0], &met, &[false; 4]).unwrap().0, vec![(0, 3), (1, 2)]);
        // Five players: the last without a bye sits out.
        let (pairs, bye) =
            swiss_pairing(&[4, 3, 2, 1, 0], &none, &[false, false, false, false, true]).unwrap();
        assert_eq!(bye, Some(3));
        assert_eq!(pairs, vec![(0, 1), (2, 4)]);
        // ... unless the others could not all be paired then: 0 has met 1, 2 and 3, so only 4
        // is left for it, and 3 sits out.
        let met = |a: usize, b: usize| a.min(b) == 0 && a.max(b) <= 3;
        let (pairs, bye) = swiss_pairing(&[4, 3, 2, 1, 0], &met, &[false; 5]).unwrap();
        assert_eq!((pairs, bye), (vec![(0, 4), (1, 2)], Some(3)));
        // Everyone has met everyone: no pairing.
        let all = |_: usize, _: usize| true;
        assert_eq!(swiss_pairing(&[0, 0], &all, &[false; 2]), None);
        // Everyone has had a bye.
        assert_eq!(swiss_pairing(&[0, 0, 0], &none, &[true; 3]), None);
    }

    /// Swiss pairing by trying every choice and going back (exponential): the bye from the
    /// bottom, then each player from the top with the highest one below it.
    fn swiss_by_search(
        points: &[u64],
        met: &dyn Fn(usize, usize) -> bool,
        had_bye: &[bool],
    ) -> Option<Pairing> {
        fn pair(left: &[usize], met: &dyn Fn(usize, usize) -> bool, out: &mut Vec<(usize, usize)>) -> bool {
            let Some((&first, rest)) = left.split_first() else { return true };
            for (i, &other) in rest.iter().enumerate() {
                if met(first, other) || met(other, first) {
                    continue;
                }
                let remaining: Vec<usize> =
                    rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                out.push((first, other));
                if pair(&remaining, met, out) {
                    return true;
                }
                out.pop();
            }
            false
        }
        let n = points.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(points[i]), i));
        let byes: Vec<Option<usize>> = if n.is_multiple_of(2) {
            vec![None]
        } else {
            order.iter().rev().filter(|&&i| !had_bye[i]).map(|&i| Some(i)).collect()
        };
        byes.into_iter().find_map(|bye| {
            let left: Vec<usize> = order.iter().copied().filter(|&i| Some(i) != bye).collect();
            let mut out = Vec::new();
            pair(&left, met, &mut out).then_some((out, bye))
        })
    }

    #[test]
    fn swiss_pairing_is_the_one_trying_every_choice_finds() {
        use rand::{RngExt as _, SeedableRng as _};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        let mut found = [0; 2];
        for case in 0..4000 {
            let n = rng.random_range(1..=9usize);
            let density = rng.random_range(0.0..0.8f64);
            let mut met = vec![false; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    let m = rng.random_bool(density);
                    met[a * n + b] = m;
                    met[b * n + a] = m;
                }
            }
            // Few distinct points, so that ties (broken by the file's order) are common.
            let points: Vec<u64> = (0..n).map(|_| rng.random_range(0..4)).collect();
            let had_bye: Vec<bool> = (0..n).map(|_| rng.random_bool(density)).collect();
            let met = |a: usize, b: usize| met[a * n + b];
            let expected = swiss_by_search(&points, &met, &had_bye);
            found[expected.is_some() as usize] += 1;
            assert_eq!(swiss_pairing(&points, &met, &had_bye), expected, "case {case}");
        }
        assert!(found[0] > 400 && found[1] > 400, "{found:?}");
    }

    #[test]
    fn every_round_the_check_allows_can_be_paired_whatever_came_before() {
        use rand::{RngExt as _, SeedableRng as _};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(14);
        for n in 2..=super::super::file::MAX_PARTICIPANTS + 1 {
            let rounds = super::super::pairing::most_rounds(n as u64);
            for history in 0..6 {
                let mut met = vec![false; n * n];
                let mut had_bye = vec![false; n];
                for round in 0..rounds {
                    // Points as any results could give them (byes included): few values,
                    // many ties, or all different.
                    let spread = if history % 2 == 0 { 2 * round + 1 } else { u64::MAX };
                    let points: Vec<u64> = (0..n).map(|_| rng.random_range(0..spread)).collect();
                    let (boards, bye) = swiss_pairing(&points, &|a, b| met[a * n + b], &had_bye)
                        .unwrap_or_else(|| {
                            panic!("{n} players, history {history}: round {} unpaired", round + 1)
                        });
                    let mut seen = vec![false; n];
                    for &(a, b) in &boards {
                        assert!(!met[a * n + b], "{n}: {a} and {b} meet again");
                        met[a * n + b] = true;
                        met[b * n + a] = true;
                        seen[a] = true;
                        seen[b] = true;
                    }
                    if let Some(b) = bye {
                        assert!(!had_bye[b], "{n}: {b} sits out twice");
                        had_bye[b] = true;
                        seen[b] = true;
                    }
                    assert_eq!(bye.is_some(), n % 2 == 1);
                    assert!(seen.iter().all(|&s| s), "{n}: someone left out");
                }
            }
        }
    }
}

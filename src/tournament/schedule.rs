//! Who plays whom, in which seats, after which opening: the units of a tournament. A unit is
//! one opening played once in every order of the seats by one group of players (two games for
//! two players, six for three). Every game has a number fixed by the file alone (the Swiss
//! rounds' too, though their pairings wait for the results before them), and its random
//! streams come from that number and the seed: so a tournament replays exactly, on any number
//! of threads, shards or sittings. Units are worked out from their index when they are played,
//! never listed: a tournament of a billion games takes no more memory than one of ten.

use crate::engine::{Game, Move, Rules};
use crate::play::player::game_rng;
use crate::play::random::RandomPlayer;

use super::file::{Format, MAX_OPENINGS, Tournament};

/// Mixed into the seed for the streams that draw random openings, so that they differ from
/// the players' streams of the same game.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6773;

/// The most games a tournament may ask for.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// The most positions searched for the openings of `every: K`: about a second's work.
pub const MAX_OPENING_SEARCH: u64 = 1_000_000;

/// Why the openings of `every: K` were not listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningsError {
    /// More openings than [`MAX_OPENINGS`].
    TooMany,
    /// More positions to search than [`MAX_OPENING_SEARCH`] (most lines end before K plies).
    TooLong,
}

/// A Swiss round: the boards (pairs of players) and who sits out.
pub type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// Every sequence of `plies` legal moves from the start after which the game goes on, in
/// move order. A line that ends the game within `plies` (by any ending, repetition
/// included) is not an opening.
pub fn every_opening(rules: &Rules, plies: u32) -> Result<Vec<Vec<Move>>, OpeningsError> {
    fn walk(
        g: &Game<'_>,
        left: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
        budget: &mut u64,
    ) -> Result<(), OpeningsError> {
        if g.state().is_over() {
            return Ok(());
        }
        if left == 0 {
            if out.len() >= MAX_OPENINGS {
                return Err(OpeningsError::TooMany);
            }
            out.push(line.clone());
            return Ok(());
        }
        for mv in g.rules().legal_moves(g.state()).iter() {
            *budget = budget.checked_sub(1).ok_or(OpeningsError::TooLong)?;
            let mut c = g.clone();
            c.apply(mv);
            line.push(mv);
            walk(&c, left - 1, line, out, budget)?;
            line.pop();
        }
        Ok(())
    }
    // A game cut off within the opening's plies has no opening: nothing to search.
    if rules.ply_limit().is_some_and(|l| l <= plies) {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut budget = MAX_OPENING_SEARCH;
    walk(&Game::new(rules, rules.initial_state()), plies, &mut Vec::new(), &mut out, &mut budget)?;
    Ok(out)
}

/// `plies` random legal moves from the start, drawn from the stream of `key` (a unit's first
/// game); drawn again if the game ends in them (by any ending, repetition included). `None`
/// if no game lasts that long in a thousand tries.
pub fn random_opening(rules: &Rules, plies: u32, seed: u64, key: u64) -> Option<Vec<Move>> {
    if rules.ply_limit().is_some_and(|l| l <= plies) {
        return None;
    }
    let mut rng = game_rng(seed ^ OPENING_SALT, key);
    let mut game = Game::new(rules, rules.initial_state());
    for _ in 0..1000 {
        game.restart(rules.initial_state());
        let mut line = Vec::with_capacity(plies as usize);
        while line.len() < plies as usize {
            let Some(mv) = RandomPlayer::pick(rules, game.state(), &mut rng) else { break };
            game.apply(mv);
            line.push(mv);
        }
        if line.len() == plies as usize && !game.state().is_over() {
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

/// The number of orders of `n` seats: n!.
pub fn seat_order_count(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// n choose k, or `None` past `u64`.
pub fn binomial(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // Exact at every step: r is C(n, i) times (n - i), divided by i + 1.
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return None;
        }
    }
    Some(r as u64)
}

/// The `rank`-th group of `k` of `from` (sorted), counting in lexicographic order.
fn unrank(from: &[usize], k: usize, mut rank: u64, out: &mut Vec<usize>) {
    let mut start = 0;
    for slot in 0..k {
        for i in start..from.len() {
            let rest = binomial(from.len() - i - 1, k - slot - 1).unwrap_or(u64::MAX);
            if rank < rest {
                out.push(from[i]);
                start = i + 1;
                break;
            }
            rank -= rest;
        }
    }
}

/// How many groups of `seats` participants (of `n`) meet: every group in a round robin; in a
/// gauntlet, each gauntlet player with every group of the others. `None` past `u64`.
pub fn group_count(format: &Format, n: usize, seats: usize) -> Option<u64> {
    match format {
        Format::RoundRobin | Format::Swiss { .. } => binomial(n, seats),
        Format::Gauntlet(players) => {
            let others = n.saturating_sub(players.len());
            binomial(others, seats.saturating_sub(1))?.checked_mul(players.len() as u64)
        }
    }
}

/// Group `i` of those [`group_count`] counts, in increasing order, worked out alone: the
/// groups in lexicographic order (a gauntlet: its players in the file's order, each with the
/// groups of the others in lexicographic order).
pub fn group(format: &Format, n: usize, seats: usize, i: u64) -> Vec<usize> {
    let mut out = Vec::with_capacity(seats);
    match format {
        Format::RoundRobin | Format::Swiss { .. } => {
            let all: Vec<usize> = (0..n).collect();
            unrank(&all, seats, i, &mut out);
        }
        Format::Gauntlet(players) => {
            let others: Vec<usize> = (0..n).filter(|x| !players.contains(x)).collect();
            let per = binomial(others.len(), seats - 1).unwrap_or(u64::MAX).max(1);
            unrank(&others, seats - 1, i % per, &mut out);
            out.push(players[(i / per) as usize]);
            out.sort_unstable();
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

/// More games than a number can hold, or than [`MAX_GAMES`]: the exact count where it is
/// known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge(pub Option<u128>);

/// The layout of a tournament's games: for each variant, where its games are numbered and how
/// many units each part has. Units are numbered too (the fixed ones: every variant's groups,
/// then its skill trace, variant after variant), and [`Plan::fixed_unit`] works one out from
/// its number.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Per variant: the number of its first game.
    pub base: Vec<u64>,
    /// Per variant: the games of a unit (the orders of its seats).
    pub per_unit: Vec<u64>,
    /// Per variant: the groups that meet (none in a Swiss).
    pub groups: Vec<u64>,
    /// Per variant: units per group (per board and round in a Swiss).
    pub pairs: Vec<u64>,
    /// Per variant: the number of the first game of the skill trace.
    pub trace_base: Vec<u64>,
    /// Per variant: the number of its first fixed unit (the rest: [`Plan::fixed_units`]).
    unit_start: Vec<u64>,
    /// Per level of the skill trace: the agents of its weaker and stronger side.
    trace_players: Vec<[usize; 2]>,
    /// The units that do not wait for results: all but the Swiss rounds'.
    pub fixed_units: u64,
    pub total_games: u64,
}

impl Plan {
    /// The plan of a checked tournament (its size was checked with [`Plan::try_new`]).
    pub fn new(t: &Tournament) -> Plan {
        Plan::try_new(t).expect("a checked tournament's size is counted")
    }

    /// The plan, or how many games are too many.
    pub fn try_new(t: &Tournament) -> Result<Plan, TooLarge> {
        // Counted wide: a count that does not fit is said as it is.
        let n = t.participants.len();
        let mut plan = Plan {
            base: Vec::new(),
            per_unit: Vec::new(),
            groups: Vec::new(),
            pairs: Vec::new(),
            trace_base: Vec::new(),
            unit_start: Vec::new(),
            trace_players: Vec::new(),
            fixed_units: 0,
            total_games: 0,
        };
        let mut next: u128 = 0;
        let mut units: u128 = 0;
        let too_large = |x: u128| x > MAX_GAMES as u128;
        for e in &t.variants {
            let seats = e.rules.players();
            let per_unit = seat_order_count(seats);
            let pairs = t.games / per_unit;
            plan.base.push(next.min(u64::MAX as u128) as u64);
            plan.unit_start.push(units.min(u64::MAX as u128) as u64);
            let (groups, main_units) = match t.format {
                Format::Swiss { .. } => (0, 0),
                _ => {
                    let g = group_count(&t.format, n, seats).ok_or(TooLarge(None))?;
                    (g, g as u128 * pairs as u128)
                }
            };
            let main_games: u128 = match t.format {
                Format::Swiss { rounds } => {
                    rounds as u128 * (n as u128 / 2) * pairs as u128 * per_unit as u128
                }
                _ => main_units * per_unit as u128,
            };
            next += main_games;
            units += main_units;
            if too_large(next) {
                return Err(TooLarge(Some(next)));
            }
            plan.trace_base.push(next as u64);
            if let Some(trace) = &t.trace {
                next += trace.levels.len() as u128 * trace.games as u128;
                units += trace.levels.len() as u128 * (trace.games / 2) as u128;
                if too_large(next) {
                    return Err(TooLarge(Some(next)));
                }
            }
            plan.per_unit.push(per_unit);
            plan.groups.push(groups);
            plan.pairs.push(pairs);
        }
        if let Some(trace) = &t.trace {
            let counts = trace_counts(t);
            let agent = |sims: u64| n + counts.iter().position(|&c| c == sims).expect("a level's count");
            plan.trace_players = trace.levels.iter().map(|&level| [agent(level), agent(2 * level)]).collect();
        }
        plan.fixed_units = units as u64;
        plan.total_games = next as u64;
        Ok(plan)
    }

    fn opening_for(t: &Tournament, variant: usize, pair: u64) -> usize {
        (pair % t.variants[variant].openings.len().max(1) as u64) as usize
    }

    /// Fixed unit `i` (below [`Plan::fixed_units`]): variant after variant, each variant's
    /// groups (a group's units together), then its skill trace.
    pub fn fixed_unit(&self, t: &Tournament, i: u64) -> Unit {
        let v = self.unit_start.partition_point(|&s| s <= i) - 1;
        let j = i - self.unit_start[v];
        let pairs = self.pairs[v];
        let main = self.groups[v] * pairs;
        if j < main {
            let (gi, k) = (j / pairs, j % pairs);
            let seats = t.variants[v].rules.players();
            return Unit {
                variant: v,
                purpose: Purpose::Main,
                players: group(&t.format, t.participants.len(), seats, gi),
                pair: k,
                opening: Self::opening_for(t, v, k),
                first_game: self.base[v] + (gi * pairs + k) * self.per_unit[v],
                round: None,
            };
        }
        let trace = t.trace.as_ref().expect("units past the groups are the trace's");
        let per_level = trace.games / 2;
        let j = j - main;
        let (li, k) = (j / per_level, j % per_level);
        Unit {
            variant: v,
            purpose: Purpose::Trace(li as usize),
            players: self.trace_players[li as usize].to_vec(),
            pair: k,
            opening: Self::opening_for(t, v, k),
            first_game: self.trace_base[v] + (li * per_level + k) * 2,
            round: None,
        }
    }

    /// The units of Swiss round `round` of variant `v` for the boards paired: as many as
    /// [`Plan::swiss_units`], unit `j` worked out alone.
    pub fn swiss_unit(
        &self,
        t: &Tournament,
        v: usize,
        round: u32,
        boards: &[(usize, usize)],
        j: u64,
    ) -> Unit {
        let n = t.participants.len() as u64;
        let pairs = self.pairs[v];
        let (b, k) = (j / pairs, j % pairs);
        let (x, y) = boards[b as usize];
        let slot = (round as u64 * (n / 2) + b) * pairs + k;
        Unit {
            variant: v,
            purpose: Purpose::Main,
            players: vec![x.min(y), x.max(y)],
            pair: k,
            opening: Self::opening_for(t, v, slot),
            first_game: self.base[v] + slot * 2,
            round: Some(round),
        }
    }

    /// How many units a Swiss round of variant `v` has on `boards` boards.
    pub fn swiss_units(&self, v: usize, boards: usize) -> u64 {
        boards as u64 * self.pairs[v]
    }

    /// Where a main unit of variant `v` comes among the variant's main units, in game order:
    /// the order in which an SPRT looks at them.
    pub fn position(&self, u: &Unit) -> u64 {
        (u.first_game - self.base[u.variant]) / self.per_unit[u.variant]
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

    /// Every group that meets, as [`group`] works each out.
    fn groups(format: &Format, n: usize, seats: usize) -> Vec<Vec<usize>> {
        let count = group_count(format, n, seats).unwrap_or(0);
        (0..count).map(|i| group(format, n, seats, i)).collect()
    }

    /// Every group of `k` of `from`, in lexicographic order, listed the plain way.
    fn combos(from: &[usize], k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for (i, &x) in from.iter().enumerate() {
            for mut rest in combos(&from[i + 1..], k - 1) {
                rest.insert(0, x);
                out.push(rest);
            }
        }
        out
    }

    #[test]
    fn groups_worked_out_alone_are_the_groups_listed() {
        for n in 2..=9 {
            let all: Vec<usize> = (0..n).collect();
            for seats in 2..=n.min(8) {
                assert_eq!(groups(&Format::RoundRobin, n, seats), combos(&all, seats), "{n} choose {seats}");
                assert_eq!(
                    group_count(&Format::RoundRobin, n, seats),
                    Some(combos(&all, seats).len() as u64)
                );
                let gauntlet = vec![n - 1, 0];
                let mut listed = Vec::new();
                let others: Vec<usize> = (1..n - 1).collect();
                for &g in &gauntlet {
                    for mut r in combos(&others, seats - 1) {
                        r.push(g);
                        r.sort_unstable();
                        listed.push(r);
                    }
                }
                if n > 2 {
                    assert_eq!(groups(&Format::Gauntlet(gauntlet), n, seats), listed);
                }
            }
        }
        // The largest: 64 participants in groups of 8, counted and unranked without a list.
        assert_eq!(binomial(64, 8), Some(4_426_165_368));
        assert_eq!(group(&Format::RoundRobin, 64, 8, 4_426_165_367), (56..64).collect::<Vec<_>>());
        assert_eq!(binomial(200, 100), None);
    }

    #[test]
    fn openings_end_by_repetition_are_not_openings() {
        // Leb Bbut Ahbochen ends when a position repeats since the last capture: every line
        // of the openings must be one after which the game goes on, with its history.
        let rules = crate::load_rules("leb-bbut-ahbochen", Some("2x2")).unwrap();
        // Lines after which the position alone says the game goes on (no history).
        fn by_position(rules: &Rules, s: crate::engine::State, left: u32) -> usize {
            if s.is_over() {
                return 0;
            }
            if left == 0 {
                return 1;
            }
            rules
                .legal_moves(&s)
                .iter()
                .map(|mv| {
                    let mut c = s;
                    rules.apply(&mut c, mv);
                    by_position(rules, c, left - 1)
                })
                .sum()
        }
        let mut repeated = 0;
        for plies in 1..=14 {
            let list = match every_opening(&rules, plies) {
                Ok(l) => l,
                Err(_) => continue,
            };
            repeated += by_position(&rules, rules.initial_state(), plies) - list.len();
            for line in &list {
                let mut g = Game::new(&rules, rules.initial_state());
                for &mv in line {
                    assert!(!g.state().is_over(), "{plies}: {line:?}");
                    g.apply(mv);
                }
                assert!(!g.state().is_over(), "{plies}: {line:?}");
            }
        }
        assert!(repeated > 0, "some lines end by repetition");
        for key in 0..200 {
            if let Some(line) = random_opening(&rules, 16, 1, key) {
                let mut g = Game::new(&rules, rules.initial_state());
                for &mv in &line {
                    assert!(!g.state().is_over());
                    g.apply(mv);
                }
                assert!(!g.state().is_over(), "{line:?}");
            }
        }
    }

    #[test]
    fn a_ply_limit_within_the_opening_leaves_no_opening_at_once() {
        let rules = crate::load_rules("bakuk", None).unwrap().with_ply_limit(Some(28));
        assert_eq!(every_opening(&rules, 28), Ok(Vec::new()));
        assert_eq!(random_opening(&rules, 28, 0, 0), None);
        // Long openings of Bakuk are too many to list, and are found out in bounded time.
        let rules = crate::load_rules("bakuk", None).unwrap();
        assert!(every_opening(&rules, 40).is_err());
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
            let met = crate::tournament::pairing::random_pairs(n, density, &mut rng);
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

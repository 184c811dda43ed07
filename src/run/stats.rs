//! Streaming statistics of many games: integer tallies that are exact, constant in size
//! whatever the number of games, and mergeable in any order (threads, shards, machines), and
//! the estimates computed from them (rates with Wilson intervals, exact quantiles from
//! histograms, a test of seat advantage).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{EndReason, Outcome};

/// Counts by value (a game length in plies, a seed count, ...): exact quantiles, constant
/// memory. Serialized sparsely, as `{"value": count}` for the values that occurred.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram(Vec<u64>);

impl Histogram {
    pub fn with_len(len: usize) -> Histogram {
        Histogram(vec![0; len])
    }

    #[inline]
    pub fn add(&mut self, value: usize) {
        if value >= self.0.len() {
            self.0.resize(value + 1, 0);
        }
        self.0[value] += 1;
    }

    /// Counts nothing again, keeping its memory.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }

    pub fn merge(&mut self, other: &Histogram) {
        if other.0.len() > self.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a += b;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }

    pub fn count(&self) -> u64 {
        self.0.iter().sum()
    }

    pub fn sum(&self) -> u128 {
        self.0.iter().enumerate().map(|(v, &c)| v as u128 * c as u128).sum()
    }

    /// (value, count) for every value that occurred, in increasing order.
    pub fn entries(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.0.iter().enumerate().filter(|(_, c)| **c > 0).map(|(v, &c)| (v, c))
    }

    pub fn min(&self) -> Option<usize> {
        self.entries().next().map(|(v, _)| v)
    }

    pub fn max(&self) -> Option<usize> {
        self.entries().last().map(|(v, _)| v)
    }

    pub fn mean(&self) -> Option<f64> {
        let n = self.count();
        (n > 0).then(|| self.sum() as f64 / n as f64)
    }

    /// Population standard deviation, computed exactly from the counts.
    pub fn sd(&self) -> Option<f64> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let sum = self.sum() as f64;
        let sq: u128 = self.0.iter().enumerate().map(|(v, &c)| (v as u128).pow(2) * c as u128).sum();
        let mean = sum / n as f64;
        Some((sq as f64 / n as f64 - mean * mean).max(0.0).sqrt())
    }

    /// The `q`-quantile by the nearest-rank rule: the smallest value with at least
    /// `ceil(q * n)` observations at or below it.
    pub fn quantile(&self, q: f64) -> Option<usize> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (v, c) in self.entries() {
            seen += c;
            if seen >= rank {
                return Some(v);
            }
        }
        self.max()
    }
}

impl Serialize for Histogram {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.entries().map(|(v, c)| (v.to_string(), c)))
    }
}

impl<'de> Deserialize<'de> for Histogram {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, u64>::deserialize(d)?;
        let mut h = Histogram::default();
        for (k, c) in map {
            let v: usize =
                k.parse().map_err(|_| serde::de::Error::custom(format!("`{k}` is not a value")))?;
            if v > 1 << 24 {
                return Err(serde::de::Error::custom(format!("value {v} is out of range")));
            }
            if v >= h.0.len() {
                h.0.resize(v + 1, 0);
            }
            h.0[v] += c;
        }
        Ok(h)
    }
}

/// One seat's results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTally {
    /// Games this seat won outright.
    pub wins: u64,
    /// Games where this seat shared the highest score.
    pub draws: u64,
    pub losses: u64,
    /// Sum of final scores (captured seeds and awarded leftovers).
    pub score: u64,
}

/// How games ended.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndTally {
    pub no_legal_move: u64,
    pub nobody_can_move: u64,
    pub ply_limit: u64,
    #[serde(default)]
    pub side_empty: u64,
    #[serde(default)]
    pub majority: u64,
    #[serde(default)]
    pub repetition: u64,
    #[serde(default)]
    pub few_seeds: u64,
    /// Matches of rounds lost by a rule of rounds (left out of runs that have none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cannot_fill: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub no_pit_in_play: u64,
    /// Matches won at once by a mover holding all the seeds but a few.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub all_but: u64,
    /// Matches lost by a player left with no seeds.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub no_seeds: u64,
    /// Games of one round ([`crate::engine::Rules::first_round`]) over with their round.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub round_over: u64,
    /// Games over when no big stone was left on the board.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub no_big_stone: u64,
    /// `a player whose pits are all empty loses`: left out of the output where no game met it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub empty_loses: u64,
    /// `a player whose inner row is empty loses`: left out of the output where no game met it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub inner_empty: u64,
    /// Matches lost by a player holding too few seeds at the end of a round.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub held_too_few: u64,
    /// `the first player to reach N points wins the match`: left out where no game met it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: u64,
    /// Matches lost by a player owning too few pits once the pits were filled.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub few_pits: u64,
    /// Games over by an ending written as conditions: left out where no game met one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub condition: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl EndTally {
    pub fn add(&mut self, reason: EndReason) {
        match reason {
            EndReason::NoLegalMove => self.no_legal_move += 1,
            EndReason::NobodyCanMove => self.nobody_can_move += 1,
            EndReason::PlyLimit => self.ply_limit += 1,
            EndReason::SideEmpty => self.side_empty += 1,
            EndReason::Majority => self.majority += 1,
            EndReason::Repetition => self.repetition += 1,
            EndReason::FewSeeds => self.few_seeds += 1,
            EndReason::CannotFill => self.cannot_fill += 1,
            EndReason::NoPitInPlay => self.no_pit_in_play += 1,
            EndReason::AllBut => self.all_but += 1,
            EndReason::NoSeeds => self.no_seeds += 1,
            EndReason::RoundOver => self.round_over += 1,
            EndReason::NoBigStone => self.no_big_stone += 1,
            EndReason::EmptyLoses => self.empty_loses += 1,
            EndReason::InnerEmpty => self.inner_empty += 1,
            EndReason::HeldTooFew => self.held_too_few += 1,
            EndReason::Points => self.points += 1,
            EndReason::FewPits => self.few_pits += 1,
            EndReason::Condition => self.condition += 1,
        }
    }
}

/// Everything counted over a set of games: integers only, so that merging is exact and the
/// result of a run does not depend on how its games were split.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    pub seats: Vec<SeatTally>,
    pub ends: EndTally,
    /// Game lengths in plies.
    pub length: Histogram,
    /// Rounds per match, for games of rounds (left out of runs of other games).
    #[serde(default, skip_serializing_if = "Histogram::is_empty")]
    pub rounds: Histogram,
    /// Seeds on the board when games ended, summed.
    pub seeds_left: u64,
    /// Winning margin: the highest score minus the next (0 for a draw).
    pub margin: Histogram,
    /// What was counted move by move (written in line with the fields above).
    #[serde(flatten)]
    pub moves: MoveCounts,
    /// The game-design metrics' per-game figures (`--metrics`), if they were asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<crate::run::metrics::MetricTally>,
}

/// What is counted move by move during one game, kept apart until the game ends so that a
/// game cut short counts nothing. One is reused from game to game: clearing keeps its memory,
/// so counting allocates nothing once the histograms have grown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCounts {
    /// Positions where a player chose a move (one per ply), and the legal moves they had.
    pub positions: u64,
    pub choices: u64,
    /// Positions with a single legal move.
    pub forced: u64,
    /// Moves that captured, and the seeds they took.
    pub capturing_moves: u64,
    pub captured_seeds: u64,
    /// Pits taken per capturing move (the landing pit and its chain).
    pub chain_length: Histogram,
    /// The seeds each captured pit held: how often each capturing count occurred.
    pub capture_count: Histogram,
}

impl MoveCounts {
    pub fn clear(&mut self) {
        self.positions = 0;
        self.choices = 0;
        self.forced = 0;
        self.capturing_moves = 0;
        self.captured_seeds = 0;
        self.chain_length.clear();
        self.capture_count.clear();
    }

    pub fn merge(&mut self, m: &MoveCounts) {
        self.positions += m.positions;
        self.choices += m.choices;
        self.forced += m.forced;
        self.capturing_moves += m.capturing_moves;
        self.captured_seeds += m.captured_seeds;
        self.chain_length.merge(&m.chain_length);
        self.capture_count.merge(&m.capture_count);
    }
}

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally { seats: vec![SeatTally::default(); seats], ..Tally::default() }
    }

    pub fn merge(&mut self, o: &Tally) {
        match (&mut self.metrics, &o.metrics) {
            (Some(a), Some(b)) => a.merge(b),
            (None, Some(b)) if self.games == 0 => self.metrics = Some(b.clone()),
            _ => {}
        }
        self.games += o.games;
        if self.seats.len() < o.seats.len() {
            self.seats.resize(o.seats.len(), SeatTally::default());
        }
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.wins += b.wins;
            a.draws += b.draws;
            a.losses += b.losses;
            a.score += b.score;
        }
        self.ends.no_legal_move += o.ends.no_legal_move;
        self.ends.nobody_can_move += o.ends.nobody_can_move;
        self.ends.ply_limit += o.ends.ply_limit;
        self.ends.side_empty += o.ends.side_empty;
        self.ends.majority += o.ends.majority;
        self.ends.repetition += o.ends.repetition;
        self.ends.few_seeds += o.ends.few_seeds;
        self.ends.cannot_fill += o.ends.cannot_fill;
        self.ends.no_pit_in_play += o.ends.no_pit_in_play;
        self.ends.all_but += o.ends.all_but;
        self.ends.no_seeds += o.ends.no_seeds;
        self.ends.round_over += o.ends.round_over;
        self.ends.no_big_stone += o.ends.no_big_stone;
        self.ends.empty_loses += o.ends.empty_loses;
        self.ends.inner_empty += o.ends.inner_empty;
        self.ends.held_too_few += o.ends.held_too_few;
        self.ends.few_pits += o.ends.few_pits;
        self.ends.condition += o.ends.condition;
        self.ends.points += o.ends.points;
        self.length.merge(&o.length);
        self.rounds.merge(&o.rounds);
        self.seeds_left += o.seeds_left;
        self.margin.merge(&o.margin);
        self.moves.merge(&o.moves);
    }

    /// Records the end of a game: its scores (per seat), length, end and leftover seeds.
    pub fn finish_game(&mut self, scores: &[u32], plies: u32, end: EndReason, seeds_left: u32) {
        self.finish(scores, plies, end, seeds_left, None);
    }

    /// A game a rule decided whatever the scores (`player to move cannot move: they lose`):
    /// the seats' results by `outcome`.
    pub fn finish_decided(
        &mut self,
        scores: &[u32],
        plies: u32,
        end: EndReason,
        seeds_left: u32,
        outcome: Outcome,
    ) {
        self.finish(scores, plies, end, seeds_left, Some(outcome));
    }

    /// A match of rounds, counted as a game: its winner the match's (a rule of rounds makes a
    /// player lose whatever the scores), with the rounds it lasted.
    pub fn finish_match(
        &mut self,
        scores: &[u32],
        plies: u32,
        end: EndReason,
        seeds_left: u32,
        outcome: Outcome,
        rounds: u32,
    ) {
        self.finish(scores, plies, end, seeds_left, Some(outcome));
        self.rounds.add(rounds as usize);
    }

    /// A game counted: the seats' results by `outcome` when given, else by the scores.
    fn finish(
        &mut self,
        scores: &[u32],
        plies: u32,
        end: EndReason,
        seeds_left: u32,
        outcome: Option<Outcome>,
    ) {
        self.games += 1;
        let best = scores.iter().copied().max().unwrap_or(0);
        let top = scores.iter().filter(|&&s| s == best).count();
        for (i, (seat, &s)) in self.seats.iter_mut().zip(scores).enumerate() {
            seat.score += s as u64;
            match outcome {
                Some(Outcome::Win(w)) if w == i => seat.wins += 1,
                Some(Outcome::Win(_)) => seat.losses += 1,
                Some(Outcome::Draw) => seat.draws += 1,
                None if s < best => seat.losses += 1,
                None if top == 1 => seat.wins += 1,
                None => seat.draws += 1,
            }
        }
        let second =
            if top > 1 { best } else { scores.iter().copied().filter(|&s| s < best).max().unwrap_or(best) };
        self.margin.add((best - second) as usize);
        self.length.add(plies as usize);
        self.ends.add(end);
        self.seeds_left += seeds_left as u64;
    }
}

// ------------------------------------------------------------------------------------------------
// Estimates

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of a proportion `k / n` at 95%.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// The complementary error function (W. J. Cody's rational approximations are more than is
/// needed here; this is Numerical Recipes' erfcc, relative error below 1.2e-7).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// ln Γ(x) for x > 0 (Lanczos).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.120_865_097_386_617_9e-2,
        -0.539_523_938_495_3e-5,
    ];
    let mut y = x;
    let tmp = x + 5.5;
    let tmp = tmp - (x + 0.5) * tmp.ln();
    let mut ser = 1.000_000_000_190_015;
    for g in G {
        y += 1.0;
        ser += g / y;
    }
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

/// The upper regularized incomplete gamma function Q(a, x).
fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < a + 1.0 {
        // Series for P(a, x).
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - ln_gamma(a)).exp()
    } else {
        // Continued fraction for Q(a, x) (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-x + a * x.ln() - ln_gamma(a)).exp() * h
    }
}

/// The p-value of a chi-square statistic with `df` degrees of freedom.
pub fn chi_square_p(statistic: f64, df: usize) -> f64 {
    if df == 1 {
        // Exact through erfc, which keeps precision far into the tail.
        return erfc((statistic / 2.0).sqrt());
    }
    gamma_q(df as f64 / 2.0, statistic / 2.0).clamp(0.0, 1.0)
}

/// An estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub ci: (f64, f64),
}

/// A linear combination `sum a_k p_k` of the rates of the outcomes of `n` games (each game has
/// exactly one outcome: `counts` of each, and those not listed), with its 95% interval from
/// the multinomial variance: `(sum a_k^2 p_k - (sum a_k p_k)^2) / n`.
fn combination(counts: &[u64], weights: &[f64], n: u64) -> Estimate {
    let nf = n as f64;
    let (mut value, mut square) = (0.0, 0.0);
    for (&c, &a) in counts.iter().zip(weights) {
        let p = c as f64 / nf;
        value += a * p;
        square += a * a * p;
    }
    let half = Z95 * ((square - value * value) / nf).max(0.0).sqrt();
    Estimate { value, ci: (value - half, value + half) }
}

/// How the seats compare, from their wins.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatAdvantage {
    /// With two seats: seat 1's win rate minus seat 2's.
    pub difference: Option<Estimate>,
    /// For every seat: its win rate minus an equal share, the mean win rate of the seats
    /// (the rate every seat would have if decisive games were shared out evenly).
    pub edges: Vec<Estimate>,
    /// The p-value of a test of "no seat advantage": a chi-square test that decisive games
    /// are won equally often from every seat (for two seats, the two-sided sign test).
    pub p_value: f64,
}

pub fn seat_advantage(tally: &Tally) -> Option<SeatAdvantage> {
    let n = tally.games;
    let seats = tally.seats.len();
    if n == 0 || seats < 2 {
        return None;
    }
    let wins: Vec<u64> = tally.seats.iter().map(|s| s.wins).collect();
    let difference = (seats == 2).then(|| combination(&wins, &[1.0, -1.0], n));
    let share = 1.0 / seats as f64;
    let edges = (0..seats)
        .map(|i| {
            let weights: Vec<f64> = (0..seats).map(|j| if j == i { 1.0 - share } else { -share }).collect();
            combination(&wins, &weights, n)
        })
        .collect();
    let decisive: f64 = wins.iter().map(|&w| w as f64).sum();
    let p_value = if decisive == 0.0 {
        1.0
    } else {
        let expected = decisive / seats as f64;
        let chi: f64 = wins.iter().map(|&w| (w as f64 - expected).powi(2) / expected).sum();
        chi_square_p(chi, seats - 1)
    };
    Some(SeatAdvantage { difference, edges, p_value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_published_values() {
        // Wilson (1927) via e.g. Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662.
        let (lo, hi) = wilson(81, 263);
        assert!((lo - 0.2553).abs() < 5e-5 && (hi - 0.3662).abs() < 5e-5, "{lo} {hi}");
        // 0/10 -> 0 to 0.2775.
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 5e-5, "{lo} {hi}");
    }

    #[test]
    fn chi_square_p_values_match_tables() {
        // Critical values at p = 0.05: df 1: 3.841, df 2: 5.991, df 5: 11.070.
        for (x, df) in [(3.841_459, 1), (5.991_465, 2), (11.070_5, 5)] {
            let p = chi_square_p(x, df);
            assert!((p - 0.05).abs() < 1e-5, "df {df}: {p}");
        }
        assert!((chi_square_p(0.0, 3) - 1.0).abs() < 1e-12);
        assert!(chi_square_p(200.0, 1) < 1e-40);
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let mut h = Histogram::default();
        for v in [3, 1, 4, 1, 5, 9, 2, 6] {
            h.add(v);
        }
        // Sorted: 1 1 2 3 4 5 6 9.
        assert_eq!(h.quantile(0.5), Some(3));
        assert_eq!(h.quantile(0.9), Some(9));
        assert_eq!((h.min(), h.max()), (Some(1), Some(9)));
        assert_eq!(h.mean(), Some(31.0 / 8.0));
    }

    #[test]
    fn histograms_round_trip_sparsely() {
        let mut h = Histogram::default();
        h.add(37);
        h.add(37);
        h.add(2);
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, r#"{"2":1,"37":2}"#);
        let back: Histogram = serde_json::from_str(&json).unwrap();
        assert_eq!(back.entries().collect::<Vec<_>>(), h.entries().collect::<Vec<_>>());
    }

    #[test]
    fn seats_win_draw_or_lose() {
        let mut t = Tally::new(3);
        t.finish_game(&[5, 5, 2], 10, EndReason::NoLegalMove, 0);
        t.finish_game(&[1, 7, 2], 12, EndReason::PlyLimit, 3);
        assert_eq!((t.seats[0].wins, t.seats[0].draws, t.seats[0].losses), (0, 1, 1));
        assert_eq!((t.seats[1].wins, t.seats[1].draws, t.seats[1].losses), (1, 1, 0));
        assert_eq!((t.seats[2].wins, t.seats[2].draws, t.seats[2].losses), (0, 0, 2));
        assert_eq!(t.margin.entries().collect::<Vec<_>>(), vec![(0, 1), (5, 1)]);
    }

    #[test]
    fn a_match_is_won_by_its_rules_and_counts_its_rounds() {
        // Seat 1 scores more, but lost the match (it could not fill a pit): seat 2 wins.
        let mut t = Tally::new(2);
        t.finish_match(&[50, 34], 300, EndReason::CannotFill, 0, Outcome::Win(1), 7);
        t.finish_match(&[40, 44], 200, EndReason::PlyLimit, 10, Outcome::Win(1), 3);
        assert_eq!((t.seats[0].wins, t.seats[0].losses, t.seats[1].wins), (0, 2, 2));
        assert_eq!(t.rounds.entries().collect::<Vec<_>>(), [(3, 1), (7, 1)]);
        assert_eq!(t.ends.cannot_fill, 1);
        // Merged as every count is; a run of other games has no rounds, and says none.
        let mut u = Tally::new(2);
        u.merge(&t);
        assert_eq!(u.rounds, t.rounds);
        let mut plain = Tally::new(2);
        plain.finish_game(&[3, 1], 5, EndReason::NoLegalMove, 2);
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("rounds") && !json.contains("cannot_fill"), "{json}");
        assert!(serde_json::to_string(&t).unwrap().contains("\"rounds\":{\"3\":1,\"7\":1}"));
    }

    #[test]
    fn seat_advantages_compare_what_they_say() {
        // Two seats, 1000 games: 520 won by seat 1, 400 by seat 2, 80 drawn.
        let mut t = Tally::new(2);
        t.games = 1000;
        t.seats[0].wins = 520;
        t.seats[1].wins = 400;
        let a = seat_advantage(&t).unwrap();
        let d = a.difference.unwrap();
        assert!((d.value - 0.12).abs() < 1e-12);
        // Var = (p1 + p2 - d^2) / n = (0.92 - 0.0144) / 1000.
        let half = Z95 * (0.9056f64 / 1000.0).sqrt();
        assert!((d.ci.1 - d.value - half).abs() < 1e-12 && (d.value - d.ci.0 - half).abs() < 1e-12);
        // Each seat's edge over an equal share (0.46) is half the difference.
        assert!((a.edges[0].value - 0.06).abs() < 1e-12 && (a.edges[1].value + 0.06).abs() < 1e-12);
        // Sign test: chi-square (520 - 460)^2 / 460 * 2 on 1 df.
        let chi = 2.0 * 60.0f64.powi(2) / 460.0;
        assert!((a.p_value - chi_square_p(chi, 1)).abs() < 1e-15);

        // Three seats, 900 games: 400, 300 and 200 wins. The equal share is 300/900: the
        // edges are +1/9, 0 and -1/9, and there is no seat 1 - seat 2 row.
        let mut t = Tally::new(3);
        t.games = 900;
        for (seat, w) in [400, 300, 200].into_iter().enumerate() {
            t.seats[seat].wins = w;
        }
        let a = seat_advantage(&t).unwrap();
        assert_eq!(a.difference, None);
        for (e, want) in a.edges.iter().zip([1.0 / 9.0, 0.0, -1.0 / 9.0]) {
            assert!((e.value - want).abs() < 1e-12, "{e:?}");
            assert!(e.ci.0 < want && want < e.ci.1);
        }
        // Seat 2's edge: weights (-1/3, 2/3, -1/3) on rates (4/9, 3/9, 2/9): sum of a^2 p is
        // 4/81 + 12/81 + 2/81 = 18/81, and the value is 0.
        let half = Z95 * ((18.0 / 81.0) / 900.0f64).sqrt();
        assert!((a.edges[1].ci.1 - half).abs() < 1e-12);
    }

    #[test]
    fn merging_is_order_free() {
        let mut a = Tally::new(2);
        a.finish_game(&[3, 1], 5, EndReason::NoLegalMove, 2);
        let mut b = Tally::new(2);
        b.finish_game(&[0, 4], 9, EndReason::PlyLimit, 0);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.games, 2);
    }
}

//! Game-design metrics (`sow simulate --metrics`), after Ludii's metrics of the same names
//! (`Evaluation/src/metrics/single/` of Ludeme/Ludii) and Browne's criteria (Browne 2008,
//! *Automatic generation and evaluation of recombination games*; Browne & Maire 2010).
//!
//! The metrics on outcomes (balance, first-player advantage, completion, drawishness,
//! timeouts, duration) come from the run's tally. Those on the course of a game (lead changes,
//! drama, decisiveness) need a judgement of every position: an [`Evaluator`] gives each player
//! an evaluation in [-1, 1] of every position before a move. `exact` is the value with perfect
//! play (1 for the player who wins from there, -1 for the one who loses, 0 both when it is a
//! draw); `margin` is Ludii's default for mancala, tanh of the seeds a player captured minus
//! those of the others; `alphabeta:D` is tanh of a depth-D search's value in seeds.
//!
//! Per-game figures are added up in fixed point (2^-32), so that sums are exact integers:
//! the same for any number of threads and shards, and mergeable.

use serde::{Deserialize, Serialize};

use crate::cancel::Cancel;
use crate::engine::{Rules, State};
use crate::lang::spec::MAX_PLAYERS;
use crate::play::mcts::{MctsConfig, MctsError, MctsPlayer};
use crate::play::player::seat_rng;
use crate::play::search::AlphaBetaPlayer;
use crate::play::solve::{Solution, SolveError};

/// How positions are judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvaluatorSpec {
    /// The value with perfect play (a solved table).
    Exact,
    /// tanh(captured by the player - captured by the others).
    Margin,
    /// tanh(the value of an alpha-beta search of this depth).
    AlphaBeta(u32),
    /// 2r - 1, r the mover's mean reward in a Monte Carlo tree search.
    Mcts(MctsConfig),
}

impl EvaluatorSpec {
    pub fn parse(text: &str) -> Result<EvaluatorSpec, String> {
        match text {
            "exact" | "perfect" => Ok(EvaluatorSpec::Exact),
            "margin" => Ok(EvaluatorSpec::Margin),
            t => match t.strip_prefix("alphabeta:").map(str::parse::<u32>) {
                Some(Ok(d)) if (1..=crate::play::search::MAX_DEPTH).contains(&d) => {
                    Ok(EvaluatorSpec::AlphaBeta(d))
                }
                Some(_) => {
                    Err(format!("`{t}`: the depth of alphabeta:D is 1 to {}", crate::play::search::MAX_DEPTH))
                }
                None if t == "mcts" || t.starts_with("mcts:") => {
                    let rest = t.strip_prefix("mcts:").unwrap_or("1000");
                    MctsConfig::parse(rest).map(EvaluatorSpec::Mcts).map_err(|e| format!("`{t}`: {e}"))
                }
                None => Err(format!(
                    "`{t}` is not an evaluator: expected exact, margin, alphabeta:DEPTH or mcts:N"
                )),
            },
        }
    }

    pub fn name(&self) -> String {
        match self {
            EvaluatorSpec::Exact => "exact".into(),
            EvaluatorSpec::Margin => "margin".into(),
            EvaluatorSpec::AlphaBeta(d) => format!("alphabeta:{d}"),
            EvaluatorSpec::Mcts(c) => c.name(),
        }
    }
}

/// Positions in a table that the metrics solve without being asked for `exact`: a few
/// seconds' work.
pub const AUTO_SOLVE: u64 = 40_000_000;

/// Why the evaluator asked for cannot judge a variant's positions. Its text says why, in no
/// option's words: each program names the option before it (`--evaluator exact: `, as
/// [`Self::evaluator`] is written) and words [`Self::instead`] after it.
#[derive(Debug, Clone, PartialEq)]
pub enum EvaluatorError {
    /// `exact`, for a variant that cannot be solved.
    Unsolvable { variant: String, reason: SolveError },
    /// `mcts:N` with settings the variant does not allow.
    Mcts { name: String, reason: MctsError },
    /// A search (`alphabeta:D`, `mcts:N`) for a game of more than two players.
    Players { evaluator: EvaluatorSpec, variant: String, players: usize },
}

impl EvaluatorError {
    /// The evaluator refused, as it is written: `exact`, `alphabeta:3`, `mcts:50`.
    pub fn evaluator(&self) -> String {
        match self {
            EvaluatorError::Unsolvable { .. } => "exact".into(),
            EvaluatorError::Mcts { name, .. } => name.clone(),
            EvaluatorError::Players { evaluator, .. } => evaluator.name(),
        }
    }

    /// The evaluators that would do instead, as they are written.
    pub fn instead(&self) -> &'static [&'static str] {
        match self {
            EvaluatorError::Unsolvable { .. } => &["margin", "alphabeta:DEPTH"],
            EvaluatorError::Players { .. } => &["margin"],
            EvaluatorError::Mcts { .. } => &[],
        }
    }
}

impl std::fmt::Display for EvaluatorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvaluatorError::Unsolvable { variant, reason } => {
                write!(f, "{variant} cannot be solved ({reason})")
            }
            EvaluatorError::Mcts { reason, .. } => reason.fmt(f),
            EvaluatorError::Players { evaluator, variant, players } => {
                let what = match evaluator {
                    EvaluatorSpec::AlphaBeta(_) => "the search",
                    _ => "the evaluator",
                };
                write!(f, "{variant} has {players} players, and {what} values positions for two")
            }
        }
    }
}

impl std::error::Error for EvaluatorError {}

/// The evaluator of the metrics for a variant: the one `asked` for, checked, or by default
/// the exact values where a table is at hand (`solved`) or the variant solves in moments
/// (two players, at most [`AUTO_SOLVE`] positions), else the captured-seed margin. `exact`
/// gets the exact values (a table read or solved), called only when they are wanted: its
/// error is the inner one.
pub fn evaluator<E>(
    rules: &Rules,
    asked: Option<&EvaluatorSpec>,
    solved: bool,
    exact: impl FnOnce() -> Result<Solution, E>,
) -> Result<Result<Evaluator, E>, EvaluatorError> {
    let seeds = rules.total_seeds() as usize;
    let two = rules.players() == 2;
    let exact = || Ok(exact().map(|s| Evaluator::Exact(std::sync::Arc::new(s))));
    match asked {
        None if solved => exact(),
        None => match crate::play::solve::check_solvable(rules, seeds) {
            Ok(n) if two && n <= AUTO_SOLVE => exact(),
            _ => Ok(Ok(Evaluator::Margin)),
        },
        Some(EvaluatorSpec::Margin) => Ok(Ok(Evaluator::Margin)),
        Some(EvaluatorSpec::Exact) => match crate::play::solve::check_solvable(rules, seeds) {
            Err(reason) => Err(EvaluatorError::Unsolvable { variant: rules.spec().label(), reason }),
            Ok(_) => exact(),
        },
        Some(EvaluatorSpec::AlphaBeta(d)) if two => Ok(Ok(Evaluator::AlphaBeta(*d))),
        Some(EvaluatorSpec::Mcts(c)) if two => {
            c.check(rules).map_err(|reason| EvaluatorError::Mcts { name: c.name(), reason })?;
            Ok(Ok(Evaluator::Mcts(*c)))
        }
        Some(other) => Err(EvaluatorError::Players {
            evaluator: other.clone(),
            variant: rules.spec().label(),
            players: rules.players(),
        }),
    }
}

/// An evaluator ready for a variant: the solved table for `exact`.
#[derive(Debug, Clone)]
pub enum Evaluator {
    Exact(std::sync::Arc<Solution>),
    Margin,
    AlphaBeta(u32),
    Mcts(MctsConfig),
}

impl Evaluator {
    pub fn name(&self) -> String {
        match self {
            Evaluator::Exact(_) => "exact".into(),
            Evaluator::Margin => "margin".into(),
            Evaluator::AlphaBeta(d) => format!("alphabeta:{d}"),
            Evaluator::Mcts(c) => c.name(),
        }
    }

    /// What one thread judges positions with.
    pub fn probe(&self, cancel: &Cancel) -> Probe<'_> {
        Probe {
            evaluator: self,
            search: match self {
                Evaluator::AlphaBeta(d) => Some(AlphaBetaPlayer::new(*d, cancel.clone())),
                _ => None,
            },
            tree: match self {
                Evaluator::Mcts(c) => Some(MctsPlayer::new(*c, cancel.clone())),
                _ => None,
            },
        }
    }
}

/// A thread's evaluator, with its search tables.
pub struct Probe<'e> {
    evaluator: &'e Evaluator,
    search: Option<AlphaBetaPlayer>,
    tree: Option<MctsPlayer>,
}

/// Mixed into the run's seed for the streams of the mcts evaluator, apart from the players'.
const EVALUATOR_STREAMS: u64 = 0x6d65_7472_6963_7321;

impl Probe<'_> {
    /// Each player's evaluation of `state`, a position where `state.to_move()` is to move, in
    /// game `game` of a run of seed `seed` (the mcts evaluator's random stream comes from the
    /// position's place in the run, so that results do not depend on the threads).
    pub fn evaluate(
        &mut self,
        rules: &Rules,
        state: &State,
        (seed, game): (u64, u64),
        out: &mut [f64; MAX_PLAYERS],
    ) {
        let n = rules.players();
        let mover = state.to_move().unwrap_or(0);
        // Two players (exact and searched values): the mover's value, and its opposite. The
        // tables and the search value the seeds won from here on; what each player has
        // already captured is added, so that the value is of the whole game.
        let captured = state.captured();
        let lead = if n == 2 { captured[mover] as i32 - captured[1 - mover] as i32 } else { 0 };
        let mut two = |v: f64| {
            out[mover] = v;
            out[1 - mover] = -v;
        };
        match self.evaluator {
            Evaluator::Exact(table) => {
                let v = table.value(rules, state).expect("the table holds every position of the game");
                two(f64::from((lead + v).signum()));
            }
            Evaluator::AlphaBeta(_) => {
                let search = self.search.as_mut().expect("a search for alphabeta");
                let best = search.move_values(rules, state).and_then(|m| m.iter().map(|(_, v)| *v).max());
                two(f64::from(lead + best.unwrap_or(0)).tanh());
            }
            Evaluator::Mcts(_) => {
                let tree = self.tree.as_mut().expect("a tree for mcts");
                let mut rng = seat_rng(seed ^ EVALUATOR_STREAMS, game, state.plies() as usize);
                // Cancelled mid-search: the game is dropped, whatever this says.
                let r = tree.value(rules, state, &mut rng).unwrap_or(0.5);
                two(2.0 * r - 1.0);
            }
            Evaluator::Margin => {
                let all: i64 = captured[..n].iter().map(|&c| i64::from(c)).sum();
                for (p, slot) in out.iter_mut().enumerate().take(n) {
                    let mine = i64::from(captured[p]);
                    *slot = ((mine - (all - mine)) as f64).tanh();
                }
            }
        }
    }
}

/// Fixed point: per-game figures are added as multiples of 2^-32.
const ONE: f64 = (1u64 << 32) as f64;

/// A sum of per-game figures: how many, their sum and the sum of their squares, exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: i128,
    pub squares: i128,
}

impl Moments {
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += (x * ONE).round() as i128;
        self.squares += (x * x * ONE).round() as i128;
    }

    pub fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.squares += o.squares;
    }

    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / ONE / self.n as f64)
    }

    /// The mean with its 95% interval (normal approximation).
    pub fn estimate(&self) -> Option<MeanCi> {
        let mean = self.mean()?;
        let n = self.n as f64;
        let var = if self.n > 1 {
            ((self.squares as f64 / ONE) - n * mean * mean).max(0.0) / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n).sqrt();
        Some(MeanCi { value: mean, ci: [mean - half, mean + half] })
    }
}

/// A mean and its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MeanCi {
    pub value: f64,
    pub ci: [f64; 2],
}

/// What the metrics count game by game, beyond the run's tally.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetricTally {
    pub evaluator: String,
    /// The seat that moves first (0-based).
    pub first: usize,
    /// Games that ended by the rules (not at the ply limit) with a winner, and in a draw.
    pub decided: u64,
    pub drawn: u64,
    /// Turns per game (moves by one player in a row make one turn).
    pub turns: Moments,
    /// Mean legal moves of a game's positions (games of 1 ply or more).
    pub branching: Moments,
    /// (last - first legal moves) / (plies - 1), games of 2 plies or more.
    pub branching_change: Moments,
    /// Changes of leader between consecutive positions / (plies - 1), games of 2 plies or more.
    pub lead_change: Moments,
    /// Games with a winner: mean over positions of the leader's evaluation minus the winner's.
    pub drama: Moments,
    /// Games with a winner: the share of positions before the winner's evaluation first
    /// exceeded the highest evaluation a loser ever had.
    pub decisiveness: Moments,
    /// Games with a winner: that threshold.
    pub threshold: Moments,
}

impl MetricTally {
    pub fn new(evaluator: String, first: usize) -> MetricTally {
        MetricTally {
            evaluator,
            first,
            decided: 0,
            drawn: 0,
            turns: Moments::default(),
            branching: Moments::default(),
            branching_change: Moments::default(),
            lead_change: Moments::default(),
            drama: Moments::default(),
            decisiveness: Moments::default(),
            threshold: Moments::default(),
        }
    }

    pub fn merge(&mut self, o: &MetricTally) {
        self.decided += o.decided;
        self.drawn += o.drawn;
        self.turns.merge(&o.turns);
        self.branching.merge(&o.branching);
        self.branching_change.merge(&o.branching_change);
        self.lead_change.merge(&o.lead_change);
        self.drama.merge(&o.drama);
        self.decisiveness.merge(&o.decisiveness);
        self.threshold.merge(&o.threshold);
    }

    /// Adds one game: the evaluations and legal moves of each position before a move, and
    /// the winner (0-based), if any, and whether the game was stopped at the ply limit.
    pub fn add_game(
        &mut self,
        players: usize,
        evals: &[[f64; MAX_PLAYERS]],
        legal: &[u32],
        turns: u32,
        winner: Option<usize>,
        timed_out: bool,
    ) {
        self.turns.add(f64::from(turns));
        if !timed_out {
            if winner.is_some() {
                self.decided += 1;
            } else {
                self.drawn += 1;
            }
        }
        let g = game_metrics(players, evals, legal, winner);
        if let Some(b) = g.branching {
            self.branching.add(b);
        }
        if let Some(b) = g.branching_change {
            self.branching_change.add(b);
        }
        if let Some(l) = g.lead_change {
            self.lead_change.add(l);
        }
        if let (Some(d), Some(k), Some(t)) = (g.drama, g.decisiveness, g.threshold) {
            self.drama.add(d);
            self.decisiveness.add(k);
            self.threshold.add(t);
        }
    }
}

/// One game's figures; `None` where the game has too few plies or no winner.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GameMetrics {
    pub branching: Option<f64>,
    pub branching_change: Option<f64>,
    pub lead_change: Option<f64>,
    pub drama: Option<f64>,
    pub decisiveness: Option<f64>,
    pub threshold: Option<f64>,
}

/// The players whose evaluation is the highest, as a bit set.
fn leaders(players: usize, e: &[f64; MAX_PLAYERS]) -> u32 {
    let best = e[..players].iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (0..players).filter(|&p| e[p] == best).fold(0, |set, p| set | 1 << p)
}

pub fn game_metrics(
    players: usize,
    evals: &[[f64; MAX_PLAYERS]],
    legal: &[u32],
    winner: Option<usize>,
) -> GameMetrics {
    let n = evals.len();
    let mut g = GameMetrics::default();
    if n == 0 {
        return g;
    }
    g.branching = Some(legal.iter().map(|&b| f64::from(b)).sum::<f64>() / n as f64);
    if n >= 2 {
        g.branching_change = Some((f64::from(legal[n - 1]) - f64::from(legal[0])) / (n - 1) as f64);
        let changes = evals.windows(2).filter(|w| leaders(players, &w[0]) != leaders(players, &w[1])).count();
        g.lead_change = Some(changes as f64 / (n - 1) as f64);
    }
    if let Some(w) = winner {
        let max = |e: &[f64; MAX_PLAYERS]| e[..players].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        g.drama = Some(evals.iter().map(|e| max(e) - e[w]).sum::<f64>() / n as f64);
        let threshold = evals
            .iter()
            .flat_map(|e| (0..players).filter(move |&p| p != w).map(move |p| e[p]))
            .fold(-1.0, f64::max);
        let k = evals.iter().position(|e| e[w] > threshold).unwrap_or(n);
        g.threshold = Some(threshold);
        g.decisiveness = Some(k as f64 / n as f64);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(v: &[f64]) -> Vec<[f64; MAX_PLAYERS]> {
        v.iter()
            .map(|&x| {
                let mut e = [0.0; MAX_PLAYERS];
                e[0] = x;
                e[1] = -x;
                e
            })
            .collect()
    }

    #[test]
    fn a_game_won_from_behind_worked_by_hand() {
        // Player 1's exact values before each of 5 moves: a draw, player 2 winning, player 2
        // winning, a draw, player 1 winning; player 1 won.
        let evals = two(&[0.0, -1.0, -1.0, 0.0, 1.0]);
        let legal = [3, 2, 2, 1, 1];
        let g = game_metrics(2, &evals, &legal, Some(0));
        // Branching: (3+2+2+1+1)/5 = 1.8; change (1-3)/4 = -0.5.
        assert_eq!(g.branching, Some(1.8));
        assert_eq!(g.branching_change, Some(-0.5));
        // Leaders: {1,2}, {2}, {2}, {1,2}, {1}: changes at steps 1, 3 and 4 of 4.
        assert_eq!(g.lead_change, Some(0.75));
        // Drama: the leader's evaluation minus the winner's: 0, 2, 2, 0, 0 -> 4/5.
        assert_eq!(g.drama, Some(0.8));
        // The loser's best evaluation was 1 (at positions 2 and 3): the winner never exceeded
        // it, so the whole game came before the decision.
        assert_eq!(g.threshold, Some(1.0));
        assert_eq!(g.decisiveness, Some(1.0));
    }

    #[test]
    fn a_game_decided_at_its_third_position_worked_by_hand() {
        // Player 2 wins; the loser (player 1) never did better than a draw (0); player 2's
        // evaluation first exceeds 0 at position 2 (0-based) of 4.
        let evals = two(&[0.0, 0.0, -1.0, -1.0]);
        let g = game_metrics(2, &evals, &[2, 2, 2, 2], Some(1));
        assert_eq!(g.threshold, Some(0.0));
        assert_eq!(g.decisiveness, Some(0.5));
        // Drama: the winner was never behind: 0.
        assert_eq!(g.drama, Some(0.0));
        // Leaders {1,2}, {1,2}, {2}, {2}: one change in 3 steps.
        assert_eq!(g.lead_change, Some(1.0 / 3.0));
        // A draw has no drama or decisiveness; one ply has no change.
        let g = game_metrics(2, &two(&[0.0]), &[3], None);
        assert_eq!((g.drama, g.decisiveness, g.lead_change, g.branching), (None, None, None, Some(3.0)));
    }

    #[test]
    fn three_players_lead_by_the_highest_evaluation() {
        let mut a = [0.0; MAX_PLAYERS];
        a[..3].copy_from_slice(&[0.5, 0.5, -0.9]);
        let mut b = [0.0; MAX_PLAYERS];
        b[..3].copy_from_slice(&[-0.2, 0.7, -0.9]);
        let g = game_metrics(3, &[a, b], &[2, 2], Some(2));
        assert_eq!(g.lead_change, Some(1.0));
        // The winner (player 3) trailed by 1.4 and 1.6: drama 1.5; the losers' best was 0.7,
        // never exceeded: decisiveness 1.
        assert!((g.drama.unwrap() - 1.5).abs() < 1e-12);
        assert_eq!(g.threshold, Some(0.7));
        assert_eq!(g.decisiveness, Some(1.0));
    }

    #[test]
    fn moments_are_exact_sums_and_give_intervals() {
        let mut m = Moments::default();
        for x in [1.0, 2.0, 3.0] {
            m.add(x);
        }
        let e = m.estimate().unwrap();
        assert_eq!(e.value, 2.0);
        // sd 1, n 3: half-width 1.96 / sqrt(3).
        assert!((e.ci[1] - 2.0 - 1.96 / 3f64.sqrt()).abs() < 1e-9, "{e:?}");
        let mut a = Moments::default();
        a.add(1.0);
        let mut b = Moments::default();
        b.add(2.0);
        b.add(3.0);
        a.merge(&b);
        assert_eq!(a, m);
    }

    #[test]
    fn evaluators_are_named_and_checked() {
        assert_eq!(EvaluatorSpec::parse("exact"), Ok(EvaluatorSpec::Exact));
        assert_eq!(EvaluatorSpec::parse("alphabeta:4").unwrap().name(), "alphabeta:4");
        assert!(EvaluatorSpec::parse("alphabeta:0").unwrap_err().contains("depth"));
        assert!(EvaluatorSpec::parse("uct").unwrap_err().contains("not an evaluator"));
        assert_eq!(EvaluatorSpec::parse("mcts:200,c=0.5").unwrap().name(), "mcts:200,c=0.5");
        assert!(EvaluatorSpec::parse("mcts:x").is_err());
    }
}

// ------------------------------------------------------------------------------------------------
// The report

/// A rate and its 95% (Wilson) interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub value: f64,
    pub ci: [f64; 2],
}

fn rate(k: u64, n: u64) -> Option<Rate> {
    (n > 0).then(|| {
        let (lo, hi) = crate::run::stats::wilson(k, n);
        Rate { value: k as f64 / n as f64, ci: [lo, hi] }
    })
}

/// Game length in plies: mean (95% interval), sd and quantiles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Duration {
    pub mean: Option<MeanCi>,
    /// Turns: moves by one player in a row count once (Ludii's DurationTurns).
    pub turns: Option<MeanCi>,
    pub sd: Option<f64>,
    pub p10: Option<usize>,
    pub median: Option<usize>,
    pub p90: Option<usize>,
}

/// The metrics of one variant's games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricsReport {
    /// What judged the positions (lead changes, drama, decisiveness).
    pub evaluator: String,
    /// 1 - the largest difference between two seats' points per game (win 1, draw 1/2).
    pub balance: Option<f64>,
    /// The first player's points per game (win 1, draw 1/2, loss 0).
    pub first_player_advantage: Option<MeanCi>,
    /// The seat of the first player (1-based).
    pub first_player: usize,
    /// Games that ended by the rules with a winner.
    pub completion: Option<Rate>,
    /// Games that ended by the rules in a draw.
    pub drawishness: Option<Rate>,
    /// Games stopped at the ply limit.
    pub timeouts: Option<Rate>,
    pub duration: Duration,
    /// Mean over games of the mean legal moves of a game's positions.
    pub branching_factor: Option<MeanCi>,
    /// Mean over games of (last - first legal moves) / (plies - 1).
    pub branching_factor_change: Option<MeanCi>,
    /// Mean over games of the share of steps at which the leader changed.
    pub lead_change: Option<MeanCi>,
    /// Mean over games with a winner of how far, on average, the winner trailed the leader.
    pub drama: Option<MeanCi>,
    /// Mean over games with a winner of the share of the game played before the winner passed
    /// the best evaluation the losers ever had (lower: decided earlier).
    pub decisiveness: Option<MeanCi>,
    /// Mean over games with a winner of that best evaluation of the losers.
    pub decisiveness_threshold: Option<MeanCi>,
}

impl MetricsReport {
    pub fn new(t: &crate::run::stats::Tally, m: &MetricTally) -> MetricsReport {
        let n = t.games;
        let points: Vec<f64> =
            t.seats.iter().map(|s| (s.wins as f64 + s.draws as f64 / 2.0) / n.max(1) as f64).collect();
        let spread = points.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            - points.iter().copied().fold(f64::INFINITY, f64::min);
        let first = t.seats.get(m.first).and_then(|s| {
            // Points of 1, 1/2 and 0, added as counts: exact.
            let mo = Moments {
                n,
                sum: ((s.wins as f64 + s.draws as f64 / 2.0) * ONE) as i128,
                squares: ((s.wins as f64 + s.draws as f64 / 4.0) * ONE) as i128,
            };
            mo.estimate()
        });
        let length = &t.length;
        MetricsReport {
            evaluator: m.evaluator.clone(),
            balance: (n > 0 && points.len() > 1).then_some(1.0 - spread),
            first_player_advantage: first,
            first_player: m.first + 1,
            completion: rate(m.decided, n),
            drawishness: rate(m.drawn, n),
            timeouts: rate(t.ends.ply_limit, n),
            duration: Duration {
                mean: length.mean().zip(length.sd()).map(|(mean, sd)| {
                    let half = 1.96 * sd / (n.max(1) as f64).sqrt();
                    MeanCi { value: mean, ci: [mean - half, mean + half] }
                }),
                turns: m.turns.estimate(),
                sd: length.sd(),
                p10: length.quantile(0.1),
                median: length.quantile(0.5),
                p90: length.quantile(0.9),
            },
            branching_factor: m.branching.estimate(),
            branching_factor_change: m.branching_change.estimate(),
            lead_change: m.lead_change.estimate(),
            drama: m.drama.estimate(),
            decisiveness: m.decisiveness.estimate(),
            decisiveness_threshold: m.threshold.estimate(),
        }
    }
}

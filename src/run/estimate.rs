//! How long a run of several variants has left. Variants differ: a game of one may take ten
//! times a game of another, so each variant's games left are counted at its own pace, and a
//! variant not yet begun at the pace of those measured, scaled by what a game of it costs
//! beside theirs (a random playout's time, measured before the run).

/// One variant of a run, as far as it has gone.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Leg {
    /// Games to play.
    pub games: u64,
    /// Games finished.
    pub done: u64,
    /// Seconds spent on its games so far.
    pub seconds: f64,
    /// What a game of it costs beside the other variants' (the seconds of a random playout),
    /// where that was measured.
    pub cost: Option<f64>,
}

impl Leg {
    fn measured(&self) -> bool {
        self.done > 0 && self.seconds > 0.0
    }

    fn left(&self) -> u64 {
        self.games.saturating_sub(self.done)
    }
}

/// The seconds a run has left: each variant's games left at its own pace (seconds per game
/// so far); a variant not yet measured at the pace of those measured, scaled by its cost
/// beside theirs where every cost is known, or else at their pace per game. `None` before
/// any variant is measured.
pub fn seconds_left(legs: &[Leg]) -> Option<f64> {
    let measured: Vec<&Leg> = legs.iter().filter(|l| l.measured()).collect();
    if measured.is_empty() {
        return legs.iter().all(|l| l.left() == 0).then_some(0.0);
    }
    let seconds: f64 = measured.iter().map(|l| l.seconds).sum();
    let per_game = seconds / measured.iter().map(|l| l.done as f64).sum::<f64>();
    // Seconds per unit of cost: the time of the games measured over their cost.
    let costed: Option<f64> = measured.iter().map(|l| l.cost.map(|c| c * l.done as f64)).sum();
    let per_cost = costed.filter(|&c| c > 0.0).map(|c| seconds / c);
    let mut left = 0.0;
    for l in legs {
        let pace = match (l.measured(), l.cost, per_cost) {
            (true, _, _) => l.seconds / l.done as f64,
            (false, Some(cost), Some(per_cost)) => cost * per_cost,
            _ => per_game,
        };
        left += l.left() as f64 * pace;
    }
    Some(left)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leg(games: u64, done: u64, seconds: f64, cost: Option<f64>) -> Leg {
        Leg { games, done, seconds, cost }
    }

    #[test]
    fn nothing_is_known_before_a_game_is_done() {
        assert_eq!(seconds_left(&[leg(100, 0, 0.0, None), leg(100, 0, 0.0, Some(1.0))]), None);
        assert_eq!(seconds_left(&[]), Some(0.0));
    }

    #[test]
    fn each_variant_goes_at_its_own_pace() {
        // The first variant's 100 games took 1 s; the second has done 10 of its 100 in 2 s:
        // its 90 left take 18 s, not the 0.9 s of the first's pace.
        let legs = [leg(100, 100, 1.0, None), leg(100, 10, 2.0, None)];
        assert!((seconds_left(&legs).unwrap() - 18.0).abs() < 1e-9);
    }

    #[test]
    fn a_variant_not_begun_goes_at_the_pace_its_cost_says() {
        // Done: 100 games of cost 1 in 1 s (0.01 s per unit). To come: 100 games of cost 5,
        // five times as long each: 5 s; without costs, at the pace of the games done: 1 s.
        let costed = [leg(100, 100, 1.0, Some(1.0)), leg(100, 0, 0.0, Some(5.0))];
        assert!((seconds_left(&costed).unwrap() - 5.0).abs() < 1e-9);
        let plain = [leg(100, 100, 1.0, None), leg(100, 0, 0.0, None)];
        assert!((seconds_left(&plain).unwrap() - 1.0).abs() < 1e-9);
        // A cost missing anywhere among the measured: the pace per game.
        let mixed = [leg(100, 100, 1.0, None), leg(100, 50, 1.0, Some(2.0)), leg(100, 0, 0.0, Some(4.0))];
        // 50 left at 0.02 s, and 100 at 2 s / 150 games.
        assert!((seconds_left(&mixed).unwrap() - (1.0 + 100.0 * 2.0 / 150.0)).abs() < 1e-9);
    }

    #[test]
    fn the_measured_pace_of_several_variants_prices_the_rest() {
        // 0.5 s for 50 games of cost 2 and 1.5 s for 100 of cost 1: 2 s for 200 units; the
        // 10 games of cost 3 to come take 10 x 3 x 0.01 = 0.3 s; the second's 100 left, 1.5 s.
        let legs = [leg(50, 50, 0.5, Some(2.0)), leg(200, 100, 1.5, Some(1.0)), leg(10, 0, 0.0, Some(3.0))];
        assert!((seconds_left(&legs).unwrap() - 1.8).abs() < 1e-9);
    }
}

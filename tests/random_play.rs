//! Random play against independent measurements. These figures were given to the project
//! with its brief, measured by an implementation of Bakuk and Koumma written independently
//! of this code, over 10 million games of uniformly random play each, with the rules of
//! `variants/bakuk.sow` and `variants/koumma.sow` (no rulesets):
//!
//! | variant | first player wins | second player wins | draws | mean length |
//! |---------|-------------------|--------------------|-------|-------------|
//! | Bakuk   | 47.7%             | 45.8%              | 6.5%  | 36.9 plies  |
//! | Koumma  | 40.7%             | 52.3%              | 7.1%  | 14.6 plies  |
//!
//! They are rounded to 0.1. A sanity check of the whole pipeline (grammar, files, checker,
//! engine, random player): each of our rates over 200,000 games must lie within four
//! standard errors of theirs, allowing for their rounding.

use sow::engine::Outcome;
use sow::play::player::game_rng;
use sow::play::random::RandomPlayer;

struct Expected {
    first: f64,
    second: f64,
    draw: f64,
    plies: f64,
}

fn check(variant: &str, expected: Expected) {
    const GAMES: u64 = 200_000;
    let rules = sow::load_rules(variant, None).unwrap();
    let mut wins = [0u64; 2];
    let mut draws = 0u64;
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    for g in 0..GAMES {
        let mut rng = game_rng(1, g);
        let mut s = rules.initial_state();
        while !s.is_over() {
            let mv = RandomPlayer::pick(&rules, &s, &mut rng).unwrap();
            rules.apply(&mut s, mv);
        }
        match rules.outcome(&s).unwrap() {
            Outcome::Win(p) => wins[p] += 1,
            Outcome::Draw => draws += 1,
        }
        let plies = s.plies() as f64;
        sum += plies;
        sum_sq += plies * plies;
    }
    let n = GAMES as f64;
    let rate = |k: u64| k as f64 / n;
    for (what, ours, theirs) in [
        ("first player wins", rate(wins[0]), expected.first),
        ("second player wins", rate(wins[1]), expected.second),
        ("draws", rate(draws), expected.draw),
    ] {
        let se = (theirs * (1.0 - theirs) / n).sqrt();
        assert!(
            (ours - theirs).abs() <= 4.0 * se + 0.0005,
            "{variant}: {what} {ours:.4}, independent measurement {theirs}"
        );
    }
    let mean = sum / n;
    let sd = (sum_sq / n - mean * mean).sqrt();
    assert!(
        (mean - expected.plies).abs() <= 4.0 * sd / n.sqrt() + 0.05,
        "{variant}: mean game length {mean:.3} plies, independent measurement {}",
        expected.plies
    );
}

#[test]
fn bakuk_random_play_agrees_with_an_independent_implementation() {
    check("bakuk", Expected { first: 0.477, second: 0.458, draw: 0.065, plies: 36.9 });
}

#[test]
fn koumma_random_play_agrees_with_an_independent_implementation() {
    check("koumma", Expected { first: 0.407, second: 0.523, draw: 0.071, plies: 14.6 });
}

//! The solver against independent checks: exhaustive minimax on every position with few
//! seeds, the consistency of every position's value with its moves, and the perfect player
//! against alpha-beta.

use std::sync::{Arc, OnceLock};

use sow::engine::State;
use sow::engine::compile::Rules;
use sow::play::registry::{Player, game_rng};
use sow::play::search::AlphaBetaPlayer;
use sow::play::solve::{PerfectPlayer, Solution, for_each_distribution, solve};

/// Solutions made so far in this test binary, by variant: each is made once.
type Solved = std::sync::Mutex<Vec<(String, Rules, Arc<Solution>)>>;

fn solved(variant: &str, ruleset: Option<&str>) -> (Rules, Arc<Solution>) {
    static CACHE: OnceLock<Solved> = OnceLock::new();
    let key = format!("{variant}:{ruleset:?}");
    let cache = CACHE.get_or_init(Default::default);
    if let Some((_, r, s)) = cache.lock().unwrap().iter().find(|(k, _, _)| *k == key) {
        return (r.clone(), s.clone());
    }
    let rules = sow::load_rules(variant, ruleset).unwrap();
    let solution = Arc::new(solve(&rules, rules.total_seeds() as usize, &|_, _| {}).unwrap());
    cache.lock().unwrap().push((key, rules.clone(), solution.clone()));
    (rules, solution)
}

/// Plain minimax over the game tree, with a repeated position on the current line worth 0
/// (endless play): independent of the retrograde analysis, and exponential, so only for
/// positions with few seeds.
fn minimax(rules: &Rules, state: &State, line: &mut Vec<(Vec<u8>, usize)>) -> i32 {
    let Some(mover) = state.to_move() else { return 0 };
    let key = (state.pits().to_vec(), mover);
    if line.contains(&key) {
        return 0;
    }
    line.push(key);
    let before = rules.scores(state);
    let mut best = i32::MIN;
    for pit in rules.legal_moves(state).iter() {
        let mut child = *state;
        rules.apply(&mut child, pit);
        let after = rules.scores(&child);
        let gain = (after[mover] as i32 - before[mover] as i32)
            - (after[1 - mover] as i32 - before[1 - mover] as i32);
        let rest = match child.to_move() {
            None => 0,
            Some(p) if p == mover => minimax(rules, &child, line),
            Some(_) => -minimax(rules, &child, line),
        };
        best = best.max(gain + rest);
    }
    line.pop();
    best
}

fn check_small_positions(variant: &str, ruleset: Option<&str>, seeds: usize) {
    let (rules, solution) = solved(variant, ruleset);
    let unlimited = rules.with_ply_limit(u32::MAX);
    let mut checked = 0;
    for t in 0..=seeds {
        for_each_distribution(rules.pits(), t, |pits| {
            for player in 0..2 {
                let s = unlimited.state_from(pits, player).unwrap();
                let expected = minimax(&unlimited, &s, &mut Vec::new());
                // A player who cannot move has passed in `s`, or the game is over.
                assert_eq!(
                    solution.value(&s),
                    Some(expected),
                    "{variant} {ruleset:?} {pits:?} player {}",
                    player + 1
                );
                checked += 1;
            }
        });
    }
    assert!(checked > 100);
}

#[test]
fn small_positions_match_exhaustive_minimax() {
    check_small_positions("bakuk", None, 5);
    check_small_positions("bakuk", Some("valdez"), 5);
    check_small_positions("koumma", None, 5);
}

#[test]
fn every_value_is_the_best_of_its_moves() {
    for (variant, ruleset) in [("bakuk", None), ("koumma", None)] {
        let (rules, solution) = solved(variant, ruleset);
        let unlimited = rules.with_ply_limit(u32::MAX);
        for t in 0..=rules.total_seeds() as usize {
            for_each_distribution(rules.pits(), t, |pits| {
                for player in 0..2 {
                    let s = unlimited.state_from(pits, player).unwrap();
                    let value = solution.value(&s).unwrap();
                    let best = solution.move_values(&unlimited, &s).iter().map(|m| m.value).max();
                    match best {
                        Some(best) => assert_eq!(value, best, "{variant} {pits:?} player {}", player + 1),
                        None => assert_eq!(value, 0, "a finished game is worth nothing more"),
                    }
                }
            });
        }
    }
}

/// Plays perfect against alpha-beta:8 from both seats; returns the worst margin perfect got
/// minus the value of its seat.
fn perfect_against_alphabeta(variant: &str, games: u64) -> i32 {
    let (rules, solution) = solved(variant, None);
    let start = solution.value(&rules.initial_state()).unwrap();
    let mut worst = i32::MAX;
    for seat in 0..2 {
        let value = if seat == 0 { start } else { -start };
        for g in 0..games {
            let mut perfect = PerfectPlayer { solution: solution.clone() };
            let mut alphabeta = AlphaBetaPlayer { depth: 8 };
            let mut rngs = [game_rng(g, seat as u64), game_rng(g, 2 + seat as u64)];
            let mut s = rules.initial_state();
            while let Some(p) = s.to_move() {
                let pit = if p == seat {
                    perfect.choose(&rules, &s, &mut rngs[0]).unwrap()
                } else {
                    alphabeta.choose(&rules, &s, &mut rngs[1]).unwrap()
                };
                rules.apply(&mut s, pit);
            }
            let scores = rules.scores(&s);
            let margin = scores[seat] as i32 - scores[1 - seat] as i32;
            assert!(
                margin >= value,
                "{variant} game {g}: perfect in seat {} got {margin}, below {value}",
                seat + 1
            );
            worst = worst.min(margin - value);
        }
    }
    worst
}

#[test]
fn perfect_never_does_worse_than_the_solved_value_against_alphabeta() {
    assert!(perfect_against_alphabeta("bakuk", 1000) >= 0);
    assert!(perfect_against_alphabeta("koumma", 1000) >= 0);
}

#[test]
fn perfect_against_perfect_ends_with_the_solved_value() {
    for variant in ["bakuk", "koumma"] {
        let (rules, solution) = solved(variant, None);
        let start = solution.value(&rules.initial_state()).unwrap();
        for g in 0..50 {
            let mut players =
                [PerfectPlayer { solution: solution.clone() }, PerfectPlayer { solution: solution.clone() }];
            let mut rng = game_rng(g, 9);
            let mut s = rules.initial_state();
            while let Some(p) = s.to_move() {
                let pit = players[p].choose(&rules, &s, &mut rng).unwrap();
                rules.apply(&mut s, pit);
            }
            let scores = rules.scores(&s);
            assert_eq!(scores[0] as i32 - scores[1] as i32, start, "{variant} game {g}");
        }
    }
}

// ------------------------------------------------------------------------------------------
// The command line

fn sow(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = sow(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn solve_prints_the_value_openings_and_a_perfect_game_and_saves_a_table_that_loads() {
    let dir = std::env::temp_dir().join(format!("sow-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("koumma.sol");
    let table = table.to_str().unwrap();
    let report = json(&["solve", "koumma", "--out", table, "--format", "json"]);
    let (rules, solution) = solved("koumma", None);
    let value = solution.value(&rules.initial_state()).unwrap();
    assert_eq!(report["value"], value);
    let openings = report["openings"].as_array().unwrap();
    assert_eq!(openings.len(), 3);
    assert_eq!(openings[0]["value"], value, "the best opening is listed first");
    for o in openings {
        let pit = o["pit"].as_u64().unwrap() as usize;
        let m = solution
            .move_values(&rules, &rules.initial_state())
            .into_iter()
            .find(|m| m.pit + 1 == pit)
            .unwrap();
        assert_eq!(o["value"], m.value);
    }
    // The perfect game replays to the solved margin.
    let pv: Vec<String> =
        report["principal_variation"].as_array().unwrap().iter().map(|p| p.to_string()).collect();
    let end = json(&["play", "koumma", "--moves", &pv.join(","), "--format", "json"]);
    let score = end["score"].as_array().unwrap();
    assert_eq!(score[0].as_i64().unwrap() - score[1].as_i64().unwrap(), value as i64);

    let loaded = json(&["solve", "koumma", "--solution", table, "--format", "json"]);
    assert_eq!(loaded, report);
    let other = sow(&["solve", "bakuk", "--solution", table]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8(other.stderr).unwrap();
    assert_eq!(err, format!("error: `{table}` was made for other rules (Koumma), not those of Bakuk\n"));
    let hint = json(&["play", "koumma", "--hint", "--solution", table, "--format", "json"]);
    assert_eq!(hint["move_values"].as_array().unwrap().len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_refuses_what_it_cannot_solve() {
    let out = sow(&["solve", "bakuk:three-player"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: Bakuk:three-player: only two-player variants can be solved; this one has 3 players\n"
    );
    let dir = std::env::temp_dir().join(format!("sow-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.sow");
    std::fs::write(&big, "variant \"Big\" extends \"Bakuk\" { source \"test\" board 2 rows of 6 pits, no stores seeds 4 in each pit }").unwrap();
    let out = sow(&["solve", big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the state space is too large to solve: 2798717689950 positions (48 seeds in 12 pits"),
        "{err}"
    );
    assert!(err.contains("sow solves at most 600000000 positions"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perfect_and_alphabeta_play_in_simulations() {
    let dir = std::env::temp_dir().join(format!("sow-perfect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.jsonl");
    let out = json(&[
        "simulate",
        "bakuk",
        "--players",
        "perfect,alphabeta:3",
        "--games",
        "200",
        "--record",
        record.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out["Bakuk"]["run"]["players"], serde_json::json!(["perfect", "alphabeta:3"]));
    let (rules, solution) = solved("bakuk", None);
    let value = solution.value(&rules.initial_state()).unwrap() as i64;
    for line in std::fs::read_to_string(&record).unwrap().lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let s = game["scores"].as_array().unwrap();
        assert!(s[0].as_i64().unwrap() - s[1].as_i64().unwrap() >= value, "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

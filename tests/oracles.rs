//! Games of an engine nobody here wrote, replayed through the shipped files: 100 random games
//! of Oware and 100 of Kalah recorded from OpenSpiel 2.0.2 (`tests/oracles/`, copied from the
//! project's shared oracles; their README gives the formats). Before every move the player to
//! move and the legal moves must be OpenSpiel's; after it every pit and store; at the end the
//! final scores, the winner and the way the game ended.

use std::path::Path;

use sow::engine::{EndReason, Game, Move, Outcome, Rules};

fn games(file: &str) -> Vec<serde_json::Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles").join(file);
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn numbers(v: &serde_json::Value) -> Vec<i64> {
    v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect()
}

/// How the oracle says a game ended, as an end of this engine.
fn end_of(end: &str) -> EndReason {
    match end {
        "majority" => EndReason::Majority,
        "no_moves" => EndReason::NoLegalMove,
        "repetition" => EndReason::Repetition,
        "p0_side_empty" | "p1_side_empty" | "both_empty" => EndReason::SideEmpty,
        other => panic!("an ending the test does not know: {other}"),
    }
}

/// Replays one recorded game. `to_move(action, player)` turns an OpenSpiel action into a
/// move; `board(&state)` gives the position as OpenSpiel writes it.
fn replay(
    rules: &Rules,
    g: &serde_json::Value,
    to_move: impl Fn(i64, usize) -> Move,
    from_move: impl Fn(Move, usize) -> i64,
    board: impl Fn(&sow::engine::State, bool) -> Vec<i64>,
) {
    let seed = g["seed"].as_i64().unwrap();
    let actions = numbers(&g["moves"]);
    let players = numbers(&g["players"]);
    let boards = g["boards"].as_array().unwrap();
    let legal = g["legal"].as_array().unwrap();
    let mut game = Game::new(rules, rules.initial_state());
    assert_eq!(board(game.state(), false), numbers(&g["initial"]), "game {seed}: the start");
    for (i, &action) in actions.iter().enumerate() {
        let here = format!("game {seed}, move {} (ply {})", i + 1, game.state().plies() + 1);
        let s = *game.state();
        let player = s.to_move().unwrap_or_else(|| panic!("{here}: the game is already over: {:?}", s.end()));
        assert_eq!(player as i64, players[i], "{here}: the player to move");
        let ours: Vec<i64> = rules.legal_moves(&s).iter().map(|m| from_move(m, player)).collect();
        let mut theirs = numbers(&legal[i]);
        theirs.sort();
        let mut sorted = ours.clone();
        sorted.sort();
        assert_eq!(sorted, theirs, "{here}: the legal moves");
        game.play(to_move(action, player), &mut ()).unwrap_or_else(|e| panic!("{here}: {e}"));
        let last = i + 1 == actions.len();
        assert_eq!(game.state().is_over(), last, "{here}: over or not");
        assert_eq!(board(game.state(), last), numbers(&boards[i]), "{here}: the board after the move");
    }
    let s = game.state();
    let scores = rules.scores(s);
    assert_eq!(numbers(&g["final_scores"]), vec![scores[0] as i64, scores[1] as i64], "game {seed}: scores");
    assert_eq!(s.end(), Some(end_of(g["end"].as_str().unwrap())), "game {seed}: the end");
    let returns = numbers(&g["returns"]);
    let winner = match rules.outcome(s).unwrap() {
        Outcome::Win(0) => vec![1, -1],
        Outcome::Win(_) => vec![-1, 1],
        Outcome::Draw => vec![0, 0],
    };
    assert_eq!(winner, returns, "game {seed}: the result");
}

#[test]
fn openspiel_oware_games_replay_ply_by_ply() {
    let rules = sow::load_rules("oware", None).unwrap();
    let games = games("openspiel-oware-100.jsonl");
    assert_eq!(games.len(), 100);
    for g in &games {
        replay(
            &rules,
            g,
            // Action a of player p is house 6p + a: pit 6p + a + 1.
            |a, p| Move::from_pit(6 * p + a as usize).unwrap(),
            |m, p| (m.pit() - 6 * p) as i64,
            // Houses 0..11, then the two scores. Once OpenSpiel's game is over, every player
            // has taken the seeds on their side: the scores include them.
            |s, over| {
                let mut b: Vec<i64> = s.pits().iter().map(|&x| x as i64).collect();
                if over {
                    b.iter_mut().for_each(|x| *x = 0);
                    let scores = rules.scores(s);
                    b.extend([scores[0] as i64, scores[1] as i64]);
                } else {
                    b.extend(s.captured().iter().map(|&x| x as i64));
                }
                b
            },
        );
    }
}

#[test]
fn openspiel_kalah_games_replay_ply_by_ply() {
    let rules = sow::load_rules("kalah", None).unwrap();
    let games = games("openspiel-kalah-100.jsonl");
    assert_eq!(games.len(), 100);
    for g in &games {
        replay(
            &rules,
            g,
            // Slot s is pit s for player 1 (slots 1..6), pit s - 1 for player 2 (slots 8..13).
            |slot, p| Move::from_pit(slot as usize - 1 - p).unwrap(),
            |m, p| (m.pit() + 1 + p) as i64,
            // Slot 0 is player 2's store, 1..6 player 1's pits, 7 player 1's store, 8..13
            // player 2's pits. OpenSpiel leaves the pits as they are at the end.
            |s, _| {
                let p = s.pits();
                let c = s.captured();
                let mut b = vec![c[1] as i64];
                b.extend(p[..6].iter().map(|&x| x as i64));
                b.push(c[0] as i64);
                b.extend(p[6..].iter().map(|&x| x as i64));
                b
            },
        );
    }
}

//! The interpreter against Bakuk and Koumma written by hand (tests/common/handwritten.rs): random
//! games played on both, every position compared.

#[path = "common/handwritten.rs"]
mod handwritten;

use handwritten::Game;
use sow::engine::Outcome;
use sow::play::player::game_rng;
use sow::play::random::RandomPlayer;

fn compare(variant: &str, ruleset: Option<&str>, game: Game, games: u64) {
    let rules = sow::load_rules(variant, ruleset).unwrap();
    for g in 0..games {
        let mut rng = game_rng(2026, g);
        let mut s = rules.initial_state();
        let mut p = game.start();
        let mut moves = Vec::new();
        loop {
            // Formatted only when an assertion fails.
            let here = || format!("{variant} {ruleset:?} game {g} after moves {moves:?}");
            assert_eq!(s.pits(), &p.pits, "{}", here());
            let captured: Vec<u32> = s.captured().iter().map(|&c| c as u32).collect();
            assert_eq!(captured, &p.captured[..game.players()], "{}", here());
            assert_eq!(s.is_over(), p.over, "{}", here());
            assert_eq!(s.plies(), p.plies, "{}", here());
            if s.is_over() {
                let winner = match rules.outcome(&s).unwrap() {
                    Outcome::Win(w) => Some(w),
                    Outcome::Draw => None,
                };
                assert_eq!(winner, game.winner(&p), "{}", here());
                break;
            }
            assert_eq!(s.to_move(), Some(p.to_move), "{}", here());
            let legal: Vec<usize> = rules.legal_moves(&s).iter().map(|m| m.pit()).collect();
            assert_eq!(legal, game.legal(&p), "{}", here());
            let mv = RandomPlayer::pick(&rules, &s, &mut rng).unwrap();
            moves.push(mv.pit() + 1);
            rules.apply(&mut s, mv);
            game.play(&mut p, mv.pit());
        }
    }
}

#[test]
fn bakuk_matches_the_hand_written_game() {
    compare("bakuk", None, Game::Bakuk, 100_000);
}

#[test]
fn bakuk_valdez_matches_the_hand_written_game() {
    compare("bakuk", Some("valdez"), Game::Valdez, 100_000);
}

#[test]
fn bakuk_three_player_matches_the_hand_written_game() {
    compare("bakuk", Some("three-player"), Game::ThreePlayer, 100_000);
}

#[test]
fn koumma_matches_the_hand_written_game() {
    compare("koumma", None, Game::Koumma, 100_000);
}

//! Every rule of the language as a hand-worked position: the position, the move, and the
//! board, captures and turn worked out by hand from the rule's wording (in the comments).
//! Pits and players are written 1-based here, as a reader of the rules counts them.

use sow::engine::replay::Record;
use sow::engine::{EndReason, IllegalMove, Move, MoveSummary, Outcome, Rules, State, compile};

fn bundled(name: &str, ruleset: Option<&str>) -> Rules {
    sow::load_rules(name, ruleset).unwrap_or_else(|e| panic!("{e}"))
}

/// Bakuk with some rules replaced: a variant file that extends the bundled Bakuk.
fn bakuk_with(rules: &str) -> Rules {
    let text = format!("variant \"Test\" extends \"Bakuk\" {{ source \"test\" {rules} }}");
    let file = sow::lang::library::load_text("test.sow", &text).unwrap_or_else(|e| panic!("{e}"));
    let (spec, _) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
    compile(&spec)
}

/// The move that sows pit `n` (1-based).
fn pit(n: usize) -> Move {
    Move::from_pit(n - 1).unwrap()
}

/// A position: seeds of pits 1..6 and the player (1-based) to move.
fn at(rules: &Rules, pits: &[u8], to_move: usize) -> State {
    rules.state_from(pits, to_move - 1).unwrap()
}

fn seeds_in_play(state: &State) -> u32 {
    state.pits().iter().map(|&s| s as u32).sum::<u32>()
        + state.captured().iter().map(|&s| s as u32).sum::<u32>()
}

/// Plays pit (1-based); returns what happened. Every move keeps every seed.
fn play(rules: &Rules, state: &mut State, pit: usize) -> (MoveSummary, Record) {
    let before = seeds_in_play(state);
    let mut record = Record::default();
    let summary = rules.play(state, self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    assert_eq!(seeds_in_play(state), before, "seeds conserved by pit {pit}");
    assert_eq!(record.sown.len(), summary.lifted as usize, "one sowing step per seed lifted");
    (summary, record)
}

fn pits_1based(record: &Record) -> Vec<usize> {
    record.sown.iter().map(|p| p + 1).collect()
}

fn captures_1based(record: &Record) -> Vec<(usize, u8)> {
    record.captures.iter().map(|&(p, n)| (p + 1, n)).collect()
}

// ---------------------------------------------------------------------------------------------
// The start

#[test]
fn bakuk_starts_with_six_seeds_in_each_of_six_pits_player_1_to_move() {
    let r = bundled("bakuk", None);
    let s = r.initial_state();
    assert_eq!(s.pits(), &[6, 6, 6, 6, 6, 6]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(r.legal_moves(&s).iter().map(|m| m.pit() + 1).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(r.total_seeds(), 36);
}

// ---------------------------------------------------------------------------------------------
// Sowing

#[test]
fn sowing_starts_in_the_next_pit_counter_clockwise() {
    // Pit 3 holds 6: one seed each into 4, 5, 6, 1, 2, 3 (a full lap back to the emptied pit).
    let r = bundled("bakuk", None);
    let mut s = r.initial_state();
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![4, 5, 6, 1, 2, 3]);
    assert_eq!(m.last, 2);
    assert_eq!(s.pits(), &[7, 7, 1, 7, 7, 7]);
    assert_eq!(m.captured, 0, "the last seed makes 1 in pit 3: no capture");
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn a_lap_of_seven_seeds_sows_into_the_emptied_pit_and_goes_on() {
    // Pit 3 holds 7: 4 5 6 1 2 3 4; pit 4 gets two seeds (0 + 2 = 2): captured.
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[0, 0, 7, 0, 0, 0], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![4, 5, 6, 1, 2, 3, 4]);
    assert_eq!(captures_1based(&rec), vec![(4, 2)], "pit 5 then holds 1: the chain stops");
    assert_eq!(s.pits(), &[1, 1, 1, 0, 1, 1]);
    assert_eq!(m.captured, 2);
    assert_eq!(s.captured(), &[2, 0]);
}

#[test]
fn laps_can_skip_the_emptied_pit() {
    // Pit 1 holds 7, the origin skipped: 2 3 4 5 6 (skip 1) 2 3; pit 3 ends with 1 + 2 = 3.
    let r = bakuk_with("sowing { laps skip the emptied pit }");
    let mut s = at(&r, &[7, 0, 1, 0, 0, 0], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(pits_1based(&rec), vec![2, 3, 4, 5, 6, 2, 3]);
    assert_eq!(s.pits(), &[0, 2, 3, 1, 1, 1]);
    assert_eq!(m.last, 2);
    assert_eq!(m.captured, 0);
}

#[test]
fn clockwise_sowing_goes_down_the_numbers() {
    // Pit 3 holds 2, clockwise: 2 then 1; pit 1 makes 1 + 1 = 2, captured; the chain goes on
    // clockwise (forward = the sowing direction) to pit 6, which holds 4: captured; pit 5 holds 3.
    let r = bakuk_with("sowing { clockwise }");
    let mut s = at(&r, &[1, 0, 2, 0, 3, 4], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![2, 1]);
    assert_eq!(captures_1based(&rec), vec![(1, 2), (6, 4)]);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 3, 0]);
    assert_eq!(m.captured, 6);
}

#[test]
fn koumma_drops_the_first_seed_back_into_the_emptied_pit() {
    // Pit 3 holds 3: one back into 3, then 4 and 5; a pit of n seeds reaches n - 1 pits ahead.
    // Pit 5 makes 1 + 1 = 2: captured; pit 6 is empty, so the chain stops.
    let r = bundled("koumma", None);
    let mut s = at(&r, &[0, 0, 3, 1, 1, 0], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![3, 4, 5]);
    assert_eq!(m.last, 4);
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 1, 2, 0, 0]);
}

#[test]
fn koumma_lap_of_seven_ends_in_the_emptied_pit_and_can_capture_it() {
    // Pit 1 holds 7: 1 2 3 4 5 6 1; pit 1 ends with 2 seeds: captured; pit 2 holds 1.
    let r = bundled("koumma", None);
    let mut s = at(&r, &[7, 0, 0, 0, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(pits_1based(&rec), vec![1, 2, 3, 4, 5, 6, 1]);
    assert_eq!(captures_1based(&rec), vec![(1, 2)]);
    assert_eq!(s.pits(), &[0, 1, 1, 1, 1, 1]);
}

#[test]
fn koumma_singletons_cannot_be_played() {
    let r = bundled("koumma", None);
    let s = at(&r, &[1, 2, 1, 3, 3, 3], 1);
    assert_eq!(r.legal_moves(&s).iter().map(|m| m.pit() + 1).collect::<Vec<_>>(), vec![2]);
    assert_eq!(r.check_move(&s, pit(1)), Err(IllegalMove::TooFew { pit: 1, seeds: 1, needed: 2 }));
    assert_eq!(
        r.check_move(&s, pit(1)).unwrap_err().to_string(),
        "pit 1 holds 1 seed, and a pit needs 2 to be played"
    );
}

#[test]
fn koumma_player_with_only_singletons_has_no_move_and_the_game_ends() {
    let r = bundled("koumma", None);
    let s = at(&r, &[1, 1, 0, 3, 3, 3], 1);
    assert!(s.is_over());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(s.turn(), 0);
}

// ---------------------------------------------------------------------------------------------
// Capture

#[test]
fn capture_on_the_movers_own_side() {
    // Pit 2 holds 1: into pit 3, making 1 + 1 = 2: captured; pit 4 holds 3: the chain stops.
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[0, 1, 1, 3, 0, 0], 1);
    let (m, rec) = play(&r, &mut s, 2);
    assert_eq!(captures_1based(&rec), vec![(3, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 3, 0, 0]);
    assert_eq!((m.captured, m.captured_pits), (2, 1));
    assert_eq!(s.captured(), &[2, 0]);
}

#[test]
fn capture_on_the_opponents_side_with_a_forward_chain() {
    // Pit 3 holds 1: into pit 4, making 3 + 1 = 4: captured; then forward: pit 5 holds 2,
    // pit 6 holds 4 (both taken), pit 1 holds 1 (the chain stops there).
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[1, 0, 1, 3, 2, 4], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 4), (5, 2), (6, 4)]);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 0, 0]);
    assert_eq!((m.captured, m.captured_pits), (10, 3));
}

#[test]
fn the_chain_stops_at_the_first_pit_that_does_not_qualify() {
    // Landing pit 4 makes 2; pit 5 holds 3 (not 2 or 4): the chain stops, though pit 6 holds 2.
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[0, 0, 1, 1, 3, 2], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 3, 2]);
}

#[test]
fn counts_other_than_two_and_four_do_not_capture_in_bakuk() {
    // Pit 3 holds 1: pit 4 makes 5 + 1 = 6, which captures in Koumma but not in Bakuk.
    let bakuk = bundled("bakuk", None);
    let mut s = at(&bakuk, &[0, 0, 1, 5, 0, 0], 1);
    assert_eq!(play(&bakuk, &mut s, 3).0.captured, 0);

    // Koumma: pit 3 holds 2: one back into 3, one into pit 4, making 6: captured; then
    // pit 5 holds 6 and pit 6 holds 4 (taken), pit 1 holds 1 (stop).
    let koumma = bundled("koumma", None);
    let mut s = at(&koumma, &[1, 0, 2, 5, 6, 4], 1);
    let (m, rec) = play(&koumma, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 6), (5, 6), (6, 4)]);
    assert_eq!(m.captured, 16);
    assert_eq!(s.pits(), &[1, 0, 1, 0, 0, 0]);
}

#[test]
fn the_valdez_chain_runs_backward() {
    // Pit 3 holds 1: pit 4 makes 1 + 1 = 2: captured; backward: pit 3 (just emptied, 0) does
    // not qualify, so nothing more. Then from another position: pit 5 holds 1, pit 6 makes
    // 3 + 1 = 4: captured; backward: pit 5 now 0: stop; and forward pits are never taken.
    let r = bundled("bakuk", Some("valdez"));
    let mut s = at(&r, &[2, 0, 1, 1, 4, 2], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2)], "pit 5 (4) lies forward: not taken");

    // Pit 1 holds 3: 2 3 4; pit 4 makes 1 + 1 = 2: captured; backward: pit 3 holds 3 + 1 = 4,
    // pit 2 holds 1 + 1 = 2: both captured; pit 1 was emptied: stop.
    let mut s = at(&r, &[3, 1, 3, 1, 2, 2], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(4, 2), (3, 4), (2, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 2, 2]);
    assert_eq!(m.captured, 8);
}

#[test]
fn a_chain_can_go_all_the_way_round_but_not_past_the_landing_pit() {
    // Pit 1 holds 13: two laps and one more seed (2 3 4 5 6 1 2 3 4 5 6 1 2). Pit 2 ends with
    // 1 + 3 = 4 (captured); pits 3-6 with 2 each and pit 1 with 2: the forward chain takes them
    // all and stops at the landing pit: all 14 seeds.
    for (variant, ruleset) in [("bakuk", None), ("bakuk", Some("valdez"))] {
        let r = bundled(variant, ruleset);
        let mut s = at(&r, &[13, 1, 0, 0, 0, 0], 1);
        let (m, rec) = play(&r, &mut s, 1);
        assert_eq!(rec.sown.len(), 13);
        assert_eq!(m.last, 1);
        assert_eq!((m.captured, m.captured_pits), (14, 6), "{ruleset:?}");
        assert_eq!(s.pits(), &[0; 6]);
    }
}

#[test]
fn capture_only_in_opponents_pits() {
    let r = bakuk_with("capture { last seed makes 2 or 4 in an opponent's pit: take them }");
    // The last seed makes 2 in pit 3, the mover's own: no capture.
    let mut s = at(&r, &[0, 1, 1, 3, 0, 0], 1);
    assert_eq!(play(&r, &mut s, 2).0.captured, 0);
    // It makes 2 in pit 4, an opponent's: captured.
    let mut s = at(&r, &[0, 0, 1, 1, 0, 0], 1);
    assert_eq!(play(&r, &mut s, 3).0.captured, 2);
}

#[test]
fn capture_only_in_the_movers_own_pits() {
    let r = bakuk_with("capture { last seed makes 2 or 4 in the mover's own pit: take them }");
    let mut s = at(&r, &[0, 1, 1, 3, 0, 0], 1);
    assert_eq!(play(&r, &mut s, 2).0.captured, 2);
    let mut s = at(&r, &[0, 0, 1, 1, 0, 0], 1);
    assert_eq!(play(&r, &mut s, 3).0.captured, 0);
}

#[test]
fn a_chain_limited_to_the_opponents_pits_stops_at_the_movers_own() {
    // Player 2 plays pit 5 (1 seed) into pit 6: 1 + 1 = 2, its own pit, captured (landing in
    // any pit); the chain goes forward to pit 1 (2, player 1's: taken), pit 2 (4: taken),
    // pit 3 (2: taken), pit 4 (player 2's own: the chain stops, though it holds 2).
    let r = bakuk_with("capture { chain forward while 2 or 4 in the opponent's pits }");
    let mut s = at(&r, &[2, 4, 2, 2, 1, 1], 2);
    let (_, rec) = play(&r, &mut s, 5);
    assert_eq!(captures_1based(&rec), vec![(6, 2), (1, 2), (2, 4), (3, 2)]);
    assert_eq!(s.captured(), &[0, 10]);
}

#[test]
fn no_chain_takes_only_the_landing_pit() {
    let r = bakuk_with("capture { no chain }");
    let mut s = at(&r, &[1, 0, 1, 3, 2, 4], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 4)]);
}

#[test]
fn capture_none_never_captures() {
    let r = bakuk_with("capture { none }");
    let mut s = at(&r, &[1, 0, 1, 3, 2, 4], 1);
    assert_eq!(play(&r, &mut s, 3).0.captured, 0);
    assert_eq!(s.pits(), &[1, 0, 0, 4, 2, 4]);
}

// ---------------------------------------------------------------------------------------------
// Legal moves

#[test]
fn illegal_moves_say_why() {
    let r = bundled("bakuk", None);
    let s = at(&r, &[0, 3, 3, 3, 3, 3], 1);
    assert_eq!(r.check_move(&s, pit(1)), Err(IllegalMove::Empty { pit: 1 }));
    assert_eq!(r.check_move(&s, pit(4)), Err(IllegalMove::NotOwn { pit: 4, owner: 2, mover: 1 }));
    assert_eq!(r.check_move(&s, pit(7)), Err(IllegalMove::NoSuchPit { pit: 7, pits: 6 }));
    assert!(r.check_move(&s, pit(2)).is_ok());
}

#[test]
fn a_pit_needs_the_stated_number_of_seeds() {
    let r = bakuk_with("sowing { a pit needs 3 seeds to be played }");
    let s = at(&r, &[2, 3, 4, 1, 1, 1], 1);
    assert_eq!(r.legal_moves(&s).iter().map(|m| m.pit() + 1).collect::<Vec<_>>(), vec![2, 3]);
}

// ---------------------------------------------------------------------------------------------
// The end

#[test]
fn the_game_ends_when_the_player_to_move_has_no_move() {
    // Pit 3 holds 1: pit 4 makes 2, captured; the board is empty: player 2 cannot move.
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[0, 0, 1, 1, 0, 0], 1);
    play(&r, &mut s, 3);
    assert!(s.is_over());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(s.to_move(), None);
    assert_eq!(s.turn(), 1, "player 2 was left without a move");
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    assert_eq!(
        r.check_move(&s, pit(4)),
        Err(IllegalMove::GameOver { plies: 1, reason: EndReason::NoLegalMove })
    );
}

#[test]
fn bakuk_leftovers_belong_to_nobody_and_equal_scores_draw() {
    // Player 2 plays pit 4 (1 seed) into pit 5: 1, no capture; player 1 has no seeds: over.
    // One seed is left on the board; nobody scores it: 0 to 0, a draw.
    let r = bundled("bakuk", None);
    let mut s = at(&r, &[0, 0, 0, 1, 0, 0], 2);
    play(&r, &mut s, 4);
    assert!(s.is_over());
    assert_eq!(s.pits(), &[0, 0, 0, 0, 1, 0]);
    assert_eq!(&r.scores(&s)[..2], &[0, 0]);
    assert_eq!(r.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn leftovers_go_to_each_pits_owner_or_to_the_last_mover() {
    // With a ply limit of 1, player 1 plays pit 3 and the game ends on [7,7,1,7,7,7]:
    // 15 seeds on player 1's side, 21 on player 2's.
    let owner = bakuk_with("end { leftover seeds: each pit's owner  ply limit 1 }");
    let mut s = owner.initial_state();
    play(&owner, &mut s, 3);
    assert_eq!(s.end(), Some(EndReason::PlyLimit));
    assert_eq!(&owner.scores(&s)[..2], &[15, 21]);
    assert_eq!(owner.outcome(&s), Some(Outcome::Win(1)));

    let last = bakuk_with("end { leftover seeds: the last mover  ply limit 1 }");
    let mut s = last.initial_state();
    play(&last, &mut s, 3);
    assert_eq!(&last.scores(&s)[..2], &[36, 0]);
    assert_eq!(last.outcome(&s), Some(Outcome::Win(0)));

    let nobody = bakuk_with("end { ply limit 1 }");
    let mut s = nobody.initial_state();
    play(&nobody, &mut s, 3);
    assert_eq!(&nobody.scores(&s)[..2], &[0, 0]);
    assert_eq!(nobody.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn leftovers_are_awarded_only_once_the_game_is_over() {
    let r = bakuk_with("end { leftover seeds: each pit's owner }");
    let s = r.initial_state();
    assert_eq!(&r.scores(&s)[..2], &[0, 0]);
    assert_eq!(r.outcome(&s), None);
}

#[test]
fn the_ply_limit_always_ends_the_game() {
    let r = bakuk_with("end { ply limit 3 }");
    let mut s = r.initial_state();
    for pit in [3, 5, 1] {
        assert!(!s.is_over());
        play(&r, &mut s, pit);
    }
    assert_eq!((s.plies(), s.end()), (3, Some(EndReason::PlyLimit)));
    assert!(r.legal_moves(&s).is_empty());
}

#[test]
fn a_player_without_a_move_passes_under_the_pass_rule() {
    // Player 1 plays pit 1 (1 seed) into pit 2: player 2 has no seeds and passes; player 1
    // moves again.
    let r = bakuk_with("end { player to move cannot move: they pass }");
    let mut s = at(&r, &[1, 0, 0, 0, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(rec.passes, vec![1]);
    assert_eq!(s.to_move(), Some(0));
    assert!(!s.is_over());
    // Pit 2 into pit 3, then pit 3 into pit 4: player 2 now has a move.
    play(&r, &mut s, 2);
    play(&r, &mut s, 3);
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn under_the_pass_rule_the_game_ends_when_nobody_can_move() {
    // Pit 3 holds 1: pit 4 makes 2, captured: the board is empty, nobody can move.
    let r = bakuk_with("end { player to move cannot move: they pass }");
    let mut s = at(&r, &[0, 0, 1, 1, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(s.end(), Some(EndReason::NobodyCanMove));
    assert_eq!(rec.passes, vec![1, 0]);
}

// ---------------------------------------------------------------------------------------------
// Three players

#[test]
fn three_player_bakuk_gives_each_player_two_adjacent_pits_and_turns_go_1_2_3() {
    let r = bundled("bakuk", Some("three-player"));
    let mut s = r.initial_state();
    let owners: Vec<usize> = (0..6).map(|p| r.owner(p) + 1).collect();
    assert_eq!(owners, vec![1, 1, 2, 2, 3, 3]);
    assert_eq!(r.legal_moves(&s).iter().map(|m| m.pit() + 1).collect::<Vec<_>>(), vec![1, 2]);

    // Player 1, pit 2 (6): 3 4 5 6 1 2 -> [7,1,7,7,7,7], last makes 1 in pit 2.
    play(&r, &mut s, 2);
    assert_eq!(s.pits(), &[7, 1, 7, 7, 7, 7]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(r.check_move(&s, pit(2)), Err(IllegalMove::NotOwn { pit: 2, owner: 1, mover: 2 }));
    // Player 2, pit 3 (7): 4 5 6 1 2 3 4 -> [8,2,1,9,8,8], last makes 9 in pit 4.
    play(&r, &mut s, 3);
    assert_eq!(s.pits(), &[8, 2, 1, 9, 8, 8]);
    assert_eq!(s.to_move(), Some(2));
    // Player 3, pit 5 (8): 6 1 2 3 4 5 6 1 -> [10,3,2,10,1,10], last makes 10 in pit 1.
    play(&r, &mut s, 5);
    assert_eq!(s.pits(), &[10, 3, 2, 10, 1, 10]);
    assert_eq!(s.to_move(), Some(0));
}

#[test]
fn three_player_capture_and_end() {
    // Player 3 plays pit 6 (1 seed) into pit 1: 1 + 1 = 2, captured; the chain forward takes
    // pit 2 (4); pit 3 is empty. Player 1 then has no seeds: the game ends. Scores 0, 0, 6:
    // player 3 wins; the 3 seeds left (pits 4 and 5) are not scored.
    let r = bundled("bakuk", Some("three-player"));
    let mut s = at(&r, &[1, 4, 0, 2, 1, 1], 3);
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(captures_1based(&rec), vec![(1, 2), (2, 4)]);
    assert!(s.is_over());
    assert_eq!(s.turn(), 0);
    assert_eq!(&r.scores(&s)[..3], &[0, 0, 6]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(2)));
}

// ---------------------------------------------------------------------------------------------
// Seeds are conserved

#[test]
fn seeds_are_conserved_in_every_position_of_random_games() {
    use sow::play::player::game_rng;
    use sow::play::random::RandomPlayer;
    let variants =
        [("bakuk", None), ("bakuk", Some("valdez")), ("bakuk", Some("three-player")), ("koumma", None)];
    for (name, ruleset) in variants {
        let r = bundled(name, ruleset);
        for game in 0..2000 {
            let mut rng = game_rng(7, game);
            let mut s = r.initial_state();
            while !s.is_over() {
                let mv = RandomPlayer::pick(&r, &s, &mut rng).unwrap();
                r.apply(&mut s, mv);
                let board: u32 = s.pits().iter().map(|&x| x as u32).sum();
                let captured: u32 = s.captured().iter().map(|&x| x as u32).sum();
                assert_eq!(board + captured, 36, "{name} {ruleset:?} game {game} ply {}", s.plies());
            }
        }
    }
}

//! Every rule of the language as a hand-worked position: the position, the move, and the
//! board, captures and turn worked out by hand from the rule's wording (in the comments).
//! Pits and players are written 1-based here, as a reader of the rules counts them.

use sow::engine::replay::Record;
use sow::engine::{EndReason, Game, IllegalMove, Move, MoveSummary, Outcome, Rules, State, compile};

fn bundled(name: &str, ruleset: Option<&str>) -> Rules {
    sow::load_rules(name, ruleset).unwrap_or_else(|e| panic!("{e}"))
}

/// A whole variant file, checked and compiled as `sow` does.
fn load(text: &str) -> Rules {
    let file = sow::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
    let (spec, _) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
    compile(&spec)
}

/// A bundled variant (`"Bakuk"`, `"Kalah"`, `"Oware"`) with some rules replaced: a variant file
/// that extends it.
fn extend(base: &str, rules: &str) -> Rules {
    load(&format!("variant \"Test\" extends \"{base}\" {{ source \"test\" {rules} }}"))
}

/// Bakuk with some rules replaced.
fn bakuk_with(rules: &str) -> Rules {
    extend("Bakuk", rules)
}

/// Kalah on 2 x 3 pits, with some rules replaced. Each store lies after its owner's last pit,
/// counter-clockwise; pit 1 faces pit 6, pit 2 pit 5, pit 3 pit 4:
///
///          6   5   4          player 2 (north)
///     S2                S1
///          1   2   3          player 1 (south)
///
/// Player 1 sows 1 2 3 S1 4 5 6 1 ..., player 2 sows 4 5 6 S2 1 2 3 4 ...
fn small_kalah(rules: &str) -> Rules {
    extend("Kalah", &format!("board 2 rows of 3 pits, one store per player {rules}"))
}

/// Oware on 2 x `k` pits, with some rules replaced (its stores are never sown into).
fn small_oware(k: usize, rules: &str) -> Rules {
    extend("Oware", &format!("board 2 rows of {k} pits, one store per player {rules}"))
}

/// The move that sows pit `n` (1-based).
fn pit(n: usize) -> Move {
    Move::from_pit(n - 1).unwrap()
}

/// A position: seeds of pits 1..N and the player (1-based) to move; nothing captured, every
/// store empty.
fn at(rules: &Rules, pits: &[u8], to_move: usize) -> State {
    rules.state_from(pits, to_move - 1).unwrap()
}

/// The legal moves, as pit numbers (1-based).
fn legal(rules: &Rules, state: &State) -> Vec<usize> {
    rules.legal_moves(state).iter().map(|m| m.pit() + 1).collect()
}

/// The places a move sowed, as a reader names them: pit numbers, and `S1`, `S2` for the
/// players' stores.
fn places(rules: &Rules, record: &Record) -> Vec<String> {
    let n = rules.pits();
    record.sown.iter().map(|&p| if p < n { (p + 1).to_string() } else { format!("S{}", p - n + 1) }).collect()
}

fn seeds_in_play(state: &State) -> u32 {
    state.pits().iter().map(|&s| s as u32).sum::<u32>()
        + state.captured().iter().map(|&s| s as u32).sum::<u32>()
}

/// Plays pit (1-based); returns what happened. Every move keeps every seed, and the engine's
/// two ways of sowing agree: seed by seed (for an observer that hears each seed, as here) and
/// a whole hand at once (for one that does not).
fn play(rules: &Rules, state: &mut State, pit: usize) -> (MoveSummary, Record) {
    let before = seeds_in_play(state);
    let mut whole_hand = *state;
    let mut record = Record::default();
    let summary = rules.play(state, self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    assert_eq!(seeds_in_play(state), before, "seeds conserved by pit {pit}");
    assert_eq!(record.sown.len(), summary.lifted as usize, "one sowing step per seed lifted");
    let whole_summary = rules.apply(&mut whole_hand, self::pit(pit));
    assert_eq!((&whole_hand, whole_summary), (&*state, summary), "pit {pit} sown a whole hand at once");
    (summary, record)
}

/// Plays pit (1-based) in a game, which keeps the positions since the last capture for the
/// rule of repetition; returns what it captured.
fn step(game: &mut Game<'_>, pit: usize) -> Vec<(usize, u8)> {
    let mut record = Record::default();
    game.play(self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    captures_1based(&record)
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
// Sowing into stores (`sow into the mover's own store`, `sow into both stores`,
// `sow into no store`). The small Kalah of `small_kalah` is drawn above it.

#[test]
fn sowing_into_the_movers_own_store_skips_the_opponents() {
    // Player 1 plays pit 3 (6 seeds): S1, 4, 5, 6, then past S2 (not theirs) to 1 and 2. Pit 2
    // held 1: the last seed makes 2 there, not an empty pit, so nothing is captured.
    let r = small_kalah("");
    let mut s = at(&r, &[1, 1, 6, 1, 1, 1], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &rec), ["S1", "4", "5", "6", "1", "2"]);
    assert_eq!(s.pits(), &[2, 2, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[1, 0], "one seed in player 1's store, none in player 2's");
    assert_eq!((m.last, m.captured), (1, 0));
    assert_eq!(s.to_move(), Some(1));

    // Player 2 the same way round: pit 6 (6 seeds): S2, 1, 2, 3, past S1, 4, 5.
    let mut s = at(&r, &[1, 1, 1, 1, 1, 6], 2);
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(places(&r, &rec), ["S2", "1", "2", "3", "4", "5"]);
    assert_eq!(s.pits(), &[2, 2, 2, 2, 2, 0]);
    assert_eq!(s.captured(), &[0, 1]);
    assert_eq!(s.to_move(), Some(0));
}

#[test]
fn sowing_into_both_stores_sows_into_the_opponents_store_too() {
    // Pit 3 (6 seeds): S1, 4, 5, 6, S2, 1. The seed in S2 is player 2's. The last seed makes 2
    // in pit 1.
    let r = small_kalah("sowing { sow into both stores }");
    let mut s = at(&r, &[1, 1, 6, 1, 1, 1], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &rec), ["S1", "4", "5", "6", "S2", "1"]);
    assert_eq!(s.pits(), &[2, 1, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[1, 1]);
    assert_eq!(s.to_move(), Some(1));

    // Pit 3 (5 seeds): S1, 4, 5, 6, S2: the last seed is in a store, but not the mover's, so
    // there is no extra turn. (With only the mover's store sown, the same move ends in pit 1.)
    let mut s = at(&r, &[1, 1, 5, 1, 1, 1], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &rec), ["S1", "4", "5", "6", "S2"]);
    assert_eq!(m.last, 6 + 1, "the place of player 2's store");
    assert_eq!(s.pits(), &[1, 1, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[1, 1]);
    assert_eq!(s.to_move(), Some(1), "player 2 moves: the store was not the mover's");
    let own = small_kalah("");
    let mut s = at(&own, &[1, 1, 5, 1, 1, 1], 1);
    let (_, rec) = play(&own, &mut s, 3);
    assert_eq!(places(&own, &rec), ["S1", "4", "5", "6", "1"]);
}

#[test]
fn sowing_into_no_store_sows_pit_to_pit_on_a_board_with_stores() {
    // Oware on 2 x 3 has stores for its captures. Pit 3 (4 seeds): 4, 5, 6, then straight on
    // to 1, past both stores. The last seed makes 2 in pit 1, the mover's own: no capture.
    // Saying `sow into no store` is saying what Oware already does.
    for r in [small_oware(3, "sowing { sow into no store }"), small_oware(3, "")] {
        let mut s = at(&r, &[1, 1, 4, 1, 1, 1], 1);
        let (_, rec) = play(&r, &mut s, 3);
        assert_eq!(places(&r, &rec), ["4", "5", "6", "1"]);
        assert_eq!(s.pits(), &[2, 1, 0, 2, 2, 2]);
        assert_eq!(s.captured(), &[0, 0]);
        assert_eq!(s.to_move(), Some(1));
    }
}

#[test]
fn a_store_comes_after_the_last_pit_in_the_sowing_direction() {
    // Sowing clockwise, player 1's pits are passed 3, 2, 1, so their store lies after pit 1
    // (at the left-hand end) and the sowing goes on to pit 6. Pit 2 (3 seeds): 1, S1, 6.
    let r = small_kalah("sowing { clockwise }");
    let mut s = at(&r, &[1, 3, 0, 1, 1, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(places(&r, &rec), ["1", "S1", "6"]);
    assert_eq!(s.pits(), &[2, 0, 0, 1, 1, 2]);
    assert_eq!(s.captured(), &[1, 0]);
    // Player 2's pits are passed 6, 5, 4: their store lies after pit 4. Pit 5 (3): 4, S2, 3.
    let mut s = at(&r, &[1, 1, 1, 0, 3, 1], 2);
    let (_, rec) = play(&r, &mut s, 5);
    assert_eq!(places(&r, &rec), ["4", "S2", "3"]);
    assert_eq!(s.pits(), &[1, 1, 2, 1, 0, 1]);
    assert_eq!(s.captured(), &[0, 1]);
}

// ---------------------------------------------------------------------------------------------
// Turns: `last seed in the mover's own store: they move again`

#[test]
fn the_last_seed_in_the_movers_own_store_gives_another_turn() {
    // Pit 3 (1 seed) goes into S1: player 1 moves again.
    let r = small_kalah("");
    let mut s = at(&r, &[1, 1, 1, 1, 1, 1], 1);
    let (m, _) = play(&r, &mut s, 3);
    assert_eq!(m.last, 6, "the place of player 1's store, numbered after the 6 pits");
    assert_eq!(s.pits(), &[1, 1, 0, 1, 1, 1]);
    assert_eq!(s.captured(), &[1, 0]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(s.last_mover(), Some(0));
    assert_eq!(legal(&r, &s), vec![1, 2]);
    // The second move: pit 2 (1 seed) into pit 3, empty; pit 4, facing it, holds 1: both are
    // taken into S1 (1 + 1 + 1 = 3), and the turn passes.
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(captures_1based(&rec), vec![(3, 1), (4, 1)]);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 1]);
    assert_eq!(s.captured(), &[3, 0]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(s.plies(), 2);
}

#[test]
fn an_extra_turn_that_empties_the_movers_pits_ends_the_game() {
    // Pit 3 (1 seed) into S1 would give player 1 another turn, but their pits are now all
    // empty: `game over when a player's pits are all empty` ends the game first. Each side's
    // seeds go to its owner: player 1 has 1, player 2 has 1 + 2 = 3.
    let r = small_kalah("");
    let mut s = at(&r, &[0, 0, 1, 1, 2, 0], 1);
    play(&r, &mut s, 3);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(s.to_move(), None);
    assert_eq!(s.turn(), 0, "player 1 had the turn again when the game ended");
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(&r.scores(&s)[..2], &[1, 3]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
    // The `game over when` endings come before the ply limit: ended on both, the game says why
    // by the empty side.
    let r = small_kalah("end { ply limit 1 }");
    let mut s = at(&r, &[0, 0, 1, 1, 2, 0], 1);
    play(&r, &mut s, 3);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
}

#[test]
fn the_game_ends_when_either_players_pits_are_empty_whoever_is_to_move() {
    // Pit 3 (2 seeds): S1, 4. Player 1's pits are empty; player 2, to move, has seeds, but the
    // game is over. Scores: player 1 1; player 2 2 + 1 + 1 = 4.
    let r = small_kalah("");
    let mut s = at(&r, &[0, 0, 2, 1, 1, 1], 1);
    play(&r, &mut s, 3);
    assert_eq!(s.pits(), &[0, 0, 0, 2, 1, 1]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(s.turn(), 1);
    assert_eq!(&r.scores(&s)[..2], &[1, 4]);

    // Pit 1 (1 seed) into pit 2, empty; pit 5 faces it with 3: 1 + 3 go to S1. Player 2's pits
    // are now empty: over by the empty side (not by player 2's want of a move). Player 1 scores
    // 4 and the seed left in pit 3.
    let mut s = at(&r, &[1, 0, 1, 0, 3, 0], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1), (5, 3)]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(&r.scores(&s)[..2], &[5, 0]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

// ---------------------------------------------------------------------------------------------
// Turns: `must feed an opponent who has no seeds` (Oware on 2 x 3: pits 1-3 player 1's,
// 4-6 player 2's; captures of 2 or 3 on the opponent's side)

#[test]
fn must_feed_leaves_only_the_moves_that_give_the_opponent_seeds() {
    // Player 2 has no seeds. Pit 1 (1 seed) stays in player 1's row (into pit 2); pit 3
    // (1 seed) reaches pit 4. Only pit 3 may be played.
    let r = small_oware(3, "");
    let mut s = at(&r, &[1, 0, 1, 0, 0, 0], 1);
    assert_eq!(legal(&r, &s), vec![3]);
    play(&r, &mut s, 3);
    assert_eq!(s.pits(), &[1, 0, 0, 1, 0, 0]);
    assert_eq!(s.to_move(), Some(1));
    // With a seed on player 2's side, both moves may be played.
    let s = at(&r, &[1, 0, 1, 0, 0, 1], 1);
    assert_eq!(legal(&r, &s), vec![1, 3]);
    // The same on the bundled board: of pits 1 and 6, only pit 6 reaches player 2's row.
    let oware = bundled("oware", None);
    let s = at(&oware, &[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], 1);
    assert_eq!(legal(&oware, &s), vec![6]);
}

#[test]
fn a_player_who_cannot_feed_has_no_legal_move() {
    // Pit 1 sows into pit 2 and pit 2 into pit 3: neither reaches player 2. Player 1 has no
    // legal move: `player to move cannot move: game over`. Their 2 seeds are theirs.
    let r = small_oware(3, "");
    let s = at(&r, &[1, 1, 0, 0, 0, 0], 1);
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(s.turn(), 0);
    assert_eq!(&r.scores(&s)[..2], &[2, 0]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

// ---------------------------------------------------------------------------------------------
// Capture: `last seed in an empty pit of the mover's own: take it and the opposite pit`, and
// its other forms (small Kalah: pit 1 faces 6, 2 faces 5, 3 faces 4)

#[test]
fn the_last_seed_in_an_empty_pit_of_the_movers_own_takes_it_and_the_opposite_pit() {
    // Pit 1 (1 seed) into pit 2, which was empty; pit 5 faces it with 4: 1 + 4 go to S1.
    let r = small_kalah("");
    let mut s = at(&r, &[1, 0, 1, 1, 4, 1], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1), (5, 4)]);
    assert_eq!((m.captured, m.captured_pits), (5, 2));
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 1]);
    assert_eq!(s.captured(), &[5, 0]);
    assert_eq!(s.to_move(), Some(1), "a capture gives no extra turn");
}

#[test]
fn nothing_is_taken_when_the_opposite_pit_is_empty() {
    // As above, but pit 5 is empty: the last seed stays in pit 2.
    let r = small_kalah("");
    let mut s = at(&r, &[1, 0, 1, 1, 0, 1], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(m.captured, 0);
    assert_eq!(s.pits(), &[0, 1, 1, 1, 0, 1]);
    assert_eq!(s.captured(), &[0, 0]);
}

#[test]
fn even_if_that_is_empty_takes_the_last_seed_alone() {
    let r = small_kalah(
        "capture { last seed in an empty pit of the mover's own: take it and the opposite pit, even if that is empty }",
    );
    // Pit 5 is empty: the last seed alone goes to S1.
    let mut s = at(&r, &[1, 0, 1, 1, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1)]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 1]);
    assert_eq!(s.captured(), &[1, 0]);
    // Pit 5 holds 4: both, as without the words.
    let mut s = at(&r, &[1, 0, 1, 1, 4, 1], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1), (5, 4)]);

    // The bundled Kalah ruleset: pit 1 (1 seed) into pit 2; pit 11 faces it and is empty.
    let position = [1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1];
    let r = bundled("kalah", Some("empty-capture"));
    let mut s = at(&r, &position, 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1)]);
    assert_eq!(s.captured(), &[1, 0]);
    let r = bundled("kalah", None);
    let mut s = at(&r, &position, 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1]);
}

#[test]
fn take_the_opposite_pit_leaves_the_last_seed_where_it_fell() {
    let r = small_kalah("capture { last seed in an empty pit of the mover's own: take the opposite pit }");
    // Pit 1 (1 seed) into pit 2, empty: pit 5's 4 seeds are taken, the last seed stays.
    let mut s = at(&r, &[1, 0, 1, 1, 4, 1], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(5, 4)]);
    assert_eq!((m.captured, m.captured_pits), (4, 1));
    assert_eq!(s.pits(), &[0, 1, 1, 1, 0, 1]);
    assert_eq!(s.captured(), &[4, 0]);
    // With pit 5 empty there is nothing to take.
    let mut s = at(&r, &[1, 0, 1, 1, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 1, 1, 0, 1]);
}

#[test]
fn in_any_empty_pit_captures_in_the_opponents_row_too() {
    // Pit 2 (3 seeds): 3, S1, 4. Pit 4, player 2's, was empty; pit 3 faces it with 1 + 1 = 2.
    // In any empty pit: 1 + 2 go to S1, which already has the sown seed: 4.
    let r = small_kalah("capture { last seed in any empty pit: take it and the opposite pit }");
    let mut s = at(&r, &[1, 3, 1, 0, 1, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(places(&r, &rec), ["3", "S1", "4"]);
    assert_eq!(captures_1based(&rec), vec![(4, 1), (3, 2)]);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 1]);
    assert_eq!(s.captured(), &[4, 0]);
    // In the mover's own empty pits only (Kalah), the same move takes nothing.
    let r = small_kalah("");
    let mut s = at(&r, &[1, 3, 1, 0, 1, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[1, 0, 2, 1, 1, 1]);
    assert_eq!(s.captured(), &[1, 0]);
}

#[test]
fn an_empty_pit_is_one_that_held_nothing_when_the_last_seed_fell() {
    // Pit 1 (7 seeds): 2, 3, S1, 4, 5, 6 and back into pit 1, emptied when its seeds were
    // lifted: the last seed is in an empty pit, and pit 6 faces it with 1 + 1 = 2.
    let r = small_kalah("");
    let mut s = at(&r, &[7, 0, 0, 0, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(places(&r, &rec), ["2", "3", "S1", "4", "5", "6", "1"]);
    assert_eq!(captures_1based(&rec), vec![(1, 1), (6, 2)]);
    assert_eq!(s.pits(), &[0, 1, 1, 1, 1, 0]);
    assert_eq!(s.captured(), &[4, 0]);
    // Pit 1 (8 seeds): the lap goes on to pit 2, which was empty before the move but got the
    // first seed: the last makes 2 there, and takes nothing.
    let mut s = at(&r, &[8, 0, 0, 1, 1, 1], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(places(&r, &rec), ["2", "3", "S1", "4", "5", "6", "1", "2"]);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[1, 2, 1, 2, 2, 2]);
}

#[test]
fn the_landing_capture_is_tried_before_the_opposite_one() {
    // Bakuk (no stores) with both captures: the last seed making 1 or 2 takes the pit, and the
    // last seed in an empty pit of the mover's own takes it and the pit facing it. Pit 1
    // (1 seed) into pit 2, empty: it makes 1, so the first rule takes pit 2 alone, and the
    // second, which would have taken pit 5 (3) too, is not tried. The order the lines are
    // written in does not matter.
    let landing = "last seed makes 1 or 2 in any pit: take them  no chain";
    let opposite = "last seed in an empty pit of the mover's own: take it and the opposite pit";
    for rules in
        [format!("capture {{ {landing} {opposite} }}"), format!("capture {{ {opposite} {landing} }}")]
    {
        let r = bakuk_with(&rules);
        let mut s = at(&r, &[1, 0, 0, 3, 3, 3], 1);
        let (_, rec) = play(&r, &mut s, 1);
        assert_eq!(captures_1based(&rec), vec![(2, 1)], "{rules}");
        assert_eq!(s.pits(), &[0, 0, 0, 3, 3, 3]);
        assert_eq!(s.captured(), &[1, 0]);
    }
    // With Bakuk's own `last seed makes 2 or 4`, a last seed making 1 takes nothing by the
    // first rule, and the second is tried: pit 2 and pit 5.
    let r = bakuk_with(&format!("capture {{ {opposite} }}"));
    let mut s = at(&r, &[1, 0, 0, 3, 3, 3], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1), (5, 3)]);
    assert_eq!(s.pits(), &[0, 0, 0, 3, 0, 3]);
    assert_eq!(s.captured(), &[4, 0]);
}

// ---------------------------------------------------------------------------------------------
// Capture: `grand slam: take them | no capture | not allowed`. In Bakuk, pit 3 (1 seed) into
// pit 4 makes 2; the chain forward takes pit 5 (2) and pit 6 (4) and stops at pit 1 (empty):
// every seed of player 2 would be taken, a grand slam. Pit 2 (1 seed) into pit 3 makes 2, and
// the chain stops at pit 4 (1): an ordinary capture.

const SLAM: [u8; 6] = [0, 1, 1, 1, 2, 4];

#[test]
fn a_grand_slam_takes_them_by_default_and_under_take_them() {
    for r in [bundled("bakuk", None), bakuk_with("capture { grand slam: take them }")] {
        let mut s = at(&r, &SLAM, 1);
        assert_eq!(legal(&r, &s), vec![2, 3]);
        let (m, rec) = play(&r, &mut s, 3);
        assert_eq!(captures_1based(&rec), vec![(4, 2), (5, 2), (6, 4)]);
        assert!(!m.grand_slam);
        assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 0]);
        assert_eq!(s.captured(), &[8, 0]);
        // Player 2 is left without a seed, and so without a move.
        assert_eq!(s.end(), Some(EndReason::NoLegalMove));
        assert_eq!(s.turn(), 1);
        assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    }
}

#[test]
fn a_grand_slam_under_no_capture_is_played_and_takes_nothing() {
    let r = bakuk_with("capture { grand slam: no capture }");
    let mut s = at(&r, &SLAM, 1);
    assert_eq!(legal(&r, &s), vec![2, 3]);
    let (m, rec) = play(&r, &mut s, 3);
    assert!(rec.captures.is_empty());
    assert!(m.grand_slam);
    assert_eq!((m.captured, m.captured_pits), (0, 0));
    assert_eq!(s.pits(), &[0, 1, 0, 2, 2, 4]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), vec![4, 5, 6]);
    // A capture that leaves player 2 a seed is made as usual.
    let mut s = at(&r, &SLAM, 1);
    let (m, rec) = play(&r, &mut s, 2);
    assert_eq!(captures_1based(&rec), vec![(3, 2)]);
    assert!(!m.grand_slam);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 2, 4]);
}

#[test]
fn a_grand_slam_under_not_allowed_is_not_a_legal_move() {
    let r = bakuk_with("capture { grand slam: not allowed }");
    let s = at(&r, &SLAM, 1);
    assert_eq!(legal(&r, &s), vec![2], "pit 3 would take every seed of player 2");
    // When the grand slam is the only move, the player has no legal move: here the game ends
    // (`player to move cannot move: game over`), nothing captured: a draw.
    let s = at(&r, &[0, 0, 1, 1, 2, 4], 1);
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!((s.turn(), s.plies()), (0, 0));
    assert_eq!(r.outcome(&s), Some(Outcome::Draw));
    // Under `they pass`, player 1 passes and player 2 moves.
    let r = bakuk_with("capture { grand slam: not allowed } end { player to move cannot move: they pass }");
    let s = at(&r, &[0, 0, 1, 1, 2, 4], 1);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), vec![4, 5, 6]);
}

#[test]
fn a_move_left_out_of_the_legal_moves_cannot_be_played() {
    // The grammar: `not allowed` makes a grand slam illegal; a player who must feed may play
    // only a move that feeds. Rules::play and Game::play check that, and leave the position
    // as it was.
    let r = bakuk_with("capture { grand slam: not allowed }");
    let mut s = at(&r, &SLAM, 1);
    assert!(!r.legal_moves(&s).contains(pit(3)));
    assert_eq!(r.check_move(&s, pit(3)), Err(IllegalMove::GrandSlam { pit: 3 }));
    let before = s;
    assert_eq!(r.play(&mut s, pit(3), &mut ()), Err(IllegalMove::GrandSlam { pit: 3 }));
    assert_eq!(s, before);

    let r = small_oware(3, "");
    let s = at(&r, &[1, 0, 1, 0, 0, 0], 1);
    assert!(!r.legal_moves(&s).contains(pit(1)));
    assert_eq!(r.check_move(&s, pit(1)), Err(IllegalMove::DoesNotFeed { pit: 1 }));
    let mut game = Game::new(&r, s);
    assert_eq!(game.play(pit(1), &mut ()), Err(IllegalMove::DoesNotFeed { pit: 1 }));
    assert_eq!(*game.state(), s);
    // A player left with no legal move cannot move at all: the game is over.
    let s = at(&r, &[1, 1, 0, 0, 0, 0], 1);
    assert!(matches!(r.check_move(&s, pit(1)), Err(IllegalMove::GameOver { plies: 0, .. })));
}

#[test]
fn a_forbidden_grand_slam_that_feeds_is_refused_as_a_grand_slam() {
    // Oware on 2 x 3, player 2 without seeds, grand slams not allowed. Pit 3 (8 seeds) sows
    // 4 5 6 1 2 4 5 6 and feeds player 2 with 2 in each pit, but its capture (pit 6, then 5
    // and 4 by the chain) would take all six: it is refused as a grand slam. Pit 2 (2 seeds)
    // sows 3, 4 and feeds: the legal move. Reproducer:
    // `sow play FILE --position 0,2,8,0,0,0 --moves 3`, FILE extending Oware with
    // `board 2 rows of 3 pits, one store per player  capture { grand slam: not allowed }`,
    // says "pit 3 leaves the opponent without seeds".
    let r = small_oware(3, "capture { grand slam: not allowed }");
    let s = at(&r, &[0, 2, 8, 0, 0, 0], 1);
    assert_eq!(legal(&r, &s), vec![2]);
    assert_eq!(r.check_move(&s, pit(3)), Err(IllegalMove::GrandSlam { pit: 3 }));
}

#[test]
fn a_grand_slam_can_be_an_opposite_capture() {
    // Pit 1 (1 seed) into pit 2, empty; pit 5 faces it with 3, all of player 2's seeds: a grand
    // slam, which takes nothing under `no capture`. (Kalah takes them and the game ends: see
    // the_game_ends_when_either_players_pits_are_empty_whoever_is_to_move.)
    let r = small_kalah("capture { grand slam: no capture }");
    let mut s = at(&r, &[1, 0, 1, 0, 3, 0], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty());
    assert!(m.grand_slam);
    assert_eq!(s.pits(), &[0, 1, 1, 0, 3, 0]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn feeding_and_the_grand_slam_in_oware_under_the_three_readings() {
    // Oware on 2 x 3, player 2 without seeds. Pit 3 (8 seeds), its pit skipped on the lap:
    // 4 5 6 1 2 4 5 6, leaving 2 in each of pits 4-6. The last makes 2 in pit 6; the chain
    // backward takes pits 5 and 4 (2 each) and stops at pit 3, player 1's: all six seeds of
    // player 2, a grand slam. Pit 1 (1 seed) goes into pit 2 and does not feed.
    let position = [1, 0, 8, 0, 0, 0];

    // No capture (Oware): the move feeds player 2 and takes nothing.
    let r = small_oware(3, "");
    let mut s = at(&r, &position, 1);
    assert_eq!(legal(&r, &s), vec![3]);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &rec), ["4", "5", "6", "1", "2", "4", "5", "6"]);
    assert!(rec.captures.is_empty() && m.grand_slam);
    assert_eq!(s.pits(), &[2, 1, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(s.to_move(), Some(1));

    // Take them: feeding is judged after the captures, and the move leaves player 2 with
    // nothing; neither move feeds, so player 1 has no legal move. Each side's seeds are its
    // owner's: 9 to 0.
    let r = small_oware(3, "capture { grand slam: take them }");
    let s = at(&r, &position, 1);
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&r.scores(&s)[..2], &[9, 0]);

    // Not allowed: the grand slam is not a legal move, and pit 1 does not feed: no legal move.
    let r = small_oware(3, "capture { grand slam: not allowed }");
    let s = at(&r, &position, 1);
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
}

#[test]
fn oware_grand_slam_is_played_without_capture_and_forbidden_in_its_ruleset() {
    // Pit 6 (2 seeds) into pits 7 and 8, making 2 in each: pit 8, then pit 7 by the chain,
    // would be all of player 2's seeds. Pit 1 (1 seed) into pit 2 is the other move.
    let position = [1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0];
    let r = bundled("oware", None);
    let mut s = at(&r, &position, 1);
    assert_eq!(legal(&r, &s), vec![1, 6]);
    let (m, rec) = play(&r, &mut s, 6);
    assert!(rec.captures.is_empty() && m.grand_slam);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0]);
    let r = bundled("oware", Some("grand-slam-forbidden"));
    let s = at(&r, &position, 1);
    assert_eq!(legal(&r, &s), vec![1]);
}

// ---------------------------------------------------------------------------------------------
// The end: `game over when a player has captured more than half the seeds` (Oware on 2 x 3)

#[test]
fn the_game_ends_when_a_player_has_captured_more_than_half_the_seeds() {
    // 3 seeds in play. Pit 3 (1 seed) makes 2 in pit 4: captured (the chain backward stops at
    // pit 3, player 1's); pit 6 keeps player 2's last seed, so it is no grand slam. 2 of 3 is
    // more than half: over. Pit 6's seed is player 2's: 2 to 1.
    let r = small_oware(3, "");
    let mut s = at(&r, &[0, 0, 1, 1, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 1]);
    assert_eq!(s.end(), Some(EndReason::Majority));
    assert_eq!(s.turn(), 1);
    assert_eq!(&r.scores(&s)[..2], &[2, 1]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));

    // 4 seeds in play: the same capture is exactly half, held by one player only: the game
    // goes on. Player 2 must feed: pit 6 (2 seeds) into pits 1 and 2.
    let mut s = at(&r, &[0, 0, 1, 1, 0, 2], 1);
    play(&r, &mut s, 3);
    assert_eq!(s.captured(), &[2, 0]);
    assert!(!s.is_over());
    assert_eq!(legal(&r, &s), vec![6]);
}

#[test]
fn the_game_ends_when_both_players_have_captured_exactly_half() {
    // 4 seeds in play, grand slams taken. Player 1: pit 3 into pit 4, making 2: captured
    // (exactly half, alone: the game goes on). Player 2: pit 6 (1 seed) into pit 1, making 2:
    // captured, the chain backward stopping at pit 6, player 2's own. The board is empty, 2
    // each: over, a draw.
    let r = small_oware(3, "capture { grand slam: take them }");
    let mut s = at(&r, &[1, 0, 1, 1, 0, 1], 1);
    play(&r, &mut s, 3);
    assert_eq!((s.pits(), s.captured()), (&[1, 0, 0, 0, 0, 1][..], &[2, 0][..]));
    assert!(!s.is_over());
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(captures_1based(&rec), vec![(1, 2)]);
    assert_eq!(s.pits(), &[0; 6]);
    assert_eq!(s.captured(), &[2, 2]);
    assert_eq!(s.end(), Some(EndReason::Majority));
    assert_eq!(r.outcome(&s), Some(Outcome::Draw));

    // In Oware itself the second capture is a grand slam (it takes player 1's last seeds) and
    // takes nothing: pit 1 holds 2, captures stay 2 to 0. Player 1 must feed, but pit 1 sows
    // into pits 2 and 3: no legal move. Pit 1's 2 seeds are player 1's: 4 to 0.
    let r = small_oware(3, "");
    let mut s = at(&r, &[1, 0, 1, 1, 0, 1], 1);
    play(&r, &mut s, 3);
    let (m, _) = play(&r, &mut s, 6);
    assert!(m.grand_slam);
    assert_eq!(s.pits(), &[2, 0, 0, 0, 0, 0]);
    assert_eq!(s.captured(), &[2, 0]);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&r.scores(&s)[..2], &[4, 0]);
}

// ---------------------------------------------------------------------------------------------
// The end: `game over when a position repeats since the last capture` (Oware on 2 x 2: pits
// 1 2 player 1's, 3 4 player 2's). A position is every pit and store and the player to move;
// only a game played with `Game` keeps the positions it went through.

#[test]
fn the_game_ends_when_a_position_repeats() {
    // From [1,0,1,0], player 1 to move, every move is forced: 1 -> [0,1,1,0]; 3 -> [0,1,0,1];
    // 2 -> [0,0,1,1] (into pit 3, making 1: no capture), and player 1 has no seeds, so player
    // 2 must feed: only pit 4 -> [1,0,1,0], player 1 to move: the start again. Over after 4
    // plies; each side's seed is its owner's: a draw.
    let r = small_oware(2, "");
    let start = at(&r, &[1, 0, 1, 0], 1);
    let mut game = Game::new(&r, start);
    let mut boards = Vec::new();
    for pit in [1, 3, 2] {
        assert_eq!(legal(&r, game.state()), vec![pit]);
        assert!(step(&mut game, pit).is_empty());
        boards.push(game.state().pits().to_vec());
    }
    assert_eq!(boards, [[0, 1, 1, 0], [0, 1, 0, 1], [0, 0, 1, 1]]);
    assert_eq!(legal(&r, game.state()), vec![4], "player 2 must feed");
    step(&mut game, 4);
    let s = game.state();
    assert_eq!(s.pits(), &[1, 0, 1, 0]);
    assert_eq!((s.end(), s.plies(), s.turn()), (Some(EndReason::Repetition), 4, 0));
    assert_eq!(r.outcome(s), Some(Outcome::Draw));

    // Rules::play does not know the positions before: the same moves leave the game going on.
    let mut s = start;
    for pit in [1, 3, 2, 4] {
        play(&r, &mut s, pit);
    }
    assert_eq!((s.pits(), s.is_over()), (&[1, 0, 1, 0][..], false));
}

#[test]
fn repetition_counts_the_positions_from_the_last_capture_on() {
    // Player 2 plays pit 4 (2 seeds): 1, 2; pit 2 makes 2: captured (the chain backward stops
    // at pit 1, which holds 1). Player 1 keeps a seed in pit 1: no grand slam; 2 of 4 seeds is
    // not more than half. The capture leaves [1,0,1,0], player 1 to move, and the forced cycle
    // of the test above comes back to it 4 plies later: that position, the one the capture
    // left, counts as seen, and the game ends on ply 5. (Captured seeds are part of a position,
    // so no position before a capture can come back after it.)
    let r = small_oware(2, "");
    let mut game = Game::new(&r, at(&r, &[0, 1, 1, 2], 2));
    assert_eq!(step(&mut game, 4), vec![(2, 2)]);
    assert_eq!((game.state().pits(), game.state().captured()), (&[1, 0, 1, 0][..], &[0, 2][..]));
    for pit in [1, 3, 2] {
        step(&mut game, pit);
        assert!(!game.state().is_over());
    }
    step(&mut game, 4);
    let s = game.state();
    assert_eq!((s.pits(), s.captured()), (&[1, 0, 1, 0][..], &[0, 2][..]));
    assert_eq!((s.end(), s.plies()), (Some(EndReason::Repetition), 5));
    assert_eq!(&r.scores(s)[..2], &[1, 3]);
}

// ---------------------------------------------------------------------------------------------
// Seeds are conserved

#[test]
fn seeds_are_conserved_in_every_position_of_random_games() {
    use sow::play::player::game_rng;
    use sow::play::random::RandomPlayer;
    // Stores count as captured: a seed sown into a store is one captured. Games are played
    // with `Game`, which keeps the positions the rule of repetition needs.
    let variants = [
        ("bakuk", None),
        ("bakuk", Some("valdez")),
        ("bakuk", Some("three-player")),
        ("koumma", None),
        ("kalah", None),
        ("kalah", Some("empty-capture")),
        ("oware", None),
        ("oware", Some("grand-slam-forbidden")),
    ];
    for (name, ruleset) in variants {
        let r = bundled(name, ruleset);
        let total = r.total_seeds();
        for game in 0..2000 {
            let mut rng = game_rng(7, game);
            let mut g = Game::new(&r, r.initial_state());
            while !g.state().is_over() {
                let mv = RandomPlayer::pick(&r, g.state(), &mut rng).unwrap();
                g.apply(mv);
                let s = g.state();
                let board: u32 = s.pits().iter().map(|&x| x as u32).sum();
                let captured: u32 = s.captured().iter().map(|&x| x as u32).sum();
                assert_eq!(board + captured, total, "{name} {ruleset:?} game {game} ply {}", s.plies());
            }
        }
    }
}

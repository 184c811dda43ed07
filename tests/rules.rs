//! Every rule of the language as a hand-worked position: the position, the move, and the
//! board, captures and turn worked out by hand from the rule's wording (in the comments).
//! Pits and players are written 1-based here, as a reader of the rules counts them.

use sow::engine::replay::Record;
use sow::engine::{
    Drawn, EndReason, Game, IllegalMove, Move, MoveSummary, Outcome, Rules, State, Step, compile,
};

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

/// Seeds on the board, captured, taken out of play, or in a paused sowing's hand: constant
/// through a game.
fn seeds_in_play(state: &State) -> u32 {
    state.pits().iter().map(|&s| s as u32).sum::<u32>()
        + state.captured().iter().map(|&s| s as u32).sum::<u32>()
        + state.removed()
        + state.in_hand()
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

// ---------------------------------------------------------------------------------------------
// Relay sowing: `relay when the last seed falls into an occupied pit` (Ayoayo) and `relay when
// the last seed makes N WHERE` (Leb Bbut Ahbochen). A lap's last seed that meets the condition
// lifts that pit's seeds, the last seed with them, and sows them on as a new lap; the move's
// captures are judged where the last lap ends. Ayoayo's board (2 x 6, stores that only keep
// captures; pit 1 faces pit 12, pit 4 faces pit 9):
//
//          12  11  10   9   8   7          player 2 (north)
//           1   2   3   4   5   6          player 1 (south)

/// Sees how many laps a move made: one, and one more for each relay. It does not hear the
/// seeds, so the engine may sow each hand at once.
struct Laps(u32);

impl sow::engine::Observer for Laps {
    const HEARS_SEEDS: bool = false;
    fn relay(&mut self, _pit: usize, _seeds: u8) {
        self.0 += 1;
    }
}

/// Plays `mv` as [`play`] does, for moves that may relay: the seeds sown are those lifted from
/// the pit and from each relay pit. Seeds are conserved, and sowing seed by seed (a `Record`)
/// and a whole hand at once (a `Laps`) agree, laps included.
fn play_move(rules: &Rules, state: &mut State, mv: Move) -> (MoveSummary, Record) {
    let before = seeds_in_play(state);
    let mut whole_hand = *state;
    let mut record = Record::default();
    let summary = rules.play(state, mv, &mut record).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(seeds_in_play(state), before, "seeds conserved by {mv}");
    let relayed: usize = record.relays.iter().map(|&(_, _, seeds)| seeds as usize).sum();
    assert_eq!(record.sown.len(), summary.lifted as usize + relayed, "one sowing step per seed lifted");
    let mut laps = Laps(1);
    let whole_summary = rules.apply_observed(&mut whole_hand, rules.resolve(mv).unwrap(), &mut laps);
    assert_eq!((&whole_hand, whole_summary), (&*state, summary), "{mv} sown a whole hand at once");
    assert_eq!(laps.0 as usize, record.relays.len() + 1, "{mv}: laps seen with and without the seeds");
    (summary, record)
}

/// Each relay of a move: the pit (1-based) and the seeds lifted from it.
fn relays_1based(record: &Record) -> Vec<(usize, u8)> {
    record.relays.iter().map(|&(_, p, seeds)| (p + 1, seeds)).collect()
}

/// A move in words, as `sow play` prints it.
fn described(rules: &Rules, start: State, moves: &[Move]) -> Vec<String> {
    let steps = sow::engine::replay::replay(rules, start, moves).unwrap_or_else(|e| panic!("{e}"));
    steps.iter().map(sow::engine::replay::describe_step).collect()
}

#[test]
fn ayoayo_relays_from_each_occupied_pit_the_last_seed_falls_into() {
    // Pit 1 (2 seeds): 2, 3. Pit 3 held 1: the last seed makes 2 there, lifted and sown on:
    // 4, 5. Pit 5 held 2: 3 lifted, sown 6, 7, 8. Pit 8 was empty: the move ends there, three
    // laps. Pit 8 is player 2's: Ayoayo captures only in an empty pit of the mover's own.
    // (Player 2's seed in pit 9 spares player 1 the rule of feeding.)
    let r = bundled("ayoayo", None);
    let start = at(&r, &[2, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0, 0], 1);
    let mut s = start;
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert_eq!(pits_1based(&rec), vec![2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(relays_1based(&rec), vec![(3, 2), (5, 3)]);
    assert_eq!((m.lifted, m.last + 1, m.captured), (2, 8, 0));
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(
        described(&r, start, &[pit(1)]),
        ["ply 1: player 1 plays pit 1 (2 seeds): sows 2 3, lifts 2 from pit 3 and sows 4 5, lifts 3 from \
          pit 5 and sows 6 7 8; last seed in pit 8 (now 1)"]
    );
}

#[test]
fn ayoayo_relay_laps_skip_their_own_emptied_pit_and_the_capture_is_judged_where_the_last_ends() {
    // Pit 1 (3 seeds): 2, 3, 4. Pit 4 held 11, now 12: relayed. That lap of 12 goes round:
    // 5 6 7 8 9 10 11 12 1 2 3, skips pit 4 (the pit it started from, not pit 1, which the
    // move started from and which it sows), and ends in 5. Pit 5 held 9 + 1 = 10 before that
    // last seed: relayed, 11 seeds: 6 7 8 9 10 11 12 1 2 3 4. Pit 4, emptied by the second lap,
    // gets the last seed: it held nothing, so the move ends after three laps. It is player 1's
    // own pit, now 1, and pit 9 faces it with 0 + 1 + 1 = 2: both taken, 3 seeds.
    // Board: pits 6-12 got one seed from each of laps 2 and 3 (2 each, pit 9 then taken),
    // pit 1: 0 + 1 + 1 = 2, pits 2 and 3: 1 + 1 + 1 = 3, pits 4 and 5 empty. (Player 2 had no
    // seeds, and the move feeds them, as it must.)
    let r = bundled("ayoayo", None);
    let start = at(&r, &[3, 0, 0, 11, 9, 0, 0, 0, 0, 0, 0, 0], 1);
    let mut s = start;
    let (m, rec) = play_move(&r, &mut s, pit(1));
    let lap2 = [5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 5];
    let lap3 = [6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4];
    assert_eq!(pits_1based(&rec), [&[2, 3, 4][..], &lap2, &lap3].concat());
    assert_eq!(relays_1based(&rec), vec![(4, 12), (5, 11)]);
    assert_eq!(rec.relays.iter().map(|r| r.0).collect::<Vec<_>>(), vec![3, 15], "seeds sown before each");
    assert_eq!(m.last + 1, 4);
    assert_eq!(captures_1based(&rec), vec![(4, 1), (9, 2)]);
    assert_eq!(s.pits(), &[2, 3, 3, 0, 0, 2, 2, 2, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[3, 0]);
    assert_eq!(
        described(&r, start, &[pit(1)]),
        ["ply 1: player 1 plays pit 1 (3 seeds): sows 2 3 4, lifts 12 from pit 4 and sows 5 6 7 8 9 10 11 \
          12 1 2 3 5, lifts 11 from pit 5 and sows 6 7 8 9 10 11 12 1 2 3 4; last seed in pit 4 (made 1): \
          captures 1 from pit 4 and 2 from pit 9, 3 in all"]
    );
}

#[test]
fn a_relay_lap_drops_its_first_seed_back_into_the_pit_it_lifts() {
    // Bakuk with the first seed into the emptied pit and relays from occupied pits. Pit 1
    // (3 seeds): 1, 2, 3. Pit 3 held 1, now 2: relayed, and the new lap's first seed goes back
    // into pit 3, the pit it lifted (not pit 1): 3, 4. Pit 4 was empty: the move ends. Pit 4
    // makes 1, which Bakuk does not capture.
    let r = bakuk_with(
        "sowing { first seed into the emptied pit  a pit needs 2 seeds to be played \
         relay when the last seed falls into an occupied pit }",
    );
    let mut s = at(&r, &[3, 0, 1, 0, 2, 0], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert_eq!(pits_1based(&rec), vec![1, 2, 3, 3, 4]);
    assert_eq!(relays_1based(&rec), vec![(3, 2)]);
    assert_eq!((m.last + 1, m.captured), (4, 0));
    assert_eq!(s.pits(), &[1, 1, 1, 1, 2, 0]);
}

#[test]
fn leb_bbut_ahbochen_relays_from_an_opponents_pit_of_six_and_captures_where_the_last_lap_ends() {
    // 2 x 4: pits 1-4 player 1's, 5-8 player 2's. Pit 4 (4 seeds): 5, 6, 7, 8. Pit 8, player
    // 2's, held 6 and makes 7: relayed, 7 seeds: 1 2 3 4 5 6 7. Pit 7 now holds 2 + 1 + 1 = 4,
    // not 7: the move ends. The capture is judged there: 4 in an opponent's pit, taken; the
    // chain backward (clockwise, against the sowing) takes pit 6 (0 + 1 + 1 = 2) and stops at
    // pit 5 (1 + 1 + 1 = 3). Pit 8, where the first lap ended, is not looked at (now empty).
    let r = bundled("leb-bbut-ahbochen", Some("2x4"));
    let start = at(&r, &[0, 0, 0, 4, 1, 0, 2, 6], 1);
    let mut s = start;
    let (m, rec) = play_move(&r, &mut s, pit(4));
    assert_eq!(pits_1based(&rec), vec![5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(relays_1based(&rec), vec![(8, 7)]);
    assert_eq!(captures_1based(&rec), vec![(7, 4), (6, 2)]);
    assert_eq!((m.last + 1, m.captured, m.captured_pits), (7, 6, 2));
    assert_eq!(s.pits(), &[1, 1, 1, 1, 3, 0, 0, 0]);
    assert_eq!(s.captured(), &[6, 0]);
    assert_eq!(
        described(&r, start, &[pit(4)]),
        ["ply 1: player 1 plays pit 4 (4 seeds): sows 5 6 7 8, lifts 7 from pit 8 and sows 1 2 3 4 5 6 7; \
          last seed in pit 7 (made 4): captures 4 from pit 7 and 2 from pit 6, 6 in all"]
    );

    // The mover's own pit making 7 does not relay: pit 1 (2 seeds): 2, 3; pit 3 makes 7.
    let mut s = at(&r, &[2, 0, 6, 0, 1, 1, 1, 1], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert!(rec.relays.is_empty());
    assert_eq!((m.last + 1, s.pits()), (3, &[0, 1, 7, 0, 1, 1, 1, 1][..]));
    // Nor does an opponent's pit making another count: pit 4 (1 seed) into pit 5, making 8.
    let mut s = at(&r, &[1, 0, 0, 1, 7, 1, 1, 1], 1);
    let (m, rec) = play_move(&r, &mut s, pit(4));
    assert!(rec.relays.is_empty());
    assert_eq!((m.last + 1, s.pits()), (5, &[1, 0, 0, 0, 8, 1, 1, 1][..]));
}

#[test]
fn a_relay_from_an_opponents_pit_follows_the_movers_path_past_the_stores() {
    // Kalah on 2 x 3 (player 1 sows 1 2 3 S1 4 5 6 1 ..., player 2 4 5 6 S2 1 2 3 ...), relaying
    // from an opponent's pit that makes 6. Pit 2 (3 seeds): 3, S1, 4. Pit 4, player 2's, held 5
    // and makes 6: relayed. The lap from player 2's pit is player 1's move: it follows player
    // 1's path, 5, 6, past S2 (not sown) to 1, 2, 3 and S1. The last seed is in the mover's own
    // store: no relay, no capture, and player 1 moves again.
    let r = small_kalah("sowing { relay when the last seed makes 6 in an opponent's pit }");
    let mut s = at(&r, &[1, 3, 0, 5, 0, 0], 1);
    let (m, rec) = play_move(&r, &mut s, pit(2));
    assert_eq!(places(&r, &rec), ["3", "S1", "4", "5", "6", "1", "2", "3", "S1"]);
    assert_eq!(relays_1based(&rec), vec![(4, 6)]);
    assert_eq!(m.last, 6, "player 1's store");
    assert_eq!(s.pits(), &[2, 1, 2, 0, 1, 1]);
    assert_eq!(s.captured(), &[2, 0]);
    assert_eq!(s.to_move(), Some(0));

    // Player 2 the same way round: pit 5 (3 seeds): 6, S2, 1. Pit 1, player 1's, makes 6:
    // relayed along player 2's path, 2, 3, past S1 to 4, 5, 6 and S2.
    let mut s = at(&r, &[5, 0, 0, 1, 3, 0], 2);
    let (m, rec) = play_move(&r, &mut s, pit(5));
    assert_eq!(places(&r, &rec), ["6", "S2", "1", "2", "3", "4", "5", "6", "S2"]);
    assert_eq!(m.last, 7, "player 2's store");
    assert_eq!(s.pits(), &[0, 1, 1, 2, 1, 2]);
    assert_eq!(s.captured(), &[0, 2]);
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn a_last_seed_in_a_store_never_relays() {
    // Kalah on 2 x 3, relaying from occupied pits. Pit 3 (1 seed) into S1: another turn. Pit 2
    // (2 seeds): 3, S1. S1 held a seed, but a store is not a pit: the move ends there, and
    // player 1 moves again. The same with `makes 2 in any pit`: S1 holds 2.
    for relay in ["falls into an occupied pit", "makes 2 in any pit"] {
        let r = small_kalah(&format!("sowing {{ relay when the last seed {relay} }}"));
        let mut s = at(&r, &[0, 2, 1, 1, 1, 1], 1);
        play_move(&r, &mut s, pit(3));
        assert_eq!((s.captured(), s.to_move()), (&[1, 0][..], Some(0)), "{relay}");
        let (m, rec) = play_move(&r, &mut s, pit(2));
        assert_eq!(places(&r, &rec), ["3", "S1"], "{relay}");
        assert!(rec.relays.is_empty(), "{relay}");
        assert_eq!(m.last, 6);
        assert_eq!(s.pits(), &[0, 0, 1, 1, 1, 1]);
        assert_eq!(s.captured(), &[2, 0]);
        assert_eq!(s.to_move(), Some(0), "{relay}: the last seed in the mover's store");
    }
}

#[test]
fn a_relay_that_would_never_end_stops_after_1000_laps() {
    // Bakuk with the first seed into the emptied pit and relays from occupied pits. Pit 1
    // (2 seeds): one back into pit 1, one into pit 2, which held 1: relayed, 2 seeds, one back
    // into pit 2 and one into pit 3, which held 1... Every lap leaves its pit with 1 and the
    // next with 2, and the next lap starts there: lap k starts in pit (k - 1) mod 6 + 1, and
    // the relay would go round for ever. Lap 1000 starts in pit 999 mod 6 + 1 = 4 and ends in
    // pit 5, which then holds 2: the condition holds, but the move ends there all the same,
    // and the capture is judged there: 2 in any pit, taken; the chain forward stops at pit 6
    // (1). 999 relays of 2 seeds, 2000 seeds sown. Player 2's pits then hold 1, 0, 1: no pit
    // of 2 seeds to play, and the game is over.
    let r = bakuk_with(
        "sowing { first seed into the emptied pit  a pit needs 2 seeds to be played \
         relay when the last seed falls into an occupied pit }",
    );
    let mut s = at(&r, &[2, 1, 1, 1, 1, 1], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert_eq!(rec.relays.len() + 1, 1000, "laps");
    assert!(rec.relays.iter().all(|&(_, _, seeds)| seeds == 2));
    assert_eq!(rec.relays[..7].iter().map(|r| r.1 + 1).collect::<Vec<_>>(), [2, 3, 4, 5, 6, 1, 2]);
    assert_eq!(rec.relays.last().map(|r| r.1 + 1), Some(4), "the last relay lifts pit 4");
    assert_eq!(rec.sown.len(), 2000);
    assert_eq!(pits_1based(&rec)[..6], [1, 2, 2, 3, 3, 4]);
    assert_eq!(pits_1based(&rec)[1996..], [3, 4, 4, 5]);
    assert_eq!((m.last + 1, m.lifted), (5, 2));
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.pits(), &[1, 1, 1, 1, 0, 1]);
    assert_eq!(s.captured(), &[2, 0]);
    assert_eq!((s.end(), s.turn()), (Some(EndReason::NoLegalMove), 1));
}

/// Bakuk's relays from occupied pits, written apart from the engine: the laps of `pit`
/// (0-based) from `pits`, with the first seed into the next pit and the emptied pit sown on a
/// lap round; at most `cap` laps. Returns the board after the sowing, where the last seed fell
/// and the laps made, and whether the relay would have gone on.
fn bakuk_relay(pits: &[u8], pit: usize, cap: u32) -> (Vec<u8>, usize, u32, bool) {
    let mut board = pits.to_vec();
    let (mut from, mut laps) = (pit, 0);
    loop {
        laps += 1;
        let mut hand = std::mem::take(&mut board[from]);
        let mut at = from;
        while hand > 0 {
            at = (at + 1) % board.len();
            board[at] += 1;
            hand -= 1;
        }
        let goes_on = board[at] > 1;
        if !goes_on || laps == cap {
            return (board, at, laps, goes_on);
        }
        from = at;
    }
}

#[test]
fn every_relay_of_small_bakuk_positions_ends_by_itself_or_after_exactly_1000_laps() {
    // Every position of up to 8 seeds, each move of player 1, against the relay written above:
    // the same laps (at most 1000), the same last pit, the same board but for the pits the
    // capture took. A relay that would never end makes exactly 1000 laps, and such relays exist
    // here: [0,1,2,0,2,1], pit 3 is one.
    let r = bakuk_with("sowing { relay when the last seed falls into an occupied pit }");
    let (mut moves, mut endless) = (0, 0);
    for t in 1..=8 {
        sow::play::solve::for_each_distribution(6, t, |pits| {
            let s = at(&r, pits, 1);
            for mv in r.legal_moves(&s).iter() {
                let (board, last, laps, goes_on) = bakuk_relay(pits, mv.pit(), 1000);
                let mut after = s;
                let mut record = Record::default();
                let m = r.apply_observed(&mut after, mv, &mut record);
                let mut counted = Laps(1);
                r.apply_observed(&mut s.clone(), mv, &mut counted);
                assert_eq!(record.relays.len() as u32 + 1, laps, "{pits:?} pit {mv}");
                assert_eq!(counted.0, laps, "{pits:?} pit {mv}: laps counted by an observer");
                assert_eq!(m.last, last, "{pits:?} pit {mv}");
                let mut left = board.clone();
                for &(p, seeds) in &record.captures {
                    assert_eq!(left[p], seeds, "{pits:?} pit {mv}: captured pit {}", p + 1);
                    left[p] = 0;
                }
                assert_eq!(after.pits(), &left[..], "{pits:?} pit {mv}");
                assert_eq!(goes_on, laps == 1000, "{pits:?} pit {mv}");
                if goes_on {
                    // Endless indeed: still going after 5000 laps (a few positions of so few
                    // seeds, gone round again and again).
                    assert!(bakuk_relay(pits, mv.pit(), 5000).3, "{pits:?} pit {mv}");
                }
                moves += 1;
                endless += usize::from(goes_on);
            }
        });
    }
    assert!(moves > 3000 && endless > 10, "{moves} moves, {endless} endless");
    let (_, _, laps, goes_on) = bakuk_relay(&[0, 1, 2, 0, 2, 1], 2, 1000);
    assert!(goes_on && laps == 1000);
}

// ---------------------------------------------------------------------------------------------
// Capture: `no capture on the first move of the game` (Modiar) and `no capture in the first N
// moves of the game`. A position given by hand is the start of a game (no plies played).

#[test]
fn modiars_first_move_captures_nothing_and_its_second_captures() {
    // Modiar (2 x 3, first seed into the emptied pit, pits of 2 or more, 2, 4 or 6 captured in
    // any pit, the chain backward). Ply 1: pit 3 (2 seeds): 3, 4. Pit 4 makes 1 + 1 = 2, which
    // would be taken (the chain backward stopping at pit 3, now 1), but this is the game's
    // first move: nothing is taken. Ply 2: pit 6 (2 seeds): 6, 1; pit 1 makes 1 + 1 = 2:
    // taken; backward, pit 6 holds 1: the chain stops. Player 1 keeps pit 3's seed: no grand
    // slam.
    let r = bundled("modiar", None);
    assert_eq!(r.capture_start(), 1);
    let mut s = at(&r, &[1, 0, 2, 1, 0, 2], 1);
    assert_eq!(legal(&r, &s), vec![3]);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![3, 4]);
    assert!(rec.captures.is_empty());
    assert!(!m.grand_slam);
    assert_eq!(s.pits(), &[1, 0, 1, 2, 0, 2]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(s.plies(), 1);
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(captures_1based(&rec), vec![(1, 2)]);
    assert_eq!(s.pits(), &[0, 0, 1, 2, 0, 1]);
    assert_eq!(s.captured(), &[0, 2]);

    // Past the start of the game the same first move captures pit 4.
    let later = r.past_start();
    let mut s = at(&later, &[1, 0, 2, 1, 0, 2], 1);
    let (_, rec) = play(&later, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.pits(), &[1, 0, 1, 0, 0, 2]);
}

#[test]
fn modiars_first_move_may_be_one_that_would_be_a_forbidden_grand_slam() {
    // Pit 3 (2 seeds): 3, 4; pit 4 makes 2, player 2's only seeds: later in a game that would
    // be a grand slam, which Modiar does not allow, and pit 3 is player 1's only pit to play:
    // no legal move. On the first move it captures nothing, so it is no grand slam, and legal.
    let r = bundled("modiar", None);
    let mut s = at(&r, &[0, 0, 2, 1, 0, 0], 1);
    assert_eq!(legal(&r, &s), vec![3]);
    let (m, rec) = play(&r, &mut s, 3);
    assert!(rec.captures.is_empty() && !m.grand_slam);
    assert_eq!(s.pits(), &[0, 0, 1, 2, 0, 0]);
    let later = r.past_start();
    let s = at(&later, &[0, 0, 2, 1, 0, 0], 1);
    assert!(later.legal_moves(&s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
}

#[test]
fn no_capture_in_the_first_two_moves_holds_for_plies_1_and_2_only() {
    // Bakuk from [1,1,1,1,1,1]: ply 1, pit 3 into pit 4, making 2; ply 2, pit 5 into pit 6,
    // making 2; ply 3, pit 1 into pit 2, making 2. Each chain forward stops at once (pit 5
    // holds 1; pit 1 holds 1; pit 3 is empty). Every one of them captures by default; from
    // ply 2 on with `no capture on the first move`; only ply 3 with the first 2 moves.
    //   default: [1,1,0,0,1,1] -> [1,1,0,0,0,0] -> [0,0,0,0,0,0]
    //   first move: [1,1,0,2,1,1] -> [1,1,0,2,0,0] -> [0,0,0,2,0,0]
    //   first 2 moves: [1,1,0,2,1,1] -> [1,1,0,2,0,2] -> [0,0,0,2,0,2]
    let cases: [(&str, u32, [u32; 3], [u8; 6]); 3] = [
        ("", 0, [2, 2, 2], [0, 0, 0, 0, 0, 0]),
        ("capture { no capture on the first move of the game }", 1, [0, 2, 2], [0, 0, 0, 2, 0, 0]),
        ("capture { no capture in the first 2 moves of the game }", 2, [0, 0, 2], [0, 0, 0, 2, 0, 2]),
    ];
    for (rules, start, captured, board) in cases {
        let r = bakuk_with(rules);
        assert_eq!(r.capture_start(), start, "{rules}");
        let mut s = at(&r, &[1; 6], 1);
        let taken: Vec<u32> = [3, 5, 1].iter().map(|&p| play(&r, &mut s, p).0.captured as u32).collect();
        assert_eq!(taken, captured, "{rules}");
        assert_eq!(s.pits(), &board, "{rules}");
    }
    // The count is of plies, both players' moves: `no capture in the first 1 moves` is the
    // first move.
    let one = bakuk_with("capture { no capture in the first 1 moves of the game }");
    assert_eq!(one.capture_start(), 1);
}

#[test]
fn no_capture_on_the_first_move_holds_for_the_opposite_capture_too() {
    // Kalah on 2 x 3: pit 1 (1 seed) into pit 2, empty; pit 5 faces it with 4. On the game's
    // first move nothing is taken; past the start, the same move takes 1 + 4.
    let r = small_kalah("capture { no capture on the first move of the game }");
    let mut s = at(&r, &[1, 0, 1, 1, 4, 1], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty() && !m.grand_slam);
    assert_eq!(s.pits(), &[0, 1, 1, 1, 4, 1]);
    assert_eq!(s.captured(), &[0, 0]);
    let later = r.past_start();
    let mut s = at(&later, &[1, 0, 1, 1, 4, 1], 1);
    let (_, rec) = play(&later, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 1), (5, 4)]);
}

// ---------------------------------------------------------------------------------------------
// Solving a game whose first moves capture nothing. The solution's table knows a position by
// its seeds and player alone, as past the start of a game; the first plies are valued over it.

/// A move of value iteration: its gain, and where it leads (the position and whether the mover
/// moves again) unless the game is over.
type Edge = (i32, Option<(usize, bool)>);

/// Every position of Bakuk-like `rules` (no leftovers scored) of up to `seeds` seeds, past the
/// start of the game and without a ply limit, valued by value iteration: each position's value
/// for its player to move is the best of its moves' gains plus the value of where they lead
/// (negated when the turn passes), from all zeros until nothing changes; a game over is worth
/// its leftovers, here nothing. Independent of the solver's retrograde analysis.
fn value_iteration(rules: &Rules, seeds: usize) -> std::collections::HashMap<(Vec<u8>, usize), i32> {
    let rules = rules.with_ply_limit(None).past_start();
    let mut positions = Vec::new();
    for t in 0..=seeds {
        sow::play::solve::for_each_distribution(rules.pits(), t, |pits| {
            positions.extend((0..2).map(|p| rules.state_from(pits, p).unwrap()));
        });
    }
    let key = |s: &State| (s.pits().to_vec(), s.turn());
    let index: std::collections::HashMap<_, usize> =
        positions.iter().enumerate().map(|(i, s)| (key(s), i)).collect();
    let moves: Vec<Vec<Edge>> = positions
        .iter()
        .map(|s| {
            let Some(mover) = s.to_move() else { return Vec::new() };
            rules
                .legal_moves(s)
                .iter()
                .map(|mv| {
                    let mut child = *s;
                    rules.apply(&mut child, mv);
                    let next = child.to_move().map(|p| (index[&key(&child)], p == mover));
                    (rules.gain(s, &child, mover), next)
                })
                .collect()
        })
        .collect();
    assert!(positions.iter().all(|s| s.is_over() || rules.scores(s)[..2] == [0, 0]));
    let mut values = vec![0i32; positions.len()];
    for sweep in 0.. {
        assert!(sweep < 10_000, "value iteration does not settle");
        let next: Vec<i32> = moves
            .iter()
            .map(|ms| {
                ms.iter()
                    .map(|&(gain, to)| match to {
                        None => gain,
                        Some((c, true)) => gain + values[c],
                        Some((c, false)) => gain - values[c],
                    })
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        if next == values {
            break;
        }
        values = next;
    }
    index.into_iter().map(|(k, i)| (k, values[i])).collect()
}

/// The value of `s` for its player to move: in the first plies, where moves capture nothing,
/// the best of its moves played by `rules`; past them, the value of `table`.
fn opening_value(rules: &Rules, s: &State, table: &std::collections::HashMap<(Vec<u8>, usize), i32>) -> i32 {
    let Some(mover) = s.to_move() else { return 0 };
    if s.plies() >= rules.capture_start() {
        return table[&(s.pits().to_vec(), mover)];
    }
    rules
        .legal_moves(s)
        .iter()
        .map(|mv| {
            let mut child = *s;
            rules.apply(&mut child, mv);
            assert_eq!(child.seeds_on_board(), s.seeds_on_board(), "ply {} captures nothing", s.plies() + 1);
            let gain = rules.gain(s, &child, mover);
            match child.to_move() {
                None => gain,
                Some(p) if p == mover => gain + opening_value(rules, &child, table),
                Some(_) => gain - opening_value(rules, &child, table),
            }
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn a_solved_start_without_first_captures_is_worth_the_best_of_its_first_moves() {
    use sow::cancel::Cancel;
    use sow::play::solve::solve;
    // Bakuk with 3 seeds a pit: each first move captures 4 (pit 1: 2 3 4, pit 4 makes 4; pit 2:
    // 3 4 5; pit 3: 4 5 6), and with best play player 1 wins by 8. Without those captures the
    // start is worth 0, with the first move or the first 2 moves captureless: pits 1 and 2 leave
    // player 2 a position worth 0; pit 3 ([3,3,0,4,4,4]) one worth 8 to them, or 6 when their
    // own move, the second, captures nothing either.
    let plain = bakuk_with("seeds 3 in each pit");
    let table = value_iteration(&plain, 18);
    assert_eq!(table.len(), 2 * 134_596, "every distribution of up to 18 seeds on 6 pits, either player");
    let start = plain.initial_state();
    let solution = solve(&plain, 18, &|_, _| {}, &Cancel::new()).unwrap();
    assert_eq!(solution.value(&plain, &start), Some(8));
    assert_eq!(table[&(vec![3; 6], 0)], 8);
    for (rules, value, first_moves) in [
        ("capture { no capture on the first move of the game }", 0, [0, 0, -8]),
        ("capture { no capture in the first 2 moves of the game }", 0, [0, 0, -6]),
    ] {
        let r = bakuk_with(&format!("seeds 3 in each pit {rules}"));
        let solution = solve(&r, 18, &|_, _| {}, &Cancel::new()).unwrap();
        // The table: every position valued as value iteration values it.
        let past = r.with_ply_limit(None).past_start();
        for ((pits, player), v) in &table {
            let s = past.state_from(pits, *player).unwrap();
            assert_eq!(solution.value(&past, &s), Some(*v), "{rules}: {pits:?} player {}", player + 1);
        }
        // The start: the best of its first moves, which capture nothing, each valued by the
        // table (or, in the first 2 moves, by the second moves over the table).
        let start = r.initial_state();
        let expected = opening_value(&r, &start, &table);
        assert_eq!(expected, value, "{rules}");
        assert_eq!(solution.value(&r, &start), Some(value), "{rules}");
        let children: Vec<i32> = r
            .legal_moves(&start)
            .iter()
            .map(|mv| {
                let mut child = start;
                r.apply(&mut child, mv);
                assert_eq!(child.seeds_on_board(), 18);
                assert_eq!(child.to_move(), Some(1));
                -solution.value(&r, &child).unwrap()
            })
            .collect();
        assert_eq!(children, first_moves, "{rules}");
        assert_eq!(children.iter().max(), Some(&value), "{rules}");
        let values: Vec<i32> = solution.move_values(&r, &start).iter().map(|m| m.value).collect();
        assert_eq!(values, children, "{rules}");
    }
}

// ---------------------------------------------------------------------------------------------
// Directions by pit: `direction by pit, from each player's seat { ... }` (Um el Tuweisat:
// the leftmost pit clockwise, the centre pit either way, the rightmost pit counter-clockwise).
// A player's leftmost pit is the one at their left hand: pit 1 for player 1, and pit 4 for
// player 2, who sits at the north row facing player 1:
//
//           6   5   4          player 2 (north): 4 their leftmost, 6 their rightmost
//           1   2   3          player 1 (south): 1 their leftmost, 3 their rightmost
//
// Clockwise goes down the numbers (3 2 1 6 5 4 3 ...). A pit that sows either way makes two
// moves, `Move::new(pit, Clockwise)` and `Move::new(pit, CounterClockwise)` (`2cw`, `2ccw`).

use sow::engine::MoveDirection;
use sow::engine::notation::{parse_move, parse_moves};

/// The move that sows pit `n` (1-based) clockwise, or counter-clockwise.
fn cw(n: usize) -> Move {
    Move::new(n - 1, MoveDirection::Clockwise).unwrap()
}

fn ccw(n: usize) -> Move {
    Move::new(n - 1, MoveDirection::CounterClockwise).unwrap()
}

/// A move, the pits it sows (1-based), what it captures and the board after it.
type Sown = (Move, [usize; 2], Vec<(usize, u8)>, [u8; 6]);

/// The legal moves as written: `1`, `2cw`, `2ccw`, `3`.
fn legal_written(rules: &Rules, state: &State) -> Vec<String> {
    rules.legal_moves(state).iter().map(|m| m.to_string()).collect()
}

#[test]
fn um_el_tuweisat_sows_each_of_player_1s_pits_its_own_way_and_the_chain_runs_back() {
    // From [2,2,2,1,1,1], player 1 to move; captures of 2 in an opponent's pit, the chain
    // backward (against the move's direction) while 2 in the opponent's pits.
    //   1 (clockwise): 6, 5. Pit 5 makes 2: taken; backward from a clockwise move is
    //     counter-clockwise: pit 6 (2) taken, then pit 1 is player 1's: stop. (Clockwise from
    //     pit 5, pit 4 holds 1.)
    //   3 (counter-clockwise): 4, 5. Pit 5 makes 2: taken; backward, clockwise: pit 4 (2) taken;
    //     pit 3 is player 1's.
    //   2cw: 1, 6. Pit 6 makes 2: taken; backward (counter-clockwise), pit 1: player 1's.
    //   2ccw: 3, 4. Pit 4 makes 2: taken; backward (clockwise), pit 3: player 1's.
    let r = bundled("um-el-tuweisat", None);
    let start = at(&r, &[2, 2, 2, 1, 1, 1], 1);
    assert_eq!(legal_written(&r, &start), ["1", "2cw", "2ccw", "3"]);
    assert_eq!(r.legal_moves(&start).len(), 4);
    let cases: [Sown; 4] = [
        (pit(1), [6, 5], vec![(5, 2), (6, 2)], [0, 2, 2, 1, 0, 0]),
        (pit(3), [4, 5], vec![(5, 2), (4, 2)], [2, 2, 0, 0, 0, 1]),
        (cw(2), [1, 6], vec![(6, 2)], [3, 0, 2, 1, 1, 0]),
        (ccw(2), [3, 4], vec![(4, 2)], [2, 0, 3, 0, 1, 1]),
    ];
    for (mv, sown, captures, board) in cases {
        let mut s = start;
        let (m, rec) = play_move(&r, &mut s, mv);
        assert_eq!(pits_1based(&rec), sown, "{mv}");
        assert_eq!(captures_1based(&rec), captures, "{mv}");
        assert_eq!(s.pits(), &board, "{mv}");
        assert_eq!(m.mv, mv);
        // Player 2 is left with no pit of 2 seeds: they pass, and player 1 moves again.
        assert_eq!((rec.passes.as_slice(), s.to_move()), (&[1][..], Some(0)), "{mv}");
    }

    // The centre pit with 3 seeds: 2cw sows 1 6 5, 2ccw sows 3 4 5, and each chain runs back
    // the way its move came: from pit 5 to pit 6 after the clockwise move, to pit 4 after the
    // counter-clockwise one.
    let start = at(&r, &[1, 3, 0, 1, 1, 1], 1);
    let mut s = start;
    let (_, rec) = play_move(&r, &mut s, cw(2));
    assert_eq!((pits_1based(&rec), captures_1based(&rec)), (vec![1, 6, 5], vec![(5, 2), (6, 2)]));
    assert_eq!(s.pits(), &[2, 0, 0, 1, 0, 0]);
    let mut s = start;
    let (_, rec) = play_move(&r, &mut s, ccw(2));
    assert_eq!((pits_1based(&rec), captures_1based(&rec)), (vec![3, 4, 5], vec![(5, 2), (4, 2)]));
    assert_eq!(s.pits(), &[1, 0, 1, 0, 0, 1]);
    assert_eq!(
        described(&r, start, &[cw(2)]),
        ["ply 1: player 1 plays pit 2 clockwise (3 seeds): sows 1 6 5; last seed in pit 5 (made 2): \
          captures 2 from pit 5 and 2 from pit 6, 4 in all; player 2 cannot move and passes"]
    );
}

#[test]
fn um_el_tuweisat_player_2s_leftmost_pit_is_pit_4_and_sows_clockwise() {
    // From [1,1,1,2,2,2], player 2 to move:
    //   4 (their leftmost, clockwise): 3, 2. Pit 2 makes 2: taken; backward (counter-clockwise)
    //     pit 3 (2) taken; pit 4 is their own.
    //   6 (their rightmost, counter-clockwise): 1, 2. Pit 2 makes 2: taken; backward
    //     (clockwise) pit 1 (2) taken; pit 6 is their own.
    //   5cw: 4, 3; pit 3 makes 2: taken; backward, pit 4 is their own.
    //   5ccw: 6, 1; pit 1 makes 2: taken; backward, pit 6 is their own.
    let r = bundled("um-el-tuweisat", None);
    let start = at(&r, &[1, 1, 1, 2, 2, 2], 2);
    assert_eq!(legal_written(&r, &start), ["4", "5cw", "5ccw", "6"]);
    let cases: [Sown; 4] = [
        (pit(4), [3, 2], vec![(2, 2), (3, 2)], [1, 0, 0, 0, 2, 2]),
        (pit(6), [1, 2], vec![(2, 2), (1, 2)], [0, 0, 1, 2, 2, 0]),
        (cw(5), [4, 3], vec![(3, 2)], [1, 1, 0, 3, 0, 2]),
        (ccw(5), [6, 1], vec![(1, 2)], [0, 1, 1, 2, 0, 3]),
    ];
    for (mv, sown, captures, board) in cases {
        let mut s = start;
        let (_, rec) = play_move(&r, &mut s, mv);
        assert_eq!(pits_1based(&rec), sown, "{mv}");
        assert_eq!(captures_1based(&rec), captures, "{mv}");
        assert_eq!(s.pits(), &board, "{mv}");
        assert_eq!(s.captured()[1] as usize, captures.iter().map(|c| c.1 as usize).sum::<usize>());
    }
}

#[test]
fn um_el_bagara_sows_the_two_leftmost_pits_clockwise_from_each_seat() {
    // 2 x 5: player 1 owns 1-5 (1 and 2 clockwise, 3 either way, 4 and 5 counter-clockwise);
    // player 2 owns 6-10 from their left hand: 6 and 7 clockwise, 8 either way, 9 and 10
    // counter-clockwise.
    //
    //          10   9   8   7   6
    //           1   2   3   4   5
    let r = bundled("um-el-bagara", None);
    assert_eq!(legal_written(&r, &r.initial_state()), ["1", "2", "3cw", "3ccw", "4", "5"]);
    // Player 2 from [0,0,0,0,0,2,2,2,2,2] (player 1 has no seeds, but nobody must feed).
    let start = at(&r, &[0, 0, 0, 0, 0, 2, 2, 2, 2, 2], 2);
    assert_eq!(legal_written(&r, &start), ["6", "7", "8cw", "8ccw", "9", "10"]);
    for (mv, sown) in [
        (pit(6), [5, 4]),
        (pit(7), [6, 5]),
        (cw(8), [7, 6]),
        (ccw(8), [9, 10]),
        (pit(9), [10, 1]),
        (pit(10), [1, 2]),
    ] {
        let mut s = start;
        let (_, rec) = play_move(&r, &mut s, mv);
        assert_eq!(pits_1based(&rec), sown, "{mv}");
        assert!(rec.captures.is_empty(), "{mv}: 1 in each pit sown");
    }
}

#[test]
fn a_move_names_the_direction_of_a_pit_that_sows_either_way_and_no_other() {
    let r = bundled("um-el-tuweisat", None);
    // A pit's own direction may be written: 3ccw is pit 3, 1cw is pit 1.
    assert_eq!(r.resolve(ccw(3)), Ok(pit(3)));
    assert_eq!(r.resolve(cw(1)), Ok(pit(1)));
    assert_eq!(r.resolve(cw(4)), Ok(pit(4)));
    assert_eq!(r.resolve(cw(2)), Ok(cw(2)));
    assert_eq!(r.resolve(pit(3)), Ok(pit(3)));
    // The other direction is refused, and so is a plain number for the centre pit.
    assert_eq!(r.resolve(ccw(1)), Err(IllegalMove::WrongDirection { pit: 1, its: "clockwise" }));
    assert_eq!(r.resolve(cw(6)), Err(IllegalMove::WrongDirection { pit: 6, its: "counter-clockwise" }));
    assert_eq!(r.resolve(pit(2)), Err(IllegalMove::NeedsDirection { pit: 2 }));
    assert_eq!(r.resolve(ccw(7)), Err(IllegalMove::NoSuchPit { pit: 7, pits: 6 }));
    assert_eq!(r.resolve(ccw(1)).unwrap_err().to_string(), "pit 1 sows clockwise only: write it `1`");
    assert_eq!(
        r.resolve(pit(2)).unwrap_err().to_string(),
        "pit 2 sows either way: write the direction after the pit, `2cw` or `2ccw`"
    );
    // Playing: 3ccw is played as pit 3; 1ccw and a plain 2 leave the position as it was.
    let start = r.initial_state();
    let mut s = start;
    let (m, _) = play_move(&r, &mut s, ccw(3));
    assert_eq!(m.mv, pit(3));
    assert_eq!(s.pits(), &[3, 3, 0, 4, 4, 4]);
    let mut s = start;
    assert_eq!(
        r.play(&mut s, ccw(1), &mut ()),
        Err(IllegalMove::WrongDirection { pit: 1, its: "clockwise" })
    );
    assert_eq!(r.play(&mut s, pit(2), &mut ()), Err(IllegalMove::NeedsDirection { pit: 2 }));
    assert_eq!(s, start);
    let mut game = Game::new(&r, start);
    assert_eq!(game.play(pit(5), &mut ()), Err(IllegalMove::NeedsDirection { pit: 5 }));
    assert_eq!(*game.state(), start);

    // The notation: `3ccw`, `2cw`, `2ccw` as moves; `1ccw` and `2` as errors that say why.
    assert_eq!(parse_move(&r, "3ccw"), Ok(pit(3)));
    assert_eq!(parse_move(&r, "3"), Ok(pit(3)));
    assert_eq!(parse_move(&r, "2cw"), Ok(cw(2)));
    assert_eq!(parse_move(&r, "2ccw"), Ok(ccw(2)));
    assert_eq!(
        parse_move(&r, "1ccw").unwrap_err().to_string(),
        "`1ccw`: pit 1 sows clockwise only: write it `1`"
    );
    assert_eq!(
        parse_move(&r, "2").unwrap_err().to_string(),
        "`2`: pit 2 sows either way: write the direction after the pit, `2cw` or `2ccw`"
    );
    assert_eq!(parse_moves(&r, "2cw,4,1"), Ok(vec![cw(2), pit(4), pit(1)]));
    assert_eq!(
        parse_moves(&r, "3,5").unwrap_err().to_string(),
        "move 2 (`5`): pit 5 sows either way: write the direction after the pit, `5cw` or `5ccw`"
    );
    assert_eq!(
        parse_moves(&r, "3,6cw").unwrap_err().to_string(),
        "move 2 (`6cw`): pit 6 sows counter-clockwise only: write it `6`"
    );
    // A board sown one way accepts its own direction and refuses the other.
    let bakuk = bundled("bakuk", None);
    assert_eq!(parse_move(&bakuk, "1ccw"), Ok(pit(1)));
    assert_eq!(
        parse_move(&bakuk, "1cw").unwrap_err().to_string(),
        "`1cw`: pit 1 sows counter-clockwise only: write it `1`"
    );
}

/// Every legal move of random games of every bundled variant, as the legal moves write it,
/// reads back as the move (Ô Ăn Quan's fills between rounds are written `2`, its pit 2 sowing
/// either way otherwise).
#[test]
fn every_legal_move_as_written_reads_back() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for (name, _) in sow::lang::library::BUNDLED {
        let r = bundled(name, None);
        for _ in 0..20 {
            let mut s = r.initial_state();
            for _ in 0..400 {
                let moves: Vec<Move> = r.legal_moves(&s).iter().collect();
                if s.is_over() || moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let written = m.to_string();
                    let read = parse_move(&r, &written).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let (mut a, mut b) = (s, s);
                    r.play(&mut a, m, &mut ()).unwrap();
                    r.play(&mut b, read, &mut ()).unwrap_or_else(|e| panic!("{name}: `{written}`: {e}"));
                    assert_eq!(a, b, "{name}: `{written}`");
                }
                r.apply(&mut s, moves[next(moves.len())]);
            }
        }
    }
}

#[test]
fn sow_play_refuses_a_centre_pit_without_its_direction() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["play", "um-el-tuweisat", "--moves", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: --moves: `2`: pit 2 sows either way: write the direction after the pit, `2cw` or `2ccw`\n"
    );
    // With its direction, the move is played.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["play", "um-el-tuweisat", "--moves", "2cw"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "ply 1: player 1 plays pit 2 clockwise (3 seeds): sows 1 6 5; last seed in pit 5 (now 4)"
        ),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// The end: `leftover seeds: the player who did not run out` (Leb Bbut Ahbochen: relays from
// an opponent's pit of 6; captures of 2 or 4 in the opponent's pits; feeding; a repetition ends
// the game). On 2 x 4, pits 1-4 are player 1's and 5-8 player 2's; on 2 x 2, 1-2 and 3-4.

#[test]
fn a_player_who_cannot_move_leaves_every_seed_to_the_other() {
    // Player 2 plays pit 8 (2 seeds), feeding player 1, who had none: 1, 2 (pit 2 makes 1: no
    // capture). Player 2 has no seeds now, and player 1 must feed them, but pit 1 sows into
    // pit 2 and pit 2 into pit 3: no legal move. Player 1 ran out of moves: both seeds left,
    // on player 1's side, go to player 2: 0 to 2. (Each pit's owner would make it 2 to 0.)
    let r = bundled("leb-bbut-ahbochen", Some("2x4"));
    let mut s = at(&r, &[0, 0, 0, 0, 0, 0, 0, 2], 2);
    assert_eq!(legal(&r, &s), vec![8]);
    play(&r, &mut s, 8);
    assert_eq!(s.pits(), &[1, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!((s.end(), s.turn()), (Some(EndReason::NoLegalMove), 0));
    assert_eq!(r.ran_out(&s), Some(0));
    assert_eq!(&r.scores(&s)[..2], &[0, 2]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
    let owners = extend(
        "Leb Bbut Ahbochen",
        "board 2 rows of 4 pits, no stores  end { leftover seeds: each pit's owner }",
    );
    let mut s = at(&owners, &[0, 0, 0, 0, 0, 0, 0, 2], 2);
    play(&owners, &mut s, 8);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&owners.scores(&s)[..2], &[2, 0]);
    // A position given by hand in which the player to move has no legal move is over: player
    // 1's seed in pit 1 cannot feed player 2, and goes to player 2.
    let s = at(&r, &[1, 0, 0, 0, 0, 0, 0, 0], 1);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&r.scores(&s)[..2], &[0, 1]);
}

#[test]
fn a_repetition_leaves_each_pits_seeds_to_its_owner() {
    // Leb Bbut Ahbochen on 2 x 2 from [1,1,0,0], player 1 to move, every move forced: player 2
    // has no seeds, so player 1 must feed: pit 2 -> [1,0,1,0]; player 2: pit 3 -> [1,0,0,1];
    // player 1: pit 1 -> [0,1,0,1]; player 2: pit 4 -> [1,1,0,0] (pit 1 makes 1: no capture),
    // player 1 to move: the start again, over after 4 plies. Nobody ran out: each side's seeds
    // are its owner's, 2 to 0.
    let r = bundled("leb-bbut-ahbochen", Some("2x2"));
    let mut game = Game::new(&r, at(&r, &[1, 1, 0, 0], 1));
    let mut boards = Vec::new();
    for pit in [2, 3, 1, 4] {
        assert_eq!(legal(&r, game.state()), vec![pit]);
        assert!(step(&mut game, pit).is_empty());
        boards.push(game.state().pits().to_vec());
    }
    assert_eq!(boards, [[1, 0, 1, 0], [1, 0, 0, 1], [0, 1, 0, 1], [1, 1, 0, 0]]);
    let s = game.state();
    assert_eq!((s.end(), s.plies(), s.turn()), (Some(EndReason::Repetition), 4, 0));
    assert_eq!(r.ran_out(s), None);
    assert_eq!(&r.scores(s)[..2], &[2, 0]);
    assert_eq!(r.outcome(s), Some(Outcome::Win(0)));
}

#[test]
fn an_empty_side_leaves_the_seeds_to_the_player_whose_pits_are_not_empty() {
    // Leb Bbut Ahbochen on 2 x 4, ending when a player's pits are all empty. Pit 4 (1 seed)
    // into pit 5 (making 1: no capture): player 1's pits are all empty, and player 2's 3 seeds
    // are player 2's.
    let r = extend(
        "Leb Bbut Ahbochen",
        "board 2 rows of 4 pits, no stores  end { game over when a player's pits are all empty }",
    );
    let mut s = at(&r, &[0, 0, 0, 1, 0, 0, 2, 0], 1);
    play(&r, &mut s, 4);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 1, 0, 2, 0]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(r.ran_out(&s), Some(0));
    assert_eq!(&r.scores(&s)[..2], &[0, 3]);
    // With grand slams taken, player 1's capture can empty player 2's side: pit 4 (1 seed) into
    // pit 5, making 2: taken, player 2's only seeds. Player 2 ran out: player 1's 2 seeds left
    // are player 1's, with the 2 captured.
    let r = extend(
        "Leb Bbut Ahbochen",
        "board 2 rows of 4 pits, no stores  capture { grand slam: take them } \
         end { game over when a player's pits are all empty }",
    );
    let mut s = at(&r, &[1, 1, 0, 1, 1, 0, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 4);
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(r.ran_out(&s), Some(1));
    assert_eq!(&r.scores(&s)[..2], &[4, 0]);
}

#[test]
fn at_the_ply_limit_each_pits_seeds_go_to_its_owner() {
    // Leb Bbut Ahbochen on 2 x 4 with a ply limit of 1: pit 1 (4 seeds): 2, 3, 4, 5 (pit 5 makes
    // 5: neither a relay nor a capture). Player 1's side holds 15, player 2's 17.
    let r = extend("Leb Bbut Ahbochen", "board 2 rows of 4 pits, no stores  end { ply limit 1 }");
    let mut s = r.initial_state();
    play(&r, &mut s, 1);
    assert_eq!(s.pits(), &[0, 5, 5, 5, 5, 4, 4, 4]);
    assert_eq!(s.end(), Some(EndReason::PlyLimit));
    assert_eq!(r.ran_out(&s), None);
    assert_eq!(&r.scores(&s)[..2], &[15, 17]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
}

#[test]
fn check_move_accepts_a_move_that_play_accepts() {
    // Um el Tuweisat's pit 3 sows counter-clockwise only. `Rules::play` resolves `3ccw` to pit
    // 3 and plays it, and `Rules::resolve` says it is pit 3; but `Rules::check_move`, asked
    // about the same move, says it cannot be played: `WrongDirection { pit: 3, its: "one way" }`,
    // "pit 3 sows one way only: write it `3`".
    let r = bundled("um-el-tuweisat", None);
    let s = r.initial_state();
    assert_eq!(r.resolve(ccw(3)), Ok(pit(3)));
    assert!(r.play(&mut s.clone(), ccw(3), &mut ()).is_ok());
    assert_eq!(r.check_move(&s, ccw(3)), Ok(()));
}

// ---------------------------------------------------------------------------------------------
// What `sow describe` says of laps ("A sowing of N or more seeds goes all the way round"),
// against what the engine sows: a lap of N seeds comes back round, a lap of N - 1 does not,
// for every store rule, opening, laps rule and direction.

/// The N of "A sowing of N or more seeds goes all the way round ...", as `describe` says it.
fn described_lap(rules: &Rules) -> usize {
    let words = sow::lang::describe::rules(rules.spec());
    let laps = words.iter().find(|r| r.name == "laps").expect("a rule of laps");
    let n = laps.text.strip_prefix("A sowing of ").and_then(|t| t.split(' ').next());
    n.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no number of seeds in {:?}", laps.text))
}

/// Does a lap come all the way round: does it sow a place (pit or store) it has already
/// sown, or the pit it emptied after sowing some other place? Only the first lap is looked at
/// (a relay starts a lap of its own).
fn came_round(record: &Record, origin: usize) -> bool {
    let end = record.relays.first().map_or(record.sown.len(), |r| r.0);
    let lap = &record.sown[..end];
    let mut seen = std::collections::HashSet::new();
    lap.iter().enumerate().any(|(i, &p)| !seen.insert(p) || (p == origin && i > 0))
}

/// For each player and each of their pits holding `seeds` alone on the board, and each way it
/// can be played: did the lap come round?
fn laps_from_every_pit(rules: &Rules, seeds: u8) -> Vec<(String, bool)> {
    let n = rules.pits();
    let mut out = Vec::new();
    for pit in 0..n {
        let mut pits = vec![0; n];
        pits[pit] = seeds;
        // The pit's owner plays it, or, where each player plays from the opponent's row (Tap
        // Urdy), the other player.
        let mut state = at(rules, &pits, rules.owner(pit) + 1);
        if rules.legal_moves(&state).is_empty() && rules.players() == 2 {
            state = at(rules, &pits, 2 - rules.owner(pit));
        }
        for mv in rules.legal_moves(&state).iter() {
            let mut record = Record::default();
            rules.play(&mut state.clone(), mv, &mut record).unwrap_or_else(|e| panic!("{mv}: {e}"));
            out.push((format!("{mv} with {seeds} seeds"), came_round(&record, pit)));
        }
    }
    assert!(!out.is_empty(), "no move played");
    out
}

/// `describe`'s number of seeds for a lap is the engine's, in every pit.
fn assert_lap_described(rules: &Rules, label: &str) {
    let at_least = described_lap(rules);
    assert!(at_least >= 2 && at_least <= u8::MAX as usize, "{label}: {at_least}");
    for (mv, round) in laps_from_every_pit(rules, at_least as u8) {
        assert!(round, "{label}: describe says {at_least} seeds go round, but {mv} does not");
    }
    for (mv, round) in laps_from_every_pit(rules, at_least as u8 - 1) {
        assert!(!round, "{label}: describe says {at_least} seeds go round, but {mv} does");
    }
}

#[test]
fn kalah_needs_thirteen_seeds_to_go_round_its_twelve_pits_and_store() {
    // The issue's case: pit 1 with 12 seeds sows 2-6, the store, 7-12, and stops in pit 12.
    let r = bundled("kalah", None);
    assert_eq!(described_lap(&r), 13);
    let text = &sow::lang::describe::rules(r.spec()).into_iter().find(|x| x.name == "laps").unwrap().text;
    assert!(text.contains("(its 12 pits and the mover's store)"), "{text}");
    let mut s = at(&r, &[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1);
    let (summary, _) = play(&r, &mut s, 1);
    assert_eq!(summary.last + 1, 12);
}

#[test]
fn describe_counts_the_places_a_lap_passes_for_every_store_and_lap_rule() {
    let mut cases = 0;
    for stores in ["", "sow into the mover's own store", "sow into both stores"] {
        for opening in ["first seed into the next pit", "first seed into the emptied pit"] {
            for laps in ["laps sow into the emptied pit", "laps skip the emptied pit"] {
                for direction in ["counter-clockwise", "clockwise"] {
                    for relay in ["", "relay when the last seed falls into an occupied pit"] {
                        let text = format!(
                            "variant \"Laps\" {{ source \"test\"
                               board 2 rows of 3 pits, one store per player  seeds 1 in each pit
                               players 2 {{ player 1 owns the south row  player 2 owns the north row }}
                               sowing {{ {direction}  {opening}  {laps}  {stores}  {relay} }}
                               capture {{ none }}
                               end {{ player to move cannot move: game over  leftover seeds: nobody }} }}"
                        );
                        let label = format!("{stores:?}, {opening}, {laps}, {direction}, {relay:?}");
                        assert_lap_described(&load(&text), &label);
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 48);
}

#[test]
fn describe_counts_the_places_a_lap_passes_with_a_direction_by_pit() {
    for opening in ["first seed into the next pit", "first seed into the emptied pit"] {
        for laps in ["laps sow into the emptied pit", "laps skip the emptied pit"] {
            let r = load(&format!(
                "variant \"Ways\" {{ source \"test\"
                   board 2 rows of 3 pits, no stores  seeds 1 in each pit
                   players 2 {{ player 1 owns the south row  player 2 owns the north row }}
                   sowing {{ {opening}  {laps}
                     direction by pit {{ the leftmost pit: clockwise
                       the centre pit: either way, as the mover chooses
                       the rightmost pit: counter-clockwise }} }}
                   capture {{ none }}
                   end {{ player to move cannot move: game over  leftover seeds: nobody }} }}"
            ));
            assert_lap_described(&r, &format!("by pit, {opening}, {laps}"));
        }
    }
}

#[test]
fn describe_counts_the_places_a_lap_passes_in_every_bundled_variant() {
    for (name, _) in sow::lang::library::BUNDLED {
        let file = sow::lang::library::load(name).unwrap();
        for ruleset in std::iter::once(None).chain(file.ruleset_names().into_iter().map(Some)) {
            // The moves of an opening (I Pere's, Mangala (Suez)'s takes) move seeds without
            // sowing a lap: the laps are those of the moves after it. So does feeding by a transfer (Li'b
            // al-'Aqil's), the move when the opponent's pits are all empty, as they are here.
            // Quela's rearrangement moves a seed, and its stages choose the pits played: its
            // laps are those of any move in play. English Wari (St. Lucia)'s moves must leave
            // the opponent a move, which a board of one pit's seeds does not: its laps are
            // those of the moves it allows. Intotoi forbids a move whose last pit is an occupied
            // pit of the mover's, as the pit emptied is before a lap that comes round to it.
            let mut spec = bundled(name, ruleset).spec().clone();
            spec.leaves_move = false;
            spec.legality.never = None;
            spec.phases.opening = Vec::new();
            spec.phases.take_opening = None;
            spec.phases.feed_one = None;
            spec.staging.rearrange = None;
            spec.staging.stages = None;
            let r = sow::engine::compile(&spec);
            assert_lap_described(&r, &format!("{name}:{ruleset:?}"));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Count expressions: `2 or more but not 4`, `an even count`, `an odd count of 3 or more`, ...
// wherever counts are written. Bakuk's board (2 x 3, counter-clockwise; pits 1-3 player 1's,
// 4-6 player 2's, pit 1 faces pit 6).

#[test]
fn a_relay_on_two_or_more_but_not_four() {
    // Pallankuli's relay. Nothing is captured, so that only the relay moves seeds.
    let r = bakuk_with(
        "sowing { relay when the last seed makes 2 or more but not 4 in any pit } capture { none }",
    );
    // Pit 1 (1 seed): 2. Pit 2 held 1, makes 2: relayed, 2 seeds: 3, 4. Pit 4 held 2, makes 3:
    // relayed, 3 seeds: 5, 6, 1. Pit 1, emptied by the move, makes 1: the move ends.
    let mut s = at(&r, &[1, 1, 0, 2, 0, 0], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert_eq!(pits_1based(&rec), vec![2, 3, 4, 5, 6, 1]);
    assert_eq!(relays_1based(&rec), vec![(2, 2), (4, 3)]);
    assert_eq!((m.last + 1, s.pits()), (1, &[1, 0, 1, 0, 1, 1][..]));
    // Pit 2 held 3 and makes 4: left out, the move ends there.
    let mut s = at(&r, &[1, 3, 0, 0, 0, 1], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert!(rec.relays.is_empty());
    assert_eq!((m.last + 1, s.pits()), (2, &[0, 4, 0, 0, 0, 1][..]));
    // Pit 2 held 4 and makes 5, past the count left out: relayed, 5 seeds: 3, 4, 5, 6, 1.
    let mut s = at(&r, &[1, 4, 0, 0, 0, 0], 1);
    let (m, rec) = play_move(&r, &mut s, pit(1));
    assert_eq!(relays_1based(&rec), vec![(2, 5)]);
    assert_eq!((m.last + 1, s.pits()), (1, &[1, 0, 1, 1, 1, 1][..]));
}

#[test]
fn a_capture_on_an_even_count_with_a_chain_on_odd_counts_of_three_or_more() {
    let r = bakuk_with(
        "capture { last seed makes an even count in an opponent's pit: take them \
         chain backward while an odd count of 3 or more in the opponent's pits }",
    );
    // Pit 3 (3 seeds): 4, 5, 6. Pit 6 held 5, makes 6, even, player 2's: taken. The chain
    // backward (clockwise): pit 5 held 2, now 3, odd and 3 or more: taken; pit 4 held 0, now 1,
    // odd but less than 3: the chain stops.
    let mut s = at(&r, &[0, 0, 3, 0, 2, 5], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&rec), vec![(6, 6), (5, 3)]);
    assert_eq!((m.captured, s.pits(), s.captured()), (9, &[0, 0, 0, 1, 0, 0][..], &[9, 0][..]));
    // Pit 6 held 6 and makes 7, odd: nothing is taken.
    let mut s = at(&r, &[0, 0, 3, 0, 2, 6], 1);
    let (m, rec) = play(&r, &mut s, 3);
    assert!(rec.captures.is_empty());
    assert_eq!((m.captured, s.pits()), (0, &[0, 0, 0, 1, 3, 7][..]));
    // Player 2 moves: pit 4 (3 seeds): 5, 6, 1. Pit 1 held 7, makes 8, even, and player 1's:
    // taken. Pit 6 before it makes 1: no chain.
    let mut s = at(&r, &[7, 0, 0, 3, 0, 0], 2);
    let (_, rec) = play(&r, &mut s, 4);
    assert_eq!(captures_1based(&rec), vec![(1, 8)]);
}

// Rules after each lap: `when <conditions>: <effects>` (the first that holds, after each lap)
// and `after each lap[, when <conditions>]: <effects>` (every one that holds, before them).
// Most positions are on 2 x 4 pits, no stores, sown counter-clockwise; pit q faces pit 9 - q:
//
//           8   7   6   5          player 2 (north)
//           1   2   3   4          player 1 (south)
//
// A lap from pit 1 sows 2 3 4 5 6 7 8 1 ...; the pit the lap started from is refilled only
// by a lap that goes round.

/// A variant on 2 x `k` pits, no stores, sown counter-clockwise, with the given sowing lines
/// (besides the direction, and the first seed into the next pit unless they say where it
/// goes) and capture lines.
fn laps_on(k: usize, sowing: &str, capture: &str, end: &str) -> Rules {
    let first = if sowing.contains("first seed") { "" } else { "first seed into the next pit" };
    load(&format!(
        "variant \"Laps\" {{ source \"test\"
           board 2 rows of {k} pits, no stores  seeds 4 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  {first}  laps sow into the emptied pit {sowing} }}
           capture {{ {capture} }}
           end {{ player to move cannot move: game over  leftover seeds: nobody {end} }} }}"
    ))
}

/// [`laps_on`] 2 x 4 pits, with capture lines only.
fn laps(capture: &str) -> Rules {
    laps_on(4, "", capture, "")
}

/// Plays pit (1-based) from `pits` with `to_move` (1-based) to move: the position after it,
/// its summary and its record.
fn lap_move(rules: &Rules, pits: &[u8], to_move: usize, pit: usize) -> (State, MoveSummary, Record) {
    let mut s = at(rules, pits, to_move);
    let (m, rec) = play_move(rules, &mut s, self::pit(pit));
    (s, m, rec)
}

#[test]
fn a_lap_rule_on_the_last_pit_counts_the_last_seed() {
    // Pit 2 (3 seeds): 3 4 5. Pit 5 held 2, now 3: `holds 3`, taken by the mover.
    let r = laps("when the last pit holds 3: take the last pit");
    let (s, m, rec) = lap_move(&r, &[0, 3, 0, 0, 2, 0, 0, 1], 1, 2);
    assert_eq!(captures_1based(&rec), vec![(5, 3)]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[3, 0]);
    assert_eq!((m.captured, m.captured_pits), (3, 1));
    assert_eq!(s.to_move(), Some(1));
    // Pit 5 held 1, now 2: the line does not hold, nothing is taken.
    let (s, m, _) = lap_move(&r, &[0, 3, 0, 0, 1, 0, 0, 1], 1, 2);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 2, 0, 0, 1]);
    assert_eq!((m.captured, s.captured()), (0, &[0u16, 0][..]));
}

#[test]
fn a_lap_rule_on_the_next_pit_empty_or_occupied() {
    // Pit 1 (2 seeds): 2 3. The next pit is 4.
    let empty = laps("when the next pit is empty: take the last pit");
    // Pit 4 empty: pit 3 (1 + 1 = 2) is taken.
    let (s, _, rec) = lap_move(&empty, &[2, 0, 1, 0, 0, 0, 0, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(3, 2)]);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 0, 0, 1]);
    // Pit 4 occupied: nothing.
    let (s, _, rec) = lap_move(&empty, &[2, 0, 1, 1, 0, 0, 0, 1], 1, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 2, 1, 0, 0, 0, 1]);
    // `is occupied`, taking the next pit: pit 4's 3 seeds.
    let occupied = laps("when the next pit is occupied: take the next pit");
    let (s, _, rec) = lap_move(&occupied, &[2, 0, 1, 3, 0, 0, 0, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(4, 3)]);
    assert_eq!(s.pits(), &[0, 1, 2, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[3, 0]);
    let (s, _, rec) = lap_move(&occupied, &[2, 0, 1, 0, 0, 0, 0, 1], 1, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 2, 0, 0, 0, 0, 1]);
}

#[test]
fn a_lap_rule_on_the_pit_after_the_next() {
    // Pit 1 (2 seeds): 2 3. Next is pit 4 (empty), the pit after it pit 5 (5 seeds): taken.
    let r = laps(
        "when the next pit is empty and the pit after the next is occupied: take the pit after the next",
    );
    let (s, _, rec) = lap_move(&r, &[2, 0, 0, 0, 5, 0, 0, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(5, 5)]);
    assert_eq!(s.pits(), &[0, 1, 1, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[5, 0]);
    // Pit 5 empty: the second condition fails.
    let (s, _, rec) = lap_move(&r, &[2, 0, 0, 0, 0, 5, 0, 1], 1, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 1, 0, 0, 5, 0, 1]);
}

#[test]
fn a_lap_rule_on_the_opposite_pit_and_the_owner_of_the_last_takes_several_places() {
    // Kalah's capture as a lap rule. Pit 2 (1 seed): 3. Pit 3 held nothing, is player 1's, and
    // faces pit 6 (4 seeds): pit 3 then pit 6 taken, 5 seeds.
    let r = laps(
        "when the last pit holds 1 and is the mover's own and the opposite pit is occupied: \
         take the last pit and the opposite pit",
    );
    let (s, m, rec) = lap_move(&r, &[0, 1, 0, 0, 0, 4, 0, 1], 1, 2);
    assert_eq!(captures_1based(&rec), vec![(3, 1), (6, 4)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[5, 0]);
    assert_eq!((m.captured, m.captured_pits), (5, 2));
    // Pit 4 (1 seed): 5, which held nothing and faces pit 4, but is player 2's: nothing.
    let (s, _, rec) = lap_move(&r, &[0, 0, 0, 1, 0, 4, 0, 1], 1, 4);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 0, 0, 0, 1, 4, 0, 1]);
    // The opposite pit empty: nothing.
    let (s, _, rec) = lap_move(&r, &[0, 1, 0, 0, 0, 0, 4, 1], 1, 2);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 0, 4, 1]);
}

#[test]
fn a_lap_rule_on_an_opponents_pit_goes_on_about_the_same_place() {
    // `is an opponent's and holds 2`: both said of the last pit.
    let r = laps("when the last pit is an opponent's and holds 2: take the last pit");
    // Pit 3 (2 seeds): 4 5; pit 5 (player 2's) 1 + 1 = 2: taken.
    let (s, _, rec) = lap_move(&r, &[0, 0, 2, 0, 1, 0, 0, 1], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 0, 0, 1]);
    // Pit 2 (2 seeds): 3 4; pit 4 makes 2 but is player 1's own: nothing.
    let (s, _, rec) = lap_move(&r, &[0, 2, 0, 1, 0, 0, 0, 1], 1, 2);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 0, 1, 2, 0, 0, 0, 1]);
    // Player 2 moving: pit 7 (2 seeds): 8 1; pit 1 (player 1's, an opponent's to player 2) makes 2.
    let (s, _, rec) = lap_move(&r, &[1, 1, 0, 0, 0, 0, 2, 0], 2, 7);
    assert_eq!(captures_1based(&rec), vec![(1, 2)]);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[0, 2]);
}

#[test]
fn a_lap_rule_on_the_pit_the_lap_started_from() {
    // Pit 1 (9 seeds): 2 3 4 5 6 7 8 1 2. The lap went round: pit 1 holds 1 again, taken.
    let r = laps("when the pit the lap started from is occupied: take the pit the lap started from");
    let (s, _, rec) = lap_move(&r, &[9, 0, 0, 0, 0, 0, 0, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(1, 1)]);
    assert_eq!(s.pits(), &[0, 2, 1, 1, 1, 1, 1, 2]);
    assert_eq!(s.captured(), &[1, 0]);
    // Pit 1 (3 seeds): 2 3 4; pit 1 stays empty: nothing.
    let (s, _, rec) = lap_move(&r, &[3, 0, 0, 0, 0, 0, 0, 1], 1, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 1, 1, 0, 0, 0, 1]);
}

#[test]
fn a_lap_rule_on_the_seeds_left_on_the_board_takes_every_seed() {
    // Pit 3 (1 seed): 4, which makes 2; the board holds 3 seeds (1, 2 or 3 of them): every
    // seed on the board goes to the mover, and player 2, with none, cannot move.
    let r =
        laps("when the board holds 1, 2 or 3 seeds and the last pit holds 2: take every seed on the board");
    let (s, m, rec) = lap_move(&r, &[0, 0, 1, 1, 0, 0, 0, 1], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2), (8, 1)]);
    assert_eq!(s.pits(), &[0; 8]);
    assert_eq!(s.captured(), &[3, 0]);
    assert_eq!(m.captured_pits, 2);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    // The board holds 6: nothing.
    let (s, _, rec) = lap_move(&r, &[0, 0, 1, 1, 0, 3, 0, 1], 1, 3);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 0, 0, 2, 0, 3, 0, 1]);
}

#[test]
fn take_every_sown_pit_takes_this_laps_pits_in_sowing_order() {
    // Pit 1 (4 seeds): 2 3 4 5, making 2, 1, 3, 2. Sown pits holding 2 or 3: 2, 4, 5, in that
    // order; pit 8 holds 2 but was not sown: it stays.
    let r = laps("after each lap: take every sown pit that holds 2 or 3");
    let (s, m, rec) = lap_move(&r, &[4, 1, 0, 2, 1, 0, 0, 2], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 2), (4, 3), (5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 0, 0, 2]);
    assert_eq!(s.captured(), &[7, 0]);
    assert_eq!((m.captured, m.captured_pits), (7, 3));
}

#[test]
fn take_every_pit_takes_the_board_s_pits_sown_or_not_in_their_order() {
    // Pit 1 (1 seed): 2. Pits holding 2 or 3: 4 (2) and 6 (3), neither sown: both taken, in
    // the board's order; pit 2 (1) and pit 8 (1) stay.
    let r = laps("after each lap: take every pit that holds 2 or 3");
    let (s, m, rec) = lap_move(&r, &[1, 0, 0, 2, 0, 3, 0, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(4, 2), (6, 3)]);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[5, 0]);
    assert_eq!((m.captured, m.captured_pits), (5, 2));
    // The same move with the sown pits only: pit 2 holds 1, nothing is taken.
    let sown = laps("after each lap: take every sown pit that holds 2 or 3");
    let (s, _, rec) = lap_move(&sown, &[1, 0, 0, 2, 0, 3, 0, 1], 1, 1);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 1, 0, 2, 0, 3, 0, 1]);
}

#[test]
fn take_every_pit_of_a_player_takes_the_pits_they_own() {
    // Pit 1 (2 seeds): 2 3. The opponent's pits (5 to 8) holding 2: 5 and 8; the mover's pit
    // 4 holds 2 too and stays.
    let r = laps("after each lap: take every pit of the opponent's that holds 2");
    let (s, _, rec) = lap_move(&r, &[2, 0, 0, 2, 2, 0, 0, 2], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(5, 2), (8, 2)]);
    assert_eq!(s.pits(), &[0, 1, 1, 2, 0, 0, 0, 0]);
    assert_eq!(s.captured(), &[4, 0]);
    // The mover's own: pit 4 only.
    let own = laps("after each lap: take every pit of the mover's that holds 2");
    let (s, _, rec) = lap_move(&own, &[2, 0, 0, 2, 2, 0, 0, 2], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.pits(), &[0, 1, 1, 0, 2, 0, 0, 2]);
    // Player 2 moving: the opponent is player 1. Pit 8 (1 seed): 1, making 3; pit 4 holds 2.
    let (s, _, rec) = lap_move(&r, &[2, 0, 0, 2, 2, 0, 0, 1], 2, 8);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.captured(), &[0, 2]);
}

#[test]
fn take_every_pit_beside_a_place_takes_its_neighbours_in_its_row() {
    // Pit 1 (1 seed): 2, making 2: pit 2 is taken, then the pits beside it in the south row,
    // 1 (empty now) and 3 (2 seeds): pit 3 too. Pit 7, facing pit 2, holds 2 and stays.
    let r = laps(
        "when the last pit holds 2 or 3: take the last pit, then take every pit beside the last pit that holds 2 or 3",
    );
    let (s, _, rec) = lap_move(&r, &[1, 1, 2, 0, 0, 0, 2, 0], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 2), (3, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 2, 0]);
    assert_eq!(s.captured(), &[4, 0]);
    // Pit 3 (1 seed): 4, making 2, at the south row's end: its one neighbour is pit 3 (empty
    // now); pit 5, the next pit round the board, holds 3 but is not beside it in its row.
    let (s, _, rec) = lap_move(&r, &[0, 0, 1, 1, 3, 0, 0, 0], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 3, 0, 0, 0]);
    // In the north row (drawn 8 7 6 5): player 2's pit 5 (1 seed): 6, making 3; beside it
    // are 7 (2 seeds, taken) and 5 (empty now).
    let (s, _, rec) = lap_move(&r, &[0, 0, 0, 0, 1, 2, 2, 1], 2, 5);
    assert_eq!(captures_1based(&rec), vec![(6, 3), (7, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[0, 5]);
}

#[test]
fn each_receiver_of_a_take() {
    // The same move as above: pits 2 (2 seeds) and 4 (3) are player 1's, pit 5 (2) player 2's.
    let pits = [4, 1, 0, 2, 1, 0, 0, 2];
    let after = [0, 0, 1, 0, 0, 0, 0, 2];
    for (to, captured, removed) in [
        ("", [7, 0], 0),
        (" for the mover", [7, 0], 0),
        (" for the opponent", [0, 7], 0),
        (" for its owner", [5, 2], 0),
        (" out of play", [0, 0], 7),
    ] {
        let r = laps(&format!("after each lap: take every sown pit that holds 2 or 3{to}"));
        let (s, m, _) = lap_move(&r, &pits, 1, 1);
        assert_eq!(s.pits(), &after, "{to:?}");
        assert_eq!(s.captured(), &captured, "{to:?}");
        assert_eq!(s.removed(), removed, "{to:?}");
        assert_eq!(m.captured, 7, "{to:?}: the move's captures count every seed taken");
    }
    // Player 2 moving, a take for the mover and one for the opponent. Pit 7 (2 seeds): 8 1;
    // pit 1 makes 2.
    let mover = laps("when the last pit holds 2: take the last pit for the mover");
    let (s, _, _) = lap_move(&mover, &[1, 1, 0, 0, 0, 0, 2, 0], 2, 7);
    assert_eq!(s.captured(), &[0, 2]);
    let opponent = laps("when the last pit holds 2: take the last pit for the opponent");
    let (s, _, _) = lap_move(&opponent, &[1, 1, 0, 0, 0, 0, 2, 0], 2, 7);
    assert_eq!(s.captured(), &[2, 0]);
    // Every seed on the board to each pit's owner: pit 4 (2 seeds) player 1's, pit 8 (1) player 2's.
    let owner = laps("when the last pit holds 2: take every seed on the board for its owner");
    let (s, _, _) = lap_move(&owner, &[0, 0, 1, 1, 0, 0, 0, 1], 1, 3);
    assert_eq!(s.pits(), &[0; 8]);
    assert_eq!(s.captured(), &[2, 1]);
}

#[test]
fn relay_from_the_next_pit_goes_on_until_no_line_holds() {
    // Pit 1 (2 seeds): 2 3; the next pit, 4, holds 3: lifted, 5 6 7; pit 8 holds 1: lifted, 1;
    // pit 2 holds 1: lifted, 3; pit 4 is empty now: the move ends, on pit 3.
    let r = laps("when the next pit is occupied: relay from the next pit");
    let (s, m, rec) = lap_move(&r, &[2, 0, 0, 3, 0, 0, 0, 1], 1, 1);
    assert_eq!(pits_1based(&rec), vec![2, 3, 5, 6, 7, 1, 3]);
    assert_eq!(relays_1based(&rec), vec![(4, 3), (8, 1), (2, 1)]);
    assert_eq!(s.pits(), &[1, 0, 2, 0, 1, 1, 1, 0]);
    assert_eq!(m.last, 2);
    assert_eq!(m.captured, 0);
}

#[test]
fn a_chain_backward_stops_before_the_pit_the_lap_started_from() {
    // Pit 1 (10 seeds): 2 3 4 5 6 7 8 1 2 3: pits 1..8 hold 1 2 2 1 1 1 1 1. Pit 3 (2) taken,
    // the chain goes back: pit 2 (2) taken; pit 1 holds 1, a count of the chain, but the lap
    // started there: the chain stops.
    let r = laps("when the last pit holds 2: take the last pit, then chain backward while 1 or 2");
    let (s, m, rec) = lap_move(&r, &[10, 0, 0, 0, 0, 0, 0, 0], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(3, 2), (2, 2)]);
    assert_eq!(s.pits(), &[1, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.captured(), &[4, 0]);
    assert_eq!(m.captured_pits, 2);
}

#[test]
fn a_chain_forward_in_the_opponents_pits_stops_at_the_first_other_count() {
    // Pit 3 (2 seeds): 4 5; pit 5 makes 2: taken; forward, pit 6 (2) and pit 7 (2) taken; pit
    // 8 holds 3: the chain stops.
    let r = laps(
        "when the last pit holds 2: take the last pit, then chain forward while 2 in the opponent's pits",
    );
    let (s, _, rec) = lap_move(&r, &[0, 0, 2, 0, 1, 2, 2, 3], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(5, 2), (6, 2), (7, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 0, 0, 3]);
    // Player 2's pit 8 (1 seed): 1; pit 1 makes 2: taken; pits 2, 3, 4 (player 1's, an
    // opponent's to player 2) hold 2: taken; pit 5 holds 2 but is player 2's own: the chain
    // stops there.
    let (s, _, rec) = lap_move(&r, &[1, 2, 2, 2, 2, 0, 0, 1], 2, 8);
    assert_eq!(captures_1based(&rec), vec![(1, 2), (2, 2), (3, 2), (4, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(s.captured(), &[0, 8]);
    // `in the opponent's pits` names the pits the chain steps onto, not the pit taken first:
    // pit 3 (1 seed): 4, player 1's own, makes 2: taken; pit 5 (player 2's) holds 2: taken;
    // pit 6 holds 1: the chain stops.
    let (s, _, rec) = lap_move(&r, &[0, 0, 1, 1, 2, 1, 0, 1], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(4, 2), (5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 1, 0, 1]);
}

#[test]
fn a_chain_forward_stops_before_the_pit_the_lap_started_from() {
    // The first seed back into the emptied pit. Pit 1 (8 seeds): 1 2 3 4 5 6 7 8; pit 1 holds
    // 1, pits 2..8 hold 2. Pit 8 taken; forward is pit 1, where the lap started: the chain
    // stops at once, though pit 1 holds 1 and pits 2.. hold 2.
    let r = laps_on(
        4,
        "first seed into the emptied pit",
        "when the last pit holds 2: take the last pit, then chain forward while 1 or 2",
        "",
    );
    let (s, _, rec) = lap_move(&r, &[8, 1, 1, 1, 1, 1, 1, 1], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(8, 2)]);
    assert_eq!(s.pits(), &[1, 2, 2, 2, 2, 2, 2, 0]);
}

#[test]
fn again_from_the_pit_taken_goes_at_most_n_times() {
    // 2 x 6 pits (pit 1 .. 6 player 1's, 7 .. 12 player 2's). Pit 2 (2 seeds): 3 4. Next is 5
    // (empty), after it 6 (1): taken. Again from 6: 7 empty, 8 (1) taken; again from 8: 9
    // empty, 10 (1) taken; again from 10: 11 empty, 12 (1), but that is a third time.
    let pits = [0, 2, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1];
    let line = |n: u8| {
        laps_on(
            6,
            "",
            &format!(
                "when the next pit is empty and the pit after the next is occupied: \
                 take the pit after the next, then again from the pit taken, at most {n} times"
            ),
            "",
        )
    };
    let (s, _, rec) = lap_move(&line(2), &pits, 1, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 1), (8, 1), (10, 1)]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    let (s, _, rec) = lap_move(&line(3), &pits, 1, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 1), (8, 1), (10, 1), (12, 1)]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    // Once: the line and one more time.
    let (s, _, rec) = lap_move(&line(1), &pits, 1, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 1), (8, 1)]);
    assert_eq!(s.captured(), &[2, 0]);
    // The conditions fail from the pit taken: again stops before its limit. Pit 9 holds 1,
    // so from pit 8 the next pit is occupied.
    let (_, _, rec) = lap_move(&line(3), &[0, 2, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1], 1, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 1), (8, 1)]);
}

#[test]
fn only_the_first_when_line_that_holds_applies() {
    // Pit 3 (2 seeds): 4 5; pit 5 (player 2's) makes 2: both lines hold.
    let pits = [0, 0, 2, 0, 1, 0, 0, 1];
    let mover_first = laps(
        "when the last pit holds 2: take the last pit
         when the last pit is an opponent's: take the last pit for the opponent",
    );
    let (s, _, _) = lap_move(&mover_first, &pits, 1, 3);
    assert_eq!(s.captured(), &[2, 0]);
    let opponent_first = laps(
        "when the last pit is an opponent's: take the last pit for the opponent
         when the last pit holds 2: take the last pit",
    );
    let (s, _, _) = lap_move(&opponent_first, &pits, 1, 3);
    assert_eq!(s.captured(), &[0, 2]);
    // Pit 5 makes 3: only the second line of the first variant holds, and it applies.
    let (s, _, _) = lap_move(&mover_first, &[0, 0, 2, 0, 2, 0, 0, 1], 1, 3);
    assert_eq!(s.captured(), &[0, 3]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 0, 0, 1]);
}

#[test]
fn after_each_lap_lines_apply_on_every_lap_of_a_relaying_move() {
    // Relays from occupied pits; after each lap, sown pits holding 3 are taken. Pit 1 (3
    // seeds): 2 3 4, making 3, 1, 2: pit 2 taken. Pit 4 held 1: relay, 2 seeds: 5 6, making 3,
    // 1: pit 5 taken. Pit 6 was empty: the move ends.
    let r = laps_on(
        4,
        "relay when the last seed falls into an occupied pit",
        "after each lap: take every sown pit that holds 3",
        "",
    );
    let (s, m, rec) = lap_move(&r, &[3, 2, 0, 1, 2, 0, 0, 0], 1, 1);
    assert_eq!(relays_1based(&rec), vec![(4, 2)]);
    assert_eq!(captures_1based(&rec), vec![(2, 3), (5, 3)]);
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 1, 0, 0]);
    assert_eq!(s.captured(), &[6, 0]);
    assert_eq!((m.captured, m.captured_pits), (6, 2));
    // An `after each lap` line with a condition: only on the lap that meets it. Pit 1 (3): 2 3
    // 4, pit 4 is player 1's: nothing; relay from 4 (2 seeds): 5 6, pit 6 player 2's: pit 5 taken.
    let r = laps_on(
        4,
        "relay when the last seed falls into an occupied pit",
        "after each lap, when the last pit is an opponent's: take every sown pit that holds 3",
        "",
    );
    let (s, _, rec) = lap_move(&r, &[3, 2, 0, 1, 2, 0, 0, 0], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(5, 3)]);
    assert_eq!(s.pits(), &[0, 3, 1, 0, 0, 1, 0, 0]);
}

#[test]
fn every_sown_pit_but_the_last_leaves_the_last_pit_to_the_relay() {
    // Gabata (Oromo)'s rule on 2 x 4: after each lap, the sown pits holding 4 are taken, but
    // not the last, which relays. Pit 1 (3 seeds): 2 3 4, making 4, 1, 4: pit 2 taken; pit 4
    // relays its 4: 5 6 7 8, making 3, 1, 1, 1; pit 8 was empty: the move ends.
    let r = laps_on(
        4,
        "relay when the last seed falls into an occupied pit",
        "after each lap: take every sown pit but the last that holds 4",
        "",
    );
    let (s, _, rec) = lap_move(&r, &[3, 3, 0, 3, 2, 0, 0, 0], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 4)]);
    assert_eq!(relays_1based(&rec), vec![(4, 4)]);
    assert_eq!((s.pits(), s.captured()), (&[0, 0, 1, 0, 3, 1, 1, 1][..], &[4u16, 0][..]));
    // Every sown pit, the last with them: pit 4 is taken too, and nothing is left to relay.
    let r = laps_on(
        4,
        "relay when the last seed falls into an occupied pit",
        "after each lap: take every sown pit that holds 4",
        "",
    );
    let (s, _, rec) = lap_move(&r, &[3, 3, 0, 3, 2, 0, 0, 0], 1, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 4), (4, 4)]);
    assert_eq!((s.pits(), s.captured()), (&[0, 0, 1, 0, 2, 0, 0, 0][..], &[8u16, 0][..]));
    let said = sow::lang::describe::describe(
        laps_on(4, "", "after each lap: take every sown pit but the last that holds 4", "").spec(),
        &[],
    )
    .split_whitespace()
    .collect::<Vec<_>>()
    .join(" ");
    assert!(
        said.contains("every pit the lap sowed into that holds 4, but the pit of the last seed"),
        "{said}"
    );
}

#[test]
fn a_when_line_that_holds_comes_before_the_relay_line() {
    // Relays from occupied pits, and `when the last pit holds 2: take the last pit`.
    let r = laps_on(
        4,
        "relay when the last seed falls into an occupied pit",
        "when the last pit holds 2: take the last pit",
        "",
    );
    // Pit 3 (2 seeds): 4 5; pit 5 held 1, now 2: the line takes it, and there is no relay
    // (without the line, the relay would sow pit 5's 2 seeds on).
    let (s, _, rec) = lap_move(&r, &[0, 0, 2, 0, 1, 0, 0, 1], 1, 3);
    assert!(rec.relays.is_empty());
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 0, 0, 1]);
    // Pit 5 held 2, now 3: the line does not hold, the relay does: 6 7 8; pit 8 held 1, now 2:
    // after this lap the line holds, and takes it.
    let (s, _, rec) = lap_move(&r, &[0, 0, 2, 0, 2, 0, 0, 1], 1, 3);
    assert_eq!(relays_1based(&rec), vec![(5, 3)]);
    assert_eq!(captures_1based(&rec), vec![(8, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 1, 1, 0]);
    assert_eq!(s.captured(), &[2, 0]);
}

#[test]
fn a_when_line_that_holds_comes_before_the_last_seed_lines() {
    let r = laps(
        "last seed makes 2 in any pit: take them
         when the last pit holds 2 and is an opponent's: take the last pit for the opponent",
    );
    // Pit 3 (2 seeds): 4 5; pit 5, an opponent's, makes 2: the `when` line gives it away.
    let (s, _, rec) = lap_move(&r, &[0, 0, 2, 0, 1, 0, 0, 1], 1, 3);
    assert_eq!(captures_1based(&rec), vec![(5, 2)]);
    assert_eq!(s.captured(), &[0, 2]);
    // Pit 2 (2 seeds): 3 4; pit 4, the mover's own, makes 2: the `last seed` line takes it.
    let (s, _, rec) = lap_move(&r, &[0, 2, 0, 1, 0, 0, 0, 1], 1, 2);
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
    assert_eq!(s.captured(), &[2, 0]);
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 0, 0, 1]);
}

#[test]
fn game_over_when_the_board_holds_given_counts() {
    // Bakuk (2 x 3 pits, captures of 2 or 4). Pit 1 (1 seed): 2, which makes 2: taken. The
    // board then holds pit 6's 1 seed.
    let one = bakuk_with("end { game over when the board holds 1 seed }");
    let (s, _, _) = lap_move(&one, &[1, 1, 0, 0, 0, 1], 1, 1);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 1]);
    assert_eq!(s.end(), Some(EndReason::FewSeeds));
    assert_eq!(s.to_move(), None);
    // Ending at 0 or 2 seeds: the game goes on, player 2 to move.
    let other = bakuk_with("end { game over when the board holds 0 or 2 seeds }");
    let (s, _, _) = lap_move(&other, &[1, 1, 0, 0, 0, 1], 1, 1);
    assert_eq!(s.end(), None);
    assert_eq!(s.to_move(), Some(1));
    // 0 may be a count: the board emptied by the capture ends the game there, before player 2
    // is found without a move.
    let (s, _, _) = lap_move(&other, &[1, 1, 0, 0, 0, 0], 1, 1);
    assert_eq!(s.pits(), &[0; 6]);
    assert_eq!(s.end(), Some(EndReason::FewSeeds));
    let (s, _, _) = lap_move(&one, &[1, 1, 0, 0, 0, 0], 1, 1);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
}

// ---------------------------------------------------------------------------------------------
// Stores on the circuit, openings, the move once a game

/// 2 x 3 pits, `seeds` in each, each player's rightmost pit their store (pit 3 player 1's,
/// pit 6 player 2's), with the blocks given:
///
///          6   5   4          player 2 (north); pit 6 their store
///          1   2   3          player 1 (south); pit 3 their store
fn pit_stores(seeds: usize, opening: &str, turns: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 3 pits, no stores  seeds {seeds} in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row
                        each player's rightmost pit is their store  player 1 starts }}
           {opening}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
           turns {{ {turns} }}
           capture {{ when the last pit holds 2 or 3: take the last pit }}
           end {{ player to move cannot move: game over  leftover seeds: nobody }} }}"
    ))
}

#[test]
fn a_store_on_the_circuit_is_sown_into_never_played_and_keeps_the_captures() {
    let r = pit_stores(4, "", "");
    // Pits 1 and 2 hold seeds, and so does the store, pit 3: only 1 and 2 may be played.
    let s = at(&r, &[2, 1, 5, 1, 1, 1], 1);
    assert_eq!(legal(&r, &s), vec![1, 2]);
    assert_eq!(
        r.play(&mut s.clone(), pit(3), &mut ()).unwrap_err(),
        IllegalMove::NotNow { pit: 3, legal: vec![1, 2] }
    );
    // Pit 2 (3 seeds): 3 4 5. The store is sown into like a pit; pit 5 makes 1: no capture.
    let mut s = at(&r, &[0, 3, 0, 0, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(pits_1based(&rec), vec![3, 4, 5]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 1, 0]);
    // Pit 1 (1 seed): 2, which makes 2: taken, into player 1's store (pit 3), not set aside.
    // Player 2, with nothing in pits 4 and 5, cannot move: player 1 wins by their store, 6.
    let mut s = at(&r, &[1, 1, 4, 0, 0, 0], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 2)]);
    assert_eq!(s.pits(), &[0, 0, 6, 0, 0, 0]);
    assert_eq!((s.captured(), m.captured), (&[0u16, 0][..], 2));
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(r.scores(&s)[..2], [6, 0]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    // Pit 2 (4 seeds): 3 4 5 6; player 2's store, pit 6, makes 2: a last pit like any other,
    // taken into player 1's store (Ludii's reading).
    let mut s = at(&r, &[0, 4, 0, 0, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 2)]);
    assert_eq!(s.pits(), &[0, 0, 3, 1, 1, 0]);
    // Seeds left in pits score for nobody, and the stores are no leftovers: the end scores
    // are the stores alone.
    let mut s = at(&r, &[0, 1, 2, 0, 0, 3], 1);
    play(&r, &mut s, 2);
    assert_eq!(s.pits(), &[0, 0, 3, 0, 0, 3]);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(r.scores(&s)[..2], [3, 3]);
    assert_eq!(r.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn an_opening_moves_the_seeds_of_the_pit_named_into_the_store() {
    let r = pit_stores(
        4,
        "opening { each player's first move: move the seeds of their 2nd pit into their store }",
        "",
    );
    // Ply 1: player 1's 2nd pit (pit 2) into their store (pit 3); no sowing, no capture.
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![2]);
    assert_eq!(
        r.play(&mut s.clone(), pit(1), &mut ()).unwrap_err(),
        IllegalMove::NotNow { pit: 1, legal: vec![2] }
    );
    let (m, rec) = play(&r, &mut s, 2);
    assert_eq!(pits_1based(&rec), vec![3, 3, 3, 3]);
    assert_eq!((m.captured, s.pits()), (0, &[4, 0, 8, 4, 4, 4][..]));
    // Ply 2: player 2's 2nd pit from their left, pit 5, into pit 6.
    assert_eq!(legal(&r, &s), vec![5]);
    play(&r, &mut s, 5);
    assert_eq!(s.pits(), &[4, 0, 8, 4, 0, 8]);
    // Then ordinary moves: player 1's pits with seeds, the store aside.
    assert_eq!(legal(&r, &s), vec![1]);
}

#[test]
fn an_openings_pits_are_listed_with_commas_as_counts_are() {
    let opening = |pits: &str| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 4 pits, no stores  seeds 4 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               opening {{ each player's first move: move the seeds of their {pits} pit into their 4th pit }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
               capture {{ last seed makes 2 in any pit: take them }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    let (listed, ors) = (opening("1st, 2nd or 3rd"), opening("1st or 2nd or 3rd"));
    // Player 1's 1st, 2nd or 3rd pit: pits 1, 2 and 3; player 2's: pits 5, 6 and 7.
    let mut s = listed.initial_state();
    assert_eq!(legal(&listed, &s), vec![1, 2, 3]);
    assert_eq!(legal(&ors, &s), vec![1, 2, 3]);
    play(&listed, &mut s, 2);
    assert_eq!(s.pits(), &[4, 0, 4, 8, 4, 4, 4, 4]);
    assert_eq!(legal(&listed, &s), vec![5, 6, 7]);
    assert_eq!(listed.fingerprint(), ors.fingerprint());
}

#[test]
fn an_opening_of_two_moves_each_from_a_choice_of_pits_and_into_a_store_of_captures() {
    // Iyogh's opening on 2 x 3 without stores: each player's first 2 moves take the 1st or
    // 2nd pit of their row into their 3rd.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { each player's first 2 moves: move the seeds of their 1st or 2nd pit into their 3rd pit }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { last seed makes 2 in any pit: take them }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![1, 2]);
    play(&r, &mut s, 1);
    assert_eq!(s.pits(), &[0, 4, 8, 4, 4, 4]);
    assert_eq!(legal(&r, &s), vec![4, 5]);
    play(&r, &mut s, 5);
    assert_eq!(s.pits(), &[0, 4, 8, 4, 0, 8]);
    // Player 1's second opening move: pit 1 is empty, pit 2 is left.
    assert_eq!(legal(&r, &s), vec![2]);
    play(&r, &mut s, 2);
    assert_eq!(legal(&r, &s), vec![4]);
    play(&r, &mut s, 4);
    assert_eq!(s.pits(), &[0, 0, 12, 0, 0, 12]);
    // The opening over, ordinary moves: pit 3 sows.
    assert_eq!(legal(&r, &s), vec![3]);
    // Into the store of captures, on a board with stores: the seeds are player 1's captures.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, one store per player  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { each player's first move: move the seeds of their rightmost pit into their store }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { last seed makes 2 in any pit: take them }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![3]);
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &rec), vec!["S1", "S1", "S1", "S1"]);
    assert_eq!((s.pits(), s.captured()), (&[4, 4, 0, 4, 4, 4][..], &[4u16, 0][..]));
}

#[test]
fn an_opening_sowing_drops_each_seed_where_the_mover_chooses_the_pit_before_or_the_next() {
    // Ti's opening on 2 x 3: each player's first 2 moves lift a pit of theirs and drop one
    // seed or more into each pit from the next on, the pit of each seed chosen in turn.
    //
    //          6   5   4        player 2
    //          1   2   3        player 1
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, one store per player  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { each player's first 2 moves: sow the seeds of a pit of theirs, one or more into each pit, as the mover chooses }
           sowing { counter-clockwise  first seed into the next pit  laps skip the emptied pit }
           capture { last seed makes 2 or 3 in any pit: take them }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let drop = |s: &mut State, n: usize| {
        let summary = r.play(s, pit(n), &mut ()).unwrap_or_else(|e| panic!("pit {n}: {e}"));
        let board: u32 = s.pits().iter().map(|&x| x as u32).sum::<u32>() + s.in_hand();
        assert_eq!(board, 24, "every seed on the board or in hand after {n}");
        summary
    };
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![1, 2, 3]);
    // Pit 3's four seeds: the first falls into pit 4 at once, and the mover holds three.
    drop(&mut s, 3);
    assert_eq!((s.pits(), s.in_hand()), (&[4, 4, 0, 5, 4, 4][..], 3));
    assert_eq!(
        (s.pending(), s.pending_at(), s.to_move(), s.plies()),
        (Some(Step::Drop), Some(3), Some(0), 0)
    );
    // The next seed goes into pit 4 again or into pit 5, and nowhere else.
    assert_eq!(legal(&r, &s), vec![4, 5]);
    let refused = r.play(&mut s.clone(), pit(6), &mut ()).unwrap_err().to_string();
    assert_eq!(
        refused,
        "`6` is not a choice here: the move waits for the mover to choose the pit the next seed falls into (the \
         pit the last one fell into, or the next): `4`, `5`"
    );
    drop(&mut s, 4);
    drop(&mut s, 5);
    assert_eq!(legal(&r, &s), vec![5, 6]);
    // The last seed ends the move: pit 6 makes 5, and nothing is captured in the opening, as
    // pit 4's 6 and pit 5's 5 show.
    let summary = drop(&mut s, 6);
    assert_eq!((s.pits(), s.in_hand(), s.pending()), (&[4, 4, 0, 6, 5, 5][..], 0, None));
    assert_eq!((summary.captured, s.to_move(), s.plies()), (0, Some(1), 1));
    // Player 2 drops four of pit 6's five seeds into pit 1, the next after pit 6.
    drop(&mut s, 6);
    assert_eq!(legal(&r, &s), vec![1, 2]);
    for n in [1, 1, 1, 2] {
        drop(&mut s, n);
    }
    assert_eq!((s.pits(), s.to_move()), (&[8, 5, 0, 6, 5, 0][..], Some(0)));
    // Player 1's second move goes round onto the pit it emptied, which takes seeds like any;
    // its last seed makes 3 there, and the opening captures nothing.
    drop(&mut s, 1);
    for n in [3, 4, 5, 6, 1, 1, 1] {
        drop(&mut s, n);
    }
    assert_eq!((s.pits(), s.to_move()), (&[3, 6, 1, 7, 6, 1][..], Some(1)));
    // Player 2's second move: a pit of one seed is lifted and sown, and the move ends at once.
    drop(&mut s, 6);
    assert_eq!((s.pits(), s.pending(), s.plies()), (&[4, 6, 1, 7, 6, 0][..], None, 4));
    // The opening over, pit 3's one seed sows as a move sows, and makes 8 in pit 4: no capture.
    assert_eq!(legal(&r, &s), vec![1, 2, 3]);
    let summary = drop(&mut s, 3);
    assert_eq!((s.pits(), s.pending(), summary.lifted), (&[4, 6, 0, 8, 6, 0][..], None, 1));
}

#[test]
fn an_opening_of_given_sowings_lifts_the_seeds_written_and_sows_them_as_a_move_each_player_their_own() {
    // Intotoi's opening on 2 x 4: player 1 sows 2 of the seeds of their 3rd pit in a single
    // lap, player 2 then 2 of their 2nd or 3rd pit, relaying as moves do; the opening's two
    // moves capture nothing.
    //
    //           8   7   6   5        player 2
    //           1   2   3   4        player 1
    let game = |seeds: &str, single: &str, capture_start: &str| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 4 pits, no stores  seeds pit by pit {seeds}
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               opening {{
                 player 1's first move: sow 2 seeds of their 3rd pit{single}
                 player 2's first move: sow 2 seeds of their 2nd or 3rd pit
               }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                         relay when the last seed falls into an occupied pit }}
               capture {{ {capture_start} last seed in an empty pit of the mover's own: take the opposite pit }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    let r = game("2 3 3 1 1 3 3 0", ", in a single lap", "no capture in the first 2 moves of the game");
    // Ply 1: pit 3 only; 2 of its 3 seeds go into pits 4 and 5, one stays. Pit 5 held a seed,
    // but the lap is the move's only one: no relay.
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![3]);
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!((pits_1based(&rec), m.lifted), (vec![4, 5], 2));
    assert_eq!(s.pits(), &[2, 3, 1, 2, 2, 3, 3, 0]);
    // Ply 2: player 2's 2nd or 3rd pit, pits 6 and 7. Pit 7: 2 of its 3 seeds into pits 8
    // and 1; pit 1 held 2: relay 3 from pit 1 into 2, 3, 4; relay 3 from pit 4 into 5, 6, 7;
    // relay the 2 of pit 7 into 8 and 1, which was empty: the move ends.
    assert_eq!(legal(&r, &s), vec![6, 7]);
    let mut relayed = s;
    let (_, rec) = play_move(&r, &mut relayed, pit(7));
    assert_eq!(pits_1based(&rec), vec![8, 1, 2, 3, 4, 5, 6, 7, 8, 1]);
    assert_eq!(relays_1based(&rec), vec![(1, 3), (4, 3), (7, 2)]);
    assert_eq!(relayed.pits(), &[1, 4, 2, 0, 3, 4, 0, 2]);
    // Pit 6: into 7 and 8, which was empty, the mover's own: its opposite pit (1) holds 2, but
    // the opening captures nothing.
    let (m, _) = play(&r, &mut s, 6);
    assert_eq!((m.captured, s.pits()), (0, &[2, 3, 1, 2, 2, 1, 4, 1][..]));
    // The opening over, ordinary moves: every pit of player 1's that holds seeds.
    assert_eq!(legal(&r, &s), vec![1, 2, 3, 4]);
    // Without the rule on the first moves, the same sowing takes pit 1's 2.
    let r = game("2 3 3 1 1 3 3 0", ", in a single lap", "");
    let mut s = r.initial_state();
    play(&r, &mut s, 3);
    let (m, _) = play(&r, &mut s, 6);
    assert_eq!((m.captured, s.pits(), s.captured()), (2, &[0, 3, 1, 2, 2, 1, 4, 1][..], &[0u16, 2][..]));
    // Without `in a single lap`, player 1's sowing relays from pit 5 (2) into 6 and 7, from
    // pit 7 (4) into 8, 1, 2, 3, and from pit 3 (2) into 4 and 5, which was empty.
    let r = game("0 3 3 1 1 3 3 0", "", "");
    let mut s = r.initial_state();
    let (_, rec) = play_move(&r, &mut s, pit(3));
    assert_eq!(pits_1based(&rec), vec![4, 5, 6, 7, 8, 1, 2, 3, 4, 5]);
    assert_eq!(s.pits(), &[1, 4, 0, 3, 1, 4, 0, 1]);
    // A pit of the line that holds fewer seeds than the sowing lifts cannot be played: pit 6
    // holds 1.
    let r = game("2 3 3 1 1 1 3 0", ", in a single lap", "");
    let mut s = r.initial_state();
    play(&r, &mut s, 3);
    assert_eq!(legal(&r, &s), vec![7]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "In their first move, player 1 sows two seeds of their 3rd pit (it must hold as many; the others stay \
             in it), as the game's moves sow and capture, but in a single lap"
        ),
        "{said}"
    );
}

#[test]
fn an_opening_move_may_sow_a_pit_of_the_opponents_and_a_player_without_a_line_moves_as_usual() {
    // Gabata (Oromo)'s opening on 2 x 3: player 1's first move sows the opponent's rightmost
    // pit (pit 6, player 2's 3rd from their left); player 2's first move is ordinary.
    //
    //          6   5   4        player 2
    //          1   2   3        player 1
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds pit by pit 0 4 0 4 4 4
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { player 1's first move: sow the seeds of the opponent's rightmost pit }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { none }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![6]);
    // Pit 2 is player 1's own, but not the opening's: refused, and pit 6 named.
    assert_eq!(
        r.play(&mut s.clone(), pit(2), &mut ()).unwrap_err(),
        IllegalMove::NotNow { pit: 2, legal: vec![6] }
    );
    // Pit 6 (4 seeds): 1 2 3 4, sown as a move is.
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(pits_1based(&rec), vec![1, 2, 3, 4]);
    assert_eq!(s.pits(), &[1, 5, 1, 5, 4, 0]);
    // Player 2 has no line: every pit of theirs that holds seeds.
    assert_eq!(legal(&r, &s), vec![4, 5]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "In their first move, player 1 sows every seed of the opponent's rightmost pit, as the game's moves \
             sow and capture. Player 2's first moves are ordinary moves."
        ),
        "{said}"
    );
}

#[test]
fn an_opening_sowing_may_relay_from_the_next_pit_while_it_is_occupied_and_capture_nothing() {
    // Andada's opening on 2 x 4: player 1 sows a pit of theirs, then on from the pit after each
    // lap's last while it holds seeds; the game's own relay and capture lines do not apply.
    //
    //           8   7   6   5        player 2
    //           1   2   3   4        player 1
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 4 pits, no stores  seeds pit by pit 2 2 2 0 2 2 2 2
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { player 1's first move: sow the seeds of a pit of theirs, relaying from the next pit while it is occupied }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { when the last pit holds 2 or more: relay from the last pit
                     when the last pit holds 1 and is the mover's own and the opposite pit is occupied: take the opposite pit }
           end { player to move cannot move: game over  leftover seeds: nobody } }",
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![1, 2, 3]);
    // Pit 1 (2 seeds): 2 3, making 3 and 3; the pit after, 4, is empty: the move ends. Pit 3
    // made 3, which the game's relay line would sow on: not in the opening.
    let mut once = s;
    let (_, rec) = play_move(&r, &mut once, pit(1));
    assert_eq!(pits_1based(&rec), vec![2, 3]);
    assert_eq!(once.pits(), &[0, 3, 3, 0, 2, 2, 2, 2]);
    // Pit 2 (2 seeds): 3 4, making 3 and 1 (pit 4 was empty, its opposite pit 5 holds 2: the
    // game's capture would take it, not the opening's sowing); pit 5 after it holds 2:
    // relayed, 6 7, making 3 and 3; pit 8 after it holds 2: relayed, 1 2, making 3 and 1; pit
    // 3 after it holds 3: relayed, 4 5 6, making 2, 1, 4; pit 7 after it holds 3: relayed, 8 1
    // 2, making 1, 4, 2; pit 3 after it is empty: the move ends.
    let (m, rec) = play_move(&r, &mut s, pit(2));
    assert_eq!(relays_1based(&rec), vec![(5, 2), (8, 2), (3, 3), (7, 3)]);
    assert_eq!(pits_1based(&rec), vec![3, 4, 6, 7, 1, 2, 4, 5, 6, 8, 1, 2]);
    assert_eq!((m.captured, s.pits()), (0, &[4, 2, 0, 2, 1, 4, 0, 1][..]));
    // Then player 2 moves first, by the game's rules.
    assert_eq!(legal(&r, &s), vec![5, 6, 8]);
}

/// Plays an opening's take of pit (1-based): no seed is sown.
fn take(rules: &Rules, state: &mut State, pit: usize) -> MoveSummary {
    let mut record = Record::default();
    let summary = rules.play(state, self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    assert!(record.sown.is_empty(), "an opening's take sows nothing");
    summary
}

#[test]
fn an_opening_of_takes_in_an_order_of_players_takes_pits_out_of_play_then_the_player_named_moves() {
    // Mangala (Suez)'s opening on 2 x 3: player 1, player 2, then player 1 again each take a
    // pit of theirs out of play; then player 2 moves first. A last seed alone takes the
    // opposite pit, but not in the game's first N moves, the opening's 3 counted.
    let rules = |n: usize| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 3 pits, no stores  seeds 2 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               opening {{ player 1, player 2, then player 1 again each take every seed of an occupied pit of theirs, of their choice, out of play; then player 2 moves first }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
               capture {{ no capture in the first {n} moves of the game
                         when the last pit holds 1 and the opposite pit is occupied: take the opposite pit }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    for (n, taken) in [(4, 0), (3, 1)] {
        let r = rules(n);
        let mut s = r.initial_state();
        // Ply 1: player 1 may take any occupied pit of theirs (1 to 3); pit 2's 2 seeds leave
        // the game: no sowing, nobody's capture.
        assert_eq!(legal(&r, &s), vec![1, 2, 3]);
        take(&r, &mut s, 2);
        assert_eq!((s.pits(), s.captured(), s.removed()), (&[2, 0, 2, 2, 2, 2][..], &[0u16, 0][..], 2));
        // Ply 2: player 2's pits 4 to 6; they take pit 6.
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![4, 5, 6]));
        take(&r, &mut s, 6);
        // Ply 3: player 1 again, from their occupied pits only (pit 2 is empty).
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1, 3]));
        take(&r, &mut s, 1);
        assert_eq!((s.pits(), s.removed()), (&[0, 0, 2, 2, 2, 0][..], 6));
        // Then player 2 sows first, the game's 4th move: pit 5's 2 seeds into pits 6 and 1, the
        // last alone in pit 1, facing pit 6 (1 seed). With no capture in the first 4 moves it
        // is not taken; in the first 3 only, it is.
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![4, 5]));
        let (m, _) = play(&r, &mut s, 5);
        assert_eq!((m.captured, s.pits()[5], s.captured()), (taken, 1 - taken as u8, &[0, taken][..]));
        assert_eq!(s.to_move(), Some(0));
    }
}

#[test]
fn an_opening_of_takes_may_name_any_order_counts_and_receiver() {
    // Player 1 twice, then player 2, each taking a pit of theirs that holds 3 or more, for the
    // opponent; then player 1 moves first (the turns do not follow in order).
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds pit by pit 3 1 4 2 5 3
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { player 1, player 1 again, then player 2 each take every seed of a pit of theirs that holds 3 or more, of their choice, for the opponent; then player 1 moves first }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { none }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let mut s = r.initial_state();
    // Player 1's pits holding 3 or more: 1 (3) and 3 (4); pit 2 (1) is not.
    assert_eq!(legal(&r, &s), vec![1, 3]);
    take(&r, &mut s, 3);
    assert_eq!((s.pits(), s.captured()), (&[3, 1, 0, 2, 5, 3][..], &[0u16, 4][..]));
    // Player 1 again.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1]));
    take(&r, &mut s, 1);
    // Then player 2: pits 5 (5) and 6 (3); pit 4 (2) is not.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![5, 6]));
    take(&r, &mut s, 5);
    assert_eq!((s.pits(), s.captured()), (&[0, 1, 0, 2, 0, 3][..], &[5u16, 7][..]));
    // Then player 1 moves first, an ordinary move: their occupied pit 2, and turns pass.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![2]));
    play(&r, &mut s, 2);
    assert_eq!((s.to_move(), s.pits()), (Some(1), &[0, 0, 1, 2, 0, 3][..]));
}

#[test]
fn the_move_once_a_game_is_the_only_move_when_due_and_is_made_once() {
    let r = pit_stores(
        4,
        "",
        "once a game, when the mover's store holds 3 or more: they must sow their store, skipping the stores, \
         then take every opponent's pit that holds 2 or 3",
    );
    // Player 1's store (pit 3) holds 6: sowing it is their only move.
    let mut s = at(&r, &[1, 0, 6, 1, 2, 0], 1);
    assert_eq!(legal(&r, &s), vec![3]);
    assert!(!s.spent(0));
    // 6 seeds from pit 3, past both stores (3 and 6): 4 5 1 2 4 5, making pit 4 3, pit 5 4,
    // pit 1 2, pit 2 1. Then player 2's pits holding 2 or 3, their store aside: pit 4 (3),
    // into player 1's store. Pit 1 holds 2 but is player 1's own.
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![4, 5, 1, 2, 4, 5]);
    assert_eq!(captures_1based(&rec), vec![(4, 3)]);
    assert_eq!(s.pits(), &[2, 1, 3, 0, 4, 0]);
    assert_eq!((m.captured, s.spent(0), s.spent(1)), (3, true, false));
    // Player 2's store is empty: an ordinary move. Pit 5 (4 seeds): 6 1 2 3; pit 3 makes 4.
    assert_eq!(legal(&r, &s), vec![5]);
    play(&r, &mut s, 5);
    assert_eq!(s.pits(), &[3, 2, 4, 0, 0, 1]);
    // Player 1's store holds 4, but they have made the move: ordinary moves.
    assert_eq!(legal(&r, &s), vec![1, 2]);
    // The same position with the move still to make, and the move made, are two positions:
    // a position's key holds who made it.
    let fresh = at(&r, &[3, 2, 4, 0, 0, 1], 1);
    assert_eq!(legal(&r, &fresh), vec![3]);
    assert_ne!(fresh, s);
}

#[test]
fn the_solver_refuses_stores_on_the_circuit_openings_and_the_move_once_a_game() {
    let solve = |r: &Rules| sow::play::solve::check_solvable(r, 24).unwrap_err().to_string();
    assert!(solve(&pit_stores(4, "", "")).contains("`each player's ... pit is their store`"));
    let opening = "opening { each player's first move: move the seeds of their 2nd pit into their store }";
    assert!(solve(&pit_stores(4, opening, "")).contains("`... first move: ...`"));
    let once = "once a game, when the mover's store holds 3 or more: they must sow their store";
    assert!(solve(&pit_stores(4, "", once)).contains("`once a game, ...`"));
}

#[test]
fn a_lap_rule_on_a_place_that_is_or_is_not_a_store() {
    let text = |line: &str| {
        format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 3 pits, no stores  seeds 4 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row
                            each player's rightmost pit is their store  player 1 starts }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
               capture {{ {line} }}
               end {{ player to move cannot move: game over  leftover seeds: nobody }} }}"
        )
    };
    // Pit 2 (4 seeds): 3 4 5 6; player 2's store, pit 6, makes 2: not taken, it is a store.
    let r = load(&text("when the last pit holds 2 or 3 and is not a store: take the last pit"));
    let mut s = at(&r, &[0, 4, 0, 0, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 0, 1, 1, 1, 2]);
    // Pit 1 (1 seed): 2, which makes 2 and is no store: taken into pit 3.
    let mut s = at(&r, &[1, 1, 0, 1, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(2, 2)]);
    assert_eq!(s.pits(), &[0, 0, 2, 1, 0, 0]);
    // `is a store`: the same move as the first takes pit 6 into pit 3.
    let r = load(&text("when the last pit holds 2 or 3 and is a store: take the last pit"));
    let mut s = at(&r, &[0, 4, 0, 0, 0, 1], 1);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(captures_1based(&rec), vec![(6, 2)]);
    assert_eq!(s.pits(), &[0, 0, 3, 1, 1, 0]);
    let mut s = at(&r, &[1, 1, 0, 1, 0, 0], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert!(rec.captures.is_empty());
}

#[test]
fn an_opening_move_needs_a_seed_whatever_an_ordinary_move_needs() {
    // Ordinary moves need 2 seeds; the opening moves pit 2's single seed into the store.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds pit by pit 3 1 0 3 1 0
           players 2 { player 1 owns the south row  player 2 owns the north row
                       each player's rightmost pit is their store  player 1 starts }
           opening { each player's first move: move the seeds of their 2nd pit into their store }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                    a pit needs 2 seeds to be played }
           capture { when the last pit holds 2 or 3 and is not a store: take the last pit }
           end { player to move cannot move: game over  leftover seeds: nobody } }",
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![2]);
    play(&r, &mut s, 2);
    assert_eq!(s.pits(), &[3, 0, 1, 3, 1, 0]);
    assert_eq!(legal(&r, &s), vec![5]);
    play(&r, &mut s, 5);
    // Then pit 1 (3 seeds) may be played; the store (pit 3) never.
    assert_eq!(legal(&r, &s), vec![1]);
    assert_eq!(r.play(&mut s.clone(), pit(2), &mut ()).unwrap_err(), IllegalMove::Empty { pit: 2 });
}

// A pit of one seed sown into the next pit (R11), claimed pits (R7), first moves (R2).

/// A shipped variant file, by its path from the crate's root, with a ruleset.
fn shipped(path: &str, ruleset: Option<&str>) -> Rules {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    sow::load_rules(&path, ruleset).unwrap_or_else(|e| panic!("{e}"))
}

/// A variant on 2 x 4 pits, no stores, sown counter-clockwise with the first seed into the
/// next pit, with the given capture lines, claimed pits block and end lines.
fn claims_on(capture: &str, claims: &str, end: &str) -> Rules {
    load(&format!(
        "variant \"Claims\" {{ source \"test\"
           board 2 rows of 4 pits, no stores  seeds 4 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
           capture {{ {capture} }}
           claimed pits {{ {claims} }}
           end {{ player to move cannot move: game over  leftover seeds: each pit's owner {end} }} }}"
    ))
}

/// Plays pit (1-based) in a game; returns its record.
fn step_record(game: &mut Game<'_>, pit: usize) -> Record {
    let mut record = Record::default();
    game.play(self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    record
}

/// Seeds of claimed pits that went to their claimer: pit and player 1-based.
fn to_claimers(record: &Record) -> Vec<(usize, u8, usize)> {
    record.to_claimers.iter().map(|&(p, n, c)| (p + 1, n, c + 1)).collect()
}

/// The pits (1-based) a player (1-based) has claimed.
fn claimed(s: &State, player: usize) -> Vec<usize> {
    (0..s.pits().len()).filter(|&q| s.claimed(player - 1) >> q & 1 != 0).map(|q| q + 1).collect()
}

#[test]
fn a_pit_of_one_seed_sows_it_into_the_next_pit() {
    // 2 x 4, the first seed back into the emptied pit. Pit 1 (1 seed) sows it into pit 2;
    // without the line it drops it back into pit 1, and the board is as it was.
    let sowing = "first seed into the emptied pit  a pit of one seed sows it into the next pit";
    let r = laps_on(4, sowing, "none", "");
    let (s, m, rec) = lap_move(&r, &[1, 2, 0, 0, 1, 0, 0, 0], 1, 1);
    assert_eq!(pits_1based(&rec), vec![2]);
    assert_eq!(s.pits(), &[0, 3, 0, 0, 1, 0, 0, 0]);
    assert_eq!(m.last, 1, "the last seed fell into pit 2");
    // Pit 2 (2 seeds): the first back into pit 2, the second into pit 3, as without the line.
    let (s, _, rec) = lap_move(&r, &[1, 2, 0, 0, 1, 0, 0, 0], 1, 2);
    assert_eq!(pits_1based(&rec), vec![2, 3]);
    assert_eq!(s.pits(), &[1, 1, 1, 0, 1, 0, 0, 0]);
    let plain = laps_on(4, "first seed into the emptied pit", "none", "");
    let (s, _, rec) = lap_move(&plain, &[1, 2, 0, 0, 1, 0, 0, 0], 1, 1);
    assert_eq!(pits_1based(&rec), vec![1]);
    assert_eq!(s.pits(), &[1, 2, 0, 0, 1, 0, 0, 0]);
}

#[test]
fn a_claimed_pit_is_the_movers_and_cannot_be_played() {
    // Pit 2 (3 seeds): 3 4 5. Pit 5 (player 2's) held 2, now 3: player 1 claims it.
    let line = "when the last pit holds 3 and is an opponent's: claim the last pit";
    let r = claims_on(line, "a claimed pit cannot be played", "");
    let (s, m, _) = lap_move(&r, &[0, 3, 0, 0, 2, 0, 0, 1], 1, 2);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 3, 0, 0, 1]);
    assert_eq!((claimed(&s, 1), claimed(&s, 2)), (vec![5], vec![]));
    assert_eq!((m.captured, s.captured()), (0, &[0u16, 0][..]), "a claim takes nothing");
    // Player 2's pit 5 holds 3 seeds, but it is claimed: only pit 8 can be played.
    assert_eq!(legal(&r, &s), vec![8]);
    let mut after = s;
    assert_eq!(r.play(&mut after, pit(5), &mut ()), Err(IllegalMove::Claimed { pit: 5, claimer: 1 }));
    // Without `a claimed pit cannot be played`, a claimed pit plays like any other.
    let free = claims_on(line, "", "");
    let (s, _, _) = lap_move(&free, &[0, 3, 0, 0, 2, 0, 0, 1], 1, 2);
    assert_eq!(claimed(&s, 1), vec![5]);
    assert_eq!(legal(&free, &s), vec![5, 8]);
}

#[test]
fn seeds_in_a_claimed_pit_go_to_its_claimer_after_each_move() {
    let r = claims_on(
        "when the last pit holds 3 and is an opponent's: claim the last pit",
        "a claimed pit cannot be played  seeds in a claimed pit go to its claimer after each move",
        "",
    );
    let mut game = Game::new(&r, at(&r, &[0, 3, 0, 0, 2, 0, 0, 1], 1));
    // Pit 2: 3 4 5; pit 5 is claimed with its 3 seeds, which go to player 1 after the move:
    // not a capture of the move, but the claimer's due.
    let rec = step_record(&mut game, 2);
    assert_eq!((rec.claims.clone(), to_claimers(&rec)), (vec![(4, 0)], vec![(5, 3, 1)]));
    assert!(rec.captures.is_empty());
    assert_eq!(game.state().pits(), &[0, 0, 1, 1, 0, 0, 0, 1]);
    assert_eq!(game.state().captured(), &[3, 0]);
    // Player 2, pit 8 (1 seed): pit 1. Player 1, pit 4 (1 seed): pit 5, claimed: its seed goes
    // to player 1.
    step(&mut game, 8);
    assert_eq!(to_claimers(&step_record(&mut game, 4)), vec![(5, 1, 1)]);
    let s = *game.state();
    assert_eq!(s.pits(), &[1, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(s.captured(), &[4, 0]);
    // Player 2's pits are empty: the game is over, player 1's 2 seeds left are theirs.
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&r.scores(&s)[..2], &[6, 0]);
}

#[test]
fn seeds_in_a_claimed_pit_go_to_its_claimer_after_each_lap_before_the_next_laps_rules() {
    // Pit 2 (3 seeds): 3 4 5; pit 5 makes 3: claimed, and the move relays from pit 6 (7
    // seeds): 7 8 1 2 3 4 5. After each lap, pit 5's 3 seeds go to player 1 at once, and the
    // second lap makes 1 there (no line holds), which goes to player 1 too. After each move,
    // pit 5 makes 4 with the second lap: the second line takes it for the opponent.
    let capture =
        "when the last pit holds 3 and is an opponent's: claim the last pit, then relay from the next pit
                   when the last pit holds 4: take the last pit for the opponent";
    let start = [0, 3, 0, 0, 2, 7, 0, 0];
    let lap = claims_on(capture, "seeds in a claimed pit go to its claimer after each lap", "");
    let (s, _, rec) = lap_move(&lap, &start, 1, 2);
    assert_eq!(relays_1based(&rec), vec![(6, 7)]);
    assert_eq!(to_claimers(&rec), vec![(5, 3, 1), (5, 1, 1)]);
    assert!(rec.captures.is_empty());
    assert_eq!(s.pits(), &[1, 1, 2, 2, 0, 0, 1, 1]);
    assert_eq!(s.captured(), &[4, 0]);
    let moved = claims_on(capture, "seeds in a claimed pit go to its claimer after each move", "");
    let (s, _, rec) = lap_move(&moved, &start, 1, 2);
    assert_eq!(captures_1based(&rec), vec![(5, 4)]);
    assert!(rec.to_claimers.is_empty(), "pit 5 was emptied by the take");
    assert_eq!(s.pits(), &[1, 1, 2, 2, 0, 0, 1, 1]);
    assert_eq!(s.captured(), &[0, 4]);
    assert_eq!(claimed(&s, 1), vec![5], "the pit stays claimed once emptied");
}

#[test]
fn seeds_left_in_a_claimed_pit_at_the_end_go_to_its_claimer() {
    let line = "when the last pit holds 3 and is an opponent's: claim the last pit";
    let at_end = claims_on(
        line,
        "a claimed pit cannot be played  seeds in a claimed pit go to its claimer at the end",
        "",
    );
    let owner = claims_on(line, "a claimed pit cannot be played", "");
    for (r, scores) in [(&at_end, [6, 0]), (&owner, [2, 4])] {
        // Pit 2: 3 4 5, pit 5 claimed. Player 2, pit 8: 1. Player 1, pit 4: 5, which makes 4.
        let mut game = Game::new(r, at(r, &[0, 3, 0, 0, 2, 0, 0, 1], 1));
        step(&mut game, 2);
        step(&mut game, 8);
        step(&mut game, 4);
        let s = *game.state();
        assert_eq!(s.pits(), &[1, 0, 1, 0, 4, 0, 0, 0]);
        // Player 2's only seeds are in pit 5, claimed: no legal move. Pit 5's 4 seeds go to
        // player 1 by the line `at the end`, else to its owner, player 2; pits 1 and 3 to
        // player 1.
        assert_eq!(s.end(), Some(EndReason::NoLegalMove));
        assert_eq!(&r.scores(&s)[..2], &scores);
    }
}

#[test]
fn a_pit_claimed_by_an_opponent_may_be_claimed_again() {
    let r = claims_on(
        "when the last pit holds 3 and is not claimed: claim the last pit
         when the last pit holds 4 and is claimed by an opponent: claim the last pit
         when the last pit holds 5 and is claimed by an opponent and the mover has no claimed pit: take the last pit",
        "",
        "",
    );
    let mut game = Game::new(&r, at(&r, &[0, 3, 0, 0, 2, 7, 0, 0], 1));
    // Pit 2: 3 4 5; pit 5 makes 3, claimed by nobody: player 1 claims it.
    step(&mut game, 2);
    assert_eq!((claimed(game.state(), 1), claimed(game.state(), 2)), (vec![5], vec![]));
    // Player 2, pit 6 (7 seeds): 7 8 1 2 3 4 5; pit 5 makes 4 and is player 1's: player 2
    // claims it, and player 1 has it no more.
    step(&mut game, 6);
    assert_eq!(game.state().pits(), &[1, 1, 2, 2, 4, 0, 1, 1]);
    assert_eq!((claimed(game.state(), 1), claimed(game.state(), 2)), (vec![], vec![5]));
    // Player 1, pit 3 (2 seeds): 4 5; pit 5 makes 5, claimed by player 2, and player 1 has
    // no claimed pit: taken.
    assert_eq!(step(&mut game, 3), vec![(5, 5)]);
    assert_eq!(game.state().captured(), &[5, 0]);
    assert_eq!(claimed(game.state(), 2), vec![5]);
}

#[test]
fn toguz_kumalak_makes_a_tuzdik_but_not_in_the_mirror_of_the_opponents() {
    let r = shipped("variants/toguz-kumalak.sow", None);
    // Player 1, pit 9 (4 seeds): 9 (the first back) 10 11 12. Pit 12 makes 3 in player 2's
    // row, player 1 has no tuzdik: pit 12 is player 1's, its 3 seeds theirs.
    let start = [0, 0, 2, 2, 0, 0, 0, 0, 4, 0, 0, 2, 0, 0, 0, 0, 0, 4];
    let mut game = Game::new(&r, at(&r, &start, 1));
    assert_eq!(step(&mut game, 9), vec![(12, 3)]);
    let s = *game.state();
    assert_eq!(s.pits(), &[0, 0, 2, 2, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 4]);
    assert_eq!((s.captured(), claimed(&s, 1)), (&[3u16, 0][..], vec![12]));
    // Player 2, pit 18 (4 seeds): 18 1 2 3. Pit 3 makes 3, but it is the third pit of player
    // 1's row as pit 12 is the third of player 2's: no tuzdik, and 3 is odd: nothing taken.
    let mut mirror = game.clone();
    assert_eq!(step(&mut mirror, 18), vec![]);
    assert_eq!(mirror.state().pits(), &[1, 1, 3, 2, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(claimed(mirror.state(), 2), Vec::<usize>::new());
    // Player 2, pit 11 (1 seed): it goes into pit 12, player 1's tuzdik, and so to player 1.
    let mut into = game.clone();
    assert_eq!(to_claimers(&step_record(&mut into, 11)), vec![(12, 1, 1)]);
    assert_eq!(into.state().captured(), &[4, 0]);
    // With 5 seeds in pit 18: 18 1 2 3 4, pit 4 makes 3: player 2's tuzdik.
    let mut start = start;
    start[17] = 5;
    let mut game = Game::new(&r, at(&r, &start, 1));
    step(&mut game, 9);
    assert_eq!(step(&mut game, 18), vec![(4, 3)]);
    let s = *game.state();
    assert_eq!(s.pits(), &[1, 1, 3, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!((s.captured(), claimed(&s, 2)), (&[3u16, 3][..], vec![4]));
    // Player 1, pit 9 (1 seed): into pit 10, not back, which makes 2 there: taken.
    assert_eq!(step(&mut game, 9), vec![(10, 2)]);
    assert_eq!(game.state().pits(), &[1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn toguz_kumalak_modern_makes_no_tuzdik_in_the_opponents_ninth_pit() {
    // Player 1, pit 9 (10 seeds): 9 and 10 to 18; pit 18 makes 3. It is player 2's ninth pit
    // (their rightmost): a tuzdik by Ludii's rules, none under "modern".
    let start = [0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    let r = shipped("variants/toguz-kumalak.sow", None);
    let (s, _, _) = lap_move(&r, &start, 1, 9);
    assert_eq!((claimed(&s, 1), s.captured()), (vec![18], &[3u16, 0][..]));
    let modern = shipped("variants/toguz-kumalak.sow", Some("modern"));
    let (s, _, _) = lap_move(&modern, &start, 1, 9);
    assert_eq!((claimed(&s, 1), s.captured()), (vec![], &[0u16, 0][..]));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]);
}

#[test]
fn a_players_first_move_is_from_a_given_pit() {
    // Leyla Gobale: the game's first move is from pit 6; player 2's first move is free, but
    // under the rules text from their rightmost pit, pit 12.
    let r = shipped("variants/leyla-gobale.sow", None);
    let start = r.initial_state();
    assert_eq!(legal(&r, &start), vec![6]);
    let mut s = start;
    assert_eq!(r.play(&mut s, pit(1), &mut ()), Err(IllegalMove::FirstMove { pit: 1, from: Box::new([6]) }));
    let mut game = Game::new(&r, start);
    step(&mut game, 6);
    let s = *game.state();
    assert_eq!(s.to_move(), Some(1));
    let nonempty: Vec<usize> = (7..=12).filter(|&p| s.pits()[p - 1] > 0).collect();
    assert_eq!(legal(&r, &s), nonempty);
    let text = shipped("variants/leyla-gobale.sow", Some("text"));
    let mut game = Game::new(&text, text.initial_state());
    step(&mut game, 6);
    assert_eq!(game.state().pits(), s.pits(), "the same first move");
    assert_eq!(legal(&text, game.state()), vec![12]);
    // Player 2's second move is free again.
    step(&mut game, 12);
    let p1 = legal(&text, game.state())[0];
    step(&mut game, p1);
    let nonempty: Vec<usize> = (7..=12).filter(|&p| game.state().pits()[p - 1] > 0).collect();
    assert_eq!(legal(&text, game.state()), nonempty);
}

#[test]
fn leyla_gobale_moves_a_seed_across_claims_both_pits_and_ends_when_a_side_cannot_move() {
    // The shipped file without its first-move line, from a position given by hand. Sowing is
    // clockwise (pit 3 to 2 to 1 to 12), pit p faces pit 13 - p.
    let path = format!("{}/variants/leyla-gobale.sow", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap().replace("player 1's first move is from pit 6", "");
    let r = load(&text);
    let mut game = Game::new(&r, at(&r, &[0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 3, 1], 1));
    // Player 1, pit 3 (1 seed): pit 2, which was empty, in their own row; pit 11 facing it
    // holds 3: one seed moves into pit 2 (2 and 2), and both are player 1's.
    assert_eq!(step(&mut game, 3), vec![]);
    assert_eq!(game.state().pits(), &[0, 2, 0, 0, 1, 0, 0, 1, 0, 0, 2, 1]);
    assert_eq!(claimed(game.state(), 1), vec![2, 11]);
    // Player 2 cannot play pit 11. Pit 12 (1 seed): pit 11, which makes 3 but is claimed: no
    // relay, the move ends.
    assert_eq!(legal(&r, game.state()), vec![8, 12]);
    let mut record = Record::default();
    game.play(pit(12), &mut record).unwrap();
    assert!(record.relays.is_empty());
    assert_eq!(game.state().pits(), &[0, 2, 0, 0, 1, 0, 0, 1, 0, 0, 3, 0]);
    // 5: pit 4; 8: pit 7; 4: pit 3 (each empty, facing an empty pit: nothing taken). Player 2,
    // pit 7: pit 6, player 1's. Player 2's unclaimed pits are then all empty: game over.
    for p in [5, 8, 4, 7] {
        assert_eq!(step(&mut game, p), vec![]);
    }
    let s = *game.state();
    assert_eq!(s.pits(), &[0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 3, 0]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    // Player 1: the 2 + 3 seeds of the pits they claimed, and pits 3 and 6 of their row.
    assert_eq!(&r.scores(&s)[..2], &[7, 0]);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

#[test]
fn the_solver_refuses_claimed_pits_and_first_moves() {
    // A table of seeds holds neither the pits claimed nor who has moved.
    let words = |r: &Rules| sow::play::solve::check_solvable(r, 12).unwrap_err().to_string();
    for path in ["variants/toguz-kumalak.sow", "variants/leyla-gobale.sow"] {
        assert!(words(&shipped(path, None)).contains("its rule `claim ...` (in the `when` lines)"), "{path}");
    }
    let first = bakuk_with("turns { player 1's first move is from pit 2 }");
    assert!(words(&first).contains("its rule the `first move is from` lines"));
    assert!(sow::play::solve::check_solvable(&bundled("Bakuk", None), 12).is_ok());
}

#[test]
fn a_pit_of_one_seed_sown_on_silences_the_warning_about_single_seeds() {
    // With the first seed back into the emptied pit, a pit of one seed changes nothing when
    // played, and `check` warns; sown into the next pit, it changes the board.
    let warnings = |sowing: &str| {
        let text = format!(
            "variant \"W\" extends \"Bakuk\" {{ source \"test\" sowing {{ first seed into the emptied pit {sowing} }} }}"
        );
        let file = sow::lang::library::load_text("w.sow", &text).unwrap_or_else(|e| panic!("{e}"));
        let (_, warnings) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
        warnings.to_string()
    };
    assert!(warnings("").contains("a pit holding 1 seed can be played without changing the board"));
    assert_eq!(warnings("a pit of one seed sows it into the next pit"), "");
    // A capture that takes the single seed back in its pit changes the board too: a last seed
    // that makes 1 in any pit, or a rule after the lap that takes a last pit holding 1 (Ako
    // Okwe's). One that takes only 1s of the opponent's does not.
    let capture = |capture: &str| {
        let text = format!(
            "variant \"W\" extends \"Bakuk\" {{ source \"test\" sowing {{ first seed into the emptied pit }} \
             capture {{ {capture} }} }}"
        );
        let file = sow::lang::library::load_text("w.sow", &text).unwrap_or_else(|e| panic!("{e}"));
        let (_, warnings) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
        warnings.to_string().contains("without changing the board")
    };
    assert!(!capture("last seed makes 1 or 3 in any pit: take them"));
    assert!(!capture("when the last pit holds 1: take the last pit"));
    assert!(capture("last seed makes 1 or 3 in an opponent's pit: take them"));
    assert!(capture("when the last pit holds 2: take the last pit"));
}

// Rounds

/// A game of rounds on 2 x 3 pits without stores, nothing captured: a round is over when a
/// row is empty, each player takes the seeds of their row, and fills their pits in turns with
/// 2 seeds each. Pit 1 faces pit 6, pit 3 pit 4:
///
///          6   5   4          player 2 (north)
///          1   2   3          player 1 (south)
/// A game on 2 x 3 pits, 2 seeds each, no stores, sown counter-clockwise from the next pit:
/// `sowing` added to its sowing block, then `blocks` (capture, end, rounds), as written.
fn small_game(sowing: &str, blocks: &str) -> Rules {
    load(&format!(
        "variant \"R\" {{ source \"test\"
           board 2 rows of 3 pits, no stores
           seeds 2 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit {sowing} }}
           {blocks}
         }}"
    ))
}

fn rounds(sowing: &str, fill: &str, unfilled: &str, lose: &str) -> Rules {
    small_game(
        sowing,
        &format!(
            "capture {{ none }}
             end {{ player to move cannot move: game over  leftover seeds: each pit's owner }}
             rounds {{
               {fill}
               each player takes the seeds of their own pits
               in turns, each player fills {unfilled}
               {lose}
             }}"
        ),
    )
}

fn leftmost_rounds() -> Rules {
    leftmost_rounds_with("a player who cannot fill a pit loses the match")
}

/// Rounds over when a row is empty, each player filling their leftmost empty pit with 2 seeds,
/// pits not filled out of play for the round, and `lines` (the end of the match, and more).
fn leftmost_rounds_with(lines: &str) -> Rules {
    rounds(
        "",
        "round over when a row is empty",
        "their leftmost empty pit with 2 seeds  pits not filled are out of play for the round",
        lines,
    )
}

/// A position of a game of rounds: pits, hands, the player to move (1-based), the pits out of
/// play (1-based), and whether the players are filling.
fn in_round(r: &Rules, pits: &[u8], hands: &[u16], to_move: usize, out: &[usize], filling: bool) -> State {
    let mask = out.iter().fold(0u64, |m, &p| m | 1 << (p - 1));
    r.state_in_round(pits, hands, to_move - 1, mask, filling, 0).unwrap()
}

/// Plays pit (1-based) of a move that may relay; every seed kept.
fn relaying(rules: &Rules, state: &mut State, pit: usize) -> (MoveSummary, Record) {
    let before = seeds_in_play(state);
    let mut record = Record::default();
    let summary = rules.play(state, self::pit(pit), &mut record).unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    assert_eq!(seeds_in_play(state), before, "seeds conserved by pit {pit}");
    (summary, record)
}

fn out_of_play(s: &State) -> Vec<usize> {
    (0..s.pits().len()).filter(|&p| s.out_of_play() >> p & 1 != 0).map(|p| p + 1).collect()
}

#[test]
fn a_round_is_over_when_a_row_is_empty_and_each_player_takes_their_row() {
    let r = leftmost_rounds();
    // Player 1's single seed goes from pit 3 to pit 4: their row is empty. Player 1 takes
    // nothing (hand 2), player 2 takes 4 + 2 + 3 = 9 (hand 9).
    let mut s = in_round(&r, &[0, 0, 1, 3, 2, 3], &[2, 0], 1, &[], false);
    let (_, record) = play(&r, &mut s, 3);
    assert_eq!(record.round_over, Some(1));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(s.captured(), &[2, 9]);
    assert_eq!(s.rounds_over(), 1);
    // The filling starts with the player after the mover: player 2, into their leftmost
    // empty pit, pit 4 (their left hand faces player 1's right).
    assert!(s.filling());
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4]);
}

#[test]
fn a_store_on_the_circuit_is_no_part_of_a_row_that_ends_a_round() {
    // Pits 3 and 6 are the players' stores, never played.
    let r = load(
        "variant \"R\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row
                       each player's rightmost pit is their store  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { none }
           end { player to move cannot move: game over  leftover seeds: each pit's owner }
           rounds { round over when a row is empty  each player takes the seeds of their own pits
                    in turns, each player fills their leftmost empty pit with 2 seeds
                    pits not filled are out of play for the round
                    a player who cannot fill a pit loses the match } }",
    );
    // Pit 2's seed falls into player 1's store, pit 3 (now 6): pits 1 and 2 are empty, so
    // player 1's row is, whatever the store holds. Each takes their pits: 6 and 6.
    let mut s = at(&r, &[0, 1, 5, 2, 2, 2], 1);
    let (_, record) = play(&r, &mut s, 2);
    assert_eq!(record.round_over, Some(1));
    assert_eq!(s.captured(), &[6, 6]);
    assert!(s.filling());
}

#[test]
fn players_fill_in_turns_and_play_starts_after_the_last_to_fill() {
    let r = leftmost_rounds();
    let mut s = in_round(&r, &[0; 6], &[2, 9], 2, &[], true);
    // Player 2 fills pit 4 (hand 7), player 1 pit 1 (hand 0), player 2 pit 5 (hand 5); player
    // 1 cannot fill and is passed over; player 2 fills pit 6 (hand 3).
    for (pit, player, hands) in [(4, 2, [2, 7]), (1, 1, [0, 7]), (5, 2, [0, 5]), (6, 2, [0, 3])] {
        assert_eq!(s.to_move(), Some(player - 1), "pit {pit}");
        assert_eq!(legal(&r, &s), [pit]);
        let (summary, record) = play(&r, &mut s, pit);
        assert_eq!((summary.lifted, record.fill), (0, Some((pit - 1, 2))));
        assert_eq!(s.captured(), &hands);
    }
    // Nobody can fill: the round starts with player 1, after player 2 who filled last; the
    // pits left empty, 2 and 3, are out of play.
    assert!(!s.filling());
    assert_eq!(s.pits(), &[2, 0, 0, 2, 2, 2]);
    assert_eq!(out_of_play(&s), [2, 3]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [1]);
}

/// `leftmost_rounds` with a rule on player 1's first move: each round's, or the match's.
fn first_move_rounds(first: &str) -> Rules {
    small_game(
        "",
        &format!(
            "turns {{ {first} }}
             capture {{ none }}
             end {{ player to move cannot move: game over  leftover seeds: each pit's owner }}
             rounds {{
               round over when a row is empty
               each player takes the seeds of their own pits
               in turns, each player fills their leftmost empty pit with 2 seeds
               pits not filled are out of play for the round
               a player who cannot fill a pit loses the match
             }}"
        ),
    )
}

#[test]
fn a_first_move_is_each_rounds_unless_the_rules_name_the_matchs() {
    for (line, second_round) in [
        ("player 1's first move is from pit 3", vec![3]),
        ("player 1's first move of the match is from pit 3", vec![1, 2, 3]),
    ] {
        let r = first_move_rounds(line);
        // Round 1: player 1's first move, from pit 3 (its single seed into pit 4), empties
        // their row. Player 1 takes nothing (hand 6), player 2 takes 4 + 2 + 3 (hand 9).
        let mut s = in_round(&r, &[0, 0, 1, 3, 2, 3], &[6, 0], 1, &[], false);
        assert_eq!(legal(&r, &s), [3], "{line}");
        let (_, record) = play(&r, &mut s, 3);
        assert_eq!(record.round_over, Some(1), "{line}");
        assert_eq!(s.captured(), &[6, 9], "{line}");
        // The fills, from player 2 (after the mover): 4, 1, 5, 2, 6, 3, two seeds each; play
        // starts after the last to fill, player 1: with player 2, who sows pit 4 into 5 and 6.
        for pit in [4, 1, 5, 2, 6, 3] {
            play(&r, &mut s, pit);
        }
        assert!(!s.filling(), "{line}");
        assert_eq!((s.pits(), s.to_move()), (&[2, 2, 2, 2, 2, 2][..], Some(1)), "{line}");
        play(&r, &mut s, 4);
        // Player 1's first move of the second round: from pit 3 again, or free.
        assert_eq!(legal(&r, &s), second_round, "{line}");
    }
    // Without rounds, the match's first move cannot be named.
    let text = "variant \"K\" extends \"koumma\" { source \"test\" turns { player 1's first move of the match is from pit 1 } }";
    let file = sow::lang::library::load_text("k.sow", text).unwrap();
    let e = sow::lang::check::check(&file, None).unwrap_err().to_string();
    assert!(e.starts_with("error: the first move of the match, in a game without rounds\n"), "{e}");
}

#[test]
fn the_players_take_turns_to_begin_the_rounds_whoever_filled_last() {
    let r = leftmost_rounds_with(
        "a player who cannot fill a pit loses the match  the players take turns to begin the rounds",
    );
    // The fills of the test above, after the first round (1 round over): player 2 fills last,
    // but the second round is begun by player 2, the first having been player 1's.
    let mut s = r.state_in_round(&[0; 6], &[2, 9], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 6] {
        play(&r, &mut s, pit);
    }
    assert!(!s.filling());
    assert_eq!(s.pits(), &[2, 0, 0, 2, 2, 2]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    // After two rounds over, the third is player 1's again: fills 4, 1, 5, 6 as above.
    let mut s = r.state_in_round(&[0; 6], &[2, 9], 1, 0, true, 2).unwrap();
    for pit in [4, 1, 5, 6] {
        play(&r, &mut s, pit);
    }
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1]));
    // Without the line, the round starts after the last to fill, player 2: with player 1.
    let plain = leftmost_rounds();
    let mut s = plain.state_in_round(&[0; 6], &[2, 9], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 6] {
        play(&plain, &mut s, pit);
    }
    assert_eq!(s.to_move(), Some(0));
    // describe says it; each round set up as the first cannot have it.
    assert!(
        sow::lang::describe::describe(r.spec(), &[]).contains("The players take turns to begin the rounds")
    );
    assert_ne!(r.fingerprint(), plain.fingerprint());
}

#[test]
fn a_player_short_of_a_fill_fills_with_all_they_hold() {
    let r = leftmost_rounds_with(
        "a player holding fewer seeds than a fill fills with all they hold  \
         a player who cannot fill a pit loses the match",
    );
    // Fills of 2 from hands of 3 and 8, player 2 first: pits 4, 1, 5; player 1, left with 1,
    // puts it into pit 2 (a fill of its own, their last); player 2 fills pit 6. Pit 3 alone is
    // out of play, and the round starts with player 1, after the last to fill.
    let mut s = r.state_in_round(&[0; 6], &[3, 8], 1, 0, true, 1).unwrap();
    for (pit, fills) in [(4, vec![4]), (1, vec![1]), (5, vec![5]), (2, vec![2]), (6, vec![6])] {
        assert_eq!(legal(&r, &s), fills);
        play(&r, &mut s, pit);
    }
    assert!(!s.filling());
    assert_eq!(s.pits(), &[2, 1, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[0, 2]);
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1, 2]));
    // Without the line, player 1 keeps their seed and pit 2 is out of play too.
    let plain = leftmost_rounds();
    let mut s = plain.state_in_round(&[0; 6], &[3, 8], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 6] {
        play(&plain, &mut s, pit);
    }
    assert_eq!(s.pits(), &[2, 0, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[1, 2]);
    // A player who cannot fill a pit holds no seed. Player 1 sows pit 3's seed into pit 4 and
    // their row is empty: holding 1 (and player 2 10), they fill pit 1 with it, where without
    // the line they have lost; holding none, they have lost.
    let mut s = in_round(&r, &[0, 0, 1, 2, 3, 4], &[1, 0], 1, &[], false);
    play(&r, &mut s, 3);
    assert!(s.filling() && !s.is_over());
    assert_eq!(s.captured(), &[1, 10]);
    let mut p = in_round(&plain, &[0, 0, 1, 2, 3, 4], &[1, 0], 1, &[], false);
    play(&plain, &mut p, 3);
    assert_eq!(plain.outcome(&p), Some(Outcome::Win(1)));
    let mut s = in_round(&r, &[0, 0, 1, 2, 3, 5], &[0, 0], 1, &[], false);
    play(&r, &mut s, 3);
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
    // describe says it (its lines wrapped).
    let words = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("fewer than two seeds, but some, still fills: they put all they hold"), "{words}");
    assert_ne!(r.fingerprint(), plain.fingerprint());
}

#[test]
fn the_player_with_fewer_seeds_fills_first_whoever_ended_the_round() {
    let fewer = |tie: &str| {
        leftmost_rounds_with(&format!(
            "a player who cannot fill a pit loses the match  the player with fewer seeds fills first{tie}"
        ))
    };
    let r = fewer("");
    // Player 1 sows pit 3's seed into pit 4: their row is empty, and the round is over. Player
    // 1 takes nothing (hand 5), player 2 pits 4 and 5, 3 + 3 (hand 3 + 6 = 9). Player 2 would
    // fill first, the player to move next; player 1, holding fewer, does: pits 1, 4, 2, 5, 6
    // (player 1 then holding 1 seed is passed over).
    let mut s = in_round(&r, &[0, 0, 1, 2, 3, 0], &[5, 3], 1, &[], false);
    play(&r, &mut s, 3);
    assert!(s.filling());
    assert_eq!(s.captured(), &[5, 9]);
    for (pit, player) in [(1, 1), (4, 2), (2, 1), (5, 2), (6, 2)] {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(player - 1), vec![pit]), "pit {pit}");
        play(&r, &mut s, pit);
    }
    // Play starts after the last to fill, player 2.
    assert!(!s.filling());
    assert_eq!((s.pits(), s.captured()), (&[2, 2, 0, 2, 2, 2][..], &[1, 3][..]));
    assert_eq!(s.to_move(), Some(0));
    // Without the line, player 2 fills first.
    let plain = leftmost_rounds();
    let mut s = in_round(&plain, &[0, 0, 1, 2, 3, 0], &[5, 3], 1, &[], false);
    play(&plain, &mut s, 3);
    assert_eq!((s.to_move(), legal(&plain, &s)), (Some(1), vec![4]));
    // A tie (9 and 9): the player to move next, player 2, or the player the line names.
    let mut s = in_round(&r, &[0, 0, 1, 2, 3, 0], &[9, 3], 1, &[], false);
    play(&r, &mut s, 3);
    assert_eq!((s.captured(), s.to_move()), (&[9, 9][..], Some(1)));
    let named = fewer(", player 1 on a tie");
    let mut s = in_round(&named, &[0, 0, 1, 2, 3, 0], &[9, 3], 1, &[], false);
    play(&named, &mut s, 3);
    assert_eq!((s.to_move(), legal(&named, &s)), (Some(0), vec![1]));
    // describe says it, and the three are three rule sets.
    let said = |r: &Rules| {
        sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert!(said(&r).contains("holds fewer seeds fills first (on a tie, the player to move next)"));
    assert!(said(&named).contains("holds fewer seeds fills first (on a tie, player 1)"));
    assert_ne!(r.fingerprint(), plain.fingerprint());
    assert_ne!(r.fingerprint(), named.fingerprint());
}

#[test]
fn a_player_who_owns_too_few_pits_once_the_pits_are_filled_loses_the_match() {
    let owns = leftmost_rounds_with;
    let r = owns("a player who owns 1 pit or fewer loses the match");
    // The fills of the test above: player 2 fills 4, player 1 pit 1 (hand 0), player 2 pits 5
    // and 6. Player 1 owns pit 1 alone, pits 2 and 3 being out of play: 1 pit, and they lose,
    // whatever the seeds.
    let mut s = r.state_in_round(&[0; 6], &[2, 9], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 6] {
        assert_eq!(s.end(), None);
        play(&r, &mut s, pit);
    }
    assert_eq!(s.end(), Some(EndReason::FewPits));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
    // With 4 seeds player 1 fills pits 1 and 2: 2 pits, and play goes on.
    let mut s = r.state_in_round(&[0; 6], &[4, 7], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 2, 6] {
        play(&r, &mut s, pit);
    }
    assert_eq!((s.end(), s.pits()), (None, &[2, 2, 0, 2, 2, 2][..]));
    // `owns no pit`: a player who could fill one pit plays on; one who could fill none loses.
    let none = owns("a player who owns no pit loses the match");
    let mut s = none.state_in_round(&[0; 6], &[2, 9], 1, 0, true, 1).unwrap();
    for pit in [4, 1, 5, 6] {
        play(&none, &mut s, pit);
    }
    assert_eq!(s.end(), None);
    let mut s = none.state_in_round(&[0; 6], &[1, 10], 1, 0, true, 1).unwrap();
    for pit in [4, 5, 6] {
        play(&none, &mut s, pit);
    }
    assert_eq!((s.end(), none.outcome(&s)), (Some(EndReason::FewPits), Some(Outcome::Win(1))));
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("a player owns one pit or fewer: that player loses"), "{said}");
}

#[test]
fn a_fill_must_be_the_movers_leftmost_empty_pit() {
    let r = leftmost_rounds();
    let mut s = in_round(&r, &[2, 0, 0, 0, 0, 0], &[4, 6], 1, &[], true);
    assert_eq!(legal(&r, &s), [2]);
    for (pit, why) in [
        (3, "the mover fills their leftmost empty pit first"),
        (1, "it is not empty"),
        (4, "it is not the mover's own"),
    ] {
        let err = r.play(&mut s, self::pit(pit), &mut ()).unwrap_err();
        assert_eq!(err, IllegalMove::NotFillable { pit, why });
    }
}

#[test]
fn sowing_passes_pits_out_of_play_and_they_cannot_be_played() {
    let r = leftmost_rounds();
    // Pits 2 and 3 are out of play: pit 1's 2 seeds go to pits 4 and 5.
    let mut s = in_round(&r, &[2, 0, 0, 2, 2, 2], &[0, 3], 1, &[2, 3], false);
    let (summary, record) = play(&r, &mut s, 1);
    assert_eq!(places(&r, &record), ["4", "5"]);
    assert_eq!(summary.last, 4);
    // Player 1's row is empty: the round is over, and player 1's hand (0) cannot fill a pit.
    assert_eq!(s.end(), Some(EndReason::CannotFill));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
    // A pit out of play holding seeds cannot be played either.
    let s = in_round(&r, &[2, 1, 0, 2, 2, 2], &[0, 3], 1, &[2, 3], false);
    assert_eq!(legal(&r, &s), [1]);
    let err = r.play(&mut s.clone(), pit(2), &mut ()).unwrap_err();
    assert_eq!(err, IllegalMove::OutOfPlay { pit: 2 });
}

#[test]
fn pits_out_of_play_for_the_round_are_in_play_again_at_its_end() {
    let r = leftmost_rounds();
    // Pit 2 and 3 out; player 1 sows pit 1 into 4 and 5 (pits 2, 3 passed), the round ends,
    // player 1 takes nothing and has 4 in hand: enough for two pits, 1 and 2.
    let mut s = in_round(&r, &[2, 0, 0, 2, 2, 2], &[4, 0], 1, &[2, 3], false);
    play(&r, &mut s, 1);
    assert!(s.filling());
    assert_eq!(s.captured(), &[4, 8]);
    assert_eq!(out_of_play(&s), Vec::<usize>::new());
    for pit in [4, 1, 5, 2, 6] {
        play(&r, &mut s, pit);
    }
    // Player 1 had 4 (two pits), player 2 had 8 (three, 2 left over).
    assert_eq!(s.pits(), &[2, 2, 0, 2, 2, 2]);
    assert_eq!(s.captured(), &[0, 2]);
    assert_eq!(out_of_play(&s), [3]);
    assert_eq!(s.to_move(), Some(0));
}

#[test]
fn a_round_over_after_a_lap_that_would_relay_leaves_the_mover_to_fill_first() {
    let r = rounds(
        "relay when the last seed falls into an occupied pit",
        "round over when a row is empty, after each lap",
        "their leftmost empty pit with 2 seeds  pits not filled are out of play for the round",
        "a player who cannot fill a pit loses the match",
    );
    // Player 1's seed from pit 3 falls into pit 4 (now 2): the lap would relay, but player
    // 1's row is empty after it, so the round is over there and player 1 fills first.
    let mut s = in_round(&r, &[0, 0, 1, 1, 2, 2], &[4, 2], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 3);
    assert!(record.relays.is_empty());
    assert_eq!(s.captured(), &[4, 8]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [1]);
    // Checked after the move only, the relay goes on: 2 seeds from pit 4 into 5 and 6.
    let r = rounds(
        "relay when the last seed falls into an occupied pit",
        "round over when a row is empty",
        "their leftmost empty pit with 2 seeds  pits not filled are out of play for the round",
        "a player who cannot fill a pit loses the match",
    );
    let mut s = in_round(&r, &[0, 0, 1, 1, 2, 2], &[4, 2], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 3);
    // Pit 6 made 3: the relay goes on from pit 6 into pits 1, 2, 3: player 1's row is no
    // longer empty, and the round goes on with player 2.
    assert_eq!(places(&r, &record), ["4", "5", "6", "1", "2", "3"]);
    assert!(s.pits().iter().all(|&c| c <= 3));
    assert_eq!(s.rounds_over(), 0);
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn pits_not_filled_stay_out_of_play_for_good_and_a_player_without_pits_loses() {
    let r = rounds(
        "",
        "round over when a row is empty",
        "an empty pit of their choice with 2 seeds  pits not filled are out of play for good",
        "a player left with no pit in play loses the match",
    );
    // Player 2 fills pit 6, of their choice; player 1, with 2 seeds, pit 2; player 2 pit 4.
    let mut s = in_round(&r, &[0; 6], &[2, 4], 2, &[3], true);
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    play(&r, &mut s, 6);
    // Pit 3 is out of play for good, but empty: a player may fill it all the same.
    assert_eq!(legal(&r, &s), [1, 2, 3]);
    for pit in [2, 4] {
        play(&r, &mut s, pit);
    }
    // Pits 1, 3 and 5 are left empty: out of play, with pit 3, for good.
    assert_eq!(out_of_play(&s), [1, 3, 5]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [2]);
    // Filled, an out-of-play pit keeps its seeds out of play: sowing passes it by.
    let mut s = in_round(&r, &[0, 0, 0, 2, 2, 2], &[2, 0], 1, &[1, 2, 3], true);
    assert_eq!(legal(&r, &s), [1, 2, 3]);
    play(&r, &mut s, 3);
    // Player 1 has no pit in play: they lose the match.
    assert_eq!(s.end(), Some(EndReason::NoPitInPlay));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
}

#[test]
fn the_match_is_over_when_a_hand_cannot_fill_a_pit() {
    let r = leftmost_rounds();
    // Player 2 sows pit 6's seed into pit 1: player 2's row is empty. Hands: player 1 takes
    // 3, with 0 before (3 in all); player 2 has 1: fewer than the 2 a pit takes.
    let mut s = in_round(&r, &[1, 1, 0, 0, 0, 1], &[0, 1], 2, &[], false);
    play(&r, &mut s, 6);
    assert_eq!(s.captured(), &[3, 1]);
    assert_eq!(s.end(), Some(EndReason::CannotFill));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    assert_eq!(s.to_move(), None);
}

#[test]
fn a_round_over_when_nobody_can_move_is_filled_first_by_the_player_after_the_one_to_move() {
    let r = load(
        "variant \"R\" { source \"test\"
           board 2 rows of 3 pits, one store per player
           seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                    sow into the mover's own store }
           turns { last seed in the mover's own store: they move again }
           capture { none }
           end { player to move cannot move: they pass  leftover seeds: each pit's owner }
           rounds {
             round over when nobody can move
             each player takes the seeds of their own pits
             in turns, each player fills an empty pit of their choice with 2 seeds
             pits not filled stay in play
             a player who cannot fill a pit loses the match
           }
         }",
    );
    // Player 1's last seed, from pit 3, falls into their store: they would move again, but
    // nobody can move (every seed in the stores). Player 1, to move, passes first: player 2
    // fills first.
    let mut s = in_round(&r, &[0, 0, 1, 0, 0, 0], &[5, 6], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 3);
    assert_eq!(record.round_over, Some(1));
    assert_eq!(s.captured(), &[6, 6]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    // Each fills three pits, player 1 last: player 2 starts the round.
    for pit in [4, 1, 5, 2, 6, 3] {
        play(&r, &mut s, pit);
    }
    assert_eq!(s.pits(), &[2; 6]);
    assert_eq!(out_of_play(&s), Vec::<usize>::new());
    assert_eq!(s.to_move(), Some(1));
    // Pits left empty stay in play: sown into, and played once they hold seeds.
    let mut s = in_round(&r, &[0; 6], &[2, 2], 1, &[], true);
    for pit in [1, 4] {
        play(&r, &mut s, pit);
    }
    assert_eq!(out_of_play(&s), Vec::<usize>::new());
    let (_, record) = play(&r, &mut s, 1);
    assert_eq!(places(&r, &record), ["2", "3"]);
}

// ---------------------------------------------------------------------------------------------
// A chain that takes each pit with the opposite pit (Baqura)

/// Baqura's captures on 2 x 6 pits, no stores. Pit 1 faces pit 12, 2 faces 11, ... 6 faces 7:
///
///     12  11  10   9   8   7      player 2 (north)
///      1   2   3   4   5   6      player 1 (south)
fn chain_with_opposite() -> Rules {
    load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 6 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture {
             when the last pit holds an even count and is the mover's own: take the opposite pit and the last pit, then chain backward while an even count in the mover's own pits, each with the opposite pit
             when the last pit holds an even count: take the last pit and the opposite pit
             when the last pit holds an odd count of 3 or more: relay from the last pit
           }
           end { player to move cannot move: game over  leftover seeds: nobody } }",
    )
}

#[test]
fn a_chain_with_the_opposite_pit_takes_each_pit_and_the_pit_facing_it() {
    let r = chain_with_opposite();
    // Pit 1 (3 seeds): 2 3 4, each making 2. Pit 4 is player 1's own and even: pit 9 (its
    // opposite, 3) and pit 4 (2) are taken; backward, pit 3 (2) with pit 10 (4), pit 2 (2)
    // with pit 11 (5); the chain stops before pit 1, where the lap started.
    let mut s = at(&r, &[3, 1, 1, 1, 0, 0, 1, 2, 3, 4, 5, 6], 1);
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(9, 3), (4, 2), (3, 2), (10, 4), (2, 2), (11, 5)]);
    assert_eq!(m.captured, 18);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 6]);
    assert_eq!(s.captured(), &[18u16, 0][..]);
    // The same, pit 2 made 3 (odd): the chain stops there, after pit 3 and pit 10.
    let mut s = at(&r, &[3, 2, 1, 1, 0, 0, 1, 2, 3, 4, 5, 6], 1);
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&rec), vec![(9, 3), (4, 2), (3, 2), (10, 4)]);
    assert_eq!(s.pits(), &[0, 3, 0, 0, 0, 0, 1, 2, 0, 0, 5, 6]);
}

#[test]
fn an_even_last_pit_in_the_opponents_row_is_taken_with_its_opposite_and_no_chain() {
    let r = chain_with_opposite();
    // Pit 4 (4 seeds): 5 6 7 8, each making 2. Pit 8 is player 2's: pit 8 and pit 5 (its
    // opposite) are taken, and nothing more, though pits 7 and 6 hold 2.
    let mut s = at(&r, &[0, 0, 0, 4, 1, 1, 1, 1, 0, 0, 0, 1], 1);
    let (m, rec) = play(&r, &mut s, 4);
    assert_eq!(captures_1based(&rec), vec![(8, 2), (5, 2)]);
    assert_eq!(m.captured, 4);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1]);
    // Pit 1 (1 seed) makes 3 in pit 2: relayed, 3 4 5, each making 1: the move ends.
    let mut s = at(&r, &[1, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1);
    let mut rec = Record::default();
    let m = r.play(&mut s, pit(1), &mut rec).unwrap();
    assert_eq!(pits_1based(&rec), vec![2, 3, 4, 5]);
    assert_eq!(m.captured, 0);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1]);
}

#[test]
fn a_chain_with_the_opposite_pit_is_other_rules_than_one_without() {
    // The fingerprint tells them apart (shards of one never merge with the other's).
    let without = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 6 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture {
             when the last pit holds an even count and is the mover's own: take the last pit, then chain backward while an even count in the mover's own pits
           }
           end { player to move cannot move: game over  leftover seeds: nobody } }",
    );
    let with = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 6 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture {
             when the last pit holds an even count and is the mover's own: take the last pit, then chain backward while an even count in the mover's own pits, each with the opposite pit
           }
           end { player to move cannot move: game over  leftover seeds: nobody } }",
    );
    assert_ne!(with.fingerprint(), without.fingerprint());
    // Pit 1 (2 seeds): 2 3, each making 2: pit 3 taken, then pit 2; with the opposite pit,
    // pit 11 (facing 2) too, not pit 10 (facing 3: the take named the last pit alone).
    let mut a = at(&without, &[2, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1], 1);
    let mut b = a;
    play(&without, &mut a, 1);
    play(&with, &mut b, 1);
    assert_eq!(a.pits(), &[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(b.pits(), &[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1]);
}

// ---------------------------------------------------------------------------------------------
// Rounds over when no pit in play holds seeds; pits not filled sown into but not played; a
// mover holding all but a few seeds wins (Galatjang).

fn unplayable_rounds(lose: &str) -> Rules {
    rounds(
        "",
        "round over when no pit in play holds seeds",
        "an empty pit of their choice with 2 seeds  pits not filled are sown into but cannot be played",
        lose,
    )
}

#[test]
fn a_round_is_over_when_no_pit_in_play_holds_seeds_though_unplayable_pits_do() {
    let r = unplayable_rounds("a player who cannot fill a pit loses the match");
    // Pits 2 and 3 cannot be played. Player 1's seed from pit 1 is sown into pit 2: the pits
    // in play (1, 4, 5, 6) are all empty, so the round is over though pits 2 and 3 hold 1
    // and 3. Player 1 takes 1 + 3 into a hand of 0, player 2 nothing into 8.
    let mut s = in_round(&r, &[1, 0, 3, 0, 0, 0], &[0, 8], 1, &[2, 3], false);
    let (summary, record) = play(&r, &mut s, 1);
    assert_eq!(summary.last, 1);
    assert_eq!(record.round_over, Some(1));
    assert_eq!(s.captured(), &[4, 8]);
    assert_eq!(s.pits(), &[0; 6]);
    // Every pit can be filled again; player 2, after the mover, fills first, any empty pit.
    assert_eq!(out_of_play(&s), Vec::<usize>::new());
    assert!(s.filling());
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    // Out of play for the round instead, pit 1's seed passes pits 2 and 3 into pit 4: in
    // play, so the round goes on.
    let r = rounds(
        "",
        "round over when no pit in play holds seeds",
        "an empty pit of their choice with 2 seeds  pits not filled are out of play for the round",
        "a player who cannot fill a pit loses the match",
    );
    let mut s = in_round(&r, &[1, 0, 3, 0, 0, 0], &[0, 8], 1, &[2, 3], false);
    let (summary, record) = play(&r, &mut s, 1);
    assert_eq!((summary.last, record.round_over), (3, None));
    assert_eq!(s.pits(), &[0, 0, 3, 1, 0, 0]);
}

#[test]
fn pits_not_filled_are_sown_into_but_cannot_be_played() {
    let r = unplayable_rounds("a player who cannot fill a pit loses the match");
    // Each hand fills one pit: player 1 any of 1-3 (pit 1), player 2 any of 4-6 (pit 4).
    let mut s = in_round(&r, &[0; 6], &[2, 2], 1, &[], true);
    assert_eq!(legal(&r, &s), [1, 2, 3]);
    play(&r, &mut s, 1);
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    play(&r, &mut s, 4);
    // Nobody can fill: pits 2, 3, 5, 6 cannot be played; player 1, after the last to fill,
    // moves first.
    assert!(!s.filling());
    assert_eq!(out_of_play(&s), [2, 3, 5, 6]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [1]);
    // Pit 1's 2 seeds go into pits 2 and 3, which still cannot be played.
    let (summary, _) = play(&r, &mut s, 1);
    assert_eq!(summary.last, 2);
    assert_eq!(s.pits(), &[0, 1, 1, 2, 0, 0]);
    assert_eq!(legal(&r, &s), [4]);
    let err = r.play(&mut s.clone(), pit(5), &mut ()).unwrap_err();
    assert_eq!(err, IllegalMove::OutOfPlay { pit: 5 });
}

#[test]
fn a_mover_who_has_captured_all_but_a_few_seeds_wins_the_match_at_once() {
    let r = unplayable_rounds("a mover who has captured all but 2 seeds wins the match");
    // 12 seeds. Player 1 (hand 10) sows pit 3's seed into pit 4: no pit in play holds seeds
    // (pits 4 to 6 cannot be played), the round is over; player 2 takes pits 4 and 5 (hand
    // 2). Outside player 1's hand lie 2 seeds: player 1 wins, though player 2 could fill.
    let mut s = in_round(&r, &[0, 0, 1, 0, 1, 0], &[10, 0], 1, &[4, 5, 6], false);
    play(&r, &mut s, 3);
    assert_eq!(s.captured(), &[10, 2]);
    assert_eq!(s.end(), Some(EndReason::AllBut));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    // With 3 seeds outside the mover's hand the match goes on: player 2 fills first.
    let mut s = in_round(&r, &[0, 0, 1, 0, 2, 0], &[9, 0], 1, &[4, 5, 6], false);
    play(&r, &mut s, 3);
    assert_eq!(s.end(), None);
    assert!(s.filling());
    assert_eq!(s.to_move(), Some(1));
}

#[test]
fn a_pit_of_one_seed_sows_it_past_pits_out_of_play() {
    // The first seed back into the emptied pit, but a pit of one seed sows it on; pit 2 is out
    // of play, so sowing passes it by.
    let r = load(
        "variant \"R\" { source \"test\"
           board 2 rows of 3 pits, no stores
           seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the emptied pit  a pit of one seed sows it into the next pit
                    laps sow into the emptied pit }
           capture { none }
           end { player to move cannot move: game over  leftover seeds: each pit's owner }
           rounds {
             round over when a row is empty
             each player takes the seeds of their own pits
             in turns, each player fills their leftmost empty pit with 2 seeds
             pits not filled are out of play for the round
             a player who cannot fill a pit loses the match
           }
         }",
    );
    // Pit 1 (1 seed): not back into pit 1 but on, past pit 2, into pit 3.
    let mut s = in_round(&r, &[1, 0, 2, 1, 1, 1], &[0, 0], 1, &[2], false);
    play(&r, &mut s, 1);
    assert_eq!(s.pits(), &[0, 0, 3, 1, 1, 1]);
    // Pit 3 of another such position (2 seeds): the first back into pit 3, the second on to 4.
    let mut s = in_round(&r, &[1, 0, 2, 1, 1, 1], &[0, 0], 1, &[2], false);
    play(&r, &mut s, 3);
    assert_eq!(s.pits(), &[1, 0, 1, 2, 1, 1]);
}

// ---------------------------------------------------------------------------------------------
// Pits that change owner between rounds (Motiq): a player whose row is full fills any empty
// pit, and a pit filled belongs to its filler for the round.

/// [`rounds`]' board (2 x 3, 2 seeds a pit), filled by choice, beyond a full row, each pit
/// filled its filler's, pits not filled sown into but not played; each player takes `take`.
fn owner_rounds(take: &str) -> Rules {
    owner_rounds_with(take, "a pit filled belongs to the player who filled it")
}

fn owner_rounds_with(take: &str, owner: &str) -> Rules {
    small_game(
        "",
        &format!(
            "capture {{ none }}
             end {{ player to move cannot move: they pass  leftover seeds: each pit's owner }}
             rounds {{
               round over when a row is empty
               each player takes the seeds of {take}
               in turns, each player fills an empty pit of their choice with 2 seeds
               a player whose row is full fills any empty pit
               {owner}
               pits not filled are sown into but cannot be played
               a player who cannot fill a pit loses the match
             }}"
        ),
    )
}

/// Rounds whose pits change owner (Motiq's, on 2 x 3 pits): each player takes their row's
/// seeds, fills pits of their choice with 2, and beyond their row once it is full.
const OWNED_ROUNDS: &str = "rounds {
           round over when a row is empty
           each player takes the seeds of their row
           in turns, each player fills an empty pit of their choice with 2 seeds
           a player whose row is full fills any empty pit
           a pit filled belongs to the player who filled it
           pits not filled are sown into but cannot be played
           a player who cannot fill a pit loses the match
         }";

fn annexed(s: &State) -> Vec<usize> {
    (0..s.pits().len()).filter(|&p| s.annexed() >> p & 1 != 0).map(|p| p + 1).collect()
}

#[test]
fn a_player_whose_row_is_full_fills_any_empty_pit_and_owns_it() {
    let r = owner_rounds("their row");
    // Hands 8 and 4: player 1 fills 1, player 2 fills 4, player 1 fills 2, player 2 fills 5
    // (hand 0), player 1 fills 3: their row is full.
    let mut s = in_round(&r, &[0; 6], &[8, 4], 1, &[], true);
    for (pit, player, choices) in [
        (1, 1, vec![1, 2, 3]),
        (4, 2, vec![4, 5, 6]),
        (2, 1, vec![2, 3]),
        (5, 2, vec![5, 6]),
        (3, 1, vec![3]),
    ] {
        assert_eq!(s.to_move(), Some(player - 1), "pit {pit}");
        assert_eq!(legal(&r, &s), choices, "pit {pit}");
        play(&r, &mut s, pit);
    }
    // Player 2 cannot fill (hand 0) and is passed over; player 1, their row full, may fill
    // any empty pit of the board: pit 6, in player 2's row, which becomes theirs.
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [6]);
    play(&r, &mut s, 6);
    assert_eq!(annexed(&s), [6]);
    assert_eq!(s.captured(), &[0, 0]);
    // Nobody can fill: player 2, after the last to fill, moves first, from their pits 4 and 5
    // only; player 1 owns pits 1, 2, 3 and 6.
    assert!(!s.filling());
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4, 5]);
    assert_eq!((r.owner_of(&s, 5), r.owner_of(&s, 3)), (0, 1));
    let err = r.play(&mut s.clone(), pit(6), &mut ()).unwrap_err();
    assert_eq!(err, IllegalMove::NotOwn { pit: 6, owner: 1, mover: 2 });
    // Player 2's pit 5 (2 seeds) into pits 6 and 1; then player 1 may play pit 6 (3 seeds),
    // in the other row, into pits 1, 2 and 3.
    play(&r, &mut s, 5);
    assert_eq!(s.pits(), &[3, 2, 2, 2, 0, 3]);
    assert_eq!(legal(&r, &s), [1, 2, 3, 6]);
    play(&r, &mut s, 6);
    assert_eq!(s.pits(), &[4, 3, 3, 2, 0, 0]);
}

#[test]
fn a_fill_beyond_the_row_waits_until_the_row_is_full() {
    let r = owner_rounds("their row");
    // Player 1's pit 2 is empty: they must fill it before any pit of player 2's row.
    let mut s = in_round(&r, &[2, 0, 2, 0, 0, 0], &[4, 2], 1, &[], true);
    assert_eq!(legal(&r, &s), [2]);
    for (pit, why) in [(5, "the mover has empty pits of their own row to fill first"), (1, "it is not empty")]
    {
        let err = r.play(&mut s, self::pit(pit), &mut ()).unwrap_err();
        assert_eq!(err, IllegalMove::NotFillable { pit, why });
    }
    // Without the line on owners, a pit filled across the rows stays its row owner's: player
    // 1 fills pit 6, which player 2 may play.
    let r = owner_rounds_with("their row", "");
    let mut s = in_round(&r, &[2, 2, 2, 2, 2, 0], &[2, 0], 1, &[], true);
    assert_eq!(legal(&r, &s), [6]);
    play(&r, &mut s, 6);
    assert_eq!(annexed(&s), Vec::<usize>::new());
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&r, &s), [4, 5, 6]);
    // Without the line, a player whose row is full cannot fill at all.
    let plain = rounds(
        "",
        "round over when a row is empty",
        "an empty pit of their choice with 2 seeds  pits not filled are sown into but cannot be played",
        "a player who cannot fill a pit loses the match",
    );
    let s = in_round(&plain, &[2, 2, 2, 0, 0, 0], &[4, 0], 1, &[], true);
    // Nobody can fill: play starts, player 2's empty pits cannot be played, and player 1 moves.
    assert!(!s.filling());
    assert_eq!(out_of_play(&s), [4, 5, 6]);
}

#[test]
fn a_pit_nobody_filled_belongs_to_nobody_and_ownership_ends_with_the_round() {
    let r = owner_rounds("their row");
    // Player 1 owns pit 6, in player 2's row; pit 5 nobody filled (out of play). Player 1
    // plays pit 3's seed into pit 4: their own row is then empty, and the round is over.
    let s = in_round(&r, &[0, 0, 1, 0, 2, 3], &[4, 2], 1, &[5], false);
    let mut s = r.with_annexed(s, 1 << 5).unwrap();
    assert_eq!(legal(&r, &s), [3, 6]);
    play(&r, &mut s, 3);
    // Each takes their row, whoever owns its pits: player 2 takes 1 + 2 + 3 (hand 8).
    assert_eq!(s.captured(), &[4, 8]);
    assert_eq!((annexed(&s), out_of_play(&s)), (vec![], vec![]));
    // `their own pits` instead: player 1 takes pit 6, theirs (hand 7), player 2 pits 4 and 5
    // (pit 5 nobody's: its row's owner).
    let r = owner_rounds("their own pits");
    let s = in_round(&r, &[0, 0, 1, 0, 2, 3], &[4, 2], 1, &[5], false);
    let mut s = r.with_annexed(s, 1 << 5).unwrap();
    play(&r, &mut s, 3);
    assert_eq!(s.captured(), &[7, 5]);
    assert_eq!(annexed(&s), Vec::<usize>::new());
    // A pit out of play cannot be annexed, nor any pit where pits do not change owner.
    let s = in_round(&r, &[0, 0, 1, 0, 2, 3], &[4, 2], 1, &[5], false);
    assert!(r.with_annexed(s, 1 << 4).is_err());
    let plain = leftmost_rounds();
    let s = in_round(&plain, &[0, 0, 1, 0, 2, 3], &[4, 2], 1, &[], false);
    assert!(plain.with_annexed(s, 1 << 5).is_err());
}

#[test]
fn the_mover_s_own_pits_in_a_line_are_the_pits_they_own() {
    // A relay from the mover's own pits: a pit annexed by player 1 relays for them, not for
    // player 2, whose row it is in.
    let r = small_game(
        "",
        &format!(
            "capture {{ when the last pit holds 2 or more and is the mover's own: relay from the last pit }}
         end {{ player to move cannot move: they pass  leftover seeds: each pit's owner }}
         {OWNED_ROUNDS}"
        ),
    );
    // Player 1 owns pit 4. Pit 3's 1 seed makes 2 in pit 4, theirs: it relays, 4 -> 5, 6.
    let s = in_round(&r, &[1, 0, 1, 1, 1, 1], &[0, 0], 1, &[], false);
    let mut s = r.with_annexed(s, 1 << 3).unwrap();
    let (summary, record) = relaying(&r, &mut s, 3);
    assert_eq!(relays_1based(&record), [(4, 2)]);
    assert_eq!(summary.last, 5);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 2, 2]);
    // Without the annexation, pit 4 is player 2's: the move ends there.
    let mut s = in_round(&r, &[1, 0, 1, 1, 1, 1], &[0, 0], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 3);
    assert!(record.relays.is_empty());
    assert_eq!(s.pits(), &[1, 0, 0, 2, 1, 1]);
    // A pit nobody filled (pit 2, out of play) is nobody's own, though in player 1's row: pit
    // 1's seed makes 2 there, and the move ends. Filled, it relays (2 -> 3, 4).
    let mut s = in_round(&r, &[1, 1, 1, 1, 1, 1], &[0, 0], 1, &[2], false);
    let (_, record) = relaying(&r, &mut s, 1);
    assert!(record.relays.is_empty());
    let mut s = in_round(&r, &[1, 1, 1, 1, 1, 1], &[0, 0], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 1);
    assert_eq!(relays_1based(&record), [(2, 2)]);
    assert_eq!(s.pits(), &[0, 0, 2, 2, 1, 1]);
}

#[test]
fn motiq_takes_a_four_then_sows_on_from_the_next_pit_if_it_holds_seeds() {
    let r = shipped("variants/motiq.sow", None);
    let north = [1, 0, 0, 0, 0, 0, 1];
    let board = |south: [u8; 7]| -> Vec<u8> { south.iter().chain(&north).copied().collect() };
    // Pit 1's 2 seeds: pits 2 and 3; pit 3 makes 4 and is taken. Pit 4 holds 2: the sowing
    // goes on from it, into 5 and 6; pit 6 was empty, and the move ends.
    let mut s = in_round(&r, &board([2, 0, 3, 2, 0, 0, 1]), &[0, 0], 1, &[], false);
    let (summary, record) = relaying(&r, &mut s, 1);
    assert_eq!(captures_1based(&record), [(3, 4)]);
    assert_eq!(relays_1based(&record), [(4, 2)]);
    assert_eq!(summary.last, 5);
    assert_eq!(s.pits(), board([0, 1, 0, 0, 1, 1, 1]).as_slice());
    assert_eq!(s.captured(), &[4, 0]);
    assert_eq!(s.to_move(), Some(1));
    // Pit 4 empty: the move ends with the take.
    let mut s = in_round(&r, &board([2, 0, 3, 0, 0, 0, 1]), &[0, 0], 1, &[], false);
    let (_, record) = relaying(&r, &mut s, 1);
    assert!(record.relays.is_empty());
    assert_eq!(s.pits(), board([0, 1, 0, 0, 0, 0, 1]).as_slice());
    assert_eq!(s.captured(), &[4, 0]);
    // Pit 3 makes 5: no take; the sowing goes on from pit 3 itself, 5 seeds into 4 to 8; pit
    // 8 held 1, made 2: on again, into 9 and 10, both empty before: the move ends.
    let mut s = in_round(&r, &board([2, 0, 4, 0, 0, 0, 0]), &[0, 0], 1, &[], false);
    let (summary, record) = relaying(&r, &mut s, 1);
    assert_eq!(relays_1based(&record), [(3, 5), (8, 2)]);
    assert_eq!(summary.last, 9);
    assert_eq!(s.pits(), &[0, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1]);
    assert!(record.captures.is_empty());
}

#[test]
fn the_solver_refuses_pits_that_change_owner_by_their_line() {
    // Who may play a pit is not in a table of seeds: the line that says it is named, before the
    // rounds themselves (which a game of rounds without it is refused by).
    let words = |r: &Rules| sow::play::solve::check_solvable(r, 12).unwrap_err().to_string();
    let motiq = shipped("variants/motiq.sow", None);
    assert!(words(&motiq).contains("its rule `a pit filled belongs to the player who filled it`"));
    assert!(words(&leftmost_rounds()).contains("its rule `round over when ...`"));
}

#[test]
fn a_take_for_its_owner_and_the_leftovers_go_to_the_owner_of_now() {
    // Pit 2 (player 1's row) belongs to player 2 for the round. Player 1's seed from pit 1
    // makes 3 there: taken for its owner, player 2. The ply limit (1) then ends the game:
    // pit 3's seed is player 1's, pits 5 and 6 player 2's.
    let r = small_game(
        "",
        &format!(
            "capture {{ when the last pit holds 3: take the last pit for its owner }}
         end {{ player to move cannot move: they pass  leftover seeds: each pit's owner  ply limit 1 }}
         {OWNED_ROUNDS}"
        ),
    );
    let start = in_round(&r, &[1, 2, 1, 0, 2, 2], &[0, 0], 1, &[], false);
    let mut s = r.with_annexed(start, 1 << 1).unwrap();
    // Player 1 owns pits 1 and 3 only.
    assert_eq!(legal(&r, &s), [1, 3]);
    play(&r, &mut s, 1);
    assert_eq!(s.pits(), &[0, 0, 1, 0, 2, 2]);
    assert_eq!(s.captured(), &[0, 3]);
    assert_eq!(s.end(), Some(EndReason::PlyLimit));
    assert_eq!(&r.scores(&s)[..2], &[1, 7]);
    // Pit 2 its row's owner's: the 3 are player 1's, and so are the leftovers of their row.
    let mut s = start;
    play(&r, &mut s, 1);
    assert_eq!(s.captured(), &[3, 0]);
    assert_eq!(&r.scores(&s)[..2], &[4, 4]);
}

// ---------------------------------------------------------------------------------------------
// Seeds in the hands, a set-up from them, and rounds set up by the player with fewer seeds
// (Baqura)

/// Baqura's rules on 2 x 3 pits, 3 seeds in each hand. Pit 1 faces pit 6, 2 faces 5, 3 faces 4:
///
///      6   5   4      player 2 (north)
///      1   2   3      player 1 (south)
fn small_baqura() -> Rules {
    load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 3 in each player's hand
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           opening { in turns, each player puts 1 seed from their hand into a pit of their choice }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture {
             when the last pit holds an even count and is the mover's own: take the opposite pit and the last pit, then chain backward while an even count in the mover's own pits, each with the opposite pit
             when the last pit holds an even count: take the last pit and the opposite pit
             when the last pit holds an odd count of 3 or more: relay from the last pit
           }
           end { player to move cannot move: game over  leftover seeds: each pit's owner }
           rounds {
             round over when the player to move has an empty row, after each lap
             each player takes the seeds of their own pits
             the player with fewer seeds puts them one at a time into pits of their choice, player 2 on a tie
             the other player copies the arrangement into the opposite pits
             a player left with no seeds loses the match
           } }",
    )
}

#[test]
fn the_set_up_places_one_seed_a_move_in_turns_into_any_pit_of_the_movers() {
    let r = small_baqura();
    let mut s = r.initial_state();
    // The pits start empty, each hand holds 3, and player 1 places first, into any pit of theirs.
    assert_eq!(s.pits(), &[0; 6]);
    assert_eq!(s.captured(), &[3u16, 3][..]);
    assert!(s.filling());
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), vec![1, 2, 3]);
    play(&r, &mut s, 1);
    assert_eq!((s.pits(), s.captured(), s.to_move()), (&[1, 0, 0, 0, 0, 0][..], &[2u16, 3][..], Some(1)));
    assert_eq!(legal(&r, &s), vec![4, 5, 6]);
    // A pit that holds seeds may take more: pit 1 again.
    for p in [4, 1, 5, 3] {
        play(&r, &mut s, p);
    }
    assert!(s.filling());
    play(&r, &mut s, 6);
    // Both hands empty: play starts with player 1, the player after the last to place.
    assert_eq!((s.pits(), s.captured()), (&[2, 0, 1, 1, 1, 1][..], &[0u16, 0][..]));
    assert!(!s.filling());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1, 3]));
    assert_eq!(s.rounds_over(), 0);
}

#[test]
fn an_empty_row_at_the_movers_turn_ends_the_round_and_the_player_with_fewer_seeds_places_them() {
    let r = small_baqura();
    // Player 1 sows pit 3 into pit 4: 2, even, in player 2's row: pit 4 and pit 3 (its
    // opposite, empty) are taken. Player 2's row is empty at their turn: the round is over.
    let mut s = r.state_in_round(&[0, 0, 1, 1, 0, 0], &[5, 3], 0, 0, false, 0).unwrap();
    let (m, rec) = play(&r, &mut s, 3);
    assert_eq!(m.captured, 2);
    assert_eq!(rec.round_over, Some(1));
    // Hands 7 and 3: player 2 holds fewer, and places all three, one a move.
    assert_eq!((s.pits(), s.captured()), (&[0; 6][..], &[7u16, 3][..]));
    assert!(s.filling());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![4, 5, 6]));
    play(&r, &mut s, 4);
    assert_eq!(s.to_move(), Some(1));
    play(&r, &mut s, 4);
    let (_, rec) = play(&r, &mut s, 6);
    // Player 1 copies: 2 into pit 3 (facing pit 4), 1 into pit 1 (facing pit 6), keeping 4;
    // then player 1, the player after the placer, moves.
    assert_eq!(rec.copied, Some(0));
    assert_eq!((s.pits(), s.captured()), (&[1, 0, 2, 2, 0, 1][..], &[4u16, 0][..]));
    assert!(!s.filling());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1, 3]));
    assert_eq!(s.rounds_over(), 1);
}

#[test]
fn a_relay_due_when_the_movers_row_is_empty_ends_the_round_and_a_tie_goes_to_the_named_player() {
    let r = small_baqura();
    // Pit 3 into pit 4: 3, odd, a relay; but player 1's row is empty, and the relay would be
    // a turn of theirs: the round is over there. Player 2 takes pit 4's 3: hands 4 and 4.
    let mut s = r.state_in_round(&[0, 0, 1, 2, 0, 0], &[4, 1], 0, 0, false, 0).unwrap();
    let (_, rec) = play(&r, &mut s, 3);
    assert_eq!(pits_1based(&rec), vec![4]);
    assert_eq!(rec.round_over, Some(1));
    assert_eq!((s.pits(), s.captured()), (&[0; 6][..], &[4u16, 4][..]));
    // A tie: player 2 places.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![4, 5, 6]));
    // Player 1 may not place.
    assert!(r.check_move(&s, pit(1)).is_err());
}

#[test]
fn a_player_left_with_no_seeds_loses_the_match_at_once() {
    let r = small_baqura();
    // Pit 3 into pit 4 takes pits 4 and 3: player 2 has no seeds in their row nor hand. The
    // match is over before the round could end: the pits stay as they are.
    let mut s = r.state_in_round(&[1, 0, 1, 1, 0, 0], &[0, 0], 0, 0, false, 0).unwrap();
    play(&r, &mut s, 3);
    assert_eq!(s.end(), Some(EndReason::NoSeeds));
    assert_eq!((s.pits(), s.captured()), (&[1, 0, 0, 0, 0, 0][..], &[2u16, 0][..]));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    // A player with seeds in hand only is not out: their row empty, the round ends instead.
    let mut s = r.state_in_round(&[1, 0, 1, 1, 0, 0], &[0, 1], 0, 0, false, 0).unwrap();
    play(&r, &mut s, 3);
    assert_eq!(s.end(), None);
    assert_eq!(s.rounds_over(), 1);
}

#[test]
fn the_seeds_in_the_hands_count_with_the_board_and_decide_the_game_fingerprint() {
    let r = small_baqura();
    assert_eq!(r.total_seeds(), 6);
    let more = load(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/baqura.sow"))
            .expect("the shipped file"),
    );
    assert_eq!(more.total_seeds(), 72);
    assert_ne!(r.game_fingerprint(), more.game_fingerprint());
}

#[test]
fn a_set_up_from_the_hands_needs_no_rounds() {
    // Bakuk on 2 x 3 pits, its 12 seeds in the hands, placed two at a time; then sown.
    let r = bakuk_with(
        "board 2 rows of 3 pits, no stores  seeds 6 in each player's hand
         opening { in turns, each player puts 2 seeds from their hand into a pit of their choice }",
    );
    let mut s = r.initial_state();
    assert_eq!((s.captured(), legal(&r, &s)), (&[6u16, 6][..], vec![1, 2, 3]));
    for p in [1, 4, 2, 5, 3, 6] {
        play(&r, &mut s, p);
    }
    // Each pit holds 2, the hands are empty, and player 1 sows: pit 1's two seeds into 2 and 3.
    assert_eq!((s.pits(), s.captured()), (&[2; 6][..], &[0u16, 0][..]));
    assert_eq!((s.filling(), s.to_move()), (false, Some(0)));
    let (m, rec) = play(&r, &mut s, 1);
    assert_eq!(pits_1based(&rec), vec![2, 3]);
    assert_eq!(m.lifted, 2);
}

// ---------------------------------------------------------------------------------------------
// End places and big stones (Ô Ăn Quan)

/// Ô Ăn Quan's rules on 2 x 4: each player's leftmost pit is an end place with a big stone,
/// pit 1 (west, player 1's row) and pit 5 (east, player 2's row); the squares are 2 3 4
/// (player 1) and 6 7 8 (player 2). Every square sows either way:
///
///          8   7   6  <5>       player 2 (north)
///     <1>  2   3   4            player 1 (south)
///
/// Counter-clockwise: 1 2 3 4 5 6 7 8 1 ...; clockwise the other way.
fn small_quan(extra_capture: &str) -> Rules {
    load(&format!(
        "variant \"Quan\" {{ source \"test\"
           board 2 rows of 4 pits, no stores  seeds pit by pit 0 2 2 2 0 2 2 2
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts
             each player's leftmost pit is an end place with a big stone }}
           sowing {{ direction by pit {{ every pit: either way, as the mover chooses }}
             first seed into the next pit  laps sow into the emptied pit }}
           turns {{ after each lap, a player whose pits are all empty puts 1 captured seed into each of them }}
           capture {{ when the next pit is an end place: end the move
             {extra_capture}
             when the next pit is occupied: relay from the next pit
             when the next pit is empty and the pit after the next is occupied: take the pit after the next }}
           end {{ game over when no big stone is on the board  a big stone counts as 10 seeds
             leftover seeds: each pit's owner  player to move cannot move: they pass }} }}"
    ))
}

/// Plays a move written as `sow` writes it (`2cw`), checking that every seed and big stone is
/// kept.
fn play_text(rules: &Rules, state: &mut State, text: &str) -> (MoveSummary, Record) {
    let stones = |s: &State| {
        rules.stones_on_board(s).count_ones() + s.stones_won().iter().map(|&w| w as u32).sum::<u32>()
    };
    let (before, big) = (seeds_in_play(state), stones(state));
    let mv = sow::engine::notation::parse_move(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut record = Record::default();
    let mut whole_hand = *state;
    let summary = rules.play(state, mv, &mut record).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!((seeds_in_play(state), stones(state)), (before, big), "seeds and big stones kept by {text}");
    // Sown a whole hand at once (by the tables, where the rules have them) alike.
    let whole_summary = rules.apply(&mut whole_hand, mv);
    assert_eq!((&whole_hand, whole_summary), (&*state, summary), "{text} sown a whole hand at once");
    (summary, record)
}

#[test]
fn an_end_place_is_sown_into_but_never_played_and_starts_with_a_big_stone() {
    let r = small_quan("");
    let s = r.initial_state();
    // The squares only, each either way; the end places hold big stones.
    assert_eq!(legal(&r, &s), vec![2, 2, 3, 3, 4, 4]);
    assert_eq!(r.stones_on_board(&s), 1 << 0 | 1 << 4);
    let s = at(&r, &[3, 1, 0, 0, 0, 1, 0, 0], 1);
    // Refused as it is written, and by the rules.
    let error = sow::engine::notation::parse_move(&r, "1cw").unwrap_err().to_string();
    assert!(error.contains("pit 1 is an end place"), "{error}");
    let end = sow::engine::Move::new(0, sow::engine::MoveDirection::Clockwise).unwrap();
    let refused = r.check_move(&s, end);
    assert_eq!(refused, Err(IllegalMove::EndPlace { pit: 1 }));
    assert_eq!(refused.unwrap_err().to_string(), "pit 1 is an end place: it is sown into, and never played");
    // Written without a way, and empty of seeds (its big stone alone): an end place still.
    let s = r.initial_state();
    let written = sow::engine::Move::from_pit(0).unwrap();
    assert_eq!(r.check_move(&s, written), Err(IllegalMove::EndPlace { pit: 1 }));
    // Player 2's end place, pit 5, is no square of theirs either.
    let s = at(&r, &[0, 1, 0, 0, 4, 1, 0, 0], 2);
    assert_eq!(legal(&r, &s), vec![6, 6]);
}

#[test]
fn the_next_place_an_end_place_ends_the_move() {
    // 3ccw (1 seed): 4. The next place, pit 5, is an end place (holding its big stone): the
    // move ends there, though the place is occupied.
    let r = small_quan("");
    let mut s = at(&r, &[0, 2, 1, 0, 0, 2, 2, 2], 1);
    let (m, rec) = play_text(&r, &mut s, "3ccw");
    assert_eq!(pits_1based(&rec), vec![4]);
    assert!(rec.relays.is_empty() && rec.captures.is_empty());
    assert_eq!(s.pits(), &[0, 2, 0, 1, 0, 2, 2, 2]);
    assert_eq!((m.last, s.to_move()), (3, Some(1)));
}

#[test]
fn a_lap_of_10_seeds_or_more_ends_the_move() {
    // 3ccw (10 seeds): 4 5 6 7 8 1 2 3 4 5; the last place is pit 5, the next pit 6 holds 2.
    // With `when the lap lifted 10 or more seeds: end the move` the move ends; without it,
    // the seeds of pit 6 are sown on.
    let start = [0, 0, 10, 0, 0, 1, 0, 0];
    let r = small_quan("when the lap lifted 10 or more seeds: end the move");
    let mut s = at(&r, &start, 1);
    let (_, rec) = play_text(&r, &mut s, "3ccw");
    assert!(rec.relays.is_empty());
    assert_eq!(s.pits(), &[1, 1, 1, 2, 2, 2, 1, 1]);
    let r = small_quan("");
    let mut s = at(&r, &start, 1);
    let (_, rec) = play_text(&r, &mut s, "3ccw");
    assert_eq!(relays_1based(&rec)[0], (6, 2));
}

#[test]
fn a_relay_keeps_the_direction_chosen_and_a_big_stone_alone_is_taken() {
    // 2cw (1 seed): 1, the west end place; the next place clockwise, pit 8, holds 1: relay,
    // clockwise: 7. The next, pit 6, is empty; the one after it, pit 5, holds no seed but its
    // big stone, so it is occupied: taken, the stone whole, for player 1.
    let r = small_quan("");
    let mut s = at(&r, &[0, 1, 0, 0, 0, 0, 3, 1], 1);
    let (m, rec) = play_text(&r, &mut s, "2cw");
    assert_eq!(pits_1based(&rec), vec![1, 7]);
    assert_eq!(relays_1based(&rec), vec![(8, 1)]);
    assert_eq!(captures_1based(&rec), vec![(5, 0)]);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 0, 0, 4, 0]);
    assert_eq!(r.stones_on_board(&s), 1 << 0);
    assert_eq!(s.stones_won(), [1, 0]);
    assert_eq!((s.captured(), m.captured), (&[0, 0][..], 0));
}

#[test]
fn a_take_of_an_end_place_takes_its_seeds_and_its_big_stone() {
    // 2ccw (1 seed): 3. The next pit, 4, is empty; the pit after it, the east end place,
    // holds 3 and its big stone: player 1 takes the 3 seeds and the stone.
    let r = small_quan("");
    let mut s = at(&r, &[0, 1, 0, 0, 3, 2, 2, 2], 1);
    let (m, _) = play_text(&r, &mut s, "2ccw");
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 2, 2, 2]);
    assert_eq!((s.captured(), m.captured), (&[3, 0][..], 3));
    assert_eq!((r.stones_on_board(&s), s.stones_won()), (1 << 0, [1, 0]));
}

#[test]
fn the_game_is_over_when_no_big_stone_is_left_and_a_big_stone_counts_as_its_worth() {
    // Player 1, 2ccw (1 seed): 3; pit 4 empty, the east end place (2 and its stone) taken.
    // Player 2, 6ccw (1 seed): 7; pit 8 empty, the west end place (2 and its stone) taken. No
    // big stone is left: the game is over. Scores: 2 + 10 + pit 3's 1 seed for player 1, 2 +
    // 10 + pit 7's 1 for player 2; no refill, the game being over (player 2's row held 1).
    let r = small_quan("");
    let mut s = at(&r, &[2, 1, 0, 0, 2, 1, 0, 0], 1);
    play_text(&r, &mut s, "2ccw");
    assert_eq!(s.to_move(), Some(1));
    play_text(&r, &mut s, "6ccw");
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 0, 1, 0]);
    assert_eq!(s.end(), Some(EndReason::NoBigStone));
    assert_eq!(s.stones_won(), [1, 1]);
    assert_eq!(&r.scores(&s)[..2], &[13, 13]);
    assert_eq!(r.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn an_empty_row_is_refilled_from_the_captures_after_each_lap() {
    // Player 2, 6ccw (1 seed): 7; pit 8 empty, the west end place (3 and its stone) taken:
    // player 2 holds 3. Player 1, 4ccw (1 seed): 5, the east end place; the next pit, 6, is
    // empty, pit 7 after it holds 1: taken. Player 2's squares are all empty and they hold 3,
    // one for each: 1 seed into each of 6, 7, 8.
    let r = small_quan("");
    let mut s = at(&r, &[3, 0, 1, 1, 0, 1, 0, 0], 2);
    play_text(&r, &mut s, "6ccw");
    assert_eq!((s.pits(), s.captured()), (&[0, 0, 1, 1, 0, 0, 1, 0][..], &[0, 3][..]));
    play_text(&r, &mut s, "4ccw");
    assert_eq!(s.pits(), &[0, 0, 1, 0, 1, 1, 1, 1]);
    assert_eq!(s.captured(), &[1, 0]);
    assert_eq!(legal(&r, &s), vec![6, 6, 7, 7, 8, 8]);
}

#[test]
fn a_row_is_not_refilled_from_fewer_captures_than_it_has_pits() {
    // As above, but player 2 took 2 seeds: their empty row stays empty, and they pass.
    let r = small_quan("");
    let mut s = at(&r, &[2, 0, 1, 1, 0, 1, 0, 0], 2);
    play_text(&r, &mut s, "6ccw");
    play_text(&r, &mut s, "4ccw");
    assert_eq!(s.pits(), &[0, 0, 1, 0, 1, 0, 0, 0]);
    assert_eq!(s.captured(), &[1, 2]);
    // Player 2 cannot move: passed, player 1 to move.
    assert_eq!(s.to_move(), Some(0));
}

#[test]
fn big_stones_keep_the_solver_out_with_the_rules_line() {
    let r = small_quan("");
    let e = sow::play::solve::check_solvable(&r, r.total_seeds() as usize).unwrap_err().to_string();
    assert!(e.contains("`each player's ... pit is an end place`"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// A direction chosen per move, with seeds sown into stores

#[test]
fn stores_are_sown_into_both_ways_when_every_pit_sows_either_way() {
    // Small Kalah, every pit either way: each store lies where counter-clockwise sowing puts
    // it, S1 between pits 3 and 4, S2 between pits 6 and 1. Player 1's 3cw (7 seeds) goes
    // down the numbers: 2 1, past S2 (the opponent's store, not sown), 6 5 4, S1, then 3, the
    // emptied pit: an empty pit of the mover's own, taken with pit 4 facing it (Kalah).
    let either = "sowing { direction by pit { every pit: either way, as the mover chooses } }";
    let r = small_kalah(either);
    let mut s = at(&r, &[0, 0, 7, 0, 0, 0], 1);
    let (_, rec) = play_text(&r, &mut s, "3cw");
    assert_eq!(places(&r, &rec), vec!["2", "1", "6", "5", "4", "S1", "3"]);
    assert_eq!(s.pits(), &[1, 1, 0, 0, 1, 1]);
    assert_eq!(s.captured(), &[3, 0]);
    // 3cw with 6 seeds ends in S1, the mover's own store: they move again.
    let mut s = at(&r, &[0, 0, 6, 0, 0, 0], 1);
    play_text(&r, &mut s, "3cw");
    assert_eq!(s.to_move(), Some(0));
    // Counter-clockwise, as in Kalah: 4 is after S1.
    let mut s = at(&r, &[0, 0, 2, 0, 0, 0], 1);
    let (_, rec) = play_text(&r, &mut s, "3ccw");
    assert_eq!(places(&r, &rec), vec!["S1", "4"]);
    // Both stores sown: player 2's 4cw (3 seeds) goes S1, 3, 2; player 1's 1cw (2) S2, 6.
    let r = small_kalah(&format!("{either} sowing {{ sow into both stores }}"));
    let mut s = at(&r, &[2, 0, 0, 3, 1, 0], 2);
    let (_, rec) = play_text(&r, &mut s, "4cw");
    assert_eq!(places(&r, &rec), vec!["S1", "3", "2"]);
    let (_, rec) = play_text(&r, &mut s, "1cw");
    assert_eq!(places(&r, &rec), vec!["S2", "6"]);
    // Past a pit out of play (a game of rounds), clockwise still: 3cw (7 seeds) goes 2 1 6,
    // past 5, then 4, S1, 3 (the emptied pit) and 2.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, one store per player
           seeds 1 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { direction by pit { every pit: either way, as the mover chooses }
                    first seed into the next pit  laps sow into the emptied pit  sow into the mover's own store }
           capture { none }
           end { player to move cannot move: they pass  leftover seeds: each pit's owner  ply limit 100
                 winner: most captured }
           rounds { round over when nobody can move  each player takes the seeds of their own pits
                    in turns, each player fills an empty pit of their choice with 1 seed
                    pits not filled are out of play for the round  a player who cannot fill a pit loses the match }
         }",
    );
    let mut s = in_round(&r, &[0, 0, 7, 0, 0, 0], &[0, 0], 1, &[5], false);
    let (_, rec) = play_text(&r, &mut s, "3cw");
    assert_eq!(places(&r, &rec), vec!["2", "1", "6", "4", "S1", "3", "2"]);
}

#[test]
fn an_end_place_is_neither_the_movers_own_nor_an_opponents() {
    // 4ccw (1 seed): 5, the east end place in player 2's row, but nobody's: not taken by
    // `the last pit is an opponent's`. The next pit, 6, holds 1: relay, 7; pit 7 (now 3) is
    // an opponent's: taken. Player 1's squares are empty then, and they hold 3: refilled.
    let r = small_quan("when the last pit is an opponent's: take the last pit");
    let mut s = at(&r, &[0, 0, 0, 1, 1, 1, 2, 0], 1);
    let (_, rec) = play_text(&r, &mut s, "4ccw");
    assert_eq!(captures_1based(&rec), vec![(7, 3)]);
    assert_eq!(s.pits(), &[0, 1, 1, 1, 2, 0, 0, 0]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(r.stones_on_board(&s), 1 << 0 | 1 << 4);
}

/// A 2 x 4 game with Iyogh's rules after the opening: pits sow either way, clockwise only to
/// a capture; captures are held in hand and sown back from the leftmost pit (`into`: the
/// first seed in it); the pit facing the last pit taken at 1 or 3, then the pits facing the
/// pits after it while 1 or 3; a player whose row is empty loses.
fn iyogh_like(seeds: &str, hand: &str) -> Rules {
    iyogh_with(seeds, hand, "clockwise only when the move captures")
}

/// [`iyogh_like`] with another rule for the clockwise way.
fn iyogh_with(seeds: &str, hand: &str, way: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 4 pits, no stores  seeds pit by pit {seeds}
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ direction by pit {{ every pit: either way, as the mover chooses }}
                     first seed into the next pit  laps sow into the emptied pit }}
           turns {{ {way}
                    a move may sow any number of the mover's captured seeds {hand} their leftmost pit }}
           capture {{ when the opposite pit holds 1 or 3: take the opposite pit, then chain forward over the opposite pits while 1 or 3 }}
           end {{ a player whose pits are all empty loses  player to move cannot move: game over
                  leftover seeds: nobody  winner: most captured }} }}"
    ))
}

#[test]
fn seeds_held_in_hand_are_sown_back_from_the_leftmost_pit_and_a_way_is_allowed_only_to_a_capture() {
    // Pits 1-4 south, 5-8 north; pit p faces pit 9 - p.
    let r = iyogh_like("1 2 0 0 2 3 1 4", "from");
    let mut s = r.initial_state();
    // 1cw lands in 8, facing the emptied pit 1; 2cw in 8, facing pit 1 then holding 2: no
    // capture, so neither is legal. No seeds in hand: no move from it.
    assert_eq!(legal_written(&r, &s), ["1ccw", "2ccw"].map(String::from));
    // Written without a way: the one way it may go now is named; an empty pit is told so.
    let unwritten = |s: &State, n: usize| r.check_move(s, pit(n)).unwrap_err().to_string();
    assert_eq!(unwritten(&s, 1), "pit 1 sows either way, but only counter-clockwise now: write `1ccw`");
    assert_eq!(unwritten(&s, 3), "pit 3 is empty");
    // So does `--moves`, which reads the moves before it plays any.
    assert_eq!(
        parse_moves(&r, "1").unwrap_err().to_string(),
        "`1`: pit 1 sows either way, but only counter-clockwise now: write `1ccw`"
    );
    assert_eq!(
        parse_moves(&r, "1ccw 8ccw 3").unwrap_err().to_string(),
        "move 3 (`3`): pit 3 sows either way, but only counter-clockwise now: write `3ccw`"
    );
    // 1ccw: the last seed makes pit 2 hold 3; pit 7 facing it holds 1: taken; then pit 3
    // (pit 6 facing: 3) taken, pit 4 (pit 5 facing: 2) ends the chain.
    let (sum, _) = play_move(&r, &mut s, parse_move(&r, "1ccw").unwrap());
    assert_eq!((sum.captured, sum.captured_pits), (4, 2));
    assert_eq!((s.pits(), s.captured()), (&[0, 3, 0, 0, 2, 0, 0, 4][..], &[4u16, 0][..]));
    // Player 2: 8ccw sows 1-4, its last facing pit 5 (2): nothing taken.
    play_move(&r, &mut s, parse_move(&r, "8ccw").unwrap());
    assert_eq!(s.pits(), &[1, 4, 1, 1, 2, 0, 0, 0]);
    // Player 1 holds 4: h1 to h4 either way, clockwise only where it captures. h1cw: into 8,
    // facing pit 1 (1); h3cw: 8, 7, 6, pit 6 facing pit 3 (1), then pit 5's facing pit 4 (1);
    // h4cw takes every pit of player 2's row. 2cw (1, 8, 7, 6) captures like h3cw.
    assert_eq!(
        legal_written(&r, &s),
        ["1ccw", "2cw", "2ccw", "3ccw", "4ccw", "h1cw", "h1ccw", "h2ccw", "h3cw", "h3ccw", "h4cw", "h4ccw"]
            .map(String::from)
    );
    // Both ways allowed: either must be written.
    assert_eq!(unwritten(&s, 2), "pit 2 sows either way: write the direction after the pit, `2cw` or `2ccw`");
    // Wrongly written or not allowed: said why.
    let refused =
        |text: &str| r.play(&mut s.clone(), parse_move(&r, text).unwrap(), &mut ()).unwrap_err().to_string();
    assert_eq!(
        refused("h2cw"),
        "`h2cw` sows clockwise, which the rules allow only to a move that captures, and it captures nothing"
    );
    assert_eq!(
        refused("3cw"),
        "`3cw` sows clockwise, which the rules allow only to a move that captures, and it captures nothing"
    );
    assert_eq!(refused("h5ccw"), "`h5ccw` cannot be sown from the hand: player 1 holds 4 seeds in hand");
    assert_eq!(
        parse_move(&r, "h3").unwrap_err().to_string(),
        "`h3`: `h3` cannot be sown from the hand: the seeds sow either way: write the direction after it, `h3cw` or `h3ccw`"
    );
    // h3cw: 3 of the 4 seeds in hand into 8, 7, 6; the mover's own pits 3 and 4 are taken
    // into the hand, which now holds 1 + 2.
    let (sum, rec) = play_move(&r, &mut s, parse_move(&r, "h3cw").unwrap());
    assert_eq!(places(&r, &rec), ["8", "7", "6"]);
    assert_eq!((sum.lifted, sum.captured), (3, 2));
    assert_eq!((s.pits(), s.captured()), (&[1, 4, 0, 0, 2, 1, 1, 1][..], &[3u16, 0][..]));
    assert_eq!(s.to_move(), Some(1));
    // The rules text's reading: the first seed into the leftmost pit itself.
    let r = iyogh_like("1 2 0 0 2 3 1 4", "into");
    let mut s = r.initial_state();
    for m in ["1ccw", "8ccw"] {
        play_move(&r, &mut s, parse_move(&r, m).unwrap());
    }
    let (_, rec) = play_move(&r, &mut s, parse_move(&r, "h3ccw").unwrap());
    assert_eq!(places(&r, &rec), ["1", "2", "3"]);
    assert_eq!((s.pits(), s.captured()), (&[2, 5, 2, 1, 2, 0, 0, 0][..], &[1u16, 0][..]));
}

#[test]
fn a_player_whose_pits_are_all_empty_loses_whatever_they_hold_in_hand() {
    let r = iyogh_like("1 2 0 0 2 3 1 4", "from");
    let mut s = r.initial_state();
    play_move(&r, &mut s, parse_move(&r, "1ccw").unwrap());
    // Player 2, holding nothing, to move in [0,3,0,0 | 2,0,0,4]: 5ccw makes pit 7 hold 1,
    // facing pit 2 (3); 5cw ends in pit 3, facing the empty pit 6; 8cw (7, 6, 5, 4) makes pit 4 hold 1, facing pit 5 (3), then pits 3
    // and 2 face 6 and 7 (1 each), and pit 1 faces the emptied pit 8: the chain ends.
    assert_eq!(legal_written(&r, &s), ["5ccw", "8cw", "8ccw"].map(String::from));
    let (sum, _) = play_move(&r, &mut s, parse_move(&r, "8cw").unwrap());
    assert_eq!(sum.captured, 5);
    assert_eq!((s.pits(), s.captured()), (&[0, 3, 0, 1, 0, 0, 0, 0][..], &[4u16, 5][..]));
    // Player 2's row is empty: they lose, though they hold more.
    assert_eq!(s.end(), Some(EndReason::EmptyLoses));
    assert_eq!(EndReason::EmptyLoses.name(), "empty-pits-lose");
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

#[test]
fn a_player_who_cannot_move_loses_where_the_rules_say_so() {
    // Oware on 2 x 3 (pits 1-3 south, 4-6 north): player 2's pits are empty, and player 1's
    // one seed, in pit 1, sows into pit 2 and cannot feed them: player 1 has no legal move.
    let position = [1, 0, 0, 0, 0, 0];
    let over = small_oware(3, "end { player to move cannot move: game over }");
    let s = at(&over, &position, 1);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    // The game is over, and each pit's seeds go to its owner: player 1 wins by a seed.
    assert_eq!(&over.scores(&s)[..2], &[1, 0]);
    assert_eq!(over.outcome(&s), Some(Outcome::Win(0)));
    // `they lose`: the same end, and player 1, who could not move, loses it whatever the seeds.
    let lose = small_oware(3, "end { player to move cannot move: they lose }");
    let s = at(&lose, &position, 1);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(&lose.scores(&s)[..2], &[1, 0]);
    assert_eq!(lose.outcome(&s), Some(Outcome::Win(1)));
    // Player 2 to move in the mirror position: player 2 loses.
    let s = at(&lose, &[0, 0, 0, 1, 0, 0], 2);
    assert_eq!(lose.outcome(&s), Some(Outcome::Win(0)));
    // A position with a move is played on as before.
    let s = at(&lose, &[0, 0, 2, 0, 0, 0], 1);
    assert_eq!(legal(&lose, &s), [3]);
    assert_ne!(over.fingerprint(), lose.fingerprint());
}

/// A 2 x 3 board whose pits all sow either way, nothing captured, with `keep` in the turns
/// block. Pits 1-3 south, 4-6 north: counter-clockwise 1 2 3 4 5 6 1, clockwise 1 6 5 ...
fn either_way_keeping(keep: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 3 pits, no stores  seeds 2 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ direction by pit {{ every pit: either way, as the mover chooses }}
                     first seed into the next pit  laps sow into the emptied pit }}
           turns {{ {keep} }}
           capture {{ none }}
           end {{ player to move cannot move: game over  leftover seeds: nobody  winner: most captured }} }}"
    ))
}

#[test]
fn a_direction_chosen_by_a_first_move_is_kept_for_the_game() {
    let all = |moves: &str| moves.split(' ').map(String::from).collect::<Vec<_>>();
    let r = either_way_keeping("each player keeps the direction of their first move");
    let mut s = r.initial_state();
    assert_eq!(legal_written(&r, &s), all("1cw 1ccw 2cw 2ccw 3cw 3ccw"));
    assert_eq!(s.direction_kept(0), None);
    // 2cw sows 1 and 6: player 1 keeps clockwise; player 2 has not chosen.
    let (_, rec) = play_text(&r, &mut s, "2cw");
    assert_eq!(places(&r, &rec), ["1", "6"]);
    assert_eq!(s.pits(), &[3, 0, 2, 2, 2, 3]);
    assert_eq!((s.direction_kept(0), s.direction_kept(1)), (Some(MoveDirection::Clockwise), None));
    assert_eq!(legal_written(&r, &s), all("4cw 4ccw 5cw 5ccw 6cw 6ccw"));
    // 4ccw sows 5 and 6: player 2 keeps counter-clockwise.
    play_text(&r, &mut s, "4ccw");
    assert_eq!(s.pits(), &[3, 0, 2, 0, 3, 4]);
    assert_eq!(s.direction_kept(1), Some(MoveDirection::CounterClockwise));
    assert_eq!(legal_written(&r, &s), all("1cw 3cw"));
    let refused = r.play(&mut s.clone(), pit_way(&r, "1ccw"), &mut ()).unwrap_err().to_string();
    assert_eq!(
        refused,
        "`1ccw` goes the other way: moves are sown clockwise now, the direction of the mover's first move"
    );
    // 1cw sows 6, 5, 4; then player 2 sows counter-clockwise only.
    play_text(&r, &mut s, "1cw");
    assert_eq!(s.pits(), &[0, 0, 2, 1, 4, 5]);
    assert_eq!(legal_written(&r, &s), all("4ccw 5ccw 6ccw"));
    let report = sow::engine::replay::PositionReport::new(&r, &s);
    assert_eq!(report.directions_kept, Some(vec![Some("cw"), Some("ccw")]));

    // Both players keep the game's first direction.
    let r = either_way_keeping("both players keep the direction of the first move");
    let mut s = r.initial_state();
    play_text(&r, &mut s, "2cw");
    assert_eq!(legal_written(&r, &s), all("4cw 5cw 6cw"));
    let refused = r.play(&mut s.clone(), pit_way(&r, "4ccw"), &mut ()).unwrap_err().to_string();
    assert_eq!(
        refused,
        "`4ccw` goes the other way: moves are sown clockwise now, the direction of the game's first move"
    );
    // The kept direction is part of the position: a repetition or a search tells them apart.
    let free = either_way_keeping("");
    assert_ne!(free.fingerprint(), r.fingerprint());
    let mut t = free.initial_state();
    play_text(&free, &mut t, "2cw");
    assert_eq!(legal_written(&free, &t), all("4cw 4ccw 5cw 5ccw 6cw 6ccw"));
}

/// A move as written (`3cw`), parsed by the rules.
fn pit_way(rules: &Rules, text: &str) -> Move {
    sow::engine::notation::parse_move(rules, text).unwrap()
}

#[test]
fn ludii_s_test_for_a_clockwise_move_reads_the_place_before_the_move() {
    // Pits 1-4 south, 5-8 north; pit p faces pit 9 - p. Player 1: pit 1 (1 seed), pit 4 (4).
    let seeds = "1 0 0 4 2 3 1 4";
    let ludii =
        iyogh_with(seeds, "from", "clockwise only when the opposite pit holds 1 or 3 before the move");
    let text = iyogh_like(seeds, "from");
    // 1cw sows pit 8, facing pit 1: 1 seed before the move (the pit being emptied), none
    // after. 4cw sows 3, 2, 1, 8: pit 1 facing pit 8 holds 1 before the move, 2 after. So
    // Ludii's test allows both, and neither captures, which the text's reading asks.
    assert_eq!(
        legal_written(&ludii, &ludii.initial_state()),
        ["1cw", "1ccw", "4cw", "4ccw"].map(String::from)
    );
    assert_eq!(legal_written(&text, &text.initial_state()), ["1ccw", "4ccw"].map(String::from));
    let mut s = ludii.initial_state();
    let (sum, rec) = play_move(&ludii, &mut s, parse_move(&ludii, "4cw").unwrap());
    assert_eq!(places(&ludii, &rec), ["3", "2", "1", "8"]);
    assert_eq!(sum.captured, 0);
    assert_eq!(s.pits(), &[2, 1, 1, 0, 2, 3, 1, 5]);
    // And the other way round: the pit facing the last holds 2 before a move whose sowing
    // makes it 3. Player 1's 2cw in [0,2,0,1 | 1,3,0,2] sows 1 and 8: pit 8 faces pit 1,
    // empty before, 1 after: Ludii's test forbids the move, the text allows it (a capture).
    let seeds = "0 2 0 1 1 3 0 2";
    let ludii =
        iyogh_with(seeds, "from", "clockwise only when the opposite pit holds 1 or 3 before the move");
    let text = iyogh_like(seeds, "from");
    assert!(!legal_written(&ludii, &ludii.initial_state()).contains(&"2cw".to_string()));
    assert!(legal_written(&text, &text.initial_state()).contains(&"2cw".to_string()));
    assert_eq!(
        ludii
            .play(&mut ludii.initial_state(), parse_move(&ludii, "2cw").unwrap(), &mut ())
            .unwrap_err()
            .to_string(),
        "`2cw` sows clockwise, which the rules allow only when the opposite pit holds 1 or 3 before the move \
         (named from the pit its last seed will reach), and it does not"
    );
}

#[test]
fn an_opening_move_of_a_pit_that_sows_either_way_is_written_without_a_way() {
    // Iyogh's opening moves pit 6 or 7 into pit 8 (16 pits, every pit either way): `6` is
    // such a move, read as written (`1` is not: no opening empties pit 1); after the opening,
    // a pit with no way written needs one again, an opening pit too.
    let r = shipped("variants/iyogh.sow", None);
    let mut s = r.initial_state();
    let six = parse_move(&r, "6").unwrap();
    r.play(&mut s, six, &mut ()).unwrap();
    assert_eq!((s.pits()[5], s.pits()[7]), (0, 8));
    for m in ["14", "7", "15"] {
        r.play(&mut s, parse_move(&r, m).unwrap(), &mut ()).unwrap();
    }
    assert_eq!(r.play(&mut s.clone(), pit(1), &mut ()).unwrap_err(), IllegalMove::NeedsDirection { pit: 1 });
    // Pit 7, emptied by the opening, is told so: either way it cannot be played.
    assert_eq!(r.play(&mut s.clone(), pit(7), &mut ()).unwrap_err(), IllegalMove::Empty { pit: 7 });
    assert!(parse_move(&r, "1").is_err() && parse_move(&r, "7").is_ok(), "only the opening's pits");
    r.play(&mut s, parse_move(&r, "1ccw").unwrap(), &mut ()).unwrap();
}

// ------------------------------------------------------------------------------------------
// Ô Ăn Quan's rounds: a round over when no big stone is left, a shared pit split, fills that
// go on and on into the other row, a pit topped up by the other player, big stones put back,
// the match lost holding too few.

/// [`small_quan`]'s board (2 x 4, end places pits 1 and 5, squares 2 3 4 and 6 7 8) with 3
/// seeds a square, played in rounds as Ô Ăn Quan's are, 3 seeds a fill:
///
///          8   7   6  <5>       player 2 (north)
///     <1>  2   3   4            player 1 (south)
fn quan_rounds() -> Rules {
    load(
        "variant \"Quan\" { source \"test\"
           board 2 rows of 4 pits, no stores  seeds pit by pit 0 3 3 3 0 3 3 3
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts
             each player's leftmost pit is an end place with a big stone }
           sowing { direction by pit { every pit: either way, as the mover chooses }
             first seed into the next pit  laps sow into the emptied pit }
           turns { after each lap, a player whose pits are all empty puts 1 captured seed into each of them }
           capture { when the next pit is an end place: end the move
             when the next pit is occupied: relay from the next pit
             when the next pit is empty and the pit after the next is occupied: take the pit after the next }
           end { leftover seeds: each pit's owner  player to move cannot move: they pass }
           rounds {
             round over when no big stone is on the board
             each player takes the seeds of their own pits, a shared pit split with the odd seed to player 1
             in turns, each player fills their leftmost empty pit with 3 seeds
             a player goes on filling while they hold 6 or more seeds
             a player whose row is full fills on into the other row
             a pit filled belongs to the player who filled it
             a player left with 2 or more seeds puts them into the next empty pit, and the other player tops it up
             big stones go back to the end places
             pits not filled stay in play
             a player who holds 2 seeds or fewer at the end of a round loses the match
           } }",
    )
}

fn shared(s: &State) -> Vec<usize> {
    (0..s.pits().len()).filter(|&p| s.shared() >> p & 1 != 0).map(|p| p + 1).collect()
}

/// Player 1 to move (or `to_move`); player 2 took pit 1's big stone, pit 5 holds its own; pit
/// 8 (player 2's row) was sold to player 1, pit 4 is both players'.
fn quan_last_stone(r: &Rules, pits: &[u8], hands: &[u16]) -> State {
    quan_last_stone_for(r, pits, hands, 1)
}

fn quan_last_stone_for(r: &Rules, pits: &[u8], hands: &[u16], to_move: usize) -> State {
    let s = in_round(r, pits, hands, to_move, &[], false);
    let s = r.with_stones(s, [false, true], [0, 1]).unwrap();
    let s = r.with_annexed(s, 1 << 7).unwrap();
    r.with_shared(s, 1 << 3).unwrap()
}

#[test]
fn a_round_is_over_when_no_big_stone_is_left_and_a_shared_pit_is_split() {
    let r = quan_rounds();
    let mut s = quan_last_stone(&r, &[2, 1, 0, 5, 1, 0, 4, 1], &[2, 2]);
    // Player 1 plays pit 2, 8 (theirs) and 4 (shared), either way; player 2's own pits 6 and 7
    // they may not, but pit 4 they may too.
    assert_eq!(legal(&r, &s), [2, 2, 4, 4, 8, 8]);
    let theirs = quan_last_stone_for(&r, &[2, 1, 0, 5, 1, 0, 4, 1], &[2, 2], 2);
    assert_eq!(legal(&r, &theirs), [4, 4, 7, 7]);
    // 8cw (1 seed): 7. The next pit, 6, is empty: player 1 takes pit 5, its seed and its big
    // stone. No big stone is left on the board: the round is over.
    let (_, rec) = play_text(&r, &mut s, "8cw");
    assert_eq!(rec.captures, vec![(4, 1)]);
    assert_eq!(rec.round_over, Some(1));
    // Player 1 takes pit 1 (their row's end place, 2), pit 2 (1), their captures (2 + 1), and 3
    // of the shared pit 4's 5 (the odd seed); player 2 takes pit 7 (5), their 2, and 2 of pit
    // 4. Nobody holds 2 or fewer: the players fill, player 2 (after the mover) first.
    assert_eq!(s.captured(), &[9, 9]);
    assert_eq!(s.pits(), &[0; 8]);
    assert_eq!((annexed(&s), shared(&s)), (vec![], vec![]));
    assert!(s.filling() && !s.is_over());
    assert_eq!(s.to_move(), Some(1));
    // The big stones stay with their takers until the pits are filled.
    assert_eq!((r.stones_on_board(&s), s.stones_won()), (0, [1, 1]));
}

#[test]
fn the_players_refill_by_threes_going_on_and_into_the_other_row_and_share_a_pit() {
    let r = quan_rounds();
    // The first round is over (player 1 took both big stones).
    let mut s = r.state_in_round(&[0; 8], &[13, 5], 0, 0, true, 1).unwrap();
    let s0 = r.with_stones(s, [false, false], [2, 0]).unwrap();
    s = s0;
    // Player 1 holds 13: pit 2 (held 13), 3 (10), 4 (7), all in one turn, each fill from a
    // hand of 6 or more going on; their row full, they fill on into player 2's row at its
    // leftmost square, pit 6 (from 4, the last: 1 is left, too few to share).
    for (pit, hand) in [(2, 13), (3, 10), (4, 7), (6, 4)] {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![pit]), "pit {pit}");
        assert_eq!(s.captured()[0], hand);
        play(&r, &mut s, pit);
    }
    assert_eq!(annexed(&s), [6]);
    // Player 2 fills pit 7 from 5 and is left with 2: they put them into pit 8, the next they
    // would fill, and player 1 tops it up with their last seed. Both own pit 8.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![7]));
    let mut rec = Record::default();
    r.play(&mut s, pit(7), &mut rec).unwrap();
    assert_eq!(rec.top_up, Some((7, 2, 1, None)));
    assert_eq!(s.pits(), &[0, 3, 3, 3, 0, 3, 3, 3]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(shared(&s), [8]);
    // The pits filled, the big stones go back, one in each end place, and player 1, the
    // first to fill, starts: from pits 2 3 4, 6 (sold to them) and 8 (shared).
    assert!(!s.filling());
    assert_eq!((r.stones_on_board(&s), s.stones_won()), (1 << 0 | 1 << 4, [0, 0]));
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [2, 2, 3, 3, 4, 4, 6, 6, 8, 8]);
    // Player 2 may play pits 7 and 8 only.
    let p2 = r.with_annexed(in_round(&r, s.pits(), &[0, 0], 2, &[], false), 1 << 5).unwrap();
    let p2 = r.with_shared(p2, 1 << 7).unwrap();
    assert_eq!(legal(&r, &p2), [7, 7, 8, 8]);
    let err = r.check_move(&p2, sow::engine::notation::parse_move(&r, "6cw").unwrap()).unwrap_err();
    assert_eq!(err, IllegalMove::NotOwn { pit: 6, owner: 1, mover: 2 });
    // As `play` writes the fills: the last one with its top-up, the stones put back and the
    // round started.
    let steps = sow::engine::replay::replay(&r, s0, &[2, 3, 4, 6, 7].map(pit)).unwrap();
    let words: Vec<String> = steps.iter().map(sow::engine::replay::describe_step).collect();
    assert_eq!(words[3], "ply 4: player 1 fills pit 6 with 3 seeds from their hand");
    assert_eq!(
        words[4],
        "ply 5: player 2 fills pit 7 with 3 seeds from their hand; puts their last two seeds into pit 8, which \
         player 1 tops up with 1: both own it; the big stones go back to the end places; round 2 starts"
    );
    let board = sow::engine::replay::draw_state(r.spec(), &steps[4].after);
    assert!(board.contains("  3@@|") && board.contains("owned by both players (@@): pit 8"), "{board}");
    assert!(board.contains("owned across the rows (@): player 1 pit 6"), "{board}");
    // A fill out of turn, or beyond a row not yet full, is refused.
    let s = in_round(&r, &[0, 3, 0, 0, 0, 0, 0, 0], &[12, 3], 1, &[], true);
    let err = r.check_move(&s, pit(6)).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::NotFillable { pit: 6, why: "the mover has empty pits of their own row to fill first" }
    );
}

#[test]
fn a_player_holding_too_few_when_a_round_is_over_loses_the_match() {
    let r = quan_rounds();
    // As in the round's end above, but player 2 holds less: after 8cw they hold 2 (pit 4's
    // half) and lose the match at once.
    let mut s = quan_last_stone(&r, &[2, 1, 0, 4, 1, 0, 0, 1], &[9, 0]);
    play_text(&r, &mut s, "8cw");
    assert_eq!(s.captured(), &[15, 3]);
    assert!(!s.is_over(), "3 seeds are more than 2");
    // Pit 4's 3 seeds: 2 to player 1 (the odd seed), 1 to player 2, who holds 2 in all.
    let mut s = quan_last_stone(&r, &[2, 1, 0, 3, 1, 0, 0, 1], &[10, 0]);
    play_text(&r, &mut s, "8cw");
    assert_eq!(s.captured(), &[16, 2]);
    assert_eq!(s.end(), Some(EndReason::HeldTooFew));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

#[test]
fn a_row_refilled_from_the_captures_is_the_pits_a_player_owns() {
    let r = quan_rounds();
    // Player 1 owns pits 2, 3, 4 and 6 (sold to them), all empty, and shares pit 8 (2 seeds).
    // Player 2 plays 7ccw (1 seed) into pit 8; the next place is pit 1, an end place: the
    // move ends. Pit 8 holds seeds, and is player 1's too: their pits are not all empty.
    let s = in_round(&r, &[1, 0, 0, 0, 1, 0, 1, 2], &[5, 7], 2, &[], false);
    let s = r.with_annexed(s, 1 << 5).unwrap();
    let mut s = r.with_shared(s, 1 << 7).unwrap();
    play_text(&r, &mut s, "7ccw");
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 0, 0, 3]);
    assert_eq!(s.captured(), &[5, 7]);
    // Pit 8 player 2's alone: player 1's pits 2, 3, 4 and 6 are all empty after the lap, and
    // they put 1 captured seed into each of the four.
    let s = in_round(&r, &[1, 0, 0, 0, 1, 0, 1, 2], &[5, 7], 2, &[], false);
    let mut s = r.with_annexed(s, 1 << 5).unwrap();
    play_text(&r, &mut s, "7ccw");
    assert_eq!(s.pits(), &[1, 1, 1, 1, 1, 1, 0, 3]);
    assert_eq!(s.captured(), &[1, 7]);
}

#[test]
fn fills_of_choice_go_on_and_on_into_the_other_row() {
    // The same lines in a game without big stones, fills of the player's choice: a player
    // who held 4 or more goes on; their row full, they choose among the other row's empty
    // pits (not any pit of the board).
    let r = small_game(
        "",
        "capture { none }
         end { player to move cannot move: they pass  leftover seeds: each pit's owner }
         rounds {
           round over when a row is empty
           each player takes the seeds of their own pits
           in turns, each player fills an empty pit of their choice with 2 seeds
           a player goes on filling while they hold 4 or more seeds
           a player whose row is full fills on into the other row
           a pit filled belongs to the player who filled it
           pits not filled stay in play
           a player who cannot fill a pit loses the match
         }",
    );
    let mut s = in_round(&r, &[0; 6], &[10, 2], 1, &[], true);
    // Player 1 (10, 8, 6, then 4: going on each time) fills their row in the order they like.
    for (pit, choices) in [(2, vec![1, 2, 3]), (1, vec![1, 3]), (3, vec![3])] {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), choices), "pit {pit}");
        play(&r, &mut s, pit);
    }
    // Their row full and 4 held: they go on into player 2's row, any of its empty pits.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![4, 5, 6]));
    play(&r, &mut s, 5);
    assert_eq!(annexed(&s), [5]);
    // Held 4 before that fill: they go on once more, from 2 seeds (then 0).
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![4, 6]));
    play(&r, &mut s, 6);
    // Player 2 fills pit 4, the last; play starts with player 1.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![4]));
    play(&r, &mut s, 4);
    assert!(!s.filling());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1, 2, 3, 5, 6]));
}

#[test]
fn o_an_quan_text_takes_an_alternating_run_and_counts_a_big_stone_as_ten() {
    // 2ccw (1 seed) into pit 3; pit 4 is empty and pit 5 occupied: pit 5 is taken. The text
    // goes on while empty and occupied alternate: pit 6 empty, pit 7 (the east end space, 2
    // seeds and its big stone) taken; pit 8 empty, pit 9 taken; pit 10 is occupied: it ends.
    let pits = [1, 1, 0, 0, 3, 0, 2, 0, 4, 5, 5, 5];
    let text = shipped("variants/o-an-quan.sow", Some("text"));
    let mut s = at(&text, &pits, 1);
    let (_, rec) = play_text(&text, &mut s, "2ccw");
    assert_eq!(rec.captures, vec![(4, 3), (6, 2), (8, 4)]);
    assert_eq!((s.captured(), s.stones_won()), (&[9u16, 0][..], [1, 0]));
    assert_eq!(text.scores(&s)[0], 9 + 10, "a big stone counts as 10 seeds in the text");
    // Ludii's code (the file's default): pit 5 alone, and a big stone counts for nothing.
    let ludii = shipped("variants/o-an-quan.sow", None);
    let mut s = at(&ludii, &pits, 1);
    let (_, rec) = play_text(&ludii, &mut s, "2ccw");
    assert_eq!(rec.captures, vec![(4, 3)]);
    assert_eq!(ludii.scores(&s)[0], 3);
}

/// Li'b al-'Aqil on 2 x 3 pits, with 4 seeds in player 1's hand, a match to `points`, and the
/// chain as `chain` says. Pit 1 faces pit 6, pit 2 pit 5, pit 3 pit 4; player 2's leftmost
/// pit is pit 4:
///
///          6   5   4          player 2 (north)
///          1   2   3          player 1 (south)
fn small_aqil(points: u32, chain: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 3 pits, no stores  seeds 4 in player 1's hand
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           opening {{
             the player to move puts the seeds of their hand one at a time into any pits, leaving facing pits both empty or both occupied
             the other player then chooses to move first or to swap sides and points
           }}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
           turns {{ when the opponent's pits are all empty, the mover moves 1 seed from a pit of theirs into the opponent's leftmost pit }}
           capture {{
             when the last pit holds an even count: take the opposite pit and the last pit, then chain backward while an even count, each with the opposite pit{chain}
             when the last pit holds an odd count: relay from the last pit
           }}
           end {{ player to move cannot move: they pass  leftover seeds: nobody }}
           rounds {{
             round over when the board is empty
             the player who captured more scores the difference
             the player to move next takes all the seeds
             each round is set up as the first
             the first player to reach {points} points wins the match
           }} }}"
    ))
}

#[test]
fn one_player_distributes_a_seed_a_move_leaving_facing_pits_both_empty_or_both_occupied() {
    let r = small_aqil(10, "");
    let mut s = r.initial_state();
    // Player 1 holds all 4 seeds and may put one into any pit.
    assert!(s.distributing());
    assert_eq!((s.captured(), s.to_move()), (&[4u16, 0][..], Some(0)));
    assert_eq!(legal(&r, &s), vec![1, 2, 3, 4, 5, 6]);
    play(&r, &mut s, 1);
    // Pit 1 alone: one pair half filled, 3 seeds left: any pit still leaves enough.
    assert_eq!(legal(&r, &s), vec![1, 2, 3, 4, 5, 6]);
    play(&r, &mut s, 2);
    // Pits 1 and 2: two pairs half filled and 2 seeds left, one for each: only pits 6 and 5.
    assert_eq!((s.pits(), s.captured()), (&[1, 1, 0, 0, 0, 0][..], &[2u16, 0][..]));
    assert_eq!(legal(&r, &s), vec![5, 6]);
    assert!(matches!(r.check_move(&s, pit(3)), Err(IllegalMove::NotFillable { pit: 3, .. })));
    play(&r, &mut s, 6);
    play(&r, &mut s, 5);
    // The hand empty, player 2 chooses: `1` to move first, `2` to swap sides.
    assert!(s.choosing() && !s.distributing());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![1, 2]));
    let (_, rec) = play(&r, &mut s, 1);
    assert_eq!(rec.choice, Some(false));
    assert!(!s.choosing());
    assert_eq!((s.pits(), s.to_move(), legal(&r, &s)), (&[1, 1, 0, 0, 1, 1][..], Some(1), vec![5, 6]));
}

#[test]
fn a_swap_turns_the_board_round_and_the_distributor_moves_first() {
    let r = small_aqil(10, "");
    let mut s = r.initial_state();
    play(&r, &mut s, 1);
    play(&r, &mut s, 1);
    play(&r, &mut s, 6);
    // One seed left and every pair both empty or both occupied: only pits 1 and 6 keep it so.
    assert_eq!(legal(&r, &s), vec![1, 6]);
    play(&r, &mut s, 6);
    assert_eq!(s.pits(), &[2, 0, 0, 0, 0, 2]);
    // Player 2 swaps: player 1's row (2 0 0 from their left) becomes player 2's (pits 4 5 6),
    // player 2's (pits 4 5 6: 0 0 2) player 1's (pits 1 2 3); player 1 moves first.
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(rec.choice, Some(true));
    assert_eq!((s.pits(), s.to_move(), legal(&r, &s)), (&[0, 0, 2, 2, 0, 0][..], Some(0), vec![3]));
}

#[test]
fn an_opponent_whose_pits_are_all_empty_is_given_a_seed_in_their_leftmost_pit() {
    let r = small_aqil(10, "");
    // Player 2's pits are empty: player 1's move is a seed from pit 3 into pit 4, player 2's
    // leftmost (the pit at their left hand, facing the south row's rightmost).
    let mut s = r.state_in_round(&[0, 0, 2, 0, 0, 0], &[1, 1], 0, 0, false, 0).unwrap();
    assert_eq!(legal(&r, &s), vec![3]);
    let (summary, rec) = play(&r, &mut s, 3);
    assert_eq!((rec.feed, summary.captured), (Some((2, 3, 1)), 0));
    assert_eq!((s.pits(), s.to_move(), legal(&r, &s)), (&[0, 0, 1, 1, 0, 0][..], Some(1), vec![4]));
    // Player 2 to move with an empty row passes; player 1 then feeds them.
    let s = r.state_in_round(&[1, 0, 0, 0, 0, 0], &[1, 2], 1, 0, false, 0).unwrap();
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![1]));
}

#[test]
fn an_even_last_pit_takes_its_opposite_and_the_chain_stops_at_a_pit_taken() {
    let r = small_aqil(10, "");
    // Player 2 sows pit 4's 3 into 5 6 1: pit 1 makes 2, even: pits 6 (2) and 1 (2) are
    // taken. The pit before pit 1 is pit 6, taken already: the chain stops.
    let mut s = r.state_in_round(&[1, 3, 0, 3, 1, 1], &[1, 0], 1, 0, false, 0).unwrap();
    let (summary, _) = play(&r, &mut s, 4);
    assert_eq!(summary.captured, 4);
    assert_eq!((s.pits(), s.captured()), (&[0, 3, 0, 0, 2, 0][..], &[1u16, 4][..]));
    // A last seed that makes an odd count, even 1, relays: player 1 sows pit 2's 3 into 3 4
    // 5: pit 5 makes 3, sown into 6 1 2: pit 2 (emptied) makes 1, sown into 3: 2, even, taken
    // with pit 4 (1), then pit 2 before it holds nothing: the chain stops.
    let mut rec = Record::default();
    let summary = r.play(&mut s, pit(2), &mut rec).unwrap();
    assert_eq!(pits_1based(&rec), vec![3, 4, 5, 6, 1, 2, 3]);
    assert_eq!(summary.captured, 3);
    assert_eq!((s.pits(), s.captured()), (&[1, 0, 0, 0, 0, 1][..], &[4u16, 4][..]));
}

#[test]
fn a_chain_counted_as_the_sowing_left_them_goes_on_over_a_pit_taken() {
    let r = small_aqil(10, ", counted as the sowing left them");
    // The same move: pit 6 still counts 2, as the sowing left it: it is taken (nothing left)
    // with pit 1 (nothing), and so is pit 5 (2) with pit 2 (3); pit 4 started the lap.
    let mut s = r.state_in_round(&[1, 3, 0, 3, 1, 1], &[1, 0], 1, 0, false, 0).unwrap();
    let (summary, rec) = play(&r, &mut s, 4);
    assert_eq!(summary.captured, 9);
    // The board is empty: the round is over. Player 2 captured 9, player 1 1: player 2
    // scores 8 points, and every seed goes to player 1, who moves next and distributes them.
    assert_eq!(rec.round_over, Some(1));
    assert_eq!(rec.points, Some([0, 8]));
    assert_eq!(r.points(&s), Some([0, 8]));
    assert_eq!((s.pits(), s.captured()), (&[0; 6][..], &[10u16, 0][..]));
    assert!(s.distributing());
    assert_eq!(s.to_move(), Some(0));
    // To 3 points, the match is over: player 2 wins.
    let r = small_aqil(3, ", counted as the sowing left them");
    let mut s = r.state_in_round(&[1, 3, 0, 3, 1, 1], &[1, 0], 1, 0, false, 0).unwrap();
    play(&r, &mut s, 4);
    assert_eq!(s.end(), Some(EndReason::Points));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(1)));
}

#[test]
fn a_distribution_keeps_the_solver_out_with_the_rules_line() {
    let r = small_aqil(10, "");
    let e = sow::play::solve::check_solvable(&r, 4).unwrap_err().to_string();
    assert!(e.contains("the player to move puts the seeds of their hand"), "{e}");
}

#[test]
fn a_position_given_during_a_distribution_continues_it() {
    let r = small_aqil(10, "");
    // Player 1 holds one seed, pit 1 is occupied and pit 6 facing it is empty: the seed must
    // go into pit 6.
    let s = r.state_in_round(&[1, 0, 0, 0, 0, 0], &[1, 0], 0, 0, true, 0).unwrap();
    assert!(s.distributing());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![6]));
}

/// 2 x 3 pits, 2 seeds each, no stores; each player's centre pit (2 and 5) cannot be played;
/// a last seed that makes 3 in a pit that `is its owner's leftmost or rightmost pit` takes it.
fn centre_never_played() -> Rules {
    load(
        "variant \"N\" { source \"test\"
           board 2 rows of 3 pits, no stores
           seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts
                       each player's centre pit cannot be played }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { when the last pit holds 3 and the last pit is its owner's leftmost or rightmost pit: take the last pit }
           end { player to move cannot move: game over  leftover seeds: each pit's owner }
         }",
    )
}

#[test]
fn a_pit_that_cannot_be_played_is_sown_into_and_never_played() {
    let r = centre_never_played();
    let s = r.initial_state();
    // Pits 1 and 3 are player 1's moves; pit 2, their centre pit, is not, though it holds seeds.
    assert_eq!(legal(&r, &s), [1, 3]);
    let err = r.check_move(&s, pit(2)).unwrap_err();
    assert_eq!(err, IllegalMove::NeverPlayed { pit: 2 });
    assert_eq!(err.to_string(), "pit 2 cannot be played: it is sown into, and never played");
    // Pit 1's two seeds go into pits 2 and 3: pit 2, never played, is sown into (3 seeds); the
    // last seed makes 3 in pit 3, player 1's rightmost: taken.
    let mut s = s;
    let (summary, record) = play(&r, &mut s, 1);
    assert_eq!(places(&r, &record), ["2", "3"]);
    assert_eq!((summary.captured, s.pits()), (3, &[0, 3, 0, 2, 2, 2][..]));
    // Player 2: pit 5 (their centre) cannot be played either.
    assert_eq!(legal(&r, &s), [4, 6]);
    // Pit 4's two seeds into 5 and 6: pit 6 makes 3, player 2's rightmost (their 3rd from
    // their left): taken; pit 5 holds 3 but is not a leftmost or rightmost pit.
    let (summary, _) = play(&r, &mut s, 4);
    assert_eq!((summary.captured, s.pits()), (3, &[0, 3, 0, 0, 3, 0][..]));
    // Player 1's only seeds are in pit 2, which cannot be played: no legal move.
    assert!(r.legal_moves(&s).is_empty());
    // describe and show say it.
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("Each player's centre pit cannot be played: it is sown into"), "{said}");
    assert!(said.contains("the last pit is its owner's leftmost or rightmost pit"), "{said}");
    let drawn = sow::lang::draw::board(r.spec(), s.pits(), s.captured());
    assert!(drawn.ends_with("never played (!): pits 2 and 5\n"), "{drawn}");
}

#[test]
fn on_four_rows_each_player_sows_round_their_own_two_rows() {
    let r = load(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/four-rows.sow")).unwrap(),
    );
    // Player 1's pits are 1 to 8: their outer row 1-4 from their left, their inner row 5-8 from
    // their right; player 2's 9 to 16 the same from their seat.
    let mut s = r.state_from(&[0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3], 0).unwrap();
    assert_eq!(legal(&r, &s), [8]);
    // Pit 8, the last of player 1's circuit, sows on into pit 1 and 2, not into player 2's pits.
    let (_, record) = play(&r, &mut s, 8);
    assert_eq!(places(&r, &record), ["1", "2"]);
    // Player 2's pit 16 sows into 9, 10 and 11.
    let (_, record) = play(&r, &mut s, 16);
    assert_eq!(places(&r, &record), ["9", "10", "11"]);
    assert_eq!(s.pits(), &[1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
    // A lap of 8 goes round the mover's two rows: 8 seeds from pit 3 sow 4 to 8, then 1 to 3,
    // the emptied pit included; player 2's pits are not sown.
    let mut s = r.state_from(&[0, 0, 8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 0).unwrap();
    let (_, record) = play(&r, &mut s, 3);
    assert_eq!(places(&r, &record), ["4", "5", "6", "7", "8", "1", "2", "3"]);
    assert_eq!(s.pits(), &[1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    // The drawing: the outer rows at the board's edges, each row labelled.
    let drawn = sow::lang::draw::board(r.spec(), &r.initial_state().pits()[..16], &[0, 0]);
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["12", "11", "10", "9"]);
    assert!(lines[2].starts_with("P2 outer |"), "{drawn}");
    assert!(lines[4].starts_with("P2 inner |"), "{drawn}");
    assert_eq!(lines[6].split_whitespace().collect::<Vec<_>>(), ["13", "14", "15", "16"]);
    assert_eq!(lines[7].split_whitespace().collect::<Vec<_>>(), ["8", "7", "6", "5"]);
    assert!(lines[9].starts_with("P1 inner |") && lines[11].starts_with("P1 outer |"), "{drawn}");
    assert_eq!(lines[13].split_whitespace().collect::<Vec<_>>(), ["1", "2", "3", "4"]);
}

#[test]
fn on_four_rows_an_inner_pit_faces_the_opponent_s_inner_pit_and_an_outer_pit_none() {
    let r = load(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/four-rows.sow")).unwrap(),
    );
    // `last seed in an empty pit of the mover's own: take the opposite pit`. Pit 4's seed falls
    // into pit 5, empty, the rightmost pit of player 1's inner row: it faces pit 16, the
    // rightmost (from player 1's seat) of player 2's inner row, whose 3 seeds are taken.
    let mut s = r.state_from(&[1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3], 0).unwrap();
    let (summary, _) = play(&r, &mut s, 4);
    assert_eq!((summary.captured, s.captured()), (3, &[3, 0][..]));
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
    // Player 2's pit 13, the leftmost of their inner row from player 1's seat, faces pit 8: its
    // 2 seeds go to 14 and 15, and 15, empty, faces pit 6 (empty): nothing is taken.
    let (summary, _) = play(&r, &mut s, 13);
    assert_eq!(summary.captured, 0);
    // Pit 1's seed falls into pit 2, an outer pit, empty: it faces none, and nothing is taken.
    let (summary, _) = play(&r, &mut s, 1);
    assert_eq!((summary.captured, s.pits()[1]), (0, 1));
}

/// The made-up board of four rows (tests/boards/four-rows.sow) with its sowing and capture
/// blocks replaced. Its columns, as player 1 sees the board:
///
///     12  11  10   9      player 2's outer row
///     13  14  15  16      player 2's inner row
///      8   7   6   5      player 1's inner row
///      1   2   3   4      player 1's outer row
///
/// Each player sows counter-clockwise round their own two rows: 1 2 ... 8 1, 9 10 ... 16 9.
fn four_rows_with(sowing: &str, capture: &str) -> Rules {
    four_rows_blocks(&format!("  sowing {{ {sowing} }}\n  capture {{ {capture} }}\n"))
}

/// The board of `tests/boards/four-rows.sow` with `blocks` in place of its sowing and capture
/// blocks.
fn four_rows_blocks(blocks: &str) -> Rules {
    four_rows_of(4, blocks)
}

/// [`four_rows_blocks`] on a board of 4 rows of `cols` pits.
fn four_rows_of(cols: usize, blocks: &str) -> Rules {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/four-rows.sow")).unwrap();
    let text = text.replace("board 4 rows of 4 pits", &format!("board 4 rows of {cols} pits"));
    let from = text.find("  sowing {").unwrap();
    let to = text.find("  end {").unwrap();
    load(&format!("{}{blocks}{}", &text[..from], &text[to..]))
}

const FOUR_ROWS_SOWING: &str = "counter-clockwise first seed into the next pit laps sow into the emptied pit";

#[test]
fn on_four_rows_the_pits_of_a_column_are_places() {
    // Tshuba's capture: a last seed alone in a pit of the mover's inner row takes the opposite
    // pit and the pit behind it, out of play.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 1 and is in the mover's inner row: take the opposite pit and the pit behind it out of play",
    );
    // Pit 7's seed falls into pit 8, empty, the left end of player 1's inner row: it faces 13,
    // and 12 is behind 13. Both go out of play: 3 and 2 seeds.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 3, 0, 0, 1], 1);
    let (summary, record) = play(&r, &mut s, 7);
    assert_eq!(captures_1based(&record), [(13, 3), (12, 2)]);
    assert_eq!((summary.captured, s.captured(), s.removed()), (5, &[0, 0][..], 5));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    // Player 2's pit 16 sows into 9, an outer pit, empty: not in their inner row, nothing taken.
    let (summary, _) = play(&r, &mut s, 16);
    assert_eq!(summary.captured, 0);
    // Player 1's pit 8 sows into pit 1, their outer row: nothing taken (and 1 faces no pit).
    let (summary, _) = play(&r, &mut s, 8);
    assert_eq!((summary.captured, s.pits()[0]), (0, 1));
    // The pit in front of an outer pit is its owner's inner pit of the column; of an inner
    // pit, the opponent's inner pit facing it.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 1 and the pit in front of the last pit is occupied: take the pit in front of the last pit",
    );
    // Pit 1's seed falls into 2 (outer, empty): 7 is in front of it, and is taken (the mover's
    // own seeds, as the line says).
    let mut s = at(&r, &[1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 2, 0, 1], 1);
    let (_, record) = play(&r, &mut s, 1);
    assert_eq!(captures_1based(&record), [(7, 4)]);
    // Player 2's pit 16 sows into 9 (outer): 16, in front of 9, is empty now.
    let (summary, _) = play(&r, &mut s, 16);
    assert_eq!(summary.captured, 0);
    // An inner landing: pit 6's seed into 7 (empty), in front of which is 14 (2 seeds).
    let mut s = at(&r, &[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1], 1);
    let (_, record) = play(&r, &mut s, 6);
    assert_eq!(captures_1based(&record), [(14, 2)]);
}

#[test]
fn on_four_rows_a_condition_names_the_mover_s_inner_or_outer_row() {
    // Katra's relay: only from the mover's outer row.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 2 or more and is in the mover's outer row: relay from the last pit \
         when the last pit holds 2 or more and is not in the mover's outer row: end the move",
    );
    // Pit 1's seed makes 2 in pit 2 (outer): relayed, 2 seeds to 3 and 4; pit 4 held 1 and
    // makes 2: relayed, 2 seeds to 5 and 6; pit 6 (inner) held 1 and makes 2: the move ends.
    let mut s = at(&r, &[1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 1);
    let (_, record) = play_move(&r, &mut s, pit(1));
    assert_eq!(relays_1based(&record), [(2, 2), (4, 2)]);
    assert_eq!(s.pits()[..8], [0, 0, 1, 0, 1, 2, 0, 0]);
    // Player 2's rows are theirs: pit 9's seed makes 2 in 10, their outer row: relayed.
    let mut s = at(&r, &[1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0], 2);
    let (_, record) = play_move(&r, &mut s, pit(9));
    assert_eq!(relays_1based(&record), [(10, 2)]);
    // describe reads the rows back.
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("the last pit is in the mover's outer row"), "{said}");
    assert!(said.contains("the last pit is not in the mover's outer row"), "{said}");
}

#[test]
fn seeds_taken_are_sown_on_from_a_place_as_a_new_lap() {
    // Katra's capture: an occupied landing in the mover's inner row takes the opposite pit if it
    // holds 2 or more, else the pit behind it if that holds 2 or more, and the seeds taken are
    // sown on from the last pit with everything it holds.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 2 or more and is in the mover's inner row and the opposite pit holds 2 or more: \
           take the opposite pit, then sow them from the last pit \
         when the last pit holds 2 or more and is in the mover's inner row and the pit behind the opposite pit \
           holds 2 or more: take the pit behind the opposite pit, then sow them from the last pit",
    );
    // Pit 6's seed makes 2 in pit 7, which faces 14 (3 seeds): the 3 go into 7, which sows its
    // 5 on: 8, 1, 2, 3, 4. Pit 4 held nothing: the move ends.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 0, 0, 3, 0, 0], 1);
    let (summary, record) = play_move(&r, &mut s, pit(6));
    assert_eq!(captures_1based(&record), [(14, 3)]);
    assert_eq!(relays_1based(&record), [(7, 5)]);
    assert_eq!(pits_1based(&record), [7, 8, 1, 2, 3, 4]);
    assert_eq!(s.pits(), &[1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0]);
    // Taken from the opponent: a capture, but nobody's score; every seed is still on the board.
    assert_eq!((summary.captured, s.captured()), (3, &[0, 0][..]));
    // 14 holds 1, fewer than 2: the pit behind it, 11 (2 seeds), is taken instead; 7 sows 4:
    // 8, 1, 2, 3.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 0, 0, 1, 0, 0], 1);
    let (_, record) = play_move(&r, &mut s, pit(6));
    assert_eq!(captures_1based(&record), [(11, 2)]);
    assert_eq!(s.pits(), &[1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]);
    // The lap sown on from the last pit is a lap: the rules are tried after it. Pit 5's seed
    // makes 2 in 6, facing 15 (2 seeds): 6 sows its 4 into 7, 8, 1 and 2; the lap ends in pit
    // 2, an outer pit, where no line applies (8, made 2 on the way, is not the last pit).
    let mut s = at(&r, &[0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0], 1);
    let (_, record) = play_move(&r, &mut s, pit(5));
    assert_eq!(relays_1based(&record), [(6, 4)]);
    assert_eq!(s.pits()[..8], [1, 1, 0, 0, 0, 0, 1, 2]);
    // describe says where the seeds go.
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("the mover takes the seeds of the pit behind the opposite pit, then the seeds taken are put into the last pit and sown on from it"), "{said}");
}

#[test]
fn either_way_for_the_whole_board_is_every_pit_either_way() {
    let by_line = bakuk_with("sowing { either way, as the mover chooses }");
    let by_pit = bakuk_with("sowing { direction by pit { every pit: either way, as the mover chooses } }");
    assert_eq!(by_line.spec().direction, by_pit.spec().direction);
    let s = by_line.initial_state();
    assert_eq!(legal_written(&by_line, &s), ["1cw", "1ccw", "2cw", "2ccw", "3cw", "3ccw"]);
}

#[test]
fn no_capture_in_the_first_moves_passes_over_the_lines_that_take() {
    // Kubuguza's first turns: a line that takes is passed over in the first 2 plies, and the
    // relay has its say.
    let r = four_rows_with(
        &format!("{FOUR_ROWS_SOWING} relay when the last seed falls into an occupied pit"),
        "no capture in the first 2 moves of the game \
         when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied: \
           take the opposite pit",
    );
    //  12  11  10   9          1   0   0   0
    //  13  14  15  16          1   0   0   3
    //   8   7   6   5          1   0   0   1
    //   1   2   3   4          0   0   0   1
    let mut s = at(&r, &[0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 3], 1);
    // Ply 1: pit 4's seed makes 2 in pit 5, of player 1's inner row, facing 16 (3 seeds): the
    // line would take 16, but it is passed over; pit 5 is relayed, 2 seeds into 6 and 7, and 7
    // was empty: the move ends.
    let (summary, record) = play_move(&r, &mut s, pit(4));
    assert_eq!((summary.captured, relays_1based(&record)), (0, vec![(5, 2)]));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 3]);
    // Ply 2: player 2's pit 12 makes 2 in 13, facing 8 (1 seed): passed over again; 13 is
    // relayed into 14 and 15.
    let (summary, record) = play_move(&r, &mut s, pit(12));
    assert_eq!((summary.captured, relays_1based(&record)), (0, vec![(13, 2)]));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 3]);
    // Ply 3: pit 6's seed makes 2 in 7, facing 14 (1 seed): the line takes it, and no relay
    // follows.
    let (summary, record) = play_move(&r, &mut s, pit(6));
    assert_eq!((captures_1based(&record), relays_1based(&record)), (vec![(14, 1)], vec![]));
    assert_eq!((summary.captured, s.captured()), (1, &[1, 0][..]));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 1, 3]);
    // describe says so.
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("The first two moves of the game (plies) capture nothing (a rule after each lap that takes is passed over then"), "{said}");
}

/// Tshuba's capture, for the rules on single seeds: a last seed alone in the mover's inner row
/// takes the opposite pit and the pit behind it, out of play.
const TSHUBA_CAPTURE: &str = "when the last pit holds 1 and is in the mover's inner row and the opposite pit is occupied: \
                              take the opposite pit and the pit behind it out of play";

#[test]
fn a_pit_of_one_seed_is_played_only_when_no_pit_holds_more_and_into_an_empty_pit() {
    // Musoro Tsoro: a pit needs 2 seeds, but a single seed may be played when no pit of the
    // mover's holds 2 or more, into an empty next pit; its lap captures as any lap.
    let r = four_rows_blocks(&format!(
        "  sowing {{ {FOUR_ROWS_SOWING} a pit needs 2 seeds to be played }}
           turns {{ a pit of one seed may be played only when no pit of the mover's holds 2 or more, \
                    and only when the next pit is empty }}
           capture {{ {TSHUBA_CAPTURE} }}\n"
    ));
    //  12  11  10   9          0   0   0   1
    //  13  14  15  16          0   0   0   2
    //   8   7   6   5          0   0   2   0
    //   1   2   3   4          1   0   1   1
    // Pit 6 holds 2: only it may be played; a single seed may not, whatever its next pit.
    let s = at(&r, &[1, 0, 1, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2], 1);
    assert_eq!(legal(&r, &s), [6]);
    assert_eq!(
        r.check_move(&s, pit(1)).unwrap_err().to_string(),
        "pit 1 holds a single seed, which may be played only when no pit of player 1's holds 2 or more: pit 6 holds 2"
    );
    // Pit 6 empty: no pit of player 1's holds 2 or more. Pit 1's next pit, 2, is empty, and so
    // is pit 4's (5); pit 3's, 4, holds a seed.
    let mut s = at(&r, &[1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2], 1);
    assert_eq!(legal(&r, &s), [1, 4]);
    assert_eq!(
        r.check_move(&s, pit(3)).unwrap_err().to_string(),
        "pit 3 holds a single seed, which may be played only when the next pit is empty: pit 4 holds 1"
    );
    // Pit 4's seed falls alone into 5, of player 1's inner row, facing 16 (2 seeds), behind
    // which is 9 (1 seed): both go out of play.
    let (summary, record) = play(&r, &mut s, 4);
    assert_eq!(captures_1based(&record), [(16, 2), (9, 1)]);
    assert_eq!((summary.captured, s.removed()), (3, 3));
    // Player 2 has no seed left to play: the game is over.
    assert!(legal(&r, &s).is_empty());
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "A pit of a single seed may be played all the same only when no pit of the mover's holds 2 or \
             more seeds, and only when the next pit, the one its seed goes into, is empty."
        ),
        "{said}"
    );
}

#[test]
fn a_move_of_one_seed_may_end_with_its_sowing() {
    // Nsolo: a single seed only when no pit of the mover's holds 2 or more (any pit may be played
    // otherwise: no `a pit needs` line), into an empty next pit, and its lap captures nothing.
    let r = four_rows_blocks(&format!(
        "  sowing {{ {FOUR_ROWS_SOWING} }}
           turns {{ a pit of one seed may be played only when no pit of the mover's holds 2 or more, \
                    and only when the next pit is empty, and then the move ends }}
           capture {{ {TSHUBA_CAPTURE} }}\n"
    ));
    // The position above, pit 6 empty: pit 4's seed falls alone into 5, facing 16, and the move
    // ends there: nothing is taken.
    let mut s = at(&r, &[1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2], 1);
    assert_eq!(legal(&r, &s), [1, 4]);
    let (summary, record) = play(&r, &mut s, 4);
    assert_eq!((summary.captured, captures_1based(&record)), (0, vec![]));
    assert_eq!(s.pits(), &[1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]);
    // Pit 3 holds 2: no single seed may be played, though a pit needs only 1 seed; its 2 seeds
    // go into 4 and 5, the last alone in 5, and the line takes 16 and 9.
    let mut s = at(&r, &[1, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2], 1);
    assert_eq!(legal(&r, &s), [3]);
    let (_, record) = play(&r, &mut s, 3);
    assert_eq!(captures_1based(&record), [(16, 2), (9, 1)]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("such a move ends with its sowing: no rule after it captures or relays."),
        "{said}"
    );
}

#[test]
fn a_single_seed_that_sows_either_way_may_go_only_the_way_of_an_empty_pit() {
    let r = four_rows_blocks(
        "  sowing { either way, as the mover chooses  first seed into the next pit  laps sow into the emptied pit }
           turns { a pit of one seed may be played only when the next pit is empty }
           capture { none }\n",
    );
    // Pit 2's seed: clockwise into pit 1 (empty), counter-clockwise into 3 (a seed). Pit 3's:
    // clockwise into 2 (a seed), counter-clockwise into 4 (empty). Pit 6's 2 seeds go either way.
    let s = at(&r, &[0, 1, 1, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 1);
    assert_eq!(legal_written(&r, &s), ["2cw", "3ccw", "6cw", "6ccw"]);
    assert_eq!(
        r.check_move(&s, Move::new(1, sow::engine::MoveDirection::CounterClockwise).unwrap())
            .unwrap_err()
            .to_string(),
        "pit 2 holds a single seed, which may be played only when the next pit is empty: pit 3 holds 1"
    );
}

/// Every pit of the board of four rows sows either way.
const FOUR_ROWS_EITHER: &str =
    "either way, as the mover chooses first seed into the next pit laps sow into the emptied pit";

#[test]
fn clockwise_only_when_conditions_hold_of_the_pit_the_last_seed_will_reach() {
    // Kubuguza's test: clockwise only when the pit the last seed will reach, counted before the
    // move, is in the mover's inner row, and the opposite pit and the pit behind it are occupied.
    let r = four_rows_blocks(&format!(
        "  sowing {{ {FOUR_ROWS_EITHER} }}
           turns {{ clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied \
                    and the pit behind it is occupied, before the move }}
           capture {{ none }}\n"
    ));
    //  12  11  10   9          0   1   0   0
    //  13  14  15  16          1   1   0   0
    //   8   7   6   5          0   0   0   0
    //   1   2   3   4          2   2   1   0
    // Clockwise, pit 1's 2 seeds go into 8 and 7: 7 is of the inner row, facing 14 (1 seed),
    // behind which is 11 (1 seed). Pit 2's go into 1 and 8: 8 faces 13 (1 seed), but 12, behind
    // it, is empty. Pit 3's seed goes into 2, of the outer row. Counter-clockwise is free.
    let s = at(&r, &[2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0], 1);
    assert_eq!(legal_written(&r, &s), ["1cw", "1ccw", "2ccw", "3ccw"]);
    let cw = |p: usize| Move::new(p - 1, sow::engine::MoveDirection::Clockwise).unwrap();
    assert_eq!(
        r.check_move(&s, cw(2)).unwrap_err().to_string(),
        "`2cw` sows clockwise, which the rules allow only when the last pit is in the mover's inner row, the \
         opposite pit holds seeds and the pit behind the opposite pit holds seeds before the move (named from \
         the pit its last seed will reach), and it does not"
    );
    // Player 2's rows are theirs: clockwise, pit 9's seed goes into 16, their inner row's
    // leftmost pit, facing 5 (empty), behind which is 4: refused; with a seed in 5, allowed.
    let s = at(&r, &[0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 2);
    assert_eq!(legal_written(&r, &s), ["9ccw"]);
    let s = at(&r, &[0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 2);
    assert_eq!(legal_written(&r, &s), ["9cw", "9ccw"]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "A move may sow clockwise only if, before it is made, the last pit is in the mover's inner row, \
             the opposite pit holds seeds and the pit behind the opposite pit holds seeds, its places named"
        ),
        "{said}"
    );
}

#[test]
fn a_move_that_passes_a_test_of_its_last_pit_must_be_played_when_there_is_one() {
    // Choro: a counter-clockwise move whose last pit, counted, is in the mover's inner row and
    // faces an occupied pit must be played when there is one; clockwise moves, which need that
    // test anyway, are not concerned.
    let choro = |must: &str| {
        four_rows_blocks(&format!(
            "  sowing {{ {FOUR_ROWS_EITHER} }}
               turns {{ clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied before the move
                        {must} }}
               capture {{ none }}\n"
        ))
    };
    let inner = "whose last pit is in the mover's inner row and the opposite pit is occupied before the move \
                 must be played when there is one";
    let r = choro(&format!("a counter-clockwise move {inner}"));
    //  12  11  10   9          0   0   0   0
    //  13  14  15  16          1   0   0   1
    //   8   7   6   5          0   0   1   0
    //   1   2   3   4          1   0   2   1
    // Counter-clockwise: pit 1's seed goes into 2 (outer); pit 3's into 4 and 5, which faces 16
    // (a seed); pit 4's into 5; pit 6's into 7, facing 14 (empty). So 3ccw and 4ccw must be
    // played, of the counter-clockwise moves. Clockwise: pit 1's seed into 8, facing 13 (a seed);
    // 3's into 2 and 1, 4's into 3 (outer); 6's into 5, facing 16.
    let s = at(&r, &[1, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1], 1);
    assert_eq!(legal_written(&r, &s), ["1cw", "3ccw", "4ccw", "6cw"]);
    let ccw = |p: usize| Move::new(p - 1, sow::engine::MoveDirection::CounterClockwise).unwrap();
    assert_eq!(
        r.check_move(&s, ccw(1)).unwrap_err().to_string(),
        "`1ccw` may not be played: a counter-clockwise move for which the last pit is in the mover's inner \
         row and the opposite pit holds seeds before the move (named from the pit its last seed will reach) \
         must be played when there is one, and `3ccw` is one"
    );
    // 16 empty: no counter-clockwise move passes the test, and all may be played; clockwise,
    // pit 6's seed now faces an empty pit.
    let s = at(&r, &[1, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0], 1);
    assert_eq!(legal_written(&r, &s), ["1cw", "1ccw", "3ccw", "4ccw", "6ccw"]);
    // The rule of every move: 1cw is the one move that passes, and must be played.
    let r = choro(&format!("a move {inner}"));
    let s = at(&r, &[1, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0], 1);
    assert_eq!(legal_written(&r, &s), ["1cw"]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "When a move can be played for which, before it is made, the last pit is in the mover's inner row \
             and the opposite pit holds seeds, its places named from the pit its last seed will reach"
        ),
        "{said}"
    );
}

#[test]
fn a_move_that_passes_a_test_of_its_last_pit_may_not_be_played() {
    // Intotoi's rule: a move may not end in an occupied pit of the mover's own (counted before
    // the move); it may end in an empty one, or in the opponent's row.
    //
    //           8   7   6   5        player 2
    //           1   2   3   4        player 1
    let game = |opening: &str| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 4 pits, no stores  seeds 2 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               {opening}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
               turns {{ a move whose last pit is the mover's own and is occupied before the move may not be played }}
               capture {{ last seed makes 2 in any pit: take them }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    let r = game("");
    // Pit 1's seed would fall into pit 2 (2 seeds), pit 2's last into pit 4 (1 seed): both
    // refused; pit 4's seed goes into pit 5, the opponent's.
    let s = at(&r, &[1, 2, 0, 1, 1, 1, 1, 1], 1);
    assert_eq!(legal(&r, &s), vec![4]);
    assert_eq!(
        r.check_move(&s, pit(1)).unwrap_err().to_string(),
        "`1` may not be played: a move for which the last pit is one of the mover's own and the last pit holds \
         seeds before the move (named from the pit its last seed will reach) may not be played"
    );
    // Pit 2 empty: pit 1's seed falls into an empty pit of the mover's, which it may.
    let s = at(&r, &[1, 0, 0, 1, 1, 1, 1, 1], 1);
    assert_eq!(legal(&r, &s), vec![1, 4]);
    // The same for player 2: pit 5's seed into pit 6 (occupied) is refused; pit 6's falls into
    // pit 7 (empty), and pit 8's goes round into pit 1.
    let s = at(&r, &[1, 0, 0, 1, 1, 1, 0, 1], 2);
    assert_eq!(legal(&r, &s), vec![6, 8]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "A move for which, before it is made, the last pit is one of the mover's own and the last pit holds \
             seeds, its places named from the pit its last seed will reach"
        ),
        "{said}"
    );
    // The moves of an opening are given by rule and not judged: player 1's first move empties
    // their 1st pit into their 2nd, an occupied pit of theirs.
    let r = game("opening { each player's first move: move the seeds of their 1st pit into their 2nd pit }");
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), vec![1]);
    r.play(&mut s, pit(1), &mut ()).unwrap();
    assert_eq!(s.pits(), &[0, 4, 2, 2, 2, 2, 2, 2]);
}

#[test]
fn on_four_rows_a_direction_by_pit_names_the_rows_from_each_seat() {
    // Kubuguza: the ends of the inner row and the 2nd pit from each end of the outer row sow
    // either way, clockwise only when the last pit, counted, is in the mover's inner row and
    // the opposite pit and the pit behind it are occupied.
    let r = four_rows_of(
        8,
        "  sowing { direction by pit, from each player's seat {
                      the end pits of their inner row and the 2nd pit from each end of their outer row: either way, as the mover chooses
                      the other pits: counter-clockwise }
                    first seed into the next pit  laps sow into the emptied pit }
           turns { clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied \
                   and the pit behind it is occupied, before the move }
           capture { none }\n",
    );
    // On 4 x 8, player 1's outer row is 1 to 8 from their left, their inner row 9 (at their
    // right) to 16; player 2's the same from their seat, 17 to 24 and 25 to 32:
    //   24 23 22 21 20 19 18 17
    //   25 26 27 28 29 30 31 32
    //   16 15 14 13 12 11 10  9
    //    1  2  3  4  5  6  7  8
    // The ends of player 1's inner row are 9 and 16, the 2nd from each end of their outer row
    // 2 and 7; player 2's 25, 32, 18 and 23.
    let either: Vec<usize> =
        (1..=32).filter(|&p| r.spec().direction.of(p - 1) == sow::lang::spec::Way::Either).collect();
    assert_eq!(either, [2, 7, 9, 16, 18, 23, 25, 32]);
    //  Pit 16's seed, clockwise, goes into 15, facing 26 (a seed), behind which is 23 (a seed);
    //  pit 9's 2 seeds into 8 and 7, of the outer row. Pit 3 sows counter-clockwise only.
    let mut pits = [0u8; 32];
    for (p, seeds) in [(3, 1), (9, 2), (16, 1), (23, 1), (26, 1)] {
        pits[p - 1] = seeds;
    }
    let s = at(&r, &pits, 1);
    assert_eq!(legal_written(&r, &s), ["3", "9ccw", "16cw", "16ccw"]);
    // 23 empty: 16cw is refused too.
    pits[22] = 0;
    let s = at(&r, &pits, 1);
    assert_eq!(legal_written(&r, &s), ["3", "9ccw", "16ccw"]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "the end pits of their inner row and the second pit from each end of their outer row either way, as \
             the mover chooses (pits 2, 7, 9 and 16 for player 1, 18, 23, 25 and 32 for player 2)"
        ),
        "{said}"
    );
    // Choro: the 2 leftmost pits of each row, from each seat.
    let r = four_rows_of(
        8,
        "  sowing { direction by pit { the 2 leftmost pits of each of their rows: either way, as the mover chooses
                                       the other pits: counter-clockwise }
                    first seed into the next pit  laps sow into the emptied pit }
           capture { none }\n",
    );
    let either: Vec<usize> =
        (1..=32).filter(|&p| r.spec().direction.of(p - 1) == sow::lang::spec::Way::Either).collect();
    assert_eq!(either, [1, 2, 15, 16, 17, 18, 31, 32]);
    // Clockwise from pit 1: its 2 seeds go into 16 and 15, round player 1's own two rows.
    let mut s = r.initial_state();
    let (_, record) = play_move(&r, &mut s, Move::new(0, sow::engine::MoveDirection::Clockwise).unwrap());
    assert_eq!(pits_1based(&record), [16, 15]);
}

#[test]
fn a_pit_chosen_by_the_mover_pauses_the_move_until_it_is_chosen() {
    // Tshuba's capture: the opposite pit and the pit behind it out of play, then one more
    // pit of the opponent's, the mover's choice.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 1 and is in the mover's inner row: take the opposite pit and the pit behind it out of play, \
         then take an occupied pit of the opponent's, chosen by the mover, out of play",
    );
    // Pit 7's seed falls into 8 (empty, inner): 13 (3) and 12 (2) go out of play. Player 2
    // still has seeds in 9, 10 and 16: player 1 chooses, and the move waits.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 0, 2, 3, 0, 0, 1], 1);
    let (summary, _) = play(&r, &mut s, 7);
    assert_eq!((summary.captured, s.removed()), (5, 5));
    assert_eq!(s.pending(), Some(sow::engine::Step::Take));
    assert_eq!((s.to_move(), s.plies()), (Some(0), 0));
    assert_eq!(legal(&r, &s), [9, 10, 16]);
    // Not a choice: an empty pit, or a pit of the mover's.
    assert_eq!(
        r.check_move(&s, pit(11)).unwrap_err().to_string(),
        "`11` is not a choice here: the move waits for the mover to take one of the opponent's pits: `9`, `10`, `16`"
    );
    // Pit 10 is chosen: its 2 seeds go out of play, and the turn passes.
    let mut record = Record::default();
    let summary = r.play(&mut s, pit(10), &mut record).unwrap();
    assert_eq!((summary.captured, s.removed(), s.pits()[9]), (2, 7, 0));
    assert_eq!((s.pending(), s.to_move(), s.plies()), (None, Some(1), 1));
    // With one pit left to the opponent it is taken at once; with none, nothing is asked.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 3, 0, 0, 1], 1);
    let (summary, record) = play(&r, &mut s, 7);
    assert_eq!(captures_1based(&record), [(13, 3), (12, 2), (16, 1)]);
    assert_eq!((summary.captured, s.pending(), s.to_move()), (6, None, None));
    // The notation writes the choice after the move: `7/10`, and reads it back.
    let s = at(&r, &[0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 0, 2, 3, 0, 0, 1], 1);
    let moves = sow::engine::notation::parse_moves(&r, "7/10 9").unwrap();
    assert_eq!(moves, [pit(7), pit(10), pit(9)]);
    let turns = sow::engine::notation::turns(&r, s, &moves);
    assert_eq!(turns.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["7/10", "9"]);
}

#[test]
fn a_relay_from_a_pit_named_may_be_declined_and_the_move_ends_there() {
    // Musoro Tsoro's musoro: player 1's rightmost outer pit is 4 on 4 x 4, player 2's 12.
    let r = four_rows_with(
        &format!(
            "{FOUR_ROWS_SOWING} relay when the last seed falls into an occupied pit
             the mover may decline a relay from the rightmost pit of their outer row"
        ),
        "none",
    );
    // Pit 2's 2 seeds go into 3 and 4; 4 held 1: the relay from it may be declined, and the
    // move waits, the turn not yet passed.
    let start = at(&r, &[0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], 1);
    let mut s = start;
    play_move(&r, &mut s, pit(2));
    assert_eq!(s.pending(), Some(sow::engine::Step::Relay));
    assert_eq!((s.to_move(), s.plies(), s.pending_at()), (Some(0), 0, Some(3)));
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [pit(4), Move::PASS]);
    assert_eq!(
        r.check_move(&s, pit(3)).unwrap_err().to_string(),
        "`3` is not a choice here: the move waits for the mover to relay or to pass: `4`, `pass`"
    );
    // `pass`: the move ends at pit 4, which keeps its 2 seeds.
    let mut passed = s;
    r.play(&mut passed, Move::PASS, &mut Record::default()).unwrap();
    assert_eq!(&passed.pits()[..8], [0, 0, 1, 2, 0, 0, 0, 0]);
    assert_eq!((passed.pending(), passed.to_move(), passed.plies()), (None, Some(1), 1));
    // The relay: pit 4's 2 seeds go into 5 and 6 (empty): the move ends there.
    let mut record = Record::default();
    let summary = r.play(&mut s, pit(4), &mut record).unwrap();
    assert_eq!(
        (summary.lifted, pits_1based(&record), record.relays.clone()),
        (0, vec![5, 6], vec![(0, 3, 2)])
    );
    assert_eq!(&s.pits()[..8], [0, 0, 1, 0, 1, 1, 0, 0]);
    assert_eq!((s.pending(), s.to_move(), s.plies()), (None, Some(1), 1));
    // The notation joins the choice to its move, and reads it back.
    let moves = sow::engine::notation::parse_moves(&r, "2/pass").unwrap();
    assert_eq!(moves, [pit(2), Move::PASS]);
    let turns = sow::engine::notation::turns(&r, start, &moves);
    assert_eq!(turns.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["2/pass"]);
    // A relay from any other pit goes on at once, and `pass` is no move then.
    // (pit 2's seed into 3, which held 1: a relay from 3, into 4 and 5.)
    let mut s = at(&r, &[0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], 1);
    assert_eq!(r.check_move(&s, Move::PASS).unwrap_err().to_string(), IllegalMove::NoPass.to_string());
    let (_, record) = play_move(&r, &mut s, pit(2));
    assert_eq!((pits_1based(&record), s.pending(), s.to_move()), (vec![3, 4, 5], None, Some(1)));
}

#[test]
fn a_relay_sows_as_a_move_from_its_pit_would_either_way_where_the_test_allows() {
    // Kubuguza on 4 x 4: pits 1, 4 (player 1's outer row ends), 5 and 8 (inner row ends) sow
    // either way, clockwise only when the last pit, counted, is in the mover's inner row
    // facing two occupied pits; the others counter-clockwise.
    //     12 11 10  9      player 2's outer row
    //     13 14 15 16      player 2's inner row
    //      8  7  6  5      player 1's inner row
    //      1  2  3  4      player 1's outer row
    let r = four_rows_blocks(
        "  sowing {
             direction by pit, from each player's seat {
               the end pits of each of their rows: either way, as the mover chooses
               the other pits: counter-clockwise
             }
             first seed into the next pit laps sow into the emptied pit
             relay when the last seed falls into an occupied pit
             a relay sows as a move from its pit would
           }
           turns {
             clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied and the pit behind it is occupied, before the move
           }
           capture { none }\n",
    );
    // Pit 2's 2 seeds go into 3 and 4; 4 held 2 (now 3): a relay from pit 4, which sows
    // either way. Counter-clockwise its 3 seeds would end in 7; clockwise in 1 (outer row):
    // only counter-clockwise is allowed, and the relay goes on at once: 5, 6, 7, and 7 was
    // empty.
    let mut s = at(&r, &[0, 2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], 1);
    let (_, record) = play_move(&r, &mut s, pit(2));
    assert_eq!((pits_1based(&record), s.pending(), s.to_move()), (vec![3, 4, 5, 6, 7], None, Some(1)));
    // Pit 2's 2 seeds again; 4 held 4 (now 5): clockwise its 5 seeds go 3 2 1 8 7 and end
    // in pit 7, facing 14 and 11, both occupied: both ways are allowed, and the move waits.
    let mut s = at(&r, &[0, 2, 0, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], 1);
    play_move(&r, &mut s, pit(2));
    assert_eq!(s.pending(), Some(sow::engine::Step::Way));
    let cw = Move::new(3, sow::engine::MoveDirection::Clockwise).unwrap();
    let ccw = Move::new(3, sow::engine::MoveDirection::CounterClockwise).unwrap();
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [cw, ccw]);
    let mut record = Record::default();
    r.play(&mut s, cw, &mut record).unwrap();
    assert_eq!((pits_1based(&record), s.pending(), s.to_move()), (vec![3, 2, 1, 8, 7], None, Some(1)));
    let moves = sow::engine::notation::parse_moves(&r, "2/4cw").unwrap();
    assert_eq!(moves, [pit(2), cw]);
    // A relay from a pit of one way sows that way, whatever the move's: pit 1's 2 seeds,
    // clockwise, go into 8 and 7 (which held 1, and faces 14 and 11: allowed); the relay from
    // 7 sows counter-clockwise, its way: 8, then 1 (emptied by the move): the move ends.
    let mut s = at(&r, &[2, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1], 1);
    let (_, record) = play_move(&r, &mut s, Move::new(0, sow::engine::MoveDirection::Clockwise).unwrap());
    assert_eq!(pits_1based(&record), [8, 7, 8, 1]);
}

#[test]
fn the_seeds_taken_alone_are_sown_on_unless_the_pit_held_one() {
    // Choro (Lango)'s code on 4 x 4: the opposite pit and the pit behind it go into the
    // mover's pit behind the last pit, and only they are sown on from there, unless it held a
    // single seed. Pit 7 faces 14, behind which is 11; behind pit 7 is pit 2.
    let r = four_rows_with(
        &format!("{FOUR_ROWS_SOWING} relay when the last seed falls into an occupied pit"),
        "when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied: \
         take the opposite pit and the pit behind the opposite pit, then sow only them from the pit behind the last pit, \
         with its own seeds when it holds 1",
    );
    // Pit 5's 2 seeds go into 6 and 7; 7 held 1: 14 (3) and 11 (1) are taken into pit 2,
    // which held 5: the 4 taken are sown 3 4 5 6, and 5 stay in pit 2. Pit 6 held 1: a relay
    // (15 is empty: no capture) of its 2 seeds into 7 and 8, which was empty.
    let mut s = at(&r, &[0, 5, 0, 0, 2, 0, 1, 0, 1, 1, 1, 1, 1, 3, 0, 1], 1);
    let (summary, record) = play_move(&r, &mut s, pit(5));
    assert_eq!(pits_1based(&record), [6, 7, 3, 4, 5, 6, 7, 8]);
    assert_eq!(&s.pits()[..8], [0, 5, 1, 1, 1, 0, 3, 1]);
    assert_eq!((s.pits()[10], s.pits()[13], summary.captured), (0, 0, 4));
    // Pit 2 holding a single seed: it goes with them, 5 sown 3 4 5 6 7; 7 (now 3) faces 14,
    // empty: a relay of its 3 seeds into 8, 1 and 2, emptied: the move ends.
    let mut s = at(&r, &[0, 1, 0, 0, 2, 0, 1, 0, 1, 1, 1, 1, 1, 3, 0, 1], 1);
    let (_, record) = play_move(&r, &mut s, pit(5));
    assert_eq!(pits_1based(&record), [6, 7, 3, 4, 5, 6, 7, 8, 1, 2]);
    assert_eq!(&s.pits()[..8], [1, 1, 1, 1, 1, 2, 0, 1]);
}

#[test]
fn a_way_allowed_only_after_a_player_s_first_move() {
    // Clockwise from the end pits of player 1's rows (1, 4, 5 and 8 on 4 x 4) only when the
    // last pit, counted, faces an occupied pit, and never in a player's first move.
    let r = four_rows_blocks(
        "  sowing {
             direction by pit, from each player's seat {
               the end pits of each of their rows: either way, as the mover chooses
               the other pits: counter-clockwise
             }
             first seed into the next pit laps sow into the emptied pit
           }
           turns {
             clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied, before the move, and not in a player's first move
           }
           capture { none }\n",
    );
    // Pit 8's 2 seeds clockwise would end in 6, facing 15 (occupied): not in player 1's
    // first move, nor in a position given (a game's start).
    let cw = Move::new(7, sow::engine::MoveDirection::Clockwise).unwrap();
    let mut s = at(&r, &[2, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1], 1);
    assert!(!r.legal_moves(&s).contains(cw));
    assert!(r.check_move(&s, cw).is_err());
    // After player 1's first move (pit 1 into 2 and 3) and player 2's (pit 10 into 11): allowed.
    play_move(&r, &mut s, Move::new(0, sow::engine::MoveDirection::CounterClockwise).unwrap());
    play_move(&r, &mut s, pit(10));
    assert!(r.legal_moves(&s).contains(cw));
    let (_, record) = play_move(&r, &mut s, cw);
    assert_eq!(pits_1based(&record), [7, 6]);
}

#[test]
fn on_three_rows_the_pits_make_one_circuit_through_the_middle_row() {
    let r = load(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/three-rows.sow"))
            .unwrap(),
    );
    // As player 1 sees the board:
    //     15 14 13 12 11 10      player 2's row
    //     16 17 18  9  8  7      the middle row: player 2's half, player 1's half
    //      1  2  3  4  5  6      player 1's row
    // Player 1 owns 1-9, player 2 10-18; seeds go 1, 2, ... 18, 1.
    assert_eq!(r.spec().pits_of(0), (1..=9).collect::<Vec<_>>());
    // Pit 5's 3 seeds go along player 1's row into 6, then into the middle row: 7 (above 6)
    // and 8.
    let mut s = at(&r, &[0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0], 1);
    let (_, record) = play(&r, &mut s, 5);
    assert_eq!(places(&r, &record), ["6", "7", "8"]);
    // Player 2's pit 16 (the middle row, at player 1's left) sows 17, 18, then 1: round the
    // end of the middle row into player 1's row (pit 1 held nothing: no capture).
    let (_, record) = play(&r, &mut s, 16);
    assert_eq!(places(&r, &record), ["17", "18", "1"]);
    // Player 1's pit 9 (the middle row, next to player 2's half) sows into 10, player 2's
    // row at its left end as player 2 sees it (above pit 6); 10 held 3 and makes 4: taken.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1, 0, 0], 1);
    let (summary, record) = play(&r, &mut s, 9);
    assert_eq!((places(&r, &record), summary.captured), (vec!["10".to_string()], 4));
    // The drawing: the middle row's numbers under it.
    let drawn = sow::lang::draw::board(r.spec(), &r.initial_state().pits()[..18], &[0, 0]);
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["15", "14", "13", "12", "11", "10"]);
    assert!(lines[2].starts_with("P2       |") && lines[4].starts_with("middle   |"), "{drawn}");
    assert_eq!(lines[6].split_whitespace().collect::<Vec<_>>(), ["16", "17", "18", "9", "8", "7"]);
    assert!(lines[8].starts_with("P1       |"), "{drawn}");
    assert_eq!(lines[10].split_whitespace().collect::<Vec<_>>(), ["1", "2", "3", "4", "5", "6"]);
}

#[test]
fn a_first_move_may_be_from_one_of_several_pits_named_by_row() {
    // Choro (Lango): each player's first move is from one of the 2 rightmost pits of their
    // outer row: pits 7 and 8 for player 1, 23 and 24 for player 2 on 4 x 8 (the numbering of
    // the test above).
    let r = four_rows_of(
        8,
        &format!(
            "  sowing {{ {FOUR_ROWS_SOWING} }}
               turns {{ each player's first move is from one of the 2 rightmost pits of their outer row }}
               capture {{ none }}\n"
        ),
    );
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), [7, 8]);
    assert_eq!(
        r.check_move(&s, pit(9)).unwrap_err().to_string(),
        "pit 9 cannot be played: this player's first move must be from pit 7 or 8"
    );
    play(&r, &mut s, 8);
    assert_eq!(legal(&r, &s), [23, 24]);
    play(&r, &mut s, 23);
    // Player 1's later moves are free: every pit that holds seeds.
    assert_eq!(legal(&r, &s), (1..=16).filter(|&p| p != 8).collect::<Vec<_>>());
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "A player's first move of the game must be from one of the pits given: player 1's from pit 7 or 8 \
             and player 2's from pit 23 or 24."
        ),
        "{said}"
    );
}

/// Made-up games of 4 rows of 8 pits with the rules of legal moves of Nsolo, Kubuguza and Choro
/// (Lango), each beside the captures and relays of its game.
fn four_row_games() -> Vec<(&'static str, Rules)> {
    let relay = "relay when the last seed falls into an occupied pit";
    let kubuguza_ways = "direction by pit { the end pits of their inner row and the 2nd pit from each end of their outer row: \
                         either way, as the mover chooses  the other pits: counter-clockwise }";
    let choro_ways = "direction by pit { the 2 leftmost pits of each of their rows: either way, as the mover chooses \
                      the other pits: counter-clockwise }";
    let blocks = |sowing: String, turns: &str, capture: &str| {
        format!("  sowing {{ {sowing} }}\n  turns {{ {turns} }}\n  capture {{ {capture} }}\n")
    };
    vec![
        (
            "Nsolo",
            four_rows_of(
                8,
                &blocks(
                    format!("{FOUR_ROWS_SOWING} {relay}"),
                    "a pit of one seed may be played only when no pit of the mover's holds 2 or more, \
                     and only when the next pit is empty, and then the move ends",
                    "when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied \
                       and the pit behind it is occupied: take the opposite pit and the pit behind it out of play \
                     when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied: \
                       take the opposite pit out of play",
                ),
            ),
        ),
        (
            "Kubuguza",
            four_rows_of(
                8,
                &blocks(
                    format!(
                        "{kubuguza_ways} first seed into the next pit laps sow into the emptied pit {relay} a pit needs 2 seeds to be played"
                    ),
                    "clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied \
                     and the pit behind it is occupied, before the move",
                    "no capture in the first 2 moves of the game \
                     when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied \
                       and the pit behind it is occupied: \
                       take the opposite pit and the pit behind it, then sow them from the pit the lap started from",
                ),
            ),
        ),
        (
            "Choro",
            four_rows_of(
                8,
                &blocks(
                    format!(
                        "{choro_ways} first seed into the next pit laps sow into the emptied pit {relay} a pit needs 2 seeds to be played"
                    ),
                    "each player's first move is from one of the 2 rightmost pits of their outer row \
                     clockwise only when the last pit is in the mover's inner row and the opposite pit is occupied before the move \
                     a counter-clockwise move whose last pit is in the mover's inner row and the opposite pit is occupied \
                       before the move must be played when there is one",
                    "when the last pit holds 2 or more and is in the mover's inner row and the opposite pit is occupied: \
                       take the opposite pit and the pit behind it, then sow them from the pit behind the last pit",
                ),
            ),
        ),
    ]
}

#[test]
fn random_games_of_four_rows_keep_the_rules_of_legal_moves() {
    // Every legal move is accepted, every other move of a pit of the mover's is refused with a
    // reason, a single seed is played only as Nsolo's line allows, and every seed is kept.
    for (name, r) in four_row_games() {
        let mut z = 0x9e37_79b9_7f4a_7c15u64;
        let mut played = 0;
        // The refusals each rule of legal moves gave, so that none of them is tested in vain.
        let mut refused = std::collections::BTreeSet::new();
        for game in 0..100 {
            let mut s = r.initial_state();
            while let Some(mover) = s.to_move() {
                let moves: Vec<Move> = r.legal_moves(&s).iter().collect();
                for &mv in &moves {
                    assert_eq!(r.check_move(&s, mv), Ok(()), "{name}, game {game}: {mv} in {:?}", s.pits());
                    if name == "Nsolo" && s.pits()[mv.pit()] == 1 {
                        let own = |p: usize| r.owner(p) == mover;
                        assert!(
                            (0..32).all(|p| !own(p) || s.pits()[p] < 2),
                            "{name}: a single seed beside more"
                        );
                        let next = if mv.pit() % 16 == 15 { mv.pit() - 15 } else { mv.pit() + 1 };
                        assert_eq!(s.pits()[next], 0, "{name}: a single seed into an occupied pit");
                    }
                }
                for p in (0..32).filter(|&p| r.owner(p) == mover && s.pits()[p] > 0) {
                    for d in
                        [sow::engine::MoveDirection::Clockwise, sow::engine::MoveDirection::CounterClockwise]
                    {
                        let mv = r.resolve(Move::new(p, d).unwrap()).unwrap_or(Move::from_pit(p).unwrap());
                        if !moves.contains(&mv) {
                            let why =
                                r.check_move(&s, mv).expect_err("a move left out is refused").to_string();
                            for rule in
                                ["holds a single seed", "allow only when", "must be played", "first move"]
                            {
                                if why.contains(rule) {
                                    refused.insert(rule);
                                }
                            }
                        }
                    }
                }
                z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let pick = ((z ^ (z >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 33) as usize % moves.len();
                let before = seeds_in_play(&s);
                r.apply(&mut s, moves[pick]);
                assert_eq!(seeds_in_play(&s), before, "{name}: seeds kept");
                played += 1;
            }
        }
        assert!(played > 1000, "{name}: {played} moves");
        let rules: &[&str] = match name {
            "Nsolo" => &["holds a single seed"],
            "Kubuguza" => &["allow only when"],
            _ => &["allow only when", "must be played", "first move"],
        };
        assert_eq!(refused, rules.iter().copied().collect(), "{name}");
    }
}

#[test]
fn a_condition_may_say_that_a_row_is_empty() {
    // Katra's text: the opponent's outer pit is taken only when their inner row is empty.
    let r = four_rows_with(
        FOUR_ROWS_SOWING,
        "when the last pit holds 2 or more and is in the mover's inner row and the opponent's inner row is empty \
         and the pit behind the opposite pit holds 2 or more: take the pit behind the opposite pit",
    );
    // Pit 6's seed makes 2 in 7, facing 14; 11 behind it holds 3. Player 2's inner row (13-16)
    // holds a seed in 16: nothing is taken.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 3, 0, 0, 0, 0, 1], 1);
    let (summary, _) = play(&r, &mut s, 6);
    assert_eq!(summary.captured, 0);
    // With player 2's inner row empty, 11 is taken.
    let mut s = at(&r, &[0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 3, 0, 0, 0, 0, 0], 1);
    let (_, record) = play(&r, &mut s, 6);
    assert_eq!(captures_1based(&record), [(11, 3)]);
    let said = sow::lang::describe::describe(r.spec(), &[]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("the opponent's inner row is empty"), "{said}");
    // On a board of 2 rows there is no inner row.
    let file = sow::lang::library::load_text(
        "test.sow",
        "variant \"T\" extends \"Bakuk\" { source \"test\" capture { when the opponent's inner row is empty: take the last pit } }",
    )
    .unwrap();
    let e = sow::lang::check::check(&file, None).unwrap_err().to_string();
    assert!(e.contains("an inner or outer row on a board of 2 rows"), "{e}");
}

/// Bao's capture on 4 x 8: the seeds taken are sown on from an end of the mover's inner row.
const BAO_SOWING: &str = "counter-clockwise first seed into the next pit laps sow into the emptied pit \
                          relay when the last seed falls into an occupied pit";

fn bao_end(named: &str) -> Rules {
    four_rows_of(
        8,
        &format!(
            "  sowing {{ {BAO_SOWING} }}\n  capture {{ when the last pit is in the mover's inner row and the opposite pit is occupied: \
             take the opposite pit, then sow them from the end of the mover's inner row {named}, either end as the mover \
             chooses when the last pit is not among the 2 pits at either end }}\n"
        ),
    )
}

#[test]
fn the_seeds_taken_are_sown_from_the_end_of_the_inner_row_nearer_the_last_pit() {
    //     24 23 22 21 20 19 18 17      player 2's outer row
    //     25 26 27 28 29 30 31 32      player 2's inner row
    //     16 15 14 13 12 11 10  9      player 1's inner row
    //      1  2  3  4  5  6  7  8      player 1's outer row
    let r = bao_end("nearer the last pit");
    // Pit 8's 2 seeds go into 9 and 10. Pit 10, the 2nd from player 1's right, faces 31 (3
    // seeds): taken, and put into 9, the right end (now 4), which is sown on counter-clockwise,
    // along the inner row: 10, 11, 12, 13. Pit 13 was empty and faces 28, empty: the move ends.
    let mut pits = [0u8; 32];
    (pits[7], pits[30], pits[16]) = (2, 3, 1);
    let mut s = at(&r, &pits, 1);
    let (m, record) = play_move(&r, &mut s, pit(8));
    assert_eq!(pits_1based(&record), [9, 10, 10, 11, 12, 13]);
    assert_eq!((captures_1based(&record), relays_1based(&record)), (vec![(31, 3)], vec![(9, 4)]));
    assert_eq!((m.last + 1, m.captured, s.pending(), s.to_move()), (13, 3, None, Some(1)));
    assert_eq!(&s.pits()[8..13], &[0, 2, 1, 1, 1]);

    // Pit 8's 4 seeds end in pit 12, the 4th from the right, facing 29 (2 seeds): either end,
    // as the mover chooses. The move waits, 29 still holding its seeds; the ends are 9 and 16.
    let mut pits = [0u8; 32];
    (pits[7], pits[28], pits[16]) = (4, 2, 1);
    let mut s = at(&r, &pits, 1);
    play_move(&r, &mut s, pit(8));
    assert_eq!((s.pending(), s.to_move(), s.pits()[28]), (Some(sow::engine::Step::End), Some(0), 2));
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [pit(9), pit(16)]);
    assert!(r.play(&mut s.clone(), pit(12), &mut Record::default()).is_err(), "not an end");
    // From the left end, 16 (now 2), clockwise along the row: 15, 14, both empty; 14 faces 27,
    // empty: the move ends.
    let mut record = Record::default();
    r.play(&mut s, pit(16), &mut record).unwrap();
    assert_eq!((pits_1based(&record), captures_1based(&record)), (vec![15, 14], vec![(29, 2)]));
    assert_eq!((s.pending(), s.to_move(), s.pits()[28]), (None, Some(1), 0));
    assert_eq!((&s.pits()[8..16], s.seeds_on_board()), (&[1, 1, 1, 1, 0, 1, 1, 0][..], 7));
    assert_eq!(sow::engine::notation::parse_moves(&r, "8/16").unwrap(), [pit(8), pit(16)]);
    let mut pits = [0u8; 32];
    (pits[7], pits[28], pits[16]) = (4, 2, 1);
    assert_eq!(
        described(&r, at(&r, &pits, 1), &[pit(8), pit(16)]),
        [
            "ply 1: player 1 plays pit 8 (4 seeds): sows 9 10 11 12; last seed in pit 12 (now 1); \
             the move waits for a choice: sow from which end? (pits 9 and 16)",
            "ply 1: player 1 chooses pit 16 to sow from: takes 2 from pit 29 and sows them from pit 16 (2 seeds): \
             sows 15 14; last seed in pit 14 (now 1)"
        ]
    );

    // Player 2: pit 29's 2 seeds go into 30 and 31, the 2nd pit from their left, facing 10 (3
    // seeds): sown from their left end, 32, clockwise: 31, 30, 29. Pit 29 was emptied by the
    // move, faces 12 (empty): the move ends.
    let mut pits = [0u8; 32];
    (pits[28], pits[9], pits[0]) = (2, 3, 1);
    let mut s = at(&r, &pits, 2);
    let (_, record) = play_move(&r, &mut s, pit(29));
    assert_eq!(pits_1based(&record), [30, 31, 31, 30, 29]);
    assert_eq!(&s.pits()[24..32], &[0, 0, 0, 0, 1, 2, 2, 0]);
}

#[test]
fn the_end_may_be_named_by_the_last_pits_side_as_player_1_sees_it() {
    // Ludii's Bao: the mover's right end when the last pit is in one of the 2 columns at player
    // 1's right. For player 1 that is the nearer end; for player 2 the far one.
    let r = bao_end("at their right when the last pit is at player 1's right");
    // Player 2's pit 29 into 30 and 31 (2nd from their left, at player 1's right), facing 10
    // (3 seeds): sown from player 2's right end, 25, counter-clockwise: 26, 27, 28. Pit 28 was
    // empty, facing 13 (empty): the move ends.
    let mut pits = [0u8; 32];
    (pits[28], pits[9], pits[0]) = (2, 3, 1);
    let mut s = at(&r, &pits, 2);
    let (_, record) = play_move(&r, &mut s, pit(29));
    assert_eq!((pits_1based(&record), relays_1based(&record)), (vec![30, 31, 26, 27, 28], vec![(25, 3)]));
    assert_eq!(&s.pits()[24..32], &[0, 1, 1, 1, 0, 1, 1, 0]);
    // Player 1 the same as the nearer end: pit 8 into 9 and 10, facing 31: from 9.
    let mut pits = [0u8; 32];
    (pits[7], pits[30], pits[16]) = (2, 3, 1);
    let mut s = at(&r, &pits, 1);
    let (_, record) = play_move(&r, &mut s, pit(8));
    assert_eq!(relays_1based(&record), [(9, 4)]);
}

// Gabata (Aksum): three rows, the wegue (a claim, and 2 seeds taken from an opponent's), the
// leftmost pit played last, rounds over when every seed is in a wegue, fills along the circuit
// and a borrowed pit.

fn gabata() -> Rules {
    shipped("variants/gabata-aksum.sow", None)
}

#[test]
fn a_last_seed_that_makes_4_in_an_opponents_pit_claims_it_and_one_in_an_opponents_wegue_takes_2() {
    let r = gabata();
    // Player 1 plays pit 9 (1 seed): into pit 10, player 2's, which held 3: it holds 4 and
    // becomes player 1's wegue; the move ends there (no relay).
    let mut pits = [0u8; 18];
    (pits[4], pits[8], pits[9], pits[17]) = (1, 1, 3, 10);
    let mut s = at(&r, &pits, 1);
    let (m, rec) = play(&r, &mut s, 9);
    assert_eq!((rec.claims.clone(), m.captured), (vec![(9, 0)], 0));
    assert_eq!((claimed(&s, 1), claimed(&s, 2)), (vec![10], vec![]));
    assert_eq!(s.pits()[9], 4);
    // Player 2 may not play their own pit 10 now: only pit 18.
    assert_eq!(legal(&r, &s), vec![18]);
    assert_eq!(r.play(&mut s.clone(), pit(10), &mut ()), Err(IllegalMove::Claimed { pit: 10, claimer: 1 }));
    // Pit 18 (10 seeds): pits 1 to 9, then pit 10, the opponent's wegue, which holds 5: player 2
    // takes 2 seeds of it, and 3 stay; it is still player 1's.
    let (m, rec) = play(&r, &mut s, 18);
    assert_eq!(rec.captures, vec![(9, 2)]);
    assert_eq!((m.captured, s.captured()), (2, &[0u16, 2][..]));
    assert_eq!(s.pits()[9], 3);
    assert_eq!(claimed(&s, 1), vec![10]);
    // A last seed in the mover's own wegue ends the move: player 1's pit 9 (now 1 seed) into
    // their wegue, pit 10 (4).
    let (m, rec) = play(&r, &mut s, 9);
    assert_eq!((m.captured, rec.claims.len(), s.pits()[9]), (0, 0, 4));
}

#[test]
fn take_n_seeds_takes_what_the_pit_holds_when_it_holds_fewer() {
    // 2 x 4: a last seed into an occupied opponent's pit takes 3 seeds of it, or all it holds.
    let r = laps("when the last pit holds 2 or more and is an opponent's: take 3 seeds from the last pit");
    let (s, m, rec) = lap_move(&r, &[0, 0, 0, 1, 4, 0, 0, 1], 1, 4);
    assert_eq!((rec.captures.clone(), m.captured), (vec![(4, 3)], 3));
    assert_eq!(s.pits(), &[0, 0, 0, 0, 2, 0, 0, 1]);
    let (s, m, _) = lap_move(&r, &[0, 0, 0, 1, 1, 0, 0, 1], 1, 4);
    assert_eq!((m.captured, s.pits()[4]), (2, 0));
    // For the opponent, as any take.
    let r = laps("when the last pit holds 2 or more: take 1 seed from the last pit for the opponent");
    let (s, _, _) = lap_move(&r, &[0, 0, 0, 1, 4, 0, 0, 1], 1, 4);
    assert_eq!((s.captured(), s.pits()[4]), (&[0u16, 1][..], 4));
}

#[test]
fn each_players_leftmost_pit_is_played_only_with_4_or_more_or_when_nothing_else_can_be() {
    let r = gabata();
    let mut pits = [0u8; 18];
    (pits[0], pits[4], pits[9], pits[13]) = (3, 1, 3, 2);
    // Player 1's leftmost pit (1) holds 3 and pit 5 can be played: only pit 5.
    let s = at(&r, &pits, 1);
    assert_eq!(legal(&r, &s), vec![5]);
    let err = r.play(&mut s.clone(), pit(1), &mut ()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pit 1 holds 3, and player 1's leftmost pit may be played only when it holds 4 or more seeds or when \
         no other pit can be played, and another pit can be played"
    );
    // With 4 it may be.
    pits[0] = 4;
    assert_eq!(legal(&r, &at(&r, &pits, 1)), vec![1, 5]);
    // Alone, it may be whatever it holds.
    (pits[0], pits[4]) = (1, 0);
    assert_eq!(legal(&r, &at(&r, &pits, 1)), vec![1]);
    // Player 2's leftmost pit is pit 10, the left end of their row as they face the board.
    assert_eq!(legal(&r, &at(&r, &pits, 2)), vec![14]);
    pits[13] = 0;
    assert_eq!(legal(&r, &at(&r, &pits, 2)), vec![10]);
}

#[test]
fn a_round_is_over_when_every_seed_is_in_a_wegue_and_the_players_fill_along_the_circuit() {
    let r = gabata();
    // Player 1 claims pit 10 (3, now 4) with pit 9's seed: every seed left on the board is in
    // a wegue, and the round is over. Player 1 takes their wegue's 4 seeds (54 in all).
    let mut pits = [0u8; 18];
    (pits[8], pits[9]) = (1, 3);
    let mut s = r.state_in_round(&pits, &[29, 21], 0, 0, false, 0).unwrap();
    let (_, rec) = play(&r, &mut s, 9);
    assert_eq!(rec.round_over, Some(1));
    assert_eq!(to_claimers(&rec), vec![(10, 4, 1)]);
    assert_eq!((s.captured(), s.pits()), (&[33u16, 21][..], &[0u8; 18][..]));
    assert_eq!(claimed(&s, 1), Vec::<usize>::new(), "a wegue emptied when the round is over is no more");
    // Player 2, after the mover, fills first: from their leftmost pit (10) along the circuit,
    // going on while they held 6 or more: pits 10 to 16 (21 seeds).
    for (k, p) in (10..=16).enumerate() {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![p]), "pit {p}");
        assert_eq!(s.captured()[1], 21 - 3 * k as u16);
        play(&r, &mut s, p);
    }
    // Player 1 fills pits 1 to 9, then on into player 2's pits 17 and 18, which are theirs for
    // the round (33 seeds).
    for p in (1..=9).chain(17..=18) {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![p]), "pit {p}");
        play(&r, &mut s, p);
    }
    assert_eq!((s.pits(), s.captured()), (&[3u8; 18][..], &[0u16, 0][..]));
    assert_eq!(annexed(&s), [17, 18]);
    // Player 2, who filled first, begins: not from their leftmost pit (3 seeds), nor 17 or 18.
    assert!(!s.filling());
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![11, 12, 13, 14, 15, 16]));
    let p1 = r.with_annexed(in_round(&r, s.pits(), &[0, 0], 1, &[], false), 3 << 16).unwrap();
    assert_eq!(legal(&r, &p1), vec![2, 3, 4, 5, 6, 7, 8, 9, 17, 18]);
}

#[test]
fn a_player_left_with_2_seeds_borrows_the_third_and_the_pit_is_theirs() {
    let r = gabata();
    // As above, player 2 holding 26 when the round is over: pits 10 to 17 (8 fills, the last
    // from 5), and 2 are left: into pit 18, with 1 borrowed from player 1's hand. Pit 18 is
    // player 2's alone.
    let mut pits = [0u8; 18];
    (pits[8], pits[9]) = (1, 3);
    let mut s = r.state_in_round(&pits, &[24, 26], 0, 0, false, 0).unwrap();
    play(&r, &mut s, 9);
    assert_eq!(s.captured(), &[28, 26]);
    for p in 10..=16 {
        play(&r, &mut s, p);
    }
    let (_, rec) = play(&r, &mut s, 17);
    assert_eq!(rec.top_up, Some((17, 2, 1, Some(Drawn::No(1)))));
    assert_eq!((s.pits()[17], s.captured()), (3, &[27u16, 0][..]));
    assert_eq!((annexed(&s), s.shared()), (vec![], 0));
    for p in 1..=9 {
        assert_eq!(legal(&r, &s), vec![p]);
        play(&r, &mut s, p);
    }
    assert!(!s.filling());
    assert_eq!(s.captured(), &[0, 0]);
}

#[test]
fn a_player_holding_exactly_2_when_the_round_is_over_borrows_before_any_fill() {
    let r = gabata();
    // Player 2 holds 2 when the round is over, and fills first: too few for a fill, they put
    // them into their leftmost pit (10) with 1 borrowed from player 1, as the rules text says
    // (Ludii's code never fills for them, and the game stalls). Player 1 then fills the 17
    // others, their own first and then player 2's, which are theirs for the round.
    let mut pits = [0u8; 18];
    (pits[8], pits[9]) = (1, 3);
    let mut s = r.state_in_round(&pits, &[48, 2], 0, 0, false, 0).unwrap();
    let (_, rec) = play(&r, &mut s, 9);
    assert_eq!(rec.top_up, Some((9, 2, 1, Some(Drawn::No(1)))));
    assert_eq!((s.pits()[9], s.captured()), (3, &[51u16, 0][..]));
    for p in (1..=9).chain(11..=18) {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(0), vec![p]), "pit {p}");
        play(&r, &mut s, p);
    }
    assert_eq!(annexed(&s), (11..=18).collect::<Vec<_>>());
    // Player 2 owns pit 10 alone: their only move, whatever it holds.
    assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![10]));
}

#[test]
fn a_player_holding_1_or_fewer_when_a_round_is_over_loses_the_match() {
    let r = gabata();
    let mut pits = [0u8; 18];
    (pits[8], pits[9]) = (1, 3);
    let mut s = r.state_in_round(&pits, &[49, 1], 0, 0, false, 0).unwrap();
    play(&r, &mut s, 9);
    assert_eq!(s.end(), Some(EndReason::HeldTooFew));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

/// Quela (`variants/quela.sow`), 4 x 6: each player's pits along their circuit, from the left
/// end of their outer row. An inner pit `q` of player 1's (7 to 12) faces `31 - q`; behind an
/// inner pit of player 2's (19 to 24) is the outer pit `37 - q`.
///
///     18 17 16 15 14 13      player 2's outer row
///     19 20 21 22 23 24      player 2's inner row
///     12 11 10  9  8  7      player 1's inner row
///      1  2  3  4  5  6      player 1's outer row
fn quela() -> Rules {
    sow::load_rules(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/quela.sow"), None).unwrap()
}

/// Quela without its rearrangement: play starts at once, each player in their first stage.
fn quela_in_play() -> Rules {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/quela.sow")).unwrap();
    let from = text.find("  opening {").unwrap();
    let to = text.find("  sowing {").unwrap();
    load(&format!("{}{}", &text[..from], &text[to..]))
}

#[test]
fn a_rearrangement_moves_one_seed_from_a_pit_of_the_mover_s_to_another_in_two_steps() {
    let r = quela();
    let mut s = r.initial_state();
    assert!(s.rearranging());
    // Every pit of player 1's holds 2: each may give a seed; no pass (pit 1 is not above the rest).
    assert_eq!(legal(&r, &s), (1..=12).collect::<Vec<_>>());
    assert!(r.check_move(&s, Move::PASS).is_err());
    // Pit 3 lifted: the move waits for the pit the seed goes to, any other pit of player 1's.
    let (summary, _) = play_move(&r, &mut s, pit(3));
    assert_eq!((summary.lifted, s.pending(), s.pending_at()), (0, Some(sow::engine::Step::Target), Some(2)));
    assert_eq!((s.to_move(), s.plies()), (Some(0), 0));
    assert_eq!(legal(&r, &s), [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(
        r.check_move(&s, pit(13)).unwrap_err().to_string(),
        "`13` is not a choice here: the move waits for the mover to choose the pit the seed goes to: `1`, `2`, `4`, `5`, `6`, `7`, `8`, `9`, `10`, `11`, `12`"
    );
    // Into pit 9: one seed moved, nothing sown on, and the turn passes.
    let (_, record) = play_move(&r, &mut s, pit(9));
    assert_eq!(pits_1based(&record), [9]);
    assert_eq!(&s.pits()[..12], [2, 2, 1, 2, 2, 2, 2, 2, 3, 2, 2, 2]);
    assert_eq!((s.pending(), s.to_move(), s.plies()), (None, Some(1), 1));
    assert!(s.rearranging());
    // Player 2 may move a seed into an empty pit too, and from a pit of 1.
    // The notation joins the two steps with `/`, and reads them back.
    let moves = sow::engine::notation::parse_moves(&r, "3/9 13/24").unwrap();
    assert_eq!(moves, [pit(3), pit(9), pit(13), pit(24)]);
    let turns = sow::engine::notation::turns(&r, r.initial_state(), &moves);
    assert_eq!(turns.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["3/9", "13/24"]);
    // In words: a seed lifted, then moved; nothing is sown.
    assert_eq!(
        described(&r, r.initial_state(), &moves[..2]),
        [
            "ply 1: player 1 lifts a seed from pit 3; the move waits for a choice: move the seed to which pit? (pits 1, 2 and 4-12)",
            "ply 1: player 1 moves one seed from pit 3 into pit 9",
        ]
    );
}

#[test]
fn a_rearrangement_ends_when_both_players_pass_in_turn_and_a_pass_needs_its_conditions() {
    let r = quela();
    // Each player's leftmost outer pit (1, 13) holds more than any other of theirs, and each
    // inner pit 1: both may pass.
    let board = [5, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 5, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    let start = at(&r, &board, 1);
    assert!(start.rearranging() && r.legal_moves(&start).contains(Move::PASS));
    // Pit 1 no higher than pit 2: no pass. An inner pit of 2: no pass.
    let mut tied = board;
    tied[1] = 5;
    tied[0] = 5;
    assert!(!r.legal_moves(&at(&r, &tied, 1)).contains(Move::PASS));
    let mut two = board;
    (two[6], two[1]) = (2, 0);
    two[2] = 0;
    assert!(!r.legal_moves(&at(&r, &two, 1)).contains(Move::PASS));
    // A pass, then a move: the pass is forgotten; a pass by each in turn ends it.
    let mut s = start;
    play_move(&r, &mut s, Move::PASS);
    assert_eq!((s.to_move(), s.plies(), s.rearranging()), (Some(1), 1, true));
    play_move(&r, &mut s, pit(13));
    play_move(&r, &mut s, pit(14));
    play_move(&r, &mut s, Move::PASS);
    assert!(s.rearranging());
    // Player 2's pit 13 holds 4, more than any other of theirs (14 holds 1): they pass, and
    // play begins, with player 1.
    assert_eq!(s.to_move(), Some(1));
    play_move(&r, &mut s, Move::PASS);
    assert!(!s.rearranging());
    assert_eq!((s.to_move(), s.stage(0), s.stage(1)), (Some(0), 0, 0));
    // Player 1's first stage: a move starts from a pit holding 1 or 2 (pit 1 holds 5).
    assert_eq!(legal(&r, &s), [7, 8, 9, 10, 11, 12]);
    // In words: the passes are the movers' own, not declined choices.
    let words = described(&r, start, &[Move::PASS, pit(13), pit(14), Move::PASS, Move::PASS]);
    assert_eq!(words[0], "ply 1: player 1 passes");
    assert_eq!(words[3], "ply 3: player 1 passes");
    assert_eq!(words[4], "ply 4: player 2 passes: both players have passed in turn, and play begins");
}

#[test]
fn stages_start_a_move_from_1_or_2_then_from_the_most_then_from_any_pit() {
    let r = quela_in_play();
    let mut board = [0u8; 24];
    // Player 1: pits 1 (3), 8 (1), 11 (1). Player 2: 15 (1), 20 (1), 22 (1).
    for (q, n) in [(1, 3), (8, 1), (11, 1), (15, 1), (20, 1), (22, 1)] {
        board[q - 1] = n;
    }
    let mut s = at(&r, &board, 1);
    assert!(!s.rearranging());
    // Pit 1 holds 3: not in the first stage.
    assert_eq!(legal(&r, &s), [8, 11]);
    // 8's seed falls into 9, empty, of the inner row; 22 opposite is occupied: 22 and 15
    // behind it are taken into player 1's hand.
    let (summary, record) = play_move(&r, &mut s, pit(8));
    assert_eq!((captures_1based(&record), summary.captured), (vec![(22, 1), (15, 1)], 2));
    assert_eq!(s.captured(), [2, 0]);
    // Player 2's opponent has captured 2: player 2 makes one move from a pit holding the most.
    assert_eq!((s.stage(0), s.stage(1)), (0, 1));
    assert_eq!(legal(&r, &s), [20]);
    // 20 into 21, empty, facing 10, empty: nothing taken. Player 2 is in their last stage.
    play_move(&r, &mut s, pit(20));
    assert_eq!((s.stage(0), s.stage(1)), (0, 2));
    assert_eq!(legal(&r, &s), [9, 11]);
    // 9 into 10, empty, facing 21: 21 is taken (16 behind it is empty). Player 2, in their
    // last stage, cannot move: they lose.
    play_move(&r, &mut s, pit(9));
    assert_eq!(s.captured(), [3, 0]);
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
}

#[test]
fn a_player_without_a_move_before_their_last_stage_passes() {
    let r = quela_in_play();
    let mut board = [0u8; 24];
    // Player 2's only pit holds 5: no move in their first stage.
    for (q, n) in [(1, 3), (8, 1), (13, 5)] {
        board[q - 1] = n;
    }
    let mut s = at(&r, &board, 1);
    play_move(&r, &mut s, pit(8));
    // Player 2 passes; player 1 moves again (from 9, the seed of 8).
    assert_eq!((s.end(), s.to_move(), s.plies()), (None, Some(0), 1));
    assert_eq!(legal(&r, &s), [9]);
}

// ---------------------------------------------------------------------------------------------
// Bao: seeds put into play from the hand, the square that ends a move, the inner-row ending.
//
//     24 23 22 21 20 19 18 17      player 2's outer row
//     25 26 27 28 29 30 31 32      player 2's inner row
//     16 15 14 13 12 11 10  9      player 1's inner row
//      1  2  3  4  5  6  7  8      player 1's outer row

/// A Bao position in the main phase (the hands empty): seeds by 1-based pit.
fn bao_at(r: &Rules, seeds: &[(usize, u8)], to_move: usize) -> State {
    let mut pits = [0u8; 32];
    for &(p, n) in seeds {
        pits[p - 1] = n;
    }
    r.state_in_round(&pits, &[0, 0], to_move - 1, 0, false, 0).unwrap()
}

#[test]
fn a_seed_put_into_play_from_the_hand_is_the_last_seed_of_a_lap() {
    let r = bundled("bao", None);
    let mut s = r.initial_state();
    assert_eq!(s.captured(), &[22, 22]);
    // Player 1's seed must go where it takes: into 13, 14 or 15, facing 28 (6), 27 and 26 (2
    // each). Pit 9 faces 32, empty.
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [pit(13), pit(14), pit(15)]);
    let e = r.check_move(&s, pit(9)).unwrap_err().to_string();
    assert!(e.contains("must be played"), "{e}");
    let e = r.check_move(&s, Move::new(12, MoveDirection::Clockwise).unwrap()).unwrap_err().to_string();
    assert!(e.contains("write the pit alone, `13`"), "{e}");
    // Into 13 (now 1), the 4th column from player 1's left, facing 28: its 6 seeds are taken,
    // and the mover chooses the end to sow them from.
    let (m, record) = play_move(&r, &mut s, pit(13));
    assert_eq!((pits_1based(&record), captures_1based(&record)), (vec![13], vec![]));
    assert_eq!((m.lifted, s.captured(), s.pending()), (1, &[21, 22][..], Some(sow::engine::Step::End)));
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [pit(9), pit(16)]);
    // From 9, player 1's right end: 10 11 12 13 14 15. Pit 15 (was empty) faces 26 (2): taken,
    // and, 15 being among the 2 pits at the left end, sown from 16 clockwise: 15, 14. Pit 14
    // (now 2) faces 27 (2): the mover chooses again.
    let mut record = Record::default();
    r.play(&mut s, pit(9), &mut record).unwrap();
    assert_eq!(pits_1based(&record), [10, 11, 12, 13, 14, 15, 15, 14]);
    assert_eq!(captures_1based(&record), [(28, 6), (26, 2)]);
    assert_eq!(s.pending(), Some(sow::engine::Step::End));
    // From 16: 15, 14; pit 14 (now 3) faces 27, now empty: no capture, and it would relay, but
    // player 2's inner row is empty: the game is over there, and player 2 has lost.
    let mut record = Record::default();
    r.play(&mut s, pit(16), &mut record).unwrap();
    assert_eq!((pits_1based(&record), relays_1based(&record)), (vec![15, 14], vec![(16, 2)]));
    assert_eq!(&s.pits()[8..16], &[0, 3, 3, 7, 2, 3, 3, 0]);
    assert_eq!((s.end(), r.outcome(&s)), (Some(EndReason::InnerEmpty), Some(Outcome::Win(0))));
    assert_eq!(sow::engine::notation::parse_moves(&r, "13/9/16").unwrap(), [pit(13), pit(9), pit(16)]);
    // In words: each lap's capture after it, before the relay it leads to.
    assert_eq!(
        described(&r, r.initial_state(), &[pit(13), pit(9), pit(16)]),
        [
            "ply 1: player 1 puts a seed from their hand into pit 13; last seed in pit 13 (now 1); the move \
             waits for a choice: sow from which end? (pits 9 and 16)",
            "ply 1: player 1 chooses pit 9 to sow from: takes 6 from pit 28 and sows them from pit 9 (6 seeds): \
             sows 10 11 12 13 14 15, captures 2 from pit 26, lifts 2 from pit 16 and sows 15 14; last seed in pit \
             14 (now 2); the move waits for a choice: sow from which end? (pits 9 and 16)",
            "ply 1: player 1 chooses pit 16 to sow from: takes 2 from pit 27 and sows them from pit 16 (2 seeds): \
             sows 15 14; last seed in pit 14 (now 3)",
        ]
    );
}

#[test]
fn a_relay_ends_in_the_mover_s_square() {
    let r = bundled("bao", None);
    // Pit 10's 2 seeds, counter-clockwise: 11, 12. Pit 12, player 1's square (the 5th pit of
    // their inner row from their left), held 3 and faces 28, empty: no capture, and the move
    // ends there.
    let mut s = bao_at(&r, &[(10, 2), (12, 3), (25, 1)], 1);
    let (m, record) = play_move(&r, &mut s, Move::new(9, MoveDirection::CounterClockwise).unwrap());
    assert_eq!((pits_1based(&record), relays_1based(&record)), (vec![11, 12], vec![]));
    assert_eq!((m.last + 1, s.pits()[11], s.to_move()), (12, 4, Some(1)));
    // Pit 9's 2 seeds: 10, 11. Pit 11 held 4, and is not the square: it relays, 12 13 14 15
    // 16; pit 16 was empty and faces 25, empty: the move ends.
    let mut s = bao_at(&r, &[(9, 2), (11, 4), (32, 1)], 1);
    let (m, record) = play_move(&r, &mut s, Move::new(8, MoveDirection::CounterClockwise).unwrap());
    assert_eq!(relays_1based(&record), [(11, 5)]);
    assert_eq!((m.last + 1, s.to_move()), (16, Some(1)));
}

#[test]
fn a_player_whose_inner_row_is_empty_loses_at_once() {
    let r = bundled("bao", None);
    // Pit 16's 3 seeds, counter-clockwise, go into the outer row: 1 2 3. Pit 3 held 1: it would
    // relay, but player 1's inner row is now empty, and player 1 has lost.
    let mut s = bao_at(&r, &[(16, 3), (3, 1), (25, 1)], 1);
    let (_, record) = play_move(&r, &mut s, Move::new(15, MoveDirection::CounterClockwise).unwrap());
    assert_eq!((pits_1based(&record), relays_1based(&record)), (vec![1, 2, 3], vec![]));
    assert_eq!((s.end(), r.outcome(&s)), (Some(EndReason::InnerEmpty), Some(Outcome::Win(1))));
    // Without the line the lap relays: 4 5.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/bao.sow")).unwrap();
    let r = load(&text.replace("a player whose inner row is empty loses", ""));
    let mut s = bao_at(&r, &[(16, 3), (3, 1), (25, 1)], 1);
    let (_, record) = play_move(&r, &mut s, Move::new(15, MoveDirection::CounterClockwise).unwrap());
    assert_eq!((pits_1based(&record), relays_1based(&record)), (vec![1, 2, 3, 4, 5], vec![(3, 2)]));
    assert_eq!(s.end(), None);
}

#[test]
fn a_bao_move_that_faces_an_occupied_pit_must_be_played() {
    let r = bundled("bao", None);
    // Pit 2's seed clockwise falls into 1, whose pit in front, 16, holds seeds: the only move.
    // Ludii's test: it captures nothing (1 is an outer pit).
    let s = bao_at(&r, &[(16, 3), (2, 1), (25, 1)], 1);
    assert_eq!(
        r.legal_moves(&s).iter().collect::<Vec<_>>(),
        [Move::new(1, MoveDirection::Clockwise).unwrap()]
    );
}

#[test]
fn a_chosen_take_the_mover_may_decline_asks_even_for_one_pit() {
    // Tshuba's text: pit 7's seed falls into 8, empty, facing 13 (3) with 12 (2) behind it:
    // both go out of play. Pit 16 alone is left to take: the mover is asked all the same, and
    // may pass.
    let r = bundled("tshuba", Some("text"));
    let start = at(&r, &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 3, 0, 0, 1], 1);
    let mut s = start;
    let (_, record) = play_move(&r, &mut s, pit(7));
    assert_eq!(captures_1based(&record), [(13, 3), (12, 2)]);
    assert_eq!((s.pending(), s.to_move()), (Some(sow::engine::Step::Take), Some(0)));
    assert_eq!(r.legal_moves(&s).iter().collect::<Vec<_>>(), [pit(16), Move::PASS]);
    let mut passed = s;
    let mut record = Record::default();
    r.play(&mut passed, Move::PASS, &mut record).unwrap();
    assert_eq!((captures_1based(&record), passed.to_move(), passed.pits()[15]), (vec![], Some(1), 1));
    r.play(&mut s, pit(16), &mut Record::default()).unwrap();
    assert_eq!((s.removed(), s.end()), (6, Some(EndReason::EmptyLoses)));
    assert_eq!(sow::engine::notation::parse_moves(&r, "7/pass").unwrap(), [pit(7), Move::PASS]);
    // Ludii's code: the one pit is taken at once.
    let r = bundled("tshuba", None);
    let mut s = start;
    play_move(&r, &mut s, pit(7));
    assert_eq!((s.pending(), s.removed(), s.end()), (None, 6, Some(EndReason::EmptyLoses)));
}

/// A 2 x 3 board with stores, each player sowing into their own store (Waurie's sowing),
/// nothing captured, with the `end` lines given. Pits 1-3 south, 4-6 north; counter-clockwise
/// 1 2 3, player 1's store, 4 5 6, player 2's store.
fn waurie_like(end: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 3 pits, one store per player  seeds 2 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                     sow into the mover's own store }}
           capture {{ none }}
           end {{ leftover seeds: each pit's owner  {end} }} }}"
    ))
}

#[test]
fn an_ending_with_an_outcome_decides_the_game_whatever_the_scores() {
    let over = "player to move cannot move: game over  game over when a player's pits are all empty";
    // Player 1's last seed, in pit 3, goes into their store: their pits are all empty, and the
    // game is over. Player 1 has 1 seed (their store), player 2 the 9 of their pits (each
    // pit's owner).
    let position = [0, 0, 1, 3, 3, 3];
    let played = |r: &Rules| {
        let mut s = at(r, &position, 1);
        play(r, &mut s, 3);
        assert_eq!(s.pits(), &[0, 0, 0, 3, 3, 3]);
        assert!(s.is_over());
        assert_eq!(&r.scores(&s)[..2], &[1, 9]);
        s
    };
    // Without an outcome, the scores decide: player 2.
    let scored = waurie_like(over);
    let s = played(&scored);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(scored.outcome(&s), Some(Outcome::Win(1)));
    // `: they win`: player 1, whose pits are empty, wins with 1 seed against 9.
    let win = waurie_like(&format!("{over}: they win"));
    let s = played(&win);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    assert_eq!(win.outcome(&s), Some(Outcome::Win(0)));
    // `: they lose`: player 1 loses, as `a player whose pits are all empty loses` says.
    let lose = waurie_like(&format!("{over}: they lose"));
    let s = played(&lose);
    assert_eq!(s.end(), Some(EndReason::EmptyLoses));
    assert_eq!(lose.outcome(&s), Some(Outcome::Win(1)));
    // `: the game is a draw`: whatever the scores.
    let draw = waurie_like(&format!("{over}: the game is a draw"));
    let s = played(&draw);
    assert_eq!(draw.outcome(&s), Some(Outcome::Draw));
    // Both rows empty at once: the win is a draw.
    let mut s = at(&win, &[0, 0, 1, 0, 0, 0], 1);
    play(&win, &mut s, 3);
    assert_eq!((s.end(), win.outcome(&s)), (Some(EndReason::SideEmpty), Some(Outcome::Draw)));
    // A move that leaves a row with seeds plays on, whatever the outcome.
    let mut s = at(&win, &[0, 1, 1, 3, 3, 3], 1);
    play(&win, &mut s, 3);
    assert!(!s.is_over());
    // Four different games, four fingerprints.
    let prints = [&scored, &win, &lose, &draw].map(|r| r.fingerprint());
    assert!((1..4).all(|i| !prints[..i].contains(&prints[i])), "{prints:?}");
}

#[test]
fn a_player_whose_pits_are_all_empty_loses_is_the_ending_with_they_lose() {
    let end = "player to move cannot move: game over";
    let old = waurie_like(&format!("{end}  a player whose pits are all empty loses"));
    let new = waurie_like(&format!("{end}  game over when a player's pits are all empty: they lose"));
    assert_eq!(old.fingerprint(), new.fingerprint());
    assert_eq!(old.spec().endings, new.spec().endings);
    assert_eq!(
        sow::lang::describe::describe(old.spec(), &[]),
        sow::lang::describe::describe(new.spec(), &[])
    );
    let mut s = at(&old, &[0, 0, 1, 3, 3, 3], 1);
    play(&old, &mut s, 3);
    assert_eq!((s.end(), old.outcome(&s)), (Some(EndReason::EmptyLoses), Some(Outcome::Win(1))));
}

#[test]
fn a_draw_when_nobody_can_move_under_they_pass() {
    let pass = "player to move cannot move: they pass";
    // Player 1's last seed goes into their store: player 2 has no seed to move and passes,
    // and player 1 has none either. Nobody can move: the game is over, player 1 ahead by 1.
    let played = |r: &Rules| {
        let mut s = at(r, &[0, 0, 1, 0, 0, 0], 1);
        play(r, &mut s, 3);
        assert_eq!(s.end(), Some(EndReason::NobodyCanMove));
        assert_eq!(&r.scores(&s)[..2], &[1, 0]);
        s
    };
    let scored = waurie_like(pass);
    assert_eq!(scored.outcome(&played(&scored)), Some(Outcome::Win(0)));
    // `game over when nobody can move: the game is a draw`: a draw, whatever the scores.
    let draw = waurie_like(&format!("{pass}  game over when nobody can move: the game is a draw"));
    assert_eq!(draw.outcome(&played(&draw)), Some(Outcome::Draw));
    // A player who passes while the other can move plays on: player 2 cannot move, player 1
    // moves again.
    let mut s = at(&draw, &[0, 1, 1, 0, 0, 0], 1);
    play(&draw, &mut s, 3);
    assert_eq!((s.is_over(), s.turn()), (false, 0));
    // Without an outcome the line says what `they pass` does already: the same game.
    let said = waurie_like(&format!("{pass}  game over when nobody can move"));
    assert_eq!(said.fingerprint(), scored.fingerprint());
    assert_eq!(said.outcome(&played(&said)), Some(Outcome::Win(0)));
}

// ---------------------------------------------------------------------------------------------
// Conditions on every pit of a set, and endings written as conditions (issue 37's core)

/// Two rows of 3 pits without stores (Awari's play: laps skip the emptied pit, 2 or 3 in an
/// opponent's pit taken), with `rules` added. Pit 1 faces pit 6, pit 2 pit 5, pit 3 pit 4:
///
///          6   5   4          player 2 (north)
///          1   2   3          player 1 (south)
fn small_awari(capture: &str, end: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 3 pits, no stores  seeds 4 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  first seed into the next pit  laps skip the emptied pit }}
           capture {{ {capture} }}
           end {{ player to move cannot move: they pass  leftover seeds: nobody  {end} }} }}"
    ))
}

#[test]
fn a_condition_on_every_pit_of_a_set_in_a_rule_after_each_lap() {
    let capture = "when the last pit is an opponent's and every pit of the opponent's holds 1 or more seeds: \
                   take the last pit";
    let r = small_awari(capture, "");
    // Pit 3's 2 seeds fall into 4 and 5 (player 2's): the last pit, 5, is an opponent's; the
    // opponent's pits 4, 5, 6 hold 1, 2, 1: every one 1 or more. Pit 5's 2 seeds are taken.
    let mut s = at(&r, &[0, 0, 2, 0, 1, 1], 1);
    play(&r, &mut s, 3);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 0, 1]);
    assert_eq!(s.captured()[0], 2);
    // Pit 6 empty: the same move takes nothing.
    let mut s = at(&r, &[0, 0, 2, 0, 1, 0], 1);
    play(&r, &mut s, 3);
    assert_eq!((s.pits(), s.captured()[0]), (&[0, 0, 0, 1, 2, 0][..], 0));
    // `no pit ... is empty` says the same, and compiles to another rule only in its bytes.
    let no = small_awari(
        "when the last pit is an opponent's and no pit of the opponent's is empty: take the last pit",
        "",
    );
    let mut s = at(&no, &[0, 0, 2, 0, 1, 1], 1);
    play(&no, &mut s, 3);
    assert_eq!(s.captured()[0], 2);
    // The pits sown this lap: 4 and 5 hold 1 and 2 after it, every one 2 or fewer.
    let sown = small_awari("when every sown pit holds 2 or fewer seeds: take the last pit", "");
    let mut s = at(&sown, &[0, 0, 2, 0, 1, 0], 1);
    play(&sown, &mut s, 3);
    assert_eq!(s.captured()[0], 2);
    // Pit 3's 3 seeds make 4, 5, 6 hold 1, 4, 1: pit 5 holds more than 2, nothing is taken.
    let mut s = at(&sown, &[0, 0, 3, 0, 3, 0], 1);
    play(&sown, &mut s, 3);
    assert_eq!(s.captured()[0], 0);
}

#[test]
fn an_ending_on_every_pit_of_the_board() {
    let r = small_awari(
        "last seed makes 2 or 3 in an opponent's pit: take them",
        "game over when every pit holds 1 or fewer seeds",
    );
    // Pit 2's 2 seeds fall into 3 and 4: 4 now holds 2, an opponent's, taken. The board is
    // then 1 0 1 0 1 1: no pit holds more than 1. The game is over, the leftovers nobody's.
    let mut s = at(&r, &[1, 2, 0, 1, 1, 1], 1);
    play(&r, &mut s, 2);
    assert_eq!(s.pits(), &[1, 0, 1, 0, 1, 1]);
    assert_eq!((s.end(), r.scores(&s)[..2].to_vec()), (Some(EndReason::Condition), vec![2, 0]));
    assert_eq!(r.outcome(&s), Some(Outcome::Win(0)));
    // A pit left with 2: the game goes on.
    let mut s = at(&r, &[2, 2, 0, 1, 1, 1], 1);
    play(&r, &mut s, 2);
    assert!(!s.is_over());
    // With an outcome: a draw, whatever the scores.
    let draw = small_awari(
        "last seed makes 2 or 3 in an opponent's pit: take them",
        "game over when every pit holds 1 or fewer seeds: the game is a draw",
    );
    let mut s = at(&draw, &[1, 2, 0, 1, 1, 1], 1);
    play(&draw, &mut s, 2);
    assert_eq!((s.end(), draw.outcome(&s)), (Some(EndReason::Condition), Some(Outcome::Draw)));
    assert_ne!(draw.fingerprint(), r.fingerprint());
    // `the board holds 0 or 1 seeds` alone is the line it always was.
    let few = small_awari("none", "game over when the board holds 0 or 1 seeds");
    assert!(few.spec().game_ends.is_empty());
    assert!(few.spec().board_end.is_some());
}

#[test]
fn an_ending_looked_at_after_each_lap_stops_the_relay() {
    // Pachgarhwa's rules on 2 x 3: the next pit occupied, it is taken and the lap relays from
    // the last pit.
    let capture = "when the next pit is occupied: take the next pit, then relay from the last pit";
    let after_move = small_awari(capture, "game over when the board holds 1 seed");
    let after_lap = small_awari(capture, "game over when the board holds 1 seed, after each lap");
    // Pit 1's seed falls into pit 2 (now 2); the next pit, 3, holds 1: taken. The board holds
    // 3 seeds (pit 2's 2, pit 6's 1): pit 2 relays into 3 and 4; the next pit, 5, is empty,
    // and the move ends with 3 seeds on the board.
    let mut s = at(&after_move, &[1, 1, 1, 0, 0, 1], 1);
    relaying(&after_move, &mut s, 1);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 1]);
    assert!(!s.is_over());
    // Pit 1's seed into pit 2 (1 seed); the next pit, 3, holds 1: taken. The board holds 1
    // seed (pit 2): looked at after the lap, the game is over before the relay from pit 2.
    let mut s = at(&after_lap, &[1, 0, 1, 0, 0, 0], 1);
    relaying(&after_lap, &mut s, 1);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 0, 0]);
    assert_eq!((s.end(), s.captured()[0]), (Some(EndReason::Condition), 1));
    // Looked at after the move only, the relay from pit 2 sows its seed into pit 3, whose next
    // pit, 4, is empty; the board holds 1 seed then, and the game is over too, pit 3's seed
    // left to nobody.
    let mut s = at(&after_move, &[1, 0, 1, 0, 0, 0], 1);
    relaying(&after_move, &mut s, 1);
    assert_eq!(s.pits(), &[0, 0, 1, 0, 0, 0]);
    assert_eq!(s.end(), Some(EndReason::FewSeeds));
    assert_ne!(after_lap.fingerprint(), after_move.fingerprint());
}

#[test]
fn a_move_must_leave_the_opponent_seeds_after_its_first_lap() {
    // Foji's rules on 2 x 3 pits (clockwise there; counter-clockwise here): relays, and the pit
    // facing an empty pit of the mover's own taken. Pit 1 faces 6, pit 2 faces 5, pit 3 faces 4.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps skip the emptied pit
                    relay when the last seed falls into an occupied pit }
           turns { a move must leave the opponent seeds after its first lap }
           capture { last seed in an empty pit of the mover's own: take the opposite pit }
           end { player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    // Pit 1's seed falls into pit 2, empty and the mover's: pit 5, the opponent's last seed,
    // is taken. That first lap leaves the opponent nothing: pit 1 cannot be played.
    let mut s = at(&r, &[1, 0, 2, 0, 1, 0], 1);
    assert_eq!(legal(&r, &s), [3]);
    let refused = r.play(&mut s.clone(), pit(1), &mut Record::default()).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "pit 1's first lap leaves the opponent without seeds, and a move must leave them seeds after its first lap"
    );
    // Pit 3's 2 seeds go into 4 and 5 (now 2): a relay from 5 into 6 and 1 (now 2), a relay from
    // 1 into 2 and 3; pit 3 was empty and is the mover's: pit 4's seed is taken. The first lap
    // left the opponent seeds, whatever the laps after it do.
    relaying(&r, &mut s, 3);
    assert_eq!((s.pits(), s.captured()[0]), (&[0, 1, 1, 0, 0, 1][..], 1));
    // Player 2's one pit, 4, would sow into pit 5, empty and theirs, and take pit 2, player
    // 1's last seed: no move is allowed, and the game is over.
    let s = at(&r, &[0, 1, 0, 1, 0, 0], 2);
    assert!(legal(&r, &s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
}

#[test]
fn a_relay_that_would_leave_the_opponent_no_seeds_is_not_sown_and_ends_the_game() {
    // J'odu's rules on 2 x 4 pits with stores: relays, and the pit facing an empty pit of the
    // mover's own taken. Pit 1 faces 8, 2 faces 7, 3 faces 6, 4 faces 5.
    let rules = |laps: &str| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 4 pits, one store per player  seeds 4 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                        relay when the last seed falls into an occupied pit }}
               turns {{ a move must leave the opponent seeds after {laps} }}
               capture {{ last seed in an empty pit of the mover's own: take the opposite pit }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    let each = rules("each lap: a relay that would not is not sown and ends the game");
    let first = rules("its first lap");
    assert_ne!(each.fingerprint(), first.fingerprint());
    // The opponent's only seeds are in pit 5. Pit 1's seed falls into pit 2 (now 2): the first
    // lap leaves the opponent their seeds, and relays. Pit 2's seed falls into pit 3, empty and
    // the mover's: pit 6 is empty, nothing is taken. Both moves are allowed.
    let start = at(&each, &[1, 1, 0, 0, 2, 0, 0, 0], 1);
    assert_eq!(legal(&each, &start), [1, 2]);
    // The relay from pit 2 would sow into 3 and 4, pit 4 empty and the mover's, and take pit 5:
    // the opponent would have no seeds. It is not sown (nobody hears of it) and the game is
    // over, the mover having no lap to play; each player takes their own row's seeds.
    let mut s = start;
    let (_, record) = relaying(&each, &mut s, 1);
    assert_eq!(s.pits(), &[0, 2, 0, 0, 2, 0, 0, 0]);
    assert_eq!(places(&each, &record), ["2"]);
    assert!(record.relays.is_empty() && record.captures.is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    assert_eq!(s.turn(), 0);
    assert_eq!(each.scores(&s)[..2], [2, 2]);
    // Judged after the first lap only, the relay is sown and takes pit 5; player 2 then has
    // no seeds and no move.
    let mut s = at(&first, &[1, 1, 0, 0, 2, 0, 0, 0], 1);
    let (_, record) = relaying(&first, &mut s, 1);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 0, 0, 0, 0]);
    assert_eq!((places(&first, &record), s.captured()[0]), (vec!["2".into(), "3".into(), "4".into()], 2));
    // A move whose first lap leaves the opponent nothing is refused under both: pit 3's seed
    // falls into pit 4, empty and the mover's, and takes pit 5.
    let s = at(&each, &[0, 0, 1, 0, 2, 0, 0, 0], 1);
    assert!(legal(&each, &s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
}

#[test]
fn each_player_plays_from_the_opponents_row_and_keeps_their_own() {
    // Tap Urdy's rules on 2 x 3 pits: player 1 owns pits 1-3 and plays 4-6, player 2 owns 4-6
    // and plays 1-3. Sown clockwise: 3 2 1 6 5 4 3.
    let r = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 4 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts
                       each player plays from the opponent's row }
           sowing { clockwise  first seed into the next pit  laps sow into the emptied pit }
           capture { when the last pit holds 2 or more and the next pit is occupied: relay from the last pit }
           end { game over when every pit of the opponent's is empty, after each lap
                 player to move cannot move: game over  leftover seeds: each pit's owner } }",
    );
    let s = at(&r, &[1, 0, 2, 0, 3, 1], 1);
    // Player 1's moves are the occupied pits of the north row, 5 and 6.
    assert_eq!(legal(&r, &s), [5, 6]);
    let own = r.play(&mut s.clone(), pit(3), &mut Record::default()).unwrap_err();
    assert_eq!(
        own.to_string(),
        "pit 3 is in player 1's own row, and each player plays from the opponent's row"
    );
    // Pit 6's seed falls into pit 5 (now 4), whose next pit, 4, is empty: the move ends.
    let mut after = s;
    relaying(&r, &mut after, 6);
    assert_eq!(after.pits(), &[1, 0, 2, 0, 4, 0]);
    // Player 2 plays from the south row: pits 1 and 3.
    assert_eq!(legal(&r, &after), [1, 3]);
    // Pit 5's 3 seeds go into 4, 3 and 2 (now 1): the move ends. Player 1's own row is not
    // empty; their pits 1 and 3 are player 2's to play.
    let mut s = at(&r, &[1, 0, 2, 0, 3, 1], 1);
    relaying(&r, &mut s, 5);
    assert_eq!(s.pits(), &[1, 1, 3, 1, 0, 1]);
    // Player 2's pit 1 sows into pit 6 (now 2), whose next pit, 5, is empty: the move ends.
    relaying(&r, &mut s, 1);
    assert_eq!(s.pits(), &[0, 1, 3, 1, 0, 2]);
    // Player 2's pit 1 sows its seed into pit 6: player 1's own row is empty, and the game is
    // over. Each player takes the seeds of the row they own, not of the row they play.
    let mut s = at(&r, &[1, 0, 0, 2, 0, 1], 2);
    relaying(&r, &mut s, 1);
    assert_eq!(s.end(), Some(EndReason::Condition));
    assert_eq!(r.scores(&s)[..2], [0, 4]);
}

#[test]
fn an_empty_side_looked_at_after_each_lap_stops_the_relay_there() {
    // 2 x 3 pits, counter-clockwise, a last seed in an occupied pit relays.
    let rules = |ending: &str| {
        load(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 3 pits, no stores  seeds 4 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                        relay when the last seed falls into an occupied pit }}
               capture {{ none }}
               end {{ {ending}  player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        ))
    };
    let lap = rules("game over when a player's pits are all empty, after each lap");
    let mov = rules("game over when a player's pits are all empty");
    assert_ne!(lap.fingerprint(), mov.fingerprint());
    // Pit 3's seed falls into pit 4 (now 2): player 1's pits are all empty after that lap,
    // which relays no more; the game is over.
    let mut s = at(&lap, &[0, 0, 1, 1, 0, 0], 1);
    let (_, record) = relaying(&lap, &mut s, 3);
    assert!(record.relays.is_empty());
    assert_eq!(s.pits(), &[0, 0, 0, 2, 0, 0]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
    // Looked at after the move only, the relay from pit 4 sows into 5 and 6, and the game ends
    // after the move.
    let mut s = at(&mov, &[0, 0, 1, 1, 0, 0], 1);
    relaying(&mov, &mut s, 3);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 1, 1]);
    assert_eq!(s.end(), Some(EndReason::SideEmpty));
}

// ---------------------------------------------------------------------------------------------
// Conditions on a total (issue 37's core): the seeds a player has captured

/// A position with seeds captured: seeds of pits 1..N, each player's captured seeds, and the
/// player (1-based) to move.
fn with_captured(rules: &Rules, pits: &[u8], captured: &[u16], to_move: usize) -> State {
    rules.state_in_round(pits, captured, to_move - 1, 0, false, 0).unwrap()
}

#[test]
fn ako_okwe_takes_by_the_seeds_the_mover_has_captured() {
    // Ako Okwe: pits 1..5 south (player 1), 6..10 north; a sowing starts in the pit it was
    // lifted from. Pit 4 (3 seeds) counter-clockwise: 4 5 6; pit 6 held 2 and now holds 3.
    let r = bundled("ako-okwe", None);
    let pits = [0, 0, 0, 3, 0, 2, 1, 0, 0, 1];
    // Nothing captured yet: a first capture is of 3, and pit 6 is taken.
    let mut s = with_captured(&r, &pits, &[0, 0], 1);
    let (m, rec) = play_move(&r, &mut s, ccw(4));
    assert_eq!(pits_1based(&rec), vec![4, 5, 6]);
    assert_eq!(captures_1based(&rec), vec![(6, 3)]);
    assert_eq!(s.pits(), &[0, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
    assert_eq!((s.captured(), m.captured), (&[3, 0][..], 3));
    // One capture made (3 seeds in the store): the second must be of 1, and the 3 stays.
    let mut s = with_captured(&r, &pits, &[3, 0], 1);
    let (m, _) = play_move(&r, &mut s, ccw(4));
    assert_eq!(s.pits(), &[0, 0, 0, 1, 1, 3, 1, 0, 0, 1]);
    assert_eq!((s.captured(), m.captured), (&[3, 0][..], 0));
    // A pit of 1 seed sows it back into itself: the last pit holds 1, the second capture.
    let mut s = with_captured(&r, &[0, 0, 0, 0, 1, 2, 1, 0, 0, 1], &[3, 0], 1);
    let (m, rec) = play_move(&r, &mut s, cw(5));
    assert_eq!(captures_1based(&rec), vec![(5, 1)]);
    assert_eq!((s.captured(), m.captured), (&[4, 0][..], 1));
    // Two captures made (4 seeds or more): any odd count up to 9, the 3 again; the opponent's
    // captures do not count for the mover.
    let mut s = with_captured(&r, &pits, &[4, 0], 1);
    play_move(&r, &mut s, ccw(4));
    assert_eq!(s.captured(), &[7, 0]);
    let mut s = with_captured(&r, &pits, &[0, 4], 1);
    play_move(&r, &mut s, ccw(4));
    assert_eq!(s.captured(), &[3, 4]);
    // Murray's ruleset: a first capture of 1.
    let r = bundled("ako-okwe", Some("murray"));
    let mut s = with_captured(&r, &[0, 0, 0, 0, 1, 2, 1, 0, 0, 1], &[0, 0], 1);
    play_move(&r, &mut s, cw(5));
    assert_eq!(s.captured(), &[1, 0]);
}

#[test]
fn a_condition_on_the_opponents_captured_seeds() {
    // Pit 2 (3 seeds): 3 4 5; pit 5 held 2 and holds 3. Taken only while the opponent has
    // captured 2 seeds or fewer.
    let r =
        laps("when the opponent has captured 2 or fewer seeds and the last pit holds 3: take the last pit");
    let pits = [0, 3, 0, 0, 2, 0, 0, 1];
    let mut s = with_captured(&r, &pits, &[5, 2], 1);
    play_move(&r, &mut s, pit(2));
    assert_eq!(s.captured(), &[8, 2]);
    let mut s = with_captured(&r, &pits, &[0, 3], 1);
    play_move(&r, &mut s, pit(2));
    assert_eq!(s.captured(), &[0, 3]);
    assert_eq!(s.pits(), &[0, 0, 1, 1, 3, 0, 0, 1]);
}

// ---------------------------------------------------------------------------------------------
// Places named from a store (issue 37's core)

#[test]
fn sonka_relays_from_the_pit_after_the_movers_store() {
    // Sonka: pits 1..5 south (player 1), 6..10 north; each player sows counter-clockwise into
    // their own store, after their rightmost pit. Pit 4 (2 seeds): 5 S1; the lap ended in the
    // store, so the next pit is pit 6, the pit after the store: it holds 2, lifted: 7 8. The
    // next pit, 9, is empty and pit 8 is the opponent's: nothing taken, the move ends.
    let r = bundled("sonka", None);
    let mut s = at(&r, &[1, 0, 0, 2, 0, 2, 0, 0, 0, 1], 1);
    let (m, rec) = play_move(&r, &mut s, pit(4));
    assert_eq!(places(&r, &rec), ["5", "S1", "7", "8"]);
    assert_eq!(relays_1based(&rec), vec![(6, 2)]);
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 0, 1, 1, 0, 1]);
    assert_eq!((s.captured(), m.captured), (&[1, 0][..], 0));
    assert_eq!(s.to_move(), Some(1));
    // The pit after the store empty: no relay, and the last place is no pit of the mover's:
    // nothing taken.
    let mut s = at(&r, &[1, 0, 0, 2, 0, 0, 0, 0, 0, 1], 1);
    let (_, rec) = play_move(&r, &mut s, pit(4));
    assert!(rec.relays.is_empty());
    assert_eq!(s.pits(), &[1, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[1, 0]);
    // Player 2's store comes after pit 10; the pit after it is pit 1. Pit 9 (2 seeds): 10
    // S2; pit 1 holds 1: lifted, 2; pit 3 is empty and pit 2 is not player 2's: the move ends.
    let mut s = at(&r, &[1, 0, 0, 0, 3, 0, 0, 0, 2, 0], 2);
    let (_, rec) = play_move(&r, &mut s, pit(9));
    assert_eq!(places(&r, &rec), ["10", "S2", "2"]);
    assert_eq!(relays_1based(&rec), vec![(1, 1)]);
    assert_eq!(s.pits(), &[0, 1, 0, 0, 3, 0, 0, 0, 0, 1]);
    assert_eq!(s.captured(), &[0, 1]);
}

#[test]
fn a_lap_ending_in_a_store_names_no_last_pit() {
    // Kalah's rules on 2 x 3 with a line on the last pit: a lap ending in the store names the
    // pit after it as the next pit, but no last pit, nor a pit facing it. Pit 3 (1 seed): S1.
    let r = small_kalah("capture { when the last pit holds 1: take the opposite pit }");
    let mut s = at(&r, &[1, 0, 1, 2, 2, 2], 1);
    let (_, rec) = play_move(&r, &mut s, pit(3));
    assert!(rec.captures.is_empty());
    // The pit after the store (pit 4, 2 seeds) taken by a line on the next pit.
    let r = small_kalah("capture { when the next pit holds 2: take the next pit }");
    let mut s = at(&r, &[1, 0, 1, 2, 2, 2], 1);
    let (_, rec) = play_move(&r, &mut s, pit(3));
    assert_eq!(captures_1based(&rec), vec![(4, 2)]);
}

// ---------------------------------------------------------------------------------------------
// An opening move from a pit of the mover's choice, and a move that must leave the opponent a
// move (English Wari (St. Lucia))

#[test]
fn an_opening_move_goes_from_a_pit_of_theirs_into_the_next_pit() {
    // English Wari (St. Lucia): pits 1..6 south (player 1), 7..12 north, four in each. Each
    // player's first move carries every seed of a pit of their own into the next pit,
    // counter-clockwise, without sowing or capture; pit 6's next is pit 7, the opponent's.
    let r = bundled("english-wari-st-lucia", None);
    let mut s = r.initial_state();
    assert_eq!(legal(&r, &s), [1, 2, 3, 4, 5, 6]);
    r.play(&mut s, pit(6), &mut Record::default()).unwrap();
    assert_eq!(s.pits(), &[4, 4, 4, 4, 4, 0, 8, 4, 4, 4, 4, 4]);
    // Player 2's: pit 12's next is pit 1. Pit 7 holds 8: into pit 8, no capture of the 4s.
    assert_eq!(legal(&r, &s), [7, 8, 9, 10, 11, 12]);
    r.play(&mut s, pit(12), &mut Record::default()).unwrap();
    assert_eq!(s.pits(), &[8, 4, 4, 4, 4, 0, 8, 4, 4, 4, 4, 0]);
    assert_eq!(s.captured(), &[0, 0]);
    // The opening over, moves are sown, from pits of two seeds or more.
    assert_eq!(legal(&r, &s), [1, 2, 3, 4, 5]);
}

#[test]
fn a_move_must_leave_the_opponent_a_move() {
    // English Wari (St. Lucia), past its opening: a pit needs 2 seeds to be played, and a last
    // seed that makes 4 takes the pit. Player 2's pits 7, 8 and 12 hold a seed each.
    let r = bundled("english-wari-st-lucia", None);
    // The opponent has nothing of 2 seeds or more, whatever player 1 plays: pit 1's 2
    // seeds go into 2 and 3, and player 2's pits hold 1 each. No move is legal.
    let s = r.after_plies(at(&r, &[2, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1], 1), 2, 0);
    assert!(legal(&r, &s).is_empty());
    assert_eq!(s.end(), Some(EndReason::NoLegalMove));
    // Pit 4's 3 seeds go into 5, 6 and 7: pit 7 holds 2, player 2 has a move. Pit 5's 2 seeds
    // would go into 6 and 7 too; pit 1's 2 seeds into 2 and 3 leave player 2 without one.
    let s = r.after_plies(at(&r, &[2, 0, 0, 3, 2, 0, 1, 0, 0, 0, 0, 1], 1), 2, 0);
    assert_eq!(legal(&r, &s), [4, 5]);
    let refused = r.play(&mut s.clone(), pit(1), &mut Record::default()).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "pit 1 leaves the opponent no pit they may play, and a move must leave the opponent a move"
    );
}

#[test]
fn an_opening_from_a_pit_of_theirs_names_the_next_pit_the_way_it_sows() {
    // Bakuk's board (2 x 3; pits 1-3 player 1's, 4-6 player 2's), sown clockwise: pit 1's
    // next pit is pit 6.
    let text = |sowing: &str, into: &str| {
        format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of 3 pits, no stores  seeds 2 in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               opening {{ each player's first move: move the seeds of a pit of theirs into {into} }}
               sowing {{ {sowing}  first seed into the next pit  laps skip the emptied pit }}
               capture {{ none }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner }} }}"
        )
    };
    let r = load(&text("clockwise", "the next pit"));
    let mut s = r.initial_state();
    r.play(&mut s, pit(1), &mut Record::default()).unwrap();
    assert_eq!(s.pits(), &[0, 2, 2, 2, 2, 4]);
    // Pits that sow either way: the next pit counter-clockwise, pit 2.
    let r = load(&text("either way, as the mover chooses", "the next pit"));
    let mut s = r.initial_state();
    r.play(&mut s, pit(1), &mut Record::default()).unwrap();
    assert_eq!(s.pits(), &[0, 4, 2, 2, 2, 2]);
    // Into a pit named: any pit of theirs but that one.
    let r = load(&text("counter-clockwise", "their 3rd pit"));
    let s = r.initial_state();
    assert_eq!(legal(&r, &s), [1, 2]);
}

// ---------------------------------------------------------------------------------------------
// A pit's history (issue 37's core): the pits played from, and a chain of a given reach

/// 2 x 4 pits, no stores, counter-clockwise from the next pit, laps into the emptied pit, with
/// the capture line given:
///
///          8   7   6   5          player 2 (north)
///          1   2   3   4          player 1 (south)
fn two_by_four(capture: &str) -> Rules {
    load(&format!(
        "variant \"Test\" {{ source \"test\"
           board 2 rows of 4 pits, no stores  seeds 2 in each pit
           players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
           sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }}
           capture {{ {capture} }}
           end {{ player to move cannot move: they pass  leftover seeds: each pit's owner  winner: most captured }} }}"
    ))
}

#[test]
fn a_last_pit_is_taken_only_when_it_has_been_played_from_before() {
    let rules =
        two_by_four("when the last pit holds an even count and has been played from: take the last pit");
    // Pit 5's 12 seeds go 6 7 8 1 2 3 4 5 6 7 8 1: pit 1 ends with 2. Player 1 played pit 1
    // before (its seed into pit 2): it is taken, by player 2.
    let mut s = at(&rules, &[1, 0, 0, 0, 12, 0, 0, 0], 1);
    assert_eq!(s.played(), 0);
    let (_, record) = play(&rules, &mut s, 1);
    assert!(record.captures.is_empty());
    assert_eq!(s.played(), 0b1, "pit 1 remembered once its move is over");
    let (_, record) = play(&rules, &mut s, 5);
    assert_eq!(captures_1based(&record), vec![(1, 2)]);
    assert_eq!(s.pits(), &[0, 2, 1, 1, 1, 2, 2, 2]);
    assert_eq!(s.captured()[..2], [0, 2]);
    assert_eq!(s.played(), 0b1_0001);
    // Never played from: the same sowing takes nothing.
    let mut s = at(&rules, &[0, 1, 0, 0, 12, 0, 0, 0], 2);
    let (_, record) = play(&rules, &mut s, 5);
    assert!(record.captures.is_empty());
    assert_eq!(s.pits()[0], 2);
    // The pit a move is played from counts only once the move is over: pit 5's 16 seeds end in
    // pit 5 itself, with 2, and take nothing.
    let mut s = at(&rules, &[1, 0, 0, 0, 16, 0, 0, 0], 2);
    let (_, record) = play(&rules, &mut s, 5);
    assert!(record.captures.is_empty());
    assert_eq!(s.pits()[4], 2);
    // `has not been played from` is the other way round.
    let never =
        two_by_four("when the last pit holds an even count and has not been played from: take the last pit");
    let mut s = at(&never, &[0, 1, 0, 0, 12, 0, 0, 0], 2);
    let (_, record) = play(&never, &mut s, 5);
    assert_eq!(captures_1based(&record), vec![(1, 2)]);
    assert_ne!(rules.fingerprint(), never.fingerprint());
}

#[test]
fn the_pits_played_from_are_forgotten_when_a_round_is_over() {
    let rules = load(
        "variant \"Test\" { source \"test\"
           board 2 rows of 4 pits, no stores  seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit
                    a pit needs 2 seeds to be played }
           capture { when the last pit holds an even count and has been played from this round: take the last pit }
           end { player to move cannot move: they pass  leftover seeds: each pit's owner  winner: most captured }
           rounds { round over when nobody can move  each player takes the seeds of their own pits
                    in turns, each player fills an empty pit of their choice with 2 seeds
                    pits not filled stay in play  a player who cannot fill a pit loses the match } }",
    );
    // Pit 1's 2 seeds go into 2 and 3; then nobody can play (no pit holds 2): the round is over,
    // each player takes their row (2 seeds each), and pit 1 is forgotten.
    let mut s = at(&rules, &[2, 0, 0, 0, 1, 0, 0, 1], 1);
    play(&rules, &mut s, 1);
    assert_eq!(s.rounds_over(), 1);
    assert!(s.filling());
    assert_eq!(s.played(), 0);
}

#[test]
fn a_chain_may_go_on_over_empty_pits_and_take_at_most_some() {
    // Pit 1's seed makes 2 in pit 2: it is taken, then pit 3 (empty), pit 4 and pit 5 (2 each);
    // pit 6 would be the fourth pit.
    let reach = two_by_four(
        "when the last pit holds 2: take the last pit, then chain forward while 2 or empty, at most 3 pits",
    );
    let mut s = at(&reach, &[1, 1, 0, 2, 2, 2, 2, 0], 1);
    let (_, record) = play(&reach, &mut s, 1);
    assert_eq!(captures_1based(&record), vec![(2, 2), (4, 2), (5, 2)]);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 0, 2, 2, 0]);
    // Without `or empty`, the chain stops at the empty pit 3.
    let plain = two_by_four(
        "when the last pit holds 2: take the last pit, then chain forward while 2, at most 3 pits",
    );
    let mut s = at(&plain, &[1, 1, 0, 2, 2, 2, 2, 0], 1);
    let (_, record) = play(&plain, &mut s, 1);
    assert_eq!(captures_1based(&record), vec![(2, 2)]);
    // Without a limit, it takes pits 6 and 7 too, goes on over the empty pit 8, and stops before
    // pit 1, the pit the lap started from.
    let all =
        two_by_four("when the last pit holds 2: take the last pit, then chain forward while 2 or empty");
    let mut s = at(&all, &[1, 1, 0, 2, 2, 2, 2, 0], 1);
    let (_, record) = play(&all, &mut s, 1);
    assert_eq!(captures_1based(&record), vec![(2, 2), (4, 2), (5, 2), (6, 2), (7, 2)]);
    assert_ne!(reach.fingerprint(), plain.fingerprint());
    assert_ne!(reach.fingerprint(), all.fingerprint());
}

#[test]
fn a_chain_through_the_pit_the_lap_started_from_goes_on_over_it() {
    // Pit 1's seed makes 2 in pit 2; backward from it, pit 1 is the pit the lap started from.
    let stops =
        two_by_four("when the last pit holds 2: take the last pit, then chain backward while 2 or empty");
    let mut s = at(&stops, &[1, 1, 0, 0, 0, 0, 0, 2], 1);
    let (_, record) = play(&stops, &mut s, 1);
    assert_eq!(captures_1based(&record), vec![(2, 2)]);
    // Through it: pit 1 (empty) goes on the chain, then pit 8 (2) is taken, and the empty pits
    // 7 to 3, back to pit 2, where it ends.
    let through = two_by_four(
        "when the last pit holds 2: take the last pit, then chain backward while 2 or empty, through the pit the lap started from",
    );
    let mut s = at(&through, &[1, 1, 0, 0, 0, 0, 0, 2], 1);
    let (_, record) = play(&through, &mut s, 1);
    assert_eq!(captures_1based(&record), vec![(2, 2), (8, 2)]);
    assert_ne!(stops.fingerprint(), through.fingerprint());
}

// ------------------------------------------------------------------------------------------
// A row as it lies (`is in an opponent's row`), claims their claimer may play (`a pit claimed
// by an opponent cannot be played`), and the last pit of the fills, both players' seeds
// (Awagagae).

#[test]
fn a_claim_in_the_opponents_row_reads_the_row_not_who_owns_the_pit_and_its_claimer_may_play_it() {
    let r = bundled("awagagae", None);
    // Player 1 filled pit 8, in player 2's row, and owns it. Pit 6 (2 seeds): 7, 8; pit 8
    // makes 4 and lies in the opponent's row: player 1 claims it, though it is theirs.
    let pits = [0, 0, 0, 0, 0, 2, 0, 3, 0, 1, 0, 0];
    let s = in_round(&r, &pits, &[20, 22], 1, &[], false);
    let mut s = r.with_annexed(s, 1 << 7).unwrap();
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.claims, vec![(7, 0)]);
    assert_eq!((claimed(&s, 1), claimed(&s, 2)), (vec![8], vec![]));
    // Player 2 plays pit 10 (1 seed): 11. Player 1 may play pit 8, claimed by them and theirs:
    // only a pit claimed by an opponent cannot be played.
    assert_eq!(legal(&r, &s), [7, 10]);
    play(&r, &mut s, 10);
    assert_eq!(legal(&r, &s), [8]);

    // Player 2 filled pit 3, in player 1's row. Pit 1 (2 seeds): 2, 3; pit 3 makes 4 but lies
    // in the mover's own row: no claim, and the lap goes on from it: 4 5 6 7.
    let pits = [2, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0];
    let s = in_round(&r, &pits, &[20, 22], 1, &[], false);
    let mut s = r.with_annexed(s, 1 << 2).unwrap();
    let mut rec = Record::default();
    r.play(&mut s, pit(1), &mut rec).unwrap();
    assert!(rec.claims.is_empty());
    assert_eq!(s.pits(), &[0, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0]);
}

#[test]
fn both_players_short_of_a_fill_put_their_last_seeds_into_one_pit_owned_by_who_put_in_more() {
    let r = bundled("awagagae", None);
    // Every pit is filled but pits 6 and 12; player 1 holds 7, player 2 holds 1.
    let pits = [4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0];
    let mut s = r.state_in_round(&pits, &[7, 1], 0, 0, true, 1).unwrap();
    assert_eq!(legal(&r, &s), [6]);
    // Player 1 fills pit 6 and holds 3: both are short of a fill. Both put theirs into the next
    // pit player 1 would fill: their row is full, so player 2's leftmost empty pit, 12. Player
    // 1 put in more: pit 12 is theirs, and player 2, after the last filler, begins.
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.pool, Some((11, 3, 1, Drawn::No(0))));
    assert_eq!(s.pits(), &[4; 12]);
    assert_eq!(s.captured(), &[0, 0]);
    assert_eq!(annexed(&s), [12]);
    assert!(!s.filling());
    assert_eq!(s.to_move(), Some(1));

    // On a tie (2 and 2), the pit is player 2's, as the line says: its row's owner here.
    let mut s = r.state_in_round(&pits, &[6, 2], 0, 0, true, 1).unwrap();
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.pool, Some((11, 2, 2, Drawn::No(1))));
    assert_eq!(annexed(&s), Vec::<usize>::new());
    // A player who holds too few seeds passes while the other fills: nothing is pooled while
    // the other can still fill.
    let pits = [4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4, 0];
    let mut s = r.state_in_round(&pits, &[2, 10], 0, 0, true, 1).unwrap();
    assert_eq!(s.to_move(), Some(1));
    let (_, rec) = play(&r, &mut s, 12);
    assert_eq!(rec.pool, None);
    assert_eq!(s.captured(), &[2, 6]);
    // Player 2 fills again (player 1 still cannot) and holds 2: both put 2 into player 2's
    // next pit, their row full: player 1's leftmost empty pit, 5, which is player 2's on a tie.
    assert_eq!(s.to_move(), Some(1));
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.pool, Some((4, 2, 2, Drawn::No(1))));
    assert_eq!(annexed(&s), [5, 6]);
    assert_eq!(s.to_move(), Some(0));
}

// ------------------------------------------------------------------------------------------
// Fills from the right with a short fill from 3 seeds, a round over when the pits a player
// owns are empty, and the board's seeds to one player (Mewelad).

#[test]
fn the_fills_go_from_each_players_right_and_on_into_the_other_row_from_its_owners_right() {
    let r = bundled("mewelad", None);
    // The board empty between rounds; player 1 holds 11, player 2 37, player 1 fills first.
    let mut s = r.state_in_round(&[0; 12], &[11, 37], 0, 0, true, 1).unwrap();
    // Each fills their rightmost empty pit: player 1 pit 6, player 2 pit 12 (their right), and
    // so on; player 1, left with 3, fills pit 4 with all they hold.
    for (player, pit, seeds) in [(0, 6, 4), (1, 12, 4), (0, 5, 4), (1, 11, 4), (0, 4, 3)] {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(player), vec![pit]), "pit {pit}");
        play(&r, &mut s, pit);
        assert_eq!(s.pits()[pit - 1], seeds);
    }
    // Player 1 holds nothing: player 2 fills on, their row, then player 1's from its right.
    for pit in [10, 9, 8, 7, 3, 2, 1] {
        assert_eq!((s.to_move(), legal(&r, &s)), (Some(1), vec![pit]), "pit {pit}");
        play(&r, &mut s, pit);
    }
    // Player 2 is left with 1 seed, fewer than 3: no fill. Pits 1 to 3 are theirs for the
    // round, and player 1, after the last filler, begins.
    assert_eq!(s.captured(), &[0, 1]);
    assert_eq!(annexed(&s), [1, 2, 3]);
    assert!(!s.filling());
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&r, &s), [4, 5, 6]);
}

#[test]
fn a_round_is_over_when_the_pits_a_player_owns_are_empty_and_player_2_takes_the_board() {
    let r = bundled("mewelad", None);
    // Pit 6 (1 seed): pit 7. Player 1's pits are all empty: the round is over, and every seed
    // left on the board goes to player 2, though player 1 ran out.
    let pits = [0, 0, 0, 0, 0, 1, 0, 2, 0, 2, 0, 1];
    let mut s = in_round(&r, &pits, &[20, 22], 1, &[], false);
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.round_over, Some(1));
    assert_eq!(s.captured(), &[20, 28]);
    assert!(s.filling());
    // Where player 1 filled pit 8 in player 2's row, their pits are not all empty after it:
    // the round goes on, player 2 moving next from their own pits (not pit 8).
    let s = in_round(&r, &pits, &[20, 22], 1, &[], false);
    let mut s = r.with_annexed(s, 1 << 7).unwrap();
    let (_, rec) = play(&r, &mut s, 6);
    assert_eq!(rec.round_over, None);
    assert!(!s.filling());
    assert_eq!(legal(&r, &s), [7, 10, 12]);
}

// ------------------------------------------------------------------------------------------
// A relay the mover may replace by other effects (`relay from ... or, as the mover chooses,
// ...`, Papan Dakon), in a game of rounds.

#[test]
fn the_mover_relays_from_their_own_pit_or_instead_takes_the_opposite_pit_with_the_last_seed() {
    let r = bundled("papan-dakon", None);
    // Player 1's pit 3 (2 seeds), clockwise: 2, 1. Pit 1 makes 3 and is theirs: the move
    // pauses, the relay from pit 1 or `pass`.
    let pits = [2, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4];
    let start = in_round(&r, &pits, &[10, 10], 1, &[], false);
    let mut s = start;
    let mut rec = Record::default();
    r.play(&mut s, pit(3), &mut rec).unwrap();
    assert_eq!(s.pending(), Some(Step::Relay));
    assert_eq!((s.to_move(), s.pending_at()), (Some(0), Some(0)));
    let options: Vec<Move> = r.legal_moves(&s).iter().collect();
    assert_eq!(options, [pit(1), Move::PASS]);
    // `pass`: one seed of pit 1 goes into pit 14, opposite, and player 1 takes pit 14 (5 seeds)
    // into their store; the move ends, pit 1 keeping 2.
    let mut taken = s;
    let mut rec = Record::default();
    r.play(&mut taken, Move::PASS, &mut rec).unwrap();
    assert_eq!(rec.captures, vec![(13, 5)]);
    assert_eq!(taken.pits(), &[2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(taken.captured(), &[15, 10]);
    assert_eq!(taken.to_move(), Some(1));
    // The relay: pit 1's 3 seeds go into player 1's store, pit 14 and pit 13, empty: the move
    // ends there.
    let mut relayed = s;
    r.play(&mut relayed, pit(1), &mut Record::default()).unwrap();
    assert_eq!(relayed.pits(), &[0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 5]);
    assert_eq!(relayed.captured(), &[11, 10]);
    assert_eq!(relayed.to_move(), Some(1));
    // A last seed in the other player's row relays with no choice: player 2's pit 9 (3 seeds),
    // clockwise: 8, their store, 7, which makes 2 and is player 1's; the second line relays
    // from it at once: 6, 5.
    let pits = [0, 0, 0, 0, 0, 0, 1, 0, 3, 1, 0, 0, 0, 0];
    let mut s = in_round(&r, &pits, &[10, 10], 2, &[], false);
    r.play(&mut s, pit(9), &mut Record::default()).unwrap();
    assert_eq!(s.pending(), None);
    assert_eq!(s.pits(), &[0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0]);
    assert_eq!(s.captured(), &[10, 11]);
}

// ------------------------------------------------------------------------------------------
// A draw of the rules: a pit both players filled as much goes to one of them at random, from
// the game's own stream of chance (Gabata (Shoa I)).

#[test]
fn a_pit_both_players_filled_as_much_goes_to_a_player_drawn_from_the_games_own_stream() {
    let r = bundled("gabata-shoa-i", None);
    assert!(r.draws());
    assert!(!bundled("awagagae", None).draws());
    // Between rounds, player 1 to fill, holding 6; player 2 holds 2. Player 1 fills their
    // rightmost empty pit, 2, and is left with 2: they put them into their next, pit 1, and
    // borrow 2 from player 2. Each put in 2: the pit's owner is drawn.
    let pits = [0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
    let start = r.state_in_round(&pits, &[6, 2], 0, 0, true, 1).unwrap();
    assert_eq!(legal(&r, &start), [2]);
    let owner_by = |seed: u64| {
        let mut s = start;
        r.seed_chance(&mut s, seed);
        let (_, rec) = play(&r, &mut s, 2);
        assert_eq!(s.pits(), &[4; 12]);
        assert_eq!(s.captured(), &[0, 0]);
        let Some((0, 2, 2, Some(Drawn::Yes(p)))) = rec.top_up else { panic!("{:?}", rec.top_up) };
        // The pit is the drawn player's: player 2 owns it for the round (annexed from player
        // 1's row), or player 1 keeps it.
        assert_eq!(annexed(&s), if p == 1 { vec![1] } else { vec![] }, "seed {seed}");
        p
    };
    // The same seed draws the same player; over 1,000 seeds each player is drawn about half
    // the time (a binomial of 1,000 draws stays within 430 to 570 but once in a million).
    assert_eq!(owner_by(7), owner_by(7));
    let ones = (0..1000).filter(|&seed| owner_by(seed) == 1).count();
    assert!((430..=570).contains(&ones), "player 2 drawn {ones} times of 1,000");
    // Seeding changes nothing in a game whose rules draw nothing.
    let a = bundled("awagagae", None);
    let mut s = a.initial_state();
    a.seed_chance(&mut s, 12345);
    assert_eq!(s, a.initial_state());

    // Left with 3 (from 7), player 1 borrows 1: they put in more, and the pit is theirs
    // without a draw.
    let mut s = r.state_in_round(&pits, &[7, 1], 0, 0, true, 1).unwrap();
    r.seed_chance(&mut s, 7);
    let (_, rec) = play(&r, &mut s, 2);
    assert_eq!(rec.top_up, Some((0, 3, 1, Some(Drawn::No(0)))));
    assert_eq!(annexed(&s), Vec::<usize>::new());
}

// ------------------------------------------------------------------------------------------
// A round over on a count of the board's seeds, after each lap (Jimafesosh).

#[test]
fn a_round_is_over_when_the_board_holds_1_seed_or_fewer_after_a_lap() {
    let r = bundled("jimafesosh", None);
    // Player 2 to move. Pit 7 (1 seed): 8, empty, so the opposite pit 5 (1 seed) is taken: 1
    // seed is left on the board, in pit 8, and the round is over. Each player takes the seeds
    // of their row: pit 8's is player 2's. The fills begin.
    let pits = [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0];
    let mut s = in_round(&r, &pits, &[23, 23], 2, &[], false);
    let (_, rec) = play(&r, &mut s, 7);
    assert_eq!(rec.captures.len(), 1);
    assert_eq!(s.seeds_on_board(), 0);
    assert_eq!(s.captured(), &[23, 25]);
    assert!(s.filling());
    assert_eq!(s.rounds_over(), 1);
    // With 2 seeds left the round goes on: pit 7 (1 seed) into pit 8, nothing opposite.
    let pits = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut s = in_round(&r, &pits, &[23, 23], 2, &[], false);
    play(&r, &mut s, 7);
    assert_eq!(s.seeds_on_board(), 2);
    assert!(!s.filling());
    assert_eq!(s.rounds_over(), 0);
}

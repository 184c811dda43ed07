//! The engine sows a whole hand at once, from a table, on boards of up to 16 places, and seed
//! by seed where an observer listens to each seed or the board is larger. The two ways must
//! play every move alike: random games of every bundled variant and ruleset, and of variants
//! made to combine the sowing rules, are played both ways side by side.

use sow::engine::{Observer, Rules, compile};
use sow::lang::library::{BUNDLED, load_bundled};
use sow::play::player::game_rng;
use sow::play::random::RandomPlayer;

/// Hears each seed, so the engine sows seed by seed for it.
#[derive(Default)]
struct Listening {
    seeds: usize,
    /// Seeds lifted again by relays.
    relayed: usize,
}

impl Observer for Listening {
    fn sow(&mut self, _pit: usize) {
        self.seeds += 1;
    }
    fn relay(&mut self, _pit: usize, seeds: u8) {
        self.relayed += seeds as usize;
    }
}

fn from_text(text: &str) -> Rules {
    let file = sow::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
    let (spec, _) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
    compile(&spec)
}

/// Plays `games` random games, each move both ways, and compares the positions.
fn both_ways_alike(name: &str, rules: &Rules, games: u64) {
    let mut moves = 0;
    for g in 0..games {
        let mut rng = game_rng(7, g);
        let mut whole = rules.initial_state();
        while let Some(mv) = RandomPlayer::pick(rules, &whole, &mut rng) {
            let mut by_seed = whole;
            let mut ear = Listening::default();
            let held = whole.in_hand() as usize;
            let heard = rules.apply_observed(&mut by_seed, mv, &mut ear);
            let summary = rules.apply(&mut whole, mv);
            assert_eq!(whole, by_seed, "{name}, game {g}, move {mv}: the two sowings differ");
            assert_eq!(summary, heard, "{name}, game {g}, move {mv}: the two summaries differ");
            // A sowing whose drops the mover chooses holds its seeds in hand between its steps.
            assert_eq!(
                ear.seeds + whole.in_hand() as usize,
                summary.lifted as usize + ear.relayed + held,
                "{name}: one seed heard per seed lifted"
            );
            moves += 1;
        }
    }
    assert!(moves > games, "{name}: the games were played");
}

#[test]
fn every_bundled_variant_and_ruleset_sows_alike_both_ways() {
    for &(name, text) in BUNDLED {
        let file = load_bundled(name, text).unwrap();
        for ruleset in std::iter::once(None).chain(file.ruleset_names().into_iter().map(Some)) {
            let rules = sow::load_rules(name, ruleset).unwrap();
            both_ways_alike(&format!("{name}:{}", ruleset.unwrap_or("-")), &rules, 300);
        }
    }
}

#[test]
fn combined_sowing_rules_sow_alike_both_ways() {
    let kalah = |rules: &str| {
        from_text(&format!("variant \"Test\" extends \"Kalah\" {{ source \"test\" sowing {{ {rules} }} }}"))
    };
    let bakuk = |rules: &str| {
        from_text(&format!("variant \"Test\" extends \"Bakuk\" {{ source \"test\" sowing {{ {rules} }} }}"))
    };
    let cases = [
        ("kalah, both stores", kalah("sow into both stores")),
        ("kalah, laps skip", kalah("laps skip the emptied pit")),
        ("kalah, first seed back", kalah("first seed into the emptied pit")),
        (
            "kalah, clockwise, both stores, skip",
            kalah("clockwise sow into both stores laps skip the emptied pit"),
        ),
        ("bakuk, first seed back, skip", bakuk("first seed into the emptied pit laps skip the emptied pit")),
        ("bakuk, clockwise", bakuk("clockwise")),
        ("bakuk, relay", bakuk("relay when the last seed falls into an occupied pit")),
        (
            "bakuk, relay from 3 in an opponent's pit, first seed back",
            bakuk("relay when the last seed makes 3 in an opponent's pit first seed into the emptied pit"),
        ),
        ("kalah, relay", kalah("relay when the last seed makes 2, 3 or 5 in any pit")),
        (
            "kalah, first seed back but a pit of one seed's",
            kalah("first seed into the emptied pit a pit of one seed sows it into the next pit"),
        ),
        (
            "bakuk, first seed back but a pit of one seed's, skip, relay",
            bakuk(
                "first seed into the emptied pit a pit of one seed sows it into the next pit \
                 laps skip the emptied pit relay when the last seed makes 2 in any pit",
            ),
        ),
        (
            "bakuk, direction by pit",
            bakuk(
                "direction by pit, from each player's seat { the leftmost pit: clockwise \
                 the centre pit: either way, as the mover chooses the other pits: counter-clockwise } \
                 relay when the last seed makes 4 in any pit",
            ),
        ),
    ];
    for (name, rules) in &cases {
        both_ways_alike(name, rules, 300);
    }
}

#[test]
fn a_board_too_large_for_the_table_plays_alike_both_ways() {
    // 2 x 10 pits, with stores: 22 places, more than a table covers.
    let rules = from_text(
        "variant \"Test\" extends \"Kalah\" { source \"test\" board 2 rows of 10 pits, one store per player }",
    );
    both_ways_alike("kalah 2 x 10", &rules, 100);
}

#[test]
fn boards_of_three_and_four_rows_sow_alike_both_ways() {
    let four = include_str!("boards/four-rows.sow");
    let cases = [
        ("four rows", from_text(four)),
        (
            "four rows, clockwise, skip",
            from_text(
                &four
                    .replace("counter-clockwise", "clockwise")
                    .replace("laps sow into the emptied pit", "laps skip the emptied pit"),
            ),
        ),
        (
            "four rows, first seed back",
            from_text(&four.replace(
                "first seed into the next pit",
                "first seed into the emptied pit\n    a pit needs 2 seeds to be played",
            )),
        ),
        // 4 x 6: 24 places, more than a table covers.
        ("four rows of 6", from_text(&four.replace("4 rows of 4 pits", "4 rows of 6 pits"))),
        // Three rows: one circuit through the middle row.
        ("three rows", from_text(include_str!("boards/three-rows.sow"))),
        (
            "three rows of 4, clockwise",
            from_text(
                &include_str!("boards/three-rows.sow")
                    .replace("3 rows of 6 pits", "3 rows of 4 pits")
                    .replace("counter-clockwise", "clockwise"),
            ),
        ),
    ];
    for (name, rules) in &cases {
        both_ways_alike(name, rules, 200);
    }
}

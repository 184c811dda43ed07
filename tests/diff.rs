//! `sow diff A B` as a process: the rules of two variants side by side, only where they
//! differ, in the words of `describe`; JSON for programs; exit 2 and nothing on standard output
//! for bad input.

#[path = "common/cli.rs"]
mod cli;

use cli::run;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}");
    serde_json::from_str(&out).unwrap()
}

/// The `rule` of each difference in a JSON report.
fn rules(report: &serde_json::Value) -> Vec<&str> {
    report["differences"].as_array().unwrap().iter().map(|d| d["rule"].as_str().unwrap()).collect()
}

#[test]
fn koumma_differs_from_bakuk_in_its_sowing_and_its_captures() {
    let (code, out, err) = run(&["diff", "bakuk", "koumma"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        r#"┌───────────────┬─────────────────────────────────────┬────────────────────────────────────┐
│               ┆ Bakuk                               ┆ Koumma                             │
╞═══════════════╪═════════════════════════════════════╪════════════════════════════════════╡
│ sowing        ┆ On their turn a player lifts every  ┆ On their turn a player lifts every │
│               ┆ seed from one of their pits that is ┆ seed from one of their pits        │
│               ┆ not empty, and sows them one by one ┆ holding at least two seeds, drops  │
│               ┆ counter-clockwise, starting in the  ┆ the first seed back into that pit, │
│               ┆ next pit.                           ┆ and sows the rest one by one       │
│               ┆                                     ┆ counter-clockwise into the         │
│               ┆                                     ┆ following pits, so that a pit of n │
│               ┆                                     ┆ seeds reaches n - 1 pits ahead.    │
│ seeds to play ┆ A pit with one seed can be played.  ┆ A pit with fewer than two seeds    │
│               ┆                                     ┆ cannot be played.                  │
│ laps          ┆ A sowing of 6 or more seeds goes    ┆ A sowing of 7 or more seeds goes   │
│               ┆ all the way round the board, and    ┆ all the way round the board, and   │
│               ┆ the emptied pit is sown into like   ┆ the emptied pit is sown into like  │
│               ┆ any other.                          ┆ any other.                         │
│ capture       ┆ If the last seed makes 2 or 4 in    ┆ If the last seed makes 2, 4 or 6   │
│               ┆ any pit, on either side of the      ┆ in any pit, on either side of the  │
│               ┆ board, the seeds of that pit are    ┆ board, the seeds of that pit are   │
│               ┆ captured.                           ┆ captured.                          │
│ chain         ┆ Then the next pit in the sowing     ┆ Then the next pit in the sowing    │
│               ┆ direction (counter-clockwise) is    ┆ direction (counter-clockwise) is   │
│               ┆ captured too if it holds 2 or 4,    ┆ captured too if it holds 2, 4 or   │
│               ┆ then the one after, and so on until ┆ 6, then the one after, and so on   │
│               ┆ a pit does not; the chain never     ┆ until a pit does not; the chain    │
│               ┆ goes round past the landing pit.    ┆ never goes round past the landing  │
│               ┆                                     ┆ pit.                               │
└───────────────┴─────────────────────────────────────┴────────────────────────────────────┘
"#
    );
}

#[test]
fn a_ruleset_differs_from_its_variant_only_in_what_it_changes() {
    let (code, out, err) = run(&["diff", "oware", "oware:grand-slam-forbidden"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        r#"┌────────────┬──────────────────────────────────────┬──────────────────────────────────────┐
│            ┆ Oware                                ┆ Oware (ruleset grand-slam-forbidden) │
╞════════════╪══════════════════════════════════════╪══════════════════════════════════════╡
│ grand slam ┆ A move whose captures would leave    ┆ A move whose captures would leave    │
│            ┆ every pit of the opponent empty (a   ┆ every pit of the opponent empty (a   │
│            ┆ grand slam) may be played, but       ┆ grand slam) may not be played.       │
│            ┆ captures nothing.                    ┆                                      │
└────────────┴──────────────────────────────────────┴──────────────────────────────────────┘
"#
    );
    let (code, out, err) = run(&["diff", "kalah", "kalah:empty-capture"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        r#"┌──────────────────┬───────────────────────────────────┬───────────────────────────────────┐
│                  ┆ Kalah                             ┆ Kalah (ruleset empty-capture)     │
╞══════════════════╪═══════════════════════════════════╪═══════════════════════════════════╡
│ opposite capture ┆ If the last seed falls into an    ┆ If the last seed falls into an    │
│                  ┆ empty pit of the mover's own, so  ┆ empty pit of the mover's own, so  │
│                  ┆ that it holds 1, the mover takes  ┆ that it holds 1, the mover takes  │
│                  ┆ the seeds of the opposite pit     ┆ the seeds of the opposite pit     │
│                  ┆ (the pit facing it across the     ┆ (the pit facing it across the     │
│                  ┆ board) and the last seed,         ┆ board) and the last seed. When    │
│                  ┆ provided the opposite pit holds   ┆ the opposite pit is empty, the    │
│                  ┆ seeds; when it is empty, nothing  ┆ last seed alone is taken.         │
│                  ┆ is taken.                         ┆                                   │
└──────────────────┴───────────────────────────────────┴───────────────────────────────────┘
"#
    );
}

#[test]
fn the_same_rules_named_two_ways_have_no_differences() {
    for (a, b, line) in [
        ("bakuk", "variants/bakuk.sow", "Bakuk and Bakuk: no differences.\n"),
        ("koumma", "Koumma", "Koumma and Koumma: no differences.\n"),
        (
            "bakuk:valdez",
            "bakuk:valdez",
            "Bakuk (ruleset valdez) and Bakuk (ruleset valdez): no differences.\n",
        ),
    ] {
        let (code, out, err) = run(&["diff", a, b]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, line, ""), "{a} {b}");
    }
    let report = json(&["diff", "bakuk", "variants/bakuk.sow", "--format", "json"]);
    assert_eq!(report["differences"], serde_json::json!([]));
}

#[test]
fn json_names_both_variants_and_gives_each_difference_in_words() {
    let report = json(&["diff", "bakuk", "koumma", "--format", "json"]);
    assert_eq!(report["a"], serde_json::json!({"variant": "Bakuk", "ruleset": null}));
    assert_eq!(report["b"], serde_json::json!({"variant": "Koumma", "ruleset": null}));
    assert_eq!(rules(&report), ["sowing", "seeds to play", "laps", "capture", "chain"]);
    let seeds = &report["differences"][1];
    assert_eq!(seeds["a"], "A pit with one seed can be played.");
    assert_eq!(seeds["b"], "A pit with fewer than two seeds cannot be played.");
    for d in report["differences"].as_array().unwrap() {
        assert_eq!(d.as_object().unwrap().keys().collect::<Vec<_>>(), ["rule", "a", "b"]);
    }

    let report = json(&["diff", "oware", "oware:grand-slam-forbidden", "--format", "json"]);
    assert_eq!(report["b"], serde_json::json!({"variant": "Oware", "ruleset": "grand-slam-forbidden"}));
    assert_eq!(
        report["differences"],
        serde_json::json!([{
            "rule": "grand slam",
            "a": "A move whose captures would leave every pit of the opponent empty (a grand slam) may be played, but captures nothing.",
            "b": "A move whose captures would leave every pit of the opponent empty (a grand slam) may not be played.",
        }])
    );
}

#[test]
fn the_words_are_those_of_describe() {
    // Each side's words for a rule that describe states are found, word for word, in what
    // describe prints (which wraps its paragraphs: compare words, not line breaks).
    let flat = |args: &[&str]| {
        let (code, out, _) = run(args);
        assert_eq!(code, 0);
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let report = json(&["diff", "bakuk", "kalah", "--format", "json"]);
    let (bakuk, kalah) = (flat(&["describe", "bakuk"]), flat(&["describe", "kalah"]));
    let mut unsaid = 0;
    for d in report["differences"].as_array().unwrap() {
        for (side, text) in [(&d["a"], &bakuk), (&d["b"], &kalah)] {
            let words = side.as_str().unwrap();
            if !text.contains(words) {
                unsaid += 1;
            }
        }
    }
    // What describe leaves unsaid for Bakuk (no store sown into, no extra turn, no capture of
    // the opposite pit, no end by an empty side) and for Kalah (no count captured, no chain).
    assert_eq!(unsaid, 6, "{report}");
    assert!(rules(&report).contains(&"extra turn"));
}

#[test]
fn swapping_the_variants_swaps_the_columns() {
    let there = json(&["diff", "bakuk", "kalah", "--format", "json"]);
    let back = json(&["diff", "kalah", "bakuk", "--format", "json"]);
    assert_eq!(rules(&there), rules(&back));
    for (t, b) in there["differences"].as_array().unwrap().iter().zip(back["differences"].as_array().unwrap())
    {
        assert_eq!((&t["a"], &t["b"]), (&b["b"], &b["a"]));
    }
}

#[test]
fn bad_input_exits_2_with_nothing_on_standard_output() {
    let (code, out, err) = run(&["diff", "bakuk", "bakook"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("error: unknown variant `bakook`\n"), "{err}");
    assert!(err.contains("did you mean `bakuk`?"), "{err}");

    for args in [
        &["diff", "nope", "koumma"][..],
        &["diff", "bakuk", "nope", "--format", "json"],
        &["diff", "bakuk", "bakuk:nope"],
        &["diff", "tests/bad/missing-board.sow", "bakuk"],
        &["diff", "bakuk", "no-such-file.sow"],
        &["diff", "bakuk"],
        &["diff", "bakuk", "koumma", "--format", "yaml"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn a_total_and_a_place_named_from_a_store_are_compared_in_their_words() {
    // Ako Okwe and its ruleset `murray` differ in the counts of the seeds captured (the file
    // draws `sow check`'s warning of a pit of one seed, on standard error).
    let (code, out, _) = run(&["diff", "ako-okwe", "ako-okwe:murray", "--format", "json"]);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rules(&report), ["rules after each lap"]);
    let d = &report["differences"][0];
    assert!(
        d["a"]
            .as_str()
            .unwrap()
            .contains("if the mover has captured 3 seeds so far and the last pit holds 1")
    );
    assert!(d["b"].as_str().unwrap().contains("if the mover has captured 1 or more seeds so far"));
    // Sonka names the pit after a store; Sungka names no place of a lap.
    let report = json(&["diff", "sonka", "sungka", "--format", "json"]);
    let laps = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["rule"] == "rules after each lap")
        .unwrap();
    assert!(laps["a"].as_str().unwrap().ends_with(
        "When a lap's last seed falls into a store, the next pit is the pit after that store on the mover's \
         way, and the pit after the next the one after it; the last pit and the places named from it are no \
         pit then."
    ));
    assert_eq!(laps["b"], "No rule is named from the places of a lap.");
}

#[test]
fn a_short_fill_is_compared_in_its_words() {
    // Pallankuli's rounds and Erherhe's differ, among others, in what a player short of a fill
    // does.
    let report = json(&["diff", "erherhe", "pallankuli", "--format", "json"]);
    let short =
        report["differences"].as_array().unwrap().iter().find(|d| d["rule"] == "a short fill").unwrap();
    assert!(short["a"].as_str().unwrap().starts_with(
        "A player who holds fewer than four seeds, but some, still fills: they put all they hold into the pit \
         they would fill"
    ));
    assert_eq!(short["b"], "A player who cannot make a whole fill does not fill.");
}

#[test]
fn an_opening_into_the_next_pit_and_a_move_left_to_the_opponent_are_compared_in_their_words() {
    // English Wari (St. Lucia) and Oware: among their differences, the opening and the move a
    // move must leave the opponent.
    let report = json(&["diff", "english-wari-st-lucia", "oware", "--format", "json"]);
    let find = |rule: &str| {
        report["differences"].as_array().unwrap().iter().find(|d| d["rule"] == rule).unwrap().clone()
    };
    let opening = find("opening");
    assert_eq!(
        opening["a"],
        "In their first move, a player moves every seed of a pit of theirs (one that holds seeds, as they \
         choose) into the next pit, without sowing or capture."
    );
    assert_eq!(opening["b"], "The game starts with ordinary moves.");
    let leaves = find("leaves a move");
    assert!(
        leaves["a"].as_str().unwrap().starts_with("A move may be played only if, after it and its captures")
    );
    assert_eq!(leaves["b"], "A move may leave the opponent without a move.");
}

#[test]
fn a_pit_s_history_and_a_chain_s_reach_are_compared_in_their_words() {
    // Bechi's capture asks whether the last pit has been played from this round, and its chain
    // goes on over empty pits, six at most, over the pit the lap started from; Sungka names no
    // place of a lap.
    let report = json(&["diff", "bechi", "sungka", "--format", "json"]);
    let laps = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["rule"] == "rules after each lap")
        .unwrap();
    let a = laps["a"].as_str().unwrap();
    assert!(a.contains("the last pit has been played from earlier in the round (by either player"), "{a}");
    assert!(a.contains("if it holds an even count or is empty (taking nothing)"), "{a}");
    assert!(
        a.contains("six pits at most, going on over the pit the lap started from as over any other"),
        "{a}"
    );
    assert_eq!(laps["b"], "No rule is named from the places of a lap.");
}

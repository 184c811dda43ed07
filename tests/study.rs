//! Studies: `--set` and `--vary` on the commands that run games, and their mistakes.

#[path = "common/cli.rs"]
mod cli;

use cli::run;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sow-study-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_varied_value_plays_the_games_of_the_same_rule_written_in_a_file() {
    let dir = scratch("file");
    let file = dir.join("bakuk-3.sow");
    std::fs::write(
        &file,
        "variant \"B3\" extends \"Bakuk\" {\n  source \"test\"\n  seeds 3 in each pit\n}\n",
    )
    .unwrap();
    let (code, varied, err) =
        run(&["simulate", "bakuk", "-g", "3000", "--vary", "seeds {3..4} in each pit", "-f", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, plain, err) = run(&["simulate", file.to_str().unwrap(), "-g", "3000", "-f", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let varied: serde_json::Value = serde_json::from_str(&varied).unwrap();
    let plain: serde_json::Value = serde_json::from_str(&plain).unwrap();
    let three = &varied["Bakuk, seeds 3 in each pit"];
    assert_eq!(three["tally"], plain["B3"]["tally"]);
    assert_eq!(three["run"]["varied"]["values"][0], "3");
    assert_eq!(three["run"]["varied"]["rules"][0], "seeds {3..4} in each pit");
    assert!(varied["Bakuk, seeds 4 in each pit"].is_object());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn set_changes_what_describe_diff_and_simulate_read() {
    let (code, out, _) = run(&["diff", "koumma", "--set", "first seed into the next pit"]);
    assert_eq!(code, 0);
    assert!(out.contains("Koumma, first seed into the next pit"), "{out}");
    assert!(out.contains("next pit."), "{out}");
    let (code, out, _) = run(&["describe", "bakuk", "--set", "seeds 2 in each pit"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Bakuk, seeds 2 in each pit\n"), "{out}");
    assert!(out.contains("12 in all."), "{out}");
    assert!(out.contains("Changed on the command line: seeds 2 in each pit."), "{out}");
    let (code, a, _) = run(&["simulate", "bakuk", "-g", "500", "--set", "seeds 2 in each pit", "-f", "json"]);
    assert_eq!(code, 0);
    let (_, b, _) =
        run(&["simulate", "bakuk", "-g", "500", "--vary", "seeds {2, 3} in each pit", "-f", "json"]);
    let a: serde_json::Value = serde_json::from_str(&a).unwrap();
    let b: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(a["Bakuk, seeds 2 in each pit"]["tally"], b["Bakuk, seeds 2 in each pit"]["tally"]);
}

#[test]
fn two_varies_make_a_grid_in_the_order_given() {
    let (code, out, _) = run(&[
        "simulate",
        "koumma",
        "-g",
        "200",
        "--vary",
        "first seed into the {next, emptied} pit",
        "--vary",
        "a pit needs {1, 2} seeds to be played",
        "-f",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "Koumma, first seed into the next pit, a pit needs 1 seeds to be played",
            "Koumma, first seed into the next pit, a pit needs 2 seeds to be played",
            "Koumma, first seed into the emptied pit, a pit needs 1 seeds to be played",
            "Koumma, first seed into the emptied pit, a pit needs 2 seeds to be played",
        ]
    );
}

#[test]
fn a_solve_sweep_gives_each_value_as_solving_it_alone_does() {
    let (code, out, err) = run(&["solve", "bakuk", "--vary", "seeds {1..3} in each pit", "--format", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    for (i, seeds) in ["1", "2", "3"].iter().enumerate() {
        let rule = format!("seeds {seeds} in each pit");
        let (code, alone, _) = run(&["solve", "bakuk", "--set", &rule, "--format", "json"]);
        assert_eq!(code, 0);
        let alone: serde_json::Value = serde_json::from_str(&alone).unwrap();
        assert_eq!(list[i]["value"], alone["value"], "{seeds}");
        assert_eq!(list[i]["openings"], alone["openings"], "{seeds}");
        assert_eq!(list[i]["varied"]["values"][0], *seeds);
    }
    // Worked by hand: with one seed a pit, every move makes a pit of 2 that is taken, and the
    // game is a draw 2 to 2 (see the perfect game of the table).
    assert_eq!(list[0]["value"], 0);
    let (code, text, _) = run(&["solve", "bakuk", "--vary", "seeds {1..2} in each pit"]);
    assert_eq!(code, 0);
    assert!(text.contains("│ 1                        ┆ 0 for player 1  ┆ draw "), "{text}");
    assert!(text.contains("│ 2                        ┆ +4 for player 1 ┆ player 1 "), "{text}");
}

#[test]
fn a_tournament_is_played_in_every_varied_variant() {
    let (code, out, err) =
        run(&["tournament", "tournaments/quick.yaml", "--vary", "seeds {3..4} in each pit", "-f", "json"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    for v in ["Bakuk, seeds 3 in each pit", "Bakuk, seeds 4 in each pit", "Koumma, seeds 4 in each pit"] {
        assert!(out.contains(&format!("\"{v}\"")), "{v}: {out}");
    }
}

/// A mistake in an option: exit 2, nothing on stdout, exactly this on stderr.
fn refused(args: &[&str], expected: &str) {
    let (code, out, err) = run(args);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err, expected);
}

#[test]
fn bad_placeholders_are_shown_in_the_option() {
    refused(
        &["simulate", "bakuk", "--vary", "seeds 4 in each pit"],
        "error: `--vary` needs a placeholder: the values to try, in braces
 --> --vary:1:1
  |
1 | seeds 4 in each pit
  | ^^^^^^^^^^^^^^^^^^^ no `{...}` here
  = help: for example `--vary \"seeds {2..8} in each pit\"`; to change a rule to one value, use `--set`
",
    );
    refused(
        &["solve", "bakuk", "--vary", "board {2..3} rows of {3..4} pits, no stores"],
        "error: `--vary` takes one placeholder
 --> --vary:1:22
  |
1 | board {2..3} rows of {3..4} pits, no stores
  |                      ^^^^^^ a second placeholder
  = help: to vary two rules, give `--vary` twice: the runs make a grid
",
    );
    refused(
        &["simulate", "bakuk", "--vary", "seeds {8..2} in each pit"],
        "error: the range 8..2 is reversed: it holds no value
 --> --vary:1:7
  |
1 | seeds {8..2} in each pit
  |       ^^^^^^ from a larger number to a smaller one
  = help: write it from the smaller number: `{2..8}`
",
    );
    refused(
        &["simulate", "bakuk", "--vary", "seeds {} in each pit"],
        "error: the placeholder is empty
 --> --vary:1:7
  |
1 | seeds {} in each pit
  |       ^^ no values
  = help: write the values to try: a range `{2..8}` or a list `{next, emptied}`
",
    );
}

#[test]
fn a_value_that_makes_a_bad_variant_is_pointed_at() {
    refused(
        &["simulate", "bakuk", "--vary", "board 2 rows of {0..3} pits, no stores"],
        "error: a row needs at least 1 pit
 --> --vary:1:17
  |
1 | board 2 rows of {0..3} pits, no stores
  |                 ^^^^^^ expected 1 to 32
  = note: with the value `0`: board 2 rows of 0 pits, no stores
",
    );
    refused(
        &["tournament", "tournaments/quick.yaml", "--vary", "first seed into the {next, emptyed} pit"],
        "error: unexpected word `emptyed`
 --> --vary:1:28
  |
1 | first seed into the {next, emptyed} pit
  |                            ^^^^^^^ expected one of `emptied` or `next`
  = help: did you mean `emptied`?
  = help: write it as `first seed into the next pit` or `first seed into the emptied pit`
  = note: with the value `emptyed`: first seed into the emptyed pit
",
    );
    refused(
        &["describe", "bakuk", "--set", "seeds {2..3} in each pit"],
        "error: `--set` changes a rule to one value: it has no placeholder
 --> --set:1:7
  |
1 | seeds {2..3} in each pit
  |       ^^^^^^ a placeholder
  = help: to run once for each value, use `--vary`
",
    );
}

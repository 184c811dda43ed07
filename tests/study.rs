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

/// The metrics of one scripted game of Bakuk with one seed a pit, judged by `evaluator`.
fn scripted_metrics(evaluator: &str) -> serde_json::Value {
    scripted("script:3,1,script:5", evaluator, &[])
}

fn scripted(players: &str, evaluator: &str, more: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "simulate",
        "bakuk",
        "--set",
        "seeds 1 in each pit",
        "-g",
        "1",
        "--players",
        players,
        "--metrics",
        "--evaluator",
        evaluator,
        "-f",
        "json",
    ];
    args.extend(more);
    let (code, out, err) = run(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["Bakuk, seeds 1 in each pit"]["metrics"].clone()
}

fn close(v: &serde_json::Value, expected: f64) {
    let x = v.as_f64().unwrap_or_else(|| panic!("{v}"));
    assert!((x - expected).abs() < 1e-9, "{x} != {expected}");
}

#[test]
fn metrics_of_a_game_worked_by_hand() {
    // From 1 1 1 | 1 1 1: player 1 sows pit 3 into pit 4, making 2, and takes them (2-0);
    // player 2 sows pit 5 into pit 6 and takes 2 (2-2); player 1 sows pit 1 into pit 2 and
    // takes 2 (4-2); the board is empty and player 2 cannot move. Three plies, player 1 wins.
    // Legal moves before each ply: 3, 2, 2.
    let m = scripted_metrics("margin");
    assert_eq!(m["evaluator"], "margin");
    close(&m["balance"], 0.0);
    close(&m["first_player_advantage"]["value"], 1.0);
    close(&m["completion"]["value"], 1.0);
    close(&m["drawishness"]["value"], 0.0);
    close(&m["timeouts"]["value"], 0.0);
    close(&m["duration"]["mean"]["value"], 3.0);
    close(&m["duration"]["turns"]["value"], 3.0);
    close(&m["branching_factor"]["value"], 7.0 / 3.0);
    close(&m["branching_factor_change"]["value"], (2.0 - 3.0) / 2.0);
    // Margins before each ply: 0-0, 2-0, 2-2: evaluations (0, 0), (tanh 2, -tanh 2), (0, 0).
    // Leaders {1, 2}, {1}, {1, 2}: two changes in two steps.
    close(&m["lead_change"]["value"], 1.0);
    // The winner (player 1) never trailed: no drama. The loser's best evaluation was 0; the
    // winner first exceeded it at the second position: a third of the game came before.
    close(&m["drama"]["value"], 0.0);
    close(&m["decisiveness_threshold"]["value"], 0.0);
    close(&m["decisiveness"]["value"], 1.0 / 3.0);

    // With perfect play the start is a draw, and so is the position after 3 (a best move:
    // `sow solve`); after player 2's 5, player 1 wins by 2 (pit 1 takes 2, pit 2 takes
    // nothing). Evaluations (0, 0), (0, 0), (1, -1): one change in two steps; the loser's
    // best was 0, passed at the third position.
    let m = scripted_metrics("exact");
    assert_eq!(m["evaluator"], "exact");
    close(&m["lead_change"]["value"], 0.5);
    close(&m["drama"]["value"], 0.0);
    close(&m["decisiveness_threshold"]["value"], 0.0);
    close(&m["decisiveness"]["value"], 2.0 / 3.0);
}

#[test]
fn metrics_of_a_draw_and_of_a_timeout_worked_by_hand() {
    // 1 takes pit 2's pair (2-0), 4 takes pit 5's (2-2), 3 and 4 capture nothing; player 1
    // is left without seeds, and the two left on the board go to nobody: a draw, 4 plies.
    let m = scripted("script:1,3,script:4,4", "margin", &[]);
    close(&m["balance"], 1.0);
    close(&m["first_player_advantage"]["value"], 0.5);
    close(&m["completion"]["value"], 0.0);
    close(&m["drawishness"]["value"], 1.0);
    close(&m["timeouts"]["value"], 0.0);
    // Margins 0-0, 2-0, 2-2, 2-2: leaders {1, 2}, {1}, {1, 2}, {1, 2}: two changes in three.
    close(&m["lead_change"]["value"], 2.0 / 3.0);
    // No winner: no drama, no decisiveness.
    assert!(m["drama"].is_null() && m["decisiveness"].is_null(), "{m}");
    // The first game stopped after 2 plies at 2-2: a timeout, neither completed nor drawn.
    let m = scripted("script:3,1,script:5", "margin", &["--max-plies", "2"]);
    close(&m["timeouts"]["value"], 1.0);
    close(&m["completion"]["value"], 0.0);
    close(&m["drawishness"]["value"], 0.0);
    close(&m["duration"]["mean"]["value"], 2.0);
    close(&m["lead_change"]["value"], 1.0);
}

#[test]
fn metrics_are_the_same_on_any_number_of_threads() {
    let args = |jobs: &'static str| {
        run(&["simulate", "koumma", "-g", "5000", "--metrics", "-f", "json", "--jobs", jobs]).1
    };
    assert_eq!(args("1"), args("2"));
}

#[test]
fn an_evaluator_that_cannot_judge_the_variant_is_refused() {
    refused(
        &["simulate", "bakuk:three-player", "--metrics", "--evaluator", "alphabeta:3"],
        "error: --evaluator alphabeta:3: Bakuk:three-player has 3 players, and the search values positions for two; use `--evaluator margin`\n",
    );
    let (code, out, err) = run(&["simulate", "oware", "-g", "10", "--metrics", "--evaluator", "exact"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("error: --evaluator exact: Oware cannot be solved ("), "{err}");
    refused(
        &["simulate", "bakuk:three-player", "--metrics", "--evaluator", "mcts:50"],
        "error: --evaluator mcts:50: Bakuk:three-player has 3 players, and the evaluator values positions for two; use `--evaluator margin`\n",
    );
    refused(
        &["simulate", "bakuk", "--metrics", "--evaluator", "uct"],
        "error: --evaluator `uct` is not an evaluator: expected exact, margin, alphabeta:DEPTH or mcts:N\n",
    );
}

#[test]
fn shards_of_a_sweep_with_metrics_merge_into_the_whole_run() {
    let dir = scratch("shards");
    let base = ["simulate", "koumma", "-g", "3000", "--vary", "seeds {3..4} in each pit", "--metrics"];
    let mut files = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = dir.join(format!("{}.json", k.replace('/', "-")));
        let mut args: Vec<&str> = base.to_vec();
        let path = out.to_str().unwrap().to_string();
        args.extend(["--shard", k, "--out", &path]);
        let (code, _, err) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""));
        files.push(path);
    }
    let (code, merged, err) = run(&["merge", &files[0], &files[1], "-f", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut args = base.to_vec();
    args.extend(["-f", "json"]);
    let (_, whole, _) = run(&args);
    let merged: serde_json::Value = serde_json::from_str(&merged).unwrap();
    let whole: serde_json::Value = serde_json::from_str(&whole).unwrap();
    for v in ["Koumma, seeds 3 in each pit", "Koumma, seeds 4 in each pit"] {
        assert_eq!(merged[v]["tally"], whole[v]["tally"], "{v}");
        assert_eq!(merged[v]["metrics"], whole[v]["metrics"], "{v}");
        assert_eq!(merged[v]["run"]["varied"], whole[v]["run"]["varied"], "{v}");
    }
    // A shard without metrics, or judged otherwise, does not merge with one with them.
    let other = dir.join("other.json");
    let (code, _, _) = run(&[
        "simulate",
        "koumma",
        "-g",
        "3000",
        "--vary",
        "seeds {3..4} in each pit",
        "--shard",
        "2/2",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let (code, out, err) = run(&["merge", &files[0], other.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("were run with different metrics (metrics by exact and no metrics)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn completions_and_a_man_page_are_printed() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!((code, err.as_str()), (0, ""), "{shell}");
        assert!(out.contains("simulate") && out.contains("--vary"), "{shell}: {out}");
    }
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(".ie") && out.contains(".TH sow 1"), "{out}");
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_record_of_a_changed_variant_replays_with_set() {
    let dir = scratch("record");
    let record = dir.join("games.jsonl");
    let (code, _, err) = run(&[
        "simulate",
        "bakuk:valdez",
        "-g",
        "3",
        "--vary",
        "seeds {3..4} in each pit",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let text = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 6);
    for r in &lines {
        assert_eq!(r["variant"], "bakuk:valdez");
        let set = r["set"][0].as_str().unwrap();
        let moves: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let moves = moves.join(" ");
        let (code, out, err) =
            run(&["play", "bakuk:valdez", "--set", set, "--moves", &moves, "--format", "json"]);
        assert_eq!((code, err.as_str()), (0, ""));
        let end: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(end["score"], r["scores"], "{set}: {moves}");
        assert_eq!(end["finished"], true);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

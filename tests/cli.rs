//! The command line as a process: stdout, stderr and exit status of each command.

#[path = "common/cli.rs"]
mod cli;

use cli::{run, sow};

#[test]
fn list_names_each_bundled_variant_and_its_rulesets_on_one_line() {
    let (code, out, err) = run(&["list"]);
    assert_eq!((code, err.as_str()), (0, ""));
    // Under the table, what its words mean.
    let (out, notes) = out.split_once("\n\n").unwrap();
    assert_eq!(
        notes,
        "board: the rows x the pits of a row, `stores` where the board has them, and the players.\n\
         text: a ruleset of the rules as Ludii's rules text reads them, where they differ from Ludii's\n  \
         code, which the variant itself follows (`sow diff bao bao:text` shows how they differ).\n"
    );
    let rows: Vec<&str> = out.lines().collect();
    // One line a bundled variant, in the order of their names: every file of `variants/`.
    let mut names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".sow").to_string())
        .collect();
    names.sort();
    let listed: Vec<&str> = rows[1..].iter().map(|r| r.split_whitespace().next().unwrap()).collect();
    assert_eq!(listed, names);
    // The columns, whatever their widths (the longest name sets them).
    let columns = |row: &str| -> Vec<String> {
        row.split("  ").map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect()
    };
    let table: Vec<Vec<String>> = rows.iter().map(|r| columns(r)).collect();
    assert_eq!(table[0], ["name", "variant", "board", "rulesets", "region"]);
    for row in [
        ["ayoayo", "Ayoayo", "2 x 6, stores, 2 players", "pratt", "Nigeria"],
        [
            "bakuk",
            "Bakuk",
            "2 x 3, 2 players",
            "valdez, three-player",
            "Jbala, Western Rif, northern Morocco",
        ],
        ["bao", "Bao", "4 x 8, 2 players", "text", "East Africa"],
        [
            "kalah",
            "Kalah",
            "2 x 6, stores, 2 players",
            "empty-capture, seeds-3, seeds-5, seeds-6",
            "United States, 1940s (a game made after the African two-row mancalas)",
        ],
        ["yovodi", "Yovodi", "2 x 6, stores, 2 players", "-", "Togo and Ghana"],
    ] {
        assert!(table.iter().any(|r| r == &row), "{row:?}\n{out}");
    }
    // Every row's columns start where the head's do.
    let starts = |row: &str| -> Vec<usize> {
        let b: Vec<char> = row.chars().collect();
        (1..b.len()).filter(|&i| b[i] != ' ' && b[i - 1] == ' ').collect()
    };
    let head = starts(rows[0]);
    for row in &rows[1..] {
        assert!(
            head.iter().all(|h| starts(row).contains(h) || row.chars().count() <= *h),
            "{row}: its columns line up with the head's"
        );
    }
}

#[test]
fn check_accepts_the_shipped_files_and_bundled_names() {
    let (code, out, err) = run(&["check", "variants/bakuk.sow", "variants/koumma.sow", "koumma"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "ok: variants/bakuk.sow: Bakuk (rulesets: valdez, three-player)\n\
         ok: variants/koumma.sow: Koumma\n\
         ok: koumma: Koumma\n"
    );
}

#[test]
fn check_reports_every_bad_file_and_still_checks_the_others() {
    let (code, out, err) = run(&["check", "no-such-file.sow", "variants/bakuk.sow"]);
    assert_eq!(code, 2);
    assert_eq!(out, "ok: variants/bakuk.sow: Bakuk (rulesets: valdez, three-player)\n");
    assert_eq!(err, "error: cannot read `no-such-file.sow`: no such file\n\n");
}

#[test]
fn describe_reads_the_rules_back_in_words_with_sources() {
    let (code, out, _) = run(&["describe", "koumma"]);
    assert_eq!(code, 0);
    // Paragraphs are wrapped: compare words, not line breaks.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "Koumma ======",
        "Other names: Hefari, Hefira (?)",
        "Documented by: Víktor Bautista i Roca, 2008",
        "<https://mancala.fandom.com/wiki/Koumma>",
        "Extends: Bakuk",
        "drops the first seed back into that pit",
        "A pit with fewer than two seeds cannot be played.",
        "If the last seed makes 2, 4 or 6 in any pit, on either side of the board",
        "When the player to move has no legal move, the game ends.",
        "Seeds left on the board at the end belong to nobody",
        "If two or more players share the highest score, the game is a draw.",
        "Koumma changes where the first seed goes, the seeds a pit needs to be played, what the last seed captures and the capture chain; everything else is as in Bakuk.",
    ] {
        assert!(flat.contains(expected), "missing {expected:?} in:\n{out}");
    }
}

#[test]
fn describe_a_ruleset_says_what_it_changes() {
    let (code, out, _) = run(&["describe", "bakuk", "--ruleset", "valdez"]);
    assert_eq!(code, 0);
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.starts_with("Bakuk (ruleset valdez) ======"), "{out}");
    assert!(out.contains("Then the pit before it (against the sowing direction"), "{out}");
    assert!(
        out.contains("The ruleset valdez changes the capture chain; everything else is as in Bakuk."),
        "{out}"
    );
    assert!(out.contains("Jacob A. Valdez, 50 Ways to Play Mancala (2023), p. 144"), "{out}");
}

#[test]
fn show_draws_the_board_with_pit_numbers() {
    let (code, out, _) = run(&["show", "bakuk"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Bakuk: player 1 moves first
           6     5     4
         +-----+-----+-----+
player 2 |  6  |  6  |  6  |
         +-----+-----+-----+
player 1 |  6  |  6  |  6  |
         +-----+-----+-----+
           1     2     3
captured: player 1 0, player 2 0
"
    );
}

#[test]
fn show_marks_owners_when_players_do_not_own_whole_rows() {
    let (code, out, _) = run(&["show", "bakuk:three-player"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Bakuk:three-player: player 1 moves first\nowner      P3    P3    P2\n"),
        "{out}"
    );
    assert!(out.contains("owner      P1    P1    P2\n"), "{out}");
}

/// The JSON object of `sow play ... --format json`.
fn play_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "exactly one JSON object: {out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn play_json_reports_the_position_after_the_last_move() {
    // Bakuk: 3 [6 seeds: 4 5 6 1 2 3] -> [7,7,1,7,7,7]; 5 [7: 6 1 2 3 4 5 6] -> [8,8,2,8,1,9];
    // 1 [8: 2 3 4 5 6 1 2 3] -> pit 3 makes 4: captured -> [1,10,0,9,2,10].
    let v = play_json(&["bakuk", "--moves", "3,5,1"]);
    assert_eq!(v["pits"], serde_json::json!([1, 10, 0, 9, 2, 10]));
    assert_eq!(v["score"], serde_json::json!([4, 0]));
    assert_eq!(v["to_move"], 2);
    assert_eq!(v["plies"], 3);
    assert_eq!(v["finished"], false);
    assert_eq!(v["winner"], serde_json::Value::Null);
}

#[test]
fn play_json_for_koumma_and_three_players() {
    // Koumma: 3 [6 seeds: 3 4 5 6 1 2] -> [7,7,1,7,7,7]; 5 [7: 5 6 1 2 3 4 5] -> pit 5 makes 2:
    // captured -> [8,8,2,8,0,8]; 1 [8: 1 2 3 4 5 6 1 2] -> [2,10,3,9,1,9], no capture.
    let v = play_json(&["koumma", "--moves", "3,5,1"]);
    assert_eq!(v["pits"], serde_json::json!([2, 10, 3, 9, 1, 9]));
    assert_eq!(v["score"], serde_json::json!([0, 2]));
    assert_eq!(v["to_move"], 2);

    // Three players: 2 -> [7,1,7,7,7,7]; 3 -> [8,2,1,9,8,8]; 5 -> [10,3,2,10,1,10].
    let v = play_json(&["bakuk", "--ruleset", "three-player", "--moves", "2,3,5"]);
    assert_eq!(v["pits"], serde_json::json!([10, 3, 2, 10, 1, 10]));
    assert_eq!(v["score"], serde_json::json!([0, 0, 0]));
    assert_eq!(v["to_move"], 1);
}

#[test]
fn play_json_at_the_end_names_the_winner_or_null_for_a_draw() {
    let v = play_json(&["bakuk", "--position", "0,0,1,1,0,0", "--moves", "3"]);
    assert_eq!(v["finished"], true);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    assert_eq!(v["winner"], 1);
    assert_eq!(v["end"], "no-legal-move");

    let v = play_json(&["bakuk", "--position", "0,0,0,1,0,0", "--to-move", "2", "--moves", "4"]);
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["result"], "draw");
}

#[test]
fn malformed_moves_are_bad_input_found_before_any_move_is_played() {
    for (moves, message) in [
        ("3,5,x", "move 3 (`x`) is not a pit number: write pits as plain numbers, 1 to 6"),
        ("3,5,7", "move 3 (`7`) is not a pit: pits are numbered 1 to 6"),
        ("0", "`0` is not a pit: pits are numbered 1 to 6"),
        ("-3", "`-3` is not a pit number: write pits as plain numbers, 1 to 6"),
        ("+3", "`+3` is not a pit number: write pits as plain numbers, 1 to 6"),
        ("03", "`03` is not a pit number: write pits as plain numbers, 1 to 6"),
        ("3,,5", "`3,,5` has no move 2: separate the items by one comma or by spaces, e.g. `3,1,5`"),
        (",,,", "`,,,` has no move 1: separate the items by one comma or by spaces, e.g. `3,1,5`"),
        ("3,5,", "`3,5,` has no move 3: separate the items by one comma or by spaces, e.g. `3,1,5`"),
    ] {
        let (code, out, err) = run(&["play", "bakuk", "--moves", moves]);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", format!("error: --moves: {message}\n").as_str()),
            "{moves}"
        );
    }
    // Spaces and commas both separate moves.
    let a = play_json(&["bakuk", "--moves", "3,5,1"]);
    assert_eq!(a, play_json(&["bakuk", "--moves", "3 5 1"]));
    assert_eq!(a, play_json(&["bakuk", "--moves", "3, 5, 1"]));
}

#[test]
fn illegal_moves_name_the_ply_and_the_reason_and_print_nothing_else() {
    let (code, out, err) = run(&["play", "bakuk", "--moves", "3,2"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", "error: ply 2: pit 2 belongs to player 1, and it is player 2's turn\n")
    );
    let (code, _, err) = run(&["play", "koumma", "--position", "1,2,3,3,3,3", "--moves", "1"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: ply 1: pit 1 holds 1 seed, and a pit needs 2 to be played\n")
    );
    let (code, _, err) = run(&["play", "bakuk", "--position", "0,1,1,3,3,3", "--moves", "1"]);
    assert_eq!((code, err.as_str()), (1, "error: ply 1: pit 1 is empty\n"));
    let (code, _, err) = run(&["play", "bakuk", "--position", "0,0,1,1,0,0", "--moves", "3,4"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: ply 2: the game is already over: it ended after ply 1 (the player to move had no legal move)\n"
        )
    );
}

#[test]
fn unknown_variants_and_rulesets_are_bad_input() {
    let (code, out, err) = run(&["describe", "bakook"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: unknown variant `bakook`\n  = note: `sow list` names the bundled variants\n  \
         = help: did you mean `bakuk`?\n  = help: to use a variant file, give its path, ending in `.sow`\n"
    );
    let (code, _, err) = run(&["play", "bakuk", "--ruleset", "valdes", "--moves", "3"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: \"Bakuk\" has no ruleset \"valdes\"\n  = note: its rulesets are valdez, three-player\n  = help: did you mean \"valdez\"?\n"
    );
    let (code, _, err) = run(&["show", "bakuk:valdez", "--ruleset", "three-player"]);
    assert_eq!(
        (code, err.as_str()),
        (2, "error: two rulesets named: `valdez` in `bakuk:valdez` and `--ruleset three-player`\n")
    );
}

#[test]
fn bad_positions_are_bad_input() {
    for (args, message) in [
        (&["--position", "1,1"][..], "error: --position: a position lists the seeds of all 6 pits, not 2\n"),
        (
            &["--position", "1,1,1,1,1,x"][..],
            "error: --position: pit 6 (`x`) is not a number of seeds: write plain numbers, 0 to 255\n",
        ),
        (
            &["--position", "1,1,,1,1,1,1"][..],
            "error: --position: `1,1,,1,1,1,1` has no pit 3: separate the items by one comma or by spaces, e.g. `3,1,5`\n",
        ),
        (
            &["--position", "200,200,0,0,0,0"][..],
            "error: --position: a position holds at most 255 seeds, not 400\n",
        ),
        (
            &["--position", "1,1,1,1,1,1", "--to-move", "3"][..],
            "error: --to-move: there is no player 3: players are numbered 1 to 2\n",
        ),
        (
            &["--position", "1,1,1,1,1,1", "--to-move", "0"][..],
            "error: --to-move: there is no player 0: players are numbered 1 to 2\n",
        ),
    ] {
        let mut all = vec!["play", "bakuk"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", message), "{args:?}");
    }
}

#[test]
fn a_variant_file_named_with_a_colon_is_read_whole() {
    let dir = std::env::temp_dir().join(format!("sow-cli-colon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my:koumma.sow");
    std::fs::write(&path, "variant \"Mine\" extends \"Koumma\" { source \"field notes\" }").unwrap();
    let path = path.to_str().unwrap();
    for command in ["check", "describe", "show"] {
        let (code, out, err) = run(&[command, path]);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(out.contains("Mine"), "{command}: {out}");
    }
    let (code, _, err) = run(&["simulate", path, "--games", "10"]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read_as_variants() {
    let dir = std::env::temp_dir().join(format!("sow-cli-special-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let zero = dir.join("zero.sow");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let (code, out, err) = run(&["check", zero.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!("error: cannot read `{}`: it is a device, not a regular file\n\n", zero.display())
    );
    let fifo = dir.join("fifo.sow");
    if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let (code, _, err) = run(&["describe", fifo.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert_eq!(
            err,
            format!(
                "error: cannot read `{}`: it is a FIFO (named pipe), not a regular file\n",
                fifo.display()
            )
        );
        // Extended, it is refused for what it is, where it is named.
        let child = dir.join("child.sow");
        std::fs::write(&child, "variant \"Child\" extends \"fifo.sow\" {\n}\n").unwrap();
        let (code, _, err) = run(&["check", child.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert!(
            err.starts_with(&format!(
                "error: cannot read `{}`: it is a FIFO (named pipe), not a regular file\n --> {}:1:25\n",
                fifo.display(),
                child.display()
            )),
            "{err}"
        );
    }
    let big = dir.join("big.sow");
    std::fs::write(&big, "#".repeat(2 << 20)).unwrap();
    let (code, _, err) = run(&["show", big.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "error: cannot read `{}`: it holds 2 MiB, more than the 1 MiB a variant file may hold\n",
            big.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_without_moves_off_a_terminal_shows_the_start() {
    let (code, out, _) = run(&["play", "koumma"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Koumma\nstart: after 0 plies, player 1 to move (pits 1-3)."), "{out}");
    assert!(
        out.ends_with("after 0 plies, player 1 to move (pits 1-3). Score so far: player 1 0, player 2 0.\n"),
        "{out}"
    );
}

#[test]
fn interactive_play_takes_moves_from_input_and_explains_bad_ones() {
    let out = sow()
        .args(["play", "bakuk", "--interactive", "--seed", "5"])
        .write_stdin("3\n9\n4\nq\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Bakuk: you are player 1; the other seats are played by random (seed 5).\n"),
        "{text}"
    );
    assert!(
        text.contains("ply 1: player 1 plays pit 3 (6 seeds): sows 4 5 6 1 2 3; last seed in pit 3 (now 1)"),
        "{text}"
    );
    assert!(text.contains("ply 2: player 2 plays pit"), "{text}");
    assert!(text.contains("`9` is not a pit: pits are numbered 1 to 6\n"), "{text}");
    assert!(text.contains("pit 4 belongs to player 2, and it is player 1's turn\n"), "{text}");
    assert!(text.contains("game abandoned; after 2 plies, player 1 to move"), "{text}");
}

#[test]
fn interactive_play_runs_to_the_end_of_a_game() {
    // Player 2 seat against the random player 1; answer every prompt with each pit in turn
    // until one is legal (illegal answers are explained and asked again).
    let answers = "4\n5\n6\n".repeat(400);
    let out = sow()
        .args(["play", "koumma", "--interactive", "--seat", "2", "--seed", "1"])
        .write_stdin(answers)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\ngame over after "), "{text}");
}

#[test]
fn help_lists_the_commands_and_exit_codes() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    for word in
        ["list", "check", "describe", "show", "play", "Exit status: 0 success; 1 a request that failed"]
    {
        assert!(out.contains(word), "{word}: {out}");
    }
    let (code, _, err) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("unrecognized subcommand 'frobnicate'"), "{err}");
}

#[test]
fn interactive_play_against_the_opponent_named() {
    // Greedy answers 3 (6 seeds into 4 5 6 1 2 3) with the move that captures most.
    let out = sow()
        .args(["play", "bakuk", "--interactive", "--opponent", "greedy", "--seed", "5"])
        .write_stdin("3\nq\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Bakuk: you are player 1; the other seats are played by greedy (seed 5).\n"),
        "{text}"
    );
    assert!(text.contains("ply 2: player 2 plays pit"), "{text}");

    // A perfect opponent on a small board, with hints: every answer is a best move, so the
    // person, playing pit after pit, never ends ahead of the value of the start.
    let dir = std::env::temp_dir().join(format!("sow-cli-perfect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let small = dir.join("small.sow");
    std::fs::write(&small, "variant \"Small\" extends \"Bakuk\" { source \"test\" seeds 2 in each pit }")
        .unwrap();
    let out = sow()
        .args([
            "play",
            small.to_str().unwrap(),
            "--interactive",
            "--opponent",
            "perfect",
            "--hint",
            "--seed",
            "2",
        ])
        .write_stdin("1\n2\n3\n".repeat(100))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the other seats are played by perfect"), "{text}");
    assert!(text.contains("hint: perfect play values for player 1: pit "), "{text}");
    assert!(text.contains("\ngame over after "), "{text}");
    let score = text.rsplit("Score: player 1 ").next().unwrap();
    let (mine, theirs) = score.split_once(", player 2 ").unwrap();
    let theirs: i64 = theirs.split('.').next().unwrap().parse().unwrap();
    let margin = mine.parse::<i64>().unwrap() - theirs;
    let (code, solved, _) = run(&["solve", small.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0);
    let value = serde_json::from_str::<serde_json::Value>(&solved).unwrap()["value"].as_i64().unwrap();
    assert!(margin <= value, "the person got {margin}, more than the value {value}");
    let (code, _, err) = run(&["play", "bakuk", "--interactive", "--opponent", "minimax"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: --opponent: unknown player `minimax`"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_move_waiting_for_a_choice_says_so_and_its_choice_is_written_after_it() {
    // Tshuba: player 2's pit 13 captures, and the move waits for a pit of player 1's to take.
    let (code, out, err) = run(&["play", "tshuba", "--moves", "1 13", "--format", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains(r#""to_move":2,"legal_moves":["2","4","5","7"],"pending":"take""#), "{out}");
    // The choice joined to its move, or as a move of its own: the same game.
    let joined = run(&["play", "tshuba", "--moves", "1 13/5", "--format", "json"]);
    let apart = run(&["play", "tshuba", "--moves", "1,13,5", "--format", "json"]);
    assert_eq!(joined, apart);
    assert!(!joined.1.contains("pending"), "{}", joined.1);
    // Not a choice: a sentence naming the options.
    let (code, _, err) = run(&["play", "tshuba", "--moves", "1 13/3"]);
    assert_eq!(code, 1);
    assert!(err.contains("`3` is not a choice here: the move waits for the mover to take one of the opponent's pits: `2`, `4`, `5`, `7`"), "{err}");
}

#[test]
fn a_file_of_many_rulesets_and_a_runaway_line_are_reported_in_a_few_lines() {
    let dir = std::env::temp_dir().join(format!("sow-cli-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let many = dir.join("many.sow");
    let rulesets: String =
        (1..=2000).map(|k| format!("  ruleset \"r{k}\" {{ seeds {} in each pit }}\n", 1 + k % 5)).collect();
    std::fs::write(
        &many,
        format!("variant \"Many\" extends \"bakuk\" {{\n  source \"mine\"\n{rulesets}}}\n"),
    )
    .unwrap();
    let (code, out, err) = run(&["check", many.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!("ok: {}: Many (rulesets: r1, r2, r3, r4, r5, r6 and 1994 more)\n", many.display())
    );
    let long = dir.join("long.sow");
    let line = format!("  note \"a\" {}", "z".repeat(500_000));
    std::fs::write(&long, format!("variant \"Long\" extends \"bakuk\" {{\n  source \"mine\"\n{line}\n}}\n"))
        .unwrap();
    let (code, _, err) = run(&["check", long.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.len() < 1000, "{} bytes:\n{}", err.len(), &err[..2000.min(err.len())]);
    assert!(
        err.starts_with(&format!(
            "error: unexpected word `{}…` after a complete `note` line\n --> {}:3:12\n",
            "z".repeat(40),
            long.display()
        )),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An interactive game of `args` given `input`: what it printed (it must succeed).
fn interactive(args: &[&str], input: &str) -> String {
    let out = sow().args(["play"]).args(args).arg("--interactive").write_stdin(input).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_at_the_prompt_lists_the_commands_and_how_a_move_is_written_here() {
    let text = interactive(&["koumma", "--seed", "1"], "help\nq\n");
    assert!(text.contains("Type a pit number to play it, help for the commands, or q to quit.\n"), "{text}");
    let help = "player 1, your move (pits 1-3): Type a move, or one of these commands:\n  \
                help    this list\n  \
                hint    the value of each of your moves with perfect play (a search's choice where the\n          \
                variant cannot be solved here)\n  \
                undo    take back your last move and the other players' replies to it\n  \
                q       leave the game\n\
                A move is the number of the pit you sow from, as the board shows them: `1`.\n\
                Player 1 may play now: pits 1-3.\n\
                player 1, your move (pits 1-3): game abandoned";
    assert!(text.contains(help), "{text}");
    // Where moves have more to them: ways, seeds from the hand, a move that stops to ask.
    let text = interactive(&["iyogh", "--seed", "1"], "HELP\nq\n");
    assert!(
        text.contains(
            "A pit that sows either way is written with the way after its number: `1cw` clockwise, `1ccw` counter-clockwise.\n\
             Seeds sown from your hand are written `h` and their number: `h3` sows 3 of them.\n"
        ),
        "{text}"
    );
    let text = interactive(&["tshuba", "--seed", "1"], "?\nq\n");
    assert!(
        text.contains("A move may stop to ask you a choice (a pit to take, a way to go on, ...): the prompt says which, and you answer with one of the moves it lists (`pass` where you may decline).\n"),
        "{text}"
    );
    assert!(!text.contains("`h3`"), "{text}");
}

#[test]
fn words_that_are_not_moves_are_answered_with_the_commands() {
    let text = interactive(&["bakuk", "--seed", "5"], "help me\nh0\nhx\n3x\nq\n");
    let commands =
        "is not a move: type one of pits 1-3, or a command: help, hint, undo, q (help says more)\n";
    for word in ["help me", "h0", "hx"] {
        assert!(text.contains(&format!("`{word}` {commands}")), "{word}: {text}");
    }
    // A number written wrong is a pit number written wrong.
    assert!(text.contains("`3x` is not a pit number: write pits as plain numbers, 1 to 6\n"), "{text}");
    assert!(!text.contains("from the hand"), "{text}");
    // Where moves from the hand are played, `h` and a number is one written wrong.
    let text = interactive(&["iyogh", "--seed", "1"], "h99\nfrob\nq\n");
    assert!(
        text.contains(
            "`h99` is not a move from the hand: write `h` and the seeds to sow, 1 to 64, e.g. `h3`\n"
        ),
        "{text}"
    );
    assert!(text.contains("`frob` is not a move: type one of pits 6 and 7, or a command:"), "{text}");
}

#[test]
fn undo_takes_back_the_persons_move_and_the_replies() {
    let text = interactive(&["koumma", "--seed", "1"], "undo\n2\nundo\n2\nq\n");
    assert!(
        text.contains("player 1, your move (pits 1-3): nothing to undo: you have not moved yet\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "player 1, your move (pits 1-3): took back your move and the move after it: after 0 plies, player 1 to move (pits 1-3). Score so far: player 1 0, player 2 0.\n"
        ),
        "{text}"
    );
    // The game goes on from the start: pit 2 played again is ply 1 again.
    assert_eq!(text.matches("ply 1: player 1 plays pit 2 (6 seeds)").count(), 2, "{text}");
    assert!(
        text.ends_with(
            "game abandoned; after 2 plies, player 1 to move (pits 1-3). Score so far: player 1 0, player 2 2.\n"
        ),
        "{text}"
    );
}

#[test]
fn hint_gives_perfect_values_or_a_searchs_choice() {
    // Koumma is solved at the prompt: the values as --hint writes them.
    let text = interactive(&["koumma", "--seed", "1"], "hint\nq\n");
    assert!(
        text.contains(
            "player 1, your move (pits 1-3): hint: perfect play values for player 1: pit 1 +4 (best), pit 3 0, pit 2 -6\n"
        ),
        "{text}"
    );
    // Kalah is too large: a search's choice, saying so.
    let text = interactive(&["kalah", "--seed", "1"], "hint\nq\n");
    assert!(
        text.contains(
            "hint: a search 8 plies deep (alphabeta:8) would play pit 3 (Kalah is too large to solve here: about 2.8e12 positions)\n"
        ),
        "{text}"
    );
    // Three players: no table at all.
    let text = interactive(&["bakuk:three-player", "--seed", "1"], "hint\nq\n");
    assert!(
        text.contains("(Bakuk:three-player cannot be solved: only two-player variants can be solved; this one has 3 players)\n"),
        "{text}"
    );
}

//! `sow simulate`, `sow merge` and `sow bench` as processes: reproducibility across threads
//! and shards, output formats, records that replay, and every bad input refused before any
//! file is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `sow` with `args`, its tables as wide as they are (a column per variant where not asked
/// otherwise): 200 columns.
fn sow(args: &[&str]) -> Output {
    sow_in(200, args)
}

/// `sow` with `args`, its tables fitted to `columns` characters.
fn sow_in(columns: usize, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .env("COLUMNS", columns.to_string())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A fresh, empty directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sow-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_same_command_gives_the_same_bytes_for_any_number_of_threads() {
    let args = ["simulate", "bakuk", "koumma", "--games", "20000", "--seed", "7", "--format", "json"];
    let one = stdout(&sow(&[&args[..], &["--jobs", "1"]].concat()));
    let two = stdout(&sow(&[&args[..], &["--jobs", "2"]].concat()));
    let three = stdout(&sow(&[&args[..], &["--jobs", "3"]].concat()));
    assert_eq!(one, two);
    assert_eq!(one, three);
    let table_one = stdout(&sow(&["simulate", "bakuk", "--games", "5000", "--jobs", "1", "--all"]));
    let table_two = stdout(&sow(&["simulate", "bakuk", "--games", "5000", "--jobs", "2", "--all"]));
    assert_eq!(table_one, table_two);
}

#[test]
fn merged_shards_print_exactly_what_the_whole_run_prints() {
    let dir = scratch("shards");
    let common =
        ["simulate", "bakuk", "koumma:", "--games", "10007", "--seed", "3", "--players", "greedy,random"];
    let common: Vec<&str> = common.iter().map(|a| if *a == "koumma:" { "koumma" } else { a }).collect();
    let mut files = Vec::new();
    for k in 1..=4 {
        let out = dir.join(format!("shard{k}.json"));
        let shard = format!("{k}/4");
        let o = sow(&[&common[..], &["--shard", &shard, "--out", out.to_str().unwrap()]].concat());
        assert_eq!(stdout(&o), "", "with --out, nothing on stdout");
        files.push(out);
    }
    let names: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    for format in ["json", "table", "csv", "yaml"] {
        let whole = stdout(&sow(&[&common[..], &["--format", format]].concat()));
        let merged = stdout(&sow(&[&["merge"][..], &names, &["--format", format]].concat()));
        assert_eq!(whole, merged, "{format}");
    }
    // Shards given in any order merge the same way.
    let reversed: Vec<&str> = names.iter().rev().copied().collect();
    let a = stdout(&sow(&[&["merge"][..], &names, &["--format", "json"]].concat()));
    let b = stdout(&sow(&[&["merge"][..], &reversed, &["--format", "json"]].concat()));
    assert_eq!(a, b);
}

#[test]
fn merge_refuses_results_of_different_runs() {
    let dir = scratch("mismatch");
    let run = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let args = [
            &["simulate", "bakuk", "--games", "100", "--shard", "1/2", "--out", out.to_str().unwrap()][..],
            extra,
        ]
        .concat();
        stdout(&sow(&args));
        out.to_str().unwrap().to_string()
    };
    let a = run("a.json", &[]);
    let seed = run("seed.json", &["--seed", "1"]);
    let players = run("players.json", &["--players", "greedy"]);
    let whole = dir.join("whole.json");
    stdout(&sow(&["simulate", "koumma", "--games", "100", "--out", whole.to_str().unwrap()]));
    let expect = |files: &[&str], message: &str| {
        let o = sow(&[&["merge"][..], files].concat());
        assert_eq!(o.status.code(), Some(2));
        assert!(o.stdout.is_empty());
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(message), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    expect(&[&a, &seed], "were run with different seeds (0 and 1)");
    expect(&[&a, &players], "were run with different players (random,random and greedy,greedy)");
    expect(&[&a], "the shards of Bakuk are incomplete: missing 2/2");
    expect(&[&a, &a], "shard 1/2 of Bakuk is given twice");
    expect(&[&a, whole.to_str().unwrap()], "holds no results for Bakuk");
    expect(&["Cargo.toml"], "not a results file of `sow simulate`");
}

#[test]
fn the_json_gives_each_seat_its_rate_and_interval() {
    let out =
        stdout(&sow(&["simulate", "bakuk", "bakuk:three-player", "--games", "3000", "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for (label, seats) in [("Bakuk", 2), ("Bakuk:three-player", 3)] {
        let r = &v[label];
        assert_eq!(r["seats"].as_array().unwrap().len(), seats, "{label}");
        let mut games = 0;
        for (i, seat) in r["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(seat["seat"], i + 1);
            let rate = seat["win_rate"].as_f64().unwrap();
            let ci = seat["win_rate_ci"].as_array().unwrap();
            assert!(ci[0].as_f64().unwrap() < rate && rate < ci[1].as_f64().unwrap());
            games = seat["wins"].as_u64().unwrap()
                + seat["draws"].as_u64().unwrap()
                + seat["losses"].as_u64().unwrap();
        }
        assert_eq!(games, 3000);
        assert_eq!(r["games_played"], 3000);
        assert_eq!(r["run"]["players"].as_array().unwrap().len(), seats);
    }
}

#[test]
fn random_play_rates_lie_within_the_reported_intervals_of_the_independent_figures() {
    // 100,000 games each: the independent first-player rates (47.7%, 40.7%) must fall inside
    // the intervals sow reports.
    let out = stdout(&sow(&["simulate", "bakuk", "koumma", "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for (label, theirs) in [("Bakuk", 0.477), ("Koumma", 0.407)] {
        let ci = &v[label]["seats"][0]["win_rate_ci"];
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(lo - 0.0005 <= theirs && theirs <= hi + 0.0005, "{label}: [{lo}, {hi}] against {theirs}");
    }
}

#[test]
fn records_replay_with_sow_play() {
    let dir = scratch("record");
    let record = dir.join("games.jsonl");
    let results = stdout(&sow(&[
        "simulate",
        "koumma",
        "bakuk:valdez",
        "--games",
        "50",
        "--players",
        "greedy,random",
        "--record",
        record.to_str().unwrap(),
        "--format",
        "json",
    ]));
    let results: serde_json::Value = serde_json::from_str(&results).unwrap();
    let text = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 100);
    let mut wins = [0u64; 2];
    for (i, game) in lines.iter().enumerate() {
        assert_eq!(game["game"], (i % 50) as u64, "records come in game order");
        assert_eq!(game["players"], serde_json::json!(["greedy", "random"]));
        let moves: Vec<&str> =
            game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let mut args = vec!["play".to_string(), game["variant"].as_str().unwrap().to_string()];
        if let Some(r) = game["ruleset"].as_str() {
            args.extend(["--ruleset".into(), r.into()]);
        }
        args.extend(["--moves".into(), moves.join(","), "--format".into(), "json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let end: serde_json::Value = serde_json::from_str(&stdout(&sow(&args))).unwrap();
        assert_eq!(end["finished"], true, "game {i}");
        assert_eq!(end["score"], game["scores"], "game {i}");
        assert_eq!(end["winner"], game["winner"], "game {i}");
        assert_eq!(end["plies"], game["plies"], "game {i}");
        if i < 50
            && let Some(w) = game["winner"].as_u64()
        {
            wins[w as usize - 1] += 1;
        }
    }
    assert_eq!(results["Koumma"]["seats"][0]["wins"], wins[0]);
    assert_eq!(results["Koumma"]["seats"][1]["wins"], wins[1]);
}

#[test]
fn bad_input_is_one_line_exit_2_and_writes_nothing() {
    let dir = scratch("bad");
    let out = dir.join("out.json");
    let record = dir.join("games.jsonl");
    let plot = dir.join("plot.svg");
    let files = [
        "--out",
        out.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ];
    let blocked = dir.join("no-such-dir/out.json");
    for (args, message) in [
        (&["bakook"][..], "error: unknown variant `bakook`"),
        (&["bakuk:valdes"], "error: \"Bakuk\" has no ruleset \"valdes\""),
        (&["bakuk", "--players", "minimax"], "error: --players: unknown player `minimax`"),
        (
            &["bakuk", "--players", "random,random,random"],
            "error: --players: Bakuk has 2 seats, but 3 players are named: name one for every seat, or one for all",
        ),
        (
            &["bakuk:three-player", "--players", "random,greedy"],
            "error: --players: Bakuk:three-player has 3 seats",
        ),
        (&["bakuk", "--games", "0"], "error: --games 0: a run needs at least one game"),
        (&["bakuk", "--shard", "0/4"], "error: --shard `0/4`: expected K/N with 1 <= K <= N"),
        (&["bakuk", "--shard", "2"], "error: --shard `2`: expected K/N"),
        (&["bakuk", "bakuk"], "error: `Bakuk` is named twice"),
        (
            &["bakuk", "--players", "script:nothere.txt"],
            "error: --players: cannot read `nothere.txt`: no such file (the script of a scripted player)",
        ),
        (
            &["bakuk", "--players", "script:"],
            "error: --players: `script:` names no moves and no file: write `script:3,1,5` or `script:FILE`",
        ),
        (&["bakuk", "--players", "script:3,9"], "error: --players: `script:3,9`: move 2 (`9`) is not a pit"),
        (&["bakuk", "--players", "random,,greedy"], "error: --players `random,,greedy`: a player is missing"),
        (&["bakuk", "--jobs", "0"], "error: --jobs 0: a run needs at least one thread"),
        (&["bakuk", "--jobs", "100000"], "error: --jobs 100000: a run uses at most 1024 threads"),
        (
            &["bakuk", "--jobs", "18446744073709551615"],
            "error: --jobs 18446744073709551615: a run uses at most 1024",
        ),
        (&["bakuk", "--max-plies", "0"], "error: --max-plies 0: expected 1 to 1000000 plies"),
        (
            &["bakuk", "--max-plies", "4294967295"],
            "error: --max-plies 4294967295: expected 1 to 1000000 plies",
        ),
        (
            &["bakuk", "--games", "x"],
            "error: invalid value 'x' for '--games <GAMES>': `x` is not a number of games",
        ),
    ] {
        let o = sow(&[&["simulate"][..], args, &files].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(files_in(&dir), Vec::<String>::new(), "{args:?}: nothing written");
    }
    let o = sow(&["simulate", "bakuk", "--games", "10", "--out", blocked.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    let parent = blocked.parent().unwrap();
    assert_eq!(
        err,
        format!("error: --out `{}`: there is no folder `{}`\n", blocked.display(), parent.display())
    );
    let o = sow(&["simulate", "bakuk", "--games", "10", "--plot", dir.join("plot.png").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(files_in(&dir), Vec::<String>::new());
}

#[test]
fn an_illegal_script_names_the_game_and_ply_unless_it_falls_back() {
    let dir = scratch("script");
    let script = dir.join("opening.txt");
    std::fs::write(&script, "# an opening\n3\n1 # then pit 1\n").unwrap();
    let player = format!("script:{},random", script.display());
    let o = sow(&["simulate", "bakuk", "--games", "5", "--players", &player]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.starts_with("error: game 0, ply 5: player 1 (script:"), "{err}");
    assert!(err.ends_with("): the script has no move left (it holds 2)\n"), "{err}");
    let o = sow(&["simulate", "bakuk", "--games", "5", "--players", "script:3,1,random"]);
    assert_eq!(o.status.code(), Some(1));
    let o =
        sow(&["simulate", "bakuk", "--games", "5", "--players", "script:3,1,random", "--fallback", "random"]);
    assert!(o.status.success());
}

#[test]
fn outputs_go_to_files_atomically_in_the_format_their_name_says() {
    let dir = scratch("out");
    let json = dir.join("r.json");
    let csv = dir.join("r.csv");
    let plot = dir.join("r.svg");
    stdout(&sow(&[
        "simulate",
        "bakuk",
        "koumma",
        "--games",
        "500",
        "--out",
        json.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]));
    stdout(&sow(&["simulate", "bakuk", "--games", "500", "--out", csv.to_str().unwrap()]));
    assert_eq!(files_in(&dir), vec!["r.csv", "r.json", "r.svg"], "no temporary files left");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["Koumma"]["games_played"], 500);
    assert!(
        std::fs::read_to_string(&csv)
            .unwrap()
            .starts_with("variant,statistic,value\nBakuk,run.variant,Bakuk\n")
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("Koumma") && svg.contains("Bakuk"));
}

#[test]
fn the_table_compares_variants_side_by_side() {
    let t = stdout(&sow(&["simulate", "bakuk", "koumma", "--games", "2000"]));
    let header = t.lines().nth(1).unwrap();
    assert!(header.contains("Bakuk") && header.contains("Koumma"), "{t}");
    for row in [
        "seat 1 wins",
        "seat 2 wins",
        "draws",
        "seat 1 - seat 2 wins (points)",
        "p, seats win equally",
        "length, mean ± sd",
    ] {
        assert!(t.contains(row), "{row}: {t}");
    }
    assert!(!t.contains("captured pits held"), "a row of --all only");
    let all = stdout(&sow(&["simulate", "bakuk", "koumma", "--games", "2000", "--all"]));
    assert!(all.contains("captured pits held"), "{all}");
    assert!(all.lines().count() > t.lines().count());
}

/// Runs `sow` with `args` and, once `ready` holds, sends it SIGINT; returns its output. The
/// run is ready when it has written its first records: by then it handles the signal.
fn interrupted(args: &[&str], record: &Path) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The records go to a temporary file beside the target until the run ends.
    let dir = record.parent().unwrap().to_path_buf();
    let started = std::time::Instant::now();
    loop {
        let written = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).any(|e| {
            e.file_name().to_string_lossy().ends_with(".tmp") && e.metadata().is_ok_and(|m| m.len() > 0)
        });
        if written {
            break;
        }
        assert!(started.elapsed().as_secs() < 60, "the run wrote no records");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_prints_the_finished_games_marked_partial() {
    let dir = scratch("ctrl-c");
    let record = dir.join("games.jsonl");
    let r = record.to_str().unwrap();
    // 10^14 games: were the run to stop only between chunks handed out up front, it would
    // take hours to wind down.
    let out = interrupted(
        &["simulate", "bakuk", "--games", "1e14", "--jobs", "2", "--format", "json", "--record", r],
        &record,
    );
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    // As many games as can be counted, of two variants: the totals do not overflow.
    let all = u64::MAX.to_string();
    let _ = std::fs::remove_file(&record);
    let out = interrupted(
        &["simulate", "bakuk", "koumma", "--games", &all, "--jobs", "2", "--format", "json", "--record", r],
        &record,
    );
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["Bakuk"]["run"]["partial"], true);
    let played = v["Bakuk"]["games_played"].as_u64().unwrap();
    assert!(played > 0, "{played}");
    // The variant the run did not reach is reported too, with no games.
    assert_eq!(
        (v["Koumma"]["run"]["partial"].as_bool(), v["Koumma"]["games_played"].as_u64()),
        (Some(true), Some(0))
    );
    // The record holds exactly the games counted, each played to its end.
    let lines = std::fs::read_to_string(&record).unwrap();
    assert_eq!(lines.lines().count() as u64, played);
    assert_eq!(files_in(&dir), vec!["games.jsonl"], "no temporary file left");
}

#[test]
fn ctrl_c_stops_a_game_that_would_never_end() {
    // Nothing is ever captured and a player without a move passes: random play goes round
    // for a million plies a game. The run still stops, mid-game, and the unfinished game is
    // not counted.
    let dir = scratch("endless");
    let variant = dir.join("endless.sow");
    std::fs::write(
        &variant,
        "variant \"Endless\" extends \"Bakuk\" { source \"test\" capture { none } \
         end { player to move cannot move: they pass  ply limit 1000000 } }",
    )
    .unwrap();
    let record = dir.join("games.jsonl");
    // Bakuk first: its records, written before the endless games start, say the run is
    // ready for the signal.
    let args = [
        "simulate",
        "bakuk",
        variant.to_str().unwrap(),
        "--games",
        "1000",
        "--jobs",
        "1",
        "--format",
        "json",
        "--record",
        record.to_str().unwrap(),
    ];
    let out = interrupted(&args, &record);
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["Bakuk"]["games_played"], 1000);
    assert_eq!(v["Endless"]["run"]["partial"], true);
    let endless = v["Endless"]["games_played"].as_u64().unwrap();
    assert!(endless < 1000, "{endless}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_outputs_of_one_run_may_not_be_one_file() {
    let dir = scratch("same");
    let json = dir.join("r.json");
    let j = json.to_str().unwrap();
    let svg = dir.join("p.svg");
    let s = svg.to_str().unwrap();
    let spelt_otherwise = format!("{}/./r.json", dir.display());
    for (args, message) in [
        (vec!["--out", j, "--record", j], format!("--out and --record both name `{j}`")),
        (vec!["--out", s, "--plot", s], format!("--out and --plot both name `{s}`")),
        (
            vec!["--out", j, "--record", &spelt_otherwise],
            format!("--out and --record both name `{j}` and `{spelt_otherwise}`"),
        ),
    ] {
        let o = sow(&[&["simulate", "bakuk", "--games", "10"][..], &args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err, format!("error: {message}: give each output a file of its own\n"));
        assert_eq!(files_in(&dir), Vec::<String>::new(), "nothing written");
    }
}

#[test]
fn max_plies_ends_every_game_at_the_limit() {
    let out =
        stdout(&sow(&["simulate", "bakuk", "--games", "2000", "--max-plies", "10", "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let r = &v["Bakuk"];
    assert_eq!(r["run"]["max_plies"], 10);
    assert_eq!(r["length"]["max"], 10);
    // Random Bakuk lasts 37 plies on average: nearly every game meets the limit.
    let limited = r["ends"]["ply_limit"].as_u64().unwrap();
    assert!(limited > 1900 && limited + r["ends"]["no_legal_move"].as_u64().unwrap() == 2000, "{limited}");
}

#[test]
fn bench_reports_playouts_per_second() {
    let out = stdout(&sow(&["bench", "koumma", "--seconds", "0.2"]));
    assert!(out.starts_with("Koumma: "), "{out}");
    assert!(out.contains(" playouts/s, ") && out.contains(" moves/s, "), "{out}");
}

/// `sow merge ARGS...`, which must fail with exit status 2: its stderr.
fn merge_error(args: &[&str]) -> String {
    let o = sow(&[&["merge"][..], args].concat());
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    String::from_utf8(o.stderr).unwrap()
}

#[test]
fn merge_reads_its_files_as_every_input_is_read_and_bounds_what_they_say() {
    let dir = scratch("merge-bounds");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let a = path("a.json");
    stdout(&sow(&["simulate", "bakuk", "--games", "10", "--shard", "1/2", "--out", &a]));
    // The first file too: a device or a FIFO is refused without being opened.
    assert_eq!(
        merge_error(&["/dev/zero", &a]),
        "error: merge: cannot read `/dev/zero`: it is a device, not a regular file\n"
    );
    let fifo = path("f.json");
    if Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        assert_eq!(
            merge_error(&[&fifo, &a]),
            format!("error: merge: cannot read `{fifo}`: it is a FIFO (named pipe), not a regular file\n")
        );
    }
    // A shard count is bounded where it is read, and never sized memory.
    let text = std::fs::read_to_string(&a).unwrap();
    assert!(text.contains("\"shard\": \"1/2\""));
    let with_count = |count: &str| {
        let p = path(&format!("count-{count}.json"));
        std::fs::write(&p, text.replace("\"shard\": \"1/2\"", &format!("\"shard\": \"1/{count}\""))).unwrap();
        p
    };
    let huge = with_count("18446744073709551615");
    assert_eq!(
        merge_error(&[&huge]),
        format!(
            "error: `{huge}`: shard `1/18446744073709551615`: a run is split into at most 100000 shards\n"
        )
    );
    let most = path("most.json");
    stdout(&sow(&["simulate", "bakuk", "--games", "10", "--shard", "1/100000", "--out", &most]));
    let missing: Vec<String> = (2..=11).map(|k| format!("{k}/100000")).collect();
    assert_eq!(
        merge_error(&[&most]),
        format!("error: the shards of Bakuk are incomplete: missing {} and 99989 more\n", missing.join(", "))
    );
    let o = sow(&["simulate", "bakuk", "--shard", "1/100001"]);
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "error: --shard `1/100001`: a run is split into at most 100000 shards\n"
    );
    // A file of no results is not an empty run.
    let empty = path("empty.json");
    std::fs::write(&empty, "{}").unwrap();
    assert_eq!(
        merge_error(&[&empty]),
        format!(
            "error: `{empty}` holds no results: merge the files that `--shard K/N --out FILE.json` wrote\n"
        )
    );
    // One file named twice is said to be so, not shown as two.
    assert_eq!(
        merge_error(&[&a, &a]),
        format!("error: shard 1/2 of Bakuk is given twice: `{a}` is named twice\n")
    );
}

#[test]
fn shards_merge_by_what_their_games_were_not_by_how_the_variant_was_named() {
    let dir = scratch("merge-fingerprint");
    let variant = |seeds: u32| {
        let text = format!(
            "variant \"Mine\" extends \"Bakuk\" {{\n  source \"a test\" at \"https://example.org\"\n  seeds {seeds} in each pit\n}}\n"
        );
        std::fs::write(dir.join("v.sow"), text).unwrap();
    };
    let in_dir = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_sow")).args(args).current_dir(&dir).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    variant(3);
    let whole = in_dir(&["simulate", "v.sow", "--games", "40", "--format", "json"]);
    in_dir(&["simulate", "v.sow", "--games", "40", "--shard", "1/2", "--out", "s1.json"]);
    in_dir(&["simulate", "./v.sow", "--games", "40", "--shard", "2/2", "--out", "s2.json"]);
    assert_eq!(in_dir(&["merge", "s1.json", "s2.json", "--format", "json"]), whole);
    // The same name, other rules: the starting seeds are not the rules' own fingerprint's,
    // but they change every game.
    variant(4);
    in_dir(&["simulate", "v.sow", "--games", "40", "--shard", "2/2", "--out", "other.json"]);
    let fingerprint = |name: &str| {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        v["Mine"]["run"]["fingerprint"].as_str().unwrap().to_string()
    };
    let (x, y) = (fingerprint("s1.json"), fingerprint("other.json"));
    assert_ne!(x, y);
    let o = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["merge", "s1.json", "other.json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        format!(
            "error: cannot merge Mine: `s1.json` and `other.json` were run on different rules (fingerprints {x} and {y}): the variant's rules or starting position differ\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_table_shows_every_ending_the_records_show() {
    // Um el Tuweisat's players pass (its games end when nobody can move), Kalah's end when a
    // player's pits are empty, Oware's by a majority or a repetition too: each ending a
    // record gives must have its row in the table without `--all`, with its share.
    let dir = scratch("endings");
    let record = dir.join("games.jsonl");
    let games = 200;
    let table = stdout(&sow(&[
        "simulate",
        "um-el-tuweisat",
        "kalah",
        "oware",
        "--games",
        &games.to_string(),
        "--record",
        record.to_str().unwrap(),
    ]));
    let rows: Vec<Vec<String>> = table
        .lines()
        .filter(|l| l.contains("ended: "))
        .map(|l| l.trim_matches(['│', ' ']).split('┆').map(|c| c.trim().to_string()).collect())
        .collect();
    let row_of = |end: &str| match end {
        "no-legal-move" => "ended: no legal move",
        "nobody-can-move" => "ended: nobody could move",
        "ply-limit" => "ended: ply limit",
        "side-empty" => "ended: a player's pits empty",
        "majority" => "ended: more than half captured",
        "repetition" => "ended: a position repeated",
        other => panic!("an end no row names: {other}"),
    };
    let mut counts = std::collections::BTreeMap::new();
    for line in std::fs::read_to_string(&record).unwrap().lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let column = ["um-el-tuweisat", "kalah", "oware"].iter().position(|v| game["variant"] == *v).unwrap();
        *counts.entry((column, row_of(game["end"].as_str().unwrap()))).or_insert(0u32) += 1;
    }
    assert!(counts.len() >= 3, "the games end in too few ways to test: {counts:?}");
    for ((column, name), count) in &counts {
        let row = rows.iter().find(|r| r[0] == *name).unwrap_or_else(|| panic!("no row `{name}`:\n{table}"));
        let share = format!("{:.2}%", 100.0 * f64::from(*count) / f64::from(games));
        assert_eq!(row[column + 1], share, "`{name}` of column {}:\n{table}", column + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The widest line of `text`, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn a_sweep_is_a_column_a_value_where_it_fits_and_a_row_a_value_where_not() {
    let sweep = ["simulate", "bakuk", "-g", "100", "--vary", "seeds {1..3} in each pit"];
    // 200 characters: a column per value, whole.
    let wide = stdout(&sow_in(200, &sweep));
    assert!(wide.starts_with(
        "varied: seeds {1..3} in each pit\n\
         ┌───────────────────────────────┬─────────────────────────┬────────────────────────┬─────────────────────────┐\n\
         │                               ┆                   Bakuk ┆                  Bakuk ┆                   Bakuk │\n\
         │                               ┆                       1 ┆                      2 ┆                       3 │\n"
    ), "{wide}");
    assert!(!wide.contains("\n\n"), "{wide}");
    // 80: a row per value, the figures in blocks of columns that fit, the values repeated.
    let long = stdout(&sow_in(80, &sweep));
    assert!(
        long.starts_with(
            "varied: seeds {1..3} in each pit\n\
         ┌────────┬───────┬────────────────┬───────────────────────┐\n\
         │ {1..3} ┆ games ┆        players ┆           seat 1 wins │\n\
         ╞════════╪═══════╪════════════════╪═══════════════════════╡\n\
         │ 1      ┆   100 ┆ random, random ┆ 40.00% [30.94, 49.80] │\n\
         │ 2      ┆   100 ┆ random, random ┆ 46.00% [36.56, 55.74] │\n\
         │ 3      ┆   100 ┆ random, random ┆ 64.00% [54.24, 72.73] │\n\
         └────────┴───────┴────────────────┴───────────────────────┘\n\
         \n\
         ┌────────┬───────────────────────┬───────────────────────┐\n\
         │ {1..3} ┆           seat 2 wins ┆                 draws │\n"
        ),
        "{long}"
    );
    assert!(widest(&long) <= 80, "{long}");
    // Every figure of the wide table is in the long one.
    for row in wide.lines().filter(|l| l.starts_with("│ ") && !l.starts_with("│  ")) {
        let cells: Vec<&str> = row.trim_matches(['│', ' ']).split('┆').map(str::trim).collect();
        for cell in &cells[1..] {
            assert!(long.contains(cell), "`{cell}` of `{}`:\n{long}", cells[0]);
        }
    }
    // Asked for, either form is printed whole, at any width.
    let mut asked = sweep.to_vec();
    asked.extend(["--layout", "long"]);
    let long_whole = stdout(&sow_in(80, &asked));
    assert_eq!(long_whole.lines().filter(|l| l.starts_with("│ 1 ")).count(), 1, "{long_whole}");
    assert!(widest(&long_whole) > 200, "{long_whole}");
    asked.pop();
    asked.push("wide");
    assert_eq!(stdout(&sow_in(60, &asked)), wide);
}

#[test]
fn the_long_form_names_each_variant_and_value_of_a_grid() {
    let out = stdout(&sow_in(
        1000,
        &[
            "simulate",
            "bakuk",
            "koumma",
            "-g",
            "50",
            "--vary",
            "first seed into the {next, emptied} pit",
            "--layout",
            "long",
            "--metrics",
            "--evaluator",
            "margin",
        ],
    ));
    let keys: Vec<String> = out
        .lines()
        .filter(|l| l.starts_with('│'))
        .map(|l| l.split('┆').take(2).map(|c| c.trim_matches(['│', ' '])).collect::<Vec<_>>().join(" / "))
        .filter(|k| k != " / ")
        .collect();
    assert_eq!(keys[1..], ["Bakuk / next", "Bakuk / emptied", "Koumma / next", "Koumma / emptied"], "{out}");
    assert!(keys[0].starts_with("variant / {next, emptied}"), "{out}");
    assert!(out.contains("balance"), "the metrics, in the long form too:\n{out}");
}

//! The search solver against the table: the same value for every position of small boards
//! (Kalah with and without the capture of an empty pit, Bakuk and Koumma, whose play can go
//! round in circles, Oware without its ending on repetition, and games of the corpus), whatever
//! the endgame table, the memory and the threads; the first moves and the perfect game it gives
//! keep the value; a stopped search says what it proved; and `sow solve` chooses between them.

use sow::cancel::Cancel;
use sow::engine::{Rules, State, compile};
use sow::play::solve::{
    EndgameStore, SearchOptions, SearchSolver, Solution, SolveError, for_each_distribution, search, solve,
};

fn variant(text: &str) -> Rules {
    let file = sow::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
    let (spec, _) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
    compile(&spec)
}

/// A bundled variant on 2 x `pits` pits of `seeds` seeds; Kalah `empty-capture` with the line
/// of that ruleset (a variant that extends another does not take its rulesets).
fn board(base: &str, ruleset: Option<&str>, pits: usize, seeds: usize) -> Rules {
    let stores = if base == "Kalah" { "one store per player" } else { "no stores" };
    let capture = match ruleset {
        Some("empty-capture") => {
            "capture { last seed in an empty pit of the mover's own: take it and the opposite pit, even if that is empty }"
        }
        None => "",
        Some(r) => panic!("{r}"),
    };
    variant(&format!(
        "variant \"Test\" extends \"{base}\" {{ source \"test\" board 2 rows of {pits} pits, {stores} seeds {seeds} in each pit {capture} }}"
    ))
}

/// Oware's sowing, feeding and captures on 2 x 3 pits of 2 seeds, without its endings by
/// repetition and by a majority (which a table cannot value).
fn oware_2x3() -> Rules {
    variant(
        r#"variant "Oware 2x3" {
  source "test"
  board 2 rows of 3 pits, no stores
  seeds 2 in each pit
  players 2 {
    player 1 owns the south row
    player 2 owns the north row
    player 1 starts
  }
  sowing {
    counter-clockwise
    first seed into the next pit
    laps skip the emptied pit
    single lap
  }
  turns {
    must feed an opponent who has no seeds
  }
  capture {
    last seed makes 2 or 3 in an opponent's pit: take them
    chain backward while 2 or 3 in the opponent's pits
    grand slam: no capture
  }
  end {
    player to move cannot move: game over
    leftover seeds: each pit's owner
    winner: most captured
  }
}"#,
    )
}

fn options(memory: u64, endgame: Option<usize>, threads: usize) -> SearchOptions {
    SearchOptions { memory, endgame, threads, store: None }
}

/// Every `step`-th position of up to `seeds` seeds, either player to move: the search's value
/// is the table's. Returns the positions compared.
fn agree(what: &str, rules: &Rules, table: &Solution, step: usize, options: &SearchOptions) -> usize {
    let seeds = table.max_seeds();
    let mut solver = SearchSolver::new(rules, seeds, options, &Cancel::new()).unwrap();
    let (mut k, mut checked) = (0, 0);
    for t in 0..=seeds {
        for_each_distribution(rules.pits(), t, |pits| {
            for player in 0..2 {
                k += 1;
                if k % step != 0 {
                    continue;
                }
                let state: State = rules.state_from(pits, player).unwrap();
                let found = solver.search(&state, Box::new(|_| {}), &Cancel::new());
                assert!(found.complete, "{what}: {pits:?}, player {} to move", player + 1);
                assert_eq!(
                    found.value(),
                    table.value(rules, &state),
                    "{what}: {pits:?}, player {} to move",
                    player + 1
                );
                checked += 1;
            }
        });
    }
    checked
}

fn table(rules: &Rules) -> Solution {
    solve(rules, rules.total_seeds() as usize, &|_, _| {}, &Cancel::new()).unwrap()
}

#[test]
fn kalah_up_to_3x3_under_both_rule_sets() {
    for ruleset in [None, Some("empty-capture")] {
        for (pits, seeds, step) in [(1, 3, 1), (2, 3, 1), (3, 2, 1), (3, 3, 7)] {
            let rules = board("Kalah", ruleset, pits, seeds);
            let solution = table(&rules);
            // With the default endgame table, and with none (every position searched).
            for endgame in [None, Some(0)] {
                agree(
                    &format!("Kalah {ruleset:?} {pits}x{seeds}"),
                    &rules,
                    &solution,
                    step,
                    &options(1 << 22, endgame, 1),
                );
            }
        }
    }
}

#[test]
fn games_that_go_round_in_circles_are_valued_as_the_table_values_endless_play() {
    for base in ["Bakuk", "Koumma"] {
        for (pits, seeds, step) in [(3, 2, 1), (3, 3, 31), (4, 2, 331)] {
            let rules = board(base, None, pits, seeds);
            let solution = table(&rules);
            for endgame in [Some(0), None] {
                agree(
                    &format!("{base} {pits}x{seeds}"),
                    &rules,
                    &solution,
                    step,
                    &options(1 << 16, endgame, 1),
                );
            }
        }
    }
}

#[test]
fn oware_without_its_ending_on_repetition_and_corpus_games() {
    let rules = oware_2x3();
    agree("Oware 2x3", &rules, &table(&rules), 1, &options(1 << 20, Some(0), 1));
    for (name, ruleset) in [("tihbat", None), ("tihbat", Some("mancalagames")), ("um-ed-dyar", Some("2x2"))] {
        let rules = sow::load_rules(name, ruleset).unwrap();
        let solution = table(&rules);
        agree(name, &rules, &solution, 3, &options(1 << 20, Some(0), 1));
    }
}

#[test]
fn values_do_not_depend_on_the_memory_the_endgame_table_or_the_threads() {
    let rules = board("Kalah", Some("empty-capture"), 3, 3);
    let solution = table(&rules);
    for (memory, endgame, threads) in
        [(1 << 8, Some(0), 1), (1 << 12, Some(6), 2), (1 << 26, Some(12), 2), (1 << 26, None, 1)]
    {
        agree("Kalah 3x3", &rules, &solution, 101, &options(memory, endgame, threads));
    }
}

/// The first moves a search reports are the table's (exact for the best, a true upper bound for
/// the others), and its perfect game ends with the value.
#[test]
fn first_moves_and_the_perfect_game_keep_the_value() {
    for (base, ruleset, pits, seeds) in [
        ("Kalah", Some("empty-capture"), 3, 3),
        ("Kalah", None, 4, 2),
        ("Bakuk", None, 3, 3),
        ("Koumma", None, 3, 2),
    ] {
        let rules = board(base, ruleset, pits, seeds);
        let solution = table(&rules);
        let start = rules.initial_state();
        let found =
            search(&rules, &start, &options(1 << 20, Some(2), 1), Box::new(|_| {}), &Cancel::new()).unwrap();
        let value = solution.value(&rules, &start).unwrap();
        assert_eq!(found.value(), Some(value), "{base}");
        let exact = solution.move_values(&rules, &start);
        assert_eq!(found.moves.len(), exact.len());
        for m in &found.moves {
            let truth = exact.iter().find(|e| e.mv == m.mv).unwrap().value;
            if m.exact {
                assert_eq!(m.value, value, "{base}: {}", m.mv);
                assert_eq!(truth, value, "{base}: {}", m.mv);
            } else {
                assert!(m.value < value && truth <= m.value, "{base}: {} {} {truth}", m.mv, m.value);
            }
        }
        assert!(found.moves.iter().any(|m| m.exact));
        if !found.endless {
            // Replayed, the perfect game wins the value's margin.
            let mut s = start;
            let all = rules.with_ply_limit(None);
            for &mv in &found.principal_variation {
                all.apply(&mut s, mv);
            }
            assert!(s.is_over(), "{base}");
            let scores = rules.scores(&s);
            let p = start.turn();
            assert_eq!(scores[p] as i32 - scores[1 - p] as i32, value, "{base}");
        }
    }
}

#[test]
fn the_first_plies_without_capture_are_valued_move_by_move() {
    // Modiar captures nothing on the first move: the table values it over its moves.
    let rules = variant(
        "variant \"Test\" extends \"Modiar\" { source \"test\" board 2 rows of 3 pits, no stores seeds 2 in each pit }",
    );
    let solution = table(&rules);
    let start = rules.initial_state();
    let found = search(&rules, &start, &options(1 << 20, None, 1), Box::new(|_| {}), &Cancel::new()).unwrap();
    assert_eq!(found.value(), solution.value(&rules, &start));
}

#[test]
fn a_stopped_search_says_what_it_proved() {
    let rules = board("Kalah", Some("empty-capture"), 4, 3);
    let start = rules.initial_state();
    let cancel = Cancel::new();
    let mut solver = SearchSolver::new(&rules, 24, &options(1 << 20, Some(0), 1), &cancel).unwrap();
    cancel.cancel();
    let found = solver.search(&start, Box::new(|_| {}), &cancel);
    assert!(!found.complete);
    assert_eq!(found.value(), None);
    assert!(found.lower <= 8 && 8 <= found.upper, "{} {}", found.lower, found.upper);
    assert!(found.moves.is_empty() && found.principal_variation.is_empty());
    // The same solver, asked again without a stop, finishes: Kalah(3, 3) is +8 (Irving et al.).
    let found = solver.search(&start, Box::new(|_| {}), &Cancel::new());
    assert_eq!(found.value(), Some(8));
    // A stop before the endgame table is built is an error.
    let cancel = Cancel::new();
    cancel.cancel();
    let big = board("Kalah", Some("empty-capture"), 6, 1);
    assert!(SearchSolver::new(&big, 12, &options(1 << 30, Some(12), 1), &cancel).is_err());
}

fn sow(args: &[&str]) -> std::process::Output {
    // The tests' own cache folder, never the user's.
    std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .env("XDG_CACHE_HOME", concat!(env!("CARGO_TARGET_TMPDIR"), "/cache"))
        .output()
        .unwrap()
}

const BOARD_4X3: [&str; 4] =
    ["--set", "board 2 rows of 4 pits, one store per player", "--set", "seeds 3 in each pit"];

#[test]
fn solve_chooses_the_table_or_the_search_and_says_which() {
    // Small: a table, as before.
    let out = sow(&["solve", "bakuk"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("positions (those a game from the start reaches)"));
    // Forced to search: the same value, the openings, a perfect game, the figures.
    let mut args = vec!["solve", "kalah:empty-capture", "--method", "search", "--format", "json"];
    args.extend(BOARD_4X3);
    let out = sow(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["value"], 8);
    assert_eq!(json["winner"], 1);
    assert_eq!(json["search"]["complete"], true);
    assert!(json["search"]["nodes"].as_u64().unwrap() > 0);
    assert!(json.get("reachable").is_none());
    let best: Vec<&str> = json["openings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["value"] == 8 && m.get("exact").is_none())
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(best, ["2"]);
    // Too large for a table: a search, said so in the first line.
    let out = sow(&["solve", "kalah:empty-capture", "--set", "seeds 2 in each pit", "--endgame", "8"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Kalah:empty-capture, seeds 2 in each pit: solved by search (the board has 2503355400 positions, either player to move)"),
        "{text}"
    );
    assert!(text.contains("With perfect play from the start, player 1 wins by"), "{text}");
    assert!(text.contains(" or less\n") || text.contains("  best\n"), "{text}");
}

#[test]
fn solve_refuses_options_that_do_not_fit_the_method() {
    let out = sow(&["solve", "bakuk", "--endgame", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --endgame sizes the endgame table of a search, and this is solved by a table: add --method search\n"
    );
    let out = sow(&["solve", "bakuk", "--method", "search", "--out", "/tmp/never-written.sol"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out, --solution and --strong are for a table"));
    assert!(!std::path::Path::new("/tmp/never-written.sol").exists());
    let out = sow(&["solve", "bakuk", "--method", "search", "--strong"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out, --solution and --strong are for a table"));
    let out = sow(&["solve", "bakuk", "--memory", "lots"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`lots`: expected a size such as 512M or 8G"));
    let out = sow(&["solve", "bakuk", "--time-limit", "-3m"]);
    assert_eq!(out.status.code(), Some(2));
    // A variant a search cannot value either is refused with its rule, whatever the size.
    let out = sow(&["solve", "oware", "--method", "search"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("game over when a position repeats"));
}

#[test]
fn a_time_limit_stops_a_search_with_a_partial_report() {
    let out = sow(&[
        "solve",
        "kalah:empty-capture",
        "--method",
        "search",
        "--endgame",
        "0",
        "--time-limit",
        "0.3s",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Kalah:empty-capture: stopped by the time limit after "), "{text}");
    assert!(text.contains(": partial.\n\nThe value of the start for player 1 is at least "), "{text}");
    // A table stopped by its time limit has no value at all.
    let out = sow(&["solve", "um-ed-dyar", "--method", "table", "--time-limit", "0.2s"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("the time limit ran out before the table of Um ed-Dyar was complete")
    );
}

/// A folder of its own under the temporary folder, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sow-search-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn kept(dir: &std::path::Path, endgame: Option<usize>, disk: u64) -> SearchOptions {
    SearchOptions {
        store: Some(EndgameStore { dir: dir.to_path_buf(), disk }),
        ..options(1 << 24, endgame, 2)
    }
}

/// The bytes of the file of a table of every distribution of up to `seeds` seeds of `rules`
/// built in one go, as an endgame database is saved.
fn built_whole(rules: &Rules, seeds: usize) -> Vec<u8> {
    let past = rules.with_ply_limit(None).past_start();
    let table = solve(&past, seeds, &|_, _| {}, &Cancel::new()).unwrap();
    let mut bytes = Vec::new();
    table.save(&mut bytes).unwrap();
    bytes
}

#[test]
fn endgame_databases_are_saved_read_grown_and_refused() {
    let dir = scratch("endgame");
    let cancel = Cancel::new();
    for ruleset in [None, Some("empty-capture")] {
        let what = format!("Kalah {ruleset:?} 3x3");
        let rules = board("Kalah", ruleset, 3, 3);
        let store = EndgameStore { dir: dir.clone(), disk: 1 << 30 };
        let file = store.file(&rules);
        let solution = table(&rules);
        // Built and saved, then read: the same values as the table on every position.
        for (seeds, read, built) in [(8, None, Some((0, 8))), (8, Some(8), None)] {
            let s = SearchSolver::new(&rules, 18, &kept(&dir, Some(seeds), 1 << 30), &cancel).unwrap();
            let f = s.endgame_figures();
            assert_eq!((f.loaded_seeds, f.built, f.not_saved.as_deref()), (read, built, None), "{what}");
            assert_eq!(f.file.as_ref(), Some(&file));
            assert_eq!(std::fs::read(&file).unwrap(), built_whole(&rules, 8), "{what}");
            // Every position, over the table read from the file.
            if read.is_some() {
                agree(&what, &rules, &solution, 1, &kept(&dir, Some(seeds), 1 << 30));
            }
        }
        // Grown by one seed from the saved one: the file is the one a whole build makes.
        let s = SearchSolver::new(&rules, 18, &kept(&dir, Some(9), 1 << 30), &cancel).unwrap();
        let f = s.endgame_figures();
        assert_eq!((f.loaded_seeds, f.built), (Some(8), Some((9, 9))), "{what}");
        assert_eq!(f.saved_bytes, std::fs::metadata(&file).unwrap().len());
        assert_eq!(std::fs::read(&file).unwrap(), built_whole(&rules, 9), "{what}");
        // Read as far as asked (fewer seeds than saved), and by default grown from it.
        let s = SearchSolver::new(&rules, 18, &kept(&dir, Some(5), 1 << 30), &cancel).unwrap();
        assert_eq!((s.endgame_figures().loaded_seeds, s.endgame_figures().built), (Some(5), None));
        agree(&what, &rules, &solution, 3, &kept(&dir, Some(5), 1 << 30));
        let s = SearchSolver::new(&rules, 18, &kept(&dir, None, 1 << 30), &cancel).unwrap();
        assert_eq!(s.endgame_figures().loaded_seeds, Some(9));
        assert_eq!(s.endgame_figures().built, Some((10, 17)));
        agree(&what, &rules, &solution, 7, &kept(&dir, None, 1 << 30));
        assert_eq!(std::fs::read(&file).unwrap(), built_whole(&rules, 17), "{what}");
    }
    // A damaged file, one cut short and one of other rules are refused, with why.
    let rules = board("Kalah", None, 3, 3);
    let store = EndgameStore { dir: dir.clone(), disk: 1 << 30 };
    let file = store.file(&rules);
    let good = std::fs::read(&file).unwrap();
    let refusal = |options: &SearchOptions| match SearchSolver::new(&rules, 18, options, &cancel) {
        Err(e @ SolveError::EndgameFile(_)) => e.to_string(),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a damaged database was read"),
    };
    let mut damaged = good.clone();
    let at = damaged.len() - 100;
    damaged[at] ^= 1;
    std::fs::write(&file, &damaged).unwrap();
    let shown = file.display();
    assert_eq!(
        refusal(&kept(&dir, Some(8), 1 << 30)),
        format!(
            "`{shown}` is not a solution file of sow: its checksum does not match (the file is damaged); remove it (a search builds it again), or keep endgame databases elsewhere (--endgame-dir DIR)"
        )
    );
    std::fs::write(&file, &good[..good.len() - 1]).unwrap();
    assert!(refusal(&kept(&dir, None, 1 << 30)).contains("its size does not match its header"));
    std::fs::write(&file, b"not a database").unwrap();
    assert!(refusal(&kept(&dir, None, 1 << 30)).contains("it does not start as one"));
    let other = std::fs::read(store.file(&board("Kalah", Some("empty-capture"), 3, 3))).unwrap();
    std::fs::write(&file, other).unwrap();
    assert!(
        refusal(&kept(&dir, None, 1 << 30))
            .starts_with(&format!("`{shown}` was made for other rules (Test), not those of Test"))
    );
    // Nothing is left of a write: no temporary file.
    std::fs::remove_file(&file).unwrap();
    let names = |dir: &std::path::Path| {
        let mut n: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        n.sort();
        n
    };
    assert_eq!(names(&dir).len(), 1, "{:?}", names(&dir));
    // Within its disk: the database used least recently is given up for room, and one that
    // does not fit is not saved, with why.
    let bytes = good.len() as u64;
    let s = SearchSolver::new(&rules, 18, &kept(&dir, Some(17), bytes + 1000), &cancel).unwrap();
    assert_eq!(s.endgame_figures().saved_bytes, bytes);
    assert_eq!(names(&dir), [file.file_name().unwrap().to_string_lossy()]);
    let small = EndgameStore { dir: dir.clone(), disk: 1000 };
    let s = SearchSolver::new(
        &rules,
        18,
        &SearchOptions { store: Some(small), ..options(1 << 24, Some(18), 2) },
        &cancel,
    )
    .unwrap();
    let f = s.endgame_figures();
    assert!(
        f.not_saved.as_deref().unwrap().contains("more than the 1 MiB the endgame databases may take"),
        "{f:?}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), good);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_keeps_its_endgame_database_in_the_folder_given() {
    let dir = scratch("cli");
    let folder = dir.join("endgame");
    let mut args =
        vec!["solve", "kalah:empty-capture", "--method", "search", "--endgame", "11", "--endgame-dir"];
    args.push(folder.to_str().unwrap());
    args.extend(BOARD_4X3);
    let first = sow(&args);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let text = String::from_utf8_lossy(&first.stdout).into_owned();
    let file: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(file.len(), 1);
    let size = std::fs::metadata(&file[0]).unwrap().len();
    assert!(text.contains("seeds on the board (151164 positions, 0 to 11 seeds built in "), "{text}");
    assert!(text.contains(&format!("\nEndgame database: saved to `{}` (", file[0].display())), "{text}");
    // The next solve reads it, and gives the same report but for the times.
    let second = sow(&args);
    let again = String::from_utf8_lossy(&second.stdout).into_owned();
    assert!(again.contains("(151164 positions, up to 11 seeds read in "), "{again}");
    assert!(again.contains(&format!("\nEndgame database: `{}`, read;", file[0].display())), "{again}");
    let rest = |t: &str| t.split_once("\n\n").unwrap().1.to_string();
    assert_eq!(rest(&text), rest(&again));
    assert_eq!(std::fs::metadata(&file[0]).unwrap().len(), size);
    // Damaged: refused with why, exit 2.
    let mut bytes = std::fs::read(&file[0]).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x40;
    std::fs::write(&file[0], bytes).unwrap();
    let out = sow(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: Kalah:empty-capture, board 2 rows of 4 pits, one store per player, seeds 3 in each pit: `{}` is not a solution file of sow: its checksum does not match (the file is damaged); remove it (a search builds it again), or keep endgame databases elsewhere (--endgame-dir DIR)\n",
            file[0].display()
        )
    );
    // None kept: nothing written.
    std::fs::remove_file(&file[0]).unwrap();
    let mut none = args.clone();
    none.extend(["--endgame-disk", "0"]);
    let out = sow(&none);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Endgame database"));
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

//! The corpus of bad tournament files in `tests/bad_tournaments/`: each `NAME.yaml` holds one
//! mistake (`several-mistakes.yaml` holds five, all reported), and `NAME.err` the exact stderr
//! of `sow check tests/bad_tournaments/NAME.yaml` run from the project root.
//!
//! For every case:
//! - `sow check` exits 2, prints nothing on stdout, and its stderr is the `.err` file: it
//!   starts with `error: `, has a `--> tests/bad_tournaments/NAME.yaml:LINE:COL` line, and
//!   does not contain `panicked`;
//! - `sow tournament` on the file exits 2 with the same messages (without the blank line
//!   `check` puts after each file it checks), prints nothing, and plays nothing: the
//!   `--record` file it was given is never made.
//!
//! To accept new messages, run `SOW_BLESS=1 cargo test --test bad_tournaments`: the `.err`
//! files are rewritten (the other checks still run) and the change can be reviewed with
//! `git diff`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "common/corpus.rs"]
mod corpus;

use corpus::{diff, expect_err, run_all};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `sow` from the project root; returns (status, stdout, stderr).
fn sow(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sow"))
        .current_dir(ROOT)
        .env("RUST_BACKTRACE", "0")
        .args(args)
        .output()
        .expect("sow runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks one case; returns its problems (empty when it passes).
fn run_case(dir: &Path, name: &str, bless: bool) -> Vec<String> {
    let arg = format!("tests/bad_tournaments/{name}.yaml");
    let mut problems = Vec::new();

    let (code, stdout, stderr) = sow(&["check", &arg]);
    if code != Some(2) {
        problems.push(format!("sow check: exit code {code:?}, expected 2"));
    }
    if stderr.contains("panicked") {
        problems.push("sow check panicked".into());
    }
    if !stdout.is_empty() {
        problems.push(format!("sow check: stdout is not empty:\n{stdout}"));
    }
    if !stderr.starts_with("error: ") {
        problems.push("sow check: stderr does not start with `error: `".into());
    }
    let location = format!("--> {arg}:");
    let located = stderr.lines().any(|l| {
        l.trim_start().strip_prefix(&location).is_some_and(|rest| {
            let mut parts = rest.split(':');
            let number = |p: Option<&str>| p.is_some_and(|p| p.parse::<u32>().is_ok_and(|n| n > 0));
            number(parts.next()) && number(parts.next()) && parts.next().is_none()
        })
    });
    if !located {
        problems.push(format!("sow check: stderr has no `{location}LINE:COL` line"));
    }

    // The same messages from `sow tournament`, and nothing played.
    let record = std::env::temp_dir().join(format!("sow-bad-tournament-{}-{name}.jsonl", std::process::id()));
    let _ = fs::remove_file(&record);
    let (t_code, t_stdout, t_stderr) =
        sow(&["tournament", &arg, "--jobs", "1", "--record", record.to_str().unwrap()]);
    if t_code != Some(2) {
        problems.push(format!("sow tournament: exit code {t_code:?}, expected 2"));
    }
    if !t_stdout.is_empty() {
        problems.push(format!("sow tournament: stdout is not empty:\n{t_stdout}"));
    }
    let checked = stderr.strip_suffix('\n').unwrap_or(&stderr);
    if t_stderr != checked {
        problems.push(format!(
            "sow tournament's stderr differs from sow check's (- check, + tournament):\n{}",
            diff(checked, &t_stderr)
        ));
    }
    if record.exists() {
        problems.push("sow tournament made its --record file: it began to play".into());
        let _ = fs::remove_file(&record);
    }

    expect_err(dir, name, &stderr, bless, &mut problems);
    problems
}

#[test]
fn bad_tournament_files_give_their_expected_messages_and_play_nothing() {
    let dir = PathBuf::from(ROOT).join("tests/bad_tournaments");
    run_all(&dir, "yaml", 24, |name, bless| run_case(&dir, name, bless));
}

/// The file with several mistakes reports every one of them, in the order of the file.
#[test]
fn every_mistake_of_a_file_is_reported_in_file_order() {
    let (code, _, stderr) = sow(&["check", "tests/bad_tournaments/several-mistakes.yaml"]);
    assert_eq!(code, Some(2));
    let lines: Vec<u32> = stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> tests/bad_tournaments/several-mistakes.yaml:"))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(lines, [5, 6, 7, 8, 9], "{stderr}");
    assert_eq!(stderr.matches("error: ").count(), 5, "{stderr}");
}

/// The did-you-mean guesses, which the corpus is partly there to keep.
#[test]
fn near_misses_are_guessed() {
    for (name, guess) in [
        ("unknown-top-level-key", "help: did you mean `participants`?"),
        ("unknown-participant-key", "help: did you mean `agent`?"),
        ("unknown-agent", "did you mean `greedy`?"),
        ("misspelt-variant", "help: did you mean `bakuk`?"),
        ("gauntlet-unknown-participant", "help: did you mean `deep`?"),
        ("unknown-format", "help: did you mean `swiss`?"),
    ] {
        let (_, _, stderr) = sow(&["check", &format!("tests/bad_tournaments/{name}.yaml")]);
        assert!(stderr.contains(guess), "{name}: no `{guess}` in:\n{stderr}");
    }
}

/// A good file next to a bad one: `check` still checks both, and says `ok` for the good one.
#[test]
fn check_reports_the_bad_file_and_still_checks_the_good_one() {
    let dir = std::env::temp_dir().join(format!("sow-bad-tournaments-good-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.yaml");
    fs::write(&good, "name: fine\nvariants: [bakuk]\nparticipants: [random, greedy]\ngames: 2\n").unwrap();
    let good = good.to_str().unwrap();
    let (code, stdout, stderr) = sow(&["check", "tests/bad_tournaments/zero-games.yaml", good]);
    assert_eq!(code, Some(2));
    assert_eq!(stdout, format!("ok: {good}: fine (Bakuk; 2 participants; 2 games)\n"));
    assert_eq!(stderr, fs::read_to_string(format!("{ROOT}/tests/bad_tournaments/zero-games.err")).unwrap());
    let _ = fs::remove_dir_all(&dir);
}

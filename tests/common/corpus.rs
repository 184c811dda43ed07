//! What the corpora of bad inputs share (`tests/bad/`, `tests/bad_tournaments/`): finding the
//! cases, comparing a message with its expected file or rewriting it (`SOW_BLESS=1`), a
//! readable line diff, and one report of every case that failed.
// Each test file uses part of it.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

#[path = "bless.rs"]
mod bless;

/// The cases of a corpus: the files `dir/*.EXT`, by name.
pub fn cases(dir: &Path, ext: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == ext))
        .map(|p| p.file_stem().expect("a file name").to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A line diff of `expected` and `actual` (longest common subsequence), `-` for lines only
/// expected and `+` for lines only produced.
pub fn diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.split_inclusive('\n').collect();
    let b: Vec<&str> = actual.split_inclusive('\n').collect();
    // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let show = |sign: char, line: &str| {
        let body = line
            .strip_suffix('\n')
            .map_or_else(|| format!("{line}⏎ (no line break at the end)"), str::to_string);
        format!("  {sign} {body}\n")
    };
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&show(' ', a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push_str(&show('-', a[i]));
            i += 1;
        } else {
            out.push_str(&show('+', b[j]));
            j += 1;
        }
    }
    out
}

/// Compares `stderr` with the case's expected `NAME.err`, or writes it there when blessing
/// (unless the program panicked).
pub fn expect_err(dir: &Path, name: &str, stderr: &str, bless: bool, problems: &mut Vec<String>) {
    let err_path = dir.join(format!("{name}.err"));
    if bless {
        if !problems.iter().any(|p| p.contains("panicked")) {
            fs::write(&err_path, stderr).expect("the .err file is writable");
        }
        return;
    }
    match fs::read_to_string(&err_path) {
        Ok(expected) if expected == stderr => {}
        Ok(expected) => problems.push(format!(
            "stderr differs from {name}.err (- expected, + actual):\n{}",
            diff(&expected, stderr)
        )),
        Err(_) => {
            problems.push(format!("no {name}.err; stderr was:\n{stderr}(run with SOW_BLESS=1 to write it)"))
        }
    }
}

/// Runs every case of `dir/*.EXT` (at least `min` of them) and fails with one report of every
/// problem, and of every `.err` file left without its case.
pub fn run_all(dir: &Path, ext: &str, min: usize, run_case: impl Fn(&str, bool) -> Vec<String>) {
    let bless = bless::blessing();
    let names = cases(dir, ext);
    assert!(names.len() >= min, "the corpus in {} has only {} cases", dir.display(), names.len());
    let mut report = String::new();
    let mut failed = 0;
    for name in &names {
        let problems = run_case(name, bless);
        if !problems.is_empty() {
            failed += 1;
            writeln!(report, "\n=== {}/{name}.{ext}", dir.display()).unwrap();
            for p in problems {
                writeln!(report, "- {p}").unwrap();
            }
        }
    }
    // An expected output without its case is left over from a renamed or deleted case.
    let mut orphans: Vec<String> = fs::read_dir(dir)
        .expect("the corpus exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "err"))
        .filter(|p| !p.with_extension(ext).is_file())
        .map(|p| p.display().to_string())
        .collect();
    orphans.sort();
    for o in &orphans {
        writeln!(report, "\n=== {o}\n- has no .{ext} case beside it").unwrap();
    }
    assert!(failed == 0 && orphans.is_empty(), "{failed} of {} bad files failed:{report}", names.len());
}

//! The corpus of bad variant files in `tests/bad/`: each `NAME.sow` holds one mistake, and
//! `NAME.err` the exact stderr of `sow check tests/bad/NAME.sow` run from the project root.
//!
//! Conventions of the corpus:
//! - Only the top-level `tests/bad/*.sow` files are cases. Sub-folders (`tests/bad/cycle/`)
//!   hold helper files that cases extend; they are never checked on their own.
//! - Directives are comment lines at the top of a case, before any other line:
//!   - `# exit: N`: the expected exit code (default 2). Files that are valid but draw
//!     warnings say `# exit: 0`: stdout is then their `ok: ...` line and the `.err` file
//!     holds the warnings.
//!   - `# no location: WHY`: the error is not about a place in the file, so stderr has no
//!     `--> tests/bad/...` line. Only `non-utf8.sow` says so: a file that is not UTF-8 cannot
//!     be shown as text, so its error names the file and nothing more.
//! - Every error-exit stderr must start with `error: `, must not be empty, must not contain
//!   `panicked`, and (unless `# no location`) must contain a `--> tests/bad/` location line;
//!   stdout must be empty.
//!
//! To accept new messages, run `SOW_BLESS=1 cargo test --test bad_files`: the `.err` files are
//! rewritten (the other checks still run) and the change can be reviewed with `git diff`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "common/corpus.rs"]
mod corpus;

use corpus::{diff, expect_err, run_all};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// What a case expects, from its leading comment lines.
struct Directives {
    exit: i32,
    located: bool,
}

fn directives(bytes: &[u8]) -> Directives {
    let text = String::from_utf8_lossy(bytes);
    // A byte order mark before the first comment is not part of it.
    let text = text.trim_start_matches('\u{feff}');
    let mut d = Directives { exit: 2, located: true };
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let line = line.trim_start_matches('#').trim();
        if let Some(code) = line.strip_prefix("exit:") {
            d.exit = code.trim().parse().unwrap_or_else(|_| panic!("bad `# exit:` directive: {line}"));
        } else if line.starts_with("no location:") {
            d.located = false;
        }
    }
    d
}

/// Checks one case; returns its problems (empty when it passes).
fn run_case(dir: &Path, name: &str, bless: bool) -> Vec<String> {
    let sow = dir.join(format!("{name}.sow"));
    let want = directives(&fs::read(&sow).expect("the case is readable"));
    let arg = format!("tests/bad/{name}.sow");
    let out = Command::new(env!("CARGO_BIN_EXE_sow"))
        .current_dir(ROOT)
        .env("RUST_BACKTRACE", "0")
        .args(["check", &arg])
        .output()
        .expect("sow runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = match String::from_utf8(out.stderr) {
        Ok(s) => s,
        Err(e) => return vec![format!("stderr is not UTF-8: {:?}", String::from_utf8_lossy(e.as_bytes()))],
    };
    let mut problems = Vec::new();
    let code = out.status.code();
    if code != Some(want.exit) {
        problems.push(format!("exit code {code:?}, expected {}", want.exit));
    }
    if stderr.contains("panicked") {
        problems.push("sow panicked".into());
    }
    if want.exit == 0 {
        if !stdout.starts_with(&format!("ok: {arg}: ")) {
            problems.push(format!("stdout is not an `ok:` line for a valid file:\n{stdout}"));
        }
        if stderr.lines().any(|l| l.starts_with("error")) {
            problems.push("a valid file's stderr holds an error".into());
        }
    } else {
        if !stdout.is_empty() {
            problems.push(format!("stdout is not empty:\n{stdout}"));
        }
        if !stderr.starts_with("error: ") {
            problems.push("stderr does not start with `error: `".into());
        }
        let located = stderr.contains("--> tests/bad/");
        if want.located && !located {
            problems.push("stderr has no `--> tests/bad/...` location line".into());
        }
        // Every message of a located case is located, not only the first.
        let mut blocks: Vec<String> = Vec::new();
        for line in stderr.lines() {
            if line.starts_with("error: ") || line.starts_with("warning: ") || blocks.is_empty() {
                blocks.push(String::new());
            }
            blocks.last_mut().expect("a block").push_str(line);
        }
        if want.located && blocks.iter().any(|b| !b.contains("--> ")) {
            problems.push("a message in stderr has no location line".into());
        }
        if !want.located && located {
            problems.push("stderr has a location, but the case says `# no location`".into());
        }
    }

    expect_err(dir, name, &stderr, bless, &mut problems);
    problems
}

#[test]
fn bad_files_give_their_expected_messages() {
    let dir = PathBuf::from(ROOT).join("tests/bad");
    run_all(&dir, "sow", 40, |name, bless| run_case(&dir, name, bless));
}

#[test]
fn directives_are_read_from_leading_comments() {
    let d = directives(b"# exit: 0\n# One mistake.\nvariant");
    assert_eq!((d.exit, d.located), (0, true));
    let d = directives(b"# no location: not text\n# exit: 3\nvariant \xed");
    assert_eq!((d.exit, d.located), (3, false));
    let d = directives(b"variant\n# exit: 0\n");
    assert_eq!((d.exit, d.located), (2, true));
    assert_eq!(directives(b"").exit, 2);
}

#[test]
fn diff_marks_changed_lines() {
    assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), "    a\n  - b\n  + x\n    c\n");
    assert_eq!(diff("a\n", "a"), "  - a\n  + a⏎ (no line break at the end)\n");
}

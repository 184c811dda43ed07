//! The examples of the documentation, run: every ```` ```console ```` block of README.md and
//! docs/*.md holds commands (lines starting `$ `) and, under each, what it prints (standard
//! output and standard error, as a terminal shows them). The test runs the commands of each
//! document in order, with `sow` on the PATH, in a scratch folder that sees the project's
//! `variants/`, `docs/` and `tests/` (so a command may write files, and a later block of the
//! same document may read them), and compares what they print with what the document says.
//!
//! Timings vary from run to run: the figures of `solved in 3.9 s`, of a search's times and
//! speed, and of `sow bench` (whose games per second decide how many games it plays) are
//! compared as `_`. Blocks that need a person at a terminal are written as ```` ```text ````
//! and not run.
//!
//! `SOW_BLESS=1 cargo test --test docs` rewrites the outputs from what the commands print now,
//! to be reviewed as a diff.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "common/bless.rs"]
mod bless;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A command of a console block: its text (continuation lines joined) and the lines it
/// occupies, and the lines of its expected output.
struct Example {
    command: String,
    /// Index of the first output line in the document, and how many there are.
    output_start: usize,
    output_len: usize,
}

/// The console blocks of a document: for each, its examples in order.
fn blocks(lines: &[&str]) -> Vec<Vec<Example>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        i += 1;
        let mut examples: Vec<Example> = Vec::new();
        while i < lines.len() && lines[i].trim_end() != "```" {
            if let Some(first) = lines[i].strip_prefix("$ ") {
                let mut command = first.to_string();
                while command.ends_with('\\') && i + 1 < lines.len() {
                    command.pop();
                    i += 1;
                    command.push_str(lines[i].trim_start());
                }
                examples.push(Example { command, output_start: i + 1, output_len: 0 });
            } else {
                let e = examples.last_mut().expect("a console block starts with a command");
                e.output_len += 1;
            }
            i += 1;
        }
        out.push(examples);
        i += 1;
    }
    out
}

/// A scratch folder that sees the project's files, for one document's commands.
fn scratch(doc: &Path) -> PathBuf {
    let name = doc.file_stem().unwrap().to_string_lossy().to_string();
    let dir = std::env::temp_dir().join(format!("sow-docs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for shared in ["variants", "docs", "tests", "tournaments"] {
        std::os::unix::fs::symlink(Path::new(ROOT).join(shared), dir.join(shared)).unwrap();
    }
    dir
}

const MARK: &str = "@@@ sow docs example @@@";

/// Runs the commands of one block in one shell, so that `echo $?` sees the command before it;
/// returns what each printed.
fn run(dir: &Path, examples: &[Example]) -> Vec<String> {
    let mut script = String::from("s=0\n");
    for e in examples {
        script.push_str(&format!("echo '{MARK}'\n(exit $s)\n{{ {}\n}} 2>&1\ns=$?\n", e.command));
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_sow")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove(bless::VAR)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut parts: Vec<String> = text.split(&format!("{MARK}\n")).skip(1).map(str::to_string).collect();
    parts.resize(examples.len(), String::new());
    parts
}

/// The parts of an output that vary from run to run, masked.
fn masked(text: &str) -> String {
    let timing = regex::Regex::new(r"solved in [0-9.]+ s").unwrap();
    let bench = regex::Regex::new(
        r"[0-9]+ random playouts in [0-9.]+ s on one core: [0-9]+ playouts/s, [0-9]+ moves/s, [0-9.]+ plies",
    )
    .unwrap();
    let text = timing.replace_all(text, "solved in _ s");
    let search = regex::Regex::new(
        r"in [0-9.]+ s: ([0-9]+) positions searched in [0-9.]+ s \([0-9.]+ million a second\)",
    )
    .unwrap();
    let text = search.replace_all(&text, "in _ s: $1 positions searched in _ s (_ million a second)");
    let built = regex::Regex::new(r"built in [0-9.]+ s").unwrap();
    let text = built.replace_all(&text, "built in _ s");
    bench
        .replace_all(&text, "_ random playouts in _ s on one core: _ playouts/s, _ moves/s, _ plies")
        .into_owned()
}

/// Runs the examples of one document; returns how many ran and the failures. With `bless`,
/// rewrites the document's outputs instead of failing.
fn check(doc: &Path, bless: bool) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(doc).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let dir = scratch(doc);
    let mut failures = Vec::new();
    let mut examples_run = 0;
    // Outputs to write back: (first line, lines, new text).
    let mut replacements: Vec<(usize, usize, String)> = Vec::new();
    for block in blocks(&lines) {
        let outputs = run(&dir, &block);
        for (e, actual) in block.iter().zip(outputs) {
            examples_run += 1;
            let expected: String = lines[e.output_start..e.output_start + e.output_len]
                .iter()
                .map(|l| format!("{l}\n"))
                .collect();
            if masked(&expected) == masked(&actual) {
                continue;
            }
            if bless {
                replacements.push((e.output_start, e.output_len, actual));
            } else {
                failures.push(format!(
                    "{}:{}: $ {}\n--- the document says\n{expected}--- it prints\n{actual}",
                    doc.strip_prefix(ROOT).unwrap_or(doc).display(),
                    e.output_start,
                    e.command
                ));
            }
        }
    }
    if !replacements.is_empty() {
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        for (start, len, new) in replacements {
            out.extend(lines[i..start].iter().map(|l| l.to_string()));
            out.extend(new.lines().map(str::to_string));
            i = start + len;
        }
        out.extend(lines[i..].iter().map(|l| l.to_string()));
        std::fs::write(doc, out.join("\n") + "\n").unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
    (examples_run, failures)
}

#[test]
fn every_example_of_the_documentation_prints_what_it_says() {
    let bless = bless::blessing();
    let mut docs = vec![Path::new(ROOT).join("README.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    // Each document in a thread of its own: their commands share nothing.
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = docs.iter().map(|doc| scope.spawn(move || check(doc, bless))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let examples_run: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(examples_run > 20, "only {examples_run} examples found");
    assert!(failures.is_empty(), "{} examples print otherwise:\n\n{}", failures.len(), failures.join("\n"));
}

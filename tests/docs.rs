//! The examples of the documentation, run: every ```` ```console ```` block of README.md and
//! docs/*.md holds commands (lines starting `$ `) and, under each, what it prints (standard
//! output and standard error, as a terminal 140 characters wide shows them). The test runs
//! the commands of each document in order, with `sow` on the PATH, in a scratch folder that
//! sees the project's `variants/`, `docs/` and `tests/` (so a command may write files, and a
//! later block of the same document may read them), and compares what they print with what the document says.
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
        // Tables as a terminal 140 characters wide shows them (an example may set its own).
        .env("COLUMNS", "140")
        // Endgame databases in the scratch folder, built afresh each run, never the user's.
        .env("XDG_CACHE_HOME", ".cache")
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
    let built = regex::Regex::new(r"(built|read) in [0-9.]+ s").unwrap();
    let text = built.replace_all(&text, "$1 in _ s");
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

/// The prose of a Markdown document: its text outside fenced blocks and tables, paragraph by
/// paragraph (a paragraph's lines joined by spaces).
fn paragraphs(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push(String::new());
            continue;
        }
        // Code and tables are not prose.
        if fenced || line.starts_with('|') {
            continue;
        }
        if line.trim().is_empty() {
            out.push(String::new());
        } else {
            let p = out.last_mut().unwrap();
            p.push(' ');
            p.push_str(line.trim());
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Figures that come out of a run: a time, a size, a count of positions or games, a rating.
fn figures(text: &str) -> Vec<String> {
    let figure = regex::Regex::new(
        r"[+-]?\d[\d,]*(?:\.\d+)?(?: ± \d+| ?(?:s|minutes|MB|GB|KB|×)\b| million\b| positions\b)",
    )
    .unwrap();
    figure.find_iter(text).map(|m| m.as_str().to_string()).collect()
}

/// Every figure the README gives a command for is one docs/measured.md shows with that command
/// (written the same), and every figure of its section of measured figures is one
/// docs/measured.md gives: a README figure is never one nobody measured, and a command whose
/// time changes is measured again in measured.md when the README changes.
#[test]
fn the_readme_figures_are_the_measured_ones() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let measured = std::fs::read_to_string(Path::new(ROOT).join("docs/measured.md")).unwrap();
    let flat = measured.split_whitespace().collect::<Vec<_>>().join(" ");
    let code = regex::Regex::new(r"`((?:sow|cargo bench) [^`]+)`").unwrap();
    let mut missing = Vec::new();
    for p in paragraphs(&readme) {
        let commands: Vec<String> = code.captures_iter(&p).map(|c| c[1].to_string()).collect();
        if figures(&p).is_empty() || commands.is_empty() {
            continue;
        }
        // A command with figures beside it: both as measured.md gives them.
        for command in commands.into_iter().filter(|c| !flat.contains(c)) {
            missing.push(format!("the command `{command}`"));
        }
        for f in figures(&p).into_iter().filter(|f| !flat.contains(f)) {
            missing.push(format!("the figure {f}"));
        }
    }
    let section = readme.split("## Measured figures").nth(1).expect("a section of measured figures");
    let section = section.split("\n## ").next().unwrap();
    for f in paragraphs(section).iter().flat_map(|p| figures(p)) {
        if !flat.contains(&f) {
            missing.push(format!("the figure {f}"));
        }
    }
    assert!(missing.is_empty(), "the README gives, and docs/measured.md does not:\n{}", missing.join("\n"));
}

/// The README's table of limits says the program's: each row names the constant it states.
#[test]
fn the_readme_limits_are_the_programs() {
    use sow::lang::{spec, words::thousands};
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let table = readme.split("## Limits").nth(1).expect("a section of limits");
    let table = table.split("\n## ").next().unwrap();
    let row = |name: &str| -> String {
        table
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row `{name}` in the README's limits"))
            .to_string()
    };
    let says = |name: &str, what: String| {
        let r = row(name);
        assert!(r.contains(&what), "the README's limit `{name}` does not say `{what}`:\n{r}");
    };
    says("board", format!("at most {} pits", spec::MAX_PITS));
    says("board", "2, 3 or 4 rows".into());
    says("seeds", format!("at most {} on the board", spec::MAX_SEEDS));
    says("seeds in hand", format!("at most {} a move", spec::MAX_HAND));
    says("relay sowing", format!("at most {} laps a move", spec::MAX_LAPS));
    says("players", format!("2 to {}", spec::MAX_PLAYERS));
    says(
        "ply limit",
        format!("1 to {} (default {})", thousands(spec::MAX_PLY_LIMIT as u64), spec::DEFAULT_PLY_LIMIT),
    );
    says("`alphabeta:DEPTH`", format!("depth 0 to {}", sow::play::search::MAX_DEPTH));
    says("`mcts:N`", format!("1 to {} simulations", thousands(sow::play::mcts::MAX_SIMULATIONS as u64)));
    says("`sow solve`", format!("at most {} positions", thousands(sow::play::solve::MAX_POSITIONS)));
    says("`sow solve`", format!("2^{}", sow::play::solve::MAX_MARKED.trailing_zeros()));
    says("`sow solve`", format!("{} plies", thousands(sow::play::solve::MAX_LINE as u64)));
    says("variant files", format!("at most {} MiB", sow::files::VARIANT.limit >> 20));
    says("`sow serve`", format!("{} MiB", sow::serve::MAX_BODY >> 20));
}

/// The generated columns of a bundled variant's row of docs/variants.md's table: its name on
/// the command line, the game, its board, its region and who documented it.
fn variant_columns(name: &'static str, text: &'static str) -> [String; 5] {
    let file = sow::lang::library::load_bundled(name, text).unwrap();
    let (spec, _) = sow::lang::check::check(&file, None).unwrap();
    let stores = if spec.stores { ", stores" } else { "" };
    let players = if spec.players == 2 { String::new() } else { format!(", {} players", spec.players) };
    let board = format!("{} × {}{stores}{players}", spec.rows, spec.pits_per_row);
    let region = spec.about.region.clone().unwrap_or_else(|| "—".into());
    let documented = match spec.about.documented.first() {
        Some((by, Some(year))) => format!("{by}, {year}"),
        Some((by, None)) => by.clone(),
        None => "—".into(),
    };
    [format!("`{name}`"), spec.name.clone(), board, region, documented]
}

/// The cells of a table row.
fn cells(row: &str) -> Vec<String> {
    row.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
}

#[test]
fn the_variants_table_is_every_bundled_file() {
    let path = Path::new(ROOT).join("docs/variants.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let head = lines.iter().position(|l| l.starts_with("| name |")).expect("the table's head");
    let end = (head + 2..lines.len()).find(|&i| !lines[i].starts_with('|')).unwrap_or(lines.len());
    let rows: Vec<Vec<String>> = lines[head + 2..end].iter().map(|r| cells(r)).collect();
    // The games replayed against Ludii's recorded games: their variant files are named by the
    // replay tests.
    let replays: String = ["tests/ludii.rs", "tests/ludii_corpus.rs"]
        .iter()
        .map(|f| std::fs::read_to_string(Path::new(ROOT).join(f)).unwrap())
        .collect();
    let mut expected = Vec::new();
    for &(name, text) in sow::lang::library::BUNDLED {
        let generated = variant_columns(name, text);
        let row = rows.iter().find(|r| r[0] == generated[0]);
        let (family, ludii) = match row {
            Some(r) if r.len() == 7 => (r[5].clone(), r[6].clone()),
            _ => (String::new(), String::new()),
        };
        expected.push((generated, family, ludii, replays.contains(&format!("\"variants/{name}.sow\""))));
    }
    let table: Vec<String> = expected
        .iter()
        .map(|(g, family, ludii, _)| {
            format!("| {} | {} | {} | {} | {} | {family} | {ludii} |", g[0], g[1], g[2], g[3], g[4])
        })
        .collect();
    if bless::blessing() {
        let mut out: Vec<String> = lines[..head + 2].iter().map(|l| l.to_string()).collect();
        out.extend(table.iter().cloned());
        out.extend(lines[end..].iter().map(|l| l.to_string()));
        std::fs::write(&path, out.join("\n") + "\n").unwrap();
        return;
    }
    let written: Vec<String> = lines[head + 2..end].iter().map(|l| l.to_string()).collect();
    let missing: Vec<&String> = table.iter().filter(|r| !written.contains(r)).collect();
    let extra: Vec<&String> = written.iter().filter(|r| !table.contains(r)).collect();
    assert!(
        written == table,
        "docs/variants.md: one row a bundled variant, in order, as its file says (SOW_BLESS=1 rewrites the \
         generated columns)\nexpected, not there: {missing:#?}\nthere, not expected: {extra:#?}"
    );
    for (g, family, ludii, replayed) in &expected {
        assert!(!family.is_empty(), "{}: a family", g[0]);
        // A game replayed against Ludii says how far it agrees; a game that is not says `—`.
        assert_eq!(
            ludii != "—",
            *replayed,
            "{}: the Ludii column is `—` exactly when no replay names the file",
            g[0]
        );
        if *replayed {
            assert!(
                ludii.contains(" of ") && ludii.contains("moves"),
                "{}: `{ludii}` gives moves agreed of moves",
                g[0]
            );
        }
    }
}

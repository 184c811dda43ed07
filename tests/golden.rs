//! Golden playthroughs: whole games replayed by the command line, every board and every
//! capture, compared byte for byte with `tests/golden/*.txt`. Each file starts with the
//! command (`$ sow play bakuk --moves 3,6,...`), then its exact output. The move lists are
//! random games; tests/handwritten.rs holds the engine to a hand-written Bakuk and Koumma,
//! and the first moves of each file were checked by hand.
//!
//! `SOW_BLESS=1 cargo test --test golden` rewrites the files from the current output, to be
//! reviewed as a diff.

use std::path::Path;
use std::process::Command;

#[test]
fn golden_playthroughs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("SOW_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut failures = Vec::new();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "txt")) {
        let text = std::fs::read_to_string(path).unwrap();
        let (command, expected) = text.split_once('\n').unwrap();
        let args: Vec<&str> =
            command.strip_prefix("$ sow ").expect("a command line").split_whitespace().collect();
        let out = Command::new(env!("CARGO_BIN_EXE_sow")).args(&args).output().unwrap();
        assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
        let actual = String::from_utf8(out.stdout).unwrap();
        if bless {
            std::fs::write(path, format!("{command}\n{actual}")).unwrap();
        } else if actual != expected {
            failures.push(format!("{}:\n--- expected\n{expected}\n--- actual\n{actual}", path.display()));
        }
    }
    assert!(files.len() >= 6, "the golden games are missing");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! Whether a test rewrites its expected files from what the program prints now: only when
//! `SOW_BLESS=1`, as every comment and message says, so that `SOW_BLESS=0` (or an empty value
//! left in a shell) compares instead of silently overwriting.
// Each test file uses part of it.
#![allow(dead_code)]

use std::ffi::OsStr;

/// The variable that asks for blessing.
pub const VAR: &str = "SOW_BLESS";

/// True when `SOW_BLESS` is set to exactly `1`.
pub fn blessing() -> bool {
    blesses(std::env::var_os(VAR).as_deref())
}

/// The rule itself, apart from the environment so that it can be tested.
pub fn blesses(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| v == "1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_blesses() {
        assert!(blesses(Some(OsStr::new("1"))));
        for other in ["0", "", "true", "yes", " 1", "1 ", "01"] {
            assert!(!blesses(Some(OsStr::new(other))), "SOW_BLESS={other:?} must not bless");
        }
        assert!(!blesses(None));
    }

    /// Every test that reads the variable goes through [`blessing`], so none can bless on
    /// another value again.
    #[test]
    fn every_reader_of_the_variable_uses_this_rule() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap().chain(std::fs::read_dir(dir.join("common")).unwrap()) {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("common/bless.rs") {
                files.push(path);
            }
        }
        assert!(files.len() > 5, "the tests are missing");
        let quoted = format!("\"{VAR}\"");
        let mut readers = Vec::new();
        for path in &files {
            let text = std::fs::read_to_string(path).unwrap();
            for line in text.lines().filter(|l| l.contains(&quoted) && l.contains("var")) {
                readers.push(format!("{}: {}", path.display(), line.trim()));
            }
        }
        assert!(readers.is_empty(), "read {VAR} through bless::blessing():\n{}", readers.join("\n"));
    }
}

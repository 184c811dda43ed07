//! Running the `sow` binary from tests: its exit status and both outputs.
// Each test file uses part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// `sow`, run in the project's folder.
pub fn sow() -> Command {
    let mut c = Command::cargo_bin("sow").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    // Tables fit the width of a terminal (`$COLUMNS`, or 80 off one): the same everywhere.
    c.env("COLUMNS", "80");
    // A search keeps its endgame databases under the cache folder: the tests' own, never the
    // user's.
    c.env("XDG_CACHE_HOME", concat!(env!("CARGO_TARGET_TMPDIR"), "/cache"));
    c
}

/// Runs `sow` with `args`; returns (status, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = sow().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A folder of its own under the temporary folder, named after the test file and the test,
/// removed at the end of the test.
pub struct Dir(pub std::path::PathBuf);

impl Dir {
    pub fn new(suite: &str, test: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("sow-{suite}-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    /// Writes `text` to `name` in the folder; returns its path as text.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// The path of `name` in the folder, as text.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

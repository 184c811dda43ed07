//! Running the `sow` binary from tests: its exit status and both outputs.
// Each test file uses part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// `sow`, run in the project's folder.
pub fn sow() -> Command {
    let mut c = Command::cargo_bin("sow").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
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

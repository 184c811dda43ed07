//! Embeds every file of `variants/` in the binary (`lang::library::BUNDLED`), so that a variant
//! ships by adding its file: the list is the folder, sorted by name.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    // Sorted by the name on the command line (`i` before `i-pere`).
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the variants folder")
        .map(|entry| entry.expect("a variants entry").file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".sow").map(String::from))
        .collect();
    names.sort();
    let mut out = String::from("&[\n");
    for slug in &names {
        let path = dir.join(format!("{slug}.sow"));
        writeln!(out, "    ({slug:?}, include_str!({:?})),", path.display().to_string()).unwrap();
        println!("cargo:rerun-if-changed={}", path.display());
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bundled.rs");
    std::fs::write(target, out).expect("writing the list of bundled variants");
}

//! Files written whole or not at all: each is written to a temporary file beside its target
//! and renamed over it only when the run has succeeded, so that a failed or interrupted run
//! never leaves a half-written file. The outputs of one run must be different files.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use sow::files::io_reason;

use super::error::{Message, usage, write_failed};
use super::signals;

pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates the temporary file now, so that an unwritable place is reported before any
    /// work is done.
    pub fn create(target: &Path, option: &str) -> Result<AtomicFile, Message> {
        let (name, dir) = place(target, option)?;
        let temp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
        let file = File::create(&temp).map_err(|e| {
            usage(format!("{option} `{}`: cannot write there: {}", target.display(), io_reason(&e)))
        })?;
        signals::keep_temporary(&temp);
        Ok(AtomicFile { target: target.to_path_buf(), temp, writer: Some(BufWriter::new(file)) })
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer.as_mut().expect("the file is open until committed")
    }

    /// Flushes and renames the file into place.
    pub fn commit(mut self) -> Result<(), Message> {
        let fail = |e: std::io::Error| {
            write_failed(format!("cannot write `{}`: {}", self.target.display(), io_reason(&e)))
        };
        let mut w = self.writer.take().expect("committed once");
        w.flush().map_err(fail)?;
        w.get_ref().sync_all().map_err(fail)?;
        drop(w);
        std::fs::rename(&self.temp, &self.target).map_err(fail)?;
        signals::forget_temporary(&self.temp);
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
            signals::forget_temporary(&self.temp);
        }
    }
}

/// Refuses a picture not named `FILE.svg`.
pub fn svg_name(plot: Option<&Path>) -> Result<(), Message> {
    match plot {
        Some(p) if p.extension().is_none_or(|e| e != "svg") => {
            Err(usage(format!("--plot `{}`: the picture is an SVG file: name it FILE.svg", p.display())))
        }
        _ => Ok(()),
    }
}

/// Refuses an output that cannot be a file in an existing folder, as `AtomicFile::create`
/// does, for a file written otherwise (records, appended as games end).
pub fn check_place(target: &Path, option: &str) -> Result<(), Message> {
    place(target, option).map(|_| ())
}

/// The file name of an output and the folder it goes in, which must exist.
fn place<'p>(target: &'p Path, option: &str) -> Result<(&'p std::ffi::OsStr, &'p Path), Message> {
    let name = target
        .file_name()
        .ok_or_else(|| usage(format!("{option} `{}`: not a file name", target.display())))?;
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if target.is_dir() {
        return Err(usage(format!("{option} `{}`: it is a directory", target.display())));
    }
    if !dir.is_dir() {
        return Err(usage(format!(
            "{option} `{}`: there is no folder `{}`",
            target.display(),
            dir.display()
        )));
    }
    Ok((name, dir))
}

/// The file a path names, however it is spelt: its folder's canonical path and its name, or
/// where an existing link leads.
fn identity(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Some(dir.canonicalize().ok()?.join(path.file_name()?))
}

/// Refuses two outputs of one run that name the same file: one would overwrite the other.
pub fn distinct(outputs: &[(&str, Option<&Path>)]) -> Result<(), Message> {
    let named: Vec<(&str, &Path, Option<PathBuf>)> =
        outputs.iter().filter_map(|&(option, p)| p.map(|p| (option, p, identity(p)))).collect();
    for (i, (a, pa, ia)) in named.iter().enumerate() {
        for (b, pb, ib) in &named[i + 1..] {
            let same = match (ia, ib) {
                (Some(x), Some(y)) => x == y,
                _ => pa == pb,
            };
            if same {
                let shown = if pa.as_os_str() == pb.as_os_str() {
                    format!("`{}`", pa.display())
                } else {
                    format!("`{}` and `{}`", pa.display(), pb.display())
                };
                return Err(usage(format!(
                    "{a} and {b} both name {shown}: give each output a file of its own"
                )));
            }
        }
    }
    Ok(())
}

/// A file a run reads, and what it is to the run.
pub struct Input {
    /// What the file is to the run: `the tournament file`, `the script of a player`, ...
    pub what: String,
    /// As the user named it, or where it was found.
    pub path: PathBuf,
}

impl Input {
    pub fn new(what: impl Into<String>, path: impl Into<PathBuf>) -> Input {
        Input { what: what.into(), path: path.into() }
    }
}

/// Are two paths one existing file, however each is spelt (links, hard links, `./`)?
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        x.dev() == y.dev() && x.ino() == y.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (x, y);
        identity(a).is_some() && identity(a) == identity(b)
    }
}

/// Refuses an output that is one of the files the run reads: writing it would destroy the
/// input (a tournament file replaced by its records, a variant file by a simulation's).
pub fn apart(outputs: &[(&str, Option<&Path>)], inputs: &[Input]) -> Result<(), Message> {
    for &(option, out) in outputs {
        let Some(out) = out else { continue };
        if let Some(input) = inputs.iter().find(|i| same_file(out, &i.path)) {
            let what = &input.what;
            let named = if out.as_os_str() == input.path.as_os_str() {
                String::new()
            } else {
                format!(" (`{}`)", input.path.display())
            };
            return Err(usage(format!(
                "{option} `{}` would overwrite {what}{named}, which this run reads: write the output to another file",
                out.display()
            )));
        }
    }
    Ok(())
}

/// The files a variant named as `reference` is read from: its own, if it is a file, and those
/// it extends. `dir` is where a relative path is taken from (a tournament file's folder).
pub fn variant_inputs(reference: &str, dir: &Path, inputs: &mut Vec<Input>) {
    let (name, _) = sow::lang::library::split_reference(reference);
    if !sow::lang::library::is_path(name) {
        return;
    }
    let path = dir.join(name);
    let Ok(file) = sow::lang::library::load_path(&path) else {
        inputs.push(Input::new("the variant file", path));
        return;
    };
    inputs.push(Input::new("the variant file", path));
    let mut base = file.base.as_deref();
    while let Some(b) = base {
        if let sow::lang::library::Origin::File(p) = &b.origin {
            inputs.push(Input::new("a variant file that the variant extends", p.clone()));
        }
        base = b.base.as_deref();
    }
}

/// The files a player reads: a script's, or a perfect player's solution table.
pub fn player_inputs(player: &sow::play::registry::PlayerSpec, inputs: &mut Vec<Input>) {
    use sow::play::registry::PlayerSpec;
    match player {
        PlayerSpec::Script { name, .. } => {
            // A script names a file when a file of that name exists (see `PlayerSpec::parse`).
            if let Some(file) = name.strip_prefix("script:").map(Path::new).filter(|p| p.is_file()) {
                inputs.push(Input::new("the script of a player", file));
            }
        }
        PlayerSpec::Perfect { file: Some(f) } => inputs.push(Input::new("the solution table of a player", f)),
        _ => {}
    }
}

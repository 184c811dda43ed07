//! Files written whole or not at all: each is written to a temporary file beside its target
//! and renamed over it only when the run has succeeded, so that a failed or interrupted run
//! never leaves a half-written file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use sow::lang::library::io_reason;

pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates the temporary file now, so that an unwritable place is reported before any
    /// work is done.
    pub fn create(target: &Path, option: &str) -> Result<AtomicFile, String> {
        let name =
            target.file_name().ok_or_else(|| format!("{option} `{}`: not a file name", target.display()))?;
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if target.is_dir() {
            return Err(format!("{option} `{}`: it is a directory", target.display()));
        }
        if !dir.is_dir() {
            return Err(format!("{option} `{}`: there is no folder `{}`", target.display(), dir.display()));
        }
        let temp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
        let file = File::create(&temp)
            .map_err(|e| format!("{option} `{}`: cannot write there: {}", target.display(), io_reason(&e)))?;
        Ok(AtomicFile { target: target.to_path_buf(), temp, writer: Some(BufWriter::new(file)) })
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer.as_mut().expect("the file is open until committed")
    }

    /// Flushes and renames the file into place.
    pub fn commit(mut self) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot write `{}`: {}", self.target.display(), io_reason(&e));
        let mut w = self.writer.take().expect("committed once");
        w.flush().map_err(fail)?;
        w.get_ref().sync_all().map_err(fail)?;
        drop(w);
        std::fs::rename(&self.temp, &self.target).map_err(fail)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

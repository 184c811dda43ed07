//! Reading the files a user names (variant files, scripts, results, solution tables): only
//! regular files, each kind with a size limit, so that a device, a FIFO or a runaway file is
//! refused with a reason instead of blocking or filling memory.

use std::fmt;
use std::io::Read as _;
use std::path::Path;

use crate::error::{Failure, Status};

/// What a file is read as, and the most it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// `a variant file`, `a script`, ...
    pub what: &'static str,
    pub limit: u64,
}

pub const MIB: u64 = 1 << 20;

/// A variant file is a few kilobytes: 1 MiB is generous.
pub const VARIANT: Kind = Kind { what: "a variant file", limit: MIB };
/// A script of moves.
pub const SCRIPT: Kind = Kind { what: "a script", limit: MIB };
/// The results of a run (`--out FILE.json`): histograms are sparse, so a few kilobytes too.
pub const RESULTS: Kind = Kind { what: "a results file", limit: 256 * MIB };

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The path as the user gave it.
    pub path: String,
    pub reason: Reason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    NotFound,
    PermissionDenied,
    Directory,
    /// A device, FIFO or socket: `a FIFO`, `a device`, ...
    NotRegular(&'static str),
    TooLarge {
        size: u64,
        kind: Kind,
    },
    /// Any other I/O error, in the system's words.
    Io(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.reason {
            Reason::NotFound => write!(f, "cannot read `{path}`: no such file"),
            Reason::PermissionDenied => write!(f, "cannot read `{path}`: permission denied"),
            Reason::Directory => write!(f, "cannot read `{path}`: it is a directory"),
            Reason::NotRegular(what) => {
                write!(f, "cannot read `{path}`: it is {what}, not a regular file")
            }
            Reason::TooLarge { size, kind } => write!(
                f,
                "cannot read `{path}`: it holds {}, more than the {} {} may hold",
                bytes(*size),
                bytes(kind.limit),
                kind.what
            ),
            Reason::Io(e) => write!(f, "cannot read `{path}`: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl Failure for ReadError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

/// `512 bytes`, `3.2 KiB`, `5.0 MiB`, `2.4 GiB`.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut v = n as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if v.fract() == 0.0 { format!("{v:.0} {}", UNITS[unit]) } else { format!("{v:.1} {}", UNITS[unit]) }
}

/// The reason of an I/O error in a user's words, without the OS error number.
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match e.kind() {
        NotFound => "no such file".into(),
        PermissionDenied => "permission denied".into(),
        IsADirectory => "it is a directory".into(),
        _ => {
            let s = e.to_string();
            s.split(" (os error").next().unwrap_or(&s).to_string()
        }
    }
}

fn reason(e: &std::io::Error) -> Reason {
    use std::io::ErrorKind::*;
    match e.kind() {
        NotFound => Reason::NotFound,
        PermissionDenied => Reason::PermissionDenied,
        IsADirectory => Reason::Directory,
        _ => Reason::Io(io_reason(e)),
    }
}

/// What a file that is not regular is, in words.
fn file_type(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "not a regular file"
}

/// Opens a regular file to be read a piece at a time, however large (records that are read
/// back line by line). A symbolic link is followed; what it leads to must be a regular file.
pub fn open(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), ReadError> {
    let fail = |reason| ReadError { path: path.display().to_string(), reason };
    // The type is checked before the file is opened: opening a FIFO would block.
    let meta = std::fs::metadata(path).map_err(|e| fail(reason(&e)))?;
    if meta.is_dir() {
        return Err(fail(Reason::Directory));
    }
    if !meta.is_file() {
        return Err(fail(Reason::NotRegular(file_type(&meta))));
    }
    let file = std::fs::File::open(path).map_err(|e| fail(reason(&e)))?;
    Ok((file, meta))
}

/// Reads a whole regular file of `kind`. A symbolic link is followed; what it leads to must
/// be a regular file too.
pub fn read(path: &Path, kind: Kind) -> Result<Vec<u8>, ReadError> {
    let fail = |reason| ReadError { path: path.display().to_string(), reason };
    let (file, meta) = open(path)?;
    if meta.len() > kind.limit {
        return Err(fail(Reason::TooLarge { size: meta.len(), kind }));
    }
    // The file may grow between the check and the read: read one byte past the limit at most.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(kind.limit.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| fail(reason(&e)))?;
    if bytes.len() as u64 > kind.limit {
        return Err(fail(Reason::TooLarge { size: bytes.len() as u64, kind }));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(MIB), "1 MiB");
        assert_eq!(bytes(5 * MIB + MIB / 10), "5.1 MiB");
        assert_eq!(bytes(3 << 30), "3 GiB");
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_refused_without_being_opened() {
        let e = read(Path::new("/dev/zero"), VARIANT).unwrap_err();
        assert_eq!(e.to_string(), "cannot read `/dev/zero`: it is a device, not a regular file");
        let dir = std::env::temp_dir().join(format!("sow-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("f.sow");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read(&fifo, VARIANT).unwrap_err();
            assert!(e.to_string().ends_with("it is a FIFO (named pipe), not a regular file"), "{e}");
        }
        let big = dir.join("big.sow");
        std::fs::write(&big, vec![b'#'; (MIB + 1) as usize]).unwrap();
        let e = read(&big, VARIANT).unwrap_err();
        assert!(
            e.to_string().ends_with("it holds 1.0 MiB, more than the 1 MiB a variant file may hold"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

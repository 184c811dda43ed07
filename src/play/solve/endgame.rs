//! Endgame databases kept on disk, for the search: the table of every distribution of up to
//! some seeds, saved in a folder under the fingerprint of the rules it was built for
//! ([`Rules::fingerprint`]: every compiled table that decides the play of a position, and
//! nothing of names, starting seeds, first player, ply limit or the first plies' rule), so
//! that the next search of any game with the same fingerprint reads it instead of building it
//! (Kalah with 3 seeds a pit and with 4 share one), and grows it by whole seeds.
//!
//! A table of k seeds is the first positions of the table of k + 1 (positions are numbered by
//! their seeds first), so a saved table is read as far as a search wants it, and grown from
//! there by solving the layers above it. A file is a solution file of every distribution
//! (`file.rs`), written to a temporary file and renamed over the last one once whole, after
//! each seed, so an interrupted build keeps every seed it finished and never leaves a partial
//! file. The folder is kept within a size: the databases used least recently go first.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

use crate::cancel::Cancel;
use crate::engine::Rules;
use crate::files::io_reason;

use super::file::{Fnv, Header, MAGIC, every_checksum, parse_header};
use super::index::{Numbering, state_space};
use super::retrograde::layers_from;
use super::values::{Margin, Values};
use super::{Solution, SolutionFileError, SolveError};

/// How the files of a folder of endgame databases are named, before and after the rules'
/// fingerprint.
const PREFIX: &str = "endgame-";
const SUFFIX: &str = ".sow";

/// Bytes read or written at once.
const CHUNK: usize = 1 << 20;

/// Where endgame databases are kept, and how many bytes of the disk they may take together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameStore {
    pub dir: PathBuf,
    pub disk: u64,
}

/// What became of a search's endgame table: read from a saved database, built, saved.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EndgameFigures {
    /// The database file of these rules, when there is a folder.
    pub file: Option<PathBuf>,
    /// The seeds read from the saved database (`None`: nothing read), and in how long.
    pub loaded_seeds: Option<usize>,
    pub load_seconds: f64,
    /// The seeds built (from the first to the last), and in how long.
    pub built: Option<(usize, usize)>,
    pub build_seconds: f64,
    /// The bytes of the file saved, 0 when nothing was.
    pub saved_bytes: u64,
    /// Why the table built was not saved, in words.
    pub not_saved: Option<String>,
    /// Bytes the folder's databases take, after.
    pub disk_used: u64,
}

impl EndgameStore {
    /// The file of the database of these rules.
    pub fn file(&self, rules: &Rules) -> PathBuf {
        self.dir.join(format!("{PREFIX}{:016x}{SUFFIX}", rules.fingerprint()))
    }

    /// The seeds of the database saved for these rules, if there is one: its header alone,
    /// which is refused, as the whole file is, when damaged or made for other rules.
    pub fn saved_seeds(&self, rules: &Rules) -> Result<Option<usize>, SolutionFileError> {
        let path = self.file(rules);
        if !path.exists() {
            return Ok(None);
        }
        let (header, _) = open(&path, rules)?;
        Ok(Some(header.seeds))
    }

    /// The databases of the folder, with their sizes and when they were last used.
    fn databases(&self) -> Vec<(PathBuf, u64, SystemTime)> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return Vec::new() };
        entries
            .filter_map(|e| {
                let e = e.ok()?;
                let name = e.file_name().into_string().ok()?;
                let meta = e.metadata().ok()?;
                (name.starts_with(PREFIX) && name.ends_with(SUFFIX) && meta.is_file())
                    .then(|| (e.path(), meta.len(), meta.modified().unwrap_or(SystemTime::UNIX_EPOCH)))
            })
            .collect()
    }

    fn disk_used(&self) -> u64 {
        self.databases().iter().map(|d| d.1).sum()
    }
}

/// Opens a database file for these rules and reads its header: refused, with why, when it is
/// not a solution file of every distribution made for them, or its size is not its header's.
fn open(path: &Path, rules: &Rules) -> Result<(Header, BufReader<File>), SolutionFileError> {
    let shown = path.display().to_string();
    let bad = |why: &str| SolutionFileError::Damaged { path: shown.clone(), why: why.into() };
    let (file, meta) = crate::files::open(path).map_err(SolutionFileError::Read)?;
    let mut r = BufReader::with_capacity(CHUNK, file);
    let mut start = [0u8; 12];
    if r.read_exact(&mut start).is_err() || &start[..8] != MAGIC {
        return Err(bad("it does not start as one"));
    }
    let len = u32::from_le_bytes(start[8..12].try_into().expect("4 bytes")) as u64;
    // A header is a line of JSON: a length beyond the file is damage, not a reason to read.
    let mut header = vec![0u8; len.min(meta.len()) as usize];
    let read = r.read_exact(&mut header).is_ok() && len <= meta.len();
    let header = parse_header(read.then_some(&header[..]), &shown)?;
    let every = state_space(header.pits, header.seeds);
    let width = if Values::narrow(header.seeds) { 1 } else { 2 };
    let size = every.and_then(|n| n.checked_mul(width + 2)).and_then(|b| b.checked_add(12 + len + 8));
    if header.reachable_only || every != Some(header.positions) || size != Some(meta.len()) {
        return Err(bad("its size does not match its header, or it is not an endgame table"));
    }
    if header.fingerprint != format!("{:016x}", rules.fingerprint()) {
        return Err(SolutionFileError::OtherRules {
            path: shown,
            made_for: header.label(),
            rules: rules.spec().label(),
        });
    }
    Ok((header, r))
}

/// Reads the first `values.len()` positions of the database at `path` (all of its seeds or
/// fewer) into `values` and `depths`, checking the whole file's checksum.
fn read_prefix<T: Margin>(
    path: &Path,
    rules: &Rules,
    values: &mut [T],
    depths: &mut [u16],
) -> Result<(), SolutionFileError> {
    let (header, mut r) = open(path, rules)?;
    let shown = path.display().to_string();
    let damaged = || SolutionFileError::Damaged {
        path: shown.clone(),
        why: "its checksum does not match (the file is damaged)".into(),
    };
    let n = header.positions as usize;
    let wide = !Values::narrow(header.seeds);
    let mut buf = vec![0u8; CHUNK];
    // Values, then depths: each hashed whole, the first positions kept.
    let mut sums = [Fnv::new(), Fnv::new()];
    for (part, width) in [(0, if wide { 2 } else { 1 }), (1, 2)] {
        let mut at = 0usize;
        while at < n {
            let count = (n - at).min(CHUNK / 2);
            let bytes = &mut buf[..count * width];
            r.read_exact(bytes).map_err(|_| damaged())?;
            sums[part].feed(bytes);
            let keep = values.len().saturating_sub(at).min(count);
            for (i, b) in bytes.chunks_exact(width).take(keep).enumerate() {
                if part == 1 {
                    depths[at + i] = u16::from_le_bytes([b[0], b[1]]);
                } else {
                    let v = if wide { i16::from_le_bytes([b[0], b[1]]) as i32 } else { b[0] as i8 as i32 };
                    values[at + i] = T::from_i32(v);
                }
            }
            at += count;
        }
    }
    let mut sum = [0u8; 8];
    r.read_exact(&mut sum).map_err(|_| damaged())?;
    if u64::from_le_bytes(sum) != every_checksum(sums[0].0, sums[1].0) {
        return Err(damaged());
    }
    Ok(())
}

/// Writes the table of `values` and `depths` (every distribution of up to `seeds` seeds) to
/// `path`, by a temporary file renamed over it once whole.
fn write<T: Margin>(
    path: &Path,
    rules: &Rules,
    seeds: usize,
    values: &[T],
    depths: &[u16],
) -> std::io::Result<()> {
    let header =
        Header::new(rules.spec(), rules.fingerprint(), rules.pits(), seeds, values.len() as u64, false);
    let header = serde_json::to_vec(&header).expect("a header serializes");
    let name = path.file_name().expect("a file name").to_string_lossy();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut w = BufWriter::with_capacity(CHUNK, File::create(&temp)?);
        w.write_all(MAGIC)?;
        w.write_all(&(header.len() as u32).to_le_bytes())?;
        w.write_all(&header)?;
        let narrow = Values::narrow(seeds);
        let mut sums = [Fnv::new(), Fnv::new()];
        let mut buf = Vec::with_capacity(CHUNK);
        for chunk in values.chunks(CHUNK / 2) {
            buf.clear();
            for v in chunk {
                let v = v.to_i32();
                if narrow { buf.push(v as i8 as u8) } else { buf.extend((v as i16).to_le_bytes()) }
            }
            sums[0].feed(&buf);
            w.write_all(&buf)?;
        }
        for chunk in depths.chunks(CHUNK / 2) {
            buf.clear();
            buf.extend(chunk.iter().flat_map(|d| d.to_le_bytes()));
            sums[1].feed(&buf);
            w.write_all(&buf)?;
        }
        w.write_all(&every_checksum(sums[0].0, sums[1].0).to_le_bytes())?;
        w.flush()?;
        w.get_ref().sync_all()?;
        drop(w);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Bytes of the file of a table of up to `seeds` seeds holding `positions` positions, but its
/// header's few.
fn file_bytes(seeds: usize, positions: u64) -> u64 {
    positions * if Values::narrow(seeds) { 3 } else { 4 } + 8
}

/// The endgame table of every position of up to `seeds` seeds of `rules` (the rules past the
/// start, without a ply limit): read from `store`'s database as far as it goes, the rest
/// built on `threads` threads and saved there seed by seed (within its disk size).
pub(super) fn endgame_table(
    rules: &Rules,
    seeds: usize,
    store: Option<&EndgameStore>,
    threads: usize,
    cancel: &Cancel,
) -> Result<(Solution, EndgameFigures), SolveError> {
    if Values::narrow(seeds) {
        table::<i8>(rules, seeds, store, threads, cancel)
    } else {
        table::<i16>(rules, seeds, store, threads, cancel)
    }
}

fn table<T: Margin>(
    rules: &Rules,
    seeds: usize,
    store: Option<&EndgameStore>,
    threads: usize,
    cancel: &Cancel,
) -> Result<(Solution, EndgameFigures), SolveError> {
    let pits = rules.pits();
    let numbering = Numbering::new(pits, seeds);
    let positions = state_space(pits, seeds).expect("a table checked") as usize;
    let mut values = vec![T::default(); positions];
    let mut depths = vec![0u16; positions];
    let mut figures = EndgameFigures::default();
    let refused = |e: SolutionFileError| SolveError::EndgameFile(e.to_string());
    let mut from = 0;
    if let Some(store) = store {
        let path = store.file(rules);
        if let Some(saved) = store.saved_seeds(rules).map_err(refused)? {
            let started = Instant::now();
            let have = saved.min(seeds);
            let n = state_space(pits, have).expect("fewer seeds") as usize;
            read_prefix(&path, rules, &mut values[..n], &mut depths[..n]).map_err(refused)?;
            // Used now: the last to be given up for room.
            if let Ok(f) = File::options().write(true).open(&path) {
                let _ = f.set_modified(SystemTime::now());
            }
            figures.loaded_seeds = Some(have);
            figures.load_seconds = started.elapsed().as_secs_f64();
            from = have + 1;
        }
        figures.file = Some(path);
    }
    if from <= seeds {
        let started = Instant::now();
        let mut done = |t: usize, values: &[T], depths: &[u16]| {
            if let Some(store) = store.filter(|_| figures.not_saved.is_none()) {
                save(store, rules, t, values, depths, &mut figures);
            }
        };
        layers_from(
            rules,
            &numbering,
            super::reach::Place(None),
            from,
            (&mut values, &mut depths),
            threads,
            &mut done,
            cancel,
        )?;
        figures.built = Some((from, seeds));
        figures.build_seconds = started.elapsed().as_secs_f64();
    }
    if let Some(store) = store {
        figures.disk_used = store.disk_used();
    }
    let header = Header::new(rules.spec(), rules.fingerprint(), pits, seeds, positions as u64, false);
    let solution = Solution {
        header,
        numbering,
        reach: None,
        values: T::wrap(values),
        depths,
        threads: super::default_threads(),
    };
    Ok((solution, figures))
}

/// Saves the table of up to `seeds` seeds over the last one of these rules, making room in
/// the folder by giving up the databases of other rules used least recently; or says why not.
fn save<T: Margin>(
    store: &EndgameStore,
    rules: &Rules,
    seeds: usize,
    values: &[T],
    depths: &[u16],
    figures: &mut EndgameFigures,
) {
    let path = store.file(rules);
    let bytes = file_bytes(seeds, values.len() as u64);
    if bytes > store.disk {
        figures.not_saved = Some(format!(
            "the table of {seeds} seeds would take {}, more than the {} the endgame databases may take",
            super::bytes_words(bytes),
            super::bytes_words(store.disk)
        ));
        return;
    }
    if let Err(e) = std::fs::create_dir_all(&store.dir) {
        figures.not_saved =
            Some(format!("cannot make the folder `{}`: {}", store.dir.display(), io_reason(&e)));
        return;
    }
    let mut others: Vec<_> = store.databases().into_iter().filter(|d| d.0 != path).collect();
    others.sort_by_key(|d| std::cmp::Reverse(d.2));
    while others.iter().map(|d| d.1).sum::<u64>() + bytes > store.disk {
        let (old, _, _) = others.pop().expect("a database to give up");
        let _ = std::fs::remove_file(old);
    }
    match write(&path, rules, seeds, values, depths) {
        Ok(()) => figures.saved_bytes = std::fs::metadata(&path).map_or(bytes, |m| m.len()),
        Err(e) => figures.not_saved = Some(format!("cannot write `{}`: {}", path.display(), io_reason(&e))),
    }
}

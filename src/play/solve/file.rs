//! Solution files: a header naming the variant, its rules' fingerprint and the table's size,
//! then, for a table of the positions reachable from a start, a bit for every distribution of
//! the seeds with either player to move (little-endian words of 64), set for those in the
//! table; then each position's value (one byte when the table's most seeds are at most 127,
//! else two: `Values::narrow`), then two bytes of depth per position, then a checksum. A file
//! is loaded only for the rules it was made for, whole and undamaged, and only in this format.

use std::fmt;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::engine::Rules;
use crate::engine::compile::fnv1a;
use crate::error::{Failure, Status};
use crate::files::{self, ReadError};
use crate::lang::spec::Spec;

use super::Solution;
use super::index::{Numbering, state_space};
use super::reach::Reach;
use super::values::Values;

pub(super) const MAGIC: &[u8; 8] = b"SOWSOLVE";
/// Format 1 held one byte of value per position, too few for margins above 127; format 2 two
/// bytes for every table; format 3 values at the width the table's seeds need, for every
/// distribution. This one holds a table of every distribution or of the reachable positions.
const FORMAT: &str = "sow solution 4";
/// How [`FORMAT`] and the older formats start, before their number.
const FORMAT_NAME: &str = "sow solution ";
const FORMAT_NUMBER: u32 = 4;

/// The first field of a header, read alone to tell an older format from a damaged file.
#[derive(Deserialize)]
struct Format {
    format: String,
}

/// The header of a solution file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Header {
    format: String,
    pub variant: String,
    pub ruleset: Option<String>,
    pub fingerprint: String,
    pub pits: usize,
    pub seeds: usize,
    pub positions: u64,
    /// True for a table of the positions reachable from a start, false for every distribution.
    pub reachable_only: bool,
}

impl Header {
    pub fn new(
        spec: &Spec,
        fingerprint: u64,
        pits: usize,
        seeds: usize,
        positions: u64,
        reachable_only: bool,
    ) -> Header {
        Header {
            format: FORMAT.into(),
            variant: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            fingerprint: format!("{fingerprint:016x}"),
            pits,
            seeds,
            positions,
            reachable_only,
        }
    }

    /// `Bakuk` or `Bakuk:valdez`.
    pub fn label(&self) -> String {
        match &self.ruleset {
            Some(r) => format!("{}:{r}", self.variant),
            None => self.variant.clone(),
        }
    }
}

/// Why a solution file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolutionFileError {
    Read(ReadError),
    /// The file is not a solution file of sow, or is damaged: why, in words.
    Damaged {
        path: String,
        why: String,
    },
    /// Made for other rules: the variant it was made for, and the one asked for.
    OtherRules {
        path: String,
        made_for: String,
        rules: String,
    },
    /// It holds positions of up to `has` seeds; `needs` are needed.
    TooFewSeeds {
        path: String,
        has: usize,
        needs: usize,
    },
    /// Made by an older sow, in the format numbered `format`: solving again makes a new one.
    OlderFormat {
        path: String,
        format: u32,
    },
}

impl fmt::Display for SolutionFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolutionFileError::Read(e) => e.fmt(f),
            SolutionFileError::Damaged { path, why } => {
                write!(f, "`{path}` is not a solution file of sow: {why}")
            }
            SolutionFileError::OtherRules { path, made_for, rules } => {
                write!(f, "`{path}` was made for other rules ({made_for}), not those of {rules}")
            }
            SolutionFileError::TooFewSeeds { path, has, needs } => {
                write!(f, "`{path}` holds positions of up to {has} seeds, not {needs}")
            }
            SolutionFileError::OlderFormat { path, format } => {
                write!(f, "`{path}` was made by an older sow (format {format}): solve again")
            }
        }
    }
}

impl std::error::Error for SolutionFileError {}

impl Failure for SolutionFileError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

/// The header of a file, `None` when the file is shorter than its header says; an older
/// format or a damaged header refused.
pub(super) fn parse_header(header: Option<&[u8]>, shown: &str) -> Result<Header, SolutionFileError> {
    let bad = |why: &str| SolutionFileError::Damaged { path: shown.into(), why: why.into() };
    // The format first, alone: an older file's header need not read as this one's.
    let format = header
        .and_then(|h| serde_json::from_slice::<Format>(h).ok())
        .ok_or_else(|| bad("its header is damaged"))?
        .format;
    if format != FORMAT {
        let older = format.strip_prefix(FORMAT_NAME).and_then(|n| n.parse::<u32>().ok());
        return Err(match older {
            Some(format) if format < FORMAT_NUMBER => {
                SolutionFileError::OlderFormat { path: shown.into(), format }
            }
            _ => bad(&format!("it is in the format `{format}`, and this sow reads `{FORMAT}`: solve again")),
        });
    }
    header.and_then(|h| serde_json::from_slice(h).ok()).ok_or_else(|| bad("its header is damaged"))
}

/// FNV-1a fed piece by piece: [`fnv1a`] of the pieces joined.
pub(super) struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(fnv1a(&[]))
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The checksum of a table of every distribution (no bits of positions reached), from the
/// hashes of its values and of its depths.
pub(super) fn every_checksum(values: u64, depths: u64) -> u64 {
    fnv1a(&[]).rotate_left(2) ^ values ^ depths.rotate_left(1)
}

fn checksum(reach: &[u8], values: &[u8], depths: &[u8]) -> u64 {
    fnv1a(reach).rotate_left(2) ^ fnv1a(values) ^ fnv1a(depths).rotate_left(1)
}

impl Solution {
    /// Writes the solution: see the module's documentation.
    pub fn save(&self, w: &mut impl Write) -> std::io::Result<()> {
        let header = serde_json::to_vec(&self.header).expect("a header serializes");
        w.write_all(MAGIC)?;
        w.write_all(&(header.len() as u32).to_le_bytes())?;
        w.write_all(&header)?;
        let reach: Vec<u8> = self.reach.iter().flat_map(|r| r.bits()).flat_map(|w| w.to_le_bytes()).collect();
        let values = self.values.to_bytes();
        let depths: Vec<u8> = self.depths.iter().flat_map(|d| d.to_le_bytes()).collect();
        w.write_all(&reach)?;
        w.write_all(&values)?;
        w.write_all(&depths)?;
        w.write_all(&checksum(&reach, &values, &depths).to_le_bytes())
    }

    /// Reads a solution written by [`Solution::save`] for these rules, holding positions of
    /// at least `seeds` seeds.
    pub fn load(path: &Path, rules: &Rules, seeds: usize) -> Result<Solution, SolutionFileError> {
        let shown = path.display().to_string();
        let kind = files::Kind { what: "a solution file", limit: u64::MAX };
        let bytes = files::read(path, kind).map_err(SolutionFileError::Read)?;
        let bad = |why: &str| SolutionFileError::Damaged { path: shown.clone(), why: why.into() };
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(bad("it does not start as one"));
        }
        let len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        let header = parse_header(bytes.get(12..12usize.saturating_add(len)), &shown)?;
        let n = header.positions;
        let width = if Values::narrow(header.seeds) { 1 } else { 2 };
        let body = &bytes[12 + len..];
        let every = (header.pits > 0).then(|| state_space(header.pits, header.seeds)).flatten();
        // The bits of a table of the reachable positions, one for every distribution.
        let reach_bytes = match every {
            Some(all) if header.reachable_only && all <= super::MAX_MARKED => Some(all.div_ceil(64) * 8),
            Some(all) if !header.reachable_only && all == n => Some(0),
            _ => None,
        };
        let sized = reach_bytes.is_some_and(|r| {
            n.checked_mul(width + 2).and_then(|b| b.checked_add(8 + r)) == Some(body.len() as u64)
        });
        if !sized {
            return Err(bad("its size does not match its header"));
        }
        let n = n as usize;
        let (reach, rest) = body.split_at(reach_bytes.unwrap_or(0) as usize);
        let (values, rest) = rest.split_at(width as usize * n);
        let (depths, sum) = rest.split_at(2 * n);
        if checksum(reach, values, depths).to_le_bytes() != sum {
            return Err(bad("its checksum does not match (the file is damaged)"));
        }
        let reach = header.reachable_only.then(|| {
            Reach::from_bits(
                reach.chunks_exact(8).map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes"))).collect(),
            )
        });
        if reach.as_ref().is_some_and(|r| r.count() != n as u64) {
            return Err(bad("its size does not match its header"));
        }
        if header.fingerprint != format!("{:016x}", rules.fingerprint()) {
            return Err(SolutionFileError::OtherRules {
                path: shown,
                made_for: header.label(),
                rules: rules.spec().label(),
            });
        }
        if header.seeds < seeds {
            return Err(SolutionFileError::TooFewSeeds { path: shown, has: header.seeds, needs: seeds });
        }
        Ok(Solution {
            numbering: Numbering::new(header.pits, header.seeds),
            reach,
            values: Values::from_bytes(width as usize, values),
            depths: depths.chunks_exact(2).map(|d| u16::from_le_bytes([d[0], d[1]])).collect(),
            header,
            threads: super::default_threads(),
        })
    }
}

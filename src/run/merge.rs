//! Results of the shards of one run, combined into the result of the whole run: exactly, since
//! tallies are integers, and only when the shards really are the parts of one run.

use std::path::{Path, PathBuf};

use crate::error::{Failure, Status};

use super::report::{Report, RunInfo, VariantReport};
use super::simulate::Shard;
use super::stats::Tally;

/// Why results cannot be merged: the message says which files, and how they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeError(pub String);

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MergeError {}

impl Failure for MergeError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

/// Reads the results a run wrote (`--out FILE.json`).
pub fn read(path: &Path) -> Result<Report, MergeError> {
    let bytes = crate::files::read(path, crate::files::RESULTS).map_err(|e| MergeError(e.to_string()))?;
    let text = String::from_utf8_lossy(&bytes);
    Report::from_json(&text).map_err(|e| MergeError(format!("`{}`: {e}", path.display())))
}

/// Checks that results come from the shards of one run, and adds them up.
pub fn merge(reports: &[(PathBuf, Report)]) -> Result<Report, MergeError> {
    let Some((first_path, first)) = reports.first() else {
        return Err(MergeError("there are no results to merge".into()));
    };
    let labels: Vec<String> = first.0.iter().map(VariantReport::label).collect();
    let mut out = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let base = &first.0[i];
        let mut seen: Vec<Option<&Path>> = Vec::new();
        let mut tally = Tally::new(base.tally.seats.len());
        for (path, report) in reports {
            let show = path.display();
            let Some(r) = report.0.iter().find(|r| &r.label() == label) else {
                return Err(MergeError(format!(
                    "`{show}` holds no results for {label} (`{}` does)",
                    first_path.display()
                )));
            };
            let (a, b) = (&base.run, &r.run);
            let differ = |what: &str, x: String, y: String| {
                format!(
                    "cannot merge {label}: `{}` and `{show}` were run with different {what} ({x} and {y})",
                    first_path.display()
                )
            };
            if a.seed != b.seed {
                return Err(MergeError(differ("seeds", a.seed.to_string(), b.seed.to_string())));
            }
            if a.players != b.players {
                return Err(MergeError(differ("players", a.players.join(","), b.players.join(","))));
            }
            if a.games != b.games {
                return Err(MergeError(differ("numbers of games", a.games.to_string(), b.games.to_string())));
            }
            if a.max_plies != b.max_plies {
                return Err(MergeError(differ(
                    "ply limits",
                    a.max_plies.to_string(),
                    b.max_plies.to_string(),
                )));
            }
            if a.source != b.source {
                return Err(MergeError(differ("variant files", a.source.clone(), b.source.clone())));
            }
            // The metrics of one shard cannot be added to a shard without them, nor to
            // another evaluator's.
            let judged = |t: &crate::run::stats::Tally| {
                t.metrics.as_ref().map_or("no metrics".to_string(), |m| format!("metrics by {}", m.evaluator))
            };
            if judged(&base.tally) != judged(&r.tally) {
                return Err(MergeError(differ("metrics", judged(&base.tally), judged(&r.tally))));
            }
            if b.partial {
                return Err(MergeError(format!(
                    "`{show}` holds a partial run of {label} (it was stopped early): run that shard again"
                )));
            }
            let shard = match &b.shard {
                Some(s) => Shard::parse(s).map_err(|e| MergeError(format!("`{show}`: {e}")))?,
                None => Shard::WHOLE,
            };
            let count = match &a.shard {
                Some(s) => Shard::parse(s)
                    .map_err(|e| MergeError(format!("`{}`: {e}", first_path.display())))?
                    .count(),
                None => 1,
            };
            if shard.count() != count {
                return Err(MergeError(differ("shard counts", count.to_string(), shard.count().to_string())));
            }
            if r.tally.games != shard.games(b.games) {
                return Err(MergeError(format!(
                    "`{show}`: shard {shard} of {} games should hold {} games, not {}",
                    b.games,
                    shard.games(b.games),
                    r.tally.games
                )));
            }
            if seen.len() < count as usize {
                seen.resize(count as usize, None);
            }
            if let Some(other) = seen[shard.index() as usize] {
                return Err(MergeError(format!(
                    "shard {shard} of {label} is given twice: `{}` and `{show}`",
                    other.display()
                )));
            }
            seen[shard.index() as usize] = Some(path);
            tally.merge(&r.tally);
        }
        let missing: Vec<String> = seen
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(k, _)| format!("{}/{}", k + 1, seen.len()))
            .collect();
        if !missing.is_empty() {
            return Err(MergeError(format!(
                "the shards of {label} are incomplete: missing {}",
                missing.join(", ")
            )));
        }
        let run = RunInfo { shard: None, ..base.run.clone() };
        out.push(VariantReport::new(run, tally));
    }
    for (path, report) in reports {
        if let Some(extra) = report.0.iter().find(|r| !labels.contains(&r.label())) {
            return Err(MergeError(format!(
                "`{}` holds results for {}, which `{}` does not",
                path.display(),
                extra.label(),
                first_path.display()
            )));
        }
    }
    Ok(Report(out))
}

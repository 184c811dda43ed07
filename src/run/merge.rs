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

/// The results a run wrote (`--out FILE.json`), as read from the text of `path`: a mapping
/// (a simulation's, by variant; or a tournament's), not yet checked.
pub fn parse(path: &Path, text: &str) -> Result<serde_json::Map<String, serde_json::Value>, MergeError> {
    Report::parse(text).map_err(|e| MergeError(format!("`{}`: {e}", path.display())))
}

/// A simulation's results read from `path` (see [`parse`]), their counts checked.
pub fn from_map(path: &Path, map: serde_json::Map<String, serde_json::Value>) -> Result<Report, MergeError> {
    let damaged = |e: String| MergeError(format!("`{}`: {e}", path.display()));
    for (label, v) in &map {
        check_counts(&v["tally"], &format!("{label}.tally")).map_err(damaged)?;
    }
    let report = Report::from_map(map).map_err(damaged)?;
    if report.0.is_empty() {
        return Err(MergeError(format!(
            "`{}` holds no results: merge the files that `--shard K/N --out FILE.json` wrote",
            path.display()
        )));
    }
    Ok(report)
}

/// The largest count a results file may hold: far more than any run makes (about 17 million
/// million), and small enough that the counts of [`crate::run::simulate::MAX_SHARDS`] shards
/// add up, and are added together, without overflow.
pub const MAX_COUNT: u64 = 1 << 44;

/// The largest sum of per-game figures (kept in fixed point, 2^32 to a unit) in a results file.
pub const MAX_SUM: u64 = 1 << 62;

/// Checks the counts of a results file as read (`tally`, the part that is added up): every
/// number a whole number of at most [`MAX_COUNT`] (sums of figures, under `metrics`, at most
/// [`MAX_SUM`] either way). A number past them was not written by a run: merging it could
/// overflow.
pub fn check_counts(v: &serde_json::Value, path: &str) -> Result<(), String> {
    /// The number past its bound and, innermost first, the keys and items leading to it: the
    /// path is written only for the message, not for every number checked.
    fn walk(
        v: &serde_json::Value,
        metrics: bool,
        sums: bool,
    ) -> Result<(), (&serde_json::Number, Vec<String>)> {
        use serde_json::Value;
        match v {
            Value::Number(n) => {
                let fits = match (n.as_u64(), n.as_i64()) {
                    (Some(x), _) => x <= if sums { MAX_SUM } else { MAX_COUNT },
                    (None, Some(x)) => sums && x.unsigned_abs() <= MAX_SUM,
                    // Fractions are figures, not counts: they are not added.
                    _ => n.as_f64().is_some_and(f64::is_finite) && !sums,
                };
                if !fits {
                    return Err((n, Vec::new()));
                }
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    walk(x, metrics, false).map_err(|(n, mut at)| {
                        at.push(format!("[{i}]"));
                        (n, at)
                    })?;
                }
            }
            Value::Object(map) => {
                for (k, x) in map {
                    // Sums of figures are the `sum` and `squares` of a metric.
                    let sums = metrics && (k == "sum" || k == "squares");
                    walk(x, metrics || k == "metrics", sums).map_err(|(n, mut at)| {
                        at.push(format!(".{k}"));
                        (n, at)
                    })?;
                }
            }
            _ => {}
        }
        Ok(())
    }
    walk(v, false, false).map_err(|(n, at)| {
        let at: String = at.iter().rev().map(String::as_str).collect();
        format!("`{path}{at}` is {n}: no run counts that many, so these are not results sow wrote")
    })
}

/// The shards missing from `count` when those in `seen` are given, as `K/N`: the first few,
/// and how many more, so that the message stays short whatever a file says N is.
pub fn missing(seen: &std::collections::BTreeSet<u64>, count: u64) -> Option<String> {
    const SHOWN: usize = 10;
    let absent = count - seen.len() as u64;
    if absent == 0 {
        return None;
    }
    let first: Vec<String> =
        (0..count).filter(|k| !seen.contains(k)).take(SHOWN).map(|k| format!("{}/{count}", k + 1)).collect();
    let more = absent - first.len() as u64;
    Some(if more == 0 { first.join(", ") } else { format!("{} and {more} more", first.join(", ")) })
}

/// `what` is given twice, by the files `a` and `b` (perhaps one file named twice).
pub fn twice(what: &str, a: &str, b: &str) -> String {
    if a == b {
        format!("{what} is given twice: `{a}` is named twice")
    } else {
        format!("{what} is given twice: `{a}` and `{b}`")
    }
}

/// The shard a results file says it holds (`None`: a whole run, its own only shard).
pub fn shard_of(path: &str, written: Option<&str>) -> Result<Shard, MergeError> {
    match written {
        Some(s) => Shard::read(s).map_err(|e| MergeError(format!("`{path}`: shard `{s}`: {e}"))),
        None => Ok(Shard::WHOLE),
    }
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
        // The shards given, by index: as many as files, whatever count a file claims.
        let mut seen: std::collections::BTreeMap<u64, &Path> = std::collections::BTreeMap::new();
        let count = shard_of(&first_path.display().to_string(), base.run.shard.as_deref())?.count();
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
            // What the games were is compared by fingerprint, whatever the variant's file was
            // called on each machine; results written before fingerprints, by that name.
            match (&a.fingerprint, &b.fingerprint) {
                (Some(x), Some(y)) if x != y => {
                    return Err(MergeError(format!(
                        "cannot merge {label}: `{}` and `{show}` were run on different rules (fingerprints {x} and {y}): the variant's rules or starting position differ",
                        first_path.display()
                    )));
                }
                (Some(_), Some(_)) => {}
                (None, None) if a.source != b.source => {
                    return Err(MergeError(differ("variant files", a.source.clone(), b.source.clone())));
                }
                (None, None) => {}
                (x, _) => {
                    let (with, without) =
                        if x.is_some() { (first_path.display(), show) } else { (show, first_path.display()) };
                    return Err(MergeError(format!(
                        "cannot merge {label}: `{with}` records what its games were (a fingerprint) and `{without}` does not: it was written by an older `sow`; run that shard again"
                    )));
                }
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
            let shard = shard_of(&show.to_string(), b.shard.as_deref())?;
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
            if let Some(other) = seen.insert(shard.index(), path) {
                return Err(MergeError(twice(
                    &format!("shard {shard} of {label}"),
                    &other.display().to_string(),
                    &show.to_string(),
                )));
            }
            tally.merge(&r.tally);
        }
        let given = seen.keys().copied().collect();
        if let Some(list) = missing(&given, count) {
            return Err(MergeError(format!("the shards of {label} are incomplete: missing {list}")));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_past_their_bounds_are_named_by_their_path() {
        let v = serde_json::json!({"games": 3, "seats": [{"wins": 1}, {"wins": MAX_COUNT + 1}],
            "metrics": {"turns": {"n": 2, "sum": MAX_COUNT * 4, "squares": -5}}});
        assert_eq!(
            check_counts(&v, "Bakuk.tally"),
            Err(format!(
                "`Bakuk.tally.seats[1].wins` is {}: no run counts that many, so these are not results sow wrote",
                MAX_COUNT + 1
            ))
        );
        // Sums of figures may be large, and negative, under `metrics` only.
        let ok = serde_json::json!({"metrics": {"turns": {"n": 2, "sum": MAX_SUM, "squares": -5}}});
        assert_eq!(check_counts(&ok, "t"), Ok(()));
        let bad = serde_json::json!({"turns": {"n": 2, "sum": MAX_COUNT + 1}});
        assert!(check_counts(&bad, "t").unwrap_err().starts_with("`t.turns.sum` is"));
        let bad = serde_json::json!({"metrics": {"turns": {"n": -1}}});
        assert!(check_counts(&bad, "t").unwrap_err().starts_with("`t.metrics.turns.n` is -1"));
    }

    #[test]
    fn the_missing_shards_are_listed_briefly_whatever_the_count() {
        let seen: std::collections::BTreeSet<u64> = [0, 2].into_iter().collect();
        assert_eq!(missing(&seen, 3).as_deref(), Some("2/3"));
        assert_eq!(missing(&[0].into_iter().collect(), 2).as_deref(), Some("2/2"));
        assert_eq!(missing(&[0, 1].into_iter().collect(), 2), None);
        let many = missing(&seen, 100_000).unwrap();
        assert!(many.starts_with("2/100000, 4/100000, 5/100000,"), "{many}");
        assert!(many.ends_with("12/100000 and 99988 more"), "{many}");
    }

    #[test]
    fn a_file_named_twice_is_not_shown_as_two() {
        assert_eq!(
            twice("shard 1/2", "a.json", "a.json"),
            "shard 1/2 is given twice: `a.json` is named twice"
        );
        assert_eq!(
            twice("shard 1/2", "a.json", "./a.json"),
            "shard 1/2 is given twice: `a.json` and `./a.json`"
        );
    }
}

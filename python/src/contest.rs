//! `sow.tournament`: a tournament file played as `sow tournament` plays it.

use std::path::Path;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sow::lang::diagnostic::SourceFile;
use sow::run::simulate::Shard;
use sow::tournament::entrants::entrants;
use sow::tournament::file::{self, Tournament, Variants};
use sow::tournament::play::{self, Sitting};
use sow::tournament::{plot, report};

use std::sync::atomic::Ordering;

use crate::{Progress, TournamentError, detached_with, diagnostics_error};

/// Plays the tournament of the file at `path`, or of `text` (its variants found from the
/// working directory; `name` is what messages call it), on `jobs` threads, as `sow
/// tournament` does: its report as JSON, CSV, the tables and the SVG plot, and whether
/// Ctrl-C stopped it (then KeyboardInterrupt is raised instead). The file's mistakes raise
/// TournamentError with every located message. `progress` is called with the games played
/// and the games in all.
#[pyfunction]
#[pyo3(signature = (path = None, text = None, name = "<text>", jobs = None, progress = None))]
pub(crate) fn tournament_report(
    py: Python<'_>,
    path: Option<&str>,
    text: Option<&str>,
    name: &str,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(String, String, String, String)> {
    let jobs = jobs.map(|j| crate::whole_in(j, "jobs", 0, u64::MAX)).transpose()?;
    let checked = match (path, text) {
        (Some(p), None) => file::load(Path::new(p)),
        (None, Some(t)) => file::check_text(
            SourceFile::new(name.to_string(), t.to_string()),
            Variants::Beside(Path::new("")),
            &[],
        ),
        _ => return Err(PyValueError::new_err("give a tournament file's path or its text")),
    };
    let t: Tournament = checked.map_err(|d| diagnostics_error(py, &d, TournamentError::new_err))?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64));
    if jobs == 0 || jobs > sow::run::simulate::MAX_JOBS as u64 {
        return Err(PyValueError::new_err(format!(
            "jobs={jobs}: expected 1 to {}",
            sow::run::simulate::MAX_JOBS
        )));
    }
    let total = sow::tournament::schedule::Plan::new(&t).total_games;
    let progress = progress.map(|callback| Progress { callback, total: Some(total) });
    let played = detached_with(py, "the tournament", progress, |cancel, done| {
        let entrants = entrants(&t, |spec, rules, solved| spec.prepare(rules, solved, cancel))
            .map_err(|e| e.to_string())?;
        let sitting = Sitting {
            jobs: jobs as usize,
            shard: Shard::WHOLE,
            cancel,
            progress: &|n| done.store(n, Ordering::Relaxed),
            resumed: Default::default(),
            resuming: false,
        };
        let played = play::run(&t, &entrants.cast(), sitting, None).map_err(|e| e.to_string())?;
        Ok::<_, String>((played, report::opening_values(&t, &entrants.agents)))
    })?;
    let (played, openings) = played.map_err(PyValueError::new_err)?;
    let report = report::report(&t, &played, None, openings);
    Ok((report.json(), report.csv(), report.table(), plot::svg(&report)))
}

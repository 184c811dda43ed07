//! `sow.simulate`: a simulation as `sow simulate` runs it, with its rules changed (`set`,
//! `vary`), the game-design metrics, the games recorded, and a count of the games played for
//! a progress callback.

use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sow::cancel::Cancel;
use sow::engine::{Rules, compile};
use sow::lang::diagnostic::Diagnostics;
use sow::lang::vary::{self, Change, ChangeKind, Options};
use sow::play::registry::PlayerSpec;
use sow::play::solve as solver;
use sow::run::metrics::{self, Evaluator, EvaluatorSpec};
use sow::run::report::{Report, VariantReport, Varied};
use sow::run::simulate::{self, Planned, RunOptions, Shard};

use crate::{Progress, Variant, detached_with, option_error, variant_error, whole_in};

/// `set=` and `vary=`, as the messages about the rules changed name them.
const ARGUMENTS: Options = Options {
    set: "set=",
    vary: "vary=",
    example: "vary=\"seeds {2..8} in each pit\"",
    twice: "give `vary=` a list of two rules",
    given: |option, text| format!("{option}{text:?}"),
};

/// The variants `variant` stands for with `changes` applied, as `sow simulate --set --vary`
/// makes them: one for each point of the grid of the values (the first `vary` slowest).
fn varied(
    v: &Variant,
    changes: &[Change],
    errors: &mut Diagnostics,
    warnings: &mut Diagnostics,
) -> Vec<Planned> {
    // The players are prepared when the run starts.
    if changes.is_empty() {
        return vec![Planned::new(v.reference.clone(), (*v.rules).clone(), Vec::new())];
    }
    let ruleset = v.rules.spec().ruleset.clone();
    // A changed variant is recorded as named, ruleset and all, with its changes.
    let reference = match &ruleset {
        Some(r) => format!("{}:{r}", v.reference),
        None => v.reference.clone(),
    };
    let made = match vary::variants(&v.file, ruleset.as_deref(), changes) {
        Ok(made) => made,
        Err(d) => {
            errors.extend(d);
            return Vec::new();
        }
    };
    // The variant named was checked when it was read: its own warnings were heard then.
    warnings.extend(made.warnings);
    made.variants
        .into_iter()
        .map(|one| Planned {
            reference: reference.clone(),
            rules: compile(&one.spec),
            agents: Vec::new(),
            varied: Varied::of(&one),
            applied: one.applied,
            evaluator: None,
        })
        .collect()
}

/// The evaluator of `metrics` for a variant, as `sow simulate --metrics` chooses it (see
/// [`metrics::evaluator`]); the exact values are solved here (cancellable).
fn evaluator_for(rules: &Rules, asked: Option<&EvaluatorSpec>, cancel: &Cancel) -> Result<Evaluator, String> {
    let seeds = rules.total_seeds() as usize;
    let exact = || {
        solver::solve_with(rules, seeds, solver::default_threads(), &|_, _| {}, cancel)
            .map_err(|e| sow::error::In::new(rules.spec().label(), e).to_string())
    };
    metrics::evaluator(rules, asked, false, exact).map_err(|e| {
        let instead = match e.instead() {
            [] => String::new(),
            values => {
                let values: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
                format!("; use evaluator={}", values.join(" or "))
            }
        };
        format!("evaluator=\"{}\": {e}{instead}", e.evaluator())
    })?
}

/// Prepares every variant's players (and evaluator) and plays the run, as `sow simulate`
/// does: the report, and each variant's records (JSON lines) if asked for in memory, or
/// written to `file`.
#[allow(clippy::too_many_arguments)]
fn play(
    planned: Vec<Planned>,
    players: &[PlayerSpec],
    opts: &RunOptions,
    metrics: Option<Option<&EvaluatorSpec>>,
    keep: bool,
    mut file: Option<&mut std::io::BufWriter<std::fs::File>>,
    cancel: &Cancel,
    done: &AtomicU64,
) -> Result<(Report, Vec<Vec<u8>>), String> {
    let mut runs = planned;
    for p in &mut runs {
        let seat_players = simulate::seat_players(players, &p.rules).map_err(|e| format!("players: {e}"))?;
        let mut solved = None;
        p.agents = seat_players
            .iter()
            .map(|s| s.prepare(&p.rules, &mut solved, cancel).map_err(|e| format!("players: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(asked) = metrics {
            p.evaluator = Some(evaluator_for(&p.rules, asked, cancel)?);
        }
    }
    let per_variant = opts.shard.games(opts.games);
    let mut report = Report::default();
    let mut records = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        let before = (i as u64).saturating_mul(per_variant);
        let mut lines = Vec::new();
        let record: Option<&mut (dyn std::io::Write + Send)> = match file.as_deref_mut() {
            Some(f) => Some(f),
            None if keep => Some(&mut lines),
            None => None,
        };
        let result = simulate::run(
            &run.job(),
            opts,
            cancel,
            &|n| done.store(before.saturating_add(n), Ordering::Relaxed),
            record,
        )
        .map_err(|e| match e {
            simulate::RunError::Options(e) => option_error(&e).to_string(),
            other => other.to_string(),
        })?;
        records.push(lines);
        report.0.push(VariantReport::new(run.info(opts, result.partial), result.tally));
    }
    Ok((report, records))
}

/// What `sow.simulate` hands to Python: the report as JSON, CSV and the table, whether it
/// was stopped, the SVG picture, and each variant's label and records (JSON lines).
/// and the warnings about the rules changed (as the program prints them; empty if none).
type Simulated = (String, String, String, bool, String, Vec<(String, String)>, String);

/// Runs a simulation as `sow simulate` does (with `--set`, `--vary`, `--metrics`,
/// `--evaluator` and `--record` as given here) and returns its report as JSON, CSV and the
/// table (the metrics' table with `metrics`), whether it was stopped early, the picture of
/// `--plot`, and the records: each variant's label and its games as JSON lines (with
/// `record`; empty otherwise), or written to `record_path`. The games are played on other
/// threads while this one, the GIL released, looks every 50 ms for a signal (Ctrl-C stops
/// the games and raises KeyboardInterrupt) and calls `progress(games done, games in all)`.
#[pyfunction]
#[pyo3(signature = (
    variants, games, players, seed, jobs = None, max_plies = None, set = Vec::new(),
    vary = Vec::new(), metrics = false, evaluator = None, record = false, record_path = None,
    progress = None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate_report(
    py: Python<'_>,
    variants: Vec<PyRef<'_, Variant>>,
    games: &Bound<'_, PyAny>,
    players: Vec<String>,
    seed: &Bound<'_, PyAny>,
    jobs: Option<&Bound<'_, PyAny>>,
    max_plies: Option<&Bound<'_, PyAny>>,
    set: Vec<String>,
    vary: Vec<String>,
    metrics: bool,
    evaluator: Option<String>,
    record: bool,
    record_path: Option<std::path::PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Simulated> {
    let games = whole_in(games, "games", 0, u64::MAX)?;
    let seed = whole_in(seed, "seed", 0, u64::MAX)?;
    let jobs = jobs.map(|j| whole_in(j, "jobs", 0, u64::MAX)).transpose()?;
    let max_plies = max_plies.map(|p| whole_in(p, "max_plies", 0, u64::MAX)).transpose()?;
    if variants.is_empty() {
        return Err(PyValueError::new_err("name at least one variant"));
    }
    if players.is_empty() {
        return Err(PyValueError::new_err("name a player for every seat, or one for all"));
    }
    let players = players
        .iter()
        .map(|p| PlayerSpec::parse(p, false).map_err(|e| PyValueError::new_err(format!("players: {e}"))))
        .collect::<PyResult<Vec<_>>>()?;
    let jobs = match jobs {
        Some(j) => usize::try_from(j).unwrap_or(usize::MAX),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let opts = RunOptions { games, seed, jobs, shard: Shard::WHOLE };
    opts.check().map_err(|e| option_error(&e))?;
    let max_plies = match max_plies {
        Some(p) => {
            let p = u32::try_from(p).unwrap_or(u32::MAX);
            sow::lang::spec::check_ply_limit(p)
                .map_err(|e| PyValueError::new_err(format!("max_plies={p}: {e} plies")))?;
            Some(p)
        }
        None => None,
    };
    let asked = evaluator
        .as_deref()
        .map(EvaluatorSpec::parse)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("evaluator={e}")))?;
    if asked.is_some() && !metrics {
        return Err(PyValueError::new_err(
            "evaluator= judges positions for the metrics: give metrics=True too",
        ));
    }
    // The changes, `set` first (in order), then `vary`, each read and checked.
    let mut errors = Diagnostics::default();
    let mut changes = Vec::new();
    let given = set.iter().map(|t| (ChangeKind::Set, t)).chain(vary.iter().map(|t| (ChangeKind::Vary, t)));
    for (kind, text) in given {
        match Change::parse(&ARGUMENTS, kind, text) {
            Ok(c) => changes.push(c),
            Err(d) => errors.extend(d),
        }
    }
    let mut planned: Vec<Planned> = Vec::new();
    let mut warnings = Diagnostics::default();
    if !errors.has_errors() {
        for v in &variants {
            for mut p in varied(v, &changes, &mut errors, &mut warnings) {
                if let Some(limit) = max_plies {
                    p.rules = p.rules.with_ply_limit(Some(limit));
                }
                let label = p.rules.spec().label();
                if planned.iter().any(|q| q.rules.spec().label() == label) {
                    return Err(PyValueError::new_err(format!("`{label}` is named twice")));
                }
                planned.push(p);
            }
        }
    }
    if errors.has_errors() {
        return Err(variant_error(py, &errors));
    }
    drop(variants);
    let mut file = match &record_path {
        Some(path) => Some(std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| {
            PyValueError::new_err(format!(
                "record={}: cannot write it: {}",
                path.display(),
                sow::files::io_reason(&e)
            ))
        })?)),
        None => None,
    };
    let total = games.saturating_mul(planned.len() as u64);
    let progress = progress.map(|callback| Progress { callback, total: Some(total) });
    let labels: Vec<String> = planned.iter().map(|p| p.rules.spec().label()).collect();
    let metrics = metrics.then_some(asked.as_ref());
    let played = detached_with(py, "the simulation", progress, |cancel, done| {
        play(planned, &players, &opts, metrics, record, file.as_mut(), cancel, done)
    })?
    .map_err(PyValueError::new_err)?;
    if let Some(f) = file.as_mut() {
        f.flush().map_err(|e| PyValueError::new_err(format!("record: {}", sow::files::io_reason(&e))))?;
    }
    let (report, records) = played;
    let table = if report.0.iter().any(|r| r.metrics.is_some()) {
        report.metrics_table()
    } else {
        report.table(false)
    };
    let records = labels
        .into_iter()
        .zip(records)
        .map(|(label, lines)| (label, String::from_utf8(lines).expect("records are JSON")))
        .collect();
    let warned = if warnings.0.is_empty() { String::new() } else { warnings.to_string() };
    Ok((report.json(), report.csv(), table, report.partial(), sow::run::plot::svg(&report), records, warned))
}

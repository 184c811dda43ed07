//! Simulations the page starts: each runs on a thread of its own while the page asks how far
//! it has got, and can be cancelled. They live in memory only: a restart loses a run under
//! way (the page says so), and nothing else. Limits keep a page from tying up the machine:
//! at most [`MAX_RUNNING`] runs at once, [`MAX_GAMES`] games a variant, [`MAX_VARIANTS`]
//! variants a run, [`MAX_SECONDS`] seconds a run (it then stops, its results partial), and
//! the results of the last [`MAX_KEPT`] runs kept.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::cancel::Cancel;
use crate::run::report::Sheet;
use crate::run::simulate::{self, Planned, RunOptions, Shard};
use crate::tournament::entrants::Entrants;
use crate::tournament::file::Tournament;
use crate::tournament::play::{self, Sitting};
use crate::tournament::report;
use crate::tournament::schedule::Plan;

/// Runs going at once; another is refused until one ends.
pub const MAX_RUNNING: usize = 2;
/// Finished runs whose results are kept for the page to fetch.
pub const MAX_KEPT: usize = 16;
/// Games a variant of a run may ask for.
pub const MAX_GAMES: u64 = 1_000_000;
/// Variants one run may compare.
pub const MAX_VARIANTS: usize = 8;
/// A run still going after this long stops, and reports the games it finished.
pub const MAX_SECONDS: u64 = 600;

/// A simulation, checked and ready to start.
pub struct Simulation {
    pub variants: Vec<Planned>,
    pub games: u64,
    pub seed: u64,
}

/// A tournament, checked, with its agents ready: those of every variant (participants, then
/// the skill trace's levels) and their names.
pub struct Contest {
    pub tournament: Tournament,
    pub entrants: Entrants,
}

/// What a run plays.
pub enum Work {
    Simulation(Simulation),
    Tournament(Box<Contest>),
}

impl Work {
    /// Its games, all told.
    pub fn games(&self) -> u64 {
        match self {
            Work::Simulation(s) => s.games * s.variants.len() as u64,
            Work::Tournament(c) => Plan::new(&c.tournament).total_games,
        }
    }

    fn title(&self) -> String {
        match self {
            Work::Simulation(s) => {
                s.variants.iter().map(|v| v.rules.spec().label()).collect::<Vec<_>>().join(", ")
            }
            Work::Tournament(c) => c.tournament.name.clone(),
        }
    }

    /// Plays it, counting games into `done`; the outcome, and whether it was stopped before
    /// its last game.
    fn play(&self, threads: usize, cancel: &Cancel, done: &AtomicU64) -> Result<(Outcome, bool), String> {
        match self {
            Work::Simulation(s) => simulate_all(s, threads, cancel, done),
            Work::Tournament(c) => contest(c, threads, cancel, done),
        }
    }
}

/// Where a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Running,
    /// Every game played.
    Done,
    /// Stopped before its last game: cancelled, or out of time. The results are of the
    /// games finished.
    Stopped,
    Failed,
}

/// What a finished run found: its report (as `sow simulate --format json`), its table (as
/// the command prints it) and its plot (as `--plot` draws it).
struct Outcome {
    /// Kept as written: figures read back into numbers could differ in their last digit.
    report: Box<RawValue>,
    table: String,
    svg: String,
    /// As `--format csv` writes it.
    csv: String,
    /// The table (tables) as the page shows them.
    sheets: Vec<Sheet>,
}

/// A file of a finished run's results, as the command writes it: `results.json`
/// (`--format json`), `results.csv` (`--format csv`) or `plot.svg` (`--plot`).
pub const FILES: [&str; 3] = ["results.json", "results.csv", "plot.svg"];

/// What the page is told of a run.
#[derive(Serialize)]
pub struct Status<'a> {
    pub id: u64,
    /// The variants, as labelled in the report.
    pub title: &'a str,
    /// Games in the whole run, and those finished so far.
    pub games: u64,
    pub done: u64,
    pub state: State,
    /// Since it started, or how long it took; to a tenth of a second.
    pub seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<&'a str>,
    /// The tables as the page shows them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheets: Option<&'a [Sheet]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

struct Run {
    id: u64,
    title: String,
    total: u64,
    done: AtomicU64,
    cancel: Cancel,
    started: Instant,
    finished: Mutex<Option<Finished>>,
}

/// How a run ended, what it found (or why it failed), and how long it took.
type Finished = (State, Result<Outcome, String>, Duration);

impl Run {
    fn state(&self) -> State {
        lock(&self.finished).as_ref().map_or(State::Running, |f| f.0)
    }
}

/// The runs of one server.
#[derive(Default)]
pub struct Runs {
    next: AtomicU64,
    runs: Mutex<Vec<Arc<Run>>>,
}

/// Why a run cannot start.
#[derive(Debug, PartialEq, Eq)]
pub enum StartError {
    Busy,
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Busy => {
                write!(f, "{MAX_RUNNING} runs are going already: wait for one to end, or cancel one")
            }
        }
    }
}

/// A poisoned lock means a run's thread panicked while holding it; what it guards (a list,
/// a result) is still whole.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Runs {
    /// Starts `work` on a thread of its own, using `threads` threads for its games; returns
    /// its number.
    pub fn start(&self, work: Work, threads: usize) -> Result<u64, StartError> {
        let mut runs = lock(&self.runs);
        if runs.iter().filter(|r| r.state() == State::Running).count() >= MAX_RUNNING {
            return Err(StartError::Busy);
        }
        // The oldest finished runs make room.
        while runs.len() >= MAX_KEPT + MAX_RUNNING {
            match runs.iter().position(|r| r.state() != State::Running) {
                Some(i) => drop(runs.remove(i)),
                None => break,
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let run = Arc::new(Run {
            id,
            title: work.title(),
            total: work.games(),
            done: AtomicU64::new(0),
            cancel: Cancel::new(),
            started: Instant::now(),
            finished: Mutex::new(None),
        });
        runs.push(run.clone());
        drop(runs);
        std::thread::spawn(move || {
            let watch = run.clone();
            // Out of time: the run stops as a cancelled one does.
            let timer = std::thread::spawn(move || {
                let limit = Duration::from_secs(MAX_SECONDS);
                while watch.state() == State::Running && watch.started.elapsed() < limit {
                    std::thread::sleep(Duration::from_millis(100));
                }
                watch.cancel.cancel();
            });
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                work.play(threads, &run.cancel, &run.done)
            }));
            let (state, outcome) = match result {
                Ok(Ok((outcome, partial))) => {
                    (if partial { State::Stopped } else { State::Done }, Ok(outcome))
                }
                Ok(Err(why)) => (State::Failed, Err(why)),
                Err(_) => (State::Failed, Err("the run failed".to_string())),
            };
            *lock(&run.finished) = Some((state, outcome, run.started.elapsed()));
            let _ = timer.join();
        });
        Ok(id)
    }

    /// Where run `id` is, with its results once it has them, given to `answer`; `None` for
    /// a run not known (never started, or dropped to keep the last [`MAX_KEPT`]).
    pub fn status<T>(&self, id: u64, answer: impl FnOnce(&Status<'_>) -> T) -> Option<T> {
        let run = lock(&self.runs).iter().find(|r| r.id == id).cloned()?;
        let finished = lock(&run.finished);
        let tenths = |d: Duration| (d.as_secs_f64() * 10.0).round() / 10.0;
        let mut status = Status {
            id: run.id,
            title: &run.title,
            games: run.total,
            done: run.done.load(Ordering::Relaxed),
            state: State::Running,
            seconds: tenths(run.started.elapsed()),
            report: None,
            table: None,
            svg: None,
            sheets: None,
            error: None,
        };
        if let Some((state, outcome, took)) = finished.as_ref() {
            status.state = *state;
            status.seconds = tenths(*took);
            match outcome {
                Ok(o) => {
                    status.report = Some(&o.report);
                    status.table = Some(&o.table);
                    status.svg = Some(&o.svg);
                    status.sheets = Some(&o.sheets);
                }
                Err(why) => status.error = Some(why),
            }
        }
        Some(answer(&status))
    }

    /// One of the [`FILES`] of run `id`'s results, and its type: `None` for a run not known,
    /// `Some(Err)` saying why there is none (a run under way, or failed, or a name not known).
    pub fn file(&self, id: u64, name: &str) -> Option<Result<(&'static str, String), String>> {
        let run = lock(&self.runs).iter().find(|r| r.id == id).cloned()?;
        let finished = lock(&run.finished);
        Some(match finished.as_ref() {
            None => Err(format!("run {id} is still going: its results come when it ends")),
            Some((_, Err(why), _)) => Err(format!("run {id} failed: {why}")),
            Some((_, Ok(o), _)) => match name {
                "results.json" => Ok(("application/json; charset=utf-8", o.report.get().to_string())),
                "results.csv" => Ok(("text/csv; charset=utf-8", o.csv.clone())),
                "plot.svg" => Ok(("image/svg+xml", o.svg.clone())),
                _ => Err(format!("a run's results are {}", FILES.join(", "))),
            },
        })
    }

    /// Asks run `id` to stop; false for a run not known.
    pub fn cancel(&self, id: u64) -> bool {
        match lock(&self.runs).iter().find(|r| r.id == id) {
            Some(run) => {
                run.cancel.cancel();
                true
            }
            None => false,
        }
    }

    /// Stops every run (the server is stopping).
    pub fn cancel_all(&self) {
        for run in lock(&self.runs).iter() {
            run.cancel.cancel();
        }
    }
}

/// Plays every variant of `s` in turn, counting games into `done`; the outcome, and whether
/// it was stopped before its last game.
fn simulate_all(
    s: &Simulation,
    threads: usize,
    cancel: &Cancel,
    done: &AtomicU64,
) -> Result<(Outcome, bool), String> {
    let opts = RunOptions { games: s.games, seed: s.seed, jobs: threads, shard: Shard::WHOLE };
    let report = simulate::run_all(&s.variants, &opts, cancel, &|n| done.store(n, Ordering::Relaxed))
        .map_err(|e| e.to_string())?;
    let outcome = Outcome {
        report: RawValue::from_string(report.json()).map_err(|e| e.to_string())?,
        table: report.table(false),
        svg: crate::run::plot::svg(&report),
        csv: report.csv(),
        sheets: report.sheets(),
    };
    Ok((outcome, report.partial()))
}

/// Plays a tournament as `sow tournament` does, without records.
fn contest(
    c: &Contest,
    threads: usize,
    cancel: &Cancel,
    done: &AtomicU64,
) -> Result<(Outcome, bool), String> {
    let t = &c.tournament;
    let sitting = Sitting {
        jobs: threads,
        shard: Shard::WHOLE,
        cancel,
        progress: &|n| done.store(n, Ordering::Relaxed),
        resumed: Default::default(),
        resuming: false,
    };
    let played = play::run(t, &c.entrants.cast(), sitting, None).map_err(|e| e.to_string())?;
    let report = report::report(t, &played, None, report::opening_values(t, &c.entrants.agents));
    let outcome = Outcome {
        report: RawValue::from_string(report.json()).map_err(|e| e.to_string())?,
        table: report.table(),
        svg: crate::tournament::plot::svg(&report),
        csv: report.csv(),
        sheets: report.sheets(),
    };
    Ok((outcome, played.partial))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::compile;
    use crate::lang::{check, library};
    use crate::play::registry::Agent;

    fn bakuk(games: u64) -> Work {
        let file = library::load("bakuk").unwrap();
        let rules = compile(&check::check(&file, None).unwrap().0);
        Work::Simulation(Simulation {
            variants: vec![Planned::new("bakuk".into(), rules, vec![Agent::Random, Agent::Random])],
            games,
            seed: 7,
        })
    }

    fn status(runs: &Runs, id: u64) -> Option<serde_json::Value> {
        runs.status(id, |s| serde_json::to_value(s).unwrap())
    }

    fn wait(runs: &Runs, id: u64) -> serde_json::Value {
        loop {
            let s = status(runs, id).unwrap();
            if s["state"] != "running" {
                return s;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn a_run_reports_what_simulate_reports() {
        let runs = Runs::default();
        let id = runs.start(bakuk(200), 1).unwrap();
        let s = wait(&runs, id);
        assert_eq!(s["state"], "done");
        assert_eq!(s["done"], 200);
        let v = &s["report"]["Bakuk"];
        assert_eq!(v["games_played"], 200);
        assert!(s["table"].as_str().unwrap().contains("Bakuk"));
        assert!(s["svg"].as_str().unwrap().starts_with("<svg"));
        // The same games on two threads: the same figures.
        let id2 = runs.start(bakuk(200), 2).unwrap();
        assert_eq!(wait(&runs, id2)["report"], s["report"]);
    }

    #[test]
    fn runs_are_limited_and_cancelled() {
        let runs = Runs::default();
        let ids: Vec<u64> = (0..MAX_RUNNING).map(|_| runs.start(bakuk(MAX_GAMES), 1).unwrap()).collect();
        assert_eq!(runs.start(bakuk(10), 1), Err(StartError::Busy));
        for &id in &ids {
            assert!(runs.cancel(id));
            let s = wait(&runs, id);
            assert_eq!(s["state"], "stopped");
            assert!(s["done"].as_u64().unwrap() < MAX_GAMES);
        }
        assert!(!runs.cancel(999));
        assert!(status(&runs, 999).is_none());
        // Room again, and the finished runs are still there to read.
        let id = runs.start(bakuk(10), 1).unwrap();
        assert_eq!(wait(&runs, id)["state"], "done");
        assert!(status(&runs, ids[0]).is_some());
    }
}

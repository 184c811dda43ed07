//! `sow.solve`: a variant solved by a table of the positions its games reach, as
//! `sow solve --method table` does, kept in memory to value and play any position of them;
//! or by search, as `sow solve --method search` does, for boards too large for a table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use sow::cancel::Cancel;
use sow::engine::{Move, Rules, State};
use sow::play::solve::{self as solver, SearchOptions, SearchSolver, Searched, Solution, SolveError};
use sow::run::solved::{SearchFigures, SolveReport, solved_rules};

use crate::{Game, Progress, Variant, detached_with};

/// How a solution values a position: looked up in its table, or searched by a solver that
/// keeps its endgame and transposition tables from one search to the next.
enum Kind {
    Table(Box<Solution>),
    Search {
        solver: Box<Mutex<SearchSolver>>,
        /// The most seeds on the board of a position it can search.
        seeds: usize,
        /// Each search's time limit.
        limit: Option<Duration>,
    },
}

/// A solved variant: the value of the position solved from, with perfect play, its moves'
/// values, a perfect game, and the table (or the searcher) that values every position a
/// game from there reaches (what `sow solve` prints, as Python objects).
#[pyclass(module = "sow._sow", name = "Solution", frozen)]
pub(crate) struct Solved {
    /// The variant's rules, as its games play them.
    played: Arc<Rules>,
    /// The rules solved: a game of rounds cut to its first round.
    rules: Rules,
    kind: Kind,
    report: SolveReport,
    /// The value's bounds proven at the position solved: equal unless a time limit stopped
    /// the search.
    bounds: (i32, i32),
    complete: bool,
    /// `report` as `sow solve --format json` prints it (a stopped search's report is its own).
    json: String,
}

/// Runs `work` with `cancel` cancelled once `limit` has passed: its result, and whether the
/// limit ran out.
fn timed<T>(limit: Option<Duration>, cancel: &Cancel, work: impl FnOnce() -> T) -> (T, bool) {
    let Some(limit) = limit else { return (work(), false) };
    let ran_out = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let flag = &ran_out;
        scope.spawn(move || {
            // The work's end drops the sender, which wakes the timer at once.
            if rx.recv_timeout(limit) == Err(RecvTimeoutError::Timeout) {
                flag.store(true, Ordering::SeqCst);
                cancel.cancel();
            }
        });
        let result = work();
        drop(tx);
        result
    });
    (result, ran_out.load(Ordering::SeqCst))
}

/// Solves `variant` from `start` (its start if None) on `jobs` threads, by a table of the
/// positions reached (of every distribution of its seeds with `strong`), or by search with
/// `method="search"` (`memory` bytes for its tables, an endgame table of up to `endgame`
/// seeds); `time_limit` seconds stop the work. The work runs with the GIL released and
/// stops on Ctrl-C (KeyboardInterrupt). A variant that cannot be solved so raises
/// ValueError with the reason. `progress` is called with the positions solved (a table) or
/// searched (a search) so far and how many there are (None where that is not known
/// beforehand).
#[pyfunction]
#[pyo3(signature = (
    variant, start = None, strong = false, jobs = None, progress = None, method = "table",
    memory = None, endgame = None, time_limit = None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve(
    py: Python<'_>,
    variant: &Variant,
    start: Option<PyRef<'_, Game>>,
    strong: bool,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    method: &str,
    memory: Option<&Bound<'_, PyAny>>,
    endgame: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solved> {
    let search = match method {
        "table" => false,
        "search" => true,
        _ => return Err(PyValueError::new_err(format!("method='{method}': expected 'table' or 'search'"))),
    };
    let jobs = jobs.map(|j| crate::whole_in(j, "jobs", 0, u64::MAX)).transpose()?;
    // Within what a machine could give, so that no size overflows.
    let memory = memory.map(|m| crate::whole_in(m, "memory", 1, 1 << 50)).transpose()?;
    let endgame = endgame.map(|e| crate::whole_in(e, "endgame", 0, u64::MAX)).transpose()?;
    let limit = time_limit.map(seconds).transpose()?;
    if let (Some(m), Some(machine)) = (memory, solver::machine_memory())
        && m > machine
    {
        return Err(PyValueError::new_err(format!(
            "memory={m}: this machine has {} of memory ({machine} bytes): give at most that",
            solver::bytes_words(machine)
        )));
    }
    if search && strong {
        return Err(PyValueError::new_err(
            "strong=True is for a table (every distribution of the seeds): solve with method='table'",
        ));
    }
    if !search {
        for (given, name) in [(memory.is_some(), "memory"), (endgame.is_some(), "endgame")] {
            if given {
                return Err(PyValueError::new_err(format!(
                    "{name}= sizes the tables of a search, and this is solved by a table: add method='search'"
                )));
            }
        }
    }
    let played = Arc::clone(&variant.rules);
    let rules = solved_rules(played.spec());
    let start: State = match start {
        Some(game) => {
            first_round_of(&game, &played).map_err(|why| PyValueError::new_err(format!("start: {why}")))?
        }
        None => rules.initial_state(),
    };
    let threads = match jobs {
        None => solver::default_threads(),
        Some(n) if (1..=sow::run::simulate::MAX_JOBS as u64).contains(&n) => n as usize,
        Some(n) => {
            return Err(PyValueError::new_err(format!(
                "jobs={n}: expected 1 to {}",
                sow::run::simulate::MAX_JOBS
            )));
        }
    };
    let seeds = (rules.total_seeds() as usize).max(start.seeds_on_board() as usize);
    let label = rules.spec().label();
    if search {
        let options = SearchOptions {
            memory: memory.unwrap_or_else(solver::default_memory),
            endgame: endgame.map(|e| e.min(usize::MAX as u64) as usize),
            threads,
            // A notebook's search builds its endgame table for itself, keeping nothing on disk.
            store: None,
        };
        let progress = progress.map(|callback| Progress { callback, total: None });
        let (made, ran_out) = detached_with(py, "the search", progress, |cancel, done| {
            timed(limit, cancel, || {
                let mut searcher = SearchSolver::new(&rules, seeds, &options, cancel)?;
                let done = Arc::clone(done);
                let counted =
                    Box::new(move |p: solver::SearchProgress| done.store(p.nodes, Ordering::Relaxed));
                let found = searcher.search(&start, counted, cancel);
                Ok::<_, SolveError>((searcher, found))
            })
        })?;
        let (searcher, found) = made.map_err(|e| match e {
            SolveError::Cancelled if ran_out => PyValueError::new_err(format!(
                "the time limit ran out while the endgame table of {label} was being built: allow more time, or a smaller table (endgame=SEEDS)"
            )),
            e => PyValueError::new_err(sow::error::In::new(label.clone(), e).to_string()),
        })?;
        too_deep(&label, &found)?;
        let json = if found.complete {
            serde_json::to_string(&SolveReport::from_search(&rules, &found, &start, None))
        } else {
            // As `sow solve --format json` reports a search stopped before its value was proven.
            let spec = rules.spec();
            serde_json::to_string(&serde_json::json!({
                "variant": spec.name,
                "ruleset": spec.ruleset,
                "position": start.pits(),
                "to_move": start.turn() + 1,
                "search": SearchFigures::of(&found),
            }))
        }
        .expect("a report serializes");
        let report = SolveReport::from_search(&rules, &found, &start, None);
        let kind = Kind::Search { solver: Box::new(Mutex::new(searcher)), seeds, limit };
        let (bounds, complete) = ((found.lower, found.upper), found.complete);
        return Ok(Solved { played, rules, kind, report, bounds, complete, json });
    }
    // The positions solved so far, of all there are where that is known beforehand (a table
    // of every distribution).
    let total = if strong { solver::check_solvable(&rules, seeds).ok() } else { None };
    let progress = progress.map(|callback| Progress { callback, total });
    let (solution, ran_out) = detached_with(py, "the solve", progress, |cancel, done| {
        timed(limit, cancel, || {
            let told = |_, positions| done.store(positions, Ordering::Relaxed);
            if strong {
                solver::solve_with(&rules, seeds, threads, &told, cancel)
            } else {
                solver::solve_from(&rules, &start, threads, &told, cancel)
            }
        })
    })?;
    let solution = solution.map_err(|e: SolveError| match e {
        SolveError::Cancelled if ran_out => PyValueError::new_err(format!(
            "the time limit ran out before the table of {label} was complete; a table has no value before it is complete: allow more time, or solve by search (method='search'), which reports the bounds it proved"
        )),
        e => PyValueError::new_err(sow::error::In::new(label, e).to_string()),
    })?;
    let report = SolveReport::from_table(&rules, &solution, &start, None, true)
        .expect("a table solved from a position holds it");
    let json = serde_json::to_string(&report).expect("a report serializes");
    let bounds = (report.value, report.value);
    Ok(Solved { played, rules, kind: Kind::Table(Box::new(solution)), report, bounds, complete: true, json })
}

/// `time_limit`: seconds above 0, as a number.
fn seconds(given: &Bound<'_, PyAny>) -> PyResult<Duration> {
    let refused = || PyValueError::new_err(format!("time_limit={given}: expected seconds above 0"));
    let s: f64 = given.extract().map_err(|_| refused())?;
    if s.is_finite() && s > 0.0 && s < 1e9 { Ok(Duration::from_secs_f64(s)) } else { Err(refused()) }
}

/// A search that followed a line of play too long to value, refused as `sow solve` does.
fn too_deep(label: &str, found: &Searched) -> PyResult<()> {
    if found.too_deep {
        return Err(PyValueError::new_err(format!(
            "{label}: the search followed a line of more than {} plies in which no seed left the board: play that goes round this long cannot be valued by search; a table can (method='table'), up to {} positions",
            solver::MAX_LINE,
            solver::MAX_POSITIONS
        )));
    }
    Ok(())
}

/// The position of `game` if a table of `played` (cut to its first round) may hold it: a game
/// of those rules, not past its first round. Else why not.
fn first_round_of(game: &Game, played: &Arc<Rules>) -> Result<State, String> {
    if !Arc::ptr_eq(&game.rules, played) && game.rules.fingerprint() != played.fingerprint() {
        return Err(format!("a game of {}, not of {}", game.rules.spec().label(), played.spec().label()));
    }
    if game.state.rounds_over() > 0 {
        return Err("a table holds the positions of a game's first round, and this game is past it".into());
    }
    Ok(game.state)
}

impl Solved {
    /// The position of `game` and its value, if the table holds it: a game of the variant
    /// solved, in its first round for a game of rounds, and in the table.
    fn valued(&self, py: Python<'_>, game: &Game) -> PyResult<(State, i32)> {
        let state = first_round_of(game, &self.played).map_err(PyValueError::new_err)?;
        match &self.kind {
            Kind::Table(solution) => match solution.value(&self.rules, &state) {
                Some(value) => Ok((state, value)),
                None => Err(PyValueError::new_err(
                    "the position is not in the table, which holds the positions reachable from the position solved (solve with strong=True for every one)",
                )),
            },
            Kind::Search { .. } => {
                let found = self.searched(py, &state)?;
                Ok((state, found.lower))
            }
        }
    }

    /// `state` searched to its value by the solution's searcher (whose tables keep what the
    /// searches before proved).
    fn searched(&self, py: Python<'_>, state: &State) -> PyResult<Searched> {
        let Kind::Search { solver, seeds, limit } = &self.kind else {
            unreachable!("a table's solution looks its positions up")
        };
        if state.seeds_on_board() as usize > *seeds {
            return Err(PyValueError::new_err(format!(
                "the position has {} seeds on the board, and the search was made for at most {seeds}",
                state.seeds_on_board()
            )));
        }
        // Not waited for: the thread that holds it waits for the GIL now and then.
        let Ok(mut searcher) = solver.try_lock() else {
            return Err(PyRuntimeError::new_err(
                "the solution is searching for another thread: one search at a time",
            ));
        };
        let searcher: &mut SearchSolver = &mut searcher;
        let (found, ran_out) = detached_with(py, "the search", None, |cancel, _| {
            timed(*limit, cancel, || searcher.search(state, Box::new(|_| {}), cancel))
        })?;
        too_deep(&self.rules.spec().label(), &found)?;
        if !found.complete {
            let why = if ran_out { "the time limit ran out" } else { "the search was stopped" };
            return Err(PyValueError::new_err(format!(
                "{why} before the position's value was proven: it is at least {} and at most {}",
                found.lower, found.upper
            )));
        }
        Ok(found)
    }

    /// A search's solution cannot say what only a table knows.
    fn table(&self, what: &str) -> PyResult<&Solution> {
        match &self.kind {
            Kind::Table(solution) => Ok(solution),
            Kind::Search { .. } => Err(PyValueError::new_err(format!(
                "{what}: a search proves the value of a position and of its best moves, and of the other moves only that they are worse (report['openings'] marks which are exact); a table (method='table') values every move"
            ))),
        }
    }

    /// True once the value of the position solved is proven.
    fn proven(&self) -> bool {
        self.complete
    }
}

#[pymethods]
impl Solved {
    /// What `sow solve --format json` prints, as a dict: variant, ruleset, position, to_move,
    /// finished, value, winner, openings (each move with its value, best first),
    /// principal_variation, endless, final_scores, and for a table positions and reachable
    /// (counts won, drawn and lost by the player to move), for a search its figures
    /// (`search`). A search stopped by its time limit has only variant, ruleset, position,
    /// to_move and search.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    /// How it was solved: 'table' or 'search'.
    #[getter]
    fn method(&self) -> &'static str {
        match self.kind {
            Kind::Table(_) => "table",
            Kind::Search { .. } => "search",
        }
    }

    /// False when a time limit stopped the search before the value was proven: `bounds` then
    /// holds what it proved, and there is no value, winner, openings nor perfect game.
    #[getter]
    fn complete(&self) -> bool {
        self.proven()
    }

    /// The least and the most the value can be (equal once it is proven).
    #[getter]
    fn bounds(&self) -> (i32, i32) {
        self.bounds
    }

    /// The margin in seeds the player to move at the position solved can force (above 0: a
    /// win, 0: a draw, below 0: a loss); None when a time limit stopped the search.
    #[getter]
    fn value(&self) -> Option<i32> {
        self.proven().then_some(self.report.value)
    }

    /// The player (1-based) who wins with perfect play from the position solved; None for a
    /// draw, or when a time limit stopped the search.
    #[getter]
    fn winner(&self) -> Option<usize> {
        if self.proven() { self.report.winner } else { None }
    }

    /// The player to move at the position solved, 1-based.
    #[getter]
    fn to_move(&self) -> usize {
        self.report.to_move
    }

    /// Each move of the position solved with its value for its player, best first (by a
    /// search, the moves not best with the most they are worth).
    #[getter]
    fn openings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for m in &self.report.openings {
            dict.set_item(m.mv.to_string(), m.value)?;
        }
        Ok(dict)
    }

    /// The moves worth the value at the position solved.
    #[getter]
    fn best_moves(&self) -> Vec<String> {
        self.report.best_moves().map(|m| m.to_string()).collect()
    }

    /// A perfect game from the position solved (best moves, the first among equals).
    #[getter]
    fn principal_variation(&self) -> Vec<String> {
        self.report.principal_variation.iter().map(Move::to_string).collect()
    }

    /// The positions in the table; None for a search, which keeps none.
    #[getter]
    fn positions(&self) -> Option<u64> {
        match &self.kind {
            Kind::Table(solution) => Some(solution.positions()),
            Kind::Search { .. } => None,
        }
    }

    /// True for a game of rounds: the table values its first round, to the seeds each player
    /// holds when it is over.
    #[getter]
    fn first_round(&self) -> bool {
        self.report.first_round
    }

    /// The value of `game`'s position for its player to move (the seeds they can win more
    /// than the opponent from here on). ValueError for a game of another variant, or a
    /// position the table does not hold. A search's solution searches the position.
    fn value_of(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<i32> {
        Ok(self.valued(py, &game)?.1)
    }

    /// Each legal move of `game` with its value for the player to move (empty once the game
    /// is over), best first. A table's solution only: a search does not value every move.
    fn move_values<'py>(&self, py: Python<'py>, game: PyRef<'_, Game>) -> PyResult<Bound<'py, PyDict>> {
        let solution = self.table("move_values")?;
        let (state, _) = self.valued(py, &game)?;
        let mut moves = solution.move_values(&self.rules, &state);
        moves.sort_by_key(|m| (-m.value, m.mv));
        let dict = PyDict::new(py);
        for m in moves {
            dict.set_item(m.mv.to_string(), m.value)?;
        }
        Ok(dict)
    }

    /// A best move of `game`, as the perfect player of `sow` plays it: the highest value, and
    /// among equals, from a table, one that captures or ends the game or comes closest to it
    /// (the first of those), from a search the first of its perfect game. None once the game
    /// is over. A `Solution` called with a game does the same: it is a perfect-play function.
    fn best_move(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<Option<String>> {
        let state = first_round_of(&game, &self.played).map_err(PyValueError::new_err)?;
        match &self.kind {
            Kind::Table(solution) => {
                let (state, _) = self.valued(py, &game)?;
                Ok(solution.best_move(&self.rules, &state, |_| 0).map(|m| m.to_string()))
            }
            Kind::Search { .. } => {
                Ok(self.searched(py, &state)?.principal_variation.first().map(Move::to_string))
            }
        }
    }

    fn __call__(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<Option<String>> {
        self.best_move(py, game)
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let label = self.played.spec().label();
        let verdict = match r.winner {
            _ if !self.proven() => {
                return format!(
                    "<sow.Solution {label}: stopped, the value between {} and {}>",
                    self.bounds.0, self.bounds.1
                );
            }
            Some(w) => format!("player {w} wins by {}", r.value.abs()),
            None => "a draw".into(),
        };
        match &self.kind {
            Kind::Table(solution) => {
                format!("<sow.Solution {label}: {verdict}, {} positions>", solution.positions())
            }
            Kind::Search { .. } => format!("<sow.Solution {label}: {verdict}, by search>"),
        }
    }
}

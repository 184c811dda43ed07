//! `sow.solve`: a variant solved by a table of the positions its games reach, as
//! `sow solve --method table` does, kept in memory to value and play any position of them.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use sow::engine::{Move, Rules, State};
use sow::play::solve::{self as solver, Solution, SolveError};
use sow::run::solved::{SolveReport, solved_rules};

use std::sync::atomic::Ordering;

use crate::{Game, Progress, Variant, detached_with};

/// A solved variant: the value of the position solved from, with perfect play, its moves'
/// values, a perfect game, and the table that values every position a game from there
/// reaches (what `sow solve` prints, as Python objects).
#[pyclass(module = "sow._sow", name = "Solution", frozen)]
pub(crate) struct Solved {
    /// The variant's rules, as its games play them.
    played: Arc<Rules>,
    /// The rules solved: a game of rounds cut to its first round.
    rules: Rules,
    solution: Solution,
    report: SolveReport,
}

/// Solves `variant` from `start` (its start if None) on `jobs` threads, or every distribution
/// of its seeds with `strong`; the work runs with the GIL released and stops on Ctrl-C
/// (KeyboardInterrupt). A variant a table cannot solve raises ValueError with the reason.
/// `progress` is called with the positions solved so far and how many there are (None
/// where that is not known beforehand).
#[pyfunction]
#[pyo3(signature = (variant, start = None, strong = false, jobs = None, progress = None))]
pub(crate) fn solve(
    py: Python<'_>,
    variant: &Variant,
    start: Option<PyRef<'_, Game>>,
    strong: bool,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solved> {
    let jobs = jobs.map(|j| crate::whole_in(j, "jobs", 0, u64::MAX)).transpose()?;
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
    // The positions solved so far, of all there are where that is known beforehand (a table
    // of every distribution).
    let total = if strong { solver::check_solvable(&rules, seeds).ok() } else { None };
    let progress = progress.map(|callback| Progress { callback, total });
    let solution = detached_with(py, "the solve", progress, |cancel, done| {
        let told = |_, positions| done.store(positions, Ordering::Relaxed);
        if strong {
            solver::solve_with(&rules, seeds, threads, &told, cancel)
        } else {
            solver::solve_from(&rules, &start, threads, &told, cancel)
        }
    })?
    .map_err(|e: SolveError| PyValueError::new_err(sow::error::In::new(label, e).to_string()))?;
    let report = SolveReport::from_table(&rules, &solution, &start, None, true)
        .expect("a table solved from a position holds it");
    Ok(Solved { played, rules, solution, report })
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
    fn valued(&self, game: &Game) -> PyResult<(State, i32)> {
        let state = first_round_of(game, &self.played).map_err(PyValueError::new_err)?;
        match self.solution.value(&self.rules, &state) {
            Some(value) => Ok((state, value)),
            None => Err(PyValueError::new_err(
                "the position is not in the table, which holds the positions reachable from the position solved (solve with strong=True for every one)",
            )),
        }
    }
}

#[pymethods]
impl Solved {
    /// What `sow solve --format json` prints, as a dict: variant, ruleset, position, to_move,
    /// finished, value, winner, openings (each move with its value, best first),
    /// principal_variation, endless, final_scores, positions and reachable (counts won,
    /// drawn and lost by the player to move).
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.report).expect("a report serializes");
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The margin in seeds the player to move at the position solved can force (above 0: a
    /// win, 0: a draw, below 0: a loss).
    #[getter]
    fn value(&self) -> i32 {
        self.report.value
    }

    /// The player (1-based) who wins with perfect play from the position solved; None for a
    /// draw.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.report.winner
    }

    /// The player to move at the position solved, 1-based.
    #[getter]
    fn to_move(&self) -> usize {
        self.report.to_move
    }

    /// Each move of the position solved with its value for its player, best first.
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

    /// The positions in the table.
    #[getter]
    fn positions(&self) -> u64 {
        self.solution.positions()
    }

    /// True for a game of rounds: the table values its first round, to the seeds each player
    /// holds when it is over.
    #[getter]
    fn first_round(&self) -> bool {
        self.report.first_round
    }

    /// The value of `game`'s position for its player to move (the seeds they can win more
    /// than the opponent from here on). ValueError for a game of another variant, or a
    /// position the table does not hold.
    fn value_of(&self, game: PyRef<'_, Game>) -> PyResult<i32> {
        Ok(self.valued(&game)?.1)
    }

    /// Each legal move of `game` with its value for the player to move (empty once the game
    /// is over), best first.
    fn move_values<'py>(&self, py: Python<'py>, game: PyRef<'_, Game>) -> PyResult<Bound<'py, PyDict>> {
        let (state, _) = self.valued(&game)?;
        let mut moves = self.solution.move_values(&self.rules, &state);
        moves.sort_by_key(|m| (-m.value, m.mv));
        let dict = PyDict::new(py);
        for m in moves {
            dict.set_item(m.mv.to_string(), m.value)?;
        }
        Ok(dict)
    }

    /// A best move of `game`, as the perfect player of `sow` plays it: the highest value, and
    /// among equals one that captures or ends the game or comes closest to it (the first of
    /// those). None once the game is over. A `Solution` called with a game does the same: it
    /// is a perfect-play function.
    fn best_move(&self, game: PyRef<'_, Game>) -> PyResult<Option<String>> {
        let (state, _) = self.valued(&game)?;
        Ok(self.solution.best_move(&self.rules, &state, |_| 0).map(|m| m.to_string()))
    }

    fn __call__(&self, game: PyRef<'_, Game>) -> PyResult<Option<String>> {
        self.best_move(game)
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let verdict = match r.winner {
            Some(w) => format!("player {w} wins by {}", r.value.abs()),
            None => "a draw".into(),
        };
        format!(
            "<sow.Solution {}: {verdict}, {} positions>",
            self.played.spec().label(),
            self.solution.positions()
        )
    }
}

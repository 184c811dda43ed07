//! The native module `sow._sow`: the engine of the `sow` crate as Python objects.
//!
//! A [`Variant`] holds compiled rules in an `Arc`; a [`Game`] holds the rules' `Arc` and its
//! position by value, so that a move costs a parse, the engine's move and no copy of the rules.
//! The Python package (`python/pysrc/sow`) re-exports these classes with its own functions
//! around them; its docstrings and `.pyi` stubs are the user's reference.

mod contest;
mod observe;
mod solved;
mod study;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use sow::cancel::Cancel;
use sow::engine::notation;
use sow::engine::replay::{self, PositionReport};
use sow::engine::{History, Move, Outcome, Rules, State};
use sow::lang::diagnostic::Diagnostics;
use sow::lang::library::{self, VariantFile};
use sow::lang::{check, describe};
use sow::run::simulate::OptionError;

create_exception!(
    sow,
    VariantError,
    PyException,
    "A variant that could not be loaded: its text has mistakes, or it could not be read.\n\n\
     `messages` holds every message (a `Message`: severity, message, line, column, rendered);\n\
     str() is the messages as the `sow` program prints them."
);

/// One message about a variant's text: an error or a warning, where it points, and the
/// message as the `sow` program prints it.
#[pyclass(module = "sow._sow", frozen, get_all)]
struct Message {
    /// `"error"` or `"warning"`.
    severity: &'static str,
    /// The message alone, one line (`unknown variant `bakk``).
    message: String,
    /// The name the file is shown under (a path, `bakuk (bundled)`), if the message points
    /// into one.
    file: Option<String>,
    /// 1-based line of the text it points at, if it points at some.
    line: Option<usize>,
    /// 1-based column (in characters), if it points at some text.
    column: Option<usize>,
    /// The message as the `sow` program prints it: the excerpt underlined, notes and help.
    rendered: String,
}

#[pymethods]
impl Message {
    fn __repr__(&self) -> String {
        let at = match (&self.file, self.line, self.column) {
            (Some(f), Some(l), Some(c)) => format!(" at {f}:{l}:{c}"),
            _ => String::new(),
        };
        format!("<Message {}{at}: {}>", self.severity, self.message)
    }

    fn __str__(&self) -> String {
        self.rendered.clone()
    }
}

/// Every message of `d`, as [`Message`]s (what `sow serve` sends as `diagnostics`).
fn messages(d: &Diagnostics) -> Vec<Message> {
    d.0.iter()
        .map(|m| {
            let at = m.line_col();
            Message {
                severity: m.severity.name(),
                message: m.message.clone(),
                file: m.location.as_ref().map(|l| l.file.name.clone()),
                line: at.map(|a| a.0),
                column: at.map(|a| a.1),
                rendered: m.to_string(),
            }
        })
        .collect()
}

create_exception!(
    sow,
    TournamentError,
    PyException,
    "A tournament file that could not be played: its text has mistakes, or it could not be\n\
     read. `messages` holds every message, as in VariantError."
);

/// An error made by `new_err` (`VariantError`, `TournamentError`) whose str() is the
/// messages as the CLI prints them, with `messages` set.
fn diagnostics_error(py: Python<'_>, d: &Diagnostics, new_err: fn(String) -> PyErr) -> PyErr {
    let err = new_err(d.to_string().trim_end().to_string());
    let list = messages(d).into_iter().map(|m| Py::new(py, m)).collect::<PyResult<Vec<_>>>();
    match list.and_then(|l| err.value(py).setattr("messages", l)) {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `VariantError` of `d`'s messages.
fn variant_error(py: Python<'_>, d: &Diagnostics) -> PyErr {
    diagnostics_error(py, d, VariantError::new_err)
}

/// The moves of one variant as Python strings, made once each: `legal_moves()` is called every
/// ply of a Python loop, and handing out the same strings again costs a fraction of writing
/// them anew. Shared by a variant and its games.
#[derive(Default)]
struct MoveNames(Mutex<HashMap<Move, Py<PyString>>>);

impl MoveNames {
    fn list<'py>(&self, py: Python<'py>, moves: impl Iterator<Item = Move>) -> PyResult<Bound<'py, PyList>> {
        let mut names = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let list = PyList::empty(py);
        for mv in moves {
            let name = names.entry(mv).or_insert_with(|| PyString::new(py, &mv.to_string()).unbind());
            list.append(name.bind(py))?;
        }
        Ok(list)
    }
}

/// The numbering of a variant's moves (`Rules::move_space`): a move's number is its action
/// in OpenSpiel. Shared by a variant and its games.
struct Actions {
    moves: Vec<Move>,
    number: HashMap<Move, usize>,
}

impl Actions {
    fn of(rules: &Rules) -> Actions {
        let moves = rules.move_space();
        let number = moves.iter().enumerate().map(|(i, &m)| (m, i)).collect();
        Actions { moves, number }
    }
}

/// A variant, checked (with a ruleset, if one was named) and compiled: what `sow.load` and
/// `sow.load_text` return. Start games with `new_game()` or `position(...)`.
#[pyclass(module = "sow._sow", frozen)]
struct Variant {
    rules: Arc<Rules>,
    names: Arc<MoveNames>,
    actions: Arc<Actions>,
    /// How the variant was named (`bakuk`, a path, the name of a text), for the records of runs.
    reference: String,
    /// The rulesets the variant's file defines.
    rulesets: Vec<String>,
    warnings: Diagnostics,
    /// The variant's file as read (with the files it extends): what `set` and `vary` change,
    /// and what a pickle holds.
    file: Arc<VariantFile>,
}

impl Variant {
    fn from_file(
        py: Python<'_>,
        reference: &str,
        file: &VariantFile,
        ruleset: Option<&str>,
    ) -> PyResult<Variant> {
        let (spec, warnings) = check::check(file, ruleset).map_err(|d| variant_error(py, &d))?;
        let rules = sow::engine::compile(&spec);
        Ok(Variant {
            actions: Arc::new(Actions::of(&rules)),
            rules: Arc::new(rules),
            names: Arc::default(),
            reference: reference.to_string(),
            rulesets: file.ruleset_names().iter().map(|s| s.to_string()).collect(),
            warnings,
            file: Arc::new(file.clone()),
        })
    }

    /// What a pickle of the variant holds: how to load it again (a bundled name, a path, or
    /// the text and its name), the ruleset, and the fingerprint of its rules, which the
    /// variant loaded again must have.
    fn pickled(&self) -> (&'static str, String, String, Option<String>, String) {
        let ruleset = self.rules.spec().ruleset.clone();
        let fingerprint = format!("{:016x}", self.rules.game_fingerprint());
        match &self.file.origin {
            library::Origin::Bundled(name) => {
                ("bundled", name.to_string(), String::new(), ruleset, fingerprint)
            }
            library::Origin::File(path) => {
                ("path", path.display().to_string(), String::new(), ruleset, fingerprint)
            }
            library::Origin::Text(name) => {
                ("text", self.file.file.text.clone(), name.clone(), ruleset, fingerprint)
            }
        }
    }
}

/// A variant read back from its pickle (see `Variant::pickled`): loaded again as it was, and
/// refused if its rules are not those pickled (its file has changed since).
#[pyfunction]
fn _unpickle_variant(
    py: Python<'_>,
    kind: &str,
    what: &str,
    name: &str,
    ruleset: Option<&str>,
    fingerprint: &str,
    reference: &str,
) -> PyResult<Variant> {
    let file = match kind {
        "text" => library::load_text(name, what),
        _ => library::load(what),
    }
    .map_err(|d| variant_error(py, &d))?;
    let mut variant = Variant::from_file(py, reference, &file, ruleset)?;
    let again = format!("{:016x}", variant.rules.game_fingerprint());
    if again != fingerprint {
        return Err(PyValueError::new_err(format!(
            "{}: the variant read back from its pickle plays other rules than the one pickled (its file `{what}` has changed since)",
            variant.rules.spec().label()
        )));
    }
    variant.reference = reference.to_string();
    Ok(variant)
}

/// A game read back from its pickle: its variant, the position it started from (None for the
/// variant's start; else the seeds in the pits and the player to move, 0-based) and the moves
/// played since, played again.
#[pyfunction]
fn _unpickle_game(
    variant: &Bound<'_, Variant>,
    start: Option<(Vec<u8>, usize)>,
    moves: Vec<String>,
) -> PyResult<Game> {
    let v = variant.get();
    let state = match &start {
        None => v.rules.initial_state(),
        Some((pits, player)) => {
            v.rules.state_from(pits, *player).map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    let mut game = Game::new(variant, state, start);
    for mv in moves {
        let parsed = notation::parse_move_for(&game.rules, &mv, None)
            .map_err(|e| PyValueError::new_err(format!("{mv}: {e}")))?;
        game.play_move(parsed).map_err(PyValueError::new_err)?;
    }
    Ok(game)
}

/// Loads a variant: a bundled name (`"bakuk"`) or a path to a `.sow` file, with a ruleset
/// named by `ruleset` or after a colon (`"bakuk:three-player"`), as the `sow` program does.
#[pyfunction]
#[pyo3(signature = (reference, ruleset = None))]
fn load(py: Python<'_>, reference: &str, ruleset: Option<&str>) -> PyResult<Variant> {
    let (name, inline) = library::split_reference(reference);
    let ruleset = match (inline, ruleset) {
        (Some(a), Some(b)) if a != b => {
            return Err(PyValueError::new_err(format!(
                "two rulesets named: `{a}` in `{reference}` and ruleset=`{b}`"
            )));
        }
        (Some(a), _) => Some(a),
        (None, r) => r,
    };
    let file = library::load(name).map_err(|d| variant_error(py, &d))?;
    Variant::from_file(py, name, &file, ruleset)
}

/// Loads a variant from its text; `name` is what messages call the text. A variant that
/// extends another names a bundled variant (a path is found from the working directory).
#[pyfunction]
#[pyo3(signature = (text, ruleset = None, name = "<text>"))]
fn load_text(py: Python<'_>, text: &str, ruleset: Option<&str>, name: &str) -> PyResult<Variant> {
    let file = library::load_text(name, text).map_err(|d| variant_error(py, &d))?;
    Variant::from_file(py, name, &file, ruleset)
}

/// The names of the bundled variants, as `sow list` gives them.
#[pyfunction]
fn bundled() -> Vec<&'static str> {
    library::BUNDLED.iter().map(|(n, _)| *n).collect()
}

#[pymethods]
impl Variant {
    /// The variant's name, as its file states it (`"Bakuk"`).
    #[getter]
    fn name(&self) -> String {
        self.rules.spec().name.clone()
    }

    /// The ruleset in force, or None.
    #[getter]
    fn ruleset(&self) -> Option<String> {
        self.rules.spec().ruleset.clone()
    }

    /// The name with the ruleset, as the `sow` program writes it (`"Bakuk:three-player"`).
    #[getter]
    fn label(&self) -> String {
        self.rules.spec().label()
    }

    /// The rulesets the variant's file defines (any of them may be given to `sow.load`).
    #[getter]
    fn rulesets(&self) -> Vec<String> {
        self.rulesets.clone()
    }

    /// How the variant was named when loaded (`"bakuk"`, a path, the name given to a text).
    #[getter]
    fn reference(&self) -> String {
        self.reference.clone()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.rules.players()
    }

    /// The number of pits on the board.
    #[getter]
    fn pits(&self) -> usize {
        self.rules.pits()
    }

    /// Whether the board has a store for each player.
    #[getter]
    fn has_stores(&self) -> bool {
        self.rules.spec().stores
    }

    /// The ply limit of the variant's games (they end after so many plies), or None.
    #[getter]
    fn ply_limit(&self) -> Option<u32> {
        self.rules.ply_limit()
    }

    /// A fingerprint of the rules as games play them (16 hex digits): variants with the same
    /// one play the same games, whatever their names (`sow simulate`'s shards are checked
    /// with it).
    #[getter]
    fn fingerprint(&self) -> String {
        format!("{:016x}", self.rules.game_fingerprint())
    }

    /// Every move a game of the variant may offer, in the notation and a fixed order: each pit
    /// sown its own way (`"1"` first); where some pit sows either way, each pit clockwise
    /// (`"1cw"`...), then counter-clockwise; where players sow from a hand, `"h1cw"` to `"hKcw"`
    /// then `"h1ccw"` to `"hKccw"` (K the seeds in play, at most 64); `"pass"` last, where a
    /// move may be declined. A move's place in the list is its action in OpenSpiel
    /// (`sow.openspiel`). Some may never be legal; no legal move is missing.
    fn all_moves(&self) -> Vec<String> {
        self.actions.moves.iter().map(Move::to_string).collect()
    }

    /// The checker's warnings about the variant's text (each a `Message`).
    #[getter]
    fn warnings(&self) -> Vec<Message> {
        messages(&self.warnings)
    }

    /// The rules in words, as `sow describe` prints them.
    fn describe(&self) -> String {
        let names: Vec<&str> = self.rulesets.iter().map(String::as_str).collect();
        describe::describe(self.rules.spec(), &names)
    }

    /// A game from the start.
    fn new_game(slf: &Bound<'_, Self>) -> Game {
        Game::new(slf, slf.get().rules.initial_state(), None)
    }

    /// A game from a position given by hand, as `sow play --position` takes it: the seeds in
    /// pits 1..N and the player to move (1-based; the variant's first player if None), with
    /// nothing captured and no plies played. A position the rules cannot hold raises ValueError.
    #[pyo3(signature = (pits, to_move = None))]
    fn position(
        slf: &Bound<'_, Self>,
        pits: Vec<Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let this = slf.get();
        let pits = pits
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let seeds = whole(n, &format!("pits: pit {}", i + 1))?;
                u8::try_from(seeds).map_err(|_| {
                    PyValueError::new_err(format!(
                        "pits: pit {} holds {seeds} seeds: a pit holds 0 to 255",
                        i + 1
                    ))
                })
            })
            .collect::<PyResult<Vec<u8>>>()?;
        let to_move = match to_move {
            None => None,
            Some(p) => match usize::try_from(whole(p, "to_move")?) {
                Ok(p) => Some(p),
                Err(_) => {
                    return Err(PyValueError::new_err(format!(
                        "to_move={}: there is no such player; players are numbered 1 to {}",
                        p.str()?,
                        this.rules.players()
                    )));
                }
            },
        };
        let player = match to_move {
            Some(0) => usize::MAX,
            Some(p) => p - 1,
            None => this.rules.spec().first_player as usize,
        };
        let state = this.rules.state_from(&pits, player).map_err(|e| {
            let e = match (e, to_move) {
                (sow::engine::PositionError::NoSuchPlayer { players, .. }, Some(0)) => {
                    sow::engine::PositionError::NoSuchPlayer { given: 0, players }
                }
                (e, _) => e,
            };
            PyValueError::new_err(e.to_string())
        })?;
        Ok(Game::new(slf, state, Some((pits, player))))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let this = slf.get();
        let (kind, what, name, ruleset, fingerprint) = this.pickled();
        let args = (kind, what, name, ruleset, fingerprint, this.reference.clone()).into_pyobject(py)?;
        Ok((py.import("sow._sow")?.getattr("_unpickle_variant")?, args.into_any()))
    }

    fn __repr__(&self) -> String {
        format!("<sow.Variant {}>", self.rules.spec().label())
    }

    /// The parts of the observation tensor of `sow.openspiel` for this variant, in order:
    /// (name, length) each. `pits`, `captured` and `to_move` in every variant; `claimed`,
    /// `big_stones` and `stones_won`, `out_of_play`, `round` and `points`, `pending` and
    /// `pending_at` where the rules have them.
    fn observation_layout(&self) -> Vec<(&'static str, usize)> {
        observe::layout(&self.rules)
    }
}

/// A game of a variant: its position, the moves played, and the moves it allows. Moves are
/// strings in the notation of the `sow` program (`"3"`, `"2cw"`, `"h1"`, `"pass"`).
#[pyclass(module = "sow._sow")]
struct Game {
    /// The variant, for a pickle of the game.
    variant: Py<Variant>,
    /// The position given by hand the game started from (seeds in the pits, the player to
    /// move, 0-based), or None for the variant's start: for a pickle of the game.
    start: Option<(Vec<u8>, usize)>,
    rules: Arc<Rules>,
    names: Arc<MoveNames>,
    actions: Arc<Actions>,
    state: State,
    /// The moves played since the position the game started from.
    moves: Vec<Move>,
    /// The positions since the last capture, which the rule of repetition compares and a
    /// `State` does not hold: kept here between moves, and handed to the engine's `Game`
    /// (which borrows its rules) for each move.
    history: History,
}

impl Game {
    fn new(py_variant: &Bound<'_, Variant>, state: State, start: Option<(Vec<u8>, usize)>) -> Game {
        let variant = py_variant.get();
        Game {
            variant: py_variant.clone().unbind(),
            start,
            rules: Arc::clone(&variant.rules),
            names: Arc::clone(&variant.names),
            actions: Arc::clone(&variant.actions),
            state,
            moves: Vec::new(),
            history: sow::engine::Game::new(&variant.rules, state).into_parts().1,
        }
    }

    /// Plays `mv` (as written by the user) after checking it, with the engine's sentence as
    /// the error.
    fn play_move(&mut self, mv: Move) -> Result<(), String> {
        let history = std::mem::take(&mut self.history);
        let mut game = sow::engine::Game::resume(&self.rules, self.state, history);
        let played = game.play(mv, &mut ());
        // A move refused leaves the game as it was.
        (self.state, self.history) = game.into_parts();
        self.moves.push(played.map_err(|e| e.to_string())?.mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.state)
    }
}

#[pymethods]
impl Game {
    /// The variant's name with its ruleset (`"Bakuk"`, `"Bakuk:three-player"`).
    #[getter]
    fn variant(&self) -> String {
        self.rules.spec().label()
    }

    /// Seeds in pits 1..N.
    #[getter]
    fn pits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.state.pits())
    }

    /// Seeds captured by each player (on a board with stores, the seeds in each store).
    #[getter]
    fn captured<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.state.captured()[..self.rules.players()])
    }

    /// On a board with stores, the seeds in each player's store (captured or sown there);
    /// None on a board without.
    #[getter]
    fn stores<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        if !self.rules.spec().stores {
            return Ok(None);
        }
        PyList::new(py, &self.state.captured()[..self.rules.players()]).map(Some)
    }

    /// Each player's score: the seeds captured, plus, once the game is over, the leftovers
    /// the rules award.
    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.rules.scores(&self.state)[..self.rules.players()].to_vec()
    }

    /// The player to move, 1-based; None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.state.to_move().map(|p| p + 1)
    }

    /// Plies played since the position the game started from (and before it, for none).
    #[getter]
    fn plies(&self) -> u32 {
        self.state.plies()
    }

    /// Whether the game is over.
    #[getter]
    fn finished(&self) -> bool {
        self.state.is_over()
    }

    /// The winner, 1-based; None for a draw or a game not over.
    #[getter]
    fn winner(&self) -> Option<usize> {
        match self.outcome() {
            Some(Outcome::Win(p)) => Some(p + 1),
            _ => None,
        }
    }

    /// `"win"`, `"draw"`, or None while the game goes on.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.outcome().map(|o| match o {
            Outcome::Win(_) => "win",
            Outcome::Draw => "draw",
        })
    }

    /// Why the game ended (`"no-legal-move"`, `"repetition"`, `"ply-limit"`, ...), or None.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.state.end().map(sow::engine::EndReason::name)
    }

    /// The moves played, in the notation, in order.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.moves.iter().map(Move::to_string).collect()
    }

    /// The position as the observation tensor of `sow.openspiel` (floats, laid out as the
    /// variant's `observation_layout()` says).
    fn observation(&self) -> Vec<f32> {
        observe::tensor(&self.rules, &self.state)
    }

    /// Where a rule claims pits: the pits (1-based) each of the two players has claimed;
    /// None in other variants.
    #[getter]
    fn claimed_pits(&self) -> Option<Vec<Vec<usize>>> {
        self.rules
            .spec()
            .claims_pits()
            .then(|| (0..2).map(|p| observe::numbers(self.state.claimed(p))).collect())
    }

    /// Where the game has big stones: the pits (1-based) holding one; None in other variants.
    #[getter]
    fn big_stones(&self) -> Option<Vec<usize>> {
        self.rules.spec().stones.big_stones.then(|| observe::numbers(self.rules.stones_on_board(&self.state)))
    }

    /// Where the game has big stones: the big stones each of the two players has taken; None
    /// in other variants.
    #[getter]
    fn stones_won(&self) -> Option<Vec<u32>> {
        self.rules
            .spec()
            .stones
            .big_stones
            .then(|| self.state.stones_won().iter().map(|&x| x as u32).collect())
    }

    /// Games of rounds: the pits (1-based) out of play; None in other variants.
    #[getter]
    fn out_of_play(&self) -> Option<Vec<usize>> {
        self.rules.spec().rounds.as_ref().map(|_| observe::numbers(self.state.out_of_play()))
    }

    /// Games of rounds: the rounds over so far; None in other variants.
    #[getter]
    fn rounds_over(&self) -> Option<u32> {
        self.rules.spec().rounds.as_ref().map(|_| self.state.rounds_over())
    }

    /// A move paused for its mover's choice: what is asked (`"take"`, `"way"`, `"relay"`,
    /// `"end"`, `"target"`, as `report["pending"]`); the legal moves are the options. None
    /// between moves.
    #[getter]
    fn pending(&self) -> Option<&'static str> {
        self.state.pending().map(sow::engine::Step::name)
    }

    /// The legal moves of the player to move, in the notation (none once the game is over).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.names.list(py, self.rules.legal_moves(&self.state).iter())
    }

    /// Plays a move written in the notation (`"3"`, `"2cw"`), or a pit's number (`3`, as
    /// `"3"`). A move that cannot be written so, or cannot be played here, raises ValueError
    /// with the engine's reason; anything but a text or a whole number raises TypeError.
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = move_text(r#move)?;
        let parsed = notation::parse_move_for(&self.rules, &text, None)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.play_move(parsed).map_err(PyValueError::new_err)
    }

    /// The legal moves as numbers, ascending: each its place in the variant's `all_moves()`
    /// (OpenSpiel's actions).
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        let mut numbers = Vec::new();
        for mv in self.rules.legal_moves(&self.state).iter() {
            match self.actions.number.get(&mv) {
                Some(&i) => numbers.push(i),
                None => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "the legal move {mv} is not in all_moves(): a fault of sow, please report it"
                    )));
                }
            }
        }
        numbers.sort_unstable();
        Ok(numbers)
    }

    /// Plays the move numbered `action` in the variant's `all_moves()`; ValueError if there
    /// is none or it cannot be played here.
    fn play_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let last = self.actions.moves.len() - 1;
        let number = whole(action, "action")?;
        let Some(&mv) = usize::try_from(number).ok().and_then(|a| self.actions.moves.get(a)) else {
            return Err(PyValueError::new_err(format!(
                "action {number}: the variant numbers its moves 0 to {last}"
            )));
        };
        self.play_move(mv).map_err(PyValueError::new_err)
    }

    /// An independent copy of the game (position and moves played).
    fn clone(&self, py: Python<'_>) -> Game {
        Game {
            variant: self.variant.clone_ref(py),
            start: self.start.clone(),
            rules: Arc::clone(&self.rules),
            names: Arc::clone(&self.names),
            actions: Arc::clone(&self.actions),
            state: self.state,
            moves: self.moves.clone(),
            history: self.history.clone(),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> Game {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone(py)
    }

    /// A pickle of the game: its variant, the position it started from and the moves played
    /// (played again when read back, which restores what the rule of repetition remembers).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let args = (self.variant.clone_ref(py), self.start.clone(), self.history()).into_pyobject(py)?;
        Ok((py.import("sow._sow")?.getattr("_unpickle_game")?, args.into_any()))
    }

    /// The position as `sow play --format json` prints it, as a dict (variant, ruleset, pits,
    /// captured, stores on boards with stores, score, to_move, legal_moves, plies, finished,
    /// winner, result, end, and the keys of the rules that have them).
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&PositionReport::new(&self.rules, &self.state))
            .expect("a report serializes");
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The board as `sow play` draws it.
    #[getter]
    fn board(&self) -> String {
        replay::draw_state(self.rules.spec(), &self.state)
    }

    /// Where the game stands in a sentence, as `sow play` ends with it.
    #[getter]
    fn status(&self) -> String {
        replay::describe_status(&self.rules, &self.state)
    }

    fn __str__(&self) -> String {
        format!("{}{}", self.board(), self.status())
    }

    fn __repr__(&self) -> String {
        let status = match (self.state.to_move(), self.outcome()) {
            (_, Some(Outcome::Win(p))) if self.state.is_over() => format!("player {} won", p + 1),
            (_, Some(Outcome::Draw)) if self.state.is_over() => "a draw".to_string(),
            (Some(p), _) => format!("player {} to move", p + 1),
            _ => "over".to_string(),
        };
        format!(
            "<sow.Game {} after {} plies, {status}, pits {:?}>",
            self.rules.spec().label(),
            self.state.plies(),
            self.state.pits()
        )
    }
}

/// A move as given to `Game.play`: a text in the notation, or a pit's number.
fn move_text(given: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = given.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if given.is_instance_of::<pyo3::types::PyInt>() && !given.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(given.str()?.to_cow()?.into_owned());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a move is a text in the notation (\"3\", \"2cw\", \"pass\") or a pit's number, not {}",
        given.get_type().name()?
    )))
}

/// A whole number given to the argument `name`, of any size (a negative or too large one is
/// then refused with the argument's name, where a conversion to an unsigned type would
/// raise OverflowError naming nothing).
fn whole(given: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if !given.is_instance_of::<pyo3::types::PyInt>() || given.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name}: expected a whole number, not {}",
            given.get_type().name()?
        )));
    }
    given
        .extract::<i128>()
        .or_else(|_| Err(PyValueError::new_err(format!("{name}={}: far too large", given.str()?))))
}

/// A whole number given to the argument `name`, from `low` to `high`.
pub(crate) fn whole_in(given: &Bound<'_, PyAny>, name: &str, low: u64, high: u64) -> PyResult<u64> {
    let n = whole(given, name)?;
    match u64::try_from(n) {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(PyValueError::new_err(format!("{name}={n}: expected {low} to {high}"))),
    }
}

/// A run's options refused, in the words of the Python call (`games=0`, not `--games 0`).
fn option_error(e: &OptionError) -> PyErr {
    PyValueError::new_err(match e {
        OptionError::NoGames => "games=0: a run needs at least one game".to_string(),
        OptionError::NoThreads => "jobs=0: a run needs at least one thread".to_string(),
        OptionError::TooManyThreads(n) => format!(
            "jobs={n}: a run uses at most {} threads (one or two per core is fastest)",
            sow::run::simulate::MAX_JOBS
        ),
        OptionError::PlyLimit { variant, limit } => {
            let why = match limit {
                Some(l) => format!("a ply limit of {l} is more than a run can count"),
                None => "the rules have no ply limit, so a game might never end".to_string(),
            };
            format!("{variant}: {why}; simulate with max_plies of at most {}", sow::lang::spec::MAX_PLY_LIMIT)
        }
        OptionError::Seats { .. } => format!("players: {e}"),
    })
}

/// What a long call tells a Python `progress` callback: the work done so far, counted by the
/// work's thread, and the whole (None where it is not known beforehand).
pub(crate) struct Progress<'a> {
    pub callback: &'a Bound<'a, PyAny>,
    pub total: Option<u64>,
}

/// Runs `work` on another thread while this one, the GIL released, looks every 50 ms for a
/// signal: Ctrl-C cancels the work (which stops soon after: every long call of the library
/// watches its `Cancel`) and raises KeyboardInterrupt once it has stopped. `what` names the
/// work in the error raised if its thread fails. The work counts what it has done in its
/// `AtomicU64` as it goes: every 50 ms that the count has changed (and once at the end),
/// `progress` is called with it and the total (`callback(done, total)`), on this thread with
/// the GIL held; an exception it raises stops the work and is raised.
pub(crate) fn detached_with<T: Send>(
    py: Python<'_>,
    what: &str,
    progress: Option<Progress<'_>>,
    work: impl FnOnce(&Cancel, &Arc<AtomicU64>) -> T + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    // Shared, not borrowed: a search's progress is told through a closure that must own it.
    let done = Arc::new(AtomicU64::new(0));
    let mut told = None;
    let (tx, mut rx) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let worker_cancel = cancel.clone();
        let counter = &done;
        scope.spawn(move || {
            // The receiver is gone only once the caller has stopped waiting.
            let _ = tx.send(work(&worker_cancel, counter));
        });
        loop {
            // The receiver goes into the closure and comes back: it may be sent, not shared.
            let (got, back) = py.detach(move || (rx.recv_timeout(std::time::Duration::from_millis(50)), rx));
            rx = back;
            let stop = |e: PyErr, rx: std::sync::mpsc::Receiver<T>| {
                cancel.cancel();
                // The work stops soon; the scope waits for it with the GIL released.
                py.detach(move || drop(rx.recv()));
                Err(e)
            };
            if let Some(p) = &progress {
                let now = done.load(Ordering::Relaxed);
                let finished = got.is_ok();
                if told != Some(now) {
                    told = Some(now);
                    if let Err(e) = p.callback.call1((now, p.total)) {
                        if finished {
                            return Err(e);
                        }
                        return stop(e, rx);
                    }
                }
            }
            match got {
                Ok(result) => return Ok(result),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "{what} stopped unexpectedly"
                    )));
                }
            }
            if let Err(interrupt) = py.check_signals() {
                return stop(interrupt, rx);
            }
        }
    })
}

#[pymodule]
fn _sow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VariantError", m.py().get_type::<VariantError>())?;
    m.add("TournamentError", m.py().get_type::<TournamentError>())?;
    m.add_class::<Message>()?;
    m.add_class::<Variant>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(load_text, m)?)?;
    m.add_function(wrap_pyfunction!(bundled, m)?)?;
    m.add_function(wrap_pyfunction!(_unpickle_variant, m)?)?;
    m.add_function(wrap_pyfunction!(_unpickle_game, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(study::simulate_report, m)?)?;
    m.add_class::<solved::Solved>()?;
    m.add_function(wrap_pyfunction!(solved::solve, m)?)?;
    m.add_function(wrap_pyfunction!(contest::tournament_report, m)?)?;
    Ok(())
}

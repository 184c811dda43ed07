//! Exact values by search, for boards too large for a table of every position (Kalah with 6
//! pits a side and 4 seeds a pit has about 1.4 * 10^12 distributions of its seeds): the value of one
//! position, found by visiting only what play from it can reach, as Irving, Donkers and
//! Uiterwijk solved Kalah in 2000.
//!
//! The value is the one a table gives ([`super`]): the margin of seeds the player to move can
//! force from now on, a game that goes on forever worth 0 from where it starts repeating. The
//! search is alpha-beta on that margin with a transposition table of bounds, driven by MTD(f):
//! a sequence of searches with a window of width one, each proving the value at least or below
//! a guess, until the two bounds meet. There is no horizon: every line is followed to the end
//! of the game or into the endgame table, a table of every position with few seeds on the
//! board built by the retrograde solver, whose values are exact; captures and seeds sown into
//! stores bring most lines into it quickly.
//!
//! **Endless play.** A move never adds seeds to the board, so play can only go round in
//! circles among positions of as many seeds. A line that comes back to a position of the line
//! is worth 0 there. That makes the search's value exactly the table's, at the position
//! searched: if the mover can force k > 0 by the table (an attractor), the strategy that always
//! gets closer to cashing in never repeats a position, so the search finds it too; and what
//! the search proves while repetitions count 0 is forced in the endless game as well, since a
//! strategy that never lets play repeat plays out the same there. It is not so for the
//! positions inside the search, whose values may depend on the line that led to them (the
//! graph-history interaction): a result that met a position of the line above the one searched
//! is not kept in the transposition table, and only such history-free results are ever reused.
//! In Kalah's family, where every move brings seeds closer to the mover's store or into it,
//! play never repeats and everything is kept.

use std::time::Instant;

use crate::cancel::Cancel;
use crate::engine::{Move, Rules, State};

use super::endgame::{EndgameFigures, EndgameStore, endgame_table};
use super::index::{Numbering, state_space};
use super::{Solution, SolveError, check_rules, check_solvable};

/// The deepest search of the iterative deepening before the search to the end: each two plies
/// more cost about 2.5 times as much (Kalah(6,4): 1.3 million nodes to 18 plies, 373 million
/// to 30), for estimates that hardly improve.
const MAX_DEEPENING: u8 = 18;

/// The longest line of play a search follows: a game whose play goes round for longer
/// stretches than this without a capture (no Kalah, where seeds reach the stores quickly) is
/// beyond the search (a table values it). Each ply of a line takes a few hundred bytes of the
/// search thread's stack, which `STACK_BYTES` reserves.
pub const MAX_LINE: usize = 200_000;
const STACK_BYTES: usize = 1 << 30;

/// Nodes between two reports of progress, and between two looks at the cancel flag.
const REPORT_EVERY: u64 = 1 << 18;
const CANCEL_EVERY: u64 = 1 << 10;

/// Bytes of one entry of the transposition table.
const ENTRY_BYTES: u64 = 16;

/// Bytes a position of the endgame table takes while it is built (its peak), and once built
/// (a byte of value and two of depth, up to 127 seeds).
const BUILD_BYTES: u64 = super::PEAK_BYTES;
const TABLE_BYTES: u64 = 3;

/// The endgame table built by a search that keeps none on disk: a table takes about a second
/// a million positions to build on two cores, and grows about three times for every seed more
/// on a board of 12 pits, so it stays within seconds of building whatever the memory allows.
const QUICK_ENDGAME_POSITIONS: u64 = 8_000_000;

/// The most positions a search that keeps its endgame database on disk adds to it beyond
/// the quick table, in whole seeds: one to three minutes of building on two cores (Kalah's
/// board: 17 seeds the first time, then 18, then 19; the layer of 20 seeds, 169 million
/// positions, is left to `--endgame`).
const GROW_POSITIONS: u64 = 128_000_000;

/// The memory a search may use by default: a quarter of the machine's (1 GiB where the
/// system does not say), room for an endgame table of a few hundred million positions beside
/// the transposition table, while leaving the rest of the machine to other work. The
/// transposition table takes at most half of it: a larger one is not faster by itself (read at
/// random, on a machine without huge pages it misses the processor's table of pages: Kalah(5,4)
/// searched 1.4 times slower with 4 GiB than with 512 MiB).
pub fn default_memory() -> u64 {
    machine_memory().map_or(1 << 30, |t| t / 4)
}

/// The machine's memory, where the system says (`/proc/meminfo`).
pub fn machine_memory() -> Option<u64> {
    let m = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// What a search may use.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    /// Bytes for the transposition table and the endgame table together.
    pub memory: u64,
    /// The seeds on the board up to which positions are looked up in an endgame table;
    /// `None`: chosen by the memory and what is saved ([`default_endgame`]).
    pub endgame: Option<usize>,
    /// Threads building the endgame table (the search itself is one thread).
    pub threads: usize,
    /// Where the endgame databases are kept, read and grown; `None`: built for this search
    /// alone.
    pub store: Option<EndgameStore>,
}

/// Where a search stands, for a progress line.
#[derive(Debug, Clone, Copy)]
pub struct SearchProgress {
    pub nodes: u64,
    /// The plies the search goes deep, `None` once it goes to the end of every line.
    pub depth: Option<u8>,
    /// Bounds proven so far on the value, for the player to move at the position searched.
    pub lower: i32,
    pub upper: i32,
}

/// A first move and what the search proved of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchedMove {
    pub mv: Move,
    /// Its value for the player to move; when `exact` is false only an upper bound (the move
    /// was proven worse than the best, by a search that stops as soon as it knows that).
    pub value: i32,
    pub exact: bool,
}

/// The outcome of a search.
#[derive(Debug, Clone)]
pub struct Searched {
    /// The value for the player to move at the position searched (its bounds when stopped).
    pub lower: i32,
    pub upper: i32,
    /// False when it was stopped (by its time limit) before the bounds met.
    pub complete: bool,
    /// True when it stopped because a line went on for more than [`MAX_LINE`] plies without
    /// leaving its seeds on the board (play that goes round for long stretches).
    pub too_deep: bool,
    /// The moves of the position, best first (empty when stopped).
    pub moves: Vec<SearchedMove>,
    /// A perfect game from the position (empty when stopped), the position it ends at, and
    /// whether it goes round in circles from there (endless, worth 0).
    pub principal_variation: Vec<Move>,
    pub end: State,
    pub endless: bool,
    /// Nodes searched (positions visited, those looked up in the endgame table included).
    pub nodes: u64,
    /// Seconds of search, after the endgame table was built.
    pub seconds: f64,
    /// The endgame table: most seeds, positions, seconds to read and build it.
    pub endgame_seeds: Option<usize>,
    pub endgame_positions: u64,
    pub endgame_seconds: f64,
    /// How much of it was read from a saved database, built and saved.
    pub endgame: EndgameFigures,
    /// Entries of the transposition table, and the bytes they take.
    pub table_entries: u64,
    pub table_bytes: u64,
}

impl Searched {
    /// The value, once the search is complete.
    pub fn value(&self) -> Option<i32> {
        self.complete.then_some(self.lower)
    }
}

/// The most seeds of an endgame table on a board of `pits` pits, below `seeds`, that `memory`
/// holds: built within all of it (its peak), and within half of it once built (the
/// transposition table has the rest), at most [`super::MAX_POSITIONS`] positions.
fn most_endgame_seeds(pits: usize, seeds: usize, memory: u64) -> Option<usize> {
    let fits = |n: u64| {
        n <= super::MAX_POSITIONS
            && n.saturating_mul(TABLE_BYTES) <= memory / 2
            && n.saturating_mul(BUILD_BYTES) <= memory
    };
    (0..seeds).take_while(|&k| state_space(pits, k).is_some_and(fits)).last()
}

/// The endgame table a search uses when `--endgame` does not say: without a database on
/// disk, the largest the memory holds that builds in seconds ([`QUICK_ENDGAME_POSITIONS`]);
/// with one (of `saved` seeds, `None` for none yet), that database, read as far as the memory
/// holds, grown seed by seed while the positions this search builds stay within
/// [`GROW_POSITIONS`] (past the quick table), up to the most the memory holds. So a search
/// never spends more than a few minutes building, and the database grows from one search to
/// the next until a seed's layer alone is more than that.
pub fn default_endgame(
    pits: usize,
    seeds: usize,
    memory: u64,
    saved: Option<usize>,
    kept: bool,
) -> Option<usize> {
    let most = most_endgame_seeds(pits, seeds, memory)?;
    let layer = |k: usize| {
        state_space(pits, k).unwrap_or(u64::MAX)
            - if k == 0 { 0 } else { state_space(pits, k - 1).unwrap_or(0) }
    };
    let quick =
        (0..=most).take_while(|&k| state_space(pits, k).is_some_and(|n| n <= QUICK_ENDGAME_POSITIONS)).last();
    if !kept {
        return quick;
    }
    let mut k = saved.map(|s| s.min(most));
    let mut built = 0u64;
    loop {
        let next = k.map_or(0, |k| k + 1);
        let within = built + layer(next) <= GROW_POSITIONS || quick.is_some_and(|q| next <= q);
        if next > most || !within {
            return k;
        }
        built += layer(next);
        k = Some(next);
    }
}

/// Values `start` exactly by search (see the module's documentation): [`SearchSolver::new`]
/// for at most its seeds, then [`SearchSolver::search`].
pub fn search(
    rules: &Rules,
    start: &State,
    options: &SearchOptions,
    progress: Box<dyn Fn(SearchProgress) + Send>,
    cancel: &Cancel,
) -> Result<Searched, SolveError> {
    let mut solver = SearchSolver::new(rules, start.seeds_on_board() as usize, options, cancel)?;
    Ok(solver.search(start, progress, cancel))
}

/// A search solver for the positions of a variant with at most some seeds on the board: its
/// endgame table and its transposition table, kept from one search to the next (what it
/// keeps is true of a position whatever the line that led to it).
pub struct SearchSolver {
    s: Searcher,
    all: Rules,
    endgame: Option<usize>,
    endgame_positions: u64,
    endgame_seconds: f64,
    figures: EndgameFigures,
    entries: u64,
}

impl SearchSolver {
    /// Checks the rules and builds the endgame table (`cancel` stops that: an error).
    pub fn new(
        rules: &Rules,
        seeds: usize,
        options: &SearchOptions,
        cancel: &Cancel,
    ) -> Result<Self, SolveError> {
        check_rules(rules)?;
        let pits = rules.pits();
        // Positions are numbered as a table would number them: the key of the transposition
        // table is that number, so that two positions never share an entry.
        if state_space(pits, seeds).is_none() {
            return Err(SolveError::TooLargeToSearch {
                approx: super::state_space_approx(pits, seeds),
                pits,
                seeds,
            });
        }
        let started = Instant::now();
        let all = rules.with_ply_limit(None);
        let rules = all.past_start();
        let store = options.store.as_ref();
        let endgame = match options.endgame {
            Some(k) => Some(k.min(seeds)),
            None => {
                let saved = match store {
                    Some(store) => {
                        store.saved_seeds(&rules).map_err(|e| SolveError::EndgameFile(e.to_string()))?
                    }
                    None => None,
                };
                default_endgame(pits, seeds, options.memory, saved, store.is_some())
            }
        };
        let mut figures = EndgameFigures::default();
        let (db, endgame_positions) = match endgame {
            Some(k) => {
                // The table of every position of `k` seeds: refused with the largest this board
                // allows, which `--endgame` can ask for.
                let positions = check_solvable(&rules, k).map_err(|e| match e {
                    SolveError::TooLarge { positions, .. } => SolveError::EndgameTooLarge {
                        seeds: k,
                        positions,
                        pits,
                        most: (0..k).rev().find(|&j| check_solvable(&rules, j).is_ok()),
                    },
                    e => e,
                })?;
                let (db, f) = endgame_table(&rules, k, store, options.threads, cancel)?;
                figures = f;
                (Some(db), positions)
            }
            None => (None, 0),
        };
        let endgame_seconds = started.elapsed().as_secs_f64();
        // Half the memory at most: a larger table, read at random, is slower here (no huge
        // pages), while the endgame table saves more.
        let left = options.memory.saturating_sub(endgame_positions * TABLE_BYTES).min(options.memory / 2);
        // No more entries than positions could need them; a power of two, two to a bucket.
        let wanted = state_space(pits, seeds).unwrap_or(u64::MAX).saturating_mul(2);
        let entries = (left / ENTRY_BYTES).min(wanted).clamp(2, 1 << 40);
        let entries = 1u64 << (63 - entries.leading_zeros());
        // Memory the system will not give is refused, not an abort: asked for once (and given
        // back) before the table is made of zeroed pages, which are only touched as it fills.
        Vec::<[u64; 2]>::new().try_reserve_exact(entries as usize).map_err(|_| SolveError::NoMemory {
            what: "the transposition table",
            bytes: entries * ENTRY_BYTES,
        })?;
        let table = vec![[0u64; 2]; entries as usize];
        let s = Searcher {
            rules,
            numbering: Numbering::new(pits, seeds),
            table,
            mask: (entries / 2 - 1) as usize,
            db,
            db_seeds: endgame.map_or(-1, |k| k as i64),
            path: Vec::new(),
            levels: Vec::new(),
            nodes: 0,
            next_report: REPORT_EVERY,
            bounds: (0, 0),
            depth: EXACT,
            progress: Box::new(|_| {}),
            cancel: Cancel::new(),
            stopped: false,
            too_deep: false,
        };
        Ok(SearchSolver { s, all, endgame, endgame_positions, endgame_seconds, figures, entries })
    }

    /// What became of the endgame table: read from a saved database, built, saved.
    pub fn endgame_figures(&self) -> &EndgameFigures {
        &self.figures
    }

    /// Values `start` (with at most the seeds the solver was made for); `progress` is told
    /// every few hundred thousand nodes; `cancel` stops the search, and the result then says
    /// what bounds were proven (`complete` false).
    pub fn search(
        &mut self,
        start: &State,
        progress: Box<dyn Fn(SearchProgress) + Send>,
        cancel: &Cancel,
    ) -> Searched {
        // A line of play is a line of calls: on a thread of its own, with room for the
        // longest line allowed (`MAX_LINE`), whatever thread asks.
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("search".into())
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, || self.search_here(start, progress, cancel))
                .expect("a thread for the search")
                .join()
                .expect("the search's thread")
        })
    }

    fn search_here(
        &mut self,
        start: &State,
        progress: Box<dyn Fn(SearchProgress) + Send>,
        cancel: &Cancel,
    ) -> Searched {
        let started = Instant::now();
        let (all, s) = (&self.all, &mut self.s);
        assert!(start.seeds_on_board() as usize <= s.numbering.seeds(), "a position of the seeds solved");
        s.progress = progress;
        s.cancel = cancel.clone();
        s.stopped = cancel.is_cancelled();
        s.too_deep = false;
        s.nodes = 0;
        s.next_report = REPORT_EVERY;
        let t = start.seeds_on_board() as i32;
        s.bounds = (-t, t);
        // The first plies of a game where nothing is captured are not positions of seeds
        // alone: they are valued move by move, as a table's are (`Solution::value`).
        let (lower, upper) = if start.plies() < all.capture_start() && !start.is_over() {
            let v = s.opening(all, start);
            (v, v)
        } else {
            s.solve(start)
        };
        let complete = !s.stopped && lower == upper;
        let mut result = Searched {
            lower,
            upper,
            complete,
            too_deep: s.too_deep,
            moves: Vec::new(),
            principal_variation: Vec::new(),
            end: *start,
            endless: false,
            nodes: 0,
            seconds: 0.0,
            endgame_seeds: self.endgame,
            endgame_positions: self.endgame_positions,
            endgame_seconds: self.endgame_seconds,
            endgame: self.figures.clone(),
            table_entries: self.entries,
            table_bytes: self.entries * ENTRY_BYTES,
        };
        if complete && !start.is_over() {
            result.moves = s.first_moves(all, start, lower);
            let (pv, end, endless) = s.principal_variation(all, start, lower);
            result.principal_variation = pv;
            result.end = end;
            result.endless = endless;
            // A stop while the moves were being proven leaves the value proven, not the rest.
            if s.stopped {
                result.moves.clear();
                result.principal_variation.clear();
                result.end = *start;
            }
        }
        result.nodes = s.nodes;
        result.seconds = started.elapsed().as_secs_f64();
        s.progress = Box::new(|_| {});
        result
    }
}

/// A position met in the search: a move's result, in the order it is searched.
#[derive(Clone, Copy)]
struct Child {
    state: State,
    mv: Move,
    /// Seeds the move won its mover, net (captures, seeds into stores, leftovers at the end).
    gain: i32,
}

/// The moves of a position (its children) and the order to search them in: rank and index.
type Level = (Vec<Child>, Vec<(i32, u8)>);

/// No repetition met: the result does not depend on the line that led to the position.
const NO_REPEAT: usize = usize::MAX;

struct Searcher {
    /// The rules past the start of the game, without a ply limit.
    rules: Rules,
    numbering: Numbering,
    /// Buckets of two entries: the position's number plus one (0: empty), then its bounds
    /// (lower, upper: 16 bits each, biased), the index of its best move (8 bits) and the work
    /// its search took (8 bits, a logarithm), which decides what is replaced.
    table: Vec<[u64; 2]>,
    mask: usize,
    db: Option<Solution>,
    db_seeds: i64,
    /// The positions of the line searched: key and seeds on the board.
    path: Vec<(u64, u32)>,
    /// The children of each depth of the line and the order to search them in, kept from one
    /// node to the next.
    levels: Vec<Level>,
    nodes: u64,
    next_report: u64,
    /// The bounds of the value at the root proven so far, and the depth searched, for
    /// progress.
    bounds: (i32, i32),
    depth: u8,
    progress: Box<dyn Fn(SearchProgress) + Send>,
    cancel: Cancel,
    stopped: bool,
    too_deep: bool,
}

const BIAS: i32 = 1 << 15;

/// The depth of a search without a horizon, whose results are exact.
const EXACT: u8 = u8::MAX;

/// What a node's search found out beyond its value: the lowest depth of the line above it that
/// a repetition met ([`NO_REPEAT`] for none), and whether the horizon was reached anywhere
/// below it (the value is then an estimate of that depth).
#[derive(Clone, Copy)]
struct Found {
    repeat: usize,
    horizon: bool,
}

const EXACTLY: Found = Found { repeat: NO_REPEAT, horizon: false };

impl Found {
    fn and(self, other: Found) -> Found {
        Found { repeat: self.repeat.min(other.repeat), horizon: self.horizon || other.horizon }
    }
}

/// An entry of the transposition table, past its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    lower: i32,
    upper: i32,
    /// The index of the best move among the legal moves.
    best: u8,
    /// The work its search took (a logarithm of the nodes), which decides what is replaced.
    work: u8,
    /// The plies searched below it, [`EXACT`] for a search that met no horizon.
    depth: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        ((self.lower + BIAS) as u64)
            | ((self.upper + BIAS) as u64) << 16
            | (self.best as u64) << 32
            | (self.work as u64) << 40
            | (self.depth as u64) << 48
    }

    fn unpack(word: u64) -> Entry {
        Entry {
            lower: (word & 0xffff) as i32 - BIAS,
            upper: (word >> 16 & 0xffff) as i32 - BIAS,
            best: (word >> 32 & 0xff) as u8,
            work: (word >> 40 & 0xff) as u8,
            depth: (word >> 48 & 0xff) as u8,
        }
    }
}

impl Searcher {
    fn key(&self, state: &State) -> u64 {
        self.numbering.index(state.pits(), state.turn()) as u64 + 1
    }

    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let b = 2 * self.bucket(key);
        self.table[b..b + 2].iter().find(|e| e[0] == key).map(|e| Entry::unpack(e[1]))
    }

    /// Keeps what a search found of a position: with what is known of it at the same depth
    /// (both bounds are true of the position whatever the line), in place of what a shallower
    /// search found, or in place of the entry of less work.
    fn store(&mut self, key: u64, new: Entry) {
        let b = 2 * self.bucket(key);
        if let Some(e) = self.table[b..b + 2].iter_mut().find(|e| e[0] == key) {
            let old = Entry::unpack(e[1]);
            let kept = if old.depth == new.depth {
                Entry {
                    lower: old.lower.max(new.lower),
                    upper: old.upper.min(new.upper),
                    work: old.work.max(new.work),
                    ..new
                }
            } else if new.depth > old.depth {
                new
            } else {
                Entry { best: new.best, ..old }
            };
            e[1] = kept.pack();
            return;
        }
        let first = Entry::unpack(self.table[b][1]);
        let entry = [key, new.pack()];
        // Exact entries before estimates, then the most work.
        if self.table[b][0] == 0 || (new.depth == EXACT, new.work) >= (first.depth == EXACT, first.work) {
            self.table[b + 1] = self.table[b];
            self.table[b] = entry;
        } else {
            self.table[b + 1] = entry;
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        // A node may take microseconds (moves with long relays): the flag is looked at more
        // often than progress is told.
        if self.nodes.is_multiple_of(CANCEL_EVERY) && self.cancel.is_cancelled() {
            self.stopped = true;
        }
        if self.nodes >= self.next_report {
            self.next_report += REPORT_EVERY;
            (self.progress)(SearchProgress {
                nodes: self.nodes,
                depth: (self.depth != EXACT).then_some(self.depth),
                lower: self.bounds.0,
                upper: self.bounds.1,
            });
        }
    }

    /// The value of a position: MTD(f) searches deeper and deeper (iterative deepening), each
    /// from the value the last one estimated, the best moves each finds ordering the next,
    /// until one meets no horizon: its bounds are exact. Returns the exact bounds proven
    /// (equal unless stopped).
    fn solve(&mut self, state: &State) -> (i32, i32) {
        if state.is_over() {
            let v = self.finished(state);
            return (v, v);
        }
        let t = state.seeds_on_board() as i32;
        self.bounds = (-t, t);
        // The estimates stop changing long before the searches meet no horizon (a game lasts
        // dozens of plies): the search goes to the end once they have settled.
        let (mut guess, mut same) = (0, 0);
        let mut depth = 2u8;
        while self.bounds.0 < self.bounds.1 && !self.stopped {
            let estimate = self.mtdf(state, guess, depth);
            same = if estimate == guess { same + 1 } else { 0 };
            guess = estimate;
            depth = if depth == EXACT || depth >= MAX_DEEPENING || (depth >= 12 && same >= 2) {
                EXACT
            } else {
                depth + 2
            };
        }
        self.bounds
    }

    /// MTD(f) from `guess`, searching `depth` plies (or to the end: [`EXACT`]): its estimate
    /// of the value. What a search without horizon proves narrows `self.bounds`, and ends the
    /// searches once they meet.
    fn mtdf(&mut self, state: &State, guess: i32, depth: u8) -> i32 {
        let t = state.seeds_on_board() as i32;
        let (mut lower, mut upper) = (-t, t);
        let mut g = guess.clamp(lower, upper);
        self.depth = depth;
        while lower < upper && !self.stopped && self.bounds.0 < self.bounds.1 {
            let beta = if g == lower { g + 1 } else { g };
            let (v, found) = self.node(state, beta - 1, beta, depth);
            if self.stopped {
                break;
            }
            if v < beta {
                upper = v;
            } else {
                lower = v;
            }
            g = v;
            if !found.horizon {
                if v < beta {
                    self.bounds.1 = self.bounds.1.min(v);
                } else {
                    self.bounds.0 = self.bounds.0.max(v);
                }
            }
        }
        g
    }

    /// The margin of the leftovers of a finished game for the player whose turn it was.
    fn finished(&self, state: &State) -> i32 {
        let p = state.turn();
        let scores = self.rules.scores(state);
        let left = |q: usize| scores[q] as i32 - state.captured()[q] as i32;
        left(p) - left(1 - p)
    }

    /// The value of what a move led to, for its mover: what it gained, and the value of the
    /// position after it (negated when the other player moves there), searched `depth` plies.
    fn child_value(&mut self, mover: usize, c: &Child, alpha: i32, beta: i32, depth: u8) -> (i32, Found) {
        if c.state.is_over() {
            return (c.gain, EXACTLY);
        }
        let below = if depth == EXACT { EXACT } else { depth - 1 };
        if c.state.turn() == mover {
            let (v, f) = self.node(&c.state, alpha - c.gain, beta - c.gain, below);
            (c.gain + v, f)
        } else {
            let (v, f) = self.node(&c.state, c.gain - beta, c.gain - alpha, below);
            (c.gain - v, f)
        }
    }

    /// A move worth at least `beta` by what the tables already hold of where it leads (an
    /// exact value of the endgame table, or a bound of the transposition table from a search
    /// at least `depth` plies deep): its value or bound. Such values hold whatever the line
    /// (see the module's documentation).
    fn known_cutoff(&self, mover: usize, children: &[Child], beta: i32, depth: u8) -> Option<i32> {
        let below = if depth == EXACT { EXACT } else { depth - 1 };
        for c in children {
            let at_least = if c.state.is_over() {
                c.gain
            } else if (c.state.seeds_on_board() as i64) <= self.db_seeds {
                let v =
                    self.db.as_ref().expect("an endgame table").every_value(c.state.pits(), c.state.turn());
                if c.state.turn() == mover { c.gain + v } else { c.gain - v }
            } else {
                match self.probe(self.key(&c.state)) {
                    Some(e) if e.depth >= below => {
                        if c.state.turn() == mover {
                            c.gain + e.lower
                        } else {
                            c.gain - e.upper
                        }
                    }
                    _ => continue,
                }
            };
            if at_least >= beta {
                return Some(at_least);
            }
        }
        None
    }

    /// Alpha-beta (fail-soft) on a position not over, `depth` plies deep ([`EXACT`]: to the
    /// end; a position at the horizon is estimated at 0, the seeds won on the way counting):
    /// its value if within `alpha..beta`, else a bound beyond the window; and what else the
    /// search found ([`Found`]).
    fn node(&mut self, state: &State, mut alpha: i32, mut beta: i32, depth: u8) -> (i32, Found) {
        self.tick();
        if self.stopped {
            return (0, EXACTLY);
        }
        let t = state.seeds_on_board();
        let player = state.turn();
        if (t as i64) <= self.db_seeds {
            let db = self.db.as_ref().expect("an endgame table");
            return (db.every_value(state.pits(), player), EXACTLY);
        }
        let key = self.key(state);
        // Back to a position of the line: endless play from there.
        for (line, &(k, seeds)) in self.path.iter().enumerate().rev() {
            if seeds != t {
                break;
            }
            if k == key {
                return (0, Found { repeat: line, horizon: false });
            }
        }
        let mut tt_best = u8::MAX;
        if let Some(e) = self.probe(key) {
            if e.depth >= depth {
                let f = Found { repeat: NO_REPEAT, horizon: e.depth != EXACT };
                if e.lower >= beta {
                    return (e.lower, f);
                }
                if e.upper <= alpha || e.lower == e.upper {
                    return (e.upper, f);
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
            }
            tt_best = e.best;
        }
        // A margin is at most the seeds on the board either way.
        let t = t as i32;
        if t <= alpha {
            return (t, EXACTLY);
        }
        if -t >= beta {
            return (-t, EXACTLY);
        }
        if depth == 0 {
            return (0, Found { repeat: NO_REPEAT, horizon: true });
        }
        let (alpha0, beta0) = (alpha, beta);
        let line = self.path.len();
        if line >= MAX_LINE {
            self.too_deep = true;
            self.stopped = true;
            return (0, EXACTLY);
        }
        self.path.push((key, t as u32));
        if self.levels.len() <= line {
            self.levels.push(Default::default());
        }
        let (mut children, mut order) = std::mem::take(&mut self.levels[line]);
        self.children(state, tt_best, &mut children, &mut order);
        // Enhanced transposition cutoff: a move whose result is already known well enough to
        // refute the window ends the search of the position before any move is searched.
        if let Some(v) = self.known_cutoff(player, &children, beta, depth) {
            self.levels[line] = (children, order);
            self.path.pop();
            return (v, Found { repeat: NO_REPEAT, horizon: depth != EXACT });
        }
        let before = self.nodes;
        let mut best = i32::MIN;
        let mut best_index = 0u8;
        let mut found = EXACTLY;
        for &(_, k) in &order {
            let c = &children[k as usize];
            let (v, f) = self.child_value(player, c, alpha, beta, depth);
            if self.stopped {
                break;
            }
            found = found.and(f);
            if v > best {
                best = v;
                best_index = k;
            }
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        self.levels[line] = (children, order);
        self.path.pop();
        if self.stopped {
            return (0, EXACTLY);
        }
        // A result that met a position of the line above depends on that line: not kept.
        if found.repeat >= line {
            let (lower, upper) = if best <= alpha0 {
                (-t, best)
            } else if best >= beta0 {
                (best, t)
            } else {
                (best, best)
            };
            let work = (64 - (self.nodes - before).leading_zeros()) as u8;
            let depth = if found.horizon { depth } else { EXACT };
            self.store(key, Entry { lower, upper, best: best_index, work, depth });
            found.repeat = NO_REPEAT;
        }
        (best, found)
    }

    /// The moves of `state` (its player to move; a player who cannot move passes to the
    /// other), in the order to search them: the table's best move, then moves that give
    /// another turn, then by what they gain at once. `out` holds them in the order of the
    /// legal moves (an index the table keeps as the best move), `order` the order to search
    /// them in, by index.
    fn children(&self, state: &State, tt_best: u8, out: &mut Vec<Child>, order: &mut Vec<(i32, u8)>) {
        out.clear();
        order.clear();
        let player = state.turn();
        match state.to_move() {
            Some(other) if other != player => {
                let state = self.rules.state_from(state.pits(), other).expect("a position of the board");
                out.push(Child { state, mv: Move::PASS, gain: 0 });
                order.push((0, 0));
                return;
            }
            _ => {}
        }
        for (i, mv) in self.rules.legal_moves(state).iter().enumerate() {
            let mut child = *state;
            self.rules.apply(&mut child, mv);
            // Until the game ends a score is the seeds captured (the rules solved keep no
            // scores in pits and no big stones: `check_rules`), which is quicker to read.
            let gain = if child.is_over() {
                self.rules.gain(state, &child, player)
            } else {
                let (b, a) = (state.captured(), child.captured());
                (a[player] as i32 - b[player] as i32) - (a[1 - player] as i32 - b[1 - player] as i32)
            };
            let again = !child.is_over() && child.turn() == player;
            let rank = if i as u8 == tt_best {
                i32::MAX
            } else {
                gain * 4 + if again { 2 } else { 0 } + if child.is_over() { 1 } else { 0 }
            };
            order.push((rank, out.len() as u8));
            out.push(Child { state: child, mv, gain });
        }
        // Highest rank first; among equals, in the order of the legal moves.
        order.sort_by_key(|&(rank, i)| (std::cmp::Reverse(rank), i));
    }

    /// The value of a position in the first plies, where nothing is captured: the best of
    /// its moves, each valued by search once past them.
    fn opening(&mut self, all: &Rules, state: &State) -> i32 {
        if state.is_over() {
            return self.finished(state);
        }
        if state.plies() >= all.capture_start() {
            return self.solve(state).0;
        }
        let mover = state.turn();
        let mut best = i32::MIN;
        for mv in all.legal_moves(state).iter() {
            let mut child = *state;
            all.apply(&mut child, mv);
            let gain = all.gain(state, &child, mover);
            let v = if child.is_over() {
                gain
            } else {
                let v = self.opening(all, &child);
                if child.turn() == mover { gain + v } else { gain - v }
            };
            best = best.max(v);
            if self.stopped {
                break;
            }
        }
        best
    }

    /// What a move is worth to its mover, searched to show whether it reaches `value`: its
    /// value, and true when that is exact (a move that ends the game, or one into the first
    /// plies, valued move by move); otherwise exact if at least `value` (then it is `value`),
    /// else an upper bound.
    fn move_worth(&mut self, all: &Rules, mover: usize, c: &Child, value: i32) -> (i32, bool) {
        if c.state.is_over() {
            (c.gain, true)
        } else if c.state.plies() < all.capture_start() {
            let v = self.opening(all, &c.state);
            (if c.state.turn() == mover { c.gain + v } else { c.gain - v }, true)
        } else {
            (self.child_value(mover, c, value - 1, value, EXACT).0, false)
        }
    }

    /// Every move of a position of value `value`, with what can be shown of it: exact for the
    /// best moves, an upper bound for the others (one search each that stops once it shows the
    /// move falls short of the value).
    fn first_moves(&mut self, all: &Rules, state: &State, value: i32) -> Vec<SearchedMove> {
        let mover = state.turn();
        let mut moves = Vec::new();
        for mv in all.legal_moves(state).iter() {
            let mut child = *state;
            all.apply(&mut child, mv);
            let gain = all.gain(state, &child, mover);
            let (v, known) = self.move_worth(all, mover, &Child { state: child, mv, gain }, value);
            let exact = known || v >= value;
            if self.stopped {
                break;
            }
            // A move at least as good as the value is worth exactly the value.
            moves.push(SearchedMove { mv, value: if exact { v.min(value) } else { v }, exact });
        }
        moves.sort_by_key(|m| (-m.value, !m.exact, m.mv));
        moves
    }

    /// A perfect game from a position of value `value`: at each position, the first move (in
    /// the search's order) shown to keep the value, until the game ends, a position repeats
    /// (endless, worth 0), or the endgame table takes over.
    fn principal_variation(&mut self, all: &Rules, start: &State, value: i32) -> (Vec<Move>, State, bool) {
        let mut s = *start;
        let mut v = value;
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        while !s.is_over() && !self.stopped {
            if !seen.insert((s.pits().to_vec(), s.turn())) {
                return (moves, s, true);
            }
            if s.plies() >= all.capture_start() && (s.seeds_on_board() as i64) <= self.db_seeds {
                let db = self.db.as_ref().expect("an endgame table");
                let (rest, end, endless) = db.principal_variation(&self.rules, &s, 10_000);
                moves.extend(rest);
                return (moves, end, endless);
            }
            let mover = s.turn();
            let mut next = None;
            let key = self.key(&s);
            let tt_best = self.probe(key).map_or(u8::MAX, |e| e.best);
            let (mut children, mut order) = (Vec::new(), Vec::new());
            if s.plies() >= all.capture_start() {
                self.children(&s, tt_best, &mut children, &mut order);
                children = order.iter().map(|&(_, k)| children[k as usize]).collect();
            } else {
                for mv in all.legal_moves(&s).iter() {
                    let mut child = s;
                    all.apply(&mut child, mv);
                    let gain = all.gain(&s, &child, mover);
                    children.push(Child { state: child, mv, gain });
                }
            }
            for c in &children {
                if self.move_worth(all, mover, c, v).0 >= v {
                    next = Some(*c);
                    break;
                }
            }
            let Some(c) = next else { break };
            if c.mv != Move::PASS {
                moves.push(c.mv);
            }
            // The value of the position after it, for its player to move.
            v = if c.state.is_over() {
                0
            } else if c.state.turn() == mover {
                v - c.gain
            } else {
                c.gain - v
            };
            s = c.state;
        }
        (moves, s, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack() {
        for (lower, upper) in [(-255, 255), (0, 0), (-3, 7), (12, 12)] {
            for depth in [0, 7, EXACT] {
                let e = Entry { lower, upper, best: 5, work: 33, depth };
                assert_eq!(Entry::unpack(e.pack()), e);
            }
        }
    }

    #[test]
    fn the_endgame_table_fits_its_share() {
        // 12 pits: 2 * C(23, 12) = 2,704,156 positions for 11 seeds, 2 * C(24, 12) =
        // 5,408,312 for 12, 2 * C(25, 12) = 10,400,600 for 13; 21 seeds are 709,478,400,
        // 22 more than a table holds.
        assert_eq!(most_endgame_seeds(12, 48, 1 << 40), Some(21));
        assert_eq!(most_endgame_seeds(12, 48, BUILD_BYTES * 3_000_000), Some(11));
        assert_eq!(most_endgame_seeds(12, 10, 1 << 40), Some(9));
        assert_eq!(most_endgame_seeds(12, 48, 0), None);
    }

    #[test]
    fn a_kept_endgame_database_grows_by_a_few_minutes_of_building_a_search() {
        // Nothing kept: the quick table, 12 seeds.
        assert_eq!(default_endgame(12, 48, 1 << 40, None, false), Some(12));
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(20), false), Some(12));
        // Kept: up to 17 seeds the first time (103,791,870 positions; 18 would be 172,986,450),
        // then 18 (a layer of 69,194,580), then 19 (109,254,600), and no more (the layer of
        // 20 seeds is 169,344,630 positions).
        assert_eq!(default_endgame(12, 48, 1 << 40, None, true), Some(17));
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(17), true), Some(18));
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(18), true), Some(19));
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(19), true), Some(19));
        // What is saved is used, as far as the memory holds.
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(21), true), Some(21));
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(30), true), Some(21));
        // A small saved one grows quickly to the quick table and a minute past it.
        assert_eq!(default_endgame(12, 48, 1 << 40, Some(3), true), Some(17));
        // Less memory: read as far as it holds, and not grown past it.
        assert_eq!(default_endgame(12, 48, BUILD_BYTES * 3_000_000, Some(17), true), Some(11));
        // Fewer seeds than the table: below the start's.
        assert_eq!(default_endgame(12, 10, 1 << 40, None, true), Some(9));
    }
}

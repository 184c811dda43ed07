//! Perfect play for the page: the table of a variant's positions reachable from its start,
//! solved the first time a hint or a `perfect` seat asks for it and kept in memory for the
//! next (keyed by the rules' fingerprint, so an editor's text that plays the same game shares
//! it). The page always plays from the start, so that table values every position it shows.
//!
//! Solving is bounded, so that no request holds the machine: one variant is solved at a time
//! (a request for another is told so at once; one for the same waits for it), within a time
//! ([`Limits::time`]) and a memory ([`Limits::memory`]), and only variants whose seeds can be
//! spread over the board in at most [`Limits::distributions`] ways are taken on. A variant
//! that runs out of time or memory is refused from then on, with a sentence, as a larger one
//! is; the page then hints by a search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::cancel::Cancel;
use crate::engine::Rules;
use crate::play::solve::{self, Solution, SolveError};

/// The most distributions of a variant's seeds a server solves by default: Bakuk (10.5
/// million) and Um ed-Dyar (153.8 million, of which 18.8 million are reached from the start)
/// are within it.
pub const MAX_DISTRIBUTIONS: u64 = 200_000_000;

/// Tables kept (within [`Limits::memory`] all told); the one used longest ago is dropped for
/// a new one.
const MAX_TABLES: usize = 4;

/// Refusals remembered (each a sentence): past them the oldest is forgotten, and asked for
/// again, solved again.
const MAX_REFUSED: usize = 64;

/// Bytes a position reached takes at most while its table is built, as measured (Um ed-Dyar:
/// 18.8 million positions, 275 MB above the program's own at the peak, 20 MB of it the marks;
/// Bakuk and Modiar less), and once it is built (a value and a depth, two bytes each at most).
const BUILDING_BYTES: u64 = 14;
const KEPT_BYTES: u64 = 4;

/// How often a solve's time, memory and request are looked at.
const WATCH: Duration = Duration::from_millis(20);

/// The bounds of perfect play on the page (see [`super::Options`]).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub time: Duration,
    pub memory: u64,
    pub distributions: u64,
}

/// Why a request has no table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsolved {
    /// Not here, until the server restarts: too large, rules a table cannot value, or more
    /// time or memory than the server gives a solve. The sentence says which.
    Refused(String),
    /// Another variant is being solved: one at a time.
    Busy(String),
    /// The request was stopped (its client left, or the server is stopping).
    Stopped,
}

impl Unsolved {
    pub fn message(&self) -> String {
        match self {
            Unsolved::Refused(why) | Unsolved::Busy(why) => why.clone(),
            Unsolved::Stopped => "the request was stopped before the variant was solved".to_string(),
        }
    }

    /// The status a request that needs the table is answered with.
    pub fn status(&self) -> u16 {
        match self {
            Unsolved::Refused(_) => 422,
            Unsolved::Busy(_) | Unsolved::Stopped => 503,
        }
    }
}

enum Entry {
    Solved(Arc<Solution>, u64),
    Refused(String),
}

#[derive(Default)]
struct Tables {
    /// Oldest use first.
    entries: Vec<(u64, Entry)>,
    /// The variant being solved: its key and its label.
    solving: Option<(u64, String)>,
}

pub struct Solutions {
    limits: Limits,
    tables: Mutex<Tables>,
    /// Told when a solve ends.
    ended: Condvar,
}

/// Whether the page takes on solving `rules`: `Err` says why not, in a sentence.
pub fn solvable(rules: &Rules, limits: &Limits) -> Result<(), String> {
    let seeds = rules.total_seeds() as usize;
    let label = rules.spec().label();
    let most = limits.distributions;
    let ways = match solve::state_space(rules.pits(), seeds) {
        Some(n) if n <= most => n,
        n => {
            let ways = n.map_or("more than 2^64".to_string(), |n| n.to_string());
            return Err(format!(
                "{label} is too large to solve here ({ways} ways to spread its seeds, more than {most}): `sow solve` solves it from the command line"
            ));
        }
    };
    // Rules the solver cannot value (more than two players, ...).
    solve::check_reachable(rules, seeds).map_err(|e| format!("{label}: {e}"))?;
    let least = marks(ways);
    let worst = least + BUILDING_BYTES * ways;
    if least > limits.memory || (worst > limits.memory && resident().is_none()) {
        let need = if least > limits.memory { least } else { worst };
        return Err(format!(
            "{label} may need {} to solve, more than the {} the server gives a solve: `sow solve` solves it from the command line",
            megabytes(need),
            megabytes(limits.memory)
        ));
    }
    Ok(())
}

/// The bytes that mark the positions reached among `ways` (a bit each, and their ranks),
/// before any is valued.
fn marks(ways: u64) -> u64 {
    ways / 8 + ways / 128
}

fn megabytes(bytes: u64) -> String {
    format!("{} MB", bytes.div_ceil(1_000_000))
}

/// The memory the process holds now (its resident set), where the system tells it (Linux).
fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kb: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kb * 1024)
}

/// Why a solve stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Time,
    Memory,
    Request,
}

/// Why a solve gave no table.
enum Failed {
    Stopped(Stop),
    /// The solver refused the variant.
    Refused(SolveError),
    Panicked,
}

/// Ends the solve under way when dropped: a request may solve again, and those waiting look
/// for the table.
struct Over<'a>(&'a Solutions);

impl Drop for Over<'_> {
    fn drop(&mut self) {
        self.0.lock().solving = None;
        self.0.ended.notify_all();
    }
}

impl Solutions {
    pub fn new(limits: Limits) -> Solutions {
        Solutions { limits, tables: Mutex::default(), ended: Condvar::new() }
    }

    /// The label of the variant being solved, if one is.
    pub fn solving(&self) -> Option<String> {
        self.lock().solving.as_ref().map(|(_, label)| label.clone())
    }

    /// Why `rules` will not be solved here, if that is known without solving: too large, rules
    /// a table cannot value, or a solve that ran out of time or memory before. The page offers
    /// no `perfect` seat then.
    pub fn refusal(&self, rules: &Rules) -> Option<String> {
        if let Err(why) = solvable(rules, &self.limits) {
            return Some(why);
        }
        let key = rules.game_fingerprint();
        self.lock().entries.iter().find_map(|(k, e)| match e {
            Entry::Refused(why) if *k == key => Some(why.clone()),
            _ => None,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Tables> {
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The table of `rules`, solved now (on every core) unless it was before. A request for
    /// the table being solved waits for it; one for another variant is told to ask again.
    /// `cancel` (the client gone, the server stopping) stops a wait, and a solve.
    pub fn get(&self, rules: &Rules, cancel: &Cancel) -> Result<Arc<Solution>, Unsolved> {
        solvable(rules, &self.limits).map_err(Unsolved::Refused)?;
        let key = rules.game_fingerprint();
        let label = rules.spec().label();
        let mut tables = self.lock();
        loop {
            if let Some(at) = tables.entries.iter().position(|(k, _)| *k == key) {
                // Used now: the last to be dropped.
                let entry = tables.entries.remove(at);
                let found = match &entry.1 {
                    Entry::Solved(table, _) => Ok(table.clone()),
                    Entry::Refused(why) => Err(Unsolved::Refused(why.clone())),
                };
                tables.entries.push(entry);
                return found;
            }
            match &tables.solving {
                None => break,
                Some((k, _)) if *k == key => {
                    if cancel.is_cancelled() {
                        return Err(Unsolved::Stopped);
                    }
                    tables = self.ended.wait_timeout(tables, WATCH * 5).unwrap_or_else(|p| p.into_inner()).0;
                }
                Some((_, other)) => {
                    return Err(Unsolved::Busy(format!(
                        "the server is solving {other} for perfect play, one variant at a time: ask again once it is done"
                    )));
                }
            }
        }
        tables.solving = Some((key, label.clone()));
        drop(tables);
        // Whatever the end, the next request may solve once this is over.
        let _over = Over(self);
        let solved = self.solve(rules, cancel);
        let limits = &self.limits;
        let refused = match solved {
            Ok(solution) => {
                let ways = solve::state_space(rules.pits(), rules.total_seeds() as usize).unwrap_or(0);
                let bytes = KEPT_BYTES * solution.positions() + marks(ways);
                let solution = Arc::new(solution);
                let mut tables = self.lock();
                tables.entries.push((key, Entry::Solved(solution.clone(), bytes)));
                self.drop_old(&mut tables);
                return Ok(solution);
            }
            Err(Failed::Stopped(Stop::Request)) => return Err(Unsolved::Stopped),
            Err(Failed::Stopped(Stop::Time)) => format!(
                "{label} takes more than {} s to solve here: `sow solve` solves it from the command line",
                limits.time.as_secs_f64()
            ),
            Err(Failed::Stopped(Stop::Memory)) => format!(
                "{label} needs more than the {} the server gives a solve: `sow solve` solves it from the command line",
                megabytes(limits.memory)
            ),
            Err(Failed::Refused(e)) => format!("{label}: {e}"),
            Err(Failed::Panicked) => format!("{label}: the solver failed on it"),
        };
        let mut tables = self.lock();
        tables.entries.push((key, Entry::Refused(refused.clone())));
        self.drop_old(&mut tables);
        Err(Unsolved::Refused(refused))
    }

    /// Keeps the tables within their number and memory (the newest always), and the refusals
    /// within theirs, dropping the ones used longest ago.
    fn drop_old(&self, tables: &mut Tables) {
        let solved = |e: &Entry| matches!(e, Entry::Solved(..));
        let bytes = |t: &Tables| {
            t.entries.iter().map(|(_, e)| if let Entry::Solved(_, b) = e { *b } else { 0 }).sum::<u64>()
        };
        while tables.entries.iter().filter(|(_, e)| solved(e)).count() > 1
            && (tables.entries.iter().filter(|(_, e)| solved(e)).count() > MAX_TABLES
                || bytes(tables) > self.limits.memory)
        {
            let oldest = tables.entries.iter().position(|(_, e)| solved(e)).expect("a table");
            tables.entries.remove(oldest);
        }
        while tables.entries.iter().filter(|(_, e)| !solved(e)).count() > MAX_REFUSED {
            let oldest = tables.entries.iter().position(|(_, e)| !solved(e)).expect("a refusal");
            tables.entries.remove(oldest);
        }
    }

    /// Solves `rules` from its start while a watcher stops it when its time is up, when the
    /// process has grown by more than the memory allowed (where the system tells), or when
    /// `cancel` is set.
    fn solve(&self, rules: &Rules, cancel: &Cancel) -> Result<Solution, Failed> {
        let stop = Cancel::new();
        let done = AtomicBool::new(false);
        let why = Mutex::new(None);
        let limits = self.limits;
        let solved = std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                let deadline = Instant::now() + limits.time;
                let before = resident();
                while !done.load(Ordering::Acquire) {
                    let reason = if cancel.is_cancelled() {
                        Some(Stop::Request)
                    } else if Instant::now() >= deadline {
                        Some(Stop::Time)
                    } else if let (Some(b), Some(now)) = (before, resident())
                        && now.saturating_sub(b) > limits.memory
                    {
                        Some(Stop::Memory)
                    } else {
                        None
                    };
                    if let Some(reason) = reason {
                        *why.lock().unwrap_or_else(|p| p.into_inner()) = Some(reason);
                        stop.cancel();
                        return;
                    }
                    std::thread::park_timeout(WATCH);
                }
            });
            // A panic of the solver is told as a refusal; the watcher ends either way.
            let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let start = rules.initial_state();
                solve::solve_from(rules, &start, solve::default_threads(), &|_, _| {}, &stop)
            }));
            done.store(true, Ordering::Release);
            watcher.thread().unpark();
            solved
        });
        match solved {
            Ok(Ok(solution)) => Ok(solution),
            Ok(Err(SolveError::Cancelled)) => {
                let why = why.lock().unwrap_or_else(|p| p.into_inner()).unwrap_or(Stop::Request);
                Err(Failed::Stopped(why))
            }
            Ok(Err(e)) => Err(Failed::Refused(e)),
            Err(_) => Err(Failed::Panicked),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bakuk`, or `bakuk:valdez` with its ruleset.
    fn rules(name: &str) -> Rules {
        let (variant, ruleset) = name.split_once(':').map_or((name, None), |(v, r)| (v, Some(r)));
        crate::load_rules(variant, ruleset).unwrap()
    }

    fn limits() -> Limits {
        Limits { time: Duration::from_secs(3600), memory: 1 << 40, distributions: MAX_DISTRIBUTIONS }
    }

    #[test]
    fn a_table_is_solved_once_and_shared() {
        let solutions = Solutions::new(limits());
        let bakuk = rules("bakuk");
        let a = solutions.get(&bakuk, &Cancel::new()).unwrap();
        let b = solutions.get(&bakuk, &Cancel::new()).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        // Bakuk's value with perfect play, as `sow solve bakuk` gives it: player 1 wins by 2.
        let start = bakuk.initial_state();
        assert_eq!(a.value(&bakuk, &start), Some(2));
    }

    #[test]
    fn large_variants_are_refused_with_a_sentence() {
        let why = solvable(&rules("kalah"), &limits()).unwrap_err();
        assert!(why.starts_with("Kalah is too large to solve here ("), "{why}");
        assert!(matches!(
            Solutions::new(limits()).get(&rules("kalah"), &Cancel::new()),
            Err(Unsolved::Refused(_))
        ));
        // Um ed-Dyar's marks alone (153.8 million positions, a bit each) are more than 1 MB.
        let small = Limits { memory: 1_000_000, ..limits() };
        let why = solvable(&rules("um-ed-dyar"), &small).unwrap_err();
        assert!(why.starts_with("Um ed-Dyar may need 21 MB to solve, more than the 1 MB"), "{why}");
    }

    #[test]
    fn a_solve_out_of_time_is_refused_from_then_on() {
        let solutions = Solutions::new(Limits { time: Duration::ZERO, ..limits() });
        let modiar = rules("modiar");
        let Err(Unsolved::Refused(why)) = solutions.get(&modiar, &Cancel::new()) else { panic!() };
        assert_eq!(
            why,
            "Modiar takes more than 0 s to solve here: `sow solve` solves it from the command line"
        );
        assert_eq!(solutions.get(&modiar, &Cancel::new()).err(), Some(Unsolved::Refused(why)));
    }

    #[test]
    fn a_stopped_request_leaves_nothing_behind() {
        let solutions = Solutions::new(limits());
        let cancel = Cancel::new();
        cancel.cancel();
        let koumma = rules("koumma");
        assert_eq!(solutions.get(&koumma, &cancel).err(), Some(Unsolved::Stopped));
        // Neither a table nor a refusal: the next request solves it.
        assert!(solutions.get(&koumma, &Cancel::new()).is_ok());
    }

    #[test]
    fn tables_are_kept_within_their_number_and_memory() {
        let solutions = Solutions::new(limits());
        let names = ["um-ed-dyar:2x2", "tihbat", "um-el-tuweisat", "koumma", "tihbat:mancalagames"];
        let first = solutions.get(&rules(names[0]), &Cancel::new()).unwrap();
        for name in &names[1..] {
            solutions.get(&rules(name), &Cancel::new()).unwrap();
        }
        // Five tables solved, four kept: the first was dropped, and is solved again.
        let again = solutions.get(&rules(names[0]), &Cancel::new()).unwrap();
        assert!(!Arc::ptr_eq(&first, &again));
        // Within their memory: the oldest go first, the newest stays even alone too large.
        let small = Solutions::new(Limits { memory: 1000, ..limits() });
        let mut tables = Tables::default();
        for (key, bytes) in [(1, 400), (2, 400), (3, 400)] {
            tables.entries.push((key, Entry::Solved(again.clone(), bytes)));
        }
        tables.entries.push((4, Entry::Refused("no".into())));
        small.drop_old(&mut tables);
        assert_eq!(tables.entries.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [2, 3, 4]);
        tables.entries.push((5, Entry::Solved(again.clone(), 5000)));
        small.drop_old(&mut tables);
        assert_eq!(tables.entries.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [4, 5]);
    }
}

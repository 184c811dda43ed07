//! Perfect play for the page: the table of a variant's positions reachable from its start,
//! solved the first time a hint or a `perfect` seat asks for it and kept in memory for the
//! next (keyed by the rules' fingerprint, so an editor's text that plays the same game shares
//! it). The page always plays from the start, so that table values every position it shows.
//! Only variants whose seeds can be spread over the board in at most [`MAX_DISTRIBUTIONS`]
//! ways are solved here: seconds of work and a few hundred megabytes at most. Larger ones get
//! a sentence, and hints from a search instead.

use std::sync::{Arc, Mutex, OnceLock};

use crate::cancel::Cancel;
use crate::engine::Rules;
use crate::play::solve::{self, Solution};

/// The most distributions of a variant's seeds a server solves: Bakuk (10.5 million: 2.7
/// million reachable, under a second) and Kalah on 4 pits of 4 seeds (154 million: 9.8
/// million reachable, about 6 seconds, 130 MB) are within it.
pub const MAX_DISTRIBUTIONS: u64 = 200_000_000;

/// Tables kept; the oldest is dropped for a new one.
const MAX_TABLES: usize = 4;

type Solved = Arc<OnceLock<Result<Arc<Solution>, String>>>;

#[derive(Default)]
pub struct Solutions {
    tables: Mutex<Vec<(u64, Solved)>>,
}

/// Whether the page can solve `rules`: `Err` says why not, in a sentence.
pub fn solvable(rules: &Rules) -> Result<(), String> {
    let seeds = rules.total_seeds() as usize;
    let label = rules.spec().label();
    match solve::state_space(rules.pits(), seeds) {
        Some(n) if n <= MAX_DISTRIBUTIONS => {}
        n => {
            let ways = n.map_or("more than 2^64".to_string(), |n| n.to_string());
            return Err(format!(
                "{label} is too large to solve here ({ways} ways to spread its seeds, more than {MAX_DISTRIBUTIONS}): `sow solve` solves it from the command line"
            ));
        }
    }
    // Rules the solver cannot value (more than two players, ...).
    solve::check_reachable(rules, seeds).map(|_| ()).map_err(|e| format!("{label}: {e}"))
}

impl Solutions {
    /// The table of `rules`, solved now (on every core) unless it was before; a request for
    /// a table being solved waits for it. `cancel` (the server stopping) stops a solve.
    pub fn get(&self, rules: &Rules, cancel: &Cancel) -> Result<Arc<Solution>, String> {
        solvable(rules)?;
        let key = rules.game_fingerprint();
        let cell = {
            let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
            match tables.iter().find(|(k, _)| *k == key) {
                Some((_, cell)) => cell.clone(),
                None => {
                    if tables.len() >= MAX_TABLES {
                        tables.remove(0);
                    }
                    let cell = Solved::default();
                    tables.push((key, cell.clone()));
                    cell
                }
            }
        };
        let solved = cell.get_or_init(|| {
            let start = rules.initial_state();
            solve::solve_from(rules, &start, solve::default_threads(), &|_, _| {}, cancel)
                .map(Arc::new)
                .map_err(|e| format!("{}: {e}", rules.spec().label()))
        });
        solved.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::compile;
    use crate::lang::{check, library};

    fn rules(name: &str) -> Rules {
        let file = library::load(name).unwrap();
        compile(&check::check(&file, None).unwrap().0)
    }

    #[test]
    fn a_table_is_solved_once_and_shared() {
        let solutions = Solutions::default();
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
        let why = solvable(&rules("kalah")).unwrap_err();
        assert!(why.starts_with("Kalah is too large to solve here ("), "{why}");
        assert!(Solutions::default().get(&rules("kalah"), &Cancel::new()).is_err());
    }
}

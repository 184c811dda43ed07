//! The checks of the lines that decide which moves may be played (`crate::lang::legality`): a
//! pit of a single seed played only in some positions, and a move that must be played.

use crate::lang::legality::{Legality, OneSeed};
use crate::lang::syntax::Opening;

use super::Validator;

impl Validator<'_> {
    /// The rules of legal moves, each line checked. `total` is the seeds of the game.
    pub(super) fn legality(&mut self, total: usize) -> Legality {
        let m = self.m;
        let mut out = Legality::default();
        if let Some(line) = &m.one_seed {
            let OneSeed { unless, next_empty, ends } = &line.value;
            // A pit of the mover's may be empty: its counts start at 0.
            let checked = match unless {
                None => Some(None),
                Some(c) => self.counts("condition", c, line, total, 0).map(Some),
            };
            let mut ok = checked.is_some();
            if let (Some(Some(set)), Some(c)) = (&checked, unless)
                && set.contains(1)
            {
                self.diags.push(
                    crate::lang::diagnostic::Diagnostic::error(
                        "a pit of one seed could never be played: it holds 1 itself",
                    )
                    .at(&line.at.file, c.span.clone(), "one of these counts is 1")
                    .help("name the counts of the other pits that forbid it, such as `2 or more`"),
                );
                ok = false;
            }
            // Its seed would go back where it came from: the move would change nothing.
            if m.opening.as_ref().is_some_and(|o| o.value == Opening::EmptiedPit) && m.single_seed.is_none() {
                self.diags.push(
                    line.error(
                        "a pit of one seed may be played, but its seed goes back into the emptied pit",
                        "the move would change nothing",
                    )
                    .help("add `a pit of one seed sows it into the next pit` to the sowing block"),
                );
                ok = false;
            }
            if let (true, Some(unless)) = (ok, checked) {
                out.one_seed = Some(OneSeed { unless, next_empty: *next_empty, ends: *ends });
            }
        }
        out
    }
}

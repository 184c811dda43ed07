//! The checks of the lines that decide which moves may be played (`crate::lang::legality`): a
//! pit of a single seed played only in some positions, and a move that must be played.

use crate::lang::counts::CountSet;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::kinds::Stated;
use crate::lang::lap_rule::{Condition, LapRule, Predicate};
use crate::lang::legality::{Legality, MustPlay, OneSeed};
use crate::lang::syntax::{Opening, WrittenCounts};

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
        if let Some(line) = &m.must_play {
            let MustPlay { way, conditions } = &line.value;
            let tested = self.counted_test(conditions, line, total);
            // A way no pit sows: no move the line speaks of.
            let ways = m.direction.as_ref().map(|d| &d.value);
            let sown = match (way, ways) {
                (Some(w), Some(crate::lang::syntax::DirectionLine::All(d))) => w == d,
                (Some(w), Some(crate::lang::syntax::DirectionLine::ByPit(lines))) => lines.iter().any(|l| {
                    matches!(l.value.way, crate::lang::syntax::Way::Either)
                        || l.value.way == crate::lang::syntax::Way::Only(*w)
                }),
                _ => true,
            };
            if !sown {
                self.diags.push(line.error(
                    format!("a {} move must be played, but no pit sows {}", way_word(way), way_word(way)),
                    "no such move",
                ));
            }
            if let (Some(conditions), true) = (tested, sown) {
                out.must = Some(MustPlay { way: *way, conditions });
            }
        }
        out
    }

    /// The conditions of a test made before a move, their places named from the pit its last
    /// seed will reach (`clockwise only when ... before the move`, `a move whose last pit ...
    /// must be played ...`), each checked as a `when` line's are; before the move any place
    /// may be empty, so that counts start at 0.
    pub(super) fn counted_test<T>(
        &mut self,
        conditions: &[Condition<WrittenCounts>],
        line: &Stated<T>,
        total: usize,
    ) -> Option<Vec<Condition<CountSet>>> {
        let m = self.m;
        let before = self.diags.0.len();
        let rule = LapRule { every_lap: false, conditions: conditions.to_vec(), effects: Vec::new() };
        let checked = rule.try_map(|counts, _| self.counts("condition", counts, line, total, 0).ok_or(()));
        let four = m.board.as_ref().is_some_and(|b| b.value.rows.value == 4);
        let here = |d: Diagnostic, label: &str| d.at(&line.at.file, line.at.span.clone(), label);
        for c in conditions {
            let Condition::At(place, p) = c else { continue };
            if !four && place.in_column() {
                self.diags.push(here(
                    Diagnostic::error(format!("{} on a board of 2 rows", place.words()))
                        .note("the pits of a column, one behind the other, are on boards of 4 rows"),
                    "no pit lies behind another",
                ));
            }
            match p {
                Predicate::InRow(..) if !four => self.diags.push(here(
                    Diagnostic::error("an inner or outer row on a board of 2 rows")
                        .note("inner and outer rows are on boards of 4 rows: `board 4 rows of 8 pits`"),
                    "each player has one row",
                )),
                Predicate::Seat(..) | Predicate::Mirror(_) if four => self.diags.push(here(
                    Diagnostic::error("a pit named from a seat, or a mirror, on a board of 4 rows")
                        .note("sow plays boards of 4 rows with the rules that need no facing rows yet"),
                    "a rule of two-row boards",
                )),
                Predicate::Store(_) if m.pit_store.is_none() => self.diags.push(
                    here(Diagnostic::error("a condition on a store, but no pit is a store"), "this line speaks of a store")
                        .help("make a pit the store, in the players block: `each player's rightmost pit is their store`"),
                ),
                Predicate::EndPlace(_) if m.end_place.is_none() => self.diags.push(here(
                    Diagnostic::error("a condition on an end place, but no pit is an end place"),
                    "this line speaks of an end place",
                )),
                _ => {}
            }
        }
        let claims = m.lap_rules.as_ref().is_some_and(|l| l.value.iter().any(|r| r.value.claims()));
        if rule.asks_of_claims() && !claims {
            self.diags.push(
                here(Diagnostic::error("this line asks about claimed pits, but no line claims a pit"), "never claimed")
                    .help("a pit is claimed by a `when` line such as `when the last pit holds 3: claim the last pit`"),
            );
        }
        if self.diags.0[before..].iter().any(Diagnostic::is_error) {
            return None;
        }
        checked.ok().map(|r| r.conditions)
    }
}

/// `counter-clockwise`, `clockwise`, or nothing for every move.
fn way_word(way: &Option<crate::lang::syntax::Direction>) -> &'static str {
    way.map_or("", |d| d.word())
}

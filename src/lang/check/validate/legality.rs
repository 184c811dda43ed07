//! The checks of the lines that decide which moves may be played (`crate::lang::legality`): a
//! pit of a single seed played only in some positions, and a move that must be played.

use std::sync::Arc;

use crate::lang::counts::CountSet;
use crate::lang::diagnostic::{Diagnostic, SourceFile, Span};
use crate::lang::kinds::Stated;
use crate::lang::lap_rule::{Condition, LapRule, Predicate};
use crate::lang::legality::{Legality, MustPlay, MustPlayLine, OneSeed, Relays, SeatOnly};
use crate::lang::spec::PitGroupSpec;
use crate::lang::syntax::{Number, Opening, PitGroup, RowPart, WrittenCounts};
use crate::lang::words::ordinal;

use super::Validator;

impl Validator<'_> {
    /// The rules of legal moves, each line checked. `total` is the seeds of the game.
    pub(super) fn legality(&mut self, total: usize, owners: &[u8], rows: usize, per_row: usize) -> Legality {
        let m = self.m;
        let mut out = Legality { relays: self.relays(owners, per_row), ..Default::default() };
        if let Some(line) = &m.seat_only {
            let SeatOnly { pit, counts } = &line.value;
            // A pit played holds a seed at least.
            let checked = self.counts("condition", counts, line, total, 1);
            let mut ok = checked.is_some();
            if rows == 4 {
                self.diags.push(
                    line.error("a pit named from a player's seat on a board of 4 rows", "which row?").note(
                        "a board of 4 rows names its pits by row: this line speaks of the pits of a row each",
                    ),
                );
                ok = false;
            } else if !self.seat_pit_in_row(&line.at.file, &line.at.span, *pit, per_row) {
                ok = false;
            }
            if let (true, Some(counts)) = (ok, checked) {
                out.seat_only = Some(SeatOnly { pit: *pit, counts });
            }
        }
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
        out.must = self.tested_moves(m.must_play.as_ref(), "must be played", total);
        out.never = self.tested_moves(m.never_play.as_ref(), "is forbidden by the test", total);
        out
    }

    /// A line of moves judged by the places their last seed will reach (`... must be played
    /// when there is one`, `... may not be played`), checked.
    fn tested_moves(
        &mut self,
        line: Option<&Stated<MustPlayLine>>,
        what: &str,
        total: usize,
    ) -> Option<MustPlay<CountSet>> {
        let m = self.m;
        let mut out = None;
        if let Some(line) = line {
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
                    format!("a {} move {what}, but no pit sows {}", way_word(way), way_word(way)),
                    "no such move",
                ));
            }
            if let (Some(conditions), true) = (tested, sown) {
                out = Some(MustPlay { way: *way, conditions });
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
            if let Condition::Total(crate::lang::lap_rule::Total::Captured(_), _) = c {
                self.diags.push(
                    here(
                        Diagnostic::error("a condition on the seeds captured, in a test before a move"),
                        "a total the rules after each lap read",
                    )
                    .help("say it in a `when` line of the capture block: `when the last pit holds 3 and the mover has captured 0 seeds: take the last pit`"),
                );
            }
            let Condition::At(place, p) = c else { continue };
            if !four && place.in_column() {
                self.diags.push(here(
                    Diagnostic::error(format!("{} on a board of 2 rows", place.words()))
                        .note("the pits of a column, one behind the other, are on boards of 4 rows"),
                    "no pit lies behind another",
                ));
            }
            match p {
                Predicate::InRow(_, Some(_), _) if !four => self.diags.push(here(
                    Diagnostic::error("an inner or outer row on a board of 2 rows")
                        .note("inner and outer rows are on boards of 4 rows: `board 4 rows of 8 pits`"),
                    "each player has one row",
                )),
                Predicate::Seat(_, None, _) | Predicate::Mirror(_) if four => self.diags.push(here(
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
                Predicate::Played(..) => self.diags.push(
                    here(
                        Diagnostic::error("a condition on the pits played from, in a test before a move"),
                        "a pit's history the rules after each lap read",
                    )
                    .help("say it in a `when` line of the capture block: `when the last pit holds an even count and has been played from: take the last pit`"),
                ),
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

impl Validator<'_> {
    /// A group of pits named from each player's seat (`the 2 leftmost pits`, on 4 rows `the end
    /// pits of their inner row`), in a row of `k` pits: what it names, and the places among a
    /// player's pits in number order of the pits it names (on 2 rows, from the player's left).
    /// `None` after an error at `span`, the line.
    /// The choices at a relay (`a relay sows as a move from its pit would`, `the mover may
    /// decline a relay from ...`), each line checked: there must be relays to choose at.
    fn relays(&mut self, owners: &[u8], row: usize) -> Option<Relays> {
        let m = self.m;
        if m.relay_as_move.is_none() && m.relay_decline.is_none() {
            return None;
        }
        // Relays come from the `relay when` line, or from a rule after each lap.
        let relays = m.relay.is_some()
            || m.lap_rules.as_ref().is_some_and(|rules| {
                rules.value.iter().any(|r| {
                    r.value.effects.iter().any(|e| {
                        matches!(
                            e,
                            crate::lang::lap_rule::Effect::Relay(_)
                                | crate::lang::lap_rule::Effect::SowTaken(..)
                                | crate::lang::lap_rule::Effect::SowEnd(_)
                        )
                    })
                })
            });
        let mut ok = true;
        for at in [m.relay_as_move.as_ref().map(|l| &l.at), m.relay_decline.as_ref().map(|l| &l.at)]
            .into_iter()
            .flatten()
        {
            if !relays {
                self.diags.push(
                    at.error("no move of this game relays", "a choice at a relay")
                        .help("add a relay to the sowing block, such as `relay when the last seed falls into an occupied pit`"),
                );
                ok = false;
            }
        }
        let mut declined = Vec::new();
        if let Some(line) = &m.relay_decline {
            let k = owners.len() / 2;
            let sides = owners.len() >= 2
                && owners[..k].iter().all(|&o| o == owners[0])
                && owners[k..].iter().all(|&o| o == owners[k])
                && owners[0] != owners[k];
            if !sides {
                self.diags.push(line.error(
                    "pits named from each player's seat need two players who own a row each (or two rows each)",
                    "pits named from a player's seat",
                ));
                return None;
            }
            // `pass` is written in a move set as no pit of such a board can be.
            if owners.len() >= crate::lang::spec::MAX_PITS {
                self.diags.push(line.error(
                    format!(
                        "a relay may be declined only on a board of fewer than {} pits",
                        crate::lang::spec::MAX_PITS
                    ),
                    "the mover may decline a relay",
                ));
                return None;
            }
            let four = k == 2 * row;
            let mut places = Vec::new();
            for (group, r) in &line.value {
                match self.row_group(&line.at.file, &line.at.span, group, *r, row, four) {
                    Some((_, mine)) => places.extend(mine),
                    None => ok = false,
                }
            }
            for p in 0..2 {
                let mine = crate::lang::phases::seat_row(owners, p);
                declined.push(places.iter().fold(0u64, |mask, &q| mask | 1 << mine[q]));
            }
        }
        ok.then(|| Relays { as_a_move: m.relay_as_move.is_some(), declined })
    }

    pub(super) fn row_group(
        &mut self,
        file: &Arc<SourceFile>,
        span: &Span,
        group: &PitGroup,
        row: Option<RowPart>,
        k: usize,
        four: bool,
    ) -> Option<(PitGroupSpec, Vec<usize>)> {
        let mut count = |n: Option<&Number>, side: &str| -> Option<usize> {
            let v = n.map_or(1, |n| n.value);
            if v == 0 || v as usize > k {
                let at = n.map_or(span.clone(), |n| n.span.clone());
                let message = if v == 0 {
                    format!("`the 0 {side} pits` names no pit")
                } else {
                    format!("a row of {k} pits has no {v} {side} pits")
                };
                self.diags.push(Diagnostic::error(message).at(file, at, format!("expected 1 to {k}")));
                return None;
            }
            Some(v as usize)
        };
        // Places in a row, from the owner's left.
        let (spec, mut places): (PitGroupSpec, Vec<usize>) = match group {
            PitGroup::Leftmost(n) => {
                let c = count(n.as_ref(), "leftmost")?;
                (PitGroupSpec::Leftmost(c as u8), (0..c).collect())
            }
            PitGroup::Rightmost(n) => {
                let c = count(n.as_ref(), "rightmost")?;
                (PitGroupSpec::Rightmost(c as u8), (k - c..k).collect())
            }
            PitGroup::Centre => {
                if k.is_multiple_of(2) {
                    self.diags.push(Diagnostic::error(format!("a row of {k} pits has no centre pit")).at(
                        file,
                        span.clone(),
                        "only a row of an odd number of pits has one",
                    ));
                    return None;
                }
                (PitGroupSpec::Centre, vec![k / 2])
            }
            PitGroup::Ends => (PitGroupSpec::Ends, vec![0, k - 1]),
            PitGroup::FromEachEnd(n) => {
                if n.value == 0 || n.value as usize > k {
                    let nth = |n: u64| crate::lang::phases::SeatPit::Nth(n.min(255) as u8).word();
                    self.diags.push(
                        Diagnostic::error(format!(
                            "a row of {k} pits has no {} pit from each end",
                            nth(n.value)
                        ))
                        .at(
                            file,
                            n.span.clone(),
                            format!("expected 1st to {}", nth(k as u64)),
                        ),
                    );
                    return None;
                }
                let n = n.value as usize;
                (PitGroupSpec::FromEachEnd(n as u8), vec![n - 1, k - n])
            }
            // The pits no other line names: found once every other line is read.
            PitGroup::Others => (PitGroupSpec::Others, Vec::new()),
        };
        places.dedup();
        let inner = |places: &[usize]| places.iter().map(|&q| 2 * k - 1 - q).collect::<Vec<_>>();
        let mine = match (four, row) {
            (false, None) => places,
            (false, Some(r)) => {
                self.diags.push(
                    Diagnostic::error(format!("`of {}` on a board of 2 rows", r.words()))
                        .at(file, span.clone(), "each player has one row")
                        .note("a player's inner and outer rows are on boards of 4 rows"),
                );
                return None;
            }
            (true, None) => {
                self.diags.push(
                    Diagnostic::error("on a board of 4 rows, pits named from a seat name their row")
                        .at(file, span.clone(), "which row")
                        .help("write it as `the leftmost pit of their outer row`, `... of their inner row` or `... of each of their rows`"),
                );
                return None;
            }
            (true, Some(RowPart::Outer)) => places,
            (true, Some(RowPart::Inner)) => inner(&places),
            (true, Some(RowPart::Each)) => {
                let mut both = inner(&places);
                both.extend(places);
                both
            }
        };
        Some((spec, mine))
    }
}

/// The place from its owner's left, in its row of `k`, of the pit at place `q` among a player's
/// pits in number order: on 4 rows the inner row is numbered from the owner's right.
pub(super) fn seat_place(q: usize, k: usize) -> usize {
    if q < k { q } else { 2 * k - 1 - q }
}

/// The pit at place `q` among each player's pits, in words: `the 2nd pit from each player's
/// left`, on 4 rows `the 2nd pit of each player's outer row (from their left)`.
pub(super) fn pit_of_each(q: usize, k: usize, four: bool) -> String {
    if !four {
        return format!("the {} pit from each player's left", ordinal(q + 1));
    }
    let row = if q < k { "outer" } else { "inner" };
    format!("the {} pit of each player's {row} row (from their left)", ordinal(seat_place(q, k) + 1))
}

/// `counter-clockwise`, `clockwise`, or nothing for every move.
fn way_word(way: &Option<crate::lang::syntax::Direction>) -> &'static str {
    way.map_or("", |d| d.word())
}

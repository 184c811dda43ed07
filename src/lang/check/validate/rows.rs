//! The checks of boards of three and four rows: on four each player owns the two rows on their
//! side and sows round them, on three the pits make one circuit through the middle row; the
//! rules written for two rows (chains over facing pits, pits named from a seat, rounds, stores)
//! are refused there, each at its line, until the language says them for more rows. The
//! opposite pit is a place on four rows (an inner pit faces the opponent's inner pit), and on
//! three no pit faces another.

use crate::lang::diagnostic::Diagnostic;
use crate::lang::kinds::{Kind, Stated};
use crate::lang::lap_rule::{Condition, Effect, Place, Predicate};
use crate::lang::syntax::{BoardLine, DirectionLine};

use super::Validator;

/// The kinds of rule that speak of a board of two rows: pits named from a seat,
/// stores on the circuit, end places, rounds and their fills, the distribution of one player.
const TWO_ROWS_ONLY: &[Kind] = &[
    Kind::PitStore,
    Kind::NeverPlayed,
    Kind::PlaysOther,
    Kind::OpeningMoves,
    Kind::StoreMove,
    Kind::HandSowing,
    Kind::Distribute,
    Kind::SwapChoice,
    Kind::FeedOne,
    Kind::EndPlace,
    Kind::HandRefill,
    Kind::StoneWorth,
    Kind::NoStoneEnd,
];

/// The rules of rounds: on 3 rows the pits of each player are counted along the circuit from
/// their leftmost pit, so the fills from the leftmost pit read as on two rows (Gabata); on 4
/// rows they are not said yet. The copy into the opposite pits needs facing rows.
const ROUNDS: &[Kind] = &[Kind::RoundOver, Kind::RoundTake, Kind::Refill, Kind::Unfilled, Kind::MatchEnd];

impl Validator<'_> {
    /// A board of 3 or 4 rows: its stores, its owners and the rules it cannot have yet. False
    /// after an error.
    pub(super) fn more_rows(&mut self, board: &Stated<BoardLine>, owners: &[u8], players: u8) -> bool {
        let m = self.m;
        let rows = board.value.rows.value;
        let mut ok = true;
        if board.value.stores {
            let why = if rows == 4 {
                "each player's seeds go round their own two rows"
            } else {
                "the pits make one circuit, through the middle row"
            };
            self.diags.push(
                board
                    .error(format!("a board of {rows} rows with stores"), why)
                    .help("write the board with `no stores`: captures are set aside"),
            );
            ok = false;
        }
        let half = owners.len() / 2;
        let sides = players == 2
            && owners[..half].iter().all(|&o| o == owners[0])
            && owners[half..].iter().all(|&o| o == owners[half])
            && owners[0] != owners[half];
        if !sides && let Some(p) = &m.players {
            self.diags.push(if rows == 4 {
                p.error(
                    "on a board of 4 rows each of two players owns the two rows on their side",
                    "these players own other pits",
                )
                .help("write `player 1 owns the two south rows` and `player 2 owns the two north rows`")
            } else {
                p.error(
                    "on a board of 3 rows each of two players owns the row nearest them and half of the middle row",
                    "these players own other pits",
                )
                .help(
                    "write `player 1 owns the south row and the right half of the middle row` and `player 2 \
                     owns the north row and the right half of the middle row`",
                )
            });
            ok = false;
        }
        let refuse = |this: &mut Self, at: &crate::lang::kinds::Origin, what: &str| {
            this.diags.push(
                at.error(format!("{what} on a board of {rows} rows"), "a rule of two-row boards").note(
                    format!("sow plays boards of {rows} rows with the rules that need no facing rows yet"),
                ),
            );
        };
        let rounds: &[Kind] = if rows == 4 { ROUNDS } else { &[Kind::CopyFill] };
        for &kind in TWO_ROWS_ONLY.iter().chain(rounds) {
            if let Some(at) = m.origin(kind) {
                refuse(self, at, kind.line());
                ok = false;
            }
        }
        // No pit faces another on 3 rows (`capture { none }` states the kind with nothing).
        if rows == 3
            && let Some(o) = m.opposite.as_ref().filter(|o| o.value.is_some())
        {
            refuse(self, &o.at, Kind::Opposite.line());
            ok = false;
        }
        if let Some(d) = &m.direction
            && rows == 3
            && matches!(d.value, DirectionLine::ByPit(_))
        {
            refuse(self, &d.at, "a direction by pit");
            ok = false;
        }
        // Rules after each lap: the opposite pit is a place (none for an outer pit), but chains
        // over facing pits, claims of them, transfers and pits named from a seat are not, yet.
        if let Some(rules) = &m.lap_rules {
            for line in &rules.value {
                let r = &line.value;
                let facing = r.conditions.iter().any(|c| {
                    matches!(c.predicate(), Some(Predicate::Seat(_, None, _) | Predicate::Mirror(_)))
                }) || r.effects.iter().any(|e| match e {
                    Effect::Claim(places) => places.contains(&Place::OPPOSITE),
                    Effect::Move { from, to, .. } => *from == Place::OPPOSITE || *to == Place::OPPOSITE,
                    Effect::Chain { opposite, .. } => *opposite,
                    Effect::ChainOpposite { .. } => true,
                    _ => false,
                });
                if facing {
                    self.diags.push(
                        Diagnostic::error(format!(
                            "a chain over facing pits, or a pit named from a seat, on a board of {rows} rows"
                        ))
                        .at(&rules.at.file, line.span.clone(), "a rule of two-row boards")
                        .note(format!(
                            "sow plays boards of {rows} rows with the rules that need no facing rows yet"
                        )),
                    );
                    ok = false;
                }
                // Three rows: no pit faces another, none lies behind another, no row is inner.
                if rows == 3 {
                    let column =
                        r.places().any(|p| p.in_column() || p.base == crate::lang::lap_rule::Base::Opposite);
                    let inner = r.conditions.iter().any(|c| {
                        matches!(c.predicate(), Some(Predicate::InRow(_, Some(_), _)))
                            || matches!(c, Condition::RowEmpty(..))
                    });
                    if column || inner {
                        self.diags.push(
                            Diagnostic::error("the pits of a column on a board of 3 rows")
                                .at(&rules.at.file, line.span.clone(), "no pit faces another here")
                                .note("a board of 3 rows has no opposite pit, no pit behind another, no inner row"),
                        );
                        ok = false;
                    }
                }
            }
        }
        ok
    }

    /// A board of 2 rows: no pit lies behind another, no row is inner or outer.
    pub(super) fn no_columns(&mut self) {
        let m = self.m;
        let column = |p: &Place| {
            Diagnostic::error(format!("{} on a board of 2 rows", p.words()))
                .note("the pits of a column, one behind the other, are on boards of 4 rows")
        };
        if let Some(rules) = &m.lap_rules {
            for line in &rules.value {
                let r = &line.value;
                let here = |d: Diagnostic, label: &str| d.at(&rules.at.file, line.span.clone(), label);
                if let Some(p) = r.places().find(|p| p.in_column()) {
                    self.diags.push(here(column(&p), "no pit lies behind another"));
                }
                if r.conditions.iter().any(|c| {
                    matches!(c.predicate(), Some(Predicate::InRow(_, Some(_), _)))
                        || matches!(c, Condition::RowEmpty(..))
                }) {
                    self.diags.push(here(
                        Diagnostic::error("an inner or outer row on a board of 2 rows")
                            .note("inner and outer rows are on boards of 4 rows: `board 4 rows of 8 pits`"),
                        "each player has one row",
                    ));
                }
            }
        }
    }
}

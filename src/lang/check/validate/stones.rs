//! The checks of end places and big stones (`crate::lang::stones`).

use crate::lang::diagnostic::Diagnostic;
use crate::lang::kinds::Stated;
use crate::lang::lap_rule::{Condition, Effect, LapRule, Predicate};
use crate::lang::syntax::WrittenCounts;

type LapRuleLine = LapRule<WrittenCounts>;
use crate::lang::phases::seat_row;
use crate::lang::stones::Stones;
use crate::lang::syntax::BoardLine;

use super::Validator;

/// The most seeds a big stone may count for, and the most a refill may put into a pit.
const MAX_WORTH: u64 = 100;

impl Validator<'_> {
    /// The rules of end places and big stones, each line checked against the board, the
    /// players and the other lines it needs.
    pub(super) fn stones(&mut self, board: &Stated<BoardLine>, owners: &[u8], players: u8) -> Stones {
        let m = self.m;
        let mut out = Stones::default();
        if let Some(e) = &m.end_place {
            let k = board.value.pits_per_row.value as usize;
            let rows = players == 2
                && (0..2u8).all(|p| {
                    let row = seat_row(owners, p);
                    row.len() == k && row.windows(2).all(|w| w[1] == w[0] + 1)
                });
            if board.value.stores {
                self.diags.push(
                    e.error(
                        "end places, but the board has stores of its own",
                        "end places on a board with stores",
                    )
                    .help("write the board with `no stores`: the end places are pits of the rows"),
                );
            } else if !rows {
                self.diags.push(
                    e.error("end places are named from each player's seat", "pits named from a seat")
                        .note("this needs two players who own a row each"),
                );
            } else if !self.seat_pit_in_row(&e.at.file, &e.value.pit.span, e.value.pit.value, k) {
                // Said at the pit.
            } else if k < 2 {
                self.diags
                    .push(e.error("a row of 1 pit cannot have an end place", "no pit would be left to play"));
            } else if m
                .pit_store
                .as_ref()
                .is_some_and(|s| s.value.value.index(k) == e.value.pit.value.index(k))
            {
                self.diags.push(
                    e.error("a pit that is both a store and an end place", "the store's pit")
                        .help("an end place is nobody's: name another pit"),
                );
            } else {
                out.end_place = Some(e.value.pit.value);
                out.big_stones = e.value.big_stone;
            }
        }
        let no_stone = |what: &str| format!("{what}, but no place starts with a big stone");
        let stone_help =
            "give the end places a big stone: `each player's leftmost pit is an end place with a big stone`";
        if let Some(w) = &m.stone_worth {
            let n = &w.value.0;
            if m.end_place.as_ref().is_none_or(|e| !e.value.big_stone) {
                self.diags
                    .push(w.error(no_stone("what a big stone counts for"), "no big stone").help(stone_help));
            } else if n.value > MAX_WORTH {
                self.diags.push(Diagnostic::error(format!("a big stone counting as {} seeds", n.value)).at(
                    &w.at.file,
                    n.span.clone(),
                    format!("expected 0 to {MAX_WORTH}"),
                ));
            } else {
                out.worth = n.value as u8;
            }
        }
        if let Some(e) = &m.no_stone_end {
            if m.end_place.as_ref().is_none_or(|p| !p.value.big_stone) {
                self.diags.push(
                    e.error(no_stone("an end when no big stone is left"), "the game would be over at once")
                        .help(stone_help),
                );
            } else {
                out.over_when_none = true;
            }
        }
        if let Some(r) = &m.hand_refill {
            let n = &r.value.seeds;
            if n.value == 0 || n.value > MAX_WORTH {
                self.diags.push(
                    Diagnostic::error(format!("a refill of {} seeds into each pit", n.value)).at(
                        &r.at.file,
                        n.span.clone(),
                        format!("expected 1 to {MAX_WORTH}"),
                    ),
                );
            } else {
                out.refill = Some((n.value as u8, r.value.after_each_lap));
            }
        }
        // A line after each lap that asks about end places needs some.
        if let Some(rules) = &m.lap_rules
            && m.end_place.is_none()
        {
            for line in &rules.value {
                let asks = line
                    .value
                    .conditions
                    .iter()
                    .any(|c| matches!(c.predicate(), Some(Predicate::EndPlace(_))));
                if asks {
                    self.diags.push(
                        Diagnostic::error("a line asks whether a place is an end place, but there are none")
                            .at(&rules.at.file, line.span.clone(), "`is an end place`")
                            .help("name the end places in the players block: `each player's leftmost pit is an end place`"),
                    );
                }
            }
        }
        out
    }

    /// `end the move`: alone in a `when` line (any other effect but a relay ends the move
    /// anyway, and a relay would contradict it).
    pub(super) fn end_the_move(&mut self, at: &Stated<()>, rule: &LapRuleLine) {
        if rule.every_lap {
            self.diags.push(
                at.error("an `after each lap` line cannot end the move", "the `when` lines come after it")
                    .help("write it as a `when` line: `when the next pit is an end place: end the move`"),
            );
        } else if rule.effects.len() > 1 {
            // What the other effects do next: a lap sown from what was taken is followed by
            // the rules, as any lap; a relay is a lap too; anything else ends the move.
            let lap = rule
                .effects
                .iter()
                .any(|e| matches!(e, Effect::SowTaken(..) | Effect::SowEnd(_) | Effect::Relay(_)));
            // A lap sown from the seeds taken must end its line: that message says it.
            if rule.effects.iter().any(|e| matches!(e, Effect::SowTaken(..) | Effect::SowEnd(_))) {
                return;
            }
            let note = if lap {
                "the lap this line sows is followed by the rules after each lap, as every lap is: to end \
                 the move after it, write a `when` line that holds then with `end the move` alone"
            } else {
                "a line that takes and neither relays nor sows ends the move already"
            };
            self.diags.push(
                at.error("`end the move` must be the only effect of its line", "with other effects")
                    .note(note),
            );
        }
    }

    /// `the lap lifted 0 seeds`: no lap is sown with none.
    pub(super) fn lifted_counts(&mut self, at: &Stated<()>, rule: &LapRule<crate::lang::spec::CountSet>) {
        use crate::lang::counts::{Base, Item};
        // `11 or fewer` starts where laps do; a 0 written, or `any count`, does not.
        let zero = |n: &crate::lang::spec::CountSet| match &n.form().base {
            Base::List(items) | Base::Parity(_, items) => {
                items.iter().any(|i| !matches!(i, Item::OrFewer(_)) && i.bounds().0 == 0)
            }
            Base::Any => true,
        };
        if rule.conditions.iter().any(|c| matches!(c, Condition::Lifted(n) if n.contains(0) && zero(n))) {
            self.diags.push(
                at.error("a lap is sown with 1 seed or more, never 0", "a count of 0 seeds lifted")
                    .help("counts of the seeds a lap lifted start at 1"),
            );
        }
    }
}

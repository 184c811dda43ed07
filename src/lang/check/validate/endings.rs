//! The checks of the `game over when` endings and the outcomes their lines give (`: they
//! win`, `: they lose`, `: the game is a draw`).

use crate::lang::counts::CountSet;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::kinds::{Origin, Stated};
use crate::lang::lap_rule::{Condition, GameEnd, GameEndLines, LapRule, Pits};
use crate::lang::spec::Endings;
use crate::lang::syntax::{EndOutcome, NoMove, Spanned};

use super::Validator;

/// An error at the outcome of a line: its words underlined.
fn at_outcome(at: &Origin, outcome: &Spanned<EndOutcome>, message: String, label: &str) -> Diagnostic {
    Diagnostic::error(message).at(&at.file, outcome.span.clone(), label)
}

impl Validator<'_> {
    /// The endings of the variant, with their outcomes, each checked against the players and
    /// the rule for a player who cannot move.
    pub(super) fn endings(&mut self, players: u8) -> Endings {
        let m = self.m;
        let side_outcome = m.side_empty.as_ref().and_then(|e| e.value.outcome.as_ref());
        // Underlined at `they lose` (`a player whose pits are all empty loses`: the whole line).
        if let (Some(e), Some(o)) = (&m.side_empty, side_outcome)
            && o.value == EndOutcome::Lose
            && players != 2
        {
            self.diags.push(
                at_outcome(
                    &e.at,
                    o,
                    "a player whose pits are empty loses, but the game has more than two players".into(),
                    "a rule for two players",
                )
                .note("the other player wins: this needs two players"),
            );
        }
        // The ending on unclaimed pits ends the game as this one does: which outcome?
        if let (Some(o), Some(e), Some(u)) = (side_outcome, &m.side_empty, &m.unclaimed_empty) {
            self.diags.push(
                at_outcome(
                    &e.at,
                    o,
                    "an outcome when a player's pits are all empty, beside the ending on unclaimed pits".into(),
                    "an outcome",
                )
                .note(format!(
                    "the game is over first when a player's unclaimed pits are all empty ({}), and the scores \
                     decide it",
                    u.at.seen_from(&e.at)
                )),
            );
        }
        // The endings whose outcome is not said yet: the scores decide them.
        let unsaid = [
            (
                m.majority.as_ref().map(|e| (&e.at, &e.value.outcome)),
                "a player has captured more than half the seeds",
            ),
            (
                m.repetition.as_ref().map(|e| (&e.at, &e.value.outcome)),
                "a position repeats since the last capture",
            ),
            (
                m.unclaimed_empty.as_ref().map(|e| (&e.at, &e.value.outcome)),
                "a player's unclaimed pits are all empty",
            ),
            (m.board_seeds.as_ref().map(|e| (&e.at, &e.value.outcome)), "the board holds ..."),
            (m.no_stone_end.as_ref().map(|e| (&e.at, &e.value.outcome)), "no big stone is on the board"),
        ];
        for (line, condition) in unsaid {
            if let Some((at, Some(o))) = line {
                self.diags.push(
                    at_outcome(
                        at,
                        o,
                        format!("`game over when {condition}` cannot have an outcome yet"),
                        "an outcome",
                    )
                    .note("the scores decide the game it ends")
                    .help(
                        "only `game over when a player's pits are all empty` and `game over when nobody can \
                         move` take an outcome: leave `: ...` out here",
                    ),
                );
            }
        }
        let nobody_outcome = m.nobody_moves.as_ref().and_then(|n| self.nobody_moves(n));
        Endings {
            side_empty: m.side_empty.is_some(),
            side_after_lap: m.side_empty.as_ref().is_some_and(|e| e.value.after_lap),
            majority: m.majority.is_some(),
            repetition: m.repetition.is_some(),
            unclaimed_empty: m.unclaimed_empty.is_some(),
            side_outcome: side_outcome.map(|o| o.value),
            nobody_outcome,
        }
    }

    /// `game over when nobody can move`: only where a player who cannot move passes (else the
    /// game is over before nobody can), not in a game of rounds (whose rounds decide the
    /// match), and with an outcome that names no player. Its outcome, if any.
    fn nobody_moves(&mut self, n: &Stated<crate::lang::syntax::Ending>) -> Option<EndOutcome> {
        let m = self.m;
        let mut ok = true;
        if let Some(stuck) = &m.no_move
            && stuck.value != NoMove::Pass
        {
            let what = match stuck.value {
                NoMove::Lose => "the player to move loses when they cannot move",
                NoMove::PassThenLose => "the player to move loses in their last stage when they cannot move",
                _ => "the game is over when the player to move cannot move",
            };
            self.diags.push(
                n.error("the game is over when nobody can move, but no player passes", "nobody can move")
                    .note(format!(
                        "{what} ({}): the game never comes to nobody able to move",
                        stuck.at.seen_from(&n.at)
                    ))
                    .help("write `player to move cannot move: they pass`"),
            );
            ok = false;
        }
        if let Some(r) = &m.round_over {
            self.diags.push(
                n.error("the game is over when nobody can move, in a game of rounds", "nobody can move").note(
                    format!(
                        "a game of rounds ({}) ends its rounds and its match by the lines of its rounds block",
                        r.at.seen_from(&n.at)
                    ),
                ),
            );
            ok = false;
        }
        let o = n.value.outcome.as_ref()?;
        if o.value != EndOutcome::Draw {
            self.diags.push(
                at_outcome(
                    &n.at,
                    o,
                    format!("`{}` names a player, but nobody can move names none", o.value.line()),
                    "which player?",
                )
                .note("every player is without a move: the outcome cannot be one player's")
                .help("write `: the game is a draw`, or leave the outcome out for the scores to decide"),
            );
            ok = false;
        }
        ok.then_some(o.value)
    }

    /// The endings written as conditions (`game over when every pit holds 1 or fewer seeds`):
    /// their counts checked, no place of a lap named (an ending is looked at after a move,
    /// where there is none), and an outcome that names no player.
    pub(super) fn game_ends(
        &mut self,
        lines: &Stated<GameEndLines>,
        total: usize,
    ) -> Vec<GameEnd<CountSet, EndOutcome>> {
        let mut out = Vec::new();
        for line in &lines.value {
            let at = Stated {
                value: (),
                at: Origin { file: lines.at.file.clone(), span: line.span.clone(), layer: lines.at.layer },
            };
            let before = self.diags.0.len();
            let end = &line.value;
            let lap_place = end.conditions.iter().find_map(|c| match c {
                Condition::At(p, _) | Condition::Each(_, Pits::Beside(p), _) => Some(p.words()),
                Condition::Each(_, Pits::Sown | Pits::SownButLast, _) => {
                    Some("the pits a lap sowed into".to_string())
                }
                Condition::Lifted(_) => Some("the seeds a lap was sown with".to_string()),
                _ => None,
            });
            if let Some(place) = lap_place {
                self.diags.push(
                    at.error(format!("an ending cannot speak of {place}"), "a condition on a lap")
                        .note("an ending is looked at once a move is over, where no lap names a place")
                        .help(
                            "speak of the board, a player's pits or a row: `game over when every pit of the \
                             opponent's is empty`",
                        ),
                );
            }
            if let Some(o) = &end.outcome
                && o.value != EndOutcome::Draw
            {
                self.diags.push(
                    at_outcome(&at.at, o, "`they` names no player here".into(), "which player?")
                        .note("an ending written as conditions says nothing of a player")
                        .help(
                            "write `: the game is a draw`, or leave the outcome out for the scores to decide",
                        ),
                );
            }
            let rule = LapRule { every_lap: false, conditions: end.conditions.clone(), effects: Vec::new() };
            let checked =
                rule.try_map(|counts, lowest| self.counts("condition", counts, &at, total, lowest).ok_or(()));
            if let Ok(rule) = checked
                && self.diags.0.len() == before
            {
                out.push(GameEnd {
                    conditions: rule.conditions,
                    after_lap: end.after_lap,
                    outcome: end.outcome.as_ref().map(|o| o.value),
                });
            }
        }
        out
    }
}

//! The checks of a game in stages (`crate::lang::stages`): a rearrangement before play, the
//! stages of each player's starting pit, and the loss of a player stuck in their last stage.

use crate::lang::phases::seat_row;
use crate::lang::spec::MAX_PITS;
use crate::lang::stages::{PassWhen, Rearrange, Stages, Staging};
use crate::lang::syntax::{NoMove, RowPart};

use super::Validator;

impl Validator<'_> {
    /// The stages of the variant, each line checked against the board and the players.
    pub(super) fn staging(&mut self, total: usize, owners: &[u8], row: usize, players: u8) -> Staging {
        let m = self.m;
        let mut out = Staging::default();
        let k = owners.len() / 2;
        let sides = players == 2
            && owners.len() >= 2
            && owners[..k].iter().all(|&o| o == owners[0])
            && owners[k..].iter().all(|&o| o == owners[k])
            && owners[0] != owners[k];
        let four = k == 2 * row;
        if let Some(line) = &m.rearrange {
            let mut ok = true;
            if !sides {
                self.diags.push(line.error(
                    "a rearrangement needs two players who own a row each (or two rows each)",
                    "pits named from a player's seat",
                ));
                ok = false;
            } else if owners.len() >= MAX_PITS {
                // `pass` is written in a move set as no pit of such a board can be.
                self.diags.push(line.error(
                    format!("a rearrangement's pass needs a board of fewer than {MAX_PITS} pits"),
                    "may pass",
                ));
                ok = false;
            }
            let mut r = Rearrange { most: [0; 2], each: [0; 2], each_counts: None };
            if ok {
                for cond in &line.value.pass {
                    match cond {
                        PassWhen::Most(group, part) => {
                            match self.row_group(&line.at.file, &line.at.span, group, *part, row, four) {
                                Some((_, places)) => {
                                    for p in 0..2 {
                                        let mine = seat_row(owners, p as u8);
                                        r.most[p] |= places.iter().fold(0u64, |mask, &q| mask | 1 << mine[q]);
                                    }
                                }
                                None => ok = false,
                            }
                        }
                        PassWhen::Each(part, counts) => {
                            if !four {
                                self.diags.push(
                                    line.error(
                                        format!("`each pit of their {} row` needs a board of four rows", words(*part)),
                                        "a row of a player's two",
                                    )
                                    .note("on two rows each player owns one row: write the condition without it"),
                                );
                                ok = false;
                                continue;
                            }
                            match self.counts("condition", counts, line, total, 0) {
                                Some(set) => r.each_counts = Some(set),
                                None => ok = false,
                            }
                            // A player's pits in number order: their outer row, then their inner.
                            let range = if *part == RowPart::Outer { 0..row } else { row..2 * row };
                            for p in 0..2 {
                                let mine = seat_row(owners, p as u8);
                                r.each[p] = range.clone().fold(0u64, |mask, q| mask | 1 << mine[q]);
                            }
                        }
                    }
                }
            }
            if ok {
                out.rearrange = Some(r);
            }
        }
        if let Some(line) = &m.stages {
            let until = self.counts("captured", &line.value.until, line, total, 0);
            let mut from = self.counts("condition", &line.value.from, line, total, 0);
            if from.as_ref().is_some_and(|f| f.contains(0)) {
                let at = &line.value.from.span;
                self.diags.push(
                    crate::lang::diagnostic::Diagnostic::error("a move cannot start from an empty pit")
                        .at(&line.at.file, at.clone(), "counts that include 0")
                        .help("counts of a pit a move starts from begin at 1"),
                );
                from = None;
            }
            if players != 2 {
                self.diags.push(line.error("stages need two players", "the opponent"));
            } else if let (Some(until), Some(from)) = (until, from) {
                out.stages = Some(Stages { until, from, most: line.value.most });
            }
        }
        if let Some(n) = &m.no_move
            && n.value == NoMove::PassThenLose
        {
            if m.stages.is_none() {
                self.diags.push(
                    n.error("a last stage, but the game has no stages", "they pass before the last stage")
                        .help("add a line of stages to the turns block, such as `until the opponent has captured 2 or more seeds, a move starts from a pit holding 1 or 2, then from any pit`"),
                );
            } else if players != 2 {
                self.diags.push(n.error(
                    "a player who cannot move loses, but the game has more than two players",
                    "a rule for two players",
                ));
            }
            out.lose_in_last = true;
        }
        out
    }
}

fn words(part: RowPart) -> &'static str {
    match part {
        RowPart::Inner => "inner",
        _ => "outer",
    }
}

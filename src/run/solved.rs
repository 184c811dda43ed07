//! The report of a solved game, as `sow solve --format json` gives it: the value of a
//! position with perfect play, its moves' values, a perfect game and the positions counted.
//! Made from a table (`play::solve::Solution`) or a search (`play::solve::Searched`); the
//! CLI prints it, and the Python package returns it.

use serde::Serialize;

use crate::engine::{Move, Rules, State, compile};
use crate::lang::spec::Spec;
use crate::play::solve::{Counts, Searched, Solution};

use super::report::Varied;

/// The rules `sow solve` values: a game of rounds is cut to its first round (a table holds
/// neither the hands nor the pits out of play that later rounds start from).
pub fn solved_rules(spec: &Spec) -> Rules {
    let rules = compile(spec);
    rules.first_round().unwrap_or(rules)
}

/// One move of the position valued, with its value for the player to move.
#[derive(Debug, Clone, Serialize)]
pub struct MoveReport {
    /// As written (`"3"`).
    #[serde(rename = "move")]
    pub mv: Move,
    pub value: i32,
    /// False for a move a search only showed to be worse than the best: `value` is then an
    /// upper bound.
    #[serde(skip_serializing_if = "is_true")]
    pub exact: bool,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// What a search found, as `--format json` gives it.
#[derive(Debug, Clone, Serialize)]
pub struct SearchFigures {
    /// False when the time limit or Ctrl-C stopped it: `value_at_least` and `value_at_most`
    /// are then the bounds proven, and there is no value, openings nor perfect game.
    pub complete: bool,
    pub value_at_least: i32,
    pub value_at_most: i32,
    pub nodes: u64,
    pub seconds: f64,
    /// Positions of the endgame table, and the most seeds on the board they hold (null: none).
    pub endgame_seeds: Option<usize>,
    pub endgame_positions: u64,
    pub endgame_seconds: f64,
    /// The endgame database kept on disk (null: none), the seeds read from it and built, the
    /// bytes saved (0: none) and those every database of its folder takes.
    pub endgame_file: Option<String>,
    pub endgame_seeds_read: Option<usize>,
    pub endgame_seeds_built: Option<(usize, usize)>,
    pub endgame_bytes_saved: u64,
    pub endgame_disk_used: u64,
    pub table_entries: u64,
}

impl SearchFigures {
    pub fn of(s: &Searched) -> SearchFigures {
        SearchFigures {
            complete: s.complete,
            value_at_least: s.lower,
            value_at_most: s.upper,
            nodes: s.nodes,
            seconds: s.seconds,
            endgame_seeds: s.endgame_seeds,
            endgame_positions: s.endgame_positions,
            endgame_seconds: s.endgame_seconds,
            endgame_file: s.endgame.file.as_ref().map(|f| f.display().to_string()),
            endgame_seeds_read: s.endgame.loaded_seeds,
            endgame_seeds_built: s.endgame.built,
            endgame_bytes_saved: s.endgame.saved_bytes,
            endgame_disk_used: s.endgame.disk_used,
            table_entries: s.table_entries,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct SolveReport {
    pub variant: String,
    pub ruleset: Option<String>,
    /// True for a game of rounds: what is valued is its first round, to the seeds each player
    /// holds when that round is over.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub first_round: bool,
    /// For a variant of a `--vary` sweep: its base and the values of the rules varied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub varied: Option<Varied>,
    /// Seeds per pit of the position valued, pit 1 first.
    pub position: Vec<u8>,
    /// 1-based: the player to move, or the player left without a move once the game is over.
    pub to_move: usize,
    /// True when the game is over at the position: the value is then the margin of the
    /// leftovers the end rules award.
    pub finished: bool,
    /// The margin the player to move can force: seeds they win minus seeds the opponent wins
    /// from here on, with perfect play.
    pub value: i32,
    /// The player who wins with perfect play (1-based), or null for a draw.
    pub winner: Option<usize>,
    /// The moves of the player to move with their values, best first.
    pub openings: Vec<MoveReport>,
    pub principal_variation: Vec<Move>,
    /// True when the perfect game goes round in circles for ever (worth 0 from there).
    pub endless: bool,
    /// Final scores of the perfect game from the position (null when endless).
    pub final_scores: Option<Vec<u32>>,
    /// The table's positions (a search has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Counts>,
    /// Positions that can occur in a game from the position valued (a table's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reachable: Option<Counts>,
    /// What a search found and took (a table's solve has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchFigures>,
}

impl SolveReport {
    /// A report of the value of `start`, without its openings, perfect game and counts.
    fn valued(rules: &Rules, start: &State, varied: Option<Varied>, value: i32) -> SolveReport {
        let spec = rules.spec();
        let turn = start.turn();
        SolveReport {
            variant: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            first_round: rules.is_first_round(),
            varied,
            position: start.pits().to_vec(),
            to_move: turn + 1,
            finished: start.is_over(),
            value,
            winner: match value {
                v if v > 0 => Some(turn + 1),
                v if v < 0 => Some(2 - turn),
                _ => None,
            },
            openings: Vec::new(),
            principal_variation: Vec::new(),
            endless: false,
            final_scores: None,
            positions: None,
            reachable: None,
            search: None,
        }
    }

    /// The report of a table's value of `start`; `None` when the table does not hold it (a
    /// table of the positions reachable from another start). `solved_from_start`: the table
    /// was solved from `start` itself, so what it holds is what `start` reaches (no walk to
    /// count them again).
    pub fn from_table(
        rules: &Rules,
        solution: &Solution,
        start: &State,
        varied: Option<Varied>,
        solved_from_start: bool,
    ) -> Option<SolveReport> {
        let value = solution.value(rules, start)?;
        let mut openings: Vec<MoveReport> = solution
            .move_values(rules, start)
            .iter()
            .map(|m| MoveReport { mv: m.mv, value: m.value, exact: true })
            .collect();
        openings.sort_by_key(|m| (-m.value, m.mv));
        let (pv, end, endless) = solution.principal_variation(rules, start, 10_000);
        Some(SolveReport {
            openings,
            principal_variation: pv,
            endless,
            final_scores: (!endless).then(|| rules.scores(&end)[..2].to_vec()),
            positions: Some(solution.counts()),
            reachable: if solution.reachable_only() && solved_from_start {
                Some(solution.counts())
            } else {
                solution.reachable(rules, start)
            },
            ..SolveReport::valued(rules, start, varied, value)
        })
    }

    /// The report of a complete search of `start`.
    pub fn from_search(
        rules: &Rules,
        found: &Searched,
        start: &State,
        varied: Option<Varied>,
    ) -> SolveReport {
        SolveReport {
            openings: found
                .moves
                .iter()
                .map(|m| MoveReport { mv: m.mv, value: m.value, exact: m.exact })
                .collect(),
            principal_variation: found.principal_variation.clone(),
            endless: found.endless,
            final_scores: (!found.endless).then(|| rules.scores(&found.end)[..2].to_vec()),
            search: Some(SearchFigures::of(found)),
            ..SolveReport::valued(rules, start, varied, found.lower)
        }
    }

    /// The moves worth the value: the best first moves.
    pub fn best_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.openings.iter().filter(|m| m.value == self.value).map(|m| m.mv)
    }
}

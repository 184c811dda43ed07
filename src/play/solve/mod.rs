//! Strong solutions of small two-player variants by retrograde analysis: the exact value of
//! every seed distribution with either player to move, reachable or not.
//!
//! The value of a position is the best margin that the player to move can force: the seeds
//! they win from now on (captures, and the leftovers the end rules award) minus the seeds the
//! opponent wins. Seeds already captured do not matter. A game that goes on forever is worth
//! 0 from the point where it starts repeating: nobody captures again and nobody gets the
//! leftovers (this is what the ply limit does to a game of Bakuk or Koumma, where leftovers
//! go to nobody). [`retrograde`] computes the table; [`file`] saves and loads it;
//! [`perfect`] plays from it.

mod endgame;
mod file;
mod index;
mod perfect;
mod reach;
mod retrograde;
mod search;
mod values;

use std::fmt;

use serde::Serialize;

use crate::engine::{EndReason, Move, Rules, State};
use crate::error::{Failure, Status};
use crate::lang::spec::RuleAt;

pub use endgame::{EndgameFigures, EndgameStore};
use file::Header;
pub use file::SolutionFileError;
use index::Numbering;
pub use index::{for_each_distribution, state_space, state_space_approx};
pub use perfect::PerfectPlayer;
pub use reach::MAX_MARKED;
use reach::{Place, Reach};
pub use retrograde::{default_threads, solve, solve_from, solve_reached, solve_with};
pub use search::{
    MAX_LINE, SearchOptions, SearchProgress, SearchSolver, Searched, SearchedMove, default_memory,
    machine_memory, search,
};
use values::Values;

/// A position's value: a margin of seeds, at most the 255 a board can hold either way.
pub type Value = i16;

/// Most positions a solution may hold. A solve takes about 10 bytes a position at its peak
/// (Um ed-Dyar on 2 x 4 pits, 153,809,370 positions: 1.56 GB): one of value up to 127 seeds
/// and two of depth for the table, the rest for the layer being solved (its moves, reversed,
/// and its attractor pass), down from 16 to 18 with two-byte values and wider layer types.
/// That is 8 GB at this limit, a third of a 24 GB machine; it admits 2 x 4 pits of 5 seeds
/// (754,697,988 positions), which 600 million did not.
pub const MAX_POSITIONS: u64 = 800_000_000;

/// Bytes a position of a table takes at the peak of its solve (see [`MAX_POSITIONS`]).
pub const PEAK_BYTES: u64 = 10;

/// A rule a solution cannot value, as a refusal names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    /// How the message names the rule: "`game over when a position repeats since the last
    /// capture`".
    pub rule: &'static str,
    /// What it needs that a solution does not hold, said under the rule's line.
    pub label: &'static str,
    /// Where the rule is written.
    pub at: Option<RuleAt>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SolveError {
    /// The players and the `players` block that says so.
    NotTwoPlayers(usize, Option<RuleAt>),
    /// A rule whose outcome depends on more than the seeds in the pits and the player to
    /// move, which is all a table holds.
    NeedsHistory(Refused),
    /// Stores on the circuit: scores kept in pits, which the table's values leave out.
    ScoresInPits(Refused),
    /// `positions` is `None` when the count does not even fit 64 bits; `approx` is always
    /// given. `every` for a table of every distribution, else one of the positions reachable
    /// from a start, which are picked out of at most [`MAX_MARKED`].
    TooLarge { positions: Option<u64>, approx: f64, pits: usize, seeds: usize, every: bool },
    /// More positions reachable from the start than a table holds (`most`): the walk that
    /// finds them stops there.
    TooManyReachable { most: u64, pits: usize, seeds: usize },
    /// Seeds held in hand and sown or put back: the board's seeds rise again, while a table is
    /// built from boards of fewer seeds to more.
    SeedsReturn(Refused),
    /// A game won or lost by a rule, not by the seeds each player ends with (which is what a
    /// table's values are).
    WonByRule(Refused),
    /// A draw of the rules: a game of chance, which a table of values without chance cannot
    /// hold.
    Chance(Refused),
    /// A choice within a move: the move pauses for it, in a position that is not between
    /// moves, which a table does not hold.
    Chooses(Refused),
    /// Too many positions to number in 64 bits, as a search numbers them in its table.
    TooLargeToSearch { approx: f64, pits: usize, seeds: usize },
    /// An endgame table asked for (`--endgame`) larger than a table holds: its positions,
    /// and the most seeds a table of every position holds on this board.
    EndgameTooLarge { seeds: usize, positions: Option<u64>, pits: usize, most: Option<usize> },
    /// Memory that could not be had: what it was for, and how much.
    NoMemory { what: &'static str, bytes: u64 },
    /// A saved endgame database that cannot be used (damaged, or made for other rules): why.
    EndgameFile(String),
    /// Stopped by Ctrl-C.
    Cancelled,
}

impl SolveError {
    /// The rule refused, if the error is a refusal of a rule.
    fn refused(&self) -> Option<&Refused> {
        match self {
            SolveError::NeedsHistory(r)
            | SolveError::ScoresInPits(r)
            | SolveError::SeedsReturn(r)
            | SolveError::WonByRule(r)
            | SolveError::Chance(r)
            | SolveError::Chooses(r) => Some(r),
            _ => None,
        }
    }

    /// The message of a refusal of a rule, with the rule's place after its name when `place`.
    fn refusal(&self, r: &Refused, place: bool) -> String {
        let rule = match (&r.at, place) {
            (Some(at), true) => format!("{} ({})", r.rule, at.place()),
            _ => r.rule.to_string(),
        };
        match self {
            SolveError::NeedsHistory(_) => format!(
                "its rule {rule} depends on more than the seeds in the pits and the player to move, \
                 which is all a solution table holds, so it cannot be solved exactly"
            ),
            SolveError::ScoresInPits(_) => format!(
                "its rule {rule} keeps the scores in pits that are sown, while a solution table values \
                 seeds captured, so it cannot be solved exactly"
            ),
            SolveError::SeedsReturn(_) => format!(
                "its rule {rule} puts captured seeds back onto the board, while a solution table is built \
                 from boards of fewer seeds to more, so it cannot be solved exactly"
            ),
            SolveError::WonByRule(r) => format!(
                "its rule {rule} decides the game by {}, not by the seeds each player ends with, \
                 which is what a solution table values, so it cannot be solved exactly",
                // The label says what: `a loss, whatever the seeds`.
                r.label.strip_suffix(", whatever the seeds").unwrap_or(r.label)
            ),
            SolveError::Chance(_) => format!(
                "its rule {rule} draws at random, while a solution values play without chance, so it \
                 cannot be solved exactly"
            ),
            _ => format!(
                "its rule {rule} asks the mover to choose in the middle of a move, while a solution table \
                 holds the positions between moves, so it cannot be solved exactly"
            ),
        }
    }

    /// The error as a message pointing at the rule's line, `sow check`'s way, when it refuses
    /// a rule whose place is known; `variant` names the variant first.
    pub fn diagnostic(&self, variant: &str) -> Option<crate::lang::diagnostic::Diagnostic> {
        let (at, message, label) = match self {
            SolveError::NotTwoPlayers(n, Some(at)) => (at, self.to_string(), format!("{n} players")),
            _ => {
                let r = self.refused()?;
                (r.at.as_ref()?, self.refusal(r, false), r.label.to_string())
            }
        };
        Some(at.error(format!("{variant}: {message}"), label))
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NeedsHistory(r)
            | SolveError::ScoresInPits(r)
            | SolveError::SeedsReturn(r)
            | SolveError::WonByRule(r)
            | SolveError::Chance(r)
            | SolveError::Chooses(r) => f.write_str(&self.refusal(r, true)),
            SolveError::NotTwoPlayers(n, _) => {
                write!(f, "only two-player variants can be solved; this one has {n} players")
            }
            SolveError::TooLarge { positions, approx, pits, seeds, every } => {
                let count = match positions {
                    Some(n) => n.to_string(),
                    None => format!("about {approx:.1e}"),
                };
                let limit = if *every {
                    format!("a table of every one holds at most {MAX_POSITIONS}")
                } else {
                    format!("a table picks the positions a game reaches out of at most {MAX_MARKED}")
                };
                write!(
                    f,
                    "the state space is too large for a table: {count} positions ({seeds} seeds in {pits} pits, \
                     two players to move); {limit}, and `--method search` values the position without one"
                )
            }
            SolveError::TooManyReachable { most, pits, seeds } => write!(
                f,
                "too many positions for a table: more than {most} can be reached ({seeds} seeds in {pits} pits), \
                 and a table holds at most {MAX_POSITIONS}; `--method search` values the position without one"
            ),
            SolveError::TooLargeToSearch { approx, pits, seeds } => write!(
                f,
                "the board is too large to search: about {approx:.1e} positions ({seeds} seeds in {pits} pits, \
                 two players to move), more than a search can number (2^64)"
            ),
            SolveError::EndgameTooLarge { seeds, positions, pits, most } => {
                let count = positions.map_or("more than 2^64".into(), |n| n.to_string());
                let most = match most {
                    Some(k) => format!("ask for {k} seeds or fewer"),
                    None => "this board has no such table".into(),
                };
                write!(
                    f,
                    "--endgame {seeds}: an endgame table of every position of up to {seeds} seeds on {pits} pits \
                     would hold {count} positions, and a table holds at most {MAX_POSITIONS}: {most}"
                )
            }
            SolveError::NoMemory { what, bytes } => write!(
                f,
                "cannot have the {} of memory {what} needs: give less with --memory",
                bytes_words(*bytes)
            ),
            SolveError::EndgameFile(why) => write!(
                f,
                "{why}; remove it (a search builds it again), or keep endgame databases elsewhere (--endgame-dir DIR)"
            ),
            SolveError::Cancelled => f.write_str("stopped before the solution was complete"),
        }
    }
}
/// `2.0 TiB`, `8.0 GiB`, `512 MiB`: a size as the messages give it.
pub fn bytes_words(n: u64) -> String {
    if n >= 1 << 40 {
        format!("{:.1} TiB", n as f64 / (1u64 << 40) as f64)
    } else if n >= 1 << 30 {
        format!("{:.1} GiB", n as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", n.div_ceil(1 << 20))
    }
}

impl std::error::Error for SolveError {}

impl Failure for SolveError {
    fn status(&self) -> Status {
        match self {
            SolveError::Cancelled => Status::Interrupted,
            _ => Status::BadInput,
        }
    }
}

/// Checks that a variant can be solved for up to `seeds` seeds by a table of every
/// distribution, and returns the size of its table.
pub fn check_solvable(rules: &Rules, seeds: usize) -> Result<u64, SolveError> {
    check_size(rules, seeds, MAX_POSITIONS, true)
}

/// Checks that the positions a game of up to `seeds` seeds reaches can be picked out (there
/// may still be too many of them for a table), and returns the positions they are picked
/// out of.
pub fn check_reachable(rules: &Rules, seeds: usize) -> Result<u64, SolveError> {
    check_size(rules, seeds, MAX_MARKED, false)
}

fn check_size(rules: &Rules, seeds: usize, limit: u64, every: bool) -> Result<u64, SolveError> {
    check_rules(rules)?;
    let pits = rules.pits();
    match state_space(pits, seeds) {
        Some(n) if n <= limit => Ok(n),
        positions => Err(SolveError::TooLarge {
            positions,
            approx: state_space_approx(pits, seeds),
            pits,
            seeds,
            every,
        }),
    }
}

/// Checks that a variant's values are those of its positions' seeds and player to move alone,
/// as both a table and a search value them, whatever the size. A refusal names the rule, and
/// where it is written.
pub fn check_rules(rules: &Rules) -> Result<(), SolveError> {
    use crate::lang::kinds::Kind;
    let spec = rules.spec();
    // The rule of a kind, named by its line as messages name it, with what a table lacks.
    let by_kind = |kind: Kind, label: &'static str| Refused {
        rule: kind.line(),
        label,
        at: spec.line_of(kind).cloned(),
    };
    let named =
        |kind: Kind, rule: &'static str, label: &'static str| Refused { rule, ..by_kind(kind, label) };
    if rules.players() != 2 {
        return Err(SolveError::NotTwoPlayers(rules.players(), spec.line_of(Kind::Players).cloned()));
    }
    // A draw: chance, which no value of a table or a search holds, whatever else the rules
    // ask (named first).
    if let Some(r) = spec.rounds.filter(|r| r.draws()) {
        let kind = if r.both_filled == Some(crate::lang::rounds::Tie::Drawn) {
            Kind::BothFilled
        } else {
            Kind::Pool
        };
        return Err(SolveError::Chance(by_kind(kind, "a draw at random")));
    }
    let phases = &spec.phases;
    let counted = "a rule of the plies played, not of the position";
    // The opening counts plies and the move once a game is remembered: neither is in a table.
    if !phases.opening.is_empty() {
        return Err(SolveError::NeedsHistory(by_kind(Kind::OpeningMoves, counted)));
    }
    // So do the takes of an opening in an order of players.
    if phases.take_opening.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(Kind::TakeOpening, counted)));
    }
    if phases.store_move.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(Kind::StoreMove, "who has made it is remembered")));
    }
    // The set-up's seeds are in the hands, and each placement is a move: not in a table.
    if phases.setup.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(
            Kind::Setup,
            "seeds in the hands, placed move by move",
        )));
    }
    // A distribution by one player: its seeds are in a hand, each placement is a move, and the
    // choice after it turns the board round.
    if phases.distribute.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(
            Kind::Distribute,
            "seeds in a hand, placed move by move",
        )));
    }
    if phases.hand_sowing.is_some() {
        return Err(SolveError::SeedsReturn(by_kind(Kind::HandSowing, "captured seeds sown again")));
    }
    if phases.place_hand.is_some() {
        return Err(SolveError::SeedsReturn(by_kind(Kind::PlaceHand, "seeds in hand put into play")));
    }
    if phases.store_pit.is_some() {
        return Err(SolveError::ScoresInPits(by_kind(Kind::PitStore, "a score kept in a pit")));
    }
    // A loss by rule: a table of margins cannot say it.
    let lost = "a loss, whatever the seeds";
    match spec.no_move {
        crate::lang::syntax::NoMove::Lose => {
            return Err(SolveError::WonByRule(named(
                Kind::NoMove,
                "`player to move cannot move: they lose`",
                lost,
            )));
        }
        crate::lang::syntax::NoMove::PassThenLose => {
            return Err(SolveError::WonByRule(named(
                Kind::NoMove,
                "`player to move cannot move: they pass before the last stage, and lose in it`",
                lost,
            )));
        }
        _ => {}
    }
    if phases.inner_loses {
        return Err(SolveError::WonByRule(named(
            Kind::EmptyLoses,
            "`a player whose inner row is empty loses`",
            lost,
        )));
    }
    // An ending whose line gives its outcome, whatever the seeds.
    if let Some(o) = spec.endings.side_outcome {
        let (rule, label) = match o {
            crate::lang::syntax::EndOutcome::Lose => ("`a player whose pits are all empty loses`", lost),
            crate::lang::syntax::EndOutcome::Win => {
                ("`game over when a player's pits are all empty: they win`", "a win, whatever the seeds")
            }
            crate::lang::syntax::EndOutcome::Draw => (
                "`game over when a player's pits are all empty: the game is a draw`",
                "a draw, whatever the seeds",
            ),
        };
        return Err(SolveError::WonByRule(named(Kind::SideEmpty, rule, label)));
    }
    if spec.endings.nobody_outcome.is_some() {
        return Err(SolveError::WonByRule(named(
            Kind::NobodyMoves,
            "`game over when nobody can move: the game is a draw`",
            "a draw, whatever the seeds",
        )));
    }
    // An ending written as conditions: a draw whatever the seeds is not a margin, and one that
    // names the mover's pits (or claims, a row of the mover's) depends on who moved last,
    // which a table's positions do not hold where a player may move twice.
    for (i, end) in spec.game_ends.iter().enumerate() {
        let at = spec.lines.game_ends.get(i).cloned();
        let rule = "`game over when ...` (an ending written as conditions)";
        if end.outcome.is_some() {
            return Err(SolveError::WonByRule(Refused { rule, label: "a draw, whatever the seeds", at }));
        }
        let of_mover = end.conditions.iter().any(|c| {
            use crate::lang::lap_rule::{Condition, Pits};
            matches!(
                c,
                Condition::Each(_, Pits::Owned(_), _)
                    | Condition::RowEmpty(..)
                    | Condition::MoverClaims(_)
                    | Condition::Total(crate::lang::lap_rule::Total::Captured(_), _)
            ) || c
                .predicate()
                .is_some_and(|p| p.of_claims() || matches!(p, crate::lang::lap_rule::Predicate::Owned(_)))
        });
        if of_mover {
            return Err(SolveError::NeedsHistory(Refused { rule, label: "who moved last", at }));
        }
    }
    if spec.endings.repetition {
        return Err(SolveError::NeedsHistory(by_kind(
            Kind::Repetition,
            "the positions since the last capture",
        )));
    }
    if spec.endings.majority {
        return Err(SolveError::NeedsHistory(by_kind(Kind::Majority, "the seeds captured so far")));
    }
    // Before play, who has passed and the seed lifted; in play, each player's stage, which the
    // seeds the opponent has captured so far decide: none of it is in a table.
    if spec.staging.rearrange.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(
            Kind::Rearrange,
            "who has passed, and the seed lifted",
        )));
    }
    if spec.staging.stages.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(
            Kind::Stages,
            "each player's stage, which the seeds captured so far decide",
        )));
    }
    // A move paused for its mover's choice is a position the table does not index: a pit to
    // take, an end to sow from, a relay's way, or whether to relay at all.
    let paused = "the move pauses for the mover's choice";
    if let Some(i) = spec.lap_rules.iter().position(crate::lang::spec::LapRule::chooses) {
        let rule = if spec.lap_rules[i].sows_from_end().is_some() {
            "`..., either end as the mover chooses ...`"
        } else {
            "`..., chosen by the mover`"
        };
        let at = spec.lines.lap_rules.get(i).cloned();
        return Err(SolveError::Chooses(Refused { rule, label: paused, at }));
    }
    if let Some(relays) = &spec.legality.relays {
        if relays.as_a_move && spec.direction.has_choice() {
            return Err(SolveError::Chooses(by_kind(
                Kind::RelayAsMove,
                "a relay from a pit that sows either way",
            )));
        }
        if relays.declined.iter().any(|&pits| pits != 0) {
            return Err(SolveError::Chooses(by_kind(Kind::RelayDecline, paused)));
        }
    }
    use crate::lang::spec::{CountSet, LapRule};
    type Reads = fn(&LapRule<CountSet>) -> bool;
    // Rules after a lap that read more than a table of seeds holds: the seeds captured so far
    // (a table values the seeds won from a position on, whatever was captured before it), the
    // pits played from, the pits claimed (and, with them, first moves).
    let reads: [(Reads, &str, &str); 3] = [
        (
            LapRule::reads_captures,
            "`when ... the mover has captured ... seeds` (in the `when` lines)",
            "the seeds captured so far",
        ),
        (
            LapRule::asks_of_played,
            "`when ... has been played from ...` (in the `when` lines)",
            "the pits played from",
        ),
        (LapRule::claims, "`claim ...` (in the `when` lines)", "the pits each player has claimed"),
    ];
    for (reads, rule, label) in reads {
        if let Some(i) = spec.lap_rules.iter().position(reads) {
            let at = spec.lines.lap_rules.get(i).cloned();
            return Err(SolveError::NeedsHistory(Refused { rule, label, at }));
        }
    }
    // Big stones (where they lie, who took them) and a row refilled from the captures (which
    // makes the seeds captured decide play) are more than a table of seeds holds.
    let stones = &spec.stones;
    if stones.big_stones {
        return Err(SolveError::NeedsHistory(named(
            Kind::EndPlace,
            "`each player's ... pit is an end place` with a big stone",
            "where the big stones are, and who took them",
        )));
    }
    if stones.refill.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(Kind::HandRefill, "the seeds captured so far")));
    }
    if phases.keep_way.is_some() {
        return Err(SolveError::NeedsHistory(by_kind(Kind::KeepWay, "the way each player chose first")));
    }
    if spec.first_move.iter().any(Option::is_some) {
        return Err(SolveError::NeedsHistory(by_kind(Kind::FirstMoves, "who has moved")));
    }
    // Pits that change owner: who may play a pit is not in a table (named before the rounds,
    // as the rule a table could least hold).
    if spec.rounds.is_some_and(|r| r.owners.to_filler) {
        return Err(SolveError::NeedsHistory(by_kind(Kind::FillOwner, "who owns each pit")));
    }
    // A match of rounds: the hands, the pits out of play and the fills are not in a table.
    // Its first round is (`Rules::first_round`): it starts with every pit in play, and
    // each player's takings at its end are seeds won, as captures are; but not a match won
    // in the middle of the round by the seeds captured so far.
    if let Some(r) = spec.rounds {
        if !rules.is_first_round() {
            return Err(SolveError::NeedsHistory(by_kind(
                Kind::RoundOver,
                "the hands and the pits out of play of the rounds after the first",
            )));
        }
        if matches!(r.match_end, crate::lang::rounds::MatchEnd::MoverAllBut(_)) {
            return Err(SolveError::NeedsHistory(named(
                Kind::MatchEnd,
                "`a mover who has captured all but ... wins the match`",
                "the seeds captured so far",
            )));
        }
    }
    Ok(())
}

/// Positions by their value for the player to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Counts {
    fn add(&mut self, value: i32) {
        self.positions += 1;
        match value {
            v if v > 0 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
}

/// The solved values of a variant: of every distribution of its seeds, or of the positions
/// reachable from one start (`reach`), numbered densely in the same order.
#[derive(Debug, Clone)]
pub struct Solution {
    header: Header,
    numbering: Numbering,
    reach: Option<Reach>,
    values: Values,
    depths: Vec<u16>,
    /// Threads counting the positions reachable from a start: those the table was solved
    /// with, or every core for a table loaded from a file.
    threads: usize,
}

/// What one move is worth to its player, by the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    pub mv: Move,
    pub value: i32,
    /// 0 for a move that captures or ends the game; else the depth of the position it leads
    /// to (smaller is closer to cashing in).
    depth: u16,
}

/// A move's outcome for `mover`: the seeds it captures, plus the value of where it leads
/// (`value_of` gives a position's value and depth for its player to move). The ply limit is
/// not an end here: endless play is valued by the table.
fn outcome(
    rules: &Rules,
    state: &State,
    mv: Move,
    mover: usize,
    value_of: impl Fn(&State) -> Option<(i32, u16)>,
) -> Option<(i32, u16)> {
    let mut child = *state;
    rules.apply(&mut child, mv);
    if child.end() == Some(EndReason::PlyLimit) {
        // Rare (once a game at most): replay the move without the limit.
        child = *state;
        rules.with_ply_limit(None).apply(&mut child, mv);
    }
    outcome_of(rules, state, &child, mover, value_of)
}

/// The outcome of a move already played from `state` to `child`: what it added to the scores
/// (captures, seeds sown into stores, and the leftovers awarded if the game ended), plus the
/// value of where it leads (`None` when `value_of` does not know it). Seeds that left the
/// board cash in at once (depth 0).
fn outcome_of(
    rules: &Rules,
    state: &State,
    child: &State,
    mover: usize,
    value_of: impl Fn(&State) -> Option<(i32, u16)>,
) -> Option<(i32, u16)> {
    let gain = rules.gain(state, child, mover);
    Some(match child.end() {
        Some(_) => (gain, 0),
        None => {
            let (v, depth) = value_of(child)?;
            let v = if child.turn() == mover { v } else { -v };
            let cashed = child.seeds_on_board() < state.seeds_on_board();
            (gain + v, if cashed { 0 } else { depth })
        }
    })
}

impl Solution {
    pub fn positions(&self) -> u64 {
        self.values.len() as u64
    }

    /// The variant (and ruleset) solved.
    pub fn label(&self) -> String {
        self.header.label()
    }

    /// The most seeds on the board of the positions solved.
    pub fn max_seeds(&self) -> usize {
        self.header.seeds
    }

    /// Whether the table holds only the positions reachable from one start.
    pub fn reachable_only(&self) -> bool {
        self.reach.is_some()
    }

    /// Where position `i` of the numbering is in the table, if it is in it.
    fn place(&self, i: usize) -> Option<usize> {
        Place(self.reach.as_ref()).get(i)
    }

    /// The value of a position of a table of every distribution (a search's endgame table),
    /// looked up with nothing more than its number.
    #[inline]
    fn every_value(&self, pits: &[u8], player: usize) -> i32 {
        debug_assert!(self.reach.is_none());
        self.values.get(self.numbering.index(pits, player))
    }

    fn entry(&self, pits: &[u8], player: usize) -> Option<(i32, u16)> {
        let i = self.place(self.numbering.index(pits, player))?;
        Some((self.values.get(i), self.depths[i]))
    }

    /// The value of a position for its player to move (or, once the game is over, for the
    /// player whose turn it was): the margin of the seeds still to be won. For a finished
    /// game that is the margin of the leftovers the end rules award, as [`Rules::scores`]
    /// counts them. Positions with more seeds than were solved are not in the table, nor, in
    /// a table of the positions reachable from a start, those it does not reach.
    pub fn value(&self, rules: &Rules, state: &State) -> Option<i32> {
        if state.seeds_on_board() as usize > self.header.seeds {
            return None;
        }
        Some(match state.end() {
            Some(EndReason::NoLegalMove | EndReason::NobodyCanMove) => {
                let p = state.turn();
                let scores = rules.scores(state);
                let left = |q: usize| scores[q] as i32 - state.captured()[q] as i32;
                left(p) - left(1 - p)
            }
            _ => self.lookup(rules, state)?.0,
        })
    }

    /// A position's value and depth for its player to move: from the table, or, in the first
    /// plies of a game where moves capture nothing (which the table does not know), the best
    /// of its moves valued over the table.
    fn lookup(&self, rules: &Rules, state: &State) -> Option<(i32, u16)> {
        if state.plies() < rules.capture_start() && !state.is_over() {
            let moves = self.move_values(rules, state);
            let best = moves.iter().map(|m| (m.value, std::cmp::Reverse(m.depth))).max()?;
            return Some((best.0, best.1.0));
        }
        self.entry(state.pits(), state.turn())
    }

    /// Every legal move with its value for the player to move: none when a position a move
    /// leads to is not in the table. The rules' ply limit is ignored, as in the
    /// solution: a move that reaches it is valued as the table says.
    pub fn move_values(&self, rules: &Rules, state: &State) -> Vec<MoveValue> {
        let Some(mover) = state.to_move() else { return Vec::new() };
        if state.seeds_on_board() as usize > self.header.seeds {
            return Vec::new();
        }
        rules
            .legal_moves(state)
            .iter()
            .map(|mv| {
                let (value, depth) = outcome(rules, state, mv, mover, |c| self.lookup(rules, c))?;
                Some(MoveValue { mv, value, depth })
            })
            .collect::<Option<_>>()
            .unwrap_or_default()
    }

    /// A best move: the highest value; among equals, one that captures or ends the game, or
    /// else leads closest to cashing in (so that an advantage is realised, not circled
    /// round); among those, any (by `choose`, given how many there are).
    pub fn best_move(
        &self,
        rules: &Rules,
        state: &State,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        let moves = self.move_values(rules, state);
        let best = moves.iter().map(|m| (m.value, std::cmp::Reverse(m.depth))).max()?;
        let top: Vec<Move> =
            moves.iter().filter(|m| (m.value, std::cmp::Reverse(m.depth)) == best).map(|m| m.mv).collect();
        Some(top[choose(top.len()).min(top.len() - 1)])
    }

    /// Positions won, drawn and lost by the player to move (value above, at, below 0).
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for v in self.values.iter() {
            c.add(v);
        }
        c
    }

    /// Positions that can occur in a game from `start` (with its player to move), counted
    /// as won, drawn and lost by their player to move (finished positions are not counted);
    /// `None` when the table does not hold them all.
    pub fn reachable(&self, rules: &Rules, start: &State) -> Option<Counts> {
        if start.seeds_on_board() as usize > self.header.seeds {
            return None;
        }
        // Never more than the table holds, and never cancelled.
        let reach =
            Reach::walk(rules, &self.numbering, start, u64::MAX, self.threads, &crate::cancel::Cancel::new())
                .ok()?;
        let mut counts = Counts::default();
        for i in reach.iter() {
            counts.add(self.values.get(self.place(i)?));
        }
        Some(counts)
    }

    /// A perfect game from `state`: best moves (the first among equals) until the game ends,
    /// or until a position repeats (endless play, worth 0), or `limit` moves.
    pub fn principal_variation(
        &self,
        rules: &Rules,
        state: &State,
        limit: usize,
    ) -> (Vec<Move>, State, bool) {
        let rules = rules.with_ply_limit(None);
        let mut s = *state;
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        while !s.is_over() && moves.len() < limit {
            if !seen.insert((s.pits().to_vec(), s.turn())) {
                return (moves, s, true);
            }
            let Some(mv) = self.best_move(&rules, &s, |_| 0) else { break };
            rules.apply(&mut s, mv);
            moves.push(mv);
        }
        (moves, s, false)
    }
}

//! The meaning of a variant after checking: every rule resolved (inheritance and ruleset applied),
//! every value in range and consistent. Plain values without source spans; `describe` reads
//! it back as prose and `compile` turns it into engine tables.

pub use crate::lang::counts::CountSet;
pub use crate::lang::kinds::Kind;
pub use crate::lang::lap_rule::LapRule;
pub use crate::lang::syntax::{
    ChainDirection, Direction, EndOutcome, Laps, Leftovers, NoMove, Opening, Row, RowPart, Way, Where, Winner,
};
pub use crate::lang::syntax::{ClaimSeeds, GrandSlam, LapFeeds, OppositeLine as OppositeRule, StoreSowing};

use std::sync::Arc;

use crate::lang::diagnostic::{Diagnostic, SourceFile, Span};

/// Most pits a board may have: moves and pit sets are 64-bit masks in the engine.
pub const MAX_PITS: usize = 64;
/// Most seeds a move from the hand may sow: a move set holds the counts as the bits of a word.
pub const MAX_HAND: usize = 64;
/// Most players a variant may have.
pub const MAX_PLAYERS: usize = 8;
/// Most seeds a board may hold: a pit counts its seeds in one byte.
pub const MAX_SEEDS: usize = u8::MAX as usize;
/// The ply limit when a variant states none.
pub const DEFAULT_PLY_LIMIT: u32 = 1000;
/// The highest ply limit a variant (or `--max-plies`) may set: every game ends, and game
/// lengths are counted exactly in a table of at most this many entries.
pub const MAX_PLY_LIMIT: u32 = 1_000_000;

/// A ply limit a user gives a run (`--max-plies`, Python's `max_plies`, a tournament's): 1 to
/// [`MAX_PLY_LIMIT`], or what is wrong with it.
pub fn check_ply_limit(plies: u32) -> Result<u32, String> {
    if (1..=MAX_PLY_LIMIT).contains(&plies) {
        Ok(plies)
    } else {
        Err(format!("expected 1 to {MAX_PLY_LIMIT}"))
    }
}

/// The pit numbers (1-based) of a mask of pits (bit 0 for pit 1), in order.
pub fn pit_numbers(mask: u64) -> Vec<usize> {
    (0..MAX_PITS).filter(|q| mask >> q & 1 != 0).map(|q| q + 1).collect()
}

/// Who recorded a variant and where: the metadata of a variant file or a ruleset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct About {
    pub other_names: Vec<String>,
    pub region: Option<String>,
    pub people: Option<String>,
    pub documented: Vec<(String, Option<u32>)>,
    pub sources: Vec<Citation>,
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Citation {
    pub title: String,
    pub url: Option<String>,
}

/// A capture rule: which counts the last seed (or a chained pit) must make, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureRule {
    /// Not empty, each count at least 1.
    pub counts: CountSet,
    pub pits: Where,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainRule {
    pub direction: ChainDirection,
    pub rule: CaptureRule,
}

/// Which way the pits sow: the whole board one way, or pit by pit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directions {
    All(Direction),
    ByPit {
        /// The lines as written (for `describe`): each line's groups, each with the row it
        /// names on a board of 4 rows, its way, and the pits it names of each player's, as
        /// places among the player's pits in number order (0-based; on 2 rows, from the
        /// player's left).
        groups: Vec<(Vec<RowGroup>, Way, Vec<u8>)>,
        /// Each pit's way, pit 1 first.
        ways: Vec<Way>,
    },
}

/// A group of pits named from a player's seat, and on a board of 4 rows the row it names.
pub type RowGroup = (PitGroupSpec, Option<RowPart>);

/// A group of pits in a direction by pit, counted: from a player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PitGroupSpec {
    Leftmost(u8),
    Rightmost(u8),
    Centre,
    Others,
    /// The leftmost and the rightmost.
    Ends,
    /// The n-th from each end.
    FromEachEnd(u8),
}

impl Directions {
    /// The way pit `p` (0-based) sows.
    pub fn of(&self, p: usize) -> Way {
        match self {
            Directions::All(d) => Way::Only(*d),
            Directions::ByPit { ways, .. } => ways[p],
        }
    }

    /// Does some pit sow either way, as the mover chooses?
    pub fn has_choice(&self) -> bool {
        matches!(self, Directions::ByPit { ways, .. } if ways.contains(&Way::Either))
    }
}

/// When the last seed of a lap lifts its pit and sows on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Relay {
    /// The pit held seeds before the last seed fell into it.
    Occupied,
    /// The pit holds one of these counts, with the last seed, on these pits.
    Makes(CaptureRule),
}

/// At most this many laps a move: a relay that would go on is stopped there.
pub const MAX_LAPS: u32 = 1000;

/// The `game over when ...` endings a variant has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Endings {
    /// When a player's pits are all empty.
    pub side_empty: bool,
    /// That ending is looked at after each lap too (`, after each lap`).
    pub side_after_lap: bool,
    /// When a player has captured more than half the seeds, or both exactly half.
    pub majority: bool,
    /// When a position repeats one seen since the last capture.
    pub repetition: bool,
    /// When a player's pits that are not claimed are all empty.
    pub unclaimed_empty: bool,
    /// What decides a game ended by a player's pits all empty, whatever the scores (`None`:
    /// the scores): `: they win`, `: they lose` (`a player whose pits are all empty loses`),
    /// `: the game is a draw`.
    pub side_outcome: Option<EndOutcome>,
    /// What decides a game that ends with nobody able to move (under `they pass`), whatever
    /// the scores: `game over when nobody can move: the game is a draw`.
    pub nobody_outcome: Option<EndOutcome>,
}

impl Endings {
    /// Any ending checked after every move (not the outcomes, read once a game is over).
    pub fn any(&self) -> bool {
        self.side_empty || self.majority || self.repetition || self.unclaimed_empty
    }

    /// A player whose pits are all empty loses (`a player whose pits are all empty loses`).
    pub fn empty_loses(&self) -> bool {
        self.side_empty && self.side_outcome == Some(EndOutcome::Lose)
    }
}

/// What a claimed pit means (`claimed pits { ... }`); claims are made by rules after each lap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Claims {
    /// `a claimed pit cannot be played` (or `a pit claimed by an opponent ...`).
    pub unplayable: bool,
    /// `a pit claimed by an opponent cannot be played`: the claimer may play their own.
    pub claimer_plays: bool,
    /// `every claim ends with the round`: no pit is claimed once a round is over.
    pub round_only: bool,
    /// `seeds in a claimed pit go to its claimer ...`: when.
    pub seeds: Option<ClaimSeeds>,
}

/// Where a group of rules was last set: the variant's own file, a base it extends, or a
/// ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// The variant's name.
    pub variant: String,
    pub ruleset: Option<String>,
}

impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.ruleset {
            Some(r) => write!(f, "{} (ruleset {r})", self.variant),
            None => write!(f, "{}", self.variant),
        }
    }
}

/// A checked variant: everything the engine, `describe` and `show` need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    /// The ruleset chosen, if any.
    pub ruleset: Option<String>,
    pub about: About,
    /// Sources and notes of the chosen ruleset.
    pub ruleset_about: About,
    /// The variants this one extends, nearest first, with the ruleset taken from each.
    pub bases: Vec<Layer>,
    pub rows: u8,
    pub pits_per_row: u8,
    pub stores: bool,
    /// Seeds at the start, pit 1 first.
    pub seeds: Vec<u8>,
    /// Seeds in each player's hand at the start (`seeds 36 in each player's hand`; 0 in most
    /// games), put into play by the set-up ([`crate::lang::phases::Phases::setup`]).
    pub hand_seeds: u8,
    /// The one player (0-based) whose hand holds them (`seeds 72 in player 1's hand`), if not
    /// every player's.
    pub hand_of: Option<u8>,
    pub players: u8,
    /// The owner (0-based player) of each pit, pit 1 first.
    pub owners: Vec<u8>,
    /// 0-based.
    pub first_player: u8,
    pub direction: Directions,
    pub opening: Opening,
    /// `a pit of one seed sows it into the next pit` (with the first seed into the emptied pit).
    pub single_seed: bool,
    pub laps: Laps,
    pub min_seeds: u8,
    pub store_sowing: StoreSowing,
    /// Relay sowing, if any.
    pub relay: Option<Relay>,
    /// The last seed in the mover's own store gives them another move.
    pub extra_turn: bool,
    /// An opponent without seeds must be given some.
    pub must_feed: bool,
    /// `a move must leave the opponent seeds after its first lap` (or `after each lap: ...`).
    pub lap_feeds: Option<LapFeeds>,
    /// `each player plays from the opponent's row`: their moves are from the pits the
    /// opponent owns (two players, a row each), their own row still theirs.
    pub plays_other: bool,
    /// `a move must leave the opponent a move`: a pit they may play after it.
    pub leaves_move: bool,
    /// `None`: nothing is ever captured.
    pub landing: Option<CaptureRule>,
    pub chain: Option<ChainRule>,
    /// The capture of the pit opposite an empty pit the last seed falls into.
    pub opposite: Option<OppositeRule>,
    pub grand_slam: GrandSlam,
    /// The first this many plies of a game capture nothing.
    pub capture_start: u32,
    /// The rules after each lap (`when ...: ...`, `after each lap: ...`), in order.
    pub lap_rules: Vec<LapRule<CountSet>>,
    /// Stores on the circuit, an opening, a move once a game (`crate::lang::phases`).
    pub phases: crate::lang::phases::Phases,
    /// What a claimed pit means.
    pub claims: Claims,
    /// For each player, the pits their first move of the game must be from (a mask, bit 0 for
    /// pit 1), if a rule says.
    pub first_move: Vec<Option<u64>>,
    /// In a game of rounds, the players whose first move is the match's (`first move of the
    /// match`), a bit each; the others' is each round's.
    pub first_move_of_match: u8,
    /// The rules of rounds, for a game of several rounds.
    pub rounds: Option<crate::lang::rounds::Rounds>,
    /// End places and big stones ([`crate::lang::stones`]): none in most variants.
    pub stones: crate::lang::stones::Stones,
    /// Pits of a single seed played only in some positions, moves that must be played
    /// ([`crate::lang::legality`]): none in most variants.
    pub legality: crate::lang::legality::Legality,
    /// A rearrangement before play and per-player stages ([`crate::lang::stages`]): none in
    /// most variants.
    pub staging: crate::lang::stages::Staging,
    pub no_move: NoMove,
    pub leftovers: Leftovers,
    pub ply_limit: u32,
    pub winner: Winner,
    /// The endings checked after every move.
    pub endings: Endings,
    /// `game over when the board holds ...`: the counts of seeds left on the board that end
    /// the game (0 may be one), checked after every move.
    pub board_end: Option<CountSet>,
    /// The endings written as conditions (`game over when every pit holds 1 or fewer seeds`,
    /// `..., after each lap`), in order, each with its outcome if it gives one.
    pub game_ends: Vec<crate::lang::lap_rule::GameEnd<CountSet, EndOutcome>>,
    /// The layer that last set each group of rules.
    pub provenance: Vec<(Kind, Layer)>,
    /// Where the rules were written, for messages about a variant that checks.
    pub lines: RuleLines,
}

/// Where a rule of a checked variant is written: a message about a variant that checks (a
/// rule `sow solve` cannot value) points at its line, as `sow check` points at a mistake.
#[derive(Clone, PartialEq, Eq)]
pub struct RuleAt {
    pub file: Arc<SourceFile>,
    pub span: Span,
}

impl RuleAt {
    /// An error pointing at the rule, `label` under it.
    pub fn error(&self, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message).at(&self.file, self.span.clone(), label)
    }

    /// `FILE:LINE:COLUMN`, as the first line of a located message gives it.
    pub fn place(&self) -> String {
        let (line, col) = self.file.line_col(self.span.start);
        format!("{}:{line}:{col}", self.file.name)
    }
}

/// The place, not the whole text of the file.
impl std::fmt::Debug for RuleAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.place())
    }
}

/// Where the rules of a checked variant were written: the last statement of each kind of rule
/// a layer states, and each rule after a lap (in the order of [`Spec::lap_rules`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleLines {
    pub kinds: Vec<(Kind, RuleAt)>,
    pub lap_rules: Vec<RuleAt>,
    /// Each ending written as conditions (in the order of [`Spec::game_ends`]).
    pub game_ends: Vec<RuleAt>,
}

impl Spec {
    pub fn pits(&self) -> usize {
        self.seeds.len()
    }

    /// The seeds of the game: on the board and in the hands at the start.
    pub fn total_seeds(&self) -> usize {
        self.seeds.iter().map(|&s| s as usize).sum::<usize>()
            + self.hand_seeds as usize * if self.hand_of.is_some() { 1 } else { self.players as usize }
    }

    /// The seeds each player's hand holds at the start.
    pub fn start_hands(&self) -> Vec<u16> {
        (0..self.players)
            .map(|p| match self.hand_of {
                Some(h) if h != p => 0,
                _ => self.hand_seeds as u16,
            })
            .collect()
    }

    /// `Bakuk` or `Bakuk:valdez`: how results and records name what was played.
    pub fn label(&self) -> String {
        match &self.ruleset {
            Some(r) => format!("{}:{r}", self.name),
            None => self.name.clone(),
        }
    }

    /// The pits of every player's row named from their seat (`leftmost`, `4th`, ...), as a
    /// mask (bit 0 for pit 1): those of each row that has them.
    pub fn seat_mask(&self, seats: &[crate::lang::phases::SeatPit]) -> u64 {
        self.seat_mask_in(seats, None)
    }

    /// [`Spec::seat_mask`], on a board of 4 rows of the row named: each player's pits of that
    /// row, from their left (the inner row is numbered from its owner's right).
    pub fn seat_mask_in(
        &self,
        seats: &[crate::lang::phases::SeatPit],
        row: Option<crate::lang::geometry::Side>,
    ) -> u64 {
        let k = self.pits_per_row as usize;
        if let Some(side) = row {
            let mut mask = 0;
            for p in 0..self.players {
                let mine = crate::lang::phases::seat_row(&self.owners, p);
                for i in seats.iter().filter_map(|s| s.index(k)) {
                    let q = if side == crate::lang::geometry::Side::Inner { 2 * k - 1 - i } else { i };
                    if let Some(&pit) = mine.get(q) {
                        mask |= 1 << pit;
                    }
                }
            }
            return mask;
        }
        (0..self.players)
            .map(|p| crate::lang::phases::seat_row(&self.owners, p))
            .flat_map(|row| {
                seats.iter().filter_map(move |s| s.index(row.len()).map(|i| row[i])).collect::<Vec<_>>()
            })
            .fold(0, |m, q| m | 1 << q)
    }

    /// Where each pit lies: rows, columns, and the pits of a column.
    pub fn geometry(&self) -> crate::lang::geometry::Geometry {
        crate::lang::geometry::Geometry::new(self.rows as usize, self.pits_per_row as usize)
    }

    /// The 1-based pit numbers a player (0-based) owns.
    pub fn pits_of(&self, player: u8) -> Vec<usize> {
        (0..self.pits()).filter(|&p| self.owners[p] == player).map(|p| p + 1).collect()
    }

    /// Does a rule claim pits?
    pub fn claims_pits(&self) -> bool {
        self.lap_rules.iter().any(LapRule::claims)
    }

    /// Is a capture of any kind possible?
    pub fn captures(&self) -> bool {
        self.landing.is_some() || self.opposite.is_some() || self.lap_rules.iter().any(LapRule::takes)
    }

    /// The 1-based pits of a row: the south row left to right, the north row right to left
    /// (the order of their numbers).
    pub fn row_pits(&self, row: Row) -> Vec<usize> {
        let k = self.pits_per_row as usize;
        match row {
            Row::South => (1..=k).collect(),
            Row::North => (k + 1..=2 * k).collect(),
        }
    }

    /// The row a player owns exactly, if their pits are one whole row.
    pub fn row_of(&self, player: u8) -> Option<Row> {
        let pits = self.pits_of(player);
        [Row::South, Row::North].into_iter().find(|&r| self.row_pits(r) == pits)
    }

    /// The layer that last set a group of rules.
    pub fn set_by(&self, topic: Kind) -> Option<&Layer> {
        self.provenance.iter().find(|(t, _)| *t == topic).map(|(_, l)| l)
    }

    /// Where the rule of a kind was written, if a layer states it.
    pub fn line_of(&self, kind: Kind) -> Option<&RuleAt> {
        self.lines.kinds.iter().find(|(k, _)| *k == kind).map(|(_, at)| at)
    }
}

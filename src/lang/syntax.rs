//! The syntax tree of a variant file: what the file says, line by line, each value with the
//! span it was written at, before any meaning is checked.

pub use super::counts::{Base as CountBase, Form as CountForm, Item as CountItem, Parity};
use super::diagnostic::Span;
pub use super::kinds::RuleLine;

/// A value and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// A number as written; its range is checked later, where the message can say what it counts.
pub type Number = Spanned<u64>;

/// Seed counts as written (`2 or more but not 4`): the whole, each item with its place, each
/// number as written. Checked into a [`super::counts::CountSet`].
pub type WrittenCounts = Spanned<CountForm<Spanned<CountItem<Number>>>>;

#[derive(Debug, Clone)]
pub struct VariantAst {
    pub name: Spanned<String>,
    pub extends: Option<Extends>,
    /// The whole `variant ... {` header.
    pub header: Span,
    pub about: Vec<Spanned<Meta>>,
    /// Every rule line, in order, whatever block it was written in.
    pub rules: Vec<Spanned<RuleLine>>,
    pub rulesets: Vec<RulesetAst>,
}

#[derive(Debug, Clone)]
pub struct Extends {
    pub base: Spanned<String>,
    pub ruleset: Option<Spanned<String>>,
}

#[derive(Debug, Clone)]
pub struct RulesetAst {
    pub name: Spanned<String>,
    pub about: Vec<Spanned<Meta>>,
    pub rules: Vec<Spanned<RuleLine>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meta {
    OtherNames(Vec<String>),
    Region(String),
    People(String),
    Documented { by: String, year: Option<Number> },
    Source { title: String, url: Option<String> },
    Note(String),
}

#[derive(Debug, Clone)]
pub struct BoardLine {
    pub rows: Number,
    pub pits_per_row: Number,
    pub stores: bool,
}

#[derive(Debug, Clone)]
pub enum SeedsLine {
    Each(Number),
    /// Pit by pit; with `, and 22 in each player's hand`, seeds in each hand besides.
    Listed(Vec<Number>, Option<Number>),
    /// `seeds 36 in each player's hand`: the pits start empty.
    Hand(Number),
    /// `seeds 72 in player 1's hand`: every seed in one player's hand (the player as written,
    /// 1-based), the pits empty.
    PlayerHand(Number, Number),
}

#[derive(Debug, Clone)]
pub struct PlayersBlock {
    pub keyword: Span,
    pub count: Number,
    pub lines: Vec<Spanned<PlayerLine>>,
    /// The whole block, for messages about what it lacks.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum PlayerLine {
    Owns { player: Number, pits: Ownership },
    Starts { player: Number },
}

#[derive(Debug, Clone)]
pub enum Ownership {
    Row(Row),
    /// `the two south rows`: a player's two rows on a board of 4.
    TwoRows(Row),
    /// `the south row and the right half of the middle row`: a player's pits on a board of 3.
    RowAndHalf(Row),
    /// Pit numbers and ranges as written, e.g. `1 2` or `3 to 4`.
    Pits(Vec<(Number, Option<Number>)>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    South,
    North,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    CounterClockwise,
    Clockwise,
}

impl Direction {
    /// The direction as a file writes it: `counter-clockwise`.
    pub fn word(self) -> &'static str {
        match self {
            Direction::CounterClockwise => "counter-clockwise",
            Direction::Clockwise => "clockwise",
        }
    }
}

/// The sowing direction: one for the whole board, or pit by pit.
#[derive(Debug, Clone)]
pub enum DirectionLine {
    All(Direction),
    /// `either way, as the mover chooses`: every pit, as `every pit: either way ...` says.
    Either,
    /// `direction by pit, from each player's seat { ... }`: its lines, in order.
    ByPit(Vec<Spanned<PitWay>>),
}

/// `the 2 leftmost pits: clockwise`; on 4 rows, `the end pits of their inner row and the 2nd pit
/// from each end of their outer row: either way, as the mover chooses`.
#[derive(Debug, Clone)]
pub struct PitWay {
    /// Each group and the row it names (none on 2 rows, where each player has one).
    pub groups: Vec<(PitGroup, Option<RowPart>)>,
    pub way: Way,
}

/// Pits of a row, named from the seat of the player who owns it.
#[derive(Debug, Clone)]
pub enum PitGroup {
    /// The first `n` from the player's left (`n` as written, when it is).
    Leftmost(Option<Number>),
    Rightmost(Option<Number>),
    Centre,
    /// The pits no other line names.
    Others,
    /// `the end pits`: the leftmost and the rightmost.
    Ends,
    /// `the 2nd pit from each end`: the n-th from the left and the n-th from the right.
    FromEachEnd(Number),
}

/// Which of a player's rows a group of pits names, on a board of 4 rows: `of their inner row`,
/// `of their outer row`, `of each of their rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowPart {
    Inner,
    Outer,
    Each,
}

impl RowPart {
    /// `their inner row`, as lines write it after `of`.
    pub fn words(self) -> &'static str {
        match self {
            RowPart::Inner => "their inner row",
            RowPart::Outer => "their outer row",
            RowPart::Each => "each of their rows",
        }
    }
}

/// Which way a pit sows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Only(Direction),
    /// Either way, as the mover chooses: two moves.
    Either,
}

impl Way {
    /// The way as a file writes it: `clockwise`, `either way, as the mover chooses`.
    pub fn words(self) -> &'static str {
        match self {
            Way::Only(d) => d.word(),
            Way::Either => "either way, as the mover chooses",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// The first seed goes into the pit after the one emptied.
    NextPit,
    /// The first seed goes back into the pit just emptied.
    EmptiedPit,
}

/// `a pit of one seed sows it into the next pit`: the exception to `first seed into the
/// emptied pit` for a pit of a single seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SingleSeed;

/// `a claimed pit cannot be played`; with `true`, `a pit claimed by an opponent cannot be
/// played` (its claimer may play it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimUnplayable(pub bool);

/// `every claim ends with the round`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimRound;

/// `seeds in a claimed pit go to its claimer after each move`: when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimSeeds {
    AfterLap,
    AfterMove,
    AtEnd,
    /// `at the end of each round`: in a game of rounds, when a round is over.
    AtRoundEnd,
}

impl ClaimSeeds {
    /// `after each move`, as the line writes it.
    pub fn words(self) -> &'static str {
        match self {
            ClaimSeeds::AfterLap => "after each lap",
            ClaimSeeds::AfterMove => "after each move",
            ClaimSeeds::AtEnd => "at the end",
            ClaimSeeds::AtRoundEnd => "at the end of each round",
        }
    }
}

/// Where a player's first move of the game must be from.
#[derive(Debug, Clone)]
pub enum FirstFrom {
    /// `pit 6`.
    Pit(Number),
    /// `their leftmost pit`, `their rightmost pit` (`true`), as the player faces the board.
    Side { rightmost: bool },
    /// `one of the 2 rightmost pits of their outer row`: pits named as a direction by pit
    /// names them, each group with its row on a board of 4 rows.
    Pits(Vec<(PitGroup, Option<RowPart>)>),
}

/// `player 1's first move is from pit 6`, `each player's first move is from their rightmost pit`.
#[derive(Debug, Clone)]
pub struct FirstMoveLine {
    /// `None`: each player.
    pub player: Option<Number>,
    /// `first move of the match` (in a game of rounds: the match's first move, not each
    /// round's), where it is written.
    pub of_match: Option<Span>,
    pub from: FirstFrom,
}

/// The `first move` lines of a layer, in order, each with its span.
pub type FirstMoveLines = Vec<Spanned<FirstMoveLine>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Laps {
    /// On a sowing that goes all the way round, the emptied pit is sown into like any other.
    SowOrigin,
    /// ... the emptied pit is skipped.
    SkipOrigin,
}

/// Which stores a sowing puts seeds into, as it passes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreSowing {
    /// None: stores hold what is captured, and nothing is sown into them.
    Neither,
    /// The mover's own store only; the others are skipped.
    Own,
    /// Every store on the way.
    Both,
}

/// `last seed in the mover's own store: they move again`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraTurn;

/// `must feed an opponent who has no seeds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MustFeed;

/// `each player plays from the opponent's row`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaysOther;

/// `a move must leave the opponent seeds after ...`: which laps are looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LapFeeds {
    /// `after its first lap`: a move whose first lap leaves the opponent no seeds is not
    /// allowed; its later laps are not looked at.
    FirstLap,
    /// `after each lap: a relay that would not is not sown and ends the game`: as
    /// [`LapFeeds::FirstLap`], and a later lap that would leave the opponent none is not
    /// sown, and the game is over.
    EachLap,
}

/// `a move must leave the opponent a move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeavesMove;

/// A move whose captures would leave every pit of the opponent empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrandSlam {
    /// Captured like any other.
    Take,
    /// The move is played, and captures nothing.
    NoCapture,
    /// The move is not legal.
    NotAllowed,
}

/// An ending: `game over when ...`, and the outcome its line gives, if any (`: they win`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ending {
    /// `None`: the scores decide.
    pub outcome: Option<Spanned<EndOutcome>>,
    /// `, after each lap` (a player's pits all empty only): looked at after each lap too.
    pub after_lap: bool,
}

/// What an ending's line says of the game it ends, whatever the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndOutcome {
    /// `they win`: the player the condition names wins (several at once: a draw).
    Win,
    /// `they lose`: the player the condition names loses (two players; both at once: a draw).
    Lose,
    /// `the game is a draw`.
    Draw,
}

impl EndOutcome {
    /// As the line writes it.
    pub fn line(self) -> &'static str {
        match self {
            EndOutcome::Win => "they win",
            EndOutcome::Lose => "they lose",
            EndOutcome::Draw => "the game is a draw",
        }
    }
}

/// `game over when the board holds 0 or 1 seeds`: the counts of seeds left on the board.
#[derive(Debug, Clone)]
pub struct BoardEnding {
    pub counts: WrittenCounts,
    pub outcome: Option<Spanned<EndOutcome>>,
}

/// How many laps a sowing makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LapCount {
    /// Sowing ends with the last seed in hand.
    Single,
}

/// Which pits a capture may take, relative to the player who moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Where {
    Any,
    Opponents,
    Own,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainDirection {
    Forward,
    Backward,
}

/// `last seed makes 2 or 4 in any pit: take them`
#[derive(Debug, Clone)]
pub struct LandingLine {
    pub counts: WrittenCounts,
    pub pits: Where,
}

/// `relay when the last seed ...`: when the last seed of a lap lands so, the seeds of its pit
/// are lifted and sown on.
#[derive(Debug, Clone)]
pub enum RelayLine {
    /// `falls into an occupied pit`: the pit held seeds before the last seed.
    Occupied,
    /// `makes 7 in an opponent's pit`: the pit holds one of these counts with the last seed.
    Makes { counts: WrittenCounts, pits: Where },
}

/// `no capture on the first move of the game`, `no capture in the first 2 moves of the game`:
/// how many plies at the start capture nothing.
#[derive(Debug, Clone)]
pub struct CaptureStart {
    pub plies: Number,
}

/// `last seed in an empty pit of the mover's own: take it and the opposite pit`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OppositeLine {
    /// `Own` or `Any`: which empty pits.
    pub pits: Where,
    /// The last seed is taken with the opposite pit.
    pub take_last: bool,
    /// ... even when the opposite pit is empty (then the last seed alone is taken).
    pub even_if_empty: bool,
}

/// `chain forward while 2 or 4 in the opponent's pits`
#[derive(Debug, Clone)]
pub struct ChainLine {
    pub direction: ChainDirection,
    pub counts: WrittenCounts,
    pub pits: Where,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoMove {
    /// The game ends when the player to move has no legal move.
    GameOver,
    /// That player is skipped; the game ends when nobody can move.
    Pass,
    /// The game ends, and the player to move has lost it (two players).
    Lose,
    /// With stages: that player is skipped before their last stage, and loses in it.
    PassThenLose,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leftovers {
    Nobody,
    Owner,
    LastMover,
    /// Two players: when the game ends because a player cannot move or has no seeds in their
    /// pits, every seed left goes to the other player; at any other end, to their pit's owner.
    NotRunOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    MostCaptured,
}

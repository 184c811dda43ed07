//! The kinds of rule the language has, declared once: each kind's line as written (its type in
//! the syntax tree), how messages name that line, how `describe` names what it decides, and
//! whether every variant must state it. From this one table come the [`RuleLine`]s of the
//! syntax tree, the slot each fills when layers are merged ([`Merged`]), the "stated twice"
//! and "does not say" messages, and `describe`'s Changes.
//!
//! A new kind of rule is one line here, then its grammar rule (`grammar/sow.pest`), the line
//! built by `parse`, its check in `check/validate.rs`, its field of `Spec`, its tables in
//! `engine/compile.rs`, and its prose in `describe`.

use std::sync::Arc;

use super::diagnostic::{Diagnostic, SourceFile, Span};
use super::lap_rule::{GameEndLines, LapRuleLines};
use super::legality::{MustPlayLine, OneSeedLine, RelayAsMove, RelayDeclineLine, SeatOnlyLine};
use super::phases::{
    Distribute, EmptyLoses, FeedOneLine, HandSowingLine, KeepWay, OnlyIfCaptures, OpeningLines, PlaceHand,
    SeatPit, SetupLine, StoreMoveLine, SwapChoice, TakeOpeningLine,
};
use super::rounds::{
    BothFilled, CopyFill, FillBeyond, FillFirst, FillOn, FillOwner, MatchEnd, Pool, RefillLine, RoundBegin,
    RoundOver, RoundScore, RoundTake, SetupAgain, ShortFill, StonesBack, TopUp, Unfilled,
};
use super::stages::{RearrangeLine, StagesLine};
use super::stones::{EndPlaceLine, HandRefillLine, NoStoneEnd, StoneWorth};
use super::syntax::{
    BoardEnding, BoardLine, CaptureStart, ChainLine, ClaimRound, ClaimSeeds, ClaimUnplayable, DirectionLine,
    Ending, ExtraTurn, FirstMoveLines, GrandSlam, LandingLine, LapCount, LapFeeds, Laps, LeavesMove,
    Leftovers, MustFeed, NoMove, Number, Opening, OppositeLine, PlayersBlock, PlaysOther, RelayLine,
    SeedsLine, SingleSeed, Spanned, StoreSowing, Winner,
};

/// Where a line stated a rule: the file, the span, and the layer (0: the base-most file).
#[derive(Debug, Clone)]
pub(crate) struct Origin {
    pub file: Arc<SourceFile>,
    pub span: Span,
    pub layer: usize,
}

impl Origin {
    /// An error pointing at the line.
    pub fn error(&self, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message).at(&self.file, self.span.clone(), label)
    }

    /// The line's number in its file.
    pub fn line(&self) -> usize {
        self.file.line_col(self.span.start).0
    }

    /// The line as a message about a line at `from` names it: `line 7`, or `line 7 of
    /// kalah (bundled)` when it is in another file.
    pub fn seen_from(&self, from: &Origin) -> String {
        if self.file.name == from.file.name {
            format!("line {}", self.line())
        } else {
            format!("line {} of {}", self.line(), self.file.name)
        }
    }
}

/// A rule as stated by some layer: its value and where.
#[derive(Debug, Clone)]
pub(crate) struct Stated<T> {
    pub value: T,
    pub at: Origin,
}

impl<T> Stated<T> {
    pub fn error(&self, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        self.at.error(message, label)
    }
}

macro_rules! kinds {
    ($(
        $(#[$doc:meta])*
        $kind:ident($ty:ty) in $field:ident, $line:literal, $phrase:literal, $required:expr;
    )*) => {
        /// A kind of rule: what a layer of a variant states, and a later layer may override.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($(#[$doc])* $kind,)*
        }

        /// One rule line as written, of one kind.
        #[derive(Debug, Clone)]
        pub enum RuleLine {
            $($(#[$doc])* $kind($ty),)*
        }

        impl RuleLine {
            pub fn kind(&self) -> Kind {
                match self {
                    $(RuleLine::$kind(_) => Kind::$kind,)*
                }
            }
        }

        impl Kind {
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            /// How messages name the line that states it: "`board`".
            pub fn line(self) -> &'static str {
                match self {
                    $(Kind::$kind => $line,)*
                }
            }

            /// What it decides, as `describe` names it: "the board".
            pub fn phrase(self) -> &'static str {
                match self {
                    $(Kind::$kind => $phrase,)*
                }
            }

            /// For a rule every variant must state: what it says, and a line that would say
            /// it, for the message when no layer does.
            pub fn required(self) -> Option<(&'static str, &'static str)> {
                match self {
                    $(Kind::$kind => $required,)*
                }
            }
        }

        /// Every rule after merging the layers: the last statement of each kind.
        #[derive(Debug, Default)]
        pub(crate) struct Merged {
            $(pub $field: Option<Stated<$ty>>,)*
        }

        impl Merged {
            /// Puts a line in the slot of its kind, replacing what was there.
            pub fn put(&mut self, line: RuleLine, at: Origin) {
                match line {
                    $(RuleLine::$kind(value) => self.$field = Some(Stated { value, at }),)*
                }
            }

            /// Adds the lines of a kind that is a list (the rules after each lap, the first
            /// moves, the endings written as conditions, the opening's lines) to those
            /// already stated by the same layer; false for any other kind.
            pub fn extend(&mut self, line: &RuleLine) -> bool {
                fn add<T: Clone>(slot: &mut Option<Stated<Vec<T>>>, more: &[T]) -> bool {
                    slot.as_mut().is_some_and(|stated| {
                        stated.value.extend(more.iter().cloned());
                        true
                    })
                }
                match line {
                    RuleLine::LapRules(more) => add(&mut self.lap_rules, more),
                    RuleLine::FirstMoves(more) => add(&mut self.first_moves, more),
                    RuleLine::EndRules(more) => add(&mut self.end_rules, more),
                    RuleLine::OpeningMoves(more) => add(&mut self.opening_moves, more),
                    _ => false,
                }
            }

            /// Where the rule of a kind was stated, if it was.
            pub fn origin(&self, kind: Kind) -> Option<&Origin> {
                match kind {
                    $(Kind::$kind => self.$field.as_ref().map(|s| &s.at),)*
                }
            }
        }
    };
}

/// What a required rule says, and a line that would say it.
const fn needs(what: &'static str, example: &'static str) -> Option<(&'static str, &'static str)> {
    Some((what, example))
}

kinds! {
    /// `board 2 rows of 3 pits, no stores`
    Board(BoardLine) in board, "`board`", "the board",
        needs("what its board is", "a line such as `board 2 rows of 3 pits, no stores`");
    /// `seeds 6 in each pit`, `seeds pit by pit 4 4 4 0 0 0`
    Seeds(SeedsLine) in seeds, "`seeds`", "the starting seeds",
        needs("how many seeds the pits start with", "a line such as `seeds 6 in each pit`");
    /// `players 2 { ... }`
    Players(PlayersBlock) in players, "`players`", "the players and their pits",
        needs("who plays", "a block such as `players 2 { player 1 owns the south row  player 2 owns the north row }`");
    /// `counter-clockwise`, `clockwise`
    Direction(DirectionLine) in direction, "the sowing direction", "the sowing direction",
        needs("which way seeds are sown", "`counter-clockwise` or `clockwise` to its sowing block");
    /// `first seed into the next pit`
    Opening(Opening) in opening, "`first seed into ...`", "where the first seed goes",
        needs("where the first seed of a sowing goes",
            "`first seed into the next pit` or `first seed into the emptied pit` to its sowing block");
    /// `laps sow into the emptied pit`
    Laps(Laps) in laps, "`laps ...`", "what laps do with the emptied pit",
        needs("what a sowing that goes all the way round does with the emptied pit",
            "`laps sow into the emptied pit` or `laps skip the emptied pit` to its sowing block");
    /// `single lap`
    LapCount(LapCount) in lap_count, "`single lap`", "the number of laps", None;
    /// `a pit needs 2 seeds to be played`
    MinSeeds(Number) in min_seeds, "`a pit needs ...`", "the seeds a pit needs to be played", None;
    /// `sow into the mover's own store`
    StoreSowing(StoreSowing) in store_sowing, "`sow into ...`", "which stores seeds are sown into", None;
    /// `relay when the last seed falls into an occupied pit`
    Relay(RelayLine) in relay, "`relay when ...`", "relay sowing", None;
    /// `last seed in the mover's own store: they move again`
    ExtraTurn(ExtraTurn) in extra_turn, "`last seed in the mover's own store`", "the extra turn", None;
    /// `must feed an opponent who has no seeds`
    MustFeed(MustFeed) in must_feed, "`must feed ...`", "feeding an opponent without seeds", None;
    /// `a move must leave the opponent seeds after its first lap`
    LapFeeds(LapFeeds) in lap_feeds, "`a move must leave the opponent seeds after ...`", "the seeds a move's laps must leave the opponent", None;
    /// `a move must leave the opponent a move`
    LeavesMove(LeavesMove) in leaves_move, "`a move must leave the opponent a move`", "the move a move must leave the opponent", None;
    /// `last seed makes 2 or 4 in any pit: take them`; `None` for `capture { none }`.
    Landing(Option<LandingLine>) in landing, "`last seed makes ...`", "what the last seed captures",
        needs("what is captured",
            "a block such as `capture { last seed makes 2 or 4 in any pit: take them }`, or `capture { none }`");
    /// `chain forward while 2 or 4`; `None` for `no chain` (and `capture { none }`).
    Chain(Option<ChainLine>) in chain, "the chain", "the capture chain", None;
    /// `last seed in an empty pit of the mover's own: take it and the opposite pit`; `None` for
    /// `capture { none }`.
    Opposite(Option<OppositeLine>) in opposite, "`last seed in an empty pit ...`", "the capture of the opposite pit", None;
    /// `when the next pit is occupied: relay from the next pit`, `after each lap: ...`: every
    /// such line of a layer, in order (a later layer replaces them all).
    LapRules(LapRuleLines) in lap_rules, "the `when` lines", "the rules after each lap", None;
    /// `grand slam: no capture`
    GrandSlam(GrandSlam) in grand_slam, "`grand slam`", "what a grand slam does", None;
    /// `no capture on the first move of the game`
    CaptureStart(CaptureStart) in capture_start, "`no capture on the first move ...`", "the moves at the start that capture nothing", None;
    /// `player to move cannot move: game over`
    NoMove(NoMove) in no_move, "`player to move cannot move`", "what happens when the player to move cannot move",
        needs("what happens when the player to move cannot move",
            "`player to move cannot move: game over` (or `: they pass`, `: they lose`) to its end block");
    /// `leftover seeds: nobody`
    Leftovers(Leftovers) in leftovers, "`leftover seeds`", "who gets the leftover seeds",
        needs("who gets the seeds left on the board at the end",
            "`leftover seeds: nobody` (or `each pit's owner`, `the last mover`) to its end block");
    /// `ply limit 1000`
    PlyLimit(Number) in ply_limit, "`ply limit`", "the ply limit", None;
    /// `each player's rightmost pit is their store`
    PitStore(Spanned<SeatPit>) in pit_store, "`each player's ... pit is their store`", "the stores on the circuit", None;
    /// `each player's centre pit cannot be played`
    NeverPlayed(Vec<Spanned<SeatPit>>) in never_played, "`each player's ... pit cannot be played`", "the pits never played", None;
    /// `each player plays from the opponent's row`
    PlaysOther(PlaysOther) in plays_other, "`each player plays from the opponent's row`", "the row each player plays from", None;
    /// `each player's first move: move the seeds of their 4th pit into their store`
    OpeningMoves(OpeningLines) in opening_moves, "`... first move: ...`", "the opening", None;
    /// `player 1, player 2, then player 1 again each take every seed of an occupied pit of theirs, of their choice, out of play; then player 2 moves first`
    TakeOpening(TakeOpeningLine) in take_opening, "`player 1, player 2, ... each take every seed of ...`", "the opening's takes", None;
    /// `once a game, when the mover's store holds 13 or more: they must sow their store, ...`
    StoreMove(StoreMoveLine) in store_move, "`once a game, ...`", "the move once a game", None;
    /// `a move may sow any number of the mover's captured seeds from their leftmost pit`
    HandSowing(HandSowingLine) in hand_sowing, "`a move may sow any number of the mover's captured seeds ...`", "sowing from the hand", None;
    /// `while the mover holds seeds in hand, a move puts one of them into a pit of their inner row, as the last seed of a lap`
    PlaceHand(PlaceHand) in place_hand, "`while the mover holds seeds in hand, a move puts one of them ...`", "seeds put into play from the hand", None;
    /// `clockwise only when the move captures`
    OnlyIfCaptures(OnlyIfCaptures) in only_if_captures, "`... only when the move captures`", "the direction allowed only to a capture", None;
    /// `each player keeps the direction of their first move`
    KeepWay(KeepWay) in keep_way, "`... keep the direction of ... first move`", "the direction kept for the game", None;
    /// `a pit of one seed may be played only when no pit of the mover's holds 2 or more, and only when the next pit is empty`
    OneSeed(OneSeedLine) in one_seed, "`a pit of one seed may be played only when ...`", "when a pit of one seed may be played", None;
    /// `a relay sows as a move from its pit would`
    RelayAsMove(RelayAsMove) in relay_as_move, "`a relay sows as a move from its pit would`", "the way of a relay", None;
    /// `the mover may decline a relay from the rightmost pit of their outer row`
    RelayDecline(RelayDeclineLine) in relay_decline, "`the mover may decline a relay from ...`", "the relays the mover may decline", None;
    /// `a move whose last pit is in the mover's inner row and the opposite pit is occupied before the move must be played when there is one`
    MustPlay(MustPlayLine) in must_play, "`a move whose last pit ... must be played when there is one`", "the moves that must be played", None;
    /// `a move whose last pit is the mover's own and is occupied before the move may not be played`
    NeverPlay(MustPlayLine) in never_play, "`a move whose last pit ... may not be played`", "the moves that may not be played", None;
    /// `each player's leftmost pit may be played only when it holds 4 or more seeds or when no other pit can be played`
    SeatOnly(SeatOnlyLine) in seat_only, "`each player's ... pit may be played only when it holds ...`", "when a player's named pit may be played", None;
    /// `a player whose inner row is empty loses` (`a player whose pits are all empty loses` is
    /// the line `game over when a player's pits are all empty: they lose`, of kind `SideEmpty`).
    EmptyLoses(EmptyLoses) in empty_loses, "`a player whose inner row is empty loses`", "the loss of a player whose inner row is empty", None;
    /// `winner: most captured`
    Winner(Winner) in winner, "`winner`", "the winner", None;
    /// `game over when a player's pits are all empty`, with its outcome if any (`: they win`);
    /// `a player whose pits are all empty loses` too.
    SideEmpty(Ending) in side_empty, "`game over when a player's pits are all empty`", "the end when a player's pits are empty", None;
    /// `game over when nobody can move: the game is a draw`
    NobodyMoves(Ending) in nobody_moves, "`game over when nobody can move`", "the end when nobody can move", None;
    /// `game over when a player has captured more than half the seeds`
    Majority(Ending) in majority, "`game over when a player has captured more than half the seeds`", "the end when a player has captured more than half the seeds", None;
    /// `game over when the board holds 0 or 1 seeds`
    BoardSeeds(BoardEnding) in board_seeds, "`game over when the board holds ...`", "the end when few seeds are left", None;
    /// `game over when every pit holds 1 or fewer seeds`, `game over when the board holds 1
    /// seed, after each lap`: every ending of a layer written as conditions, in order (a later
    /// layer replaces them all). `game over when the board holds 0 or 1 seeds` alone is
    /// `BoardSeeds`.
    EndRules(GameEndLines) in end_rules, "the `game over when` lines with conditions", "the ends written as conditions", None;
    /// `game over when a position repeats since the last capture`
    Repetition(Ending) in repetition, "`game over when a position repeats since the last capture`", "the end when a position repeats", None;
    /// `a pit of one seed sows it into the next pit`
    SingleSeed(SingleSeed) in single_seed, "`a pit of one seed sows it into the next pit`", "where a single seed goes", None;
    /// `player 1's first move is from pit 6`: every such line of a layer, in order.
    FirstMoves(FirstMoveLines) in first_moves, "the `first move is from` lines", "the first moves of the game", None;
    /// `a claimed pit cannot be played`
    ClaimUnplayable(ClaimUnplayable) in claim_unplayable, "`a claimed pit cannot be played`", "whether a claimed pit can be played", None;
    /// `seeds in a claimed pit go to its claimer after each move`
    ClaimRound(ClaimRound) in claim_round, "`every claim ends with the round`", "whether every claim ends with the round", None;
    ClaimSeeds(ClaimSeeds) in claim_seeds, "`seeds in a claimed pit go to its claimer ...`", "where the seeds in a claimed pit go", None;
    /// `game over when a player's unclaimed pits are all empty`
    UnclaimedEmpty(Ending) in unclaimed_empty, "`game over when a player's unclaimed pits are all empty`", "the end when a player's unclaimed pits are empty", None;
    /// `round over when a row is empty, after each lap`
    RoundOver(RoundOver) in round_over, "`round over when ...`", "when a round is over", None;
    /// `each player takes the seeds of their own pits`
    RoundTake(RoundTake) in round_take, "`each player takes ...`", "what each player takes when a round is over", None;
    /// `in turns, each player fills their leftmost empty pit with 6 seeds`
    Refill(RefillLine) in refill, "`in turns, each player fills ...` (or `the player with fewer seeds puts ...`)", "how the pits are filled for the next round", None;
    /// `pits not filled are out of play for the round`
    Unfilled(Unfilled) in unfilled, "`pits not filled ...`", "what becomes of the pits not filled", None;
    /// `in turns, each player puts 1 seed from their hand into a pit of their choice`
    Setup(SetupLine) in setup, "`in turns, each player puts ...`", "the set-up from the hands", None;
    /// `the player to move puts the seeds of their hand one at a time into any pits`
    Distribute(Distribute) in distribute, "`the player to move puts the seeds of their hand ...`", "the distribution of the seeds", None;
    /// `the other player then chooses to move first or to swap sides`
    SwapChoice(SwapChoice) in swap_choice, "`the other player then chooses ...`", "the choice to swap sides", None;
    /// `when the opponent's pits are all empty, the mover moves 1 seed from a pit of theirs into the opponent's leftmost pit`
    FeedOne(FeedOneLine) in feed_one, "`when the opponent's pits are all empty, the mover moves ...`", "feeding an opponent by a transfer", None;
    /// `until both players pass in turn, each player moves a seed from one of their pits to another of theirs, ...`
    Rearrange(RearrangeLine) in rearrange, "`until both players pass in turn, ...`", "the rearrangement before play", None;
    /// `until the opponent has captured 2 or more seeds, a move starts from a pit holding 1 or 2, ...`
    Stages(StagesLine) in stages, "`until the opponent has captured ..., a move starts from ...`", "the stages of each player's moves", None;
    /// `the player who captured more scores the difference`
    RoundScore(RoundScore) in round_score, "`the player who captured more scores the difference`", "the points of a round", None;
    /// `each round is set up as the first`
    SetupAgain(SetupAgain) in setup_again, "`each round is set up as the first`", "the set-up of each round", None;
    /// `the players take turns to begin the rounds`
    RoundBegin(RoundBegin) in round_begin, "`the players take turns to begin the rounds`", "who begins each round", None;
    /// `the player with fewer seeds fills first`
    FillFirst(FillFirst) in fill_first, "`the player with fewer seeds fills first`", "who fills first between rounds", None;
    /// `the other player copies the arrangement into the opposite pits`
    CopyFill(CopyFill) in copy_fill, "`the other player copies ...`", "the copy of the placed seeds", None;
    /// `a player who cannot fill a pit loses the match`
    MatchEnd(MatchEnd) in match_end, "`... loses the match`", "when the match is over", None;
    /// `a player whose row is full fills any empty pit`
    FillBeyond(FillBeyond) in fill_beyond, "`a player whose row is full fills ...`", "whether a player fills pits beyond their row", None;
    /// `a pit filled belongs to the player who filled it`
    FillOwner(FillOwner) in fill_owner, "`a pit filled belongs to the player who filled it`", "who owns a pit filled", None;
    /// `a player goes on filling while they hold 10 or more seeds`
    FillOn(FillOn) in fill_on, "`a player goes on filling while ...`", "whether a player goes on filling", None;
    /// `a player left with 3 or more seeds puts them into the next empty pit, and the other player tops it up`
    TopUp(TopUp) in top_up, "`a player left with ... tops it up`", "a pit filled by both players", None;
    /// `when both players hold fewer seeds than a fill, they put them all into the next empty pit, ...`
    Pool(Pool) in pool, "`when both players hold fewer seeds than a fill, ...`", "the last pit of the fills", None;
    /// `a pit both players filled belongs to the player who put in more, drawn at random on a tie`
    BothFilled(BothFilled) in both_filled, "`a pit both players filled belongs to ...`", "who owns a pit both players filled", None;
    /// `a player holding fewer seeds than a fill fills with all they hold`
    ShortFill(ShortFill) in short_fill, "`a player holding fewer seeds than a fill ...`", "a fill short of seeds", None;
    /// `big stones go back to the end places`
    StonesBack(StonesBack) in stones_back, "`big stones go back to the end places`", "whether the big stones go back", None;
    /// `each player's leftmost pit is an end place with a big stone`
    EndPlace(EndPlaceLine) in end_place, "`each player's ... pit is an end place`", "the end places", None;
    /// `after each lap, a player whose pits are all empty puts 1 captured seed into each of them`
    HandRefill(HandRefillLine) in hand_refill, "`... a player whose pits are all empty puts ...`", "the refill of an empty row from the captures", None;
    /// `a big stone counts as 10 seeds`
    StoneWorth(StoneWorth) in stone_worth, "`a big stone counts as ...`", "what a big stone counts for", None;
    /// `game over when no big stone is on the board`
    NoStoneEnd(NoStoneEnd) in no_stone_end, "`game over when no big stone is on the board`", "the end when no big stone is left", None;
}

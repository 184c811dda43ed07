//! Positions: the seeds in each pit, the seeds each player captured, whose turn it is, how
//! many plies were played, and how the game ended once it has.

use std::fmt;

use crate::error::{Failure, Status};
use crate::lang::spec::{MAX_PITS, MAX_PLAYERS};

use super::moves::MoveSet;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move had no legal move.
    NoLegalMove,
    /// Under the pass rule, no player had a legal move.
    NobodyCanMove,
    /// The ply limit was reached.
    PlyLimit,
    /// A player's pits were all empty (`game over when a player's pits are all empty`).
    SideEmpty,
    /// A player had captured more than half the seeds, or both players exactly half.
    Majority,
    /// A position repeated one seen since the last capture.
    Repetition,
    /// The seeds left on the board made a count that ends the game.
    FewSeeds,
    /// At the end of a round, a player's hand could not fill a pit: that player lost the match.
    CannotFill,
    /// Once the pits were filled for a round, a player had no pit in play: that player lost.
    NoPitInPlay,
    /// The mover had captured all the seeds but a few (`a mover who has captured all but 6
    /// seeds wins the match`): the mover won.
    AllBut,
    /// The round was over, in a game of rounds cut to its first round
    /// ([`super::Rules::first_round`], as `sow solve` values it).
    RoundOver,
    /// A player had no seeds left, in their pits or hand (`a player left with no seeds loses
    /// the match`): that player lost.
    NoSeeds,
    /// No big stone was left on the board (`game over when no big stone is on the board`).
    NoBigStone,
    /// A player's pits were all empty after a move, and they lost
    /// (`a player whose pits are all empty loses`).
    EmptyLoses,
    /// A player's inner row was empty after a move or a lap, and they lost (`a player whose
    /// inner row is empty loses`, boards of 4 rows).
    InnerEmpty,
    /// At the end of a round, a player held too few seeds (`a player who holds 9 seeds or
    /// fewer at the end of a round loses the match`): that player lost.
    HeldTooFew,
    /// A player reached the points that win a match of rounds scored in points (`the first
    /// player to reach 60 points wins the match`).
    Points,
    /// Once the pits were filled for a round, a player owned too few pits (`a player who owns
    /// 2 pits or fewer loses the match`): that player lost.
    FewPits,
    /// An ending written as conditions held (`game over when every pit holds 1 or fewer
    /// seeds`).
    Condition,
}

impl EndReason {
    /// Stable names for machine output.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::NobodyCanMove => "nobody-can-move",
            EndReason::PlyLimit => "ply-limit",
            EndReason::SideEmpty => "side-empty",
            EndReason::Majority => "majority",
            EndReason::Repetition => "repetition",
            EndReason::FewSeeds => "few-seeds",
            EndReason::CannotFill => "cannot-fill",
            EndReason::NoPitInPlay => "no-pit-in-play",
            EndReason::AllBut => "all-but",
            EndReason::RoundOver => "round-over",
            EndReason::NoSeeds => "no-seeds",
            EndReason::NoBigStone => "no-big-stone",
            EndReason::EmptyLoses => "empty-pits-lose",
            EndReason::InnerEmpty => "inner-row-empty",
            EndReason::HeldTooFew => "held-too-few",
            EndReason::Points => "points",
            EndReason::FewPits => "few-pits",
            EndReason::Condition => "condition",
        }
    }

    /// In words: `the player to move had no legal move`.
    pub fn words(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "the player to move had no legal move",
            EndReason::NobodyCanMove => "no player could move",
            EndReason::PlyLimit => "the ply limit",
            EndReason::SideEmpty => "a player's pits were all empty",
            EndReason::Majority => "a player had captured more than half the seeds",
            EndReason::Repetition => "a position repeated",
            EndReason::FewSeeds => "few seeds were left on the board",
            EndReason::CannotFill => "a player could not fill a pit for the next round",
            EndReason::NoPitInPlay => "a player had no pit in play",
            EndReason::AllBut => "the mover had captured all the seeds but a few",
            EndReason::RoundOver => "the first round was over",
            EndReason::NoSeeds => "a player had no seeds left",
            EndReason::NoBigStone => "no big stone was left on the board",
            EndReason::EmptyLoses => "a player's pits were all empty, and they lost",
            EndReason::InnerEmpty => "a player's inner row was empty, and they lost",
            EndReason::HeldTooFew => "a player held too few seeds at the end of a round",
            EndReason::Points => "a player reached the points that win the match",
            EndReason::FewPits => "a player owned too few pits for the next round",
            EndReason::Condition => "the board met a `game over when` condition",
        }
    }
}

pub(crate) const NOBODY: u8 = u8::MAX;

/// A position: seeds in each pit, seeds captured by each player, the player to move, the
/// number of plies played, and the end of the game once it has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) pits: [u8; MAX_PITS],
    pub(crate) captured: [u16; MAX_PLAYERS],
    pub(crate) plies: u32,
    /// The legal moves of the player to move (none once the game is over).
    pub(crate) moves: MoveSet,
    pub(crate) n_pits: u8,
    pub(crate) n_players: u8,
    pub(crate) to_move: u8,
    pub(crate) last_mover: u8,
    /// Seeds taken out of the game (`out of play`): no player's, and no longer on the board.
    /// Decided by the pits and the captures (the seeds are constant), so the position keys
    /// leave it out.
    pub(crate) removed: u8,
    /// The players (bits) who made their move once a game (`crate::lang::phases`): it
    /// decides play, so the position keys hold it.
    pub(crate) spent: u8,
    /// The players (bits, 0-based) who have moved: for rules on a player's first move.
    pub(crate) moved: u8,
    pub(crate) end: Option<EndReason>,
    /// The pits each of two players has claimed (`claim the last pit`); no pit is in both.
    pub(crate) claimed: [u64; 2],
    /// Games whose rules ask whether a pit has been played from (0 in every other): the pits
    /// a move has been played from, this round in a game of rounds. It decides play: the
    /// position keys hold it.
    pub(crate) played: u64,
    /// Games of rounds only (0 in every other): the pits out of play, the rounds over so far,
    /// and the phase ([`super::rounds::PLAY`] or [`super::rounds::FILLING`]).
    pub(crate) out: u64,
    pub(crate) round: u16,
    pub(crate) phase: u8,
    /// Games of rounds whose pits change owner (`a pit filled belongs to the player who filled
    /// it`; 0 in every other): the pits owned, for the round, by the player who does not own
    /// their row (two players).
    pub(crate) annexed: u64,
    /// Games of rounds whose pits may be filled by both players (`... and the other player
    /// tops it up`; 0 in every other): the pits both players own, for the round.
    pub(crate) shared: u64,
    /// Games with big stones only (0 in every other), one byte: bit `p` (0 or 1), player
    /// `p`'s end place still holds its big stone; bits `2 + 2p` and `3 + 2p`, the big stones
    /// player `p` has taken (two at most: they only leave the end places). It decides play
    /// and scores: the position keys hold it.
    pub(crate) stones: u8,
    /// Games where a direction is kept (`... keep the direction of ... first move`; 0 in
    /// every other): two bits a player, `1` clockwise, `2` counter-clockwise, `0` not chosen
    /// yet. It decides play: the position keys hold it.
    pub(crate) kept: u8,
    /// A move paused for a choice of its mover ([`super::step`]; 0 in every other game, and
    /// between moves): what is asked, and the pit it is asked at. It decides play: the
    /// position keys hold it.
    pub(crate) pending: u8,
    pub(crate) pending_at: u8,
    /// The laps a move paused at a relay has made, so that its laps are counted across its
    /// pauses (at most `MAX_LAPS`). Decided by the rest while the move's laps are few: the
    /// position keys leave it out.
    pub(crate) pending_laps: u16,
    /// The seeds the relay of a paused move sows where not all its pit holds (`sow only
    /// them`; 0: all). It decides play: the position keys hold it.
    pub(crate) pending_seeds: u8,
    /// Games in stages only ([`super::staged`]; 0 in every other): each player's stage, two
    /// bits a player, and the rearrangement before play (bits 6 and 7). It decides play: the
    /// position keys hold it.
    pub(crate) stage: u8,
    /// Games whose rules draw at random (0 in every other): the game's own stream of chance,
    /// a SplitMix64 state that each draw advances, seeded by whoever runs the game
    /// ([`super::Rules::seed_chance`]) so that a run's draws follow from its seed and not
    /// from the agents' choices. Not a position's: the position keys leave it out.
    pub(crate) chance: u64,
}

impl State {
    /// Seeds in each pit, pit 1 first.
    pub fn pits(&self) -> &[u8] {
        &self.pits[..self.n_pits as usize]
    }

    /// Seeds captured by each player so far (leftovers are added by [`super::Rules::scores`]).
    pub fn captured(&self) -> &[u16] {
        &self.captured[..self.n_players as usize]
    }

    /// The stream of chance of a game whose rules draw ([`super::Rules::seed_chance`]): to
    /// carry a game on elsewhere with the same draws to come.
    pub fn chance(&self) -> u64 {
        self.chance
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(self.to_move as usize)
    }

    /// Whose turn it is, or was when the game ended (the player left without a move, after
    /// [`EndReason::NoLegalMove`]).
    pub fn turn(&self) -> usize {
        self.to_move as usize
    }

    /// The player who made the last move, if any move was made.
    pub fn last_mover(&self) -> Option<usize> {
        (self.last_mover != NOBODY).then_some(self.last_mover as usize)
    }

    /// Whether each of two players' end places still holds its big stone
    /// ([`super::Rules::stones_on_board`] names the pits).
    pub fn stones_in_place(&self) -> [bool; 2] {
        [self.stones & 1 != 0, self.stones & 2 != 0]
    }

    /// The big stones each of two players has taken.
    pub fn stones_won(&self) -> [u8; 2] {
        [self.stones >> 2 & 3, self.stones >> 4 & 3]
    }

    /// Seeds taken out of the game by a rule that gives them to nobody.
    pub fn removed(&self) -> u32 {
        self.removed as u32
    }

    /// Has `player` (0-based) made their move once a game?
    pub fn spent(&self, player: usize) -> bool {
        self.spent >> player & 1 != 0
    }

    /// The pits (bit `p` for pit `p + 1`) a player (0-based) has claimed; none for a player
    /// past the second (claims are a rule for two players).
    pub fn claimed(&self, player: usize) -> u64 {
        self.claimed.get(player).copied().unwrap_or(0)
    }

    /// The player (0-based) who claimed a pit (0-based), if any.
    pub fn claimer(&self, pit: usize) -> Option<usize> {
        (0..2).find(|&p| self.claimed[p] >> pit & 1 != 0)
    }

    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The pits (bit `p` for pit `p + 1`) a move has been played from, in games whose rules
    /// ask it (`has been played from`): this round, in a game of rounds.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// The pits out of play (games of rounds), as a mask of pits (bit 0: pit 1).
    pub fn out_of_play(&self) -> u64 {
        self.out
    }

    /// The pits (bit `p` for pit `p + 1`) that belong, for the round, to the player who does
    /// not own their row: pits filled by the other player between rounds (none in games
    /// whose pits do not change owner).
    pub fn annexed(&self) -> u64 {
        self.annexed
    }

    /// The direction `player` (0-based) keeps for the game (`... keep the direction of ...
    /// first move`), once a move has chosen it; `None` before, and in games without the rule.
    pub fn direction_kept(&self, player: usize) -> Option<super::MoveDirection> {
        match self.kept.checked_shr(2 * player as u32).unwrap_or(0) & 3 {
            1 => Some(super::MoveDirection::Clockwise),
            2 => Some(super::MoveDirection::CounterClockwise),
            _ => None,
        }
    }

    /// The pits (bit `p` for pit `p + 1`) that both players own, for the round: pits both
    /// filled between rounds (none in other games).
    pub fn shared(&self) -> u64 {
        self.shared
    }

    /// The rounds over so far (games of rounds; 0 in any other).
    pub fn rounds_over(&self) -> u32 {
        self.round as u32
    }

    /// Are the players filling pits between two rounds (each move a pit filled)?
    pub fn filling(&self) -> bool {
        self.phase != 0
    }

    /// Is a player distributing the seeds of their hand (each move a seed into a pit)?
    pub fn distributing(&self) -> bool {
        self.phase == super::rounds::DEAL
    }

    /// Is a player choosing, after a distribution, to move first (`1`) or to swap sides (`2`)?
    pub fn choosing(&self) -> bool {
        self.phase == super::rounds::CHOOSE
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    pub fn seeds_on_board(&self) -> u32 {
        // Eight pits at a time, the words added lane by lane (no lane can carry: a board holds
        // at most 255 seeds, and pits past the board are empty); then the top byte of the sum
        // times 0x0101...01 is the sum of its bytes.
        let words = (self.n_pits as usize).div_ceil(8);
        let lanes = self
            .pits
            .chunks_exact(8)
            .take(words)
            .fold(0u64, |sum, w| sum + u64::from_le_bytes(w.try_into().expect("8 pits")));
        (lanes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }
}

/// How a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player (0-based) with the highest score.
    Win(usize),
    /// Two or more players share the highest score.
    Draw,
}

/// A position given by hand that the rules cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    WrongLength {
        given: usize,
        pits: usize,
    },
    TooManySeeds {
        total: u32,
    },
    /// 1-based, as given.
    NoSuchPlayer {
        given: usize,
        players: usize,
    },
    /// Hands, pits out of play or a filling given for rules they do not fit: a hand for
    /// other than each player, or rounds where the rules have none.
    NotInRound,
    /// Claimed pits given where no rule claims pits, or a pit claimed by both players, off the
    /// board or out of play.
    NotClaimable,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongLength { given, pits } => {
                write!(f, "a position lists the seeds of all {pits} pits, not {given}")
            }
            PositionError::TooManySeeds { total } => {
                write!(f, "a position holds at most 255 seeds, not {total}")
            }
            PositionError::NoSuchPlayer { given, players } => {
                write!(f, "there is no player {given}: players are numbered 1 to {players}")
            }
            PositionError::NotInRound => {
                write!(
                    f,
                    "a position of a game of rounds needs a hand for each player, and rules with rounds"
                )
            }
            PositionError::NotClaimable => write!(
                f,
                "a pit is claimed only where a rule claims pits, by one of two players, on the board and in play"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Failure for PositionError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

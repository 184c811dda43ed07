//! Games of several rounds (`rounds { ... }`): when a round is over, what each player takes,
//! how the next round is set up from the seeds each holds, what becomes of the pits that
//! cannot be filled, and when the match is over. The lines as written (one kind of rule each,
//! see [`super::kinds`]) and the checked [`Rounds`] of a [`super::spec::Spec`].

use super::syntax::Number;

/// `round over when a row is empty` (after each move), `..., after each lap`, or `round over
/// when nobody can move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundOver {
    pub when: RoundEnd,
    /// Checked after each lap of a move, not only after the move (a row empty only).
    pub after_each_lap: bool,
}

/// What ends a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundEnd {
    /// All the pits of a player are empty.
    RowEmpty,
    /// No player can move (under the pass rule).
    NobodyCanMove,
    /// No pit in play holds seeds (the seeds of pits that cannot be played do not count).
    NoneInPlay,
}

/// What each player takes when a round is over: `each player takes the seeds of their own
/// pits` or `... of their row`. The same but where pits change owner
/// ([`FillOwner`]): their own pits are then those they own (pits filled by them in the other
/// row, and not those of their row filled by the other player); their row is their row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum RoundTake {
    #[default]
    OwnPits,
    Row,
}

/// `a player whose row is full fills any empty pit`: between rounds, a player with no empty
/// pit left in their row fills an empty pit anywhere on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FillBeyond;

/// `a pit filled belongs to the player who filled it`: a pit a player fills in the other
/// player's row is theirs for the round (they may play it, the row's owner may not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FillOwner;

/// Which empty pit a player fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FillOrder {
    /// Their leftmost empty pit, counted from their left: no choice.
    Leftmost,
    /// Any of their empty pits: a move of its own.
    Choice,
}

/// `in turns, each player fills their leftmost empty pit with 6 seeds`, as written.
#[derive(Debug, Clone)]
pub struct RefillLine {
    pub order: FillOrder,
    pub seeds: Number,
}

/// What becomes of the pits left empty once the players have filled what they can.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unfilled {
    /// Out of play (passed by sowing, not playable) until the round is over.
    ForRound,
    /// Out of play for the rest of the match.
    ForGood,
    /// In play as any pit: sown into, and played once they hold seeds.
    InPlay,
    /// Sown into, but not played, until the round is over.
    Unplayable,
}

/// When the match is over, and who loses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// At the end of a round, a player whose hand cannot fill one pit loses.
    CannotFill,
    /// Once the pits are filled, a player without a pit in play loses.
    NoPitInPlay,
    /// After any ply, a mover whose store (hand) holds all the seeds but this many or fewer
    /// wins at once.
    MoverAllBut(u16),
}

/// The rules of rounds, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rounds {
    pub over: RoundOver,
    pub order: FillOrder,
    /// Seeds put into each pit filled, at least 1.
    pub fill: u8,
    pub unfilled: Unfilled,
    pub match_end: MatchEnd,
    /// Pits that change owner between rounds: what each player takes, whether a player whose
    /// row is full fills beyond it, whether a pit filled is its filler's.
    pub owners: Owners,
}

/// The rules of rounds whose pits may change owner (Motiq); all off in other games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Owners {
    pub take: RoundTake,
    pub beyond: bool,
    pub to_filler: bool,
}

impl Rounds {
    /// The lines of a `rounds` block that say these rules, in order, as a file writes them:
    /// the five every game of rounds has, then those of pits that change owner, if any.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.five().to_vec();
        lines.extend(self.owner_lines());
        lines
    }

    /// The lines of pits that change owner, where the rules have them.
    fn owner_lines(&self) -> Vec<String> {
        let o = &self.owners;
        let mut lines = Vec::new();
        if o.beyond {
            lines.push("a player whose row is full fills any empty pit".to_string());
        }
        if o.to_filler {
            lines.push("a pit filled belongs to the player who filled it".to_string());
        }
        lines
    }

    /// The five lines every game of rounds has.
    fn five(&self) -> [String; 5] {
        let lap = if self.over.after_each_lap { ", after each lap" } else { "" };
        let over = match self.over.when {
            RoundEnd::RowEmpty => format!("round over when a row is empty{lap}"),
            RoundEnd::NobodyCanMove => "round over when nobody can move".to_string(),
            RoundEnd::NoneInPlay => format!("round over when no pit in play holds seeds{lap}"),
        };
        let which = match self.order {
            FillOrder::Leftmost => "their leftmost empty pit",
            FillOrder::Choice => "an empty pit of their choice",
        };
        let seeds = if self.fill == 1 { "seed" } else { "seeds" };
        [
            over,
            match self.owners.take {
                RoundTake::OwnPits => "each player takes the seeds of their own pits",
                RoundTake::Row => "each player takes the seeds of their row",
            }
            .to_string(),
            format!("in turns, each player fills {which} with {} {seeds}", self.fill),
            match self.unfilled {
                Unfilled::ForRound => "pits not filled are out of play for the round",
                Unfilled::ForGood => "pits not filled are out of play for good",
                Unfilled::InPlay => "pits not filled stay in play",
                Unfilled::Unplayable => "pits not filled are sown into but cannot be played",
            }
            .to_string(),
            match self.match_end {
                MatchEnd::CannotFill => "a player who cannot fill a pit loses the match".to_string(),
                MatchEnd::NoPitInPlay => "a player left with no pit in play loses the match".to_string(),
                MatchEnd::MoverAllBut(n) => {
                    format!(
                        "a mover who has captured all but {n} {} wins the match",
                        if n == 1 { "seed" } else { "seeds" }
                    )
                }
            },
        ]
    }
}

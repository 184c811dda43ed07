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
    /// The player to move has an empty row: they pass, and the round is over (looked at when
    /// a turn begins, and, after each lap, before a relay).
    MoverRowEmpty,
    /// No big stone is left on the board (`round over when no big stone is on the board`),
    /// looked at after each move.
    NoBigStone,
    /// Every pit is empty (looked at after each move).
    BoardEmpty,
    /// The board holds this many seeds or fewer (`round over when the board holds 1 seed or
    /// fewer`), looked at after each move, or after each lap (`, after each lap`): the seeds
    /// left go as the round's takes say (Jimafesosh: to the row's owner).
    BoardAtMost(u16),
    /// No pit that is not claimed holds seeds (`round over when every seed on the board is in
    /// a claimed pit`), looked at after each move.
    AllClaimed,
    /// The pits some player owns now are all empty (`round over when a player's pits are all
    /// empty`), looked at after each move: where pits change owner, the pits they filled.
    PitsEmpty,
}

/// What each player takes when a round is over: `each player takes the seeds of their own
/// pits` or `... of their row`. The same but where pits change owner
/// ([`FillOwner`]): their own pits are then those they own (pits filled by them in the other
/// row, and not those of their row filled by the other player); their row is their row.
/// `each player takes the seeds of their own pits, a shared pit split with the odd seed to
/// player 1`: a pit both players own ([`TopUp`]) is split between them, the odd seed to this
/// (0-based) player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum RoundTake {
    #[default]
    OwnPits,
    Row,
    OwnSplit {
        odd: u8,
    },
    /// `the player to move next takes all the seeds`: every seed, hands and pits, goes to the
    /// player who moves next.
    AllToNext,
    /// `player 2 takes every seed on the board`: the seeds left in the pits go to this
    /// (0-based) player.
    BoardTo(u8),
}

/// Between rounds, a player with no empty pit left in their row fills beyond it: `a player
/// whose row is full fills any empty pit` (anywhere on the board), or `a player whose row is
/// full fills on into the other row` (the other row's pits, in the order of the fill: its
/// leftmost empty pit, counted from its owner's left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FillBeyond {
    AnyEmpty,
    OtherRow,
    /// `a player whose pits are all full fills on into the other player's pits`: the same as
    /// [`FillBeyond::OtherRow`], in words for any board (on 3 rows, a row and a half each).
    OtherPits,
}

/// `a player goes on filling while they hold 10 or more seeds`: a player who held this many
/// before a fill fills the next pit too (else the fill passes to the other player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FillOn(pub Number);

/// `a player left with 3 or more seeds puts them into the next empty pit, and the other
/// player tops it up`: after a fill that leaves its filler this many seeds or more, but too
/// few for a pit (and not going on), the filler puts them all into the next pit they would
/// fill, and the other player puts in the rest of a fill from their hand; both filled it, and
/// with [`FillOwner`] both own it. With `true` (`... and borrows the rest from the other
/// player`), the pit is the filler's alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopUp(pub Number, pub bool);

/// `when both players hold fewer seeds than a fill, they put them all into the next empty pit,
/// which belongs to the player who put in more, player 2 on a tie`: the last pit of the fills,
/// both players' seeds, owned by the player who put in more; on a tie, by this player (as
/// written, 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool(pub TieLine);

/// `a pit both players filled belongs to the player who put in more, drawn at random on a
/// tie`: a pit topped up ([`TopUp`]) is the pit of the player who put more seeds into it; on a
/// tie, of the player written or of one drawn at random.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BothFilled(pub TieLine);

/// Who wins a tie, as written: `player 2 on a tie` (the number as written, 1-based), or
/// `drawn at random on a tie`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TieLine {
    Player(Number),
    Drawn,
}

/// Who has a pit both players put as many seeds into: a player (0-based), or one drawn at
/// random from the game's stream of chance ([`crate::engine::State::seed_chance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tie {
    Player(u8),
    Drawn,
}

impl Tie {
    /// The words of a line that end with the tie: `player 2 on a tie`.
    pub fn words(self) -> String {
        match self {
            Tie::Player(p) => format!("player {} on a tie", p + 1),
            Tie::Drawn => "drawn at random on a tie".to_string(),
        }
    }

    /// The tie in `describe`'s prose: `player 2 on a tie`, `one of the two drawn at random on
    /// a tie`.
    pub fn prose(self) -> String {
        match self {
            Tie::Player(p) => format!("player {} on a tie", p + 1),
            Tie::Drawn => "on a tie, one of the two drawn at random".to_string(),
        }
    }
}

/// `a player holding fewer seeds than a fill fills with all they hold`: between rounds, a
/// player whose hand holds 1 seed or more but fewer than a fill fills their next pit (as any
/// fill, a move of its own) with all they hold. With a number (`a player holding 3 or more
/// seeds, fewer than a fill, fills with all they hold`), only a hand of that many or more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortFill(pub Option<Number>);

/// `big stones go back to the end places`: once the pits are filled for the next round,
/// every end place holds its big stone again, and no player holds one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StonesBack;

/// `a pit filled belongs to the player who filled it`: a pit a player fills in the other
/// player's row is theirs for the round (they may play it, the row's owner may not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FillOwner;

/// Which empty pit a player fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FillOrder {
    /// Their leftmost empty pit, counted from their left: no choice.
    Leftmost,
    /// Their rightmost empty pit, and on into the other row from its owner's right.
    Rightmost,
    /// Any of their empty pits: a move of its own.
    Choice,
    /// Any of their pits, empty or not: a move of its own (a set-up from the hands, or the
    /// player with fewer seeds placing them).
    AnyPit,
}

/// Who fills the pits between rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Filler {
    /// Each player in turn, from the player to move.
    InTurns,
    /// The player holding fewer seeds, one seed a move until their hand is empty; on a tie,
    /// this (0-based) player.
    Fewer { tie: u8 },
}

/// `in turns, each player fills their leftmost empty pit with 6 seeds`, as written.
#[derive(Debug, Clone)]
pub struct RefillLine {
    pub order: FillOrder,
    pub seeds: Number,
    /// `the player with fewer seeds puts them one at a time ..., player 2 on a tie`: the
    /// player (as written, 1-based) who places on a tie.
    pub fewer_tie: Option<Number>,
}

/// `the other player copies the arrangement into the opposite pits`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CopyFill;

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
    /// After any ply (and lap), a player without seeds in their pits or hand loses.
    NoSeeds,
    /// At the end of a round, a player whose hand holds this many seeds or fewer loses
    /// (`a player who holds 9 seeds or fewer at the end of a round loses the match`).
    HeldAtMost(u16),
    /// `the first player to reach 60 points wins the match`: looked at when a round is over.
    Points(u16),
    /// `a player who owns 2 pits or fewer loses the match` (0: `owns no pit`): looked at once
    /// the pits are filled, counting the pits in play a player may start a move from.
    OwnsAtMost(u8),
}

/// `the player who captured more scores the difference`: rounds scored in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundScore;

/// `each round is set up as the first`: the opening's distribution again, by the player to
/// move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetupAgain;

/// `the players take turns to begin the rounds`: the right to begin alternates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundBegin;

/// `the player with fewer seeds fills first`, and `, player N on a tie` as written.
#[derive(Debug, Clone)]
pub struct FillFirst(pub Option<Number>);

/// Who fills first between rounds, when the players fill in turns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum FirstFiller {
    /// The player to move next.
    #[default]
    Next,
    /// The player whose hand holds fewer seeds; on a tie, this (0-based) player, or the
    /// player to move next.
    Fewer { tie: Option<u8> },
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
    /// Who fills: each in turn, or the player with fewer seeds.
    pub filler: Filler,
    /// `the other player copies the arrangement into the opposite pits`.
    pub copy: bool,
    /// Pits that change owner between rounds: what each player takes, whether a player whose
    /// row is full fills beyond it, whether a pit filled is its filler's.
    pub owners: Owners,
    /// `a player goes on filling while they hold N or more seeds`: N (0: the fill passes to
    /// the other player after each pit).
    pub fill_on: u16,
    /// `a player left with N or more seeds puts them into the next empty pit, and the other
    /// player tops it up`: N (0: no such rule).
    pub top_up: u8,
    /// `... and borrows the rest from the other player`: the pit topped up is the filler's
    /// alone, not shared.
    pub borrow: bool,
    /// `a player holding fewer seeds than a fill fills with all they hold`: a fill of all
    /// the filler holds, where a full one cannot be made, from a hand of this many seeds or
    /// more (`a player holding 3 or more seeds, ...`; 1 without a number; 0: no such rule).
    pub short: u8,
    /// `when both players hold fewer seeds than a fill, they put them all into the next empty
    /// pit, which belongs to the player who put in more, player N on a tie`: the player (0-based)
    /// who owns that pit on a tie.
    pub pool: Option<Tie>,
    /// `a pit both players filled belongs to the player who put in more, ... on a tie`: who
    /// owns a pit topped up, where not simply the filler (`borrows`) or both.
    pub both_filled: Option<Tie>,
    /// `big stones go back to the end places`.
    pub stones_back: bool,
    /// `the player who captured more scores the difference`: points across the rounds.
    pub points: bool,
    /// `each round is set up as the first`: no fill; the opening's distribution again.
    pub again: bool,
    /// `the players take turns to begin the rounds`.
    pub alternate: bool,
    /// `the player with fewer seeds fills first`.
    pub first: FirstFiller,
}

/// The rules of rounds whose pits may change owner (Motiq); all off in other games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Owners {
    pub take: RoundTake,
    pub beyond: Option<FillBeyond>,
    pub to_filler: bool,
}

impl Rounds {
    /// Whether the rules draw at random (a tie drawn): the game then has a stream of chance.
    pub fn draws(&self) -> bool {
        self.pool == Some(Tie::Drawn) || self.both_filled == Some(Tie::Drawn)
    }

    /// The fewest seeds a player must hold to fill a pit between rounds: a fill, or 1 where a
    /// player short of a fill fills with all they hold.
    pub fn least_fill(&self) -> u16 {
        if self.short > 0 { self.short as u16 } else { self.fill as u16 }
    }

    /// The lines of a `rounds` block that say these rules, in order, as a file writes them:
    /// those every game of rounds has, then those of pits that change owner, if any.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.common();
        lines.extend(self.owner_lines());
        if self.fill_on > 0 {
            lines.push(format!("a player goes on filling while they hold {} or more seeds", self.fill_on));
        }
        if self.top_up > 0 {
            let rest = if self.borrow {
                " and borrows the rest from the other player"
            } else {
                ", and the other player tops it up"
            };
            lines.push(format!(
                "a player left with {} or more {} puts them into the next empty pit{rest}",
                self.top_up,
                if self.top_up == 1 { "seed" } else { "seeds" }
            ));
        }
        match self.short {
            0 => {}
            1 => lines.push("a player holding fewer seeds than a fill fills with all they hold".to_string()),
            n => lines.push(format!(
                "a player holding {n} or more seeds, fewer than a fill, fills with all they hold"
            )),
        }
        if let Some(tie) = self.both_filled {
            lines.push(format!(
                "a pit both players filled belongs to the player who put in more, {}",
                tie.words()
            ));
        }
        if let Some(tie) = self.pool {
            lines.push(format!(
                "when both players hold fewer seeds than a fill, they put them all into the next empty pit, \
                 which belongs to the player who put in more, {}",
                tie.words()
            ));
        }
        if self.stones_back {
            lines.push("big stones go back to the end places".to_string());
        }
        lines
    }

    /// The lines of pits that change owner, where the rules have them.
    fn owner_lines(&self) -> Vec<String> {
        let o = &self.owners;
        let mut lines = Vec::new();
        match o.beyond {
            Some(FillBeyond::AnyEmpty) => {
                lines.push("a player whose row is full fills any empty pit".to_string())
            }
            Some(FillBeyond::OtherRow) => {
                lines.push("a player whose row is full fills on into the other row".to_string())
            }
            Some(FillBeyond::OtherPits) => lines
                .push("a player whose pits are all full fills on into the other player's pits".to_string()),
            None => {}
        }
        if o.to_filler {
            lines.push("a pit filled belongs to the player who filled it".to_string());
        }
        lines
    }

    /// The lines every game of rounds has (and the copy, where the rules have it).
    fn common(&self) -> Vec<String> {
        let lap = if self.over.after_each_lap { ", after each lap" } else { "" };
        let over = match self.over.when {
            RoundEnd::RowEmpty => format!("round over when a row is empty{lap}"),
            RoundEnd::NobodyCanMove => "round over when nobody can move".to_string(),
            RoundEnd::NoneInPlay => format!("round over when no pit in play holds seeds{lap}"),
            RoundEnd::MoverRowEmpty => format!("round over when the player to move has an empty row{lap}"),
            RoundEnd::NoBigStone => "round over when no big stone is on the board".to_string(),
            RoundEnd::BoardEmpty => "round over when the board is empty".to_string(),
            RoundEnd::BoardAtMost(n) => format!(
                "round over when the board holds {n} {} or fewer{lap}",
                if n == 1 { "seed" } else { "seeds" }
            ),
            RoundEnd::AllClaimed => "round over when every seed on the board is in a claimed pit".to_string(),
            RoundEnd::PitsEmpty => "round over when a player's pits are all empty".to_string(),
        };
        if self.again {
            let mut lines = vec![over];
            if self.points {
                lines.push("the player who captured more scores the difference".to_string());
            }
            lines.extend([self.take_line(), "each round is set up as the first".to_string()]);
            lines.push(self.match_line());
            return lines;
        }
        let which = match self.order {
            FillOrder::Leftmost => "their leftmost empty pit",
            FillOrder::Choice => "an empty pit of their choice",
            FillOrder::Rightmost => "their rightmost empty pit",
            FillOrder::AnyPit => "a pit of their choice",
        };
        let seeds = if self.fill == 1 { "seed" } else { "seeds" };
        let fill = match self.filler {
            Filler::InTurns => format!("in turns, each player fills {which} with {} {seeds}", self.fill),
            Filler::Fewer { tie } => format!(
                "the player with fewer seeds puts them one at a time into pits of their choice, player {} on a tie",
                tie + 1
            ),
        };
        let mut lines = vec![over];
        if self.points {
            lines.push("the player who captured more scores the difference".to_string());
        }
        lines.extend([self.take_line(), fill]);
        if self.copy {
            lines.push("the other player copies the arrangement into the opposite pits".to_string());
        }
        lines.extend([match self.unfilled {
            Unfilled::ForRound => "pits not filled are out of play for the round",
            Unfilled::ForGood => "pits not filled are out of play for good",
            Unfilled::InPlay => "pits not filled stay in play",
            Unfilled::Unplayable => "pits not filled are sown into but cannot be played",
        }
        .to_string()]);
        match self.first {
            FirstFiller::Next => {}
            FirstFiller::Fewer { tie: None } => {
                lines.push("the player with fewer seeds fills first".to_string())
            }
            FirstFiller::Fewer { tie: Some(t) } => {
                lines.push(format!("the player with fewer seeds fills first, player {} on a tie", t + 1))
            }
        }
        if self.alternate {
            lines.push("the players take turns to begin the rounds".to_string());
        }
        lines.push(self.match_line());
        lines
    }

    /// The line of what each player takes when a round is over.
    fn take_line(&self) -> String {
        match self.owners.take {
            RoundTake::OwnPits => "each player takes the seeds of their own pits".to_string(),
            RoundTake::Row => "each player takes the seeds of their row".to_string(),
            RoundTake::OwnSplit { odd } => format!(
                "each player takes the seeds of their own pits, a shared pit split with the odd seed to player {}",
                odd + 1
            ),
            RoundTake::AllToNext => "the player to move next takes all the seeds".to_string(),
            RoundTake::BoardTo(p) => format!("player {} takes every seed on the board", p + 1),
        }
    }

    /// The line of the match's end.
    fn match_line(&self) -> String {
        match self.match_end {
            MatchEnd::CannotFill => "a player who cannot fill a pit loses the match".to_string(),
            MatchEnd::NoPitInPlay => "a player left with no pit in play loses the match".to_string(),
            MatchEnd::MoverAllBut(n) => {
                format!(
                    "a mover who has captured all but {n} {} wins the match",
                    if n == 1 { "seed" } else { "seeds" }
                )
            }
            MatchEnd::NoSeeds => "a player left with no seeds loses the match".to_string(),
            MatchEnd::HeldAtMost(n) => format!(
                "a player who holds {n} {} or fewer at the end of a round loses the match",
                if n == 1 { "seed" } else { "seeds" }
            ),
            MatchEnd::OwnsAtMost(0) => "a player who owns no pit loses the match".to_string(),
            MatchEnd::OwnsAtMost(n) => format!(
                "a player who owns {n} {} or fewer loses the match",
                if n == 1 { "pit" } else { "pits" }
            ),
            MatchEnd::Points(n) => format!(
                "the first player to reach {n} {} wins the match",
                if n == 1 { "point" } else { "points" }
            ),
        }
    }
}

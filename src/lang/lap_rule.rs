//! Rules after each lap, written from places named relative to the lap (`when the next pit is
//! occupied: relay from the next pit`): the few ideas under the rules that the fixed lines of
//! the capture block cannot say. The same types serve the syntax tree (counts as written) and
//! the checked [`super::spec::Spec`] (counts checked), through the count type `C`.

use super::syntax::{ChainDirection, Spanned, Where, WrittenCounts};

/// A place named from the lap just sown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// The pit the lap's last seed fell into.
    Last,
    /// The pit after the last, in the direction of sowing.
    Next,
    /// The pit after that.
    AfterNext,
    /// The pit facing the last pit.
    Opposite,
    /// The pit the lap was lifted from.
    Start,
}

impl Place {
    /// `the last pit`, as lines write it.
    pub fn words(self) -> &'static str {
        match self {
            Place::Last => "the last pit",
            Place::Next => "the next pit",
            Place::AfterNext => "the pit after the next",
            Place::Opposite => "the opposite pit",
            Place::Start => "the pit the lap started from",
        }
    }
}

/// What is said of a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Predicate<C> {
    /// `holds 2 or 4` (the last pit: with the last seed).
    Holds(C),
    Empty,
    Occupied,
    /// `is the mover's own` ([`Where::Own`]) or `is an opponent's` ([`Where::Opponents`]).
    Owned(Where),
    /// `is a store` (true) or `is not a store` (false): a store on the circuit
    /// ([`super::phases`]).
    Store(bool),
    /// `is claimed`, `is claimed by the mover`, `is claimed by an opponent`; with `false`,
    /// `is not ...`.
    Claimed(Claimer, bool),
    /// `is the mirror of a claimed pit`: the pit at the same place in the other row, counted
    /// from each owner's left, is claimed; with `false`, `is not ...`.
    Mirror(bool),
    /// `is its owner's rightmost pit`, `... leftmost or rightmost pit` (as the owner faces the
    /// board); with `false`, `is not ...`.
    Seat(Vec<super::phases::SeatPit>, bool),
    /// `is an end place` (true) or `is not an end place` ([`super::stones`]).
    EndPlace(bool),
}

/// Whose claim `is claimed` asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claimer {
    Anyone,
    Mover,
    Opponent,
}

impl<C> Predicate<C> {
    /// Does it speak of claimed pits?
    pub fn of_claims(&self) -> bool {
        matches!(self, Predicate::Claimed(..) | Predicate::Mirror(_))
    }
}

/// One condition of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition<C> {
    At(Place, Predicate<C>),
    /// `the board holds 8 or fewer seeds`: the seeds left on the board.
    Board(C),
    /// `the mover has a claimed pit` (`true`) or `the mover has no claimed pit` (`false`).
    MoverClaims(bool),
    /// `the lap lifted 10 or more seeds`: the seeds the lap was sown with.
    Lifted(C),
}

/// Who receives what a take takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Receiver {
    /// The player who moved.
    #[default]
    Mover,
    /// The mover's opponent (two players).
    Opponent,
    /// Each pit's owner.
    Owner,
    /// Nobody: the seeds leave the game.
    Nobody,
}

impl Receiver {
    /// ` for the opponent`, as lines write it after a take (nothing for the mover).
    pub fn words(self) -> &'static str {
        match self {
            Receiver::Mover => "",
            Receiver::Opponent => " for the opponent",
            Receiver::Owner => " for its owner",
            Receiver::Nobody => " out of play",
        }
    }
}

/// One thing a line does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect<C> {
    /// `take the last pit and the opposite pit`: the places, in order.
    Take(Vec<Place>, Receiver),
    /// `take every sown pit that holds 4`: the pits this lap sowed into.
    TakeSown(C, Receiver),
    /// `take every seed on the board`.
    TakeBoard(Receiver),
    /// `relay from the next pit`: a new lap from there.
    Relay(Place),
    /// `chain backward while 4`: from the pit taken last, each pit on holding one of the
    /// counts, to the first that does not, and before the pit the lap started from; with
    /// `opposite` (`, each with the opposite pit`), each pit taken with the pit facing it.
    /// With `sown` (`, counted as the sowing left them`), each pit's count is read as the lap's
    /// sowing left it, before this lap's takes.
    Chain { direction: ChainDirection, counts: C, pits: Where, opposite: bool, sown: bool },
    /// `chain forward over the opposite pits while 1 or 3`: from the lap's last pit, each pit
    /// after it (or before it) in turn, the pit facing it taken while it holds one of the counts.
    ChainOpposite { direction: ChainDirection, counts: C },
    /// `again from the pit taken, at most 3 times`: the same line, its places named from the
    /// pit it took last, while its conditions hold.
    Again(u8),
    /// `claim the last pit and the opposite pit`: the places become the mover's claimed pits.
    Claim(Vec<Place>),
    /// `move 1 seed from the opposite pit into the last pit`: at most that many seeds (those
    /// the pit holds).
    Move { seeds: u8, from: Place, to: Place },
    /// `end the move`: nothing more (no relay, no capture by the lines below).
    End,
}

/// A line: `when ...: ...` (the first that holds, after each lap) or `after each lap: ...`
/// (every one that holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LapRule<C> {
    /// `after each lap`: applied whenever its conditions hold, before the `when` lines.
    pub every_lap: bool,
    pub conditions: Vec<Condition<C>>,
    pub effects: Vec<Effect<C>>,
}

/// A line as written: counts as numbers, with spans.
pub type LapRuleLine = LapRule<WrittenCounts>;
/// The lines of one layer, in order, each with its span.
pub type LapRuleLines = Vec<Spanned<LapRuleLine>>;

impl<C> LapRule<C> {
    /// The same line with its counts turned by `f` (checked), which is also told the fewest
    /// seeds the place counted can hold: 1 for the last pit (it holds the last seed), a pit
    /// sown or chained; 0 for any other place and the board.
    pub fn try_map<D, E>(&self, mut f: impl FnMut(&C, u8) -> Result<D, E>) -> Result<LapRule<D>, E> {
        let conditions = self
            .conditions
            .iter()
            .map(|c| {
                Ok(match c {
                    Condition::At(p, Predicate::Holds(n)) => {
                        Condition::At(*p, Predicate::Holds(f(n, u8::from(*p == Place::Last))?))
                    }
                    Condition::At(p, Predicate::Empty) => Condition::At(*p, Predicate::Empty),
                    Condition::At(p, Predicate::Occupied) => Condition::At(*p, Predicate::Occupied),
                    Condition::At(p, Predicate::Owned(w)) => Condition::At(*p, Predicate::Owned(*w)),
                    Condition::At(p, Predicate::Store(b)) => Condition::At(*p, Predicate::Store(*b)),
                    Condition::At(p, Predicate::Claimed(c, yes)) => {
                        Condition::At(*p, Predicate::Claimed(*c, *yes))
                    }
                    Condition::At(p, Predicate::Mirror(yes)) => Condition::At(*p, Predicate::Mirror(*yes)),
                    Condition::At(p, Predicate::Seat(pits, yes)) => {
                        Condition::At(*p, Predicate::Seat(pits.clone(), *yes))
                    }
                    Condition::At(p, Predicate::EndPlace(yes)) => {
                        Condition::At(*p, Predicate::EndPlace(*yes))
                    }
                    // Counted from 0, so that a 0 is reported as a lap's (checked with the
                    // rules of end places).
                    Condition::Lifted(n) => Condition::Lifted(f(n, 0)?),
                    Condition::Board(n) => Condition::Board(f(n, 0)?),
                    Condition::MoverClaims(yes) => Condition::MoverClaims(*yes),
                })
            })
            .collect::<Result<_, E>>()?;
        let effects = self
            .effects
            .iter()
            .map(|e| {
                Ok(match e {
                    Effect::Take(places, to) => Effect::Take(places.clone(), *to),
                    Effect::TakeSown(n, to) => Effect::TakeSown(f(n, 1)?, *to),
                    Effect::TakeBoard(to) => Effect::TakeBoard(*to),
                    Effect::Relay(p) => Effect::Relay(*p),
                    Effect::Chain { direction, counts, pits, opposite, sown } => Effect::Chain {
                        direction: *direction,
                        counts: f(counts, 1)?,
                        pits: *pits,
                        opposite: *opposite,
                        sown: *sown,
                    },
                    Effect::ChainOpposite { direction, counts } => {
                        Effect::ChainOpposite { direction: *direction, counts: f(counts, 1)? }
                    }
                    Effect::Again(n) => Effect::Again(*n),
                    Effect::Claim(places) => Effect::Claim(places.clone()),
                    Effect::Move { seeds, from, to } => Effect::Move { seeds: *seeds, from: *from, to: *to },
                    Effect::End => Effect::End,
                })
            })
            .collect::<Result<_, E>>()?;
        Ok(LapRule { every_lap: self.every_lap, conditions, effects })
    }

    /// Does the line take anything?
    pub fn takes(&self) -> bool {
        self.effects
            .iter()
            .any(|e| matches!(e, Effect::Take(..) | Effect::TakeSown(..) | Effect::TakeBoard(_)))
    }

    /// Does the line claim a pit?
    pub fn claims(&self) -> bool {
        self.effects.iter().any(|e| matches!(e, Effect::Claim(_)))
    }

    /// Does the line ask about claimed pits?
    pub fn asks_of_claims(&self) -> bool {
        self.conditions.iter().any(|c| match c {
            Condition::At(_, p) => p.of_claims(),
            Condition::MoverClaims(_) => true,
            Condition::Board(_) | Condition::Lifted(_) => false,
        })
    }

    /// The receivers of its takes.
    pub fn receivers(&self) -> impl Iterator<Item = Receiver> + '_ {
        self.effects.iter().filter_map(|e| match e {
            Effect::Take(_, to) | Effect::TakeSown(_, to) | Effect::TakeBoard(to) => Some(*to),
            _ => None,
        })
    }
}

//! Rules after each lap, written from places named relative to the lap (`when the next pit is
//! occupied: relay from the next pit`): the few ideas under the rules that the fixed lines of
//! the capture block cannot say. The same types serve the syntax tree (counts as written) and
//! the checked [`super::spec::Spec`] (counts checked), through the count type `C`.

use super::syntax::{ChainDirection, EndOutcome, Spanned, Where, WrittenCounts};

/// A pit named from the lap just sown: a pit of the lap, or a pit of its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    pub base: Base,
    pub column: Column,
}

/// A pit named from the lap itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
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

/// Which pit of the base's column a place is ([`super::geometry`]): on boards of 4 rows a
/// player's two pits of a column lie one behind the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// The base itself.
    Same,
    /// `the pit behind PLACE`: the other pit of its owner in its column.
    Behind,
    /// `the pit in front of PLACE`: the next pit of its column towards the middle.
    InFront,
}

impl Place {
    pub const LAST: Place = Place::of(Base::Last);
    pub const NEXT: Place = Place::of(Base::Next);
    pub const AFTER_NEXT: Place = Place::of(Base::AfterNext);
    pub const OPPOSITE: Place = Place::of(Base::Opposite);
    pub const START: Place = Place::of(Base::Start);

    pub const fn of(base: Base) -> Place {
        Place { base, column: Column::Same }
    }

    /// `the last pit`, `the pit behind the opposite pit`, as lines write it.
    pub fn words(self) -> String {
        let base = match self.base {
            Base::Last => "the last pit",
            Base::Next => "the next pit",
            Base::AfterNext => "the pit after the next",
            Base::Opposite => "the opposite pit",
            Base::Start => "the pit the lap started from",
        };
        match self.column {
            Column::Same => base.to_string(),
            Column::Behind => format!("the pit behind {base}"),
            Column::InFront => format!("the pit in front of {base}"),
        }
    }

    /// One byte for the fingerprint: a place of the lap keeps the byte it always had.
    pub fn code(self) -> u8 {
        self.base as u8 | (self.column as u8) << 4
    }

    /// Does it name a pit of a column (on boards of 4 rows)?
    pub fn in_column(self) -> bool {
        self.column != Column::Same
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
    /// board); on 4 rows, of a row: `is the 5th pit of its owner's inner row`; with `false`,
    /// `is not ...`.
    Seat(Vec<super::phases::SeatPit>, Option<crate::lang::geometry::Side>, bool),
    /// `is an end place` (true) or `is not an end place` ([`super::stones`]).
    EndPlace(bool),
    /// `is in the mover's row` ([`Where::Own`]), `is in an opponent's row`
    /// ([`Where::Opponents`]): the rows each player owns at the start, whoever owns a pit of
    /// them now; on boards of 4 rows with a side (`is in the mover's inner row`, `is in an
    /// inner row`: [`Where::Any`]); with `false`, `is not in ...`.
    InRow(Where, Option<super::geometry::Side>, bool),
    /// `has been played from` (true) or `has not been played from`: a move of any player has
    /// been played from the pit earlier in the game, or in a game of rounds earlier in the
    /// round (the move being played counts once it is over). The second flag is `this round`,
    /// as written after it (a game of rounds only).
    Played(bool, bool),
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

    /// The same predicate with its counts turned by `f`, told the fewest seeds the place can
    /// hold (see [`LapRule::try_map`]).
    pub fn try_map<D, E>(
        &self,
        lowest: u8,
        f: &mut impl FnMut(&C, u8) -> Result<D, E>,
    ) -> Result<Predicate<D>, E> {
        Ok(match self {
            Predicate::Holds(n) => Predicate::Holds(f(n, lowest)?),
            Predicate::Empty => Predicate::Empty,
            Predicate::Occupied => Predicate::Occupied,
            Predicate::Owned(w) => Predicate::Owned(*w),
            Predicate::Store(b) => Predicate::Store(*b),
            Predicate::Claimed(c, yes) => Predicate::Claimed(*c, *yes),
            Predicate::Mirror(yes) => Predicate::Mirror(*yes),
            Predicate::Seat(pits, row, yes) => Predicate::Seat(pits.clone(), *row, *yes),
            Predicate::EndPlace(yes) => Predicate::EndPlace(*yes),
            Predicate::InRow(w, side, yes) => Predicate::InRow(*w, *side, *yes),
            Predicate::Played(yes, round) => Predicate::Played(*yes, *round),
        })
    }
}

/// One condition of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition<C> {
    At(Place, Predicate<C>),
    /// A total in a count: `the board holds 8 or fewer seeds` (the seeds left on the board),
    /// `the mover has captured 0 seeds` (the seeds in their store).
    Total(Total, C),
    /// `the mover has a claimed pit` (`true`) or `the mover has no claimed pit` (`false`).
    MoverClaims(bool),
    /// `the lap lifted 10 or more seeds`: the seeds the lap was sown with.
    Lifted(C),
    /// `the opponent's inner row is empty` ([`Where::Opponents`], or the mover's: [`Where::Own`]);
    /// with `false`, `is not empty`. Boards of 4 rows.
    RowEmpty(Where, super::geometry::Side, bool),
    /// `every pit of the opponent's is empty`, `no pit holds 2 or more`: the predicate of each
    /// pit of a set ([`Quantifier::Every`]: all of them, and a set without pits; or
    /// [`Quantifier::No`]: none of them).
    Each(Quantifier, Pits, Predicate<C>),
}

impl<C> Condition<C> {
    /// What it says of a place, or of each pit of a set.
    pub fn predicate(&self) -> Option<&Predicate<C>> {
        match self {
            Condition::At(_, p) | Condition::Each(_, _, p) => Some(p),
            _ => None,
        }
    }
}

/// How many pits of a set a condition asks about ([`Condition::Each`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantifier {
    /// `every pit ...`: all of them.
    Every,
    /// `no pit ...`: none of them.
    No,
}

impl Quantifier {
    pub fn word(self) -> &'static str {
        match self {
            Quantifier::Every => "every",
            Quantifier::No => "no",
        }
    }
}

/// A total a condition counts (issue 37's core: a condition on a total, with every comparison
/// of [`super::counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Total {
    /// The seeds left on the board (stores on the circuit included).
    Board,
    /// The seeds a player has captured so far, in their store: the mover's ([`Where::Own`]) or
    /// the opponent's ([`Where::Opponents`], two players).
    Captured(Where),
}

impl Total {
    /// `the board holds`, `the mover has captured`, as lines write it before the counts.
    pub fn words(self) -> &'static str {
        match self {
            Total::Board => "the board holds",
            Total::Captured(Where::Own) => "the mover has captured",
            Total::Captured(_) => "the opponent has captured",
        }
    }
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
    /// The move itself: the line sows the seeds on (`sow them from the last pit`). Never
    /// written: `compile` gives it to the takes of such a line.
    Sown,
}

impl Receiver {
    /// ` for the opponent`, as lines write it after a take (nothing for the mover).
    pub fn words(self) -> &'static str {
        match self {
            Receiver::Mover => "",
            Receiver::Opponent => " for the opponent",
            Receiver::Owner => " for its owner",
            Receiver::Nobody => " out of play",
            Receiver::Sown => "",
        }
    }
}

/// A set of pits named from the lap or the board: what `take every ...` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pits {
    /// `every sown pit`: the pits this lap sowed into, in sowing order.
    Sown,
    /// `every sown pit but the last`: the same, the pit the lap's last seed fell into aside.
    SownButLast,
    /// `every pit` (`every seed on the board`): the board's pits, in their order.
    Board,
    /// `every pit of the mover's` ([`Where::Own`]) or `of the opponent's`
    /// ([`Where::Opponents`]): the pits the player owns now.
    Owned(Where),
    /// `every pit beside the last pit`: the pits next to the place in its row (one at a row's
    /// end), each on its own test.
    Beside(Place),
}

impl Pits {
    /// Is it a set of pits the lap sowed into (each holds at least the seed sown)?
    pub fn sown(self) -> bool {
        matches!(self, Pits::Sown | Pits::SownButLast)
    }
}

/// One thing a line does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect<C> {
    /// `take the last pit and the opposite pit`: the places, in order.
    Take(Vec<Place>, Receiver),
    /// `take every sown pit that holds 4`, `take every pit of the opponent's that holds 4`,
    /// `take every pit beside the last pit that holds 2 or 3`, `take every seed on the board`:
    /// every pit of a set, or those of it that hold one of the counts.
    TakeEvery { pits: Pits, holding: Option<C>, to: Receiver },
    /// `take an occupied pit of the opponent's, chosen by the mover`: a choice within the
    /// move, which pauses for it; with `true` (`, which the mover may decline`), the mover may
    /// take none.
    TakeChosen(Receiver, bool),
    /// `relay from the next pit`: a new lap from there.
    Relay(Place),
    /// `..., or, as the mover chooses, EFFECTS` after a relay: what the mover may do instead
    /// of it (the move pauses at the relay; these effects end the move).
    Instead(Vec<Effect<C>>),
    /// `chain backward while 4`: from the pit taken last, each pit on holding one of the
    /// counts, to the first that does not, and before the pit the lap started from; with
    /// `opposite` (`, each with the opposite pit`), each pit taken with the pit facing it.
    /// With `sown` (`, counted as the sowing left them`), each pit's count is read as the lap's
    /// sowing left it, before this lap's takes. The reach: `empty` (`while 2 or empty`), an
    /// empty pit goes on the chain too; `most` (`, at most 6 pits`), the chain takes that many
    /// pits at most; `through` (`, through the pit the lap started from`), it does not stop
    /// before that pit.
    Chain { direction: ChainDirection, counts: C, pits: Where, opposite: bool, sown: bool, reach: ChainReach },
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
    /// `take 2 seeds from the last pit`: at most that many seeds of the place (those it
    /// holds), for the receiver.
    TakeSeeds { seeds: u8, from: Place, to: Receiver },
    /// `end the move`: nothing more (no relay, no capture by the lines below).
    End,
    /// `sow them from the last pit`: the seeds the line took are put into the place and sown
    /// on from it, as a new lap of the move: with all the pit holds, or (`sow only them`) with
    /// the seeds taken alone, the pit's own seeds staying (`, with its own seeds when it holds
    /// 1`: all the same when it held those counts).
    SowTaken(Place, SownSeeds<C>),
    /// `sow them from the end of the mover's inner row ...`: the seeds the line took are put
    /// into an end pit of the mover's inner row, named by the last pit's column, and sown on
    /// from it along that row (boards of 4 rows).
    SowEnd(EndRule),
}

/// How far a chain of the rules after each lap goes ([`Effect::Chain`]): by default (all
/// false, no limit) it goes on over pits that hold one of its counts, and stops before the pit
/// the lap started from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ChainReach {
    /// `or empty`: an empty pit goes on the chain (it takes nothing).
    pub empty: bool,
    /// `, at most N pits`: no more than that many pits after the one taken first.
    pub most: Option<u8>,
    /// `, through the pit the lap started from`: that pit is on the chain as any other.
    pub through: bool,
}

/// Which seeds `sow them from PLACE` sows from the place ([`Effect::SowTaken`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SownSeeds<C> {
    /// `sow them`: all the place holds, its own seeds with them.
    All,
    /// `sow only them`: the seeds taken; the place's own seeds stay.
    Taken,
    /// `sow only them ..., with its own seeds when it holds COUNTS`.
    TakenOrAll(C),
}

/// Which end of the mover's inner row `sow them from the end ...` sows from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndRule {
    /// The sides are those of this player's seat, as written (`at their right when the last
    /// pit is at player 1's right`: 1), or, with `None`, the mover's (`nearer the last pit`).
    pub seat: Option<u8>,
    /// The pits at each end whose column names that end (`among the 2 pits at either end`);
    /// between them, the mover chooses.
    pub edge: u8,
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
                    Condition::At(p, pred) => {
                        Condition::At(*p, pred.try_map(u8::from(*p == Place::LAST), &mut f)?)
                    }
                    // A sown pit holds at least the seed sown into it.
                    Condition::Each(q, pits, pred) => {
                        Condition::Each(*q, *pits, pred.try_map(u8::from(pits.sown()), &mut f)?)
                    }
                    // Counted from 0, so that a 0 is reported as a lap's (checked with the
                    // rules of end places).
                    Condition::Lifted(n) => Condition::Lifted(f(n, 0)?),
                    Condition::Total(what, n) => Condition::Total(*what, f(n, 0)?),
                    Condition::RowEmpty(w, side, yes) => Condition::RowEmpty(*w, *side, *yes),
                    Condition::MoverClaims(yes) => Condition::MoverClaims(*yes),
                })
            })
            .collect::<Result<_, E>>()?;
        let effects = self.effects.iter().map(|e| Self::map_effect(e, &mut f)).collect::<Result<_, E>>()?;
        Ok(LapRule { every_lap: self.every_lap, conditions, effects })
    }

    /// An effect with its counts turned by `f` (see [`LapRule::try_map`]).
    fn map_effect<D, E>(e: &Effect<C>, f: &mut impl FnMut(&C, u8) -> Result<D, E>) -> Result<Effect<D>, E> {
        Ok(match e {
            Effect::Take(places, to) => Effect::Take(places.clone(), *to),
            // A sown pit holds at least the seed sown into it.
            Effect::TakeEvery { pits, holding, to } => Effect::TakeEvery {
                pits: *pits,
                holding: holding.as_ref().map(|n| f(n, u8::from(pits.sown()))).transpose()?,
                to: *to,
            },
            Effect::TakeChosen(to, declined) => Effect::TakeChosen(*to, *declined),
            Effect::Relay(p) => Effect::Relay(*p),
            Effect::Instead(effects) => {
                Effect::Instead(effects.iter().map(|e| Self::map_effect(e, f)).collect::<Result<_, E>>()?)
            }
            Effect::Chain { direction, counts, pits, opposite, sown, reach } => Effect::Chain {
                direction: *direction,
                counts: f(counts, 1)?,
                pits: *pits,
                opposite: *opposite,
                sown: *sown,
                reach: *reach,
            },
            Effect::ChainOpposite { direction, counts } => {
                Effect::ChainOpposite { direction: *direction, counts: f(counts, 1)? }
            }
            Effect::Again(n) => Effect::Again(*n),
            Effect::Claim(places) => Effect::Claim(places.clone()),
            Effect::Move { seeds, from, to } => Effect::Move { seeds: *seeds, from: *from, to: *to },
            Effect::TakeSeeds { seeds, from, to } => {
                Effect::TakeSeeds { seeds: *seeds, from: *from, to: *to }
            }
            Effect::End => Effect::End,
            Effect::SowTaken(p, what) => Effect::SowTaken(
                *p,
                match what {
                    SownSeeds::All => SownSeeds::All,
                    SownSeeds::Taken => SownSeeds::Taken,
                    // The place may hold nothing of its own.
                    SownSeeds::TakenOrAll(c) => SownSeeds::TakenOrAll(f(c, 0)?),
                },
            ),
            Effect::SowEnd(e) => Effect::SowEnd(*e),
        })
    }

    /// Does the line take anything (the effects the mover may choose instead of a relay too)?
    pub fn takes(&self) -> bool {
        fn takes<C>(e: &Effect<C>) -> bool {
            match e {
                Effect::Instead(effects) => effects.iter().any(takes),
                e => matches!(
                    e,
                    Effect::Take(..)
                        | Effect::TakeEvery { .. }
                        | Effect::TakeChosen(..)
                        | Effect::TakeSeeds { .. }
                ),
            }
        }
        self.effects.iter().any(takes)
    }

    /// The effects the mover may choose instead of the line's relay, if any.
    pub fn instead(&self) -> Option<&[Effect<C>]> {
        self.effects.iter().find_map(|e| match e {
            Effect::Instead(effects) => Some(effects.as_slice()),
            _ => None,
        })
    }

    /// Every place the line names, conditions first.
    pub fn places(&self) -> impl Iterator<Item = Place> + '_ {
        let named = self.conditions.iter().filter_map(|c| match c {
            Condition::At(p, _) | Condition::Each(_, Pits::Beside(p), _) => Some(*p),
            _ => None,
        });
        let instead = self.instead().unwrap_or_default();
        let acted = self.effects.iter().chain(instead).flat_map(|e| match e {
            Effect::Take(places, _) | Effect::Claim(places) => places.clone(),
            Effect::Relay(p)
            | Effect::SowTaken(p, _)
            | Effect::TakeSeeds { from: p, .. }
            | Effect::TakeEvery { pits: Pits::Beside(p), .. } => vec![*p],
            Effect::Move { from, to, .. } => vec![*from, *to],
            _ => Vec::new(),
        });
        named.chain(acted)
    }

    /// Does the line ask the mover to choose (the move pauses)?
    pub fn chooses(&self) -> bool {
        self.effects
            .iter()
            .any(|e| matches!(e, Effect::TakeChosen(..) | Effect::SowEnd(_) | Effect::Instead(_)))
    }

    /// Does the line sow the seeds it took (from a place, or from an end of a row)?
    pub fn sows_taken(&self) -> bool {
        self.effects.iter().any(|e| matches!(e, Effect::SowTaken(..) | Effect::SowEnd(_)))
    }

    /// Where the line sows the seeds it took from an end of the mover's inner row, if it does.
    pub fn sows_from_end(&self) -> Option<EndRule> {
        self.effects.iter().find_map(|e| match e {
            Effect::SowEnd(r) => Some(*r),
            _ => None,
        })
    }

    /// Does the line claim a pit?
    pub fn claims(&self) -> bool {
        let instead = self.instead().unwrap_or_default();
        self.effects.iter().chain(instead).any(|e| matches!(e, Effect::Claim(_)))
    }

    /// Does the line ask about claimed pits?
    pub fn asks_of_claims(&self) -> bool {
        self.conditions.iter().any(|c| match c {
            Condition::At(_, p) | Condition::Each(_, _, p) => p.of_claims(),
            Condition::MoverClaims(_) => true,
            Condition::Total(..) | Condition::Lifted(_) | Condition::RowEmpty(..) => false,
        })
    }

    /// Does the line ask whether a pit has been played from?
    pub fn asks_of_played(&self) -> bool {
        self.conditions.iter().any(|c| matches!(c.predicate(), Some(Predicate::Played(..))))
    }

    /// Does the line count the seeds a player has captured?
    pub fn reads_captures(&self) -> bool {
        self.conditions.iter().any(|c| matches!(c, Condition::Total(Total::Captured(_), _)))
    }

    /// The receivers of its takes.
    pub fn receivers(&self) -> impl Iterator<Item = Receiver> + '_ {
        let instead = self.instead().unwrap_or_default();
        self.effects.iter().chain(instead).filter_map(|e| match e {
            Effect::Take(_, to)
            | Effect::TakeEvery { to, .. }
            | Effect::TakeChosen(to, _)
            | Effect::TakeSeeds { to, .. } => Some(*to),
            _ => None,
        })
    }
}

/// `game over when every pit holds 1 or fewer seeds`: an ending written as conditions on the
/// board (no place of a lap), looked at after each move, or with `after_lap` (`, after each
/// lap`) after each lap too: a lap after which it holds ends the move (no relay) and the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd<C, O> {
    pub conditions: Vec<Condition<C>>,
    pub after_lap: bool,
    /// What decides the game it ends (`None`: the scores).
    pub outcome: Option<O>,
}

/// An ending as written: counts as numbers, the outcome with its span.
pub type GameEndLine = GameEnd<WrittenCounts, Spanned<EndOutcome>>;
/// The endings of one layer, in order, each with its span.
pub type GameEndLines = Vec<Spanned<GameEndLine>>;

//! The general tier of the move ([`GENERAL`]): rules after each lap named from places relative
//! to the lap (the last pit, the next pit, the opposite pit, the pits sown), each a list of
//! conditions and effects, compiled into [`LapTable`]s and read by one loop. Only variants that
//! have such rules come here: the other tiers never test for them.

use crate::lang::lap_rule::{
    Base, Claimer, Column, Condition, Effect, GameEnd, LapRule, Pits, Place, Predicate, Quantifier, Receiver,
    Total,
};
use crate::lang::phases::KeepWay;
use crate::lang::spec::{ChainDirection, ClaimSeeds, CountSet, MAX_LAPS, MAX_PITS, MAX_PLAYERS, Spec, Where};
use crate::lang::syntax::EndOutcome;

use super::compile::{Counts, GENERAL, RICH, Rules, Tables, pit_mask};
use super::moves::{IllegalMove, Move, MoveDirection, MoveSummary, Observer};
use super::state::{EndReason, State};
use super::step::RelayGo;

/// A condition, compiled: a place's count in a set, a place among a mover's pits, or the
/// seeds on the board in a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Test {
    Count(Place, Counts),
    /// The pits the place must be among, for each mover.
    Among(Place, [u64; MAX_PLAYERS]),
    Board(Counts),
    /// The seeds the mover (`false`) or their opponent (`true`) has captured, in their store.
    Captured(bool, Counts),
    /// The place is claimed (by anyone, the mover, the opponent); with `false`, it is not.
    Claimed(Place, Claimer, bool),
    /// The pit at the same place in the other row is claimed; with `false`, it is not.
    Mirror(Place, bool),
    /// The mover has a claimed pit (`true`) or none.
    MoverClaims(bool),
    /// The seeds the lap was sown with.
    Lifted(Counts),
    /// The pits of a row, for each mover, are all empty (`true`) or not all.
    RowEmpty([u64; MAX_PLAYERS], bool),
    /// Every pit of a set passes the test (`true`), or none does: the test is compiled for
    /// `the last pit` and read with each pit of the set as the last.
    Each(PitSet, Box<Test>, bool),
    /// The place has been played from (`true`) or not, earlier in the game or the round
    /// ([`State::played`]).
    Played(Place, bool),
    /// The pits the place must be among, for each mover, read as compiled: the rows the
    /// players own at the start, whoever owns a pit of them now ([`Test::Among`] reads the
    /// owners of now).
    Rows(Place, [u64; MAX_PLAYERS]),
}

/// A set of pits `take every ...` takes, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PitSet {
    /// The pits this lap sowed into, in sowing order.
    Sown,
    /// The same, the lap's last pit aside.
    SownButLast,
    /// The board's pits.
    Board,
    /// The pits each mover's player (or their opponent) owns, as compiled: read now.
    Owned([u64; MAX_PLAYERS]),
    /// The pits beside the place in its row: for each pit, its neighbours.
    Beside(Place, Vec<u64>),
}

/// An effect, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Act {
    Take(Vec<Place>, Receiver),
    /// Every pit of a set, or those that hold one of the counts (`None`: every one).
    TakeEvery(PitSet, Option<Counts>, Receiver),
    Relay(Place),
    /// From the pit taken last; with the receiver of that take.
    Chain {
        forward: bool,
        counts: Counts,
        pits: [u64; MAX_PLAYERS],
        to: Receiver,
        /// Each pit taken with the pit facing it.
        opposite: bool,
        /// Each pit's count read as the lap's sowing left it.
        sown: bool,
        /// At most this many pits (`u8::MAX`: no limit but the board).
        most: u8,
        /// Over the pit the lap started from as over any other.
        through: bool,
    },
    /// From the lap's last pit on: the pits facing them.
    ChainOpposite {
        forward: bool,
        counts: Counts,
        to: Receiver,
    },
    Again(u8),
    Claim(Vec<Place>),
    Move {
        seeds: u8,
        from: Place,
        to: Place,
    },
    /// At most `seeds` seeds of the place, for the receiver.
    TakeSeeds {
        seeds: u8,
        from: Place,
        to: Receiver,
    },
    /// Nothing more: the move ends.
    End,
    /// The seeds the line took, sown on from the place as a new lap: all it holds (`None`), or
    /// they alone unless it held one of the counts (`Some`; no counts: they alone).
    SowTaken(Place, Option<Counts>),
    /// A pit of the opponent's that holds seeds, chosen by the mover: the move pauses.
    TakeChosen(Receiver, bool),
    /// The seeds the line took, sown on from an end of the mover's inner row named by the
    /// last pit's column from the seat of `seat` (0-based; the mover's with `None`), the
    /// mover's choice outside the `edge` columns at either end.
    SowEnd {
        seat: Option<u8>,
        edge: u8,
    },
}

/// One rule after each lap, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LapTable {
    pub every_lap: bool,
    pub tests: Vec<Test>,
    pub acts: Vec<Act>,
    /// A chain of the line reads the counts the sowing left (`counted as the sowing left
    /// them`): the pits are kept before the line's takes.
    pub as_sown: bool,
    /// The line takes: held back while moves without capture start the game.
    pub takes: bool,
    /// The line sows what it took from an end of the mover's inner row (`Act::SowEnd`).
    pub from_end: bool,
    /// What the mover may do instead of the line's relay (`relay from ... or, as the mover
    /// chooses, ...`): those effects, as a line of their own without conditions.
    pub instead: Option<Box<LapTable>>,
    /// With [`LapTable::instead`], the line's place among the rules after each lap, which a
    /// move paused for that choice keeps ([`super::step`]); `None` without it, read at each
    /// relay as one field.
    pub instead_at: Option<u8>,
}

impl Test {
    /// The test's bytes, for the fingerprint.
    fn bytes(&self, out: &mut Vec<u8>) {
        let place = |p: &Place| p.code();
        let counts =
            |c: &Counts, out: &mut Vec<u8>| out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
        let masks =
            |m: &[u64; MAX_PLAYERS], out: &mut Vec<u8>| out.extend(m.iter().flat_map(|w| w.to_le_bytes()));
        match self {
            Test::Count(p, c) => {
                out.extend([0, place(p)]);
                counts(c, out);
            }
            Test::Among(p, m) => {
                out.extend([1, place(p)]);
                masks(m, out);
            }
            Test::Board(c) => {
                out.push(2);
                counts(c, out);
            }
            Test::Claimed(p, who, yes) => out.extend([3, place(p), *who as u8, *yes as u8]),
            Test::Mirror(p, yes) => out.extend([4, place(p), *yes as u8]),
            Test::MoverClaims(yes) => out.extend([5, *yes as u8]),
            Test::Lifted(c) => {
                out.push(6);
                counts(c, out);
            }
            Test::RowEmpty(m, yes) => {
                out.extend([7, *yes as u8]);
                masks(m, out);
            }
            Test::Captured(opponent, c) => {
                out.extend([8, *opponent as u8]);
                counts(c, out);
            }
            Test::Each(set, test, every) => {
                out.extend([9, *every as u8]);
                set.bytes(out);
                test.bytes(out);
            }
            Test::Played(p, yes) => out.extend([10, place(p), *yes as u8]),
            Test::Rows(p, m) => {
                out.extend([11, place(p)]);
                masks(m, out);
            }
        }
    }
}

impl PitSet {
    /// The set's bytes, for the fingerprint.
    fn bytes(&self, out: &mut Vec<u8>) {
        match self {
            PitSet::Sown => out.push(0),
            PitSet::Board => out.push(1),
            PitSet::Owned(m) => {
                out.push(2);
                out.extend(m.iter().flat_map(|w| w.to_le_bytes()));
            }
            PitSet::Beside(p, _) => out.extend([3, p.code()]),
            PitSet::SownButLast => out.push(4),
        }
    }

    /// The pits of the set now, the lap's `sown` pits for [`PitSet::Sown`] (all the board's
    /// for the other sets: a take of them tests each as it comes).
    #[inline]
    fn pits(&self, t: &Tables, s: &State, m: usize, lap: Lap) -> u64 {
        let all = if t.pits as usize >= 64 { u64::MAX } else { (1u64 << t.pits) - 1 };
        match self {
            PitSet::Sown => lap.sown,
            PitSet::SownButLast => lap.sown & !(1u64 << lap.last.min(63)),
            PitSet::Board => all,
            PitSet::Owned(masks) => t.masks_now(s, masks, m),
            PitSet::Beside(p, beside) => t.place(lap, *p).map_or(0, |q| beside[q]),
        }
    }
}

/// For each player, the pits `w` names from them (`the mover's own`, `an opponent's`): 0 past
/// the players of the variant.
fn player_masks(spec: &Spec, w: Where) -> [u64; MAX_PLAYERS] {
    std::array::from_fn(|m| if m < spec.players as usize { pit_mask(spec, m as u8, w) } else { 0 })
}

impl LapTable {
    pub fn new(spec: &Spec, rule: &LapRule<CountSet>) -> LapTable {
        let tests = rule.conditions.iter().map(|c| Self::test(spec, c)).collect();
        // The takes of a line that sows the seeds on go to the move.
        let sown_on = rule.sows_taken();
        let receiver = |r: Receiver| if sown_on { Receiver::Sown } else { r };
        let mut to = Receiver::Mover;
        // The effects the mover may choose instead of the relay: a line of their own.
        let instead = rule.instead().map(|effects| {
            let alt = LapRule { every_lap: false, conditions: Vec::new(), effects: effects.to_vec() };
            Box::new(LapTable::new(spec, &alt))
        });
        let acts: Vec<Act> = rule
            .effects
            .iter()
            .filter(|e| !matches!(e, Effect::Instead(_)))
            .map(|e| match e {
                Effect::Instead(_) => unreachable!("left out above"),
                Effect::Take(places, r) => {
                    to = receiver(*r);
                    Act::Take(places.clone(), to)
                }
                Effect::TakeEvery { pits, holding, to: r } => Act::TakeEvery(
                    Self::pit_set(spec, pits),
                    holding.as_ref().map(Counts::from_set),
                    receiver(*r),
                ),
                Effect::TakeChosen(r, declined) => Act::TakeChosen(*r, *declined),
                Effect::Relay(p) => Act::Relay(*p),
                Effect::Chain { direction, counts, pits, opposite, sown, reach } => Act::Chain {
                    forward: *direction == ChainDirection::Forward,
                    // An empty pit goes on the chain: a count of 0 among its counts.
                    counts: if reach.empty {
                        Counts::from_set(counts).with(0)
                    } else {
                        Counts::from_set(counts)
                    },
                    pits: player_masks(spec, *pits),
                    to,
                    opposite: *opposite,
                    sown: *sown,
                    most: reach.most.unwrap_or(u8::MAX),
                    through: reach.through,
                },
                Effect::ChainOpposite { direction, counts } => Act::ChainOpposite {
                    forward: *direction == ChainDirection::Forward,
                    counts: Counts::from_set(counts),
                    to,
                },
                Effect::Again(n) => Act::Again(*n),
                Effect::Claim(places) => Act::Claim(places.clone()),
                Effect::Move { seeds, from, to } => Act::Move { seeds: *seeds, from: *from, to: *to },
                Effect::End => Act::End,
                Effect::SowTaken(p, what) => Act::SowTaken(
                    *p,
                    match what {
                        crate::lang::lap_rule::SownSeeds::All => None,
                        crate::lang::lap_rule::SownSeeds::Taken => Some(Counts::default()),
                        crate::lang::lap_rule::SownSeeds::TakenOrAll(c) => Some(Counts::from_set(c)),
                    },
                ),
                Effect::TakeSeeds { seeds, from, to: r } => {
                    Act::TakeSeeds { seeds: *seeds, from: *from, to: receiver(*r) }
                }
                Effect::SowEnd(e) => Act::SowEnd { seat: e.seat.map(|n| n.saturating_sub(1)), edge: e.edge },
            })
            .collect();
        let as_sown = acts.iter().any(|a| matches!(a, Act::Chain { sown: true, .. }));
        let from_end = acts.iter().any(|a| matches!(a, Act::SowEnd { .. }));
        LapTable {
            every_lap: rule.every_lap,
            tests,
            acts,
            as_sown,
            takes: rule.takes(),
            from_end,
            instead,
            instead_at: None,
        }
    }

    /// A condition on one place (or on the board, the lap, a row), compiled.
    pub(crate) fn test(spec: &Spec, c: &Condition<CountSet>) -> Test {
        match c {
            Condition::At(p, Predicate::Holds(n)) => Test::Count(*p, Counts::from_set(n)),
            Condition::At(p, Predicate::Occupied) => {
                Test::Count(*p, Counts::from_list(&(1..=u8::MAX).collect::<Vec<u8>>()))
            }
            Condition::At(p, Predicate::Empty) => Test::Count(*p, Counts::from_list(&[0])),
            Condition::At(p, Predicate::Owned(w)) => Test::Among(*p, player_masks(spec, *w)),
            // Stores on the circuit, the same for every mover.
            Condition::At(p, Predicate::Store(is)) => {
                let stores = super::phase::PhaseTable::new(spec).map_or(0, |t| t.stores);
                let all = if spec.pits() == 64 { u64::MAX } else { (1u64 << spec.pits()) - 1 };
                let pits = if *is { stores } else { all & !stores };
                Test::Among(*p, std::array::from_fn(|m| if m < spec.players as usize { pits } else { 0 }))
            }
            Condition::At(p, Predicate::Claimed(who, yes)) => Test::Claimed(*p, *who, *yes),
            Condition::At(p, Predicate::Mirror(yes)) => Test::Mirror(*p, *yes),
            Condition::At(p, Predicate::Played(yes, _)) => Test::Played(*p, *yes),
            Condition::At(p, Predicate::Seat(seats, row, yes)) => {
                // Those pits of each row, from its owner's seat.
                let named = spec.seat_mask_in(seats, *row);
                let pits = if *yes { named } else { !named & pit_mask(spec, 0, Where::Any) };
                Test::Among(*p, [pits; MAX_PLAYERS])
            }
            Condition::Total(Total::Board, n) => Test::Board(Counts::from_set(n)),
            Condition::Total(Total::Captured(whose), n) => {
                Test::Captured(*whose != Where::Own, Counts::from_set(n))
            }
            Condition::RowEmpty(w, side, yes) => {
                let row = spec.geometry().side_mask(*side);
                Test::RowEmpty(player_masks(spec, *w).map(|m| m & row), *yes)
            }
            Condition::MoverClaims(yes) => Test::MoverClaims(*yes),
            // End places ([`super::stones`]), the same for every mover.
            Condition::At(p, Predicate::EndPlace(is)) => {
                let ends = super::stones::StoneTable::new(spec).map_or(0, |t| t.ends);
                let pits = if *is { ends } else { pit_mask(spec, 0, Where::Any) & !ends };
                Test::Among(*p, [pits; MAX_PLAYERS])
            }
            Condition::Lifted(n) => Test::Lifted(Counts::from_set(n)),
            // A player's rows as the game starts (on a board of 4 rows, one side of them), the
            // mover's, an opponent's or anyone's.
            Condition::At(p, Predicate::InRow(w, side, yes)) => {
                let all = pit_mask(spec, 0, Where::Any);
                let row = side.map_or(all, |side| spec.geometry().side_mask(side));
                let pits = player_masks(spec, *w).map(|m| if *yes { m & row } else { all & !(m & row) });
                Test::Rows(*p, pits)
            }
            Condition::Each(q, pits, p) => Test::Each(
                Self::pit_set(spec, pits),
                Box::new(Self::test(spec, &Condition::At(Place::LAST, p.clone()))),
                *q == Quantifier::Every,
            ),
        }
    }

    /// A set of pits, compiled.
    fn pit_set(spec: &Spec, pits: &Pits) -> PitSet {
        match pits {
            Pits::Sown => PitSet::Sown,
            Pits::SownButLast => PitSet::SownButLast,
            Pits::Board => PitSet::Board,
            Pits::Owned(w) => PitSet::Owned(player_masks(spec, *w)),
            Pits::Beside(p) => {
                let g = spec.geometry();
                PitSet::Beside(*p, (0..spec.pits()).map(|q| g.beside(q)).collect())
            }
        }
    }

    /// Does the line name the next pit or the pit after it (which a lap ending in a store
    /// names too)?
    pub fn names_after_last(&self) -> bool {
        let after = |p: &Place| matches!(p.base, Base::Next | Base::AfterNext);
        self.tests.iter().any(|t| match t {
            Test::Count(p, _)
            | Test::Among(p, _)
            | Test::Claimed(p, ..)
            | Test::Mirror(p, _)
            | Test::Played(p, _)
            | Test::Rows(p, _) => after(p),
            Test::Each(PitSet::Beside(p, _), ..) => after(p),
            _ => false,
        }) || self.acts.iter().any(|a| match a {
            Act::Take(places, _) | Act::Claim(places) => places.iter().any(after),
            Act::Relay(p) | Act::SowTaken(p, _) | Act::TakeSeeds { from: p, .. } => after(p),
            Act::TakeEvery(PitSet::Beside(p, _), ..) => after(p),
            Act::Move { from, to, .. } => after(from) || after(to),
            _ => false,
        })
    }

    /// The table's bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        let place = |p: &Place| p.code();
        let receiver = |r: &Receiver| *r as u8;
        let counts =
            |c: &Counts, out: &mut Vec<u8>| out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
        let masks =
            |m: &[u64; MAX_PLAYERS], out: &mut Vec<u8>| out.extend(m.iter().flat_map(|w| w.to_le_bytes()));
        out.extend([self.every_lap as u8, self.tests.len() as u8, self.acts.len() as u8]);
        for t in &self.tests {
            t.bytes(out);
        }
        for a in &self.acts {
            match a {
                Act::Take(places, r) => {
                    out.extend([0, receiver(r), places.len() as u8]);
                    out.extend(places.iter().map(place));
                }
                // Today's takes of the sown pits and of the board keep their bytes.
                Act::TakeEvery(PitSet::Sown, Some(c), r) => {
                    out.extend([1, receiver(r)]);
                    counts(c, out);
                }
                Act::TakeEvery(PitSet::Board, None, r) => out.extend([2, receiver(r)]),
                Act::TakeEvery(set, c, r) => {
                    out.extend([20, receiver(r)]);
                    set.bytes(out);
                    match c {
                        Some(c) => {
                            out.push(1);
                            counts(c, out);
                        }
                        None => out.push(0),
                    }
                }
                Act::Relay(p) => out.extend([3, place(p)]),
                Act::Chain { forward, counts: c, pits, to, opposite, sown, most, through } => {
                    out.extend([4, *forward as u8, receiver(to)]);
                    counts(c, out);
                    masks(pits, out);
                    // A mark of its own, so that today's chains keep their fingerprints.
                    if *opposite {
                        out.push(8);
                    }
                    if *sown {
                        out.push(9);
                    }
                    if *most != u8::MAX {
                        out.extend([10, *most]);
                    }
                    if *through {
                        out.push(11);
                    }
                }
                Act::Again(n) => out.extend([5, *n]),
                Act::Claim(places) => {
                    out.extend([6, places.len() as u8]);
                    out.extend(places.iter().map(place));
                }
                Act::Move { seeds, from, to } => out.extend([7, *seeds, place(from), place(to)]),
                Act::End => out.push(9),
                Act::ChainOpposite { forward, counts: c, to } => {
                    out.extend([10, *forward as u8, receiver(to)]);
                    counts(c, out);
                }
                Act::SowTaken(p, None) => out.extend([11, place(p)]),
                Act::SowTaken(p, Some(c)) => {
                    out.extend([14, place(p)]);
                    counts(c, out);
                }
                // A take that may be declined: its own code, so that the others keep theirs.
                Act::TakeChosen(r, false) => out.extend([12, receiver(r)]),
                Act::TakeChosen(r, true) => out.extend([16, receiver(r)]),
                Act::SowEnd { seat, edge } => out.extend([15, seat.map_or(u8::MAX, |n| n), *edge]),
                Act::TakeSeeds { seeds, from, to } => out.extend([13, *seeds, place(from), receiver(to)]),
            }
        }
        // Only where there is one, so that the other lines keep their bytes.
        if let Some(alt) = &self.instead {
            out.push(17);
            alt.bytes(out);
        }
    }
}

/// An ending written as conditions, compiled: its conditions read with no lap (they name no
/// place of one), for the player who moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameEndTable {
    pub tests: Vec<Test>,
    /// Looked at after each lap too.
    pub after_lap: bool,
    /// `: the game is a draw`, whatever the scores.
    pub draw: bool,
}

impl GameEndTable {
    pub fn new(spec: &Spec, end: &GameEnd<CountSet, EndOutcome>) -> GameEndTable {
        GameEndTable {
            tests: end.conditions.iter().map(|c| LapTable::test(spec, c)).collect(),
            after_lap: end.after_lap,
            draw: end.outcome == Some(EndOutcome::Draw),
        }
    }

    /// The ending's bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        out.extend([self.after_lap as u8, self.draw as u8, self.tests.len() as u8]);
        for t in &self.tests {
            t.bytes(out);
        }
    }
}

impl Tables {
    /// The first ending written as conditions that holds in `s`, `mover` having moved (with
    /// `lap`, only those looked at after each lap).
    pub(crate) fn game_end(&self, s: &State, mover: usize, lap: bool) -> Option<&GameEndTable> {
        // No lap: its last place is past the pits, so that it names no pit.
        let none = Lap { m: mover, d: 0, start: 0, last: self.pits as usize, lifted: 0, sown: 0 };
        self.game_ends.iter().filter(|e| !lap || e.after_lap).find(|e| self.holds(s, mover, none, &e.tests))
    }
}

/// Where a lap stands, for naming places: its direction, first pit and last place.
#[derive(Clone, Copy)]
struct Lap {
    /// The mover, whose path names the pit after a store.
    m: usize,
    d: usize,
    start: usize,
    last: usize,
    /// The seeds the lap was sown with.
    lifted: u8,
    /// The pits it sowed into.
    sown: u64,
}

impl Tables {
    /// The pit a place names, if it names one (the opposite pit of an outer pit of a board of
    /// 4 rows names none, nor does a pit behind another on a board of 2 rows). After a lap
    /// that ends in a store, the places are named along the mover's path from the store: the
    /// next pit is the pit after it; the store itself, the pit facing it and the pits of its
    /// column are no pit.
    #[inline]
    fn place(&self, lap: Lap, p: Place) -> Option<usize> {
        let n = self.pits as usize;
        if lap.last >= n && p.base != Base::Start {
            return self.place_from_store(lap, p);
        }
        let some = |q: u8| (q != super::compile::NO_PIT).then_some(q as usize);
        let q = match p.base {
            Base::Last => lap.last,
            Base::Next => self.next[lap.d][lap.last] as usize,
            Base::AfterNext => self.next[lap.d][self.next[lap.d][lap.last] as usize] as usize,
            Base::Opposite => some(self.opposite[lap.last])?,
            Base::Start => lap.start,
        };
        match p.column {
            Column::Same => Some(q),
            Column::Behind => some(self.behind[q]),
            // Towards the middle: the pit facing an inner pit, the inner pit before an outer one.
            Column::InFront => some(self.opposite[q]).or_else(|| some(self.behind[q])),
        }
    }

    /// [`Tables::place`] after a lap that ended in a store (`lap.last`, past the pits): the
    /// next pit is the pit after the store on the mover's path in the lap's direction, the
    /// pit after the next the pit after that; no other place is a pit. Out of line: only a
    /// variant that sows into stores and names places from the last seed comes here.
    #[cold]
    #[inline(never)]
    fn place_from_store(&self, lap: Lap, p: Place) -> Option<usize> {
        if p.column != Column::Same || !self.store_sowing {
            return None;
        }
        let path = match &self.path_back {
            Some(back) if lap.d != 0 => &back[lap.m],
            _ => &self.path[lap.m],
        };
        let after = path[lap.last] as usize;
        match p.base {
            Base::Next => Some(after),
            Base::AfterNext => Some(self.next[lap.d][after] as usize),
            _ => None,
        }
    }

    /// The seeds player `p` has captured so far: their count, and their store on the circuit
    /// where they have one (a game has at most 255 seeds: checked).
    #[cold]
    fn captured_by(&self, s: &State, p: usize) -> u8 {
        let stored = self.phase.as_deref().map_or(0, |ph| match ph.store[p] {
            q if q == super::compile::NO_PIT => 0,
            q => s.pits[q as usize] as u16,
        });
        (s.captured[p] + stored).min(u8::MAX as u16) as u8
    }

    fn holds(&self, s: &State, m: usize, lap: Lap, tests: &[Test]) -> bool {
        let claimed = |q: usize, who: Claimer| {
            let by = match who {
                Claimer::Anyone => s.claimed[0] | s.claimed[1],
                Claimer::Mover => s.claimed[m & 1],
                Claimer::Opponent => s.claimed[(m & 1) ^ 1],
            };
            by >> q & 1 != 0
        };
        // A big stone ([`super::stones`]) is one piece more in its place's count.
        tests.iter().all(|t| match t {
            Test::Count(p, c) => {
                self.place(lap, *p).is_some_and(|q| c.contains(s.pits[q] + u8::from(self.big_stone_at(s, q))))
            }
            Test::Lifted(c) => c.contains(lap.lifted),
            Test::Among(p, pits) => {
                self.place(lap, *p).is_some_and(|q| self.masks_now(s, pits, m) >> q & 1 != 0)
            }
            Test::Board(c) => c.contains(s.seeds_on_board() as u8),
            Test::Captured(opponent, c) => c.contains(self.captured_by(s, if *opponent { 1 - m } else { m })),
            Test::RowEmpty(rows, yes) => {
                (super::turn::at_least(&s.pits, self.pits, 1) & self.masks_now(s, rows, m) == 0) == *yes
            }
            Test::Claimed(p, who, yes) => self.place(lap, *p).is_some_and(|q| claimed(q, *who) == *yes),
            Test::Mirror(p, yes) => self.place(lap, *p).is_some_and(|q| {
                // The same place from the other row's owner's left: k pits on or back.
                let k = self.pits as usize / 2;
                claimed(if q < k { q + k } else { q - k }, Claimer::Anyone) == *yes
            }),
            Test::MoverClaims(yes) => (s.claimed[m & 1] != 0) == *yes,
            Test::Played(p, yes) => self.place(lap, *p).is_some_and(|q| (s.played >> q & 1 != 0) == *yes),
            Test::Rows(p, pits) => self.place(lap, *p).is_some_and(|q| pits[m] >> q & 1 != 0),
            Test::Each(set, test, every) => {
                // Every pit passes (`every`), or none does (`no`).
                let mut pits = set.pits(self, s, m, lap);
                loop {
                    if pits == 0 {
                        break true;
                    }
                    let q = pits.trailing_zeros() as usize;
                    pits &= pits - 1;
                    // The pit's test is compiled for the last pit: read with this pit as the last.
                    if self.holds(s, m, Lap { last: q, ..lap }, std::slice::from_ref(test)) != *every {
                        break false;
                    }
                }
            }
        })
    }
}

/// An observer that notes the pits a lap sows into, and passes every step on.
struct Sown<'a, O> {
    obs: &'a mut O,
    pits: u64,
    n: usize,
}

impl<O: Observer> Observer for Sown<'_, O> {
    fn sow(&mut self, pit: usize) {
        // Places past the pits are stores.
        if pit < self.n {
            self.pits |= 1 << pit;
        }
        self.obs.sow(pit);
    }

    fn relay(&mut self, pit: usize, seeds: u8) {
        self.obs.relay(pit, seeds);
    }

    fn capture(&mut self, pit: usize, seeds: u8) {
        self.obs.capture(pit, seeds);
    }

    fn pass(&mut self, player: usize) {
        self.obs.pass(player);
    }

    fn claim(&mut self, pit: usize, player: usize) {
        self.obs.claim(pit, player);
    }

    fn to_claimer(&mut self, pit: usize, seeds: u8, player: usize) {
        self.obs.to_claimer(pit, seeds, player);
    }
}

/// What the rules of one lap did.
#[derive(Default)]
struct Outcome {
    /// The pit to relay from, if a rule relays.
    relay: Option<usize>,
    /// Seeds taken by a line that sows them on (`sow them from ...`), not yet put down.
    held: u16,
    /// With `relay`: the seeds the next lap sows, where not all the pit holds (`sow only
    /// them`).
    relay_seeds: Option<u8>,
    captured: u16,
    captured_pits: u8,
    /// The end of the mover's inner row the seeds taken are sown from (`Act::SowEnd`): set
    /// before the line's takes, chosen by the mover if the move paused for it.
    end: Option<usize>,
    /// The way the relay goes, when the line names it (from an end of a row, away from it).
    way: Option<usize>,
    /// The move paused for the mover's choice of an end ([`super::step`]).
    pause: bool,
    /// With `relay`: the line (its index) whose other effects the mover may choose instead.
    instead: Option<u8>,
}

impl Rules {
    /// Sows `mv` and applies the rules after each lap, then today's relay and capture rules
    /// when no `when` line applied: the whole of a move under [`GENERAL`] rules, without
    /// passing the turn.
    pub(crate) fn sow_and_capture_general<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> MoveSummary {
        self.general_laps(s, mv, obs).0
    }

    /// [`Rules::sow_and_capture_general`], and, in a game of rounds over after each lap, if
    /// the round ended after a lap: whether that lap would have relayed.
    pub(crate) fn general_laps<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> (MoveSummary, Option<bool>) {
        // An opening move or the move once a game ([`super::phase`]).
        if self.t.phase.is_some()
            && let Some(summary) = self.phase_move(s, mv, obs)
        {
            return (summary, None);
        }
        let t = &self.t;
        let m = s.to_move as usize;
        // A move from the hand ([`super::held`]) sows its seeds from the mover's entry pit.
        let hand = mv.hand();
        let d = if hand > 0 { self.way_of(mv, m) } else { self.direction_of(mv) };
        let pit =
            if hand > 0 { t.phase.as_deref().map_or(0, |ph| ph.hand_entry[m] as usize) } else { mv.pit() };
        // A seed put into play from the hand ([`super::phase`]) is the move's one seed.
        let placed = hand == 0 && t.phase.is_some() && self.places(s);
        let lifted = if hand > 0 {
            hand as u8
        } else if placed {
            1
        } else {
            s.pits[pit]
        };
        let summary = MoveSummary::new(mv, lifted, pit);
        // A pit of a single seed whose move ends with its sowing ([`super::legal`]): no rule
        // after it.
        let quiet = hand == 0 && t.legal.is_some() && self.ends_with_sowing(lifted);
        let done = self.laps_from(s, mv, pit, d, 1, MAX_LAPS, None, quiet, summary, obs);
        // The pit played from, remembered once the move's rules have been applied (a move paused
        // for its mover's choice, [`super::step`], is marked at the pause: no variant has both).
        if t.extras.marks_played && hand == 0 && !placed {
            s.played |= 1 << pit;
        }
        done
    }

    /// The laps of a move from lap `first` on, the first from `from` in direction `d`, lap
    /// `limit` its last (it relays no more: its capture is judged): [`Rules::general_laps`]'s
    /// loop, which a move paused at a relay ([`super::step`]) resumes.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn laps_from<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        mut from: usize,
        mut d: usize,
        first: u32,
        limit: u32,
        mut part: Option<u8>,
        quiet: bool,
        mut summary: MoveSummary,
        obs: &mut O,
    ) -> (MoveSummary, Option<bool>) {
        let t = &self.t;
        let m = s.to_move as usize;
        let hand = mv.hand();
        // The first lap sows from the hand: a move from the hand, or a seed put into play.
        let held = first == 1 && (hand > 0 || t.phase.is_some() && self.places(s));
        for laps in first..=limit {
            if laps > 1 {
                // A relay lap that would leave the opponent without seeds is not sown: the mover
                // has no legal lap, and the game is over. A relay resumed after its mover's
                // choice ([`super::step`]) is tried too.
                if t.relay_feeds && self.relay_starves(s, from, d, laps, part, summary) {
                    s.end = Some(EndReason::NoLegalMove);
                    break;
                }
                // The loop's own relays are heard here; a resumed one, by its caller.
                if laps > first {
                    obs.relay(from, part.unwrap_or(s.pits[from]));
                }
            }
            // A move's first lap from the hand sows the seeds held.
            let seeds = part.take();
            let lap = if laps == 1 && held {
                let (last, sown) = self.hand_lap(s, mv, d, obs);
                Lap { m, d, start: from, last, lifted: hand.max(1) as u8, sown }
            } else {
                self.lap_of(s, m, from, d, seeds, obs)
            };
            summary.last = lap.last;
            let mut out = self.after_lap(s, lap, laps >= limit, quiet, &mut summary, obs);
            // A first lap that leaves the opponent without seeds: the move is not allowed.
            if laps == 1 && t.first_lap_feeds {
                summary.starves = self.starved(s, m);
            }
            // Captures go into stores on the circuit before the next lap can sow into them.
            if t.phase.is_some() {
                self.bank(s);
            }
            if t.stones.is_some() {
                self.refill_from_hand(s, true);
            }
            if t.rounds.is_some_and(|r| r.over.after_each_lap)
                && self.round_over_after_lap(s, out.relay.is_some())
            {
                return (summary, Some(out.relay.is_some() && laps < limit));
            }
            // A lap after which an ending looked at after each lap holds relays no more: the
            // move is over, and the game with it.
            if t.end_after_lap
                && out.relay.is_some()
                && (t.game_end(s, m, true).is_some() || t.side_after_lap && self.a_side_is_empty(s))
            {
                out.relay = None;
            }
            // A lap that leaves an inner row empty relays no more: the game is over (the seeds a
            // capture sows on from an end are that lap's, and go on).
            if out.way.is_none()
                && out.relay.is_some()
                && t.phase.as_deref().is_some_and(|ph| ph.inner_loses)
                && self.a_side_is_empty(s)
            {
                out.relay = None;
            }
            match out.relay {
                Some(q) if laps < limit => {
                    part = out.relay_seeds;
                    // The seeds taken, sown on from an end of a row: away from it.
                    if let Some(way) = out.way {
                        d = way;
                    // A relay the mover may replace by other effects ([`super::step`]).
                    } else if let Some(line) = out.instead {
                        self.pause_instead(s, q, d, laps, line, part);
                        return (summary, None);
                    // A relay the mover may choose the way of, or decline ([`super::step`]).
                    } else if t.legal.is_some() && self.relay_rules().is_some() {
                        match self.relay_go(s, m, q, d, laps, part) {
                            RelayGo::Way(way) => d = way,
                            RelayGo::Pause => return (summary, None),
                            RelayGo::End => break,
                        }
                    }
                    from = q;
                }
                _ => {
                    // Paused for the choice of an end: the laps made so far, counted on.
                    if out.pause {
                        s.pending_laps |= laps as u16;
                    }
                    break;
                }
            }
        }
        (summary, None)
    }

    /// Sows one lap from `from` in direction `d`, for mover `m`: of `part` of the pit's seeds
    /// where given (`sow only them`; the others stay, set aside while it is sown), else all.
    #[inline(always)]
    fn lap_of<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        from: usize,
        d: usize,
        part: Option<u8>,
        obs: &mut O,
    ) -> Lap {
        let rest = part.map_or(0, |k| s.pits[from] - k);
        s.pits[from] -= rest;
        let lifted = s.pits[from];
        let (last, sown) = self.sow_tracked(s, from, m, d, obs);
        s.pits[from] += rest;
        Lap { m, d, start: from, last, lifted, sown }
    }

    /// An opening's sowing from `from` in direction `d` (of `part` of its seeds, if given) that
    /// relays from `place`, named from each lap, while it holds seeds, and does nothing else
    /// after a lap: no capture, no other relay.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    pub(crate) fn relay_while<O: Observer>(
        &self,
        s: &mut State,
        mut from: usize,
        d: usize,
        mut part: Option<u8>,
        place: crate::lang::lap_rule::Place,
        mut summary: MoveSummary,
        obs: &mut O,
    ) -> MoveSummary {
        let t = &self.t;
        let m = s.to_move as usize;
        for laps in 1..=MAX_LAPS {
            if laps > 1 {
                obs.relay(from, s.pits[from]);
            }
            let lap = self.lap_of(s, m, from, d, part.take(), obs);
            summary.last = lap.last;
            match t.place(lap, place) {
                Some(q) if laps < MAX_LAPS && q < t.pits as usize && s.pits[q] > 0 => from = q,
                _ => break,
            }
        }
        summary
    }

    /// The rules after a lap, `lap`, in order: the lines looked at after each lap, the first
    /// `when` line that holds, or else the relay and capture lines (none relays after the
    /// move's `last_lap`); adds the lap's captures to `summary`. Returns what the move does
    /// next.
    #[inline(always)]
    fn after_lap<O: Observer>(
        &self,
        s: &mut State,
        lap: Lap,
        last_lap: bool,
        quiet: bool,
        summary: &mut MoveSummary,
        obs: &mut O,
    ) -> Outcome {
        let t = &self.t;
        let n = t.pits as usize;
        let Lap { m, d, last, sown, .. } = lap;
        let mut out = Outcome::default();
        // The first moves of a game capture nothing: a line that takes is passed over.
        let early = s.plies < t.capture_start;
        let live = |r: &LapTable| !(quiet || early && r.takes);
        for rule in t.lap_rules.iter().filter(|r| r.every_lap && live(r)) {
            if t.holds(s, m, lap, &rule.tests) {
                self.act(s, m, lap, sown, rule, &mut out, obs);
            }
        }
        let fired =
            t.lap_rules.iter().filter(|r| !r.every_lap && live(r)).find(|r| t.holds(s, m, lap, &r.tests));
        match fired {
            Some(rule) => self.act(s, m, lap, sown, rule, &mut out, obs),
            // As in the other tiers, the last lap a move may make relays no more: its
            // capture is judged.
            None if t.relay
                && !quiet
                && !last_lap
                && last < n
                && t.masks_now(s, &t.relay_pits, m) >> last & 1 != 0
                && t.relay_counts.contains(s.pits[last]) =>
            {
                out.relay = Some(last);
            }
            None if last < n && s.plies >= t.capture_start && !quiet => {
                let (taken, how) = self.taken_by::<GENERAL>(s, m, last, d);
                if taken != 0 {
                    if self.leaves_opponent_bare(s, m, taken) {
                        summary.grand_slam = true;
                    } else {
                        out.captured_pits += taken.count_ones() as u8;
                        out.captured += self.take(s, m, last, taken, how, obs);
                    }
                }
            }
            None => {}
        }
        if t.extras.claim_seeds == Some(ClaimSeeds::AfterLap) {
            self.harvest(s, obs);
        }
        summary.captured += out.captured;
        summary.captured_pits += out.captured_pits;
        out
    }

    /// The effects line `line` lets the mover choose instead of its relay from `q` (the lap's
    /// last pit, in direction `d`), played once they chose them: its places are named from
    /// that pit.
    #[cold]
    #[inline(never)]
    pub(crate) fn play_instead<O: Observer>(
        &self,
        s: &mut State,
        line: usize,
        q: usize,
        d: usize,
        summary: &mut MoveSummary,
        obs: &mut O,
    ) {
        let Some(rule) = self.t.lap_rules.get(line).and_then(|r| r.instead.as_deref()) else { return };
        let m = s.to_move as usize;
        let lap = Lap { m, d, start: q, last: q, lifted: 0, sown: 0 };
        let mut out = Outcome::default();
        self.act(s, m, lap, 0, rule, &mut out, obs);
        summary.captured += out.captured;
        summary.captured_pits += out.captured_pits;
    }

    /// Would the relay lap from `from` leave the opponent of two players without seeds, with
    /// its captures (`... after each lap: a relay that would not is not sown and ends the
    /// game`)? Sown on a copy, heard by no observer.
    #[cold]
    #[inline(never)]
    fn relay_starves(
        &self,
        s: &State,
        from: usize,
        d: usize,
        laps: u32,
        part: Option<u8>,
        summary: MoveSummary,
    ) -> bool {
        let m = s.to_move as usize;
        let mut after = *s;
        let lap = self.lap_of(&mut after, m, from, d, part, &mut ());
        let mut summary = summary;
        self.after_lap(&mut after, lap, laps >= MAX_LAPS, false, &mut summary, &mut ());
        self.starved(&after, m)
    }

    /// Are the pits of `m`'s opponent (of two players) all empty?
    #[inline(always)]
    fn starved(&self, s: &State, m: usize) -> bool {
        let t = &self.t;
        super::turn::at_least(&s.pits, t.pits, 1) & t.masks_now(s, &t.own, 1 - (m & 1)) == 0
    }

    /// The first lap of a move from the hand: where its last seed fell and the pits sown.
    /// Out of line, so that the laps of the other variants of the general tier stay as they
    /// were.
    #[cold]
    #[inline(never)]
    fn hand_lap<O: Observer>(&self, s: &mut State, mv: Move, d: usize, obs: &mut O) -> (usize, u64) {
        let mut tracked = Sown { obs: &mut *obs, pits: 0, n: self.t.pits as usize };
        // A seed put into play ([`super::phase`]): the lap's one seed, into the pit named.
        if mv.hand() == 0 {
            let (m, p) = (s.to_move as usize, mv.pit());
            s.captured[m] -= 1;
            s.pits[p] += 1;
            tracked.sow(p);
            return (p, tracked.pits);
        }
        let (_, last) = self.sow_from_hand(s, mv, d, &mut tracked);
        (last, tracked.pits)
    }

    /// Do `tests` hold in `s`, before the move, their places named from the pit where the first
    /// lap of `player`'s move `mv` would end? The lap is sown on a copy, and no rule after it
    /// applied: only where its last seed falls is read.
    pub(crate) fn holds_before(&self, s: &State, player: u8, mv: Move, tests: &[Test]) -> bool {
        let mut after = *s;
        after.to_move = player;
        let m = player as usize;
        // A seed put into play falls where it is put.
        if mv.hand() == 0 && self.t.phase.as_deref().is_some_and(|ph| ph.places(s, player)) {
            let lap = Lap {
                m,
                d: self.direction_of(mv),
                start: mv.pit(),
                last: mv.pit(),
                lifted: 1,
                sown: 1 << mv.pit(),
            };
            return self.t.holds(s, m, lap, tests);
        }
        let lifted = if mv.hand() > 0 { mv.hand() as u8 } else { s.pits[mv.pit()] };
        let (start, d, last, sown) = if mv.hand() > 0 {
            let d = self.way_of(mv, m);
            let mut tracked = Sown { obs: &mut (), pits: 0, n: self.t.pits as usize };
            let (entry, last) = self.sow_from_hand(&mut after, mv, d, &mut tracked);
            (entry, d, last, tracked.pits)
        } else {
            let d = self.direction_of(mv);
            let (last, sown) = self.sow_tracked(&mut after, mv.pit(), m, d, &mut ());
            (mv.pit(), d, last, sown)
        };
        self.t.holds(s, m, Lap { m, d, start, last, lifted, sown }, tests)
    }

    /// One lap from `pit`, seed by seed (the other tiers' lap, heard seed by seed); returns
    /// where the last seed fell and the pits sown.
    fn sow_tracked<O: Observer>(
        &self,
        s: &mut State,
        pit: usize,
        m: usize,
        d: usize,
        obs: &mut O,
    ) -> (usize, u64) {
        let mut sown = Sown { obs, pits: 0, n: self.t.pits as usize };
        // Pits out of play (games of rounds) are passed by, seed by seed.
        let last = if s.out != 0 && self.out_is_skipped() {
            self.sow_skipping(s, pit, m, d, &mut sown)
        } else {
            self.sow_lap::<RICH, _>(s, pit, m, d, &mut sown)
        };
        (last, sown.pits)
    }

    /// Applies a rule's effects: its takes, chain, relay, and its tries again.
    #[allow(clippy::too_many_arguments)]
    fn act<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        mut lap: Lap,
        sown: u64,
        rule: &LapTable,
        out: &mut Outcome,
        obs: &mut O,
    ) {
        let t = &self.t;
        let n = t.pits as usize;
        // The end to sow from, named before the line's takes: where the mover must choose it,
        // the move pauses here and the line is played once it is chosen.
        if rule.from_end && out.end.is_none() && self.end_or_pause(s, m, lap, rule, out) {
            return;
        }
        let mut taken_last = None;
        let mut again = 0;
        // The counts as the lap's sowing left them, for a chain that reads them so.
        let as_sown = rule.as_sown.then_some(s.pits);
        loop {
            for a in &rule.acts {
                match a {
                    Act::Take(places, to) => {
                        for &p in places {
                            if let Some(q) = t.place(lap, p) {
                                self.take_pit(s, m, q, *to, out, obs);
                                taken_last = Some(q);
                            }
                        }
                    }
                    Act::TakeEvery(PitSet::Sown, c, to) => {
                        // In sowing order, from the pit after the lap's first.
                        let mut q = lap.start;
                        for _ in 0..n {
                            q = t.next[lap.d][q] as usize;
                            if sown >> q & 1 != 0 && c.as_ref().is_none_or(|c| c.contains(s.pits[q])) {
                                self.take_pit(s, m, q, *to, out, obs);
                            }
                        }
                    }
                    Act::TakeEvery(PitSet::SownButLast, c, to) => {
                        // In sowing order, from the pit after the lap's first, the last aside.
                        let mut q = lap.start;
                        for _ in 0..n {
                            q = t.next[lap.d][q] as usize;
                            if q != lap.last
                                && sown >> q & 1 != 0
                                && c.as_ref().is_none_or(|c| c.contains(s.pits[q]))
                            {
                                self.take_pit(s, m, q, *to, out, obs);
                            }
                        }
                    }
                    Act::TakeEvery(set, c, to) => {
                        // The set as it is before its takes, each pit tested as it comes.
                        let pits = set.pits(t, s, m, lap);
                        for q in (0..n).filter(|q| pits >> q & 1 != 0) {
                            if c.as_ref().is_none_or(|c| c.contains(s.pits[q])) {
                                self.take_pit(s, m, q, *to, out, obs);
                            }
                        }
                    }
                    // A pit of the opponent's of the mover's choice: taken at once if it is
                    // the only one, else asked for (the move pauses after this line).
                    Act::TakeChosen(to, declined) => {
                        if let Some(q) = self.ask_take(s, m, *to, *declined) {
                            self.take_pit(s, m, q, *to, out, obs);
                        }
                    }
                    Act::Relay(p) => {
                        out.relay = t.place(lap, *p);
                        out.instead = rule.instead_at;
                    }
                    Act::SowTaken(p, only) => {
                        // Put into the place, and sown on from it with all it holds, or they
                        // alone (checked: the board holds at most 255 seeds); nothing taken,
                        // nothing sown.
                        if let Some(q) = t.place(lap, *p).filter(|_| out.held > 0) {
                            let own = s.pits[q];
                            s.pits[q] += out.held as u8;
                            out.relay_seeds =
                                only.as_ref().filter(|c| !c.contains(own)).map(|_| out.held as u8);
                            out.held = 0;
                            out.relay = Some(q);
                        }
                    }
                    Act::SowEnd { .. } => {
                        if let Some(q) = out.end.filter(|_| out.held > 0) {
                            s.pits[q] += out.held as u8;
                            out.held = 0;
                            out.relay = Some(q);
                            out.way = Some(self.way_from_end(m, q));
                        }
                    }
                    Act::Claim(places) => {
                        for &p in places {
                            if let Some(q) = t.place(lap, p) {
                                s.claimed[m & 1] |= 1 << q;
                                s.claimed[(m & 1) ^ 1] &= !(1 << q);
                                obs.claim(q, m);
                            }
                        }
                    }
                    Act::End => {}
                    Act::TakeSeeds { seeds, from, to } => {
                        if let Some(q) = t.place(lap, *from) {
                            self.take_some(s, m, q, *seeds, *to, out, obs);
                        }
                    }
                    Act::Move { seeds, from, to } => {
                        if let (Some(a), Some(b)) = (t.place(lap, *from), t.place(lap, *to)) {
                            let k = (*seeds).min(s.pits[a]);
                            s.pits[a] -= k;
                            s.pits[b] += k;
                        }
                    }
                    Act::Chain { forward, counts, pits, to, opposite, sown, most, through } => {
                        let Some(first) = taken_last else { continue };
                        let step = if *forward { &t.next[lap.d] } else { &t.prev[lap.d] };
                        let mut q = step[first] as usize;
                        let pits = t.masks_now(s, pits, m);
                        let count = |s: &State, q: usize| match as_sown.filter(|_| *sown) {
                            Some(before) => before[q],
                            None => s.pits[q],
                        };
                        // The pit it stops before: the lap's first, unless it goes through it.
                        let stop = if *through { first } else { lap.start };
                        let mut left = *most;
                        while q != first
                            && q != stop
                            && left > 0
                            && pits >> q & 1 != 0
                            && counts.contains(count(s, q))
                        {
                            self.take_pit(s, m, q, *to, out, obs);
                            if *opposite {
                                self.take_pit(s, m, t.opposite[q] as usize, *to, out, obs);
                            }
                            q = step[q] as usize;
                            left -= 1;
                        }
                    }
                    Act::ChainOpposite { forward, counts, to } => {
                        // From the last pit, each pit on in turn: the pit facing it.
                        let step = if *forward { &t.next[lap.d] } else { &t.prev[lap.d] };
                        let mut x = step[lap.last] as usize;
                        while x != lap.last && x < n {
                            let q = t.opposite[x] as usize;
                            if !counts.contains(s.pits[q]) {
                                break;
                            }
                            self.take_pit(s, m, q, *to, out, obs);
                            x = step[x] as usize;
                        }
                    }
                    Act::Again(times) => {
                        // The line again, its places named from the pit it took.
                        if let Some(q) = taken_last
                            && again < *times
                        {
                            lap.last = q;
                            if t.holds(s, m, lap, &rule.tests) {
                                again += 1;
                                break;
                            }
                        }
                        return;
                    }
                }
            }
            if !matches!(rule.acts.last(), Some(Act::Again(_))) || again == 0 {
                return;
            }
        }
    }

    /// The end pits of the inner row of `m` (two players, 4 rows): their right end and their
    /// left end.
    pub(crate) fn inner_ends(&self, m: usize) -> (usize, usize) {
        let c = self.t.pits as usize / 4;
        (m * 2 * c + c, m * 2 * c + 2 * c - 1)
    }

    /// The way a lap from an end of the inner row of `m` goes along it: counter-clockwise
    /// from their right end, clockwise from their left.
    fn way_from_end(&self, m: usize, q: usize) -> usize {
        if q == self.inner_ends(m).0 { 1 - self.t.cw as usize } else { self.t.cw as usize }
    }

    /// The end pits `seat`'s rule allows after a lap of `m` ending at `last` (a mask: one, or
    /// both for the mover to choose).
    fn end_options(&self, m: usize, last: usize, seat: Option<u8>, edge: u8) -> u64 {
        let c = self.t.pits as usize / 4;
        // The column, from player 1's left, of each block of the numbering.
        let column = match last / c {
            0 => last,
            1 => 2 * c - 1 - last,
            2 => 3 * c - 1 - last,
            _ => last - 3 * c,
        };
        // From the right of the seat named, or of the mover's.
        let from_right = if seat.map_or(m, usize::from) == 0 { c - 1 - column } else { column };
        let (right, left) = self.inner_ends(m);
        let edge = edge as usize;
        if from_right < edge {
            1 << right
        } else if from_right >= c - edge {
            1 << left
        } else {
            1 << right | 1 << left
        }
    }

    /// Names the end `rule` sows from after `lap`, into `out`; or, where the mover is to choose
    /// it, pauses the move (the lap's last pit and way, and the line, kept) and returns true.
    #[cold]
    #[inline(never)]
    fn end_or_pause(&self, s: &mut State, m: usize, lap: Lap, rule: &LapTable, out: &mut Outcome) -> bool {
        let Some((seat, edge)) = rule.acts.iter().find_map(|a| match a {
            Act::SowEnd { seat, edge } => Some((*seat, *edge)),
            _ => None,
        }) else {
            return false;
        };
        let options = self.end_options(m, lap.last, seat, edge);
        if options.count_ones() == 1 {
            out.end = Some(options.trailing_zeros() as usize);
            return false;
        }
        let line = self.t.lap_rules.iter().position(|r| std::ptr::eq(r, rule)).unwrap_or(0);
        s.pending = super::step::END;
        s.pending_at = lap.last as u8;
        // The laps are added by the loop; the line and the way above them.
        s.pending_laps = (line as u16 & 0xf) << 10 | (lap.d as u16 & 1) << 15;
        out.pause = true;
        true
    }

    /// Plays the line `line` after a lap that ended at `last`, going in direction `d`, with
    /// the end `mv` the mover chose, and the rest of the move from that end.
    pub(crate) fn end_chosen<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        (line, last, d, laps): (usize, usize, usize, u32),
        obs: &mut O,
    ) -> MoveSummary {
        let m = s.to_move as usize;
        let mut out = Outcome { end: Some(mv.pit()), ..Outcome::default() };
        let lap = Lap { m, d, start: last, last, lifted: 0, sown: 0 };
        if let Some(rule) = self.t.lap_rules.get(line) {
            self.act(s, m, lap, 0, rule, &mut out, obs);
        }
        let mut summary = MoveSummary {
            captured: out.captured,
            captured_pits: out.captured_pits,
            ..MoveSummary::new(mv, 0, last)
        };
        if let (Some(q), Some(way)) = (out.relay, out.way)
            && laps < MAX_LAPS
        {
            // The choice lifts nothing itself: its lap is heard as the move's relay.
            obs.relay(q, s.pits[q]);
            summary = self.laps_from(s, mv, q, way, laps + 1, MAX_LAPS, None, false, summary, obs).0;
        }
        summary
    }

    /// Takes pit `q`, chosen by the mover of a paused move ([`super::step`]).
    pub(crate) fn take_chosen<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        q: usize,
        to: Receiver,
        obs: &mut O,
    ) {
        self.take_pit(s, m, q, to, &mut Outcome::default(), obs);
    }

    /// Takes at most `most` seeds of pit `q` (what it holds, if fewer) for whoever the take is
    /// for: the pit is taken whole when it holds no more.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn take_some<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        q: usize,
        most: u8,
        to: Receiver,
        out: &mut Outcome,
        obs: &mut O,
    ) {
        if s.pits[q] <= most {
            return self.take_pit(s, m, q, to, out, obs);
        }
        obs.capture(q, most);
        s.pits[q] -= most;
        self.give(s, m, q, most, to, out);
    }

    /// Empties pit `q` to whoever the take is for.
    #[inline]
    fn take_pit<O: Observer>(
        &self,
        s: &mut State,
        m: usize,
        q: usize,
        to: Receiver,
        out: &mut Outcome,
        obs: &mut O,
    ) {
        let seeds = s.pits[q];
        if seeds == 0 {
            // A place holding nothing but a big stone.
            if self.t.big_stone_at(s, q) {
                self.take_stone(s, m, q, to);
                obs.capture(q, 0);
                out.captured_pits += 1;
            }
            return;
        }
        if self.t.big_stone_at(s, q) {
            self.take_stone(s, m, q, to);
        }
        obs.capture(q, seeds);
        s.pits[q] = 0;
        self.give(s, m, q, seeds, to, out);
    }

    /// Counts `seeds` taken from pit `q` as a capture, and gives them to whoever the take is
    /// for.
    #[inline(always)]
    fn give(&self, s: &mut State, m: usize, q: usize, seeds: u8, to: Receiver, out: &mut Outcome) {
        out.captured += seeds as u16;
        out.captured_pits += 1;
        match to {
            Receiver::Mover => s.captured[m] += seeds as u16,
            Receiver::Opponent => s.captured[1 - m] += seeds as u16,
            Receiver::Owner => s.captured[self.t.owner_now(s, q)] += seeds as u16,
            Receiver::Nobody => s.removed += seeds,
            Receiver::Sown => out.held += seeds as u16,
        }
    }
}

impl Rules {
    /// Takes the big stone at `q` whole, for whoever the take is for.
    #[cold]
    fn take_stone(&self, s: &mut State, m: usize, q: usize, to: Receiver) {
        let Some(st) = self.t.stones.as_deref() else { return };
        for p in 0..2 {
            if st.place[p] as usize == q {
                s.stones &= !(1 << p);
            }
        }
        let taker = match to {
            Receiver::Mover => m,
            Receiver::Opponent => 1 - m,
            Receiver::Owner => self.t.owner[q] as usize,
            Receiver::Nobody => return,
            // A stone is not sown: the mover keeps it.
            Receiver::Sown => m,
        };
        // Two players (checked): a count of two bits each, two stones at most.
        if taker < 2 {
            s.stones += 1 << (2 + 2 * taker);
        }
    }
}

/// What the rules of claimed pits and of first moves add to the tables: only variants of
/// the [`GENERAL`] tier read them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Extras {
    /// `a claimed pit cannot be played`.
    pub claim_unplayable: bool,
    /// `a pit claimed by an opponent cannot be played`: by its claimer, it can.
    pub claimer_plays: bool,
    /// `every claim ends with the round`.
    pub claims_per_round: bool,
    /// `seeds in a claimed pit go to its claimer ...`.
    pub claim_seeds: Option<ClaimSeeds>,
    /// `game over when a player's unclaimed pits are all empty`.
    pub unclaimed_empty: bool,
    /// For each player, the pits their first move may be from (every pit: no rule).
    pub first_move: Option<[u64; MAX_PLAYERS]>,
    /// In a game of rounds, the players whose first move is the match's, a bit each: the
    /// others move first again in each round (`State::moved` is cleared for them).
    pub first_move_of_match: u8,
    /// A direction chosen once, by each player's first move or the game's.
    pub keep_way: Option<KeepWay>,
    /// `each player's centre pit cannot be played`: the pits never played, a mask.
    pub never_played: u64,
    /// `each player plays from the opponent's row` (two players, a row each).
    pub plays_other: bool,
    /// An opening whose players do not follow in turn (`player 1, player 1, then player 2
    /// ...`; [`crate::lang::phases::TakeOpening`]): its plies (0: none, the turns pass as
    /// always). [`super::phase::PhaseTable::turn_after`] says who moves after each.
    pub turn_order: u32,
    /// `a move must leave the opponent a move` (its moves filtered by playing them out:
    /// [`super::turn`]).
    pub leaves_move: bool,
    /// A rule asks whether a pit has been played from (`has been played from`): each move's
    /// pit is marked in [`State::played`] once the move is over.
    pub marks_played: bool,
}

impl Extras {
    pub fn new(spec: &Spec) -> Extras {
        // A direction never in a player's first move needs the players who have moved too.
        let later = spec.phases.only_if_captures.as_ref().is_some_and(|o| o.later);
        let first_move = (later || spec.first_move.iter().any(Option::is_some))
            .then(|| std::array::from_fn(|p| spec.first_move.get(p).copied().flatten().unwrap_or(u64::MAX)));
        Extras {
            claim_unplayable: spec.claims.unplayable,
            claimer_plays: spec.claims.claimer_plays,
            claims_per_round: spec.claims.round_only,
            claim_seeds: spec.claims.seeds,
            unclaimed_empty: spec.endings.unclaimed_empty,
            first_move,
            first_move_of_match: spec.first_move_of_match,
            keep_way: spec.phases.keep_way,
            never_played: spec.seat_mask(&spec.phases.never_played),
            plays_other: spec.plays_other,
            turn_order: spec.phases.take_opening.as_ref().map_or(0, |o| {
                let players = spec.players as usize;
                let n = o.order.len();
                let next = |i: usize| ((o.order[0] as usize + i) % players) as u8;
                let in_turn = o.order.iter().enumerate().all(|(i, &p)| p == next(i)) && o.first == next(n);
                if in_turn { 0 } else { n as u32 }
            }),
            leaves_move: spec.leaves_move,
            marks_played: spec.lap_rules.iter().any(LapRule::asks_of_played),
        }
    }

    /// Does any rule say anything?
    pub fn any(&self) -> bool {
        *self != Extras::default()
    }

    /// The bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        let seeds = match self.claim_seeds {
            None => 0,
            Some(ClaimSeeds::AfterLap) => 1,
            Some(ClaimSeeds::AfterMove) => 2,
            Some(ClaimSeeds::AtEnd) => 3,
            Some(ClaimSeeds::AtRoundEnd) => 4,
        };
        out.extend([
            self.claim_unplayable as u8
                | (self.claimer_plays as u8) << 1
                | (self.claims_per_round as u8) << 2,
            seeds,
            self.unclaimed_empty as u8,
        ]);
        if let Some(first) = &self.first_move {
            out.extend(first.iter().flat_map(|m| m.to_le_bytes()));
        }
        if self.first_move_of_match != 0 {
            out.extend(b"of the match");
            out.push(self.first_move_of_match);
        }
        // Only where there is one, so that other fingerprints stay as they were.
        match self.keep_way {
            None => {}
            Some(KeepWay::Each) => out.extend(b"keep each"),
            Some(KeepWay::Both) => out.extend(b"keep both"),
        }
        if self.never_played != 0 {
            out.extend(b"never played");
            out.extend(self.never_played.to_le_bytes());
        }
        if self.plays_other {
            out.extend(b"plays the other row");
        }
        if self.turn_order != 0 {
            out.extend(b"turn order");
            out.extend(self.turn_order.to_le_bytes());
        }
        if self.leaves_move {
            out.extend(b"leaves a move");
        }
        if self.marks_played {
            out.extend(b"marks the pits played");
        }
    }
}

impl Rules {
    /// The direction `player` keeps (clockwise: `Some(true)`), if one was chosen.
    #[inline]
    fn kept_way(&self, s: &State, player: u8) -> Option<bool> {
        match s.kept >> (2 * player) & 3 {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        }
    }

    /// Keeps only the legal moves of `player` in `s` that go the direction they keep.
    #[cold]
    #[inline(never)]
    pub(crate) fn keep_ways(&self, s: &mut State, player: u8) {
        if let Some(clockwise) = self.kept_way(s, player) {
            s.moves = s.moves.keeping(clockwise);
        }
    }

    /// Notes the direction a move chose, where the rules keep it and none was kept yet: the
    /// mover's (each player's own), or both players' (the game's first).
    #[inline]
    pub(crate) fn note_way(&self, s: &mut State, mv: Move) {
        let Some(keep) = self.t.extras.keep_way else { return };
        let code = match mv.direction() {
            MoveDirection::Given => return,
            MoveDirection::Clockwise => 1,
            MoveDirection::CounterClockwise => 2,
        };
        match keep {
            KeepWay::Each if s.kept >> (2 * s.to_move) & 3 == 0 => s.kept |= code << (2 * s.to_move),
            KeepWay::Both if s.kept == 0 => s.kept = code | code << 2,
            _ => {}
        }
    }

    /// Why `mv` cannot be played: it goes the other way than the direction its mover keeps.
    pub(crate) fn way_kept_against(&self, s: &State, mv: Move) -> Option<IllegalMove> {
        let keep = self.t.extras.keep_way?;
        let clockwise = self.kept_way(s, s.to_move)?;
        let other = if clockwise { MoveDirection::CounterClockwise } else { MoveDirection::Clockwise };
        (mv.direction() == other).then_some(IllegalMove::WayKept {
            mv,
            clockwise,
            both: keep == KeepWay::Both,
        })
    }

    /// The pits `player` may play by the rules of claimed pits and first moves (every pit
    /// where neither rule forbids one).
    #[inline]
    pub(crate) fn general_playable(&self, s: &State, player: u8) -> u64 {
        let x = &self.t.extras;
        let mut pits = !x.never_played;
        if x.claim_unplayable {
            // Claims are a rule of two players: the other's are the opponent's.
            let mine = if x.claimer_plays { s.claimed[player as usize & 1] } else { 0 };
            pits &= !((s.claimed[0] | s.claimed[1]) & !mine);
        }
        if let Some(first) = &x.first_move
            && s.moved >> player & 1 == 0
        {
            pits &= first[player as usize];
        }
        pits
    }

    /// Why a pit of the mover's that holds seeds is not playable by those rules.
    pub(crate) fn general_refusal(&self, s: &State, pit: usize) -> IllegalMove {
        if self.t.extras.never_played >> pit & 1 != 0 {
            return IllegalMove::NeverPlayed { pit: pit + 1 };
        }
        match s.claimer(pit) {
            Some(claimer)
                if self.t.extras.claim_unplayable
                    && !(self.t.extras.claimer_plays && claimer == s.to_move as usize) =>
            {
                IllegalMove::Claimed { pit: pit + 1, claimer: claimer + 1 }
            }
            _ => {
                let first = self.t.extras.first_move.map_or(0, |f| f[s.to_move as usize]);
                let from = crate::lang::spec::pit_numbers(first).into();
                IllegalMove::FirstMove { pit: pit + 1, from }
            }
        }
    }

    /// Empties every claimed pit into its claimer's store, telling the observer of each.
    pub(crate) fn harvest<O: Observer>(&self, s: &mut State, obs: &mut O) {
        for p in 0..2 {
            let mut left = s.claimed[p];
            while left != 0 {
                let q = left.trailing_zeros() as usize;
                left &= left - 1;
                let seeds = s.pits[q];
                if seeds > 0 {
                    obs.to_claimer(q, seeds, p);
                    s.pits[q] = 0;
                    s.captured[p] += seeds as u16;
                }
            }
        }
    }

    /// After a move of the general tier: the mover has moved (under a rule on first moves),
    /// and the seeds in claimed pits go to their claimers where the rules say so after each
    /// move.
    #[inline]
    pub(crate) fn after_general_move<O: Observer>(&self, s: &mut State, mover: u8, obs: &mut O) {
        // Noted only where a rule reads it, so that positions are those of the other tiers.
        if self.t.extras.first_move.is_some() {
            s.moved |= 1 << (mover & 7);
        }
        if self.t.extras.claim_seeds == Some(ClaimSeeds::AfterMove) {
            self.harvest(s, obs);
        }
        if self.t.staged.is_some() {
            self.advance_stages(s, mover);
        }
    }

    /// Are a player's unclaimed pits all empty?
    pub(crate) fn an_unclaimed_side_is_empty(&self, s: &State) -> bool {
        let nonempty = super::turn::at_least(&s.pits, self.t.pits, 1) & !(s.claimed[0] | s.claimed[1]);
        self.t.own[..self.players()].iter().any(|&own| own & nonempty == 0)
    }
}

const _: () = assert!(MAX_PITS <= 64, "sown pits are a 64-bit mask");

#[cfg(test)]
mod tests {
    use crate::engine::replay::Record;
    use crate::engine::{Game, Rules, compile};

    use super::GENERAL;

    /// One random stream (splitmix64) for the moves of both games: the test draws each move
    /// once and plays it on both.
    struct Stream(u64);

    impl Stream {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    fn from_text(text: &str) -> Rules {
        let file = crate::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
        let (spec, _) = crate::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
        compile(&spec)
    }

    /// What random games of two sets of rules saw alike: moves, seeds captured, relays.
    #[derive(Default)]
    struct Seen {
        moves: usize,
        captured: usize,
        relays: usize,
    }

    /// Plays `games` random games of `a` and `b` side by side, each move drawn once from one
    /// stream, and asserts that they agree at every move: the legal moves, the position (pits,
    /// captures, player to move, end, ...), the move's summary, and what an observer hears (the
    /// seeds sown, the captures in order, the relays). Games are played as [`Game`]s, which keep
    /// the positions for the rule of repetition.
    fn play_alike(name: &str, a: &Rules, b: &Rules, games: u64) -> Seen {
        let mut seen = Seen::default();
        for g in 0..games {
            let mut stream = Stream(g.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 17);
            let (mut ga, mut gb) = (Game::new(a, a.initial_state()), Game::new(b, b.initial_state()));
            assert_eq!(ga.state(), gb.state(), "{name}, game {g}: the start");
            loop {
                let (sa, sb) = (*ga.state(), *gb.state());
                let moves: Vec<_> = a.legal_moves(&sa).iter().collect();
                assert_eq!(
                    moves,
                    b.legal_moves(&sb).iter().collect::<Vec<_>>(),
                    "{name}, game {g}: legal moves"
                );
                if moves.is_empty() {
                    break;
                }
                let mv = moves[stream.below(moves.len())];
                let (mut ra, mut rb) = (Record::default(), Record::default());
                let (mut oa, mut ob) = (sa, sb);
                a.apply_observed(&mut oa, mv, &mut ra);
                b.apply_observed(&mut ob, mv, &mut rb);
                assert_eq!(ra, rb, "{name}, game {g}, move {mv} from {sa:?}: what the observer heard");
                let (ma, mb) = (ga.apply(mv), gb.apply(mv));
                assert_eq!(ma, mb, "{name}, game {g}, move {mv} from {sa:?}: the summaries");
                assert_eq!(ga.state(), gb.state(), "{name}, game {g}, move {mv} from {sa:?}: the positions");
                seen.moves += 1;
                seen.captured += ma.captured as usize;
                seen.relays += ra.relays.len();
            }
            assert!(ga.state().is_over(), "{name}, game {g}: a game without a move is over");
        }
        seen
    }

    #[test]
    fn every_bundled_variant_plays_alike_in_the_general_tier() {
        // Without rules after each lap, the general loop runs today's relay and capture rules:
        // the same games as the tier each variant compiles to.
        for &(name, text) in crate::lang::library::BUNDLED {
            let file = crate::lang::library::load_bundled(name, text).unwrap();
            for ruleset in std::iter::once(None).chain(file.ruleset_names().into_iter().map(Some)) {
                let rules = crate::load_rules(name, ruleset).unwrap();
                // Variants with rules after each lap are played by the general loop already.
                if rules.t.tier == GENERAL {
                    continue;
                }
                let mut general = rules.clone();
                general.t.tier = GENERAL;
                let label = format!("{name}:{}", ruleset.unwrap_or("-"));
                let seen = play_alike(&label, &rules, &general, 300);
                // A game without captures (Chungcajon) is compared on its sowings alone.
                let captures = seen.captured > 0 || !rules.spec().captures();
                assert!(seen.moves > 300 && captures, "{label}: games were played, with captures");
            }
        }
    }

    /// A variant of 2 x `k` pits, `seeds` in each, with the lines given.
    fn variant(k: usize, seeds: usize, stores: &str, sowing: &str, capture: &str) -> Rules {
        from_text(&format!(
            "variant \"Test\" {{ source \"test\"
               board 2 rows of {k} pits, {stores}  seeds {seeds} in each pit
               players 2 {{ player 1 owns the south row  player 2 owns the north row  player 1 starts }}
               sowing {{ counter-clockwise  first seed into the next pit {sowing} }}
               capture {{ {capture} }}
               end {{ player to move cannot move: game over  leftover seeds: each pit's owner
                      ply limit 1000  winner: most captured }} }}"
        ))
    }

    /// Today's rule and the same rule as a line after each lap, on boards of 2 x 3 and 2 x 6.
    fn alike(what: &str, seeds: usize, stores: &str, sowing: &str, today: &str, lap: &str) -> Seen {
        let mut all = Seen::default();
        for k in [3, 6] {
            let (a, b) = (variant(k, seeds, stores, sowing, today), variant(k, seeds, stores, sowing, lap));
            assert_ne!(a.t.tier, GENERAL);
            assert_eq!(b.t.tier, GENERAL);
            let seen = play_alike(&format!("{what}, 2 x {k}"), &a, &b, 300);
            all.moves += seen.moves;
            all.captured += seen.captured;
            all.relays += seen.relays;
        }
        all
    }

    #[test]
    fn a_chain_in_the_opponents_pits_as_a_lap_rule_plays_alike() {
        // Today's chain stops before the landing pit; a lap rule's chain also stops before the
        // pit the lap started from. A chain over the opponent's pits alone never reaches the
        // pit a single lap started from (the mover's own), so the two coincide here; a chain in
        // any pit may differ, when a lap went round and refilled its starting pit.
        for direction in ["backward", "forward"] {
            let seen = alike(
                &format!("chain {direction}"),
                6,
                "no stores",
                "laps sow into the emptied pit  single lap",
                &format!(
                    "last seed makes 2 or 4 in an opponent's pit: take them
                     chain {direction} while 2 or 4 in the opponent's pits"
                ),
                &format!(
                    "when the last pit holds 2 or 4 and is an opponent's: \
                     take the last pit, then chain {direction} while 2 or 4 in the opponent's pits"
                ),
            );
            assert!(seen.captured > 0);
        }
    }

    #[test]
    fn a_relay_as_a_lap_rule_plays_alike() {
        // `falls into an occupied pit`: the last pit holds 2 or more with the last seed. The
        // relay line comes first; when it does not hold, today's capture line has its say, as
        // it does after the last lap of today's relays.
        let counts = (2..48).map(|n| n.to_string()).collect::<Vec<_>>().join(", ") + " or 48";
        let capture = "last seed in an empty pit of the mover's own: take it and the opposite pit";
        let seen = alike(
            "relay from an occupied pit",
            4,
            "one store per player",
            "laps skip the emptied pit  single lap  relay when the last seed falls into an occupied pit",
            capture,
            &format!("{capture}\n when the last pit holds {counts}: relay from the last pit"),
        );
        assert!(seen.relays > 0 && seen.captured > 0);
        let seen = alike(
            "relay from 3 in an opponent's pit",
            4,
            "no stores",
            "laps sow into the emptied pit  single lap  relay when the last seed makes 3 in an opponent's pit",
            "last seed makes 2 or 4 in any pit: take them",
            "last seed makes 2 or 4 in any pit: take them
             when the last pit holds 3 and is an opponent's: relay from the last pit",
        );
        assert!(seen.relays > 0 && seen.captured > 0);
    }

    #[test]
    fn an_opposite_capture_as_a_lap_rule_plays_alike() {
        // Kalah's capture: the last seed alone in a pit of the mover's own, the pit facing it
        // occupied. A lap ending in a store names no pit, so the line does not hold there.
        let kalah = "sow into the mover's own store  laps sow into the emptied pit  single lap";
        let seen = alike(
            "take it and the opposite pit",
            4,
            "one store per player",
            kalah,
            "last seed in an empty pit of the mover's own: take it and the opposite pit",
            "when the last pit holds 1 and is the mover's own and the opposite pit is occupied: \
             take the last pit and the opposite pit",
        );
        assert!(seen.captured > 0);
        let seen = alike(
            "take the opposite pit",
            4,
            "one store per player",
            kalah,
            "last seed in an empty pit of the mover's own: take the opposite pit",
            "when the last pit holds 1 and is the mover's own and the opposite pit is occupied: \
             take the opposite pit",
        );
        assert!(seen.captured > 0);
    }
}

#[cfg(test)]
mod max_laps {
    use super::GENERAL;
    use crate::engine::{Move, compile};

    #[test]
    fn a_move_stopped_at_the_most_laps_captures_alike_in_the_general_tier() {
        // One seed relayed from every pit it falls into, which it always makes 1: the move
        // stops after MAX_LAPS laps, and the capture is judged where the last lap ended.
        let text = "variant \"Test\" { source \"test\"
           board 2 rows of 3 pits, no stores  seeds 2 in each pit
           players 2 { player 1 owns the south row  player 2 owns the north row  player 1 starts }
           sowing { counter-clockwise  first seed into the next pit  laps sow into the emptied pit
             relay when the last seed makes 1 or 2 in any pit }
           capture { last seed makes 1 or 2 in any pit: take them }
           end { player to move cannot move: game over  leftover seeds: nobody } }";
        let file = crate::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
        let (spec, _) = crate::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
        let rules = compile(&spec);
        let mut general = rules.clone();
        general.t.tier = GENERAL;
        let start = rules.state_from(&[1, 0, 0, 0, 0, 0], 0).unwrap();
        let (mut a, mut b) = (start, start);
        let ma = rules.apply(&mut a, Move::from_pit(0).unwrap());
        let mb = general.apply(&mut b, Move::from_pit(0).unwrap());
        assert_eq!(ma, mb);
        assert_eq!(a, b);
    }
}

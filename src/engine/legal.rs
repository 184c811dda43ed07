//! Which moves may be played ([`crate::lang::legality`]) in the [`GENERAL`] tier: a pit of a
//! single seed played only in some positions, and moves that must be played when there is one,
//! by a test of the places the move's last seed will reach. Only variants that have such a rule
//! come here (`Tables::legal`), out of line: the moves of the others are made as they were.

use crate::lang::counts::CountSet;
use crate::lang::lap_rule::{Condition, LapRule};
use crate::lang::legality::Legality;
use crate::lang::spec::{Direction, MAX_PLAYERS, Spec};

use super::compile::{Counts, GENERAL, Rules};
use super::lap::{LapTable, Test};
use super::moves::{IllegalMove, Move, MoveDirection, MoveSet};
use super::state::State;
use super::turn::at_least;

/// `a pit of one seed may be played only when ...`, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OneSeedTable {
    /// The counts none of the mover's pits may hold, if the line names some.
    pub unless: Option<Counts>,
    /// The pit the seed goes into must be empty.
    pub next_empty: bool,
    /// No rule after each lap, relay or capture follows its sowing.
    pub ends: bool,
}

/// `a move whose last pit ... must be played when there is one`, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MustTable {
    /// The moves it speaks of: those that sow clockwise (`true`), counter-clockwise, or all.
    pub clockwise: Option<bool>,
    /// The test, made before the move, its places named from the pit its last seed will reach.
    pub tests: Vec<Test>,
}

/// What the mover may choose at a relay ([`crate::lang::legality::Relays`]), compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RelayTable {
    /// A relay sows the way its pit sows, as a move from it would.
    pub as_a_move: bool,
    /// Each player's pits (two players) from which they may decline a relay.
    pub declined: [u64; 2],
}

/// `each player's leftmost pit may be played only when it holds 4 or more seeds or when no
/// other pit can be played`, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatOnlyTable {
    /// Each player's pit the line names, a mask.
    pub pits: [u64; MAX_PLAYERS],
    pub counts: Counts,
}

/// The rules of legal moves, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LegalTable {
    pub one_seed: Option<OneSeedTable>,
    pub must: Option<MustTable>,
    /// `a move whose last pit ... before the move may not be played`.
    pub never: Option<MustTable>,
    pub relays: Option<RelayTable>,
    pub seat_only: Option<SeatOnlyTable>,
}

impl LegalTable {
    pub fn new(spec: &Spec) -> Option<LegalTable> {
        let l: &Legality = &spec.legality;
        if !l.any() {
            return None;
        }
        let one_seed = l.one_seed.as_ref().map(|o| OneSeedTable {
            unless: o.unless.as_ref().map(Counts::from_set),
            next_empty: o.next_empty,
            ends: o.ends,
        });
        let tested = |m: &crate::lang::legality::MustPlay<_>| MustTable {
            clockwise: m.way.map(|d| d == Direction::Clockwise),
            tests: tests_of(spec, &m.conditions),
        };
        let must = l.must.as_ref().map(tested);
        let never = l.never.as_ref().map(tested);
        let relays = l.relays.as_ref().map(|r| {
            let mut declined = [0; 2];
            for (p, &mask) in r.declined.iter().take(2).enumerate() {
                declined[p] = mask;
            }
            RelayTable { as_a_move: r.as_a_move, declined }
        });
        let seat_only = l.seat_only.as_ref().map(|o| SeatOnlyTable {
            pits: std::array::from_fn(|p| {
                if p >= spec.players as usize {
                    return 0;
                }
                // The pits of the player's row from their left: on 3 rows, the row nearest them
                // (their first pits), not their half of the middle row.
                let mut row = crate::lang::phases::seat_row(&spec.owners, p as u8);
                if spec.rows == 3 {
                    row.truncate(spec.pits_per_row as usize);
                }
                o.pit.index(row.len()).map_or(0, |i| 1u64 << row[i])
            }),
            counts: Counts::from_set(&o.counts),
        });
        Some(LegalTable { one_seed, must, never, relays, seat_only })
    }

    /// The table's bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        out.extend(b"legal");
        if let Some(o) = &self.one_seed {
            out.extend(b"one seed");
            out.extend([o.next_empty as u8, o.ends as u8]);
            if let Some(c) = &o.unless {
                out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
            }
        }
        if let Some(o) = &self.seat_only {
            out.extend(b"seat only");
            out.extend(o.pits.iter().flat_map(|m| m.to_le_bytes()));
            out.extend(o.counts.words().iter().flat_map(|w| w.to_le_bytes()));
        }
        if let Some(m) = &self.must {
            out.extend(b"must");
            out.push(m.clockwise.map_or(2, u8::from));
            test_bytes(&m.tests, out);
        }
        if let Some(m) = &self.never {
            out.extend(b"never");
            out.push(m.clockwise.map_or(2, u8::from));
            test_bytes(&m.tests, out);
        }
        if let Some(r) = &self.relays {
            out.extend(b"relays");
            out.push(r.as_a_move as u8);
            out.extend(r.declined.iter().flat_map(|m| m.to_le_bytes()));
        }
    }
}

/// The tests of conditions alone, as a rule after each lap's: a test made before a move.
pub(crate) fn tests_of(spec: &Spec, conditions: &[Condition<CountSet>]) -> Vec<Test> {
    let rule = LapRule { every_lap: false, conditions: conditions.to_vec(), effects: Vec::new() };
    LapTable::new(spec, &rule).tests
}

/// The bytes of tests, as a rule after each lap's, for the fingerprint.
pub(crate) fn test_bytes(tests: &[Test], out: &mut Vec<u8>) {
    let table = LapTable {
        every_lap: false,
        tests: tests.to_vec(),
        acts: Vec::new(),
        as_sown: false,
        takes: false,
        from_end: false,
        instead: None,
        instead_at: None,
    };
    table.bytes(out);
}

/// The bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let q = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            q
        })
    })
}

impl Rules {
    /// The rule on single seeds, if the variant has one.
    #[inline]
    fn one_seed_rule(&self) -> Option<&OneSeedTable> {
        self.t.legal.as_deref().and_then(|l| l.one_seed.as_ref())
    }

    /// The pit `mv`'s seed goes into, the way it sows.
    fn next_of(&self, mv: Move) -> usize {
        self.t.next[self.direction_of(mv)][mv.pit()] as usize
    }

    /// `pits`, the pits of the mover's `own` pits that the seeds they need allow, with the pits
    /// of a single seed the rule on single seeds allows instead: none when a pit of the
    /// mover's holds one of its counts, and those whose next pit is empty (either way, for a pit
    /// that sows either way: [`Rules::legal_filter`] keeps the way that is).
    #[cold]
    #[inline(never)]
    pub(crate) fn one_seed_pits(&self, s: &State, own: u64, pits: u64) -> u64 {
        let Some(one) = self.one_seed_rule() else { return pits };
        let t = &self.t;
        let ones = own & at_least(&s.pits, t.pits, 1) & !at_least(&s.pits, t.pits, 2);
        if one.unless.as_ref().is_some_and(|c| bits(own).any(|q| c.contains(s.pits[q]))) {
            return pits & !ones;
        }
        let empty_after = |q: usize, d: usize| s.pits[t.next[d][q] as usize] == 0;
        let allowed = bits(ones)
            .filter(|&q| {
                !one.next_empty
                    || if t.choice >> q & 1 != 0 {
                        empty_after(q, 0) || empty_after(q, 1)
                    } else {
                        empty_after(q, t.pit_dir[q] as usize)
                    }
            })
            .fold(0, |m, q| m | 1 << q);
        (pits & !ones) | allowed
    }

    /// `pits`, the pits `player` could play, less their pit the seat-only rule names unless it
    /// holds one of its counts or is the only one.
    #[cold]
    #[inline(never)]
    pub(crate) fn seat_only_pits(&self, s: &State, player: u8, pits: u64) -> u64 {
        let Some(o) = self.t.legal.as_deref().and_then(|l| l.seat_only.as_ref()) else { return pits };
        let named = o.pits[player as usize] & pits;
        if named == 0 || pits & !named == 0 {
            return pits;
        }
        bits(named).filter(|&q| o.counts.contains(s.pits[q])).fold(pits & !named, |m, q| m | 1 << q)
    }

    /// Why `mv`, of a pit the seat-only rule names, is not legal, if that is why.
    pub(crate) fn seat_only_refusal(&self, s: &State, mv: Move) -> Option<IllegalMove> {
        let o = self.t.legal.as_deref()?.seat_only.as_ref()?;
        let pit = mv.pit();
        if o.pits[s.to_move as usize] >> pit & 1 == 0 || o.counts.contains(s.pits[pit]) {
            return None;
        }
        let line = self.spec().legality.seat_only.as_ref()?;
        let why = format!(
            "holds {}, and player {}'s {} pit may be played only when it holds {} seeds or when no other pit \
             can be played",
            s.pits[pit],
            s.to_move + 1,
            line.pit.word(),
            line.counts.words()
        );
        Some(IllegalMove::SeatOnly { pit: pit + 1, why: why.into() })
    }

    /// Keeps only the legal moves of `player` in `s` that the rules of legal moves allow, where
    /// the pits alone do not say: the way of a single seed whose next pit is occupied that way,
    /// and, while some move passes the test of the moves that must be played, those it speaks of
    /// that fail it.
    #[cold]
    #[inline(never)]
    pub(crate) fn legal_filter(&self, s: &mut State, player: u8) {
        if let Some(one) = self.one_seed_rule()
            && one.next_empty
            && self.t.choice != 0
        {
            let mut kept = MoveSet::default();
            for mv in s.moves.iter() {
                let way = mv.hand() == 0 && mv.direction() != MoveDirection::Given;
                if !(way && s.pits[mv.pit()] == 1 && s.pits[self.next_of(mv)] != 0) {
                    kept.insert(mv);
                }
            }
            s.moves = kept;
        }
        if let Some(must) = self.t.legal.as_deref().and_then(|l| l.must.as_ref())
            && self.plays_freely(s, player)
        {
            let mut kept = MoveSet::default();
            let mut any = false;
            for mv in s.moves.iter() {
                if !self.must_speaks_of(must, mv, player) {
                    kept.insert(mv);
                } else if self.holds_before(s, player, mv, &must.tests) {
                    kept.insert(mv);
                    any = true;
                }
            }
            if any {
                s.moves = kept;
            }
        }
        if let Some(never) = self.t.legal.as_deref().and_then(|l| l.never.as_ref())
            && self.plays_freely(s, player)
        {
            let mut kept = MoveSet::default();
            for mv in s.moves.iter() {
                if !self.must_speaks_of(never, mv, player) || !self.holds_before(s, player, mv, &never.tests)
                {
                    kept.insert(mv);
                }
            }
            s.moves = kept;
        }
    }

    /// Are the moves of `player` in `s` ordinary moves, which the rules of legal moves judge:
    /// not a fill, an opening move or the move once a game?
    fn plays_freely(&self, s: &State, player: u8) -> bool {
        // A seed put into play from the hand is judged too: it is a lap's last seed.
        s.phase == super::rounds::PLAY
            && self.t.phase.as_deref().is_none_or(|ph| ph.places(s, player) || ph.moves(s, player).is_none())
    }

    /// Is `mv` of `player` one of the moves the rule of moves that must be played speaks of?
    fn must_speaks_of(&self, must: &MustTable, mv: Move, player: u8) -> bool {
        must.clockwise.is_none_or(|cw| {
            let d = self.way_of(mv, player as usize);
            (d == self.t.cw as usize) == cw
        })
    }

    /// Why `mv`, not among the legal moves of `s`, is not: the rule of moves that must be
    /// played, if it is that rule.
    pub(crate) fn must_refusal(&self, s: &State, mv: Move) -> Option<IllegalMove> {
        let must = self.t.legal.as_deref()?.must.as_ref()?;
        let player = s.to_move;
        if !self.plays_freely(s, player)
            || !self.must_speaks_of(must, mv, player)
            || self.holds_before(s, player, mv, &must.tests)
        {
            return None;
        }
        let one = s.moves.iter().find(|&m| self.must_speaks_of(must, m, player))?;
        let rule = self.spec().legality.must.as_ref()?;
        let way = rule.way.map_or(String::new(), |d| format!("{} ", d.word()));
        let test = crate::lang::legality::conditions_words(&rule.conditions);
        Some(IllegalMove::MustPlay { mv, rule: format!("a {way}move for which {test}").into(), one })
    }

    /// Why `mv`, not among the legal moves of `s`, is not: the rule of moves that may not be
    /// played, if it is that rule.
    pub(crate) fn never_refusal(&self, s: &State, mv: Move) -> Option<IllegalMove> {
        let never = self.t.legal.as_deref()?.never.as_ref()?;
        let player = s.to_move;
        if !self.plays_freely(s, player)
            || !self.must_speaks_of(never, mv, player)
            || !self.holds_before(s, player, mv, &never.tests)
        {
            return None;
        }
        let rule = self.spec().legality.never.as_ref()?;
        let way = rule.way.map_or(String::new(), |d| format!("{} ", d.word()));
        let test = crate::lang::legality::conditions_words(&rule.conditions);
        Some(IllegalMove::NeverPlay { mv, rule: format!("a {way}move for which {test}").into() })
    }

    /// Does a move that lifts `lifted` seeds (not from the hand) end with its sowing, by the
    /// rule on single seeds?
    #[inline]
    pub(crate) fn ends_with_sowing(&self, lifted: u8) -> bool {
        lifted == 1 && self.one_seed_rule().is_some_and(|o| o.ends)
    }

    /// Why `mv`, of a pit of a single seed of the mover's, is not legal by the rule on single
    /// seeds: `None` when there is no such rule, `Some(None)` when the rule allows it.
    pub(crate) fn one_seed_refusal(&self, s: &State, mv: Move) -> Option<Option<IllegalMove>> {
        let one = self.one_seed_rule()?;
        let pit = mv.pit();
        let t = &self.t;
        let own = t.masks_now(s, &t.own, s.to_move as usize);
        let why =
            if let Some(q) = one.unless.as_ref().and_then(|c| bits(own).find(|&q| c.contains(s.pits[q]))) {
                let counts = &self.spec().legality.one_seed.as_ref().expect("the rule").unless;
                let counts = counts.as_ref().map_or(String::new(), |c| c.words());
                format!(
                    "which may be played only when no pit of player {}'s holds {counts}: pit {} holds {}",
                    s.to_move + 1,
                    q + 1,
                    s.pits[q]
                )
            } else if one.next_empty && s.pits[self.next_of(mv)] != 0 {
                let next = self.next_of(mv);
                format!(
                    "which may be played only when the next pit is empty: pit {} holds {}",
                    next + 1,
                    s.pits[next]
                )
            } else {
                return Some(None);
            };
        Some(Some(IllegalMove::OneSeed { pit: pit + 1, why: why.into() }))
    }
}

impl Rules {
    /// The rules of what the mover may choose at a relay, if the variant has them.
    #[inline]
    pub(crate) fn relay_rules(&self) -> Option<&RelayTable> {
        self.t.legal.as_deref().and_then(|l| l.relays.as_ref())
    }

    /// The choices of `player` at a relay from `q`: the ways it may sow (a move of `q` each;
    /// `Given` where there is one way, [`Rules::relay_default_way`]) and, where the mover may
    /// decline it, [`Move::PASS`].
    /// `part`: the seeds the relay sows, where not all the pit holds (the way's test counts
    /// them).
    pub(crate) fn relay_options(&self, s: &State, player: u8, q: usize, part: Option<u8>) -> MoveSet {
        let mut options = MoveSet::default();
        let Some(r) = self.relay_rules() else { return options };
        let t = &self.t;
        if r.as_a_move && t.choice >> q & 1 != 0 {
            let mut counted = *s;
            if let Some(k) = part {
                counted.pits[q] = k;
            }
            for way in [MoveDirection::Clockwise, MoveDirection::CounterClockwise] {
                let mv = Move::new(q, way).expect("a pit of the board");
                if !self.fails_capture_rule(&counted, player, mv) {
                    options.insert(mv);
                }
            }
        } else {
            options.insert(Move::from_pit(q).expect("a pit of the board"));
        }
        if r.declined.get(player as usize).is_some_and(|m| m >> q & 1 != 0) {
            options.insert(Move::PASS);
        }
        options
    }

    /// The direction a relay from `q` sows when it is not asked (`d`, the move's, or the
    /// pit's own way under `a relay sows as a move from its pit would`).
    pub(crate) fn relay_default_way(&self, q: usize, d: usize) -> usize {
        match self.relay_rules() {
            Some(r) if r.as_a_move => self.t.pit_dir[q] as usize,
            _ => d,
        }
    }
}

const _: u8 = GENERAL;

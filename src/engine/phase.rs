//! Special pits and phases ([`crate::lang::phases`]) in the [`GENERAL`] tier: stores that are
//! pits on the circuit, an opening of moves made by rule, a move each player makes once a
//! game. Only variants that have one come here (`Tables::phase`), and they play in the general
//! tier; the other tiers never look.

use crate::lang::lap_rule::Receiver;
use crate::lang::phases::{Phases, SeatPit, Target, seat_row};
use crate::lang::spec::{MAX_LAPS, MAX_PITS, MAX_PLAYERS, Spec};

use super::compile::{Counts, GENERAL, Rules};
use super::moves::{Destination, Move, MoveSummary, Observer, Ways};
use super::state::State;

/// No pit: a player without a store on the circuit, or seeds moved into the store of captures.
pub(crate) const NO_PIT: u8 = u8::MAX;
/// In `opening_to`: the pit after the one emptied (`into the next pit`).
const NEXT_PIT: u8 = u8::MAX - 1;
/// In `opening_to`: sown from the next pit on, the mover choosing the drops (`one or more
/// into each pit, as the mover chooses`).
const SPREAD: u8 = u8::MAX - 2;
/// In `opening_to`: sown as the variant's moves are (`sow 2 seeds of ...`), of
/// `opening_seeds`; or in a single lap (`, in a single lap`).
const SOW: u8 = u8::MAX - 3;
const SOW_SINGLE: u8 = u8::MAX - 4;
/// In `opening_to`: a player without a line of the opening, whose moves in it are ordinary.
const NO_RULE: u8 = u8::MAX - 5;

/// The phases, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PhaseTable {
    /// The stores on the circuit, as a mask, and each player's ([`NO_PIT`] if none).
    pub stores: u64,
    pub store: [u8; MAX_PLAYERS],
    /// The opening: the plies it lasts (0: none), the pits each player may empty in it, and
    /// the pit the seeds go to ([`NO_PIT`]: the store of captures; [`NEXT_PIT`]: the pit after
    /// the one emptied; [`SPREAD`], [`SOW`], [`SOW_SINGLE`]: sown); the seeds a sowing lifts
    /// (0: every seed of the pit).
    pub opening_plies: u32,
    pub opening_from: [u64; MAX_PLAYERS],
    pub opening_to: [u8; MAX_PLAYERS],
    pub opening_seeds: [u8; MAX_PLAYERS],
    /// A sowing of the opening that relays from this place while it is occupied, and does
    /// nothing else after a lap.
    pub opening_relay: [Option<crate::lang::lap_rule::Place>; MAX_PLAYERS],
    /// The store of captures of `opening_to` is the mover's hand (a board without stores):
    /// only the words of a move differ.
    pub opening_hand: bool,
    /// The move once a game: the store counts that call for it, whether it skips the stores,
    /// and the counts of the opponent's pits it then takes.
    pub store_move: Option<(Counts, bool, Option<Counts>)>,
    /// Each player's opponent's pits, their store aside.
    pub opponent_pits: [u64; MAX_PLAYERS],
    /// The set-up from the hands: the seeds a placement puts (0: none).
    pub setup: u8,
    /// Sowing from the hand: each player's pit the seeds are put at ([`NO_PIT`]: no sowing
    /// from the hand), and whether the first seed falls into it (else into the next pit).
    pub hand_entry: [u8; MAX_PLAYERS],
    pub hand_into: bool,
    /// The direction allowed only to a move that captures: clockwise (true) or not; and the
    /// test made before the move instead, if the rule says one (a place named from the pit
    /// the last seed will reach, and its counts).
    pub only_if_captures: Option<bool>,
    pub only_if_before: Option<Vec<super::lap::Test>>,
    /// That direction never in a player's first move (`State::moved`).
    pub only_if_later: bool,
    /// A player whose pits are all empty after a move loses.
    pub empty_loses: bool,
    /// A player whose inner row is empty after a move or a relay loses.
    pub inner_loses: bool,
    /// Seeds put into play from the hand: each player's pits a seed may go into (0: none).
    pub place: [u64; MAX_PLAYERS],
    /// Feeding by a transfer: the seeds moved, and for each mover the opponent's pit they go
    /// to; and each mover's own pits.
    pub feed: Option<(u8, [u8; MAX_PLAYERS])>,
    pub own_pits: [u64; MAX_PLAYERS],
    /// A distribution by the player to move (with facing pits both empty or both occupied at
    /// its end: `facing`), and the other's choice after it (the points too: `swap_points`).
    pub distribute: Option<crate::lang::phases::Distribute>,
    pub swap: Option<crate::lang::phases::SwapChoice>,
    /// An opening of takes in an order of players ([`crate::lang::phases::TakeOpening`]):
    /// its plies are `opening_plies`, the pits each player may empty `opening_from`.
    pub takes: Option<OpeningTakes>,
}

/// An opening of takes, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OpeningTakes {
    /// The counts a pit taken may hold (every count but 0 for `an occupied pit`).
    pub counts: Counts,
    /// Whom the seeds go to.
    pub to: Receiver,
    /// The players of the opening's moves in order, and who moves first after it (0-based).
    pub order: Vec<u8>,
    pub first: u8,
}

impl PhaseTable {
    pub fn new(spec: &Spec) -> Option<PhaseTable> {
        let ph: &Phases = &spec.phases;
        // A loss of a player whose pits are all empty keeps the table it always had (its
        // byte below, the tier): the same tables whichever way the line is written.
        let empty_loses = spec.endings.empty_loses();
        if !ph.any() && !empty_loses {
            return None;
        }
        let players = spec.players as usize;
        let k = spec.pits_per_row as usize;
        let seat = |p: usize, s: SeatPit| -> u8 {
            let row = seat_row(&spec.owners, p as u8);
            s.index(k).and_then(|i| row.get(i)).map_or(NO_PIT, |&q| q as u8)
        };
        let mut t = PhaseTable {
            stores: 0,
            store: [NO_PIT; MAX_PLAYERS],
            opening_plies: 0,
            opening_from: [0; MAX_PLAYERS],
            opening_to: [NO_PIT; MAX_PLAYERS],
            opening_seeds: [0; MAX_PLAYERS],
            opening_relay: [None; MAX_PLAYERS],
            opening_hand: false,
            store_move: ph
                .store_move
                .as_ref()
                .map(|m| (Counts::from_set(&m.holds), m.skip_stores, m.take.as_ref().map(Counts::from_set))),
            opponent_pits: [0; MAX_PLAYERS],
            setup: ph.setup.unwrap_or(0),
            hand_entry: [NO_PIT; MAX_PLAYERS],
            hand_into: ph.hand_sowing.as_ref().is_some_and(|h| h.into),
            // Direction 0 is the board's (`Tables::cw` says whether it is clockwise).
            only_if_captures: ph.only_if_captures.as_ref().map(|o| o.clockwise),
            only_if_later: ph.only_if_captures.as_ref().is_some_and(|o| o.later),
            only_if_before: ph
                .only_if_captures
                .as_ref()
                .and_then(|o| o.before.as_ref())
                .map(|conditions| super::legal::tests_of(spec, conditions)),
            empty_loses,
            inner_loses: ph.inner_loses,
            place: [0; MAX_PLAYERS],
            feed: None,
            own_pits: [0; MAX_PLAYERS],
            distribute: ph.distribute,
            swap: ph.swap,
            takes: None,
        };
        for p in 0..players {
            t.own_pits[p] = seat_row(&spec.owners, p as u8).into_iter().fold(0u64, |m, q| m | 1 << q);
        }
        if let Some(place) = &ph.place_hand {
            let rows = place.row.map(|side| spec.geometry().side_mask(side));
            for p in 0..players {
                t.place[p] = t.own_pits[p] & rows.unwrap_or(u64::MAX);
            }
        }
        if let Some((seeds, pit)) = ph.feed_one
            && players == 2
        {
            let mut to = [NO_PIT; MAX_PLAYERS];
            for (p, t) in to.iter_mut().enumerate().take(2) {
                *t = seat(1 - p, pit);
            }
            t.feed = Some((seeds, to));
        }
        if let Some(h) = &ph.hand_sowing {
            for p in 0..players {
                t.hand_entry[p] = seat(p, h.pit);
            }
        }
        if let Some(s) = ph.store_pit {
            for p in 0..players {
                t.store[p] = seat(p, s);
                if t.store[p] != NO_PIT {
                    t.stores |= 1 << t.store[p];
                }
            }
        }
        // A board of stores only (rows of one pit) skips none, so that the sowing ends.
        let all = if spec.pits() == 64 { u64::MAX } else { (1u64 << spec.pits()) - 1 };
        if t.stores == all
            && let Some((_, skip, _)) = &mut t.store_move
        {
            *skip = false;
        }
        // Each player's rule: their own line, or the line for all.
        let rule_of = |p: usize| ph.opening.iter().find(|o| o.who.is_none_or(|w| w as usize == p));
        if let Some(o) = ph.opening.first() {
            t.opening_plies = o.moves as u32 * players as u32;
            t.opening_hand = o.to == Target::Hand;
        }
        for p in 0..players {
            let Some(o) = rule_of(p) else {
                if !ph.opening.is_empty() {
                    t.opening_to[p] = NO_RULE;
                }
                continue;
            };
            // `a pit of theirs`: every pit of their row; `the opponent's ...`: named from the
            // other player's seat.
            let whose = if o.opponent { 1 - p.min(1) } else { p };
            t.opening_from[p] = if o.from.is_empty() {
                t.own_pits[p] & !t.stores
            } else {
                o.from.iter().map(|&s| seat(whose, s)).filter(|&q| q != NO_PIT).fold(0, |m, q| m | 1 << q)
            };
            t.opening_to[p] = match o.to {
                Target::Store => t.store[p],
                // With the captures: no pit (a board without stores).
                Target::Hand => NO_PIT,
                Target::Pit(s) => seat(p, s),
                // Named from the pit emptied, as the move is played.
                Target::Next => NEXT_PIT,
                Target::Spread => SPREAD,
                Target::Sow { single: false } => SOW,
                Target::Sow { single: true } => SOW_SINGLE,
            };
            t.opening_seeds[p] = o.seeds.unwrap_or(0);
            t.opening_relay[p] = o.relay;
            // Any pit of theirs but the one the seeds go into.
            if o.from.is_empty() && (t.opening_to[p] as usize) < MAX_PITS {
                t.opening_from[p] &= !(1u64 << t.opening_to[p]);
            }
        }
        if let Some(o) = &ph.take_opening {
            t.opening_plies = o.order.len() as u32;
            t.opening_from = t.own_pits;
            t.opening_hand = o.to != Receiver::Nobody && !spec.stores && ph.store_pit.is_none();
            t.takes = Some(OpeningTakes {
                counts: o.holds.as_ref().map_or_else(Counts::occupied, Counts::from_set),
                to: o.to,
                order: o.order.clone(),
                first: o.first,
            });
        }
        for p in 0..players.min(2) {
            let other = seat_row(&spec.owners, 1 - p as u8).into_iter().fold(0u64, |m, q| m | 1 << q);
            t.opponent_pits[p] = other & !t.stores;
        }
        Some(t)
    }

    /// The table's bytes, for the fingerprint.
    pub fn bytes(&self, out: &mut Vec<u8>) {
        out.extend(b"phases");
        out.extend(self.stores.to_le_bytes());
        out.extend(self.store);
        out.extend(self.opening_plies.to_le_bytes());
        out.extend(self.opening_from.iter().flat_map(|m| m.to_le_bytes()));
        out.extend(self.opening_to);
        out.extend(self.hand_entry);
        out.extend([
            self.hand_into as u8,
            self.only_if_captures.map_or(u8::MAX, |d| d as u8),
            self.empty_loses as u8,
        ]);
        // Appended only where said, so that other variants keep their fingerprints.
        if self.only_if_later {
            out.extend(b"later");
        }
        if self.opening_seeds.iter().any(|&n| n > 0) {
            out.extend(b"opening seeds");
            out.extend(self.opening_seeds);
        }
        if self.opening_relay.iter().any(Option::is_some) {
            out.extend(b"opening relay");
            out.extend(self.opening_relay.iter().map(|p| p.map_or(u8::MAX, |p| p.code())));
        }
        match self.only_if_before.as_deref() {
            None => {}
            // One count of one place: the bytes it always had.
            Some([super::lap::Test::Count(place, counts)]) => {
                out.push(place.code());
                out.extend(counts.words().iter().flat_map(|w| w.to_le_bytes()));
            }
            Some(tests) => super::legal::test_bytes(tests, out),
        }
        if let Some((holds, skip, take)) = &self.store_move {
            out.push(1 + *skip as u8);
            out.extend(holds.words().iter().flat_map(|w| w.to_le_bytes()));
            if let Some(c) = take {
                out.extend(c.words().iter().flat_map(|w| w.to_le_bytes()));
            }
        }
        if self.setup > 0 {
            out.extend(b"setup");
            out.push(self.setup);
        }
        if self.inner_loses {
            out.extend(b"inner loses");
        }
        if self.place.iter().any(|&m| m != 0) {
            out.extend(b"place");
            out.extend(self.place.iter().flat_map(|m| m.to_le_bytes()));
        }
        if let Some((seeds, to)) = &self.feed {
            out.extend(b"feed");
            out.push(*seeds);
            out.extend(to);
        }
        if let Some(tk) = &self.takes {
            out.extend(b"takes");
            out.extend(tk.counts.words().iter().flat_map(|w| w.to_le_bytes()));
            out.push(tk.to as u8);
            out.extend(&tk.order);
            out.push(tk.first);
        }
        if let Some(d) = &self.distribute {
            out.extend(b"deal");
            out.push(d.facing as u8);
            out.push(self.swap.map_or(0, |c| 1 + c.points as u8));
        }
    }

    /// The moves of `player` that the phases decide, if they decide them: an opening move,
    /// or the move once a game when it is due.
    #[inline]
    pub fn moves(&self, s: &State, player: u8) -> Option<Ways> {
        let p = player as usize;
        // An opponent whose pits are all empty is fed by a transfer from one of the mover's.
        if let Some((seeds, _)) = &self.feed
            && (p < 2 && self.own_pits[1 - p] & super::turn::at_least(&s.pits, s.n_pits, 1) == 0)
        {
            return Some(Ways::given(self.own_pits[p] & super::turn::at_least(&s.pits, s.n_pits, *seeds)));
        }
        if s.plies < self.opening_plies && self.opening_to[p] != NO_RULE {
            if let Some(tk) = &self.takes {
                let mine = (0..s.n_pits as usize)
                    .filter(|&q| self.opening_from[p] >> q & 1 != 0 && tk.counts.contains(s.pits[q]))
                    .fold(0u64, |m, q| m | 1 << q);
                return Some(Ways::given(mine));
            }
            // A pit that holds the seeds the move lifts: one or more, or the seeds a sowing
            // of some of them sows.
            let full = super::turn::at_least(&s.pits, s.n_pits, self.opening_seeds[p].max(1));
            return Some(Ways::given(self.opening_from[p] & full));
        }
        // While the mover holds seeds in hand, each move puts one into play.
        if self.places(s, player) {
            return Some(Ways::given(self.place[p]));
        }
        if let Some((holds, ..)) = &self.store_move
            && s.spent >> p & 1 == 0
            && self.store[p] != NO_PIT
            && holds.contains(s.pits[self.store[p] as usize])
            && s.pits[self.store[p] as usize] > 0
        {
            return Some(Ways::given(1 << self.store[p]));
        }
        None
    }

    /// Is `player`'s move in `s` a seed put into play from their hand?
    #[inline]
    pub fn places(&self, s: &State, player: u8) -> bool {
        self.place[player as usize] != 0 && s.captured[player as usize] > 0
    }
}

impl PhaseTable {
    /// Who moves after the opening's ply `plies` (1-based: the plies played): the next player
    /// of its order, or, after its last, the player who moves first.
    pub fn turn_after(&self, plies: u32) -> u8 {
        let tk = self.takes.as_ref().expect("an opening in an order of players");
        tk.order.get(plies as usize).copied().unwrap_or(tk.first)
    }
}

impl Rules {
    /// Who moves after the opening's ply `plies`, in an opening whose players do not follow
    /// in turn.
    #[cold]
    pub(crate) fn turn_after(&self, plies: u32) -> u8 {
        self.t.phase.as_deref().expect("an opening").turn_after(plies)
    }

    /// Is the move of the player to move in `s` a seed put into play from their hand?
    #[inline]
    pub(crate) fn places(&self, s: &State) -> bool {
        self.t.phase.as_deref().is_some_and(|ph| ph.places(s, s.to_move))
    }

    /// Plays a move the phases make, if `mv` is one: an opening move, or the move once a game.
    /// `None` for an ordinary move.
    pub(crate) fn phase_move<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
    ) -> Option<MoveSummary> {
        let ph = self.t.phase.as_deref()?;
        // A move from the hand is an ordinary move ([`super::held`]).
        if mv.hand() > 0 {
            return None;
        }
        let m = s.to_move as usize;
        let pit = mv.pit();
        let lifted = s.pits[pit];
        let mut summary = MoveSummary::new(mv, lifted, pit);
        // A seed put into play from the hand is sown as a lap ([`Rules::laps_from`]).
        if ph.places(s, m as u8) {
            return None;
        }
        if s.plies < ph.opening_plies
            && let Some(tk) = &ph.takes
        {
            // A take of the opening: every seed of the pit, for whoever the rule says.
            // Told as seeds moved without sowing, as the other openings' moves are.
            s.pits[pit] = 0;
            let dest = match tk.to {
                Receiver::Nobody => {
                    s.removed += lifted;
                    Destination::OutOfPlay
                }
                Receiver::Opponent => {
                    s.captured[1 - m] += lifted as u16;
                    Destination::Opponent
                }
                _ => {
                    s.captured[m] += lifted as u16;
                    if ph.opening_hand { Destination::Hand } else { Destination::Store }
                }
            };
            obs.transfer(pit, dest, lifted);
            // Nothing is lifted to be sown, as in a take chosen within a move.
            summary.lifted = 0;
            return Some(summary);
        }
        if s.plies < ph.opening_plies && ph.opening_to[m] == SPREAD {
            return Some(self.spread(s, pit, summary, obs));
        }
        if s.plies < ph.opening_plies && matches!(ph.opening_to[m], SOW | SOW_SINGLE) {
            // Sown and captured as a move is, of the seeds the rule gives; in a single lap,
            // the lap's last pit judged as a move's last lap's is.
            let part = (ph.opening_seeds[m] > 0).then_some(ph.opening_seeds[m]);
            summary.lifted = part.unwrap_or(lifted);
            if let Some(place) = ph.opening_relay[m] {
                return Some(self.relay_while(s, pit, self.opening_way(pit), part, place, summary, obs));
            }
            let limit = if ph.opening_to[m] == SOW_SINGLE { 1 } else { MAX_LAPS };
            return Some(
                self.laps_from(s, mv, pit, self.opening_way(pit), 1, limit, part, false, summary, obs).0,
            );
        }
        if s.plies < ph.opening_plies && ph.opening_to[m] != NO_RULE {
            s.pits[pit] = 0;
            let to = match ph.opening_to[m] {
                NEXT_PIT => self.t.next[self.opening_way(pit)][pit],
                to => to,
            };
            // Into the store of captures: the move's last place stays its pit, so that no
            // rule of a last seed in a store (an extra turn) reads it.
            let place = if to == NO_PIT {
                s.captured[m] += lifted as u16;
                self.t.pits as usize + m
            } else {
                s.pits[to as usize] += lifted;
                summary.last = to as usize;
                to as usize
            };
            for _ in 0..lifted {
                obs.sow(place);
            }
            let dest = match to {
                NO_PIT if ph.opening_hand => Destination::Hand,
                NO_PIT => Destination::Store,
                q => Destination::Pit(q as usize),
            };
            obs.transfer(pit, dest, lifted);
            return Some(summary);
        }
        if let Some((seeds, to)) = &ph.feed
            && m < 2
            && ph.own_pits[1 - m] & super::turn::at_least(&s.pits, s.n_pits, 1) == 0
        {
            // Feeding by a transfer: no sowing, no capture.
            let q = to[m] as usize;
            s.pits[pit] -= seeds;
            s.pits[q] += seeds;
            obs.feed(pit, q, *seeds);
            for _ in 0..*seeds {
                obs.sow(q);
            }
            summary.last = q;
            summary.lifted = *seeds;
            return Some(summary);
        }
        let (_, skip, take) = ph.store_move.as_ref()?;
        if pit != ph.store[m] as usize {
            return None;
        }
        // The store, sown like a pit, perhaps past both stores; then the opponent's pits.
        s.spent |= 1 << m;
        s.pits[pit] = 0;
        let d = self.direction_of(mv);
        let (mut q, mut hand) = (pit, lifted);
        while hand > 0 {
            q = self.t.next[d][q] as usize;
            if *skip && ph.stores >> q & 1 != 0 {
                continue;
            }
            s.pits[q] += 1;
            hand -= 1;
            obs.sow(q);
        }
        summary.last = q;
        if let Some(counts) = take {
            let mut pits = ph.opponent_pits[m];
            while pits != 0 {
                let q = pits.trailing_zeros() as usize;
                pits &= pits - 1;
                let seeds = s.pits[q];
                if seeds > 0 && counts.contains(seeds) {
                    obs.capture(q, seeds);
                    s.pits[q] = 0;
                    s.pits[pit] += seeds;
                    summary.captured += seeds as u16;
                    summary.captured_pits += 1;
                }
            }
        }
        Some(summary)
    }

    /// The way an opening's move from `pit` goes: the way the pit sows; counter-clockwise
    /// where it sows either way.
    fn opening_way(&self, pit: usize) -> usize {
        let t = &self.t;
        (if t.choice >> pit & 1 != 0 { 1 - t.cw } else { t.pit_dir[pit] }) as usize
    }

    /// An opening's sowing whose drops the mover chooses: every seed of `pit` is lifted and the
    /// first falls into the next pit; the move then pauses for where each later seed falls
    /// ([`super::step`]), the mover holding them meanwhile. No capture.
    fn spread<O: Observer>(
        &self,
        s: &mut State,
        pit: usize,
        mut summary: MoveSummary,
        obs: &mut O,
    ) -> MoveSummary {
        let d = self.opening_way(pit);
        let lifted = s.pits[pit];
        s.pits[pit] = 0;
        let q = self.t.next[d][pit] as usize;
        s.pits[q] += 1;
        obs.sow(q);
        summary.last = q;
        if lifted > 1 {
            s.pending = super::step::DROP | (d as u8) << 7;
            s.pending_at = q as u8;
            s.pending_seeds = lifted - 1;
        }
        summary
    }

    /// Puts what each player captured into their store on the circuit, where they have one:
    /// their captures lie there, to be sown again.
    #[inline]
    pub(crate) fn bank(&self, s: &mut State) {
        if let Some(ph) = self.t.phase.as_deref() {
            for p in 0..self.t.players as usize {
                let q = ph.store[p];
                if q != NO_PIT && s.captured[p] > 0 {
                    s.pits[q as usize] += s.captured[p] as u8;
                    s.captured[p] = 0;
                }
            }
        }
    }

    /// The seeds in each player's store on the circuit (0 where none), for the scores.
    pub(crate) fn stored(&self, s: &State) -> [u32; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        if let Some(ph) = self.t.phase.as_deref() {
            for (p, o) in out.iter_mut().enumerate().take(self.t.players as usize) {
                if ph.store[p] != NO_PIT {
                    *o = s.pits[ph.store[p] as usize] as u32;
                }
            }
        }
        out
    }

    /// Is pit `p` a store on the circuit?
    #[inline]
    pub(crate) fn is_pit_store(&self, p: usize) -> bool {
        self.t.phase.as_deref().is_some_and(|ph| ph.stores >> p & 1 != 0)
    }
}

const _: () = assert!(MAX_PITS <= 64 && MAX_PLAYERS <= 8, "pits are a 64-bit mask, players a byte");
const _: u8 = GENERAL;

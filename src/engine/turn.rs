//! Whose turn it is and what they may play: starting positions, legal moves, and the rule for
//! a player who cannot move.

use crate::lang::spec::{GrandSlam, MAX_PITS};

use super::compile::{GENERAL, NO_PIT, PLAIN, RICH, Rules};
use super::moves::{IllegalMove, Move, MoveDirection, MoveSet, Observer, Ways};
use super::state::{EndReason, NOBODY, PositionError, State};

/// The pits holding at least `k` seeds, as a mask: eight pits at a time, each byte's
/// comparison made in its own lane of a 64-bit word. Pits `n` and on, up to the end of their
/// word, may be in it too (with `k` 0): a caller masks with the pits it asks about.
#[inline(always)]
pub(crate) fn at_least(pits: &[u8; MAX_PITS], n: u8, k: u8) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if k > 127 {
        return (0..n as usize).filter(|&p| pits[p] >= k).fold(0, |m, p| m | 1 << p);
    }
    // A lane of 0x80 + (b & 0x7f) minus k keeps its high bit iff b & 0x7f >= k (no lane
    // borrows: k <= 127); a byte of 128 or more holds at least k anyway. The lanes' high
    // bits are then gathered into 8 bits.
    let lanes = |w: usize| {
        let word = u64::from_le_bytes(pits[8 * w..8 * w + 8].try_into().expect("8 pits"));
        let ge = ((((word & !HIGH) | HIGH) - k as u64 * LOW) | word) & HIGH;
        ((ge >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) & 0xff
    };
    // A board of 8 pits or fewer takes one word and no loop.
    let mut mask = lanes(0);
    for w in 1..(n as usize).div_ceil(8) {
        mask |= lanes(w) << (8 * w);
    }
    mask
}

/// Are all the pits of `mask` empty in `s`?
fn opponent_empty(s: &State, mut mask: u64) -> bool {
    while mask != 0 {
        if s.pits[mask.trailing_zeros() as usize] > 0 {
            return false;
        }
        mask &= mask - 1;
    }
    true
}

impl Rules {
    /// Every move a game of these rules may offer, in a fixed order: each pit sown its own way
    /// (pit 1 first); where some pit sows either way, each pit clockwise, then each pit
    /// counter-clockwise; where players sow from a hand, 1 to `k` seeds from it clockwise, then
    /// counter-clockwise (`k` the seeds in play, at most [`MAX_HAND`]); `pass`, where a relay
    /// may be declined, a paused move stopped or a rearrangement passed. A move's place in
    /// this list is its number in the numbering other programs need (OpenSpiel's actions):
    /// the same for every game of the rules. It may hold moves no position offers (a pit
    /// sown its own way that only ever sows either way), never fewer than some position does.
    ///
    /// [`MAX_HAND`]: crate::lang::spec::MAX_HAND
    pub fn move_space(&self) -> Vec<Move> {
        let n = self.pits();
        let mut all: Vec<Move> = (0..n).filter_map(Move::from_pit).collect();
        if self.t.choice != 0 {
            for way in [MoveDirection::Clockwise, MoveDirection::CounterClockwise] {
                all.extend((0..n).filter_map(|p| Move::new(p, way)));
            }
        }
        let hands = self.t.phase.as_deref().is_some_and(|ph| ph.hand_entry.iter().any(|&e| e != NO_PIT));
        if hands {
            let most = (self.total_seeds() as usize).min(crate::lang::spec::MAX_HAND);
            for way in [MoveDirection::Clockwise, MoveDirection::CounterClockwise] {
                all.extend((1..=most).filter_map(|k| Move::from_hand(k, way)));
            }
        }
        if self.t.staged.is_some() || self.relay_rules().is_some() || self.t.chooses {
            all.push(Move::PASS);
        }
        all
    }

    /// The starting position.
    pub fn initial_state(&self) -> State {
        let mut s = self.state_with(self.initial, self.first_player);
        if self.spec().hand_seeds > 0 {
            self.deal_hands(&mut s);
        }
        s
    }

    /// Whether the rules draw at random (a pit's owner drawn on a tie): a game of them has its
    /// own stream of chance, which [`Rules::seed_chance`] seeds.
    pub fn draws(&self) -> bool {
        self.t.rounds.is_some_and(|r| r.draws())
    }

    /// Seeds the stream of chance of a game whose rules draw: every draw of the game follows
    /// from `seed` (a run derives it from its own seed and the game's number). Nothing changes
    /// in a game whose rules draw nothing, so its positions stay equal whoever runs them.
    pub fn seed_chance(&self, s: &mut State, seed: u64) {
        if self.draws() {
            s.chance = seed;
        }
    }

    /// A draw of the rules: one of `n` outcomes (0-based), each as likely, from the game's
    /// stream of chance (SplitMix64, then Lemire's multiply for the range).
    pub(crate) fn draw(s: &mut State, n: u64) -> u64 {
        s.chance = s.chance.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s.chance;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((z as u128 * n as u128) >> 64) as u64
    }

    /// A position given by hand (seeds per pit, pit 1 first; 0-based player to move), with
    /// nothing captured, no plies played and nobody having moved last.
    pub fn state_from(&self, pits: &[u8], to_move: usize) -> Result<State, PositionError> {
        let n = self.pits();
        if pits.len() != n {
            return Err(PositionError::WrongLength { given: pits.len(), pits: n });
        }
        let total: u32 = pits.iter().map(|&s| s as u32).sum();
        if total > 255 {
            return Err(PositionError::TooManySeeds { total });
        }
        if to_move >= self.players() {
            return Err(PositionError::NoSuchPlayer {
                given: to_move.saturating_add(1),
                players: self.players(),
            });
        }
        let mut board = [0; MAX_PITS];
        board[..n].copy_from_slice(pits);
        Ok(self.state_with(board, to_move as u8))
    }

    /// The position `s` as reached after `plies` plies, `to_move` (0-based) to move: the rules
    /// that count them (an opening, `no capture in the first N moves of the game`, the ply
    /// limit) read them as played, and the legal moves are theirs. (The player `s` was made
    /// for is given again: a position built at ply 0 may have passed the turn on, its player
    /// having no move of the opening.)
    pub fn after_plies(&self, mut s: State, plies: u32, to_move: usize) -> State {
        s.plies = plies;
        s.end = None;
        let to_move = to_move.min(self.players().saturating_sub(1)) as u8;
        if self.t.tier == GENERAL {
            self.settle::<GENERAL, ()>(&mut s, to_move, &mut ());
        } else {
            self.settle::<RICH, ()>(&mut s, to_move, &mut ());
        }
        s
    }

    fn state_with(&self, pits: [u8; MAX_PITS], to_move: u8) -> State {
        let mut s = State {
            pits,
            captured: [0; crate::lang::spec::MAX_PLAYERS],
            plies: 0,
            moves: MoveSet::default(),
            n_pits: self.t.pits,
            n_players: self.t.players,
            to_move,
            last_mover: NOBODY,
            removed: 0,
            spent: 0,
            moved: 0,
            end: None,
            claimed: [0; 2],
            out: 0,
            round: 0,
            phase: 0,
            annexed: 0,
            shared: 0,
            played: 0,
            stones: self.t.stones.as_deref().map_or(0, |st| st.start),
            kept: 0,
            pending: 0,
            pending_at: 0,
            pending_laps: 0,
            pending_seeds: 0,
            stage: self.t.staged.as_deref().map_or(0, |st| st.start),
            chance: 0,
        };
        if self.t.tier == GENERAL {
            self.settle::<GENERAL, ()>(&mut s, to_move, &mut ());
        } else {
            self.settle::<RICH, ()>(&mut s, to_move, &mut ());
        }
        s
    }

    /// The pits `player` could play in `s`.
    #[inline(always)]
    fn moves_of<const TIER: u8>(&self, s: &State, player: u8) -> Ways {
        let t = &self.t;
        if TIER == GENERAL && s.phase != 0 {
            return self.fill_moves(s, player);
        }
        let playable = at_least(&s.pits, t.pits, t.min_seeds);
        // The pits a player owns may change between rounds (the general tier only); a player
        // who plays from the opponent's row plays the pits the opponent owns.
        let own = if TIER == GENERAL {
            let from = if t.extras.plays_other { 1 - player } else { player };
            t.masks_now(s, &t.own, from as usize)
        } else {
            t.own[player as usize]
        };
        let mut pits = own & playable;
        // Compiled out below the general tier: the opening, the move once a game, stores on
        // the circuit (which ordinary moves never play), claimed pits, first moves, and pits
        // out of play.
        if TIER == GENERAL {
            // Pits of a single seed, played only in some positions ([`super::legal`]).
            if t.legal.is_some() {
                pits = self.one_seed_pits(s, own, pits);
            }
            if let Some(ph) = t.phase.as_deref() {
                if let Some(moves) = ph.moves(s, player) {
                    return moves;
                }
                pits &= !ph.stores;
            }
            pits &= self.general_playable(s, player);
            // Pits out of play (games of rounds) cannot be played.
            pits &= !s.out;
            // A pit named from the seat, played only with some counts or alone.
            if t.legal.is_some() {
                pits = self.seat_only_pits(s, player, pits);
            }
        }
        if TIER == PLAIN {
            return Ways::given(pits);
        }
        // Played out only when a rule may forbid some: a grand slam rule, or an opponent
        // without seeds to feed (seen from one mask of the pits holding seeds: the same one
        // when a single seed can be played).
        let filter = t.filter_moves
            && (t.grand_slam == GrandSlam::NotAllowed
                || TIER == GENERAL && (t.first_lap_feeds || t.extras.leaves_move)
                || {
                    let nonempty = if t.min_seeds == 1 { playable } else { at_least(&s.pits, t.pits, 1) };
                    t.own[1 - player as usize] & nonempty == 0
                });
        // A pit that sows either way is two moves.
        let c = t.choice;
        let moves = if TIER < RICH || c == 0 {
            Ways::given(pits)
        } else {
            Ways::chosen(pits & !c, pits & c, pits & c)
        };
        if filter { self.allowed(s, player, moves) } else { moves }
    }

    /// Makes `player`'s moves the legal moves of `s`; are there any? Moves from the hand, and
    /// a way allowed only to a capture, are the general tier's, out of line.
    #[inline(always)]
    fn set_moves<const TIER: u8>(&self, s: &mut State, player: u8) -> bool {
        s.moves = self.moves_of::<TIER>(s, player).into();
        if TIER == GENERAL && self.t.hand_rules {
            self.add_hand_moves(s, player);
        }
        if TIER == GENERAL && self.t.extras.keep_way.is_some() {
            self.keep_ways(s, player);
        }
        if TIER == GENERAL && self.t.legal.is_some() {
            self.legal_filter(s, player);
        }
        if TIER == GENERAL && self.t.staged.is_some() {
            self.stage_moves(s, player);
        }
        !s.moves.is_empty()
    }

    /// [`Rules::set_moves`] of the general tier, for the rules played out of line.
    pub(crate) fn set_moves_general(&self, s: &mut State, player: u8) -> bool {
        self.set_moves::<GENERAL>(s, player)
    }

    /// The moves of `player` that the rules of feeding and of the grand slam allow: each is
    /// played on a copy of the position, sowing and capture, to see what it leaves.
    #[cold]
    #[inline(never)]
    fn allowed(&self, s: &State, player: u8, moves: Ways) -> Ways {
        let opponent = self.t.own[1 - player as usize];
        let starving = self.t.must_feed && opponent_empty(s, opponent);
        let forbid_slams = self.t.grand_slam == GrandSlam::NotAllowed;
        let leaves_move = self.t.extras.leaves_move;
        let mut kept = Ways::default();
        for mv in MoveSet::from(moves).iter() {
            let mut after = *s;
            after.to_move = player;
            let sown = self.sow_and_capture_any(&mut after, mv);
            let fed = !starving || !opponent_empty(&after, opponent);
            let left = !leaves_move || self.can_play(&after, 1 - player);
            if fed && left && !(forbid_slams && sown.grand_slam) && !sown.starves {
                kept.insert(mv);
            }
        }
        kept
    }

    /// Has `player` a pit they may play in `s` (`a move must leave the opponent a move`): one
    /// of theirs holding the seeds a move needs, not kept from play by a rule of pits. The
    /// rules judged by playing moves out are not looked at (this one would call itself).
    #[cold]
    fn can_play(&self, s: &State, player: u8) -> bool {
        let t = &self.t;
        // The pits the player plays: their own, or the opponent's row.
        let from = if t.extras.plays_other { 1 - player } else { player };
        let own = t.masks_now(s, &t.own, from as usize);
        let stores = t.phase.as_deref().map_or(0, |ph| ph.stores);
        own & at_least(&s.pits, t.pits, t.min_seeds) & self.general_playable(s, player) & !s.out & !stores
            != 0
    }

    /// Gives the turn to `player`, or applies the rule for a player who cannot move.
    #[inline(always)]
    /// `TIER` as in [`Rules::apply_in`].
    pub(crate) fn settle<const TIER: u8, O: Observer>(&self, s: &mut State, player: u8, obs: &mut O) {
        s.to_move = player;
        if self.set_moves::<TIER>(s, player) {
            return;
        }
        if TIER == GENERAL && self.t.staged.as_deref().is_some_and(|st| st.lose_in_last) {
            return self.stuck_in_stage(s, player, obs);
        }
        if self.t.pass_when_stuck {
            // Skip players without a move, in turn order; if it comes back round, nobody can.
            let mut p = player;
            for _ in 0..self.t.players {
                obs.pass(p as usize);
                p = if p + 1 == self.t.players { 0 } else { p + 1 };
                if self.set_moves::<TIER>(s, p) {
                    s.to_move = p;
                    return;
                }
            }
            s.end = Some(EndReason::NobodyCanMove);
        } else {
            s.end = Some(EndReason::NoLegalMove);
        }
    }

    /// The legal moves of the player to move (none once the game is over).
    #[inline(always)]
    pub fn legal_moves(&self, s: &State) -> MoveSet {
        s.moves
    }

    /// A move as these rules write it: a direction named for a pit that sows one way only is
    /// dropped if it is that pit's way; a pit that sows either way needs one.
    pub fn resolve(&self, mv: Move) -> Result<Move, IllegalMove> {
        // Whether a pass may be played is the position's question ([`Rules::check_move`]).
        if mv.is_pass() {
            return Ok(mv);
        }
        if mv.hand() > 0 {
            return self.resolve_hand(mv);
        }
        let pit = mv.pit();
        if pit >= self.pits() {
            return Err(IllegalMove::NoSuchPit { pit: pit + 1, pits: self.pits() });
        }
        let choice = self.t.choice >> pit & 1 != 0;
        let own = if self.t.pit_dir[pit] == self.t.cw {
            MoveDirection::Clockwise
        } else {
            MoveDirection::CounterClockwise
        };
        // A pit an opening empties, or a seed from the hand is put into, may be written without
        // a way (such moves do not sow from it), and so may a pit filled between rounds or in
        // the set-up: whether it is such a move now is `check_move`'s question.
        let opening = |pit: usize| {
            self.t.rounds.is_some()
                || self.t.phase.as_deref().is_some_and(|ph| {
                    ph.setup > 0 || ph.opening_from.iter().chain(&ph.place).any(|m| m >> pit & 1 != 0)
                })
        };
        // An end place is never played, whichever way it is written.
        if self.is_end_place(pit) {
            return Err(IllegalMove::EndPlace { pit: pit + 1 });
        }
        match mv.direction() {
            MoveDirection::Given if choice && !opening(pit) => {
                Err(IllegalMove::NeedsDirection { pit: pit + 1 })
            }
            MoveDirection::Given => Ok(mv),
            _ if choice => Ok(mv),
            d if d == own => Ok(Move::from_pit(pit).expect("a pit of the board")),
            _ => Err(IllegalMove::WrongDirection {
                pit: pit + 1,
                its: if own == MoveDirection::Clockwise { "clockwise" } else { "counter-clockwise" },
            }),
        }
    }

    /// Whether pit `pit` (0-based), which sows either way, may be played clockwise and
    /// counter-clockwise in `s`.
    pub(crate) fn ways_now(&self, s: &State, pit: usize) -> (bool, bool) {
        let way = |d| Move::new(pit, d).is_some_and(|m| s.moves.contains(m));
        (way(MoveDirection::Clockwise), way(MoveDirection::CounterClockwise))
    }

    /// Why pit `pit` (0-based), which sows either way, cannot be played written without its
    /// way: the one way it may go now is named; with neither, why it cannot be played.
    fn unwritten_way(&self, s: &State, pit: usize) -> IllegalMove {
        let needs = IllegalMove::NeedsDirection { pit: pit + 1 };
        match self.ways_now(s, pit) {
            (true, false) => IllegalMove::OneWayNow { pit: pit + 1, clockwise: true },
            (false, true) => IllegalMove::OneWayNow { pit: pit + 1, clockwise: false },
            (false, false) => Move::new(pit, MoveDirection::CounterClockwise)
                .and_then(|ccw| self.check_move(s, ccw).err())
                .unwrap_or(needs),
            (true, true) => needs,
        }
    }

    /// Why `mv` cannot be played in `s`, if it cannot.
    pub fn check_move(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        if let Some(reason) = s.end {
            return Err(IllegalMove::GameOver { plies: s.plies, reason });
        }
        // The choice a paused move waits for ([`super::step`]): a pit, a way, or a pass.
        if s.pending != 0 {
            return self.check_step(s, mv);
        }
        if mv.is_pass() {
            return if s.moves.contains(mv) { Ok(()) } else { Err(IllegalMove::NoPass) };
        }
        if mv.hand() > 0 {
            return self.check_hand_move(s, self.resolve(mv)?);
        }
        let pit = mv.pit();
        if pit >= self.pits() {
            return Err(IllegalMove::NoSuchPit { pit: pit + 1, pits: self.pits() });
        }
        if s.phase != 0 {
            return self.check_fill(s, mv);
        }
        if self.places(s) {
            return self.check_placement(s, mv);
        }
        if self.is_end_place(pit) {
            return Err(IllegalMove::EndPlace { pit: pit + 1 });
        }
        // `3ccw` for a pit that sows counter-clockwise only is that pit's move; a move as the
        // legal moves write it stands.
        let mv = if s.moves.contains(mv) {
            mv
        } else {
            match self.resolve(mv) {
                Err(IllegalMove::NeedsDirection { .. }) => return Err(self.unwritten_way(s, pit)),
                resolved => resolved?,
            }
        };
        // A pit that sows either way, written without one, outside the opening.
        if mv.direction() == MoveDirection::Given && self.t.choice >> pit & 1 != 0 && !s.moves.contains(mv) {
            return Err(self.unwritten_way(s, pit));
        }
        // A legal move stands: an opening's move may empty a pit of the opponent's.
        if s.moves.contains(mv) {
            return Ok(());
        }
        // A pit both players own (`... and the other player tops it up`) is the mover's.
        let owner = if s.shared >> pit & 1 != 0 { s.to_move } else { self.t.owner_now(s, pit) as u8 };
        // Each player plays from the opponent's row: a pit of the mover's own is not theirs to
        // play, and the opponent's are.
        let other = self.t.extras.plays_other;
        if other && owner == s.to_move {
            return Err(IllegalMove::OwnRow { pit: pit + 1, mover: s.to_move as usize + 1 });
        }
        if owner != s.to_move && !other {
            return Err(IllegalMove::NotOwn {
                pit: pit + 1,
                owner: owner as usize + 1,
                mover: s.to_move as usize + 1,
            });
        }
        let owner = s.to_move;
        if s.out >> pit & 1 != 0 {
            return Err(IllegalMove::OutOfPlay { pit: pit + 1 });
        }
        Err(self.refusal(s, mv, pit, owner))
    }

    /// Why `mv`, from a pit of the mover's in play, is not among the legal moves of `s`.
    #[cold]
    #[inline(never)]
    fn refusal(&self, s: &State, mv: Move, pit: usize, owner: u8) -> IllegalMove {
        let seeds = s.pits[pit];
        if seeds == 0 {
            return IllegalMove::Empty { pit: pit + 1 };
        }
        // A single seed, which a rule lets play only in some positions ([`super::legal`]).
        let one_seed = match self.one_seed_refusal(s, mv) {
            Some(Some(refusal)) if seeds == 1 => return refusal,
            Some(_) => seeds == 1,
            None => false,
        };
        // A move of the opening or the move once a game needs no more than a seed, and is legal.
        if seeds < self.t.min_seeds && !one_seed {
            return IllegalMove::TooFew { pit: pit + 1, seeds, needed: self.t.min_seeds };
        }
        // The other way than the direction kept from a first move.
        if let Some(kept) = self.way_kept_against(s, mv) {
            return kept;
        }
        // Never played, claimed, or not the pit a first move must be from.
        if self.t.tier == GENERAL && self.general_playable(s, owner) >> pit & 1 == 0 {
            return self.general_refusal(s, pit);
        }
        // A pit named from the seat, with other pits to play.
        if let Some(seat) = self.seat_only_refusal(s, mv) {
            return seat;
        }
        // A way allowed only to a capture, and the move captures nothing.
        if self.t.hand_rules && self.fails_capture_rule(s, s.to_move, mv) {
            return self.no_capture(mv);
        }
        // A move that fails the test of the moves that must be played, while another passes it.
        if let Some(must) = self.must_refusal(s, mv) {
            return must;
        }
        if let Some(never) = self.never_refusal(s, mv) {
            return never;
        }
        // The opening, the move once a game, or a store on the circuit.
        if self.t.phase.is_some() && !self.t.filter_moves || self.is_pit_store(pit) {
            return IllegalMove::NotNow {
                pit: pit + 1,
                legal: s.moves.iter().map(|m| m.pit() + 1).collect(),
            };
        }
        // Playable by its seeds, and not legal: the rules of feeding or of the grand slam. Which
        // of the two: played out on a copy, as the legal moves were.
        let opponent = self.t.own[1 - s.to_move as usize];
        let mut after = *s;
        let sown = self.sow_and_capture_any(&mut after, mv);
        let starves = self.t.must_feed && opponent_empty(s, opponent) && opponent_empty(&after, opponent);
        if sown.starves {
            IllegalMove::FirstLapStarves { pit: pit + 1 }
        } else if self.t.extras.leaves_move && !self.can_play(&after, 1 - s.to_move) {
            IllegalMove::LeavesNoMove { pit: pit + 1 }
        } else if starves {
            IllegalMove::DoesNotFeed { pit: pit + 1 }
        } else {
            IllegalMove::GrandSlam { pit: pit + 1 }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_compares_every_pit_with_the_count() {
        let mut pits = [0u8; MAX_PITS];
        for (i, p) in pits.iter_mut().enumerate() {
            *p = [0u8, 1, 2, 3, 127, 128, 200, 255][i % 8].wrapping_add((i / 8) as u8 % 3);
        }
        for n in [1u8, 6, 8, 12, 13, 63, 64] {
            for k in [0u8, 1, 2, 3, 4, 127, 128, 129, 200, 255] {
                let want = (0..n as usize).filter(|&p| pits[p] >= k).fold(0u64, |m, p| m | 1 << p);
                let first_n = if n < 64 { (1u64 << n) - 1 } else { u64::MAX };
                assert_eq!(at_least(&pits, n, k) & first_n, want, "n {n}, k {k}");
            }
        }
    }

    #[test]
    fn the_move_space_holds_every_move_a_random_game_offers() {
        let mut seen_ways = false;
        let mut seen_hand = false;
        let mut seen_pass = false;
        for &(name, text) in crate::lang::library::BUNDLED {
            let file = crate::lang::library::load_bundled(name, text).unwrap();
            for ruleset in std::iter::once(None).chain(file.ruleset_names().into_iter().map(Some)) {
                let rules = crate::load_rules(name, ruleset).unwrap();
                let space = rules.move_space();
                let label = format!("{name}:{}", ruleset.unwrap_or("-"));
                let mut sorted = space.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), space.len(), "{label}: no move twice");
                let mut random = 0x9e37_79b9_7f4a_7c15u64 ^ space.len() as u64;
                for _ in 0..60 {
                    let mut game = super::super::Game::new(&rules, rules.initial_state());
                    for _ in 0..2000 {
                        let moves = rules.legal_moves(game.state());
                        if moves.is_empty() {
                            break;
                        }
                        for mv in moves.iter() {
                            assert!(space.contains(&mv), "{label}: {mv} is offered and not in {space:?}");
                            seen_ways |= mv.direction() != MoveDirection::Given;
                            seen_hand |= mv.hand() > 0 && !mv.is_pass();
                            seen_pass |= mv.is_pass();
                        }
                        random ^= random << 13;
                        random ^= random >> 7;
                        random ^= random << 17;
                        game.apply(moves.nth(random as usize % moves.len()).unwrap());
                    }
                }
            }
        }
        assert!(seen_ways && seen_hand && seen_pass, "the games offered moves of every kind");
    }

    #[test]
    fn the_move_space_of_a_plain_board_is_its_pits() {
        let kalah = crate::load_rules("kalah", None).unwrap();
        let names: Vec<String> = kalah.move_space().iter().map(Move::to_string).collect();
        assert_eq!(names, (1..=12).map(|p| p.to_string()).collect::<Vec<_>>());
    }
}

//! Games of several rounds (`rounds { ... }`, [`crate::lang::rounds`]): the round's end,
//! each player taking the seeds of their pits into their hand (their `captured` count), the
//! pits filled in turns from the hands (each fill a move of its own, in the phase
//! [`FILLING`]), pits out of play, and the end of the match. Only variants with rounds come
//! here, in the [`GENERAL`] tier: the other tiers never look at these fields.

use crate::lang::rounds::{
    FillBeyond, FillOrder, Filler, FirstFiller, MatchEnd, RoundEnd, RoundTake, Tie, Unfilled,
};
use crate::lang::spec::MAX_PLAYERS;

use super::compile::{GENERAL, Rules, Tables};
use super::history::History;
use super::moves::{Drawn, IllegalMove, Move, MoveSummary, Observer, Ways};
use super::state::{EndReason, Outcome, State};
use super::turn::at_least;

/// The phase of a game of rounds: sowing.
pub(crate) const PLAY: u8 = 0;
/// The phase of a game of rounds: filling pits for the next round, one pit a move.
pub(crate) const FILLING: u8 = 1;
/// The phase of a game whose seeds start in the hands: the set-up, placing them one move a
/// pit before the first sowing (a fill of its own rule, [`Rules::fill_now`]).
pub(crate) const SETUP: u8 = 2;

/// The phase of a game whose seeds one player distributes (`the player to move puts the seeds
/// of their hand one at a time into any pits`): a seed a move, into any pit of the board.
pub(crate) const DEAL: u8 = 3;
/// The phase after a distribution: the other player chooses to move first (pit 1's move) or
/// to swap sides (pit 2's).
pub(crate) const CHOOSE: u8 = 4;
/// Where a match of rounds scored in points keeps each player's points: the captured counts
/// of players 3 and 4, which a game of rounds (two players) never uses; so the `State` holds
/// them at no cost to other variants.
pub(crate) const POINTS: usize = 2;

/// The fill of the phase a game is in: the seeds a move puts, into which pits, by whom.
#[derive(Debug, Clone, Copy)]
struct Fill {
    seeds: u8,
    order: FillOrder,
    filler: Filler,
}

impl Rules {
    /// A position of a game of rounds given by hand: the seeds of each pit, each player's hand
    /// (their captured seeds), the player to move (0-based), the pits out of play (a mask, bit
    /// 0 for pit 1), whether the players are filling pits for the next round, and the rounds
    /// over so far. For a game without rounds, the pits out of play, the filling and the
    /// rounds must be none.
    pub fn state_in_round(
        &self,
        pits: &[u8],
        hands: &[u16],
        to_move: usize,
        out: u64,
        filling: bool,
        rounds: u32,
    ) -> Result<State, super::state::PositionError> {
        let mut s = self.state_from(pits, to_move)?;
        let board = self.players_pits();
        let in_play = |out: u64| out & !board == 0;
        let deal = self.t.phase.as_deref().is_some_and(|ph| ph.distribute.is_some());
        let setup = filling && rounds == 0 && (self.setup_seeds() > 0 || deal);
        if hands.len() != self.players()
            || (self.t.rounds.is_none() && (out != 0 || (filling && !setup) || rounds > 0))
            || !in_play(out)
        {
            return Err(super::state::PositionError::NotInRound);
        }
        s.captured[..hands.len()].copy_from_slice(hands);
        s.out = out;
        s.phase = if setup {
            SETUP
        } else if filling {
            FILLING
        } else {
            PLAY
        };
        s.round = rounds.min(u16::MAX as u32) as u16;
        s.end = None;
        if filling && self.t.phase.as_deref().is_some_and(|ph| ph.distribute.is_some()) {
            // A distribution, by the player to move, from their hand.
            self.start_deal(&mut s, to_move as u8);
        } else if filling {
            self.next_filler(&mut s, to_move as u8, &mut ());
        } else {
            self.settle::<GENERAL, ()>(&mut s, to_move as u8, &mut ());
        }
        Ok(s)
    }

    /// A move of a game of rounds: a fill between rounds, or a sowing, after which the round
    /// may be over.
    #[inline(never)]
    pub(crate) fn apply_rounds<O: Observer>(
        &self,
        s: &mut State,
        mv: Move,
        obs: &mut O,
        history: Option<&mut History>,
    ) -> MoveSummary {
        if s.phase == DEAL || s.phase == CHOOSE {
            return self.apply_deal(s, mv, obs);
        }
        let mover = s.to_move;
        let other = self.after(mover);
        if s.phase != PLAY {
            let f = self.fill_now(s);
            let p = mv.pit();
            let held = s.captured[mover as usize];
            // A player short of a fill puts in all they hold (where the rules say so).
            let seeds = f.seeds.min(held.min(u8::MAX as u16) as u8);
            s.pits[p] += seeds;
            s.captured[mover as usize] -= seeds as u16;
            obs.fill(p, seeds);
            if self.t.rounds.is_some_and(|r| r.owners.to_filler) && self.t.owner[p] != mover {
                s.annexed |= 1 << p;
            }
            s.plies += 1;
            s.last_mover = mover;
            // A player who held enough goes on filling (between rounds).
            let on = s.phase == FILLING && self.t.rounds.is_some_and(|r| r.fill_on > 0 && held >= r.fill_on);
            if s.phase == FILLING && !on {
                self.top_up(s, mover, obs);
            }
            // A single placer places on until their hand is empty.
            let next = if matches!(f.filler, Filler::Fewer { .. }) || on { mover } else { other };
            if s.plies >= self.ply_limit {
                Self::end(s, other, EndReason::PlyLimit);
            } else {
                self.next_filler(s, next, obs);
            }
            self.mover_all_but(s, mover);
            return MoveSummary::new(mv, 0, p);
        }
        let (summary, relaying) = self.general_laps(s, mv, obs);
        // A move paused for its mover's choice ([`super::step`]) ends when it is made.
        if self.t.chooses && self.paused(s) {
            return summary;
        }
        self.end_rounds_move(s, mover, summary, relaying, history, obs);
        summary
    }

    /// What follows a sowing of a game of rounds, once its laps are sown (or the choice it
    /// paused for made): the round may be over; else the turn passes. `relaying`: the round
    /// ended after a lap, which would have relayed (`Some(true)`) or not.
    pub(crate) fn end_rounds_move<O: Observer>(
        &self,
        s: &mut State,
        mover: u8,
        summary: MoveSummary,
        relaying: Option<bool>,
        history: Option<&mut History>,
        obs: &mut O,
    ) {
        let r = self.t.rounds.expect("a game of rounds");
        let other = self.after(mover);
        // What follows each move (the mover has moved, claimed pits emptied after each move,
        // the stages of the starting pit), as in a game of one round.
        self.after_general_move(s, mover, obs);
        if self.no_seeds_left(s, mover, other) {
            return;
        }
        let again = self.t.extra_turn && summary.last == self.t.pits as usize + mover as usize;
        let over = match relaying {
            Some(_) => true,
            None => match r.over.when {
                RoundEnd::RowEmpty => !r.over.after_each_lap && self.a_side_is_empty(s),
                RoundEnd::NoneInPlay => !r.over.after_each_lap && self.none_in_play(s),
                RoundEnd::NobodyCanMove => false,
                RoundEnd::NoBigStone => s.stones & 3 == 0,
                // The next turn begins (the mover's again, after a move that earned another):
                // the player to move has an empty row, so they pass.
                RoundEnd::MoverRowEmpty => self.row_empty(s, if again { mover } else { other }),
                RoundEnd::BoardEmpty => s.seeds_on_board() == 0,
                RoundEnd::BoardAtMost(n) => !r.over.after_each_lap && s.seeds_on_board() <= n as u32,
                RoundEnd::AllClaimed => {
                    at_least(&s.pits, self.t.pits, 1) & !(s.claimed[0] | s.claimed[1]) == 0
                }
                RoundEnd::PitsEmpty => self.owned_pits_empty(s),
            },
        };
        if !over {
            self.finish::<GENERAL, O>(s, mover, summary.last, summary.captured, history, obs);
            // Nobody can move: not the end of the game, but of the round. The filling starts
            // with the player after the last mover (as Ludii plays it: each player passes in
            // a turn of their own, the last mover last, after a move again of theirs too).
            if r.over.when == RoundEnd::NobodyCanMove && s.end == Some(EndReason::NobodyCanMove) {
                s.end = None;
                let next = self.after(mover);
                self.end_round(s, next, obs);
            }
            self.mover_all_but(s, mover);
            return;
        }
        s.plies += 1;
        s.last_mover = mover;
        // A lap that would relay ends the move with the round: its mover has the next ply; so
        // does a move that earned another (as Ludii plays Galatjang).
        let next = if relaying == Some(true) || again { mover } else { other };
        self.end_round(s, next, obs);
        self.mover_all_but(s, mover);
    }

    /// A round over after a lap (`..., after each lap`): a row empty, or no pit in play
    /// holding seeds.
    /// With `relay`, the lap would relay.
    pub(crate) fn round_over_after_lap(&self, s: &State, relay: bool) -> bool {
        match self.t.rounds.map(|r| r.over.when) {
            Some(RoundEnd::NoneInPlay) => self.none_in_play(s),
            Some(RoundEnd::BoardAtMost(n)) => s.seeds_on_board() <= n as u32,
            // The relay is a turn of the mover's, whose empty row ends the round; a player
            // left without seeds ends the match before it.
            Some(RoundEnd::MoverRowEmpty) => {
                (relay && self.row_empty(s, s.to_move)) || self.without_seeds(s).is_some()
            }
            _ => self.a_side_is_empty(s),
        }
    }

    /// `round over when a player's pits are all empty`: the pits some player owns now (read
    /// with the owners of now: filled by them, not out of play) hold no seed.
    fn owned_pits_empty(&self, s: &State) -> bool {
        let held = at_least(&s.pits, self.t.pits, 1);
        (0..self.players()).any(|p| held & self.t.masks_now(s, &self.t.own, p) == 0)
    }

    /// `round over when no pit in play holds seeds`: the pits that cannot be played (in
    /// [`State::out`]) may hold seeds.
    fn none_in_play(&self, s: &State) -> bool {
        let board = self.players_pits();
        at_least(&s.pits, self.t.pits, 1) & board & !s.out == 0
    }

    /// `a mover who has captured all but N seeds wins the match`, looked at after every ply
    /// (a sowing, a fill, a round's end): it ends the match whatever else ended it.
    fn mover_all_but(&self, s: &mut State, mover: u8) {
        let Some(MatchEnd::MoverAllBut(n)) = self.t.rounds.map(|r| r.match_end) else { return };
        let total: u32 = s.pits[..self.t.pits as usize].iter().map(|&x| x as u32).sum::<u32>()
            + s.captured[..self.players()].iter().map(|&x| x as u32).sum::<u32>();
        if total - (s.captured[mover as usize] as u32) <= n as u32 {
            let next = self.after(mover);
            Self::end(s, next, EndReason::AllBut);
        }
    }

    /// Do pits out of play pass sowing by? Not where pits not filled are only unplayable.
    pub(crate) fn out_is_skipped(&self) -> bool {
        self.t.rounds.is_none_or(|r| r.unfilled != Unfilled::Unplayable)
    }

    /// Every player's pits, a mask: the board but the end places.
    fn players_pits(&self) -> u64 {
        self.t.own[..self.players()].iter().fold(0, |a, &o| a | o)
    }

    /// The player after `p`.
    fn after(&self, p: u8) -> u8 {
        if p + 1 == self.t.players { 0 } else { p + 1 }
    }

    /// The round is over: each player takes the seeds of their own pits; then the match is
    /// over, or the filling begins with `next`.
    fn end_round<O: Observer>(&self, s: &mut State, next: u8, obs: &mut O) {
        let r = self.t.rounds.expect("a game of rounds");
        let n = self.t.pits as usize;
        // A round's first moves are each player's first of the round, but where the rules
        // name the match's.
        s.moved &= self.t.extras.first_move_of_match;
        // Claims last a round: their seeds go to their claimers where the rules say so, and a
        // pit emptied so (or by the take below) is no longer claimed. A claimed pit already
        // empty stays claimed into the next round (as Ludii's code plays Gabata: emptying a
        // site clears its mark, and an empty one is not emptied).
        if s.claimed != [0; 2] {
            let held = at_least(&s.pits, self.t.pits, 1);
            if self.t.extras.claim_seeds == Some(crate::lang::spec::ClaimSeeds::AtRoundEnd) {
                self.harvest(s, obs);
            }
            s.claimed[0] &= !held;
            s.claimed[1] &= !held;
            // `every claim ends with the round`, emptied or not.
            if self.t.extras.claims_per_round {
                s.claimed = [0; 2];
            }
        }
        // Their own pits, or the pits of their row: the same unless pits changed owner.
        let by_row = r.owners.take == RoundTake::Row;
        // A pit both own is split, the odd seed to the player the rules name.
        let odd = match r.owners.take {
            RoundTake::OwnSplit { odd } => odd as usize,
            _ => 0,
        };
        // Or every seed left to one player.
        let to = match r.owners.take {
            RoundTake::BoardTo(p) => Some(p as usize),
            _ => None,
        };
        for q in 0..n {
            if let Some(p) = to {
                s.captured[p] += s.pits[q] as u16;
                s.pits[q] = 0;
                continue;
            }
            if !by_row && s.shared >> q & 1 != 0 {
                let half = s.pits[q] as u16 / 2;
                s.captured[odd] += s.pits[q] as u16 - half;
                s.captured[odd ^ 1] += half;
                s.pits[q] = 0;
                continue;
            }
            let owner = if by_row { self.t.owner[q] as usize } else { self.t.owner_now(s, q) };
            s.captured[owner] += s.pits[q] as u16;
            s.pits[q] = 0;
        }
        // Rounds scored in points: the player who captured more scores the difference.
        if r.points {
            let (a, b) = (s.captured[0], s.captured[1]);
            let winner = if a >= b { 0 } else { 1 };
            s.captured[POINTS + winner] = s.captured[POINTS + winner].saturating_add(a.abs_diff(b));
            obs.points([s.captured[POINTS], s.captured[POINTS + 1]]);
        }
        // Every seed to the player who moves next.
        if r.owners.take == RoundTake::AllToNext {
            let all = s.captured[0] + s.captured[1];
            s.captured[..2].fill(0);
            s.captured[next as usize] = all;
        }
        // Every pit goes back to its row's owner; the pits played from are forgotten.
        s.annexed = 0;
        s.shared = 0;
        s.played = 0;
        s.round = s.round.saturating_add(1);
        obs.round_over(s.round);
        if self.t.one_round {
            return Self::end(s, next, EndReason::RoundOver);
        }
        if matches!(r.unfilled, Unfilled::ForRound | Unfilled::Unplayable) {
            s.out = 0;
        }
        if r.match_end == MatchEnd::CannotFill && s.captured().iter().any(|&c| c < r.least_fill()) {
            return Self::end(s, next, EndReason::CannotFill);
        }
        if let MatchEnd::HeldAtMost(most) = r.match_end
            && s.captured().iter().any(|&c| c <= most)
        {
            return Self::end(s, next, EndReason::HeldTooFew);
        }
        if let MatchEnd::Points(n) = r.match_end
            && s.captured[POINTS..POINTS + 2].iter().any(|&p| p >= n)
        {
            return Self::end(s, next, EndReason::Points);
        }
        if s.plies >= self.ply_limit {
            return Self::end(s, next, EndReason::PlyLimit);
        }
        if r.again {
            return self.start_deal(s, next);
        }
        // `the player with fewer seeds fills first`: every seed is in the hands now.
        let next = match r.first {
            FirstFiller::Next => next,
            FirstFiller::Fewer { tie } => match s.captured[0].cmp(&s.captured[1]) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Equal => tie.unwrap_or(next),
            },
        };
        s.phase = FILLING;
        self.next_filler(s, next, obs);
    }

    /// Gives the next fill to `from`, or the first player after them who can fill; when
    /// nobody can, the pits left empty go out of play and the round starts with `from` (with
    /// a single placer, once the other has copied their pits where the rules say so, with the
    /// player after the placer). After the set-up, play starts with `from`.
    fn next_filler<O: Observer>(&self, s: &mut State, from: u8, obs: &mut O) {
        let mut p = from;
        for _ in 0..self.t.players {
            let moves = self.fill_moves(s, p);
            if !moves.is_empty() {
                s.to_move = p;
                s.moves = moves.into();
                return;
            }
            // A player who holds too few seeds for a fill, but enough to put them into the next
            // pit with the other's help, does so, even before any fill of theirs (the rules
            // text of Gabata, where Ludii's code waits for a fill first).
            if s.phase == FILLING {
                self.top_up(s, p, obs);
            }
            p = self.after(p);
        }
        let setup = s.phase == SETUP;
        s.phase = super::rounds::PLAY;
        let mut start = from;
        if let Some(r) = self.t.rounds.filter(|_| !setup) {
            // `big stones go back to the end places`.
            if r.stones_back
                && let Some(st) = self.t.stones.as_deref()
            {
                s.stones = st.start;
                obs.stones_back();
            }
            if let Filler::Fewer { tie } = r.filler {
                let placer = self.placer(s, tie);
                if r.copy {
                    self.copy_arrangement(s, placer);
                    obs.copy(self.after(placer) as usize);
                }
                start = self.after(placer);
            }
            // `the players take turns to begin the rounds`: round k (from 0) starts with the
            // player k places after the game's first.
            if r.alternate {
                start = ((self.first_player as u16 + s.round) % self.t.players as u16) as u8;
            }
            if r.unfilled != Unfilled::InPlay {
                let board = self.players_pits();
                s.out |= board & !at_least(&s.pits, self.t.pits, 1);
            }
            if r.match_end == MatchEnd::NoPitInPlay && self.without_pits(s).is_some() {
                return Self::end(s, start, EndReason::NoPitInPlay);
            }
            if let MatchEnd::OwnsAtMost(most) = r.match_end
                && self.owning_at_most(s, most).is_some()
            {
                return Self::end(s, start, EndReason::FewPits);
            }
        }
        self.settle::<GENERAL, O>(s, start, obs);
    }

    /// The pits `player` may fill now: none when their hand cannot fill one, or when another
    /// is the single placer; else their leftmost empty pit, every empty pit of theirs, or
    /// every pit of theirs, as the rules say.
    pub(crate) fn fill_moves(&self, s: &State, player: u8) -> Ways {
        if s.phase == DEAL {
            return self.deal_moves(s, player);
        }
        if s.phase == CHOOSE {
            return Ways::given(0b11);
        }
        let f = self.fill_now(s);
        // A player short of a fill fills with all they hold, where the rules say so.
        let least = match self.t.rounds {
            Some(r) if s.phase == FILLING => r.least_fill(),
            _ => f.seeds as u16,
        };
        if s.captured[player as usize] < least {
            return Ways::default();
        }
        if let Filler::Fewer { tie } = f.filler
            && self.placer(s, tie) != player
        {
            return Ways::default();
        }
        Ways::given(self.fillable(s, player, f.order))
    }

    /// The pits `player` would fill now, whatever their hand: their leftmost empty pit, every
    /// empty pit of theirs, or every pit of theirs, as the rules say; and beyond their row
    /// once it is full, where the rules say so.
    fn fillable(&self, s: &State, player: u8, order: FillOrder) -> u64 {
        let own = self.t.own[player as usize];
        let empty = own & !at_least(&s.pits, self.t.pits, 1);
        // A player whose row is full fills beyond it (between rounds): any empty pit of the
        // board, or the other row's in the order of the fill.
        if s.phase == FILLING && empty == 0 {
            match self.t.rounds.and_then(|r| r.owners.beyond) {
                Some(FillBeyond::AnyEmpty) => return self.beyond_row(s),
                Some(FillBeyond::OtherRow | FillBeyond::OtherPits) => {
                    let other = self.t.own[self.after(player) as usize] & !at_least(&s.pits, self.t.pits, 1);
                    // From the other row's owner's left or right, as the fills go.
                    return match order {
                        FillOrder::Leftmost => other & other.wrapping_neg(),
                        FillOrder::Rightmost => top_bit(other),
                        _ => other,
                    };
                }
                None => {}
            }
        }
        match order {
            // Pits are numbered from each row owner's left.
            FillOrder::Leftmost => empty & empty.wrapping_neg(),
            FillOrder::Rightmost => top_bit(empty),
            FillOrder::Choice => empty,
            FillOrder::AnyPit => own,
        }
    }

    /// `a player left with N or more seeds puts them into the next empty pit, and the other
    /// player tops it up`: after a fill that left `filler` with that many seeds, too few for
    /// a pit, they put them all into the next pit they would fill, and the other player the
    /// rest of a fill (what they hold, if less); both own the pit.
    fn top_up<O: Observer>(&self, s: &mut State, filler: u8, obs: &mut O) {
        if let Some(tie) = self.t.rounds.and_then(|r| r.pool) {
            return self.pool(s, filler, tie, obs);
        }
        let Some(r) = self.t.rounds.filter(|r| r.top_up > 0) else { return };
        let left = s.captured[filler as usize];
        if left < r.top_up as u16 || left >= r.fill as u16 {
            return;
        }
        let next = self.fillable(s, filler, r.order);
        if next == 0 {
            return;
        }
        let q = next.trailing_zeros() as usize;
        let other = self.after(filler) as usize;
        let topped = (r.fill as u16 - left).min(s.captured[other]);
        s.pits[q] += (left + topped) as u8;
        s.captured[filler as usize] = 0;
        s.captured[other] -= topped;
        let owner = match r.both_filled {
            // The player who put in more, or the tie's.
            Some(tie) => Some(self.more(s, filler, left, topped, tie)),
            // Borrowed: the pit is the filler's alone.
            None if r.borrow => Some(Drawn::No(filler)),
            None => None,
        };
        match owner {
            Some(o) => self.own_for_round(s, q, o.player()),
            None => {
                s.shared |= 1 << q;
                s.annexed &= !(1 << q);
            }
        }
        obs.top_up(q, left as u8, topped as u8, owner);
    }

    /// The owner of a pit `filler` put `mine` seeds into and the other player `theirs`: the
    /// player who put in more, or on a tie the tie's player or one drawn from the game's
    /// stream of chance (player 1 or 2, each as likely).
    fn more(&self, s: &mut State, filler: u8, mine: u16, theirs: u16, tie: Tie) -> Drawn {
        match (mine.cmp(&theirs), tie) {
            (std::cmp::Ordering::Greater, _) => Drawn::No(filler),
            (std::cmp::Ordering::Less, _) => Drawn::No(self.after(filler)),
            (std::cmp::Ordering::Equal, Tie::Player(p)) => Drawn::No(p),
            (std::cmp::Ordering::Equal, Tie::Drawn) => Drawn::Yes(Self::draw(s, 2) as u8),
        }
    }

    /// Pit `q` is `owner`'s for the round (two players).
    fn own_for_round(&self, s: &mut State, q: usize, owner: u8) {
        if self.t.owner[q] == owner {
            s.annexed &= !(1 << q);
        } else {
            s.annexed |= 1 << q;
        }
        s.shared &= !(1 << q);
    }

    /// `when both players hold fewer seeds than a fill, they put them all into the next empty
    /// pit, which belongs to the player who put in more, player N on a tie`: after a fill by
    /// `filler` (or their turn to fill, which they cannot), both hands short of a fill and one
    /// of them holding seeds go into the next pit the filler would fill (their leftmost empty
    /// one, or their rightmost where they fill from the right, even where they choose), and
    /// it is the pit of the player who put in more.
    fn pool<O: Observer>(&self, s: &mut State, filler: u8, tie: Tie, obs: &mut O) {
        let fill = self.t.rounds.map_or(0, |r| r.fill as u16);
        let other = self.after(filler);
        let (mine, theirs) = (s.captured[filler as usize], s.captured[other as usize]);
        if mine >= fill || theirs >= fill || mine + theirs == 0 {
            return;
        }
        // The next pit in the fills' order: from the filler's right where they fill so.
        let order = match self.t.rounds.map(|r| r.order) {
            Some(FillOrder::Rightmost) => FillOrder::Rightmost,
            _ => FillOrder::Leftmost,
        };
        let next = self.fillable(s, filler, order);
        if next == 0 {
            return;
        }
        let q = next.trailing_zeros() as usize;
        s.pits[q] += (mine + theirs) as u8;
        s.captured[filler as usize] = 0;
        s.captured[other as usize] = 0;
        let owner = self.more(s, filler, mine, theirs, tie);
        self.own_for_round(s, q, owner.player());
        obs.pool(q, mine as u8, theirs as u8, owner);
    }

    /// The seeds a placement of the set-up puts (0: the game has no set-up).
    fn setup_seeds(&self) -> u8 {
        self.t.phase.as_deref().map_or(0, |ph| ph.setup)
    }

    /// The fill of the phase `s` is in: the set-up's (one player after another, into any pit
    /// of theirs), or the rounds'.
    fn fill_now(&self, s: &State) -> Fill {
        if s.phase == SETUP {
            return Fill { seeds: self.setup_seeds(), order: FillOrder::AnyPit, filler: Filler::InTurns };
        }
        let r = self.t.rounds.expect("a game of rounds");
        Fill { seeds: r.fill, order: r.order, filler: r.filler }
    }

    /// The start of a game whose seeds are in the hands: each hand dealt, and the set-up, if
    /// any, begun with the first player.
    pub(crate) fn deal_hands(&self, s: &mut State) {
        let hand = self.spec().hand_seeds as u16;
        match self.spec().hand_of {
            Some(p) => s.captured[p as usize] = hand,
            None => s.captured[..self.players()].fill(hand),
        }
        s.end = None;
        if self.t.phase.as_deref().is_some_and(|ph| ph.distribute.is_some()) {
            self.start_deal(s, self.first_player);
        } else if self.setup_seeds() > 0 {
            s.phase = SETUP;
            self.next_filler(s, self.first_player, &mut ());
        } else {
            self.settle::<GENERAL, ()>(s, self.first_player, &mut ());
        }
    }

    /// The seeds `player` holds: in their hand and their pits.
    fn seeds_of(&self, s: &State, player: u8) -> u32 {
        let mut pits = self.t.own[player as usize];
        let mut sum = s.captured[player as usize] as u32;
        while pits != 0 {
            sum += s.pits[pits.trailing_zeros() as usize] as u32;
            pits &= pits - 1;
        }
        sum
    }

    /// The player (of two) holding fewer seeds, `tie` if both hold as many: the placer of a
    /// fill by the player with fewer seeds. Placing moves seeds from a hand to the same
    /// player's pits, so the placer stays the placer until the fill is over.
    fn placer(&self, s: &State, tie: u8) -> u8 {
        match self.seeds_of(s, 0).cmp(&self.seeds_of(s, 1)) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => tie,
        }
    }

    /// `the other player copies the arrangement into the opposite pits`: into each pit facing
    /// one of the placer's, as many seeds as it holds, from the other's hand (which holds at
    /// least as many as the placer placed); the rest stays in hand.
    fn copy_arrangement(&self, s: &mut State, placer: u8) {
        let other = self.after(placer) as usize;
        let mut pits = self.t.own[placer as usize];
        while pits != 0 {
            let q = pits.trailing_zeros() as usize;
            pits &= pits - 1;
            let seeds = (s.pits[q] as u16).min(s.captured[other]);
            s.pits[self.t.opposite[q] as usize] += seeds as u8;
            s.captured[other] -= seeds;
        }
    }

    /// Is every pit of `player`'s empty?
    fn row_empty(&self, s: &State, player: u8) -> bool {
        self.t.own[player as usize] & at_least(&s.pits, self.t.pits, 1) == 0
    }

    /// The players (a mask) without seeds in their pits or hand, if any, under `a player
    /// left with no seeds loses the match`.
    fn without_seeds(&self, s: &State) -> Option<u8> {
        if self.t.rounds.map(|r| r.match_end) != Some(MatchEnd::NoSeeds) {
            return None;
        }
        let mask = (0..self.t.players).filter(|&p| self.seeds_of(s, p) == 0).fold(0u8, |m, p| m | 1 << p);
        (mask != 0).then_some(mask)
    }

    /// After a sowing: the match over if a player is left without seeds (before the round
    /// could end), the ply counted. Returns whether it is.
    fn no_seeds_left(&self, s: &mut State, mover: u8, other: u8) -> bool {
        if self.without_seeds(s).is_none() {
            return false;
        }
        s.plies += 1;
        s.last_mover = mover;
        Self::end(s, other, EndReason::NoSeeds);
        true
    }

    /// Why `mv` is not a fill the mover may make, if it is not.
    pub(crate) fn check_fill(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        let pit = mv.pit();
        if s.moves.contains(Move::from_pit(pit).expect("a pit of the board")) {
            return Ok(());
        }
        if s.phase == DEAL {
            let why = "the seeds left in hand could not then leave facing pits both empty or both occupied";
            return Err(IllegalMove::NotFillable { pit: pit + 1, why });
        }
        if s.phase == CHOOSE {
            let why = "the choice is 1 (move first) or 2 (swap sides)";
            return Err(IllegalMove::NotFillable { pit: pit + 1, why });
        }
        let beyond = self.t.rounds.is_some_and(|r| r.owners.beyond.is_some());
        let why = if self.t.owner[pit] != s.to_move && beyond && s.pits[pit] == 0 {
            "the mover has empty pits of their own row to fill first"
        } else if self.t.owner[pit] != s.to_move && !beyond {
            "it is not the mover's own"
        } else if s.pits[pit] > 0 {
            "it is not empty"
        } else {
            "the mover fills their leftmost empty pit first"
        };
        Err(IllegalMove::NotFillable { pit: pit + 1, why })
    }

    /// The players (as a mask of 0-based players) without a pit in play, if any.
    fn without_pits(&self, s: &State) -> Option<u8> {
        let mask = (0..self.players())
            .filter(|&p| self.t.masks_now(s, &self.t.own, p) & !s.out == 0)
            .fold(0u8, |m, p| m | 1 << p);
        (mask != 0).then_some(mask)
    }

    /// The players (a mask) who own `most` pits or fewer in play, if any: the pits they may
    /// start a move from, their row's, those filled across it and those shared.
    fn owning_at_most(&self, s: &State, most: u8) -> Option<u8> {
        let mask = (0..self.players())
            .filter(|&p| (self.t.masks_now(s, &self.t.own, p) & !s.out).count_ones() <= most as u32)
            .fold(0u8, |m, p| m | 1 << p);
        (mask != 0).then_some(mask)
    }

    /// The outcome of a match lost by a rule of rounds: the other player wins; both losing
    /// is a draw.
    pub(crate) fn match_outcome(&self, s: &State) -> Option<Outcome> {
        let r = self.t.rounds?;
        let losers = match s.end? {
            EndReason::CannotFill => {
                (0..self.players()).filter(|&p| s.captured[p] < r.least_fill()).fold(0u8, |m, p| m | 1 << p)
            }
            EndReason::NoPitInPlay => self.without_pits(s)?,
            EndReason::FewPits => {
                let MatchEnd::OwnsAtMost(most) = r.match_end else { return None };
                self.owning_at_most(s, most)?
            }
            EndReason::AllBut => 1 << self.after(s.last_mover),
            EndReason::NoSeeds => self.without_seeds(s)?,
            EndReason::HeldTooFew => {
                let MatchEnd::HeldAtMost(most) = r.match_end else { return None };
                (0..self.players()).filter(|&p| s.captured[p] <= most).fold(0u8, |m, p| m | 1 << p)
            }
            // A match scored in points goes to the player with more, however it ended.
            _ if r.points => {
                let (a, b) = (s.captured[POINTS], s.captured[POINTS + 1]);
                return Some(match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Outcome::Win(0),
                    std::cmp::Ordering::Less => Outcome::Win(1),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                });
            }
            _ => return None,
        };
        Some(match losers {
            1 => Outcome::Win(1),
            2 => Outcome::Win(0),
            _ => Outcome::Draw,
        })
    }

    /// Sows a lap from `pit` passing by the pits out of play (and the emptied pit, where laps
    /// skip it); returns where the last seed fell. Seeds that could fall nowhere (every other
    /// place out of play) stay in the pit.
    pub(crate) fn sow_skipping<O: Observer>(
        &self,
        s: &mut State,
        pit: usize,
        m: usize,
        d: usize,
        obs: &mut O,
    ) -> usize {
        let t = &self.t;
        let n = t.pits as usize;
        let mut hand = self.lift(s, pit, obs);
        // Into stores, along the mover's path in direction `d`, as a lap of the general tier.
        let path = self.path::<GENERAL>(m, d);
        let step = |q: usize| if t.store_sowing { path[q] as usize } else { t.next[d][q] as usize };
        let (mut pos, mut last, mut idle) = (pit, pit, 0);
        while hand > 0 {
            pos = step(pos);
            if (t.skip_origin && pos == pit) || (pos < n && s.out >> pos & 1 != 0) {
                idle += 1;
                if idle > n + 2 {
                    s.pits[pit] += hand;
                    break;
                }
                continue;
            }
            idle = 0;
            if pos >= n {
                s.captured[pos - n] += 1;
            } else {
                s.pits[pos] += 1;
            }
            obs.sow(pos);
            hand -= 1;
            last = pos;
        }
        last
    }
}

/// A distribution by one player (`the player to move puts the seeds of their hand one at a time
/// into any pits`), the other's choice to swap sides, and the points of a match.
impl Rules {
    /// The distribution begins with `player`, who holds the seeds.
    fn start_deal(&self, s: &mut State, player: u8) {
        s.phase = DEAL;
        s.to_move = player;
        s.moves = self.deal_moves(s, player).into();
        if s.moves.is_empty() {
            // Nothing to distribute (a position given by hand): play starts.
            s.phase = PLAY;
            self.settle::<GENERAL, ()>(s, player, &mut ());
        }
    }

    /// The pits `player` may put a seed into: any pit while they hold seeds; with facing pits
    /// both empty or both occupied at the end, only where the seeds left after it can still
    /// make every pair so (each pair with one side empty needs a seed).
    fn deal_moves(&self, s: &State, player: u8) -> Ways {
        let ph = self.t.phase.as_deref().and_then(|ph| ph.distribute);
        let hand = s.captured[player as usize] as i32;
        let n = self.t.pits as usize;
        let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        if hand == 0 || ph.is_none() {
            return Ways::default();
        }
        if !ph.is_some_and(|d| d.facing) {
            return Ways::given(board);
        }
        let full = at_least(&s.pits, self.t.pits, 1);
        let half = |q: usize| full >> q & 1 != full >> self.t.opposite[q] & 1;
        let unpaired = (0..n).filter(|&q| half(q)).count() as i32 / 2;
        let mut pits = 0u64;
        for q in 0..n {
            let o = self.t.opposite[q] as usize;
            let after = match (full >> q & 1 != 0, full >> o & 1 != 0) {
                (false, false) => unpaired + 1,
                (false, true) => unpaired - 1,
                _ => unpaired,
            };
            // The seeds left after this one cover every pair left with one side empty.
            if hand > after {
                pits |= 1 << q;
            }
        }
        Ways::given(pits)
    }

    /// A move of the distribution (a seed into a pit) or of the choice after it.
    fn apply_deal<O: Observer>(&self, s: &mut State, mv: Move, obs: &mut O) -> MoveSummary {
        let mover = s.to_move;
        let other = self.after(mover);
        let p = mv.pit();
        s.plies += 1;
        s.last_mover = mover;
        let summary = MoveSummary::new(mv, 0, p);
        if s.phase == DEAL {
            s.pits[p] += 1;
            s.captured[mover as usize] -= 1;
            obs.fill(p, 1);
            let swap = self.t.phase.as_deref().and_then(|ph| ph.swap);
            if s.captured[mover as usize] > 0 {
                s.moves = self.deal_moves(s, mover).into();
            } else if swap.is_some() {
                s.phase = CHOOSE;
                s.to_move = other;
                s.moves = Ways::given(0b11).into();
            } else {
                s.phase = PLAY;
                self.settle::<GENERAL, O>(s, other, obs);
            }
        } else {
            s.phase = PLAY;
            obs.choose(mover as usize, p == 1);
            if p == 1 {
                self.swap_sides(s);
                self.settle::<GENERAL, O>(s, other, obs);
            } else {
                self.settle::<GENERAL, O>(s, mover, obs);
            }
        }
        if s.end.is_none() && s.plies >= self.ply_limit {
            Self::end(s, s.to_move, EndReason::PlyLimit);
        }
        summary
    }

    /// The players swap sides: the board turned round, each row's seeds now in the other
    /// row's pits (the k-th pit from one owner's left in the k-th from the other's), the hands
    /// exchanged, and the points too where the rules say so.
    fn swap_sides(&self, s: &mut State) {
        let n = self.t.pits as usize;
        let old = s.pits;
        for q in 0..n {
            s.pits[q] = old[(q + n / 2) % n];
        }
        s.captured.swap(0, 1);
        if self.t.phase.as_deref().and_then(|ph| ph.swap).is_some_and(|c| c.points) {
            s.captured.swap(POINTS, POINTS + 1);
        }
    }

    /// Each player's points in a match of rounds scored in points (none in other games).
    pub fn points(&self, s: &State) -> Option<[u16; 2]> {
        self.t.rounds.filter(|r| r.points).map(|_| [s.captured[POINTS], s.captured[POINTS + 1]])
    }
}

/// Pits that change owner between rounds (`a player whose row is full fills any empty pit`,
/// `a pit filled belongs to the player who filled it`): kept apart so that the rest of the
/// rounds reads as before.
impl Rules {
    /// The empty pits of the whole board, which a player whose row is full may fill.
    fn beyond_row(&self, s: &State) -> u64 {
        let board = self.players_pits();
        board & !at_least(&s.pits, self.t.pits, 1)
    }

    /// A position given by hand (see [`Rules::state_in_round`]) with the pits that belong,
    /// for the round, to the player who does not own their row (a mask, bit 0 for pit 1):
    /// only where pits change owner, and not pits out of play.
    pub fn with_annexed(&self, s: State, annexed: u64) -> Result<State, super::state::PositionError> {
        let board = self.players_pits();
        let owners = self.t.rounds.is_some_and(|r| r.owners.to_filler);
        if annexed & !board != 0 || annexed & s.out != 0 || (annexed != 0 && !owners) {
            return Err(super::state::PositionError::NotInRound);
        }
        Ok(self.resettled(State { annexed, ..s }))
    }

    /// A position given by hand with the pits both players own for the round (a mask, bit 0
    /// for pit 1; `... and the other player tops it up`): only where pits may be shared, and
    /// pits of the rows, not annexed.
    pub fn with_shared(&self, s: State, shared: u64) -> Result<State, super::state::PositionError> {
        let board = self.players_pits();
        let may = self.t.rounds.is_some_and(|r| r.top_up > 0);
        if shared & !board != 0 || shared & s.annexed != 0 || (shared != 0 && !may) {
            return Err(super::state::PositionError::NotInRound);
        }
        Ok(self.resettled(State { shared, ..s }))
    }

    /// A position given by hand with the pits each of two players has claimed (a mask each,
    /// bit 0 for pit 1): only where a rule claims pits, pits of the board, none claimed by
    /// both, none out of play; the legal moves made anew (a claimed pit may not be played).
    pub fn with_claims(&self, s: State, claimed: [u64; 2]) -> Result<State, super::state::PositionError> {
        let all = claimed[0] | claimed[1];
        let claims = self.spec().claims_pits() && self.players() == 2;
        if claimed[0] & claimed[1] != 0
            || all & !self.players_pits() != 0
            || all & s.out != 0
            || (all != 0 && !claims)
        {
            return Err(super::state::PositionError::NotClaimable);
        }
        Ok(self.resettled(State { claimed, ..s }))
    }

    /// A position given by hand, its owners changed: the legal moves made anew for the player
    /// to move, in play.
    fn resettled(&self, mut s: State) -> State {
        if s.end.is_none() && s.phase == PLAY {
            let to_move = s.to_move;
            self.settle::<GENERAL, ()>(&mut s, to_move, &mut ());
        }
        s
    }

    /// The player (0-based) who owns `pit` now: its row's owner, or the other player where
    /// they filled it (pits out of play belong to nobody; their row's owner is given).
    pub fn owner_of(&self, s: &State, pit: usize) -> usize {
        self.t.owner_now(s, pit)
    }
}

impl Tables {
    /// The owner of pit `q` now: its row's, or the other player's where they filled it.
    #[inline(always)]
    pub(crate) fn owner_now(&self, s: &State, q: usize) -> usize {
        self.owner[q] as usize ^ (s.annexed >> q & 1) as usize
    }

    /// A rule's pits for mover `m` (`masks[m]`, from the rows' owners: the mover's own pits,
    /// an opponent's, any pit) read with the owners of now: a pit annexed counts as the other
    /// player's row for this, and a pit nobody owns (not filled, and so out of play) is no
    /// player's own. The masks themselves where pits do not change owner.
    #[inline(always)]
    pub(crate) fn masks_now(&self, s: &State, masks: &[u64; MAX_PLAYERS], m: usize) -> u64 {
        if !self.rounds.is_some_and(|r| r.owners.to_filler) {
            return masks[m];
        }
        // A pit both own is in the mask if either row's is.
        let now =
            (masks[m] & !s.annexed) | (masks[m ^ 1] & s.annexed) | (s.shared & (masks[m] | masks[m ^ 1]));
        // A pit in both masks is any pit: its owner does not matter.
        now & !(s.out & !(masks[0] & masks[1]))
    }
}

/// The highest pit of a mask (a player's rightmost, pits being numbered from each owner's
/// left), or none.
fn top_bit(mask: u64) -> u64 {
    if mask == 0 { 0 } else { 1 << (63 - mask.leading_zeros()) }
}

#[cfg(test)]
mod tests {
    use crate::engine::compile;
    use crate::engine::moves::Move;

    /// The rules of a bundled file's text.
    fn rules_of(name: &str, text: &str) -> crate::engine::compile::Rules {
        let file = crate::lang::library::load_text(name, text).unwrap();
        let (spec, _) = crate::lang::check::check(&file, None).unwrap();
        compile(&spec)
    }

    /// A claimed pit left empty (Gabata's wegue, emptied by takes of 2) when a round is over
    /// stays claimed into the next round, as Ludii's code plays it: only a pit emptied then is
    /// no longer claimed.
    #[test]
    fn an_empty_claimed_pit_stays_claimed_into_the_next_round() {
        let r = rules_of("gabata.sow", include_str!("../../variants/gabata-aksum.sow"));
        // Player 2 has a wegue at pit 3, emptied; player 1 claims pit 10 with pit 9's seed:
        // every seed is in a wegue, and the round is over.
        let mut pits = [0u8; 18];
        (pits[8], pits[9]) = (1, 3);
        let mut s = r.state_in_round(&pits, &[29, 21], 0, 0, false, 0).unwrap();
        s.claimed[1] = 1 << 2;
        r.apply(&mut s, Move::from_pit(8).unwrap());
        assert!(s.filling());
        assert_eq!(s.claimed, [0, 1 << 2]);
        assert_eq!(s.captured(), &[33, 21]);
    }

    /// `every claim ends with the round`: a claimed pit left empty is no longer claimed
    /// either (Awagagae, as Ludii's code forgets every claim).
    #[test]
    fn every_claim_ends_with_the_round_where_the_rules_say_so() {
        let r = rules_of("awagagae.sow", include_str!("../../variants/awagagae.sow"));
        // Player 2 claimed pit 3 and it is empty now; player 1 claimed pit 9 (4 seeds). Player
        // 1 plays pit 6 (1 seed): pit 7 makes 4 in player 2's row, claimed: every seed is in a
        // claimed pit, and the round is over.
        let mut pits = [0u8; 12];
        (pits[5], pits[6], pits[8]) = (1, 3, 4);
        let mut s = r.state_in_round(&pits, &[20, 20], 0, 0, false, 0).unwrap();
        s.claimed = [1 << 8, 1 << 2];
        r.apply(&mut s, Move::from_pit(5).unwrap());
        assert!(s.filling());
        assert_eq!(s.claimed, [0, 0]);
        assert_eq!(s.captured(), &[28, 20]);
    }

    /// A position given by hand with claims: the pits claimed as given, only where a rule
    /// claims pits, none by both players, on the board, in play.
    #[test]
    fn claims_given_by_hand_are_checked() {
        let r = rules_of("awagagae.sow", include_str!("../../variants/awagagae.sow"));
        let mut pits = [0u8; 12];
        (pits[5], pits[6], pits[8]) = (1, 3, 4);
        let s = r.state_in_round(&pits, &[20, 20], 0, 0, false, 0).unwrap();
        let claimed = r.with_claims(s, [1 << 8, 1 << 2]).unwrap();
        assert_eq!((claimed.claimed(0), claimed.claimed(1)), (1 << 8, 1 << 2));
        let refused = super::super::state::PositionError::NotClaimable;
        assert_eq!(r.with_claims(s, [1 << 8, 1 << 8]).unwrap_err(), refused);
        assert_eq!(r.with_claims(s, [1 << 12, 0]).unwrap_err(), refused);
        let out = r.state_in_round(&pits, &[20, 20], 0, 1 << 2, false, 1).unwrap();
        assert_eq!(r.with_claims(out, [0, 1 << 2]).unwrap_err(), refused);
        let bakuk = rules_of("bakuk.sow", include_str!("../../variants/bakuk.sow"));
        let s = bakuk.state_from(&[1, 1, 1, 1, 1, 1], 0).unwrap();
        assert_eq!(bakuk.with_claims(s, [0, 1 << 3]).unwrap_err(), refused);
        assert!(bakuk.with_claims(s, [0, 0]).is_ok());
    }
}

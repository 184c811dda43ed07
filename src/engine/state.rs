//! The game engine: positions, legal moves, moves and results, interpreting compiled
//! [`Rules`]. A move allocates nothing and reads only fixed arrays, so one engine runs every
//! variant at the speed of hand-written code.
//!
//! Pits are 0-based indices here (pit number - 1); players are 0-based too. The command line
//! and records speak 1-based numbers.

use std::fmt;

use crate::engine::compile::Rules;
use crate::lang::spec::{Leftovers, MAX_PITS, MAX_PLAYERS};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move had no legal move.
    NoLegalMove,
    /// Under the pass rule, no player had a legal move.
    NobodyCanMove,
    /// The ply limit was reached.
    PlyLimit,
}

impl EndReason {
    /// Stable names for machine output.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::NobodyCanMove => "nobody-can-move",
            EndReason::PlyLimit => "ply-limit",
        }
    }
}

const NOBODY: u8 = u8::MAX;

/// A position: seeds in each pit, seeds captured by each player, the player to move, the
/// number of plies played, and the end of the game once it has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pits: [u8; MAX_PITS],
    captured: [u16; MAX_PLAYERS],
    plies: u32,
    /// The legal moves of the player to move (none once the game is over).
    moves: u64,
    n_pits: u8,
    n_players: u8,
    to_move: u8,
    last_mover: u8,
    end: Option<EndReason>,
}

impl State {
    /// Seeds in each pit, pit 1 first.
    pub fn pits(&self) -> &[u8] {
        &self.pits[..self.n_pits as usize]
    }

    /// Seeds captured by each player so far (leftovers are added by [`Rules::scores`]).
    pub fn captured(&self) -> &[u16] {
        &self.captured[..self.n_players as usize]
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

    pub fn plies(&self) -> u32 {
        self.plies
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    pub fn seeds_on_board(&self) -> u32 {
        self.pits().iter().map(|&s| s as u32).sum()
    }
}

/// The legal moves of a position: a set of pits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(pub u64);

impl MoveSet {
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn contains(self, pit: usize) -> bool {
        pit < 64 && self.0 >> pit & 1 != 0
    }

    /// The `k`-th pit of the set, in pit order.
    #[inline]
    pub fn nth(self, k: usize) -> Option<usize> {
        let mut m = self.0;
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| m.trailing_zeros() as usize)
    }

    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let p = m.trailing_zeros() as usize;
                m &= m - 1;
                p
            })
        })
    }
}

/// What a move did, in brief.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSummary {
    pub pit: usize,
    /// Seeds lifted from the pit.
    pub lifted: u8,
    /// The pit the last seed fell into.
    pub last: usize,
    /// Seeds captured by the move.
    pub captured: u16,
    /// Pits captured by the move (the landing pit and its chain).
    pub captured_pits: u8,
}

/// Sees the steps of a move as they happen: each seed sown, each pit captured, each player who
/// had to pass. The default methods do nothing, and `()` observes nothing at no cost.
pub trait Observer {
    #[inline(always)]
    fn sow(&mut self, _pit: usize) {}
    #[inline(always)]
    fn capture(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn pass(&mut self, _player: usize) {}
}

impl Observer for () {}

/// Why a move cannot be played. Pits and players are 1-based, as the user wrote them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    NotAPit { given: String, pits: usize },
    Empty { pit: usize },
    NotOwn { pit: usize, owner: usize, mover: usize },
    TooFew { pit: usize, seeds: u8, needed: u8 },
    GameOver { plies: u32, reason: EndReason },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NotAPit { given, pits } => {
                write!(f, "`{given}` is not a pit: pits are numbered 1 to {pits}")
            }
            IllegalMove::Empty { pit } => write!(f, "pit {pit} is empty"),
            IllegalMove::NotOwn { pit, owner, mover } => {
                write!(f, "pit {pit} belongs to player {owner}, and it is player {mover}'s turn")
            }
            IllegalMove::TooFew { pit, seeds, needed } => write!(
                f,
                "pit {pit} holds {seeds} seed{}, and a pit needs {needed} to be played",
                if *seeds == 1 { "" } else { "s" }
            ),
            IllegalMove::GameOver { plies, reason } => write!(
                f,
                "the game is already over: it ended after ply {plies} ({})",
                match reason {
                    EndReason::NoLegalMove => "the player to move had no legal move",
                    EndReason::NobodyCanMove => "no player could move",
                    EndReason::PlyLimit => "the ply limit",
                }
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A position given by hand that the rules cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    WrongLength { given: usize, pits: usize },
    TooManySeeds { total: u32 },
    NoSuchPlayer { given: usize, players: usize },
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
        }
    }
}

impl std::error::Error for PositionError {}

/// How a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player (0-based) with the highest score.
    Win(usize),
    /// Two or more players share the highest score.
    Draw,
}

impl Rules {
    /// The starting position.
    pub fn initial_state(&self) -> State {
        self.state_with(self.initial, self.first_player)
    }

    /// A position given by hand (seeds per pit, pit 1 first; 0-based player to move), with
    /// nothing captured and no plies played.
    pub fn state_from(&self, pits: &[u8], to_move: usize) -> Result<State, PositionError> {
        let n = self.pits as usize;
        if pits.len() != n {
            return Err(PositionError::WrongLength { given: pits.len(), pits: n });
        }
        let total: u32 = pits.iter().map(|&s| s as u32).sum();
        if total > 255 {
            return Err(PositionError::TooManySeeds { total });
        }
        if to_move >= self.players as usize {
            return Err(PositionError::NoSuchPlayer { given: to_move + 1, players: self.players as usize });
        }
        let mut board = [0; MAX_PITS];
        board[..n].copy_from_slice(pits);
        Ok(self.state_with(board, to_move as u8))
    }

    fn state_with(&self, pits: [u8; MAX_PITS], to_move: u8) -> State {
        let mut s = State {
            pits,
            captured: [0; MAX_PLAYERS],
            plies: 0,
            moves: 0,
            n_pits: self.pits,
            n_players: self.players,
            to_move,
            last_mover: NOBODY,
            end: None,
        };
        self.settle(&mut s, to_move, &mut ());
        s
    }

    /// The pits `player` could play in `s`.
    #[inline(always)]
    fn moves_of(&self, s: &State, player: u8) -> u64 {
        let mut own = self.own[player as usize];
        let mut moves = 0;
        while own != 0 {
            let p = own.trailing_zeros();
            if s.pits[p as usize] >= self.min_seeds {
                moves |= 1 << p;
            }
            own &= own - 1;
        }
        moves
    }

    /// Gives the turn to `player`, or applies the rule for a player who cannot move.
    #[inline(always)]
    fn settle<O: Observer>(&self, s: &mut State, player: u8, obs: &mut O) {
        let moves = self.moves_of(s, player);
        s.to_move = player;
        s.moves = moves;
        if moves != 0 {
            return;
        }
        if self.pass_when_stuck {
            // Skip players without a move, in turn order; if it comes back round, nobody can.
            let mut p = player;
            for _ in 0..self.players {
                obs.pass(p as usize);
                p = if p + 1 == self.players { 0 } else { p + 1 };
                let moves = self.moves_of(s, p);
                if moves != 0 {
                    s.to_move = p;
                    s.moves = moves;
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
        MoveSet(s.moves)
    }

    /// Why `pit` (0-based) cannot be played in `s`, if it cannot.
    pub fn check_move(&self, s: &State, pit: usize) -> Result<(), IllegalMove> {
        if let Some(reason) = s.end {
            return Err(IllegalMove::GameOver { plies: s.plies, reason });
        }
        if pit >= self.pits as usize {
            return Err(IllegalMove::NotAPit { given: (pit + 1).to_string(), pits: self.pits as usize });
        }
        let owner = self.owner[pit];
        if owner != s.to_move {
            return Err(IllegalMove::NotOwn {
                pit: pit + 1,
                owner: owner as usize + 1,
                mover: s.to_move as usize + 1,
            });
        }
        match s.pits[pit] {
            0 => Err(IllegalMove::Empty { pit: pit + 1 }),
            seeds if seeds < self.min_seeds => {
                Err(IllegalMove::TooFew { pit: pit + 1, seeds, needed: self.min_seeds })
            }
            _ => Ok(()),
        }
    }

    /// Plays `pit` (0-based) after checking that it is legal.
    pub fn play<O: Observer>(
        &self,
        s: &mut State,
        pit: usize,
        obs: &mut O,
    ) -> Result<MoveSummary, IllegalMove> {
        self.check_move(s, pit)?;
        Ok(self.apply_observed(s, pit, obs))
    }

    /// Plays a legal move (one of [`Rules::legal_moves`]).
    #[inline]
    pub fn apply(&self, s: &mut State, pit: usize) -> MoveSummary {
        self.apply_observed(s, pit, &mut ())
    }

    /// Plays a legal move, telling `obs` each step.
    #[inline]
    pub fn apply_observed<O: Observer>(&self, s: &mut State, pit: usize, obs: &mut O) -> MoveSummary {
        debug_assert!(self.check_move(s, pit).is_ok(), "illegal move {pit} in {s:?}");
        let mover = s.to_move;
        let lifted = s.pits[pit];
        let mut hand = lifted;
        s.pits[pit] = 0;
        let mut pos = pit;
        if self.opening_in_origin {
            s.pits[pit] = 1;
            hand -= 1;
            obs.sow(pit);
        }
        while hand > 0 {
            pos = self.next[pos] as usize;
            if self.skip_origin && pos == pit {
                continue;
            }
            s.pits[pos] += 1;
            hand -= 1;
            obs.sow(pos);
        }
        let last = pos;

        let mut captured: u16 = 0;
        let mut captured_pits: u8 = 0;
        let m = mover as usize;
        if self.landing_pits[m] >> last & 1 != 0 && self.landing_counts.contains(s.pits[last]) {
            let seeds = s.pits[last];
            s.pits[last] = 0;
            obs.capture(last, seeds);
            captured += seeds as u16;
            captured_pits += 1;
            let chain = self.chain_pits[m];
            if chain != 0 {
                let step = if self.chain_forward { &self.next } else { &self.prev };
                let mut q = step[last] as usize;
                // At most once round: the chain stops before it would reach the landing pit.
                while q != last && chain >> q & 1 != 0 && self.chain_counts.contains(s.pits[q]) {
                    let seeds = s.pits[q];
                    s.pits[q] = 0;
                    obs.capture(q, seeds);
                    captured += seeds as u16;
                    captured_pits += 1;
                    q = step[q] as usize;
                }
            }
            s.captured[m] += captured;
        }

        s.plies += 1;
        s.last_mover = mover;
        if s.plies >= self.ply_limit {
            s.end = Some(EndReason::PlyLimit);
            s.moves = 0;
        } else {
            let next = if mover + 1 == self.players { 0 } else { mover + 1 };
            self.settle(s, next, obs);
        }
        MoveSummary { pit, lifted, last, captured, captured_pits }
    }

    /// Each player's score: seeds captured, plus the leftovers the rules award once the game
    /// is over.
    pub fn scores(&self, s: &State) -> [u32; MAX_PLAYERS] {
        let mut scores = [0u32; MAX_PLAYERS];
        for (score, &c) in scores.iter_mut().zip(s.captured()) {
            *score = c as u32;
        }
        if s.end.is_some() {
            match self.leftovers {
                Leftovers::Nobody => {}
                Leftovers::Owner => {
                    for (p, &seeds) in s.pits().iter().enumerate() {
                        scores[self.owner[p] as usize] += seeds as u32;
                    }
                }
                Leftovers::LastMover => {
                    if let Some(p) = s.last_mover() {
                        scores[p] += s.seeds_on_board();
                    }
                }
            }
        }
        scores
    }

    /// What a move from `before` to `after` gained `player`: the change of their score minus
    /// the change of everyone else's (captures, and leftovers awarded if the game ended).
    pub fn gain(&self, before: &State, after: &State, player: usize) -> i32 {
        let (b, a) = (self.scores(before), self.scores(after));
        (0..self.players as usize)
            .map(|p| {
                let change = a[p] as i32 - b[p] as i32;
                if p == player { change } else { -change }
            })
            .sum()
    }

    /// The outcome of a finished game (`None` while it goes on): the highest score wins, and
    /// equal highest scores draw.
    pub fn outcome(&self, s: &State) -> Option<Outcome> {
        s.end?;
        let scores = self.scores(s);
        let scores = &scores[..self.players as usize];
        let best = *scores.iter().max()?;
        let mut top = scores.iter().enumerate().filter(|&(_, &x)| x == best);
        let (winner, _) = top.next()?;
        Some(if top.next().is_some() { Outcome::Draw } else { Outcome::Win(winner) })
    }
}

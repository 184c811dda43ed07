//! Whose turn it is and what they may play: starting positions, legal moves, and the rule for
//! a player who cannot move.

use crate::lang::spec::MAX_PITS;

use super::compile::Rules;
use super::moves::{IllegalMove, Move, MoveSet, Observer};
use super::state::{EndReason, NOBODY, PositionError, State};

impl Rules {
    /// The starting position.
    pub fn initial_state(&self) -> State {
        self.state_with(self.initial, self.first_player)
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
            end: None,
        };
        self.settle(&mut s, to_move, &mut ());
        s
    }

    /// The pits `player` could play in `s`.
    #[inline(always)]
    fn moves_of(&self, s: &State, player: u8) -> MoveSet {
        let mut own = self.t.own[player as usize];
        let mut moves = 0;
        while own != 0 {
            let p = own.trailing_zeros();
            if s.pits[p as usize] >= self.t.min_seeds {
                moves |= 1 << p;
            }
            own &= own - 1;
        }
        MoveSet(moves)
    }

    /// Gives the turn to `player`, or applies the rule for a player who cannot move.
    #[inline(always)]
    pub(crate) fn settle<O: Observer>(&self, s: &mut State, player: u8, obs: &mut O) {
        let moves = self.moves_of(s, player);
        s.to_move = player;
        s.moves = moves;
        if !moves.is_empty() {
            return;
        }
        if self.t.pass_when_stuck {
            // Skip players without a move, in turn order; if it comes back round, nobody can.
            let mut p = player;
            for _ in 0..self.t.players {
                obs.pass(p as usize);
                p = if p + 1 == self.t.players { 0 } else { p + 1 };
                let moves = self.moves_of(s, p);
                if !moves.is_empty() {
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
        s.moves
    }

    /// Why `mv` cannot be played in `s`, if it cannot.
    pub fn check_move(&self, s: &State, mv: Move) -> Result<(), IllegalMove> {
        if let Some(reason) = s.end {
            return Err(IllegalMove::GameOver { plies: s.plies, reason });
        }
        let pit = mv.pit();
        if pit >= self.pits() {
            return Err(IllegalMove::NoSuchPit { pit: pit + 1, pits: self.pits() });
        }
        let owner = self.t.owner[pit];
        if owner != s.to_move {
            return Err(IllegalMove::NotOwn {
                pit: pit + 1,
                owner: owner as usize + 1,
                mover: s.to_move as usize + 1,
            });
        }
        match s.pits[pit] {
            0 => Err(IllegalMove::Empty { pit: pit + 1 }),
            seeds if seeds < self.t.min_seeds => {
                Err(IllegalMove::TooFew { pit: pit + 1, seeds, needed: self.t.min_seeds })
            }
            _ => Ok(()),
        }
    }
}

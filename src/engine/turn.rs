//! Whose turn it is and what they may play: starting positions, legal moves, and the rule for
//! a player who cannot move.

use crate::lang::spec::{GrandSlam, MAX_PITS};

use super::compile::Rules;
use super::moves::{IllegalMove, Move, MoveSet, Observer};
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
        self.settle::<false, ()>(&mut s, to_move, &mut ());
        s
    }

    /// The pits `player` could play in `s`.
    #[inline(always)]
    fn moves_of<const PLAIN: bool>(&self, s: &State, player: u8) -> MoveSet {
        let moves = MoveSet(self.t.own[player as usize] & at_least(&s.pits, self.t.pits, self.t.min_seeds));
        if !PLAIN && self.t.filter_moves { self.allowed(s, player, moves) } else { moves }
    }

    /// The moves of `player` that the rules of feeding and of the grand slam allow: each is
    /// played on a copy of the position, sowing and capture, to see what it leaves.
    #[cold]
    fn allowed(&self, s: &State, player: u8, moves: MoveSet) -> MoveSet {
        let opponent = self.t.own[1 - player as usize];
        let starving = self.t.must_feed && opponent_empty(s, opponent);
        let forbid_slams = self.t.grand_slam == GrandSlam::NotAllowed;
        if !starving && !forbid_slams {
            return moves;
        }
        let mut kept = 0u64;
        for mv in moves.iter() {
            let mut after = *s;
            after.to_move = player;
            let sown = self.sow_and_capture::<false, ()>(&mut after, mv, &mut ());
            let fed = !starving || !opponent_empty(&after, opponent);
            if fed && !(forbid_slams && sown.grand_slam) {
                kept |= 1 << mv.pit();
            }
        }
        MoveSet(kept)
    }

    /// Gives the turn to `player`, or applies the rule for a player who cannot move.
    #[inline(always)]
    /// `PLAIN` as in [`Rules::apply_in`].
    pub(crate) fn settle<const PLAIN: bool, O: Observer>(&self, s: &mut State, player: u8, obs: &mut O) {
        let moves = self.moves_of::<PLAIN>(s, player);
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
                let moves = self.moves_of::<PLAIN>(s, p);
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
}

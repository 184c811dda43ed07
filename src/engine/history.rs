//! The positions of a game since its last capture, for the rule that ends a game when a
//! position repeats. A position is every pit and store and the player to move. The positions
//! are kept outside [`State`], which stays small and cheap to copy: [`super::Game`] holds them
//! for a game played move after move.

use crate::lang::spec::{MAX_PITS, MAX_PLAYERS};

use super::state::State;

/// A position as the repetition rule compares them.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    pits: [u8; MAX_PITS],
    captured: [u16; MAX_PLAYERS],
    to_move: u8,
    /// Who made their move once a game: 0 in variants without one.
    spent: u8,
    /// Claimed pits and the players who have moved: none in most variants.
    claimed: [u64; 2],
    moved: u8,
    /// Games of rounds: the pits out of play and the phase (0 in every other game).
    out: u64,
    phase: u8,
    /// Pits that changed owner for the round: none in most games.
    annexed: u64,
    /// Pits both players own for the round: none in most games.
    shared: u64,
    /// Games with big stones: where they lie, and who took them (0 in every other game).
    stones: u8,
    /// Games where a direction is kept: the directions kept (0 in every other game).
    kept: u8,
    /// A move paused for a choice: what is asked (0 in every other game).
    pending: u32,
    /// A game in stages: the stages (0 in every other game).
    stage: u8,
}

impl Key {
    /// A 64-bit summary of the position, to compare before the whole (FxHash's multiply and
    /// rotate, a word at a time, over the board's words only).
    #[inline]
    fn hash(&self, pits: usize) -> u64 {
        let add = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        let mut h = (self.to_move as u64 | (self.spent as u64) << 8 | (self.phase as u64) << 16) ^ self.out;
        for w in self.pits.chunks_exact(8).take(pits.div_ceil(8)) {
            h = add(h, u64::from_le_bytes(w.try_into().expect("8 pits")));
        }
        for w in self.captured.chunks_exact(4) {
            h = add(h, w.iter().fold(0, |acc, &c| acc << 16 | c as u64));
        }
        if self.claimed != [0; 2] || self.moved != 0 {
            h = add(add(add(h, self.claimed[0]), self.claimed[1]), self.moved as u64);
        }
        if self.annexed != 0 {
            h = add(h, self.annexed);
        }
        if self.shared != 0 {
            h = add(h, self.shared);
        }
        if self.stones != 0 || self.kept != 0 || self.pending != 0 || self.stage != 0 {
            h = add(
                h,
                self.stones as u64
                    | (self.kept as u64) << 8
                    | (self.pending as u64) << 16
                    | (self.stage as u64) << 32,
            );
        }
        h
    }
}

/// The positions seen since the last capture, in order, with their hashes. A game goes a
/// few moves between captures, and a scan of a short list of hashes is quicker than a hash
/// set (which cost a quarter of a random game of Oware); a long stretch without a capture
/// costs a scan as long. Clearing keeps the memory, so a game played after another
/// allocates nothing once the lists have grown.
#[derive(Default, Clone)]
pub struct History {
    hashes: Vec<u64>,
    keys: Vec<Key>,
    /// The pits played from (`has been played from`) of every position kept: none in most
    /// games. Kept once for the list rather than in each key.
    played: u64,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "History({} positions)", self.keys.len())
    }
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Forgets every position (a capture happened, or a new game starts).
    pub fn clear(&mut self) {
        self.hashes.clear();
        self.keys.clear();
    }

    /// Notes the position of `s` with `to_move` to move; `false` if it was already seen.
    pub(crate) fn note(&mut self, s: &State, to_move: u8) -> bool {
        let key = Key {
            pits: s.pits,
            captured: s.captured,
            to_move,
            spent: s.spent,
            claimed: s.claimed,
            moved: s.moved,
            out: s.out,
            stones: s.stones,
            phase: s.phase,
            annexed: s.annexed,
            kept: s.kept,
            pending: s.pending as u32 | (s.pending_at as u32) << 8 | (s.pending_seeds as u32) << 16,
            stage: s.stage,
            shared: s.shared,
        };
        let hash = key.hash(s.pits().len());
        let seen = self.hashes.iter().zip(&self.keys).any(|(&h, k)| h == hash && *k == key);
        if !seen {
            self.hashes.push(hash);
            self.keys.push(key);
        }
        !seen
    }

    /// Have the pits played from (`has been played from`) changed since the positions kept
    /// were noted? Positions with other pits played from are other positions, and the pits
    /// played only add up until a round is over: once they change, no position kept can come
    /// again, and the caller clears the list. Notes the new pits.
    pub(crate) fn played_changed(&mut self, s: &State) -> bool {
        let changed = self.played != s.played;
        self.played = s.played;
        changed
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn who_made_the_move_once_a_game_is_part_of_a_position() {
        // The same pits, captures and player to move: one position before the move once a
        // game and another after it.
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.initial_state();
        let mut spent = s;
        spent.spent = 1;
        let mut h = History::new();
        assert!(h.note(&s, 0));
        assert!(h.note(&spent, 0), "a position with the move made is new");
        assert!(!h.note(&spent, 0), "and seen once noted");
        assert_eq!(h.len(), 2);
    }

    #[test]
    fn who_owns_the_pits_is_part_of_a_position() {
        // The same seeds, one pit owned across the rows: another position.
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.initial_state();
        let mut annexed = s;
        annexed.annexed = 1 << 4;
        let mut h = History::new();
        assert!(h.note(&s, 0));
        assert!(h.note(&annexed, 0), "a position with a pit owned across the rows is new");
        assert!(!h.note(&annexed, 0));
    }

    #[test]
    fn where_the_big_stones_lie_and_who_took_them_are_part_of_a_position() {
        // The same pits, captures and player to move: a big stone on the board, or taken by
        // one player or the other, makes three positions.
        let rules = crate::load_rules("bakuk", None).unwrap();
        let mut on_board = rules.initial_state();
        on_board.stones = 1;
        let mut first = on_board;
        first.stones = 1 << 2;
        let mut second = first;
        second.stones = 1 << 4;
        let mut h = History::new();
        for s in [&on_board, &first, &second] {
            assert!(h.note(s, 0), "a new position");
        }
        assert!(!h.note(&second, 0), "and seen once noted");
    }

    #[test]
    fn the_pits_played_from_are_part_of_a_position() {
        // The same seeds, a pit played from: another position; the positions before it can
        // never come again, and are dropped.
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.initial_state();
        let mut played = s;
        played.played = 1 << 2;
        let mut h = History::new();
        assert!(h.note(&s, 0));
        assert!(!h.played_changed(&s));
        assert!(h.played_changed(&played), "a position with a pit played from is new");
        h.clear();
        assert!(h.note(&played, 0));
        assert!(!h.played_changed(&played));
        assert!(!h.note(&played, 0), "and seen once noted");
    }
}

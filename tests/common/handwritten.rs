//! Bakuk and Koumma written by hand, in plain Rust, from the rules' wording: no grammar, no
//! tables, no shared code with the interpreter. Tests hold the interpreter to it move by
//! move. (The benchmark's yardstick, benches/playouts.rs, is a separate loop written for
//! speed.)

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Bakuk,
    /// Bakuk with the chain backward (Valdez 2023).
    Valdez,
    /// Bakuk for three players owning pits {1,2}, {3,4}, {5,6}.
    ThreePlayer,
    Koumma,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub pits: [u8; 6],
    pub captured: [u32; 3],
    pub to_move: usize,
    pub plies: u32,
    pub over: bool,
}

impl Game {
    pub fn players(self) -> usize {
        if self == Game::ThreePlayer { 3 } else { 2 }
    }

    pub fn owner(self, pit: usize) -> usize {
        if self == Game::ThreePlayer { pit / 2 } else { pit / 3 }
    }

    fn captures(self, seeds: u8) -> bool {
        match self {
            Game::Koumma => seeds == 2 || seeds == 4 || seeds == 6,
            _ => seeds == 2 || seeds == 4,
        }
    }

    pub fn start(self) -> Position {
        let mut p = Position { pits: [6; 6], captured: [0; 3], to_move: 0, plies: 0, over: false };
        p.over = self.legal(&p).is_empty();
        p
    }

    /// Legal pits (0-based) of the player to move.
    pub fn legal(self, p: &Position) -> Vec<usize> {
        let least = if self == Game::Koumma { 2 } else { 1 };
        (0..6).filter(|&i| self.owner(i) == p.to_move && p.pits[i] >= least).collect()
    }

    pub fn play(self, p: &mut Position, pit: usize) {
        let mut hand = p.pits[pit];
        p.pits[pit] = 0;
        let mut at = pit;
        if self == Game::Koumma {
            // The first seed goes back into the emptied pit.
            p.pits[pit] += 1;
            hand -= 1;
        }
        while hand > 0 {
            at = (at + 1) % 6;
            p.pits[at] += 1;
            hand -= 1;
        }
        if self.captures(p.pits[at]) {
            p.captured[p.to_move] += p.pits[at] as u32;
            p.pits[at] = 0;
            let backward = self == Game::Valdez;
            for k in 1..6 {
                let q = if backward { (at + 6 - k) % 6 } else { (at + k) % 6 };
                if !self.captures(p.pits[q]) {
                    break;
                }
                p.captured[p.to_move] += p.pits[q] as u32;
                p.pits[q] = 0;
            }
        }
        p.plies += 1;
        p.to_move = (p.to_move + 1) % self.players();
        if p.plies >= 1000 || self.legal(p).is_empty() {
            p.over = true;
        }
    }

    /// The winner (0-based), or `None` for a draw.
    pub fn winner(self, p: &Position) -> Option<usize> {
        let scores = &p.captured[..self.players()];
        let best = *scores.iter().max().unwrap();
        let top: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
        (top.len() == 1).then(|| top[0])
    }
}

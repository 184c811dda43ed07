//! A checked [`Spec`] -> [`Rules`]: the tables the engine reads on every move, laid out so that
//! a move touches only small fixed arrays and bit masks.

use crate::lang::spec::{
    ChainDirection, Direction, Laps, Leftovers, MAX_PITS, MAX_PLAYERS, NoMove, Opening, Spec, Where,
};

/// A set of seed counts (0 to 255) as a 256-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts([u64; 4]);

impl Counts {
    pub fn from_list(counts: &[u8]) -> Counts {
        let mut c = Counts::default();
        for &n in counts {
            c.0[(n >> 6) as usize] |= 1 << (n & 63);
        }
        c
    }

    #[inline(always)]
    pub fn contains(&self, n: u8) -> bool {
        (self.0[(n >> 6) as usize] >> (n & 63)) & 1 != 0
    }
}

/// The compiled rules of one variant (with its ruleset applied). Built once, then shared by
/// every game; `spec()` keeps the meaning for display.
#[derive(Debug, Clone)]
pub struct Rules {
    spec: Spec,
    pub(crate) pits: u8,
    pub(crate) players: u8,
    pub(crate) first_player: u8,
    pub(crate) initial: [u8; MAX_PITS],
    /// Pits of each player, as bit masks.
    pub(crate) own: [u64; MAX_PLAYERS],
    /// Owner of each pit.
    pub(crate) owner: [u8; MAX_PITS],
    /// The next pit in the sowing direction, and the one before.
    pub(crate) next: [u8; MAX_PITS],
    pub(crate) prev: [u8; MAX_PITS],
    pub(crate) opening_in_origin: bool,
    pub(crate) skip_origin: bool,
    pub(crate) min_seeds: u8,
    /// Pits where the last seed may capture, for each mover (empty: no captures).
    pub(crate) landing_pits: [u64; MAX_PLAYERS],
    pub(crate) landing_counts: Counts,
    /// Pits a chain may take, for each mover (empty: no chain).
    pub(crate) chain_pits: [u64; MAX_PLAYERS],
    pub(crate) chain_counts: Counts,
    pub(crate) chain_forward: bool,
    pub(crate) pass_when_stuck: bool,
    pub(crate) leftovers: Leftovers,
    pub(crate) ply_limit: u32,
}

fn pit_mask(spec: &Spec, mover: u8, pits: Where) -> u64 {
    (0..spec.pits())
        .filter(|&p| match pits {
            Where::Any => true,
            Where::Opponents => spec.owners[p] != mover,
            Where::Own => spec.owners[p] == mover,
        })
        .fold(0, |m, p| m | 1 << p)
}

/// Compiles checked rules. The spec's ranges were checked (pits, players, seeds), so this
/// cannot fail.
pub fn compile(spec: &Spec) -> Rules {
    let n = spec.pits();
    assert!(n <= MAX_PITS && spec.players as usize <= MAX_PLAYERS && spec.total_seeds() <= 255);
    let mut r = Rules {
        spec: spec.clone(),
        pits: n as u8,
        players: spec.players,
        first_player: spec.first_player,
        initial: [0; MAX_PITS],
        own: [0; MAX_PLAYERS],
        owner: [0; MAX_PITS],
        next: [0; MAX_PITS],
        prev: [0; MAX_PITS],
        opening_in_origin: spec.opening == Opening::EmptiedPit,
        skip_origin: spec.laps == Laps::SkipOrigin,
        min_seeds: spec.min_seeds,
        landing_pits: [0; MAX_PLAYERS],
        landing_counts: Counts::default(),
        chain_pits: [0; MAX_PLAYERS],
        chain_counts: Counts::default(),
        chain_forward: true,
        pass_when_stuck: spec.no_move == NoMove::Pass,
        leftovers: spec.leftovers,
        ply_limit: spec.ply_limit,
    };
    for p in 0..n {
        r.initial[p] = spec.seeds[p];
        r.owner[p] = spec.owners[p];
        r.own[spec.owners[p] as usize] |= 1 << p;
        // Pits are numbered counter-clockwise, so counter-clockwise sowing goes up the numbers.
        let (up, down) = ((p + 1) % n, (p + n - 1) % n);
        let (next, prev) = match spec.direction {
            Direction::CounterClockwise => (up, down),
            Direction::Clockwise => (down, up),
        };
        r.next[p] = next as u8;
        r.prev[p] = prev as u8;
    }
    for mover in 0..spec.players {
        if let Some(l) = &spec.landing {
            r.landing_pits[mover as usize] = pit_mask(spec, mover, l.pits);
        }
        if let Some(c) = &spec.chain {
            r.chain_pits[mover as usize] = pit_mask(spec, mover, c.rule.pits);
        }
    }
    if let Some(l) = &spec.landing {
        r.landing_counts = Counts::from_list(&l.counts);
    }
    if let Some(c) = &spec.chain {
        r.chain_counts = Counts::from_list(&c.rule.counts);
        r.chain_forward = c.direction == ChainDirection::Forward;
    }
    r
}

impl Rules {
    /// The checked rules this was compiled from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The owner (0-based) of a pit (0-based).
    pub fn owner(&self, pit: usize) -> usize {
        self.owner[pit] as usize
    }

    pub fn total_seeds(&self) -> u32 {
        self.initial.iter().map(|&s| s as u32).sum()
    }

    /// The same rules with another ply limit (`u32::MAX`: games end only by themselves).
    pub fn with_ply_limit(&self, limit: u32) -> Rules {
        let mut r = self.clone();
        r.ply_limit = limit;
        r.spec.ply_limit = limit;
        r
    }

    /// A fingerprint of what decides the play of a position (everything but names, sources,
    /// the starting seeds and the ply limit): a solution table made for these rules is valid
    /// for any rules with the same fingerprint.
    pub fn fingerprint(&self) -> u64 {
        let mut bytes: Vec<u8> = vec![self.pits, self.players, self.first_player];
        let n = self.pits as usize;
        bytes.extend_from_slice(&self.owner[..n]);
        bytes.extend_from_slice(&self.next[..n]);
        bytes.extend([self.opening_in_origin as u8, self.skip_origin as u8, self.min_seeds]);
        for p in 0..self.players as usize {
            bytes.extend(self.landing_pits[p].to_le_bytes());
            bytes.extend(self.chain_pits[p].to_le_bytes());
        }
        for w in self.landing_counts.0.iter().chain(&self.chain_counts.0) {
            bytes.extend(w.to_le_bytes());
        }
        bytes.extend([self.chain_forward as u8, self.pass_when_stuck as u8, self.leftovers as u8]);
        fnv1a(&bytes)
    }
}

/// FNV-1a, 64 bits: a stable checksum (the standard library's hashers may change).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_hold_any_byte() {
        let c = Counts::from_list(&[1, 2, 64, 200, 255]);
        for n in 0..=255u8 {
            assert_eq!(c.contains(n), [1, 2, 64, 200, 255].contains(&n), "{n}");
        }
    }
}

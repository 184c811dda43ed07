//! Scores and results: seeds captured, the leftovers the end rules award, and who won.

use crate::lang::spec::{ClaimSeeds, Leftovers, MAX_PLAYERS};

use super::compile::Rules;
use super::state::{EndReason, Outcome, State};
use super::turn::at_least;

impl Rules {
    /// The player (of two) whose running out ended the game: the player to move, who had no
    /// legal move, or the player whose pits are all empty. `None` when the game is not over
    /// or ended another way.
    pub fn ran_out(&self, s: &State) -> Option<usize> {
        match s.end? {
            EndReason::NoLegalMove => Some(s.turn()),
            EndReason::SideEmpty | EndReason::EmptyLoses | EndReason::InnerEmpty => {
                // Under the ending on unclaimed pits, claimed pits do not count.
                let claimed = if self.t.extras.unclaimed_empty { s.claimed[0] | s.claimed[1] } else { 0 };
                let nonempty = at_least(&s.pits, self.t.pits, 1) & !claimed;
                (0..self.players()).find(|&p| self.t.alive[p] & nonempty == 0)
            }
            _ => None,
        }
    }

    /// Each player's score: seeds captured, plus the leftovers the rules award once the game
    /// is over.
    pub fn scores(&self, s: &State) -> [u32; MAX_PLAYERS] {
        let mut scores = [0u32; MAX_PLAYERS];
        for (score, &c) in scores.iter_mut().zip(s.captured()) {
            *score = c as u32;
        }
        // Stores on the circuit hold their owner's seeds, and are no leftovers.
        let stored = self.stored(s);
        for (score, c) in scores.iter_mut().zip(stored) {
            *score += c;
        }
        if self.t.stones.is_some() {
            self.stone_scores(s, &mut scores);
        }
        let leftover = |p: usize, seeds: u8| if self.is_pit_store(p) { 0 } else { seeds as u32 };
        if s.end.is_some() {
            // Seeds left in claimed pits go to their claimers where the rules say so; the
            // leftover rule shares the rest.
            let mut left = *s;
            if self.t.extras.claim_seeds == Some(ClaimSeeds::AtEnd) {
                for (p, score) in scores.iter_mut().enumerate().take(2) {
                    let mut pits = s.claimed[p];
                    while pits != 0 {
                        let q = pits.trailing_zeros() as usize;
                        pits &= pits - 1;
                        *score += left.pits[q] as u32;
                        left.pits[q] = 0;
                    }
                }
            }
            let s = &left;
            match self.t.leftovers {
                Leftovers::Nobody => {}
                Leftovers::Owner => {
                    for (p, &seeds) in s.pits().iter().enumerate() {
                        scores[self.t.owner_now(s, p)] += leftover(p, seeds);
                    }
                }
                Leftovers::LastMover => {
                    if let Some(p) = s.last_mover() {
                        scores[p] += s.seeds_on_board() - stored.iter().sum::<u32>();
                    }
                }
                Leftovers::NotRunOut => match self.ran_out(s) {
                    Some(p) => scores[1 - p] += s.seeds_on_board() - stored.iter().sum::<u32>(),
                    None => {
                        for (p, &seeds) in s.pits().iter().enumerate() {
                            scores[self.t.owner[p] as usize] += leftover(p, seeds);
                        }
                    }
                },
            }
        }
        scores
    }

    /// What a move from `before` to `after` gained `player`: the change of their score minus
    /// the change of everyone else's (captures, and leftovers awarded if the game ended).
    pub fn gain(&self, before: &State, after: &State, player: usize) -> i32 {
        let (b, a) = (self.scores(before), self.scores(after));
        (0..self.players())
            .map(|p| {
                let change = a[p] as i32 - b[p] as i32;
                if p == player { change } else { -change }
            })
            .sum()
    }

    /// The outcome of a finished game (`None` while it goes on): the highest score wins, and
    /// equal highest scores draw, unless a rule decided it ([`Rules::by_rule`]).
    pub fn outcome(&self, s: &State) -> Option<Outcome> {
        s.end?;
        if let Some(o) = self.by_rule(s) {
            return Some(o);
        }
        let scores = self.scores(s);
        let scores = &scores[..self.players()];
        let best = *scores.iter().max()?;
        let mut top = scores.iter().enumerate().filter(|&(_, &x)| x == best);
        let (winner, _) = top.next()?;
        Some(if top.next().is_some() { Outcome::Draw } else { Outcome::Win(winner) })
    }

    /// The outcome of a finished game that a rule decided whatever the scores: a match lost by
    /// a rule of rounds, a player who could not move under `... cannot move: they lose`, a
    /// player whose pits are all empty under `... are all empty loses`. `None` for a game the
    /// scores decide (and while it goes on).
    pub fn by_rule(&self, s: &State) -> Option<Outcome> {
        let end = s.end?;
        if self.t.rounds.is_some()
            && let Some(o) = self.match_outcome(s)
        {
            return Some(o);
        }
        // The player to move could not move, and the rules make that a loss (two players).
        if self.t.stuck_loses && end == EndReason::NoLegalMove {
            return Some(Outcome::Win(1 - s.turn()));
        }
        // A player whose pits are all empty loses; both at once: a draw.
        if matches!(end, EndReason::EmptyLoses | EndReason::InnerEmpty) {
            let nonempty = at_least(&s.pits, self.t.pits, 1);
            let empty: Vec<usize> =
                (0..self.players()).filter(|&p| self.t.alive[p] & nonempty == 0).collect();
            return Some(if let [p] = empty[..] { Outcome::Win(1 - p) } else { Outcome::Draw });
        }
        None
    }
}

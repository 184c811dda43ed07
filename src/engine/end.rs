//! Scores and results: seeds captured, the leftovers the end rules award, and who won.

use crate::lang::spec::{ClaimSeeds, EndOutcome, Leftovers, MAX_PLAYERS};

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
    /// a rule of rounds, a player who could not move under `... cannot move: they lose`, an
    /// ending whose line gives its outcome (`game over when a player's pits are all empty:
    /// they win`, `... nobody can move: the game is a draw`; `a player whose pits are all
    /// empty loses`). `None` for a game the scores decide (and while it goes on).
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
        // A player whose pits are all empty loses, or wins; both at once: a draw.
        let empty = || -> Vec<usize> {
            let nonempty = at_least(&s.pits, self.t.pits, 1);
            (0..self.players()).filter(|&p| self.t.alive[p] & nonempty == 0).collect()
        };
        match end {
            EndReason::EmptyLoses | EndReason::InnerEmpty => {
                Some(if let [p] = empty()[..] { Outcome::Win(1 - p) } else { Outcome::Draw })
            }
            EndReason::SideEmpty => match self.t.side_outcome? {
                EndOutcome::Win => Some(if let [p] = empty()[..] { Outcome::Win(p) } else { Outcome::Draw }),
                // A loss ends the game as `EndReason::EmptyLoses`.
                EndOutcome::Lose | EndOutcome::Draw => Some(Outcome::Draw),
            },
            EndReason::NobodyCanMove => self.t.nobody_outcome.map(|_| Outcome::Draw),
            // The ending that held, as it held when the game ended.
            EndReason::Condition => {
                self.t.game_end(s, s.last_mover as usize, false).filter(|e| e.draw).map(|_| Outcome::Draw)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::compile::compile;

    /// A 2 x 3 board with stores, each player sowing into their own store, nothing captured,
    /// with `end` lines of its own.
    fn rules(end: &str) -> Rules {
        let text = format!(
            "variant \"T\" {{ source \"t\" board 2 rows of 3 pits, one store per player seeds 2 in each pit \
             players 2 {{ player 1 owns the south row player 2 owns the north row }} \
             sowing {{ counter-clockwise first seed into the next pit laps sow into the emptied pit \
             sow into the mover's own store }} capture {{ none }} \
             end {{ leftover seeds: each pit's owner {end} }} }}"
        );
        let file = crate::lang::library::load_text("t.sow", &text).unwrap();
        compile(&crate::lang::check::check(&file, None).unwrap().0)
    }

    /// The position `pits` after `end`, player 1 having moved last.
    fn ended(r: &Rules, pits: &[u8], end: EndReason) -> State {
        let mut s = r.state_from(pits, 1).unwrap();
        s.last_mover = 0;
        s.end = Some(end);
        s
    }

    #[test]
    fn an_outcome_on_empty_pits_names_the_player_whose_pits_are_empty() {
        let over = "player to move cannot move: game over game over when a player's pits are all empty";
        // Player 1's pits empty, player 2's hold 3: the scores give it to player 2.
        let pits = [0, 0, 0, 1, 1, 1];
        let r = rules(over);
        assert_eq!(r.by_rule(&ended(&r, &pits, r.t.side_end)), None);
        assert_eq!(r.outcome(&ended(&r, &pits, r.t.side_end)), Some(Outcome::Win(1)));
        for (outcome, want, both) in [
            (": they win", Outcome::Win(0), Outcome::Draw),
            (": they lose", Outcome::Win(1), Outcome::Draw),
            (": the game is a draw", Outcome::Draw, Outcome::Draw),
        ] {
            let r = rules(&format!("{over}{outcome}"));
            assert_eq!(r.by_rule(&ended(&r, &pits, r.t.side_end)), Some(want), "{outcome}");
            // Player 2's pits empty: the mirror.
            let mirror = ended(&r, &[1, 1, 1, 0, 0, 0], r.t.side_end);
            let flip = |o: Outcome| if let Outcome::Win(p) = o { Outcome::Win(1 - p) } else { o };
            assert_eq!(r.by_rule(&mirror), Some(flip(want)), "{outcome}");
            // Both at once: a draw.
            assert_eq!(r.by_rule(&ended(&r, &[0; 6], r.t.side_end)), Some(both), "{outcome}");
            // Another end is left to the scores.
            assert_eq!(r.by_rule(&ended(&r, &pits, EndReason::PlyLimit)), None, "{outcome}");
        }
        // A loss keeps its own end, as `a player whose pits are all empty loses` always had.
        assert_eq!(rules(&format!("{over}: they lose")).t.side_end, EndReason::EmptyLoses);
        assert_eq!(rules(&format!("{over}: they win")).t.side_end, EndReason::SideEmpty);
    }

    #[test]
    fn a_draw_when_nobody_can_move_is_read_only_at_that_end() {
        let pass = "player to move cannot move: they pass";
        let r = rules(&format!("{pass} game over when nobody can move: the game is a draw"));
        let pits = [0, 0, 0, 1, 1, 1];
        assert_eq!(r.by_rule(&ended(&r, &pits, EndReason::NobodyCanMove)), Some(Outcome::Draw));
        assert_eq!(r.by_rule(&ended(&r, &pits, EndReason::PlyLimit)), None);
        // Without an outcome, the line changes nothing: the same tables.
        let plain = rules(pass);
        let said = rules(&format!("{pass} game over when nobody can move"));
        assert_eq!(said.fingerprint(), plain.fingerprint());
        assert_eq!(said.by_rule(&ended(&said, &pits, EndReason::NobodyCanMove)), None);
        assert_ne!(r.fingerprint(), plain.fingerprint());
    }
}

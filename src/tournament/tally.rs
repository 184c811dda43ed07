//! The counts of a tournament, per variant: integers that add up exactly across shards, from
//! which every table is computed. Sums only, so the order in which the games are counted does
//! not change them: each unit is counted as it ends.

use serde::{Deserialize, Serialize};

use crate::run::rating::{Encounter, Penta, Wdl};

use super::play::{GameResult, POINT};
use super::schedule::{Purpose, Unit};

/// Counts of one group of players that met (two players, or as many as the variant seats).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupCount {
    /// Participants, in increasing order.
    pub players: Vec<usize>,
    pub games: u64,
    /// Plies over all its games.
    pub plies: u64,
    /// For two players: the first player's result over all games, and over game pairs.
    pub wdl: Wdl,
    pub penta: Penta,
}

/// Counts of one opening: results of the seat that moves first after it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningCount {
    pub games: u64,
    pub first_seat: Wdl,
    pub plies: u64,
}

/// Counts of one level of the skill trace: the stronger side's results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceCount {
    /// The weaker side's simulations a move; the stronger side has twice as many.
    pub simulations: u64,
    pub strong: Wdl,
    pub penta: Penta,
    pub plies: u64,
}

/// Everything counted of one variant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantTally {
    /// Games between participants (the skill trace's are apart).
    pub games: u64,
    /// Every two players of every game, by seat order: the earlier seat's result.
    pub encounters: Vec<Encounter>,
    /// `[participant][seat]`: the participant's results from that seat (a win is the top
    /// score alone, a draw a shared top score).
    pub seats: Vec<Vec<Wdl>>,
    /// Points in [`POINT`]s (840 a game: a win 840, a top score shared by k players 840/k).
    pub points: Vec<u64>,
    pub groups: Vec<GroupCount>,
    pub openings: Vec<OpeningCount>,
    pub trace: Vec<TraceCount>,
}

impl VariantTally {
    pub fn new(participants: usize, seats: usize, openings: usize, trace: &[u64]) -> VariantTally {
        VariantTally {
            games: 0,
            encounters: Vec::new(),
            seats: vec![vec![Wdl::default(); seats]; participants],
            points: vec![0; participants],
            groups: Vec::new(),
            openings: vec![OpeningCount::default(); openings],
            trace: trace.iter().map(|&n| TraceCount { simulations: n, ..TraceCount::default() }).collect(),
        }
    }

    fn encounter(&mut self, first: usize, second: usize) -> &mut Wdl {
        let i = match self.encounters.binary_search_by_key(&(first, second), |e| (e.first, e.second)) {
            Ok(i) => i,
            Err(i) => {
                self.encounters.insert(i, Encounter { first, second, wdl: Wdl::default() });
                i
            }
        };
        &mut self.encounters[i].wdl
    }

    fn group(&mut self, players: &[usize]) -> &mut GroupCount {
        let i = match self.groups.binary_search_by(|g| g.players.as_slice().cmp(players)) {
            Ok(i) => i,
            Err(i) => {
                self.groups.insert(i, GroupCount { players: players.to_vec(), ..GroupCount::default() });
                i
            }
        };
        &mut self.groups[i]
    }

    /// Counts the games of one unit.
    pub fn add_unit(&mut self, u: &Unit, games: &[GameResult]) {
        match u.purpose {
            Purpose::Trace(level) => {
                let t = &mut self.trace[level];
                let strong = u.players[1] as u8;
                let mut pair = Vec::new();
                for g in games {
                    let seat = g.seats().iter().position(|&s| s == strong).expect("the strong side sat");
                    let score = g.points()[seat] as f64 / POINT as f64;
                    t.strong.add(score);
                    t.plies += g.plies as u64;
                    pair.push(score);
                }
                if let [a, b] = pair[..] {
                    t.penta.add_pair(a, b);
                }
            }
            Purpose::Main => {
                let mut pair = Vec::new();
                for g in games {
                    self.add_game(g);
                    let group = self.group(&u.players);
                    group.games += 1;
                    group.plies += g.plies as u64;
                    if u.players.len() == 2 {
                        let seat = g.seats().iter().position(|&s| s as usize == u.players[0]).expect("sat");
                        let score = g.points()[seat] as f64 / POINT as f64;
                        group.wdl.add(score);
                        pair.push(score);
                    }
                    let last = self.openings.len() - 1;
                    let o = &mut self.openings[u.opening.min(last)];
                    o.games += 1;
                    o.plies += g.plies as u64;
                    o.first_seat.add(result(g.points()[0]));
                }
                if let [a, b] = pair[..] {
                    self.group(&u.players).penta.add_pair(a, b);
                }
            }
        }
    }

    fn add_game(&mut self, g: &GameResult) {
        self.games += 1;
        let points = g.points();
        let seats = g.seats();
        for (i, &a) in seats.iter().enumerate() {
            let a = a as usize;
            self.points[a] += points[i];
            self.seats[a][i].add(result(points[i]));
        }
        // Each two players by their scores; in a game a rule decided (a player who could not
        // move, or whose pits or inner row are empty, lost), by its points, whatever the scores.
        let ranks: Vec<u64> = if g.by_rule != 0 {
            points[..seats.len()].to_vec()
        } else {
            g.scores().iter().map(|&s| s as u64).collect()
        };
        for i in 0..seats.len() {
            for j in i + 1..seats.len() {
                let s = match ranks[i].cmp(&ranks[j]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                self.encounter(seats[i] as usize, seats[j] as usize).add(s);
            }
        }
    }

    /// Whether counts read back from a file are laid out as a run of `participants` with
    /// `openings` openings lays them out (see [`super::report::TournamentReport::from_value`]).
    pub fn check_shape(&self, participants: usize, openings: usize) -> Result<(), String> {
        let seats = self.seats.first().map_or(0, Vec::len);
        if self.seats.len() != participants || self.points.len() != participants {
            return Err(format!("they are not for {participants} participants"));
        }
        if !(2..=crate::lang::spec::MAX_PLAYERS).contains(&seats)
            || self.seats.iter().any(|s| s.len() != seats)
        {
            return Err("the seats are not those of a variant".into());
        }
        let known = |p: usize| p < participants;
        if self.encounters.iter().any(|e| !known(e.first) || !known(e.second) || e.first == e.second) {
            return Err("an encounter names no participant".into());
        }
        for g in &self.groups {
            if g.players.len() != seats
                || !g.players.iter().all(|&p| known(p))
                || !g.players.is_sorted_by(|a, b| a < b)
            {
                return Err("a group is not one of the participants'".into());
            }
        }
        if self.openings.len() != openings {
            return Err(format!("they count {} openings, not {openings}", self.openings.len()));
        }
        Ok(())
    }

    /// Whether two shards' counts are laid out alike (and so add up).
    pub fn same_shape(&self, other: &VariantTally) -> bool {
        let dims = |t: &VariantTally| {
            (t.seats.len(), t.seats.first().map(Vec::len), t.points.len(), t.openings.len())
        };
        dims(self) == dims(other)
            && self.trace.len() == other.trace.len()
            && self.trace.iter().zip(&other.trace).all(|(a, b)| a.simulations == b.simulations)
    }

    /// Adds another shard's counts.
    pub fn merge(&mut self, other: &VariantTally) {
        self.games += other.games;
        for e in &other.encounters {
            self.encounter(e.first, e.second).merge(&e.wdl);
        }
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
        }
        for (a, b) in self.points.iter_mut().zip(&other.points) {
            *a += b;
        }
        for g in &other.groups {
            let mine = self.group(&g.players);
            mine.games += g.games;
            mine.plies += g.plies;
            mine.wdl.merge(&g.wdl);
            mine.penta.merge(&g.penta);
        }
        for (a, b) in self.openings.iter_mut().zip(&other.openings) {
            a.games += b.games;
            a.plies += b.plies;
            a.first_seat.merge(&b.first_seat);
        }
        for (a, b) in self.trace.iter_mut().zip(&other.trace) {
            a.strong.merge(&b.strong);
            a.penta.merge(&b.penta);
            a.plies += b.plies;
        }
    }
}

/// A seat's points (in [`POINT`]s) as a result: 1 the top score alone, ½ a shared top
/// score, 0 otherwise.
fn result(points: u64) -> f64 {
    match points {
        POINT => 1.0,
        0 => 0.0,
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::play::DRAWN_BY_RULE;

    fn game(scores: [u16; 2], by_rule: u8) -> GameResult {
        let mut r = GameResult { id: 0, seats: [0; 8], scores: [0; 8], players: 2, plies: 10, by_rule };
        r.seats[..2].copy_from_slice(&[0, 1]);
        r.scores[..2].copy_from_slice(&scores);
        r
    }

    /// A game a rule decided counts for its winner in the encounters (the cross-table and the
    /// ratings) as in the points, whatever the scores: Tshuba's and Bao's games end with no
    /// seeds captured, won by the player whose opponent is left without seeds.
    #[test]
    fn a_game_won_by_a_rule_is_a_win_in_every_count() {
        let mut t = VariantTally::new(2, 2, 1, &[]);
        t.add_game(&game([0, 0], 2));
        t.add_game(&game([10, 30], 0));
        t.add_game(&game([0, 0], DRAWN_BY_RULE));
        t.add_game(&game([30, 10], 2));
        assert_eq!(t.points, [POINT / 2, 3 * POINT + POINT / 2]);
        let e = &t.encounters[0];
        assert_eq!((e.first, e.second), (0, 1));
        assert_eq!((e.wdl.wins, e.wdl.draws, e.wdl.losses), (0, 1, 3));
    }
}

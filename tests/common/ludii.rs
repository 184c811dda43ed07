//! Ludii's recorded games replayed through a variant file, ply by ply.
//!
//! The records (`tests/oracles/ludii/`, a subset; the full files are in the project's shared
//! oracle, whose README gives the format) hold, for every Ludii ply, the mover, the legal
//! moves' sites, the move and the whole position after it. Ludii plays each relay lap (and
//! some extra sowings) as a ply of its own and a forced pass as a ply too, while a `sow` move
//! is a whole sowing with its relays. So the replay folds: at each Ludii ply that starts a
//! `sow` move it takes the run of consecutive plies of the same mover, plays the `sow` move
//! from the ply's site, and looks for the first ply of the run after which Ludii's position is
//! `sow`'s. Before every move it compares the player to move and the legal sites; at the end
//! the result (unless Ludii stopped the game at its turn limit). A `sow` move that pauses for
//! its mover's choice ([`State::pending`]) is compared where it pauses; the choice is the next
//! `sow` move, played from Ludii's choice ply ([`Hooks::is_step`]), its options compared with
//! Ludii's legal sites.
//!
//! A game's entry ([`Entry`]) names the variant file, the Ludii file, where each `sow` place
//! lies among Ludii's sites ([`Mapping`]), the disagreements it expects and why ([`Skip`]),
//! and what more to compare or how moves other than sowings map ([`Hooks`]).
// Each test file uses part of it.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt;
use std::io::{BufRead, BufReader};
use std::ops::{Bound, RangeBounds};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use sow::engine::{Drawn, EndReason, Game, Move, Observer, Outcome, Rules, State};

// ------------------------------------------------------------------------------------------
// The records, as the shared README lists their fields.

/// One recorded game (a line of a file).
#[derive(Debug, Clone, Deserialize)]
pub struct Record {
    pub game: String,
    pub game_name: String,
    pub options: Vec<String>,
    pub active_options: Vec<String>,
    pub ruleset: Option<String>,
    pub seed: u64,
    pub index: usize,
    /// Board sites; hand sites are numbered after them.
    pub sites: usize,
    pub site_type: String,
    pub players: usize,
    pub hand_sites: Vec<usize>,
    /// 1, 2, or 3 (shared), for each hand site.
    pub hand_owners: Vec<usize>,
    pub components: Vec<String>,
    pub stacking: bool,
    pub initial_placement_moves: usize,
    pub start: Start,
    pub plies: Vec<Ply>,
    pub end: End,
}

/// The position after `game.start()`.
#[derive(Debug, Clone, Deserialize)]
pub struct Start {
    #[serde(flatten)]
    pub position: Position,
    /// 1 or 2.
    pub mover: usize,
}

/// A position: seeds per board site and per hand site, and what some games add.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Position {
    pub counts: Vec<i64>,
    pub hands: Vec<i64>,
    pub scores: Vec<i64>,
    pub states: Option<Vec<i64>>,
    pub whats: Option<Vec<i64>>,
    pub hand_whats: Option<Vec<i64>>,
    pub stacks: Option<Vec<Vec<i64>>>,
    pub hand_stacks: Option<Vec<Vec<i64>>>,
    pub player_values: Option<Vec<i64>>,
}

/// One Ludii move (decision) and the position after it.
#[derive(Debug, Clone, Deserialize)]
pub struct Ply {
    /// 1 or 2.
    pub mover: usize,
    pub legal_n: usize,
    /// The sorted, distinct `from` sites of the legal moves other than passes (-1 for a move
    /// from no site: Li'b al-'Aqil's swap).
    pub legal_from: Vec<i64>,
    #[serde(rename = "move")]
    pub mv: LudiiMove,
    #[serde(flatten)]
    pub position: Position,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LudiiMove {
    /// -1 for a pass.
    pub from: i64,
    pub to: i64,
    pub pass: bool,
    pub text: String,
    pub alt_n: Option<usize>,
    pub alt_index: Option<usize>,
}

impl LudiiMove {
    /// Ludii's pass for a mover without a move (`[Pass:decision=true,forced=true]`).
    pub fn is_forced_pass(&self) -> bool {
        self.pass && self.text.contains("forced=true")
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct End {
    /// 0 = none (a draw), else 1 or 2.
    pub winner: usize,
    pub end_type: String,
    pub scores: Vec<i64>,
    pub ranking: Vec<f64>,
    pub plies: usize,
    pub turns: usize,
    pub turn_limit_hit: bool,
}

impl Record {
    /// The seeds at a board or hand site.
    pub fn at(&self, pos: &Position, site: usize) -> i64 {
        if site < self.sites {
            pos.counts[site]
        } else {
            let h = self.hand_sites.iter().position(|&s| s == site);
            pos.hands[h.unwrap_or_else(|| panic!("site {site} is neither a board nor a hand site"))]
        }
    }

    /// The position before ply `n` (1-based): the start for ply 1.
    pub fn before(&self, n: usize) -> &Position {
        if n <= 1 { &self.start.position } else { &self.plies[n - 2].position }
    }
}

/// The recorded games of a file, in order (plain or gzip-compressed JSON lines).
pub fn read(path: &Path) -> Vec<Record> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    reader
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let line = line.unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 1));
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// The files the replays read: `SOW_LUDII` if set (the full files), else the subset shipped
/// in `tests/oracles/ludii/`.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("SOW_LUDII") {
        Some(dir) => PathBuf::from(dir),
        None => subset_dir(),
    }
}

pub fn subset_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/ludii")
}

/// The project's full recordings, if this checkout has them: `SOW_LUDII`, else
/// `../shared/oracles/ludii` beside the checkout (absent on CI).
pub fn shared_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("SOW_LUDII") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/oracles/ludii"),
    };
    dir.join("README.md").is_file().then_some(dir)
}

// ------------------------------------------------------------------------------------------
// Where `sow`'s places lie among Ludii's sites.

/// Where each player's captured seeds lie in a two-row Ludii board.
#[derive(Debug, Clone, Copy)]
pub enum Keep {
    /// A store at each end of the rows (sites 0 and 2C + 1); `left` is the player (0-based)
    /// whose store is the left one.
    Stores { left: usize },
    /// No stores: one hand per player after the board (`hand Each`), player 1's first.
    Hands,
    /// No stores and no hands (Nsolo, Musoro Tsoro, Choro): no site holds captured seeds, so
    /// sow's captured seeds are compared with 0 (a file whose takes go `out of play`).
    Nothing,
}

/// For each `sow` pit the Ludii site, and for each player the Ludii sites (board or hand)
/// whose seeds, summed, are `State::captured()[p]`. Every other site of the record must be
/// named as ignored, with why, so that no seed goes uncompared by oversight.
#[derive(Debug, Clone)]
pub struct Mapping {
    pits: Vec<usize>,
    captured: Vec<Vec<usize>>,
    ignored: Vec<(usize, &'static str)>,
}

impl Mapping {
    /// A layout given as a table: the site of pit 1, 2, ... and each player's sites.
    pub fn new(pits: Vec<usize>, captured: Vec<Vec<usize>>) -> Mapping {
        let m = Mapping { pits, captured, ignored: Vec::new() };
        let mut used: Vec<usize> = m.sites().collect();
        used.sort_unstable();
        let n = used.len();
        used.dedup();
        assert_eq!(used.len(), n, "a mapping names a site twice: {m:?}");
        m
    }

    /// Two rows of `cols` pits in Ludii's `mancalaBoard` numbering: the left store (if any)
    /// first, the bottom row (player 1's, `sow`'s pits 1..C) left to right, the top row left
    /// to right (so `sow`'s pit C + j, j-th from the top row's right, is site 2C - j, shifted
    /// by one with stores), then the right store; hands after the board.
    pub fn two_rows(cols: usize, keep: Keep) -> Mapping {
        let shift = matches!(keep, Keep::Stores { .. }) as usize;
        let south = (0..cols).map(|c| shift + c);
        let north = (1..=cols).map(|j| shift + 2 * cols - j);
        let pits = south.chain(north).collect();
        let captured = match keep {
            Keep::Stores { left } => {
                let (l, r) = (0, 2 * cols + 1);
                if left == 0 { vec![vec![l], vec![r]] } else { vec![vec![r], vec![l]] }
            }
            Keep::Hands => vec![vec![2 * cols], vec![2 * cols + 1]],
            Keep::Nothing => vec![vec![], vec![]],
        };
        Mapping::new(pits, captured)
    }

    /// Four rows of `cols` pits (docs/four-row-games.md, "Conventions"), Ludii's site = row *
    /// C + column, rows from the bottom, columns from the left as player 1 sees them. Sow
    /// numbers each player's pits along their own counter-clockwise circuit from the left end
    /// of their outer row: pit k (1..C) is site k - 1, pit C + j is site 2C - j (player 1's
    /// inner row from their right), pit 2C + k is site 4C - k (player 2's outer row from their
    /// left), pit 3C + j is site 2C + j - 1. Hands, where the file declares them, are sites 4C
    /// (player 1's) and 4C + 1; a board of four rows has no stores.
    pub fn four_rows(cols: usize, keep: Keep) -> Mapping {
        let c = cols;
        let p1_outer = (1..=c).map(|k| k - 1);
        let p1_inner = (1..=c).map(|j| 2 * c - j);
        let p2_outer = (1..=c).map(|k| 4 * c - k);
        let p2_inner = (1..=c).map(|j| 2 * c + j - 1);
        let pits = p1_outer.chain(p1_inner).chain(p2_outer).chain(p2_inner).collect();
        let captured = match keep {
            Keep::Hands => vec![vec![4 * c], vec![4 * c + 1]],
            Keep::Nothing => vec![vec![], vec![]],
            Keep::Stores { .. } => panic!("a board of four rows has no stores"),
        };
        Mapping::new(pits, captured)
    }

    /// A board of `rows` x `cols` pits whose pits `sow` numbers along one listed track (Gabata's
    /// three rows, docs/four-row-games.md "Conventions"): pit k is the k-th site of Ludii's
    /// track, written as Ludii writes it (`"0,E,N1,W2,17,W,S1,E2"`: a site, then steps east,
    /// north, west or south, a number of them or to the board's edge). Hands after the board.
    pub fn along(track: &str, rows: usize, cols: usize, keep: Keep) -> Mapping {
        let mut sites = Vec::new();
        let (mut r, mut c) = (0i64, 0i64);
        for token in track.split(',') {
            if let Ok(site) = token.parse::<usize>() {
                (r, c) = ((site / cols) as i64, (site % cols) as i64);
                sites.push(site);
                continue;
            }
            let (dir, n) = token.split_at(1);
            let (dr, dc) = match dir {
                "E" => (0, 1),
                "W" => (0, -1),
                "N" => (1, 0),
                "S" => (-1, 0),
                _ => panic!("not a step of a track: {token}"),
            };
            let inside = |r: i64, c: i64| (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c);
            let steps = n.parse::<usize>().unwrap_or(usize::MAX);
            for _ in 0..steps {
                if !inside(r + dr, c + dc) {
                    assert_eq!(steps, usize::MAX, "a track that leaves the board: {track}");
                    break;
                }
                (r, c) = (r + dr, c + dc);
                sites.push(r as usize * cols + c as usize);
            }
        }
        let b = rows * cols;
        let captured = match keep {
            Keep::Hands => vec![vec![b], vec![b + 1]],
            Keep::Nothing => vec![vec![], vec![]],
            Keep::Stores { .. } => panic!("a listed track of this kind has no stores"),
        };
        Mapping::new(sites, captured)
    }

    /// A site compared with nothing in `sow`, and why.
    pub fn ignoring(mut self, site: usize, why: &'static str) -> Mapping {
        self.ignored.push((site, why));
        self
    }

    /// The site of `sow`'s pit (0-based).
    pub fn site(&self, pit: usize) -> usize {
        self.pits[pit]
    }

    /// The `sow` pit (0-based) at a site, if a pit is there.
    pub fn pit(&self, site: i64) -> Option<usize> {
        self.pits.iter().position(|&s| s as i64 == site)
    }

    /// The sites whose seeds are player `p`'s (0-based) captured seeds.
    pub fn captured(&self, p: usize) -> &[usize] {
        &self.captured[p]
    }

    /// The seeds of each `sow` pit in Ludii's position `at`.
    pub fn pits_at(&self, rec: &Record, at: &Position) -> Vec<u8> {
        (0..self.pit_count()).map(|p| rec.at(at, self.site(p)) as u8).collect()
    }

    /// The seeds player `p` (0-based) holds in Ludii's position `at`: their stores and hands.
    pub fn held_at(&self, rec: &Record, at: &Position, p: usize) -> i64 {
        self.captured(p).iter().map(|&s| rec.at(at, s)).sum()
    }

    pub fn pit_count(&self) -> usize {
        self.pits.len()
    }

    fn sites(&self) -> impl Iterator<Item = usize> + '_ {
        let ignored = self.ignored.iter().map(|&(s, _)| s);
        self.pits.iter().copied().chain(self.captured.iter().flatten().copied()).chain(ignored)
    }

    /// Whether the mapping fits a record: every site it names exists (a hand site is the
    /// player's own), none twice, and every site of the record is named.
    pub fn check(&self, rec: &Record) -> Result<(), String> {
        let all: BTreeSet<usize> = (0..rec.sites).chain(rec.hand_sites.iter().copied()).collect();
        let mut named = BTreeSet::new();
        for s in self.sites() {
            if !all.contains(&s) {
                return Err(format!("site {s} is not a site of {}", rec.game_name));
            }
            if !named.insert(s) {
                return Err(format!("site {s} is named twice"));
            }
        }
        if let Some(s) = all.difference(&named).next() {
            return Err(format!(
                "site {s} of {} is neither a pit, a player's seeds, nor ignored",
                rec.game_name
            ));
        }
        if self.captured.len() != rec.players {
            return Err(format!("{} players mapped, the record has {}", self.captured.len(), rec.players));
        }
        for (p, sites) in self.captured.iter().enumerate() {
            for &s in sites {
                if let Some(h) = rec.hand_sites.iter().position(|&x| x == s)
                    && rec.hand_owners[h] != p + 1
                {
                    return Err(format!(
                        "hand site {s} is player {}'s, mapped as player {}'s",
                        rec.hand_owners[h],
                        p + 1
                    ));
                }
            }
        }
        Ok(())
    }
}

// ------------------------------------------------------------------------------------------
// What a game's entry may add.

/// What a game may add to the replay; every method has the plain two-row default.
pub trait Hooks {
    /// How many of Ludii's first plies are the file's starting position: a set-up without a
    /// choice that the file starts after (Gabata (Oromo)'s stylised transfers). The replay
    /// starts from Ludii's position after them.
    fn start_ply(&self) -> usize {
        0
    }

    /// Whether Ludii's ply starts a `sow` move. By default every ply but a pass: a forced pass
    /// is Ludii's ply for a player without a move, which `sow` skips or ends the game on.
    fn starts_move(&self, ply: &Ply) -> bool {
        !ply.mv.pass
    }

    /// The `sow` moves Ludii's move may be. By default `sow`'s legal moves from the pit at
    /// the move's `from` site (two for a pit sown either way); the replay tries each.
    fn candidates(&self, rules: &Rules, state: &State, ply: &Ply, map: &Mapping) -> Vec<Move> {
        match map.pit(ply.mv.from) {
            Some(pit) => {
                rules.legal_moves(state).iter().filter(|m| m.hand() == 0 && m.pit() == pit).collect()
            }
            // From the mover's hand: `[SetVar NumToSow][Move Cell->Vertex count=k]` is `h{k}`,
            // either way where the seeds sow either way.
            None if map.captured(state.turn()).contains(&(ply.mv.from as usize)) => {
                let count = ply.mv.text.split("count=").nth(1).and_then(|t| {
                    t.split(|c: char| !c.is_ascii_digit()).next().and_then(|n| n.parse::<usize>().ok())
                });
                rules.legal_moves(state).iter().filter(|m| Some(m.hand()) == count).collect()
            }
            None => Vec::new(),
        }
    }

    /// Whether Ludii's ply is a choice within a move: the ply that answers what a paused
    /// `sow` move asks its mover ([`State::pending`]). By default a `[Remove ...]` ply, the
    /// opponent's pit the mover takes (Tshuba, Nsolo). A choice of one option, which `sow`
    /// makes at once, is a ply of the move's run like a relay lap, folded into the move.
    /// `before` is Ludii's ply before it, if any: a choice follows a ply of its mover's turn,
    /// and a `[Remove ...]` ply that starts a turn (no ply before it, or one of another
    /// player's) is a move of its own, an opening's take (Mangala (Suez)).
    fn is_step(&self, ply: &Ply, before: Option<&Ply>) -> bool {
        ply.mv.text.starts_with("[Remove:") && before.is_some_and(|b| b.mover == ply.mover)
    }

    /// The `sow` steps Ludii's choice may be, among the options of the paused move: by
    /// default the option at the ply's `to` site (Ludii's `Remove` writes the pit there).
    fn step_candidates(&self, rules: &Rules, state: &State, ply: &Ply, map: &Mapping) -> Vec<Move> {
        match map.pit(ply.mv.to) {
            Some(pit) => rules.legal_moves(state).iter().filter(|m| m.pit() == pit).collect(),
            None => Vec::new(),
        }
    }

    /// The step that answers, within Ludii's ply `run[0]` (or with the plies of the mover's
    /// run after it), the choice a `sow` move paused for: where one Ludii ply is several `sow`
    /// steps (Quela's rearrangement: Ludii's `[Move from=a to=b]` is sow's `a/b`; Ti's drop of
    /// 3 seeds into a pit is three steps). Asked again after each step while the move waits.
    /// By default none: a choice is a ply of its own ([`Hooks::is_step`]).
    fn step_within(&self, rules: &Rules, state: &State, run: &[Ply], map: &Mapping) -> Option<Move> {
        let _ = (rules, state, run, map);
        None
    }

    /// Ludii's legal moves at `ply` compared with sow's in `state` otherwise than by their
    /// sites, where the two choose differently (Ti's drops: Ludii chooses how many seeds go
    /// into one pit, sow where each seed goes): a difference in words. `None`: the sites.
    fn legal_check(
        &self,
        rules: &Rules,
        state: &State,
        ply: &Ply,
        map: &Mapping,
    ) -> Option<Result<(), String>> {
        let _ = (rules, state, ply, map);
        None
    }

    /// The Ludii site of a `sow` move, as `legal_from` writes it.
    fn site_of(&self, m: Move, map: &Mapping) -> usize {
        map.site(m.pit())
    }

    /// [`Hooks::site_of`] in a position: where the meaning of a move depends on the phase (a
    /// fill between rounds is a move from the mover's hand); a move from the hand's is the
    /// mover's hand site.
    fn site_in(&self, m: Move, map: &Mapping, state: &State) -> usize {
        if m.hand() > 0 { map.captured(state.turn())[0] } else { self.site_of(m, map) }
    }

    /// The seeds at a site, where Ludii counts more than seeds there (Ô Ăn Quan's stacks hold
    /// its big stones too).
    fn seeds_at(&self, rec: &Record, at: &Position, site: usize) -> i64 {
        rec.at(at, site)
    }

    /// Player `p`'s score as Ludii's counts hold it once the board is emptied at the end
    /// ([`Hooks::empties_board_at_end`]): by default sow's score.
    fn final_count(&self, rules: &Rules, state: &State, p: usize) -> i64 {
        rules.scores(state)[p] as i64
    }

    /// What else to compare at the start and after each move (pit states, `player_values`,
    /// stacks): a difference, in words.
    fn compare(&self, rec: &Record, at: &Position, rules: &Rules, state: &State) -> Result<(), String> {
        let _ = (rec, at, rules, state);
        Ok(())
    }

    /// Whether Ludii moves every seed left on the board into the players' stores or hands as
    /// the game ends (Leyla Gobale): then the position after sow's last move is compared as
    /// its score, the board empty and each player holding their final score.
    fn empties_board_at_end(&self) -> bool {
        false
    }

    /// Sow's position rebuilt from Ludii's `at` for a replay that resumes, where more than the
    /// pits and the player to move decide play (games of rounds: the hands, the pits out of
    /// play, the phase); `sow` is sow's position before the turn passed over. `None`: the
    /// pits and the player to move, captured seeds kept as an offset. `next` is Ludii's ply
    /// that starts the next move.
    fn resync(
        &self,
        rec: &Record,
        at: &Position,
        rules: &Rules,
        sow: &State,
        map: &Mapping,
        next: &Ply,
    ) -> Option<State> {
        let _ = (rec, at, rules, sow, map, next);
        None
    }

    /// Whether a move's run takes in the passes after it: where Ludii's pass does what sow's
    /// move does at its end (Baqura: a player whose row is empty passes, and the pass ends
    /// the round), sow's position after the move is Ludii's after the pass.
    fn folds_passes(&self) -> bool {
        false
    }

    /// What else to compare at the end of a game Ludii ended itself (its scores, say).
    fn compare_end(&self, rec: &Record, rules: &Rules, state: &State) -> Result<(), String> {
        let _ = (rec, rules, state);
        Ok(())
    }
}

/// The defaults.
pub struct Plain;
impl Hooks for Plain {}

/// Games whose rules count the plies played (an opening of moves given by rule): a replay
/// that resumes takes Ludii's pits and captures with sow's count of plies, the move passed
/// over counted, so that an opening over stays over.
pub struct PliesCounted;
impl Hooks for PliesCounted {
    fn resync(
        &self,
        rec: &Record,
        at: &Position,
        rules: &Rules,
        sow: &State,
        map: &Mapping,
        next: &Ply,
    ) -> Option<State> {
        let pits = map.pits_at(rec, at);
        let captured: Vec<u16> = (0..rules.players()).map(|p| map.held_at(rec, at, p) as u16).collect();
        let state = rules.state_in_round(&pits, &captured, next.mover - 1, 0, false, 0);
        let state = state.ok()?;
        Some(rules.after_plies(state, sow.plies() + 1, next.mover - 1))
    }
}

/// Compares the pits each player has claimed with Ludii's record of them: Toguz Kumalak's
/// tuzdik in `player_values` (a site per player, -1 for none), Leyla Gobale's marks in
/// `states` (each site's claimer, 0 for none).
pub struct Claims {
    pub map: Mapping,
    /// `player_values` (else `states`).
    pub tuzdik: bool,
}

impl Hooks for Claims {
    fn empties_board_at_end(&self) -> bool {
        // Leyla Gobale's end: each player takes their unclaimed pits and the pits they claimed.
        !self.tuzdik
    }

    fn compare(&self, rec: &Record, at: &Position, rules: &Rules, state: &State) -> Result<(), String> {
        let _ = rec;
        // Ludii's last position of Leyla Gobale has an empty board, and no marks left.
        if self.empties_board_at_end() && state.is_over() {
            return Ok(());
        }
        let mut ludii = [0u64; 2];
        if self.tuzdik {
            for (p, &site) in at.player_values.iter().flatten().enumerate().take(2) {
                if let Some(pit) = self.map.pit(site) {
                    ludii[p] |= 1 << pit;
                }
            }
        } else {
            for (site, &who) in at.states.iter().flatten().enumerate() {
                if let (Some(pit), 1..=2) = (self.map.pit(site as i64), who) {
                    ludii[who as usize - 1] |= 1 << pit;
                }
            }
        }
        let sow = [state.claimed(0), state.claimed(1)];
        let pits = |m: u64| (0..rules.pits()).filter(|&q| m >> q & 1 != 0).map(|q| q + 1).collect::<Vec<_>>();
        if ludii != sow {
            return Err(format!(
                "claimed pits: Ludii {:?} and {:?}, sow {:?} and {:?} (players 1 and 2)",
                pits(ludii[0]),
                pits(ludii[1]),
                pits(sow[0]),
                pits(sow[1])
            ));
        }
        Ok(())
    }
}

/// Games of rounds whose pits are filled from the hands between rounds: Ludii moves the seeds
/// from the mover's hand site to the pit (a ply each), `sow` plays a fill of that pit; its
/// legal sites are the hand's. Ludii's passes between rounds (forced, or Bosh's pass of a
/// player who cannot fill) are plies, not moves, as every pass is.
pub struct Fills;
impl Hooks for Fills {
    fn candidates(&self, rules: &Rules, state: &State, ply: &Ply, map: &Mapping) -> Vec<Move> {
        let site = if state.filling() { ply.mv.to } else { ply.mv.from };
        match map.pit(site) {
            Some(pit) => rules.legal_moves(state).iter().filter(|m| m.pit() == pit).collect(),
            None => Vec::new(),
        }
    }

    fn site_in(&self, m: Move, map: &Mapping, state: &State) -> usize {
        match state.to_move() {
            Some(p) if state.filling() => map.captured(p)[0],
            _ => map.site(m.pit()),
        }
    }

    /// The hands are Ludii's; a next move from a hand is a fill, and a fill after sowing
    /// means the round is over.
    fn resync(
        &self,
        rec: &Record,
        at: &Position,
        rules: &Rules,
        sow: &State,
        map: &Mapping,
        next: &Ply,
    ) -> Option<State> {
        let pits = map.pits_at(rec, at);
        let hands: Vec<u16> = (0..rules.players()).map(|p| map.held_at(rec, at, p) as u16).collect();
        // From a hand, or from a store (Sungka).
        let filling = (0..rules.players()).any(|p| map.captured(p).iter().any(|&h| h as i64 == next.mv.from));
        let ended = filling && !sow.filling();
        let (out, filling, rounds) = if ended {
            use sow::lang::rounds::Unfilled;
            let for_round = rules
                .spec()
                .rounds
                .is_some_and(|r| matches!(r.unfilled, Unfilled::ForRound | Unfilled::Unplayable));
            (if for_round { 0 } else { sow.out_of_play() }, true, sow.rounds_over() + 1)
        } else {
            (sow.out_of_play(), filling, sow.rounds_over())
        };
        let state = rules.state_in_round(&pits, &hands, next.mover - 1, out, filling, rounds).ok()?;
        if ended {
            return Some(state);
        }
        // Within a round the pits keep the owners sow's fills gave them (Ludii remembers them
        // unseen in its records).
        let state = rules.with_annexed(state, sow.annexed()).ok()?;
        rules.with_shared(state, sow.shared()).ok()
    }
}

/// The `sow` moves of Ludii's ply where `pass` is among them (a relay declined or replaced at
/// Musoro Tsoro's musoro and in Papan Dakon, Quela's pass in its rearrangement): `pass` where
/// Ludii's ply is that (`passes`), else the moves of the ply's `from` site.
pub fn pass_or_from(rules: &Rules, state: &State, ply: &Ply, map: &Mapping, passes: bool) -> Vec<Move> {
    let options = rules.legal_moves(state).iter();
    if passes {
        options.filter(|m| m.is_pass()).collect()
    } else {
        options.filter(|m| !m.is_pass() && Some(m.pit()) == map.pit(ply.mv.from)).collect()
    }
}

/// The site of a move paused at a relay: its `pass` is listed under the relay's pit, as Ludii
/// lists both choices under that site.
pub fn relay_site(m: Move, map: &Mapping, state: &State) -> Option<usize> {
    state.pending_at().filter(|_| m.is_pass()).map(|q| map.site(q))
}

/// Which games a skip names.
#[derive(Debug, Clone, Copy)]
pub enum Games {
    All,
    Only(&'static [usize]),
}

/// A disagreement expected, and why: when the first disagreement of a game named (by
/// record index) falls in the plies named (1-based, inclusive), the game is reported as
/// skipped from that ply with the reason. The rest of the game is not compared (`sow`'s
/// position cannot be set to Ludii's). A skip naming a game of the file that it never
/// explains is an error: skips stay exact.
#[derive(Clone)]
pub struct Skip {
    pub games: Games,
    pub from: usize,
    pub to: Option<usize>,
    pub reason: &'static str,
    /// A further test on the record and the disagreement's ply, where a kind of move is meant
    /// (a sowing of 12 seeds, say).
    pub when: Option<fn(&Record, usize) -> bool>,
    /// Whether the replay resumes after the Ludii turn the disagreement falls in, from
    /// Ludii's position there (the pits and the player to move; captured seeds as an offset;
    /// sow's ply count restarts, so its ply limit counts from there), instead of stopping.
    pub resume: bool,
}

impl Skip {
    pub fn new(games: Games, plies: impl RangeBounds<usize>, reason: &'static str) -> Skip {
        let from = match plies.start_bound() {
            Bound::Included(&n) => n,
            Bound::Excluded(&n) => n + 1,
            Bound::Unbounded => 1,
        };
        let to = match plies.end_bound() {
            Bound::Included(&n) => Some(n),
            Bound::Excluded(&n) => Some(n - 1),
            Bound::Unbounded => None,
        };
        Skip { games, from, to, reason, when: None, resume: false }
    }

    pub fn when(mut self, test: fn(&Record, usize) -> bool) -> Skip {
        self.when = Some(test);
        self
    }

    /// The replay goes on after the move the skip explains (a single move's bug, say B1).
    pub fn then_resume(mut self) -> Skip {
        self.resume = true;
        self
    }

    fn names(&self, index: usize) -> bool {
        match self.games {
            Games::All => true,
            Games::Only(list) => list.contains(&index),
        }
    }

    fn covers(&self, rec: &Record, ply: usize) -> bool {
        self.names(rec.index)
            && ply >= self.from
            && self.to.is_none_or(|to| ply <= to)
            && self.when.is_none_or(|w| w(rec, ply))
    }
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.games {
            Games::All => write!(f, "every game")?,
            Games::Only(list) => write!(f, "game {list:?}")?,
        }
        match self.to {
            Some(to) => write!(f, ", plies {}-{to}", self.from)?,
            None => write!(f, ", plies {}-..", self.from)?,
        }
        write!(f, ": {}", self.reason)
    }
}

/// A game's entry: the file to replay and how.
pub struct Entry {
    /// The variant file, from the crate's root (`variants/yovodi.sow`).
    pub variant: &'static str,
    pub ruleset: Option<&'static str>,
    /// The Ludii file's name (`two_rows__Yovodi.jsonl.gz`).
    pub file: &'static str,
    pub mapping: Mapping,
    pub skips: Vec<Skip>,
    pub hooks: Box<dyn Hooks>,
}

impl Entry {
    pub fn new(variant: &'static str, file: &'static str, mapping: Mapping) -> Entry {
        Entry { variant, ruleset: None, file, mapping, skips: Vec::new(), hooks: Box::new(Plain) }
    }

    pub fn ruleset(mut self, name: &'static str) -> Entry {
        self.ruleset = Some(name);
        self
    }

    pub fn skip(mut self, skip: Skip) -> Entry {
        self.skips.push(skip);
        self
    }

    pub fn hooks(mut self, hooks: impl Hooks + 'static) -> Entry {
        self.hooks = Box::new(hooks);
        self
    }

    /// The variant's rules (a ply limit as the file says).
    pub fn rules(&self) -> Rules {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(self.variant);
        sow::load_rules(&path.to_string_lossy(), self.ruleset)
            .unwrap_or_else(|e| panic!("{}: {e:?}", self.variant))
    }
}

// ------------------------------------------------------------------------------------------
// What a replay found.

/// A place compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// `sow`'s pit (1-based) at a site.
    Pit { pit: usize, site: usize },
    /// A player's (1-based) captured seeds, at these sites.
    Captured { player: usize, sites: Vec<usize> },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Pit { pit, site } => write!(f, "pit {pit} (site {site})"),
            Place::Captured { player, sites } => write!(f, "player {player}'s seeds (sites {sites:?})"),
        }
    }
}

/// A place where the two positions differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    pub place: Place,
    pub ludii: i64,
    pub sow: i64,
}

/// What differed.
#[derive(Debug, Clone)]
pub enum What {
    /// The positions (at the start).
    Position(Vec<Diff>),
    /// The player to move (1-based; `None`: `sow`'s game is over, and how).
    ToMove { ludii: usize, sow: Option<usize>, end: Option<EndReason> },
    /// The legal moves, as sites.
    Legal { ludii: BTreeSet<i64>, sow: BTreeSet<i64> },
    /// Ludii's move is none of `sow`'s legal moves.
    NoSuchMove { from: i64, text: String },
    /// One of the two is within a move, waiting for its mover's choice ([`Hooks::is_step`],
    /// [`State::pending`]), and the other is not: Ludii's ply `text`.
    Choice { sow_waits: bool, text: String },
    /// No `sow` move from the site reaches Ludii's position after any ply of the run
    /// `first..=last`; the closest (`tried`, against the ply reported) differs so.
    NoMatch { first: usize, last: usize, tried: Move, diffs: Vec<Diff> },
    /// Ludii's game is over (winner 0 = a draw), `sow`'s goes on.
    NotOver { ludii_winner: usize, sow_to_move: usize },
    /// The results (winner 1-based, 0 = a draw).
    Result { ludii: usize, sow: usize, scores: Vec<i64> },
    /// A hook's comparison.
    Extra(String),
}

/// The first disagreement of a game.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The record's index.
    pub game: usize,
    /// The Ludii ply (1-based) whose position or decision differs; 0 for the start.
    pub ply: usize,
    pub what: What,
    /// `sow`'s last moves before it, in its notation.
    pub recent: Vec<Move>,
}

fn sites(set: &BTreeSet<i64>) -> String {
    let v: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    format!("{{{}}}", v.join(", "))
}

fn diffs_text(diffs: &[Diff]) -> String {
    let v: Vec<String> =
        diffs.iter().map(|d| format!("{}: Ludii {}, sow {}", d.place, d.ludii, d.sow)).collect();
    v.join("; ")
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, ply {}: ", self.game, self.ply)?;
        match &self.what {
            What::Position(d) => write!(f, "the positions differ: {}", diffs_text(d))?,
            What::ToMove { ludii, sow: Some(s), .. } => {
                write!(f, "Ludii's player {ludii} moves, sow's player {s}")?
            }
            What::ToMove { ludii, sow: None, end } => write!(
                f,
                "Ludii's player {ludii} moves, sow's game is over ({})",
                end.map_or("?", |e| e.words())
            )?,
            What::Legal { ludii, sow } => {
                write!(f, "legal sites: Ludii {}, sow {}", sites(ludii), sites(sow))?;
                let only_l: BTreeSet<_> = ludii.difference(sow).copied().collect();
                let only_s: BTreeSet<_> = sow.difference(ludii).copied().collect();
                write!(f, " (only Ludii {}, only sow {})", sites(&only_l), sites(&only_s))?
            }
            What::NoSuchMove { from, text } => {
                write!(f, "Ludii plays {text} from site {from}: no sow move from there")?
            }
            What::Choice { sow_waits: true, text } => {
                write!(f, "sow's move waits for the mover's choice, Ludii plays {text}")?
            }
            What::Choice { sow_waits: false, text } => {
                write!(f, "Ludii plays the choice {text}, sow's move did not wait for one")?
            }
            What::NoMatch { first, last, tried, diffs } => write!(
                f,
                "sow's move {tried} reaches no position of Ludii's plies {first}-{last}; after ply {}: {}",
                self.ply,
                diffs_text(diffs)
            )?,
            What::NotOver { ludii_winner, sow_to_move } => write!(
                f,
                "Ludii's game is over (winner {ludii_winner}), sow's goes on with player {sow_to_move} to move"
            )?,
            What::Result { ludii, sow, scores } => {
                write!(f, "winner: Ludii {ludii}, sow {sow} (0: a draw; sow's scores {scores:?})")?
            }
            What::Extra(s) => write!(f, "{s}")?,
        }
        if !self.recent.is_empty() {
            let v: Vec<String> = self.recent.iter().map(|m| m.to_string()).collect();
            write!(f, " [sow's last moves: {}]", v.join(" "))?;
        }
        Ok(())
    }
}

/// One `sow` move that agreed: Ludii's plies it folds (1-based, inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Folded {
    pub first: usize,
    pub last: usize,
    pub mv: Move,
}

/// How a game's replay ended.
#[derive(Debug, Clone)]
pub enum Ending {
    /// Every ply agreed; the result too when `result` (else Ludii stopped at its turn limit).
    Agreed {
        result: bool,
    },
    /// `sow`'s game reached its ply limit before ply `ply`; everything before agreed.
    SowPlyLimit {
        ply: usize,
    },
    /// A disagreement a skip explains, at `ply`; the rest is not compared.
    Skipped {
        ply: usize,
        reason: &'static str,
        disagreement: Disagreement,
    },
    Disagreed(Disagreement),
}

#[derive(Debug, Clone)]
pub struct GameReport {
    pub index: usize,
    pub plies: usize,
    /// The `sow` moves that agreed, in order.
    pub moves: Vec<Folded>,
    /// The disagreements skips explained before the replay resumed.
    pub resumed: Vec<Resumed>,
    /// The pits of sow's draws (a pit's owner drawn at random) that Ludii drew otherwise, each
    /// given Ludii's owner when its legal moves showed it.
    pub redrawn: usize,
    pub ending: Ending,
}

/// The pits a move gave to a player drawn at random.
#[derive(Default)]
struct Draws(Vec<usize>);

impl Observer for Draws {
    const HEARS_SEEDS: bool = false;
    fn top_up(&mut self, pit: usize, _seeds: u8, _topped: u8, owner: Option<Drawn>) {
        if let Some(Drawn::Yes(_)) = owner {
            self.0.push(pit);
        }
    }
    fn pool(&mut self, pit: usize, _seeds: u8, _theirs: u8, owner: Drawn) {
        if let Drawn::Yes(_) = owner {
            self.0.push(pit);
        }
    }
}

/// A disagreement a skip explained, and Ludii's plies `first..=last` (its turn) passed over
/// before the replay resumed from Ludii's position.
#[derive(Debug, Clone)]
pub struct Resumed {
    pub first: usize,
    pub last: usize,
    pub reason: &'static str,
    pub disagreement: Disagreement,
}

impl GameReport {
    /// `sow` moves compared: those that agreed, and the one that did not.
    pub fn compared(&self) -> usize {
        self.moves.len()
            + self.resumed.len()
            + matches!(self.ending, Ending::Disagreed(_) | Ending::Skipped { .. }) as usize
    }

    /// Ludii plies not compared (from a skip or a disagreement on, or past sow's ply limit),
    /// those passed over by skips that resume aside.
    pub fn unchecked(&self) -> usize {
        match &self.ending {
            Ending::Agreed { .. } => 0,
            Ending::SowPlyLimit { ply } => self.plies + 1 - ply,
            Ending::Skipped { disagreement: d, .. } | Ending::Disagreed(d) => {
                let first = match d.what {
                    What::NoMatch { first, .. } => first,
                    _ => d.ply.max(1),
                };
                self.plies + 1 - first
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// The replay.

const RECENT: usize = 6;

struct Replay<'a> {
    rules: &'a Rules,
    entry: &'a Entry,
    rec: &'a Record,
    moves: Vec<Folded>,
    resumed: Vec<Resumed>,
    /// Seeds each player had captured in Ludii when sow's position was last rebuilt.
    offset: [i64; 2],
    /// The pits whose owner sow drew at random, with the rounds over when it did: Ludii's draws
    /// are its own, and its legal moves show them.
    drawn: Vec<(u32, usize)>,
    redrawn: usize,
}

impl<'a> Replay<'a> {
    fn diffs(&self, at: &Position, s: &State) -> Vec<Diff> {
        let map = &self.entry.mapping;
        let mut d = Vec::new();
        // A finished game as Ludii leaves it, where it empties the board at the end.
        let emptied = s.is_over() && self.entry.hooks.empties_board_at_end();
        let hooks = &self.entry.hooks;
        for (pit, &seeds) in s.pits().iter().enumerate() {
            let site = map.site(pit);
            let ludii = hooks.seeds_at(self.rec, at, site);
            let seeds = if emptied { 0 } else { seeds };
            if ludii != seeds as i64 {
                d.push(Diff { place: Place::Pit { pit: pit + 1, site }, ludii, sow: seeds as i64 });
            }
        }
        for (p, &c) in s.captured().iter().enumerate() {
            let c = if emptied { hooks.final_count(self.rules, s, p) as u16 } else { c };
            let sites = map.captured(p);
            let ludii: i64 = sites.iter().map(|&site| hooks.seeds_at(self.rec, at, site)).sum();
            let sow = c as i64 + self.offset[p];
            if ludii != sow {
                d.push(Diff { place: Place::Captured { player: p + 1, sites: sites.to_vec() }, ludii, sow });
            }
        }
        d
    }

    fn disagree(&self, ply: usize, what: What) -> Disagreement {
        let from = self.moves.len().saturating_sub(RECENT);
        Disagreement {
            game: self.rec.index,
            ply,
            what,
            recent: self.moves[from..].iter().map(|f| f.mv).collect(),
        }
    }

    /// Sow's position with one pit that it drew an owner for, in the fills before this round,
    /// given to the other player, where that makes Ludii's legal moves sow's: Ludii's draw.
    fn redraw(&mut self, s: &State, theirs: &BTreeSet<i64>, mover: usize) -> Option<State> {
        let round = s.rounds_over();
        let t = self.drawn.iter().filter(|&&(r, _)| r == round).find_map(|&(_, q)| {
            let t = self.rules.with_annexed(*s, s.annexed() ^ 1 << q).ok()?;
            // Ludii's mover to move (sow's may have passed for want of a pit).
            let t = self.rules.after_plies(t, t.plies(), mover);
            (t.to_move() == Some(mover) && self.legal_sites(&t) == *theirs).then_some(t)
        })?;
        self.redrawn += 1;
        Some(t)
    }

    fn legal_sites(&self, s: &State) -> BTreeSet<i64> {
        let hooks = &self.entry.hooks;
        self.rules.legal_moves(s).iter().map(|m| hooks.site_in(m, &self.entry.mapping, s) as i64).collect()
    }

    /// Sow's position rebuilt from Ludii's after ply `n` (1-based), for the move of the next
    /// mover: pits and the player to move (`Rules::state_from`), captured seeds kept as an
    /// offset. `None` when no move follows.
    fn resync(&mut self, n: usize, sow: &State) -> Option<Game<'a>> {
        let (rec, map) = (self.rec, &self.entry.mapping);
        let next = rec.plies[n..].iter().find(|p| self.entry.hooks.starts_move(p))?;
        let at = &rec.plies[n - 1].position;
        if let Some(state) = self.entry.hooks.resync(rec, at, self.rules, sow, map, next) {
            self.offset = [0; 2];
            return Some(Game::new(self.rules, state));
        }
        let state = self.rules.state_from(&map.pits_at(rec, at), next.mover - 1).ok()?;
        for (p, offset) in self.offset.iter_mut().enumerate() {
            *offset = map.held_at(rec, at, p);
        }
        Some(Game::new(self.rules, state))
    }

    /// The sow move that starts at ply `i` (0-based), Ludii's run of the mover's plies ending
    /// before `end`: the index of the ply after it, or `None` at sow's ply limit.
    fn step(&mut self, game: &mut Game<'a>, i: usize, end: usize) -> Result<Option<usize>, Disagreement> {
        let (rules, rec, hooks) = (self.rules, self.rec, &self.entry.hooks);
        let plies = &rec.plies;
        let ply = &plies[i];
        let mut s = *game.state();
        match s.to_move() {
            None if s.end() == Some(EndReason::PlyLimit) => return Ok(None),
            None => {
                return Err(self.disagree(i + 1, What::ToMove { ludii: ply.mover, sow: None, end: s.end() }));
            }
            Some(p) if p + 1 != ply.mover => {
                // A player left without a move by sow's draw may have one by Ludii's.
                let theirs: BTreeSet<i64> = ply.legal_from.iter().copied().collect();
                match self.redraw(&s, &theirs, ply.mover - 1) {
                    Some(t) => {
                        *game = Game::new(rules, t);
                        s = t;
                    }
                    None => {
                        return Err(self.disagree(
                            i + 1,
                            What::ToMove { ludii: ply.mover, sow: Some(p + 1), end: None },
                        ));
                    }
                }
            }
            Some(_) => {}
        }
        match hooks.legal_check(rules, &s, ply, &self.entry.mapping) {
            Some(Err(e)) => return Err(self.disagree(i + 1, What::Extra(e))),
            Some(Ok(())) => {}
            None => {
                let ours = self.legal_sites(&s);
                let theirs: BTreeSet<i64> = ply.legal_from.iter().copied().collect();
                if ours != theirs {
                    match self.redraw(&s, &theirs, s.turn()) {
                        Some(t) => {
                            *game = Game::new(rules, t);
                            s = t;
                        }
                        None => return Err(self.disagree(i + 1, What::Legal { ludii: theirs, sow: ours })),
                    }
                }
            }
        }
        // A choice within a move is answered by Ludii's choice ply, and by nothing else.
        let waits = s.pending().is_some();
        if waits != hooks.is_step(ply, i.checked_sub(1).map(|k| &plies[k])) {
            return Err(self.disagree(i + 1, What::Choice { sow_waits: waits, text: ply.mv.text.clone() }));
        }
        let candidates = if waits {
            hooks.step_candidates(rules, &s, ply, &self.entry.mapping)
        } else {
            hooks.candidates(rules, &s, ply, &self.entry.mapping)
        };
        if candidates.is_empty() {
            let what = What::NoSuchMove { from: ply.mv.from, text: ply.mv.text.clone() };
            return Err(self.disagree(i + 1, what));
        }
        // The earliest ply of the run after which some candidate's position is Ludii's;
        // failing that, the closest position, for the message.
        let mut found: Option<(usize, Move, Game, Vec<usize>)> = None;
        let mut closest: Option<(usize, usize, Move, Vec<Diff>)> = None;
        for &m in &candidates {
            let mut g = game.clone();
            let mut draws = Draws::default();
            if let Err(e) = g.play(m, &mut draws) {
                return Err(self.disagree(i + 1, What::Extra(format!("sow refuses its own move {m}: {e}"))));
            }
            // The steps Ludii's ply makes too.
            while g.state().pending().is_some()
                && let Some(step) = hooks.step_within(rules, g.state(), &plies[i..end], &self.entry.mapping)
            {
                if let Err(e) = g.play(step, &mut ()) {
                    let what = What::Extra(format!("sow refuses the step {m}/{step} of Ludii's ply: {e}"));
                    return Err(self.disagree(i + 1, what));
                }
            }
            for (j, later) in plies.iter().enumerate().take(end).skip(i) {
                if found.as_ref().is_some_and(|f| f.0 <= j) {
                    break;
                }
                let d = self.diffs(&later.position, g.state());
                if d.is_empty() {
                    found = Some((j, m, g.clone(), std::mem::take(&mut draws.0)));
                    break;
                }
                if closest.as_ref().is_none_or(|c| d.len() < c.0 || d.len() == c.0 && j > c.1) {
                    closest = Some((d.len(), j, m, d));
                }
            }
        }
        let Some((j, m, g, drawn)) = found else {
            let (_, j, tried, diffs) = closest.expect("a candidate tried");
            return Err(self.disagree(j + 1, What::NoMatch { first: i + 1, last: end, tried, diffs }));
        };
        let round = s.rounds_over();
        self.drawn.retain(|&(r, _)| r == round);
        self.drawn.extend(drawn.into_iter().map(|q| (round, q)));
        *game = g;
        self.moves.push(Folded { first: i + 1, last: j + 1, mv: m });
        hooks
            .compare(rec, &plies[j].position, rules, game.state())
            .map_err(|e| self.disagree(j + 1, What::Extra(e)))?;
        Ok(Some(j + 1))
    }

    fn run(&mut self) -> Result<Ending, Disagreement> {
        let (rules, rec, hooks) = (self.rules, self.rec, &self.entry.hooks);
        let plies = &rec.plies;
        let mut game = Game::new(rules, rules.initial_state());
        let mut i = hooks.start_ply();
        let start = if i == 0 { &rec.start.position } else { &plies[i - 1].position };
        let d = self.diffs(start, game.state());
        if !d.is_empty() {
            return Err(self.disagree(i, What::Position(d)));
        }
        hooks.compare(rec, start, rules, game.state()).map_err(|e| self.disagree(i, What::Extra(e)))?;
        loop {
            while i < plies.len() && !hooks.starts_move(&plies[i]) {
                i += 1;
            }
            if i == plies.len() {
                break;
            }
            // The run: this ply and the following ones of the same mover that start moves.
            let mut end = i + 1;
            while end < plies.len() && plies[end].mover == plies[i].mover && hooks.starts_move(&plies[end]) {
                end += 1;
            }
            while hooks.folds_passes() && end < plies.len() && plies[end].mv.pass {
                end += 1;
            }
            match self.step(&mut game, i, end) {
                Ok(Some(next)) => i = next,
                Ok(None) => return Ok(Ending::SowPlyLimit { ply: i + 1 }),
                Err(d) => {
                    // A skip that resumes: past Ludii's turn, from its position.
                    let Some(skip) = self.entry.skips.iter().find(|s| s.resume && s.covers(rec, d.ply))
                    else {
                        return Err(d);
                    };
                    let Some(g) = self.resync(end, game.state()) else {
                        return Ok(Ending::Skipped { ply: d.ply, reason: skip.reason, disagreement: d });
                    };
                    self.resumed.push(Resumed {
                        first: i + 1,
                        last: end,
                        reason: skip.reason,
                        disagreement: d,
                    });
                    game = g;
                    i = end;
                }
            }
        }
        let s = game.state();
        if rec.end.turn_limit_hit {
            return Ok(Ending::Agreed { result: false });
        }
        let last = plies.len();
        match s.to_move() {
            Some(p) => {
                return Err(
                    self.disagree(last, What::NotOver { ludii_winner: rec.end.winner, sow_to_move: p + 1 })
                );
            }
            None if s.end() == Some(EndReason::PlyLimit) => return Ok(Ending::SowPlyLimit { ply: last + 1 }),
            None => {}
        }
        // After a resume sow's scores lack the seeds captured before it: the most wins.
        let scores: Vec<i64> =
            rules.scores(s)[..rules.players()].iter().zip(self.offset).map(|(&x, o)| x as i64 + o).collect();
        let sow = if self.offset == [0; 2] {
            match rules.outcome(s).expect("a finished game") {
                Outcome::Win(p) => p + 1,
                Outcome::Draw => 0,
            }
        } else {
            let best = scores.iter().max().copied();
            let top: Vec<usize> = (0..scores.len()).filter(|&p| Some(scores[p]) == best).collect();
            if top.len() == 1 { top[0] + 1 } else { 0 }
        };
        if sow != rec.end.winner {
            return Err(self.disagree(last, What::Result { ludii: rec.end.winner, sow, scores }));
        }
        hooks.compare_end(rec, rules, s).map_err(|e| self.disagree(last, What::Extra(e)))?;
        Ok(Ending::Agreed { result: true })
    }
}

/// Replays one recorded game.
pub fn replay_game(rules: &Rules, entry: &Entry, rec: &Record) -> GameReport {
    let mut r = Replay {
        rules,
        entry,
        rec,
        moves: Vec::new(),
        resumed: Vec::new(),
        offset: [0; 2],
        drawn: Vec::new(),
        redrawn: 0,
    };
    let ending = match r.run() {
        Ok(ending) => ending,
        Err(d) => match entry.skips.iter().find(|s| !s.resume && s.covers(rec, d.ply)) {
            Some(s) => Ending::Skipped { ply: d.ply, reason: s.reason, disagreement: d },
            None => Ending::Disagreed(d),
        },
    };
    GameReport {
        index: rec.index,
        plies: rec.plies.len(),
        moves: r.moves,
        resumed: r.resumed,
        redrawn: r.redrawn,
        ending,
    }
}

/// The replay of a file.
pub struct FileReport {
    pub file: &'static str,
    pub dir: PathBuf,
    pub games: Vec<GameReport>,
    /// Skips naming a game of the file that they did not explain.
    pub unused: Vec<String>,
}

/// Replays every game of the entry's file in `dir`.
pub fn replay_file_in(entry: &Entry, dir: &Path) -> FileReport {
    let records = read(&dir.join(entry.file));
    let rules = entry.rules();
    assert_eq!(
        rules.pits(),
        entry.mapping.pit_count(),
        "{}: pits of the variant and of the mapping",
        entry.file
    );
    if let Some(first) = records.first() {
        entry.mapping.check(first).unwrap_or_else(|e| panic!("{}: the mapping: {e}", entry.file));
    }
    let games: Vec<GameReport> = records.iter().map(|rec| replay_game(&rules, entry, rec)).collect();
    let mut unused = Vec::new();
    for skip in &entry.skips {
        let Games::Only(list) = skip.games else { continue };
        for (rec, report) in records.iter().zip(&games).filter(|(r, _)| list.contains(&r.index)) {
            let used = matches!(report.ending, Ending::Skipped { ply, .. } if skip.covers(rec, ply))
                || report.resumed.iter().any(|r| skip.resume && skip.covers(rec, r.disagreement.ply));
            if !used {
                unused.push(format!("game {}: the skip \"{skip}\" explains no disagreement", rec.index));
            }
        }
    }
    FileReport { file: entry.file, dir: dir.to_path_buf(), games, unused }
}

/// Replays the entry's file from [`data_dir`].
pub fn replay_file(entry: &Entry) -> FileReport {
    replay_file_in(entry, &data_dir())
}

impl FileReport {
    /// The figures: games, `sow` moves compared and agreed, how games ended, plies skipped and why.
    pub fn summary(&self) -> String {
        let n = |f: &dyn Fn(&GameReport) -> bool| self.games.iter().filter(|g| f(g)).count();
        let plies: usize = self.games.iter().map(|g| g.plies).sum();
        let compared: usize = self.games.iter().map(|g| g.compared()).sum();
        let agreed: usize = self.games.iter().map(|g| g.moves.len()).sum();
        let mut s = format!(
            "{} ({} games from {}): {plies} Ludii plies; {compared} sow moves compared, {agreed} agreed; \
             games agreed to the end: {} with the result, {} up to Ludii's turn limit; stopped at sow's ply limit: {}; disagreed: {}",
            self.file,
            self.games.len(),
            self.dir.display(),
            n(&|g| matches!(g.ending, Ending::Agreed { result: true })),
            n(&|g| matches!(g.ending, Ending::Agreed { result: false })),
            n(&|g| matches!(g.ending, Ending::SowPlyLimit { .. })),
            n(&|g| matches!(g.ending, Ending::Disagreed(_))),
        );
        let mut reasons: Vec<(&str, usize, usize)> = Vec::new();
        let mut note = |reason: &'static str, plies: usize| match reasons.iter_mut().find(|r| r.0 == reason) {
            Some(r) => {
                r.1 += 1;
                r.2 += plies;
            }
            None => reasons.push((reason, 1, plies)),
        };
        for g in &self.games {
            if let Ending::Skipped { reason, .. } = g.ending {
                note(reason, g.unchecked());
            }
            for r in &g.resumed {
                note(r.reason, r.last + 1 - r.first);
            }
        }
        for (reason, games, plies) in reasons {
            s += &format!("\n  skipped ({games}x, {plies} plies): {reason}");
        }
        let redrawn: usize = self.games.iter().map(|g| g.redrawn).sum();
        if redrawn > 0 {
            s += &format!(
                "\n  pits whose owner Ludii drew otherwise than sow, given Ludii's owner: {redrawn}"
            );
        }
        let limit: usize = self
            .games
            .iter()
            .filter(|g| matches!(g.ending, Ending::SowPlyLimit { .. }))
            .map(|g| g.unchecked())
            .sum();
        if limit > 0 {
            s += &format!("\n  not compared past sow's ply limit: {limit} plies");
        }
        s
    }

    /// The disagreements no skip explains.
    pub fn disagreements(&self) -> Vec<&Disagreement> {
        self.games
            .iter()
            .filter_map(|g| if let Ending::Disagreed(d) = &g.ending { Some(d) } else { None })
            .collect()
    }

    /// Panics, naming each unexplained disagreement and each skip that explained nothing.
    pub fn assert_agrees(&self) {
        let mut problems: Vec<String> = self.disagreements().iter().map(|d| d.to_string()).collect();
        problems.extend(self.unused.iter().cloned());
        assert!(problems.is_empty(), "{}:\n{}\n{}", self.file, problems.join("\n"), self.summary());
    }
}

/// Whether ply `n` is the last of a game Ludii stopped at its turn limit: a move Ludii cut
/// short after one of its laps, which sow plays whole.
pub fn cut_by_turn_limit(rec: &Record, n: usize) -> bool {
    rec.end.turn_limit_hit && n == rec.plies.len()
}

/// The skip of a game's last ply where Ludii's turn limit cut it after a lap of a move that sow
/// plays whole.
pub fn turn_limit_cut() -> Skip {
    Skip::new(
        Games::All,
        1..,
        "Ludii's turn limit stops the game after a lap of a move, which sow plays whole",
    )
    .when(cut_by_turn_limit)
}

/// Whether the Ludii turn from ply `n` holds a lap that Ludii's bug B1 judges at the wrong pit
/// (the shared README): on a circuit of 12 pits, a lap that skips its own pit and whose last
/// seed falls just after it (12, 23, 34 ... seeds) is judged at the pit it started from.
pub fn b1_lap_of_twelve(rec: &Record, n: usize) -> bool {
    // The lap may be a relay: any lap of the mover's run of plies from `n`.
    let mover = rec.plies[n - 1].mover;
    (n..=rec.plies.len()).take_while(|&i| rec.plies[i - 1].mover == mover).any(|i| {
        let ply = &rec.plies[i - 1];
        let lifted = if ply.mv.from >= 0 { rec.at(rec.before(i), ply.mv.from as usize) } else { 0 };
        lifted > 1 && lifted % 11 == 1
    })
}

/// The skip of Ludii's bug B1 on a circuit of 12 pits: the replay resumes after the lap.
pub fn b1_skip() -> Skip {
    Skip::new(
        Games::All,
        1..,
        "Ludii bug B1: a lap of 12 or 23 seeds that skips its own pit is judged at that pit, \
         not where its last seed fell",
    )
    .when(b1_lap_of_twelve)
    .then_resume()
}

/// Replays a game's file and prints the figures; fails on a disagreement no skip explains.
pub fn check(entry: Entry) {
    let report = replay_file(&entry);
    println!("{}", report.summary());
    report.assert_agrees();
}

/// Wari's sites: its lud declares a hand for each player (sites 14 and 15) that no move uses;
/// the captures are in the stores.
pub fn wari() -> Mapping {
    Mapping::two_rows(6, Keep::Stores { left: 0 })
        .ignoring(14, "player 1's hand, declared and never used")
        .ignoring(15, "player 2's hand, declared and never used")
}

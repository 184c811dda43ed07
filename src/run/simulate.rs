//! Many games at once: every core, a random stream per game and seat derived only from the
//! run's seed and the game's index, so that a run gives the same tallies for any number of
//! threads, shards or machines. Games are played in chunks; chunk tallies merge exactly.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use crate::engine::compile::Rules;
use crate::engine::{Observer, Outcome, State};
use crate::play::registry::{AnyPlayer, Player, PlayerSpec, seat_rng};
use crate::run::stats::Tally;

/// Which games of a run this process plays: games `i` with `i mod count == index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 0-based.
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Reads `K/N` (1-based K).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard `{text}`: expected K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if n == 0 || k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { index: k - 1, count: n })
    }

    /// The number of this shard's games among `games`.
    pub fn games(&self, games: u64) -> u64 {
        if games <= self.index { 0 } else { (games - self.index).div_ceil(self.count) }
    }

    /// The run-wide index of this shard's `j`-th game.
    pub fn game(&self, j: u64) -> u64 {
        self.index + j * self.count
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

/// What to simulate: compiled rules and a player for each seat.
pub struct Job<'a> {
    pub rules: &'a Rules,
    pub players: &'a [PlayerSpec],
    /// How the variant was named on the command line, for records that replay.
    pub reference: &'a str,
}

#[derive(Debug, Clone, Copy)]
pub struct RunOptions {
    pub games: u64,
    pub seed: u64,
    pub jobs: usize,
    pub shard: Shard,
}

/// A game that could not be played to its end: a player failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    pub game: u64,
    pub ply: u32,
    pub seat: usize,
    pub player: String,
    pub message: String,
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {}, ply {}: player {} ({}): {}",
            self.game,
            self.ply,
            self.seat + 1,
            self.player,
            self.message
        )
    }
}

#[derive(Debug)]
pub enum RunError {
    Game(GameError),
    Player(String),
    Record(std::io::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Game(e) => e.fmt(f),
            RunError::Player(e) => f.write_str(e),
            RunError::Record(e) => {
                write!(f, "cannot write the game record: {}", crate::lang::library::io_reason(e))
            }
        }
    }
}

impl std::error::Error for RunError {}

/// The tallies of a run, and whether it was stopped before its last game.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub tally: Tally,
    pub partial: bool,
}

/// One game as a JSON line of `--record`: enough to replay it with `sow play`.
#[derive(Serialize)]
struct GameRecord<'a> {
    variant: &'a str,
    ruleset: Option<&'a str>,
    seed: u64,
    game: u64,
    players: Vec<String>,
    moves: &'a [u8],
    scores: &'a [u32],
    winner: Option<usize>,
    plies: u32,
    end: &'static str,
}

/// Counts captures as they happen.
struct CaptureCounter<'t> {
    tally: &'t mut Tally,
}

impl Observer for CaptureCounter<'_> {
    #[inline(always)]
    fn capture(&mut self, _pit: usize, seeds: u8) {
        self.tally.capture_count.add(seeds as usize);
    }
}

/// Plays game `game` to its end, counting into `tally`; returns the final position. With
/// `moves`, the pits played (1-based) are kept for the record.
#[inline]
fn play_game(
    rules: &Rules,
    players: &mut [AnyPlayer],
    seed: u64,
    game: u64,
    tally: &mut Tally,
    mut moves: Option<&mut Vec<u8>>,
) -> Result<State, GameError> {
    let mut rngs: [_; crate::lang::spec::MAX_PLAYERS] =
        std::array::from_fn(|seat| seat_rng(seed, game, seat));
    for p in players.iter_mut() {
        p.new_game();
    }
    let mut s = rules.initial_state();
    while let Some(seat) = s.to_move() {
        let legal = rules.legal_moves(&s).len() as u64;
        tally.positions += 1;
        tally.choices += legal;
        tally.forced += u64::from(legal == 1);
        let pit = players[seat].choose(rules, &s, &mut rngs[seat]).map_err(|e| GameError {
            game,
            ply: s.plies() + 1,
            seat,
            player: players[seat].name(),
            message: e.0,
        })?;
        let m = rules.apply_observed(&mut s, pit, &mut CaptureCounter { tally });
        if m.captured > 0 {
            tally.capturing_moves += 1;
            tally.captured_seeds += m.captured as u64;
            tally.chain_length.add(m.captured_pits as usize);
        }
        if let Some(moves) = moves.as_deref_mut() {
            moves.push(pit as u8 + 1);
        }
    }
    let scores = rules.scores(&s);
    let n = rules.players();
    tally.finish_game(&scores[..n], s.plies(), s.end().expect("the game is over"), s.seeds_on_board());
    Ok(s)
}

/// Games per chunk: large enough to amortise scheduling, small enough to balance cores and
/// to stop promptly on Ctrl-C.
const CHUNK: u64 = 2048;

/// Runs the games of `opts.shard`. `progress` is told how many games are done so far;
/// `cancel` stops the run between chunks (the result is then partial); `record` receives one
/// JSON line per game, in game order.
pub fn run(
    job: &Job<'_>,
    opts: &RunOptions,
    cancel: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    mut record: Option<&mut dyn Write>,
) -> Result<RunResult, RunError> {
    let rules = job.rules;
    let seats = rules.players();
    // Every player must be able to play before any game is: a perfect player needs its table.
    for p in job.players {
        p.new_player().map_err(RunError::Player)?;
    }
    let total = opts.shard.games(opts.games);
    let chunks = total.div_ceil(CHUNK);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.jobs.max(1)).build().expect("a thread pool");
    let recording = record.is_some();
    let spec = rules.spec();
    let names: Vec<String> = job.players.iter().map(PlayerSpec::name).collect();

    // One chunk: its tally and, when recording, its records.
    let play_chunk = |c: u64| -> Option<Result<(Tally, Vec<u8>), GameError>> {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let mut tally = Tally::new(seats);
        let mut players: Vec<AnyPlayer> =
            job.players.iter().map(|p| p.new_player().expect("players checked before the run")).collect();
        let mut lines = Vec::new();
        let mut moves = Vec::new();
        for j in c * CHUNK..((c + 1) * CHUNK).min(total) {
            let game = opts.shard.game(j);
            if !recording {
                if let Err(e) = play_game(rules, &mut players, opts.seed, game, &mut tally, None) {
                    return Some(Err(e));
                }
                continue;
            }
            moves.clear();
            let s = match play_game(rules, &mut players, opts.seed, game, &mut tally, Some(&mut moves)) {
                Ok(s) => s,
                Err(e) => return Some(Err(e)),
            };
            let scores = rules.scores(&s);
            let rec = GameRecord {
                variant: job.reference,
                ruleset: spec.ruleset.as_deref(),
                seed: opts.seed,
                game,
                players: names.clone(),
                moves: &moves,
                scores: &scores[..seats],
                winner: match rules.outcome(&s) {
                    Some(Outcome::Win(p)) => Some(p + 1),
                    _ => None,
                },
                plies: s.plies(),
                end: s.end().map_or("", |e| e.name()),
            };
            serde_json::to_writer(&mut lines, &rec).expect("a record serializes");
            lines.push(b'\n');
        }
        Some(Ok((tally, lines)))
    };

    if !recording {
        // No records to keep in order: every chunk runs as soon as a core is free, and the
        // chunk tallies are folded together in whatever order they finish (merging is exact).
        let done = AtomicU64::new(0);
        let failed = AtomicU64::new(u64::MAX);
        let acc = pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .fold(
                    || Partial::new(seats),
                    |mut acc, c| {
                        // After a failure, only chunks of earlier games still run: the error
                        // reported is always that of the first failing game.
                        if c > failed.load(Ordering::Relaxed) {
                            return acc;
                        }
                        match play_chunk(c) {
                            None => acc.partial = true,
                            Some(Err(e)) => {
                                failed.fetch_min(c, Ordering::Relaxed);
                                acc.add_error(e);
                            }
                            Some(Ok((t, _))) => {
                                progress(done.fetch_add(t.games, Ordering::Relaxed) + t.games);
                                acc.tally.merge(&t);
                            }
                        }
                        acc
                    },
                )
                .reduce(|| Partial::new(seats), Partial::merge)
        });
        if let Some(e) = acc.error {
            return Err(RunError::Game(e));
        }
        let partial = acc.partial || acc.tally.games < total;
        return Ok(RunResult { tally: acc.tally, partial });
    }

    let mut tally = Tally::new(seats);
    let mut partial = false;
    let mut done = 0u64;
    // Records are written in game order: chunks are played a batch at a time and their
    // records written in order, with memory bounded by one batch.
    let batch = (opts.jobs.max(1) as u64) * 8;
    let mut next = 0;
    while next < chunks {
        let ids: Vec<u64> = (next..(next + batch).min(chunks)).collect();
        next += ids.len() as u64;
        let results: Vec<_> = pool.install(|| ids.par_iter().map(|&c| play_chunk(c)).collect());
        for r in results {
            match r {
                None => partial = true,
                Some(Err(e)) => return Err(RunError::Game(e)),
                Some(Ok((t, lines))) => {
                    done += t.games;
                    tally.merge(&t);
                    if let Some(w) = record.as_deref_mut() {
                        w.write_all(&lines).map_err(RunError::Record)?;
                    }
                }
            }
        }
        progress(done);
        if partial || cancel.load(Ordering::Relaxed) {
            partial |= done < total;
            break;
        }
    }
    if let Some(w) = record {
        w.flush().map_err(RunError::Record)?;
    }
    Ok(RunResult { tally, partial })
}

/// What a share of the chunks gave: their tally, whether any was skipped, and the error of
/// the earliest game that failed.
struct Partial {
    tally: Tally,
    partial: bool,
    error: Option<GameError>,
}

impl Partial {
    fn new(seats: usize) -> Partial {
        Partial { tally: Tally::new(seats), partial: false, error: None }
    }

    fn add_error(&mut self, e: GameError) {
        if self.error.as_ref().is_none_or(|old| e.game < old.game) {
            self.error = Some(e);
        }
    }

    fn merge(mut self, other: Partial) -> Partial {
        self.tally.merge(&other.tally);
        self.partial |= other.partial;
        if let Some(e) = other.error {
            self.add_error(e);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(variant: &str, games: u64, jobs: usize, shard: Shard) -> Tally {
        let rules = crate::load_rules(variant, None).unwrap();
        let players = vec![PlayerSpec::Random, PlayerSpec::Greedy];
        let job = Job { rules: &rules, players: &players, reference: variant };
        let opts = RunOptions { games, seed: 3, jobs, shard };
        run(&job, &opts, &AtomicBool::new(false), &|_| {}, None).unwrap().tally
    }

    #[test]
    fn shards_split_the_games_exactly() {
        let s = Shard::parse("2/3").unwrap();
        assert_eq!((s.index, s.count), (1, 3));
        assert_eq!((0..s.games(10)).map(|j| s.game(j)).collect::<Vec<_>>(), vec![1, 4, 7]);
        assert_eq!(Shard::parse("3/3").unwrap().games(10), 3);
        assert_eq!(Shard::parse("1/3").unwrap().games(10), 4);
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_tally_is_the_same_for_any_number_of_threads_and_shards() {
        let whole = tally("bakuk", 5000, 1, Shard::WHOLE);
        assert_eq!(whole.games, 5000);
        assert_eq!(whole, tally("bakuk", 5000, 2, Shard::WHOLE));
        let mut merged = Tally::new(2);
        for k in 1..=3 {
            merged.merge(&tally("bakuk", 5000, 2, Shard::parse(&format!("{k}/3")).unwrap()));
        }
        assert_eq!(whole, merged);
    }
}

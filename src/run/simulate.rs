//! Many games at once: every core, a random stream per game and seat derived only from the
//! run's seed and the game's index, so that a run gives the same tallies for any number of
//! threads, shards or machines. Games are played in chunks, handed to the threads one at a
//! time; chunk tallies merge exactly. A run stops within a game's ply of a cancel.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

use serde::Serialize;

use crate::cancel::Cancel;
use crate::engine::{Game, Observer, Outcome, Rules, State};
use crate::error::{Failure, Status};
use crate::lang::spec::MAX_PLY_LIMIT;
use crate::play::player::{Player, PlayerError, game_start, seat_rng};
use crate::play::registry::{Agent, AnyPlayer, PlayerSpec};

use super::metrics::{Evaluator, MetricTally, Probe};
use super::report::{Report, RunInfo, VariantReport, Varied, fingerprint};
use super::stats::{MoveCounts, Tally};

/// The most threads a run may use: more would only add scheduling, and each thread holds
/// its own players and tallies.
pub const MAX_JOBS: usize = 1024;

/// The most shards a run may be split into: more than any cluster runs at once, and few enough
/// that `sow merge` can list the shards missing.
pub const MAX_SHARDS: u64 = 100_000;

/// Which games of a run this process plays: games `i` with `i mod count == index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 0-based, below `count`.
    index: u64,
    /// At least 1.
    count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` (0-based) of `count`, if there is one.
    pub fn new(index: u64, count: u64) -> Option<Shard> {
        (index < count).then_some(Shard { index, count })
    }

    /// Reads `K/N` (1-based K), as given to `--shard`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        Shard::read(text).map_err(|why| format!("--shard `{text}`: {why}"))
    }

    /// Reads `K/N` (1-based K); the error says why, without saying where the text came from.
    pub fn read(text: &str) -> Result<Shard, String> {
        let bad = || "expected K/N with 1 <= K <= N, e.g. 2/8".to_string();
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let number = |s: &str| crate::engine::notation::plain_number(s.trim()).ok_or_else(bad);
        let (k, n) = (number(k)?, number(n)?);
        if k == 0 {
            return Err(bad());
        }
        if n > MAX_SHARDS {
            return Err(format!("a run is split into at most {MAX_SHARDS} shards"));
        }
        Shard::new(k - 1, n).ok_or_else(bad)
    }

    /// 0-based.
    pub fn index(&self) -> u64 {
        self.index
    }

    pub fn count(&self) -> u64 {
        self.count
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
    pub players: &'a [Agent],
    /// How the variant was named on the command line, for records that replay.
    pub reference: &'a str,
    /// The rules changed on the command line (`--set`, a value of `--vary`), as applied:
    /// recorded with each game, so that `sow play --set` replays it.
    pub changes: &'a [String],
    /// Judges every position for the game-design metrics, if they are asked for.
    pub evaluator: Option<&'a Evaluator>,
}

#[derive(Debug, Clone, Copy)]
pub struct RunOptions {
    pub games: u64,
    pub seed: u64,
    pub jobs: usize,
    pub shard: Shard,
}

/// Settings a run cannot be made with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    NoGames,
    NoThreads,
    TooManyThreads(usize),
    /// A player for each seat, or one for all.
    Seats {
        variant: String,
        seats: usize,
        players: usize,
    },
    /// The rules let a game go on without end (or longer than can be counted).
    PlyLimit {
        variant: String,
        limit: Option<u32>,
    },
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::NoGames => f.write_str("--games 0: a run needs at least one game"),
            OptionError::NoThreads => f.write_str("--jobs 0: a run needs at least one thread"),
            OptionError::TooManyThreads(n) => {
                write!(
                    f,
                    "--jobs {n}: a run uses at most {MAX_JOBS} threads (one or two per core is fastest)"
                )
            }
            OptionError::Seats { variant, seats, players } => write!(
                f,
                "{variant} has {seats} seats, but {players} players are named: name one for every seat, or one for all"
            ),
            OptionError::PlyLimit { variant, limit } => {
                match limit {
                    Some(l) => write!(f, "{variant}: a ply limit of {l} is more than a run can count")?,
                    None => write!(f, "{variant}: the rules have no ply limit, so a game might never end")?,
                }
                write!(f, "; simulate with a limit of at most {MAX_PLY_LIMIT} plies")
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl Failure for OptionError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

impl RunOptions {
    /// Checks the options of a run before anything is prepared for it.
    pub fn check(&self) -> Result<(), OptionError> {
        if self.games == 0 {
            return Err(OptionError::NoGames);
        }
        match self.jobs {
            0 => Err(OptionError::NoThreads),
            n if n > MAX_JOBS => Err(OptionError::TooManyThreads(n)),
            _ => Ok(()),
        }
    }
}

impl Job<'_> {
    /// Checks that the job can be run: a player for every seat, and games that end.
    pub fn check(&self) -> Result<(), OptionError> {
        let variant = self.rules.spec().label();
        if self.players.len() != self.rules.players() {
            return Err(OptionError::Seats {
                variant,
                seats: self.rules.players(),
                players: self.players.len(),
            });
        }
        match self.rules.ply_limit() {
            Some(l) if l <= MAX_PLY_LIMIT => Ok(()),
            limit => Err(OptionError::PlyLimit { variant, limit }),
        }
    }
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
    Options(OptionError),
    Game(GameError),
    Record(std::io::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Options(e) => e.fmt(f),
            RunError::Game(e) => e.fmt(f),
            RunError::Record(e) => {
                write!(f, "cannot write the game record: {}", crate::files::io_reason(e))
            }
        }
    }
}

impl std::error::Error for RunError {}

impl Failure for RunError {
    fn status(&self) -> Status {
        match self {
            RunError::Options(e) => e.status(),
            RunError::Game(_) | RunError::Record(_) => Status::Failed,
        }
    }
}

impl From<OptionError> for RunError {
    fn from(e: OptionError) -> Self {
        RunError::Options(e)
    }
}

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
    /// The rules changed, each to be given to `sow play` as `--set RULE`.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    set: &'a [String],
    seed: u64,
    game: u64,
    players: &'a [String],
    moves: &'a [crate::engine::notation::Turn],
    scores: &'a [u32],
    /// Matches scored in points: each player's points.
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<[u16; 2]>,
    winner: Option<usize>,
    plies: u32,
    end: &'static str,
}

/// Counts captures as they happen.
struct CaptureCounter<'t> {
    counts: &'t mut MoveCounts,
}

impl Observer for CaptureCounter<'_> {
    const HEARS_SEEDS: bool = false;

    #[inline(always)]
    fn capture(&mut self, _pit: usize, seeds: u8) {
        self.counts.capture_count.add(seeds as usize);
    }
}

/// A thread's players, one a seat, the game they play (its position and the positions it
/// went through) and its counts: made once a thread, reused game after game.
struct Seats<'a, 'r> {
    players: &'a mut [AnyPlayer],
    game: &'a mut Game<'r>,
    counts: &'a mut MoveCounts,
    trace: Option<&'a mut Trace<'r>>,
}

/// A thread's evaluator and the evaluations of the game being played, for the metrics.
struct Trace<'e> {
    probe: Probe<'e>,
    evals: Vec<[f64; crate::lang::spec::MAX_PLAYERS]>,
    legal: Vec<u32>,
    /// Turns of the game: runs of moves by one player (an extra turn continues one).
    turns: u32,
    last: Option<usize>,
}

/// Plays game `game` to its end, counting into `tally`; returns the final position, or `None`
/// if the game was cancelled before its end (and counted nothing). With `moves`, the moves
/// are kept for the record.
#[inline]
fn play_game(
    rules: &Rules,
    table: &mut Seats<'_, '_>,
    seed: u64,
    game: u64,
    tally: &mut Tally,
    cancel: &Cancel,
    mut moves: Option<&mut Vec<crate::engine::notation::Turn>>,
) -> Result<Option<State>, GameError> {
    let mut rngs: [_; crate::lang::spec::MAX_PLAYERS] =
        std::array::from_fn(|seat| seat_rng(seed, game, seat));
    let players = &mut *table.players;
    for p in players.iter_mut() {
        p.new_game();
    }
    // Counted apart and added once the game is over, so that a cancelled game counts nothing.
    let counts = &mut *table.counts;
    counts.clear();
    let g = &mut *table.game;
    g.restart(game_start(rules, seed, game));
    let mut trace = table.trace.as_deref_mut();
    if let Some(t) = trace.as_deref_mut() {
        t.evals.clear();
        t.legal.clear();
        t.turns = 0;
        t.last = None;
    }
    while let Some(seat) = g.state().to_move() {
        let s = g.state();
        if cancel.is_cancelled() {
            return Ok(None);
        }
        let legal = rules.legal_moves(s).len() as u64;
        counts.positions += 1;
        counts.choices += legal;
        counts.forced += u64::from(legal == 1);
        if let Some(t) = trace.as_deref_mut() {
            let mut e = [0.0; crate::lang::spec::MAX_PLAYERS];
            t.probe.evaluate(rules, s, (seed, game), &mut e);
            t.evals.push(e);
            t.legal.push(legal as u32);
            t.turns += u32::from(t.last != Some(seat));
            t.last = Some(seat);
        }
        let mv = match players[seat].choose(rules, s, &mut rngs[seat]) {
            Ok(mv) => mv,
            Err(PlayerError::Cancelled) => return Ok(None),
            Err(PlayerError::Failed(message)) => {
                return Err(GameError {
                    game,
                    ply: s.plies() + 1,
                    seat,
                    player: players[seat].name(),
                    message,
                });
            }
        };
        if let Some(moves) = moves.as_deref_mut() {
            crate::engine::notation::push_turn(moves, g.state(), mv);
        }
        let m = g.apply_observed(mv, &mut CaptureCounter { counts: &mut *counts });
        if m.captured > 0 {
            counts.capturing_moves += 1;
            counts.captured_seeds += m.captured as u64;
            counts.chain_length.add(m.captured_pits as usize);
        }
    }
    tally.moves.merge(counts);
    let s = *g.state();
    let scores = rules.scores(&s);
    let n = rules.players();
    let end = s.end().expect("the game is over");
    match rules.spec().rounds {
        // A match: its winner by the rules of rounds, and the rounds played (the last one
        // too when the match stopped during it).
        Some(_) => {
            let lost =
                matches!(end, crate::engine::EndReason::CannotFill | crate::engine::EndReason::NoPitInPlay);
            let rounds = s.rounds_over() + u32::from(!lost && !s.filling());
            let outcome = rules.outcome(&s).expect("the game is over");
            // A match scored in points: its score is the points (the margins too).
            let scores = match rules.points(&s) {
                Some(points) => {
                    let mut by_points = [0u32; crate::lang::spec::MAX_PLAYERS];
                    for (p, &x) in points.iter().enumerate() {
                        by_points[p] = x as u32;
                    }
                    by_points
                }
                None => scores,
            };
            tally.finish_match(&scores[..n], s.plies(), end, s.seeds_on_board(), outcome, rounds);
        }
        None => match rules.by_rule(&s) {
            Some(outcome) => tally.finish_decided(&scores[..n], s.plies(), end, s.seeds_on_board(), outcome),
            None => tally.finish_game(&scores[..n], s.plies(), end, s.seeds_on_board()),
        },
    }
    if let (Some(t), Some(m)) = (trace, tally.metrics.as_mut()) {
        let winner = match rules.outcome(&s) {
            Some(Outcome::Win(p)) => Some(p),
            _ => None,
        };
        let timed_out = s.end() == Some(crate::engine::EndReason::PlyLimit);
        m.add_game(n, &t.evals, &t.legal, t.turns, winner, timed_out);
    }
    Ok(Some(s))
}

/// Games per chunk: large enough to amortise handing chunks out, small enough to balance
/// cores.
const CHUNK: u64 = 2048;

/// What one chunk gave: the games it finished (all of them unless cancelled), their records,
/// or the first game that failed.
enum Chunk {
    Done { tally: Box<Tally>, lines: Vec<u8>, complete: bool },
    Failed(GameError),
}

/// Records written in game order by whichever thread finished the next chunk.
struct Writer<'w> {
    out: Option<&'w mut (dyn Write + Send)>,
    /// The chunk whose records come next.
    next: u64,
    /// A chunk failed or a write failed: threads waiting for their turn give up.
    stop: bool,
    error: Option<std::io::Error>,
}

/// Runs the games of `opts.shard`. `progress` is told how many games are done so far;
/// `cancel` stops the run (the result is then partial: the games finished so far); `record`
/// receives one JSON line per game, in game order.
pub fn run(
    job: &Job<'_>,
    opts: &RunOptions,
    cancel: &Cancel,
    progress: &(dyn Fn(u64) + Sync),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<RunResult, RunError> {
    opts.check()?;
    job.check()?;
    let rules = job.rules;
    let seats = rules.players();
    let total = opts.shard.games(opts.games);
    let chunks = total.div_ceil(CHUNK);
    let recording = record.is_some();
    let spec = rules.spec();
    let names: Vec<String> = job.players.iter().map(Agent::name).collect();

    let new_tally = || {
        let mut t = Tally::new(seats);
        t.metrics = job.evaluator.map(|e| MetricTally::new(e.name(), spec.first_player as usize));
        t
    };
    // A changed variant's ruleset is its base's, in the reference.
    let base_ruleset = if job.changes.is_empty() { spec.ruleset.as_deref() } else { None };
    let play_chunk = |c: u64, table: &mut Seats<'_, '_>| -> Chunk {
        let mut tally = new_tally();
        let mut lines = Vec::new();
        let mut moves = Vec::new();
        for j in c * CHUNK..((c + 1) * CHUNK).min(total) {
            let game = opts.shard.game(j);
            moves.clear();
            let kept = recording.then_some(&mut moves);
            let s = match play_game(rules, table, opts.seed, game, &mut tally, cancel, kept) {
                Ok(Some(s)) => s,
                Ok(None) => return Chunk::Done { tally: Box::new(tally), lines, complete: false },
                Err(e) => return Chunk::Failed(e),
            };
            if recording {
                let scores = rules.scores(&s);
                let rec = GameRecord {
                    variant: job.reference,
                    ruleset: base_ruleset,
                    set: job.changes,
                    seed: opts.seed,
                    game,
                    players: &names,
                    moves: &moves,
                    scores: &scores[..seats],
                    points: rules.points(&s),
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
        }
        Chunk::Done { tally: Box::new(tally), lines, complete: true }
    };

    let next_chunk = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    // The first chunk that failed: chunks after it are not started, so that the error
    // reported is always that of the first failing game, whatever the threads did.
    let failed = AtomicU64::new(u64::MAX);
    let writer = Mutex::new(Writer { out: record, next: 0, stop: false, error: None });
    let turn = Condvar::new();

    let worker = || -> Partial {
        let mut acc = Partial::new(seats);
        let mut players: Vec<AnyPlayer> = job.players.iter().map(|a| a.new_player(cancel)).collect();
        let mut counts = MoveCounts::default();
        let mut game = Game::new(rules, rules.initial_state());
        let mut trace = job.evaluator.map(|e| Trace {
            probe: e.probe(cancel),
            evals: Vec::new(),
            legal: Vec::new(),
            turns: 0,
            last: None,
        });
        loop {
            let c = next_chunk.fetch_add(1, Ordering::Relaxed);
            if c >= chunks || c > failed.load(Ordering::Relaxed) {
                break;
            }
            // Once cancelled, a chunk taken plays no game but still takes its turn to write.
            let table = &mut Seats {
                players: &mut players,
                game: &mut game,
                counts: &mut counts,
                trace: trace.as_mut(),
            };
            let result = play_chunk(c, table);
            let lines = match result {
                Chunk::Failed(e) => {
                    failed.fetch_min(c, Ordering::Relaxed);
                    acc.add_error(e);
                    let mut w = writer.lock().expect("no thread panics holding the writer");
                    w.stop = true;
                    turn.notify_all();
                    break;
                }
                Chunk::Done { tally, lines, complete } => {
                    acc.partial |= !complete;
                    progress(done.fetch_add(tally.games, Ordering::Relaxed) + tally.games);
                    acc.tally.merge(&tally);
                    lines
                }
            };
            if recording {
                let mut w = writer.lock().expect("no thread panics holding the writer");
                while w.next != c && !w.stop {
                    w = turn.wait(w).expect("no thread panics holding the writer");
                }
                if w.stop {
                    break;
                }
                if let Some(out) = w.out.as_deref_mut()
                    && let Err(e) = out.write_all(&lines)
                {
                    w.error = Some(e);
                    w.stop = true;
                }
                w.next += 1;
                turn.notify_all();
            }
            if cancel.is_cancelled() {
                acc.partial = true;
                break;
            }
        }
        acc
    };

    let threads = opts.jobs.min(chunks.max(1) as usize);
    let acc = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a simulation thread does not panic"))
            .fold(Partial::new(seats), Partial::merge)
    });
    if let Some(e) = acc.error {
        return Err(RunError::Game(e));
    }
    let mut w = writer.into_inner().expect("no thread panicked holding the writer");
    if let Some(e) = w.error {
        return Err(RunError::Record(e));
    }
    if let Some(out) = w.out.as_deref_mut() {
        out.flush().map_err(RunError::Record)?;
    }
    let partial = acc.partial || acc.tally.games < total;
    Ok(RunResult { tally: acc.tally, partial })
}

/// What a thread's chunks gave: their tally, whether any was cut short, and the error of
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

/// A player for each seat of `rules` from the players named: one for all, or one each.
pub fn seat_players(players: &[PlayerSpec], rules: &Rules) -> Result<Vec<PlayerSpec>, OptionError> {
    let seats = rules.players();
    match players.len() {
        1 => Ok(vec![players[0].clone(); seats]),
        n if n == seats => Ok(players.to_vec()),
        n => Err(OptionError::Seats { variant: rules.spec().label(), seats, players: n }),
    }
}

/// One variant of a run: its rules, how it was named, a player ready for each seat, and
/// what the report and the records say of it.
pub struct Planned {
    /// How the variant was named, for the records.
    pub reference: String,
    pub rules: Rules,
    pub agents: Vec<Agent>,
    /// The rules varied to make it and their values (`--vary`), if any.
    pub varied: Option<Varied>,
    /// The rules changed (`--set`, a value of `--vary`), as applied.
    pub applied: Vec<String>,
    /// Judges every position for the game-design metrics, if they are asked for.
    pub evaluator: Option<Evaluator>,
}

impl Planned {
    /// A variant as named, its rules unchanged, without metrics.
    pub fn new(reference: String, rules: Rules, agents: Vec<Agent>) -> Planned {
        Planned { reference, rules, agents, varied: None, applied: Vec::new(), evaluator: None }
    }

    /// What to simulate.
    pub fn job(&self) -> Job<'_> {
        Job {
            rules: &self.rules,
            players: &self.agents,
            reference: &self.reference,
            changes: &self.applied,
            evaluator: self.evaluator.as_ref(),
        }
    }

    /// What the report says of the run of this variant with `opts`.
    pub fn info(&self, opts: &RunOptions, partial: bool) -> RunInfo {
        let spec = self.rules.spec();
        let players: Vec<String> = self.agents.iter().map(Agent::name).collect();
        RunInfo {
            variant: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            source: self.reference.clone(),
            fingerprint: Some(fingerprint(&self.rules, &players, opts.seed, opts.games)),
            games: opts.games,
            seed: opts.seed,
            players,
            max_plies: spec.ply_limit,
            shard: (opts.shard != Shard::WHOLE).then(|| opts.shard.to_string()),
            partial,
            varied: self.varied.clone(),
        }
    }
}

/// Plays each of `variants` in turn, whole, as `sow simulate` does without records: the
/// report of them all, partial if `cancel` stopped it. `progress` is told the games finished
/// so far, across the variants.
pub fn run_all(
    variants: &[Planned],
    opts: &RunOptions,
    cancel: &Cancel,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, RunError> {
    let mut report = Report::default();
    let per_variant = opts.shard.games(opts.games);
    for (i, v) in variants.iter().enumerate() {
        let before = (i as u64).saturating_mul(per_variant);
        let result = run(&v.job(), opts, cancel, &|n| progress(before.saturating_add(n)), None)?;
        report.0.push(VariantReport::new(v.info(opts, result.partial), result.tally));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::registry::PlayerSpec;

    fn agents(rules: &Rules, names: &[&str]) -> Vec<Agent> {
        names
            .iter()
            .map(|n| PlayerSpec::parse(n, false).unwrap().prepare(rules, &mut None, &Cancel::new()).unwrap())
            .collect()
    }

    fn tally(variant: &str, games: u64, jobs: usize, shard: Shard) -> Tally {
        let rules = crate::load_rules(variant, None).unwrap();
        let players = agents(&rules, &["random", "greedy"]);
        let job = Job { rules: &rules, players: &players, reference: variant, changes: &[], evaluator: None };
        let opts = RunOptions { games, seed: 3, jobs, shard };
        run(&job, &opts, &Cancel::new(), &|_| {}, None).unwrap().tally
    }

    #[test]
    fn shards_split_the_games_exactly() {
        let s = Shard::parse("2/3").unwrap();
        assert_eq!((s.index(), s.count()), (1, 3));
        assert_eq!((0..s.games(10)).map(|j| s.game(j)).collect::<Vec<_>>(), vec![1, 4, 7]);
        assert_eq!(Shard::parse("3/3").unwrap().games(10), 3);
        assert_eq!(Shard::parse("1/3").unwrap().games(10), 4);
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2", "-1/2", "+1/2", "01/2", "1/100001"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Shard::parse("100000/100000").unwrap().index(), 99_999);
        assert_eq!(
            Shard::parse("1/18446744073709551615").unwrap_err(),
            "--shard `1/18446744073709551615`: a run is split into at most 100000 shards"
        );
        assert_eq!(Shard::new(3, 3), None);
    }

    #[test]
    fn the_tally_is_the_same_for_any_number_of_threads_and_shards() {
        let whole = tally("bakuk", 5000, 1, Shard::WHOLE);
        assert_eq!(whole.games, 5000);
        assert_eq!(whole, tally("bakuk", 5000, 2, Shard::WHOLE));
        assert_eq!(whole, tally("bakuk", 5000, 7, Shard::WHOLE));
        let mut merged = Tally::new(2);
        for k in 1..=3 {
            merged.merge(&tally("bakuk", 5000, 2, Shard::parse(&format!("{k}/3")).unwrap()));
        }
        assert_eq!(whole, merged);
    }

    #[test]
    fn a_cancelled_run_is_partial_and_counts_whole_games_only() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let players = agents(&rules, &["random"; 2]);
        let job = Job { rules: &rules, players: &players, reference: "bakuk", changes: &[], evaluator: None };
        let cancel = Cancel::new();
        let opts = RunOptions { games: u64::MAX, seed: 0, jobs: 2, shard: Shard::WHOLE };
        // Cancelled after the first chunk's progress report: the run stops at once, with
        // every game counted played to its end.
        let stop = |done: u64| {
            if done > 0 {
                cancel.cancel();
            }
        };
        let r = run(&job, &opts, &cancel, &stop, None).unwrap();
        assert!(r.partial);
        assert!(r.tally.games > 0 && r.tally.games < 10 * CHUNK, "{}", r.tally.games);
        assert_eq!(r.tally.length.count(), r.tally.games);
        let wins: u64 = r.tally.seats.iter().map(|s| s.wins + s.draws + s.losses).sum();
        assert_eq!(wins, 2 * r.tally.games);
    }

    #[test]
    fn runs_that_cannot_be_made_are_refused() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let players = agents(&rules, &["random"; 2]);
        let job = Job { rules: &rules, players: &players, reference: "bakuk", changes: &[], evaluator: None };
        let opts = |games, jobs| RunOptions { games, seed: 0, jobs, shard: Shard::WHOLE };
        let refused =
            |opts: RunOptions| run(&job, &opts, &Cancel::new(), &|_| {}, None).unwrap_err().to_string();
        assert_eq!(refused(opts(0, 1)), "--games 0: a run needs at least one game");
        assert_eq!(refused(opts(1, 0)), "--jobs 0: a run needs at least one thread");
        assert_eq!(
            refused(opts(1, 100_000)),
            "--jobs 100000: a run uses at most 1024 threads (one or two per core is fastest)"
        );
        let endless = rules.with_ply_limit(None);
        let job =
            Job { rules: &endless, players: &players, reference: "bakuk", changes: &[], evaluator: None };
        let e = run(&job, &opts(1, 1), &Cancel::new(), &|_| {}, None).unwrap_err().to_string();
        assert_eq!(
            e,
            "Bakuk: the rules have no ply limit, so a game might never end; simulate with a limit of at most 1000000 plies"
        );
        let one = &players[..1];
        let job = Job { rules: &rules, players: one, reference: "bakuk", changes: &[], evaluator: None };
        let e = run(&job, &opts(1, 1), &Cancel::new(), &|_| {}, None).unwrap_err().to_string();
        assert_eq!(e, "Bakuk has 2 seats, but 1 players are named: name one for every seat, or one for all");
    }
}

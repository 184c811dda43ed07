//! Playing a tournament: units handed to the threads one at a time, every game from its own
//! random streams, each finished game appended to the records at once and counted at once
//! into its variant's tally (sums of integers, so the order in which threads finish does not
//! matter): what is reported depends on the games alone, not on the threads, the shards, or
//! how many sittings it took, and no game is kept once counted. An SPRT is looked at after
//! fixed numbers of units in unit order (the units that finish early wait for the ones before
//! them), and a Swiss round is paired once the round before it is complete, so both are
//! reproducible too.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Read as _, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use crate::cancel::Cancel;
use crate::engine::{Game, Move, Outcome, Rules};
use crate::error::{Failure, Status};
use crate::lang::spec::MAX_PLAYERS;
use crate::play::player::{Player, PlayerError, game_start, seat_rng};
use crate::play::registry::{Agent, AnyPlayer};
use crate::run::rating::{Penta, SprtDecision};
use crate::run::simulate::{GameError, Shard};

use super::file::{Format, Openings, Tournament};
use super::schedule::{Plan, Purpose, Unit, random_opening, swiss_pairing};
use super::tally::VariantTally;

/// A game's point, in parts: a win is [`POINT`], and a top score shared by k players (2 to
/// 8) is [`POINT`]/k, a whole number for every k (840 is the least common multiple of 1..8).
pub const POINT: u64 = 840;

/// The most games `--record` writes (and `--resume` reads back) in one run: the games read
/// back are kept in memory (50 to 100 bytes each, in a hash map) until they are counted again.
pub const MAX_RECORDED_GAMES: u64 = 10_000_000;

/// One finished game: its number, who sat where (agent indices), the scores, the length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub id: u64,
    pub seats: [u8; MAX_PLAYERS],
    pub scores: [u16; MAX_PLAYERS],
    pub players: u8,
    pub plies: u32,
    /// A game a rule decided, whatever the scores (a match lost by a rule of rounds, a player
    /// who could not move and loses): 1 + the winning seat, or [`DRAWN_BY_RULE`]; 0 for a game
    /// decided by its scores.
    pub by_rule: u8,
}

/// [`GameResult::by_rule`] for a game that a rule drew (a match every player lost).
pub const DRAWN_BY_RULE: u8 = u8::MAX;

/// [`GameResult::by_rule`] of a recorded game: its recorded winner where the scores alone
/// would not give it (a rule decided the game), else 0.
fn by_rule_of(scores: &[u32], winner: Option<usize>) -> u8 {
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut top = scores.iter().enumerate().filter(|&(_, &x)| x == best).map(|(i, _)| i + 1);
    let by_scores = match (top.next(), top.next()) {
        (Some(w), None) => Some(w),
        _ => None,
    };
    match winner {
        _ if winner == by_scores => 0,
        Some(w) if (1..=scores.len()).contains(&w) => w as u8,
        _ => DRAWN_BY_RULE,
    }
}

impl GameResult {
    pub fn seats(&self) -> &[u8] {
        &self.seats[..self.players as usize]
    }

    pub fn scores(&self) -> &[u16] {
        &self.scores[..self.players as usize]
    }

    /// Each seat's points in [`POINT`]s: an outright win a whole point, a top score shared
    /// by k players a k-th of it each (exactly), otherwise nothing.
    pub fn points(&self) -> [u64; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        match self.by_rule {
            0 => {}
            DRAWN_BY_RULE => {
                let n = self.players as u64;
                out[..self.players as usize].iter_mut().for_each(|p| *p = POINT / n);
                return out;
            }
            w => {
                out[w as usize - 1] = POINT;
                return out;
            }
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let k = scores.iter().filter(|&&s| s == best).count() as u64;
        for (i, &s) in scores.iter().enumerate() {
            if s == best {
                out[i] = POINT / k;
            }
        }
        out
    }
}

/// The first line of a records file: which tournament the games belong to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RecordHeader {
    pub tournament: String,
    pub fingerprint: String,
    pub seed: u64,
}

/// A game as a line of the records file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: u64,
    pub variant: String,
    /// The participant (or trace level) in each seat, by name.
    pub players: Vec<String>,
    /// How many of the moves were the opening.
    pub opening: usize,
    pub moves: Vec<String>,
    pub scores: Vec<u32>,
    pub winner: Option<usize>,
    pub plies: u32,
    pub end: String,
}

/// Why a tournament could not be played to its end.
#[derive(Debug)]
pub enum PlayError {
    Game(GameError),
    Record(std::io::Error),
    /// The records given to `--resume` are not this tournament's.
    Resume(String),
    /// A Swiss round could not be paired without a repeat.
    Pairing {
        variant: String,
        round: u32,
    },
    /// No game lasts as long as the random openings asked for.
    Opening {
        variant: String,
        plies: u32,
    },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Game(e) => e.fmt(f),
            PlayError::Record(e) => write!(f, "cannot write the records: {}", crate::files::io_reason(e)),
            PlayError::Resume(why) => write!(f, "cannot resume from these records: {why}"),
            PlayError::Pairing { variant, round } => {
                write!(
                    f,
                    "{variant}: round {} of the Swiss cannot be paired without two players meeting again",
                    round + 1
                )
            }
            PlayError::Opening { variant, plies } => {
                write!(
                    f,
                    "{variant}: no random opening of {plies} plies was found in 1000 tries: every game ends sooner"
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

impl Failure for PlayError {
    fn status(&self) -> Status {
        match self {
            PlayError::Resume(_) => Status::BadInput,
            _ => Status::Failed,
        }
    }
}

/// How an SPRT ended, for one variant.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// Game pairs counted.
    pub pairs: u64,
    pub decision: Option<SprtDecision>,
}

/// What a whole run gave: each variant's counts, the games counted, each variant's SPRT, and
/// the Swiss pairings (round by round: the boards, and who had a bye).
#[derive(Debug, Clone)]
pub struct Played {
    pub tallies: Vec<VariantTally>,
    /// Games counted (played now or read back from the records).
    pub games: u64,
    pub sprt: Vec<Option<SprtState>>,
    pub swiss: Vec<Vec<SwissRound>>,
    /// Stopped (Ctrl-C) before its end.
    pub partial: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissRound {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// How a run goes: threads, shard, progress, and games already played.
pub struct Sitting<'a> {
    pub jobs: usize,
    pub shard: Shard,
    pub cancel: &'a Cancel,
    /// Told the number of games finished so far.
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Games read back from the records of an interrupted run, by number.
    pub resumed: HashMap<u64, GameResult>,
    /// The records continue a file that has its header already.
    pub resuming: bool,
}

/// The agents of every variant (participants, then the trace's levels) and their names.
pub struct Cast<'a> {
    pub agents: &'a [Vec<Agent>],
    pub names: &'a [String],
}

/// Looks at an SPRT after every `every` units of a variant, in unit order. A unit that
/// finishes before the ones ahead of it waits here; once counted, it is gone.
struct SprtWatch {
    every: u64,
    waiting: BTreeMap<u64, (Unit, Vec<GameResult>)>,
    /// The position of the next unit to count.
    frontier: u64,
    penta: Penta,
    stopped_at: Option<u64>,
}

impl SprtWatch {
    /// Whether the unit at `position` is past the stop: played speculatively, not counted.
    fn cut(&self, position: u64) -> bool {
        self.stopped_at.is_some_and(|c| position >= c)
    }
}

/// What the threads share, and what carries over from one batch (a Swiss round) to the next.
struct Tallies {
    tallies: Vec<VariantTally>,
    watches: Vec<Option<SprtWatch>>,
    games: u64,
}

impl Tallies {
    /// Counts a unit's games, or, under an SPRT, holds them until the units before are in.
    fn add(&mut self, t: &Tournament, plan: &Plan, u: Unit, games: Vec<GameResult>) {
        let v = u.variant;
        let Some(w) = self.watches[v].as_mut().filter(|_| u.purpose == Purpose::Main) else {
            self.games += games.len() as u64;
            self.tallies[v].add_unit(&u, &games);
            return;
        };
        let position = plan.position(&u);
        if w.cut(position) {
            return;
        }
        w.waiting.insert(position, (u, games));
        let (sprt, _) = t.sprt.as_ref().expect("a watch is an SPRT's");
        while let Some((u, games)) = w.waiting.remove(&w.frontier) {
            penta_of(&u, &games, &mut w.penta);
            self.games += games.len() as u64;
            self.tallies[v].add_unit(&u, &games);
            w.frontier += 1;
            if w.frontier.is_multiple_of(w.every) && sprt.decision(sprt.llr_penta(&w.penta)).is_some() {
                w.stopped_at = Some(w.frontier);
                // Everything still waiting comes after the stop.
                w.waiting.clear();
                break;
            }
        }
    }
}

/// The state the threads share while a batch is played.
struct Shared<'w, 'c> {
    counts: &'c mut Tallies,
    /// The records.
    out: Option<&'w mut (dyn Write + Send)>,
    error: Option<PlayError>,
    write_error: Option<std::io::Error>,
    /// A unit was left unplayed (Ctrl-C).
    partial: bool,
}

/// Plays a tournament; agents and names as [`Cast`] gives them; every game finished is
/// appended to `record` (after a header line, unless resuming).
pub fn run(
    t: &Tournament,
    cast: &Cast<'_>,
    sitting: Sitting<'_>,
    mut record: Option<&mut (dyn Write + Send)>,
) -> Result<Played, PlayError> {
    let plan = Plan::new(t);
    if let Some(out) = record.as_deref_mut()
        && !sitting.resuming
    {
        let header = RecordHeader {
            tournament: t.name.clone(),
            fingerprint: format!("{:016x}", t.fingerprint),
            seed: t.seed,
        };
        let mut line = serde_json::to_vec(&header).expect("a header serializes");
        line.push(b'\n');
        out.write_all(&line).and_then(|()| out.flush()).map_err(PlayError::Record)?;
    }
    let levels: Vec<u64> = t.trace.as_ref().map(|x| x.levels.clone()).unwrap_or_default();
    let mut counts = Tallies {
        tallies: t
            .variants
            .iter()
            .map(|e| VariantTally::new(t.participants.len(), e.rules.players(), e.openings.len(), &levels))
            .collect(),
        watches: t
            .variants
            .iter()
            .map(|_| {
                t.sprt.as_ref().map(|(_, every)| SprtWatch {
                    every: *every,
                    waiting: BTreeMap::new(),
                    frontier: 0,
                    penta: Penta::default(),
                    stopped_at: None,
                })
            })
            .collect(),
        games: 0,
    };
    let done = AtomicU64::new(0);
    let mut swiss = vec![Vec::new(); t.variants.len()];
    let mut partial = false;
    let fixed = Segment::Fixed(sitting.shard);
    match t.format {
        Format::Swiss { rounds } => {
            let n = t.participants.len();
            for round in 0..rounds {
                let mut boards_of = Vec::new();
                for ((e, tally), rounds) in t.variants.iter().zip(&counts.tallies).zip(&mut swiss) {
                    let (points, met, byes) = swiss_standing(t, tally, rounds);
                    let label = e.rules.spec().label();
                    let (boards, bye) = swiss_pairing(&points, &|a, b| met[a * n + b], &byes)
                        .ok_or(PlayError::Pairing { variant: label, round })?;
                    rounds.push(SwissRound { boards: boards.clone(), bye });
                    boards_of.push(boards);
                }
                // The trace's units do not wait: they go with the first round.
                let mut segments = if round == 0 { vec![fixed] } else { Vec::new() };
                for (v, boards) in boards_of.iter().enumerate() {
                    segments.push(Segment::Swiss { variant: v, round, boards });
                }
                let batch = Batch::new(&plan, segments);
                partial = execute(t, cast, &plan, &batch, &sitting, &mut record, &done, &mut counts)?;
                if partial || sitting.cancel.is_cancelled() {
                    partial = true;
                    break;
                }
            }
        }
        _ => {
            let batch = Batch::new(&plan, vec![fixed]);
            partial = execute(t, cast, &plan, &batch, &sitting, &mut record, &done, &mut counts)?;
        }
    }
    if let Some(out) = record {
        out.flush().map_err(PlayError::Record)?;
    }
    // The SPRT of the whole match, as its watch ended.
    let sprt = counts
        .watches
        .iter()
        .map(|w| {
            let w = w.as_ref()?;
            let (sprt, _) = t.sprt.as_ref()?;
            let llr = sprt.llr_penta(&w.penta);
            let (lower, upper) = sprt.bounds();
            let p = &w.penta;
            let pairs = p.ll + p.ld + p.wl_dd + p.wd + p.ww;
            Some(SprtState { llr, lower, upper, pairs, decision: sprt.decision(llr) })
        })
        .collect();
    Ok(Played { tallies: counts.tallies, games: counts.games, sprt, swiss, partial })
}

/// A run of units: the fixed units of a shard, or a Swiss round of one variant.
#[derive(Debug, Clone, Copy)]
enum Segment<'b> {
    Fixed(Shard),
    Swiss { variant: usize, round: u32, boards: &'b [(usize, usize)] },
}

/// The units a batch of threads plays, numbered from 0 across its segments.
struct Batch<'b> {
    segments: Vec<(Segment<'b>, u64)>,
    count: u64,
}

impl<'b> Batch<'b> {
    fn new(plan: &Plan, segments: Vec<Segment<'b>>) -> Batch<'b> {
        let mut count = 0;
        let segments = segments
            .into_iter()
            .map(|s| {
                let n = match s {
                    Segment::Fixed(shard) => {
                        plan.fixed_units.saturating_sub(shard.index()).div_ceil(shard.count())
                    }
                    Segment::Swiss { variant, boards, .. } => plan.swiss_units(variant, boards.len()),
                };
                let start = count;
                count += n;
                (s, start)
            })
            .collect();
        Batch { segments, count }
    }

    fn unit(&self, t: &Tournament, plan: &Plan, j: u64) -> Unit {
        let k = self.segments.partition_point(|&(_, start)| start <= j) - 1;
        let (segment, start) = self.segments[k];
        let j = j - start;
        match segment {
            Segment::Fixed(shard) => plan.fixed_unit(t, shard.index() + j * shard.count()),
            Segment::Swiss { variant, round, boards } => plan.swiss_unit(t, variant, round, boards, j),
        }
    }
}

/// Adds a two-game unit's pair to `penta`, from the view of its first player.
fn penta_of(u: &Unit, games: &[GameResult], penta: &mut Penta) {
    let [a, b] = games else { return };
    let score = |r: &GameResult| {
        let seat = r.seats().iter().position(|&s| s as usize == u.players[0]).expect("the player sat");
        r.points()[seat] as f64 / POINT as f64
    };
    penta.add_pair(score(a), score(b));
}

/// A Swiss standing of variant `v` from the rounds played: points (a bye counts as a drawn
/// pairing), who met whom (an n x n table), who had a bye.
fn swiss_standing(
    t: &Tournament,
    tally: &VariantTally,
    rounds: &[SwissRound],
) -> (Vec<u64>, Vec<bool>, Vec<bool>) {
    let n = t.participants.len();
    // Every game between participants of a Swiss is a game of its rounds.
    let mut points = tally.points.clone();
    let mut met = vec![false; n * n];
    let mut byes = vec![false; n];
    for round in rounds {
        for &(a, b) in &round.boards {
            met[a * n + b] = true;
            met[b * n + a] = true;
        }
        if let Some(b) = round.bye {
            byes[b] = true;
            points[b] += t.games * POINT / 2;
        }
    }
    (points, met, byes)
}

/// Plays the units of `batch` on the threads, counting each as it ends; whether a unit was
/// left unplayed (Ctrl-C).
#[allow(clippy::too_many_arguments)]
fn execute(
    t: &Tournament,
    cast: &Cast<'_>,
    plan: &Plan,
    batch: &Batch<'_>,
    sitting: &Sitting<'_>,
    record: &mut Option<&mut (dyn Write + Send)>,
    done: &AtomicU64,
    counts: &mut Tallies,
) -> Result<bool, PlayError> {
    let shared =
        Mutex::new(Shared { counts, out: record.take(), error: None, write_error: None, partial: false });
    let next = AtomicU64::new(0);
    let worker = || {
        let mut cache: Vec<Vec<Option<AnyPlayer>>> =
            cast.agents.iter().map(|a| a.iter().map(|_| None).collect()).collect();
        let mut games: Vec<Option<Game<'_>>> = t.variants.iter().map(|_| None).collect();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= batch.count {
                break;
            }
            let u = batch.unit(t, plan, i);
            {
                let mut s = shared.lock().expect("no thread panics holding the results");
                if s.error.is_some() || s.write_error.is_some() {
                    break;
                }
                if u.purpose == Purpose::Main
                    && let Some(w) = &s.counts.watches[u.variant]
                    && w.cut(plan.position(&u))
                {
                    continue;
                }
                if sitting.cancel.is_cancelled() {
                    s.partial = true;
                    break;
                }
            }
            let rules = &t.variants[u.variant].rules;
            let game = games[u.variant].get_or_insert_with(|| Game::new(rules, rules.initial_state()));
            match play_unit(t, cast, &u, &mut cache[u.variant], game, sitting, &shared) {
                Ok(Some(results)) => {
                    done.fetch_add(results.len() as u64, Ordering::Relaxed);
                    (sitting.progress)(done.load(Ordering::Relaxed));
                    let mut s = shared.lock().expect("no thread panics holding the results");
                    s.counts.add(t, plan, u, results);
                }
                Ok(None) => {
                    shared.lock().expect("no thread panics holding the results").partial = true;
                    break;
                }
                Err(e) => {
                    let mut s = shared.lock().expect("no thread panics holding the results");
                    // The error of the earliest game is the one reported, whatever the threads did.
                    let earlier = match (&s.error, &e) {
                        (Some(PlayError::Game(old)), PlayError::Game(new)) => new.game < old.game,
                        (Some(_), _) => false,
                        (None, _) => true,
                    };
                    if earlier {
                        s.error = Some(e);
                    }
                    break;
                }
            }
        }
    };
    let threads = sitting.jobs.clamp(1, batch.count.clamp(1, 1 << 16) as usize);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        for h in handles {
            h.join().expect("a tournament thread does not panic");
        }
    });
    let s = shared.into_inner().expect("no thread panicked holding the results");
    if let Some(e) = s.error {
        return Err(e);
    }
    if let Some(e) = s.write_error {
        return Err(PlayError::Record(e));
    }
    *record = s.out;
    Ok(s.partial)
}

/// The opening of a unit.
fn opening_of(t: &Tournament, u: &Unit) -> Result<Vec<Move>, PlayError> {
    let e = &t.variants[u.variant];
    match t.opening_kind {
        Openings::Random(k) => random_opening(&e.rules, k, t.seed, u.first_game)
            .ok_or(PlayError::Opening { variant: e.rules.spec().label(), plies: k }),
        _ => Ok(e.openings[u.opening].clone()),
    }
}

/// Plays the games of a unit not already in the records; `None` if cancelled.
fn play_unit<'r>(
    t: &'r Tournament,
    cast: &Cast<'_>,
    u: &Unit,
    cache: &mut [Option<AnyPlayer>],
    game: &mut Game<'r>,
    sitting: &Sitting<'_>,
    shared: &Mutex<Shared<'_, '_>>,
) -> Result<Option<Vec<GameResult>>, PlayError> {
    let e = &t.variants[u.variant];
    let rules = &e.rules;
    let orders = super::schedule::seat_orders(u.players.len());
    let opening = opening_of(t, u)?;
    let mut out = Vec::with_capacity(orders.len());
    let mut moves: Vec<Move> = Vec::new();
    for (j, order) in orders.iter().enumerate() {
        let id = u.first_game + j as u64;
        let seats: Vec<usize> = order.iter().map(|&k| u.players[k]).collect();
        if let Some(r) = sitting.resumed.get(&id) {
            if r.seats().iter().map(|&s| s as usize).ne(seats.iter().copied()) {
                let shown = |list: &mut dyn Iterator<Item = usize>| {
                    list.map(|a| cast.names[a].clone()).collect::<Vec<_>>().join(", ")
                };
                return Err(PlayError::Resume(format!(
                    "game {id} was played by {}, but this tournament seats {} in it",
                    shown(&mut r.seats().iter().map(|&s| s as usize)),
                    shown(&mut seats.iter().copied())
                )));
            }
            out.push(*r);
            continue;
        }
        for &a in &seats {
            if cache[a].is_none() {
                cache[a] = Some(cast.agents[u.variant][a].new_player(sitting.cancel));
            }
        }
        let Some(result) = play_game(
            rules,
            cast,
            u.variant,
            &seats,
            cache,
            game,
            t.seed,
            id,
            &opening,
            &mut moves,
            sitting.cancel,
        )?
        else {
            return Ok(None);
        };
        let mut s = shared.lock().expect("no thread panics holding the results");
        if s.write_error.is_none()
            && let Some(w) = s.out.as_deref_mut()
        {
            let end = game.state().end().map_or("", |x| x.name());
            let winner = match rules.outcome(game.state()) {
                Some(Outcome::Win(p)) => Some(p + 1),
                _ => None,
            };
            let rec = GameRecord {
                game: id,
                variant: rules.spec().label(),
                players: seats.iter().map(|&a| cast.names[a].clone()).collect(),
                opening: opening.len(),
                moves: crate::engine::notation::turns(rules, game_start(rules, t.seed, id), &moves)
                    .iter()
                    .map(|t| t.to_string())
                    .collect(),
                scores: result.scores().iter().map(|&x| x as u32).collect(),
                winner,
                plies: result.plies,
                end: end.to_string(),
            };
            let mut line = serde_json::to_vec(&rec).expect("a record serializes");
            line.push(b'\n');
            if let Err(err) = w.write_all(&line).and_then(|()| w.flush()) {
                s.write_error = Some(err);
            }
        }
        drop(s);
        out.push(result);
    }
    Ok(Some(out))
}

/// Plays one game after its opening: seat `s` is agent `seats[s]`.
#[allow(clippy::too_many_arguments)]
fn play_game(
    rules: &Rules,
    cast: &Cast<'_>,
    variant: usize,
    seats: &[usize],
    cache: &mut [Option<AnyPlayer>],
    game: &mut Game<'_>,
    seed: u64,
    id: u64,
    opening: &[Move],
    moves: &mut Vec<Move>,
    cancel: &Cancel,
) -> Result<Option<GameResult>, PlayError> {
    let mut rngs: [_; MAX_PLAYERS] = std::array::from_fn(|seat| seat_rng(seed, id, seat));
    for &a in seats {
        if let Some(p) = cache[a].as_mut() {
            p.new_game();
        }
    }
    game.restart(game_start(rules, seed, id));
    moves.clear();
    for &mv in opening {
        // Openings are lines after which the game goes on; this guards the records all the same.
        if game.state().is_over() {
            break;
        }
        game.apply(mv);
        moves.push(mv);
    }
    while let Some(seat) = game.state().to_move() {
        if cancel.is_cancelled() {
            return Ok(None);
        }
        let agent = seats[seat];
        let player = cache[agent].as_mut().expect("every seat's player is made");
        let mv = match player.choose(rules, game.state(), &mut rngs[seat]) {
            Ok(mv) => mv,
            Err(PlayerError::Cancelled) => return Ok(None),
            Err(PlayerError::Failed(message)) => {
                return Err(PlayError::Game(GameError {
                    game: id,
                    ply: game.state().plies() + 1,
                    seat,
                    player: format!("{} ({})", cast.names[agent], cast.agents[variant][agent].name()),
                    message,
                }));
            }
        };
        game.apply(mv);
        moves.push(mv);
    }
    let s = game.state();
    let scores = rules.scores(s);
    let mut r = GameResult {
        id,
        seats: [0; MAX_PLAYERS],
        scores: [0; MAX_PLAYERS],
        players: seats.len() as u8,
        plies: s.plies(),
        by_rule: 0,
    };
    r.by_rule = match rules.by_rule(s) {
        Some(Outcome::Win(p)) => p as u8 + 1,
        Some(Outcome::Draw) => DRAWN_BY_RULE,
        None => 0,
    };
    for (i, &a) in seats.iter().enumerate() {
        r.seats[i] = a as u8;
        r.scores[i] = scores[i] as u16;
    }
    Ok(Some(r))
}

/// The records of an interrupted run, read back.
#[derive(Debug, Default)]
pub struct Resumed {
    /// The games finished, by number.
    pub games: HashMap<u64, GameResult>,
    /// The length of the file up to its last whole line: a last line cut short by the
    /// interruption is cut off before appending, and its game played again.
    pub valid: u64,
    /// The header's line has no line end (the file ends with it): one is written before the
    /// first game appended.
    pub header_unended: bool,
}

/// The longest line read back from records: a game of [`crate::lang::spec::MAX_PLY_LIMIT`]
/// plies, with room to spare.
const MAX_RECORD_LINE: usize = 64 * 1024 * 1024;

/// Reads the records of an interrupted run of `t`, a line at a time (they are as long as the
/// run was): the header must be this tournament's; blank lines are passed over; a last line
/// without its line end was cut short by the interruption and is left out. At most
/// [`MAX_RECORDED_GAMES`] games, as many as `--record` writes.
pub fn read_records(t: &Tournament, input: &mut dyn BufRead, names: &[String]) -> Result<Resumed, String> {
    let mut out = Resumed::default();
    let mut line = Vec::new();
    let mut read_line = |line: &mut Vec<u8>| -> Result<usize, String> {
        line.clear();
        let n = (&mut *input)
            .take(MAX_RECORD_LINE as u64 + 1)
            .read_until(b'\n', line)
            .map_err(|e| crate::files::io_reason(&e))?;
        if n > MAX_RECORD_LINE {
            return Err(format!("a line is longer than {}", crate::files::bytes(MAX_RECORD_LINE as u64)));
        }
        Ok(n)
    };
    let n = read_line(&mut line)?;
    if n == 0 {
        return Err("the file is empty: it holds no header line".into());
    }
    let header: RecordHeader = std::str::from_utf8(&line)
        .ok()
        .and_then(|text| serde_json::from_str(text.trim_end()).ok())
        .ok_or_else(|| "its first line is not the header of a tournament's records".to_string())?;
    let ours = format!("{:016x}", t.fingerprint);
    if header.fingerprint != ours {
        return Err(format!(
            "they belong to another tournament (`{}`, fingerprint {}; this one is `{}`, fingerprint {ours}): its file, its variants or its seed differ",
            header.tournament, header.fingerprint, t.name
        ));
    }
    out.valid = n as u64;
    out.header_unended = !line.ends_with(b"\n");
    let plan = Plan::new(t);
    for number in 2u64.. {
        let n = read_line(&mut line)?;
        if n == 0 {
            break;
        }
        if !line.ends_with(b"\n") {
            // Cut short by the interruption: played again.
            break;
        }
        out.valid += n as u64;
        let text = std::str::from_utf8(&line).map_err(|_| format!("line {number} is not UTF-8 text"))?;
        if text.trim().is_empty() {
            continue;
        }
        let rec: GameRecord = serde_json::from_str(text.trim_end())
            .map_err(|e| format!("line {number} is not a game record: {e}"))?;
        if rec.game >= plan.total_games {
            return Err(format!("line {number}: game {} is not a game of this tournament", rec.game));
        }
        let mut r = GameResult {
            id: rec.game,
            seats: [0; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            players: rec.players.len() as u8,
            plies: rec.plies,
            by_rule: 0,
        };
        r.by_rule = by_rule_of(&rec.scores, rec.winner);
        if rec.players.len() > MAX_PLAYERS || rec.players.len() != rec.scores.len() {
            return Err(format!("line {number}: the players and scores of game {} do not match", rec.game));
        }
        for (s, name) in rec.players.iter().enumerate() {
            let a = names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| format!("line {number}: `{name}` is not a participant of this tournament"))?;
            r.seats[s] = a as u8;
            r.scores[s] = rec.scores[s].min(u16::MAX as u32) as u16;
        }
        out.games.insert(rec.game, r);
        if out.games.len() as u64 > MAX_RECORDED_GAMES {
            return Err(format!("they hold more than {MAX_RECORDED_GAMES} games, the most a run records"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_lost_by_a_rule_of_rounds_gives_its_point_whatever_the_scores() {
        let mut r = GameResult {
            id: 0,
            seats: [0, 1, 0, 0, 0, 0, 0, 0],
            scores: [50, 34, 0, 0, 0, 0, 0, 0],
            players: 2,
            plies: 100,
            by_rule: 0,
        };
        assert_eq!(r.points()[..2], [POINT, 0]);
        // Seat 1 scored more, but could not fill a pit: seat 2 wins the match.
        r.by_rule = 2;
        assert_eq!(r.points()[..2], [0, POINT]);
        r.by_rule = DRAWN_BY_RULE;
        assert_eq!(r.points()[..2], [POINT / 2, POINT / 2]);
        // Read back from a record: the recorded winner where the scores would not give it.
        assert_eq!(by_rule_of(&[50, 34], Some(2)), 2);
        assert_eq!(by_rule_of(&[50, 34], Some(1)), 0);
        assert_eq!(by_rule_of(&[50, 34], None), DRAWN_BY_RULE);
        assert_eq!(by_rule_of(&[40, 40], None), 0);
        assert_eq!(by_rule_of(&[40, 40], Some(1)), 1);
    }
}

//! Playing a tournament: units handed to the threads one at a time, every game from its own
//! random streams, each finished game appended to the records at once; the results kept by
//! game number, so that what is reported depends on the games alone, not on the threads, the
//! shards, or how many sittings it took. An SPRT is looked at after fixed numbers of units in
//! unit order, and a Swiss round is paired once the round before it is complete, so both are
//! reproducible too.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::cancel::Cancel;
use crate::engine::{Game, Move, Outcome, Rules};
use crate::error::{Failure, Status};
use crate::lang::spec::MAX_PLAYERS;
use crate::play::player::{Player, PlayerError, seat_rng};
use crate::play::registry::{Agent, AnyPlayer};
use crate::run::rating::{Penta, SprtDecision};
use crate::run::simulate::{GameError, Shard};

use super::file::{Format, Openings, Tournament};
use super::schedule::{Plan, Purpose, Unit, random_opening, swiss_pairing};

/// One finished game: its number, who sat where (agent indices), the scores, the length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub id: u64,
    pub seats: [u8; MAX_PLAYERS],
    pub scores: [u16; MAX_PLAYERS],
    pub players: u8,
    pub plies: u32,
}

impl GameResult {
    pub fn seats(&self) -> &[u8] {
        &self.seats[..self.players as usize]
    }

    pub fn scores(&self) -> &[u16] {
        &self.scores[..self.players as usize]
    }

    /// Each seat's points in sixtieths: an outright win 60, a top score shared by k players
    /// 60/k each, otherwise nothing.
    pub fn points60(&self) -> [u64; MAX_PLAYERS] {
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let k = scores.iter().filter(|&&s| s == best).count() as u64;
        let mut out = [0; MAX_PLAYERS];
        for (i, &s) in scores.iter().enumerate() {
            if s == best {
                out[i] = 60 / k;
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

/// What a whole run gave: the results in game order, the units played, each variant's SPRT,
/// and the Swiss pairings (round by round: the boards, and who had a bye).
#[derive(Debug, Clone)]
pub struct Played {
    pub results: Vec<GameResult>,
    pub units: Vec<Unit>,
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

/// Looks at an SPRT after every `every` units of a variant, in unit order.
struct SprtWatch {
    every: u64,
    done: Vec<Option<Penta>>,
    frontier: usize,
    penta: Penta,
    stopped_at: Option<usize>,
}

/// The state the threads share.
struct Shared<'w> {
    results: Vec<Option<Vec<GameResult>>>,
    watches: Vec<Option<SprtWatch>>,
    /// The records.
    out: Option<&'w mut (dyn Write + Send)>,
    error: Option<PlayError>,
    write_error: Option<std::io::Error>,
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
    let done = AtomicU64::new(0);
    let mut played = Played {
        results: Vec::new(),
        units: Vec::new(),
        sprt: vec![None; t.variants.len()],
        swiss: vec![Vec::new(); t.variants.len()],
        partial: false,
    };
    let fixed: Vec<Unit> = plan
        .fixed_units(t)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % sitting.shard.count() == sitting.shard.index())
        .map(|(_, u)| u)
        .collect();
    match t.format {
        Format::Swiss { rounds } => {
            // The trace's units do not wait: they go with the first round.
            let mut pending = fixed;
            let n = t.participants.len();
            for round in 0..rounds {
                let mut units = std::mem::take(&mut pending);
                for v in 0..t.variants.len() {
                    let (points, met, byes) = swiss_standing(t, v, &played);
                    let label = t.variants[v].rules.spec().label();
                    let (boards, bye) = swiss_pairing(&points, &|a, b| met[a * n + b], &byes)
                        .ok_or(PlayError::Pairing { variant: label, round })?;
                    units.extend(plan.swiss_units(t, v, round, &boards));
                    played.swiss[v].push(SwissRound { boards, bye });
                }
                let batch = execute(t, cast, &units, &sitting, &mut record, &done)?;
                absorb(&mut played, units, batch);
                if played.partial || sitting.cancel.is_cancelled() {
                    played.partial = true;
                    break;
                }
            }
        }
        _ => {
            let batch = execute(t, cast, &fixed, &sitting, &mut record, &done)?;
            absorb(&mut played, fixed, batch);
        }
    }
    if let Some(out) = record {
        out.flush().map_err(PlayError::Record)?;
    }
    played.results.sort_by_key(|r| r.id);
    // The SPRT state of the whole match, as the watch saw it.
    if t.sprt.is_some() {
        played.sprt = sprt_states(t, &played);
    }
    Ok(played)
}

/// A batch's results: per unit, its games (`None` for a unit not played: cut short by an
/// SPRT, or by Ctrl-C).
struct Batch {
    games: Vec<Option<Vec<GameResult>>>,
    partial: bool,
    /// Per variant: the number of its units counted before the SPRT stopped it.
    sprt_cut: Vec<Option<usize>>,
}

fn absorb(played: &mut Played, units: Vec<Unit>, batch: Batch) {
    let mut position = vec![0usize; played.sprt.len()];
    for (u, games) in units.into_iter().zip(batch.games) {
        let p = position[u.variant];
        if u.purpose == Purpose::Main {
            position[u.variant] += 1;
        }
        let cut = batch.sprt_cut[u.variant].is_some_and(|c| u.purpose == Purpose::Main && p >= c);
        if cut {
            continue;
        }
        if let Some(g) = games {
            played.results.extend(g);
            played.units.push(u);
        }
    }
    played.partial |= batch.partial;
}

/// The SPRT of each variant over the units played, as its watch ended.
fn sprt_states(t: &Tournament, played: &Played) -> Vec<Option<SprtState>> {
    let Some((sprt, _)) = &t.sprt else { return vec![None; t.variants.len()] };
    (0..t.variants.len())
        .map(|v| {
            let mut penta = Penta::default();
            for u in played.units.iter().filter(|u| u.variant == v && u.purpose == Purpose::Main) {
                penta_of(u, &played.results, &mut penta);
            }
            let llr = sprt.llr_penta(&penta);
            let (lower, upper) = sprt.bounds();
            let pairs = penta.ll + penta.ld + penta.wl_dd + penta.wd + penta.ww;
            Some(SprtState { llr, lower, upper, pairs, decision: sprt.decision(llr) })
        })
        .collect()
}

/// Adds a two-game unit's pair to `penta`, from the view of its first player.
fn penta_of(u: &Unit, results: &[GameResult], penta: &mut Penta) {
    let find = |id: u64| results.binary_search_by_key(&id, |r| r.id).ok().map(|i| results[i]);
    let (Some(a), Some(b)) = (find(u.first_game), find(u.first_game + 1)) else { return };
    let score = |r: &GameResult| {
        let seat = r.seats().iter().position(|&s| s as usize == u.players[0]).expect("the player sat");
        r.points60()[seat] as f64 / 60.0
    };
    penta.add_pair(score(&a), score(&b));
}

/// A Swiss standing of variant `v` from the rounds played: points in halves (a bye counts as
/// a drawn pairing), who met whom (an n x n table), who had a bye.
fn swiss_standing(t: &Tournament, v: usize, played: &Played) -> (Vec<u64>, Vec<bool>, Vec<bool>) {
    let n = t.participants.len();
    let mut points = vec![0u64; n];
    let mut met = vec![false; n * n];
    let mut byes = vec![false; n];
    for round in &played.swiss[v] {
        for &(a, b) in &round.boards {
            met[a * n + b] = true;
            met[b * n + a] = true;
        }
        if let Some(b) = round.bye {
            byes[b] = true;
            points[b] += t.games;
        }
    }
    let plan = Plan::new(t);
    let games = plan.base[v]..plan.trace_base[v];
    for r in played.results.iter().filter(|r| games.contains(&r.id)) {
        let p = r.points60();
        for (seat, &agent) in r.seats().iter().enumerate() {
            // Halves: 60 sixtieths is 2 halves.
            points[agent as usize] += p[seat] / 30;
        }
    }
    (points, met, byes)
}

/// Plays `units` on the threads.
fn execute(
    t: &Tournament,
    cast: &Cast<'_>,
    units: &[Unit],
    sitting: &Sitting<'_>,
    record: &mut Option<&mut (dyn Write + Send)>,
    done: &AtomicU64,
) -> Result<Batch, PlayError> {
    // Each variant's main units in order, for the SPRT.
    let mut position = vec![usize::MAX; units.len()];
    let mut count = vec![0usize; t.variants.len()];
    for (i, u) in units.iter().enumerate() {
        if u.purpose == Purpose::Main {
            position[i] = count[u.variant];
            count[u.variant] += 1;
        }
    }
    let watches = (0..t.variants.len())
        .map(|v| {
            t.sprt.as_ref().map(|(_, every)| SprtWatch {
                every: *every,
                done: vec![None; count[v]],
                frontier: 0,
                penta: Penta::default(),
                stopped_at: None,
            })
        })
        .collect();
    let shared = Mutex::new(Shared {
        results: vec![None; units.len()],
        watches,
        out: record.take(),
        error: None,
        write_error: None,
    });
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut cache: Vec<Vec<Option<AnyPlayer>>> =
            cast.agents.iter().map(|a| a.iter().map(|_| None).collect()).collect();
        let mut games: Vec<Option<Game<'_>>> = t.variants.iter().map(|_| None).collect();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= units.len() || sitting.cancel.is_cancelled() {
                break;
            }
            let u = &units[i];
            {
                let s = shared.lock().expect("no thread panics holding the results");
                if s.error.is_some() || s.write_error.is_some() {
                    break;
                }
                if let Some(w) = &s.watches[u.variant]
                    && u.purpose == Purpose::Main
                    && w.stopped_at.is_some_and(|c| position[i] >= c)
                {
                    continue;
                }
            }
            let rules = &t.variants[u.variant].rules;
            let game = games[u.variant].get_or_insert_with(|| Game::new(rules, rules.initial_state()));
            match play_unit(t, cast, u, &mut cache[u.variant], game, sitting, &shared) {
                Ok(Some(results)) => {
                    done.fetch_add(results.len() as u64, Ordering::Relaxed);
                    (sitting.progress)(done.load(Ordering::Relaxed));
                    let mut s = shared.lock().expect("no thread panics holding the results");
                    if u.purpose == Purpose::Main
                        && let Some((sprt, _)) = &t.sprt
                        && let Some(w) = s.watches[u.variant].as_mut()
                    {
                        let mut p = Penta::default();
                        penta_of(u, &results, &mut p);
                        w.done[position[i]] = Some(p);
                        while w.frontier < w.done.len()
                            && let Some(p) = w.done[w.frontier]
                        {
                            w.penta.merge(&p);
                            w.frontier += 1;
                            if w.stopped_at.is_none()
                                && (w.frontier as u64).is_multiple_of(w.every)
                                && sprt.decision(sprt.llr_penta(&w.penta)).is_some()
                            {
                                w.stopped_at = Some(w.frontier);
                            }
                        }
                    }
                    s.results[i] = Some(results);
                }
                Ok(None) => break,
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
    let threads = sitting.jobs.clamp(1, units.len().max(1));
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
    let sprt_cut = s.watches.iter().map(|w| w.as_ref().and_then(|w| w.stopped_at)).collect();
    let partial = s.results.iter().enumerate().any(|(i, r)| {
        r.is_none()
            && !(units[i].purpose == Purpose::Main
                && s.watches[units[i].variant]
                    .as_ref()
                    .is_some_and(|w| w.stopped_at.is_some_and(|c| position[i] >= c)))
    });
    Ok(Batch { games: s.results, partial, sprt_cut })
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
    shared: &Mutex<Shared<'_>>,
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
                moves: moves.iter().map(Move::to_string).collect(),
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
    game.restart(rules.initial_state());
    moves.clear();
    for &mv in opening {
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
    };
    for (i, &a) in seats.iter().enumerate() {
        r.seats[i] = a as u8;
        r.scores[i] = scores[i] as u16;
    }
    Ok(Some(r))
}

/// Reads the records of an interrupted run of `t`: the games finished, by number. The header
/// must be this tournament's; a last line cut short by the interruption is left out (and
/// `valid` is the length of the file up to it, so that it can be cut off before appending).
pub fn read_records(
    t: &Tournament,
    text: &str,
    names: &[String],
) -> Result<(HashMap<u64, GameResult>, usize), String> {
    let mut games = HashMap::new();
    let mut lines = text.split_inclusive('\n');
    let Some(first) = lines.next() else { return Err("the file is empty: it holds no header line".into()) };
    let header: RecordHeader = serde_json::from_str(first.trim_end())
        .map_err(|_| "its first line is not the header of a tournament's records".to_string())?;
    let ours = format!("{:016x}", t.fingerprint);
    if header.fingerprint != ours {
        return Err(format!(
            "they belong to another tournament (`{}`, fingerprint {}; this one is `{}`, fingerprint {ours}): its file, its variants or its seed differ",
            header.tournament, header.fingerprint, t.name
        ));
    }
    let mut valid = first.len();
    let plan = Plan::new(t);
    for (i, line) in lines.enumerate() {
        if !line.ends_with('\n') {
            // Cut short by the interruption: played again.
            break;
        }
        let rec: GameRecord = serde_json::from_str(line.trim_end())
            .map_err(|e| format!("line {} is not a game record: {e}", i + 2))?;
        if rec.game >= plan.total_games {
            return Err(format!("line {}: game {} is not a game of this tournament", i + 2, rec.game));
        }
        let mut r = GameResult {
            id: rec.game,
            seats: [0; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            players: rec.players.len() as u8,
            plies: rec.plies,
        };
        if rec.players.len() > MAX_PLAYERS || rec.players.len() != rec.scores.len() {
            return Err(format!("line {}: the players and scores of game {} do not match", i + 2, rec.game));
        }
        for (s, name) in rec.players.iter().enumerate() {
            let a = names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| format!("line {}: `{name}` is not a participant of this tournament", i + 2))?;
            r.seats[s] = a as u8;
            r.scores[s] = rec.scores[s] as u16;
        }
        games.insert(rec.game, r);
        valid += line.len();
    }
    Ok((games, valid))
}

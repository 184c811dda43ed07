//! The server's routes: the page and its files, and a JSON API. Every request is checked: a
//! body too large is refused (413) before it is read, a body that is not the JSON a route
//! expects is a 400 with a sentence, a variant with mistakes gets the checker's located
//! messages (422), a move that cannot be played says why (422), an unknown route is a 404.
//! The routes know nothing of HTTP beyond a method, a path and a body (see `http.rs`).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::cancel::Cancel;
use crate::engine::notation;
use crate::engine::replay::{self, PositionReport};
use crate::engine::{Move, Rules, State, compile};
use crate::lang::check;
use crate::lang::diagnostic::Diagnostics;
use crate::lang::library::{self, VariantFile};
use crate::lang::spec::Spec;
use crate::play::player::{Player as _, game_rng};
use crate::play::registry::{Agent, PlayerSpec};

use super::Site;
use super::catalogue::Catalogue;
use super::runs::{self, Contest, Simulation, Work};
use super::solutions::Unsolved;
use crate::run::simulate::Planned;
use crate::tournament::entrants::entrants;

/// The largest request body read: a variant file is a few kilobytes, a move list of
/// [`MAX_MOVES`] moves some tens.
pub const MAX_BODY: u64 = 1 << 20;

/// The most moves a request may replay.
pub const MAX_MOVES: usize = 20_000;

/// The deepest alpha-beta and the most MCTS simulations a move an agent of the page may take;
/// a move thinks for [`super::Options::move_time`] at most, whatever these say.
const MAX_DEPTH: u32 = 12;
const MAX_SIMULATIONS: u32 = 200_000;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const SIMULATE_SCRIPT: &str = include_str!("assets/simulate.js");
const STYLE: &str = include_str!("assets/style.css");
const ICON: &str = include_str!("assets/favicon.svg");

/// A response before it is sent.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// The connection is closed after it (a body was refused unread).
    pub close: bool,
}

impl Reply {
    fn json(status: u16, value: &impl Serialize) -> Reply {
        let body = serde_json::to_vec(value).expect("a reply serializes");
        Reply { status, content_type: "application/json; charset=utf-8", body, close: false }
    }

    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into() }))
    }

    fn text(content_type: &'static str, text: &str) -> Reply {
        Reply { status: 200, content_type, body: text.as_bytes().to_vec(), close: false }
    }

    fn bytes(content_type: &'static str, body: &[u8]) -> Reply {
        Reply { status: 200, content_type, body: body.to_vec(), close: false }
    }

    /// The same, closing the connection after it.
    pub fn closing(self) -> Reply {
        Reply { close: true, ..self }
    }
}

/// The answer to a body larger than [`MAX_BODY`].
pub fn too_large() -> Reply {
    Reply::error(413, format!("the request is larger than {MAX_BODY} bytes"))
}

/// The methods the routes tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Delete,
    Other,
}

impl Method {
    pub fn of(name: &str) -> Method {
        match name {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            "DELETE" => Method::Delete,
            _ => Method::Other,
        }
    }
}

/// What answering a request costs, and so where it is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Next to nothing (the page's files, the list of variants, a run's state, a refusal):
    /// answered at once, whatever else is under way.
    Now,
    /// A variant checked, moves replayed: in turn with the others of its kind.
    Works,
    /// An agent, a hint, a run started (which may solve the variant for a `perfect` seat):
    /// refused when as many think already.
    Thinks,
}

pub fn weight(method: Method, path: &str) -> Weight {
    match (method, path) {
        (Method::Post, "/api/agent" | "/api/hint" | "/api/runs" | "/api/tournaments") => Weight::Thinks,
        (Method::Post, "/api/game" | "/api/check" | "/api/describe" | "/api/diff") => Weight::Works,
        _ => Weight::Now,
    }
}

/// Answers one request; never panics on what it was sent (a panic in a route is answered
/// 500 and the server goes on). `cancel` is set when the client has gone.
pub fn answer(site: &Site, method: Method, path: &str, body: &[u8], cancel: &Cancel) -> Reply {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(site, method, path, body, cancel)))
        .unwrap_or_else(|_| Reply::error(500, "the server failed on this request"))
}

fn route(site: &Site, method: Method, path: &str, body: &[u8], cancel: &Cancel) -> Reply {
    let get = matches!(method, Method::Get | Method::Head);
    let post = matches!(method, Method::Post);
    let catalogue = &site.catalogue;
    if let Some(id) = path.strip_prefix("/api/runs/") {
        let (id, file) = match id.split_once('/') {
            Some((id, file)) => (id, Some(file)),
            None => (id, None),
        };
        let Some(id) = id.parse::<u64>().ok().filter(|&n| n > 0) else {
            return Reply::error(404, format!("there is no run `{id}`: runs are numbered from 1"));
        };
        let gone = || {
            Reply::error(
                404,
                format!(
                    "there is no run {id}: its results are kept for the last {} runs, and lost when the server restarts",
                    runs::MAX_KEPT
                ),
            )
        };
        if let Some(file) = file {
            return match (method, site.runs.file(id, file)) {
                (Method::Get | Method::Head, Some(Ok((kind, text)))) => Reply::text(kind, &text),
                (Method::Get | Method::Head, Some(Err(why))) => Reply::error(404, why),
                (Method::Get | Method::Head, None) => gone(),
                _ => Reply::error(405, format!("{path} is read with GET")),
            };
        }
        return match method {
            Method::Get | Method::Head => site.runs.status(id, |s| Reply::json(200, s)).unwrap_or_else(gone),
            Method::Delete if site.runs.cancel(id) => {
                site.runs.status(id, |s| Reply::json(200, s)).unwrap_or_else(gone)
            }
            Method::Delete => gone(),
            _ => Reply::error(405, format!("{path} is read with GET, or cancelled with DELETE")),
        };
    }
    match path {
        "/" | "/index.html" if get => Reply::text("text/html; charset=utf-8", INDEX),
        "/app.js" if get => Reply::text("text/javascript; charset=utf-8", SCRIPT),
        "/simulate.js" if get => Reply::text("text/javascript; charset=utf-8", SIMULATE_SCRIPT),
        "/style.css" if get => Reply::text("text/css; charset=utf-8", STYLE),
        // Browsers ask for `/favicon.ico` whatever the page links: both are the icon.
        "/favicon.svg" | "/favicon.ico" if get => Reply::text("image/svg+xml", ICON),
        "/api/variants" if get => Reply::bytes("application/json; charset=utf-8", &site.variants),
        "/api/game" if post => with(body, |r: GameRequest| game(site, &r)),
        "/api/agent" if post => with(body, |r: AgentRequest| agent(site, &r, cancel)),
        "/api/hint" if post => with(body, |r: HintRequest| hint(site, &r, cancel)),
        "/api/check" if post => with(body, |r: CheckRequest| check_text(&r)),
        "/api/describe" if post => with(body, |r: VariantRequest| describe(catalogue, &r)),
        "/api/runs" if post => with(body, |r: SimulateRequest| simulate(site, &r, cancel)),
        "/api/tournaments" if post => with(body, |r: TournamentRequest| tournament(site, &r, cancel)),
        "/api/diff" if post => with(body, |r: DiffRequest| diff(catalogue, &r)),
        "/" | "/index.html" | "/app.js" | "/simulate.js" | "/style.css" | "/favicon.svg" | "/favicon.ico"
        | "/api/variants" => Reply::error(405, format!("{path} is read with GET")),
        "/api/game" | "/api/agent" | "/api/hint" | "/api/check" | "/api/describe" | "/api/diff"
        | "/api/runs" => Reply::error(405, format!("{path} takes a POST of JSON")),
        _ => Reply::error(404, format!("there is no page {path}")),
    }
}

/// Reads the body as `T` and answers with `f`.
fn with<T: for<'de> Deserialize<'de>>(body: &[u8], f: impl FnOnce(T) -> Reply) -> Reply {
    match serde_json::from_slice::<T>(body) {
        Ok(request) => f(request),
        Err(e) => Reply::error(400, format!("the request is not the JSON this route takes: {e}")),
    }
}

/// A variant named by key (bundled or given on the command line) or sent as a text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
    #[serde(default)]
    position: Option<PositionRequest>,
    #[serde(default)]
    moves: Vec<String>,
}

/// A position set up by hand, the game's moves played from it: written as `sow play
/// --position SEEDS --to-move P` takes them, with what each player holds off the board (their
/// store, their hand, or the seeds they have captured), `0,3`, as the library's positions of
/// games of rounds take it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    pits: String,
    #[serde(default)]
    held: Option<String>,
    #[serde(default)]
    to_move: Option<usize>,
    /// What else a position holds, where the variant has it: the pits (from 1) each of two
    /// players has claimed, `[[], [7]]`; the pits out of play and the rounds over, in a game
    /// of rounds; whether each big stone is on its end place, and the big stones each player
    /// has taken. Read as the position report (`/api/game`) writes them.
    #[serde(default)]
    claimed: Option<Vec<Vec<usize>>>,
    #[serde(default)]
    out_of_play: Option<Vec<usize>>,
    #[serde(default)]
    rounds_over: Option<u32>,
    #[serde(default)]
    in_place: Option<[bool; 2]>,
    #[serde(default)]
    taken: Option<[u8; 2]>,
}

/// The longest text of a position's pits or holdings read: 1,024 pits of three digits.
const MAX_POSITION_TEXT: usize = 4096;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
    #[serde(default)]
    position: Option<PositionRequest>,
    #[serde(default)]
    moves: Vec<String>,
    player: String,
    #[serde(default)]
    seed: u64,
}

/// A simulation: variants, one player for every seat (or one for all), games and a seed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SimulateRequest {
    variants: Vec<VariantRequest>,
    players: Vec<String>,
    games: u64,
    #[serde(default = "one")]
    seed: u64,
}

fn one() -> u64 {
    1
}

/// A tournament file's text, as `sow tournament` reads one; its variants are those the page
/// offers, named by key.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentRequest {
    text: String,
}

/// Hints for the player to move: from perfect play where the page can solve the variant,
/// else (or when asked, `alphabeta:D`) from a search.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
    #[serde(default)]
    position: Option<PositionRequest>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    by: Option<String>,
}

/// A variant and another to compare it with, each named or sent as a [`VariantRequest`] is.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiffRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
    against: VariantRequest,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    source: String,
}

/// One located message, as the page shows it.
#[derive(Serialize)]
struct Message {
    severity: &'static str,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    /// The message as the command line prints it: the line, the text underlined, notes.
    rendered: String,
}

fn messages(d: &Diagnostics) -> Vec<Message> {
    d.0.iter()
        .map(|m| {
            let at = m.line_col();
            Message {
                severity: m.severity.name(),
                message: m.message.clone(),
                line: at.map(|a| a.0),
                column: at.map(|a| a.1),
                rendered: m.to_string(),
            }
        })
        .collect()
}

/// The reply to a variant with mistakes.
fn mistakes(d: &Diagnostics) -> Reply {
    Reply::json(422, &json!({ "error": "the variant has mistakes", "diagnostics": messages(d) }))
}

/// The variant a request names by key, or sends as a text, checked with its ruleset.
fn spec_of(
    catalogue: &Catalogue,
    variant: Option<&str>,
    source: Option<&str>,
    ruleset: Option<&str>,
) -> Result<(VariantFile, Spec), Reply> {
    let file = match (variant, source) {
        (Some(key), None) => match catalogue.get(key) {
            Some(entry) => entry.file.clone(),
            None => return Err(Reply::error(422, format!("there is no variant `{key}` here"))),
        },
        (None, Some(text)) => library::load_text("the editor", text).map_err(|d| mistakes(&d))?,
        _ => return Err(Reply::error(400, "name a variant (`variant`) or send one (`source`), not both")),
    };
    let (spec, _) = check::check(&file, ruleset).map_err(|d| mistakes(&d))?;
    Ok((file, spec))
}

/// The rules of the variant a request names.
fn rules_of(
    catalogue: &Catalogue,
    variant: Option<&str>,
    source: Option<&str>,
    ruleset: Option<&str>,
) -> Result<Rules, Reply> {
    spec_of(catalogue, variant, source, ruleset).map(|(_, spec)| compile(&spec))
}

/// Where a game starts: the variant's start, or a position set up, checked as `sow play`
/// checks `--position` and `--to-move` (422 and a sentence naming the part that is wrong).
fn start_of(rules: &Rules, position: Option<&PositionRequest>) -> Result<State, Reply> {
    let Some(p) = position else { return Ok(rules.initial_state()) };
    let wrong = |part: &str, e: &dyn std::fmt::Display| Reply::error(422, format!("{part}: {e}"));
    for (part, text) in [("pits", Some(&p.pits)), ("held", p.held.as_ref())] {
        if let Some(text) = text.filter(|t| t.len() > MAX_POSITION_TEXT) {
            return Err(Reply::error(
                422,
                format!("{part}: a position is at most {MAX_POSITION_TEXT} characters, not {}", text.len()),
            ));
        }
    }
    let pits = notation::parse_seeds(&p.pits).map_err(|e| wrong("pits", &e))?;
    let to_move = match p.to_move {
        None => rules.spec().first_player as usize,
        Some(n) => n.checked_sub(1).ok_or_else(|| {
            wrong(
                "to move",
                &crate::engine::PositionError::NoSuchPlayer { given: 0, players: rules.players() },
            )
        })?,
    };
    let blame = |e: crate::engine::PositionError| match e {
        crate::engine::PositionError::NoSuchPlayer { .. } => wrong("to move", &e),
        crate::engine::PositionError::NotInRound => wrong(
            "held",
            &format!("what the players hold off the board is one count a player, {} here", rules.players()),
        ),
        _ => wrong("pits", &e),
    };
    let spec = rules.spec();
    let n = rules.pits();
    // Pits (from 1) as a mask, each a pit of the board.
    let mask = |part: &str, pits: &[usize]| -> Result<u64, Reply> {
        pits.iter().try_fold(0u64, |m, &q| match q {
            1.. if q <= n => Ok(m | 1 << (q - 1)),
            _ => Err(wrong(part, &format!("there is no pit {q}: pits are numbered 1 to {n}"))),
        })
    };
    let rounds = p.out_of_play.is_some() || p.rounds_over.is_some();
    if rounds && spec.rounds.is_none() {
        return Err(wrong(
            "rounds",
            &format!("{} is played in one round: no pit is out of play", spec.label()),
        ));
    }
    let out = mask("out of play", p.out_of_play.as_deref().unwrap_or_default())?;
    if let Some(q) = (0..n).find(|&q| out >> q & 1 != 0 && pits.get(q).is_some_and(|&k| k > 0)) {
        return Err(wrong(
            "out of play",
            &format!("pit {} holds {} seeds, and a pit out of play is empty", q + 1, pits[q]),
        ));
    }
    let held = match p.held.as_deref().filter(|t| !t.trim().is_empty()) {
        None => None,
        Some(text) => Some(
            notation::parse_seeds(text)
                .map_err(|e| wrong("held", &e))?
                .into_iter()
                .map(u16::from)
                .collect::<Vec<u16>>(),
        ),
    };
    let mut state = match held {
        None if !rounds => rules.state_from(&pits, to_move).map_err(blame)?,
        held => {
            let held = held.unwrap_or_else(|| vec![0; rules.players()]);
            let over = p.rounds_over.unwrap_or(0);
            rules.state_in_round(&pits, &held, to_move, out, false, over).map_err(blame)?
        }
    };
    if let Some(claimed) = &p.claimed {
        if !spec.claims_pits() {
            return Err(wrong("claimed", &format!("no rule of {} claims pits", spec.label())));
        }
        let [first, second] = claimed.as_slice() else {
            return Err(wrong("claimed", &"the pits each of the two players has claimed: two lists"));
        };
        let masks = [mask("claimed", first)?, mask("claimed", second)?];
        let (both, out_claimed) = (masks[0] & masks[1], (masks[0] | masks[1]) & out);
        if let Some(q) = (0..n).find(|&q| both >> q & 1 != 0) {
            return Err(wrong("claimed", &format!("pit {} is claimed by both players", q + 1)));
        }
        if let Some(q) = (0..n).find(|&q| out_claimed >> q & 1 != 0) {
            return Err(wrong("claimed", &format!("pit {} is out of play, and cannot be claimed", q + 1)));
        }
        state = rules.with_claims(state, masks).map_err(|e| wrong("claimed", &e))?;
    }
    if p.in_place.is_some() || p.taken.is_some() {
        if !spec.stones.big_stones {
            return Err(wrong("big stones", &format!("{} has no big stones", spec.label())));
        }
        let (in_place, taken) = (p.in_place.unwrap_or([false; 2]), p.taken.unwrap_or([0; 2]));
        state = rules.with_stones(state, in_place, taken).map_err(|_| {
            wrong(
                "big stones",
                &"there are two, one a player: each is on its owner's end place, taken by a player, or gone",
            )
        })?;
    }
    Ok(state)
}

/// The moves of a request played from `start`: the position reached, or why a move cannot
/// be played.
fn replayed(
    rules: &Rules,
    start: State,
    moves: &[String],
) -> Result<(State, Vec<Move>, Vec<replay::Step>), Reply> {
    if moves.len() > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!("at most {MAX_MOVES} moves are replayed, not {}", moves.len()),
        ));
    }
    // A refused move says how many moves before it were played (`played`): the page keeps
    // them, and the position they reach.
    let refused = |played: usize, why: String| Reply::json(422, &json!({ "error": why, "played": played }));
    let parsed = moves
        .iter()
        .enumerate()
        .map(|(i, m)| notation::parse_move_for(rules, m, Some(i + 1)).map_err(|e| refused(i, e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let steps = replay::replay(rules, start, &parsed)
        .map_err(|e| refused(e.ply.saturating_sub(start.plies() + 1) as usize, e.to_string()))?;
    let end = steps.last().map_or(start, |s| s.after);
    Ok((end, parsed, steps))
}

/// How the page draws a board: its rows top to bottom as player 1 sees them (pit numbers
/// from 1), who owns each pit, whether there are stores, and whether the seeds off the board
/// start in the players' hands (else they are the seeds captured).
#[derive(Serialize)]
struct Layout {
    rows: Vec<Vec<usize>>,
    owners: Vec<u8>,
    stores: bool,
    hands: bool,
    players: usize,
}

fn layout(rules: &Rules) -> Layout {
    let spec = rules.spec();
    Layout {
        rows: spec
            .geometry()
            .drawn_rows()
            .into_iter()
            .map(|row| row.into_iter().map(|p| p + 1).collect())
            .collect(),
        owners: spec.owners.iter().map(|&o| o + 1).collect(),
        stores: spec.stores,
        hands: spec.hand_seeds > 0,
        players: rules.players(),
    }
}

/// Each player's end place (a pit from 1) and the big stones, where the variant has them:
/// where they are and how many each player has taken.
fn stones(spec: &Spec, state: &State) -> serde_json::Value {
    let Some(end) = spec.stones.end_place else { return json!(null) };
    let k = spec.pits_per_row as usize;
    let places: Vec<usize> = (0..spec.players.min(2))
        .filter_map(|p| {
            let row = crate::lang::phases::seat_row(&spec.owners, p);
            end.index(k).and_then(|i| row.get(i)).map(|&q| q + 1)
        })
        .collect();
    let big = spec.stones.big_stones;
    json!({
        "end_places": places,
        "big_stones": big,
        "in_place": if big { json!(state.stones_in_place()) } else { json!(null) },
        "taken": if big { json!(state.stones_won()) } else { json!(null) },
    })
}

fn game(site: &Site, r: &GameRequest) -> Reply {
    let catalogue = &site.catalogue;
    let rules = match rules_of(catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
        Ok(rules) => rules,
        Err(reply) => return reply,
    };
    let start = match start_of(&rules, r.position.as_ref()) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let (state, parsed, steps) = match replayed(&rules, start, &r.moves) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    // The last move with what it did and the position before it: the page animates it.
    let last = steps.last().map(|s| {
        let before = steps.len().checked_sub(2).map_or(start, |i| steps[i].after);
        json!({
            "player": s.player + 1,
            "move": r.moves.last(),
            "text": replay::describe_step(s),
            "path": path(s),
            "before": PositionReport::new(&rules, &before),
        })
    });
    // As the notation writes them (`3` for a pit sowing its one way, whatever was sent).
    let moves: Vec<String> = parsed.iter().map(Move::to_string).collect();
    // A move played while the one before it waited for its mover's choice is that choice:
    // records write the turn whole (`13/9`), as `sow simulate --record` does.
    let choices: Vec<bool> = (0..steps.len())
        .map(|i| {
            let before = if i == 0 { start } else { steps[i - 1].after };
            before.pending().is_some()
        })
        .collect();
    let turns: Vec<String> =
        notation::turns(&rules, start, &parsed).iter().map(ToString::to_string).collect();
    let spec = rules.spec();
    Reply::json(
        200,
        &json!({
            "name": spec.name,
            "ruleset": spec.ruleset,
            "layout": layout(&rules),
            "moves": moves,
            // Who made each move (from 1): undo goes back past an agent's replies.
            "movers": steps.iter().map(|s| s.player + 1).collect::<Vec<_>>(),
            // Whether each move is a choice within the move before it, and the moves as turns.
            "choices": choices,
            "turns": turns,
            "last": last,
            "status": replay::describe_status(&rules, &state),
            "position": PositionReport::new(&rules, &state),
            "stones": stones(spec, &state),
            // Why a `perfect` seat is not offered (too large, rules a table cannot value, a
            // solve that failed before), or null.
            "perfect_refused": site.solutions.refusal(&rules),
        }),
    )
}

/// A place of the board as the API writes it: a pit's number from 1, or `"S1"` for player 1's
/// store (as `sow play` narrates a seed sown into a store).
fn place(pos: usize, pits: usize) -> serde_json::Value {
    if pos < pits { json!(pos + 1) } else { json!(format!("S{}", pos - pits + 1)) }
}

/// What a move did, in the order it did it, as the engine recorded it: where its seeds were
/// lifted from (a pit, or the mover's hand), each seed sown, and the relays and captures with
/// how many seeds had been sown when each was made.
fn path(step: &replay::Step) -> serde_json::Value {
    let (s, r) = (&step.summary, &step.record);
    let pits = step.after.pits().len();
    // Seeds moved without sowing (an opening's move, a seed of a rearrangement: `7/10` names
    // the pit it goes to) leave the pit they were moved from.
    let (from, lifted) = if let Some((pit, _, seeds)) = r.transfer {
        (json!(pit + 1), seeds)
    } else if s.mv.is_pass() {
        (json!(null), s.lifted)
    } else if s.mv.hand() > 0 || r.placed {
        (json!("hand"), s.lifted)
    } else {
        (json!(s.mv.pit() + 1), s.lifted)
    };
    let captures: Vec<_> = r
        .captures
        .iter()
        .zip(&r.capture_at)
        .map(|(&(pit, seeds), &at)| json!({ "pit": place(pit, pits), "seeds": seeds, "at": at }))
        .collect();
    let relays: Vec<_> = r
        .relays
        .iter()
        .map(|&(at, pit, seeds)| json!({ "pit": place(pit, pits), "seeds": seeds, "at": at }))
        .collect();
    json!({
        "from": from,
        "lifted": lifted,
        "sown": r.sown.iter().map(|&p| place(p, pits)).collect::<Vec<_>>(),
        "captures": captures,
        "relays": relays,
    })
}

/// The agents the page may ask for: none that reads a file.
fn agent_spec(name: &str) -> Result<PlayerSpec, String> {
    let (kind, arg) = name.split_once(':').unwrap_or((name, ""));
    let number = |max: u32| -> Result<(), String> {
        match arg {
            "" => Ok(()),
            a => match a.parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) => Ok(()),
                _ => Err(format!("`{name}`: expected a number from 1 to {max} after `{kind}:`")),
            },
        }
    };
    match kind {
        "random" | "greedy" | "perfect" if arg.is_empty() => {}
        "alphabeta" => number(MAX_DEPTH)?,
        "mcts" => number(MAX_SIMULATIONS)?,
        _ => {
            return Err(format!(
                "`{name}` is not a player the page offers: random, greedy, alphabeta:D (D up to {MAX_DEPTH}), mcts:N (N up to {MAX_SIMULATIONS}) or perfect"
            ));
        }
    }
    PlayerSpec::parse(name, false).map_err(|e| e.to_string())
}

/// Why an agent could not be readied: a status and a sentence.
struct NotReady {
    status: u16,
    message: String,
}

impl std::fmt::Display for NotReady {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Unsolved> for NotReady {
    fn from(u: Unsolved) -> NotReady {
        NotReady { status: u.status(), message: u.message() }
    }
}

/// `spec` ready to play `rules`: a perfect player gets the table the server keeps.
fn prepared(site: &Site, spec: &PlayerSpec, rules: &Rules, cancel: &Cancel) -> Result<Agent, NotReady> {
    let mut solved = None;
    if spec.solves() {
        solved = Some(site.solutions.get(rules, cancel)?);
    }
    spec.prepare(rules, &mut solved, cancel).map_err(|e| NotReady { status: 422, message: e.to_string() })
}

fn agent(site: &Site, r: &AgentRequest, cancel: &Cancel) -> Reply {
    let rules =
        match rules_of(&site.catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
            Ok(rules) => rules,
            Err(reply) => return reply,
        };
    let spec = match agent_spec(&r.player) {
        Ok(s) => s,
        Err(e) => return Reply::error(422, e),
    };
    let start = match start_of(&rules, r.position.as_ref()) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let (state, _, _) = match replayed(&rules, start, &r.moves) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    if state.is_over() {
        return Reply::error(422, "the game is over: there is no move to play");
    }
    let agent = match prepared(site, &spec, &rules, cancel) {
        Ok(a) => a,
        Err(e) => return Reply::error(e.status, e.message),
    };
    // A search plays its best move so far when its time is up.
    let mut player = agent.new_player(cancel).with_move_time(site.options.move_time);
    let mut rng = game_rng(r.seed, r.moves.len() as u64);
    match player.choose(&rules, &state, &mut rng) {
        Ok(mv) => Reply::json(200, &json!({ "move": mv.to_string(), "player": agent.name() })),
        Err(crate::play::player::PlayerError::Cancelled) => Reply::error(503, "the request was stopped"),
        Err(e) => Reply::error(422, e.to_string()),
    }
}

/// The messages `sow check` gives a text: of the variant, and of each of its rulesets.
fn check_text(r: &CheckRequest) -> Reply {
    let file = match library::load_text("the editor", &r.source) {
        Ok(f) => f,
        Err(d) => return Reply::json(200, &json!({ "ok": false, "diagnostics": messages(&d) })),
    };
    let found = check::check_all(&file);
    Reply::json(
        200,
        &json!({ "ok": !found.has_errors(), "name": file.name(), "diagnostics": messages(&found) }),
    )
}

fn describe(catalogue: &Catalogue, r: &VariantRequest) -> Reply {
    let (file, spec) =
        match spec_of(catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
            Ok(x) => x,
            Err(reply) => return reply,
        };
    let rulesets = file.ruleset_names();
    // The page has its own list of rulesets: the command line's way of choosing one is not said.
    let text = crate::lang::describe::describe(&spec, &rulesets)
        .replace("(choose one with --ruleset NAME)", "(chosen in the Ruleset list above)");
    Reply::json(200, &json!({ "name": spec.name, "text": text }))
}

/// Starts a simulation (202 and its number), after checking everything a run checks before
/// its first game: the variants, the players, the seats, the number of games, a ply limit.
fn simulate(site: &Site, r: &SimulateRequest, cancel: &Cancel) -> Reply {
    if r.variants.is_empty() || r.variants.len() > runs::MAX_VARIANTS {
        return Reply::error(
            422,
            format!("a run plays 1 to {} variants, not {}", runs::MAX_VARIANTS, r.variants.len()),
        );
    }
    if !(1..=runs::MAX_GAMES).contains(&r.games) {
        return Reply::error(
            422,
            format!("a run plays 1 to {} games a variant, not {}", runs::MAX_GAMES, r.games),
        );
    }
    let specs = match r.players.iter().map(|p| agent_spec(p)).collect::<Result<Vec<_>, _>>() {
        Ok(s) => s,
        Err(e) => return Reply::error(422, e),
    };
    let mut variants: Vec<Planned> = Vec::new();
    for v in &r.variants {
        let rules = match rules_of(
            &site.catalogue,
            v.variant.as_deref(),
            v.source.as_deref(),
            v.ruleset.as_deref(),
        ) {
            Ok(rules) => rules,
            Err(reply) => return reply,
        };
        if variants.iter().any(|p| p.rules.spec().label() == rules.spec().label()) {
            return Reply::error(422, format!("`{}` is named twice", rules.spec().label()));
        }
        let chosen = match crate::run::simulate::seat_players(&specs, &rules) {
            Ok(chosen) => chosen,
            Err(e) => return Reply::error(422, e.to_string()),
        };
        let agents =
            match chosen.iter().map(|p| prepared(site, p, &rules, cancel)).collect::<Result<Vec<_>, _>>() {
                Ok(a) => a,
                Err(e) => return Reply::error(e.status, e.message),
            };
        let reference = v.variant.clone().unwrap_or_else(|| "the editor".to_string());
        let planned = Planned::new(reference, rules, agents);
        if let Err(e) = planned.job().check() {
            return Reply::error(422, e.to_string());
        }
        variants.push(planned);
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    match site.runs.start(Work::Simulation(Simulation { variants, games: r.games, seed: r.seed }), threads) {
        Ok(id) => Reply::json(202, &json!({ "id": id, "games": r.games * r.variants.len() as u64 })),
        Err(e) => Reply::error(429, e.to_string()),
    }
}

/// The search of hints where perfect play is not at hand.
const HINT_DEPTH: u32 = 8;

fn hint(site: &Site, r: &HintRequest, cancel: &Cancel) -> Reply {
    let rules =
        match rules_of(&site.catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
            Ok(rules) => rules,
            Err(reply) => return reply,
        };
    let start = match start_of(&rules, r.position.as_ref()) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let (state, _, _) = match replayed(&rules, start, &r.moves) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    let Some(mover) = state.to_move() else {
        return Reply::error(422, "the game is over: there is no move to hint");
    };
    // Perfect play unless a search is asked for; a search where the page cannot solve.
    let depth = match r.by.as_deref() {
        None | Some("perfect") => None,
        Some(by) => match by.strip_prefix("alphabeta:").and_then(|d| d.parse::<u32>().ok()) {
            Some(d) if (1..=MAX_DEPTH).contains(&d) => Some(d),
            _ => {
                return Reply::error(
                    422,
                    format!(
                        "`{by}`: hints come from `perfect` play or a search, `alphabeta:D` with D from 1 to {MAX_DEPTH}"
                    ),
                );
            }
        },
    };
    let time = site.options.move_time;
    let (by, why_not, mut values): (String, Option<String>, Vec<(Move, i32)>) = match depth {
        None => match site.solutions.get(&rules, cancel) {
            Ok(table) => {
                let values: Vec<(Move, i32)> =
                    table.move_values(&rules, &state).iter().map(|m| (m.mv, m.value)).collect();
                if values.is_empty() {
                    // A position set up off the table (more seeds than the start, or none it
                    // reaches): a search instead, saying why.
                    let why = "the position is not among those solved from the start".to_string();
                    match searched(&rules, &state, HINT_DEPTH, site.options.move_time, cancel) {
                        Some((values, reached)) => (format!("alphabeta:{reached}"), Some(why), values),
                        None => return Reply::error(503, "the request was stopped"),
                    }
                } else {
                    ("perfect".to_string(), None, values)
                }
            }
            Err(Unsolved::Stopped) => return Reply::error(503, "the request was stopped"),
            Err(why) if r.by.is_some() => return Reply::error(why.status(), why.message()),
            Err(why) => match searched(&rules, &state, HINT_DEPTH, time, cancel) {
                Some((values, reached)) => (format!("alphabeta:{reached}"), Some(why.message()), values),
                None => return Reply::error(503, "the request was stopped"),
            },
        },
        Some(d) => match searched(&rules, &state, d, time, cancel) {
            Some((values, reached)) => (format!("alphabeta:{reached}"), None, values),
            None => return Reply::error(503, "the request was stopped"),
        },
    };
    values.sort_by_key(|&(mv, v)| (-v, mv));
    let best = values.first().map_or(0, |&(_, v)| v);
    let moves: Vec<_> = values
        .iter()
        .map(|&(mv, value)| json!({ "move": mv.to_string(), "value": value, "best": value == best }))
        .collect();
    Reply::json(
        200,
        &json!({
            "by": by,
            // Perfect play: the margin of the seeds still to be won, with best play on both
            // sides; a search: seeds gained ahead by its depth, as the search judges them.
            "exact": by == "perfect",
            "player": mover + 1,
            "moves": moves,
            "perfect_refused": why_not,
        }),
    )
}

/// Every legal move's value for the player to move, searched `depth` plies deep (less, when
/// `time` runs out first), and the depth searched; `None` when the search was cancelled.
fn searched(
    rules: &Rules,
    state: &State,
    depth: u32,
    time: Duration,
    cancel: &Cancel,
) -> Option<(Vec<(Move, i32)>, u32)> {
    crate::play::search::AlphaBetaPlayer::new(depth, cancel.clone())
        .with_move_time(Some(time))
        .searched_values(rules, state)
}

/// The rules that differ between two variants, as `sow diff A B --format json` gives them,
/// with each variant's title.
fn diff(catalogue: &Catalogue, r: &DiffRequest) -> Reply {
    let spec = |v: Option<&String>, s: Option<&String>, rs: Option<&String>| {
        spec_of(catalogue, v.map(String::as_str), s.map(String::as_str), rs.map(String::as_str))
            .map(|(_, spec)| spec)
    };
    let o = &r.against;
    let (a, b) = match (
        spec(r.variant.as_ref(), r.source.as_ref(), r.ruleset.as_ref()),
        spec(o.variant.as_ref(), o.source.as_ref(), o.ruleset.as_ref()),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(reply), _) | (_, Err(reply)) => return reply,
    };
    let named = |s: &Spec| json!({ "variant": s.name, "ruleset": s.ruleset, "title": crate::lang::describe::title(s) });
    // The rules' words as `sow diff` gives them, and beside them (`words`, one a rule) the
    // two texts compared word by word.
    let differences = crate::lang::diff::differences(&a, &b);
    let words: Vec<serde_json::Value> = differences
        .iter()
        .map(|d| {
            let (a, b) = super::words::compare(&d.a, &d.b);
            json!({ "a": a, "b": b })
        })
        .collect();
    Reply::json(200, &json!({ "a": named(&a), "b": named(&b), "differences": differences, "words": words }))
}

/// Starts a tournament (202 and its number) once its text is right: the mistakes are located
/// as `sow tournament` locates them (422); its participants must be players the page offers.
fn tournament(site: &Site, r: &TournamentRequest, cancel: &Cancel) -> Reply {
    use crate::lang::diagnostic::{Diagnostic, SourceFile};
    use crate::tournament::file::{self, Variants};
    let catalogue = &site.catalogue;
    let find = |name: &str| match catalogue.get(name) {
        Some(entry) => Ok(entry.file.clone()),
        None => Err(Diagnostics::from(Diagnostic::error(format!(
            "there is no variant `{name}` here: a tournament on the page names the variants it lists, by key (`bakuk`, `bakuk:valdez`)"
        )))),
    };
    let text = SourceFile::new("the tournament".to_string(), r.text.clone());
    let t = match file::check_text(text, Variants::Named(&find), &[]) {
        Ok(t) => t,
        Err(d) => {
            return Reply::json(
                422,
                &json!({ "error": "the tournament has mistakes", "diagnostics": messages(&d) }),
            );
        }
    };
    for p in &t.participants {
        if let Err(e) = agent_spec(&p.agent.name()) {
            return Reply::error(422, format!("participant `{}`: {e}", p.name));
        }
    }
    let levels = crate::tournament::schedule::trace_counts(&t);
    if let Some(&n) = levels.iter().find(|&&n| n > u64::from(MAX_SIMULATIONS)) {
        return Reply::error(
            422,
            format!(
                "skill_trace: mcts:{n} is more than the page's players think ({MAX_SIMULATIONS} simulations at most)"
            ),
        );
    }
    let games = crate::tournament::schedule::Plan::new(&t).total_games;
    if games > runs::MAX_GAMES {
        return Reply::error(
            422,
            format!(
                "the tournament plays {games} games: a run on the page plays at most {}",
                runs::MAX_GAMES
            ),
        );
    }
    // The page's cache of solutions serves every variant; the one shared by a variant's
    // players is not needed.
    let entrants = match entrants(&t, |spec, rules, _| prepared(site, spec, rules, cancel)) {
        Ok(e) => e,
        Err(e) => return Reply::error(e.error.status, e.to_string()),
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    match site.runs.start(Work::Tournament(Box::new(Contest { tournament: t, entrants })), threads) {
        Ok(id) => Reply::json(202, &json!({ "id": id, "games": games })),
        Err(e) => Reply::error(429, e.to_string()),
    }
}

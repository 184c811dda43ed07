//! The server's routes: the page and its files, and a JSON API. Every request is checked: a
//! body too large is refused (413) before it is read whole, a body that is not the JSON a
//! route expects is a 400 with a sentence, a variant with mistakes gets the checker's located
//! messages (422), a move that cannot be played says why (422), an unknown route is a 404.

use std::io::Read as _;

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::cancel::Cancel;
use crate::engine::notation;
use crate::engine::replay::{self, PositionReport};
use crate::engine::{Move, Rules, State, compile};
use crate::lang::check;
use crate::lang::diagnostic::{Diagnostics, Severity};
use crate::lang::library::{self, VariantFile};
use crate::lang::spec::Spec;
use crate::play::player::{Player as _, game_rng};
use crate::play::registry::PlayerSpec;

use super::catalogue::Catalogue;

/// The largest request body read: a variant file is a few kilobytes, a move list of
/// [`MAX_MOVES`] moves some tens.
pub const MAX_BODY: u64 = 1 << 20;

/// The most moves a request may replay.
pub const MAX_MOVES: usize = 20_000;

/// The deepest alpha-beta and the most MCTS simulations a move an agent of the page may take:
/// seconds of thinking at most.
const MAX_DEPTH: u32 = 12;
const MAX_SIMULATIONS: u32 = 200_000;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// A response before it is sent.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &impl Serialize) -> Reply {
        let body = serde_json::to_vec(value).expect("a reply serializes");
        Reply { status, content_type: "application/json; charset=utf-8", body }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into() }))
    }

    fn text(content_type: &'static str, text: &str) -> Reply {
        Reply { status: 200, content_type, body: text.as_bytes().to_vec() }
    }
}

/// Answers one request; never panics on what it was sent (a panic in a route is answered
/// 500 and the server goes on).
pub fn answer(catalogue: &Catalogue, mut request: tiny_http::Request, cancel: &Cancel) {
    let method = request.method().clone();
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("/").to_string();
    let reply = match read_body(&mut request) {
        Err(reply) => reply,
        Ok(body) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            route(catalogue, &method, &path, &body, cancel)
        }))
        .unwrap_or_else(|_| Reply::error(500, "the server failed on this request")),
    };
    let header = tiny_http::Header::from_bytes("Content-Type", reply.content_type).expect("a valid header");
    let response =
        tiny_http::Response::from_data(reply.body).with_status_code(reply.status).with_header(header);
    // The page may have gone away: nothing to do about a failed write.
    let _ = request.respond(response);
}

/// The body, if it is at most [`MAX_BODY`] bytes.
fn read_body(request: &mut tiny_http::Request) -> Result<Vec<u8>, Reply> {
    let too_large = || Reply::error(413, format!("the request is larger than {MAX_BODY} bytes"));
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body)
        .map_err(|e| Reply::error(400, format!("the request could not be read: {e}")))?;
    if body.len() as u64 > MAX_BODY {
        return Err(too_large());
    }
    Ok(body)
}

fn route(
    catalogue: &Catalogue,
    method: &tiny_http::Method,
    path: &str,
    body: &[u8],
    cancel: &Cancel,
) -> Reply {
    use tiny_http::Method::{Get, Head, Post};
    let get = matches!(method, Get | Head);
    let post = matches!(method, Post);
    match path {
        "/" | "/index.html" if get => Reply::text("text/html; charset=utf-8", INDEX),
        "/app.js" if get => Reply::text("text/javascript; charset=utf-8", SCRIPT),
        "/style.css" if get => Reply::text("text/css; charset=utf-8", STYLE),
        "/api/variants" if get => Reply::json(200, &json!({ "variants": catalogue.list() })),
        "/api/game" if post => with(body, |r: GameRequest| game(catalogue, &r)),
        "/api/agent" if post => with(body, |r: AgentRequest| agent(catalogue, &r, cancel)),
        "/api/check" if post => with(body, |r: CheckRequest| check_text(&r)),
        "/api/describe" if post => with(body, |r: VariantRequest| describe(catalogue, &r)),
        "/api/diff" if post => with(body, |r: DiffRequest| diff(catalogue, &r)),
        "/" | "/index.html" | "/app.js" | "/style.css" | "/api/variants" => {
            Reply::error(405, format!("{path} is read with GET"))
        }
        "/api/game" | "/api/agent" | "/api/check" | "/api/describe" | "/api/diff" => {
            Reply::error(405, format!("{path} takes a POST of JSON"))
        }
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
    moves: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentRequest {
    variant: Option<String>,
    source: Option<String>,
    ruleset: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    player: String,
    #[serde(default)]
    seed: u64,
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
            let at = m.location.as_ref().map(|l| l.file.line_col(l.span.start));
            Message {
                severity: match m.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
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

/// The moves of a request played from the start: the position reached, or why a move
/// cannot be played.
fn replayed(rules: &Rules, moves: &[String]) -> Result<(State, Vec<Move>, Vec<replay::Step>), Reply> {
    if moves.len() > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!("at most {MAX_MOVES} moves are replayed, not {}", moves.len()),
        ));
    }
    let parsed = moves
        .iter()
        .enumerate()
        .map(|(i, m)| notation::parse_move_for(rules, m, Some(i + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Reply::error(422, e.to_string()))?;
    let start = rules.initial_state();
    let steps = replay::replay(rules, start, &parsed).map_err(|e| Reply::error(422, e.to_string()))?;
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

fn game(catalogue: &Catalogue, r: &GameRequest) -> Reply {
    let rules = match rules_of(catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
        Ok(rules) => rules,
        Err(reply) => return reply,
    };
    let (state, parsed, steps) = match replayed(&rules, &r.moves) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    // The last move with what it did and the position before it: the page animates it.
    let last = steps.last().map(|s| {
        let before = steps.len().checked_sub(2).map_or_else(|| rules.initial_state(), |i| steps[i].after);
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
            "last": last,
            "status": replay::describe_status(&rules, &state),
            "position": PositionReport::new(&rules, &state),
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
    let from = if s.mv.is_pass() {
        json!(null)
    } else if s.mv.hand() > 0 || r.placed {
        json!("hand")
    } else {
        json!(s.mv.pit() + 1)
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
        "lifted": s.lifted,
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
        "random" | "greedy" if arg.is_empty() => {}
        "alphabeta" => number(MAX_DEPTH)?,
        "mcts" => number(MAX_SIMULATIONS)?,
        _ => {
            return Err(format!(
                "`{name}` is not a player the page offers: random, greedy, alphabeta:D (D up to {MAX_DEPTH}) or mcts:N (N up to {MAX_SIMULATIONS})"
            ));
        }
    }
    PlayerSpec::parse(name, false).map_err(|e| e.to_string())
}

fn agent(catalogue: &Catalogue, r: &AgentRequest, cancel: &Cancel) -> Reply {
    let rules = match rules_of(catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
        Ok(rules) => rules,
        Err(reply) => return reply,
    };
    let spec = match agent_spec(&r.player) {
        Ok(s) => s,
        Err(e) => return Reply::error(422, e),
    };
    let (state, _, _) = match replayed(&rules, &r.moves) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    if state.is_over() {
        return Reply::error(422, "the game is over: there is no move to play");
    }
    let agent = match spec.prepare(&rules, &mut None, cancel) {
        Ok(a) => a,
        Err(e) => return Reply::error(422, e.to_string()),
    };
    let mut player = agent.new_player(cancel);
    let mut rng = game_rng(r.seed, r.moves.len() as u64);
    match player.choose(&rules, &state, &mut rng) {
        Ok(mv) => Reply::json(200, &json!({ "move": mv.to_string(), "player": agent.name() })),
        Err(e) => Reply::error(422, e.to_string()),
    }
}

fn check_text(r: &CheckRequest) -> Reply {
    let file = match library::load_text("the editor", &r.source) {
        Ok(f) => f,
        Err(d) => return Reply::json(200, &json!({ "ok": false, "diagnostics": messages(&d) })),
    };
    let mut found: Vec<Message> = Vec::new();
    let mut ok = true;
    // Every ruleset is checked too, as `sow check` does.
    let mut rulesets: Vec<Option<&str>> = vec![None];
    rulesets.extend(file.ruleset_names().into_iter().map(Some));
    for ruleset in rulesets {
        match check::check(&file, ruleset) {
            Ok((_, warnings)) => found.extend(messages(&warnings)),
            Err(d) => {
                ok = false;
                found.extend(messages(&d));
            }
        }
    }
    // A ruleset repeats the messages of the variant it changes: each once.
    let mut seen = std::collections::HashSet::new();
    found.retain(|m| seen.insert(m.rendered.clone()));
    Reply::json(200, &json!({ "ok": ok, "name": file.name(), "diagnostics": found }))
}

fn describe(catalogue: &Catalogue, r: &VariantRequest) -> Reply {
    let (file, spec) =
        match spec_of(catalogue, r.variant.as_deref(), r.source.as_deref(), r.ruleset.as_deref()) {
            Ok(x) => x,
            Err(reply) => return reply,
        };
    let rulesets = file.ruleset_names();
    Reply::json(200, &json!({ "name": spec.name, "text": crate::lang::describe::describe(&spec, &rulesets) }))
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
    Reply::json(
        200,
        &json!({ "a": named(&a), "b": named(&b), "differences": crate::lang::diff::differences(&a, &b) }),
    )
}

//! `sow serve` over HTTP, without a browser: every route, the position after moves against
//! `sow play`, located errors of a variant text, and bad requests answered with a status and a
//! sentence; the server stops on Ctrl-C; and what a client can make it spend is bounded (its
//! connections, slow or huge requests, agents and perfect play). A plain HTTP/1.1 client over
//! a socket: nothing else to build.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use sow::cancel::Cancel;
use sow::serve::{Catalogue, Options, Server};

/// A server that does not answer fails the test rather than hanging it.
const GUARD: Duration = Duration::from_secs(60);

/// Talks HTTP to a server at `host()`.
trait Http {
    fn host(&self) -> &str;

    /// Sends a request; the status and the body.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
        let mut stream = TcpStream::connect(self.host()).unwrap();
        stream.set_read_timeout(Some(GUARD)).unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.host(),
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A body the server refuses may be cut short: the answer is still read.
        let _ = stream.write_all(body);
        read_answer(&mut stream)
    }

    fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        self.request("GET", path, b"")
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, _, body) = self.request("POST", path, body.to_string().as_bytes());
        (status, json_of(&body))
    }
}

fn json_of(body: &[u8]) -> Value {
    serde_json::from_slice(body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(body)))
}

/// Reads an answer to its end (the server closes the connection): its status, its content
/// type and its body.
fn read_answer(stream: &mut TcpStream) -> (u16, String, Vec<u8>) {
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {:?}", String::from_utf8_lossy(&answer)));
    let head = String::from_utf8_lossy(&answer[..split]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-type: ").map(str::to_string))
        .unwrap_or_default();
    let mut body = answer[split + 4..].to_vec();
    // A large body may come in chunks, each after its length in hex.
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        let (mut whole, mut rest) = (Vec::new(), &body[..]);
        loop {
            let end = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap().trim(), 16).unwrap();
            if size == 0 {
                break;
            }
            whole.extend_from_slice(&rest[end + 2..end + 2 + size]);
            rest = &rest[end + 2 + size + 2..];
        }
        body = whole;
    }
    (status, content_type, body)
}

/// A `sow serve` on a free port, stopped when dropped.
struct Served {
    child: Child,
    host: String,
}

impl Served {
    fn start(args: &[&str]) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sow"));
        command.arg("serve").args(["--port", "0"]).args(args);
        Served::spawn(command)
    }

    /// The server with at most `descriptors` file descriptors open.
    fn limited(descriptors: usize) -> Served {
        let mut command = Command::new("sh");
        command.args(["-c", &format!("ulimit -n {descriptors} && exec \"$0\" serve --port 0")]);
        command.arg(env!("CARGO_BIN_EXE_sow"));
        Served::spawn(command)
    }

    fn spawn(mut command: Command) -> Served {
        let mut child = command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        let host = line
            .strip_prefix("sow serve: http://")
            .and_then(|l| l.split('/').next())
            .unwrap_or_else(|| panic!("{line}"))
            .to_string();
        Served { child, host }
    }

    /// A line of the process's `/proc` status (`Threads`, `VmRSS`), as a number.
    #[cfg(target_os = "linux")]
    fn status(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find_map(|l| l.strip_prefix(&format!("{field}:"))).unwrap();
        line.split_whitespace().next().unwrap().parse().unwrap()
    }
}

impl Http for Served {
    fn host(&self) -> &str {
        &self.host
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server in this test's process, with limits of its own, stopped when dropped.
struct Local {
    host: String,
    server: std::sync::Arc<Server>,
    stop: Cancel,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Local {
    fn start(options: Options) -> Local {
        let options = Options { host: std::net::Ipv4Addr::LOCALHOST.into(), port: 0, ..options };
        let server = std::sync::Arc::new(Server::bind(&options, Catalogue::new(&[]).unwrap()).unwrap());
        let host = server.addr().to_string();
        let stop = Cancel::new();
        let (running, serving) = (stop.clone(), server.clone());
        let thread = std::thread::spawn(move || serving.run(&running));
        Local { host, server, stop, thread: Some(thread) }
    }
}

impl Http for Local {
    fn host(&self) -> &str {
        &self.host
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        self.stop.cancel();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Waits until `f` holds, failing the test after [`GUARD`].
fn until(what: &str, mut f: impl FnMut() -> bool) {
    let started = Instant::now();
    while !f() {
        assert!(started.elapsed() < GUARD, "waited {GUARD:?} for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn sow(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn the_page_and_its_files_are_served() {
    let s = Served::start(&[]);
    let (status, kind, body) = s.get("/");
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    let page = String::from_utf8(body).unwrap();
    for hook in [
        "data-testid=\"board\"",
        "data-testid=\"moves\"",
        "data-testid=\"to-move\"",
        "data-testid=\"result\"",
    ] {
        assert!(page.contains(hook), "{hook}");
    }
    // Nothing is fetched from another host.
    assert!(!page.contains("http://") && !page.contains("https://"), "{page}");
    assert_eq!(s.get("/app.js").1, "text/javascript; charset=utf-8");
    assert_eq!(s.get("/simulate.js").1, "text/javascript; charset=utf-8");
    assert_eq!(s.get("/style.css").1, "text/css; charset=utf-8");
    // An icon, so that no load of the page ends in a 404.
    assert!(page.contains("rel=\"icon\" href=\"/favicon.svg\""), "{page}");
    for icon in ["/favicon.svg", "/favicon.ico"] {
        let (status, kind, body) = s.get(icon);
        assert_eq!((status, kind.as_str()), (200, "image/svg+xml"), "{icon}");
        assert!(body.starts_with(b"<svg"), "{icon}");
    }
    assert_eq!(s.get("/?variant=bakuk&players=human,mcts:200").0, 200);
    let (status, _, body) = s.get("/api/variants");
    assert_eq!(status, 200);
    let list: Value = serde_json::from_slice(&body).unwrap();
    let bakuk = list["variants"].as_array().unwrap().iter().find(|v| v["key"] == "bakuk").unwrap();
    assert_eq!(bakuk["rulesets"], json!(["valdez", "three-player"]));
    // A ruleset may seat another player.
    assert_eq!(bakuk["players"], 2);
    assert_eq!(bakuk["ruleset_players"], json!({"three-player": 3, "valdez": 2}));
    assert_eq!(bakuk["file"], Value::Null);
}

#[test]
fn a_game_is_the_position_sow_play_reaches() {
    let s = Served::start(&[]);
    for (variant, ruleset, moves) in
        [("bakuk", None, "3,6,2,6,1,4,3,4"), ("bakuk", Some("valdez"), "2,5,1"), ("kalah", None, "1,8,2")]
    {
        let list: Vec<&str> = moves.split(',').collect();
        let (status, game) =
            s.post("/api/game", &json!({ "variant": variant, "ruleset": ruleset, "moves": list }));
        assert_eq!(status, 200, "{game}");
        let reference = match ruleset {
            Some(r) => format!("{variant}:{r}"),
            None => variant.to_string(),
        };
        let out = sow(&["play", &reference, "--moves", moves, "--format", "json"]);
        let played: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(game["position"], played, "{variant}");
        assert_eq!(game["moves"], json!(list));
        assert_eq!(game["last"]["move"], json!(list.last()));
    }
    // A move that is a choice within the one before it (Bao's end of the row), and the moves
    // as turns, as records write them.
    let (_, game) = s.post("/api/game", &json!({ "variant": "bao", "moves": ["13", "9", "9"] }));
    assert_eq!((&game["choices"], &game["turns"]), (&json!([false, true, true]), &json!(["13/9/9"])));
    assert_eq!(game["movers"], json!([1, 1, 1]));
    // A position set up, checked as `--position` is, its text bounded.
    let position = json!({ "pits": "0,0,1,1,0,0", "held": "3,4", "to_move": 1 });
    let (status, game) =
        s.post("/api/game", &json!({ "variant": "bakuk", "position": position, "moves": ["3"] }));
    assert_eq!((status, &game["position"]["score"]), (200, &json!([5, 4])), "{game}");
    for (position, error) in [
        (
            json!({ "pits": "1,1,1,1,1,1", "to_move": 3 }),
            "to move: there is no player 3: players are numbered 1 to 2",
        ),
        (
            json!({ "pits": "1,1,1,1,1,1", "to_move": 0 }),
            "to move: there is no player 0: players are numbered 1 to 2",
        ),
        (json!({ "pits": "1,".repeat(3000) }), "pits: a position is at most 4096 characters, not 6000"),
        (
            json!({ "pits": "1,1,1,1,1,1", "held": "1" }),
            "held: what the players hold off the board is one count a player, 2 here",
        ),
    ] {
        let (status, game) = s.post("/api/game", &json!({ "variant": "bakuk", "position": position }));
        assert_eq!((status, game["error"].as_str().unwrap()), (422, error));
    }
    // End places and big stones, where the variant has them; whether `perfect` is offered.
    let (_, game) = s.post("/api/game", &json!({ "variant": "o-an-quan" }));
    assert_eq!(
        game["stones"],
        json!({ "end_places": [1, 7], "big_stones": true, "in_place": [true, true], "taken": [0, 0] })
    );
    let (_, game) = s.post("/api/game", &json!({ "variant": "bakuk" }));
    assert_eq!((&game["stones"], &game["perfect_refused"]), (&Value::Null, &Value::Null));
    // The layout: rows top to bottom as player 1 sees them.
    let (_, game) = s.post("/api/game", &json!({ "variant": "kalah" }));
    let refused = game["perfect_refused"].as_str().unwrap();
    assert!(refused.starts_with("Kalah is too large to solve here"), "{refused}");
    assert_eq!(game["layout"]["rows"], json!([[12, 11, 10, 9, 8, 7], [1, 2, 3, 4, 5, 6]]));
    assert_eq!(game["layout"]["stores"], true);
    assert_eq!(game["position"]["stores"], json!([0, 0]));
    // A text from the editor plays the same way.
    let source = "variant \"Small\" extends \"Bakuk\" {\n  source \"test\"\n  seeds 2 in each pit\n}\n";
    let (status, game) = s.post("/api/game", &json!({ "source": source, "moves": ["1"] }));
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["position"]["pits"], json!([0, 3, 3, 2, 2, 2]));
    // An agent answers with a legal move.
    let (status, reply) =
        s.post("/api/agent", &json!({ "variant": "kalah", "moves": ["3"], "player": "alphabeta:3" }));
    assert_eq!(status, 200, "{reply}");
    let (_, game) = s.post("/api/game", &json!({ "variant": "kalah", "moves": ["3"] }));
    assert!(game["position"]["legal_moves"].as_array().unwrap().contains(&reply["move"]), "{reply}");
}

/// The game of `variant` whose moves are the first legal move, the last, the second... until
/// `reached` says yes of its position (at most 400 plies): its moves and its reply.
fn played_until(s: &Served, variant: &str, reached: impl Fn(&Value) -> bool) -> (Vec<String>, Value) {
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..400 {
        let (status, game) = s.post("/api/game", &json!({ "variant": variant, "moves": moves }));
        assert_eq!(status, 200, "{game}");
        if reached(&game["position"]) {
            return (moves, game);
        }
        let legal = game["position"]["legal_moves"].as_array().unwrap();
        assert!(!legal.is_empty(), "{variant}: the game ended first");
        let i = if ply % 2 == 0 { ply / 2 % legal.len() } else { legal.len() - 1 - ply / 2 % legal.len() };
        moves.push(legal[i].as_str().unwrap().to_string());
    }
    panic!("{variant}: not reached in 400 plies");
}

/// The parts of a position a game set up from it must have as the game reached it has them.
fn held_parts(position: &Value) -> Value {
    let keys = ["pits", "captured", "stores", "to_move", "legal_moves", "claimed", "rounds_over"];
    let keys = keys.iter().chain(&["out_of_play", "filling", "finished", "winner"]);
    keys.map(|&k| (k.to_string(), position[k].clone())).collect::<serde_json::Map<_, _>>().into()
}

#[test]
fn a_position_set_up_holds_claims_pits_out_of_play_the_round_and_big_stones() {
    let s = Served::start(&[]);
    let plain = |p: &Value| {
        p["finished"] == false
            && p["filling"] != true
            && p["pending"].is_null()
            && p["owned_across"].as_array().is_none_or(|o| o.iter().all(|x| x == &json!([])))
            && p["owned_by_both"].as_array().is_none_or(|o| o.is_empty())
            && p["points"].as_array().is_none_or(|o| o.iter().all(|x| x == 0))
    };
    let claimed = |p: &Value| plain(p) && p["claimed"].as_array().unwrap().iter().any(|c| c != &json!([]));
    let rounds = |p: &Value| plain(p) && p["rounds_over"] != 0 && p["out_of_play"] != json!([]);
    for (variant, reached) in [("toguz-kumalak", &claimed as &dyn Fn(&Value) -> bool), ("bosh", &rounds)] {
        let (moves, game) = played_until(&s, variant, reached);
        let p = &game["position"];
        let held =
            p["captured"].as_array().unwrap().iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let pits = p["pits"].as_array().unwrap().iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let mut position = json!({ "pits": pits, "held": held, "to_move": p["to_move"] });
        for k in ["claimed", "out_of_play", "rounds_over"] {
            if !p[k].is_null() {
                position[k] = p[k].clone();
            }
        }
        // Set up, and then a few more plies of the same game: the same positions.
        let (more, _) = played_until(&s, variant, |q| q["plies"].as_u64().unwrap() >= moves.len() as u64 + 6);
        let next = &more[moves.len()..];
        let (status, set) = s.post("/api/game", &json!({ "variant": variant, "position": position }));
        assert_eq!(status, 200, "{variant}: {set}");
        assert_eq!(held_parts(&set["position"]), held_parts(p), "{variant}");
        let (status, set) =
            s.post("/api/game", &json!({ "variant": variant, "position": position, "moves": next }));
        assert_eq!(status, 200, "{variant}: {set}");
        let (_, went) = s.post("/api/game", &json!({ "variant": variant, "moves": more }));
        assert_eq!(held_parts(&set["position"]), held_parts(&went["position"]), "{variant} after {next:?}");
    }
    // Big stones: Ô Ăn Quan's, one taken by player 2 and the other on its end place.
    let (_, start) = s.post("/api/game", &json!({ "variant": "o-an-quan" }));
    let pits =
        start["position"]["pits"].as_array().unwrap().iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let position =
        json!({ "pits": pits.join(","), "held": "0,10", "in_place": [true, false], "taken": [0, 1] });
    let (status, game) = s.post("/api/game", &json!({ "variant": "o-an-quan", "position": position }));
    assert_eq!(status, 200, "{game}");
    assert_eq!(
        (&game["stones"]["in_place"], &game["stones"]["taken"]),
        (&json!([true, false]), &json!([0, 1]))
    );
    // Each part checked, its mistakes named.
    let toguz = "9,9,9,9,9,9,9,9,9,9,9,0,9,9,9,9,9,9";
    for (variant, position, error) in [
        (
            "kalah",
            json!({ "pits": "4,4,4,4,4,4,4,4,4,4,4,4", "claimed": [[8], []] }),
            "claimed: no rule of Kalah claims pits",
        ),
        (
            "toguz-kumalak",
            json!({ "pits": toguz, "claimed": [[12], [12]] }),
            "claimed: pit 12 is claimed by both players",
        ),
        (
            "toguz-kumalak",
            json!({ "pits": toguz, "claimed": [[19], []] }),
            "claimed: there is no pit 19: pits are numbered 1 to 18",
        ),
        (
            "toguz-kumalak",
            json!({ "pits": toguz, "claimed": [[12]] }),
            "claimed: the pits each of the two players has claimed: two lists",
        ),
        (
            "bakuk",
            json!({ "pits": "1,1,1,1,1,1", "out_of_play": [2] }),
            "rounds: Bakuk is played in one round: no pit is out of play",
        ),
        (
            "bosh",
            json!({ "pits": "0,4,4,4,4,4,4,4,4,4", "out_of_play": [2] }),
            "out of play: pit 2 holds 4 seeds, and a pit out of play is empty",
        ),
        ("bakuk", json!({ "pits": "1,1,1,1,1,1", "taken": [1, 0] }), "big stones: Bakuk has no big stones"),
        (
            "o-an-quan",
            json!({ "pits": pits.join(","), "in_place": [true, true], "taken": [1, 0] }),
            "big stones: there are two, one a player: each is on its owner's end place, taken by a player, or gone",
        ),
    ] {
        let (status, game) = s.post("/api/game", &json!({ "variant": variant, "position": position }));
        assert_eq!((status, game["error"].as_str().unwrap_or_default()), (422, error), "{game}");
    }
}

#[test]
fn the_last_move_s_path_is_what_sow_play_narrates() {
    let s = Served::start(&[]);
    // A move into a store (Kalah), and one that captures two pits (Bakuk).
    for (variant, moves) in [("kalah", "3"), ("kalah", "3,1,8"), ("bakuk", "3,6,2,6")] {
        let list: Vec<&str> = moves.split(',').collect();
        let (status, game) = s.post("/api/game", &json!({ "variant": variant, "moves": list }));
        assert_eq!(status, 200, "{game}");
        let path = &game["last"]["path"];
        let text = String::from_utf8(sow(&["play", variant, "--moves", moves]).stdout).unwrap();
        let told = text.lines().rfind(|l| l.starts_with("ply ")).unwrap();
        // `ply 4: player 2 plays pit 6 (2 seeds): sows 1 2; last seed in pit 2 (made 2): ...`
        let sown: Vec<String> = path["sown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string))
            .collect();
        assert!(told.contains(&format!(": sows {};", sown.join(" "))), "{told}\n{path}");
        assert!(told.contains(&format!("plays pit {} ({} seeds)", path["from"], sown.len())), "{told}");
        assert_eq!(path["lifted"], json!(sown.len()));
        let captures: Vec<String> = path["captures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| format!("{} from pit {}", c["seeds"], c["pit"]))
            .collect();
        if captures.is_empty() {
            assert!(!told.contains("captures"), "{told}");
        } else {
            assert!(told.contains(&format!("captures {}", captures.join(" and "))), "{told}\n{path}");
            // Made once the last seed is sown.
            assert!(path["captures"].as_array().unwrap().iter().all(|c| c["at"] == json!(sown.len())));
        }
        // The position before it: `sow play` of the moves before it.
        let earlier = &list[..list.len() - 1];
        let out = sow(&["play", variant, "--moves", &earlier.join(","), "--format", "json"]);
        let before: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(game["last"]["before"], before, "{variant} {moves}");
    }
    // A seed of Quela's rearrangement, moved without sowing: from the pit it leaves.
    let (status, game) = s.post("/api/game", &json!({ "variant": "quela", "moves": ["3", "4"] }));
    assert_eq!(status, 200, "{game}");
    let text = String::from_utf8(sow(&["play", "quela", "--moves", "3,4"]).stdout).unwrap();
    assert!(text.contains("ply 1: player 1 moves one seed from pit 3 into pit 4"), "{text}");
    assert_eq!(
        (&game["last"]["path"]["from"], &game["last"]["path"]["lifted"], &game["last"]["path"]["sown"]),
        (&json!(3), &json!(1), &json!([4]))
    );
}

#[test]
fn diff_is_what_sow_diff_gives() {
    let s = Served::start(&[]);
    let (status, reply) =
        s.post("/api/diff", &json!({ "variant": "bakuk", "against": { "variant": "koumma" } }));
    assert_eq!(status, 200, "{reply}");
    let out = sow(&["diff", "bakuk", "koumma", "--format", "json"]);
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["differences"], cli["differences"]);
    assert!(!cli["differences"].as_array().unwrap().is_empty());
    // Beside each, its two texts word by word: every word kept, those that differ marked.
    let words = reply["words"].as_array().unwrap();
    assert_eq!(words.len(), cli["differences"].as_array().unwrap().len());
    for (w, d) in words.iter().zip(cli["differences"].as_array().unwrap()) {
        for side in ["a", "b"] {
            let parts = w[side].as_array().unwrap();
            let joined: Vec<&str> = parts.iter().map(|p| p["text"].as_str().unwrap()).collect();
            assert_eq!(
                joined.join(" "),
                d[side].as_str().unwrap().split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
        assert!(
            w["a"].as_array().unwrap().iter().chain(w["b"].as_array().unwrap()).any(|p| p["changed"] == true)
        );
    }
    assert_eq!(
        (&reply["a"]["variant"], &reply["b"]["variant"]),
        (&cli["a"]["variant"], &cli["b"]["variant"])
    );
    assert_eq!((&reply["a"]["title"], &reply["b"]["title"]), (&json!("Bakuk"), &json!("Koumma")));
    // A ruleset, and a variant against itself.
    let (_, reply) = s.post(
        "/api/diff",
        &json!({ "variant": "bakuk", "against": { "variant": "bakuk", "ruleset": "valdez" } }),
    );
    let cli: Value =
        serde_json::from_slice(&sow(&["diff", "bakuk", "bakuk:valdez", "--format", "json"]).stdout).unwrap();
    assert_eq!(reply["differences"], cli["differences"]);
    let (_, same) = s.post("/api/diff", &json!({ "variant": "kalah", "against": { "variant": "kalah" } }));
    assert_eq!(same["differences"], json!([]));
    // Bad requests, as the other routes answer them.
    let diff = |body: Value| s.post("/api/diff", &body);
    assert_eq!(diff(json!({ "variant": "bakuk", "against": { "variant": "nope" } })).0, 422);
    assert_eq!(diff(json!({ "variant": "bakuk" })).0, 400);
    assert_eq!(diff(json!({ "variant": "bakuk", "against": { "variant": "kalah", "x": 1 } })).0, 400);
    assert_eq!(s.get("/api/diff").0, 405);
}

#[test]
fn the_editor_gets_located_messages() {
    let s = Served::start(&[]);
    let source = "variant \"X\" extends \"Bakuk\" {\n  source \"test\"\n  seeds x in each pit\n}\n";
    let (status, reply) = s.post("/api/check", &json!({ "source": source }));
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], false);
    let d = &reply["diagnostics"][0];
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(3), Some(9)));
    assert_eq!(d["message"], "unexpected word `x`");
    // Rendered as `sow check` renders it, but for the file's name.
    let dir = std::env::temp_dir().join(format!("sow-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.sow");
    std::fs::write(&path, source).unwrap();
    let out = sow(&["check", path.to_str().unwrap()]);
    let cli = String::from_utf8(out.stderr).unwrap();
    let rendered = d["rendered"].as_str().unwrap().replace("the editor", path.to_str().unwrap());
    assert!(cli.contains(&rendered), "{cli}\n---\n{rendered}");
    let _ = std::fs::remove_dir_all(&dir);
    let (_, good) = s.post("/api/check", &json!({ "source": source.replace("seeds x", "seeds 4") }));
    assert_eq!(good["ok"], true, "{good}");
    // Describe reads a variant back, and a game of a text with mistakes says them.
    let (status, text) = s.post("/api/describe", &json!({ "variant": "bakuk" }));
    assert_eq!(status, 200);
    let cli = String::from_utf8(sow(&["describe", "bakuk"]).stdout).unwrap();
    // The page has its own list of rulesets: no command-line flag is said.
    let page = cli.replace("(choose one with --ruleset NAME)", "(chosen in the Ruleset list above)");
    assert_ne!(page, cli);
    assert_eq!(text["text"].as_str().unwrap().trim_end(), page.trim_end());
    assert!(!text["text"].as_str().unwrap().contains("--ruleset"), "{text}");
    let (status, bad) = s.post("/api/game", &json!({ "source": source }));
    assert_eq!(status, 422);
    assert_eq!(bad["diagnostics"][0]["line"], 3);
}

#[test]
fn bad_requests_get_a_status_and_a_sentence() {
    let s = Served::start(&[]);
    let error =
        |(status, body): (u16, Value)| (status, body["error"].as_str().unwrap_or_default().to_string());
    let game = |body: Value| error(s.post("/api/game", &body));
    assert_eq!(game(json!({ "variant": "nope" })), (422, "there is no variant `nope` here".into()));
    assert_eq!(
        game(json!({ "variant": "bakuk", "moves": ["3", "9"] })),
        (422, "move 2 (`9`) is not a pit: pits are numbered 1 to 6".into())
    );
    let (status, text) = game(json!({ "variant": "bakuk", "moves": ["3", "3"] }));
    assert_eq!(status, 422);
    assert!(text.starts_with("ply 2: "), "{text}");
    // A refused move says how many moves before it were played: the page keeps them.
    for (moves, played) in [(vec!["3", "4", "1", "9"], 3), (vec!["3", "3"], 1), (vec!["x"], 0)] {
        let (status, body) = s.post("/api/game", &json!({ "variant": "bakuk", "moves": moves }));
        assert_eq!((status, &body["played"]), (422, &json!(played)), "{body}");
    }
    assert_eq!(game(json!({ "variant": "bakuk", "source": "x" })).0, 400);
    assert_eq!(game(json!({ "variant": "bakuk", "colour": "red" })).0, 400);
    let many = vec!["1"; sow::serve::MAX_MOVES + 1];
    assert_eq!(game(json!({ "variant": "bakuk", "moves": many })).0, 422);
    let (status, _, body) = s.request("POST", "/api/game", b"{not json");
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    let big = vec![b' '; sow::serve::MAX_BODY as usize + 10];
    assert_eq!(s.request("POST", "/api/check", &big).0, 413);
    assert_eq!(s.get("/nowhere").0, 404);
    assert_eq!(s.get("/api/game").0, 405);
    assert_eq!(s.request("POST", "/", b"").0, 405);
    // Agents that read files, or think for too long, are not offered.
    let agent = |player: &str| error(s.post("/api/agent", &json!({ "variant": "bakuk", "player": player })));
    for player in ["script:/etc/passwd", "perfect:x.sol", "mcts:99999999", "alphabeta:40", "greedy:3"] {
        let (status, text) = agent(player);
        assert_eq!(status, 422, "{player}");
        assert!(
            text.contains("not a player the page offers") || text.contains("expected a number"),
            "{text}"
        );
    }
    let over = error(s.post("/api/agent", &json!({ "variant": "bakuk", "moves": "3,6,2,6,1,4,3,4".split(',').collect::<Vec<_>>(), "player": "random" })));
    assert_eq!(over, (422, "the game is over: there is no move to play".into()));
    // The server still answers after all that.
    assert_eq!(s.get("/").0, 200);
}

#[test]
fn files_given_are_offered_and_a_bad_one_stops_the_server() {
    let s = Served::start(&["docs/examples/owner.sow"]);
    let (_, _, body) = s.get("/api/variants");
    let list: Value = serde_json::from_slice(&body).unwrap();
    let mine =
        list["variants"].as_array().unwrap().iter().find(|v| v["file"] == "docs/examples/owner.sow").unwrap();
    let key = mine["key"].as_str().unwrap();
    let (status, game) = s.post("/api/game", &json!({ "variant": key }));
    assert_eq!(status, 200, "{game}");
    drop(s);
    let out = sow(&["serve", "--port", "0", "tests/bad/backwards-pit-range.sow"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tests/bad/backwards-pit-range.sow:"));
}

#[test]
fn ctrl_c_stops_the_server() {
    let mut s = Served::start(&[]);
    assert_eq!(s.get("/").0, 200);
    let pid = s.child.id().to_string();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed().as_secs() < 5, "still running after Ctrl-C");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let mut err = String::new();
    s.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(err, "");
}

/// Polls run `id` until it has ended.
fn finished(s: &Served, id: u64) -> Value {
    loop {
        let (status, _, body) = s.get(&format!("/api/runs/{id}"));
        assert_eq!(status, 200);
        let run: Value = serde_json::from_slice(&body).unwrap();
        if run["state"] != "running" {
            return run;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_simulation_reports_what_sow_simulate_reports() {
    let s = Served::start(&[]);
    let asked = json!({
        "variants": [{"variant": "bakuk"}, {"variant": "bakuk", "ruleset": "valdez"}],
        "players": ["random", "greedy"],
        "games": 300,
        "seed": 5,
    });
    let (status, started) = s.post("/api/runs", &asked);
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["games"], 600);
    let run = finished(&s, started["id"].as_u64().unwrap());
    assert_eq!((run["state"].as_str(), run["done"].as_u64()), (Some("done"), Some(600)));
    let args =
        ["simulate", "bakuk", "bakuk:valdez", "--players", "random,greedy", "--games", "300", "--seed", "5"];
    let out = sow(&[&args[..], &["--format", "json"]].concat());
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(run["report"] == cli, "the page's report differs from sow simulate's");
    let table = sow(&[&args[..], &["--layout", "wide"]].concat());
    assert_eq!(
        run["table"].as_str().unwrap().trim_end(),
        String::from_utf8(table.stdout).unwrap().trim_end()
    );
    assert!(run["svg"].as_str().unwrap().starts_with("<svg"));
    // The files, byte for byte as the command writes them; the tables as the page shows them.
    let id = started["id"].as_u64().unwrap();
    let (status, head, csv) = s.get(&format!("/api/runs/{id}/results.csv"));
    assert_eq!(status, 200);
    assert!(head.to_lowercase().contains("text/csv"), "{head}");
    let cli_csv = sow(&[&args[..], &["--format", "csv"]].concat()).stdout;
    assert!(csv == cli_csv, "the page's CSV differs from sow simulate's");
    let (status, _, json) = s.get(&format!("/api/runs/{id}/results.json"));
    assert_eq!(status, 200);
    assert!(json_of(&json) == cli, "the page's JSON differs from sow simulate's");
    let (status, _, svg) = s.get(&format!("/api/runs/{id}/plot.svg"));
    assert_eq!((status, svg.as_slice()), (200, run["svg"].as_str().unwrap().as_bytes()));
    assert_eq!(s.get(&format!("/api/runs/{id}/results.xml")).0, 404);
    assert_eq!(s.get("/api/runs/999/results.csv").0, 404);
    let sheet = &run["sheets"][0];
    assert_eq!(sheet["header"][0], "variant");
    assert_eq!(sheet["rows"].as_array().unwrap().len(), 2);
}

#[test]
fn simulations_are_limited_and_cancelled() {
    let s = Served::start(&[]);
    let bakuk = |players: Value, games: u64| json!({"variants": [{"variant": "bakuk"}], "players": players, "games": games});
    for (body, status, said) in [
        (bakuk(json!(["random"]), 0), 422, "a run plays 1 to 1000000 games a variant, not 0"),
        (bakuk(json!(["random"]), 1_000_001), 422, "a run plays 1 to 1000000 games a variant, not 1000001"),
        (
            bakuk(json!(["random", "random", "random"]), 10),
            422,
            "Bakuk has 2 seats, but 3 players are named: name one for every seat, or one for all",
        ),
        (bakuk(json!(["perfect:table.bin"]), 10), 422, "`perfect:table.bin` is not a player the page offers"),
        (
            json!({"variants": [], "players": ["random"], "games": 10}),
            422,
            "a run plays 1 to 8 variants, not 0",
        ),
        (
            json!({"variants": [{"variant": "bakuk"}], "players": ["random"], "games": 10, "jobs": 2}),
            400,
            "unknown field `jobs`",
        ),
        (
            json!({"variants": [{"variant": "nope"}], "players": ["random"], "games": 10}),
            422,
            "there is no variant `nope` here",
        ),
    ] {
        let (got, answer) = s.post("/api/runs", &body);
        assert_eq!(got, status, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(said), "{answer}");
    }
    // Two long runs at once, and no third until one is cancelled.
    let long = bakuk(json!(["alphabeta:12"]), 1_000_000);
    let ids: Vec<u64> = (0..2)
        .map(|_| {
            let (status, started) = s.post("/api/runs", &long);
            assert_eq!(status, 202, "{started}");
            started["id"].as_u64().unwrap()
        })
        .collect();
    let (status, answer) = s.post("/api/runs", &long);
    assert_eq!(status, 429, "{answer}");
    assert_eq!(answer["error"], "2 runs are going already: wait for one to end, or cancel one");
    for id in &ids {
        let (status, _, _) = s.request("DELETE", &format!("/api/runs/{id}"), b"");
        assert_eq!(status, 200);
        let run = finished(&s, *id);
        assert_eq!(run["state"], "stopped", "{run}");
        assert!(run["done"].as_u64().unwrap() < 1_000_000);
        // A partial run still has its table, of the games it finished.
        assert!(run["table"].as_str().unwrap().contains("Bakuk"));
    }
    assert_eq!(s.post("/api/runs", &bakuk(json!(["random"]), 10)).0, 202);
    assert_eq!(s.get("/api/runs/99").0, 404);
    assert_eq!(s.get("/api/runs/x").0, 404);
    assert_eq!(s.request("DELETE", "/api/runs/99", b"").0, 404);
    assert_eq!(s.request("PUT", "/api/runs/1", b"").0, 405);
    assert_eq!(s.get("/api/runs").0, 405);
}

#[test]
fn hints_are_perfect_play_where_the_page_solves_and_a_search_elsewhere() {
    let s = Served::start(&[]);
    // Bakuk after 3,6: the values `sow play --hint` gives.
    let (status, hint) = s.post("/api/hint", &json!({"variant": "bakuk", "moves": ["3", "6"]}));
    assert_eq!(status, 200, "{hint}");
    assert_eq!(
        (hint["by"].as_str(), hint["exact"].as_bool(), hint["player"].as_u64()),
        (Some("perfect"), Some(true), Some(1))
    );
    let out = sow(&["play", "bakuk", "--moves", "3,6", "--hint", "--format", "json"]);
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut expected: Vec<(String, i64)> = cli["move_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["value"].as_i64().unwrap()))
        .collect();
    expected.sort_by_key(|(m, v)| (-v, m.clone()));
    let got: Vec<(String, i64)> = hint["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["value"].as_i64().unwrap()))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(hint["moves"][0]["best"], true);
    assert_eq!(hint["moves"][1]["best"], false);
    // The perfect seat plays a best move.
    let (status, answer) =
        s.post("/api/agent", &json!({"variant": "bakuk", "moves": ["3", "6"], "player": "perfect"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["move"], hint["moves"][0]["move"]);
    // A position set up with more seeds than the table holds: a search, saying why; the
    // perfect seat refuses, in a sentence.
    let position = json!({ "pits": "10,10,10,10,0,0" });
    let (status, hint) = s.post("/api/hint", &json!({"variant": "bakuk", "position": position}));
    assert_eq!((status, hint["exact"].as_bool()), (200, Some(false)), "{hint}");
    assert_eq!(hint["perfect_refused"], "the position is not among those solved from the start");
    let (status, answer) =
        s.post("/api/agent", &json!({"variant": "bakuk", "position": position, "player": "perfect"}));
    assert_eq!(
        (status, answer["error"].as_str()),
        (422, Some("the position holds 40 seeds, more than the solution's 36"))
    );

    // Kalah is too large to solve here: a search, saying why.
    let (status, hint) = s.post("/api/hint", &json!({"variant": "kalah"}));
    assert_eq!(status, 200, "{hint}");
    assert_eq!((hint["by"].as_str(), hint["exact"].as_bool()), (Some("alphabeta:8"), Some(false)));
    assert!(
        hint["perfect_refused"].as_str().unwrap().starts_with("Kalah is too large to solve here ("),
        "{hint}"
    );
    assert_eq!(hint["moves"].as_array().unwrap().len(), 6);
    for (body, said) in [
        (json!({"variant": "kalah", "by": "perfect"}), "Kalah is too large to solve here"),
        (
            json!({"variant": "kalah", "by": "alphabeta:13"}),
            "`alphabeta:13`: hints come from `perfect` play or a search",
        ),
        (
            json!({"variant": "bakuk", "moves": ["3", "6", "2", "6", "1", "4", "3", "4"]}),
            "the game is over: there is no move to hint",
        ),
    ] {
        let (status, answer) = s.post("/api/hint", &body);
        assert_eq!(status, 422, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(said), "{answer}");
    }
    let (status, answer) = s.post("/api/agent", &json!({"variant": "kalah", "player": "perfect"}));
    assert_eq!(status, 422);
    assert!(answer["error"].as_str().unwrap().starts_with("Kalah is too large to solve here"), "{answer}");
    let (status, answer) =
        s.post("/api/hint", &json!({"variant": "bakuk", "moves": ["3"], "by": "alphabeta:4"}));
    assert_eq!((status, answer["by"].as_str()), (200, Some("alphabeta:4")), "{answer}");
}

#[test]
fn a_client_slow_to_send_its_body_holds_up_no_one() {
    let s = Served::start(&[]);
    // More clients than the server has threads, each announcing a body it does not send.
    let slow: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut stream = TcpStream::connect(&s.host).unwrap();
            let head = format!(
                "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{{\"source\": \"",
                s.host
            );
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // Others are answered: small requests, and one with a body as large.
    assert_eq!(s.get("/api/variants").0, 200);
    let text = format!("variant \"X\" extends \"Bakuk\" {{\n  source \"{}\"\n}}\n", "x".repeat(4000));
    let (status, checked) = s.post("/api/check", &json!({ "source": text }));
    assert_eq!((status, checked["ok"].as_bool()), (200, Some(true)), "{checked}");
    drop(slow);
}

#[test]
fn a_tournament_reports_what_sow_tournament_reports() {
    let s = Served::start(&[]);
    let text = std::fs::read_to_string("tournaments/quick.yaml").unwrap();
    let (status, started) = s.post("/api/tournaments", &json!({ "text": text }));
    assert_eq!((status, started["games"].as_u64()), (202, Some(240)), "{started}");
    let run = finished(&s, started["id"].as_u64().unwrap());
    assert_eq!(run["state"], "done", "{run}");
    let out = sow(&["tournament", "tournaments/quick.yaml", "--format", "json"]);
    let mut cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The same games and figures; the file is named as the page names it.
    cli["tournament"]["file"] = json!("the tournament");
    assert!(run["report"] == cli, "the page's report differs from sow tournament's");
    let table = sow(&["tournament", "tournaments/quick.yaml"]);
    let table = String::from_utf8(table.stdout).unwrap().replace("tournaments/quick.yaml", "the tournament");
    assert_eq!(run["table"].as_str().unwrap().trim_end(), table.trim_end());

    // Mistakes located; no file named; only the page's players.
    let (status, answer) =
        s.post("/api/tournaments", &json!({ "text": text.replace("[bakuk, koumma]", "[bakuk, my.sow]") }));
    assert_eq!(status, 422);
    let d = &answer["diagnostics"][0];
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(4), Some(19)), "{answer}");
    assert!(d["rendered"].as_str().unwrap().contains("there is no variant `my.sow` here"), "{answer}");
    let (status, answer) =
        s.post("/api/tournaments", &json!({ "text": text.replace("  - random\n", "  - \"script:1,2\"\n") }));
    assert_eq!(status, 422);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("participant `script:1,2`: `script:1,2` is not a player the page offers"),
        "{answer}"
    );
    let (status, answer) =
        s.post("/api/tournaments", &json!({ "text": text.replace("games: 20", "games: 100000") }));
    assert_eq!(status, 422);
    assert_eq!(
        answer["error"],
        "the tournament plays 1200000 games: a run on the page plays at most 1000000"
    );
}

// What a client can make the server spend (issue 36): each test reproduces a finding.

/// Options with the limits `sow serve` keeps, but for those a test sets.
fn options() -> Options {
    Options::default()
}

/// Sends `head` (and whatever follows it) on a new connection, and reads the answer to its
/// end.
fn raw(host: &str, text: &[u8]) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(host).unwrap();
    stream.set_read_timeout(Some(GUARD)).unwrap();
    let _ = stream.write_all(text);
    read_answer(&mut stream)
}

/// Whether the server has closed `stream` (it reads the end, or a reset), waiting up to
/// [`GUARD`].
fn closed(stream: &mut TcpStream) -> bool {
    stream.set_read_timeout(Some(GUARD)).unwrap();
    let mut rest = Vec::new();
    match stream.read_to_end(&mut rest) {
        Ok(_) => true,
        Err(e) => matches!(e.kind(), std::io::ErrorKind::ConnectionReset),
    }
}

#[test]
fn a_huge_announced_body_is_refused_unread_and_the_server_goes_on() {
    let mut s = Served::start(&[]);
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{{}}",
        s.host
    );
    let (status, _, body) = raw(&s.host, head.as_bytes());
    assert_eq!(status, 413);
    assert_eq!(json_of(&body)["error"], "the request is larger than 1048576 bytes");
    assert_eq!(s.get("/api/variants").0, 200);
    assert!(s.child.try_wait().unwrap().is_none(), "the server stopped");
    // A body larger than announced is refused as it comes, and the connection closed.
    let head = format!("POST /api/check HTTP/1.1\r\nHost: {}\r\nTransfer-Encoding: chunked\r\n\r\n", s.host);
    let mut stream = TcpStream::connect(&s.host).unwrap();
    stream.set_read_timeout(Some(GUARD)).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 1 << 16, "x".repeat(1 << 16));
    for _ in 0..17 {
        if stream.write_all(chunk.as_bytes()).is_err() {
            break;
        }
    }
    assert_eq!(read_answer(&mut stream).0, 413);
    assert_eq!(s.get("/api/variants").0, 200);
}

#[test]
fn connections_past_the_most_are_refused_and_idle_ones_closed() {
    let s = Local::start(Options { max_connections: 4, header_timeout: Duration::from_secs(2), ..options() });
    let mut idle: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(&s.host).unwrap()).collect();
    // One more is told why, and closed.
    let (status, _, body) =
        raw(&s.host, format!("GET /api/variants HTTP/1.1\r\nHost: {}\r\n\r\n", s.host).as_bytes());
    assert_eq!(status, 503);
    assert_eq!(
        json_of(&body)["error"],
        "the server has 4 connections open, the most it keeps: close one, or try again in a moment"
    );
    // The idle ones are closed when their time to send a request is up, and then the
    // server answers again.
    for stream in &mut idle {
        assert!(closed(stream), "an idle connection was kept");
    }
    assert_eq!(s.get("/api/variants").0, 200);
}

#[test]
#[cfg(unix)]
fn the_server_listens_again_once_file_descriptors_free_up() {
    let s = Served::limited(40);
    assert_eq!(s.get("/api/variants").0, 200);
    // More connections than the server can open files: it cannot accept the last ones.
    let many: Vec<TcpStream> = (0..60).map(|_| TcpStream::connect(&s.host).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(300));
    drop(many);
    // Once they are closed it accepts again: those left waiting, then this one.
    assert_eq!(s.get("/api/variants").0, 200);
}

#[test]
fn slow_clients_are_dropped_when_their_time_is_up() {
    let s = Local::start(Options {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        max_header_bytes: 4096,
        ..options()
    });
    // A head never finished: the connection is closed.
    let mut stream = TcpStream::connect(&s.host).unwrap();
    stream.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\n", s.host).as_bytes()).unwrap();
    assert!(closed(&mut stream), "a client that never finished its head was kept");
    // A body never finished: 408, and closed.
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"source\": ",
        s.host
    );
    let (status, _, body) = raw(&s.host, head.as_bytes());
    assert_eq!(status, 408);
    assert_eq!(json_of(&body)["error"], "the request's body did not come within 0.3 s");
    // A head too large: 431, and closed, without reading it all.
    let mut stream = TcpStream::connect(&s.host).unwrap();
    stream.set_read_timeout(Some(GUARD)).unwrap();
    let _ = stream.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Long: ", s.host).as_bytes());
    for _ in 0..1000 {
        if stream.write_all(&[b'x'; 1 << 14]).is_err() {
            break;
        }
    }
    assert_eq!(read_answer(&mut stream).0, 431);
    assert_eq!(s.get("/api/variants").0, 200);
}

#[test]
#[cfg(target_os = "linux")]
fn slow_clients_hold_neither_threads_nor_memory() {
    let s = Served::start(&[]);
    // 100 clients announce bodies they never send.
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"source\": \"",
        s.host
    );
    let slow: Vec<TcpStream> = (0..100)
        .map(|_| {
            let mut stream = TcpStream::connect(&s.host).unwrap();
            let _ = stream.write_all(head.as_bytes());
            stream
        })
        .collect();
    // 40 MB of one header line.
    let mut long = TcpStream::connect(&s.host).unwrap();
    let _ = long.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Long: ", s.host).as_bytes());
    for _ in 0..40 {
        if long.write_all(&[b'x'; 1 << 20]).is_err() {
            break;
        }
    }
    // Others are answered meanwhile, and the server has grown by neither.
    assert_eq!(s.get("/api/variants").0, 200);
    let threads = s.status("Threads");
    assert!(threads < 40, "{threads} threads");
    let kb = s.status("VmRSS");
    assert!(kb < 100_000, "{kb} kB");
    drop(slow);
}

/// A variant whose games take a million plies (nothing is captured): a playout of MCTS runs
/// to its end, and one move of `mcts:2000` would take minutes.
const ENDLESS: &str = r#"variant "Endless" {
  source "test"
  board 2 rows of 6 pits, no stores
  seeds 4 in each pit
  players 2 {
    player 1 owns the south row
    player 2 owns the north row
  }
  sowing {
    counter-clockwise
    first seed into the next pit
    laps skip the emptied pit
  }
  capture { none }
  end {
    player to move cannot move: they pass
    leftover seeds: each pit's owner
    ply limit 1000000
  }
}
"#;

#[test]
fn an_agent_plays_its_best_move_when_its_time_is_up() {
    let s = Local::start(Options { move_time: Duration::from_millis(200), ..options() });
    for player in ["mcts:200000", "alphabeta:12"] {
        let (status, answer) = s.post("/api/agent", &json!({ "source": ENDLESS, "player": player }));
        assert_eq!(status, 200, "{player}: {answer}");
        let (_, game) = s.post("/api/game", &json!({ "source": ENDLESS }));
        assert!(game["position"]["legal_moves"].as_array().unwrap().contains(&answer["move"]), "{answer}");
    }
    // A hint's search says how deep it went in the time.
    let (status, hint) = s.post("/api/hint", &json!({ "variant": "kalah", "by": "alphabeta:12" }));
    assert_eq!(status, 200, "{hint}");
    let depth: u32 = hint["by"].as_str().unwrap().strip_prefix("alphabeta:").unwrap().parse().unwrap();
    assert!((1..=12).contains(&depth), "{hint}");
}

#[test]
fn a_client_that_leaves_stops_the_work_it_asked_for() {
    // One request thinks at a time, for as long as it likes.
    let s = Local::start(Options { thinking: 1, move_time: Duration::from_secs(3600), ..options() });
    let body = json!({ "source": ENDLESS, "player": "mcts:200000" }).to_string();
    let mut leaving = TcpStream::connect(&s.host).unwrap();
    let head = format!(
        "POST /api/agent HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.host,
        body.len()
    );
    leaving.write_all(head.as_bytes()).unwrap();
    until("the agent to think", || s.server.thinking() == 1);
    // While it thinks, another that thinks is told the server is busy; the rest is answered.
    let quick = json!({ "variant": "bakuk", "player": "random" });
    let (status, busy) = s.post("/api/agent", &quick);
    assert_eq!(status, 503);
    assert_eq!(
        busy["error"],
        "the server is busy: 1 request is thinking already (agents, hints, perfect play, runs started); ask again in a moment"
    );
    assert_eq!(s.get("/api/variants").0, 200);
    assert_eq!(s.post("/api/game", &json!({ "variant": "bakuk", "moves": ["3"] })).0, 200);
    // The client leaves: its agent stops, and frees its place.
    drop(leaving);
    until("the agent to stop", || s.server.thinking() == 0);
    assert_eq!(s.post("/api/agent", &quick).0, 200);
}

#[test]
fn perfect_play_is_solved_one_variant_at_a_time_within_bounds() {
    let s = Local::start(Options {
        solve_time: Duration::from_secs(3600),
        // Room for Um ed-Dyar's 2 x 4 board with 5 seeds a pit (754 million ways), which
        // takes minutes: the solve below is stopped long before.
        solve_distributions: 1_000_000_000,
        solve_memory: 1 << 40,
        ..options()
    });
    let big = "variant \"Big\" extends \"Um ed-Dyar\" {\n  source \"test\"\n  seeds 5 in each pit\n}\n";
    let long = json!({ "source": big, "by": "perfect" }).to_string();
    let mut leaving = TcpStream::connect(&s.host).unwrap();
    let head = format!(
        "POST /api/hint HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{long}",
        s.host,
        long.len()
    );
    leaving.write_all(head.as_bytes()).unwrap();
    until("the solve to start", || s.server.solving().as_deref() == Some("Big"));
    // Meanwhile another variant's hint is a search's, saying why, and its perfect seat is
    // told to wait.
    let busy = "the server is solving Big for perfect play, one variant at a time: ask again once it is done";
    let (status, hint) = s.post("/api/hint", &json!({ "variant": "bakuk" }));
    assert_eq!((status, hint["exact"].as_bool()), (200, Some(false)), "{hint}");
    assert_eq!(hint["perfect_refused"], busy);
    let (status, answer) = s.post("/api/agent", &json!({ "variant": "bakuk", "player": "perfect" }));
    assert_eq!((status, answer["error"].as_str()), (503, Some(busy)));
    // Its client leaves: the solve stops, and the next is solved.
    drop(leaving);
    until("the solve to stop", || s.server.solving().is_none());
    let (status, hint) = s.post("/api/hint", &json!({ "variant": "bakuk" }));
    assert_eq!((status, hint["exact"].as_bool()), (200, Some(true)), "{hint}");
}

#[test]
fn perfect_play_out_of_time_or_memory_is_refused_and_hinted_by_a_search() {
    let s = Local::start(Options { solve_time: Duration::ZERO, ..options() });
    let (status, hint) = s.post("/api/hint", &json!({ "variant": "modiar" }));
    assert_eq!((status, hint["exact"].as_bool()), (200, Some(false)), "{hint}");
    let why = "Modiar takes more than 0 s to solve here: `sow solve` solves it from the command line";
    assert_eq!(hint["perfect_refused"], why);
    let (status, answer) = s.post("/api/agent", &json!({ "variant": "modiar", "player": "perfect" }));
    assert_eq!((status, answer["error"].as_str()), (422, Some(why)));
    if cfg!(target_os = "linux") {
        // Memory is measured as it is used: Um ed-Dyar's table takes some 230 MB.
        let s = Local::start(Options { solve_memory: 40_000_000, ..options() });
        let (_, hint) = s.post("/api/hint", &json!({ "variant": "um-ed-dyar" }));
        assert_eq!(
            hint["perfect_refused"],
            "Um ed-Dyar needs more than the 40 MB the server gives a solve: `sow solve` solves it from the command line"
        );
    }
}

#[test]
fn a_text_of_thousands_of_rulesets_is_checked_as_sow_check_checks_it() {
    let s = Local::start(options());
    let mut text = String::from("variant \"Many\" extends \"Bakuk\" {\n  source \"test\"\n");
    // 24,000 rulesets of a line each (985 KB).
    for i in 0..24_000 {
        text.push_str(&format!("ruleset \"{i}\" {{ seeds {} in each pit }}\n", 2 + i % 5));
    }
    text.push_str("}\n");
    let (status, checked) = s.post("/api/check", &json!({ "source": text }));
    assert_eq!((status, checked["ok"].as_bool()), (200, Some(true)));
    // A ruleset of Bakuk's own 6 seeds a pit changes nothing: a warning each, as `sow check`
    // says.
    let diagnostics = checked["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 4800);
    assert_eq!(diagnostics[0]["message"], "ruleset \"4\" changes no rule");
    let last = &diagnostics[4799];
    assert_eq!((last["line"].as_u64(), last["column"].as_u64()), (Some(24_002), Some(9)), "{last}");
}

//! What the browser tests of `sow serve` share (`tests/page.rs`): the server, run in this
//! process on a free port; `chromedriver` (Debian's `chromium-driver`) with headless Chromium;
//! waiting for the page; screenshots; and the position `sow play` reaches, for comparison.
//!
//! Without `chromedriver` the tests say so and pass, except in CI (`CI=true`), where a
//! missing browser fails them.

use std::net::{IpAddr, Ipv4Addr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

use sow::cancel::Cancel;
use sow::serve::{Catalogue, Options, Server};

/// A `sow serve` and a `chromedriver`, stopped when dropped.
pub struct Setup {
    pub address: String,
    driver_port: u16,
    driver: Child,
    stop: Cancel,
    server: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Setup {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        self.stop.cancel();
        if let Some(s) = self.server.take() {
            let _ = s.join();
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The server and the driver; `None` (the test then passes, saying why) when there is no
/// driver and this is not CI.
pub fn start() -> Option<Setup> {
    let found = Command::new("chromedriver").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "CI=true, and there is no chromedriver: `.ci/run` installs chromium and chromium-driver"
        );
        eprintln!(
            "skipped: no chromedriver on PATH (install chromium and chromium-driver to run the browser tests)"
        );
        return None;
    }
    let driver_port = free_port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={driver_port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let options = Options { host: IpAddr::V4(Ipv4Addr::LOCALHOST), port: 0, ..Options::default() };
    let server = Server::bind(&options, Catalogue::new(&[]).unwrap()).unwrap();
    let address = format!("http://{}/", server.addr());
    let stop = Cancel::new();
    let running = stop.clone();
    let server = std::thread::spawn(move || server.run(&running));
    Some(Setup { address, driver_port, driver, stop, server: Some(server) })
}

impl Setup {
    /// A headless Chromium session with a window of `width` x `height`.
    pub async fn browser(&self, width: u32, height: u32) -> Client {
        let mut caps = serde_json::Map::new();
        let mut options = json!({ "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-background-networking", "--disable-component-update",
            format!("--window-size={width},{height}"),
        ]});
        // A window is at least 500 px wide or so: a phone's width is emulated, as the
        // browser's device mode does (the page then lays out at `width` CSS pixels).
        if width < 600 {
            options["mobileEmulation"] =
                json!({ "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 } });
        }
        caps.insert("goog:chromeOptions".into(), options);
        let url = format!("http://127.0.0.1:{}", self.driver_port);
        let started = Instant::now();
        loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector).capabilities(caps.clone()).connect(&url).await {
                Ok(c) => return c,
                // The driver takes a moment to listen.
                Err(_) if started.elapsed() < Duration::from_secs(20) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("cannot start a browser session: {e}"),
            }
        }
    }
}

/// Waits until `f` gives a value (at most 20 s).
pub async fn until<T, F: std::future::Future<Output = Option<T>>>(what: &str, mut f: impl FnMut() -> F) -> T {
    let started = Instant::now();
    loop {
        if let Some(v) = f().await {
            return v;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "waited 20 s for {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// The text of every element `css` finds, in order, read at one moment (the page redraws
/// the board and the move list whole: elements found one call earlier may be gone).
pub async fn texts(c: &Client, css: &str) -> Vec<String> {
    let found = c
        .execute(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)",
            vec![json!(css)],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// Saves a screenshot as `target/screenshots/NAME`, to be looked at.
pub async fn screenshot(c: &Client, name: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), c.screenshot().await.unwrap()).unwrap();
}

/// What `sow play VARIANT --moves ... --format json` prints.
pub fn played(variant: &str, moves: &[String]) -> Value {
    let rules = sow::load_rules(variant, None).unwrap();
    let moves = sow::engine::notation::parse_moves(&rules, &moves.join(",")).unwrap();
    let steps = sow::engine::replay::replay(&rules, rules.initial_state(), &moves).unwrap();
    let end = steps.last().map_or(rules.initial_state(), |s| s.after);
    serde_json::to_value(sow::engine::replay::PositionReport::new(&rules, &end)).unwrap()
}

/// Presses `keys` one after another, as a person at the keyboard would: to the element
/// that has the focus (WebDriver's codes for the keys that are not characters: `\u{E007}`
/// Enter, `\u{E012}` to `\u{E015}` the arrows left, up, right, down).
pub async fn press(c: &Client, keys: &str) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let mut actions = KeyActions::new("keyboard".to_string());
    for k in keys.chars() {
        actions = actions.then(KeyAction::Down { value: k }).then(KeyAction::Up { value: k });
    }
    c.perform_actions(actions).await.unwrap();
}

/// The text of a link's target (a download the page offers, held as a `blob:` address).
pub async fn fetched(c: &Client, css: &str) -> String {
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; fetch(document.querySelector(arguments[0]).href).then(r => r.text()).then(done, e => done('failed: ' + e))",
            vec![json!(css)],
        )
        .await
        .unwrap();
    found.as_str().unwrap().to_string()
}

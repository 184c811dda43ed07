//! `sow serve`: a local web page to play, read and edit variants, served over HTTP. The server
//! keeps no state between requests: each names its variant (bundled, one of the files given
//! when it started, or a text sent whole) and the moves played so far, and gets the position
//! back. The page's files are compiled into the program.
//!
//! Every resource a client can make the server spend is bounded by [`Options`]: connections,
//! the time and bytes of a request's head and body, the requests worked on at once (those that
//! think, agents and hints, apart: a busy server says so rather than queue them), an agent's
//! time a move, and perfect play's time, memory and number of tables.

mod api;
mod catalogue;
mod http;
mod runs;
mod solutions;
mod words;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use crate::cancel::Cancel;

pub use api::{MAX_BODY, MAX_MOVES};
pub use catalogue::Catalogue;
pub use runs::{MAX_GAMES, MAX_RUNNING, MAX_SECONDS};
pub use solutions::MAX_DISTRIBUTIONS;

/// What `sow serve` was asked for, and the limits it keeps. [`Options::default`] gives the
/// limits of `sow serve`, each documented on its field; tests set them small.
#[derive(Debug, Clone)]
pub struct Options {
    /// Default 127.0.0.1: this machine only.
    pub host: IpAddr,
    /// 0 for any free port. Default 8737.
    pub port: u16,
    /// Connections open at once; one more is answered 503 (with a sentence) and closed.
    /// Default 128: well under the 1,024 descriptors a process commonly may open.
    pub max_connections: usize,
    /// How long a connection may take to send a request's head, from its opening or from its
    /// last answer: so also how long an idle connection is kept open. Default 10 s.
    pub header_timeout: Duration,
    /// How long a request's body may take to come, once its head has. Default 30 s.
    pub body_timeout: Duration,
    /// The largest request head (its first line and headers): larger is answered 431 and
    /// closed. Default 64 KiB (an address of a long game's moves fits).
    pub max_header_bytes: usize,
    /// Requests that think (agents, hints, runs started, which may solve) worked on at once;
    /// one more is answered 503 with a sentence. Default 4.
    pub thinking: usize,
    /// Other requests of the API (games, checks, descriptions, differences) worked on at
    /// once; more wait their turn. Default 4.
    pub working: usize,
    /// The longest an agent of the page (alpha-beta, MCTS) or a searched hint thinks about
    /// one move: it then plays its best so far. Default 5 s.
    pub move_time: Duration,
    /// The longest perfect play may take to solve a variant; past it the variant is refused
    /// (until the server restarts). Default 60 s.
    pub solve_time: Duration,
    /// The most memory solving one variant may add to the server's (its table, while it is
    /// built); past it the variant is refused. The tables kept are within it too, all told.
    /// Default 1 GiB.
    pub solve_memory: u64,
    /// The most ways of spreading a variant's seeds over its board that perfect play takes
    /// on: larger variants are refused at once. Default [`MAX_DISTRIBUTIONS`].
    pub solve_distributions: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8737,
            max_connections: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_header_bytes: 64 << 10,
            thinking: 4,
            working: 4,
            move_time: Duration::from_secs(5),
            solve_time: Duration::from_secs(60),
            solve_memory: 1 << 30,
            solve_distributions: MAX_DISTRIBUTIONS,
        }
    }
}

/// A server bound to its address, ready to answer.
pub struct Server {
    http: http::Http,
    site: Arc<Site>,
}

/// What every request may read: the variants offered, the simulations started, the tables of
/// perfect play solved so far, and the limits.
struct Site {
    catalogue: Catalogue,
    /// `GET /api/variants`, made once.
    variants: Vec<u8>,
    runs: runs::Runs,
    solutions: solutions::Solutions,
    options: Options,
}

/// Why the server cannot start.
#[derive(Debug)]
pub enum ServeError {
    /// The address could not be bound (in use, not this machine's, no permission).
    Bind { addr: SocketAddr, why: String },
    /// The threads that answer could not be started.
    Start { why: String },
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Bind { addr, why } => write!(f, "cannot listen on {addr}: {why}"),
            ServeError::Start { why } => write!(f, "cannot start the server's threads: {why}"),
        }
    }
}

impl std::error::Error for ServeError {}

impl crate::error::Failure for ServeError {
    fn status(&self) -> crate::error::Status {
        match self {
            ServeError::Bind { .. } => crate::error::Status::BadInput,
            ServeError::Start { .. } => crate::error::Status::Failed,
        }
    }
}

impl Server {
    /// Binds the address of `options`, serving the variants of `catalogue` within its limits.
    pub fn bind(options: &Options, catalogue: Catalogue) -> Result<Server, ServeError> {
        let addr = SocketAddr::new(options.host, options.port);
        let http = http::Http::bind(addr, options)?;
        let variants = serde_json::to_vec(&serde_json::json!({ "variants": catalogue.list() }))
            .expect("the list of variants serializes");
        let solutions = solutions::Solutions::new(solutions::Limits {
            time: options.solve_time,
            memory: options.solve_memory,
            distributions: options.solve_distributions,
        });
        Ok(Server {
            http,
            site: Arc::new(Site {
                catalogue,
                variants,
                runs: Default::default(),
                solutions,
                options: options.clone(),
            }),
        })
    }

    /// The address bound (with the port chosen when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.http.addr()
    }

    /// The requests thinking now (agents, hints, runs being started), of
    /// [`Options::thinking`].
    pub fn thinking(&self) -> usize {
        self.http.thinking()
    }

    /// The variant being solved for perfect play (its label), if one is.
    pub fn solving(&self) -> Option<String> {
        self.site.solutions.solving()
    }

    /// Answers requests until `cancel` is set; then stops the work under way (runs, agents,
    /// solves) and returns.
    pub fn run(&self, cancel: &Cancel) {
        self.http.run(&self.site, cancel);
        self.site.runs.cancel_all();
    }
}

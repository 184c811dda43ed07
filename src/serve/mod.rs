//! `sow serve`: a local web page to play, read and edit variants, served over HTTP by a few
//! threads. The server keeps no state between requests: each names its variant (bundled, one
//! of the files given when it started, or a text sent whole) and the moves played so far, and
//! gets the position back. The page's files are compiled into the program.

mod api;
mod catalogue;
mod runs;
mod solutions;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use crate::cancel::Cancel;

pub use api::{MAX_BODY, MAX_MOVES};
pub use catalogue::Catalogue;
pub use runs::{MAX_GAMES, MAX_RUNNING, MAX_SECONDS};
pub use solutions::MAX_DISTRIBUTIONS;

/// Threads answering requests: a slow one (an agent thinking) does not hold up the others.
const WORKERS: usize = 4;

/// How often an idle thread looks at the cancel flag: Ctrl-C stops the server within this.
const POLL: Duration = Duration::from_millis(100);

/// What `sow serve` was asked for.
#[derive(Debug, Clone)]
pub struct Options {
    pub host: IpAddr,
    /// 0 for any free port.
    pub port: u16,
}

/// A server bound to its address, ready to answer.
pub struct Server {
    http: tiny_http::Server,
    site: std::sync::Arc<Site>,
}

/// What every request may read: the variants offered, the simulations started, and the
/// tables of perfect play solved so far.
struct Site {
    catalogue: Catalogue,
    runs: runs::Runs,
    solutions: solutions::Solutions,
}

/// Why the server cannot start.
#[derive(Debug)]
pub enum ServeError {
    /// The address could not be bound (in use, not this machine's, no permission).
    Bind { addr: SocketAddr, why: String },
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Bind { addr, why } => write!(f, "cannot listen on {addr}: {why}"),
        }
    }
}

impl std::error::Error for ServeError {}

impl crate::error::Failure for ServeError {
    fn status(&self) -> crate::error::Status {
        crate::error::Status::BadInput
    }
}

impl Server {
    /// Binds the address of `options`, serving the variants of `catalogue`.
    pub fn bind(options: &Options, catalogue: Catalogue) -> Result<Server, ServeError> {
        let addr = SocketAddr::new(options.host, options.port);
        let http =
            tiny_http::Server::http(addr).map_err(|e| ServeError::Bind { addr, why: e.to_string() })?;
        Ok(Server {
            http,
            site: std::sync::Arc::new(Site {
                catalogue,
                runs: Default::default(),
                solutions: Default::default(),
            }),
        })
    }

    /// The address bound (with the port chosen when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.http.server_addr().to_ip().expect("a server bound to an IP address")
    }

    /// Answers requests until `cancel` is set.
    pub fn run(&self, cancel: &Cancel) {
        std::thread::scope(|scope| {
            for _ in 0..WORKERS {
                scope.spawn(|| {
                    while !cancel.is_cancelled() {
                        match self.http.recv_timeout(POLL) {
                            Ok(Some(request)) => api::answer(&self.site, request, cancel),
                            Ok(None) => {}
                            // The listening socket failed: nothing more will come.
                            Err(_) => break,
                        }
                    }
                });
            }
        });
        self.site.runs.cancel_all();
    }
}

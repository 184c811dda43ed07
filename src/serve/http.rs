//! HTTP for `sow serve`: hyper's HTTP/1.1 server on a small tokio runtime, within the limits
//! of [`Options`]. Connections are tasks, not threads: an idle or slow client holds one of
//! [`Options::max_connections`] and its buffers (a head of at most
//! [`Options::max_header_bytes`], a body of at most [`MAX_BODY`]) until its head or body is
//! late ([`Options::header_timeout`], [`Options::body_timeout`]). The routes' work runs on the
//! runtime's blocking threads, at most [`Options::working`] at once for most requests and
//! [`Options::thinking`] for agents, hints and runs (a request past those is told the server
//! is busy), so that the page's files and the list of variants are answered whatever else
//! runs. A request whose client leaves is dropped by hyper, and its work is stopped.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt as _, Full, LengthLimitError, Limited};
use hyper::body::{Body as _, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use super::api::{self, Method, Reply, Weight};
use super::{MAX_BODY, Options, ServeError, Site};
use crate::cancel::Cancel;

/// How often the runtime looks at the cancel flag: Ctrl-C stops the server within this.
const POLL: Duration = Duration::from_millis(100);

/// How long a connection closed without reading all it was sent goes on reading (and
/// dropping) what still comes: a socket closed on unread bytes is reset, and the reset can
/// destroy the answer on its way to the client.
const LINGER: Duration = Duration::from_secs(2);

/// Connections past [`Options::max_connections`] answered 503 at once, each lingering for
/// [`REFUSAL_LINGER`] at most; past these, a connection is closed without a word.
const REFUSALS: usize = 64;
const REFUSAL_LINGER: Duration = Duration::from_millis(500);

/// The first and the longest wait before accepting again after a failure (out of file
/// descriptors): the open connections close in time, as every one is timed out.
const FIRST_BACKOFF: Duration = Duration::from_millis(10);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// The listening socket and the runtime that serves it.
pub(super) struct Http {
    runtime: Option<tokio::runtime::Runtime>,
    listener: Option<TcpListener>,
    addr: SocketAddr,
    pools: Arc<Pools>,
    thinking: usize,
}

/// The requests worked on at once: those that think, and the others.
struct Pools {
    thinking: Arc<Semaphore>,
    working: Arc<Semaphore>,
}

impl Http {
    pub fn bind(addr: SocketAddr, options: &Options) -> Result<Http, ServeError> {
        let start = |e: std::io::Error| ServeError::Start { why: e.to_string() };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(options.thinking.max(1) + options.working.max(1))
            .thread_name("sow serve")
            .enable_all()
            .build()
            .map_err(start)?;
        let bind = |e: std::io::Error| ServeError::Bind { addr, why: e.to_string() };
        let listener = std::net::TcpListener::bind(addr).map_err(bind)?;
        listener.set_nonblocking(true).map_err(start)?;
        let listener = {
            let _in = runtime.enter();
            TcpListener::from_std(listener).map_err(start)?
        };
        let addr = listener.local_addr().map_err(start)?;
        let thinking = options.thinking.max(1);
        let pools = Arc::new(Pools {
            thinking: Arc::new(Semaphore::new(thinking)),
            working: Arc::new(Semaphore::new(options.working.max(1))),
        });
        Ok(Http { runtime: Some(runtime), listener: Some(listener), addr, pools, thinking })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The requests thinking now.
    pub fn thinking(&self) -> usize {
        self.thinking - self.pools.thinking.available_permits()
    }

    /// Accepts and answers until `cancel` is set; the connections still open are then
    /// dropped, which stops their work.
    pub fn run(&self, site: &Arc<Site>, cancel: &Cancel) {
        let (Some(runtime), Some(listener)) = (&self.runtime, &self.listener) else { return };
        let pools = &self.pools;
        runtime.block_on(async {
            let (stopping, stop) = watch::channel(false);
            tokio::select! {
                () = async {
                    while !cancel.is_cancelled() {
                        tokio::time::sleep(POLL).await;
                    }
                } => {}
                () = accept(listener, site, pools, &stop) => {}
            }
            let _ = stopping.send(true);
        });
    }
}

impl Drop for Http {
    fn drop(&mut self) {
        drop(self.listener.take());
        // Work that does not stop at once (a solve between two looks at its flag) is left to
        // end with the process.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_secs(1));
        }
    }
}

/// Accepts connections for ever, within [`Options::max_connections`]. A failure to accept
/// (no file descriptor left) is waited out: the listener never stops.
async fn accept(listener: &TcpListener, site: &Arc<Site>, pools: &Arc<Pools>, stop: &watch::Receiver<bool>) {
    let most = site.options.max_connections.max(1);
    let connections = Arc::new(Semaphore::new(most));
    let refusals = Arc::new(Semaphore::new(REFUSALS));
    let mut failing: Option<Duration> = None;
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                if failing.take().is_some() {
                    eprintln!("sow serve: accepting connections again");
                }
                let _ = stream.set_nodelay(true);
                if let Ok(permit) = connections.clone().try_acquire_owned() {
                    tokio::spawn(connection(stream, site.clone(), pools.clone(), stop.clone(), permit));
                } else if let Ok(permit) = refusals.clone().try_acquire_owned() {
                    tokio::spawn(refuse(stream, most, permit));
                }
            }
            // A client that left before it was accepted.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::Interrupted
                ) => {}
            Err(e) => {
                let wait = match failing {
                    None => {
                        eprintln!("sow serve: cannot accept connections ({e}): trying again until it can");
                        FIRST_BACKOFF
                    }
                    Some(wait) => (wait * 2).min(MAX_BACKOFF),
                };
                failing = Some(wait);
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// Serves one connection, one request after another, until it closes, times out or the
/// server stops. A connection that was sent more than was read is closed lingering.
async fn connection(
    stream: TcpStream,
    site: Arc<Site>,
    pools: Arc<Pools>,
    mut stop: watch::Receiver<bool>,
    _permit: OwnedSemaphorePermit,
) {
    let unread = Arc::new(AtomicBool::new(false));
    let service = {
        let unread = unread.clone();
        let site = site.clone();
        service_fn(move |request| {
            let (site, pools, unread) = (site.clone(), pools.clone(), unread.clone());
            async move { Ok::<_, Infallible>(response(answer(&site, &pools, &unread, request).await)) }
        })
    };
    let options = &site.options;
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(options.header_timeout)
        .max_header_size(options.max_header_bytes)
        // Enough for the largest head; hyper takes no less than 8 KiB.
        .max_buf_size((options.max_header_bytes + 1024).max(8 << 10));
    let served = http.serve_connection(TokioIo::new(stream), service).without_shutdown();
    let parts = tokio::select! {
        parts = served => parts,
        _ = stop.wait_for(|&stopping| stopping) => return,
    };
    // An error (a client gone, a head late or too large) has closed the connection already.
    if let Ok(parts) = parts {
        let mut stream = parts.io.into_inner();
        if unread.load(Ordering::Relaxed) {
            linger(&mut stream, LINGER).await;
        } else {
            let _ = stream.shutdown().await;
        }
    }
}

/// Shuts the connection's sending side (the client reads the answer to its end), then reads
/// and drops what the client still sends, for `time` at most.
async fn linger(stream: &mut TcpStream, time: Duration) {
    let _ = stream.shutdown().await;
    let mut sink = vec![0u8; 16 << 10];
    let _ =
        tokio::time::timeout(time, async { while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {} })
            .await;
}

/// Answers a connection past [`Options::max_connections`]: 503 with a sentence, and closed.
async fn refuse(mut stream: TcpStream, most: usize, _permit: OwnedSemaphorePermit) {
    let body = serde_json::json!({
        "error": format!("the server has {most} connections open, the most it keeps: close one, or try again in a moment")
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    if let Ok(Ok(())) = tokio::time::timeout(REFUSAL_LINGER, stream.write_all(answer.as_bytes())).await {
        linger(&mut stream, REFUSAL_LINGER).await;
    }
}

/// Stops a request's work when dropped: when its answer is made, or when hyper drops the
/// request because its client left (or the server stops).
struct StopOnDrop(Cancel);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Reads a request's body within the limits, then answers it: at once (the page's files, the
/// list of variants, a run's state), or on a blocking thread of its pool.
async fn answer(site: &Arc<Site>, pools: &Pools, unread: &AtomicBool, request: Request<Incoming>) -> Reply {
    let (head, body) = request.into_parts();
    let method = Method::of(head.method.as_str());
    let path = head.uri.path().to_string();
    let weight = api::weight(method, &path);
    if weight == Weight::Now {
        if !body.is_end_stream() {
            // Not read: hyper reads what has come, and closes the connection if more is due.
            unread.store(true, Ordering::Relaxed);
        }
        return api::answer(site, method, &path, b"", &Cancel::new());
    }
    let refused = |reply: Reply| {
        unread.store(true, Ordering::Relaxed);
        reply.closing()
    };
    // Refused as announced, without reading a byte of it.
    if body.size_hint().lower() > MAX_BODY {
        return refused(api::too_large());
    }
    let within = site.options.body_timeout;
    let body = match tokio::time::timeout(within, Limited::new(body, MAX_BODY as usize).collect()).await {
        Ok(Ok(body)) => body.to_bytes(),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => return refused(api::too_large()),
        Ok(Err(e)) => return refused(Reply::error(400, format!("the request could not be read: {e}"))),
        Err(_) => {
            return refused(Reply::error(
                408,
                format!("the request's body did not come within {} s", within.as_secs_f64()),
            ));
        }
    };
    let permit = if weight == Weight::Thinks {
        match pools.thinking.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let thinking = match site.options.thinking.max(1) {
                    1 => "1 request is".to_string(),
                    n => format!("{n} requests are"),
                };
                return Reply::error(
                    503,
                    format!(
                        "the server is busy: {thinking} thinking already (agents, hints, perfect play, runs started); ask again in a moment"
                    ),
                );
            }
        }
    } else {
        match pools.working.clone().acquire_owned().await {
            Ok(permit) => permit,
            Err(_) => return Reply::error(503, "the server is stopping"),
        }
    };
    let cancel = Cancel::new();
    let _stop = StopOnDrop(cancel.clone());
    let site = site.clone();
    // The permit goes with the work: its place is free only once the work has stopped.
    let work = tokio::task::spawn_blocking(move || {
        let reply = api::answer(&site, method, &path, &body, &cancel);
        drop(permit);
        reply
    });
    work.await.unwrap_or_else(|_| Reply::error(500, "the server failed on this request"))
}

fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut response =
        Response::builder().status(reply.status).header(hyper::header::CONTENT_TYPE, reply.content_type);
    if reply.close {
        response = response.header(hyper::header::CONNECTION, "close");
    }
    response.body(Full::new(Bytes::from(reply.body))).unwrap_or_else(|_| {
        let mut failed =
            Response::new(Full::new(Bytes::from_static(b"{\"error\": \"the answer could not be made\"}")));
        *failed.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
        failed
    })
}

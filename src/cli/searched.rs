//! `sow solve` by search (`play::solve::search`), for boards too large for a table: the
//! options that size it, and its report.

use std::io::{IsTerminal as _, Write as _};
use std::time::{Duration, Instant};

use sow::engine::{Rules, State};
use sow::play::solve::{SearchOptions, SearchProgress, Searched, search};

use super::{CliError, signals, usage};

/// `--memory`: `512M`, `8G`, `8GiB`, `1.5G`, or bytes.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let scale: u64 = match unit.trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(format!("`{text}`: expected a size such as 512M or 8G")),
    };
    match number.parse::<f64>() {
        Ok(n) if n.is_finite() && n > 0.0 && n * (scale as f64) < 1e15 => Ok((n * scale as f64) as u64),
        _ => Err(format!("`{text}`: expected a size such as 512M or 8G")),
    }
}

/// `--time-limit`: `90s`, `10m`, `2h`, or seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = match t.chars().last() {
        Some('s') => (&t[..t.len() - 1], 1.0),
        Some('m') => (&t[..t.len() - 1], 60.0),
        Some('h') => (&t[..t.len() - 1], 3600.0),
        _ => (t, 1.0),
    };
    match number.parse::<f64>() {
        Ok(n) if n.is_finite() && n > 0.0 && n * scale < 1e9 => Ok(Duration::from_secs_f64(n * scale)),
        _ => Err(format!("`{text}`: expected a time such as 90s, 10m or 2h")),
    }
}

/// The disk the endgame databases may take by default: 8 GiB, a table of 21 seeds on Kalah's
/// board (2.1 GB) for each of both capture rules, and more.
pub const DEFAULT_DISK: u64 = 8 << 30;

/// `--endgame-disk`: a size, or 0 (keep none).
pub fn parse_disk(text: &str) -> Result<u64, String> {
    if text.trim() == "0" { Ok(0) } else { parse_memory(text) }
}

/// Where the endgame databases are kept by default: `$XDG_CACHE_HOME/sow/endgame`, else
/// `~/.cache/sow/endgame` (none when neither is set).
pub fn default_endgame_dir() -> Option<std::path::PathBuf> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| std::path::Path::new(&h).join(".cache"))
        })?;
    Some(cache.join("sow").join("endgame"))
}

/// `8.0 GiB`, `512 MiB`.
pub fn bytes(n: u64) -> String {
    sow::play::solve::bytes_words(n)
}

/// A stop asked by `--time-limit` (as opposed to Ctrl-C): a timer that cancels the work.
pub struct TimeLimit {
    ran_out: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl TimeLimit {
    pub fn start(limit: Option<Duration>, cancel: &sow::cancel::Cancel) -> TimeLimit {
        let ran_out = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if let Some(limit) = limit {
            let (flag, cancel) = (ran_out.clone(), cancel.clone());
            // The thread outlives a solve that finishes in time: it only ever sets two flags.
            std::thread::spawn(move || {
                std::thread::sleep(limit);
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
                cancel.cancel();
            });
        }
        TimeLimit { ran_out }
    }

    pub fn ran_out(&self) -> bool {
        self.ran_out.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Searches `start`, with a progress line on a terminal: what it found (incomplete when
/// stopped), and whether Ctrl-C, not the time limit, stopped it.
pub fn run(
    rules: &Rules,
    start: &State,
    options: &SearchOptions,
    limit: Option<Duration>,
) -> Result<(Searched, bool), CliError> {
    let terminal = std::io::stderr().is_terminal();
    let label = rules.spec().label();
    let running = signals::running();
    let timer = TimeLimit::start(limit, running.cancel());
    if terminal {
        let _ = write!(std::io::stderr(), "\rsolving {label} by search: building the endgame table");
    }
    let started = Instant::now();
    let progress_label = label.clone();
    let progress = Box::new(move |p: SearchProgress| {
        if terminal {
            let depth = match p.depth {
                Some(d) => format!("{d} plies deep"),
                None => "to the end".into(),
            };
            let _ = write!(
                std::io::stderr(),
                "\rsolving {progress_label} by search: {} nodes, {:.0} s, {depth}, the value between {} and {}   ",
                p.nodes,
                started.elapsed().as_secs_f64(),
                p.lower,
                p.upper
            );
        }
    });
    let found = search(rules, start, options, progress, running.cancel());
    let stopped_by_hand = running.cancel().is_cancelled() && !timer.ran_out();
    drop(running);
    if terminal {
        let _ = writeln!(std::io::stderr(), " ({:.1} s)", started.elapsed().as_secs_f64());
    }
    let found = match found {
        Err(sow::play::solve::SolveError::Cancelled) if timer.ran_out() => {
            return Err(usage(format!(
                "the time limit ran out while the endgame table of {label} was being built (the seeds finished are saved, where endgame databases are kept): allow more time, or a smaller table (--endgame SEEDS)"
            ))
            .into());
        }
        other => other.map_err(|e| sow::error::In::new(label.clone(), e))?,
    };
    if found.too_deep {
        return Err(usage(format!(
            "{label}: the search followed a line of more than {} plies in which no seed left the board: play that goes round this long cannot be valued by search; a table can (--method table), up to {} positions",
            sow::play::solve::MAX_LINE,
            sow::play::solve::MAX_POSITIONS
        ))
        .into());
    }
    Ok((found, stopped_by_hand))
}

fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

/// The first line of a search's text report: how it was solved and what it took.
pub fn how(s: &Searched, why: &str) -> String {
    let e = &s.endgame;
    let table = match s.endgame_seeds {
        Some(k) => {
            let mut how = Vec::new();
            if let Some(seeds) = e.loaded_seeds {
                how.push(format!("up to {seeds} seeds read in {:.1} s", e.load_seconds));
            }
            if let Some((from, to)) = e.built {
                let seeds = if from == to { format!("{to} seeds") } else { format!("{from} to {to} seeds") };
                how.push(format!("{seeds} built in {:.1} s", e.build_seconds));
            }
            format!(
                "an endgame table of every position of up to {k} seeds on the board ({} positions, {})",
                s.endgame_positions,
                how.join(", ")
            )
        }
        None => "no endgame table".into(),
    };
    format!(
        "solved by search{why} in {:.1} s: {} positions searched in {:.1} s ({:.2} million a second), with {table} and a transposition table of up to {} entries ({})",
        s.seconds + s.endgame_seconds,
        s.nodes,
        s.seconds,
        s.nodes as f64 / s.seconds.max(1e-3) / 1e6,
        s.table_entries,
        bytes(s.table_bytes),
    )
}

/// What became of the endgame database on disk, in a line: `None` when none is kept.
pub fn kept(s: &Searched) -> Option<String> {
    let e = &s.endgame;
    let file = e.file.as_ref()?;
    let what = match (&e.not_saved, e.saved_bytes) {
        (Some(why), _) => format!("not saved: {why}"),
        (None, 0) => format!("Endgame database: `{}`, read", file.display()),
        (None, n) => format!("Endgame database: saved to `{}` ({})", file.display(), bytes(n)),
    };
    let what =
        if e.not_saved.is_some() { format!("Endgame database `{}` {what}", file.display()) } else { what };
    Some(format!("{what}; endgame databases take {} of the disk there.", bytes(e.disk_used)))
}

/// The report of a search stopped before its value was proven.
pub fn partial(rules: &Rules, s: &Searched, place: &str, by_hand: bool) -> String {
    let who = if by_hand { "Ctrl-C" } else { "the time limit" };
    let turn = s.end.turn() + 1;
    format!(
        "{}: stopped by {who} after {:.1} s and {} positions searched: partial.\n\nThe value of {place} for player {turn} is at least {} and at most {}.\n",
        rules.spec().label(),
        s.seconds,
        s.nodes,
        signed(s.lower),
        signed(s.upper),
    )
}

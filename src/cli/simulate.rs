//! `sow simulate`, `sow merge` and `sow bench`: argument checks, progress, Ctrl-C, output
//! files. The games and statistics themselves are the library's (`simulate`, `stats`,
//! `report`).

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use sow::engine::compile::{Rules, compile};
use sow::play::registry::{Player as _, PlayerSpec, RandomPlayer, seat_rng};
use sow::run::report::{Report, RunInfo, VariantReport};
use sow::run::simulate::{self, Job, RunOptions, Shard};

use super::output::AtomicFile;
use super::{Failure, VariantArg, emit, load_spec};

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFormat {
    Table,
    Csv,
    Json,
    Yaml,
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Variants to compare: bundled names or files, each optionally `:RULESET`
    #[arg(required = true, value_name = "VARIANT[:RULESET]")]
    variants: Vec<String>,
    /// Games per variant
    #[arg(long, short, default_value_t = 100_000)]
    games: u64,
    /// Seed of the run: game i is played from a random stream derived from (seed, i) only
    #[arg(long, short, default_value_t = 0)]
    seed: u64,
    /// Player of each seat, or one for every seat: random, greedy, script:PITS, script:FILE,
    /// alphabeta:DEPTH, perfect, perfect:FILE
    #[arg(long, short, default_value = "random", value_name = "P1,P2[,P3]")]
    players: String,
    /// Replace an illegal or missing scripted move by a random one instead of stopping
    #[arg(long, value_name = "PLAYER", value_parser = ["random"])]
    fallback: Option<String>,
    /// Threads (default: every core)
    #[arg(long, short)]
    jobs: Option<usize>,
    /// End every game after this many plies (default: the variant's ply limit)
    #[arg(long, value_name = "PLIES")]
    max_plies: Option<u32>,
    #[command(flatten)]
    output: OutputArgs,
    /// Write every game as one JSON line (replayable with `sow play --moves`)
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Play only games i with i mod N = K-1 (for spreading a run over machines)
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Output format (default: table, or as the --out file's extension says)
    #[arg(long, short, value_enum)]
    format: Option<ResultFormat>,
    /// Show every statistic in the table, not only the main ones
    #[arg(long)]
    all: bool,
    /// Write the results to this file (atomically) instead of standard output
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Draw win rates and game lengths as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Results of `sow simulate --shard K/N --out FILE.json`, one per shard
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// How long to measure
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
}

/// Set by Ctrl-C: the run stops between chunks of games and reports what it finished.
static CANCELLED: AtomicBool = AtomicBool::new(false);

/// The players of a comma-separated list. Numbers continue a script (`script:3,1,5,random`
/// is a script of three moves, then a random player).
fn parse_players(list: &str, fallback: bool) -> Result<Vec<PlayerSpec>, Failure> {
    let mut names: Vec<String> = Vec::new();
    for part in list.split(',').map(str::trim) {
        let continues_script = !part.is_empty()
            && part.chars().all(|c| c.is_ascii_digit())
            && names.last().is_some_and(|n| n.starts_with("script:"));
        match names.last_mut() {
            Some(last) if continues_script => {
                last.push(',');
                last.push_str(part);
            }
            _ => names.push(part.to_string()),
        }
    }
    names.iter().map(|n| PlayerSpec::parse(n, fallback).map_err(Failure::Usage)).collect()
}

fn format_for(output: &OutputArgs) -> ResultFormat {
    if let Some(f) = output.format {
        return f;
    }
    match output.out.as_ref().and_then(|p| p.extension()).and_then(|e| e.to_str()) {
        Some("json") => ResultFormat::Json,
        Some("csv") => ResultFormat::Csv,
        Some("yaml" | "yml") => ResultFormat::Yaml,
        _ => ResultFormat::Table,
    }
}

fn render(report: &Report, output: &OutputArgs) -> String {
    match format_for(output) {
        ResultFormat::Table => report.table(output.all),
        ResultFormat::Csv => report.csv(),
        ResultFormat::Json => report.json(),
        ResultFormat::Yaml => report.yaml(),
    }
}

/// The output files, created before any work so that a bad path fails at once.
struct Outputs {
    out: Option<AtomicFile>,
    plot: Option<AtomicFile>,
}

impl Outputs {
    fn open(output: &OutputArgs) -> Result<Outputs, Failure> {
        if let Some(p) = &output.plot
            && p.extension().is_none_or(|e| e != "svg")
        {
            return Err(Failure::Usage(format!(
                "--plot `{}`: the picture is an SVG file: name it FILE.svg",
                p.display()
            )));
        }
        let open =
            |p: &Option<PathBuf>, opt: &str| p.as_deref().map(|p| AtomicFile::create(p, opt)).transpose();
        Ok(Outputs {
            out: open(&output.out, "--out").map_err(Failure::Usage)?,
            plot: open(&output.plot, "--plot").map_err(Failure::Usage)?,
        })
    }

    /// Writes the results where they go; stdout unless `--out`.
    fn finish(self, report: &Report, output: &OutputArgs) -> Result<(), Failure> {
        let text = render(report, output);
        let write = |f: &mut AtomicFile, text: &str| f.writer().write_all(text.as_bytes());
        if let Some(mut plot) = self.plot {
            write(&mut plot, &sow::run::plot::svg(report)).map_err(|e| Failure::Runtime(e.to_string()))?;
            plot.commit().map_err(Failure::Runtime)?;
        }
        match self.out {
            Some(mut out) => {
                write(&mut out, &text).map_err(|e| Failure::Runtime(e.to_string()))?;
                out.commit().map_err(Failure::Runtime)?;
            }
            None => {
                emit(&text);
            }
        }
        Ok(())
    }
}

/// A progress bar on stderr, shown only at a terminal and only once a run has taken more than
/// a moment. It counts from the start, hidden, so that its rate and estimate are right when it
/// appears.
struct Progress {
    start: Instant,
    bar: ProgressBar,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {rate}, {eta} left")
            .expect("a valid template")
            .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", state.per_sec());
            });
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()).with_style(style);
        Progress {
            start: Instant::now(),
            bar,
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    fn update(&self, done: u64) {
        self.bar.set_position(done);
        if self.enabled
            && self.start.elapsed() > Duration::from_millis(500)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

pub fn simulate(args: &SimulateArgs) -> Result<(String, bool), Failure> {
    if args.games == 0 {
        return Err(Failure::Usage("--games 0: a run needs at least one game".into()));
    }
    if args.jobs == Some(0) {
        return Err(Failure::Usage("--jobs 0: a run needs at least one thread".into()));
    }
    if args.max_plies == Some(0) {
        return Err(Failure::Usage("--max-plies 0: a game needs at least one ply".into()));
    }
    let shard =
        args.shard.as_deref().map(Shard::parse).transpose().map_err(Failure::Usage)?.unwrap_or(Shard::WHOLE);
    let players = parse_players(&args.players, args.fallback.is_some())?;

    // Every variant is loaded and checked before any game is played.
    let mut runs: Vec<(String, Rules, Vec<PlayerSpec>)> = Vec::new();
    for name in &args.variants {
        let (mut spec, _) = load_spec(&VariantArg { variant: name.clone(), ruleset: None })?;
        if let Some(p) = args.max_plies {
            spec.ply_limit = p;
        }
        let rules = compile(&spec);
        if runs.iter().any(|(_, r, _)| r.spec().label() == spec.label()) {
            return Err(Failure::Usage(format!("`{}` is named twice", spec.label())));
        }
        let seats = rules.players();
        let seat_players = match players.len() {
            1 => vec![players[0].clone(); seats],
            n if n == seats => players.clone(),
            n => {
                return Err(Failure::Usage(format!(
                    "{} has {seats} seats, but --players names {n} players: name one for every seat, or one for all",
                    spec.label()
                )));
            }
        };
        // A perfect player loads or computes its table now, once for all its seats.
        let mut solved = None;
        if seat_players.iter().any(|p| matches!(p, PlayerSpec::Perfect { file: None, .. }))
            && std::io::stderr().is_terminal()
        {
            eprintln!("solving {} for the perfect player...", spec.label());
        }
        let seat_players = seat_players
            .iter()
            .map(|p| p.prepare(&rules, &mut solved))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Failure::Usage)?;
        let reference =
            name.rsplit_once(':').filter(|(v, _)| !v.is_empty()).map_or(name.as_str(), |(v, _)| v);
        runs.push((reference.to_string(), rules, seat_players));
    }
    let outputs = Outputs::open(&args.output)?;
    let mut record = args
        .record
        .as_deref()
        .map(|p| AtomicFile::create(p, "--record"))
        .transpose()
        .map_err(Failure::Usage)?;

    let _ = ctrlc::set_handler(|| CANCELLED.store(true, Ordering::SeqCst));
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let opts = RunOptions { games: args.games, seed: args.seed, jobs, shard };
    let per_variant = shard.games(args.games);
    let progress = Progress::new(per_variant * runs.len() as u64);
    let mut report = Report::default();
    for (i, (reference, rules, seat_players)) in runs.iter().enumerate() {
        let job = Job { rules, players: seat_players, reference };
        let before = i as u64 * per_variant;
        let result = simulate::run(
            &job,
            &opts,
            &CANCELLED,
            &|done| progress.update(before + done),
            record.as_mut().map(|r| r.writer() as &mut dyn std::io::Write),
        );
        let result = match result {
            Ok(r) => r,
            Err(e) => {
                progress.clear();
                return Err(Failure::Runtime(e.to_string()));
            }
        };
        let spec = rules.spec();
        let run = RunInfo {
            variant: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            source: reference.clone(),
            games: args.games,
            seed: args.seed,
            players: seat_players.iter().map(PlayerSpec::name).collect(),
            max_plies: spec.ply_limit,
            shard: (shard != Shard::WHOLE).then(|| shard.to_string()),
            partial: result.partial,
        };
        report.0.push(VariantReport::new(run, result.tally));
    }
    progress.clear();
    let partial = report.partial();
    outputs.finish(&report, &args.output)?;
    if let Some(r) = record {
        r.commit().map_err(Failure::Runtime)?;
    }
    Ok((String::new(), partial))
}

/// Checks that results come from shards of one run, and adds them up.
pub fn merge(args: &MergeArgs) -> Result<String, Failure> {
    let mut reports: Vec<(PathBuf, Report)> = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::Usage(format!("cannot read `{}`: {}", path.display(), sow::lang::library::io_reason(&e)))
        })?;
        let report =
            Report::from_json(&text).map_err(|e| Failure::Usage(format!("`{}`: {e}", path.display())))?;
        reports.push((path.clone(), report));
    }
    let merged = merge_reports(&reports).map_err(Failure::Usage)?;
    let outputs = Outputs::open(&args.output)?;
    outputs.finish(&merged, &args.output)?;
    Ok(String::new())
}

fn merge_reports(reports: &[(PathBuf, Report)]) -> Result<Report, String> {
    let (first_path, first) = &reports[0];
    let labels: Vec<String> = first.0.iter().map(VariantReport::label).collect();
    let mut out = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let base = &first.0[i];
        let mut seen: Vec<Option<&Path>> = Vec::new();
        let mut tally = sow::run::stats::Tally::new(base.tally.seats.len());
        for (path, report) in reports {
            let show = path.display();
            let Some(r) = report.0.iter().find(|r| &r.label() == label) else {
                return Err(format!(
                    "`{show}` holds no results for {label} (`{}` does)",
                    first_path.display()
                ));
            };
            let (a, b) = (&base.run, &r.run);
            let differ = |what: &str, x: String, y: String| {
                format!(
                    "cannot merge {label}: `{}` and `{show}` were run with different {what} ({x} and {y})",
                    first_path.display()
                )
            };
            if a.seed != b.seed {
                return Err(differ("seeds", a.seed.to_string(), b.seed.to_string()));
            }
            if a.players != b.players {
                return Err(differ("players", a.players.join(","), b.players.join(",")));
            }
            if a.games != b.games {
                return Err(differ("numbers of games", a.games.to_string(), b.games.to_string()));
            }
            if a.max_plies != b.max_plies {
                return Err(differ("ply limits", a.max_plies.to_string(), b.max_plies.to_string()));
            }
            if a.source != b.source {
                return Err(differ("variant files", a.source.clone(), b.source.clone()));
            }
            if b.partial {
                return Err(format!(
                    "`{show}` holds a partial run of {label} (it was stopped early): run that shard again"
                ));
            }
            let shard = match &b.shard {
                Some(s) => Shard::parse(s).map_err(|e| format!("`{show}`: {e}"))?,
                None => Shard::WHOLE,
            };
            let count = match &a.shard {
                Some(s) => Shard::parse(s).map_err(|e| format!("`{}`: {e}", first_path.display()))?.count,
                None => 1,
            };
            if shard.count != count {
                return Err(differ("shard counts", count.to_string(), shard.count.to_string()));
            }
            if r.tally.games != shard.games(b.games) {
                return Err(format!(
                    "`{show}`: shard {shard} of {} games should hold {} games, not {}",
                    b.games,
                    shard.games(b.games),
                    r.tally.games
                ));
            }
            if seen.len() < count as usize {
                seen.resize(count as usize, None);
            }
            if let Some(other) = seen[shard.index as usize] {
                return Err(format!(
                    "shard {shard} of {label} is given twice: `{}` and `{show}`",
                    other.display()
                ));
            }
            seen[shard.index as usize] = Some(path);
            tally.merge(&r.tally);
        }
        let missing: Vec<String> = seen
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(k, _)| format!("{}/{}", k + 1, seen.len()))
            .collect();
        if !missing.is_empty() {
            return Err(format!("the shards of {label} are incomplete: missing {}", missing.join(", ")));
        }
        let run = sow::run::report::RunInfo { shard: None, ..base.run.clone() };
        out.push(VariantReport::new(run, tally));
    }
    for (path, report) in reports {
        if let Some(extra) = report.0.iter().find(|r| !labels.contains(&r.label())) {
            return Err(format!(
                "`{}` holds results for {}, which `{}` does not",
                path.display(),
                extra.label(),
                first_path.display()
            ));
        }
    }
    Ok(Report(out))
}

/// Random playouts on one core, as fast as the engine goes: no statistics, no recording.
pub fn bench(args: &BenchArgs) -> Result<String, Failure> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(Failure::Usage("--seconds: expected a duration above 0 and at most 3600".into()));
    }
    let (spec, _) = load_spec(&args.variant)?;
    let rules = compile(&spec);
    let budget = Duration::from_secs_f64(args.seconds);
    let start = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    while start.elapsed() < budget {
        for _ in 0..1000 {
            // The random streams of `sow simulate --seed 0`: the same games.
            let mut rngs: Vec<_> = (0..rules.players()).map(|seat| seat_rng(0, games, seat)).collect();
            let mut s = rules.initial_state();
            while let Some(seat) = s.to_move() {
                let pit = RandomPlayer.choose(&rules, &s, &mut rngs[seat]).expect("random always moves");
                rules.apply(&mut s, pit);
            }
            moves += s.plies() as u64;
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    Ok(format!(
        "{}: {games} random playouts in {secs:.2} s on one core: {:.0} playouts/s, {:.0} moves/s, {:.1} plies per game\n",
        spec.label(),
        games as f64 / secs,
        moves as f64 / secs,
        moves as f64 / games as f64
    ))
}

//! `sow simulate`, `sow merge` and `sow bench`: argument checks, progress, Ctrl-C, output
//! files. The games and statistics themselves are the library's (`run`).

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use sow::engine::{Rules, compile};
use sow::error::In;
use sow::lang::library;
use sow::play::registry::PlayerSpec;
use sow::run::estimate::{self, Leg};
use sow::run::metrics::{self, Evaluator, EvaluatorSpec};
use sow::run::report::{Layout, Report, VariantReport, Varied};
use sow::run::simulate::{self, Planned, RunOptions, Shard};

use super::error::write_failed;
use super::output::{self, AtomicFile, Input};
use super::{CliError, VariantArg, emit, load_spec, load_varied, signals, usage};

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFormat {
    Table,
    Csv,
    Json,
    Yaml,
}

/// A count of games: a whole number, in digits (`1000000`) or as a power of ten (`1e6`).
fn count(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a number of games: write it in digits (1000000) or as 1e6");
    let (digits, exponent) = match text.split_once(['e', 'E']) {
        Some((d, e)) => (d, e.parse::<u32>().map_err(|_| bad())?),
        None => (text, 0),
    };
    let n = sow::engine::notation::plain_number(digits).ok_or_else(bad)?;
    10u64
        .checked_pow(exponent)
        .and_then(|p| n.checked_mul(p))
        .ok_or_else(|| format!("`{text}` is more games than can be counted"))
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Variants to compare: bundled names or files, each optionally `:RULESET`
    #[arg(required = true, value_name = "VARIANT[:RULESET]")]
    variants: Vec<String>,
    /// Games per variant (digits, or a power of ten such as 1e6)
    #[arg(long, short, default_value = "100000", value_parser = count)]
    games: u64,
    /// Seed of the run: game i is played from a random stream derived from (seed, i) only
    #[arg(long, short, default_value_t = 0)]
    seed: u64,
    /// Player of each seat, or one for every seat: random, greedy, script:PITS, script:FILE,
    /// alphabeta:DEPTH, mcts:N[,c=X,playouts=K,policy=greedy,solver], perfect, perfect:FILE
    #[arg(long, short, default_value = "random", value_name = "P1,P2[,P3]")]
    players: String,
    /// Replace an illegal or missing scripted move by a random one instead of stopping
    #[arg(long, value_name = "PLAYER", value_parser = ["random"])]
    fallback: Option<String>,
    /// Threads (default: every core; at most 1024)
    #[arg(long, short)]
    jobs: Option<usize>,
    /// End every game after this many plies (default: the variant's ply limit; at most 1000000)
    #[arg(long, value_name = "PLIES")]
    max_plies: Option<u32>,
    #[command(flatten)]
    changes: super::ChangeArgs,
    /// Game-design metrics (balance, completion, drawishness, lead changes, drama,
    /// decisiveness, ...): the table shows them instead of the results
    #[arg(long)]
    metrics: bool,
    /// What judges positions for --metrics: exact (perfect play; the default where the variant
    /// solves in moments), margin (captured seeds), alphabeta:DEPTH or mcts:N
    #[arg(long, value_name = "EVALUATOR", requires = "metrics")]
    evaluator: Option<String>,
    /// A solution table (`sow solve --out FILE`) for the exact evaluator
    #[arg(long, value_name = "FILE", requires = "metrics")]
    solution: Option<PathBuf>,
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
    pub format: Option<ResultFormat>,
    /// Show every statistic in the table, not only the main ones
    #[arg(long)]
    pub all: bool,
    /// The table's layout, whole: a column per variant (wide) or a row per variant (long). By
    /// default wide where it fits the terminal's width ($COLUMNS, or 80 off a terminal), else
    /// long, its columns in blocks that fit
    #[arg(long, value_enum)]
    pub layout: Option<TableLayout>,
    /// Write the results to this file (atomically) instead of standard output
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Draw win rates and game lengths as an SVG picture (a tournament's standings and skill
    /// trace, for `sow merge` of tournament shards)
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
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

/// The players of a comma-separated list. Numbers continue a script (`script:3,1,5,random`
/// is a script of three moves, then a random player), and options an mcts player
/// (`mcts:1000,c=0.7,solver,random`).
fn parse_players(list: &str, fallback: bool) -> Result<Vec<PlayerSpec>, CliError> {
    let mut names: Vec<String> = Vec::new();
    for part in list.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(usage(format!("--players `{list}`: a player is missing between two commas")).into());
        }
        let continues_script = part.chars().all(|c| c.is_ascii_digit())
            && names.last().is_some_and(|n| n.starts_with("script:") && n.len() > "script:".len());
        // `mcts:1000,c=0.7,solver,random`: options continue an mcts player.
        let continues_mcts = (part.contains('=') || part == "solver")
            && names.last().is_some_and(|n| n.starts_with("mcts:") || n == "mcts");
        match names.last_mut() {
            Some(last) if continues_script || continues_mcts => {
                last.push(',');
                last.push_str(part);
            }
            _ => names.push(part.to_string()),
        }
    }
    let players = names
        .iter()
        .map(|n| PlayerSpec::parse(n, fallback).map_err(|e| In::new("--players", e).into()))
        .collect::<Result<Vec<_>, CliError>>()?;
    Ok(players)
}

impl ResultFormat {
    /// The format asked for, or else the one the `--out` file's extension names (a table
    /// when it names none).
    pub fn chosen(given: Option<ResultFormat>, out: Option<&Path>) -> ResultFormat {
        if let Some(f) = given {
            return f;
        }
        match out.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
            Some("json") => ResultFormat::Json,
            Some("csv") => ResultFormat::Csv,
            Some("yaml" | "yml") => ResultFormat::Yaml,
            _ => ResultFormat::Table,
        }
    }
}

/// The layouts of a table (`--layout`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableLayout {
    Wide,
    Long,
}

/// The width a table must fit: `$COLUMNS` where it is set to a number, else the terminal's
/// where the output is one, else 80 characters.
pub fn table_width() -> usize {
    let columns = std::env::var("COLUMNS").ok();
    let terminal = || {
        std::io::stdout().is_terminal().then(|| comfy_table::Table::new().width()).flatten().map(usize::from)
    };
    width_from(columns.as_deref(), terminal)
}

/// [`table_width`] from `$COLUMNS` and the terminal's width.
fn width_from(columns: Option<&str>, terminal: impl FnOnce() -> Option<usize>) -> usize {
    columns
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w > 0)
        .or_else(terminal)
        .filter(|&w| w > 0)
        .unwrap_or(80)
}

fn render(report: &Report, output: &OutputArgs) -> String {
    match ResultFormat::chosen(output.format, output.out.as_deref()) {
        ResultFormat::Table => {
            let layout = match output.layout {
                None => Layout::Auto,
                Some(TableLayout::Long) => Layout::Long,
                Some(TableLayout::Wide) => Layout::Wide,
            };
            report.table_as(output.all, layout, Some(table_width()))
        }
        ResultFormat::Csv => report.csv(),
        ResultFormat::Json => report.json(),
        ResultFormat::Yaml => report.yaml(),
    }
}

/// The output files of a run (`--out` and `--plot`), created before any work so that a bad
/// path fails at once; simulations, tournaments and merges write through them.
pub(super) struct Outputs {
    out: Option<AtomicFile>,
    plot: Option<AtomicFile>,
}

impl Outputs {
    /// Checks `--out` and `--plot` without making anything: the picture is an SVG file, and
    /// with `others` (the run's other outputs) they are other files, none of them one of the
    /// files the run reads.
    pub(super) fn check(
        out: Option<&Path>,
        plot: Option<&Path>,
        others: &[(&str, Option<&Path>)],
        inputs: &[Input],
    ) -> Result<(), CliError> {
        output::svg_name(plot)?;
        let mut all = vec![("--out", out), ("--plot", plot)];
        all.extend_from_slice(others);
        output::distinct(&all)?;
        output::apart(&all, inputs)?;
        Ok(())
    }

    /// Creates `--out` and `--plot` (beside their targets, committed when written).
    pub(super) fn create(out: Option<&Path>, plot: Option<&Path>) -> Result<Outputs, CliError> {
        let open = |p: Option<&Path>, opt: &str| p.map(|p| AtomicFile::create(p, opt)).transpose();
        Ok(Outputs { out: open(out, "--out")?, plot: open(plot, "--plot")? })
    }

    /// [`Outputs::check`], then [`Outputs::create`].
    fn open(
        output: &OutputArgs,
        others: &[(&str, Option<&Path>)],
        inputs: &[Input],
    ) -> Result<Outputs, CliError> {
        let (out, plot) = (output.out.as_deref(), output.plot.as_deref());
        Outputs::check(out, plot, others, inputs)?;
        Outputs::create(out, plot)
    }

    /// Writes `text` where it goes (stdout unless `--out`) and the picture `svg` draws (only
    /// with `--plot`); nothing is committed until both are written.
    pub(super) fn write(self, text: &str, svg: impl FnOnce() -> String) -> Result<(), CliError> {
        let write = |f: &mut AtomicFile, text: &str| {
            f.writer().write_all(text.as_bytes()).map_err(|e| write_failed(sow::files::io_reason(&e)))
        };
        let (mut out, mut plot) = (self.out, self.plot);
        if let Some(p) = plot.as_mut() {
            write(p, &svg())?;
        }
        if let Some(o) = out.as_mut() {
            write(o, text)?;
        }
        if let Some(p) = plot {
            p.commit()?;
        }
        match out {
            Some(o) => o.commit()?,
            None => {
                emit(text);
            }
        }
        Ok(())
    }

    /// Writes a simulation's results, and its picture.
    fn finish(self, report: &Report, output: &OutputArgs) -> Result<(), CliError> {
        self.write(&render(report, output), || sow::run::plot::svg(report))
    }
}

/// Reads a results file to merge (a regular file, of a bounded size).
pub(super) fn read_results(path: &Path) -> Result<String, CliError> {
    let bytes = sow::files::read(path, sow::files::RESULTS).map_err(|e| In::new("merge", e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A progress bar on stderr, shown only at a terminal and only once a run has taken more than
/// a moment. It counts from the start, hidden, so that its rate and estimate are right when it
/// appears.
pub struct Progress {
    start: Instant,
    bar: ProgressBar,
    shown: AtomicBool,
    enabled: bool,
    /// For a simulation of several variants: each one's games, done and time, for the time
    /// left ([`estimate::seconds_left`]); indicatif's one rate for all otherwise.
    legs: Option<Mutex<Legs>>,
}

/// The variants of a simulation, as far as it has gone.
struct Legs {
    legs: Vec<Leg>,
    /// The variant being played, when it began, and the games of the run before it.
    current: usize,
    began: Instant,
    before: u64,
}

impl Progress {
    pub fn new(total: u64) -> Progress {
        Progress::styled(total, "{bar:40} {pos}/{len} games, {rate}, {eta} left", None)
    }

    /// The progress of a simulation of variants played one after another, `games` each,
    /// each game of a variant costing `costs` beside the others' where measured.
    pub fn of_variants(games: u64, costs: Vec<Option<f64>>) -> Progress {
        let legs: Vec<Leg> = costs.into_iter().map(|cost| Leg { games, cost, ..Leg::default() }).collect();
        let total = games.saturating_mul(legs.len() as u64);
        let legs = Legs { legs, current: 0, began: Instant::now(), before: 0 };
        Progress::styled(total, "{bar:40} {pos}/{len} games, {rate}, {msg}", Some(Mutex::new(legs)))
    }

    fn styled(total: u64, template: &str, legs: Option<Mutex<Legs>>) -> Progress {
        let style = ProgressStyle::with_template(template).expect("a valid template").with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", state.per_sec());
            },
        );
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()).with_style(style);
        Progress {
            start: Instant::now(),
            bar,
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
            legs,
        }
    }

    /// Variant `i` begins, after the games `before` of the variants before it.
    pub fn begin(&self, i: usize, before: u64) {
        if let Some(legs) = &self.legs {
            let mut l = legs.lock().unwrap_or_else(|e| e.into_inner());
            (l.current, l.began, l.before) = (i, Instant::now(), before);
        }
    }

    pub fn update(&self, done: u64) {
        if let Some(legs) = &self.legs {
            let mut l = legs.lock().unwrap_or_else(|e| e.into_inner());
            let (i, seconds, before) = (l.current, l.began.elapsed().as_secs_f64(), l.before);
            if let Some(leg) = l.legs.get_mut(i) {
                leg.done = done.saturating_sub(before).min(leg.games);
                leg.seconds = seconds;
            }
            let left = estimate::seconds_left(&l.legs);
            self.bar.set_message(left.map_or(String::new(), |s| {
                format!("{} left", indicatif::HumanDuration(Duration::from_secs_f64(s.max(0.0))))
            }));
        }
        self.bar.set_position(done);
        if self.enabled
            && self.start.elapsed() > Duration::from_millis(500)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// What a game of each variant costs beside the others': the seconds of a random playout,
/// measured for a moment each, where a progress bar may show the time left (at a terminal,
/// with several variants).
fn costs(runs: &[Planned], cancel: &sow::cancel::Cancel) -> Vec<Option<f64>> {
    if runs.len() < 2 || !std::io::stderr().is_terminal() {
        return vec![None; runs.len()];
    }
    // A second in all at most.
    let budget = Duration::from_millis(10).min(Duration::from_secs(1) / runs.len() as u32);
    runs.iter()
        .map(|r| {
            let b = sow::run::bench::bench(&r.rules, budget, cancel);
            (b.games > 0).then(|| b.seconds / b.games as f64)
        })
        .collect()
}

/// Runs a simulation; returns whether it was stopped before its end (Ctrl-C).
pub fn simulate(args: &SimulateArgs) -> Result<bool, CliError> {
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let shard = args.shard.as_deref().map(Shard::parse).transpose().map_err(usage)?.unwrap_or(Shard::WHOLE);
    let opts = RunOptions { games: args.games, seed: args.seed, jobs, shard };
    opts.check()?;
    if let Some(p) = args.max_plies {
        sow::lang::spec::check_ply_limit(p).map_err(|e| usage(format!("--max-plies {p}: {e} plies")))?;
    }
    let players = parse_players(&args.players, args.fallback.is_some())?;

    // Every variant is loaded and checked, and every player prepared for it, before any game
    // is played or any file is written.
    let running = signals::running();
    let cancel = running.cancel();
    let changes = args.changes.changes()?;
    let evaluator = args
        .evaluator
        .as_deref()
        .map(EvaluatorSpec::parse)
        .transpose()
        .map_err(|e| usage(format!("--evaluator {e}")))?;
    if evaluator.as_ref().is_some_and(|e| *e != EvaluatorSpec::Exact) && args.solution.is_some() {
        return Err(usage(
            "--solution is the table of the exact evaluator: drop --evaluator, or give `--evaluator exact`",
        )
        .into());
    }
    let mut runs: Vec<Planned> = Vec::new();
    for name in &args.variants {
        for one in load_varied(&VariantArg { variant: name.clone(), ruleset: None }, &changes)? {
            let spec = &one.spec;
            let mut rules = compile(spec);
            if let Some(p) = args.max_plies {
                rules = rules.with_ply_limit(Some(p));
            }
            if runs.iter().any(|r| r.rules.spec().label() == spec.label()) {
                return Err(usage(format!("`{}` is named twice", spec.label())).into());
            }
            let seat_players =
                simulate::seat_players(&players, &rules).map_err(|e| In::new("--players", e))?;
            // A perfect player loads or computes its table now, once for all its seats.
            if seat_players.iter().any(PlayerSpec::solves) && std::io::stderr().is_terminal() {
                eprintln!("solving {} for the perfect player...", spec.label());
            }
            let mut solved = None;
            let agents = seat_players
                .iter()
                .map(|p| p.prepare(&rules, &mut solved, cancel).map_err(|e| In::new("--players", e)))
                .collect::<Result<Vec<_>, _>>()?;
            // A changed variant is recorded as named, ruleset and all, with its changes.
            let reference = if one.applied.is_empty() { library::split_reference(name).0 } else { name };
            let varied = Varied::of(&one);
            let reference = reference.to_string();
            runs.push(Planned { reference, rules, agents, varied, applied: one.applied, evaluator: None });
        }
    }
    if args.solution.is_some() && runs.len() > 1 {
        return Err(usage("--solution holds the table of one variant: simulate one variant with it").into());
    }
    if args.metrics {
        for run in &mut runs {
            run.evaluator = Some(prepare_evaluator(&run.rules, evaluator.as_ref(), args.solution.as_ref())?);
        }
    }
    let mut inputs = Vec::new();
    for name in &args.variants {
        output::variant_inputs(name, Path::new(""), &mut inputs);
    }
    for p in &players {
        output::player_inputs(p, &mut inputs);
    }
    if let Some(s) = &args.solution {
        inputs.push(Input::new("the solution table of --solution", s));
    }
    let outputs = Outputs::open(&args.output, &[("--record", args.record.as_deref())], &inputs)?;
    let mut record = args.record.as_deref().map(|p| AtomicFile::create(p, "--record")).transpose()?;

    let per_variant = shard.games(args.games);
    let progress = Progress::of_variants(per_variant, costs(&runs, cancel));
    let mut report = Report::default();
    for (i, run) in runs.iter().enumerate() {
        let before = (i as u64).saturating_mul(per_variant);
        progress.begin(i, before);
        let result = simulate::run(
            &run.job(),
            &opts,
            cancel,
            &|done| progress.update(before.saturating_add(done)),
            record.as_mut().map(|r| r.writer() as &mut (dyn std::io::Write + Send)),
        );
        let result = match result {
            Ok(r) => r,
            Err(e) => {
                progress.clear();
                return Err(e.into());
            }
        };
        // After Ctrl-C the variants still to come play no game, and say so.
        report.0.push(VariantReport::new(run.info(&opts, result.partial), result.tally));
    }
    progress.clear();
    drop(running);
    let partial = report.partial();
    outputs.finish(&report, &args.output)?;
    if let Some(r) = record {
        r.commit()?;
    }
    Ok(partial)
}

/// The evaluator of `--metrics` for a variant (see [`metrics::evaluator`]): the table of
/// `--solution`, or the one solved, for `exact`.
fn prepare_evaluator(
    rules: &Rules,
    asked: Option<&EvaluatorSpec>,
    solution: Option<&PathBuf>,
) -> Result<Evaluator, CliError> {
    let seeds = rules.total_seeds() as usize;
    let exact = || super::solve::solution_for(rules, seeds, solution);
    metrics::evaluator(rules, asked, solution.is_some(), exact).map_err(|e| {
        let instead = match e.instead() {
            [] => String::new(),
            [one] => format!("; use `--evaluator {one}`"),
            [first, rest @ ..] => {
                let rest: Vec<String> = rest.iter().map(|r| format!("`{r}`")).collect();
                format!("; use `--evaluator {first}` or {}", rest.join(" or "))
            }
        };
        usage(format!("--evaluator {}: {e}{instead}", e.evaluator()))
    })?
}

/// Checks that results come from shards of one run, and adds them up: a simulation's, or a
/// tournament's, as the first file says. Each file is read and parsed once.
pub fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let inputs: Vec<Input> = args.files.iter().map(|p| Input::new("one of the results merged", p)).collect();
    let (out, plot) = (args.output.out.as_deref(), args.output.plot.as_deref());
    Outputs::check(out, plot, &[], &inputs)?;
    let first = &args.files[0];
    let map = sow::run::merge::parse(first, &read_results(first)?)?;
    if map.contains_key("tournament") {
        let report = super::tournament::report_of(first, serde_json::Value::Object(map))?;
        return super::tournament::merge(&args.files, report, &args.output);
    }
    let mut reports: Vec<(PathBuf, Report)> = vec![(first.clone(), sow::run::merge::from_map(first, map)?)];
    for path in &args.files[1..] {
        let map = sow::run::merge::parse(path, &read_results(path)?)?;
        if map.contains_key("tournament") {
            return Err(usage(format!(
                "`{}` holds the results of a tournament, `{}` those of a simulation: merge the shards of one run",
                path.display(),
                first.display()
            ))
            .into());
        }
        reports.push((path.clone(), sow::run::merge::from_map(path, map)?));
    }
    let merged = sow::run::merge::merge(&reports)?;
    Outputs::create(out, plot)?.finish(&merged, &args.output)
}

/// Random playouts on one core, as fast as the engine goes: no statistics, no recording.
pub fn bench(args: &BenchArgs) -> Result<String, CliError> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(usage("--seconds: expected a duration above 0 and at most 3600").into());
    }
    let (spec, _) = load_spec(&args.variant)?;
    let rules = compile(&spec);
    let running = signals::running();
    let b = sow::run::bench::bench(&rules, Duration::from_secs_f64(args.seconds), running.cancel());
    Ok(format!(
        "{}: {} random playouts in {:.2} s on one core: {:.0} playouts/s, {:.0} moves/s, {:.1} plies per game\n",
        spec.label(),
        b.games,
        b.seconds,
        b.playouts_per_second(),
        b.moves_per_second(),
        b.moves as f64 / b.games.max(1) as f64
    ))
}

#[cfg(test)]
mod tests {
    use super::width_from;

    #[test]
    fn a_table_fits_columns_else_the_terminal_else_80() {
        assert_eq!(width_from(Some("120"), || Some(100)), 120);
        assert_eq!(width_from(None, || Some(100)), 100);
        assert_eq!(width_from(None, || None), 80);
        // A COLUMNS that is no width is passed over.
        assert_eq!(width_from(Some("wide"), || None), 80);
        assert_eq!(width_from(Some("0"), || Some(90)), 90);
        assert_eq!(width_from(Some(" 72 "), || None), 72);
    }
}

//! `sow tournament FILE.yaml`: reads and checks the file, prepares every agent, plays with a
//! progress bar, appends each game to `--record` as it ends, continues from `--resume`, and
//! writes the tables. The tournament itself is the library's (`tournament`).

use std::fs::OpenOptions;
use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use clap::Args;

use sow::error::In;
use sow::run::simulate::Shard;
use sow::tournament::entrants::entrants;
use sow::tournament::file::{Format, Tournament};
use sow::tournament::play::{self, Sitting};
use sow::tournament::report::{self, TournamentReport};
use sow::tournament::schedule::Plan;

use super::error::write_failed;
use super::output::{self, Input};
use super::simulate::{OutputArgs, Outputs, Progress, ResultFormat, read_results};
use super::{CliError, signals, usage};

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The tournament file (YAML): variants, participants, format, games, openings, seed
    #[arg(value_name = "FILE.yaml")]
    file: PathBuf,
    #[command(flatten)]
    changes: super::ChangeArgs,
    /// Threads (default: every core)
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Output format (default: table, or as the --out file's extension says)
    #[arg(long, short, value_enum)]
    format: Option<ResultFormat>,
    /// Write the results to this file (atomically) instead of standard output
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Draw the skill trace (and the ratings) as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Append every game to this file (JSON lines) as it ends
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Continue an interrupted tournament from its records (and go on appending to them)
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    resume: Option<PathBuf>,
    /// Play only units i with i mod N = K-1 (for spreading a tournament over machines)
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

pub fn render(report: &TournamentReport, format: ResultFormat) -> String {
    match format {
        ResultFormat::Table => report.table(),
        ResultFormat::Csv => report.csv(),
        ResultFormat::Json => report.json(),
        ResultFormat::Yaml => report.yaml(),
    }
}

/// The files a tournament reads: its own, its variants' (and those they extend), its players'
/// scripts and solution tables.
fn inputs(t: &Tournament, file: &Path) -> Vec<Input> {
    let mut inputs = vec![Input::new("the tournament file", file)];
    let dir = file.parent().unwrap_or(Path::new(""));
    for e in &t.variants {
        output::variant_inputs(&e.reference, dir, &mut inputs);
    }
    for p in &t.participants {
        output::player_inputs(&p.agent, &mut inputs);
    }
    inputs
}

/// Runs a tournament; returns whether it was stopped before its end (Ctrl-C).
pub fn tournament(args: &TournamentArgs) -> Result<bool, CliError> {
    let changes = args.changes.changes()?;
    let t = sow::tournament::file::load_with(&args.file, &changes)?;
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 || jobs > sow::run::simulate::MAX_JOBS {
        return Err(usage(format!("--jobs {jobs}: expected 1 to {}", sow::run::simulate::MAX_JOBS)).into());
    }
    let shard = args.shard.as_deref().map(Shard::parse).transpose().map_err(usage)?.unwrap_or(Shard::WHOLE);
    if shard != Shard::WHOLE {
        if matches!(t.format, Format::Swiss { .. }) {
            return Err(usage("--shard: a Swiss tournament cannot be split: each round is paired from every result of the rounds before it").into());
        }
        if t.sprt.is_some() {
            return Err(usage(
                "--shard: a match with an SPRT cannot be split: when it stops depends on every game before",
            )
            .into());
        }
    }
    let records = args.resume.as_deref().or(args.record.as_deref());
    let record_option = if args.resume.is_some() { "--resume" } else { "--record" };
    let (out, plot) = (args.out.as_deref(), args.plot.as_deref());
    Outputs::check(out, plot, &[(record_option, records)], &inputs(&t, &args.file))?;
    // Games read back are kept until they are counted: records are for runs of bounded size.
    let plan = Plan::new(&t);
    let games = plan.total_games.div_ceil(shard.count());
    if let Some(option) = [("--record", &args.record), ("--resume", &args.resume)]
        .iter()
        .find_map(|(o, p)| p.as_ref().map(|_| o))
        && games > play::MAX_RECORDED_GAMES
    {
        return Err(usage(format!(
            "{option}: this run plays {games} games; records are kept of runs of at most {} games: split it with --shard",
            play::MAX_RECORDED_GAMES
        ))
        .into());
    }
    // Records to resume must exist, and say so when they are read.
    if let Some(r) = &args.record {
        output::check_place(r, "--record")?;
    }
    // Every output is known to be writable before the records are read, truncated or made:
    // a run that cannot write its results leaves an existing record file as it was.
    let outputs = Outputs::create(out, plot)?;

    let running = signals::running();
    let cancel = running.cancel();
    let entrants = entrants(&t, |spec, rules, solved| {
        if spec.solves() && solved.is_none() && std::io::stderr().is_terminal() {
            eprintln!("solving {} for {}...", rules.spec().label(), spec.name());
        }
        spec.prepare(rules, solved, cancel)
    })?;

    // Records: read back and continued, or started afresh.
    let mut resumed = Default::default();
    let mut record_file = None;
    if let Some(path) = &args.resume {
        let (file, _) = sow::files::open(path).map_err(|e| In::new("--resume", e))?;
        let back = play::read_records(&t, &mut std::io::BufReader::new(file), &entrants.names)
            .map_err(|why| usage(format!("--resume `{}`: {why}", path.display())))?;
        resumed = back.games;
        let file = OpenOptions::new().write(true).open(path).map_err(|e| {
            usage(format!("--resume `{}`: cannot write there: {}", path.display(), sow::files::io_reason(&e)))
        })?;
        // A last line cut short by the interruption is cut off; its game is played again.
        file.set_len(back.valid).map_err(|e| write_failed(sow::files::io_reason(&e)))?;
        let mut w = std::io::BufWriter::new(file);
        use std::io::Seek as _;
        w.seek(std::io::SeekFrom::End(0)).map_err(|e| write_failed(sow::files::io_reason(&e)))?;
        if back.header_unended {
            w.write_all(b"\n").map_err(|e| write_failed(sow::files::io_reason(&e)))?;
        }
        record_file = Some(w);
    } else if let Some(path) = &args.record {
        let file = std::fs::File::create(path).map_err(|e| {
            usage(format!("--record `{}`: cannot write there: {}", path.display(), sow::files::io_reason(&e)))
        })?;
        record_file = Some(std::io::BufWriter::new(file));
    }

    let progress = Progress::new(games);
    let sitting = Sitting {
        jobs,
        shard,
        cancel,
        progress: &|done| progress.update(done),
        resumed,
        resuming: args.resume.is_some(),
    };
    let played = play::run(
        &t,
        &entrants.cast(),
        sitting,
        record_file.as_mut().map(|w| w as &mut (dyn std::io::Write + Send)),
    );
    progress.clear();
    let played = played?;
    drop(running);
    if played.partial {
        let at = records.map_or(String::new(), |p| {
            format!("; `sow tournament {} --resume {}` continues it", args.file.display(), p.display())
        });
        eprintln!("stopped after {} games{at}", played.games);
        return Ok(true);
    }
    let shown = (shard != Shard::WHOLE).then(|| shard.to_string());
    let report = report::report(&t, &played, shown, report::opening_values(&t, &entrants.agents));
    let text = render(&report, ResultFormat::chosen(args.format, out));
    outputs.write(&text, || sow::tournament::plot::svg(&report))?;
    Ok(false)
}

/// Reads the results of a tournament shard, if the file holds one.
pub fn read_report(path: &Path, text: &str) -> Option<Result<TournamentReport, CliError>> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.get("tournament")?;
    Some(report_of(path, value))
}

/// The results of a tournament shard, from the JSON of `path`.
pub fn report_of(path: &Path, value: serde_json::Value) -> Result<TournamentReport, CliError> {
    TournamentReport::from_value(value).map_err(|e| usage(format!("`{}`: {e}", path.display())).into())
}

/// `sow check FILE.yaml`: every mistake of a tournament file, nothing played.
pub fn check(path: &Path) -> Result<String, sow::lang::diagnostic::Diagnostics> {
    let t = sow::tournament::file::load(path)?;
    let plan = Plan::new(&t);
    let labels: Vec<String> = t.variants.iter().map(|e| e.rules.spec().label()).collect();
    Ok(format!(
        "ok: {}: {} ({}; {} participants; {} games)\n",
        path.display(),
        t.name,
        labels.join(", "),
        t.participants.len(),
        plan.total_games
    ))
}

/// `sow merge` of tournament shards (`sow tournament --shard K/N --out FILE.json`): the first
/// file's results are read already, and the outputs checked. `--all` is refused: a
/// tournament's tables have no shorter form.
pub fn merge(files: &[PathBuf], first: TournamentReport, output: &OutputArgs) -> Result<(), CliError> {
    if output.all {
        return Err(usage(
            "--all: a tournament's tables show every figure already (`--all` is for simulations): drop --all",
        )
        .into());
    }
    if output.layout.is_some() {
        return Err(usage(
            "--layout: a tournament's tables have one layout (`--layout` is for simulations): drop --layout",
        )
        .into());
    }
    let mut parts = vec![(files[0].display().to_string(), first)];
    for path in &files[1..] {
        let report = read_report(path, &read_results(path)?).unwrap_or_else(|| {
            Err(usage(format!(
                "`{}` holds no tournament results: merge the shards of one tournament",
                path.display()
            ))
            .into())
        })?;
        parts.push((path.display().to_string(), report));
    }
    let merged = report::merge(&parts).map_err(|e| In::new("merge", e))?;
    let (out, plot) = (output.out.as_deref(), output.plot.as_deref());
    let text = render(&merged, ResultFormat::chosen(output.format, out));
    Outputs::create(out, plot)?.write(&text, || sow::tournament::plot::svg(&merged))
}

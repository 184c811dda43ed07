//! Command definitions (clap) and the commands that are a few lines each. The work is the
//! library's; a command reads its arguments, calls the library and prints what it returns.

mod diff;
mod error;
mod interactive;
mod output;
mod searched;
mod serve;
mod signals;
mod simulate;
mod solve;
mod tournament;

use std::io::{IsTerminal as _, Write as _};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use comfy_table::{Table, presets};

use sow::engine::notation;
use sow::engine::replay::{self, PositionReport};
use sow::engine::{PositionError, Rules, State, compile};
use sow::error::In;
use sow::lang::check;
use sow::lang::library::{self, BUNDLED};
use sow::lang::vary::{self, Change, ChangeKind};

pub use error::{CliError, Message, usage};

const EXIT_HELP: &str = "Exit status: 0 success; 1 a request that failed when carried out (a move \
that is illegal at its ply, a script that runs out, an output that cannot be written); 2 bad input, \
found before anything ran (a variant file with mistakes, an unknown name or option, a malformed \
value, a file that cannot be read); 130 stopped by Ctrl-C (a simulation prints its finished games, \
marked partial).";

#[derive(Parser, Debug)]
#[command(
    name = "sow",
    version,
    about = "Mancala (sowing game) rules as data: check, describe, show and play variant files; \
             simulate, compare and solve them",
    after_help = EXIT_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the bundled variants and their rulesets, one line each
    List,
    /// Check variant files (or bundled variants) and tournament files (`.yaml`): `ok` lines, or
    /// every mistake with its place
    Check {
        /// Variant files (`path/to/file.sow`), bundled variant names, or tournament files
        /// (`path/to/file.yaml`)
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Describe a variant's rules in plain English, with its sources
    Describe(DescribeArgs),
    /// Compare the rules of two variants or rulesets: only those that differ, in describe's words
    Diff(diff::DiffArgs),
    /// Draw a variant's starting board, pits labelled by number
    Show(VariantArg),
    /// Replay moves and print every board, or play a game against other players
    Play(PlayArgs),
    /// Play many games and compare variants: win rates, game lengths, captures
    Simulate(simulate::SimulateArgs),
    /// Combine the results of shards (`simulate --shard K/N --out FILE.json`) into one
    Merge(simulate::MergeArgs),
    /// Measure random playouts per second on one core
    Bench(simulate::BenchArgs),
    /// Solve a two-player variant: its value with perfect play, best openings, a perfect game
    Solve(solve::SolveArgs),
    /// Play a tournament described in a YAML file: standings with ratings, head-to-head
    /// figures, seats, openings, and how much skill counts
    Tournament(tournament::TournamentArgs),
    /// Serve a local web page to play, read and edit variants (Ctrl-C to stop)
    Serve(serve::ServeArgs),
    /// Print a completion script for a shell: bash, zsh, fish, powershell or elvish
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), for `man`
    Man,
}

#[derive(Args, Debug)]
pub struct DescribeArgs {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    set: SetArgs,
}

#[derive(Args, Debug)]
pub struct VariantArg {
    /// A bundled variant (`bakuk`), a file (`path/to/file.sow`), optionally `:RULESET`
    pub variant: String,
    /// A ruleset of the variant (see `sow list`)
    #[arg(long, short)]
    pub ruleset: Option<String>,
}

/// Rules changed on the command line: `--set` for one run, `--vary` for a run per value.
#[derive(Args, Debug, Default)]
pub struct ChangeArgs {
    /// Change one rule, written as in a variant file: `--set "seeds 4 in each pit"` (may be
    /// repeated)
    #[arg(long, value_name = "RULE")]
    pub set: Vec<String>,
    /// Run once for each value of a rule's placeholder: `--vary "seeds {2..8} in each pit"`,
    /// `--vary "first seed into the {next, emptied} pit"`; twice for a grid
    #[arg(long, value_name = "RULE")]
    pub vary: Vec<String>,
}

/// `--set` alone, for the commands that read one variant's rules.
#[derive(Args, Debug, Default)]
pub struct SetArgs {
    /// Change one rule, written as in a variant file: `--set "seeds 4 in each pit"` (may be
    /// repeated)
    #[arg(long, value_name = "RULE")]
    pub set: Vec<String>,
}

impl ChangeArgs {
    /// The changes, `--set` first (in order), then `--vary`, each read and checked.
    pub fn changes(&self) -> Result<Vec<Change>, CliError> {
        let mut diags = sow::lang::diagnostic::Diagnostics::default();
        let mut out = Vec::new();
        let given = self
            .set
            .iter()
            .map(|t| (ChangeKind::Set, t))
            .chain(self.vary.iter().map(|t| (ChangeKind::Vary, t)));
        for (kind, text) in given {
            match Change::parse(&vary::COMMAND_LINE, kind, text) {
                Ok(c) => out.push(c),
                Err(d) => diags.extend(d),
            }
        }
        if diags.has_errors() {
            return Err(diags.into());
        }
        Ok(out)
    }
}

/// The variants `arg` names with `changes` applied: one for each point of the grid of the
/// `--vary` values, in order (the first `--vary` slowest). Every one is checked before any is
/// returned; the mistakes of all are reported at once, the warnings printed.
pub fn load_varied(arg: &VariantArg, changes: &[Change]) -> Result<Vec<vary::Varied>, CliError> {
    let (name, ruleset) = split_variant(arg)?;
    let file = library::load(&name)?;
    let vary::Variants { variants, base_warnings: mut warnings, warnings: changed } =
        vary::variants(&file, ruleset.as_deref(), changes)?;
    warnings.extend(changed);
    if !warnings.0.is_empty() {
        let _ = std::io::stderr().write_all(format!("{warnings}\n").as_bytes());
    }
    Ok(variants)
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    set: SetArgs,
    /// Moves to play in turn, as pit numbers: `3,1,5` or `"3 1 5"`
    #[arg(long, short, value_name = "PITS", allow_hyphen_values = true)]
    moves: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// Output: every move and board (text), or the final position as one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Play a game (against --opponent) even when the input is not a terminal
    #[arg(long, conflicts_with = "moves")]
    interactive: bool,
    /// Your seat in an interactive game (default 1)
    #[arg(long, value_name = "PLAYER", conflicts_with = "moves")]
    seat: Option<usize>,
    /// Seed of the other players in an interactive game (default: a fresh one)
    #[arg(long, conflicts_with = "moves")]
    seed: Option<u64>,
    /// Who plays the other seats of an interactive game: random, greedy, alphabeta:DEPTH,
    /// mcts:N, perfect, ...
    #[arg(long, value_name = "PLAYER", conflicts_with = "moves")]
    opponent: Option<String>,
    /// Show the value of every legal move with perfect play (solves the variant first, in
    /// seconds, unless --solution is given)
    #[arg(long)]
    hint: bool,
    /// A solution table (from `sow solve --out FILE`) for --hint and the perfect opponent
    #[arg(long, value_name = "FILE")]
    solution: Option<std::path::PathBuf>,
}

/// A position given by hand instead of the start.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Start from this position instead: seeds in pits 1..N, e.g. `0,2,1,0,3,1`
    #[arg(long, value_name = "SEEDS", allow_hyphen_values = true)]
    position: Option<String>,
    /// The player to move in `--position` (default: the variant's first player)
    #[arg(long, value_name = "PLAYER", requires = "position")]
    to_move: Option<usize>,
}

impl PositionArgs {
    pub fn given(&self) -> bool {
        self.position.is_some()
    }

    /// The position of `--position` and `--to-move`, or the start.
    pub fn state(&self, rules: &Rules) -> Result<State, CliError> {
        let Some(text) = &self.position else {
            return Ok(rules.initial_state());
        };
        let pits = notation::parse_seeds(text).map_err(|e| In::new("--position", e))?;
        let to_move = match self.to_move {
            Some(0) => {
                let e = PositionError::NoSuchPlayer { given: 0, players: rules.players() };
                return Err(In::new("--to-move", e).into());
            }
            Some(p) => p - 1,
            None => rules.spec().first_player as usize,
        };
        Ok(rules.state_from(&pits, to_move).map_err(|e| {
            let place = match e {
                PositionError::NoSuchPlayer { .. } => "--to-move",
                _ => "--position",
            };
            In::new(place, e)
        })?)
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Writes to stdout; a closed pipe (`sow describe bakuk | head`) ends output quietly.
pub fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_ok()
}

pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::List => list(),
        Command::Check { files } => return check_files(&files),
        Command::Describe(v) => describe(&v),
        Command::Diff(a) => diff::diff(&a),
        Command::Show(v) => show(&v),
        Command::Play(p) => play(&p),
        Command::Simulate(a) => match simulate::simulate(&a) {
            // Stopped by Ctrl-C: the results of the finished games were printed, marked partial.
            Ok(true) => return ExitCode::from(sow::error::Status::Interrupted.code()),
            other => other.map(|_| String::new()),
        },
        Command::Merge(a) => simulate::merge(&a).map(|()| String::new()),
        Command::Bench(a) => simulate::bench(&a),
        Command::Solve(a) => match solve::solve(&a) {
            // Stopped by Ctrl-C: the bounds a search proved were printed, marked partial.
            Ok((text, true)) => {
                emit(&text);
                return ExitCode::from(sow::error::Status::Interrupted.code());
            }
            other => other.map(|(text, _)| text),
        },
        Command::Serve(a) => serve::serve(&a).map(|()| String::new()),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "sow", &mut out);
            Ok(String::from_utf8(out).expect("a completion script is text"))
        }
        Command::Man => {
            let mut out = Vec::new();
            clap_mangen::Man::new(<Cli as clap::CommandFactory>::command())
                .render(&mut out)
                .map_err(|e| CliError::from(error::write_failed(e.to_string())))
                .map(|()| String::from_utf8(out).expect("a man page is text"))
        }
        Command::Tournament(a) => match tournament::tournament(&a) {
            // Stopped by Ctrl-C: the records hold the finished games, and `--resume` goes on.
            Ok(true) => return ExitCode::from(sow::error::Status::Interrupted.code()),
            other => other.map(|_| String::new()),
        },
    };
    match result {
        Ok(text) => {
            emit(&text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = std::io::stderr().write_all(e.message().as_bytes());
            ExitCode::from(e.status().code())
        }
    }
}

/// `bakuk`, `bakuk:valdez`, `my.sow:valdez` with `--ruleset`: the variant and its ruleset.
fn split_variant(arg: &VariantArg) -> Result<(String, Option<String>), Message> {
    let (name, inline) = library::split_reference(&arg.variant);
    match (inline, &arg.ruleset) {
        (Some(a), Some(b)) if a != b => {
            Err(usage(format!("two rulesets named: `{a}` in `{}` and `--ruleset {b}`", arg.variant)))
        }
        (Some(a), _) => Ok((name.to_string(), Some(a.to_string()))),
        (None, r) => Ok((name.to_string(), r.clone())),
    }
}

pub fn load_spec(arg: &VariantArg) -> Result<(sow::lang::spec::Spec, Vec<String>), CliError> {
    let (name, ruleset) = split_variant(arg)?;
    let file = library::load(&name)?;
    let (spec, warnings) = check::check(&file, ruleset.as_deref())?;
    // Warnings do not stop a command, but the reader of the file should see them.
    if !warnings.0.is_empty() {
        let _ = std::io::stderr().write_all(format!("{warnings}\n").as_bytes());
    }
    let rulesets = file.ruleset_names().iter().map(|s| s.to_string()).collect();
    Ok((spec, rulesets))
}

fn list() -> Result<String, CliError> {
    let mut table = Table::new();
    table.load_style(presets::NOTHING);
    table.set_header(["name", "variant", "board", "rulesets", "region"]);
    let mut text_rulesets = false;
    for (name, text) in BUNDLED {
        let file = library::load_bundled(name, text)?;
        let (spec, _) = check::check(&file, None)?;
        text_rulesets |= file.ruleset_names().contains(&TEXT_RULESET);
        let rulesets = file.ruleset_names().join(", ");
        table.add_row([
            *name,
            &spec.name,
            &board_words(&spec),
            if rulesets.is_empty() { "-" } else { &rulesets },
            spec.about.region.as_deref().unwrap_or("-"),
        ]);
    }
    let text = table.to_string();
    let mut out = text.lines().map(str::trim_end).collect::<Vec<_>>().join("\n") + "\n";
    out.push_str(BOARD_WORDS);
    if text_rulesets {
        out.push_str(TEXT_RULESETS);
    }
    Ok(out)
}

/// The ruleset that records how a rules text reads where the variant follows a program's code.
const TEXT_RULESET: &str = "text";

/// What `sow list` says under its table of a board's words.
const BOARD_WORDS: &str = "
board: the rows x the pits of a row, `stores` where the board has them, and the players.
";

/// What `sow list` says under its table of the rulesets `text`.
const TEXT_RULESETS: &str =
    "text: a ruleset of the rules as Ludii's rules text reads them, where they differ from Ludii's
  code, which the variant itself follows (`sow diff bao bao:text` shows how they differ).
";

/// A variant's board and players in a few words: `2 x 6, stores, 2 players`.
pub fn board_words(spec: &sow::lang::spec::Spec) -> String {
    format!(
        "{} x {}{}, {} players",
        spec.rows,
        spec.pits_per_row,
        if spec.stores { ", stores" } else { "" },
        spec.players
    )
}

/// Checks every file, even after one fails; exit 2 if any has an error.
/// The most rulesets an `ok:` line names one by one.
const MANY_RULESETS: usize = 8;

fn check_files(files: &[String]) -> ExitCode {
    let mut failed = false;
    for name in files {
        let mut ok_line = None;
        if name.ends_with(".yaml") || name.ends_with(".yml") {
            match tournament::check(std::path::Path::new(name)) {
                Ok(line) => {
                    emit(&line);
                }
                Err(d) => {
                    failed = true;
                    let _ = std::io::stderr().write_all(format!("{d}\n").as_bytes());
                }
            }
            continue;
        }
        let diags = match library::load(name) {
            Ok(file) => {
                let diags = check::check_all(&file);
                if !diags.has_errors() {
                    let rulesets = file.ruleset_names();
                    let mut line = format!("ok: {name}: {}", file.name());
                    // A file of many rulesets names a few: the line stays a line.
                    match rulesets.len() {
                        0 => {}
                        1..=MANY_RULESETS => line.push_str(&format!(" (rulesets: {})", rulesets.join(", "))),
                        n => line.push_str(&format!(
                            " (rulesets: {} and {} more)",
                            rulesets[..MANY_RULESETS - 2].join(", "),
                            n - (MANY_RULESETS - 2)
                        )),
                    }
                    let warnings = diags.warnings().count();
                    if warnings > 0 {
                        line.push_str(&format!(
                            ", {warnings} warning{}",
                            if warnings == 1 { "" } else { "s" }
                        ));
                    }
                    // Printed at once, so that with `2>&1` each line follows its warnings.
                    ok_line = Some(line + "\n");
                }
                diags
            }
            Err(d) => d,
        };
        failed |= diags.has_errors();
        if !diags.0.is_empty() {
            let _ = std::io::stderr().write_all(format!("{diags}\n").as_bytes());
        }
        if let Some(line) = ok_line {
            emit(&line);
        }
    }
    if failed { ExitCode::from(sow::error::Status::BadInput.code()) } else { ExitCode::SUCCESS }
}

fn describe(args: &DescribeArgs) -> Result<String, CliError> {
    if args.set.set.is_empty() {
        let (spec, rulesets) = load_spec(&args.variant)?;
        let names: Vec<&str> = rulesets.iter().map(String::as_str).collect();
        return Ok(sow::lang::describe::describe(&spec, &names));
    }
    let spec = load_set(&args.variant, &args.set)?;
    // The rulesets are the named variant's: a changed variant has none of its own.
    Ok(sow::lang::describe::describe(&spec, &[]))
}

/// The variant `arg` names with the `--set` rules applied.
pub fn load_set(arg: &VariantArg, set: &SetArgs) -> Result<sow::lang::spec::Spec, CliError> {
    let changes = ChangeArgs { set: set.set.clone(), vary: Vec::new() }.changes()?;
    let mut varied = load_varied(arg, &changes)?;
    Ok(varied.remove(0).spec)
}

fn show(arg: &VariantArg) -> Result<String, CliError> {
    let (spec, _) = load_spec(arg)?;
    // The hands hold nothing at the start, but where the seeds start in them.
    let hands = spec.start_hands();
    Ok(format!(
        "{}: player {} moves first\n{}",
        spec.label(),
        spec.first_player + 1,
        sow::lang::draw::board(&spec, &spec.seeds, &hands)
    ))
}

/// `hint: perfect play values for player 1: pit 3 +2 (best), pit 2 0, pit 1 -2`, or nothing
/// once the game is over.
pub fn hint_text(solution: &sow::play::solve::Solution, rules: &Rules, state: &State) -> String {
    let Some(mover) = state.to_move() else { return String::new() };
    let mut moves = solution.move_values(rules, state);
    moves.sort_by_key(|m| (-m.value, m.mv));
    let best = moves.first().map_or(0, |m| m.value);
    let parts: Vec<String> = moves
        .iter()
        .map(|m| {
            let v = if m.value > 0 { format!("+{}", m.value) } else { m.value.to_string() };
            let mv =
                if m.mv.hand() > 0 || m.mv.is_pass() { m.mv.to_string() } else { format!("pit {}", m.mv) };
            if m.value == best { format!("{mv} {v} (best)") } else { format!("{mv} {v}") }
        })
        .collect();
    format!("hint: perfect play values for player {}: {}\n", mover + 1, parts.join(", "))
}

fn play(args: &PlayArgs) -> Result<String, CliError> {
    let spec = if args.set.set.is_empty() {
        load_spec(&args.variant)?.0
    } else {
        load_set(&args.variant, &args.set)?
    };
    let rules = compile(&spec);
    let start = args.position.state(&rules)?;
    // Moves are read before anything is played: a mistake in the list is bad input.
    let moves = match &args.moves {
        Some(text) => notation::parse_moves_from(&rules, &start, text).map_err(|e| In::new("--moves", e))?,
        None => Vec::new(),
    };
    if args.interactive && args.format == Format::Json {
        return Err(usage("an interactive game prints text: drop `--format json`").into());
    }
    let interactive = args.interactive
        || (args.moves.is_none() && args.format == Format::Text && std::io::stdin().is_terminal());
    if !interactive && (args.seat.is_some() || args.seed.is_some() || args.opponent.is_some()) {
        return Err(usage(
            "--seat, --seed and --opponent are for an interactive game: add --interactive, or run at a terminal",
        )
        .into());
    }
    let opponent =
        sow::play::registry::PlayerSpec::parse(args.opponent.as_deref().unwrap_or("random"), false)
            .map_err(|e| In::new("--opponent", e))?;
    let perfect_opponent = interactive && opponent.solves();
    if args.solution.is_some() && !args.hint && !perfect_opponent {
        return Err(usage("--solution is for --hint or --opponent perfect").into());
    }
    // One table, big enough for the position played, serves the hints and a perfect opponent.
    let seeds = (rules.total_seeds() as usize).max(start.seeds_on_board() as usize);
    let table = if args.hint || perfect_opponent {
        Some(std::sync::Arc::new(solve::solution_for(&rules, seeds, args.solution.as_ref())?))
    } else {
        None
    };
    let hints = table.as_deref().filter(|_| args.hint);
    if interactive {
        let mut solved = table.clone();
        let cancel = sow::cancel::Cancel::new();
        let opponent =
            opponent.prepare(&rules, &mut solved, &cancel).map_err(|e| In::new("--opponent", e))?;
        let game = interactive::Game { rules: &rules, seat: args.seat.unwrap_or(1), seed: args.seed, hints };
        return game.play(start, &opponent);
    }
    let steps = replay::replay(&rules, start, &moves)?;
    let last = steps.last().map_or(start, |s| s.after);
    if args.format == Format::Json {
        let mut report = PositionReport::new(&rules, &last);
        if let Some(h) = hints {
            report.move_values = Some(
                h.move_values(&rules, &last)
                    .iter()
                    .map(|m| replay::MoveValue { mv: m.mv, value: m.value })
                    .collect(),
            );
        }
        return Ok(serde_json::to_string(&report).expect("a report serializes") + "\n");
    }
    let hint_line =
        |state: &State| -> String { hints.map_or(String::new(), |h| hint_text(h, &rules, state)) };
    let mut out = format!("{}\n", spec.label());
    out.push_str(&format!("start: {}\n", replay::describe_status(&rules, &start)));
    out.push_str(&replay::draw_state(&spec, &start));
    out.push_str(&hint_line(&start));
    for step in &steps {
        out.push('\n');
        out.push_str(&replay::describe_step(step));
        out.push('\n');
        out.push_str(&replay::draw_state(&spec, &step.after));
        out.push_str(&hint_line(&step.after));
    }
    out.push('\n');
    out.push_str(&replay::describe_status(&rules, &last));
    out.push('\n');
    Ok(out)
}

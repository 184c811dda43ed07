//! `sow solve`: the exact value of a variant, its openings and a perfect game, from the
//! library's retrograde analysis (`play::solve`).

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};

use sow::engine::{Move, Rules, State};
use sow::lang::spec::{Leftovers, StoreSowing};
use sow::play::solve::{self, Solution};

use super::output::{self, AtomicFile};
use sow::run::report::Varied;
use sow::run::solved::{SearchFigures, SolveReport, solved_rules};

use super::searched;
use super::{CliError, Format, PositionArgs, VariantArg, load_varied, signals, usage};

/// How `sow solve` values a game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A table for boards of at most 25 million positions, and for games without stores sown
    /// into when the positions they reach fit --memory; else a search
    Auto,
    /// A table of the positions the game reaches from the position valued (of every
    /// distribution of the seeds with --strong)
    Table,
    /// A search from the position valued, over an endgame table
    Search,
}

/// The most distributions (either player to move) `--method auto` solves by a table whatever
/// the game: seconds of work.
const AUTO_TABLE_POSITIONS: u64 = 25_000_000;

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// Save the solution table to this file (a compact binary file)
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Load a solution table saved with --out instead of solving again
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    solution: Option<PathBuf>,
    /// Value this position instead of the start
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    changes: super::ChangeArgs,
    /// Output: text, or one JSON object (a list of them for `--vary`)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// With `--vary`: draw the game's value against the varied rule as an SVG picture
    #[arg(long, value_name = "FILE.svg", requires = "vary")]
    plot: Option<PathBuf>,
    /// Threads playing each layer's moves (default: every core; at most 1024); the solution
    /// is the same whatever their number
    #[arg(long, short)]
    jobs: Option<usize>,
    /// How to solve: a table of the positions reached, a search from the position valued,
    /// or whichever suits the board's size
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// A table of every distribution of the seeds, either player to move (a strong
    /// solution), not only of the positions the game reaches
    #[arg(long)]
    strong: bool,
    /// Memory a search may use for its tables, and that decides --method auto (e.g. 512M, 8G;
    /// default: a quarter of the machine's memory)
    #[arg(long, value_name = "SIZE", value_parser = searched::parse_memory)]
    memory: Option<u64>,
    /// A search looks up the positions of at most this many seeds on the board in an endgame
    /// table (default: the database saved for these rules, grown by about a minute of
    /// building a search, up to what half the memory holds)
    #[arg(long, value_name = "SEEDS")]
    endgame: Option<usize>,
    /// The folder where a search keeps its endgame databases, one for each set of rules
    /// (default: $XDG_CACHE_HOME/sow/endgame, or ~/.cache/sow/endgame)
    #[arg(long, value_name = "DIR")]
    endgame_dir: Option<PathBuf>,
    /// The most disk the endgame databases may take together, the least recently used given
    /// up first (e.g. 20G; default: 8G; 0 keeps none)
    #[arg(long, value_name = "SIZE", value_parser = searched::parse_disk)]
    endgame_disk: Option<u64>,
    /// Stop after this long (e.g. 90s, 10m, 2h): a search then reports the bounds it proved
    #[arg(long, value_name = "TIME", value_parser = searched::parse_duration)]
    time_limit: Option<std::time::Duration>,
}

impl SolveArgs {
    /// The threads a solve uses.
    fn threads(&self) -> Result<usize, CliError> {
        match self.jobs {
            None => Ok(solve::default_threads()),
            Some(n) if (1..=sow::run::simulate::MAX_JOBS).contains(&n) => Ok(n),
            Some(n) => {
                Err(usage(format!("--jobs {n}: expected 1 to {}", sow::run::simulate::MAX_JOBS)).into())
            }
        }
    }
}

/// Loads or computes the solution of every position of `rules` with at most `seeds` seeds, on
/// every core: what valuing any position of a game needs.
pub fn solution_for(rules: &Rules, seeds: usize, file: Option<&PathBuf>) -> Result<Solution, CliError> {
    let solution = solution_with(rules, seeds, file, None, solve::default_threads(), None)?;
    match file {
        Some(path) if solution.reachable_only() => Err(usage(format!(
            "`{}` holds the positions reachable from one start only, and this values any position: make a table of every one with `sow solve --strong --out FILE`",
            path.display()
        ))
        .into()),
        _ => Ok(solution),
    }
}

/// A solver's error about `rules`, named by the variant: a rule it cannot value points at its
/// line, as `sow check` points at a mistake.
pub fn refusal(rules: &Rules, e: solve::SolveError) -> CliError {
    let label = rules.spec().label();
    match e.diagnostic(&label) {
        Some(d) => CliError::Located(d.into()),
        None => sow::error::In::new(label, e).into(),
    }
}

/// Checks, before any work, that a table of `rules` (of `every` distribution, or of the
/// positions reached) can be made: the error names the variant.
fn check_table(rules: &Rules, seeds: usize, every: bool) -> Result<(), CliError> {
    let checked =
        if every { solve::check_solvable(rules, seeds) } else { solve::check_reachable(rules, seeds) };
    checked.map_err(|e| refusal(rules, e))?;
    Ok(())
}

/// The solution of `rules` loaded from `file`, or computed on `threads` threads: of the
/// positions reachable `from` a position (at most the number given), or of every position with
/// at most `seeds` seeds.
fn solution_with(
    rules: &Rules,
    seeds: usize,
    file: Option<&PathBuf>,
    from: Option<(&State, u64)>,
    threads: usize,
    limit: Option<Duration>,
) -> Result<Solution, CliError> {
    tabled(rules, seeds, file, from, threads, limit)?.map_err(|e| refusal(rules, e))
}

/// [`solution_with`], but more positions reached than allowed are the inner error
/// ([`solve::SolveError::TooManyReachable`]), for `--method auto` to search instead.
fn tabled(
    rules: &Rules,
    seeds: usize,
    file: Option<&PathBuf>,
    from: Option<(&State, u64)>,
    threads: usize,
    limit: Option<Duration>,
) -> Result<Result<Solution, solve::SolveError>, CliError> {
    if let Some(path) = file {
        return Ok(Ok(Solution::load(path, rules, seeds)?));
    }
    check_table(rules, seeds, from.is_none())?;
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let running = signals::running();
    let timer = searched::TimeLimit::start(limit, running.cancel());
    let layers = std::cell::Cell::new(None);
    let progress = |t, done| {
        layers.set(Some(t));
        if terminal {
            let _ =
                write!(std::io::stderr(), "\rsolving {}: {t} seeds, {done} positions", rules.spec().label());
        }
    };
    if terminal {
        let _ =
            write!(std::io::stderr(), "\rsolving {}: finding the positions reached", rules.spec().label());
    }
    let solution = match from {
        Some((start, most)) => solve::solve_reached(rules, start, most, threads, &progress, running.cancel()),
        None => solve::solve_with(rules, seeds, threads, &progress, running.cancel()),
    };
    drop(running);
    if terminal {
        let _ = writeln!(std::io::stderr(), " ({:.1} s)", started.elapsed().as_secs_f64());
    }
    match solution {
        Err(solve::SolveError::Cancelled) if timer.ran_out() => {
            let done = match layers.get() {
                Some(t) => format!("the positions of up to {t} of its {seeds} seeds were solved"),
                None => "no layer of positions was solved".into(),
            };
            Err(usage(format!(
                "the time limit ran out before the table of {} was complete ({done}); a table has no value before it is complete: allow more time, or solve by search (--method search), which reports the bounds it proved",
                rules.spec().label()
            ))
            .into())
        }
        Err(e @ solve::SolveError::TooManyReachable { .. }) => Ok(Err(e)),
        Err(e @ solve::SolveError::Cancelled) => Err(e.into()),
        Err(e) => Err(refusal(rules, e)),
        Ok(solution) => Ok(Ok(solution)),
    }
}

/// How a variant is solved, once `--method` is read.
#[derive(Debug, Clone, PartialEq)]
enum Plan {
    /// A table (of the positions reached, or of every one with `--strong`).
    Table,
    /// A search; the words of its first line that say why `--method auto` chose it.
    Search(String),
    /// `--method auto`: a table if no more than so many positions are reached (what the memory
    /// holds), else a search, whose first line says why.
    Reached { most: u64, memory: u64 },
}

impl SolveArgs {
    /// How to solve `rules` with `seeds` seeds: by `--method`, or, for `auto`, a table when its
    /// positions fit the memory (a table always finishes, in time about proportional to its
    /// positions, while a search may not when play goes round in circles), else a search.
    fn plan(&self, rules: &Rules, seeds: usize) -> Result<Plan, CliError> {
        let table_only = self.out.is_some() || self.solution.is_some() || self.strong;
        if table_only && self.method == Method::Search {
            return Err(usage(
                "--out, --solution and --strong are for a table: solve with --method table (or auto)",
            )
            .into());
        }
        let plan = if table_only || self.method == Method::Table {
            Plan::Table
        } else {
            solve::check_rules(rules).map_err(|e| refusal(rules, e))?;
            self.auto(rules, seeds)?
        };
        if self.endgame.is_some() && !matches!(plan, Plan::Search(_)) {
            return Err(usage(
                "--endgame sizes the endgame table of a search, and this is solved by a table: add --method search",
            )
            .into());
        }
        if let Some(dir) = self.endgame_dir.as_ref().filter(|d| d.exists() && !d.is_dir()) {
            return Err(
                usage(format!("--endgame-dir `{}`: it is a file, not a folder", dir.display())).into()
            );
        }
        Ok(plan)
    }

    /// `--method search`, or what `--method auto` takes for `rules` with `seeds` seeds.
    fn auto(&self, rules: &Rules, seeds: usize) -> Result<Plan, CliError> {
        if self.method == Method::Search {
            return Ok(Plan::Search(String::new()));
        }
        let memory = self.memory()?;
        let n = solve::state_space(rules.pits(), seeds);
        let board = || {
            let n = n.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
            Plan::Search(format!(" (the board has {n} positions, either player to move)"))
        };
        Ok(match n {
            // Seconds of work, whatever the game.
            Some(n) if n <= AUTO_TABLE_POSITIONS && n.saturating_mul(solve::PEAK_BYTES) <= memory => {
                Plan::Table
            }
            // Seeds sown into stores leave the board at most moves: play hardly goes round in
            // circles, and a search visits far fewer positions than a table holds (Kalah(4,5)
            // under `empty-capture`: 754,697,988 distributions, 58,013,440 reached, 103 s by a
            // table, under 12 by a search).
            _ if rules.spec().store_sowing != StoreSowing::Neither => board(),
            // Without them play goes round in circles between captures, where a search may
            // never settle (Bakuk with 8 seeds a pit) and a table always finishes: a table,
            // if the positions reached fit the memory beside their bits (one a distribution).
            Some(n) if n <= solve::MAX_MARKED && n / 8 < memory => {
                Plan::Reached { most: (memory - n / 8) / solve::PEAK_BYTES, memory }
            }
            _ => board(),
        })
    }

    /// `--memory`, or the default: refused when the machine has less.
    fn memory(&self) -> Result<u64, CliError> {
        match (self.memory, solve::machine_memory()) {
            (Some(m), Some(machine)) if m > machine => Err(usage(format!(
                "--memory {}: this machine has {} of memory: give at most that",
                searched::bytes(m),
                searched::bytes(machine)
            ))
            .into()),
            (Some(m), _) => Ok(m),
            (None, _) => Ok(solve::default_memory()),
        }
    }

    fn search_options(&self) -> Result<solve::SearchOptions, CliError> {
        let disk = self.endgame_disk.unwrap_or(searched::DEFAULT_DISK);
        let dir = self.endgame_dir.clone().or_else(searched::default_endgame_dir);
        let store = dir.filter(|_| disk > 0).map(|dir| solve::EndgameStore { dir, disk });
        Ok(solve::SearchOptions {
            memory: self.memory()?,
            endgame: self.endgame,
            threads: self.threads()?,
            store,
        })
    }
}

/// What is left of `--time-limit` after `spent`: a search after a table was given up shares
/// the limit with it.
fn left(limit: Option<Duration>, spent: Duration) -> Option<Duration> {
    limit.map(|l| l.saturating_sub(spent).max(Duration::from_millis(1)))
}

/// The words of a search's first line after `--method auto` gave up a table of more than
/// `most` positions.
fn too_many_for(most: u64, memory: u64) -> String {
    format!(
        " (more than {most} positions can be reached, more than a table holds in {} of memory)",
        searched::bytes(memory)
    )
}

fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

/// `sow solve`: the report, and whether Ctrl-C stopped a search (the report is then partial).
pub fn solve(args: &SolveArgs) -> Result<(String, bool), CliError> {
    args.memory()?;
    let changes = args.changes.changes()?;
    let mut variants = load_varied(&args.variant, &changes)?;
    if !args.changes.vary.is_empty() {
        return sweep(args, variants).map(|text| (text, false));
    }
    if args.plot.is_some() {
        return Err(usage("--plot draws a sweep: add `--vary RULE`").into());
    }
    let spec = variants.remove(0).spec;
    let rules = solved_rules(&spec);
    let start: State = args.position.state(&rules)?;
    let seeds = (rules.total_seeds() as usize).max(start.seeds_on_board() as usize);
    let plan = args.plan(&rules, seeds)?;
    let most = match &plan {
        Plan::Search(why) => return search_one(args, &rules, &start, why, args.time_limit),
        Plan::Reached { most, .. } => *most,
        Plan::Table => solve::MAX_POSITIONS,
    };
    let mut inputs = Vec::new();
    output::variant_inputs(&args.variant.variant, std::path::Path::new(""), &mut inputs);
    if let Some(s) = &args.solution {
        inputs.push(output::Input::new("the solution table of --solution", s));
    }
    output::apart(&[("--out", args.out.as_deref())], &inputs)?;
    let mut out_file = args.out.as_deref().map(|p| AtomicFile::create(p, "--out")).transpose()?;
    let started = Instant::now();
    let from = (!args.strong).then_some((&start, most));
    let solution =
        match tabled(&rules, seeds, args.solution.as_ref(), from, args.threads()?, args.time_limit)? {
            Ok(solution) => solution,
            Err(e) => match plan {
                // More positions than the memory holds as a table: searched instead.
                Plan::Reached { most, memory } => {
                    let limit = left(args.time_limit, started.elapsed());
                    return search_one(args, &rules, &start, &too_many_for(most, memory), limit);
                }
                _ => return Err(refusal(&rules, e)),
            },
        };
    let seconds = started.elapsed().as_secs_f64();
    if let Some(file) = out_file.as_mut() {
        solution
            .save(file.writer())
            .map_err(|e| super::error::write_failed(format!("cannot write the solution: {e}")))?;
    }
    let report = report(&rules, &solution, &start, None, args.solution.as_deref())?;
    if let Some(file) = out_file {
        file.commit()?;
    }
    if args.format == Format::Json {
        return Ok((serde_json::to_string_pretty(&report).expect("a report serializes") + "\n", false));
    }
    let how =
        if args.solution.is_some() { "loaded".to_string() } else { format!("solved in {seconds:.1} s") };
    let which = match (solution.reachable_only(), args.position.given()) {
        (false, _) => "every distribution of the seeds, either player to move",
        (true, false) => "those a game from the start reaches",
        (true, true) => "those a game from the position reaches",
    };
    let first = format!("{}: {} positions ({which}), {how}", rules.spec().label(), solution.positions());
    Ok((text(&report, &rules, &start, &first, args.position.given()), false))
}

/// `sow solve` by search: the report, partial when stopped (and whether Ctrl-C stopped it);
/// `why`, the words of its first line that say why it was searched.
fn search_one(
    args: &SolveArgs,
    rules: &Rules,
    start: &State,
    why: &str,
    limit: Option<Duration>,
) -> Result<(String, bool), CliError> {
    let (found, by_hand) = searched::run(rules, start, &args.search_options()?, limit)?;
    let place = if args.position.given() {
        format!("the position {:?} with player {} to move", start.pits(), start.turn() + 1)
    } else {
        "the start".into()
    };
    if !found.complete {
        let out = if args.format == Format::Json {
            let spec = rules.spec();
            let partial = serde_json::json!({
                "variant": spec.name,
                "ruleset": spec.ruleset,
                "position": start.pits(),
                "to_move": start.turn() + 1,
                "search": SearchFigures::of(&found),
            });
            serde_json::to_string_pretty(&partial).expect("a report serializes") + "\n"
        } else {
            searched::partial(rules, &found, &place, by_hand)
        };
        return Ok((out, by_hand));
    }
    let report = SolveReport::from_search(rules, &found, start, None);
    if args.format == Format::Json {
        return Ok((serde_json::to_string_pretty(&report).expect("a report serializes") + "\n", false));
    }
    let mut first = format!("{}: {}", rules.spec().label(), searched::how(&found, why));
    if let Some(kept) = searched::kept(&found) {
        first = format!("{first}\n{kept}");
    }
    Ok((text(&report, rules, start, &first, args.position.given()), false))
}

/// The report of a table's value of `start`: the table loaded from `file`, or else solved
/// from `start` (or for every position).
fn report(
    rules: &Rules,
    solution: &Solution,
    start: &State,
    varied: Option<Varied>,
    file: Option<&std::path::Path>,
) -> Result<SolveReport, CliError> {
    SolveReport::from_table(rules, solution, start, varied, file.is_none()).ok_or_else(|| {
        let file = file.map_or("the table".into(), |f| format!("`{}`", f.display()));
        usage(format!(
            "the position is not in {file}, which holds the positions reachable from another start: solve it again from this one, or with --strong"
        ))
        .into()
    })
}

/// `sow solve VARIANT --vary RULE`: every variant of the sweep solved in turn, one line each.
fn sweep(args: &SolveArgs, variants: Vec<sow::lang::vary::Varied>) -> Result<String, CliError> {
    if args.out.is_some() || args.solution.is_some() {
        return Err(usage(
            "--out and --solution hold the table of one variant: solve the variants of a sweep one at a time to keep them",
        )
        .into());
    }
    // Every variant is compiled, its position set and its size checked before any is solved.
    let mut runs = Vec::new();
    for v in variants {
        let rules = solved_rules(&v.spec);
        let start: State = args.position.state(&rules)?;
        let seeds = (rules.total_seeds() as usize).max(start.seeds_on_board() as usize);
        let plan = args.plan(&rules, seeds)?;
        if plan == Plan::Table {
            check_table(&rules, seeds, args.strong)?;
        }
        let varied = Varied::of(&v).expect("a sweep varies a rule");
        runs.push((rules, start, seeds, varied, plan));
    }
    let mut inputs = Vec::new();
    output::variant_inputs(&args.variant.variant, std::path::Path::new(""), &mut inputs);
    output::apart(&[("--plot", args.plot.as_deref())], &inputs)?;
    let mut plot = args.plot.as_deref().map(|p| AtomicFile::create(p, "--plot")).transpose()?;
    let mut reports = Vec::new();
    let mut seconds = Vec::new();
    for (rules, start, seeds, varied, plan) in &runs {
        let started = Instant::now();
        // A sweep reports only complete values.
        let searched = |limit| -> Result<SolveReport, CliError> {
            let (found, _) = searched::run(rules, start, &args.search_options()?, limit)?;
            if !found.complete {
                return Err(usage(format!(
                    "{} was stopped before its value was proven (it lies between {} and {}): a sweep reports only complete values",
                    rules.spec().label(),
                    signed(found.lower),
                    signed(found.upper)
                ))
                .into());
            }
            Ok(SolveReport::from_search(rules, &found, start, Some(varied.clone())))
        };
        let most = match plan {
            Plan::Search(_) => None,
            Plan::Reached { most, .. } => Some(*most),
            Plan::Table => Some(solve::MAX_POSITIONS),
        };
        let report = match most {
            None => searched(args.time_limit)?,
            Some(most) => {
                let from = (!args.strong).then_some((start, most));
                match tabled(rules, *seeds, None, from, args.threads()?, args.time_limit)? {
                    Ok(solution) => report(rules, &solution, start, Some(varied.clone()), None)?,
                    // More positions than the memory holds as a table: searched instead.
                    Err(_) if matches!(plan, Plan::Reached { .. }) => {
                        searched(left(args.time_limit, started.elapsed()))?
                    }
                    Err(e) => return Err(refusal(rules, e)),
                }
            }
        };
        seconds.push(started.elapsed().as_secs_f64());
        reports.push(report);
    }
    if let Some(file) = plot.as_mut() {
        let svg = sow::run::sweep::svg(&value_sweep(&reports.iter().collect::<Vec<_>>()));
        file.writer()
            .write_all(svg.as_bytes())
            .map_err(|e| super::error::write_failed(sow::files::io_reason(&e)))?;
    }
    if let Some(file) = plot {
        file.commit()?;
    }
    if args.format == Format::Json {
        return Ok(serde_json::to_string_pretty(&reports).expect("a report serializes") + "\n");
    }
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
    let names = runs[0].3.rules.clone();
    let mut header: Vec<String> = names.iter().map(|r| r.to_string()).collect();
    header.extend(
        ["value", "winner", "best first moves", "perfect game", "reachable positions won / drawn / lost"]
            .map(String::from),
    );
    table.set_header(header);
    for r in &reports {
        let mut row: Vec<String> = r.varied.as_ref().map_or(Vec::new(), |v| v.values.clone());
        let best: Vec<String> = r.best_moves().map(|m| m.to_string()).collect();
        row.extend([
            format!("{} for player {}", signed(r.value), r.to_move),
            match r.winner {
                Some(w) => format!("player {w}"),
                None => "draw".into(),
            },
            if best.is_empty() { "-".into() } else { best.join(" ") },
            if r.endless {
                format!("{} plies, endless", r.principal_variation.len())
            } else {
                let f = r.final_scores.as_ref().map_or(String::new(), |f| format!(", {} to {}", f[0], f[1]));
                format!("{} plies{f}", r.principal_variation.len())
            },
            match &r.reachable {
                Some(p) => format!(
                    "{:.1}% / {:.1}% / {:.1}% of {}",
                    100.0 * p.wins as f64 / p.positions.max(1) as f64,
                    100.0 * p.draws as f64 / p.positions.max(1) as f64,
                    100.0 * p.losses as f64 / p.positions.max(1) as f64,
                    p.positions
                ),
                None => "(searched, not counted)".into(),
            },
        ]);
        table.add_row(row);
    }
    let mut label = runs[0].3.base.clone();
    if runs[0].0.is_first_round() {
        label.push_str(" (its first round)");
    }
    let total: f64 = seconds.iter().sum();
    Ok(format!(
        "{label}, with perfect play from {} ({} variants, solved in {total:.1} s); the positions are those the player to move wins, draws or loses, of those reachable from it\n{table}\n",
        if args.position.given() { "the position given" } else { "the start" },
        reports.len(),
    ))
}

/// The values of a sweep as a picture: value for player 1 against the last rule varied, a line
/// per variant and value of the rules varied before it.
fn value_sweep(reports: &[&SolveReport]) -> sow::run::sweep::Sweep {
    use sow::run::sweep::{Panel, Point, Series, Sweep, rule_with};
    let mut x: Vec<String> = Vec::new();
    let mut groups: Vec<String> = Vec::new();
    let mut series: Vec<Series> = Vec::new();
    let mut rule = String::new();
    let mut points = Vec::new();
    for r in reports {
        let Some(v) = &r.varied else { continue };
        rule = v.rules.last().cloned().unwrap_or_default();
        let (last, rest) = v.values.split_last().expect("a sweep varies a rule");
        let mut name = v.base.clone();
        for (rule, value) in v.rules.iter().zip(rest) {
            name = format!("{name}, {}", rule_with(rule, value));
        }
        let g = groups.iter().position(|n| *n == name).unwrap_or_else(|| {
            groups.push(name);
            groups.len() - 1
        });
        let i = x.iter().position(|n| n == last).unwrap_or_else(|| {
            x.push(last.clone());
            x.len() - 1
        });
        // For player 1, whoever is to move.
        let value = if r.to_move == 1 { r.value } else { -r.value };
        points.push((g, i, value));
    }
    for g in 0..groups.len() {
        series.push(Series { group: g, hollow: false, points: vec![None; x.len()] });
    }
    for (g, i, value) in points {
        series[g].points[i] = Some(Point { y: f64::from(value), interval: None });
    }
    Sweep {
        title: format!("{}: the value with perfect play", groups.join(", ")),
        subtitle: "seeds player 1 wins by (below 0: player 2 wins), both playing perfectly".into(),
        x_desc: rule,
        x,
        groups,
        panels: vec![Panel {
            caption: "Value of the game for player 1".into(),
            y_desc: "seeds".into(),
            series,
            zero: true,
            y_range: None,
        }],
    }
}

fn share(part: u64, all: u64) -> String {
    format!("{part} ({:.1}%)", 100.0 * part as f64 / all.max(1) as f64)
}

/// `player 2 wins by 3 seeds` or `the game is a draw`.
fn verdict(r: &SolveReport) -> String {
    match r.winner {
        Some(w) => {
            format!("player {w} wins by {} seed{}", r.value.abs(), if r.value.abs() == 1 { "" } else { "s" })
        }
        None => "the game is a draw".into(),
    }
}

/// Who the seeds left on the board go to, for a game that is over.
fn leftovers(rules: &Rules, start: &State) -> String {
    let scores = rules.scores(start);
    let left = |p: usize| scores[p] - start.captured()[p] as u32;
    match (rules.spec().leftovers, start.seeds_on_board()) {
        (_, 0) => "No seeds are left on the board".into(),
        (Leftovers::Nobody, n) => format!("The {n} seeds left on the board go to nobody"),
        (Leftovers::Owner, _) => format!(
            "The seeds left go to their pits' owners: player 1 takes {} and player 2 {}",
            left(0),
            left(1)
        ),
        (Leftovers::NotRunOut, _) => match rules.ran_out(start) {
            Some(p) => format!("The seeds left go to player {}, who did not run out", 2 - p),
            None => format!(
                "The seeds left go to their pits' owners: player 1 takes {} and player 2 {}",
                left(0),
                left(1)
            ),
        },
        (Leftovers::LastMover, _) => match start.last_mover() {
            Some(p) => format!("The seeds left go to player {}, who moved last", p + 1),
            None => {
                "The seeds left go to the player who moved last, and in a position given by hand nobody has"
                    .into()
            }
        },
    }
}

/// The text report; `first` its first line (what was solved, how, and what it took).
fn text(r: &SolveReport, rules: &Rules, start: &State, first: &str, custom: bool) -> String {
    let label = rules.spec().label();
    let mut out = String::new();
    out.push_str(first);
    out.push_str("\n\n");
    if let Some(r) = rules.spec().rounds.filter(|_| r.first_round) {
        out.push_str(&format!(
            "{label} is played in rounds; this is its first round (`{}`), valued by the seeds each \
             player holds when it is over: those they captured and those they take from their pits.\n\n",
            r.lines()[0]
        ));
    }
    let place = if custom {
        format!("the position {:?} with player {} to move", r.position, r.to_move)
    } else {
        "the start".into()
    };
    if let Some(reason) = start.end() {
        let why = sow::engine::replay::why_over(start, reason);
        out.push_str(&format!(
            "The game is already over at {place}: {why}. {}, so {} (value {} for player {}).\n",
            leftovers(rules, start),
            verdict(r),
            signed(r.value),
            r.to_move
        ));
    } else {
        out.push_str(&format!(
            "With perfect play from {place}, {} (value {} for player {}).\n",
            verdict(r),
            signed(r.value),
            r.to_move
        ));
        out.push_str(&format!("\nMoves of player {} and their values:\n", r.to_move));
        // Moves as wide as the widest (`2` or `2ccw`), so that the values line up.
        let width = r.openings.iter().map(|m| m.mv.to_string().len()).max().unwrap_or(1);
        for m in &r.openings {
            let best = match (m.exact, m.value == r.value) {
                (true, true) => "  best",
                (true, false) => "",
                // A search shows a move worse than the best and stops there.
                (false, _) => " or less",
            };
            let mv = m.mv.to_string();
            let pad = width.saturating_sub(mv.len());
            out.push_str(&format!("  pit {mv}{:pad$}  {:>4}{best}\n", "", signed(m.value)));
        }
        let pv: Vec<String> = r.principal_variation.iter().map(Move::to_string).collect();
        out.push_str(&format!("\nA perfect game: {}", pv.join(" ")));
        match &r.final_scores {
            Some(s) if custom => {
                out.push_str(&format!("; from there, player 1 takes {} and player 2 {}\n", s[0], s[1]))
            }
            Some(s) if r.first_round => out
                .push_str(&format!("; the round is over, player 1 holding {} and player 2 {}\n", s[0], s[1])),
            Some(s) => out.push_str(&format!("; final score {} to {}\n", s[0], s[1])),
            None => out.push_str(" ... and round again: endless play, worth 0 from there\n"),
        }
    }
    let (Some(p), Some(q)) = (&r.positions, &r.reachable) else { return out };
    out.push('\n');
    // A table of the reachable positions holds those alone: said once.
    if p != q {
        out.push_str(&format!(
            "All positions: {} won, {} drawn, {} lost by the player to move.\n",
            share(p.wins, p.positions),
            share(p.draws, p.positions),
            share(p.losses, p.positions)
        ));
    }
    out.push_str(&format!(
        "Reachable from {}: {} position{}: {} won, {} drawn, {} lost by the player to move.\n",
        if custom { "this position" } else { "the start" },
        q.positions,
        if q.positions == 1 { "" } else { "s" },
        share(q.wins, q.positions),
        share(q.draws, q.positions),
        share(q.losses, q.positions)
    ));
    out
}

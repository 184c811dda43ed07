//! `sow solve`: the exact value of a variant, its openings and a perfect game, from the
//! library's retrograde analysis (`solve`).

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use sow::engine::State;
use sow::engine::compile::{Rules, compile};
use sow::play::solve::{self, Counts, Solution};

use super::output::AtomicFile;
use super::{Failure, Format, PositionArgs, VariantArg, load_spec};

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
    /// Output: text, or one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Serialize)]
struct MoveReport {
    pit: usize,
    value: i32,
}

#[derive(Serialize)]
struct SolveReport {
    variant: String,
    ruleset: Option<String>,
    /// Seeds per pit of the position valued, pit 1 first.
    position: Vec<u8>,
    /// 1-based.
    to_move: usize,
    /// The margin the player to move can force: seeds they win minus seeds the opponent wins
    /// from here on, with perfect play.
    value: i32,
    /// The player who wins with perfect play (1-based), or null for a draw.
    winner: Option<usize>,
    openings: Vec<MoveReport>,
    principal_variation: Vec<usize>,
    /// True when the perfect game goes round in circles for ever (worth 0 from there).
    endless: bool,
    /// Final scores of the perfect game from the position (null when endless).
    final_scores: Option<Vec<u32>>,
    positions: Counts,
    /// Positions that can occur in a game from the position valued.
    reachable: Counts,
}

/// Loads or computes the solution of `rules` with at least `seeds` seeds.
pub fn solution_for(rules: &Rules, seeds: usize, file: Option<&PathBuf>) -> Result<Solution, Failure> {
    if let Some(path) = file {
        let solution = Solution::load(path, rules).map_err(Failure::Usage)?;
        if solution.max_seeds() < seeds {
            return Err(Failure::Usage(format!(
                "`{}` holds positions of up to {} seeds, not {seeds}",
                path.display(),
                solution.max_seeds()
            )));
        }
        return Ok(solution);
    }
    solve::check_solvable(rules, seeds)
        .map_err(|e| Failure::Usage(format!("{}: {e}", rules.spec().label())))?;
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let solution = solve::solve(rules, seeds, &|t, done| {
        if terminal {
            let _ =
                write!(std::io::stderr(), "\rsolving {}: {t} seeds, {done} positions", rules.spec().label());
        }
    })
    .map_err(|e| Failure::Usage(e.to_string()))?;
    if terminal {
        let _ = writeln!(std::io::stderr(), " ({:.1} s)", started.elapsed().as_secs_f64());
    }
    Ok(solution)
}

fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

pub fn solve(args: &SolveArgs) -> Result<String, Failure> {
    let (spec, _) = load_spec(&args.variant)?;
    let rules = compile(&spec);
    let start: State = args.position.state(&rules)?;
    let seeds = (rules.total_seeds() as usize).max(start.seeds_on_board() as usize);
    let mut out_file =
        args.out.as_deref().map(|p| AtomicFile::create(p, "--out")).transpose().map_err(Failure::Usage)?;
    let started = Instant::now();
    let solution = solution_for(&rules, seeds, args.solution.as_ref())?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(file) = out_file.as_mut() {
        solution
            .save(file.writer())
            .map_err(|e| Failure::Runtime(format!("cannot write the solution: {e}")))?;
    }

    let mover = start.to_move();
    let value = solution.value(&start).expect("the position was solved");
    let mut openings: Vec<MoveReport> = solution
        .move_values(&rules, &start)
        .iter()
        .map(|m| MoveReport { pit: m.pit + 1, value: m.value })
        .collect();
    openings.sort_by_key(|m| (-m.value, m.pit));
    let (pv, end, endless) = solution.principal_variation(&rules, &start, 10_000);
    let final_scores = (!endless).then(|| rules.scores(&end)[..2].to_vec());
    let report = SolveReport {
        variant: spec.name.clone(),
        ruleset: spec.ruleset.clone(),
        position: start.pits().to_vec(),
        to_move: start.turn() + 1,
        value,
        winner: match (value, mover) {
            (v, Some(m)) if v > 0 => Some(m + 1),
            (v, Some(m)) if v < 0 => Some(2 - m),
            _ => None,
        },
        openings,
        principal_variation: pv.iter().map(|p| p + 1).collect(),
        endless,
        final_scores,
        positions: solution.counts(),
        reachable: solution.reachable(&rules, &start),
    };
    if let Some(file) = out_file {
        file.commit().map_err(Failure::Runtime)?;
    }
    if args.format == Format::Json {
        return Ok(serde_json::to_string_pretty(&report).expect("a report serializes") + "\n");
    }
    Ok(text(
        &report,
        &spec.label(),
        solution.positions(),
        seconds,
        args.solution.is_some(),
        args.position.given(),
    ))
}

fn share(part: u64, all: u64) -> String {
    format!("{part} ({:.1}%)", 100.0 * part as f64 / all.max(1) as f64)
}

fn text(r: &SolveReport, label: &str, positions: u64, seconds: f64, loaded: bool, custom: bool) -> String {
    let mut out = String::new();
    let how = if loaded { "loaded".to_string() } else { format!("solved in {seconds:.1} s") };
    out.push_str(&format!(
        "{label}: {positions} positions (every distribution of the seeds, either player to move), {how}\n\n"
    ));
    let place = if custom {
        format!("the position {:?} with player {} to move", r.position, r.to_move)
    } else {
        "the start".into()
    };
    let verdict = match r.winner {
        Some(w) => format!("player {w} wins by {} seeds", r.value.abs()),
        None => "the game is a draw".into(),
    };
    out.push_str(&format!(
        "With perfect play from {place}, {verdict} (value {} for player {}).\n",
        signed(r.value),
        r.to_move
    ));
    if !r.openings.is_empty() {
        out.push_str(&format!("\nMoves of player {} and their values:\n", r.to_move));
        for m in &r.openings {
            let best = if m.value == r.value { "  best" } else { "" };
            out.push_str(&format!("  pit {}  {:>4}{best}\n", m.pit, signed(m.value)));
        }
    }
    let pv: Vec<String> = r.principal_variation.iter().map(usize::to_string).collect();
    out.push_str(&format!(
        "\nA perfect game: {}",
        if pv.is_empty() { "(no moves)".into() } else { pv.join(" ") }
    ));
    match &r.final_scores {
        Some(s) if custom => {
            out.push_str(&format!("; from there, player 1 takes {} and player 2 {}\n", s[0], s[1]))
        }
        Some(s) => out.push_str(&format!("; final score {} to {}\n", s[0], s[1])),
        None => out.push_str(" ... and round again: endless play, worth 0 from there\n"),
    }
    let p = &r.positions;
    out.push_str(&format!(
        "\nAll positions: {} won, {} drawn, {} lost by the player to move.\n",
        share(p.wins, p.positions),
        share(p.draws, p.positions),
        share(p.losses, p.positions)
    ));
    let q = &r.reachable;
    out.push_str(&format!(
        "Reachable from {}: {} positions: {} won, {} drawn, {} lost by the player to move.\n",
        if custom { "this position" } else { "the start" },
        q.positions,
        share(q.wins, q.positions),
        share(q.draws, q.positions),
        share(q.losses, q.positions)
    ));
    out
}

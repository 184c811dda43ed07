//! The tables of a tournament, computed from its counts: per variant the standings with
//! ratings from one joint fit (a first-move advantage and a draw parameter fitted with them,
//! the anchor at 0, 95% intervals), a cross-table, the likelihood of superiority, each
//! pairing's head-to-head figures (fastchess's Elo, LOS, draw ratio, pentanomial counts and
//! SPRT), results by seat and by opening; across variants, how much skill counts. Written as
//! text tables, CSV, JSON or YAML; the JSON holds the counts too, so that shards merge.

use serde::{Deserialize, Serialize};

use crate::run::merge::MergeError;
use crate::run::rating::{self, Estimate, Penta, Wdl};
use crate::run::report::{Sheet, csv_field, flatten};
use crate::run::stats;

use crate::play::registry::Agent;

use super::file::{Format, Openings, Tournament};
use super::play::{POINT, Played, SprtState, SwissRound};
use super::tally::VariantTally;

/// What the tournament was: enough to tell whether two results files are shards of one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Info {
    pub name: String,
    pub file: String,
    pub fingerprint: String,
    pub seed: u64,
    pub format: String,
    pub games_per_pairing: u64,
    pub openings: String,
    pub participants: Vec<ParticipantInfo>,
    pub anchor: String,
    pub sprt: Option<String>,
    pub skill_trace: Option<String>,
    pub shard: Option<String>,
    /// Stopped before its end (Ctrl-C).
    pub partial: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParticipantInfo {
    pub name: String,
    pub agent: String,
}

/// One participant's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub participant: String,
    pub rating: f64,
    /// Half the width of the rating's 95% interval.
    pub rating_error: f64,
    pub points: f64,
    pub games: u64,
    pub score: f64,
    pub draws: f64,
}

/// The keys of a tournament's figures whose values are 95% intervals (`[low, high]`), which
/// the CSV gives as `.low` and `.high`: other lists (`los` rows, a seat's `scores`) are
/// numbered.
const INTERVALS: &[&str] = &["first_seat_wins"];

/// The figures of one pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeadToHead {
    pub players: Vec<String>,
    pub games: u64,
    pub mean_plies: f64,
    /// Two players: the first's results, and fastchess's figures.
    pub wdl: Option<Wdl>,
    pub games_estimate: Option<Estimate>,
    pub penta: Option<Penta>,
    pub pairs_estimate: Option<Estimate>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatFigure {
    pub participant: String,
    /// Per seat.
    pub results: Vec<Wdl>,
    pub scores: Vec<Option<f64>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpeningFigure {
    pub opening: String,
    pub games: u64,
    /// Player 1's results after the opening.
    pub first_seat: Wdl,
    pub first_seat_score: Option<f64>,
    /// Wilson 95% interval of the first seat's wins.
    pub first_seat_wins: Option<[f64; 2]>,
    pub mean_plies: Option<f64>,
    /// Player 1's final margin after the opening with perfect play, if the variant was solved.
    pub perfect_value: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceFigure {
    /// The weaker side's simulations a move (the stronger has twice as many).
    pub simulations: u64,
    pub strong: Wdl,
    pub estimate: Option<Estimate>,
    pub pairs_estimate: Option<Estimate>,
    pub mean_plies: Option<f64>,
}

/// Everything reported of one variant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figures {
    pub standings: Vec<Standing>,
    /// Why there are no ratings, if there are none.
    pub ratings_missing: Option<String>,
    pub first_move_advantage: Option<f64>,
    pub first_move_advantage_error: Option<f64>,
    pub draw_elo: Option<f64>,
    pub draw_elo_error: Option<f64>,
    /// `los[i][j]`, participants in the file's order.
    pub los: Vec<Vec<f64>>,
    /// `cross[i][j]`: i's results against j, both seat orders.
    pub cross: Vec<Vec<Wdl>>,
    pub head_to_head: Vec<HeadToHead>,
    pub seats: Vec<SeatFigure>,
    pub openings: Vec<OpeningFigure>,
    pub trace: Vec<TraceFigure>,
}

/// One variant's results: its counts (which merge), what the run ended with, and the figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantResult {
    pub variant: String,
    pub tally: VariantTally,
    pub sprt: Option<SprtState>,
    pub swiss: Vec<SwissRound>,
    /// The openings, as written, in the order of the counts.
    pub opening_moves: Vec<String>,
    /// Player 1's final margin after each opening with perfect play, when a perfect player
    /// took part (its table is the variant solved).
    #[serde(default)]
    pub opening_values: Vec<Option<i32>>,
    #[serde(skip_deserializing)]
    pub figures: Option<Figures>,
}

/// Across variants: the rating of the strongest participant above the anchor.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillRow {
    pub variant: String,
    pub strongest: String,
    pub spread: f64,
    pub spread_error: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentReport {
    pub tournament: Info,
    pub variants: Vec<VariantResult>,
    #[serde(skip_deserializing)]
    pub skill: Vec<SkillRow>,
}

/// The information of a tournament, as run on `shard`.
pub fn info(t: &Tournament, shard: Option<String>, partial: bool) -> Info {
    let openings = match t.opening_kind {
        Openings::None => "none".to_string(),
        Openings::Every(k) => format!("every opening of {k} plies"),
        Openings::Random(k) => format!("{k} random plies"),
        Openings::List => "listed".to_string(),
    };
    let format = match &t.format {
        Format::RoundRobin => "round robin".to_string(),
        Format::Gauntlet(g) => {
            let names: Vec<&str> = g.iter().map(|&i| t.participants[i].name.as_str()).collect();
            format!("gauntlet of {}", names.join(", "))
        }
        Format::Swiss { rounds } => format!("swiss, {rounds} rounds"),
    };
    Info {
        name: t.name.clone(),
        file: t.file.name.clone(),
        fingerprint: format!("{:016x}", t.fingerprint),
        seed: t.seed,
        format,
        games_per_pairing: t.games,
        openings,
        participants: t
            .participants
            .iter()
            .map(|p| ParticipantInfo { name: p.name.clone(), agent: p.agent.name() })
            .collect(),
        anchor: t.participants[t.anchor].name.clone(),
        sprt: t.sprt.as_ref().map(|(s, every)| {
            let model = match s.model() {
                rating::SprtModel::Normalized => "normalized Elo",
                rating::SprtModel::Logistic => "Elo",
                rating::SprtModel::Bayesian => "BayesElo",
            };
            let (a, b) = (&t.participants[0].name, t.participants.get(1).map_or("", |p| p.name.as_str()));
            format!(
                "H0: {a} is {} {model} stronger than {b}, H1: {}; alpha {}, beta {}; looked at every {every} game pairs",
                s.elo0(),
                s.elo1(),
                s.alpha(),
                s.beta(),
            )
        }),
        skill_trace: t.trace.as_ref().map(|x| {
            format!(
                "mcts:N against mcts:2N for N = {}, {} games each",
                x.levels.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
                x.games
            )
        }),
        shard,
        partial,
    }
}

/// The report of a finished run; `opening_values` holds, per variant, player 1's margin with
/// perfect play after each opening, where it is known.
pub fn report(
    t: &Tournament,
    played: &Played,
    shard: Option<String>,
    opening_values: Vec<Vec<Option<i32>>>,
) -> TournamentReport {
    let variants = played
        .tallies
        .iter()
        .cloned()
        .enumerate()
        .map(|(v, tally)| VariantResult {
            variant: t.variants[v].rules.spec().label(),
            tally,
            sprt: played.sprt[v],
            swiss: played.swiss[v].clone(),
            opening_moves: match t.opening_kind {
                Openings::Every(_) | Openings::List => {
                    t.variants[v].openings.iter().map(|o| crate::engine::notation::write_moves(o)).collect()
                }
                _ => Vec::new(),
            },
            opening_values: Vec::new(),
            figures: None,
        })
        .collect();
    let mut r = TournamentReport { tournament: info(t, shard, played.partial), variants, skill: Vec::new() };
    for (v, values) in r.variants.iter_mut().zip(opening_values) {
        if !v.opening_moves.is_empty() {
            v.opening_values = values;
        }
    }
    r.compute();
    r
}

fn mean(sum: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

fn score_of(w: &Wdl) -> Option<f64> {
    let n = w.games();
    (n > 0).then(|| (w.wins as f64 + w.draws as f64 / 2.0) / n as f64)
}

impl TournamentReport {
    /// Computes every figure from the counts (after reading or merging).
    /// A report read back from its JSON (a shard's, for `sow merge`), its counts checked: no
    /// count past what a run makes, every index a participant's, every list as long as the
    /// tournament makes it. A file edited by hand or damaged is refused, never half read.
    pub fn from_value(value: serde_json::Value) -> Result<TournamentReport, String> {
        if let Some(variants) = value.get("variants").and_then(|v| v.as_array()) {
            for (i, v) in variants.iter().enumerate() {
                crate::run::merge::check_counts(&v["tally"], &format!("variants[{i}].tally"))?;
            }
        }
        let r: TournamentReport = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let participants = r.tournament.participants.len();
        for v in &r.variants {
            let openings = v.opening_moves.len().max(1);
            v.tally
                .check_shape(participants, openings)
                .map_err(|e| format!("the counts of {} are damaged: {e}", v.variant))?;
            if v.opening_values.len() > v.opening_moves.len() {
                return Err(format!(
                    "the counts of {} are damaged: more opening values than openings",
                    v.variant
                ));
            }
        }
        Ok(r)
    }

    pub fn compute(&mut self) {
        let names: Vec<String> = self.tournament.participants.iter().map(|p| p.name.clone()).collect();
        let anchor = names.iter().position(|n| *n == self.tournament.anchor).unwrap_or(0);
        for v in &mut self.variants {
            v.figures = Some(figures(&v.tally, &names, anchor, &v.opening_moves, &v.opening_values));
        }
        // How far skill goes is measured from random play: with another anchor there is no
        // such yardstick.
        let random_anchor = self.tournament.participants.get(anchor).is_some_and(|p| p.agent == "random");
        self.skill = self
            .variants
            .iter()
            .filter(|_| random_anchor)
            .filter_map(|v| {
                let f = v.figures.as_ref()?;
                let best = f.standings.first()?;
                f.ratings_missing.is_none().then(|| SkillRow {
                    variant: v.variant.clone(),
                    strongest: best.participant.clone(),
                    spread: best.rating,
                    spread_error: best.rating_error,
                })
            })
            .collect();
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serializes") + "\n"
    }

    pub fn yaml(&self) -> String {
        crate::yaml::to_string(self)
    }

    /// One line per figure: `variant,key,value`, keys as paths into the JSON.
    pub fn csv(&self) -> String {
        let mut out = String::from("variant,key,value\n");
        for v in &self.variants {
            let value = serde_json::to_value(&v.figures).expect("figures serialize");
            let mut rows = Vec::new();
            flatten("", &value, INTERVALS, &mut rows);
            for (k, x) in rows {
                out.push_str(&format!("{},{},{}\n", csv_field(&v.variant), csv_field(&k), csv_field(&x)));
            }
        }
        out
    }

    /// The tables, as text.
    pub fn table(&self) -> String {
        self.written().0
    }

    /// The tables as the page shows them, each titled (a variant's with the variant).
    pub fn sheets(&self) -> Vec<Sheet> {
        self.written().1
    }

    /// The tables as text (with what is said between them), and as sheets.
    fn written(&self) -> (String, Vec<Sheet>) {
        let mut sheets: Vec<Sheet> = Vec::new();
        // A table in the text after `lead` and its title, kept as a sheet titled `heading: title`.
        let mut put = |out: &mut String, lead: &str, heading: &str, mut sheet: Sheet| {
            if sheet.title.is_empty() {
                out.push_str(&format!("{lead}{}\n", sheet.render()));
            } else {
                out.push_str(&format!("{lead}{}\n{}\n", sheet.title, sheet.render()));
            }
            if !heading.is_empty() {
                sheet.title = format!("{heading}: {}", sheet.title);
            }
            sheets.push(sheet);
        };
        let t = &self.tournament;
        let mut out = String::new();
        if t.partial {
            out.push_str("PARTIAL RESULTS: the tournament was stopped before its end\n");
        }
        out.push_str(&format!(
            "{}: {}, {} games a pairing, openings: {}, seed {}{}\n",
            t.name,
            t.format,
            t.games_per_pairing,
            t.openings,
            t.seed,
            t.shard.as_ref().map_or(String::new(), |s| format!(", shard {s}"))
        ));
        let names: Vec<&str> = t.participants.iter().map(|p| p.name.as_str()).collect();
        for v in &self.variants {
            let Some(f) = &v.figures else { continue };
            out.push_str(&format!("\n== {} ({} games) ==\n", v.variant, v.tally.games));
            let heading = format!("{} ({} games)", v.variant, v.tally.games);
            put(&mut out, "", &heading, standings_sheet(f, &t.participants, &t.anchor));
            if let (Some(a), Some(d)) = (f.first_move_advantage, f.draw_elo) {
                out.push_str(&format!(
                    "Moving first is worth {} Elo; draw parameter {:.0} ± {:.0} Elo.\n",
                    signed_pm(a, f.first_move_advantage_error.unwrap_or(f64::NAN)),
                    d,
                    f.draw_elo_error.unwrap_or(f64::NAN)
                ));
            }
            if let Some(why) = &f.ratings_missing {
                out.push_str(&format!("No ratings: {why}\n"));
            }
            let title = "Cross-table (wins-draws-losses of the row against the column)";
            put(
                &mut out,
                "\n",
                &heading,
                matrix(title, &names, |i, j| {
                    let w = f.cross[i][j];
                    if i == j || w.games() == 0 {
                        "-".into()
                    } else {
                        format!("{}-{}-{}", w.wins, w.draws, w.losses)
                    }
                }),
            );
            if !f.los.is_empty() {
                let title = "Likelihood of superiority (the row is stronger than the column)";
                put(
                    &mut out,
                    "\n",
                    &heading,
                    matrix(title, &names, |i, j| {
                        if i == j { "-".into() } else { format!("{:.1}%", 100.0 * f.los[i][j]) }
                    }),
                );
            }
            put(&mut out, "\n", &heading, head_to_head_sheet(&f.head_to_head));
            if let (Some(s), Some(about)) = (&v.sprt, &t.sprt) {
                out.push_str(&format!("SPRT ({about})\n"));
                let decision = match s.decision {
                    Some(rating::SprtDecision::AcceptH0) => "H0 accepted",
                    Some(rating::SprtDecision::AcceptH1) => "H1 accepted",
                    None => "no decision yet",
                };
                out.push_str(&format!(
                    "SPRT: LLR {:.2} (bounds {:.2}, {:.2}) after {} pairs: {decision}\n",
                    s.llr, s.lower, s.upper, s.pairs
                ));
            }
            put(&mut out, "\n", &heading, seats_sheet(&f.seats));
            if !f.openings.is_empty() {
                put(&mut out, "\n", &heading, openings_sheet(&f.openings));
            }
            if !v.swiss.is_empty() {
                out.push_str("\nSwiss rounds\n");
                for (i, r) in v.swiss.iter().enumerate() {
                    let boards: Vec<String> =
                        r.boards.iter().map(|&(a, b)| format!("{} - {}", names[a], names[b])).collect();
                    let bye = r.bye.map_or(String::new(), |b| format!("; bye: {}", names[b]));
                    out.push_str(&format!("  round {}: {}{bye}\n", i + 1, boards.join(", ")));
                }
            }
        }
        if !self.skill.is_empty() {
            out.push_str("\n== How much skill counts ==\n");
            let mut table = Sheet::new(
                format!("The strongest participant's rating above {}", t.anchor),
                words(&["variant", "strongest", "rating above the anchor"]),
                2..3,
            );
            for s in &self.skill {
                table.add_row(vec![
                    s.variant.clone(),
                    s.strongest.clone(),
                    signed_pm(s.spread, s.spread_error),
                ]);
            }
            put(&mut out, "", "How much skill counts", table);
        }
        let traced: Vec<&VariantResult> = self
            .variants
            .iter()
            .filter(|v| v.figures.as_ref().is_some_and(|f| !f.trace.is_empty()))
            .collect();
        if !traced.is_empty() {
            let mut header = vec!["N".to_string()];
            header.extend(traced.iter().map(|v| v.variant.clone()));
            let mut table = Sheet::new(
                "Skill trace: mcts:2N's score against mcts:N (95% interval of the Elo)",
                header,
                0..traced.len() + 1,
            );
            let levels = traced[0].figures.as_ref().map_or(0, |f| f.trace.len());
            for l in 0..levels {
                let mut row =
                    vec![traced[0].figures.as_ref().map_or(0, |f| f.trace[l].simulations).to_string()];
                for v in &traced {
                    let tr = &v.figures.as_ref().expect("traced").trace[l];
                    row.push(match &tr.estimate {
                        Some(e) => format!("{:.1}% ({})", 100.0 * e.score, elo_pm(e.elo, e.elo_error)),
                        None => "-".into(),
                    });
                }
                table.add_row(row);
            }
            put(&mut out, "\n", "", table);
        }
        (out, sheets)
    }
}

fn figures(
    t: &VariantTally,
    names: &[String],
    anchor: usize,
    opening_moves: &[String],
    opening_values: &[Option<i32>],
) -> Figures {
    let n = names.len();
    let fit = rating::fit(n, anchor, &t.encounters);
    let (ratings, errors, los, missing) = match &fit {
        Ok(f) => (f.ratings.clone(), f.errors.clone(), f.los.clone(), None),
        Err(e) => (vec![f64::NAN; n], vec![f64::NAN; n], Vec::new(), Some(e.to_string())),
    };
    let mut cross = vec![vec![Wdl::default(); n]; n];
    for e in &t.encounters {
        cross[e.first][e.second].merge(&e.wdl);
        cross[e.second][e.first].merge(&e.wdl.flipped());
    }
    let mut standings: Vec<Standing> = (0..n)
        .map(|i| {
            let games: u64 = t.seats[i].iter().map(Wdl::games).sum();
            let draws: u64 = t.seats[i].iter().map(|w| w.draws).sum();
            let points = t.points[i] as f64 / POINT as f64;
            Standing {
                participant: names[i].clone(),
                rating: ratings[i],
                rating_error: errors[i],
                points,
                games,
                score: if games > 0 { points / games as f64 } else { f64::NAN },
                draws: if games > 0 { draws as f64 / games as f64 } else { f64::NAN },
            }
        })
        .collect();
    // By rating, then points, then the file's order.
    let order = |s: &Standing| (if s.rating.is_nan() { f64::NEG_INFINITY } else { s.rating }, s.points);
    standings.sort_by(|a, b| order(b).partial_cmp(&order(a)).unwrap_or(std::cmp::Ordering::Equal));
    let head_to_head = t
        .groups
        .iter()
        .filter(|g| g.games > 0)
        .map(|g| {
            let two = g.players.len() == 2;
            HeadToHead {
                players: g.players.iter().map(|&i| names[i].clone()).collect(),
                games: g.games,
                mean_plies: g.plies as f64 / g.games as f64,
                wdl: two.then_some(g.wdl),
                games_estimate: two.then(|| rating::estimate_wdl(&g.wdl)),
                penta: (two && g.penta.pairs() > 0).then_some(g.penta),
                pairs_estimate: (two && g.penta.pairs() > 0).then(|| rating::estimate_penta(&g.penta)),
            }
        })
        .collect();
    let seats = (0..n)
        .map(|i| SeatFigure {
            participant: names[i].clone(),
            results: t.seats[i].clone(),
            scores: t.seats[i].iter().map(score_of).collect(),
        })
        .collect();
    let openings = if opening_moves.is_empty() {
        Vec::new()
    } else {
        t.openings
            .iter()
            .zip(opening_moves)
            .enumerate()
            .map(|(i, (o, moves))| OpeningFigure {
                opening: moves.clone(),
                games: o.games,
                first_seat: o.first_seat,
                first_seat_score: score_of(&o.first_seat),
                first_seat_wins: (o.games > 0).then(|| {
                    let (lo, hi) = stats::wilson(o.first_seat.wins, o.games);
                    [lo, hi]
                }),
                mean_plies: mean(o.plies, o.games),
                perfect_value: opening_values.get(i).copied().flatten(),
            })
            .collect()
    };
    let trace = t
        .trace
        .iter()
        .map(|x| TraceFigure {
            simulations: x.simulations,
            strong: x.strong,
            estimate: (x.strong.games() > 0).then(|| rating::estimate_wdl(&x.strong)),
            pairs_estimate: (x.penta.pairs() > 0).then(|| rating::estimate_penta(&x.penta)),
            mean_plies: mean(x.plies, x.strong.games()),
        })
        .collect();
    let fitted = fit.as_ref().ok();
    Figures {
        standings,
        ratings_missing: missing,
        first_move_advantage: fitted.map(|f| f.advantage),
        first_move_advantage_error: fitted.map(|f| f.advantage_error),
        draw_elo: fitted.map(|f| f.draw_elo),
        draw_elo_error: fitted.map(|f| f.draw_elo_error),
        los,
        cross,
        head_to_head,
        seats,
        openings,
        trace,
    }
}

/// `+35 ± 20`; `+inf` for a rating that has no bound.
fn signed_pm(x: f64, err: f64) -> String {
    if !x.is_finite() {
        return "-".into();
    }
    // Rounded to nothing, a figure has no sign (not `-0`).
    let x = if x.abs() < 0.5 { 0.0 } else { x };
    let e = if err.is_finite() { format!("{err:.0}") } else { "inf".into() };
    format!("{x:+.0} ± {e}")
}

fn elo_pm(x: f64, err: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "+inf".into() } else { "-inf".into() };
    }
    signed_pm(x, err)
}

fn pct(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{:.1}%", 100.0 * x),
        _ => "-".into(),
    }
}

fn standings_sheet(f: &Figures, participants: &[ParticipantInfo], anchor: &str) -> Sheet {
    let mut table = Sheet::new(
        format!("Standings (Elo from one fit of every game, {anchor} = 0, 95% intervals)"),
        words(&["rank", "participant", "agent", "rating", "points", "games", "score", "draws"]),
        3..8,
    );
    for (i, s) in f.standings.iter().enumerate() {
        let agent = participants.iter().find(|p| p.name == s.participant).map_or("", |p| p.agent.as_str());
        let rating = if s.participant == anchor {
            "0 (anchor)".to_string()
        } else {
            signed_pm(s.rating, s.rating_error)
        };
        table.add_row(vec![
            (i + 1).to_string(),
            s.participant.clone(),
            agent.to_string(),
            rating,
            format!("{}", s.points),
            s.games.to_string(),
            pct(Some(s.score)),
            pct(Some(s.draws)),
        ]);
    }
    table
}

fn words(header: &[&str]) -> Vec<String> {
    header.iter().map(|h| h.to_string()).collect()
}

fn matrix(title: &str, names: &[&str], cell: impl Fn(usize, usize) -> String) -> Sheet {
    let mut header = vec![String::new()];
    header.extend(names.iter().map(|s| s.to_string()));
    let mut table = Sheet::new(title, header, 1..names.len() + 1);
    for (i, n) in names.iter().enumerate() {
        let mut row = vec![n.to_string()];
        row.extend((0..names.len()).map(|j| cell(i, j)));
        table.add_row(row);
    }
    table
}

fn head_to_head_sheet(list: &[HeadToHead]) -> Sheet {
    let header = words(&[
        "pairing",
        "games",
        "W-D-L",
        "score",
        "Elo",
        "LOS",
        "draws",
        "pairs LL-LD-WL/DD-WD-WW",
        "Elo (pairs)",
        "plies",
    ]);
    let mut table = Sheet::new("Head to head", header, 1..10);
    for h in list {
        let (wdl, score, elo, los, draws) = match (&h.wdl, &h.games_estimate) {
            (Some(w), Some(e)) => (
                format!("{}-{}-{}", w.wins, w.draws, w.losses),
                pct(Some(e.score)),
                elo_pm(e.elo, e.elo_error),
                pct(Some(e.los)),
                pct(Some(e.draw_ratio)),
            ),
            _ => ("-".into(), "-".into(), "-".into(), "-".into(), "-".into()),
        };
        let (penta, pelo) = match (&h.penta, &h.pairs_estimate) {
            (Some(p), Some(e)) => {
                (format!("{}-{}-{}-{}-{}", p.ll, p.ld, p.wl_dd, p.wd, p.ww), elo_pm(e.elo, e.elo_error))
            }
            _ => ("-".into(), "-".into()),
        };
        table.add_row(vec![
            h.players.join(" vs "),
            h.games.to_string(),
            wdl,
            score,
            elo,
            los,
            draws,
            penta,
            pelo,
            format!("{:.1}", h.mean_plies),
        ]);
    }
    table
}

fn seats_sheet(seats: &[SeatFigure]) -> Sheet {
    let count = seats.first().map_or(0, |s| s.results.len());
    let mut header = vec!["participant".to_string()];
    header.extend((1..=count).map(|s| format!("seat {s}")));
    let mut table = Sheet::new("By seat (wins-draws-losses, score)", header, 1..count + 1);
    for s in seats {
        let mut row = vec![s.participant.clone()];
        for (w, sc) in s.results.iter().zip(&s.scores) {
            row.push(format!("{}-{}-{} ({})", w.wins, w.draws, w.losses, pct(*sc)));
        }
        table.add_row(row);
    }
    table
}

fn openings_sheet(list: &[OpeningFigure]) -> Sheet {
    let solved = list.iter().any(|o| o.perfect_value.is_some());
    let mut header = vec!["opening", "games", "W-D-L", "score", "wins (95%)", "plies"];
    if solved {
        header.push("perfect play");
    }
    let columns = header.len();
    let mut table = Sheet::new("By opening (player 1's results after it)", words(&header), 1..columns);
    for o in list {
        let w = o.first_seat;
        let mut row = vec![
            o.opening.clone(),
            o.games.to_string(),
            format!("{}-{}-{}", w.wins, w.draws, w.losses),
            pct(o.first_seat_score),
            o.first_seat_wins.map_or("-".into(), |[a, b]| format!("{:.1}-{:.1}%", 100.0 * a, 100.0 * b)),
            o.mean_plies.map_or("-".into(), |p| format!("{p:.1}")),
        ];
        if solved {
            row.push(
                o.perfect_value.map_or("-".into(), |v| if v == 0 { "0".into() } else { format!("{v:+}") }),
            );
        }
        table.add_row(row);
    }
    table
}

/// The first thing two shards' informations differ in, other than what may differ between
/// shards of one tournament (the file's name, the shard, being partial): its key and the two
/// values, which always differ.
fn first_difference(a: &Info, b: &Info) -> Option<(String, String, String)> {
    let (a, b) = (serde_json::to_value(a).ok()?, serde_json::to_value(b).ok()?);
    let (a, b) = (a.as_object()?, b.as_object()?);
    a.iter()
        .filter(|(k, _)| !matches!(k.as_str(), "file" | "shard" | "partial"))
        .find(|(k, v)| b.get(k.as_str()) != Some(v))
        .map(|(k, v)| {
            (k.clone(), v.to_string(), b.get(k.as_str()).map_or("nothing".into(), |w| w.to_string()))
        })
}

/// Adds up the shards of one tournament (`--shard K/N --out FILE.json`). Shards belong together
/// when their fingerprints (what the tournament is) agree, whatever their files were called.
pub fn merge(parts: &[(String, TournamentReport)]) -> Result<TournamentReport, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError("there are no results to merge".into()));
    };
    let shard =
        |r: &TournamentReport, name: &str| crate::run::merge::shard_of(name, r.tournament.shard.as_deref());
    let n = shard(first, first_name)?.count();
    // The shards given, by index: as many as files, whatever count a file claims.
    let mut seen: std::collections::BTreeMap<u64, &str> = std::collections::BTreeMap::new();
    let mut merged = first.clone();
    for (i, (name, r)) in parts.iter().enumerate() {
        if r.variants.is_empty() {
            return Err(MergeError(format!("`{name}` holds the results of no variant")));
        }
        let (x, y) = (&r.tournament.fingerprint, &first.tournament.fingerprint);
        if x != y {
            return Err(MergeError(format!(
                "`{name}` and `{first_name}` are results of different tournaments (fingerprints {x} and {y})"
            )));
        }
        // The same fingerprint and yet other figures: a file edited by hand, or written by
        // another version of `sow`.
        if let Some((key, a, b)) = first_difference(&r.tournament, &first.tournament) {
            return Err(MergeError(format!(
                "`{name}` and `{first_name}` differ in their `{key}` ({a} and {b}): they are not shards of one run"
            )));
        }
        let labels = |r: &TournamentReport| r.variants.iter().map(|v| v.variant.clone()).collect::<Vec<_>>();
        if labels(r) != labels(first) {
            return Err(MergeError(format!(
                "`{name}` holds results for {}, `{first_name}` for {}: they are not shards of one run",
                labels(r).join(", "),
                labels(first).join(", ")
            )));
        }
        if r.tournament.partial {
            return Err(MergeError(format!(
                "`{name}` holds a partial run (it was stopped early): run that shard again"
            )));
        }
        let s = shard(r, name)?;
        if s.count() != n {
            return Err(MergeError(format!("`{name}` is a shard of {}, `{first_name}` of {n}", s.count())));
        }
        if let Some(other) = seen.insert(s.index(), name) {
            return Err(MergeError(crate::run::merge::twice(&format!("shard {s}"), other, name)));
        }
        if i > 0 {
            for (a, b) in merged.variants.iter_mut().zip(&r.variants) {
                if !a.tally.same_shape(&b.tally) || a.opening_moves != b.opening_moves {
                    return Err(MergeError(format!(
                        "`{name}` and `{first_name}` count {} differently: they are not shards of one run",
                        a.variant
                    )));
                }
                a.tally.merge(&b.tally);
            }
        }
    }
    let given = seen.keys().copied().collect();
    if let Some(list) = crate::run::merge::missing(&given, n) {
        return Err(MergeError(format!("the shards are incomplete: missing {list}")));
    }
    merged.tournament.shard = None;
    merged.compute();
    Ok(merged)
}

/// Player 1's final margin with perfect play after each opening of each variant, where a
/// perfect player's table knows it.
pub fn opening_values(t: &Tournament, agents: &[Vec<Agent>]) -> Vec<Vec<Option<i32>>> {
    t.variants
        .iter()
        .zip(agents)
        .map(|(e, list)| {
            let Some(solution) = list.iter().find_map(|a| match a {
                Agent::Perfect { solution, .. } => Some(solution),
                _ => None,
            }) else {
                return Vec::new();
            };
            e.openings
                .iter()
                .map(|moves| {
                    let mut s = e.rules.initial_state();
                    for &mv in moves {
                        e.rules.apply(&mut s, mv);
                    }
                    let v = solution.value(&e.rules, &s)?;
                    let c = s.captured();
                    let lead = c[0] as i32 - c[1] as i32;
                    Some(lead + if s.turn() == 0 { v } else { -v })
                })
                .collect()
        })
        .collect()
}

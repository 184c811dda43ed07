//! `sow tournament --plot FILE.svg`: which game rewards skill more, as a picture, one colour per
//! variant, in the style of `sow simulate --plot` (`crate::run::plot`).
//!
//! The top panel, when the tournament ran a skill trace, shows mcts:2N's score against mcts:N
//! for each N, with 95% intervals: the higher and the longer it stays above 50%, the more
//! doubling the thinking pays. The bottom panel shows every participant's rating in each
//! variant, the anchor at 0, with 95% intervals: the wider the spread, the more skill counts.
//!
//! Text is written as SVG `<text>`, laid out by the viewer's own fonts: sizes here are estimates
//! that leave room to spare.

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::run::chart::{Area, Drawn, FAINT, GREY, Groups, bold, colour, font, legend, text_width, tick};

use super::report::{Figures, TournamentReport, VariantResult};
use crate::run::rating::Estimate;

const WIDTH: u32 = 1200;
/// With both panels; the ratings alone take less.
const HEIGHT: u32 = 900;
const HEIGHT_RATINGS_ONLY: u32 = 560;

/// The tournament's results as a complete SVG document.
pub fn svg(report: &TournamentReport) -> String {
    let traced = !traced(report).is_empty();
    let height = if traced { HEIGHT } else { HEIGHT_RATINGS_ONLY };
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        // Drawing into a string fails only on bad input to plotters, which `draw` avoids; a
        // failure would leave part of the picture blank, never a broken document.
        let _ = draw(&root, report, traced);
        let _ = root.present();
    }
    out
}

/// `text` cut to `chars` characters, with an ellipsis if it was cut.
fn shorten(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let mut out: String = text.chars().take(chars.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// `text` cut to `chars` characters in its middle, keeping both ends (names often differ only
/// at their end).
fn shorten_middle(text: &str, chars: usize) -> String {
    let n = text.chars().count();
    if n <= chars {
        return text.to_string();
    }
    let keep = chars.saturating_sub(1);
    let tail = keep / 2;
    let head = keep - tail;
    let mut out: String = text.chars().take(head).collect();
    out.push('…');
    out.extend(text.chars().skip(n - tail));
    out
}

/// The logistic curve: the expected score of a side `elo` above its opponent.
fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The variants with figures, with their colours.
fn with_figures(report: &TournamentReport) -> Vec<(RGBColor, &VariantResult, &Figures)> {
    report
        .variants
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.figures.as_ref().map(|f| (colour(i), v, f)))
        .collect()
}

/// The variants with a skill trace, with their colours.
fn traced(report: &TournamentReport) -> Vec<(RGBColor, &VariantResult, &Figures)> {
    with_figures(report).into_iter().filter(|(_, _, f)| !f.trace.is_empty()).collect()
}

fn draw(root: &Area<'_>, report: &TournamentReport, traced: bool) -> Drawn {
    root.fill(&WHITE)?;
    let header = header(root, report)?;
    let (_, body) = root.split_vertically(header);
    if traced {
        let panels = body.split_evenly((2, 1));
        trace(&panels[0], report)?;
        ratings(&panels[1], report)?;
    } else {
        ratings(&body, report)?;
    }
    Ok(())
}

/// Space above a panel's plot for its caption.
const PANEL_TOP: u32 = 44;

/// A panel's caption, centred at its top.
fn caption(area: &Area<'_>, text: &str) -> Drawn {
    let (w, _) = area.dim_in_pixel();
    area.draw(&Text::new(text, (w as i32 / 2, 6), font(17.0).pos(Pos::new(HPos::Center, VPos::Top))))?;
    Ok(())
}

/// A grey note in the middle of an area, for what there is nothing to plot of.
fn note(area: &Area<'_>, text: &str) -> Drawn {
    let (w, h) = area.dim_in_pixel();
    area.draw(&Text::new(
        text.to_string(),
        (w as i32 / 2, h as i32 / 2),
        font(16.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Center)),
    ))?;
    Ok(())
}

/// A vertical 95% interval with caps, from `low` to `high` at `x`.
fn whisker<X: Copy>(x: X, caps: (X, X), low: f64, high: f64, c: RGBColor) -> [PathElement<(X, f64)>; 3] {
    let style = c.stroke_width(2);
    [
        PathElement::new(vec![(x, low), (x, high)], style),
        PathElement::new(vec![(caps.0, low), (caps.1, low)], style),
        PathElement::new(vec![(caps.0, high), (caps.1, high)], style),
    ]
}

// ------------------------------------------------------------------------------------------------
// Title and legend

/// Draws the title, a line on the format, and the legend; returns the height they take.
fn header(root: &Area<'_>, report: &TournamentReport) -> Result<i32, Box<dyn std::error::Error>> {
    let width = WIDTH as f64;
    let t = &report.tournament;
    let name = if t.name.trim().is_empty() { "Tournament" } else { t.name.as_str() };
    let (text, px) =
        [22.0, 19.0, 16.0].into_iter().find(|&px| text_width(name, px) <= width - 40.0).map_or_else(
            || (shorten(name, ((width - 40.0) / (16.0 * 0.6)) as usize), 16.0),
            |px| (name.to_string(), px),
        );
    let centre = (WIDTH / 2) as i32;
    let mut y = 12;
    root.draw(&Text::new(text, (centre, y), bold(px).pos(Pos::new(HPos::Center, VPos::Top))))?;
    y += px as i32 + 10;

    // The format, and what the ratings are measured from.
    let mut line = format!(
        "{}, {} game{} a pairing",
        t.format,
        t.games_per_pairing,
        if t.games_per_pairing == 1 { "" } else { "s" }
    );
    if !t.participants.is_empty() {
        line.push_str(&format!("; ratings relative to {}", t.anchor));
    }
    if let Some(shard) = &t.shard {
        line.push_str(&format!("; shard {shard}"));
    }
    if t.partial {
        line.push_str(" (partial results)");
    }
    root.draw(&Text::new(
        shorten(&line, ((width - 40.0) / (14.0 * 0.6)) as usize),
        (centre, y),
        font(14.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    y += 24;

    // The legend: a swatch and a label per variant, centred, in as many rows as it needs.
    let items: Vec<(String, Option<RGBColor>)> = report
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let label = shorten(&v.variant, 60);
            if v.figures.is_none() {
                (format!("{label} (no results)"), None)
            } else {
                (label, Some(colour(i)))
            }
        })
        .collect();
    let y = legend(root, &items, y, width)?;
    Ok(y + 4)
}

// ------------------------------------------------------------------------------------------------
// Panel 1: the skill trace

/// The x axis of the trace: log2 of the simulations, labelled at the levels played.
struct Levels {
    /// log2 of each level, in increasing order.
    ticks: Vec<f64>,
    range: (f64, f64),
}

impl Ranged for Levels {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let (lo, hi) = self.range;
        limit.0 + ((limit.1 - limit.0) as f64 * (value - lo) / (hi - lo)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, _: Hint) -> Vec<f64> {
        self.ticks.clone()
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.range.0..self.range.1
    }
}

impl ValueFormatter<f64> for Levels {
    fn format_ext(&self, value: &f64) -> String {
        format!("{}", 2f64.powf(*value).round() as u64)
    }
}

/// A point of the trace: log2 of N, mcts:2N's score (%), and its 95% interval (%) if it has one.
type TracePoint = (f64, f64, Option<(f64, f64)>);

fn trace_point(simulations: u64, e: &Estimate) -> Option<TracePoint> {
    if simulations == 0 || !e.score.is_finite() {
        return None;
    }
    let interval = (e.elo.is_finite() && e.elo_error.is_finite()).then(|| {
        let low = score_of_elo(e.elo - e.elo_error).clamp(0.0, 1.0);
        let high = score_of_elo(e.elo + e.elo_error).clamp(0.0, 1.0);
        (100.0 * low.min(high), 100.0 * low.max(high))
    });
    Some(((simulations as f64).log2(), 100.0 * e.score.clamp(0.0, 1.0), interval))
}

fn trace(area: &Area<'_>, report: &TournamentReport) -> Drawn {
    let traced = traced(report);
    caption(area, "Skill trace: the score of mcts:2N against mcts:N, with 95% intervals")?;
    let mut levels: Vec<u64> = traced
        .iter()
        .flat_map(|(_, _, f)| f.trace.iter().map(|t| t.simulations))
        .filter(|&n| n > 0)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let ticks: Vec<f64> = levels.iter().map(|&n| (n as f64).log2()).collect();
    let (first, last) = match (ticks.first(), ticks.last()) {
        (Some(&a), Some(&b)) => (a, b),
        _ => (1.0, 8.0),
    };
    let x_range = (first - 0.5, last.max(first + 1.0) + 0.5);

    let y_label = |y: &f64| tick(*y);
    let mut chart = ChartBuilder::on(area)
        .margin_top(PANEL_TOP)
        .margin_left(16)
        .margin_right(28)
        .margin_bottom(18)
        .x_label_area_size(56)
        .y_label_area_size(70)
        .build_cartesian_2d(Levels { ticks, range: x_range }, 0.0..100.0)?;
    chart
        .configure_mesh()
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(FAINT)
        .axis_style(GREY)
        .y_labels(11)
        .y_label_formatter(&y_label)
        .label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .x_desc("N: the weaker side's MCTS simulations per move (log scale)")
        .y_desc("mcts:2N's score (%)")
        .draw()?;
    chart.draw_series(std::iter::once(DashedPathElement::new(
        vec![(x_range.0, 50.0), (x_range.1, 50.0)],
        6,
        4,
        GREY.stroke_width(1),
    )))?;

    // The variants side by side at each level, a little apart, so that their intervals show.
    let k = traced.len();
    let step = (0.5 / k.max(1) as f64).min(0.08);
    let mut any = false;
    for (i, &(c, _, f)) in traced.iter().enumerate() {
        let offset = (i as f64 - (k as f64 - 1.0) / 2.0) * step;
        let mut points: Vec<TracePoint> = f
            .trace
            .iter()
            .filter_map(|t| t.estimate.as_ref().and_then(|e| trace_point(t.simulations, e)))
            .map(|(x, y, ci)| (x + offset, y, ci))
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        any |= !points.is_empty();
        chart.draw_series(LineSeries::new(points.iter().map(|p| (p.0, p.1)), c.stroke_width(2)))?;
        for &(x, y, ci) in &points {
            if let Some((low, high)) = ci {
                chart.draw_series(whisker(x, (x - 0.025, x + 0.025), low, high, c))?;
            }
            chart.draw_series([
                Circle::new((x, y), 5, c.filled()),
                Circle::new((x, y), 5, WHITE.stroke_width(1)),
            ])?;
        }
    }
    if !any {
        let mid = (x_range.0 + x_range.1) / 2.0;
        chart.draw_series(std::iter::once(
            EmptyElement::at((mid, 75.0))
                + Text::new(
                    "no games of the trace were played",
                    (0, 0),
                    font(16.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Center)),
                ),
        ))?;
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// Panel 2: ratings

/// One point of the ratings: a participant's rating in a variant, with its 95% interval.
struct Rated {
    participant: usize,
    rating: f64,
    interval: Option<(f64, f64)>,
}

/// Each variant's ratings, participants in the file's order, non-finite values left out.
fn rated(report: &TournamentReport) -> Vec<(RGBColor, Vec<Rated>)> {
    let participants = &report.tournament.participants;
    with_figures(report)
        .into_iter()
        .map(|(c, _, f)| {
            let points = participants
                .iter()
                .enumerate()
                .filter_map(|(p, info)| {
                    let s = f.standings.iter().find(|s| s.participant == info.name)?;
                    s.rating.is_finite().then(|| Rated {
                        participant: p,
                        rating: s.rating,
                        interval: (s.rating_error.is_finite())
                            .then(|| (s.rating - s.rating_error.abs(), s.rating + s.rating_error.abs())),
                    })
                })
                .collect();
            (c, points)
        })
        .collect()
}

fn ratings(area: &Area<'_>, report: &TournamentReport) -> Drawn {
    let t = &report.tournament;
    caption(area, &format!("Ratings: Elo in each variant, {} = 0, with 95% intervals", t.anchor))?;
    if t.participants.is_empty() {
        return note(area, "no participants");
    }
    let variants = rated(report);
    let values = variants.iter().flat_map(|(_, points)| {
        points
            .iter()
            .flat_map(|r| [Some(r.rating), r.interval.map(|i| i.0), r.interval.map(|i| i.1)])
            .flatten()
    });
    let (low, high) = values.fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    // At least 20 Elo from bottom to top, and a little room beyond the points.
    let extra = (20.0 - (high - low)).max(0.0) / 2.0;
    let (low, high) = (low - extra, high + extra);
    let pad = (high - low) * 0.08;
    let (y0, y1) = (low - pad, high + pad);

    let names: Vec<String> = t
        .participants
        .iter()
        .map(|p| if p.name == t.anchor { format!("{} (anchor)", p.name) } else { p.name.clone() })
        .collect();
    let n = names.len();
    let (w, _) = area.dim_in_pixel();
    let group_px = (f64::from(w) - 16.0 - 28.0 - 70.0) / n as f64;
    let longest = names.iter().map(|s| s.chars().count()).max().unwrap_or(1).max(1);
    let label_px = (group_px - 6.0) / (longest as f64 * 0.6);
    let label_px = label_px.clamp(9.0, 14.0);
    let chars = ((group_px - 6.0) / (label_px * 0.6)).max(3.0) as usize;
    let names: Vec<String> = names.iter().map(|s| shorten_middle(s, chars)).collect();

    let y_label = |y: &f64| tick(*y);
    let mut chart = ChartBuilder::on(area)
        .margin_top(PANEL_TOP)
        .margin_left(16)
        .margin_right(28)
        .margin_bottom(8)
        .x_label_area_size(56)
        .y_label_area_size(70)
        .build_cartesian_2d(Groups(names), y0..y1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(FAINT)
        .axis_style(GREY)
        .y_labels(9)
        .y_label_formatter(&y_label)
        .x_label_style(font(label_px))
        .y_label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .x_desc("participant")
        .y_desc(if t.anchor.chars().count() <= 16 {
            format!("rating (Elo, {} = 0)", t.anchor)
        } else {
            "rating (Elo)".to_string()
        })
        .draw()?;
    // The anchor's line.
    chart.draw_series(std::iter::once(DashedPathElement::new(
        vec![(0.0, 0.0), (n as f64, 0.0)],
        6,
        4,
        GREY.stroke_width(1),
    )))?;

    // Each variant at its own place in every group, so that a variant's points line up.
    let k = variants.len();
    let slot = (0.8 / k.max(1) as f64).min(0.3);
    for (i, (c, points)) in variants.iter().enumerate() {
        for r in points {
            let x = r.participant as f64 + 0.5 - slot * k as f64 / 2.0 + slot * (i as f64 + 0.5);
            if let Some((low, high)) = r.interval.filter(|(low, high)| high > low) {
                let cap = (slot * 0.2).min(0.05);
                chart.draw_series(whisker(x, (x - cap, x + cap), low, high, *c))?;
            }
            chart.draw_series([
                Circle::new((x, r.rating), 5, c.filled()),
                Circle::new((x, r.rating), 5, WHITE.stroke_width(1)),
            ])?;
        }
    }
    if variants.iter().all(|(_, points)| points.is_empty()) {
        let why = with_figures(report).iter().find_map(|(_, _, f)| f.ratings_missing.clone());
        let text = match why {
            Some(why) => shorten(&format!("no ratings: {why}"), 90),
            None => "no ratings".to_string(),
        };
        chart.draw_series(std::iter::once(
            EmptyElement::at((n as f64 / 2.0, (y0 + y1) / 2.0 + (y1 - y0) * 0.25))
                + Text::new(text, (0, 0), font(16.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Center))),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::chart::assert_well_formed;
    use crate::run::rating::Wdl;
    use crate::tournament::report::{Info, ParticipantInfo, Standing, TraceFigure};
    use crate::tournament::tally::VariantTally;

    fn info(name: &str) -> Info {
        Info {
            name: name.into(),
            file: "t.yaml".into(),
            fingerprint: "0".into(),
            seed: 1,
            format: "round robin".into(),
            games_per_pairing: 100,
            openings: "none".into(),
            participants: ["random", "greedy", "mcts-64"]
                .iter()
                .map(|n| ParticipantInfo { name: n.to_string(), agent: n.to_string() })
                .collect(),
            anchor: "random".into(),
            sprt: None,
            skill_trace: None,
            shard: None,
            partial: false,
        }
    }

    fn figure(score: f64, elo: f64, elo_error: f64) -> Estimate {
        Estimate { score, elo, elo_error, nelo: elo, nelo_error: elo_error, los: 0.9, draw_ratio: 0.1 }
    }

    fn standing(name: &str, rating: f64, rating_error: f64) -> Standing {
        Standing {
            participant: name.into(),
            rating,
            rating_error,
            points: 10.0,
            games: 20,
            score: 0.5,
            draws: 0.1,
        }
    }

    fn figures(standings: Vec<Standing>, trace: Vec<TraceFigure>) -> Figures {
        Figures {
            standings,
            ratings_missing: None,
            first_move_advantage: None,
            first_move_advantage_error: None,
            draw_elo: None,
            draw_elo_error: None,
            los: Vec::new(),
            cross: Vec::new(),
            head_to_head: Vec::new(),
            seats: Vec::new(),
            openings: Vec::new(),
            trace,
        }
    }

    fn variant(name: &str, figures: Option<Figures>) -> VariantResult {
        VariantResult {
            variant: name.into(),
            tally: VariantTally::default(),
            sprt: None,
            swiss: Vec::new(),
            opening_moves: Vec::new(),
            opening_values: Vec::new(),
            figures,
        }
    }

    fn trace(scores: &[(u64, f64, f64, f64)]) -> Vec<TraceFigure> {
        scores
            .iter()
            .map(|&(simulations, score, elo, err)| TraceFigure {
                simulations,
                strong: Wdl { wins: 10, draws: 2, losses: 8 },
                estimate: Some(figure(score, elo, err)),
                pairs_estimate: None,
                mean_plies: Some(40.0),
            })
            .collect()
    }

    fn two_variants() -> TournamentReport {
        let oware = figures(
            vec![
                standing("mcts-64", 310.0, 45.0),
                standing("greedy", 120.0, 30.0),
                standing("random", 0.0, 0.0),
            ],
            trace(&[
                (2, 0.62, 85.0, 40.0),
                (4, 0.66, 115.0, 42.0),
                (8, 0.7, 147.0, 45.0),
                (16, 1.0, f64::INFINITY, f64::NAN),
            ]),
        );
        let bao = figures(
            vec![
                standing("mcts-64", 520.0, 60.0),
                standing("greedy", 90.0, 35.0),
                standing("random", 0.0, 0.0),
            ],
            trace(&[
                (2, 0.55, 35.0, 38.0),
                (4, 0.6, 70.0, 40.0),
                (8, 0.64, 100.0, 41.0),
                (16, 0.68, 131.0, 43.0),
            ]),
        );
        TournamentReport {
            tournament: info("Skill test"),
            variants: vec![variant("Oware:abapa", Some(oware)), variant("Bao la Kiswahili", Some(bao))],
            skill: Vec::new(),
        }
    }

    #[test]
    fn two_variants_with_a_trace() {
        let report = two_variants();
        let svg = svg(&report);
        assert_well_formed(&svg);
        for text in [
            "Skill test",
            "Oware:abapa",
            "Bao la Kiswahili",
            "random",
            "greedy",
            "mcts-64",
            "Skill trace",
            "mcts:2N&apos;s score (%)",
            "Ratings",
        ] {
            assert!(svg.contains(text) || svg.contains(&text.replace("&apos;", "'")), "no `{text}`");
        }
        for level in ["2", "4", "8", "16"] {
            assert!(svg.contains(&format!("\n{level}\n</text>")), "no tick at {level}");
        }
        assert_eq!(svg, super::svg(&report.clone()), "the same report, the same picture");
    }

    #[test]
    fn no_trace_and_nan_ratings() {
        let nan = figures(
            vec![
                standing("random", f64::NAN, f64::NAN),
                standing("greedy", f64::NAN, f64::NAN),
                standing("mcts-64", f64::NAN, f64::NAN),
            ],
            Vec::new(),
        );
        let mut half = nan.clone();
        half.standings[1] = standing("greedy", 150.0, f64::INFINITY);
        let mut missing = nan.clone();
        missing.ratings_missing = Some("no games were played".into());
        let reports = [
            vec![variant("Oware", Some(nan)), variant("Bao", None)],
            vec![variant("Oware", Some(half))],
            vec![variant("Oware", Some(missing))],
            Vec::new(),
        ];
        for variants in reports {
            let report = TournamentReport { tournament: info("Empty"), variants, skill: Vec::new() };
            let svg = svg(&report);
            assert_well_formed(&svg);
            assert!(svg.contains("Empty"));
            assert!(!svg.contains("Skill trace"));
            assert!(svg.contains("random (anchor)"));
        }
        let mut nobody = info("Nobody");
        nobody.participants.clear();
        let report = TournamentReport { tournament: nobody, variants: Vec::new(), skill: Vec::new() };
        assert_well_formed(&svg(&report));
    }

    #[test]
    fn many_variants_participants_and_levels() {
        let mut tournament = info("A long tournament & <many> players");
        tournament.participants = (0..12)
            .map(|i| ParticipantInfo {
                name: format!("participant-with-a-long-name-{i}"),
                agent: "random".into(),
            })
            .collect();
        tournament.anchor = "participant-with-a-long-name-0".into();
        let variants = (0..9)
            .map(|v| {
                let standings = (0..12)
                    .map(|i| {
                        standing(&format!("participant-with-a-long-name-{i}"), (i * v * 10) as f64, 25.0)
                    })
                    .collect();
                let levels: Vec<(u64, f64, f64, f64)> =
                    (1..=8).map(|k| (1u64 << k, 0.5 + 0.02 * v as f64, 10.0 * v as f64, 30.0)).collect();
                variant(&format!("Variant {v}"), Some(figures(standings, trace(&levels))))
            })
            .collect();
        let report = TournamentReport { tournament, variants, skill: Vec::new() };
        let svg = svg(&report);
        assert_well_formed(&svg);
        assert!(svg.contains("A long tournament &amp; &lt;many&gt; players"));
        assert!(svg.contains("\n256\n</text>"));
    }

    #[test]
    fn the_logistic_curve() {
        assert!((score_of_elo(0.0) - 0.5).abs() < 1e-12);
        assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(score_of_elo(f64::INFINITY), 1.0);
        assert_eq!(tick(-0.0), "0");
        assert_eq!(tick(-1e-12), "0");
        assert_eq!(shorten_middle("participant-12", 9), "part…t-12");
        assert_eq!(shorten_middle("greedy", 9), "greedy");
        assert_eq!(shorten("a long title", 7), "a long…");
    }
}

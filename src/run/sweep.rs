//! The picture of a sweep (`--vary RULE --plot FILE.svg`): figures drawn against the varied
//! value, one line per variant (and per value of any other rule varied), with 95% intervals
//! as whiskers. `sow simulate` draws seat 1's wins and the draws, and the mean length;
//! `sow solve` draws the value with perfect play.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::lang::words::thousands;
use crate::run::chart::group_mesh;
use crate::run::chart::{Area, Drawn, GREY, Groups, INK, bold, colour, font, legend, text_width};
use crate::run::report::Report;
use crate::run::stats;

const WIDTH: u32 = 1200;

/// A figure at one value, with its 95% interval if it has one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub y: f64,
    pub interval: Option<(f64, f64)>,
}

/// A line of a panel: its group (which gives its colour), and a figure per value of the x axis.
#[derive(Debug, Clone)]
pub struct Series {
    pub group: usize,
    /// Drawn with hollow markers and a thin line, to tell it from the group's other series.
    pub hollow: bool,
    pub points: Vec<Option<Point>>,
}

#[derive(Debug, Clone)]
pub struct Panel {
    pub caption: String,
    pub y_desc: String,
    pub series: Vec<Series>,
    /// Draws the line y = 0 (a value with perfect play: above it player 1 wins).
    pub zero: bool,
    /// The y range to show at least (e.g. 0 to 100 for rates).
    pub y_range: Option<(f64, f64)>,
}

/// A whole picture: the x axis's values, the groups (legend), the panels one above another.
#[derive(Debug, Clone)]
pub struct Sweep {
    pub title: String,
    pub subtitle: String,
    pub x_desc: String,
    pub x: Vec<String>,
    pub groups: Vec<String>,
    pub panels: Vec<Panel>,
}

/// The figures of a simulation sweep: one group per variant and value of the rules varied
/// before the last; the last rule's values along the x axis.
pub fn from_report(report: &Report) -> Sweep {
    let mut x: Vec<String> = Vec::new();
    let mut groups: Vec<String> = Vec::new();
    let mut at: Vec<(usize, usize)> = Vec::new();
    let mut rules = String::new();
    for r in &report.0 {
        let (group, value) = match &r.run.varied {
            Some(v) => {
                rules = v.rules.last().cloned().unwrap_or_default();
                let (last, rest) = v.values.split_last().map_or(("", &[][..]), |(l, r)| (l.as_str(), r));
                let mut name = v.base.clone();
                for (rule, value) in v.rules.iter().zip(rest) {
                    name = format!("{name}, {}", rule_with(rule, value));
                }
                (name, last.to_string())
            }
            None => (r.label(), String::new()),
        };
        let g = groups.iter().position(|n| *n == group).unwrap_or_else(|| {
            groups.push(group);
            groups.len() - 1
        });
        let i = x.iter().position(|n| *n == value).unwrap_or_else(|| {
            x.push(value);
            x.len() - 1
        });
        at.push((g, i));
    }
    let empty = |group, hollow| Series { group, hollow, points: vec![None; x.len()] };
    let mut wins: Vec<Series> = (0..groups.len()).map(|g| empty(g, false)).collect();
    let mut draws: Vec<Series> = (0..groups.len()).map(|g| empty(g, true)).collect();
    let mut lengths: Vec<Series> = (0..groups.len()).map(|g| empty(g, false)).collect();
    for (r, &(g, i)) in report.0.iter().zip(&at) {
        let n = r.games_played;
        if n == 0 {
            continue;
        }
        if let Some(s) = r.seats.first() {
            let (lo, hi) = stats::wilson(s.wins, n);
            wins[g].points[i] =
                Some(Point { y: 100.0 * s.wins as f64 / n as f64, interval: Some((100.0 * lo, 100.0 * hi)) });
        }
        let d = n.saturating_sub(r.seats.iter().map(|s| s.wins).sum());
        let (lo, hi) = stats::wilson(d, n);
        draws[g].points[i] =
            Some(Point { y: 100.0 * d as f64 / n as f64, interval: Some((100.0 * lo, 100.0 * hi)) });
        if let (Some(mean), Some(sd)) = (r.length.mean, r.length.sd) {
            let half = 1.96 * sd / (n as f64).sqrt();
            lengths[g].points[i] = Some(Point { y: mean, interval: Some((mean - half, mean + half)) });
        }
    }
    let games: u64 = report.0.iter().map(|r| r.games_played).sum();
    let each =
        report.0.first().map(|r| r.games_played).filter(|&g| report.0.iter().all(|r| r.games_played == g));
    let players = report.0.first().map_or(String::new(), |r| r.run.players.join(" vs "));
    let mut series = wins;
    series.extend(draws);
    Sweep {
        title: match each {
            Some(g) => format!("{}: {} games a variant", groups.join(", "), thousands(g)),
            None => format!("{}: {} games in all", groups.join(", "), thousands(games)),
        },
        subtitle: format!("players: {players}"),
        x_desc: rules,
        x,
        groups,
        panels: vec![
            Panel {
                caption: "Seat 1's wins (filled) and draws (hollow), with 95% intervals".into(),
                y_desc: "games (%)".into(),
                series,
                zero: false,
                y_range: Some((0.0, 100.0)),
            },
            Panel {
                caption: "Mean game length, with 95% intervals".into(),
                y_desc: "plies".into(),
                series: lengths,
                zero: false,
                y_range: None,
            },
        ],
    }
}

/// `seeds {2..8} in each pit` with `4`: `seeds 4 in each pit`.
pub fn rule_with(rule: &str, value: &str) -> String {
    match (rule.find('{'), rule.rfind('}')) {
        (Some(a), Some(b)) if a < b => format!("{}{value}{}", &rule[..a], &rule[b + 1..]),
        _ => rule.to_string(),
    }
}

/// The picture as a complete SVG document.
pub fn svg(sweep: &Sweep) -> String {
    let height = 120 + 380 * sweep.panels.len() as u32;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        // Drawing into a string fails only on bad input to plotters; a failure leaves part of
        // the picture blank, never a broken document.
        let _ = draw(&root, sweep);
        let _ = root.present();
    }
    out
}

fn draw(root: &Area<'_>, sweep: &Sweep) -> Drawn {
    root.fill(&WHITE)?;
    let width = WIDTH as f64;
    let centre = (WIDTH / 2) as i32;
    let px = [22.0, 19.0, 16.0]
        .into_iter()
        .find(|&px| text_width(&sweep.title, px) <= width - 40.0)
        .unwrap_or(16.0);
    root.draw(&Text::new(
        sweep.title.clone(),
        (centre, 12),
        bold(px).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    let mut y = 12 + px as i32 + 10;
    root.draw(&Text::new(
        sweep.subtitle.clone(),
        (centre, y),
        font(14.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    y += 24;
    let items: Vec<(String, Option<RGBColor>)> =
        sweep.groups.iter().enumerate().map(|(i, g)| (g.clone(), Some(colour(i)))).collect();
    let y = legend(root, &items, y, width)? + 4;
    let (_, body) = root.split_vertically(y);
    let panels = body.split_evenly((sweep.panels.len().max(1), 1));
    for (area, panel) in panels.iter().zip(&sweep.panels) {
        draw_panel(area, sweep, panel)?;
    }
    Ok(())
}

fn draw_panel(area: &Area<'_>, sweep: &Sweep, panel: &Panel) -> Drawn {
    let (w, _) = area.dim_in_pixel();
    area.draw(&Text::new(
        panel.caption.clone(),
        (w as i32 / 2, 6),
        font(17.0).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    let ys = panel
        .series
        .iter()
        .flat_map(|s| s.points.iter().flatten())
        .flat_map(|p| [p.y, p.interval.map_or(p.y, |i| i.0), p.interval.map_or(p.y, |i| i.1)]);
    let (mut lo, mut hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    if !lo.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    if let Some((a, b)) = panel.y_range {
        (lo, hi) = (lo.min(a), hi.max(b));
    } else {
        lo = lo.min(0.0);
        if panel.zero {
            hi = hi.max(0.0);
        }
    }
    let pad = ((hi - lo) * 0.06).max(0.5);
    let (lo, hi) =
        if panel.y_range.is_some() { (lo, hi) } else { (lo - pad * (lo < 0.0) as u8 as f64, hi + pad) };
    let mut chart = ChartBuilder::on(area)
        .margin_top(40)
        .margin_left(16)
        .margin_right(28)
        .margin_bottom(6)
        .x_label_area_size(56)
        .y_label_area_size(70)
        .build_cartesian_2d(Groups(sweep.x.clone()), lo..hi)?;
    group_mesh(&mut chart, &panel.y_desc, Some(&sweep.x_desc))?;
    if panel.zero && lo < 0.0 && hi > 0.0 {
        let n = sweep.x.len() as f64;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, 0.0), (n, 0.0)],
            GREY.stroke_width(1),
        )))?;
    }
    // Lines of one group side by side within a value, so that their whiskers do not overlap.
    let count = panel.series.len().max(1) as f64;
    for (k, s) in panel.series.iter().enumerate() {
        let c = colour(s.group);
        let offset = if count > 1.0 { (k as f64 - (count - 1.0) / 2.0) * (0.3 / count) } else { 0.0 };
        let at = |i: usize| i as f64 + 0.5 + offset;
        let line = if s.hollow { c.stroke_width(1) } else { c.stroke_width(2) };
        // A line through consecutive values; a missing value breaks it.
        let mut run: Vec<(f64, f64)> = Vec::new();
        for (i, p) in s.points.iter().enumerate() {
            match p {
                Some(p) => run.push((at(i), p.y)),
                None => {
                    if run.len() > 1 {
                        chart
                            .draw_series(std::iter::once(PathElement::new(std::mem::take(&mut run), line)))?;
                    }
                    run.clear();
                }
            }
        }
        if run.len() > 1 {
            chart.draw_series(std::iter::once(PathElement::new(run, line)))?;
        }
        for (i, p) in s.points.iter().enumerate() {
            let Some(p) = p else { continue };
            let x = at(i);
            if let Some((a, b)) = p.interval {
                let cap = 0.06 / count.sqrt();
                let whisker = INK.mix(0.7).stroke_width(1);
                chart.draw_series([
                    PathElement::new(vec![(x, a), (x, b)], whisker),
                    PathElement::new(vec![(x - cap, a), (x + cap, a)], whisker),
                    PathElement::new(vec![(x - cap, b), (x + cap, b)], whisker),
                ])?;
            }
            let marker = if s.hollow { c.stroke_width(2) } else { c.filled() };
            chart.draw_series(std::iter::once(Circle::new((x, p.y), 5, marker)))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_take_their_values() {
        assert_eq!(rule_with("seeds {2..8} in each pit", "4"), "seeds 4 in each pit");
        assert_eq!(rule_with("no placeholder", "4"), "no placeholder");
    }

    #[test]
    fn a_picture_is_a_whole_document() {
        let sweep = Sweep {
            title: "Bakuk".into(),
            subtitle: "players: random vs random".into(),
            x_desc: "seeds {1..3} in each pit".into(),
            x: vec!["1".into(), "2".into(), "3".into()],
            groups: vec!["Bakuk".into()],
            panels: vec![Panel {
                caption: "value".into(),
                y_desc: "seeds".into(),
                series: vec![Series {
                    group: 0,
                    hollow: false,
                    points: vec![
                        Some(Point { y: -2.0, interval: None }),
                        None,
                        Some(Point { y: 4.0, interval: None }),
                    ],
                }],
                zero: true,
                y_range: None,
            }],
        };
        let svg = svg(&sweep);
        crate::run::chart::assert_well_formed(&svg);
        assert!(svg.contains("seeds {1..3} in each pit"));
        // Two points drawn, one missing.
        assert_eq!(svg.matches("<circle").count(), 2, "{svg}");
    }
}

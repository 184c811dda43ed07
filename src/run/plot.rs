//! `sow simulate --plot FILE.svg`: the results of a run as a picture, one colour per variant.
//!
//! The top panel shows who wins: per seat, the share of games it won, and the share drawn, as
//! bars with their 95% intervals. The bottom panel shows how long games last: the share of
//! games of each length in plies, as a line per variant.
//!
//! Text is written as SVG `<text>`, laid out by the viewer's own fonts: sizes here are estimates
//! that leave room to spare.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::lang::words::thousands;
use crate::run::chart::group_mesh;
use crate::run::chart::{
    Area, Drawn, FAINT, GREY, Groups, INK, bold, colour, font, legend, text_width, tick,
};

use crate::run::report::{Report, VariantReport};
use crate::run::stats::{self, Histogram};

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 900;

/// The share of each variant's games (those not stopped at the ply limit) whose lengths the
/// plot of lengths shows: the longest (a thin tail) are left out.
const LENGTH_SHOWN: f64 = 0.995;

/// The results of a run as a complete SVG document.
pub fn svg(report: &Report) -> String {
    // A sweep (`--vary`) is drawn against the varied value.
    if report.0.iter().any(|r| r.run.varied.is_some()) {
        return crate::run::sweep::svg(&crate::run::sweep::from_report(report));
    }
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, HEIGHT)).into_drawing_area();
        // Drawing into a string fails only on bad input to plotters, which `draw` avoids; a
        // failure would leave part of the picture blank, never a broken document.
        let _ = draw(&root, report);
        let _ = root.present();
    }
    out
}

fn games(n: u64) -> String {
    format!("{} game{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// The variants with games to plot, with their colours.
fn played(report: &Report) -> Vec<(RGBColor, &VariantReport)> {
    report.0.iter().enumerate().filter(|(_, r)| r.games_played > 0).map(|(i, r)| (colour(i), r)).collect()
}

fn draw(root: &Area<'_>, report: &Report) -> Drawn {
    root.fill(&WHITE)?;
    let header = header(root, report)?;
    let (_, body) = root.split_vertically(header);
    if played(report).is_empty() {
        let (w, h) = body.dim_in_pixel();
        body.draw(&Text::new(
            "no games were played",
            (w as i32 / 2, h as i32 / 2),
            font(16.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
        return Ok(());
    }
    let panels = body.split_evenly((2, 1));
    outcomes(&panels[0], report)?;
    lengths(&panels[1], report)?;
    Ok(())
}

/// Space above a panel's plot for its caption, and for labels just above the plot.
const PANEL_TOP: u32 = 52;

/// A panel's caption, centred at its top.
fn caption(area: &Area<'_>, text: &str) -> Drawn {
    let (w, _) = area.dim_in_pixel();
    area.draw(&Text::new(text, (w as i32 / 2, 6), font(17.0).pos(Pos::new(HPos::Center, VPos::Top))))?;
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// Title and legend

/// The title, and a shorter one for when it is too long.
fn title(report: &Report) -> (String, String) {
    let rs = &report.0;
    let labels: Vec<String> = rs.iter().map(VariantReport::label).collect();
    let partial = if report.partial() { " (partial results)" } else { "" };
    let same = rs.windows(2).all(|w| w[0].games_played == w[1].games_played);
    let long = match &rs[..] {
        [] => "No results".to_string(),
        [r] => format!("{}: {}{partial}", labels[0], games(r.games_played)),
        [r, ..] if same => format!("{}: {} each{partial}", labels.join(" vs "), games(r.games_played)),
        _ => {
            let parts: Vec<String> =
                rs.iter().zip(&labels).map(|(r, l)| format!("{l} ({})", games(r.games_played))).collect();
            format!("{}{partial}", parts.join(" vs "))
        }
    };
    // Too long for one line (many variants): the legend names them.
    let short = if same && !rs.is_empty() {
        format!("{} variants: {} each{partial}", rs.len(), games(rs[0].games_played))
    } else {
        let total: u64 = rs.iter().map(|r| r.games_played).sum();
        format!("{} variants: {} in all{partial}", rs.len(), games(total))
    };
    (long, short)
}

/// Draws the title, a line on the players, and the legend; returns the height they take.
fn header(root: &Area<'_>, report: &Report) -> Result<i32, Box<dyn std::error::Error>> {
    let width = WIDTH as f64;
    let (long, short) = title(report);
    let (text, px) = [22.0, 19.0, 16.0]
        .into_iter()
        .find(|&px| text_width(&long, px) <= width - 40.0)
        .map_or((short, 19.0), |px| (long, px));
    let centre = (WIDTH / 2) as i32;
    let mut y = 12;
    root.draw(&Text::new(text, (centre, y), bold(px).pos(Pos::new(HPos::Center, VPos::Top))))?;
    y += px as i32 + 10;

    // The players, when every variant had the same.
    let rs = &report.0;
    let mut everyone = rs.iter().flat_map(|r| &r.run.players);
    let line = match (rs.first(), everyone.next()) {
        (Some(_), Some(p)) if everyone.all(|q| q == p) => Some(format!("players: {p} in every seat")),
        (Some(first), Some(_)) if rs.iter().all(|r| r.run.players == first.run.players) => {
            Some(format!("players: {}", first.run.players.join(" vs ")))
        }
        _ => None,
    };
    if let Some(line) = line {
        root.draw(&Text::new(
            line,
            (centre, y),
            font(14.0).color(&GREY).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
        y += 24;
    }

    // The legend: a swatch and a label per variant, centred, in as many rows as it needs.
    let items: Vec<(String, Option<RGBColor>)> = rs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if r.games_played == 0 {
                (format!("{} (no games)", r.label()), None)
            } else {
                (r.label(), Some(colour(i)))
            }
        })
        .collect();
    let y = legend(root, &items, y, width)?;
    Ok(y + 4)
}

// ------------------------------------------------------------------------------------------------
// Panel 1: who wins

/// One bar: a variant's rate, with its 95% interval, all as fractions.
struct Bar {
    colour: RGBColor,
    rate: f64,
    low: f64,
    high: f64,
}

/// The bars of each group: seat 1 wins, seat 2 wins, ..., draws.
fn outcome_groups(report: &Report) -> Vec<(String, Vec<Bar>)> {
    let played = played(report);
    let seats = played.iter().map(|(_, r)| r.seats.len()).max().unwrap_or(0);
    let mut groups: Vec<(String, Vec<Bar>)> =
        (1..=seats).map(|s| (format!("seat {s} wins"), Vec::new())).collect();
    groups.push(("draws".to_string(), Vec::new()));
    for &(colour, r) in &played {
        for (s, seat) in r.seats.iter().enumerate() {
            if let (Some(rate), Some([low, high])) = (seat.win_rate, seat.win_rate_ci) {
                groups[s].1.push(Bar { colour, rate, low, high });
            }
        }
        let n = r.games_played;
        let draws = n.saturating_sub(r.seats.iter().map(|s| s.wins).sum());
        let (low, high) = stats::wilson(draws, n);
        groups[seats].1.push(Bar { colour, rate: draws as f64 / n as f64, low, high });
    }
    for (_, bars) in &mut groups {
        bars.retain(|b| [b.rate, b.low, b.high].iter().all(|v| v.is_finite()));
    }
    groups
}

fn outcomes(area: &Area<'_>, report: &Report) -> Drawn {
    let groups = outcome_groups(report);
    let top = groups.iter().flat_map(|(_, bars)| bars.iter().map(|b| b.high.max(b.rate))).fold(0.0, f64::max);
    // Room above the highest interval for its label; whole tens, 100% at most.
    let y_max = ((top * 100.0 * 1.12 + 3.0) / 10.0).ceil().clamp(1.0, 10.0) * 10.0;
    let n = groups.len() as f64;
    let names: Vec<String> = groups.iter().map(|(name, _)| name.clone()).collect();

    caption(area, "Who wins: games won from each seat, and drawn, with 95% intervals")?;
    let mut chart = ChartBuilder::on(area)
        .margin_top(PANEL_TOP)
        .margin_left(16)
        .margin_right(28)
        .margin_bottom(6)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d(Groups(names), 0.0..y_max)?;
    group_mesh(&mut chart, "games won or drawn (%)", None)?;

    // Bars of one width throughout, centred in their group (a group may have fewer bars: not
    // every variant has a third seat).
    let most = groups.iter().map(|(_, bars)| bars.len()).max().unwrap_or(1).max(1);
    let slot = (0.8 / most as f64).min(0.3);
    let (xs, _) = chart.plotting_area().get_pixel_range();
    let slot_px = slot / n * f64::from(xs.end - xs.start);
    let labelled = groups
        .iter()
        .flat_map(|(_, bars)| bars)
        .all(|b| text_width(&format!("{:.1}%", b.rate * 100.0), 13.0) < slot_px - 4.0);
    for (g, (_, bars)) in groups.iter().enumerate() {
        let first = g as f64 + 0.5 - slot * bars.len() as f64 / 2.0;
        for (i, b) in bars.iter().enumerate() {
            let centre = first + slot * (i as f64 + 0.5);
            let half = slot * 0.4;
            let (rate, low, high) = (b.rate * 100.0, b.low * 100.0, b.high * 100.0);
            chart.draw_series([
                Rectangle::new([(centre - half, 0.0), (centre + half, rate)], b.colour.mix(0.55).filled()),
                Rectangle::new([(centre - half, 0.0), (centre + half, rate)], b.colour.stroke_width(1)),
            ])?;
            // The interval: a whisker with caps, in ink so that it shows on every colour.
            let cap = half * 0.45;
            let whisker = INK.stroke_width(2);
            chart.draw_series([
                PathElement::new(vec![(centre, low), (centre, high)], whisker),
                PathElement::new(vec![(centre - cap, low), (centre + cap, low)], whisker),
                PathElement::new(vec![(centre - cap, high), (centre + cap, high)], whisker),
            ])?;
            if labelled {
                // Above the interval; near 100% that is above the plot, in the space kept for
                // it under the caption.
                let label = format!("{rate:.1}%");
                let style = font(13.0).pos(Pos::new(HPos::Center, VPos::Bottom));
                chart.draw_series(std::iter::once(
                    EmptyElement::at((centre, high)) + Text::new(label, (0, -5), style),
                ))?;
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// Panel 2: how long games last

/// The lengths of a variant's games that ended by its rules, not at the ply limit.
fn finished_lengths(r: &VariantReport) -> Vec<(usize, u64)> {
    let limit = r.run.max_plies as usize;
    let h: &Histogram = &r.length.distribution;
    if r.ends.ply_limit == 0 || limit == 0 {
        return h.entries().collect();
    }
    h.entries().filter(|&(v, _)| v < limit).collect()
}

/// The `q`-quantile of (value, count) pairs in increasing order, by the nearest-rank rule of
/// `Histogram::quantile`.
fn quantile(entries: &[(usize, u64)], q: f64) -> Option<usize> {
    let n: u64 = entries.iter().map(|e| e.1).sum();
    if n == 0 {
        return None;
    }
    let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
    let mut seen = 0;
    entries
        .iter()
        .find(|e| {
            seen += e.1;
            seen >= rank
        })
        .map(|e| e.0)
}

fn lengths(area: &Area<'_>, report: &Report) -> Drawn {
    let played = played(report);
    // The range: every variant's shortest game up to its LENGTH_SHOWN quantile, leaving out
    // games stopped at the ply limit (shown as a note), unless a variant has nothing else.
    let mut low = usize::MAX;
    let mut high = 0;
    for (_, r) in &played {
        let mut entries = finished_lengths(r);
        if entries.is_empty() {
            entries = r.length.distribution.entries().collect();
        }
        if let (Some(&(min, _)), Some(q)) = (entries.first(), quantile(&entries, LENGTH_SHOWN)) {
            low = low.min(min);
            high = high.max(q);
        }
    }
    if low > high {
        (low, high) = (0, 10);
    }
    // A step of the lines beyond the lengths each side, so that they come down to 0 there.
    let spacings: Vec<usize> =
        played.iter().map(|(_, r)| spacing(&r.length.distribution, low, high)).collect();
    let pad = spacings.iter().copied().max().unwrap_or(1).clamp(1, 8);
    let (mut x0, mut x1) = (low.saturating_sub(pad), high + pad);
    if x1 - x0 < 10 {
        let pad = (10 - (x1 - x0)).div_ceil(2);
        x0 = x0.saturating_sub(pad);
        x1 = x0 + 10;
    }

    // Shares of games (%) at every length in range, zeros included so that lines drop to 0;
    // over a long range, in bins of `bin` plies.
    let mut bin = (x1 - x0 + 1).div_ceil(MAX_POINTS);
    let lcm = spacings.iter().fold(1, |l, &s| l / gcd(l, s) * s);
    if bin > 1 && lcm <= 8 {
        bin = bin.div_ceil(lcm) * lcm;
    }
    let lines: Vec<(RGBColor, Vec<(i64, f64)>)> = played
        .iter()
        .zip(&spacings)
        .map(|(&(c, r), &spacing)| {
            let h = &r.length.distribution;
            let n = h.count().max(1) as f64;
            let mut counts = vec![0u64; (x1 - x0) / bin + 1];
            for (v, k) in h.entries().filter(|&(v, _)| (x0..=x1).contains(&v)) {
                counts[(v - x0) / bin] += k;
            }
            let x = |i: usize| (x0 + i * bin + (bin - 1) / 2) as i64;
            let points = if bin > 1 {
                counts.iter().enumerate().map(|(i, &k)| (x(i), 100.0 * k as f64 / n)).collect()
            } else {
                // Lengths of one parity (or another spacing) only: the line joins those, not
                // the zeros between them.
                let first = h.entries().find(|&(v, _)| v >= x0).map_or(x0, |e| e.0);
                counts
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| (x0 + i).abs_diff(first) % spacing == 0)
                    .map(|(i, &k)| (x(i), 100.0 * k as f64 / n))
                    .collect()
            };
            (c, points)
        })
        .collect();
    let top = lines.iter().flat_map(|(_, p)| p.iter().map(|p| p.1)).fold(0.0, f64::max);
    let mut y_max = if top > 0.0 { top * 1.12 } else { 1.0 };

    // Notes at the top right, on what the plot leaves out; the lines pass below them.
    let notes = length_notes(report, x1);
    let (w, h) = area.dim_in_pixel();
    let plot_w = f64::from(w) - 16.0 - 28.0 - 70.0;
    let plot_h = f64::from(h) - f64::from(PANEL_TOP) - 56.0 - 8.0;
    let notes_w = notes.iter().map(|(t, _)| text_width(t, NOTE_PX)).fold(0.0, f64::max) + 12.0;
    let notes_h = 10.0 + NOTE_LINE * notes.len() as f64;
    if !notes.is_empty() && notes_h < plot_h * 0.6 {
        let from = x1 as f64 - (x1 - x0) as f64 * (notes_w / plot_w).min(1.0);
        let under = lines
            .iter()
            .flat_map(|(_, p)| p.iter().filter(|p| p.0 as f64 >= from - 1.0).map(|p| p.1))
            .fold(0.0, f64::max);
        y_max = y_max.max(under / (1.0 - (notes_h + 6.0) / plot_h));
    }
    let x_label = |x: &i64| x.to_string();
    let y_label = |y: &f64| tick(*y);

    caption(area, "How long games last")?;
    let mut chart = ChartBuilder::on(area)
        .margin_top(PANEL_TOP)
        .margin_left(16)
        .margin_right(28)
        .margin_bottom(8)
        .x_label_area_size(56)
        .y_label_area_size(70)
        .build_cartesian_2d(x0 as i64..x1 as i64, 0.0..y_max)?;
    chart
        .configure_mesh()
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(FAINT)
        .axis_style(GREY)
        .x_labels(16)
        .y_labels(8)
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .x_desc("game length (plies)")
        .y_desc(if bin > 1 {
            format!("share of games (%) per {bin} plies")
        } else {
            "share of games (%)".into()
        })
        .draw()?;
    for (c, points) in &lines {
        chart.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))?;
    }

    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let (bx, by) = area.get_base_pixel();
    for (k, (note, c)) in notes.iter().enumerate() {
        area.draw(&Text::new(
            note.clone(),
            (xs.end - bx - 10, ys.start - by + 8 + (NOTE_LINE * k as f64) as i32),
            font(NOTE_PX).color(c).pos(Pos::new(HPos::Right, VPos::Top)),
        ))?;
    }
    Ok(())
}

/// At most this many lengths (or bins of lengths) to a line.
const MAX_POINTS: usize = 400;

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The spacing of the lengths of a variant's games in `low..=high`: 2 when they are all odd or
/// all even, 1 as a rule.
fn spacing(h: &Histogram, low: usize, high: usize) -> usize {
    let mut lengths = h.entries().map(|e| e.0).filter(|v| (low..=high).contains(v));
    let first = lengths.next().unwrap_or(low);
    lengths.fold(0, |g, v| gcd(g, v - first)).max(1)
}

const NOTE_PX: f64 = 13.0;
const NOTE_LINE: f64 = 19.0;

/// What the plot of lengths leaves out: games stopped at the ply limit (a line per variant in
/// its colour, or a list when there are many), and the longest games.
fn length_notes(report: &Report, x1: usize) -> Vec<(String, RGBColor)> {
    let mut notes = Vec::new();
    let limited: Vec<(usize, &VariantReport)> =
        report.0.iter().enumerate().filter(|(_, r)| r.games_played > 0 && r.ends.ply_limit > 0).collect();
    let share = |r: &VariantReport| 100.0 * r.ends.ply_limit as f64 / r.games_played as f64;
    if limited.len() <= 3 {
        for &(i, r) in &limited {
            let text = format!(
                "{}: {:.1}% of games stopped at the {}-ply limit",
                r.label(),
                share(r),
                r.run.max_plies
            );
            notes.push((text, colour(i)));
        }
    } else {
        let mut line = "stopped at the ply limit:".to_string();
        for (k, &(_, r)) in limited.iter().enumerate() {
            let item =
                format!(" {} {:.1}%{}", r.label(), share(r), if k + 1 < limited.len() { "," } else { "" });
            if line.chars().count() + item.chars().count() > 70 {
                notes.push((line, GREY));
                line = String::new();
            }
            line.push_str(&item);
        }
        notes.push((line.trim_start().to_string(), GREY));
    }
    let longest = report.0.iter().filter_map(|r| finished_lengths(r).last().map(|e| e.0)).max();
    if let Some(longest) = longest.filter(|&l| l > x1) {
        notes.push((format!("longest game {longest} plies; lengths beyond {x1} not shown"), GREY));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;
    use crate::run::chart::assert_well_formed;
    use crate::run::report::RunInfo;
    use crate::run::stats::Tally;

    fn variant(name: &str, ruleset: Option<&str>, tally: Tally) -> VariantReport {
        let run = RunInfo {
            variant: name.into(),
            ruleset: ruleset.map(Into::into),
            source: name.to_lowercase(),
            fingerprint: None,
            games: tally.games,
            seed: 0,
            players: vec!["random".into(); tally.seats.len()],
            max_plies: 100,
            shard: None,
            partial: false,
            varied: None,
        };
        VariantReport::new(run, tally)
    }

    fn two_seats() -> VariantReport {
        let mut t = Tally::new(2);
        for i in 0..40u32 {
            let scores = [[10, 4], [3, 8], [5, 5]][i as usize % 3];
            t.finish_game(&scores, 20 + i % 13, EndReason::NoLegalMove, 0);
        }
        t.finish_game(&[1, 0], 100, EndReason::PlyLimit, 6);
        variant("Bakuk", None, t)
    }

    fn three_seats() -> VariantReport {
        let mut t = Tally::new(3);
        for i in 0..30u32 {
            let scores = [[6, 2, 1], [1, 7, 2], [2, 3, 9], [4, 4, 1]][i as usize % 4];
            t.finish_game(&scores, 30 + i % 7, EndReason::NoLegalMove, 1);
        }
        variant("Bakuk", Some("three-player"), t)
    }

    fn empty() -> VariantReport {
        variant("Koumma", None, Tally::new(2))
    }

    #[test]
    fn two_variants_with_different_seat_counts() {
        let report = Report(vec![two_seats(), three_seats(), empty()]);
        let svg = svg(&report);
        assert_well_formed(&svg);
        for text in [
            "Bakuk",
            "Bakuk:three-player",
            "Koumma (no games)",
            "seat 1 wins",
            "seat 2 wins",
            "seat 3 wins",
            "draws",
            "game length (plies)",
            "share of games (%)",
            "games won or drawn (%)",
            "of games stopped at the 100-ply limit",
        ] {
            assert!(svg.contains(text), "no `{text}`");
        }
    }

    #[test]
    fn a_run_without_games_says_so() {
        for report in [Report(vec![empty()]), Report(vec![])] {
            let svg = svg(&report);
            assert_well_formed(&svg);
            assert!(svg.contains("no games were played"));
            assert!(!svg.contains("seat 1 wins"));
        }
    }

    #[test]
    fn games_all_of_one_length_and_many_variants() {
        let mut t = Tally::new(2);
        for _ in 0..5 {
            t.finish_game(&[3, 1], 7, EndReason::NoLegalMove, 0);
        }
        let one = variant("Oware", Some("abapa & <co>"), t);
        let svg1 = svg(&Report(vec![one.clone()]));
        assert_well_formed(&svg1);
        assert!(svg1.contains("Oware:abapa &amp; &lt;co&gt;"));
        assert!(svg1.contains("100.0%"), "seat 1 always wins");
        let many: Vec<VariantReport> = (0..9)
            .map(|i| if i % 2 == 0 { two_seats() } else { three_seats() })
            .chain([one, empty()])
            .collect();
        let svg = svg(&Report(many.clone()));
        assert_well_formed(&svg);
        assert!(svg.contains("11 variants"));
        // Far more than fit: a legend taller than the picture must not panic.
        let lots: Vec<VariantReport> = many.iter().cycle().take(150).cloned().collect();
        assert_well_formed(&super::svg(&Report(lots)));
    }

    #[test]
    fn lengths_of_one_parity_and_long_games() {
        // Odd lengths only: the line joins them rather than dropping to 0 between them.
        let mut t = Tally::new(2);
        for i in 0..200u32 {
            t.finish_game(&[4, 2], 21 + 2 * (i % 10), EndReason::NoLegalMove, 0);
        }
        let odd = variant("Odd", None, t);
        let svg1 = svg(&Report(vec![odd.clone()]));
        assert_well_formed(&svg1);
        // Games of thousands of plies: lengths in bins.
        let mut t = Tally::new(2);
        for i in 0..3000u32 {
            t.finish_game(&[2, 4], 50 + (i * 7919) % 2500, EndReason::NoLegalMove, 0);
        }
        let svg2 = svg(&Report(vec![odd, variant("Long", None, t)]));
        assert_well_formed(&svg2);
        assert!(svg2.contains("share of games (%) per 8 plies"), "bins of 8 (7 rounded up to even)");
    }
}

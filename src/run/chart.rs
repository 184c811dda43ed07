//! What every picture of `sow` shares: the palette, the ink, fonts and their widths, tick
//! labels, and an axis of named groups. Text is written as SVG `<text>`, laid out by the
//! viewer's own fonts: sizes here are estimates that leave room to spare.

use plotters::coord::Shift;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::prelude::*;

/// The variants' colours, in the order they were named (Okabe & Ito's palette, which stays
/// distinguishable for colour-blind readers, with its yellow darkened to show on white).
pub(crate) const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(213, 94, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(60, 60, 60),
    RGBColor(170, 150, 20),
];

pub(crate) const INK: RGBColor = RGBColor(34, 34, 34);
pub(crate) const GREY: RGBColor = RGBColor(110, 110, 110);
pub(crate) const FAINT: RGBColor = RGBColor(225, 225, 225);

pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
pub(crate) type Drawn = Result<(), Box<dyn std::error::Error>>;

/// A variant's colour, by its place in the report.
pub(crate) fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// A sans-serif font of about `px` pixels: plotters' SVG backend writes `size / 1.24`.
pub(crate) fn font(px: f64) -> TextStyle<'static> {
    ("sans-serif", px * 1.24).into_font().color(&INK)
}

pub(crate) fn bold(px: f64) -> TextStyle<'static> {
    ("sans-serif", px * 1.24, FontStyle::Bold).into_font().color(&INK)
}

/// The width of `text` at `px` pixels, generously: viewers' fonts differ.
pub(crate) fn text_width(text: &str, px: f64) -> f64 {
    text.chars().count() as f64 * px * 0.6
}

/// A tick label: a number without needless decimals, and never `-0`.
pub(crate) fn tick(v: f64) -> String {
    let v = if v.abs() < 1e-9 { 0.0 } else { v };
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// A legend: a swatch (hollow for `None`, an item without data) and a label per item, centred
/// across `width`, in as many rows as it needs, from `y`; returns the `y` below it.
pub(crate) fn legend(
    root: &Area<'_>,
    items: &[(String, Option<RGBColor>)],
    mut y: i32,
    width: f64,
) -> Result<i32, Box<dyn std::error::Error>> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let px = 15.0;
    let swatch = 14;
    let item_width = |label: &str| swatch as f64 + 8.0 + text_width(label, px) + 28.0;
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut row_width = 0.0;
    for (i, (label, _)) in items.iter().enumerate() {
        let w = item_width(label);
        if row_width + w > width - 40.0 && !rows.last().is_some_and(Vec::is_empty) {
            rows.push(Vec::new());
            row_width = 0.0;
        }
        row_width += w;
        rows.last_mut().expect("a row").push(i);
    }
    for row in rows.iter().filter(|r| !r.is_empty()) {
        let total: f64 = row.iter().map(|&i| item_width(&items[i].0)).sum::<f64>() - 28.0;
        let mut x = ((width - total) / 2.0).max(10.0) as i32;
        for &i in row {
            let (label, c) = &items[i];
            let box_ = [(x, y + 1), (x + swatch, y + 1 + swatch)];
            match c {
                Some(c) => root.draw(&Rectangle::new(box_, c.filled()))?,
                None => root.draw(&Rectangle::new(box_, GREY.stroke_width(1)))?,
            }
            let style = font(px).color(if c.is_some() { &INK } else { &GREY });
            root.draw(&Text::new(
                label.clone(),
                (x + swatch + 8, y),
                style.pos(Pos::new(HPos::Left, VPos::Top)),
            ))?;
            x += item_width(label) as i32;
        }
        y += 26;
    }
    Ok(y)
}

/// The plot of a panel with an x axis of groups: its mesh, axes and labels in the house style.
pub(crate) fn group_mesh(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<Groups, plotters::coord::types::RangedCoordf64>>,
    y_desc: &str,
    x_desc: Option<&str>,
) -> Drawn {
    let y_label = |y: &f64| tick(*y);
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(FAINT)
        .axis_style(GREY)
        .y_labels(11)
        .y_label_formatter(&y_label)
        .label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .y_desc(y_desc);
    if let Some(x) = x_desc {
        mesh.x_desc(x);
    }
    mesh.draw()?;
    Ok(())
}

/// An x axis of named groups, group `g` from `g` to `g + 1`, labelled under its middle.
pub(crate) struct Groups(pub Vec<String>);

impl Ranged for Groups {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let n = self.0.len().max(1) as f64;
        limit.0 + ((limit.1 - limit.0) as f64 * value / n).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, _: Hint) -> Vec<f64> {
        (0..self.0.len()).map(|g| g as f64 + 0.5).collect()
    }

    fn range(&self) -> std::ops::Range<f64> {
        0.0..self.0.len().max(1) as f64
    }
}

impl ValueFormatter<f64> for Groups {
    fn format_ext(&self, value: &f64) -> String {
        self.0.get(value.floor().max(0.0) as usize).cloned().unwrap_or_default()
    }
}

#[cfg(test)]
/// For tests of the pictures: the document is one `<svg>` element whose tags nest properly,
/// with no NaN or inf in it.
pub(crate) fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    assert_eq!(svg.matches("<svg").count(), 1);
    assert_eq!(svg.matches("</svg>").count(), 1);
    assert!(svg.trim_end().ends_with("</svg>"));
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("an unclosed tag") + start;
        let tag = &rest[start + 1..end];
        let name = tag.trim_start_matches('/').split(|c: char| c.is_whitespace() || c == '/').next().unwrap();
        if let Some(closing) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(closing.trim()), "misnested </{closing}>");
        } else if !tag.ends_with('/') {
            stack.push(name);
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    for bad in ["NaN", "inf"] {
        assert!(!svg.contains(bad), "{bad} in the picture");
    }
}

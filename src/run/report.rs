//! The results of a simulation for people and programs: one document per run, with a result
//! per variant (keyed `NAME` or `NAME:RULESET`), rendered as a table (comfy-table), csv,
//! json or yaml. The json carries the raw tallies too, so that shard results merge exactly.

use comfy_table::{CellAlignment, Table, presets};
use serde::{Deserialize, Serialize};

use crate::run::metrics::{MeanCi, MetricsReport, Rate};
use crate::run::stats::{self, Histogram, Tally};

/// The settings of a run, as recorded in its results; results merge only when they agree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The variant's name and ruleset.
    pub variant: String,
    pub ruleset: Option<String>,
    /// How the variant was named on the command line.
    pub source: String,
    /// What the games are, whatever the variant's file was called: a checksum of the rules,
    /// the starting position, the ply limit, the players, the seed and the number of games
    /// (`fingerprint`). Shards merge only when theirs agree. Absent in results written before
    /// it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// Games in the whole run (all shards).
    pub games: u64,
    pub seed: u64,
    pub players: Vec<String>,
    pub max_plies: u32,
    /// `K/N` for one shard of a run, `null` for a whole run.
    pub shard: Option<String>,
    /// True when the run was stopped (Ctrl-C) before its last game.
    pub partial: bool,
    /// The rules varied (`--vary`) and their values in this variant; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub varied: Option<Varied>,
}

/// The fingerprint of a run of `rules` (ply limit included) between `players`: everything that
/// decides its games ([`crate::engine::Rules::game_fingerprint`]), the players, the seed and
/// the number of games.
pub fn fingerprint(rules: &crate::engine::Rules, players: &[String], seed: u64, games: u64) -> String {
    let mut bytes = rules.game_fingerprint().to_le_bytes().to_vec();
    for p in players {
        // Each name ends with a byte no name holds, so that names cannot run into each other.
        bytes.extend_from_slice(p.as_bytes());
        bytes.push(0);
    }
    bytes.extend(seed.to_le_bytes());
    bytes.extend(games.to_le_bytes());
    format!("{:016x}", crate::engine::compile::fnv1a(&bytes))
}

/// A variant of a sweep: the variant it was made from and the values of the rules varied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Varied {
    /// The variant before the varied rules (with any `--set` rules), as its name says.
    pub base: String,
    /// Each `--vary` rule as given, with its placeholder: `seeds {2..8} in each pit`.
    pub rules: Vec<String>,
    /// The value of each, in this variant: `4`.
    pub values: Vec<String>,
}

impl Varied {
    /// The rules varied to make `v` and their values, or `None` where no rule was varied.
    pub fn of(v: &crate::lang::vary::Varied) -> Option<Varied> {
        (!v.values.is_empty()).then(|| Varied {
            base: v.base.clone(),
            rules: v.values.iter().map(|(r, _)| r.clone()).collect(),
            values: v.values.iter().map(|(_, x)| x.clone()).collect(),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatReport {
    pub seat: usize,
    pub player: String,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub win_rate: Option<f64>,
    pub win_rate_ci: Option<[f64; 2]>,
    pub draw_rate: Option<f64>,
    pub loss_rate: Option<f64>,
    pub mean_score: Option<f64>,
    /// The seat's win rate minus an equal share (the mean win rate of the seats).
    pub edge: Option<Interval>,
}

/// An estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub value: f64,
    pub ci: [f64; 2],
}

impl From<stats::Estimate> for Interval {
    fn from(e: stats::Estimate) -> Self {
        Interval { value: e.value, ci: [e.ci.0, e.ci.1] }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Length {
    pub mean: Option<f64>,
    pub sd: Option<f64>,
    pub median: Option<usize>,
    pub p90: Option<usize>,
    pub min: Option<usize>,
    pub max: Option<usize>,
    pub distribution: Histogram,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Margin {
    pub mean: Option<f64>,
    pub median: Option<usize>,
    pub distribution: Histogram,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Captures {
    pub per_game: Option<f64>,
    pub seeds_per_capture: Option<f64>,
    pub pits_per_capture: Option<f64>,
    /// Share of moves that captured.
    pub capturing_move_share: Option<f64>,
    /// How often a captured pit held each count.
    pub counts: Histogram,
    /// Pits taken per capture (the landing pit and its chain).
    pub chain_lengths: Histogram,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Branching {
    /// Mean number of legal moves in the positions where a move was chosen.
    pub mean_legal_moves: Option<f64>,
    /// Share of those positions with a single legal move.
    pub forced_share: Option<f64>,
}

/// Everything known about one variant's games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantReport {
    pub run: RunInfo,
    pub games_played: u64,
    pub seats: Vec<SeatReport>,
    /// With two seats: seat 1's win rate minus seat 2's.
    pub seat_1_minus_seat_2: Option<Interval>,
    /// The p-value of a chi-square test that decisive games are won equally often from every
    /// seat.
    pub seat_test_p_value: Option<f64>,
    pub length: Length,
    /// Games of rounds: the rounds per game, their mean with its 95% interval.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Interval>,
    /// How the games ended (counts).
    pub ends: stats::EndTally,
    pub seeds_left_mean: Option<f64>,
    pub margin: Margin,
    pub captures: Captures,
    pub branching: Branching,
    /// The game-design metrics (`--metrics`), if they were asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<MetricsReport>,
    /// The raw counts everything above is computed from.
    pub tally: Tally,
}

/// The mean of a histogram's values with its 95% interval (normal, from the sample's sd).
fn mean_interval(h: &Histogram) -> Option<Interval> {
    let (mean, n) = (h.mean()?, h.count() as f64);
    let half = stats::Z95 * h.sd().unwrap_or(0.0) / n.sqrt();
    Some(Interval { value: mean, ci: [mean - half, mean + half] })
}

fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

impl VariantReport {
    pub fn new(run: RunInfo, tally: Tally) -> VariantReport {
        let n = tally.games;
        let advantage = stats::seat_advantage(&tally);
        let seats = tally
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatReport {
                seat: i + 1,
                player: run.players.get(i).cloned().unwrap_or_default(),
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                win_rate: ratio(s.wins, n),
                win_rate_ci: (n > 0).then(|| {
                    let (lo, hi) = stats::wilson(s.wins, n);
                    [lo, hi]
                }),
                draw_rate: ratio(s.draws, n),
                loss_rate: ratio(s.losses, n),
                mean_score: ratio(s.score, n),
                edge: advantage.as_ref().map(|a| a.edges[i].into()),
            })
            .collect();
        let t = &tally;
        VariantReport {
            games_played: n,
            seats,
            seat_1_minus_seat_2: advantage.as_ref().and_then(|a| a.difference).map(Interval::from),
            seat_test_p_value: advantage.as_ref().map(|a| a.p_value),
            length: Length {
                mean: t.length.mean(),
                sd: t.length.sd(),
                median: t.length.quantile(0.5),
                p90: t.length.quantile(0.9),
                min: t.length.min(),
                max: t.length.max(),
                distribution: t.length.clone(),
            },
            rounds: mean_interval(&t.rounds),
            ends: t.ends.clone(),
            seeds_left_mean: ratio(t.seeds_left, n),
            margin: Margin {
                mean: t.margin.mean(),
                median: t.margin.quantile(0.5),
                distribution: t.margin.clone(),
            },
            captures: Captures {
                per_game: ratio(t.moves.capturing_moves, n),
                seeds_per_capture: ratio(t.moves.captured_seeds, t.moves.capturing_moves),
                pits_per_capture: t.moves.chain_length.mean(),
                capturing_move_share: ratio(t.moves.capturing_moves, t.moves.positions),
                counts: t.moves.capture_count.clone(),
                chain_lengths: t.moves.chain_length.clone(),
            },
            branching: Branching {
                mean_legal_moves: ratio(t.moves.choices, t.moves.positions),
                forced_share: ratio(t.moves.forced, t.moves.positions),
            },
            metrics: tally.metrics.as_ref().map(|m| MetricsReport::new(&tally, m)),
            run,
            tally,
        }
    }

    /// The games this run (or this shard of a run) was to play.
    pub fn games_asked(&self) -> u64 {
        match self.run.shard.as_deref().map(crate::run::simulate::Shard::parse) {
            Some(Ok(shard)) => shard.games(self.run.games),
            _ => self.run.games,
        }
    }

    /// A column's heading: the label, or for a variant of a sweep its base and values on two
    /// lines (`Bakuk` / `4`).
    pub fn heading(&self) -> String {
        match &self.run.varied {
            Some(v) => format!("{}\n{}", v.base, v.values.join(" · ")),
            None => self.label(),
        }
    }

    /// `NAME` or `NAME:RULESET`.
    pub fn label(&self) -> String {
        match &self.run.ruleset {
            Some(r) => format!("{}:{r}", self.run.variant),
            None => self.run.variant.clone(),
        }
    }
}

/// The results of one run: a report per variant, in the order they were named.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report(pub Vec<VariantReport>);

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|r| (r.label(), r)))
    }
}

impl Report {
    /// Reads a report written with `--format json` (or `--out FILE.json`).
    pub fn from_json(text: &str) -> Result<Report, String> {
        Report::from_map(Report::parse(text)?)
    }

    /// The mapping of a results file, by variant, not yet read into reports.
    pub fn parse(text: &str) -> Result<serde_json::Map<String, serde_json::Value>, String> {
        serde_json::from_str(text).map_err(|e| format!("not a results file of `sow simulate`: {e}"))
    }

    /// The reports of a results file's mapping (see [`Report::parse`]).
    pub fn from_map(map: serde_json::Map<String, serde_json::Value>) -> Result<Report, String> {
        let mut out = Vec::new();
        for (label, value) in map {
            let r: VariantReport = serde_json::from_value(value)
                .map_err(|e| format!("the results of `{label}` are incomplete or damaged: {e}"))?;
            if r.label() != label {
                return Err(format!("the results keyed `{label}` are of `{}`", r.label()));
            }
            out.push(r);
        }
        Ok(Report(out))
    }

    pub fn partial(&self) -> bool {
        self.0.iter().any(|r| r.run.partial)
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serializes") + "\n"
    }

    pub fn yaml(&self) -> String {
        crate::yaml::to_string(self)
    }

    /// Long format: one row per variant and statistic, keys as in the json (`seats.1.win_rate`).
    pub fn csv(&self) -> String {
        let mut out = String::from("variant,statistic,value\n");
        for r in &self.0 {
            let mut value = serde_json::to_value(r).expect("a report serializes");
            if let Some(obj) = value.as_object_mut() {
                // The raw tally repeats the distributions above: left out of the csv.
                obj.remove("tally");
            }
            let mut rows = Vec::new();
            flatten("", &value, INTERVALS, &mut rows);
            for (key, v) in rows {
                out.push_str(&format!("{},{},{}\n", csv_field(&r.label()), csv_field(&key), csv_field(&v)));
            }
        }
        out
    }

    /// The comparison table: a column per variant, a row per statistic.
    pub fn table(&self, all: bool) -> String {
        self.laid_out(&self.grid(all), Layout::Wide, None)
    }

    /// The table of a run as `sow simulate` prints it: [`Report::table`], or
    /// [`Report::metrics_table`] where the run has metrics, laid out as asked, whole; or by
    /// default wide where that fits `width` characters, else long, its columns in blocks that
    /// each fit.
    pub fn table_as(&self, all: bool, layout: Layout, width: Option<usize>) -> String {
        let grid =
            if self.0.iter().any(|r| r.metrics.is_some()) { self.metrics_grid() } else { self.grid(all) };
        self.laid_out(&grid, layout, width)
    }

    /// The run's table as the page shows it: a column per variant, a row per statistic (or
    /// metric) for one variant; for several, a row per variant, a column per statistic, to
    /// be sorted by any of them.
    pub fn sheets(&self) -> Vec<Sheet> {
        let wide =
            if self.0.iter().any(|r| r.metrics.is_some()) { self.metrics_grid() } else { self.grid(false) };
        let grid = if self.0.len() > 1 { self.long(&wide) } else { wide };
        let unwrap = |cells: &[String]| cells.iter().map(|c| c.replace('\n', " ")).collect::<Vec<_>>();
        let mut sheet = Sheet::new(
            self.0.iter().map(|r| r.label()).collect::<Vec<_>>().join(", "),
            unwrap(&grid.header),
            grid.keys..grid.header.len(),
        );
        for row in &grid.rows {
            sheet.add_row(unwrap(row));
        }
        vec![sheet]
    }

    /// The statistics: a row each, after its name a cell per variant.
    fn grid(&self, all: bool) -> Grid {
        Grid { header: self.header(), rows: rows(self, all), keys: 1 }
    }

    /// The head of a table with a column per variant.
    fn header(&self) -> Vec<String> {
        let mut header = vec![String::new()];
        header.extend(self.0.iter().map(VariantReport::heading));
        header
    }

    /// The grid of a column per variant turned to a row per variant: named by the variant
    /// (unless every row is of one variant swept) and, in a sweep, by the value of each rule
    /// varied, headed by its placeholder (`{1..6}`).
    fn long(&self, wide: &Grid) -> Grid {
        let rules: Vec<String> =
            self.0.iter().find_map(|r| r.run.varied.as_ref()).map(|v| v.rules.clone()).unwrap_or_default();
        let base = |r: &VariantReport| r.run.varied.as_ref().map_or_else(|| r.label(), |v| v.base.clone());
        let one_base = !rules.is_empty() && self.0.iter().all(|r| base(r) == base(&self.0[0]));
        let mut header = if one_base { Vec::new() } else { vec!["variant".to_string()] };
        header.extend(rules.iter().map(|r| placeholder(r)));
        let keys = header.len();
        header.extend(wide.rows.iter().map(|r| r[0].clone()));
        let rows: Vec<Vec<String>> = self
            .0
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut cells = if one_base { Vec::new() } else { vec![base(r)] };
                cells.extend((0..rules.len()).map(|k| {
                    r.run.varied.as_ref().and_then(|v| v.values.get(k).cloned()).unwrap_or_else(|| "-".into())
                }));
                cells.extend(wide.rows.iter().map(|row| row[i + 1].clone()));
                cells
            })
            .collect();
        // A statistic's name over as many lines as keep its column as narrow as its figures.
        for (c, name) in header.iter_mut().enumerate().skip(keys) {
            let widest = rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0);
            *name = wrap_words(name, widest.max(8));
        }
        Grid { header, rows, keys }
    }

    /// A table of the run under the rules varied and a warning for each variant whose run
    /// was stopped: `wide`, or turned to a row per variant, its columns of figures aligned
    /// right.
    fn laid_out(&self, wide: &Grid, layout: Layout, width: Option<usize>) -> String {
        let mut out = String::new();
        // The rules of a sweep, once: the columns are named by their values.
        let mut swept: Vec<&Vec<String>> =
            self.0.iter().filter_map(|r| r.run.varied.as_ref().map(|v| &v.rules)).collect();
        swept.dedup();
        for rules in swept {
            out.push_str(&format!("varied: {}\n", rules.join("; ")));
        }
        for r in self.0.iter().filter(|r| r.run.partial) {
            out.push_str(&format!(
                "PARTIAL RESULTS for {}: the run was stopped after {} of its {} games\n",
                r.label(),
                r.games_played,
                r.games_asked()
            ));
        }
        let text = match layout {
            Layout::Auto if wide.fits(width) => wide.blocks(None),
            Layout::Auto => self.long(wide).blocks(width),
            Layout::Wide => wide.blocks(None),
            Layout::Long => self.long(wide).blocks(None),
        };
        out.push_str(&text);
        out.push('\n');
        out
    }
}

/// How `sow simulate` lays out its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// [`Layout::Wide`] where it fits the width whole, else [`Layout::Long`] in blocks of
    /// columns that fit.
    #[default]
    Auto,
    /// A column per variant (per value of a sweep), a row per statistic.
    Wide,
    /// A row per variant (per value of a sweep), a column per statistic.
    Long,
}

/// Does every line of `table` fit `width` characters (if given)?
fn fits(table: &str, width: Option<usize>) -> bool {
    width.is_none_or(|w| table.lines().all(|l| l.chars().count() <= w))
}

/// The placeholder of a rule varied (`{1..6}` of `seeds {1..6} in each pit`), or the rule.
fn placeholder(rule: &str) -> String {
    match (rule.find('{'), rule.rfind('}')) {
        (Some(a), Some(b)) if a < b => rule[a..=b].to_string(),
        _ => rule.to_string(),
    }
}

/// `text` on lines of at most `width` characters where its words allow.
fn wrap_words(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
}

/// A table of figures as the page shows it (`sow serve`): a title, its head and its rows,
/// each cell as the terminal's table writes it, and which columns hold figures (aligned
/// right, sorted as numbers).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sheet {
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub figures: Vec<bool>,
}

impl Sheet {
    /// A sheet whose columns from `figures` on hold figures.
    pub fn new(title: impl Into<String>, header: Vec<String>, figures: std::ops::Range<usize>) -> Sheet {
        let marks = (0..header.len()).map(|c| figures.contains(&c)).collect();
        Sheet { title: title.into(), header, rows: Vec::new(), figures: marks }
    }

    pub fn add_row(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// The table as the terminal shows it, its columns of figures aligned right.
    pub fn render(&self) -> String {
        let mut table = Table::new();
        table.load_style(presets::UTF8_FULL_CONDENSED);
        table.set_header(self.header.clone());
        for row in &self.rows {
            table.add_row(row.clone());
        }
        for (c, &right) in self.figures.iter().enumerate() {
            if let (true, Some(col)) = (right, table.column_mut(c)) {
                col.set_cell_alignment(CellAlignment::Right);
            }
        }
        table.to_string()
    }
}

/// A table's cells: its head and its rows, the first `keys` columns naming the rows.
struct Grid {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    keys: usize,
}

impl Grid {
    /// The table of the key columns and the columns `cols`, these aligned right.
    fn render(&self, cols: &[usize]) -> String {
        let pick = |cells: &[String]| -> Vec<String> {
            (0..self.keys).chain(cols.iter().copied()).map(|c| cells[c].clone()).collect()
        };
        let mut table = Table::new();
        table.load_style(presets::UTF8_FULL_CONDENSED);
        table.set_header(pick(&self.header));
        for row in &self.rows {
            table.add_row(pick(row));
        }
        for c in self.keys..self.keys + cols.len() {
            if let Some(col) = table.column_mut(c) {
                col.set_cell_alignment(CellAlignment::Right);
            }
        }
        table.to_string()
    }

    /// Does the table fit `width` characters whole?
    fn fits(&self, width: Option<usize>) -> bool {
        let all: Vec<usize> = (self.keys..self.header.len()).collect();
        fits(&self.render(&all), width)
    }

    /// The table whole where it fits `width` characters, or else in blocks of as many columns
    /// as fit (at least one each), the key columns repeated in each, a blank line between.
    fn blocks(&self, width: Option<usize>) -> String {
        let fits = |t: &str| fits(t, width);
        let all: Vec<usize> = (self.keys..self.header.len()).collect();
        let whole = self.render(&all);
        if fits(&whole) || all.len() <= 1 {
            return whole;
        }
        let mut blocks = Vec::new();
        let mut block: Vec<usize> = Vec::new();
        let mut last = String::new();
        for &c in &all {
            block.push(c);
            let t = self.render(&block);
            if block.len() > 1 && !fits(&t) {
                blocks.push(std::mem::take(&mut last));
                block = vec![c];
                last = self.render(&block);
            } else {
                last = t;
            }
        }
        blocks.push(last);
        blocks.join("\n\n")
    }
}

impl Report {
    /// The game-design metrics: a column per variant, a row per metric, with 95% intervals.
    pub fn metrics_table(&self) -> String {
        self.laid_out(&self.metrics_grid(), Layout::Wide, None)
    }

    /// The metrics: a row each, after its name a cell per variant.
    fn metrics_grid(&self) -> Grid {
        let mut grid = Grid { header: self.header(), rows: Vec::new(), keys: 1 };
        let ms: Vec<Option<&MetricsReport>> = self.0.iter().map(|r| r.metrics.as_ref()).collect();
        let mean = |m: Option<MeanCi>, d: usize| {
            m.map_or("-".into(), |m| format!("{:.d$} [{:.d$}, {:.d$}]", m.value, m.ci[0], m.ci[1]))
        };
        let rate = |r: Option<Rate>| {
            r.map_or("-".into(), |r| {
                format!("{:.2}% [{:.2}, {:.2}]", 100.0 * r.value, 100.0 * r.ci[0], 100.0 * r.ci[1])
            })
        };
        type Row<'a> = (&'a str, Box<dyn Fn(&MetricsReport) -> String + 'a>);
        let rows: Vec<Row<'_>> = vec![
            ("games", Box::new(|_| String::new())),
            ("balance", Box::new(|m| m.balance.map_or("-".into(), |b| format!("{b:.4}")))),
            (
                "first-player advantage (points)",
                Box::new(move |m| {
                    let seat = if m.first_player == 1 {
                        String::new()
                    } else {
                        format!(" (seat {})", m.first_player)
                    };
                    mean(m.first_player_advantage, 4) + &seat
                }),
            ),
            ("completion", Box::new(move |m| rate(m.completion))),
            ("drawishness", Box::new(move |m| rate(m.drawishness))),
            ("timeouts", Box::new(move |m| rate(m.timeouts))),
            ("duration, mean (plies)", Box::new(move |m| mean(m.duration.mean, 2))),
            ("duration, mean (turns)", Box::new(move |m| mean(m.duration.turns, 2))),
            (
                "duration, sd / 10th / median / 90th",
                Box::new(|m| {
                    let q = |x: Option<usize>| x.map_or("-".into(), |x| x.to_string());
                    format!(
                        "{} / {} / {} / {}",
                        m.duration.sd.map_or("-".into(), |s| format!("{s:.2}")),
                        q(m.duration.p10),
                        q(m.duration.median),
                        q(m.duration.p90)
                    )
                }),
            ),
            ("branching factor", Box::new(move |m| mean(m.branching_factor, 3))),
            ("branching factor change (per ply)", Box::new(move |m| mean(m.branching_factor_change, 4))),
            ("lead changes (share of plies)", Box::new(move |m| mean(m.lead_change, 4))),
            ("drama", Box::new(move |m| mean(m.drama, 4))),
            ("decisiveness (share of the game)", Box::new(move |m| mean(m.decisiveness, 4))),
            ("decisiveness threshold", Box::new(move |m| mean(m.decisiveness_threshold, 4))),
            ("evaluator", Box::new(|m| m.evaluator.clone())),
        ];
        for (name, f) in &rows {
            let mut cells = vec![name.to_string()];
            for (r, m) in self.0.iter().zip(&ms) {
                cells.push(match (*name, m) {
                    ("games", _) => r.games_played.to_string(),
                    (_, Some(m)) => f(m),
                    (_, None) => "-".into(),
                });
            }
            grid.rows.push(cells);
        }
        grid
    }
}

/// The keys of a run's report whose values are 95% intervals (`[low, high]`): `ci` (of an
/// [`Interval`], a metric's rate or mean) and `win_rate_ci`.
pub(crate) const INTERVALS: &[&str] = &["ci", "win_rate_ci"];

/// A JSON value as `key.path`, value pairs, for CSV (also the tournament's): list items
/// numbered from 1, but for the values of the keys named in `intervals`, whose ends are
/// `low` and `high`.
pub(crate) fn flatten(
    prefix: &str,
    v: &serde_json::Value,
    intervals: &[&str],
    out: &mut Vec<(String, String)>,
) {
    let key = |k: &str| if prefix.is_empty() { k.to_string() } else { format!("{prefix}.{k}") };
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                flatten(&key(k), v, intervals, out);
            }
        }
        serde_json::Value::Array(items) => {
            let last = prefix.rsplit('.').next().unwrap_or(prefix);
            let interval = items.len() == 2 && intervals.contains(&last);
            for (i, item) in items.iter().enumerate() {
                let name = if interval { ["low", "high"][i].to_string() } else { (i + 1).to_string() };
                flatten(&key(&name), item, intervals, out);
            }
        }
        serde_json::Value::Null => out.push((prefix.to_string(), String::new())),
        serde_json::Value::String(s) => out.push((prefix.to_string(), s.clone())),
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

pub(crate) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

// ------------------------------------------------------------------------------------------------
// Table rows

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{:.2}%", 100.0 * x))
}

fn pct_ci(x: Option<f64>, ci: Option<[f64; 2]>) -> String {
    match (x, ci) {
        (Some(x), Some([lo, hi])) => format!("{:.2}% [{:.2}, {:.2}]", 100.0 * x, 100.0 * lo, 100.0 * hi),
        _ => "-".into(),
    }
}

fn num(x: Option<f64>, decimals: usize) -> String {
    x.map_or("-".into(), |x| format!("{x:.decimals$}"))
}

fn int(x: Option<usize>) -> String {
    x.map_or("-".into(), |x| x.to_string())
}

fn p_value(p: f64) -> String {
    if p < 1e-300 {
        "< 1e-300".into()
    } else if p < 1e-4 {
        format!("{p:.1e}")
    } else {
        format!("{p:.4}")
    }
}

/// A distribution as its most frequent values: `2: 61.0%, 4: 39.0%`.
fn shares(h: &Histogram, limit: usize) -> String {
    let n = h.count();
    if n == 0 {
        return "-".into();
    }
    let mut items: Vec<(usize, u64)> = h.entries().collect();
    items.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut parts: Vec<String> =
        items.iter().take(limit).map(|(v, c)| format!("{v}: {:.1}%", 100.0 * *c as f64 / n as f64)).collect();
    if items.len() > limit {
        parts.push("...".into());
    }
    parts.join(", ")
}

fn rows(report: &Report, all: bool) -> Vec<Vec<String>> {
    let rs = &report.0;
    let seats = rs.iter().map(|r| r.seats.len()).max().unwrap_or(0);
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = |name: String, f: &dyn Fn(&VariantReport) -> String| {
        let mut cells = vec![name];
        cells.extend(rs.iter().map(f));
        rows.push(cells);
    };
    row("games".into(), &|r| match &r.run.shard {
        Some(shard) => format!("{} (shard {shard} of {})", r.games_played, r.run.games),
        None => r.games_played.to_string(),
    });
    row("players".into(), &|r| r.run.players.join(", "));
    for s in 0..seats {
        row(format!("seat {} wins", s + 1), &move |r| {
            r.seats.get(s).map_or("-".into(), |x| pct_ci(x.win_rate, x.win_rate_ci))
        });
    }
    row("draws".into(), &|r| {
        let n = r.games_played;
        let draws = n - r.seats.iter().map(|s| s.wins).sum::<u64>();
        pct_ci(ratio(draws, n), (n > 0).then(|| stats::wilson(draws, n)).map(|(a, b)| [a, b]))
    });
    // Two seats compare with each other; three or more each with an equal share.
    let points =
        |e: &Interval| format!("{:+.2} [{:+.2}, {:+.2}]", 100.0 * e.value, 100.0 * e.ci[0], 100.0 * e.ci[1]);
    if rs.iter().any(|r| r.seats.len() == 2) {
        row("seat 1 - seat 2 wins (points)".into(), &|r| {
            r.seat_1_minus_seat_2.as_ref().map_or("-".into(), points)
        });
    }
    if seats >= 3 {
        for s in 0..seats {
            row(format!("seat {} - equal share (points)", s + 1), &move |r| {
                r.seats.get(s).and_then(|x| x.edge.as_ref()).map_or("-".into(), points)
            });
        }
    }
    if seats >= 2 {
        row("p, seats win equally".into(), &|r| r.seat_test_p_value.map_or("-".into(), p_value));
    }
    row("length, mean ± sd (plies)".into(), &|r| {
        format!("{} ± {}", num(r.length.mean, 2), num(r.length.sd, 2))
    });
    row("length, median / 90th pct".into(), &|r| format!("{} / {}", int(r.length.median), int(r.length.p90)));
    row("length, min - max".into(), &|r| format!("{} - {}", int(r.length.min), int(r.length.max)));
    if rs.iter().any(|r| r.rounds.is_some()) {
        row("rounds per game, mean [95% ci]".into(), &|r| {
            r.rounds.map_or("-".into(), |i| {
                format!("{} [{}, {}]", num(Some(i.value), 2), num(Some(i.ci[0]), 2), num(Some(i.ci[1]), 2))
            })
        });
    }
    row("captures per game".into(), &|r| num(r.captures.per_game, 2));
    row("seeds per capture".into(), &|r| num(r.captures.seeds_per_capture, 2));
    row("moves that capture".into(), &|r| pct(r.captures.capturing_move_share));
    row("legal moves per position".into(), &|r| num(r.branching.mean_legal_moves, 3));
    row("positions with one choice".into(), &|r| pct(r.branching.forced_share));
    // How the games ended: the two endings every variant may have, always, so that tables
    // keep their shape; every other ending that some game of the run met (`nobody could
    // move` under `they pass` too, with `--all` even when none did).
    type Count = fn(&stats::EndTally) -> u64;
    let endings: [(&str, Count, bool); 19] = [
        ("ended: no legal move", |e| e.no_legal_move, true),
        ("ended: ply limit", |e| e.ply_limit, true),
        ("ended: nobody could move", |e| e.nobody_can_move, all),
        ("ended: a player's pits empty", |e| e.side_empty, false),
        ("ended: more than half captured", |e| e.majority, false),
        ("ended: a position repeated", |e| e.repetition, false),
        ("ended: few seeds left", |e| e.few_seeds, false),
        ("ended: a player could not fill a pit", |e| e.cannot_fill, false),
        ("ended: a player had no pit in play", |e| e.no_pit_in_play, false),
        ("ended: the mover held all but a few", |e| e.all_but, false),
        ("ended: a player had no seeds left", |e| e.no_seeds, false),
        ("ended: the first round was over", |e| e.round_over, false),
        ("ended: no big stone left", |e| e.no_big_stone, false),
        ("ended: a player lost, their pits empty", |e| e.empty_loses, false),
        ("ended: a player lost, their inner row empty", |e| e.inner_empty, false),
        ("ended: a player held too few seeds", |e| e.held_too_few, false),
        ("ended: a player owned too few pits", |e| e.few_pits, false),
        ("ended: a player reached the points to win", |e| e.points, false),
        ("ended: a `game over when` condition", |e| e.condition, false),
    ];
    for (name, count, always) in endings {
        if always || rs.iter().any(|r| count(&r.ends) > 0) {
            row(name.into(), &move |r| pct(ratio(count(&r.ends), r.games_played)));
        }
    }
    if !all {
        return rows;
    }
    for s in 0..seats {
        row(format!("seat {} wins / draws / losses", s + 1), &move |r| {
            r.seats.get(s).map_or("-".into(), |x| format!("{} / {} / {}", x.wins, x.draws, x.losses))
        });
        row(format!("seat {} mean score", s + 1), &move |r| {
            r.seats.get(s).map_or("-".into(), |x| num(x.mean_score, 2))
        });
    }
    row("seeds left on the board".into(), &|r| num(r.seeds_left_mean, 2));
    row("winning margin, mean / median".into(), &|r| {
        format!("{} / {}", num(r.margin.mean, 2), int(r.margin.median))
    });
    row("winning margins (most frequent)".into(), &|r| shares(&r.margin.distribution, 4));
    row("captured pits held".into(), &|r| shares(&r.captures.counts, 6));
    row("pits per capture, mean".into(), &|r| num(r.captures.pits_per_capture, 3));
    row("pits per capture".into(), &|r| shares(&r.captures.chain_lengths, 4));
    row("game lengths (most frequent)".into(), &|r| shares(&r.length.distribution, 3));
    row("seed".into(), &|r| r.run.seed.to_string());
    row("ply limit".into(), &|r| r.run.max_plies.to_string());
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;

    #[test]
    fn the_fingerprint_of_a_run_follows_what_its_games_are() {
        let bakuk = crate::load_rules("bakuk", None).unwrap();
        let players = ["random".to_string(), "greedy".to_string()];
        let f = |rules: &crate::engine::Rules, players: &[String], seed, games| {
            fingerprint(rules, players, seed, games)
        };
        let base = f(&bakuk, &players, 0, 100);
        assert_eq!(base, f(&bakuk.clone(), &players, 0, 100));
        assert_eq!(base.len(), 16);
        let mut others = vec![
            f(&bakuk, &players, 1, 100),
            f(&bakuk, &players, 0, 101),
            f(&bakuk, &["greedy".to_string(), "random".to_string()], 0, 100),
            f(&bakuk, &["randomg".to_string(), "reedy".to_string()], 0, 100),
            f(&bakuk.with_ply_limit(Some(50)), &players, 0, 100),
            f(&crate::load_rules("koumma", None).unwrap(), &players, 0, 100),
        ];
        // What the rules' own fingerprint leaves out changes the games of a run.
        let mut spec = bakuk.spec().clone();
        spec.seeds = spec.seeds.iter().map(|s| s + 1).collect();
        others.push(f(&crate::engine::compile(&spec), &players, 0, 100));
        let mut spec = bakuk.spec().clone();
        spec.first_player = 1;
        others.push(f(&crate::engine::compile(&spec), &players, 0, 100));
        for (i, o) in others.iter().enumerate() {
            assert_ne!(*o, base, "change {i}");
        }
        // The name of the variant is no part of it.
        let mut spec = bakuk.spec().clone();
        spec.name = "Other".into();
        assert_eq!(f(&crate::engine::compile(&spec), &players, 0, 100), base);
    }

    fn sample() -> Report {
        let mut t = Tally::new(2);
        t.finish_game(&[10, 4], 30, EndReason::NoLegalMove, 2);
        t.finish_game(&[3, 8], 40, EndReason::NoLegalMove, 0);
        t.finish_game(&[5, 5], 50, EndReason::PlyLimit, 6);
        let run = RunInfo {
            variant: "Bakuk".into(),
            ruleset: Some("valdez".into()),
            source: "bakuk".into(),
            fingerprint: None,
            games: 3,
            seed: 0,
            players: vec!["random".into(), "greedy".into()],
            max_plies: 1000,
            shard: None,
            partial: false,
            varied: None,
        };
        Report(vec![VariantReport::new(run, t)])
    }

    #[test]
    fn json_is_keyed_by_variant_and_round_trips() {
        let r = sample();
        let json = r.json();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let seats = &v["Bakuk:valdez"]["seats"];
        assert_eq!(seats[0]["seat"], 1);
        assert_eq!(seats[0]["wins"], 1);
        assert_eq!(seats[1]["draws"], 1);
        assert!(seats[0]["win_rate_ci"].as_array().unwrap().len() == 2);
        assert_eq!(Report::from_json(&json).unwrap(), r);
    }

    #[test]
    fn only_intervals_have_low_and_high_ends() {
        let value = serde_json::json!({
            "win_rate_ci": [0.25, 0.75],
            "edge": {"value": 0.5, "ci": [0.25, 0.75]},
            "los": [[0.5, 0.75], [0.25, 0.5]],
            "scores": [0.5, 0.25],
        });
        let mut rows = Vec::new();
        flatten("", &value, INTERVALS, &mut rows);
        let keys: Vec<&str> = rows.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "win_rate_ci.low",
                "win_rate_ci.high",
                "edge.value",
                "edge.ci.low",
                "edge.ci.high",
                "los.1.1",
                "los.1.2",
                "los.2.1",
                "los.2.2",
                "scores.1",
                "scores.2"
            ]
        );
    }

    #[test]
    fn csv_has_one_row_per_statistic() {
        let csv = sample().csv();
        assert!(csv.starts_with("variant,statistic,value\n"));
        assert!(csv.contains("Bakuk:valdez,seats.1.wins,1\n"), "{csv}");
        assert!(csv.contains("Bakuk:valdez,seats.2.win_rate_ci.low,"), "{csv}");
        assert!(csv.contains("Bakuk:valdez,length.median,40\n"), "{csv}");
        assert!(!csv.contains("tally"), "{csv}");
    }

    #[test]
    fn names_of_the_long_form_are_narrowed_and_placeholders_picked_out() {
        assert_eq!(wrap_words("seat 1 - seat 2 wins (points)", 12), "seat 1 -\nseat 2 wins\n(points)");
        assert_eq!(wrap_words("games", 3), "games");
        assert_eq!(placeholder("seeds {1..6} in each pit"), "{1..6}");
        assert_eq!(placeholder("capture { none }"), "{ none }");
        assert_eq!(placeholder("no placeholder"), "no placeholder");
    }

    #[test]
    fn a_grid_too_wide_goes_into_blocks_that_fit() {
        let cell = |t: &str| t.to_string();
        let grid = Grid {
            header: vec![cell("name"), cell("a"), cell("b"), cell("c")],
            rows: vec![vec![cell("x"), cell("1111111111"), cell("2222222222"), cell("3333333333")]],
            keys: 1,
        };
        let whole = grid.blocks(None);
        assert_eq!(whole.lines().count(), 5, "{whole}");
        let width = whole.lines().map(|l| l.chars().count()).max().unwrap();
        assert_eq!(grid.blocks(Some(width)), whole);
        // Two columns a block: the first two, then the third, each under the name again.
        let blocks = grid.blocks(Some(width - 1));
        assert_eq!(blocks.split("\n\n").count(), 2, "{blocks}");
        assert_eq!(blocks.matches("name").count(), 2, "{blocks}");
        assert!(blocks.lines().all(|l| l.chars().count() < width), "{blocks}");
        assert!(grid.fits(Some(width)) && !grid.fits(Some(width - 1)));
    }

    #[test]
    fn table_has_a_column_per_variant() {
        let t = sample().table(false);
        assert!(t.contains("Bakuk:valdez"), "{t}");
        assert!(t.contains("seat 1 wins"), "{t}");
        assert!(t.contains("33.33% ["), "{t}");
        assert!(t.contains("40 / 50"), "{t}");
        assert!(t.contains("seat 1 - seat 2 wins (points)"), "{t}");
        assert!(!t.contains("equal share"), "{t}");
    }

    #[test]
    fn three_seats_each_compare_with_an_equal_share() {
        let mut t = Tally::new(3);
        t.finish_game(&[6, 2, 1], 30, EndReason::NoLegalMove, 0);
        t.finish_game(&[1, 7, 2], 30, EndReason::NoLegalMove, 0);
        let mut run = sample().0[0].run.clone();
        run.players = vec!["random".into(); 3];
        let three = VariantReport::new(run, t);
        let mut both = sample();
        both.0.push(three);
        let table = both.table(false);
        for row in ["seat 1 - seat 2 wins (points)", "seat 3 - equal share (points)", "p, seats win equally"]
        {
            assert!(table.contains(row), "{row}: {table}");
        }
        // Seat 3 won none of 2 games, the others one each: the equal share is 1/3, so seat
        // 3's edge is -33.33 points, and seat 1's +16.67.
        assert!(table.contains("-33.33 ["), "{table}");
        assert!(table.contains("+16.67 ["), "{table}");
    }

    /// The rows of how games ended, by name, with their cells.
    fn ending_rows(report: &Report, all: bool) -> Vec<(String, Vec<String>)> {
        rows(report, all)
            .into_iter()
            .filter(|r| r[0].starts_with("ended: "))
            .map(|r| (r[0].clone(), r[1..].to_vec()))
            .collect()
    }

    /// A report of one variant whose games ended as `ends` say, one game each.
    fn ended(ends: &[EndReason]) -> Report {
        let mut t = Tally::new(2);
        for &end in ends {
            t.finish_game(&[5, 5], 30, end, 0);
        }
        Report(vec![VariantReport::new(sample().0[0].run.clone(), t)])
    }

    #[test]
    fn the_default_table_shows_every_ending_that_occurred() {
        // A variant whose players pass: no game can end for want of a legal move.
        let report = ended(&[EndReason::NobodyCanMove, EndReason::NobodyCanMove, EndReason::SideEmpty]);
        let rows = ending_rows(&report, false);
        let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "ended: no legal move",
                "ended: ply limit",
                "ended: nobody could move",
                "ended: a player's pits empty"
            ]
        );
        assert_eq!(rows[2].1, ["66.67%"]);
        assert_eq!(rows[3].1, ["33.33%"]);
    }

    #[test]
    fn every_way_a_game_ends_has_a_row_of_its_own() {
        // Written as a match, so that a new ending cannot be left out of this list.
        let every = |r: EndReason| match r {
            EndReason::NoLegalMove
            | EndReason::NobodyCanMove
            | EndReason::PlyLimit
            | EndReason::SideEmpty
            | EndReason::Majority
            | EndReason::Repetition
            | EndReason::FewSeeds
            | EndReason::CannotFill
            | EndReason::NoPitInPlay
            | EndReason::AllBut
            | EndReason::RoundOver
            | EndReason::NoSeeds
            | EndReason::NoBigStone
            | EndReason::EmptyLoses
            | EndReason::InnerEmpty
            | EndReason::HeldTooFew
            | EndReason::Points
            | EndReason::FewPits
            | EndReason::Condition => r,
        };
        let reasons = [
            EndReason::NoLegalMove,
            EndReason::NobodyCanMove,
            EndReason::PlyLimit,
            EndReason::SideEmpty,
            EndReason::Majority,
            EndReason::Repetition,
            EndReason::FewSeeds,
            EndReason::CannotFill,
            EndReason::NoPitInPlay,
            EndReason::AllBut,
            EndReason::RoundOver,
            EndReason::NoSeeds,
            EndReason::NoBigStone,
            EndReason::EmptyLoses,
            EndReason::InnerEmpty,
            EndReason::HeldTooFew,
            EndReason::Points,
            EndReason::FewPits,
            EndReason::Condition,
        ]
        .map(every);
        let mut seen = Vec::new();
        for reason in reasons {
            let rows = ending_rows(&ended(&[reason]), false);
            let hit: Vec<&String> = rows.iter().filter(|r| r.1 == ["100.00%"]).map(|r| &r.0).collect();
            assert_eq!(hit.len(), 1, "{reason:?}: {rows:?}");
            assert!(!seen.contains(hit[0]), "{reason:?} shares the row {}", hit[0]);
            seen.push(hit[0].clone());
        }
        // The two endings every variant may have keep their rows, so that tables keep their
        // shape; `--all` adds `nobody could move` even when no game ended so.
        let none = ended(&[EndReason::NoLegalMove]);
        assert_eq!(ending_rows(&none, false).len(), 2);
        let with_all: Vec<String> = ending_rows(&none, true).into_iter().map(|r| r.0).collect();
        assert_eq!(with_all, ["ended: no legal move", "ended: ply limit", "ended: nobody could move"]);
    }
}

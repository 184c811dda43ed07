//! Meaning: a variant file, its bases and a chosen ruleset are merged into one set of rules;
//! every value is checked for range and consistency, with located errors; the result is a
//! [`Spec`].
//!
//! A variant is read as layers: the rules of the base it extends (itself layered), then its
//! own rules, then the chosen ruleset. A later layer replaces the rules it states, line by
//! line; everything else comes from the layers below.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::lang::describe::pit_list;
use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span, closest};
use crate::lang::library::VariantFile;
use crate::lang::spec::*;
use crate::lang::syntax::*;

/// The checked rules of a variant (with a ruleset, if one is named), and any warnings.
pub fn check(v: &VariantFile, ruleset: Option<&str>) -> Result<(Spec, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::default();
    check_file(v, &mut diags);
    let spec = build(v, ruleset, &mut diags);
    match spec {
        Some(spec) if !diags.has_errors() => Ok((spec, diags)),
        _ => Err(diags),
    }
}

/// Checks a file as `sow check` does: without a ruleset and with each of its rulesets. Returns
/// every error and warning found.
pub fn check_all(v: &VariantFile) -> Diagnostics {
    let mut diags = Diagnostics::default();
    check_file(v, &mut diags);
    let mut seen = Vec::new();
    build(v, None, &mut diags);
    for r in &v.ast.rulesets {
        if !seen.contains(&&r.name.value) {
            seen.push(&r.name.value);
            let mut d = Diagnostics::default();
            build(v, Some(&r.name.value), &mut d);
            diags.extend(d);
        }
    }
    diags
}

/// Checks of a file that do not depend on a ruleset: its metadata and its rulesets' names.
fn check_file(v: &VariantFile, diags: &mut Diagnostics) {
    let file = &v.file;
    let ast = &v.ast;
    if ast.name.value.trim().is_empty() {
        diags.push(Diagnostic::error("a variant needs a name").at(file, ast.name.span.clone(), "empty name"));
    }
    let mut seen: BTreeMap<&str, &Span> = BTreeMap::new();
    for m in &ast.about {
        let key = match &m.value {
            Meta::Region(_) => "region",
            Meta::People(_) => "people",
            _ => continue,
        };
        if let Some(first) = seen.insert(key, &m.span) {
            diags.push(
                Diagnostic::error(format!("`{key}` is given twice"))
                    .at(file, m.span.clone(), "second time")
                    .note(format!("first given on line {}", file.line_col(first.start).0))
                    .help(format!("give one `{key}` line; put further detail in a `note`")),
            );
        }
    }
    if !ast.about.iter().any(|m| matches!(m.value, Meta::Source { .. })) {
        diags.push(
            Diagnostic::error(format!("\"{}\" cites no source", ast.name.value))
                .at(file, ast.name.span.clone(), "every variant says where its rules come from")
                .help("add a line such as `source \"Mancala World: Bakuk\" at \"https://mancala.fandom.com/wiki/Bakuk\"`"),
        );
    }
    for m in ast.about.iter().chain(ast.rulesets.iter().flat_map(|r| &r.about)) {
        if let Meta::Documented { year: Some(y), .. } = &m.value
            && y.value > 9999
        {
            diags.push(Diagnostic::error(format!("{} is not a year", y.value)).at(
                file,
                y.span.clone(),
                "expected a year such as 2009",
            ));
        }
    }
    let mut names: BTreeMap<&str, &Span> = BTreeMap::new();
    for r in &ast.rulesets {
        let name = r.name.value.as_str();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            diags.push(
                Diagnostic::error(format!("\"{name}\" cannot be a ruleset name"))
                    .at(file, r.name.span.clone(), "use letters, digits, `-` and `_`, e.g. \"three-player\"")
                    .note("ruleset names are typed on the command line: `--ruleset NAME`, `VARIANT:NAME`"),
            );
        }
        if let Some(first) = names.insert(name, &r.name.span) {
            diags.push(
                Diagnostic::error(format!("there are two rulesets named \"{name}\""))
                    .at(file, r.name.span.clone(), "second one")
                    .note(format!("the first is on line {}", file.line_col(first.start).0)),
            );
        }
    }
}

/// A rule as set by some layer: its value and where it was written.
#[derive(Clone)]
struct At<T> {
    value: T,
    file: Arc<SourceFile>,
    span: Span,
    layer: usize,
}

impl<T> At<T> {
    fn error(&self, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message).at(&self.file, self.span.clone(), label)
    }
}

/// A landing capture as written: counts, and where.
type LandingLine = (Vec<Number>, Where);
/// A chain as written: direction, counts, and where.
type ChainLine = (ChainDirection, Vec<Number>, Where);

/// Every rule after merging the layers: `None` where no layer says anything.
#[derive(Default)]
struct Merged {
    board: Option<At<BoardLine>>,
    seeds: Option<At<SeedsLine>>,
    players: Option<At<PlayersBlock>>,
    direction: Option<At<Direction>>,
    opening: Option<At<Opening>>,
    laps: Option<At<Laps>>,
    lap_count: Option<At<()>>,
    min_seeds: Option<At<Number>>,
    /// `Some(None)`: `capture { none }`.
    landing: Option<At<Option<LandingLine>>>,
    chain: Option<At<Option<ChainLine>>>,
    no_move: Option<At<NoMove>>,
    leftovers: Option<At<Leftovers>>,
    ply_limit: Option<At<Number>>,
    winner: Option<At<Winner>>,
}

/// One layer: a variant file's own rules, or one of its rulesets.
struct LayerRef<'a> {
    file: &'a Arc<SourceFile>,
    items: &'a [Item],
    layer: Layer,
    about: Option<&'a [Spanned<Meta>]>,
}

/// The layers of a variant with a ruleset, base-most first.
fn layers<'a>(
    v: &'a VariantFile,
    ruleset: Option<&str>,
    out: &mut Vec<LayerRef<'a>>,
) -> Result<(), Diagnostic> {
    if let (Some(base), Some(ext)) = (&v.base, &v.ast.extends) {
        layers(base, ext.ruleset.as_ref().map(|r| r.value.as_str()), out)?;
    }
    out.push(LayerRef {
        file: &v.file,
        items: &v.ast.rules,
        layer: Layer { variant: v.name().to_string(), ruleset: None },
        about: None,
    });
    if let Some(name) = ruleset {
        let Some(r) = v.ast.rulesets.iter().find(|r| r.name.value == name) else {
            let d = Diagnostic::error(format!("\"{}\" has no ruleset \"{name}\"", v.name()))
                .note(rulesets_note(v));
            return Err(match closest(name, v.ruleset_names()) {
                Some(guess) => d.help(format!("did you mean \"{guess}\"?")),
                None => d,
            });
        };
        out.push(LayerRef {
            file: &v.file,
            items: &r.rules,
            layer: Layer { variant: v.name().to_string(), ruleset: Some(name.to_string()) },
            about: Some(&r.about),
        });
    }
    Ok(())
}

/// Sets a slot, unless this layer already set it: a rule stated twice in one place is a
/// mistake, stated again in a later layer it is an override.
fn set<T>(slot: &mut Option<At<T>>, new: At<T>, what: &str, diags: &mut Diagnostics) {
    if let Some(old) = slot
        && old.layer == new.layer
    {
        diags.push(
            new.error(format!("{what} is stated twice"), "stated again here")
                .note(format!("first stated on line {}", old.file.line_col(old.span.start).0)),
        );
        return;
    }
    *slot = Some(new);
}

fn build(v: &VariantFile, ruleset: Option<&str>, diags: &mut Diagnostics) -> Option<Spec> {
    // A ruleset named by an `extends` line that does not exist is reported at that line.
    if let Some(e) = missing_base_ruleset(v) {
        diags.push(e);
        return None;
    }
    let mut stack = Vec::new();
    if let Err(e) = layers(v, ruleset, &mut stack) {
        diags.push(e);
        return None;
    }
    let mut m = Merged::default();
    let mut provenance: BTreeMap<Topic, usize> = BTreeMap::new();
    for (index, layer) in stack.iter().enumerate() {
        Merger { file: layer.file, index, m: &mut m, provenance: &mut provenance, diags }.layer(layer.items);
    }
    Validator { v, m: &m, diags, missing: Vec::new() }.spec(&stack, &provenance, ruleset)
}

fn missing_base_ruleset(v: &VariantFile) -> Option<Diagnostic> {
    let (base, ext) = (v.base.as_ref()?, v.ast.extends.as_ref()?);
    if let Some(r) = &ext.ruleset
        && !base.ast.rulesets.iter().any(|b| b.name.value == r.value)
    {
        let d = Diagnostic::error(format!("\"{}\" has no ruleset \"{}\"", base.name(), r.value))
            .at(&v.file, r.span.clone(), "no such ruleset")
            .note(rulesets_note(base));
        return Some(match closest(&r.value, base.ruleset_names()) {
            Some(guess) => d.help(format!("did you mean \"{guess}\"?")),
            None => d,
        });
    }
    missing_base_ruleset(base)
}

fn rulesets_note(v: &VariantFile) -> String {
    let known = v.ruleset_names();
    if known.is_empty() {
        format!("\"{}\" has no rulesets", v.name())
    } else {
        format!("its rulesets are {}", known.join(", "))
    }
}

/// Puts one layer's rules into the merged set, noting which layer set each group of rules.
struct Merger<'a> {
    file: &'a Arc<SourceFile>,
    index: usize,
    m: &'a mut Merged,
    provenance: &'a mut BTreeMap<Topic, usize>,
    diags: &'a mut Diagnostics,
}

impl Merger<'_> {
    fn put<T>(&mut self, slot: fn(&mut Merged) -> &mut Option<At<T>>, topic: Topic, value: T, span: &Span) {
        let new = At { value, file: Arc::clone(self.file), span: span.clone(), layer: self.index };
        set(slot(self.m), new, topic_name(topic), self.diags);
        self.provenance.insert(topic, self.index);
    }

    fn layer(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Board(b) => self.put(|m| &mut m.board, Topic::Board, b.value.clone(), &b.span),
                Item::Seeds(s) => self.put(|m| &mut m.seeds, Topic::Seeds, s.value.clone(), &s.span),
                Item::Players(p) => self.put(|m| &mut m.players, Topic::Players, p.clone(), &p.keyword),
                Item::Sowing(block) => {
                    for l in &block.lines {
                        let sp = &l.span;
                        match &l.value {
                            SowingLine::Direction(d) => {
                                self.put(|m| &mut m.direction, Topic::Direction, *d, sp)
                            }
                            SowingLine::Opening(o) => self.put(|m| &mut m.opening, Topic::Opening, *o, sp),
                            SowingLine::Laps(x) => self.put(|m| &mut m.laps, Topic::Laps, *x, sp),
                            SowingLine::SingleLap => self.put(|m| &mut m.lap_count, Topic::LapCount, (), sp),
                            SowingLine::MinSeeds(n) => {
                                self.put(|m| &mut m.min_seeds, Topic::MinSeeds, n.clone(), sp)
                            }
                        }
                    }
                }
                Item::Capture(block) => {
                    for l in &block.lines {
                        let sp = &l.span;
                        match &l.value {
                            CaptureLine::None => {
                                self.put(|m| &mut m.landing, Topic::Landing, None, sp);
                                self.put(|m| &mut m.chain, Topic::Chain, None, sp);
                            }
                            CaptureLine::Landing { counts, pits } => self.put(
                                |m| &mut m.landing,
                                Topic::Landing,
                                Some((counts.clone(), *pits)),
                                sp,
                            ),
                            CaptureLine::NoChain => self.put(|m| &mut m.chain, Topic::Chain, None, sp),
                            CaptureLine::Chain { direction, counts, pits } => self.put(
                                |m| &mut m.chain,
                                Topic::Chain,
                                Some((*direction, counts.clone(), *pits)),
                                sp,
                            ),
                        }
                    }
                }
                Item::End(block) => {
                    for l in &block.lines {
                        let sp = &l.span;
                        match &l.value {
                            EndLine::NoMove(x) => self.put(|m| &mut m.no_move, Topic::NoMove, *x, sp),
                            EndLine::Leftovers(x) => self.put(|m| &mut m.leftovers, Topic::Leftovers, *x, sp),
                            EndLine::PlyLimit(n) => {
                                self.put(|m| &mut m.ply_limit, Topic::PlyLimit, n.clone(), sp)
                            }
                            EndLine::Winner(w) => self.put(|m| &mut m.winner, Topic::Winner, *w, sp),
                        }
                    }
                }
            }
        }
    }
}

/// The line that states a group of rules, in an error message.
fn topic_name(t: Topic) -> &'static str {
    match t {
        Topic::Board => "`board`",
        Topic::Seeds => "`seeds`",
        Topic::Players => "`players`",
        Topic::Direction => "the sowing direction",
        Topic::Opening => "`first seed into ...`",
        Topic::Laps => "`laps ...`",
        Topic::LapCount => "`single lap`",
        Topic::MinSeeds => "`a pit needs ...`",
        Topic::Landing => "`last seed makes ...`",
        Topic::Chain => "the chain",
        Topic::NoMove => "`player to move cannot move`",
        Topic::Leftovers => "`leftover seeds`",
        Topic::PlyLimit => "`ply limit`",
        Topic::Winner => "`winner`",
    }
}

struct Validator<'a> {
    v: &'a VariantFile,
    m: &'a Merged,
    diags: &'a mut Diagnostics,
    /// Rules no layer states: what, and a line that would state it.
    missing: Vec<(&'static str, &'static str)>,
}

impl Validator<'_> {
    /// Notes a rule no layer states; reported together by [`Validator::report_missing`].
    fn required<'m, T>(
        &mut self,
        slot: &'m Option<At<T>>,
        what: &'static str,
        example: &'static str,
    ) -> Option<&'m At<T>> {
        if slot.is_none() {
            self.missing.push((what, example));
        }
        slot.as_ref()
    }

    /// One error for every rule left unstated, each with the line that would state it.
    fn report_missing(&mut self) {
        let ast = &self.v.ast;
        // A rule may be missing from a base as well: name every file that could state it.
        let mut who = format!("\"{}\"", ast.name.value);
        let mut base = self.v.base.as_deref();
        let mut bases = Vec::new();
        while let Some(b) = base {
            bases.push(format!("\"{}\" ({})", b.name(), b.origin));
            base = b.base.as_deref();
        }
        if !bases.is_empty() {
            who = format!("neither {who} nor {}", bases.join(" nor "));
        }
        let verb = if bases.is_empty() { "does not say" } else { "says" };
        let mut d = match self.missing.as_slice() {
            [] => return,
            [(what, _)] => Diagnostic::error(format!("{who} {verb} {what}")),
            many if bases.is_empty() => {
                Diagnostic::error(format!("{who} leaves {} rules unstated", many.len()))
            }
            many => Diagnostic::error(format!(
                "{} rules are stated neither in {}",
                many.len(),
                &who["neither ".len()..]
            )),
        }
        .at(&self.v.file, ast.name.span.clone(), "in this variant");
        for (what, example) in &self.missing {
            d = if self.missing.len() == 1 {
                d.help(format!("add {example}"))
            } else {
                d.help(format!("to say {what}, add {example}"))
            };
        }
        self.diags.push(d);
    }

    fn spec(
        mut self,
        stack: &[LayerRef<'_>],
        provenance: &BTreeMap<Topic, usize>,
        ruleset: Option<&str>,
    ) -> Option<Spec> {
        let m = self.m;
        let board = self.required(
            &m.board,
            "what its board is",
            "a line such as `board 2 rows of 3 pits, no stores`",
        );
        let seeds = self.required(
            &m.seeds,
            "how many seeds the pits start with",
            "a line such as `seeds 6 in each pit`",
        );
        let players = self.required(
            &m.players,
            "who plays",
            "a block such as `players 2 { player 1 owns the south row  player 2 owns the north row }`",
        );
        let direction = self.required(
            &m.direction,
            "which way seeds are sown",
            "`counter-clockwise` or `clockwise` to its sowing block",
        );
        let opening = self.required(
            &m.opening,
            "where the first seed of a sowing goes",
            "`first seed into the next pit` or `first seed into the emptied pit` to its sowing block",
        );
        let laps = self.required(
            &m.laps,
            "what a sowing that goes all the way round does with the emptied pit",
            "`laps sow into the emptied pit` or `laps skip the emptied pit` to its sowing block",
        );
        let landing = self.required(&m.landing, "what is captured", "a block such as `capture { last seed makes 2 or 4 in any pit: take them }`, or `capture { none }`");
        let no_move = self.required(
            &m.no_move,
            "what happens when the player to move cannot move",
            "`player to move cannot move: game over` (or `: they pass`) to its end block",
        );
        let leftovers = self.required(
            &m.leftovers,
            "who gets the seeds left on the board at the end",
            "`leftover seeds: nobody` (or `each pit's owner`, `the last mover`) to its end block",
        );
        self.report_missing();

        let pits = board.and_then(|b| self.board(b));
        let seeds = match (seeds, pits) {
            (Some(s), Some(n)) => self.seeds(s, n),
            (Some(s), None) => {
                self.seed_counts_fit(s);
                None
            }
            _ => None,
        };
        let owners = match (players, pits) {
            (Some(p), Some(n)) => self.players(p, n),
            _ => None,
        };
        let total: usize = seeds.as_ref().map_or(0, |s: &Vec<u8>| s.iter().map(|&x| x as usize).sum());
        let min_seeds = match &m.min_seeds {
            None => 1,
            Some(n) => {
                let v = n.value.value;
                if v == 0 {
                    self.diags.push(
                        n.error("a pit cannot need 0 seeds", "every pit needs at least 1 seed to be played"),
                    );
                } else if v > MAX_SEEDS as u64 {
                    self.diags.push(
                        n.error(format!("a pit cannot hold {v} seeds"), format!("at most {MAX_SEEDS}")),
                    );
                } else if seeds.is_some() && v as usize > total {
                    self.diags.push(
                        n.error("no pit can ever be played", format!("the board holds only {total} seeds")),
                    );
                }
                v.clamp(1, MAX_SEEDS as u64) as u8
            }
        };
        let landing_rule = landing.and_then(|l| {
            let (counts, pits) = l.value.as_ref()?;
            Some(CaptureRule { counts: self.counts("capture", counts, l, total)?, pits: *pits })
        });
        let chain = m.chain.as_ref().and_then(|c| {
            let (direction, counts, pits) = c.value.as_ref()?;
            if landing.is_some_and(|l| l.value.is_none()) {
                self.diags.push(
                    c.error("a chain without a capture", "this chain never starts")
                        .note("the capture rules say nothing is captured: a chain only follows a capture"),
                );
                return None;
            }
            Some(ChainRule {
                direction: *direction,
                rule: CaptureRule { counts: self.counts("chain", counts, c, total)?, pits: *pits },
            })
        });
        let ply_limit = match &m.ply_limit {
            None => DEFAULT_PLY_LIMIT,
            Some(n) => {
                let v = n.value.value;
                if v == 0 || v > u32::MAX as u64 {
                    self.diags.push(n.error(
                        format!("a ply limit of {v} is out of range"),
                        format!("expected 1 to {}", u32::MAX),
                    ));
                }
                v.clamp(1, u32::MAX as u64) as u32
            }
        };
        if let (Some(o), Some(Opening::EmptiedPit)) = (opening, opening.map(|o| o.value))
            && min_seeds < 2
        {
            self.diags.push(
                Diagnostic::warning("a pit holding 1 seed can be played without changing the board")
                    .at(&o.file, o.span.clone(), "the first seed goes back into the emptied pit")
                    .help("if the sources forbid that move, add `a pit needs 2 seeds to be played`"),
            );
        }

        let (board, seeds, (players, owners, first_player)) = (board?, seeds?, owners?);
        let layer_of = |i: usize| stack[i].layer.clone();
        let ruleset_about = stack.last().and_then(|l| l.about).map(about).unwrap_or_default();
        let about = about(&self.v.ast.about);
        let mut bases = Vec::new();
        let mut cur = self.v;
        while let (Some(b), Some(ext)) = (&cur.base, &cur.ast.extends) {
            bases.push(Layer {
                variant: b.name().to_string(),
                ruleset: ext.ruleset.as_ref().map(|r| r.value.clone()),
            });
            cur = b;
        }
        if self.diags.has_errors() {
            return None;
        }
        Some(Spec {
            name: self.v.name().to_string(),
            ruleset: ruleset.map(str::to_string),
            about,
            ruleset_about,
            bases,
            rows: board.value.rows.value as u8,
            pits_per_row: board.value.pits_per_row.value as u8,
            stores: board.value.stores,
            seeds,
            players,
            owners,
            first_player,
            direction: direction?.value,
            opening: opening?.value,
            laps: laps?.value,
            min_seeds,
            landing: landing_rule,
            chain,
            no_move: no_move?.value,
            leftovers: leftovers?.value,
            ply_limit,
            winner: m.winner.as_ref().map_or(Winner::MostCaptured, |w| w.value),
            provenance: provenance.iter().map(|(&t, &i)| (t, layer_of(i))).collect(),
        })
    }

    /// The number of pits, if the board can be played.
    fn board(&mut self, b: &At<BoardLine>) -> Option<usize> {
        let (rows, per_row) = (&b.value.rows, &b.value.pits_per_row);
        let here = |n: &Number| Diagnostic::error("").at(&b.file, n.span.clone(), "");
        if rows.value != 2 {
            let mut d = here(rows);
            d.message = format!("sow plays boards of 2 rows, not {}", rows.value);
            if let Some(l) = &mut d.location {
                l.label = "expected 2".into();
            }
            self.diags.push(d.note("games of 1, 3 or 4 rows (such as Bao and Omweso) are not supported yet"));
            return None;
        }
        if per_row.value == 0 {
            let mut d = here(per_row);
            d.message = "a row needs at least 1 pit".into();
            if let Some(l) = &mut d.location {
                l.label = format!("expected 1 to {}", MAX_PITS / 2);
            }
            self.diags.push(d);
            return None;
        }
        let pits = rows.value.saturating_mul(per_row.value);
        if pits > MAX_PITS as u64 {
            self.diags.push(
                b.error(
                    format!("this board has {pits} pits, too many to simulate"),
                    format!("sow plays boards of at most {MAX_PITS} pits"),
                )
                .note(format!("at most {} pits in a row", MAX_PITS / 2)),
            );
            return None;
        }
        Some(pits as usize)
    }

    /// Each pit's count fits a pit, whatever the board.
    fn seed_counts_fit(&mut self, s: &At<SeedsLine>) -> bool {
        let numbers: &[Number] = match &s.value {
            SeedsLine::Each(n) => std::slice::from_ref(n),
            SeedsLine::Listed(list) => list,
        };
        let mut ok = true;
        for n in numbers.iter().filter(|n| n.value > MAX_SEEDS as u64) {
            self.diags.push(Diagnostic::error(format!("a pit cannot hold {} seeds", n.value)).at(
                &s.file,
                n.span.clone(),
                format!("sow counts at most {MAX_SEEDS} seeds on a board"),
            ));
            ok = false;
        }
        ok
    }

    fn seeds(&mut self, s: &At<SeedsLine>, pits: usize) -> Option<Vec<u8>> {
        if !self.seed_counts_fit(s) {
            return None;
        }
        let numbers: Vec<&Number> = match &s.value {
            SeedsLine::Each(n) => vec![n; pits],
            SeedsLine::Listed(list) => {
                if list.len() != pits {
                    self.diags.push(s.error(
                        format!("{} seed counts for a board of {pits} pits", list.len()),
                        format!("expected {pits} numbers, one per pit from pit 1"),
                    ));
                    return None;
                }
                list.iter().collect()
            }
        };
        let total: u64 = numbers.iter().map(|n| n.value).fold(0, u64::saturating_add);
        if total > MAX_SEEDS as u64 {
            self.diags.push(
                s.error(
                    format!("the board would start with {total} seeds"),
                    format!("sow counts at most {MAX_SEEDS} seeds on a board"),
                )
                .note("a pit's seeds are counted in one byte, so that simulations stay fast"),
            );
            return None;
        }
        if total == 0 {
            self.diags.push(s.error("the board starts without seeds", "no move could ever be played"));
            return None;
        }
        Some(numbers.iter().map(|n| n.value as u8).collect())
    }

    /// Owners of each pit, the player count and the first player.
    fn players(&mut self, p: &At<PlayersBlock>, pits: usize) -> Option<(u8, Vec<u8>, u8)> {
        let block = &p.value;
        let file = &p.file;
        let count = block.count.value;
        let before = self.diags.0.len();
        let err =
            |span: &Span, msg: String, label: String| Diagnostic::error(msg).at(file, span.clone(), label);
        if count < 2 {
            self.diags.push(err(
                &block.count.span,
                format!("a game needs at least 2 players, not {count}"),
                "expected 2 or more".into(),
            ));
            return None;
        }
        if count > MAX_PLAYERS as u64 {
            self.diags.push(err(
                &block.count.span,
                format!("sow plays games of at most {MAX_PLAYERS} players"),
                format!("expected 2 to {MAX_PLAYERS}"),
            ));
            return None;
        }
        if count as usize > pits {
            self.diags.push(err(
                &block.count.span,
                format!("{count} players cannot share {pits} pits"),
                "every player needs a pit of their own".into(),
            ));
            return None;
        }
        let count = count as u8;
        let mut owner: Vec<Option<(u8, usize)>> = vec![None; pits];
        let mut owns_line: Vec<Option<Span>> = vec![None; count as usize];
        let mut first: Option<(u8, Span)> = None;
        let player_of = |n: &Number, this: &mut Self| -> Option<u8> {
            if n.value == 0 || n.value > count as u64 {
                this.diags.push(err(
                    &n.span,
                    format!("there is no player {}", n.value),
                    format!("players are numbered 1 to {count}"),
                ));
                None
            } else {
                Some(n.value as u8 - 1)
            }
        };
        for line in &block.lines {
            match &line.value {
                PlayerLine::Starts { player } => {
                    let Some(pl) = player_of(player, self) else { continue };
                    if let Some((_, span)) = &first {
                        self.diags.push(
                            err(
                                &line.span,
                                "the first player is stated twice".into(),
                                "stated again here".into(),
                            )
                            .note(format!("first stated on line {}", file.line_col(span.start).0)),
                        );
                    }
                    first = Some((pl, line.span.clone()));
                }
                PlayerLine::Owns { player, pits: what } => {
                    let Some(pl) = player_of(player, self) else { continue };
                    if let Some(span) = &owns_line[pl as usize] {
                        self.diags.push(
                            err(
                                &line.span,
                                format!("player {} owns pits on two lines", pl + 1),
                                "second line".into(),
                            )
                            .note(format!("the first is line {}", file.line_col(span.start).0))
                            .help("list all of a player's pits on one line: `player 1 owns pits 1 2 5`"),
                        );
                        continue;
                    }
                    owns_line[pl as usize] = Some(line.span.clone());
                    // (pit index, span naming it)
                    let mut listed: Vec<(usize, Span)> = Vec::new();
                    match what {
                        Ownership::Row(row) => {
                            let k = pits / 2;
                            let range = match row {
                                Row::South => 0..k,
                                Row::North => k..pits,
                            };
                            listed.extend(range.map(|i| (i, line.span.clone())));
                        }
                        Ownership::Pits(ranges) => {
                            for (from, to) in ranges {
                                let to = to.as_ref().unwrap_or(from);
                                let span = from.span.start..to.span.end;
                                let mut bad = false;
                                for n in [from, to] {
                                    if n.value == 0 || n.value > pits as u64 {
                                        self.diags.push(err(
                                            &n.span,
                                            format!("there is no pit {}", n.value),
                                            format!("pits are numbered 1 to {pits}"),
                                        ));
                                        bad = true;
                                    }
                                }
                                if bad {
                                    continue;
                                }
                                if from.value > to.value {
                                    self.diags.push(err(
                                        &span,
                                        format!("the range {} to {} is backwards", from.value, to.value),
                                        format!("write `{} to {}`", to.value, from.value),
                                    ));
                                    continue;
                                }
                                listed.extend(
                                    (from.value as usize - 1..to.value as usize).map(|i| (i, span.clone())),
                                );
                            }
                        }
                    }
                    for (i, span) in listed {
                        match owner[i] {
                            Some((other, _)) if other == pl => {
                                self.diags.push(err(
                                    &span,
                                    format!("pit {} is listed twice", i + 1),
                                    "listed again here".into(),
                                ));
                            }
                            Some((other, line_start)) => {
                                self.diags.push(err(
                                    &span,
                                    format!("pit {} is owned by two players", i + 1),
                                    format!(
                                        "player {} already owns it (line {})",
                                        other + 1,
                                        file.line_col(line_start).0
                                    ),
                                ));
                            }
                            None => owner[i] = Some((pl, line.span.start)),
                        }
                    }
                }
            }
        }
        for (pl, line) in owns_line.iter().enumerate() {
            if line.is_none() {
                self.diags.push(
                    err(
                        &block.keyword,
                        format!("player {} owns no pits", pl + 1),
                        format!("in this players block of {count} players"),
                    )
                    .help(format!(
                        "give player {} pits of their own with a line `player {} owns pits ...`; every pit belongs to exactly one player",
                        pl + 1,
                        pl + 1
                    )),
                );
            }
        }
        let unowned: Vec<usize> =
            owner.iter().enumerate().filter(|(_, o)| o.is_none()).map(|(i, _)| i + 1).collect();
        // After a mistake in an `owns` line, unowned pits are its echo, not news.
        let clean = !self.diags.0[before..].iter().any(Diagnostic::is_error);
        if !unowned.is_empty() && owns_line.iter().all(Option::is_some) && clean {
            let verb = if unowned.len() == 1 { "is" } else { "are" };
            self.diags.push(
                err(
                    &block.keyword,
                    format!("{} {verb} owned by nobody", pit_list(&unowned)),
                    "every pit must have an owner".into(),
                )
                .help("add the pits to a player's `owns` line"),
            );
        }
        if self.diags.0[before..].iter().any(Diagnostic::is_error) {
            return None;
        }
        let owners = owner.iter().map(|o| o.expect("all owned").0).collect();
        Some((count, owners, first.map_or(0, |(p, _)| p)))
    }

    /// `what` is "capture" or "chain".
    fn counts<T>(&mut self, what: &str, counts: &[Number], line: &At<T>, total: usize) -> Option<Vec<u8>> {
        let mut out: Vec<u8> = Vec::new();
        let mut ok = true;
        for n in counts {
            let here =
                |msg: String, label: &str| Diagnostic::error(msg).at(&line.file, n.span.clone(), label);
            if n.value == 0 {
                self.diags.push(
                    here(format!("a {what} count cannot be 0"), "an empty pit has nothing to capture")
                        .help("counts start at 1"),
                );
                ok = false;
            } else if n.value > MAX_SEEDS as u64 {
                self.diags.push(here(
                    format!("no pit can hold {} seeds", n.value),
                    &format!("at most {MAX_SEEDS}"),
                ));
                ok = false;
            } else if out.contains(&(n.value as u8)) {
                self.diags.push(here(format!("the count {} is listed twice", n.value), "listed again here"));
                ok = false;
            } else {
                if total > 0 && n.value as usize > total {
                    self.diags.push(
                        Diagnostic::warning(format!("a count of {} can never be reached", n.value)).at(
                            &line.file,
                            n.span.clone(),
                            format!("the board holds {total} seeds in all"),
                        ),
                    );
                }
                out.push(n.value as u8);
            }
        }
        out.sort_unstable();
        ok.then_some(out)
    }
}

fn about(meta: &[Spanned<Meta>]) -> About {
    let mut a = About::default();
    for m in meta {
        match &m.value {
            Meta::OtherNames(names) => a.other_names.extend(names.iter().cloned()),
            Meta::Region(r) => a.region = Some(r.clone()),
            Meta::People(p) => a.people = Some(p.clone()),
            Meta::Documented { by, year } => {
                a.documented.push((by.clone(), year.as_ref().map(|y| y.value.min(9999) as u32)))
            }
            Meta::Source { title, url } => {
                a.sources.push(Citation { title: title.clone(), url: url.clone() })
            }
            Meta::Note(n) => a.notes.push(n.clone()),
        }
    }
    a
}

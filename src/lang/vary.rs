//! Rules changed on the command line: `--set RULE` replaces one rule of a variant, `--vary
//! RULE` does so once for each value of its placeholder (`seeds {2..8} in each pit`). Each
//! change is a layer on the named variant, exactly as a file `variant "Bakuk, seeds 4 in each
//! pit" extends "Bakuk" { seeds 4 in each pit }` would be, checked like a file; every error
//! points into the option's text.

use std::sync::Arc;

use crate::lang::check;
use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::lang::library::VariantFile;
use crate::lang::parse::parse_rule;
use crate::lang::spec::Spec;
use crate::lang::syntax::{Extends, Meta, Spanned, VariantAst};

/// Values of one placeholder at most: a sweep of more is a mistake in the range.
pub const MAX_VALUES: usize = 1000;

/// Whether a change sets a rule (`--set`) or runs once for each value of a placeholder
/// (`--vary`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Set,
    Vary,
}

/// How a program names the options that change rules, in its messages: the command line's
/// `--set` and `--vary` ([`COMMAND_LINE`]), or a library's arguments.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The option that changes a rule: `--set`.
    pub set: &'static str,
    /// The option that runs once for each value of a placeholder: `--vary`.
    pub vary: &'static str,
    /// A rule varied, as the option is written with it: `--vary "seeds {2..8} in each pit"`.
    pub example: &'static str,
    /// How to vary two rules: `give `--vary` twice`.
    pub twice: &'static str,
    /// An option written with its text: `--set seeds 3 in each pit`.
    pub given: fn(option: &str, text: &str) -> String,
}

/// The options of the command line: `--set RULE`, `--vary RULE`.
pub const COMMAND_LINE: Options = Options {
    set: "--set",
    vary: "--vary",
    example: "--vary \"seeds {2..8} in each pit\"",
    twice: "give `--vary` twice",
    given: |option, text| format!("{option} {text}"),
};

impl Options {
    /// The option of `kind`.
    pub fn name(&self, kind: ChangeKind) -> &'static str {
        match kind {
            ChangeKind::Set => self.set,
            ChangeKind::Vary => self.vary,
        }
    }
}

/// A rule given on the command line, with its placeholder's values for `--vary`.
#[derive(Debug, Clone)]
pub struct Change {
    /// `--set` or `--vary`, as the messages name the option.
    pub option: &'static str,
    pub kind: ChangeKind,
    /// How the other options are named.
    pub options: Options,
    /// The option's text, as shown in messages.
    pub file: Arc<SourceFile>,
    /// The placeholder `{...}`, braces included, if any.
    pub placeholder: Option<Span>,
    /// The values of the placeholder, each with where it was written (a range's values point
    /// at the whole range); one value, the empty text, for `--set`.
    pub values: Vec<Spanned<String>>,
}

/// A word of a rule text: its span.
fn words(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let punct = matches!(c, '{' | '}' | ',' | ':' | '|');
        if c.is_whitespace() || punct {
            if let Some(s) = start.take() {
                out.push(s..i);
            }
            if punct {
                out.push(i..i + 1);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Whether the `{` at word `i` opens a block of the language (`sowing {`, `players 2 {`,
/// `direction by pit, from each player's seat {`) rather than a placeholder.
fn opens_block(text: &str, words: &[Span], i: usize) -> bool {
    let w = |k: usize| i.checked_sub(k).map_or("", |j| &text[words[j].clone()]);
    match w(1) {
        "sowing" | "turns" | "capture" | "end" | "rounds" | "seat" => true,
        "pit" => w(2) == "by" && w(3) == "direction",
        // `players 2 {`, or `players {2, 3} {` with the count varied.
        "}" => true,
        n => n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() && w(2) == "players",
    }
}

impl Change {
    /// Reads `--set RULE` (no placeholder) or `--vary RULE` (exactly one), and each rule it
    /// makes as a rule of the language: its syntax is the same for every variant, so its
    /// mistakes are reported once, before any variant is read.
    pub fn parse(options: &Options, kind: ChangeKind, text: &str) -> Result<Change, Diagnostics> {
        let change = Change::read(options, kind, text)?;
        let mut diags = Diagnostics::default();
        for i in 0..change.values.len() {
            let rule = SourceFile::new(change.file.name.clone(), change.rule(i));
            if let Err(d) = parse_rule(&rule) {
                diags.extend(change.relocate(i, &rule, d.into()));
            }
        }
        if diags.has_errors() { Err(diags) } else { Ok(change) }
    }

    fn read(options: &Options, kind: ChangeKind, text: &str) -> Result<Change, Diagnostic> {
        let option = options.name(kind);
        // Named as the option, without the `=` of an argument (`vary=` points at `vary:1:7`).
        let file = SourceFile::new(option.trim_end_matches('='), text);
        let options = *options;
        let toks = words(text);
        let mut placeholders: Vec<Span> = Vec::new();
        // Blocks open (`capture {`), which a `}` closes when no placeholder is open.
        let mut blocks = 0usize;
        let mut open_at = None;
        for (i, sp) in toks.iter().enumerate() {
            match &text[sp.clone()] {
                "{" if open_at.is_some() => {
                    return Err(Diagnostic::error("a `{` inside a placeholder")
                        .at(&file, sp.clone(), "the placeholder opened before this is not closed")
                        .help("a placeholder holds values only: `{2..8}` or `{next, emptied}`"));
                }
                "{" if opens_block(text, &toks, i) => blocks += 1,
                "{" => open_at = Some(sp.start),
                "}" => match open_at.take() {
                    Some(start) => placeholders.push(start..sp.end),
                    None if blocks > 0 => blocks -= 1,
                    None => {
                        return Err(Diagnostic::error("a `}` without its `{`").at(
                            &file,
                            sp.clone(),
                            "unmatched",
                        ));
                    }
                },
                _ => {}
            }
        }
        if let Some(start) = open_at {
            return Err(Diagnostic::error("a placeholder without its closing `}`")
                .at(&file, start..text.len(), "opened here")
                .help("write the values between braces: `{2..8}` or `{next, emptied}`"));
        }
        let (set, vary) = (options.set, options.vary);
        match (kind, placeholders.as_slice()) {
            (ChangeKind::Set, []) => Ok(Change {
                option,
                kind,
                options,
                file,
                placeholder: None,
                values: vec![Spanned::new(String::new(), 0..0)],
            }),
            (ChangeKind::Set, [p, ..]) => {
                Err(Diagnostic::error(format!("`{set}` changes a rule to one value: it has no placeholder"))
                    .at(&file, p.clone(), "a placeholder")
                    .help(format!("to run once for each value, use `{vary}`")))
            }
            (ChangeKind::Vary, []) => {
                Err(Diagnostic::error(format!("`{vary}` needs a placeholder: the values to try, in braces"))
                    .at(&file, 0..text.len(), "no `{...}` here")
                    .help(format!(
                        "for example `{}`; to change a rule to one value, use `{set}`",
                        options.example
                    )))
            }
            (ChangeKind::Vary, [p]) => {
                let values = values(&file, p.clone())?;
                Ok(Change { option, kind, options, file, placeholder: Some(p.clone()), values })
            }
            (ChangeKind::Vary, [_, second, ..]) => {
                Err(Diagnostic::error(format!("`{vary}` takes one placeholder"))
                    .at(&file, second.clone(), "a second placeholder")
                    .help(format!("to vary two rules, {}: the runs make a grid", options.twice)))
            }
        }
    }

    /// The rule text with the value `i` in the placeholder.
    pub fn rule(&self, i: usize) -> String {
        let text = &self.file.text;
        match &self.placeholder {
            Some(p) => format!("{}{}{}", &text[..p.start], self.values[i].value, &text[p.end..]),
            None => text.clone(),
        }
    }

    /// An offset of [`Change::rule`]`(i)` back in the option's text.
    fn map(&self, i: usize, span: &Span) -> Span {
        let Some(p) = &self.placeholder else { return span.clone() };
        let value = &self.values[i];
        let len = value.value.len();
        let shift = |x: usize| x - len + (p.end - p.start);
        let start = |x: usize| match x {
            x if x < p.start => x,
            x if x < p.start + len => value.span.start,
            x => shift(x),
        };
        let end = |x: usize| match x {
            x if x <= p.start => x,
            x if x <= p.start + len => value.span.end,
            x => shift(x),
        };
        let (s, e) = (start(span.start), end(span.end));
        s..e.max(s)
    }

    /// The diagnostics of the variant made with value `i`, pointed into the option's text.
    fn relocate(&self, i: usize, rule: &Arc<SourceFile>, diags: Diagnostics) -> Diagnostics {
        Diagnostics(
            diags
                .0
                .into_iter()
                .map(|mut d| {
                    if let Some(loc) = d.location.as_mut()
                        && Arc::ptr_eq(&loc.file, rule)
                    {
                        loc.span = self.map(i, &loc.span);
                        loc.file = Arc::clone(&self.file);
                    }
                    if self.placeholder.is_some() && self.values.len() > 1 {
                        d.notes.push(format!(
                            "note: with the value `{}`: {}",
                            self.values[i].value,
                            self.rule(i)
                        ));
                    }
                    d
                })
                .collect(),
        )
    }
}

/// The values of a placeholder: `{2..8}`, `{next, emptied}`, `{2 or 4 | 2, 4 or 6}`.
fn values(file: &Arc<SourceFile>, p: Span) -> Result<Vec<Spanned<String>>, Diagnostic> {
    let inner = p.start + 1..p.end - 1;
    let body = &file.text[inner.clone()];
    if body.trim().is_empty() {
        return Err(Diagnostic::error("the placeholder is empty")
            .at(file, p, "no values")
            .help("write the values to try: a range `{2..8}` or a list `{next, emptied}`"));
    }
    if let Some((a, b)) = body.split_once("..") {
        let number = |s: &str| s.trim().parse::<u64>().ok().filter(|_| !s.trim().is_empty());
        let (Some(lo), Some(hi)) = (number(a), number(b)) else {
            return Err(Diagnostic::error("a range is two whole numbers: `{2..8}`")
                .at(file, p, "not a range of numbers")
                .help("list words between commas instead: `{next, emptied}`"));
        };
        if lo > hi {
            return Err(Diagnostic::error(format!("the range {lo}..{hi} is reversed: it holds no value"))
                .at(file, p, "from a larger number to a smaller one")
                .help(format!("write it from the smaller number: `{{{hi}..{lo}}}`")));
        }
        if hi - lo >= MAX_VALUES as u64 {
            return Err(Diagnostic::error(format!("the range {lo}..{hi} holds {} values", hi - lo + 1))
                .at(file, p, format!("at most {MAX_VALUES} values"))
                .help("a sweep tries each value in a run of its own: choose a smaller range"));
        }
        return Ok((lo..=hi).map(|v| Spanned::new(v.to_string(), p.clone())).collect());
    }
    // Values that hold commas (`2, 4 or 6`) are separated by `|`.
    let sep = if body.contains('|') { '|' } else { ',' };
    let mut out: Vec<Spanned<String>> = Vec::new();
    let mut start = inner.start;
    for piece in body.split(sep) {
        let lead = piece.len() - piece.trim_start().len();
        let value = piece.trim();
        let span = start + lead..start + lead + value.len();
        if value.is_empty() {
            return Err(Diagnostic::error("a value is missing in the placeholder")
                .at(file, start..start + piece.len().max(1), format!("nothing between two `{sep}`"))
                .help("give each value once: `{next, emptied}`"));
        }
        if let Some(first) = out.iter().find(|v| v.value == value) {
            let col = file.line_col(first.span.start).1;
            return Err(Diagnostic::error(format!("the value `{value}` is given twice"))
                .at(file, span, "again")
                .note(format!("first given at column {col}")));
        }
        out.push(Spanned::new(value.to_string(), span));
        start += piece.len() + 1;
    }
    if out.len() > MAX_VALUES {
        return Err(Diagnostic::error(format!("the placeholder holds {} values", out.len())).at(
            file,
            p,
            format!("at most {MAX_VALUES} values"),
        ));
    }
    Ok(out)
}

/// One value of each change: a variant of the grid of runs.
#[derive(Debug, Clone)]
pub struct Chosen<'c> {
    pub change: &'c Change,
    pub value: usize,
}

impl Chosen<'_> {
    /// The rule as applied: `seeds 4 in each pit`.
    pub fn rule(&self) -> String {
        self.change.rule(self.value)
    }

    /// The value of a `--vary` (`4`), or `None` for a `--set`.
    pub fn value(&self) -> Option<&str> {
        self.change.placeholder.as_ref().map(|_| self.change.values[self.value].value.as_str())
    }
}

/// Every combination of the changes' values, the first change varying slowest: the runs of a
/// grid, in order.
pub fn grid(changes: &[Change]) -> Vec<Vec<Chosen<'_>>> {
    let mut out: Vec<Vec<Chosen<'_>>> = vec![Vec::new()];
    for change in changes {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..change.values.len()).map(move |value| {
                    let mut v = prefix.clone();
                    v.push(Chosen { change, value });
                    v
                })
            })
            .collect();
    }
    out
}

/// The checked rules of `base` (with `ruleset`) with the chosen changes applied in order, and
/// any warnings. The variant is named after its base and the rules changed: `Bakuk, seeds 4
/// in each pit`.
pub fn apply(
    base: &VariantFile,
    ruleset: Option<&str>,
    chosen: &[Chosen<'_>],
) -> Result<(Spec, Diagnostics), Diagnostics> {
    let base_label = match ruleset {
        Some(r) => format!("{}:{r}", base.name()),
        None => base.name().to_string(),
    };
    let mut name = base_label;
    let mut top = base.clone();
    let mut files: Vec<(Arc<SourceFile>, &Chosen<'_>)> = Vec::new();
    let mut stated: Vec<(crate::lang::kinds::Kind, &Change)> = Vec::new();
    for (k, c) in chosen.iter().enumerate() {
        let rule_file = SourceFile::new(c.change.file.name.clone(), c.rule());
        let rules = parse_rule(&rule_file).map_err(|d| c.change.relocate(c.value, &rule_file, d.into()))?;
        // Two options that change one rule: the second would silently undo the first.
        for line in &rules {
            let kind = line.value.kind();
            if let Some((_, before)) =
                stated.iter().find(|(k, ch)| *k == kind && !std::ptr::eq(*ch, c.change))
            {
                let d = Diagnostic::error(format!(
                    "{} is changed twice: by `{}` and by this `{}`",
                    kind.line(),
                    (before.options.given)(before.option, &before.file.text),
                    c.change.option
                ))
                .at(&c.change.file, 0..c.change.file.text.len(), "changes it again")
                .help("give each rule once");
                return Err(d.into());
            }
            stated.push((kind, c.change));
        }
        // On one line, however the option was written.
        let one_line = c.rule().split_whitespace().collect::<Vec<_>>().join(" ");
        name = format!("{name}, {one_line}");
        // Metadata is not inherited: the sources stay those of the variant named, with a
        // note of the change.
        let mut about = base.ast.about.clone();
        about.push(Spanned::new(Meta::Note(format!("Changed on the command line: {one_line}.")), 0..0));
        let extends = Extends {
            base: Spanned::new(top.name().to_string(), 0..0),
            ruleset: (k == 0).then(|| ruleset.map(|r| Spanned::new(r.to_string(), 0..0))).flatten(),
        };
        let ast = VariantAst {
            name: Spanned::new(name.clone(), 0..0),
            extends: Some(extends),
            header: 0..0,
            about,
            rules,
            rulesets: Vec::new(),
        };
        top = VariantFile {
            file: Arc::clone(&rule_file),
            origin: crate::lang::library::Origin::Text(c.change.option.to_string()),
            ast,
            base: Some(Box::new(top)),
        };
        files.push((rule_file, c));
    }
    let relocate = |mut diags: Diagnostics| {
        for (file, c) in &files {
            diags = c.change.relocate(c.value, file, diags);
        }
        diags
    };
    match check::check(&top, if chosen.is_empty() { ruleset } else { None }) {
        Ok((spec, warnings)) => Ok((spec, relocate(warnings))),
        Err(diags) => Err(relocate(diags)),
    }
}

/// One variant of a run: its checked rules, and the values of `--vary` that made it.
#[derive(Debug, Clone)]
pub struct Varied {
    pub spec: Spec,
    /// The variant's name before the varied rules (with the `--set` rules in it).
    pub base: String,
    /// (rule as given, with its placeholder; the value) for each `--vary`.
    pub values: Vec<(String, String)>,
    /// Every rule changed, as applied (`seeds 4 in each pit`), in order.
    pub applied: Vec<String>,
}

/// The variants of a run, and what the checker had to say about them.
#[derive(Debug, Clone)]
pub struct Variants {
    /// One for each point of the grid of the `--vary` values, in order (the first slowest).
    pub variants: Vec<Varied>,
    /// The warnings about the variant named, checked on its own.
    pub base_warnings: Diagnostics,
    /// The warnings about the variants with the changes applied, pointed into the options'
    /// texts.
    pub warnings: Diagnostics,
}

/// The variants `base` (with `ruleset`) makes with `changes` applied: one for each point of
/// the grid of the `--vary` values, in order (the first `--vary` slowest). The variant named
/// is checked on its own first, so that its own mistakes point at it; then every variant of
/// the grid is, and the mistakes of all are returned at once.
pub fn variants(
    base: &VariantFile,
    ruleset: Option<&str>,
    changes: &[Change],
) -> Result<Variants, Diagnostics> {
    let (base_spec, base_warnings) = check::check(base, ruleset)?;
    let mut errors = Diagnostics::default();
    let mut warnings = Diagnostics::default();
    let mut out = Vec::new();
    for point in grid(changes) {
        match apply(base, ruleset, &point) {
            Ok((spec, w)) => {
                warnings.extend(w);
                let mut label = base_spec.label();
                for c in point.iter().filter(|c| c.value().is_none()) {
                    label = format!("{label}, {}", c.rule().split_whitespace().collect::<Vec<_>>().join(" "));
                }
                let values = point
                    .iter()
                    .filter_map(|c| c.value().map(|v| (c.change.file.text.clone(), v.to_string())))
                    .collect();
                let applied = point.iter().map(Chosen::rule).collect();
                out.push(Varied { spec, base: label, values, applied });
            }
            Err(d) => errors.extend(d),
        }
    }
    if errors.has_errors() {
        return Err(errors);
    }
    Ok(Variants { variants: out, base_warnings, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::library;

    fn vary(text: &str) -> Change {
        Change::parse(&COMMAND_LINE, ChangeKind::Vary, text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn set(text: &str) -> Result<Change, Diagnostics> {
        Change::parse(&COMMAND_LINE, ChangeKind::Set, text)
    }

    fn error(kind: ChangeKind, text: &str) -> String {
        Change::parse(&COMMAND_LINE, kind, text).unwrap_err().to_string()
    }

    #[test]
    fn a_range_and_lists_give_values() {
        let c = vary("seeds {2..5} in each pit");
        assert_eq!(c.values.iter().map(|v| v.value.as_str()).collect::<Vec<_>>(), ["2", "3", "4", "5"]);
        assert_eq!(c.rule(2), "seeds 4 in each pit");
        let c = vary("first seed into the {next, emptied} pit");
        assert_eq!(c.rule(1), "first seed into the emptied pit");
        let c = vary("last seed makes {2 or 4 | 2, 4 or 6} in any pit: take them");
        assert_eq!(c.rule(1), "last seed makes 2, 4 or 6 in any pit: take them");
        // Block braces are not placeholders.
        let c = vary("capture { last seed makes {2, 4} in any pit: take them }");
        assert_eq!(c.rule(0), "capture { last seed makes 2 in any pit: take them }");
        let c = vary("players {2,3} { player 1 starts }");
        assert_eq!(c.rule(1), "players 3 { player 1 starts }");
        assert!(set("capture { none }").is_ok());
    }

    /// Every rule line of every bundled file, rulesets' too, is a rule `--set` takes as it is
    /// written, and reads as the file does.
    #[test]
    fn every_line_of_the_bundled_files_can_be_set() {
        use crate::lang::diagnostic::SourceFile;
        use crate::lang::parse::{parse, parse_rule};
        use crate::lang::syntax::RuleLine;
        for (name, text) in library::BUNDLED {
            let file = SourceFile::new(format!("{name}.sow"), text.to_string());
            let ast = parse(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
            let lines = ast.rules.iter().chain(ast.rulesets.iter().flat_map(|r| &r.rules));
            // Spans differ (the line's own text starts at 0): compare what is read without them.
            let shape = |line: &RuleLine| format!("{line:?}").replace(|c: char| c.is_ascii_digit(), "");
            for line in lines {
                // The players block is set whole (its count is no line of its own).
                let span = match &line.value {
                    RuleLine::Players(block) => block.span.clone(),
                    _ => line.span.clone(),
                };
                // `capture { none }` is three rules (no landing, chain or opposite capture) of
                // one word, set as its block.
                let written = match &text[span] {
                    "none" => "capture { none }",
                    line => line,
                };
                let read = parse_rule(&SourceFile::new("--set", written))
                    .unwrap_or_else(|e| panic!("{name}: `{written}` is refused:\n{e}"));
                let same = read.iter().find(|r| r.value.kind() == line.value.kind()).unwrap_or(&read[0]);
                assert_eq!(shape(&same.value), shape(&line.value), "{name}: `{written}` reads otherwise");
            }
        }
    }

    #[test]
    fn bad_placeholders_are_located() {
        let e = error(ChangeKind::Vary, "seeds 4 in each pit");
        assert!(e.contains("`--vary` needs a placeholder"), "{e}");
        let e = error(ChangeKind::Vary, "board {2..3} rows of {3..4} pits, no stores");
        assert!(e.contains("takes one placeholder") && e.contains("1:22"), "{e}");
        let e = error(ChangeKind::Vary, "seeds {8..2} in each pit");
        assert!(e.contains("the range 8..2 is reversed"), "{e}");
        let e = error(ChangeKind::Vary, "seeds {} in each pit");
        assert!(e.contains("the placeholder is empty"), "{e}");
        let e = error(ChangeKind::Vary, "seeds {2..x} in each pit");
        assert!(e.contains("a range is two whole numbers"), "{e}");
        let e = error(ChangeKind::Vary, "seeds {2, 2} in each pit");
        assert!(e.contains("`2` is given twice"), "{e}");
        let e = error(ChangeKind::Set, "seeds {2..3} in each pit");
        assert!(e.contains("no placeholder"), "{e}");
        let e = error(ChangeKind::Vary, "seeds {2..3 in each pit");
        assert!(e.contains("without its closing"), "{e}");
    }

    #[test]
    fn the_caller_names_the_options() {
        // As a library's keyword arguments might be named (Python's are `set=` and `vary=`).
        let given = |option: &str, text: &str| format!("{option}{text:?}");
        let words = Options {
            set: "change=",
            vary: "sweep=",
            example: "sweep=\"seeds {2..8} in each pit\"",
            twice: "",
            given,
        };
        let e = Change::parse(&words, ChangeKind::Vary, "seeds 4 in each pit").unwrap_err().to_string();
        assert!(e.contains("`sweep=` needs a placeholder") && e.contains("use `change=`"), "{e}");
        assert!(e.contains("--> sweep:1:1") && !e.contains("`--"), "{e}");
        let e = Change::parse(&words, ChangeKind::Set, "seeds {2..3} in each pit").unwrap_err().to_string();
        assert!(e.contains("`change=` changes a rule") && e.contains("use `sweep=`"), "{e}");
        let bakuk = library::load("bakuk").unwrap();
        let set = Change::parse(&words, ChangeKind::Set, "seeds 3 in each pit").unwrap();
        let vary = Change::parse(&words, ChangeKind::Vary, "seeds {2..4} in each pit").unwrap();
        let e = apply(&bakuk, None, &[Chosen { change: &set, value: 0 }, Chosen { change: &vary, value: 0 }])
            .unwrap_err()
            .to_string();
        assert!(e.contains("by `change=\"seeds 3 in each pit\"` and by this `sweep=`"), "{e}");
    }

    #[test]
    fn a_grid_varies_the_last_change_fastest() {
        let a = vary("seeds {2..3} in each pit");
        let b = vary("first seed into the {next, emptied} pit");
        let changes = [a, b];
        let g = grid(&changes);
        let rules: Vec<Vec<String>> = g.iter().map(|v| v.iter().map(Chosen::rule).collect()).collect();
        assert_eq!(rules.len(), 4);
        assert_eq!(rules[1], ["seeds 2 in each pit", "first seed into the emptied pit"]);
        assert_eq!(rules[2], ["seeds 3 in each pit", "first seed into the next pit"]);
    }

    #[test]
    fn a_change_is_a_layer_on_the_variant() {
        let bakuk = library::load("bakuk").unwrap();
        let c = vary("seeds {2..4} in each pit");
        let (spec, _) = apply(&bakuk, None, &[Chosen { change: &c, value: 2 }]).unwrap();
        assert_eq!(spec.name, "Bakuk, seeds 4 in each pit");
        assert_eq!(spec.seeds, vec![4; 6]);
        // Everything else is Bakuk's, and the ruleset of the base is kept.
        let (valdez, _) = check::check(&bakuk, Some("valdez")).unwrap();
        let (spec, _) = apply(&bakuk, Some("valdez"), &[Chosen { change: &c, value: 0 }]).unwrap();
        assert_eq!(spec.chain, valdez.chain);
        assert_eq!(spec.seeds, vec![2; 6]);
        let koumma = library::load("koumma").unwrap();
        let c = vary("first seed into the {next, emptied} pit");
        let (spec, _) = apply(&koumma, None, &[Chosen { change: &c, value: 0 }]).unwrap();
        let (bakuk_spec, _) = check::check(&bakuk, None).unwrap();
        assert_eq!(spec.opening, bakuk_spec.opening);
        assert_eq!(spec.min_seeds, 2);
    }

    #[test]
    fn count_expressions_are_set_and_varied() {
        let bakuk = library::load("bakuk").unwrap();
        let set = set("relay when the last seed makes 2 or more but not 4 in any pit").unwrap();
        let (spec, _) = apply(&bakuk, None, &[Chosen { change: &set, value: 0 }]).unwrap();
        let Some(crate::lang::spec::Relay::Makes(rule)) = &spec.relay else { panic!("{:?}", spec.relay) };
        assert_eq!(rule.counts.words(), "2 or more but not 4");
        // A range of counts is written `2 to 6`: a placeholder's `..` stays the placeholder's.
        let c = vary("last seed makes 2 to {4..6} in any pit: take them");
        assert_eq!(c.rule(1), "last seed makes 2 to 5 in any pit: take them");
        let (spec, _) = apply(&bakuk, None, &[Chosen { change: &c, value: 1 }]).unwrap();
        assert_eq!(spec.landing.unwrap().counts.iter().collect::<Vec<_>>(), [2, 3, 4, 5]);
        let c = vary("chain forward while {an even count | any count but 1 or 3}");
        assert_eq!(c.rule(1), "chain forward while any count but 1 or 3");
    }

    #[test]
    fn a_rule_changed_twice_is_refused() {
        let bakuk = library::load("bakuk").unwrap();
        let set = set("seeds 3 in each pit").unwrap();
        let vary = vary("seeds {2..4} in each pit");
        let e = apply(&bakuk, None, &[Chosen { change: &set, value: 0 }, Chosen { change: &vary, value: 0 }])
            .unwrap_err()
            .to_string();
        assert!(e.contains("is changed twice: by `--set seeds 3 in each pit` and by this `--vary`"), "{e}");
    }

    #[test]
    fn errors_point_into_the_option() {
        let bakuk = library::load("bakuk").unwrap();
        let c = vary("board 2 rows of {0..3} pits, no stores");
        let e = apply(&bakuk, None, &[Chosen { change: &c, value: 0 }]).unwrap_err().to_string();
        assert!(e.contains("--> --vary:1:17"), "{e}");
        assert!(e.contains("board 2 rows of {0..3} pits, no stores"), "{e}");
        assert!(e.contains("with the value `0`: board 2 rows of 0 pits, no stores"), "{e}");
        let e =
            Change::parse(&COMMAND_LINE, ChangeKind::Vary, "sed {2..3} in each pit").unwrap_err().to_string();
        assert!(e.contains("--> --vary:1:1") && e.contains("did you mean `seeds`?"), "{e}");
        let e = Change::parse(&COMMAND_LINE, ChangeKind::Vary, "seeds {3, lots} in each pit")
            .unwrap_err()
            .to_string();
        assert!(e.contains("--> --vary:1:11") && e.contains("with the value `lots`"), "{e}");
    }
}

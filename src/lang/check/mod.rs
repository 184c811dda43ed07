//! Meaning: a variant file, its bases and a chosen ruleset are merged into one set of rules
//! ([`layers`]); every value is checked for range and consistency, with located errors
//! ([`validate`]); the result is a [`Spec`].

mod layers;
mod validate;

use std::collections::BTreeMap;

use crate::lang::diagnostic::{Diagnostic, Diagnostics, Span};
use crate::lang::library::VariantFile;
use crate::lang::spec::{About, Citation, Spec};
use crate::lang::syntax::{Meta, RulesetAst, Spanned};

use validate::Validator;

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
    let mut seen = std::collections::HashSet::new();
    let plain = build(v, None, &mut diags);
    // The same mistake seen from two rulesets is reported once (as `Diagnostics::extend`
    // does), looked up in a set: a file may have thousands of rulesets, each with a message.
    let mut reported: std::collections::HashSet<_> = diags.0.iter().map(said).collect();
    for r in &v.ast.rulesets {
        if seen.insert(&r.name.value) {
            let mut d = Diagnostics::default();
            let with = build_ruleset(v, r, &mut d);
            if let (Some(plain), Some(with)) = (&plain, &with)
                && same_rules(plain, with)
            {
                d.push(changes_nothing(v, r));
            }
            for m in d.0 {
                if reported.insert(said(&m)) {
                    diags.push(m);
                }
            }
        }
    }
    diags
}

/// What makes two messages the same one: their words, severity and place.
fn said(d: &Diagnostic) -> (bool, String, Option<(String, Span)>) {
    (d.is_error(), d.message.clone(), d.location.as_ref().map(|l| (l.file.name.clone(), l.span.clone())))
}

/// Do two checked variants play the same game: every rule alike, whatever their names,
/// sources, notes and the layers the rules came from?
fn same_rules(a: &Spec, b: &Spec) -> bool {
    let bare = |s: &Spec| Spec {
        name: String::new(),
        ruleset: None,
        about: About::default(),
        ruleset_about: About::default(),
        bases: Vec::new(),
        provenance: Vec::new(),
        lines: Default::default(),
        ..s.clone()
    };
    bare(a) == bare(b)
}

/// A ruleset that leaves every rule as the variant has it: a reading of the sources that
/// `--ruleset` would choose to no effect, most likely a ruleset left unfinished.
fn changes_nothing(v: &VariantFile, r: &RulesetAst) -> Diagnostic {
    let (label, help) = if r.rules.is_empty() {
        (
            "it states no rule",
            "add the rules this reading of the sources changes, such as `capture { chain backward while 2 or 4 }`",
        )
    } else {
        (
            "every rule it states is the variant's own already",
            "state the rules this reading of the sources changes, or remove the ones the variant already has",
        )
    };
    Diagnostic::warning(format!("ruleset \"{}\" changes no rule", r.name.value))
        .at(&v.file, r.name.span.clone(), label)
        .help(help)
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

fn build(v: &VariantFile, ruleset: Option<&str>, diags: &mut Diagnostics) -> Option<Spec> {
    if let Some(e) = layers::missing_base_ruleset(v) {
        diags.push(e);
        return None;
    }
    let mut stack = Vec::new();
    if let Err(e) = layers::layers(v, ruleset, &mut stack) {
        diags.push(e);
        return None;
    }
    let (merged, provenance) = layers::merge(&stack, diags);
    Validator::new(v, &merged, diags).spec(&stack, &provenance, ruleset)
}

/// [`build`] with a ruleset of the file's own, as found.
fn build_ruleset(v: &VariantFile, r: &RulesetAst, diags: &mut Diagnostics) -> Option<Spec> {
    if let Some(e) = layers::missing_base_ruleset(v) {
        diags.push(e);
        return None;
    }
    let mut stack = Vec::new();
    if let Err(e) = layers::layers_of(v, Some(r), &mut stack) {
        diags.push(e);
        return None;
    }
    let (merged, provenance) = layers::merge(&stack, diags);
    Validator::new(v, &merged, diags).spec(&stack, &provenance, Some(&r.name.value))
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

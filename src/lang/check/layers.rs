//! A variant as layers: the rules of the base it extends (itself layered), then its own rules,
//! then the chosen ruleset. A later layer replaces the rules it states, kind by kind;
//! everything else comes from the layers below. A rule stated twice in one layer is a
//! mistake, except the rules after each lap, which a layer states as a list of lines.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, closest};
use crate::lang::kinds::{Kind, Merged, Origin};
use crate::lang::library::VariantFile;
use crate::lang::spec::Layer;
use crate::lang::syntax::{Meta, RuleLine, RulesetAst, Spanned};

/// One layer: a variant file's own rules, or one of its rulesets.
pub(super) struct LayerRef<'a> {
    pub file: &'a Arc<SourceFile>,
    pub rules: &'a [Spanned<RuleLine>],
    pub layer: Layer,
    pub about: Option<&'a [Spanned<Meta>]>,
}

/// The layers of a variant with a ruleset, base-most first.
pub(super) fn layers<'a>(
    v: &'a VariantFile,
    ruleset: Option<&str>,
    out: &mut Vec<LayerRef<'a>>,
) -> Result<(), Diagnostic> {
    let ruleset = match ruleset {
        None => None,
        Some(name) => match v.ast.rulesets.iter().find(|r| r.name.value == name) {
            Some(r) => Some(r),
            None => {
                let d = Diagnostic::error(format!("\"{}\" has no ruleset \"{name}\"", v.name()))
                    .note(rulesets_note(v));
                return Err(match closest(name, v.ruleset_names()) {
                    Some(guess) => d.help(format!("did you mean \"{guess}\"?")),
                    None => d,
                });
            }
        },
    };
    layers_of(v, ruleset, out)
}

/// [`layers`] with the ruleset found already: a file of thousands of rulesets checked one
/// after another is not searched for each.
pub(super) fn layers_of<'a>(
    v: &'a VariantFile,
    ruleset: Option<&'a RulesetAst>,
    out: &mut Vec<LayerRef<'a>>,
) -> Result<(), Diagnostic> {
    if let (Some(base), Some(ext)) = (&v.base, &v.ast.extends) {
        layers(base, ext.ruleset.as_ref().map(|r| r.value.as_str()), out)?;
    }
    out.push(LayerRef {
        file: &v.file,
        rules: &v.ast.rules,
        layer: Layer { variant: v.name().to_string(), ruleset: None },
        about: None,
    });
    if let Some(r) = ruleset {
        out.push(LayerRef {
            file: &v.file,
            rules: &r.rules,
            layer: Layer { variant: v.name().to_string(), ruleset: Some(r.name.value.clone()) },
            about: Some(&r.about),
        });
    }
    Ok(())
}

/// The rules of every layer merged, and the layer that last set each kind.
pub(super) fn merge(stack: &[LayerRef<'_>], diags: &mut Diagnostics) -> (Merged, BTreeMap<Kind, usize>) {
    let mut merged = Merged::default();
    let mut provenance = BTreeMap::new();
    for (index, layer) in stack.iter().enumerate() {
        for line in layer.rules {
            let kind = line.value.kind();
            let at = Origin { file: Arc::clone(layer.file), span: line.span.clone(), layer: index };
            provenance.insert(kind, index);
            // Stated twice in one layer: the first statement stands.
            if let Some(old) = merged.origin(kind)
                && old.layer == index
            {
                // Lines of a list (the rules after each lap) add up within a layer.
                let first = old.line();
                if merged.extend(&line.value) {
                    continue;
                }
                diags.push(
                    at.error(format!("{} is stated twice", kind.line()), "stated again here")
                        .note(format!("first stated on line {first}")),
                );
                continue;
            }
            merged.put(line.value.clone(), at);
        }
    }
    (merged, provenance)
}

/// A ruleset named by an `extends` line that does not exist, reported at that line.
pub(super) fn missing_base_ruleset(v: &VariantFile) -> Option<Diagnostic> {
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

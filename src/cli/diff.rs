//! `sow diff A B`: the rules of two variants side by side, only where they differ.

use clap::Args;
use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use sow::lang::describe;
use sow::lang::diff::{self, Difference};
use sow::lang::spec::Spec;

use super::{CliError, Format, VariantArg, load_spec};

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// A bundled variant (`bakuk`), a file (`path/to/file.sow`), optionally `:RULESET`
    #[arg(value_name = "A")]
    a: String,
    /// The variant to compare it with, named the same way (`koumma`, `bakuk:valdez`); with
    /// `--set` and no B, A itself
    #[arg(value_name = "B", required_unless_present = "set")]
    b: Option<String>,
    /// Change a rule of B, written as in a variant file (may be repeated): `sow diff bakuk
    /// --set "seeds 4 in each pit"` shows what the change does
    #[arg(long, value_name = "RULE")]
    set: Vec<String>,
    /// Output: a table of the rules that differ (text), or one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// A variant as JSON names it, as `sow play --format json` does.
#[derive(Serialize)]
struct Named<'a> {
    variant: &'a str,
    ruleset: Option<&'a str>,
}

impl<'a> Named<'a> {
    fn new(spec: &'a Spec) -> Self {
        Named { variant: &spec.name, ruleset: spec.ruleset.as_deref() }
    }
}

#[derive(Serialize)]
struct Report<'a> {
    a: Named<'a>,
    b: Named<'a>,
    differences: &'a [Difference],
}

pub fn diff(args: &DiffArgs) -> Result<String, CliError> {
    // Both are loaded before anything is printed: bad input gives no partial output.
    let load = |variant: &str| load_spec(&VariantArg { variant: variant.to_string(), ruleset: None });
    let (a, _) = load(&args.a)?;
    let b_name = args.b.as_deref().unwrap_or(&args.a);
    let b = if args.set.is_empty() {
        load(b_name)?.0
    } else {
        let arg = VariantArg { variant: b_name.to_string(), ruleset: None };
        super::load_set(&arg, &super::SetArgs { set: args.set.clone() })?
    };
    let differences = diff::differences(&a, &b);
    if args.format == Format::Json {
        let report = Report { a: Named::new(&a), b: Named::new(&b), differences: &differences };
        return Ok(serde_json::to_string(&report).expect("a report serializes") + "\n");
    }
    let (ta, tb) = (describe::title(&a), describe::title(&b));
    if differences.is_empty() {
        return Ok(format!("{ta} and {tb}: no differences.\n"));
    }
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED);
    table.set_content_arrangement(ContentArrangement::Dynamic);
    table.set_width(describe::WIDTH as u16);
    table.set_header([String::new(), ta, tb]);
    for d in &differences {
        table.add_row([d.rule, &d.a, &d.b]);
    }
    Ok(table.to_string() + "\n")
}

//! `sow`: mancala (sowing game) rules as data.
//!
//! The pipeline, one module per stage:
//! source text -> [`parse`] (pest grammar in `grammar/sow.pest`, giving a [`syntax`] tree) ->
//! [`check`] (inheritance, rulesets and meaning, giving a [`spec::Spec`]) -> [`compile`] (tables
//! for the engine, a [`compile::Rules`]) -> [`engine`] (positions, legal moves, moves) ->
//! [`players`] -> [`replay`] and the command line. [`library`] finds variant files and the
//! bundled ones; [`diagnostic`] renders every error with its place in the file; [`describe`]
//! and [`draw`] turn rules and positions back into words and pictures.

pub mod check;
pub mod compile;
pub mod describe;
pub mod diagnostic;
pub mod draw;
pub mod engine;
pub mod library;
pub mod parse;
pub mod players;
pub mod plot;
pub mod replay;
pub mod report;
pub mod search;
pub mod simulate;
pub mod solve;
pub mod spec;
pub mod stats;
pub mod syntax;

/// Loads, checks and compiles a variant named on the command line (a bundled name or a path),
/// with a ruleset if one is named. Warnings are dropped; `check::check` returns them.
pub fn load_rules(reference: &str, ruleset: Option<&str>) -> Result<compile::Rules, diagnostic::Diagnostics> {
    let file = library::load(reference)?;
    let (spec, _warnings) = check::check(&file, ruleset)?;
    Ok(compile::compile(&spec))
}

//! `sow`: mancala (sowing game) rules as data.
//!
//! The pipeline, one folder per stage, each using only the stages before it:
//! - [`lang`]: source text -> parse (pest grammar in `grammar/sow.pest`) -> check
//!   (inheritance, rulesets, meaning) -> a [`lang::spec::Spec`], or located errors;
//! - [`engine`]: a spec compiled into [`engine::Rules`] -> positions, legal moves, moves;
//! - [`play`]: players that choose moves, alpha-beta search, the retrograde solver;
//! - [`run`]: many games on every core -> exact statistics -> reports and plots.
//! - [`tournament`]: agents against each other from a YAML file -> ratings, head-to-head
//!   figures, an SPRT, how much skill counts.
//!
//! Beneath them all: [`error`] (every error knows its exit status), [`files`] (reading the
//! files a user names), [`cancel`] (stopping a long computation). The command line
//! (`src/cli`) only parses arguments and prints what the library returns.

pub mod cancel;
pub mod engine;
pub mod error;
pub mod files;
pub mod lang;
pub mod play;
pub mod run;
pub mod serve;
pub mod tournament;
pub mod yaml;

/// Loads, checks and compiles a variant named on the command line (a bundled name or a path),
/// with a ruleset if one is named. Warnings are dropped; `lang::check::check` returns them.
pub fn load_rules(
    reference: &str,
    ruleset: Option<&str>,
) -> Result<engine::Rules, lang::diagnostic::Diagnostics> {
    let file = lang::library::load(reference)?;
    let (spec, _warnings) = lang::check::check(&file, ruleset)?;
    Ok(engine::compile(&spec))
}

//! Source text -> checked [`spec::Spec`]: the variant language.
//!
//! [`library`] finds variant files (bundled or on disk) and the bases they extend; [`parse`]
//! reads one with the pest grammar of `grammar/sow.pest` into a [`syntax`] tree; [`check`]
//! applies inheritance and rulesets and checks every value, giving a [`spec::Spec`];
//! [`describe`] and [`draw`] read a spec back as words and pictures, and [`diff`] sets two
//! specs' words side by side. Every error is a [`diagnostic::Diagnostic`] with its place in
//! the file.

pub mod check;
pub mod counts;
pub mod describe;
pub mod diagnostic;
pub mod diff;
pub mod draw;
pub mod geometry;
pub mod kinds;
pub mod lap_rule;
pub mod legality;
pub mod library;
pub mod parse;
pub mod phases;
pub mod rounds;
pub mod spec;
pub mod stages;
pub mod stones;
pub mod syntax;
pub mod vary;
pub mod words;

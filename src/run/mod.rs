//! Many games: [`simulate`] plays them on every core, [`stats`] counts them exactly,
//! [`report`] and [`plot`] present the counts ([`chart`] is what every picture shares), [`merge`] adds up the shards of a run; [`solved`] reports a solved game; [`bench`] measures the engine alone; [`estimate`] says how long a run has left.
//! [`rating`] turns the results of tournaments into ratings: fastchess's head-to-head figures and SPRT, and one
//! joint fit of all players.

pub mod bench;
pub(crate) mod chart;
pub mod estimate;
pub mod merge;
pub mod metrics;
pub mod plot;
pub mod rating;
pub mod report;
pub mod simulate;
pub mod solved;
pub mod stats;
pub mod sweep;

//! Many games: [`simulate`] plays them on every core, [`stats`] counts them exactly,
//! [`report`] and [`plot`] present the counts.

pub mod plot;
pub mod report;
pub mod simulate;
pub mod stats;

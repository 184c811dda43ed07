//! Tournaments: a YAML file names variants, participants (agents), a format, openings and
//! a seed; [`file`] reads and checks it, [`entrants`] readies its players, [`schedule`] lays out who plays whom and numbers
//! every game, [`play`] plays the games on every core (records, resume, SPRT, Swiss rounds),
//! [`tally`] counts them exactly, [`report`] computes the tables: ratings from one joint fit,
//! head-to-head figures, seats, openings, and how much skill counts in each variant; [`plot`]
//! draws that last as an SVG picture: the skill trace and the ratings, one colour per variant.

pub mod entrants;
pub mod file;
pub mod pairing;
pub mod play;
pub mod plot;
pub mod report;
pub mod schedule;
pub mod tally;

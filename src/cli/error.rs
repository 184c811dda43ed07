//! How a command fails: a variant file's located messages, printed as they are, or any other
//! error of the library, printed as `error: ...`. The exit status is the error's own
//! ([`sow::error::Status`]), never decided here.

use std::fmt;

use sow::error::{Failure, In, Status};
use sow::lang::diagnostic::Diagnostics;

pub enum CliError {
    Located(Diagnostics),
    Other(Box<dyn Failure>),
}

impl CliError {
    pub fn status(&self) -> Status {
        match self {
            CliError::Located(d) => d.status(),
            CliError::Other(e) => e.status(),
        }
    }

    /// The message for stderr, ending with a line break.
    pub fn message(&self) -> String {
        match self {
            CliError::Located(d) => d.to_string(),
            CliError::Other(e) => format!("error: {e}\n"),
        }
    }
}

impl From<Diagnostics> for CliError {
    fn from(d: Diagnostics) -> Self {
        CliError::Located(d)
    }
}

impl<E: Failure> From<In<E>> for CliError {
    fn from(e: In<E>) -> Self {
        CliError::Other(Box::new(e))
    }
}

macro_rules! failures {
    ($($t:ty),* $(,)?) => {
        $(impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                CliError::Other(Box::new(e))
            }
        })*
    };
}

failures!(
    Message,
    sow::engine::notation::NotationError,
    sow::engine::PositionError,
    sow::engine::replay::ReplayError,
    sow::play::player::PlayerError,
    sow::play::registry::PlayerSpecError,
    sow::play::solve::SolveError,
    sow::play::solve::SolutionFileError,
    sow::run::simulate::RunError,
    sow::run::simulate::OptionError,
    sow::run::merge::MergeError,
    sow::tournament::play::PlayError,
);

/// A message of the command line itself, with its status: arguments that cannot be used, in
/// the words of the option they were given to (bad input), or an output that could not be
/// written once the work was done (a failure).
#[derive(Debug)]
pub struct Message {
    text: String,
    status: Status,
}

/// Arguments that cannot be used: bad input.
pub fn usage(text: impl Into<String>) -> Message {
    Message { text: text.into(), status: Status::BadInput }
}

/// An output that could not be written once the work was done: a failure.
pub fn write_failed(text: impl Into<String>) -> Message {
    Message { text: text.into(), status: Status::Failed }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Message {}

impl Failure for Message {
    fn status(&self) -> Status {
        self.status
    }
}

//! Every error of the library says what kind of failure it is, and so the exit status of the
//! command that met it: the same mistake always ends the same way, whichever command met it.

use std::fmt;

/// What kind of failure an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A well-formed request failed when it was carried out: a move that is illegal at its
    /// ply, a script that runs out in a game, an output that cannot be written. Exit 1.
    Failed,
    /// The input is wrong, and could be seen to be wrong before anything ran: a variant file
    /// with mistakes, an unknown name, a malformed or out-of-range value, a file that cannot
    /// be read. Exit 2.
    BadInput,
    /// Stopped by a signal (Ctrl-C) before it finished. Exit 130, as a shell reports a
    /// command ended by SIGINT.
    Interrupted,
}

impl Status {
    /// The exit status of a command that ends with this failure.
    pub fn code(self) -> u8 {
        match self {
            Status::Failed => 1,
            Status::BadInput => 2,
            Status::Interrupted => 130,
        }
    }
}

/// An error that knows its [`Status`]. Each stage has its own error types, each of which owns
/// its messages (its `Display`) and its status.
pub trait Failure: std::error::Error + Send + Sync + 'static {
    fn status(&self) -> Status;
}

/// An error in a value the user gave, named by where it was given (`--moves`, `--players`):
/// the message is the error's, prefixed by its place; the status is the error's.
#[derive(Debug)]
pub struct In<E> {
    pub place: String,
    pub error: E,
}

impl<E> In<E> {
    pub fn new(place: impl Into<String>, error: E) -> In<E> {
        In { place: place.into(), error }
    }
}

impl<E: fmt::Display> fmt::Display for In<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.error)
    }
}

impl<E: std::error::Error> std::error::Error for In<E> {}

impl<E: Failure> Failure for In<E> {
    fn status(&self) -> Status {
        self.error.status()
    }
}

//! Ctrl-C and SIGTERM. While a long computation runs (a simulation, a solve), the first signal
//! asks it to stop (a simulation then prints what it finished, marked partial) and a second
//! ends the process at once. Otherwise (at the prompt of a game, say) a signal ends the
//! process at once, as it ends other programs. Ending at once removes the temporary files of
//! outputs not yet written, so that nothing half-written is left behind.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

use sow::cancel::Cancel;

/// The temporary files of outputs being written (see `output.rs`).
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// The computation a signal stops, while one runs.
static RUNNING: Mutex<Option<Cancel>> = Mutex::new(None);
static INSTALL: Once = Once::new();

pub fn keep_temporary(path: &Path) {
    if let Ok(mut t) = TEMPORARY.lock() {
        t.push(path.to_path_buf());
    }
}

pub fn forget_temporary(path: &Path) {
    if let Ok(mut t) = TEMPORARY.lock() {
        t.retain(|p| p != path);
    }
}

/// What a signal does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// Ask the running computation to stop.
    Cancel,
    /// End the process now; say so when a computation was already asked to stop.
    Exit { twice: bool },
}

fn on_signal(running: Option<&Cancel>) -> Action {
    match running {
        Some(c) if c.is_cancelled() => Action::Exit { twice: true },
        Some(_) => Action::Cancel,
        None => Action::Exit { twice: false },
    }
}

fn handle() {
    let running = RUNNING.lock().ok().and_then(|r| r.clone());
    match on_signal(running.as_ref()) {
        Action::Cancel => running.expect("a computation runs").cancel(),
        Action::Exit { twice } => {
            if let Ok(t) = TEMPORARY.lock() {
                for p in t.iter() {
                    let _ = std::fs::remove_file(p);
                }
            }
            if twice {
                eprintln!("\ninterrupted twice: stopped at once; no output was written");
            }
            std::process::exit(sow::error::Status::Interrupted.code() as i32);
        }
    }
}

/// While this lives, a signal asks its computation to stop instead of ending the process.
pub struct Running {
    cancel: Cancel,
}

impl Running {
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(mut r) = RUNNING.lock() {
            *r = None;
        }
    }
}

/// Starts a computation that a signal may stop.
pub fn running() -> Running {
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(handle);
    });
    let cancel = Cancel::new();
    if let Ok(mut r) = RUNNING.lock() {
        *r = Some(cancel.clone());
    }
    Running { cancel }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_stops_the_computation_then_the_process() {
        assert_eq!(on_signal(None), Action::Exit { twice: false });
        let cancel = Cancel::new();
        assert_eq!(on_signal(Some(&cancel)), Action::Cancel);
        cancel.cancel();
        assert_eq!(on_signal(Some(&cancel)), Action::Exit { twice: true });
    }
}

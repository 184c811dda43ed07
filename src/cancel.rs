//! A request to stop, shared by a long computation (a simulation, a search, a solve) and
//! whatever may stop it (Ctrl-C). Checking it costs one relaxed atomic load.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A request not yet made.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks everything holding a clone of this to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    #[inline(always)]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

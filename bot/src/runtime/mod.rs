//! What every adapter shares at run time: the one start-up, background loop and shutdown of
//! a `skald` process ([`serve`]), the door commands pass through ([`gate`]), opening the
//! store ([`open_store`]), the movable clock for tests and demos ([`fake_time`]), the
//! background loop that plays the engine's moves and fires deadlines ([`scheduler`]), the
//! log lines dropped as noise ([`log_noise`]) and the secrets masked in every log line
//! ([`log_mask`]).

pub mod fake_time;
pub mod gate;
pub mod log_mask;
pub mod log_noise;
pub mod scheduler;
pub mod serve;

use skald_session::store::{SledStore, Store};
use std::path::Path;
use std::sync::Arc;

/// Opens the store in `dir` (the sled backend, the one there is), turning "another process
/// holds it" into a sentence. Everything after opening sees only the [`Store`] interface.
pub fn open_store(dir: &Path) -> Result<Arc<dyn Store>, String> {
    match SledStore::open(dir) {
        Ok(store) => Ok(Arc::new(store)),
        Err(e) if e.is_locked() => Err(format!(
            "the data directory {} is in use by another running skald; stop it first ({e})",
            dir.display()
        )),
        Err(e) => Err(format!("cannot open the store in {}: {e}", dir.display())),
    }
}

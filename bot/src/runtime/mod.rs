//! What every adapter shares at run time: one process serving every enabled chat platform
//! ([`chat`]), the door commands pass through ([`gate`]), opening the store ([`open_store`]), the movable
//! clock for tests and demos ([`fake_time`]), the background loop that plays the engine's
//! moves and fires deadlines ([`scheduler`]), and the log lines dropped as noise
//! ([`log_noise`]).

#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod chat;
pub mod fake_time;
#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod gate;
pub mod log_noise;
#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod scheduler;

use skald_session::store::{Store, StoreError};
use std::path::Path;

/// Opens the store in `dir`, turning sled's lock error into a sentence.
pub fn open_store(dir: &Path) -> Result<Store, String> {
    Store::open(dir).map_err(|e| match &e {
        StoreError::Sled(sled::Error::Io(io))
            if io.kind() == std::io::ErrorKind::WouldBlock || io.to_string().contains("lock") =>
        {
            format!(
                "the data directory {} is in use by another running skald; stop it first ({e})",
                dir.display()
            )
        }
        _ => format!("cannot open the store in {}: {e}", dir.display()),
    })
}

//! What every adapter shares at run time: the one start-up, background loop and shutdown of
//! a `skald` process ([`serve`]), the door commands pass through ([`gate`]), where the store
//! is and opening it ([`store_at`]: a sled directory or a PostgreSQL database), the movable clock for tests and demos ([`fake_time`]), the
//! background loop that plays the engine's moves and fires deadlines ([`scheduler`]), the
//! log lines dropped as noise ([`log_noise`]) and the secrets masked in every log line
//! ([`log_mask`]).

pub mod fake_time;
pub mod gate;
pub mod log_mask;
pub mod log_noise;
pub mod once_key;
pub mod poster;
pub mod scheduler;
pub mod serve;
pub mod store_at;

use skald_session::store::Store;
use std::path::Path;
use std::sync::Arc;
pub use store_at::{StoreAt, open as open_store_at};

/// Opens the sled store in `dir` (see [`store_at::open`] for either backend).
pub fn open_store(dir: &Path) -> Result<Arc<dyn Store>, String> {
    store_at::open(&StoreAt::Sled(dir.to_path_buf()))
}

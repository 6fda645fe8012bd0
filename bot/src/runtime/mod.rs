//! The process around the adapters: the one start-up, background loop and shutdown of a
//! `skald` process ([`serve`]), where the store is and opening it ([`store_at`]: a sled
//! directory or a PostgreSQL database), the background loop that plays the engine's moves and
//! fires deadlines ([`scheduler`]), the outbox's poster ([`poster`]), the log lines dropped as
//! noise ([`log_noise`]) and the secrets masked in every log line ([`log_mask`]). What the
//! adapters share with it is the port (`skald-port`).

pub mod log_mask;
pub mod log_noise;
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

//! What the store-level integration tests share: a temporary directory removed at the end,
//! and a session on a durable store in it with a fake clock.

use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_session::clock::{FakeClock, Timestamp};
use skald_session::store::SledStore;
use skald_session::{Session, SessionConfig};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A directory under the system's temporary one, removed when dropped.
pub struct Dir(pub PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty directory named for the test and the process.
pub fn temp_dir(name: &str) -> Dir {
    let dir = std::env::temp_dir().join(format!("skald-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Dir(dir)
}

/// A session on the durable store in `dir`, its clock standing at `now`, dice seeded, no
/// rate limit (the tests send as fast as they can).
pub fn open(dir: &Path, now: Timestamp) -> Session {
    // sled's background writer threads may hold the directory's lock a moment after the
    // previous store on it was dropped (seen on a loaded machine): wait for it, up to 5 s.
    let mut tries = 0;
    let store = loop {
        match SledStore::open(dir) {
            Ok(store) => break store,
            Err(e) if tries < 50 && e.is_locked() => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err(e) => panic!("the store opens: {e}"),
        }
    };
    Session::new(
        Arc::new(store),
        Arc::new(FakeClock::new(now)),
        StdRng::seed_from_u64(5),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("the session starts")
}

//! The background loop's rounds, counted so an adapter that answers in transcript order (the
//! console) can wait, after a command, for the round that command started.

use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{Notify, watch};

/// The background loop's rounds: how many were asked for, and up to which request the
/// finished ones covered.
pub struct Rounds {
    requested: AtomicU64,
    covered: watch::Sender<u64>,
}

impl Default for Rounds {
    fn default() -> Rounds {
        Rounds {
            requested: AtomicU64::new(0),
            covered: watch::Sender::new(0),
        }
    }
}

impl Rounds {
    /// Wakes the loop (through `engine`) and waits until a round that began after this call
    /// has finished: every engine move the caller's command made possible is played and
    /// posted, and (on the fake clock) whatever its clock change made due.
    pub async fn settle(&self, engine: &Notify) {
        let wanted = self.requested.fetch_add(1, Ordering::SeqCst) + 1;
        let mut covered = self.covered.subscribe();
        engine.notify_one();
        let _ = covered.wait_for(|c| *c >= wanted).await;
    }

    /// At the start of a round: the requests it answers.
    pub fn begin(&self) -> u64 {
        self.requested.load(Ordering::SeqCst)
    }

    /// At the end of a round that began with [`Rounds::begin`] returning `covers`.
    pub fn finished(&self, covers: u64) {
        self.covered.send_if_modified(|c| {
            let later = covers > *c;
            if later {
                *c = covers;
            }
            later
        });
    }
}

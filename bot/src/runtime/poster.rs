//! Posts the notices waiting in the store's outbox ([`skald_session::outbox`]) through this
//! process's adapters: the reminders, timeouts and digests the session wrote with their
//! changes, the engine's moves, and answers' copies for a game's home on another platform.
//! Every process posts the notices of the platforms it serves; with several processes on
//! one database each notice is claimed by one poster (`docs/DEPLOY.md`). A notice is removed
//! from the outbox once its adapter posted it.

use skald_port::Router;
use skald_port::once_key::OnceKey;
use skald_session::Session;
use std::sync::Arc;
use std::time::Duration;

/// How many notices one look at the outbox takes.
const BATCH: usize = 32;

/// Every platform a notice may be for.
const ALL: [&str; 3] = ["console", "discord", "matrix"];

/// This process's poster.
pub struct Poster {
    /// Who claims the notices (host and process), so a restarted process does not wait
    /// for the claims of the one it replaced to expire... and another process's claims are
    /// told apart.
    holder: String,
    /// Whether this process posts every platform's notices: a store only this process can
    /// open (sled), where nobody else would.
    everything: bool,
    /// How long the notices it takes are its own before another poster may take them
    /// (`[store] lease_seconds`).
    lease: Duration,
}

impl Poster {
    /// A poster for this process; `everything` on a store no other process shares; each
    /// notice taken is held for `lease`.
    pub fn new(everything: bool, lease: Duration) -> Poster {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .unwrap_or_else(|_| "skald".into());
        Poster {
            holder: format!("{host}:{}", std::process::id()),
            everything,
            lease,
        }
    }

    /// Posts every notice waiting for this process's platforms, oldest first, each through
    /// the adapter owning its channel; returns how many were taken.
    pub async fn drain(&self, session: &Arc<Session>, router: &Router) -> usize {
        let platforms: Vec<&'static str> = if self.everything {
            ALL.to_vec()
        } else {
            router.platforms()
        };
        if platforms.is_empty() {
            return 0;
        }
        let mut posted = 0;
        loop {
            let (s, p, h, lease) = (
                session.clone(),
                platforms.clone(),
                self.holder.clone(),
                self.lease,
            );
            let batch = tokio::task::spawn_blocking(move || s.take_notices(&p, &h, lease, BATCH))
                .await
                .unwrap_or_default();
            if batch.is_empty() {
                return posted;
            }
            for (id, notice) in batch {
                router.post_now(notice, Some(OnceKey::of(id))).await;
                let s = session.clone();
                let _ = tokio::task::spawn_blocking(move || s.notices_posted(&[id])).await;
                posted += 1;
            }
        }
    }
}

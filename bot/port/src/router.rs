//! Posts notices through the adapter owning each one's channel, from any adapter or the
//! background loop: how the news of a game between platforms reaches its other home.

use crate::once_key::OnceKey;
use crate::outlet::Outlet;
use skald_session::{Notice, Session};
use std::sync::Arc;
use tokio::sync::Notify;

/// Posts notices through the adapter owning each one's channel, from any adapter: how the
/// news of a game between platforms reaches its other home ([`skald_session::Reply::elsewhere`]).
///
/// It holds the outlets only while the adapters run: they hold platform clients that must be
/// dropped inside the async runtime ([`Router::clear`] at shutdown).
#[derive(Default)]
pub struct Router {
    outlets: std::sync::Mutex<Vec<Arc<dyn Outlet>>>,
    /// Once the background loop runs: the session whose outbox takes the notices, and the
    /// loop to wake so it posts them.
    outbox: std::sync::OnceLock<(Arc<Session>, Arc<Notify>)>,
}

impl Router {
    /// Sends `notices` (callable from the session's blocking threads): into the outbox,
    /// for whichever process serves each one's platform, and wakes the background loop to
    /// post what this process serves. Before the loop runs, straight to the adapters.
    pub fn forward(&self, notices: Vec<Notice>) {
        if notices.is_empty() {
            return;
        }
        if let Some((session, wake)) = self.outbox.get() {
            match session.send_later(&notices) {
                Ok(()) => wake.notify_one(),
                Err(e) => tracing::error!(error = %e, "cannot write notices to the outbox"),
            }
            return;
        }
        let outlets = self.outlets().clone();
        if outlets.is_empty() {
            tracing::warn!("notices for other platforms while no adapter runs; dropped");
            return;
        }
        tokio::spawn(async move { route(&outlets, notices).await });
    }

    /// From now on, [`Router::forward`] writes into `session`'s outbox and wakes `wake`.
    pub fn use_outbox(&self, session: Arc<Session>, wake: Arc<Notify>) {
        let _ = self.outbox.set((session, wake));
    }

    /// Posts one notice through the adapter owning its channel, and waits; `once` is its
    /// idempotency key when it comes from the outbox.
    pub async fn post_now(&self, notice: Notice, once: Option<OnceKey>) {
        let outlets = self.outlets().clone();
        route_one(&outlets, notice, once).await;
    }

    /// The platforms this process's adapters serve.
    pub fn platforms(&self) -> Vec<&'static str> {
        let mut p: Vec<&'static str> = self.outlets().iter().map(|o| o.platform()).collect();
        p.sort_unstable();
        p.dedup();
        p
    }

    /// Routes through these outlets from now on: the adapters the process started (only the
    /// composition root calls it, once they all run).
    pub fn set_outlets(&self, outlets: Vec<Arc<dyn Outlet>>) {
        *self.outlets() = outlets;
    }

    fn outlets(&self) -> std::sync::MutexGuard<'_, Vec<Arc<dyn Outlet>>> {
        self.outlets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Lets go of the adapters' outlets (at shutdown, inside the runtime).
    pub fn clear(&self) {
        self.outlets().clear();
    }
}

/// Posts each notice through the adapter that owns its channel, in order.
async fn route(outlets: &[Arc<dyn Outlet>], notices: Vec<Notice>) {
    for notice in notices {
        route_one(outlets, notice, None).await;
    }
}

/// Posts `notice` through the adapter owning its channel.
async fn route_one(outlets: &[Arc<dyn Outlet>], notice: Notice, once: Option<OnceKey>) {
    match outlets.iter().find(|o| o.owns(&notice.channel)) {
        Some(outlet) => outlet.post(notice, once).await,
        None => {
            tracing::warn!(channel = %notice.channel, "a notice for a channel no running adapter owns")
        }
    }
}

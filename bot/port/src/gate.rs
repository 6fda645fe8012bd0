//! The door every chat command passes through, so a shutdown can stop taking commands and
//! still finish those already in flight: each command holds a [`Pass`] from before the
//! session sees it until its answer is sent; [`Gate::close`] waits for every pass to be
//! returned and turns later commands away.

use std::sync::Arc;
use tokio::sync::{OwnedRwLockReadGuard, RwLock};

/// Open until the process stops. Shared by every adapter of the process.
#[derive(Default)]
pub struct Gate {
    /// `true` once closed. Readers are commands in flight; the writer is the shutdown, and
    /// tokio's lock is fair: once the shutdown waits, no new command gets in.
    closed: Arc<RwLock<bool>>,
}

/// A command's right to run; held until its answer is out.
pub struct Pass(#[allow(dead_code)] OwnedRwLockReadGuard<bool>);

/// What an adapter answers a command that arrives during shutdown, in `lang`.
pub fn closed(lang: skald_session::Lang) -> String {
    skald_session::t!("restarting").render(lang)
}

/// The same answer as a reply to the speaker of `ctx`, in the languages the session gives
/// their channel and them.
pub fn closed_reply(
    session: &skald_session::Session,
    ctx: &skald_session::Context,
) -> skald_session::Reply {
    let mut reply = skald_session::Reply::refused(skald_session::t!("restarting"));
    session.set_languages(&mut reply, ctx);
    reply
}

impl Gate {
    /// A pass for one command, or `None` when the process is shutting down.
    pub async fn enter(&self) -> Option<Pass> {
        let guard = self.closed.clone().read_owned().await;
        (!*guard).then_some(Pass(guard))
    }

    /// Turns new commands away and waits until every command in flight has answered.
    pub async fn close(&self) {
        *self.closed.write().await = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn closing_waits_for_commands_in_flight_and_turns_new_ones_away() {
        let gate = Arc::new(Gate::default());
        let pass = gate.enter().await.expect("open");
        let closing = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.close().await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !closing.is_finished(),
            "close waits for the command in flight"
        );
        drop(pass);
        closing.await.expect("closes");
        assert!(
            gate.enter().await.is_none(),
            "a command after the close is turned away"
        );
    }
}

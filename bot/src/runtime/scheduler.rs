//! The chat adapters' background loop, the same on every platform: play the built-in
//! engine's pending moves ([`skald_session::engine_driver`]), tick the deadlines, hand the notices to
//! the adapter to post (each engine answer as soon as it is played), then sleep until the next deadline (at most `max_sleep`, which is
//! also the heartbeat), until an answered command wakes it (it may have handed the engine a
//! turn), or, on a fake clock, until the clock file moves time. Its first round at start-up
//! resumes any engine turn left before a restart and posts whatever fell due while the bot
//! was down.

use crate::runtime::fake_time::AdapterClock;
use skald_session::engine_driver::Driver;
use skald_session::{Notice, Session};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Runs forever (the adapter aborts it on shutdown). `post` sends one round's notices.
pub async fn run<P, F>(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    engine: Arc<Notify>,
    max_sleep: Duration,
    mut post: P,
) where
    P: FnMut(Vec<Notice>) -> F,
    F: Future<Output = ()>,
{
    let mut driver = Some(Driver::new());
    let mut due = true;
    loop {
        // On the fake clock nothing falls due unless the file moved time, the loop starts,
        // or a command woke it.
        if clock.refresh() || !clock.is_fake() {
            due = true;
        }
        if due {
            due = false;
            let s = session.clone();
            let now = clock.now();
            let mut d = driver.take().unwrap_or_default();
            // Each game's engine answer is posted as soon as it is played, while the engine
            // goes on thinking in the next game.
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Vec<Notice>>();
            let round = move || {
                // The engine thinks here, on a blocking thread (each search on its own worker).
                d.play_pending(&s, |n| {
                    let _ = tx.send(vec![n]);
                });
                let due = s.tick(now);
                if !due.is_empty() {
                    let _ = tx.send(due);
                }
                d
            };
            let handle = tokio::task::spawn_blocking(round);
            // The channel closes when the round ends (its sender is dropped).
            while let Some(notices) = rx.recv().await {
                post(notices).await;
            }
            match handle.await {
                Ok(d) => driver = Some(d),
                Err(e) => tracing::error!(error = %e, "the scheduler's round failed"),
            }
        }
        let wait = clock.sleep_until(session.next_wakeup(), max_sleep);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = engine.notified() => due = true,
        }
    }
}

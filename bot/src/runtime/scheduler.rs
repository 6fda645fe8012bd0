//! The process's one background loop, the same for every adapter: play the built-in engine's
//! pending moves ([`skald_session::engine_driver`]), tick the deadlines, hand the notices to
//! be posted (each engine answer as soon as it is played), then sleep until the next deadline
//! (at most `max_sleep`, which is also the heartbeat), until an answered command wakes it (it
//! may have handed the engine a turn), or, on a file-moved fake clock, until the file moves
//! time. Its first round at start-up resumes any engine turn left before a restart and posts
//! whatever fell due while the bot was down.
//!
//! Rounds are counted ([`Rounds`]) so an adapter that answers in transcript order (the
//! console) can wait, after a command, for the round that command started: the engine's
//! answer then comes before the next line is read.

use crate::runtime::fake_time::AdapterClock;
use skald_session::engine_driver::Driver;
use skald_session::{Notice, Session};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
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
    fn begin(&self) -> u64 {
        self.requested.load(Ordering::SeqCst)
    }

    /// At the end of a round that began with [`Rounds::begin`] returning `covers`.
    fn finished(&self, covers: u64) {
        self.covered.send_if_modified(|c| {
            let later = covers > *c;
            if later {
                *c = covers;
            }
            later
        });
    }
}

/// Runs forever (the process aborts it on shutdown). `post` sends one round's notices;
/// `driver` plays the engine's moves as the adapters want them (see [`Driver::separate`]).
pub async fn run<P, F>(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    engine: Arc<Notify>,
    rounds: Arc<Rounds>,
    max_sleep: Duration,
    driver: Driver,
    mut post: P,
) where
    P: FnMut(Vec<Notice>) -> F,
    F: Future<Output = ()>,
{
    let mut driver = Some(driver);
    let mut due = true;
    loop {
        // On the fake clock nothing falls due unless the file moved time, the loop starts,
        // or a command woke it.
        if clock.refresh() || !clock.is_fake() {
            due = true;
        }
        if due {
            due = false;
            let covers = rounds.begin();
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
            rounds.finished(covers);
        }
        let wait = clock.sleep_until(session.next_wakeup(), max_sleep);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = engine.notified() => due = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn settling_waits_for_a_round_that_began_after_it() {
        let rounds = Arc::new(Rounds::default());
        let engine = Arc::new(Notify::new());
        // A round that began before the request does not answer it.
        let early = rounds.begin();
        let waiting = {
            let (rounds, engine) = (rounds.clone(), engine.clone());
            tokio::spawn(async move { rounds.settle(&engine).await })
        };
        engine.notified().await;
        rounds.finished(early);
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "an older round does not settle it");
        let next = rounds.begin();
        rounds.finished(next);
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("the next round settles it")
            .expect("no panic");
    }
}

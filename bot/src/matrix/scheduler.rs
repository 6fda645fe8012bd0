//! The deadline scheduler on Matrix: wakes at the session's next deadline (at least every
//! 30 seconds, which is also the heartbeat) or when woken after an answered command (which
//! may have handed the built-in engine a turn), plays the engine's pending moves ([`crate::engine_driver`]) and runs
//! [`Session::tick`] off the async threads, and posts each notice (engine moves, pings,
//! reminders, timeouts) in its game's room. Its first round at start-up resumes any engine
//! turn left before a restart.

use super::deliver;
use super::rooms::DirectRooms;
use crate::engine_driver::Driver;
use crate::session::Session;
use crate::session::clock::Clock;
use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep between two looks at the deadline queue.
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Runs forever (the adapter aborts it on shutdown); `engine` wakes it early.
pub async fn run(
    session: Arc<Session>,
    clock: Arc<dyn Clock>,
    client: Client,
    dms: DirectRooms,
    engine: Arc<Notify>,
) {
    let mut driver = Some(Driver::new());
    loop {
        let s = session.clone();
        let c = clock.clone();
        let mut d = driver.take().unwrap_or_default();
        let round = move || {
            // The engine thinks here, on a blocking thread (each search on its own worker).
            let mut notices = d.play_pending(&s);
            notices.extend(s.tick(c.now()));
            (d, notices)
        };
        let notices = match tokio::task::spawn_blocking(round).await {
            Ok((d, n)) => {
                driver = Some(d);
                n
            }
            Err(e) => {
                tracing::error!(error = %e, "matrix: the scheduler task failed");
                Vec::new()
            }
        };
        for notice in notices {
            let room = RoomId::parse(&notice.channel.0)
                .ok()
                .and_then(|id| client.get_room(&id));
            match room {
                Some(room) => deliver::deliver(&client, &dms, &room, &notice.reply).await,
                None => {
                    tracing::warn!(channel = %notice.channel, "matrix: a notice for a room the bot is not in")
                }
            }
        }
        let now = clock.now();
        let wait = session.next_wakeup().map_or(MAX_SLEEP, |at| {
            Duration::from_secs(at.since(now).clamp(0, MAX_SLEEP.as_secs() as i64) as u64)
        });
        tokio::select! {
            _ = tokio::time::sleep(wait.max(Duration::from_millis(200))) => {}
            _ = engine.notified() => {}
        }
    }
}

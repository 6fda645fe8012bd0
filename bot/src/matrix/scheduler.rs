//! The deadline scheduler on Matrix: wakes at the session's next deadline (at least every
//! 30 seconds, which is also the heartbeat), runs [`Session::tick`] off the async threads,
//! and posts each notice (pings, reminders, timeouts) in its game's room. On a fake clock
//! (`[clock] fake = true`) it looks at the clock file four times a second instead.

use super::deliver;
use super::rooms::DirectRooms;
use crate::fake_time::AdapterClock;
use crate::session::Session;
use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use std::sync::Arc;
use std::time::Duration;

/// The longest sleep between two looks at the deadline queue.
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Runs forever (the adapter aborts it on shutdown).
pub async fn run(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    client: Client,
    dms: DirectRooms,
) {
    let mut first = true;
    loop {
        // On the fake clock nothing falls due unless the file moved time (or at start).
        let moved = clock.refresh();
        if first || moved || !clock.is_fake() {
            first = false;
            post_due(&session, &clock, &client, &dms).await;
        }
        let wait = clock.sleep_until(session.next_wakeup(), MAX_SLEEP);
        tokio::time::sleep(wait).await;
    }
}

/// Ticks the session and posts each notice in its game's room.
async fn post_due(
    session: &Arc<Session>,
    clock: &AdapterClock,
    client: &Client,
    dms: &DirectRooms,
) {
    let s = session.clone();
    let now = clock.now();
    let notices = match tokio::task::spawn_blocking(move || s.tick(now)).await {
        Ok(n) => n,
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
            Some(room) => deliver::deliver(client, dms, &room, &notice.reply).await,
            None => {
                tracing::warn!(channel = %notice.channel, "matrix: a notice for a room the bot is not in")
            }
        }
    }
}

//! The scheduler on Matrix: the shared background loop ([`crate::runtime::scheduler`]: engine
//! moves, pings, reminders, timeouts) posting each notice in its game's room (a player's
//! private view to their direct room).

use super::deliver;
use super::rooms::DirectRooms;
use crate::runtime::fake_time::AdapterClock;
use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use skald_session::{Notice, Session};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep between two looks at the deadline queue (also the heartbeat period).
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Runs forever (the adapter aborts it on shutdown); `engine` wakes it early.
pub async fn run(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    client: Client,
    dms: DirectRooms,
    engine: Arc<Notify>,
) {
    let post = move |notices: Vec<Notice>| {
        let (client, dms) = (client.clone(), dms.clone());
        async move { post(&client, &dms, notices).await }
    };
    crate::runtime::scheduler::run(session, clock, engine, MAX_SLEEP, post).await;
}

/// Posts each notice in its game's room.
async fn post(client: &Client, dms: &DirectRooms, notices: Vec<Notice>) {
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

//! The background loop's notices on Matrix (engine moves, pings, reminders, timeouts): each
//! posted in its game's room, a player's private view in their direct room.

use super::deliver;
use super::rooms::DirectRooms;
use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use skald_port::once_key::OnceKey;
use skald_port::{BoxFuture, Outlet};
use skald_session::{ChannelId, Notice, Session};

/// Posts notices as the bot's Matrix account.
pub struct MatrixOutlet {
    /// The logged-in client.
    pub client: Client,
    /// The players' direct rooms with the bot.
    pub dms: DirectRooms,
    /// The command prefix (`!skald`), for the commands notices name.
    pub prefix: String,
    /// The notices a later one edits (a review's progress), shared with the commands.
    pub edited: std::sync::Arc<super::progress::Progress>,
    /// The session, which keeps the event of a daily puzzle's post so that any process
    /// edits it later ([`Session::message_posted`]).
    pub session: std::sync::Arc<Session>,
}

impl Outlet for MatrixOutlet {
    fn platform(&self) -> &'static str {
        super::PLATFORM
    }

    /// Matrix room ids: `!opaque:server`.
    fn owns(&self, channel: &ChannelId) -> bool {
        RoomId::parse(&channel.0).is_ok()
    }

    fn post(&self, notice: Notice, once: Option<OnceKey>) -> BoxFuture<'_, ()> {
        Box::pin(post(self, notice, once))
    }
}

/// Posts the notice in its game's room, each event under `once` when it has a key.
async fn post(outlet: &MatrixOutlet, notice: Notice, once: Option<OnceKey>) {
    let (client, prefix) = (&outlet.client, &outlet.prefix);
    let room = RoomId::parse(&notice.channel.0)
        .ok()
        .and_then(|id| client.get_room(&id));
    match room {
        Some(room) => {
            let posted = deliver::deliver(
                client,
                &outlet.dms,
                &outlet.edited,
                &room,
                &notice.reply,
                &deliver::Delivery {
                    prefix: prefix.to_string(),
                    once,
                    ..deliver::Delivery::default()
                },
            )
            .await;
            // Posted anew: under its own name, or a replacement whose first message was
            // not found (the next ones edit this one).
            let key = notice
                .reply
                .progress
                .as_ref()
                .or(notice.reply.replaces.as_ref());
            if let (Some(key), Some(event)) = (key, posted) {
                skald_port::progress::keep_posted(
                    &outlet.session,
                    key,
                    super::PLATFORM,
                    notice.channel.clone(),
                    event.to_string(),
                )
                .await;
            }
            if !notice.reply.boards.is_empty() {
                super::typing::stop(&room).await;
            }
        }
        None => {
            tracing::warn!(channel = %notice.channel, "matrix: a notice for a room the bot is not in")
        }
    }
}

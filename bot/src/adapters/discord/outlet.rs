//! The background loop's notices on Discord (engine moves, reminders, timeouts): each
//! posted in its game's channel (the game's thread with `discord.threads`), pinging only
//! the player concerned, in the language of the channel's server.

use super::deliver;
use super::server_locales::ServerLocales;
use crate::runtime::once_key::{OnceKey, Parts};
use crate::runtime::serve::{BoxFuture, Outlet};
use poise::serenity_prelude as serenity;
use skald_session::{ChannelId, Notice};
use std::sync::Arc;

/// Posts notices through Discord's HTTP API.
pub struct DiscordOutlet {
    /// The bot's HTTP client.
    pub http: Arc<serenity::Http>,
    /// The gateway's cache (servers' preferred locales).
    pub cache: Arc<serenity::Cache>,
    /// Each channel's server language, as interactions told it.
    pub servers: Arc<ServerLocales>,
}

impl Outlet for DiscordOutlet {
    fn platform(&self) -> &'static str {
        deliver::PLATFORM
    }

    /// Discord channel ids (threads included) are snowflakes: decimal numbers.
    fn owns(&self, channel: &ChannelId) -> bool {
        channel.0.parse::<u64>().is_ok()
    }

    fn post(&self, notice: Notice, once: Option<OnceKey>) -> BoxFuture<'_, ()> {
        Box::pin(post(self, vec![(notice, once)]))
    }
}

/// Posts each notice in its game's channel, in its server's language (the pictures are
/// drawn off the async threads); each message under its nonce when the notice has a key.
async fn post(outlet: &DiscordOutlet, notices: Vec<(Notice, Option<OnceKey>)>) {
    let mut servers = Vec::with_capacity(notices.len());
    for (n, _) in &notices {
        let lang = match n.channel.0.parse::<u64>() {
            Ok(id) => {
                let channel = serenity::ChannelId::new(id.max(1));
                (outlet.servers)
                    .of(channel, &outlet.cache, &outlet.http)
                    .await
            }
            Err(_) => None,
        };
        servers.push(lang);
    }
    let http = &outlet.http;
    let prepared = tokio::task::spawn_blocking(move || {
        notices
            .into_iter()
            .zip(servers)
            .map(|((n, once), guild)| {
                let locales = deliver::Locales { user: None, guild };
                (
                    n.channel.0.clone(),
                    deliver::prepare(&n.reply, None, locales),
                    Parts::new(once),
                )
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!(error = %e, "cannot prepare the scheduler's notices");
        Vec::new()
    });
    for (channel, prepared, parts) in prepared {
        for (user, message) in &prepared.direct {
            send_direct(http, *user, message, parts.next()).await;
        }
        let Some(public) = prepared.public else {
            continue;
        };
        let Ok(id) = channel.parse::<u64>() else {
            tracing::warn!(%channel, "a notice for a channel that is not a Discord channel");
            continue;
        };
        let channel = serenity::ChannelId::new(id.max(1));
        if let Err(e) = channel
            .send_message(http, once(deliver::channel_message(&public), parts.next()))
            .await
        {
            tracing::warn!(error = %e, %channel, "cannot post a notice");
        }
    }
}

/// `message` under `key` as its nonce, which Discord enforces: the same nonce again (the
/// notice posted once more after a crash) returns the first message instead of a new one.
fn once(message: serenity::CreateMessage, key: Option<OnceKey>) -> serenity::CreateMessage {
    match key {
        Some(k) => message
            .nonce(serenity::Nonce::String(k.as_str().to_string()))
            .enforce_nonce(true),
        None => message,
    }
}

/// Sends `message` to `user` in their direct messages with the bot (under `key`, as
/// [`once`] says).
async fn send_direct(
    http: &Arc<serenity::Http>,
    user: u64,
    message: &deliver::Outgoing,
    key: Option<OnceKey>,
) {
    let user = serenity::UserId::new(user.max(1));
    let sent = match user.create_dm_channel(http).await {
        Ok(dm) => dm
            .id
            .send_message(http, once(deliver::channel_message(message), key))
            .await
            .map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, %user, "cannot send a direct message");
    }
}

//! The background loop's notices on Discord (engine moves, reminders, timeouts): each
//! posted in its game's channel (the game's thread with `discord.threads`), pinging only
//! the player concerned, in the language of the channel's server.

use super::deliver;
use super::server_locales::ServerLocales;
use poise::serenity_prelude as serenity;
use skald_port::once_key::{OnceKey, Parts};
use skald_port::{BoxFuture, Outlet};
use skald_session::{ChannelId, Notice, Session};
use std::sync::Arc;

/// Posts notices through Discord's HTTP API.
pub struct DiscordOutlet {
    /// The bot's HTTP client.
    pub http: Arc<serenity::Http>,
    /// The gateway's cache (servers' preferred locales).
    pub cache: Arc<serenity::Cache>,
    /// Each channel's server language, as interactions told it.
    pub servers: Arc<ServerLocales>,
    /// The session, which keeps the channel of each game given a thread.
    pub session: Arc<Session>,
    /// `discord.threads`: a tournament round's games get threads of their own
    /// ([`super::game_threads`]).
    pub threads: bool,
    /// The answers a notice may edit (a review's progress), shared with the commands.
    pub progress: Arc<super::progress::Progress>,
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
/// With `discord.threads`, a round's new games first get their threads, where their
/// opening messages go ([`super::game_threads`]).
async fn post(outlet: &DiscordOutlet, notices: Vec<(Notice, Option<OnceKey>)>) {
    let mut ready = Vec::with_capacity(notices.len());
    for (mut n, once) in notices {
        let parts = Parts::new(once);
        let lang = match n.channel.0.parse::<u64>() {
            Ok(id) => {
                let channel = serenity::ChannelId::new(id.max(1));
                let lang = (outlet.servers)
                    .of(channel, &outlet.cache, &outlet.http)
                    .await;
                if outlet.threads && !n.reply.own_channels.is_empty() {
                    let threads = super::game_threads::Threads {
                        http: &outlet.http,
                        session: &outlet.session,
                        servers: &outlet.servers,
                    };
                    n.reply = threads.open(channel, lang, n.reply, &parts).await;
                }
                lang
            }
            Err(_) => None,
        };
        ready.push((n, parts, lang));
    }
    let http = &outlet.http;
    let prepared = tokio::task::spawn_blocking(move || {
        ready
            .into_iter()
            .map(|(n, parts, guild)| {
                let locales = deliver::Locales { user: None, guild };
                (
                    n.channel.0.clone(),
                    deliver::prepare(&n.reply, None, locales),
                    parts,
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
        if prepared.public.is_none() {
            continue;
        }
        let Ok(id) = channel.parse::<u64>() else {
            tracing::warn!(%channel, "a notice for a channel that is not a Discord channel");
            continue;
        };
        let channel = serenity::ChannelId::new(id.max(1));
        let mut messages = prepared.channel_messages();
        // A notice replacing an earlier message's text (a review's progress) edits it;
        // one this process does not know is posted, and later ones edit that.
        if let (Some(key), Some(first)) = (&prepared.replaces, prepared.public.as_ref()) {
            let key_part = parts.next();
            let kept = prepared.replaces_posted.map(|id| (channel.get(), id));
            if !super::progress::edit(http, &outlet.progress, key, kept, first).await {
                let Some(sent) = post_one(http, channel, first, key_part).await else {
                    continue;
                };
                super::progress::remember_message(&outlet.progress, key, &sent);
                keep_message(outlet, key, &sent).await;
            }
            messages.next();
        }
        let mut first = true;
        for part in messages {
            let Some(sent) = post_one(http, channel, part, parts.next()).await else {
                break;
            };
            if first && let Some(key) = &prepared.progress {
                super::progress::remember_message(&outlet.progress, key, &sent);
                keep_message(outlet, key, &sent).await;
            }
            first = false;
        }
    }
}

/// Tells the session the id of the message posted under the progress name `key`
/// ([`skald_port::progress::keep_posted`]).
async fn keep_message(outlet: &DiscordOutlet, key: &str, sent: &serenity::Message) {
    let channel = ChannelId(sent.channel_id.get().to_string());
    let handle = sent.id.get().to_string();
    skald_port::progress::keep_posted(&outlet.session, key, deliver::PLATFORM, channel, handle)
        .await;
}

/// Posts one message of a notice in `channel` under `key` (see [`deliver::once`]).
async fn post_one(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    part: &deliver::Outgoing,
    key: Option<OnceKey>,
) -> Option<serenity::Message> {
    match channel
        .send_message(http, deliver::once(deliver::channel_message(part), key))
        .await
    {
        Ok(sent) => Some(sent),
        Err(e) => {
            tracing::warn!(error = %e, %channel, "cannot post a notice");
            None
        }
    }
}

/// Sends `message` to `user` in their direct messages with the bot (under `key`, as
/// [`once`] says).
pub(super) async fn send_direct(
    http: &serenity::Http,
    user: u64,
    message: &deliver::Outgoing,
    key: Option<OnceKey>,
) {
    let user = serenity::UserId::new(user.max(1));
    let sent = match user.create_dm_channel(http).await {
        Ok(dm) => dm
            .id
            .send_message(http, deliver::once(deliver::channel_message(message), key))
            .await
            .map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, %user, "cannot send a direct message");
    }
}

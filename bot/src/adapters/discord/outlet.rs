//! The background loop's notices on Discord (engine moves, reminders, timeouts): each
//! posted in its game's channel (the game's thread with `discord.threads`), pinging only
//! the player concerned.

use super::deliver;
use crate::runtime::serve::{BoxFuture, Outlet};
use poise::serenity_prelude as serenity;
use skald_session::{ChannelId, Notice};
use std::sync::Arc;

/// Posts notices through Discord's HTTP API.
pub struct DiscordOutlet {
    /// The bot's HTTP client.
    pub http: Arc<serenity::Http>,
}

impl Outlet for DiscordOutlet {
    fn platform(&self) -> &'static str {
        deliver::PLATFORM
    }

    /// Discord channel ids (threads included) are snowflakes: decimal numbers.
    fn owns(&self, channel: &ChannelId) -> bool {
        channel.0.parse::<u64>().is_ok()
    }

    fn post(&self, notices: Vec<Notice>) -> BoxFuture<'_, ()> {
        Box::pin(post(&self.http, notices))
    }
}

/// Posts each notice in its game's channel (the pictures are drawn off the async threads).
async fn post(http: &Arc<serenity::Http>, notices: Vec<Notice>) {
    let prepared = tokio::task::spawn_blocking(move || {
        notices
            .into_iter()
            .map(|n| {
                (
                    n.channel.0.clone(),
                    deliver::prepare(&n.reply, None, deliver::Locales::default()),
                )
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!(error = %e, "cannot prepare the scheduler's notices");
        Vec::new()
    });
    for (channel, prepared) in prepared {
        let Some(public) = prepared.public else {
            continue;
        };
        let Ok(id) = channel.parse::<u64>() else {
            tracing::warn!(%channel, "a notice for a channel that is not a Discord channel");
            continue;
        };
        let channel = serenity::ChannelId::new(id.max(1));
        if let Err(e) = channel
            .send_message(http, deliver::channel_message(&public))
            .await
        {
            tracing::warn!(error = %e, %channel, "cannot post a notice");
        }
    }
}

//! The scheduler on Discord: the shared background loop ([`crate::runtime::scheduler`]: engine
//! moves, reminders, timeouts) posting its notices to the games' channels (the game's thread
//! with `discord.threads`), pinging only the player concerned.

use super::deliver;
use crate::runtime::fake_time::AdapterClock;
use poise::serenity_prelude as serenity;
use skald_session::{Notice, Session};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep between looks at the deadline queue (also the heartbeat period).
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs forever: engine moves, tick, post, sleep (until the deadline or `engine` is notified).
pub async fn run(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    http: Arc<serenity::Http>,
    engine: Arc<Notify>,
) {
    let post = move |notices: Vec<Notice>| {
        let http = http.clone();
        async move { post(&http, notices).await }
    };
    crate::runtime::scheduler::run(session, clock, engine, MAX_SLEEP, post).await;
}

/// Posts each notice in its game's channel (the pictures are drawn off the async threads).
async fn post(http: &Arc<serenity::Http>, notices: Vec<Notice>) {
    let prepared = tokio::task::spawn_blocking(move || {
        notices
            .into_iter()
            .map(|n| (n.channel.0.clone(), deliver::prepare(&n.reply, None)))
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

//! The scheduler on Discord: sleeps until the session's next deadline (at most a minute),
//! ticks, and posts the notices (reminders, timeouts) to the games' channels (the game's
//! thread with `discord.threads`), pinging only the player concerned. On a fake clock
//! (`[clock] fake = true`) it looks at the clock file four times a second instead.

use super::deliver;
use crate::fake_time::AdapterClock;
use crate::session::Session;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// The longest sleep between looks at the deadline queue (also the heartbeat period).
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs forever: tick, post, sleep.
pub async fn run(session: Arc<Session>, clock: Arc<AdapterClock>, http: Arc<serenity::Http>) {
    let mut first = true;
    loop {
        // On the fake clock nothing falls due unless the file moved time (or at start).
        let moved = clock.refresh();
        if first || moved || !clock.is_fake() {
            first = false;
            post_due(&session, &clock, &http).await;
        }
        let wait = clock.sleep_until(session.next_wakeup(), MAX_SLEEP);
        tokio::time::sleep(wait).await;
    }
}

/// Ticks the session and posts each notice in its game's channel.
async fn post_due(session: &Arc<Session>, clock: &AdapterClock, http: &Arc<serenity::Http>) {
    let s = session.clone();
    let now = clock.now();
    let notices = tokio::task::spawn_blocking(move || {
        s.tick(now)
            .into_iter()
            .map(|n| (n.channel.0.clone(), deliver::prepare(&n.reply, None)))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!(error = %e, "the scheduler's tick failed");
        Vec::new()
    });
    for (channel, prepared) in notices {
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

//! The scheduler on Discord: sleeps until the session's next deadline (at most a minute),
//! ticks, and posts the notices (reminders, timeouts) to the games' channels, pinging only
//! the player concerned.

use super::deliver;
use crate::session::Session;
use crate::session::clock::{Clock, SystemClock};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// The longest sleep between looks at the deadline queue (also the heartbeat period).
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs forever: tick, post, sleep.
pub async fn run(session: Arc<Session>, http: Arc<serenity::Http>) {
    loop {
        let s = session.clone();
        let notices = tokio::task::spawn_blocking(move || {
            let now = SystemClock.now();
            s.heartbeat(now);
            s.tick(now)
                .into_iter()
                .map(|n| (n.channel.0.clone(), deliver::prepare(&n.reply, None)))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
        for (channel, prepared) in notices {
            let (Some(public), Ok(id)) = (prepared.public, channel.parse::<u64>()) else {
                continue;
            };
            let channel = serenity::ChannelId::new(id.max(1));
            if let Err(e) = channel
                .send_message(&http, deliver::channel_message(&public))
                .await
            {
                tracing::warn!(error = %e, %channel, "cannot post a notice");
            }
        }
        let wait = session.next_wakeup().map_or(MAX_SLEEP, |at| {
            let secs = at
                .since(SystemClock.now())
                .clamp(1, MAX_SLEEP.as_secs() as i64);
            Duration::from_secs(secs as u64)
        });
        tokio::time::sleep(wait).await;
    }
}

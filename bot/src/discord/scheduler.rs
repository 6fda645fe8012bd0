//! The scheduler on Discord: plays the built-in engine's pending moves
//! ([`crate::engine_driver`]), ticks, and posts the notices (engine moves, reminders,
//! timeouts) to the games' channels, pinging only the player concerned. Sleeps until the
//! session's next deadline (at most a minute), or until woken after an answered command (which
//! may have handed the engine a turn); its first round at start-up resumes any engine turn
//! left before a restart.

use super::deliver;
use crate::engine_driver::Driver;
use crate::session::Session;
use crate::session::clock::{Clock, SystemClock};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep between looks at the deadline queue (also the heartbeat period).
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs forever: engine moves, tick, post, sleep (until the deadline or `engine` is notified).
pub async fn run(session: Arc<Session>, http: Arc<serenity::Http>, engine: Arc<Notify>) {
    let mut driver = Some(Driver::new());
    loop {
        let s = session.clone();
        let mut d = driver.take().unwrap_or_default();
        let round = tokio::task::spawn_blocking(move || {
            // The engine thinks here, on a blocking thread (each search on its own worker).
            let mut notices = d.play_pending(&s);
            let now = SystemClock.now();
            s.heartbeat(now);
            notices.extend(s.tick(now));
            let notices = notices
                .into_iter()
                .map(|n| (n.channel.0.clone(), deliver::prepare(&n.reply, None)))
                .collect::<Vec<_>>();
            (d, notices)
        })
        .await;
        let notices = match round {
            Ok((d, notices)) => {
                driver = Some(d);
                notices
            }
            Err(e) => {
                tracing::error!(error = %e, "the scheduler's round failed");
                Vec::new()
            }
        };
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
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = engine.notified() => {}
        }
    }
}

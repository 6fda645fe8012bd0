//! Empty threads left behind by a crash, removed at start-up. With `discord.threads` a thread
//! is made first and the challenge made (or the tournament game moved) there next
//! ([`super::commands`], [`super::game_threads`]); a process that dies between the two leaves
//! a thread holding nothing, and the next attempt makes another. At every start (READY) the
//! bot lists each server's active threads and deletes those that are its own, hold no
//! message, are older than [`GRACE`], and in which the session keeps no challenge or game
//! ([`Session::channel_in_use`]); without *Manage Threads* it archives and locks them
//! instead. The grace leaves alone a thread another process is making right now (the two
//! steps take a few requests, well under a second).
//!
//! For tests only: with `SKALD_TEST_DIE_AFTER_THREAD` set in its environment, the process
//! exits right after making a thread and before using it ([`die_here_if_asked`]), the crash
//! this module cleans up after.

use poise::serenity_prelude as serenity;
use skald_session::{ChannelId, Session};
use std::sync::Arc;

/// How old an empty thread of the bot's must be before it is taken for a crash's leftover,
/// in seconds.
pub const GRACE: i64 = 10 * 60;

/// The environment variable that makes the process exit right after making a thread (tests
/// of the crash this module cleans up after; never set in real use).
pub const DIE_AFTER_THREAD: &str = "SKALD_TEST_DIE_AFTER_THREAD";

/// Exits the process when [`DIE_AFTER_THREAD`] is set: called between making a thread and
/// moving its game or challenge there, it is the crash the sweep recovers from.
pub fn die_here_if_asked() {
    if std::env::var_os(DIE_AFTER_THREAD).is_some() {
        tracing::warn!("{DIE_AFTER_THREAD} is set: exiting right after making a thread");
        std::process::exit(86);
    }
}

/// Removes the bot's empty, unused threads in `guilds` (see the module's comment); logs what
/// it did and what it could not.
pub async fn sweep(
    http: Arc<serenity::Http>,
    session: Arc<Session>,
    bot: serenity::UserId,
    guilds: Vec<serenity::GuildId>,
) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    for guild in guilds {
        let threads = match guild.get_active_threads(&http).await {
            Ok(t) => t.threads,
            Err(e) => {
                tracing::warn!(%guild, error = %e, "cannot list the server's threads to remove empty ones");
                continue;
            }
        };
        for thread in threads.into_iter().filter(|t| left_behind(t, bot, now)) {
            let session = session.clone();
            let channel = ChannelId(thread.id.to_string());
            let used = tokio::task::spawn_blocking(move || session.channel_in_use(&channel)).await;
            match used {
                Ok(Ok(false)) => remove(&http, &thread).await,
                Ok(Ok(true)) => {}
                Ok(Err(e)) => {
                    tracing::warn!(thread = %thread.id, error = %e, "cannot tell whether an empty thread is in use; kept");
                }
                Err(e) => {
                    tracing::warn!(thread = %thread.id, error = %e, "cannot tell whether an empty thread is in use; kept");
                }
            }
        }
    }
}

/// Whether `thread` looks like a crash's leftover: the bot's own, without a message, made at
/// least [`GRACE`] before `now` (Unix seconds).
pub fn left_behind(thread: &serenity::GuildChannel, bot: serenity::UserId, now: i64) -> bool {
    let made = thread.id.created_at().unix_timestamp();
    thread.owner_id == Some(bot)
        && thread.last_message_id.is_none()
        && thread.message_count.unwrap_or(0) == 0
        && now.saturating_sub(made) >= GRACE
}

/// Deletes `thread`, or archives and locks it when deleting is not allowed.
async fn remove(http: &serenity::Http, thread: &serenity::GuildChannel) {
    match thread.id.delete(http).await {
        Ok(_) => {
            tracing::info!(thread = %thread.id, "deleted an empty thread a crash left behind");
        }
        Err(e) => {
            tracing::warn!(thread = %thread.id, error = %e, "cannot delete an empty thread a crash left behind; archiving it");
            let archived = thread
                .id
                .edit_thread(
                    http,
                    serenity::EditThread::new().archived(true).locked(true),
                )
                .await;
            if let Err(e) = archived {
                tracing::warn!(thread = %thread.id, error = %e, "cannot archive an empty thread a crash left behind");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: u64 = 900_000_000_000_000_001;

    /// A thread as Discord lists it, made at `made` (Unix seconds: the id says when).
    fn thread(made: i64, owner: u64, messages: u32) -> serenity::GuildChannel {
        let ms = u64::try_from(made * 1000 - 1_420_070_400_000).unwrap_or(0);
        let id = ms << 22;
        let last = (messages > 0).then(|| (id + 1).to_string());
        serde_json::from_value(serde_json::json!({
            "id": id.to_string(), "type": 11, "guild_id": "1", "parent_id": "2",
            "name": "Hnefatafl 11x11 – alice", "owner_id": owner.to_string(),
            "last_message_id": last, "message_count": messages,
            "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "locked": false}
        }))
        .expect("a thread")
    }

    #[test]
    fn only_the_bots_own_empty_threads_past_the_grace_are_left_behind() {
        let now = 1_800_000_000;
        let bot = serenity::UserId::new(BOT);
        assert!(left_behind(&thread(now - GRACE, BOT, 0), bot, now));
        // Being made right now by another process: not yet.
        assert!(!left_behind(&thread(now - GRACE + 5, BOT, 0), bot, now));
        // Someone else's thread, or one with a message, is never touched.
        assert!(!left_behind(&thread(now - 3 * GRACE, 42, 0), bot, now));
        assert!(!left_behind(&thread(now - 3 * GRACE, BOT, 1), bot, now));
    }
}

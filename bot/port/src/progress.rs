//! The messages a later notice edits (`Reply::progress` and `Reply::replaces`, a review's
//! progress): each adapter remembers, under the reply's progress name, how to reach the
//! message it posted for it (Discord: the interaction's token and the message's id; Matrix:
//! the room and the event's id), so the notice saying "50% done" edits that message instead
//! of posting a new one. The answer to a command and the background loop's notice are
//! delivered by different code (the command's handler, the outlet): both hold the same
//! [`Sent`] of their adapter.
//!
//! Kept in memory only, and bounded: a name is forgotten [`KEEP_FOR`] after it was last
//! used, and beyond [`MOST`] names the least recently used go first. A name forgotten (or
//! never known: the process restarted since the answer) makes the adapter post the edit
//! as a new message, which loses nothing a reader needs.

use skald_session::{ChannelId, Session};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a name is kept after it was last used: a day and an hour, so a daily
/// puzzle's post is edited with its solvers all day long (a review's progress takes
/// minutes).
pub const KEEP_FOR: Duration = Duration::from_secs(25 * 60 * 60);

/// The most names kept at once: far more reviews and daily posts than a day makes.
pub const MOST: usize = 500;

/// One remembered message.
#[derive(Clone, Debug)]
struct Entry<T> {
    /// How to reach it (the adapter's own).
    value: T,
    /// When it was posted: Discord's interaction token works for 15 minutes from then.
    posted: Instant,
    /// When it was last remembered or found: what [`KEEP_FOR`] counts from.
    used: Instant,
}

/// The messages an adapter posted under a progress name, as `T` (how that adapter edits
/// one). Shared (`Arc<Sent<T>>`) between the adapter's answers and its outlet.
#[derive(Debug)]
pub struct Sent<T> {
    entries: Mutex<HashMap<String, Entry<T>>>,
}

impl<T> Default for Sent<T> {
    fn default() -> Self {
        Sent {
            entries: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> Sent<T> {
    /// Remembers that the message for progress name `key` is reached by `value`, posted
    /// `now`; the oldest names are forgotten beyond the bounds.
    pub fn remember(&self, key: &str, value: T, now: Instant) {
        let mut entries = self.lock();
        forget_old(&mut entries, now);
        entries.insert(
            key.to_string(),
            Entry {
                value,
                posted: now,
                used: now,
            },
        );
        while entries.len() > MOST {
            let Some(oldest) = entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            entries.remove(&oldest);
        }
    }

    /// The message remembered under `key` with when it was posted, if it is still kept:
    /// finding it counts as a use.
    pub fn find(&self, key: &str, now: Instant) -> Option<(T, Instant)> {
        let mut entries = self.lock();
        forget_old(&mut entries, now);
        let entry = entries.get_mut(key)?;
        entry.used = now;
        Some((entry.value.clone(), entry.posted))
    }

    /// Replaces what is remembered under `key` (an edit told the message's id), keeping
    /// when it was posted; nothing when `key` is not kept.
    pub fn update(&self, key: &str, value: T, now: Instant) {
        if let Some(entry) = self.lock().get_mut(key) {
            entry.value = value;
            entry.used = now;
        }
    }

    /// How many names are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no name is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The map, even if a thread panicked holding it (its entries stay consistent: every
    /// change is one insert or removal).
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry<T>>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Tells the session how `platform`'s adapter reaches the message it posted under the
/// progress name `key` in `channel` (`handle`: Discord's message id, Matrix's event id),
/// off the async threads. The session keeps it for a daily puzzle's post
/// ([`Session::message_posted`]), so another process, or this one after a restart, edits
/// that message instead of posting a new one; a failure is logged.
pub async fn keep_posted(
    session: &Arc<Session>,
    key: &str,
    platform: &'static str,
    channel: ChannelId,
    handle: String,
) {
    let session = session.clone();
    let key = key.to_string();
    let kept = tokio::task::spawn_blocking(move || {
        session.message_posted(&key, platform, &channel, &handle)
    })
    .await;
    if let Err(e) = kept {
        tracing::warn!(error = %e, platform, "cannot keep a posted message's id");
    }
}

/// Forgets the names not used for [`KEEP_FOR`].
fn forget_old<T>(entries: &mut HashMap<String, Entry<T>>, now: Instant) {
    entries.retain(|_, e| now.saturating_duration_since(e.used) < KEEP_FOR);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_until_an_hour_without_use_then_forgotten() {
        let sent = Sent::default();
        let t0 = Instant::now();
        sent.remember("review:1:0", 41u64, t0);
        assert_eq!(sent.find("review:1:0", t0), Some((41, t0)));
        assert_eq!(sent.find("review:2:0", t0), None);
        // Each use keeps it another hour; when it was posted does not change.
        let later = t0 + Duration::from_secs(50 * 60);
        assert_eq!(sent.find("review:1:0", later), Some((41, t0)));
        sent.update("review:1:0", 42, later);
        let still = later + Duration::from_secs(50 * 60);
        assert_eq!(sent.find("review:1:0", still), Some((42, t0)));
        assert_eq!(sent.find("review:1:0", still + KEEP_FOR), None);
        assert!(sent.is_empty());
        // Updating a name not kept remembers nothing.
        sent.update("review:1:0", 43, still);
        assert!(sent.is_empty());
    }

    #[test]
    fn beyond_the_bound_the_least_recently_used_names_go_first() {
        let sent = Sent::default();
        let t0 = Instant::now();
        for i in 0..MOST {
            sent.remember(
                &format!("review:{i}:0"),
                i,
                t0 + Duration::from_millis(i as u64),
            );
        }
        let now = t0 + Duration::from_secs(1);
        // The first is used again: the second is now the least recently used.
        assert!(sent.find("review:0:0", now).is_some());
        sent.remember("review:new:0", 0, now);
        assert_eq!(sent.len(), MOST);
        assert!(sent.find("review:0:0", now).is_some());
        assert!(sent.find("review:1:0", now).is_none());
        assert!(sent.find("review:new:0", now).is_some());
    }
}

//! A notice's idempotency key, so a notice posted twice shows once.
//!
//! The poster strikes a notice from the outbox only after its adapter posted it; a process
//! killed in between leaves the notice to be posted again when its claim runs out
//! (docs/DEPLOY.md, "What a kill can repeat or lose"). Both chat platforms can tell such a
//! repeat from a new message when it carries the same key as the first attempt: Discord's
//! message `nonce` with `enforce_nonce` (the same author and nonce within a few minutes
//! returns the first message instead of making a new one), Matrix's transaction id (a
//! homeserver answers a send repeated by the same device with the same id with the first
//! event). The key is made of the notice's outbox number, which no other notice has, and
//! the message's place among those the notice becomes, which does not depend on timing.

/// The outbox number of the notice being posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnceKey {
    /// `s<outbox number>`, then `.<part>` for each level of [`OnceKey::part`].
    prefix: String,
}

impl OnceKey {
    /// The key of the notice stored under outbox number `outbox`.
    pub fn of(outbox: u64) -> OnceKey {
        OnceKey {
            prefix: format!("s{outbox}"),
        }
    }

    /// The key of the `index`-th message (or group of messages) the notice becomes:
    /// `s41.0`, `s41.1`, `s41.2.0`...
    pub fn part(&self, index: usize) -> OnceKey {
        OnceKey {
            prefix: format!("{}.{index}", self.prefix),
        }
    }

    /// The key as text: the Discord nonce (at most 25 characters: an outbox number below
    /// 10^18 and parts below 100 leave room) or the Matrix transaction id.
    pub fn as_str(&self) -> &str {
        &self.prefix
    }
}

/// Hands out one key after another for the messages of one notice, in the order the
/// adapter posts them; none at all for a message that is not from the outbox (an answer).
#[derive(Debug, Default)]
pub struct Parts {
    /// The notice's key, if it has one.
    key: Option<OnceKey>,
    /// The next message's index.
    next: std::sync::atomic::AtomicUsize,
}

impl Parts {
    /// Keys under `key` (none if `None`).
    pub fn new(key: Option<OnceKey>) -> Parts {
        Parts {
            key,
            next: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// The next message's key.
    pub fn next(&self) -> Option<OnceKey> {
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.key.as_ref().map(|k| k.part(i))
    }

    /// Keys for a group of messages posted apart (a private part, sent once its reader
    /// joins): numbered under the group's own key, so their keys do not depend on what is
    /// posted meanwhile.
    pub fn group(&self) -> Parts {
        Parts::new(self.next())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_notice_posted_twice_gets_the_same_keys_and_another_notice_others() {
        let keys = |outbox| {
            let parts = Parts::new(Some(OnceKey::of(outbox)));
            let first = parts.next();
            let private = parts.group();
            let later = parts.next();
            let in_private = private.next();
            [first, later, in_private]
                .into_iter()
                .map(|k| k.map(|k| k.as_str().to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(keys(41), keys(41));
        assert_eq!(
            keys(41),
            [Some("s41.0"), Some("s41.2"), Some("s41.1.0")].map(|k| k.map(String::from))
        );
        assert!(keys(41).iter().all(|k| !keys(42).contains(k)));
        assert_eq!(Parts::new(None).next(), None);
    }

    #[test]
    fn a_key_fits_a_discord_nonce() {
        let k = OnceKey::of(999_999_999_999_999_999).part(99).part(99);
        assert!(k.as_str().len() <= 25, "{}", k.as_str());
    }
}

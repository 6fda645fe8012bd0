//! Limits that keep one user from flooding the bot: a per-user command rate (a token bucket
//! on the session's clock), the most active games and open challenges a user may have, and
//! the longest line read as a command. Refusals say what the limit is and when to retry,
//! and change nothing.
//!
//! The rate-limit state lives in memory only: a restart forgets it, which costs nothing
//! (a restart takes longer than the window) and keeps the store free of per-message writes.

use super::clock::Timestamp;
use super::identity::{User, UserId};
use super::{Cx, Failure};
use std::collections::HashMap;
use std::sync::Mutex;

/// The operator's limits (`[limits]` in `config.toml`); 0 turns a limit off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Commands one user may send within [`Limits::rate_seconds`] (0: no rate limit).
    pub rate_commands: u32,
    /// The window of the rate limit, in seconds.
    pub rate_seconds: u32,
    /// Active games one user may play at once (0: no limit).
    pub max_active_games: u32,
    /// Challenges one user may have waiting for an answer at once (0: no limit).
    pub max_open_challenges: u32,
    /// The longest line (in characters) read as a command (0: no limit).
    pub max_input_chars: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rate_commands: 20,
            rate_seconds: 60,
            max_active_games: 30,
            max_open_challenges: 10,
            max_input_chars: 500,
        }
    }
}

/// One user's bucket as of `at`. Counted in whole units so no rounding creeps in: a
/// command costs `rate_seconds` units, the bucket holds `rate_commands * rate_seconds`, and
/// it refills by `rate_commands` units a second.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    units: i64,
    at: Timestamp,
}

/// Buckets kept before full ones (users quiet for a whole window) are forgotten.
const BUCKETS_KEPT: usize = 10_000;

/// The per-user token buckets of the command rate limit (in memory).
#[derive(Debug, Default)]
pub(super) struct RateLimiter {
    buckets: Mutex<HashMap<UserId, Bucket>>,
}

impl RateLimiter {
    /// Takes one command from `user`'s bucket at `now`: `Ok` when allowed, else the whole
    /// seconds to wait until the next command is allowed.
    pub(super) fn admit(&self, limits: &Limits, user: &UserId, now: Timestamp) -> Result<(), i64> {
        if limits.rate_commands == 0 || limits.rate_seconds == 0 {
            return Ok(());
        }
        let per_sec = i64::from(limits.rate_commands);
        let cost = i64::from(limits.rate_seconds);
        let capacity = per_sec * cost;
        let refill = |b: &Bucket| {
            // A clock that went back refills nothing.
            let elapsed = now.since(b.at).max(0);
            b.units
                .saturating_add(elapsed.saturating_mul(per_sec))
                .min(capacity)
        };
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= BUCKETS_KEPT {
            buckets.retain(|_, b| refill(b) < capacity);
        }
        let bucket = buckets.entry(user.clone()).or_insert(Bucket {
            units: capacity,
            at: now,
        });
        let units = refill(bucket);
        if units >= cost {
            *bucket = Bucket {
                units: units - cost,
                at: now,
            };
            Ok(())
        } else {
            // A refusal takes nothing from the bucket.
            Err((cost - units + per_sec - 1) / per_sec)
        }
    }
}

/// The refusal of a command over the rate limit.
pub(super) fn rate_refusal(limits: &Limits, wait_secs: i64) -> crate::Text {
    crate::t!(
        "limit-rate",
        commands = limits.rate_commands,
        seconds = limits.rate_seconds,
        wait = wait_secs
    )
}

/// The refusal of a line longer than the limit (checked before it is parsed).
pub(super) fn length_refusal(limits: &Limits) -> crate::Text {
    crate::t!("limit-length", max = limits.max_input_chars)
}

/// Whether `line` is longer than the limit, counting characters without reading further.
pub(super) fn too_long(limits: &Limits, line: &str) -> bool {
    let max = limits.max_input_chars as usize;
    max > 0 && line.chars().nth(max).is_some()
}

impl Cx {
    /// How many active games `user` plays (the built-in engine counts none: it plays
    /// everyone who asks, and each human's own limit still applies).
    fn active_games(&self, user: &UserId) -> Result<usize, Failure> {
        if super::engine::is_engine(user) {
            return Ok(0);
        }
        Ok(self
            .store
            .user_games(user)?
            .into_iter()
            .filter(|(_, active)| *active)
            .count())
    }

    /// Refuses a new challenge (or rematch offer) by `user` who already has the most open
    /// challenges or active games allowed. A soft limit: checked before the command, so two
    /// challenges sent at the same instant may pass it by one.
    pub(super) fn check_can_challenge(&self, user: &User) -> Result<(), Failure> {
        let limits = &self.config.limits;
        let max = limits.max_open_challenges as usize;
        if max > 0 {
            let open = self
                .store
                .challenges()?
                .into_iter()
                .filter(|c| c.doc.challenger.id == user.id)
                .count();
            if open >= max {
                return Err(Failure::Refused(crate::t!(
                    "limit-challenges",
                    open = open,
                    max = max
                )));
            }
        }
        let max = limits.max_active_games as usize;
        if max > 0 {
            let active = self.active_games(&user.id)?;
            if active >= max {
                return Err(Failure::Refused(crate::t!(
                    "limit-games-challenge",
                    active = active,
                    max = max
                )));
            }
        }
        Ok(())
    }

    /// Refuses to start a game when the accepting `speaker` or the `challenger` already
    /// plays the most active games allowed; the challenge stays.
    pub(super) fn check_can_start(
        &self,
        speaker: &User,
        challenger: &User,
        challenge: u64,
    ) -> Result<(), Failure> {
        let max = self.config.limits.max_active_games as usize;
        if max == 0 {
            return Ok(());
        }
        let active = self.active_games(&speaker.id)?;
        if active >= max {
            return Err(Failure::Refused(crate::t!(
                "limit-games-accept",
                active = active,
                max = max,
                challenge = challenge
            )));
        }
        let active = self.active_games(&challenger.id)?;
        if active >= max {
            return Err(Failure::Refused(crate::t!(
                "limit-games-challenger",
                challenger = &challenger.name,
                active = active,
                max = max,
                challenge = challenge
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_a_burst_then_refills_with_time() {
        let limits = Limits {
            rate_commands: 3,
            rate_seconds: 30,
            ..Limits::default()
        };
        let r = RateLimiter::default();
        let alice = UserId::new("console", "alice");
        let bob = UserId::new("console", "bob");
        let t = Timestamp(1000);
        for _ in 0..3 {
            assert_eq!(r.admit(&limits, &alice, t), Ok(()));
        }
        // One command every 10 seconds comes back.
        assert_eq!(r.admit(&limits, &alice, t), Err(10));
        assert_eq!(r.admit(&limits, &alice, t.plus(4)), Err(6));
        assert_eq!(r.admit(&limits, &bob, t), Ok(()), "buckets are per user");
        assert_eq!(r.admit(&limits, &alice, t.plus(10)), Ok(()));
        assert_eq!(r.admit(&limits, &alice, t.plus(10)), Err(10));
        // A long pause refills the bucket to its size, no more.
        for _ in 0..3 {
            assert_eq!(r.admit(&limits, &alice, t.plus(1000)), Ok(()));
        }
        assert!(r.admit(&limits, &alice, t.plus(1000)).is_err());
        let off = Limits {
            rate_commands: 0,
            ..limits
        };
        assert_eq!(r.admit(&off, &alice, t.plus(1000)), Ok(()));
    }

    #[test]
    fn length_counts_characters_not_bytes() {
        let limits = Limits {
            max_input_chars: 3,
            ..Limits::default()
        };
        assert!(!too_long(&limits, "øøø"));
        assert!(too_long(&limits, "abcd"));
        let off = Limits {
            max_input_chars: 0,
            ..limits
        };
        assert!(!too_long(&off, &"x".repeat(100_000)));
    }
}

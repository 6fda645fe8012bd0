//! A player's daily digest setting as stored on their user document (the session's
//! `digest` module writes and sends digests).

use crate::clock::Timestamp;
use crate::identity::{ChannelId, User};
use serde::{Deserialize, Serialize};

/// A player's digest: when it comes, and the next instant it is due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestSetting {
    /// Hour and minute of the day, in `zone`.
    pub at: (u8, u8),
    /// An IANA time zone name (`Europe/Paris`, `UTC`).
    pub zone: String,
    /// The next time it is due (UTC).
    pub next: Timestamp,
    /// Where the player asked for it: its platform's adapter delivers it, privately.
    pub channel: ChannelId,
    /// The account that asked for it (a linked account reads it on its own platform).
    pub reader: User,
}

//! A community's puzzles as stored (the `puzzle_rooms` documents, one per community): its
//! daily puzzle, the puzzles mined from its own games, how its players rated its puzzles,
//! and who is on its puzzle ladder.

use super::{Puzzle, PuzzleId};
use crate::clock::Timestamp;
use crate::identity::{ChannelId, CommunityId, User, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One community's puzzle document. Written with compare-and-swap on [`PuzzleRoom::version`]
/// as tournaments are, so two processes posting the same day's puzzle cannot both apply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRoom {
    /// The community (its ladder scope): the document's key.
    pub community: CommunityId,
    /// Set by the store: one more than the version read, 1 when new.
    #[serde(default)]
    pub version: u64,
    /// The daily puzzle, when the community turned it on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailySetting>,
    /// When the next daily post is due (UTC): the store's index of due daily puzzles reads
    /// it, so the background work wakes for it. `None` when the daily puzzle is off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_post: Option<Timestamp>,
    /// The daily puzzles posted, the newest last (a few kept: today's and yesterday's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posted: Vec<DailyPost>,
    /// Puzzles mined from this community's finished games, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mined: Vec<Puzzle>,
    /// Each puzzle's rating as this community's solvers moved it (Glicko-2); a puzzle not
    /// listed has its file's starting rating.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ratings: BTreeMap<PuzzleId, PuzzleRating>,
    /// The players who solved or failed a puzzle asked for in this community: its puzzle
    /// ladder lists them.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub solvers: BTreeSet<UserId>,
}

/// A Glicko-2 rating as stored (the puzzle's or a player's).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

/// When and where a community's daily puzzle is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailySetting {
    /// Hour and minute of the day, in `zone`.
    pub at: (u8, u8),
    /// An IANA time zone name (`Europe/Paris`, `UTC`).
    pub zone: String,
    /// Where it is posted, per platform (the community's post channels).
    pub channels: Vec<(String, ChannelId)>,
}

/// One day's puzzle as posted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyPost {
    /// The day, in the setting's zone (`2026-11-29`).
    pub day: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Who solved it, in the order they did (with the names to list).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solved_by: Vec<User>,
    /// The messages that posted it, as each adapter told the session it reached them
    /// ([`PostedMessage`]): kept here, so that a solver's edit of the post is an edit
    /// whichever process handles it, after a restart too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<PostedMessage>,
}

/// A message an adapter posted in one channel, and how it reaches it again to edit it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostedMessage {
    /// The platform that posted it (`discord`, `matrix`).
    pub platform: String,
    /// The channel it is in.
    pub channel: ChannelId,
    /// The adapter's own handle on it (Discord: the message's id; Matrix: the event's id):
    /// opaque to everything but that adapter.
    pub handle: String,
}

impl DailyPost {
    /// The handle of the message that posted it in `channel` of `platform`, if an adapter
    /// told one.
    pub fn message_in(&self, platform: &str, channel: &ChannelId) -> Option<&str> {
        self.messages
            .iter()
            .find(|m| m.platform == platform && m.channel == *channel)
            .map(|m| m.handle.as_str())
    }

    /// Records (or replaces) the handle of the message in `channel` of `platform`; `false`
    /// when it was already the one recorded (nothing to write).
    pub fn remember_message(&mut self, platform: &str, channel: &ChannelId, handle: &str) -> bool {
        if self.message_in(platform, channel) == Some(handle) {
            return false;
        }
        self.messages
            .retain(|m| !(m.platform == platform && m.channel == *channel));
        self.messages.push(PostedMessage {
            platform: platform.to_string(),
            channel: channel.clone(),
            handle: handle.to_string(),
        });
        true
    }
}

impl PuzzleRoom {
    /// A community's empty document, before anything about its puzzles is stored.
    pub fn new(community: CommunityId) -> PuzzleRoom {
        PuzzleRoom {
            community,
            version: 0,
            daily: None,
            next_post: None,
            posted: Vec::new(),
            mined: Vec::new(),
            ratings: BTreeMap::new(),
            solvers: BTreeSet::new(),
        }
    }
}

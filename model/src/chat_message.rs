//! A chat message the bot handled, as stored by its platform's id: what makes a command run
//! once although a platform may deliver it again, edit it, or deliver it late (the rules
//! are the session's `chat_message` module).

use crate::clock::Timestamp;
use crate::identity::UserId;
use crate::reply::{Reply, ReplyKind};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A chat message as its platform delivered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's id, unique across platforms (`matrix:$event`).
    pub id: String,
    /// For an edit: the id of the message it corrects, whose answer counts.
    pub edits: Option<String>,
    /// For an edit: how long ago the message it corrects was sent, when the platform could
    /// say (`None`: not an edit, or unknown). Records of handled messages are kept for a
    /// limited time, so an edit of an old message without a record is not run: it may
    /// have been run before its record was forgotten.
    pub original_age: Option<Duration>,
    /// How long ago it was sent, by the platform's timestamp and the real clock.
    pub age: Duration,
    /// The oldest a command may be and still run.
    pub max_age: Duration,
}

/// What became of a handled message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The command was carried out (or only read something).
    Done,
    /// The command was refused (or lost a race, or the store failed): nothing changed.
    Refused,
    /// The command was too old to run.
    NotRun,
}

/// The stored record of one handled message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handled {
    /// Who sent it.
    pub by: UserId,
    /// What became of it.
    pub outcome: Outcome,
    /// When it was handled (the session's clock).
    pub at: Timestamp,
}

impl Outcome {
    /// What a reply says became of its command.
    pub fn of(reply: &Reply) -> Outcome {
        match reply.kind {
            ReplyKind::Done => Outcome::Done,
            ReplyKind::Refused | ReplyKind::Conflict | ReplyKind::Failed => Outcome::Refused,
        }
    }
}

//! A [`Notice`] as the store keeps it: several `skald` processes share one database (a
//! Discord process, a Matrix process, engine workers), and a notice must be posted by the
//! process owning its channel's platform, so the process that makes one writes it into an
//! outbox in the same transaction as the change it tells of, and the owner reads it back,
//! posts it and deletes it. Reading it back must give exactly the notice that was written.
//!
//! The form is JSON, `{"format":1,"notice":{…}}` (`"format":2` when a reply holds
//! [`Reply::own_channels`], `3` when it holds copies for other homes, see [`NOTICE_FORMAT`]):
//!
//! - the notice's platform ([`Notice::platform`]) is not in it: the outbox entry holding the
//!   stored notice has its own `platform` column (which decides which process takes it), so
//!   the stored form keeps the one place it is written, and every notice stored before the
//!   platform was typed data reads as it is. [`Notice::from_stored`] is handed the entry's
//!   platform. A copy for another home inside the reply ([`Reply::elsewhere`]) has no
//!   entry of its own and writes its platform in the form (format 3); the outbox never
//!   holds such copies in practice (they belong to a command's answer, which is posted
//!   at once), and a copy read from an older format has none (empty);
//! - every field by its name, empty lists and absent options left out; a field this release
//!   does not know is an error (a change of form is a new [`NOTICE_FORMAT`], never a field
//!   silently dropped);
//! - a board's position in full, as the game documents keep it (`Position`'s serde form: its
//!   rule set and its [`skald_rules::Viewer::Final`] notation, read back with
//!   `Position::from_notation`), and its viewer as it is, which decides what is drawn;
//! - a choice's command as its button code (`"1:accept:4"`, [`crate::command::encode`]):
//!   a choice *is* a button, that code is what Discord carries in it, it is already versioned
//!   (`1:`) and must keep decoding for as long as old messages keep their buttons, and it is
//!   derived from the one definition of each command (`command::COMMANDS`), so there is one
//!   encoding of a command to keep stable, not two. A command whose code does not read back
//!   to exactly the same command is refused when the notice is written;
//! - a file as what it is made from: a record's JSON lines as text, a replay as its record,
//!   viewer and names (the GIF is drawn when posted).
//!
//! Errors never quote the stored bytes: a notice may hold a player's hidden Subulata values
//! in a private part.

use crate::button_code::exact_code;
use crate::identity::ChannelId;
use crate::reply::{Notice, Reply, Said};
use serde::{Deserialize, Serialize};

/// The newest version of the stored form of a [`Notice`]; a release that changes the form
/// writes a new number, and a release reading a newer one refuses it rather than guessing
/// (it leaves the notice for a newer release to post).
///
/// - 1: the first form.
/// - 2: a reply may hold [`Reply::own_channels`] (a tournament round's games, each of which
///   may get a channel of its own). A notice without them is still written as format 1, so
///   a release that reads only format 1 keeps posting every notice it can read.
/// - 3: a copy for another home inside a reply ([`Reply::elsewhere`]) holds its platform
///   ([`Notice::platform`]). Written only for a notice holding such copies, which the
///   outbox never gets in practice; the notice's own platform is never in the stored form
///   (the outbox entry holds it), so every other notice keeps format 1 or 2.
pub const NOTICE_FORMAT: u32 = 3;

/// Why a notice cannot be written to, or read from, the store. Never quotes the notice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoticeStoreError {
    /// A choice's command has no button code that reads back to exactly it (a value
    /// holding `:`, or a form the button encoding does not keep).
    #[error("the notice cannot be stored: its `{command}` choice has no exact button code")]
    Unstorable {
        /// The command word (`move`, `accept`).
        command: &'static str,
    },
    /// The notice could not be written as JSON (no part of a notice should ever do this).
    #[error("the notice cannot be written as JSON")]
    Unwritable,
    /// Written by a newer release.
    #[error(
        "stored notice format {found} is newer than this release reads ({NOTICE_FORMAT}); \
         let the newer release post it"
    )]
    TooNew {
        /// The format found.
        found: u32,
    },
    /// A format number no release wrote (older than the first, 0).
    #[error("stored notice format {found} is unknown (this release reads {NOTICE_FORMAT})")]
    Unknown {
        /// The format found.
        found: u32,
    },
    /// The bytes are not a stored notice: not JSON, cut short, or not of this form.
    #[error("stored notice is damaged: {what} (line {line}, column {column})")]
    Damaged {
        /// What is wrong, in a few words.
        what: &'static str,
        /// Where the reader stopped: the line, from 1.
        line: usize,
        /// And the column, from 1.
        column: usize,
    },
}

impl NoticeStoreError {
    /// What a JSON reader's error says, without its message (which may quote a value).
    fn damaged(e: &serde_json::Error) -> NoticeStoreError {
        use serde_json::error::Category;
        let what = match e.classify() {
            Category::Io => "it cannot be read",
            Category::Syntax => "it is not JSON",
            Category::Eof => "it is cut short",
            Category::Data => "it is not a notice of this format",
        };
        NoticeStoreError::Damaged {
            what,
            line: e.line(),
            column: e.column(),
        }
    }
}

/// The stored form, written.
#[derive(Serialize)]
struct Written<'a> {
    format: u32,
    notice: WrittenNotice<'a>,
}

/// A [`Notice`] as written, without its platform (the outbox entry holds it): the same
/// fields, in the same order, as [`Notice`]'s own serde form.
#[derive(Serialize)]
struct WrittenNotice<'a> {
    channel: &'a ChannelId,
    reply: &'a Reply,
    #[serde(skip_serializing_if = "Option::is_none")]
    said: &'a Option<Said>,
}

/// A [`Notice`] as read, without its platform (a field `platform` here is an error: no
/// release writes one).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadNotice {
    channel: ChannelId,
    reply: Reply,
    #[serde(default)]
    said: Option<Said>,
}

/// The stored form's version alone, read first (whatever else the bytes hold).
#[derive(Deserialize)]
struct Head {
    format: u32,
}

/// The stored form, read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Read {
    #[allow(dead_code, reason = "checked from `Head` before the notice is read")]
    format: u32,
    notice: ReadNotice,
}

impl Notice {
    /// The notice as the store's outbox keeps it ([`NOTICE_FORMAT`], see
    /// [`crate::stored_notice`]), without its platform, which the outbox entry holds;
    /// [`Notice::from_stored`] reads it back, equal, given that platform.
    pub fn to_stored(&self) -> Result<Vec<u8>, NoticeStoreError> {
        check_choices(&self.reply)?;
        let written = Written {
            format: if has_copies(&self.reply) {
                3
            } else if has_own_channels(&self.reply) {
                2
            } else {
                1
            },
            notice: WrittenNotice {
                channel: &self.channel,
                reply: &self.reply,
                said: &self.said,
            },
        };
        // Every part is plain data (no map keyed by anything but text) and every choice was
        // checked above, so this does not fail; if it did, say so without the notice.
        serde_json::to_vec(&written).map_err(|_| NoticeStoreError::Unwritable)
    }

    /// A notice written by [`Notice::to_stored`], to be posted on `platform` (its outbox
    /// entry's). Damaged bytes, another form or a newer format are an error saying which,
    /// never a panic.
    pub fn from_stored(bytes: &[u8], platform: &str) -> Result<Notice, NoticeStoreError> {
        let head: Head =
            serde_json::from_slice(bytes).map_err(|e| NoticeStoreError::damaged(&e))?;
        if head.format > NOTICE_FORMAT {
            return Err(NoticeStoreError::TooNew { found: head.format });
        }
        if head.format == 0 {
            return Err(NoticeStoreError::Unknown { found: head.format });
        }
        let read: Read =
            serde_json::from_slice(bytes).map_err(|e| NoticeStoreError::damaged(&e))?;
        let ReadNotice {
            channel,
            reply,
            said,
        } = read.notice;
        Ok(Notice {
            channel,
            platform: platform.to_string(),
            reply,
            said,
        })
    }
}

/// Whether `reply` holds a copy for another home with its platform, which the stored form
/// then writes (format 3).
fn has_copies(reply: &Reply) -> bool {
    reply
        .elsewhere
        .iter()
        .any(|n| !n.platform.is_empty() || has_copies(&n.reply))
}

/// Whether `reply` or one of its copies elsewhere holds games that may get a channel of
/// their own (format 2).
fn has_own_channels(reply: &Reply) -> bool {
    !reply.own_channels.is_empty() || reply.elsewhere.iter().any(|n| has_own_channels(&n.reply))
}

/// Every choice of `reply` and of its copies elsewhere has an exact button code.
fn check_choices(reply: &Reply) -> Result<(), NoticeStoreError> {
    for choice in &reply.choices {
        if !exact_code(&choice.command) {
            return Err(NoticeStoreError::Unstorable {
                command: choice.command.name(),
            });
        }
    }
    reply
        .elsewhere
        .iter()
        .try_for_each(|n| check_choices(&n.reply))?;
    reply
        .own_channels
        .iter()
        .try_for_each(|o| check_choices(&o.opening))
}

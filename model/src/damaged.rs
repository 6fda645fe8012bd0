//! Stored games the bot cannot read: damaged bytes, a truncated document, a document of the
//! wrong shape, or a record whose moves no longer replay. One such game must not take the
//! others down: commands naming it get a clear refusal, lists show it as unreadable, the
//! scheduler skips it (once logged), start-up carries on, and `skald export` still writes it
//! (as an `unreadable_game` line with its raw bytes) so the admin can inspect and repair it.
//!
//! This module holds the refusal; the store decodes (`skald_store::damaged`), the session
//! skips. The texts here never quote the stored document: a Subulata record holds hidden values.

/// A stored game that cannot be played on: its position and its record no longer read. The
/// text is the refusal a player gets, which never quotes the document.
#[derive(Debug)]
pub struct Unreadable(pub crate::Text);

/// The answer to a command about an unreadable game (and the line `games` shows for it).
/// The reason is the admin's technical detail, quoted as it is logged.
pub fn unreadable_text(id: u64, reason: &str) -> crate::Text {
    crate::t!("damaged-game", id = id, reason = reason)
}

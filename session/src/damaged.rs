//! Stored games the bot cannot read: damaged bytes, a truncated document, a document of the
//! wrong shape, or a record whose moves no longer replay (the refusal is
//! `skald_model::damaged`, the decoding `skald_store::damaged`; this module names both for the
//! session's code). One such game must not take the others down: commands naming it get a clear refusal, lists show it as unreadable, the
//! scheduler skips it (once logged), start-up carries on, and `skald export` still writes it
//! (as an `unreadable_game` line with its raw bytes) so the admin can inspect and repair it.
//!
//! The texts here never quote the stored document: a Subulata record holds hidden values.

pub use skald_model::damaged::{Unreadable, unreadable_text};
pub use skald_store::damaged::decode_game;

//! A pending link code as stored on the player who asked for it, and how a typed code is
//! read (the session's `link` module joins the accounts).

use crate::clock::Timestamp;
use serde::{Deserialize, Serialize};

/// How long a link code may be used.
pub const CODE_MINUTES: i64 = 10;
/// The code's letters: no `0`/`O`, `1`/`I`, so it reads back unambiguously from a phone.
pub const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A pending link code, kept on the player who asked for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkCode {
    /// The code, `ABCD-EFGH`.
    pub code: String,
    /// When it stops working.
    pub expires: Timestamp,
}

/// `link ABCD-EFGH`, `abcdefgh`, `abcd efgh`: the code as stored, or `None` when it cannot
/// be one.
pub fn normalize_code(typed: &str) -> Option<String> {
    let letters: String = typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (letters.len() == 8 && letters.bytes().all(|b| ALPHABET.contains(&b)))
        .then(|| format!("{}-{}", &letters[..4], &letters[4..]))
}

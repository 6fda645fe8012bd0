//! Stored games the bot cannot read: damaged bytes, a truncated document, a document of the
//! wrong shape, or a record whose moves no longer replay. One such game must not take the
//! others down: commands naming it get a clear refusal, lists show it as unreadable, the
//! scheduler skips it (once logged), start-up carries on, and `skald export` still writes it
//! (as an `unreadable_game` line with its raw bytes) so the admin can inspect and repair it.
//!
//! The texts here never quote the stored document: a Subulata record holds hidden values.

use super::game::GameDoc;
use super::store::StoreError;

/// Decodes the stored bytes of game `id`; any failure is [`StoreError::UnreadableGame`]
/// with a reason that says what is wrong without quoting the document.
pub fn decode_game(id: u64, bytes: &[u8]) -> Result<GameDoc, StoreError> {
    let unreadable = |reason: String| StoreError::UnreadableGame { id, reason };
    let doc: GameDoc = serde_json::from_slice(bytes).map_err(|e| unreadable(json_problem(&e)))?;
    if doc.id != id {
        return Err(unreadable(format!(
            "the document stored under #{id} says it is game #{}",
            doc.id
        )));
    }
    Ok(doc)
}

/// What is wrong with a document, by position only (serde's own messages may quote values).
fn json_problem(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let (line, column) = (e.line(), e.column());
    match e.classify() {
        Category::Eof => format!("its stored document is cut off (line {line}, column {column})"),
        Category::Syntax => {
            format!("its stored document is not valid JSON at line {line}, column {column}")
        }
        Category::Data => format!(
            "its stored document has a missing or malformed field at line {line}, column {column}"
        ),
        Category::Io => "its stored document could not be read".to_string(),
    }
}

/// The answer to a command about an unreadable game (and the line `games` shows for it).
/// The reason is the admin's technical detail, quoted as it is logged.
pub fn unreadable_text(id: u64, reason: &str) -> crate::Text {
    crate::t!("damaged-game", id = id, reason = reason)
}

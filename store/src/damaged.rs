//! Decoding a stored game without letting one damaged document take the others down: the
//! error says what is wrong by position only (a Subulata record holds hidden values).

use crate::StoreError;
use skald_model::game::GameDoc;

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

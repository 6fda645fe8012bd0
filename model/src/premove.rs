//! Conditional moves as stored on a game: lines of predicted moves and their answers (the
//! session's `premove` module plays them).

use serde::{Deserialize, Serialize};

/// At most this many lines per player and game.
pub const MAX_LINES: usize = 10;
/// At most this many exchanges (their move, the answer) in one line.
pub const MAX_EXCHANGES: usize = 10;

/// One predicted move of the opponent and its owner's answer, in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The opponent's move this answers.
    pub theirs: String,
    /// The owner's answer.
    pub answer: String,
}

/// A line of play: exchanges in the order they would be played.
pub type PremoveLine = Vec<Exchange>;

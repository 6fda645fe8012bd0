//! Typed errors for everything a user or a file can get wrong.

use crate::{Expected, Refusal};
use thiserror::Error;

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A field is missing; `expected` says what the string should contain.
    #[error("the position is incomplete: expected {expected}")]
    MissingField {
        /// A description of the missing field.
        expected: &'static str,
    },
    /// A field could not be read.
    #[error("cannot read {field} '{found}': expected {expected}")]
    BadField {
        /// Which field.
        field: &'static str,
        /// What was found.
        found: String,
        /// What would be accepted.
        expected: String,
    },
    /// The fields were read but describe an impossible position.
    #[error("impossible position: {0}")]
    Inconsistent(String),
    /// Extra text after the last field.
    #[error("unexpected text at the end of the position: '{0}'")]
    Trailing(String),
}

/// A move that could not be read or is not allowed in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move of this game.
    #[error("'{input}' is not a move: expected {expected}")]
    Syntax {
        /// The text as given.
        input: String,
        /// What would be accepted, with an example.
        expected: Expected,
    },
    /// The move is well formed but not legal here.
    #[error("{mv} is not allowed: {reason}")]
    Illegal {
        /// The move as written canonically.
        mv: String,
        /// Why it is refused (`skald_lang::refusal` words it for players).
        reason: Refusal,
    },
    /// Nobody can move: the game is over.
    #[error("the game is over")]
    GameOver,
    /// The dice must be rolled before anyone moves.
    #[error("the dice must be rolled first")]
    RollPending,
}

/// Dice that do not fit the roll the position waits for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RollError {
    /// No roll is expected now.
    #[error("no roll is expected now")]
    NotExpected,
    /// Wrong number of dice or a face out of range.
    #[error("expected {count} dice showing 1..={sides}, got {got:?}")]
    Invalid {
        /// Dice expected.
        count: u8,
        /// Faces per die.
        sides: u8,
        /// What was given.
        got: Vec<u8>,
    },
}

/// A Subulata value arrangement that cannot be accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArrangeError {
    /// This rule set has no private arrangement.
    #[error("this game has no value arrangement")]
    NotSupported,
    /// The values are not each of 1..=9 exactly once (the values given, in order).
    #[error("expected the nine values 1 to 9, each once, got {}", values_text(.0))]
    BadValues([u8; 9]),
    /// The player has already moved, so the arrangement is locked.
    #[error("your arrangement is locked: you have already moved")]
    Locked,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// Values as the arrangement error writes them: `1 1 2 3 4 5 6 7 8`.
fn values_text(values: &[u8; 9]) -> String {
    let parts: Vec<String> = values.iter().map(u8::to_string).collect();
    parts.join(" ")
}

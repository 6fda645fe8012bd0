//! A tournament's system and pace as its document stores them and `tournament create`
//! reads them: a leaf both the grammar and the document name.

use serde::{Deserialize, Serialize};

/// How players meet: the tournament's system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone (FIDE Berger tables), twice with `double`.
    RoundRobin {
        /// Two cycles, seats swapped in the second.
        double: bool,
    },
    /// A Swiss of `rounds` rounds, paired by the FIDE Dutch system.
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
    /// A seeded single-elimination bracket.
    Knockout,
}

/// When a round-robin's games are made: all at once, or a round when the last one ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Every round's games start together (round-robin only; the default there).
    All,
    /// A round starts when every game of the one before has ended.
    Rounds,
}

//! Mining a finished game for puzzles, as its document keeps it (`GameDoc::mining`): asked
//! for when the game ends, taken by one engine driver at a time, done once. The game's
//! wake-up time ([`crate::game::GameDoc::wake`]) is the pending mining's, so both stores'
//! deadline index lists the games to mine, as it lists the reviews to make.

use crate::clock::Timestamp;
use serde::{Deserialize, Serialize};

/// The fewest moves a finished game needs to be mined: a game resigned or aborted at its
/// start has no position worth a puzzle.
pub const MIN_MOVES: usize = 6;

/// Where a finished game's mining stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mining {
    /// To mine: when a driver should look at it (the game's end; once taken, the end of
    /// the taker's hold), and who holds it.
    Pending {
        /// When a driver should look at it.
        look_at: Timestamp,
        /// The driver holding it, if one took it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holder: Option<String>,
    },
    /// Mined: how many puzzles it gave its community.
    Done {
        /// The puzzles added to the community's own set.
        found: u32,
    },
}

impl Mining {
    /// The mining a game asks for when it ends at `at`.
    pub fn asked(at: Timestamp) -> Mining {
        Mining::Pending {
            look_at: at,
            holder: None,
        }
    }

    /// When a driver should look at it, while it is pending.
    pub fn look_at(&self) -> Option<Timestamp> {
        match self {
            Mining::Pending { look_at, .. } => Some(*look_at),
            Mining::Done { .. } => None,
        }
    }
}

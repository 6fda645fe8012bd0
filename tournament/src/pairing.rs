//! The pairings of one round, as every pairing system returns them and as `skald tournament
//! pair` prints them.

use serde::{Deserialize, Serialize};

use crate::model::StartNumber;

/// One round's pairings: boards in order (white first) and the player left without an
/// opponent, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    /// `(white, black)` start numbers, board 1 first.
    pub pairs: Vec<(StartNumber, StartNumber)>,
    /// The player who gets the bye (the pairing-allocated bye in a Swiss, the dummy's
    /// opponent in a round-robin with an odd number of players).
    pub bye: Option<StartNumber>,
}

impl RoundPairing {
    /// The text bbpPairings prints with `-p`: the number of pairs on the first line (byes
    /// included), then one `white black` line per board and `N 0` for the bye.
    pub fn to_bbp_text(&self) -> String {
        let count = self.pairs.len() + usize::from(self.bye.is_some());
        let mut out = format!("{count}\n");
        for (white, black) in &self.pairs {
            out.push_str(&format!("{white} {black}\n"));
        }
        if let Some(bye) = self.bye {
            out.push_str(&format!("{bye} 0\n"));
        }
        out
    }

    /// The pairs as unordered sets plus the bye: what "the same pairing" means when colours
    /// are compared separately.
    pub fn contains_player(&self, player: StartNumber) -> bool {
        self.bye == Some(player) || self.pairs.iter().any(|&(w, b)| w == player || b == player)
    }
}

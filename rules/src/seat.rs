//! The two seats at the table and who is looking at a position.

use serde::{Deserialize, Serialize};

/// One of the two players of a game.
///
/// Seat `A` is the seat that moves first by the rules: the attackers in Hnefatafl, White in
/// Subulata and Daldøsa, White in Ad Elta Stelpur (where an opening roll decides who starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// The seat that moves first (attackers, White).
    A,
    /// The seat that moves second (defenders, Black).
    B,
}

impl Seat {
    /// Both seats, in order, for loops over the players.
    pub const BOTH: [Seat; 2] = [Seat::A, Seat::B];

    /// The other seat: whose turn comes next in alternating games.
    pub fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// 0 for `A`, 1 for `B`: an index into per-seat arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::A => 0,
            Seat::B => 1,
        }
    }
}

/// Who a view of a position is for; decides which hidden values it may contain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// A seated player: sees their own hidden values, never the opponent's.
    Seat(Seat),
    /// A spectator or a public channel: sees no hidden value.
    Public,
    /// The final reveal once a game is over: every value is shown.
    Final,
}

impl Viewer {
    /// Whether this viewer may see the hidden values that belong to `owner`.
    pub fn sees(self, owner: Seat) -> bool {
        match self {
            Viewer::Seat(s) => s == owner,
            Viewer::Public => false,
            Viewer::Final => true,
        }
    }
}

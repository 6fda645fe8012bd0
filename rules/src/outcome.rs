//! What a move can cause (events) and how a game ends (outcome).

use crate::Seat;
use serde::{Deserialize, Serialize};

/// A place on a board, as an index whose meaning each game module documents
/// (a square `rank * size + file`, a point 1..=24, a hole `row * 12 + hole - 1`).
pub type Cell = u8;

/// Something that happened while applying a move or a roll, in order.
///
/// Callers use events to describe a move in chat, to mark the last move on a picture and to
/// animate replays. They never carry a hidden value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// The server rolled dice; `seat` is `None` for the opening roll that picks the starter.
    Rolled { seat: Option<Seat>, dice: Vec<u8> },
    /// The opening roll decided who starts.
    StarterChosen { seat: Seat },
    /// A piece moved from `from` and came to rest on `to` (`None`: it left the board).
    Moved {
        seat: Seat,
        from: Cell,
        to: Option<Cell>,
    },
    /// A piece landing on its target found it occupied and went on to `landed` (Ad Elta Stelpur).
    Bumped {
        seat: Seat,
        target: Cell,
        landed: Cell,
    },
    /// A piece of `seat` on `at` was captured and removed for good.
    Captured { seat: Seat, at: Cell },
    /// A Daldøsa peg of `seat` became active on `at`.
    Activated { seat: Seat, at: Cell },
    /// A piece of `seat` ran off the end of its path (Daldøsa) from `from`.
    LeftBoard { seat: Seat, from: Cell },
    /// `seat` is down to one piece, which is now a Hornaskella standing on `at`.
    Hornaskella { seat: Seat, at: Cell },
    /// Dice of `seat` that could not be used were lost.
    DiceLost { seat: Seat, dice: Vec<u8> },
    /// `seat` rolled a double and rolls again.
    ExtraRoll { seat: Seat },
    /// `seat` had no legal move and passed.
    Passed { seat: Seat },
    /// The game ended.
    GameOver(Outcome),
}

/// Why a game ended by its rules (`skald_lang::end_reason` words it, naming the side it
/// concerns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// Every piece of the loser was captured (Ad Elta Stelpur).
    AllCaptured,
    /// The king was surrounded (Hnefatafl).
    KingCaptured,
    /// The king reached a corner (Hnefatafl).
    KingEscaped,
    /// The player to move had no legal move (Hnefatafl: loses; Subulata: the game is scored).
    NoLegalMove,
    /// The same position occurred a third time with the same side to move (Hnefatafl).
    Repetition,
    /// All remaining pieces of a player stood on their goal tile (Subulata: the game is scored).
    GoalReached,
    /// A player had no peg left on the board (Daldøsa).
    NoPegsLeft,
    /// The king stood on the edge inside a fort the attackers could never break (Copenhagen
    /// Hnefatafl's exit fort): the defenders win.
    ExitFort,
    /// The attackers shut every defender in, away from the edge (Copenhagen Hnefatafl,
    /// Brandubh): the attackers win.
    Encircled,
    /// The game reached its move limit undecided (Copenhagen Hnefatafl: 400 plies): a draw.
    MoveLimit,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Subulata's final scores, seat A first; `None` in other games.
    pub scores: Option<[u32; 2]>,
}

/// Where a game stands: who must act next, or how it ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// The server must roll `spec` dice for `seat` (`None`: the opening roll) before anyone moves.
    Roll { seat: Option<Seat>, spec: RollSpec },
    /// `seat` must choose a move (one step, in the dice games).
    Move { seat: Seat },
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The seat that acts next, if one does.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Status::Roll { seat, .. } => *seat,
            Status::Move { seat } => Some(*seat),
            Status::Over(_) => None,
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Over(o) => Some(*o),
            _ => None,
        }
    }
}

/// How many dice of how many sides a roll throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RollSpec {
    /// Number of dice thrown.
    pub count: u8,
    /// Faces on each die (numbered 1..=sides).
    pub sides: u8,
}

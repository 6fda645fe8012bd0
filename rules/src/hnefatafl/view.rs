//! [`TaflBoard`]: what the words, the pictures and the engine read of a tafl position, the same
//! for every tafl family (Hnefatafl and Copenhagen/Brandubh share moves and pieces).

use super::{Move, Piece};
use crate::coords::Square;
use crate::{Cell, Game, Outcome, Seat};

/// A tafl position as the crates above the rules read it: the board's side, what stands
/// where, the king, the pieces lost and whose turn it is.
///
/// Exists so the text board, the picture and the engine's tafl knowledge are written once for
/// every tafl family ([`super::Hnefatafl`], [`crate::tafl::Tafl`]) instead of once per type.
pub trait TaflBoard: Game<Move = Move> {
    /// The board side (7, 11 or 13).
    fn side(&self) -> u8;

    /// What stands on the square (`None` for an empty square or one off the board).
    fn piece_at(&self, square: Square) -> Option<Piece>;

    /// What stands on a cell index (`rank * side + file`, as events name cells).
    fn piece_on(&self, cell: Cell) -> Option<Piece>;

    /// Where the king stands, or `None` once he is captured.
    fn king(&self) -> Option<Square>;

    /// How many pieces of this kind are on the board.
    fn count(&self, piece: Piece) -> u8;

    /// How many soldiers each side starts with (attackers, defenders without the king), so
    /// losses read as shares of an army.
    fn armies(&self) -> (u8, u8);

    /// How many soldiers of `seat` have been captured (the king is not counted).
    fn captured(&self, seat: Seat) -> u8 {
        let (attackers, defenders) = self.armies();
        match seat {
            Seat::A => attackers.saturating_sub(self.count(Piece::Attacker)),
            Seat::B => defenders.saturating_sub(self.count(Piece::Defender)),
        }
    }

    /// The side to move (after the end: the side that would have moved next).
    fn side_to_move(&self) -> Seat;

    /// How the game ended, if it did.
    fn outcome(&self) -> Option<Outcome>;
}

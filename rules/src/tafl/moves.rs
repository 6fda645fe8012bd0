//! Moves: every piece slides like a rook, no jumping; only the king may stop on the throne
//! or a corner, and any piece may pass over the empty throne.

use super::geometry::{NONE, Squares, bit};
use super::{Move, Tafl};
use crate::coords::Square;
use crate::hnefatafl::shared;
use crate::refusal::Refusal;

impl Tafl {
    /// The cell index of a square known to be on the board.
    #[inline]
    pub(super) fn cell_of(&self, sq: Square) -> u8 {
        sq.index(self.size()) as u8
    }

    /// Calls `f` with every legal move of the side to move (whether or not the game is
    /// over) until it returns `false`; returns whether it was stopped early. Allocates
    /// nothing.
    pub(super) fn scan_moves(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let g = self.geo();
        let occupied = self.board.occupied();
        for from in Squares(self.board.of(self.side)) {
            let may_stop_anywhere = self.board.king & bit(from) != 0;
            let start = g.squares[usize::from(from)];
            for dir in 0..4 {
                let mut to = g.step(dir, from);
                while to != NONE && occupied & bit(to) == 0 {
                    if (may_stop_anywhere || g.restricted & bit(to) == 0)
                        && !f(Move::new(start, g.squares[usize::from(to)]))
                    {
                        return true;
                    }
                    to = g.step(dir, to);
                }
            }
        }
        false
    }

    /// Whether the side to move has at least one legal move (stops at the first one).
    pub(super) fn has_legal_move(&self) -> bool {
        self.scan_moves(|_| false)
    }

    /// Checks a move against the rules (not against the end of the game) and says why a
    /// refused move is refused.
    pub(super) fn check_move(&self, mv: Move) -> Result<(), Refusal> {
        shared::check_move(self, mv)
    }
}

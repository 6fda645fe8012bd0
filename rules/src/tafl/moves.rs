//! Moves: every piece slides like a rook, no jumping; only the king may stop on the throne
//! or a corner, and any piece may pass over the empty throne.

use super::geometry::{NONE, Squares, bit};
use super::{Move, Piece, Tafl};
use crate::Refusal;
use crate::coords::Square;

impl Tafl {
    /// The cell index of a square known to be on the board.
    #[inline]
    pub(super) fn cell_of(&self, sq: Square) -> u8 {
        sq.index(self.size()) as u8
    }

    /// The square of a cell index.
    #[inline]
    pub(super) fn square_of(&self, cell: u8) -> Square {
        self.geo().squares[usize::from(cell)]
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
        let size = self.size();
        for sq in [mv.from, mv.to] {
            if sq.file >= size || sq.rank >= size {
                return Err(Refusal::OffBoard {
                    square: sq.name(),
                    size,
                });
            }
        }
        let Some(piece) = self.board.get(self.cell_of(mv.from)) else {
            return Err(Refusal::NoPiece {
                square: mv.from.name(),
            });
        };
        if piece.seat() != self.side {
            return Err(Refusal::TaflNotYours {
                square: mv.from.name(),
                owner: piece.seat(),
            });
        }
        if mv.from == mv.to {
            return Err(Refusal::TaflStandStill);
        }
        if mv.from.file != mv.to.file && mv.from.rank != mv.to.rank {
            return Err(Refusal::TaflNotStraight);
        }
        let df = (i16::from(mv.to.file) - i16::from(mv.from.file)).signum();
        let dr = (i16::from(mv.to.rank) - i16::from(mv.from.rank)).signum();
        let (mut file, mut rank) = (i16::from(mv.from.file), i16::from(mv.from.rank));
        loop {
            file += df;
            rank += dr;
            let sq = Square::new(file as u8, rank as u8);
            if sq == mv.to {
                break;
            }
            if self.board.get(self.cell_of(sq)).is_some() {
                return Err(Refusal::PathBlocked { square: sq.name() });
            }
        }
        let to = self.cell_of(mv.to);
        if self.board.get(to).is_some() {
            return Err(Refusal::Occupied {
                square: mv.to.name(),
            });
        }
        if piece != Piece::King {
            if bit(to) & self.geo().throne != 0 {
                return Err(Refusal::ThroneForKing {
                    square: mv.to.name(),
                });
            }
            if bit(to) & self.geo().corners != 0 {
                return Err(Refusal::CornerForKing {
                    square: mv.to.name(),
                });
            }
        }
        Ok(())
    }
}

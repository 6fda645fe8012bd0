//! The packed board: two bits per square for up to 13x13 squares, so a position stays small
//! (cheap to clone in AI playouts, and small inside the game-neutral `Position` enum).

use super::Piece;

/// Squares per 64-bit word.
const PER_WORD: usize = 32;

/// Words needed for 13x13 = 169 squares.
const WORDS: usize = 6;

/// Every square of a board up to 13x13 by cell index: empty, attacker, defender or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Board([u64; WORDS]);

impl Board {
    /// A board with no piece.
    pub(super) const EMPTY: Board = Board([0; WORDS]);

    /// What stands on cell `i` (`None` for an empty square or a cell past the board).
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<Piece> {
        let word = self.0.get(i / PER_WORD).copied().unwrap_or(0);
        match (word >> ((i % PER_WORD) * 2)) & 3 {
            1 => Some(Piece::Attacker),
            2 => Some(Piece::Defender),
            3 => Some(Piece::King),
            _ => None,
        }
    }

    /// Puts `piece` (or nothing) on cell `i`; cells past the board are ignored.
    #[inline]
    pub(super) fn set(&mut self, i: usize, piece: Option<Piece>) {
        let code: u64 = match piece {
            None => 0,
            Some(Piece::Attacker) => 1,
            Some(Piece::Defender) => 2,
            Some(Piece::King) => 3,
        };
        let shift = (i % PER_WORD) * 2;
        if let Some(word) = self.0.get_mut(i / PER_WORD) {
            *word = (*word & !(3 << shift)) | (code << shift);
        }
    }

    /// Empties cell `i` and returns what stood there.
    #[inline]
    pub(super) fn take(&mut self, i: usize) -> Option<Piece> {
        let piece = self.get(i);
        self.set(i, None);
        piece
    }
}

//! The board as three sets of squares (attackers, defender soldiers, the king): 48 bytes,
//! cheap to copy and compare, so repetition can keep every earlier board and playouts can
//! clone positions freely.

use super::Piece;
use super::geometry::{Bits, bit};
use crate::Seat;

/// What stands where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(super) struct Board {
    /// The attackers' squares.
    pub(super) attackers: Bits,
    /// The defender soldiers' squares (the king not included).
    pub(super) defenders: Bits,
    /// The king's square (empty once he is captured).
    pub(super) king: Bits,
}

impl Board {
    /// Every occupied square.
    #[inline]
    pub(super) fn occupied(&self) -> Bits {
        self.attackers | self.defenders | self.king
    }

    /// The pieces of `seat` (the defenders' include the king).
    #[inline]
    pub(super) fn of(&self, seat: Seat) -> Bits {
        match seat {
            Seat::A => self.attackers,
            Seat::B => self.defenders | self.king,
        }
    }

    /// What stands on square `i`.
    #[inline]
    pub(super) fn get(&self, i: u8) -> Option<Piece> {
        let b = bit(i);
        if self.attackers & b != 0 {
            Some(Piece::Attacker)
        } else if self.defenders & b != 0 {
            Some(Piece::Defender)
        } else if self.king & b != 0 {
            Some(Piece::King)
        } else {
            None
        }
    }

    /// Puts `piece` on the empty square `i`.
    #[inline]
    pub(super) fn put(&mut self, i: u8, piece: Piece) {
        let b = bit(i);
        match piece {
            Piece::Attacker => self.attackers |= b,
            Piece::Defender => self.defenders |= b,
            Piece::King => self.king |= b,
        }
    }

    /// Empties square `i`.
    #[inline]
    pub(super) fn clear(&mut self, i: u8) {
        let keep = !bit(i);
        self.attackers &= keep;
        self.defenders &= keep;
        self.king &= keep;
    }

    /// The king's square, if he is on the board.
    #[inline]
    pub(super) fn king_cell(&self) -> Option<u8> {
        (self.king != 0).then(|| self.king.trailing_zeros() as u8)
    }
}

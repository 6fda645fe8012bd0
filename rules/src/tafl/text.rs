//! The tafl grid for text boards: coordinates on all four sides and one letter per square,
//! in plain ASCII for consoles and screen readers, as Hnefatafl's (`skald_lang::text_board`
//! frames it with words).
//!
//! ```text
//!     a b c d e f g
//!  7  # . . A . . #  7
//!  6  . . . A . . .  6
//!  5  . . . D . . .  5
//!  4  A A D K D A A  4
//!  3  . . . D . . .  3
//!  2  . . . A . . .  2
//!  1  # . . A . . #  1
//!     a b c d e f g
//! ```

use super::{Piece, Tafl};
use crate::coords::Square;
use std::fmt::Write as _;

impl Tafl {
    /// The grid (the same for every viewer: nothing is hidden): `A` attacker, `D` defender,
    /// `K` king, `#` an empty corner, `+` the empty throne, `.` an empty square.
    pub(super) fn grid_text(&self) -> String {
        let size = self.size();
        let mut out = String::with_capacity(usize::from(size) * 32 + 64);
        let files: Vec<String> = (0..size)
            .map(|f| char::from(b'a' + f).to_string())
            .collect();
        let files = files.join(" ");
        let _ = writeln!(out, "    {files}");
        for rank in (0..size).rev() {
            let cells: Vec<&str> = (0..size)
                .map(|file| {
                    let sq = Square::new(file, rank);
                    match self.piece_at(sq) {
                        Some(Piece::Attacker) => "A",
                        Some(Piece::Defender) => "D",
                        Some(Piece::King) => "K",
                        None if self.is_corner(sq) => "#",
                        None if sq == self.throne() => "+",
                        None => ".",
                    }
                })
                .collect();
            let _ = writeln!(out, "{:>2}  {}  {}", rank + 1, cells.join(" "), rank + 1);
        }
        let _ = write!(out, "    {files}");
        out
    }
}

//! The Hnefatafl grid for text boards: coordinates on all four sides and one letter per
//! square, in plain ASCII for consoles and screen readers. `skald_lang::text_board` frames
//! it with words (whose turn it is, the pieces each side lost, a legend).
//!
//! ```text
//!     a b c d e f g h i j k
//! 11  # . . A A A A A . . #  11
//! ...
//!  6  A A . D D K D D . A A  6
//! ...
//!     a b c d e f g h i j k
//! ```

use super::{Hnefatafl, Piece};
use crate::coords::Square;
use std::fmt::Write as _;

impl Hnefatafl {
    /// The grid (the same for every viewer: nothing is hidden): `A` attacker, `D` defender,
    /// `K` king, `#` an empty corner, `+` the empty throne, `.` an empty square.
    pub(super) fn grid_text(&self) -> String {
        let size = self.size;
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

//! The Hnefatafl text board: a compact monospace grid with coordinates on all four sides,
//! whose turn it is and the pieces each side lost, in plain ASCII for consoles and screen
//! readers.
//!
//! The first line alone says where the game stands (the move number, whose turn it is or the
//! result); the other lines only describe the pieces, so a caller may replace that line when
//! the game ended outside the rules (a resignation) and nothing stale remains. Moves are
//! numbered like the move list: move 1 is the attackers' first move and the defenders' reply.
//!
//! ```text
//! Hnefatafl 11x11, move 1: attackers (A) to play.
//!     a b c d e f g h i j k
//! 11  # . . A A A A A . . #  11
//! ...
//!  6  A A . D D K D D . A A  6
//! ...
//!     a b c d e f g h i j k
//! Attackers: 24 on the board, 0 lost.
//! Defenders: 12 and the king on the board, 0 lost.
//! A attacker, D defender, K king, # corner, + throne, . empty.
//! ```

use super::{Hnefatafl, Piece};
use crate::Seat;
use crate::coords::Square;
use std::fmt::Write as _;

impl Hnefatafl {
    /// The text board (the same for every viewer: nothing is hidden).
    pub(super) fn board_text(&self) -> String {
        let size = self.size;
        let mut out = String::with_capacity(usize::from(size) * 32 + 256);
        let title = format!("Hnefatafl {size}x{size}");
        match self.outcome {
            None => {
                let (who, letter) = match self.side {
                    Seat::A => ("attackers", 'A'),
                    Seat::B => ("defenders", 'D'),
                };
                // the move list pairs an attackers' move with the defenders' reply
                let number = self.ply / 2 + 1;
                let _ = writeln!(out, "{title}, move {number}: {who} ({letter}) to play.");
            }
            Some(outcome) => {
                let result = match outcome.winner {
                    Some(Seat::A) => "the attackers win",
                    Some(Seat::B) => "the defenders win",
                    None => "a draw",
                };
                let why = outcome.reason_with(&|seat| {
                    ["the attackers", "the defenders"][seat.index()].to_string()
                });
                let when = match self.ply {
                    0 => "no move played".to_string(),
                    ply => format!("after move {}", ply.div_ceil(2)),
                };
                let _ = writeln!(out, "{title}, {when}: game over, {result} ({why}).");
            }
        }
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
        let _ = writeln!(out, "    {files}");
        let _ = writeln!(
            out,
            "Attackers: {} on the board, {} lost.",
            self.count(Piece::Attacker),
            self.captured(Seat::A)
        );
        let defenders = self.count(Piece::Defender);
        let lost = self.captured(Seat::B);
        let _ = match self.king() {
            Some(_) => writeln!(
                out,
                "Defenders: {defenders} and the king on the board, {lost} lost."
            ),
            None => writeln!(
                out,
                "Defenders: {defenders} on the board, {lost} lost; the king was captured."
            ),
        };
        out.push_str("A attacker, D defender, K king, # corner, + throne, . empty.");
        out
    }
}

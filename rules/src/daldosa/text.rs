//! The Daldøsa grid for text boards: the hole numbers, then the three rows of holes, for the
//! console and for screen readers. `skald_lang::text_board` frames it with words (whose turn
//! it is and the dice, the prow and the stern, the paths, the peg counts).
//!
//! ```text
//!       1  2  3  4  5  6  7  8  9 10 11 12
//!  w    w  w  w  w  w  w  w  w  w  w  w  .
//!  m    .  .  .  .  .  .  .  .  .  .  .  W
//!  b    b  b  b  b  b  b  b  b  b  b  b  b
//! ```

use super::{Daldosa, HOLES_PER_ROW, Hole};
use crate::Seat;
use std::fmt::Write as _;

/// The grid (nothing is hidden in Daldøsa, so every viewer gets the same): `w`/`b` an inactive
/// White/Black peg, `W`/`B` an active one, `.` an empty hole.
pub(super) fn grid(game: &Daldosa) -> String {
    let mut out = String::with_capacity(200);
    out.push_str("    ");
    for hole in 1..=HOLES_PER_ROW {
        let _ = write!(out, "{hole:>3}");
    }
    for (row, letter) in ['w', 'm', 'b'].into_iter().enumerate() {
        let _ = write!(out, "\n {letter}  ");
        for hole in 0..HOLES_PER_ROW {
            let cell = row as u8 * HOLES_PER_ROW + hole;
            let mark = match game.hole(cell) {
                Hole::Empty => '.',
                Hole::Inactive(Seat::A) => 'w',
                Hole::Active(Seat::A) => 'W',
                Hole::Inactive(Seat::B) => 'b',
                Hole::Active(Seat::B) => 'B',
            };
            let _ = write!(out, "  {mark}");
        }
    }
    out
}

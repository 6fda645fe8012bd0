//! The Ad Elta Stelpur grid for text boards: the backgammon layout in four monospace lines,
//! for the console and for screen readers. `skald_lang::text_board` frames it with words
//! (whose turn it is, the corners, the pieces each side has).
//!
//! ```text
//!  24 23 22 21 20 19 | 18 17 16 15 14 13
//!   .  .  .  .  .  . |  B  B  B  B  B  B
//!   W  W  W  W  W  W |  .  .  .  .  .  .
//!   1  2  3  4  5  6 |  7  8  9 10 11 12
//! ```

use super::Adelta;
use crate::Seat;
use std::fmt::Write;

/// One row of six-and-six points, `points` in display order, with the bar after the sixth.
fn row(out: &mut String, points: impl Iterator<Item = u8>, cell: impl Fn(u8) -> String) {
    let mut line = String::with_capacity(40);
    for (i, p) in points.enumerate() {
        if i == 6 {
            line.push_str(" |");
        }
        let _ = write!(line, "{:>3}", cell(p));
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn piece(g: &Adelta, p: u8) -> String {
    match g.point(p) {
        Some(Seat::A) => "W".to_string(),
        Some(Seat::B) => "B".to_string(),
        None => ".".to_string(),
    }
}

/// The grid (nothing is hidden in this game, so every viewer gets the same): the far row of
/// points (24 down to 13) above the near row (1 to 12), with their numbers, `W` White, `B`
/// Black, `.` an empty point, and the bar after the sixth point of a row.
pub(super) fn grid(g: &Adelta) -> String {
    let mut out = String::with_capacity(200);
    let far = || (13..=24u8).rev();
    let near = || 1..=12u8;
    row(&mut out, far(), |p| p.to_string());
    row(&mut out, far(), |p| piece(g, p));
    row(&mut out, near(), |p| piece(g, p));
    row(&mut out, near(), |p| p.to_string());
    out.pop();
    out
}

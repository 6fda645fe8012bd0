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

use super::Tafl;
use crate::hnefatafl::shared;

impl Tafl {
    /// The grid (the same for every viewer: nothing is hidden): `A` attacker, `D` defender,
    /// `K` king, `#` an empty corner, `+` the empty throne, `.` an empty square.
    pub(super) fn grid_text(&self) -> String {
        shared::grid_text(self)
    }
}

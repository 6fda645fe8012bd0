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

use super::{Hnefatafl, shared};

impl Hnefatafl {
    /// The grid (the same for every viewer: nothing is hidden): `A` attacker, `D` defender,
    /// `K` king, `#` an empty corner, `+` the empty throne, `.` an empty square.
    pub(super) fn grid_text(&self) -> String {
        shared::grid_text(self)
    }
}

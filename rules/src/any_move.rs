//! [`AnyMove`]: one typed move of any rule set.

use crate::{adelta, daldosa, hnefatafl, subulata, tafl};
use std::fmt;

/// A move of any rule set, still typed: what the engine answers and what
/// [`crate::Position::play_move`] and [`crate::Match::play_move`] take, so a move made by
/// code is never written as notation only to be read back. `Display` prints the canonical
/// notation (what records store and players see).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A step of `adelta` or `adelta-rustik`.
    Adelta(adelta::Move),
    /// A move of `hnefatafl` or `hnefatafl-13`.
    Hnefatafl(hnefatafl::Move),
    /// A move of `subulata`.
    Subulata(subulata::Move),
    /// A step of `daldosa`.
    Daldosa(daldosa::Move),
    /// A move of `copenhagen` or `brandubh` (the same type as Hnefatafl's, its own variant so a
    /// move of one family never plays on the other).
    Tafl(tafl::Move),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Adelta(m) => m.fmt(f),
            AnyMove::Hnefatafl(m) => m.fmt(f),
            AnyMove::Subulata(m) => m.fmt(f),
            AnyMove::Daldosa(m) => m.fmt(f),
            AnyMove::Tafl(m) => m.fmt(f),
        }
    }
}

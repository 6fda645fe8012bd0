//! Subulata's terrain (`Terrain`): the kind of a cell, which decides how far a piece starting there
//! moves. A leaf module, so the refusals (`crate::refusal`) name it without needing the rest of
//! the game.

/// The kind of a cell; it decides how far a piece starting there moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Water: a piece moves exactly 1 cell.
    Water,
    /// Flower: a piece moves exactly 2 cells.
    Flower,
    /// Leaf: a piece moves exactly 3 cells.
    Leaf,
}

impl Terrain {
    /// How many cells a piece starting on this terrain moves.
    pub const fn distance(self) -> u8 {
        match self {
            Terrain::Water => 1,
            Terrain::Flower => 2,
            Terrain::Leaf => 3,
        }
    }

    /// The letter used in the tile table of RULES.md and in the text board (`W`, `F`, `L`).
    pub const fn letter(self) -> char {
        match self {
            Terrain::Water => 'W',
            Terrain::Flower => 'F',
            Terrain::Leaf => 'L',
        }
    }

    /// The terrain's English name in a sentence ("a flower"), for developer messages (players
    /// get `skald_lang`'s words).
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Water => "water",
            Terrain::Flower => "a flower",
            Terrain::Leaf => "a leaf",
        }
    }
}

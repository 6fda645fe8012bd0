//! Square coordinates (`a1` .. `m13`) and slide moves (`f2-f5`), shared by the grid games.

use crate::{Expected, MoveError};

/// A square on a square grid: file 0 = `a` (left), rank 0 = `1` (bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column, 0 = `a`.
    pub file: u8,
    /// Row, 0 = rank `1`.
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (both 0-based).
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Index into a row-major board of side `size` (`rank * size + file`).
    pub fn index(self, size: u8) -> usize {
        usize::from(self.rank) * usize::from(size) + usize::from(self.file)
    }

    /// The square at `index` on a board of side `size`.
    pub fn from_index(index: usize, size: u8) -> Square {
        let s = usize::from(size);
        Square::new((index % s) as u8, (index / s) as u8)
    }

    /// Reads `f2`, `F2`, `m13` on a board of side `size`.
    pub fn parse(text: &str, size: u8) -> Option<Square> {
        let text = text.trim().to_ascii_lowercase();
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = file as u8 - b'a';
        let rank: u8 = chars.as_str().parse().ok()?;
        if file >= size || rank == 0 || rank > size {
            return None;
        }
        Some(Square::new(file, rank - 1))
    }

    /// The square's name, `f2`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// Reads a slide move forgivingly: `f2-f5`, `F2F5`, `f2 f5`, `f2 - f5`, `f2xf5`.
///
/// Returns the two squares; legality is the game's business.
pub fn parse_slide(text: &str, size: u8) -> Result<(Square, Square), MoveError> {
    let syntax = || MoveError::Syntax {
        input: text.trim().to_string(),
        expected: Expected::Slide { size },
    };
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != 'x' && *c != 'X' && *c != ':')
        .collect::<String>()
        .to_ascii_lowercase();
    // Split before the second letter.
    let second = compact
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .ok_or_else(syntax)?;
    let from = Square::parse(&compact[..second], size).ok_or_else(syntax)?;
    let to = Square::parse(&compact[second..], size).ok_or_else(syntax)?;
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for size in [9u8, 11, 13] {
            for i in 0..usize::from(size) * usize::from(size) {
                let sq = Square::from_index(i, size);
                assert_eq!(Square::parse(&sq.name(), size), Some(sq));
                assert_eq!(sq.index(size), i);
            }
        }
        assert_eq!(Square::parse("l1", 11), None);
        assert_eq!(Square::parse("a12", 11), None);
        assert_eq!(Square::parse("a0", 11), None);
        assert_eq!(Square::parse("m13", 13), Some(Square::new(12, 12)));
    }

    #[test]
    fn slides_parse_forgivingly() {
        let want = (Square::new(5, 1), Square::new(5, 4));
        for text in ["f2-f5", "F2F5", "f2 f5", " f2 - f5 ", "f2xf5", "F2-F5"] {
            assert_eq!(parse_slide(text, 11), Ok(want), "{text}");
        }
        assert_eq!(
            parse_slide("a10-a13", 13),
            Ok((Square::new(0, 9), Square::new(0, 12)))
        );
        for bad in ["", "f2", "f2-", "z1-z2", "f2-f12", "22-33", "f2-f5-f6"] {
            assert!(
                matches!(parse_slide(bad, 11), Err(MoveError::Syntax { .. })),
                "{bad}"
            );
        }
    }
}

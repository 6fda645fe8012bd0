//! Subulata notation: the position string and the move notation.
//!
//! Position: `<tiles> <ranks> <side> <ply>`, for example the start of seed 0:
//! `1r3,2r2,4r0,7r0,6r1,5r0,3r2,8r3,9r0 6B2B5B8/6B9B6B7/6B3B4B1/9/9/9/W5W9W16/W4W3W76/W8W6W26 w 0`.
//! See `docs/NOTATION.md` (section "Subulata") for every field.

use super::{BLACK, CELLS, EMPTY, Move, Placement, SIZE, Subulata, VALUE, WHITE, owner};
use crate::coords::{Square, parse_slide};
use crate::{Expected, MoveError, PositionError, Seat, Viewer};
use std::fmt::Write;

/// What a tile placement looks like, for error messages.
const TILE_FORM: &str = "a tile number 1-9, 'r' and a number of quarter-turns 0-3, like 3r1";
/// What the tiles field looks like, for error messages.
const TILES_FORM: &str = "nine tile placements separated by commas, top-left tile first, \
     like 1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0";
/// What a rank looks like, for error messages.
const RANK_FORM: &str = "nine cells: W or B followed by a value 1-9 or ?, or a number 1-9 \
     of empty cells, like 6B9B8B7";
/// Field names of the ranks, top rank first as written.
const RANK_NAMES: [&str; 9] = [
    "rank 9", "rank 8", "rank 7", "rank 6", "rank 5", "rank 4", "rank 3", "rank 2", "rank 1",
];

/// At most this many characters of a bad field are echoed back in an error.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().nth(40).is_some() {
        out.push_str("...");
    }
    out
}

fn bad(field: &'static str, found: &str, expected: &str) -> PositionError {
    PositionError::BadField {
        field,
        found: shown(found),
        expected: expected.to_string(),
    }
}

/// Writes the position string for `viewer` (values the viewer may not see become `?`).
pub(super) fn write(game: &Subulata, viewer: Viewer) -> String {
    let mut out = String::with_capacity(96);
    for (i, p) in game.placements.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}r{}", p.tile, p.rotation);
    }
    out.push(' ');
    for rank in (0..SIZE).rev() {
        let mut empty = 0;
        for file in 0..SIZE {
            let code = game.cells[Square::new(file, rank).index(SIZE)];
            let Some(seat) = owner(code) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                let _ = write!(out, "{empty}");
                empty = 0;
            }
            out.push(if seat == Seat::A { 'W' } else { 'B' });
            match code & VALUE {
                v @ 1..=9 if viewer.sees(seat) => out.push(char::from(b'0' + v)),
                _ => out.push('?'),
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if game.side_to_move() == Seat::A {
        'w'
    } else {
        'b'
    };
    let _ = write!(out, " {side} {}", game.ply);
    out
}

/// Reads a position string (full or public form).
pub(super) fn read(text: &str) -> Result<Subulata, PositionError> {
    let mut fields = text.split_whitespace();
    let tiles = fields.next().ok_or(PositionError::MissingField {
        expected: "the nine tiles (like 1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0), then the ranks, \
                   the side to move and the ply",
    })?;
    let ranks = fields.next().ok_or(PositionError::MissingField {
        expected: "the ranks after the tiles, top rank first, separated by '/' \
                   (like 6B9B8B7/.../W1W2W36)",
    })?;
    let side = fields.next().ok_or(PositionError::MissingField {
        expected: "the side to move after the ranks: w or b",
    })?;
    let ply = fields.next().ok_or(PositionError::MissingField {
        expected: "the ply (moves played so far) after the side to move, like 0",
    })?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(PositionError::Trailing(shown(&rest.join(" "))));
    }

    let placements = read_tiles(tiles)?;
    let cells = read_ranks(ranks)?;
    let side = match side {
        "w" | "W" => Seat::A,
        "b" | "B" => Seat::B,
        _ => return Err(bad("side to move", side, "w (White) or b (Black)")),
    };
    let ply: u32 = if !ply.is_empty() && ply.bytes().all(|b| b.is_ascii_digit()) {
        ply.parse()
            .map_err(|_| bad("ply", ply, "a number of moves up to 4294967295"))?
    } else {
        return Err(bad("ply", ply, "a number of moves played so far, like 0"));
    };
    let expected_side = if ply.is_multiple_of(2) {
        Seat::A
    } else {
        Seat::B
    };
    if side != expected_side {
        return Err(PositionError::Inconsistent(format!(
            "White moves at even plies and Black at odd ones (nobody passes), so at ply {ply} \
             the side to move is {}",
            if expected_side == Seat::A { "w" } else { "b" }
        )));
    }
    Ok(Subulata::from_parts(placements, cells, ply))
}

fn read_tiles(text: &str) -> Result<[Placement; 9], PositionError> {
    let mut placements = [Placement {
        tile: 0,
        rotation: 0,
    }; 9];
    let mut count = 0;
    let mut used = [false; 10];
    for part in text.split(',') {
        let Some(slot) = placements.get_mut(count) else {
            return Err(bad("tiles", text, TILES_FORM));
        };
        let b = part.as_bytes();
        let (tile, rotation) = match b {
            [t @ b'1'..=b'9', b'r' | b'R', r @ b'0'..=b'3'] => (t - b'0', r - b'0'),
            _ => return Err(bad("tile", part, TILE_FORM)),
        };
        if std::mem::replace(&mut used[usize::from(tile)], true) {
            return Err(PositionError::Inconsistent(format!(
                "tile {tile} is placed twice; each of the tiles 1 to 9 is used once"
            )));
        }
        *slot = Placement { tile, rotation };
        count += 1;
    }
    if count != 9 {
        return Err(bad("tiles", text, TILES_FORM));
    }
    Ok(placements)
}

fn read_ranks(text: &str) -> Result<[u8; CELLS], PositionError> {
    let mut cells = [EMPTY; CELLS];
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 9 {
        return Err(bad(
            "ranks",
            text,
            "nine ranks separated by '/', top rank (9) first",
        ));
    }
    for (top, row) in rows.iter().enumerate() {
        let name = RANK_NAMES[top];
        let rank = 8 - top as u8;
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            let put =
                |file: usize, code: u8, cells: &mut [u8; CELLS]| -> Result<(), PositionError> {
                    if file >= 9 {
                        return Err(bad(name, row, RANK_FORM));
                    }
                    cells[usize::from(rank) * 9 + file] = code;
                    Ok(())
                };
            match c {
                'W' | 'w' | 'B' | 'b' => {
                    let bit = if matches!(c, 'W' | 'w') { WHITE } else { BLACK };
                    let value = match chars.next() {
                        Some(v @ '1'..='9') => v as u8 - b'0',
                        Some('?') => 0,
                        _ => return Err(bad(name, row, RANK_FORM)),
                    };
                    put(file, bit | value, &mut cells)?;
                    file += 1;
                }
                '1'..='9' => {
                    let mut run = usize::from(c as u8 - b'0');
                    while let Some(&d @ '0'..='9') = chars.peek() {
                        chars.next();
                        run = run * 10 + usize::from(d as u8 - b'0');
                        if run > 9 {
                            return Err(bad(name, row, RANK_FORM));
                        }
                    }
                    file += run;
                }
                _ => return Err(bad(name, row, RANK_FORM)),
            }
        }
        if file != 9 {
            return Err(bad(name, row, RANK_FORM));
        }
    }
    for (bit, colour) in [(WHITE, "White"), (BLACK, "Black")] {
        let mut count = 0;
        let mut seen = [false; 10];
        for &code in &cells {
            if code & bit == 0 {
                continue;
            }
            count += 1;
            let v = usize::from(code & VALUE);
            if v != 0 && std::mem::replace(&mut seen[v], true) {
                return Err(PositionError::Inconsistent(format!(
                    "{colour} has two pieces of value {v}; the values 1 to 9 are each used once"
                )));
            }
        }
        if count > 9 {
            return Err(PositionError::Inconsistent(format!(
                "{colour} has {count} pieces; each player has at most nine"
            )));
        }
    }
    Ok(cells)
}

/// Reads a move forgivingly (`c3-c5`, `C3C5`, `c3 c5`, `c3xc5`).
pub(super) fn parse_move(text: &str) -> Result<Move, MoveError> {
    parse_slide(text, SIZE)
        .map(|(from, to)| Move { from, to })
        .map_err(|_| MoveError::Syntax {
            input: text.trim().to_string(),
            expected: Expected::SubulataMove,
        })
}

//! The Subulata grid for text boards: terrain and pieces cell by cell, tiles framed, for the
//! console and for screen readers. `skald_lang::text_board` frames it with words (whose turn
//! it is, a legend, the pieces and scores).
//!
//! Each cell is three characters: the terrain in lower case (`w` water, `f` flower, `l` leaf)
//! then the piece (`W5`, `B?`) or nothing.

use super::{SIZE, Subulata};
use crate::coords::Square;
use crate::{Seat, Viewer};
use std::fmt::Write;

/// Column (0-based) of each file's terrain letter in a board line.
fn column(file: u8) -> usize {
    4 + usize::from(file) * 4 + usize::from(file / 3) * 2
}

fn files_line() -> String {
    let mut line = vec![b' '; column(SIZE - 1) + 1];
    for file in 0..SIZE {
        line[column(file)] = b'a' + file;
    }
    String::from_utf8(line).unwrap_or_default()
}

const RULE: &str = "  +-------------+-------------+-------------+";

/// The grid for `viewer`: values the viewer may not see are shown `?`.
pub(super) fn grid(game: &Subulata, viewer: Viewer) -> String {
    let mut out = String::with_capacity(900);
    let files = files_line();
    out.push_str(&files);
    out.push('\n');
    for rank in (0..SIZE).rev() {
        if rank % 3 == 2 {
            out.push_str(RULE);
            out.push('\n');
        }
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..SIZE {
            if file % 3 == 0 {
                out.push_str("| ");
            }
            let sq = Square::new(file, rank);
            out.push(game.terrain(sq).letter().to_ascii_lowercase());
            match game.piece_for(sq, viewer) {
                Some(p) => {
                    out.push(if p.seat == Seat::A { 'W' } else { 'B' });
                    out.push(p.value.map_or('?', |v| char::from(b'0' + v)));
                }
                None => out.push_str("  "),
            }
            out.push(' ');
        }
        let _ = writeln!(out, "| {}", rank + 1);
    }
    out.push_str(RULE);
    out.push('\n');
    out.push_str(&files);
    out
}

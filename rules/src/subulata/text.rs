//! Subulata text board: terrain and pieces cell by cell, tiles framed, for the console and
//! for screen readers.
//!
//! Each cell is three characters: the terrain in lower case (`w` water, `f` flower, `l` leaf)
//! then the piece (`W5`, `B?`) or nothing.
//!
//! The first line alone says where the game stands (the move number, whose turn it is or the
//! result); the other lines only describe the board and the pieces, so a caller may replace
//! that line when the game ended outside the rules (a resignation) and nothing stale
//! remains. Moves are numbered like the move list: move 1 is White's first move and Black's
//! reply.

use super::{SIZE, Subulata, colour};
use crate::coords::Square;
use crate::{Game, RuleSetId, Seat, Status, Viewer};
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

/// The board for `viewer`: values the viewer may not see are shown `?`.
pub(super) fn board(game: &Subulata, viewer: Viewer) -> String {
    let mut out = String::with_capacity(1024);
    match game.status() {
        Status::Over(o) => {
            let _ = match game.ply {
                0 => write!(out, "Subulata, no move played: "),
                ply => write!(out, "Subulata, after move {}: ", ply.div_ceil(2)),
            };
            let names = RuleSetId::Subulata.seat_names();
            let _ = write!(
                out,
                "game over, {}",
                o.reason_with(&|s| names[s.index()].to_string())
            );
            match o.scores {
                Some([w, b]) => {
                    let _ = write!(out, "; White {w}, Black {b}");
                }
                None => out.push_str("; scores unknown (hidden values)"),
            }
            match o.winner {
                Some(s) => {
                    let _ = write!(out, "; {} wins.", colour(s));
                }
                None if o.scores.is_some() => out.push_str("; a draw."),
                None => out.push('.'),
            }
        }
        _ => {
            // the move list pairs White's move with Black's reply
            let _ = write!(out, "Subulata, move {}: ", game.ply / 2 + 1);
            let seat = game.side_to_move();
            let _ = write!(
                out,
                "{} ({}) to move, {}.",
                colour(seat),
                if seat == Seat::A { 'W' } else { 'B' },
                if seat == Seat::A {
                    "right or up"
                } else {
                    "left or down"
                }
            );
        }
    }
    out.push('\n');
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
    out.push('\n');
    out.push_str(
        "Cells: w water (moves 1), f flower (2), l leaf (3); W White, B Black, ? hidden value.\n",
    );
    let over = matches!(game.status(), Status::Over(_));
    for (seat, goal) in [(Seat::A, "g7-i9"), (Seat::B, "a1-c3")] {
        let left = game.pieces_left(seat);
        let _ = write!(
            out,
            "{}: {left} piece{} on the board, {} lost, {} on goal {goal}",
            colour(seat),
            if left == 1 { "" } else { "s" },
            game.captured_by(seat.other()),
            game.on_goal(seat),
        );
        if viewer.sees(seat)
            && let Some(score) = game.score(seat)
        {
            let when = if over { "final score" } else { "score now" };
            let _ = write!(out, ", {when} {score}");
        }
        out.push_str(".\n");
    }
    // No line ends with a space; drop the final newline like the other boards.
    out.pop();
    out
}

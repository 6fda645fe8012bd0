//! The Daldøsa text board: where the game stands, then three rows of holes with their numbers
//! and the peg counts, for the console and for screen readers.
//!
//! The first line alone says where the game stands (the steps played so far, whose turn it is
//! and the dice still to use, or the result); the other lines only describe the boat and the
//! pegs, so a caller may replace that line when the game ended outside the rules (a
//! resignation, an abort) and no stale turn or dice remain. The game counts steps (one per die
//! used), not turns: passed turns take no step.

use super::notation::seat_name;
use super::{Daldosa, HOLES_PER_ROW, Hole};
use crate::{Game, Seat, Status, Viewer};
use std::fmt::Write as _;

/// Draws the board. Nothing is hidden in Daldøsa, so every viewer gets the same picture.
///
/// ```text
/// Daldøsa, after 1 step: White to move, die to use: 3 (second step of the turn).
///       1  2  3  4  5  6  7  8  9 10 11 12
///  w    w  w  w  w  w  w  w  w  w  w  w  .
///  m    .  .  .  .  .  .  .  .  .  .  .  W
///  b    b  b  b  b  b  b  b  b  b  b  b  b
///     prow                           stern
/// Paths: White w1-w12, m12-m1, b1-b12, off; Black b1-b12, m12-m1, w1-w12, off
/// White (w inactive, W active): 11 inactive, 1 active, 0 off, 0 lost
/// Black (b inactive, B active): 12 inactive, 0 active, 0 off, 0 lost
/// ```
pub(super) fn board(game: &Daldosa, _viewer: Viewer) -> String {
    let mut out = String::with_capacity(512);
    out.push_str("Daldøsa, ");
    match game.ply() {
        0 => out.push_str("no step played: "),
        1 => out.push_str("after 1 step: "),
        n => {
            let _ = write!(out, "after {n} steps: ");
        }
    }
    match game.status() {
        Status::Move { seat } => {
            let dice: Vec<String> = game.dice().iter().map(ToString::to_string).collect();
            // Two dice are rolled each turn: with both left, no step of the turn is played yet.
            let (noun, which) = match dice.len() {
                1 => ("die", "second"),
                _ => ("dice", "first"),
            };
            let _ = write!(
                out,
                "{} to move, {noun} to use: {} ({which} step of the turn).",
                seat_name(seat),
                dice.join(" "),
            );
        }
        Status::Roll { .. } => {
            let _ = write!(
                out,
                "{} to roll two four-sided dice.",
                seat_name(game.side())
            );
        }
        Status::Over(outcome) => {
            let why = outcome.reason_with(&|s| seat_name(s).to_string());
            let _ = match outcome.winner {
                Some(w) => write!(out, "game over, {} wins ({why}).", seat_name(w)),
                None => write!(out, "game over, a draw ({why})."),
            };
        }
    }
    out.push('\n');
    out.push_str("    ");
    for hole in 1..=HOLES_PER_ROW {
        let _ = write!(out, "{hole:>3}");
    }
    out.push('\n');
    for (row, letter) in ['w', 'm', 'b'].into_iter().enumerate() {
        let _ = write!(out, " {letter}  ");
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
        out.push('\n');
    }
    let width = 4 + 3 * usize::from(HOLES_PER_ROW);
    let _ = writeln!(out, "    prow{:>w$}", "stern", w = width - 8);
    out.push_str("Paths: White w1-w12, m12-m1, b1-b12, off; Black b1-b12, m12-m1, w1-w12, off");
    for seat in Seat::BOTH {
        let (inactive, active) = match seat {
            Seat::A => ('w', 'W'),
            Seat::B => ('b', 'B'),
        };
        let on = game.pegs_on_board(seat);
        let idle = game.pegs_inactive(seat);
        let _ = write!(
            out,
            "\n{} ({inactive} inactive, {active} active): {} inactive, {} active, {} off, {} lost",
            seat_name(seat),
            idle,
            on.saturating_sub(idle),
            game.pegs_off(seat),
            game.pegs_captured(seat),
        );
    }
    out
}

//! The Daldøsa text board: three rows of holes with their numbers, whose turn it is, the dice
//! still to use and the peg counts, for the console and for screen readers.

use super::notation::seat_name;
use super::{Daldosa, HOLES_PER_ROW, Hole};
use crate::{Game, Seat, Status, Viewer};
use std::fmt::Write as _;

/// Draws the board. Nothing is hidden in Daldøsa, so every viewer gets the same picture.
///
/// ```text
///       1  2  3  4  5  6  7  8  9 10 11 12
///  w    w  w  w  w  w  w  w  w  w  w  w  .
///  m    .  .  .  .  .  .  .  .  .  .  .  W
///  b    b  b  b  b  b  b  b  b  b  b  b  b
///     prow                           stern
/// ```
pub(super) fn board(game: &Daldosa, _viewer: Viewer) -> String {
    let mut out = String::with_capacity(512);
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
    out.push_str("Paths: White w1-w12, m12-m1, b1-b12, off; Black b1-b12, m12-m1, w1-w12, off\n");
    for seat in Seat::BOTH {
        let (inactive, active) = match seat {
            Seat::A => ('w', 'W'),
            Seat::B => ('b', 'B'),
        };
        let on = game.pegs_on_board(seat);
        let idle = game.pegs_inactive(seat);
        let _ = writeln!(
            out,
            "{} ({inactive} inactive, {active} active): {} inactive, {} active, {} off, {} captured",
            seat_name(seat),
            idle,
            on.saturating_sub(idle),
            game.pegs_off(seat),
            game.pegs_captured(seat),
        );
    }
    match game.status() {
        Status::Move { seat } => {
            let dice: Vec<String> = game.dice().iter().map(ToString::to_string).collect();
            let _ = write!(
                out,
                "{} to move, dice to use: {} (step {})",
                seat_name(seat),
                dice.join(" "),
                game.ply().saturating_add(1)
            );
        }
        Status::Roll { .. } => {
            let _ = write!(
                out,
                "{} to roll two four-sided dice (step {})",
                seat_name(game.side()),
                game.ply().saturating_add(1)
            );
        }
        Status::Over(outcome) => {
            let winner = outcome.winner.map_or("Nobody", seat_name);
            let _ = write!(
                out,
                "Game over after {} steps: {} wins ({})",
                game.ply(),
                winner,
                outcome.reason.describe()
            );
        }
    }
    out
}

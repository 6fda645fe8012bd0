//! Ad Elta Stelpur text board: the backgammon layout in a few monospace lines, for the console
//! and for screen readers.
//!
//! The first line alone says where the game stands (the steps played so far, whose turn it
//! is and the steps left, or the result); the other lines only describe the pieces, so a
//! caller may replace that line when the game ended outside the rules (a resignation) and no
//! stale turn or dice remain. The game counts steps (one per die used), not turns: passed
//! turns take no step.
//!
//! ```text
//! Ad Elta Stelpur (Ludens Planet rules), no step played: the opening roll decides who starts (higher total of two dice).
//!  24 23 22 21 20 19 | 18 17 16 15 14 13
//!   .  .  .  .  .  . |  B  B  B  B  B  B
//!   W  W  W  W  W  W |  .  .  .  .  .  .
//!   1  2  3  4  5  6 |  7  8  9 10 11 12
//! Corners: 1 6 7 12 13 18 19 24. Pieces move 1 -> 12, then 13 -> 24, then 1 again.
//! White (W): 6 pieces on the board, 0 lost. Black (B): 6 pieces on the board, 0 lost.
//! ```

use super::{Adelta, CORNERS};
use crate::{Game, Seat, Status, Viewer};
use std::fmt::Write;

/// One row of six-and-six points, `points` in display order, with the bar after the sixth.
fn row(out: &mut String, points: impl Iterator<Item = u8>, cell: impl Fn(u8) -> String) {
    let mut line = String::with_capacity(40);
    for (i, p) in points.enumerate() {
        if i == 6 {
            line.push_str(" |");
        }
        let _ = write!(line, "{:>3}", cell(p));
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn piece(g: &Adelta, p: u8) -> String {
    match g.point(p) {
        Some(Seat::A) => "W".to_string(),
        Some(Seat::B) => "B".to_string(),
        None => ".".to_string(),
    }
}

/// The text board for `viewer` (nothing is hidden in this game; a seated viewer's colour is
/// marked "you").
pub(super) fn board(g: &Adelta, viewer: Viewer) -> String {
    let names = g.rule_set.seat_names();
    let you = |seat: Seat| matches!(viewer, Viewer::Seat(s) if s == seat);
    let name = |seat: Seat| -> String {
        if you(seat) {
            format!("{} (you)", names[seat.index()])
        } else {
            names[seat.index()].to_string()
        }
    };
    let mut out = String::with_capacity(400);
    out.push_str(g.rule_set.name());
    match g.ply {
        0 => out.push_str(", no step played: "),
        1 => out.push_str(", after 1 step: "),
        n => {
            let _ = write!(out, ", after {n} steps: ");
        }
    }
    match g.status() {
        Status::Roll { seat: None, .. } => {
            out.push_str("the opening roll decides who starts (higher total of two dice).");
        }
        Status::Roll {
            seat: Some(seat), ..
        } => {
            let _ = write!(out, "{} to roll.", name(seat));
        }
        Status::Move { seat } => {
            let steps: Vec<String> = g.dice().iter().map(u8::to_string).collect();
            let _ = write!(
                out,
                "{} to move; steps left: {}",
                name(seat),
                steps.join(", ")
            );
            if g.rolls_again() {
                out.push_str(", then rolls again");
            }
            out.push('.');
        }
        Status::Over(outcome) => match outcome.winner {
            Some(w) => {
                let why = outcome.reason_with(&name);
                let _ = write!(out, "game over, {} wins ({why}).", name(w));
            }
            None => {
                let why = outcome.reason_with(&name);
                let _ = write!(out, "game over, a draw ({why}).");
            }
        },
    }
    out.push('\n');
    let far = || (13..=24u8).rev();
    let near = || 1..=12u8;
    row(&mut out, far(), |p| p.to_string());
    row(&mut out, far(), |p| piece(g, p));
    row(&mut out, near(), |p| piece(g, p));
    row(&mut out, near(), |p| p.to_string());
    let corners: Vec<String> = CORNERS.iter().map(u8::to_string).collect();
    let _ = writeln!(
        out,
        "Corners: {}. Pieces move 1 -> 12, then 13 -> 24, then 1 again.",
        corners.join(" ")
    );
    let mut counts = Vec::with_capacity(2);
    for seat in Seat::BOTH {
        let letter = if seat == Seat::A { 'W' } else { 'B' };
        let n = g.pieces(seat);
        let mut s = format!(
            "{} ({letter}{}): {n} piece{} on the board, {} lost",
            names[seat.index()],
            if you(seat) { ", you" } else { "" },
            if n == 1 { "" } else { "s" },
            g.captured_by(seat.other())
        );
        if let Some(at) = g.hornaskella(seat) {
            let _ = write!(s, ", Hornaskella on {at}");
        }
        counts.push(s);
    }
    let _ = write!(out, "{}.", counts.join(". "));
    out
}

//! The text view: the same information as a picture, in monospace text, for the console and
//! as the text body / alt text of chat images (which screen readers read).

use crate::LastMove;
use crate::position::result_text;
use skald_rules::{Position, Status, Viewer};
use std::fmt::Write;

/// The text view of `position` for `viewer`: a header (game, players, move number, whose turn
/// or the result), the last move in words, then the rules' monospace board.
///
/// Exists so every place that shows a picture can show the same facts as text: the console
/// prints it, and chat adapters attach it to images for screen readers. Like the pictures, it
/// holds only the hidden values `viewer` may see.
pub fn text_view(
    position: &Position,
    viewer: Viewer,
    players: &[Option<String>; 2],
    last_move: &LastMove,
) -> String {
    let rule_set = position.rule_set();
    let seats = rule_set.seat_names();
    let who = |i: usize| match &players[i] {
        Some(name) => format!("{} ({name})", seats[i]),
        None => seats[i].to_string(),
    };
    let mut out = format!("{}: {} vs {}\n", rule_set.name(), who(0), who(1));
    let status = position.status();
    let ply = position.ply();
    let _ = match &status {
        Status::Over(outcome) => writeln!(
            out,
            "Game over after {ply} moves. {}.",
            result_text(rule_set, outcome)
        ),
        Status::Roll { seat: None, .. } => {
            writeln!(out, "Move 1: the opening roll decides who starts.")
        }
        Status::Roll { seat: Some(s), .. } => {
            writeln!(
                out,
                "Move {}: {} to roll.",
                ply.saturating_add(1),
                who(s.index())
            )
        }
        Status::Move { seat } => {
            writeln!(
                out,
                "Move {}: {} to play.",
                ply.saturating_add(1),
                who(seat.index())
            )
        }
    };
    if let Some(line) = last_move_line(position, last_move) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(position.text_board(viewer).trim_end());
    out.push('\n');
    out
}

/// "Last move: c10-c6, captured c5." in the game's own cell names, or nothing at the start.
fn last_move_line(position: &Position, last: &LastMove) -> Option<String> {
    if last.steps.is_empty() && last.captured.is_empty() {
        return None;
    }
    let name = |c| position.cell_name(c);
    let steps: Vec<String> = last
        .steps
        .iter()
        .map(|s| match s.to {
            Some(to) if to == s.from => format!("{} activated", name(s.from)),
            Some(to) => format!("{} to {}", name(s.from), name(to)),
            None => format!("{} off the board", name(s.from)),
        })
        .collect();
    let mut line = format!("Last move: {}", steps.join(", "));
    if !last.captured.is_empty() {
        let caught: Vec<String> = last.captured.iter().map(|&c| name(c)).collect();
        let _ = write!(line, "; captured on {}", caught.join(", "));
    }
    line.push('.');
    Some(line)
}

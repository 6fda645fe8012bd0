//! The text view: the same information as a picture, in monospace text, for the console and
//! as the text body / alt text of chat images (which screen readers read).

use crate::LastMove;
use skald_rules::{Position, Viewer};
use std::fmt::Write;

/// The text view of `position` for `viewer`: the game and its players, then the rules'
/// monospace board, with the last move in words after its first line (which says where the
/// game stands: the move number, whose turn it is or the result, worded like the picture's
/// header).
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
    let board = skald_lang::text_board(position, viewer).en();
    let (title, rest) = board.split_once('\n').unwrap_or((board.as_str(), ""));
    out.push_str(title);
    out.push('\n');
    if let Some(line) = last_move_line(position, last_move) {
        out.push_str(&line);
        out.push('\n');
    }
    let rest = rest.trim_end();
    if !rest.is_empty() {
        out.push_str(rest);
        out.push('\n');
    }
    out
}

/// "Last move: c10 to c6; a piece was taken on c5." in the game's own cell names, or nothing
/// at the start. Says which cells lost a piece, never which piece took it, so a capture
/// made by landing on the taken piece's cell reads right too.
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
        let what = if caught.len() == 1 {
            "a piece was taken on"
        } else {
            "pieces were taken on"
        };
        let _ = write!(line, "; {what} {}", caught.join(", "));
    }
    line.push('.');
    Some(line)
}

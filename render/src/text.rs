//! The text view: the same information as a picture, in monospace text, for the console and
//! as the text body / alt text of chat images (which screen readers read).

use crate::LastMove;
use skald_lang::{Lang, Text, rule_set_name, seat_name, t};
use skald_rules::{Position, Seat, Viewer};

/// The text view of `position` for `viewer`, in `lang`: the game and its players, then the
/// text board (`skald_lang::text_board`), with the last move in words after its first line
/// (which says where the game stands: the move number, whose turn it is or the result, worded
/// like the picture's header).
///
/// Exists so every place that shows a picture can show the same facts as text: the console
/// prints it, and chat adapters attach it to images for screen readers. Like the pictures, it
/// holds only the hidden values `viewer` may see.
pub fn text_view(
    position: &Position,
    viewer: Viewer,
    players: &[Option<String>; 2],
    last_move: &LastMove,
    lang: Lang,
) -> String {
    let rule_set = position.rule_set();
    let who = |seat: Seat| {
        let side = seat_name(rule_set, seat);
        match &players[seat.index()] {
            Some(name) => t!("board-view-player", seat = side, name = name),
            None => side,
        }
    };
    let title = t!(
        "board-view-title",
        game = rule_set_name(rule_set),
        first = who(Seat::A),
        second = who(Seat::B)
    );
    let board = skald_lang::text_board(position, viewer).render(lang);
    let (heading, rest) = board.split_once('\n').unwrap_or((board.as_str(), ""));
    let mut out = title.render(lang);
    out.push('\n');
    out.push_str(heading);
    out.push('\n');
    if let Some(line) = last_move_line(position, last_move) {
        out.push_str(&line.render(lang));
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
fn last_move_line(position: &Position, last: &LastMove) -> Option<Text> {
    if last.steps.is_empty() && last.captured.is_empty() {
        return None;
    }
    let name = |c| position.cell_name(c);
    let mut steps = Text::new();
    for (i, s) in last.steps.iter().enumerate() {
        if i > 0 {
            steps.push(Text::verbatim(", "));
        }
        steps.push(match s.to {
            Some(to) if to == s.from => t!("board-step-activated", cell = name(s.from)),
            Some(to) => t!("board-step", from = name(s.from), to = name(to)),
            None => t!("board-step-off", from = name(s.from)),
        });
    }
    if last.captured.is_empty() {
        return Some(t!("board-last-move", steps = steps));
    }
    let caught: Vec<String> = last.captured.iter().map(|&c| name(c)).collect();
    Some(t!(
        "board-last-move-taken",
        steps = steps,
        count = caught.len(),
        cells = caught.join(", ")
    ))
}

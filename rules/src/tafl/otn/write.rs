//! Writing an OTN record: the header, then a turn a line, each move with the pieces it
//! captured and the end's mark, found by replaying the moves.

use super::super::{Piece, Tafl};
use super::{OtnGame, rules_string};
use crate::{EndReason, Event, MoveError, Status};
use std::fmt::Write as _;

/// The record of `game` as OTN text. Fails only when a move is not legal where it stands
/// (a damaged record), saying which.
pub fn write(game: &OtnGame) -> Result<String, MoveError> {
    let mut out = String::new();
    let tags = &game.tags;
    let mut tag = |key: &str, value: Option<&str>| {
        if let Some(value) = value {
            let _ = writeln!(out, "[{key}:{}]", clean(value));
        }
    };
    tag("event", tags.event.as_deref());
    tag("site", tags.site.as_deref());
    tag("date", tags.date.as_deref());
    tag("attackers", tags.attackers.as_deref());
    tag("defenders", tags.defenders.as_deref());
    tag("result", tags.result.map(|r| r.code()));
    tag("termination", tags.termination.as_deref());
    tag("compiler", Some("Skald"));
    let _ = writeln!(out, "[rules:{}]", rules_string(game.variant));
    out.push('\n');
    let mut position = Tafl::new(game.variant);
    for (n, pair) in game.moves.chunks(2).enumerate() {
        let _ = write!(out, "{}.", n + 1);
        for &mv in pair {
            out.push(' ');
            out.push_str(&move_record(&mut position, mv)?);
        }
        out.push('\n');
    }
    Ok(out)
}

/// Plays `mv` on `position` and writes it as OTN does: `K` before a king's move, the captured
/// soldiers after `x` separated by `/`, `++` when it captured the king, `--` when the king
/// escaped (a corner, or Copenhagen's exit fort).
fn move_record(position: &mut Tafl, mv: crate::tafl::Move) -> Result<String, MoveError> {
    let king = position.king();
    let mut text = String::new();
    if position.piece_at(mv.from) == Some(Piece::King) {
        text.push('K');
    }
    text.push_str(&mv.to_string());
    let events = position.play(mv)?;
    let captured: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Captured { at, .. } => Some(position.cell_name(*at)),
            _ => None,
        })
        .filter(|name| Some(name.as_str()) != king.map(|k| k.name()).as_deref())
        .collect();
    if !captured.is_empty() {
        text.push('x');
        text.push_str(&captured.join("/"));
    }
    if let Status::Over(outcome) = position.status() {
        match outcome.reason {
            EndReason::KingCaptured => text.push_str("++"),
            EndReason::KingEscaped | EndReason::ExitFort => text.push_str("--"),
            _ => {}
        }
    }
    Ok(text)
}

/// A tag's value on one line, without the brackets that would end the tag early.
fn clean(value: &str) -> String {
    value
        .chars()
        .map(|c| match c {
            '[' => '(',
            ']' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}

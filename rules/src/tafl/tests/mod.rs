//! Tafl tests: every rule of RULES.md's Copenhagen and Brandubh sections at the positions
//! where it matters (`captures.rs`, `shieldwalls.rs`, `forts.rs`, `endings.rs`), the
//! notation and the text board (`notation.rs`), random-game invariants (`properties.rs`) and
//! a replay of the tafl community's game records (`records.rs`).

mod captures;
mod endings;
mod forts;
mod notation;
mod otn;
mod properties;
mod records;
mod shieldwalls;

use super::{Ending, Finish, Move, Piece, Tafl, Variant};
use crate::coords::Square;
use crate::{Cell, Event, Seat};

/// A position of `variant` drawn as text, the top rank first, one character a square
/// (spaces ignored): `A` attacker, `D` defender, `K` king, and `.`, `#` (a corner) or `+`
/// (the throne) for an empty square. `side` is `'a'` or `'d'`; the position goes through the
/// position string, so it is checked like any other.
pub(super) fn diagram(variant: Variant, side: char, picture: &str) -> Tafl {
    diagram_at(variant, side, if side == 'a' { 0 } else { 1 }, picture)
}

/// [`diagram`] after `ply` moves.
pub(super) fn diagram_at(variant: Variant, side: char, ply: u32, picture: &str) -> Tafl {
    let size = usize::from(variant.size());
    let rows: Vec<String> = picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), size, "{size} rows expected in\n{picture}");
    let mut text = Vec::new();
    for row in &rows {
        assert_eq!(row.chars().count(), size, "row {row}");
        let mut out = String::new();
        let mut run = 0;
        for c in row.chars() {
            match c {
                'A' | 'D' | 'K' => {
                    if run > 0 {
                        out += &run.to_string();
                        run = 0;
                    }
                    out.push(c);
                }
                '.' | '#' | '+' => run += 1,
                other => panic!("unexpected '{other}' in the diagram"),
            }
        }
        if run > 0 {
            out += &run.to_string();
        }
        text.push(out);
    }
    let text = format!("{} {side} {ply} -", text.join("/"));
    Tafl::read_position(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cell index of a square name on `variant`'s board.
pub(super) fn cell(variant: Variant, name: &str) -> Cell {
    let size = variant.size();
    Square::parse(name, size)
        .map(|sq| sq.index(size) as Cell)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// Plays a move given as text, which must be legal; first checks that the moves named as
/// possibly winning at once include every move that does here (so every position the tests
/// play a move in checks `Tafl::moves_that_may_win`).
pub(super) fn play(game: &mut Tafl, text: &str) -> Vec<Event> {
    if let Err(why) = crate::game::check_moves_that_may_win(game) {
        panic!("{why}");
    }
    let mv: Move = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.play(mv)
        .unwrap_or_else(|e| panic!("{text} refused: {e} in {game:?}"))
}

/// The squares captured in `events`, sorted by name.
pub(super) fn captured(game: &Tafl, events: &[Event]) -> Vec<String> {
    let mut names: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Captured { at, .. } => Some(game.cell_name(*at)),
            _ => None,
        })
        .collect();
    names.sort();
    names
}

/// Plays `text` on `game` and returns the squares it captured, sorted.
pub(super) fn play_captures(game: &mut Tafl, text: &str) -> Vec<String> {
    let events = play(game, text);
    captured(game, &events)
}

/// The finish a winner and an ending make.
pub(super) fn finish(winner: Option<Seat>, ending: Ending) -> Option<Finish> {
    Some(Finish { winner, ending })
}

/// What stands on a named square.
pub(super) fn at(game: &Tafl, name: &str) -> Option<Piece> {
    game.piece_on(cell(game.variant(), name))
}

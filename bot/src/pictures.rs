//! Board pictures for adapters: a reply's [`Board`] drawn as PNG bytes by the `render`
//! crate, for the viewer the board names (so a public board can never show a hidden value).

use crate::session::Board;
use skald_render::{LastMove, RenderError, render_png, scene};

/// The PNG of a board, as its viewer sees it, with the last move marked.
pub fn board_png(board: &Board) -> Result<Vec<u8>, RenderError> {
    let [a, b] = &board.players;
    render_png(&scene(
        &board.position,
        board.viewer,
        [Some(a.clone()), Some(b.clone())],
        LastMove::from_events(&board.last_move),
    ))
}

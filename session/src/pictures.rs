//! Board pictures for adapters: a reply's [`Board`] drawn as a PNG (bytes, width and
//! height) by the `render` crate, for the viewer the board names (so a public board can
//! never show a hidden value), with the result in its header once the game is over.

use crate::Board;
use skald_lang::Lang;
pub use skald_render::Png;
use skald_render::{LastMove, RenderError, render_png, scene};

/// The PNG of a board, as its viewer sees it, with the last move marked, its words in
/// `lang` (the reader's), and its size in pixels.
pub fn board_png(board: &Board, lang: Lang) -> Result<Png, RenderError> {
    let [a, b] = &board.players;
    let mut scene = scene(
        &board.position,
        board.viewer,
        [Some(a.render(lang)), Some(b.render(lang))],
        LastMove::from_events(&board.last_move),
        lang,
    );
    if let Some(result) = &board.result {
        // As for a game its rules ended: the result instead of whose turn, no dice left.
        scene.finish(result.render(lang));
    }
    if let Some(compare) = &board.compare {
        // A review's turning point: the move played and the engine's, as two arrows.
        scene.compare(
            LastMove::from_events(&compare.played),
            LastMove::from_events(&compare.preferred),
            compare.legend.clone().map(|t| t.render(lang)),
        );
    }
    render_png(&scene)
}

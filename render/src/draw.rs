//! Drawing a [`Scene`]: the dispatch from the scene of any game to its board's painting
//! ([`crate::paint`]), above the games.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::paint::{draw_board, fix_board_palette};
use crate::scene::Scene;

/// Checks and draws `scene` at `scale` (1.0 = full size) on a fresh canvas.
pub(crate) fn draw(scene: &Scene, scale: f32, detail: bool) -> Result<Canvas, RenderError> {
    match scene {
        Scene::Hnefatafl(s) => draw_board(s, scale, detail),
        Scene::Adelta(s) => draw_board(s, scale, detail),
        Scene::Subulata(s) => draw_board(s, scale, detail),
        Scene::Daldosa(s) => draw_board(s, scale, detail),
    }
}

/// Checks and draws `scene` at full size, for a PNG: as [`draw`], and the canvas's layer has
/// its board's fixed palette (made from the board's swatches on first use).
pub(crate) fn draw_png(scene: &Scene) -> Result<Canvas, RenderError> {
    let canvas = draw(scene, 1.0, true)?;
    fix_palette(scene, &canvas)?;
    Ok(canvas)
}

/// Makes sure `canvas`'s layer (if any) has the fixed palette of `scene`'s board.
pub(crate) fn fix_palette(scene: &Scene, canvas: &Canvas) -> Result<(), RenderError> {
    match scene {
        Scene::Hnefatafl(s) => fix_board_palette(s, canvas),
        Scene::Adelta(s) => fix_board_palette(s, canvas),
        Scene::Subulata(s) => fix_board_palette(s, canvas),
        Scene::Daldosa(s) => fix_board_palette(s, canvas),
    }
}

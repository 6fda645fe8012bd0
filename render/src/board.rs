//! The shape every game drawer has, and the one drawing order they share.

use crate::canvas::Canvas;
use crate::font::{Fonts, fonts};
use crate::scene::{Header, LastMove};
use crate::theme::{HEADER_HEIGHT, TABLE, TABLE_SHADE, WIDTH};
use crate::{RenderError, Scene, header, layer, marks};
use skald_rules::{Cell, Seat};
use tiny_skia::Path;

/// A logical point.
pub(crate) type Pt = (f32, f32);

/// What each game drawer provides. Every drawer lays its board out below the header and
/// answers where its cells are, so the last-move marks and the tests work the same for all.
pub(crate) trait Board {
    /// The header shown above the board.
    fn header(&self) -> &Header;
    /// The last-move marks.
    fn last_move(&self) -> &LastMove;
    /// Height of the whole picture in logical pixels (header included).
    fn height(&self) -> f32;
    /// Checks what the types cannot: sizes, value ranges, the rule set, cell indices.
    fn check(&self) -> Result<(), RenderError>;
    /// Whether `cell` is a valid cell index of this board.
    fn has_cell(&self, cell: Cell) -> bool;
    /// Identifies the static board layer: two scenes with the same key must draw the same
    /// [`Board::draw_static`] (it is cached per key, scale and detail).
    fn layer_key(&self) -> u32;
    /// Draws the part of the board that never changes during a game (frame, fixed cells,
    /// labels). Must depend on nothing but [`Board::layer_key`].
    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts);
    /// Scenes on the same static layer that together show every kind of piece, mark and
    /// header part the game draws, in the places they can be (on each kind of cell, in the
    /// trays): the board's fixed palette is made from their colours (see `quantize.rs`).
    /// Must depend on nothing but [`Board::layer_key`], like the layer.
    fn swatches(&self) -> Vec<Self>
    where
        Self: Sized;
    /// Draws the part of the board under the pieces that depends on the scene (Subulata's
    /// terrain). Most boards have none.
    fn draw_board(&self, _c: &mut Canvas, _fonts: &Fonts) {}
    /// Draws the pieces, and whatever sits with them (trays, scores).
    fn draw_pieces(&self, c: &mut Canvas, fonts: &Fonts);
    /// Where a piece on `cell` stands (its centre).
    fn center(&self, cell: Cell) -> Option<Pt>;
    /// Whose piece stands on `cell`, if any (a capture mark shows the other colour).
    fn seat_at(&self, cell: Cell) -> Option<Seat>;
    /// The area highlighted when `cell` is the start or end of the last move.
    fn area(&self, cell: Cell) -> Option<Path>;
    /// Where an arrow for a piece leaving the board from `from` points to.
    fn exit(&self, from: Cell) -> Option<Pt>;
    /// Radius of a piece (sets the size of rings and crosses).
    fn piece_radius(&self) -> f32;
    /// How much last-move arrows bow sideways, as a fraction of their length (0: straight).
    fn arrow_bend(&self) -> f32;
}

/// Checks and draws `scene` at `scale` (1.0 = full size) on a fresh canvas.
pub(crate) fn draw(scene: &Scene, scale: f32, detail: bool) -> Result<Canvas, RenderError> {
    match scene {
        Scene::Hnefatafl(s) => draw_board(s, scale, detail),
        Scene::Adelta(s) => draw_board(s, scale, detail),
        Scene::Subulata(s) => draw_board(s, scale, detail),
        Scene::Daldosa(s) => draw_board(s, scale, detail),
    }
}

fn draw_board<B: Board>(b: &B, scale: f32, detail: bool) -> Result<Canvas, RenderError> {
    b.check()?;
    let fonts = fonts()?;
    paint(b, fonts, scale, detail)
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

fn fix_board_palette<B: Board>(b: &B, canvas: &Canvas) -> Result<(), RenderError> {
    let Some(layer) = canvas.base.as_ref() else {
        return Ok(());
    };
    if layer.fixed().is_some() {
        return Ok(());
    }
    let fonts = fonts()?;
    layer.fix(|| {
        b.swatches()
            .iter()
            .map(|swatch| {
                let mut c = Canvas {
                    pixmap: layer.pixmap.clone(),
                    scale: canvas.scale,
                    detail: canvas.detail,
                    base: None,
                };
                paint_over(swatch, fonts, &mut c);
                c.pixmap.data().to_vec()
            })
            .collect()
    });
    Ok(())
}

/// Draws a whole picture at `scale`: table and static board (from the layer cache), header,
/// scene board parts, highlights and arrows, pieces, then rings and capture marks.
pub(crate) fn paint<B: Board>(
    b: &B,
    fonts: &Fonts,
    scale: f32,
    detail: bool,
) -> Result<Canvas, RenderError> {
    let static_layer = |c: &mut Canvas| {
        c.clear(TABLE);
        // a soft darker band under the header separates it from the board area
        c.fill(
            crate::canvas::rect(0.0, HEADER_HEIGHT - 2.0, WIDTH, 2.0),
            TABLE_SHADE.alpha(0x60),
        );
        b.draw_static(c, fonts);
    };
    let mut c = layer::canvas(
        b.layer_key(),
        WIDTH,
        b.height(),
        scale,
        detail,
        static_layer,
    )?;
    paint_over(b, fonts, &mut c);
    Ok(c)
}

/// Draws what a picture adds to its static layer: header, scene board parts, highlights and
/// arrows, pieces, then rings and capture marks.
fn paint_over<B: Board>(b: &B, fonts: &Fonts, c: &mut Canvas) {
    header::draw(c, fonts, b.header());
    b.draw_board(c, fonts);
    marks::under(c, b);
    marks::arrows(c, b);
    b.draw_pieces(c, fonts);
    marks::over(c, b);
}

/// Checks the header and that every marked cell exists on the board.
pub(crate) fn check_common<B: Board>(b: &B) -> Result<(), RenderError> {
    header::check(b.header())?;
    if let Some(bad) = b.last_move().cells().find(|&cell| !b.has_cell(cell)) {
        return Err(RenderError::InvalidScene(format!(
            "last move refers to cell {bad}, which is not on this board"
        )));
    }
    Ok(())
}

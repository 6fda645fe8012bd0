//! The one drawing order every game shares: the table and static board (from the layer
//! cache), the header, the board's own parts, the last move's marks and the pieces; and the
//! checks every board makes. Generic over [`Board`], so it names no game.

use crate::RenderError;
use crate::board::Board;
use crate::canvas::Canvas;
use crate::font::{Fonts, fonts};
use crate::theme::{HEADER_HEIGHT, TABLE, TABLE_SHADE, WIDTH};
use crate::{header, layers, marks};

/// Checks and draws one game's board at `scale`.
pub(crate) fn draw_board<B: Board>(b: &B, scale: f32, detail: bool) -> Result<Canvas, RenderError> {
    b.check()?;
    let fonts = fonts()?;
    paint(b, fonts, scale, detail)
}

/// Makes sure `canvas`'s layer (if any) has the fixed palette of `b`'s board, made from its
/// swatches.
pub(crate) fn fix_board_palette<B: Board>(b: &B, canvas: &Canvas) -> Result<(), RenderError> {
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
    let mut c = layers::canvas(
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
    marks::compared_arrows(c, b);
    b.draw_pieces(c, fonts);
    marks::over(c, b);
    marks::compared_rings(c, b);
}

/// Checks the header and that every marked cell exists on the board.
pub(crate) fn check_common<B: Board>(b: &B) -> Result<(), RenderError> {
    header::check(b.header())?;
    if let Some(bad) = b.last_move().cells().find(|&cell| !b.has_cell(cell)) {
        return Err(RenderError::InvalidScene(format!(
            "last move refers to cell {bad}, which is not on this board"
        )));
    }
    let compared = b.header().compared.iter();
    let cells = compared.flat_map(|m| m.played.cells().chain(m.preferred.cells()));
    if let Some(bad) = cells.into_iter().find(|&cell| !b.has_cell(cell)) {
        return Err(RenderError::InvalidScene(format!(
            "a compared move refers to cell {bad}, which is not on this board"
        )));
    }
    Ok(())
}

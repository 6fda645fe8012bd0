//! The band under a turning point's board ([`crate::frame::Compared`]): a line per move,
//! each with a sample of its arrow (orange and solid for the move played, blue and dashed
//! for the engine's), worded by the caller. Large enough to read on a phone that shows the
//! picture 400 px wide.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::font::{Align, Face, fonts};
use crate::frame::Compared;
use crate::marks::arrow;
use crate::theme::{ARROW, ARROW_PREFERRED, INK_LIGHT, MARGIN, TABLE, TABLE_SHADE, WIDTH};
use tiny_skia::{PixmapPaint, Transform};

/// The legend's text size: about 14 px high on a phone.
const EM: f32 = 26.0;
/// Height of one legend line.
const ROW: f32 = 42.0;
/// Height of the band: two lines and a little room.
pub(crate) const BAND: f32 = 2.0 * ROW + 18.0;

/// `board` (a whole picture drawn at full size) with the band wording `compared` added
/// under it: a new, taller canvas with no cached layer.
pub(crate) fn under(board: &Canvas, compared: &Compared) -> Result<Canvas, RenderError> {
    let fonts = fonts()?;
    let top = board.pixmap.height() as f32 / board.scale;
    let mut c = Canvas::new(WIDTH, top + BAND, board.scale, board.detail)?;
    c.clear(TABLE);
    c.pixmap.draw_pixmap(
        0,
        0,
        board.pixmap.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    c.fill(
        crate::canvas::rect(0.0, top, WIDTH, 2.0),
        TABLE_SHADE.alpha(0x60),
    );
    let sample_w = 64.0;
    let text_x = MARGIN + 4.0 + sample_w + 16.0;
    for (i, (words, color)) in compared
        .legend
        .iter()
        .zip([ARROW, ARROW_PREFERRED])
        .enumerate()
    {
        let mid = top + 8.0 + ROW * (i as f32 + 0.5);
        arrow(
            &mut c,
            (MARGIN + 4.0, mid),
            (MARGIN + 4.0 + sample_w, mid),
            0.0,
            (0.0, 0.0),
            color,
            i == 1,
        );
        let text = fonts.fit(words, EM, Face::Bold, WIDTH - MARGIN - text_x);
        fonts.draw(
            &mut c,
            &text,
            text_x,
            mid + EM * crate::font::CAP_HEIGHT / 2.0,
            EM,
            Face::Bold,
            INK_LIGHT,
            Align::Left,
        );
    }
    Ok(c)
}

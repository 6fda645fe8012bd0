//! The page every chart is drawn on: its size (narrower than a board, so its words read
//! larger on a phone), the table background, the title, legend rows, and the encoding.

use crate::RenderError;
use crate::canvas::{Canvas, rounded_rect};
use crate::font::{Align, Face, Fonts};
use crate::png::{Png, encode_png};
use crate::theme::{BOARD, FRAME, INK_DARK, INK_DIM, INK_LIGHT, Rgba, TABLE};

/// Width of every chart: chat apps on phones show a picture about 400 px wide, so a chart's
/// 19 px labels read about 12 px high there, as the standings picture's rows do.
pub(crate) const WIDTH: f32 = 640.0;
/// Space between the picture's edge and its panel.
pub(crate) const OUTER: f32 = 16.0;
/// Title text size.
pub(crate) const TITLE_EM: f32 = 26.0;
/// Where the title's baseline is.
const TITLE_BASE: f32 = 38.0;
/// Where the panel starts, below the title.
pub(crate) const PANEL_TOP: f32 = 56.0;
/// Labels: axis numbers, dates, names in legends.
pub(crate) const LABEL_EM: f32 = 19.0;
/// Names and the legend's words.
pub(crate) const NAME_EM: f32 = 21.0;
/// Height of a legend row.
pub(crate) const ROW_H: f32 = 30.0;
/// Notes under a chart.
pub(crate) const NOTE_EM: f32 = 19.0;

/// A chart's canvas of `height`: the table, the title, and the parchment panel from
/// [`PANEL_TOP`] down to `panel_bottom`.
pub(crate) fn page(
    fonts: &Fonts,
    title: &str,
    height: f32,
    panel_bottom: f32,
) -> Result<Canvas, RenderError> {
    let mut c = Canvas::new(WIDTH, height.round(), 1.0, false)?;
    c.clear(TABLE);
    let title = fonts.fit(title, TITLE_EM, Face::Bold, WIDTH - 2.0 * OUTER - 4.0);
    fonts.draw(
        &mut c,
        &title,
        OUTER + 4.0,
        TITLE_BASE,
        TITLE_EM,
        Face::Bold,
        INK_LIGHT,
        Align::Left,
    );
    let (x, w, h) = (OUTER, WIDTH - 2.0 * OUTER, panel_bottom - PANEL_TOP);
    c.fill(rounded_rect(x, PANEL_TOP, w, h, 8.0), BOARD);
    c.stroke(rounded_rect(x, PANEL_TOP, w, h, 8.0), FRAME, 2.0);
    Ok(c)
}

/// A line of dim text on the table under the panel (a note, what the empty chart means),
/// shortened to the picture's width; `y` is its baseline.
pub(crate) fn note(c: &mut Canvas, fonts: &Fonts, text: &str, y: f32) {
    let text = fonts.fit(text, NOTE_EM, Face::Regular, WIDTH - 2.0 * OUTER - 8.0);
    fonts.draw(
        c,
        &text,
        OUTER + 4.0,
        y,
        NOTE_EM,
        Face::Regular,
        INK_DIM,
        Align::Left,
    );
}

/// Text on the panel, shortened to `max_w`, with its baseline at `y`; returns its width.
#[allow(clippy::too_many_arguments)]
pub(crate) fn label(
    c: &mut Canvas,
    fonts: &Fonts,
    text: &str,
    x: f32,
    y: f32,
    em: f32,
    face: Face,
    max_w: f32,
    align: Align,
) -> f32 {
    let text = fonts.fit(text, em, face, max_w.max(0.0));
    fonts.draw(c, &text, x, y, em, face, INK_DARK, align)
}

/// A text centred vertically in a row whose middle is `mid`: its baseline.
pub(crate) fn baseline(mid: f32, em: f32) -> f32 {
    mid + em * crate::font::CAP_HEIGHT / 2.0
}

/// A short stroke of a curve's colour, as a legend shows it, from `x` along the middle `mid`.
pub(crate) fn line_swatch(c: &mut Canvas, x: f32, mid: f32, color: Rgba) {
    c.stroke(crate::canvas::line(x, mid, x + 26.0, mid), INK_DARK, 7.0);
    c.stroke(crate::canvas::line(x, mid, x + 26.0, mid), color, 4.5);
}

/// The canvas as an indexed PNG with its size.
pub(crate) fn finish(c: &Canvas) -> Result<Png, RenderError> {
    Ok(Png {
        bytes: encode_png(c)?,
        width: c.pixmap.width(),
        height: c.pixmap.height(),
    })
}

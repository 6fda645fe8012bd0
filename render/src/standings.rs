//! The standings picture: a tournament's table (place, player, points, tie-breaks, games
//! left) on a parchment panel, and for a small round-robin its crosstable below it.
//!
//! The caller gives every word and number as text ([`StandingsPicture`]), already in the
//! reader's language; this module only lays them out. Names are shortened with an ellipsis
//! to the name column's width, so no text leaves its column. The picture is as narrow as its
//! columns allow (at least [`MIN_WIDTH`], at most the board pictures' width): chat apps on
//! phones show images about 400 px wide, so a narrower picture shows its text larger.

use crate::RenderError;
use crate::canvas::{Canvas, rect, rounded_rect};
use crate::font::{Align, Face, Fonts, fonts};
use crate::png::{Png, encode_png};
use crate::theme::{BOARD, BOARD_ALT, BOARD_LINE, FRAME, INK_DARK, INK_DIM, INK_LIGHT, TABLE};

/// The most rows a picture holds (the caller shows the first ones and says so): keeps the
/// picture under the canvas's height limit.
pub const MAX_STANDINGS_ROWS: usize = 128;
/// The most players a crosstable holds: above this its cells get too small to read on a
/// phone, and the table alone is shown.
pub const MAX_CROSSTABLE_PLAYERS: usize = 16;
/// The most value columns (points, tie-breaks, games left).
const MAX_VALUE_COLUMNS: usize = 8;

/// The narrowest picture, in pixels.
pub(crate) const MIN_WIDTH: f32 = 480.0;
/// The widest picture: the board pictures' width.
pub(crate) const MAX_WIDTH: f32 = crate::theme::WIDTH;
/// Space between the picture's edge and the panels.
pub(crate) const OUTER: f32 = 16.0;
/// Space inside a panel, left and right of its text.
const INNER: f32 = 12.0;
/// Space between two columns.
const GAP: f32 = 16.0;
/// The widest a name column gets.
const NAME_MAX: f32 = 300.0;
/// The widest a place or value column gets (a longer text is shortened).
const VALUE_MAX: f32 = 120.0;
/// The narrowest a name column gets before the picture is as wide as it may be.
const NAME_MIN: f32 = 110.0;

/// Title text size.
const TITLE_EM: f32 = 28.0;
/// Subtitle text size.
const SUBTITLE_EM: f32 = 19.0;
/// Column header text size.
const HEAD_EM: f32 = 17.0;
/// Table text size: about 11-12 px on a phone that shows the picture 400 px wide.
const ROW_EM: f32 = 22.0;
/// Height of a table row.
const ROW_H: f32 = 38.0;
/// Height of the column header row.
const HEAD_H: f32 = 34.0;
/// Crosstable text size.
const CROSS_EM: f32 = 19.0;
/// Height of a crosstable row.
const CROSS_H: f32 = 32.0;
/// The narrowest crosstable cell.
const CROSS_CELL_MIN: f32 = 28.0;
/// The crosstable's name column: shorter than the table's, the cells need the room.
const CROSS_NAME_MAX: f32 = 180.0;
/// The legend's text size.
const LEGEND_EM: f32 = 16.0;
/// Height of a legend line.
const LEGEND_H: f32 = 23.0;

/// A standings table to draw, every cell as the reader will read it.
///
/// Exists so the session can describe the picture as plain data (stored with a notice,
/// drawn when delivered) without knowing anything of drawing; [`render_standings`] draws it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsPicture {
    /// The first line: the tournament's name.
    pub title: String,
    /// The second line: where the tournament stands ("After round 3 of 7"); may be empty.
    pub subtitle: String,
    /// The place column's header ("#").
    pub place_header: String,
    /// The player column's header.
    pub player_header: String,
    /// The headers of the value columns, left to right: points first (drawn bold), then the
    /// tie-breaks and games left. At most eight.
    pub value_headers: Vec<String>,
    /// The rows, best first: at most [`MAX_STANDINGS_ROWS`].
    pub rows: Vec<StandingsRow>,
    /// The crosstable, if any: its heading and `cells[row][column]`, rows and columns in the
    /// order of [`StandingsPicture::rows`] (row `i` is labelled `i + 1` and the player's
    /// name), the diagonal shaded. At most [`MAX_CROSSTABLE_PLAYERS`] players.
    pub crosstable: Option<CrosstableBlock>,
    /// Short notes under the table (what the abbreviations mean, what was left out), run
    /// together with " · " and wrapped to the picture's width.
    pub legend: Vec<String>,
}

/// One row of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsRow {
    /// The place ("1", "3" for a shared third place).
    pub place: String,
    /// The player's name, shortened when drawn if too long.
    pub player: String,
    /// One value per [`StandingsPicture::value_headers`]: "2½", "7¼", "3".
    pub values: Vec<String>,
}

/// The crosstable under the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrosstableBlock {
    /// Its heading ("Crosstable").
    pub title: String,
    /// `cells[row][column]`: "1", "½", "0", "+", "-", "·" for a game not played yet, "×" on
    /// the diagonal; "1½" for two games.
    pub cells: Vec<Vec<String>>,
}

/// Where everything goes, computed before drawing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    /// The picture's width and height.
    pub width: f32,
    pub height: f32,
    /// The table panel: x, y, width, height.
    pub panel: (f32, f32, f32, f32),
    /// Width of the place, name and value columns.
    place_w: f32,
    pub name_w: f32,
    value_w: Vec<f32>,
    /// The crosstable panel, if drawn: x, y, width, height; its name column and cell width.
    pub cross: Option<(f32, f32, f32, f32)>,
    cross_label_w: f32,
    cross_name_w: f32,
    cross_cell_w: f32,
    /// The legend's lines and where the first starts.
    legend: Vec<String>,
    legend_y: f32,
}

/// Draws a standings table (and its crosstable) as a PNG.
///
/// The entry point for standings pictures: the session posts these bytes. A picture that
/// contradicts itself (a row with another number of values than there are headers, a
/// crosstable that is not square or does not match the rows, too many rows) gives
/// [`RenderError::InvalidScene`].
pub fn render_standings(picture: &StandingsPicture) -> Result<Png, RenderError> {
    let canvas = draw(picture)?;
    Ok(Png {
        bytes: encode_png(&canvas)?,
        width: canvas.pixmap.width(),
        height: canvas.pixmap.height(),
    })
}

/// Checks what the types cannot.
fn check(p: &StandingsPicture) -> Result<(), RenderError> {
    let bad = |m: String| Err(RenderError::InvalidScene(m));
    if p.rows.is_empty() {
        return bad("a standings table needs at least one row".into());
    }
    if p.rows.len() > MAX_STANDINGS_ROWS {
        return bad(format!(
            "{} rows; a standings picture holds at most {MAX_STANDINGS_ROWS}",
            p.rows.len()
        ));
    }
    if p.value_headers.len() > MAX_VALUE_COLUMNS {
        return bad(format!(
            "{} value columns; at most {MAX_VALUE_COLUMNS}",
            p.value_headers.len()
        ));
    }
    if let Some(row) = p
        .rows
        .iter()
        .position(|r| r.values.len() != p.value_headers.len())
    {
        return bad(format!(
            "row {} has {} values for {} headers",
            row + 1,
            p.rows[row].values.len(),
            p.value_headers.len()
        ));
    }
    if let Some(cross) = &p.crosstable {
        let n = p.rows.len();
        if n > MAX_CROSSTABLE_PLAYERS {
            return bad(format!(
                "a crosstable of {n} players; at most {MAX_CROSSTABLE_PLAYERS}"
            ));
        }
        if cross.cells.len() != n || cross.cells.iter().any(|r| r.len() != n) {
            return bad(format!("the crosstable is not {n} by {n}"));
        }
    }
    Ok(())
}

/// The widest of `texts` at `em`.
fn widest<'a>(fonts: &Fonts, texts: impl IntoIterator<Item = &'a str>, em: f32, face: Face) -> f32 {
    texts
        .into_iter()
        .map(|t| fonts.measure(t, em, face))
        .fold(0.0, f32::max)
}

/// Lays the picture out.
pub(crate) fn layout(p: &StandingsPicture, fonts: &Fonts) -> Layout {
    let place_w = widest(
        fonts,
        p.rows.iter().map(|r| r.place.as_str()),
        ROW_EM,
        Face::Bold,
    )
    .max(fonts.measure(&p.place_header, HEAD_EM, Face::Bold))
    .min(VALUE_MAX);
    let value_w: Vec<f32> = (0..p.value_headers.len())
        .map(|i| {
            let face = if i == 0 { Face::Bold } else { Face::Regular };
            widest(
                fonts,
                p.rows
                    .iter()
                    .filter_map(|r| r.values.get(i))
                    .map(String::as_str),
                ROW_EM,
                face,
            )
            .max(fonts.measure(&p.value_headers[i], HEAD_EM, Face::Bold))
            .min(VALUE_MAX)
        })
        .collect();
    let fixed =
        2.0 * OUTER + 2.0 * INNER + place_w + value_w.iter().map(|w| w + GAP).sum::<f32>() + GAP;
    let wanted_name = widest(
        fonts,
        p.rows.iter().map(|r| r.player.as_str()),
        ROW_EM,
        Face::Regular,
    )
    .max(fonts.measure(&p.player_header, HEAD_EM, Face::Bold))
    .clamp(NAME_MIN, NAME_MAX);

    // The crosstable: a label column (number and short name), then one cell per player.
    let n = p.rows.len();
    let cross = p.crosstable.as_ref().map(|c| {
        let numbers: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let label_w = widest(
            fonts,
            numbers.iter().map(String::as_str),
            CROSS_EM,
            Face::Bold,
        );
        let cell_w = (widest(
            fonts,
            c.cells.iter().flatten().map(String::as_str),
            CROSS_EM,
            Face::Regular,
        )
        .max(label_w)
            + 10.0)
            .max(CROSS_CELL_MIN);
        let name_w = widest(
            fonts,
            p.rows.iter().map(|r| r.player.as_str()),
            CROSS_EM,
            Face::Regular,
        )
        .max(fonts.measure(&c.title, HEAD_EM, Face::Bold) - label_w - 8.0)
        .min(CROSS_NAME_MAX);
        (label_w, name_w, cell_w)
    });
    let cross_fixed = |name_w: f32, (label_w, _, cell_w): (f32, f32, f32)| {
        2.0 * OUTER + 2.0 * INNER + label_w + 8.0 + name_w + 8.0 + n as f32 * cell_w
    };

    let mut width = (fixed + wanted_name).max(MIN_WIDTH);
    if let Some(c) = cross {
        width = width.max(cross_fixed(c.1, c));
    }
    let width = width.min(MAX_WIDTH).round();
    // the name column takes what the others leave, up to its widest name (or more, when the
    // picture is wider for the crosstable or the minimum width)
    let name_w = (width - fixed).max(0.0);
    let cross_name_w = cross.map_or(0.0, |c| (width - cross_fixed(0.0, c)).clamp(0.0, c.1));

    // Heights.
    let title_h = if p.subtitle.is_empty() { 58.0 } else { 90.0 };
    let panel_y = title_h;
    let panel_h = HEAD_H + ROW_H * n as f32 + 6.0;
    let panel = (OUTER, panel_y, width - 2.0 * OUTER, panel_h);
    let mut y = panel_y + panel_h + OUTER;
    let cross_panel = p.crosstable.as_ref().map(|_| {
        let h = HEAD_H + CROSS_H * (n as f32 + 1.0) + 6.0;
        let r = (OUTER, y, width - 2.0 * OUTER, h);
        y += h + OUTER;
        r
    });
    let legend = wrap(fonts, &p.legend, width - 2.0 * OUTER);
    let legend_y = y;
    let height = if legend.is_empty() {
        y
    } else {
        y + LEGEND_H * legend.len() as f32 + 4.0
    };
    Layout {
        width,
        height: height.round(),
        panel,
        place_w,
        name_w,
        value_w,
        cross: cross_panel,
        cross_label_w: cross.map_or(0.0, |c| c.0),
        cross_name_w,
        cross_cell_w: cross.map_or(0.0, |c| c.2),
        legend,
        legend_y,
    }
}

/// The legend's items run together with " · " into lines at most `max_w` wide (an item
/// longer than a line is shortened).
fn wrap(fonts: &Fonts, items: &[String], max_w: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items.iter().filter(|i| !i.is_empty()) {
        let joined = if line.is_empty() {
            item.clone()
        } else {
            format!("{line} · {item}")
        };
        if fonts.measure(&joined, LEGEND_EM, Face::Regular) <= max_w {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = fonts.fit(item, LEGEND_EM, Face::Regular, max_w);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Checks, lays out and draws the picture at full size.
pub(crate) fn draw(p: &StandingsPicture) -> Result<Canvas, RenderError> {
    check(p)?;
    let fonts = fonts()?;
    let l = layout(p, fonts);
    let mut c = Canvas::new(l.width, l.height, 1.0, false)?;
    c.clear(TABLE);

    // Title and subtitle.
    let title = fonts.fit(&p.title, TITLE_EM, Face::Bold, l.width - 2.0 * OUTER - 4.0);
    fonts.draw(
        &mut c,
        &title,
        OUTER + 4.0,
        40.0,
        TITLE_EM,
        Face::Bold,
        INK_LIGHT,
        Align::Left,
    );
    if !p.subtitle.is_empty() {
        let sub = fonts.fit(
            &p.subtitle,
            SUBTITLE_EM,
            Face::Regular,
            l.width - 2.0 * OUTER - 4.0,
        );
        fonts.draw(
            &mut c,
            &sub,
            OUTER + 4.0,
            72.0,
            SUBTITLE_EM,
            Face::Regular,
            INK_DIM,
            Align::Left,
        );
    }

    draw_table(&mut c, fonts, p, &l);
    if let (Some(cross), Some(area)) = (&p.crosstable, l.cross) {
        draw_crosstable(&mut c, fonts, p, cross, &l, area);
    }
    for (i, line) in l.legend.iter().enumerate() {
        let y = l.legend_y + LEGEND_H * i as f32 + LEGEND_EM;
        fonts.draw(
            &mut c,
            line,
            OUTER + 4.0,
            y,
            LEGEND_EM,
            Face::Regular,
            INK_DIM,
            Align::Left,
        );
    }
    Ok(c)
}

/// A parchment panel with its header band.
fn panel(c: &mut Canvas, (x, y, w, h): (f32, f32, f32, f32)) {
    c.fill(rounded_rect(x, y, w, h, 8.0), BOARD);
    c.fill(rect(x, y + HEAD_H - 1.0, w, 1.5), BOARD_LINE);
    c.stroke(rounded_rect(x, y, w, h, 8.0), FRAME, 2.0);
}

/// The table: header row, then one row per player on alternating stripes.
fn draw_table(c: &mut Canvas, fonts: &Fonts, p: &StandingsPicture, l: &Layout) {
    let (x0, y0, w, _) = l.panel;
    panel(c, l.panel);
    let stripe = BOARD.mix(BOARD_ALT, 0.55);
    let head_base = y0 + HEAD_H / 2.0 + HEAD_EM * crate::font::CAP_HEIGHT / 2.0;
    // column right edges: place, then each value column from the right
    let place_right = x0 + INNER + l.place_w;
    let name_x = place_right + GAP;
    let mut value_right = Vec::with_capacity(l.value_w.len());
    let mut right = x0 + w - INNER;
    for vw in l.value_w.iter().rev() {
        value_right.push(right);
        right -= vw + GAP;
    }
    value_right.reverse();
    let name_w = (right - name_x).max(0.0);

    let head = |c: &mut Canvas, text: &str, x: f32, align: Align, max_w: f32| {
        let text = fonts.fit(text, HEAD_EM, Face::Bold, max_w);
        fonts.draw(c, &text, x, head_base, HEAD_EM, Face::Bold, FRAME, align);
    };
    head(c, &p.place_header, place_right, Align::Right, l.place_w);
    head(c, &p.player_header, name_x, Align::Left, name_w);
    for (i, h) in p.value_headers.iter().enumerate() {
        head(c, h, value_right[i], Align::Right, l.value_w[i]);
    }

    for (i, row) in p.rows.iter().enumerate() {
        let top = y0 + HEAD_H + ROW_H * i as f32;
        if i % 2 == 1 {
            c.fill_crisp(x0 + 2.0, top, w - 4.0, ROW_H, stripe);
        }
        let base = top + ROW_H / 2.0 + ROW_EM * crate::font::CAP_HEIGHT / 2.0;
        let place = fonts.fit(&row.place, ROW_EM, Face::Bold, l.place_w);
        fonts.draw(
            c,
            &place,
            place_right,
            base,
            ROW_EM,
            Face::Bold,
            INK_DARK,
            Align::Right,
        );
        let name = fonts.fit(&row.player, ROW_EM, Face::Regular, name_w);
        fonts.draw(
            c,
            &name,
            name_x,
            base,
            ROW_EM,
            Face::Regular,
            INK_DARK,
            Align::Left,
        );
        for (j, v) in row.values.iter().enumerate() {
            let face = if j == 0 { Face::Bold } else { Face::Regular };
            let v = fonts.fit(v, ROW_EM, face, l.value_w[j]);
            fonts.draw(
                c,
                &v,
                value_right[j],
                base,
                ROW_EM,
                face,
                INK_DARK,
                Align::Right,
            );
        }
    }
}

/// The crosstable: its heading and column numbers, then a row per player (number, name,
/// cells), the diagonal shaded.
fn draw_crosstable(
    c: &mut Canvas,
    fonts: &Fonts,
    p: &StandingsPicture,
    cross: &CrosstableBlock,
    l: &Layout,
    area: (f32, f32, f32, f32),
) {
    let (x0, y0, w, _) = area;
    panel(c, area);
    let n = p.rows.len();
    let cap = crate::font::CAP_HEIGHT;
    let head_base = y0 + HEAD_H / 2.0 + HEAD_EM * cap / 2.0;
    let title = fonts.fit(&cross.title, HEAD_EM, Face::Bold, w - 2.0 * INNER);
    fonts.draw(
        c,
        &title,
        x0 + INNER,
        head_base,
        HEAD_EM,
        Face::Bold,
        FRAME,
        Align::Left,
    );
    let label_right = x0 + INNER + l.cross_label_w;
    let name_x = label_right + 8.0;
    // the cells sit at the panel's right end
    let cells_x = x0 + w - INNER - n as f32 * l.cross_cell_w;
    let name_w = (cells_x - 8.0 - name_x).min(l.cross_name_w).max(0.0);
    let stripe = BOARD.mix(BOARD_ALT, 0.55);
    let diagonal = BOARD_ALT.mix(BOARD_LINE, 0.45);
    let line_top = y0 + HEAD_H;
    // the column numbers
    for j in 0..n {
        let cx = cells_x + l.cross_cell_w * (j as f32 + 0.5);
        let base = line_top + CROSS_H / 2.0 + CROSS_EM * cap / 2.0;
        fonts.draw(
            c,
            &(j + 1).to_string(),
            cx,
            base,
            CROSS_EM,
            Face::Bold,
            FRAME,
            Align::Center,
        );
    }
    for (i, row) in cross.cells.iter().enumerate() {
        let top = line_top + CROSS_H * (i as f32 + 1.0);
        if i % 2 == 0 {
            c.fill_crisp(x0 + 2.0, top, w - 4.0, CROSS_H, stripe);
        }
        let base = top + CROSS_H / 2.0 + CROSS_EM * cap / 2.0;
        fonts.draw(
            c,
            &(i + 1).to_string(),
            label_right,
            base,
            CROSS_EM,
            Face::Bold,
            INK_DARK,
            Align::Right,
        );
        let name = p.rows.get(i).map_or("", |r| r.player.as_str());
        let name = fonts.fit(name, CROSS_EM, Face::Regular, name_w);
        fonts.draw(
            c,
            &name,
            name_x,
            base,
            CROSS_EM,
            Face::Regular,
            INK_DARK,
            Align::Left,
        );
        for (j, cell) in row.iter().enumerate() {
            let x = cells_x + l.cross_cell_w * j as f32;
            if i == j {
                c.fill_crisp(
                    x + 1.0,
                    top + 1.0,
                    l.cross_cell_w - 2.0,
                    CROSS_H - 2.0,
                    diagonal,
                );
            }
            let cell = fonts.fit(cell, CROSS_EM, Face::Regular, l.cross_cell_w - 4.0);
            let cx = x + l.cross_cell_w / 2.0;
            fonts.draw(
                c,
                &cell,
                cx,
                base,
                CROSS_EM,
                Face::Regular,
                INK_DARK,
                Align::Center,
            );
        }
    }
    // faint lines between the cell columns
    for j in 0..=n {
        let x = (cells_x + l.cross_cell_w * j as f32).round();
        c.fill_crisp(
            x,
            line_top,
            1.0,
            CROSS_H * (n as f32 + 1.0),
            BOARD_LINE.alpha(0x50),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::RgbImage;

    /// A table of `n` players with points, two tie-breaks and games left.
    fn sample(n: usize, name: impl Fn(usize) -> String) -> StandingsPicture {
        StandingsPicture {
            title: "Autumn Hnefatafl Swiss".into(),
            subtitle: "After round 3 of 7".into(),
            place_header: "#".into(),
            player_header: "Player".into(),
            value_headers: vec!["Pts".into(), "BH-1".into(), "W".into(), "Left".into()],
            rows: (0..n)
                .map(|i| StandingsRow {
                    place: (i + 1).to_string(),
                    player: name(i),
                    values: vec![
                        format!("{}½", 7 - i.min(7)),
                        format!("{}¼", 20 + i),
                        "3".into(),
                        "4".into(),
                    ],
                })
                .collect(),
            crosstable: None,
            legend: vec!["BH-1: Buchholz Cut 1".into(), "W: wins".into()],
        }
    }

    fn with_crosstable(mut p: StandingsPicture) -> StandingsPicture {
        let n = p.rows.len();
        p.crosstable = Some(CrosstableBlock {
            title: "Crosstable".into(),
            cells: (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| if i == j { "×" } else { "½" }.to_string())
                        .collect()
                })
                .collect(),
        });
        p
    }

    fn rgb(p: &StandingsPicture) -> RgbImage {
        let c = match draw(p) {
            Ok(c) => c,
            Err(e) => panic!("cannot draw: {e}"),
        };
        let (w, h) = (c.pixmap.width(), c.pixmap.height());
        let data = c
            .pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]]);
        match RgbImage::from_raw(w, h, data.collect()) {
            Some(img) => img,
            None => panic!("{w}x{h}"),
        }
    }

    fn layout_of(p: &StandingsPicture) -> Layout {
        match fonts() {
            Ok(f) => layout(p, f),
            Err(e) => panic!("{e}"),
        }
    }

    /// Every pixel right of the panels, in the rows of the table, is the plain background.
    fn nothing_right_of_the_panels(p: &StandingsPicture) {
        let img = rgb(p);
        let l = layout_of(p);
        let (x, y, w, h) = l.panel;
        let from = (x + w + 2.0).ceil() as u32;
        let table = [TABLE.0, TABLE.1, TABLE.2];
        for py in (y + 2.0) as u32..(y + h - 2.0) as u32 {
            for px in from..img.width() {
                assert_eq!(img.get_pixel(px, py).0, table, "pixel {px},{py}");
            }
        }
        // and left of them
        for py in (y + 2.0) as u32..(y + h - 2.0) as u32 {
            for px in 0..(x - 2.0) as u32 {
                assert_eq!(img.get_pixel(px, py).0, table, "pixel {px},{py}");
            }
        }
    }

    #[test]
    fn the_picture_grows_with_its_rows() {
        let mut last = 0;
        for n in [2, 5, 12, 64] {
            let png = match render_standings(&sample(n, |i| format!("Player {i}"))) {
                Ok(png) => png,
                Err(e) => panic!("{n} rows: {e}"),
            };
            assert!(png.height > last, "{n} rows: {} px high", png.height);
            assert!(png.width as f32 >= MIN_WIDTH && png.width as f32 <= MAX_WIDTH);
            last = png.height;
        }
        let small = layout_of(&sample(5, |i| format!("P{i}")));
        let crossed = layout_of(&with_crosstable(sample(5, |i| format!("P{i}"))));
        assert!(crossed.height > small.height + 5.0 * CROSS_H);
    }

    #[test]
    fn long_names_are_shortened_inside_the_table() {
        let long = |i: usize| match i % 4 {
            0 => "Ragnhildr Sigurðardóttir the Unconquerable of the Western Fjords".repeat(3),
            1 => "Александра Константиновна Преображенская-Воскресенская".into(),
            2 => "ΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑΑ".into(),
            _ => "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW".into(),
        };
        let p = sample(12, long);
        let l = layout_of(&p);
        assert!(l.width <= MAX_WIDTH);
        assert!(l.name_w <= NAME_MAX + 1.0);
        nothing_right_of_the_panels(&p);
        nothing_right_of_the_panels(&with_crosstable(p));
        // and a value far wider than its column does not run out either
        let mut wide = sample(3, |i| format!("P{i}"));
        wide.rows[0].values[3] = "9".repeat(300);
        nothing_right_of_the_panels(&wide);
    }

    #[test]
    fn contradictions_are_refused() {
        let mut p = sample(3, |i| format!("P{i}"));
        p.rows[1].values.pop();
        assert!(matches!(
            render_standings(&p),
            Err(RenderError::InvalidScene(_))
        ));
        let mut p = with_crosstable(sample(3, |i| format!("P{i}")));
        if let Some(c) = p.crosstable.as_mut() {
            c.cells[2].pop();
        }
        assert!(matches!(
            render_standings(&p),
            Err(RenderError::InvalidScene(_))
        ));
        let p = with_crosstable(sample(MAX_CROSSTABLE_PLAYERS + 1, |i| format!("P{i}")));
        assert!(matches!(
            render_standings(&p),
            Err(RenderError::InvalidScene(_))
        ));
        let p = sample(MAX_STANDINGS_ROWS + 1, |i| format!("P{i}"));
        assert!(matches!(
            render_standings(&p),
            Err(RenderError::InvalidScene(_))
        ));
        assert!(render_standings(&sample(MAX_STANDINGS_ROWS, |i| format!("P{i}"))).is_ok());
        assert!(matches!(
            render_standings(&sample(0, |i| format!("P{i}"))),
            Err(RenderError::InvalidScene(_))
        ));
    }

    #[test]
    fn the_same_table_gives_the_same_bytes() {
        let p = with_crosstable(sample(6, |i| format!("Player {i}")));
        assert_eq!(render_standings(&p), render_standings(&p));
    }

    /// `SKALD_STANDINGS_PREVIEW=dir` writes the samples there, to look at.
    #[test]
    fn preview() {
        let Some(dir) = std::env::var_os("SKALD_STANDINGS_PREVIEW") else {
            return;
        };
        let dir = std::path::PathBuf::from(dir);
        let long = |i: usize| {
            if i.is_multiple_of(3) {
                "Ragnhildr Sigurðardóttir the Unconquerable of the Western Fjords".to_string()
            } else {
                format!("Player {i}")
            }
        };
        for (name, p) in [
            ("cross5", with_crosstable(sample(5, long))),
            ("cross16", with_crosstable(sample(16, long))),
            ("swiss12", sample(12, long)),
        ] {
            if let Ok(png) = render_standings(&p) {
                let _ = std::fs::write(dir.join(format!("{name}.png")), png.bytes);
            }
        }
    }
}

//! Dice still to use, drawn in the header: six-sided dice with pips, four-sided dice as
//! triangles with their number.

use crate::canvas::{Canvas, circle, polygon, rounded_rect};
use crate::font::{Face, Fonts};
use crate::theme::{DIE, DIE_INK, Rgba, SHADOW};

/// The kinds of dice the games throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Die {
    /// A cube, 1..=6 (Ad Elta Stelpur).
    D6,
    /// A tetrahedron, 1..=4 (Daldøsa).
    D4,
}

impl Die {
    /// The highest face.
    pub fn sides(self) -> u8 {
        match self {
            Die::D6 => 6,
            Die::D4 => 4,
        }
    }
}

/// Size of one die and the gap between dice, in logical pixels.
pub(crate) const DIE_SIZE: f32 = 40.0;
/// Gap between two dice.
pub(crate) const DIE_GAP: f32 = 10.0;

/// Width of a row of `n` dice.
pub(crate) fn row_width(n: usize) -> f32 {
    if n == 0 {
        0.0
    } else {
        n as f32 * DIE_SIZE + (n - 1) as f32 * DIE_GAP
    }
}

/// Draws `values` left to right starting at `x`, their top at `y`.
pub(crate) fn draw_row(c: &mut Canvas, fonts: &Fonts, die: Die, values: &[u8], x: f32, y: f32) {
    for (i, &v) in values.iter().enumerate() {
        let left = x + i as f32 * (DIE_SIZE + DIE_GAP);
        match die {
            Die::D6 => d6(c, left, y, v),
            Die::D4 => d4(c, fonts, left, y, v),
        }
    }
}

fn d6(c: &mut Canvas, x: f32, y: f32, value: u8) {
    let s = DIE_SIZE;
    c.fill(rounded_rect(x + 2.0, y + 3.0, s, s, 8.0), SHADOW);
    c.fill(rounded_rect(x, y, s, s, 8.0), DIE);
    c.stroke(
        rounded_rect(x + 0.5, y + 0.5, s - 1.0, s - 1.0, 7.5),
        DIE_INK.alpha(0x90),
        1.2,
    );
    let (l, m, h) = (x + s * 0.27, x + s * 0.5, x + s * 0.73);
    let (t, mid, b) = (y + s * 0.27, y + s * 0.5, y + s * 0.73);
    let pips: &[(f32, f32)] = match value {
        1 => &[(m, mid)],
        2 => &[(l, t), (h, b)],
        3 => &[(l, t), (m, mid), (h, b)],
        4 => &[(l, t), (h, t), (l, b), (h, b)],
        5 => &[(l, t), (h, t), (m, mid), (l, b), (h, b)],
        _ => &[(l, t), (h, t), (l, mid), (h, mid), (l, b), (h, b)],
    };
    for &(px, py) in pips {
        c.fill(circle(px, py, s * 0.085), DIE_INK);
    }
}

fn d4(c: &mut Canvas, fonts: &Fonts, x: f32, y: f32, value: u8) {
    let s = DIE_SIZE;
    let tri = |dx: f32, dy: f32| {
        polygon(&[
            (x + s / 2.0 + dx, y + dy),
            (x + s + dx, y + s * 0.92 + dy),
            (x + dx, y + s * 0.92 + dy),
        ])
    };
    c.fill(tri(2.0, 3.0), SHADOW);
    c.fill(tri(0.0, 0.0), DIE);
    c.stroke(tri(0.0, 0.0), DIE_INK.alpha(0x90), 1.2);
    // the facet lines of a tetrahedron seen from above
    let centre = (x + s / 2.0, y + s * 0.62);
    for corner in [(x + s / 2.0, y), (x + s, y + s * 0.92), (x, y + s * 0.92)] {
        c.stroke(
            crate::canvas::line(centre.0, centre.1, corner.0, corner.1),
            Rgba::rgb(0xd8, 0xcc, 0xb4),
            1.0,
        );
    }
    c.fill(circle(centre.0, centre.1, s * 0.24), DIE);
    fonts.draw_centered(
        c,
        &value.to_string(),
        centre.0,
        centre.1,
        17.0,
        Face::Bold,
        DIE_INK,
    );
}

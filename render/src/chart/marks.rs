//! What is drawn on a chart's curves: result dots told apart by colour and shape (a win
//! points up, a loss down, a draw is a diamond, so colour-blind readers tell them apart),
//! round points with a rim, and small labels in a tag.

use crate::canvas::{Canvas, circle, polygon, rounded_rect};
use crate::font::{Face, Fonts};
use crate::theme::{BOARD, FRAME, INK_DARK, Rgba};

/// The shape of a result dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A triangle pointing up (a win).
    Up,
    /// A triangle pointing down (a loss).
    Down,
    /// A diamond (a draw).
    Diamond,
}

/// A dot of `shape` and `color` centred on (`x`, `y`), about `r` in radius, with a light rim
/// so it shows on any curve or band.
pub(crate) fn dot(c: &mut Canvas, x: f32, y: f32, r: f32, shape: Shape, color: Rgba) {
    let outline = |r: f32| match shape {
        Shape::Up => polygon(&[
            (x, y - r * 1.15),
            (x + r * 1.1, y + r * 0.75),
            (x - r * 1.1, y + r * 0.75),
        ]),
        Shape::Down => polygon(&[
            (x, y + r * 1.15),
            (x + r * 1.1, y - r * 0.75),
            (x - r * 1.1, y - r * 0.75),
        ]),
        Shape::Diamond => polygon(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
    };
    c.fill(outline(r + 2.5), BOARD);
    c.fill(outline(r), color);
}

/// A round point of `color` with a dark rim and a light halo, on (`x`, `y`).
pub(crate) fn point(c: &mut Canvas, x: f32, y: f32, r: f32, color: Rgba) {
    c.fill(circle(x, y, r + 3.5), BOARD);
    c.fill(circle(x, y, r + 1.5), INK_DARK);
    c.fill(circle(x, y, r), color);
}

/// A short label in a parchment tag whose centre is (`x`, `y`), kept inside
/// `left..=right`; returns nothing, draws over whatever is there.
#[allow(clippy::too_many_arguments)]
pub(crate) fn tag(
    c: &mut Canvas,
    fonts: &Fonts,
    text: &str,
    x: f32,
    y: f32,
    em: f32,
    left: f32,
    right: f32,
) {
    let text = fonts.fit(text, em, Face::Bold, (right - left - 8.0).max(0.0));
    let w = fonts.measure(&text, em, Face::Bold) + 10.0;
    let h = em + 6.0;
    let x0 = (x - w / 2.0).clamp(left, (right - w).max(left));
    c.fill(rounded_rect(x0, y - h / 2.0, w, h, 5.0), BOARD);
    c.stroke(rounded_rect(x0, y - h / 2.0, w, h, 5.0), FRAME, 1.5);
    fonts.draw_centered(c, &text, x0 + w / 2.0, y, em, Face::Bold, INK_DARK);
}

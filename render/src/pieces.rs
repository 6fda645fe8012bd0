//! Round playing pieces shared by the games: a raised disc, light with a dark rim or dark with
//! a light rim, so the two sides differ in lightness and outline, not only in colour.

use crate::canvas::{Canvas, circle, polygon, ring};
use crate::sprite;
use crate::theme::{PIECE_DARK, PIECE_DARK_EDGE, PIECE_LIGHT, PIECE_LIGHT_EDGE, Rgba, SHADOW};
use skald_rules::Seat;

/// The two looks of a piece: which one a seat plays is [`crate::piece_tone`].
///
/// Public so pictures other than boards (the win-chance graph) show a seat in the colour its
/// pieces have on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// Light body, dark outline (White, defenders, king).
    Light,
    /// Dark body, light outline (Black, attackers).
    Dark,
}

impl Tone {
    /// White (seat A) is light in the race games; Black (seat B) dark.
    pub(crate) fn of_seat(seat: Seat) -> Tone {
        match seat {
            Seat::A => Tone::Light,
            Seat::B => Tone::Dark,
        }
    }

    /// The body colour.
    pub(crate) fn body(self) -> Rgba {
        match self {
            Tone::Light => PIECE_LIGHT,
            Tone::Dark => PIECE_DARK,
        }
    }

    /// The contrasting outline (also used for marks drawn on the piece).
    pub(crate) fn edge(self) -> Rgba {
        match self {
            Tone::Light => PIECE_LIGHT_EDGE,
            Tone::Dark => PIECE_DARK_EDGE,
        }
    }
}

/// Sprite ids of the pieces drawn here (other modules use other ranges).
const SPRITE_DISC: u32 = 0x100;
const SPRITE_KING: u32 = 0x110;

impl Tone {
    fn sprite(self) -> u32 {
        match self {
            Tone::Light => 0,
            Tone::Dark => 1,
        }
    }
}

/// A raised disc of radius `r` centred on (`cx`, `cy`): shadow, shaded body, outline and a
/// faint inner groove. The centre pixel keeps the body colour.
pub(crate) fn disc(c: &mut Canvas, cx: f32, cy: f32, r: f32, tone: Tone) {
    let id = SPRITE_DISC + tone.sprite();
    sprite::stamp(c, id, cx, cy, r * 1.25, |c, x, y| {
        draw_disc(c, x, y, r, tone)
    });
}

/// The Hnefatafl king: a larger light disc with a crown.
pub(crate) fn king(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    sprite::stamp(c, SPRITE_KING, cx, cy, r * 1.25, |c, x, y| {
        draw_disc(c, x, y, r, Tone::Light);
        crown(c, x, y + r * 0.09, r * 0.54, Tone::Light.edge());
    });
}

fn draw_disc(c: &mut Canvas, cx: f32, cy: f32, r: f32, tone: Tone) {
    let body = tone.body();
    let edge = tone.edge();
    let width = (r * 0.1).clamp(1.5, 3.0);
    if !c.detail {
        // replay frames: flat, so they compress
        c.fill(circle(cx, cy, r), body);
        c.fill_even_odd(ring(cx, cy, r - width, r), edge);
        return;
    }
    c.fill(circle(cx + r * 0.08, cy + r * 0.14, r * 1.02), SHADOW);
    let (light, dark) = match tone {
        Tone::Light => (Rgba::rgb(0xff, 0xfc, 0xf4), Rgba::rgb(0xc9, 0xb9, 0x9c)),
        Tone::Dark => (Rgba::rgb(0x5c, 0x4d, 0x44), Rgba::rgb(0x16, 0x10, 0x0d)),
    };
    c.shaded_circle(cx, cy, r, body, light, dark);
    c.fill_even_odd(ring(cx, cy, r - width, r), edge);
    let groove = match tone {
        Tone::Light => edge.alpha(0x50),
        Tone::Dark => edge.alpha(0x70),
    };
    c.fill_even_odd(ring(cx, cy, r * 0.62, r * 0.62 + 1.2), groove);
}

/// A crown (the Hnefatafl king's mark) of half-width `s` on (`cx`, `cy`).
pub(crate) fn crown(c: &mut Canvas, cx: f32, cy: f32, s: f32, color: Rgba) {
    let points = [
        (cx - s, cy + s * 0.55),
        (cx - s, cy - s * 0.35),
        (cx - s * 0.5, cy + s * 0.05),
        (cx, cy - s * 0.75),
        (cx + s * 0.5, cy + s * 0.05),
        (cx + s, cy - s * 0.35),
        (cx + s, cy + s * 0.55),
    ];
    c.fill(polygon(&points), color);
    for (x, y) in [
        (cx - s, cy - s * 0.35),
        (cx, cy - s * 0.75),
        (cx + s, cy - s * 0.35),
    ] {
        c.fill(circle(x, y, s * 0.16), color);
    }
}

//! Colours and sizes shared by every picture, in one place so the games look like one set.
//!
//! The table is a mid-toned warm brown that reads on both dark and light chat themes; boards
//! are light wood or parchment in a dark wooden frame. Light pieces always carry a dark outline
//! and dark pieces a light one, so they differ in lightness, not only in hue.

use tiny_skia::Color;

/// An sRGB colour with alpha, usable in constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    /// The same colour with another alpha.
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// The `tiny-skia` colour.
    pub fn color(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, self.3)
    }

    /// A mix of `self` and `other` (`t` = 0 gives `self`, 1 gives `other`), opaque.
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgba(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            m(self.3, other.3),
        )
    }
}

/// Width of every picture, in logical pixels (scale 1).
pub(crate) const WIDTH: f32 = 760.0;
/// Height of the header band.
pub(crate) const HEADER_HEIGHT: f32 = 104.0;
/// Outer margin between the picture's edge and the board frame.
pub(crate) const MARGIN: f32 = 20.0;

/// The table under everything.
pub(crate) const TABLE: Rgba = Rgba::rgb(0x6c, 0x52, 0x40);
/// A faint darker tone for the table's vignette and grain.
pub(crate) const TABLE_SHADE: Rgba = Rgba::rgb(0x4e, 0x39, 0x2b);
/// Main header text.
pub(crate) const INK_LIGHT: Rgba = Rgba::rgb(0xfb, 0xf3, 0xe4);
/// Secondary header text.
pub(crate) const INK_DIM: Rgba = Rgba::rgb(0xdd, 0xc9, 0xae);
/// Dark text on boards.
pub(crate) const INK_DARK: Rgba = Rgba::rgb(0x3b, 0x27, 0x18);
/// Drop shadows.
pub(crate) const SHADOW: Rgba = Rgba(0x1a, 0x0f, 0x08, 0x50);

/// The dark wooden frame around boards.
pub(crate) const FRAME: Rgba = Rgba::rgb(0x5b, 0x37, 0x1f);
/// The frame's highlight edge.
pub(crate) const FRAME_LIGHT: Rgba = Rgba::rgb(0x86, 0x58, 0x35);
/// The frame's darkest edge.
pub(crate) const FRAME_EDGE: Rgba = Rgba::rgb(0x33, 0x1e, 0x10);
/// Coordinates and numbers printed on the frame.
pub(crate) const FRAME_INK: Rgba = Rgba::rgb(0xf3, 0xe2, 0xc2);

/// Light board wood / parchment.
pub(crate) const BOARD: Rgba = Rgba::rgb(0xe8, 0xd0, 0xa2);
/// A slightly darker board tone (alternating fields).
pub(crate) const BOARD_ALT: Rgba = Rgba::rgb(0xd9, 0xbb, 0x86);
/// Lines drawn on the board.
pub(crate) const BOARD_LINE: Rgba = Rgba::rgb(0x8c, 0x68, 0x40);
/// Special squares (throne, corners) and rune points.
pub(crate) const BOARD_SPECIAL: Rgba = Rgba::rgb(0x9a, 0x5f, 0x34);

/// Light pieces (White, defenders, the king).
pub(crate) const PIECE_LIGHT: Rgba = Rgba::rgb(0xf4, 0xea, 0xd6);
/// Outline of light pieces.
pub(crate) const PIECE_LIGHT_EDGE: Rgba = Rgba::rgb(0x2a, 0x1c, 0x12);
/// Dark pieces (Black, attackers).
pub(crate) const PIECE_DARK: Rgba = Rgba::rgb(0x2b, 0x22, 0x1e);
/// Outline of dark pieces.
pub(crate) const PIECE_DARK_EDGE: Rgba = Rgba::rgb(0xf2, 0xe3, 0xc6);

/// Last-move highlight of the destination (translucent).
pub(crate) const HIGHLIGHT: Rgba = Rgba(0xff, 0xcc, 0x33, 0x90);
/// Last-move highlight of the origin (translucent).
pub(crate) const HIGHLIGHT_FROM: Rgba = Rgba(0xff, 0xcc, 0x33, 0x60);
/// The last-move arrow (and the played move's, on a turning point's board).
pub(crate) const ARROW: Rgba = Rgba(0xe0, 0x5a, 0x10, 0xe0);
/// The ring around the piece that just moved.
pub(crate) const RING: Rgba = Rgba::rgb(0xff, 0xb0, 0x1f);
/// Captured marks.
pub(crate) const CAPTURE: Rgba = Rgba::rgb(0xd3, 0x1f, 0x2f);
/// Outline of captured marks, so they show on dark and light cells.
pub(crate) const CAPTURE_EDGE: Rgba = Rgba::rgb(0xff, 0xf4, 0xe8);
/// Hornaskella mark.
pub(crate) const HORN: Rgba = Rgba::rgb(0xe8, 0xa8, 0x18);

/// Ivory of the dice.
pub(crate) const DIE: Rgba = Rgba::rgb(0xfa, 0xf3, 0xe3);
/// Pips and numbers on the dice.
pub(crate) const DIE_INK: Rgba = Rgba::rgb(0x26, 0x1a, 0x12);

/// Subulata water.
pub(crate) const WATER: Rgba = Rgba::rgb(0x8f, 0xc0, 0xd8);
/// Subulata water's wave lines.
pub(crate) const WATER_INK: Rgba = Rgba::rgb(0x2f, 0x6f, 0x9a);
/// Subulata flower field.
pub(crate) const FLOWER: Rgba = Rgba::rgb(0xf3, 0xdc, 0xa6);
/// Subulata flower petals.
pub(crate) const PETAL: Rgba = Rgba::rgb(0xe0, 0x6a, 0x8a);
/// Subulata flower heart.
pub(crate) const PETAL_HEART: Rgba = Rgba::rgb(0xf6, 0xc3, 0x2c);
/// Subulata leaf field.
pub(crate) const LEAF: Rgba = Rgba::rgb(0xa9, 0xc9, 0x84);
/// Subulata leaf shape.
pub(crate) const LEAF_INK: Rgba = Rgba::rgb(0x3f, 0x7a, 0x2e);

/// The field a chart's curves are drawn on: a darker parchment, so both the light and the
/// dark pieces' colours (the win-chance graph's two areas) stand out from it.
pub(crate) const CHART_FIELD: Rgba = Rgba::rgb(0xc4, 0xa5, 0x7a);
/// A chart's grid lines.
pub(crate) const CHART_GRID: Rgba = Rgba(0x5b, 0x37, 0x1f, 0x48);
/// The win-chance curve and the turning points on it: the last-move arrow's orange, which
/// shows on the light and the dark areas alike.
pub(crate) const CHART_CURVE: Rgba = Rgba::rgb(0xd4, 0x4e, 0x08);
/// A won game's dot on a rating line.
pub(crate) const DOT_WIN: Rgba = Rgba::rgb(0x1f, 0x8a, 0x3c);
/// A lost game's dot.
pub(crate) const DOT_LOSS: Rgba = Rgba::rgb(0xc4, 0x1e, 0x2c);
/// A drawn game's dot.
pub(crate) const DOT_DRAW: Rgba = Rgba::rgb(0x3a, 0x5f, 0xb0);
/// The engine's preferred move, beside the played one ([`ARROW`]) on a turning point's board:
/// blue against orange, told apart by colour-blind eyes too (and drawn dashed).
pub(crate) const ARROW_PREFERRED: Rgba = Rgba(0x1d, 0x5f, 0xc8, 0xe8);
/// The colours of the curves of a chart with several (rating series, ladder players), in
/// order: distinct hues and lightness on the chart's field.
pub(crate) const SERIES: [Rgba; 10] = [
    Rgba::rgb(0xb8, 0x2a, 0x1e),
    Rgba::rgb(0x1d, 0x5f, 0xc8),
    Rgba::rgb(0x1c, 0x7a, 0x3a),
    Rgba::rgb(0x7b, 0x2f, 0x9e),
    Rgba::rgb(0xe0, 0x7a, 0x00),
    Rgba::rgb(0x00, 0x80, 0x80),
    Rgba::rgb(0x2b, 0x22, 0x1e),
    Rgba::rgb(0xd0, 0x3f, 0x8a),
    Rgba::rgb(0x6b, 0x6b, 0x00),
    Rgba::rgb(0xf4, 0xea, 0xd6),
];

//! Ad Elta Stelpur: the scene and its drawer (a backgammon-like board of 24 points with rune
//! corners, one piece per point, and the Hornaskella marked).

use crate::RenderError;
use crate::board::{Board, Pt};
use crate::canvas::{Canvas, circle, polygon, polyline, rect, ring, wood_grain, wooden_frame};
use crate::dice::Die;
use crate::font::{Align, Face, Fonts};
use crate::frame::{Header, LastMove};
use crate::paint;
use crate::pictured::Pictured;
use crate::pictured::seat_tone;
use crate::pieces::disc;
use crate::swatch::{headers, marks};
use crate::theme::{
    BOARD, BOARD_LINE, FRAME, FRAME_EDGE, FRAME_INK, HEADER_HEIGHT, HORN, INK_DIM, MARGIN, Rgba,
    WIDTH,
};
use skald_lang::{seat_name, t};
use skald_rules::adelta::Adelta;
use skald_rules::{Cell, Game, RuleSetId, Seat, Viewer};
use tiny_skia::Path;

/// An Ad Elta Stelpur board as a picture shows it.
///
/// Exists so the renderer can draw a position without the rules crate's type. Points are
/// numbered 1..=24 in the direction of travel (a cell index is the point number);
/// `points[p - 1]` holds the piece on point `p`. A player with exactly one piece left has a
/// Hornaskella, which the drawer marks by itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AdeltaScene {
    /// Rule set (`adelta` or `adelta-rustik`), players, turn, move number, dice to use.
    pub header: Header,
    /// The last move's marks (cells are point numbers 1..=24).
    pub last_move: LastMove,
    /// The piece on each point, `points[p - 1]` for point `p` (White is seat A).
    pub points: [Option<Seat>; 24],
}

impl AdeltaScene {
    /// An empty board.
    pub fn empty(header: Header) -> AdeltaScene {
        AdeltaScene {
            header,
            last_move: LastMove::none(),
            points: [None; 24],
        }
    }

    /// The starting position: White on 1..=6, Black on 13..=18.
    pub fn start(header: Header) -> AdeltaScene {
        let mut scene = AdeltaScene::empty(header);
        for p in 0..6 {
            scene.points[p] = Some(Seat::A);
            scene.points[p + 12] = Some(Seat::B);
        }
        scene
    }

    fn count(&self, seat: Seat) -> usize {
        self.points.iter().filter(|p| **p == Some(seat)).count()
    }
}

/// The rune corners, in circuit order.
const RUNE_POINTS: [u8; 8] = [1, 6, 7, 12, 13, 18, 19, 24];

/// Frame thickness above and below (point numbers are printed there).
const BORDER_Y: f32 = 34.0;
/// Frame thickness left and right.
const BORDER_X: f32 = 18.0;
/// Top of the frame.
const TOP: f32 = HEADER_HEIGHT + 8.0;
/// Outer width of the frame.
const OUTER_W: f32 = WIDTH - 2.0 * MARGIN;
/// Width of the bar between the halves.
const BAR: f32 = 40.0;
/// Width of one point.
const POINT_W: f32 = (OUTER_W - 2.0 * BORDER_X - BAR) / 12.0;
/// Length of a point (triangle).
const POINT_LEN: f32 = 150.0;
/// Gap between the two rows of points (the rune badges sit there).
const GAP: f32 = 64.0;
/// Height of the playing field.
const FIELD_H: f32 = 2.0 * POINT_LEN + GAP;
/// Outer height of the frame.
const OUTER_H: f32 = FIELD_H + 2.0 * BORDER_Y;
/// Radius of a piece.
const PIECE_R: f32 = 22.0;

/// Left edge of the field.
const FIELD_X: f32 = MARGIN + BORDER_X;
/// Top edge of the field.
const FIELD_Y: f32 = TOP + BORDER_Y;

/// Column (0 = left) of a point and whether it is on the near (bottom) edge.
fn column(point: u8) -> Option<(u8, bool)> {
    match point {
        1..=12 => Some((point - 1, true)),
        13..=24 => Some((24 - point, false)),
        _ => None,
    }
}

/// Left edge of a column.
fn column_x(col: u8) -> f32 {
    let bar = if col >= 6 { BAR } else { 0.0 };
    FIELD_X + f32::from(col) * POINT_W + bar
}

/// The triangle of a point.
fn triangle(point: u8) -> Option<Path> {
    let (col, near) = column(point)?;
    let x = column_x(col);
    let (base, tip) = if near {
        (FIELD_Y + FIELD_H, FIELD_Y + FIELD_H - POINT_LEN)
    } else {
        (FIELD_Y, FIELD_Y + POINT_LEN)
    };
    polygon(&[
        (x + 1.5, base),
        (x + POINT_W - 1.5, base),
        (x + POINT_W / 2.0, tip),
    ])
}

/// Strokes of eight simple runes, one for each corner, in a unit box (x 0..0.6, y 0..1).
const RUNES: [&[&[(f32, f32)]]; 8] = [
    // fehu
    &[
        &[(0.1, 0.0), (0.1, 1.0)],
        &[(0.1, 0.45), (0.55, 0.15)],
        &[(0.1, 0.7), (0.55, 0.4)],
    ],
    // ansuz
    &[
        &[(0.1, 0.0), (0.1, 1.0)],
        &[(0.1, 0.0), (0.5, 0.3)],
        &[(0.1, 0.3), (0.5, 0.6)],
    ],
    // tiwaz
    &[
        &[(0.3, 0.0), (0.3, 1.0)],
        &[(0.0, 0.35), (0.3, 0.0), (0.6, 0.35)],
    ],
    // algiz
    &[
        &[(0.3, 0.0), (0.3, 1.0)],
        &[(0.0, 0.0), (0.3, 0.45), (0.6, 0.0)],
    ],
    // othala
    &[
        &[
            (0.05, 1.0),
            (0.55, 0.5),
            (0.3, 0.0),
            (0.05, 0.5),
            (0.55, 1.0),
        ],
        &[(0.05, 0.5), (0.3, 0.0)],
    ],
    // sowilo
    &[&[(0.5, 0.0), (0.1, 0.45), (0.5, 0.55), (0.1, 1.0)]],
    // hagalaz
    &[
        &[(0.05, 0.0), (0.05, 1.0)],
        &[(0.55, 0.0), (0.55, 1.0)],
        &[(0.05, 0.35), (0.55, 0.65)],
    ],
    // dagaz
    &[&[(0.0, 0.0), (0.0, 1.0), (0.6, 0.0), (0.6, 1.0), (0.0, 0.0)]],
];

/// Draws rune `i` centred on (`cx`, `cy`), `h` high.
fn rune(c: &mut Canvas, i: usize, cx: f32, cy: f32, h: f32, color: Rgba) {
    let Some(strokes) = RUNES.get(i) else {
        return;
    };
    for stroke in strokes.iter() {
        let pts: Vec<(f32, f32)> = stroke
            .iter()
            .map(|(x, y)| (cx + (x - 0.3) * h, cy + (y - 0.5) * h))
            .collect();
        c.stroke(polyline(&pts), color, 2.0);
    }
}

/// Point colours: alternating light and dark wood; rune corners deep red.
const POINT_DARK: Rgba = Rgba::rgb(0x9b, 0x63, 0x37);
const POINT_LIGHT: Rgba = Rgba::rgb(0xf6, 0xea, 0xcd);
const POINT_RUNE: Rgba = Rgba::rgb(0x8e, 0x2f, 0x22);

impl Board for AdeltaScene {
    fn header(&self) -> &Header {
        &self.header
    }

    fn last_move(&self) -> &LastMove {
        &self.last_move
    }

    fn height(&self) -> f32 {
        TOP + OUTER_H + 44.0
    }

    fn check(&self) -> Result<(), RenderError> {
        if !Adelta::RULE_SETS.contains(&self.header.rule_set) {
            return Err(RenderError::InvalidScene(format!(
                "an Ad Elta Stelpur board under rule set {}",
                self.header.rule_set
            )));
        }
        paint::check_common(self)
    }

    fn has_cell(&self, cell: Cell) -> bool {
        (1..=24).contains(&cell)
    }

    fn swatches(&self) -> Vec<Self> {
        swatches()
    }

    fn layer_key(&self) -> u32 {
        1
    }

    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts) {
        wooden_frame(c, MARGIN, TOP, OUTER_W, OUTER_H, 14.0);
        c.fill(
            rect(
                FIELD_X - 2.0,
                FIELD_Y - 2.0,
                OUTER_W - 2.0 * BORDER_X + 4.0,
                FIELD_H + 4.0,
            ),
            FRAME_EDGE,
        );
        for half in 0..2u8 {
            let x = column_x(half * 6);
            c.fill(rect(x, FIELD_Y, 6.0 * POINT_W, FIELD_H), BOARD);
            wood_grain(
                c,
                x,
                FIELD_Y,
                6.0 * POINT_W,
                FIELD_H,
                BOARD_LINE,
                11 + u32::from(half),
            );
        }
        // the bar
        let bar_x = column_x(6) - BAR;
        c.fill(rect(bar_x, FIELD_Y, BAR, FIELD_H), FRAME);
        c.fill(
            rect(bar_x + BAR / 2.0 - 1.0, FIELD_Y, 2.0, FIELD_H),
            FRAME_EDGE,
        );
        for point in 1..=24u8 {
            let (col, _) = column(point).unwrap_or((0, true));
            let is_rune = RUNE_POINTS.contains(&point);
            let color = if is_rune {
                POINT_RUNE
            } else if col % 2 == 0 {
                POINT_DARK
            } else {
                POINT_LIGHT
            };
            c.fill(triangle(point), color);
            c.stroke(triangle(point), BOARD_LINE.alpha(0x90), 1.0);
        }
        // rune badges beyond the tips of the rune points, and the point numbers on the frame
        let mid = FIELD_Y + FIELD_H / 2.0;
        for point in 1..=24u8 {
            let Some((col, near)) = column(point) else {
                continue;
            };
            let cx = column_x(col) + POINT_W / 2.0;
            let number_y = if near {
                FIELD_Y + FIELD_H + BORDER_Y / 2.0
            } else {
                FIELD_Y - BORDER_Y / 2.0
            };
            let rune_index = RUNE_POINTS.iter().position(|&p| p == point);
            let ink = if rune_index.is_some() {
                Rgba::rgb(0xff, 0xd0, 0x70)
            } else {
                FRAME_INK
            };
            fonts.draw_centered(c, &point.to_string(), cx, number_y, 15.0, Face::Bold, ink);
            if let Some(i) = rune_index {
                let cy = if near { mid + 16.0 } else { mid - 16.0 };
                c.fill(circle(cx, cy, 13.0), POINT_RUNE);
                c.fill_even_odd(ring(cx, cy, 12.0, 13.5), Rgba::rgb(0xf3, 0xd9, 0xa0));
                rune(c, i, cx, cy, 15.0, Rgba::rgb(0xfb, 0xee, 0xd2));
            }
        }
    }

    fn draw_pieces(&self, c: &mut Canvas, fonts: &Fonts) {
        let rs = self.header.rule_set;
        let counts = [self.count(Seat::A), self.count(Seat::B)];
        for (i, piece) in self.points.iter().enumerate() {
            let Some(seat) = piece else {
                continue;
            };
            let Some((x, y)) = u8::try_from(i + 1).ok().and_then(|p| self.center(p)) else {
                continue;
            };
            let tone = seat_tone(rs, *seat);
            if counts[seat.index()] == 1 {
                star_behind(c, x, y, PIECE_R);
            }
            disc(c, x, y, PIECE_R, tone);
        }
        // caption: pieces left and lost (as the text board words it), and who has a
        // Hornaskella
        let y = TOP + OUTER_H + 28.0;
        for seat in Seat::BOTH {
            let n = counts[seat.index()];
            let lost = 6usize.saturating_sub(n);
            let text = t!(
                "board-picture-adelta-count",
                side = seat_name(rs, seat),
                pieces = n,
                lost = lost
            )
            .render(self.header.lang);
            let color = if n == 1 { HORN } else { INK_DIM };
            let (x, align) = match seat {
                Seat::A => (MARGIN + 4.0, Align::Left),
                Seat::B => (WIDTH - MARGIN - 4.0, Align::Right),
            };
            fonts.draw(c, &text, x, y, 16.0, Face::Bold, color, align);
        }
    }

    fn center(&self, cell: Cell) -> Option<Pt> {
        let (col, near) = column(cell)?;
        let x = column_x(col) + POINT_W / 2.0;
        let y = if near {
            FIELD_Y + FIELD_H - PIECE_R - 6.0
        } else {
            FIELD_Y + PIECE_R + 6.0
        };
        Some((x, y))
    }

    fn seat_at(&self, cell: Cell) -> Option<Seat> {
        let i = usize::from(cell).checked_sub(1)?;
        self.points.get(i).copied().flatten()
    }

    fn area(&self, cell: Cell) -> Option<Path> {
        triangle(cell)
    }

    fn exit(&self, _from: Cell) -> Option<Pt> {
        None
    }

    fn piece_radius(&self) -> f32 {
        PIECE_R
    }

    fn arrow_bend(&self) -> f32 {
        0.22
    }
}

/// The Hornaskella's mark: a golden eight-pointed star behind its piece, its rays showing
/// all round (unlike the last move's plain ring).
fn star_behind(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let mut points = Vec::with_capacity(16);
    for i in 0..16 {
        let a = std::f32::consts::PI * i as f32 / 8.0 + std::f32::consts::PI / 8.0;
        let rr = if i % 2 == 0 { r * 1.62 } else { r * 1.08 };
        points.push((cx + rr * a.cos(), cy + rr * a.sin()));
    }
    c.stroke(polygon(&points), FRAME_EDGE, 3.0);
    c.fill(polygon(&points), HORN);
}

/// Ad Elta Stelpur throws six-sided dice; nothing in it is hidden.
impl Pictured for Adelta {
    const DIE: Option<Die> = Some(Die::D6);

    type Scene = AdeltaScene;

    fn scene(&self, _viewer: Viewer, header: Header, last_move: LastMove) -> AdeltaScene {
        AdeltaScene {
            header,
            last_move,
            points: self.points(),
        }
    }
}

/// Ad Elta Stelpur: many pieces of one side and a Hornaskella of the other, both ways, and
/// the six die faces.
fn swatches() -> Vec<AdeltaScene> {
    headers(RuleSetId::Adelta, &[&[1, 2, 3, 4], &[5, 6]])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = AdeltaScene::empty(header);
            let (many, one) = if k == 1 {
                (Seat::B, Seat::A)
            } else {
                (Seat::A, Seat::B)
            };
            for p in [2, 5, 9, 14, 21] {
                scene.points[(p + 4 * k) % 24] = Some(many);
            }
            scene.points[(17 + 5 * k) % 24] = Some(one);
            let to = ((14 + 4 * k) % 24 + 1) as Cell;
            let from = if to > 4 { to - 4 } else { to + 8 };
            scene.last_move = marks(from, to, ((to + 6) % 24) + 1, ((to + 9) % 24) + 1);
            scene
        })
        .collect()
}

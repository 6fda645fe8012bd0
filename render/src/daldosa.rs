//! Daldøsa: the scene and its drawer (a boat with three rows of twelve holes, White's row `w`
//! on top as in the text board, active pegs raised, inactive pegs lying flat with a dot, the
//! path hinted by arrows, pegs lost and off per side).

use crate::RenderError;
use crate::board::{Board, Pt};
use crate::canvas::{Canvas, circle, polygon, ring, rounded_rect};
use crate::dice::Die;
use crate::font::{Align, Face, Fonts};
use crate::frame::{Header, LastMove, Step};
use crate::paint;
use crate::pictured::Pictured;
use crate::pictured::seat_tone;
use crate::pieces::{Tone, disc};
use crate::swatch::{headers, marks};
use crate::theme::{
    BOARD, BOARD_ALT, BOARD_LINE, FRAME, FRAME_EDGE, FRAME_LIGHT, HEADER_HEIGHT, INK_DARK, INK_DIM,
    INK_LIGHT, MARGIN, Rgba, SHADOW,
};
use skald_lang::{seat_name, t};
use skald_rules::daldosa::{Daldosa, Hole};
use skald_rules::{Cell, Game, RuleSetId, Seat, Viewer};
use tiny_skia::{Path, PathBuilder};

/// A Daldøsa peg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Peg {
    /// The owner (White is seat A).
    pub seat: Seat,
    /// Whether the peg has been activated (only active pegs move by the dice).
    pub active: bool,
}

/// A Daldøsa board as a picture shows it.
///
/// Exists so the renderer can draw a position without the rules crate's type. Holes are
/// indexed `row * 12 + hole - 1` with White's row `w` = 0, the middle `m` = 1 and Black's row
/// `b` = 2; hole 1 is at the prow (left), hole 12 at the stern (right). The picture shows the
/// rows as the text board prints them: `w` on top, `b` at the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DaldosaScene {
    /// Rule set (`daldosa`), players, turn, move number, dice to use.
    pub header: Header,
    /// The last move's marks (cells are hole indices).
    pub last_move: LastMove,
    /// The peg in each hole.
    pub holes: [Option<Peg>; 36],
    /// Pegs that ran off the end of their path, per seat (seat A first).
    pub off: [u8; 2],
}

impl DaldosaScene {
    /// The starting position: each side's twelve inactive pegs in its home row.
    pub fn start(header: Header) -> DaldosaScene {
        let mut holes = [None; 36];
        for h in 0..12 {
            holes[h] = Some(Peg {
                seat: Seat::A,
                active: false,
            });
            holes[24 + h] = Some(Peg {
                seat: Seat::B,
                active: false,
            });
        }
        DaldosaScene {
            header,
            last_move: LastMove::none(),
            holes,
            off: [0, 0],
        }
    }
}

/// Centre x of hole 1.
const HOLE_X0: f32 = 142.0;
/// Distance between holes.
const HOLE_DX: f32 = 48.0;
/// Centre y of the middle row.
const MID_Y: f32 = HEADER_HEIGHT + 134.0;
/// Distance between rows.
const ROW_DY: f32 = 58.0;
/// Radius of a hole.
const HOLE_R: f32 = 13.0;
/// Radius of an active (raised) peg.
const PEG_R: f32 = 17.0;
/// Half the boat's height.
const HULL_HALF: f32 = ROW_DY + 44.0;
/// The stern's x.
const STERN_X: f32 = HOLE_X0 + 11.0 * HOLE_DX + 46.0;
/// The prow's tip x.
const PROW_X: f32 = MARGIN + 4.0;
/// Top of the trays of pegs off the board.
const TRAY_Y: f32 = MID_Y + HULL_HALF + 22.0;

/// Centre y of a row (w = 0 at the top, b = 2 at the bottom, as in the text board).
fn row_y(row: u8) -> f32 {
    MID_Y + (f32::from(row) - 1.0) * ROW_DY
}

fn hole_x(hole: u8) -> f32 {
    HOLE_X0 + f32::from(hole) * HOLE_DX
}

fn row_hole(cell: Cell) -> Option<(u8, u8)> {
    (cell < 36).then_some((cell / 12, cell % 12))
}

/// The hull seen from above: a long rounded bow ending in a point at the prow (left), a
/// square stern with rounded corners (right).
fn hull(inset: f32) -> Option<Path> {
    let top = MID_Y - HULL_HALF + inset;
    let bottom = MID_Y + HULL_HALF - inset;
    let stern = STERN_X - inset;
    let prow = PROW_X + inset * 1.8;
    let shoulder = hole_x(1);
    let bow = shoulder - prow;
    let mut pb = PathBuilder::new();
    pb.move_to(stern - 12.0, top);
    pb.line_to(shoulder, top);
    pb.cubic_to(
        shoulder - bow * 0.62,
        top,
        prow + bow * 0.22,
        MID_Y - HULL_HALF * 0.42,
        prow,
        MID_Y,
    );
    pb.cubic_to(
        prow + bow * 0.22,
        MID_Y + HULL_HALF * 0.42,
        shoulder - bow * 0.62,
        bottom,
        shoulder,
        bottom,
    );
    pb.line_to(stern - 12.0, bottom);
    pb.quad_to(stern, bottom, stern, bottom - 12.0);
    pb.line_to(stern, top + 12.0);
    pb.quad_to(stern, top, stern - 12.0, top);
    pb.close();
    pb.finish()
}

/// A small chevron pointing right (`dir` = 1) or left (-1).
fn chevron(c: &mut Canvas, x: f32, y: f32, dir: f32, color: Rgba) {
    let s = 4.5;
    c.stroke(
        crate::canvas::polyline(&[(x - s * dir, y - s), (x, y), (x - s * dir, y + s)]),
        color,
        2.0,
    );
}

/// A U-turn arrow from row `a` to row `b` beyond the hole at x `x` (bulging by `dx`).
fn turn_arrow(c: &mut Canvas, x: f32, a: f32, b: f32, dx: f32, color: Rgba) {
    let mut pb = PathBuilder::new();
    let (y0, y1) = (a + (b - a) * 0.12, b - (b - a) * 0.22);
    pb.move_to(x, y0);
    pb.cubic_to(x + dx, y0, x + dx, y1, x + 4.0 * dx.signum(), y1);
    c.stroke(pb.finish(), color, 2.0);
    let d = -dx.signum();
    let (tx, ty) = (x + 2.0 * dx.signum(), y1);
    c.fill(
        polygon(&[(tx + 7.0 * d, ty), (tx, ty - 4.5), (tx, ty + 4.5)]),
        color,
    );
}

impl Board for DaldosaScene {
    fn header(&self) -> &Header {
        &self.header
    }

    fn last_move(&self) -> &LastMove {
        &self.last_move
    }

    fn height(&self) -> f32 {
        TRAY_Y + 44.0 + 14.0
    }

    fn check(&self) -> Result<(), RenderError> {
        if !Daldosa::RULE_SETS.contains(&self.header.rule_set) {
            return Err(RenderError::InvalidScene(format!(
                "a Daldøsa board under rule set {}",
                self.header.rule_set
            )));
        }
        if let Some(bad) = self.off.iter().find(|&&n| n > 12) {
            return Err(RenderError::InvalidScene(format!(
                "{bad} pegs off the board; a side has 12"
            )));
        }
        paint::check_common(self)
    }

    fn has_cell(&self, cell: Cell) -> bool {
        cell < 36
    }

    fn swatches(&self) -> Vec<Self> {
        swatches()
    }

    fn layer_key(&self) -> u32 {
        3
    }

    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts) {
        // shadow, hull planks, gunwale
        for i in 0..3 {
            let d = 2.0 + 2.0 * i as f32;
            if let Some(p) = hull(0.0) {
                let t = tiny_skia::Transform::from_translate(d * 0.5, d);
                if let Some(p) = p.transform(t) {
                    c.fill(Some(p), SHADOW.alpha(0x28));
                }
            }
        }
        c.fill(hull(0.0), FRAME);
        c.stroke(hull(0.0), FRAME_EDGE, 1.5);
        c.fill(hull(9.0), BOARD);
        // planks along the hull
        for k in [-1.5f32, -0.5, 0.5, 1.5] {
            let y = MID_Y + k * ROW_DY;
            let x0 = if k.abs() > 1.0 {
                hole_x(1)
            } else {
                hole_x(0) - 40.0
            };
            c.stroke(
                crate::canvas::line(x0, y, STERN_X - 12.0, y),
                BOARD_ALT,
                1.5,
            );
        }
        crate::canvas::wood_grain(
            c,
            HOLE_X0 - 40.0,
            MID_Y - HULL_HALF + 12.0,
            STERN_X - HOLE_X0 + 20.0,
            2.0 * HULL_HALF - 24.0,
            BOARD_LINE,
            23,
        );
        c.stroke(hull(9.0), FRAME_LIGHT, 1.5);
        // path hints: chevrons between holes, U-turns at the ends
        let hint = BOARD_LINE;
        for row in 0..3u8 {
            let dir = if row == 1 { -1.0 } else { 1.0 };
            for hole in 0..11u8 {
                let x = (hole_x(hole) + hole_x(hole + 1)) / 2.0 + 2.0 * dir;
                chevron(c, x, row_y(row), dir, hint);
            }
        }
        let stern_x = hole_x(11) + HOLE_R + 4.0;
        turn_arrow(c, stern_x, row_y(0), row_y(1), 26.0, hint);
        turn_arrow(c, stern_x, row_y(2), row_y(1), 26.0, hint);
        let prow_x = hole_x(0) - HOLE_R - 4.0;
        turn_arrow(c, prow_x, row_y(1), row_y(0), -26.0, hint);
        turn_arrow(c, prow_x, row_y(1), row_y(2), -26.0, hint);
        // holes
        for row in 0..3u8 {
            for hole in 0..12u8 {
                let (x, y) = (hole_x(hole), row_y(row));
                c.fill(circle(x, y, HOLE_R), Rgba::rgb(0x4a, 0x2d, 0x18));
                c.fill_even_odd(
                    ring(x, y + 1.0, HOLE_R - 2.5, HOLE_R),
                    Rgba(0x2a, 0x18, 0x0c, 0xa0),
                );
                c.fill_even_odd(
                    ring(x, y, HOLE_R, HOLE_R + 1.5),
                    Rgba(0xff, 0xf3, 0xd8, 0x70),
                );
            }
        }
        // hole numbers above the top row (w) and below the bottom row (b), row letters at the
        // stern
        for hole in 0..12u8 {
            let n = (hole + 1).to_string();
            let x = hole_x(hole);
            fonts.draw_centered(
                c,
                &n,
                x,
                row_y(0) - HOLE_R - 14.0,
                12.0,
                Face::Bold,
                INK_DARK,
            );
            fonts.draw_centered(
                c,
                &n,
                x,
                row_y(2) + HOLE_R + 14.0,
                12.0,
                Face::Bold,
                INK_DARK,
            );
        }
        for (row, name) in [(0u8, "w"), (1, "m"), (2, "b")] {
            fonts.draw_centered(
                c,
                name,
                STERN_X + 16.0,
                row_y(row) - 1.0,
                18.0,
                Face::Bold,
                INK_LIGHT,
            );
        }
    }

    fn draw_pieces(&self, c: &mut Canvas, fonts: &Fonts) {
        let rs = self.header.rule_set;
        for (i, peg) in self.holes.iter().enumerate() {
            let Some(peg) = peg else {
                continue;
            };
            let Some((x, y)) = u8::try_from(i).ok().and_then(|cell| self.center(cell)) else {
                continue;
            };
            let tone = seat_tone(rs, peg.seat);
            if peg.active {
                disc(c, x, y, PEG_R, tone);
            } else {
                let id = 0x200 + u32::from(tone == Tone::Dark);
                crate::sprite::stamp(c, id, x, y, HOLE_R + 2.0, |c, x, y| {
                    inactive_peg(c, x, y, tone);
                });
            }
        }
        // per side: pegs lost (taken by the opponent) and pegs off, with a tray of those off
        let tray_w = 12.0 * 12.0 + 10.0;
        for seat in Seat::BOTH {
            let n = self.off[seat.index()].min(12);
            let on_board = self
                .holes
                .iter()
                .flatten()
                .filter(|p| p.seat == seat)
                .count();
            let lost = 12usize.saturating_sub(on_board + usize::from(n));
            let x = MARGIN + 4.0 + 370.0 * seat.index() as f32;
            let label = t!(
                "board-picture-daldosa-count",
                side = seat_name(rs, seat),
                lost = lost,
                off = n
            )
            .render(self.header.lang);
            // Each side's label and tray share half the width: a long label (some languages
            // need more words) is drawn smaller rather than run into the other side's.
            let room = 370.0 - tray_w - 16.0;
            let em = match fonts.measure(&label, 15.0, Face::Bold) {
                w if w > room => (15.0 * 0.97 * room / w).max(11.0),
                _ => 15.0,
            };
            let label = fonts.fit(&label, em, Face::Bold, room);
            let w = fonts.draw(
                c,
                &label,
                x,
                TRAY_Y + 21.0,
                em,
                Face::Bold,
                INK_DIM,
                Align::Left,
            );
            let tx = x + w.max(150.0) + 10.0;
            c.fill(
                rounded_rect(tx, TRAY_Y + 3.0, tray_w, 24.0, 12.0),
                FRAME_EDGE.alpha(0xc0),
            );
            let tone = seat_tone(rs, seat);
            for k in 0..n {
                let px = tx + 11.0 + f32::from(k) * 12.0;
                c.fill(circle(px, TRAY_Y + 15.0, 5.5), tone.body());
                c.fill_even_odd(ring(px, TRAY_Y + 15.0, 4.7, 5.8), tone.edge());
            }
        }
    }

    fn center(&self, cell: Cell) -> Option<Pt> {
        let (row, hole) = row_hole(cell)?;
        Some((hole_x(hole), row_y(row)))
    }

    fn seat_at(&self, cell: Cell) -> Option<Seat> {
        self.holes
            .get(usize::from(cell))
            .copied()
            .flatten()
            .map(|p| p.seat)
    }

    fn area(&self, cell: Cell) -> Option<Path> {
        let (x, y) = self.center(cell)?;
        circle(x, y, PEG_R + 7.0)
    }

    fn exit(&self, from: Cell) -> Option<Pt> {
        let (row, _) = row_hole(from)?;
        Some((STERN_X - 1.0, row_y(row)))
    }

    fn piece_radius(&self) -> f32 {
        PEG_R
    }

    fn arrow_bend(&self) -> f32 {
        0.18
    }
}

/// An inactive peg: lying flat in its hole, a ring of its colour with a dot in the middle, no
/// shading and no shadow.
fn inactive_peg(c: &mut Canvas, x: f32, y: f32, tone: Tone) {
    let body = tone.body();
    let edge = tone.edge();
    c.fill_even_odd(ring(x, y, HOLE_R - 5.0, HOLE_R + 1.0), edge);
    c.fill_even_odd(ring(x, y, HOLE_R - 4.0, HOLE_R), body);
    c.fill(circle(x, y, 3.6), body);
    c.fill_even_odd(ring(x, y, 3.6, 4.6), edge.alpha(0xa0));
}

/// Daldøsa throws four-sided dice; its pegs lie flat until activated.
impl Pictured for Daldosa {
    const DIE: Option<Die> = Some(Die::D4);

    type Scene = DaldosaScene;

    fn scene(&self, _viewer: Viewer, header: Header, last_move: LastMove) -> DaldosaScene {
        let holes = self.holes().map(|hole| match hole {
            Hole::Empty => None,
            Hole::Inactive(seat) => Some(Peg {
                seat,
                active: false,
            }),
            Hole::Active(seat) => Some(Peg { seat, active: true }),
        });
        DaldosaScene {
            header,
            last_move,
            holes,
            off: [self.pegs_off(Seat::A), self.pegs_off(Seat::B)],
        }
    }
}

/// Daldøsa: active and inactive pegs of both sides in every row, pegs off in both trays, the
/// four die faces, and a peg leaving the board.
fn swatches() -> Vec<DaldosaScene> {
    headers(RuleSetId::Daldosa, &[&[1, 2, 3], &[4, 4]])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = DaldosaScene::start(header);
            for (i, hole) in scene.holes.iter_mut().enumerate() {
                let seat = if (i + k) % 2 == 0 { Seat::A } else { Seat::B };
                *hole = match (i + k) % 4 {
                    3 => None,
                    m => Some(Peg {
                        seat,
                        active: m != 1,
                    }),
                };
            }
            scene.off = [(3 + k) as u8, (7 - 2 * k) as u8];
            let to = (14 + 2 * k) as Cell;
            scene.holes[usize::from(to)] = Some(Peg {
                seat: Seat::A,
                active: true,
            });
            scene.holes[usize::from(to + 3)] = None;
            scene.last_move = marks(to + 4, to, to + 3, to + 12);
            scene.last_move.steps.push(Step {
                from: (11 + 12 * k) as Cell,
                to: None,
            });
            scene
        })
        .collect()
}

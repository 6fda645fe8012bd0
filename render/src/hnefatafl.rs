//! Hnefatafl: the scene and its drawer (7x7, 11x11 or 13x13, throne and corners marked), for
//! every tafl family (Hnefatafl, Copenhagen Hnefatafl and Brandubh draw alike).

use crate::RenderError;
use crate::board::{Board, Pt};
use crate::canvas::{Canvas, line, polygon, rect, wood_grain, wooden_frame};
use crate::font::{Face, Fonts};
use crate::frame::{Header, LastMove};
use crate::paint;
use crate::pieces::{Tone, disc, king};
use crate::swatch::{headers, marks};
use crate::theme::{
    BOARD, BOARD_ALT, BOARD_LINE, BOARD_SPECIAL, FRAME_INK, HEADER_HEIGHT, MARGIN, Rgba, WIDTH,
};
use skald_rules::hnefatafl::{Hnefatafl, Piece, TaflBoard};
use skald_rules::{Cell, RuleSetId, Seat};
use tiny_skia::Path;

/// What stands on a Hnefatafl square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaflPiece {
    /// An attacker (seat A): dark with a light rim.
    Attacker,
    /// A defender (seat B): light with a dark rim.
    Defender,
    /// The defenders' king: light, with a crown.
    King,
}

/// A tafl board (Hnefatafl, Copenhagen Hnefatafl, Brandubh) as a picture shows it.
///
/// Exists so the renderer can draw a position before (and without) the rules crate's
/// tafl types: squares are indexed `rank * size + file`, file 0 = `a` on the left, rank
/// 0 = `1` at the bottom. The throne (centre) and the corners are drawn from `size`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HnefataflScene {
    /// Rule set (`hnefatafl`, `hnefatafl-13`, `copenhagen`, `brandubh`), players, turn, move
    /// number.
    pub header: Header,
    /// The last move's marks (cells are square indices).
    pub last_move: LastMove,
    /// Side of the board: 7, 11 or 13 (the rule set's).
    pub size: u8,
    /// `size * size` squares, `rank * size + file`.
    pub squares: Vec<Option<TaflPiece>>,
}

impl HnefataflScene {
    /// An empty board of `size` (to be filled square by square).
    pub fn empty(header: Header, size: u8) -> HnefataflScene {
        HnefataflScene {
            header,
            last_move: LastMove::none(),
            size,
            squares: vec![None; usize::from(size) * usize::from(size)],
        }
    }
}

/// Frame thickness (the coordinates are printed on it).
const BORDER: f32 = 30.0;
/// Outer size of the framed board of 11 squares or more (the picture's width less margins).
const OUTER: f32 = WIDTH - 2.0 * MARGIN;
/// Top of the frame.
const TOP: f32 = HEADER_HEIGHT + 6.0;
/// Side of the playing area of 11 squares or more.
const INNER: f32 = OUTER - 2.0 * BORDER;
/// Boards narrower than this many squares keep the 11x11 board's square size (Brandubh's 7x7
/// is smaller, centred, its pieces as large as Copenhagen's), wider ones shrink their squares.
const NARROWEST_FULL: u8 = 11;

impl HnefataflScene {
    /// The side of one square.
    fn cell(&self) -> f32 {
        INNER / f32::from(self.size.max(NARROWEST_FULL))
    }

    /// The side of the playing area.
    fn inner(&self) -> f32 {
        self.cell() * f32::from(self.size)
    }

    /// The side of the framed board.
    fn outer(&self) -> f32 {
        self.inner() + 2.0 * BORDER
    }

    /// The left edge of the frame: the board is centred in the picture's width.
    fn left(&self) -> f32 {
        (WIDTH - self.outer()) / 2.0
    }

    /// Top-left corner of the square at `file`, `rank`.
    fn square_origin(&self, file: u8, rank: u8) -> Pt {
        let s = self.cell();
        let x = self.left() + BORDER + f32::from(file) * s;
        let y = TOP + BORDER + f32::from(self.size - 1 - rank) * s;
        (x, y)
    }

    fn file_rank(&self, cell: Cell) -> Option<(u8, u8)> {
        if !self.has_cell(cell) {
            return None;
        }
        Some((cell % self.size, cell / self.size))
    }

    fn is_special(&self, file: u8, rank: u8) -> bool {
        let last = self.size - 1;
        let mid = self.size / 2;
        (file == mid && rank == mid) || ((file == 0 || file == last) && (rank == 0 || rank == last))
    }
}

/// A star knot drawn on the throne.
fn star(c: &mut Canvas, cx: f32, cy: f32, r: f32, color: Rgba) {
    let mut pts = Vec::with_capacity(16);
    for i in 0..16 {
        let a = std::f32::consts::PI * i as f32 / 8.0 - std::f32::consts::FRAC_PI_2;
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        pts.push((cx + rr * a.cos(), cy + rr * a.sin()));
    }
    c.stroke(polygon(&pts), color, 1.8);
}

impl Board for HnefataflScene {
    fn header(&self) -> &Header {
        &self.header
    }

    fn last_move(&self) -> &LastMove {
        &self.last_move
    }

    fn height(&self) -> f32 {
        TOP + self.outer() + MARGIN
    }

    fn check(&self) -> Result<(), RenderError> {
        let want = crate::pictured::board_side(self.header.rule_set);
        if want != Some(self.size) {
            return Err(RenderError::InvalidScene(format!(
                "a {n}x{n} tafl board under rule set {}",
                self.header.rule_set,
                n = self.size
            )));
        }
        let n = usize::from(self.size) * usize::from(self.size);
        if self.squares.len() != n {
            return Err(RenderError::InvalidScene(format!(
                "{} squares for a {}x{} board",
                self.squares.len(),
                self.size,
                self.size
            )));
        }
        paint::check_common(self)
    }

    fn has_cell(&self, cell: Cell) -> bool {
        usize::from(cell) < usize::from(self.size) * usize::from(self.size)
    }

    fn swatches(&self) -> Vec<Self> {
        swatches(self.header.rule_set, self.size)
    }

    fn layer_key(&self) -> u32 {
        100 + u32::from(self.size)
    }

    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts) {
        let (left, outer, inner) = (self.left(), self.outer(), self.inner());
        wooden_frame(c, left, TOP, outer, outer, 14.0);
        let (x0, y0) = (left + BORDER, TOP + BORDER);
        c.fill(
            rect(x0 - 2.0, y0 - 2.0, inner + 4.0, inner + 4.0),
            BOARD_LINE,
        );
        c.fill(rect(x0, y0, inner, inner), BOARD);
        wood_grain(c, x0, y0, inner, inner, BOARD_LINE, 3);
        let s = self.cell();
        let alt = BOARD.mix(BOARD_ALT, 0.55).alpha(0xb0);
        for rank in 0..self.size {
            for file in 0..self.size {
                let (x, y) = self.square_origin(file, rank);
                if self.is_special(file, rank) {
                    c.fill(rect(x, y, s, s), BOARD_SPECIAL);
                    let light = BOARD.alpha(0xd0);
                    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
                    if file == self.size / 2 && rank == self.size / 2 {
                        star(c, cx, cy, s * 0.36, light);
                    } else {
                        let d = s * 0.28;
                        c.stroke(line(cx - d, cy - d, cx + d, cy + d), light, 2.0);
                        c.stroke(line(cx - d, cy + d, cx + d, cy - d), light, 2.0);
                        c.stroke(
                            crate::canvas::rect(x + 4.0, y + 4.0, s - 8.0, s - 8.0),
                            light,
                            1.2,
                        );
                    }
                } else if (file + rank) % 2 == 1 && c.detail {
                    c.fill(rect(x, y, s, s), alt);
                }
            }
        }
        for i in 0..=self.size {
            let o = f32::from(i) * s;
            c.stroke(line(x0 + o, y0, x0 + o, y0 + inner), BOARD_LINE, 1.2);
            c.stroke(line(x0, y0 + o, x0 + inner, y0 + o), BOARD_LINE, 1.2);
        }
        // coordinates on all four sides of the frame
        let em = if self.size > 11 { 14.0 } else { 15.0 };
        for i in 0..self.size {
            let centre = f32::from(i) * s + s / 2.0;
            let file = ((b'a' + i) as char).to_string();
            for y in [TOP + BORDER / 2.0, TOP + outer - BORDER / 2.0] {
                fonts.draw_centered(c, &file, x0 + centre, y, em, Face::Bold, FRAME_INK);
            }
            let rank = (self.size - i).to_string();
            for x in [left + BORDER / 2.0, left + outer - BORDER / 2.0] {
                fonts.draw_centered(c, &rank, x, y0 + centre, em, Face::Bold, FRAME_INK);
            }
        }
    }

    fn draw_pieces(&self, c: &mut Canvas, _fonts: &Fonts) {
        let r = self.piece_radius();
        for (i, square) in self.squares.iter().enumerate() {
            let (Some(piece), Ok(cell)) = (square, Cell::try_from(i)) else {
                continue;
            };
            let Some((x, y)) = self.center(cell) else {
                continue;
            };
            match piece {
                TaflPiece::Attacker => disc(c, x, y, r, Tone::Dark),
                TaflPiece::Defender => disc(c, x, y, r, Tone::Light),
                TaflPiece::King => king(c, x, y, r * 1.08),
            }
        }
    }

    fn center(&self, cell: Cell) -> Option<Pt> {
        let (file, rank) = self.file_rank(cell)?;
        let (x, y) = self.square_origin(file, rank);
        let s = self.cell();
        Some((x + s / 2.0, y + s / 2.0))
    }

    fn seat_at(&self, cell: Cell) -> Option<Seat> {
        match self.squares.get(usize::from(cell)).copied().flatten()? {
            TaflPiece::Attacker => Some(Seat::A),
            TaflPiece::Defender | TaflPiece::King => Some(Seat::B),
        }
    }

    fn area(&self, cell: Cell) -> Option<Path> {
        let (file, rank) = self.file_rank(cell)?;
        let (x, y) = self.square_origin(file, rank);
        let s = self.cell();
        rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0)
    }

    fn exit(&self, _from: Cell) -> Option<Pt> {
        None
    }

    fn piece_radius(&self) -> f32 {
        self.cell() * 0.37
    }

    fn arrow_bend(&self) -> f32 {
        0.0
    }
}

/// Implements [`Pictured`](crate::pictured::Pictured) for a tafl family's rules type (written
/// after the impl's doc comment), the same for every family: the attackers are the dark side,
/// the defenders' icon wears the king's crown, the board side is the start position's, and the
/// scene is [`tafl_scene`]'s.
macro_rules! pictured_tafl {
    ($(#[$doc:meta])* $Family:ty) => {
        $(#[$doc])*
        impl $crate::pictured::Pictured for $Family {
            const DIE: Option<$crate::dice::Die> = None;
            const CROWNED: Option<skald_rules::Seat> = Some(skald_rules::Seat::B);

            fn seat_tone(seat: skald_rules::Seat) -> $crate::pieces::Tone {
                $crate::hnefatafl::tafl_tone(seat)
            }

            fn board_side(rule_set: skald_rules::RuleSetId) -> Option<u8> {
                $crate::hnefatafl::tafl_side::<Self>(rule_set)
            }

            type Scene = $crate::hnefatafl::HnefataflScene;

            fn scene(
                &self,
                _viewer: skald_rules::Viewer,
                header: $crate::frame::Header,
                last_move: $crate::frame::LastMove,
            ) -> $crate::hnefatafl::HnefataflScene {
                $crate::hnefatafl::tafl_scene(self, header, last_move)
            }
        }
    };
}

pub(crate) use pictured_tafl;

pictured_tafl!(
    /// Hnefatafl's attackers are the dark side, and the defenders' icon wears the king's crown.
    Hnefatafl
);

/// The look of a tafl seat: the attackers dark, the defenders light.
pub(crate) fn tafl_tone(seat: Seat) -> Tone {
    match seat {
        Seat::A => Tone::Dark,
        Seat::B => Tone::Light,
    }
}

/// The board side of `rule_set`, played by the tafl family `G`: its start position's.
pub(crate) fn tafl_side<G: TaflBoard>(rule_set: RuleSetId) -> Option<u8> {
    Some(G::start(rule_set, 0).side())
}

/// The scene of any tafl family's position: every square's piece, under `header`.
pub(crate) fn tafl_scene<G: TaflBoard>(
    game: &G,
    header: Header,
    last_move: LastMove,
) -> HnefataflScene {
    let size = game.side();
    let cells = usize::from(size) * usize::from(size);
    let squares = (0..cells)
        .map(|i| {
            let cell = Cell::try_from(i).ok()?;
            game.piece_on(cell).map(|p| match p {
                Piece::Attacker => TaflPiece::Attacker,
                Piece::Defender => TaflPiece::Defender,
                Piece::King => TaflPiece::King,
            })
        })
        .collect();
    HnefataflScene {
        header,
        last_move,
        size,
        squares,
    }
}

/// A tafl board of `rule_set`, side `size` (7, 11 or 13): the three pieces on plain,
/// alternate and special squares, in three patterns.
fn swatches(rule_set: RuleSetId, size: u8) -> Vec<HnefataflScene> {
    let n = usize::from(size);
    let last = size.saturating_sub(1);
    let centre = usize::from(size / 2) * (n + 1);
    headers(rule_set, &[])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = HnefataflScene::empty(header, size);
            for (i, square) in scene.squares.iter_mut().enumerate() {
                let (f, r) = (i % n, i / n);
                *square = match (f + 2 * r + k) % 5 {
                    0 => Some(TaflPiece::Attacker),
                    2 => Some(TaflPiece::Defender),
                    _ => None,
                };
            }
            let corners = [0, usize::from(last), n * usize::from(last), n * n - 1];
            let kinds = [TaflPiece::King, TaflPiece::Attacker, TaflPiece::Defender];
            for (j, &corner) in corners.iter().enumerate() {
                if let Some(square) = scene.squares.get_mut(corner) {
                    *square = kinds.get((j + k) % 4).copied();
                }
            }
            if let Some(throne) = scene.squares.get_mut(centre) {
                *throne = kinds.get(k % 3).copied();
            }
            let cell = |f: u8, r: u8| r * size + f;
            // A step, a capture and a bump along one row: files 2, 6, 8 and 4 of 11 squares
            // or more; 1, 4, 6 and 3 of Brandubh's 7.
            let ([from, to, crossed, bumped], step) = if size < NARROWEST_FULL {
                ([1, 4, 6, 3], 2)
            } else {
                ([2, 6, 8, 4], 3)
            };
            let row = 1 + k as u8 * step;
            let to = cell(to, row);
            scene.squares[usize::from(to)] = Some(TaflPiece::Attacker);
            scene.squares[usize::from(cell(from, row))] = None;
            scene.squares[usize::from(cell(crossed, row))] = None;
            scene.last_move = marks(
                cell(from, row),
                to,
                cell(crossed, row),
                cell(bumped, row + 1),
            );
            scene
        })
        .collect()
}

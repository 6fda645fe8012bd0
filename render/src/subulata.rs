//! Subulata: the scene and its drawer (9x9 cells of water, flower and leaf in 3x3 tiles, start
//! and goal tiles marked, pieces with their value only when the viewer may see it).

use crate::RenderError;
use crate::board::{Board, Pt};
use crate::canvas::{Canvas, circle, line, rect, wooden_frame};
use crate::font::{Align, Face, Fonts};
use crate::frame::{Header, LastMove};
use crate::paint;
use crate::pictured::Pictured;
use crate::pictured::seat_tone;
use crate::pieces::disc;
use crate::swatch::{headers, marks};
use crate::theme::{
    FLOWER, FRAME_EDGE, FRAME_INK, HEADER_HEIGHT, INK_DIM, INK_LIGHT, LEAF, LEAF_INK, PETAL,
    PETAL_HEART, PIECE_DARK, PIECE_DARK_EDGE, PIECE_LIGHT, PIECE_LIGHT_EDGE, Rgba, WATER,
    WATER_INK, WIDTH,
};
use skald_lang::{Lang, seat_name, t};
use skald_rules::coords::Square;
use skald_rules::subulata::{self as rules, Subulata};
use skald_rules::{Cell, Game, RuleSetId, Seat, Viewer};
use tiny_skia::{Path, PathBuilder};

/// The kind of a Subulata cell; it decides how far a piece standing on it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Water: moves 1. Drawn blue with wave lines.
    Water,
    /// Flower: moves 2. Drawn cream with a five-petal flower.
    Flower,
    /// Leaf: moves 3. Drawn green with a leaf.
    Leaf,
}

/// A Subulata piece as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubulataPiece {
    /// The owner (White is seat A).
    pub seat: Seat,
    /// The value 1..=9, only when the viewer may see it; hidden values are simply absent.
    pub value: Option<u8>,
}

/// A Subulata board as a picture shows it.
///
/// Exists so the renderer can draw a position without the rules crate's type, and so hidden
/// values cannot leak: a scene for a viewer holds only the values that viewer may see. Cells
/// are indexed `rank * 9 + file`, file 0 = `a` on the left, rank 0 = `1` at the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubulataScene {
    /// Rule set (`subulata`), players, turn or result, move number.
    pub header: Header,
    /// The last move's marks (cells are `rank * 9 + file`).
    pub last_move: LastMove,
    /// The terrain of each cell.
    pub terrain: [Terrain; 81],
    /// The piece on each cell.
    pub pieces: [Option<SubulataPiece>; 81],
    /// Final scores (seat A first), shown once the game is over.
    pub scores: Option<[u32; 2]>,
}

impl SubulataScene {
    /// A board of all `terrain` with no pieces (to be filled cell by cell).
    pub fn empty(header: Header, terrain: Terrain) -> SubulataScene {
        SubulataScene {
            header,
            last_move: LastMove::none(),
            terrain: [terrain; 81],
            pieces: [None; 81],
            scores: None,
        }
    }
}

/// Side of one cell.
const CELL: f32 = 62.0;
/// Frame thickness (coordinates printed on it).
const BORDER: f32 = 28.0;
/// Side of the playing area.
const INNER: f32 = 9.0 * CELL;
/// Outer side of the framed board.
const OUTER: f32 = INNER + 2.0 * BORDER;
/// Left edge of the frame.
const LEFT: f32 = (WIDTH - OUTER) / 2.0;
/// Top of the frame (a label line sits above it).
const TOP: f32 = HEADER_HEIGHT + 30.0;
/// Left edge of the cells.
const X0: f32 = LEFT + BORDER;
/// Top edge of the cells.
const Y0: f32 = TOP + BORDER;
/// Radius of a piece.
const PIECE_R: f32 = CELL * 0.33;

fn origin(file: u8, rank: u8) -> Pt {
    (X0 + f32::from(file) * CELL, Y0 + f32::from(8 - rank) * CELL)
}

fn file_rank(cell: Cell) -> Option<(u8, u8)> {
    (cell < 81).then_some((cell % 9, cell / 9))
}

/// Wave lines across a cell (or a corner of it, `s` being the size drawn).
fn waves(c: &mut Canvas, x: f32, y: f32, s: f32, rows: &[f32], width: f32) {
    for &row in rows {
        let mut pb = PathBuilder::new();
        let base = y + row * s;
        let n = 12;
        for i in 0..=n {
            let t = i as f32 / n as f32;
            let px = x + s * (0.12 + 0.76 * t);
            let py = base + (t * std::f32::consts::TAU * 1.5).sin() * s * 0.06;
            if i == 0 {
                pb.move_to(px, py);
            } else {
                pb.line_to(px, py);
            }
        }
        c.stroke(pb.finish(), WATER_INK, width);
    }
}

/// A five-petal flower of radius `r`.
fn flower(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    for i in 0..5 {
        let a = std::f32::consts::TAU * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
        c.fill(
            circle(cx + a.cos() * r * 0.55, cy + a.sin() * r * 0.55, r * 0.42),
            PETAL,
        );
    }
    c.fill(circle(cx, cy, r * 0.3), PETAL_HEART);
}

/// A leaf of half-length `r`, pointing up-right, with its vein.
fn leaf(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let (ax, ay) = (cx - r * 0.75, cy + r * 0.75);
    let (bx, by) = (cx + r * 0.75, cy - r * 0.75);
    let mut pb = PathBuilder::new();
    pb.move_to(ax, ay);
    pb.quad_to(cx - r * 0.85, cy - r * 0.85, bx, by);
    pb.quad_to(cx + r * 0.85, cy + r * 0.85, ax, ay);
    pb.close();
    c.fill(pb.finish(), LEAF_INK);
    c.stroke(
        line(ax - r * 0.2, ay + r * 0.2, bx - r * 0.2, by + r * 0.2),
        LEAF,
        (r * 0.09).max(1.0),
    );
}

/// A square band `width` wide, `inset` inside the square at (`x`, `y`) of side `side`.
fn frame_band(c: &mut Canvas, x: f32, y: f32, side: f32, inset: f32, width: f32, color: Rgba) {
    let (x, y, side) = (x + inset, y + inset, side - 2.0 * inset);
    c.fill_crisp(x, y, side, width, color);
    c.fill_crisp(x, y + side - width, side, width, color);
    c.fill_crisp(x, y + width, width, side - 2.0 * width, color);
    c.fill_crisp(
        x + side - width,
        y + width,
        width,
        side - 2.0 * width,
        color,
    );
}

fn terrain_fill(t: Terrain) -> Rgba {
    match t {
        Terrain::Water => WATER,
        Terrain::Flower => FLOWER,
        Terrain::Leaf => LEAF,
    }
}

/// The terrain glyph: full size on empty cells, small in the corner under a piece.
fn terrain_glyph(c: &mut Canvas, t: Terrain, x: f32, y: f32, occupied: bool) {
    match (t, occupied) {
        (Terrain::Water, false) => waves(c, x, y, CELL, &[0.3, 0.52, 0.74], 2.2),
        (Terrain::Water, true) => waves(c, x, y, CELL, &[0.09, 0.93], 1.8),
        (Terrain::Flower, false) => flower(c, x + CELL / 2.0, y + CELL / 2.0, CELL * 0.3),
        (Terrain::Flower, true) => flower(c, x + CELL * 0.15, y + CELL * 0.15, CELL * 0.14),
        (Terrain::Leaf, false) => leaf(c, x + CELL / 2.0, y + CELL / 2.0, CELL * 0.3),
        (Terrain::Leaf, true) => leaf(c, x + CELL * 0.15, y + CELL * 0.15, CELL * 0.14),
    }
}

impl Board for SubulataScene {
    fn header(&self) -> &Header {
        &self.header
    }

    fn last_move(&self) -> &LastMove {
        &self.last_move
    }

    fn height(&self) -> f32 {
        TOP + OUTER + 46.0
    }

    fn check(&self) -> Result<(), RenderError> {
        if !Subulata::RULE_SETS.contains(&self.header.rule_set) {
            return Err(RenderError::InvalidScene(format!(
                "a Subulata board under rule set {}",
                self.header.rule_set
            )));
        }
        if let Some(bad) = self
            .pieces
            .iter()
            .flatten()
            .find_map(|p| p.value.filter(|v| !(1..=9).contains(v)))
        {
            return Err(RenderError::InvalidScene(format!(
                "piece value {bad} outside 1..=9"
            )));
        }
        paint::check_common(self)
    }

    fn has_cell(&self, cell: Cell) -> bool {
        cell < 81
    }

    fn swatches(&self) -> Vec<Self> {
        swatches(self.header.lang)
    }

    /// The table's labels name the start and goal tiles: one layer per language.
    fn layer_key(&self) -> u32 {
        let lang = Lang::ALL.iter().position(|l| *l == self.header.lang);
        2 + 0x100 * lang.map_or(0, |i| i as u32 + 1)
    }

    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts) {
        wooden_frame(c, LEFT, TOP, OUTER, OUTER, 14.0);
        c.fill(
            rect(X0 - 2.0, Y0 - 2.0, INNER + 4.0, INNER + 4.0),
            FRAME_EDGE,
        );
        // coordinates
        for i in 0..9u8 {
            let centre = f32::from(i) * CELL + CELL / 2.0;
            let file = ((b'a' + i) as char).to_string();
            for y in [TOP + BORDER / 2.0, TOP + OUTER - BORDER / 2.0] {
                fonts.draw_centered(c, &file, X0 + centre, y, 14.0, Face::Bold, FRAME_INK);
            }
            let rank = (9 - i).to_string();
            for x in [LEFT + BORDER / 2.0, LEFT + OUTER - BORDER / 2.0] {
                fonts.draw_centered(c, &rank, x, Y0 + centre, 14.0, Face::Bold, FRAME_INK);
            }
        }
        // labels of the start/goal tiles on the table, next to them
        let (rs, lang) = (self.header.rule_set, self.header.lang);
        let tiles = |start: Seat| {
            t!(
                "board-picture-subulata-tiles",
                start = seat_name(rs, start),
                goal = seat_name(rs, start.other())
            )
            .render(lang)
        };
        let above = tiles(Seat::B);
        fonts.draw(
            c,
            &above,
            LEFT + OUTER - 6.0,
            TOP - 9.0,
            14.0,
            Face::Bold,
            INK_DIM,
            Align::Right,
        );
        let below = tiles(Seat::A);
        fonts.draw(
            c,
            &below,
            LEFT + 6.0,
            TOP + OUTER + 24.0,
            14.0,
            Face::Bold,
            INK_DIM,
            Align::Left,
        );
    }

    fn draw_board(&self, c: &mut Canvas, _fonts: &Fonts) {
        for cell in 0..81u8 {
            let Some((file, rank)) = file_rank(cell) else {
                continue;
            };
            let (x, y) = origin(file, rank);
            let t = self.terrain[usize::from(cell)];
            let occupied = self.pieces[usize::from(cell)].is_some();
            let id = 0x300 + 2 * t as u32 + u32::from(occupied);
            let half = CELL / 2.0;
            crate::sprite::stamp(c, id, x + half, y + half, half, |c, cx, cy| {
                c.clear(terrain_fill(t));
                terrain_glyph(c, t, cx - half, cy - half, occupied);
            });
        }
        // thin cell lines, thick tile borders (crisp rectangles: they sit on whole pixels)
        for i in 0..=9u8 {
            let o = f32::from(i) * CELL;
            let (w, color): (f32, Rgba) = if i % 3 == 0 {
                (3.0, FRAME_EDGE)
            } else {
                (1.0, FRAME_EDGE.alpha(0x70))
            };
            let start = o - (w / 2.0).floor();
            c.fill_crisp(X0 + start, Y0, w, INNER, color);
            c.fill_crisp(X0, Y0 + start, INNER, w, color);
        }
        // start/goal tiles: a double outline in the owner's colours
        let tile = 3.0 * CELL;
        let (wx, wy) = origin(0, 2);
        let (bx, by) = origin(6, 8);
        for ((x, y), (outer, inner)) in [
            ((wx, wy), (PIECE_LIGHT_EDGE, PIECE_LIGHT)),
            ((bx, by), (PIECE_DARK_EDGE, PIECE_DARK)),
        ] {
            frame_band(c, x, y, tile, 0.0, 6.0, outer);
            frame_band(c, x, y, tile, 2.0, 3.0, inner);
        }
    }

    fn draw_pieces(&self, c: &mut Canvas, fonts: &Fonts) {
        let rs = self.header.rule_set;
        for (i, piece) in self.pieces.iter().enumerate() {
            let Some(piece) = piece else {
                continue;
            };
            let Some((x, y)) = u8::try_from(i).ok().and_then(|cell| self.center(cell)) else {
                continue;
            };
            let tone = seat_tone(rs, piece.seat);
            disc(c, x, y, PIECE_R, tone);
            if let Some(v) = piece.value {
                fonts.draw_centered(c, &v.to_string(), x, y, 21.0, Face::Bold, tone.edge());
            }
        }
        if let Some([a, b]) = self.scores {
            let text = t!(
                "board-picture-final-score",
                white = seat_name(rs, Seat::A),
                a = a,
                black = seat_name(rs, Seat::B),
                b = b
            )
            .render(self.header.lang);
            fonts.draw(
                c,
                &text,
                LEFT + OUTER - 6.0,
                TOP + OUTER + 24.0,
                16.0,
                Face::Bold,
                INK_LIGHT,
                Align::Right,
            );
        }
    }

    fn center(&self, cell: Cell) -> Option<Pt> {
        let (file, rank) = file_rank(cell)?;
        let (x, y) = origin(file, rank);
        Some((x + CELL / 2.0, y + CELL / 2.0))
    }

    fn seat_at(&self, cell: Cell) -> Option<Seat> {
        self.pieces
            .get(usize::from(cell))
            .copied()
            .flatten()
            .map(|p| p.seat)
    }

    fn area(&self, cell: Cell) -> Option<Path> {
        let (file, rank) = file_rank(cell)?;
        let (x, y) = origin(file, rank);
        rect(x + 1.0, y + 1.0, CELL - 2.0, CELL - 2.0)
    }

    fn exit(&self, _from: Cell) -> Option<Pt> {
        None
    }

    fn piece_radius(&self) -> f32 {
        PIECE_R
    }

    fn arrow_bend(&self) -> f32 {
        0.0
    }
}

/// Subulata: a piece's value enters the scene only when the viewer may see it.
impl Pictured for Subulata {
    type Scene = SubulataScene;

    fn scene(&self, viewer: Viewer, header: Header, last_move: LastMove) -> SubulataScene {
        let mut scene = SubulataScene::empty(header, Terrain::Water);
        scene.last_move = last_move;
        for i in 0..81u8 {
            let sq = Square::from_index(usize::from(i), rules::SIZE);
            scene.terrain[usize::from(i)] = match self.terrain(sq) {
                rules::Terrain::Water => Terrain::Water,
                rules::Terrain::Flower => Terrain::Flower,
                rules::Terrain::Leaf => Terrain::Leaf,
            };
            scene.pieces[usize::from(i)] = self.piece_for(sq, viewer).map(|p| SubulataPiece {
                seat: p.seat,
                value: p.value,
            });
        }
        scene.scores = self.status().outcome().and_then(|o| o.scores);
        scene
    }
}

/// Subulata: both sides' pieces, with and without their values, on each terrain; the final
/// scores; the words in `lang` (the board's layer holds words, one per language).
fn swatches(lang: Lang) -> Vec<SubulataScene> {
    headers(RuleSetId::Subulata, &[])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let header = Header { lang, ..header };
            let mut scene = SubulataScene::empty(header, Terrain::Water);
            scene.terrain = subulata_terrain([0, 1, 2, 3, 4, 5, 6, 7, 8]);
            for (i, piece) in scene.pieces.iter_mut().enumerate() {
                let seat = match (i + 2 * (i / 9) + k) % 5 {
                    0 => Seat::A,
                    2 => Seat::B,
                    _ => continue,
                };
                let value = ((i * 7 + k) % 9 + 1) as u8;
                *piece = Some(SubulataPiece {
                    seat,
                    value: (i % 3 != 0).then_some(value),
                });
            }
            let to = (20 + 27 * k) as Cell;
            scene.pieces[usize::from(to)] = Some(SubulataPiece {
                seat: Seat::B,
                value: Some(9),
            });
            scene.pieces[usize::from(to - 18)] = None;
            scene.pieces[usize::from(to + 2)] = None;
            scene.last_move = marks(to - 18, to, to + 2, to - 8);
            if k == 2 {
                scene.scores = Some([38, 45]);
            }
            scene
        })
        .collect()
}

/// The nine Subulata tiles of RULES.md, rows from top to bottom.
const TILES: [[&str; 3]; 9] = [
    ["WFL", "FLW", "LWF"],
    ["LLL", "WWW", "FFF"],
    ["WWF", "WFL", "FLL"],
    ["FWF", "LWL", "FWL"],
    ["LFW", "LFW", "LFW"],
    ["WLW", "FFF", "LWL"],
    ["FLF", "LWL", "FWW"],
    ["WFF", "LWF", "LLW"],
    ["FFW", "LLW", "WFL"],
];

/// A Subulata board made of the nine tiles in the order `order` (bottom-left tile first,
/// left to right, then up), unrotated.
pub fn subulata_terrain(order: [usize; 9]) -> [Terrain; 81] {
    let mut terrain = [Terrain::Water; 81];
    for (slot, &tile) in order.iter().enumerate() {
        let (tile_file, tile_rank) = (slot % 3, slot / 3);
        let Some(rows) = TILES.get(tile) else {
            continue;
        };
        for (row, text) in rows.iter().enumerate() {
            for (col, ch) in text.chars().enumerate() {
                let rank = tile_rank * 3 + (2 - row);
                let file = tile_file * 3 + col;
                terrain[rank * 9 + file] = match ch {
                    'W' => Terrain::Water,
                    'F' => Terrain::Flower,
                    _ => Terrain::Leaf,
                };
            }
        }
    }
    terrain
}

//! Subulata (Corné van Moorsel), rule set `subulata`: RULES.md "Subulata", seeds/003.
//!
//! A 9x9 board of nine 3x3 tiles of Water, Flower and Leaf cells. Each player crosses the
//! board with nine pieces of hidden values 1..9, moving a piece exactly 1, 2 or 3 cells
//! (decided by the terrain it starts from) forward, or backward to capture. The game is
//! scored when a player has all remaining pieces on the goal tile or the player to move is
//! stuck. Cell index = [`Square::index`] with size 9 (`rank * 9 + file`, `a1` = 0, `i9` = 80).
//! The notation is documented in `docs/NOTATION.md` (section "Subulata").

mod notation;
pub(crate) mod terrain;
#[cfg(test)]
mod tests;
mod text;

pub use terrain::Terrain;

use crate::coords::Square;
use crate::{
    ArrangeError, Cell, EndReason, Event, Game, MoveError, Outcome, PositionError, Refusal,
    RollError, RuleSetId, Seat, Status, Viewer,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Side of the board, in cells: the module works with fixed-size arrays of this size.
pub const SIZE: u8 = 9;

/// Number of cells on the board (81), the length of the per-cell arrays.
const CELLS: usize = 81;

const W: Terrain = Terrain::Water;
const F: Terrain = Terrain::Flower;
const L: Terrain = Terrain::Leaf;

/// The nine tiles of RULES.md (tile 1 first), each as rows from top to bottom, cells from
/// left to right, unrotated. Exposed so the renderer can draw a tile legend.
pub const TILES: [[[Terrain; 3]; 3]; 9] = [
    [[W, F, L], [F, L, W], [L, W, F]],
    [[L, L, L], [W, W, W], [F, F, F]],
    [[W, W, F], [W, F, L], [F, L, L]],
    [[F, W, F], [L, W, L], [F, W, L]],
    [[L, F, W], [L, F, W], [L, F, W]],
    [[W, L, W], [F, F, F], [L, W, L]],
    [[F, L, F], [L, W, L], [F, W, W]],
    [[W, F, F], [L, W, F], [L, L, W]],
    [[F, F, W], [L, L, W], [W, F, L]],
];

/// One of the nine tile places of the board: which tile lies there and how it is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The tile number, 1..=9 as in RULES.md's table.
    pub tile: u8,
    /// Quarter-turns clockwise, 0..=3.
    pub rotation: u8,
}

impl Placement {
    /// The terrain at `row` (0 = top) and `col` (0 = left) of the placed, rotated tile.
    /// Out-of-range tiles or coordinates read as Water rather than panicking.
    pub fn terrain(self, row: usize, col: usize) -> Terrain {
        let (mut r, mut c) = (row.min(2), col.min(2));
        // Turning the tile clockwise r times: the cell now at (r, c) came from (2 - c, r).
        for _ in 0..self.rotation % 4 {
            (r, c) = (2 - c, r);
        }
        TILES
            .get(usize::from(self.tile).wrapping_sub(1))
            .map_or(Terrain::Water, |t| t[r][c])
    }
}

/// A piece as a viewer of a full position sees it: owner and value (`None` when the position
/// was read from a public string that hid it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub seat: Seat,
    /// Its value 1..=9, if known.
    pub value: Option<u8>,
}

/// A Subulata move: a piece slides from `from` to `to` in a straight line (it jumps whatever
/// stands between). Printed `c3-c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it comes to rest (capturing an enemy piece there).
    pub to: Square,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.from.name(), self.to.name())
    }
}

/// Cell codes: 0 empty, else an owner bit and the value in the low nibble (0 = hidden).
const EMPTY: u8 = 0;
const WHITE: u8 = 0x10;
const BLACK: u8 = 0x20;
const VALUE: u8 = 0x0F;

fn seat_bit(seat: Seat) -> u8 {
    match seat {
        Seat::A => WHITE,
        Seat::B => BLACK,
    }
}

fn owner(code: u8) -> Option<Seat> {
    match code & (WHITE | BLACK) {
        WHITE => Some(Seat::A),
        BLACK => Some(Seat::B),
        _ => None,
    }
}

/// The four directions, forward ones first, for White (Black's are mirrored).
const DIRS: [(i8, i8, bool); 4] = [(1, 0, true), (0, 1, true), (-1, 0, false), (0, -1, false)];

/// A Subulata position: tiles, pieces with their values, and the ply counter (White moves
/// at even plies: nobody ever passes in Subulata).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subulata {
    placements: [Placement; 9],
    /// Derived from `placements`, kept for fast move generation.
    terrain: [Terrain; CELLS],
    cells: [u8; CELLS],
    ply: u32,
}

/// Uniform-enough draw in `0..n` (n <= 9): the bias of the modulo on 64 bits is below 1e-18.
fn draw(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    use rand::Rng;
    rng.next_u64() % n
}

/// Fisher-Yates from the last element down, with [`draw`]: fixed here (not rand's shuffle)
/// so that a seed means the same set-up in every release.
fn shuffle(values: &mut [u8; 9], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..values.len()).rev() {
        let j = draw(rng, i as u64 + 1) as usize;
        values.swap(i, j);
    }
}

impl Subulata {
    /// Builds a position from its parts (terrain is derived from the placements).
    fn from_parts(placements: [Placement; 9], cells: [u8; CELLS], ply: u32) -> Subulata {
        let mut terrain = [Terrain::Water; CELLS];
        for (i, t) in terrain.iter_mut().enumerate() {
            let file = i % 9;
            let row_from_top = 8 - i / 9;
            let place = (row_from_top / 3) * 3 + file / 3;
            *t = placements[place].terrain(row_from_top % 3, file % 3);
        }
        Subulata {
            placements,
            terrain,
            cells,
            ply,
        }
    }

    /// The nine start-tile cells of `seat` in arrangement order (White a1 b1 c1 a2 .. c3,
    /// Black i9 h9 g9 i8 .. g7): the order [`Game::arrange`] and [`Subulata::arrangement`]
    /// use, so callers can label the values they show or ask for.
    pub fn start_cells(seat: Seat) -> [Square; 9] {
        let mut out = [Square::new(0, 0); 9];
        for (k, sq) in out.iter_mut().enumerate() {
            let (f, r) = ((k % 3) as u8, (k / 3) as u8);
            *sq = match seat {
                Seat::A => Square::new(f, r),
                Seat::B => Square::new(8 - f, 8 - r),
            };
        }
        out
    }

    /// Whether `sq` lies on `seat`'s goal tile (White g7..i9, Black a1..c3): for the
    /// renderer's highlighting and for the AI's evaluation.
    pub fn is_goal(seat: Seat, sq: Square) -> bool {
        match seat {
            Seat::A => sq.file >= 6 && sq.rank >= 6 && sq.file < 9 && sq.rank < 9,
            Seat::B => sq.file < 3 && sq.rank < 3,
        }
    }

    /// The side of the board (9), for renderers that size their grid from the game.
    pub fn size(&self) -> u8 {
        SIZE
    }

    /// The nine tile placements in board order (top-left tile first, rows of tiles top to
    /// bottom), for drawing the tiles and for the notation.
    pub fn placements(&self) -> [Placement; 9] {
        self.placements
    }

    /// The terrain of a square (Water outside the board), so the renderer can colour cells
    /// and the AI can see how far a piece moves.
    pub fn terrain(&self, sq: Square) -> Terrain {
        Self::cell_of(sq).map_or(Terrain::Water, |i| self.terrain[i])
    }

    /// The full-information piece on a square, if any (values may be `None` in positions
    /// read from a public string). Callers showing it must respect [`Viewer::sees`].
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        let code = self.cells[Self::cell_of(sq)?];
        let seat = owner(code)?;
        let value = code & VALUE;
        Some(Piece {
            seat,
            value: (value != 0).then_some(value),
        })
    }

    /// The piece on a square as `viewer` may see it (values of the other seat hidden): the
    /// safe accessor for renderers.
    pub fn piece_for(&self, sq: Square, viewer: Viewer) -> Option<Piece> {
        self.piece(sq).map(|p| Piece {
            value: p.value.filter(|_| viewer.sees(p.seat)),
            ..p
        })
    }

    /// Whose turn it is (White at even plies), also after the end (the stuck player).
    pub fn side_to_move(&self) -> Seat {
        if self.ply.is_multiple_of(2) {
            Seat::A
        } else {
            Seat::B
        }
    }

    /// How many pieces `seat` still has on the board.
    pub fn pieces_left(&self, seat: Seat) -> u8 {
        let bit = seat_bit(seat);
        self.cells.iter().filter(|&&c| c & bit != 0).count() as u8
    }

    /// How many enemy pieces `seat` has captured (each is worth 1 point).
    pub fn captured_by(&self, seat: Seat) -> u8 {
        9u8.saturating_sub(self.pieces_left(seat.other()))
    }

    /// How many pieces of `seat` stand on its goal tile.
    pub fn on_goal(&self, seat: Seat) -> u8 {
        self.goal_cells(seat)
            .filter(|&i| owner(self.cells[i]) == Some(seat))
            .count() as u8
    }

    /// `seat`'s score if the game ended now: values on its goal tile plus 1 per captured
    /// enemy; `None` when a value it would count is hidden. For the AI's evaluation and for
    /// showing a player their own running score.
    pub fn score(&self, seat: Seat) -> Option<u32> {
        let mut sum = u32::from(self.captured_by(seat));
        for i in self.goal_cells(seat) {
            let code = self.cells[i];
            if owner(code) == Some(seat) {
                match code & VALUE {
                    0 => return None,
                    v => sum += u32::from(v),
                }
            }
        }
        Some(sum)
    }

    /// `seat`'s current value arrangement on its start tile, in the order of
    /// [`Subulata::start_cells`] (`None` where no own piece stands or the value is hidden):
    /// for the bot's private view of a player's set-up.
    pub fn arrangement(&self, seat: Seat) -> [Option<u8>; 9] {
        Self::start_cells(seat).map(|sq| {
            self.piece(sq)
                .filter(|p| p.seat == seat)
                .and_then(|p| p.value)
        })
    }

    /// Whether `seat` may still change its arrangement: before its own first move, with its
    /// nine pieces on its start tile, and the game not over. Lets the bot offer the command.
    pub fn can_arrange(&self, seat: Seat) -> bool {
        let first_move_ply = match seat {
            Seat::A => 0,
            Seat::B => 1,
        };
        self.ply <= first_move_ply
            && Self::start_cells(seat)
                .iter()
                .all(|&sq| self.piece(sq).is_some_and(|p| p.seat == seat))
    }

    /// Fills `out` with the legal moves (cleared first): the allocation-free variant of
    /// [`Game::legal_moves`] for AI playouts that reuse one buffer.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.goal_reached() {
            return;
        }
        let seat = self.side_to_move();
        let bit = seat_bit(seat);
        for i in 0..CELLS {
            if self.cells[i] & bit != 0 {
                let from = Square::from_index(i, SIZE);
                for dir in 0..4 {
                    if let Some(to) = self.target(from, seat, dir) {
                        out.push(Move { from, to });
                    }
                }
            }
        }
    }

    fn cell_of(sq: Square) -> Option<usize> {
        (sq.file < SIZE && sq.rank < SIZE).then(|| sq.index(SIZE))
    }

    fn goal_cells(&self, seat: Seat) -> impl Iterator<Item = usize> + use<> {
        let (f0, r0) = match seat {
            Seat::A => (6, 6),
            Seat::B => (0, 0),
        };
        (0..9).map(move |k| (r0 + k / 3) * 9 + f0 + k % 3)
    }

    /// Where the piece of `seat` on `from` lands going in direction `dir` (see [`DIRS`]), if
    /// that move is legal.
    fn target(&self, from: Square, seat: Seat, dir: usize) -> Option<Square> {
        let (df, dr, forward) = DIRS[dir & 3];
        let d = self.terrain[from.index(SIZE)].distance() as i8;
        let sign = if seat == Seat::A { 1 } else { -1 };
        let f = from.file as i8 + df * sign * d;
        let r = from.rank as i8 + dr * sign * d;
        if !(0..SIZE as i8).contains(&f) || !(0..SIZE as i8).contains(&r) {
            return None;
        }
        let to = Square::new(f as u8, r as u8);
        match owner(self.cells[to.index(SIZE)]) {
            None => forward.then_some(to),
            Some(s) if s == seat => None,
            Some(_) => Some(to),
        }
    }

    fn has_legal_move(&self) -> bool {
        let seat = self.side_to_move();
        let bit = seat_bit(seat);
        (0..CELLS).any(|i| {
            self.cells[i] & bit != 0 && {
                let from = Square::from_index(i, SIZE);
                (0..4).any(|dir| self.target(from, seat, dir).is_some())
            }
        })
    }

    /// Whether all remaining pieces of either player stand on that player's goal tile.
    fn goal_reached(&self) -> bool {
        Seat::BOTH
            .into_iter()
            .any(|s| self.on_goal(s) == self.pieces_left(s))
    }

    /// The outcome if the game is over.
    fn outcome(&self) -> Option<Outcome> {
        let reason = if self.goal_reached() {
            EndReason::GoalReached
        } else if !self.has_legal_move() {
            EndReason::NoLegalMove
        } else {
            return None;
        };
        Some(self.scored(reason))
    }

    /// Lowest and highest score `seat` can have given the values this position knows:
    /// hidden values on the goal tile take the smallest or largest values the seat's known
    /// pieces do not show.
    fn score_bounds(&self, seat: Seat) -> (u32, u32) {
        let mut known = 0u32;
        let mut hidden = 0usize;
        for i in self.goal_cells(seat) {
            let code = self.cells[i];
            if owner(code) == Some(seat) {
                match code & VALUE {
                    0 => hidden += 1,
                    v => known += u32::from(v),
                }
            }
        }
        let bit = seat_bit(seat);
        let mut shown = [false; 10];
        for &c in &self.cells {
            if c & bit != 0 {
                shown[usize::from(c & VALUE)] = true;
            }
        }
        let free = move || (1..=9u32).filter(move |&v| !shown[v as usize]);
        let low: u32 = free().take(hidden).sum();
        let high: u32 = free().rev().take(hidden).sum();
        let base = known + u32::from(self.captured_by(seat));
        (base + low, base + high)
    }

    /// Scores the finished game. With hidden values (a public position) the scores are
    /// `None`, and the winner is named only when every possible value decides it.
    fn scored(&self, reason: EndReason) -> Outcome {
        let [a, b] = [Seat::A, Seat::B].map(|s| self.score_bounds(s));
        let exact = a.0 == a.1 && b.0 == b.1;
        let winner = if a.0 > b.1 {
            Some(Seat::A)
        } else if b.0 > a.1 {
            Some(Seat::B)
        } else {
            None
        };
        Outcome {
            winner,
            reason,
            scores: exact.then_some([a.0, b.0]),
        }
    }

    /// Checks `mv` for the side to move; `Ok(true)` when it captures.
    fn check(&self, mv: Move) -> Result<bool, Refusal> {
        let seat = self.side_to_move();
        let (Some(from), Some(to)) = (Self::cell_of(mv.from), Self::cell_of(mv.to)) else {
            return Err(Refusal::CellsOffBoard);
        };
        let code = self.cells[from];
        match owner(code) {
            None => {
                return Err(Refusal::NoPiece {
                    square: mv.from.name(),
                });
            }
            Some(s) if s != seat => {
                return Err(Refusal::SubulataNotYours {
                    square: mv.from.name(),
                    owner: s,
                });
            }
            Some(_) => {}
        }
        if from == to {
            return Err(Refusal::SubulataStandStill);
        }
        if mv.from.file != mv.to.file && mv.from.rank != mv.to.rank {
            return Err(Refusal::Diagonal);
        }
        let terrain = self.terrain[from];
        let dist = mv.from.file.abs_diff(mv.to.file) + mv.from.rank.abs_diff(mv.to.rank);
        if dist != terrain.distance() {
            let reach = (0..4)
                .filter_map(|dir| self.target(mv.from, seat, dir))
                .map(|s| s.name())
                .collect();
            return Err(Refusal::WrongDistance {
                square: mv.from.name(),
                terrain,
                reach,
            });
        }
        let up = mv.to.file > mv.from.file || mv.to.rank > mv.from.rank;
        let forward = up == (seat == Seat::A);
        match owner(self.cells[to]) {
            Some(s) if s == seat => Err(Refusal::OwnPieceThere {
                square: mv.to.name(),
            }),
            Some(_) => Ok(true),
            None if forward => Ok(false),
            None => Err(Refusal::BackwardOnlyToCapture {
                seat,
                square: mv.to.name(),
            }),
        }
    }
}

impl Game for Subulata {
    type Move = Move;
    const RULE_SETS: &'static [RuleSetId] = &[RuleSetId::Subulata];

    /// The seeded set-up: see `docs/NOTATION.md` (section "Subulata") ("Set-up from a seed") for the
    /// exact draws, which must never change.
    fn start(_rule_set: RuleSetId, seed: u64) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut order = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut order, &mut rng);
        let mut placements = [Placement {
            tile: 1,
            rotation: 0,
        }; 9];
        for (p, &tile) in placements.iter_mut().zip(&order) {
            *p = Placement {
                tile,
                rotation: draw(&mut rng, 4) as u8,
            };
        }
        let mut cells = [EMPTY; CELLS];
        for seat in Seat::BOTH {
            let mut values = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            shuffle(&mut values, &mut rng);
            for (sq, v) in Self::start_cells(seat).into_iter().zip(values) {
                cells[sq.index(SIZE)] = seat_bit(seat) | v;
            }
        }
        Subulata::from_parts(placements, cells, 0)
    }

    fn rule_set(&self) -> RuleSetId {
        RuleSetId::Subulata
    }

    fn status(&self) -> Status {
        match self.outcome() {
            Some(o) => Status::Over(o),
            None => Status::Move {
                seat: self.side_to_move(),
            },
        }
    }

    fn dice(&self) -> &[u8] {
        &[]
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(36);
        self.legal_moves_into(&mut out);
        out
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let captures = self.check(mv).map_err(|reason| MoveError::Illegal {
            mv: mv.to_string(),
            reason,
        })?;
        let seat = self.side_to_move();
        let (from, to) = (mv.from.index(SIZE), mv.to.index(SIZE));
        self.cells[to] = self.cells[from];
        self.cells[from] = EMPTY;
        self.ply += 1;
        let mut events = vec![Event::Moved {
            seat,
            from: from as Cell,
            to: Some(to as Cell),
        }];
        if captures {
            events.push(Event::Captured {
                seat: seat.other(),
                at: to as Cell,
            });
        }
        if let Some(o) = self.outcome() {
            events.push(Event::GameOver(o));
        }
        Ok(events)
    }

    fn roll(&mut self, _dice: &[u8]) -> Result<Vec<Event>, RollError> {
        Err(RollError::NotExpected)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(text)
    }

    fn to_notation(&self, viewer: Viewer) -> String {
        notation::write(self, viewer)
    }

    fn from_notation(_rule_set: RuleSetId, text: &str) -> Result<Self, PositionError> {
        notation::read(text)
    }

    fn text_grid(&self, viewer: Viewer) -> String {
        text::grid(self, viewer)
    }

    fn cell_name(&self, cell: Cell) -> String {
        if usize::from(cell) < CELLS {
            Square::from_index(usize::from(cell), SIZE).name()
        } else {
            format!("cell {cell} (off the board)")
        }
    }

    fn arrange(&mut self, seat: Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        if self.outcome().is_some() {
            return Err(ArrangeError::GameOver);
        }
        if !self.can_arrange(seat) {
            return Err(ArrangeError::Locked);
        }
        let mut sorted = values;
        sorted.sort_unstable();
        if sorted != [1, 2, 3, 4, 5, 6, 7, 8, 9] {
            return Err(ArrangeError::BadValues(values));
        }
        for (sq, v) in Self::start_cells(seat).into_iter().zip(values) {
            self.cells[sq.index(SIZE)] = seat_bit(seat) | v;
        }
        Ok(())
    }
}

//! Hnefatafl on 11x11 (`hnefatafl`) and 13x13 (`hnefatafl-13`): the reconstructed rules of
//! RULES.md.
//!
//! One type, [`Hnefatafl`], plays both sizes; the size comes from the rule set. Seat A is the
//! attackers (they move first), seat B the defenders and their king. A cell index (in
//! [`Event`]s and [`Hnefatafl::piece_on`]) is `Square::index(size)`, `rank * size + file`,
//! so `a1` is 0 and `k11` is 120 on 11x11. The rules themselves live in `rules.rs`, the
//! position and move notation in `notation.rs` and the text board's grid in `text.rs`; the
//! notation is documented in `docs/NOTATION.md` (section "Hnefatafl"). What every tafl family
//! shares (a move's legality, the position string's fields and checks, the grid) is written
//! once in `shared.rs`, which [`crate::tafl`] calls too.

mod board;
mod may_win;
mod notation;
mod rules;
pub(crate) mod shared;
#[cfg(test)]
mod tests;
mod text;
mod view;

pub use view::TaflBoard;

use shared::TaflRules;

use crate::coords::{Square, parse_slide};
use crate::{
    Cell, Event, Game, MoveError, Outcome, PositionError, Refusal, RollError, RuleSetId, Seat,
    Status, Viewer,
};
use board::Board;
use std::fmt;

/// The largest board side (13x13), which fixes the size of the board array.
pub const MAX_SIZE: u8 = 13;

/// Cells in the board array: every square of the largest board.
const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Attackers at the start (both sizes), to count captured pieces.
pub const START_ATTACKERS: u8 = 24;

/// Defenders at the start, king not included (both sizes), to count captured pieces.
pub const START_DEFENDERS: u8 = 12;

/// What can stand on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// An attacker (seat A).
    Attacker,
    /// A defender soldier (seat B).
    Defender,
    /// The defenders' king (seat B): the only piece allowed on the throne and the corners.
    King,
}

impl Piece {
    /// The seat owning the piece, to tell friends from enemies.
    pub fn seat(self) -> Seat {
        match self {
            Piece::Attacker => Seat::A,
            Piece::Defender | Piece::King => Seat::B,
        }
    }

    /// The letter used in the position string and on the text board (`A`, `D`, `K`).
    pub fn letter(self) -> char {
        match self {
            Piece::Attacker => 'A',
            Piece::Defender => 'D',
            Piece::King => 'K',
        }
    }
}

/// One Hnefatafl move: a piece slides like a rook from `from` to `to`.
///
/// Printed `f2-f5`; read forgivingly by [`Game::parse_move`] (`F2F5`, `f2 f5`, `f2xf5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece stops on.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`, for callers (the AI, tests) that build moves directly.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from.name(), self.to.name())
    }
}

/// A Hnefatafl position: the board, the side to move, the move count and the moves since the
/// last capture (needed for threefold repetition), with the outcome once the game is over.
///
/// Everything here is written in the position string, so a position rebuilt from its string
/// is equal to the original (the outcome is derived from the other fields).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Hnefatafl {
    /// `hnefatafl` or `hnefatafl-13`.
    rule_set: RuleSetId,
    /// The board side, 11 or 13 (follows from the rule set).
    size: u8,
    /// What stands on each cell.
    board: Board,
    /// The side to move (after the end: the side that would have moved).
    side: Seat,
    /// Moves played since the start.
    ply: u32,
    /// Moves since the last capture, oldest first.
    history: Vec<Move>,
    /// How the game ended, derived from the fields above after every change.
    outcome: Option<Outcome>,
}

impl fmt::Debug for Hnefatafl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hnefatafl({}: {})", self.rule_set, self.notation())
    }
}

/// The starting armies of RULES.md: attackers, defenders, king.
fn start_layout(
    size: u8,
) -> (
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
) {
    if size == 13 {
        (
            &[
                "e1", "f1", "g1", "h1", "i1", "g2", "e13", "f13", "g13", "h13", "i13", "g12", "a5",
                "a6", "a7", "a8", "a9", "b7", "m5", "m6", "m7", "m8", "m9", "l7",
            ],
            &[
                "g5", "f6", "g6", "h6", "e7", "f7", "h7", "i7", "f8", "g8", "h8", "g9",
            ],
            "g7",
        )
    } else {
        (
            &[
                "d1", "e1", "f1", "g1", "h1", "f2", "d11", "e11", "f11", "g11", "h11", "f10", "a4",
                "a5", "a6", "a7", "a8", "b6", "k4", "k5", "k6", "k7", "k8", "j6",
            ],
            &[
                "f4", "e5", "f5", "g5", "d6", "e6", "g6", "h6", "e7", "f7", "g7", "f8",
            ],
            "f6",
        )
    }
}

/// The board side of a rule set (any id other than `hnefatafl-13` plays 11x11).
fn size_of(rule_set: RuleSetId) -> (RuleSetId, u8) {
    match rule_set {
        RuleSetId::Hnefatafl13 => (RuleSetId::Hnefatafl13, 13),
        _ => (RuleSetId::Hnefatafl, 11),
    }
}

impl Hnefatafl {
    /// An empty board of `rule_set` with the attackers to move, for the parser and `start`.
    fn empty(rule_set: RuleSetId) -> Hnefatafl {
        let (rule_set, size) = size_of(rule_set);
        Hnefatafl {
            rule_set,
            size,
            board: Board::EMPTY,
            side: Seat::A,
            ply: 0,
            history: Vec::new(),
            outcome: None,
        }
    }

    /// The board side (11 or 13): the renderer draws that many files and ranks.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// What stands on the square, for the renderer and the AI.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        if square.file >= self.size || square.rank >= self.size {
            return None;
        }
        self.board.get(square.index(self.size))
    }

    /// What stands on a cell index (as found in events); `None` for an empty or unknown cell.
    pub fn piece_on(&self, cell: Cell) -> Option<Piece> {
        if usize::from(cell) >= self.cells() {
            return None;
        }
        self.board.get(usize::from(cell))
    }

    /// The throne (`f6` or `g7`), which the renderer marks and the AI values.
    pub fn throne(&self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }

    /// The four corners (a1, then the bottom right, top left, top right), the king's goals.
    pub fn corners(&self) -> [Square; 4] {
        let m = self.size - 1;
        [
            Square::new(0, 0),
            Square::new(m, 0),
            Square::new(0, m),
            Square::new(m, m),
        ]
    }

    /// Whether the square is a corner: the renderer marks them, the AI aims the king at them.
    pub fn is_corner(&self, square: Square) -> bool {
        self.corners().contains(&square)
    }

    /// Where the king stands, or `None` once he is captured: the AI's main feature.
    pub fn king(&self) -> Option<Square> {
        (0..self.cells())
            .find(|&i| self.board.get(i) == Some(Piece::King))
            .map(|i| Square::from_index(i, self.size))
    }

    /// How many pieces of this kind are on the board, for evaluation and the board footer.
    pub fn count(&self, piece: Piece) -> u8 {
        (0..self.cells())
            .filter(|&i| self.board.get(i) == Some(piece))
            .count() as u8
    }

    /// How many soldiers of `seat` have been captured so far (the king is not counted), for
    /// the board footer and the AI's material balance.
    pub fn captured(&self, seat: Seat) -> u8 {
        match seat {
            Seat::A => START_ATTACKERS.saturating_sub(self.count(Piece::Attacker)),
            Seat::B => START_DEFENDERS.saturating_sub(self.count(Piece::Defender)),
        }
    }

    /// The side to move (after the end: the side that would have moved next).
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// The moves since the last capture, oldest first: what threefold repetition looks at,
    /// so an AI can avoid (or seek) a repetition draw.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// How the game ended, if it did (the same as [`Game::status`]'s `Over`).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How many cells the board uses (`size * size`).
    fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }
}

/// Reads the inherent accessors: Hnefatafl's armies are 24 and 12 on both boards.
impl TaflBoard for Hnefatafl {
    fn side(&self) -> u8 {
        self.size()
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        Hnefatafl::piece_at(self, square)
    }

    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        Hnefatafl::piece_on(self, cell)
    }

    fn king(&self) -> Option<Square> {
        Hnefatafl::king(self)
    }

    fn count(&self, piece: Piece) -> u8 {
        Hnefatafl::count(self, piece)
    }

    fn armies(&self) -> (u8, u8) {
        (START_ATTACKERS, START_DEFENDERS)
    }

    fn side_to_move(&self) -> Seat {
        Hnefatafl::side_to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Hnefatafl::outcome(self)
    }
}

/// The throne and the corners, for the code both tafl families share.
impl TaflRules for Hnefatafl {
    fn is_throne(&self, square: Square) -> bool {
        square == self.throne()
    }

    fn is_corner(&self, square: Square) -> bool {
        Hnefatafl::is_corner(self, square)
    }
}

impl Game for Hnefatafl {
    type Move = Move;

    const RULE_SETS: &'static [RuleSetId] = &[RuleSetId::Hnefatafl, RuleSetId::Hnefatafl13];

    fn start(rule_set: RuleSetId, _seed: u64) -> Self {
        let mut game = Hnefatafl::empty(rule_set);
        let size = game.size;
        let (attackers, defenders, king) = start_layout(size);
        let mut put = |name: &str, piece: Piece| {
            if let Some(sq) = Square::parse(name, size) {
                game.board.set(sq.index(size), Some(piece));
            }
        };
        for name in attackers {
            put(name, Piece::Attacker);
        }
        for name in defenders {
            put(name, Piece::Defender);
        }
        put(king, Piece::King);
        game
    }

    fn rule_set(&self) -> RuleSetId {
        self.rule_set
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::Move { seat: self.side },
        }
    }

    fn dice(&self) -> &[u8] {
        &[]
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        if self.outcome.is_none() {
            self.generate_moves(&mut moves);
        }
        moves
    }

    fn moves_that_may_win(&self) -> Vec<Move> {
        Hnefatafl::moves_that_may_win(self)
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if let Err(reason) = self.check_move(mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason,
            });
        }
        let Some(ply) = self.ply.checked_add(1) else {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: Refusal::MoveLimit,
            });
        };
        let mut events = Vec::with_capacity(4);
        self.apply(mv, ply, &mut events);
        Ok(events)
    }

    fn roll(&mut self, _dice: &[u8]) -> Result<Vec<Event>, RollError> {
        Err(RollError::NotExpected)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to) = parse_slide(text, self.size)?;
        Ok(Move { from, to })
    }

    fn to_notation(&self, _viewer: Viewer) -> String {
        self.notation()
    }

    fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Self, PositionError> {
        Hnefatafl::parse(rule_set, text)
    }

    fn text_grid(&self, _viewer: Viewer) -> String {
        self.grid_text()
    }

    fn cell_name(&self, cell: Cell) -> String {
        if usize::from(cell) < self.cells() {
            Square::from_index(usize::from(cell), self.size).name()
        } else {
            format!("cell {cell}")
        }
    }
}

//! The tafl community's rule sets: Copenhagen Hnefatafl on 11x11 (`copenhagen`) and Brandubh on 7x7
//! (`brandubh`), as RULES.md makes them exact (sections "Copenhagen Hnefatafl" and "Brandubh").
//!
//! One type, [`Tafl`](crate::tafl::Tafl), plays both; its [`Variant`](crate::tafl::Variant) says
//! which. Seat A is the attackers (they move first), seat B the defenders and their king. A cell
//! index (in [`Event`]s and [`Tafl::piece_on`](crate::tafl::Tafl::piece_on)) is `rank * size +
//! file`, so `a1` is 0 and `k11` is 120 on 11x11, as in [`crate::hnefatafl`], whose
//! [`Move`](crate::tafl::Move) and [`Piece`](crate::tafl::Piece) this family shares (the same
//! `d1-d3` notation, the same three pieces).
//!
//! Files: `geometry.rs` the board's shape as bit masks, `board.rs` the board as three sets of
//! squares, `moves.rs` move generation and legality, `capture.rs` soldier, shieldwall and king
//! captures, `fort.rs` the exit fort, `ending.rs` playing a move and deciding the end
//! (encirclement, repetition, the ply limit), `notation.rs` the position string, `text.rs` the text
//! board, `game_impl.rs` the [`crate::Game`] implementation for the two rule-set ids. What the
//! family shares with Hnefatafl (a move's legality, the position string's fields and checks, the
//! grid) is written once in `crate::hnefatafl::shared`.
//!
//! # Registration
//!
//! The rule sets are registered like every other: `RuleSetId::Copenhagen` and
//! `RuleSetId::Brandubh` (`ruleset.rs`, one row of facts each), the `with_rules!` and
//! `with_game!` arms in `registry.rs`, `Position::Tafl` and `family!(Tafl)` in `position.rs`, and
//! `AnyMove::Tafl`.
//! The [`crate::Game`] implementation is written by the macro in `game_impl.rs` (one line below
//! the imports), which maps each id to its [`Variant`](crate::tafl::Variant). Display names
//! are not here: they are `skald-lang`'s messages `rules-name-<id>` and `rules-choice-<id>`.

mod board;
mod capture;
mod ending;
mod fort;
mod game_impl;
mod geometry;
mod may_win;
mod moves;
mod notation;
pub mod otn;
#[cfg(test)]
mod tests;
mod text;

pub use crate::hnefatafl::{Move, Piece, TaflBoard};

use crate::coords::{Square, parse_slide};
use crate::hnefatafl::shared::TaflRules;
use crate::{Cell, EndReason, Event, MoveError, Outcome, PositionError, Refusal, Seat, Status};
use board::Board;
use geometry::{ELEVEN, Geometry, SEVEN, Squares, bit};
use std::fmt;

game_impl::game_impl!(
    Tafl,
    crate::RuleSetId::Copenhagen,
    crate::RuleSetId::Brandubh
);

/// Which of the family's rule sets a position is played under.
///
/// Exists so the family's own code reads the rules that differ (board, ply limit, repetition)
/// from one small value; `Game::rule_set` maps it to its [`crate::RuleSetId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Copenhagen Hnefatafl on 11x11 (`copenhagen`): shieldwalls, exit forts, the king taken
    /// by four (or three and the throne), a third repetition lost by the defenders, a draw
    /// after 400 plies.
    Copenhagen,
    /// Brandubh on 7x7 (`brandubh`): the king taken like a soldier off the throne, a third
    /// repetition drawn.
    Brandubh,
}

impl Variant {
    /// Both variants, for loops in tests and tools.
    pub const ALL: [Variant; 2] = [Variant::Copenhagen, Variant::Brandubh];

    /// The rule set's stable id as RULES.md names it (`copenhagen`, `brandubh`), the same as
    /// its `RuleSetId`'s.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Copenhagen => "copenhagen",
            Variant::Brandubh => "brandubh",
        }
    }

    /// The board side (11 or 7): the renderer draws that many files and ranks.
    pub fn size(self) -> u8 {
        self.geometry().size
    }

    /// Attackers at the start, to count captured pieces.
    pub fn start_attackers(self) -> u8 {
        match self {
            Variant::Copenhagen => 24,
            Variant::Brandubh => 8,
        }
    }

    /// Defender soldiers at the start (the king not included), to count captured pieces.
    pub fn start_defenders(self) -> u8 {
        match self {
            Variant::Copenhagen => 12,
            Variant::Brandubh => 4,
        }
    }

    /// After this many plies an undecided game is drawn (Copenhagen: 400); `None` when the
    /// rules set no limit (Brandubh).
    pub fn ply_limit(self) -> Option<u32> {
        match self {
            Variant::Copenhagen => Some(400),
            Variant::Brandubh => None,
        }
    }

    /// Who wins when a move creates a position for the third time (Copenhagen: the
    /// attackers); `None` for a draw (Brandubh).
    pub fn repetition_winner(self) -> Option<Seat> {
        match self {
            Variant::Copenhagen => Some(Seat::A),
            Variant::Brandubh => None,
        }
    }

    /// The board's shape.
    fn geometry(self) -> &'static Geometry {
        match self {
            Variant::Copenhagen => &ELEVEN,
            Variant::Brandubh => &SEVEN,
        }
    }

    /// The starting armies of RULES.md: attackers, defender soldiers, king.
    fn layout(
        self,
    ) -> (
        &'static [&'static str],
        &'static [&'static str],
        &'static str,
    ) {
        match self {
            Variant::Copenhagen => (
                &[
                    "d1", "e1", "f1", "g1", "h1", "f2", "d11", "e11", "f11", "g11", "h11", "f10",
                    "a4", "a5", "a6", "a7", "a8", "b6", "k4", "k5", "k6", "k7", "k8", "j6",
                ],
                &[
                    "f4", "e5", "f5", "g5", "d6", "e6", "g6", "h6", "e7", "f7", "g7", "f8",
                ],
                "f6",
            ),
            Variant::Brandubh => (
                &["d1", "d2", "d6", "d7", "a4", "b4", "f4", "g4"],
                &["d3", "c4", "e4", "d5"],
                "d4",
            ),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How a tafl game ended, as the family's rules decide it ([`Ending::end_reason`] gives the
/// game-neutral reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The attackers captured the king.
    KingCaptured,
    /// The king reached a corner.
    KingEscaped,
    /// The king stands on the edge inside a fort the attackers can never break (Copenhagen).
    ExitFort,
    /// The attackers shut every defender in, away from the edge.
    Encircled,
    /// The side to move had no legal move and lost.
    NoLegalMove,
    /// A move created a position for the third time (Copenhagen: the defenders lose;
    /// Brandubh: a draw).
    Repetition,
    /// The game reached the ply limit undecided (Copenhagen: 400 plies, a draw).
    MoveLimit,
}

impl Ending {
    /// The game-neutral reason the rest of Skald words (`skald-lang`): each ending has its
    /// own, so a fort never reads as an escape nor an encirclement as a capture.
    pub fn end_reason(self) -> EndReason {
        match self {
            Ending::KingCaptured => EndReason::KingCaptured,
            Ending::KingEscaped => EndReason::KingEscaped,
            Ending::ExitFort => EndReason::ExitFort,
            Ending::Encircled => EndReason::Encircled,
            Ending::NoLegalMove => EndReason::NoLegalMove,
            Ending::Repetition => EndReason::Repetition,
            Ending::MoveLimit => EndReason::MoveLimit,
        }
    }
}

/// The end of a game: who won (`None`: a draw) and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finish {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// How the game ended.
    pub ending: Ending,
}

impl Finish {
    /// The game-neutral outcome.
    pub fn outcome(self) -> Outcome {
        Outcome {
            winner: self.winner,
            reason: self.ending.end_reason(),
            scores: None,
        }
    }
}

/// A tafl position: the board, the side to move, the move count and every board since the
/// last capture (for repetition), with the end once the game is over.
///
/// Everything here is written in the position string, so a position rebuilt from its string
/// is equal to the original (the end is derived from the other fields).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Tafl {
    /// Which rule set.
    variant: Variant,
    /// What stands where.
    board: Board,
    /// The side to move (after the end: the side that would have moved).
    side: Seat,
    /// Moves played since the start.
    ply: u32,
    /// The boards since the last capture, oldest first, the current one not included: the
    /// board before each move since then. The side to move alternates, so the board `k`
    /// entries from the end had the same side to move as now when `k` is even.
    past: Vec<Board>,
    /// How the game ended, derived from the fields above after every change.
    finish: Option<Finish>,
}

impl fmt::Debug for Tafl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tafl({}: {})", self.variant, self.notation())
    }
}

impl AsRef<Tafl> for Tafl {
    fn as_ref(&self) -> &Tafl {
        self
    }
}

impl AsMut<Tafl> for Tafl {
    fn as_mut(&mut self) -> &mut Tafl {
        self
    }
}

impl Tafl {
    /// The starting position of `variant`: what `Game::start` will return.
    pub fn new(variant: Variant) -> Tafl {
        let mut game = Tafl::empty(variant);
        let size = variant.size();
        let (attackers, defenders, king) = variant.layout();
        let mut put = |name: &str, piece: Piece| {
            if let Some(sq) = Square::parse(name, size) {
                game.board.put(sq.index(size) as u8, piece);
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

    /// The starting position of Copenhagen Hnefatafl.
    pub fn copenhagen() -> Tafl {
        Tafl::new(Variant::Copenhagen)
    }

    /// The starting position of Brandubh.
    pub fn brandubh() -> Tafl {
        Tafl::new(Variant::Brandubh)
    }

    /// An empty board of `variant` with the attackers to move, for the parser and `new`.
    fn empty(variant: Variant) -> Tafl {
        Tafl {
            variant,
            board: Board::default(),
            side: Seat::A,
            ply: 0,
            past: Vec::new(),
            finish: None,
        }
    }

    /// The board's shape.
    #[inline]
    fn geo(&self) -> &'static Geometry {
        self.variant.geometry()
    }

    /// Which rule set this position is played under (`Game::rule_set` maps it to an id).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Who must move next, or how the game ended.
    pub fn status(&self) -> Status {
        match self.finish {
            Some(finish) => Status::Over(finish.outcome()),
            None => Status::Move { seat: self.side },
        }
    }

    /// How many moves have been played since the start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Every legal move of the side to move; empty after the end.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Replaces the contents of `out` with every legal move of the side to move (none after
    /// the end), so playouts can reuse one buffer instead of allocating per position.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.finish.is_none() {
            self.scan_moves(|mv| {
                out.push(mv);
                true
            });
        }
    }

    /// Applies a legal move and returns what happened, captures in order (north, east, south,
    /// west of the moved piece, then shieldwalls, then the king). An illegal move changes
    /// nothing and gets [`MoveError::Illegal`] with a reason a player understands.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, MoveError> {
        if self.finish.is_some() {
            return Err(MoveError::GameOver);
        }
        if let Err(reason) = self.check_move(mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason,
            });
        }
        if self.ply == u32::MAX {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: Refusal::MoveLimit,
            });
        }
        let mut events = Vec::with_capacity(4);
        self.apply(mv, &mut events);
        Ok(events)
    }

    /// Reads a move in the `d1-d3` notation, forgivingly (`D1D3`, `d1 d3`, `d1xd3`). Only the
    /// syntax is checked here; [`Tafl::play`] checks legality.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to) = parse_slide(text, self.variant.size())?;
        Ok(Move { from, to })
    }

    /// The position string (nothing is hidden in tafl, so every viewer gets the same); named
    /// apart from `Game::to_notation`, which takes a viewer, so generic code reaches the trait.
    pub fn position_string(&self) -> String {
        self.notation()
    }

    /// Reads a position string of `variant`, checks that the game can reach it, and derives
    /// how it ended if it did.
    pub fn read_position(variant: Variant, text: &str) -> Result<Tafl, PositionError> {
        Tafl::parse(variant, text)
    }

    /// The board's grid for text boards, the same for every viewer.
    pub fn grid_letters(&self) -> String {
        self.grid_text()
    }

    /// The name players use for a cell index found in an [`Event`] (`f6`).
    pub fn cell_name(&self, cell: Cell) -> String {
        if usize::from(cell) < self.cells() {
            Square::from_index(usize::from(cell), self.variant.size()).name()
        } else {
            format!("cell {cell}")
        }
    }

    /// The board side (11 or 7).
    pub fn size(&self) -> u8 {
        self.variant.size()
    }

    /// What stands on the square, for the renderer and the AI.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let size = self.size();
        if square.file >= size || square.rank >= size {
            return None;
        }
        self.board.get(square.index(size) as u8)
    }

    /// What stands on a cell index (as found in events); `None` for an empty or unknown cell.
    pub fn piece_on(&self, cell: Cell) -> Option<Piece> {
        if usize::from(cell) >= self.cells() {
            return None;
        }
        self.board.get(cell)
    }

    /// The throne (`f6` or `d4`), which the renderer marks and the AI values.
    pub fn throne(&self) -> Square {
        Square::from_index(usize::from(self.geo().throne_cell), self.size())
    }

    /// The four corners (a1, then the bottom right, top left, top right), the king's goals.
    pub fn corners(&self) -> [Square; 4] {
        let m = self.size() - 1;
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
        self.board
            .king_cell()
            .map(|i| Square::from_index(usize::from(i), self.size()))
    }

    /// How many pieces of this kind are on the board, for evaluation and the board footer.
    pub fn count(&self, piece: Piece) -> u8 {
        let set = match piece {
            Piece::Attacker => self.board.attackers,
            Piece::Defender => self.board.defenders,
            Piece::King => self.board.king,
        };
        set.count_ones() as u8
    }

    /// How many soldiers of `seat` have been captured so far (the king is not counted), for
    /// the board footer and the AI's material balance.
    pub fn captured(&self, seat: Seat) -> u8 {
        match seat {
            Seat::A => self
                .variant
                .start_attackers()
                .saturating_sub(self.count(Piece::Attacker)),
            Seat::B => self
                .variant
                .start_defenders()
                .saturating_sub(self.count(Piece::Defender)),
        }
    }

    /// The side to move (after the end: the side that would have moved next).
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// The moves since the last capture, oldest first: what repetition looks at, so an AI
    /// can avoid (or seek) a repetition.
    pub fn history(&self) -> Vec<Move> {
        let size = self.size();
        let mut moves = Vec::with_capacity(self.past.len());
        for (k, before) in self.past.iter().enumerate() {
            let after = self.past.get(k + 1).unwrap_or(&self.board);
            let (left, came) = (
                before.occupied() & !after.occupied(),
                after.occupied() & !before.occupied(),
            );
            if let (Some(from), Some(to)) = (Squares(left).next(), Squares(came).next()) {
                moves.push(Move::new(
                    Square::from_index(usize::from(from), size),
                    Square::from_index(usize::from(to), size),
                ));
            }
        }
        moves
    }

    /// How the game ended, if it did, with the precise [`Ending`].
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// How the game ended, if it did (the same as [`Tafl::status`]'s `Over`).
    pub fn outcome(&self) -> Option<Outcome> {
        self.finish.map(Finish::outcome)
    }

    /// How many cells the board uses (`size * size`).
    fn cells(&self) -> usize {
        usize::from(self.size()) * usize::from(self.size())
    }
}

/// Reads the inherent accessors; the armies are the variant's (24 and 12, or 8 and 4).
impl TaflBoard for Tafl {
    fn side(&self) -> u8 {
        self.size()
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        Tafl::piece_at(self, square)
    }

    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        Tafl::piece_on(self, cell)
    }

    fn king(&self) -> Option<Square> {
        Tafl::king(self)
    }

    fn count(&self, piece: Piece) -> u8 {
        Tafl::count(self, piece)
    }

    fn armies(&self) -> (u8, u8) {
        (
            self.variant.start_attackers(),
            self.variant.start_defenders(),
        )
    }

    fn side_to_move(&self) -> Seat {
        Tafl::side_to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Tafl::outcome(self)
    }
}

/// The throne and the corners, for the code every tafl family shares (the throne read from the
/// board's masks, as the move checks read it).
impl TaflRules for Tafl {
    fn is_throne(&self, square: Square) -> bool {
        let size = self.size();
        square.file < size
            && square.rank < size
            && bit(self.cell_of(square)) & self.geo().throne != 0
    }

    fn is_corner(&self, square: Square) -> bool {
        Tafl::is_corner(self, square)
    }
}

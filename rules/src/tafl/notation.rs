//! The tafl position string, the same shape as Hnefatafl's: `<rows> <side> <ply> <history>`.
//!
//! - rows: the ranks from the top down, separated by `/`; `A` attacker, `D` defender, `K`
//!   king, a decimal number for a run of empty squares (as in FEN);
//! - side: `a` (attackers) or `d` (defenders) to move;
//! - ply: the number of moves played so far;
//! - history: `-`, or the moves since the last capture, comma-separated, oldest first.
//!
//! Moves without a capture can be undone, so the history rebuilds every earlier position that
//! can still recur: the string holds everything repetition needs. The end of the game is
//! derived from the rest. The variant is not written: the caller knows the rule set.

use super::board::Board;
use super::{Move, Tafl, Variant};
use crate::error::PositionError;
use crate::hnefatafl::shared::{self, Examples, Fields, inconsistent};

/// The examples the tafl errors show (a 7x7 board).
const EXAMPLES: Examples = Examples {
    rows: "the board rows, top rank first, separated by '/', like 3A3/3A3/7/...",
    history: "the moves since the last capture after the move count, like d1-d3,c4-c6, or -",
    history_move: "d1-d3",
};

impl Tafl {
    /// The full position string.
    pub(super) fn notation(&self) -> String {
        shared::notation(self, &self.history())
    }

    /// Reads a position string of `variant`, checks that it describes a position the game
    /// can reach, and derives the end.
    pub(super) fn parse(variant: Variant, text: &str) -> Result<Tafl, PositionError> {
        let empty = Tafl::empty(variant);
        let size = empty.size();
        let mut board = Board::default();
        let Fields { side, ply, history } =
            shared::read_fields(text, size, &EXAMPLES, |square, piece| {
                board.put(square.index(size) as u8, piece);
            })?;
        let game = Tafl {
            board,
            side,
            ply,
            ..empty
        };
        shared::check_counts(&game)?;
        shared::check_consistency(&game, history.len())?;
        game.replay(&history)
    }

    /// Undoes the history, then replays it move by move to check that every move was legal,
    /// captured nothing and came before the end; returns the position with its end.
    fn replay(self, moves: &[Move]) -> Result<Tafl, PositionError> {
        let mut board = self.board;
        shared::take_back(
            &mut board,
            moves,
            |board, sq| board.get(self.cell_of(sq)),
            |board, mv| {
                let (from, to) = (self.cell_of(mv.from), self.cell_of(mv.to));
                if let Some(piece) = board.get(to) {
                    board.clear(to);
                    board.put(from, piece);
                }
            },
        )?;
        let len = moves.len() as u32;
        let mut game = Tafl {
            board,
            side: if len.is_multiple_of(2) {
                self.side
            } else {
                self.side.other()
            },
            ply: self.ply - len,
            past: Vec::with_capacity(moves.len()),
            finish: None,
            ..self
        };
        game.finish = game.derive_finish(1);
        let mut scratch = Vec::new();
        shared::replay(&mut game, moves, |game, n, mv| {
            scratch.clear();
            game.apply(mv, &mut scratch);
            game.past.len() != n + 1
        })?;
        if game.board != self.board {
            return Err(inconsistent("the history does not lead to the board"));
        }
        Ok(game)
    }
}

//! The Hnefatafl position string: `<rows> <side> <ply> <history>`.
//!
//! - rows: the ranks from the top down, separated by `/`; `A` attacker, `D` defender, `K`
//!   king, a decimal number for a run of empty squares (as in FEN);
//! - side: `a` (attackers) or `d` (defenders) to move;
//! - ply: the number of moves played so far (even when the attackers are to move);
//! - history: `-`, or the moves since the last capture, comma-separated, oldest first.
//!
//! Non-capturing moves can be undone, so the history rebuilds every earlier position that can
//! still recur: the string holds everything threefold repetition needs. The outcome is derived
//! from the rest (no king: captured; king on a corner: escaped; a third occurrence: draw;
//! no legal move: the side to move lost). See `docs/NOTATION.md` (section "Hnefatafl").

use super::board::Board;
use super::shared::{self, Examples, Fields, inconsistent};
use super::{Hnefatafl, Move};
use crate::{PositionError, RuleSetId, Seat};
use std::collections::HashMap;

/// The examples Hnefatafl's errors show (an 11x11 board).
const EXAMPLES: Examples = Examples {
    rows: "the board rows, top rank first, separated by '/', like 3AAAAA3/5A5/11/...",
    history: "the moves since the last capture after the move count, like f2-f4,f6-f9, or -",
    history_move: "f2-f5",
};

impl Hnefatafl {
    /// The full position string (there is nothing hidden in Hnefatafl).
    pub(super) fn notation(&self) -> String {
        shared::notation(self, &self.history)
    }

    /// Reads a position string of `rule_set`, checks that it describes a position the game
    /// can reach, and derives the outcome.
    pub(super) fn parse(rule_set: RuleSetId, text: &str) -> Result<Hnefatafl, PositionError> {
        let empty = Hnefatafl::empty(rule_set);
        let size = empty.size;
        let mut board = Board::EMPTY;
        let Fields { side, ply, history } =
            shared::read_fields(text, size, &EXAMPLES, |square, piece| {
                board.set(square.index(size), Some(piece));
            })?;
        let game = Hnefatafl {
            board,
            side,
            ply,
            ..empty
        };
        shared::check_counts(&game)?;
        game.check_consistency(history.len())?;
        game.replay(history)
    }

    /// Checks the side to move against the move count and the state of the king, and that
    /// the king is not shut in after an attacker move (he would have been captured).
    fn check_consistency(&self, history_len: usize) -> Result<(), PositionError> {
        shared::check_consistency(self, history_len)?;
        if self.side == Seat::B && self.king_enclosed().is_some() {
            return Err(inconsistent(
                "the king's group is shut in after an attacker move, so he would have been captured",
            ));
        }
        Ok(())
    }

    /// Undoes the history, then replays it move by move to check that every move was legal,
    /// captured nothing and came before the end; returns the position with its outcome.
    fn replay(self, moves: Vec<Move>) -> Result<Hnefatafl, PositionError> {
        let mut board = self.board;
        shared::take_back(
            &mut board,
            &moves,
            |board, sq| board.get(self.index_of(sq)),
            |board, mv| {
                let piece = board.take(self.index_of(mv.to));
                board.set(self.index_of(mv.from), piece);
            },
        )?;
        let mut game = Hnefatafl {
            board,
            side: if moves.len().is_multiple_of(2) {
                self.side
            } else {
                self.side.other()
            },
            ply: self.ply - moves.len() as u32,
            history: Vec::with_capacity(moves.len()),
            outcome: None,
            ..self
        };
        game.outcome = game.derive_outcome(1);
        let mut seen: HashMap<(Board, Seat), u32> = HashMap::new();
        seen.insert((game.board, game.side), 1);
        let mut scratch = Vec::new();
        shared::replay(&mut game, &moves, |game, _, mv| {
            let mover = game.side;
            scratch.clear();
            if game.slide_and_capture(mv, &mut scratch) > 0
                || (mover == Seat::A && game.king_enclosed().is_some())
            {
                return true;
            }
            game.history.push(mv);
            game.ply += 1;
            game.side = mover.other();
            let count = seen.entry((game.board, game.side)).or_insert(0);
            *count += 1;
            game.outcome = game.derive_outcome(*count);
            false
        })?;
        if game.board != self.board {
            return Err(inconsistent("the history does not lead to the board"));
        }
        Ok(game)
    }
}

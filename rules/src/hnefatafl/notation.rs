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
use super::{Hnefatafl, Move, Piece, START_ATTACKERS, START_DEFENDERS};
use crate::coords::{Square, parse_slide};
use crate::{PositionError, RuleSetId, Seat};
use std::collections::HashMap;
use std::fmt::Write as _;

/// At most this many characters of a bad field are quoted back in an error.
const QUOTE_LIMIT: usize = 40;

/// A piece of `text` short enough to quote in an error message.
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// A field that could not be read.
fn bad(field: &'static str, found: &str, expected: impl Into<String>) -> PositionError {
    PositionError::BadField {
        field,
        found: quote(found),
        expected: expected.into(),
    }
}

/// An impossible position.
fn inconsistent(why: impl Into<String>) -> PositionError {
    PositionError::Inconsistent(why.into())
}

impl Hnefatafl {
    /// The full position string (there is nothing hidden in Hnefatafl).
    pub(super) fn notation(&self) -> String {
        let size = self.size;
        let mut out = String::with_capacity(96 + self.history.len() * 8);
        for rank in (0..size).rev() {
            if rank != size - 1 {
                out.push('/');
            }
            let mut run = 0u8;
            for file in 0..size {
                match self.board.get(Square::new(file, rank).index(size)) {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            let _ = write!(out, "{run}");
                            run = 0;
                        }
                        out.push(piece.letter());
                    }
                }
            }
            if run > 0 {
                let _ = write!(out, "{run}");
            }
        }
        out.push(' ');
        out.push(match self.side {
            Seat::A => 'a',
            Seat::B => 'd',
        });
        let _ = write!(out, " {} ", self.ply);
        if self.history.is_empty() {
            out.push('-');
        } else {
            for (i, mv) in self.history.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{mv}");
            }
        }
        out
    }

    /// Reads a position string of `rule_set`, checks that it describes a position the game
    /// can reach, and derives the outcome.
    pub(super) fn parse(rule_set: RuleSetId, text: &str) -> Result<Hnefatafl, PositionError> {
        let mut game = Hnefatafl::empty(rule_set);
        let mut fields = text.split_whitespace();
        let rows = fields.next().ok_or(PositionError::MissingField {
            expected: "the board rows, top rank first, separated by '/', like 3AAAAA3/5A5/11/...",
        })?;
        let side = fields.next().ok_or(PositionError::MissingField {
            expected: "the side to move after the board: a (attackers) or d (defenders)",
        })?;
        let ply = fields.next().ok_or(PositionError::MissingField {
            expected: "the number of moves played after the side to move, like 0",
        })?;
        let history = fields.next().ok_or(PositionError::MissingField {
            expected: "the moves since the last capture after the move count, like f2-f4,f6-f9, or -",
        })?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(PositionError::Trailing(quote(&rest.join(" "))));
        }

        game.board = game.read_rows(rows)?;
        game.side = match side {
            "a" | "A" => Seat::A,
            "d" | "D" => Seat::B,
            _ => return Err(bad("side to move", side, "a (attackers) or d (defenders)")),
        };
        game.ply = read_ply(ply)?;
        let moves = game.read_history(history)?;
        game.check_counts()?;
        game.check_consistency(moves.len())?;
        game.replay(moves)
    }

    /// Reads the board rows.
    fn read_rows(&self, rows: &str) -> Result<Board, PositionError> {
        let size = self.size;
        let mut board = Board::EMPTY;
        let count = rows.split('/').count();
        if count != usize::from(size) {
            return Err(bad(
                "board",
                rows,
                format!("{size} rows separated by '/', top rank first (found {count})"),
            ));
        }
        for (r, row) in rows.split('/').enumerate() {
            let rank = size - 1 - r as u8;
            let row_error = |why: String| {
                bad(
                    "board row",
                    row,
                    format!(
                        "rank {}: {size} squares written with A, D, K and numbers 1-{size} for empty squares; {why}",
                        rank + 1
                    ),
                )
            };
            let mut file: u8 = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                let piece = match c {
                    'A' => Some(Piece::Attacker),
                    'D' => Some(Piece::Defender),
                    'K' => Some(Piece::King),
                    '1'..='9' => None,
                    _ => return Err(row_error(format!("'{c}' is none of these"))),
                };
                if let Some(piece) = piece {
                    if file >= size {
                        return Err(row_error("it has too many squares".to_string()));
                    }
                    board.set(Square::new(file, rank).index(size), Some(piece));
                    file += 1;
                    continue;
                }
                let mut run = u32::from(c) - u32::from('0');
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    run = run.saturating_mul(10).saturating_add(d);
                }
                if run > u32::from(size - file) {
                    return Err(row_error("it has too many squares".to_string()));
                }
                file += run as u8;
            }
            if file != size {
                return Err(row_error(format!("it has only {file}")));
            }
        }
        Ok(board)
    }

    /// Reads the history field.
    fn read_history(&self, history: &str) -> Result<Vec<Move>, PositionError> {
        if history == "-" {
            return Ok(Vec::new());
        }
        let expected = || {
            format!(
                "'-' or moves like f2-f5 separated by commas (files a-{}, ranks 1-{})",
                (b'a' + self.size - 1) as char,
                self.size
            )
        };
        history
            .split(',')
            .map(|part| {
                parse_slide(part, self.size)
                    .map(|(from, to)| Move { from, to })
                    .map_err(|_| bad("history move", part, expected()))
            })
            .collect()
    }

    /// Checks that no army is larger than at the start and that only the king stands on the
    /// throne or a corner.
    fn check_counts(&self) -> Result<(), PositionError> {
        let attackers = self.count(Piece::Attacker);
        if attackers > START_ATTACKERS {
            return Err(inconsistent(format!(
                "{attackers} attackers on the board, at most {START_ATTACKERS}"
            )));
        }
        let defenders = self.count(Piece::Defender);
        if defenders > START_DEFENDERS {
            return Err(inconsistent(format!(
                "{defenders} defenders on the board, at most {START_DEFENDERS}"
            )));
        }
        let kings = self.count(Piece::King);
        if kings > 1 {
            return Err(inconsistent(format!(
                "{kings} kings on the board, at most 1"
            )));
        }
        for i in 0..self.cells() {
            if let Some(piece) = self.board.get(i)
                && piece != Piece::King
                && (i == self.throne_cell() || self.is_corner_cell(i))
            {
                return Err(inconsistent(format!(
                    "only the king may stand on {}, but there is {} there",
                    Square::from_index(i, self.size).name(),
                    if piece == Piece::Attacker {
                        "an attacker"
                    } else {
                        "a defender"
                    }
                )));
            }
        }
        Ok(())
    }

    /// Checks the side to move against the move count and the state of the king.
    fn check_consistency(&self, history_len: usize) -> Result<(), PositionError> {
        let attackers_to_move = self.ply.is_multiple_of(2);
        if attackers_to_move != (self.side == Seat::A) {
            return Err(inconsistent(format!(
                "after {} moves the {} are to move (the attackers move first)",
                self.ply,
                if attackers_to_move {
                    "attackers"
                } else {
                    "defenders"
                }
            )));
        }
        if u64::try_from(history_len).unwrap_or(u64::MAX) > u64::from(self.ply) {
            return Err(inconsistent(format!(
                "the history holds {history_len} moves but only {} were played",
                self.ply
            )));
        }
        match self.king() {
            None => {
                if self.side != Seat::B {
                    return Err(inconsistent(
                        "the king is gone, so the attackers moved last and the defenders are to move",
                    ));
                }
                if history_len > 0 {
                    return Err(inconsistent(
                        "the king is gone: his capture is a capture, so the history must be -",
                    ));
                }
            }
            Some(k) if self.is_corner(k) && self.side != Seat::A => {
                return Err(inconsistent(format!(
                    "the king is on the corner {}, so the defenders moved last and the attackers are to move",
                    k.name()
                )));
            }
            Some(_) => {}
        }
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
        for mv in moves.iter().rev() {
            let (from, to) = (self.index_of(mv.from), self.index_of(mv.to));
            if board.get(to).is_none() {
                return Err(inconsistent(format!(
                    "history move {mv} does not fit the board: no piece on {} to take back",
                    mv.to.name()
                )));
            }
            if board.get(from).is_some() {
                return Err(inconsistent(format!(
                    "history move {mv} does not fit the board: {} is occupied when taking it back",
                    mv.from.name()
                )));
            }
            let piece = board.take(to);
            board.set(from, piece);
        }
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
        for (n, &mv) in moves.iter().enumerate() {
            let which = format!("history move {} ({mv})", n + 1);
            if game.outcome.is_some() {
                return Err(inconsistent(format!(
                    "{which} comes after the end of the game"
                )));
            }
            game.check_move(mv)
                .map_err(|reason| inconsistent(format!("{which} is not legal: {reason}")))?;
            let mover = game.side;
            scratch.clear();
            if game.slide_and_capture(mv, &mut scratch) > 0
                || (mover == Seat::A && game.king_enclosed().is_some())
            {
                return Err(inconsistent(format!(
                    "{which} captures, but the history holds only the moves since the last capture"
                )));
            }
            game.history.push(mv);
            game.ply += 1;
            game.side = mover.other();
            let count = seen.entry((game.board, game.side)).or_insert(0);
            *count += 1;
            game.outcome = game.derive_outcome(*count);
        }
        if game.board != self.board {
            return Err(inconsistent("the history does not lead to the board"));
        }
        Ok(game)
    }
}

/// Reads the move count: a plain decimal number without sign or leading zeros.
fn read_ply(text: &str) -> Result<u32, PositionError> {
    let expected = "the number of moves played, a whole number like 0 or 42";
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return Err(bad("ply", text, expected));
    }
    text.parse()
        .map_err(|_| bad("ply", text, format!("{expected}, at most {}", u32::MAX)))
}

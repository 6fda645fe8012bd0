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
use super::geometry::bit;
use super::{Move, Piece, Tafl, Variant};
use crate::coords::{Square, parse_slide};
use crate::{PositionError, Seat};
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

impl Tafl {
    /// The full position string.
    pub(super) fn notation(&self) -> String {
        let size = self.size();
        let mut out = String::with_capacity(64 + self.past.len() * 8);
        for rank in (0..size).rev() {
            if rank != size - 1 {
                out.push('/');
            }
            let mut run = 0u8;
            for file in 0..size {
                match self.piece_at(Square::new(file, rank)) {
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
        let history = self.history();
        if history.is_empty() {
            out.push('-');
        }
        for (i, mv) in history.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{mv}");
        }
        out
    }

    /// Reads a position string of `variant`, checks that it describes a position the game
    /// can reach, and derives the end.
    pub(super) fn parse(variant: Variant, text: &str) -> Result<Tafl, PositionError> {
        let mut game = Tafl::empty(variant);
        let mut fields = text.split_whitespace();
        let rows = fields.next().ok_or(PositionError::MissingField {
            expected: "the board rows, top rank first, separated by '/', like 3A3/3A3/7/...",
        })?;
        let side = fields.next().ok_or(PositionError::MissingField {
            expected: "the side to move after the board: a (attackers) or d (defenders)",
        })?;
        let ply = fields.next().ok_or(PositionError::MissingField {
            expected: "the number of moves played after the side to move, like 0",
        })?;
        let history = fields.next().ok_or(PositionError::MissingField {
            expected: "the moves since the last capture after the move count, like d1-d3,c4-c6, or -",
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
        game.replay(&moves)
    }

    /// Reads the board rows.
    fn read_rows(&self, rows: &str) -> Result<Board, PositionError> {
        let size = self.size();
        let mut board = Board::default();
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
                    board.put(Square::new(file, rank).index(size) as u8, piece);
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
        let size = self.size();
        let expected = || {
            format!(
                "'-' or moves like d1-d3 separated by commas (files a-{}, ranks 1-{size})",
                char::from(b'a' + size - 1),
            )
        };
        history
            .split(',')
            .map(|part| {
                parse_slide(part, size)
                    .map(|(from, to)| Move { from, to })
                    .map_err(|_| bad("history move", part, expected()))
            })
            .collect()
    }

    /// Checks that no army is larger than at the start and that only the king stands on the
    /// throne or a corner.
    fn check_counts(&self) -> Result<(), PositionError> {
        let v = self.variant;
        for (piece, most, name) in [
            (Piece::Attacker, v.start_attackers(), "attackers"),
            (Piece::Defender, v.start_defenders(), "defenders"),
            (Piece::King, 1, "kings"),
        ] {
            let n = self.count(piece);
            if n > most {
                return Err(inconsistent(format!(
                    "{n} {name} on the board, at most {most}"
                )));
            }
        }
        let g = self.geo();
        let trespass = (self.board.attackers | self.board.defenders) & g.restricted;
        if trespass != 0 {
            let cell = trespass.trailing_zeros() as u8;
            let who = if self.board.attackers & bit(cell) != 0 {
                "an attacker"
            } else {
                "a defender"
            };
            return Err(inconsistent(format!(
                "only the king may stand on {}, but there is {who} there",
                self.square_of(cell).name()
            )));
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
        Ok(())
    }

    /// Undoes the history, then replays it move by move to check that every move was legal,
    /// captured nothing and came before the end; returns the position with its end.
    fn replay(self, moves: &[Move]) -> Result<Tafl, PositionError> {
        let mut board = self.board;
        for mv in moves.iter().rev() {
            let (from, to) = (self.cell_of(mv.from), self.cell_of(mv.to));
            let Some(piece) = board.get(to) else {
                return Err(inconsistent(format!(
                    "history move {mv} does not fit the board: no piece on {} to take back",
                    mv.to.name()
                )));
            };
            if board.get(from).is_some() {
                return Err(inconsistent(format!(
                    "history move {mv} does not fit the board: {} is occupied when taking it back",
                    mv.from.name()
                )));
            }
            board.clear(to);
            board.put(from, piece);
        }
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
        for (n, &mv) in moves.iter().enumerate() {
            let which = format!("history move {} ({mv})", n + 1);
            if game.finish.is_some() {
                return Err(inconsistent(format!(
                    "{which} comes after the end of the game"
                )));
            }
            game.check_move(mv)
                .map_err(|reason| inconsistent(format!("{which} is not legal: {reason}")))?;
            scratch.clear();
            game.apply(mv, &mut scratch);
            if game.past.len() != n + 1 {
                return Err(inconsistent(format!(
                    "{which} captures, but the history holds only the moves since the last capture"
                )));
            }
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

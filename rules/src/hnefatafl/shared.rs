//! The code every tafl family shares, written once over [`TaflRules`]: a move's legality with
//! the reason for a refusal, the position string (writing it, reading its fields, the checks of
//! the armies and of the side to move) and the text board's grid.
//!
//! Hnefatafl (`super`) and Copenhagen/Brandubh ([`crate::tafl`]) share their moves, pieces and
//! notation; each keeps only what differs (its board, its captures, its end of the game) and
//! calls these functions for the rest, so a refusal or an error message reads the same in both.

use super::{Move, Piece, TaflBoard};
use crate::coords::{Square, parse_slide};
use crate::error::PositionError;
use crate::refusal::Refusal;
use crate::seat::Seat;
use std::fmt::Write as _;

/// What the shared code reads of a tafl position beyond [`TaflBoard`]: the squares only the
/// king may stop on.
pub(crate) trait TaflRules: TaflBoard {
    /// Whether `square` is the throne.
    fn is_throne(&self, square: Square) -> bool;

    /// Whether `square` is one of the four corners.
    fn is_corner(&self, square: Square) -> bool;
}

// ------------------------------------------------------------------------------------------
// Moves
// ------------------------------------------------------------------------------------------

/// Checks a move against the rules (not against the end of the game) and says why a refused
/// move is refused: both squares on the board, a piece of the side to move, a straight and
/// free path, an empty target, and the throne and the corners for the king alone.
pub(crate) fn check_move<B: TaflRules>(board: &B, mv: Move) -> Result<(), Refusal> {
    let size = board.side();
    for sq in [mv.from, mv.to] {
        if sq.file >= size || sq.rank >= size {
            return Err(Refusal::OffBoard {
                square: sq.name(),
                size,
            });
        }
    }
    let Some(piece) = board.piece_at(mv.from) else {
        return Err(Refusal::NoPiece {
            square: mv.from.name(),
        });
    };
    if piece.seat() != board.side_to_move() {
        return Err(Refusal::TaflNotYours {
            square: mv.from.name(),
            owner: piece.seat(),
        });
    }
    if mv.from == mv.to {
        return Err(Refusal::TaflStandStill);
    }
    if mv.from.file != mv.to.file && mv.from.rank != mv.to.rank {
        return Err(Refusal::TaflNotStraight);
    }
    let df = (i16::from(mv.to.file) - i16::from(mv.from.file)).signum();
    let dr = (i16::from(mv.to.rank) - i16::from(mv.from.rank)).signum();
    let (mut file, mut rank) = (i16::from(mv.from.file), i16::from(mv.from.rank));
    loop {
        file += df;
        rank += dr;
        let sq = Square::new(file as u8, rank as u8);
        if sq == mv.to {
            break;
        }
        if board.piece_at(sq).is_some() {
            return Err(Refusal::PathBlocked { square: sq.name() });
        }
    }
    if board.piece_at(mv.to).is_some() {
        return Err(Refusal::Occupied {
            square: mv.to.name(),
        });
    }
    if piece != Piece::King {
        if board.is_throne(mv.to) {
            return Err(Refusal::ThroneForKing {
                square: mv.to.name(),
            });
        }
        if board.is_corner(mv.to) {
            return Err(Refusal::CornerForKing {
                square: mv.to.name(),
            });
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------
// The position string: `<rows> <side> <ply> <history>`
// ------------------------------------------------------------------------------------------

/// At most this many characters of a bad field are quoted back in an error.
const QUOTE_LIMIT: usize = 40;

/// A piece of `text` short enough to quote in an error message.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// A field that could not be read.
pub(crate) fn bad(field: &'static str, found: &str, expected: impl Into<String>) -> PositionError {
    PositionError::BadField {
        field,
        found: quote(found),
        expected: expected.into(),
    }
}

/// An impossible position.
pub(crate) fn inconsistent(why: impl Into<String>) -> PositionError {
    PositionError::Inconsistent(why.into())
}

/// The position string of `board`, whose moves since the last capture are `history`.
pub(crate) fn notation<B: TaflBoard>(board: &B, history: &[Move]) -> String {
    let size = board.side();
    let mut out = String::with_capacity(96 + history.len() * 8);
    for rank in (0..size).rev() {
        if rank != size - 1 {
            out.push('/');
        }
        let mut run = 0u8;
        for file in 0..size {
            match board.piece_at(Square::new(file, rank)) {
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
    out.push(match board.side_to_move() {
        Seat::A => 'a',
        Seat::B => 'd',
    });
    let _ = write!(out, " {} ", board.ply());
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

/// The examples a family's error messages show, on its own board.
pub(crate) struct Examples {
    /// What the board rows look like, when they are missing.
    pub(crate) rows: &'static str,
    /// What the history looks like, when it is missing.
    pub(crate) history: &'static str,
    /// One move of a history, when a history move cannot be read (`f2-f5`).
    pub(crate) history_move: &'static str,
}

/// The fields of a position string once read (the rows went square by square to the caller).
pub(crate) struct Fields {
    /// The side to move.
    pub(crate) side: Seat,
    /// The moves played so far.
    pub(crate) ply: u32,
    /// The moves since the last capture, oldest first.
    pub(crate) history: Vec<Move>,
}

/// Reads the four fields of a position string on a `size`x`size` board: every piece of the
/// rows goes to `put`, the rest is returned. Checks the syntax only; the caller checks that
/// the game can reach the position.
pub(crate) fn read_fields(
    text: &str,
    size: u8,
    examples: &Examples,
    put: impl FnMut(Square, Piece),
) -> Result<Fields, PositionError> {
    let mut fields = text.split_whitespace();
    let rows = fields.next().ok_or(PositionError::MissingField {
        expected: examples.rows,
    })?;
    let side = fields.next().ok_or(PositionError::MissingField {
        expected: "the side to move after the board: a (attackers) or d (defenders)",
    })?;
    let ply = fields.next().ok_or(PositionError::MissingField {
        expected: "the number of moves played after the side to move, like 0",
    })?;
    let history = fields.next().ok_or(PositionError::MissingField {
        expected: examples.history,
    })?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(PositionError::Trailing(quote(&rest.join(" "))));
    }
    read_rows(rows, size, put)?;
    let side = match side {
        "a" | "A" => Seat::A,
        "d" | "D" => Seat::B,
        _ => return Err(bad("side to move", side, "a (attackers) or d (defenders)")),
    };
    let ply = read_ply(ply)?;
    let history = read_history(history, size, examples.history_move)?;
    Ok(Fields { side, ply, history })
}

/// Reads the board rows, top rank first: every piece goes to `put`.
fn read_rows(
    rows: &str,
    size: u8,
    mut put: impl FnMut(Square, Piece),
) -> Result<(), PositionError> {
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
                put(Square::new(file, rank), piece);
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
    Ok(())
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

/// Reads the history field: `-`, or moves like `example` separated by commas.
fn read_history(history: &str, size: u8, example: &str) -> Result<Vec<Move>, PositionError> {
    if history == "-" {
        return Ok(Vec::new());
    }
    let expected = || {
        format!(
            "'-' or moves like {example} separated by commas (files a-{}, ranks 1-{size})",
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

/// Checks that no army is larger than at the start (no more than one king) and that only the
/// king stands on the throne or a corner.
pub(crate) fn check_counts<B: TaflRules>(board: &B) -> Result<(), PositionError> {
    let (attackers, defenders) = board.armies();
    for (piece, most, name) in [
        (Piece::Attacker, attackers, "attackers"),
        (Piece::Defender, defenders, "defenders"),
        (Piece::King, 1, "kings"),
    ] {
        let n = board.count(piece);
        if n > most {
            return Err(inconsistent(format!(
                "{n} {name} on the board, at most {most}"
            )));
        }
    }
    let size = board.side();
    for i in 0..usize::from(size) * usize::from(size) {
        let sq = Square::from_index(i, size);
        if let Some(piece) = board.piece_at(sq)
            && piece != Piece::King
            && (board.is_throne(sq) || board.is_corner(sq))
        {
            return Err(inconsistent(format!(
                "only the king may stand on {}, but there is {} there",
                sq.name(),
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

/// Checks the side to move against the move count, the length of the history and the state
/// of the king (gone: the attackers moved last; on a corner: the defenders did).
pub(crate) fn check_consistency<B: TaflRules>(
    board: &B,
    history_len: usize,
) -> Result<(), PositionError> {
    let (ply, side) = (board.ply(), board.side_to_move());
    let attackers_to_move = ply.is_multiple_of(2);
    if attackers_to_move != (side == Seat::A) {
        return Err(inconsistent(format!(
            "after {ply} moves the {} are to move (the attackers move first)",
            if attackers_to_move {
                "attackers"
            } else {
                "defenders"
            }
        )));
    }
    if u64::try_from(history_len).unwrap_or(u64::MAX) > u64::from(ply) {
        return Err(inconsistent(format!(
            "the history holds {history_len} moves but only {ply} were played"
        )));
    }
    match board.king() {
        None => {
            if side != Seat::B {
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
        Some(k) if board.is_corner(k) && side != Seat::A => {
            return Err(inconsistent(format!(
                "the king is on the corner {}, so the defenders moved last and the attackers are to move",
                k.name()
            )));
        }
        Some(_) => {}
    }
    Ok(())
}

/// Takes the history back on `board`, newest move first, checking that each move fits: a
/// piece on its target to take back, and its start empty. `piece` reads a square of the
/// board, `slide` moves the piece back (from the move's target to its start).
pub(crate) fn take_back<T>(
    board: &mut T,
    history: &[Move],
    piece: impl Fn(&T, Square) -> Option<Piece>,
    mut slide: impl FnMut(&mut T, Move),
) -> Result<(), PositionError> {
    for &mv in history.iter().rev() {
        if piece(board, mv.to).is_none() {
            return Err(inconsistent(format!(
                "history move {mv} does not fit the board: no piece on {} to take back",
                mv.to.name()
            )));
        }
        if piece(board, mv.from).is_some() {
            return Err(inconsistent(format!(
                "history move {mv} does not fit the board: {} is occupied when taking it back",
                mv.from.name()
            )));
        }
        slide(board, mv);
    }
    Ok(())
}

/// Replays the history on `game` (the position it was taken back to), checking that every
/// move came before the end, was legal and captured nothing. `play` plays the `n`th move
/// (from 0) and says whether it captured.
pub(crate) fn replay<G: TaflRules>(
    game: &mut G,
    history: &[Move],
    mut play: impl FnMut(&mut G, usize, Move) -> bool,
) -> Result<(), PositionError> {
    for (n, &mv) in history.iter().enumerate() {
        let which = format!("history move {} ({mv})", n + 1);
        if game.outcome().is_some() {
            return Err(inconsistent(format!(
                "{which} comes after the end of the game"
            )));
        }
        check_move(game, mv)
            .map_err(|reason| inconsistent(format!("{which} is not legal: {reason}")))?;
        if play(game, n, mv) {
            return Err(inconsistent(format!(
                "{which} captures, but the history holds only the moves since the last capture"
            )));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------
// The text board
// ------------------------------------------------------------------------------------------

/// The grid (the same for every viewer: nothing is hidden): coordinates on all four sides,
/// `A` attacker, `D` defender, `K` king, `#` an empty corner, `+` the empty throne, `.` an
/// empty square.
pub(crate) fn grid_text<B: TaflRules>(board: &B) -> String {
    let size = board.side();
    let mut out = String::with_capacity(usize::from(size) * 32 + 64);
    let files: Vec<String> = (0..size)
        .map(|f| char::from(b'a' + f).to_string())
        .collect();
    let files = files.join(" ");
    let _ = writeln!(out, "    {files}");
    for rank in (0..size).rev() {
        let cells: Vec<&str> = (0..size)
            .map(|file| {
                let sq = Square::new(file, rank);
                match board.piece_at(sq) {
                    Some(Piece::Attacker) => "A",
                    Some(Piece::Defender) => "D",
                    Some(Piece::King) => "K",
                    None if board.is_corner(sq) => "#",
                    None if board.is_throne(sq) => "+",
                    None => ".",
                }
            })
            .collect();
        let _ = writeln!(out, "{:>2}  {}  {}", rank + 1, cells.join(" "), rank + 1);
    }
    let _ = write!(out, "    {files}");
    out
}

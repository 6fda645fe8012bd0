//! Reading an OTN record: its header, its rules string (which rule set), then its turns, every
//! move replayed under Skald's rules. A record that does not read, or whose moves, captures,
//! end marks or result do not fit the rules, is refused with the line and the move.

use super::super::{Move, Piece, Tafl};
use super::rules_string::{RulesProblem, is_start, variant_of};
use super::{OtnGame, OtnResult, OtnTags};
use crate::coords::Square;
use crate::{EndReason, Event, MoveError, Status};
use std::collections::BTreeSet;
use thiserror::Error;

/// Why a record was refused, and the line it happened on (1 is the first; 0 is the record as
/// a whole).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct OtnError {
    /// The line, counted from 1; 0 when the problem is the whole record's.
    pub line: usize,
    /// What is wrong.
    pub problem: OtnProblem,
}

impl std::fmt::Display for OtnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.problem),
            n => write!(f, "line {n}: {}", self.problem),
        }
    }
}

/// What can be wrong with a record, each saying what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OtnProblem {
    /// No rules string before the first turn.
    #[error(
        "no rules string before the moves: expected a [rules:dim:11 … start:/…/] tag (or a line \
         starting with dim:) naming Copenhagen Hnefatafl (11x11) or Brandubh (7x7)"
    )]
    NoRules,
    /// The rules string has no `dim:`.
    #[error("the rules string has no board size: expected dim:11 (Copenhagen) or dim:7 (Brandubh)")]
    NoSize,
    /// The rules string has no `start:`.
    #[error("the rules string has no start position: expected start:/…/ at its end")]
    NoStart,
    /// Neither rule set's board and start position.
    #[error(
        "the rules string is not a game Skald plays: expected Copenhagen Hnefatafl's 11x11 or \
         Brandubh's 7x7 board and start position"
    )]
    UnknownRules,
    /// `atkf:n`.
    #[error(
        "the rules string has the defenders move first (atkf:n): Skald plays Copenhagen and \
         Brandubh with the attackers first (atkf:y)"
    )]
    DefendersFirst,
    /// `esc:e`.
    #[error(
        "the rules string lets the king escape to any edge (esc:e): Skald plays Copenhagen and \
         Brandubh with corner escape (esc:c)"
    )]
    EdgeEscape,
    /// A position line other than the start.
    #[error(
        "the game starts from another position: Skald reads games from the rule set's start only"
    )]
    OtherStart,
    /// A `[` without its `]`.
    #[error("a tag is not closed: expected [name:value] with its ]")]
    Unclosed,
    /// A result tag that is none of the four codes.
    #[error(
        "cannot read the result '{0}': expected 1 (the attackers won), -1 (the defenders won), \
         0 (a draw) or ?"
    )]
    BadResult(String),
    /// A line that is not a turn.
    #[error("cannot read '{0}': expected a turn like 1. d1-d3 h6-h9")]
    BadTurn(String),
    /// Turns out of order.
    #[error("turn {found} comes where turn {expected} was expected")]
    TurnOrder {
        /// The turn number due.
        expected: usize,
        /// The one written.
        found: String,
    },
    /// A turn with one move followed by another turn.
    #[error(
        "turn {0} has one move but is not the last: expected the attackers' move, then the defenders'"
    )]
    HalfTurn(usize),
    /// A move that does not read.
    #[error("cannot read move '{0}': expected a move like d1-d3, g7-g10xf10 or Kf6-f10")]
    BadMove(String),
    /// A move the rules refuse.
    #[error("move {mv}: {error}")]
    Illegal {
        /// The move as written.
        mv: String,
        /// Why the rules refuse it.
        error: MoveError,
    },
    /// The piece letter does not match the piece moved.
    #[error("move {mv}: the record names the piece {letter}, but {square} holds {found}")]
    WrongPiece {
        /// The move as written.
        mv: String,
        /// The letter written.
        letter: char,
        /// The square moved from.
        square: String,
        /// What stands there, in words.
        found: &'static str,
    },
    /// The captures marked are not the captures made.
    #[error(
        "move {mv}: the record marks the captures {listed}, but under Skald's rules it captures \
         {made}"
    )]
    Captures {
        /// The move as written.
        mv: String,
        /// The squares the record lists.
        listed: String,
        /// The squares the rules take.
        made: String,
    },
    /// A `++` or `--` that the move does not earn.
    #[error("move {mv}: marked {mark}, but under Skald's rules it does not {what}")]
    Mark {
        /// The move as written.
        mv: String,
        /// The mark.
        mark: String,
        /// What the mark claims, in words.
        what: &'static str,
    },
    /// A move after the end.
    #[error("move {mv} comes after the game ended under Skald's rules ({ending})")]
    AfterEnd {
        /// The move as written.
        mv: String,
        /// How the game had ended, in words.
        ending: &'static str,
    },
    /// The result tag disagrees with the rules' end.
    #[error("the result tag says {tag}, but under Skald's rules the game ended {rules}")]
    Result {
        /// The tag's code.
        tag: &'static str,
        /// The rules' end, in words.
        rules: &'static str,
    },
}

/// Reads an OTN record (see the module's comment). Tags other than the ones [`OtnTags`]
/// holds, commentary (`[…|…]`) and variations (turns numbered like `2a.1.1a.`) are passed
/// over; the main line is replayed move by move.
pub fn read(text: &str) -> Result<OtnGame, OtnError> {
    let mut reader = Reader::default();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let no = i + 1;
        let line = lines[i].trim();
        let fail = |problem| OtnError { line: no, problem };
        if line.starts_with('[') {
            let mut block = line.to_string();
            while !block.trim_end().ends_with(']') {
                i += 1;
                let next = lines.get(i).ok_or(fail(OtnProblem::Unclosed))?;
                block.push('\n');
                block.push_str(next);
            }
            let inner = block.trim();
            let inner = &inner[1..inner.len() - 1];
            reader.tag(inner).map_err(fail)?;
        } else if line.to_ascii_lowercase().starts_with("dim:") {
            reader.rules = Some(line.to_string());
        } else if line.starts_with('/') {
            reader.start = Some(line.to_string());
        } else if !line.is_empty() {
            reader.turn(line).map_err(fail)?;
        }
        i += 1;
    }
    reader
        .finish()
        .map_err(|problem| OtnError { line: 0, problem })
}

/// What has been read so far.
#[derive(Default)]
struct Reader {
    /// The header's tags.
    tags: OtnTags,
    /// The rules string, until the first turn reads it.
    rules: Option<String>,
    /// A position line, which must be the start.
    start: Option<String>,
    /// The game so far, from the first turn on.
    game: Option<Tafl>,
    /// The moves so far.
    moves: Vec<Move>,
    /// The next turn's number.
    next_turn: usize,
    /// A turn with one move was read: no turn may follow.
    half: Option<usize>,
    /// `---` (a resignation) was read: no move may follow.
    resigned: bool,
}

impl Reader {
    /// One `[…]` block: a tag Skald keeps, the rules, or something passed over.
    fn tag(&mut self, inner: &str) -> Result<(), OtnProblem> {
        let Some((key, value)) = inner.split_once(':') else {
            return Ok(());
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
            return Ok(()); // commentary
        }
        let value = value.trim();
        let text = || (!value.is_empty()).then(|| value.to_string());
        match key.to_ascii_lowercase().as_str() {
            "attackers" => self.tags.attackers = text(),
            "defenders" => self.tags.defenders = text(),
            "date" => self.tags.date = text(),
            "event" => self.tags.event = text(),
            "site" => self.tags.site = text(),
            "termination" => self.tags.termination = text(),
            "result" => {
                self.tags.result = Some(
                    OtnResult::parse(value)
                        .ok_or_else(|| OtnProblem::BadResult(value.to_string()))?,
                )
            }
            "rules" => self.rules = Some(value.to_string()),
            "position" => self.start = Some(value.to_string()),
            _ => {}
        }
        Ok(())
    }

    /// The game, made from the rules string at the first turn.
    fn game(&mut self) -> Result<&mut Tafl, OtnProblem> {
        if self.game.is_none() {
            let rules = self.rules.as_deref().ok_or(OtnProblem::NoRules)?;
            let variant = variant_of(rules).map_err(|p| match p {
                RulesProblem::NoSize => OtnProblem::NoSize,
                RulesProblem::NoStart => OtnProblem::NoStart,
                RulesProblem::Unknown => OtnProblem::UnknownRules,
                RulesProblem::DefendersFirst => OtnProblem::DefendersFirst,
                RulesProblem::EdgeEscape => OtnProblem::EdgeEscape,
            })?;
            if let Some(start) = &self.start
                && !is_start(variant, start)
            {
                return Err(OtnProblem::OtherStart);
            }
            self.next_turn = 1;
            self.game = Some(Tafl::new(variant));
        }
        self.game.as_mut().ok_or(OtnProblem::NoRules)
    }

    /// One turn line: `3. d11-d9 e7-e10`.
    fn turn(&mut self, line: &str) -> Result<(), OtnProblem> {
        let bad = || OtnProblem::BadTurn(line.to_string());
        let (number, rest) = line.split_once('.').ok_or_else(bad)?;
        let number = number.trim();
        let rest = rest.trim_start();
        if !rest.is_empty() && !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-') {
            return Ok(()); // a variation: `2a.1.1a. d5-f5 Ke6-e7`
        }
        let Ok(n) = number.parse::<usize>() else {
            return if number.chars().all(|c| c.is_ascii_alphanumeric()) && !number.is_empty() {
                Ok(()) // a variation's own numbering
            } else {
                Err(bad())
            };
        };
        self.game()?;
        if let Some(turn) = self.half {
            return Err(OtnProblem::HalfTurn(turn));
        }
        if n != self.next_turn {
            return Err(OtnProblem::TurnOrder {
                expected: self.next_turn,
                found: number.to_string(),
            });
        }
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        if tokens.is_empty() || tokens.len() > 2 {
            return Err(bad());
        }
        for token in &tokens {
            self.one_move(token)?;
        }
        if tokens.len() == 1 {
            self.half = Some(n);
        }
        self.next_turn += 1;
        Ok(())
    }

    /// One move record, played on the game and checked against what it says.
    fn one_move(&mut self, token: &str) -> Result<(), OtnProblem> {
        if self.resigned {
            return Err(OtnProblem::BadTurn(token.to_string()));
        }
        if token == "---" {
            self.resigned = true;
            return Ok(());
        }
        let game = self.game()?;
        let parsed = parse_record(token, game.size())
            .ok_or_else(|| OtnProblem::BadMove(token.to_string()))?;
        let mv_text = token.to_string();
        if let Some(finish) = game.finish() {
            return Err(OtnProblem::AfterEnd {
                mv: mv_text,
                ending: ending_words(finish.ending.end_reason()),
            });
        }
        if let Some(letter) = parsed.letter {
            let found = game.piece_at(parsed.mv.from);
            let fits = match letter {
                'K' => found == Some(Piece::King),
                'T' => found == Some(Piece::Defender),
                't' => found == Some(Piece::Attacker),
                _ => false,
            };
            if !fits {
                return Err(OtnProblem::WrongPiece {
                    mv: mv_text,
                    letter,
                    square: parsed.mv.from.name(),
                    found: match found {
                        Some(Piece::King) => "the king",
                        Some(Piece::Defender) => "a defender",
                        Some(Piece::Attacker) => "an attacker",
                        None => "nothing",
                    },
                });
            }
        }
        let king = game.king();
        let events = game.play(parsed.mv).map_err(|error| OtnProblem::Illegal {
            mv: mv_text.clone(),
            error,
        })?;
        let made: BTreeSet<Square> = events
            .iter()
            .filter_map(|e| match e {
                Event::Captured { at, .. } => {
                    Some(Square::from_index(usize::from(*at), game.size()))
                }
                _ => None,
            })
            .filter(|sq| Some(*sq) != king)
            .collect();
        if let Some(listed) = parsed.captures {
            let listed: BTreeSet<Square> =
                listed.into_iter().filter(|sq| Some(*sq) != king).collect();
            if listed != made {
                let names = |set: &BTreeSet<Square>| {
                    if set.is_empty() {
                        "nothing".to_string()
                    } else {
                        set.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
                    }
                };
                return Err(OtnProblem::Captures {
                    mv: mv_text,
                    listed: names(&listed),
                    made: names(&made),
                });
            }
        }
        let reason = match game.status() {
            Status::Over(outcome) => Some(outcome.reason),
            _ => None,
        };
        let (claims, what) = match parsed.mark {
            "++" => (reason == Some(EndReason::KingCaptured), "capture the king"),
            "--" => (
                matches!(reason, Some(EndReason::KingEscaped | EndReason::ExitFort)),
                "let the king escape",
            ),
            _ => (true, ""),
        };
        if !claims {
            return Err(OtnProblem::Mark {
                mv: mv_text,
                mark: parsed.mark.to_string(),
                what,
            });
        }
        self.moves.push(parsed.mv);
        Ok(())
    }

    /// The game read, once the result tag is checked against the rules' end.
    fn finish(mut self) -> Result<OtnGame, OtnProblem> {
        let game = self.game()?.clone();
        if let (Some(finish), Some(tag)) = (game.finish(), self.tags.result) {
            let rules = OtnResult::of_winner(Some(finish.winner));
            if tag != OtnResult::Unknown && tag != rules {
                return Err(OtnProblem::Result {
                    tag: tag.code(),
                    rules: ending_words(finish.ending.end_reason()),
                });
            }
        }
        Ok(OtnGame {
            variant: game.variant(),
            tags: self.tags,
            moves: self.moves,
        })
    }
}

/// How a game ended, in the words of this module's (English, operator-facing) errors.
fn ending_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::KingCaptured => "with the king captured",
        EndReason::KingEscaped => "with the king escaped to a corner",
        EndReason::ExitFort => "with the king in an exit fort",
        EndReason::Encircled => "with the defenders encircled",
        EndReason::NoLegalMove => "with a side that could not move",
        EndReason::Repetition => "at a third repetition",
        EndReason::MoveLimit => "at the move limit, drawn",
        _ => "",
    }
}

/// A move record taken apart: the piece letter, the move, the captures listed (`None`: no
/// `x`), and the end mark (`++`, `--`, `+`, `-` or empty).
struct Parsed<'a> {
    /// `K`, `T` or `t` before the move, if written.
    letter: Option<char>,
    /// The move.
    mv: Move,
    /// The captured squares, when the record lists any.
    captures: Option<Vec<Square>>,
    /// The info symbol after it.
    mark: &'a str,
}

/// Reads `Kf6-f10`, `g7-g10xf10`, `e3-e4xe5/f4++`, and aagenielsen's `d1-d3xe2xf3`.
fn parse_record(token: &str, size: u8) -> Option<Parsed<'_>> {
    let body = token.trim_end_matches(['+', '-']);
    let mark = &token[body.len()..];
    if mark.len() > 2 {
        return None;
    }
    let (letter, body) = piece_letter(body);
    let (from, rest) = square(body, size)?;
    let rest = rest.strip_prefix('-')?;
    let (to, rest) = square(rest, size)?;
    let captures = if rest.is_empty() {
        None
    } else {
        let list = rest.strip_prefix(['x', 'X'])?;
        let mut squares = Vec::new();
        for part in list.split(['x', 'X', '/']) {
            let (_, part) = piece_letter(part);
            let (sq, tail) = square(part, size)?;
            if !tail.is_empty() {
                return None;
            }
            squares.push(sq);
        }
        Some(squares)
    };
    Some(Parsed {
        letter,
        mv: Move::new(from, to),
        captures,
        mark,
    })
}

/// A leading piece letter (`K` in `Kf6`): a letter followed by another letter.
fn piece_letter(text: &str) -> (Option<char>, &str) {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
            (Some(a), &text[1..])
        }
        _ => (None, text),
    }
}

/// A square at the start of `text` (a letter and one or two digits) and what follows.
fn square(text: &str, size: u8) -> Option<(Square, &str)> {
    let digits = text
        .get(1..)?
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let (name, rest) = text.split_at(1 + digits);
    Some((Square::parse(name, size)?, rest))
}

//! One puzzle as a line of a puzzle file: what the position is, who moves, with which roll,
//! the solution, its theme, where it came from and how hard it is.

use serde::{Deserialize, Serialize};
use skald_rules::{Position, RuleSetId};
use std::fmt;

/// A puzzle, exactly as one line of a puzzle file holds it (`docs/PUZZLES.md` "The puzzle
/// file"): the fields other programs read and write, in this order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The rule set's stable id (`brandubh`, `adelta-rustik`, …).
    pub rule_set: RuleSetId,
    /// The position in the rule set's notation, full form (as `skald rules` and records
    /// write it, every value shown: a Subulata puzzle is solved with every value known).
    pub position: String,
    /// The side to move, as the rule set names it in English (`attackers`, `white`, …).
    pub to_move: String,
    /// The dice to use, in the rule set's dice notation, where the game has dice.
    pub roll: Option<String>,
    /// The solution line: the mover's moves and the forced replies, alternating, the
    /// mover's first move first. In a dice game, the one entry is the whole use of the roll.
    pub solution: Vec<String>,
    /// The theme in English words: `escape in 2`, `capture the king in 1`, `best use of
    /// the roll`, … ([`ThemeKind::read`] reads it back for other languages).
    pub theme: String,
    /// Where the position came from: `self-play <seed>`, or a community's game
    /// (`game #12 of <community>`), or a record file's line.
    pub source: String,
    /// The puzzle's starting rating (Glicko-2 scale), from its difficulty.
    pub rating: f64,
}

/// A puzzle's stable identity: the same position with the same roll is the same puzzle,
/// whatever file or community holds it (a player's solved list and the ratings key on it).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PuzzleId(pub String);

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The families puzzles are rated and counted in: a player has one puzzle rating for all
/// tafl rule sets, one for both Ad Elta Stelpur rule sets, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleFamily {
    /// Hnefatafl 11x11 and 13x13, Copenhagen, Brandubh.
    Tafl,
    /// Ad Elta Stelpur, both rule sets.
    Adelta,
    /// Subulata.
    Subulata,
    /// Daldøsa.
    Daldosa,
}

impl PuzzleFamily {
    /// Every family, in the order lists show them.
    pub const ALL: [PuzzleFamily; 4] = [
        PuzzleFamily::Tafl,
        PuzzleFamily::Adelta,
        PuzzleFamily::Subulata,
        PuzzleFamily::Daldosa,
    ];

    /// The family a rule set's puzzles belong to.
    pub fn of(rule_set: RuleSetId) -> PuzzleFamily {
        match rule_set {
            RuleSetId::Hnefatafl
            | RuleSetId::Hnefatafl13
            | RuleSetId::Copenhagen
            | RuleSetId::Brandubh => PuzzleFamily::Tafl,
            RuleSetId::Adelta | RuleSetId::AdeltaRustik => PuzzleFamily::Adelta,
            RuleSetId::Subulata => PuzzleFamily::Subulata,
            RuleSetId::Daldosa => PuzzleFamily::Daldosa,
        }
    }

    /// The family's stable id in commands and files (`tafl`, `adelta`, `subulata`,
    /// `daldosa`).
    pub fn id(self) -> &'static str {
        match self {
            PuzzleFamily::Tafl => "tafl",
            PuzzleFamily::Adelta => "adelta",
            PuzzleFamily::Subulata => "subulata",
            PuzzleFamily::Daldosa => "daldosa",
        }
    }

    /// Whether the family's puzzles are "the best use of the roll" (dice games) rather than
    /// a forced win proven by exhaustive search.
    pub fn has_dice(self) -> bool {
        matches!(self, PuzzleFamily::Adelta | PuzzleFamily::Daldosa)
    }
}

/// What a theme asks for, without its number: the words are chosen per language from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThemeKind {
    /// The king reaches a corner (or the edge, where the rule set says so).
    Escape,
    /// The king is captured.
    CaptureKing,
    /// Copenhagen's exit fort.
    ExitFort,
    /// Copenhagen's encirclement.
    Encircle,
    /// The opponent is left without a legal move.
    LeaveNoMove,
    /// A win by repetition (Copenhagen: the defenders lose it).
    Repetition,
    /// Every enemy piece captured.
    CaptureAll,
    /// Subulata: the game ends with one side's pieces all on its goal tile (the mover's or,
    /// forced, the opponent's) and the mover ahead on points.
    GoalWin,
    /// Any other win the rules define (Daldøsa's last peg, …).
    Win,
    /// Dice games: the one use of the roll that beats every other.
    BestRoll,
}

impl ThemeKind {
    /// Every kind with its English words, as the file writes them before ` in N`.
    const WORDS: [(ThemeKind, &'static str); 10] = [
        (ThemeKind::Escape, "escape"),
        (ThemeKind::CaptureKing, "capture the king"),
        (ThemeKind::ExitFort, "exit fort"),
        (ThemeKind::Encircle, "encircle"),
        (ThemeKind::LeaveNoMove, "leave no move"),
        (ThemeKind::Repetition, "win by repetition"),
        (ThemeKind::CaptureAll, "capture everything"),
        (ThemeKind::GoalWin, "win on the goal"),
        (ThemeKind::Win, "win"),
        (ThemeKind::BestRoll, "best use of the roll"),
    ];

    /// Reads a file's theme (`escape in 2`, `best use of the roll`) as its kind and its
    /// number of moves (`None` for the dice theme); `None` for words no theme has.
    pub fn read(theme: &str) -> Option<(ThemeKind, Option<u8>)> {
        let theme = theme.trim();
        if let Some((words, n)) = theme.rsplit_once(" in ") {
            let n: u8 = n.trim().parse().ok()?;
            let kind = Self::WORDS
                .iter()
                .find(|(k, w)| *w == words && *k != ThemeKind::BestRoll)?
                .0;
            return Some((kind, Some(n)));
        }
        (theme == "best use of the roll").then_some((ThemeKind::BestRoll, None))
    }

    /// The English words of this kind, as a file writes them (`capture the king`).
    pub fn words(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, w)| *w)
            .unwrap_or("win")
    }
}

/// Why a line of a puzzle file was not read: the line's number and what was wrong, so a
/// person fixing the file finds it.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFileError {
    /// Not a JSON object of the puzzle's fields.
    #[error("line {line}: not a puzzle ({reason})")]
    Shape {
        /// The line's number, from 1.
        line: usize,
        /// What the JSON reader said.
        reason: String,
    },
    /// The fields read, but the position is not one of its rule set.
    #[error("line {line}: the position is not a {rule_set} position ({reason})")]
    Position {
        /// The line's number, from 1.
        line: usize,
        /// The rule set named on the line.
        rule_set: RuleSetId,
        /// What the rules said of the position.
        reason: String,
    },
    /// An empty solution, or a theme no puzzle has.
    #[error("line {line}: {reason}")]
    Content {
        /// The line's number, from 1.
        line: usize,
        /// What is missing or unknown.
        reason: String,
    },
}

impl Puzzle {
    /// The puzzle's identity: its rule set, position and roll, hashed (FNV-1a, 64 bits, as
    /// 12 hexadecimal digits): stable across files and versions of Skald.
    pub fn id(&self) -> PuzzleId {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let parts = [
            self.rule_set.id(),
            "\n",
            self.position.as_str(),
            "\n",
            self.roll.as_deref().unwrap_or(""),
        ];
        for byte in parts.iter().flat_map(|p| p.bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        PuzzleId(format!("{:012x}", hash >> 16))
    }

    /// The family the puzzle is rated in.
    pub fn family(&self) -> PuzzleFamily {
        PuzzleFamily::of(self.rule_set)
    }

    /// The position, read by the rules.
    pub fn read_position(&self) -> Result<Position, skald_rules::PositionError> {
        Position::from_notation(self.rule_set, &self.position)
    }

    /// The mover's moves of the solution (its 1st, 3rd, … entries): what a solver types.
    pub fn mover_moves(&self) -> impl Iterator<Item = &str> {
        self.solution.iter().step_by(2).map(String::as_str)
    }

    /// The puzzle as one line of a file (no newline).
    pub fn to_line(&self) -> String {
        // A struct of strings, numbers and options always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Reads a puzzle file: one puzzle a line, blank lines skipped. The first line that is not
/// a puzzle is the error (a file is fixed, not half read).
pub fn read_lines(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut puzzles = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        puzzles.push(read_line(raw, i + 1)?);
    }
    Ok(puzzles)
}

/// Reads one line of a puzzle file (numbered `line` from 1, for the error): what
/// [`read_lines`] does to each, and what a checker that reports every bad line calls.
pub fn read_line(raw: &str, line: usize) -> Result<Puzzle, PuzzleFileError> {
    let puzzle: Puzzle = serde_json::from_str(raw).map_err(|e| PuzzleFileError::Shape {
        line,
        reason: e.to_string(),
    })?;
    if let Err(e) = puzzle.read_position() {
        return Err(PuzzleFileError::Position {
            line,
            rule_set: puzzle.rule_set,
            reason: e.to_string(),
        });
    }
    if puzzle.solution.is_empty() {
        return Err(PuzzleFileError::Content {
            line,
            reason: "the solution is empty".into(),
        });
    }
    if ThemeKind::read(&puzzle.theme).is_none() {
        return Err(PuzzleFileError::Content {
            line,
            reason: format!("unknown theme \"{}\"", puzzle.theme),
        });
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_read_back_with_their_number() {
        assert_eq!(
            ThemeKind::read("capture the king in 2"),
            Some((ThemeKind::CaptureKing, Some(2)))
        );
        assert_eq!(
            ThemeKind::read("best use of the roll"),
            Some((ThemeKind::BestRoll, None))
        );
        assert_eq!(ThemeKind::read("escape in many"), None);
        assert_eq!(ThemeKind::read("dance in 2"), None);
    }

    #[test]
    fn a_line_reads_back_as_written_and_its_id_depends_on_the_position_only() {
        let start = Position::start(RuleSetId::Brandubh, 0);
        let puzzle = Puzzle {
            rule_set: RuleSetId::Brandubh,
            position: start.to_notation(skald_rules::Viewer::Final),
            to_move: "attackers".into(),
            roll: None,
            solution: vec!["d6-f6".into()],
            theme: "escape in 1".into(),
            source: "self-play 1".into(),
            rating: 1200.0,
        };
        let back = read_lines(&format!("{}\n\n", puzzle.to_line())).unwrap();
        assert_eq!(back, vec![puzzle.clone()]);
        let other_source = Puzzle {
            source: "game #3".into(),
            rating: 1500.0,
            ..puzzle.clone()
        };
        assert_eq!(puzzle.id(), other_source.id());
        let bad = puzzle.to_line().replace("brandubh", "hnefatafl");
        assert!(matches!(
            read_lines(&bad),
            Err(PuzzleFileError::Position { line: 1, .. })
        ));
    }
}

//! OpenTafl notation (OTN) game records of Copenhagen Hnefatafl and Brandubh: what OpenTafl and
//! the tafl community's other programs read and write (`docs/NOTATION.md`, "OpenTafl notation").
//!
//! A record is a header of `[tag:value]` lines (`[attackers:…]`, `[defenders:…]`, `[date:…]`,
//! `[result:…]`, `[rules:…]` holding the OTN rules string with its start position), then one
//! line per turn, `1. d1-d3 h6-h9`, each move with the soldiers it captured (`g7-g10xf10`,
//! `xe9/f8` for two), the king's moves marked `K`, and the game's last move marked `++` (the
//! king captured) or `--` (the king escaped, by a corner or an exit fort). `write` makes one
//! from a list of moves, `read` reads one back, replaying every move under Skald's rules.
//!
//! Files: `rules_string.rs` the rules strings (which one Skald writes, which ones it reads as
//! which rule set), `write.rs` the writer, `read.rs` the reader and its errors.

mod read;
mod rules_string;
mod write;

pub use read::{OtnError, OtnProblem, read};
pub use rules_string::rules_string;
pub use write::write;

use super::{Move, Variant};

/// The result a record's `[result:…]` tag states: OTN's `1`, `-1`, `0` or `?`.
///
/// Exists apart from [`crate::Outcome`] because a record's result may come from outside the
/// rules (a resignation, a flag, an agreed draw) or be unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtnResult {
    /// `1`: the attackers won.
    Attackers,
    /// `-1`: the defenders won.
    Defenders,
    /// `0`: a draw.
    Draw,
    /// `?`: no result (the game goes on, or ended without one).
    Unknown,
}

impl OtnResult {
    /// The tag's value as OTN writes it.
    pub fn code(self) -> &'static str {
        match self {
            OtnResult::Attackers => "1",
            OtnResult::Defenders => "-1",
            OtnResult::Draw => "0",
            OtnResult::Unknown => "?",
        }
    }

    /// Reads a tag's value; `None` for anything but the four codes.
    pub fn parse(text: &str) -> Option<OtnResult> {
        match text.trim() {
            "1" => Some(OtnResult::Attackers),
            "-1" => Some(OtnResult::Defenders),
            "0" => Some(OtnResult::Draw),
            "?" => Some(OtnResult::Unknown),
            _ => None,
        }
    }

    /// The result of a winner (`Some(None)`: a draw; `None`: no result).
    pub fn of_winner(winner: Option<Option<crate::Seat>>) -> OtnResult {
        match winner {
            Some(Some(crate::Seat::A)) => OtnResult::Attackers,
            Some(Some(crate::Seat::B)) => OtnResult::Defenders,
            Some(None) => OtnResult::Draw,
            None => OtnResult::Unknown,
        }
    }
}

/// The tags of a record's header that Skald writes and reads; any other tag is read and
/// left aside.
///
/// Exists so the callers (the chat's `export`, `skald import`) fill and read names, a date
/// and a result without knowing OTN's spelling of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtnTags {
    /// `[attackers:…]`: who played the attackers.
    pub attackers: Option<String>,
    /// `[defenders:…]`: who played the defenders.
    pub defenders: Option<String>,
    /// `[date:…]`: when the game was played, `YYYY.MM.DD`.
    pub date: Option<String>,
    /// `[event:…]`: the tournament or match.
    pub event: Option<String>,
    /// `[site:…]`: where it was played.
    pub site: Option<String>,
    /// `[result:…]`.
    pub result: Option<OtnResult>,
    /// `[termination:…]`: how the game ended, in words.
    pub termination: Option<String>,
}

/// One game as an OTN record holds it: the rule set, the header's tags and the moves.
///
/// What `write` turns into text and `read` gives back; the captures and end marks are not
/// kept, since the rules derive them from the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtnGame {
    /// The rule set (Copenhagen or Brandubh), from the start position.
    pub variant: Variant,
    /// The header.
    pub tags: OtnTags,
    /// The moves from the start, attackers first.
    pub moves: Vec<Move>,
}

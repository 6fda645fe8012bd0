//! OTN rules strings: the one Skald writes for each rule set, and which rule set a record's
//! rules string is read as.
//!
//! Skald writes OpenTafl's own Copenhagen string (`dim:11 name:Copenhagen atkf:y tfr:w sw:s
//! efe:y start:…`) and, for Brandubh, `dim:7 name:Brandubh atkf:y ks:n tfr:d start:…`. When
//! reading, the board (`dim:`) and the start position (`start:`, or `starti:` written from
//! rank 1 up) decide the rule set; a string whose attackers do not move first (`atkf:n`) or
//! whose king escapes to the edge (`esc:e`) is another game and refused. The other keys are
//! not compared: programs spell the same rules differently, and the replay under Skald's rules
//! (every move legal, every capture the record marks) is what shows a record fits.

use super::super::{Piece, Tafl, Variant};
use crate::coords::Square;

/// The rules string Skald writes for `variant`.
pub fn rules_string(variant: Variant) -> String {
    let flags = match variant {
        Variant::Copenhagen => "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y",
        Variant::Brandubh => "dim:7 name:Brandubh atkf:y ks:n tfr:d",
    };
    format!("{flags} start:{}", position_record(&Tafl::new(variant)))
}

/// A board as an OTN position record: `/`-enclosed rows from the top rank down, `t` an
/// attacker, `T` a defender, `K` the king, a number for a run of empty squares.
pub(super) fn position_record(game: &Tafl) -> String {
    let size = game.size();
    let mut out = String::from("/");
    for rank in (0..size).rev() {
        let mut empty = 0;
        for file in 0..size {
            match game.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(match piece {
                        Piece::Attacker => 't',
                        Piece::Defender => 'T',
                        Piece::King => 'K',
                    });
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out.push('/');
    }
    out
}

/// Why a rules string is not one of Skald's rule sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesProblem {
    /// No `dim:` entry, or not a number.
    NoSize,
    /// No `start:` (or `starti:`) entry.
    NoStart,
    /// A board or start position of neither Copenhagen nor Brandubh.
    Unknown,
    /// The defenders move first (`atkf:n`).
    DefendersFirst,
    /// The king escapes to any edge square (`esc:e`).
    EdgeEscape,
}

/// Which rule set a rules string describes (see the module's comment).
pub(super) fn variant_of(rules: &str) -> Result<Variant, RulesProblem> {
    let mut size = None;
    let mut start = None;
    for entry in rules.split_whitespace() {
        let Some((key, value)) = entry.split_once(':') else {
            continue;
        };
        let value = value.trim_end_matches(',');
        match key.to_ascii_lowercase().as_str() {
            "dim" => size = value.parse::<u8>().ok(),
            "start" => start = Some(rows_of(value, false)),
            "starti" => start = Some(rows_of(value, true)),
            "atkf" if value.eq_ignore_ascii_case("n") => return Err(RulesProblem::DefendersFirst),
            "esc" if value.eq_ignore_ascii_case("e") => return Err(RulesProblem::EdgeEscape),
            _ => {}
        }
    }
    let size = size.ok_or(RulesProblem::NoSize)?;
    let start = start.ok_or(RulesProblem::NoStart)?;
    Variant::ALL
        .into_iter()
        .find(|v| v.size() == size && rows_of(&position_record(&Tafl::new(*v)), false) == start)
        .ok_or(RulesProblem::Unknown)
}

/// Whether `record` is the start position of `variant` (a record's own position line).
pub(super) fn is_start(variant: Variant, record: &str) -> bool {
    rows_of(record, false) == rows_of(&position_record(&Tafl::new(variant)), false)
}

/// A position record's rows, top rank first, each expanded to one character a square (`.`
/// empty): two spellings of one board compare equal.
fn rows_of(record: &str, inverted: bool) -> Vec<String> {
    let mut rows: Vec<String> = record
        .split('/')
        .filter(|row| !row.is_empty())
        .map(|row| {
            let mut out = String::new();
            let mut run = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    run.push(c);
                    continue;
                }
                let n: usize = run.parse().unwrap_or(0);
                out.push_str(&".".repeat(n.min(64)));
                run.clear();
                out.push(c);
            }
            let n: usize = run.parse().unwrap_or(0);
            out.push_str(&".".repeat(n.min(64)));
            out
        })
        .collect();
    if inverted {
        rows.reverse();
    }
    rows
}

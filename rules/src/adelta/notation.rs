//! Ad Elta Stelpur notation: the position string `<points> <side> <steps> <ply>` and the step
//! notation `13+1` (documented in `docs/NOTATION.md` (section "Ad Elta Stelpur")).

use super::{Adelta, Move, PIECES_PER_SIDE, POINTS, Steps};
use crate::{Expected, Game, MoveError, PositionError, RuleSetId, Seat, Status};

const POINTS_EXPECTED: &str = "24 characters for points 1 to 24, each W (White), B (Black) or \
                               . (empty), like WWWWWW......BBBBBB......";
const SIDE_EXPECTED: &str = "w (White to play), b (Black to play) or - (opening roll pending)";
const STEPS_EXPECTED: &str = "the steps still to use as digits 1-6 in ascending order (like 1, \
                              16 or 6666), followed by + when the same player rolls again after \
                              them; or - when a roll is pending";
const PLY_EXPECTED: &str = "the number of steps played, like 0 or 42 (no sign, no leading zero)";
/// At most this many characters of a bad input are echoed back in an error.
const SHOWN: usize = 40;

/// `text`, cut to a length fit for an error message.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(SHOWN).collect();
    if text.chars().nth(SHOWN).is_some() {
        out.push('…');
    }
    out
}

/// The full position string; Ad Elta Stelpur hides nothing, so it is the same for every viewer.
pub(super) fn write(g: &Adelta) -> String {
    let mut s = String::with_capacity(40);
    for cell in g.board {
        s.push(match cell {
            Some(Seat::A) => 'W',
            Some(Seat::B) => 'B',
            None => '.',
        });
    }
    s.push(' ');
    s.push(match g.side {
        Some(Seat::A) => 'w',
        Some(Seat::B) => 'b',
        None => '-',
    });
    s.push(' ');
    if g.steps.is_empty() {
        s.push('-');
    } else {
        for &d in g.steps.as_slice() {
            s.push(char::from(b'0' + d));
        }
        if g.again {
            s.push('+');
        }
    }
    s.push(' ');
    s.push_str(&g.ply.to_string());
    s
}

fn bad(field: &'static str, found: &str, expected: &str) -> PositionError {
    PositionError::BadField {
        field,
        found: shown(found),
        expected: expected.to_string(),
    }
}

fn read_points(field: &str) -> Result<[Option<Seat>; 24], PositionError> {
    let mut board = [None; 24];
    let mut chars = field.chars();
    for cell in board.iter_mut() {
        *cell = match chars.next() {
            Some('W') => Some(Seat::A),
            Some('B') => Some(Seat::B),
            Some('.') => None,
            _ => return Err(bad("points", field, POINTS_EXPECTED)),
        };
    }
    if chars.next().is_some() {
        return Err(bad("points", field, POINTS_EXPECTED));
    }
    Ok(board)
}

/// Reads the steps field: `None` for `-` (a roll is pending), else the steps and the `+` flag.
fn read_steps(field: &str) -> Result<Option<(Steps, bool)>, PositionError> {
    if field == "-" {
        return Ok(None);
    }
    let (digits, again) = match field.strip_suffix('+') {
        Some(d) => (d, true),
        None => (field, false),
    };
    if digits.is_empty() || digits.len() > 4 {
        return Err(bad("steps", field, STEPS_EXPECTED));
    }
    let mut steps = Steps::default();
    let mut last = 0;
    for b in digits.bytes() {
        if !(b'1'..=b'6').contains(&b) || b - b'0' < last {
            return Err(bad("steps", field, STEPS_EXPECTED));
        }
        last = b - b'0';
        steps.push(last);
    }
    Ok(Some((steps, again)))
}

fn read_ply(field: &str) -> Result<u32, PositionError> {
    let well_formed = field.bytes().all(|b| b.is_ascii_digit())
        && !field.is_empty()
        && (field == "0" || !field.starts_with('0'));
    if !well_formed {
        return Err(bad("ply", field, PLY_EXPECTED));
    }
    field.parse().map_err(|_| bad("ply", field, PLY_EXPECTED))
}

/// Whether a player with `horn` (one piece) can hold `steps` (with the roll-again flag
/// `again`) after some roll and some steps played, under `rustik` or not.
fn steps_possible(rustik: bool, horn: bool, steps: &[u8], again: bool) -> bool {
    if !again {
        return matches!(steps, [1] | [6] | [1, 6]);
    }
    let Some(&v) = steps.first() else {
        return false;
    };
    if steps.iter().any(|&s| s != v) {
        return false;
    }
    let max = match (horn, rustik, v) {
        (true, true, _) => 0,
        (true, false, 1 | 6) => 2,
        (true, false, _) => 0,
        (false, _, 6) => 4,
        (false, _, _) => 2,
    };
    steps.len() <= max
}

/// Reads a position string of `rule_set` (see `docs/NOTATION.md` (section "Ad Elta Stelpur")).
pub(super) fn read(rule_set: RuleSetId, text: &str) -> Result<Adelta, PositionError> {
    if !Adelta::RULE_SETS.contains(&rule_set) {
        return Err(bad("rule set", rule_set.id(), "adelta or adelta-rustik"));
    }
    let mut fields = text.split_ascii_whitespace();
    let board = read_points(fields.next().ok_or(PositionError::MissingField {
        expected: POINTS_EXPECTED,
    })?)?;
    let side_field = fields.next().ok_or(PositionError::MissingField {
        expected: "the side after the points: w (White to play), b (Black to play) or - \
                   (opening roll pending)",
    })?;
    let side = match side_field {
        "w" => Some(Seat::A),
        "b" => Some(Seat::B),
        "-" => None,
        _ => return Err(bad("side", side_field, SIDE_EXPECTED)),
    };
    let steps_field = fields.next().ok_or(PositionError::MissingField {
        expected: "the steps after the side: digits like 16 or 6666+, or - when a roll is \
                   pending",
    })?;
    let steps = read_steps(steps_field)?;
    let ply = read_ply(fields.next().ok_or(PositionError::MissingField {
        expected: "the ply after the steps: the number of steps played, like 0",
    })?)?;
    if let Some(first) = fields.next() {
        let rest: Vec<&str> = std::iter::once(first).chain(fields.take(8)).collect();
        return Err(PositionError::Trailing(shown(&rest.join(" "))));
    }

    let (steps, again) = steps.unwrap_or_default();
    let g = Adelta {
        rule_set,
        board,
        side,
        steps,
        again,
        ply,
    };
    check(&g, steps_field)?;
    Ok(g)
}

/// Refuses positions no game can reach in a way that matters for continuing it.
fn check(g: &Adelta, steps_field: &str) -> Result<(), PositionError> {
    // Both Ad Elta Stelpur rule sets call their seats White and Black.
    let names = ["White", "Black"];
    let inconsistent = |msg: String| Err(PositionError::Inconsistent(msg));
    for seat in Seat::BOTH {
        let n = g.pieces(seat);
        if n > PIECES_PER_SIDE {
            return inconsistent(format!(
                "{} has {n} pieces, but each player starts with {PIECES_PER_SIDE}",
                names[seat.index()]
            ));
        }
    }
    if g.pieces(Seat::A) == 0 && g.pieces(Seat::B) == 0 {
        return inconsistent("there is no piece on the board".to_string());
    }
    if let Some(winner) = g.winner() {
        if !g.steps.is_empty() {
            return inconsistent(format!(
                "the game is over ({} has no piece left), so no step can be left: write - for \
                 the steps",
                names[winner.other().index()]
            ));
        }
        if g.side != Some(winner) {
            let letter = if winner == Seat::A { 'w' } else { 'b' };
            return inconsistent(format!(
                "the game is over: the side must be the winner, {letter}"
            ));
        }
        return Ok(());
    }
    let Some(seat) = g.side else {
        if g.steps.is_empty() {
            return Ok(());
        }
        return inconsistent(
            "no step can be left before the opening roll has chosen who starts".to_string(),
        );
    };
    if g.steps.is_empty() {
        return Ok(());
    }
    let horn = g.pieces(seat) == 1;
    if !steps_possible(g.rustik(), horn, g.steps.as_slice(), g.again) {
        let who = if horn {
            format!("{} (with a Hornaskella)", names[seat.index()])
        } else {
            names[seat.index()].to_string()
        };
        return inconsistent(format!(
            "no roll leaves {who} the steps {steps_field} under {}: without a double the steps \
             are 1, 6 or 16; a double gives 11+ to 55+ or 6666+ (a Hornaskella: only 11+ or 66+ \
             in adelta, nothing in adelta-rustik), used one step at a time",
            g.rule_set.id()
        ));
    }
    if matches!(g.status(), Status::Move { .. }) && g.legal_moves().is_empty() {
        return inconsistent(format!(
            "{} has the steps {steps_field} left but cannot play any; they would have been lost",
            names[seat.index()]
        ));
    }
    Ok(())
}

/// Reads one step forgivingly: `13+1`, `13 1`, `13:1`, `13/1`, ` 13 + 1 `.
pub(super) fn parse_step(text: &str) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax {
        input: shown(text.trim()),
        expected: Expected::AdeltaStep,
    };
    let mut numbers = [0u32; 2];
    let mut count = 0usize;
    let mut in_number = false;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            if !in_number {
                if count == numbers.len() {
                    return Err(syntax());
                }
                count += 1;
                in_number = true;
            }
            let slot = numbers.get_mut(count - 1).ok_or_else(syntax)?;
            *slot = slot.saturating_mul(10).saturating_add(d);
        } else if c.is_whitespace() || matches!(c, '+' | ':' | '/') {
            in_number = false;
        } else {
            return Err(syntax());
        }
    }
    let [from, die] = numbers;
    if count != 2 || !(1..=u32::from(POINTS)).contains(&from) || !(1..=6).contains(&die) {
        return Err(syntax());
    }
    Ok(Move::new(from as u8, die as u8))
}

//! Daldøsa notation: hole names (`w1`..`b12`), steps (`w12+1`) and the position string
//! `<w row>/<m row>/<b row> <side> <dice> <ply> <off>` (see `docs/NOTATION.md` (section "Daldøsa")).

use super::{Daldosa, HOLES_PER_ROW, Hole, Move, PEGS};
use crate::{Cell, Expected, Game, MoveError, PositionError, Seat};
use std::fmt::{self, Write as _};

/// The row letters, by row index.
const ROW_LETTERS: [char; 3] = ['w', 'm', 'b'];

/// What `parse_move` accepts, for its error message.
/// The name of a cell: `w1` .. `b12` (`?40` for an index off the board).
pub(super) fn cell_name(cell: Cell) -> String {
    match ROW_LETTERS.get(usize::from(cell / HOLES_PER_ROW)) {
        Some(row) => format!("{row}{}", cell % HOLES_PER_ROW + 1),
        None => format!("?{cell}"),
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", cell_name(self.from), self.die)
    }
}

/// Reads a step forgivingly: `w12+1`, `W12 1`, `w12:1`, ` w 12 + 1 `, `w121`, `m34` (without
/// a separator the last digit is the die; `w12` is refused as it may lack the die).
pub(super) fn parse_move(text: &str) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax {
        input: text.trim().to_string(),
        expected: Expected::DaldosaStep,
    };
    let mut chars = text.trim().chars();
    let row: u8 = match chars.next().map(|c| c.to_ascii_lowercase()) {
        Some('w') => 0,
        Some('m') => 1,
        Some('b') => 2,
        _ => return Err(syntax()),
    };
    // Up to two groups of digits, each at most three digits long.
    let mut groups = [(0u32, 0usize); 2];
    let mut count = 0usize;
    let mut in_group = false;
    for c in chars {
        if let Some(d) = c.to_digit(10) {
            if !in_group {
                if count == groups.len() {
                    return Err(syntax());
                }
                count += 1;
                in_group = true;
            }
            let group = groups.get_mut(count - 1).ok_or_else(syntax)?;
            if group.1 == 3 {
                return Err(syntax());
            }
            *group = (group.0 * 10 + d, group.1 + 1);
        } else if c.is_whitespace() || matches!(c, '+' | ':' | ',' | '-' | '/') {
            in_group = false;
        } else {
            return Err(syntax());
        }
    }
    let (hole, die) = match (count, groups) {
        // Without a separator the last digit is the die, unless the digits could also be a
        // hole with the die forgotten (`w12`).
        (1, [(n, 2), _]) if n > u32::from(HOLES_PER_ROW) => (n / 10, n % 10),
        (1, [(n, 3), _]) => (n / 10, n % 10),
        (2, [(h, 1..=2), (d, 1)]) => (h, d),
        _ => return Err(syntax()),
    };
    if !(1..=u32::from(HOLES_PER_ROW)).contains(&hole) || !(1..=4).contains(&die) {
        return Err(syntax());
    }
    Ok(Move::new(row * HOLES_PER_ROW + hole as u8 - 1, die as u8))
}

/// Writes the full position string.
pub(super) fn write_position(game: &Daldosa) -> String {
    let mut out = String::with_capacity(64);
    for (i, hole) in game.holes().iter().enumerate() {
        if i > 0 && i % usize::from(HOLES_PER_ROW) == 0 {
            out.push('/');
        }
        out.push(match hole {
            Hole::Empty => '.',
            Hole::Inactive(Seat::A) => 'w',
            Hole::Active(Seat::A) => 'W',
            Hole::Inactive(Seat::B) => 'b',
            Hole::Active(Seat::B) => 'B',
        });
    }
    out.push(' ');
    out.push(side_letter(game.side()));
    out.push(' ');
    if game.dice().is_empty() {
        out.push('-');
    }
    for d in game.dice() {
        let _ = write!(out, "{d}");
    }
    let _ = write!(
        out,
        " {} {},{}",
        game.ply(),
        game.pegs_off(Seat::A),
        game.pegs_off(Seat::B)
    );
    out
}

/// `w` for White, `b` for Black.
fn side_letter(seat: Seat) -> char {
    match seat {
        Seat::A => 'w',
        Seat::B => 'b',
    }
}

/// The player's name, for messages.
pub(super) fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "White",
        Seat::B => "Black",
    }
}

/// At most 24 characters of `text`, for echoing hostile input in an error.
fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(24).collect();
    if text.chars().nth(24).is_some() {
        s.push_str("...");
    }
    s
}

/// A `BadField` error.
fn bad(field: &'static str, found: &str, expected: &str) -> PositionError {
    PositionError::BadField {
        field,
        found: shown(found),
        expected: expected.to_string(),
    }
}

/// Reads a plain decimal number (no sign, no leading zero) no larger than `max`.
fn number(text: &str, max: u32) -> Option<u32> {
    if text.is_empty()
        || text.len() > 10
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    text.parse::<u32>().ok().filter(|&n| n <= max)
}

/// Reads a full position string.
pub(super) fn read_position(text: &str) -> Result<Daldosa, PositionError> {
    let mut fields = text.split_ascii_whitespace();
    let mut next = |expected: &'static str| {
        fields
            .next()
            .ok_or(PositionError::MissingField { expected })
    };
    let board = next("the board: three rows of 12 holes separated by '/'")?;
    let side = next("the side to roll or move, w or b")?;
    let dice = next("the dice still to use, like 31, or - when a roll is pending")?;
    let ply = next("the number of steps played, like 0")?;
    let off = next("the pegs run off by White and Black, like 0,0")?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(PositionError::Trailing(shown(&rest.join(" "))));
    }

    let mut game = Daldosa::start(crate::RuleSetId::Daldosa, 0);
    let rows: Vec<&str> = board.splitn(4, '/').collect();
    if rows.len() != 3 {
        return Err(bad(
            "board",
            board,
            "three rows w/m/b of 12 holes each, like wwwwwwwwwwww/............/bbbbbbbbbbbb",
        ));
    }
    const ROW_FIELDS: [&str; 3] = ["row w", "row m", "row b"];
    const ROW_EXPECTED: &str = "12 holes, each '.', 'w', 'W', 'b' or 'B', like ..wwW.......";
    let mut on_board = [0u8; 2];
    for (r, row) in rows.iter().enumerate() {
        let field = ROW_FIELDS.get(r).copied().unwrap_or("row");
        if row.chars().count() != usize::from(HOLES_PER_ROW) {
            return Err(bad(field, row, ROW_EXPECTED));
        }
        for (h, c) in row.chars().enumerate() {
            let hole = match c {
                '.' => Hole::Empty,
                'w' => Hole::Inactive(Seat::A),
                'W' => Hole::Active(Seat::A),
                'b' => Hole::Inactive(Seat::B),
                'B' => Hole::Active(Seat::B),
                _ => return Err(bad(field, row, ROW_EXPECTED)),
            };
            let cell = r * usize::from(HOLES_PER_ROW) + h;
            if let Hole::Inactive(seat) = hole {
                let home = match seat {
                    Seat::A => 0,
                    Seat::B => 2,
                };
                if r != home {
                    return Err(PositionError::Inconsistent(format!(
                        "an inactive {} peg stands on {}, outside its home row {}",
                        seat_name(seat),
                        cell_name(cell as Cell),
                        side_letter(seat)
                    )));
                }
            }
            if let Some(owner) = hole.owner() {
                on_board[owner.index()] += 1;
            }
            if let Some(slot) = game.holes.get_mut(cell) {
                *slot = hole;
            }
        }
    }

    game.side = match side {
        "w" => Seat::A,
        "b" => Seat::B,
        _ => return Err(bad("side", side, "w or b (the player to roll or move)")),
    };

    const DICE_EXPECTED: &str = "one or two dice 1-4 written as digits, like 31, or - when the \
                                 roll is pending";
    game.dice_len = 0;
    if dice != "-" {
        if dice.len() > 2 || dice.is_empty() {
            return Err(bad("dice", dice, DICE_EXPECTED));
        }
        for (i, b) in dice.bytes().enumerate() {
            if !(b'1'..=b'4').contains(&b) {
                return Err(bad("dice", dice, DICE_EXPECTED));
            }
            if let Some(slot) = game.dice.get_mut(i) {
                *slot = b - b'0';
            }
        }
        game.dice_len = dice.len() as u8;
    }

    game.ply = number(ply, u32::MAX)
        .ok_or_else(|| bad("ply", ply, "the number of steps played, like 0 or 27"))?;

    const OFF_EXPECTED: &str = "the pegs run off by White and by Black, two numbers 0-12 \
                                like 0,0 or 3,1";
    let (w_off, b_off) = off
        .split_once(',')
        .ok_or_else(|| bad("off", off, OFF_EXPECTED))?;
    let w_off = number(w_off, u32::from(PEGS)).ok_or_else(|| bad("off", off, OFF_EXPECTED))?;
    let b_off = number(b_off, u32::from(PEGS)).ok_or_else(|| bad("off", off, OFF_EXPECTED))?;
    game.off = [w_off as u8, b_off as u8];

    for seat in Seat::BOTH {
        let total = u32::from(on_board[seat.index()]) + u32::from(game.off[seat.index()]);
        if total > u32::from(PEGS) {
            return Err(PositionError::Inconsistent(format!(
                "{} has {} pegs on the board and {} run off: more than {PEGS}",
                seat_name(seat),
                on_board[seat.index()],
                game.off[seat.index()]
            )));
        }
    }
    game.on_board = on_board;
    if on_board == [0, 0] {
        return Err(PositionError::Inconsistent(
            "neither player has a peg on the board".to_string(),
        ));
    }
    if game.outcome().is_some() {
        if game.dice_len > 0 {
            return Err(PositionError::Inconsistent(
                "the game is over (a player has no peg left), so no dice can be left to use; \
                 write - for the dice"
                    .to_string(),
            ));
        }
    } else if game.dice_len > 0 && game.legal_moves().is_empty() {
        return Err(PositionError::Inconsistent(format!(
            "{} cannot use the dice {} (the turn would have passed); write - for the dice",
            seat_name(game.side),
            dice
        )));
    }
    Ok(game)
}

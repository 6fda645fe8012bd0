//! Swatch scenes: for each board, a few made-up positions that together show every kind of
//! piece, mark and header part on every kind of cell (each game's in its own module, made
//! from the headers and marks here). The board's fixed palette is made from
//! their colours once (see `quantize.rs`), so a picture's own colours are looked up rather
//! than reduced. They depend only on the board (its layer key), never on a picture asked for,
//! so the palette is the same whichever picture came first.
//!
//! They are not the sample positions (`samples.rs`), so the benchmark and the tests measure
//! pictures whose colours were not all in a swatch.

use crate::frame::{Header, LastMove, Step, Turn};
use skald_rules::{Cell, RuleSetId, Seat};

/// The headers the swatches of `rule_set` show: both seats to play with long player names
/// (and `dice` split between them), then a finished game with seat names only.
pub(crate) fn headers(rule_set: RuleSetId, dice: &[&[u8]]) -> Vec<Header> {
    let named = |seat: Seat, dice: &[u8]| Header {
        players: [
            Some("Åsa Sigurðardóttir".into()),
            Some("Bjørn Ketilsson".into()),
        ],
        dice: dice.to_vec(),
        ..Header::new(rule_set, Turn::Seat(seat), 137)
    };
    let mut out = vec![
        named(Seat::A, dice.first().copied().unwrap_or_default()),
        named(Seat::B, dice.get(1).copied().unwrap_or_default()),
    ];
    out.push(Header::new(
        rule_set,
        Turn::Over("Black wins: White has no move left".into()),
        208,
    ));
    out
}

/// Last-move marks: a step from `from` to `to` (which has a piece), a capture by landing on
/// `to`, a capture of an empty cell `crossed`, and a bump on `bumped`.
pub(crate) fn marks(from: Cell, to: Cell, crossed: Cell, bumped: Cell) -> LastMove {
    LastMove {
        steps: vec![Step { from, to: Some(to) }],
        captured: vec![to, crossed],
        bumped: vec![bumped],
    }
}

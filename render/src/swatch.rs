//! Swatch scenes: for each board, a few made-up positions that together show every kind of
//! piece, mark and header part on every kind of cell. The board's fixed palette is made from
//! their colours once (see `quantize.rs`), so a picture's own colours are looked up rather
//! than reduced. They depend only on the board (its layer key), never on a picture asked for,
//! so the palette is the same whichever picture came first.
//!
//! They are not the sample positions (`samples.rs`), so the benchmark and the tests measure
//! pictures whose colours were not all in a swatch.

use crate::scene::{Header, LastMove, Step, Turn};
use crate::{AdeltaScene, DaldosaScene, HnefataflScene, Peg, SubulataPiece, SubulataScene};
use crate::{TaflPiece, Terrain};
use skald_lang::Lang;
use skald_rules::{Cell, RuleSetId, Seat};

/// The headers the swatches of `rule_set` show: both seats to play with long player names
/// (and `dice` split between them), then a finished game with seat names only.
fn headers(rule_set: RuleSetId, dice: &[&[u8]]) -> Vec<Header> {
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
fn marks(from: Cell, to: Cell, crossed: Cell, bumped: Cell) -> LastMove {
    LastMove {
        steps: vec![Step { from, to: Some(to) }],
        captured: vec![to, crossed],
        bumped: vec![bumped],
    }
}

/// Hnefatafl of side `size` (11 or 13): the three pieces on plain, alternate and special
/// squares, in three patterns.
pub(crate) fn hnefatafl(size: u8) -> Vec<HnefataflScene> {
    let rule_set = if size == 13 {
        RuleSetId::Hnefatafl13
    } else {
        RuleSetId::Hnefatafl
    };
    let n = usize::from(size);
    let last = size.saturating_sub(1);
    let centre = usize::from(size / 2) * (n + 1);
    headers(rule_set, &[])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = HnefataflScene::empty(header, size);
            for (i, square) in scene.squares.iter_mut().enumerate() {
                let (f, r) = (i % n, i / n);
                *square = match (f + 2 * r + k) % 5 {
                    0 => Some(TaflPiece::Attacker),
                    2 => Some(TaflPiece::Defender),
                    _ => None,
                };
            }
            let corners = [0, usize::from(last), n * usize::from(last), n * n - 1];
            let kinds = [TaflPiece::King, TaflPiece::Attacker, TaflPiece::Defender];
            for (j, &corner) in corners.iter().enumerate() {
                if let Some(square) = scene.squares.get_mut(corner) {
                    *square = kinds.get((j + k) % 4).copied();
                }
            }
            if let Some(throne) = scene.squares.get_mut(centre) {
                *throne = kinds.get(k % 3).copied();
            }
            let cell = |f: u8, r: u8| r * size + f;
            let row = 1 + k as u8 * 3;
            let to = cell(6, row);
            scene.squares[usize::from(to)] = Some(TaflPiece::Attacker);
            scene.squares[usize::from(cell(2, row))] = None;
            scene.squares[usize::from(cell(8, row))] = None;
            scene.last_move = marks(cell(2, row), to, cell(8, row), cell(4, row + 1));
            scene
        })
        .collect()
}

/// Ad Elta Stelpur: many pieces of one side and a Hornaskella of the other, both ways, and
/// the six die faces.
pub(crate) fn adelta() -> Vec<AdeltaScene> {
    headers(RuleSetId::Adelta, &[&[1, 2, 3, 4], &[5, 6]])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = AdeltaScene::empty(header);
            let (many, one) = if k == 1 {
                (Seat::B, Seat::A)
            } else {
                (Seat::A, Seat::B)
            };
            for p in [2, 5, 9, 14, 21] {
                scene.points[(p + 4 * k) % 24] = Some(many);
            }
            scene.points[(17 + 5 * k) % 24] = Some(one);
            let to = ((14 + 4 * k) % 24 + 1) as Cell;
            let from = if to > 4 { to - 4 } else { to + 8 };
            scene.last_move = marks(from, to, ((to + 6) % 24) + 1, ((to + 9) % 24) + 1);
            scene
        })
        .collect()
}

/// Subulata: both sides' pieces, with and without their values, on each terrain; the final
/// scores; the words in `lang` (the board's layer holds words, one per language).
pub(crate) fn subulata(lang: Lang) -> Vec<SubulataScene> {
    headers(RuleSetId::Subulata, &[])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let header = Header { lang, ..header };
            let mut scene = SubulataScene::empty(header, Terrain::Water);
            scene.terrain = crate::samples::subulata_terrain([0, 1, 2, 3, 4, 5, 6, 7, 8]);
            for (i, piece) in scene.pieces.iter_mut().enumerate() {
                let seat = match (i + 2 * (i / 9) + k) % 5 {
                    0 => Seat::A,
                    2 => Seat::B,
                    _ => continue,
                };
                let value = ((i * 7 + k) % 9 + 1) as u8;
                *piece = Some(SubulataPiece {
                    seat,
                    value: (i % 3 != 0).then_some(value),
                });
            }
            let to = (20 + 27 * k) as Cell;
            scene.pieces[usize::from(to)] = Some(SubulataPiece {
                seat: Seat::B,
                value: Some(9),
            });
            scene.pieces[usize::from(to - 18)] = None;
            scene.pieces[usize::from(to + 2)] = None;
            scene.last_move = marks(to - 18, to, to + 2, to - 8);
            if k == 2 {
                scene.scores = Some([38, 45]);
            }
            scene
        })
        .collect()
}

/// Daldøsa: active and inactive pegs of both sides in every row, pegs off in both trays, the
/// four die faces, and a peg leaving the board.
pub(crate) fn daldosa() -> Vec<DaldosaScene> {
    headers(RuleSetId::Daldosa, &[&[1, 2, 3], &[4, 4]])
        .into_iter()
        .enumerate()
        .map(|(k, header)| {
            let mut scene = DaldosaScene::start(header);
            for (i, hole) in scene.holes.iter_mut().enumerate() {
                let seat = if (i + k) % 2 == 0 { Seat::A } else { Seat::B };
                *hole = match (i + k) % 4 {
                    3 => None,
                    m => Some(Peg {
                        seat,
                        active: m != 1,
                    }),
                };
            }
            scene.off = [(3 + k) as u8, (7 - 2 * k) as u8];
            let to = (14 + 2 * k) as Cell;
            scene.holes[usize::from(to)] = Some(Peg {
                seat: Seat::A,
                active: true,
            });
            scene.holes[usize::from(to + 3)] = None;
            scene.last_move = marks(to + 4, to, to + 3, to + 12);
            scene.last_move.steps.push(Step {
                from: (11 + 12 * k) as Cell,
                to: None,
            });
            scene
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// Every swatch is a valid scene with its board's layer key.
    #[test]
    fn swatches_are_valid_scenes_of_their_board() {
        fn check<B: Board>(board: &B) {
            for swatch in board.swatches() {
                assert_eq!(swatch.check(), Ok(()));
                assert_eq!(swatch.layer_key(), board.layer_key());
                assert!(!swatch.last_move().cells().any(|c| !swatch.has_cell(c)));
            }
        }
        let header = |rs| Header::new(rs, Turn::Seat(Seat::A), 0);
        for size in [11, 13] {
            let rs = if size == 13 {
                RuleSetId::Hnefatafl13
            } else {
                RuleSetId::Hnefatafl
            };
            check(&HnefataflScene::empty(header(rs), size));
        }
        check(&AdeltaScene::empty(header(RuleSetId::AdeltaRustik)));
        for lang in Lang::ALL {
            let header = Header {
                lang,
                ..header(RuleSetId::Subulata)
            };
            check(&SubulataScene::empty(header, Terrain::Leaf));
        }
        check(&DaldosaScene::start(header(RuleSetId::Daldosa)));
    }
}

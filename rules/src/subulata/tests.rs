//! Subulata position tests: every rule and choice of RULES.md at the position where it
//! matters, the notation, and a random-game smoke loop.
//!
//! Most positions use the unrotated tiles in order (`IDENT`), whose terrain is:
//!
//! ```text
//!     a b c   d e f   g h i
//! 9 | w f l | l l l | w w f
//! 8 | f l w | w w w | w f l
//! 7 | l w f | f f f | f l l
//! 6 | f w f | l f w | w l w
//! 5 | l w l | l f w | f f f
//! 4 | f w l | l f w | l w l
//! 3 | f l f | w f f | f f w
//! 2 | l w l | l w f | l l w
//! 1 | f w w | l l w | w f l
//! ```

use super::*;
use rand::{Rng, RngExt};

const IDENT: &str = "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0";
const RS: RuleSetId = RuleSetId::Subulata;

fn sq(name: &str) -> Square {
    Square::parse(name, 9).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The ranks field for pieces given as (square, token), like `("c3", "W5")`.
fn ranks(pieces: &[(&str, &str)]) -> String {
    let mut grid: [[&str; 9]; 9] = [[""; 9]; 9];
    for &(at, token) in pieces {
        let s = sq(at);
        grid[usize::from(s.rank)][usize::from(s.file)] = token;
    }
    let mut rows = Vec::new();
    for rank in (0..9).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for token in grid[rank] {
            if token.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(token);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A position on the unrotated tiles; the side to move follows from the ply.
fn pos(pieces: &[(&str, &str)], ply: u32) -> Subulata {
    let side = if ply.is_multiple_of(2) { "w" } else { "b" };
    let text = format!("{IDENT} {} {side} {ply}", ranks(pieces));
    Subulata::from_notation(RS, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    notation::parse_move(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The legal moves from one square, sorted, as text.
fn moves_from(g: &Subulata, from: &str) -> Vec<String> {
    let mut out: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn illegal_reason(g: &mut Subulata, m: &str) -> String {
    let before = g.clone();
    let reason = match g.play(mv(m)) {
        Err(MoveError::Illegal { mv, reason }) => {
            assert_eq!(mv, m);
            reason
        }
        other => panic!("{m}: expected Illegal, got {other:?}"),
    };
    assert_eq!(*g, before, "a refused move changed the position");
    reason.to_string()
}

fn outcome_of(events: &[Event]) -> Option<Outcome> {
    events.iter().find_map(|e| match e {
        Event::GameOver(o) => Some(*o),
        _ => None,
    })
}

// ---------------------------------------------------------------- tiles and set-up

#[test]
fn subulata_identity_tiles_have_the_documented_terrain() {
    let g = pos(&[("e5", "W1"), ("e6", "B1")], 0);
    let want = [
        "wfllllwwf",
        "flwwwwwfl",
        "lwfffffll",
        "fwflfwwlw",
        "lwllfwfff",
        "fwllfwlwl",
        "flfwffffw",
        "lwllwfllw",
        "fwwllwwfl",
    ];
    for (top, row) in want.iter().enumerate() {
        for (file, c) in row.chars().enumerate() {
            let s = Square::new(file as u8, 8 - top as u8);
            assert_eq!(
                g.terrain(s).letter(),
                c.to_ascii_uppercase(),
                "{}",
                s.name()
            );
        }
    }
}

#[test]
fn subulata_tiles_have_three_of_each_terrain() {
    for (i, tile) in TILES.iter().enumerate() {
        for t in [Terrain::Water, Terrain::Flower, Terrain::Leaf] {
            let n = tile.iter().flatten().filter(|&&c| c == t).count();
            assert_eq!(n, 3, "tile {} {t:?}", i + 1);
        }
    }
}

#[test]
fn subulata_rotation_turns_clockwise() {
    // Tile 2 is LLL / WWW / FFF: one quarter-turn clockwise puts the top row on the right.
    let p = Placement {
        tile: 2,
        rotation: 1,
    };
    for row in 0..3 {
        assert_eq!(p.terrain(row, 0), Terrain::Flower);
        assert_eq!(p.terrain(row, 1), Terrain::Water);
        assert_eq!(p.terrain(row, 2), Terrain::Leaf);
    }
    let p = Placement {
        tile: 2,
        rotation: 2,
    };
    assert_eq!(p.terrain(0, 1), Terrain::Flower);
    assert_eq!(p.terrain(2, 1), Terrain::Leaf);
    // Tile 4 (FWF / LWL / FWL), three quarter-turns: the right column becomes the top row.
    let p = Placement {
        tile: 4,
        rotation: 3,
    };
    let top: String = (0..3).map(|c| p.terrain(0, c).letter()).collect();
    assert_eq!(top, "FLL");
}

#[test]
fn subulata_seeded_setup_is_deterministic_and_complete() {
    for seed in [0u64, 1, 2, 42, 1234567, u64::MAX] {
        let g = Subulata::start(RS, seed);
        assert_eq!(g, Subulata::start(RS, seed), "seed {seed}");
        let mut tiles: Vec<u8> = g.placements().iter().map(|p| p.tile).collect();
        tiles.sort();
        assert_eq!(tiles, (1..=9).collect::<Vec<u8>>(), "seed {seed}");
        assert!(g.placements().iter().all(|p| p.rotation < 4));
        for t in [Terrain::Water, Terrain::Flower, Terrain::Leaf] {
            let n = (0..81)
                .filter(|&i| g.terrain(Square::from_index(i, 9)) == t)
                .count();
            assert_eq!(n, 27, "seed {seed} {t:?}");
        }
        // Each 3x3 tile of the board has three of each terrain.
        for tr in 0..3u8 {
            for tc in 0..3u8 {
                let mut count = [0; 3];
                for k in 0..9u8 {
                    let s = Square::new(tc * 3 + k % 3, tr * 3 + k / 3);
                    count[usize::from(g.terrain(s).distance() - 1)] += 1;
                }
                assert_eq!(count, [3, 3, 3], "seed {seed} tile {tr},{tc}");
            }
        }
        for seat in Seat::BOTH {
            let mut values: Vec<u8> = g.arrangement(seat).iter().map(|v| v.unwrap()).collect();
            values.sort();
            assert_eq!(values, (1..=9).collect::<Vec<u8>>());
            assert_eq!(g.pieces_left(seat), 9);
        }
        assert_eq!(g.ply(), 0);
        assert_eq!(g.status(), Status::Move { seat: Seat::A });
    }
    let boards: std::collections::HashSet<String> = (0..20)
        .map(|s| Subulata::start(RS, s).to_notation(Viewer::Final))
        .collect();
    assert!(boards.len() > 15, "seeds should give different set-ups");
}

#[test]
fn subulata_seed_zero_set_up_never_changes() {
    // Pinned: a seed must mean the same board in every release.
    assert_eq!(
        Subulata::start(RS, 0).to_notation(Viewer::Final),
        "1r3,2r2,4r0,7r0,6r1,5r0,3r2,8r3,9r0 \
         6B2B5B8/6B9B6B7/6B3B4B1/9/9/9/W5W9W16/W4W3W76/W8W6W26 w 0"
    );
}

// ---------------------------------------------------------------- movement

#[test]
fn subulata_terrain_decides_the_distance_for_white() {
    let cases = [
        ("b1", Terrain::Water, ["b1-c1", "b1-b2"]),
        ("a1", Terrain::Flower, ["a1-c1", "a1-a3"]),
        ("a2", Terrain::Leaf, ["a2-d2", "a2-a5"]),
    ];
    for (from, terrain, want) in cases {
        let g = pos(&[(from, "W1"), ("e5", "B1")], 0);
        assert_eq!(g.terrain(sq(from)), terrain);
        assert_eq!(moves_from(&g, from), sorted(&want), "{from}");
    }
}

#[test]
fn subulata_terrain_decides_the_distance_for_black() {
    let cases = [
        ("h9", Terrain::Water, ["h9-g9", "h9-h8"]),
        ("i9", Terrain::Flower, ["i9-g9", "i9-i7"]),
        ("i8", Terrain::Leaf, ["i8-f8", "i8-i5"]),
    ];
    for (from, terrain, want) in cases {
        let g = pos(&[(from, "B1"), ("e5", "W1")], 1);
        assert_eq!(g.terrain(sq(from)), terrain);
        assert_eq!(moves_from(&g, from), sorted(&want), "{from}");
    }
}

#[test]
fn subulata_pieces_jump_over_own_and_enemy_pieces() {
    // a2 is a leaf: three cells right over b2 (own) and c2 (enemy), three up over a3 (enemy)
    // and a4 (own).
    let mut g = pos(
        &[
            ("a2", "W1"),
            ("b2", "W2"),
            ("c2", "B1"),
            ("a3", "B2"),
            ("a4", "W3"),
            ("e5", "B3"),
        ],
        0,
    );
    assert_eq!(moves_from(&g, "a2"), sorted(&["a2-d2", "a2-a5"]));
    let events = g.play(mv("a2-d2")).unwrap();
    assert_eq!(
        events,
        vec![Event::Moved {
            seat: Seat::A,
            from: sq("a2").index(9) as Cell,
            to: Some(sq("d2").index(9) as Cell),
        }]
    );
    // The jumped pieces are unaffected.
    assert_eq!(g.piece(sq("b2")).map(|p| p.seat), Some(Seat::A));
    assert_eq!(g.piece(sq("c2")).map(|p| p.seat), Some(Seat::B));
    assert_eq!(g.pieces_left(Seat::B), 3);
}

#[test]
fn subulata_backward_moves_only_capture() {
    // White on e5 (flower): forward g5 and e7; backward c5 is empty, e3 holds Black.
    let mut g = pos(&[("e5", "W1"), ("e3", "B1"), ("h8", "B2")], 0);
    assert_eq!(moves_from(&g, "e5"), sorted(&["e5-g5", "e5-e7", "e5-e3"]));
    let reason = illegal_reason(&mut g, "e5-c5");
    assert!(
        reason.to_string().contains("backward") && reason.to_string().contains("capture"),
        "{reason}"
    );
    let events = g.play(mv("e5-e3")).unwrap();
    let at = sq("e3").index(9) as Cell;
    assert_eq!(
        events,
        vec![
            Event::Moved {
                seat: Seat::A,
                from: sq("e5").index(9) as Cell,
                to: Some(at),
            },
            Event::Captured { seat: Seat::B, at },
        ]
    );
    assert_eq!(g.captured_by(Seat::A), 8);
    assert_eq!(g.pieces_left(Seat::B), 1);

    // Black on e5: forward c5 and e3; backward g5 holds White, e7 is empty.
    let mut g = pos(&[("e5", "B1"), ("g5", "W1"), ("b2", "W2")], 1);
    assert_eq!(moves_from(&g, "e5"), sorted(&["e5-c5", "e5-e3", "e5-g5"]));
    let reason = illegal_reason(&mut g, "e5-e7");
    assert!(reason.to_string().contains("backward"), "{reason}");
}

#[test]
fn subulata_no_landing_on_an_own_piece() {
    // b1 is water: c1 holds an own piece, b2 an enemy one (captured forward).
    let mut g = pos(&[("b1", "W1"), ("c1", "W2"), ("b2", "B1"), ("h8", "B2")], 0);
    assert_eq!(moves_from(&g, "b1"), sorted(&["b1-b2"]));
    let reason = illegal_reason(&mut g, "b1-c1");
    assert_eq!(reason, "c1 holds your own piece");
    let events = g.play(mv("b1-b2")).unwrap();
    assert!(events.contains(&Event::Captured {
        seat: Seat::B,
        at: sq("b2").index(9) as Cell
    }));
}

#[test]
fn subulata_no_move_off_the_board() {
    // i4 is a leaf: right would leave the board; up to i7 is fine. i9 (flower) and h9 (water)
    // cannot go forward at all.
    let g = pos(&[("i4", "W1"), ("i9", "W2"), ("a5", "W3"), ("e5", "B1")], 0);
    assert_eq!(moves_from(&g, "i4"), sorted(&["i4-i7"]));
    assert!(moves_from(&g, "i9").is_empty());
    // Black on a1 (flower) and b1 (water) in its goal corner cannot move; a5 (leaf) only down.
    let g = pos(&[("a1", "B1"), ("b1", "B2"), ("a5", "B3"), ("i5", "W1")], 1);
    assert!(moves_from(&g, "a1").is_empty());
    assert!(moves_from(&g, "b1").is_empty());
    assert_eq!(moves_from(&g, "a5"), sorted(&["a5-a2"]));
}

#[test]
fn subulata_illegal_moves_say_why() {
    let mut g = pos(&[("b1", "W1"), ("a1", "W2"), ("e5", "B1"), ("h8", "B2")], 0);
    assert_eq!(illegal_reason(&mut g, "c4-c5"), "there is no piece on c4");
    assert_eq!(
        illegal_reason(&mut g, "e5-e4"),
        "the piece on e5 is Black's, and it is White's turn"
    );
    assert!(illegal_reason(&mut g, "b1-c2").contains("diagonally"));
    assert_eq!(
        illegal_reason(&mut g, "a1-a2"),
        "the piece on a1 stands on a flower and moves exactly 2 cells; it can go to c1 or a3"
    );
    assert_eq!(
        illegal_reason(&mut g, "b1-b3"),
        "the piece on b1 stands on water and moves exactly 1 cell; it can go to c1 or b2"
    );
    assert_eq!(
        illegal_reason(&mut g, "b1-b1"),
        "a piece must move to another cell"
    );
    // Off-board squares cannot be typed, but can be built.
    let off = Move {
        from: sq("b1"),
        to: Square::new(9, 0),
    };
    assert!(matches!(g.play(off), Err(MoveError::Illegal { .. })));
}

#[test]
fn subulata_no_dice_and_cell_names() {
    let mut g = Subulata::start(RS, 5);
    assert_eq!(g.roll(&[1, 2]), Err(RollError::NotExpected));
    assert!(g.dice().is_empty());
    assert_eq!(g.rule_set(), RS);
    assert_eq!(Subulata::RULE_SETS, &[RS]);
    assert_eq!(g.cell_name(0), "a1");
    assert_eq!(g.cell_name(8), "i1");
    assert_eq!(g.cell_name(9), "a2");
    assert_eq!(g.cell_name(80), "i9");
    assert!(g.cell_name(81).contains("off the board"));
    assert_eq!(g.size(), 9);
}

// ---------------------------------------------------------------- end and scoring

#[test]
fn subulata_ends_when_all_remaining_pieces_reach_the_goal() {
    // White has i9 on goal and g6 (water) one step from g7. Black still has pieces outside.
    let mut g = pos(
        &[
            ("i9", "W6"),
            ("g6", "W4"),
            ("a1", "B5"),
            ("e5", "B1"),
            ("d4", "B2"),
        ],
        20,
    );
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
    let events = g.play(mv("g6-g7")).unwrap();
    // White: 6 + 4 on goal + 6 captured = 16; Black: 5 on goal + 7 captured = 12.
    let want = Outcome {
        winner: Some(Seat::A),
        reason: EndReason::GoalReached,
        scores: Some([16, 12]),
    };
    assert_eq!(events.last(), Some(&Event::GameOver(want)));
    assert_eq!(events.len(), 2);
    assert_eq!(g.status(), Status::Over(want));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv("e5-c5")), Err(MoveError::GameOver));
    assert_eq!(
        g.arrange(Seat::B, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Err(ArrangeError::GameOver)
    );
}

#[test]
fn subulata_ends_when_the_opponent_has_all_remaining_pieces_home_after_a_capture() {
    // Black has b2 on its goal and e5 outside; White captures e5 (backward from e7, a flower),
    // so all Black's remaining pieces stand on its goal.
    let mut g = pos(
        &[("b2", "B9"), ("e5", "B3"), ("e7", "W2"), ("d4", "W7")],
        30,
    );
    let events = g.play(mv("e7-e5")).unwrap();
    let o = outcome_of(&events).expect("the game ends");
    assert_eq!(o.reason, EndReason::GoalReached);
    // White: nothing on goal + 8 captured = 8; Black: 9 + 7 captured = 16.
    assert_eq!(o.scores, Some([8, 16]));
    assert_eq!(o.winner, Some(Seat::B));
}

#[test]
fn subulata_a_player_with_no_pieces_counts_as_home() {
    // White captures Black's last piece: Black has no piece left, so the game ends.
    let mut g = pos(&[("e5", "B3"), ("e3", "W2"), ("a1", "W5")], 30);
    assert_eq!(g.terrain(sq("e3")), Terrain::Flower);
    let events = g.play(mv("e3-e5")).unwrap();
    let o = outcome_of(&events).expect("the game ends");
    assert_eq!(o.reason, EndReason::GoalReached);
    // White: nothing on goal + 9 captured = 9; Black: 7 captured = 7.
    assert_eq!(
        o,
        Outcome {
            winner: Some(Seat::A),
            reason: EndReason::GoalReached,
            scores: Some([9, 7]),
        }
    );
    // A position read with a player already without pieces is over too.
    let g = pos(&[("e5", "W1")], 4);
    assert!(matches!(g.status(), Status::Over(o) if o.reason == EndReason::GoalReached));
}

/// seeds/003 example 4, with our tiles: White to move has no legal move. White brought 6
/// and 4 home and captured 5; Black brought 5 and 9 home and captured 6.
const EXAMPLE_4: &str = "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0 \
     5W22W6/8W4/9/9/4B14/3B35/9/1B57/B98 w 40";

#[test]
fn subulata_example_4_white_stuck_black_wins_20_to_15() {
    let g = Subulata::from_notation(RS, EXAMPLE_4).unwrap();
    assert_eq!(g.to_notation(Viewer::Final), EXAMPLE_4);
    let want = Outcome {
        winner: Some(Seat::B),
        reason: EndReason::NoLegalMove,
        scores: Some([15, 20]),
    };
    assert_eq!(g.status(), Status::Over(want));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.score(Seat::A), Some(15));
    assert_eq!(g.score(Seat::B), Some(20));
    // The end comes from Black's move that takes the last White target away: before it, the
    // White piece on f9 (leaf) could capture backward on f6.
    let mut g = pos(
        &[
            ("f9", "W2"),
            ("i9", "W6"),
            ("i8", "W4"),
            ("f6", "B1"),
            ("d4", "B3"),
            ("b2", "B5"),
            ("a1", "B9"),
        ],
        39,
    );
    let mut before = g.clone();
    before.ply = 40;
    assert_eq!(before.legal_moves(), vec![mv("f9-f6")]);
    let events = g.play(mv("f6-f5")).unwrap();
    assert_eq!(events.last(), Some(&Event::GameOver(want)));
}

#[test]
fn subulata_equal_scores_draw() {
    // White brings its last piece home: 6 + 7 captured = 13; Black: 5 + 8 captured = 13.
    let mut g = pos(&[("g6", "W6"), ("a1", "B5"), ("e5", "B1")], 10);
    let events = g.play(mv("g6-g7")).unwrap();
    assert_eq!(
        outcome_of(&events),
        Some(Outcome {
            winner: None,
            reason: EndReason::GoalReached,
            scores: Some([13, 13]),
        })
    );
}

#[test]
fn subulata_goal_pieces_still_move_and_may_leave() {
    // A piece on the goal tile may still be moved: g8 (water) to h8 or g9, inside the goal.
    let g = pos(&[("g8", "W1"), ("e5", "W2"), ("e3", "B1")], 0);
    assert_eq!(moves_from(&g, "g8"), sorted(&["g8-h8", "g8-g9"]));
    // A goal piece can capture backward out of the goal: g7 (flower) onto e7.
    let g = pos(&[("g7", "W1"), ("e7", "B2"), ("e5", "W2"), ("e3", "B1")], 0);
    assert!(moves_from(&g, "g7").contains(&"g7-e7".to_string()));
}

// ---------------------------------------------------------------- hidden values and public positions

#[test]
fn subulata_public_position_plays_to_an_end_without_inventing_scores() {
    // Nobody's values are known. White's last piece reaches its goal; Black has one piece on
    // its goal: the scores cannot be known and nobody is named winner.
    let mut g = pos(&[("g6", "W?"), ("a1", "B?"), ("e5", "B?")], 10);
    let events = g.play(mv("g6-g7")).unwrap();
    assert_eq!(
        outcome_of(&events),
        Some(Outcome {
            winner: None,
            reason: EndReason::GoalReached,
            scores: None,
        })
    );
    // When every possible value gives the same winner, the winner is named (still no scores):
    // White gets at least 1 + 8 captured = 9, Black exactly 8 captured.
    let mut g = pos(&[("g6", "W?"), ("e5", "B?")], 10);
    let events = g.play(mv("g6-g7")).unwrap();
    assert_eq!(
        outcome_of(&events),
        Some(Outcome {
            winner: Some(Seat::A),
            reason: EndReason::GoalReached,
            scores: None,
        })
    );
    // Known values narrow the bounds. Black brings its last piece home (c4, a leaf, to c1):
    // Black has 6 + 3 + 6 captured = 15. White's hidden goal piece cannot be 8 or 9 (shown
    // elsewhere), so White has at most 7 + 7 captured = 14: Black wins, scores unknown.
    let mut g = pos(
        &[
            ("g7", "W?"),
            ("a5", "W9"),
            ("a6", "W8"),
            ("a1", "B6"),
            ("c4", "B3"),
        ],
        11,
    );
    let events = g.play(mv("c4-c1")).unwrap();
    assert_eq!(
        outcome_of(&events),
        Some(Outcome {
            winner: Some(Seat::B),
            reason: EndReason::GoalReached,
            scores: None,
        })
    );
}

#[test]
fn subulata_hidden_values_never_leak() {
    let mut g1 = Subulata::start(RS, 7);
    let mut g2 = g1.clone();
    g1.arrange(Seat::B, [1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
    g2.arrange(Seat::B, [9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
    // Same White values in both games; only Black's differ.
    g1.arrange(Seat::A, [1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
    g2.arrange(Seat::A, [1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
    assert_ne!(g1, g2);
    assert_ne!(
        g1.to_notation(Viewer::Seat(Seat::B)),
        g2.to_notation(Viewer::Seat(Seat::B))
    );
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(99);
    for _ in 0..40 {
        for viewer in [Viewer::Public, Viewer::Seat(Seat::A)] {
            assert_eq!(g1.to_notation(viewer), g2.to_notation(viewer));
            assert_eq!(g1.text_grid(viewer), g2.text_grid(viewer));
        }
        let public = g1.to_notation(Viewer::Public);
        for token in ["W1", "W2", "W9", "B1", "B5", "B9"] {
            assert!(!public.contains(token), "{public}");
        }
        let board = g1.text_grid(Viewer::Public);
        assert!(!board.contains("W1") && !board.contains("B9"), "{board}");
        // Each seat sees its own values only.
        assert!(!g1.to_notation(Viewer::Seat(Seat::A)).contains("B1"));
        assert!(!g1.to_notation(Viewer::Seat(Seat::B)).contains("W1"));
        let moves = g1.legal_moves();
        assert_eq!(moves, g2.legal_moves());
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let e1 = g1.play(m).unwrap();
        let e2 = g2.play(m).unwrap();
        if outcome_of(&e1).is_some() {
            break;
        }
        assert_eq!(e1, e2, "events must not depend on hidden values");
    }
    // Same pieces, values differing only for Black: Black's view differs, White's does not.
    let a = pos(&[("a1", "W1"), ("c3", "B4"), ("e5", "B2")], 2);
    let b = pos(&[("a1", "W1"), ("c3", "B2"), ("e5", "B4")], 2);
    assert_eq!(
        a.to_notation(Viewer::Seat(Seat::A)),
        b.to_notation(Viewer::Seat(Seat::A))
    );
    assert_eq!(
        a.text_grid(Viewer::Seat(Seat::A)),
        b.text_grid(Viewer::Seat(Seat::A))
    );
    assert_ne!(
        a.to_notation(Viewer::Seat(Seat::B)),
        b.to_notation(Viewer::Seat(Seat::B))
    );
    assert_eq!(
        a.piece_for(sq("c3"), Viewer::Seat(Seat::A)),
        Some(Piece {
            seat: Seat::B,
            value: None
        })
    );
}

// ---------------------------------------------------------------- arrangement

#[test]
fn subulata_arrangement_order() {
    let mut g = Subulata::start(RS, 3);
    let values = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    g.arrange(Seat::A, values).unwrap();
    g.arrange(Seat::B, values).unwrap();
    let white = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    let black = ["i9", "h9", "g9", "i8", "h8", "g8", "i7", "h7", "g7"];
    for (k, (w, b)) in white.iter().zip(black).enumerate() {
        let v = Some(k as u8 + 1);
        assert_eq!(
            g.piece(sq(w)),
            Some(Piece {
                seat: Seat::A,
                value: v
            })
        );
        assert_eq!(
            g.piece(sq(b)),
            Some(Piece {
                seat: Seat::B,
                value: v
            })
        );
    }
    assert_eq!(g.arrangement(Seat::A), values.map(Some));
    assert_eq!(g.arrangement(Seat::B), values.map(Some));
    assert_eq!(
        Subulata::start_cells(Seat::B).map(|s| s.name()),
        black.map(String::from)
    );
    assert!(
        g.to_notation(Viewer::Final)
            .contains("6B3B2B1/6B6B5B4/6B9B8B7")
    );
    assert!(
        g.to_notation(Viewer::Final)
            .contains("W7W8W96/W4W5W66/W1W2W36")
    );
}

#[test]
fn subulata_arrangement_is_validated() {
    let mut g = Subulata::start(RS, 3);
    let before = g.clone();
    for bad in [
        [1, 1, 3, 4, 5, 6, 7, 8, 9],
        [0, 2, 3, 4, 5, 6, 7, 8, 9],
        [10, 2, 3, 4, 5, 6, 7, 8, 9],
        [9; 9],
    ] {
        assert!(
            matches!(g.arrange(Seat::A, bad), Err(ArrangeError::BadValues(_))),
            "{bad:?}"
        );
        assert!(matches!(
            g.arrange(Seat::B, bad),
            Err(ArrangeError::BadValues(_))
        ));
    }
    assert_eq!(g, before);
    // Re-arranging is allowed before the first move.
    g.arrange(Seat::A, [9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
    g.arrange(Seat::A, [5, 8, 7, 6, 9, 4, 3, 2, 1]).unwrap();
    assert_eq!(g.arrangement(Seat::A)[0], Some(5));
}

#[test]
fn subulata_arrangement_locks_at_the_players_first_move() {
    let mut g = Subulata::start(RS, 3);
    let values = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    assert!(g.can_arrange(Seat::A) && g.can_arrange(Seat::B));
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    assert_eq!(g.arrange(Seat::A, values), Err(ArrangeError::Locked));
    assert!(!g.can_arrange(Seat::A));
    // Black may still arrange at ply 1.
    g.arrange(Seat::B, values).unwrap();
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    assert_eq!(g.arrange(Seat::B, values), Err(ArrangeError::Locked));
    assert_eq!(g.arrange(Seat::A, values), Err(ArrangeError::Locked));
    // A position at ply 0 whose pieces are not on their start tile cannot be arranged.
    let mut g = pos(&[("e5", "W1"), ("e6", "B1")], 0);
    assert_eq!(g.arrange(Seat::A, values), Err(ArrangeError::Locked));
}

#[test]
fn subulata_arrangement_fills_hidden_values() {
    let start = Subulata::start(RS, 11);
    let public = start.to_notation(Viewer::Public);
    let mut g = Subulata::from_notation(RS, &public).unwrap();
    assert_eq!(g.arrangement(Seat::A), [None; 9]);
    g.arrange(Seat::A, [1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
    assert_eq!(g.arrangement(Seat::A)[8], Some(9));
    assert_eq!(g.arrangement(Seat::B), [None; 9]);
}

// ---------------------------------------------------------------- notation

#[test]
fn subulata_notation_round_trips() {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(5);
    for seed in 0..30 {
        let mut g = Subulata::start(RS, seed);
        loop {
            for viewer in [
                Viewer::Final,
                Viewer::Public,
                Viewer::Seat(Seat::A),
                Viewer::Seat(Seat::B),
            ] {
                let text = g.to_notation(viewer);
                let back = Subulata::from_notation(RS, &text).unwrap();
                assert_eq!(back.to_notation(viewer), text);
                // Unknown values print as '?' whoever looks.
                assert_eq!(back.to_notation(Viewer::Final), text);
                if viewer == Viewer::Final {
                    assert_eq!(back, g);
                }
                assert_eq!(back.legal_moves(), g.legal_moves());
            }
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn subulata_notation_is_forgiving_only_where_documented() {
    let lower = EXAMPLE_4
        .replace('W', "w")
        .replace('B', "b")
        .replace("r0", "R0");
    let g = Subulata::from_notation(RS, &format!("  {lower}  ")).unwrap();
    assert_eq!(g.to_notation(Viewer::Final), EXAMPLE_4);
}

fn position_error(text: &str) -> PositionError {
    match Subulata::from_notation(RS, text) {
        Err(e) => e,
        Ok(g) => panic!("{text:?} parsed as {}", g.to_notation(Viewer::Final)),
    }
}

#[test]
fn subulata_notation_errors_are_typed() {
    let ranks = "9/9/9/9/4B14/9/9/9/W18";
    let ok = format!("{IDENT} {ranks} w 0");
    assert!(Subulata::from_notation(RS, &ok).is_ok());

    assert!(matches!(
        position_error(""),
        PositionError::MissingField { .. }
    ));
    assert!(matches!(
        position_error("   "),
        PositionError::MissingField { .. }
    ));
    assert!(matches!(
        position_error(IDENT),
        PositionError::MissingField { .. }
    ));
    assert!(matches!(
        position_error(&format!("{IDENT} {ranks}")),
        PositionError::MissingField { .. }
    ));
    assert!(matches!(
        position_error(&format!("{IDENT} {ranks} w")),
        PositionError::MissingField { .. }
    ));
    assert_eq!(
        position_error(&format!("{ok} extra")),
        PositionError::Trailing("extra".into())
    );

    let bad_field = |text: String, want: &str| match position_error(&text) {
        PositionError::BadField {
            field, expected, ..
        } => {
            assert_eq!(field, want, "{text}");
            assert!(!expected.is_empty());
        }
        other => panic!("{text}: {other:?}"),
    };
    for tiles in [
        "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0",
        "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0,1r0",
    ] {
        bad_field(format!("{tiles} {ranks} w 0"), "tiles");
    }
    for tiles in [
        "1r4,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
        "0r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
        "10r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
        "1,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
        "1r0,,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
        "1é0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0",
    ] {
        bad_field(format!("{tiles} {ranks} w 0"), "tile");
    }
    assert!(matches!(
        position_error(&format!("1r0,1r1,3r0,4r0,5r0,6r0,7r0,8r0,9r0 {ranks} w 0")),
        PositionError::Inconsistent(_)
    ));

    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9 w 0"), "ranks");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/9/9 w 0"), "ranks");
    bad_field(format!("{IDENT} 8/9/9/9/9/9/9/9/9 w 0"), "rank 9");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/91 w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/W19 w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/W08 w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/X18 w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/08 w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/W w 0"), "rank 1");
    bad_field(format!("{IDENT} 9/9/9/9/9/9/9/9/é8 w 0"), "rank 1");
    bad_field(
        format!("{IDENT} 9/9/9/9/9/9/9/9/99999999999999999999999 w 0"),
        "rank 1",
    );
    bad_field(format!("{IDENT} {ranks} x 0"), "side to move");
    bad_field(format!("{IDENT} {ranks} white 0"), "side to move");
    bad_field(format!("{IDENT} {ranks} w -2"), "ply");
    bad_field(format!("{IDENT} {ranks} w +2"), "ply");
    bad_field(format!("{IDENT} {ranks} w 1.5"), "ply");
    bad_field(format!("{IDENT} {ranks} w 99999999999999999999"), "ply");

    assert!(matches!(
        position_error(&format!("{IDENT} {ranks} b 0")),
        PositionError::Inconsistent(_)
    ));
    assert!(matches!(
        position_error(&format!("{IDENT} {ranks} w 7")),
        PositionError::Inconsistent(_)
    ));
    assert!(matches!(
        position_error(&format!("{IDENT} 9/9/9/9/4B14/9/9/9/W1W17 w 0")),
        PositionError::Inconsistent(_)
    ));
    assert!(matches!(
        position_error(&format!("{IDENT} W?W?W?W?W?W?W?W?W?/9/9/9/9/9/9/9/W?8 w 0")),
        PositionError::Inconsistent(_)
    ));
    // Hidden values may repeat.
    assert!(Subulata::from_notation(RS, &format!("{IDENT} 9/9/9/9/4B?4/9/9/9/W?W?7 w 0")).is_ok());
    // A long bad field is shortened in the message.
    let long = "x".repeat(10_000);
    if let PositionError::BadField { found, .. } =
        position_error(&format!("{IDENT} {ranks} {long} 0"))
    {
        assert!(found.len() < 50);
    } else {
        panic!("expected BadField");
    }
}

#[test]
fn subulata_notation_never_panics_on_garbage() {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(17);
    let valid = Subulata::start(RS, 1).to_notation(Viewer::Final);
    let alphabet: Vec<char> = "0123456789wbWBrR?/, -x\u{e9}\u{1F600}\t".chars().collect();
    for _ in 0..20_000 {
        let mut chars: Vec<char> = valid.chars().collect();
        for _ in 0..rng.random_range(1..6) {
            let i = rng.random_range(0..chars.len());
            match rng.random_range(0..3) {
                0 => chars[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
            if chars.is_empty() {
                break;
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(g) = Subulata::from_notation(RS, &text) {
            let again = g.to_notation(Viewer::Final);
            let back = Subulata::from_notation(RS, &again).unwrap();
            assert_eq!(back, g);
            let _ = g.text_grid(Viewer::Public);
            let _ = g.status();
        }
        let _ = notation::parse_move(&text);
    }
    for _ in 0..5_000 {
        let len = rng.random_range(0..40);
        let text: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = Subulata::from_notation(RS, &text);
        let _ = notation::parse_move(&text);
    }
}

#[test]
fn subulata_moves_parse_forgivingly_and_print_exactly() {
    let g = Subulata::start(RS, 0);
    let want = Move {
        from: sq("c3"),
        to: sq("c5"),
    };
    for text in [
        "c3-c5",
        "C3C5",
        "c3 c5",
        " c3 - c5 ",
        "c3xc5",
        "C3-C5",
        "c3:c5",
    ] {
        assert_eq!(g.parse_move(text), Ok(want), "{text}");
    }
    assert_eq!(want.to_string(), "c3-c5");
    for bad in [
        "", "c3", "c3-", "j1-j2", "c3-c10", "a0-a1", "ä1-b2", "c3-c5-c7", "hello",
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Syntax { input, expected }) => {
                assert_eq!(input, bad.trim());
                assert!(expected.to_string().contains("c3-c5"), "{expected}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- text board

#[test]
fn subulata_text_grid_is_tidy() {
    let g = Subulata::from_notation(RS, EXAMPLE_4).unwrap();
    let expected = "    a   b   c     d   e   f     g   h   i
  +-------------+-------------+-------------+
9 | w   f   l   | l   l   lW2 | w   w   fW6 | 9
8 | f   l   w   | w   w   w   | w   f   lW4 | 8
7 | l   w   f   | f   f   f   | f   l   l   | 7
  +-------------+-------------+-------------+
6 | f   w   f   | l   f   w   | w   l   w   | 6
5 | l   w   l   | l   fB1 w   | f   f   f   | 5
4 | f   w   l   | lB3 f   w   | l   w   l   | 4
  +-------------+-------------+-------------+
3 | f   l   f   | w   f   f   | f   f   w   | 3
2 | l   wB5 l   | l   w   f   | l   l   w   | 2
1 | fB9 w   w   | l   l   w   | w   f   l   | 1
  +-------------+-------------+-------------+
    a   b   c     d   e   f     g   h   i";
    assert_eq!(g.text_grid(Viewer::Final), expected);
    let public = g.text_grid(Viewer::Public);
    assert!(
        public.contains("lW? |") && public.contains("fB? w"),
        "{public}"
    );
    for viewer in [Viewer::Public, Viewer::Seat(Seat::A), Viewer::Final] {
        let grid = Subulata::start(RS, 9).text_grid(viewer);
        assert!(grid.lines().all(|l| !l.ends_with(' ')), "{grid}");
    }
}

// ---------------------------------------------------------------- random games

#[test]
fn subulata_random_games_end_and_every_listed_move_plays() {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(2024);
    let mut ends = [0usize; 2];
    let mut winners = [0usize; 3];
    for game in 0..300u64 {
        let mut g = Subulata::start(RS, rng.next_u64());
        let mut buf = Vec::new();
        let mut plies = 0;
        loop {
            let moves = g.legal_moves();
            g.legal_moves_into(&mut buf);
            assert_eq!(moves, buf);
            if let Status::Over(o) = g.status() {
                assert!(moves.is_empty());
                assert!(o.scores.is_some());
                ends[usize::from(o.reason == EndReason::NoLegalMove)] += 1;
                winners[o.winner.map_or(2, Seat::index)] += 1;
                break;
            }
            assert_eq!(
                g.status(),
                Status::Move {
                    seat: g.side_to_move()
                }
            );
            assert!(!moves.is_empty());
            if game < 10 {
                // Legality check and generation agree on every pair of cells.
                let listed: std::collections::HashSet<Move> = moves.iter().copied().collect();
                for from in 0..81 {
                    for to in 0..81 {
                        let m = Move {
                            from: Square::from_index(from, 9),
                            to: Square::from_index(to, 9),
                        };
                        assert_eq!(g.check(m).is_ok(), listed.contains(&m), "{m}");
                    }
                }
            }
            let m = moves[rng.random_range(0..moves.len())];
            let seat = g.side_to_move();
            let events = g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            let moved = events
                .iter()
                .filter(|e| matches!(e, Event::Moved { .. }))
                .count();
            assert_eq!(moved, 1);
            assert_eq!(
                events[0],
                Event::Moved {
                    seat,
                    from: m.from.index(9) as Cell,
                    to: Some(m.to.index(9) as Cell),
                }
            );
            assert_eq!(
                outcome_of(&events).is_some(),
                g.status().outcome().is_some()
            );
            plies += 1;
            assert!(plies < 2_000, "game {game} does not end");
        }
        assert_eq!(g.play(mv("a1-a2")), Err(MoveError::GameOver));
    }
    // Both end conditions happen in random play.
    assert!(ends[0] > 0 && ends[1] > 0, "{ends:?}");
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
}

// ---------------------------------------------------------------- through the shared core

#[test]
fn subulata_records_replay_through_match() {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(8);
    let (mut m, events) = crate::Match::new(RS, 77, &mut rng);
    assert!(events.is_empty());
    m.arrange(Seat::B, [3, 1, 2, 4, 5, 6, 7, 8, 9]).unwrap();
    m.arrange(Seat::A, [9, 1, 2, 4, 5, 6, 7, 8, 3]).unwrap();
    for _ in 0..12 {
        let moves = m.position().legal_moves();
        let Some(text) = moves.first() else { break };
        // Players type moves loosely; the record keeps the canonical form.
        let loose = text.to_uppercase().replace('-', " ");
        m.play(&loose, &mut rng).unwrap();
    }
    let replayed = crate::Match::from_record(m.record().clone()).unwrap();
    assert_eq!(replayed.position(), m.position());
    let json = serde_json::to_string(m.position()).unwrap();
    let back: crate::Position = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, m.position());
}

//! Moves and captures: the start positions and their move counts, rook moves and the
//! restricted squares, soldiers taken between two enemies (the armed king, hostile corners,
//! the throne's hostility), and the king's capture by each variant's rule.

use super::*;
use crate::{MoveError, Refusal, Status};

/// The start position of `variant` with the defenders to move instead.
fn start_defenders_to_move(variant: Variant) -> Tafl {
    let text = Tafl::new(variant)
        .position_string()
        .replace(" a 0 -", " d 1 -");
    Tafl::read_position(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Why `text` is refused in `game` (which must refuse it, and stay unchanged).
fn refusal(game: &Tafl, text: &str) -> Refusal {
    let mut copy = game.clone();
    let mv = copy
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let reason = match copy.play(mv) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(&copy, game, "a refused move changes nothing");
    reason
}

/// A square name as a refusal names it.
fn sq(name: &str) -> String {
    name.to_string()
}

/// No capture.
const NONE: [&str; 0] = [];

#[test]
fn start_positions_and_their_move_counts() {
    let c = Tafl::copenhagen();
    assert_eq!(
        c.position_string(),
        "3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3 a 0 -"
    );
    assert_eq!(c.legal_moves().len(), 116);
    let moves = start_defenders_to_move(Variant::Copenhagen).legal_moves();
    assert_eq!(moves.len(), 60);
    let b = Tafl::brandubh();
    assert_eq!(b.position_string(), "3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3 a 0 -");
    assert_eq!(b.legal_moves().len(), 40);
    assert_eq!(
        start_defenders_to_move(Variant::Brandubh)
            .legal_moves()
            .len(),
        24
    );
    for (game, attackers, defenders) in [(c, 24, 12), (b, 8, 4)] {
        assert_eq!(game.status(), Status::Move { seat: Seat::A });
        assert_eq!(game.count(Piece::Attacker), attackers);
        assert_eq!(game.count(Piece::Defender), defenders);
        assert_eq!(game.count(Piece::King), 1);
        assert_eq!(game.king(), Some(game.throne()));
        assert_eq!(game.captured(Seat::A), 0);
        assert_eq!(game.captured(Seat::B), 0);
        assert_eq!(game.ply(), 0);
        assert!(game.history().is_empty());
    }
}

#[test]
fn pieces_move_like_rooks_without_jumping() {
    let game = diagram(
        Variant::Brandubh,
        'd',
        "
        # . . . . . #
        . . . . . . .
        . . . . . . .
        . D . + . . K
        . . . . . . .
        A . . . . . .
        # . . . . . .
        ",
    );
    assert_eq!(refusal(&game, "b4-c5"), Refusal::TaflNotStraight);
    assert_eq!(refusal(&game, "b4-b4"), Refusal::TaflStandStill);
    assert_eq!(
        refusal(&game, "g4-a4"),
        Refusal::PathBlocked { square: sq("b4") }
    );
    assert_eq!(
        refusal(&game, "b4-g4"),
        Refusal::Occupied { square: sq("g4") }
    );
    assert_eq!(
        refusal(&game, "c3-c4"),
        Refusal::NoPiece { square: sq("c3") }
    );
    assert_eq!(
        refusal(&game, "a2-a3"),
        Refusal::TaflNotYours {
            square: sq("a2"),
            owner: Seat::A
        }
    );
    assert!(matches!(
        game.parse_move("b4-h4"),
        Err(MoveError::Syntax { .. })
    ));
    // Every listed move is a rook move to an empty square with a clear path.
    let listed: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    assert!(listed.contains(&"b4-b7".to_string()));
    assert!(listed.contains(&"b4-b1".to_string()));
    assert!(listed.contains(&"g4-g7".to_string()));
    assert!(
        listed.contains(&"g4-d4".to_string()),
        "the king stops on the throne"
    );
    assert!(
        !listed.contains(&"b4-d4".to_string()),
        "a soldier passes it only"
    );
    assert_eq!(listed.len(), 10 + 10, "{listed:?}");
}

#[test]
fn only_the_king_stops_on_the_throne_and_the_corners_and_any_piece_passes_the_empty_throne() {
    let mut game = diagram(
        Variant::Brandubh,
        'd',
        "
        # . . . . . #
        . . . . . . .
        . . . K . . .
        . D . + . . .
        . . . . . . .
        A . . . . . .
        # . . . . . .
        ",
    );
    assert_eq!(
        refusal(&game, "b4-d4"),
        Refusal::ThroneForKing { square: sq("d4") }
    );
    assert_eq!(
        play_captures(&mut game, "b4-f4"),
        NONE,
        "over the empty throne"
    );
    assert_eq!(
        refusal(&game, "a2-a1"),
        Refusal::CornerForKing { square: sq("a1") }
    );
    play(&mut game, "a2-a3");
    // The king may return to the throne, and stop on a corner.
    let mut back = game.clone();
    play(&mut back, "d5-d4");
    assert_eq!(back.king(), Some(back.throne()));
    play(&mut game, "d5-a5");
    play(&mut game, "a3-b3");
    play(&mut game, "a5-a7");
    assert_eq!(game.finish(), finish(Some(Seat::B), Ending::KingEscaped));
    assert_eq!(
        game.status(),
        Status::Over(crate::Outcome {
            winner: Some(Seat::B),
            reason: crate::EndReason::KingEscaped,
            scores: None
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.clone()
            .play(Move::new(Square::new(1, 2), Square::new(1, 1))),
        Err(MoveError::GameOver)
    );
}

#[test]
fn soldiers_are_taken_between_two_enemies_and_the_edge_never_helps() {
    let mut game = diagram(
        Variant::Brandubh,
        'a',
        "
        # . . . . . #
        . . . . . K .
        . . . . . . .
        . . . + . . .
        D . D . . . .
        . A . D A . .
        # . . . . . .
        ",
    );
    // c2 and e2 take d2; c3 stays (no attacker beyond it); a3 stays (the edge is no anvil).
    assert_eq!(play_captures(&mut game, "b2-c2"), vec!["d2"]);
    assert_eq!(at(&game, "c3"), Some(Piece::Defender));
    play(&mut game, "f6-f7");
    assert_eq!(play_captures(&mut game, "c2-b2"), NONE);
    play(&mut game, "f7-f6");
    assert_eq!(play_captures(&mut game, "b2-b3"), NONE, "a3 is on the edge");
    assert_eq!(at(&game, "a3"), Some(Piece::Defender));
    assert_eq!(game.count(Piece::Defender), 2);
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let mut game = diagram(
        Variant::Brandubh,
        'a',
        "
        # . . A . . #
        . . . . . K .
        . . . . . . .
        . . . + . . .
        . . . . . . .
        . . D . D . .
        # . . . . . #
        ",
    );
    assert_eq!(
        play_captures(&mut game, "d7-d2"),
        NONE,
        "over the throne, between two"
    );
    assert_eq!(at(&game, "d2"), Some(Piece::Attacker));
}

#[test]
fn the_king_is_armed_and_one_move_takes_three() {
    let mut game = diagram(
        Variant::Copenhagen,
        'd',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . D . . . . . .
        . . . . A + . . . . .
        . . K . . A D . . . .
        . . . . A . . . . . .
        . . . . D . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . A #
        ",
    );
    assert_eq!(play_captures(&mut game, "c5-e5"), vec!["e4", "e6", "f5"]);
    assert_eq!(game.count(Piece::Attacker), 1);
    // The king is also the far piece: d5 between him and a defender moving to c5.
    let mut anvil = diagram(
        Variant::Copenhagen,
        'd',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . A K . . . . . .
        . . D . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . A #
        ",
    );
    assert_eq!(play_captures(&mut anvil, "c4-c5"), vec!["d5"]);
}

#[test]
fn corners_are_hostile_to_both_sides() {
    let mut game = diagram(
        Variant::Brandubh,
        'd',
        "
        # D . . . . #
        . . A . . . .
        . . . . . . .
        . . . + . . .
        . . . K . . .
        . . . . . . .
        # A . D . . #
        ",
    );
    assert_eq!(
        play_captures(&mut game, "d1-c1"),
        vec!["b1"],
        "a1 is hostile to attackers"
    );
    assert_eq!(
        play_captures(&mut game, "c6-c7"),
        vec!["b7"],
        "a7 is hostile to defenders"
    );
}

#[test]
fn the_throne_is_hostile_to_attackers_always_and_to_defenders_only_when_empty() {
    let picture = |king: &str| {
        format!(
            "
            # . . . . . #
            . . . . . . .
            . . . . . . .
            . . . {king} . . .
            . . . D . . .
            . . . . . . .
            # . . A . . #
            "
        )
    };
    // An empty throne takes a defender...
    let mut empty = diagram(
        Variant::Brandubh,
        'a',
        "
        # . . . . . #
        . . . . . . K
        . . . . . . .
        . . . + . . .
        . . . D . . .
        . . . . . . .
        # . . A . . #
        ",
    );
    assert_eq!(play_captures(&mut empty, "d1-d2"), vec!["d3"]);
    // ...but not with the king on it.
    let mut occupied = diagram(Variant::Brandubh, 'a', &picture("K"));
    assert_eq!(play_captures(&mut occupied, "d1-d2"), NONE);
    // An attacker is taken against the empty throne and against the king on it.
    for (king_square, king_row) in [("g6", "+"), ("d4", "K")] {
        let mut game = diagram(
            Variant::Brandubh,
            'd',
            &format!(
                "
                # . . . . . #
                . . . . . . {}
                . . . . . . .
                . . . {king_row} . . .
                . . . A . . .
                . . . . . . .
                # . . D . . #
                ",
                if king_square == "g6" { "K" } else { "." }
            ),
        );
        assert_eq!(
            play_captures(&mut game, "d1-d2"),
            vec!["d3"],
            "king on {king_square}"
        );
    }
}

#[test]
fn copenhagen_king_is_taken_by_four_or_three_and_the_throne() {
    let v = Variant::Copenhagen;
    // Four attackers, the last one moving in.
    let mut four = diagram(
        v,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . A . . . . . . .
        . . A K A . . . . . .
        . . . . . . . . . . .
        . . . A . . . . . . D
        # . . . . . . . . . #
        ",
    );
    let mut three = four.clone();
    let events = play(&mut four, "d2-d3");
    assert_eq!(captured(&four, &events), vec!["d4"]);
    assert_eq!(four.king(), None);
    assert_eq!(four.finish(), finish(Some(Seat::A), Ending::KingCaptured));
    // Three and an empty square is not enough.
    assert_eq!(play_captures(&mut three, "d2-e2"), NONE);
    assert!(three.king().is_some());
    // Three and the throne, next to the throne.
    let mut throne = diagram(
        v,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . . A K + . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . D
        # . . . . . . . . . #
        ",
    );
    play(&mut throne, "e4-e5");
    assert_eq!(throne.finish(), finish(Some(Seat::A), Ending::KingCaptured));
    // On the throne: four attackers; three and an empty square do not take him.
    let on_throne = "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        . . . . A K A . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . D
        # . . . . . . . . . #
        ";
    let mut game = diagram(v, 'a', on_throne);
    play(&mut game, "f4-f5");
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::KingCaptured));
    let mut game = diagram(v, 'a', on_throne);
    play(&mut game, "f4-g4");
    assert!(game.king().is_some());
}

#[test]
fn copenhagen_king_is_never_taken_by_two_nor_on_the_edge_nor_without_a_move_next_to_him() {
    let v = Variant::Copenhagen;
    let mut two = diagram(
        v,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . A K . . . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . . . . . . . . . D
        # . . . . . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut two, "e3-e4"), NONE);
    assert!(two.king().is_some());
    // Three attackers and the edge: the king on the edge cannot be captured.
    let mut edge = diagram(
        v,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        A . . . . . . . . . .
        K . . . . + . . . . .
        A . . . . . . . . . .
        . . . . . . . . . . .
        . . A . . . . . . . .
        . . . . . . . . . . D
        # . . . . . . . . . #
        ",
    );
    play(&mut edge, "c3-c6");
    play(&mut edge, "k2-k3");
    assert_eq!(play_captures(&mut edge, "c6-b6"), NONE);
    assert_eq!(edge.king().map(|k| k.name()), Some("a6".to_string()));
    assert_eq!(edge.finish(), None);
    // The king walks in between three attackers: he is taken only when an attacker then
    // moves next to him.
    let mut walk = diagram(
        v,
        'd',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . A . . . . . . . .
        . A . A . + . . . . .
        . . K . . . . . . . .
        . . . . . . . . . . .
        . . . . . . A . . . .
        . . . . . . . . . . D
        # . . . . . . . . . #
        ",
    );
    play(&mut walk, "c5-c6");
    assert_eq!(play_captures(&mut walk, "g3-h3"), NONE);
    play(&mut walk, "k2-k3");
    assert_eq!(
        play_captures(&mut walk, "h3-c3"),
        NONE,
        "c3 is not next to him"
    );
    play(&mut walk, "k3-k2");
    let events = play(&mut walk, "c3-c5");
    assert_eq!(captured(&walk, &events), vec!["c6"]);
    assert_eq!(walk.finish(), finish(Some(Seat::A), Ending::KingCaptured));
}

#[test]
fn brandubh_king_off_the_throne_is_taken_like_a_soldier_even_on_the_edge() {
    let v = Variant::Brandubh;
    let taken = |picture: &str, mv: &str| {
        let mut game = diagram(v, 'a', picture);
        play(&mut game, mv);
        game.finish() == finish(Some(Seat::A), Ending::KingCaptured)
    };
    // Between two attackers, the moved one and one beyond him.
    let open = "
        # . . . . . #
        . A K . . . .
        . . . . . . D
        . . . + . . .
        . . . A . . .
        . . . . . . .
        # . . . . . #
        ";
    assert!(taken(open, "d3-d6"));
    // Two attackers across him, but not the moved one with one beyond: not like a soldier.
    let across = "
        # . . . . . #
        . A K A . . .
        . . . . . . D
        . . . + . . .
        . . A . . . .
        . . . . . . .
        # . . . . . #
        ";
    assert!(!taken(across, "c3-c5"));
    // On the edge.
    let edge = "
        # . . . . . #
        . . . . . . .
        . . . . . . D
        . . . + . . .
        K . . . . . .
        A . . . . . .
        # . . . . A #
        ";
    assert!(!taken(edge, "f1-f4"), "a move elsewhere takes nobody");
    let edge_taken = "
        # . . . . . #
        . . . . . . .
        . . . . . . D
        . A . + . . .
        K . . . . . .
        A . . . . . .
        # . . . . . #
        ";
    assert!(taken(edge_taken, "b4-a4"));
    // Between an attacker and a corner.
    let corner = "
        # . . . . . #
        . . . . . . .
        . . . . . . D
        . . . + . . .
        . . . . . . .
        . . . . . . .
        # K . A . . #
        ";
    assert!(taken(corner, "d1-c1"));
}

#[test]
fn brandubh_throne_never_counts_against_the_king_and_on_it_he_needs_four() {
    let v = Variant::Brandubh;
    // Beside the throne, an attacker on the far side of him from the throne does nothing.
    let mut beside = diagram(
        v,
        'a',
        "
        # . . . . . #
        . . . . A . .
        . . . K . . .
        . . . + . . .
        . . . . . . D
        . . . . . . .
        # . . . . . #
        ",
    );
    play(&mut beside, "e6-d6");
    assert!(
        beside.king().is_some(),
        "the throne does not count against him"
    );
    // Beside the throne, two attackers across him take him.
    let mut across = diagram(
        v,
        'a',
        "
        # . . . . . #
        . . . . A . .
        . . A K . . .
        . . . + . . .
        . . . . . . D
        . . . . . . .
        # . . . . . #
        ",
    );
    play(&mut across, "e6-e5");
    assert_eq!(across.finish(), finish(Some(Seat::A), Ending::KingCaptured));
    // On the throne: two across are not enough, four are.
    let on_throne = "
        # . . . . . #
        . . . . . . .
        . . . A . . .
        . . A K . . .
        . . . A . . D
        . . . . . A .
        # . . . . . #
        ";
    let mut three = diagram(v, 'a', on_throne);
    play(&mut three, "f2-f3");
    assert!(three.king().is_some());
    play(&mut three, "g3-g2");
    play(&mut three, "f3-f4");
    play(&mut three, "g2-g3");
    assert_eq!(play_captures(&mut three, "f4-e4"), vec!["d4"]);
    assert_eq!(three.finish(), finish(Some(Seat::A), Ending::KingCaptured));
    let mut two = diagram(
        v,
        'a',
        "
        # . . . . . #
        . . . . . . .
        . . . . . . .
        . . A K . . .
        . . . . . . D
        . . . . A . .
        # . . . . . #
        ",
    );
    play(&mut two, "e2-e4");
    assert!(
        two.king().is_some(),
        "two across the throne do not take him"
    );
}

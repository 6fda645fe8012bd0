//! Copenhagen shieldwalls: a run of two or more enemy pieces along an edge, each with a piece
//! of the mover directly inward, bracketed by the moved piece on one end and a piece of the
//! mover or a corner on the other, loses every piece but the king.

use super::*;

/// No capture.
const NONE: [&str; 0] = [];

/// A Copenhagen position, the attackers to move.
fn attackers(picture: &str) -> Tafl {
    diagram(Variant::Copenhagen, 'a', picture)
}

#[test]
fn a_wall_on_the_bottom_edge_closed_towards_the_west() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . A A . . . . . . .
        # A D D . . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "e3-e1"), vec!["c1", "d1"]);
}

#[test]
fn a_wall_on_the_bottom_edge_closed_towards_the_east() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . A . . . .
        . . . . . . . A A . .
        # . . . . . . D D A #
        ",
    );
    assert_eq!(play_captures(&mut game, "g3-g1"), vec!["h1", "i1"]);
}

#[test]
fn walls_on_both_sides_of_the_moved_piece_along_a_side_edge() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . A
        . . . . . . . . . A D
        . . . . . . . . . A D
        . . . . . K . A . . .
        . . . . . . . . . A D
        . . . . . . . . . A D
        . . . . . . . . . . A
        . . . . . . . . . . .
        # . . . . . . . . . #
        ",
    );
    assert_eq!(
        play_captures(&mut game, "h6-k6"),
        vec!["k4", "k5", "k7", "k8"]
    );
}

#[test]
fn a_wall_on_the_left_edge_closed_by_a_move_along_the_rank() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . A . . K . . . . .
        D A . . . . . . . . .
        D A . . . . . . . . .
        A . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "c6-a6"), vec!["a4", "a5"]);
}

#[test]
fn a_corner_is_the_far_bracket() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . A . . . . . . .
        . A A . . . . . . . .
        # D D . . . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "d3-d1"), vec!["b1", "c1"]);
}

#[test]
fn the_king_in_a_wall_stays_while_the_others_go() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        . . A A A . . . . . .
        # A D K D . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "f3-f1"), vec!["c1", "e1"]);
    assert_eq!(at(&game, "d1"), Some(Piece::King));
    assert_eq!(game.finish(), None, "a king on the edge is never captured");
}

#[test]
fn the_defenders_make_walls_too_with_the_king_inward() {
    let mut game = diagram(
        Variant::Copenhagen,
        'd',
        "
        # D A A . . . . . . #
        . . D K . . . . . . .
        . . . . D . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . A #
        ",
    );
    assert_eq!(play_captures(&mut game, "e9-e11"), vec!["c11", "d11"]);
}

#[test]
fn a_run_of_one_is_not_a_wall() {
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . A . . . . . . . . .
        . . A . . . . . . . .
        # . D D A . . . . . #
        ",
    );
    // c1 has an attacker inward, d1 does not: the run is c1 alone.
    assert_eq!(play_captures(&mut game, "b3-b1"), NONE);
    assert_eq!(game.count(Piece::Defender), 2);
}

#[test]
fn a_gap_inward_or_an_open_far_end_saves_the_wall() {
    let gap = "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . . A . . . . . . .
        # A D D . . . . . . #
        ";
    let mut game = attackers(gap);
    assert_eq!(play_captures(&mut game, "e3-e1"), NONE);
    let open_end = "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . A A . . . . . . .
        # . D D . . . . . . #
        ";
    let mut game = attackers(open_end);
    assert_eq!(play_captures(&mut game, "e3-e1"), NONE);
}

#[test]
fn a_wall_closed_by_a_piece_that_did_not_move_to_the_edge_does_not_capture() {
    // [choice] of RULES.md: only the moved piece, as an edge bracket, closes a shieldwall.
    let mut game = attackers(
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . A . . . . . . .
        . . . . . . . . . . .
        . . A . . . . . . . .
        # A D D A . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "d4-d2"), NONE);
    assert_eq!(at(&game, "c1"), Some(Piece::Defender));
    assert_eq!(at(&game, "d1"), Some(Piece::Defender));
    // Leaving the edge and coming back to it does close it.
    play(&mut game, "f6-f7");
    play(&mut game, "e1-e2");
    play(&mut game, "f7-f6");
    assert_eq!(play_captures(&mut game, "e2-e1"), vec!["c1", "d1"]);
}

#[test]
fn brandubh_has_no_shieldwall() {
    let mut game = diagram(
        Variant::Brandubh,
        'a',
        "
        # . . . . . #
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . A . . .
        . A A . . . .
        # D D . . . #
        ",
    );
    // In Copenhagen the corner would bracket b1 and c1.
    assert_eq!(play_captures(&mut game, "d3-d1"), NONE);
    assert_eq!(game.count(Piece::Defender), 2);
}

#[test]
fn the_moving_king_closes_a_wall_against_a_corner() {
    let mut game = diagram(
        Variant::Copenhagen,
        'd',
        "
        # A A . . . . . . . #
        . D D . . . . . . . .
        . . . K . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . A #
        ",
    );
    assert_eq!(play_captures(&mut game, "d9-d11"), vec!["b11", "c11"]);
}

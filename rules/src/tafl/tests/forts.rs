//! Copenhagen exit forts: each condition of RULES.md's test, forts that look closed but can
//! be broken, and the test itself only after a defender move.

use super::*;
use crate::tafl::geometry::{Bits, bit};

/// The king on f1 with room on f2, walled by e1 g1 e2 g2 f3; e3 (moved from e5) holds f3.
const SMALL_FORT: &str = "
    # . . . . . . . . . #
    . . . . . A . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . + . . . . .
    . . . . D . . . . . .
    . . . . . . . . . . .
    . . . . . D . . . . .
    . . . . D . D . . . .
    # . . . D K D . . . #
    ";

/// A Copenhagen position, the defenders to move.
fn defenders(picture: &str) -> Tafl {
    diagram(Variant::Copenhagen, 'd', picture)
}

#[test]
fn a_fort_the_attackers_can_never_break_wins_on_the_defender_move_that_makes_it() {
    let mut game = defenders(SMALL_FORT);
    assert_eq!(game.finish(), None);
    play(&mut game, "e5-e3");
    assert_eq!(game.finish(), finish(Some(Seat::B), Ending::ExitFort));
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(crate::EndReason::ExitFort)
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_wall_piece_with_an_open_row_breaks_the_fort() {
    // Without e3, attackers on e3 and g3 could take f3.
    let mut game = defenders(SMALL_FORT);
    play(&mut game, "e5-e4");
    assert_eq!(game.finish(), None);
}

#[test]
fn an_attacker_next_to_the_kings_room_is_no_fort() {
    let mut game = defenders(&SMALL_FORT.replace(
        ". . . . D . D . . . .\n    # . . . D K D",
        ". . . . D . A . . . .\n    # . . . D K D",
    ));
    assert_eq!(at(&game, "g2"), Some(Piece::Attacker));
    play(&mut game, "e5-e3");
    assert_eq!(game.finish(), None);
}

#[test]
fn the_king_must_be_on_the_edge_and_have_room() {
    // The king on f2 with f1 empty: walled in, but not on the edge.
    let mut off_edge = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . D . . . . . .
        . . . . . . . . . . .
        . . . . . D . . . . .
        . . . . D K D . . . .
        # . . . D . D . . . #
        ",
    );
    play(&mut off_edge, "e5-e3");
    assert_eq!(off_edge.finish(), None);
    // The king on f1 with no empty square beside him.
    let mut no_room = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . D . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . D D D . . . .
        # . . . D K D . . . #
        ",
    );
    play(&mut no_room, "e5-e3");
    assert_eq!(no_room.finish(), None);
}

#[test]
fn a_fort_by_a_corner_holds_with_four_defenders() {
    let mut game = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . D . . . . . .
        . . D . . . . . . . .
        # D K . . . . . . . #
        ",
    );
    // I = c1 d1; walls b1 (the corner beside it is harmless: c1 is the king's), c2, d2, e1.
    play(&mut game, "e3-e1");
    assert_eq!(game.finish(), None, "d2 still open");
    let mut done = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . D . . . . . . .
        . . D . . . . . . . .
        # D K . D . . . . . #
        ",
    );
    play(&mut done, "d3-d2");
    assert_eq!(done.finish(), finish(Some(Seat::B), Ending::ExitFort));
}

#[test]
fn an_empty_throne_inside_the_fort_is_no_safe_neighbour() {
    // A wall across rank 5 shuts ranks 1-4 in: every wall piece has a defender beside it on
    // its rank and the room below it. A fort.
    let mut low = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . D
        . . . . . . . . . . .
        . . . . . + . . . . .
        D D D D D D D D D D .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . K . . . . #
        ",
    );
    play(&mut low, "k8-k5");
    assert_eq!(low.finish(), finish(Some(Seat::B), Ending::ExitFort));
    // Across rank 7 the empty throne f6 is inside: f7 stands between it and f8, and f8
    // (the twelfth defender) between two open squares, so attackers could take f8, then f7.
    let mut high = defenders(
        "
        # . . . . . . . . . #
        . . . . . A . . . . .
        . . . . . . . . . . D
        . . . . . D . . . . .
        D D D D D D D D D D .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . K . . . . #
        ",
    );
    play(&mut high, "k9-k7");
    assert_eq!(high.finish(), None);
}

#[test]
fn the_fort_is_tested_after_defender_moves_only() {
    let mut game = defenders(&SMALL_FORT.replace(
        "A . . . . .\n    . . . . . .",
        "A . . . . .\n    . D . . . .",
    ));
    play(&mut game, "e5-e3");
    assert_eq!(game.finish(), finish(Some(Seat::B), Ending::ExitFort));
    // The same board with the defenders to move (as after an attacker move) is no win yet...
    let board = game.position_string();
    let board = board.split(' ').next().unwrap_or_default();
    let mut waiting = Tafl::read_position(Variant::Copenhagen, &format!("{board} d 1 -"))
        .unwrap_or_else(|e| panic!("{board}: {e}"));
    assert_eq!(waiting.finish(), None);
    // ...until the defenders move and keep it (the spare defender on b9 moves).
    let mut broken = waiting.clone();
    play(&mut waiting, "b9-b8");
    assert_eq!(waiting.finish(), finish(Some(Seat::B), Ending::ExitFort));
    play(&mut broken, "e3-e4");
    assert_eq!(broken.finish(), None, "f3 lost its support");
}

#[test]
fn edge_runs_exposed_to_a_shieldwall_drop_out() {
    let game = Tafl::copenhagen();
    let cells = |names: &[&str]| -> Bits {
        names
            .iter()
            .map(|n| bit(cell(Variant::Copenhagen, n)))
            .fold(0, |a, b| a | b)
    };
    // c1 d1 with open squares inward and beyond both ends: exposed.
    let s = cells(&["c1", "d1"]);
    assert_eq!(game.exposed_edge_runs(s, s), s);
    // Beside a corner outside the fort: still exposed.
    let s = cells(&["b1", "c1"]);
    assert_eq!(game.exposed_edge_runs(s, s), s);
    // A safe square beyond one end saves the run.
    let s = cells(&["c1", "d1", "e1", "e2"]);
    assert_eq!(game.exposed_edge_runs(s, s) & cells(&["c1", "d1"]), 0);
    // A safe inward square takes a piece out of the run.
    let s = cells(&["c1", "d1", "d2"]);
    assert_eq!(
        game.exposed_edge_runs(s, s),
        0,
        "c1 alone, with d1 safe beyond it"
    );
    // The other edges.
    let s = cells(&["a5", "a6", "k3", "k4", "f11", "g11"]);
    assert_eq!(game.exposed_edge_runs(s, s), s);
}

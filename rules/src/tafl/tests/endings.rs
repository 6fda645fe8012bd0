//! The ends of the game besides the king's capture and the fort: encirclement, no legal
//! move, repetition (lost by the defenders in Copenhagen, drawn in Brandubh) and
//! Copenhagen's 400-ply draw.

use super::*;

/// The king on the throne with a defender below him; five attackers ring them, d1 closes.
const RING: &str = "
    # . . . . . #
    . . . . . . .
    . . . A . . .
    . . A K A . .
    . . A D A . .
    . . . . . . .
    # . . A . . #
    ";

#[test]
fn encirclement_of_every_defender_wins_for_the_attackers() {
    let mut game = diagram(Variant::Brandubh, 'a', RING);
    assert_eq!(play_captures(&mut game, "d1-d2"), Vec::<String>::new());
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::Encircled));
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(crate::EndReason::Encircled)
    );
}

#[test]
fn a_defender_outside_the_ring_or_a_ring_on_the_edge_is_no_encirclement() {
    let mut outside = diagram(
        Variant::Brandubh,
        'a',
        &RING.replace(
            "# . . . . . #\n    . . . . . . .",
            "# . . . . . #\n    . D . . . . .",
        ),
    );
    assert_eq!(at(&outside, "b6"), Some(Piece::Defender));
    play(&mut outside, "d1-d2");
    assert_eq!(outside.finish(), None);
    // A ring whose inside reaches the edge.
    let mut edge = diagram(
        Variant::Copenhagen,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . A . . . . . .
        . . . A K A . . . . .
        . . . A D A . . . . .
        # . . A . . . A . . #
        ",
    );
    // f1 closes the ring, but e1, inside it, is an edge square.
    play(&mut edge, "h1-f1");
    assert_eq!(edge.finish(), None);
}

#[test]
fn copenhagen_encirclement_around_the_throne() {
    let mut game = diagram(
        Variant::Copenhagen,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        . . . . A K A . . . .
        . . . . A D A . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        # . . . . . . . . . #
        ",
    );
    // The king on the throne shields f5 from the attacker arriving below it.
    assert_eq!(play_captures(&mut game, "f2-f4"), Vec::<String>::new());
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::Encircled));
}

#[test]
fn encirclement_is_tested_after_attacker_moves_only() {
    let mut ring = diagram(Variant::Brandubh, 'a', RING);
    play(&mut ring, "d1-d2");
    let board = ring.position_string();
    let board = board.split(' ').next().unwrap_or_default();
    let waiting = Tafl::read_position(Variant::Brandubh, &format!("{board} a 2 -"))
        .unwrap_or_else(|e| panic!("{board}: {e}"));
    assert_eq!(waiting.finish(), None, "the defenders moved last");
}

#[test]
fn a_player_without_a_legal_move_loses() {
    // The defenders shut the last attacker in.
    let mut game = diagram(
        Variant::Brandubh,
        'd',
        "
        # . . . . . #
        . . . . . . .
        . . . . K . .
        . D . + . . .
        D . . . . . .
        A . . . . . .
        # . . . . . #
        ",
    );
    assert_eq!(play_captures(&mut game, "b4-b2"), Vec::<String>::new());
    assert_eq!(game.finish(), finish(Some(Seat::B), Ending::NoLegalMove));
    assert!(game.legal_moves().is_empty());
    // The attackers shut the lone king in on the edge (where Copenhagen never takes him).
    let mut game = diagram(
        Variant::Copenhagen,
        'a',
        "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . + . . . . .
        . . . . . . . . . . .
        . . . . . A . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        # . . . A K A . . . #
        ",
    );
    play(&mut game, "f4-f2");
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::NoLegalMove));
}

/// A quiet position where both sides can shuffle a piece: the attacker a3-a2, the defender
/// g5-g6.
const SHUFFLE_BRANDUBH: &str = "
    # . . . . . #
    . . . . . . .
    . . . . . . D
    . . . K . . .
    A . . . . . .
    . . . . . . .
    # . . . . . #
    ";

/// Plays `moves` (space-separated) on `game`, checking the game is still on before each.
fn shuffle(game: &mut Tafl, moves: &str) {
    for mv in moves.split_whitespace() {
        assert_eq!(game.finish(), None, "before {mv}");
        play(game, mv);
    }
}

#[test]
fn copenhagen_third_occurrence_loses_for_the_defenders_whoever_makes_it() {
    let picture = "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        A . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . D #
        ";
    // The defenders' move makes the start position's third occurrence.
    let mut game = diagram(Variant::Copenhagen, 'a', picture);
    shuffle(&mut game, "a3-a4 j1-j2 a4-a3 j2-j1 a3-a4 j1-j2 a4-a3");
    play(&mut game, "j2-j1");
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::Repetition));
    assert_eq!(game.ply(), 8);
    // Starting with the defenders to move, the attackers' move makes it.
    let mut game = diagram(Variant::Copenhagen, 'd', picture);
    shuffle(&mut game, "j1-j2 a3-a4 j2-j1 a4-a3 j1-j2 a3-a4 j2-j1");
    play(&mut game, "a4-a3");
    assert_eq!(game.finish(), finish(Some(Seat::A), Ending::Repetition));
}

#[test]
fn brandubh_third_occurrence_is_a_draw() {
    let mut game = diagram(Variant::Brandubh, 'a', SHUFFLE_BRANDUBH);
    shuffle(&mut game, "a3-a2 g5-g6 a2-a3 g6-g5 a3-a2 g5-g6 a2-a3");
    play(&mut game, "g6-g5");
    assert_eq!(game.finish(), finish(None, Ending::Repetition));
    assert_eq!(game.status().outcome().map(|o| o.winner), Some(None));
}

#[test]
fn repetition_counts_the_same_side_to_move_only_and_restarts_after_a_capture() {
    // The attacker goes round a triangle while the defender goes back and forth: the board
    // comes back with the other side to move, which is another position.
    let mut game = diagram(Variant::Brandubh, 'a', SHUFFLE_BRANDUBH);
    let start = game.position_string();
    let board = start.split(' ').next().unwrap_or_default().to_string();
    shuffle(&mut game, "a3-b3 g5-g6 b3-c3 g6-g5 c3-a3");
    let now = game.position_string();
    assert!(now.starts_with(&format!("{board} d 5 ")), "{now}");
    assert_eq!(
        game.occurrences(),
        1,
        "the start board, but the defenders to move"
    );
    shuffle(&mut game, "g5-g6 a3-b3 g6-g5 b3-c3 g5-g6 c3-a3 g6-g5");
    assert!(
        game.position_string()
            .starts_with(&format!("{board} a 12 "))
    );
    assert_eq!(
        game.occurrences(),
        2,
        "the board a third time, a second time with the attackers to move"
    );
    assert_eq!(game.finish(), None);
    assert_eq!(game.history().len(), 12);
    // A capture clears the history: nothing before it can come back.
    let mut capture = diagram(
        Variant::Brandubh,
        'a',
        "
        # . . . . . #
        . . . . . A .
        . . . . . . D
        . . . K . . A
        A . . . . . .
        . . . . . . .
        # . . . . . #
        ",
    );
    shuffle(&mut capture, "a3-a2 d4-c4");
    assert_eq!(capture.history().len(), 2);
    assert_eq!(play_captures(&mut capture, "f6-g6"), vec!["g5"]);
    assert!(capture.history().is_empty());
    assert_eq!(capture.occurrences(), 1);
}

#[test]
fn copenhagen_is_drawn_after_400_plies_unless_the_400th_wins() {
    let picture = "
        # . . . . . . . . . #
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . K . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        A . . . . . . . . . .
        . . . . . . . . . . .
        # . . . . . . . . D #
        ";
    let mut game = diagram_at(Variant::Copenhagen, 'd', 399, picture);
    play(&mut game, "j1-j2");
    assert_eq!(game.ply(), 400);
    assert_eq!(game.finish(), finish(None, Ending::MoveLimit));
    assert!(game.legal_moves().is_empty());
    // The king on a corner with the 400th ply wins.
    let mut escape = diagram_at(
        Variant::Copenhagen,
        'd',
        399,
        &picture
            .replace(". . . . . K . . . . .", ". . . . . + . . . . .")
            .replace(
                "# . . . . . . . . . #\n        . . . . . . . . . . .",
                "# . . . . . . . . . #\n        . . . . . . . . . . K",
            ),
    );
    play(&mut escape, "k10-k11");
    assert_eq!(escape.finish(), finish(Some(Seat::B), Ending::KingEscaped));
    // Brandubh has no ply limit.
    let mut brandubh = diagram_at(Variant::Brandubh, 'd', 401, SHUFFLE_BRANDUBH);
    play(&mut brandubh, "g5-g6");
    assert_eq!(brandubh.finish(), None);
}

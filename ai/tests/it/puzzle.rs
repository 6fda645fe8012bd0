//! The tafl puzzle prover (`skald_ai::puzzle`): hand-made positions whose forced wins (or
//! their absence) a player can check on the board, and properties of every claimed proof.

use crate::common::random_position;
use proptest::prelude::*;
use skald_ai::puzzle::{ProverError, forced_win, unique_first_move};
use skald_rules::subulata::Subulata;
use skald_rules::tafl::Tafl;
use skald_rules::{EndReason, Family, Position, RuleSetId, Seat, Status};

/// A Brandubh position from its notation (7x7, corners a1, a7, g1, g7, throne d4).
fn brandubh(text: &str) -> Position {
    Position::from_notation(RuleSetId::Brandubh, text).expect("a valid Brandubh position")
}

/// The king on a3, a1 open below him, an attacker on a5 closing the way to a7: a3-a1 is the
/// only escape (with two attackers left, slower wins abound, so the test bound is 1).
const ONE_ESCAPE: &str = "7/4A2/A6/7/K6/7/7 d 11 -";

/// The king on a3 with the whole a-file open: a3-a1 and a3-a7 both escape.
const TWO_ESCAPES: &str = "7/4A2/7/7/K6/7/7 d 11 -";

/// The king on c5 with the top edge open: c5-c7 threatens a7 and g7 at once, and no attacker
/// can close both ways (c5-a5 likewise threatens a7 and a1).
const DOUBLE_THREAT: &str = "7/7/2K4/7/4A2/5A1/7 d 11 -";

/// The king on c2 walled in on three sides: his one move, c2-c1, threatens a1 through b1
/// (f1 closes the way to g1), and b2-b1 answers it.
const STOPPABLE: &str = "7/7/7/7/2A4/1AKA3/5A1 d 11 -";

/// The king on b5 under an attacker on b6: b2-b4 closes the sandwich and takes him.
const KING_TAKEN: &str = "7/1A5/1K5/7/7/1A5/7 a 10 -";

#[test]
fn a_single_escape_in_one_is_a_puzzle() {
    let position = brandubh(ONE_ESCAPE);
    let proof = unique_first_move(&position, 1)
        .expect("a tafl position")
        .expect("a puzzle");
    assert_eq!(proof.first_move, "a3-a1");
    assert_eq!(proof.moves, 1);
    assert_eq!(proof.line, vec!["a3-a1".to_string()]);
    assert_eq!(proof.theme.ending, EndReason::KingEscaped);
    assert_eq!(proof.theme.to_string(), "escape in 1");
    assert_eq!(proof.mover, Seat::B);
}

#[test]
fn two_escapes_in_one_are_a_forced_win_but_no_puzzle() {
    let position = brandubh(TWO_ESCAPES);
    let proof = forced_win(&position, 1).expect("tafl").expect("a win");
    assert!(["a3-a1", "a3-a7"].contains(&proof.first_move.as_str()));
    assert_eq!(unique_first_move(&position, 3).expect("tafl"), None);
}

#[test]
fn a_double_threat_is_an_escape_in_two_the_attackers_cannot_stop() {
    let position = brandubh(DOUBLE_THREAT);
    assert_eq!(forced_win(&position, 1).expect("tafl"), None);
    let proof = forced_win(&position, 2).expect("tafl").expect("a win");
    assert_eq!(proof.moves, 2);
    assert_eq!(proof.theme.to_string(), "escape in 2");
    assert_eq!(proof.line.len(), 3, "{:?}", proof.line);
    // Two first moves make a double threat, so the position is no puzzle.
    assert_eq!(unique_first_move(&position, 2).expect("tafl"), None);
}

#[test]
fn a_threat_the_attackers_can_answer_is_no_forced_win() {
    let position = brandubh(STOPPABLE);
    assert_eq!(position.legal_moves(), vec!["c2-c1".to_string()]);
    assert_eq!(forced_win(&position, 2).expect("tafl"), None);
}

#[test]
fn the_attackers_capture_the_king_in_one() {
    let position = brandubh(KING_TAKEN);
    let proof = unique_first_move(&position, 2)
        .expect("tafl")
        .expect("a puzzle");
    assert_eq!(proof.first_move, "b2-b4");
    assert_eq!(proof.theme.to_string(), "capture the king in 1");
    assert_eq!(proof.mover, Seat::A);
}

/// From the community's games (brandubh.csv line 8, ply 12): d3-d5 comes beside the king on
/// c5, and whatever the defenders do b3-b5 closes the sandwich; no other attackers' move
/// forces a win within 3.
const CAPTURE_IN_TWO: &str = "3A3/1A5/2K1D2/A1D2DA/1A1A1A1/2A4/7 a 12 d5-b5,c6-b6,b5-c5";

/// From the community's games (brandubh.csv line 4, ply 13): c4-a4 takes the king to the
/// edge, and within three moves he reaches a7 whatever the attackers do; the only such move.
const ESCAPE_IN_THREE: &str = "7/1AD1A2/1D5/2K1DA1/D6/2A3A/3A3 d 13 d7-b7,a5-b5,b7-b6";

#[test]
fn a_community_position_is_a_capture_in_two_puzzle() {
    let position = brandubh(CAPTURE_IN_TWO);
    let proof = unique_first_move(&position, 3)
        .expect("tafl")
        .expect("a puzzle");
    assert_eq!(proof.first_move, "d3-d5");
    assert_eq!(proof.theme.to_string(), "capture the king in 2");
    assert_eq!(proof.line.last().map(String::as_str), Some("b3-b5"));
    assert_line_wins(&position, &proof.line, Seat::A);
}

#[test]
fn a_community_position_is_an_escape_in_three_puzzle() {
    let position = brandubh(ESCAPE_IN_THREE);
    assert_eq!(forced_win(&position, 2).expect("tafl"), None);
    let proof = unique_first_move(&position, 3)
        .expect("tafl")
        .expect("a puzzle");
    assert_eq!(proof.first_move, "c4-a4");
    assert_eq!(proof.theme.to_string(), "escape in 3");
    assert_eq!(proof.line.len(), 5);
    assert_line_wins(&position, &proof.line, Seat::B);
}

#[test]
fn the_prover_refuses_other_games_and_bounds_it_cannot_search() {
    let adelta = Position::start(RuleSetId::Adelta, 1);
    assert_eq!(
        forced_win(&adelta, 2),
        Err(ProverError::NotProven(RuleSetId::Adelta))
    );
    let position = brandubh(ONE_ESCAPE);
    for bound in [0, 9] {
        let refused = forced_win(&position, bound).expect_err("refused");
        assert!(refused.to_string().contains("1 to 4"), "{refused}");
    }
}

/// Replays `line` from `position`: every move must be legal, and the game must end with
/// `mover`'s win exactly at the last move.
fn assert_line_wins(position: &Position, line: &[String], mover: Seat) {
    let mut game = position.clone();
    for (at, mv) in line.iter().enumerate() {
        assert!(game.status().seat().is_some(), "over before {mv}");
        game.play(mv)
            .unwrap_or_else(|e| panic!("{mv} refused: {e}"));
        let over = matches!(game.status(), Status::Over(_));
        assert_eq!(over, at + 1 == line.len(), "the line ends at its last move");
    }
    let winner = game.status().outcome().and_then(|o| o.winner);
    assert_eq!(winner, Some(mover));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_claimed_win_replays_to_the_movers_win(seed in 0u64..10_000, plies in 4u32..40) {
        let game: Tafl = random_position(RuleSetId::Brandubh, seed, plies);
        let position = game.into_position();
        if let Some(proof) = forced_win(&position, 1).expect("tafl") {
            let mut after = position.clone();
            after.play(&proof.first_move).expect("legal");
            prop_assert_eq!(
                after.status().outcome().and_then(|o| o.winner),
                Some(proof.mover)
            );
        }
        if let Some(proof) = forced_win(&position, 2).expect("tafl") {
            prop_assert_eq!(proof.line.first(), Some(&proof.first_move));
            prop_assert_eq!(proof.line.len(), usize::from(proof.moves) * 2 - 1);
            assert_line_wins(&position, &proof.line, proof.mover);
        }
    }

    #[test]
    fn every_claimed_subulata_win_replays_to_the_movers_win(seed in 0u64..10_000, plies in 30u32..120) {
        let game: Subulata = random_position(RuleSetId::Subulata, seed, plies);
        let position = game.into_position();
        if let Some(proof) = forced_win(&position, 1).expect("subulata") {
            let mut after = position.clone();
            after.play(&proof.first_move).expect("legal");
            prop_assert_eq!(
                after.status().outcome().and_then(|o| o.winner),
                Some(proof.mover)
            );
        }
        if let Some(proof) = forced_win(&position, 2).expect("subulata") {
            prop_assert_eq!(proof.line.first(), Some(&proof.first_move));
            assert_line_wins(&position, &proof.line, proof.mover);
        }
    }
}

/// Subulata's tiles for the hand-made positions (the set-up of seed 0): g4 is a leaf (3
/// cells), g3 a flower (2), c5 a leaf, i8 a leaf. White's goal is g7..i9, Black's a1..c3.
const SUBULATA_TILES: &str = "1r3,2r2,4r0,7r0,6r1,5r0,3r2,8r3,9r0";

/// A Subulata position on [`SUBULATA_TILES`], every value shown.
fn subulata(ranks: &str) -> Position {
    Position::from_notation(
        RuleSetId::Subulata,
        &format!("{SUBULATA_TILES} {ranks} w 100"),
    )
    .expect("a valid Subulata position")
}

/// White has four pieces on its goal and one on g4: g4-g7 brings the last one home, and
/// the game ends with White ahead (27 to 12). The other move, i8xi5, takes a piece but
/// leaves the goal (Black's c5 is still out, so the game goes on; it wins more slowly, so
/// the test bound is 1, as for the tafl escape in 1).
const SUBULATA_GOAL_IN_ONE: &str = "6W9W1W4/8W5/9/9/2B45B3/6W22/9/9/B88";

/// The same without Black's c5: i8xi5 now takes Black's last piece off its goal, the game
/// ends with Black's pieces all home and White ahead on points: two wins in 1.
const SUBULATA_TWO_WINS: &str = "6W9W1W4/8W5/9/9/8B3/6W22/9/9/B88";

/// White's g3 needs two moves to reach the goal (g3-g5, g5-g8), but Black's c5-c2 brings
/// Black's last piece home first, and Black is ahead then (26 to 16).
const SUBULATA_REFUTED: &str = "6W1W2W3/8W4/9/9/2B76/9/6W52/9/B9B67";

#[test]
fn a_subulata_goal_in_one_is_a_puzzle() {
    let position = subulata(SUBULATA_GOAL_IN_ONE);
    let proof = unique_first_move(&position, 1)
        .expect("subulata is proven")
        .expect("a puzzle");
    assert_eq!(proof.first_move, "g4-g7");
    assert_eq!(proof.line, vec!["g4-g7".to_string()]);
    assert_eq!(proof.theme.ending, EndReason::GoalReached);
    assert_eq!(proof.theme.to_string(), "win on the goal in 1");
    assert_eq!(proof.mover, Seat::A);
    assert_line_wins(&position, &proof.line, Seat::A);
}

#[test]
fn two_subulata_wins_in_one_are_no_puzzle() {
    let position = subulata(SUBULATA_TWO_WINS);
    assert!(forced_win(&position, 1).expect("subulata").is_some());
    for mv in ["g4-g7", "i8-i5"] {
        let mut after = position.clone();
        after.play(mv).expect("legal");
        assert_eq!(
            after.status().outcome().and_then(|o| o.winner),
            Some(Seat::A)
        );
    }
    assert_eq!(unique_first_move(&position, 3).expect("subulata"), None);
}

#[test]
fn a_subulata_defence_that_finishes_first_refutes_the_threat() {
    let position = subulata(SUBULATA_REFUTED);
    for bound in 1..=3 {
        assert_eq!(forced_win(&position, bound).expect("subulata"), None);
    }
    let mut after = position.clone();
    after.play("g3-g5").expect("legal");
    after.play("c5-c2").expect("legal");
    assert_eq!(
        after.status().outcome().and_then(|o| o.winner),
        Some(Seat::B)
    );
}

#[test]
fn a_subulata_position_with_hidden_values_is_refused() {
    let position = subulata(SUBULATA_GOAL_IN_ONE);
    let public = position.to_notation(skald_rules::Viewer::Public);
    assert!(public.contains('?'), "{public}");
    let hidden = Position::from_notation(RuleSetId::Subulata, &public).expect("readable");
    assert_eq!(forced_win(&hidden, 1), Err(ProverError::HiddenValues));
    assert_eq!(
        unique_first_move(&hidden, 1),
        Err(ProverError::HiddenValues)
    );
}

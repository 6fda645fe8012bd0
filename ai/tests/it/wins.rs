//! The engine takes a one-move win when one exists.

use crate::common::{SMALL, random_position};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_ai::{AiGame, Level, SeatView, choose_move, choose_with_budget};
use skald_rules::adelta::Adelta;
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::subulata::Subulata;
use skald_rules::tafl::Tafl;
use skald_rules::{EndReason, Game, RuleSetId, Seat, Status, Viewer};

/// The moves of `position` that win at once, judged on what the mover sees.
fn winning_moves<G: AiGame>(position: &G, seat: Seat) -> Vec<G::Move> {
    let view = G::from_notation(
        position.rule_set(),
        &position.to_notation(Viewer::Seat(seat)),
    )
    .expect("a view reads back");
    view.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let mut next = view.clone();
            next.play(mv).is_ok()
                && matches!(next.status(), Status::Over(o) if o.winner == Some(seat))
        })
        .collect()
}

/// Scans random games of `rule_set` for positions with a winning move and checks that the
/// engine (easy level and a small budget) takes one; returns the win reasons seen.
fn takes_wins<G: AiGame>(rule_set: RuleSetId, games: u64, max_plies: u32) -> Vec<EndReason> {
    let mut reasons = Vec::new();
    for seed in 0..games {
        for plies in (0..max_plies).step_by(3) {
            let position: G = random_position(rule_set, seed, plies);
            let Status::Move { seat } = position.status() else {
                break;
            };
            let wins = winning_moves(&position, seat);
            if wins.is_empty() {
                continue;
            }
            let view = SeatView::new(&position, seat).expect("a view reads back");
            let mut rng = StdRng::seed_from_u64(seed);
            let easy = choose_move(&view, Level::Easy, &mut rng).expect("a move");
            let small = choose_with_budget(&view, Some(SMALL), &mut rng).expect("a move");
            assert!(wins.contains(&easy), "easy missed a win in {position:?}");
            assert!(wins.contains(&small), "small missed a win in {position:?}");
            let mut next = position.clone();
            next.play(easy).expect("legal");
            if let Some(o) = next.status().outcome() {
                reasons.push(o.reason);
            }
        }
    }
    reasons
}

#[test]
fn king_goes_to_the_corner() {
    // The king on a6, a clear file down to a1 and up to a11: both corners win at once.
    let text = "11/11/5A5/11/11/K3D6/11/3A7/11/2A8/11 d 21 -";
    let position = Hnefatafl::from_notation(RuleSetId::Hnefatafl, text).expect("position");
    let view = SeatView::new(&position, Seat::B).expect("view");
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let mut rng = StdRng::seed_from_u64(1);
        let mv = choose_move(&view, level, &mut rng).expect("a move");
        let mut next = position.clone();
        next.play(mv).expect("legal");
        let outcome = next.status().outcome().expect("over");
        assert_eq!(outcome.reason, EndReason::KingEscaped, "{mv}");
        assert_eq!(outcome.winner, Some(Seat::B));
    }
}

#[test]
fn hnefatafl_wins_in_random_games() {
    let reasons = takes_wins::<Hnefatafl>(RuleSetId::Hnefatafl, 6, 300);
    assert!(
        !reasons.is_empty(),
        "no position with a winning move was found"
    );
}

#[test]
fn adelta_captures_the_last_piece() {
    let mut reasons = takes_wins::<Adelta>(RuleSetId::Adelta, 20, 200);
    reasons.extend(takes_wins::<Adelta>(RuleSetId::AdeltaRustik, 20, 200));
    assert!(reasons.contains(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
fn daldosa_wins_in_random_games() {
    let reasons = takes_wins::<Daldosa>(RuleSetId::Daldosa, 20, 400);
    assert!(reasons.contains(&EndReason::NoPegsLeft), "{reasons:?}");
}

#[test]
fn subulata_wins_in_random_games() {
    let reasons = takes_wins::<Subulata>(RuleSetId::Subulata, 30, 80);
    assert!(
        !reasons.is_empty(),
        "no position with a winning move was found"
    );
}

/// In Copenhagen and Brandubh too the king takes an open corner, at every level.
#[test]
fn the_tafl_communitys_king_goes_to_the_corner() {
    for (rule_set, text) in [
        // The king on a6, a clear file down to a1 and up to a11.
        (
            RuleSetId::Copenhagen,
            "11/11/5A5/11/11/K3D6/11/3A7/11/2A8/11 d 21 -",
        ),
        // The king on a4, a clear file to a1 and a7.
        (RuleSetId::Brandubh, "7/7/3A3/K3D2/7/3A3/7 d 9 -"),
    ] {
        let position = Tafl::from_notation(rule_set, text).expect("position");
        let view = SeatView::new(&position, Seat::B).expect("view");
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let mut rng = StdRng::seed_from_u64(1);
            let mv = choose_move(&view, level, &mut rng).expect("a move");
            let mut next = position.clone();
            next.play(mv).expect("legal");
            let outcome = next.status().outcome().expect("over");
            assert_eq!(
                outcome.reason,
                EndReason::KingEscaped,
                "{rule_set} {level:?}: {mv}"
            );
            assert_eq!(outcome.winner, Some(Seat::B));
        }
    }
}

#[test]
fn copenhagen_wins_in_random_games() {
    let reasons = takes_wins::<Tafl>(RuleSetId::Copenhagen, 6, 300);
    assert!(
        !reasons.is_empty(),
        "no position with a winning move was found"
    );
}

#[test]
fn brandubh_wins_in_random_games() {
    let reasons = takes_wins::<Tafl>(RuleSetId::Brandubh, 12, 150);
    assert!(
        !reasons.is_empty(),
        "no position with a winning move was found"
    );
}

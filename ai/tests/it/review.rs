//! The review of a finished game: every rule set, determinism, a missed win, bad records.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_ai::review::{Analysis, ReviewBudget, ReviewError, ReviewPlan, analyse};
use skald_ai::{Budget, PositionView, choose_for_view};
use skald_rules::{
    Action, Match, Position, RECORD_FORMAT, Record, RuleSetId, Seat, Status, Viewer,
};

/// A review budget small enough for debug-build tests.
const TINY_REVIEW: ReviewBudget = ReviewBudget {
    iterations: 60,
    rollout_plies: 30,
};

/// A game of `rule_set` the engine plays against itself at a tiny budget for up to `plies`
/// moves from `seed` (Subulata: the second seat arranges its values first, so the review
/// must search with values set by a record's action).
fn engine_game(rule_set: RuleSetId, seed: u64, plies: usize) -> Record {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut game, _) = Match::new(rule_set, seed, &mut rng);
    if rule_set == RuleSetId::Subulata {
        game.arrange(Seat::B, [9, 8, 7, 6, 5, 4, 3, 2, 1])
            .expect("the second seat may arrange before its first move");
    }
    let budget = Budget {
        iterations: 20,
        time_cap: None,
        rollout_plies: 20,
    };
    for ply in 0..plies {
        let Status::Move { seat } = game.position().status() else {
            break;
        };
        let view = PositionView::new(game.position(), seat).expect("view");
        let mv = choose_for_view(&view, Some(budget), seed ^ ply as u64).expect("a move");
        game.play_move(mv, &mut rng)
            .expect("the engine plays legal moves");
    }
    game.record().clone()
}

/// The move numbers the move list shows (`skald_model::messages::move_list`), counted
/// independently: grid games number pairs of moves, dice games count the rolls a seat owns
/// (the opening roll's first turn counts as one of its own).
fn expected_number(record: &Record, action: usize) -> u32 {
    let before = &record.actions[..action];
    if !record.rule_set.uses_dice() {
        let moves = before
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .count();
        return moves as u32 / 2 + 1;
    }
    let mut position = Position::from_notation(record.rule_set, &record.start).expect("start");
    let mut owned_rolls = 0;
    let mut opening_turn = 0;
    let mut seen_owned = false;
    for (i, a) in record.actions.iter().enumerate() {
        match a {
            Action::Roll(d) => {
                if position.status().seat().is_some() && i < action {
                    owned_rolls += 1;
                    seen_owned = true;
                }
                position.roll(d).expect("roll");
            }
            Action::Move(m) => {
                if !seen_owned {
                    opening_turn = 1;
                }
                position.play(m).expect("move");
            }
            Action::Arrange { seat, values } => position.arrange(*seat, *values).expect("arr"),
        }
    }
    owned_rolls + opening_turn
}

/// Checks what every review must satisfy: chances in range, the record's moves in order,
/// legal preferred lines, the move list's numbers.
fn check(record: &Record, analysis: &Analysis) {
    let id = record.rule_set;
    let played: Vec<String> = analysis
        .turns
        .iter()
        .flat_map(|t| t.played.clone())
        .collect();
    let recorded: Vec<String> = record
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(m.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(played, recorded, "{id}: every move, in order");
    let mut position = Position::from_notation(id, &record.start).expect("start");
    let mut next_action = 0;
    for turn in &analysis.turns {
        for chance in [turn.before, turn.best_chance, turn.after]
            .into_iter()
            .chain(turn.before_roll)
        {
            assert!((0.0..=1.0).contains(&chance), "{id}: {turn:?}");
        }
        assert!(turn.loss() >= 0.0 && turn.loss() <= 100.0, "{id}: {turn:?}");
        assert_eq!(turn.number, expected_number(record, turn.action), "{id}");
        assert_eq!(turn.roll.is_some(), id.uses_dice(), "{id}: {turn:?}");
        assert_eq!(turn.before_roll.is_some(), id.uses_dice(), "{id}: {turn:?}");
        // Replay up to the turn's first move, then try the preferred line there.
        for a in &record.actions[next_action..turn.action] {
            match a {
                Action::Roll(d) => drop(position.roll(d).expect("roll")),
                Action::Move(m) => drop(position.play(m).expect("move")),
                Action::Arrange { seat, values } => {
                    position.arrange(*seat, *values).expect("arrange")
                }
            }
        }
        next_action = turn.action;
        assert_eq!(position.status(), Status::Move { seat: turn.mover }, "{id}");
        assert!(!turn.best.is_empty(), "{id}: a preferred move");
        let mut line = position.clone();
        for mv in &turn.best {
            assert_eq!(line.status(), Status::Move { seat: turn.mover }, "{id}");
            line.play(mv)
                .unwrap_or_else(|e| panic!("{id}: preferred {mv} is illegal: {e}"));
        }
        if turn.best == turn.played {
            assert_eq!(turn.loss(), 0.0, "{id}: the preferred move loses nothing");
        }
    }
}

#[test]
fn every_rule_set_reviews_a_short_engine_game() {
    for id in RuleSetId::ALL {
        let record = engine_game(id, 3, 14);
        let analysis = analyse(&record, TINY_REVIEW, 7, 2, &|_, _| {}).expect("review");
        assert!(!analysis.turns.is_empty(), "{id}");
        check(&record, &analysis);
    }
}

#[test]
fn a_review_is_the_same_on_one_or_two_threads_and_twice() {
    for id in [RuleSetId::Brandubh, RuleSetId::Daldosa, RuleSetId::Subulata] {
        let record = engine_game(id, 11, 10);
        let one = analyse(&record, TINY_REVIEW, 5, 1, &|_, _| {}).expect("review");
        let two = analyse(&record, TINY_REVIEW, 5, 2, &|_, _| {}).expect("review");
        let again = analyse(&record, TINY_REVIEW, 5, 2, &|_, _| {}).expect("review");
        assert_eq!(one, two, "{id}");
        assert_eq!(two, again, "{id}");
        // And searched one point at a time, as the bot's driver does.
        let plan = ReviewPlan::new(&record).expect("plan");
        let evals: Vec<_> = (0..plan.len())
            .map(|i| plan.search(i, TINY_REVIEW, 5))
            .collect();
        assert_eq!(plan.finish(&evals), one, "{id}");
    }
}

#[test]
fn progress_counts_every_search_once() {
    let record = engine_game(RuleSetId::Brandubh, 2, 8);
    let plan = ReviewPlan::new(&record).expect("plan");
    let calls = std::sync::Mutex::new(Vec::new());
    analyse(&record, TINY_REVIEW, 1, 2, &|done, total| {
        calls.lock().expect("lock").push((done, total));
    })
    .expect("review");
    let mut calls = calls.into_inner().expect("lock");
    calls.sort_unstable();
    let expected: Vec<(usize, usize)> = (1..=plan.len()).map(|d| (d, plan.len())).collect();
    assert_eq!(calls, expected);
}

/// The defenders' king on a6, walled in by attackers on a7 and b4-b6, with the file open
/// down to the a1 corner; the attacker on c3 can shut it at a3, and b5 can close the cage.
const KING_NEAR_CORNER: &str = "11/4D6/11/11/A10/KA9/1A9/1A9/2A8/11/11 d 21 -";

/// A record from [`KING_NEAR_CORNER`] with `moves` played.
fn corner_record(moves: &[&str]) -> Record {
    let mut position =
        Position::from_notation(RuleSetId::Hnefatafl, KING_NEAR_CORNER).expect("position");
    let mut actions = Vec::new();
    for m in moves {
        let canonical = position.canonical_move(m).expect("a move");
        position.play(&canonical).expect("legal");
        actions.push(Action::Move(canonical));
    }
    Record {
        format: RECORD_FORMAT,
        rule_set: RuleSetId::Hnefatafl,
        seed: 0,
        start: KING_NEAR_CORNER.to_string(),
        actions,
    }
}

#[test]
fn a_missed_win_is_a_turning_point_and_the_win_is_preferred() {
    let record = corner_record(&["e10-e9", "c3-a3"]);
    let budget = ReviewBudget {
        iterations: 400,
        rollout_plies: 60,
    };
    let analysis = analyse(&record, budget, 3, 2, &|_, _| {}).expect("review");
    check(&record, &analysis);
    let first = &analysis.turns[0];
    assert_eq!(first.mover, Seat::B);
    assert_eq!(first.best, vec!["a6-a1".to_string()], "{first:?}");
    assert_eq!(first.best_chance, 0.0, "the escape wins for the defenders");
    assert!(first.after > 0.5, "the attackers shut the file: {first:?}");
    assert!(first.loss() > 20.0, "a blunder: {first:?}");
    let points = analysis.turning_points(3);
    assert_eq!(points.first().map(|t| t.action), Some(0), "{points:?}");
    assert_eq!(analysis.summary(Seat::B).blunders, 1);
}

#[test]
fn playing_the_win_loses_nothing() {
    let record = corner_record(&["a6-a1"]);
    let analysis = analyse(&record, TINY_REVIEW, 3, 1, &|_, _| {}).expect("review");
    let [turn] = analysis.turns.as_slice() else {
        panic!("one turn: {analysis:?}");
    };
    assert_eq!(turn.best, turn.played);
    assert_eq!(turn.after, 0.0, "the defenders (second seat) won");
    assert_eq!(turn.loss(), 0.0);
    assert!(analysis.turning_points(3).is_empty());
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let mut record = corner_record(&["e10-e9"]);
    record.actions.push(Action::Move("k11-k1".into()));
    let err = ReviewPlan::new(&record).expect_err("refused");
    assert!(matches!(err, ReviewError::Replay(_)), "{err}");
    assert!(
        err.to_string().contains("k11-k1"),
        "says which action: {err}"
    );
    record.start = "not a position".into();
    assert!(ReviewPlan::new(&record).is_err());
}

#[test]
fn subulata_is_searched_with_every_value_as_played() {
    // The second seat's arrangement comes after the first move in some games; the review's
    // positions carry it from the start, and the record reads back unchanged.
    let record = engine_game(RuleSetId::Subulata, 21, 12);
    let full = Match::from_record(record.clone()).expect("replays");
    assert!(
        !full.position().to_notation(Viewer::Final).contains('?'),
        "the record holds every value"
    );
    let analysis = analyse(&record, TINY_REVIEW, 2, 2, &|_, _| {}).expect("review");
    check(&record, &analysis);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_short_games_review_in_range(
        which in 0..RuleSetId::ALL.len(),
        seed in 0u64..1_000,
        plies in 1usize..8,
    ) {
        let id = RuleSetId::ALL[which];
        let record = engine_game(id, seed, plies);
        let budget = ReviewBudget { iterations: 24, rollout_plies: 16 };
        let analysis = analyse(&record, budget, seed, 1, &|_, _| {}).expect("review");
        check(&record, &analysis);
    }
}

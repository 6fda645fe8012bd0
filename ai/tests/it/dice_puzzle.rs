//! Dice puzzles, "the best use of the roll" (`skald_ai::puzzle::dice`): hand-made positions
//! whose best use a player can see on the board, the same answer in another order, and the
//! shipped starter files re-evaluated with another seed.

use skald_ai::puzzle::dice::{
    DiceBudget, DiceError, PUZZLE_GAP, RECHECK_SEED, Verdict, distinct, evaluate, find, recheck,
    roll_of, same_use,
};
use skald_rules::{Position, RuleSetId, Seat};

/// A Daldøsa position from its notation.
fn daldosa(text: &str) -> Position {
    Position::from_notation(RuleSetId::Daldosa, text).expect("a valid Daldøsa position")
}

/// White's last peg on m12, Black's last on m9, White rolled 3 and 1: m12+3 takes Black's
/// last peg and wins at once; the other use (m12+1 m11+3) passes it and stops on m8, one
/// hole in front of it, where a 1 of Black's next roll takes White's last peg.
const LAST_PEG: &str = "............/........B..W/............ w 31 40 0,0";

/// White's last peg on m10 with a double 2: one peg, one way to play the roll.
const ONE_USE: &str = "............/.........W../.B.......... w 22 40 0,0";

/// White has pegs on m12 and m6, Black its last peg far away on b2: 3 and 1 can go to either
/// peg, in either order.
const TWO_PEGS: &str = "............/.....W.....W/.B.......... w 31 40 0,0";

#[test]
fn taking_the_last_peg_is_found_as_the_puzzle() {
    let position = daldosa(LAST_PEG);
    assert_eq!(
        distinct(&position).expect("a dice turn"),
        vec!["m12+3".to_string(), "m12+1 m11+3".to_string()]
    );
    let evaluation = evaluate(&position, DiceBudget::CHECK, 7).expect("a dice turn");
    assert_eq!(evaluation.mover, Seat::A);
    assert_eq!(evaluation.roll, "31");
    let best = evaluation.best().expect("two uses");
    assert_eq!((best.steps.as_str(), best.chance), ("m12+3", 1000));
    assert!(evaluation.gap() >= Some(PUZZLE_GAP), "{evaluation:?}");

    let puzzle = find(&position, 7)
        .expect("a dice turn")
        .puzzle()
        .expect("a puzzle");
    assert_eq!(puzzle.solution, "m12+3");
    assert_eq!(puzzle.roll, "31");
    assert_eq!(puzzle.uses, 2);
    assert!(puzzle.gap >= PUZZLE_GAP);
    assert!((800.0..=2300.0).contains(&puzzle.rating));

    let checked = recheck(&position, "31", "m12+3", RECHECK_SEED).expect("a use");
    assert!(checked.holds, "{checked:?}");
    // The other use, offered as a solution, does not hold.
    let wrong = recheck(&position, "31", "m12+1 m11+3", RECHECK_SEED).expect("a use");
    assert!(!wrong.holds && wrong.gap < 0, "{wrong:?}");
}

#[test]
fn capturing_the_last_piece_in_ad_elta_stelpur_is_the_best_use() {
    // White on 3 and 11, Black's Hornaskella on the corner 12: 11+1 takes it (no White piece
    // on 13, so it is not protected) and the game is won.
    let position = Position::from_notation(RuleSetId::Adelta, "..W.......WB............ w 16 30")
        .expect("a valid Ad Elta Stelpur position");
    let evaluation = evaluate(&position, DiceBudget::CHECK, 3).expect("a dice turn");
    let best = evaluation.best().expect("several uses");
    assert_eq!(best.chance, 1000, "{evaluation:?}");
    assert!(
        best.steps.split_whitespace().any(|s| s == "11+1"),
        "{best:?}"
    );
    assert!(evaluation.uses.len() >= 2);
}

#[test]
fn a_roll_with_a_single_use_is_not_a_puzzle() {
    let position = daldosa(ONE_USE);
    assert_eq!(
        distinct(&position).expect("a dice turn"),
        vec!["m10+2 m8+2"]
    );
    let evaluation = evaluate(&position, DiceBudget::CHECK, 1).expect("a dice turn");
    assert_eq!(evaluation.gap(), None);
    assert_eq!(find(&position, 1), Ok(Verdict::NoChoice));
}

#[test]
fn two_orders_of_the_same_steps_are_the_same_use() {
    let position = daldosa(TWO_PEGS);
    assert!(same_use(&position, "31", "m12+3 m6+1", "m6+1 m12+3"));
    // Written forgivingly: a space inside each step, the row in capitals.
    assert!(same_use(&position, "31", "m12+3 m6+1", "M6 1 m12 3"));
    // Another use, half a use, an illegal step, the wrong roll: not the same.
    assert!(!same_use(&position, "31", "m12+3 m6+1", "m12+1 m6+3"));
    assert!(!same_use(&position, "31", "m12+3", "m12+3"));
    assert!(!same_use(&position, "31", "m12+3 m6+1", "m12+3 m6+1 m5+1"));
    assert!(!same_use(&position, "31", "m12+3 m6+1", "m12+2 m6+1"));
    assert!(!same_use(&position, "42", "m12+3 m6+1", "m6+1 m12+3"));
    // Each distinct use is listed once, whichever order reached it first.
    let uses = distinct(&position).expect("a dice turn");
    let mut unique = uses.clone();
    unique.dedup_by(|a, b| same_use(&position, "31", a, b));
    assert_eq!(uses.len(), unique.len(), "{uses:?}");
    for (i, a) in uses.iter().enumerate() {
        for b in &uses[i + 1..] {
            assert!(!same_use(&position, "31", a, b), "{a} and {b}");
        }
    }

    // Ad Elta Stelpur's opening roll of 1 and 6: two pieces moved, in either order.
    let adelta = Position::from_notation(RuleSetId::Adelta, "WWWWWW......BBBBBB...... w 16 0")
        .expect("a valid position");
    assert!(same_use(&adelta, "16", "6+1 5+6", "5+6 6+1"));
    assert!(same_use(&adelta, "16", "6+1 5+6", "5 6 6 1"));
    assert!(!same_use(&adelta, "16", "6+1 5+6", "6+6 5+1"));
}

#[test]
fn an_evaluation_repeats_with_its_seed() {
    let position = daldosa(TWO_PEGS);
    let budget = DiceBudget {
        iterations: 150,
        rollout_plies: 200,
    };
    let once = evaluate(&position, budget, 11).expect("a dice turn");
    assert_eq!(evaluate(&position, budget, 11), Ok(once.clone()));
    assert_eq!(
        once.uses.len(),
        distinct(&position).expect("a dice turn").len()
    );
    assert!(once.uses.windows(2).all(|w| w[0].chance >= w[1].chance));
}

#[test]
fn positions_that_are_no_dice_turn_are_refused_with_the_reason() {
    let tafl = Position::start(RuleSetId::Brandubh, 0);
    assert_eq!(find(&tafl, 1), Err(DiceError::NoDice(RuleSetId::Brandubh)));
    let awaiting = daldosa("wwwwwwwwwwww/............/bbbbbbbbbbbb w - 0 0,0");
    assert_eq!(find(&awaiting, 1), Err(DiceError::NoRollInHand));
    let position = daldosa(TWO_PEGS);
    assert!(matches!(
        recheck(&position, "31", "m12+3", 1),
        Err(DiceError::NotAUse(_))
    ));
    assert!(matches!(
        recheck(&position, "44", "m12+3 m6+1", 1),
        Err(DiceError::OtherRoll { .. })
    ));
}

/// One shipped starter file's puzzles: (rule set, position, roll, solution), every line
/// checked for the shape a dice puzzle has in the puzzle file (`docs/PUZZLES.md`).
fn shipped(file: &str) -> Vec<(RuleSetId, Position, String, String)> {
    let path = format!("{}/../model/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the starter file is shipped");
    let mut seen = std::collections::HashSet::new();
    let mut puzzles = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = format!("{file} line {}", i + 1);
        let value: serde_json::Value = serde_json::from_str(line).expect(&at);
        let field = |name: &str| value[name].as_str().unwrap_or_default().to_string();
        // Read as the puzzle record reads it (the exact id, no alias).
        let rule_set: RuleSetId = serde_json::from_value(value["rule_set"].clone()).expect(&at);
        let position = Position::from_notation(rule_set, &field("position")).expect(&at);
        let roll = field("roll");
        let solution = value["solution"].as_array().expect(&at);
        assert_eq!(solution.len(), 1, "{at}: one entry, the whole use");
        let solution = solution[0].as_str().expect(&at).to_string();
        assert_eq!(field("theme"), "best use of the roll", "{at}");
        assert_eq!(roll_of(&position).as_deref(), Some(roll.as_str()), "{at}");
        let mover = match position.status() {
            skald_rules::Status::Move { seat: Seat::A } => "white",
            _ => "black",
        };
        assert_eq!(field("to_move"), mover, "{at}");
        assert!(field("source").starts_with("self-play "), "{at}");
        let rating = value["rating"].as_f64().expect(&at);
        assert!((800.0..=2300.0).contains(&rating), "{at}: rating {rating}");
        assert!(seen.insert((rule_set, field("position"))), "{at}: a repeat");
        puzzles.push((rule_set, position, roll, solution));
    }
    puzzles
}

/// The fewest puzzles each starter file holds for its rule sets (issue #35: at least 50 a
/// rule set, 200 a family; `docs/PUZZLES.md` "The starter files"), so a file cut by
/// accident fails.
const SHIPPED_AT_LEAST: [(RuleSetId, usize); 3] = [
    (RuleSetId::Adelta, 100),
    (RuleSetId::AdeltaRustik, 50),
    (RuleSetId::Daldosa, 200),
];

/// Every shipped dice puzzle is re-evaluated, on two threads (the machine CI runs on has two
/// cores): `docs/PUZZLES.md` "Dice puzzles" has the time it takes in the test profile.
#[test]
fn every_shipped_dice_puzzle_keeps_its_gap_with_another_seed() {
    let mut puzzles = Vec::new();
    for file in ["adelta.jsonl", "daldosa.jsonl"] {
        puzzles.extend(shipped(file));
    }
    let mut counts = std::collections::BTreeMap::new();
    for (rule_set, ..) in &puzzles {
        *counts.entry(*rule_set).or_insert(0) += 1;
    }
    let failed: Vec<String> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let puzzles = &puzzles;
                scope.spawn(move || {
                    let mut failed = Vec::new();
                    for (rule_set, position, roll, solution) in puzzles.iter().skip(half).step_by(2)
                    {
                        match recheck(position, roll, solution, RECHECK_SEED) {
                            Ok(checked) if checked.holds => {}
                            other => failed.push(format!("{rule_set} {solution}: {other:?}")),
                        }
                    }
                    failed
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|_| vec!["a thread panicked".into()])
            })
            .collect()
    });
    assert!(failed.is_empty(), "{failed:#?}");
    for (rule_set, least) in SHIPPED_AT_LEAST {
        assert!(counts[&rule_set] >= least, "{counts:?}");
    }
}

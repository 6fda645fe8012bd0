//! How stable a review's turning points are: for ten engine games of several rule sets, the
//! share whose `turning_points(3)` change when the review's budget is doubled, and how long
//! each review took (wall time on whatever else the machine was running: a rough figure;
//! `benches/review.rs` is the speed measurement).
//!
//! `cargo run --release -p skald-ai --example review_stability [iterations [rollout_plies]]`
//! (default: `ReviewBudget::STANDARD`). docs/ENGINE.md "Reviews" quotes its figure.

use skald_ai::Budget;
use skald_ai::review::{Analysis, ReviewBudget, analyse, self_play};
use skald_rules::{Record, RuleSetId};
use std::time::Instant;

/// The games: rule set, seed, plies.
const GAMES: [(RuleSetId, u64, usize); 10] = [
    (RuleSetId::Hnefatafl, 1, 60),
    (RuleSetId::Hnefatafl, 2, 60),
    (RuleSetId::Brandubh, 3, 40),
    (RuleSetId::Brandubh, 4, 40),
    (RuleSetId::Copenhagen, 5, 60),
    (RuleSetId::Adelta, 6, 60),
    (RuleSetId::AdeltaRustik, 7, 60),
    (RuleSetId::Daldosa, 8, 60),
    (RuleSetId::Daldosa, 9, 60),
    (RuleSetId::Subulata, 10, 40),
];

/// The engine's budget for playing the games: weak enough to make mistakes.
const PLAY: Budget = Budget {
    iterations: 100,
    time_cap: None,
    rollout_plies: 60,
};

/// The actions of the turning points, in game order.
fn points(analysis: &Analysis) -> Vec<usize> {
    analysis
        .turning_points(3)
        .iter()
        .map(|t| t.action)
        .collect()
}

/// Reviews `record` with `budget` on two threads, timed.
fn review(record: &Record, budget: ReviewBudget) -> (Analysis, f64) {
    let start = Instant::now();
    let analysis = match analyse(record, budget, 1, 2, &|_, _| {}) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}: {e}", record.rule_set);
            Analysis { turns: Vec::new() }
        }
    };
    (analysis, start.elapsed().as_secs_f64())
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>());
    let standard = ReviewBudget::STANDARD;
    let budget = ReviewBudget {
        iterations: args
            .next()
            .and_then(Result::ok)
            .unwrap_or(standard.iterations),
        rollout_plies: args
            .next()
            .and_then(Result::ok)
            .unwrap_or(standard.rollout_plies),
    };
    let doubled = ReviewBudget {
        iterations: budget.iterations * 2,
        ..budget
    };
    println!(
        "budget {} iterations, {} rollout plies, against {} iterations",
        budget.iterations, budget.rollout_plies, doubled.iterations
    );
    let mut changed = 0;
    let mut overlap = 0usize;
    let mut total_points = 0usize;
    let mut kept_as_mistakes = 0usize;
    for (rule_set, seed, plies) in GAMES {
        let record = self_play(rule_set, seed, plies, PLAY);
        let (one, t1) = review(&record, budget);
        let (two, t2) = review(&record, doubled);
        dump(&format!("{rule_set} seed {seed}"), &one, &two);
        let (a, b) = (points(&one), points(&two));
        let shared = a.iter().filter(|x| b.contains(x)).count();
        // A turning point the doubled budget still rates a mistake (over 10 points).
        let confirmed = one
            .turning_points(3)
            .iter()
            .filter(|t| {
                two.turns
                    .iter()
                    .any(|u| u.action == t.action && u.loss() > skald_ai::review::MISTAKE)
            })
            .count();
        kept_as_mistakes += confirmed;
        let over = |a: &Analysis| a.turns.iter().filter(|t| t.loss() > 5.0).count();
        overlap += shared;
        total_points += a.len().max(b.len());
        if a != b {
            changed += 1;
        }
        println!(
            "{:14} seed {seed:2}: {:3} turns ({} vs {} over 5 points), points {a:?} vs {b:?} ({t1:.1} s, {t2:.1} s)",
            rule_set.to_string(),
            one.turns.len(),
            over(&one),
            over(&two),
        );
    }
    println!(
        "turning points changed in {changed} of {} games; {overlap} of {total_points} points kept; \
         {kept_as_mistakes} of the first budget's points are still mistakes (over 10) at the doubled one",
        GAMES.len()
    );
}

/// Appends each turn's loss at both budgets to the file `SKALD_REVIEW_DUMP` names, one
/// JSON line a game, so a rule for choosing turning points can be tried on the same
/// searches without running them again.
fn dump(game: &str, one: &Analysis, two: &Analysis) {
    let Ok(path) = std::env::var("SKALD_REVIEW_DUMP") else {
        return;
    };
    let losses = |a: &Analysis| -> Vec<(usize, f64)> {
        a.turns.iter().map(|t| (t.action, t.loss())).collect()
    };
    let line = serde_json::json!({"game": game, "one": losses(one), "two": losses(two)});
    use std::io::Write;
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{line}");
    }
}

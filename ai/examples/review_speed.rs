//! One review of the benchmark's game (`benches/review.rs`: the first self-play seed whose
//! Hnefatafl 11x11 game lasts 100 plies) at `ReviewBudget::STANDARD` (or `iterations` given)
//! on two threads, with its wall time. Run it under `/usr/bin/time` to read the CPU time too:
//! on a machine shared with other builds, CPU seconds / 2 is what an idle two-core machine
//! would take, which wall time alone cannot show.
//!
//! `/usr/bin/time -f "%e s wall, %U s user" target/release/examples/review_speed [iterations]`

use skald_ai::Budget;
use skald_ai::review::{ReviewBudget, analyse, self_play};
use skald_rules::{Action, Record, RuleSetId};
use std::time::Instant;

/// Plies of the reviewed game.
const PLIES: usize = 100;

/// The benchmark's game.
fn game() -> Option<Record> {
    let budget = Budget {
        iterations: 100,
        time_cap: None,
        rollout_plies: 60,
    };
    (1..50)
        .map(|seed| self_play(RuleSetId::Hnefatafl, seed, PLIES, budget))
        .find(|r| {
            r.actions
                .iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .count()
                == PLIES
        })
}

fn main() {
    let budget = ReviewBudget {
        iterations: std::env::args()
            .nth(1)
            .and_then(|a| a.parse().ok())
            .unwrap_or(ReviewBudget::STANDARD.iterations),
        ..ReviewBudget::STANDARD
    };
    let Some(record) = game() else {
        eprintln!("no self-play game lasted {PLIES} plies");
        return;
    };
    let start = Instant::now();
    match analyse(&record, budget, 1, 2, &|_, _| {}) {
        Ok(analysis) => println!(
            "{} iterations: {} turns reviewed in {:.1} s wall",
            budget.iterations,
            analysis.turns.len(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("{e}"),
    }
}

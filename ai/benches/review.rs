//! The review of a 100-ply Hnefatafl 11x11 game at `ReviewBudget::STANDARD` on two threads:
//! the target is at most 30 s on the 2-core machine (docs/ENGINE.md "Reviews").
//!
//! The game is the engine's self-play from a fixed seed (the first seed whose game lasts
//! 100 plies), so every run reviews the same moves.

use criterion::{Criterion, criterion_group, criterion_main};
use skald_ai::Budget;
use skald_ai::review::{ReviewBudget, ReviewPlan, analyse, self_play};
use skald_rules::{Action, Record, RuleSetId};
use std::hint::black_box;
use std::time::Duration;

/// Plies of the reviewed game.
const PLIES: usize = 100;

/// The fixed game: the first seed's self-play that lasts [`PLIES`] moves.
fn game() -> Record {
    let budget = Budget {
        iterations: 100,
        time_cap: None,
        rollout_plies: 60,
    };
    let moves = |r: &Record| {
        r.actions
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .count()
    };
    let mut last = None;
    for seed in 1..50 {
        let record = self_play(RuleSetId::Hnefatafl, seed, PLIES, budget);
        if moves(&record) == PLIES {
            println!("the game: self-play seed {seed}, {PLIES} plies");
            return record;
        }
        last = Some(record);
    }
    let record = last.unwrap_or_else(|| self_play(RuleSetId::Hnefatafl, 1, PLIES, budget));
    println!(
        "no game lasted {PLIES} plies; reviewing {} plies",
        moves(&record)
    );
    record
}

fn bench(c: &mut Criterion) {
    let record = game();
    if let Ok(plan) = ReviewPlan::new(&record) {
        println!("{} searches per review", plan.len());
    }
    let budget = ReviewBudget::STANDARD;
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("hnefatafl_100_plies_standard_2_threads", |b| {
        b.iter(|| black_box(analyse(&record, budget, 1, 2, &|_, _| {})))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

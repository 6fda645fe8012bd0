//! Speed of the rules: legal-move generation and whole random playouts, per rule set.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::{Position, RuleSetId, Status};
use std::hint::black_box;

/// A position some way into a seeded random game, where move generation is typical.
fn midgame(rs: RuleSetId, plies: u32) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut p = Position::start(rs, 42);
    p.roll_while_needed(&mut rng);
    while p.ply() < plies && !matches!(p.status(), Status::Over(_)) {
        let legal = p.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())].clone();
        if p.play(&mv).is_err() {
            break;
        }
        p.roll_while_needed(&mut rng);
    }
    p
}

/// One random game from the start to its end.
fn playout(rs: RuleSetId, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut p = Position::start(rs, seed);
    p.roll_while_needed(&mut rng);
    while !matches!(p.status(), Status::Over(_)) {
        let legal = p.legal_moves();
        let mv = &legal[rng.random_range(0..legal.len())];
        if p.play(mv).is_err() {
            break;
        }
        p.roll_while_needed(&mut rng);
    }
    p.ply()
}

fn benches(c: &mut Criterion) {
    for rs in RuleSetId::ALL {
        let p = midgame(rs, 10);
        c.bench_function(&format!("legal_moves/{rs}"), |b| {
            b.iter(|| black_box(&p).legal_moves())
        });
        let mut seed = 0u64;
        c.bench_function(&format!("random_playout/{rs}"), |b| {
            b.iter(|| {
                seed += 1;
                playout(rs, seed)
            })
        });
    }
}

criterion_group! {
    name = rules;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(rules);

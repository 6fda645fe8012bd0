//! Speed of the tafl rules (Copenhagen Hnefatafl and Brandubh) through their own typed API:
//! legal-move generation in a midgame position and whole random playouts, the way the
//! engine's Monte Carlo playouts drive them. Beside `rules.rs`'s Hnefatafl figures for
//! comparison.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::tafl::{Tafl, Variant};
use std::hint::black_box;

/// A position `plies` moves into a seeded random game.
fn midgame(variant: Variant, plies: u32) -> Tafl {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut game = Tafl::new(variant);
    let mut moves = Vec::new();
    while game.ply() < plies && game.finish().is_none() {
        game.legal_moves_into(&mut moves);
        if game.play(moves[rng.random_range(0..moves.len())]).is_err() {
            break;
        }
    }
    game
}

/// One random game from the start to its end, reusing one move buffer.
fn playout(variant: Variant, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Tafl::new(variant);
    let mut moves = Vec::with_capacity(128);
    while game.finish().is_none() {
        game.legal_moves_into(&mut moves);
        if game.play(moves[rng.random_range(0..moves.len())]).is_err() {
            break;
        }
    }
    game.ply()
}

fn benches(c: &mut Criterion) {
    for variant in Variant::ALL {
        let game = midgame(variant, 10);
        let mut moves = Vec::with_capacity(128);
        c.bench_function(&format!("legal_moves/{variant}"), |b| {
            b.iter(|| {
                black_box(&game).legal_moves_into(&mut moves);
                moves.len()
            })
        });
        let mut seed = 0u64;
        c.bench_function(&format!("random_playout/{variant}"), |b| {
            b.iter(|| {
                seed += 1;
                playout(variant, seed)
            })
        });
    }
}

criterion_group! {
    name = tafl;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(tafl);

//! Speed of the rules: legal-move generation and whole random playouts per rule set, through
//! the typed `Game` API (what an AI uses) and through the text API of `Position` (what the
//! session and the CLI use).

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::adelta::Adelta;
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::subulata::Subulata;
use skald_rules::tafl::Tafl;
use skald_rules::{Game, Position, RuleSetId, Status, dice};
use std::hint::black_box;

/// Rolls for as long as the game asks for dice.
fn roll_needed<G: Game>(g: &mut G, rng: &mut Xoshiro256PlusPlus) {
    while let Status::Roll { spec, .. } = g.status() {
        if g.roll(&dice::roll(spec, rng)).is_err() {
            break;
        }
    }
}

/// A position `plies` moves into a seeded random game, where move generation is typical.
fn midgame<G: Game>(rs: RuleSetId, plies: u32) -> G {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut g = G::start(rs, 42);
    roll_needed(&mut g, &mut rng);
    while g.ply() < plies && !matches!(g.status(), Status::Over(_)) {
        let legal = g.legal_moves();
        if g.play(legal[rng.random_range(0..legal.len())]).is_err() {
            break;
        }
        roll_needed(&mut g, &mut rng);
    }
    g
}

/// One random game from the start to its end, typed moves.
fn playout<G: Game>(rs: RuleSetId, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = G::start(rs, seed);
    roll_needed(&mut g, &mut rng);
    while !matches!(g.status(), Status::Over(_)) {
        let legal = g.legal_moves();
        if g.play(legal[rng.random_range(0..legal.len())]).is_err() {
            break;
        }
        roll_needed(&mut g, &mut rng);
    }
    g.ply()
}

/// One random game through `Position`, with moves as text.
fn text_playout(rs: RuleSetId, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut p = Position::start(rs, seed);
    p.roll_while_needed(&mut rng);
    while !matches!(p.status(), Status::Over(_)) {
        let legal = p.legal_moves();
        if p.play(&legal[rng.random_range(0..legal.len())]).is_err() {
            break;
        }
        p.roll_while_needed(&mut rng);
    }
    p.ply()
}

fn bench_game<G: Game>(c: &mut Criterion, rs: RuleSetId) {
    let g: G = midgame(rs, 10);
    c.bench_function(&format!("legal_moves/{rs}"), |b| {
        b.iter(|| black_box(&g).legal_moves())
    });
    let mut seed = 0u64;
    c.bench_function(&format!("random_playout/{rs}"), |b| {
        b.iter(|| {
            seed += 1;
            playout::<G>(rs, seed)
        })
    });
    let mut seed = 0u64;
    c.bench_function(&format!("random_playout_text/{rs}"), |b| {
        b.iter(|| {
            seed += 1;
            text_playout(rs, seed)
        })
    });
}

fn benches(c: &mut Criterion) {
    bench_game::<Adelta>(c, RuleSetId::Adelta);
    bench_game::<Adelta>(c, RuleSetId::AdeltaRustik);
    bench_game::<Hnefatafl>(c, RuleSetId::Hnefatafl);
    bench_game::<Hnefatafl>(c, RuleSetId::Hnefatafl13);
    bench_game::<Subulata>(c, RuleSetId::Subulata);
    bench_game::<Daldosa>(c, RuleSetId::Daldosa);
    bench_game::<Tafl>(c, RuleSetId::Copenhagen);
    bench_game::<Tafl>(c, RuleSetId::Brandubh);
}

criterion_group! {
    name = rules;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(rules);

//! Helpers shared by the engine's tests: random positions of every rule set.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_ai::{AiGame, Budget};
use skald_rules::{RuleSetId, Status, dice};
use std::time::Duration;

/// A tiny budget with no time cap, so tests stay quick and repeat exactly.
pub const TINY: Budget = Budget {
    iterations: 40,
    time_cap: None,
    rollout_plies: 40,
};

/// A budget that still finishes in milliseconds but lets the search see a few plies.
#[allow(dead_code)]
pub const SMALL: Budget = Budget {
    iterations: 400,
    time_cap: Some(Duration::from_secs(5)),
    rollout_plies: 60,
};

/// The position after `plies` random steps (and the rolls they need) from the start of
/// `rule_set`, all from `seed`; it may be over.
pub fn random_position<G: AiGame>(rule_set: RuleSetId, seed: u64, plies: u32) -> G {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut state = G::start(rule_set, seed);
    let mut steps = 0;
    while steps < plies {
        match state.status() {
            Status::Over(_) => break,
            Status::Roll { spec, .. } => {
                let d = dice::roll(spec, &mut rng);
                state.roll(&d).expect("a valid roll");
            }
            Status::Move { .. } => {
                let moves = state.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                state.play(mv).expect("a legal move");
                steps += 1;
            }
        }
    }
    // Leave the position with a move to choose when one comes next.
    while let Status::Roll { spec, .. } = state.status() {
        let d = dice::roll(spec, &mut rng);
        state.roll(&d).expect("a valid roll");
    }
    state
}

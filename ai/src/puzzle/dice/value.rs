//! The mover's win chance after a use of the roll: the game's end where the use ends it,
//! else the engine's search of the position reached, read as a review reads a position
//! awaiting a roll (each roll valued by the reply the search chose most after it, weighted
//! by how often the roll fell).

use crate::mcts::{self, Sight};
use crate::review::chance_value;
use crate::{AiGame, Budget};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{Seat, Status};

/// `mover`'s chance of winning from `after` (0 to 1; a draw counts half), searched with
/// `iterations` and playouts of `rollout_plies` from an RNG seeded by `seed`.
pub(super) fn mover_chance<G: AiGame>(
    after: &G,
    mover: Seat,
    iterations: u32,
    rollout_plies: u32,
    seed: u64,
) -> f64 {
    if let Status::Over(outcome) = after.status() {
        return match outcome.winner {
            Some(w) if w == mover => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let budget = Budget {
        iterations: iterations.max(1),
        time_cap: None,
        rollout_plies,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let tree = mcts::search_tree(after, mover, Sight::Everything, &[], budget, &mut rng);
    let root = tree.root();
    let first_seat = match after.status() {
        Status::Roll { .. } => chance_value(&tree, root),
        // A step still to choose (not reached after a whole use, kept for completeness):
        // the chosen move's mean, as a review's preferred line.
        _ => tree
            .most_visited(root)
            .and_then(|(_, child)| tree.mean_a(child))
            .or_else(|| tree.mean_a(root))
            .unwrap_or(0.5),
    };
    match mover {
        Seat::A => first_seat,
        Seat::B => 1.0 - first_seat,
    }
}

//! Games the engine plays against itself, as records: what the review's benchmark, its
//! stability figure and its tests review, made the same way on every machine.

use crate::{Budget, PositionView, choose_for_view};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{Match, Record, RuleSetId, Status};

/// The record of a game of `rule_set` the engine plays against itself with `budget` (no
/// time cap is added: give one without, so the game is the same everywhere), from `seed`
/// (set-up, dice and every search), stopped after `plies` moves or at the end.
pub fn self_play(rule_set: RuleSetId, seed: u64, plies: usize, budget: Budget) -> Record {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut game, _) = Match::new(rule_set, seed, &mut rng);
    for ply in 0..plies {
        let Status::Move { seat } = game.position().status() else {
            break;
        };
        let Ok(view) = PositionView::new(game.position(), seat) else {
            break;
        };
        let Some(mv) = choose_for_view(&view, Some(budget), seed ^ ((ply as u64) << 20)) else {
            break;
        };
        if game.play_move(mv, &mut rng).is_err() {
            break;
        }
    }
    game.record().clone()
}

//! One point of a review searched: the first seat's chance there, the engine's preferred line
//! (a move; a dice turn's steps) and what the line actually played scored in the same tree.

use super::plan::Point;
use super::{PointEval, ReviewBudget};
use crate::mcts::{self, NodeId, SearchTree, Sight};
use crate::{AiGame, Budget};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{Seat, Status, with_game};

/// The RNG seed of the `index`th search of a review seeded by `seed`: mixed (SplitMix64) so
/// neighbouring indices and seeds give unrelated streams.
pub(crate) fn point_seed(seed: u64, index: usize) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(index as u64))
}

/// Searches `point` with `budget` and an RNG seeded by `seed`.
pub(super) fn search_point(point: &Point, budget: ReviewBudget, seed: u64) -> PointEval {
    let budget = Budget {
        iterations: budget.iterations.max(1),
        time_cap: None,
        rollout_plies: budget.rollout_plies,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    with_game!(&point.position, g => evaluate(g, point, budget, &mut rng))
}

/// Fewest iterations through a line's last node for its mean to stand for the line: a line
/// tried less is valued by the next position's own search instead.
fn min_visits(budget: Budget) -> u32 {
    (budget.iterations / 50).max(10)
}

/// The search of one typed position.
fn evaluate<G: AiGame>(game: &G, point: &Point, budget: Budget, rng: &mut StdRng) -> PointEval {
    let played = point.played.as_deref().map(|p| typed_line(game, p));
    let focus = played.as_deref().unwrap_or(&[]);
    let tree = mcts::search_tree(game, point.me, Sight::Everything, focus, budget, rng);
    let Status::Move { seat: mover } = game.status() else {
        // A roll is awaited: the rolls' values, weighted by how often the search drew each.
        let value = chance_value(&tree, tree.root());
        return PointEval {
            value,
            best: Vec::new(),
            best_value: value,
            played_value: None,
        };
    };
    // The position's chance is its best line's: a root's own mean would count every move
    // the search only tried to rule out.
    let (best, best_value) = best_line(game, mover, &tree, budget, rng);
    let best_text: Vec<String> = best.iter().map(ToString::to_string).collect();
    let played_value = match (&point.played, &played) {
        (Some(text), _) if *text == best_text => Some(best_value),
        (Some(text), Some(line)) if line.len() == text.len() => line_node(&tree, line)
            .filter(|&n| tree.visits(n) >= min_visits(budget))
            .and_then(|n| tree.mean_a(n)),
        _ => None,
    };
    PointEval {
        value: best_value,
        best: best_text,
        best_value,
        played_value,
    }
}

/// The moves of `played` (canonical text) as typed moves from `game`, as far as they play.
fn typed_line<G: AiGame>(game: &G, played: &[String]) -> Vec<G::Move> {
    let mut state = game.clone();
    let mut line = Vec::new();
    for text in played {
        let Ok(mv) = state.parse_move(text) else {
            break;
        };
        if state.play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

/// A chance node's value for the first seat: each roll valued by the move the search chose
/// most after it (the mover's own view of the roll), weighted by how often the roll fell.
pub(crate) fn chance_value<M: Copy + PartialEq>(tree: &SearchTree<M>, node: NodeId) -> f64 {
    let mut sum = 0.0;
    let mut weight = 0.0;
    for roll in tree.rolls(node) {
        let value = tree
            .most_visited(roll)
            .and_then(|(_, c)| tree.mean_a(c))
            .or_else(|| tree.mean_a(roll));
        if let Some(v) = value {
            let w = f64::from(tree.visits(roll));
            sum += w * v;
            weight += w;
        }
    }
    if weight > 0.0 {
        sum / weight
    } else {
        tree.mean_a(node).unwrap_or(0.5)
    }
}

/// The engine's preferred line for `mover` from `game`: the most visited move, then (dice
/// games) the most visited next step for as long as the mover keeps moving. Where the tree
/// knows too little of a step, the rest of the turn is followed in a fresh search of a
/// quarter of the budget from there (same RNG stream, so still deterministic). The value is
/// the first seat's mean at the line's deepest node the main tree tried often enough (at
/// least its first move's).
fn best_line<G: AiGame>(
    game: &G,
    mover: Seat,
    tree: &SearchTree<G::Move>,
    budget: Budget,
    rng: &mut StdRng,
) -> (Vec<G::Move>, f64) {
    let mut line = Vec::new();
    let mut state = game.clone();
    let mut value = tree.mean_a(tree.root()).unwrap_or(0.5);
    let mut fresh: Option<SearchTree<G::Move>> = None;
    // Where the line stands in the tree it is read from, and whether that is its root.
    let mut node = tree.root();
    let mut at_root = true;
    while state.status() == (Status::Move { seat: mover }) {
        let reading = fresh.as_ref().unwrap_or(tree);
        let known = reading
            .most_visited(node)
            .filter(|&(_, c)| at_root || reading.visits(c) >= min_visits(budget));
        let Some((mv, child)) = known else {
            if at_root && fresh.is_some() {
                // Even a fresh search found nothing to play.
                break;
            }
            let quarter = Budget {
                iterations: (budget.iterations / 4).max(1),
                ..budget
            };
            let sub = mcts::search_tree(&state, mover, Sight::Everything, &[], quarter, rng);
            node = sub.root();
            fresh = Some(sub);
            at_root = true;
            continue;
        };
        if fresh.is_none()
            && let Some(v) = tree.mean_a(child)
        {
            value = v;
        }
        if state.play(mv).is_err() {
            break;
        }
        line.push(mv);
        node = child;
        at_root = false;
    }
    (line, value)
}

/// The node the moves of `line` lead to from the root, if the search tried the whole line.
fn line_node<M: Copy + PartialEq>(tree: &SearchTree<M>, line: &[M]) -> Option<NodeId> {
    let mut node = tree.root();
    for &mv in line {
        node = tree.child(node, mv)?;
    }
    Some(node)
}

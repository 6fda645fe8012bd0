//! Playout policies: how a playout picks its moves once the search leaves the tree.
//!
//! Uniformly random playouts mislead the search where the obvious move decides the game: in
//! Hnefatafl random attackers almost never stop a king that has an open line to a corner, so
//! every playout looks won for the defenders and the attackers' search finds no plan. A
//! game's policy plays the moves a beginner would not miss and leaves the rest to chance
//! (Hnefatafl's is in [`crate::hnefatafl`], Daldøsa's in [`crate::daldosa`]); the other games
//! keep uniformly random playouts.

use rand::{Rng, RngExt};

/// A uniformly random move of `moves` (which is not empty).
pub(crate) fn uniform<M: Copy, R: Rng + ?Sized>(moves: &[M], rng: &mut R) -> M {
    moves[rng.random_range(0..moves.len())]
}

/// The moves a playout policy picks in 50 tries from one seed, as text: what the policies'
/// position tests compare with the moves they expect.
#[cfg(test)]
pub(crate) fn picks<G: skald_rules::Game>(
    game: &G,
    policy: impl Fn(&G, &[G::Move], &mut rand::rngs::StdRng) -> G::Move,
) -> std::collections::HashSet<String> {
    use rand::SeedableRng;
    let moves = game.legal_moves();
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    (0..50)
        .map(|_| policy(game, &moves, &mut rng).to_string())
        .collect()
}

//! The engine's entry point: a move for the seat to move, at a level.

use crate::{AiGame, Budget, Level, SeatView, mcts};
use rand::{Rng, RngExt};
use skald_rules::Status;

/// Chooses a move for the view's seat, or `None` when that seat is not to move (a roll is
/// pending, the game is over, or it is the opponent's turn) or has no legal move.
///
/// A move that wins at once is always taken (except at [`Level::Random`]); a lone legal move
/// is played without searching. Otherwise the level's budget of tree search decides. The
/// answer depends only on the view, the level and `rng` (unless the time cap cuts a search).
pub fn choose_move<G: AiGame, R: Rng + ?Sized>(
    view: &SeatView<G>,
    level: Level,
    rng: &mut R,
) -> Option<G::Move> {
    choose_with_budget(view, level.budget(), rng)
}

/// [`choose_move`] with an explicit budget (`None`: a random move), for tests and the match
/// harness's scaled-down levels.
pub fn choose_with_budget<G: AiGame, R: Rng + ?Sized>(
    view: &SeatView<G>,
    budget: Option<Budget>,
    rng: &mut R,
) -> Option<G::Move> {
    let me = view.seat();
    let position = view.position();
    if position.status() != (Status::Move { seat: me }) {
        return None;
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let Some(budget) = budget else {
        return Some(moves[rng.random_range(0..moves.len())]);
    };
    // A win at once is taken (in the view: a Subulata win counts only when every possible
    // hidden value gives it).
    if moves.len() == 1 {
        return moves.first().copied();
    }
    if let Some(win) = mcts::winning_move(position, &moves, me) {
        return Some(win);
    }
    mcts::search(position, me, budget, rng).or_else(|| moves.first().copied())
}

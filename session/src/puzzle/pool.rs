//! Where a community's puzzles come from: the starter set shipped with Skald (every
//! community has puzzles on its first day) and the puzzles mined from its own games, each
//! with the rating this community's solvers gave it.

use crate::command::PuzzleScope;
use skald_model::puzzle::{Puzzle, PuzzleFamily, PuzzleRating, PuzzleRoom};

/// A puzzle's rating in `room`: as its solvers moved it, else its file's starting rating.
pub(super) fn rating_in(room: &PuzzleRoom, puzzle: &Puzzle) -> PuzzleRating {
    room.ratings
        .get(&puzzle.id())
        .copied()
        .unwrap_or_else(|| PuzzleRating::new_puzzle(puzzle.rating))
}

/// Whether `puzzle` is one `scope` asks for.
pub(super) fn in_scope(puzzle: &Puzzle, scope: PuzzleScope) -> bool {
    match scope {
        PuzzleScope::RuleSet(r) => puzzle.rule_set == r,
        PuzzleScope::Family(f) => puzzle.family() == f,
    }
}

/// Every puzzle `room` offers in `family`: its own first, then the starter set's.
pub(super) fn puzzles_of(
    room: &PuzzleRoom,
    family: Option<PuzzleFamily>,
) -> impl Iterator<Item = &Puzzle> {
    room.mined
        .iter()
        .chain(skald_model::puzzle::starter().iter())
        .filter(move |p| family.is_none_or(|f| p.family() == f))
}

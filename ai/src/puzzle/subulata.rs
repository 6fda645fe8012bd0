//! Subulata in the prover: a position is proven only with every value known (the notation a
//! finished game shows, `Viewer::Final`), where the game is one of perfect information and
//! the rules' own scoring names the winner at the end.

use skald_rules::coords::Square;
use skald_rules::subulata::{SIZE, Subulata};

/// Whether every piece on the board has its value: only then does the rules' scoring name a
/// winner that no hidden value could change, so a claimed win is exact.
pub(super) fn every_value_known(game: &Subulata) -> bool {
    (0..SIZE).all(|rank| {
        (0..SIZE).all(|file| {
            game.piece(Square::new(file, rank))
                .is_none_or(|piece| piece.value.is_some())
        })
    })
}

//! The engine for callers that hold positions as text (the session): one entry point for
//! every rule set.

use crate::{Budget, SeatView, choose_with_budget};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::adelta::Adelta;
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::subulata::Subulata;
use skald_rules::{PositionError, RuleSetId, Seat};

/// Chooses a move for `seat` in `position` (any position string of `rule_set`; it is redacted
/// to `seat`'s view before the search sees it) with `budget` (a level's, `None` for a random
/// move) and an RNG seeded by `seed`, and returns it in the game's notation; `None` when
/// `seat` has nothing to play.
pub fn choose_move_text(
    rule_set: RuleSetId,
    position: &str,
    seat: Seat,
    budget: Option<Budget>,
    seed: u64,
) -> Result<Option<String>, PositionError> {
    fn pick<G: crate::AiGame>(
        rule_set: RuleSetId,
        position: &str,
        seat: Seat,
        budget: Option<Budget>,
        seed: u64,
    ) -> Result<Option<String>, PositionError> {
        let game = G::from_notation(rule_set, position)?;
        let view = SeatView::new(&game, seat)?;
        let mut rng = StdRng::seed_from_u64(seed);
        Ok(choose_with_budget(&view, budget, &mut rng).map(|mv| mv.to_string()))
    }
    match rule_set {
        RuleSetId::Adelta | RuleSetId::AdeltaRustik => {
            pick::<Adelta>(rule_set, position, seat, budget, seed)
        }
        RuleSetId::Hnefatafl | RuleSetId::Hnefatafl13 => {
            pick::<Hnefatafl>(rule_set, position, seat, budget, seed)
        }
        RuleSetId::Subulata => pick::<Subulata>(rule_set, position, seat, budget, seed),
        RuleSetId::Daldosa => pick::<Daldosa>(rule_set, position, seat, budget, seed),
    }
}

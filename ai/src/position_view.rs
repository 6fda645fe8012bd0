//! The engine for callers that hold a game-neutral [`Position`] (the session): one typed
//! entry point for every rule set, dispatched through the rules' registry.

use crate::{AiGame, Budget, SeatView, choose_with_budget};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{AnyMove, Family, Position, PositionError, RuleSetId, Seat, Status, with_game};

/// A position of any rule set as one seat sees it: what the session hands the engine.
///
/// The game-neutral twin of [`SeatView`]: the only constructor redacts through
/// [`SeatView::new`], so the opponent's hidden values (Subulata) are unknown in it and a
/// caller cannot hand the engine the full position by accident. Holding the position typed
/// means the engine never reads notation text back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionView {
    position: Position,
    seat: Seat,
}

impl PositionView {
    /// The view of `position` for `seat`: whatever that seat may not see is gone.
    pub fn new(position: &Position, seat: Seat) -> Result<PositionView, PositionError> {
        with_game!(position, g => {
            let view = SeatView::new(g, seat)?;
            Ok(PositionView {
                position: view.into_redacted().into_position(),
                seat,
            })
        })
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The redacted position (what the seat may see, and nothing else).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rule set played.
    pub fn rule_set(&self) -> RuleSetId {
        self.position.rule_set()
    }

    /// Moves (steps) played since the start: a caller compares it with the game when the
    /// engine's answer comes back, to refuse an answer to a position that has moved on.
    pub fn ply(&self) -> u32 {
        self.position.ply()
    }

    /// Who acts next, or the outcome.
    pub fn status(&self) -> Status {
        self.position.status()
    }
}

/// Chooses a move for the view's seat with `budget` (a level's, `None` for a random move)
/// and an RNG seeded by `seed`; `None` when that seat has nothing to play. The same inputs
/// give the same move as [`crate::choose_with_budget`] on the family's own [`SeatView`].
pub fn choose_for_view(view: &PositionView, budget: Option<Budget>, seed: u64) -> Option<AnyMove> {
    with_game!(&view.position, g => {
        pick(SeatView::from_redacted(g.clone(), view.seat), budget, seed)
    })
}

/// The search on one family's view, its answer wrapped as an [`AnyMove`].
fn pick<G: AiGame>(view: SeatView<G>, budget: Option<Budget>, seed: u64) -> Option<AnyMove> {
    let mut rng = StdRng::seed_from_u64(seed);
    choose_with_budget(&view, budget, &mut rng).map(G::into_any_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;
    use skald_rules::subulata::Subulata;
    use skald_rules::{Game, Viewer, with_rules};

    #[test]
    fn a_subulata_position_view_holds_no_opponent_value() {
        let full = Position::start(RuleSetId::Subulata, 3);
        for seat in Seat::BOTH {
            let view = PositionView::new(&full, seat).expect("view");
            crate::view::tests::assert_hides_opponent(
                &view.position().to_notation(Viewer::Final),
                seat,
            );
        }
    }

    #[test]
    fn the_view_picks_what_the_family_search_picks() {
        let budget = Level::Easy.budget().map(|b| b.scaled(0.05));
        for id in RuleSetId::ALL {
            let mut position = Position::start(id, 5);
            let mut rng = StdRng::seed_from_u64(5);
            position.roll_while_needed(&mut rng);
            let Some(seat) = position.status().seat() else {
                panic!("{id}: someone moves first");
            };
            let view = PositionView::new(&position, seat).expect("view");
            let any = choose_for_view(&view, budget, 9);
            assert!(any.is_some(), "{id}");
            let typed = with_rules!(id, G => {
                let game = G::from_notation(id, &position.to_notation(Viewer::Final))
                    .expect("reads back");
                let family = SeatView::new(&game, seat).expect("view");
                choose_with_budget(&family, budget, &mut StdRng::seed_from_u64(9))
                    .map(|m| m.to_string())
            });
            assert_eq!(any.map(|m| m.to_string()), typed, "{id}");
            let idle = PositionView::new(&position, seat.other()).expect("view");
            assert_eq!(
                choose_for_view(&idle, budget, 9),
                None,
                "{id}: not its turn"
            );
        }
    }

    #[test]
    fn a_full_subulata_position_and_its_view_differ() {
        let full = Subulata::start(RuleSetId::Subulata, 3).into_position();
        let view = PositionView::new(&full, Seat::A).expect("view");
        assert_ne!(view.position(), &full, "the view is not the full position");
    }
}

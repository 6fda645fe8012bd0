//! The position as one seat sees it: the engine's only input.

use skald_rules::{Game, PositionError, Seat, Viewer};

/// A position as `seat` may see it: built from the seat's own position string, so the
/// opponent's hidden values (Subulata) are unknown in it.
///
/// The engine takes only this type, and the only way to build one redacts the position, so a
/// caller cannot hand the engine the full position by accident.
#[derive(Clone, Debug)]
pub struct SeatView<G: Game> {
    position: G,
    seat: Seat,
}

impl<G: Game> SeatView<G> {
    /// The view of `position` for `seat`: written with `Viewer::Seat(seat)` and read back, so
    /// whatever that seat may not see is gone.
    pub fn new(position: &G, seat: Seat) -> Result<SeatView<G>, PositionError> {
        let text = position.to_notation(Viewer::Seat(seat));
        let position = G::from_notation(position.rule_set(), &text)?;
        Ok(SeatView { position, seat })
    }

    /// A view from a position that is already redacted for `seat` (a [`crate::PositionView`]'s,
    /// built by [`SeatView::new`]): no second round trip.
    pub(crate) fn from_redacted(position: G, seat: Seat) -> SeatView<G> {
        SeatView { position, seat }
    }

    /// The redacted position, handed over (a [`crate::PositionView`] keeps it).
    pub(crate) fn into_redacted(self) -> G {
        self.position
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The redacted position (crate-internal: the search starts from it).
    pub(crate) fn position(&self) -> &G {
        &self.position
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use skald_rules::subulata::Subulata;
    use skald_rules::{Game, RuleSetId};

    #[test]
    fn a_subulata_view_holds_no_opponent_value() {
        let full = Subulata::start(RuleSetId::Subulata, 3);
        for seat in Seat::BOTH {
            let view = SeatView::new(&full, seat).expect("view");
            assert_hides_opponent(&view.position().to_notation(Viewer::Final), seat);
        }
    }

    /// Asserts a Subulata view's full notation (`Viewer::Final`) shows `seat`'s nine values
    /// and none of the opponent's (`W?`/`B?` for an unknown value). Shared by the tests of
    /// every view type.
    pub(crate) fn assert_hides_opponent(text: &str, seat: Seat) {
        let (mine, theirs) = match seat {
            Seat::A => ('W', 'B'),
            Seat::B => ('B', 'W'),
        };
        assert_eq!(text.matches(&format!("{theirs}?")).count(), 9, "{text}");
        assert_eq!(text.matches(&format!("{mine}?")).count(), 0, "{text}");
    }
}

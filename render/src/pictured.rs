//! What the pictures need from each game family's rules type, one impl per family, selected
//! by the rules' registry ([`skald_rules::with_rules!`] for a rule-set id,
//! [`skald_rules::with_game!`] for a position) instead of a `match` on ids here.

use crate::dice::Die;
use crate::frame::{Header, LastMove};
use crate::pieces::Tone;
use skald_rules::{Game, RuleSetId, Seat, Viewer, with_rules};

/// A game family the renderer can draw.
///
/// Exists so adding a game family to the registry makes the renderer fail to compile until
/// the family says how it looks, rather than falling through a forgotten `match`. The impls
/// live next to each family's scene (`hnefatafl.rs`, `adelta.rs`, ...).
pub(crate) trait Pictured: Game {
    /// The die this family throws, if any.
    const DIE: Option<Die> = None;

    /// The seat whose legend icon wears a crown (Hnefatafl's defenders, who have the king).
    const CROWNED: Option<Seat> = None;

    /// The look of `seat`'s pieces (by default White is light and Black dark).
    fn seat_tone(seat: Seat) -> Tone {
        Tone::of_seat(seat)
    }

    /// The board side a scene of `rule_set` has, for a family drawn on a square grid of
    /// several sizes (the tafl games: 7, 11, 13); `None` for the others, whose scenes check
    /// their shape themselves.
    fn board_side(rule_set: RuleSetId) -> Option<u8> {
        let _ = rule_set;
        None
    }

    /// The family's own scene type (the scene dispatch above the games turns it into a
    /// `Scene`, so this leaf never names the dispatch).
    type Scene;

    /// The scene of this position as `viewer` sees it, under `header`, with `last_move`
    /// marked. Holds only what the viewer may see ([`Viewer::sees`]).
    fn scene(&self, viewer: Viewer, header: Header, last_move: LastMove) -> Self::Scene;
}

/// The look of `seat`'s pieces in `rule_set` (the attackers are the dark side in Hnefatafl).
pub(crate) fn seat_tone(rule_set: RuleSetId, seat: Seat) -> Tone {
    with_rules!(rule_set, G => <G as Pictured>::seat_tone(seat))
}

/// The dice this rule set throws, if any.
pub(crate) fn die_of(rule_set: RuleSetId) -> Option<Die> {
    with_rules!(rule_set, G => <G as Pictured>::DIE)
}

/// The board side of `rule_set`'s scenes, for the grid families (see
/// [`Pictured::board_side`]).
pub(crate) fn board_side(rule_set: RuleSetId) -> Option<u8> {
    with_rules!(rule_set, G => <G as Pictured>::board_side(rule_set))
}

/// Whether `seat`'s legend icon in `rule_set` wears a crown.
pub(crate) fn crowned(rule_set: RuleSetId, seat: Seat) -> bool {
    with_rules!(rule_set, G => <G as Pictured>::CROWNED == Some(seat))
}

/// The colour of `seat`'s pieces in `rule_set`, as the boards draw them.
///
/// Public so pictures beside the boards (the win-chance graph's areas) show each seat in
/// the colour it has on the board.
pub fn piece_tone(rule_set: RuleSetId, seat: Seat) -> Tone {
    seat_tone(rule_set, seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LastMove;
    use skald_rules::Position;

    /// Every rule set, dispatched through the registry, draws a scene of its own rule set.
    #[test]
    fn every_rule_set_has_a_picture() {
        for id in RuleSetId::ALL {
            let position = Position::start(id, 1);
            let scene = crate::scene(
                &position,
                Viewer::Public,
                [None, None],
                LastMove::none(),
                skald_lang::Lang::En,
            );
            assert_eq!(scene.header().rule_set, id);
            assert!(crate::render_png(&scene).is_ok(), "{id}");
            assert_eq!(die_of(id).is_some(), id.uses_dice(), "{id}");
        }
    }
}

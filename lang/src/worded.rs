//! What the words need from each game family's rules type, one impl per family (beside its
//! text board in `board_words.rs`), selected by the rules' registry
//! ([`skald_rules::with_rules!`], [`skald_rules::with_game!`]) instead of a `match` on ids.

use crate::Text;
use skald_rules::{Game, Position, RuleSetId, Seat, Viewer, with_game, with_rules};

/// The seat keys of the tafl games: the attackers (seat A) and the defenders.
pub(crate) const ATTACKERS_DEFENDERS: [&str; 2] = ["attackers", "defenders"];

/// A game family the words can describe.
///
/// Exists so registering a game family makes this crate fail to compile until the family
/// says what its sides are called and how its text board reads, and so a new rule set of an
/// existing family needs no line here at all.
pub(crate) trait Worded: Game {
    /// The keys messages select a side by, seat A first (`white`/`black` unless the family
    /// says otherwise): each key has its `rules-seat-<key>` message.
    const SEAT_KEYS: [&'static str; 2] = ["white", "black"];

    /// The text board's lines below nothing: where the game stands, the grid (`grid`, the
    /// rules' letters) and what the pieces are, as `viewer` may see them.
    fn board_lines(&self, viewer: Viewer, grid: Text) -> Vec<Text>;
}

/// The key of `seat` in `rule_set` (see [`Worded::SEAT_KEYS`]).
pub(crate) fn seat_key(rule_set: RuleSetId, seat: Seat) -> &'static str {
    with_rules!(rule_set, G => <G as Worded>::SEAT_KEYS[seat.index()])
}

/// The text board's lines of `position` for `viewer`.
pub(crate) fn board_lines(position: &Position, viewer: Viewer) -> Vec<Text> {
    let grid = Text::verbatim(position.text_grid(viewer));
    with_game!(position, g => g.board_lines(viewer, grid))
}

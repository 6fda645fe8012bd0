//! The evaluation of a cut-off Hnefatafl playout: how near the king is to a corner, and the
//! soldiers each side has lost.
//!
//! Long playouts say little about a Hnefatafl position: from the start the defenders win
//! about half of them and the attackers almost none, whatever the attackers did first, so an
//! attacking search could not tell a good plan from a bad one. Playouts therefore stop after
//! [`ROLLOUT_LIMIT`] plies and this evaluation scores the position: mostly by the king moves
//! the king needs to reach a corner if nothing else moved (one is a threat, more than three a
//! cage), and by material.

use super::{Grid, at};
use skald_rules::Seat;
use skald_rules::hnefatafl::TaflBoard;

/// Plies a Hnefatafl playout runs before [`defenders_value`] scores it. Measured in 13x13
/// (hard attackers against easy defenders, same seeds): with 200-ply playouts and the old
/// evaluation hard won 0 of 6; with 20-ply playouts and this evaluation 4 of 6 and a draw.
pub(crate) const ROLLOUT_LIMIT: u32 = 20;

/// What the king's route to a corner is worth to the defenders (added to an even 0.5), by
/// the king moves it takes: one move the attackers can still block, two, three, more.
const ROUTE: [f64; 4] = [0.25, 0.1, 0.0, -0.15];

/// A king who can reach a corner next move whatever the attackers do.
const ESCAPING: f64 = 0.95;

/// The weight of material: the share of attackers lost minus the share of defenders lost.
const MATERIAL: f64 = 0.3;

/// The defenders' prospects in 0..=1 from the king's route to a corner and material (the
/// attackers' are one minus this).
pub(crate) fn defenders_value<G: TaflBoard>(game: &G) -> f64 {
    let Some(king_square) = game.king() else {
        return 0.0;
    };
    let king = at(king_square);
    let mut grid = Grid::of(game);
    let distance = grid.corner_distance(king, 3);
    if distance == Some(1) && (game.side_to_move() == Seat::B || grid.unstoppable(king)) {
        return ESCAPING;
    }
    let route = ROUTE[distance.map_or(3, |d| usize::from(d - 1))];
    let (attackers, defenders) = game.armies();
    let share = |lost: u8, army: u8| f64::from(lost) / f64::from(army.max(1));
    let attackers_lost = share(game.captured(Seat::A), attackers);
    let defenders_lost = share(game.captured(Seat::B), defenders);
    (0.5 + MATERIAL * (attackers_lost - defenders_lost) + route).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::hnefatafl::Hnefatafl;
    use skald_rules::{Game, RuleSetId};

    fn value(text: &str) -> f64 {
        let game = Hnefatafl::from_notation(RuleSetId::Hnefatafl, text).expect("position");
        defenders_value(&game)
    }

    /// Four attackers on b2, j2, b10 and j10; the king on the throne needs two moves
    /// (f6-f1, f1-a1).
    const TWO_MOVES: &str = "11/1A7A1/11/11/11/5K5/11/11/11/1A7A1/11";

    #[test]
    fn a_king_with_an_open_corner_is_almost_a_win() {
        // The king on a5 sees a1 and a11: the defenders take one, the attackers block one.
        let open = "11/11/11/11/11/11/K10/11/11/5A5/11";
        assert_eq!(value(&format!("{open} d 21 -")), ESCAPING);
        assert_eq!(value(&format!("{open} a 20 -")), ESCAPING);
    }

    #[test]
    fn a_line_the_attackers_can_block_is_worth_less_than_an_escape() {
        // The king on a5 sees only a1 (a8 is taken), and f2-a2 can block it.
        let blockable = value("11/11/11/A10/11/11/K10/11/11/5A5/11 a 20 -");
        assert!(blockable < ESCAPING && blockable > 0.5, "{blockable}");
    }

    #[test]
    fn the_fewer_moves_the_king_needs_the_better_for_the_defenders() {
        // The same four attackers on d6, h6, f4 and f8: the king needs three moves.
        let three = value("11/11/11/5A5/11/3A1K1A3/11/5A5/11/11/11 a 20 -");
        let two = value(&format!("{TWO_MOVES} a 20 -"));
        assert!(two > three, "two moves {two}, three moves {three}");
    }

    #[test]
    fn a_king_walled_in_is_worth_least() {
        // The same attackers and four defenders: around the king on f6 (no move at all), or
        // on c9, i9, c3 and i3 (out of his way).
        let walled = value("11/1A7A1/11/11/5D5/4DKD4/5D5/11/11/1A7A1/11 a 20 -");
        let free = value("11/1A7A1/2D5D2/11/11/5K5/11/11/2D5D2/1A7A1/11 a 20 -");
        assert!(free > walled, "free {free}, walled in {walled}");
    }

    #[test]
    fn capturing_an_attacker_raises_the_defenders_value() {
        let four = value(&format!("{TWO_MOVES} a 20 -"));
        let three = value("11/1A9/11/11/11/5K5/11/11/11/1A7A1/11 a 20 -");
        assert!(three > four, "three attackers {three}, four {four}");
    }
}

//! Daldøsa's playout policy: take a peg when a step can, and keep one's own pegs on the board.
//!
//! A player with no peg on the board loses, whether their pegs were taken or ran off the end
//! of their path. Uniformly random playouts take pegs only by chance and run their own off as
//! readily as anything, so they said little about who was ahead: a search ten times larger
//! (`normal` against `easy`) scored about even. With this policy the same pair scores well
//! above even (README, "Measured strength").

use crate::playout::uniform;
use rand::Rng;
use skald_rules::daldosa::{Daldosa, Move};

/// Daldøsa's playout step from `moves` (the legal steps, not empty): a capture if there is
/// one, else a step that keeps the peg on the board, else any step.
pub(crate) fn playout_move<R: Rng + ?Sized>(game: &Daldosa, moves: &[Move], rng: &mut R) -> Move {
    let enemy = game.side().other();
    let captures: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| matches!(game.target(mv), Some(Some(cell)) if game.hole(cell).owner() == Some(enemy)))
        .collect();
    if !captures.is_empty() {
        return uniform(&captures, rng);
    }
    let staying: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| !matches!(game.target(mv), Some(None)))
        .collect();
    if staying.is_empty() {
        uniform(moves, rng)
    } else {
        uniform(&staying, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::{Game, RuleSetId};
    use std::collections::HashSet;

    fn picks(text: &str) -> HashSet<String> {
        let game = Daldosa::from_notation(RuleSetId::Daldosa, text).expect("position");
        crate::playout::picks(&game, playout_move)
    }

    #[test]
    fn a_step_that_takes_a_peg_is_played() {
        // White on w1 and m12 with a 3: m12+3 lands on Black's peg on m9, w1+3 on nothing.
        let picked = picks("W.........ww/........B..W/bbbbbbbbbbb. w 3 10 0,0");
        assert_eq!(picked, HashSet::from(["m12+3".to_string()]));
    }

    #[test]
    fn a_peg_is_not_run_off_while_another_step_exists() {
        // White on w1 and b11 with a 3: b11+3 would leave the board.
        let picked = picks("W..........w/............/bbbbbbbbb.W. w 3 10 0,0");
        assert_eq!(picked, HashSet::from(["w1+3".to_string()]));
    }

    #[test]
    fn a_peg_runs_off_when_nothing_else_can_move() {
        let picked = picks("............/............/bbbbbbbbb.W. w 3 10 0,0");
        assert_eq!(picked, HashSet::from(["b11+3".to_string()]));
    }

    #[test]
    fn otherwise_the_step_is_random() {
        // Three active White pegs, a 2 to use, nothing to take and nobody near the end.
        let picked = picks("W..W..W....w/............/bbbbbbbbbbbb w 2 10 0,0");
        assert!(picked.len() >= 2, "{picked:?}");
    }
}

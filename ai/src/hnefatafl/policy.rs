//! Hnefatafl's playout policy: the king's threats to reach a corner, and the answers to them.
//!
//! The defenders take an open corner, or else move the king where he threatens a corner in a
//! way one move cannot stop (two open lines, or a line no attacker can reach). The attackers
//! block an open line, or else play a move after which the king has no such threat. Anything
//! else is a uniformly random move. Captures are ignored when the policy looks ahead: it is a
//! guide for playouts, not a rule.

use super::{Grid, at, square};
use crate::playout::uniform;
use rand::Rng;
use skald_rules::Seat;
use skald_rules::hnefatafl::{Move, TaflBoard};

/// Hnefatafl's playout move from `moves` (the legal moves, not empty).
pub(crate) fn playout_move<G: TaflBoard, R: Rng + ?Sized>(
    game: &G,
    moves: &[Move],
    rng: &mut R,
) -> Move {
    let Some(king_square) = game.king() else {
        return uniform(moves, rng);
    };
    let king = at(king_square);
    let mut grid = Grid::of(game);
    let lines = grid.open_lines(king);
    match game.side_to_move() {
        Seat::B => {
            if let Some(line) = lines.first() {
                let escape = Move::new(king_square, square(line.corner));
                if moves.contains(&escape) {
                    return escape;
                }
            }
            let threats = grid.threats(king);
            if !threats.is_empty() {
                let threat = Move::new(king_square, square(uniform(&threats, rng)));
                if moves.contains(&threat) {
                    return threat;
                }
            }
            uniform(moves, rng)
        }
        Seat::A => {
            if !lines.is_empty() {
                let blocks: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|mv| lines.iter().any(|l| l.between.contains(&at(mv.to))))
                    .collect();
                return if blocks.is_empty() {
                    uniform(moves, rng)
                } else {
                    uniform(&blocks, rng)
                };
            }
            if !grid.threatens(king) {
                return uniform(moves, rng);
            }
            let answers: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| {
                    let (from, to) = (at(mv.from), at(mv.to));
                    grid.slide(from, to);
                    let answered = !grid.threatens(king);
                    grid.slide(to, from);
                    answered
                })
                .collect();
            if answers.is_empty() {
                uniform(moves, rng)
            } else {
                uniform(&answers, rng)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use skald_rules::hnefatafl::Hnefatafl;
    use skald_rules::{Game, RuleSetId};
    use std::collections::HashSet;

    fn position(text: &str) -> Hnefatafl {
        Hnefatafl::from_notation(RuleSetId::Hnefatafl, text).expect("position")
    }

    fn picks(text: &str) -> HashSet<String> {
        crate::playout::picks(&position(text), playout_move)
    }

    #[test]
    fn the_defenders_take_an_open_corner() {
        // The king on a5 sees a1 and a11 along the a-file.
        let picked = picks("11/11/11/11/11/11/K10/11/11/5A5/11 d 21 -");
        assert!(
            picked.iter().all(|m| m == "a5-a1" || m == "a5-a11"),
            "{picked:?}"
        );
    }

    #[test]
    fn the_attackers_block_an_open_line_to_a_corner() {
        // The same king, the attackers to move: f2-a2 is their only move onto the a-file.
        let picked = picks("11/11/11/11/11/11/K10/11/11/5A5/11 a 20 -");
        assert_eq!(picked, HashSet::from(["f2-a2".to_string()]));
    }

    /// The king on c3 can reach only one square on an edge, c1, from which a1 and k1 are
    /// both open; the attackers (a3, j3, c9, e2) cannot shut both lines with one move.
    const THREAT: &str = "11/11/2A8/11/11/11/11/11/A1K6A1/4A6/11";

    #[test]
    fn the_king_makes_a_threat_one_move_cannot_stop() {
        let picked = picks(&format!("{THREAT} d 21 -"));
        assert_eq!(picked, HashSet::from(["c3-c1".to_string()]));
    }

    #[test]
    fn the_attackers_stop_a_threat_before_it_is_made() {
        // Only e2-c2 keeps the king off c1 (e2-e1 and j3-j1 leave a line nobody reaches).
        let picked = picks(&format!("{THREAT} a 20 -"));
        assert_eq!(picked, HashSet::from(["e2-c2".to_string()]));
    }

    #[test]
    fn without_a_threat_the_move_is_random() {
        let game = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
        let moves = game.legal_moves();
        let mut rng = StdRng::seed_from_u64(1);
        let picked: HashSet<Move> = (0..200)
            .map(|_| playout_move(&game, &moves, &mut rng))
            .collect();
        assert!(picked.len() > 50, "only {} different moves", picked.len());
    }
}

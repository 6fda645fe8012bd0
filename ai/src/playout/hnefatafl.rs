//! Hnefatafl's playout policy: the king's threats to reach a corner, and the answers to them.
//!
//! The defenders take an open corner, or else move the king where he threatens a corner in a
//! way one move cannot stop (two open lines, or a line no attacker can reach). The attackers
//! block an open line, or else play a move after which the king has no such threat. Anything
//! else is a uniformly random move. Captures are ignored when the policy looks ahead: it is a
//! guide for playouts, not a rule.

use super::uniform;
use rand::Rng;
use skald_rules::Seat;
use skald_rules::coords::Square;
use skald_rules::hnefatafl::{Hnefatafl, MAX_SIZE, Move, Piece};

/// Cells of the largest board.
const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// The four orthogonal steps.
const DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A square as signed coordinates, so steps can leave the board.
type At = (i8, i8);

/// An open line from the king to a corner: the corner and the empty squares before it.
struct Line {
    corner: At,
    between: Vec<At>,
}

/// A copy of the board the policy can change freely (a hypothetical move slides a piece and
/// slides it back).
struct Grid {
    size: i8,
    cells: [Option<Piece>; CELLS],
}

impl Grid {
    fn of(game: &Hnefatafl) -> Grid {
        let size = game.size();
        let mut cells = [None; CELLS];
        for (i, cell) in cells
            .iter_mut()
            .enumerate()
            .take(usize::from(size) * usize::from(size))
        {
            *cell = game.piece_at(Square::from_index(i, size));
        }
        Grid {
            size: size as i8,
            cells,
        }
    }

    fn on_board(&self, (f, r): At) -> bool {
        (0..self.size).contains(&f) && (0..self.size).contains(&r)
    }

    fn index(&self, (f, r): At) -> usize {
        r as usize * self.size as usize + f as usize
    }

    fn get(&self, at: At) -> Option<Piece> {
        self.cells[self.index(at)]
    }

    fn is_corner(&self, (f, r): At) -> bool {
        let m = self.size - 1;
        (f == 0 || f == m) && (r == 0 || r == m)
    }

    fn slide(&mut self, from: At, to: At) {
        let piece = self.get(from);
        let (i, j) = (self.index(from), self.index(to));
        self.cells[i] = None;
        self.cells[j] = piece;
    }

    /// The empty squares from `from` (not included) in direction `(df, dr)`, up to the first
    /// piece or the edge: where a piece on `from` could slide.
    fn empty_ray(&self, from: At, (df, dr): (i8, i8)) -> impl Iterator<Item = At> + '_ {
        std::iter::successors(Some((from.0 + df, from.1 + dr)), move |&(f, r)| {
            Some((f + df, r + dr))
        })
        .take_while(|&at| self.on_board(at) && self.get(at).is_none())
    }

    /// The lines along which the king on `king` could slide to a corner now.
    fn open_lines(&self, king: At) -> Vec<Line> {
        let mut lines = Vec::new();
        for dir in DIRS {
            let mut between = Vec::new();
            for at in self.empty_ray(king, dir) {
                if self.is_corner(at) {
                    lines.push(Line {
                        corner: at,
                        between,
                    });
                    break;
                }
                between.push(at);
            }
        }
        lines
    }

    /// Whether an attacker could slide onto the empty square `to` in one move.
    fn attacker_reaches(&self, to: At) -> bool {
        DIRS.iter().any(|&(df, dr)| {
            let mut at = (to.0 + df, to.1 + dr);
            while self.on_board(at) {
                match self.get(at) {
                    None => at = (at.0 + df, at.1 + dr),
                    Some(piece) => return piece == Piece::Attacker,
                }
            }
            false
        })
    }

    fn on_edge(&self, (f, r): At) -> bool {
        let m = self.size - 1;
        f == 0 || f == m || r == 0 || r == m
    }

    /// Whether the king on `king` reaches a corner next move whatever one attacker move does
    /// (short of capturing him): two open lines, or one no attacker can step into.
    fn unstoppable(&self, king: At) -> bool {
        match self.open_lines(king).as_slice() {
            [] => false,
            [line] => !line.between.iter().any(|&q| self.attacker_reaches(q)),
            _ => true,
        }
    }

    /// Whether the king on `king` has a move that leaves him an unstoppable threat (only a
    /// square on an edge can have an open line to a corner).
    fn threatens(&mut self, king: At) -> bool {
        !self.threats_where(king, true).is_empty()
    }

    /// The king's moves that leave him an unstoppable threat; with `first`, stops at the first.
    fn threats_where(&mut self, king: At, first: bool) -> Vec<At> {
        let edges: Vec<At> = DIRS
            .iter()
            .flat_map(|&dir| self.empty_ray(king, dir))
            .filter(|&to| self.on_edge(to))
            .collect();
        let mut found = Vec::new();
        for to in edges {
            self.slide(king, to);
            let threat = self.unstoppable(to);
            self.slide(to, king);
            if threat {
                found.push(to);
                if first {
                    break;
                }
            }
        }
        found
    }

    /// The king's moves that leave him an unstoppable threat.
    fn threats(&mut self, king: At) -> Vec<At> {
        self.threats_where(king, false)
    }
}

fn at(square: Square) -> At {
    (square.file as i8, square.rank as i8)
}

fn square((f, r): At) -> Square {
    Square::new(f as u8, r as u8)
}

/// Hnefatafl's playout move from `moves` (the legal moves, not empty).
pub(crate) fn hnefatafl<R: Rng + ?Sized>(game: &Hnefatafl, moves: &[Move], rng: &mut R) -> Move {
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
    use skald_rules::{Game, RuleSetId};
    use std::collections::HashSet;

    fn position(text: &str) -> Hnefatafl {
        Hnefatafl::from_notation(RuleSetId::Hnefatafl, text).expect("position")
    }

    fn picks(text: &str) -> HashSet<String> {
        let game = position(text);
        let moves = game.legal_moves();
        let mut rng = StdRng::seed_from_u64(1);
        (0..50)
            .map(|_| hnefatafl(&game, &moves, &mut rng).to_string())
            .collect()
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
            .map(|_| hnefatafl(&game, &moves, &mut rng))
            .collect();
        assert!(picked.len() > 50, "only {} different moves", picked.len());
    }
}

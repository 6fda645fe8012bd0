//! The moves that may win at once: a superset of the legal moves after which the game ends
//! with the mover's win, named without playing them, so a forced-win search
//! (`skald_ai::puzzle`) plays a handful of moves at its last move instead of every one. Each
//! ending gets its own necessary condition (why each is necessary: `docs/PUZZLES.md` "The
//! moves that may win at once"); an ending that cannot be narrowed in a position lets every
//! move through.

use super::rules::DIRS;
use super::{CELLS, Hnefatafl, Move, Piece};
use crate::Seat;

impl Hnefatafl {
    /// Every legal move of the side to move that may end the game at once with its win: a
    /// superset of those that do (the caller still plays each and reads the end); none after
    /// the end.
    pub fn moves_that_may_win(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        // Any move landing on one of these cells may win.
        let mut to = [false; CELLS];
        let mut every = false;
        self.mark_stalemate_cells(&mut to);
        match self.side {
            Seat::A => match self.king_liberties() {
                // The king's group already shut in: any move that keeps it so wins.
                Liberties::None => every = true,
                Liberties::One(cell) => to[cell] = true,
                Liberties::Several => {}
            },
            Seat::B => {
                for corner in self.corners() {
                    to[self.index_of(corner)] = true;
                }
            }
        }
        self.scan_moves(|mv| {
            // Only the king stops on a corner, so a move onto one is his escape.
            if every || to[self.index_of(mv.to)] {
                out.push(mv);
            }
            true
        });
        out
    }

    /// Marks the cells a move must land on to leave the opponent without a legal move: a
    /// move only fills its destination, so an opponent's piece that has a move now keeps one
    /// unless the destination blocks its only direction (on its rank or file) or the move
    /// captures it (next to the destination: on its rank or file too). So the destination
    /// lies on the rank or file of every opponent's piece that has a move.
    fn mark_stalemate_cells(&self, to: &mut [bool; CELLS]) {
        let mobile = self.mobile(self.side.other());
        let size = usize::from(self.size);
        let Some(&first) = mobile.first() else {
            to[..self.cells()].iter_mut().for_each(|t| *t = true);
            return;
        };
        let (file, rank) = (first % size, first / size);
        let line = (0..size)
            .map(|f| rank * size + f)
            .chain((0..size).map(|r| r * size + file));
        for cell in line {
            let (f, r) = (cell % size, cell / size);
            if mobile.iter().all(|&m| m % size == f || m / size == r) {
                to[cell] = true;
            }
        }
    }

    /// The cells of the pieces of `seat` that have at least one legal move.
    fn mobile(&self, seat: Seat) -> Vec<usize> {
        let mut mobile = Vec::new();
        for cell in 0..self.cells() {
            let Some(piece) = self.board.get(cell) else {
                continue;
            };
            if piece.seat() != seat {
                continue;
            }
            let moves = DIRS.iter().any(|&dir| {
                let mut at = cell;
                while let Some(next) = self.neighbour(at, dir) {
                    if self.board.get(next).is_some() {
                        return false;
                    }
                    if piece == Piece::King || !self.restricted(next) {
                        return true;
                    }
                    at = next;
                }
                false
            });
            if moves {
                mobile.push(cell);
            }
        }
        mobile
    }

    /// The liberties of the king's group (the king and the defenders orthogonally connected
    /// to him): its empty neighbours other than the corners and the empty throne, which
    /// shut it in as the king's capture reads it. An attacker's move fills only its
    /// destination, opens its origin and takes defenders (a taken member of the group leaves
    /// an empty square next to it): with two liberties one stays open whatever the move,
    /// with one only the move onto it can close the group.
    fn king_liberties(&self) -> Liberties {
        let Some(king) = (0..self.cells()).find(|&i| self.board.get(i) == Some(Piece::King)) else {
            return Liberties::None;
        };
        let mut in_group = [false; CELLS];
        let mut stack = vec![king];
        in_group[king] = true;
        let mut liberty = None;
        while let Some(cell) = stack.pop() {
            for dir in DIRS {
                let Some(n) = self.neighbour(cell, dir) else {
                    continue;
                };
                if in_group[n] {
                    continue;
                }
                match self.board.get(n) {
                    Some(Piece::Defender) | Some(Piece::King) => {
                        in_group[n] = true;
                        stack.push(n);
                    }
                    Some(Piece::Attacker) => {}
                    None if self.restricted(n) => {}
                    None => match liberty {
                        Some(l) if l != n => return Liberties::Several,
                        _ => liberty = Some(n),
                    },
                }
            }
        }
        match liberty {
            Some(cell) => Liberties::One(cell),
            None => Liberties::None,
        }
    }
}

/// How many liberties the king's group has, as far as the king's capture cares.
enum Liberties {
    /// None: the group is shut in already (or the king is gone).
    None,
    /// Exactly one, at this cell.
    One(usize),
    /// Two or more.
    Several,
}

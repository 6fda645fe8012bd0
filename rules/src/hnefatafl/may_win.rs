//! The moves that may win at once: a superset of the legal moves after which the game ends
//! with the mover's win, named without playing them, so a forced-win search
//! (`skald_ai::puzzle`) plays a handful of moves at its last move instead of every one. Each
//! ending gets its own necessary condition (why each is necessary: `docs/PUZZLES.md` "The
//! moves that may win at once"); an ending that cannot be narrowed in a position lets every
//! move through.

use super::rules::DIRS;
use super::{CELLS, Hnefatafl, Move, Piece};
use crate::Seat;
use crate::coords::Square;

impl Hnefatafl {
    /// Every legal move of the side to move that may end the game at once with its win: a
    /// superset of those that do (the caller still plays each and reads the end), in the
    /// order of the legal moves; none after the end.
    pub fn moves_that_may_win(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        // Any move landing on one of these cells may win.
        let mut targets = self.stalemate_cells();
        match self.side {
            Seat::A => match self.king_liberties() {
                // The king's group already shut in: any move that keeps it so wins.
                Liberties::None => return crate::Game::legal_moves(self),
                Liberties::One(cell) => targets.push(cell),
                Liberties::Several => {}
            },
            // Only the king stops on a corner, so a move onto one is his escape.
            Seat::B => targets.extend(self.corners().map(|c| self.index_of(c))),
        }
        targets.sort_unstable();
        targets.dedup();
        // Each move onto a target: the first piece met along each line from it, if it is the
        // mover's and may stop there; with its place in the legal moves' order (origin,
        // direction, distance, as `scan_moves` walks them).
        let mut found: Vec<(usize, Move)> = Vec::new();
        for &to in &targets {
            if self.board.get(to).is_some() {
                continue;
            }
            for (dir, &step) in DIRS.iter().enumerate() {
                let mut from = to;
                let mut distance = 0;
                let piece = loop {
                    let Some(next) = self.neighbour(from, step) else {
                        break None;
                    };
                    from = next;
                    distance += 1;
                    if let Some(piece) = self.board.get(from) {
                        break Some(piece);
                    }
                };
                let Some(piece) = piece else {
                    continue;
                };
                if piece.seat() != self.side || (piece != Piece::King && self.restricted(to)) {
                    continue;
                }
                let key = from * 64 + (dir ^ 2) * 16 + distance;
                let mv = Move::new(
                    Square::from_index(from, self.size),
                    Square::from_index(to, self.size),
                );
                found.push((key, mv));
            }
        }
        found.sort_unstable_by_key(|&(key, _)| key);
        found.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The cells a move must land on to leave the opponent without a legal move: a move only
    /// fills its destination, so an opponent's piece that has a move now keeps one unless
    /// the destination blocks its only direction (on its rank or file) or the move captures
    /// it (next to the destination: on its rank or file too). So the destination lies on the
    /// rank or file of every opponent's piece that has a move (worked out piece by piece
    /// until none is left).
    fn stalemate_cells(&self) -> Vec<usize> {
        let size = usize::from(self.size);
        let opponent = self.side.other();
        let mut cells: Option<Vec<usize>> = None;
        for cell in 0..self.cells() {
            let Some(piece) = self.board.get(cell) else {
                continue;
            };
            if piece.seat() != opponent || !self.may_move(cell, piece) {
                continue;
            }
            let (file, rank) = (cell % size, cell / size);
            let on_line = |c: &usize| c % size == file || c / size == rank;
            match &mut cells {
                None => {
                    let line = (0..size)
                        .map(|f| rank * size + f)
                        .chain((0..size).map(|r| r * size + file).filter(|&c| c != cell));
                    cells = Some(line.collect());
                }
                Some(cells) => {
                    cells.retain(on_line);
                    if cells.is_empty() {
                        return Vec::new();
                    }
                }
            }
        }
        // No opponent's piece can move: every move leaves it so, unless it frees one.
        cells.unwrap_or_else(|| (0..self.cells()).collect())
    }

    /// Whether the `piece` on `cell` has at least one legal move.
    fn may_move(&self, cell: usize, piece: Piece) -> bool {
        DIRS.iter().any(|&dir| {
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
        })
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

//! What the engine knows about Hnefatafl beyond its rules: the king's routes to a corner. The
//! same knowledge serves every tafl family (Copenhagen Hnefatafl and Brandubh too, see
//! `crate::tafl`): it reads a position through [`TaflBoard`].
//!
//! Random play misjudges Hnefatafl: random attackers let any king escape, so every playout
//! looks won for the defenders. Both the playout policy ([`playout_move`]) and the evaluation
//! of cut-off playouts ([`defenders_value`]) read a scratch copy of the board ([`Grid`]) for
//! the king's open lines, his unstoppable threats and the moves he needs to reach a corner.

mod evaluate;
mod policy;

pub(crate) use evaluate::{ROLLOUT_LIMIT, defenders_value};
pub(crate) use policy::playout_move;

use skald_rules::coords::Square;
use skald_rules::hnefatafl::{MAX_SIZE, Piece, TaflBoard};

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
    fn of<G: TaflBoard>(game: &G) -> Grid {
        let size = game.side();
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

    /// King moves needed to reach a corner if no other piece moved, up to `limit`.
    fn corner_distance(&mut self, king: At, limit: u8) -> Option<u8> {
        let piece = self.get(king);
        let k = self.index(king);
        self.cells[k] = None;
        let mut seen = [false; CELLS];
        seen[k] = true;
        let mut frontier = vec![king];
        let mut found = None;
        'search: for d in 1..=limit {
            let mut next = Vec::new();
            for &from in &frontier {
                for dir in DIRS {
                    for to in self.empty_ray(from, dir) {
                        if self.is_corner(to) {
                            found = Some(d);
                            break 'search;
                        }
                        let i = self.index(to);
                        if !seen[i] {
                            seen[i] = true;
                            next.push(to);
                        }
                    }
                }
            }
            frontier = next;
        }
        self.cells[k] = piece;
        found
    }

    /// The king's moves that leave him an unstoppable threat.
    fn threats(&mut self, king: At) -> Vec<At> {
        self.threats_where(king, false)
    }
}

pub(super) fn at(square: Square) -> At {
    (square.file as i8, square.rank as i8)
}

pub(super) fn square((f, r): At) -> Square {
    Square::new(f as u8, r as u8)
}

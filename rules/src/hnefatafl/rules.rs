//! The Hnefatafl rules: move generation, legality with reasons, captures, the king's capture,
//! repetition and the end of the game.

use super::{CELLS, Hnefatafl, Move, Piece, shared};
use crate::coords::Square;
use crate::{Cell, EndReason, Event, Outcome, Refusal, Seat};

/// The four orthogonal directions as (file, rank) steps: north, east, south, west. Captures
/// are reported in this order.
pub(super) const DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Hnefatafl {
    /// The cell index of an on-board square.
    pub(super) fn index_of(&self, sq: Square) -> usize {
        sq.index(self.size)
    }

    /// The neighbour of cell `i` in direction `dir`, if it is on the board.
    pub(super) fn neighbour(&self, i: usize, (df, dr): (i8, i8)) -> Option<usize> {
        let size = usize::from(self.size);
        let file = (i % size).checked_add_signed(isize::from(df))?;
        let rank = (i / size).checked_add_signed(isize::from(dr))?;
        (file < size && rank < size).then_some(rank * size + file)
    }

    /// Whether cell `i` is one of the four corners.
    pub(super) fn is_corner_cell(&self, i: usize) -> bool {
        let m = usize::from(self.size) - 1;
        let size = usize::from(self.size);
        let (file, rank) = (i % size, i / size);
        (file == 0 || file == m) && (rank == 0 || rank == m)
    }

    /// The throne's cell index.
    pub(super) fn throne_cell(&self) -> usize {
        self.index_of(self.throne())
    }

    /// Whether only the king may stop on cell `i` (the throne and the corners).
    pub(super) fn restricted(&self, i: usize) -> bool {
        i == self.throne_cell() || self.is_corner_cell(i)
    }

    /// Calls `f` with every legal move of the side to move (ignoring whether the game is
    /// over) until it returns `false`; returns whether it was stopped early.
    pub(super) fn scan_moves(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let size = i32::from(self.size);
        let (last, centre) = (size - 1, size / 2);
        for i in 0..self.cells() {
            let Some(piece) = self.board.get(i) else {
                continue;
            };
            if piece.seat() != self.side {
                continue;
            }
            let from = Square::from_index(i, self.size);
            for (df, dr) in DIRS {
                let (mut file, mut rank) = (i32::from(from.file), i32::from(from.rank));
                loop {
                    file += i32::from(df);
                    rank += i32::from(dr);
                    if !(0..size).contains(&file) || !(0..size).contains(&rank) {
                        break;
                    }
                    let j = (rank * size + file) as usize;
                    if self.board.get(j).is_some() {
                        break;
                    }
                    let restricted = (file == centre && rank == centre)
                        || ((file == 0 || file == last) && (rank == 0 || rank == last));
                    if (piece == Piece::King || !restricted)
                        && !f(Move::new(from, Square::new(file as u8, rank as u8)))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Pushes every legal move of the side to move onto `out`.
    pub(super) fn generate_moves(&self, out: &mut Vec<Move>) {
        self.scan_moves(|mv| {
            out.push(mv);
            true
        });
    }

    /// Whether the side to move has at least one legal move (stops at the first one).
    pub(super) fn has_legal_move(&self) -> bool {
        self.scan_moves(|_| false)
    }

    /// Checks a move against the rules (not against the end of the game) and says why a
    /// refused move is refused.
    pub(super) fn check_move(&self, mv: Move) -> Result<(), Refusal> {
        shared::check_move(self, mv)
    }

    /// Plays a move already checked legal: slides the piece, captures soldiers, then (after
    /// an attacker move) the king, updates the history and decides the end of the game.
    pub(super) fn apply(&mut self, mv: Move, ply: u32, events: &mut Vec<Event>) {
        let mover = self.side;
        let captures = self.slide_and_capture(mv, events);
        if captures > 0 {
            self.history.clear();
        } else {
            self.history.push(mv);
        }
        self.ply = ply;
        self.side = mover.other();
        if mover == Seat::A
            && let Some(king) = self.king_enclosed()
        {
            self.board.set(king, None);
            events.push(Event::Captured {
                seat: Seat::B,
                at: king as Cell,
            });
            self.history.clear();
        }
        let occurrences = if self.history.is_empty() {
            1
        } else {
            self.occurrences()
        };
        self.outcome = self.derive_outcome(occurrences);
        if let Some(outcome) = self.outcome {
            events.push(Event::GameOver(outcome));
        }
    }

    /// Slides the piece and removes the enemy soldiers it captures (north, east, south, west);
    /// returns how many were captured.
    pub(super) fn slide_and_capture(&mut self, mv: Move, events: &mut Vec<Event>) -> u8 {
        let mover = self.side;
        let (from, to) = (self.index_of(mv.from), self.index_of(mv.to));
        let piece = self.board.take(from);
        self.board.set(to, piece);
        events.push(Event::Moved {
            seat: mover,
            from: from as Cell,
            to: Some(to as Cell),
        });
        let mut captured = 0;
        for dir in DIRS {
            let Some(victim) = self.neighbour(to, dir) else {
                continue;
            };
            let enemy_soldier = match self.board.get(victim) {
                Some(Piece::Defender) => mover == Seat::A,
                Some(Piece::Attacker) => mover == Seat::B,
                Some(Piece::King) | None => false,
            };
            if !enemy_soldier {
                continue;
            }
            let Some(beyond) = self.neighbour(victim, dir) else {
                continue;
            };
            // A piece of the mover (the king counts), or an empty hostile square: the corners
            // for everyone, the empty throne for both sides (when the king sits on it he is
            // the mover's piece against attackers and a friend of the defenders).
            let anvil = match self.board.get(beyond) {
                Some(p) => p.seat() == mover,
                None => self.restricted(beyond),
            };
            if anvil {
                self.board.set(victim, None);
                events.push(Event::Captured {
                    seat: mover.other(),
                    at: victim as Cell,
                });
                captured += 1;
            }
        }
        captured
    }

    /// The king's cell when his group (the king and the defenders orthogonally connected to
    /// him) is shut in: every neighbour outside the group is an attacker, off the board, a
    /// corner or the empty throne. `None` when he is free (or already gone).
    pub(super) fn king_enclosed(&self) -> Option<usize> {
        let king = (0..self.cells()).find(|&i| self.board.get(i) == Some(Piece::King))?;
        let mut in_group = [false; CELLS];
        let mut stack = [0usize; CELLS];
        let mut len = 1;
        in_group[king] = true;
        stack[0] = king;
        while len > 0 {
            len -= 1;
            let cell = stack[len];
            for dir in DIRS {
                let Some(n) = self.neighbour(cell, dir) else {
                    continue; // the board edge shuts the group in
                };
                if in_group[n] {
                    continue;
                }
                match self.board.get(n) {
                    Some(Piece::Defender) | Some(Piece::King) => {
                        in_group[n] = true;
                        stack[len] = n;
                        len += 1;
                    }
                    Some(Piece::Attacker) => {}
                    None if self.restricted(n) => {}
                    None => return None,
                }
            }
        }
        Some(king)
    }

    /// How many times the current position (board and side to move) has occurred since the
    /// last capture, this time included: undoes the history on a copy of the board, keeping
    /// count of the squares that differ from the current board.
    pub(super) fn occurrences(&self) -> u32 {
        let current = &self.board;
        let mut board = self.board;
        let mut differing: i32 = 0;
        let mut count = 1;
        for (back, mv) in self.history.iter().rev().enumerate() {
            let (from, to) = (self.index_of(mv.from), self.index_of(mv.to));
            let before = i32::from(board.get(from) != current.get(from))
                + i32::from(board.get(to) != current.get(to));
            let piece = board.take(to);
            board.set(from, piece);
            let after = i32::from(board.get(from) != current.get(from))
                + i32::from(board.get(to) != current.get(to));
            differing += after - before;
            // An even number of moves back has the same side to move.
            if back % 2 == 1 && differing == 0 {
                count += 1;
            }
            // Each further undo changes two squares at most: once more squares differ than
            // the remaining undos can restore, no earlier position can match.
            let remaining = self.history.len() - back - 1;
            if differing.unsigned_abs() as usize > remaining.saturating_mul(2) {
                break;
            }
        }
        count
    }

    /// The outcome of the current position, given how often it has occurred: no king means
    /// he was captured, the king on a corner escaped, a third occurrence is a draw, and a
    /// side to move without a legal move loses.
    pub(super) fn derive_outcome(&self, occurrences: u32) -> Option<Outcome> {
        let end = |winner: Option<Seat>, reason| {
            Some(Outcome {
                winner,
                reason,
                scores: None,
            })
        };
        match self.king() {
            None => end(Some(Seat::A), EndReason::KingCaptured),
            Some(k) if self.is_corner(k) => end(Some(Seat::B), EndReason::KingEscaped),
            Some(_) if occurrences >= 3 => end(None, EndReason::Repetition),
            Some(_) if !self.has_legal_move() => {
                end(Some(self.side.other()), EndReason::NoLegalMove)
            }
            Some(_) => None,
        }
    }
}

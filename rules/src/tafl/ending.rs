//! Playing a move and deciding the end: the king's escape, his capture, the exit fort,
//! encirclement, no legal move, repetition and the ply limit, in that order, so a move that
//! wins is never turned into a repetition.

use super::geometry::bit;
use super::{Ending, Finish, Move, Tafl, Variant};
use crate::{Cell, Event, Seat};

impl Tafl {
    /// Plays a move already checked legal (with the move count below its limit): slides the
    /// piece, makes its captures, updates the repetition history and decides the end.
    pub(super) fn apply(&mut self, mv: Move, events: &mut Vec<Event>) {
        let mover = self.side;
        let before = self.board;
        let (from, to) = (self.cell_of(mv.from), self.cell_of(mv.to));
        if let Some(piece) = self.board.get(from) {
            self.board.clear(from);
            self.board.put(to, piece);
        }
        events.push(Event::Moved {
            seat: mover,
            from: from as Cell,
            to: Some(to as Cell),
        });
        let mut captured = self.capture_soldiers(to, mover, events);
        if self.variant == Variant::Copenhagen {
            captured += self.capture_shieldwalls(to, mover, events);
        }
        if mover == Seat::A
            && let Some(king) = self.king_taken(to)
        {
            self.board.clear(king);
            events.push(Event::Captured {
                seat: Seat::B,
                at: king as Cell,
            });
            captured += 1;
        }
        // A capture can never be undone, so no earlier position can come back.
        if captured > 0 {
            self.past.clear();
        } else {
            self.past.push(before);
        }
        self.ply = self.ply.saturating_add(1);
        self.side = mover.other();
        self.finish = self.derive_finish(self.occurrences());
        if let Some(finish) = self.finish {
            events.push(Event::GameOver(finish.outcome()));
        }
    }

    /// How many times the current board with the current side to move has occurred since the
    /// last capture, this time included.
    pub(super) fn occurrences(&self) -> u32 {
        let earlier = self
            .past
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&b| b == self.board)
            .count();
        1 + earlier as u32
    }

    /// Whether the attackers have shut every defender in: the squares reachable from the
    /// king through squares without an attacker include no edge square and every defender.
    pub(super) fn encircled(&self) -> bool {
        let g = self.geo();
        if self.board.king == 0 {
            return false;
        }
        let open = g.all & !self.board.attackers;
        let mut region = self.board.king;
        loop {
            if region & g.edge != 0 {
                return false;
            }
            let next = region | (g.expand(region) & open);
            if next == region {
                break;
            }
            region = next;
        }
        self.board.defenders & !region == 0
    }

    /// How the current position ends the game, if it does, given how often it has occurred.
    /// The side that just moved is the other one than the side to move; what its move won
    /// comes first (the king gone or on a corner, a fort after a defender move, an
    /// encirclement after an attacker move, no legal move left to the opponent), then the
    /// third occurrence, then the ply limit.
    pub(super) fn derive_finish(&self, occurrences: u32) -> Option<Finish> {
        let g = self.geo();
        let end = |winner, ending| Some(Finish { winner, ending });
        let Some(king) = self.board.king_cell() else {
            return end(Some(Seat::A), Ending::KingCaptured);
        };
        if g.corners & bit(king) != 0 {
            return end(Some(Seat::B), Ending::KingEscaped);
        }
        if self.side == Seat::A && self.variant == Variant::Copenhagen && self.in_exit_fort() {
            return end(Some(Seat::B), Ending::ExitFort);
        }
        if self.side == Seat::B && self.encircled() {
            return end(Some(Seat::A), Ending::Encircled);
        }
        if !self.has_legal_move() {
            return end(Some(self.side.other()), Ending::NoLegalMove);
        }
        if occurrences >= 3 {
            return end(self.variant.repetition_winner(), Ending::Repetition);
        }
        match self.variant.ply_limit() {
            Some(limit) if self.ply >= limit => end(None, Ending::MoveLimit),
            _ => None,
        }
    }
}

//! Captures made by a move: soldiers taken between two enemies (the armed king counts,
//! corners are hostile to all, the throne to attackers always and to defenders when empty),
//! Copenhagen shieldwalls along an edge, and the king's capture by either variant's rule.

use super::geometry::{EAST, NONE, NORTH, SOUTH, WEST, bit};
use super::{Tafl, Variant};
use crate::{Cell, Event, Seat};

impl Tafl {
    /// Removes the enemy soldier on `at` and reports it.
    fn remove(&mut self, at: u8, owner: Seat, events: &mut Vec<Event>) {
        self.board.clear(at);
        events.push(Event::Captured {
            seat: owner,
            at: at as Cell,
        });
    }

    /// Removes the enemy soldiers the piece just moved to `to` by `mover` takes between
    /// itself and a piece of the mover or a hostile square beyond (north, east, south, west);
    /// returns how many.
    pub(super) fn capture_soldiers(&mut self, to: u8, mover: Seat, events: &mut Vec<Event>) -> u32 {
        let g = self.geo();
        let mut captured = 0;
        for dir in 0..4 {
            let victim = g.step(dir, to);
            if victim == NONE {
                continue;
            }
            let soldiers = match mover {
                Seat::A => self.board.defenders,
                Seat::B => self.board.attackers,
            };
            if soldiers & bit(victim) == 0 {
                continue;
            }
            let beyond = g.step(dir, victim);
            if beyond == NONE {
                continue; // the edge is never hostile
            }
            // A piece of the mover (the king counts), or an empty corner or throne: the
            // throne with the king on it is the king's square, a friend of the defenders and
            // the mover's piece against attackers.
            let b = bit(beyond);
            let anvil = self.board.of(mover) & b != 0
                || (self.board.occupied() & b == 0 && g.restricted & b != 0);
            if anvil {
                self.remove(victim, mover.other(), events);
                captured += 1;
            }
        }
        captured
    }

    /// Copenhagen shieldwalls closed by the piece just moved to the edge square `to`: along
    /// the edge each way, the longest run of enemy pieces each with a piece of the mover
    /// directly inward, if at least two long and bracketed at its far end by a piece of the
    /// mover or a corner, loses every piece but the king. Returns how many were captured.
    pub(super) fn capture_shieldwalls(
        &mut self,
        to: u8,
        mover: Seat,
        events: &mut Vec<Event>,
    ) -> u32 {
        let g = self.geo();
        let b = bit(to);
        if g.edge & b == 0 {
            return 0;
        }
        let mut captured = 0;
        // For each edge `to` lies on (a corner lies on two; only the king stops there): the
        // inward direction and the two directions along the edge.
        for (rim, inward, along) in [
            (g.rank_first, NORTH, [EAST, WEST]),
            (g.rank_last, SOUTH, [EAST, WEST]),
            (g.file_first, EAST, [NORTH, SOUTH]),
            (g.file_last, WEST, [NORTH, SOUTH]),
        ] {
            if rim & b == 0 {
                continue;
            }
            for dir in along {
                let mine = self.board.of(mover);
                let enemies = self.board.of(mover.other());
                let mut run = 0;
                let mut len = 0;
                let mut at = g.step(dir, to);
                while at != NONE && enemies & bit(at) != 0 {
                    let inside = g.step(inward, at);
                    if inside == NONE || mine & bit(inside) == 0 {
                        break;
                    }
                    run |= bit(at);
                    len += 1;
                    at = g.step(dir, at);
                }
                let bracket = at != NONE && (mine | g.corners) & bit(at) != 0;
                if len >= 2 && bracket {
                    let mut cell = g.step(dir, to);
                    while cell != NONE && run & bit(cell) != 0 {
                        if self.board.king & bit(cell) == 0 {
                            self.remove(cell, mover.other(), events);
                            captured += 1;
                        }
                        cell = g.step(dir, cell);
                    }
                }
            }
        }
        captured
    }

    /// The king's square when the attacker just moved to `to` captures him: Copenhagen, off
    /// the edge, with attackers on his four sides or, next to the throne, on the other three;
    /// Brandubh, on the throne with four attackers, elsewhere between the moved attacker and
    /// an attacker or a corner beyond him (the throne never counts against him).
    pub(super) fn king_taken(&self, to: u8) -> Option<u8> {
        let g = self.geo();
        let king = self.board.king_cell()?;
        let dir = (0..4).find(|&d| g.step(d, to) == king)?;
        let attackers = self.board.attackers;
        let surrounded = |throne_counts: bool| {
            (0..4).all(|d| {
                let n = g.step(d, king);
                n != NONE && (attackers & bit(n) != 0 || (throne_counts && n == g.throne_cell))
            })
        };
        let taken = match self.variant {
            Variant::Copenhagen => g.edge & bit(king) == 0 && surrounded(true),
            Variant::Brandubh if king == g.throne_cell => surrounded(false),
            Variant::Brandubh => {
                let beyond = g.step(dir, king);
                beyond != NONE && (attackers | g.corners) & bit(beyond) != 0
            }
        };
        taken.then_some(king)
    }
}

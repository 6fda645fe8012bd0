//! Copenhagen's exit fort: the king on the edge, with room to move, walled in by defenders
//! the attackers can never capture, exactly by the test RULES.md writes out.

use super::Tafl;
use super::geometry::{Bits, EAST, NONE, NORTH, SOUTH, WEST, bit};

impl Tafl {
    /// Whether the king stands in an exit fort: (1) he is on an edge square; with I his square
    /// and the empty squares connected to it, (2) I has another square, (3) every piece next
    /// to I is a defender, and (4) none of those can ever be captured. For (4), S starts as
    /// every defender and loses, until nothing more goes, any piece that (a) has no safe
    /// neighbour on its row, or none on its column, or (b) stands on the edge with an unsafe
    /// inward square in a run of such pieces whose squares just beyond both ends are unsafe
    /// (safe: off the board, a piece of S, or a square of I other than the throne). It is a
    /// fort when every wall piece is still in S.
    pub(super) fn in_exit_fort(&self) -> bool {
        let g = self.geo();
        let king = self.board.king;
        if king & g.edge == 0 {
            return false; // (1), and no king at all
        }
        let inside = g.flood(king, g.all & !self.board.occupied());
        if inside.count_ones() < 2 {
            return false; // (2)
        }
        let wall = g.expand(inside) & !inside;
        if wall & !self.board.defenders != 0 {
            return false; // (3): an attacker touches I
        }
        let room = inside & !g.throne;
        let n = g.size;
        let mut s = self.board.defenders;
        loop {
            let safe = s | room;
            // Bit i of each: the neighbour of i on that side is safe or off the board.
            let west = ((safe & !g.file_last) << 1) | g.file_first;
            let east = ((safe & !g.file_first) >> 1) | g.file_last;
            let south = ((safe << n) & g.all) | g.rank_first;
            let north = (safe >> n) | g.rank_last;
            let exposed = (!west & !east) | (!south & !north);
            let drop = (s & exposed) | self.exposed_edge_runs(s, safe);
            if drop == 0 {
                break;
            }
            s &= !drop;
        }
        wall & !s == 0 // (4)
    }

    /// The pieces of `s` on the edge that a shieldwall could take: in a run along the edge of
    /// pieces of `s` whose inward squares are unsafe, with unsafe squares just beyond both
    /// ends (off the board is safe).
    pub(super) fn exposed_edge_runs(&self, s: Bits, safe: Bits) -> Bits {
        let g = self.geo();
        let n = g.size;
        let unsafe_at = |cell: u8| cell != NONE && safe & bit(cell) == 0;
        let mut exposed = 0;
        // Each edge: its first square, the direction along it and the inward direction.
        for (start, along, inward) in [
            (0, EAST, NORTH),
            (n * (n - 1), EAST, SOUTH),
            (0, NORTH, EAST),
            (n - 1, NORTH, WEST),
        ] {
            let mut run: Bits = 0;
            let mut before = NONE;
            let mut previous = NONE;
            let mut cell = start;
            loop {
                let in_run = cell != NONE && s & bit(cell) != 0 && unsafe_at(g.step(inward, cell));
                if in_run {
                    if run == 0 {
                        before = previous;
                    }
                    run |= bit(cell);
                } else if run != 0 {
                    if unsafe_at(before) && unsafe_at(cell) {
                        exposed |= run;
                    }
                    run = 0;
                }
                if cell == NONE {
                    break;
                }
                previous = cell;
                cell = g.step(along, cell);
            }
        }
        exposed
    }
}

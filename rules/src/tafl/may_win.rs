//! The moves that may win at once: a superset of the legal moves after which the game ends
//! with the mover's win, named without playing them, so a forced-win search
//! (`skald_ai::puzzle`) plays a handful of moves at its last move instead of every one. Each
//! ending the family has gets its own necessary condition (why each is necessary:
//! `docs/PUZZLES.md` "The moves that may win at once"); an ending that cannot be narrowed
//! in a position lets every move through.

use super::geometry::{Bits, NONE, Squares, bit};
use super::{Move, Tafl, Variant};
use crate::Seat;

/// What a move must do to possibly win at once, worked out once for a position.
struct WinFilter {
    /// No ending could be narrowed: every legal move may win.
    every: bool,
    /// Any move landing on one of these squares may win.
    to: Bits,
    /// A king's move landing on one of these squares may win.
    king_to: Bits,
    /// A move may leave the opponent without a legal move only if it lands here: on the
    /// rank or file of every opponent piece that has a move now.
    stalemate_to: Bits,
    /// Moves (from, to cells) that bring back an earlier board: a third occurrence.
    repeats: Vec<(u8, u8)>,
}

impl Tafl {
    /// Every legal move of the side to move that may end the game at once with its win: a
    /// superset of those that do (the caller still plays each and reads the end), in the
    /// order of [`Tafl::legal_moves`]; none after the end.
    pub fn moves_that_may_win(&self) -> Vec<Move> {
        if self.finish.is_some() {
            return Vec::new();
        }
        let filter = self.win_filter();
        if filter.every {
            return self.legal_moves();
        }
        let g = self.geo();
        let occupied = self.board.occupied();
        let mine = self.board.of(self.side);
        // Each move found with its place in the legal moves' order: origin, direction,
        // distance (as `scan_moves` walks them).
        let mut found: Vec<(u32, Move)> = Vec::new();
        let mut add = |from: u8, dir: usize, distance: u32, to: u8| {
            let key = u32::from(from) * 64 + dir as u32 * 16 + distance;
            found.push((
                key,
                Move::new(g.squares[usize::from(from)], g.squares[usize::from(to)]),
            ));
        };
        // Moves onto a target square: the first piece met along each line from it.
        let targets = (filter.to | filter.stalemate_to) & g.all & !occupied;
        for to in Squares(targets) {
            for dir in 0..4 {
                let mut from = g.step(dir, to);
                let mut distance = 1;
                while from != NONE && occupied & bit(from) == 0 {
                    from = g.step(dir, from);
                    distance += 1;
                }
                if from == NONE || mine & bit(from) == 0 {
                    continue;
                }
                if self.board.king & bit(from) == 0 && g.restricted & bit(to) != 0 {
                    continue; // only the king stops on the throne or a corner
                }
                add(from, dir ^ 2, distance, to);
            }
        }
        // The king's moves onto his own targets.
        if let Some(king) = self.board.king_cell()
            && mine & bit(king) != 0
            && filter.king_to & !targets != 0
        {
            for dir in 0..4 {
                let mut to = g.step(dir, king);
                let mut distance = 1;
                while to != NONE && occupied & bit(to) == 0 {
                    if filter.king_to & !targets & bit(to) != 0 {
                        add(king, dir, distance, to);
                    }
                    to = g.step(dir, to);
                    distance += 1;
                }
            }
        }
        // The moves back to an earlier board, where legal.
        for &(from, to) in &filter.repeats {
            if targets & bit(to) != 0 || mine & bit(from) == 0 {
                continue;
            }
            for dir in 0..4 {
                let mut at = g.step(dir, from);
                let mut distance = 1;
                while at != NONE && occupied & bit(at) == 0 && at != to {
                    at = g.step(dir, at);
                    distance += 1;
                }
                if at == to && occupied & bit(to) == 0 && g.restricted & bit(to) == 0 {
                    add(from, dir, distance, to);
                }
            }
        }
        found.sort_unstable_by_key(|&(key, _)| key);
        found.dedup_by_key(|&mut (key, _)| key);
        found.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The conditions of every ending that can give the side to move the win.
    fn win_filter(&self) -> WinFilter {
        let g = self.geo();
        let mut filter = WinFilter {
            every: false,
            to: 0,
            king_to: 0,
            stalemate_to: self.stalemate_squares(self.side.other()),
            repeats: Vec::new(),
        };
        let king = self.board.king;
        match self.side {
            Seat::A => {
                // The king's capture: only the attacker that moves next to him takes him.
                filter.to |= g.expand(king);
                // Encirclement: the move must cut the king's region from the edge.
                match self.encirclement_cuts() {
                    Some(cuts) => filter.to |= cuts,
                    None => filter.every = true,
                }
                // A third occurrence (won by the attackers in Copenhagen only).
                if self.variant.repetition_winner() == Some(Seat::A) {
                    filter.repeats = self.moves_back_to_earlier_boards();
                }
            }
            Seat::B => {
                // The escape: the king onto a corner (a subset of the edge, below).
                filter.king_to |= g.corners;
                if self.variant == Variant::Copenhagen {
                    // The exit fort: the king on the edge after the move.
                    filter.king_to |= g.edge;
                    if king & g.edge != 0 {
                        match self.fort_squares() {
                            Some(squares) => filter.to |= squares,
                            None => filter.every = true,
                        }
                    }
                }
            }
        }
        filter
    }

    /// The squares a move must land on to leave `seat` (the opponent of the side to move)
    /// without a legal move: a move only fills its destination, so a piece of `seat` that
    /// has a move now keeps one unless the destination blocks its only direction (on its
    /// rank or file) or the move captures it (next to the destination, or in a shieldwall
    /// along the destination's edge: on its rank or file too). So the destination lies on
    /// the rank or file of every such piece.
    fn stalemate_squares(&self, seat: Seat) -> Bits {
        let g = self.geo();
        let mut squares = g.all;
        for piece in Squares(self.mobile(seat)) {
            squares &= self.cross(piece);
            if squares == 0 {
                break;
            }
        }
        squares
    }

    /// The pieces of `seat` with at least one legal move.
    fn mobile(&self, seat: Seat) -> Bits {
        let g = self.geo();
        let empty = g.all & !self.board.occupied();
        let mut mobile = 0;
        for from in Squares(self.board.of(seat)) {
            let is_king = self.board.king & bit(from) != 0;
            'directions: for dir in 0..4 {
                let mut to = g.step(dir, from);
                while to != NONE && empty & bit(to) != 0 {
                    if is_king || g.restricted & bit(to) == 0 {
                        mobile |= bit(from);
                        break 'directions;
                    }
                    to = g.step(dir, to);
                }
            }
        }
        mobile
    }

    /// The squares on the rank or the file of `cell`.
    fn cross(&self, cell: u8) -> Bits {
        let g = self.geo();
        let n = g.size;
        let (file, rank) = (cell % n, cell / n);
        (g.rank_first << (u32::from(rank) * u32::from(n))) | (g.file_first << file)
    }

    /// The empty squares an attacker's move must land on to encircle: the squares whose
    /// filling cuts the king's region (the squares without an attacker connected to him)
    /// from every edge square. A move opens its origin and fills only its destination, and
    /// captures take defenders, which the region does not stop at: if the destination is
    /// not such a cut, the region after the move still reaches the edge. `None` when the
    /// region reaches no edge square now (a defender shut out elsewhere could be taken or
    /// joined): then no move is ruled out.
    fn encirclement_cuts(&self) -> Option<Bits> {
        let g = self.geo();
        let king = self.board.king;
        let open = g.all & !self.board.attackers;
        // Breadth-first layers from the king until one meets the edge.
        let mut layers: Vec<Bits> = vec![king];
        let mut seen = king;
        loop {
            let last = layers[layers.len() - 1];
            if last & g.edge != 0 {
                break;
            }
            let next = g.expand(last) & open & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            layers.push(next);
        }
        // Every cut lies on every path from the king to the edge: walk one back.
        let mut cuts = 0;
        let mut at = (layers[layers.len() - 1] & g.edge).trailing_zeros() as u8;
        for layer in layers.iter().rev().skip(1) {
            let square = bit(at);
            if self.board.occupied() & square == 0 && g.flood(king, open & !square) & g.edge == 0 {
                cuts |= square;
            }
            at = (layer & g.expand(square)).trailing_zeros() as u8;
        }
        Some(cuts)
    }

    /// The squares a defender soldier's move must land on to make an exit fort, the king
    /// standing on the edge: with I the king's square and the empty squares connected to it,
    /// a move landing outside I leaves I inside the room after it (it only fills its
    /// destination), so every attacker next to I must be captured, which takes a piece on
    /// the destination's rank or file (next to it, or in a shieldwall along its edge). So
    /// the destination is in I or on the rank or file of every attacker next to I. `None`
    /// when no attacker touches I (the fort then hangs on which pieces can be captured,
    /// which any move can change): no move is ruled out.
    fn fort_squares(&self) -> Option<Bits> {
        let g = self.geo();
        let inside = g.flood(self.board.king, g.all & !self.board.occupied());
        let touching = g.expand(inside) & self.board.attackers;
        if touching == 0 {
            return None;
        }
        let mut squares = g.all;
        for attacker in Squares(touching) {
            squares &= self.cross(attacker);
        }
        Some(inside | squares)
    }

    /// The attackers' moves (from, to cells) that make the board one of the boards since the
    /// last capture: the only moves that can make a position occur a third time (a capture
    /// clears the history; defenders and king must stand as they stood).
    fn moves_back_to_earlier_boards(&self) -> Vec<(u8, u8)> {
        let now = self.board;
        let mut moves = Vec::new();
        for earlier in &self.past {
            if earlier.defenders != now.defenders || earlier.king != now.king {
                continue;
            }
            let (left, came) = (
                now.attackers & !earlier.attackers,
                earlier.attackers & !now.attackers,
            );
            if left.count_ones() == 1 && came.count_ones() == 1 {
                let mv = (left.trailing_zeros() as u8, came.trailing_zeros() as u8);
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
        }
        moves
    }
}

//! The moves that may win at once: a superset of the legal moves after which the game ends
//! with the mover's win, named without playing them, so a forced-win search
//! (`skald_ai::puzzle`) plays a handful of moves at its last move instead of every one. Each
//! ending the family has gets its own necessary condition (why each is necessary:
//! `docs/PUZZLES.md` "The moves that may win at once"); an ending that cannot be narrowed
//! in a position lets every move through.

use super::geometry::{Bits, EAST, NONE, NORTH, SOUTH, Squares, WEST, bit};
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
    /// A king's move landing on one of these squares may make an exit fort, if
    /// `king_may_make_fort` says so.
    fort_king_to: Bits,
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
            && (filter.king_to | filter.fort_king_to) & !targets != 0
        {
            for dir in 0..4 {
                let mut to = g.step(dir, king);
                let mut distance = 1;
                let mut path = bit(king);
                while to != NONE && occupied & bit(to) == 0 {
                    path |= bit(to);
                    let t = bit(to) & !targets;
                    if filter.king_to & t != 0
                        || (filter.fort_king_to & t != 0 && self.king_may_make_fort(path, to))
                    {
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
            fort_king_to: 0,
            stalemate_to: self.stalemate_squares(self.side.other()),
            repeats: Vec::new(),
        };
        let king = self.board.king;
        match self.side {
            Seat::A => {
                // The king's capture: only the attacker that moves next to him takes him.
                filter.to |= self.king_capture_squares();
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
                    // The exit fort: the king on the edge after the move (his own moves onto
                    // it are narrowed in `king_may_make_fort`).
                    filter.fort_king_to = g.edge & !g.corners;
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

    /// The empty squares an attacker must move to for the king's capture: next to the king,
    /// with every other side of him already closed as the variant's capture reads it (the
    /// move adds one attacker and takes no attacker away). Copenhagen: off the edge, the
    /// other three sides attackers or the throne; Brandubh: on the throne, the other three
    /// attackers; off it, an attacker or a corner on the opposite side.
    fn king_capture_squares(&self) -> Bits {
        let g = self.geo();
        let Some(king) = self.board.king_cell() else {
            return 0;
        };
        let attackers = self.board.attackers;
        let empty = g.all & !self.board.occupied();
        let closed = |cell: u8, throne_counts: bool| {
            cell != NONE && (attackers & bit(cell) != 0 || (throne_counts && cell == g.throne_cell))
        };
        let mut squares = 0;
        for dir in 0..4 {
            let to = g.step(dir, king);
            if to == NONE || empty & bit(to) == 0 {
                continue;
            }
            let others = |throne_counts: bool| {
                (0..4)
                    .filter(|&d| d != dir)
                    .all(|d| closed(g.step(d, king), throne_counts))
            };
            let taken = match self.variant {
                Variant::Copenhagen => g.edge & bit(king) == 0 && others(true),
                Variant::Brandubh if king == g.throne_cell => others(false),
                Variant::Brandubh => {
                    let beyond = g.step(dir ^ 2, king);
                    beyond != NONE && (attackers | g.corners) & bit(beyond) != 0
                }
            };
            if taken {
                squares |= bit(to);
            }
        }
        squares
    }

    /// Whether the king's slide over `path` (his square, the squares he crosses and `to`, on
    /// the edge) may make an exit fort: his room after it holds every square connected to
    /// `to` through squares empty after the slide (captures only empty more), so no attacker
    /// may touch that room unless the move captures it, which takes only pieces next to `to`
    /// or along its edge (a shieldwall). The path, in the room, is looked at first.
    fn king_may_make_fort(&self, path: Bits, to: u8) -> bool {
        let g = self.geo();
        let spared = self.board.attackers & !self.capture_reach(to);
        if g.expand(path) & spared != 0 {
            return false;
        }
        let empty_after = (g.all & !self.board.occupied() | path) & !bit(to);
        let room = g.flood(bit(to), empty_after);
        g.expand(room) & spared == 0
    }

    /// The squares whose pieces a move landing on `cell` may capture: next to it, and along
    /// the edge it stands on (a shieldwall). The relation is symmetric: a piece on `cell` is
    /// captured only by a move landing in `capture_reach(cell)`.
    fn capture_reach(&self, cell: u8) -> Bits {
        let g = self.geo();
        let square = bit(cell);
        let mut reach = g.expand(square);
        for line in [g.rank_first, g.rank_last, g.file_first, g.file_last] {
            if line & square != 0 {
                reach |= line;
            }
        }
        reach
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

    /// The pieces of `seat` with at least one legal move: a soldier next to an empty square
    /// it may stop on, the king next to any empty square, and the few others walked out (a
    /// soldier passes the empty throne).
    fn mobile(&self, seat: Seat) -> Bits {
        let g = self.geo();
        let empty = g.all & !self.board.occupied();
        let pieces = self.board.of(seat);
        let mut mobile = (pieces & g.expand(empty & !g.restricted))
            | (pieces & self.board.king & g.expand(empty));
        for from in Squares(pieces & !mobile & g.expand(empty & g.throne)) {
            for dir in 0..4 {
                let mut to = g.step(dir, from);
                while to != NONE && empty & bit(to) != 0 {
                    if g.restricted & bit(to) == 0 {
                        mobile |= bit(from);
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
        // Breadth-first layers from the king until one meets the edge (a path longer than
        // `LAYERS` rules nothing out).
        const LAYERS: usize = 32;
        let mut layers = [0; LAYERS];
        layers[0] = king;
        let mut seen = king;
        let mut count = 1;
        while layers[count - 1] & g.edge == 0 {
            let next = g.expand(layers[count - 1]) & open & !seen;
            if next == 0 || count == LAYERS {
                return None;
            }
            seen |= next;
            layers[count] = next;
            count += 1;
        }
        // Every cut lies on every path from the king to the edge: walk one back.
        let mut cuts = 0;
        let mut at = (layers[count - 1] & g.edge).trailing_zeros() as u8;
        for layer in layers[..count - 1].iter().rev() {
            let square = bit(at);
            // An edge square is a target itself: only the others can be passed by.
            if self.board.occupied() & square == 0
                && (g.edge & square != 0 || self.may_cut(at, open))
                && g.flood(king, open & !square) & g.edge == 0
            {
                cuts |= square;
            }
            at = (layer & g.expand(square)).trailing_zeros() as u8;
        }
        Some(cuts)
    }

    /// Whether filling the `open` square `cell` may disconnect `open`: not when its open
    /// orthogonal neighbours are joined by one unbroken run of open squares around it (the
    /// eight squares about it, in turn), since a way through it then goes around it.
    fn may_cut(&self, cell: u8, open: Bits) -> bool {
        let g = self.geo();
        let towards = |from: u8, dir: usize| {
            if from == NONE {
                NONE
            } else {
                g.step(dir, from)
            }
        };
        let (north, south) = (g.step(NORTH, cell), g.step(SOUTH, cell));
        let ring = [
            north,
            towards(north, EAST),
            g.step(EAST, cell),
            towards(south, EAST),
            south,
            towards(south, WEST),
            g.step(WEST, cell),
            towards(north, WEST),
        ]
        .map(|c| c != NONE && open & bit(c) != 0);
        // The runs of open squares around it that hold an orthogonal neighbour (the even
        // places); a ring open all round has no start and joins them all.
        let mut runs = 0;
        for start in (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]) {
            let run = (start..start + 8).take_while(|&i| ring[i % 8]);
            if run.clone().any(|i| i % 2 == 0) {
                runs += 1;
            }
        }
        runs >= 2
    }

    /// The squares a defender soldier's move must land on to make an exit fort, the king
    /// standing on the edge. With I the king's square and the empty squares connected to it,
    /// the king's room after the move holds every square of I still connected to him without
    /// crossing the destination (the move fills only its destination). So every attacker
    /// touching I must be captured, which takes a piece next to the destination or along its
    /// edge (a shieldwall: `capture_reach`), or be cut off from the king by the
    /// destination, which then lies on every path in I from the king to that attacker (one
    /// shortest path is taken). `None` when no attacker touches I (the fort then hangs on
    /// which pieces can be captured, which any move can change) or I is too long to walk:
    /// no move is ruled out.
    fn fort_squares(&self) -> Option<Bits> {
        let g = self.geo();
        let empty = g.all & !self.board.occupied();
        // Breadth-first layers of I from the king.
        const LAYERS: usize = 48;
        let mut layers = [0; LAYERS];
        layers[0] = self.board.king;
        let mut inside = self.board.king;
        let mut count = 1;
        loop {
            let next = g.expand(layers[count - 1]) & empty & !inside;
            if next == 0 {
                break;
            }
            if count == LAYERS {
                return None;
            }
            inside |= next;
            layers[count] = next;
            count += 1;
        }
        let touching = g.expand(inside) & self.board.attackers;
        if touching == 0 {
            return None;
        }
        let mut squares = g.all;
        for attacker in Squares(touching) {
            let near = g.expand(bit(attacker)) & inside;
            let Some(first) = layers[..count].iter().position(|&l| l & near != 0) else {
                continue;
            };
            let mut at = (layers[first] & near).trailing_zeros() as u8;
            let mut path = bit(at);
            for layer in layers[..first].iter().rev() {
                at = (layer & g.expand(bit(at))).trailing_zeros() as u8;
                path |= bit(at);
            }
            squares &= self.capture_reach(attacker) | path;
            if squares == 0 {
                break;
            }
        }
        Some(squares)
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

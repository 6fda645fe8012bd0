//! The board's shape as bit masks and neighbour tables, computed at compile time for each
//! size, so the rules work on whole sets of squares at once (one `u128` holds every square of
//! an 11x11 board) instead of looking at squares one by one.

use crate::coords::Square;

/// A set of squares: bit `rank * size + file` is the square `file`, `rank`.
pub(super) type Bits = u128;

/// The most squares a tafl board of this family has (11x11).
pub(super) const MAX_CELLS: usize = 121;

/// A neighbour that does not exist (off the board).
pub(super) const NONE: u8 = u8::MAX;

/// The four orthogonal directions, in the order captures are reported: north (up a rank),
/// east (up a file), south, west. `d ^ 2` is the opposite of `d`.
pub(super) const NORTH: usize = 0;
/// See [`NORTH`].
pub(super) const EAST: usize = 1;
/// See [`NORTH`].
pub(super) const SOUTH: usize = 2;
/// See [`NORTH`].
pub(super) const WEST: usize = 3;

/// The set holding only square `i`.
#[inline]
pub(super) const fn bit(i: u8) -> Bits {
    1 << i
}

/// Everything the rules need to know about one board size.
pub(super) struct Geometry {
    /// Squares on a side (7 or 11).
    pub(super) size: u8,
    /// Every square of the board.
    pub(super) all: Bits,
    /// The squares on the board's rim (corners included).
    pub(super) edge: Bits,
    /// The four corners.
    pub(super) corners: Bits,
    /// The throne's square index (the centre).
    pub(super) throne_cell: u8,
    /// The throne as a set.
    pub(super) throne: Bits,
    /// Where only the king may stop: the throne and the corners.
    pub(super) restricted: Bits,
    /// The first file (`a`).
    pub(super) file_first: Bits,
    /// The last file.
    pub(super) file_last: Bits,
    /// The first rank (`1`).
    pub(super) rank_first: Bits,
    /// The last rank.
    pub(super) rank_last: Bits,
    /// `neighbours[dir][i]`: the square next to `i` in direction `dir`, or [`NONE`].
    pub(super) neighbours: [[u8; MAX_CELLS]; 4],
    /// `squares[i]`: square `i` by file and rank, so move generation does not divide.
    pub(super) squares: [Square; MAX_CELLS],
}

impl Geometry {
    /// The geometry of a `size`x`size` board (`size` odd, at most 11).
    const fn new(size: u8) -> Geometry {
        let n = size as usize;
        let cells = n * n;
        let mut g = Geometry {
            size,
            all: 0,
            edge: 0,
            corners: 0,
            throne_cell: ((n / 2) * n + n / 2) as u8,
            throne: 0,
            restricted: 0,
            file_first: 0,
            file_last: 0,
            rank_first: 0,
            rank_last: 0,
            neighbours: [[NONE; MAX_CELLS]; 4],
            squares: [Square::new(0, 0); MAX_CELLS],
        };
        g.throne = bit(g.throne_cell);
        let mut i = 0;
        while i < cells {
            let (file, rank) = (i % n, i / n);
            let b = bit(i as u8);
            g.squares[i] = Square::new(file as u8, rank as u8);
            g.all |= b;
            if file == 0 {
                g.file_first |= b;
            }
            if file == n - 1 {
                g.file_last |= b;
            }
            if rank == 0 {
                g.rank_first |= b;
            }
            if rank == n - 1 {
                g.rank_last |= b;
            }
            if rank + 1 < n {
                g.neighbours[NORTH][i] = (i + n) as u8;
            }
            if file + 1 < n {
                g.neighbours[EAST][i] = (i + 1) as u8;
            }
            if rank > 0 {
                g.neighbours[SOUTH][i] = (i - n) as u8;
            }
            if file > 0 {
                g.neighbours[WEST][i] = (i - 1) as u8;
            }
            i += 1;
        }
        g.edge = g.file_first | g.file_last | g.rank_first | g.rank_last;
        g.corners = (g.file_first | g.file_last) & (g.rank_first | g.rank_last);
        g.restricted = g.corners | g.throne;
        g
    }

    /// The neighbour of `i` in direction `dir`, or [`NONE`].
    #[inline]
    pub(super) fn step(&self, dir: usize, i: u8) -> u8 {
        self.neighbours[dir][usize::from(i)]
    }

    /// Every square orthogonally next to a square of `set` (the set itself only where two of
    /// its squares touch).
    #[inline]
    pub(super) fn expand(&self, set: Bits) -> Bits {
        let n = self.size;
        let north = (set << n) & self.all;
        let south = set >> n;
        let east = (set & !self.file_last) << 1;
        let west = (set & !self.file_first) >> 1;
        north | south | east | west
    }

    /// The squares of `within` connected to `from` orthogonally through squares of `within`
    /// (`from` included even when it is not in `within`).
    #[inline]
    pub(super) fn flood(&self, from: Bits, within: Bits) -> Bits {
        let mut region = from;
        loop {
            let next = region | (self.expand(region) & within);
            if next == region {
                return region;
            }
            region = next;
        }
    }
}

/// Copenhagen Hnefatafl's 11x11 board.
pub(super) static ELEVEN: Geometry = Geometry::new(11);

/// Brandubh's 7x7 board.
pub(super) static SEVEN: Geometry = Geometry::new(7);

/// The squares of a set, lowest index first.
pub(super) struct Squares(pub(super) Bits);

impl Iterator for Squares {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

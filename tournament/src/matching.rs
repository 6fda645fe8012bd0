//! Maximum-weight matching with very wide integer weights, for the Dutch system.
//!
//! The Dutch pairing criteria are ranked: any improvement of a higher criterion outweighs every
//! possible change of the lower ones. Like bbpPairings, Skald encodes each criterion as a bit
//! field of an edge weight, the highest criterion in the highest bits, and asks for a
//! maximum-weight matching. With 100 players and 11 rounds the fields need several hundred
//! bits, so the weights are 1024-bit integers (`bnum`) and the matching is the
//! `integer-blossom` crate's Edmonds blossom algorithm, which is generic over the weight type.

use std::ops::{Add, AddAssign, BitOr, Div, Shl, Sub, SubAssign};

use bnum::cast::CastFrom;
use bnum::types::I1024;

/// The widest edge weight, in bits, the pairing may build. It leaves room for the sums of a
/// whole matching and the doubling the blossom algorithm does on its dual variables.
pub(crate) const MAX_WEIGHT_BITS: u32 = 1000;

/// A 1024-bit signed edge weight. A local type so that `integer-blossom`'s `Weight` trait can
/// be implemented for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Wide(I1024);

impl Wide {
    /// Zero: "no edge" for the matching.
    pub(crate) fn zero() -> Wide {
        Wide(I1024::cast_from(0u64))
    }

    /// A small value.
    pub(crate) fn from_u64(value: u64) -> Wide {
        Wide(I1024::cast_from(value))
    }

    /// True for zero, the weight of a forbidden pairing.
    pub(crate) fn is_zero(self) -> bool {
        self == Wide::zero()
    }

    /// `2^bits - 1`: every bit of a field of that width set.
    pub(crate) fn ones(bits: u32) -> Wide {
        Wide((Wide::from_u64(1).0 << bits) - Wide::from_u64(1).0)
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, rhs: Wide) -> Wide {
        Wide(self.0 + rhs.0)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, rhs: Wide) -> Wide {
        Wide(self.0 - rhs.0)
    }
}

impl AddAssign for Wide {
    fn add_assign(&mut self, rhs: Wide) {
        self.0 += rhs.0;
    }
}

impl SubAssign for Wide {
    fn sub_assign(&mut self, rhs: Wide) {
        self.0 -= rhs.0;
    }
}

impl Shl<u32> for Wide {
    type Output = Wide;
    fn shl(self, bits: u32) -> Wide {
        Wide(self.0 << bits)
    }
}

impl BitOr for Wide {
    type Output = Wide;
    fn bitor(self, rhs: Wide) -> Wide {
        Wide(self.0 | rhs.0)
    }
}

impl Div<u64> for Wide {
    type Output = Wide;
    fn div(self, rhs: u64) -> Wide {
        Wide(self.0 / I1024::cast_from(rhs))
    }
}

impl integer_blossom::Weight for Wide {
    const ZERO: Self = Wide(I1024::from_le_bytes([0; 128]));
    const ONE: Self = Wide(I1024::from_le_bytes(one_le_bytes()));

    fn inf() -> Self {
        Wide(I1024::MAX) / 4
    }

    fn double(self) -> Self {
        self + self
    }

    fn half(self) -> Self {
        self / 2
    }
}

/// The little-endian bytes of 1, for the `ONE` constant.
const fn one_le_bytes() -> [u8; 128] {
    let mut bytes = [0; 128];
    bytes[0] = 1;
    bytes
}

/// A complete graph on the players of one pairing, whose edge weights the Dutch procedure
/// adjusts step by step, asking each time for a maximum-weight matching.
#[derive(Debug, Clone)]
pub(crate) struct MatchingComputer {
    size: usize,
    weights: Vec<Wide>,
}

impl MatchingComputer {
    /// `size` vertices, no edges.
    pub(crate) fn new(size: usize) -> MatchingComputer {
        MatchingComputer {
            size,
            weights: vec![Wide::zero(); size * size],
        }
    }

    /// Sets the weight of the edge between two vertices (zero removes it).
    pub(crate) fn set(&mut self, a: usize, b: usize, weight: Wide) {
        if a == b || a >= self.size || b >= self.size {
            return;
        }
        self.weights[a * self.size + b] = weight;
        self.weights[b * self.size + a] = weight;
    }

    /// A maximum-weight matching: each vertex's mate, `None` when unmatched.
    pub(crate) fn solve(&self) -> Vec<Option<usize>> {
        integer_blossom::max_weight_matching(&self.weights, self.size)
    }

    /// Keeps `a` and `b` together from now on: their edge gets `weight` (the largest edge
    /// weight of the pairing) and every other edge of theirs is removed.
    pub(crate) fn finalize_pair(&mut self, a: usize, b: usize, weight: Wide) {
        for other in 0..self.size {
            if other != a {
                self.set(a, other, if other == b { weight } else { Wide::zero() });
            }
            if other != b {
                self.set(b, other, if other == a { weight } else { Wide::zero() });
            }
        }
    }
}

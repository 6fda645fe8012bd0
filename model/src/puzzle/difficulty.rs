//! A puzzle's starting rating from how hard it is to find (issue #35): the depth of the win
//! and how many moves there are to choose from, on the Glicko-2 scale players are rated on,
//! with a high deviation so the first solvers' results move it quickly to where it belongs.

/// The deviation a new puzzle starts with: Glicko-2's deviation of an unrated player, so
/// the starting rating is a guess the first results correct.
pub const STARTING_DEVIATION: f64 = 350.0;

/// The lowest and highest starting ratings: the lowest is a win in 1 with nothing else to
/// play, and no count makes a puzzle start above the strongest solvers.
pub const RATING_RANGE: (f64, f64) = (900.0, 2600.0);

/// What makes a proven puzzle hard to find, counted on its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The mover's moves the win needs (the theme's N): each is a move to find.
    pub moves: u8,
    /// The mover's legal moves at the start: the haystack the first move is found in.
    pub choices: usize,
    /// The defender's legal replies after the first move (0 when it ends the game): each
    /// is a defence the solver must see answered.
    pub replies: usize,
}

impl Difficulty {
    /// The starting rating (Glicko-2 scale, `docs/PUZZLES.md` "A puzzle's starting rating"):
    /// `900 + 350 (N - 1) + 100 log2(choices) + 40 log2(replies)`, clamped to
    /// [`RATING_RANGE`], rounded to a whole point.
    pub fn rating(self) -> f64 {
        let log2 = |n: usize| (n.max(1) as f64).log2();
        let depth = 350.0 * f64::from(self.moves.max(1) - 1);
        let raw = 900.0 + depth + 100.0 * log2(self.choices) + 40.0 * log2(self.replies);
        raw.clamp(RATING_RANGE.0, RATING_RANGE.1).round()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(moves: u8, choices: usize, replies: usize) -> f64 {
        Difficulty {
            moves,
            choices,
            replies,
        }
        .rating()
    }

    #[test]
    fn a_deeper_win_among_more_moves_starts_higher() {
        // A Brandubh escape in 1 among 16 moves: 900 + 400.
        assert_eq!(rating(1, 16, 0), 1300.0);
        assert!(rating(2, 16, 20) > rating(1, 16, 0));
        assert!(rating(3, 16, 20) > rating(2, 16, 20));
        assert!(rating(2, 80, 20) > rating(2, 16, 20));
        assert!(rating(2, 16, 60) > rating(2, 16, 20));
    }

    #[test]
    fn the_rating_stays_in_its_range() {
        assert_eq!(rating(1, 1, 0), RATING_RANGE.0);
        assert_eq!(rating(4, 10_000, 10_000), RATING_RANGE.1);
    }
}

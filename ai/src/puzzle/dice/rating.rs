//! A dice puzzle's starting rating: its difficulty read from what a solver faces, how many
//! different things the roll can do and how much worse the next best of them is.

/// The rating of a puzzle with 8 distinct uses whose best beats the next by 30 points: the
/// middle of the scale new players start on (Glicko-2's 1500).
const MIDDLE: f64 = 1500.0;

/// Points of rating per doubling of the distinct uses: twice the choices to weigh is a
/// clearly harder puzzle.
const PER_DOUBLING: f64 = 150.0;

/// Points of rating per point of win chance the gap is narrower than 30 (a gap of 20, the
/// smallest a puzzle has, adds 50; a gap of 60 takes 150 off): the smaller the difference
/// the engine sees, the less obvious the answer is to a person.
const PER_GAP_POINT: f64 = 5.0;

/// The lowest and highest starting ratings: a start outside them says more about the rule
/// than about the puzzle, and the solvers' results move it from there (the rule itself
/// never goes below 850, two uses and a 100-point gap; many uses can pass the ceiling).
const FLOOR: f64 = 800.0;
/// See [`FLOOR`].
const CEILING: f64 = 2300.0;

/// The starting rating (Glicko-2 scale) of a dice puzzle with `uses` distinct uses of the
/// roll whose best beats every other by `gap` thousandths of win chance:
/// 1500 + 150 x log2(uses / 8) - 5 x (gap in points - 30), kept within 800 to 2300.
pub fn starting_rating(uses: usize, gap: u16) -> f64 {
    let uses = uses.max(2) as f64;
    let gap_points = f64::from(gap) / 10.0;
    let rating = MIDDLE + PER_DOUBLING * (uses / 8.0).log2() - PER_GAP_POINT * (gap_points - 30.0);
    rating.clamp(FLOOR, CEILING).round()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_uses_and_a_narrower_gap_rate_harder() {
        assert_eq!(starting_rating(8, 300), 1500.0);
        assert!(starting_rating(16, 300) > starting_rating(8, 300));
        assert!(starting_rating(8, 200) > starting_rating(8, 400));
        // The easiest a puzzle can be: two uses, one winning for sure, the other losing.
        assert_eq!(starting_rating(2, 1000), 850.0);
        assert!(starting_rating(2, 1000) >= FLOOR);
        assert_eq!(starting_rating(4096, 200), CEILING);
    }
}

//! A review read back: what a turn's choice lost, what its roll gave, the turning points
//! and each player's summary.

use super::{Analysis, BLUNDER, INACCURACY, MISTAKE, PlayerSummary, TurnReview};
use skald_rules::Seat;

impl TurnReview {
    /// The win chance the mover's own choice lost against the preferred moves, in points
    /// (0-100; never negative: a played move the engine rates higher lost nothing).
    pub fn loss(&self) -> f64 {
        let sign = if self.mover == Seat::A { 1.0 } else { -1.0 };
        (sign * (self.best_chance - self.after) * 100.0).max(0.0)
    }

    /// What the roll gave the mover (negative: took), in points, in dice games.
    pub fn luck(&self) -> Option<f64> {
        let sign = if self.mover == Seat::A { 1.0 } else { -1.0 };
        self.before_roll
            .map(|before_roll| sign * (self.before - before_roll) * 100.0)
    }
}

impl Analysis {
    /// Up to `n` turning points: the turns whose mover's choice lost the most, at least an
    /// inaccuracy's worth, in game order.
    pub fn turning_points(&self, n: usize) -> Vec<&TurnReview> {
        let mut worst: Vec<&TurnReview> = self
            .turns
            .iter()
            .filter(|t| t.loss() > INACCURACY)
            .collect();
        worst.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.action.cmp(&b.action)));
        worst.truncate(n);
        worst.sort_by_key(|t| t.action);
        worst
    }

    /// `seat`'s moves summed up.
    pub fn summary(&self, seat: Seat) -> PlayerSummary {
        let losses: Vec<f64> = self
            .turns
            .iter()
            .filter(|t| t.mover == seat)
            .map(TurnReview::loss)
            .collect();
        let count = |over: f64| losses.iter().filter(|&&l| l > over).count() as u32;
        PlayerSummary {
            moves: losses.len() as u32,
            average_loss: if losses.is_empty() {
                0.0
            } else {
                losses.iter().sum::<f64>() / losses.len() as f64
            },
            inaccuracies: count(INACCURACY) - count(MISTAKE),
            mistakes: count(MISTAKE) - count(BLUNDER),
            blunders: count(BLUNDER),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A turn of `mover` whose choice lost `loss` points (the first seat's chances written
    /// from the mover's side).
    fn turn(action: usize, mover: Seat, loss: f64) -> TurnReview {
        let (best, after) = match mover {
            Seat::A => (0.8, 0.8 - loss / 100.0),
            Seat::B => (0.2, 0.2 + loss / 100.0),
        };
        TurnReview {
            action,
            number: action as u32 + 1,
            mover,
            roll: None,
            played: vec!["a1-a2".into()],
            before_roll: None,
            before: best,
            best: vec!["a1-a3".into()],
            best_chance: best,
            after,
        }
    }

    #[test]
    fn a_summary_counts_each_move_in_its_band() {
        let analysis = Analysis {
            turns: vec![
                turn(0, Seat::A, 0.0),
                turn(1, Seat::B, 30.0),
                turn(2, Seat::A, 4.0),
                turn(3, Seat::B, 6.0),
                turn(4, Seat::A, 12.0),
                turn(5, Seat::B, 15.0),
                turn(6, Seat::A, 25.0),
                turn(7, Seat::B, 5.0),
            ],
        };
        let a = analysis.summary(Seat::A);
        assert_eq!(
            (a.moves, a.inaccuracies, a.mistakes, a.blunders),
            (4, 0, 1, 1)
        );
        assert!((a.average_loss - 41.0 / 4.0).abs() < 1e-9, "{a:?}");
        let b = analysis.summary(Seat::B);
        // 5.0 is not over an inaccuracy's 5 points.
        assert_eq!(
            (b.moves, b.inaccuracies, b.mistakes, b.blunders),
            (4, 1, 1, 1)
        );
        let empty = Analysis { turns: Vec::new() }.summary(Seat::A);
        assert_eq!((empty.moves, empty.average_loss), (0, 0.0));
    }

    #[test]
    fn turning_points_are_the_worst_losses_in_game_order() {
        let analysis = Analysis {
            turns: vec![
                turn(0, Seat::A, 8.0),
                turn(1, Seat::B, 30.0),
                turn(2, Seat::A, 3.0),
                turn(3, Seat::B, 12.0),
                turn(4, Seat::A, 50.0),
            ],
        };
        let actions = |n| -> Vec<usize> {
            analysis
                .turning_points(n)
                .iter()
                .map(|t| t.action)
                .collect()
        };
        assert_eq!(actions(3), vec![1, 3, 4]);
        assert_eq!(actions(1), vec![4]);
        assert_eq!(actions(9), vec![0, 1, 3, 4], "never the 3-point move");
    }

    #[test]
    fn a_choice_rated_better_than_the_preferred_one_lost_nothing_and_luck_has_a_side() {
        let mut t = turn(0, Seat::B, 0.0);
        t.after = 0.1;
        assert_eq!(t.loss(), 0.0);
        t.before_roll = Some(0.5);
        t.before = 0.3;
        assert!(
            (t.luck().unwrap_or_default() - 20.0).abs() < 1e-9,
            "B gained"
        );
        t.mover = Seat::A;
        assert!((t.luck().unwrap_or_default() + 20.0).abs() < 1e-9, "A lost");
    }
}

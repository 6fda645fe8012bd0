//! The ladder: Glicko-2 ratings per community and rule set, computed by the `skillratings`
//! crate (no rating formula is written here), with each player's record.

use serde::{Deserialize, Serialize};
use skald_rules::Seat;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A rating deviation at or above this marks a rating provisional, as lichess does.
pub const PROVISIONAL_RD: f64 = 110.0;

/// One player's standing on one ladder (community and rule set), as stored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Glicko-2 rating (1500 to start).
    pub rating: f64,
    /// Rating deviation (350 to start).
    pub deviation: f64,
    /// Glicko-2 volatility (0.06 to start).
    pub volatility: f64,
    /// Ranked games finished.
    pub games: u32,
    /// Of those, won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
}

impl Default for Standing {
    fn default() -> Self {
        let r = Glicko2Rating::new();
        Standing {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }
}

impl Standing {
    /// Whether the rating is still provisional (deviation at least [`PROVISIONAL_RD`]).
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_RD
    }

    /// The rating as shown: rounded, with `?` when provisional (`1662?`).
    pub fn shown(&self) -> String {
        shown(self.rating, self.deviation)
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn with(&self, r: Glicko2Rating, score: Option<bool>) -> Standing {
        Standing {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: self.games + 1,
            wins: self.wins + u32::from(score == Some(true)),
            losses: self.losses + u32::from(score == Some(false)),
            draws: self.draws + u32::from(score.is_none()),
        }
    }
}

/// A rating as shown, from its value and deviation.
pub fn shown(rating: f64, deviation: f64) -> String {
    let mark = if deviation >= PROVISIONAL_RD { "?" } else { "" };
    format!("{}{mark}", rating.round() as i64)
}

/// One player's rating before and after a ranked game: what the result message shows and
/// the game keeps.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Rating before the game.
    pub before: f64,
    /// Deviation before the game.
    pub deviation_before: f64,
    /// Rating after the game.
    pub after: f64,
    /// Deviation after the game.
    pub deviation_after: f64,
}

impl RatingChange {
    /// `1500? → 1662? (+162)`.
    pub fn describe(&self) -> String {
        let delta = (self.after.round() - self.before.round()) as i64;
        let sign = if delta >= 0 { "+" } else { "−" };
        format!(
            "{} → {} ({sign}{})",
            shown(self.before, self.deviation_before),
            shown(self.after, self.deviation_after),
            delta.abs()
        )
    }
}

/// Rates one finished ranked game: seat A's and seat B's standings before, the winner
/// (`None` for a draw); returns both standings after and the changes to show.
pub fn rate(
    a: &Standing,
    b: &Standing,
    winner: Option<Seat>,
) -> ([Standing; 2], [RatingChange; 2]) {
    let outcome = match winner {
        Some(Seat::A) => Outcomes::WIN,
        Some(Seat::B) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (ra, rb) = glicko2(&a.glicko(), &b.glicko(), &outcome, &Glicko2Config::new());
    let score = |seat: Seat| winner.map(|w| w == seat);
    let after = [a.with(ra, score(Seat::A)), b.with(rb, score(Seat::B))];
    let change = |s: &Standing, n: &Standing| RatingChange {
        before: s.rating,
        deviation_before: s.deviation,
        after: n.rating,
        deviation_after: n.deviation,
    };
    let changes = [change(a, &after[0]), change(b, &after[1])];
    (after, changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_win_moves_both_ratings_by_the_glicko2_amount() {
        let fresh = Standing::default();
        let ([a, b], [ca, cb]) = rate(&fresh, &fresh, Some(Seat::A));
        // skillratings' own documented example: 1500/350 vs 1500/350, a win gives 1662 and 1338.
        assert_eq!(a.rating.round(), 1662.0);
        assert_eq!(b.rating.round(), 1338.0);
        assert_eq!(a.deviation.round(), 290.0);
        assert_eq!((a.games, a.wins, a.losses, a.draws), (1, 1, 0, 0));
        assert_eq!((b.games, b.wins, b.losses, b.draws), (1, 0, 1, 0));
        assert!(a.provisional() && b.provisional());
        assert_eq!(ca.describe(), "1500? → 1662? (+162)");
        assert_eq!(cb.describe(), "1500? → 1338? (−162)");
    }

    #[test]
    fn draws_between_equals_change_little_and_count_as_draws() {
        let fresh = Standing::default();
        let ([a, b], _) = rate(&fresh, &fresh, None);
        assert_eq!(a.rating.round(), 1500.0);
        assert_eq!(b.rating.round(), 1500.0);
        assert_eq!((a.draws, b.draws), (1, 1));
    }

    #[test]
    fn ratings_settle_and_stop_being_provisional() {
        let mut a = Standing::default();
        let mut b = Standing::default();
        for i in 0..30 {
            let winner = if i % 3 == 0 {
                Some(Seat::B)
            } else {
                Some(Seat::A)
            };
            let ([na, nb], _) = rate(&a, &b, winner);
            a = na;
            b = nb;
        }
        assert!(a.rating > b.rating);
        assert!(!a.provisional(), "deviation {}", a.deviation);
        assert!(!a.shown().ends_with('?'));
        assert_eq!(a.games, 30);
        assert_eq!(a.wins + a.losses, 30);
    }

    #[test]
    fn the_provisional_mark_follows_the_threshold() {
        assert_eq!(shown(1500.4, 110.0), "1500?");
        assert_eq!(shown(1500.6, 109.9), "1501");
    }
}

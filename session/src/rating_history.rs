//! Ratings over time, for the pictures `rating` and `ladder` attach: read from the rating
//! changes each ranked game keeps on its document (`GameEnd::ratings`), so no history is
//! stored twice.

use crate::files::{
    LADDER_WINDOW_SECS, LadderLine, LadderOf, Outcome, RatedAt, RatingLine, RatingOf,
};
use crate::game::GameDoc;
use crate::identity::{CommunityId, UserId};
use crate::ladder::Standing;
use crate::{Cx, Failure};
use skald_rules::{RuleSetId, Seat};

/// How many of a player's newest finished games a history reads at most.
const HISTORY_GAMES: usize = 1_000;

/// The mark `g` left on `seat`'s rating: the rating before it and after it, the result.
fn marks(g: &GameDoc, seat: Seat) -> Option<(RatedAt, RatedAt)> {
    let end = g.end?;
    let change = end.ratings?[seat.index()];
    let result = match end.result.winner()? {
        None => Outcome::Draw,
        Some(w) if w == seat => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    let round = |x: f64| x.round() as i32;
    Some((
        RatedAt {
            at: g.started.0,
            rating: round(change.before),
            deviation: round(change.deviation_before),
            result: None,
        },
        RatedAt {
            at: end.at.0,
            rating: round(change.after),
            deviation: round(change.deviation_after),
            result: Some(result),
        },
    ))
}

impl Cx {
    /// `user`'s ranked games of this community, oldest first, with their seat.
    fn rated_games(
        &self,
        community: &CommunityId,
        user: &UserId,
    ) -> Result<Vec<(GameDoc, Seat)>, Failure> {
        let mut games: Vec<(GameDoc, Seat)> = self
            .games_of(user, false, HISTORY_GAMES)?
            .into_iter()
            .filter_map(|g| {
                let g = g.doc;
                let seat = g.seat_of(user)?;
                (g.community == *community
                    && g.ranked
                    && g.end.is_some_and(|e| e.ratings.is_some()))
                .then_some((g, seat))
            })
            .collect();
        games.sort_by_key(|(g, _)| g.end.map(|e| e.at));
        Ok(games)
    }

    /// `name`'s (`user`'s) rating history in `community`: a line per rule set they played
    /// ranked, with their place on each ladder.
    pub(crate) fn rating_history(
        &self,
        community: &CommunityId,
        user: &UserId,
        name: &str,
    ) -> Result<RatingOf, Failure> {
        let games = self.rated_games(community, user)?;
        let mut lines: Vec<RatingLine> = Vec::new();
        for rule_set in RuleSetId::ALL {
            let mut points = Vec::new();
            for (g, seat) in games.iter().filter(|(g, _)| g.rule_set() == rule_set) {
                if let Some((before, after)) = marks(g, *seat) {
                    if points.is_empty() {
                        points.push(before);
                    }
                    points.push(after);
                }
            }
            if points.is_empty() {
                continue;
            }
            lines.push(RatingLine {
                rule_set,
                points,
                rank: self.rank_of(community, rule_set, user)?,
            });
        }
        Ok(RatingOf {
            name: name.to_string(),
            lines,
        })
    }

    /// `user`'s place on a ladder and how many are on it.
    pub(crate) fn rank_of(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<(u32, u32)>, Failure> {
        let rows = self.sorted_ladder(community, rule_set)?;
        Ok(rows
            .iter()
            .position(|(u, _)| u == user)
            .map(|i| (i as u32 + 1, rows.len() as u32)))
    }

    /// A ladder, best first.
    pub(crate) fn sorted_ladder(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Vec<(UserId, Standing)>, Failure> {
        let mut rows = self.store.ladder(community, rule_set)?;
        rows.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
        Ok(rows)
    }

    /// The curves of a ladder's `top` players (best first, with their names) over the last
    /// 90 days.
    pub(crate) fn ladder_curves(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        top: &[(UserId, String)],
    ) -> Result<LadderOf, Failure> {
        let until = self.now().0;
        let since = until - LADDER_WINDOW_SECS;
        let mut players = Vec::new();
        for (i, (user, name)) in top.iter().enumerate() {
            let mut points = Vec::new();
            for (g, seat) in self.rated_games(community, user)? {
                if g.rule_set() != rule_set {
                    continue;
                }
                if let Some((before, after)) = marks(&g, seat) {
                    if points.is_empty() {
                        points.push((before.at, before.rating));
                    }
                    points.push((after.at, after.rating));
                }
            }
            // The last point before the window starts the curve; older ones are not drawn.
            let first_inside = points.iter().position(|(at, _)| *at >= since);
            let keep_from = match first_inside {
                Some(i) => i.saturating_sub(1),
                None => points.len().saturating_sub(1),
            };
            points.drain(..keep_from);
            players.push(LadderLine {
                name: name.clone(),
                rank: i as u32 + 1,
                points,
            });
        }
        Ok(LadderOf {
            rule_set,
            since,
            until,
            players,
        })
    }
}

//! The pictures of ratings over time: a player's history (`rating [@user]`: a line per rule
//! set with its deviation as a band, each ranked game's result as a dot, the current rank)
//! and a ladder's top players over the last 90 days (`ladder [rule-set]`). Stored as what
//! they show, drawn in the reader's language when posted ([`super::File::render`]).

use serde::{Deserialize, Serialize};
use skald_lang::{Lang, Text, t};
use skald_render::{
    Dot, DotWords, LadderChart, LadderCurve, RatingChart, RatingPoint, RatingSeries,
};
use skald_rules::RuleSetId;

/// How far back a ladder's curves go: 90 days.
pub const LADDER_WINDOW_SECS: i64 = 90 * 24 * 3600;

/// A game's result for the player whose rating it changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Won.
    Win,
    /// Lost.
    Loss,
    /// Drawn.
    Draw,
}

/// One ranked game's mark on a rating history: when it ended, the rating and deviation
/// after it, and its result (`None`: the rating before the first game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedAt {
    /// When (unix seconds).
    pub at: i64,
    /// The rating then, rounded (as players read it).
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// The game's result for this player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

/// One rule set's line of a rating history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingLine {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Its points, oldest first.
    pub points: Vec<RatedAt>,
    /// The player's place on the ladder and how many are on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<(u32, u32)>,
}

/// What a rating history shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingOf {
    /// The player's name.
    pub name: String,
    /// A line per rule set played ranked in this community.
    pub lines: Vec<RatingLine>,
}

/// One player's curve on a ladder's picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderLine {
    /// The player's name.
    pub name: String,
    /// Their place on the ladder.
    pub rank: u32,
    /// Their rating after each game (unix seconds, rating rounded), the last one before
    /// the window included.
    pub points: Vec<(i64, i32)>,
}

/// What a ladder's picture shows: its top players' ratings over a window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadderOf {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// The window's start (unix seconds).
    pub since: i64,
    /// The window's end.
    pub until: i64,
    /// The top players, best first.
    pub players: Vec<LadderLine>,
}

impl RatingOf {
    /// The picture's data with its words in `lang`.
    pub fn picture(&self, lang: Lang) -> RatingChart {
        RatingChart {
            title: t!("rating-chart-title", name = &self.name).render(lang),
            series: self
                .lines
                .iter()
                .map(|line| RatingSeries {
                    label: skald_lang::rule_set_name(line.rule_set).render(lang),
                    points: line
                        .points
                        .iter()
                        .map(|p| RatingPoint {
                            at: p.at,
                            rating: f64::from(p.rating),
                            deviation: f64::from(p.deviation.max(0)),
                            result: p.result.map(|r| match r {
                                Outcome::Win => Dot::Win,
                                Outcome::Loss => Dot::Loss,
                                Outcome::Draw => Dot::Draw,
                            }),
                        })
                        .collect(),
                    rank: line.rank.map(|(place, n)| rank_text(place, n).render(lang)),
                })
                .collect(),
            empty: t!("rating-chart-empty").render(lang),
            dots: DotWords {
                win: t!("rating-chart-win").render(lang),
                loss: t!("rating-chart-loss").render(lang),
                draw: t!("rating-chart-draw").render(lang),
            },
        }
    }
}

impl LadderOf {
    /// The picture's data with its words in `lang`.
    pub fn picture(&self, lang: Lang) -> LadderChart {
        LadderChart {
            title: t!(
                "ladder-chart-title",
                rule_set = skald_lang::rule_set_name(self.rule_set)
            )
            .render(lang),
            players: self
                .players
                .iter()
                .map(|p| LadderCurve {
                    name: p.name.clone(),
                    points: p.points.iter().map(|&(at, r)| (at, f64::from(r))).collect(),
                    rank: p.rank,
                })
                .collect(),
            since: self.since,
            until: self.until,
            empty: t!("ladder-chart-empty").render(lang),
        }
    }
}

/// `#3 of 12`.
pub fn rank_text(place: u32, of: u32) -> Text {
    t!("rating-rank", place = place, n = of)
}

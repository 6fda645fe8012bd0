//! The engine's review of a finished game: each turn's win chance before and after, the move
//! the engine preferred, and the turning points where a player's own choice lost the most.
//!
//! A review is a list of searches, one per position where a player chose ([`ReviewPlan`]):
//! each is independent and deterministic (seeded by the game and the position's index, no
//! time cap), so a caller can run them one at a time between other work (the bot's engine
//! driver puts engine turns of live games first), on any number of threads, in any process,
//! and always gets the same review. [`analyse`] runs a whole plan at once (the CLI).

mod plan;
mod run;
mod sample;
mod search;
mod summary;

pub use run::analyse;
pub use sample::self_play;
// The dice puzzles (`crate::puzzle::dice`) value a position as a review's search does.
pub(crate) use search::{chance_value, point_seed};

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
    /// The budget the bot and the CLI review with: a 100-ply Hnefatafl game in well under
    /// 30 s on two cores (`benches/review.rs`; docs/ENGINE.md "Reviews").
    pub const STANDARD: ReviewBudget = ReviewBudget {
        iterations: 4_000,
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
///
/// For a finished game only: the review reads every value the record holds (Subulata's
/// arrangements), as the end of a game reveals them; the caller never plans the review of a
/// game still being played.
#[derive(Clone, Debug)]
pub struct ReviewPlan {
    planned: plan::Planned,
}

/// One position's search, as [`ReviewPlan::search`] returns it and [`ReviewPlan::finish`]
/// reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct PointEval {
    /// The first seat's chance at the position.
    value: f64,
    /// The preferred line (a decision point), canonical.
    best: Vec<String>,
    /// The first seat's chance after the preferred line.
    best_value: f64,
    /// The first seat's chance after the line played from here, when this search tried it
    /// often enough to tell (the played line is the preferred one: exactly `best_value`).
    played_value: Option<f64>,
}

impl ReviewPlan {
    /// The plan of `record`'s review: the record replayed, its turns and the positions to
    /// search. A record that does not replay is refused with the reason.
    pub fn new(record: &Record) -> Result<ReviewPlan, ReviewError> {
        Ok(ReviewPlan {
            planned: plan::plan(record)?,
        })
    }

    /// How many searches the review needs.
    pub fn len(&self) -> usize {
        self.planned.points.len()
    }

    /// Whether the review needs no search (a game without a single choice).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`th search (`index < len()`), deterministic given `budget` and `seed`.
    /// An index past the end gets an empty evaluation, which [`ReviewPlan::finish`] ignores.
    pub fn search(&self, index: usize, budget: ReviewBudget, seed: u64) -> PointEval {
        match self.planned.points.get(index) {
            Some(point) => search::search_point(point, budget, search::point_seed(seed, index)),
            None => PointEval {
                value: 0.5,
                best: Vec::new(),
                best_value: 0.5,
                played_value: None,
            },
        }
    }

    /// The review from every search's result, in order (`evals[i]` from
    /// [`ReviewPlan::search`]`(i, ..)`). A turn whose searches are missing is left out.
    pub fn finish(&self, evals: &[PointEval]) -> Analysis {
        let turns = self
            .planned
            .turns
            .iter()
            .filter_map(|turn| {
                let before = evals.get(turn.before)?;
                let before_roll = match turn.before_roll {
                    Some(i) => Some(evals.get(i)?.value),
                    None => None,
                };
                let after = match (before.played_value, turn.after) {
                    (Some(v), _) => v,
                    (None, plan::After::Over(result)) => result,
                    (None, plan::After::Point(i)) => evals.get(i)?.value,
                };
                Some(TurnReview {
                    action: turn.action,
                    number: turn.number,
                    mover: turn.mover,
                    roll: turn.roll.clone(),
                    played: turn.played.clone(),
                    before_roll,
                    before: before.value,
                    best: before.best.clone(),
                    best_chance: before.best_value,
                    after,
                })
            })
            .collect();
        Analysis { turns }
    }
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

/// A move that lost over this many points of win chance is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// Over this many, a mistake.
pub const MISTAKE: f64 = 10.0;
/// Over this many, a blunder.
pub const BLUNDER: f64 = 20.0;

//! What a player keeps of puzzles, on their user document: a rating per family, the streak,
//! the puzzles lately seen (so they do not come back soon) and the one being solved.

use super::{Puzzle, PuzzleFamily, PuzzleId, PuzzleRating};
use crate::clock::Timestamp;
use crate::identity::CommunityId;
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::collections::BTreeMap;

/// How many of the puzzles a player lately tried are kept, so none comes back before the
/// player has seen that many others (or the family runs out).
pub const RECENT: usize = 300;

/// The deviation a puzzle starts with when it comes from a file: lower than a new player's
/// (its difficulty is an estimate, not nothing), high enough for the first solvers to move it.
pub const PUZZLE_START_DEVIATION: f64 = 200.0;

/// A player's puzzles, as their user document keeps them (`UserDoc::puzzles`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerPuzzles {
    /// The player's puzzle rating per family (a family never tried has none: 1500, 350).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ratings: BTreeMap<PuzzleFamily, FamilyRecord>,
    /// Puzzles solved in a row (a wrong answer or giving up starts it again).
    #[serde(default)]
    pub streak: u32,
    /// The longest streak so far.
    #[serde(default)]
    pub best_streak: u32,
    /// The puzzles lately tried, the newest last (at most [`RECENT`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recent: Vec<PuzzleId>,
    /// The puzzle being solved, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<Box<ActivePuzzle>>,
    /// The days (`2026-11-29` in their community's zone) and communities of the daily
    /// puzzles this player answered: a daily puzzle is tried once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dailies: Vec<(CommunityId, String)>,
}

/// One family's puzzle rating and counts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyRecord {
    /// The Glicko-2 rating.
    pub rating: PuzzleRating,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed (a wrong move or given up).
    pub failed: u32,
}

impl Default for FamilyRecord {
    fn default() -> Self {
        FamilyRecord {
            rating: PuzzleRating::new_player(),
            solved: 0,
            failed: 0,
        }
    }
}

/// The puzzle a player is solving: the puzzle itself (so a changed file or community never
/// changes it midway), how far they are and where it was asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActivePuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its rating when it was given (what the result is rated against).
    pub rating: PuzzleRating,
    /// The position now (after the moves played so far), full notation.
    pub position: String,
    /// The line still to come from here: the player's next move first, then the forced
    /// reply, … (the player may find another winning move; the line then follows it).
    pub line: Vec<String>,
    /// The mover's moves the puzzle allows from here (its theme's number, less the moves
    /// played).
    pub moves_left: u8,
    /// The community it was asked in (whose puzzle ratings and ladder it counts for).
    pub community: CommunityId,
    /// When it was given.
    pub given: Timestamp,
    /// The day of the community's daily puzzle, when this is it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
}

impl PuzzleRating {
    /// A player's first rating: Glicko-2's own start (1500, 350, 0.06).
    pub fn new_player() -> PuzzleRating {
        PuzzleRating::from(Glicko2Rating::new())
    }

    /// A puzzle's first rating: its file's estimate, with [`PUZZLE_START_DEVIATION`].
    pub fn new_puzzle(rating: f64) -> PuzzleRating {
        PuzzleRating {
            rating,
            deviation: PUZZLE_START_DEVIATION,
            ..PuzzleRating::new_player()
        }
    }

    /// The rating as shown: rounded, `?` while provisional, as the ladder shows it.
    pub fn shown(&self) -> String {
        crate::ladder::shown(self.rating, self.deviation)
    }
}

impl From<Glicko2Rating> for PuzzleRating {
    fn from(r: Glicko2Rating) -> Self {
        PuzzleRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<PuzzleRating> for Glicko2Rating {
    fn from(r: PuzzleRating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// A solver against a puzzle, rated as one game (Glicko-2, the `skillratings` crate): solved
/// is the solver's win. Returns the solver's and the puzzle's ratings after.
pub fn rate_attempt(
    solver: PuzzleRating,
    puzzle: PuzzleRating,
    solved: bool,
) -> (PuzzleRating, PuzzleRating) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (s, p) = glicko2(
        &solver.into(),
        &puzzle.into(),
        &outcome,
        &Glicko2Config::new(),
    );
    (s.into(), p.into())
}

impl PlayerPuzzles {
    /// Whether nothing is kept yet (the user document then leaves the field out).
    pub fn is_empty(&self) -> bool {
        *self == PlayerPuzzles::default()
    }

    /// The player's record in `family` (a new one if they never tried it).
    pub fn family(&self, family: PuzzleFamily) -> FamilyRecord {
        self.ratings.get(&family).copied().unwrap_or_default()
    }

    /// Whether the player lately tried this puzzle.
    pub fn seen(&self, id: &PuzzleId) -> bool {
        self.recent.contains(id)
    }

    /// Records a finished attempt: the family's rating and counts, the streak, the puzzle
    /// among the recent ones; the active puzzle is cleared. Returns the rating before and
    /// after, for the answer to show.
    pub fn finish(
        &mut self,
        puzzle: &Puzzle,
        rating_after: PuzzleRating,
        solved: bool,
    ) -> (PuzzleRating, PuzzleRating) {
        let family = puzzle.family();
        let record = self.ratings.entry(family).or_default();
        let before = record.rating;
        record.rating = rating_after;
        if solved {
            record.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            record.failed += 1;
            self.streak = 0;
        }
        self.remember(puzzle.id());
        self.active = None;
        (before, rating_after)
    }

    /// Adds a puzzle to the recent ones, forgetting the oldest beyond [`RECENT`].
    pub fn remember(&mut self, id: PuzzleId) {
        self.recent.retain(|r| *r != id);
        self.recent.push(id);
        if self.recent.len() > RECENT {
            let extra = self.recent.len() - RECENT;
            self.recent.drain(..extra);
        }
    }
}

/// Chooses the puzzle to give: among `candidates` the player has not lately tried (all of
/// them when every one was), the ones nearest the player's rating, one of the nearest few
/// picked by `seed` (so asking twice in a row does not always give the same order).
pub fn choose<'a>(
    candidates: impl IntoIterator<Item = (&'a Puzzle, PuzzleRating)>,
    player: &PlayerPuzzles,
    seed: u64,
) -> Option<(&'a Puzzle, PuzzleRating)> {
    let all: Vec<(&Puzzle, PuzzleRating)> = candidates.into_iter().collect();
    let fresh: Vec<(&Puzzle, PuzzleRating)> = all
        .iter()
        .filter(|(p, _)| !player.seen(&p.id()))
        .copied()
        .collect();
    let mut pool = if fresh.is_empty() { all } else { fresh };
    let first = pool.first()?;
    let family = first.0.family();
    let mine = player.family(family).rating.rating;
    pool.sort_by(|a, b| {
        let da = (a.1.rating - mine).abs();
        let db = (b.1.rating - mine).abs();
        da.total_cmp(&db).then_with(|| a.0.id().cmp(&b.0.id()))
    });
    let nearest = pool.len().min(5);
    let pick = (seed % nearest as u64) as usize;
    pool.get(pick).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::RuleSetId;

    fn puzzle(position_ply: u32, rating: f64) -> Puzzle {
        let mut position = skald_rules::Position::start(RuleSetId::Brandubh, 0);
        for _ in 0..position_ply {
            let mv = position.legal_moves()[0].clone();
            position.play(&mv).unwrap();
        }
        Puzzle {
            rule_set: RuleSetId::Brandubh,
            position: position.to_notation(skald_rules::Viewer::Final),
            to_move: "attackers".into(),
            roll: None,
            solution: vec!["a".into()],
            theme: "escape in 1".into(),
            source: "test".into(),
            rating,
        }
    }

    #[test]
    fn solving_raises_the_solver_and_lowers_the_puzzle_and_failing_the_reverse() {
        let solver = PuzzleRating::new_player();
        let hard = PuzzleRating::new_puzzle(1500.0);
        let (s, p) = rate_attempt(solver, hard, true);
        assert!(s.rating > 1500.0 && p.rating < 1500.0);
        let (s, p) = rate_attempt(solver, hard, false);
        assert!(s.rating < 1500.0 && p.rating > 1500.0);
    }

    #[test]
    fn the_streak_counts_solved_puzzles_in_a_row() {
        let mut me = PlayerPuzzles::default();
        let p = puzzle(0, 1500.0);
        let r = PuzzleRating::new_player();
        me.finish(&p, r, true);
        me.finish(&p, r, true);
        assert_eq!((me.streak, me.best_streak), (2, 2));
        me.finish(&p, r, false);
        assert_eq!((me.streak, me.best_streak), (0, 2));
        let record = me.family(PuzzleFamily::Tafl);
        assert_eq!((record.solved, record.failed), (2, 1));
        assert_eq!(me.recent.len(), 1, "one puzzle, remembered once");
    }

    #[test]
    fn the_chosen_puzzle_is_near_the_rating_and_not_one_just_tried() {
        let puzzles: Vec<Puzzle> = (0..12)
            .map(|i| puzzle(i, 1000.0 + 100.0 * f64::from(i)))
            .collect();
        let rated = || {
            puzzles
                .iter()
                .map(|p| (p, PuzzleRating::new_puzzle(p.rating)))
        };
        let mut me = PlayerPuzzles::default();
        for seed in 0..20 {
            let (p, _) = choose(rated(), &me, seed).unwrap();
            assert!((p.rating - 1500.0).abs() <= 200.0, "{}", p.rating);
        }
        for p in &puzzles {
            if (p.rating - 1500.0).abs() <= 300.0 {
                me.remember(p.id());
            }
        }
        let (p, _) = choose(rated(), &me, 0).unwrap();
        assert!(!me.seen(&p.id()));
        assert!(choose(std::iter::empty(), &me, 0).is_none());
    }
}

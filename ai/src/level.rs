//! The engine's strength levels and the budgets behind them.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strong the engine plays: each level is a fixed search budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move: the baseline the match harness measures against.
    Random,
    /// A small search: sees immediate tactics, plays loosely.
    Easy,
    /// A medium search.
    Normal,
    /// The strongest level: at most about 2 s per move on a 2-core machine. Its iterations
    /// are set so that the time cap, not the count, ends most searches (Daldøsa's still end
    /// under it): measured matches showed that more thinking still wins more games.
    Hard,
}

impl Level {
    /// Every level, weakest first, for listings and tests.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];

    /// The level's name as players type it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search budget of this level (`None` for [`Level::Random`], which does not search).
    pub fn budget(self) -> Option<Budget> {
        match self {
            Level::Random => None,
            Level::Easy => Some(Budget {
                iterations: 300,
                time_cap: Some(Duration::from_millis(250)),
                rollout_plies: 120,
            }),
            Level::Normal => Some(Budget {
                iterations: 3_000,
                time_cap: Some(Duration::from_millis(800)),
                rollout_plies: 200,
            }),
            Level::Hard => Some(Budget {
                iterations: 100_000,
                time_cap: Some(Duration::from_millis(1_800)),
                rollout_plies: 200,
            }),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of `random`, `easy`, `normal`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}': expected random, easy, normal or hard",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// How much one move's search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Search iterations (one playout each). With no time cap hit, the result depends only on
    /// the RNG, so tests and the match harness repeat exactly.
    pub iterations: u32,
    /// Wall-time safety net; the search stops at whichever limit comes first. Measured on
    /// the machine's monotonic clock ([`std::time::Instant`]), never a game clock, so a fake
    /// clock standing still does not stretch it (docs/ENGINE.md).
    pub time_cap: Option<Duration>,
    /// Plies a playout runs before the position is scored by [`crate::AiGame::evaluate`] (a
    /// game may ask for fewer: [`crate::AiGame::rollout_limit`]).
    pub rollout_plies: u32,
}

impl Budget {
    /// This budget with its iterations scaled by `factor` (at least one), for quicker matches.
    pub fn scaled(self, factor: f64) -> Budget {
        let iterations = (f64::from(self.iterations) * factor).round().max(1.0) as u32;
        Budget { iterations, ..self }
    }
}

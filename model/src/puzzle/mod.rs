//! Puzzles (issue #35): the puzzle as Skald ships, mines, exports and checks it, and what a
//! community and a player keep of them.
//!
//! The file format is one JSON object a line ([`Puzzle`], `docs/PUZZLES.md` "The puzzle
//! file"), the same for the starter set shipped with Skald, `skald puzzles mine` and
//! `skald puzzles export`, so other programs can read and write it.

pub mod check;
pub mod difficulty;
pub mod mine;
pub mod mining;
pub mod player;
pub mod record;
pub mod room;
pub mod starter;

pub use check::{CheckError, check, check_all};
pub use difficulty::{Difficulty, STARTING_DEVIATION};
pub use mining::Mining;
pub use player::{ActivePuzzle, FamilyRecord, PlayerPuzzles, choose, rate_attempt};
pub use record::{
    Puzzle, PuzzleFamily, PuzzleFileError, PuzzleId, ThemeKind, read_line, read_lines,
};
pub use room::{DailyPost, DailySetting, PostedMessage, PuzzleRating, PuzzleRoom};
pub use starter::{STARTER_FILES, starter};

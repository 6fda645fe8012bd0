//! The integration tests of this crate, in one test binary (one link; its tests run side by side),
//! a module per area.

mod common;
mod damaged_games;
mod hostile_input;
mod journal_complete;
mod journal_replay;
mod ladder;
mod puzzles;
mod races;
mod reviews;

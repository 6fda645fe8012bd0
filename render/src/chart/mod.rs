//! Charts: the engine's win-chance graph of a game, a player's rating history and a ladder's
//! top curves, drawn as the standings picture is (parchment on the table, every word given
//! by the caller) and encoded as indexed PNGs.
//!
//! The shared parts sit in their own files: the page (size, title, legend rows, encoding),
//! the axes (plot area, scales, round ticks), dates on a time axis, and the marks drawn on
//! curves (result dots, labels).

mod axes;
mod dates;
mod ladder;
mod marks;
mod page;
mod rating;
mod win_chance;

#[cfg(test)]
mod tests;

pub use ladder::{LadderChart, LadderCurve, MAX_LADDER_CURVES, ladder_png};
pub use rating::{Dot, DotWords, RatingChart, RatingPoint, RatingSeries, rating_png};
pub use win_chance::{AxisWords, ChartMark, ChartPlayer, WinChart, win_chance_png};

//! Board pictures of Skald's games: PNG images of a position and animated GIF replays.
//!
//! Callers describe what a picture shows as a [`Scene`] (one plain struct per game, holding
//! only what the viewer may see; [`scene`] builds one from a rules position for a viewer) and
//! get PNG bytes from [`render_png`], or a replay from [`replay_gif`]. Drawing is
//! deterministic: the same scene always gives the same bytes.
//!
//! Tournament standings are a picture too: [`render_standings`] draws a [`StandingsPicture`]
//! (the table and, for a small round-robin, its crosstable), every word given by the caller.
//!
//! So are the engine's review and the ratings: [`win_chance_png`] draws a game's win-chance
//! graph ([`WinChart`]), [`Scene::compare`] turns a board into a turning point's (the move
//! played and the engine's, told apart), [`rating_png`] a player's rating history and
//! [`ladder_png`] a ladder's top curves.
//!
//! Text uses the embedded DejaVu Sans font (see `assets/LICENSE-DejaVu.txt`).

#![warn(missing_docs)]

mod adelta;
mod board;
mod canvas;
mod chart;
pub mod chart_samples;
mod daldosa;
mod dice;
mod draw;
mod font;
mod frame;
mod gif;
mod header;
mod hnefatafl;
mod layer;
mod layers;
mod legend;
mod marks;
mod paint;
mod pictured;
mod pieces;
mod png;
mod position;
mod quantize;
mod replay;
pub mod samples;
mod scene;
mod sprite;
mod standings;
mod subulata;
mod swatch;
mod tafl;
mod text;
mod theme;

#[cfg(test)]
mod tests;

pub use adelta::AdeltaScene;
pub use chart::{
    AxisWords, ChartMark, ChartPlayer, Dot, DotWords, LadderChart, LadderCurve, MAX_LADDER_CURVES,
    RatingChart, RatingPoint, RatingSeries, WinChart, ladder_png, rating_png, win_chance_png,
};
pub use daldosa::{DaldosaScene, Peg};
pub use frame::{Compared, Header, LastMove, Step, Turn};
pub use gif::{ReplayOptions, replay_gif};
pub use hnefatafl::{HnefataflScene, TaflPiece};
pub use pictured::piece_tone;
pub use pieces::Tone;
pub use png::{Png, render_png};
pub use position::scene;
pub use replay::{replay_scenes, replay_scenes_ended};
pub use scene::Scene;
pub use standings::{
    CrosstableBlock, MAX_CROSSTABLE_PLAYERS, MAX_STANDINGS_ROWS, StandingsPicture, StandingsRow,
    render_standings,
};
pub use subulata::{SubulataPiece, SubulataScene, Terrain};
pub use text::text_view;

/// Why a picture could not be made.
///
/// Exists so callers (the bot) can fall back to the text board instead of failing a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The scene contradicts itself or its game (a wrong board size, a value out of range, a
    /// marked cell that does not exist).
    #[error("invalid scene: {0}")]
    InvalidScene(String),
    /// The embedded font could not be parsed (a broken build).
    #[error("the embedded font could not be read")]
    Font,
    /// The picture's pixel buffer could not be made (absurd size).
    #[error("could not allocate the picture")]
    Canvas,
    /// The image encoder failed.
    #[error("could not encode the picture: {0}")]
    Encode(String),
}

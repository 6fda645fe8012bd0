//! Skald's built-in opponent: Monte Carlo tree search (UCT) over the typed rules of every game.
//!
//! - [`SeatView`] is the only way to hand a position to the engine: it keeps what one seat may
//!   see and nothing else, so the engine cannot read Subulata's hidden values by accident.
//!   [`PositionView`] is its game-neutral twin for callers holding a [`skald_rules::Position`]
//!   (the session); [`choose_for_view`] answers it with a typed [`skald_rules::AnyMove`],
//!   dispatched to the family's [`AiGame`] impl by the rules' registry.
//! - [`AiGame`] adds what the search needs beyond [`skald_rules::Game`]: sampling the hidden
//!   values a view lacks (determinisation), the moves playouts make (`playout`), and a cheap
//!   evaluation for cut-off playouts.
//! - [`Level`] names the fixed budgets; [`choose_move`] picks a move for the seat to move.
//! - [`Thinking`] runs a search on a worker thread, so a bot keeps answering while it thinks.
//! - [`harness`] plays engines against each other and summarises the results.
//! - [`review`] reviews a finished game: each turn's win chance, the move the engine preferred
//!   and the turning points.
//! - [`puzzle`] proves tafl puzzles by exhaustive search: forced wins within a few of the
//!   mover's moves, and the positions with exactly one first move that forces one.
//!
//! Everything is deterministic given the RNG passed in, unless a level's wall-time cap stops
//! a search before its iteration budget (the cap is a safety net for slow machines).

#![deny(missing_docs)]

mod daldosa;
mod determinise;
mod engine;
pub mod harness;
mod hnefatafl;
mod level;
mod mcts;
mod playout;
mod position_view;
pub mod puzzle;
pub mod review;
mod tafl;
mod view;
mod worker;

pub use determinise::AiGame;
pub use engine::{choose_move, choose_with_budget};
pub use level::{Budget, Level, UnknownLevel};
pub use position_view::{PositionView, choose_for_view};
pub use view::SeatView;
pub use worker::{Progress, Thinking};

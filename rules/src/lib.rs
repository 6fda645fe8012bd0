//! Skald's rules: the eight rule sets of RULES.md behind one game-neutral interface.
//!
//! Pure and synchronous: no I/O, and deterministic given the recorded dice. Each game module
//! (`adelta`, `hnefatafl`, `subulata`, `daldosa`, `tafl`) has the same shape: `mod.rs` holds the
//! position type and its rules, `notation.rs` the position and move notation, `text.rs` the
//! text board's grid, `tests.rs` the position-by-position tests. The notation of every rule
//! set is documented in `docs/NOTATION.md`.
//!
//! Nothing here is worded for players: refusals ([`Refusal`]), ends of games ([`EndReason`])
//! and the text boards' contents are data, and `skald-lang` words them in each reader's
//! language. The English `Display`s of the errors are for developer tools and logs.
//!
//! Which type plays which rule set is written once, in the registry: [`with_rules!`] (an id to
//! its type) and [`with_game!`] (a [`Position`] to the typed game inside).

pub mod adelta;
mod any_move;
pub mod coords;
pub mod daldosa;
pub mod dice;
mod error;
mod game;
pub mod hnefatafl;
mod outcome;
mod position;
mod record;
mod refusal;
mod registry;
mod ruleset;
mod seat;
pub mod subulata;
pub mod tafl;

pub use any_move::AnyMove;
pub use error::{ArrangeError, MoveError, PositionError, RollError};
pub use game::Game;
pub use outcome::{Cell, EndReason, Event, Outcome, RollSpec, Status};
pub use position::{Family, Position};
pub use record::{Action, Match, RECORD_FORMAT, Record, ReplayError};
pub use refusal::{Expected, Refusal};
pub use ruleset::{RuleSetId, UnknownRuleSet};
pub use seat::{Seat, Viewer};

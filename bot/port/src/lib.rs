//! The port at the bottom of the bot: what an adapter is handed when it starts ([`Shared`]:
//! the session, the clock, the door commands pass through, the background loop's rounds, the
//! router to the other platforms), what it hands back ([`Running`], its [`Outlet`] for the
//! background loop's notices), and its configuration section ([`sections`]). The Discord and
//! Matrix adapters depend on this crate and the session only, never on each other nor on the
//! composition root that starts them (the `skald` crate), so each builds on its own.

#![warn(missing_docs)]

pub mod discord_id;
pub mod fake_time;
pub mod gate;
pub mod once_key;
pub mod outlet;
pub mod progress;
pub mod rounds;
pub mod router;
pub mod sections;
pub mod shared;

pub use outlet::{BoxFuture, Outlet, Running};
pub use router::Router;
pub use shared::Shared;

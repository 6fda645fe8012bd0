//! The chat adapters. Each turns its platform's messages into a session [`Context`] and a
//! command, and the session's replies and notices into its platform's messages; none of them
//! decides anything a player could notice.
//!
//! [`Context`]: skald_session::Context

pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;

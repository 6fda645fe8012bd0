//! Skald's bot: the platform-neutral session manager ([`session`]), the console adapter
//! ([`console`]), the configuration file ([`config`]), where dice come from
//! ([`dice_rng`]), the chat adapters' movable clock ([`fake_time`]) and the log lines
//! dropped as noise ([`log_noise`]). The `skald` binary wires them to the command line; the benchmark and
//! the tests use them directly.

#![warn(missing_docs)]

pub mod config;
pub mod console;
pub mod dice_rng;
#[cfg(feature = "discord")]
pub mod discord;
pub mod fake_time;
pub mod log_noise;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod pictures;
pub mod session;

//! Skald's bot: the platform-neutral session manager ([`session`]), the console adapter
//! ([`console`]), the configuration file ([`config`]), where dice come from ([`dice_rng`]),
//! the built-in engine's moves for every adapter ([`engine_driver`]), the chat adapters'
//! movable clock ([`fake_time`]) and background loop ([`scheduler_loop`]), and the log lines
//! dropped as noise ([`log_noise`]). The `skald` binary wires them to the command line; the
//! benchmark and the tests use them directly.

#![warn(missing_docs)]

pub mod config;
pub mod console;
pub mod dice_rng;
#[cfg(feature = "discord")]
pub mod discord;
pub mod engine_driver;
pub mod fake_time;
pub mod fuzzing;
pub mod log_noise;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod pictures;
#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod scheduler_loop;
pub mod session;

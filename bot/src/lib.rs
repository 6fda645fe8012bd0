//! Skald's bot: the platform-neutral session manager ([`session`]), the console adapter
//! ([`console`]), the configuration file ([`config`]), where dice come from ([`dice_rng`])
//! and the built-in engine's moves for every adapter ([`engine_driver`]). The `skald` binary
//! wires them to the command line; the benchmark and the tests use them directly.

#![warn(missing_docs)]

pub mod config;
pub mod console;
pub mod dice_rng;
#[cfg(feature = "discord")]
pub mod discord;
pub mod engine_driver;
pub mod fuzzing;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod pictures;
pub mod session;

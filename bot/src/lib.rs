//! The `skald` binary's library: the chat adapters ([`adapters`]: console, Discord, Matrix),
//! which only translate between a platform and the session core ([`skald_session`]); the
//! runtime that starts them on one session and one store and runs the background loop
//! ([`runtime`]); and the configuration file ([`config`]). The binary (`main.rs`) adds the
//! command-line subcommands (`bot/src/cli/`).

#![warn(missing_docs)]
// matrix-sdk's sync future is deep: proving it `Send` (to spawn it) needs more than the default 128.
#![recursion_limit = "256"]

pub mod adapters;
pub mod config;
pub mod runtime;

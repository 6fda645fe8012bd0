//! The top floor of the bot: the composition root ([`root`]) that reads the command line
//! ([`cli`]) and the configuration file ([`config`]) and starts the console ([`console`]) or
//! the chat adapters (the `skald-discord` and `skald-matrix` crates, on the `skald-port`
//! contract) on one session and one store, with the background loop ([`runtime`]). The
//! `skald` binary is one call into [`root`].

#![warn(missing_docs)]
// matrix-sdk's sync future is deep: proving it `Send` (to spawn it) needs more than the default 128.
#![recursion_limit = "256"]

pub mod cli;
pub mod config;
pub mod console;
pub mod root;
pub mod runtime;

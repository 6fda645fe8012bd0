//! The integration tests of this crate, in one test binary (one link; its tests run side by side),
//! a module per area.

#![recursion_limit = "256"]

mod ai_match_cli;
mod architecture;
mod console_ai;
mod console_flows;
mod console_games;
mod console_puzzle;
mod console_records;
mod console_review;
mod crash_safety;
mod cross_platform;
mod damaged_games;
mod discord_ai;
mod discord_brandubh;
mod discord_e2e;
mod discord_puzzle;
mod discord_review;
mod discord_subcommands;
mod leagues;
mod matrix_ai;
mod matrix_common;
mod matrix_conventions;
mod matrix_e2e;
mod matrix_latency;
mod matrix_puzzle;
mod matrix_review;
mod multi_process;
mod one_process;
mod otn_records;
mod picture_cli;
mod puzzle_common;
mod puzzles_cli;
mod rules_cli;
mod store_migrate;
mod tournament_cli;
mod tournaments;

//! `skald`: the bot binary, and the command-line tools around it.

mod cli;
mod dice_rng;
mod picture_cli;
mod rules_cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let result = match cli.command {
        cli::Command::Rules(cmd) => rules_cli::run(cmd),
        cli::Command::Render(args) => picture_cli::render(args),
        cli::Command::Replay(args) => picture_cli::replay(args),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(1)
        }
    }
}

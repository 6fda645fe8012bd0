//! The composition root: reads the command line and the configuration file, starts
//! logging, then runs a command-line tool or serves (the console, the chat adapters the
//! configuration enables, or a worker). The `skald` binary is this one call.

use crate::cli;
use crate::config::Config;
use crate::console::{ConsoleIo, ConsoleOptions};
use crate::runtime::serve::Adapters;
use clap::Parser;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// Runs `skald` with the process's arguments; what the binary's `main` returns.
pub fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let config = match &cli.config {
        Some(path) => match Config::load(path) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
        None => Config::default(),
    };
    init_logging(&config);
    let result = match cli.command {
        Some(cli::Command::Rules(cmd)) => cli::rules::run(cmd),
        Some(cli::Command::Console(args)) => run_console(&config, args),
        Some(cli::Command::Export { format, game, data }) => {
            cli::store::export(&config, data, format, game.as_deref())
        }
        Some(cli::Command::Import { file, data }) => cli::store::import(&config, data, &file),
        Some(cli::Command::Migrate { from, to }) => cli::store::migrate(&from, &to),
        Some(cli::Command::Worker) => {
            crate::runtime::serve::serve(&config, Adapters::Worker).map(|()| String::new())
        }
        None => serve(&config),
        Some(cli::Command::Render(args)) => cli::picture::render(args),
        Some(cli::Command::Replay(args)) => cli::picture::replay(args),
        Some(cli::Command::Review(args)) => cli::review::review(args, &config),
        Some(cli::Command::AiMatch(args)) => cli::ai_match::run(&args),
        Some(cli::Command::Tournament(cmd)) => return cli::tournament::main(cmd, &config),
        Some(cli::Command::Puzzles(cmd)) => return cli::puzzles::main(cmd),
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

/// Logs go to standard error, filtered by `RUST_LOG`, else the config's level, else `warn`.
fn init_logging(config: &Config) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .ok()
        .or_else(|| {
            config
                .log
                .level
                .as_deref()
                .and_then(|l| EnvFilter::try_new(l).ok())
        })
        .unwrap_or_else(|| EnvFilter::new("warn"));
    // The HTTP and gateway libraries log every request and payload at debug and trace: a
    // plain `trace` keeps them at info so the bot's own lines stay readable (a directive
    // naming one of their modules still lets that module through). This is about noise
    // only: secrets are masked in every line by the writer below, whatever the filter says.
    let filter = if filter
        .max_level_hint()
        .is_some_and(|l| l > tracing_subscriber::filter::LevelFilter::INFO)
    {
        [
            "serenity",
            "poise",
            "tungstenite",
            "tokio_tungstenite",
            "reqwest",
            "hyper",
            "hyper_util",
            "rustls",
        ]
        .iter()
        .filter_map(|t| format!("{t}=info").parse().ok())
        .fold(filter, |f, d| f.add_directive(d))
    } else {
        filter
    };
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(crate::runtime::log_noise::QuietExpectedNotFound)
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(crate::runtime::log_mask::MaskingWriter::new(
                    std::io::stderr,
                    config.secrets(),
                ))
                .with_ansi(std::io::stderr().is_terminal()),
        )
        .try_init();
}

fn run_console(config: &Config, args: cli::ConsoleArgs) -> Result<String, String> {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let opts = ConsoleOptions {
        data: config.data_dir(args.data),
        name: args
            .name
            .or_else(|| config.console.name.clone())
            .unwrap_or_else(|| "console".to_string()),
        seed: args.seed,
        fake_clock: args.fake_clock,
        uncapped: args.uncapped,
        pictures: !args.no_pictures && config.console.pictures.unwrap_or(true),
        language: args.language,
        echo: if args.no_echo {
            false
        } else {
            args.echo || !interactive
        },
    };
    let io = ConsoleIo {
        input: Box::new(std::io::BufReader::new(stdin)),
        out: Arc::new(Mutex::new(std::io::stdout())),
        interactive,
    };
    crate::runtime::serve::serve(config, Adapters::Console(opts, io))?;
    Ok(String::new())
}

/// Plain `skald`: every chat platform the config enables, in this one process, or the
/// console when none is.
fn serve(config: &Config) -> Result<String, String> {
    let platforms = config.platforms();
    if platforms.is_empty() {
        return run_console(config, cli::ConsoleArgs::default());
    }
    let built = [
        ("discord", cfg!(feature = "discord")),
        ("matrix", cfg!(feature = "matrix")),
    ];
    if let Some(missing) = platforms
        .iter()
        .find(|p| built.iter().any(|(name, on)| name == *p && !on))
    {
        return Err(format!(
            "the {missing} adapter is not part of this build (it was built without the `{missing}` feature); rebuild with default features, or run `skald console`"
        ));
    }
    crate::runtime::serve::serve(config, Adapters::Chat)?;
    Ok(String::new())
}

//! `skald`: the bot binary, and the command-line tools around it.

mod cli;

use clap::Parser;
use skald::adapters::console::{self, ConsoleOptions};
use skald::config::Config;
use skald_session::SessionConfig;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

fn main() -> ExitCode {
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
        Some(cli::Command::Export { data }) => cli::store::export(&config, data),
        Some(cli::Command::Import { file, data }) => cli::store::import(&config, data, &file),
        None => match config.platforms().as_slice() {
            [] => run_console(&config, cli::ConsoleArgs::default()),
            #[cfg(feature = "discord")]
            ["discord"] => run_discord(&config),
            #[cfg(feature = "matrix")]
            ["matrix"] => run_matrix(&config),
            [one] => Err(format!(
                "the {one} adapter is not part of this build (it was built without the `{one}` feature); rebuild with default features, or run `skald console`"
            )),
            platforms => Err(format!(
                "{} are enabled together, but one skald process serves one chat platform; enable one, and run a second skald with its own config and data directory for the other",
                platforms.join(" and ")
            )),
        },
        Some(cli::Command::Render(args)) => cli::picture::render(args),
        Some(cli::Command::Replay(args)) => cli::picture::replay(args),
        Some(cli::Command::AiMatch(args)) => cli::ai_match::run(&args),
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
    // The HTTP and gateway libraries log request and payload details (the token among them)
    // at debug and trace: they never log below info, whatever the filter asks.
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
        .with(skald::runtime::log_noise::QuietExpectedNotFound)
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
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
        pictures: !args.no_pictures && config.console.pictures.unwrap_or(true),
        echo: if args.no_echo {
            false
        } else {
            args.echo || !interactive
        },
        session: session_config(config),
    };
    let out: console::Output = Arc::new(Mutex::new(std::io::stdout()));
    console::run(&opts, &mut stdin.lock(), out, interactive)?;
    Ok(String::new())
}

/// `[discord] enabled = true`: the Discord adapter, until the process is stopped.
#[cfg(feature = "discord")]
fn run_discord(config: &Config) -> Result<String, String> {
    let section = config.discord.as_ref().ok_or("no [discord] section")?;
    let opts = skald::adapters::discord::DiscordOptions {
        data: config.data_dir(None),
        seed: std::env::var("SKALD_SEED")
            .ok()
            .and_then(|s| s.parse().ok()),
        session: session_config(config),
        clock: config.clock.clone(),
    };
    skald::adapters::discord::run(section, &opts)?;
    Ok(String::new())
}

/// `skald` with `[matrix] enabled = true`: the Matrix adapter.
#[cfg(feature = "matrix")]
fn run_matrix(config: &Config) -> Result<String, String> {
    let section = config
        .matrix
        .as_ref()
        .ok_or("the [matrix] section is missing")?;
    let opts = skald::adapters::matrix::MatrixOptions {
        data: config.data_dir(None),
        session: session_config(config),
        clock: config.clock.clone(),
    };
    skald::adapters::matrix::run(section, &opts)?;
    Ok(String::new())
}

/// The session settings from the config file, the same for the console and every adapter.
fn session_config(config: &Config) -> SessionConfig {
    SessionConfig {
        reminder_hours: config
            .game
            .reminder_hours
            .unwrap_or(SessionConfig::default().reminder_hours),
        limits: config.limits.limits(),
        engine_budget_scale: config.ai.budget_scale(),
        ..SessionConfig::default()
    }
}

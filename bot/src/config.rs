//! `skald --config FILE`: the TOML configuration (see `config.example.toml`, documented line
//! by line). Secrets may come from environment variables instead of the file, and are never
//! printed or logged.

use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the store lives when neither `--data` nor the config file says.
pub const DEFAULT_DATA_DIR: &str = "./skald-data";

/// The whole configuration file. Every section and key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[store]`
    #[serde(default)]
    pub store: StoreSection,
    /// `[game]`
    #[serde(default)]
    pub game: GameSection,
    /// `[console]`
    #[serde(default)]
    pub console: ConsoleSection,
    /// `[log]`
    #[serde(default)]
    pub log: LogSection,
    /// `[discord]` (the adapter is coming; the section is read and checked already).
    pub discord: Option<DiscordSection>,
    /// `[matrix]` (the adapter is coming).
    pub matrix: Option<MatrixSection>,
    /// `[clock]`: a movable clock for the chat adapters (tests and demos).
    #[serde(default)]
    pub clock: ClockSection,
}

/// `[clock]`: `fake = true` runs a chat adapter on a fake clock that moves only when the
/// clock file says a later time (see `fake_time`), so reminders and timeouts can be seen
/// without waiting days. Never for real play.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSection {
    /// Whether to run on the fake clock.
    #[serde(default)]
    pub fake: bool,
    /// The file holding the fake time (default `<data>/fake-clock`).
    pub file: Option<PathBuf>,
}

/// `[store]`: where the data lives.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreSection {
    /// The sled data directory.
    pub data: Option<PathBuf>,
}

/// `[game]`: session settings.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// Hours before a deadline when the player to move is reminded (0: never).
    pub reminder_hours: Option<u32>,
}

/// `[console]`: the console adapter.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConsoleSection {
    /// The speaker of lines without `@name`.
    pub name: Option<String>,
    /// Whether to draw board pictures into `<data>/boards/` (default true).
    pub pictures: Option<bool>,
}

/// `[log]`: diagnostics on standard error.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogSection {
    /// A `tracing` filter like `warn` or `skald=debug` (`RUST_LOG` overrides it).
    pub level: Option<String>,
}

/// `[discord]`: the Discord adapter's settings (coming).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscordSection {
    /// Whether to run the adapter.
    #[serde(default)]
    pub enabled: bool,
    /// The bot token; better given in the environment variable named by `token_env`.
    pub token: Option<String>,
    /// The environment variable holding the token (default `SKALD_DISCORD_TOKEN`).
    pub token_env: Option<String>,
    /// Where the REST API lives (default `https://discord.com`): a proxy or a local test
    /// server; the gateway address is then read from it too.
    pub api_base: Option<String>,
    /// Register the slash commands in this one guild (instant updates) instead of globally.
    pub guild: Option<u64>,
    /// Open a thread per challenge (and so per game) instead of playing in the channel.
    #[serde(default)]
    pub threads: bool,
    /// Milliseconds a command may take before it is deferred ("thinking…"; default 1500,
    /// at most 2500 so Discord's 3-second limit is kept). 0 defers every command: for a
    /// slow host, and how the end-to-end test exercises the deferred path.
    pub defer_after_ms: Option<u64>,
}

/// `[matrix]`: the Matrix adapter's settings (coming).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixSection {
    /// Whether to run the adapter.
    #[serde(default)]
    pub enabled: bool,
    /// The homeserver URL.
    pub homeserver: Option<String>,
    /// The bot's Matrix user id.
    pub user: Option<String>,
    /// The password; better given in the environment variable named by `password_env`.
    pub password: Option<String>,
    /// The environment variable holding the password (default `SKALD_MATRIX_PASSWORD`).
    pub password_env: Option<String>,
    /// An access token instead of a password; better given in the environment variable
    /// named by `access_token_env`.
    pub access_token: Option<String>,
    /// The environment variable holding the access token (default
    /// `SKALD_MATRIX_ACCESS_TOKEN`).
    pub access_token_env: Option<String>,
    /// The word that starts a command in a room (default `!skald`).
    pub prefix: Option<String>,
}

/// A secret from the file or, preferably, the environment; `None` when neither has it.
fn secret(inline: &Option<String>, env: &Option<String>, default_env: &str) -> Option<String> {
    let var = env.as_deref().unwrap_or(default_env);
    std::env::var(var)
        .ok()
        .filter(|v| !v.is_empty())
        .or_else(|| inline.clone())
}

impl DiscordSection {
    /// The token, from the environment or the file.
    pub fn token(&self) -> Option<String> {
        secret(&self.token, &self.token_env, "SKALD_DISCORD_TOKEN")
    }
}

impl MatrixSection {
    /// The password, from the environment or the file.
    pub fn password(&self) -> Option<String> {
        secret(&self.password, &self.password_env, "SKALD_MATRIX_PASSWORD")
    }

    /// The access token, from the environment or the file.
    pub fn access_token(&self) -> Option<String> {
        secret(
            &self.access_token,
            &self.access_token_env,
            "SKALD_MATRIX_ACCESS_TOKEN",
        )
    }
}

// Secrets never reach a log line or an error message through Debug.
impl fmt::Debug for DiscordSection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordSection")
            .field("enabled", &self.enabled)
            .field("token", &self.token().map(|_| "<hidden>"))
            .field("api_base", &self.api_base)
            .field("guild", &self.guild)
            .field("threads", &self.threads)
            .field("defer_after_ms", &self.defer_after_ms)
            .finish()
    }
}

impl fmt::Debug for MatrixSection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatrixSection")
            .field("enabled", &self.enabled)
            .field("homeserver", &self.homeserver)
            .field("user", &self.user)
            .field("password", &self.password().map(|_| "<hidden>"))
            .field("access_token", &self.access_token().map(|_| "<hidden>"))
            .field("prefix", &self.prefix)
            .finish()
    }
}

impl Config {
    /// Reads a configuration file; the error names the file and what is wrong in it.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The chat platforms the file enables: plain `skald` runs the console when there are
    /// none.
    pub fn platforms(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.discord.as_ref().is_some_and(|d| d.enabled) {
            out.push("discord");
        }
        if self.matrix.as_ref().is_some_and(|m| m.enabled) {
            out.push("matrix");
        }
        out
    }

    /// The data directory: `--data`, else the file's, else [`DEFAULT_DATA_DIR`].
    pub fn data_dir(&self, flag: Option<PathBuf>) -> PathBuf {
        flag.or_else(|| self.store.data.clone())
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_parses_and_enables_no_platform() {
        let text = include_str!("../../config.example.toml");
        let config: Config = toml::from_str(text).expect("config.example.toml is valid");
        assert!(config.platforms().is_empty());
        assert_eq!(config.game.reminder_hours, Some(24));
    }

    #[test]
    fn unknown_keys_are_refused_and_secrets_are_not_printed() {
        assert!(toml::from_str::<Config>("[game]\nreminder = 3").is_err());
        let config: Config =
            toml::from_str("[discord]\nenabled = true\ntoken = \"sekrit\"").expect("valid");
        assert_eq!(config.platforms(), ["discord"]);
        assert!(!format!("{config:?}").contains("sekrit"));
    }
}

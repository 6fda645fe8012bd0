//! The configuration sections an adapter is started with (`[clock]`, `[discord]`,
//! `[matrix]`): read by the composition root's configuration file, handed to the adapters.
//! Secrets never reach a log line or an error message through `Debug`.

use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;

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
    /// Written as an integer or a quoted string ([`crate::discord_id`]).
    #[serde(default, deserialize_with = "crate::discord_id::option")]
    pub guild: Option<u64>,
    /// Open a thread per challenge (and so per game) instead of playing in the channel.
    #[serde(default)]
    pub threads: bool,
    /// Milliseconds a command may take before it is deferred ("thinking…"; default 1500,
    /// at most 2500 so Discord's 3-second limit is kept). 0 defers every command: for a
    /// slow host, and how the end-to-end test exercises the deferred path.
    pub defer_after_ms: Option<u64>,
    /// The gateway shards this process connects, `first-last/total` (`"0-3/8"`: shards 0
    /// to 3 of 8); without it, the number of shards Discord recommends, all here. See
    /// docs/DEPLOY.md for splitting shards between processes.
    pub shards: Option<String>,
}

/// A range of Discord gateway shards, as `[discord] shards = "0-3/8"` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process connects.
    pub first: u32,
    /// The last shard this process connects (inclusive).
    pub last: u32,
    /// How many shards the bot has in all (every process names the same total).
    pub total: u32,
}

impl ShardRange {
    /// Reads `first-last/total` (or `n/total` for one shard).
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let bad = || {
            format!(
                "[discord] shards must look like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8), not {text:?}"
            )
        };
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ),
            None => {
                let n: u32 = range.trim().parse().map_err(|_| bad())?;
                (n, n)
            }
        };
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "[discord] shards {text:?}: the shards are numbered 0 to total - 1, first no later than last (like \"0-3/8\")"
            ));
        }
        Ok(ShardRange { first, last, total })
    }
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
    /// How old a command sent while the bot was down may be and still run after the
    /// restart (`24h`, `90m`, `2d`; default 24 hours). Older ones are answered that they
    /// were not run.
    pub answer_missed_for: Option<String>,
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

    /// What is missing to connect, checked before any platform is contacted (so one
    /// section's mistake never leaves another platform half started).
    pub fn check(&self) -> Result<(), String> {
        self.shard_range()?;
        match self.token() {
            Some(_) => Ok(()),
            None => Err("the Discord token is missing: set SKALD_DISCORD_TOKEN (or the variable named by token_env)".to_string()),
        }
    }

    /// The shards this process connects (`None`: all of them, as many as Discord says).
    pub fn shard_range(&self) -> Result<Option<ShardRange>, String> {
        self.shards.as_deref().map(ShardRange::parse).transpose()
    }
}

impl MatrixSection {
    /// What is missing to log in, checked before any platform is contacted.
    pub fn check(&self) -> Result<(), String> {
        if self.homeserver.is_none() {
            return Err("[matrix] homeserver is missing in the config".to_string());
        }
        if self.user.is_none() {
            return Err(
                "[matrix] user is missing in the config (like \"@skald:example.org\")".to_string(),
            );
        }
        if self.password().is_none() && self.access_token().is_none() {
            return Err("the Matrix password or access token is missing: set SKALD_MATRIX_PASSWORD or SKALD_MATRIX_ACCESS_TOKEN (or the variables the [matrix] section names)".to_string());
        }
        Ok(())
    }

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
            .field("answer_missed_for", &self.answer_missed_for)
            .finish()
    }
}

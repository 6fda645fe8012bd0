//! `skald --config FILE`: the TOML configuration (see `config.example.toml`, documented line
//! by line). Secrets may come from environment variables instead of the file, and are never
//! printed or logged.

use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

pub use skald_port::sections::{ClockSection, DiscordSection, MatrixSection, ShardRange};

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
    /// `[limits]`
    #[serde(default)]
    pub limits: LimitsSection,
    /// `[ai]`
    #[serde(default)]
    pub ai: AiSection,
    /// `[discord]` (the adapter is coming; the section is read and checked already).
    pub discord: Option<DiscordSection>,
    /// `[matrix]` (the adapter is coming).
    pub matrix: Option<MatrixSection>,
    /// `[clock]`: a movable clock for the chat adapters (tests and demos).
    #[serde(default)]
    pub clock: ClockSection,
    /// `[[community]]`: Discord servers and Matrix rooms that are one community (one ladder).
    #[serde(default)]
    pub community: Vec<CommunitySection>,
    /// `[tournaments]`: who organises community tournaments.
    #[serde(default)]
    pub tournaments: TournamentsSection,
}

/// `[tournaments]`: who may create tournaments, and who may start any tournament and
/// remove its players besides its creator.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentsSection {
    /// The organisers, as `platform:id` (`discord:81234`, `matrix:@ann:example.org`,
    /// `console:alice`).
    #[serde(default)]
    pub organisers: Vec<String>,
    /// Who may create tournaments: `"everyone"` (the default) or `"organisers"`.
    pub create: Option<String>,
}

impl TournamentsSection {
    /// The organisers as users, or what to fix.
    fn organisers(&self) -> Result<Vec<skald_session::UserId>, String> {
        self.organisers
            .iter()
            .map(|key| {
                skald_session::UserId::from_key(key).ok_or_else(|| {
                    format!(
                        "[tournaments] organisers: '{key}' is not a user; write it as platform:id, like \"discord:81234\" or \"console:alice\""
                    )
                })
            })
            .collect()
    }

    /// Whether only the organisers may create tournaments, or what to fix.
    fn organisers_only(&self) -> Result<bool, String> {
        match self.create.as_deref() {
            None | Some("everyone") => Ok(false),
            Some("organisers") => Ok(true),
            Some(other) => Err(format!(
                "[tournaments] create = \"{other}\": expected \"everyone\" or \"organisers\""
            )),
        }
    }
}

/// One `[[community]]`: the Discord servers and Matrix rooms whose players share a ladder.
/// The first server (else the first room) keeps the ladder it already had.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CommunitySection {
    /// Its name, for messages.
    pub name: String,
    /// Discord server (guild) ids, each an integer or a quoted string
    /// ([`skald_port::discord_id`]).
    #[serde(default, deserialize_with = "skald_port::discord_id::list")]
    pub discord_guilds: Vec<u64>,
    /// Matrix room ids (`!abc:example.org`).
    #[serde(default)]
    pub matrix_rooms: Vec<String>,
    /// Matrix spaces (`!abc:example.org`): every room the space lists as a child belongs to
    /// the community (the bot must be in the space to read its list).
    #[serde(default)]
    pub matrix_spaces: Vec<String>,
    /// Discord channel ids where Skald posts for this community's Discord players when
    /// nothing else says where (an open challenge made on Matrix; a challenge to a Discord
    /// player it has not seen here yet). Its first Matrix room plays that part on Matrix.
    /// Each an integer or a quoted string ([`skald_port::discord_id`]).
    #[serde(default, deserialize_with = "skald_port::discord_id::list")]
    pub discord_channels: Vec<u64>,
    /// The language of its channels' messages (`"en"`, `"fr"`); default `[game] language`.
    /// What one player alone reads is in that player's language.
    pub language: Option<skald_session::Lang>,
    /// Its daily puzzle, `"09:00 Europe/Paris"` (an hour, and an IANA time zone, UTC if left
    /// out), posted in its post channels (`matrix_rooms`' first, `discord_channels`' first).
    pub daily_puzzle: Option<String>,
}

impl CommunitySection {
    /// Its daily puzzle read (`None` when not set); a bad one says what to write.
    fn daily_puzzle_at(&self) -> Result<Option<skald_session::community::DailyAt>, String> {
        let Some(text) = &self.daily_puzzle else {
            return Ok(None);
        };
        skald_session::digest::read_daily(text).map(Some).ok_or_else(|| {
            format!(
                "[[community]] '{}': daily_puzzle = \"{text}\" is not an hour and a time zone; write it like \"09:00 Europe/Paris\"",
                self.name
            )
        })
    }
}

/// `[store]`: where the data lives.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreSection {
    /// The data directory: the sled store, and the files kept beside any store (the Matrix
    /// session, board pictures, the fake clock).
    pub data: Option<PathBuf>,
    /// A PostgreSQL database for the games, users and ratings instead of sled
    /// (`postgres://user@host:port/db`; the password best in `PGPASSWORD`), for several
    /// processes on one database (`docs/DEPLOY.md`).
    pub postgres: Option<String>,
    /// How long, in seconds, a process holds what it claimed on a shared database (an
    /// engine turn it searches, the outbox notices it posts) before another process may
    /// take it over because the first died (default 60).
    pub lease_seconds: Option<u64>,
}

/// `[store] lease_seconds` when the file does not say.
pub const DEFAULT_LEASE_SECONDS: u64 = 60;

impl StoreSection {
    /// How long a claim lasts before another process may take it over ([`Config::load`]
    /// refuses 0).
    pub fn lease(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.lease_seconds.unwrap_or(DEFAULT_LEASE_SECONDS))
    }
}

impl fmt::Debug for StoreSection {
    /// The URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoreSection")
            .field("data", &self.data)
            .field("lease_seconds", &self.lease_seconds)
            .field(
                "postgres",
                &self
                    .postgres
                    .as_deref()
                    .map(crate::runtime::store_at::without_password),
            )
            .finish()
    }
}

/// `[game]`: session settings.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// Hours before a deadline when the player to move is reminded (0: never).
    pub reminder_hours: Option<u32>,
    /// Minutes before a deadline when the player to move gets a last reminder (0: never).
    pub last_reminder_minutes: Option<u32>,
    /// The language of channel messages where the community does not choose one (`"en"`,
    /// `"fr"`; default: the platform's, a Discord server's preferred locale, else English).
    pub language: Option<skald_session::Lang>,
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

/// `[limits]`: per-user limits against floods (each key defaults to
/// [`skald_session::Limits::default`]; 0 turns one off).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsSection {
    /// Commands one user may send within `rate_seconds` (the console has no rate limit).
    pub rate_commands: Option<u32>,
    /// The window of the rate limit, in seconds.
    pub rate_seconds: Option<u32>,
    /// Active games one user may play at once.
    pub max_active_games: Option<u32>,
    /// Challenges one user may have waiting for an answer.
    pub max_open_challenges: Option<u32>,
    /// The longest message, in characters, read as a command.
    pub max_input_chars: Option<u32>,
}

impl LimitsSection {
    /// The session's limits: these keys over the defaults.
    pub fn limits(&self) -> skald_session::Limits {
        let d = skald_session::Limits::default();
        skald_session::Limits {
            rate_commands: self.rate_commands.unwrap_or(d.rate_commands),
            rate_seconds: self.rate_seconds.unwrap_or(d.rate_seconds),
            max_active_games: self.max_active_games.unwrap_or(d.max_active_games),
            max_open_challenges: self.max_open_challenges.unwrap_or(d.max_open_challenges),
            max_input_chars: self.max_input_chars.unwrap_or(d.max_input_chars),
        }
    }
}

/// `[ai]`: the built-in engine (`challenge <rule-set> @skald hard`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiSection {
    /// Multiplies every level's search iterations (default 1.0; less makes the engine quicker
    /// and weaker, as tests want). Each level's time cap stays.
    pub budget_scale: Option<f64>,
    /// How many engine searches (of different games) run at once (default: the machine's
    /// cores). Read as any integer so that 0 or a negative number gets a clear refusal.
    pub threads: Option<i64>,
    /// Whether the engine's workers mine finished games for their community's puzzles
    /// (default true; a bot short of CPU turns it off).
    pub mine_games: Option<bool>,
}

/// The most `[ai] threads` accepted: far beyond any machine's cores, low enough that a typo
/// does not start a million threads.
pub const MAX_AI_THREADS: i64 = 1024;

impl AiSection {
    /// The scale to use (1.0 unless the file says; [`Config::load`] refuses a bad one).
    pub fn budget_scale(&self) -> f64 {
        self.budget_scale.unwrap_or(1.0)
    }

    /// The engine's workers: the file's `threads`, or one per core ([`Config::load`]
    /// refuses a number out of range).
    pub fn threads(&self) -> usize {
        self.threads
            .and_then(|n| usize::try_from(n.clamp(1, MAX_AI_THREADS)).ok())
            .unwrap_or_else(skald_session::engine_driver::default_threads)
    }
}

/// The keys whose values are secrets, wherever they stand.
const SECRET_KEYS: &[&str] = &["token", "password", "access_token", "postgres"];

/// A TOML error as the operator reads it: where (line and column) and what is wrong. Unlike
/// the `toml` crate's own message, it never quotes the offending line (it may be the token
/// line), and any secret value of the file that the message quotes is hidden.
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let mut message = e.message().trim().to_string();
    for secret in secret_values(text) {
        message = message.replace(&secret, "<hidden>");
    }
    match e.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// The values written after secret keys (`token = "..."`), raw and unquoted, read line by
/// line so they are found even in a file that does not parse.
fn secret_values(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches(['"', '\'']);
        let key = key
            .rsplit('.')
            .next()
            .unwrap_or(key)
            .trim()
            .trim_matches(['"', '\'']);
        if !SECRET_KEYS.contains(&key) {
            continue;
        }
        let raw = value.trim();
        let unquoted = raw
            .split('#')
            .next()
            .unwrap_or(raw)
            .trim()
            .trim_matches(['"', '\'']);
        for v in [raw, unquoted] {
            if !v.is_empty() && !out.iter().any(|o: &String| o == v) {
                out.push(v.to_string());
            }
        }
    }
    // Longest first, so a value is hidden whole before any part of it.
    out.sort_by_key(|v| std::cmp::Reverse(v.len()));
    out
}

impl Config {
    /// Every secret this configuration holds (from the file or the environment): the
    /// Discord token, the Matrix password and access token, the password in a PostgreSQL
    /// URL or `PGPASSWORD`, so the log writer can mask them by value (`runtime::log_mask`),
    /// whichever sections are enabled.
    pub fn secrets(&self) -> Vec<String> {
        let discord = self.discord.iter().filter_map(DiscordSection::token);
        let matrix = self
            .matrix
            .iter()
            .flat_map(|m| [m.password(), m.access_token()])
            .flatten();
        let postgres = self
            .store
            .postgres
            .as_deref()
            .and_then(crate::runtime::store_at::url_password)
            .into_iter()
            .chain(std::env::var("PGPASSWORD").ok().filter(|p| !p.is_empty()));
        discord.chain(matrix).chain(postgres).collect()
    }

    /// Reads a configuration file; the error names the file and what is wrong in it.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let config: Config = toml::from_str(&text)
            .map_err(|e| format!("{}: {}", path.display(), toml_error(&text, &e)))?;
        config
            .communities()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        config
            .tournaments
            .organisers()
            .and(config.tournaments.organisers_only())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(scale) = config.ai.budget_scale
            && !(scale.is_finite() && scale > 0.0)
        {
            return Err(format!(
                "{}: [ai] budget_scale must be a positive number like 0.5 (1.0 is the full budget), not {scale}",
                path.display()
            ));
        }
        if config.store.lease_seconds == Some(0) {
            return Err(format!(
                "{}: [store] lease_seconds must be at least 1 (how long a process holds an engine turn or a notice it claimed before another takes it over; default {DEFAULT_LEASE_SECONDS}), not 0",
                path.display()
            ));
        }
        if let Some(threads) = config.ai.threads
            && !(1..=MAX_AI_THREADS).contains(&threads)
        {
            return Err(format!(
                "{}: [ai] threads must be a whole number from 1 to {MAX_AI_THREADS} (how many engine searches run at once; leave it out to use every core), not {threads}",
                path.display()
            ));
        }
        Ok(config)
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

    /// The session settings from this file, the same for the console and every adapter.
    pub fn session_config(&self) -> skald_session::SessionConfig {
        let default = skald_session::SessionConfig::default();
        skald_session::SessionConfig {
            reminder_hours: self.game.reminder_hours.unwrap_or(default.reminder_hours),
            last_reminder_minutes: self
                .game
                .last_reminder_minutes
                .unwrap_or(default.last_reminder_minutes),
            limits: self.limits.limits(),
            engine_budget_scale: self.ai.budget_scale(),
            mine_games: self.ai.mine_games.unwrap_or(default.mine_games),
            // Checked by `Config::load`; a map that fails here was built in code.
            communities: self.communities().unwrap_or_default(),
            language: self.game.language,
            // Checked by `Config::load`.
            tournament_organisers: self.tournaments.organisers().unwrap_or_default(),
            tournament_create_organisers_only: self.tournaments.organisers_only().unwrap_or(false),
            ..default
        }
    }

    /// The `[[community]]` entries as the session reads them (scopes written as the adapters
    /// write them: `discord:<guild>`, Matrix room ids), or what to fix.
    pub fn communities(&self) -> Result<skald_session::community::CommunityMap, String> {
        let mut defs = Vec::new();
        for c in &self.community {
            let not_an_id =
                |r: &&String| r.len() < 2 || !r.starts_with('!') || r.contains(char::is_whitespace);
            if let Some(room) = c.matrix_rooms.iter().find(not_an_id) {
                return Err(format!(
                    "[[community]] '{}': '{room}' is not a Matrix room id; write it like \"!abc123:example.org\" (room settings, Advanced)",
                    c.name
                ));
            }
            if let Some(space) = c.matrix_spaces.iter().find(not_an_id) {
                return Err(format!(
                    "[[community]] '{}': matrix_spaces: '{space}' is not a space's room id; write it like \"!abc123:example.org\" (the space's settings, Advanced)",
                    c.name
                ));
            }
            let members = c
                .discord_guilds
                .iter()
                .map(|g| format!("discord:{g}"))
                .chain(c.matrix_rooms.iter().cloned())
                .chain(c.matrix_spaces.iter().cloned())
                .collect();
            let home = |platform: &str, channel: String| skald_session::homes::Home {
                platform: platform.to_string(),
                channel: skald_session::ChannelId(channel),
            };
            let posts = c
                .matrix_rooms
                .iter()
                .map(|r| home("matrix", r.clone()))
                .chain(
                    c.discord_channels
                        .iter()
                        .map(|d| home("discord", d.to_string())),
                )
                .collect();
            defs.push(skald_session::community::CommunityDef {
                name: c.name.clone(),
                members,
                posts,
                language: c.language,
                daily_puzzle: c.daily_puzzle_at()?,
            });
        }
        skald_session::community::CommunityMap::new(defs)
    }

    /// Where the store is: the `[store] postgres` database when one is set, else the sled
    /// store in `data` (the data directory, see [`Config::data_dir`]).
    pub fn store_at(&self, data: &Path) -> crate::runtime::StoreAt {
        match &self.store.postgres {
            Some(url) => crate::runtime::StoreAt::Postgres(url.clone()),
            None => crate::runtime::StoreAt::Sled(data.to_path_buf()),
        }
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
        // The example documents the real defaults.
        assert_eq!(config.limits.limits(), skald_session::Limits::default());
        assert_eq!(config.limits.rate_commands, Some(20));
        assert_eq!(
            LimitsSection::default().limits(),
            skald_session::Limits::default()
        );
    }

    #[test]
    fn limits_are_read_from_the_file() {
        let config: Config =
            toml::from_str("[limits]\nrate_commands = 5\nmax_input_chars = 0").expect("valid");
        let limits = config.limits.limits();
        assert_eq!(limits.rate_commands, 5);
        assert_eq!(limits.max_input_chars, 0);
        assert_eq!(
            limits.rate_seconds,
            skald_session::Limits::default().rate_seconds
        );
        assert!(toml::from_str::<Config>("[limits]\nrate = 5").is_err());
    }

    #[test]
    fn a_communitys_daily_puzzle_reads_and_a_bad_one_says_what_to_write() {
        use skald_session::CommunityId;
        let config: Config = toml::from_str(
            "[[community]]\nname = \"club\"\ndiscord_guilds = [81]\ndaily_puzzle = \"9:30 europe/paris\"\n",
        )
        .expect("valid");
        let map = config.communities().expect("a valid map");
        assert_eq!(
            map.daily_puzzle(&CommunityId("discord:81".into())),
            Some(&((9, 30), "Europe/Paris".to_string()))
        );
        let config: Config = toml::from_str(
            "[[community]]\nname = \"club\"\ndiscord_guilds = [81]\ndaily_puzzle = \"tea time\"\n",
        )
        .expect("valid TOML");
        let err = config.communities().expect_err("refused");
        assert!(
            err.contains("'club'") && err.contains("\"09:00 Europe/Paris\""),
            "{err}"
        );
    }

    #[test]
    fn communities_join_servers_and_rooms_and_a_bad_entry_says_what_to_fix() {
        use skald_session::CommunityId;
        // Room version 12 ids have no `:server` part.
        let config: Config = toml::from_str(
            "[[community]]\nname = \"club\"\ndiscord_guilds = [81]\nmatrix_rooms = [\"!r:x.org\", \"!US0wLDpM9N83J97I\"]\nmatrix_spaces = [\"!space:x.org\"]\ndiscord_channels = [9100]\n",
        )
        .expect("valid");
        let map = config.communities().expect("a valid map");
        let club = CommunityId("discord:81".into());
        assert_eq!(map.community_of(&CommunityId("!r:x.org".into())), club);
        assert_eq!(map.community_of(&CommunityId("!space:x.org".into())), club);
        assert_eq!(
            map.post_channel(&club, "discord"),
            Some(skald_session::ChannelId("9100".into()))
        );
        assert_eq!(
            map.post_channel(&club, "matrix"),
            Some(skald_session::ChannelId("!r:x.org".into()))
        );
        assert_eq!(config.session_config().communities, map);
        for (text, why) in [
            (
                "[[community]]\nname = \"a\"\nmatrix_rooms = [\"#r:x.org\"]\n",
                "not a Matrix room id",
            ),
            (
                "[[community]]\nname = \"a\"\nmatrix_rooms = [\"!a b\"]\n",
                "not a Matrix room id",
            ),
            (
                "[[community]]\nname = \"a\"\nmatrix_spaces = [\"#s:x.org\"]\n",
                "not a space's room id",
            ),
            ("[[community]]\nname = \"a\"\n", "no Discord server"),
            (
                "[[community]]\nname = \"a\"\ndiscord_guilds = [1]\n[[community]]\nname = \"b\"\ndiscord_guilds = [1]\n",
                "belongs to one community",
            ),
        ] {
            let config: Config = toml::from_str(text).expect("parses");
            let err = config.communities().expect_err("refused");
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn discord_ids_are_read_bare_or_quoted_and_a_bad_one_says_what_is_accepted() {
        let dir = std::env::temp_dir().join(format!("skald-config-ids-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("skald.toml");
        std::fs::write(
            &path,
            "[discord]\nguild = \"812345678901234567\"\n\n[[community]]\nname = \"club\"\ndiscord_guilds = [\"812345678901234567\", 81]\ndiscord_channels = [\"9100\"]\n",
        )
        .expect("write");
        let config = Config::load(&path).expect("quoted ids are accepted");
        let guild = config.discord.as_ref().and_then(|d| d.guild);
        assert_eq!(guild, Some(812_345_678_901_234_567));
        assert_eq!(
            config.community[0].discord_guilds,
            [812_345_678_901_234_567, 81]
        );
        assert_eq!(config.community[0].discord_channels, [9100]);
        let bare: Config = toml::from_str("[discord]\nguild = 812345678901234567\n").expect("bare");
        assert_eq!(
            bare.discord.and_then(|d| d.guild),
            Some(812_345_678_901_234_567)
        );
        std::fs::write(&path, "[discord]\nguild = \"my-server\"\n").expect("write");
        let err = Config::load(&path).err().unwrap_or_default();
        assert!(
            err.contains("line 2")
                && err.contains("a Discord id: a whole number like 812345678901234567, or the same digits in quotes"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_engine_budget_scale_is_refused_with_what_would_do() {
        let dir = std::env::temp_dir().join(format!("skald-config-ai-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("skald.toml");
        std::fs::write(&path, "[ai]\nbudget_scale = 0.0\n").expect("write");
        let err = Config::load(&path).expect_err("zero is refused");
        assert!(
            err.contains("budget_scale must be a positive number"),
            "{err}"
        );
        std::fs::write(&path, "[ai]\nbudget_scale = 0.25\n").expect("write");
        let config = Config::load(&path).expect("a positive scale is fine");
        assert_eq!(config.ai.budget_scale(), 0.25);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lease_is_a_minute_unless_the_file_says_and_never_zero() {
        let dir = std::env::temp_dir().join(format!("skald-config-lease-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("skald.toml");
        std::fs::write(&path, "[store]\n").expect("write");
        let config = Config::load(&path).expect("no lease is fine");
        assert_eq!(config.store.lease(), std::time::Duration::from_secs(60));
        std::fs::write(&path, "[store]\nlease_seconds = 5\n").expect("write");
        let config = Config::load(&path).expect("a lease is fine");
        assert_eq!(config.store.lease(), std::time::Duration::from_secs(5));
        std::fs::write(&path, "[store]\nlease_seconds = 0\n").expect("write");
        let err = Config::load(&path).expect_err("zero is refused");
        assert!(err.contains("lease_seconds must be at least 1"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn engine_threads_below_one_are_refused_with_what_would_do() {
        let dir = std::env::temp_dir().join(format!("skald-config-threads-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("config.toml");
        for bad in ["0", "-2", "5000"] {
            std::fs::write(&path, format!("[ai]\nthreads = {bad}\n")).expect("write");
            let err = Config::load(&path).err().unwrap_or_default();
            assert!(
                err.contains("[ai] threads must be a whole number from 1 to 1024")
                    && err.ends_with(&format!("not {bad}")),
                "{err}"
            );
        }
        std::fs::write(&path, "[ai]\nthreads = 3\n").expect("write");
        let config = Config::load(&path).expect("three workers are fine");
        assert_eq!(config.ai.threads(), 3);
        std::fs::write(&path, "[ai]\nbudget_scale = 1.0\n").expect("write");
        let config = Config::load(&path).expect("loads");
        assert_eq!(
            config.ai.threads(),
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            "one per core by default"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_keys_are_refused_and_secrets_are_not_printed() {
        assert!(toml::from_str::<Config>("[game]\nreminder = 3").is_err());
        let config: Config =
            toml::from_str("[discord]\nenabled = true\ntoken = \"sekrit\"").expect("valid");
        assert_eq!(config.platforms(), ["discord"]);
        assert!(!format!("{config:?}").contains("sekrit"));
        let config: Config = toml::from_str(
            "[matrix]\nenabled = true\npassword = \"pa55word\"\naccess_token = \"syt_abc\"",
        )
        .expect("valid");
        let shown = format!("{config:?}");
        assert!(shown.contains("<hidden>"), "{shown}");
        assert!(
            !shown.contains("pa55word") && !shown.contains("syt_abc"),
            "{shown}"
        );
    }

    #[test]
    fn shard_ranges_read_as_written_and_nonsense_is_refused() {
        assert_eq!(
            ShardRange::parse("0-3/8"),
            Ok(ShardRange {
                first: 0,
                last: 3,
                total: 8
            })
        );
        assert_eq!(
            ShardRange::parse("5/8"),
            Ok(ShardRange {
                first: 5,
                last: 5,
                total: 8
            })
        );
        for bad in ["0-8/8", "4-2/8", "3", "a-b/c", "0/0"] {
            let err = ShardRange::parse(bad).expect_err(bad);
            assert!(err.contains("0-3/8"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_postgres_url_selects_the_database_and_its_password_is_masked() {
        let config: Config = toml::from_str(
            "[store]\npostgres = \"postgres://skald:dbpa55word@db.example.org/skald\"",
        )
        .expect("valid");
        let shown = format!("{config:?}");
        assert!(shown.contains("db.example.org"), "{shown}");
        assert!(!shown.contains("dbpa55word"), "{shown}");
        assert!(config.secrets().contains(&"dbpa55word".to_string()));
        assert!(matches!(
            config.store_at(Path::new("./x")),
            crate::runtime::StoreAt::Postgres(_)
        ));
        let sled: Config = toml::from_str("[store]\ndata = \"./d\"").expect("valid");
        assert!(matches!(
            sled.store_at(Path::new("./d")),
            crate::runtime::StoreAt::Sled(_)
        ));
        // A file that does not parse never quotes the URL.
        let err = load_error(
            "[store]\npostgres = \"postgres://skald:dbpa55word@db/skald\"\nunknown = 1\n",
        );
        assert!(!err.contains("dbpa55word"), "{err}");
    }

    #[test]
    fn tournament_organisers_are_read_and_mistakes_named() {
        let config: Config = toml::from_str(
            "[tournaments]\norganisers = [\"discord:81234\", \"console:alice\"]\ncreate = \"organisers\"\n",
        )
        .expect("parses");
        let session = config.session_config();
        assert_eq!(
            session.tournament_organisers,
            [
                skald_session::UserId::new("discord", "81234"),
                skald_session::UserId::new("console", "alice")
            ]
        );
        assert!(session.tournament_create_organisers_only);
        let e = load_error("[tournaments]\ncreate = \"nobody\"\n");
        assert!(e.contains("expected \"everyone\" or \"organisers\""), "{e}");
        let e = load_error("[tournaments]\norganisers = [\"alice\"]\n");
        assert!(e.contains("write it as platform:id"), "{e}");
    }

    /// Loads `text` from a file and returns the error the operator would read.
    fn load_error(text: &str) -> String {
        let dir = std::env::temp_dir().join(format!(
            "skald-config-test-{}-{}",
            std::process::id(),
            text.len()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("config.toml");
        std::fs::write(&path, text).expect("write");
        let e = Config::load(&path).expect_err("the file is invalid");
        let _ = std::fs::remove_dir_all(&dir);
        e
    }

    #[test]
    fn config_errors_say_where_and_never_quote_a_secret() {
        let cases = [
            // A syntax error on the token's own line.
            (
                "[discord]\nenabled = true\ntoken = \"tok-SECRET-1\" x\n",
                "tok-SECRET-1",
                3,
            ),
            // A secret of the wrong type, quoted by the type error.
            ("[discord]\ntoken = 8675309123\n", "8675309123", 2),
            ("[matrix]\npassword = [\"pw-SECRET-2\"]\n", "pw-SECRET-2", 2),
            // An error elsewhere in a file holding secrets.
            (
                "[matrix]\naccess_token = \"at-SECRET-3\"\npassword = \"pw-SECRET-4\"\nprefix = 3\n",
                "SECRET",
                4,
            ),
            (
                "[matrix]\npassword = \"pw-SECRET-5\"\nbogus = \"pw-SECRET-5\"\n",
                "SECRET",
                3,
            ),
            // An unterminated string swallowing the rest of the file.
            (
                "[discord]\ntoken = \"tok-SECRET-6\n[log]\nlevel = \"debug\"\n",
                "SECRET",
                2,
            ),
        ];
        for (text, secret, line) in cases {
            let e = load_error(text);
            assert!(!e.contains(secret), "{text:?} gave {e:?}");
            assert!(e.contains("config.toml: line "), "{e}");
            assert!(e.contains(&format!("line {line},")), "{text:?} gave {e:?}");
        }
        // The message still says what is wrong.
        let e = load_error("[matrix]\nprefix = 3\n");
        assert!(
            e.contains("line 2, column 10") && e.contains("string"),
            "{e}"
        );
        let e = load_error("[game]\nreminder = 3\n");
        assert!(e.contains("unknown field `reminder`"), "{e}");
    }
}

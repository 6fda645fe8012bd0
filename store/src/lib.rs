//! `skald-store`: what the session, the runtime and the command line need from the durable
//! store, and the types they exchange with it. [`Store`] is the trait every backend
//! implements; [`sled::SledStore`] is the one backend today (an embedded database in one
//! directory, with a write-ahead journal).
//!
//! Every state change is one [`Commit`], applied in one transaction that checks each game,
//! challenge, user and ladder standing it replaces is still the version the command read
//! (compare-and-swap, with the opaque [`Version`] a [`Stored`] document carries), and durable
//! before the caller answers. Indexes (a user's games, the deadline queue) follow from the
//! documents inside the same transaction, so no command can forget them. The store decides
//! nothing about the ladder: the session rates a game that ends and hands the new standings
//! in the same commit. The contract a backend must keep is written out in `docs/SESSION.md`
//! ("The store interface") and checked by the `contract` tests.

// The contract every backend keeps, as checks: run here on sled, and by each other backend's
// tests on its own store (feature `testkit`).
#[cfg(any(test, feature = "testkit"))]
pub mod contract;
pub mod damaged;
pub mod decoded;
pub mod index;
pub mod journal;
pub mod leases;
pub mod memo;
pub mod sled;

pub use self::sled::SledStore;

use serde::{Deserialize, Serialize};
use skald_model::challenge::Challenge;
use skald_model::chat_message::Handled;
use skald_model::clock::Timestamp;
use skald_model::game::GameDoc;
use skald_model::identity::{ChannelId, CommunityId, UserId};
use skald_model::ladder::Standing;
use skald_model::puzzle::PuzzleRoom;
use skald_model::tournament::TournamentDoc;
use skald_model::user::UserDoc;
use skald_rules::RuleSetId;
use std::io::{BufRead, Write};
use std::sync::Arc;
use thiserror::Error;

/// The layout version this release writes (and the one an export names). Bump it when a
/// stored document's shape changes, and add the conversion to each backend's upgrade path
/// (for sled, [`sled::MIGRATIONS`]).
pub const SCHEMA_VERSION: u32 = 1;

/// The durable store, as the rest of Skald sees it: documents by key, the indexes kept from
/// them, one atomic [`Commit`] per command, and export/import. Object-safe and shared
/// between threads, so a [`crate::Session`] holds an `Arc<dyn Store>` and does not know
/// which backend it runs on. What an implementation must guarantee is in `docs/SESSION.md`,
/// "The store interface".
pub trait Store: Send + Sync {
    /// A game by number, with the version it was read as.
    fn game(&self, id: u64) -> Result<Option<Stored<GameDoc>>, StoreError>;

    /// A game by number, with its seated players' user documents when the backend reads
    /// them in the same trip (a command that reads a game mostly reads its players next:
    /// their languages, their pings). The default reads the game alone: a backend whose
    /// reads cost no trip to a server has nothing to save, and the caller reads a player
    /// when it needs one.
    fn game_and_players(&self, id: u64) -> Result<GameAndPlayers, StoreError> {
        Ok(GameAndPlayers {
            game: self.game(id)?,
            players: Vec::new(),
        })
    }

    /// A challenge by number, with the version it was read as.
    fn challenge(&self, id: u64) -> Result<Option<Stored<Challenge>>, StoreError>;

    /// Every pending challenge, oldest first (there are few: they end when answered).
    fn challenges(&self) -> Result<Vec<Stored<Challenge>>, StoreError>;

    /// A tournament by number, with the version it was read as.
    fn tournament(&self, id: u64) -> Result<Option<Stored<TournamentDoc>>, StoreError>;

    /// Every tournament, by number, with the versions read (finished ones stay, for their
    /// standings): for the commands that list them, never for the scheduler's tick.
    fn tournaments(&self) -> Result<Vec<Stored<TournamentDoc>>, StoreError>;

    /// The open tournaments that start by themselves at or before `until`, earliest first
    /// (time, number), from an index of start times ([`index::tournament_start`]): what
    /// the tick reads instead of every tournament.
    fn tournament_starts(&self, until: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError>;

    /// The earliest start of an open tournament that starts by itself, from the same index:
    /// the scheduler's wake-up.
    fn next_tournament_start(&self) -> Result<Option<(Timestamp, u64)>, StoreError>;

    /// A community's puzzle document (issue #35), with the version it was read as: what a
    /// [`Commit::puzzle_rooms`] write replaces.
    fn puzzle_room(
        &self,
        community: &CommunityId,
    ) -> Result<Option<Stored<PuzzleRoom>>, StoreError>;

    /// Every community's puzzle document, by community (in byte order of its id), with the
    /// versions read: for the commands and the admin, never for the scheduler's tick.
    fn puzzle_rooms(&self) -> Result<Vec<Stored<PuzzleRoom>>, StoreError>;

    /// The communities whose daily puzzle is due by `until` (inclusive), earliest first
    /// (time, community), from an index of [`PuzzleRoom::next_post`]
    /// ([`index::daily_puzzle_next`]): what the tick reads instead of every community's
    /// document.
    fn daily_puzzles_due(
        &self,
        until: Timestamp,
    ) -> Result<Vec<(Timestamp, CommunityId)>, StoreError>;

    /// The earliest `next_post` of any community, from the same index: what the
    /// background loop sleeps until.
    fn next_daily_puzzle(&self) -> Result<Option<Timestamp>, StoreError>;

    /// A user's document, with the version it was read as.
    fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError>;

    /// The user whose pending link code is `code` (see [`crate::link`]), if any. A
    /// backend may scan its users: codes are looked up only when someone types one.
    fn user_by_link_code(&self, code: &str) -> Result<Option<Stored<UserDoc>>, StoreError>;

    /// The users whose shown name is `name` (ignoring case), on every platform: how a
    /// player on another platform is found by name. A backend may scan its users.
    fn users_named(&self, name: &str) -> Result<Vec<UserDoc>, StoreError>;

    /// The users whose daily digest is due at or before `until`, earliest first, with their
    /// versions (the write that sends a digest replaces the version read), from an index of
    /// the next digests ([`index::digest_next`]), not a scan of the users.
    fn digests_due(&self, until: Timestamp) -> Result<Vec<Stored<UserDoc>>, StoreError>;

    /// When the earliest digest is due (`None`: nobody has digests on), from the same index:
    /// the scheduler's wake-up, the same for every process sharing the store.
    fn next_digest(&self) -> Result<Option<Timestamp>, StoreError>;

    /// A user's games, by number (ascending), with whether each is still active (the
    /// index follows the games' seats, also when a commit changes who sits in one).
    fn user_games(&self, user: &UserId) -> Result<Vec<(u64, bool)>, StoreError>;

    /// A user's games at home in `channel` (its channel or one of its homes), from an index
    /// by user and channel ([`index::game_channels`]): the active ones by number, or the
    /// finished ones newest first, at most `limit`. What a command without a game number
    /// reads, so that it costs the same however many games the user finished.
    fn channel_games(
        &self,
        user: &UserId,
        channel: &ChannelId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError>;

    /// A player's standing on one ladder with the version it was read as: what a
    /// [`StandingWrite`] replaces.
    fn read_standing(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<Stored<Standing>>, StoreError>;

    /// A player's standing on one ladder, if they played a ranked game there.
    fn standing(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<Standing>, StoreError> {
        Ok(self
            .read_standing(community, rule_set, user)?
            .map(|s| s.doc))
    }

    /// Everyone on one ladder.
    fn ladder(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Vec<(UserId, Standing)>, StoreError>;

    /// The earliest pending deadline (a reminder or a timeout) and its game.
    fn next_deadline(&self) -> Result<Option<(Timestamp, u64)>, StoreError>;

    /// Every pending deadline up to `now` (inclusive), earliest first.
    fn due(&self, now: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError>;

    /// Every pending deadline: the active games, for the start-up downtime check.
    fn all_deadlines(&self) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.due(Timestamp(i64::MAX))
    }

    /// How many games are stored (for the start-up log line and the benchmark).
    fn game_count(&self) -> usize;

    /// A timestamp kept beside the documents (the heartbeat, the fake clock).
    fn meta_time(&self, name: &str) -> Result<Option<Timestamp>, StoreError>;

    /// Sets such a timestamp, durably.
    fn set_meta_time(&self, name: &str, at: Timestamp) -> Result<(), StoreError>;

    /// What became of a chat message the bot handled, by the message's id (see
    /// [`crate::chat_message`]), if it was handled.
    fn handled_message(&self, id: &str) -> Result<Option<Handled>, StoreError>;

    /// Records what became of a handled chat message, durably (replacing an earlier record:
    /// an edit's run is recorded against the message it corrects).
    fn record_handled_message(&self, id: &str, handled: &Handled) -> Result<(), StoreError>;

    /// Forgets the records of messages handled before `before` (by an index of their
    /// times, not a scan), so they do not pile up forever: an edit can arrive any time,
    /// but its record is kept only for [`index::HANDLED_WINDOW_SECS`]. Returns how many.
    fn prune_handled_messages(&self, before: Timestamp) -> Result<usize, StoreError>;

    /// The schema version written in the store (`None` for a store never written to).
    fn schema(&self) -> Result<Option<u32>, StoreError>;

    /// The next free game and challenge number (they share one sequence: an accepted
    /// challenge becomes the game with its number). Never the number of a stored game or
    /// challenge, and never the same number twice to commands that both commit.
    fn allocate_id(&self) -> Result<u64, StoreError>;

    /// Applies `commit` in one transaction (every replaced document must be unchanged since
    /// it was read, or nothing is written and the answer is [`CommitError::Conflict`]),
    /// keeps the indexes in step, and makes it durable before returning. Returns the games
    /// as written (with their new version numbers), each with the [`Version`] a read of it
    /// right after the commit would carry, so the caller can go on from what it wrote
    /// without reading it again.
    fn commit(&self, commit: Commit) -> Result<Vec<Stored<GameDoc>>, CommitError>;

    /// Makes everything written so far durable now (at a clean stop).
    fn flush(&self) -> Result<(), StoreError>;

    /// Writes every game, challenge, user, rating, tournament, community puzzle document and
    /// the id counter as JSON lines (the
    /// format of [`ExportLine`], shared by every backend). Returns how many lines.
    fn export(&self, out: &mut dyn Write) -> Result<usize, StoreError>;

    /// Reads an export into this store, which must be empty; indexes and deadlines are
    /// rebuilt from the documents. Returns how many lines were read.
    fn import(&self, input: &mut dyn BufRead) -> Result<usize, StoreError>;

    /// Every stored key and value, by table name, in a stable order: what a test compares
    /// to show that two stores hold the same data.
    fn raw_dump(&self) -> Result<Vec<RawEntry>, StoreError>;

    /// Claims a piece of background work (see [`leases`]) for `holder` for `ttl` of real
    /// time: true when it was free, its lease expired, or `holder` held it already (then it
    /// is extended). Processes sharing the store see each other's leases.
    fn claim(&self, work: &str, holder: &str, ttl: std::time::Duration)
    -> Result<bool, StoreError>;

    /// Gives back a lease `holder` holds on `work` (the work is done), so nobody waits for
    /// it to expire.
    fn release(&self, work: &str, holder: &str) -> Result<(), StoreError>;

    /// Up to `limit` of the oldest notices waiting in the outbox for one of `platforms`,
    /// each claimed for `holder` for `ttl` (another poster skips them meanwhile; a poster
    /// that dies leaves them to the next after `ttl`), oldest first.
    fn outbox_take(
        &self,
        platforms: &[&str],
        holder: &str,
        ttl: std::time::Duration,
        limit: usize,
    ) -> Result<Vec<(u64, OutboxEntry)>, StoreError>;

    /// Removes posted notices from the outbox.
    fn outbox_done(&self, ids: &[u64]) -> Result<(), StoreError>;
}

/// A game and its players' user documents, read together ([`Store::game_and_players`]).
pub struct GameAndPlayers {
    /// The game, with the version it was read as.
    pub game: Option<Stored<GameDoc>>,
    /// Seated players' user documents as read in the same snapshot (`None`: the player has
    /// none); players left out were not read (the caller reads them if it needs them).
    pub players: Vec<(UserId, Option<Stored<UserDoc>>)>,
}

/// A notice waiting to be posted by a process serving its platform: written in the commit
/// that made it (a reminder with the deadline it moved), so a notice is never lost between
/// the change and the post, and posted by whichever process serves the platform (several
/// processes on one database: docs/DEPLOY.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxEntry {
    /// The platform whose process posts it (`discord`, `matrix`, `console`).
    pub platform: String,
    /// The notice, as the session stored it (opaque to the store).
    pub body: Vec<u8>,
}

/// One entry of [`Store::raw_dump`]: the table's (tree's) name, the key, the value.
pub type RawEntry = (&'static str, Vec<u8>, Vec<u8>);

/// Why the store cannot be used.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The backend failed (disk full, permissions, a damaged file, a lost connection, the
    /// data locked by another process). Its own error is kept as the source, so no
    /// backend's type appears in this interface.
    #[error("the store failed: {source}")]
    Backend {
        /// Another process holds the store (sled locks its directory): see
        /// [`StoreError::is_locked`].
        locked: bool,
        /// The backend's error.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The database lost the connection while it committed: the write may or may not have
    /// been applied (the player is told to look before trying again).
    #[error("the database did not confirm the write: {0}")]
    Unconfirmed(String),
    /// A stored document does not decode.
    #[error("damaged data in the store: {0}")]
    Corrupt(String),
    /// One stored game cannot be read (see [`super::damaged`]): the others still can.
    #[error("game #{id} cannot be read: {reason}")]
    UnreadableGame {
        /// The game's number.
        id: u64,
        /// What is wrong, without quoting the document.
        reason: String,
    },
    /// The store was written by a newer release.
    #[error(
        "the store has schema {found}, newer than this release understands ({SCHEMA_VERSION}); use a newer skald"
    )]
    TooNew {
        /// The schema found.
        found: u32,
    },
    /// No upgrade step exists from a schema.
    #[error("no upgrade from schema {0}")]
    NoUpgrade(u32),
    /// An import line could not be used.
    #[error("import line {line}: {reason}")]
    Import {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// Reading or writing an export (or a backend's file) failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl StoreError {
    /// Whether the store could not be opened because another process holds it (a running
    /// bot): the runtime turns this into "stop it first" rather than a backend's message.
    pub fn is_locked(&self) -> bool {
        matches!(self, StoreError::Backend { locked: true, .. })
    }
}

/// Why a [`Commit`] did not apply.
#[derive(Debug, Error)]
pub enum CommitError {
    /// Something the command read has changed since: nothing was written.
    #[error("changed concurrently")]
    Conflict,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What a document was read as, for compare-and-swap: a commit replaces a document only if
/// it is still this version. Opaque to everyone but the backend that made it (sled keeps
/// the document's exact bytes; another backend may keep a row version).
#[derive(Clone, PartialEq, Eq)]
pub struct Version(Arc<[u8]>);

impl Version {
    /// The version made of these bytes (a backend's choice of what identifies a version:
    /// sled's exact document bytes, PostgreSQL's row revision).
    pub fn new(bytes: impl Into<Arc<[u8]>>) -> Version {
        Version(bytes.into())
    }

    /// The bytes, for the backend to compare with what it holds now.
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

impl std::fmt::Debug for Version {
    /// The size only: the bytes may be a document holding hidden values.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Version({} bytes)", self.0.len())
    }
}

/// A document read from the store, with the version it was read as (for compare-and-swap).
#[derive(Clone, Debug)]
pub struct Stored<T> {
    /// The decoded document.
    pub doc: T,
    version: Version,
}

impl<T> Stored<T> {
    /// A document as a backend read it, with the version a later commit must find to
    /// replace it.
    pub fn new(doc: T, version: Version) -> Stored<T> {
        Stored { doc, version }
    }

    /// The version this document was read as.
    pub fn version(&self) -> &Version {
        &self.version
    }
}

/// All the writes of one command, applied together or not at all.
#[derive(Default)]
pub struct Commit {
    /// Games written: the version read (`None`: the game must not exist yet) and the new one.
    pub games: Vec<(Option<Stored<GameDoc>>, GameDoc)>,
    /// Challenges created (their ids must be free).
    pub new_challenges: Vec<Challenge>,
    /// Challenges removed (accepted, declined, cancelled): they must be unchanged.
    pub removed_challenges: Vec<Stored<Challenge>>,
    /// Users written, with the version read (`None`: must not exist yet).
    pub users: Vec<(Option<Stored<UserDoc>>, UserDoc)>,
    /// Ladder standings written, each with the version read (`None`: the player had none).
    pub standings: Vec<StandingWrite>,
    /// Ladder standings removed (an account's standing merged into its player's when the
    /// two are linked): each must be unchanged since it was read.
    pub removed_standings: Vec<StandingRemoval>,
    /// Notices to post, written with the rest (see [`OutboxEntry`]).
    pub outbox: Vec<OutboxEntry>,
    /// Tournaments written: the version read (`None`: it must not exist yet) and the new
    /// one (its `version` set by the store, one more than the one read, 1 when new). A
    /// round's pairing and its games go in one commit with the tournament, so two
    /// processes pairing the same round cannot both apply.
    pub tournaments: Vec<(Option<Stored<TournamentDoc>>, TournamentDoc)>,
    /// Communities' puzzle documents written: the version read (`None`: it must not exist
    /// yet) and the new one (its `version` set by the store, one more than the one read, 1
    /// when new). The index of due daily posts follows its `next_post` in the same
    /// transaction, so two processes posting the same day's puzzle cannot both apply.
    pub puzzle_rooms: Vec<(Option<Stored<PuzzleRoom>>, PuzzleRoom)>,
}

/// A standing to remove from one ladder, with the version read.
pub struct StandingRemoval {
    /// The ladder's community.
    pub community: CommunityId,
    /// The ladder's rule set.
    pub rule_set: RuleSetId,
    /// The player whose standing goes.
    pub user: UserId,
    /// The standing read: the removal applies only if it is still what is stored.
    pub read: Stored<Standing>,
}

/// One player's new standing on one ladder, with the standing it was computed from: the
/// commit applies only if that is still what is stored, so two games ending at once for
/// the same player cannot both start from the same standing and lose an update.
pub struct StandingWrite {
    /// The ladder's community.
    pub community: CommunityId,
    /// The ladder's rule set.
    pub rule_set: RuleSetId,
    /// The player.
    pub user: UserId,
    /// The standing read (`None`: the player was not on this ladder yet).
    pub read: Option<Stored<Standing>>,
    /// The standing to store.
    pub standing: Standing,
}

/// One line of an export file: the format every backend writes and reads, so an export
/// from one backend imports into another.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExportLine {
    /// The first line: what wrote the file.
    Header {
        /// The export format's version.
        skald_export: u32,
        /// The documents' schema ([`SCHEMA_VERSION`] of the release that wrote it).
        schema: u32,
    },
    /// A game.
    Game(Box<GameDoc>),
    /// A game whose stored bytes do not decode, exported raw so nothing is lost.
    UnreadableGame {
        /// The game's number.
        id: u64,
        /// Why it does not decode.
        reason: String,
        /// The stored text as it is.
        raw: String,
    },
    /// A pending challenge.
    Challenge(Challenge),
    /// A user's document.
    User(UserDoc),
    /// One standing on one ladder.
    Rating {
        /// The ladder's community.
        community: CommunityId,
        /// The ladder's rule set.
        rule_set: RuleSetId,
        /// The player.
        user: UserId,
        /// The standing.
        standing: Standing,
    },
    /// The next free game and challenge number.
    NextId(u64),
    /// A tournament (written after the ratings, so an export without tournaments is the
    /// file older releases wrote).
    Tournament(Box<TournamentDoc>),
    /// A community's puzzle document (written after the tournaments, by community, so an
    /// export without puzzle documents is the file older releases wrote).
    PuzzleRoom(Box<PuzzleRoom>),
}

/// The first line of every export: what wrote it.
pub fn export_header() -> ExportLine {
    ExportLine::Header {
        skald_export: 1,
        schema: SCHEMA_VERSION,
    }
}

/// Writes one export line: the one serializer of the export format, for a whole store
/// (`Store::export`) and for one game ([`export_game`]).
pub fn write_export_line(out: &mut dyn Write, line: &ExportLine) -> Result<(), StoreError> {
    serde_json::to_writer(&mut *out, line).map_err(|e| corrupt("export", e))?;
    out.write_all(b"\n")?;
    Ok(())
}

/// One game as an export file: exactly what [`Store::export`] writes for a store holding
/// only this game (the header, the id counter just past the game, the game), so `skald
/// import` reads it into an empty store and `skald export` then writes the same bytes.
///
/// Exists for the chat command `export`, which posts a game's record as a file: the
/// players' documents and ratings stay out (they hold private settings, and belong to the
/// store the game was played in). Returns the bytes.
pub fn export_game(game: &GameDoc) -> Result<Vec<u8>, StoreError> {
    let mut out = Vec::new();
    write_export_line(&mut out, &export_header())?;
    write_export_line(&mut out, &ExportLine::NextId(game.id.saturating_add(1)))?;
    write_export_line(&mut out, &ExportLine::Game(Box::new(game.clone())))?;
    Ok(out)
}

/// Reads an export file for a backend's import: every line after the header, with its
/// 1-based number, each checked before anything is written. The header must come first and
/// name this release's schema; a game exported unreadable must be repaired first; blank
/// lines are skipped.
pub fn read_export_lines(input: &mut dyn BufRead) -> Result<Vec<(usize, ExportLine)>, StoreError> {
    let mut out = Vec::new();
    let mut seen_header = false;
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let bad = |reason: String| StoreError::Import {
            line: n + 1,
            reason,
        };
        if line.trim().is_empty() {
            continue;
        }
        let item: ExportLine =
            serde_json::from_str(&line).map_err(|e| bad(format!("not an export line: {e}")))?;
        match item {
            ExportLine::Header { schema, .. } => {
                if schema != SCHEMA_VERSION {
                    return Err(bad(format!(
                        "exported with schema {schema}; this release reads schema {SCHEMA_VERSION}"
                    )));
                }
                seen_header = true;
            }
            _ if !seen_header => return Err(bad("the first line must be the header".into())),
            ExportLine::UnreadableGame { id, .. } => {
                return Err(bad(format!(
                    "game #{id} was unreadable when exported; repair its `raw` JSON into a `game` line, or delete the line"
                )));
            }
            item => out.push((n + 1, item)),
        }
    }
    if !seen_header {
        return Err(StoreError::Import {
            line: 0,
            reason: "empty file: no export header".into(),
        });
    }
    Ok(out)
}

/// A document that does not decode (or encode), as a [`StoreError::Corrupt`].
pub fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("{what}: {e}"))
}

/// A stored document from its JSON.
pub fn decode<T: for<'de> Deserialize<'de>>(what: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| corrupt(what, e))
}

/// A document's stored JSON.
pub fn encode<T: Serialize>(what: &str, doc: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(doc).map_err(|e| corrupt(what, e))
}

//! The durable store: `sled` trees for games, challenges, users, ratings and deadlines, an
//! index of each user's games, and `meta` (schema version, id counter, heartbeat).
//!
//! Every state change is one [`Commit`], applied in one sled transaction that checks each
//! game, challenge, user and ladder standing it replaces is still byte-for-byte what the
//! command read (compare-and-swap), then flushed to disk before the caller answers. Indexes
//! (a user's games, the deadline queue) follow from the documents inside the same
//! transaction, so no command can forget them. The store decides nothing about the ladder:
//! the session rates a game that ends and hands the new standings in the same commit.

//! The sled backend of [`super::Store`]: `sled` trees for games, challenges, users, ratings,
//! tournaments, communities' puzzle documents and deadlines, the indexes the background
//! work reads, an index of each user's games, and `meta` (schema version, id counter,
//! heartbeat), made durable by a write-ahead journal ([`crate::journal`]).
//!
//! A commit is one sled transaction over every tree; a document's [`Version`] is the exact
//! bytes it was read as, so compare-and-swap is a byte comparison inside the transaction.
//! The schema and its upgrade path, the journal's replay, and the one write path
//! ([`SledStore::write`] and its `Tx`) are private to this backend.

use super::{
    Commit, CommitError, ExportLine, RawEntry, SCHEMA_VERSION, Store, StoreError, Stored, Version,
    corrupt, decode, encode,
};
use crate::decoded::{Decoded, DecodedGames};
use crate::index::{self, INDEX_LAYOUT, time_key, time_of_key};
use crate::journal::{Journal, WriteSet};
use ::sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};
use ::sled::{IVec, Transactional, Tree};
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
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One upgrade step: turns a sled store of schema `from` into schema `from + 1`.
pub struct Migration {
    /// The schema this step reads.
    pub from: u32,
    /// The conversion.
    pub run: fn(&SledStore) -> Result<(), StoreError>,
}

/// The upgrade path, oldest first. Schema 1 is the first released layout, so nothing yet.
pub const MIGRATIONS: &[Migration] = &[];

impl From<::sled::Error> for StoreError {
    /// sled's error, kept as the source; its directory lock (another process has the store
    /// open) is told apart for [`StoreError::is_locked`].
    fn from(e: ::sled::Error) -> Self {
        let locked = matches!(&e, ::sled::Error::Io(io)
            if io.kind() == std::io::ErrorKind::WouldBlock || io.to_string().contains("lock"));
        StoreError::Backend {
            locked,
            source: Box::new(e),
        }
    }
}

/// The sled database and its trees: the store in one directory (or, for tests, in memory).
/// Clones share the database, the journal and the memos.
#[derive(Clone)]
pub struct SledStore {
    db: sled::Db,
    /// A handle on sled's log file, to make a flush durable (see [`SledStore::flush`]).
    log_file: Option<Arc<File>>,
    /// Games recently read or written, decoded (valid while their bytes are unchanged).
    decoded: DecodedGames,
    /// Users recently read or written, decoded, the same way.
    decoded_users: Decoded<String, UserDoc>,
    /// The write-ahead journal that makes a commit durable (none for a temporary store).
    journal: Option<Arc<OpenJournal>>,
    /// The next number [`SledStore::allocate_id`] hands out. The stored counter moves past a
    /// number in the commit that first writes it, so only numbers in use are durable.
    next_id: Arc<AtomicU64>,
    /// Leases: in memory, since one process holds the directory.
    leases: Arc<super::leases::MemoryLeases>,
    games: Tree,
    challenges: Tree,
    users: Tree,
    ratings: Tree,
    deadlines: Tree,
    by_user: Tree,
    meta: Tree,
    /// Notices waiting to be posted, by a number that grows ([`super::OutboxEntry`]).
    outbox: Tree,
    /// Tournaments by number ([`skald_model::tournament::TournamentDoc`]).
    tournaments: Tree,
    /// Open tournaments' start times: (time, number), no value ([`index::tournament_start`]).
    starts: Tree,
    /// Users' next digests: (time, user key), no value ([`index::digest_next`]).
    digests: Tree,
    /// A user's games by home channel: user key, NUL, channel, NUL, game number; the value
    /// is 1 while the game is active ([`index::game_channels`]).
    by_channel: Tree,
    /// Handled messages' records by the message's id ([`Handled`]).
    handled: Tree,
    /// The same records' times: (time, message id), no value, for pruning.
    handled_at: Tree,
    /// Communities' puzzle documents by community id ([`PuzzleRoom`]).
    puzzle_rooms: Tree,
    /// Their next daily posts: (time, community id), no value ([`index::daily_puzzle_next`]).
    daily_puzzles: Tree,
}

type TxResult<T> = Result<T, ConflictableTransactionError<CommitError>>;

fn abort(e: impl Into<CommitError>) -> ConflictableTransactionError<CommitError> {
    ConflictableTransactionError::Abort(e.into())
}

/// The journal of an open store. When the last handle on the store goes (a clean stop),
/// sled is flushed durably and the journal emptied: only an unclean stop leaves records to
/// replay, so a store changed while the bot was stopped (a repair, a restore) stays as it is.
struct OpenJournal {
    journal: Journal,
    db: sled::Db,
    log_file: Option<Arc<File>>,
}

impl Drop for OpenJournal {
    fn drop(&mut self) {
        let checkpoint = || {
            self.db.flush().map_err(std::io::Error::other)?;
            match &self.log_file {
                Some(f) => f.sync_data(),
                None => Ok(()),
            }
        };
        if let Err(e) = self.journal.reset(&checkpoint) {
            tracing::warn!(error = %e, "cannot empty the journal at close; it replays at the next start");
        }
    }
}

/// The trees, as the journal numbers them (their index in [`SledStore::trees`]).
const GAMES: u8 = 0;
const CHALLENGES: u8 = 1;
const USERS: u8 = 2;
const RATINGS: u8 = 3;
const DEADLINES: u8 = 4;
const BY_USER: u8 = 5;
const META: u8 = 6;
const OUTBOX: u8 = 7;
const TOURNAMENTS: u8 = 8;
const STARTS: u8 = 9;
const DIGESTS: u8 = 10;
const BY_CHANNEL: u8 = 11;
const HANDLED: u8 = 12;
const HANDLED_AT: u8 = 13;
const PUZZLE_ROOMS: u8 = 14;
const DAILY_PUZZLES: u8 = 15;
/// The trees' names in sled, in the journal's numbering (a new tree is appended: the
/// journal names trees by their index).
pub const TREE_NAMES: [&str; 16] = [
    "games",
    "challenges",
    "users",
    "ratings",
    "deadlines",
    "by_user",
    "meta",
    "outbox",
    "tournaments",
    "tournament_starts",
    "digests",
    "by_channel",
    "handled",
    "handled_at",
    "puzzle_rooms",
    "daily_puzzles",
];
/// The index layout's key in `meta` ([`INDEX_LAYOUT`]).
const LAYOUT: &[u8] = b"indexes";
/// How many keys an import writes per transaction (and journal record).
const IMPORT_BATCH: usize = 256;
/// The id counter's key in `meta`.
const NEXT_ID: &[u8] = b"next_id";

/// One transaction's view of the store: what it reads, and every write it makes. Each
/// write goes to sled's transaction and into the write set the journal appends, in one
/// call: [`Tx::put`] and [`Tx::del`] are the only way anything is written to the store.
struct Tx<'a> {
    trees: &'a [TransactionalTree],
    writes: &'a RefCell<WriteSet>,
}

impl Tx<'_> {
    fn tree(&self, tree: u8) -> TxResult<&TransactionalTree> {
        self.trees
            .get(usize::from(tree))
            .ok_or_else(|| abort(StoreError::Corrupt(format!("tree {tree} does not exist"))))
    }

    fn get(&self, tree: u8, key: &[u8]) -> TxResult<Option<IVec>> {
        Ok(self.tree(tree)?.get(key)?)
    }

    fn put(&self, tree: u8, key: &[u8], value: &[u8]) -> TxResult<()> {
        self.tree(tree)?.insert(key, value)?;
        self.writes.borrow_mut().put(tree, key, value);
        Ok(())
    }

    fn del(&self, tree: u8, key: &[u8]) -> TxResult<()> {
        self.tree(tree)?.remove(key)?;
        self.writes.borrow_mut().remove(tree, key);
        Ok(())
    }

    /// Aborts the transaction unless `key` holds exactly `expected` (`None`: nothing).
    fn check(&self, tree: u8, key: &[u8], expected: Option<&Version>) -> TxResult<()> {
        if self.get(tree, key)?.as_deref() != expected.map(Version::bytes) {
            return Err(ConflictableTransactionError::Abort(CommitError::Conflict));
        }
        Ok(())
    }

    /// Moves the id counter past `id`, in the same write as the document that uses it.
    fn use_id(&self, id: u64) -> TxResult<()> {
        let next = self.get(META, NEXT_ID)?.map_or(1, |v| counter(&v));
        if next <= id {
            self.put(META, NEXT_ID, &id.saturating_add(1).to_be_bytes())?;
        }
        Ok(())
    }
}

/// The id counter's stored value.
fn counter(bytes: &[u8]) -> u64 {
    <[u8; 8]>::try_from(bytes).map_or(1, u64::from_be_bytes)
}

/// The `meta` key under which releases before index layout 2 kept a handled chat
/// message's record (moved to the `handled` tree when the store is opened).
const OLD_HANDLED_PREFIX: &[u8] = b"handled:";

/// A key of a time-ordered index: the time, then the rest (a user key, a message id).
fn timed_key(at: Timestamp, rest: &[u8]) -> Vec<u8> {
    let mut k = time_key(at).to_vec();
    k.extend_from_slice(rest);
    k
}

/// The start of a user's entries for one channel in `by_channel`.
fn channel_prefix(user: &str, channel: &str) -> Vec<u8> {
    let mut k = user.as_bytes().to_vec();
    k.push(0);
    k.extend_from_slice(channel.as_bytes());
    k.push(0);
    k
}

/// A `by_channel` key: [`channel_prefix`], whether the game is active (1) or finished (0),
/// then the game's number. The activity is in the key, not the value, so a player's active
/// games in a channel are read without stepping over the finished ones (thousands, for a
/// long-time player), and the last finished ones without stepping over anything.
fn channel_key(user: &str, channel: &str, active: bool, id: u64) -> Vec<u8> {
    let mut k = channel_prefix(user, channel);
    k.push(u8::from(active));
    k.extend_from_slice(&id.to_be_bytes());
    k
}

/// The index writes a game's document makes, by itself (an import, an upgrade).
fn game_index_writes(g: &GameDoc) -> Vec<(u8, Vec<u8>, Vec<u8>)> {
    let mut writes = Vec::new();
    if let Some(at) = g.wake() {
        writes.push((DEADLINES, deadline_key(at, g.id).to_vec(), Vec::new()));
    }
    let active = vec![u8::from(g.end.is_none())];
    for p in &g.players {
        writes.push((BY_USER, by_user_key(&p.id, g.id), active.clone()));
    }
    for (user, channel) in index::game_channels(g) {
        writes.push((
            BY_CHANNEL,
            channel_key(&user, &channel, g.end.is_none(), g.id),
            Vec::new(),
        ));
    }
    writes
}

/// The index writes a user's document makes, by itself.
fn user_index_writes(u: &UserDoc) -> Vec<(u8, Vec<u8>, Vec<u8>)> {
    index::digest_next(u)
        .map(|at| {
            (
                DIGESTS,
                timed_key(at, u.user.id.key().as_bytes()),
                Vec::new(),
            )
        })
        .into_iter()
        .collect()
}

/// The index writes a tournament's document makes, by itself.
fn tournament_index_writes(t: &TournamentDoc) -> Vec<(u8, Vec<u8>, Vec<u8>)> {
    index::tournament_start(t)
        .map(|at| (STARTS, deadline_key(at, t.id).to_vec(), Vec::new()))
        .into_iter()
        .collect()
}

/// The index writes a community's puzzle document makes, by itself.
fn puzzle_room_index_writes(r: &PuzzleRoom) -> Vec<(u8, Vec<u8>, Vec<u8>)> {
    index::daily_puzzle_next(r)
        .map(|at| {
            (
                DAILY_PUZZLES,
                timed_key(at, r.community.0.as_bytes()),
                Vec::new(),
            )
        })
        .into_iter()
        .collect()
}

fn id_key(id: u64) -> [u8; 8] {
    id.to_be_bytes()
}

/// A deadline queue key: the wake time (ordered, negative times too) then the game id.
fn deadline_key(at: Timestamp, id: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&((at.0 as u64) ^ (1 << 63)).to_be_bytes());
    k[8..].copy_from_slice(&id.to_be_bytes());
    k
}

fn parse_deadline_key(k: &[u8]) -> Option<(Timestamp, u64)> {
    let t: [u8; 8] = k.get(..8)?.try_into().ok()?;
    let i: [u8; 8] = k.get(8..16)?.try_into().ok()?;
    Some((
        Timestamp((u64::from_be_bytes(t) ^ (1 << 63)) as i64),
        u64::from_be_bytes(i),
    ))
}

/// A user's game index key: `platform:id`, a NUL, then the game id.
fn by_user_key(user: &UserId, id: u64) -> Vec<u8> {
    let mut k = user.key().into_bytes();
    k.push(0);
    k.extend_from_slice(&id.to_be_bytes());
    k
}

/// A ladder key: community, NUL, rule set, NUL, user.
fn rating_prefix(community: &CommunityId, rule_set: RuleSetId) -> Vec<u8> {
    let mut k = community.0.as_bytes().to_vec();
    k.push(0);
    k.extend_from_slice(rule_set.id().as_bytes());
    k.push(0);
    k
}

fn rating_key(community: &CommunityId, rule_set: RuleSetId, user: &UserId) -> Vec<u8> {
    let mut k = rating_prefix(community, rule_set);
    k.extend_from_slice(user.key().as_bytes());
    k
}

impl SledStore {
    /// Every user document that `keep` accepts, read in one scan of the users: the lookups
    /// by something other than the id (a link code, a name), typed rarely.
    fn users_where(
        &self,
        keep: impl Fn(&UserDoc) -> bool,
    ) -> Result<Vec<Stored<UserDoc>>, StoreError> {
        let mut found = Vec::new();
        for kv in self.users.iter() {
            let (_, raw) = kv?;
            let doc: UserDoc = decode("user", &raw)?;
            if keep(&doc) {
                found.push(Stored {
                    doc,
                    version: Version::new(&*raw),
                });
            }
        }
        Ok(found)
    }

    /// Opens (or creates) the store in `dir`, checking and upgrading its schema.
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        let db = sled::Config::new().path(dir).open()?;
        let log_file = File::open(dir.join("db"))?;
        let (journal, pending) = Journal::open(dir)?;
        let mut store = SledStore::from_db(db, Some(Arc::new(log_file)))?;
        // The journal's commits were written in the store's current schema: replayed
        // before any upgrade, which then converts them with the rest (and never by a
        // release older than the store).
        if let Some(found) = store.schema()?
            && found > SCHEMA_VERSION
        {
            return Err(StoreError::TooNew { found });
        }
        store.replay(&journal, pending)?;
        store.journal = Some(Arc::new(OpenJournal {
            journal,
            db: store.db.clone(),
            log_file: store.log_file.clone(),
        }));
        store.upgrade(MIGRATIONS)?;
        Ok(store)
    }

    /// Brings sled up to the journal: each record's writes in order, then sled flushed
    /// durably and the journal emptied.
    fn replay(&self, journal: &Journal, pending: Vec<WriteSet>) -> Result<(), StoreError> {
        if pending.is_empty() {
            return Ok(());
        }
        for set in &pending {
            for w in &set.0 {
                let Some(tree) = self.tree(w.tree) else {
                    return Err(StoreError::Corrupt(format!(
                        "the journal names tree {}, which does not exist",
                        w.tree
                    )));
                };
                match &w.value {
                    Some(v) => tree.insert(&w.key, v.as_slice())?,
                    None => tree.remove(&w.key)?,
                };
            }
        }
        journal.reset(&|| self.flush().map_err(std::io::Error::other))?;
        tracing::info!(
            commits = pending.len(),
            "replayed the journal's commits after an unclean stop"
        );
        Ok(())
    }

    /// Every tree, in the journal's numbering ([`TREE_NAMES`]).
    fn trees(&self) -> [&Tree; 16] {
        [
            &self.games,
            &self.challenges,
            &self.users,
            &self.ratings,
            &self.deadlines,
            &self.by_user,
            &self.meta,
            &self.outbox,
            &self.tournaments,
            &self.starts,
            &self.digests,
            &self.by_channel,
            &self.handled,
            &self.handled_at,
            &self.puzzle_rooms,
            &self.daily_puzzles,
        ]
    }

    /// The tree a journal record names (`GAMES`, `CHALLENGES`, …).
    fn tree(&self, id: u8) -> Option<&Tree> {
        self.trees().get(usize::from(id)).copied()
    }

    /// Runs `body` as one sled transaction over every tree and makes what it wrote durable
    /// before returning: one journal record and one `fdatasync` (a temporary store, which
    /// has no journal, flushes sled instead). The only path by which the store changes, so
    /// no write can miss the journal. `body` may run more than once (sled retries a
    /// transaction that met a concurrent one); only the last run's writes count.
    fn write<T>(&self, body: impl Fn(&Tx) -> TxResult<T>) -> Result<T, CommitError> {
        let writes = RefCell::new(WriteSet::default());
        // The journal's lock is held from here to the append, so records follow the order
        // in which sled applied the transactions.
        let appending = self.journal.as_ref().map(|j| j.journal.begin());
        let result = self.trees().as_slice().transaction(|trees| {
            writes.borrow_mut().0.clear();
            body(&Tx {
                trees,
                writes: &writes,
            })
        });
        let out = match result {
            Ok(out) => out,
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => return Err(StoreError::from(e).into()),
        };
        match appending {
            // One record and one fdatasync: durable. sled writes its own log in the
            // background; the journal replays the commit if that is lost.
            Some(appending) => {
                let checkpoint = || self.flush().map_err(std::io::Error::other);
                appending
                    .append(&writes.into_inner(), &checkpoint)
                    .map_err(StoreError::from)?;
                if let Some(j) = &self.journal {
                    j.journal.sync().map_err(StoreError::from)?;
                }
            }
            None => self.flush()?,
        }
        Ok(out)
    }

    /// [`SledStore::write`] for writes that cannot conflict (no compare-and-swap).
    fn write_plain(&self, body: impl Fn(&Tx) -> TxResult<()>) -> Result<(), StoreError> {
        self.write(body).map_err(|e| match e {
            CommitError::Store(e) => e,
            CommitError::Conflict => StoreError::Corrupt("an unexpected write conflict".into()),
        })
    }

    /// A store that lives in memory and a temporary directory: for tests.
    pub fn temporary() -> Result<SledStore, StoreError> {
        let store = SledStore::from_db(::sled::Config::new().temporary(true).open()?, None)?;
        store.upgrade(MIGRATIONS)?;
        Ok(store)
    }

    fn from_db(db: sled::Db, log_file: Option<Arc<File>>) -> Result<SledStore, StoreError> {
        let [
            games,
            challenges,
            users,
            ratings,
            deadlines,
            by_user,
            meta,
            outbox,
            tournaments,
            starts,
            digests,
            by_channel,
            handled,
            handled_at,
            puzzle_rooms,
            daily_puzzles,
        ] = TREE_NAMES.map(|name| db.open_tree(name));
        let store = SledStore {
            log_file,
            decoded: DecodedGames::default(),
            decoded_users: Decoded::default(),
            journal: None,
            next_id: Arc::new(AtomicU64::new(1)),
            leases: Arc::default(),
            games: games?,
            challenges: challenges?,
            users: users?,
            ratings: ratings?,
            deadlines: deadlines?,
            by_user: by_user?,
            meta: meta?,
            outbox: outbox?,
            tournaments: tournaments?,
            starts: starts?,
            digests: digests?,
            by_channel: by_channel?,
            handled: handled?,
            handled_at: handled_at?,
            puzzle_rooms: puzzle_rooms?,
            daily_puzzles: daily_puzzles?,
            db,
        };
        Ok(store)
    }

    /// Brings the store to [`SCHEMA_VERSION`] with `migrations`, or refuses a newer one.
    pub fn upgrade(&self, migrations: &[Migration]) -> Result<(), StoreError> {
        let mut schema = match self.schema()? {
            Some(s) => s,
            None if self.games.is_empty() && self.users.is_empty() => SCHEMA_VERSION,
            // Data without a version predates schema 1: nothing released wrote that.
            None => 0,
        };
        if schema > SCHEMA_VERSION {
            return Err(StoreError::TooNew { found: schema });
        }
        while schema < SCHEMA_VERSION {
            let step = migrations
                .iter()
                .find(|m| m.from == schema)
                .ok_or(StoreError::NoUpgrade(schema))?;
            (step.run)(self)?;
            schema += 1;
            self.set_schema(schema)?;
            tracing::info!(schema, "store upgraded");
        }
        if self.schema()? != Some(SCHEMA_VERSION) {
            self.set_schema(SCHEMA_VERSION)?;
        }
        let layout: u32 = match self.meta.get(LAYOUT)? {
            Some(v) => decode("index layout", &v)?,
            None => 1,
        };
        if layout < INDEX_LAYOUT {
            let built = self.build_indexes()?;
            let bytes = encode("index layout", &INDEX_LAYOUT)?;
            self.write_plain(|tx| tx.put(META, LAYOUT, &bytes))?;
            tracing::info!(
                entries = built,
                "the store's indexes were built (index layout 2)"
            );
        }
        // The counter the next challenge number comes from.
        let next = self.meta.get(NEXT_ID)?.map_or(1, |v| counter(&v));
        self.next_id.fetch_max(next, Ordering::SeqCst);
        Ok(())
    }

    /// Builds the indexes of index layout 2 from the documents (a store written before
    /// them): the tournaments' start times, the users' next digests, the games by home
    /// channel, the communities' next daily puzzles, and the handled messages' records
    /// moved out of `meta` into their own tree with their times. Every entry is what a commit of the same document writes, so it
    /// can run again after an interrupted upgrade. Returns how many entries it wrote.
    fn build_indexes(&self) -> Result<usize, StoreError> {
        let mut writes: Vec<(u8, Vec<u8>, Option<Vec<u8>>)> = Vec::new();
        let mut add = |w: Vec<(u8, Vec<u8>, Vec<u8>)>| {
            writes.extend(w.into_iter().map(|(t, k, v)| (t, k, Some(v))));
        };
        for kv in self.tournaments.iter() {
            add(tournament_index_writes(&decode("tournament", &kv?.1)?));
        }
        for kv in self.users.iter() {
            add(user_index_writes(&decode("user", &kv?.1)?));
        }
        for kv in self.puzzle_rooms.iter() {
            add(puzzle_room_index_writes(&decode("puzzle room", &kv?.1)?));
        }
        for kv in self.games.iter() {
            let (k, raw) = kv?;
            let id = <[u8; 8]>::try_from(k.as_ref()).map_or(0, u64::from_be_bytes);
            match crate::damaged::decode_game(id, &raw) {
                Ok(g) => add(game_index_writes(&g)
                    .into_iter()
                    .filter(|(tree, ..)| *tree == BY_CHANNEL)
                    .collect()),
                // Left out of the new index, as it is out of every listing; its number
                // still finds it.
                Err(e) => {
                    tracing::warn!(game = id, error = %e, "a damaged game is left out of the channel index")
                }
            }
        }
        for kv in self.meta.scan_prefix(OLD_HANDLED_PREFIX) {
            let (k, v) = kv?;
            let Some(id) = k.get(OLD_HANDLED_PREFIX.len()..) else {
                continue;
            };
            let record: Handled = decode("handled message", &v)?;
            writes.push((HANDLED, id.to_vec(), Some(v.to_vec())));
            writes.push((HANDLED_AT, timed_key(record.at, id), Some(Vec::new())));
            writes.push((META, k.to_vec(), None));
        }
        let count = writes.len();
        for batch in writes.chunks(IMPORT_BATCH) {
            self.write_plain(|tx| {
                batch.iter().try_for_each(|(tree, key, value)| match value {
                    Some(v) => tx.put(*tree, key, v),
                    None => tx.del(*tree, key),
                })
            })?;
        }
        Ok(count)
    }

    /// Records the schema version.
    fn set_schema(&self, schema: u32) -> Result<(), StoreError> {
        let bytes = encode("schema", &schema)?;
        self.write_plain(|tx| tx.put(META, b"schema", &bytes))
    }

    fn stored_next_id(&self) -> Result<u64, StoreError> {
        Ok(self.meta.get(NEXT_ID)?.map_or(1, |v| counter(&v)))
    }
}

impl Store for SledStore {
    /// In memory: only this process can open the store.
    fn claim(
        &self,
        work: &str,
        holder: &str,
        ttl: std::time::Duration,
    ) -> Result<bool, StoreError> {
        Ok(self.leases.claim(work, holder, ttl))
    }

    fn release(&self, work: &str, holder: &str) -> Result<(), StoreError> {
        self.leases.release(work, holder);
        Ok(())
    }

    /// The oldest waiting notices of `platforms` not claimed by another poster of this
    /// process (claims in memory, like every lease here).
    fn outbox_take(
        &self,
        platforms: &[&str],
        holder: &str,
        ttl: std::time::Duration,
        limit: usize,
    ) -> Result<Vec<(u64, super::OutboxEntry)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.outbox.iter() {
            if out.len() >= limit {
                break;
            }
            let (k, v) = kv?;
            let id = <[u8; 8]>::try_from(k.as_ref()).map_or(0, u64::from_be_bytes);
            let entry: super::OutboxEntry = decode("outbox entry", &v)?;
            if platforms.contains(&entry.platform.as_str())
                && self.leases.claim(&format!("outbox:{id}"), holder, ttl)
            {
                out.push((id, entry));
            }
        }
        Ok(out)
    }

    fn outbox_done(&self, ids: &[u64]) -> Result<(), StoreError> {
        self.write_plain(|tx| ids.iter().try_for_each(|id| tx.del(OUTBOX, &id_key(*id))))
    }

    /// Every key and value of every tree, by tree name: what a test compares to show that
    /// two stores hold the same data (say, one rebuilt from the journal alone).
    fn raw_dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        let mut out = Vec::new();
        for (name, tree) in TREE_NAMES.iter().zip(self.trees()) {
            for kv in tree.iter() {
                let (k, v) = kv?;
                out.push((*name, k.to_vec(), v.to_vec()));
            }
        }
        Ok(out)
    }

    /// The schema version written in the store (`None` for a store never written to).
    fn schema(&self) -> Result<Option<u32>, StoreError> {
        self.meta
            .get("schema")?
            .map(|v| decode("schema version", &v))
            .transpose()
    }

    /// Writes everything to disk now, durably.
    ///
    /// sled 0.34's own `flush` writes its log with `sync_file_range`, which reaches the
    /// device but neither flushes the device's write cache nor the file's size; its
    /// background thread calls `fsync` only every 500 ms. So after sled's flush this calls
    /// `fdatasync` on the log file too: when it returns, the change survives a power cut.
    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        if let Some(f) = &self.log_file {
            f.sync_data()?;
        }
        Ok(())
    }

    /// The next free game and challenge number (they share one sequence: an accepted
    /// challenge becomes the game with its number). Handed out in memory: the stored
    /// counter moves in the commit that writes the number's challenge or game, so a number
    /// whose command failed (or never reached the disk) may be handed out again.
    fn allocate_id(&self) -> Result<u64, StoreError> {
        Ok(self.next_id.fetch_add(1, Ordering::SeqCst))
    }

    /// A timestamp kept in `meta` (the heartbeat, the fake clock).
    fn meta_time(&self, name: &str) -> Result<Option<Timestamp>, StoreError> {
        self.meta.get(name)?.map(|v| decode(name, &v)).transpose()
    }

    /// Sets a timestamp in `meta`, durably (through the journal, like every write).
    fn set_meta_time(&self, name: &str, at: Timestamp) -> Result<(), StoreError> {
        let bytes = encode(name, &at)?;
        self.write_plain(|tx| tx.put(META, name.as_bytes(), &bytes))
    }

    /// A handled message's record, from the `handled` tree.
    fn handled_message(&self, id: &str) -> Result<Option<Handled>, StoreError> {
        self.handled
            .get(id.as_bytes())?
            .map(|v| decode("handled message", &v))
            .transpose()
    }

    /// Records a handled message, durably (through the journal), with its time in
    /// `handled_at` (the time of the record it replaces removed in the same write).
    fn record_handled_message(&self, id: &str, handled: &Handled) -> Result<(), StoreError> {
        let bytes = encode("handled message", handled)?;
        let key = id.as_bytes();
        self.write_plain(|tx| {
            if let Some(old) = tx.get(HANDLED, key)?
                && let Ok(old) = decode::<Handled>("handled message", &old)
            {
                tx.del(HANDLED_AT, &timed_key(old.at, key))?;
            }
            tx.put(HANDLED, key, &bytes)?;
            tx.put(HANDLED_AT, &timed_key(handled.at, key), &[])
        })
    }

    /// The records older than `before`, found by their times in `handled_at` and removed
    /// in batches (each one durable write).
    fn prune_handled_messages(&self, before: Timestamp) -> Result<usize, StoreError> {
        let end = time_key(before);
        let old: Vec<IVec> = self
            .handled_at
            .range(..end.as_slice())
            .keys()
            .collect::<Result<_, _>>()?;
        for batch in old.chunks(IMPORT_BATCH) {
            self.write_plain(|tx| {
                for k in batch {
                    let id = k.get(8..).unwrap_or_default();
                    tx.del(HANDLED_AT, k)?;
                    // A record written again since (an edit's run) has a newer time: kept.
                    let stale = match tx.get(HANDLED, id)? {
                        Some(v) => {
                            decode::<Handled>("handled message", &v).map_or(true, |h| h.at < before)
                        }
                        None => false,
                    };
                    if stale {
                        tx.del(HANDLED, id)?;
                    }
                }
                Ok(())
            })?;
        }
        Ok(old.len())
    }

    /// A game by number.
    fn game(&self, id: u64) -> Result<Option<Stored<GameDoc>>, StoreError> {
        let Some(raw) = self.games.get(id_key(id))? else {
            return Ok(None);
        };
        if let Some((version, doc)) = self.decoded.get(&id, &raw) {
            return Ok(Some(Stored { doc, version }));
        }
        let doc = crate::damaged::decode_game(id, &raw)?;
        let version = Version::new(&*raw);
        self.decoded.put(id, version.clone(), doc.clone());
        Ok(Some(Stored { doc, version }))
    }

    /// A challenge by number.
    fn challenge(&self, id: u64) -> Result<Option<Stored<Challenge>>, StoreError> {
        self.challenges
            .get(id_key(id))?
            .map(|raw| {
                Ok(Stored {
                    doc: decode(&format!("challenge #{id}"), &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .transpose()
    }

    /// A tournament by number.
    fn tournament(&self, id: u64) -> Result<Option<Stored<TournamentDoc>>, StoreError> {
        self.tournaments
            .get(id_key(id))?
            .map(|raw| {
                Ok(Stored {
                    doc: decode(&format!("tournament #{id}"), &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .transpose()
    }

    /// Every tournament, by number.
    fn tournaments(&self) -> Result<Vec<Stored<TournamentDoc>>, StoreError> {
        self.tournaments
            .iter()
            .map(|kv| {
                let (_, raw) = kv?;
                Ok(Stored {
                    doc: decode("tournament", &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .collect()
    }

    /// Every pending challenge, oldest first (there are few: they end when answered).
    fn challenges(&self) -> Result<Vec<Stored<Challenge>>, StoreError> {
        self.challenges
            .iter()
            .map(|kv| {
                let (_, raw) = kv?;
                Ok(Stored {
                    doc: decode("challenge", &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .collect()
    }

    /// A community's puzzle document, by its id.
    fn puzzle_room(
        &self,
        community: &CommunityId,
    ) -> Result<Option<Stored<PuzzleRoom>>, StoreError> {
        self.puzzle_rooms
            .get(community.0.as_bytes())?
            .map(|raw| {
                Ok(Stored {
                    doc: decode("puzzle room", &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .transpose()
    }

    /// Every community's puzzle document, by community id.
    fn puzzle_rooms(&self) -> Result<Vec<Stored<PuzzleRoom>>, StoreError> {
        self.puzzle_rooms
            .iter()
            .map(|kv| {
                let (_, raw) = kv?;
                Ok(Stored {
                    doc: decode("puzzle room", &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .collect()
    }

    /// The communities whose daily puzzle is due by `until`, from the `daily_puzzles`
    /// index.
    fn daily_puzzles_due(
        &self,
        until: Timestamp,
    ) -> Result<Vec<(Timestamp, CommunityId)>, StoreError> {
        let mut out = Vec::new();
        for k in self.daily_puzzles.iter().keys() {
            let k = k?;
            let Some(at) = time_of_key(&k) else {
                return Err(corrupt("daily puzzle index key", "short"));
            };
            if at > until {
                break;
            }
            let community =
                std::str::from_utf8(&k[8..]).map_err(|e| corrupt("daily puzzle index key", e))?;
            out.push((at, CommunityId(community.to_string())));
        }
        Ok(out)
    }

    /// The first key of the `daily_puzzles` index.
    fn next_daily_puzzle(&self) -> Result<Option<Timestamp>, StoreError> {
        Ok(self
            .daily_puzzles
            .first()?
            .and_then(|(k, _)| time_of_key(&k)))
    }

    /// A user's document.
    fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError> {
        let key = id.key();
        let Some(raw) = self.users.get(&key)? else {
            return Ok(None);
        };
        if let Some((version, doc)) = self.decoded_users.get(&key, &raw) {
            return Ok(Some(Stored { doc, version }));
        }
        let doc: UserDoc = decode("user", &raw)?;
        let version = Version::new(&*raw);
        self.decoded_users.put(key, version.clone(), doc.clone());
        Ok(Some(Stored { doc, version }))
    }

    /// Scans the users for a pending link code (codes are typed rarely; users are few).
    fn user_by_link_code(&self, code: &str) -> Result<Option<Stored<UserDoc>>, StoreError> {
        let found = self.users_where(|u| u.link_code.as_ref().is_some_and(|c| c.code == code))?;
        Ok(found.into_iter().next())
    }

    /// The users whose digest is due by `until`, from the `digests` index.
    fn digests_due(&self, until: Timestamp) -> Result<Vec<Stored<UserDoc>>, StoreError> {
        let mut out = Vec::new();
        for k in self.digests.iter().keys() {
            let k = k?;
            if time_of_key(&k).is_none_or(|at| at > until) {
                break;
            }
            let Some(user) = std::str::from_utf8(&k[8..]).ok().and_then(UserId::from_key) else {
                return Err(corrupt("digest index key", "not a user"));
            };
            if let Some(stored) = self.user(&user)? {
                out.push(stored);
            }
        }
        Ok(out)
    }

    /// The first key of the `digests` index.
    fn next_digest(&self) -> Result<Option<Timestamp>, StoreError> {
        Ok(self.digests.first()?.and_then(|(k, _)| time_of_key(&k)))
    }

    /// The open tournaments due by `until`, from the `tournament_starts` index.
    fn tournament_starts(&self, until: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        let end = deadline_key(until, u64::MAX);
        self.starts
            .range(..=end.as_slice())
            .keys()
            .map(|k| parse_deadline_key(&k?).ok_or_else(|| corrupt("start index key", "short")))
            .collect()
    }

    /// The first key of the `tournament_starts` index.
    fn next_tournament_start(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        Ok(self
            .starts
            .first()?
            .and_then(|(k, _)| parse_deadline_key(&k)))
    }

    /// A user's games in a channel, from the `by_channel` index, whose keys hold each game's
    /// activity: the active ones oldest first, or the finished ones newest first, reading
    /// only the entries returned.
    fn channel_games(
        &self,
        user: &UserId,
        channel: &ChannelId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        let mut prefix = channel_prefix(&user.key(), &channel.0);
        prefix.push(u8::from(active));
        let id_of = |kv: Result<(IVec, IVec), ::sled::Error>| -> Result<u64, StoreError> {
            let (k, _) = kv?;
            k.get(prefix.len()..)
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map(u64::from_be_bytes)
                .ok_or_else(|| corrupt("channel index", "short key"))
        };
        let scan = self.by_channel.scan_prefix(&prefix);
        // Active games oldest first; finished ones newest first.
        let entries: Box<dyn Iterator<Item = _>> = if active {
            Box::new(scan)
        } else {
            Box::new(scan.rev())
        };
        entries.take(limit).map(id_of).collect()
    }

    /// Scans the users for a name (typed rarely: only for a player of another platform).
    fn users_named(&self, name: &str) -> Result<Vec<UserDoc>, StoreError> {
        Ok(self
            .users_where(|u| u.user.name.eq_ignore_ascii_case(name))?
            .into_iter()
            .map(|s| s.doc)
            .collect())
    }

    /// A user's games, by number, with whether each is still active.
    fn user_games(&self, user: &UserId) -> Result<Vec<(u64, bool)>, StoreError> {
        let mut prefix = user.key().into_bytes();
        prefix.push(0);
        self.by_user
            .scan_prefix(&prefix)
            .map(|kv| {
                let (k, v) = kv?;
                let id = k
                    .get(prefix.len()..)
                    .and_then(|b| <[u8; 8]>::try_from(b).ok())
                    .map(u64::from_be_bytes)
                    .ok_or_else(|| corrupt("user game index", "short key"))?;
                Ok((id, v.first() == Some(&1)))
            })
            .collect()
    }

    /// [`Store::standing`] with the bytes it was read as: what a [`super::StandingWrite`] replaces.
    fn read_standing(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<Stored<Standing>>, StoreError> {
        self.ratings
            .get(rating_key(community, rule_set, user))?
            .map(|raw| {
                Ok(Stored {
                    doc: decode("rating", &raw)?,
                    version: Version::new(&*raw),
                })
            })
            .transpose()
    }

    /// Everyone on one ladder.
    fn ladder(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        let prefix = rating_prefix(community, rule_set);
        self.ratings
            .scan_prefix(&prefix)
            .map(|kv| {
                let (k, v) = kv?;
                let user = std::str::from_utf8(&k[prefix.len()..])
                    .ok()
                    .and_then(UserId::from_key)
                    .ok_or_else(|| corrupt("rating key", "not a user"))?;
                Ok((user, decode("rating", &v)?))
            })
            .collect()
    }

    /// The earliest pending deadline (a reminder or a timeout) and its game.
    fn next_deadline(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        Ok(match self.deadlines.first()? {
            Some((k, _)) => parse_deadline_key(&k),
            None => None,
        })
    }

    /// Every pending deadline up to `now`, earliest first.
    fn due(&self, now: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        let end = deadline_key(now, u64::MAX);
        self.deadlines
            .range(..=end.as_slice())
            .map(|kv| {
                let (k, _) = kv?;
                parse_deadline_key(&k).ok_or_else(|| corrupt("deadline key", "short"))
            })
            .collect()
    }

    /// How many games are stored (for the start-up log line and the benchmark).
    fn game_count(&self) -> usize {
        self.games.len()
    }

    /// Applies `commit` in one transaction (every replaced document must be unchanged since
    /// it was read), keeps the indexes in step, and flushes it to disk. Returns the games as
    /// written (with their new version numbers and the bytes they were written as).
    fn commit(&self, commit: Commit) -> Result<Vec<Stored<GameDoc>>, CommitError> {
        // The bytes written for each game and user, kept for the decoded memo once the
        // transaction lands (reset at each attempt: sled may run the closure again).
        let written_bytes = RefCell::new(Vec::new());
        let written_users = RefCell::new(Vec::new());
        let written = self.write(|tx| {
            written_bytes.borrow_mut().clear();
            written_users.borrow_mut().clear();
            let mut written = Vec::with_capacity(commit.games.len());
            for (before, after) in &commit.games {
                let mut after = after.clone();
                let key = id_key(after.id);
                tx.check(GAMES, &key, before.as_ref().map(|s| &s.version))?;
                let old = before.as_ref().map(|s| &s.doc);
                if old.is_none() {
                    tx.use_id(after.id)?;
                }
                after.version = old.map_or(1, |o| o.version + 1);
                let bytes = Version::new(encode("game", &after).map_err(abort)?);
                tx.put(GAMES, &key, bytes.bytes())?;
                written_bytes.borrow_mut().push(bytes);
                let (old_wake, new_wake) = (old.and_then(GameDoc::wake), after.wake());
                if old_wake != new_wake {
                    if let Some(at) = old_wake {
                        tx.del(DEADLINES, &deadline_key(at, after.id))?;
                    }
                    if let Some(at) = new_wake {
                        tx.put(DEADLINES, &deadline_key(at, after.id), &[])?;
                    }
                }
                let active = after.end.is_none();
                let seated = |d: &GameDoc, id: &UserId| d.players.iter().any(|p| p.id == *id);
                if let Some(o) = old {
                    // A seat that changed hands (accounts linked into one player).
                    for p in o.players.iter().filter(|p| !seated(&after, &p.id)) {
                        tx.del(BY_USER, &by_user_key(&p.id, after.id))?;
                    }
                }
                for p in &after.players {
                    let new_seat = old.is_some_and(|o| !seated(o, &p.id));
                    if new_seat || old.is_none_or(|o| o.end.is_none() != active) {
                        tx.put(BY_USER, &by_user_key(&p.id, after.id), &[u8::from(active)])?;
                    }
                }
                let old_homes = old.map(index::game_channels).unwrap_or_default();
                let new_homes = index::game_channels(&after);
                let activity = old.is_none_or(|o| o.end.is_none() != active);
                if let Some(o) = old {
                    // An entry under its old home or its old activity goes.
                    let was = o.end.is_none();
                    for e @ (u, c) in &old_homes {
                        if !new_homes.contains(e) || was != active {
                            tx.del(BY_CHANNEL, &channel_key(u, c, was, after.id))?;
                        }
                    }
                }
                for e @ (u, c) in &new_homes {
                    if activity || !old_homes.contains(e) {
                        tx.put(BY_CHANNEL, &channel_key(u, c, active, after.id), &[])?;
                    }
                }
                written.push(after);
            }
            for ch in &commit.new_challenges {
                let key = id_key(ch.id);
                tx.check(CHALLENGES, &key, None)?;
                tx.use_id(ch.id)?;
                let bytes = encode("challenge", ch).map_err(abort)?;
                tx.put(CHALLENGES, &key, &bytes)?;
            }
            for ch in &commit.removed_challenges {
                let key = id_key(ch.doc.id);
                tx.check(CHALLENGES, &key, Some(&ch.version))?;
                tx.del(CHALLENGES, &key)?;
            }
            for (before, after) in &commit.users {
                let key = after.user.id.key();
                tx.check(USERS, key.as_bytes(), before.as_ref().map(|s| &s.version))?;
                let old_next = before.as_ref().and_then(|b| index::digest_next(&b.doc));
                let new_next = index::digest_next(after);
                if old_next != new_next {
                    if let Some(at) = old_next {
                        tx.del(DIGESTS, &timed_key(at, key.as_bytes()))?;
                    }
                    if let Some(at) = new_next {
                        tx.put(DIGESTS, &timed_key(at, key.as_bytes()), &[])?;
                    }
                }
                let bytes = Version::new(encode("user", after).map_err(abort)?);
                tx.put(USERS, key.as_bytes(), bytes.bytes())?;
                written_users.borrow_mut().push((key, bytes, after.clone()));
            }
            for r in &commit.removed_standings {
                let key = rating_key(&r.community, r.rule_set, &r.user);
                tx.check(RATINGS, &key, Some(&r.read.version))?;
                tx.del(RATINGS, &key)?;
            }
            for w in &commit.standings {
                let key = rating_key(&w.community, w.rule_set, &w.user);
                tx.check(RATINGS, &key, w.read.as_ref().map(|s| &s.version))?;
                let bytes = encode("rating", &w.standing).map_err(abort)?;
                tx.put(RATINGS, &key, &bytes)?;
            }
            for (before, after) in &commit.tournaments {
                let key = id_key(after.id);
                tx.check(TOURNAMENTS, &key, before.as_ref().map(|s| &s.version))?;
                if before.is_none() {
                    tx.use_id(after.id)?;
                }
                let mut after = after.clone();
                after.version = before.as_ref().map_or(1, |b| b.doc.version + 1);
                let bytes = encode("tournament", &after).map_err(abort)?;
                tx.put(TOURNAMENTS, &key, &bytes)?;
                let old_start = before
                    .as_ref()
                    .and_then(|b| index::tournament_start(&b.doc));
                let new_start = index::tournament_start(&after);
                if old_start != new_start {
                    if let Some(at) = old_start {
                        tx.del(STARTS, &deadline_key(at, after.id))?;
                    }
                    if let Some(at) = new_start {
                        tx.put(STARTS, &deadline_key(at, after.id), &[])?;
                    }
                }
            }
            for (before, after) in &commit.puzzle_rooms {
                let key = after.community.0.as_bytes();
                tx.check(PUZZLE_ROOMS, key, before.as_ref().map(|s| &s.version))?;
                let mut after = after.clone();
                after.version = before.as_ref().map_or(1, |b| b.doc.version + 1);
                let bytes = encode("puzzle room", &after).map_err(abort)?;
                tx.put(PUZZLE_ROOMS, key, &bytes)?;
                let old_next = before
                    .as_ref()
                    .and_then(|b| index::daily_puzzle_next(&b.doc));
                let new_next = index::daily_puzzle_next(&after);
                if old_next != new_next {
                    if let Some(at) = old_next {
                        tx.del(DAILY_PUZZLES, &timed_key(at, key))?;
                    }
                    if let Some(at) = new_next {
                        tx.put(DAILY_PUZZLES, &timed_key(at, key), &[])?;
                    }
                }
            }
            for n in &commit.outbox {
                let id = tx.tree(OUTBOX)?.generate_id()?;
                let bytes = encode("outbox entry", n).map_err(abort)?;
                tx.put(OUTBOX, &id_key(id), &bytes)?;
            }
            Ok(written)
        })?;
        let mut stored = Vec::with_capacity(written.len());
        for (doc, bytes) in written.into_iter().zip(written_bytes.into_inner()) {
            self.decoded.put(doc.id, bytes.clone(), doc.clone());
            stored.push(Stored::new(doc, bytes));
        }
        for (key, bytes, doc) in written_users.into_inner() {
            self.decoded_users.put(key, bytes, doc);
        }
        Ok(stored)
    }

    /// Writes every game, challenge, user, rating and the id counter as JSON lines.
    fn export(&self, out: &mut dyn Write) -> Result<usize, StoreError> {
        let mut lines = 0;
        let mut put = |line: &ExportLine| -> Result<(), StoreError> {
            super::write_export_line(&mut *out, line)?;
            lines += 1;
            Ok(())
        };
        put(&super::export_header())?;
        put(&ExportLine::NextId(self.stored_next_id()?))?;
        for kv in self.users.iter() {
            put(&ExportLine::User(decode("user", &kv?.1)?))?;
        }
        for kv in self.challenges.iter() {
            put(&ExportLine::Challenge(decode("challenge", &kv?.1)?))?;
        }
        for kv in self.games.iter() {
            let (k, raw) = kv?;
            let id = <[u8; 8]>::try_from(k.as_ref()).map_or(0, u64::from_be_bytes);
            // A damaged game is exported as it is, for the admin to inspect and repair.
            match crate::damaged::decode_game(id, &raw) {
                Ok(g) => put(&ExportLine::Game(Box::new(g)))?,
                Err(e) => put(&ExportLine::UnreadableGame {
                    id,
                    reason: e.to_string(),
                    raw: String::from_utf8_lossy(&raw).into_owned(),
                })?,
            }
        }
        for kv in self.ratings.iter() {
            let (k, v) = kv?;
            let mut parts = k.splitn(3, |b| *b == 0);
            let text = |b: Option<&[u8]>| {
                b.and_then(|b| std::str::from_utf8(b).ok())
                    .map(str::to_string)
                    .ok_or_else(|| corrupt("rating key", "not text"))
            };
            let community = CommunityId(text(parts.next())?);
            let rule_set: RuleSetId = text(parts.next())?
                .parse()
                .map_err(|e| corrupt("rating key", e))?;
            let user = UserId::from_key(&text(parts.next())?)
                .ok_or_else(|| corrupt("rating key", "not a user"))?;
            put(&ExportLine::Rating {
                community,
                rule_set,
                user,
                standing: decode("rating", &v)?,
            })?;
        }
        for kv in self.tournaments.iter() {
            put(&ExportLine::Tournament(Box::new(decode(
                "tournament",
                &kv?.1,
            )?)))?;
        }
        for kv in self.puzzle_rooms.iter() {
            put(&ExportLine::PuzzleRoom(Box::new(decode(
                "puzzle room",
                &kv?.1,
            )?)))?;
        }
        out.flush()?;
        Ok(lines)
    }

    /// Reads an export into this store, which must be empty; indexes and deadlines are
    /// rebuilt from the documents. Returns how many lines were read.
    fn import(&self, input: &mut dyn BufRead) -> Result<usize, StoreError> {
        if !self.games.is_empty()
            || !self.users.is_empty()
            || !self.challenges.is_empty()
            || !self.tournaments.is_empty()
            || !self.puzzle_rooms.is_empty()
        {
            return Err(StoreError::Import {
                line: 0,
                reason: "the store is not empty; import into a new data directory".into(),
            });
        }
        // Every line is read and checked before anything is written.
        let mut writes: Vec<(u8, Vec<u8>, Vec<u8>)> = Vec::new();
        let lines = super::read_export_lines(input)?;
        // The header counts as a line read.
        let count = lines.len() + 1;
        for (_, item) in lines {
            match item {
                ExportLine::Header { .. } | ExportLine::UnreadableGame { .. } => {}
                ExportLine::NextId(n) => {
                    writes.push((META, NEXT_ID.to_vec(), n.to_be_bytes().to_vec()));
                    self.next_id.fetch_max(n, Ordering::SeqCst);
                }
                ExportLine::User(u) => {
                    writes.push((USERS, u.user.id.key().into_bytes(), encode("user", &u)?));
                    writes.extend(user_index_writes(&u));
                }
                ExportLine::Challenge(c) => {
                    writes.push((CHALLENGES, id_key(c.id).to_vec(), encode("challenge", &c)?));
                }
                ExportLine::Tournament(t) => {
                    writes.push((
                        TOURNAMENTS,
                        id_key(t.id).to_vec(),
                        encode("tournament", &t)?,
                    ));
                    writes.extend(tournament_index_writes(&t));
                }
                ExportLine::PuzzleRoom(r) => {
                    writes.push((
                        PUZZLE_ROOMS,
                        r.community.0.as_bytes().to_vec(),
                        encode("puzzle room", &r)?,
                    ));
                    writes.extend(puzzle_room_index_writes(&r));
                }
                ExportLine::Game(g) => {
                    writes.push((GAMES, id_key(g.id).to_vec(), encode("game", &g)?));
                    writes.extend(game_index_writes(&g));
                }
                ExportLine::Rating {
                    community,
                    rule_set,
                    user,
                    standing,
                } => {
                    writes.push((
                        RATINGS,
                        rating_key(&community, rule_set, &user),
                        encode("rating", &standing)?,
                    ));
                }
            }
        }
        // In batches: each is one journal record, well under the journal's size.
        for batch in writes.chunks(IMPORT_BATCH) {
            self.write_plain(|tx| {
                batch
                    .iter()
                    .try_for_each(|(tree, key, value)| tx.put(*tree, key, value))
            })?;
        }
        Ok(count)
    }
}

impl From<UnabortableTransactionError> for CommitError {
    fn from(e: UnabortableTransactionError) -> Self {
        match e {
            UnabortableTransactionError::Conflict => CommitError::Conflict,
            UnabortableTransactionError::Storage(e) => CommitError::Store(StoreError::from(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bump(store: &SledStore) -> Result<(), StoreError> {
        store.write_plain(|tx| tx.put(META, b"migrated", &[1]))
    }

    #[test]
    fn a_new_store_gets_the_current_schema() {
        let store = SledStore::temporary().expect("opens");
        assert_eq!(store.schema().expect("reads"), Some(SCHEMA_VERSION));
    }

    #[test]
    fn older_schemas_are_upgraded_step_by_step_and_newer_ones_refused() {
        let store = SledStore::temporary().expect("opens");
        store
            .meta
            .insert("schema", encode("schema", &0u32).expect("json"))
            .expect("writes");
        // No step from 0: refused, with the schema named.
        assert!(matches!(store.upgrade(&[]), Err(StoreError::NoUpgrade(0))));
        store
            .upgrade(&[Migration { from: 0, run: bump }])
            .expect("upgrades");
        assert_eq!(store.schema().expect("reads"), Some(SCHEMA_VERSION));
        assert!(store.meta.get("migrated").expect("reads").is_some());
        store
            .meta
            .insert(
                "schema",
                encode("schema", &(SCHEMA_VERSION + 1)).expect("json"),
            )
            .expect("writes");
        let err = store.upgrade(MIGRATIONS).expect_err("too new");
        assert!(err.to_string().contains("newer than this release"), "{err}");
    }

    #[test]
    fn deadline_keys_sort_by_time_even_before_1970() {
        let a = deadline_key(Timestamp(-5), 9);
        let b = deadline_key(Timestamp(3), 1);
        assert!(a < b);
        assert_eq!(parse_deadline_key(&a), Some((Timestamp(-5), 9)));
    }

    #[test]
    fn ids_are_handed_out_once_each() {
        let store = SledStore::temporary().expect("opens");
        let ids: Vec<u64> = (0..5).map(|_| store.allocate_id().expect("id")).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5]);
    }

    /// A directory of its own for one test, removed first if a run left it.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("skald-sled-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_indexes_survive_a_reopen() {
        let dir = scratch("reopen");
        let world = {
            let store = SledStore::open(&dir).expect("opens");
            crate::contract::indexes::populate(&store)
        };
        let store = SledStore::open(&dir).expect("opens again");
        crate::contract::indexes::assert_indexes(&store, &world);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_store_of_the_previous_layout_gets_its_indexes_when_opened() {
        let dir = scratch("layout1");
        let record = Handled {
            by: UserId::new("matrix", "alice"),
            outcome: skald_model::chat_message::Outcome::Done,
            at: Timestamp(50),
        };
        let world = {
            let store = SledStore::open(&dir).expect("opens");
            let world = crate::contract::indexes::populate(&store);
            // What the previous release left: no index trees, no layout mark, and the
            // handled messages' records in `meta` under `handled:<id>`.
            for tree in [
                STARTS,
                DIGESTS,
                BY_CHANNEL,
                HANDLED,
                HANDLED_AT,
                DAILY_PUZZLES,
            ] {
                store.tree(tree).expect("a tree").clear().expect("clears");
            }
            store.meta.remove(LAYOUT).expect("removes");
            let old = encode("handled message", &record).expect("json");
            store.meta.insert(b"handled:$event", old).expect("writes");
            store.flush().expect("flushes");
            world
        };
        let store = SledStore::open(&dir).expect("opens the older store");
        crate::contract::indexes::assert_indexes(&store, &world);
        assert_eq!(
            store.handled_message("$event").expect("reads"),
            Some(record.clone())
        );
        assert!(store.meta.get(b"handled:$event").expect("reads").is_none());
        assert_eq!(
            store.prune_handled_messages(Timestamp(51)).expect("prunes"),
            1
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn import_refuses_files_without_a_header() {
        let store = SledStore::temporary().expect("opens");
        let err = store
            .import(&mut std::io::Cursor::new(b"{\"next_id\":3}\n".to_vec()))
            .expect_err("no header");
        assert!(err.to_string().contains("header"), "{err}");
        let err = store
            .import(&mut std::io::Cursor::new(b"garbage\n".to_vec()))
            .expect_err("not json");
        assert!(err.to_string().contains("line 1"), "{err}");
    }
}

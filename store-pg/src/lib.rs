//! Skald's store on PostgreSQL: the session's [`Store`] interface on a database several
//! `skald` processes share (Discord shards, Matrix, engine workers), selected by
//! `[store] postgres = "postgres://user@host:port/db"` (sled stays the default).
//!
//! The same semantics as the sled store (`docs/SESSION.md`, "The store interface", checked
//! by the shared contract tests): one transaction per [`Commit`], compare-and-swap on each
//! replaced document (a row revision, the [`Version`] this store hands out), indexes written
//! in the same transaction, and durable before the caller answers (a committed transaction
//! with `synchronous_commit` on, which every connection sets). Ids come from a database
//! sequence, so two processes never hand out the same number.
//!
//! It lives in its own crate so that the session keeps no async runtime in its dependency
//! tree: the client (tokio-postgres, pooled by deadpool) is driven on the thread that calls
//! the store ([`connection`]).

mod commit;
pub mod connection;
pub mod errors;
mod pipeline;
pub mod schema;
pub mod target;
pub mod testkit;
mod transfer;

use crate::connection::{Db, call};
use crate::errors::backend;
use deadpool::Runtime;
use deadpool::managed::{Pool, Timeouts};
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
use skald_store::{
    Commit, CommitError, GameAndPlayers, OutboxEntry, RawEntry, Store, StoreError, Stored, Version,
    corrupt, decode, encode,
};
use std::io::{BufRead, Write};
use std::time::Duration;

pub use target::Target;

/// Connections kept open to the server per process (commands, the background loop and
/// the engine's moves share them; each holds one only while it talks to the database).
pub const POOL_SIZE: usize = 16;

/// The store on a PostgreSQL database.
pub struct PgStore {
    pool: Pool<connection::Manager>,
    name: String,
    /// How many calls this store made to the server: each is one statement (a commit, one
    /// pipelined transaction), so one round trip once the connection has prepared it.
    calls: std::sync::atomic::AtomicUsize,
}

/// The connection's prepared statement for `sql`, prepared on its first use and kept with
/// the pooled connection ([`Db::prepared`]): a query is then one round trip to the server
/// instead of two (prepare, then bind and execute). The server re-plans a kept statement by
/// itself when a table it reads changes (`schema::set_up`).
async fn prepared(c: &Db, sql: &str) -> Result<tokio_postgres::Statement, StoreError> {
    c.prepared(sql).await.map_err(backend)
}

/// A row revision as a [`Version`].
fn version(rev: i64) -> Version {
    Version::new(rev.to_be_bytes().to_vec())
}

/// The revision a [`Version`] holds (`None`: not one of this store's: it conflicts).
fn rev_of(v: &Version) -> Option<i64> {
    <[u8; 8]>::try_from(v.bytes()).ok().map(i64::from_be_bytes)
}

/// A document's JSON text (what every table stores).
fn text<T: serde::Serialize>(what: &str, doc: &T) -> Result<String, StoreError> {
    String::from_utf8(encode(what, doc)?).map_err(|e| corrupt(what, e))
}

/// A game or challenge number as the database's `bigint`.
fn sql_id(id: u64) -> Result<i64, StoreError> {
    i64::try_from(id).map_err(|_| corrupt("id", format!("{id} is past the database's range")))
}

/// A number to look up: `None` past the database's range, where no row can be (ids come
/// from its sequence), so a read of it finds nothing, as on sled, instead of failing. A
/// typed `#10000000000000000000` is "no such game", not "the store failed".
fn lookup_id(id: u64) -> Option<i64> {
    i64::try_from(id).ok()
}

/// A `bigint` back to a number.
fn id_of(id: i64) -> Result<u64, StoreError> {
    u64::try_from(id).map_err(|_| corrupt("id", format!("{id} is negative")))
}

impl PgStore {
    /// Connects to the database at `url` (see [`Target::parse`]), brings its tables to this
    /// release's layout, and hands out a pool of connections. The error names the server
    /// (never the password) when it cannot be reached.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let Target { mut config, name } = Target::parse(url)?;
        // Durable before the answer, whatever the server's default.
        let options = match config.get_options() {
            Some(o) if !o.is_empty() => format!("{o} -c synchronous_commit=on"),
            _ => "-c synchronous_commit=on".to_string(),
        };
        config.options(&options);
        config.application_name("skald");
        let pool = Pool::builder(connection::Manager::new(config))
            .max_size(POOL_SIZE)
            .runtime(Runtime::Smol2)
            .timeouts(Timeouts {
                wait: Some(Duration::from_secs(15)),
                create: Some(Duration::from_secs(10)),
                recycle: Some(Duration::from_secs(5)),
            })
            .build()
            .map_err(|e| errors::unreachable(format!("{name}: {e}")))?;
        let store = PgStore {
            pool,
            name,
            calls: Default::default(),
        };
        let who = store.name.clone();
        store
            .with_client(async |c| schema::set_up(c).await)
            .map_err(|e| match e {
                StoreError::Backend { source, .. } => {
                    errors::unreachable(format!("cannot reach {who}: {source}"))
                }
                other => other,
            })?;
        tracing::info!(database = %store.name, "the store is on PostgreSQL");
        Ok(store)
    }

    /// Where the database is, without the password: for logs and errors.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many calls to the server this store has made so far (each one round trip once
    /// its statement is prepared): what a test counts to show that a command's round trips
    /// do not grow with the data.
    pub fn calls(&self) -> usize {
        self.calls.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Runs `work` with a pooled connection, on this thread, and waits for it
    /// ([`connection::call`]: at most [`connection::CALL_TIMEOUT`]).
    fn with_client<T>(
        &self,
        work: impl AsyncFnOnce(&mut Db) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        call(async {
            let mut conn = self.pool.get().await.map_err(errors::pool)?;
            conn.run(work).await
        })
    }

    /// One row's document and revision, by a query with one parameter.
    fn one_doc<T, P>(
        &self,
        sql: &'static str,
        key: P,
        what: &'static str,
    ) -> Result<Option<Stored<T>>, StoreError>
    where
        T: for<'de> serde::Deserialize<'de> + Send + 'static,
        P: tokio_postgres::types::ToSql + Sync + Send + 'static,
    {
        self.with_client(async move |c| {
            let Some(row) = c
                .query_opt(&prepared(c, sql).await?, &[&key])
                .await
                .map_err(backend)?
            else {
                return Ok(None);
            };
            let rev: i64 = row.try_get(0).map_err(backend)?;
            let doc: String = row.try_get(1).map_err(backend)?;
            Ok(Some(Stored::new(
                decode(what, doc.as_bytes())?,
                version(rev),
            )))
        })
    }

    /// Every row's document and revision of a query.
    fn many_docs<T, P>(
        &self,
        sql: &'static str,
        params: Vec<P>,
        what: &'static str,
    ) -> Result<Vec<Stored<T>>, StoreError>
    where
        T: for<'de> serde::Deserialize<'de> + Send + 'static,
        P: tokio_postgres::types::ToSql + Sync + Send + 'static,
    {
        self.with_client(async move |c| {
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                params.iter().map(|p| p as _).collect();
            let rows = c
                .query(&prepared(c, sql).await?, &refs)
                .await
                .map_err(backend)?;
            rows.iter()
                .map(|row| {
                    let rev: i64 = row.try_get(0).map_err(backend)?;
                    let doc: String = row.try_get(1).map_err(backend)?;
                    Ok(Stored::new(decode(what, doc.as_bytes())?, version(rev)))
                })
                .collect()
        })
    }

    /// Pairs of (time, game) from a deadline query.
    fn deadlines(
        &self,
        sql: &'static str,
        now: Option<i64>,
    ) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.with_client(async move |c| {
            let rows = match now {
                Some(now) => c.query(&prepared(c, sql).await?, &[&now]).await,
                None => c.query(&prepared(c, sql).await?, &[]).await,
            }
            .map_err(backend)?;
            rows.iter()
                .map(|row| {
                    let at: i64 = row.try_get(0).map_err(backend)?;
                    let id: i64 = row.try_get(1).map_err(backend)?;
                    Ok((Timestamp(at), id_of(id)?))
                })
                .collect()
        })
    }
}

impl Store for PgStore {
    fn game(&self, id: u64) -> Result<Option<Stored<GameDoc>>, StoreError> {
        let Some(key) = lookup_id(id) else {
            return Ok(None);
        };
        self.with_client(async move |c| {
            let Some(row) = c
                .query_opt(
                    &prepared(c, "SELECT rev, doc FROM games WHERE id = $1").await?,
                    &[&key],
                )
                .await
                .map_err(backend)?
            else {
                return Ok(None);
            };
            let rev: i64 = row.try_get(0).map_err(backend)?;
            let doc: String = row.try_get(1).map_err(backend)?;
            let doc = skald_store::damaged::decode_game(id, doc.as_bytes())?;
            Ok(Some(Stored::new(doc, version(rev))))
        })
    }

    /// One statement (one round trip, one snapshot): the game's row, and each seated
    /// player's user row by the game's player index (the index is written with the game,
    /// so it names the same players). A user document that does not decode is left out:
    /// reading that user alone reports it, as before.
    fn game_and_players(&self, id: u64) -> Result<GameAndPlayers, StoreError> {
        let Some(key) = lookup_id(id) else {
            return Ok(GameAndPlayers {
                game: None,
                players: Vec::new(),
            });
        };
        self.with_client(async move |c| {
            let rows = c
                .query(
                    &prepared(
                        c,
                        r#"SELECT CAST(NULL AS text) COLLATE "C", rev, doc FROM games WHERE id = $1
                        UNION ALL
                        SELECT p.user_key, u.rev, u.doc FROM game_players p
                        LEFT JOIN LATERAL (SELECT rev, doc FROM users WHERE key = p.user_key OFFSET 0) u
                        ON true WHERE p.game = $1"#,
                    )
                    .await?,
                    &[&key],
                )
                .await
                .map_err(backend)?;
            let mut read = GameAndPlayers {
                game: None,
                players: Vec::new(),
            };
            for row in &rows {
                let user: Option<String> = row.try_get(0).map_err(backend)?;
                let rev: Option<i64> = row.try_get(1).map_err(backend)?;
                let doc: Option<String> = row.try_get(2).map_err(backend)?;
                match (user, rev, doc) {
                    (None, Some(rev), Some(doc)) => {
                        let doc = skald_store::damaged::decode_game(id, doc.as_bytes())?;
                        read.game = Some(Stored::new(doc, version(rev)));
                    }
                    (Some(key), rev, doc) => {
                        let Some(user) = UserId::from_key(&key) else {
                            continue;
                        };
                        let stored = match (rev, doc) {
                            (Some(rev), Some(doc)) => match decode("user", doc.as_bytes()) {
                                Ok(doc) => Some(Stored::new(doc, version(rev))),
                                Err(_) => continue,
                            },
                            _ => None,
                        };
                        read.players.push((user, stored));
                    }
                    _ => return Err(corrupt("game", "a row without its revision or document")),
                }
            }
            Ok(read)
        })
    }

    fn challenge(&self, id: u64) -> Result<Option<Stored<Challenge>>, StoreError> {
        let Some(key) = lookup_id(id) else {
            return Ok(None);
        };
        self.one_doc(
            "SELECT rev, doc FROM challenges WHERE id = $1",
            key,
            "challenge",
        )
    }

    fn tournament(&self, id: u64) -> Result<Option<Stored<TournamentDoc>>, StoreError> {
        let Some(key) = lookup_id(id) else {
            return Ok(None);
        };
        self.one_doc(
            "SELECT rev, doc FROM tournaments WHERE id = $1",
            key,
            "tournament",
        )
    }

    fn tournaments(&self) -> Result<Vec<Stored<TournamentDoc>>, StoreError> {
        self.many_docs(
            "SELECT rev, doc FROM tournaments ORDER BY id",
            Vec::<String>::new(),
            "tournament",
        )
    }

    fn puzzle_room(
        &self,
        community: &CommunityId,
    ) -> Result<Option<Stored<PuzzleRoom>>, StoreError> {
        self.one_doc(
            "SELECT rev, doc FROM puzzle_rooms WHERE community = $1",
            community.0.clone(),
            "puzzle room",
        )
    }

    fn puzzle_rooms(&self) -> Result<Vec<Stored<PuzzleRoom>>, StoreError> {
        self.many_docs(
            "SELECT rev, doc FROM puzzle_rooms ORDER BY community",
            Vec::<String>::new(),
            "puzzle room",
        )
    }

    /// By the partial index `puzzle_rooms_next_post` (layout 4).
    fn daily_puzzles_due(
        &self,
        until: Timestamp,
    ) -> Result<Vec<(Timestamp, CommunityId)>, StoreError> {
        self.with_client(async move |c| {
            let rows = c
                .query(
                    &prepared(
                        c,
                        "SELECT next_post, community FROM puzzle_rooms WHERE next_post <= $1
                         ORDER BY next_post, community",
                    )
                    .await?,
                    &[&until.0],
                )
                .await
                .map_err(backend)?;
            rows.iter()
                .map(|row| {
                    let at: i64 = row.try_get(0).map_err(backend)?;
                    let community: String = row.try_get(1).map_err(backend)?;
                    Ok((Timestamp(at), CommunityId(community)))
                })
                .collect()
        })
    }

    fn next_daily_puzzle(&self) -> Result<Option<Timestamp>, StoreError> {
        self.with_client(async |c| {
            let row = c
                .query_opt(
                    &prepared(
                        c,
                        "SELECT next_post FROM puzzle_rooms WHERE next_post IS NOT NULL
                         ORDER BY next_post LIMIT 1",
                    )
                    .await?,
                    &[],
                )
                .await
                .map_err(backend)?;
            row.map(|r| r.try_get::<_, i64>(0).map(Timestamp).map_err(backend))
                .transpose()
        })
    }

    fn challenges(&self) -> Result<Vec<Stored<Challenge>>, StoreError> {
        self.many_docs(
            "SELECT rev, doc FROM challenges ORDER BY id",
            Vec::<String>::new(),
            "challenge",
        )
    }

    fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError> {
        self.one_doc(
            "SELECT rev, doc FROM users WHERE key = $1",
            id.key(),
            "user",
        )
    }

    fn user_by_link_code(&self, code: &str) -> Result<Option<Stored<UserDoc>>, StoreError> {
        Ok(self
            .many_docs(
                "SELECT rev, doc FROM users WHERE link_code = $1 ORDER BY key",
                vec![code.to_string()],
                "user",
            )?
            .into_iter()
            .next())
    }

    fn users_named(&self, name: &str) -> Result<Vec<UserDoc>, StoreError> {
        Ok(self
            .many_docs::<UserDoc, _>(
                "SELECT rev, doc FROM users WHERE name_folded = $1 ORDER BY key",
                vec![name.to_ascii_lowercase()],
                "user",
            )?
            .into_iter()
            .map(|s| s.doc)
            .collect())
    }

    fn digests_due(&self, until: Timestamp) -> Result<Vec<Stored<UserDoc>>, StoreError> {
        self.many_docs(
            "SELECT rev, doc FROM users WHERE digest_next <= $1 ORDER BY digest_next, key",
            vec![until.0],
            "user",
        )
    }

    fn next_digest(&self) -> Result<Option<Timestamp>, StoreError> {
        self.with_client(async |c| {
            let row = c
                .query_opt(
                    &prepared(
                        c,
                        "SELECT digest_next FROM users WHERE digest_next IS NOT NULL
                         ORDER BY digest_next LIMIT 1",
                    )
                    .await?,
                    &[],
                )
                .await
                .map_err(backend)?;
            row.map(|r| r.try_get::<_, i64>(0).map(Timestamp).map_err(backend))
                .transpose()
        })
    }

    fn tournament_starts(&self, until: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.deadlines(
            "SELECT starts, id FROM tournaments WHERE starts <= $1 ORDER BY starts, id",
            Some(until.0),
        )
    }

    fn next_tournament_start(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        Ok(self
            .deadlines(
                "SELECT starts, id FROM tournaments WHERE starts IS NOT NULL
                 ORDER BY starts, id LIMIT 1",
                None,
            )?
            .into_iter()
            .next())
    }

    fn channel_games(
        &self,
        user: &UserId,
        channel: &ChannelId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        let (key, channel) = (user.key(), channel.0.clone());
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(async move |c| {
            let sql = if active {
                "SELECT game FROM game_channels WHERE user_key = $1 AND channel = $2 AND active
                 ORDER BY game LIMIT $3"
            } else {
                "SELECT game FROM game_channels WHERE user_key = $1 AND channel = $2
                 AND NOT active ORDER BY game DESC LIMIT $3"
            };
            let rows = c
                .query(&prepared(c, sql).await?, &[&key, &channel, &limit])
                .await
                .map_err(backend)?;
            rows.iter()
                .map(|row| id_of(row.try_get(0).map_err(backend)?))
                .collect()
        })
    }

    fn user_games(&self, user: &UserId) -> Result<Vec<(u64, bool)>, StoreError> {
        let key = user.key();
        self.with_client(async move |c| {
            let rows = c
                .query(
                    &prepared(
                        c,
                        "SELECT game, active FROM game_players WHERE user_key = $1 ORDER BY game",
                    )
                    .await?,
                    &[&key],
                )
                .await
                .map_err(backend)?;
            rows.iter()
                .map(|row| {
                    let id: i64 = row.try_get(0).map_err(backend)?;
                    Ok((id_of(id)?, row.try_get(1).map_err(backend)?))
                })
                .collect()
        })
    }

    fn read_standing(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<Stored<Standing>>, StoreError> {
        let (community, rule_set, user) =
            (community.0.clone(), rule_set.id().to_string(), user.key());
        self.with_client(async move |c| {
            let Some(row) = c
                .query_opt(
                    &prepared(
                        c,
                        "SELECT rev, doc FROM ratings
                     WHERE community = $1 AND rule_set = $2 AND user_key = $3",
                    )
                    .await?,
                    &[&community, &rule_set, &user],
                )
                .await
                .map_err(backend)?
            else {
                return Ok(None);
            };
            let rev: i64 = row.try_get(0).map_err(backend)?;
            let doc: String = row.try_get(1).map_err(backend)?;
            Ok(Some(Stored::new(
                decode("rating", doc.as_bytes())?,
                version(rev),
            )))
        })
    }

    fn ladder(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        let (community, rule_set) = (community.0.clone(), rule_set.id().to_string());
        self.with_client(async move |c| {
            let rows = c
                .query(
                    &prepared(
                        c,
                        "SELECT user_key, doc FROM ratings
                     WHERE community = $1 AND rule_set = $2 ORDER BY user_key",
                    )
                    .await?,
                    &[&community, &rule_set],
                )
                .await
                .map_err(backend)?;
            rows.iter()
                .map(|row| {
                    let key: String = row.try_get(0).map_err(backend)?;
                    let doc: String = row.try_get(1).map_err(backend)?;
                    let user = UserId::from_key(&key)
                        .ok_or_else(|| corrupt("rating key", "not a user"))?;
                    Ok((user, decode("rating", doc.as_bytes())?))
                })
                .collect()
        })
    }

    fn next_deadline(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        Ok(self
            .deadlines(
                "SELECT wake, id FROM games WHERE wake IS NOT NULL ORDER BY wake, id LIMIT 1",
                None,
            )?
            .into_iter()
            .next())
    }

    fn due(&self, now: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.deadlines(
            "SELECT wake, id FROM games WHERE wake <= $1 ORDER BY wake, id",
            Some(now.0),
        )
    }

    fn game_count(&self) -> usize {
        let counted = self.with_client(async |c| {
            let row = c
                .query_one(&prepared(c, "SELECT count(*) FROM games").await?, &[])
                .await
                .map_err(backend)?;
            row.try_get::<_, i64>(0).map_err(backend)
        });
        match counted {
            Ok(n) => usize::try_from(n).unwrap_or(0),
            Err(e) => {
                tracing::warn!(error = %e, "cannot count the games");
                0
            }
        }
    }

    fn meta_time(&self, name: &str) -> Result<Option<Timestamp>, StoreError> {
        let name = name.to_string();
        self.with_client(async move |c| {
            let row = c
                .query_opt(
                    &prepared(c, "SELECT at FROM meta_times WHERE name = $1").await?,
                    &[&name],
                )
                .await
                .map_err(backend)?;
            row.map(|r| r.try_get::<_, i64>(0).map(Timestamp).map_err(backend))
                .transpose()
        })
    }

    fn set_meta_time(&self, name: &str, at: Timestamp) -> Result<(), StoreError> {
        let name = name.to_string();
        self.with_client(async move |c| {
            c.execute(
                &prepared(
                    c,
                    "INSERT INTO meta_times (name, at) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at",
                )
                .await?,
                &[&name, &at.0],
            )
            .await
            .map_err(backend)?;
            Ok(())
        })
    }

    fn handled_message(&self, id: &str) -> Result<Option<Handled>, StoreError> {
        let id = id.to_string();
        self.with_client(async move |c| {
            let row = c
                .query_opt(
                    &prepared(c, "SELECT doc FROM handled_messages WHERE id = $1").await?,
                    &[&id],
                )
                .await
                .map_err(backend)?;
            match row {
                None => Ok(None),
                Some(r) => {
                    let doc: String = r.try_get(0).map_err(backend)?;
                    Ok(Some(decode("handled message", doc.as_bytes())?))
                }
            }
        })
    }

    fn record_handled_message(&self, id: &str, handled: &Handled) -> Result<(), StoreError> {
        let (id, at) = (id.to_string(), handled.at.0);
        let doc = text("handled message", handled)?;
        self.with_client(async move |c| {
            c.execute(
                &prepared(
                    c,
                    "INSERT INTO handled_messages (id, doc, at) VALUES ($1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, at = EXCLUDED.at",
                )
                .await?,
                &[&id, &doc, &at],
            )
            .await
            .map_err(backend)?;
            Ok(())
        })
    }

    fn prune_handled_messages(&self, before: Timestamp) -> Result<usize, StoreError> {
        self.with_client(async move |c| {
            let n = c
                .execute(
                    &prepared(c, "DELETE FROM handled_messages WHERE at < $1").await?,
                    &[&before.0],
                )
                .await
                .map_err(backend)?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn schema(&self) -> Result<Option<u32>, StoreError> {
        self.with_client(async |c| {
            let row = c
                .query_opt(
                    &prepared(c, "SELECT value FROM skald_meta WHERE name = 'schema'").await?,
                    &[],
                )
                .await
                .map_err(backend)?;
            row.map(|r| {
                let v: i64 = r.try_get(0).map_err(backend)?;
                u32::try_from(v).map_err(|e| corrupt("schema version", e))
            })
            .transpose()
        })
    }

    fn allocate_id(&self) -> Result<u64, StoreError> {
        self.with_client(async |c| {
            let row = c
                .query_one(&prepared(c, "SELECT nextval('skald_ids')").await?, &[])
                .await
                .map_err(backend)?;
            id_of(row.try_get(0).map_err(backend)?)
        })
    }

    fn commit(&self, commit: Commit) -> Result<Vec<Stored<GameDoc>>, CommitError> {
        let plan = commit::Plan::of(commit)?;
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // A connection left mid-transaction (the call timed out) is closed, not pooled
        // again ([`connection::Conn::run`]): the server rolls back what it had not committed.
        call(async {
            let mut conn = self.pool.get().await.map_err(errors::pool)?;
            Ok(conn.run(async |c| plan.apply(c).await).await)
        })?
    }

    /// Nothing to do: every commit was durable when it returned.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn export(&self, out: &mut dyn Write) -> Result<usize, StoreError> {
        let rows = self.with_client(async |c| transfer::read_all(c).await)?;
        transfer::write_export(&rows, out)
    }

    fn import(&self, input: &mut dyn BufRead) -> Result<usize, StoreError> {
        let rows = transfer::read_export(input)?;
        let count = rows.lines;
        self.with_client(async move |c| transfer::insert_all(c, rows).await)?;
        Ok(count)
    }

    fn raw_dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        self.with_client(async |c| transfer::raw_dump(c).await)
    }

    /// One row per claimed work, timed by the database server's clock (the one clock
    /// every process shares): taken when free, expired or already the holder's.
    fn claim(&self, work: &str, holder: &str, ttl: Duration) -> Result<bool, StoreError> {
        let (work, holder) = (work.to_string(), holder.to_string());
        let ms = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
        self.with_client(async move |c| {
            let row = c
                .query_opt(
                    &prepared(c, "INSERT INTO leases (work, holder, until)
                     VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
                     ON CONFLICT (work) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
                     WHERE leases.until < clock_timestamp() OR leases.holder = EXCLUDED.holder
                     RETURNING holder").await?,
                    &[&work, &holder, &(ms as f64)],
                )
                .await
                .map_err(backend)?;
            Ok(row.is_some())
        })
    }

    /// `FOR UPDATE SKIP LOCKED`: posters of one platform in several processes never take
    /// the same notice while its claim runs.
    fn outbox_take(
        &self,
        platforms: &[&str],
        holder: &str,
        ttl: Duration,
        limit: usize,
    ) -> Result<Vec<(u64, OutboxEntry)>, StoreError> {
        let platforms: Vec<String> = platforms.iter().map(|p| p.to_string()).collect();
        let holder = holder.to_string();
        let ms = ttl.as_millis() as f64;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(async move |c| {
            let rows = c
                .query(
                    &prepared(
                        c,
                        "UPDATE outbox SET claimed_by = $2,
                        claimed_until = clock_timestamp() + $3 * interval '1 millisecond'
                     WHERE id IN (
                        SELECT id FROM outbox
                        WHERE platform = ANY($1)
                          AND (claimed_until IS NULL OR claimed_until < clock_timestamp()
                               OR claimed_by = $2)
                        ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
                     RETURNING id, platform, body",
                    )
                    .await?,
                    &[&platforms, &holder, &ms, &limit],
                )
                .await
                .map_err(backend)?;
            let mut out = rows
                .iter()
                .map(|r| {
                    let id: i64 = r.try_get(0).map_err(backend)?;
                    Ok((
                        id_of(id)?,
                        OutboxEntry {
                            platform: r.try_get(1).map_err(backend)?,
                            body: r.try_get(2).map_err(backend)?,
                        },
                    ))
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            out.sort_by_key(|(id, _)| *id);
            Ok(out)
        })
    }

    fn outbox_done(&self, ids: &[u64]) -> Result<(), StoreError> {
        let ids = ids
            .iter()
            .map(|id| sql_id(*id))
            .collect::<Result<Vec<i64>, _>>()?;
        self.with_client(async move |c| {
            c.execute(
                &prepared(c, "DELETE FROM outbox WHERE id = ANY($1)").await?,
                &[&ids],
            )
            .await
            .map_err(backend)?;
            Ok(())
        })
    }

    fn release(&self, work: &str, holder: &str) -> Result<(), StoreError> {
        let (work, holder) = (work.to_string(), holder.to_string());
        self.with_client(async move |c| {
            c.execute(
                &prepared(c, "DELETE FROM leases WHERE work = $1 AND holder = $2").await?,
                &[&work, &holder],
            )
            .await
            .map_err(backend)?;
            Ok(())
        })
    }
}

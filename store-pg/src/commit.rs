//! One [`Commit`] as one database transaction: every replaced row must still have the
//! revision the command read (`UPDATE ... WHERE rev = $read`, `INSERT ... ON CONFLICT DO
//! NOTHING` for "must not exist yet", `DELETE ... WHERE rev = $read`); a row that did not
//! match rolls the whole transaction back and the answer is [`CommitError::Conflict`], as a
//! race lost to another process's transaction (serialization failure, deadlock) is. The
//! indexes (a game's players, its wake-up time, a user's name, link code and digest flag)
//! are written from the documents in the same transaction.
//!
//! Under PostgreSQL's default READ COMMITTED isolation an `UPDATE` whose `WHERE` names the
//! revision waits for a concurrent writer of the row and re-checks the condition on the row
//! it committed, so two commits over the same read cannot both apply.

use crate::errors::{backend, in_commit, is_race};
use crate::{rev_of, sql_id, text};
use deadpool_postgres::Transaction;
use skald_session::game::GameDoc;
use skald_session::store::{Commit, CommitError, StoreError, Stored, Version, corrupt};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;

/// A game row to write.
struct GameRow {
    doc: GameDoc,
    read: Option<i64>,
    id: i64,
    rev: i64,
    text: String,
    wake: Option<i64>,
    players: Vec<(String, bool)>,
}

/// A user row to write.
struct UserRow {
    key: String,
    read: Option<i64>,
    text: String,
    name_folded: String,
    link_code: Option<String>,
    digest: bool,
}

/// A rating row to write (or remove, `text` `None`).
struct RatingRow {
    community: String,
    rule_set: String,
    user: String,
    read: Option<i64>,
    text: Option<String>,
}

/// A commit encoded and checked before the transaction starts (nothing left to fail in it
/// but the database).
pub struct Plan {
    games: Vec<GameRow>,
    new_challenges: Vec<(i64, String)>,
    removed_challenges: Vec<(i64, Option<i64>)>,
    users: Vec<UserRow>,
    ratings: Vec<RatingRow>,
    outbox: Vec<(String, Vec<u8>)>,
    /// Tournaments: id, revision read (`None`: new), new revision, document.
    tournaments: Vec<(i64, Option<i64>, i64, String)>,
    /// The commit read a document from another backend (its version is not a revision):
    /// it cannot match anything here.
    foreign: bool,
}

/// The revision a read document carries, noting a foreign one.
fn read_rev<T>(read: Option<&Stored<T>>, foreign: &mut bool) -> Option<i64> {
    let v: &Version = read?.version();
    let rev = rev_of(v);
    if rev.is_none() {
        *foreign = true;
    }
    rev
}

impl Plan {
    /// Encodes `commit`'s documents and index columns.
    pub fn of(commit: Commit) -> Result<Plan, CommitError> {
        let mut foreign = false;
        let mut games = Vec::new();
        for (before, after) in commit.games {
            let mut doc = after;
            doc.version = before.as_ref().map_or(1, |o| o.doc.version + 1);
            let read = read_rev(before.as_ref(), &mut foreign);
            let active = doc.end.is_none();
            let mut players: Vec<(String, bool)> =
                doc.players.iter().map(|p| (p.id.key(), active)).collect();
            players.dedup();
            games.push(GameRow {
                read,
                id: sql_id(doc.id)?,
                rev: i64::try_from(doc.version)
                    .map_err(|e| CommitError::Store(corrupt("game version", e)))?,
                text: text("game", &doc)?,
                wake: doc.wake().map(|t| t.0),
                players,
                doc,
            });
        }
        let new_challenges = commit
            .new_challenges
            .iter()
            .map(|c| Ok((sql_id(c.id)?, text("challenge", c)?)))
            .collect::<Result<_, StoreError>>()?;
        let removed_challenges = commit
            .removed_challenges
            .iter()
            .map(|c| Ok((sql_id(c.doc.id)?, read_rev(Some(c), &mut foreign))))
            .collect::<Result<_, StoreError>>()?;
        let mut users = Vec::new();
        for (before, after) in &commit.users {
            users.push(UserRow {
                key: after.user.id.key(),
                read: read_rev(before.as_ref(), &mut foreign),
                text: text("user", after)?,
                name_folded: after.user.name.to_ascii_lowercase(),
                link_code: after.link_code.as_ref().map(|c| c.code.clone()),
                digest: after.digest.is_some(),
            });
        }
        let mut ratings = Vec::new();
        for r in &commit.removed_standings {
            ratings.push(RatingRow {
                community: r.community.0.clone(),
                rule_set: r.rule_set.id().to_string(),
                user: r.user.key(),
                read: read_rev(Some(&r.read), &mut foreign),
                text: None,
            });
        }
        for w in &commit.standings {
            ratings.push(RatingRow {
                community: w.community.0.clone(),
                rule_set: w.rule_set.id().to_string(),
                user: w.user.key(),
                read: read_rev(w.read.as_ref(), &mut foreign),
                text: Some(text("rating", &w.standing)?),
            });
        }
        let mut tournaments = Vec::new();
        for (before, after) in &commit.tournaments {
            let mut doc = after.clone();
            doc.version = before.as_ref().map_or(1, |b| b.doc.version + 1);
            let rev = i64::try_from(doc.version)
                .map_err(|e| CommitError::Store(corrupt("tournament version", e)))?;
            tournaments.push((
                sql_id(doc.id)?,
                read_rev(before.as_ref(), &mut foreign),
                rev,
                text("tournament", &doc)?,
            ));
        }
        let outbox = commit
            .outbox
            .into_iter()
            .map(|e| (e.platform, e.body))
            .collect();
        Ok(Plan {
            games,
            new_challenges,
            removed_challenges,
            users,
            ratings,
            outbox,
            tournaments,
            foreign,
        })
    }

    /// Runs the transaction: the games as written, or why not.
    pub async fn apply(
        self,
        client: &mut deadpool_postgres::ClientWrapper,
    ) -> Result<Vec<GameDoc>, CommitError> {
        if self.foreign {
            return Err(CommitError::Conflict);
        }
        let tx = client.transaction().await.map_err(in_commit)?;
        match self.write(&tx).await {
            Ok(games) => {
                // A failure here is ambiguous (the server may have committed before the
                // connection broke), unless the server said why it refused.
                tx.commit().await.map_err(|e| {
                    if e.code().is_some() {
                        in_commit(e)
                    } else {
                        CommitError::Store(StoreError::Unconfirmed(
                            crate::errors::backend(e).to_string(),
                        ))
                    }
                })?;
                Ok(games)
            }
            Err(e) => {
                // Dropping the transaction rolls it back; said explicitly so the connection
                // goes back to the pool clean.
                let _ = tx.rollback().await;
                Err(e)
            }
        }
    }

    /// Writes every row. The statements are prepared first (each connection keeps its
    /// prepared statements, so after its first commits this costs nothing), then sent
    /// together, without waiting for each answer (tokio-postgres pipelines the requests of
    /// futures polled together, in the order they are first polled), so a move's writes
    /// cost one round trip, not one each. The row counts are checked once all have
    /// answered: a replaced row that did not match, or a race the server reported
    /// (serialization failure, deadlock), makes the commit a conflict; any other failure is
    /// reported by its cause, not by the "transaction is aborted" errors of the statements
    /// after it. The caller rolls back on any error.
    async fn write(self, tx: &Transaction<'_>) -> Result<Vec<GameDoc>, CommitError> {
        let mut batch: Vec<(&'static str, Params<'_>, Expect)> = Vec::new();
        for g in &self.games {
            match &g.read {
                None => batch.push((
                    "INSERT INTO games (id, rev, doc, wake) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (id) DO NOTHING",
                    vec![&g.id, &g.rev, &g.text, &g.wake],
                    Expect::One,
                )),
                Some(read) => batch.push((
                    "UPDATE games SET rev = $2, doc = $3, wake = $4 WHERE id = $1 AND rev = $5",
                    vec![&g.id, &g.rev, &g.text, &g.wake, read],
                    Expect::One,
                )),
            }
            batch.push((
                "DELETE FROM game_players WHERE game = $1",
                vec![&g.id],
                Expect::Any,
            ));
            for (user, active) in &g.players {
                batch.push((
                    "INSERT INTO game_players (user_key, game, active) VALUES ($1, $2, $3)
                     ON CONFLICT (user_key, game) DO UPDATE SET active = EXCLUDED.active",
                    vec![user, &g.id, active],
                    Expect::Any,
                ));
            }
        }
        for (id, text) in &self.new_challenges {
            batch.push((
                "INSERT INTO challenges (id, rev, doc) VALUES ($1, 1, $2)
                 ON CONFLICT (id) DO NOTHING",
                vec![id, text],
                Expect::One,
            ));
        }
        for (id, read) in &self.removed_challenges {
            batch.push((
                "DELETE FROM challenges WHERE id = $1 AND rev = $2",
                vec![id, read],
                Expect::One,
            ));
        }
        for u in &self.users {
            batch.push(match &u.read {
                None => (
                    "INSERT INTO users (key, rev, doc, name_folded, link_code, digest)
                     VALUES ($1, 1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
                    vec![&u.key, &u.text, &u.name_folded, &u.link_code, &u.digest],
                    Expect::One,
                ),
                Some(read) => (
                    "UPDATE users SET rev = rev + 1, doc = $2, name_folded = $3,
                     link_code = $4, digest = $5 WHERE key = $1 AND rev = $6",
                    vec![
                        &u.key,
                        &u.text,
                        &u.name_folded,
                        &u.link_code,
                        &u.digest,
                        read,
                    ],
                    Expect::One,
                ),
            });
        }
        for r in &self.ratings {
            batch.push(match (&r.text, &r.read) {
                (None, read) => (
                    "DELETE FROM ratings WHERE community = $1 AND rule_set = $2
                     AND user_key = $3 AND rev = $4",
                    vec![&r.community, &r.rule_set, &r.user, read],
                    Expect::One,
                ),
                (Some(text), None) => (
                    "INSERT INTO ratings (community, rule_set, user_key, rev, doc)
                     VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING",
                    vec![&r.community, &r.rule_set, &r.user, text],
                    Expect::One,
                ),
                (Some(text), Some(read)) => (
                    "UPDATE ratings SET rev = rev + 1, doc = $4 WHERE community = $1
                     AND rule_set = $2 AND user_key = $3 AND rev = $5",
                    vec![&r.community, &r.rule_set, &r.user, text, read],
                    Expect::One,
                ),
            });
        }
        for (platform, body) in &self.outbox {
            batch.push((
                "INSERT INTO outbox (platform, body) VALUES ($1, $2)",
                vec![platform, body],
                Expect::Any,
            ));
        }
        for (id, read, rev, text) in &self.tournaments {
            batch.push(match read {
                None => (
                    "INSERT INTO tournaments (id, rev, doc) VALUES ($1, $2, $3)
                     ON CONFLICT (id) DO NOTHING",
                    vec![id, rev, text],
                    Expect::One,
                ),
                Some(read) => (
                    "UPDATE tournaments SET rev = $2, doc = $3 WHERE id = $1 AND rev = $4",
                    vec![id, rev, text, read],
                    Expect::One,
                ),
            });
        }
        // Prepared first, so each statement's execute is its future's first request: they
        // reach the server in the batch's order.
        let prepared =
            futures_util::future::join_all(batch.iter().map(|(sql, _, _)| tx.prepare_cached(sql)))
                .await
                .into_iter()
                .collect::<Result<Vec<_>, _>>()
                .map_err(in_commit)?;
        let answers = futures_util::future::join_all(
            batch
                .iter()
                .zip(&prepared)
                .map(|((_, params, _), statement)| tx.execute(statement, params)),
        )
        .await;
        let mut conflict = false;
        let mut failure: Option<tokio_postgres::Error> = None;
        for (answer, (_, _, expect)) in answers.into_iter().zip(&batch) {
            match answer {
                Ok(n) => conflict |= *expect == Expect::One && n != 1,
                Err(e) if is_race(&e) => conflict = true,
                Err(e) => {
                    // The first failure that is not only "the transaction is aborted".
                    let aborted = |e: &tokio_postgres::Error| {
                        e.code() == Some(&SqlState::IN_FAILED_SQL_TRANSACTION)
                    };
                    if failure.as_ref().is_none_or(|f| aborted(f) && !aborted(&e)) {
                        failure = Some(e);
                    }
                }
            }
        }
        if conflict {
            return Err(CommitError::Conflict);
        }
        if let Some(e) = failure {
            return Err(in_commit(e));
        }
        // Rare (an id chosen outside the sequence): one at a time, after the rows.
        for g in &self.games {
            if g.read.is_none() {
                use_id(tx, g.id).await?;
            }
        }
        for (id, _) in &self.new_challenges {
            use_id(tx, *id).await?;
        }
        for (id, read, ..) in &self.tournaments {
            if read.is_none() {
                use_id(tx, *id).await?;
            }
        }
        Ok(self.games.into_iter().map(|g| g.doc).collect())
    }
}

/// A statement's parameters.
type Params<'a> = Vec<&'a (dyn ToSql + Sync)>;

/// How many rows a statement of the batch must change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Exactly one: it replaces (or creates) a document read at a revision.
    One,
    /// Any number: an index row.
    Any,
}

/// Runs one statement of the transaction and says how many rows it changed. The statement
/// is prepared on the connection's first use of it and kept with the pooled connection
/// (deadpool's statement cache): one round trip to the server instead of two (prepare,
/// then bind and execute).
async fn run<'a>(
    tx: &'a Transaction<'_>,
    sql: &'static str,
    params: Vec<&'a (dyn ToSql + Sync)>,
) -> Result<u64, CommitError> {
    let statement = tx.prepare_cached(sql).await.map_err(in_commit)?;
    tx.execute(&statement, &params).await.map_err(in_commit)
}
/// Moves the id sequence past `id` when a commit writes a number the sequence has not
/// handed out (an id chosen outside [`skald_session::store::Store::allocate_id`]): ids
/// from the sequence are below its position already, so this touches it only then.
async fn use_id(tx: &Transaction<'_>, id: i64) -> Result<(), CommitError> {
    let row = tx
        .query_one("SELECT last_value, is_called FROM skald_ids", &[])
        .await
        .map_err(in_commit)?;
    let last: i64 = row.try_get(0).map_err(|e| CommitError::Store(backend(e)))?;
    let called: bool = row.try_get(1).map_err(|e| CommitError::Store(backend(e)))?;
    let next = if called { last + 1 } else { last };
    if id >= next {
        run(tx, "SELECT setval('skald_ids', $1, true)", vec![&id]).await?;
    }
    Ok(())
}

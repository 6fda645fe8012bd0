//! One [`Commit`] as one database transaction, sent in one round trip
//! ([`crate::pipeline`]): every replaced row must still have the revision the command read
//! (`UPDATE ... WHERE rev = $read`, `INSERT ... ON CONFLICT DO NOTHING` for "must not exist
//! yet", `DELETE ... WHERE rev = $read`), each wrapped so that it raises an error unless it
//! changed its one row ([`one_row!`]); a row that did not match aborts the whole transaction
//! and the answer is [`CommitError::Conflict`], as a race lost to another process's
//! transaction (serialization failure, deadlock) is. The indexes (a game's players, its
//! wake-up time, a user's name, link code and digest flag, a tournament's start, a
//! community's next daily puzzle) are written from the documents in the same transaction.
//!
//! Under PostgreSQL's default READ COMMITTED isolation an `UPDATE` whose `WHERE` names the
//! revision waits for a concurrent writer of the row and re-checks the condition on the row
//! it committed, so two commits over the same read cannot both apply.

use crate::connection::Db;
use crate::errors::in_commit;
use crate::pipeline::{self, Params, one_row};
use crate::{rev_of, sql_id, text, version};
use skald_model::game::GameDoc;
use skald_store::{Commit, CommitError, StoreError, Stored, Version, corrupt};
use tokio_postgres::Statement;

/// A game row to write.
struct GameRow {
    doc: GameDoc,
    read: Option<i64>,
    id: i64,
    rev: i64,
    text: String,
    wake: Option<i64>,
    players: Vec<(String, bool)>,
    /// Its players in each home channel (`game_channels`'s rows, active as `players`).
    channels: Vec<(String, String)>,
    /// How the game's player index rows (and channel index rows) change.
    index: PlayerIndex,
}

/// What a game's write does to its rows in `game_players`. Most writes are a move, which
/// changes neither who plays nor whether the game is still being played: rewriting the rows
/// then cost a quarter of the move's time on the server (and left dead index entries that
/// slowed every read of the game's players until a vacuum).
#[derive(Debug, PartialEq)]
enum PlayerIndex {
    /// The rows already say this (the document read names the same players, as active or
    /// not as this one): nothing to write. The compare-and-swap on the game's revision
    /// makes sure the rows are the read document's.
    Kept,
    /// The same players, the game now ended (or live again): one `UPDATE`.
    Activity,
    /// A new game, or other players: the rows are written anew.
    Rewritten,
}

/// A game's player index rows: each seated user once, with whether the game is on.
fn index_rows(doc: &GameDoc) -> Vec<(String, bool)> {
    let active = doc.end.is_none();
    let mut players: Vec<(String, bool)> =
        doc.players.iter().map(|p| (p.id.key(), active)).collect();
    players.dedup();
    players
}

/// How the index rows go from the document read (`None`: a new game) to `after` (its
/// player rows and its channel rows: other players or other homes rewrite both).
fn index_change(
    before: Option<&GameDoc>,
    after: &[(String, bool)],
    channels: &[(String, String)],
) -> PlayerIndex {
    let Some(before_doc) = before else {
        return PlayerIndex::Rewritten;
    };
    let before = index_rows(before_doc);
    let same_players =
        before.len() == after.len() && before.iter().zip(after).all(|((a, _), (b, _))| a == b);
    if !same_players || skald_store::index::game_channels(before_doc) != channels {
        PlayerIndex::Rewritten
    } else if before == after {
        PlayerIndex::Kept
    } else {
        PlayerIndex::Activity
    }
}

/// A user row to write.
struct UserRow {
    key: String,
    read: Option<i64>,
    text: String,
    name_folded: String,
    link_code: Option<String>,
    digest: bool,
    /// When the next digest is due ([`skald_store::index::digest_next`]).
    digest_next: Option<i64>,
}

/// A rating row to write (or remove, `text` `None`).
struct RatingRow {
    community: String,
    rule_set: String,
    user: String,
    read: Option<i64>,
    text: Option<String>,
}

/// A tournament row to write: id, revision read (`None`: new), new revision, document,
/// start time.
type TournamentRow = (i64, Option<i64>, i64, String, Option<i64>);

/// A community's puzzle document to write: community, revision read (`None`: new), new
/// revision, document, next daily post.
type PuzzleRoomRow = (String, Option<i64>, i64, String, Option<i64>);

/// A commit encoded and checked before the transaction starts (nothing left to fail in it
/// but the database).
pub struct Plan {
    games: Vec<GameRow>,
    new_challenges: Vec<(i64, String)>,
    removed_challenges: Vec<(i64, Option<i64>)>,
    users: Vec<UserRow>,
    ratings: Vec<RatingRow>,
    outbox: Vec<(String, Vec<u8>)>,
    /// Tournaments: id, revision read (`None`: new), new revision, document, start time
    /// ([`skald_store::index::tournament_start`]).
    tournaments: Vec<TournamentRow>,
    /// Communities' puzzle documents: community, revision read (`None`: new), new
    /// revision, document, next daily post ([`skald_store::index::daily_puzzle_next`]).
    puzzle_rooms: Vec<PuzzleRoomRow>,
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
            let players = index_rows(&doc);
            let channels = skald_store::index::game_channels(&doc);
            let index = index_change(before.as_ref().map(|b| &b.doc), &players, &channels);
            games.push(GameRow {
                read,
                id: sql_id(doc.id)?,
                rev: i64::try_from(doc.version)
                    .map_err(|e| CommitError::Store(corrupt("game version", e)))?,
                text: text("game", &doc)?,
                wake: doc.wake().map(|t| t.0),
                players,
                channels,
                index,
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
                digest_next: skald_store::index::digest_next(after).map(|t| t.0),
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
                skald_store::index::tournament_start(&doc).map(|t| t.0),
            ));
        }
        let mut puzzle_rooms = Vec::new();
        for (before, after) in &commit.puzzle_rooms {
            let mut doc = after.clone();
            doc.version = before.as_ref().map_or(1, |b| b.doc.version + 1);
            let rev = i64::try_from(doc.version)
                .map_err(|e| CommitError::Store(corrupt("puzzle room version", e)))?;
            puzzle_rooms.push((
                doc.community.0.clone(),
                read_rev(before.as_ref(), &mut foreign),
                rev,
                text("puzzle room", &doc)?,
                skald_store::index::daily_puzzle_next(&doc).map(|t| t.0),
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
            puzzle_rooms,
            foreign,
        })
    }

    /// Runs the transaction: the games as written, with their new revisions, or why not.
    /// The statements are prepared first (each connection keeps its prepared statements, so
    /// after its first commits this costs nothing), then `BEGIN`, the statements and
    /// `COMMIT` go to the server together, in one round trip ([`pipeline::transaction`]):
    /// each compare-and-swap is a statement that raises an error unless it changed its one
    /// row ([`one_row!`]), which aborts the transaction, and is told apart from other
    /// failures as a conflict.
    pub async fn apply(self, client: &Db) -> Result<Vec<Stored<GameDoc>>, CommitError> {
        if self.foreign {
            return Err(CommitError::Conflict);
        }
        {
            let batch = self.statements();
            // Prepared first, so each statement's execute is its future's first request:
            // they reach the server in the batch's order.
            let prepared =
                futures_util::future::join_all(batch.iter().map(|(sql, _)| client.prepared(sql)))
                    .await
                    .into_iter()
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(in_commit)?;
            let writes: Vec<(Statement, Params<'_>)> = prepared
                .into_iter()
                .zip(batch)
                .map(|(statement, (_, params))| (statement, params))
                .collect();
            pipeline::transaction(client, &writes).await?;
        }
        Ok(self
            .games
            .into_iter()
            .map(|g| Stored::new(g.doc, version(g.rev)))
            .collect())
    }

    /// Every statement of the transaction, in order, with its parameters: the documents
    /// (each replaced one checked against the revision read), their index rows, the
    /// outbox, and last the id sequence moved past a number chosen outside it.
    fn statements(&self) -> Vec<(&'static str, Params<'_>)> {
        let mut batch: Vec<(&'static str, Params<'_>)> = Vec::new();
        for g in &self.games {
            match &g.read {
                None => batch.push((
                    one_row!(
                        "INSERT INTO games (id, rev, doc, wake) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (id) DO NOTHING"
                    ),
                    vec![&g.id, &g.rev, &g.text, &g.wake],
                )),
                Some(read) => batch.push((
                    one_row!(
                        "UPDATE games SET rev = $2, doc = $3, wake = $4 WHERE id = $1 AND rev = $5"
                    ),
                    vec![&g.id, &g.rev, &g.text, &g.wake, read],
                )),
            }
            match (&g.index, g.players.first()) {
                (PlayerIndex::Kept, _) | (PlayerIndex::Activity, None) => {}
                (PlayerIndex::Activity, Some((_, active))) => {
                    batch.push((
                        "UPDATE game_players SET active = $2 WHERE game = $1",
                        vec![&g.id, active],
                    ));
                    batch.push((
                        "UPDATE game_channels SET active = $2 WHERE game = $1",
                        vec![&g.id, active],
                    ));
                }
                (PlayerIndex::Rewritten, first) => {
                    if g.read.is_some() {
                        batch.push(("DELETE FROM game_players WHERE game = $1", vec![&g.id]));
                        batch.push(("DELETE FROM game_channels WHERE game = $1", vec![&g.id]));
                    }
                    if let Some((_, active)) = first {
                        for (user, channel) in &g.channels {
                            batch.push((
                                "INSERT INTO game_channels (user_key, channel, game, active)
                                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                                vec![user, channel, &g.id, active],
                            ));
                        }
                    }
                    for (user, active) in &g.players {
                        batch.push((
                            "INSERT INTO game_players (user_key, game, active) VALUES ($1, $2, $3)
                             ON CONFLICT (user_key, game) DO UPDATE SET active = EXCLUDED.active",
                            vec![user, &g.id, active],
                        ));
                    }
                }
            }
        }
        for (id, text) in &self.new_challenges {
            batch.push((
                one_row!(
                    "INSERT INTO challenges (id, rev, doc) VALUES ($1, 1, $2)
                     ON CONFLICT (id) DO NOTHING"
                ),
                vec![id, text],
            ));
        }
        for (id, read) in &self.removed_challenges {
            batch.push((
                one_row!("DELETE FROM challenges WHERE id = $1 AND rev = $2"),
                vec![id, read],
            ));
        }
        for u in &self.users {
            batch.push(match &u.read {
                None => (
                    one_row!(
                        "INSERT INTO users (key, rev, doc, name_folded, link_code, digest, digest_next)
                         VALUES ($1, 1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING"
                    ),
                    vec![
                        &u.key,
                        &u.text,
                        &u.name_folded,
                        &u.link_code,
                        &u.digest,
                        &u.digest_next,
                    ],
                ),
                Some(read) => (
                    one_row!(
                        "UPDATE users SET rev = rev + 1, doc = $2, name_folded = $3,
                         link_code = $4, digest = $5, digest_next = $7 WHERE key = $1 AND rev = $6"
                    ),
                    vec![
                        &u.key,
                        &u.text,
                        &u.name_folded,
                        &u.link_code,
                        &u.digest,
                        read,
                        &u.digest_next,
                    ],
                ),
            });
        }
        for r in &self.ratings {
            batch.push(match (&r.text, &r.read) {
                (None, read) => (
                    one_row!(
                        "DELETE FROM ratings WHERE community = $1 AND rule_set = $2
                         AND user_key = $3 AND rev = $4"
                    ),
                    vec![&r.community, &r.rule_set, &r.user, read],
                ),
                (Some(text), None) => (
                    one_row!(
                        "INSERT INTO ratings (community, rule_set, user_key, rev, doc)
                         VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING"
                    ),
                    vec![&r.community, &r.rule_set, &r.user, text],
                ),
                (Some(text), Some(read)) => (
                    one_row!(
                        "UPDATE ratings SET rev = rev + 1, doc = $4 WHERE community = $1
                         AND rule_set = $2 AND user_key = $3 AND rev = $5"
                    ),
                    vec![&r.community, &r.rule_set, &r.user, text, read],
                ),
            });
        }
        for (platform, body) in &self.outbox {
            batch.push((
                "INSERT INTO outbox (platform, body) VALUES ($1, $2)",
                vec![platform, body],
            ));
        }
        for (id, read, rev, text, starts) in &self.tournaments {
            batch.push(match read {
                None => (
                    one_row!(
                        "INSERT INTO tournaments (id, rev, doc, starts) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (id) DO NOTHING"
                    ),
                    vec![id, rev, text, starts],
                ),
                Some(read) => (
                    one_row!(
                        "UPDATE tournaments SET rev = $2, doc = $3, starts = $5
                         WHERE id = $1 AND rev = $4"
                    ),
                    vec![id, rev, text, read, starts],
                ),
            });
        }
        for (community, read, rev, text, next_post) in &self.puzzle_rooms {
            batch.push(match read {
                None => (
                    one_row!(
                        "INSERT INTO puzzle_rooms (community, rev, doc, next_post)
                         VALUES ($1, $2, $3, $4) ON CONFLICT (community) DO NOTHING"
                    ),
                    vec![community, rev, text, next_post],
                ),
                Some(read) => (
                    one_row!(
                        "UPDATE puzzle_rooms SET rev = $2, doc = $3, next_post = $5
                         WHERE community = $1 AND rev = $4"
                    ),
                    vec![community, rev, text, read, next_post],
                ),
            });
        }
        // Last, so it runs only when every row above was written: a new game, challenge or
        // tournament whose number the sequence has not handed out (one chosen outside
        // [`skald_store::Store::allocate_id`]) moves the sequence past it. Ids
        // from the sequence are below its position already, so it is moved only then.
        let new_ids = self
            .games
            .iter()
            .filter(|g| g.read.is_none())
            .map(|g| &g.id)
            .chain(self.new_challenges.iter().map(|(id, _)| id))
            .chain(
                self.tournaments
                    .iter()
                    .filter(|t| t.1.is_none())
                    .map(|(id, ..)| id),
            );
        for id in new_ids {
            batch.push((
                "SELECT setval('skald_ids', $1, true) FROM skald_ids
                 WHERE $1 >= last_value + CASE WHEN is_called THEN 1 ELSE 0 END",
                vec![id],
            ));
        }
        batch
    }
}

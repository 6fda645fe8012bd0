//! The whole database at once: `skald export` (the same JSON lines, in the same order, as
//! the sled store writes, so a store moved between backends exports the same bytes),
//! `skald import` into an empty database (every line checked before anything is written,
//! then one transaction), and the raw dump tests compare.

use crate::errors::backend;
use crate::{id_of, sql_id, text};
use skald_model::identity::{CommunityId, UserId};
use skald_model::user::UserDoc;
use skald_rules::RuleSetId;
use skald_store::{
    ExportLine, RawEntry, StoreError, corrupt, decode, export_header, read_export_lines,
    write_export_line,
};
use std::io::{BufRead, Write};
use tokio_postgres::Client;

/// Every stored document, as text, in export order.
pub struct Rows {
    next_id: u64,
    users: Vec<String>,
    challenges: Vec<String>,
    games: Vec<(i64, String)>,
    ratings: Vec<(String, String, String, String)>,
    tournaments: Vec<String>,
    puzzle_rooms: Vec<String>,
}

/// The sequence's next number.
async fn next_id(c: &Client) -> Result<u64, StoreError> {
    let row = c
        .query_one("SELECT last_value, is_called FROM skald_ids", &[])
        .await
        .map_err(backend)?;
    let last: i64 = row.try_get(0).map_err(backend)?;
    let called: bool = row.try_get(1).map_err(backend)?;
    id_of(if called { last + 1 } else { last })
}

/// Reads every document in one snapshot (a repeatable-read, read-only transaction, so an
/// export taken while the bot runs is consistent).
pub async fn read_all(c: &Client) -> Result<Rows, StoreError> {
    c.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .await
        .map_err(backend)?;
    let read = async {
        let texts = |rows: Vec<tokio_postgres::Row>| -> Result<Vec<String>, StoreError> {
            rows.iter().map(|r| r.try_get(0).map_err(backend)).collect()
        };
        let next_id = next_id(c).await?;
        let users = texts(
            c.query("SELECT doc FROM users ORDER BY key", &[])
                .await
                .map_err(backend)?,
        )?;
        let challenges = texts(
            c.query("SELECT doc FROM challenges ORDER BY id", &[])
                .await
                .map_err(backend)?,
        )?;
        let games = c
            .query("SELECT id, doc FROM games ORDER BY id", &[])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| {
                Ok((
                    r.try_get(0).map_err(backend)?,
                    r.try_get(1).map_err(backend)?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let ratings = c
            .query(
                "SELECT community, rule_set, user_key, doc FROM ratings
                 ORDER BY community, rule_set, user_key",
                &[],
            )
            .await
            .map_err(backend)?
            .iter()
            .map(|r| {
                Ok((
                    r.try_get(0).map_err(backend)?,
                    r.try_get(1).map_err(backend)?,
                    r.try_get(2).map_err(backend)?,
                    r.try_get(3).map_err(backend)?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let tournaments = texts(
            c.query("SELECT doc FROM tournaments ORDER BY id", &[])
                .await
                .map_err(backend)?,
        )?;
        let puzzle_rooms = texts(
            c.query("SELECT doc FROM puzzle_rooms ORDER BY community", &[])
                .await
                .map_err(backend)?,
        )?;
        Ok(Rows {
            next_id,
            users,
            challenges,
            games,
            ratings,
            tournaments,
            puzzle_rooms,
        })
    }
    .await;
    let _ = c.batch_execute("COMMIT").await;
    read
}

/// Writes the export lines for `rows`: header, next id, users, challenges, games, ratings,
/// tournaments, communities' puzzle documents.
pub fn write_export(rows: &Rows, out: &mut dyn Write) -> Result<usize, StoreError> {
    let mut lines = 0;
    let mut put = |line: &ExportLine| -> Result<(), StoreError> {
        write_export_line(&mut *out, line)?;
        lines += 1;
        Ok(())
    };
    put(&export_header())?;
    put(&ExportLine::NextId(rows.next_id))?;
    for u in &rows.users {
        put(&ExportLine::User(decode("user", u.as_bytes())?))?;
    }
    for c in &rows.challenges {
        put(&ExportLine::Challenge(decode("challenge", c.as_bytes())?))?;
    }
    for (id, raw) in &rows.games {
        let id = id_of(*id)?;
        // A damaged game is exported as it is, for the admin to inspect and repair.
        match skald_store::damaged::decode_game(id, raw.as_bytes()) {
            Ok(g) => put(&ExportLine::Game(Box::new(g)))?,
            Err(e) => put(&ExportLine::UnreadableGame {
                id,
                reason: e.to_string(),
                raw: raw.clone(),
            })?,
        }
    }
    for (community, rule_set, user, doc) in &rows.ratings {
        let rule_set: RuleSetId = rule_set.parse().map_err(|e| corrupt("rating key", e))?;
        let user = UserId::from_key(user).ok_or_else(|| corrupt("rating key", "not a user"))?;
        put(&ExportLine::Rating {
            community: CommunityId(community.clone()),
            rule_set,
            user,
            standing: decode("rating", doc.as_bytes())?,
        })?;
    }
    for t in &rows.tournaments {
        put(&ExportLine::Tournament(Box::new(decode(
            "tournament",
            t.as_bytes(),
        )?)))?;
    }
    for r in &rows.puzzle_rooms {
        put(&ExportLine::PuzzleRoom(Box::new(decode(
            "puzzle room",
            r.as_bytes(),
        )?)))?;
    }
    out.flush()?;
    Ok(lines)
}

/// A user's row: key, document, folded name, link code, digest flag.
type UserRow = (String, String, String, Option<String>, bool);

/// A game's row: id, revision, document, wake time, and its players (key, active).
type GameRow = (i64, i64, String, Option<i64>, Vec<(String, bool)>);

/// What an import writes, every line read and checked.
pub struct Import {
    next_id: Option<i64>,
    users: Vec<UserRow>,
    challenges: Vec<(i64, String)>,
    games: Vec<GameRow>,
    ratings: Vec<(String, String, String, String)>,
    /// Tournaments: id, revision (the document's version), document.
    tournaments: Vec<(i64, i64, String)>,
    /// Communities' puzzle documents: community, revision (the document's version),
    /// document (their next daily post is filled from it with the other indexes).
    puzzle_rooms: Vec<(String, i64, String)>,
    /// How many lines were read.
    pub lines: usize,
}

/// Reads an export file, refusing it (with the line) at the first line it cannot use.
pub fn read_export(input: &mut dyn BufRead) -> Result<Import, StoreError> {
    let mut import = Import {
        next_id: None,
        users: Vec::new(),
        challenges: Vec::new(),
        games: Vec::new(),
        ratings: Vec::new(),
        tournaments: Vec::new(),
        puzzle_rooms: Vec::new(),
        lines: 0,
    };
    for (n, item) in read_export_lines(input)? {
        match item {
            ExportLine::Header { .. } | ExportLine::UnreadableGame { .. } => {}
            ExportLine::NextId(id) => import.next_id = Some(sql_id(id)?),
            ExportLine::User(u) => import.users.push(user_row(&u)?),
            ExportLine::Challenge(c) => import
                .challenges
                .push((sql_id(c.id)?, text("challenge", &c)?)),
            ExportLine::Tournament(t) => {
                let rev = i64::try_from(t.version).map_err(|e| StoreError::Import {
                    line: n,
                    reason: format!("version: {e}"),
                })?;
                import
                    .tournaments
                    .push((sql_id(t.id)?, rev, text("tournament", &t)?));
            }
            ExportLine::PuzzleRoom(r) => {
                let rev = i64::try_from(r.version).map_err(|e| StoreError::Import {
                    line: n,
                    reason: format!("version: {e}"),
                })?;
                import
                    .puzzle_rooms
                    .push((r.community.0.clone(), rev, text("puzzle room", &r)?));
            }
            ExportLine::Game(g) => {
                let active = g.end.is_none();
                let mut players: Vec<(String, bool)> =
                    g.players.iter().map(|p| (p.id.key(), active)).collect();
                players.dedup();
                let rev = i64::try_from(g.version).map_err(|e| StoreError::Import {
                    line: n,
                    reason: format!("version: {e}"),
                })?;
                import.games.push((
                    sql_id(g.id)?,
                    rev,
                    text("game", &g)?,
                    g.wake().map(|t| t.0),
                    players,
                ));
            }
            ExportLine::Rating {
                community,
                rule_set,
                user,
                standing,
            } => import.ratings.push((
                community.0,
                rule_set.id().to_string(),
                user.key(),
                text("rating", &standing)?,
            )),
        }
        import.lines += 1;
    }
    // The header counts as a line read.
    import.lines += 1;
    Ok(import)
}

/// A user's row.
fn user_row(u: &UserDoc) -> Result<UserRow, StoreError> {
    Ok((
        u.user.id.key(),
        text("user", u)?,
        u.user.name.to_ascii_lowercase(),
        u.link_code.as_ref().map(|c| c.code.clone()),
        u.digest.is_some(),
    ))
}

/// Writes an import in one transaction, into an empty database.
pub async fn insert_all(c: &mut Client, rows: Import) -> Result<(), StoreError> {
    let tx = c.transaction().await.map_err(backend)?;
    let row = tx
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM users)
             OR EXISTS (SELECT 1 FROM challenges) OR EXISTS (SELECT 1 FROM tournaments)
             OR EXISTS (SELECT 1 FROM puzzle_rooms)",
            &[],
        )
        .await
        .map_err(backend)?;
    if row.try_get::<_, bool>(0).map_err(backend)? {
        return Err(StoreError::Import {
            line: 0,
            reason: "the database is not empty; import into a new database".into(),
        });
    }
    for (key, doc, name, code, digest) in &rows.users {
        tx.execute(
            "INSERT INTO users (key, rev, doc, name_folded, link_code, digest)
             VALUES ($1, 1, $2, $3, $4, $5)",
            &[key, doc, name, code, digest],
        )
        .await
        .map_err(backend)?;
    }
    for (id, doc) in &rows.challenges {
        tx.execute(
            "INSERT INTO challenges (id, rev, doc) VALUES ($1, 1, $2)",
            &[id, doc],
        )
        .await
        .map_err(backend)?;
    }
    let mut highest = 0;
    for (id, rev, doc, wake, players) in &rows.games {
        highest = highest.max(*id);
        tx.execute(
            "INSERT INTO games (id, rev, doc, wake) VALUES ($1, $2, $3, $4)",
            &[id, rev, doc, wake],
        )
        .await
        .map_err(backend)?;
        for (user, active) in players {
            tx.execute(
                "INSERT INTO game_players (user_key, game, active) VALUES ($1, $2, $3)
                 ON CONFLICT (user_key, game) DO UPDATE SET active = EXCLUDED.active",
                &[user, id, active],
            )
            .await
            .map_err(backend)?;
        }
    }
    for (community, rule_set, user, doc) in &rows.ratings {
        tx.execute(
            "INSERT INTO ratings (community, rule_set, user_key, rev, doc) VALUES ($1, $2, $3, 1, $4)",
            &[community, rule_set, user, doc],
        )
        .await
        .map_err(backend)?;
    }
    for (id, rev, doc) in &rows.tournaments {
        highest = highest.max(*id);
        tx.execute(
            "INSERT INTO tournaments (id, rev, doc) VALUES ($1, $2, $3)",
            &[id, rev, doc],
        )
        .await
        .map_err(backend)?;
    }
    for (community, rev, doc) in &rows.puzzle_rooms {
        tx.execute(
            "INSERT INTO puzzle_rooms (community, rev, doc) VALUES ($1, $2, $3)",
            &[community, rev, doc],
        )
        .await
        .map_err(backend)?;
    }
    for (id, _) in &rows.challenges {
        highest = highest.max(*id);
    }
    // The next number is the file's, and never one already stored.
    let next = rows.next_id.unwrap_or(1).max(highest + 1).max(1);
    tx.execute("SELECT setval('skald_ids', $1, false)", &[&next])
        .await
        .map_err(backend)?;
    // The background work's indexes, from the documents just written.
    crate::schema::fill_indexes(&tx).await?;
    tx.commit().await.map_err(backend)?;
    Ok(())
}

/// Every row of every table, as (table, key, value) text bytes in a stable order.
pub async fn raw_dump(c: &Client) -> Result<Vec<RawEntry>, StoreError> {
    const TABLES: [(&str, &str); 10] = [
        (
            "games",
            "SELECT id::text, rev::text || ' ' || doc || ' ' || coalesce(wake::text, '-') FROM games ORDER BY id",
        ),
        (
            "game_players",
            "SELECT user_key || ' ' || game::text, active::text FROM game_players ORDER BY user_key, game",
        ),
        (
            "game_channels",
            "SELECT user_key || ' ' || channel || ' ' || game::text, active::text FROM game_channels ORDER BY user_key, channel, game",
        ),
        (
            "challenges",
            "SELECT id::text, rev::text || ' ' || doc FROM challenges ORDER BY id",
        ),
        (
            "users",
            "SELECT key, rev::text || ' ' || doc || ' ' || coalesce(digest_next::text, '-') FROM users ORDER BY key",
        ),
        (
            "ratings",
            "SELECT community || ' ' || rule_set || ' ' || user_key, rev::text || ' ' || doc FROM ratings ORDER BY community, rule_set, user_key",
        ),
        (
            "handled_messages",
            "SELECT id, doc FROM handled_messages ORDER BY id",
        ),
        (
            "meta_times",
            "SELECT name, at::text FROM meta_times ORDER BY name",
        ),
        (
            "tournaments",
            "SELECT id::text, rev::text || ' ' || doc || ' ' || coalesce(starts::text, '-') FROM tournaments ORDER BY id",
        ),
        (
            "puzzle_rooms",
            "SELECT community, rev::text || ' ' || doc || ' ' || coalesce(next_post::text, '-') FROM puzzle_rooms ORDER BY community",
        ),
    ];
    let mut out = Vec::new();
    for (table, sql) in TABLES {
        for row in c.query(sql, &[]).await.map_err(backend)? {
            let key: String = row.try_get(0).map_err(backend)?;
            let value: String = row.try_get(1).map_err(backend)?;
            out.push((table, key.into_bytes(), value.into_bytes()));
        }
    }
    Ok(out)
}

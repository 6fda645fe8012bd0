//! The tables, and how a database is brought up to this release's layout.
//!
//! Each document is stored as its JSON text (the same JSON as sled's and the export's), with
//! a row revision for compare-and-swap and, beside it, the columns the indexes need (a
//! game's next wake-up time, a user's folded name, link code and digest flag): computed
//! from the document by the store in the same transaction that writes it, so they cannot
//! drift from it. Keys are text in the "C" collation, so every listing comes out in the
//! byte order sled keeps and an export from either store is the same file.
//!
//! The layout has its own version (`skald_meta.layout`), upgraded step by step by
//! [`LAYOUTS`], inside one transaction holding an advisory lock, so two processes starting
//! at once on an empty database do not both create it. The documents' schema
//! ([`SCHEMA_VERSION`]) is kept beside it, as in sled.

use crate::errors::backend;
use skald_store::{SCHEMA_VERSION, StoreError};

/// The advisory lock held while the layout is checked and upgraded.
const SETUP_LOCK: i64 = 0x5ca1_d000;

/// The layout steps, oldest first: step `i` turns layout `i` into layout `i + 1`.
pub const LAYOUTS: &[&str] = &[
    // Layout 1: the documents, their indexes and the id sequence.
    r#"
    CREATE TABLE games (
        id bigint PRIMARY KEY,
        rev bigint NOT NULL,
        doc text NOT NULL,
        wake bigint
    );
    CREATE INDEX games_wake ON games (wake, id) WHERE wake IS NOT NULL;
    CREATE TABLE game_players (
        user_key text COLLATE "C" NOT NULL,
        game bigint NOT NULL,
        active boolean NOT NULL,
        PRIMARY KEY (user_key, game)
    );
    CREATE INDEX game_players_game ON game_players (game);
    CREATE TABLE challenges (
        id bigint PRIMARY KEY,
        rev bigint NOT NULL,
        doc text NOT NULL
    );
    CREATE TABLE users (
        key text COLLATE "C" PRIMARY KEY,
        rev bigint NOT NULL,
        doc text NOT NULL,
        name_folded text NOT NULL,
        link_code text,
        digest boolean NOT NULL
    );
    CREATE INDEX users_name ON users (name_folded);
    CREATE INDEX users_link_code ON users (link_code) WHERE link_code IS NOT NULL;
    CREATE INDEX users_digest ON users (key) WHERE digest;
    CREATE TABLE ratings (
        community text COLLATE "C" NOT NULL,
        rule_set text COLLATE "C" NOT NULL,
        user_key text COLLATE "C" NOT NULL,
        rev bigint NOT NULL,
        doc text NOT NULL,
        PRIMARY KEY (community, rule_set, user_key)
    );
    CREATE TABLE handled_messages (
        id text COLLATE "C" PRIMARY KEY,
        doc text NOT NULL,
        at bigint NOT NULL
    );
    CREATE TABLE meta_times (
        name text COLLATE "C" PRIMARY KEY,
        at bigint NOT NULL
    );
    CREATE SEQUENCE skald_ids START 1 MINVALUE 1;
    CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        platform text COLLATE "C" NOT NULL,
        body bytea NOT NULL,
        claimed_by text,
        claimed_until timestamptz
    );
    CREATE INDEX outbox_platform ON outbox (platform, id);
    CREATE TABLE leases (
        work text COLLATE "C" PRIMARY KEY,
        holder text NOT NULL,
        until timestamptz NOT NULL
    );
    "#,
    // Layout 2: tournaments (issue #22), written with compare-and-swap like the games.
    r#"
    CREATE TABLE tournaments (
        id bigint PRIMARY KEY,
        rev bigint NOT NULL,
        doc text NOT NULL
    );
    "#,
    // Layout 3: the background work's indexes (issue #37, item 8): an open tournament's
    // start time, a user's next digest, a game's players by home channel, and handled
    // messages by time (for pruning). Filled from the documents by [`fill_indexes`].
    r#"
    ALTER TABLE tournaments ADD COLUMN starts bigint;
    CREATE INDEX tournaments_starts ON tournaments (starts, id) WHERE starts IS NOT NULL;
    ALTER TABLE users ADD COLUMN digest_next bigint;
    CREATE INDEX users_digest_next ON users (digest_next, key) WHERE digest_next IS NOT NULL;
    CREATE TABLE game_channels (
        user_key text COLLATE "C" NOT NULL,
        channel text COLLATE "C" NOT NULL,
        game bigint NOT NULL,
        active boolean NOT NULL,
        PRIMARY KEY (user_key, channel, game)
    );
    CREATE INDEX game_channels_game ON game_channels (game);
    -- A player's active games in a channel, and their last finished ones, read without
    -- stepping over the rest (thousands of finished games, for a long-time player).
    CREATE INDEX game_channels_activity ON game_channels (user_key, channel, active, game);
    CREATE INDEX handled_messages_at ON handled_messages (at);
    "#,
    // Layout 4: communities' puzzle documents (issue #35), one per community, written with
    // compare-and-swap like the tournaments, with their next daily post indexed (filled by
    // [`fill_indexes`]; a database upgraded to it has none yet).
    r#"
    CREATE TABLE puzzle_rooms (
        community text COLLATE "C" PRIMARY KEY,
        rev bigint NOT NULL,
        doc text NOT NULL,
        next_post bigint
    );
    CREATE INDEX puzzle_rooms_next_post ON puzzle_rooms (next_post, community)
        WHERE next_post IS NOT NULL;
    "#,
];

/// The first layout with the indexes [`fill_indexes`] fills.
const INDEXED_LAYOUT: i64 = 3;

/// Fills the indexes of layouts 3 and 4 from the documents (an upgraded database, an
/// import): the same entries a commit of each document writes ([`skald_store::index`]),
/// each table in one statement. A game that does not decode is left out of the channel index, as it is
/// out of every listing. Returns how many entries.
pub async fn fill_indexes(tx: &tokio_postgres::Transaction<'_>) -> Result<usize, StoreError> {
    use skald_store::{decode, index};
    let mut filled = 0;
    let (mut keys, mut nexts) = (Vec::<String>::new(), Vec::<i64>::new());
    for row in tx
        .query("SELECT doc FROM users WHERE digest", &[])
        .await
        .map_err(backend)?
    {
        let doc: String = row.try_get(0).map_err(backend)?;
        let user: skald_model::user::UserDoc = decode("user", doc.as_bytes())?;
        if let Some(at) = index::digest_next(&user) {
            keys.push(user.user.id.key());
            nexts.push(at.0);
        }
    }
    filled += keys.len();
    tx.execute(
        "UPDATE users SET digest_next = v.next
         FROM UNNEST($1::text[], $2::bigint[]) AS v(key, next) WHERE users.key = v.key",
        &[&keys, &nexts],
    )
    .await
    .map_err(backend)?;
    let (mut ids, mut starts) = (Vec::<i64>::new(), Vec::<i64>::new());
    for row in tx
        .query("SELECT id, doc FROM tournaments", &[])
        .await
        .map_err(backend)?
    {
        let id: i64 = row.try_get(0).map_err(backend)?;
        let doc: String = row.try_get(1).map_err(backend)?;
        let t: skald_model::tournament::TournamentDoc = decode("tournament", doc.as_bytes())?;
        if let Some(at) = index::tournament_start(&t) {
            ids.push(id);
            starts.push(at.0);
        }
    }
    filled += ids.len();
    tx.execute(
        "UPDATE tournaments SET starts = v.starts
         FROM UNNEST($1::bigint[], $2::bigint[]) AS v(id, starts) WHERE tournaments.id = v.id",
        &[&ids, &starts],
    )
    .await
    .map_err(backend)?;
    let (mut communities, mut nexts) = (Vec::<String>::new(), Vec::<i64>::new());
    for row in tx
        .query("SELECT community, doc FROM puzzle_rooms", &[])
        .await
        .map_err(backend)?
    {
        let community: String = row.try_get(0).map_err(backend)?;
        let doc: String = row.try_get(1).map_err(backend)?;
        let room: skald_model::puzzle::PuzzleRoom = decode("puzzle room", doc.as_bytes())?;
        if let Some(at) = index::daily_puzzle_next(&room) {
            communities.push(community);
            nexts.push(at.0);
        }
    }
    filled += communities.len();
    tx.execute(
        "UPDATE puzzle_rooms SET next_post = v.next
         FROM UNNEST($1::text[], $2::bigint[]) AS v(community, next)
         WHERE puzzle_rooms.community = v.community",
        &[&communities, &nexts],
    )
    .await
    .map_err(backend)?;
    let (mut users, mut channels, mut games, mut active) = (
        Vec::<String>::new(),
        Vec::<String>::new(),
        Vec::<i64>::new(),
        Vec::<bool>::new(),
    );
    for row in tx
        .query("SELECT id, doc FROM games", &[])
        .await
        .map_err(backend)?
    {
        let id: i64 = row.try_get(0).map_err(backend)?;
        let doc: String = row.try_get(1).map_err(backend)?;
        let number = u64::try_from(id).unwrap_or(0);
        let g = match skald_store::damaged::decode_game(number, doc.as_bytes()) {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a damaged game is left out of the channel index");
                continue;
            }
        };
        for (user, channel) in index::game_channels(&g) {
            users.push(user);
            channels.push(channel);
            games.push(id);
            active.push(g.end.is_none());
        }
    }
    filled += users.len();
    tx.execute(
        "INSERT INTO game_channels (user_key, channel, game, active)
         SELECT * FROM UNNEST($1::text[], $2::text[], $3::bigint[], $4::boolean[])
         ON CONFLICT (user_key, channel, game) DO UPDATE SET active = EXCLUDED.active",
        &[&users, &channels, &games, &active],
    )
    .await
    .map_err(backend)?;
    Ok(filled)
}

/// Brings the database to this release's layout and documents' schema, or says why not
/// (a newer release wrote it).
pub async fn set_up(client: &mut tokio_postgres::Client) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(backend)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SETUP_LOCK])
        .await
        .map_err(backend)?;
    tx.batch_execute(
        r#"CREATE TABLE IF NOT EXISTS skald_meta (
            name text COLLATE "C" PRIMARY KEY,
            value bigint NOT NULL
        )"#,
    )
    .await
    .map_err(backend)?;
    let read = |name: &'static str| {
        let tx = &tx;
        async move {
            let row = tx
                .query_opt("SELECT value FROM skald_meta WHERE name = $1", &[&name])
                .await
                .map_err(backend)?;
            row.map(|r| r.try_get::<_, i64>(0).map_err(backend))
                .transpose()
        }
    };
    let layout = read("layout").await?.unwrap_or(0);
    let known = LAYOUTS.len() as i64;
    if layout > known {
        let found = read("schema").await?.unwrap_or(0);
        return Err(StoreError::TooNew {
            found: u32::try_from(found.max(i64::from(SCHEMA_VERSION) + 1)).unwrap_or(u32::MAX),
        });
    }
    for step in LAYOUTS.iter().skip(usize::try_from(layout).unwrap_or(0)) {
        tx.batch_execute(step).await.map_err(backend)?;
    }
    if layout < INDEXED_LAYOUT {
        let filled = fill_indexes(&tx).await?;
        if layout > 0 {
            tracing::info!(
                entries = filled,
                "the database's indexes were built (layout 3)"
            );
        }
    }
    let upsert = "INSERT INTO skald_meta (name, value) VALUES ($1, $2)
                  ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value";
    tx.execute(upsert, &[&"layout", &known])
        .await
        .map_err(backend)?;
    match read("schema").await? {
        None => {
            tx.execute(upsert, &[&"schema", &i64::from(SCHEMA_VERSION)])
                .await
                .map_err(backend)?;
        }
        Some(found) if found > i64::from(SCHEMA_VERSION) => {
            return Err(StoreError::TooNew {
                found: u32::try_from(found).unwrap_or(u32::MAX),
            });
        }
        Some(found) if found < i64::from(SCHEMA_VERSION) => {
            // Schema 1 is the first; a later release adds its document conversions here.
            return Err(StoreError::NoUpgrade(u32::try_from(found).unwrap_or(0)));
        }
        Some(_) => {}
    }
    tx.commit().await.map_err(backend)?;
    Ok(())
}

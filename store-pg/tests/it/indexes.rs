//! The background work's indexes on PostgreSQL (layout 3): the same contract checks the
//! sled store passes, rebuilt by an import, kept across a reopen, and built when a
//! database of the previous layout is opened.

use skald_store::Store;
use skald_store::contract::indexes::{World, assert_indexes, check, check_import, populate};
use skald_store_pg::PgStore;
use skald_store_pg::connection::execute_once;
use skald_store_pg::testkit::{fresh_store, fresh_url};

#[test]
fn the_postgres_store_keeps_the_indexes_contract() {
    check(&fresh_store("indexes"));
}

#[test]
fn an_import_fills_the_indexes() {
    check_import(&fresh_store("idx_from"), &fresh_store("idx_into"));
}

#[test]
fn the_indexes_survive_a_reopen() {
    let url = fresh_url("idx_reopen");
    let world = populate(&PgStore::open(&url).expect("opens"));
    assert_indexes(&PgStore::open(&url).expect("opens again"), &world);
}

#[test]
fn a_database_of_the_previous_layout_gets_its_indexes_when_opened() {
    let url = fresh_url("idx_layout2");
    let mut world: World = populate(&PgStore::open(&url).expect("opens"));
    let record = skald_model::chat_message::Handled {
        by: skald_model::identity::UserId::new("matrix", "alice"),
        outcome: skald_model::chat_message::Outcome::Done,
        at: skald_model::clock::Timestamp(50),
    };
    PgStore::open(&url)
        .expect("opens")
        .record_handled_message("$event", &record)
        .expect("records");
    // What the release of layout 2 had: none of layout 3's columns, table and index, and
    // no puzzle documents (layout 4).
    execute_once(
        &url,
        "ALTER TABLE tournaments DROP COLUMN starts;
         ALTER TABLE users DROP COLUMN digest_next;
         DROP TABLE game_channels;
         DROP INDEX handled_messages_at;
         DROP TABLE puzzle_rooms;
         UPDATE skald_meta SET value = 2 WHERE name = 'layout';",
    )
    .expect("goes back to layout 2");
    world.daily = None;
    let store = PgStore::open(&url).expect("opens the older database");
    assert_indexes(&store, &world);
    assert_eq!(
        store.handled_message("$event").expect("reads"),
        Some(record)
    );
    assert_eq!(
        store
            .prune_handled_messages(skald_model::clock::Timestamp(51))
            .expect("prunes"),
        1
    );
}

#[test]
fn a_database_of_layout_3_gets_the_puzzle_documents_table_when_opened() {
    let url = fresh_url("idx_layout3");
    let mut world: World = populate(&PgStore::open(&url).expect("opens"));
    // What the previous release (layout 3) had: everything but the puzzle documents.
    execute_once(
        &url,
        "DROP TABLE puzzle_rooms;
         UPDATE skald_meta SET value = 3 WHERE name = 'layout';",
    )
    .expect("goes back to layout 3");
    world.daily = None;
    let store = PgStore::open(&url).expect("opens the older database");
    // Its documents and indexes as they were, and no puzzle document yet.
    assert_indexes(&store, &world);
    assert!(store.puzzle_rooms().expect("reads").is_empty());
    // The new table takes documents, with their index, and the layout is marked.
    let room = skald_store::contract::puzzle_rooms::a_room("pz-upgraded", Some(World::DAILY));
    store
        .commit(skald_store::Commit {
            puzzle_rooms: vec![(None, room)],
            ..skald_store::Commit::default()
        })
        .expect("writes a puzzle document");
    world.daily = Some(skald_model::identity::CommunityId("pz-upgraded".into()));
    assert_indexes(&store, &world);
    drop(store);
    let reopened = PgStore::open(&url).expect("opens again");
    assert_indexes(&reopened, &world);
    let latest = skald_store_pg::schema::LAYOUTS.len();
    execute_once(
        &url,
        &format!(
            "DO $$ BEGIN
               IF (SELECT value FROM skald_meta WHERE name = 'layout') <> {latest} THEN
                 RAISE EXCEPTION 'the layout is not marked {latest}';
               END IF;
             END $$;"
        ),
    )
    .expect("the layout is marked as the latest");
}

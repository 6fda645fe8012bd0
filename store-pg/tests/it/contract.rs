//! The store interface's contract (the same checks the sled store passes) on PostgreSQL.

use skald_store_pg::testkit::fresh_store;

#[test]
fn the_postgres_store_keeps_the_contract() {
    skald_store::contract::check(&fresh_store("contract"));
}

#[test]
fn puzzle_documents_round_trip_through_an_export_between_postgres_stores() {
    skald_store::contract::puzzle_rooms::check_round_trip(
        &fresh_store("pz_from"),
        &fresh_store("pz_into"),
    );
}

#[test]
fn puzzle_documents_move_from_sled_to_postgres_and_back_as_the_same_file() {
    let sled = skald_store::SledStore::temporary().expect("temporary store");
    let pg = fresh_store("pz_migrate");
    skald_store::contract::puzzle_rooms::check_round_trip(&sled, &pg);
    let back = skald_store::SledStore::temporary().expect("temporary store");
    skald_store::contract::puzzle_rooms::check_export_reimports(&pg, &back);
}

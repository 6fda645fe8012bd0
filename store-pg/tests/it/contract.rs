//! The store interface's contract (the same checks the sled store passes) on PostgreSQL.

use skald_store_pg::testkit::fresh_store;

#[test]
fn the_postgres_store_keeps_the_contract() {
    skald_store::contract::check(&fresh_store("contract"));
}

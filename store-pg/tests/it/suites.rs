//! The session's secrecy and authorisation suites (`skald_session::suites`), each world on
//! a fresh PostgreSQL schema: what the sled store shows, this store shows too.

use skald_session::store::Store;
use skald_session::suites::{authz, on_store, secrecy};
use skald_store_pg::testkit::fresh_store;
use std::sync::Arc;

fn on_postgres(name: &'static str, suite: impl FnOnce()) {
    on_store(move || Arc::new(fresh_store(name)) as Arc<dyn Store>, suite);
}

/// Fewer games than on sled (each command is a round trip to the server): enough to end
/// games every way the suite checks.
const GAMES: u64 = 100;

#[test]
fn subulata_games_show_no_hidden_value_in_public() {
    on_postgres("secrecy", || {
        secrecy::subulata_games_show_no_hidden_value_in_public(GAMES)
    });
}

#[test]
fn only_the_seated_players_act_on_a_game() {
    on_postgres("authz", authz::only_the_seated_players_act_on_a_game);
}

#[test]
fn subulata_arrangements_are_the_seated_players_own() {
    on_postgres(
        "authz",
        authz::subulata_arrangements_are_the_seated_players_own,
    );
}

#[test]
fn secret_values_typed_in_a_shared_channel_are_refused_whatever_the_spelling() {
    on_postgres(
        "authz",
        authz::secret_values_typed_in_a_shared_channel_are_refused_whatever_the_spelling,
    );
}

#[test]
fn only_the_challenged_user_accepts_and_never_the_challenger() {
    on_postgres(
        "authz",
        authz::only_the_challenged_user_accepts_and_never_the_challenger,
    );
}

#[test]
fn nobody_acts_for_someone_else_through_a_mention() {
    on_postgres(
        "authz",
        authz::nobody_acts_for_someone_else_through_a_mention,
    );
}

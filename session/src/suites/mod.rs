//! Test suites every store backend runs: the session's secrecy and authorisation tests,
//! written once against whatever store [`store`] makes. The session's own tests run them on
//! sled; the PostgreSQL store's tests run them on a fresh database schema each
//! (`store-pg/tests/`), through [`on_store`]. Compiled for tests and with the `testkit`
//! feature only. (The race and hostile-input tests are integration tests in
//! `session/tests/` and take either store directly; the store contract is
//! [`crate::store::contract`].)

pub mod authz;
pub mod secrecy;

use crate::store::{SledStore, Store};
use std::cell::RefCell;
use std::sync::Arc;

/// Makes an empty store for one test world; shared with the threads a suite starts.
type Maker = Arc<dyn Fn() -> Arc<dyn Store> + Send + Sync>;

thread_local! {
    static MAKER: RefCell<Option<Maker>> = const { RefCell::new(None) };
}

/// A new, empty store for a test world: the one [`on_store`] set on this thread, else a
/// temporary sled store.
///
/// # Panics
/// When the store cannot be made (a test's setup failing).
pub fn store() -> Arc<dyn Store> {
    match MAKER.with(|m| m.borrow().clone()) {
        Some(make) => make(),
        None => Arc::new(SledStore::temporary().expect("temporary store")),
    }
}

/// Runs `suite` with every world it opens on a store from `make` (on this thread, and on
/// the threads the suite starts, which carry it over with [`maker`] and [`with_maker`]).
pub fn on_store<R>(
    make: impl Fn() -> Arc<dyn Store> + Send + Sync + 'static,
    suite: impl FnOnce() -> R,
) -> R {
    with_maker(Some(Arc::new(make)), suite)
}

/// This thread's store maker, for a thread the suite starts.
fn maker() -> Option<Maker> {
    MAKER.with(|m| m.borrow().clone())
}

/// Runs `suite` with `maker` as this thread's store maker (`None`: temporary sled stores).
fn with_maker<R>(maker: Option<Maker>, suite: impl FnOnce() -> R) -> R {
    let before = MAKER.with(|m| m.replace(maker));
    let out = suite();
    MAKER.with(|m| *m.borrow_mut() = before);
    out
}

/// The suites on sled, as the session's own tests.
#[cfg(test)]
mod on_sled {
    #[test]
    fn a_thousand_subulata_games_show_no_hidden_value_in_public() {
        super::secrecy::subulata_games_show_no_hidden_value_in_public(super::secrecy::GAMES);
    }

    #[test]
    fn only_the_seated_players_act_on_a_game() {
        super::authz::only_the_seated_players_act_on_a_game();
    }

    #[test]
    fn subulata_arrangements_are_the_seated_players_own() {
        super::authz::subulata_arrangements_are_the_seated_players_own();
    }

    #[test]
    fn secret_values_typed_in_a_shared_channel_are_refused_whatever_the_spelling() {
        super::authz::secret_values_typed_in_a_shared_channel_are_refused_whatever_the_spelling();
    }

    #[test]
    fn only_the_challenged_user_accepts_and_never_the_challenger() {
        super::authz::only_the_challenged_user_accepts_and_never_the_challenger();
    }

    #[test]
    fn nobody_acts_for_someone_else_through_a_mention() {
        super::authz::nobody_acts_for_someone_else_through_a_mention();
    }
}

//! Test support: a [`PgStore`] of its own for each test, on the throwaway server that
//! `scripts/with-postgres` (called by `scripts/test`) starts and names in
//! `SKALD_TEST_POSTGRES`. Each store lives in a fresh schema of that database, so tests run
//! in parallel without seeing each other. Without the variable a test fails, saying how to
//! run it: the PostgreSQL tests never skip.

use crate::PgStore;
use std::sync::atomic::{AtomicU64, Ordering};

/// The variable naming the test server.
pub const SERVER_VAR: &str = "SKALD_TEST_POSTGRES";

/// The test server's URL.
///
/// # Panics
/// When `SKALD_TEST_POSTGRES` is not set: the test must fail, not skip.
pub fn server_url() -> String {
    match std::env::var(SERVER_VAR) {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "{SERVER_VAR} is not set: the PostgreSQL tests need a server. Run them through \
             scripts/test, or `scripts/with-postgres cargo test ...`, which starts a \
             throwaway one (the PostgreSQL 15 binaries are the Debian package postgresql-15)"
        ),
    }
}

/// A new, empty schema on the test server, and the URL that uses it.
///
/// # Panics
/// When the server cannot be reached.
pub fn fresh_url(name: &str) -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let schema = format!(
        "t_{}_{}_{}",
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(20)
            .collect::<String>()
            .to_ascii_lowercase(),
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    );
    let url = server_url();
    let bridge = crate::bridge::Bridge::start().expect("a runtime");
    let create = format!("CREATE SCHEMA {schema}");
    let base = url.clone();
    bridge
        .run(async move {
            let (client, connection) = tokio_postgres::connect(&base, tokio_postgres::NoTls)
                .await
                .map_err(crate::errors::backend)?;
            tokio::spawn(connection);
            client
                .batch_execute(&create)
                .await
                .map_err(crate::errors::backend)
        })
        .expect("the test server answers");
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-csearch_path%3D{schema}")
}

/// A store in a new, empty schema of the test server.
///
/// # Panics
/// When the server cannot be reached.
pub fn fresh_store(name: &str) -> PgStore {
    PgStore::open(&fresh_url(name)).expect("the test store opens")
}

//! What the database's failures become in the store interface: a lost race (serialization
//! failure, deadlock) is a [`CommitError::Conflict`] like any compare-and-swap that failed;
//! everything else is a [`StoreError::Backend`] whose text names the server but never the
//! password (tokio-postgres's errors do not carry the connection string).

use skald_store::{CommitError, StoreError};
use tokio_postgres::error::SqlState;

/// A failure of the database, as the store interface's error, with its causes in the text
/// (tokio-postgres says "error connecting to server" and keeps "Connection refused" as the
/// cause).
pub fn backend(e: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    backend_ref(&e)
}

/// [`backend`] of an error the caller keeps (the answers of a pipelined transaction).
pub fn backend_ref(e: &(dyn std::error::Error + 'static)) -> StoreError {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    StoreError::Backend {
        locked: false,
        source: text.into(),
    }
}

/// The database could not be reached or did not answer (with the reason in words).
pub fn unreachable(reason: String) -> StoreError {
    StoreError::Backend {
        locked: false,
        source: reason.into(),
    }
}

/// Whether the database refused a transaction because another one raced it: it is retried
/// by the session like a lost compare-and-swap, not reported as a failure.
pub fn is_race(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|c| {
        *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED
    })
}

/// A database error inside a commit: a race is a conflict, the rest a failure.
pub fn in_commit(e: tokio_postgres::Error) -> CommitError {
    if is_race(&e) {
        CommitError::Conflict
    } else {
        CommitError::Store(backend(e))
    }
}

/// The pool's errors (no connection to hand out: the server is down or refuses, or every
/// connection stayed busy past the wait).
pub fn pool(e: deadpool::managed::PoolError<StoreError>) -> StoreError {
    match e {
        deadpool::managed::PoolError::Backend(e) => e,
        other => unreachable(format!("no connection to the database: {other}")),
    }
}

//! A transaction in one round trip: `BEGIN`, every statement and `COMMIT` queued on the
//! connection before any answer is awaited (tokio-postgres sends a request when its future
//! is first polled, and the server answers them in order), so a commit costs one trip to
//! the server and its WAL flush, not one trip per statement plus two.
//!
//! Nothing can be decided between the statements, so every check must be the server's: a
//! statement that finds something wrong raises an error (the compare-and-swap statements
//! of [`crate::commit`] do), which aborts the transaction; the statements after it are
//! refused ("the transaction is aborted") and the `COMMIT` becomes a rollback. Whether the
//! transaction applied is then told from the answers:
//!
//! - every statement and the `COMMIT` answered without error: it applied;
//! - a statement the server refused: nothing applied; the cause is the first refusal that is
//!   not only "the transaction is aborted" (a raised compare-and-swap failure, a serialization
//!   failure or a deadlock is a conflict);
//! - a request that could not even be sent (its parameters did not encode, or the
//!   connection was closed already): the transaction is ended with `ROLLBACK` instead;
//! - the connection lost before the `COMMIT`'s answer: the server may or may not have
//!   committed, [`StoreError::Unconfirmed`].
//!
//! A connection whose transaction did not finish (the caller gave up waiting and dropped the
//! future) is closed, not handed back to the pool ([`crate::connection::Conn::run`]): the
//! server rolls back whatever it had not committed.

use crate::errors::{backend, is_race};
use skald_store::{CommitError, StoreError};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Error, Statement};

/// A statement's parameters.
pub type Params<'a> = Vec<&'a (dyn ToSql + Sync)>;

/// What the compare-and-swap statements raise when the row they replace is not the one
/// read: a text, cast to an integer, that cannot be one (`invalid_text_representation`,
/// with this text quoted in the server's message). Kept in a macro so the statements can
/// `concat!` it.
macro_rules! cas_failed {
    () => {
        "skald: compare-and-swap failed"
    };
}
pub(crate) use cas_failed;

/// [`cas_failed!`] as a constant, to recognise the server's error.
pub const CAS_FAILED: &str = cas_failed!();

/// A data-modifying statement (`UPDATE`, `INSERT ... ON CONFLICT DO NOTHING`, `DELETE`)
/// turned into one that raises an error unless it changed exactly one row: the
/// compare-and-swap of a document, checked by the server inside the pipelined transaction.
/// `count(*)` is not known before the statement runs, so the failing cast in the `ELSE` is
/// never folded at planning time.
macro_rules! one_row {
    ($dml:literal) => {
        concat!(
            "WITH w AS (",
            $dml,
            " RETURNING 1) SELECT CASE WHEN count(*) = 1 THEN 1 ELSE ('",
            $crate::pipeline::cas_failed!(),
            ", rows: ' || count(*))::int END FROM w"
        )
    };
}
pub(crate) use one_row;

/// Whether the server reported a compare-and-swap statement's failure ([`one_row!`]).
pub fn is_cas_failure(e: &Error) -> bool {
    e.as_db_error().is_some_and(|db| {
        *db.code() == SqlState::INVALID_TEXT_REPRESENTATION && db.message().contains(CAS_FAILED)
    })
}

/// Runs `writes` (prepared on `client` already) in one transaction, in one round trip:
/// `Ok` when it committed (durably: the connection has `synchronous_commit` on), else why
/// not (see the module's doc).
pub async fn transaction(
    client: &Client,
    writes: &[(Statement, Params<'_>)],
) -> Result<(), CommitError> {
    let mut begin = Queued::new(client.batch_execute("BEGIN"));
    let mut statements: Vec<_> = writes
        .iter()
        .map(|(statement, params)| Queued::new(client.execute(statement, params.as_slice())))
        .collect();
    // Each request is queued on the connection by its future's first poll: in this order.
    std::future::poll_fn(|cx| {
        begin.send(cx);
        for s in &mut statements {
            s.send(cx);
        }
        Poll::Ready(())
    })
    .await;
    let unsent = begin.unsent() || statements.iter().any(Queued::unsent);
    let mut end = Queued::new(client.batch_execute(if unsent { "ROLLBACK" } else { "COMMIT" }));
    std::future::poll_fn(|cx| {
        end.send(cx);
        Poll::Ready(())
    })
    .await;
    // Everything is on its way: the answers, in order.
    let begun = begin.answer().await;
    let mut answers = Vec::with_capacity(statements.len());
    for s in statements {
        answers.push(s.answer().await);
    }
    let ended = end.answer().await;
    outcome(begun, answers, ended, unsent)
}

/// Whether the transaction applied, from its answers (see the module's doc).
fn outcome(
    begun: Result<(), Error>,
    answers: Vec<Result<u64, Error>>,
    ended: Result<(), Error>,
    unsent: bool,
) -> Result<(), CommitError> {
    let refused: Vec<&Error> = answers
        .iter()
        .filter_map(|a| a.as_ref().err())
        .filter(|e| e.code().is_some())
        .collect();
    if unsent {
        // No COMMIT was sent: nothing applied. Why: a refusal, else what was not sent.
        if !refused.is_empty() {
            return Err(failure(refused));
        }
        let first = begun
            .err()
            .or_else(|| answers.into_iter().find_map(Result::err));
        return Err(CommitError::Store(match first {
            Some(e) => backend(e),
            None => crate::errors::unreachable("the transaction could not be sent".into()),
        }));
    }
    if let Err(e) = &begun {
        // Without a transaction each statement would have applied on its own: only when
        // the server refused every one is nothing written for certain.
        if e.code().is_some() && refused.len() == answers.len() {
            return Err(failure([e].into_iter().chain(refused)));
        }
        return Err(unconfirmed(e));
    }
    if !refused.is_empty() {
        // A refused statement aborted the transaction: the COMMIT rolled it back.
        return Err(failure(refused));
    }
    if let Some(e) = answers.iter().find_map(|a| a.as_ref().err()) {
        // Lost with the connection before its answer, and the COMMIT's answer with it.
        return Err(unconfirmed(e));
    }
    match ended {
        Ok(()) => Ok(()),
        // The server said why it did not commit.
        Err(e) if e.code().is_some() => Err(failure([&e])),
        Err(e) => Err(unconfirmed(&e)),
    }
}

/// The server refused statements of the transaction (so nothing applied): a conflict when
/// any refusal is a failed compare-and-swap or a lost race, else the first refusal that is
/// not only "the transaction is aborted" (the statements after a refused one all say that).
fn failure<'a>(refused: impl IntoIterator<Item = &'a Error>) -> CommitError {
    let mut first: Option<&Error> = None;
    let aborted = |e: &Error| e.code() == Some(&SqlState::IN_FAILED_SQL_TRANSACTION);
    for e in refused {
        if is_cas_failure(e) || is_race(e) {
            return CommitError::Conflict;
        }
        if first.is_none_or(|f| aborted(f) && !aborted(e)) {
            first = Some(e);
        }
    }
    match first {
        Some(e) => CommitError::Store(crate::errors::backend_ref(e)),
        None => CommitError::Conflict,
    }
}

/// The connection broke while the transaction was on its way: it may have committed.
fn unconfirmed(e: &Error) -> CommitError {
    CommitError::Store(StoreError::Unconfirmed(
        crate::errors::backend_ref(e).to_string(),
    ))
}

/// A request's future, polled once to queue the request, then awaited for its answer.
struct Queued<F: Future> {
    future: Pin<Box<F>>,
    /// Its output, when the first poll already gave it (an error: it was never sent).
    early: Option<F::Output>,
}

impl<T, F: Future<Output = Result<T, Error>>> Queued<F> {
    fn new(future: F) -> Self {
        Queued {
            future: Box::pin(future),
            early: None,
        }
    }

    /// The first poll: tokio-postgres queues the request on the connection.
    fn send(&mut self, cx: &mut Context<'_>) {
        if let Poll::Ready(out) = self.future.as_mut().poll(cx) {
            self.early = Some(out);
        }
    }

    /// Whether the request failed before it was sent (an answer needs a trip to the
    /// server, so a future done at its first poll never sent anything).
    fn unsent(&self) -> bool {
        matches!(self.early, Some(Err(_)))
    }

    /// The server's answer.
    async fn answer(self) -> Result<T, Error> {
        match self.early {
            Some(out) => out,
            None => self.future.await,
        }
    }
}

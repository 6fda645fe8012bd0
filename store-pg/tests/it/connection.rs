//! A connection the server closes answers the call on it with an error at once, whether the
//! server closed it while it sat idle or in the middle of a query: never a call that waits
//! for the 30 s timeout (a database restart once held a player's command that long).

use skald_session::store::StoreError;
use skald_store_pg::Target;
use skald_store_pg::connection::{Conn, Db, call, connect, execute_once};
use skald_store_pg::errors::backend;
use skald_store_pg::testkit::server_url;

fn open() -> Conn {
    let target = Target::parse(&server_url()).expect("the test server's URL reads");
    call(connect(&target.config)).expect("the test server answers")
}

fn backend_pid(conn: &mut Conn) -> i32 {
    call(conn.run(async |db| {
        let row = db
            .query_one("SELECT pg_backend_pid()", &[])
            .await
            .map_err(backend)?;
        Ok(row.get::<_, i32>(0))
    }))
    .expect("the connection answers")
}

fn terminate(pid: i32) {
    execute_once(
        &server_url(),
        &format!("SELECT pg_terminate_backend({pid}, 10000)"),
    )
    .expect("the server ends the other connection");
}

/// What a call on `conn` answers, as text: the error it ends with, or "ok".
fn outcome(result: Result<(), StoreError>) -> String {
    match result {
        Ok(()) => "ok".into(),
        Err(StoreError::Backend { source, .. }) => source.to_string(),
        Err(other) => format!("{other:?}"),
    }
}

#[test]
fn a_connection_closed_while_idle_fails_the_next_call_at_once() {
    let mut conn = open();
    let pid = backend_pid(&mut conn);
    terminate(pid);
    // Taken straight, without the pool's check, as a call that raced the server's
    // shutdown takes it.
    let text = outcome(call(conn.run(async |db| {
        db.simple_query("SELECT 1").await.map(drop).map_err(backend)
    })));
    assert!(
        text != "ok" && !text.contains("did not answer"),
        "a call on a closed connection: {text}"
    );
    assert!(!conn.is_usable(), "a closed connection is not lent again");
}

/// Runs `work` on a new connection whose session the server ends 0.3 s in (while `work`
/// waits for it); what the call answered, as [`outcome`] says it.
fn ended_during(work: impl AsyncFnOnce(&mut Db) -> Result<(), StoreError>) -> String {
    let mut conn = open();
    let pid = backend_pid(&mut conn);
    let killer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        terminate(pid);
    });
    let text = outcome(call(conn.run(work)));
    killer.join().expect("the killer ends");
    assert!(!conn.is_usable(), "a closed connection is not lent again");
    text
}

#[test]
fn a_connection_closed_during_a_query_fails_that_query_at_once() {
    let text = ended_during(async |db| {
        db.simple_query("SELECT pg_sleep(20)")
            .await
            .map(drop)
            .map_err(backend)
    });
    assert!(
        text != "ok" && !text.contains("did not answer"),
        "a query whose connection the server closed: {text}"
    );
}

#[test]
fn a_connection_closed_during_pipelined_queries_fails_them_all_at_once() {
    // Two requests on their way together, as a commit's pipelined statements are: the
    // server's last word answers the first; the second must not wait for an answer that
    // will never come.
    let text = ended_during(async |db| {
        let (first, second) = futures_util::future::join(
            db.simple_query("SELECT pg_sleep(20)"),
            db.simple_query("SELECT 1"),
        )
        .await;
        first.and(second).map(drop).map_err(backend)
    });
    assert!(
        text != "ok" && !text.contains("did not answer"),
        "pipelined queries whose connection the server closed: {text}"
    );
}

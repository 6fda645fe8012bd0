//! Load benchmark of the session over the PostgreSQL store (issue #17's measurement).
//!
//! `cargo bench -p skald-store-pg --bench pg_load` starts a throwaway PostgreSQL server of
//! its own ([`PrivateServer`]: initdb defaults, so `fsync` on, in the system's temporary
//! directory) and measures on it:
//! - a bare durable round trip, one transaction per insert on a connection set up like the
//!   store's (`synchronous_commit=on`): `BEGIN; INSERT INTO t VALUES (...); COMMIT` sent in
//!   one round trip (the floor for a durable ack), and the same as three round trips
//!   (`BEGIN`, a prepared `INSERT`, `COMMIT`, as a client library's transaction does);
//! - moves acknowledged one after another through `Session::handle` on a `PgStore` (each one
//!   committed transaction), p50 and p99 of the time from the call to its Done reply, and
//!   moves per second;
//! - moves from 4 threads at once on 4 games;
//! - what one move sends the server: the statements, parses and transactions the server
//!   logs for it (`log_min_duration_statement=0` for that one move).
//!
//! Without `--bench` (as `cargo test --all-targets` runs it) it does a small smoke run and
//! asserts no timings.

use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_session::clock::SystemClock;
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use skald_store_pg::PgStore;
use skald_store_pg::testkit::PrivateServer;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (probes, moves, threads) = if full { (1000, 2000, 4) } else { (10, 12, 2) };
    let server = PrivateServer::start("pgload");
    let url = server.url();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let probe = rt.block_on(Probe::connect(&url));
    let settings = rt.block_on(probe.settings());
    println!("server: {settings}");

    let one_trip = rt.block_on(probe.insert_commit(probes, true));
    report(
        "bare BEGIN; INSERT; COMMIT (one round trip)",
        &one_trip,
        None,
    );
    let three_trips = rt.block_on(probe.insert_commit(probes, false));
    report(
        "bare BEGIN / INSERT / COMMIT (three round trips)",
        &three_trips,
        None,
    );

    let store = Arc::new(PgStore::open(&url).expect("the store opens"));
    let (lat, elapsed) = sequential_moves(&store, moves);
    report("move ack, one at a time", &lat, Some(elapsed));
    ratios(&lat, &one_trip, "one-trip INSERT+COMMIT");
    ratios(&lat, &three_trips, "three-trip INSERT+COMMIT");

    // The same in blocks of 50 moves, each beside a block of 50 bare commits taken just
    // before it: the disk's flush time drifts within seconds on a virtual machine, and
    // neighbouring blocks see the same disk (blocks rather than single pairs, so each side
    // runs warm, as it does alone).
    // Five times as many as the other sections: a p99 of 2,000 is the 20th worst, which a
    // few flush stalls of the disk move from run to run.
    let (lat, bare) = interleaved_moves(&store, &rt, &probe, 5 * moves);
    report("interleaved: bare BEGIN; INSERT; COMMIT", &bare, None);
    report("interleaved: move ack", &lat, None);
    ratios(&lat, &bare, "interleaved one-trip INSERT+COMMIT");

    let (lat, elapsed) = parallel_moves(&store, threads, moves / threads);
    report(
        &format!("move ack, {threads} threads on {threads} games"),
        &lat,
        Some(elapsed),
    );
    ratios(&lat, &one_trip, "one-trip INSERT+COMMIT");

    // The same probe once more, after the moves: the server's state drifts during a run
    // (WAL segments, checkpoints), and the ratio is only fair on comparable ground.
    let again = rt.block_on(probe.insert_commit(probes, true));
    report(
        "bare BEGIN; INSERT; COMMIT (one round trip), again",
        &again,
        None,
    );

    let session = session(&store);
    let id = start(&session, "carol", "dave");
    if let Some((who, line)) = next_move(&session, id) {
        rt.block_on(probe.log_everything(true));
        let log_from = std::fs::metadata(server_log()).map_or(0, |m| m.len());
        let r = session.handle(&ctx(&who), &line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        rt.block_on(probe.log_everything(false));
        count_statements(log_from);
    }
    drop(session);
    drop(store);
    drop(probe);
    drop(server);
}

/// The private server's log (see `PrivateServer::start`: its directory is named after the
/// bench and the process).
fn server_log() -> std::path::PathBuf {
    std::env::temp_dir()
        .join(format!("skald-pg-pgload-{}", std::process::id()))
        .join("server.log")
}

/// Prints what the server logged for one move: each statement's parse, bind and execute
/// steps, and the transactions' BEGIN and COMMIT.
fn count_statements(from: u64) {
    use std::io::{Read, Seek, SeekFrom};
    let mut text = String::new();
    let read = std::fs::File::open(server_log()).and_then(|mut f| {
        f.seek(SeekFrom::Start(from))?;
        f.read_to_string(&mut text)
    });
    if let Err(e) = read {
        println!("cannot read the server's log: {e}");
        return;
    }
    let steps: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("  ").map(|(_, rest)| rest))
        .filter_map(|l| l.split_once("ms  ").map(|(_, step)| step))
        .collect();
    let count = |p: &str| steps.iter().filter(|s| s.starts_with(p)).count();
    let simple = steps.iter().filter(|s| s.starts_with("statement:")).count();
    println!(
        "\none move as the server saw it: {} parses, {} binds, {} executes (extended protocol), \
         {} simple queries",
        count("parse "),
        count("bind "),
        count("execute "),
        simple
    );
    for s in steps
        .iter()
        .filter(|s| s.starts_with("execute") || s.starts_with("statement:"))
    {
        let one_line: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
        println!("  {}", one_line.chars().take(110).collect::<String>());
    }
}

/// A plain tokio-postgres connection, set up as the store sets up its own.
struct Probe {
    client: tokio_postgres::Client,
}

impl Probe {
    async fn connect(url: &str) -> Probe {
        let mut config: tokio_postgres::Config = url.parse().expect("the server's URL");
        config.options("-c synchronous_commit=on");
        config.application_name("skald-bench");
        let (client, connection) = config
            .connect(tokio_postgres::NoTls)
            .await
            .expect("the server answers");
        tokio::spawn(connection);
        client
            .batch_execute("CREATE TABLE t (id bigint PRIMARY KEY, body text NOT NULL)")
            .await
            .expect("the probe's table");
        Probe { client }
    }

    /// The settings that decide what a commit costs, and the server's version.
    async fn settings(&self) -> String {
        let mut out = Vec::new();
        for name in [
            "server_version",
            "fsync",
            "synchronous_commit",
            "wal_sync_method",
            "full_page_writes",
            "commit_delay",
        ] {
            let row = self
                .client
                .query_one(&format!("SHOW {name}"), &[])
                .await
                .expect("SHOW");
            let value: String = row.get(0);
            out.push(format!("{name}={value}"));
        }
        out.join(", ")
    }

    /// Times `n` inserts of a 1 KiB row, one committed transaction each: sent as one simple
    /// query (`one_trip`), or as BEGIN, a prepared INSERT and COMMIT.
    async fn insert_commit(&self, n: usize, one_trip: bool) -> Vec<Duration> {
        let body = "x".repeat(1024);
        self.client
            .batch_execute("TRUNCATE t")
            .await
            .expect("truncate");
        let insert = self
            .client
            .prepare("INSERT INTO t VALUES ($1, $2)")
            .await
            .expect("prepare");
        let mut lat = Vec::with_capacity(n);
        for i in 0..n as i64 {
            let t = Instant::now();
            if one_trip {
                self.client
                    .batch_execute(&format!(
                        "BEGIN; INSERT INTO t VALUES ({i}, '{body}'); COMMIT"
                    ))
                    .await
                    .expect("insert");
            } else {
                self.client.batch_execute("BEGIN").await.expect("begin");
                self.client
                    .execute(&insert, &[&i, &body])
                    .await
                    .expect("insert");
                self.client.batch_execute("COMMIT").await.expect("commit");
            }
            lat.push(t.elapsed());
        }
        lat.sort();
        lat
    }

    /// One durable one-trip commit of a 1 KiB row (the floor), timed.
    async fn one_commit(&self, i: i64) -> Duration {
        let body = "x".repeat(1024);
        let t = Instant::now();
        self.client
            .batch_execute(&format!(
                "BEGIN; INSERT INTO t VALUES ({i}, '{body}') ON CONFLICT (id) DO NOTHING; COMMIT"
            ))
            .await
            .expect("insert");
        t.elapsed()
    }

    /// Has the server log every statement with its parse, bind and execute steps (or not).
    async fn log_everything(&self, on: bool) {
        let value = if on { "0" } else { "-1" };
        // Two queries: ALTER SYSTEM refuses to run in the implicit transaction of a
        // multi-statement query.
        self.client
            .batch_execute(&format!(
                "ALTER SYSTEM SET log_min_duration_statement = {value}"
            ))
            .await
            .expect("alter system");
        self.client
            .batch_execute("SELECT pg_reload_conf()")
            .await
            .expect("reload");
        // The reload reaches the other backends when they next wait for a command.
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// The `q`th percentile of sorted latencies.
fn pct(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q / 100.0).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(what: &str, lat: &[Duration], elapsed: Option<Duration>) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    print!(
        "{what}: n={} p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        ms(pct(lat, 50.0)),
        ms(pct(lat, 99.0)),
        ms(lat[lat.len() - 1])
    );
    if let Some(e) = elapsed {
        print!(", {:.0} moves/s", lat.len() as f64 / e.as_secs_f64());
    }
    println!();
}

fn ratios(ack: &[Duration], bare: &[Duration], what: &str) {
    let r = |q: f64| pct(ack, q).as_secs_f64() / pct(bare, q).as_secs_f64();
    println!(
        "  p99 ack / p99 {what} = {:.2}x (target 2x), p50 ack / p50 = {:.2}x",
        r(99.0),
        r(50.0)
    );
}

fn session(store: &Arc<PgStore>) -> Session {
    Session::new(
        store.clone(),
        Arc::new(SystemClock),
        StdRng::seed_from_u64(1),
        // The benchmark sends as fast as it can, as a few users.
        SessionConfig::default().without_rate_limit(),
    )
    .expect("session")
}

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "bench", "bench")
}

/// Starts a Hnefatafl game between `a` and `b` and returns its number.
fn start(s: &Session, a: &str, b: &str) -> u64 {
    let r = s.handle(&ctx(a), &format!("challenge tafl @{b} first casual"));
    let id: u64 = r.text.en()["Challenge #".len()..]
        .split(':')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("challenge id");
    assert_eq!(
        s.handle(&ctx(b), &format!("accept #{id}")).kind,
        ReplyKind::Done
    );
    id
}

/// The next move command in a game (the first legal move), or `None` when it is over.
fn next_move(s: &Session, id: u64) -> Option<(String, String)> {
    let g = s.store().game(id).expect("reads")?.doc;
    if g.end.is_some() {
        return None;
    }
    let m = g.live().ok()?;
    let seat = m.position().status().seat()?;
    let mv = m.position().legal_moves().into_iter().next()?;
    Some((
        g.players[seat.index()].name.clone(),
        format!("move #{id} {mv}"),
    ))
}

/// Plays `n` moves in one thread; times each acknowledgement (the `handle` call).
fn play(s: &Session, a: &str, b: &str, n: usize) -> Vec<Duration> {
    let mut id = start(s, a, b);
    let mut lat = Vec::with_capacity(n);
    while lat.len() < n {
        let Some((who, line)) = next_move(s, id) else {
            id = start(s, a, b);
            continue;
        };
        let t = Instant::now();
        let r = s.handle(&ctx(&who), &line);
        lat.push(t.elapsed());
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    }
    lat
}

fn sequential_moves(store: &Arc<PgStore>, n: usize) -> (Vec<Duration>, Duration) {
    let s = session(store);
    let t = Instant::now();
    let mut lat = play(&s, "alice", "bob", n);
    let elapsed = t.elapsed();
    lat.sort();
    (lat, elapsed)
}

/// `n` moves one at a time in blocks of [`BLOCK`], each block after as many bare commits on
/// the probe: (moves, bare commits), both sorted.
/// How many moves (and bare commits) in a row in [`interleaved_moves`].
const BLOCK: usize = 50;

fn interleaved_moves(
    store: &Arc<PgStore>,
    rt: &tokio::runtime::Runtime,
    probe: &Probe,
    n: usize,
) -> (Vec<Duration>, Vec<Duration>) {
    let s = session(store);
    let mut id = start(&s, "erin", "frank");
    let (mut moves, mut bare) = (Vec::with_capacity(n), Vec::with_capacity(n));
    while moves.len() < n {
        let Some((who, line)) = next_move(&s, id) else {
            id = start(&s, "erin", "frank");
            continue;
        };
        if moves.len() % BLOCK == 0 {
            for i in 0..BLOCK {
                let key = 1_000_000 + (moves.len() + i) as i64;
                bare.push(rt.block_on(probe.one_commit(key)));
            }
        }
        let t = Instant::now();
        let r = s.handle(&ctx(&who), &line);
        moves.push(t.elapsed());
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    }
    moves.sort();
    bare.sort();
    (moves, bare)
}

fn parallel_moves(store: &Arc<PgStore>, threads: usize, n: usize) -> (Vec<Duration>, Duration) {
    let s = Arc::new(session(store));
    let t = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|i| {
            let s = s.clone();
            std::thread::spawn(move || play(&s, &format!("a{i}"), &format!("b{i}"), n))
        })
        .collect();
    let mut lat: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("thread"))
        .collect();
    let elapsed = t.elapsed();
    lat.sort();
    (lat, elapsed)
}

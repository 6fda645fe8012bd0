//! Several games waiting for the engine at once: how long until the last answer, by pool size.
//!
//! `cargo bench -p skald-session --bench engine_pool` starts K games against `hard` whose
//! first move is the engine's (Hnefatafl 11x11, the engine attacking), then times one
//! [`Driver::play_pending`] pass with the pool at 1 worker and at each other size asked
//! for: the first and the last answer, and the mean search (the 1-worker pass over K). The
//! issue's target is at most 1.2 x ceil(K / cores) x one search until the last answer.
//!
//! Settings (environment): `SKALD_POOL_GAMES` (K, default 8), `SKALD_POOL_THREADS` (pool
//! sizes, default `1,2`), `SKALD_POOL_SCALE` (`[ai] budget_scale`, default 1.0: the full
//! budget, which the 1.8 s cap usually ends), `SKALD_POOL_UNCAPPED=1` (iterations only, no
//! time cap). Without `--bench` (as `cargo test --all-targets` runs it) it does a small
//! smoke run.
//!
//! Then "one process plus one worker": the same K games on a PostgreSQL database (a
//! private throwaway server, fsync on), answered by two sessions on two store connections,
//! each with its own driver (the largest pool size asked for) claiming turns with store
//! leases under its own holder name, as a `skald` process and a `skald worker` do: the time
//! until the last answer, and that each game was answered once.

use rand::SeedableRng;
use skald_session::clock::FakeClock;
use skald_session::engine_driver::{Driver, StoreClaims};
use skald_session::store::{SledStore, Store};
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let setting = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let games: usize = setting("SKALD_POOL_GAMES")
        .and_then(|v| v.parse().ok())
        .unwrap_or(if full { 8 } else { 2 });
    let scale: f64 = setting("SKALD_POOL_SCALE")
        .and_then(|v| v.parse().ok())
        .unwrap_or(if full { 1.0 } else { 0.002 });
    let uncapped = setting("SKALD_POOL_UNCAPPED").is_some_and(|v| v == "1");
    let sizes: Vec<usize> = setting("SKALD_POOL_THREADS")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 2]);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{games} games waiting for hard (scale {scale}{}), {cores} cores",
        if uncapped { ", uncapped" } else { "" }
    );
    let mut one_search = None;
    for threads in sizes.iter().copied().filter(|t| *t > 0) {
        let run = pass(games, scale, uncapped, threads);
        if threads == 1 {
            one_search = Some(run.last / games as u32);
        }
        println!(
            "pool {threads}: first answer {:.2} s, last answer {:.2} s, {} answers",
            run.first.as_secs_f64(),
            run.last.as_secs_f64(),
            run.answers
        );
        assert_eq!(run.answers, games, "every game is answered once");
        if let Some(one) = one_search {
            let target = one.mul_f64(1.2) * games.div_ceil(cores.min(threads)) as u32;
            println!(
                "  one search {:.2} s (pool 1, mean); target 1.2 x ceil({games}/{}) x one search = {:.2} s: {}",
                one.as_secs_f64(),
                cores.min(threads),
                target.as_secs_f64(),
                if run.last <= target { "met" } else { "missed" }
            );
        }
    }
    let threads = sizes.iter().copied().max().unwrap_or(1).max(1);
    let run = process_and_worker(games, scale, uncapped, threads);
    println!(
        "one process + one worker on PostgreSQL, pool {threads} each: first answer {:.2} s, last answer {:.2} s, {} answers",
        run.first.as_secs_f64(),
        run.last.as_secs_f64(),
        run.answers
    );
    assert_eq!(
        run.answers, games,
        "every game is answered once, by one of the two"
    );
}

/// `games` waiting for `hard` on a PostgreSQL database, answered by two drivers in two
/// sessions (a process and a worker), each claiming turns in the store.
fn process_and_worker(games: usize, scale: f64, uncapped: bool, threads: usize) -> Run {
    let server = skald_store_pg::testkit::PrivateServer::start("engine-pool");
    let open = || -> (Session, Arc<dyn Store>) {
        let store: Arc<dyn Store> =
            Arc::new(skald_store_pg::PgStore::open(&server.url()).expect("the database opens"));
        (session_on(store.clone(), scale), store)
    };
    let (process, worker) = (open(), open());
    challenge_engine(&process.0, games);
    let start = Instant::now();
    let times = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for ((session, store), holder) in [(&process, "process"), (&worker, "worker")] {
            let times = &times;
            scope.spawn(move || {
                let mut driver = Driver::new().with_claims(Arc::new(StoreClaims::new(
                    store.clone(),
                    holder.into(),
                    Duration::from_secs(60),
                )));
                driver.threads = threads;
                driver.uncapped = uncapped;
                driver.play_pending(session, |_| {
                    times
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push(start.elapsed())
                });
            });
        }
    });
    let mut times = times.into_inner().unwrap_or_else(|p| p.into_inner());
    times.sort();
    Run {
        first: times.first().copied().unwrap_or_default(),
        last: times.last().copied().unwrap_or_default(),
        answers: times.len(),
    }
}

/// A session on `store` whose engine levels are scaled by `scale`, on the fake clock.
fn session_on(store: Arc<dyn Store>, scale: f64) -> Session {
    Session::new(
        store,
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::rngs::StdRng::seed_from_u64(1),
        SessionConfig {
            engine_budget_scale: scale,
            ..SessionConfig::default()
        }
        .without_rate_limit(),
    )
    .expect("session")
}

/// `games` players each start Hnefatafl against `hard`, the engine to move.
fn challenge_engine(session: &Session, games: usize) {
    for i in 0..games {
        let who = format!("p{i}");
        let ctx = Context::new(User::new("bench", &who, &who), "bench", &who);
        let r = session.handle(&ctx, "challenge tafl @skald hard second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
}

/// One pass's times, from its start.
struct Run {
    first: Duration,
    last: Duration,
    answers: usize,
}

/// `games` players each start Hnefatafl against `hard` (the engine to move); one pass
/// answers them all with `threads` workers.
fn pass(games: usize, scale: f64, uncapped: bool, threads: usize) -> Run {
    let session = session_on(
        Arc::new(SledStore::temporary().expect("temporary store")),
        scale,
    );
    challenge_engine(&session, games);
    let mut driver = Driver::new();
    driver.threads = threads;
    driver.uncapped = uncapped;
    let start = Instant::now();
    let mut times = Vec::new();
    driver.play_pending(&session, |_| times.push(start.elapsed()));
    Run {
        first: times.first().copied().unwrap_or_default(),
        last: times.last().copied().unwrap_or_default(),
        answers: times.len(),
    }
}

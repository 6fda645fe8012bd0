//! Load benchmark of the session over the durable store.
//!
//! `cargo bench -p skald-session --bench session_load` measures, on the disk of `SKALD_BENCH_DIR`
//! (default `target/bench-data`, the project's own disk):
//! - one bare fsync (write 4 KiB, `sync_all`), p50 and p99: the floor for a durable ack;
//! - moves acknowledged one after another through `Session::handle` (each one sled
//!   transaction plus `flush`), p50 and p99 latency and moves per second;
//! - moves from 4 threads at once on 4 games (flushes can share an fsync);
//! - cold start with 100,000 stored games (5,000 of them running): opening the store,
//!   re-arming the scheduler and answering a first command, in a fresh process, with its
//!   peak memory; and the same after an hour of down time (every running deadline moves).
//!
//! Without `--bench` (as `cargo test --all-targets` runs it) it does a small smoke run.

use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_session::clock::{Clock, SystemClock, Timestamp};
use skald_session::store::{SledStore, Store};
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--cold-start") {
        cold_start_child(Path::new(&args[i + 1]));
        return;
    }
    let full = args.iter().any(|a| a == "--bench");
    let base = std::env::var_os("SKALD_BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data"));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).expect("bench directory");
    let (fsyncs, moves, games) = if full {
        (300, 2000, 100_000)
    } else {
        (10, 30, 300)
    };

    println!("data directory: {}", base.display());
    let fsync = bare_fsync(&base.join("fsync-probe"), fsyncs, false);
    report("bare fsync (append 4 KiB + fsync)", &fsync, None);
    let fdatasync = bare_fsync(&base.join("fdatasync-probe"), fsyncs, true);
    report(
        "bare fdatasync (overwrite 4 KiB + fdatasync)",
        &fdatasync,
        None,
    );

    let sled_only = sled_write(&base.join("sled-flush"), fsyncs, false);
    report("sled insert 8 KiB + sled flush", &sled_only, None);
    let sled_sync = sled_write(&base.join("sled-fdatasync"), fsyncs, true);
    report(
        "sled insert 8 KiB + sled flush + fdatasync",
        &sled_sync,
        None,
    );
    let (lat, elapsed) = cpu_moves(moves);
    report("move ack on a memory store (CPU only)", &lat, Some(elapsed));

    let (lat, elapsed) = sequential_moves(&base.join("moves"), moves);
    report("move ack, one at a time", &lat, Some(elapsed));
    println!(
        "  p99 ack / p99 fsync = {:.2}, p50 ack / p50 fsync = {:.2}",
        pct(&lat, 99.0).as_secs_f64() / pct(&fsync, 99.0).as_secs_f64(),
        pct(&lat, 50.0).as_secs_f64() / pct(&fsync, 50.0).as_secs_f64()
    );

    let (lat, elapsed) = parallel_moves(&base.join("parallel"), 4, moves / 4);
    report("move ack, 4 threads on 4 games", &lat, Some(elapsed));

    let dir = base.join("cold");
    let t = Instant::now();
    fill_store(&dir, games, games / 20);
    println!(
        "\nfilled a store with {games} games in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let size: u64 = walk_size(&dir);
    println!("store size on disk: {:.1} MiB", size as f64 / 1048576.0);
    for label in ["cold start", "cold start after 1 h down"] {
        if label.contains("down") {
            let store = SledStore::open(&dir).expect("store opens");
            let an_hour_ago = SystemClock.now().plus(-3600);
            store.set_meta_time("alive", an_hour_ago).expect("meta");
            store.flush().expect("flush");
        }
        let out = std::process::Command::new(std::env::current_exe().expect("own path"))
            .arg("--cold-start")
            .arg(&dir)
            .output()
            .expect("child runs");
        print!("{label}: {}", String::from_utf8_lossy(&out.stdout));
    }
    let _ = std::fs::remove_dir_all(&base);
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

/// Times `n` writes of 4 KiB each made durable: appended and `fsync`ed, or (`overwrite`)
/// written over the same block of an existing file and `fdatasync`ed.
fn bare_fsync(path: &Path, n: usize, overwrite: bool) -> Vec<Duration> {
    use std::io::{Seek, SeekFrom};
    let mut f = std::fs::File::create(path).expect("probe file");
    let block = vec![7u8; 4096];
    if overwrite {
        f.write_all(&block).expect("write");
        f.sync_all().expect("fsync");
    }
    let mut lat: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            if overwrite {
                f.seek(SeekFrom::Start(0)).expect("seek");
                f.write_all(&block).expect("write");
                f.sync_data().expect("fdatasync");
            } else {
                f.write_all(&block).expect("write");
                f.sync_all().expect("fsync");
            }
            t.elapsed()
        })
        .collect();
    lat.sort();
    lat
}

/// Times `n` sled writes of 8 KiB made durable by sled's own flush (`pwrite` and
/// `sync_file_range`), and (`fdatasync`) followed by an `fdatasync` of sled's log as the
/// store does: the storage part of an acknowledgement without the session's work.
fn sled_write(dir: &Path, n: usize, fdatasync: bool) -> Vec<Duration> {
    let db = sled::Config::new().path(dir).open().expect("sled opens");
    let log = std::fs::File::open(dir.join("db")).expect("sled log");
    let tree = db.open_tree("t").expect("tree");
    let value = vec![7u8; 8192];
    let mut lat: Vec<Duration> = (0..n)
        .map(|i| {
            let t = Instant::now();
            tree.insert((i as u64 % 64).to_be_bytes(), value.as_slice())
                .expect("insert");
            db.flush().expect("flush");
            if fdatasync {
                log.sync_data().expect("fdatasync");
            }
            t.elapsed()
        })
        .collect();
    lat.sort();
    lat
}

/// Times `n` moves through a session on sled's temporary store, which never syncs: the
/// session's own CPU cost per acknowledgement.
fn cpu_moves(n: usize) -> (Vec<Duration>, Duration) {
    let s = Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        Arc::new(SystemClock),
        StdRng::seed_from_u64(1),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("session");
    let t = Instant::now();
    let mut lat = play(&s, "alice", "bob", n);
    let elapsed = t.elapsed();
    lat.sort();
    (lat, elapsed)
}

fn session(dir: &Path) -> Session {
    Session::new(
        Arc::new(SledStore::open(dir).expect("store opens")),
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

fn sequential_moves(dir: &Path, n: usize) -> (Vec<Duration>, Duration) {
    let s = session(dir);
    let t = Instant::now();
    let mut lat = play(&s, "alice", "bob", n);
    let elapsed = t.elapsed();
    lat.sort();
    (lat, elapsed)
}

fn parallel_moves(dir: &Path, threads: usize, n: usize) -> (Vec<Duration>, Duration) {
    let s = Arc::new(session(dir));
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

/// Writes `games` games (the first `active` still running, the rest finished) through the
/// import path: one finished 60-move Hnefatafl game used as a template.
fn fill_store(dir: &Path, games: u64, active: u64) {
    let scratch = dir.with_extension("template");
    let template = {
        let s = session(&scratch);
        let id = start(&s, "alice", "bob");
        for _ in 0..60 {
            let Some((who, line)) = next_move(&s, id) else {
                break;
            };
            s.handle(&ctx(&who), &line);
        }
        s.store().game(id).expect("reads").expect("exists").doc
    };
    let _ = std::fs::remove_dir_all(&scratch);
    let now = SystemClock.now();
    let mut lines = Vec::with_capacity(games as usize + 2);
    lines.push(r#"{"header":{"skald_export":1,"schema":1}}"#.to_string());
    lines.push(format!(r#"{{"next_id":{}}}"#, games + 1));
    for i in 1..=games {
        let mut g = template.clone();
        g.id = i;
        g.players[0] = User::new(
            "console",
            &format!("p{}", i % 1000),
            &format!("p{}", i % 1000),
        );
        g.players[1] = User::new(
            "console",
            &format!("p{}", (i + 1) % 1000),
            &format!("p{}", (i + 1) % 1000),
        );
        if i <= active {
            g.end = None;
            g.clock.deadline = now.plus(3 * 86_400 + i as i64);
            g.clock.remind_at = Some(now.plus(2 * 86_400 + i as i64));
        } else if g.end.is_none() {
            g.finish(
                skald_session::game::GameResult::DrawAgreed,
                Timestamp(now.0 - 86_400),
            );
        }
        lines.push(format!(
            r#"{{"game":{}}}"#,
            serde_json::to_string(&g).expect("json")
        ));
    }
    let store = SledStore::open(dir).expect("store");
    let text = lines.join("\n");
    store
        .import(&mut std::io::Cursor::new(text.into_bytes()))
        .expect("import");
    store.set_meta_time("alive", now).expect("meta");
    store.flush().expect("flush");
}

fn walk_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => walk_size(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

/// In a fresh process: open, re-arm, answer one command; print the time and peak memory.
fn cold_start_child(dir: &Path) {
    let t = Instant::now();
    let s = session(dir);
    let next = s.next_wakeup();
    let r = s.handle(&ctx("p1"), "games");
    let elapsed = t.elapsed();
    assert!(next.is_some() && r.kind == ReplyKind::Done);
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_string())
            .unwrap_or_else(|| "?".into())
    };
    println!(
        "{:.0} ms to open {} games, re-arm the scheduler and answer `games`; peak RSS {} KiB (now {} KiB)",
        elapsed.as_secs_f64() * 1000.0,
        s.store().game_count(),
        field("VmHWM:"),
        field("VmRSS:")
    );
}

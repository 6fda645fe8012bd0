//! Load program: the store's background work as a community grows (issue #37, item 8).
//!
//! `cargo bench -p skald-session --bench store_growth` builds two sled stores through the
//! import path: a big one (10,000 users, each with a daily digest; 1,000 tournaments, a
//! tenth of them open with a start time; 100,000 finished games) and one a hundred times
//! smaller (100 users, 10 tournaments, 1,000 games), then times on each, many times over:
//! - a scheduler round with nothing due (`Session::tick`, which also writes the heartbeat);
//! - the scheduler's wake-up (`Session::next_wakeup`: the next deadline, digest and start);
//! - the digest lookup (`Store::next_digest` and `Store::digests_due(now)`);
//! - `find_finished_game` as a player meets it: `export` with no number (an unnumbered
//!   command), by a player who finished a tenth of all the games, in many channels.
//!
//! It prints the median and 99th percentile of each on both stores and their ratio: flat
//! means a ratio near 1. Without `--bench` (as `cargo test --all-targets` runs it) it
//! builds stores a hundred times smaller again and does a few rounds: a smoke run.

use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_session::clock::{FakeClock, Timestamp};
use skald_session::digest::DigestSetting;
use skald_session::store::{ExportLine, SledStore, Store, export_header, write_export_line};
use skald_session::{ChannelId, Context, ReplyKind, Session, SessionConfig, User};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bench's clock: every game finished and every digest and start still ahead.
const NOW: Timestamp = Timestamp(1_800_000_000);

/// How many channels the games are spread over.
const CHANNELS: u64 = 50;

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (big, rounds) = if full { (1, 2_000) } else { (100, 20) };
    let large = World::build(10_000 / big, 1_000 / big, 100_000 / big);
    let small = World::build(100 / big.min(10), 10, 1_000 / big);
    println!(
        "big: {} users, {} tournaments, {} games; small: {} users, {} tournaments, {} games",
        large.users,
        large.tournaments,
        large.session.store().game_count(),
        small.users,
        small.tournaments,
        small.session.store().game_count()
    );
    println!(
        "{:<44} {:>12} {:>12} {:>12} {:>12} {:>7}",
        "", "small p50", "small p99", "big p50", "big p99", "ratio"
    );
    for (what, run) in probes() {
        let s = time(&small, rounds, run);
        let b = time(&large, rounds, run);
        let ratio = b.0.as_secs_f64() / s.0.as_secs_f64().max(1e-9);
        println!(
            "{what:<44} {:>12?} {:>12?} {:>12?} {:>12?} {ratio:>7.2}",
            s.0, s.1, b.0, b.1
        );
    }
}

/// A store and a session on it.
struct World {
    session: Session,
    users: u64,
    tournaments: u64,
}

/// What is timed: a name and one round of it.
type Probe = (&'static str, fn(&World));

fn probes() -> Vec<Probe> {
    vec![
        ("tick, nothing due (with its heartbeat write)", |w| {
            assert!(w.session.tick(NOW).is_empty());
        }),
        ("next_wakeup (deadline, digest, start)", |w| {
            assert!(w.session.next_wakeup().is_some());
        }),
        ("digest lookup (next_digest + digests_due)", |w| {
            let store = w.session.store();
            assert!(store.next_digest().expect("reads").is_some());
            assert!(store.digests_due(NOW).expect("reads").is_empty());
        }),
        ("`export` without a number (find_finished)", |w| {
            let r = w.session.handle(&speaker(), "export");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }),
        ("`board` without a number (last finished here)", |w| {
            let r = w.session.handle(&speaker(), "board");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }),
    ]
}

/// The player of a tenth of all the games, in the channel of a fiftieth of those.
fn speaker() -> Context {
    Context::new(User::new("console", "u0", "u0"), "bench", "c0")
}

/// The median and 99th percentile of `rounds` runs (after a few to warm up).
fn time(w: &World, rounds: usize, run: fn(&World)) -> (Duration, Duration) {
    for _ in 0..rounds.min(20) {
        run(w);
    }
    let mut lat: Vec<Duration> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            run(w);
            t.elapsed()
        })
        .collect();
    lat.sort();
    let at = |q: f64| lat[((lat.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.99))
}

impl World {
    /// A temporary sled store filled through `import`: `users` users with digests,
    /// `tournaments` tournaments, `games` finished games between them.
    fn build(users: u64, tournaments: u64, games: u64) -> World {
        let (game, tournament) = templates();
        let mut out = Vec::new();
        let mut put = |line: &ExportLine| write_export_line(&mut out, line).expect("writes");
        put(&export_header());
        put(&ExportLine::NextId(games + tournaments + 1));
        let user = |i: u64| User::new("console", &format!("u{i}"), &format!("u{i}"));
        for i in 0..users {
            let mut doc = skald_session::user::UserDoc::new(user(i));
            doc.digest = Some(DigestSetting {
                at: (8, 0),
                zone: "UTC".into(),
                next: NOW.plus(86_400 + i as i64),
                channel: ChannelId("bench".into()),
                reader: user(i),
            });
            put(&ExportLine::User(doc));
        }
        for i in 1..=games {
            let mut g = game.clone();
            g.id = i;
            // A tenth of the games are u0's, in every channel.
            let a = if i % 10 == 0 { 0 } else { i % users };
            g.players[0] = user(a);
            g.players[1] = user((a + 1 + i % 7) % users);
            // u0's in five channels (the first in `c0`), the others' in all of them.
            let c = if a == 0 {
                (i / 10 + 4) % 5
            } else {
                i % CHANNELS
            };
            g.channel = ChannelId(format!("c{c}"));
            g.homes.clear();
            put(&ExportLine::Game(Box::new(g)));
        }
        for i in 0..tournaments {
            let mut t = tournament.clone();
            t.id = games + 1 + i;
            if i % 10 == 0 {
                t.state = skald_session::tournament::doc::State::Open;
                t.starts = Some(NOW.plus(2 * 86_400 + i as i64));
            } else {
                t.state = skald_session::tournament::doc::State::Finished;
                t.starts = None;
            }
            put(&ExportLine::Tournament(Box::new(t)));
        }
        let store = SledStore::temporary().expect("a store");
        store
            .import(&mut std::io::Cursor::new(out))
            .expect("imports");
        World {
            session: session(Arc::new(store)),
            users,
            tournaments,
        }
    }
}

fn session(store: Arc<dyn Store>) -> Session {
    Session::new(
        store,
        Arc::new(FakeClock::new(NOW)),
        StdRng::seed_from_u64(1),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("a session")
}

/// A finished Hnefatafl game and a tournament, as the session makes them.
fn templates() -> (
    skald_session::game::GameDoc,
    skald_session::tournament::TournamentDoc,
) {
    let s = session(Arc::new(SledStore::temporary().expect("a store")));
    let ctx = |who: &str| Context::new(User::new("console", who, who), "bench", "c0");
    let said = |who: &str, line: &str| {
        let r = s.handle(&ctx(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    };
    said("u0", "challenge tafl @u1 first casual");
    said("u1", "accept");
    said("u0", "resign");
    said("u2", "tournament create tafl round-robin");
    let game = s.store().game(1).expect("reads").expect("the game").doc;
    let tournament = s
        .store()
        .tournaments()
        .expect("reads")
        .pop()
        .expect("the tournament")
        .doc;
    (game, tournament)
}

//! The daily puzzle on a database two processes share: each process's scheduler ticks at
//! the same moments, and each day's puzzle is posted once.

use rand::SeedableRng;
use skald_session::clock::{FakeClock, HOUR, Timestamp};
use skald_session::store::Store;
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use std::sync::Arc;

fn process(url: &str, clock: &Arc<FakeClock>) -> Arc<Session> {
    let store: Arc<dyn Store> =
        Arc::new(skald_store_pg::PgStore::open(url).expect("the database opens"));
    Arc::new(
        Session::new(
            store,
            clock.clone(),
            rand::rngs::StdRng::seed_from_u64(3),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("session"),
    )
}

#[test]
fn two_processes_on_postgres_post_each_days_puzzle_once() {
    let url = skald_store_pg::testkit::fresh_url("daily_puzzle");
    let start: jiff::Timestamp = "2026-11-29T06:00:00Z".parse().expect("a time");
    let clock = Arc::new(FakeClock::new(Timestamp(start.as_second())));
    let (one, two) = (process(&url, &clock), process(&url, &clock));
    let admin = Context::new(User::new("console", "ann", "ann"), "console", "hall").as_admin();
    let r = one.handle(&admin, "puzzle daily on 09:00 Europe/Paris");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    // Three days hour by hour, both processes ticking at once each hour.
    for _ in 0..(3 * 24) {
        let now = clock.advance(HOUR);
        std::thread::scope(|scope| {
            for s in [&one, &two] {
                scope.spawn(move || s.tick(now));
            }
        });
    }
    let notices = one.take_notices(
        &["console"],
        "poster",
        std::time::Duration::from_secs(60),
        100,
    );
    let posts: Vec<String> = notices
        .iter()
        .filter(|(_, n)| n.reply.progress.is_some())
        .map(|(_, n)| n.reply.text.en())
        .collect();
    assert_eq!(posts.len(), 3, "one a day: {posts:?}");
    for (post, day) in posts.iter().zip(["2026-11-29", "2026-11-30", "2026-12-01"]) {
        assert!(post.starts_with(&format!("Daily puzzle, {day}:")), "{post}");
    }
}

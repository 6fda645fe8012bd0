//! A review asked for on a database two processes share (a `skald` process and a `skald
//! worker`, each with its own store connection and engine driver): made once, posted once.

use rand::SeedableRng;
use skald_session::clock::FakeClock;
use skald_session::engine_driver::Driver;
use skald_session::review::ReviewState;
use skald_session::store::Store;
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use std::sync::Arc;

fn process(url: &str, clock: &Arc<FakeClock>) -> Arc<Session> {
    let store: Arc<dyn Store> =
        Arc::new(skald_store_pg::PgStore::open(url).expect("the database opens"));
    let config = SessionConfig {
        engine_budget_scale: 0.05,
        ..SessionConfig::default()
    };
    Arc::new(
        Session::new(
            store,
            clock.clone(),
            rand::rngs::StdRng::seed_from_u64(3),
            config.without_rate_limit(),
        )
        .expect("session"),
    )
}

fn say(s: &Session, who: &str, line: &str) {
    let ctx = Context::new(User::new("console", who, who), "console", "hall");
    let r = s.handle(&ctx, line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
}

#[test]
fn two_processes_on_postgres_make_a_review_once_and_post_it_once() {
    let url = skald_store_pg::testkit::fresh_url("reviews");
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let (one, two) = (process(&url, &clock), process(&url, &clock));
    say(&one, "alice", "challenge brandubh @bob first");
    say(&one, "bob", "accept #1");
    for (who, mv) in [("alice", "d2-c2"), ("bob", "c4-c3"), ("alice", "c2-b2")] {
        say(&one, who, &format!("move #1 {mv}"));
    }
    say(&two, "bob", "resign #1");
    say(&two, "carol", "review #1");
    // Both processes' drivers look at once, each writing into the shared outbox.
    std::thread::scope(|scope| {
        for s in [&one, &two] {
            scope.spawn(move || Driver::new().play_pending_into_outbox(s, || {}));
        }
    });
    let stored = one.store().game(1).expect("reads").expect("exists").doc;
    assert!(
        matches!(stored.review, Some(ReviewState::Done(_))),
        "{:?}",
        stored.review
    );
    let notices = one.take_notices(
        &["console"],
        "poster",
        std::time::Duration::from_secs(60),
        100,
    );
    let reviews: Vec<_> = notices
        .iter()
        .filter(|(_, n)| n.reply.replaces.is_none() && n.reply.text.en().contains("Engine review"))
        .collect();
    assert_eq!(reviews.len(), 1, "posted once");
    let done = notices
        .iter()
        .filter(|(_, n)| n.reply.text.en().contains("is done"))
        .count();
    assert_eq!(done, 1, "one progress message says it is done");
    // And nothing is left for either to make.
    std::thread::scope(|scope| {
        for s in [&one, &two] {
            scope.spawn(move || Driver::new().play_pending_into_outbox(s, || {}));
        }
    });
    let ids: Vec<u64> = notices.iter().map(|(id, _)| *id).collect();
    one.notices_posted(&ids);
    assert!(
        two.take_notices(
            &["console"],
            "poster",
            std::time::Duration::from_secs(60),
            100
        )
        .is_empty()
    );
}

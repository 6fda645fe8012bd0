//! Round trips of a command without a game number on PostgreSQL: the same however many
//! games its speaker finished elsewhere (issue #37, item 8: `find_finished_game` reads the
//! store's index by channel, not every finished game).

use rand::SeedableRng;
use skald_session::clock::FakeClock;
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use skald_store_pg::testkit::fresh_store;
use std::sync::Arc;

fn ctx(who: &str, channel: &str) -> Context {
    Context::new(User::new("console", who, who), "trips", channel)
}

fn said(s: &Session, who: &str, channel: &str, line: &str) {
    let r = s.handle(&ctx(who, channel), line);
    assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
}

/// Calls to the server for `export` and `board` without a number by ann in `room`, after
/// she finished one game there and then `elsewhere` games in another channel.
fn trips(elsewhere: usize) -> (usize, usize) {
    let store = Arc::new(fresh_store("trips"));
    let session = Session::new(
        store.clone() as Arc<dyn skald_session::store::Store>,
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::rngs::StdRng::seed_from_u64(3),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("a session");
    let play = |channel: &str| {
        said(&session, "ann", channel, "challenge tafl @bob first casual");
        said(&session, "bob", channel, "accept");
        said(&session, "ann", channel, "resign");
    };
    play("room");
    for _ in 0..elsewhere {
        play("lobby");
    }
    let count = |line: &str| {
        let before = store.calls();
        said(&session, "ann", "room", line);
        store.calls() - before
    };
    // Once first, so every statement is prepared on the connections it uses.
    count("export");
    count("board");
    (count("export"), count("board"))
}

#[test]
fn unnumbered_commands_make_the_same_round_trips_however_many_games() {
    let few = trips(0);
    let many = trips(30);
    assert_eq!(
        few, many,
        "round trips (export, board) grew with the games finished"
    );
    // The speaker, the index by channel, the game with its players, and the command's
    // own reads: a handful, not one per game.
    assert!(many.0 <= 6 && many.1 <= 6, "{many:?}");
}

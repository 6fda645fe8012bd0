//! What the session's test modules share: a session on a store and a fake clock, a console
//! speaker, a command that must succeed, and the first legal move played.

use crate::*;
use rand::SeedableRng;
use std::sync::Arc;

/// A session on `store` and `clock`, without rate limits (the fake clock stands still
/// between commands).
pub(crate) fn session_on(store: store::SledStore, clock: Arc<clock::FakeClock>) -> Session {
    Session::new(
        Arc::new(store),
        clock,
        StdRng::seed_from_u64(7),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("session opens")
}

/// `who` speaking on the console, where what they type is private.
pub(crate) fn console(who: &str) -> Context {
    Context::private(User::new("console", who, who), "console", "console")
}

/// `line` by `who`, which must succeed.
pub(crate) fn ok(s: &Session, who: &str, line: &str) -> Reply {
    let r = s.handle(&console(who), line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    r
}

/// `who` plays the first legal move of game `id`.
pub(crate) fn play_first(s: &Session, who: &str, id: u64) -> Reply {
    let mv = s
        .test_game(id)
        .live()
        .expect("replays")
        .position()
        .legal_moves()[0]
        .clone();
    ok(s, who, &format!("move #{id} {mv}"))
}

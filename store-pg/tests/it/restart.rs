//! The database restarts in the middle of traffic: commands in flight are answered with a
//! clear "try again" (never a panic, never a silent success), nothing acknowledged is lost,
//! and the store reconnects by itself once the server is back. Runs on a server of its own
//! (the shared test server must not be stopped under the other tests).

use rand::SeedableRng;
use skald_rules::Status;
use skald_session::clock::FakeClock;
use skald_session::store::Store;
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use skald_store_pg::PgStore;
use skald_store_pg::testkit::PrivateServer;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

/// The player to move in game `id`, their first legal move, and the ply it will be, if the
/// game runs.
fn next_move(store: &dyn Store, id: u64) -> Option<(String, String, usize)> {
    let g = store.game(id).ok()??.doc;
    let m = g.live().ok()?;
    let Status::Move { seat } = m.position().status() else {
        return None;
    };
    let mv = m.position().legal_moves().into_iter().next()?;
    Some((
        g.players[seat.index()].id.id.clone(),
        mv,
        g.moves_played() + 1,
    ))
}

#[test]
fn a_database_restart_loses_nothing_acknowledged_and_the_bot_reconnects() {
    let server = Arc::new(PrivateServer::start("restart"));
    let store: Arc<PgStore> = Arc::new(PgStore::open(&server.url()).expect("opens"));
    let session = Session::new(
        store.clone(),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::rngs::StdRng::seed_from_u64(4),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("the session starts");
    // Four tables; a game that ends is replaced by a new one at its table.
    let start = |i: usize| -> Option<u64> {
        let (a, b) = (format!("a{i}"), format!("b{i}"));
        let r = session.handle(&ctx(&a), &format!("challenge tafl @{b} first casual"));
        if r.kind != ReplyKind::Done {
            return None;
        }
        let id: u64 = r.text.en()["Challenge #".len()..]
            .split(':')
            .next()?
            .trim()
            .parse()
            .ok()?;
        (session.handle(&ctx(&b), &format!("accept #{id}")).kind == ReplyKind::Done).then_some(id)
    };
    let mut games: Vec<Option<u64>> = (0..4).map(start).collect();
    assert!(games.iter().all(Option::is_some), "{games:?}");

    // The server goes away after some moves and comes back a second later.
    let played = Arc::new(AtomicUsize::new(0));
    let back = Arc::new(AtomicBool::new(false));
    let restarter = {
        let (server, played, back) = (server.clone(), played.clone(), back.clone());
        std::thread::spawn(move || {
            while played.load(Ordering::SeqCst) < 40 {
                std::thread::sleep(Duration::from_millis(5));
            }
            server.stop();
            std::thread::sleep(Duration::from_millis(1500));
            server.start_again();
            back.store(true, Ordering::SeqCst);
        })
    };

    // (game, ply) of every move the bot acknowledged, and its text.
    let mut acked: Vec<(u64, usize, String)> = Vec::new();
    let (mut failed, mut after_back) = (0, 0);
    let mut round = 0;
    while after_back < 40 && round < 5_000 {
        round += 1;
        let table = round % games.len();
        let Some(id) = games[table] else {
            games[table] = start(table);
            continue;
        };
        let Some((who, mv, ply)) = next_move(&*store, id) else {
            if store
                .game(id)
                .ok()
                .flatten()
                .is_some_and(|g| g.doc.end.is_some())
            {
                games[table] = start(table);
            } else {
                // Unreadable while the server is down: what a player asking now reads.
                let r = session.handle(&ctx("a0"), "games");
                if r.kind == ReplyKind::Failed {
                    failed += 1;
                    let text = r.text.en();
                    assert!(text.contains("try again"), "{text}");
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            continue;
        };
        let r = session.handle(&ctx(&who), &format!("move #{id} {mv}"));
        match r.kind {
            ReplyKind::Done => {
                acked.push((id, ply, mv));
                played.fetch_add(1, Ordering::SeqCst);
                if back.load(Ordering::SeqCst) {
                    after_back += 1;
                }
            }
            ReplyKind::Failed => {
                failed += 1;
                let text = r.text.en();
                assert!(text.contains("try again"), "{text}");
                std::thread::sleep(Duration::from_millis(20));
            }
            ReplyKind::Refused | ReplyKind::Conflict => {
                // A move read before the restart, answered after: the game moved on.
            }
        }
    }
    restarter.join().expect("the restarter ends");
    assert!(failed > 0, "the restart was noticed by some command");
    assert!(
        after_back >= 40,
        "the bot plays on after the restart ({after_back})"
    );
    // Every acknowledged move is in its game, at the ply it was played.
    for (id, ply, mv) in &acked {
        let g = store.game(*id).expect("reads").expect("exists").doc;
        let record = g.live().expect("replays");
        let moves: Vec<&str> = record
            .record()
            .actions
            .iter()
            .filter_map(|a| match a {
                skald_rules::Action::Move(m) => Some(m.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            ply.checked_sub(1).and_then(|i| moves.get(i)) == Some(&mv.as_str()),
            "game #{id}: move {mv} acknowledged at ply {ply} is not there: {moves:?}"
        );
    }
    eprintln!(
        "restart: {} moves acknowledged, {failed} refused with 'try again' while the server was down",
        acked.len()
    );
}

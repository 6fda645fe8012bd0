//! No write reaches the store without reaching its journal: over a random mix of commands
//! (challenges accepted, declined and cancelled, moves in every rule set, resignations,
//! draws, vacations, arrangements, games against the engine, ladder updates, reminders and
//! timeouts on a moving clock, heartbeats, the fake clock's own time), a store rebuilt from
//! nothing but the journal holds exactly the same keys and values, in every tree, as the
//! store that saw the commands. A write path that bypassed the journal (as the id counter
//! and the heartbeat once did) leaves the rebuilt store short and fails this test.

use crate::common::temp_dir;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_rules::RuleSetId;
use skald_session::clock::{DAY, FakeClock, HOUR};
use skald_session::engine_driver::Driver;
use skald_session::journal::{FILE_NAME, Journal};
use skald_session::store::sled::TREE_NAMES;
use skald_session::store::{SledStore, Store};
use skald_session::{Context, ReplyKind, Session, SessionConfig, User};
use std::sync::Arc;

const PLAYERS: [&str; 5] = ["alice", "bob", "carol", "dave", "erin"];

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

/// One random command by a random player; returns whether it changed something.
fn act(s: &Session, rng: &mut StdRng) -> bool {
    let who = PLAYERS[rng.random_range(0..PLAYERS.len())];
    let other = PLAYERS[rng.random_range(0..PLAYERS.len())];
    let rule_set = RuleSetId::ALL[rng.random_range(0..RuleSetId::ALL.len())].id();
    // Most of the time, the player to move in one of the active games moves.
    let games = s.store().user_games(&ctx(who).user.id).unwrap_or_default();
    let active: Vec<u64> = games
        .iter()
        .filter(|(_, a)| *a)
        .map(|(id, _)| *id)
        .collect();
    let line = match rng.random_range(0..20) {
        0..=2 => format!("challenge {rule_set} @{other} first"),
        3 => format!("challenge {rule_set} @skald easy"),
        4 => "accept".to_string(),
        5 => "decline".to_string(),
        6 => "cancel".to_string(),
        7 => "vacation 1".to_string(),
        8 => "arrange 9 8 7 6 5 4 3 2 1".to_string(),
        9 | 10 if !active.is_empty() => {
            let id = active[rng.random_range(0..active.len())];
            let word = if rng.random_bool(0.5) {
                "draw"
            } else {
                "resign"
            };
            format!("{word} #{id}")
        }
        _ => match active.get(rng.random_range(0..active.len().max(1))) {
            Some(&id) => {
                let Some(g) = s.store().game(id).ok().flatten() else {
                    return false;
                };
                let Ok(m) = g.doc.live() else { return false };
                let Some(seat) = m.position().status().seat() else {
                    return false;
                };
                let mover = g.doc.players[seat.index()].id.id.clone();
                let legal = m.position().legal_moves();
                if legal.is_empty() {
                    return false;
                }
                let mv = &legal[rng.random_range(0..legal.len())];
                return s.handle(&ctx(&mover), &format!("move #{id} {mv}")).kind == ReplyKind::Done;
            }
            None => format!("challenge {rule_set} open"),
        },
    };
    s.handle(&ctx(who), &line).kind == ReplyKind::Done
}

#[test]
fn a_store_rebuilt_from_the_journal_alone_equals_the_store() {
    let seed = std::env::var("SKALD_JOURNAL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let live = temp_dir("journal-complete-live");
    let rebuilt = temp_dir("journal-complete-rebuilt");
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let session = Session::new(
        Arc::new(SledStore::open(&live.0).expect("the store opens")),
        clock.clone(),
        StdRng::seed_from_u64(seed),
        SessionConfig {
            engine_budget_scale: 0.001,
            ..SessionConfig::default().without_rate_limit()
        },
    )
    .expect("the session starts");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut driver = Driver::new();
    let mut changed = 0;
    for step in 0..400 {
        if act(&session, &mut rng) {
            changed += 1;
        }
        // The engine answers, and now and then time passes: reminders, timeouts,
        // heartbeats, and the fake clock's time kept in the store.
        driver.play_pending(&session, |_| {});
        if step % 25 == 24 {
            let jump = if rng.random_bool(0.5) {
                20 * HOUR
            } else {
                2 * DAY
            };
            clock.set(session.now().plus(jump));
            session.tick(session.now());
            session.heartbeat(session.now());
            session
                .store()
                .set_meta_time("fake_now", session.now())
                .expect("the fake time is kept");
        }
    }
    assert!(changed > 100, "only {changed} commands changed something");
    // Then every kind of write once more, whatever the random mix left out (it is short of
    // the journal's size), so the comparison below covers each tree: a ranked game played
    // and resigned (ratings), one left running (deadlines), a tournament.
    let say = |who: &str, line: &str| {
        let r = session.handle(&ctx(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "{who}: {line}: {}", r.text.en());
        r.text.en()
    };
    // The number a challenge's answer names (`Challenge #64 ...`).
    let number = |text: &str| -> u64 {
        text.split('#')
            .nth(1)
            .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no number in {text}"))
    };
    let game = number(&say("fay", "challenge tafl @gus first ranked"));
    say("gus", &format!("accept #{game}"));
    say("fay", &format!("move #{game} d1-d4"));
    say("gus", &format!("resign #{game}"));
    let game = number(&say("fay", "challenge tafl @gus first"));
    say("gus", &format!("accept #{game}"));
    say("fay", "tournament create tafl round-robin");
    // The background work's indexes: a tournament that starts by itself, a digest, and a
    // handled chat message's record with its time.
    let in_a_month = jiff::Timestamp::from_second(session.now().0 + 30 * DAY)
        .expect("a time")
        .strftime("%Y-%m-%d")
        .to_string();
    say(
        "gus",
        &format!("tournament create tafl round-robin starts:{in_a_month}"),
    );
    say("gus", "digest on");
    // A community's puzzle document and its daily post's index: an admin's daily puzzle.
    let admin = ctx("gus").as_admin();
    let r = session.handle(&admin, "puzzle daily on 09:00 UTC");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let message = skald_session::chat_message::Message {
        id: "test:m1".into(),
        edits: None,
        original_age: None,
        age: std::time::Duration::ZERO,
        max_age: std::time::Duration::from_secs(3600),
    };
    assert!(
        session
            .handle_message(&ctx("gus"), &message, "games")
            .is_some()
    );

    // The journal as a crash would leave it (a clean close empties it), alone in a new
    // directory: opening it replays every record into an empty store.
    std::fs::create_dir_all(&rebuilt.0).expect("mkdir");
    std::fs::copy(live.0.join(FILE_NAME), rebuilt.0.join(FILE_NAME)).expect("copy the journal");
    let (_, pending) = Journal::open(&rebuilt.0).expect("the journal reads");
    assert!(
        pending
            .first()
            .is_some_and(|w| w.0.iter().any(|k| k.key == b"schema")),
        "the journal starts at the store's creation (no checkpoint emptied it): the test's mix must stay under the journal's size"
    );
    let journaled: usize = pending.iter().map(|w| w.0.len()).sum();
    let from_journal = SledStore::open(&rebuilt.0).expect("the rebuilt store opens");
    let want = session.store().raw_dump().expect("dumps");
    let got = from_journal.raw_dump().expect("dumps");
    let missing: Vec<_> = want.iter().filter(|kv| !got.contains(kv)).collect();
    let extra: Vec<_> = got.iter().filter(|kv| !want.contains(kv)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{} keys written around the journal (first: {:?}), {} only in the journal (first: {:?})",
        missing.len(),
        missing
            .first()
            .map(|(t, k, _)| (t, String::from_utf8_lossy(k))),
        extra.len(),
        extra
            .first()
            .map(|(t, k, _)| (t, String::from_utf8_lossy(k)))
    );
    // Every tree took part, so the comparison covers each write path.
    for tree in TREE_NAMES {
        assert!(
            want.iter().any(|(t, _, _)| *t == tree),
            "nothing was written to {tree}"
        );
    }
    for key in ["next_id", "schema", "alive", "fake_now"] {
        assert!(
            want.iter()
                .any(|(t, k, _)| *t == "meta" && k.as_slice() == key.as_bytes()),
            "meta has no {key}"
        );
    }
    println!(
        "seed {seed}: {changed} of 400 commands changed the store; {} records, {journaled} key writes journaled; {} keys compared",
        pending.len(),
        want.len()
    );
}

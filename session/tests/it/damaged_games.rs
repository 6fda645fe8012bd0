//! A damaged stored game (garbage bytes, truncated JSON, a record whose moves no longer
//! replay) through the session: a clear answer for that game, every other game served,
//! lists working, the scheduler skipping it without spinning, start-up and export working.

use crate::common::{open, temp_dir};
use skald_session::clock::{DAY, FakeClock};
use skald_session::store::{SledStore, Store};
use skald_session::{Context, Reply, ReplyKind, Session, User};
use std::path::Path;

fn say(s: &Session, who: &str, line: &str) -> Reply {
    let ctx = Context::private(User::new("console", who, who), "console", "console");
    s.handle(&ctx, line)
}

fn ok(s: &Session, who: &str, line: &str) -> Reply {
    let r = say(s, who, line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    r
}

/// Starts a game of `rule_set` between `a` (first) and `b` and plays its first legal move.
fn start(s: &Session, a: &str, b: &str, rule_set: &str) -> u64 {
    ok(s, a, &format!("challenge {rule_set} @{b} first"));
    let r = ok(s, b, "accept");
    let id: u64 = r.text.en()["Game #".len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a game number in {}", r.text.en()));
    play_one(s, id);
    id
}

fn play_one(s: &Session, id: u64) -> Reply {
    let g = s.store().game(id).expect("reads").expect("exists").doc;
    let m = g.live().expect("replays");
    let seat = m.position().status().seat().expect("someone moves");
    let mv = m.position().legal_moves()[0].clone();
    ok(
        s,
        &g.players[seat.index()].id.id,
        &format!("move #{id} {mv}"),
    )
}

/// Overwrites a game's stored bytes behind the store's back.
fn damage(dir: &Path, id: u64, bytes: &[u8]) {
    // sled's background writer threads may hold the directory's lock a moment after the
    // store is dropped (seen on a loaded machine): wait for it, up to 5 s.
    let mut tries = 0;
    let db = loop {
        match sled::open(dir) {
            Ok(db) => break db,
            Err(e) if tries < 50 && e.to_string().contains("lock") => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err(e) => panic!("sled opens: {e}"),
        }
    };
    db.open_tree("games")
        .expect("the games tree")
        .insert(id.to_be_bytes(), bytes)
        .expect("writes");
    db.flush().expect("flushes");
}

fn assert_unreadable(r: &Reply, id: u64) {
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert!(
        r.text.en().contains(&format!("game #{id} cannot be read"))
            && r.text.en().contains("skald export")
            && !r.text.en().contains("store failed"),
        "{}",
        r.text.en()
    );
}

#[test]
fn a_damaged_game_gets_a_clear_answer_and_the_others_are_served() {
    let dir = temp_dir("damaged");
    let (garbage, truncated, unreplayable, healthy, others);
    let stored: Vec<u8>;
    let subulata: serde_json::Value;
    {
        let s = open(&dir.0, FakeClock::EPOCH);
        garbage = start(&s, "alice", "bob", "hnefatafl");
        truncated = start(&s, "alice", "carol", "daldosa");
        unreplayable = start(&s, "alice", "dave", "subulata");
        healthy = start(&s, "alice", "erin", "hnefatafl-13");
        others = start(&s, "bob", "carol", "adelta");
        stored = serde_json::to_vec(
            &s.store()
                .game(truncated)
                .expect("reads")
                .expect("exists")
                .doc,
        )
        .expect("json");
        subulata = serde_json::to_value(
            &s.store()
                .game(unreplayable)
                .expect("reads")
                .expect("exists")
                .doc,
        )
        .expect("json");
    }
    damage(&dir.0, garbage, b"\x00\xffnot a game at all");
    damage(&dir.0, truncated, &stored[..stored.len() / 2]);
    let mut broken = subulata.clone();
    broken["position"] = "".into();
    broken["record"]["actions"]
        .as_array_mut()
        .expect("actions")
        .push(serde_json::json!({ "move": "z99-z98" }));
    damage(
        &dir.0,
        unreplayable,
        &serde_json::to_vec(&broken).expect("json"),
    );

    // Restarted a day later: start-up gives the down time back to every readable game.
    let s = open(&dir.0, FakeClock::EPOCH.plus(DAY));
    for id in [garbage, truncated, unreplayable] {
        assert_unreadable(&say(&s, "alice", &format!("board #{id}")), id);
        assert_unreadable(&say(&s, "alice", &format!("resign #{id}")), id);
    }
    assert_unreadable(
        &say(&s, "alice", &format!("move #{garbage} d1-d4")),
        garbage,
    );
    let r = say(&s, "alice", &format!("board #{unreplayable}"));
    assert!(
        r.text.en().contains("record no longer replays"),
        "{}",
        r.text.en()
    );
    // No hidden value in the answer: the Subulata record is never quoted.
    assert!(
        !r.text.en().contains("arrange") && !r.text.en().contains("start"),
        "{}",
        r.text.en()
    );

    // The other games are served, by the same player too.
    ok(&s, "alice", &format!("board #{healthy}"));
    play_one(&s, healthy);
    play_one(&s, others);
    let games = ok(&s, "alice", "games").text.en();
    assert!(
        games.contains(&format!("#{healthy} Hnefatafl 13x13")),
        "{games}"
    );
    for id in [garbage, truncated] {
        assert!(
            games.contains(&format!("game #{id} cannot be read")),
            "{games}"
        );
    }
    ok(&s, "alice", "history");
    ok(&s, "carol", "games");
    ok(&s, "carol", "ladder");

    // The scheduler times out the readable games and skips the damaged ones for good.
    let later = FakeClock::EPOCH.plus(30 * DAY);
    let notices = s.tick(later);
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.en().contains(&format!("#{healthy}: "))),
        "the healthy game timed out: {:?}",
        notices
            .iter()
            .map(|n| n.reply.text.en())
            .collect::<Vec<_>>()
    );
    assert!(
        s.next_wakeup().is_none_or(|at| at > later),
        "no deadline left that would wake the scheduler at once: {:?}",
        s.next_wakeup()
    );
    assert!(s.tick(later).is_empty(), "nothing to do twice");

    // The export still has every game: the damaged ones raw, for the admin.
    let mut out = Vec::new();
    s.store().export(&mut out).expect("the export works");
    let text = String::from_utf8_lossy(&out);
    let unreadable = text
        .lines()
        .filter(|l| l.starts_with("{\"unreadable_game\""))
        .count();
    assert_eq!(unreadable, 2, "garbage and truncated are exported raw");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("{\"game\"")).count(),
        3,
        "the other games (the unreplayable one decodes) are exported as games"
    );
    let err = SledStore::temporary()
        .expect("opens")
        .import(&mut std::io::Cursor::new(out))
        .expect_err("an unreadable line is not imported silently");
    assert!(
        err.to_string().contains("was unreadable when exported"),
        "{err}"
    );
}

#[test]
fn a_game_the_engine_cannot_read_does_not_stop_it_elsewhere() {
    let dir = temp_dir("damaged-engine");
    let (broken_id, good_id);
    let doc: serde_json::Value;
    {
        let s = open(&dir.0, FakeClock::EPOCH);
        // Two games where the engine (playing first) is to move.
        let r = ok(&s, "alice", "challenge tafl @skald easy second");
        assert!(r.text.en().contains("Game #1 starts"), "{}", r.text.en());
        ok(&s, "bob", "challenge adelta @skald easy second");
        (broken_id, good_id) = (1, 2);
        assert_eq!(
            s.engine_turns().expect("turns").len(),
            2,
            "both games wait for the engine"
        );
        doc = serde_json::to_value(
            &s.store()
                .game(broken_id)
                .expect("reads")
                .expect("exists")
                .doc,
        )
        .expect("json");
    }
    // A document that decodes, but whose position neither reads nor replays.
    let mut broken = doc.clone();
    broken["position"] = "".into();
    broken["record"]["start"] = "not a position".into();
    damage(
        &dir.0,
        broken_id,
        &serde_json::to_vec(&broken).expect("json"),
    );
    let s = open(&dir.0, FakeClock::EPOCH);
    let turns = s.engine_turns().expect("the other game is still listed");
    assert_eq!(
        turns.iter().map(|t| t.game).collect::<Vec<_>>(),
        [good_id],
        "only the readable game waits for the engine"
    );
    let mut notices = Vec::new();
    skald_session::engine_driver::Driver::new().play_pending(&s, |n| notices.push(n));
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.en().contains(&format!("#{good_id}: skald"))),
        "the engine moved in the readable game: {:?}",
        notices
            .iter()
            .map(|n| n.reply.text.en())
            .collect::<Vec<_>>()
    );
}

//! Notices as the store's outbox keeps them (`stored_notice.rs`): every kind the session makes
//! (reminders, timeouts, engine moves, Subulata's private parts, buttons, copies for another
//! platform's home, digests, files) reads back equal to what was written, and damaged bytes
//! are an error that quotes nothing, never a panic.

use super::support::{console, ok, play_first, session_on};
use crate::clock::{DAY, FakeClock, HOUR};
use crate::engine_driver::Driver;
use crate::files::FileBody;
use crate::store::SledStore;
use crate::*;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use skald_rules::{RuleSetId, Viewer};
use std::sync::Arc;

/// `n` written and read back: equal, and written again to the same bytes.
#[track_caller]
fn round_trip(n: &Notice) {
    let bytes = n.to_stored().expect("a notice the session made is stored");
    let back = Notice::from_stored(&bytes, &n.platform).expect("a stored notice reads back");
    assert_eq!(&back, n);
    assert_eq!(back.to_stored().expect("stored again"), bytes, "stable");
}

/// A reply as the notice posting it in `channel` (what the outbox holds for an answer's copy).
fn notice(channel: &str, reply: Reply) -> Notice {
    Notice {
        channel: ChannelId(channel.into()),
        platform: "console".into(),
        reply,
        said: None,
    }
}

/// A session whose engine searches little, on a fake clock.
fn engine_session() -> (Session, Arc<FakeClock>) {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        clock.clone(),
        StdRng::seed_from_u64(11),
        SessionConfig {
            engine_budget_scale: 0.02,
            ..SessionConfig::default().without_rate_limit()
        },
    )
    .expect("session opens");
    (s, clock)
}

/// Every engine move waiting, as the chat platforms get them (merged) or the console (each
/// on its own, with the line the engine would have typed).
fn engine_notices(s: &Session, separate: bool) -> Vec<Notice> {
    let mut driver = Driver::new();
    driver.uncapped = true;
    driver.separate = separate;
    let mut notices = Vec::new();
    driver.play_pending(s, |n| notices.push(n));
    notices
}

#[test]
fn reminders_and_timeouts_read_back_equal() {
    for rule_set in ["tafl", "subulata", "adelta"] {
        let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
        let s = session_on(SledStore::temporary().expect("store"), clock.clone());
        ok(
            &s,
            "alice",
            &format!("challenge {rule_set} @bob first days:2"),
        );
        ok(&s, "bob", "accept");
        // One turn (a dice turn may take several steps, and its opening roll may give the
        // first turn to bob): then the other player waits.
        let to_move = || {
            let g = s.test_game(1);
            let seat = g.live().expect("replays").position().status().seat();
            g.players[seat.expect("running").index()].name.clone()
        };
        let first = to_move();
        while to_move() == first {
            play_first(&s, &first, 1);
        }
        // The last day's reminder, the last hour's, then the timeout.
        let reminder = s.tick(clock.advance(DAY + HOUR));
        assert!(!reminder.is_empty(), "{rule_set}: a reminder");
        let last = s.tick(clock.advance(22 * HOUR + 30 * 60));
        assert!(!last.is_empty(), "{rule_set}: the last hour's reminder");
        let timeout = s.tick(clock.advance(DAY));
        assert!(!timeout.is_empty(), "{rule_set}: the timeout");
        assert!(
            s.test_game(1).end.is_some(),
            "{rule_set}: ended by the clock"
        );
        for n in reminder.iter().chain(&last).chain(&timeout) {
            round_trip(n);
        }
    }
}

#[test]
fn engine_moves_read_back_equal_merged_or_each_with_its_line() {
    for (rule_set, separate) in [
        ("tafl", false),
        ("adelta", false),
        ("adelta", true),
        ("daldosa", true),
        ("subulata", false),
    ] {
        let (s, _) = engine_session();
        let r = s.handle(
            &console("alice"),
            &format!("challenge {rule_set} @skald easy second"),
        );
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        // In the dice games an opening roll may give alice the first turn: she plays it.
        let mut notices = engine_notices(&s, separate);
        while notices.is_empty() && s.test_game(1).end.is_none() {
            play_first(&s, "alice", 1);
            notices = engine_notices(&s, separate);
        }
        assert!(!notices.is_empty(), "{rule_set}: the engine moved");
        if separate {
            assert!(notices.iter().all(|n| n.said.is_some()), "{rule_set}");
        }
        for n in &notices {
            round_trip(n);
        }
    }
}

#[test]
fn subulata_private_parts_read_back_with_their_viewers() {
    let (s, _) = engine_session();
    // The human moves second: the engine's first move brings alice her own view.
    let start = ok(&s, "alice", "challenge subulata @skald easy second");
    round_trip(&notice("console", start.clone()));
    let notices = engine_notices(&s, false);
    let start = notice("console", start);
    let private: Vec<&Board> = notices
        .iter()
        .chain(std::iter::once(&start))
        .flat_map(|n| &n.reply.private)
        .flat_map(|p| &p.boards)
        .collect();
    assert!(
        private.iter().any(|b| matches!(b.viewer, Viewer::Seat(_))),
        "a seat's view: {notices:?}"
    );
    for n in &notices {
        round_trip(n);
    }
    // Between two people: both private views at the start, and each turn's.
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    ok(&s, "alice", "challenge subulata @bob first");
    let r = ok(&s, "bob", "accept");
    assert_eq!(r.private.len(), 2, "{}", r.text.en());
    round_trip(&notice("console", r));
    ok(&s, "alice", "arrange #1 9 8 7 6 5 4 3 2 1");
    round_trip(&notice("console", play_first(&s, "alice", 1)));
    for n in s.tick(clock.advance(2 * DAY + HOUR)) {
        round_trip(&n);
    }
    // Resigned: every value revealed, in the channel's boards.
    let r = ok(&s, "bob", "resign");
    assert!(r.boards.iter().all(|b| b.viewer == Viewer::Final));
    round_trip(&notice("console", r));
}

#[test]
fn choices_read_back_as_the_same_commands() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    // An open challenge (accept for anyone), a direct one (accept and decline for bob).
    let open = ok(&s, "alice", "challenge daldosa");
    let direct = ok(&s, "carol", "challenge adelta @bob first");
    let start = ok(&s, "bob", "accept #2");
    let mut replies = vec![open, direct, start];
    // A dice turn: every legal step as a button; then a draw offer and a finished game's
    // rematch, record and replay buttons.
    for _ in 0..6 {
        let g = s.test_game(2);
        let seat = g.live().expect("replays").position().status().seat();
        let Some(seat) = seat else { break };
        replies.push(play_first(&s, &g.players[seat.index()].name, 2));
    }
    ok(&s, "dave", "challenge tafl @erin first");
    ok(&s, "erin", "accept #3");
    replies.push(ok(&s, "dave", "draw #3"));
    replies.push(ok(&s, "erin", "resign #3"));
    let commands: Vec<&str> = replies
        .iter()
        .flat_map(|r| &r.choices)
        .map(|c| c.command.name())
        .collect();
    for word in ["accept", "decline", "move", "rematch", "export", "replay"] {
        assert!(commands.contains(&word), "{word} in {commands:?}");
    }
    for r in replies {
        round_trip(&notice("console", r));
    }
    // A choice whose command has no exact button code is refused when written, by name.
    let mut odd = Reply::done(Text::verbatim("odd"));
    odd.choices.push(Choice {
        label: Text::verbatim("x"),
        command: command::Command::Help(Some("a:b".into())),
        for_user: None,
    });
    assert_eq!(
        notice("console", odd).to_stored(),
        Err(NoticeStoreError::Unstorable { command: "help" })
    );
}

/// One community on a Discord server and a Matrix room (as `tests/link.rs`).
fn club() -> (Session, Arc<FakeClock>) {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let home = |platform: &str, channel: &str| crate::homes::Home {
        platform: platform.into(),
        channel: ChannelId(channel.into()),
    };
    let communities = community::CommunityMap::new(vec![community::CommunityDef {
        name: "club".into(),
        members: vec!["discord:81".into(), "!room:example.org".into()],
        posts: vec![home("matrix", "!room:example.org"), home("discord", "9200")],
        language: Some(Lang::ALL[Lang::ALL.len() - 1]),
        daily_puzzle: None,
    }])
    .expect("valid");
    let session = Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        clock.clone(),
        StdRng::seed_from_u64(5),
        SessionConfig {
            communities,
            ..SessionConfig::default().without_rate_limit()
        },
    )
    .expect("session opens");
    (session, clock)
}

/// Bob on Discord and Alice on Matrix, each where only they read: the two homes of a game
/// between platforms.
fn discord_bob_and_matrix_alice() -> (Context, Context) {
    let bob = Context::private(User::new("discord", "101", "bob"), "discord:81", "9100");
    let alice = Context::private(
        User::new("matrix", "alice:example.org", "M-alice"),
        "!room:example.org",
        "!room:example.org",
    );
    (bob, alice)
}

#[test]
fn copies_for_another_platforms_home_read_back_equal() {
    let (s, clock) = club();
    let (bob, alice) = discord_bob_and_matrix_alice();
    let say = |c: &Context, line: &str| {
        let r = s.handle(c, line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        r
    };
    say(&bob, "games");
    say(&alice, "challenge subulata @bob first");
    let mut copies = Vec::new();
    let r = say(&bob, "accept #1");
    copies.extend(r.elsewhere.clone());
    // The copy in a reply's own notice, elsewhere inside elsewhere's parent.
    round_trip(&notice("9100", r));
    let mv = s
        .test_game(1)
        .live()
        .expect("replays")
        .position()
        .legal_moves()[0]
        .clone();
    copies.extend(say(&alice, &format!("move #1 {mv}")).elsewhere);
    assert!(copies.len() >= 2, "{copies:?}");
    for n in &copies {
        round_trip(n);
    }
    let reminders = s.tick(clock.advance(2 * DAY + HOUR));
    assert!(reminders.len() >= 2, "one per home: {reminders:?}");
    for n in &reminders {
        round_trip(n);
    }
}

/// The platforms of the notices waiting in the outbox for `platform`, with their channels
/// (posted, so each is seen once).
fn waiting(s: &Session, platform: &str) -> Vec<(String, String)> {
    let taken = s.take_notices(&[platform], "test", outbox::POST_LEASE, 100);
    let ids: Vec<u64> = taken.iter().map(|(id, _)| *id).collect();
    s.notices_posted(&ids);
    taken
        .into_iter()
        .map(|(_, n)| (n.platform, n.channel.0))
        .collect()
}

#[test]
fn each_notice_waits_in_the_outbox_of_its_homes_platform() {
    let (s, clock) = club();
    let (bob, alice) = discord_bob_and_matrix_alice();
    let say = |c: &Context, line: &str| {
        let r = s.handle(c, line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        r
    };
    say(&bob, "games");
    say(&alice, "challenge tafl @bob first");
    let r = say(&bob, "accept #1");
    // The answer's copy for the Matrix room is Matrix's, from the game's home there.
    let copies: Vec<(&str, &str)> = r
        .elsewhere
        .iter()
        .map(|n| (n.platform.as_str(), n.channel.0.as_str()))
        .collect();
    assert_eq!(copies, [("matrix", "!room:example.org")]);
    s.send_later(&r.elsewhere).expect("written");
    assert_eq!(
        waiting(&s, "matrix"),
        [("matrix".to_string(), "!room:example.org".to_string())]
    );
    // A reminder: one notice per home, each in its own platform's outbox.
    waiting(&s, "discord");
    let notices = s.tick(clock.advance(2 * DAY + HOUR));
    let told: Vec<(&str, &str)> = notices
        .iter()
        .map(|n| (n.platform.as_str(), n.channel.0.as_str()))
        .collect();
    assert_eq!(told, [("matrix", "!room:example.org"), ("discord", "9100")]);
    assert_eq!(
        waiting(&s, "discord"),
        [("discord".to_string(), "9100".to_string())]
    );
    assert_eq!(
        waiting(&s, "matrix"),
        [("matrix".to_string(), "!room:example.org".to_string())]
    );
    assert!(waiting(&s, "console").is_empty());
}

/// Game 1 as a game from before homes were recorded: its homes taken off the document.
fn forget_homes(s: &Session) {
    let stored = s.store().game(1).expect("reads").expect("game 1");
    let mut old = stored.doc.clone();
    old.homes.clear();
    s.store()
        .commit(store::Commit {
            games: vec![(Some(stored), old)],
            ..store::Commit::default()
        })
        .expect("written");
}

#[test]
fn a_game_from_before_homes_is_posted_on_its_players_platform() {
    // Console players in a channel whose id is all digits, as Discord's are: the players'
    // platform decides, not the id's shape.
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    let at = |who: &str| Context::private(User::new("console", who, who), "console", "4242");
    for (who, line) in [("alice", "challenge tafl @bob first"), ("bob", "accept")] {
        let r = s.handle(&at(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    }
    forget_homes(&s);
    let g = s.test_game(1);
    assert!(g.homes.is_empty());
    let homes = g.homes();
    assert_eq!(homes[0].platform, "", "no home recorded");
    assert_eq!(g.platform_of(&homes[0]), "console");
    let notices = s.tick(clock.advance(2 * DAY + HOUR));
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(
        (notices[0].platform.as_str(), notices[0].channel.0.as_str()),
        ("console", "4242")
    );
    assert!(waiting(&s, "discord").is_empty());
    assert_eq!(
        waiting(&s, "console"),
        [("console".to_string(), "4242".to_string())]
    );
}

#[test]
fn a_game_from_before_homes_against_the_engine_is_posted_on_the_persons_platform() {
    // The engine (its own platform, `skald`) holds the first seat: the person's platform
    // is the game's, for its notices and for the engine's turn.
    let (s, _) = engine_session();
    let alice = Context::private(
        User::new("matrix", "alice:example.org", "alice"),
        "!room:example.org",
        "!room:example.org",
    );
    let r = s.handle(&alice, "challenge tafl @skald easy second");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    forget_homes(&s);
    let g = s.test_game(1);
    assert!(crate::engine::is_engine(&g.players[0].id));
    assert_eq!(g.platform_of(&g.homes()[0]), "matrix");
    let turns = s.engine_turns().expect("turns");
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0].home.platform, "matrix");
    let notices = engine_notices(&s, false);
    assert!(!notices.is_empty());
    for n in &notices {
        assert_eq!(
            (n.platform.as_str(), n.channel.0.as_str()),
            ("matrix", "!room:example.org")
        );
    }
}

#[test]
fn a_daily_digest_reads_back_equal() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    ok(&s, "alice", "digest on 09:00 europe/paris");
    ok(&s, "alice", "language fr");
    ok(&s, "alice", "challenge tafl @bob first days:7");
    ok(&s, "bob", "accept");
    let notices = s.tick(clock.advance(8 * HOUR + 60));
    let digest = notices
        .iter()
        .find(|n| n.reply.private.iter().any(|p| p.lang.is_some()))
        .expect("alice's digest, in her language");
    round_trip(digest);
}

#[test]
fn files_read_back_equal_records_and_replays() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    ok(&s, "alice", "challenge subulata @bob first");
    ok(&s, "bob", "accept");
    play_first(&s, "alice", 1);
    // A running Subulata game: each player's own record, privately.
    let mine = ok(&s, "alice", "export #1");
    assert_eq!(mine.private.len(), 1, "{}", mine.text.en());
    assert_eq!(mine.private[0].files.len(), 1);
    let replay = ok(&s, "alice", "replay #1");
    round_trip(&notice("console", mine));
    round_trip(&notice("console", replay));
    ok(&s, "bob", "resign");
    // Finished: the whole record and replay, in the channel.
    for line in ["export #1", "replay #1"] {
        let r = ok(&s, "carol", line);
        assert_eq!(r.files.len(), 1, "{line}: {}", r.text.en());
        round_trip(&notice("console", r));
    }
    let r = ok(&s, "carol", "export #1");
    let FileBody::Record(bytes) = &r.files[0].body else {
        panic!("a record");
    };
    assert!(std::str::from_utf8(bytes).is_ok(), "records are text");
    // Bytes that are not UTF-8 come back exactly too.
    let mut odd = r.clone();
    odd.files[0].body = FileBody::Record(vec![0xff, 0, b'{', 0xc3]);
    round_trip(&notice("console", odd));
}

#[test]
fn the_stored_form_is_pinned() {
    // A change here is a change of the stored form: raise NOTICE_FORMAT with it.
    let mut reply = Reply::done(Text::verbatim("hi"));
    reply.ping(&UserId::new("discord", "7"));
    reply.choices.push(Choice {
        label: Text::verbatim("Accept"),
        command: command::Command::Accept(Some(4)),
        for_user: None,
    });
    let n = Notice {
        channel: ChannelId("9100".into()),
        platform: "discord".into(),
        reply,
        said: Some(Said {
            by: "skald".into(),
            line: "accept #4".into(),
        }),
    };
    let bytes = n.to_stored().expect("stored");
    assert_eq!(
        std::str::from_utf8(&bytes).expect("text"),
        r#"{"format":1,"notice":{"channel":"9100","reply":{"kind":"done","text":[{"Verbatim":"hi"}],"notify":[{"platform":"discord","id":"7"}],"choices":[{"label":[{"Verbatim":"Accept"}],"command":"1:accept:4"}]},"said":{"by":"skald","line":"accept #4"}}}"#
    );
    round_trip(&n);
}

#[test]
fn a_notice_keeps_its_platform_out_of_its_stored_form() {
    // Its outbox entry holds it: the bytes an earlier release wrote (before notices carried
    // their platform) are the bytes written now, and read back with the entry's platform.
    let stored = r#"{"format":1,"notice":{"channel":"9100","reply":{"kind":"done","text":[{"Verbatim":"hi"}]}}}"#;
    let n = Notice {
        channel: ChannelId("9100".into()),
        platform: "discord".into(),
        reply: Reply::done(Text::verbatim("hi")),
        said: None,
    };
    assert_eq!(n.to_stored().expect("stored"), stored.as_bytes());
    assert_eq!(
        Notice::from_stored(stored.as_bytes(), "discord").expect("read"),
        n
    );
    // A platform inside the notice's own form is no form any release writes.
    let inside = stored.replacen(r#""channel""#, r#""platform":"discord","channel""#, 1);
    let e = Notice::from_stored(inside.as_bytes(), "discord").expect_err("refused");
    assert!(e.to_string().contains("damaged"), "{e}");
}

#[test]
fn a_copy_for_another_home_keeps_its_platform_in_format_3() {
    let copy = Notice {
        channel: ChannelId("!room:example.org".into()),
        platform: "matrix".into(),
        reply: Reply::done(Text::verbatim("there")),
        said: None,
    };
    let mut reply = Reply::done(Text::verbatim("here"));
    reply.elsewhere.push(copy);
    let n = Notice {
        channel: ChannelId("9100".into()),
        platform: "discord".into(),
        reply,
        said: None,
    };
    let bytes = n.to_stored().expect("stored");
    let text = std::str::from_utf8(&bytes).expect("text");
    assert_eq!(
        text,
        r#"{"format":3,"notice":{"channel":"9100","reply":{"kind":"done","text":[{"Verbatim":"here"}],"elsewhere":[{"channel":"!room:example.org","platform":"matrix","reply":{"kind":"done","text":[{"Verbatim":"there"}]}}]}}}"#
    );
    round_trip(&n);
    // The same notice as an earlier release wrote it (format 1, the copy without its
    // platform) still reads: the copy has none.
    let older = text.replacen(r#""format":3"#, r#""format":1"#, 1).replacen(
        r#""platform":"matrix","#,
        "",
        1,
    );
    let back = Notice::from_stored(older.as_bytes(), "discord").expect("an older form reads");
    assert_eq!(back.platform, "discord");
    assert_eq!(back.reply.elsewhere[0].platform, "");
    assert_eq!(
        back.reply.elsewhere[0].channel,
        n.reply.elsewhere[0].channel
    );
}

/// A Subulata game's notice holding bob's hidden values in a private part, stored.
fn secret_notice() -> (Vec<u8>, String) {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock);
    ok(&s, "alice", "challenge subulata @bob first");
    let r = ok(&s, "bob", "accept");
    let board = r.private[0].boards[0].clone();
    let notation = board.position.to_notation(Viewer::Final);
    (notice("console", r).to_stored().expect("stored"), notation)
}

#[test]
fn damaged_stored_notices_are_errors_that_quote_nothing() {
    let (bytes, notation) = secret_notice();
    let text = std::str::from_utf8(&bytes).expect("text").to_string();
    let quiet = |e: &NoticeStoreError| {
        let said = e.to_string();
        assert!(!said.contains('"') && !said.contains(&notation), "{said}");
    };
    // Cut anywhere, or a byte changed anywhere: an error (or, rarely, another valid notice),
    // never a panic.
    for cut in 0..bytes.len() {
        let e = Notice::from_stored(&bytes[..cut], "console").expect_err("cut short");
        quiet(&e);
    }
    for i in (0..bytes.len()).step_by(3) {
        for flip in [0x01, 0x20, 0x80] {
            let mut damaged = bytes.clone();
            damaged[i] ^= flip;
            if let Err(e) = Notice::from_stored(&damaged, "console") {
                quiet(&e);
            }
        }
    }
    // A changed position, command or field, a newer or unknown format: each said as such.
    let cases = [
        (text.replacen(&notation, "not a position", 1), "damaged"),
        (
            text.replacen(
                "\"format\":1",
                &format!("\"format\":{}", NOTICE_FORMAT + 1),
                1,
            ),
            "newer",
        ),
        (text.replacen("\"format\":1", "\"format\":0", 1), "unknown"),
        (
            text.replacen("\"kind\":", "\"mood\":1,\"kind\":", 1),
            "damaged",
        ),
        (
            text.replacen("\"format\":1", "\"format\":\"1\"", 1),
            "damaged",
        ),
        ("{\"format\":1}".to_string(), "damaged"),
        ("\u{0}\u{1}garbage".to_string(), "damaged"),
    ];
    for (damaged, word) in cases {
        assert_ne!(damaged, text, "{word}: the case changes something");
        let e = Notice::from_stored(damaged.as_bytes(), "console").expect_err("refused");
        quiet(&e);
        assert!(e.to_string().contains(word), "{word}: {e}");
    }
    let mut odd = notice("console", Reply::done(Text::verbatim("x")));
    odd.reply.choices.push(Choice {
        label: Text::verbatim("x"),
        command: command::Command::Games,
        for_user: None,
    });
    let stored = String::from_utf8(odd.to_stored().expect("stored")).expect("text");
    for code in ["1:nosuch:", "accept #4", "2:games"] {
        let e = Notice::from_stored(stored.replacen("1:games", code, 1).as_bytes(), "console")
            .expect_err("not a button code");
        quiet(&e);
    }
}

/// A game of `rule_set` between alice and bob with random moves, random clock steps and
/// commands, every reply and notice collected.
fn random_session(rule_set: RuleSetId, seed: u64, steps: usize) -> Vec<Notice> {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let say = |who: &str, line: &str| notice("console", s.handle(&console(who), line));
    out.push(say(
        "alice",
        &format!("challenge {} @bob days:2", rule_set.id()),
    ));
    out.push(say("bob", "accept"));
    for _ in 0..steps {
        let g = s.test_game(1);
        let Some(seat) = g.live().ok().and_then(|m| m.position().status().seat()) else {
            break;
        };
        let who = g.players[seat.index()].name.clone();
        let other = g.players[seat.other().index()].name.clone();
        let moves = g.live().expect("replays").position().legal_moves();
        match rng.random_range(0..10u32) {
            0 => out.push(say(&who, "board #1")),
            1 => out.push(say(&other, "draw #1")),
            2 => out.push(say(&other, "takeback #1")),
            3 => out.extend(s.tick(clock.advance(DAY + HOUR))),
            _ if !moves.is_empty() => {
                let i = rng.random_range(0..moves.len());
                out.push(say(&who, &format!("move #1 {}", moves[i])));
            }
            _ => break,
        }
    }
    out.extend(s.tick(clock.advance(3 * DAY)));
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn random_sessions_notices_read_back_equal(
        which in 0..RuleSetId::ALL.len(),
        seed in any::<u64>(),
    ) {
        for n in random_session(RuleSetId::ALL[which], seed, 40) {
            let bytes = n.to_stored().expect("stored");
            prop_assert_eq!(Notice::from_stored(&bytes, &n.platform).expect("read"), n);
        }
    }
}

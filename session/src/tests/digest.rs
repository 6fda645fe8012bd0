//! The daily digest and `pings off` through the session: one private message a day at the
//! player's hour in their time zone, none on a day when nothing waits, once across a
//! restart, at the same local hour across a daylight saving change; turns without mentions.

use super::support::{console, ok, play_first, session_on};
use crate::clock::{DAY, FakeClock, HOUR, Timestamp};
use crate::store::SledStore;
use crate::*;
use std::sync::Arc;

fn at(text: &str) -> Timestamp {
    let t: jiff::Timestamp = text.parse().expect("a timestamp");
    Timestamp(t.as_second())
}

/// The digests among `notices`: (reader, text).
fn digests(notices: &[Notice]) -> Vec<(String, String)> {
    notices
        .iter()
        .flat_map(|n| &n.reply.private)
        .filter(|p| p.text.en().starts_with("Your daily digest"))
        .map(|p| (p.to.id.clone(), p.text.en()))
        .collect()
}

/// alice's digest at 09:00 Paris; a game where it is her turn, lasting a week a move.
fn set_up(s: &Session) {
    let r = ok(s, "alice", "digest on 09:00 europe/paris");
    let mine = r.private[0].text.en();
    assert!(r.text.en().is_empty(), "nothing for the channel");
    assert!(
        mine.contains("Your daily digest comes at 09:00 (Europe/Paris)"),
        "{mine}"
    );
    ok(s, "alice", "challenge tafl @bob first days:7");
    ok(s, "bob", "accept");
}

#[test]
fn a_digest_a_day_at_the_players_hour_and_none_when_nothing_waits() {
    let clock = Arc::new(FakeClock::new(at("2025-01-06T07:00:00Z")));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    set_up(&s);
    // Paris is UTC+1 in January: 09:00 there is 08:00 UTC.
    assert_eq!(s.next_wakeup(), Some(at("2025-01-06T08:00:00Z")));
    assert!(
        digests(&s.tick(clock.advance(HOUR - 60))).is_empty(),
        "not yet"
    );
    let sent = digests(&s.tick(clock.advance(60)));
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, "alice");
    assert!(
        sent[0].1.contains("one game waits for your move")
            && sent[0]
                .1
                .contains("#1 Hnefatafl 11x11 against bob: 6 days 23 hours left"),
        "{}",
        sent[0].1
    );
    assert!(digests(&s.tick(clock.now())).is_empty(), "once");
    // The next day, the same.
    let sent = digests(&s.tick(clock.advance(DAY)));
    assert_eq!(sent.len(), 1);
    assert!(sent[0].1.contains("5 days 23 hours left"), "{}", sent[0].1);
    // alice moves: nothing waits for her, so the next day brings no digest.
    play_first(&s, "alice", 1);
    assert!(digests(&s.tick(clock.advance(DAY))).is_empty());
    assert_eq!(
        s.next_wakeup(),
        Some(at("2025-01-09T08:00:00Z")),
        "the day went by without a message, and the next is planned"
    );
    // `digest off` stops it.
    ok(&s, "alice", "digest off");
    play_first(&s, "bob", 1);
    assert!(digests(&s.tick(clock.advance(DAY))).is_empty());
}

#[test]
fn a_digest_due_while_skald_was_down_comes_once_after_the_restart() {
    let store = SledStore::temporary().expect("store");
    let clock = Arc::new(FakeClock::new(at("2025-01-06T07:00:00Z")));
    let s = session_on(store.clone(), clock.clone());
    set_up(&s);
    drop(s);
    // Down over 08:00 UTC; started again at 10:00.
    clock.advance(3 * HOUR);
    let s = session_on(store, clock.clone());
    let sent = digests(&s.tick(clock.now()));
    assert_eq!(sent.len(), 1);
    assert!(digests(&s.tick(clock.now())).is_empty(), "once");
    assert_eq!(s.next_wakeup(), Some(at("2025-01-07T08:00:00Z")));
}

#[test]
fn the_digest_keeps_its_local_hour_across_a_daylight_saving_change() {
    // Paris moves to summer time on 2025-03-30: 09:00 is 08:00 UTC before, 07:00 after.
    let clock = Arc::new(FakeClock::new(at("2025-03-28T12:00:00Z")));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    set_up(&s);
    let mut sent_at = Vec::new();
    for _ in 0..3 {
        let next = s.next_wakeup().expect("a digest is planned");
        clock.advance(next.since(clock.now()));
        let sent = digests(&s.tick(clock.now()));
        assert_eq!(sent.len(), 1);
        sent_at.push(next);
    }
    assert_eq!(
        sent_at,
        [
            at("2025-03-29T08:00:00Z"),
            at("2025-03-30T07:00:00Z"),
            at("2025-03-31T07:00:00Z")
        ]
    );
}

#[test]
fn bad_settings_are_refused_and_pings_off_takes_the_mention_away() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    let ctx = console("alice");
    for (line, says) in [
        (
            "digest on 25:00",
            "'25:00' is neither a time like 09:00 nor a time zone",
        ),
        ("digest on Mars/Olympus", "'Mars/Olympus' is neither"),
        (
            "digest maybe",
            "expected `digest`, `digest on [HH:MM] [time zone]`",
        ),
        ("pings loud", "expected `pings`, `pings on` or `pings off`"),
    ] {
        let r = s.handle(&ctx, line);
        assert_eq!(r.kind, ReplyKind::Refused, "{line}");
        assert!(r.text.en().contains(says), "{line}: {}", r.text.en());
    }
    assert!(s.next_wakeup().is_none(), "no digest was set");
    let r = ok(&s, "bob", "pings off");
    assert!(
        r.private[0]
            .text
            .en()
            .contains("only the deadline reminders will tell you"),
        "{}",
        r.private[0].text.en()
    );
    ok(&s, "alice", "challenge tafl @bob first");
    ok(&s, "bob", "accept");
    let r = play_first(&s, "alice", 1);
    assert!(r.notify.is_empty(), "bob is not mentioned: {:?}", r.notify);
    assert!(
        r.text.en().contains("bob (Defenders) to move"),
        "{}",
        r.text.en()
    );
    ok(&s, "bob", "pings on");
    play_first(&s, "bob", 1);
    let r = play_first(&s, "alice", 1);
    assert_eq!(r.notify, vec![UserId::new("console", "bob")]);
}

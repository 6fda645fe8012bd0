//! Time banks through the session (`clock:1d+2h`): the bank falls while a player thinks,
//! grows by the increment after their move (never beyond the cap), the player is reminded
//! a day and an hour before it runs out, and it runs out exactly at zero, once, across a
//! restart; a vacation stops it; bad controls are refused and change nothing.

use super::support::{ok as say, session_on};
use crate::clock::{DAY, FakeClock, HOUR, MINUTE};
use crate::store::SledStore;
use crate::*;
use std::sync::Arc;

#[test]
fn a_bank_falls_grows_reminds_and_runs_out_exactly_at_zero_once_across_a_restart() {
    let store = SledStore::temporary().expect("store");
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let t0 = FakeClock::EPOCH;
    let s = session_on(store.clone(), clock.clone());
    let r = say(&s, "alice", "challenge tafl @bob first clock:1d+2h");
    assert!(
        r.text
            .en()
            .contains("a bank of 1 day, 2 hours added a move"),
        "{}",
        r.text.en()
    );
    say(&s, "bob", "accept");
    let g = s.test_game(1);
    assert_eq!(g.clock.deadline, t0.plus(DAY));
    // A 1-day bank: no reminder a day before (that is now), one an hour before.
    assert_eq!(g.clock.remind_at, Some(t0.plus(DAY - HOUR)));

    // alice thinks 5 hours: 19 left, 21 after the increment.
    clock.advance(5 * HOUR);
    say(&s, "alice", "move d1-d4");
    let b = say(&s, "bob", "board").text.en();
    assert!(b.contains("Clocks: alice 21 h 0 min, bob 1 d."), "{b}");
    assert!(
        say(&s, "bob", "board").boards[0].players[0]
            .en()
            .ends_with("· 21 h 0 min"),
        "the picture shows the time beside the name"
    );
    // bob answers in an hour: 23 left, 25 with the increment, capped at the 1-day bank.
    clock.advance(HOUR);
    say(&s, "bob", "move f4-e4");
    let g = s.test_game(1);
    assert_eq!(g.banks, [21 * HOUR, DAY]);
    assert_eq!(g.clock.deadline, t0.plus(6 * HOUR + 21 * HOUR));
    let games = say(&s, "alice", "games").text.en();
    assert!(
        games.contains("your clock 21 h 0 min, bob's 1 d"),
        "{games}"
    );

    // The last hour's reminder, once.
    let now = clock.advance(20 * HOUR);
    let notices = s.tick(now);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].reply.text.en().contains("Reminder, alice")
            && notices[0].reply.text.en().contains("in 1 hour"),
        "{}",
        notices[0].reply.text.en()
    );
    assert!(s.tick(now).is_empty(), "reminded once");

    // The bot restarts; one second before zero nothing happens, at zero the bank is out.
    s.heartbeat(now);
    drop(s);
    let s = session_on(store.clone(), clock.clone());
    let now = clock.advance(HOUR - 1);
    assert!(s.tick(now).is_empty());
    let now = clock.advance(1);
    let notices = s.tick(now);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0]
            .reply
            .text
            .en()
            .contains("alice (Attackers)'s time ran out"),
        "{}",
        notices[0].reply.text.en()
    );
    assert!(s.tick(clock.advance(MINUTE)).is_empty(), "once");
    let end = s.test_game(1).end.expect("over");
    assert_eq!(end.at, t0.plus(27 * HOUR));
}

#[test]
fn a_vacation_stops_the_bank_of_the_player_on_vacation() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let t0 = FakeClock::EPOCH;
    let s = session_on(SledStore::temporary().expect("store"), clock.clone());
    say(&s, "alice", "challenge tafl @bob first clock:1d+2h");
    say(&s, "bob", "accept");
    clock.advance(2 * HOUR);
    say(&s, "alice", "vacation 2");
    // Two days away cost nothing: at T0 + 2 d + 3 h she has used 3 hours of her bank.
    clock.advance(2 * DAY + HOUR);
    say(&s, "alice", "move d1-d4");
    let g = s.test_game(1);
    assert_eq!(g.banks[0], 21 * HOUR + 2 * HOUR, "{:?}", g.banks);
    assert_eq!(g.clock.deadline, t0.plus(2 * DAY + 3 * HOUR + DAY));
}

#[test]
fn a_bad_time_control_is_refused_and_changes_nothing() {
    let store = SledStore::temporary().expect("store");
    let s = session_on(store, Arc::new(FakeClock::new(FakeClock::EPOCH)));
    let before = {
        let mut out = Vec::new();
        s.store().export(&mut out).expect("exports");
        out
    };
    let ctx = Context::private(User::new("console", "alice", "alice"), "console", "console");
    for (line, says) in [
        ("challenge tafl clock:3x", "not a time control"),
        ("challenge tafl clock:0d", "1 hour to 60 days"),
        ("challenge tafl clock:99d+1h", "1 hour to 60 days"),
        ("challenge tafl days:3 clock:3d+6h", "not both"),
        ("challenge tafl cap:14d", "give the bank too"),
        ("challenge tafl clock:3d+6h cap:1d", "at least the bank"),
    ] {
        let r = s.handle(&ctx, line);
        assert_eq!(r.kind, ReplyKind::Refused, "{line}: {}", r.text.en());
        assert!(r.text.en().contains(says), "{line}: {}", r.text.en());
        let mut after = Vec::new();
        s.store().export(&mut after).expect("exports");
        assert!(after == before, "{line} changed the store");
    }
    // A cap lets the bank grow beyond its start; the rematch keeps the control.
    let r = say(&s, "alice", "challenge tafl @bob clock:10d+36h cap:14d");
    assert!(r.text.en().contains("up to 14 days"), "{}", r.text.en());
}

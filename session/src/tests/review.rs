//! `review`: refused on a live game with nothing stored; asked for, made by the engine's
//! driver with its progress at each quarter, posted once where it was asked; answered at
//! once afterwards, the same; made again by another driver when the first stopped midway.

use crate::clock::FakeClock;
use crate::engine_driver::Driver;
use crate::review::{HOLD_SECS, ReviewState};
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use skald_rules::{RuleSetId, Viewer};
use std::sync::Arc;

/// A session whose searches are small (`[ai] budget_scale`), on a fake clock.
fn session(clock: &Arc<FakeClock>) -> Session {
    let config = SessionConfig {
        engine_budget_scale: 0.02,
        ..SessionConfig::default()
    };
    Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        clock.clone(),
        rand::rngs::StdRng::seed_from_u64(7),
        config.without_rate_limit(),
    )
    .expect("session opens")
}

fn at(who: &str, channel: &str) -> Context {
    Context::new(User::new("console", who, who), "console", channel)
}

fn say(s: &Session, who: &str, channel: &str, line: &str) -> Reply {
    s.handle(&at(who, channel), line)
}

/// Game 1 of `rule_set` between alice and bob in `#hall`, `moves` first legal moves played
/// (rolls made by the session), then resigned by bob.
fn finished(s: &Session, rule_set: RuleSetId, moves: usize) -> u64 {
    let r = say(
        s,
        "alice",
        "hall",
        &format!("challenge {} @bob first", rule_set.id()),
    );
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let r = say(s, "bob", "hall", "accept #1");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    for _ in 0..moves {
        let g = s.test_game(1);
        let m = g.live().expect("replays");
        let Some(seat) = m.position().status().seat() else {
            break;
        };
        let who = g.players[seat.index()].name.clone();
        let mv = m.position().legal_moves()[0].clone();
        let r = say(s, &who, "hall", &format!("move #1 {mv}"));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        if s.test_game(1).end.is_some() {
            return 1;
        }
    }
    let r = say(s, "bob", "hall", "resign #1");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    1
}

/// Runs the engine's driver until nothing waits; what it posted.
fn drive(s: &Session) -> Vec<Notice> {
    let mut posted = Vec::new();
    Driver::new().play_pending(s, |n| posted.push(n));
    posted
}

#[test]
fn a_live_game_is_never_reviewed_and_nothing_is_stored() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    say(&s, "alice", "hall", "challenge tafl @bob first");
    say(&s, "bob", "hall", "accept #1");
    for who in ["alice", "bob", "carol"] {
        let r = say(&s, who, "hall", "review #1");
        assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
        assert!(
            r.text.en().contains("still being played"),
            "{}",
            r.text.en()
        );
    }
    assert_eq!(s.test_game(1).review, None);
    assert!(drive(&s).is_empty());
}

#[test]
fn a_review_is_made_with_its_progress_posted_where_asked_and_kept() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    let id = finished(&s, RuleSetId::Hnefatafl, 12);
    // A spectator elsewhere may not start one; in the game's channel anyone may.
    let r = say(&s, "carol", "elsewhere", "review #1");
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    let first = say(&s, "carol", "hall", "review #1");
    assert_eq!(first.kind, ReplyKind::Done, "{}", first.text.en());
    assert!(
        first.text.en().contains("The engine is reviewing"),
        "{}",
        first.text.en()
    );
    let key = first
        .progress
        .clone()
        .expect("the answer names its progress message");
    // A player asks from another channel: the review goes there too.
    let other = say(&s, "alice", "dm-alice", "review #1");
    assert!(other.text.en().contains("0% done"), "{}", other.text.en());
    let other_key = other
        .progress
        .clone()
        .expect("a second place's own message");
    assert_ne!(key, other_key);
    let posted = drive(&s);
    let hall: Vec<&Notice> = posted.iter().filter(|n| n.channel.0 == "hall").collect();
    let edits: Vec<String> = hall
        .iter()
        .filter(|n| n.reply.replaces.as_deref() == Some(key.as_str()))
        .map(|n| n.reply.text.en())
        .collect();
    assert!(
        edits.iter().filter(|t| t.contains("% done")).count() >= 3,
        "a progress edit at each quarter: {edits:?}"
    );
    assert!(
        edits.last().is_some_and(|t| t.contains("is done")),
        "{edits:?}"
    );
    let reviews: Vec<&&Notice> = hall.iter().filter(|n| n.reply.replaces.is_none()).collect();
    assert_eq!(reviews.len(), 1, "posted once in the hall");
    let review = &reviews[0].reply;
    let text = review.text.en();
    assert!(text.contains("Engine review of"), "{text}");
    assert!(text.contains("alice (") && text.contains("bob ("), "{text}");
    assert!(
        text.contains("resigned"),
        "the result did not come from play: {text}"
    );
    assert!(matches!(
        review.files[0].body,
        files::FileBody::WinChance(_)
    ));
    assert!(
        posted
            .iter()
            .any(|n| n.channel.0 == "dm-alice" && n.reply.replaces.is_none()),
        "and once where alice asked"
    );
    // Each turning point's board: the position before the move, both moves marked.
    let g = s.test_game(id);
    let Some(ReviewState::Done(stored)) = &g.review else {
        panic!("the review is kept: {:?}", g.review);
    };
    for board in &review.boards {
        let compare = board.compare.as_ref().expect("two moves compared");
        assert!(!compare.played.is_empty());
        assert_eq!(board.viewer, Viewer::Final);
    }
    let analysis = stored.analysis();
    let moves: Vec<String> = g
        .record
        .actions
        .iter()
        .filter_map(|a| match a {
            skald_rules::Action::Move(m) => Some(m.clone()),
            _ => None,
        })
        .collect();
    let played: Vec<String> = analysis
        .turns
        .iter()
        .flat_map(|t| t.played.clone())
        .collect();
    assert_eq!(played, moves, "every turn's move is the record's");
    for t in &analysis.turns {
        for chance in [t.before, t.after, t.best_chance] {
            assert!((0.0..=1.0).contains(&chance), "{chance}");
        }
    }
    // Asked again: at once, the same, nothing searched.
    let again = say(&s, "dave", "hall", "review #1");
    assert_eq!(again.text.en(), text);
    assert_eq!(again.files, review.files);
    assert!(drive(&s).is_empty(), "nothing left to make or post");
}

#[test]
fn a_review_left_midway_is_made_once_by_the_next_driver() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    let id = finished(&s, RuleSetId::Brandubh, 8);
    say(&s, "alice", "hall", "review #1");
    // A driver takes it and stops (its process died): the review is held, not due.
    let (job, _) = s.cx.take_review(id, "driver-gone", false);
    assert!(job.is_some());
    assert!(drive(&s).is_empty(), "held by the driver that died");
    // When its hold ends, the next driver makes it, once.
    clock.advance(HOLD_SECS + 1);
    let posted = drive(&s);
    let reviews = posted.iter().filter(|n| n.reply.replaces.is_none()).count();
    assert_eq!(reviews, 1);
    assert!(matches!(s.test_game(id).review, Some(ReviewState::Done(_))));
    // The driver that died cannot post it again.
    let (again, _) = s.cx.take_review(id, "driver-gone", false);
    assert!(again.is_none());
    assert!(drive(&s).is_empty());
}

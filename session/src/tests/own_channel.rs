//! A challenge in a channel of its own (Discord's thread per challenge, `discord.threads`):
//! the session decides, before any channel is made, whether there is one and its name, and
//! afterwards whether it stays. What players see: a refused challenge leaves no channel, the
//! channel is named after the game and the challenger, the game lives there, and a challenge
//! refused after all (a race past a limit) has its channel removed.

use crate::clock::FakeClock;
use crate::command::{ChallengeSpec, Opponent, SeatChoice};
use crate::own_channel::{ChallengeChannel, NAME_MAX_CHARS};
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use skald_rules::RuleSetId;
use std::sync::Arc;

fn session(limits: Limits) -> Session {
    Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        StdRng::seed_from_u64(11),
        SessionConfig {
            limits,
            ..SessionConfig::default()
        },
    )
    .expect("session opens")
}

/// `name` (shown as `shown`) speaking in `channel`.
fn speaker(name: &str, shown: &str, channel: &str) -> Context {
    Context::private(User::new("console", name, shown), "console", channel)
}

fn challenge(rule_set: RuleSetId, opponent: &str) -> ChallengeSpec {
    ChallengeSpec {
        rule_set,
        opponent: Opponent::User(opponent.into()),
        seat: SeatChoice::First,
        ranked: true,
        days: 3,
        bank: None,
    }
}

fn snapshot(s: &Session) -> Vec<u8> {
    let mut out = Vec::new();
    s.store().export(&mut out).expect("exports");
    out
}

#[test]
fn a_challenge_gets_a_channel_named_after_its_game_and_challenger_and_lives_there() {
    let s = session(Limits::default());
    // bob has spoken, so he can be named.
    s.handle(&speaker("bob", "bob", "hall"), "games");
    let alice = speaker("alice", "Alice A.", "hall");
    let before = snapshot(&s);
    let name = match s.challenge_channel(&alice, &challenge(RuleSetId::Hnefatafl, "bob")) {
        ChallengeChannel::Open { name } => name,
        ChallengeChannel::Refused(r) => panic!("refused: {}", r.text.en()),
    };
    // Named as the challenger is shown, after the rule set's choice label.
    assert_eq!(name, "Hnefatafl 11x11 – Alice A.");
    assert!(snapshot(&s) == before, "planning wrote nothing");
    let ChallengeChannel::Open { name } =
        s.challenge_channel(&alice, &challenge(RuleSetId::Adelta, "bob"))
    else {
        panic!("refused");
    };
    assert_eq!(name, "Ad Elta Stelpur – Alice A.");

    // Made in the channel of its own: kept, and the game is played there.
    let thread = speaker("alice", "Alice A.", "thread-1");
    let made = s.challenge_in_own_channel(&thread, challenge(RuleSetId::Hnefatafl, "bob"));
    assert!(made.keep_channel, "{}", made.reply.text.en());
    assert!(
        made.reply.text.en().contains("Challenge #1"),
        "{}",
        made.reply.text.en()
    );
    let elsewhere = s.handle(&speaker("bob", "bob", "hall"), "accept #1");
    assert!(
        elsewhere.text.en().contains("another channel"),
        "{}",
        elsewhere.text.en()
    );
    let accepted = s.handle(&speaker("bob", "bob", "thread-1"), "accept #1");
    assert_eq!(accepted.kind, ReplyKind::Done, "{}", accepted.text.en());
    assert!(
        accepted.text.en().contains("Game #1 starts"),
        "{}",
        accepted.text.en()
    );
}

#[test]
fn a_long_name_is_cut_to_what_a_channel_name_holds() {
    let s = session(Limits::default());
    s.handle(&speaker("bob", "bob", "hall"), "games");
    let long = "Ä".repeat(150);
    let ChallengeChannel::Open { name } = s.challenge_channel(
        &speaker("alice", &long, "hall"),
        &challenge(RuleSetId::Daldosa, "bob"),
    ) else {
        panic!("refused");
    };
    assert_eq!(name.chars().count(), NAME_MAX_CHARS);
    assert!(name.starts_with("Daldøsa – ÄÄÄ"), "{name}");
}

#[test]
fn a_challenge_the_session_would_refuse_gets_its_refusal_and_no_channel() {
    let s = session(Limits::default());
    let alice = speaker("alice", "alice", "hall");
    let before = snapshot(&s);
    match s.challenge_channel(&alice, &challenge(RuleSetId::Hnefatafl, "alice")) {
        ChallengeChannel::Refused(r) => {
            assert_eq!(r.kind, ReplyKind::Refused);
            assert!(
                r.text.en().contains("cannot challenge yourself"),
                "{}",
                r.text.en()
            );
        }
        ChallengeChannel::Open { name } => panic!("a channel {name} for a refused challenge"),
    }
    assert!(snapshot(&s) == before, "a refusal wrote nothing");
}

#[test]
fn a_challenge_refused_after_its_channel_was_made_has_the_channel_removed() {
    let s = session(Limits {
        max_open_challenges: 1,
        ..Limits::default()
    });
    s.handle(&speaker("bob", "bob", "hall"), "games");
    let alice = speaker("alice", "alice", "hall");
    let spec = challenge(RuleSetId::Hnefatafl, "bob");
    assert!(matches!(
        s.challenge_channel(&alice, &spec),
        ChallengeChannel::Open { .. }
    ));
    // Another command of alice's races it: her one open challenge, made elsewhere.
    let raced = s.handle(&speaker("alice", "alice", "hall"), "challenge tafl");
    assert_eq!(raced.kind, ReplyKind::Done, "{}", raced.text.en());
    let before = snapshot(&s);
    let made = s.challenge_in_own_channel(&speaker("alice", "alice", "thread-1"), spec);
    assert!(!made.keep_channel, "the empty channel is removed");
    assert_eq!(made.reply.kind, ReplyKind::Refused);
    assert!(
        made.reply.text.en().contains("waiting for an answer"),
        "{}",
        made.reply.text.en()
    );
    assert!(
        snapshot(&s) == before,
        "the refused challenge wrote nothing"
    );
}

//! The per-user limits through the session: command rate (on the fake clock), active
//! games, open challenges and line length. Each refusal says the limit and what to do, and
//! leaves the store byte-for-byte as it was.

use crate::clock::FakeClock;
use crate::command::{ChallengeSpec, Opponent, SeatChoice};
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use skald_rules::RuleSetId;
use std::sync::Arc;

struct World {
    session: Session,
    clock: Arc<FakeClock>,
}

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

impl World {
    fn new(limits: Limits) -> World {
        let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
        let session = Session::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            clock.clone(),
            StdRng::seed_from_u64(5),
            SessionConfig {
                limits,
                ..SessionConfig::default()
            },
        )
        .expect("session opens");
        World { session, clock }
    }

    fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.session.store().export(&mut out).expect("exports");
        out
    }

    fn say(&self, who: &str, line: &str) -> Reply {
        self.session.handle(&ctx(who), line)
    }

    fn ok(&self, who: &str, line: &str) -> Reply {
        let r = self.say(who, line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    }

    /// `line` is refused with a text containing each of `says`, and nothing changes.
    fn refused(&self, who: &str, line: &str, says: &[&str]) -> String {
        let before = self.snapshot();
        let r = self.say(who, line);
        assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
        for s in says {
            assert!(
                r.text.en().contains(s),
                "@{who} {line}: {:?} lacks {s:?}",
                r.text.en()
            );
        }
        assert!(self.snapshot() == before, "@{who} {line} changed the store");
        r.text.en()
    }

    fn challenge(&self, from: &str, to: &str) -> u64 {
        let r = self.ok(from, &format!("challenge tafl {to} first"));
        r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number")
    }
}

#[test]
fn the_rate_limit_refuses_a_flood_and_refills_with_time() {
    let w = World::new(Limits {
        rate_commands: 4,
        rate_seconds: 60,
        ..Limits::default()
    });
    let id = w.challenge("alice", "@bob");
    w.ok("bob", &format!("accept #{id}"));
    w.ok("alice", "board");
    w.ok("alice", "moves");
    w.ok("alice", "help");
    // The fifth command within the minute is refused, whatever it is, and changes nothing.
    w.refused(
        "alice",
        "move d1-d4",
        &[
            "at most 4 commands in 60 seconds",
            "Try again in 15 seconds",
            "not carried out",
        ],
    );
    // Malformed and overlong lines count too; they are refused before being read.
    w.refused("alice", "mvoe d1-d4", &["at most 4 commands"]);
    // The limit is per user: bob still plays.
    w.ok("bob", "board");
    // A parsed command (an adapter's button) goes through the same limit.
    let r = w.session.execute(&ctx("alice"), command::Command::Games);
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    // Refusals took nothing: one command is back 15 seconds later, not more.
    w.clock.advance(14);
    w.refused("alice", "board", &["Try again in 1 second;"]);
    w.clock.advance(1);
    let r = w.ok("alice", "move d1-d4");
    assert!(r.text.en().contains("played d1-d4"), "{}", r.text.en());
    w.refused("alice", "board", &["Try again in 15 seconds"]);
    // After a quiet minute the whole burst is back.
    w.clock.advance(60);
    for _ in 0..4 {
        w.ok("alice", "help");
    }
    w.refused("alice", "help", &["at most 4 commands"]);
}

#[test]
fn overlong_lines_are_refused_before_parsing() {
    let w = World::new(Limits {
        max_input_chars: 40,
        ..Limits::default()
    });
    let line = format!("challenge tafl {}", "x".repeat(30));
    let text = w.refused(
        "alice",
        &line,
        &["too long", "the limit is 40 characters", "help"],
    );
    assert!(!text.contains("unexpected"), "not parsed: {text}");
    // A megabyte of input is refused the same way.
    w.refused(
        "alice",
        &"move ".repeat(200_000),
        &["the limit is 40 characters"],
    );
    // Characters, not bytes: 40 non-ASCII letters are within the limit.
    let r = w.say("alice", &format!("rules {}", "ø".repeat(34)));
    assert!(r.text.en().contains("unknown rule set"), "{}", r.text.en());
    w.ok("alice", "challenge tafl @bob first days:3");
}

#[test]
fn open_challenges_are_limited_per_user() {
    let w = World::new(Limits {
        max_open_challenges: 2,
        ..Limits::default()
    });
    let first = w.challenge("alice", "@bob");
    w.challenge("alice", "");
    w.refused(
        "alice",
        "challenge tafl @carol",
        &[
            "you already have 2 challenges waiting for an answer",
            "the most allowed is 2",
            "`cancel #id`",
        ],
    );
    // Others are not affected; withdrawing one makes room.
    w.challenge("bob", "@carol");
    w.ok("alice", &format!("cancel #{first}"));
    w.challenge("alice", "@carol");
}

#[test]
fn active_games_are_limited_per_user_on_both_sides_of_an_accept() {
    let w = World::new(Limits {
        max_active_games: 1,
        ..Limits::default()
    });
    let game = w.challenge("alice", "@bob");
    w.ok("bob", &format!("accept #{game}"));
    // alice plays the most games allowed: she cannot challenge...
    w.refused(
        "alice",
        "challenge tafl @carol",
        &["you already play 1 game,", "the most allowed at once is 1"],
    );
    // ...nor accept...
    let from_carol = w.challenge("carol", "@alice");
    w.refused(
        "alice",
        &format!("accept #{from_carol}"),
        &[
            "you already play 1 game,",
            &format!("accept #{from_carol} when"),
        ],
    );
    // ...nor be given a game by someone accepting her challenge made earlier.
    w.ok("bob", &format!("resign #{game}"));
    let open = w.challenge("alice", "");
    w.ok("alice", &format!("accept #{from_carol}"));
    w.refused(
        "frank",
        &format!("accept #{open}"),
        &[
            "alice already plays 1 game,",
            &format!("challenge #{open} stays open"),
        ],
    );
    // The limit counts a parsed challenge too (an adapter's slash command).
    let spec = ChallengeSpec {
        rule_set: RuleSetId::Hnefatafl,
        opponent: Opponent::User("bob".into()),
        seat: SeatChoice::First,
        ranked: true,
        days: 3,
        bank: None,
    };
    let r = w
        .session
        .execute(&ctx("alice"), command::Command::Challenge(spec));
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
}

#[test]
fn the_engine_plays_anyone_who_asks_within_their_own_limits() {
    let w = World::new(Limits {
        rate_commands: 1,
        rate_seconds: 3600,
        max_active_games: 1,
        ..Limits::default()
    });
    // Each human may start one game; the engine takes both (it has no game limit).
    w.ok("alice", "challenge tafl @skald easy");
    w.ok("bob", "challenge daldosa @skald easy");
    w.clock.advance(3600);
    w.refused(
        "alice",
        "challenge adelta @skald easy",
        &["most allowed at once is 1"],
    );
    // The engine's own commands are never rate limited.
    let engine = Context::new(
        crate::engine::engine_user(skald_ai::Level::Easy),
        "console",
        "console",
    );
    for _ in 0..3 {
        let r = w.session.handle(&engine, "games");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
}

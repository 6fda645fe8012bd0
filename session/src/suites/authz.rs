//! Authorisation through the session: only the seated players act on a game, only the
//! challenged user (or anyone, for an open challenge) accepts, nobody acts for someone else
//! through a mention or a crafted `#id`, and every refusal leaves the store byte-for-byte
//! as it was.

use crate::clock::FakeClock;
use crate::*;
use rand::SeedableRng;
use std::sync::Arc;

struct World {
    session: Session,
}

fn ctx_in(name: &str, channel: &str) -> Context {
    Context::private(User::new("console", name, name), "console", channel)
}

impl World {
    fn new() -> World {
        let session = Session::new(
            super::store(),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            StdRng::seed_from_u64(3),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("session opens");
        World { session }
    }

    /// Everything in the store, as `skald export` writes it.
    fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.session.store().export(&mut out).expect("exports");
        out
    }

    fn say_in(&self, who: &str, channel: &str, line: &str) -> Reply {
        self.session.handle(&ctx_in(who, channel), line)
    }

    fn ok(&self, who: &str, line: &str) -> Reply {
        let r = self.say_in(who, "console", line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    }

    /// `line` by `who` in `channel` is refused, says `why`, and changes nothing.
    fn refused_in(&self, who: &str, channel: &str, line: &str, why: &str) {
        let before = self.snapshot();
        let r = self.say_in(who, channel, line);
        assert_eq!(
            r.kind,
            ReplyKind::Refused,
            "@{who} {line} should be refused: {}",
            r.text.en()
        );
        assert!(
            r.text.en().contains(why),
            "@{who} {line}: {:?} lacks {why:?}",
            r.text.en()
        );
        assert!(r.notify.is_empty() && r.private.is_empty(), "@{who} {line}");
        assert!(self.snapshot() == before, "@{who} {line} changed the store");
    }

    fn refused(&self, who: &str, line: &str, why: &str) {
        self.refused_in(who, "console", line, why)
    }

    /// A challenge by `from` (`to`: `@name` or empty for open); returns its number.
    fn challenge(&self, from: &str, rule_set: &str, to: &str) -> u64 {
        let r = self.ok(from, &format!("challenge {rule_set} {to} first"));
        r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number")
    }

    fn game(&self, id: u64) -> game::GameDoc {
        self.session.test_game(id)
    }

    fn first_legal(&self, id: u64) -> String {
        let m = self.game(id).live().expect("replays");
        m.position().legal_moves().remove(0)
    }
}

/// Only the two seated players move, resign, offer or take back in a game.
pub fn only_the_seated_players_act_on_a_game() {
    let w = World::new();
    let id = w.challenge("alice", "hnefatafl", "@bob");
    w.ok("bob", &format!("accept #{id}"));
    let mv = w.first_legal(id);
    // A spectator, naming the game.
    for (line, why) in [
        (format!("move #{id} {mv}"), "you are not playing game #1"),
        (format!("resign #{id}"), "you are not playing game #1"),
        (format!("abort #{id}"), "you are not playing game #1"),
        (format!("draw #{id}"), "you are not playing game #1"),
        (format!("takeback #{id}"), "you are not playing game #1"),
        (format!("decline #{id}"), "nothing to decline in game #1"),
        (format!("rematch #{id}"), "you did not play game #1"),
        (
            format!("arrange #{id} 1 2 3 4 5 6 7 8 9"),
            "you are not playing game #1",
        ),
    ] {
        w.refused("carol", &line, why);
    }
    // Without a #id there is no game of carol's to act on.
    for line in ["resign", "draw", "abort", "takeback", &format!("move {mv}")] {
        w.refused("carol", line, "you have no active game here");
    }
    // The opponent cannot move for the player to move.
    w.refused("bob", &format!("move #{id} {mv}"), "it is not your turn");
    // Offers are answered by the other player only.
    w.ok("alice", &format!("move #{id} {mv}"));
    w.ok("alice", &format!("draw #{id}"));
    w.refused(
        "alice",
        &format!("draw #{id}"),
        "you already offered a draw",
    );
    w.refused("carol", &format!("draw #{id}"), "you are not playing");
    w.refused("carol", &format!("decline #{id}"), "nothing to decline");
    w.ok("alice", &format!("takeback #{id}"));
    w.refused(
        "alice",
        &format!("takeback #{id}"),
        "you already asked for a takeback",
    );
    w.refused("carol", &format!("takeback #{id}"), "you are not playing");
    // A player acts on their game only in its channel (crafted #id from elsewhere).
    w.refused_in(
        "bob",
        "elsewhere",
        &format!("resign #{id}"),
        "another channel",
    );
    w.refused_in(
        "bob",
        "elsewhere",
        &format!("draw #{id}"),
        "another channel",
    );
    // After the end, only the players ask for a rematch.
    w.ok("bob", &format!("resign #{id}"));
    w.refused(
        "carol",
        &format!("rematch #{id}"),
        "you did not play game #1",
    );
    w.refused("alice", &format!("resign #{id}"), "game #1 is over");
}

/// A Subulata arrangement is only its own seat's player's to make.
pub fn subulata_arrangements_are_the_seated_players_own() {
    let w = World::new();
    let id = w.challenge("alice", "subulata", "@bob");
    w.ok("bob", &format!("accept #{id}"));
    w.refused(
        "carol",
        &format!("arrange #{id} 9 8 7 6 5 4 3 2 1"),
        "you are not playing game #1",
    );
    // Each player arranges their own seat: bob's line sets bob's values, not alice's.
    let before = w.game(id).live().expect("replays");
    w.ok("bob", &format!("arrange #{id} 9 8 7 6 5 4 3 2 1"));
    let after = w.game(id).live().expect("replays");
    let a = skald_rules::Viewer::Seat(skald_rules::Seat::A);
    assert_eq!(
        before.position().to_notation(a),
        after.position().to_notation(a),
        "alice's values did not move"
    );
}

/// Hidden values typed in a shared channel are refused, however they are spelt.
pub fn secret_values_typed_in_a_shared_channel_are_refused_whatever_the_spelling() {
    let w = World::new();
    let id = w.challenge("alice", "subulata", "@bob");
    w.ok("bob", &format!("accept #{id}"));
    let public = |who: &str| Context::new(User::new("console", who, who), "console", "hall");
    for line in [
        format!("arrange #{id} 9 8 7 6 5 4 3 2 1"),
        format!("ARRANGE #{id} 9 8 7 6 5 4 3 2 1"),
        format!("/arrange #{id} 9 8 7 6 5 4 3 2 1"),
        format!("!ARRANGE #{id} 9 8 7 6 5 4 3 2 1"),
        "  !Arrange   9 8 7 6 5 4 3 2 1  ".to_string(),
        // Malformed values are refused the same way, without a word about them.
        format!("/arrange #{id} 9 9 9"),
        "arrange".to_string(),
    ] {
        for who in ["bob", "alice"] {
            let before = w.snapshot();
            let r = w.session.handle(&public(who), &line);
            assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
            assert_eq!(
                r.text,
                messages::secret_input_in_public("arrange"),
                "@{who} {line}"
            );
            assert!(r.notify.is_empty() && r.private.is_empty(), "@{who} {line}");
            assert!(w.snapshot() == before, "@{who} {line} changed the store");
        }
    }
    // The typed command is refused the same way (adapters that build commands directly).
    let typed = command::parse(&format!("arrange #{id} 9 8 7 6 5 4 3 2 1")).expect("parses");
    let before = w.snapshot();
    let r = w.session.execute(&public("bob"), typed.clone());
    assert_eq!(r.text, messages::secret_input_in_public("arrange"));
    assert!(
        w.snapshot() == before,
        "the typed arrange changed the store"
    );
    // Where only the speaker reads it, the same line is taken.
    assert_eq!(
        w.session.execute(&ctx_in("bob", "dm"), typed).kind,
        ReplyKind::Done
    );
}

/// Only the challenged user (anyone, for an open challenge) accepts; never the challenger.
pub fn only_the_challenged_user_accepts_and_never_the_challenger() {
    let w = World::new();
    let direct = w.challenge("alice", "hnefatafl", "@bob");
    w.refused(
        "carol",
        &format!("accept #{direct}"),
        "is for @bob, not for you",
    );
    w.refused(
        "alice",
        &format!("accept #{direct}"),
        "cannot accept your own challenge",
    );
    w.refused(
        "carol",
        &format!("decline #{direct}"),
        "is for @bob, not for you",
    );
    w.refused(
        "carol",
        &format!("cancel #{direct}"),
        "only they can withdraw it",
    );
    w.refused(
        "bob",
        &format!("cancel #{direct}"),
        "you can `decline #1` it",
    );
    // Without #id the challenger finds nothing to accept; carol neither.
    w.refused("alice", "accept", "there is no challenge for you here");
    w.refused("carol", "accept", "there is no challenge for you here");
    // From another channel, even the challenged user cannot accept.
    w.refused_in(
        "bob",
        "elsewhere",
        &format!("accept #{direct}"),
        "another channel",
    );
    let open = w.challenge("alice", "hnefatafl", "");
    w.refused(
        "alice",
        &format!("accept #{open}"),
        "cannot accept your own challenge",
    );
    w.refused("alice", &format!("decline #{open}"), "open to anyone");
    // Anyone else accepts an open challenge.
    let r = w.ok("carol", &format!("accept #{open}"));
    assert!(r.text.en().contains("Game #2 starts"), "{}", r.text.en());
    assert_eq!(w.game(open).players[1].name, "carol");
    w.ok("bob", &format!("accept #{direct}"));
    assert_eq!(w.game(direct).players[1].name, "bob");
    // A rematch offer is accepted by the opponent only.
    w.ok("carol", &format!("resign #{open}"));
    let r = w.ok("alice", &format!("rematch #{open}"));
    let rematch: u64 = r
        .text
        .en()
        .split("challenge #")
        .nth(1)
        .and_then(|t| t.split(':').next())
        .and_then(|n| n.parse().ok())
        .expect("rematch number");
    w.refused(
        "bob",
        &format!("accept #{rematch}"),
        "is for @carol, not for you",
    );
    w.refused(
        "alice",
        &format!("accept #{rematch}"),
        "cannot accept your own challenge",
    );
    w.ok("carol", &format!("rematch #{open}"));
}

/// Nobody acts for someone else by naming them in a command.
pub fn nobody_acts_for_someone_else_through_a_mention() {
    let w = World::new();
    let id = w.challenge("alice", "hnefatafl", "@bob");
    // Nobody accepts for bob by naming him.
    for line in ["accept @bob", &format!("accept #{id} @bob"), "accept bob"] {
        w.refused("carol", line, "unexpected");
    }
    w.ok("bob", &format!("accept #{id}"));
    let mv = w.first_legal(id);
    // Naming the player to move does not make the speaker them: the mention is not a move,
    // and no command takes a user to act for.
    w.refused(
        "carol",
        &format!("move @alice {mv}"),
        "you have no active game here",
    );
    w.refused(
        "carol",
        &format!("move #{id} @alice {mv}"),
        "you are not playing game #1",
    );
    w.refused(
        "bob",
        &format!("move #{id} @alice {mv}"),
        "it is not your turn",
    );
    w.refused(
        "alice",
        &format!("move #{id} @alice {mv}"),
        "cannot play '@alice'",
    );
    for line in [
        "resign @alice",
        "resign #1 @alice",
        "draw @bob",
        "abort @alice",
        "takeback @bob",
        "decline @bob",
        "cancel @alice",
        "rematch @alice",
        "games @alice",
    ] {
        w.refused("carol", line, "unexpected");
        w.refused("bob", line, "unexpected");
    }
    w.refused(
        "carol",
        "arrange @alice 1 2 3 4 5 6 7 8 9",
        "is not a value",
    );
    // The console's `@name` speaker prefix means nothing to the session: a chat user who
    // types it (`!skald @alice resign` on Matrix) sends an unknown command.
    w.refused("carol", "@alice resign", "unknown command '@alice'");
    w.refused(
        "bob",
        &format!("@alice move #{id} {mv}"),
        "unknown command '@alice'",
    );
    // `rating @alice` only reads.
    w.ok("carol", "rating @alice");
    assert_eq!(w.game(id).moved, [0, 0]);
    assert!(w.game(id).end.is_none());
}

//! Accounts linked across platforms: a code only its owner sees, one player afterwards
//! (games, seats, pings, ratings), every refusal leaving the store as it was, and `unlink`.

use crate::clock::{FakeClock, MINUTE};
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use std::sync::Arc;

struct World {
    session: Session,
    clock: Arc<FakeClock>,
}

/// Who speaks: `alice`, `bob`, `carol` on Discord; `malice`, `mbob`, `mcarol` on Matrix
/// (shown as `M-alice`...). All in one community, `club`.
fn ctx(who: &str) -> Context {
    let user = match who.strip_prefix('m') {
        Some(name) => User::new(
            "matrix",
            &format!("{name}:example.org"),
            &format!("M-{name}"),
        ),
        None => {
            let n = ["alice", "bob", "carol"]
                .iter()
                .position(|n| *n == who)
                .unwrap_or(9);
            User::new("discord", &format!("{}", 100 + n), who)
        }
    };
    let channel = if user.id.platform == "matrix" {
        "!room:example.org"
    } else {
        "9100"
    };
    Context::private(user, "club", channel)
}

/// The handle naming `who` in a command typed on `who`'s own platform.
fn handle(who: &str) -> String {
    let c = ctx(who);
    format!("@{}", c.user.id.id)
}

impl World {
    fn new() -> World {
        let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
        let session = Session::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            clock.clone(),
            StdRng::seed_from_u64(5),
            SessionConfig::default().without_rate_limit(),
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

    /// Refused, saying `why`, and the store unchanged.
    fn refused_as(&self, c: &Context, line: &str, why: &str) {
        let before = self.snapshot();
        let r = self.session.handle(c, line);
        assert_eq!(r.kind, ReplyKind::Refused, "{line}: {}", r.text.en());
        assert!(
            r.text.en().contains(why),
            "{line}: {:?} lacks {why:?}",
            r.text.en()
        );
        assert!(self.snapshot() == before, "{line} changed the store");
    }

    fn refused(&self, who: &str, line: &str, why: &str) {
        self.refused_as(&ctx(who), line, why)
    }

    /// `link` by `who`: the code, read from the private part (the only place it is).
    fn code(&self, who: &str) -> String {
        let r = self.ok(who, "link");
        assert_eq!(r.private.len(), 1, "{r:?}");
        assert_eq!(r.private[0].to, ctx(who).user.id);
        let text = &r.private[0].text.en();
        let code = text
            .split_whitespace()
            .find_map(|w| {
                link::normalize_code(w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
            })
            .expect("a code in the private part");
        assert!(
            !r.text.en().contains(&code),
            "the code is never in the channel text"
        );
        code
    }

    /// A game between `a` (first) and `b` (who accepts); returns its number.
    fn game(&self, a: &str, b: &str, rule_set: &str, extra: &str) -> u64 {
        let r = self.ok(
            a,
            &format!("challenge {rule_set} {} first {extra}", handle(b)),
        );
        let id: u64 = r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number");
        self.ok(b, &format!("accept #{id}"));
        id
    }
}

#[test]
fn a_linked_account_plays_as_its_player() {
    let w = World::new();
    let game = w.game("alice", "bob", "tafl", "");
    let code = w.code("alice");
    let r = w.ok("malice", &format!("link {}", code.to_lowercase()));
    assert!(
        r.text.en().contains("now plays as alice"),
        "{}",
        r.text.en()
    );
    // Her seat, from her Discord account; never bob's, from either account.
    w.ok("alice", &format!("move #{game} d1-d4"));
    w.refused("alice", &format!("move #{game} f4-e4"), "");
    // (A game lives in one channel until games get a home channel on each platform: the
    // Matrix account is told where this one is played.)
    w.refused("malice", &format!("move #{game} f4-e4"), "another channel");
    // bob's move pings alice where the game lives (Discord); her Matrix account hears of
    // it only in games with a Matrix home.
    let r = w.ok("bob", &format!("move #{game} f4-e4"));
    assert_eq!(r.notify, [ctx("alice").user.id], "{:?}", r.notify);
    // `games` reads the same from either account.
    let d = w.ok("alice", "games").text.en();
    let m = w.ok("malice", "games").text.en();
    let line = format!("#{game} Hnefatafl 11x11, you (Attackers) vs bob: your move");
    assert!(d.contains(&line) && m.contains(&line), "{d}\n{m}");
    // A Matrix player challenging `@alice` by her Matrix id challenges the player alice.
    let id = w.game("mbob", "malice", "daldosa", "casual");
    let g = w.session.store().game(id).expect("reads").expect("game");
    assert_eq!(g.doc.players[1].id, ctx("alice").user.id);
}

#[test]
fn joining_moves_the_accounts_games_and_keeps_the_rating_with_more_games() {
    let w = World::new();
    // alice (Discord) has two ranked games, malice (Matrix) one, all Hnefatafl in `club`.
    for _ in 0..2 {
        let g = w.game("alice", "bob", "tafl", "");
        w.ok("bob", &format!("resign #{g}"));
    }
    let g = w.game("malice", "mcarol", "tafl", "");
    w.ok("malice", &format!("resign #{g}"));
    let active = w.game("malice", "mbob", "tafl", "");
    let before = w.ok("carol", "ladder tafl").text.en();
    assert!(
        before.contains("alice") && before.contains("M-alice"),
        "{before}"
    );
    // The Matrix account joins alice: its games move, the 2-game rating is kept.
    let code = w.code("alice");
    let r = w.ok("malice", &format!("link {code}"));
    assert!(
        r.text.en().contains("2 games of this account moved"),
        "{}",
        r.text.en()
    );
    assert!(r.text.en().contains("Ratings merged"), "{}", r.text.en());
    let ladder = w.ok("carol", "ladder tafl").text.en();
    assert_eq!(ladder.matches("alice").count(), 1, "one player: {ladder}");
    let rating = w
        .ok("carol", &format!("rating {}", handle("alice")))
        .text
        .en();
    assert!(
        rating.contains("2 games") || rating.contains("2 ranked"),
        "{rating}"
    );
    // Her history has all three finished games, from either account.
    let h = w.ok("malice", "history").text.en();
    assert_eq!(h, w.ok("alice", "history").text.en());
    assert_eq!(h.matches("Hnefatafl").count(), 3, "{h}");
    // The active Matrix game is alice's now, and mbob still plays it.
    w.ok("malice", &format!("move #{active} d1-d4"));
    w.ok("mbob", &format!("move #{active} f4-e4"));
    let g = w.session.test_game(active);
    assert_eq!(g.players[0].id, ctx("alice").user.id);
}

#[test]
fn every_refused_link_changes_nothing() {
    let w = World::new();
    w.refused("malice", "link ABCD-EFGH", "not valid");
    w.refused("malice", "link hello", "not a link code");
    let code = w.code("alice");
    // Typed where others read it: refused whatever the spelling, nothing used.
    let public = Context::new(ctx("malice").user, "club", "!room:example.org");
    for line in [
        format!("link {code}"),
        format!("LINK {code}"),
        format!("link {}", code.to_lowercase()),
    ] {
        w.refused_as(&public, &line, "Everyone here can read what you type");
    }
    // A bare `link` carries no secret: it works in a shared room, the code going privately.
    let r = w.session.handle(&public, "link");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert_eq!(r.private.len(), 1);
    assert!(
        !r.text.en().contains(&code),
        "no code in the channel: {}",
        r.text.en()
    );
    // Its own code, from the same account.
    w.refused("alice", &format!("link {code}"), "this very account");
    // Another Discord account cannot join a player who is on Discord already.
    w.refused("bob", &format!("link {code}"), "one account per platform");
    // Expired.
    w.clock.advance(11 * MINUTE);
    w.refused("malice", &format!("link {code}"), "not valid");
    // A pending challenge of the joining account.
    let code = w.code("alice");
    let r = w.ok(
        "malice",
        &format!("challenge tafl {} first", handle("mbob")),
    );
    assert!(r.text.en().starts_with("Challenge #"), "{}", r.text.en());
    w.refused("malice", &format!("link {code}"), "still pending");
    w.ok("malice", "cancel");
    // Now it works, once: the code is spent.
    w.ok("malice", &format!("link {code}"));
    w.refused("mbob", &format!("link {code}"), "not valid");
    // A linked account cannot link again, nor hand out codes of its own.
    w.refused("malice", "link", "already plays as alice");
    let other = w.code("bob");
    w.refused("malice", &format!("link {other}"), "already plays as alice");
    w.refused("carol", "unlink", "not linked");
}

#[test]
fn unlink_leaves_games_and_ratings_with_the_player() {
    let w = World::new();
    let code = w.code("alice");
    w.ok("malice", &format!("link {code}"));
    let g = w.game("malice", "mbob", "tafl", "");
    w.ok("mbob", &format!("resign #{g}"));
    let r = w.ok("malice", "unlink");
    assert!(
        r.text.en().contains("no longer plays as alice"),
        "{}",
        r.text.en()
    );
    // The game and the rating stay with alice (the Discord account); the Matrix account
    // starts afresh.
    assert!(
        w.ok("alice", "history")
            .text
            .en()
            .contains(&format!("#{g}"))
    );
    assert!(
        !w.ok("malice", "history")
            .text
            .en()
            .contains(&format!("#{g}"))
    );
    w.refused("malice", "unlink", "not linked");
    // Linked again, then split from the player's side.
    let code = w.code("alice");
    w.ok("malice", &format!("link {code}"));
    let r = w.ok("alice", "unlink");
    assert!(
        r.text
            .en()
            .contains("Matrix account no longer plays as you"),
        "{}",
        r.text.en()
    );
    assert!(
        !w.ok("malice", "history")
            .text
            .en()
            .contains(&format!("#{g}"))
    );
}

#[test]
fn private_views_reach_the_account_that_asked_and_never_the_channel() {
    let w = World::new();
    let code = w.code("alice");
    w.ok("malice", &format!("link {code}"));
    let g = w.game("mbob", "malice", "subulata", "casual");
    let r = w.ok("malice", &format!("board #{g}"));
    // Answered on Matrix: her Matrix account gets her view (her Discord account would, in
    // a game with a Discord home).
    let to: Vec<&UserId> = r.private.iter().map(|p| &p.to).collect();
    assert_eq!(to, [&ctx("malice").user.id], "{to:?}");
    assert!(r.channel_boards_are_public());
    for p in &r.private {
        assert!(
            p.boards
                .iter()
                .all(|b| !matches!(b.viewer, skald_rules::Viewer::Public))
        );
    }
}

#[test]
fn a_server_and_a_room_of_one_community_share_its_ladder() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let communities = community::CommunityMap::new(vec![community::CommunityDef {
        name: "club".into(),
        members: vec!["discord:81".into(), "!room:example.org".into()],
        posts: vec![crate::homes::Home {
            platform: "matrix".into(),
            channel: ChannelId("!room:example.org".into()),
        }],
        language: None,
        daily_puzzle: None,
    }])
    .expect("valid");
    let session = Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        clock,
        StdRng::seed_from_u64(5),
        SessionConfig {
            communities,
            ..SessionConfig::default().without_rate_limit()
        },
    )
    .expect("session opens");
    let on = |who: &str, scope: &str| {
        let c = ctx(who);
        Context::private(c.user, scope, &c.channel.0)
    };
    let say = |who: &str, scope: &str, line: &str| {
        let r = session.handle(&on(who, scope), line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        r
    };
    // A ranked game on Discord, one on Matrix, and one in a room of no community.
    for (a, b, scope) in [
        ("alice", "bob", "discord:81"),
        ("malice", "mbob", "!room:example.org"),
        ("malice", "mcarol", "!elsewhere:example.org"),
    ] {
        let r = say(a, scope, &format!("challenge tafl {} first", handle(b)));
        assert!(r.text.en().starts_with("Challenge #"), "{}", r.text.en());
        say(b, scope, "accept");
        say(a, scope, "resign");
    }
    let discord = say("carol", "discord:81", "ladder tafl").text.en();
    let matrix = say("mcarol", "!room:example.org", "ladder tafl").text.en();
    assert_eq!(discord, matrix, "one ladder, read from either platform");
    assert!(discord.contains("4 players"), "{discord}");
    let elsewhere = say("mcarol", "!elsewhere:example.org", "ladder tafl")
        .text
        .en();
    assert!(elsewhere.contains("2 players"), "{elsewhere}");
}

/// One community on a Discord server and a Matrix room; `malice`, `mbob` speak in the room.
/// It posts in the room on Matrix and in channel 9200 on Discord.
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
        language: None,
        daily_puzzle: None,
    }])
    .expect("valid");
    let session = Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        clock.clone(),
        StdRng::seed_from_u64(5),
        SessionConfig {
            communities,
            reminder_hours: 24,
            ..SessionConfig::default().without_rate_limit()
        },
    )
    .expect("session opens");
    (session, clock)
}

/// `who` speaking in the club: Discord players in channel 9100 of server 81, Matrix players
/// in the room.
fn in_club(who: &str) -> Context {
    let c = ctx(who);
    let scope = if c.user.id.platform == "discord" {
        "discord:81"
    } else {
        "!room:example.org"
    };
    Context::private(c.user, scope, &c.channel.0)
}

#[test]
fn a_discord_player_and_a_matrix_player_play_one_game_posted_in_both_homes() {
    let (s, clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    // bob has spoken on Discord once; mbob (Matrix) challenges him by his name.
    say("bob", "games");
    let r = say("malice", "challenge tafl @bob first");
    assert!(r.text.en().starts_with("Challenge #1"), "{}", r.text.en());
    // bob accepts from his Discord channel: the game has a home on each platform.
    let r = say("bob", "accept #1");
    assert!(r.text.en().contains("Game #1 starts"), "{}", r.text.en());
    let homes = home_channels(&s, 1);
    assert_eq!(homes, ["!room:example.org", "9100"]);
    // The Matrix room hears of it too, pinging alice there (she moves first).
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    let there = &r.elsewhere[0];
    assert_eq!(there.channel.0, "!room:example.org");
    assert!(there.reply.text.en().contains("Game #1 starts"));
    assert_eq!(there.reply.notify, [ctx("malice").user.id]);
    assert!(
        r.notify.is_empty(),
        "nobody to ping on Discord: {:?}",
        r.notify
    );
    // Moves from each side, each posted in the other home with its pings.
    let r = say("malice", "move d1-d4");
    assert_eq!(r.elsewhere.len(), 1);
    assert_eq!(r.elsewhere[0].channel.0, "9100");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("bob").user.id]);
    assert!(r.elsewhere[0].reply.text.en().contains("played d1-d4"));
    let r = say("bob", "move f4-e4");
    assert_eq!(r.elsewhere[0].channel.0, "!room:example.org");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("malice").user.id]);
    // The reminder reaches alice in her room, and the Discord channel sees it unpinged.
    clock.advance(2 * 86_400 + 3600);
    let notices = s.tick(s.now());
    let channels: Vec<&str> = notices.iter().map(|n| n.channel.0.as_str()).collect();
    assert_eq!(channels, ["!room:example.org", "9100"], "{notices:?}");
    assert_eq!(notices[0].reply.notify, [ctx("malice").user.id]);
    assert!(notices[1].reply.notify.is_empty());
    // The ladder reads the same from both sides once it ends.
    say("bob", "resign");
    assert_eq!(
        say("carol", "ladder tafl").text.en(),
        say("mcarol", "ladder tafl").text.en()
    );
}

#[test]
fn two_accounts_playing_each_other_are_not_joined_until_the_game_ends() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| s.handle(&in_club(who), line);
    // alice (Discord) and her own Matrix account play each other across the platforms.
    assert_eq!(say("alice", "games").kind, ReplyKind::Done);
    let r = say("malice", "challenge tafl @alice first casual");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert_eq!(say("alice", "accept").kind, ReplyKind::Done);
    let code = club_code(&s, "alice");
    let before = {
        let mut out = Vec::new();
        s.store().export(&mut out).expect("exports");
        out
    };
    let r = say("malice", &format!("link {code}"));
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert!(
        r.text.en().contains("play each other in game #1"),
        "{}",
        r.text.en()
    );
    let mut after = Vec::new();
    s.store().export(&mut after).expect("exports");
    assert!(before == after, "a refused link changed the store");
    // Once it is over, they join; the finished game stays as it was played.
    assert_eq!(say("malice", "resign").kind, ReplyKind::Done);
    let r = say("malice", &format!("link {code}"));
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let g = s.test_game(1);
    assert_ne!(g.players[0].id, g.players[1].id);
}

#[test]
fn a_matrix_player_challenged_from_discord_is_told_in_the_communitys_room() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    // carol's Matrix account has played here: Discord players find her by name.
    say(
        "mcarol",
        &format!("challenge tafl {} first", handle("mbob")),
    );
    say("mbob", "accept");
    say("mbob", "resign");
    let names: Vec<String> = s
        .suggest_players(&CommunityId("discord:81".into()), "m-c")
        .into_iter()
        .map(|p| p.label.en())
        .collect();
    assert_eq!(names, ["M-carol (matrix)"]);
    // alice (Discord) names her; the room is told, pinging her there.
    let r = say("alice", "challenge tafl @M-carol first");
    assert!(
        r.text.en().contains("challenges @M-carol"),
        "{}",
        r.text.en()
    );
    assert!(
        r.notify.is_empty(),
        "nobody to ping on Discord: {:?}",
        r.notify
    );
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    assert_eq!(r.elsewhere[0].channel.0, "!room:example.org");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("mcarol").user.id]);
    // She accepts in the room: the game has both homes.
    let r = say("mcarol", "accept");
    assert!(r.text.en().contains("starts"), "{}", r.text.en());
    let id = s
        .store()
        .user_games(&ctx("mcarol").user.id)
        .expect("reads")
        .into_iter()
        .find(|(_, active)| *active)
        .map(|(id, _)| id)
        .expect("an active game");
    let homes = home_channels(&s, id);
    assert_eq!(homes, ["9100", "!room:example.org"]);
}

#[test]
fn a_discord_player_challenged_from_matrix_is_told_where_they_last_played() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    say("bob", "games");
    let r = say("mcarol", "challenge tafl @bob first");
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    assert_eq!(r.elsewhere[0].channel.0, "9100");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("bob").user.id]);
    assert!(r.elsewhere[0].reply.text.en().contains("challenges @bob"));
    // Nobody else's answer is told anywhere else.
    assert!(say("mcarol", "games").elsewhere.is_empty());
}

#[test]
fn each_account_gets_its_private_view_once_in_each_home() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    let code = club_code(&s, "alice");
    say("malice", &format!("link {code}"));
    say("mcarol", "challenge subulata @alice first casual");
    // alice accepts on Discord: the room's copy reaches her Matrix account and carol once.
    let r = say("alice", "accept");
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    let mut to: Vec<String> = r.elsewhere[0]
        .reply
        .private
        .iter()
        .map(|p| p.to.to_string())
        .collect();
    to.sort();
    assert_eq!(
        to,
        ["matrix:alice:example.org", "matrix:carol:example.org"],
        "one private view per account"
    );
    let here: Vec<String> = r.private.iter().map(|p| p.to.to_string()).collect();
    assert_eq!(here, ["discord:100"]);
}

#[test]
fn an_open_challenge_is_announced_on_the_other_platform_and_accepted_there() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    // alice's open challenge on Discord is announced in the community's room, with an
    // Accept anyone may press and nobody pinged.
    let r = say("alice", "challenge tafl first");
    assert!(r.text.en().contains("challenges anyone"), "{}", r.text.en());
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    let there = &r.elsewhere[0];
    assert_eq!(there.channel.0, "!room:example.org");
    assert!(there.reply.notify.is_empty());
    assert!(
        there
            .reply
            .choices
            .iter()
            .any(|c| c.for_user.is_none() && c.command == Command::Accept(Some(1))),
        "{:?}",
        there.reply.choices
    );
    // The room lists it, and mbob accepts it from there: the game lives on both sides.
    let games = say("mbob", "games").text.en();
    assert!(games.contains("#1 open challenge by alice"), "{games}");
    let r = say("mbob", "accept");
    assert!(r.text.en().contains("Game #1 starts"), "{}", r.text.en());
    let homes = home_channels(&s, 1);
    assert_eq!(homes, ["9100", "!room:example.org"]);
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    assert_eq!(r.elsewhere[0].channel.0, "9100");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("alice").user.id]);

    // A Matrix player's open challenge goes to the community's Discord channel.
    let r = say("mcarol", "challenge tafl first");
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    assert_eq!(r.elsewhere[0].channel.0, "9200");
}

#[test]
fn an_open_challenge_of_a_room_of_no_community_stays_there() {
    let (s, _clock) = club();
    let c = ctx("malice");
    let lone = Context::private(c.user, "!lone:example.org", "!lone:example.org");
    let r = s.handle(&lone, "challenge tafl first");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert!(r.elsewhere.is_empty(), "{:?}", r.elsewhere);
    // Nobody in the club sees it or can accept it.
    let games = s.handle(&in_club("bob"), "games").text.en();
    assert!(!games.contains("open challenge"), "{games}");
    let r = s.handle(&in_club("bob"), "accept #1");
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert!(r.text.en().contains("on Matrix"), "{}", r.text.en());
}

#[test]
fn a_discord_player_never_seen_in_the_community_is_told_in_its_discord_channel() {
    let (s, _clock) = club();
    // bob has only used Skald on another server.
    let b = ctx("bob");
    let r = s.handle(&Context::private(b.user, "discord:82", "7000"), "games");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let r = s.handle(&in_club("mcarol"), "challenge tafl @bob first");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert_eq!(r.elsewhere.len(), 1, "{:?}", r.elsewhere);
    assert_eq!(r.elsewhere[0].channel.0, "9200");
    assert_eq!(r.elsewhere[0].reply.notify, [ctx("bob").user.id]);
}

#[test]
fn games_names_where_a_game_is_as_the_player_can_follow_it() {
    let (s, _clock) = club();
    let say = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    say("alice", &format!("challenge tafl {} first", handle("bob")));
    say("bob", "accept");
    // From another Discord channel: a channel mention Discord turns into a link.
    let a = ctx("alice");
    let r = s.handle(&Context::private(a.user, "discord:81", "9300"), "games");
    assert!(r.text.en().contains("in <#9100>"), "{}", r.text.en());
    // From her linked Matrix account: the platform, never a Discord id she cannot use.
    let code = club_code(&s, "alice");
    say("malice", &format!("link {code}"));
    let r = say("malice", "games");
    assert!(r.text.en().contains("on Discord"), "{}", r.text.en());
    assert!(!r.text.en().contains("9100"), "{}", r.text.en());
}

/// The code `who` gets from `link` in the club, read from its private part.
fn club_code(s: &Session, who: &str) -> String {
    let r = s.handle(&in_club(who), "link");
    r.private[0]
        .text
        .en()
        .split_whitespace()
        .find_map(|w| {
            link::normalize_code(w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        })
        .expect("a code")
}

#[test]
fn in_a_game_between_platforms_a_linked_account_acts_for_its_own_seat_only() {
    let (s, _clock) = club();
    let snapshot = || {
        let mut out = Vec::new();
        s.store().export(&mut out).expect("exports");
        out
    };
    let refused = |who: &str, line: &str, why: &str| {
        let before = snapshot();
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
        assert!(
            r.text.en().contains(why),
            "@{who} {line}: {:?} lacks {why:?}",
            r.text.en()
        );
        assert!(r.elsewhere.is_empty(), "@{who} {line}: told elsewhere");
        assert!(snapshot() == before, "@{who} {line} changed the store");
    };
    let ok = |who: &str, line: &str| {
        let r = s.handle(&in_club(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    };
    // alice plays on Discord and has linked her Matrix account.
    let code = club_code(&s, "alice");
    ok("malice", &format!("link {code}"));
    // Her open challenge from Discord: no account of hers accepts it.
    ok("alice", "challenge tafl first");
    refused("malice", "accept #1", "cannot accept your own challenge");
    // mbob accepts it from the room: a game with a home on each side.
    ok("mbob", "accept #1");
    // Her seat from either account; never mbob's, from either.
    ok("malice", "move #1 d1-d4");
    refused("alice", "move #1 f4-e4", "not your turn");
    refused("malice", "move #1 f4-e4", "not your turn");
    ok("mbob", "move #1 f4-e4");
    refused("mbob", "move #1 a4-a3", "not your turn");
    // Spectators on either platform act on nothing.
    for who in ["carol", "mcarol"] {
        refused(who, "move #1 a4-a3", "you are not playing game #1");
        refused(who, "resign #1", "you are not playing game #1");
        refused(who, "draw #1", "you are not playing game #1");
    }
    // mbob's offer is answered by alice from either account, never by mbob himself.
    ok("mbob", "draw #1");
    refused("mbob", "draw #1", "you already offered a draw");
    ok("malice", "decline #1");
    // Unlinked, the Matrix account is nobody in the game.
    ok("malice", "unlink");
    refused("malice", "move #1 a4-a3", "you are not playing game #1");
    ok("alice", "move #1 a4-a3");
}

#[test]
fn two_accounts_of_one_player_racing_on_a_game_between_platforms_move_once() {
    for round in 0..5 {
        let (s, _clock) = club();
        let code = club_code(&s, "alice");
        let r = s.handle(&in_club("malice"), &format!("link {code}"));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let r = s.handle(&in_club("mbob"), "challenge tafl second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let r = s.handle(&in_club("alice"), "accept #1");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let s = Arc::new(s);
        let handles: Vec<_> = [
            ("alice", "d1-d2"),
            ("malice", "e1-e2"),
            ("alice", "g1-g2"),
            ("malice", "h1-h2"),
        ]
        .into_iter()
        .map(|(who, mv)| {
            let s = s.clone();
            std::thread::spawn(move || s.handle(&in_club(who), &format!("move #1 {mv}")))
        })
        .collect();
        let replies: Vec<Reply> = handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect();
        let done = replies.iter().filter(|r| r.kind == ReplyKind::Done).count();
        assert_eq!(done, 1, "round {round}: {replies:?}");
        assert_eq!(s.test_game(1).moved, [1, 0], "round {round}");
        // The one move is posted in the other home once.
        let told: usize = replies.iter().map(|r| r.elsewhere.len()).sum();
        assert_eq!(told, 1, "round {round}");
    }
}

/// The channels of game `id`'s homes, its first first.
fn home_channels(s: &Session, id: u64) -> Vec<String> {
    s.test_game(id)
        .homes()
        .into_iter()
        .map(|h| h.channel.0)
        .collect()
}

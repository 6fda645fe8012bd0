//! Tournaments in the session: racing starts pair once, a leave forfeits, a timeout counts
//! as a loss, a round is paired when the last one ends, a knockout's draw is replayed, and
//! every refusal changes nothing.

use super::support::{console, ok, session_on};
use crate::tournament::doc::{Format, State};
use crate::*;
use std::sync::Arc;
use std::thread;

fn world() -> (Session, Arc<clock::FakeClock>) {
    let clock = Arc::new(clock::FakeClock::new(clock::FakeClock::EPOCH));
    let s = session_on(
        store::SledStore::temporary().expect("store"),
        Arc::clone(&clock),
    );
    (s, clock)
}

fn refused(s: &Session, who: &str, line: &str) -> String {
    let r = s.handle(&console(who), line);
    assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
    r.text.en()
}

fn tournament(s: &Session, id: u64) -> tournament::TournamentDoc {
    s.store()
        .tournament(id)
        .expect("reads")
        .expect("exists")
        .doc
}

/// Creates a tournament (by alice) and has `players` join; returns its number.
fn open_with(s: &Session, how: &str, players: &[&str]) -> u64 {
    ok(s, "alice", &format!("tournament create {how}"));
    let id = s.store().tournaments().expect("reads")[0].doc.id;
    for p in players {
        ok(s, p, &format!("tournament join #{id}"));
    }
    id
}

/// The tournament's games without a result.
fn running_games(s: &Session, id: u64) -> Vec<game::GameDoc> {
    tournament(s, id)
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter_map(|p| p.game)
        .map(|g| s.test_game(g))
        .filter(|g| g.end.is_none())
        .collect()
}

fn export(s: &Session) -> Vec<u8> {
    let mut out = Vec::new();
    s.store().export(&mut out).expect("exports");
    out
}

#[test]
fn two_starts_racing_pair_the_tournament_once() {
    for _ in 0..5 {
        let (s, _) = world();
        let id = open_with(&s, "tafl round-robin", &["alice", "bob", "carol", "dave"]);
        let s = Arc::new(s);
        let replies: Vec<Reply> = (0..2)
            .map(|_| {
                let s = Arc::clone(&s);
                thread::spawn(move || {
                    s.handle(&console("alice"), &format!("tournament start #{id}"))
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect();
        let done = replies.iter().filter(|r| r.kind == ReplyKind::Done).count();
        assert_eq!(
            done,
            1,
            "{:?}",
            replies.iter().map(|r| r.text.en()).collect::<Vec<_>>()
        );
        let loser = replies
            .iter()
            .find(|r| r.kind != ReplyKind::Done)
            .expect("one refused");
        assert!(
            loser.text.en().contains("has started already"),
            "{}",
            loser.text.en()
        );
        // 4 players, all rounds at once: 6 games, and only 6.
        assert_eq!(s.store().game_count(), 6);
        assert_eq!(running_games(&s, id).len(), 6);
    }
}

#[test]
fn a_swiss_round_is_paired_once_its_last_game_ends_and_a_leave_forfeits() {
    let (s, _) = world();
    let id = open_with(
        &s,
        "tafl swiss rounds:3",
        &["alice", "bob", "carol", "dave", "erin", "finn"],
    );
    let r = ok(&s, "alice", &format!("tournament start #{id}"));
    assert!(r.text.en().contains("round 1 of 3"), "{}", r.text.en());
    let games = running_games(&s, id);
    assert_eq!(games.len(), 3);
    // Every player is pinged for their new game, but not alice, who reads the answer.
    assert_eq!(r.notify.len(), 5, "{:?}", r.notify);
    // Two games end; the round waits for the third.
    for g in &games[..2] {
        ok(&s, &g.players[1].name, &format!("resign #{}", g.id));
    }
    assert_eq!(tournament(&s, id).rounds.len(), 1);
    // The third player leaves: their game is forfeited, and that ends round 1.
    let last = &games[2];
    let leaver = last.players[0].name.clone();
    let r = ok(&s, &leaver, "tournament leave");
    assert!(
        r.text.en().contains("forfeited")
            && r.text.en().contains(&format!("Game #{} ends", last.id)),
        "{}",
        r.text.en()
    );
    let ended = s.test_game(last.id);
    assert!(ended.end.is_some(), "the leaver's game ended");
    assert!(
        ended.end.and_then(|e| e.ratings).is_none(),
        "a forfeit is not rated"
    );
    let t = tournament(&s, id);
    assert_eq!(t.rounds.len(), 2, "round 2 paired by the leave");
    // Five players left: two games and a bye; the leaver is not paired.
    let round2 = &t.rounds[1];
    assert_eq!(round2.pairings.len(), 2);
    assert!(round2.bye.is_some());
    let leaver_no = t
        .players
        .iter()
        .find(|e| e.user.name == leaver)
        .expect("entered")
        .start;
    assert!(
        round2
            .pairings
            .iter()
            .all(|p| p.white != leaver_no && p.black != leaver_no)
    );
    assert_eq!(round2.bye.filter(|b| *b == leaver_no), None);
    // The forfeit counts: the opponent scored the point without a played game.
    let p = &t.rounds[0]
        .pairings
        .iter()
        .find(|p| p.game == Some(last.id))
        .expect("board");
    assert_eq!(p.outcome.map(|o| o.played), Some(false));
    // The leaver may not leave twice, nor join again.
    refused(&s, &leaver, &format!("tournament leave #{id}"));
    refused(&s, &leaver, &format!("tournament join #{id}"));
}

#[test]
fn a_timeout_counts_as_a_loss_and_the_last_result_ends_the_tournament() {
    let (s, clock) = world();
    let id = open_with(&s, "tafl knockout days:1", &["alice", "bob"]);
    ok(&s, "alice", &format!("tournament start #{id}"));
    let g = running_games(&s, id).remove(0);
    // Both move once, then the player to move lets the clock run out.
    super::support::play_first(&s, &g.players[0].name, g.id);
    super::support::play_first(&s, &g.players[1].name, g.id);
    clock.advance(2 * clock::DAY);
    let notices = s.tick(s.now());
    let g = s.test_game(g.id);
    assert!(matches!(
        g.end.map(|e| e.result),
        Some(game::GameResult::TimedOut(_))
    ));
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Finished);
    let winner = t
        .bracket
        .as_ref()
        .and_then(|b| b.champion())
        .expect("a champion");
    assert_eq!(
        t.name(winner),
        g.players[1].name,
        "the player who ran out lost"
    );
    // The final standings are announced in the tournament's channel, with the timeout.
    let posted: Vec<String> = s
        .take_notices(&["console"], "t", outbox::POST_LEASE, 50)
        .into_iter()
        .map(|(_, n)| n.reply.text.en())
        .collect();
    let all = posted.join("\n")
        + &notices
            .iter()
            .map(|n| n.reply.text.en())
            .collect::<String>();
    assert!(
        all.contains(&format!("Tournament #{id} is over")) && all.contains("wins the tournament"),
        "{all}"
    );
}

#[test]
fn a_drawn_knockout_game_is_replayed_with_seats_swapped() {
    let (s, _) = world();
    let id = open_with(&s, "tafl knockout", &["alice", "bob"]);
    ok(&s, "alice", &format!("tournament start #{id}"));
    let first = running_games(&s, id).remove(0);
    super::support::play_first(&s, &first.players[0].name, first.id);
    ok(&s, &first.players[1].name, &format!("draw #{}", first.id));
    ok(&s, &first.players[0].name, &format!("draw #{}", first.id));
    let replay = running_games(&s, id);
    assert_eq!(replay.len(), 1, "one replay");
    let replay = &replay[0];
    assert_ne!(replay.id, first.id);
    assert_eq!(replay.players[0].id, first.players[1].id, "seats swapped");
    assert_eq!(tournament(&s, id).state, State::Running);
    ok(
        &s,
        &replay.players[0].name,
        &format!("resign #{}", replay.id),
    );
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Finished);
    assert_eq!(
        t.bracket
            .as_ref()
            .and_then(|b| b.champion())
            .map(|c| t.name(c)),
        Some(replay.players[1].name.clone())
    );
    // Tournament games feed the ladder like any ranked game.
    let r = ok(&s, "carol", "ladder hnefatafl");
    assert!(r.text.en().contains("2 games"), "{}", r.text.en());
}

#[test]
fn refusals_say_what_would_work_and_change_nothing() {
    let (s, _) = world();
    let before = export(&s);
    assert!(refused(&s, "bob", "tournament join").contains("No open tournament here"));
    assert!(refused(&s, "bob", "tournament create tafl").contains("which format?"));
    assert!(refused(&s, "bob", "tournament create tafl swiss").contains("how many rounds?"));
    assert!(
        refused(&s, "bob", "tournament create tafl knockout double").contains("round-robin only")
    );
    assert!(refused(&s, "bob", "tournament dance").contains("expected create, join"));
    assert_eq!(export(&s), before);
    let id = open_with(&s, "tafl round-robin max:3", &["alice", "bob"]);
    let before = export(&s);
    assert!(refused(&s, "bob", &format!("tournament start #{id}")).contains("Only alice"));
    assert!(
        refused(&s, "alice", &format!("tournament start #{id}")).contains("at least 3 players")
    );
    assert!(refused(&s, "bob", &format!("tournament join #{id}")).contains("already"));
    assert!(refused(&s, "bob", "tournament remove @alice").contains("that you organise"));
    assert!(refused(&s, "bob", "tournament #999").contains("no tournament #999"));
    assert_eq!(export(&s), before);
    ok(&s, "carol", &format!("tournament join #{id}"));
    assert!(refused(&s, "dave", &format!("tournament join #{id}")).contains("is full"));
    ok(&s, "alice", &format!("tournament start #{id}"));
    // A tournament game cannot be aborted.
    let g = running_games(&s, id).remove(0);
    let before = export(&s);
    assert!(
        refused(&s, &g.players[0].name, &format!("abort #{}", g.id)).contains("cannot be aborted")
    );
    assert_eq!(export(&s), before);
    assert!(tournament(&s, id).format == Format::RoundRobin { double: false });
}

#[test]
fn an_organiser_removes_an_absent_player_and_the_standings_show_it() {
    let (s, _) = world();
    let id = open_with(&s, "tafl round-robin", &["alice", "bob", "carol", "dave"]);
    ok(&s, "alice", &format!("tournament start #{id}"));
    let dave_games = running_games(&s, id)
        .into_iter()
        .filter(|g| g.players.iter().any(|p| p.name == "dave"))
        .count();
    assert_eq!(dave_games, 3);
    let r = ok(&s, "alice", "tournament remove @dave");
    assert!(r.text.en().contains("dave was removed"), "{}", r.text.en());
    assert!(
        running_games(&s, id)
            .iter()
            .all(|g| g.players.iter().all(|p| p.name != "dave"))
    );
    let r = ok(&s, "bob", "tournament");
    let text = r.text.en();
    assert!(
        text.contains("dave: 0 points") && text.contains("(withdrew)"),
        "{text}"
    );
    // Each of dave's opponents scored a forfeit win.
    assert!(text.contains("alice: 1 point,"), "{text}");
}

#[test]
fn a_finished_round_robin_exports_as_trf_and_reads_in_french() {
    let (s, _) = world();
    let id = open_with(&s, "tafl round-robin", &["alice", "bob", "carol"]);
    ok(&s, "alice", &format!("tournament start #{id}"));
    // Every game: the Defenders resign.
    for g in running_games(&s, id) {
        ok(&s, &g.players[1].name, &format!("resign #{}", g.id));
    }
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Finished);
    let trf = t.to_trf();
    let read = skald_tournament::trf::read(&trf).expect("the TRF reads back");
    assert_eq!(read.players.len(), 3);
    let points: u32 = read
        .players
        .iter()
        .map(|p| read.points.total(&p.rounds, usize::MAX))
        .sum();
    assert_eq!(points, 30, "three games, a point each: {trf}");
    assert!(trf.contains("012 Skald tournament #"), "{trf}");
    // The standings read in French, with French punctuation.
    let r = ok(&s, "carol", "tournament");
    let fr = r.text.render(skald_lang::Lang::Fr);
    assert!(fr.contains("Terminé. Classement final\u{a0}:"), "{fr}");
    assert!(fr.contains("1. "), "{fr}");
    assert!(!fr.contains("tournament-"), "no message id shown: {fr}");
}

#[test]
fn the_last_two_games_of_a_round_ending_at_once_pair_the_next_round_once() {
    for _ in 0..60 {
        let (s, _) = world();
        let id = open_with(
            &s,
            "tafl swiss rounds:2",
            &["alice", "bob", "carol", "dave"],
        );
        ok(&s, "alice", &format!("tournament start #{id}"));
        let games = running_games(&s, id);
        assert_eq!(games.len(), 2);
        let s = Arc::new(s);
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let handles: Vec<_> = games
            .iter()
            .map(|g| {
                let (s, barrier) = (Arc::clone(&s), Arc::clone(&barrier));
                let (who, line) = (g.players[1].name.clone(), format!("resign #{}", g.id));
                thread::spawn(move || {
                    barrier.wait();
                    s.handle(&console(&who), &line)
                })
            })
            .collect();
        for h in handles {
            let r = h.join().expect("no panic");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }
        let t = tournament(&s, id);
        assert_eq!(t.rounds.len(), 2, "round 2 paired once");
        assert!(t.rounds[0].complete(), "both results recorded");
        assert_eq!(running_games(&s, id).len(), 2, "round 2's two games, once");
        assert_eq!(s.store().game_count(), 4);
    }
}

#[test]
fn a_round_robin_at_pace_rounds_starts_a_round_when_the_last_one_ends() {
    let (s, _) = world();
    let id = open_with(
        &s,
        "tafl round-robin double pace:rounds",
        &["alice", "bob", "carol", "dave"],
    );
    let r = ok(&s, "alice", &format!("tournament start #{id}"));
    assert!(r.text.en().contains("round 1 of 6:"), "{}", r.text.en());
    assert!(!r.text.en().contains("round 2 of 6"), "{}", r.text.en());
    for round in 1..=6u32 {
        let games = running_games(&s, id);
        assert_eq!(games.len(), 2, "round {round}: two games at a time");
        for g in &games {
            ok(&s, &g.players[1].name, &format!("resign #{}", g.id));
        }
    }
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Finished);
    // A double round-robin: every pair met twice, once with each seat.
    let mut seats: Vec<(u32, u32)> = t
        .rounds
        .iter()
        .flat_map(|r| r.pairings.iter().map(|p| (p.white, p.black)))
        .collect();
    seats.sort_unstable();
    seats.dedup();
    assert_eq!(seats.len(), 12);
}

#[test]
fn a_knockout_of_three_gives_the_top_seed_a_bye() {
    let (s, _) = world();
    let id = open_with(&s, "daldosa knockout casual", &["alice", "bob", "carol"]);
    let r = ok(&s, "alice", &format!("tournament start #{id}"));
    // alice is seed 1 (ratings equal, then by name): bob and carol play first.
    let games = running_games(&s, id);
    assert_eq!(games.len(), 1, "{}", r.text.en());
    let names = games[0].names();
    assert!(names.contains(&"bob".to_string()) && names.contains(&"carol".to_string()));
    ok(&s, "carol", &format!("resign #{}", games[0].id));
    let final_game = running_games(&s, id);
    assert_eq!(final_game.len(), 1);
    let names = final_game[0].names();
    assert!(names.contains(&"alice".to_string()) && names.contains(&"bob".to_string()));
    // Casual: no ladder.
    let r = ok(&s, "carol", "ladder daldosa");
    assert!(r.text.en().contains("Nobody has played"), "{}", r.text.en());
    let r = ok(&s, "carol", &format!("tournament #{id}"));
    assert!(
        r.text.en().contains("alice vs bye: goes through"),
        "{}",
        r.text.en()
    );
}

#[test]
fn a_tournament_with_a_start_time_starts_by_itself_once() {
    let (s, clock) = world();
    // The fake clock starts at its epoch; the tournament starts a day and a half later.
    let at = clock::Timestamp(clock::FakeClock::EPOCH.0 + 36 * clock::HOUR);
    let made = ok(
        &s,
        "alice",
        &format!("tournament create tafl round-robin starts:{}", at.minute()),
    );
    assert!(
        made.text.en().contains("It starts by itself at"),
        "{}",
        made.text.en()
    );
    let id = s.store().tournaments().expect("reads")[0].doc.id;
    for p in ["alice", "bob", "carol"] {
        ok(&s, p, &format!("tournament join #{id}"));
    }
    assert_eq!(s.next_wakeup(), Some(at), "the scheduler wakes for it");
    // Not yet.
    clock.advance(35 * clock::HOUR);
    s.tick(s.now());
    assert_eq!(tournament(&s, id).state, State::Open);
    // Its time: started, its games made, the announcement in its channel; once.
    clock.advance(2 * clock::HOUR);
    s.tick(s.now());
    s.tick(s.now());
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Running);
    assert_eq!(t.starts, None);
    assert_eq!(running_games(&s, id).len(), 3);
    let posted: Vec<String> = s
        .take_notices(&["console"], "t", outbox::POST_LEASE, 50)
        .into_iter()
        .map(|(_, n)| n.reply.text.en())
        .collect();
    let starts = posted
        .iter()
        .filter(|p| p.contains(&format!("Tournament #{id} starts with 3 players")))
        .count();
    assert_eq!(starts, 1, "{posted:?}");
}

#[test]
fn a_tournament_short_of_players_at_its_time_says_so_once_and_waits() {
    let (s, clock) = world();
    let at = clock::Timestamp(clock::FakeClock::EPOCH.0 + clock::DAY);
    ok(
        &s,
        "alice",
        &format!("tournament create tafl swiss rounds:3 starts:{}", at.date()),
    );
    let id = s.store().tournaments().expect("reads")[0].doc.id;
    ok(&s, "bob", &format!("tournament join #{id}"));
    clock.advance(2 * clock::DAY);
    s.tick(s.now());
    s.tick(s.now());
    let t = tournament(&s, id);
    assert_eq!(t.state, State::Open, "still open");
    assert_eq!(t.starts, None, "told once");
    let posted: Vec<String> = s
        .take_notices(&["console"], "t", outbox::POST_LEASE, 50)
        .into_iter()
        .map(|(_, n)| n.reply.text.en())
        .collect();
    assert_eq!(posted.len(), 1, "{posted:?}");
    assert!(
        posted[0].contains(&format!("Tournament #{id} could not start at its time"))
            && posted[0].contains("needs at least 4 players"),
        "{posted:?}"
    );
    // Past and far start times, and words that are no time, are refused.
    let past = refused(
        &s,
        "alice",
        "tournament create tafl knockout starts:2020-01-01",
    );
    assert!(past.contains("has passed"), "{past}");
    let far = refused(
        &s,
        "alice",
        "tournament create tafl knockout starts:2099-01-01",
    );
    assert!(far.contains("more than a year away"), "{far}");
    let bad = refused(&s, "alice", "tournament create tafl knockout starts:friday");
    assert!(bad.contains("starts:2026-12-01T18:00"), "{bad}");
}

/// `who` speaking in `channel` (a game's own channel, as a Discord thread would be).
fn console_in(who: &str, channel: &str) -> Context {
    Context::private(User::new("console", who, who), "console", channel)
}

#[test]
fn a_rounds_games_may_move_to_channels_of_their_own_once_and_live_there() {
    let (s, clock) = world();
    let id = open_with(
        &s,
        "tafl round-robin pace:rounds days:2",
        &["alice", "bob", "carol", "dave"],
    );
    let r = ok(&s, "alice", &format!("tournament start #{id}"));
    let games = running_games(&s, id);
    assert_eq!(games.len(), 2);
    // Each new game is offered a channel of its own, with its opening message.
    assert_eq!(r.own_channels.len(), 2, "{}", r.text.en());
    for (own, g) in r.own_channels.iter().zip(&games) {
        assert_eq!(own.game, g.id);
        assert_eq!(own.from, ChannelId("console".into()));
        assert_eq!(
            own.name,
            format!(
                "Hnefatafl 11x11 – {} v {}",
                g.players[0].name, g.players[1].name
            )
        );
        let opening = own.opening.text.en();
        assert!(
            opening.contains(&format!("Game #{} of tournament #{id}", g.id)),
            "{opening}"
        );
        assert_eq!(own.opening.boards.len(), 1);
        assert!(own.opening.private.is_empty());
        for p in &g.players {
            assert!(own.opening.notify.contains(&p.id), "{p:?} pinged");
        }
    }
    let g = &games[0];
    let (home, thread) = (ChannelId("console".into()), ChannelId("thread-1".into()));
    // Moved once; again is the same answer and writes nothing; elsewhere, it stays.
    assert_eq!(
        s.move_game_channel(g.id, &home, &thread).expect("moves"),
        Some(thread.clone())
    );
    let version = s.test_game(g.id).version;
    assert_eq!(
        s.move_game_channel(g.id, &home, &thread).expect("reads"),
        Some(thread.clone())
    );
    assert_eq!(
        s.move_game_channel(g.id, &home, &ChannelId("thread-2".into()))
            .expect("reads"),
        Some(thread.clone()),
        "a game moved already stays where it went"
    );
    assert_eq!(s.test_game(g.id).version, version, "nothing written again");
    assert_eq!(s.game_channel(g.id).expect("reads"), Some(thread.clone()));
    assert_eq!(
        s.move_game_channel(9999, &home, &thread).expect("reads"),
        None
    );
    let moved = s.test_game(g.id);
    assert_eq!(moved.channel, thread);
    assert!(
        moved.homes.iter().all(|h| h.channel == thread),
        "{:?}",
        moved.homes
    );
    // The game is played in its channel: a move typed there finds it; in the old channel,
    // without its number, it is not there any more.
    let white = g.players[0].name.clone();
    let mv = moved
        .live()
        .expect("replays")
        .position()
        .legal_moves()
        .remove(0);
    let r = s.handle(&console(&white), &format!("move {mv}"));
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    let r = s.handle(&console_in(&white, "thread-1"), &format!("move {mv}"));
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert_eq!(s.test_game(g.id).moves_played(), 1);
    // Its reminders go to its channel; the other game's stay in the tournament's.
    clock.advance(clock::DAY + clock::HOUR);
    let notices = s.tick(s.now());
    let reminded: Vec<&str> = notices.iter().map(|n| n.channel.0.as_str()).collect();
    assert!(reminded.contains(&"thread-1"), "{reminded:?}");
    assert!(reminded.contains(&"console"), "{reminded:?}");
}

#[test]
fn two_posters_racing_to_move_a_game_agree_on_one_channel() {
    for _ in 0..5 {
        let (s, _) = world();
        let id = open_with(&s, "tafl round-robin", &["alice", "bob", "carol"]);
        ok(&s, "alice", &format!("tournament start #{id}"));
        let g = running_games(&s, id).remove(0).id;
        let s = Arc::new(s);
        let home = ChannelId("console".into());
        let answers: Vec<Option<ChannelId>> = (0..2)
            .map(|i| {
                let (s, home) = (Arc::clone(&s), home.clone());
                thread::spawn(move || {
                    s.move_game_channel(g, &home, &ChannelId(format!("thread-{i}")))
                        .expect("store works")
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect();
        let now = s.game_channel(g).expect("reads");
        assert!(
            matches!(
                now.as_ref().map(|c| c.0.as_str()),
                Some("thread-0" | "thread-1")
            ),
            "{now:?}"
        );
        assert_eq!(answers, vec![now.clone(), now], "both told the one channel");
    }
}

#[test]
fn the_next_rounds_notice_offers_its_games_channels_of_their_own_and_is_stored_so() {
    let (s, _) = world();
    let id = open_with(
        &s,
        "tafl round-robin pace:rounds",
        &["alice", "bob", "carol", "dave"],
    );
    ok(&s, "alice", &format!("tournament start #{id}"));
    for g in running_games(&s, id) {
        ok(&s, &g.players[1].name, &format!("resign #{}", g.id));
    }
    let round2 = running_games(&s, id);
    assert_eq!(round2.len(), 2);
    let notices = s.take_notices(&["console"], "t", outbox::POST_LEASE, 50);
    let (_, notice) = notices
        .iter()
        .find(|(_, n)| n.reply.text.en().contains("round 2 of 3"))
        .expect("round 2 announced");
    let offered: Vec<u64> = notice.reply.own_channels.iter().map(|o| o.game).collect();
    assert_eq!(offered, round2.iter().map(|g| g.id).collect::<Vec<_>>());
    // Stored as format 2 (a release reading format 1 only leaves it to a newer one), and
    // read back equal; a notice without games stays format 1.
    let bytes = notice.to_stored().expect("stored");
    assert!(bytes.starts_with(br#"{"format":2,"#));
    assert_eq!(
        &Notice::from_stored(&bytes, &notice.platform).expect("read"),
        notice
    );
    let plain = Notice {
        channel: ChannelId("console".into()),
        platform: "console".into(),
        reply: Reply::done(Text::verbatim("hi")),
        said: None,
    };
    assert!(
        plain
            .to_stored()
            .expect("stored")
            .starts_with(br#"{"format":1,"#)
    );
}

#[test]
fn a_league_seasons_games_are_offered_channels_of_their_own_too() {
    let (s, _) = world();
    for p in ["alice", "bob", "carol", "dave"] {
        ok(&s, p, "league tafl join");
    }
    let r = ok(&s, "alice", "league tafl start days:2");
    let offered: Vec<u64> = r.own_channels.iter().map(|o| o.game).collect();
    let mut games: Vec<u64> = s
        .store()
        .tournaments()
        .expect("reads")
        .into_iter()
        .flat_map(|t| t.doc.rounds)
        .flat_map(|r| r.pairings)
        .filter_map(|p| p.game)
        .collect();
    games.sort_unstable();
    assert!(!games.is_empty());
    assert_eq!(offered, games, "{}", r.text.en());
}

//! What players notice of the engine driver: its answers, their order, its pool.

use super::*;
use crate::clock::FakeClock;
use crate::store::SledStore;
use crate::{Context, SessionConfig, User};
use rand::SeedableRng;
use std::sync::Arc;

fn session() -> Session {
    Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::rngs::StdRng::seed_from_u64(3),
        SessionConfig {
            engine_budget_scale: 0.02,
            ..SessionConfig::default()
        },
    )
    .expect("session")
}

#[test]
fn the_engine_answers_in_the_game_channel_once_per_turn() {
    let s = session();
    let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
    // Hnefatafl with the engine first (attackers): its move is one notice in `hall`.
    let r = s.handle(&alice, "challenge tafl @skald easy second");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let mut driver = Driver::new();
    let notices = pending(&mut driver, &s);
    assert_eq!(notices.len(), 1, "{notices:?}");
    let n = &notices[0];
    assert_eq!(n.channel.0, "hall");
    assert!(
        n.reply.text.en().contains("skald (Attackers) played"),
        "{}",
        n.reply.text.en()
    );
    assert_eq!(n.reply.boards.len(), 1);
    assert!(
        n.reply.notify.iter().all(|u| u.id == "alice"),
        "only alice is pinged: {:?}",
        n.reply.notify
    );
    assert!(s.engine_turns().expect("turns").is_empty());
    // Nothing left to play: nothing to post.
    assert!(pending(&mut driver, &s).is_empty());
}

fn pending(driver: &mut Driver, s: &Session) -> Vec<Notice> {
    let mut notices = Vec::new();
    driver.play_pending(s, |n| notices.push(n));
    notices
}

#[test]
fn a_game_hears_the_engine_before_it_thinks_in_the_next_game() {
    let s = session();
    let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
    let bob = Context::new(User::new("test", "bob", "bob"), "club", "den");
    for who in [&alice, &bob] {
        let r = s.handle(who, "challenge tafl @skald easy second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
    let waiting = || -> Vec<u64> {
        let turns = s.engine_turns().expect("turns");
        turns.iter().map(|t| t.game).collect()
    };
    assert_eq!(waiting().len(), 2, "both games wait for the engine");
    // What was still waiting for the engine when each notice was handed over.
    let mut posted: Vec<(String, Vec<u64>)> = Vec::new();
    Driver::new().play_pending(&s, |n| posted.push((n.channel.0.clone(), waiting())));
    assert_eq!(posted.len(), 2, "{posted:?}");
    assert_eq!(
        posted[0].1.len(),
        1,
        "the second game still waited: {posted:?}"
    );
    assert!(posted[1].1.is_empty(), "{posted:?}");
    let mut channels: Vec<&str> = posted.iter().map(|(c, _)| c.as_str()).collect();
    channels.sort();
    assert_eq!(channels, ["den", "hall"]);
}

#[test]
fn the_engine_view_of_a_subulata_game_hides_the_opponents_values() {
    use skald_rules::{Position, RuleSetId, Seat, Viewer};
    let s = session();
    let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
    let r = s.handle(&alice, "challenge subulata @skald easy second");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let turns = s.engine_turns().expect("turns");
    assert_eq!(turns.len(), 1, "the engine (White) is to move");
    let turn = &turns[0];
    assert_eq!(turn.view.rule_set(), RuleSetId::Subulata);
    assert_eq!(turn.view.seat(), turn.seat);
    let full = Position::from_notation(RuleSetId::Subulata, &s.test_game(turn.game).position)
        .expect("the stored position reads");
    let (mine, theirs) = match turn.seat {
        Seat::A => ('W', 'B'),
        Seat::B => ('B', 'W'),
    };
    let seen = turn.view.position().to_notation(Viewer::Final);
    assert_eq!(seen.matches(&format!("{theirs}?")).count(), 9, "{seen}");
    assert_eq!(seen.matches(&format!("{mine}?")).count(), 0, "{seen}");
    assert!(
        !full.to_notation(Viewer::Final).contains('?'),
        "the game itself knows every value"
    );
    assert_eq!(
        seen,
        full.to_notation(Viewer::Seat(turn.seat)),
        "the engine sees exactly what its seat may see"
    );
    assert_ne!(turn.view.position(), &full, "never the full position");
}

#[test]
fn the_typed_move_plays_like_the_move_command() {
    let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
    let (typed, text) = (session(), session());
    for s in [&typed, &text] {
        let r = s.handle(&alice, "challenge tafl @skald easy second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
    let turn = typed.engine_turns().expect("turns").remove(0);
    let mv = skald_ai::choose_for_view(&turn.view, None, 7).expect("a move");
    let by_type = typed.play_engine_move(&turn, mv);
    let by_text = text.handle(&turn.ctx, &format!("move #{} {mv}", turn.game));
    assert_eq!(by_type.kind, ReplyKind::Done, "{}", by_type.text.en());
    assert_eq!(by_type.text.en(), by_text.text.en());
    assert_eq!(by_type.notify, by_text.notify);
    assert_eq!(typed.test_game(turn.game), text.test_game(turn.game));
}

#[test]
fn a_stale_or_foreign_engine_move_changes_nothing() {
    let s = session();
    let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
    let r = s.handle(&alice, "challenge tafl @skald easy second");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let turn = s.engine_turns().expect("turns").remove(0);
    let before = s.test_game(turn.game);
    // A move of another game family is not a move of this game.
    let foreign = skald_rules::AnyMove::Adelta(skald_rules::adelta::Move::new(1, 1));
    let r = s.play_engine_move(&turn, foreign);
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert_eq!(s.test_game(turn.game), before);
    // The game ends while the engine thinks: its answer is refused.
    let mv = skald_ai::choose_for_view(&turn.view, None, 7).expect("a move");
    let r = s.handle(&alice, &format!("resign #{}", turn.game));
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let resigned = s.test_game(turn.game);
    let r = s.play_engine_move(&turn, mv);
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert_eq!(s.test_game(turn.game), resigned);
}

/// A session whose engine searches `scale` of each level's iterations.
fn session_scaled(scale: f64) -> Session {
    Session::new(
        Arc::new(SledStore::temporary().expect("temporary store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::rngs::StdRng::seed_from_u64(3),
        SessionConfig {
            engine_budget_scale: scale,
            ..SessionConfig::default()
        },
    )
    .expect("session")
}

/// `who` challenges the engine in their own channel (named after them), the engine first.
fn against_engine(s: &Session, who: &str, game: &str) -> Context {
    let ctx = Context::new(User::new("test", who, who), "club", who);
    let r = s.handle(&ctx, &format!("challenge {game} second"));
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    ctx
}

#[test]
fn several_games_waiting_are_each_answered_once_on_the_pool() {
    let s = session();
    // Dice games (a turn of several steps, merged into one answer) and a board game.
    let players = ["ann", "bea", "cid", "dan"];
    let games = [
        "daldosa @skald easy",
        "adelta @skald easy",
        "tafl @skald easy",
        "daldosa @skald normal",
    ];
    for (who, game) in players.iter().zip(games) {
        against_engine(&s, who, game);
    }
    // In Ad Elta Stelpur an opening roll decides who starts: the others wait for the engine.
    let mut waiting: Vec<String> = s
        .engine_turns()
        .expect("turns")
        .into_iter()
        .map(|t| t.ctx.channel.0)
        .collect();
    waiting.sort();
    assert!(waiting.len() >= 3, "{waiting:?}");
    let mut driver = Driver::new();
    driver.threads = 3;
    let notices = pending(&mut driver, &s);
    let mut channels: Vec<String> = notices.iter().map(|n| n.channel.0.clone()).collect();
    channels.sort();
    assert_eq!(channels, waiting, "one answer per game: {notices:?}");
    for n in &notices {
        assert!(n.reply.text.en().contains("skald"), "{}", n.reply.text.en());
        assert_eq!(n.reply.boards.len(), 1, "the board after the last step");
    }
    assert!(
        s.engine_turns().expect("turns").is_empty(),
        "every turn played"
    );
}

#[test]
fn a_long_search_does_not_hold_back_another_games_answer() {
    // Game 1 waits for `hard` (thousands of iterations), game 2 for `easy` (a handful): with
    // two workers the easy answer is posted while the hard search is still running.
    let s = session_scaled(0.2);
    against_engine(&s, "ann", "tafl @skald hard");
    against_engine(&s, "bea", "tafl @skald easy");
    let mut driver = Driver::new();
    driver.threads = 2;
    driver.uncapped = true;
    let mut posted: Vec<(String, Vec<u64>)> = Vec::new();
    driver.play_pending(&s, |n| {
        let waiting = s.engine_turns().expect("turns");
        posted.push((
            n.channel.0.clone(),
            waiting.iter().map(|t| t.game).collect(),
        ));
    });
    assert_eq!(posted.len(), 2, "{posted:?}");
    assert_eq!(posted[0], ("bea".to_string(), vec![1]), "{posted:?}");
    assert_eq!(posted[1], ("ann".to_string(), vec![]), "{posted:?}");
}

/// Five games against the engine (three of them dice games, whose turns are several
/// steps), each waiting for its first move.
const FIVE_GAMES: [&str; 5] = [
    "daldosa @skald easy",
    "adelta-rustik @skald easy",
    "subulata @skald easy",
    "daldosa @skald normal",
    "tafl @skald easy",
];

/// A session with [`FIVE_GAMES`] started by `p0`..`p4`.
fn five_engine_games() -> Session {
    let s = session();
    for (i, game) in FIVE_GAMES.iter().enumerate() {
        against_engine(&s, &format!("p{i}"), game);
    }
    s
}

/// A driver playing in game order (a transcript's), uncapped, on `threads` workers, each
/// step on its own when `separate`.
fn ordered_driver(threads: usize, separate: bool) -> Driver {
    let mut driver = Driver::new();
    driver.threads = threads;
    driver.uncapped = true;
    driver.separate = separate;
    driver.ordered = true;
    driver
}

/// Every notice the engine's pass posts, as a transcript would print them, and the games after.
fn transcript(threads: usize) -> (Vec<String>, Vec<crate::game::GameDoc>) {
    let s = five_engine_games();
    let mut driver = ordered_driver(threads, true);
    let mut lines = Vec::new();
    driver.play_pending(&s, |n| {
        let said = n.said.map(|s| s.line).unwrap_or_default();
        lines.push(format!("{} {said}: {}", n.channel.0, n.reply.text.en()));
    });
    let docs = (1..=FIVE_GAMES.len() as u64)
        .map(|id| s.test_game(id))
        .collect();
    (lines, docs)
}

#[test]
fn in_order_the_transcript_is_the_same_whatever_the_number_of_workers() {
    // The dice rolled after each move come from the session's one generator: the console
    // plays its moves in game order, so its transcript does not depend on the pool.
    let (one, games_one) = transcript(1);
    assert!(one.len() >= 5, "{one:#?}");
    assert!(
        one.iter().all(|l| l.contains(" move #")),
        "each step is its own line: {one:#?}"
    );
    for threads in [2, 4] {
        let (many, games_many) = transcript(threads);
        assert_eq!(one, many, "{threads} workers");
        assert_eq!(games_one, games_many, "{threads} workers");
    }
}

#[test]
fn a_turn_another_searcher_holds_is_left_to_it() {
    let s = session();
    against_engine(&s, "ann", "tafl @skald easy");
    against_engine(&s, "bea", "tafl @skald easy");
    let claims = Arc::new(LocalClaims::default());
    let held = TurnKey { game: 1, ply: 0 };
    let turn = s.engine_turns().expect("turns").remove(0);
    assert_eq!(key(&turn), held);
    // Another process searches game 1's turn: this driver answers only game 2.
    assert!(claims.claim(held));
    let mut driver = Driver::new().with_claims(claims.clone());
    let notices = pending(&mut driver, &s);
    let channels: Vec<&str> = notices.iter().map(|n| n.channel.0.as_str()).collect();
    assert_eq!(channels, ["bea"]);
    assert_eq!(
        s.engine_turns().expect("turns").len(),
        1,
        "game 1 still waits"
    );
    // Its holder gave it up: the next pass plays it, and leaves no claim behind.
    claims.release(held);
    let notices = pending(&mut driver, &s);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel.0, "ann");
    assert!(claims.claim(held), "released after its move");
}

/// The engine's answers to five games (three of them dice games, whose turns are several
/// steps), as `told` says: handed over by [`Driver::play_pending`], or written into the
/// outbox in each move's commit by [`Driver::play_pending_into_outbox`] and read back from
/// there. Each as `channel said: text | boards | pinged`.
fn answers(separate: bool, into_outbox: bool) -> Vec<String> {
    let s = five_engine_games();
    let games = FIVE_GAMES;
    let mut driver = ordered_driver(2, separate);
    let mut notices = Vec::new();
    if into_outbox {
        let mut moves = 0;
        driver.play_pending_into_outbox(&s, || moves += 1);
        assert!(moves >= games.len(), "told after each move: {moves}");
        // The players are on the platform `test`: their games' notices wait for it.
        notices.extend(
            s.take_notices(&["test"], "test", crate::outbox::POST_LEASE, 100)
                .into_iter()
                .map(|(_, n)| n),
        );
    } else {
        driver.play_pending(&s, |n| notices.push(n));
    }
    for id in 1..=games.len() as u64 {
        assert!(
            s.test_game(id).engine_said.is_empty(),
            "no step is left untold"
        );
    }
    notices
        .into_iter()
        .map(|n| {
            let said = n.said.map(|s| s.line).unwrap_or_default();
            let pinged: Vec<String> = n.reply.notify.iter().map(|u| u.id.clone()).collect();
            format!(
                "{} {said}: {} | {} boards | {pinged:?}",
                n.channel.0,
                n.reply.text.en(),
                n.reply.boards.len()
            )
        })
        .collect()
}

#[test]
fn notices_written_with_their_moves_are_the_ones_the_driver_would_post() {
    for separate in [false, true] {
        let handed = answers(separate, false);
        let stored = answers(separate, true);
        assert!(handed.len() >= 4, "{handed:#?}");
        assert_eq!(handed, stored, "separate: {separate}");
    }
    // Merged, a dice turn of several steps is one message telling each step.
    let merged = answers(false, true);
    let mut channels: Vec<&str> = merged.iter().filter_map(|m| m.split(' ').next()).collect();
    channels.dedup();
    assert_eq!(
        channels.len(),
        merged.len(),
        "one message per game: {merged:#?}"
    );
    assert!(
        merged
            .iter()
            .any(|m| m.matches("skald (").count() >= 2 && m.contains("| 1 boards")),
        "{merged:#?}"
    );
}

#[test]
fn on_a_frozen_game_clock_a_capped_search_still_stops_at_its_cap() {
    // The fake clock never moves here, and `easy` is given a million times its iterations
    // (300 million: hours of search). The driver keeps the level's time cap, measured on
    // the machine's clock, so the move comes after about a quarter of a second; were the
    // cap read on the frozen game clock, this test would never end.
    let s = session_scaled(1_000_000.0);
    against_engine(&s, "ann", "tafl @skald easy");
    let turns = s.engine_turns().expect("turns");
    let [turn] = turns.as_slice() else {
        panic!("one engine turn: {turns:?}");
    };
    let driver = Driver::new();
    assert!(!driver.uncapped, "capped unless asked");
    let budget = driver.budget(turn).expect("easy searches");
    assert_eq!(budget.iterations, 300_000_000);
    assert_eq!(budget.time_cap, Some(Duration::from_millis(250)));
    let mut driver = driver;
    let notices = pending(&mut driver, &s);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        s.engine_turns().expect("turns").is_empty(),
        "the move is played"
    );
    // Reproducible searches lift the cap instead, and keep the iteration budget.
    let mut uncapped = Driver::new();
    uncapped.uncapped = true;
    let lifted = uncapped.budget(turn).expect("easy searches");
    assert_eq!((lifted.iterations, lifted.time_cap), (300_000_000, None));
}

#[test]
fn an_engine_turn_is_not_kept_waiting_by_a_review() {
    let s = session();
    let say = |who: &str, channel: &str, line: &str| {
        let ctx = Context::new(User::new("test", who, who), "club", channel);
        let r = s.handle(&ctx, line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    };
    // A long finished game between people, its review asked for…
    say("alice", "hall", "challenge tafl @bob first");
    say("bob", "hall", "accept #1");
    for _ in 0..30 {
        let g = s.test_game(1);
        let m = g.live().expect("replays");
        let Some(seat) = m.position().status().seat() else {
            break;
        };
        let mv = m.position().legal_moves()[0].clone();
        say(
            &g.players[seat.index()].name.clone(),
            "hall",
            &format!("move #1 {mv}"),
        );
    }
    if s.test_game(1).end.is_none() {
        say("bob", "hall", "resign #1");
    }
    say("carol", "hall", "review #1");
    // …then a game where the engine is to move: on one worker its move comes first.
    say("dave", "den", "challenge tafl @skald easy second");
    let mut driver = Driver {
        threads: 1,
        ..Driver::new()
    };
    let notices = pending(&mut driver, &s);
    let engine = notices
        .iter()
        .position(|n| n.channel.0 == "den")
        .expect("the engine moved");
    let review = notices
        .iter()
        .position(|n| n.reply.text.en().contains("Engine review of"))
        .expect("the review was made in the same pass");
    let steps_before = notices[..engine]
        .iter()
        .filter(|n| n.reply.replaces.is_some())
        .count();
    assert!(
        engine < review,
        "the engine's move waited for the whole review"
    );
    assert_eq!(
        steps_before, 0,
        "not even a quarter of the review went first"
    );
}

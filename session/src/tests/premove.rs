//! Conditional moves through the session (`premove`): a line played out answer by answer,
//! a line cleared by another move, an answer that can no longer be played, the refusals, and
//! the lines staying private to their owner.

use super::support::{console, ok, session_on};
use crate::clock::FakeClock;
use crate::store::SledStore;
use crate::*;
use skald_rules::{Position, Seat};
use std::sync::Arc;

fn session() -> Session {
    session_on(
        SledStore::temporary().expect("store"),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
    )
}

fn say(s: &Session, who: &str, line: &str) -> Reply {
    let r = s.handle(&console(who), line);
    assert!(r.channel_boards_are_public(), "{line}: {r:?}");
    r
}

fn refused(s: &Session, who: &str, line: &str) -> String {
    let r = say(s, who, line);
    assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
    r.text.en()
}

/// What only `who` reads of a reply.
fn private_to(r: &Reply, who: &str) -> String {
    r.private
        .iter()
        .filter(|p| p.to.id == who)
        .map(|p| p.text.en())
        .collect::<Vec<_>>()
        .join("\n")
}

/// alice (first) and bob start a game of `rule_set`; alice plays her first legal move, so it
/// is bob's turn. Returns the game's position.
fn started(s: &Session, rule_set: &str) -> Position {
    ok(s, "alice", &format!("challenge {rule_set} @bob first"));
    ok(s, "bob", "accept #1");
    let mv = s
        .test_game(1)
        .live()
        .expect("replays")
        .position()
        .legal_moves()[0]
        .clone();
    ok(s, "alice", &format!("move #1 {mv}"));
    s.test_game(1).live().expect("replays").position().clone()
}

/// A line of `n` exchanges from `position` (bob to move): each move the last legal one that
/// does not end the game.
fn a_line(position: &Position, n: usize) -> Vec<(String, String)> {
    let mut p = position.clone();
    let mut line = Vec::new();
    for _ in 0..n {
        let mut pair = Vec::new();
        for _ in 0..2 {
            let mv = p
                .legal_moves()
                .into_iter()
                .rev()
                .find(|m| {
                    let mut q = p.clone();
                    q.play(m).is_ok() && q.status().seat().is_some()
                })
                .expect("a move that goes on");
            p.play(&mv).expect("legal");
            pair.push(mv);
        }
        line.push((pair[0].clone(), pair[1].clone()));
    }
    line
}

fn words(line: &[(String, String)]) -> String {
    line.iter()
        .map(|(t, a)| format!("{t} {a}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_three_move_line_is_played_out_answer_by_answer_and_stays_private() {
    let s = session();
    let position = started(&s, "tafl");
    let line = a_line(&position, 3);
    let r = ok(&s, "alice", &format!("premove #1 {}", words(&line)));
    assert!(
        r.text.en().is_empty(),
        "nothing for the channel: {}",
        r.text.en()
    );
    let mine = private_to(&r, "alice");
    assert!(
        mine.contains(&format!("if {} then {}", line[0].0, line[0].1))
            && mine.contains("It is your only line there"),
        "{mine}"
    );
    let listed = private_to(&ok(&s, "alice", "premove #1"), "alice");
    assert!(
        listed.contains(&format!("1. if {} then {}", line[0].0, line[0].1)),
        "{listed}"
    );
    // bob sees nothing of it, and cannot list it.
    let bobs = private_to(&ok(&s, "bob", "premove #1"), "bob");
    assert!(bobs.contains("You have no conditional moves"), "{bobs}");
    let board = ok(&s, "bob", "board #1").text.en();
    assert!(!board.contains(&line[0].1), "{board}");
    // Nor does the game's record, whoever exports it.
    for who in ["bob", "carol", "alice"] {
        let r = ok(&s, who, "export #1");
        let files = r
            .files
            .iter()
            .chain(r.private.iter().flat_map(|p| &p.files));
        for file in files {
            let bytes = file.render(Lang::En, u64::MAX).expect("renders").bytes;
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                !text.contains("premoves") && !text.contains(&line[2].1),
                "{who}'s export holds the line: {text}"
            );
        }
    }

    for (k, (theirs, answer)) in line.iter().enumerate() {
        let before = s.test_game(1).record.actions.len();
        let r = ok(&s, "bob", &format!("move #1 {theirs}"));
        let text = r.text.en();
        assert!(
            text.contains(&format!("bob (Defenders) played {theirs}."))
                && text.contains(&format!(
                    "alice (Attackers) answered at once with a conditional move: {answer}."
                )),
            "{text}"
        );
        let g = s.test_game(1);
        assert_eq!(
            g.record.actions.len(),
            before + 2,
            "bob's move and the answer"
        );
        assert_eq!(
            g.live().expect("replays").position().status().seat(),
            Some(Seat::B),
            "bob to move again"
        );
        assert_eq!(g.premoves[0].len(), usize::from(k < 2), "the line goes on");
        assert!(
            r.notify.iter().all(|u| u.id != "alice"),
            "alice is not pinged"
        );
    }
    assert!(
        s.test_game(1).premoves[0].is_empty(),
        "the line is played out"
    );
}

#[test]
fn another_move_clears_every_line_and_the_turn_is_the_players_again() {
    let s = session();
    let position = started(&s, "tafl");
    let legal = position.legal_moves();
    let line = a_line(&position, 1);
    let other = legal
        .iter()
        .find(|m| **m != line[0].0)
        .expect("another move");
    ok(&s, "alice", &format!("premove #1 {}", words(&line)));
    let r = ok(&s, "bob", &format!("move #1 {other}"));
    assert!(!r.text.en().contains("conditional"), "{}", r.text.en());
    let g = s.test_game(1);
    assert!(g.premoves[0].is_empty(), "{:?}", g.premoves);
    assert_eq!(
        g.live().expect("replays").position().status().seat(),
        Some(Seat::A)
    );
    assert!(
        r.notify.iter().any(|u| u.id == "alice"),
        "alice is pinged as usual"
    );
}

#[test]
fn an_answer_that_cannot_be_played_drops_its_line_and_tells_its_owner_alone() {
    let s = session();
    let position = started(&s, "subulata");
    let theirs = position.legal_moves()[0].clone();
    // Subulata lines are checked for notation only when queued (checking more would need
    // bob's hidden values): an answer from an empty cell is taken, and fails when played.
    let mut after = position.clone();
    after.play(&theirs).expect("legal");
    let answer = (b'a'..=b'i')
        .flat_map(|c| (1..=9).map(move |r| format!("{}{r}", c as char)))
        .find(|from| {
            let mv = format!("{from}-e5");
            after.canonical_move(&mv).is_ok() && after.clone().play(&mv).is_err()
        })
        .map(|from| format!("{from}-e5"))
        .expect("an unplayable answer");
    ok(&s, "alice", &format!("premove #1 {theirs} {answer}"));
    let r = ok(&s, "bob", &format!("move #1 {theirs}"));
    assert!(!r.text.en().contains("conditional"), "{}", r.text.en());
    let note = private_to(&r, "alice");
    assert!(
        note.contains("a conditional move could not be played, so its line is dropped")
            && note.contains(&format!("if {theirs} then {answer}: ")),
        "{note}"
    );
    assert!(
        private_to(&r, "bob").is_empty(),
        "bob is told nothing of it"
    );
    // News alice must hear of though bob acted: Discord sends it as a direct message.
    assert!(
        r.private.iter().any(|p| p.to.id == "alice" && p.news),
        "{:?}",
        r.private
    );
    let g = s.test_game(1);
    assert!(g.premoves[0].is_empty());
    assert_eq!(
        g.live().expect("replays").position().status().seat(),
        Some(Seat::A),
        "alice's turn, as without a line"
    );
}

#[test]
fn bad_lines_are_refused_and_change_nothing() {
    let s = session();
    let position = started(&s, "tafl");
    let line = a_line(&position, 2);
    let version = s.test_game(1).version;
    let e = refused(&s, "bob", &format!("premove #1 {}", words(&line)));
    assert!(e.contains("it is your turn in game #1"), "{e}");
    let e = refused(&s, "alice", &format!("premove #1 {}", line[0].0));
    assert!(e.contains("has no answer"), "{e}");
    let e = refused(
        &s,
        "alice",
        &format!("premove #1 {} {} z9-z99", line[0].0, line[0].1),
    );
    assert!(e.contains("'z9-z99' cannot be part of this line"), "{e}");
    // A Hnefatafl line is played through when queued: an answer that is not legal there is
    // refused at once.
    let illegal = format!("premove #1 {} {}", line[0].0, line[0].0);
    let e = refused(&s, "alice", &illegal);
    assert!(e.contains("cannot be part of this line"), "{e}");
    // Typed where others read it: refused, and nothing is stored.
    let public = Context {
        private: false,
        ..console("alice")
    };
    let r = s.handle(&public, &format!("premove #1 {}", words(&line)));
    assert_eq!(r.kind, ReplyKind::Refused);
    assert!(
        r.text.en().contains("this line was not queued"),
        "{}",
        r.text.en()
    );
    // Listing and clearing say nothing of the lines: allowed anywhere, answered privately.
    let r = s.handle(&public, "premove #1");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert_eq!(s.test_game(1).version, version, "nothing changed");
    for n in 0..10 {
        let mut p = position.clone();
        let theirs = p.legal_moves()[n].clone();
        p.play(&theirs).expect("legal");
        let answer = p.legal_moves()[0].clone();
        ok(&s, "alice", &format!("premove #1 {theirs} {answer}"));
    }
    let e = refused(&s, "alice", &format!("premove #1 {}", words(&line)));
    assert!(e.contains("already have 10 lines"), "{e}");
    let cleared = private_to(&ok(&s, "alice", "premove #1 clear"), "alice");
    assert!(
        cleared.contains("Your 10 lines of conditional moves in game #1 are cleared"),
        "{cleared}"
    );
    assert!(s.test_game(1).premoves[0].is_empty());

    // Dice games have none.
    ok(&s, "alice", "challenge adelta @bob");
    ok(&s, "bob", "accept #2");
    let e = refused(&s, "alice", "premove #2 13+1 13+2");
    assert!(
        e.contains("conditional moves are for games without dice"),
        "{e}"
    );
}

#[test]
fn a_takeback_clears_the_lines() {
    let s = session();
    let position = started(&s, "tafl");
    let line = a_line(&position, 1);
    ok(&s, "alice", &format!("premove #1 {}", words(&line)));
    ok(&s, "alice", "takeback #1");
    ok(&s, "bob", "takeback #1");
    assert!(s.test_game(1).premoves[0].is_empty());
}

#[test]
fn against_the_engine_a_line_answers_its_move_and_the_engine_plays_again() {
    // Two identical worlds: the engine's move in the first tells what to predict in the
    // second (its search is seeded by the game, so it plays the same there).
    let worlds = [session(), session()];
    for s in &worlds {
        ok(s, "alice", "challenge tafl @skald easy first");
        ok(s, "alice", "move #1 d1-d4");
    }
    let engine_move = |s: &Session| {
        let mut driver = crate::engine_driver::Driver::new();
        driver.uncapped = true;
        let mut notices = Vec::new();
        driver.play_pending(s, |n| notices.push(n));
        notices
    };
    engine_move(&worlds[0]);
    let record = worlds[0].test_game(1).record.actions;
    let Some(skald_rules::Action::Move(theirs)) = record.last() else {
        panic!("the engine moved: {record:?}");
    };
    let s = &worlds[1];
    let mut p = s.test_game(1).live().expect("replays").position().clone();
    p.play(theirs).expect("legal");
    let answer = p.legal_moves()[0].clone();
    ok(s, "alice", &format!("premove #1 {theirs} {answer}"));
    let notices = engine_move(s);
    let g = s.test_game(1);
    let moves: Vec<String> = g.record.actions[record.len() - 1..]
        .iter()
        .map(|a| format!("{a:?}"))
        .collect();
    assert_eq!(
        moves.len(),
        3,
        "the engine's move, alice's answer, the engine's next: {moves:?}"
    );
    assert!(
        moves[0].contains(theirs.as_str()) && moves[1].contains(&answer),
        "{moves:?}"
    );
    let said: Vec<String> = notices.iter().map(|n| n.reply.text.en()).collect();
    assert!(
        said.iter().any(|t| t.contains(&format!(
            "alice (Attackers) answered at once with a conditional move: {answer}."
        ))),
        "{said:?}"
    );
}

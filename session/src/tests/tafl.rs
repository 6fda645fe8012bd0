//! The tafl community's rule sets through `Session::handle`, as players meet them: a challenge
//! named the way a tafl player types it, the moves, a capture and the end, in Copenhagen
//! Hnefatafl and in Brandubh.

use super::support::{console, ok, session_on};
use crate::clock::FakeClock;
use crate::store::SledStore;
use crate::*;
use skald_rules::RuleSetId;
use std::sync::Arc;

fn session() -> Session {
    session_on(
        SledStore::temporary().expect("temporary store"),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
    )
}

/// alice challenges bob to `rule_set` (as typed) with alice first and bob accepts; returns
/// the game's number and the acceptance.
fn start(s: &Session, rule_set: &str) -> (u64, Reply) {
    let r = ok(s, "alice", &format!("challenge {rule_set} @bob first"));
    let id: u64 = r.text.en()["Challenge #".len()..]
        .split(':')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("challenge number");
    let accepted = ok(s, "bob", &format!("accept #{id}"));
    (id, accepted)
}

/// Plays `moves` in turn, alice (the attackers) first; returns every reply's English text.
fn play(s: &Session, id: u64, moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            ok(s, who, &format!("move #{id} {mv}")).text.en()
        })
        .collect()
}

/// The reply's English text when `who` says `line` and it is refused.
fn refused(s: &Session, who: &str, line: &str) -> String {
    let r = s.handle(&console(who), line);
    assert_eq!(r.kind, ReplyKind::Refused, "{line}: {}", r.text.en());
    r.text.en()
}

#[test]
fn a_copenhagen_game_from_challenge_to_the_kings_escape() {
    let s = session();
    let rules = ok(&s, "alice", "rules cph").text.en();
    assert!(
        rules.starts_with("Copenhagen Hnefatafl (`copenhagen`):") && rules.contains("400 plies"),
        "{rules}"
    );
    let (id, accepted) = start(&s, "cph");
    let text = accepted.text.en();
    assert!(text.contains("Copenhagen Hnefatafl"), "{text}");
    assert_eq!(s.test_game(id).rule_set(), RuleSetId::Copenhagen);
    // Only the king may stop on a corner.
    assert!(refused(&s, "alice", &format!("move #{id} a4-a1")).contains("corner"));
    let said = play(
        &s,
        id,
        &[
            "e1-e4", "d6-d9", "g1-g4", "e6-c6", "k4-k3", "c6-c3", "k3-h3", "f6-c6", "h3-i3",
            "c6-c11", "e4-f4", "c11-a11",
        ],
    );
    assert!(
        said[2].contains("a piece of bob (Defenders) was captured on f4"),
        "{}",
        said[2]
    );
    let last = said.last().expect("moves");
    assert!(
        last.contains("bob (Defenders) wins: the king escaped to a corner"),
        "{last}"
    );
    assert!(last.contains("Ratings (Copenhagen Hnefatafl)"), "{last}");
    assert!(refused(&s, "alice", &format!("move #{id} a2-a3")).contains("is over"));
}

#[test]
fn a_brandubh_game_where_the_king_falls_off_the_throne() {
    let s = session();
    let (id, accepted) = start(&s, "brandub");
    let text = accepted.text.en();
    assert!(text.contains("Brandubh"), "{text}");
    assert_eq!(s.test_game(id).rule_set(), RuleSetId::Brandubh);
    // The 7x7 board: h1 is off it.
    assert!(refused(&s, "alice", &format!("move #{id} g4-h4")).contains("h4"));
    let said = play(&s, id, &["f4-f5", "d5-b5", "d6-b6", "d4-d6", "f5-d5"]);
    assert!(said[2].contains("captured on b5"), "{}", said[2]);
    // Off the throne the king is taken like a soldier, by two attackers (d5 and d7).
    let last = said.last().expect("moves");
    assert!(
        last.contains("captured on d6")
            && last.contains("alice (Attackers) wins: the king was captured"),
        "{last}"
    );
    assert!(last.contains("Ratings (Brandubh)"), "{last}");
    let board = ok(&s, "bob", &format!("board #{id}"));
    assert_eq!(board.boards.len(), 1);
}

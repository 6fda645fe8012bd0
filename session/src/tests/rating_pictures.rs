//! `rating` and `ladder` with their pictures: a player's history in each rule set they
//! played ranked (a point per game, its result, their place), none for a player without a
//! ranked game, a provisional player's single game; a ladder's top players' curves.

use crate::clock::{DAY, FakeClock};
use crate::files::{FileBody, Outcome};
use crate::store::SledStore;
use crate::*;
use skald_rules::RuleSetId;
use std::sync::Arc;

fn at(who: &str) -> Context {
    Context::new(User::new("console", who, who), "console", "hall")
}

fn ok(s: &Session, who: &str, line: &str) -> Reply {
    let r = s.handle(&at(who), line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    r
}

/// A ranked game of `rule_set` that `loser` resigns after one move each.
fn ranked(s: &Session, winner: &str, loser: &str, rule_set: RuleSetId) {
    let r = ok(
        s,
        winner,
        &format!("challenge {} @{loser} first ranked", rule_set.id()),
    );
    let id: u64 = r
        .text
        .en()
        .split('#')
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("the challenge's number");
    ok(s, loser, &format!("accept #{id}"));
    for who in [winner, loser] {
        let mv = s
            .test_game(id)
            .live()
            .expect("replays")
            .position()
            .legal_moves()[0]
            .clone();
        ok(s, who, &format!("move #{id} {mv}"));
    }
    ok(s, loser, &format!("resign #{id}"));
}

#[test]
fn rating_and_ladder_attach_their_pictures() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = super::support::session_on(
        SledStore::temporary().expect("temporary store"),
        clock.clone(),
    );
    ranked(&s, "alice", "bob", RuleSetId::Brandubh);
    clock.advance(DAY);
    ranked(&s, "bob", "alice", RuleSetId::Brandubh);
    clock.advance(DAY);
    ranked(&s, "alice", "bob", RuleSetId::Hnefatafl);
    ranked(&s, "dave", "erin", RuleSetId::Copenhagen);

    // Two rule sets: a line each, a point before the first game and one per game.
    let r = ok(&s, "carol", "rating @alice");
    let text = r.text.en();
    assert!(
        text.contains("on the ladder") && text.contains("last results: lost, won"),
        "{text}"
    );
    let [file] = &r.files[..] else {
        panic!("one picture: {:?}", r.files);
    };
    let FileBody::Rating(history) = &file.body else {
        panic!("a rating history");
    };
    let lines: Vec<(RuleSetId, usize)> = history
        .lines
        .iter()
        .map(|l| (l.rule_set, l.points.len()))
        .collect();
    assert_eq!(lines, [(RuleSetId::Hnefatafl, 2), (RuleSetId::Brandubh, 3)]);
    let brandubh = &history.lines[1];
    let results: Vec<Option<Outcome>> = brandubh.points.iter().map(|p| p.result).collect();
    assert_eq!(results, [None, Some(Outcome::Win), Some(Outcome::Loss)]);
    assert!(
        brandubh.points.windows(2).all(|w| w[0].at <= w[1].at),
        "in time order"
    );
    assert_eq!(brandubh.rank.map(|(_, n)| n), Some(2));
    for lang in Lang::ALL {
        let png = file.render(lang, u64::MAX).expect("draws");
        assert!(png.bytes.starts_with(b"\x89PNG"), "a PNG");
        assert_eq!(png.size.map(|(w, _)| w), Some(640));
    }

    // A provisional player's single game draws too; no ranked game, no picture.
    let r = ok(&s, "carol", "rating @dave");
    let FileBody::Rating(history) = &r.files[0].body else {
        panic!("a rating history");
    };
    assert_eq!(history.lines[0].points.len(), 2);
    assert!(r.text.en().contains('?'), "provisional: {}", r.text.en());
    r.files[0].render(Lang::En, u64::MAX).expect("draws");
    let r = ok(&s, "carol", "rating");
    assert!(r.files.is_empty());
    assert!(r.text.en().contains("no ranked games"), "{}", r.text.en());

    // A ladder named: its top players' curves, best first.
    let r = ok(&s, "carol", "ladder brandubh");
    let FileBody::Ladder(ladder) = &r.files[0].body else {
        panic!("ladder curves: {:?}", r.files);
    };
    assert_eq!(ladder.players.len(), 2);
    assert_eq!(ladder.players[0].rank, 1);
    assert!(ladder.players.iter().all(|p| p.points.len() == 3));
    assert_eq!(ladder.until - ladder.since, 90 * DAY);
    let png = r.files[0].render(Lang::Fr, u64::MAX).expect("draws");
    assert_eq!(png.size.map(|(w, _)| w), Some(640));
    // Every ladder at once lists them in words, without a picture each.
    assert!(ok(&s, "carol", "ladder").files.is_empty());
}

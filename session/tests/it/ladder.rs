//! The ladder as the session keeps it: two ranked games of one player ending at the same
//! moment (two threads, by resignation or by a resignation and a timeout) both count, each
//! rated from the standing the other left; casual and aborted games leave the ladder
//! byte for byte as it was; an agreed draw counts as a draw.

use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{RuleSetId, Seat};
use skald_session::clock::{DAY, FakeClock};
use skald_session::ladder::{self, Standing};
use skald_session::store::SledStore;
use skald_session::{CommunityId, Context, Reply, ReplyKind, Session, SessionConfig, User, UserId};
use std::sync::{Arc, Barrier};

/// Rounds of each race (each on a fresh store): the threads do not always collide.
const ROUNDS: usize = 40;

fn session() -> (Arc<Session>, Arc<FakeClock>) {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let session = Session::new(
        Arc::new(SledStore::temporary().expect("a temporary store")),
        clock.clone(),
        StdRng::seed_from_u64(3),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("the session opens");
    (Arc::new(session), clock)
}

/// `name` speaking in `channel` of the console community.
fn ctx(name: &str, channel: &str) -> Context {
    Context::private(User::new("console", name, name), "console", channel)
}

fn ok(s: &Session, who: &str, channel: &str, line: &str) -> Reply {
    let r = s.handle(&ctx(who, channel), line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    r
}

/// `line` until it is carried out: a lost race is answered with a conflict, and the player
/// sends the command again, as the conflict's answer tells them to.
fn until_done(s: &Session, who: &str, channel: &str, line: &str) -> Reply {
    for _ in 0..20 {
        let r = s.handle(&ctx(who, channel), line);
        match r.kind {
            ReplyKind::Done => return r,
            ReplyKind::Conflict => continue,
            _ => panic!("@{who} {line}: {}", r.text.en()),
        }
    }
    panic!("@{who} {line} lost every race");
}

/// alice challenges `rival` in `channel` with alice first (Attackers), ranked Hnefatafl;
/// `rival` accepts. Returns the game's number.
fn start(s: &Session, rival: &str, channel: &str, extra: &str) -> u64 {
    let r = ok(
        s,
        "alice",
        channel,
        &format!("challenge hnefatafl @{rival} first {extra}"),
    );
    let id: u64 = r.text.en()["Challenge #".len()..]
        .split(':')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("challenge number");
    ok(s, rival, channel, &format!("accept #{id}"));
    id
}

/// The player to move in game `id` plays the first legal move.
fn play_first(s: &Session, id: u64) {
    let g = s.store().game(id).expect("reads").expect("exists").doc;
    let m = g.live().expect("replays");
    let seat = m.position().status().seat().expect("someone to move");
    let mv = m.position().legal_moves().remove(0);
    let who = &g.players[seat.index()].name;
    ok(s, who, g.channel.0.as_str(), &format!("move #{id} {mv}"));
}

fn standing(s: &Session, name: &str) -> Option<Standing> {
    s.store()
        .standing(
            &CommunityId("console".into()),
            RuleSetId::Hnefatafl,
            &UserId::new("console", name),
        )
        .expect("reads")
}

/// The ratings tree, as stored.
fn ratings(s: &Session) -> Vec<(Vec<u8>, Vec<u8>)> {
    s.store()
        .raw_dump()
        .expect("dumps")
        .into_iter()
        .filter(|(tree, _, _)| *tree == "ratings")
        .map(|(_, k, v)| (k, v))
        .collect()
}

/// After alice won her games against bob (game `bob_game`) and carol (`carol_game`), both
/// from fresh standings, ending at the same moment: both count, and one was rated from the
/// standing the other left (so neither update was lost).
fn assert_both_counted(s: &Session, bob_game: u64, carol_game: u64) {
    let alice = standing(s, "alice").expect("alice is on the ladder");
    assert_eq!((alice.games, alice.wins, alice.losses), (2, 2, 0));
    let fresh = Standing::default();
    let ([first, _], _) = ladder::rate(&fresh, &fresh, Some(Seat::A));
    let ([second, second_loser], _) = ladder::rate(&first, &fresh, Some(Seat::A));
    assert_eq!(
        alice.rating, second.rating,
        "both wins moved alice's rating"
    );
    let losers = [standing(s, "bob"), standing(s, "carol")].map(|l| l.expect("rated"));
    for l in &losers {
        assert_eq!((l.games, l.wins, l.losses), (1, 0, 1));
    }
    assert!(
        losers.iter().any(|l| l.rating == second_loser.rating),
        "one loser met alice after her first win: {losers:?}"
    );
    // Each game keeps its own change; alice's second one starts where the first ended.
    let mut befores: Vec<f64> = [bob_game, carol_game]
        .into_iter()
        .map(|id| {
            let g = s.store().game(id).expect("reads").expect("exists").doc;
            let end = g.end.expect("over");
            end.ratings.expect("rated")[0].before
        })
        .collect();
    befores.sort_by(f64::total_cmp);
    assert_eq!(befores, [fresh.rating, first.rating]);
}

#[test]
fn two_ranked_games_resigned_at_once_both_count_on_the_ladder() {
    for _ in 0..ROUNDS {
        let (s, _) = session();
        let bob_game = start(&s, "bob", "east", "");
        let carol_game = start(&s, "carol", "west", "");
        let barrier = Arc::new(Barrier::new(2));
        let handles: Vec<_> = [("bob", "east", bob_game), ("carol", "west", carol_game)]
            .into_iter()
            .map(|(who, channel, id)| {
                let (s, b) = (s.clone(), barrier.clone());
                std::thread::spawn(move || {
                    b.wait();
                    until_done(&s, who, channel, &format!("resign #{id}"))
                })
            })
            .collect();
        for h in handles {
            let r = h.join().expect("no handler panics");
            assert!(
                r.text.en().contains("Ratings (Hnefatafl 11x11)"),
                "{}",
                r.text.en()
            );
        }
        assert_both_counted(&s, bob_game, carol_game);
    }
}

#[test]
fn a_resignation_and_a_timeout_at_once_both_count_on_the_ladder() {
    for _ in 0..ROUNDS {
        let (s, clock) = session();
        let bob_game = start(&s, "bob", "east", "days:3");
        let carol_game = start(&s, "carol", "west", "days:1");
        // Both have moved in carol's game (a timeout then is a loss); carol is to move.
        for _ in 0..3 {
            play_first(&s, carol_game);
        }
        let now = clock.advance(DAY + 60);
        let barrier = Arc::new(Barrier::new(2));
        let resign = {
            let (s, b) = (s.clone(), barrier.clone());
            std::thread::spawn(move || {
                b.wait();
                until_done(&s, "bob", "east", &format!("resign #{bob_game}"))
            })
        };
        let tick = {
            let (s, b) = (s.clone(), barrier.clone());
            std::thread::spawn(move || {
                b.wait();
                s.tick(now)
            })
        };
        resign.join().expect("no handler panics");
        let mut notices = tick.join().expect("the tick does not panic");
        // A timeout that lost a race is tried again at the next tick, as in the bot.
        if notices.is_empty() {
            notices = s.tick(now);
        }
        assert!(
            notices.iter().any(|n| n
                .reply
                .text
                .en()
                .contains("carol (Defenders) ran out of time")),
            "{notices:?}"
        );
        assert_both_counted(&s, bob_game, carol_game);
    }
}

#[test]
fn casual_and_aborted_games_leave_the_ladder_as_it_was_and_a_draw_counts() {
    let (s, _) = session();
    // A ladder with something on it, so "as it was" is more than "empty".
    let id = start(&s, "bob", "east", "");
    ok(&s, "bob", "east", &format!("resign #{id}"));
    let before = ratings(&s);
    assert_eq!(before.len(), 2);
    // Casual, resigned.
    let id = start(&s, "bob", "east", "casual");
    let r = ok(&s, "bob", "east", &format!("resign #{id}"));
    assert!(
        r.text.en().contains("casual game: ratings are unchanged"),
        "{}",
        r.text.en()
    );
    assert_eq!(ratings(&s), before);
    // Ranked but aborted before both moved: no result, no rating.
    let id = start(&s, "bob", "east", "");
    play_first(&s, id);
    let r = ok(&s, "bob", "east", &format!("abort #{id}"));
    assert!(r.text.en().contains("no result"), "{}", r.text.en());
    let g = s.store().game(id).expect("reads").expect("exists").doc;
    assert_eq!(g.end.and_then(|e| e.ratings), None);
    assert_eq!(ratings(&s), before);
    // A ranked draw by agreement is a result (docs/SESSION.md, Ladder): it counts as a draw.
    let id = start(&s, "bob", "east", "");
    play_first(&s, id);
    play_first(&s, id);
    ok(&s, "alice", "east", &format!("draw #{id}"));
    let r = ok(&s, "bob", "east", &format!("draw #{id}"));
    assert!(
        r.text.en().contains("Drawn by agreement"),
        "{}",
        r.text.en()
    );
    let alice = standing(&s, "alice").expect("rated");
    let bob = standing(&s, "bob").expect("rated");
    assert_eq!((alice.games, alice.wins, alice.draws), (2, 1, 1));
    assert_eq!((bob.games, bob.losses, bob.draws), (2, 1, 1));
}

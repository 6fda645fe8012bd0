//! Races through the session API: many threads send moves, accepts, cancels and resigns
//! for the same games at the same instant, on one shared [`Session`]. Exactly one action may
//! win each turn, nothing may be applied twice (the stored record is checked after every
//! round: move count, version, and the winning move once), and nothing may deadlock (the
//! whole test runs under a watchdog that reports how far it got instead of hanging).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_rules::Action;
use skald_session::clock::FakeClock;
use skald_session::store::{SledStore, Store};
use skald_session::{Context, Reply, ReplyKind, Session, SessionConfig, User};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Barrier};
use std::time::Duration;

const RULE_SETS: [&str; 6] = [
    "hnefatafl",
    "hnefatafl-13",
    "adelta",
    "adelta-rustik",
    "subulata",
    "daldosa",
];
/// Games played at once per rule set (each by its own coordinator thread).
const TABLES_PER_RULE_SET: usize = 3;
/// Threads sending an action in each round.
const CONTENDERS: usize = 6;
/// Rounds per game at most (long Hnefatafl games are cut off here).
const MAX_ROUNDS: usize = 80;
/// How long the whole test may take before it is declared deadlocked.
const WATCHDOG: Duration = Duration::from_secs(240);

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

fn session(store: Arc<dyn Store>) -> Arc<Session> {
    Arc::new(
        Session::new(
            store,
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            StdRng::seed_from_u64(17),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("the session opens"),
    )
}

/// Counts of what happened, shared by all coordinators.
#[derive(Default)]
struct Tally {
    rounds: AtomicUsize,
    actions: AtomicUsize,
    conflicts: AtomicUsize,
    refusals: AtomicUsize,
    resigns_won: AtomicUsize,
    accepts_raced: AtomicUsize,
}

/// Sends every `(speaker, line)` from its own thread, all released at once; returns the
/// replies in the same order.
fn race(session: &Arc<Session>, actions: &[(String, String)]) -> Vec<Reply> {
    let barrier = Arc::new(Barrier::new(actions.len()));
    let handles: Vec<_> = actions
        .iter()
        .map(|(who, line)| {
            let (s, b, who, line) = (session.clone(), barrier.clone(), who.clone(), line.clone());
            std::thread::spawn(move || {
                b.wait();
                s.handle(&ctx(&who), &line)
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|h| h.join().expect("no handler panics"))
        .collect()
}

fn moves_of(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// One table: an open challenge accepted by many at once, then a game whose every turn is
/// fought over by several threads.
fn play_table(session: &Arc<Session>, rule_set: &str, table: usize, seed: u64, tally: &Tally) {
    let mut rng = StdRng::seed_from_u64(seed);
    let host = format!("{rule_set}-{table}-host");
    let r = session.handle(&ctx(&host), &format!("challenge {rule_set} open first"));
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let id = session
        .store()
        .challenges()
        .expect("challenges read")
        .into_iter()
        .find(|c| c.doc.challenger.id.id == host)
        .expect("the challenge is stored")
        .doc
        .id;
    // Everyone accepts at once (at odd tables while the host cancels, which is quicker
    // than starting a game and usually wins): exactly one of them wins.
    let mut contenders: Vec<(String, String)> = (0..CONTENDERS)
        .map(|i| {
            (
                format!("{rule_set}-{table}-guest{i}"),
                format!("accept #{id}"),
            )
        })
        .collect();
    let cancelling = table % 2 == 1;
    if cancelling {
        contenders.push((host.clone(), format!("cancel #{id}")));
    }
    let replies = race(session, &contenders);
    tally.actions.fetch_add(contenders.len(), Ordering::Relaxed);
    let winners: Vec<usize> = (0..replies.len())
        .filter(|&i| replies[i].kind == ReplyKind::Done)
        .collect();
    assert_eq!(
        winners.len(),
        1,
        "#{id}: exactly one accept or the cancel wins: {:?}",
        replies.iter().map(|r| r.text.en()).collect::<Vec<_>>()
    );
    tally.accepts_raced.fetch_add(1, Ordering::Relaxed);
    for r in &replies {
        assert_ne!(r.kind, ReplyKind::Failed, "{}", r.text.en());
    }
    let winner = winners[0];
    if cancelling && winner == CONTENDERS {
        // The cancel won: no game, and no accept pretends otherwise.
        assert!(session.store().game(id).expect("reads").is_none());
        return;
    }
    let guest = &contenders[winner].0;
    let game = session
        .store()
        .game(id)
        .expect("reads")
        .expect("the accepted game exists")
        .doc;
    assert_eq!(game.players[0].id.id, host);
    assert_eq!(
        &game.players[1].id.id, guest,
        "the winning accept is seated"
    );
    assert!(
        session.store().challenge(id).expect("reads").is_none(),
        "the accepted challenge is gone"
    );

    for round in 0..MAX_ROUNDS {
        let before = session.store().game(id).expect("reads").expect("exists");
        if before.doc.end.is_some() {
            return;
        }
        let m = before.doc.live().expect("the game replays");
        let Some(seat) = m.position().status().seat() else {
            return;
        };
        let legal = m.position().legal_moves();
        let mover = before.doc.players[seat.index()].id.id.clone();
        let other = before.doc.players[seat.other().index()].id.id.clone();
        // Several threads send moves for the mover: some the same move, some others.
        let mut actions: Vec<(String, String)> = (0..CONTENDERS)
            .map(|i| {
                let mv = if i % 2 == 0 {
                    &legal[0]
                } else {
                    &legal[rng.random_range(0..legal.len())]
                };
                (mover.clone(), format!("move #{id} {mv}"))
            })
            .collect();
        // A spectator tries to move for them; now and then the opponent resigns.
        actions.push((
            format!("{rule_set}-{table}-guest-spectator"),
            format!("move #{id} {}", legal[0]),
        ));
        let resigning = rng.random_bool(0.03);
        if resigning {
            actions.push((other.clone(), format!("resign #{id}")));
        }
        let replies = race(session, &actions);
        tally.rounds.fetch_add(1, Ordering::Relaxed);
        tally.actions.fetch_add(actions.len(), Ordering::Relaxed);
        let won: Vec<usize> = (0..replies.len())
            .filter(|&i| replies[i].kind == ReplyKind::Done)
            .collect();
        let texts = || {
            actions
                .iter()
                .zip(&replies)
                .map(|((w, l), r)| format!("@{w} {l}: {:?} {}", r.kind, r.text.en()))
                .collect::<Vec<_>>()
                .join("\n")
        };
        for r in &replies {
            match r.kind {
                ReplyKind::Conflict => tally.conflicts.fetch_add(1, Ordering::Relaxed),
                ReplyKind::Refused => tally.refusals.fetch_add(1, Ordering::Relaxed),
                ReplyKind::Failed => panic!("#{id}: the store failed: {}", r.text.en()),
                ReplyKind::Done => 0,
            };
        }
        let resigned = won.iter().any(|&w| actions[w].1.starts_with("resign"));
        let won_moves: Vec<String> = won
            .iter()
            .filter(|&&w| actions[w].1.starts_with("move"))
            .map(|&w| {
                assert_eq!(
                    actions[w].0,
                    mover,
                    "#{id}: only the player to move can win a turn:\n{}",
                    texts()
                );
                actions[w].1.rsplit(' ').next().unwrap_or("").to_string()
            })
            .collect();
        // A grid game's turn is one move: the first move committed wins it, every other
        // move sent for it loses (conflict, or "not your turn" if it came later). In a
        // dice game the same player may still be to move after one step, so a move read
        // after that commit may legitimately play the next step.
        if before.doc.rule_set().uses_dice() {
            assert!(
                !won_moves.is_empty() || resigned,
                "#{id} round {round}: nobody won the turn:\n{}",
                texts()
            );
        } else {
            assert!(
                won_moves.len() == 1 || (resigned && won_moves.is_empty()),
                "#{id} round {round}: exactly one move wins the turn:\n{}",
                texts()
            );
        }
        let after = session.store().game(id).expect("reads").expect("exists");
        assert_eq!(
            after.doc.version,
            before.doc.version + won.len() as u64,
            "#{id} round {round}: one write per winning action, none for the losers:\n{}",
            texts()
        );
        let (old, new) = (
            moves_of(&before.doc.record.actions),
            moves_of(&after.doc.record.actions),
        );
        let mut added = new.get(old.len()..).unwrap_or_default().to_vec();
        let mut expected = won_moves.clone();
        added.sort();
        expected.sort();
        assert!(
            new.starts_with(&old) && added == expected,
            "#{id} round {round}: each winning move is recorded once, nothing else ({added:?} added, {expected:?} won):\n{}",
            texts()
        );
        if resigned {
            tally.resigns_won.fetch_add(1, Ordering::Relaxed);
            assert!(after.doc.end.is_some(), "#{id}: the resignation ended it");
            return;
        }
    }
}

fn concurrent_moves_accepts_and_resigns_apply_exactly_once(store: Arc<dyn Store>) {
    let session = session(store);
    let tally = Arc::new(Tally::default());
    let (done_tx, done_rx) = mpsc::channel();
    let mut coordinators = Vec::new();
    for (r, rule_set) in RULE_SETS.iter().enumerate() {
        for table in 0..TABLES_PER_RULE_SET {
            let (session, tally, done_tx) = (session.clone(), tally.clone(), done_tx.clone());
            coordinators.push(std::thread::spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    play_table(&session, rule_set, table, (r * 10 + table) as u64, &tally)
                }));
                let _ = done_tx.send(result.err().map(|e| {
                    e.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default()
                }));
            }));
        }
    }
    drop(done_tx);
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    for finished in 0..coordinators.len() {
        match done_rx.recv_timeout(WATCHDOG.saturating_sub(started.elapsed())) {
            Ok(None) => {}
            Ok(Some(failure)) => failures.push(failure),
            Err(_) => panic!(
                "deadlock suspected: {finished} of {} tables finished in {WATCHDOG:?}, {} rounds played",
                coordinators.len(),
                tally.rounds.load(Ordering::Relaxed)
            ),
        }
    }
    for c in coordinators {
        c.join().expect("coordinators report their panics");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let t = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    println!(
        "races: {} tables, {} contested accepts, {} contested turns, {} actions sent; {} lost to a conflict, {} refused, {} won by a resignation; every turn applied once",
        RULE_SETS.len() * TABLES_PER_RULE_SET,
        t(&tally.accepts_raced),
        t(&tally.rounds),
        t(&tally.actions),
        t(&tally.conflicts),
        t(&tally.refusals),
        t(&tally.resigns_won),
    );
    assert!(
        t(&tally.conflicts) > 0,
        "the threads really raced (some lost a compare-and-swap)"
    );
}

/// The opponent's move and a `premove clear` sent at the same instant, many times: each
/// applies once, in some order. Either the clear came first (the move is played alone) or
/// the move did (with the conditional answer, in the same write), never the answer without
/// the move, never anything twice, and no line is left over.
fn a_move_and_a_premove_clear_at_once_apply_once_each(store: Arc<dyn Store>) {
    let session = session(store);
    let mut orders = [0usize; 2];
    for round in 0..30u64 {
        let id = {
            let r = session.handle(&ctx("alice"), "challenge tafl @bob first casual");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
            let text = r.text.en();
            text["Challenge #".len()..]
                .split(':')
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("a challenge number")
        };
        let accepted = session.handle(&ctx("bob"), &format!("accept #{id}"));
        assert_eq!(accepted.kind, ReplyKind::Done, "{}", accepted.text.en());
        let game = |s: &Session| s.store().game(id).expect("reads").expect("exists").doc;
        let first = game(&session)
            .live()
            .expect("replays")
            .position()
            .legal_moves()[0]
            .clone();
        let r = session.handle(&ctx("alice"), &format!("move #{id} {first}"));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        // alice's line: bob's move (one of his legal ones, by round) answered by her first.
        let mut p = game(&session).live().expect("replays").position().clone();
        let legal = p.legal_moves();
        let theirs = legal[round as usize % legal.len()].clone();
        p.play(&theirs).expect("legal");
        let answer = p.legal_moves()[0].clone();
        let r = session.handle(&ctx("alice"), &format!("premove #{id} {theirs} {answer}"));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let before = game(&session).record.actions.len();

        let replies = race(
            &session,
            &[
                ("bob".to_string(), format!("move #{id} {theirs}")),
                ("alice".to_string(), format!("premove #{id} clear")),
            ],
        );
        let g = game(&session);
        assert!(
            g.premoves.iter().all(Vec::is_empty),
            "no line left: {:?}",
            g.premoves
        );
        let added = g.record.actions.len() - before;
        let moved = replies[0].kind == ReplyKind::Done;
        match added {
            0 => assert!(!moved, "a move acknowledged is played"),
            1 => {
                assert!(
                    moved && replies[1].kind == ReplyKind::Done,
                    "the clear came first"
                );
                orders[0] += 1;
            }
            2 => {
                assert!(moved, "{}", replies[0].text.en());
                assert!(
                    replies[0].text.en().contains(&format!(
                        "answered at once with a conditional move: {answer}"
                    )),
                    "{}",
                    replies[0].text.en()
                );
                let last: Vec<String> = g.record.actions[before..]
                    .iter()
                    .map(|a| format!("{a:?}"))
                    .collect();
                assert!(
                    last[0].contains(&theirs) && last[1].contains(&answer),
                    "{last:?}"
                );
                orders[1] += 1;
            }
            n => panic!("{n} actions from one move and one clear"),
        }
        let _ = session.handle(&ctx("alice"), &format!("resign #{id}"));
    }
    eprintln!(
        "premove races: clear first {}, move first {}",
        orders[0], orders[1]
    );
    assert!(orders[0] + orders[1] > 0, "the races happened: {orders:?}");
}

/// Each race on both stores: sled, and a fresh schema of the test PostgreSQL server.
mod on {
    use super::*;

    fn sled() -> Arc<dyn Store> {
        Arc::new(SledStore::temporary().expect("a temporary store"))
    }

    fn postgres(name: &str) -> Arc<dyn Store> {
        Arc::new(skald_store_pg::testkit::fresh_store(name))
    }

    #[test]
    fn concurrent_moves_accepts_and_resigns_apply_exactly_once_on_sled() {
        super::concurrent_moves_accepts_and_resigns_apply_exactly_once(sled());
    }

    #[test]
    fn concurrent_moves_accepts_and_resigns_apply_exactly_once_on_postgres() {
        super::concurrent_moves_accepts_and_resigns_apply_exactly_once(postgres("races"));
    }

    #[test]
    fn a_move_and_a_premove_clear_at_once_apply_once_each_on_sled() {
        super::a_move_and_a_premove_clear_at_once_apply_once_each(sled());
    }

    #[test]
    fn a_move_and_a_premove_clear_at_once_apply_once_each_on_postgres() {
        super::a_move_and_a_premove_clear_at_once_apply_once_each(postgres("races"));
    }
}

//! The store interface's contract (`docs/SESSION.md`, "The store interface") as checks that
//! need no particular backend: [`check`] takes any `&dyn Store`, empty, and fails loudly
//! where it breaks the contract. Run here against [`SledStore`]; a new backend runs the
//! same function on an empty store of its own.

pub mod indexes;
pub mod puzzle_rooms;

use crate::{Commit, CommitError, SCHEMA_VERSION, StandingRemoval, StandingWrite, Store, Stored};
use rand::SeedableRng;
use skald_model::challenge::Challenge;
use skald_model::clock::{FakeClock, Timestamp};
use skald_model::command::SeatChoice;
use skald_model::game::GameDoc;
use skald_model::identity::{ChannelId, CommunityId, User, UserId};
use skald_model::ladder::Standing;
use skald_model::user::UserDoc;
use skald_rules::{Match, RuleSetId, Seat};

/// A game as an accepted challenge makes it (alice against bob, her turn begun with the
/// default reminders a day and an hour before its deadline), to hand to any backend.
fn a_game() -> GameDoc {
    let now = FakeClock::EPOCH;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let (m, _) = Match::new(RuleSetId::Hnefatafl, 5, &mut rng);
    let user = |who: &str| User::new("console", who, who);
    let mut g = GameDoc::new(
        1,
        CommunityId("console".to_string()),
        ChannelId("console".to_string()),
        [user("alice"), user("bob")],
        (true, 3, None),
        &m,
        now,
    );
    g.start_turn(Seat::A, now, None, &[24 * 3600, 3600]);
    g
}

fn challenge(id: u64) -> Challenge {
    Challenge {
        id,
        rule_set: RuleSetId::Hnefatafl,
        challenger: User::new("console", "carol", "carol"),
        opponent: None,
        seat: SeatChoice::Random,
        ranked: true,
        days: 3,
        // A bank, so every backend is shown to keep it.
        bank: skald_model::time_control::Bank::parse("3d+6h", Some("5d")).ok(),
        community: CommunityId("c".into()),
        channel: ChannelId("console".into()),
        created: FakeClock::EPOCH,
        rematch_of: None,
        platform: "console".into(),
    }
}

/// An open tournament with two players, as `tournament create` and `join` leave one.
fn a_tournament(id: u64) -> skald_model::tournament::TournamentDoc {
    use skald_model::tournament::{Entrant, Format, Pace, State};
    skald_model::tournament::TournamentDoc {
        id,
        version: 0,
        community: CommunityId("console".into()),
        home: skald_model::homes::Home {
            platform: "console".into(),
            channel: ChannelId("console".into()),
        },
        rule_set: RuleSetId::Hnefatafl,
        format: Format::Swiss { rounds: 3 },
        pace: Pace::Rounds,
        days: 2,
        bank: None,
        ranked: true,
        max_players: Some(8),
        creator: User::new("console", "erin", "erin"),
        created: Timestamp(7),
        starts: None,
        state: State::Open,
        players: ["erin", "finn"]
            .iter()
            .map(|n| Entrant {
                user: User::new("console", n, n),
                start: 0,
                rating: 0,
                withdrawn: None,
            })
            .collect(),
        rounds: Vec::new(),
        bracket: None,
        finished: None,
        league: None,
    }
}

fn conflicts(store: &dyn Store, commit: Commit, what: &str) {
    match store.commit(commit) {
        Err(CommitError::Conflict) => {}
        other => panic!(
            "{what}: expected a conflict, got {:?}",
            other.map(|g| g.len())
        ),
    }
}

/// Every backend-neutral promise of the store interface, on an empty store.
pub fn check(store: &dyn Store) {
    // An empty store.
    assert_eq!(store.schema().expect("schema"), Some(SCHEMA_VERSION));
    assert!(store.game(1).expect("reads").is_none());
    assert!(store.challenges().expect("reads").is_empty());
    assert_eq!(store.game_count(), 0);
    assert_eq!(store.next_deadline().expect("reads"), None);

    // Ids: never twice.
    let ids: Vec<u64> = (0..3).map(|_| store.allocate_id().expect("id")).collect();
    assert!(ids[0] < ids[1] && ids[1] < ids[2], "{ids:?}");

    // Meta times.
    assert_eq!(store.meta_time("contract").expect("reads"), None);
    store
        .set_meta_time("contract", Timestamp(42))
        .expect("writes");
    assert_eq!(
        store.meta_time("contract").expect("reads"),
        Some(Timestamp(42))
    );

    // Users: created over "none", replaced over the version read, nothing else.
    let dana = User::new("console", "dana", "dana");
    let doc = UserDoc::new(dana.clone());
    store
        .commit(Commit {
            users: vec![(None, doc.clone())],
            ..Commit::default()
        })
        .expect("a new user");
    conflicts(
        store,
        Commit {
            users: vec![(None, doc.clone())],
            ..Commit::default()
        },
        "a user created twice",
    );
    let read = store.user(&dana.id).expect("reads").expect("exists");
    assert_eq!(read.doc, doc);
    let renamed = UserDoc::new(User::new("console", "dana", "Dana"));
    store
        .commit(Commit {
            users: vec![(Some(read.clone()), renamed.clone())],
            ..Commit::default()
        })
        .expect("over the version read");
    conflicts(
        store,
        Commit {
            users: vec![(Some(read), doc.clone())],
            ..Commit::default()
        },
        "a user over a stale read",
    );
    assert_eq!(
        store.user(&dana.id).expect("reads").map(|s| s.doc),
        Some(renamed)
    );

    // Challenges: new ids must be free, removals must be of what was read. A conflict
    // anywhere in a commit writes nothing of it.
    let id = store.allocate_id().expect("id");
    assert!(!ids.contains(&id));
    store
        .commit(Commit {
            new_challenges: vec![challenge(id)],
            ..Commit::default()
        })
        .expect("a new challenge");
    let read: Stored<Challenge> = store.challenge(id).expect("reads").expect("exists");
    let erin = UserDoc::new(User::new("console", "erin", "erin"));
    conflicts(
        store,
        Commit {
            new_challenges: vec![challenge(id)],
            users: vec![(None, erin.clone())],
            ..Commit::default()
        },
        "a challenge number used twice",
    );
    assert!(
        store.user(&erin.user.id).expect("reads").is_none(),
        "a commit that conflicts writes nothing"
    );
    store
        .commit(Commit {
            removed_challenges: vec![read.clone()],
            ..Commit::default()
        })
        .expect("removed");
    assert!(store.challenge(id).expect("reads").is_none());
    conflicts(
        store,
        Commit {
            removed_challenges: vec![read],
            ..Commit::default()
        },
        "a challenge removed twice",
    );
    assert!(!ids.contains(&store.allocate_id().expect("id")));

    // Standings: over the standing they were computed from.
    let (community, user) = (CommunityId("c".into()), UserId::new("console", "dana"));
    let write = |read, games| StandingWrite {
        community: community.clone(),
        rule_set: RuleSetId::Hnefatafl,
        user: user.clone(),
        read,
        standing: Standing {
            games,
            ..Standing::default()
        },
    };
    let read = || {
        store
            .read_standing(&community, RuleSetId::Hnefatafl, &user)
            .expect("reads")
    };
    let commit = |w| {
        store.commit(Commit {
            standings: vec![w],
            ..Commit::default()
        })
    };
    // Two writers read "no standing yet": the first applies, the second conflicts.
    let (first, second) = (read(), read());
    commit(write(first, 1)).expect("a first standing");
    conflicts(
        store,
        Commit {
            standings: vec![write(second, 1)],
            ..Commit::default()
        },
        "a standing over a stale read of none",
    );
    // Replaced over the standing read; a read from before the last write conflicts.
    commit(write(read(), 2)).expect("applies over what was read");
    let stale = read();
    commit(write(read(), 1)).expect("applies over what was read");
    conflicts(
        store,
        Commit {
            standings: vec![write(stale, 3)],
            ..Commit::default()
        },
        "a standing over a stale read",
    );
    let ladder = store
        .ladder(&community, RuleSetId::Hnefatafl)
        .expect("reads");
    assert_eq!(ladder.len(), 1);
    assert_eq!(ladder[0].0, user);
    assert_eq!(ladder[0].1.games, 1);
    // Removed over the standing read; a stale read conflicts.
    let stale = read().expect("a standing");
    commit(write(read(), 4)).expect("applies over what was read");
    let removal = |read| StandingRemoval {
        community: community.clone(),
        rule_set: RuleSetId::Hnefatafl,
        user: user.clone(),
        read,
    };
    conflicts(
        store,
        Commit {
            removed_standings: vec![removal(stale)],
            ..Commit::default()
        },
        "a removal over a stale read",
    );
    store
        .commit(Commit {
            removed_standings: vec![removal(read().expect("a standing"))],
            ..Commit::default()
        })
        .expect("removes over what was read");
    assert!(read().is_none());
    assert!(
        store
            .ladder(&community, RuleSetId::Hnefatafl)
            .expect("reads")
            .is_empty()
    );
    commit(write(None, 1)).expect("a standing again");

    // Users: found by their pending link code.
    let mut doc = UserDoc::new(User::new("console", "erin", "erin"));
    doc.link_code = Some(skald_model::link::LinkCode {
        code: "ABCD-EFGH".into(),
        expires: FakeClock::EPOCH,
    });
    store
        .commit(Commit {
            users: vec![(None, doc.clone())],
            ..Commit::default()
        })
        .expect("a user");
    let found = store.user_by_link_code("ABCD-EFGH").expect("reads");
    assert_eq!(found.map(|u| u.doc), Some(doc));
    assert!(
        store
            .user_by_link_code("ABCD-EFGJ")
            .expect("reads")
            .is_none()
    );
    let named = store.users_named("ERIN").expect("reads");
    assert_eq!(named.len(), 1);
    assert_eq!(named[0].user.id, UserId::new("console", "erin"));
    assert!(store.users_named("eri").expect("reads").is_empty());

    // A number no store can hold (past PostgreSQL's bigint) is nothing there, not a
    // failure: a player may type any number.
    let huge = 10_000_000_000_000_000_000u64;
    assert!(store.game(huge).expect("reads").is_none());
    assert!(store.game_and_players(huge).expect("reads").game.is_none());
    assert!(store.challenge(huge).expect("reads").is_none());
    assert!(store.tournament(huge).expect("reads").is_none());

    // Games: version numbers, the deadline queue and each player's list in step.
    let game = a_game();
    let gid = game.id;
    let written = store
        .commit(Commit {
            games: vec![(None, game.clone())],
            ..Commit::default()
        })
        .expect("a new game");
    assert_eq!(written[0].doc.version, 1);
    assert_eq!(store.game_count(), 1);
    let wake = game.wake().expect("an active game wakes");
    assert_eq!(store.next_deadline().expect("reads"), Some((wake, gid)));
    assert_eq!(store.due(wake).expect("reads"), [(wake, gid)]);
    assert!(store.due(wake.plus(-1)).expect("reads").is_empty());
    assert_eq!(store.all_deadlines().expect("reads"), [(wake, gid)]);
    for p in &game.players {
        assert_eq!(store.user_games(&p.id).expect("reads"), [(gid, true)]);
    }
    conflicts(
        store,
        Commit {
            games: vec![(None, game)],
            ..Commit::default()
        },
        "a game created twice",
    );
    let read = store.game(gid).expect("reads").expect("exists");
    let mut later = read.doc.clone();
    later.clock.shift(3600);
    let moved = later.wake().expect("still active");
    let written = store
        .commit(Commit {
            games: vec![(Some(read.clone()), later.clone())],
            ..Commit::default()
        })
        .expect("over the version read");
    assert_eq!(written[0].doc.version, 2);
    assert_eq!(store.all_deadlines().expect("reads"), [(moved, gid)]);
    // What the commit returns is what a read returns now: the version it carries is the
    // one stored (a commit over it applies) and the document the one written.
    let reread = store.game(gid).expect("reads").expect("exists");
    assert_eq!(reread.doc, written[0].doc);
    assert!(reread.version() == written[0].version());
    // A game with its players: the same game, and any player given is seated, as a read
    // of that user returns it.
    let both = store.game_and_players(gid).expect("reads");
    assert_eq!(both.game.map(|g| g.doc), Some(reread.doc.clone()));
    for (user, doc) in both.players {
        assert!(reread.doc.players.iter().any(|p| p.id == user), "{user}");
        let alone = store.user(&user).expect("reads");
        assert_eq!(doc.map(|d| d.doc), alone.map(|d| d.doc));
    }
    conflicts(
        store,
        Commit {
            games: vec![(Some(read), later)],
            ..Commit::default()
        },
        "a game over a stale read",
    );
    assert_eq!(
        store.game(gid).expect("reads").map(|g| g.doc.version),
        Some(2)
    );
    // A seat changing hands (accounts linked): each player's list follows.
    let read = store.game(gid).expect("reads").expect("exists");
    let (left, joined) = (read.doc.players[0].id.clone(), UserId::new("matrix", "x:y"));
    let mut moved_seat = read.doc.clone();
    moved_seat.players[0].id = joined.clone();
    store
        .commit(Commit {
            games: vec![(Some(read), moved_seat)],
            ..Commit::default()
        })
        .expect("over the version read");
    assert!(store.user_games(&left).expect("reads").is_empty());
    assert_eq!(store.user_games(&joined).expect("reads"), [(gid, true)]);
    // The game ending: each player's list says it is over, and no longer wakes.
    let read = store.game(gid).expect("reads").expect("exists");
    let mut ended = read.doc.clone();
    ended.finish(skald_model::game::GameResult::DrawAgreed, FakeClock::EPOCH);
    let seated: Vec<UserId> = ended.players.iter().map(|p| p.id.clone()).collect();
    store
        .commit(Commit {
            games: vec![(Some(read), ended)],
            ..Commit::default()
        })
        .expect("over the version read");
    for user in &seated {
        assert_eq!(
            store.user_games(user).expect("reads"),
            [(gid, false)],
            "{user}"
        );
    }
    assert!(store.all_deadlines().expect("reads").is_empty());

    // Export and import: the same documents in an empty store; a non-empty one refuses.
    let mut export = Vec::new();
    store.export(&mut export).expect("exports");
    let err = store
        .import(&mut std::io::Cursor::new(export))
        .expect_err("not empty");
    assert!(err.to_string().contains("not empty"), "{err}");

    // Leases: one holder at a time, extended by its holder, free once given back or
    // expired.
    let long = std::time::Duration::from_secs(60);
    assert!(store.claim("engine:7:3", "a", long).expect("claims"));
    assert!(!store.claim("engine:7:3", "b", long).expect("claims"));
    assert!(store.claim("engine:7:3", "a", long).expect("extends"));
    assert!(store.claim("engine:8:1", "b", long).expect("another work"));
    store.release("engine:7:3", "b").expect("not b's: nothing");
    assert!(!store.claim("engine:7:3", "b", long).expect("claims"));
    store.release("engine:7:3", "a").expect("released");
    assert!(store.claim("engine:7:3", "b", long).expect("free again"));
    let short = std::time::Duration::from_millis(30);
    assert!(store.claim("engine:9:1", "a", short).expect("claims"));
    std::thread::sleep(std::time::Duration::from_millis(80));
    assert!(
        store.claim("engine:9:1", "b", long).expect("claims"),
        "an expired lease is taken over"
    );

    // The outbox: notices written with a commit, taken per platform, oldest first, one
    // poster at a time, gone once done; a conflicting commit writes none.
    let entry = |platform: &str, body: &str| super::OutboxEntry {
        platform: platform.into(),
        body: body.as_bytes().to_vec(),
    };
    store
        .commit(Commit {
            outbox: vec![
                entry("discord", "one"),
                entry("matrix", "two"),
                entry("discord", "three"),
            ],
            ..Commit::default()
        })
        .expect("notices written");
    conflicts(
        store,
        Commit {
            // dana exists: creating her again conflicts.
            users: vec![(None, UserDoc::new(User::new("console", "dana", "dana")))],
            outbox: vec![entry("discord", "lost")],
            ..Commit::default()
        },
        "notices with a conflicting write",
    );
    let taken = store
        .outbox_take(&["discord"], "p1", long, 10)
        .expect("takes");
    let bodies: Vec<&[u8]> = taken.iter().map(|(_, e)| e.body.as_slice()).collect();
    assert_eq!(bodies, [b"one".as_slice(), b"three".as_slice()]);
    assert!(
        store
            .outbox_take(&["discord"], "p2", long, 10)
            .expect("takes")
            .is_empty(),
        "claimed by p1"
    );
    let ids: Vec<u64> = taken.iter().map(|(id, _)| *id).collect();
    store.outbox_done(&ids).expect("done");
    let matrix = store
        .outbox_take(&["matrix", "discord"], "p2", long, 10)
        .expect("takes");
    assert_eq!(matrix.len(), 1);
    assert_eq!(matrix[0].1, entry("matrix", "two"));
    store.outbox_done(&[matrix[0].0]).expect("done");
    assert!(
        store
            .outbox_take(&["matrix", "discord"], "p3", long, 10)
            .expect("takes")
            .is_empty()
    );

    // Tournaments: created over "none" (moving the id counter past them), replaced over
    // the version read with the version one more, never over a stale read, in the export.
    let t_id = store.allocate_id().expect("id");
    let t = a_tournament(t_id);
    store
        .commit(Commit {
            tournaments: vec![(None, t.clone())],
            ..Commit::default()
        })
        .expect("a new tournament");
    conflicts(
        store,
        Commit {
            tournaments: vec![(None, t.clone())],
            ..Commit::default()
        },
        "a tournament created twice",
    );
    assert!(store.allocate_id().expect("id") > t_id, "ids move past it");
    let read = store.tournament(t_id).expect("reads").expect("exists");
    assert_eq!(read.doc.version, 1);
    assert_eq!(read.doc.players, t.players);
    let mut started = read.doc.clone();
    started.state = skald_model::tournament::State::Running;
    store
        .commit(Commit {
            tournaments: vec![(Some(read.clone()), started.clone())],
            ..Commit::default()
        })
        .expect("over the version read");
    conflicts(
        store,
        Commit {
            tournaments: vec![(Some(read), started)],
            ..Commit::default()
        },
        "two writes over the same read (two starts racing)",
    );
    let all = store.tournaments().expect("reads");
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].doc.version, 2);
    assert_eq!(all[0].doc.state, skald_model::tournament::State::Running);
    let mut export = Vec::new();
    store.export(&mut export).expect("exports");
    let export = String::from_utf8(export).expect("UTF-8");
    assert!(
        export
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("{\"tournament\":{") && l.contains("\"version\":2")),
        "{export}"
    );

    // Communities' puzzle documents (issue #35).
    puzzle_rooms::check(store);

    // raw_dump: stable, and non-empty once written.
    let dump = store.raw_dump().expect("dumps");
    assert!(!dump.is_empty());
    assert_eq!(store.raw_dump().expect("dumps"), dump);
}

#[test]
fn the_sled_store_keeps_the_indexes_contract() {
    indexes::check(&crate::SledStore::temporary().expect("temporary store"));
}

#[test]
fn the_sled_store_rebuilds_its_indexes_at_import() {
    indexes::check_import(
        &crate::SledStore::temporary().expect("temporary store"),
        &crate::SledStore::temporary().expect("temporary store"),
    );
}

#[test]
fn puzzle_documents_round_trip_through_an_export_between_sled_stores() {
    puzzle_rooms::check_round_trip(
        &crate::SledStore::temporary().expect("temporary store"),
        &crate::SledStore::temporary().expect("temporary store"),
    );
}

#[test]
fn the_sled_store_keeps_the_contract() {
    check(&crate::SledStore::temporary().expect("temporary store"));
}

#[test]
fn an_export_imports_into_an_empty_sled_store_with_the_same_documents() {
    let store = crate::SledStore::temporary().expect("temporary store");
    check(&store);
    let mut export = Vec::new();
    store.export(&mut export).expect("exports");
    let copy = crate::SledStore::temporary().expect("temporary store");
    copy.import(&mut std::io::Cursor::new(export))
        .expect("imports");
    assert_eq!(copy.game_count(), 1);
    assert_eq!(
        copy.all_deadlines().expect("reads"),
        store.all_deadlines().expect("reads")
    );
    // Everything but `meta` (the heartbeat and other times are not exported).
    let documents = |s: &crate::SledStore| -> Vec<_> {
        let dump = s.raw_dump().expect("dumps");
        dump.into_iter()
            .filter(|(tree, ..)| *tree != "meta")
            .collect()
    };
    assert_eq!(documents(&copy), documents(&store));
}

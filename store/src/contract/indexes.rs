//! The contract of the background work's indexes ([`crate::index`]): each answers what a
//! scan of the documents would, is kept in step by every commit, and (through
//! [`World`]) is the same after an import, a reopen and an upgrade of an older store.

use super::{a_game, a_tournament};
use crate::{Commit, Store, Stored};
use skald_model::chat_message::{Handled, Outcome};
use skald_model::clock::Timestamp;
use skald_model::digest::DigestSetting;
use skald_model::game::{GameDoc, GameResult};
use skald_model::homes::Home;
use skald_model::identity::{ChannelId, CommunityId, User, UserId};
use skald_model::tournament::State;
use skald_model::user::UserDoc;
use skald_rules::Seat;

/// A small world written through commits, and what its indexes must answer.
pub struct World {
    /// An open tournament starting at [`World::START`].
    pub starting: u64,
    /// Alice's finished games in `console`, oldest first.
    pub finished: Vec<u64>,
    /// Alice's active game in `console`.
    pub active: u64,
    /// A finished game between Discord and Matrix, at home in `dc` and `mx`.
    pub bridged: u64,
    /// The community whose daily puzzle is due at [`World::DAILY`] (another community's
    /// puzzle document has its daily puzzle off). `None` for a store whose layout had no
    /// puzzle documents, once gone back to it: nothing is due.
    pub daily: Option<CommunityId>,
}

impl World {
    /// When the open tournament starts.
    pub const START: Timestamp = Timestamp(5_000);
    /// When gwen's digest is due.
    pub const DIGEST: Timestamp = Timestamp(7_000);
    /// When the daily puzzle is due.
    pub const DAILY: Timestamp = Timestamp(8_000);
}

fn channel(c: &str) -> ChannelId {
    ChannelId(c.to_string())
}

fn alice() -> UserId {
    UserId::new("console", "alice")
}

/// A game numbered `id` like [`a_game`], finished if `finished`.
fn game(id: u64, finished: bool) -> GameDoc {
    let mut g = a_game();
    g.id = id;
    if finished {
        g.finish(GameResult::Resigned(Seat::B), Timestamp(100));
    }
    g
}

fn write(store: &dyn Store, commit: Commit, what: &str) -> Vec<Stored<GameDoc>> {
    store
        .commit(commit)
        .unwrap_or_else(|e| panic!("{what}: {e}"))
}

fn digest_on(user: &User, next: Timestamp) -> UserDoc {
    let mut doc = UserDoc::new(user.clone());
    doc.digest = Some(DigestSetting {
        at: (8, 0),
        zone: "UTC".into(),
        next,
        channel: channel("console"),
        reader: user.clone(),
    });
    doc
}

/// Writes the world into an empty store through commits.
pub fn populate(store: &dyn Store) -> World {
    let id = || store.allocate_id().expect("id");
    // Tournaments: one open with a start time, one open without, one running that had one.
    let (starting, unscheduled, running) = (id(), id(), id());
    let mut t = a_tournament(starting);
    t.starts = Some(World::START);
    let mut r = a_tournament(running);
    r.starts = Some(Timestamp(10));
    r.state = State::Running;
    let tournaments = vec![(None, t), (None, a_tournament(unscheduled)), (None, r)];
    write(
        store,
        Commit {
            tournaments,
            ..Commit::default()
        },
        "tournaments",
    );
    // Users: gwen with a digest, hank without.
    let gwen = User::new("console", "gwen", "gwen");
    let users = vec![
        (None, digest_on(&gwen, World::DIGEST)),
        (None, UserDoc::new(User::new("console", "hank", "hank"))),
    ];
    write(
        store,
        Commit {
            users,
            ..Commit::default()
        },
        "users",
    );
    // Games: three finished and one active in `console`, one elsewhere, one bridged.
    let finished = vec![id(), id(), id()];
    let (active, elsewhere, bridged) = (id(), id(), id());
    let mut games: Vec<_> = finished.iter().map(|&n| (None, game(n, true))).collect();
    games.push((None, game(active, false)));
    let mut other = game(elsewhere, true);
    other.channel = channel("lobby");
    games.push((None, other));
    let mut b = game(bridged, true);
    b.homes = vec![
        Home {
            platform: "discord".into(),
            channel: channel("dc"),
        },
        Home {
            platform: "matrix".into(),
            channel: channel("mx"),
        },
    ];
    b.channel = channel("dc");
    games.push((None, b));
    write(
        store,
        Commit {
            games,
            ..Commit::default()
        },
        "games",
    );
    // Puzzle documents: one community with its daily puzzle due, one with it off.
    let daily = CommunityId("pz-daily".into());
    let puzzle_rooms = vec![
        (
            None,
            super::puzzle_rooms::a_room(&daily.0, Some(World::DAILY)),
        ),
        (None, super::puzzle_rooms::a_room("pz-quiet", None)),
    ];
    write(
        store,
        Commit {
            puzzle_rooms,
            ..Commit::default()
        },
        "puzzle documents",
    );
    World {
        starting,
        finished,
        active,
        bridged,
        daily: Some(daily),
    }
}

/// A user's games in a channel, as the index answers.
fn here(store: &dyn Store, user: &UserId, c: &str, active: bool, limit: usize) -> Vec<u64> {
    store
        .channel_games(user, &channel(c), active, limit)
        .expect("reads the channel index")
}

/// Asserts what the world's indexes answer (after commits, an import, a reopen or an
/// upgrade).
pub fn assert_indexes(store: &dyn Store, w: &World) {
    let at = World::START;
    assert_eq!(
        store.next_tournament_start().expect("reads"),
        Some((at, w.starting))
    );
    assert_eq!(
        store.tournament_starts(at).expect("reads"),
        [(at, w.starting)]
    );
    assert!(
        store
            .tournament_starts(Timestamp(at.0 - 1))
            .expect("reads")
            .is_empty(),
        "a tournament not due yet, or no longer open, is not due"
    );
    assert_eq!(store.next_digest().expect("reads"), Some(World::DIGEST));
    let due = store.digests_due(World::DIGEST).expect("reads");
    let names: Vec<&str> = due.iter().map(|u| u.doc.user.id.id.as_str()).collect();
    assert_eq!(names, ["gwen"], "only users with a digest due");
    assert!(
        store
            .digests_due(Timestamp(World::DIGEST.0 - 1))
            .expect("reads")
            .is_empty()
    );
    match &w.daily {
        Some(c) => {
            assert_eq!(
                store.next_daily_puzzle().expect("reads"),
                Some(World::DAILY)
            );
            assert_eq!(
                store.daily_puzzles_due(World::DAILY).expect("reads"),
                [(World::DAILY, c.clone())],
                "only the community whose daily puzzle is on"
            );
            assert!(
                store
                    .daily_puzzles_due(Timestamp(World::DAILY.0 - 1))
                    .expect("reads")
                    .is_empty()
            );
        }
        None => {
            assert_eq!(store.next_daily_puzzle().expect("reads"), None);
            assert!(
                store
                    .daily_puzzles_due(Timestamp(i64::MAX))
                    .expect("reads")
                    .is_empty()
            );
        }
    }
    let a = alice();
    assert_eq!(here(store, &a, "console", true, usize::MAX), [w.active]);
    let newest_first: Vec<u64> = w.finished.iter().rev().copied().collect();
    assert_eq!(here(store, &a, "console", false, usize::MAX), newest_first);
    assert_eq!(here(store, &a, "console", false, 1), [newest_first[0]]);
    for home in ["dc", "mx"] {
        assert_eq!(
            here(store, &a, home, false, 5),
            [w.bridged],
            "a game is found from each of its homes"
        );
    }
    assert!(here(store, &a, "nowhere", false, 5).is_empty());
    let zed = UserId::new("console", "zed");
    assert!(here(store, &zed, "console", false, 5).is_empty());
}

/// Every promise of the indexes on an empty store: the world's answers, then each index
/// followed through the commits that change what it holds, and the handled messages'
/// records pruned by time.
pub fn check(store: &dyn Store) {
    let w = populate(store);
    assert_indexes(store, &w);

    // A tournament's start moved, then the tournament started: the index follows.
    let read = store
        .tournament(w.starting)
        .expect("reads")
        .expect("exists");
    let mut moved = read.doc.clone();
    moved.starts = Some(Timestamp(6_000));
    let commit = Commit {
        tournaments: vec![(Some(read), moved)],
        ..Commit::default()
    };
    write(store, commit, "moved");
    assert!(
        store
            .tournament_starts(World::START)
            .expect("reads")
            .is_empty()
    );
    assert_eq!(
        store.next_tournament_start().expect("reads"),
        Some((Timestamp(6_000), w.starting))
    );
    let read = store
        .tournament(w.starting)
        .expect("reads")
        .expect("exists");
    let mut running = read.doc.clone();
    running.state = State::Running;
    let commit = Commit {
        tournaments: vec![(Some(read), running)],
        ..Commit::default()
    };
    write(store, commit, "started");
    assert_eq!(store.next_tournament_start().expect("reads"), None);

    // A digest sent (moved to the next day) then turned off; the version read from the
    // index is the one a commit replaces.
    let due = store.digests_due(World::DIGEST).expect("reads");
    let [gwen] = due.as_slice() else {
        panic!("one digest due, not {}", due.len())
    };
    let mut next = gwen.doc.clone();
    if let Some(d) = next.digest.as_mut() {
        d.next = Timestamp(90_000);
    }
    let commit = Commit {
        users: vec![(Some(gwen.clone()), next)],
        ..Commit::default()
    };
    write(store, commit, "sent");
    assert!(store.digests_due(World::DIGEST).expect("reads").is_empty());
    assert_eq!(store.next_digest().expect("reads"), Some(Timestamp(90_000)));
    let read = store
        .user(&gwen.doc.user.id)
        .expect("reads")
        .expect("exists");
    let mut off = read.doc.clone();
    off.digest = None;
    let commit = Commit {
        users: vec![(Some(read), off)],
        ..Commit::default()
    };
    write(store, commit, "off");
    assert_eq!(store.next_digest().expect("reads"), None);

    // A game ending moves from the active entries to the newest finished one; a game
    // given another home is found there and no longer in the old one.
    let a = alice();
    let read = store.game(w.active).expect("reads").expect("exists");
    let mut ended = read.doc.clone();
    ended.finish(GameResult::DrawAgreed, Timestamp(200));
    let commit = Commit {
        games: vec![(Some(read), ended)],
        ..Commit::default()
    };
    write(store, commit, "ended");
    assert!(here(store, &a, "console", true, 9).is_empty());
    assert_eq!(here(store, &a, "console", false, 1), [w.active]);
    let read = store.game(w.bridged).expect("reads").expect("exists");
    let mut rehomed = read.doc.clone();
    rehomed.homes[1].channel = channel("mx2");
    let commit = Commit {
        games: vec![(Some(read), rehomed)],
        ..Commit::default()
    };
    write(store, commit, "rehomed");
    assert!(here(store, &a, "mx", false, 9).is_empty());
    assert_eq!(here(store, &a, "mx2", false, 9), [w.bridged]);
    assert_eq!(here(store, &a, "dc", false, 9), [w.bridged]);

    // Handled messages: pruned by the time they were handled; a record written again
    // (an edit's run) counts from its new time.
    let record = |at: i64| Handled {
        by: alice(),
        outcome: Outcome::Done,
        at: Timestamp(at),
    };
    let prune = |before: i64| {
        store
            .prune_handled_messages(Timestamp(before))
            .expect("prunes")
    };
    store
        .record_handled_message("m1", &record(10))
        .expect("records");
    store
        .record_handled_message("m2", &record(20))
        .expect("records");
    store
        .record_handled_message("m1", &record(30))
        .expect("records again");
    assert_eq!(prune(25), 1);
    assert_eq!(store.handled_message("m2").expect("reads"), None);
    assert_eq!(
        store.handled_message("m1").expect("reads"),
        Some(record(30))
    );
    assert_eq!(prune(25), 0);
    assert_eq!(prune(31), 1);
    assert_eq!(store.handled_message("m1").expect("reads"), None);
}

/// The world exported from `from` and imported into the empty `into`: the same answers.
pub fn check_import(from: &dyn Store, into: &dyn Store) {
    let w = populate(from);
    let mut export = Vec::new();
    from.export(&mut export).expect("exports");
    into.import(&mut std::io::Cursor::new(export))
        .expect("imports");
    assert_indexes(into, &w);
}

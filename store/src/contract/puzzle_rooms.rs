//! The contract of communities' puzzle documents (issue #35): created over "none", replaced
//! over the version read with the version one more, never over a stale read (and then
//! nothing of the commit applies), listed by community, the index of due daily posts kept
//! in step with `next_post`, and an export that imports into an empty store and exports
//! again byte for byte.

use super::conflicts;
use crate::{Commit, Store, Stored};
use skald_model::clock::Timestamp;
use skald_model::identity::{ChannelId, CommunityId, User, UserId};
use skald_model::puzzle::{
    DailyPost, DailySetting, PostedMessage, Puzzle, PuzzleId, PuzzleRating, PuzzleRoom,
};
use skald_model::user::UserDoc;
use skald_rules::RuleSetId;

fn community(id: &str) -> CommunityId {
    CommunityId(id.to_string())
}

/// A community's puzzle document with something in every field: a daily puzzle posted at
/// 08:00 Paris time, due next at `next`, yesterday's puzzle solved by one player, a puzzle
/// mined from a game, a rating moved (floats, which must come back exactly) and a solver.
pub fn a_room(id: &str, next: Option<Timestamp>) -> PuzzleRoom {
    let puzzle = Puzzle {
        rule_set: RuleSetId::Brandubh,
        position: "position of the contract".into(),
        to_move: "defenders".into(),
        roll: None,
        solution: vec!["d4-d7".into()],
        theme: "escape in 1".into(),
        source: format!("game #3 of {id}"),
        rating: 1234.5,
    };
    let mut room = PuzzleRoom::new(community(id));
    room.daily = Some(DailySetting {
        at: (8, 0),
        zone: "Europe/Paris".into(),
        channels: vec![("discord".into(), ChannelId("puzzles".into()))],
    });
    room.next_post = next;
    room.posted = vec![DailyPost {
        day: "2026-11-29".into(),
        puzzle: puzzle.clone(),
        solved_by: vec![skald_model::User::new("discord", "1", "ann")],
        messages: vec![PostedMessage {
            platform: "discord".into(),
            channel: ChannelId("puzzles".into()),
            handle: "1234567890".into(),
        }],
    }];
    room.mined = vec![puzzle];
    room.ratings.insert(
        PuzzleId("brandubh:contract".into()),
        PuzzleRating {
            rating: 1502.3456789012345,
            deviation: 201.25,
            volatility: 0.0600001,
        },
    );
    room.solvers.insert(UserId::new("discord", "1"));
    room
}

fn write(store: &dyn Store, read: Option<Stored<PuzzleRoom>>, room: PuzzleRoom, what: &str) {
    store
        .commit(Commit {
            puzzle_rooms: vec![(read, room)],
            ..Commit::default()
        })
        .unwrap_or_else(|e| panic!("{what}: {e}"));
}

fn read(store: &dyn Store, id: &str) -> Stored<PuzzleRoom> {
    store
        .puzzle_room(&community(id))
        .expect("reads")
        .unwrap_or_else(|| panic!("{id}'s puzzle document exists"))
}

fn due(store: &dyn Store, until: i64) -> Vec<(Timestamp, CommunityId)> {
    store
        .daily_puzzles_due(Timestamp(until))
        .expect("reads the daily index")
}

/// Every promise about puzzle documents, on a store holding none yet (it may hold other
/// documents: the contract's [`super::check`] runs it after the rest).
pub fn check(store: &dyn Store) {
    assert!(store.puzzle_rooms().expect("reads").is_empty());
    assert!(
        store
            .puzzle_room(&community("pz-a"))
            .expect("reads")
            .is_none()
    );
    assert_eq!(store.next_daily_puzzle().expect("reads"), None);
    assert!(due(store, i64::MAX).is_empty());

    // Created over "none": version 1, every field kept; a second creation conflicts.
    let a = a_room("pz-a", Some(Timestamp(1_000)));
    write(store, None, a.clone(), "a new puzzle document");
    let got = read(store, "pz-a");
    assert_eq!(got.doc.version, 1);
    assert_eq!(
        PuzzleRoom {
            version: 0,
            ..got.doc.clone()
        },
        a,
        "the document comes back as written"
    );
    conflicts(
        store,
        Commit {
            puzzle_rooms: vec![(None, a.clone())],
            ..Commit::default()
        },
        "a puzzle document created twice",
    );

    // Replaced over the version read: one more.
    let mut solved = got.doc.clone();
    solved.solvers.insert(UserId::new("discord", "2"));
    write(
        store,
        Some(got.clone()),
        solved.clone(),
        "over the version read",
    );
    let now = read(store, "pz-a");
    assert_eq!(now.doc.version, 2);
    assert_eq!(now.doc.solvers, solved.solvers);

    // Over a stale read (two processes posting the same day's puzzle): refused, and
    // nothing of the commit applies: not the document, not its index, not the user
    // written beside it.
    let mut moved = got.doc.clone();
    moved.next_post = Some(Timestamp(500));
    let ivy = UserDoc::new(User::new("console", "ivy", "ivy"));
    conflicts(
        store,
        Commit {
            puzzle_rooms: vec![(Some(got), moved)],
            users: vec![(None, ivy.clone())],
            ..Commit::default()
        },
        "a puzzle document over a stale read",
    );
    assert_eq!(
        read(store, "pz-a").doc,
        now.doc,
        "the document is unchanged"
    );
    assert_eq!(due(store, 999), [], "the index is unchanged");
    assert!(
        store.user(&ivy.user.id).expect("reads").is_none(),
        "a commit that conflicts writes nothing"
    );

    // A second community: both listed, by community; each has its own version.
    let b = a_room("pz-b", Some(Timestamp(400)));
    write(store, None, b, "a second community");
    let all = store.puzzle_rooms().expect("reads");
    let listed: Vec<(&str, u64)> = all
        .iter()
        .map(|r| (r.doc.community.0.as_str(), r.doc.version))
        .collect();
    assert_eq!(listed, [("pz-a", 2), ("pz-b", 1)]);
    // The stored versions read by the listing are the ones a commit replaces.
    let [listed_a, _] = all.as_slice() else {
        panic!("two documents")
    };
    write(
        store,
        Some(listed_a.clone()),
        listed_a.doc.clone(),
        "over the version listed",
    );
    assert_eq!(read(store, "pz-a").doc.version, 3);

    // The due index follows `next_post`: earliest first, up to and including `until`.
    let (at_a, at_b) = (Timestamp(1_000), Timestamp(400));
    assert_eq!(store.next_daily_puzzle().expect("reads"), Some(at_b));
    assert_eq!(
        due(store, 1_000),
        [(at_b, community("pz-b")), (at_a, community("pz-a"))]
    );
    assert_eq!(due(store, 999), [(at_b, community("pz-b"))]);
    assert!(due(store, 399).is_empty());
    // Posted: `pz-b`'s next post moves to the next day.
    let r = read(store, "pz-b");
    let mut next_day = r.doc.clone();
    next_day.next_post = Some(Timestamp(86_800));
    write(store, Some(r), next_day, "posted");
    assert_eq!(store.next_daily_puzzle().expect("reads"), Some(at_a));
    assert_eq!(due(store, 86_799), [(at_a, community("pz-a"))]);
    // Turned off: `pz-a` leaves the index, its document stays.
    let r = read(store, "pz-a");
    let mut off = r.doc.clone();
    off.daily = None;
    off.next_post = None;
    write(store, Some(r), off, "turned off");
    assert_eq!(
        store.next_daily_puzzle().expect("reads"),
        Some(Timestamp(86_800))
    );
    assert_eq!(
        due(store, i64::MAX),
        [(Timestamp(86_800), community("pz-b"))]
    );
    assert!(
        store
            .puzzle_room(&community("pz-a"))
            .expect("reads")
            .is_some()
    );
    // And both off: nothing to wake for.
    let r = read(store, "pz-b");
    let mut off = r.doc.clone();
    off.next_post = None;
    write(store, Some(r), off, "turned off");
    assert_eq!(store.next_daily_puzzle().expect("reads"), None);
    assert!(due(store, i64::MAX).is_empty());
    // Turned on again: back in the index.
    let r = read(store, "pz-a");
    let mut on = r.doc.clone();
    on.next_post = Some(Timestamp(-20));
    write(store, Some(r), on, "turned on again");
    assert_eq!(due(store, 0), [(Timestamp(-20), community("pz-a"))]);
}

/// Puzzle documents written into the empty `from`, exported, imported into the empty
/// `into`: the same documents and index, and `into`'s export is `from`'s, byte for byte.
pub fn check_round_trip(from: &dyn Store, into: &dyn Store) {
    write(from, None, a_room("pz-x", Some(Timestamp(70))), "x");
    write(from, None, a_room("pz-w", None), "w");
    let r = read(from, "pz-x");
    let mut second = r.doc.clone();
    second.next_post = Some(Timestamp(90));
    write(from, Some(r), second, "x again");
    let text = check_export_reimports(from, into);
    let rooms: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("{\"puzzle_room\":{"))
        .collect();
    assert_eq!(rooms.len(), 2, "{text}");
    assert!(
        text.lines().last().is_some_and(|l| l.contains("\"pz-x\"")),
        "last, by community: {text}"
    );
    assert_eq!(read(into, "pz-x").doc.version, 2);
    assert_eq!(
        into.daily_puzzles_due(Timestamp(90)).expect("reads"),
        [(Timestamp(90), community("pz-x"))],
        "the index is rebuilt from the documents"
    );
    assert_eq!(
        into.next_daily_puzzle().expect("reads"),
        Some(Timestamp(90))
    );
    // The version imported is the one a commit replaces.
    let r = read(into, "pz-x");
    let doc = r.doc.clone();
    write(into, Some(r), doc, "over the imported version");
    assert_eq!(read(into, "pz-x").doc.version, 3);
}

/// `from` exported and imported into the empty `into` (of any backend): `into` exports
/// the same file, byte for byte, and answers the same daily index. Returns the file.
pub fn check_export_reimports(from: &dyn Store, into: &dyn Store) -> String {
    let mut export = Vec::new();
    from.export(&mut export).expect("exports");
    into.import(&mut std::io::Cursor::new(export.clone()))
        .expect("imports");
    let mut again = Vec::new();
    into.export(&mut again).expect("exports again");
    let text = String::from_utf8(export).expect("UTF-8");
    assert_eq!(
        String::from_utf8(again).expect("UTF-8"),
        text,
        "the export of the imported store is the same file"
    );
    let all = Timestamp(i64::MAX);
    assert_eq!(
        into.daily_puzzles_due(all).expect("reads"),
        from.daily_puzzles_due(all).expect("reads"),
        "the daily index is rebuilt from the documents"
    );
    text
}

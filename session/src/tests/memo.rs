//! The per-command memo seen from the session: a move reads each document once, and a
//! second session on the same store sees the first one's writes at once.

use crate::chat_message::Handled;
use crate::clock::{FakeClock, Timestamp};
use crate::game::GameDoc;
use crate::identity::{CommunityId, UserId};
use crate::ladder::Standing;
use crate::store::{
    Commit, CommitError, OutboxEntry, RawEntry, SledStore, Store, StoreError, Stored,
};
use crate::user::UserDoc;
use crate::{Context, ReplyKind, Session, SessionConfig, User};
use skald_rules::RuleSetId;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A store counting its game and user reads (documents), and its trips: a read of a
/// game with its players is one, as on PostgreSQL.
struct Counting {
    inner: SledStore,
    reads: AtomicUsize,
    trips: AtomicUsize,
}

/// Every method the memo passes through, passed through again.
macro_rules! through {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(&self, $($arg: $ty),*) -> $ret { self.inner.$name($($arg),*) })*
    };
}

impl Store for Counting {
    fn game(&self, id: u64) -> Result<Option<Stored<GameDoc>>, StoreError> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        self.trips.fetch_add(1, Ordering::Relaxed);
        self.inner.game(id)
    }
    fn game_and_players(&self, id: u64) -> Result<crate::store::GameAndPlayers, StoreError> {
        self.trips.fetch_add(1, Ordering::Relaxed);
        let game = self.inner.game(id)?;
        let mut players = Vec::new();
        for p in game.iter().flat_map(|g| &g.doc.players) {
            players.push((p.id.clone(), self.inner.user(&p.id)?));
        }
        self.reads.fetch_add(1 + players.len(), Ordering::Relaxed);
        Ok(crate::store::GameAndPlayers { game, players })
    }
    fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        self.trips.fetch_add(1, Ordering::Relaxed);
        self.inner.user(id)
    }
    through! {
        challenge(id: u64) -> Result<Option<Stored<skald_model::challenge::Challenge>>, StoreError>;
        challenges() -> Result<Vec<Stored<skald_model::challenge::Challenge>>, StoreError>;
        tournament(id: u64) -> Result<Option<Stored<skald_model::tournament::TournamentDoc>>, StoreError>;
        tournaments() -> Result<Vec<Stored<skald_model::tournament::TournamentDoc>>, StoreError>;
        puzzle_room(c: &CommunityId) -> Result<Option<Stored<skald_model::puzzle::PuzzleRoom>>, StoreError>;
        puzzle_rooms() -> Result<Vec<Stored<skald_model::puzzle::PuzzleRoom>>, StoreError>;
        daily_puzzles_due(until: Timestamp) -> Result<Vec<(Timestamp, CommunityId)>, StoreError>;
        next_daily_puzzle() -> Result<Option<Timestamp>, StoreError>;
        user_by_link_code(code: &str) -> Result<Option<Stored<UserDoc>>, StoreError>;
        users_named(name: &str) -> Result<Vec<UserDoc>, StoreError>;
        tournament_starts(until: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError>;
        next_tournament_start() -> Result<Option<(Timestamp, u64)>, StoreError>;
        digests_due(until: Timestamp) -> Result<Vec<Stored<UserDoc>>, StoreError>;
        next_digest() -> Result<Option<Timestamp>, StoreError>;
        channel_games(u: &UserId, c: &skald_model::identity::ChannelId, a: bool, l: usize) -> Result<Vec<u64>, StoreError>;
        user_games(user: &UserId) -> Result<Vec<(u64, bool)>, StoreError>;
        read_standing(c: &CommunityId, r: RuleSetId, u: &UserId) -> Result<Option<Stored<Standing>>, StoreError>;
        ladder(c: &CommunityId, r: RuleSetId) -> Result<Vec<(UserId, Standing)>, StoreError>;
        next_deadline() -> Result<Option<(Timestamp, u64)>, StoreError>;
        due(now: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError>;
        game_count() -> usize;
        meta_time(name: &str) -> Result<Option<Timestamp>, StoreError>;
        set_meta_time(name: &str, at: Timestamp) -> Result<(), StoreError>;
        handled_message(id: &str) -> Result<Option<Handled>, StoreError>;
        record_handled_message(id: &str, h: &Handled) -> Result<(), StoreError>;
        prune_handled_messages(before: Timestamp) -> Result<usize, StoreError>;
        schema() -> Result<Option<u32>, StoreError>;
        allocate_id() -> Result<u64, StoreError>;
        commit(c: Commit) -> Result<Vec<Stored<GameDoc>>, CommitError>;
        flush() -> Result<(), StoreError>;
        export(out: &mut dyn Write) -> Result<usize, StoreError>;
        import(input: &mut dyn BufRead) -> Result<usize, StoreError>;
        raw_dump() -> Result<Vec<RawEntry>, StoreError>;
        claim(w: &str, h: &str, t: std::time::Duration) -> Result<bool, StoreError>;
        release(w: &str, h: &str) -> Result<(), StoreError>;
        outbox_take(p: &[&str], h: &str, t: std::time::Duration, l: usize) -> Result<Vec<(u64, OutboxEntry)>, StoreError>;
        outbox_done(ids: &[u64]) -> Result<(), StoreError>;
    }
}

#[test]
fn a_move_reads_each_document_once_and_a_second_session_sees_it_at_once() {
    let counting = Arc::new(Counting {
        inner: SledStore::temporary().expect("a store"),
        reads: AtomicUsize::new(0),
        trips: AtomicUsize::new(0),
    });
    let session = |store: Arc<dyn Store>| {
        Session::new(
            store,
            Arc::new(skald_model::clock::FakeClock::new(
                skald_model::clock::FakeClock::EPOCH,
            )),
            rand::SeedableRng::seed_from_u64(1),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("a session")
    };
    let one = session(counting.clone());
    let ctx = |name: &str| Context::new(User::new("test", name, name), "test", "room");
    let said = |s: &Session, who: &str, line: &str| {
        let r = s.handle(&ctx(who), line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        r
    };
    said(&one, "ann", "challenge tafl @bob first");
    said(&one, "bob", "accept");
    counting.reads.store(0, Ordering::Relaxed);
    counting.trips.store(0, Ordering::Relaxed);
    said(&one, "ann", "move #1 d1-d4");
    let reads = counting.reads.load(Ordering::Relaxed);
    // The speaker, the game, the opponent; not the game again after its write (the
    // commit returned it).
    assert!(reads <= 3, "a move read {reads} documents");
    // All three in one trip: the game named by the move is read first, with its
    // players, and the speaker is one of them.
    let trips = counting.trips.load(Ordering::Relaxed);
    assert_eq!(trips, 1, "a move naming its game read in {trips} trips");
    // Without the number the speaker is read first, to find their game.
    counting.trips.store(0, Ordering::Relaxed);
    said(&one, "bob", "move e7-e9");
    let trips = counting.trips.load(Ordering::Relaxed);
    assert!(trips <= 2, "a move read in {trips} trips");

    // A read remembered in one command is not in the next, nor in another session on
    // the same store: bob sees ann's move and answers it.
    let other = session(counting.clone());
    let board = said(&other, "ann", "board");
    assert!(board.text.en().contains("e7-e9") || !board.boards.is_empty());
    said(&other, "ann", "move d4-d5");
    said(&one, "bob", "move e9-e8");
}

#[test]
fn what_the_store_hands_out_is_what_its_bytes_decode_to() {
    let s = Session::new(
        Arc::new(SledStore::temporary().expect("store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        rand::SeedableRng::seed_from_u64(1),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("session");
    let say = |who: &str, line: &str| {
        let ctx = Context::private(User::new("console", who, who), "console", "console");
        let r = s.handle(&ctx, line);
        assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    };
    say("alice", "challenge tafl @bob first");
    say("bob", "accept");
    say("alice", "move d1-d4");
    say("bob", "resign");
    // What the store hands out (from the memo, filled by the writes) is exactly what its
    // bytes decode to, ratings included.
    let stored = s.store().game(1).expect("reads").expect("exists");
    let bytes = serde_json::to_vec(&stored.doc).expect("encodes");
    let fresh = crate::damaged::decode_game(1, &bytes).expect("decodes");
    assert_eq!(stored.doc, fresh);
    assert!(stored.doc.end.as_ref().is_some_and(|e| e.ratings.is_some()));
}

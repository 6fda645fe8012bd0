//! Reads remembered for the length of one command.
//!
//! A command reads the same documents several times: the speaker's user document to admit
//! them, to pick their language and to answer them; the game to find it, to play in it and
//! to show it. On sled a read is a lookup in memory; on PostgreSQL each is a round trip to
//! the database (docs/BENCHMARKS.md: a move made 16 of them, 8 of them reads). [`Memo`]
//! wraps the store and, while [`Memo::scope`] runs on this thread (one command: the session
//! is synchronous, a command runs on one thread), answers a game or a user read again from
//! what the first read returned. A game's first read asks the store for its players too
//! ([`Store::game_and_players`]: on PostgreSQL in the same round trip), so the opponent a
//! move's answer names is not a read of its own.
//!
//! It never changes what a command decides: a game this command's commit wrote is
//! remembered as the commit wrote it, with the version the store returned for it (what a
//! read right after the commit would have returned), so the answer's notices need not read
//! it again; a user it wrote is forgotten (a user write may stand for another: read again
//! afterwards); a commit refused as a conflict, or one that failed, forgets everything (a
//! retry reads afresh), and a document changed by someone else in the meantime would also
//! have been changed after a single read; the commit's compare-and-swap refuses a write
//! from a stale read either way. Outside a scope (the engine's turns, the deadlines) every
//! read goes to the store.

use super::{Commit, CommitError, OutboxEntry, RawEntry, Store, StoreError, Stored};
use crate::chat_message::Handled;
use crate::clock::Timestamp;
use crate::game::GameDoc;
use crate::identity::{CommunityId, UserId};
use crate::ladder::Standing;
use crate::user::UserDoc;
use skald_rules::RuleSetId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// What this thread's command has read so far.
#[derive(Default)]
struct Remembered {
    games: HashMap<u64, Option<Stored<GameDoc>>>,
    users: HashMap<UserId, Option<Stored<UserDoc>>>,
}

thread_local! {
    /// The running command's reads; `None` outside [`Memo::scope`].
    static SCOPE: RefCell<Option<Remembered>> = const { RefCell::new(None) };
}

/// A store that remembers game and user reads within one command (see the module's doc).
pub struct Memo {
    inner: Arc<dyn Store>,
}

impl Memo {
    /// `inner`, its reads remembered within [`Memo::scope`].
    pub fn new(inner: Arc<dyn Store>) -> Memo {
        Memo { inner }
    }

    /// Runs `f` (one command) with reads remembered until it returns. Nested scopes share
    /// the outer one's reads.
    pub fn scope<T>(f: impl FnOnce() -> T) -> T {
        let opened = SCOPE.with(|s| {
            let mut s = s.borrow_mut();
            let open = s.is_none();
            if open {
                *s = Some(Remembered::default());
            }
            open
        });
        // Closed even if `f` unwinds, so a later command on this thread starts afresh.
        struct Close(bool);
        impl Drop for Close {
            fn drop(&mut self) {
                if self.0 {
                    SCOPE.with(|s| *s.borrow_mut() = None);
                }
            }
        }
        let _close = Close(opened);
        f()
    }

    /// Runs `f` on this thread's reads, if a scope is open.
    fn with<T>(f: impl FnOnce(&mut Remembered) -> T) -> Option<T> {
        SCOPE.with(|s| s.borrow_mut().as_mut().map(f))
    }
}

impl Store for Memo {
    fn game(&self, id: u64) -> Result<Option<Stored<GameDoc>>, StoreError> {
        match Memo::with(|r| r.games.get(&id).cloned()) {
            // Outside a command: nothing to remember.
            None => self.inner.game(id),
            Some(Some(hit)) => Ok(hit),
            Some(None) => {
                // The players come along where the backend reads them in the same trip;
                // one this command read already stays as it was first read.
                let read = self.inner.game_and_players(id)?;
                Memo::with(|r| {
                    r.games.insert(id, read.game.clone());
                    for (user, doc) in read.players {
                        r.users.entry(user).or_insert(doc);
                    }
                });
                Ok(read.game)
            }
        }
    }

    fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError> {
        if let Some(Some(hit)) = Memo::with(|r| r.users.get(id).cloned()) {
            return Ok(hit);
        }
        let read = self.inner.user(id)?;
        Memo::with(|r| r.users.insert(id.clone(), read.clone()));
        Ok(read)
    }

    fn commit(&self, commit: Commit) -> Result<Vec<Stored<GameDoc>>, CommitError> {
        let users = !commit.users.is_empty();
        let done = self.inner.commit(commit);
        Memo::with(|r| match &done {
            Ok(written) => {
                for g in written {
                    r.games.insert(g.doc.id, Some(g.clone()));
                }
                // A user write may stand for another (an account linked to its player):
                // every user is read afresh.
                if users {
                    r.users.clear();
                }
            }
            // A conflict: a retry reads afresh. A failure (possibly applied, when the
            // database did not confirm it): nothing read before it is trusted.
            Err(_) => *r = Remembered::default(),
        });
        done
    }

    fn import(&self, input: &mut dyn BufRead) -> Result<usize, StoreError> {
        Memo::with(|r| *r = Remembered::default());
        self.inner.import(input)
    }

    fn challenge(
        &self,
        id: u64,
    ) -> Result<Option<Stored<crate::challenge::Challenge>>, StoreError> {
        self.inner.challenge(id)
    }

    fn challenges(&self) -> Result<Vec<Stored<crate::challenge::Challenge>>, StoreError> {
        self.inner.challenges()
    }

    // Tournaments are read afresh each time: a command reads one once or twice, and a
    // retry after a lost race must see the one another command wrote.
    fn tournament(
        &self,
        id: u64,
    ) -> Result<Option<Stored<crate::tournament::TournamentDoc>>, StoreError> {
        self.inner.tournament(id)
    }

    fn tournaments(&self) -> Result<Vec<Stored<crate::tournament::TournamentDoc>>, StoreError> {
        self.inner.tournaments()
    }

    fn user_by_link_code(&self, code: &str) -> Result<Option<Stored<UserDoc>>, StoreError> {
        self.inner.user_by_link_code(code)
    }

    fn users_named(&self, name: &str) -> Result<Vec<UserDoc>, StoreError> {
        self.inner.users_named(name)
    }

    fn users_with_digest(&self) -> Result<Vec<Stored<UserDoc>>, StoreError> {
        self.inner.users_with_digest()
    }

    fn user_games(&self, user: &UserId) -> Result<Vec<(u64, bool)>, StoreError> {
        self.inner.user_games(user)
    }

    fn read_standing(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<Option<Stored<Standing>>, StoreError> {
        self.inner.read_standing(community, rule_set, user)
    }

    fn ladder(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        self.inner.ladder(community, rule_set)
    }

    fn next_deadline(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        self.inner.next_deadline()
    }

    fn due(&self, now: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.inner.due(now)
    }

    fn all_deadlines(&self) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.inner.all_deadlines()
    }

    fn game_count(&self) -> usize {
        self.inner.game_count()
    }

    fn meta_time(&self, name: &str) -> Result<Option<Timestamp>, StoreError> {
        self.inner.meta_time(name)
    }

    fn set_meta_time(&self, name: &str, at: Timestamp) -> Result<(), StoreError> {
        self.inner.set_meta_time(name, at)
    }

    fn handled_message(&self, id: &str) -> Result<Option<Handled>, StoreError> {
        self.inner.handled_message(id)
    }

    fn record_handled_message(&self, id: &str, handled: &Handled) -> Result<(), StoreError> {
        self.inner.record_handled_message(id, handled)
    }

    fn schema(&self) -> Result<Option<u32>, StoreError> {
        self.inner.schema()
    }

    fn allocate_id(&self) -> Result<u64, StoreError> {
        self.inner.allocate_id()
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }

    fn export(&self, out: &mut dyn Write) -> Result<usize, StoreError> {
        self.inner.export(out)
    }

    fn raw_dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        self.inner.raw_dump()
    }

    fn claim(
        &self,
        work: &str,
        holder: &str,
        ttl: std::time::Duration,
    ) -> Result<bool, StoreError> {
        self.inner.claim(work, holder, ttl)
    }

    fn release(&self, work: &str, holder: &str) -> Result<(), StoreError> {
        self.inner.release(work, holder)
    }

    fn outbox_take(
        &self,
        platforms: &[&str],
        holder: &str,
        ttl: std::time::Duration,
        limit: usize,
    ) -> Result<Vec<(u64, OutboxEntry)>, StoreError> {
        self.inner.outbox_take(platforms, holder, ttl, limit)
    }

    fn outbox_done(&self, ids: &[u64]) -> Result<(), StoreError> {
        self.inner.outbox_done(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;
    use crate::{Context, ReplyKind, Session, SessionConfig, User};
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
        fn game_and_players(&self, id: u64) -> Result<super::super::GameAndPlayers, StoreError> {
            self.trips.fetch_add(1, Ordering::Relaxed);
            let game = self.inner.game(id)?;
            let mut players = Vec::new();
            for p in game.iter().flat_map(|g| &g.doc.players) {
                players.push((p.id.clone(), self.inner.user(&p.id)?));
            }
            self.reads.fetch_add(1 + players.len(), Ordering::Relaxed);
            Ok(super::super::GameAndPlayers { game, players })
        }
        fn user(&self, id: &UserId) -> Result<Option<Stored<UserDoc>>, StoreError> {
            self.reads.fetch_add(1, Ordering::Relaxed);
            self.trips.fetch_add(1, Ordering::Relaxed);
            self.inner.user(id)
        }
        through! {
            challenge(id: u64) -> Result<Option<Stored<crate::challenge::Challenge>>, StoreError>;
            challenges() -> Result<Vec<Stored<crate::challenge::Challenge>>, StoreError>;
            tournament(id: u64) -> Result<Option<Stored<crate::tournament::TournamentDoc>>, StoreError>;
            tournaments() -> Result<Vec<Stored<crate::tournament::TournamentDoc>>, StoreError>;
            user_by_link_code(code: &str) -> Result<Option<Stored<UserDoc>>, StoreError>;
            users_named(name: &str) -> Result<Vec<UserDoc>, StoreError>;
            users_with_digest() -> Result<Vec<Stored<UserDoc>>, StoreError>;
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
                Arc::new(crate::clock::FakeClock::new(crate::clock::FakeClock::EPOCH)),
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
}

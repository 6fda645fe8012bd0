//! Reads remembered for the length of one command.
//!
//! A command reads the same documents several times: the speaker's user document to admit
//! them, to pick their language and to answer them; the game to find it, to play in it and
//! to show it. On sled a read is a lookup in memory; on PostgreSQL each is a round trip to
//! the database (docs/BENCHMARKS.md: a move made 14 of them before, 8 of them reads; 2 now).
//! [`Memo`] wraps the store and, while [`Memo::scope`] runs on this thread (one command: the session
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
use skald_model::chat_message::Handled;
use skald_model::clock::Timestamp;
use skald_model::game::GameDoc;
use skald_model::identity::{ChannelId, CommunityId, UserId};
use skald_model::ladder::Standing;
use skald_model::user::UserDoc;
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
    ) -> Result<Option<Stored<skald_model::challenge::Challenge>>, StoreError> {
        self.inner.challenge(id)
    }

    fn challenges(&self) -> Result<Vec<Stored<skald_model::challenge::Challenge>>, StoreError> {
        self.inner.challenges()
    }

    // Tournaments are read afresh each time: a command reads one once or twice, and a
    // retry after a lost race must see the one another command wrote.
    fn tournament(
        &self,
        id: u64,
    ) -> Result<Option<Stored<skald_model::tournament::TournamentDoc>>, StoreError> {
        self.inner.tournament(id)
    }

    fn tournaments(
        &self,
    ) -> Result<Vec<Stored<skald_model::tournament::TournamentDoc>>, StoreError> {
        self.inner.tournaments()
    }

    // Puzzle documents are read afresh each time, as tournaments are: a daily post that
    // lost a race must see the one another process wrote.
    fn puzzle_room(
        &self,
        community: &CommunityId,
    ) -> Result<Option<Stored<skald_model::puzzle::PuzzleRoom>>, StoreError> {
        self.inner.puzzle_room(community)
    }

    fn puzzle_rooms(&self) -> Result<Vec<Stored<skald_model::puzzle::PuzzleRoom>>, StoreError> {
        self.inner.puzzle_rooms()
    }

    fn daily_puzzles_due(
        &self,
        until: Timestamp,
    ) -> Result<Vec<(Timestamp, CommunityId)>, StoreError> {
        self.inner.daily_puzzles_due(until)
    }

    fn next_daily_puzzle(&self) -> Result<Option<Timestamp>, StoreError> {
        self.inner.next_daily_puzzle()
    }

    fn user_by_link_code(&self, code: &str) -> Result<Option<Stored<UserDoc>>, StoreError> {
        self.inner.user_by_link_code(code)
    }

    fn users_named(&self, name: &str) -> Result<Vec<UserDoc>, StoreError> {
        self.inner.users_named(name)
    }

    fn tournament_starts(&self, until: Timestamp) -> Result<Vec<(Timestamp, u64)>, StoreError> {
        self.inner.tournament_starts(until)
    }

    fn next_tournament_start(&self) -> Result<Option<(Timestamp, u64)>, StoreError> {
        self.inner.next_tournament_start()
    }

    fn digests_due(&self, until: Timestamp) -> Result<Vec<Stored<UserDoc>>, StoreError> {
        self.inner.digests_due(until)
    }

    fn next_digest(&self) -> Result<Option<Timestamp>, StoreError> {
        self.inner.next_digest()
    }

    fn channel_games(
        &self,
        user: &UserId,
        channel: &ChannelId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        self.inner.channel_games(user, channel, active, limit)
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

    fn prune_handled_messages(&self, before: Timestamp) -> Result<usize, StoreError> {
        self.inner.prune_handled_messages(before)
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

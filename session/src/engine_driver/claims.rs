//! Which engine turns this driver may search: the one seam where several searchers agree.
//!
//! Today one `skald` process runs one [`super::Driver`], and [`LocalClaims`] (a set of the
//! turns being searched) is all it needs. Several `skald` processes and `skald worker`
//! processes on one PostgreSQL database will each run a pool; then only one of them may
//! search a given (game, ply) turn, and the store will answer [`TurnClaims::claim`] with a
//! lease instead. Every turn the driver searches is claimed through this trait first, and
//! released once its move is played or given up.

use std::collections::HashSet;
use std::fmt::Debug;
use std::sync::Mutex;

/// One engine turn as claims name it: the game and the ply the engine is to move at. A
/// dice turn's steps are distinct plies, so each step is claimed on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TurnKey {
    /// The game's number.
    pub game: u64,
    /// The position's ply when the engine is to move (the search answers exactly it).
    pub ply: u32,
}

/// Who searches which engine turn, so a turn is searched by one searcher only.
///
/// `claim` is asked before a search starts; `false` means another searcher holds the turn,
/// and this driver leaves it alone for the rest of its pass (the holder will play it, or
/// its lease will run out and a later pass claims it). A turn claimed is always released,
/// after its move is played (or refused, or the search found nothing). A store lease must
/// also expire by itself: a process killed mid-search releases nothing.
pub trait TurnClaims: Send + Sync + Debug {
    /// Takes `turn` for this searcher; `true` when nobody else holds it.
    fn claim(&self, turn: TurnKey) -> bool;
    /// Gives back a turn this searcher claimed.
    fn release(&self, turn: TurnKey);
}

/// The claims of one process: the turns its driver is searching right now.
#[derive(Debug, Default)]
pub struct LocalClaims {
    searching: Mutex<HashSet<TurnKey>>,
}

impl LocalClaims {
    fn searching(&self) -> std::sync::MutexGuard<'_, HashSet<TurnKey>> {
        // A panic elsewhere while holding the set leaves a set that is still whole.
        self.searching.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl TurnClaims for LocalClaims {
    fn claim(&self, turn: TurnKey) -> bool {
        self.searching().insert(turn)
    }

    fn release(&self, turn: TurnKey) {
        self.searching().remove(&turn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_claimed_once_until_released() {
        let claims = LocalClaims::default();
        let turn = TurnKey { game: 3, ply: 7 };
        assert!(claims.claim(turn));
        assert!(!claims.claim(turn), "held: a second searcher leaves it");
        assert!(
            claims.claim(TurnKey { game: 3, ply: 8 }),
            "the game's next step is another turn"
        );
        claims.release(turn);
        assert!(claims.claim(turn), "free again once released");
    }
}

/// The claims of a process sharing its store with others (several `skald` processes and
/// `skald worker`s on one PostgreSQL database): a turn is taken in this process first (its
/// workers share one holder name, so the store alone would not keep two of them apart),
/// then by a lease in the store ([`crate::store::Store::claim`], `engine:<game>:<ply>`),
/// which expires by itself if this process dies mid-search.
pub struct StoreClaims {
    local: LocalClaims,
    store: std::sync::Arc<dyn crate::store::Store>,
    holder: String,
    ttl: std::time::Duration,
}

impl StoreClaims {
    /// Claims in `store` as `holder` (this process), each lease lasting `ttl` (longer than
    /// any search: a lease that ran out mid-search lets another process search too; the
    /// move is still applied once, by compare-and-swap).
    pub fn new(
        store: std::sync::Arc<dyn crate::store::Store>,
        holder: String,
        ttl: std::time::Duration,
    ) -> StoreClaims {
        StoreClaims {
            local: LocalClaims::default(),
            store,
            holder,
            ttl,
        }
    }

    fn work(turn: TurnKey) -> String {
        format!("engine:{}:{}", turn.game, turn.ply)
    }
}

impl Debug for StoreClaims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StoreClaims({})", self.holder)
    }
}

impl TurnClaims for StoreClaims {
    fn claim(&self, turn: TurnKey) -> bool {
        if !self.local.claim(turn) {
            return false;
        }
        match self.store.claim(&Self::work(turn), &self.holder, self.ttl) {
            Ok(true) => true,
            Ok(false) => {
                self.local.release(turn);
                false
            }
            Err(e) => {
                // The store cannot say: leave the turn (the next pass asks again).
                tracing::warn!(error = %e, game = turn.game, "cannot claim an engine turn");
                self.local.release(turn);
                false
            }
        }
    }

    fn release(&self, turn: TurnKey) {
        if let Err(e) = self.store.release(&Self::work(turn), &self.holder) {
            tracing::warn!(error = %e, game = turn.game, "cannot release an engine turn; its lease runs out");
        }
        self.local.release(turn);
    }
}

#[cfg(test)]
mod store_tests {
    use super::*;

    #[test]
    fn two_processes_never_hold_one_turn() {
        let store: std::sync::Arc<dyn crate::store::Store> =
            std::sync::Arc::new(crate::store::SledStore::temporary().expect("temporary store"));
        let ttl = std::time::Duration::from_secs(60);
        let (a, b) = (
            StoreClaims::new(store.clone(), "a".into(), ttl),
            StoreClaims::new(store, "b".into(), ttl),
        );
        let turn = TurnKey { game: 4, ply: 9 };
        assert!(a.claim(turn));
        assert!(!a.claim(turn), "a's other workers leave it too");
        assert!(!b.claim(turn), "held by a");
        a.release(turn);
        assert!(b.claim(turn), "free once a is done");
    }
}

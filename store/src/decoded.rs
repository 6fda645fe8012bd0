//! Documents already decoded: every command on a game reads its stored JSON (and its
//! players' user documents), and the decoding was a sixth of the CPU of a move's
//! acknowledgement. The store remembers the documents it last read or wrote, each with the
//! exact bytes it came from, and hands one out only while the stored bytes are still those:
//! a document found here is the one the bytes decode to, whoever wrote them (another handle,
//! an import, a repair).
//!
//! In memory only and bounded; shared by the clones of a [`super::store::SledStore`].

use crate::Version;
use skald_model::game::GameDoc;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

/// How many documents are kept; past it the memo starts again empty (cheap, and rare: only
/// a bot with more games in play than this pays one more decode per document).
const CAPACITY: usize = 1024;

/// Decoded documents by key (a game's number, a user's key), with the bytes each was
/// decoded from (or encoded to), kept as the [`Version`] handed out with the document.
pub struct Decoded<K, T>(Arc<Mutex<HashMap<K, (Version, T)>>>);

/// The store's memo of games.
pub type DecodedGames = Decoded<u64, GameDoc>;

impl<K, T> Clone for Decoded<K, T> {
    fn clone(&self) -> Self {
        Decoded(self.0.clone())
    }
}

impl<K, T> Default for Decoded<K, T> {
    fn default() -> Self {
        Decoded(Arc::default())
    }
}

impl<K: Hash + Eq, T: Clone> Decoded<K, T> {
    /// The document under `id` and its version if `raw` is exactly what it was decoded
    /// from.
    pub fn get(&self, id: &K, raw: &[u8]) -> Option<(Version, T)> {
        let map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match map.get(id) {
            Some((version, doc)) if version.bytes() == raw => Some((version.clone(), doc.clone())),
            _ => None,
        }
    }

    /// Remembers that `raw` decodes to `doc`.
    pub fn put(&self, id: K, raw: Version, doc: T) {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= CAPACITY && !map.contains_key(&id) {
            map.clear();
        }
        map.insert(id, (raw, doc));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use skald_model::clock::FakeClock;
    use skald_model::identity::{ChannelId, CommunityId, User};
    use skald_rules::{Match, RuleSetId};

    #[test]
    fn a_document_is_handed_out_only_for_the_bytes_it_came_from() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let (m, _) = Match::new(RuleSetId::Hnefatafl, 1, &mut rng);
        let user = |who: &str| User::new("console", who, who);
        let fresh = GameDoc::new(
            1,
            CommunityId("console".to_string()),
            ChannelId("console".to_string()),
            [user("alice"), user("bob")],
            (true, 3, None),
            &m,
            FakeClock::EPOCH,
        );
        let memo = DecodedGames::default();
        let a = Version::new(&b"one"[..]);
        memo.put(1, a.clone(), fresh.clone());
        assert_eq!(memo.get(&1, b"one"), Some((a, fresh)));
        assert_eq!(memo.get(&1, b"two"), None, "other bytes: decode again");
        assert_eq!(memo.get(&2, b"one"), None);
    }
}

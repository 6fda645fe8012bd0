//! What the background work's indexes hold, computed from the documents the same way by
//! every backend (sled's trees, PostgreSQL's columns and tables), so that a commit, an
//! import and an upgrade of an older store all write the same entries: an open
//! tournament's start time, a user's next digest, a game's players by home channel, a
//! community's next daily puzzle, and a handled message's time. They keep the scheduler's
//! tick, the digests and the unnumbered commands from reading every tournament, user,
//! community or finished game (`docs/SESSION.md`, "The store interface").

use skald_model::clock::Timestamp;
use skald_model::game::GameDoc;
use skald_model::puzzle::PuzzleRoom;
use skald_model::tournament::{State, TournamentDoc};
use skald_model::user::UserDoc;

/// How long a handled message's record is kept: seven days. An edit that arrives later
/// finds no record and is answered as `chat_message` says (`docs/SESSION.md`); no platform
/// limits when an edit may come, and almost every edit comes within minutes.
pub const HANDLED_WINDOW_SECS: i64 = 7 * 24 * 3600;

/// The index layout this release keeps beside the documents: 1 before these indexes, 2
/// with them. Separate from [`crate::SCHEMA_VERSION`] (the documents' shape, which an
/// export names and which did not change): an older store's indexes are built when it
/// is opened, and exports stay readable by either release.
pub const INDEX_LAYOUT: u32 = 2;

/// When an open tournament starts by itself (`None`: it does not, or it is not open).
pub fn tournament_start(t: &TournamentDoc) -> Option<Timestamp> {
    (t.state == State::Open).then_some(t.starts).flatten()
}

/// When a user's next digest is due (`None`: digests are off).
pub fn digest_next(u: &UserDoc) -> Option<Timestamp> {
    u.digest.as_ref().map(|d| d.next)
}

/// When a community's next daily puzzle is due (`None`: its daily puzzle is off): the one
/// field of a puzzle document the store reads, besides its key and version.
pub fn daily_puzzle_next(r: &PuzzleRoom) -> Option<Timestamp> {
    r.next_post
}

/// A game's entries in the index by home channel: each seated user (by
/// [`skald_model::identity::UserId::key`]) in each home channel, once, sorted.
pub fn game_channels(g: &GameDoc) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for p in &g.players {
        for home in g.homes() {
            out.push((p.id.key(), home.channel.0.clone()));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A timestamp as eight bytes that sort in time order, negative times too: the prefix of
/// every time-ordered index key.
pub fn time_key(at: Timestamp) -> [u8; 8] {
    ((at.0 as u64) ^ (1 << 63)).to_be_bytes()
}

/// [`time_key`] read back (`None`: fewer than eight bytes).
pub fn time_of_key(k: &[u8]) -> Option<Timestamp> {
    let t: [u8; 8] = k.get(..8)?.try_into().ok()?;
    Some(Timestamp((u64::from_be_bytes(t) ^ (1 << 63)) as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_keys_sort_by_time_and_read_back() {
        let times = [i64::MIN, -5, 0, 3, i64::MAX].map(Timestamp);
        for pair in times.windows(2) {
            assert!(time_key(pair[0]) < time_key(pair[1]));
        }
        for t in times {
            assert_eq!(time_of_key(&time_key(t)), Some(t));
        }
        assert_eq!(time_of_key(&[1, 2]), None);
    }
}

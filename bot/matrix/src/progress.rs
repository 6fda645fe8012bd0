//! A review's progress on Matrix (`Reply::progress`, `Reply::replaces`): the event of the
//! notice answering `!skald review` is remembered under its progress name, and each later
//! notice naming it is sent as an edit of that event (an `m.replace` relation with
//! `m.new_content`, the body prefixed `* ` for clients that do not show edits), as a
//! person's edit shows in every client. A name this process does not know (it restarted,
//! or forgot it: [`skald_port::progress`]) is posted as a new notice, which later ones edit.

use matrix_sdk::ruma::events::room::message::{ReplacementMetadata, RoomMessageEventContent};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, RoomId};
use std::time::{Duration, Instant};

/// How long an edit waits for the event it edits while that is being sent (the answer to
/// the command may still be on its way when the first quarter of the work is done).
pub const SENDING_WAIT: Duration = Duration::from_secs(5);

/// The event posted under a progress name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    /// Its room.
    pub room: OwnedRoomId,
    /// Its event; `None` while it is being sent.
    pub event: Option<OwnedEventId>,
}

/// The events posted under a progress name: shared by the commands' worker and the outlet.
pub type Progress = skald_port::progress::Sent<Posted>;

/// The event in `room` that a reply replacing `key` edits, if this process knows it; an
/// event being sent is waited for (up to [`SENDING_WAIT`]).
pub async fn to_edit(progress: &Progress, key: &str, room: &RoomId) -> Option<OwnedEventId> {
    let until = Instant::now() + SENDING_WAIT;
    loop {
        match progress.find(key, Instant::now()) {
            Some((posted, _)) if posted.room != room => return None,
            Some((
                Posted {
                    event: Some(event), ..
                },
                _,
            )) => return Some(event),
            Some(_) if Instant::now() < until => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            _ => {
                tracing::info!(
                    key,
                    "matrix: a progress message this process does not know; posted anew"
                );
                return None;
            }
        }
    }
}

/// Remembers that the event for `key` in `room` is being sent.
pub fn sending(progress: &Progress, key: &str, room: &RoomId) {
    let posted = Posted {
        room: room.to_owned(),
        event: None,
    };
    progress.remember(key, posted, Instant::now());
}

/// `content` as an edit of `event`: `m.new_content` holds it, the body says `* ` before
/// it. Its mentions are the new content's (none for a notice): an edit pings nobody again.
pub fn edit_of(content: RoomMessageEventContent, event: OwnedEventId) -> RoomMessageEventContent {
    let mut content = content;
    content.relates_to = None;
    content.make_replacement(ReplacementMetadata::new(event, None))
}

/// Remembers `event` in `room` under `key`.
pub fn remember(progress: &Progress, key: &str, room: &RoomId, event: OwnedEventId) {
    let posted = Posted {
        room: room.to_owned(),
        event: Some(event),
    };
    progress.remember(key, posted, Instant::now());
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::events::room::message::{MessageType, Relation};
    use matrix_sdk::ruma::{owned_event_id, room_id};

    #[tokio::test]
    async fn a_progress_notice_is_an_edit_of_the_first_with_the_new_text_inside() {
        let progress = Progress::default();
        let room = room_id!("!games:example.org");
        let first = owned_event_id!("$first:example.org");
        remember(&progress, "review:3:0", room, first.clone());
        assert_eq!(
            to_edit(&progress, "review:3:0", room).await,
            Some(first.clone())
        );
        assert_eq!(
            to_edit(&progress, "review:3:0", room_id!("!other:example.org")).await,
            None
        );
        assert_eq!(to_edit(&progress, "review:4:0", room).await, None);
        // An answer being sent is waited for.
        sending(&progress, "review:5:0", room);
        let later = owned_event_id!("$later:example.org");
        let (found, ()) = tokio::join!(to_edit(&progress, "review:5:0", room), async {
            tokio::time::sleep(Duration::from_millis(120)).await;
            remember(&progress, "review:5:0", room, later.clone());
        });
        assert_eq!(found, Some(later));
        let notice =
            RoomMessageEventContent::notice_html("Reviewing: 50% done", "Reviewing: 50% done");
        let edit = edit_of(notice, first.clone());
        assert!(matches!(edit.msgtype, MessageType::Notice(_)));
        assert_eq!(edit.body(), "* Reviewing: 50% done");
        match edit.relates_to {
            Some(Relation::Replacement(r)) => {
                assert_eq!(r.event_id, first);
                assert_eq!(r.new_content.msgtype.body(), "Reviewing: 50% done");
                assert!(matches!(r.new_content.msgtype, MessageType::Notice(_)));
            }
            other => panic!("not an edit: {other:?}"),
        }
    }
}

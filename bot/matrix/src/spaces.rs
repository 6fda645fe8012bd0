//! Matrix spaces as communities: a room listed as a child (`m.space.child` with a `via`) of
//! a space named in a `[[community]]`'s `matrix_spaces` speaks for that community, so its
//! commands carry the space's id as their scope. The list is the space's own state, kept
//! current by the sync (the bot must be in the space; it accepts the invite as any other):
//! only the space's admins decide which rooms belong, never a room claiming a parent.

use matrix_sdk::ruma::events::SyncStateEvent;
use matrix_sdk::ruma::events::space::child::SpaceChildEventContent;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use matrix_sdk::{Client, deserialized_responses::RawSyncOrStrippedState};

/// The spaces of every `[[community]]`, as configured.
#[derive(Clone, Debug, Default)]
pub struct Spaces(Vec<OwnedRoomId>);

impl Spaces {
    /// The configured space ids (already checked by the configuration; any that does not
    /// parse is left out with a warning).
    pub fn new(ids: &[String]) -> Spaces {
        Spaces(
            ids.iter()
                .filter_map(|id| match RoomId::parse(id) {
                    Ok(id) => Some(id),
                    Err(e) => {
                        tracing::warn!(space = %id, error = %e, "matrix: not a space id, ignored");
                        None
                    }
                })
                .collect(),
        )
    }

    /// The scope of a command typed in `room`: the first configured space listing it as a
    /// child, else the room itself.
    pub async fn scope_of(&self, client: &Client, room: &RoomId) -> String {
        for space in &self.0 {
            if lists(client, space, room).await {
                return space.to_string();
            }
        }
        room.to_string()
    }
}

/// Whether `space` (a room the bot is in) lists `room` as a child: a current
/// `m.space.child` event for it whose `via` is not empty (an empty one is a removal).
async fn lists(client: &Client, space: &RoomId, room: &RoomId) -> bool {
    let Some(space_room) = client.get_room(space) else {
        return false;
    };
    match space_room
        .get_state_event_static_for_key::<SpaceChildEventContent, _>(room)
        .await
    {
        Ok(Some(RawSyncOrStrippedState::Sync(raw))) => match raw.deserialize() {
            Ok(SyncStateEvent::Original(ev)) => !ev.content.via.is_empty(),
            _ => false,
        },
        Ok(_) => false,
        Err(e) => {
            tracing::warn!(space = %space, error = %e, "matrix: cannot read a space's rooms");
            false
        }
    }
}

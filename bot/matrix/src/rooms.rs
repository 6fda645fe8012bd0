//! Rooms and people: invites are accepted (with retries), the direct room with a player is
//! found or created on first need and reused, and Matrix ids are turned into the session's
//! user ids (`@alice:example.org` is `matrix:alice:example.org`, so a typed mention
//! `@alice:example.org` names the same user).

use matrix_sdk::ruma::api::client::receipt::create_receipt::v3::ReceiptType;
use matrix_sdk::ruma::events::direct::DirectEventContent;
use matrix_sdk::ruma::events::receipt::ReceiptThread;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::{EventId, OwnedRoomId, RoomId, UserId};
use matrix_sdk::{Client, Room};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// How many times a failing join is tried again (waiting 2, 4, 8, ... seconds).
const JOIN_RETRIES: u32 = 8;

/// The session's id of a Matrix user: the Matrix id without its leading `@`.
pub fn session_id(user: &UserId) -> &str {
    user.as_str().trim_start_matches('@')
}

/// The Matrix id of a session user id (see [`session_id`]).
pub fn matrix_id(id: &str) -> Option<matrix_sdk::ruma::OwnedUserId> {
    UserId::parse(format!("@{id}")).ok()
}

/// The name to show for `user` in `room`: their display name, else their localpart.
pub async fn display_name(room: &Room, user: &UserId) -> String {
    match room.get_member_no_sync(user).await {
        Ok(Some(member)) => member.name().to_string(),
        _ => user.localpart().to_string(),
    }
}

/// Accepts an invite for the bot, trying again with growing waits while the server fails.
pub async fn on_invite(ev: StrippedRoomMemberEvent, room: Room, client: Client) {
    if ev.content.membership != MembershipState::Invite
        || client.user_id() != Some(ev.state_key.as_ref())
    {
        return;
    }
    let direct = ev.content.is_direct == Some(true);
    tokio::spawn(async move {
        let mut wait = Duration::from_secs(2);
        for attempt in 0..=JOIN_RETRIES {
            // Joining a direct room rewrites the bot's `m.direct` list: one at a time.
            let listing = DIRECT_LIST.lock().await;
            let joined = room.join().await;
            if joined.is_ok() && direct {
                wait_listed(&client, room.room_id()).await;
            }
            drop(listing);
            match joined {
                Ok(()) => {
                    tracing::info!(room = %room.room_id(), "matrix: joined after an invite");
                    return;
                }
                Err(e) if attempt < JOIN_RETRIES => {
                    tracing::warn!(room = %room.room_id(), error = %e, "matrix: join failed; trying again");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                Err(e) => {
                    tracing::error!(room = %room.room_id(), error = %e, "matrix: giving up joining")
                }
            }
        }
    });
}

/// Marks `event` (a command handled) as read by the bot, in the background: the sender's
/// client shows it was seen.
pub fn mark_read(room: &Room, event: &EventId) {
    let room = room.clone();
    let event = event.to_owned();
    tokio::spawn(async move {
        if let Err(e) = room
            .send_single_receipt(ReceiptType::Read, ReceiptThread::Unthreaded, event)
            .await
        {
            tracing::debug!(room = %room.room_id(), error = %e, "matrix: cannot send a read receipt");
        }
    });
}

/// Held while the bot's `m.direct` list (its direct rooms) is changed. The SDK marks a
/// direct room by writing the whole list as its local copy has it (joining an invite marked
/// direct, or making a direct room), and that copy is updated only when the sync brings the
/// write back: two invites accepted at once (players who opened direct rooms while the bot
/// was down) would each write the list without the other's room, and the lost room would
/// then be taken for a shared one (its private input refused, private parts sent to
/// another room). So one change at a time, each waiting until the sync brought it back.
static DIRECT_LIST: Mutex<()> = Mutex::const_new(());

/// How long a change of the `m.direct` list waits to come back through the sync.
const LISTED_WITHIN: Duration = Duration::from_secs(10);

/// Whether the bot's local copy of its `m.direct` list holds `room`.
async fn listed_as_direct(client: &Client, room: &RoomId) -> bool {
    match client.account().account_data::<DirectEventContent>().await {
        Ok(Some(raw)) => raw
            .deserialize()
            .is_ok_and(|list| list.values().any(|rooms| rooms.iter().any(|r| r == room))),
        _ => false,
    }
}

/// Waits (at most [`LISTED_WITHIN`]) until the sync brought back `room` in the bot's
/// `m.direct` list, so the next change starts from a list that holds it.
async fn wait_listed(client: &Client, room: &RoomId) {
    let start = tokio::time::Instant::now();
    while !listed_as_direct(client, room).await {
        if start.elapsed() >= LISTED_WITHIN {
            tracing::warn!(room = %room, "matrix: the direct room list did not come back in time");
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How long a private part waits for its reader to join a new direct room.
const JOIN_WAIT: Duration = Duration::from_secs(3600);

/// Whether `user` has joined `room` (as far as the bot's sync knows).
pub async fn has_joined(room: &Room, user: &UserId) -> bool {
    matches!(
        room.get_member_no_sync(user).await,
        Ok(Some(m)) if *m.membership() == MembershipState::Join
    )
}

/// Waits (at most an hour) until `user` has joined `room`; false if they never do.
pub async fn wait_joined(room: &Room, user: &UserId) -> bool {
    let start = tokio::time::Instant::now();
    while start.elapsed() < JOIN_WAIT {
        if has_joined(room, user).await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    false
}

/// The direct rooms the bot made this run, so two private parts in a row reuse one room
/// before the server's `m.direct` list has come back through the sync.
#[derive(Clone, Default)]
pub struct DirectRooms(Arc<Mutex<HashMap<String, OwnedRoomId>>>);

impl DirectRooms {
    /// The direct room with `user`: one made earlier (this run or before), else a new
    /// encrypted one inviting them.
    pub async fn get(&self, client: &Client, user: &UserId) -> Result<Room, String> {
        let mut known = self.0.lock().await;
        if let Some(id) = known.get(user.as_str())
            && let Some(room) = client.get_room(id)
        {
            return Ok(room);
        }
        if let Some(room) = client.get_dm_room(user) {
            known.insert(user.to_string(), room.room_id().to_owned());
            return Ok(room);
        }
        let listing = DIRECT_LIST.lock().await;
        let room = client
            .create_dm(user)
            .await
            .map_err(|e| format!("cannot open a direct room with {user}: {e}"))?;
        wait_listed(client, room.room_id()).await;
        drop(listing);
        tracing::info!(user = %user, room = %room.room_id(), "matrix: opened a direct room");
        known.insert(user.to_string(), room.room_id().to_owned());
        Ok(room)
    }
}

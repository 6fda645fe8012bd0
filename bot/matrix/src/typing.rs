//! The bot "typing" in a room while the built-in engine thinks about its move there: started
//! after an answer that gave the engine the turn, renewed while the turn lasts, and stopped
//! when the engine's move is posted (see [`super::outlet`]).

use matrix_sdk::Room;
use skald_session::Session;
use std::sync::Arc;
use std::time::Duration;

/// How often the notice is renewed (the sdk sends at most one every 4 s, its lifetime).
const RENEW: Duration = Duration::from_secs(2);

/// The longest the bot shows itself typing for one turn.
const LONGEST: Duration = Duration::from_secs(300);

/// Shows the bot typing in `room` for as long as the engine has a turn there, in the
/// background.
pub fn while_engine_thinks(session: &Arc<Session>, room: &Room) {
    let session = session.clone();
    let room = room.clone();
    tokio::spawn(async move {
        let start = tokio::time::Instant::now();
        let mut typing = false;
        while start.elapsed() < LONGEST && engine_to_move(&session, &room).await {
            if let Err(e) = room.typing_notice(true).await {
                tracing::debug!(room = %room.room_id(), error = %e, "matrix: cannot show typing");
                return;
            }
            typing = true;
            tokio::time::sleep(RENEW).await;
        }
        if typing {
            stop(&room).await;
        }
    });
}

/// Stops the typing notice in `room` (the engine's move is posted).
pub async fn stop(room: &Room) {
    if let Err(e) = room.typing_notice(false).await {
        tracing::debug!(room = %room.room_id(), error = %e, "matrix: cannot stop typing");
    }
}

/// Whether the engine has a turn in a game played in `room`.
async fn engine_to_move(session: &Arc<Session>, room: &Room) -> bool {
    let session = session.clone();
    let channel = room.room_id().to_string();
    tokio::task::spawn_blocking(move || {
        session
            .engine_turns()
            .is_ok_and(|turns| turns.iter().any(|t| t.ctx.channel.0 == channel))
    })
    .await
    .unwrap_or(false)
}

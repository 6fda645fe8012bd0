//! The Matrix adapter (feature `matrix`): players type `!skald <command>` (or mention the
//! bot) in any room the bot is in, and the session's replies come back as messages, board
//! images, mentions and direct-room messages. Only translation happens here: every decision
//! is the session's. Modules: [`login`] (the account and the sdk's stores), [`rooms`]
//! (invites, direct rooms, who is who), [`spaces`] (configured spaces' rooms as one
//! community), [`commands`] (which messages are commands),
//! [`deliver`] (replies as Matrix events) and [`outlet`] (the background loop's notices).

pub mod commands;
pub mod deliver;
pub mod login;
pub mod outlet;
pub mod rooms;
pub mod spaces;

use crate::config::MatrixSection;
use crate::runtime::serve::{Running, Shared};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    OriginalSyncRoomMessageEvent, RoomMessageEventContent,
};
use matrix_sdk::{Client, Room};
use skald_session::{Context, User};
use std::path::Path;
use std::sync::Arc;
use tokio::sync::mpsc;

/// The platform name in the session's user ids (`matrix:alice:example.org`).
pub const PLATFORM: &str = "matrix";

/// One command waiting for the session, in arrival order.
struct Incoming {
    room: Room,
    ctx: Context,
    line: String,
}

/// Logs in (the sdk's files go into `<data>/matrix/`), skips what was said before start-up,
/// and answers commands on the process's shared session until [`Running::stop`].
pub async fn start(
    section: &MatrixSection,
    spaces: spaces::Spaces,
    data: &Path,
    shared: &Shared,
) -> Result<Running, String> {
    let session = shared.session.clone();
    let client = login::connect(section, &data.join("matrix")).await?;
    let me = client
        .user_id()
        .ok_or("the homeserver did not say who the bot is")?
        .to_owned();
    tracing::info!(user = %me, "matrix: logged in");
    let prefix = section
        .prefix
        .clone()
        .unwrap_or_else(|| "!skald".to_string());
    let dms = rooms::DirectRooms::default();

    client.add_event_handler(
        |ev: StrippedRoomMemberEvent, room: Room, client: Client| async move {
            rooms::on_invite(ev, room, client).await;
        },
    );
    // Everything already in the rooms before start-up is skipped: handlers for messages are
    // added only after this first sync.
    let first = client
        .sync_once(SyncSettings::default())
        .await
        .map_err(|e| format!("the first sync with the homeserver failed: {e}"))?;
    let started = matrix_sdk::ruma::MilliSecondsSinceUnixEpoch::now();

    let (tx, mut rx) = mpsc::unbounded_channel::<Incoming>();
    {
        let me = me.clone();
        let prefix = prefix.clone();
        client.add_event_handler(
            move |ev: OriginalSyncRoomMessageEvent, room: Room, client: Client| {
                let tx = tx.clone();
                let me = me.clone();
                let prefix = prefix.clone();
                let spaces = spaces.clone();
                async move {
                    if ev.sender == me || ev.origin_server_ts < started {
                        return;
                    }
                    let Some(line) = commands::command_line(&ev.content, &me, &prefix) else {
                        return;
                    };
                    let name = rooms::display_name(&room, &ev.sender).await;
                    let user = User::new(PLATFORM, rooms::session_id(&ev.sender), &name);
                    let room_id = room.room_id().to_string();
                    let scope = spaces.scope_of(&client, room.room_id()).await;
                    // Only a direct room with the bot is private: the session refuses secret
                    // input (a Subulata player's values) anywhere else.
                    let ctx = if room.is_direct().await.unwrap_or(false) {
                        Context::private(user, &scope, &room_id)
                    } else {
                        Context::new(user, &scope, &room_id)
                    };
                    let _ = tx.send(Incoming { room, ctx, line });
                }
            },
        );
    }

    // One worker handles commands in arrival order, so replies keep the order of commands;
    // it wakes the background loop once an answer is out, so an engine move it made possible
    // follows the answer.
    let worker = {
        let engine = shared.engine.clone();
        let gate = shared.gate.clone();
        let router = shared.router.clone();
        let client = client.clone();
        let dms = dms.clone();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let Incoming { room, ctx, line } = cmd;
                let Some(_pass) = gate.enter().await else {
                    let closed =
                        RoomMessageEventContent::notice_plain(crate::runtime::gate::CLOSED);
                    if let Err(e) = room.send(closed).await {
                        tracing::warn!(error = %e, "matrix: cannot send a reply");
                    }
                    continue;
                };
                let s = session.clone();
                tracing::debug!(room = %ctx.channel, user = %ctx.user.id, "matrix: command");
                let mut reply =
                    match tokio::task::spawn_blocking(move || s.handle(&ctx, &line)).await {
                        Ok(r) => r,
                        Err(e) => {
                            tracing::error!(error = %e, "matrix: the session task failed");
                            continue;
                        }
                    };
                deliver::deliver(&client, &dms, &room, &reply).await;
                router.forward(std::mem::take(&mut reply.elsewhere));
                engine.notify_one();
            }
        })
    };
    let outlet = Arc::new(outlet::MatrixOutlet {
        client: client.clone(),
        dms,
    });
    tracing::info!("matrix: ready, listening for commands");
    let sync = tokio::spawn(async move {
        client
            .sync(SyncSettings::default().token(first.next_batch))
            .await
            .map_err(|e| format!("the sync with the homeserver stopped: {e}"))
    });
    let sync_abort = sync.abort_handle();
    Ok(Running {
        finite: false,
        outlet,
        done: sync,
        stop: Box::new(move || {
            Box::pin(async move {
                sync_abort.abort();
                worker.abort();
                tracing::info!("matrix: stopped syncing");
            })
        }),
    })
}

//! The Matrix adapter (feature `matrix`): players type `!skald <command>` (or mention the
//! bot) in any room the bot is in, and the session's replies come back as messages, board
//! images, mentions and direct-room messages. Only translation happens here: every decision
//! is the session's. Modules: [`login`] (the account and the sdk's stores), [`rooms`]
//! (invites, direct rooms, who is who), [`commands`] (which messages are commands),
//! [`deliver`] (replies as Matrix events) and [`scheduler`] (deadline notices).

pub mod commands;
pub mod deliver;
pub mod login;
pub mod rooms;
pub mod scheduler;

use crate::config::{ClockSection, MatrixSection};
use crate::runtime::fake_time::AdapterClock;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    OriginalSyncRoomMessageEvent, RoomMessageEventContent,
};
use matrix_sdk::{Client, Room};
use skald_session::dice_rng::dice_rng;
use skald_session::{Context, Session, SessionConfig, User};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::mpsc;

/// The platform name in the session's user ids (`matrix:alice:example.org`).
pub const PLATFORM: &str = "matrix";

/// What the adapter needs to run.
#[derive(Debug)]
pub struct MatrixOptions {
    /// The sled data directory; the sdk's files go into its `matrix/` subdirectory.
    pub data: PathBuf,
    /// Session settings.
    pub session: SessionConfig,
    /// `[clock]`: the system clock, or a fake one for tests and demos.
    pub clock: ClockSection,
}

/// One command waiting for the session, in arrival order.
struct Incoming {
    room: Room,
    ctx: Context,
    line: String,
}

/// Runs the Matrix adapter until the process is stopped (or the homeserver refuses us).
pub fn run(section: &MatrixSection, opts: &MatrixOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(run_async(section, opts))
}

async fn run_async(section: &MatrixSection, opts: &MatrixOptions) -> Result<(), String> {
    let store = crate::runtime::open_store(&opts.data)?;
    let clock = Arc::new(AdapterClock::new(&opts.clock, &opts.data, &store)?);
    let session = Arc::new(
        Session::new(store, clock.clock(), dice_rng(None)?, opts.session.clone())
            .map_err(|e| e.to_string())?,
    );
    let client = login::connect(section, &opts.data.join("matrix")).await?;
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
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let tx = tx.clone();
            let me = me.clone();
            let prefix = prefix.clone();
            async move {
                if ev.sender == me || ev.origin_server_ts < started {
                    return;
                }
                let Some(line) = commands::command_line(&ev.content, &me, &prefix) else {
                    return;
                };
                if commands::is_arrange(&line) && !room.is_direct().await.unwrap_or(false) {
                    // Refused here so the values typed in a shared room are not the ones
                    // used: the player learns to send them in their direct room.
                    let text = "⚠ send `arrange` in your direct room with me (the one where your values arrive), so nobody else sees your values; nothing was changed";
                    if let Err(e) = room.send(RoomMessageEventContent::text_plain(text)).await {
                        tracing::warn!(error = %e, "matrix: cannot send a reply");
                    }
                    return;
                }
                let name = rooms::display_name(&room, &ev.sender).await;
                let user = User::new(PLATFORM, rooms::session_id(&ev.sender), &name);
                let room_id = room.room_id().to_string();
                let ctx = Context::new(user, &room_id, &room_id);
                let _ = tx.send(Incoming { room, ctx, line });
            }
        });
    }

    // Wakes the scheduler to play the engine's moves once a command's answer is out, so the
    // engine's move follows the answer that gave it the turn.
    let engine = Arc::new(tokio::sync::Notify::new());
    // One worker handles commands in arrival order, so replies keep the order of commands.
    let worker = {
        let engine = engine.clone();
        let session = session.clone();
        let client = client.clone();
        let dms = dms.clone();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let s = session.clone();
                let Incoming { room, ctx, line } = cmd;
                tracing::debug!(room = %ctx.channel, user = %ctx.user.id, "matrix: command");
                let reply = match tokio::task::spawn_blocking(move || s.handle(&ctx, &line)).await {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::error!(error = %e, "matrix: the session task failed");
                        continue;
                    }
                };
                deliver::deliver(&client, &dms, &room, &reply).await;
                engine.notify_one();
            }
        })
    };
    let sched = tokio::spawn(scheduler::run(
        session.clone(),
        clock,
        client.clone(),
        dms.clone(),
        engine,
    ));

    tracing::info!("matrix: ready, listening for commands");
    let sync = client.sync(SyncSettings::default().token(first.next_batch));
    let result = tokio::select! {
        r = sync => r.map_err(|e| format!("the sync with the homeserver stopped: {e}")),
        _ = stop_signal() => Ok(()),
    };
    sched.abort();
    worker.abort();
    session.heartbeat(session.now());
    session.store().flush().map_err(|e| e.to_string())?;
    result
}

/// Waits for Ctrl-C or (on Unix) SIGTERM, so a service manager's stop flushes the store.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

//! The Matrix adapter (feature `matrix`): players type `!skald <command>` (or mention the
//! bot) in any room the bot is in, and the session's replies come back as messages, board
//! images, mentions and direct-room messages. Only translation happens here: every decision
//! is the session's. Modules: [`login`] (the account and the sdk's stores), [`rooms`]
//! (invites, direct rooms, who is who, read receipts), [`spaces`] (configured spaces'
//! rooms as one community), [`commands`] (which messages are
//! commands), [`names`] (people named as typed, found among the room's members),
//! [`deliver`] (replies as Matrix events, as replies to their command), [`html`] (the text
//! as HTML), [`typing`] (the typing notice while the engine thinks), [`progress`] (the
//! notices a review's progress edits) and [`outlet`] (the background loop's notices).

#![warn(missing_docs)]
// matrix-sdk's sync future is deep: proving it `Send` (to spawn it) needs more than the default 128.
#![recursion_limit = "256"]

pub mod commands;
pub mod deliver;
pub mod html;
pub mod login;
pub mod names;
pub mod outlet;
pub mod progress;
pub mod rooms;
pub mod spaces;
pub mod typing;

use deliver::{AnswerTo, Delivery};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{OriginalSyncRoomMessageEvent, Relation};
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::{Int, MilliSecondsSinceUnixEpoch, UInt, UserId};
use matrix_sdk::store::StateStoreDataKey;
use matrix_sdk::{Client, Room};
use skald_port::sections::MatrixSection;
use skald_port::{Running, Shared};
use skald_session::chat_message::Message;
use skald_session::{Context, Reply, Session, User};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

/// The platform name in the session's user ids (`matrix:alice:example.org`).
pub const PLATFORM: &str = "matrix";

/// One command waiting for the session, in arrival order.
struct Incoming {
    room: Room,
    ctx: Context,
    line: String,
    /// The message, as the session's record of handled messages knows it.
    msg: Message,
    /// How the answer is shown (which event it replies to, boards as text).
    how: Delivery,
}

/// How many of a room's latest events one sync brings: after a restart, the commands sent
/// while the bot was down are read from these.
const TIMELINE_LIMIT: u32 = 50;

/// The shortest time between two syncs: the homeserver answers at once when events are
/// waiting, so this only guards against a server that does not wait at all.
const MIN_SYNC_INTERVAL: Duration = Duration::from_millis(20);

/// How long the homeserver may hold a sync open when nothing happens.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

/// Logs in (the sdk's files go into `<data>/matrix/`), and answers commands on the
/// process's shared session until [`Running::stop`]. At the very first start the rooms'
/// history is skipped; after a restart the first sync brings what was said while the bot was
/// down, which is answered (up to `answer_missed_for` old).
pub async fn start(
    section: &MatrixSection,
    spaces: spaces::Spaces,
    data: &Path,
    shared: &Shared,
) -> Result<Running, String> {
    let session = shared.session.clone();
    let max_age = missed_max_age(section)?;
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
    let edited = Arc::new(progress::Progress::default());

    client.add_event_handler(
        |ev: StrippedRoomMemberEvent, room: Room, client: Client| async move {
            rooms::on_invite(ev, room, client).await;
        },
    );
    // A sync position kept from an earlier run: the first sync brings what was said since.
    let resuming = matches!(
        client
            .state_store()
            .get_kv_data(StateStoreDataKey::SyncToken)
            .await,
        Ok(Some(_))
    );
    let started = MilliSecondsSinceUnixEpoch::now();
    // Until the first sync is done (when resuming), events from before the start are
    // commands missed while the bot was down; after it, they are a newly joined room's
    // history, which is not addressed to the bot.
    let catching_up = Arc::new(AtomicBool::new(resuming));

    let (tx, mut rx) = mpsc::unbounded_channel::<Incoming>();
    let notices_prefix = prefix.clone();
    let on_message = {
        let me = me.clone();
        let catching_up = catching_up.clone();
        move |ev: OriginalSyncRoomMessageEvent, room: Room, client: Client| {
            let tx = tx.clone();
            let me = me.clone();
            let prefix = prefix.clone();
            let catching_up = catching_up.clone();
            let spaces = spaces.clone();
            async move {
                if ev.sender == me
                    || (ev.origin_server_ts < started && !catching_up.load(Ordering::SeqCst))
                {
                    return;
                }
                let scope = spaces.scope_of(&client, room.room_id()).await;
                if let Some(incoming) = incoming(ev, room, &me, &prefix, max_age, &scope).await {
                    let _ = tx.send(incoming);
                }
            }
        }
    };
    let settings = SyncSettings::default()
        .filter(sync_filter())
        .timeout(SYNC_TIMEOUT);
    if resuming {
        client.add_event_handler(on_message);
        // Without waiting: Synapse keeps a sync's answer for two minutes for a client that
        // asks the same again, and the killed process's last long poll (same position, same
        // timeout) may have been answered with only the first of the missed messages.
        client
            .sync_once(settings.clone().timeout(Duration::ZERO))
            .await
            .map_err(|e| format!("the first sync with the homeserver failed: {e}"))?;
    } else {
        // The very first start: everything already in the rooms is skipped (the handler
        // for messages is added only after this sync).
        client
            .sync_once(settings.clone())
            .await
            .map_err(|e| format!("the first sync with the homeserver failed: {e}"))?;
        client.add_event_handler(on_message);
    }
    catching_up.store(false, Ordering::SeqCst);

    // One worker handles commands in arrival order, so replies keep the order of commands;
    // it wakes the background loop once an answer is out, so an engine move it made possible
    // follows the answer.
    let worker = {
        let engine = shared.engine.clone();
        let gate = shared.gate.clone();
        let router = shared.router.clone();
        let client = client.clone();
        let dms = dms.clone();
        let edited = edited.clone();
        let me = me.clone();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let Some(_pass) = gate.enter().await else {
                    let closed = skald_port::gate::closed_reply(&session, &cmd.ctx);
                    deliver::deliver(&client, &dms, &edited, &cmd.room, &closed, &cmd.how).await;
                    continue;
                };
                if let Some(mut reply) = answer(&session, &me, &cmd).await {
                    deliver::deliver(&client, &dms, &edited, &cmd.room, &reply, &cmd.how).await;
                    router.forward(std::mem::take(&mut reply.elsewhere));
                    engine.notify_one();
                    if !reply.boards.is_empty() {
                        typing::while_engine_thinks(&session, &cmd.room);
                    }
                }
                if let Some(to) = &cmd.how.answer_to {
                    rooms::mark_read(&cmd.room, &to.event);
                }
            }
        })
    };
    let outlet = Arc::new(outlet::MatrixOutlet {
        client: client.clone(),
        dms,
        prefix: notices_prefix,
        edited,
        session: shared.session.clone(),
    });
    tracing::info!("matrix: ready, listening for commands");
    let sync = tokio::spawn(async move { sync_forever(&client, settings).await });
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

/// The oldest a missed command may be and still run (`answer_missed_for`, default 24 hours).
fn missed_max_age(section: &MatrixSection) -> Result<Duration, String> {
    let text = section.answer_missed_for.as_deref().unwrap_or("24h");
    skald_session::clock::parse_duration(text)
        .and_then(|secs| u64::try_from(secs).ok())
        .map(Duration::from_secs)
        .ok_or_else(|| {
            format!(
                "[matrix] answer_missed_for = \"{text}\" is not a duration; write it like \"24h\", \"90m\" or \"2d\""
            )
        })
}

/// What every sync asks for: up to [`TIMELINE_LIMIT`] events per room.
fn sync_filter() -> Filter {
    let mut filter = FilterDefinition::empty();
    filter.room.timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
    Filter::FilterDefinition(filter)
}

/// Syncs until the homeserver fails: each sync starts as soon as the last one is processed
/// (the sdk's own loop waits a second between quick syncs, which delayed every answer), so a
/// command is read as soon as the homeserver has it.
async fn sync_forever(client: &Client, settings: SyncSettings) -> Result<(), String> {
    loop {
        let began = tokio::time::Instant::now();
        client
            .sync_once(settings.clone())
            .await
            .map_err(|e| format!("the sync with the homeserver stopped: {e}"))?;
        let spent = began.elapsed();
        if spent < MIN_SYNC_INTERVAL {
            tokio::time::sleep(MIN_SYNC_INTERVAL - spent).await;
        }
    }
}

/// The command in a message, ready for the worker: `None` when the message is not for the
/// bot (not a command, or an edit of something else into something that is not one).
async fn incoming(
    ev: OriginalSyncRoomMessageEvent,
    room: Room,
    me: &UserId,
    prefix: &str,
    max_age: Duration,
    scope: &str,
) -> Option<Incoming> {
    let edit = match &ev.content.relates_to {
        Some(Relation::Replacement(r)) => Some(r.clone()),
        _ => None,
    };
    let (content, edits) = match edit {
        Some(r) => (r.new_content.with_relation(None), Some(r.event_id)),
        None => (ev.content.clone(), None),
    };
    let line = commands::command_line(&content, me, prefix)?;
    let name = rooms::display_name(&room, &ev.sender).await;
    let user = User::new(PLATFORM, rooms::session_id(&ev.sender), &name);
    let room_id = room.room_id().to_string();
    // Only a direct room with the bot is private: the session refuses secret input (a
    // Subulata player's values) anywhere else.
    let direct = room.is_direct().await.unwrap_or(false);
    let mut ctx = if direct {
        Context::private(user, scope, &room_id)
    } else {
        Context::new(user, scope, &room_id)
    };
    // A room's admins are those whose power level lets them change its settings (50, the
    // moderators' level, or more; a room's creators from room version 12 on).
    ctx.admin = match room.power_levels_or_default().await.for_user(&ev.sender) {
        UserPowerLevel::Infinite => true,
        UserPowerLevel::Int(level) => level >= Int::from(50u8),
        // A kind of power level newer than this client knows: not taken as an admin.
        _ => false,
    };
    let sent = u64::from(ev.origin_server_ts.get());
    let now = u64::from(MilliSecondsSinceUnixEpoch::now().get());
    // An edit's original is dated by the homeserver (from the room's cache when it is
    // there): the session does not run an edit of a message older than its records.
    let original_age = match &edits {
        Some(id) => room
            .load_or_fetch_event(id, None)
            .await
            .ok()
            .and_then(|e| e.timestamp())
            .map(|t| Duration::from_millis(now.saturating_sub(u64::from(t.get())))),
        None => None,
    };
    let msg = Message {
        id: format!("{PLATFORM}:{}", ev.event_id),
        edits: edits.as_ref().map(|id| format!("{PLATFORM}:{id}")),
        original_age,
        age: Duration::from_millis(now.saturating_sub(sent)),
        max_age,
    };
    // An edit is answered as a reply to the message it corrects.
    let answered = edits.unwrap_or_else(|| ev.event_id.clone());
    let thread = match &ev.content.relates_to {
        Some(Relation::Thread(t)) => Some(t.event_id.clone()),
        _ => None,
    };
    Some(Incoming {
        room,
        ctx,
        line,
        msg,
        how: Delivery {
            answer_to: Some(AnswerTo {
                event: answered,
                thread,
            }),
            prefix: prefix.to_string(),
            direct,
            once: None,
        },
    })
}

/// The session's answer to one command (`None`: nothing to say, see
/// [`Session::handle_message`]): the people it names are found in the room first.
async fn answer(session: &Arc<Session>, me: &UserId, cmd: &Incoming) -> Option<Reply> {
    let knows = |name: &str| session.knows_player_named(name);
    let line = match names::resolve(&cmd.room, me, &cmd.line, &knows).await {
        Ok(line) => line,
        Err(refusal) => {
            let mut reply = Reply::refused(refusal);
            session.set_languages(&mut reply, &cmd.ctx);
            return Some(reply);
        }
    };
    let s = session.clone();
    let ctx = cmd.ctx.clone();
    let msg = cmd.msg.clone();
    tracing::debug!(room = %ctx.channel, user = %ctx.user.id, "matrix: command");
    match tokio::task::spawn_blocking(move || s.handle_message(&ctx, &msg, &line)).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(error = %e, "matrix: the session task failed");
            None
        }
    }
}

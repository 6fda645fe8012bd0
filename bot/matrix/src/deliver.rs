//! Replies as Matrix events. An answer to a command is a Matrix reply to it (in its thread
//! when it was sent in one). The channel text is one message: an `m.notice` (shown as a
//! bot's, ignored by other bots), or an `m.text` when it must notify someone (a challenge
//! to them, their turn, a reminder), with `m.mentions` plus a pill per user so the default
//! push rules notify them. Its HTML body keeps the text's code spans, lines and indentation.
//! Each board is an `m.image` (uploaded with `send_attachment`, width, height and size set)
//! whose body is the board's one-line alt text; asked for as text (`board text`), a board
//! is a notice holding the text board instead. A file (`export`'s record, `replay`'s GIF) is
//! an `m.file` or an `m.image`, made within the homeserver's upload limit. Each private part
//! goes to the direct room with its reader.

use super::html;
use super::progress;
use super::rooms::{self, DirectRooms};
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseFileInfo, BaseImageInfo};
use matrix_sdk::room::reply::{EnforceThread, Reply as SdkReply};
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::relation::{InReplyTo, Thread};
use matrix_sdk::ruma::events::room::message::{
    AddMentions, Relation, RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId, UInt};
use matrix_sdk::{Client, Room};
use skald_port::once_key::{OnceKey, Parts};
use skald_session::files::File;
use skald_session::{Board, Lang, Reply, ReplyKind, Text, UserId};

/// The command an answer replies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerTo {
    /// The command's event.
    pub event: OwnedEventId,
    /// The root of the thread it was sent in, if it was.
    pub thread: Option<OwnedEventId>,
}

impl AnswerTo {
    /// The relation making `content` a reply to the command.
    fn relation(
        &self,
    ) -> Relation<matrix_sdk::ruma::events::room::message::RoomMessageEventContentWithoutRelation>
    {
        match &self.thread {
            Some(root) => Relation::Thread(Thread::reply(root.clone(), self.event.clone())),
            None => Relation::Reply(matrix_sdk::ruma::events::relation::Reply::new(
                InReplyTo::new(self.event.clone()),
            )),
        }
    }

    /// The sdk's reply settings for an attachment (it follows the command's thread).
    fn for_attachment(&self) -> SdkReply {
        SdkReply {
            event_id: self.event.clone(),
            enforce_thread: EnforceThread::MaybeThreaded,
            add_mentions: AddMentions::No,
        }
    }
}

/// How a reply is shown: which command it answers (none for the background loop's notices)
/// and whether its boards are wanted as text.
#[derive(Clone, Debug, Default)]
pub struct Delivery {
    /// The command answered, if any.
    pub answer_to: Option<AnswerTo>,
    /// The prefix commands start with in a room (`!skald`): the commands a text names are
    /// written with it, as a Matrix player types them.
    pub prefix: String,
    /// Whether the command came from the speaker's direct room with the bot: everything
    /// posted there is theirs alone, so it is in their language.
    pub direct: bool,
    /// For a notice from the outbox: its key, which makes each event's transaction id, so
    /// the homeserver shows the notice once even if it is posted again after a crash.
    pub once: Option<OnceKey>,
}

/// The commands a session text names (between backticks: `accept #1`, a usage line), written
/// as a Matrix player types them: after the prefix (`!skald accept #1`).
pub fn matrix_commands(text: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return text.to_string();
    }
    skald_session::hints::rewrite(text, &mut |n| Some(format!("`{prefix} {}`", n.text)))
}

/// Posts a whole reply: channel text, public boards, then the private parts. A reply
/// replacing an earlier one's text (a review's progress, a daily puzzle's solvers) edits it
/// when `edited` knows it ([`super::progress`]) or the reply names its event
/// ([`Reply::replaces_posted`]); one with a progress name is remembered there. Returns the
/// event of the text posted anew, if any (what a progress name names).
pub async fn deliver(
    client: &Client,
    dms: &DirectRooms,
    edited: &progress::Progress,
    room: &Room,
    reply: &Reply,
    how: &Delivery,
) -> Option<OwnedEventId> {
    if !reply.channel_boards_are_public() {
        // The session guarantees this; refuse to post rather than leak.
        tracing::error!("matrix: a reply carried a private board for the channel; not posted");
        return None;
    }
    let mut posted = None;
    // A room reads the community's language (a direct room, its one reader's); each
    // private part its reader's.
    let lang = if how.direct {
        reply.speaker_lang(None)
    } else {
        reply.channel_lang(None)
    };
    let mut text = matrix_commands(&reply.text.render(lang), &how.prefix);
    if matches!(
        reply.kind,
        ReplyKind::Refused | ReplyKind::Conflict | ReplyKind::Failed
    ) {
        text = format!("⚠ {text}");
    }
    if let Some(list) = numbered_moves(reply, lang) {
        text.push('\n');
        text.push_str(&matrix_commands(&list, &how.prefix));
    }
    let parts = Parts::new(how.once.clone());
    if !text.is_empty() || !reply.notify.is_empty() {
        let mut content = with_mentions(room, &text, &reply.notify).await;
        // A review's progress edits the notice it replaces, when this process knows it.
        let edits = match reply.replaces.as_deref() {
            Some(key) => progress::to_edit(edited, key, room.room_id())
                .await
                .or_else(|| kept_event(reply)),
            None => None,
        };
        if let Some(key) = &reply.progress {
            // Known to be on its way, so a progress notice racing it waits for its event.
            progress::sending(edited, key, room.room_id());
        }
        let is_edit = edits.is_some();
        content = match edits {
            Some(event) => progress::edit_of(content, event),
            None => {
                content.relates_to = how.answer_to.as_ref().map(AnswerTo::relation);
                content
            }
        };
        match send_keyed(room, content, parts.next()).await {
            Ok(event) => {
                // Remembered for the notices to come; a replacement posted anew (its first
                // message unknown here) is what the next ones edit.
                let key = reply.progress.as_ref().or(reply.replaces.as_ref());
                if let Some(key) = key.filter(|_| !is_edit) {
                    progress::remember(edited, key, room.room_id(), event.clone());
                }
                if !is_edit {
                    posted = Some(event);
                }
            }
            Err(e) => {
                tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot send a reply")
            }
        }
    }
    for board in &reply.boards {
        send_board(room, board, how.answer_to.as_ref(), lang, parts.next()).await;
    }
    let any_files = !reply.files.is_empty() || reply.private.iter().any(|p| !p.files.is_empty());
    let limit = if any_files {
        upload_limit(client).await
    } else {
        DEFAULT_UPLOAD_LIMIT
    };
    for file in &reply.files {
        let to = how.answer_to.as_ref();
        send_file(room, file, to, lang, limit, &how.prefix, &parts.group()).await;
    }
    for part in &reply.private {
        let Some(uid) =
            rooms::matrix_id(&part.to.id).filter(|_| part.to.platform == super::PLATFORM)
        else {
            tracing::warn!("matrix: a private part for a user of another platform; not sent");
            continue;
        };
        let dm = match dms.get(client, &uid).await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(error = %e, "matrix: cannot reach a player privately");
                continue;
            }
        };
        // In a direct room the player has not joined yet, the encryption keys would not
        // reach them: wait for the join in the background, not holding up other commands.
        let their = part.lang.unwrap_or(lang);
        let keys = parts.group();
        if rooms::has_joined(&dm, &uid).await {
            send_private(&dm, part, &how.prefix, their, limit, keys).await;
        } else {
            let part = part.clone();
            let prefix = how.prefix.clone();
            tokio::spawn(async move {
                if rooms::wait_joined(&dm, &uid).await {
                    send_private(&dm, &part, &prefix, their, limit, keys).await;
                } else {
                    tracing::warn!(user = %uid, "matrix: the player never joined the direct room; private part dropped");
                }
            });
        }
    }
    posted
}

/// The event a reply replacing an earlier one names, as the session kept it (a daily
/// puzzle's post): edited when this process does not remember it.
fn kept_event(reply: &Reply) -> Option<OwnedEventId> {
    reply
        .replaces_posted
        .as_deref()
        .and_then(|e| OwnedEventId::try_from(e).ok())
}

/// One private part, in the direct room: its text, then its boards and files, each event
/// under the next of `keys`.
async fn send_private(
    dm: &Room,
    part: &skald_session::Private,
    prefix: &str,
    lang: Lang,
    limit: u64,
    keys: Parts,
) {
    let text = matrix_commands(&part.text.render(lang), prefix);
    let content = RoomMessageEventContent::notice_html(&text, html::from_text(&text));
    if let Err(e) = send_keyed(dm, content, keys.next()).await {
        tracing::warn!(error = %e, "matrix: cannot send a private part");
        return;
    }
    for board in &part.boards {
        send_board(dm, board, None, lang, keys.next()).await;
    }
    for file in &part.files {
        send_file(dm, file, None, lang, limit, prefix, &keys.group()).await;
    }
}

/// Sends `content`, with `key` as its transaction id when it has one: the homeserver
/// answers a send repeated with the same id (by this device) with the first event.
async fn send_keyed(
    room: &Room,
    content: RoomMessageEventContent,
    key: Option<OnceKey>,
) -> matrix_sdk::Result<OwnedEventId> {
    let send = room.send(content);
    match key {
        Some(k) => send.with_transaction_id(k.as_str().into()).await,
        None => send.await,
    }
    .map(|sent| sent.response.event_id)
}

/// `config` with `key` as its event's transaction id, as [`send_keyed`] does.
fn keyed(config: AttachmentConfig, key: Option<OnceKey>) -> AttachmentConfig {
    match key {
        Some(k) => config.txn_id(k.as_str().into()),
        None => config,
    }
}

/// The upload limit when the homeserver does not say (its media config cannot be read):
/// 10 MiB, as Discord's, well under Synapse's default of 50 MiB.
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// The homeserver's upload limit (`m.upload.size` of its media config, fetched once and
/// kept by the sdk), else [`DEFAULT_UPLOAD_LIMIT`].
async fn upload_limit(client: &Client) -> u64 {
    match client.load_or_fetch_max_upload_size().await {
        Ok(size) => u64::from(size),
        Err(e) => {
            tracing::warn!(error = %e, "matrix: the homeserver's upload limit is unknown; using 10 MiB");
            DEFAULT_UPLOAD_LIMIT
        }
    }
}

/// Makes one file (a record, a replay) on a blocking thread within `limit` and posts it: a
/// picture as an `m.image`, anything else as an `m.file`, its caption as the body; what the
/// reader should know about it (shortened to fit), or why it is not attached, as a notice.
async fn send_file(
    room: &Room,
    file: &File,
    answer_to: Option<&AnswerTo>,
    lang: Lang,
    limit: u64,
    prefix: &str,
    keys: &Parts,
) {
    let f = file.clone();
    let made = match tokio::task::spawn_blocking(move || f.render(lang, limit)).await {
        Ok(made) => made,
        Err(e) => {
            tracing::warn!(error = %e, "matrix: the file task failed");
            return;
        }
    };
    let notice = |text: Text| {
        let text = matrix_commands(&text.render(lang), prefix);
        let mut content = RoomMessageEventContent::notice_html(&text, html::from_text(&text))
            .add_mentions(Mentions::new());
        content.relates_to = answer_to.map(AnswerTo::relation);
        content
    };
    let ready = match made {
        Ok(ready) => ready,
        Err(why) => {
            if let Err(e) = send_keyed(room, notice(why), keys.next()).await {
                tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot send a reply");
            }
            return;
        }
    };
    if let Some(note) = ready.note.clone()
        && let Err(e) = send_keyed(room, notice(note), keys.next()).await
    {
        tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot send a reply");
    }
    let size = UInt::new(ready.bytes.len() as u64);
    let info = match ready.size {
        Some((w, h)) => AttachmentInfo::Image(BaseImageInfo {
            width: Some(UInt::from(w)),
            height: Some(UInt::from(h)),
            size,
            ..BaseImageInfo::default()
        }),
        None => AttachmentInfo::File(BaseFileInfo { size }),
    };
    let config = AttachmentConfig::new()
        .info(info)
        .caption(Some(TextMessageEventContent::plain(
            file.caption.render(lang),
        )))
        .mentions(Some(Mentions::new()))
        .reply(answer_to.map(AnswerTo::for_attachment));
    let mime: mime::Mime = ready.mime.parse().unwrap_or(mime::APPLICATION_OCTET_STREAM);
    if let Err(e) = room
        .send_attachment(ready.name, &mime, ready.bytes, keyed(config, keys.next()))
        .await
    {
        tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot post a file");
    }
}

/// The channel text as a message: a notice, or, when it pings `users`, a text message
/// with their pills after the text and `m.mentions`, so clients notify them even when the
/// pill's name is not their display name.
pub async fn with_mentions(room: &Room, text: &str, users: &[UserId]) -> RoomMessageEventContent {
    let mut named = Vec::new();
    for user in users {
        let Some(uid) = rooms::matrix_id(&user.id) else {
            continue;
        };
        let name = rooms::display_name(room, &uid).await;
        named.push((uid, name));
    }
    let (plain, html) = mention_bodies(text, &named);
    let ids: Vec<OwnedUserId> = named.into_iter().map(|(uid, _)| uid).collect();
    if ids.is_empty() {
        RoomMessageEventContent::notice_html(plain, html).add_mentions(Mentions::new())
    } else {
        RoomMessageEventContent::text_html(plain, html).add_mentions(Mentions::with_user_ids(ids))
    }
}

/// The plain and HTML bodies of `text` followed by a line per user: their name, and in the
/// HTML a pill linking to them (`<a href="https://matrix.to/#/@bob:x">Bob</a>`, the link
/// written by ruma).
pub fn mention_bodies(text: &str, users: &[(OwnedUserId, String)]) -> (String, String) {
    let mut plain = text.to_string();
    let mut html = html::from_text(text);
    for (uid, name) in users {
        plain.push_str(&format!("\n{name}"));
        html.push_str(&format!(
            "<br><a href=\"{}\">{}</a>",
            html::escape(&uid.matrix_to_uri().to_string()),
            html::escape(name)
        ));
    }
    (plain, html)
}

/// One board as a notice holding its text board (`board text`, text-only clients).
async fn send_text_board(
    room: &Room,
    board: &Board,
    answer_to: Option<&AnswerTo>,
    lang: Lang,
    key: Option<OnceKey>,
) {
    let alt = board.alt.render(lang);
    let grid = board.text().render(lang);
    let text = format!("{alt}\n{grid}");
    let html = format!("{}{}", html::from_text(&alt), html::preformatted(&grid));
    let mut content =
        RoomMessageEventContent::notice_html(text, html).add_mentions(Mentions::new());
    content.relates_to = answer_to.map(AnswerTo::relation);
    if let Err(e) = send_keyed(room, content, key).await {
        tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot post a text board");
    }
}

/// Posts one board as its viewer sees it: asked for as text (`board text`), a notice
/// holding the text board; else an uploaded picture, its alt text as the body.
async fn send_board(
    room: &Room,
    board: &Board,
    answer_to: Option<&AnswerTo>,
    lang: Lang,
    key: Option<OnceKey>,
) {
    if board.as_text {
        return send_text_board(room, board, answer_to, lang, key).await;
    }
    let b = board.clone();
    let png =
        match tokio::task::spawn_blocking(move || skald_session::pictures::board_png(&b, lang))
            .await
        {
            Ok(Ok(png)) => png,
            Ok(Err(e)) => {
                tracing::warn!(game = board.game, error = %e, "matrix: cannot draw a board");
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, "matrix: the drawing task failed");
                return;
            }
        };
    let info = BaseImageInfo {
        width: Some(UInt::from(png.width)),
        height: Some(UInt::from(png.height)),
        size: UInt::new(png.bytes.len() as u64),
        ..BaseImageInfo::default()
    };
    let config = AttachmentConfig::new()
        .info(AttachmentInfo::Image(info))
        .caption(Some(TextMessageEventContent::plain(board.alt.render(lang))))
        .mentions(Some(Mentions::new()))
        .reply(answer_to.map(AnswerTo::for_attachment));
    // A board of no game (game 0) is a puzzle's.
    let name = match board.game {
        0 => "skald-puzzle.png".to_string(),
        game => format!("skald-game-{game}.png"),
    };
    if let Err(e) = room
        .send_attachment(name, &mime::IMAGE_PNG, png.bytes, keyed(config, key))
        .await
    {
        tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot post a board");
    }
}

/// For a dice game, the legal moves numbered in the session's order, so a player may type
/// `move 2` (the session reads the number, see `session::game::numbered_move`).
pub fn numbered_moves(reply: &Reply, lang: Lang) -> Option<String> {
    if !reply
        .boards
        .iter()
        .any(|b| b.position.rule_set().uses_dice())
    {
        return None;
    }
    let moves: Vec<String> = reply
        .choices
        .iter()
        .filter(|c| matches!(c.command, skald_session::command::Command::Move { .. }))
        .enumerate()
        .map(|(i, c)| format!("{}. {}", i + 1, c.label.render(lang)))
        .collect();
    (!moves.is_empty())
        .then(|| skald_session::t!("matrix-numbered-moves", moves = moves.join("  ")).render(lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::pills_to_ids;
    use matrix_sdk::ruma::owned_user_id;

    #[test]
    fn commands_in_texts_are_written_after_the_prefix() {
        assert_eq!(
            matrix_commands(
                "@bob: `accept #1` or `decline #1`.\nusage: `move [#id] <move>`; `e2-e4` stays",
                "!skald"
            ),
            "@bob: `!skald accept #1` or `!skald decline #1`.\nusage: `!skald move [#id] <move>`; `e2-e4` stays"
        );
    }

    #[test]
    fn mentions_are_escaped_pills_that_read_back_as_ids() {
        let users = [
            (
                owned_user_id!("@bob:example.org"),
                "Bob <the \"best\"> & co".to_string(),
            ),
            (owned_user_id!("@carol:example.org"), "Carol".to_string()),
        ];
        let (plain, html) = mention_bodies("Game 3: a<b\nyour turn", &users);
        assert_eq!(
            plain,
            "Game 3: a<b\nyour turn\nBob <the \"best\"> & co\nCarol"
        );
        assert_eq!(
            html,
            "Game 3: a&lt;b<br>your turn\
             <br><a href=\"https://matrix.to/#/@bob:example.org\">Bob &lt;the &quot;best&quot;&gt; &amp; co</a>\
             <br><a href=\"https://matrix.to/#/@carol:example.org\">Carol</a>"
        );
        assert_eq!(
            pills_to_ids(&html),
            "Game 3: a<b your turn @bob:example.org @carol:example.org"
        );
    }
}

//! What the Matrix end-to-end tests share: player clients (matrix-sdk, end-to-end
//! encryption on) that log in to the test Synapse, sync in the background and record every
//! message they see, and the real `skald` binary started against it.

use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::relation::{InReplyTo, Replacement, Reply};
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
    RoomMessageEventContentWithoutRelation,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, Room, RoomState};
use skald_tests::TempDir;
use skald_tests::synapse;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one expected message may take.
pub const WAIT: Duration = Duration::from_secs(60);

/// A message a player's client saw.
#[derive(Clone, Debug)]
pub struct Seen {
    pub room: OwnedRoomId,
    pub event: OwnedEventId,
    pub sender: OwnedUserId,
    pub body: String,
    /// The HTML body, if any.
    pub html: Option<String>,
    /// `m.text`, `m.notice`, `m.image`, ...
    pub msgtype: String,
    /// The event this one replies to (`m.in_reply_to`, in a thread or not).
    pub reply_to: Option<OwnedEventId>,
    pub mentions: Vec<OwnedUserId>,
    pub image: Option<(MediaSource, Option<u64>, Option<u64>)>,
    /// An `m.file`'s or `m.image`'s media and file name.
    pub media: Option<(MediaSource, Option<String>)>,
    /// For an edit (`m.replace`): the event it edits, and its new content's type and body
    /// (`m.new_content`).
    pub edits: Option<(OwnedEventId, String, String)>,
    /// When this client saw it.
    pub at: Instant,
}

/// Who was seen typing, room by room, in arrival order.
pub type TypingSeen = Arc<Mutex<Vec<(OwnedRoomId, Vec<OwnedUserId>)>>>;
/// Read receipts seen: the room, the event read, and who read it.
pub type ReceiptsSeen = Arc<Mutex<Vec<(OwnedRoomId, matrix_sdk::ruma::OwnedEventId, OwnedUserId)>>>;

/// A player: a logged-in client syncing in the background, and what it has seen.
pub struct Player {
    pub client: Client,
    pub seen: Arc<Mutex<Vec<Seen>>>,
    /// Who was seen typing.
    pub typing: TypingSeen,
    /// Read receipts seen.
    pub receipts: ReceiptsSeen,
    _dir: TempDir,
}

impl Player {
    pub async fn login(url: &str, name: &str, password: &str) -> Player {
        let dir = TempDir::new(&format!("matrix-{name}"));
        let client = Client::builder()
            .homeserver_url(url)
            .sqlite_store(dir.path().join("store"), None)
            .build()
            .await
            .expect("a client");
        client
            .matrix_auth()
            .login_username(name, password)
            .send()
            .await
            .expect("the player logs in");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let log = log.clone();
            async move {
                let image = match &ev.content.msgtype {
                    MessageType::Image(img) => Some((
                        img.source.clone(),
                        img.info.as_ref().and_then(|i| i.width).map(u64::from),
                        img.info.as_ref().and_then(|i| i.height).map(u64::from),
                    )),
                    _ => None,
                };
                let media = match &ev.content.msgtype {
                    MessageType::Image(img) => Some((img.source.clone(), img.filename.clone())),
                    MessageType::File(f) => Some((f.source.clone(), f.filename.clone())),
                    _ => None,
                };
                let mentions = ev
                    .content
                    .mentions
                    .as_ref()
                    .map(|m| m.user_ids.iter().cloned().collect())
                    .unwrap_or_default();
                let reply_to = match &ev.content.relates_to {
                    Some(Relation::Reply(r)) => Some(r.in_reply_to.event_id.clone()),
                    Some(Relation::Thread(t)) => t.in_reply_to.as_ref().map(|r| r.event_id.clone()),
                    _ => None,
                };
                let edits = match &ev.content.relates_to {
                    Some(Relation::Replacement(r)) => Some((
                        r.event_id.clone(),
                        r.new_content.msgtype.msgtype().to_string(),
                        r.new_content.msgtype.body().to_string(),
                    )),
                    _ => None,
                };
                let html = match &ev.content.msgtype {
                    MessageType::Text(t) => t.formatted.as_ref().map(|f| f.body.clone()),
                    MessageType::Notice(t) => t.formatted.as_ref().map(|f| f.body.clone()),
                    _ => None,
                };
                log.lock().unwrap().push(Seen {
                    room: room.room_id().to_owned(),
                    event: ev.event_id.clone(),
                    sender: ev.sender.clone(),
                    body: ev.content.body().to_string(),
                    html,
                    msgtype: ev.content.msgtype().to_string(),
                    reply_to,
                    mentions,
                    image,
                    media,
                    edits,
                    at: Instant::now(),
                });
            }
        });
        let typing = Arc::new(Mutex::new(Vec::new()));
        let typed = typing.clone();
        client.add_event_handler(
            move |ev: matrix_sdk::ruma::events::typing::SyncTypingEvent, room: Room| {
                let typed = typed.clone();
                async move {
                    typed
                        .lock()
                        .unwrap()
                        .push((room.room_id().to_owned(), ev.content.user_ids));
                }
            },
        );
        let receipts = Arc::new(Mutex::new(Vec::new()));
        let read = receipts.clone();
        client.add_event_handler(
            move |ev: matrix_sdk::ruma::events::receipt::SyncReceiptEvent, room: Room| {
                let read = read.clone();
                async move {
                    let mut read = read.lock().unwrap();
                    for (event, by_type) in ev.content.0 {
                        for users in by_type.values() {
                            for user in users.keys() {
                                read.push((room.room_id().to_owned(), event.clone(), user.clone()));
                            }
                        }
                    }
                }
            },
        );
        client.add_event_handler(
            |ev: StrippedRoomMemberEvent, room: Room, client: Client| async move {
                if client.user_id() == Some(ev.state_key.as_ref()) {
                    tokio::spawn(async move {
                        for _ in 0..10 {
                            if room.join().await.is_ok() {
                                return;
                            }
                            tokio::time::sleep(Duration::from_millis(500)).await;
                        }
                    });
                }
            },
        );
        client
            .sync_once(SyncSettings::default())
            .await
            .expect("first sync");
        // Each sync starts as soon as the last one ends (the sdk's `sync` waits a second
        // between quick syncs, which would add to every measured answer time).
        let c = client.clone();
        tokio::spawn(async move {
            let settings = SyncSettings::default().timeout(Duration::from_secs(30));
            loop {
                if c.sync_once(settings.clone()).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        });
        Player {
            client,
            seen,
            typing,
            receipts,
            _dir: dir,
        }
    }

    /// Waits until `user` has been seen typing in `room`.
    pub async fn saw_typing(&self, room: &RoomId, user: &UserId) {
        let deadline = Instant::now() + WAIT;
        while !self
            .typing
            .lock()
            .unwrap()
            .iter()
            .any(|(r, who)| r == room && who.iter().any(|u| u == user))
        {
            assert!(
                Instant::now() < deadline,
                "{user} was never seen typing in {room}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until `user` has sent a read receipt for `event` in `room`.
    pub async fn saw_receipt(
        &self,
        room: &RoomId,
        event: &matrix_sdk::ruma::EventId,
        user: &UserId,
    ) {
        let deadline = Instant::now() + WAIT;
        while !self
            .receipts
            .lock()
            .unwrap()
            .iter()
            .any(|(r, e, u)| r == room && e == event && u == user)
        {
            assert!(
                Instant::now() < deadline,
                "{user} never read {event} in {room}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn id(&self) -> OwnedUserId {
        self.client.user_id().expect("logged in").to_owned()
    }

    /// How many messages were seen so far (a mark to wait from).
    pub fn mark(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Waits for a message after `from` matching `pred`.
    pub async fn wait_for(&self, from: usize, what: &str, pred: impl Fn(&Seen) -> bool) -> Seen {
        let deadline = Instant::now() + WAIT;
        loop {
            {
                let seen = self.seen.lock().unwrap();
                if let Some(s) = seen.iter().skip(from).find(|s| pred(s)) {
                    return s.clone();
                }
                assert!(
                    Instant::now() < deadline,
                    "{} waited in vain for {what}; seen: {:#?}",
                    self.id(),
                    &seen[from.min(seen.len())..]
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits for a bot text in `room` containing `needle`.
    pub async fn bot_says(&self, from: usize, room: &RoomId, needle: &str) -> Seen {
        let bot = bot_id();
        self.wait_for(from, &format!("the bot saying '{needle}'"), |s| {
            s.sender == bot && s.room == room && s.image.is_none() && s.body.contains(needle)
        })
        .await
    }

    /// Waits for a board image from the bot in `room`, downloads and decodes it.
    pub async fn bot_board(&self, from: usize, room: &RoomId) -> Seen {
        let bot = bot_id();
        let seen = self
            .wait_for(from, "a board image", |s| {
                s.sender == bot && s.room == room && s.image.is_some()
            })
            .await;
        let (source, w, h) = seen.image.clone().expect("an image");
        let bytes = self.download(source, "the board").await;
        let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .expect("the board is a PNG");
        assert_eq!(Some(u64::from(img.width())), w, "width in the event");
        assert_eq!(Some(u64::from(img.height())), h, "height in the event");
        assert!(img.width() >= 300, "a real picture");
        seen
    }

    /// Waits for a file of `msgtype` (`m.image`, `m.file`) from the bot in `room`, and
    /// downloads it.
    pub async fn bot_media(&self, from: usize, room: &RoomId, msgtype: &str) -> (Seen, Vec<u8>) {
        let bot = bot_id();
        let seen = self
            .wait_for(from, &format!("an {msgtype} from the bot"), |s| {
                s.sender == bot && s.room == room && s.msgtype == msgtype && s.media.is_some()
            })
            .await;
        let (source, _) = seen.media.clone().expect("a file");
        let bytes = self.download(source, "the file").await;
        (seen, bytes)
    }

    /// Downloads a media file the bot posted (`what` names it in a failure).
    async fn download(&self, source: MediaSource, what: &str) -> Vec<u8> {
        self.client
            .media()
            .get_media_content(
                &MediaRequestParameters {
                    source,
                    format: MediaFormat::File,
                },
                false,
            )
            .await
            .unwrap_or_else(|e| panic!("{what} downloads: {e}"))
    }

    /// Sends a plain text message; returns its event id.
    pub async fn say(&self, room: &RoomId, text: &str) -> OwnedEventId {
        self.send(room, RoomMessageEventContent::text_plain(text))
            .await
    }

    /// Sends any message content; returns its event id.
    pub async fn send(&self, room: &RoomId, content: RoomMessageEventContent) -> OwnedEventId {
        let room = self.joined(room).await;
        room.send(content)
            .await
            .expect("the message is sent")
            .response
            .event_id
    }

    /// Replies to `to` with `text`, as clients do: `m.in_reply_to`, the replied-to sender in
    /// `m.mentions`, and (`fallback`) the legacy quote of the replied-to message before the
    /// text (`> <@bob:x> ...`, and an `<mx-reply>` in the HTML body).
    pub async fn reply(
        &self,
        room: &RoomId,
        to: &Seen,
        text: &str,
        fallback: bool,
    ) -> OwnedEventId {
        let mut content = if fallback {
            let quoted: Vec<String> = to
                .body
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    if i == 0 {
                        format!("> <{}> {l}", to.sender)
                    } else {
                        format!("> {l}")
                    }
                })
                .collect();
            RoomMessageEventContent::text_html(
                format!("{}\n\n{text}", quoted.join("\n")),
                format!(
                    "<mx-reply><blockquote><a href=\"https://matrix.to/#/{}/{}\">In reply to</a> <a href=\"https://matrix.to/#/{}\">{}</a><br>{}</blockquote></mx-reply>{text}",
                    to.room,
                    to.event,
                    to.sender,
                    to.sender,
                    to.body.lines().next().unwrap_or("")
                ),
            )
        } else {
            RoomMessageEventContent::text_plain(text)
        };
        content.relates_to = Some(Relation::Reply(Reply::new(InReplyTo::new(
            to.event.clone(),
        ))));
        content = content.add_mentions(Mentions::with_user_ids([to.sender.clone()]));
        self.send(room, content).await
    }

    /// Edits `original` into `text`, as clients do: `m.new_content` with the new text, and
    /// (`star`) a `* text` fallback body; without it the fallback body is the bare text, as
    /// some clients send it.
    pub async fn edit(
        &self,
        room: &RoomId,
        original: &OwnedEventId,
        text: &str,
        star: bool,
    ) -> OwnedEventId {
        let body = if star {
            format!("* {text}")
        } else {
            text.to_string()
        };
        let mut content = RoomMessageEventContent::text_plain(body);
        content.relates_to = Some(Relation::Replacement(Replacement::new(
            original.clone(),
            RoomMessageEventContentWithoutRelation::text_plain(text),
        )));
        self.send(room, content).await
    }

    /// Every message from the bot after `from` that replies to `event`.
    pub fn bot_replies_to(&self, from: usize, event: &OwnedEventId) -> Vec<Seen> {
        let bot = bot_id();
        self.seen.lock().unwrap()[from..]
            .iter()
            .filter(|s| s.sender == bot && s.reply_to.as_ref() == Some(event))
            .cloned()
            .collect()
    }

    /// The room, once this player has joined it.
    pub async fn joined(&self, id: &RoomId) -> Room {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(r) = self.client.get_room(id)
                && r.state() == RoomState::Joined
            {
                return r;
            }
            assert!(Instant::now() < deadline, "{} never joined {id}", self.id());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Creates a room inviting the bot and `other`, encrypted or not.
    pub async fn create_room(&self, other: &Player, encrypted: bool) -> OwnedRoomId {
        let mut request = CreateRoom::new();
        request.invite = vec![bot_id(), other.id()];
        if encrypted {
            request.initial_state = vec![
                InitialStateEvent::with_empty_state_key(
                    RoomEncryptionEventContent::with_recommended_defaults(),
                )
                .to_raw_any(),
            ];
        }
        let room = self
            .client
            .create_room(request)
            .await
            .expect("room created");
        let id = room.room_id().to_owned();
        other.joined(&id).await;
        id
    }
}

impl Player {
    /// Creates a space inviting the bot, listing `child` as its room (an `m.space.child`
    /// with this server as `via`).
    pub async fn create_space(&self, child: &RoomId) -> OwnedRoomId {
        use matrix_sdk::ruma::api::client::room::create_room::v3::CreationContent;
        use matrix_sdk::ruma::events::space::child::SpaceChildEventContent;
        use matrix_sdk::ruma::room::RoomType;
        use matrix_sdk::ruma::serde::Raw;
        let mut request = CreateRoom::new();
        request.invite = vec![bot_id()];
        let mut creation = CreationContent::new();
        creation.room_type = Some(RoomType::Space);
        request.creation_content = Some(Raw::new(&creation).expect("serializes"));
        let space = self
            .client
            .create_room(request)
            .await
            .expect("space created");
        let server = self.id().server_name().to_owned();
        space
            .send_state_event_for_key(child, SpaceChildEventContent::new(vec![server]))
            .await
            .expect("the room is listed in the space");
        space.room_id().to_owned()
    }
}

pub fn bot_id() -> OwnedUserId {
    UserId::parse(format!("@skald:{}", synapse::SERVER_NAME)).expect("valid")
}

/// The bot process; killed (SIGKILL) when dropped.
pub struct Bot(Child);

impl Bot {
    /// The bot logging in with its password (from the environment).
    pub fn start(config: &std::path::Path, log: &std::path::Path) -> Bot {
        Bot::start_with(config, log, &[("SKALD_MATRIX_PASSWORD", "bot-password")])
    }

    /// The bot with `env` set (and no password unless `env` gives one), logging everything
    /// at debug into `log` (appended): no secret may appear even there.
    fn start_with(config: &std::path::Path, log: &std::path::Path, env: &[(&str, &str)]) -> Bot {
        let err = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("the bot's log");
        let mut command = Command::new(skald_tests::skald_bin());
        command
            .arg("--config")
            .arg(config)
            .env_remove("SKALD_MATRIX_PASSWORD")
            .env("RUST_LOG", "debug")
            .stdout(Stdio::null())
            .stderr(Stdio::from(err));
        for (k, v) in env {
            command.env(k, v);
        }
        Bot(command.spawn().expect("skald starts"))
    }
}

/// Waits until the bot's log says it is ready for the `n`-th time (once per start).
pub async fn bot_ready(log: &std::path::Path, n: usize) {
    let deadline = Instant::now() + WAIT;
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches("matrix: ready").count() >= n {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the bot did not get ready; its log {}:\n{}",
            log.display(),
            &text[text.len().saturating_sub(4000)..]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The bot started with only an access token (no password anywhere in its environment).
pub fn start_bot_with_token(config: &std::path::Path, log: &std::path::Path, token: &str) -> Bot {
    Bot::start_with(config, log, &[("SKALD_MATRIX_ACCESS_TOKEN", token)])
}

/// A throwaway Synapse with the bot's account and alice's and bob's registered (passwords
/// `bot-password`, `alice-password`, `bob-password`), and its URL.
pub fn synapse_with_alice_and_bob() -> (skald_tests::synapse::Synapse, String) {
    let hs = skald_tests::synapse::Synapse::start(&synapse::python());
    hs.register("skald", "bot-password");
    hs.register("alice", "alice-password");
    hs.register("bob", "bob-password");
    let url = hs.url();
    (hs, url)
}

/// A configuration file in `dir` for the bot on Matrix at `url` (store in `dir/data`),
/// `extra` appended after the `[matrix]` keys (more keys of it, then other sections).
pub fn matrix_config(dir: &TempDir, url: &str, extra: &str) -> std::path::PathBuf {
    let config = dir.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n\n[matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n{extra}",
            dir.path().join("data").display(),
            bot_id()
        ),
    )
    .expect("write the config");
    config
}

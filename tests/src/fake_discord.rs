//! A fake Discord on 127.0.0.1 for end-to-end tests of the Discord adapter: the REST API
//! (recording every call) and a `ws://` gateway (HELLO, IDENTIFY, READY, heartbeat ACK, and
//! the events a test sends). The real `skald` binary connects to it through
//! `[discord] api_base`; nothing ever leaves the machine. Every request is checked against
//! Discord's published limits ([`crate::discord_api`]) and every interaction must be
//! answered once, within Discord's 3 seconds: what breaks a rule is answered `400` as
//! Discord would, and listed by [`FakeDiscord::problems`].

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// The fake application's (and bot user's) id.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The fake guild.
pub const GUILD_ID: u64 = 900_000_000_000_000_002;
/// The fake channel where everything is played.
pub const CHANNEL_ID: u64 = 900_000_000_000_000_003;

/// The thread the fake creates when the bot asks for one (the first one; see [`thread_id`]).
pub const THREAD_ID: u64 = 900_000_000_000_000_004;

/// The id of the `n`-th thread the fake creates (from 0): [`THREAD_ID`] first, then
/// `900_000_000_000_000_101`, `…102`, and so on.
pub fn thread_id(n: u64) -> u64 {
    if n == 0 {
        THREAD_ID
    } else {
        900_000_000_000_000_100 + n
    }
}

/// The direct-message channel the fake opens when the bot writes to a user.
pub const DM_ID: u64 = 900_000_000_000_000_005;

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path, like `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    /// The raw body.
    pub body: Vec<u8>,
    /// The `Authorization` header's value.
    pub authorization: String,
}

impl Call {
    /// The JSON payload: the body, or the `payload_json` part of a multipart body.
    pub fn json(&self) -> Value {
        if let Ok(v) = serde_json::from_slice(&self.body) {
            return v;
        }
        let text = String::from_utf8_lossy(&self.body);
        text.split("name=\"payload_json\"")
            .nth(1)
            .and_then(|rest| rest.split_once("\r\n\r\n"))
            .and_then(|(_, rest)| rest.split("\r\n--").next())
            .and_then(|json| serde_json::from_str(json).ok())
            .unwrap_or(Value::Null)
    }

    /// Whether a PNG file is attached.
    pub fn has_png(&self) -> bool {
        self.body.windows(8).any(|w| w == b"\x89PNG\r\n\x1a\n")
    }

    /// The attached files: each multipart part with a file name, as (name, bytes).
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let body = &self.body;
        let Some(eol) = body.windows(2).position(|w| w == b"\r\n") else {
            return Vec::new();
        };
        let boundary = &body[..eol];
        if !boundary.starts_with(b"--") {
            return Vec::new();
        }
        let mut starts = Vec::new();
        let mut at = 0;
        while let Some(i) = find(&body[at..], boundary) {
            starts.push(at + i);
            at += i + boundary.len();
        }
        let mut out = Vec::new();
        for pair in starts.windows(2) {
            let part = &body[pair[0] + boundary.len()..pair[1]];
            let Some(head_end) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..head_end]);
            let Some(name) = head
                .split("filename=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
            else {
                continue;
            };
            // The content ends with the CRLF before the next boundary.
            let content = &part[head_end + 4..];
            let content = content.strip_suffix(b"\r\n").unwrap_or(content);
            out.push((name.to_string(), content.to_vec()));
        }
        out
    }

    /// The attached file whose name ends with `suffix` (`.gif`), if any.
    pub fn file(&self, suffix: &str) -> Option<(String, Vec<u8>)> {
        self.files().into_iter().find(|(n, _)| n.ends_with(suffix))
    }
}

/// Where `needle` first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Discord's limit for the first answer to an interaction.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// What the REST server and the gateway share: the calls, the rules broken, and when each
/// interaction was sent (and whether it was answered).
#[derive(Clone, Default)]
struct Shared {
    calls: Arc<Mutex<Vec<Call>>>,
    problems: Arc<Mutex<Vec<String>>>,
    /// Interaction id -> when the gateway sent it, and whether it has been answered.
    interactions: Arc<Mutex<HashMap<String, (Instant, bool)>>>,
    /// The nonces of messages created with `enforce_nonce`, and each one's message id: as
    /// Discord does, a message created again with one of them is not created; the first
    /// is returned.
    nonces: Arc<Mutex<HashMap<String, u64>>>,
    /// The last message id handed out.
    last_id: Arc<Mutex<u64>>,
    /// Texts whose messages are created but never answered (the answer lost on the way):
    /// [`FakeDiscord::lose_answers_to`].
    lose: Arc<Mutex<Vec<String>>>,
    /// How many threads were created so far (each gets [`thread_id`] of its number).
    threads: Arc<Mutex<u64>>,
    /// Each interaction token's original response (its message id), given when the
    /// interaction was answered with a message or deferred, as Discord keeps it for the
    /// token's 15 minutes: read and edited at `webhooks/{app}/{token}/messages/@original`.
    originals: Arc<Mutex<HashMap<String, u64>>>,
}

impl Shared {
    /// A new message's id.
    fn next_id(&self) -> u64 {
        let mut last = self.last_id.lock().unwrap_or_else(|p| p.into_inner());
        *last += 1;
        *last
    }

    /// The message id of `token`'s original response, if it was answered.
    fn original(&self, token: &str) -> Option<u64> {
        let originals = self.originals.lock().unwrap_or_else(|p| p.into_inner());
        originals.get(token).copied()
    }

    /// The next thread's id.
    fn new_thread(&self) -> u64 {
        let mut made = self.threads.lock().unwrap_or_else(|p| p.into_inner());
        let id = thread_id(*made);
        *made += 1;
        id
    }
}

impl Shared {
    /// The threads made and not deleted, as Discord lists a server's active threads: each
    /// with its owner (the bot) and its last message (null when none was posted in it), as
    /// the calls recorded so far show them.
    fn active_threads(&self, guild: &str) -> Vec<Value> {
        let calls = self.calls.lock().unwrap_or_else(|p| p.into_inner());
        let mut threads: Vec<(u64, String, String, Option<u64>)> = Vec::new();
        for c in calls.iter() {
            let path = c.path.split('?').next().unwrap_or("");
            let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
            match (c.method.as_str(), parts.as_slice()) {
                ("POST", ["channels", parent, "threads"]) => {
                    let id = thread_id(threads.len() as u64);
                    let name = c.json()["name"].as_str().unwrap_or("game").to_string();
                    threads.push((id, parent.to_string(), name, None));
                }
                ("POST", ["channels", channel, "messages"]) => {
                    if let Some(t) = threads.iter_mut().find(|t| t.0.to_string() == *channel) {
                        t.3 = Some(t.3.unwrap_or(0) + 1);
                    }
                }
                _ => {}
            }
        }
        let deleted: Vec<String> = calls
            .iter()
            .filter(|c| c.method == "DELETE")
            .filter_map(|c| c.path.strip_prefix("/api/v10/channels/").map(String::from))
            .collect();
        threads
            .into_iter()
            .filter(|t| !deleted.contains(&t.0.to_string()))
            .map(|(id, parent, name, messages)| {
                json!({"id": id.to_string(), "type": 11, "guild_id": guild, "parent_id": parent,
                    "name": name, "owner_id": APP_ID.to_string(),
                    "last_message_id": messages.map(|n| (id + n).to_string()),
                    "message_count": messages.unwrap_or(0),
                    "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "locked": false}})
            })
            .collect()
    }
}

impl Shared {
    /// A new message's id, or the first message's if `call` creates a message with an
    /// enforced nonce already used (then `true`: nothing is created).
    fn message_id(&self, call: &Call) -> (u64, bool) {
        let body = call.json();
        let nonce = match &body["nonce"] {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
        .filter(|_| body["enforce_nonce"] == json!(true));
        let mut nonces = self.nonces.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(id) = nonce.as_ref().and_then(|n| nonces.get(n)) {
            return (*id, true);
        }
        let mut last = self.last_id.lock().unwrap_or_else(|p| p.into_inner());
        *last += 1;
        if let Some(n) = nonce {
            nonces.insert(n, *last);
        }
        (*last, false)
    }
}

impl Shared {
    /// The rules `call` breaks (also recorded): Discord's limits on its body, and for an
    /// interaction response, one answer within [`ANSWER_WITHIN`] of the interaction.
    fn check(&self, call: &Call) -> Vec<String> {
        let mut found = crate::discord_api::problems(&call.method, &call.path, &call.json());
        for (name, bytes) in call.files() {
            if bytes.len() as u64 > crate::discord_api::UPLOAD_LIMIT {
                found.push(format!(
                    "attachment {name} is {} bytes, over Discord's upload limit",
                    bytes.len()
                ));
            }
        }
        let parts: Vec<&str> = call.path.split('/').collect();
        if let ["", "api", "v10", "interactions", id, _, "callback"] = parts.as_slice() {
            let mut sent = self.interactions.lock().unwrap_or_else(|p| p.into_inner());
            match sent.get_mut(*id) {
                None => found.push(format!("interaction {id}: answered but never sent")),
                Some((_, true)) => found.push(format!("interaction {id}: answered twice")),
                Some((at, answered)) => {
                    *answered = true;
                    let took = at.elapsed();
                    if took > ANSWER_WITHIN {
                        found.push(format!("interaction {id}: answered after {took:?}"));
                    }
                }
            }
        }
        let mut problems = self.problems.lock().unwrap_or_else(|p| p.into_inner());
        problems.extend(
            found
                .iter()
                .map(|p| format!("{} {}: {p}", call.method, call.path)),
        );
        found
    }
}

/// The running fake. Dropping it stops the servers.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`: the `api_base` to configure.
    pub api_base: String,
    shared: Shared,
    identify: Arc<Mutex<Option<Value>>>,
    events: mpsc::UnboundedSender<Value>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on free local ports.
    pub fn start() -> FakeDiscord {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime for the fake Discord");
        let shared = Shared::default();
        let identify = Arc::new(Mutex::new(None));
        let (events, rx) = mpsc::unbounded_channel();
        let (rest, ws) = runtime.block_on(async {
            (
                TcpListener::bind("127.0.0.1:0").await.expect("bind REST"),
                TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind gateway"),
            )
        });
        let rest_port = rest.local_addr().expect("REST address").port();
        let ws_url = format!(
            "ws://127.0.0.1:{}",
            ws.local_addr().expect("ws address").port()
        );
        runtime.spawn(serve_rest(rest, shared.clone(), ws_url.clone()));
        runtime.spawn(serve_gateway(
            ws,
            identify.clone(),
            rx,
            ws_url,
            shared.interactions.clone(),
        ));
        FakeDiscord {
            api_base: format!("http://127.0.0.1:{rest_port}"),
            shared,
            identify,
            events,
            runtime: Some(runtime),
        }
    }

    /// Every REST call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.shared
            .calls
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Every rule a request broke so far: Discord's published limits, and interactions
    /// answered late, twice or never sent. Empty for a bot Discord would accept.
    pub fn problems(&self) -> Vec<String> {
        self.shared
            .problems
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Asserts that no request broke a rule (see [`FakeDiscord::problems`]) and that every
    /// interaction sent was answered.
    pub fn assert_valid(&self) {
        let problems = self.problems();
        assert!(
            problems.is_empty(),
            "requests Discord would refuse:\n{}",
            problems.join("\n")
        );
        let sent = self
            .shared
            .interactions
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let mut unanswered: Vec<&String> = sent
            .iter()
            .filter(|(_, (_, answered))| !answered)
            .map(|(id, _)| id)
            .collect();
        unanswered.sort();
        assert!(
            unanswered.is_empty(),
            "interactions never answered: {unanswered:?}"
        );
    }

    /// The IDENTIFY payload the bot sent, once it did.
    pub fn identify(&self) -> Option<Value> {
        self.identify
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Waits (up to 60 s) until `n` calls satisfy `pred`; returns them.
    pub fn wait_calls(&self, n: usize, what: &str, pred: impl Fn(&Call) -> bool) -> Vec<Call> {
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let hits: Vec<Call> = self.calls().into_iter().filter(|c| pred(c)).collect();
            if hits.len() >= n {
                return hits;
            }
            assert!(
                Instant::now() < until,
                "timed out waiting for {what}; calls so far:\n{}",
                self.calls()
                    .iter()
                    .map(|c| format!("{} {} {}", c.method, c.path, c.json()))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The next message whose text contains `needle` is created but its answer never
    /// comes back (the connection stays open, silent), as when the network fails after
    /// Discord made the message: the bot cannot know it was posted.
    pub fn lose_answers_to(&self, needle: &str) {
        self.shared
            .lose
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(needle.to_string());
    }

    /// The messages created at `path` (`/api/v10/channels/ID/messages`), as the channel's
    /// readers see them: a post repeating an enforced nonce made no new message.
    pub fn messages_at(&self, path: &str) -> Vec<Call> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for call in self.calls() {
            if call.method != "POST"
                || !call.path.starts_with("/api/v10/channels/")
                || !call.path.ends_with("/messages")
            {
                continue;
            }
            let body = call.json();
            let enforced = body["enforce_nonce"] == json!(true) && !body["nonce"].is_null();
            if enforced && !seen.insert(body["nonce"].to_string()) {
                continue;
            }
            if call.path == path {
                out.push(call);
            }
        }
        out
    }

    /// Sends a gateway dispatch event (`INTERACTION_CREATE`, …).
    pub fn dispatch(&self, event: &str, data: Value) {
        let _ = self.events.send(json!({"op": 0, "t": event, "d": data}));
    }
}

/// The response to interaction `id`, waited for (from a multi-threaded tokio test: the
/// wait blocks its thread).
pub fn callback(fake: &FakeDiscord, id: u64) -> Call {
    let path = format!("/api/v10/interactions/{id}/token-{id}/callback");
    tokio::task::block_in_place(|| fake.wait_calls(1, &path, |c| c.path == path).remove(0))
}

/// A call's message text: `content`, or an interaction response's `data.content`.
pub fn text(call: &Call) -> String {
    let j = call.json();
    j["content"]
        .as_str()
        .or_else(|| j["data"]["content"].as_str())
        .unwrap_or("")
        .to_string()
}

/// The first message posted in the test channel whose text contains `needle`, waited for
/// (from a multi-threaded tokio test).
pub fn wait_channel_post(fake: &FakeDiscord, needle: &str) -> Call {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    tokio::task::block_in_place(|| {
        fake.wait_calls(1, &format!("'{needle}' in the Discord channel"), |c| {
            c.method == "POST" && c.path == path && text(c).contains(needle)
        })
        .remove(0)
    })
}

/// A Discord user object.
pub fn user(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": false, "public_flags": 0})
}

fn member(id: u64, name: &str) -> Value {
    json!({"user": user(id, name), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
           "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "2147483647",
           "nick": null, "avatar": null})
}

fn interaction_base(id: u64, kind: u8, who: (u64, &str)) -> Value {
    json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
        "guild_id": GUILD_ID.to_string(), "channel_id": CHANNEL_ID.to_string(),
        "channel": {"id": CHANNEL_ID.to_string(), "type": 0, "name": "games", "permissions": "2147483647"},
        "member": member(who.0, who.1), "token": format!("token-{id}"), "version": 1,
        "app_permissions": "2147483647", "locale": "en-US", "guild_locale": "en-US",
        "entitlements": [], "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0, "attachment_size_limit": 10_485_760,
    })
}

/// A slash command (`kind` 2) or autocomplete (`kind` 4) interaction with these options
/// (`[{"name":…, "type":…, "value":…}]`, `"focused": true` for autocomplete).
pub fn command(id: u64, kind: u8, who: (u64, &str), name: &str, options: Value) -> Value {
    let mut i = interaction_base(id, kind, who);
    i["data"] = json!({"id": "800000000000000001", "name": name, "type": 1, "options": options,
                       "guild_id": GUILD_ID.to_string()});
    i
}

/// `/challenge` by `who`: the rule set and the seat as their choice numbers, the opponent
/// (resolved the way Discord sends a user option) and the engine's level when given.
pub fn challenge(
    id: u64,
    who: (u64, &str),
    rule_set: u64,
    seat: u64,
    opponent: Option<(u64, &str)>,
    level: Option<u64>,
) -> Value {
    let mut options = vec![json!({"name": "rule_set", "type": 4, "value": rule_set})];
    if let Some(o) = opponent {
        options.push(json!({"name": "opponent", "type": 6, "value": o.0.to_string()}));
    }
    options.push(json!({"name": "seat", "type": 4, "value": seat}));
    if let Some(l) = level {
        options.push(json!({"name": "level", "type": 4, "value": l}));
    }
    let mut i = command(id, 2, who, "challenge", Value::Array(options));
    if let Some(o) = opponent {
        i["data"]["resolved"] = json!({"users": {o.0.to_string(): user(o.0, o.1)}});
    }
    i
}

/// `/move <mv>` by `who`.
pub fn move_command(id: u64, who: (u64, &str), mv: &str) -> Value {
    command(
        id,
        2,
        who,
        "move",
        json!([{"name": "move", "type": 3, "value": mv}]),
    )
}

/// A button press on a message the bot posted.
pub fn button(id: u64, who: (u64, &str), custom_id: &str) -> Value {
    let mut i = interaction_base(id, 3, who);
    i["data"] = json!({"custom_id": custom_id, "component_type": 2});
    i["message"] = message(CHANNEL_ID, 777, "");
    i
}

/// A choice made in a select menu (custom id `pick`) on a message the bot posted.
pub fn select(id: u64, who: (u64, &str), value: &str) -> Value {
    let mut i = interaction_base(id, 3, who);
    i["data"] = json!({"custom_id": "pick", "component_type": 3, "values": [value]});
    i["message"] = message(CHANNEL_ID, 778, "");
    i
}

/// The same interaction, from a member whose permissions in the channel are `permissions`
/// (Discord's bit set: `0` has none, so no Manage Server; the default member has them all).
pub fn with_permissions(mut interaction: Value, permissions: u64) -> Value {
    interaction["member"]["permissions"] = json!(permissions.to_string());
    interaction
}

/// The same interaction, sent from another channel (a thread).
pub fn in_channel(mut interaction: Value, channel: u64) -> Value {
    interaction["channel_id"] = json!(channel.to_string());
    interaction["channel"]["id"] = json!(channel.to_string());
    interaction["channel"]["type"] = json!(11);
    interaction
}

/// The same interaction, from a client in `user`'s language in a server whose preferred
/// locale is `guild` (Discord's names: `fr`, `en-US`).
pub fn in_locale(mut interaction: Value, user: &str, guild: &str) -> Value {
    interaction["locale"] = json!(user);
    interaction["guild_locale"] = json!(guild);
    interaction
}

/// The `GUILD_CREATE` event Discord sends a bot for each of its servers once connected: the
/// fake guild, with `preferred_locale` and its one text channel.
pub fn guild_create(preferred_locale: &str) -> Value {
    json!({
        "id": GUILD_ID.to_string(), "name": "Skald players", "owner_id": APP_ID.to_string(),
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": [], "emojis": [], "features": [], "mfa_level": 0,
        "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": preferred_locale,
        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "large": false, "member_count": 2,
        "voice_states": [], "members": [], "presences": [], "stage_instances": [],
        "guild_scheduled_events": [], "threads": [],
        "channels": [{"id": CHANNEL_ID.to_string(), "type": 0, "guild_id": GUILD_ID.to_string(),
                      "name": "games", "position": 0, "permission_overwrites": [],
                      "nsfw": false, "rate_limit_per_user": 0}],
    })
}

/// A message object as Discord returns it.
fn message(channel: u64, id: u64, content: &str) -> Value {
    json!({"id": id.to_string(), "channel_id": channel.to_string(),
           "author": {"id": APP_ID.to_string(), "username": "skald", "discriminator": "0", "avatar": null, "bot": true},
           "content": content, "timestamp": "2026-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
           "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
           "attachments": [], "embeds": [], "pinned": false, "type": 0, "flags": 0, "components": []})
}

async fn serve_rest(listener: TcpListener, shared: Shared, ws_url: String) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(serve_connection(stream, shared.clone(), ws_url.clone()));
    }
}

/// One HTTP/1.1 connection: requests one after the other (keep-alive).
async fn serve_connection(mut stream: TcpStream, shared: Shared, ws_url: String) {
    let mut buf = Vec::new();
    loop {
        let head_end = loop {
            if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break p + 4;
            }
            let mut chunk = [0u8; 8192];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
        let mut lines = head.lines();
        let mut first = lines.next().unwrap_or("").split_whitespace();
        let method = first.next().unwrap_or("").to_string();
        let path = first.next().unwrap_or("").to_string();
        let mut length = 0usize;
        let mut chunked = false;
        let mut authorization = String::new();
        for l in lines {
            let Some((k, v)) = l.split_once(':') else {
                continue;
            };
            match k.trim().to_ascii_lowercase().as_str() {
                "content-length" => length = v.trim().parse().unwrap_or(0),
                "transfer-encoding" => chunked = v.to_ascii_lowercase().contains("chunked"),
                "authorization" => authorization = v.trim().to_string(),
                _ => {}
            }
        }
        buf.drain(..head_end);
        let body = if chunked {
            let mut body = Vec::new();
            loop {
                let line_end = loop {
                    if let Some(p) = buf.windows(2).position(|w| w == b"\r\n") {
                        break p;
                    }
                    let mut chunk = [0u8; 8192];
                    match stream.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                };
                let size =
                    usize::from_str_radix(String::from_utf8_lossy(&buf[..line_end]).trim(), 16)
                        .unwrap_or(0);
                while buf.len() < line_end + 2 + size + 2 {
                    let mut chunk = [0u8; 8192];
                    match stream.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                body.extend_from_slice(&buf[line_end + 2..line_end + 2 + size]);
                buf.drain(..line_end + 2 + size + 2);
                if size == 0 {
                    break body;
                }
            }
        } else {
            while buf.len() < length {
                let mut chunk = [0u8; 8192];
                match stream.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => buf.extend_from_slice(&chunk[..n]),
                }
            }
            buf.drain(..length).collect()
        };
        let call = Call {
            method,
            path,
            body,
            authorization,
        };
        let broken = shared.check(&call);
        let creates = call.method == "POST"
            && call.path.starts_with("/api/v10/channels/")
            && call.path.ends_with("/messages");
        let lost = creates && {
            let text = call.json()["content"].as_str().unwrap_or("").to_string();
            let mut lose = shared.lose.lock().unwrap_or_else(|p| p.into_inner());
            let found = lose
                .iter()
                .position(|needle| text.contains(needle.as_str()));
            found.map(|i| lose.remove(i)).is_some()
        };
        let (status, response) = if broken.is_empty() && creates {
            let (id, _) = shared.message_id(&call);
            let channel = call.path.split('/').nth(4).and_then(|c| c.parse().ok());
            (
                "200 OK",
                Some(message(channel.unwrap_or(CHANNEL_ID), id, "")),
            )
        } else if broken.is_empty() {
            respond(&call, &ws_url, &shared)
        } else {
            // As Discord answers a request it refuses.
            (
                "400 Bad Request",
                Some(json!({"code": 50035, "message": "Invalid Form Body", "errors": broken})),
            )
        };
        shared
            .calls
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(call);
        if lost {
            // Created, and the answer never comes: hold the connection until the bot goes.
            let mut rest = [0u8; 1024];
            while matches!(stream.read(&mut rest).await, Ok(n) if n > 0) {}
            return;
        }
        let text = match &response {
            Some(v) => v.to_string(),
            None => String::new(),
        };
        let out = format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{text}",
            text.len()
        );
        if stream.write_all(out.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// What the fake answers to a REST call.
fn respond(call: &Call, ws_url: &str, shared: &Shared) -> (&'static str, Option<Value>) {
    let path = call.path.split('?').next().unwrap_or("");
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match (call.method.as_str(), parts.as_slice()) {
        ("GET", ["gateway", "bot"]) => (
            "200 OK",
            Some(json!({"url": ws_url, "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})),
        ),
        ("GET", ["gateway"]) => ("200 OK", Some(json!({"url": ws_url}))),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => ("200 OK", Some(json!([]))),
        ("POST", ["interactions", _, token, "callback"]) => {
            // A message (4) or a deferral (5) is the token's original response.
            if matches!(call.json()["type"].as_u64(), Some(4 | 5)) {
                let id = shared.next_id();
                let mut originals = shared.originals.lock().unwrap_or_else(|p| p.into_inner());
                originals.insert(token.to_string(), id);
            }
            ("204 No Content", None)
        }
        ("POST", ["webhooks", _, _]) => ("200 OK", Some(message(CHANNEL_ID, shared.next_id(), ""))),
        ("GET" | "PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            match shared.original(token) {
                Some(id) => {
                    let content = call.json()["content"].as_str().unwrap_or("").to_string();
                    ("200 OK", Some(message(CHANNEL_ID, id, &content)))
                }
                None => (
                    "404 Not Found",
                    Some(json!({"message": "Unknown Message", "code": 10008})),
                ),
            }
        }
        ("PATCH", ["webhooks", _, _, "messages", id]) => {
            let id = id.parse().unwrap_or(778);
            ("200 OK", Some(message(CHANNEL_ID, id, "")))
        }
        ("PATCH", ["channels", channel, "messages", id]) => {
            let content = call.json()["content"].as_str().unwrap_or("").to_string();
            let channel = channel.parse().unwrap_or(CHANNEL_ID);
            (
                "200 OK",
                Some(message(channel, id.parse().unwrap_or(1), &content)),
            )
        }
        ("POST", ["channels", parent, "threads"]) => (
            "201 Created",
            Some(json!({"id": shared.new_thread().to_string(), "type": 11,
                "guild_id": GUILD_ID.to_string(), "parent_id": parent,
                "name": call.json()["name"].as_str().unwrap_or("game"),
                "owner_id": APP_ID.to_string(),
                "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "locked": false}})),
        ),
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = call.json()["recipient_id"]
                .as_str()
                .unwrap_or("1")
                .to_string();
            (
                "200 OK",
                Some(
                    json!({"id": DM_ID.to_string(), "type": 1, "last_message_id": null,
                            "recipients": [user(recipient.parse().unwrap_or(1), "player")]}),
                ),
            )
        }
        ("GET", ["guilds", guild, "threads", "active"]) => (
            "200 OK",
            Some(
                json!({"threads": shared.active_threads(guild), "members": [], "has_more": false}),
            ),
        ),
        ("DELETE", ["channels", id]) => (
            "200 OK",
            Some(json!({"id": id, "type": 11, "guild_id": GUILD_ID.to_string(), "name": "game"})),
        ),
        _ => (
            "404 Not Found",
            Some(json!({"message": "Unknown (fake Discord)", "code": 0})),
        ),
    }
}

async fn serve_gateway(
    listener: TcpListener,
    identify: Arc<Mutex<Option<Value>>>,
    mut events: mpsc::UnboundedReceiver<Value>,
    ws_url: String,
    interactions: Arc<Mutex<HashMap<String, (Instant, bool)>>>,
) {
    // One bot connection at a time; events wait in the channel until it is READY.
    while let Ok((stream, _)) = listener.accept().await {
        let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
            continue;
        };
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
        if ws.send(Message::Text(hello.to_string())).await.is_err() {
            continue;
        }
        let mut seq = 0u64;
        let mut ready = false;
        loop {
            tokio::select! {
                incoming = ws.next() => {
                    let Some(Ok(msg)) = incoming else { break };
                    let Ok(text) = msg.into_text() else { continue };
                    let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                    match v["op"].as_u64() {
                        Some(1) => {
                            let _ = ws.send(Message::Text(json!({"op": 11}).to_string())).await;
                        }
                        Some(2) => {
                            *identify.lock().unwrap_or_else(|p| p.into_inner()) = Some(v["d"].clone());
                            seq += 1;
                            let ready_event = json!({"op": 0, "s": seq, "t": "READY", "d": {
                                "v": 10, "user": {"id": APP_ID.to_string(), "username": "skald",
                                    "discriminator": "0", "avatar": null, "bot": true, "verified": true,
                                    "mfa_enabled": false, "flags": 0},
                                "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                                "session_id": "fake-session", "resume_gateway_url": ws_url,
                                "shard": [0, 1], "application": {"id": APP_ID.to_string(), "flags": 0}}});
                            let _ = ws.send(Message::Text(ready_event.to_string())).await;
                            ready = true;
                        }
                        _ => {}
                    }
                }
                event = events.recv(), if ready => {
                    let Some(mut event) = event else { return };
                    seq += 1;
                    event["s"] = json!(seq);
                    if event["t"] == "INTERACTION_CREATE"
                        && let Some(id) = event["d"]["id"].as_str()
                    {
                        interactions
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .insert(id.to_string(), (Instant::now(), false));
                    }
                    if ws.send(Message::Text(event.to_string())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

/// The bot token the tests give the real binary (tests assert it never reaches a log).
pub const BOT_TOKEN: &str = "fake-token-that-must-never-be-logged";

/// The real `skald` process talking to a fake Discord, killed when the test ends.
pub struct Bot(Child);

impl Bot {
    /// Waits up to `within` for the process to end by itself; its exit code, or `None` if
    /// it is still running (or ended by a signal).
    pub fn exit_code(&mut self, within: std::time::Duration) -> Option<i32> {
        let until = Instant::now() + within;
        while Instant::now() < until {
            if let Ok(Some(status)) = self.0.try_wait() {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the real `skald` against `fake` with its store under `data` and `extra` appended to
/// its config file (e.g. `threads = true` in `[discord]`, or an `[ai]` section); logs at trace
/// level into the returned file.
pub fn start_bot(fake: &FakeDiscord, data: &Path, extra: &str) -> (Bot, PathBuf) {
    start_bot_logging(fake, data, extra, "trace")
}

/// The most verbose log filter there is: `trace`, and `trace` named for every module of the
/// libraries that log requests and payloads (HTTP, gateway, TLS), so no cap the bot puts on
/// a crate as a whole holds.
pub fn most_verbose_log() -> String {
    const MODULES: &[(&str, &[&str])] = &[
        (
            "serenity",
            &[
                "builder",
                "cache",
                "client",
                "collector",
                "constants",
                "error",
                "framework",
                "gateway",
                "http",
                "internal",
                "json",
                "model",
                "utils",
            ],
        ),
        (
            "poise",
            &[
                "builtins",
                "dispatch",
                "framework",
                "reply",
                "slash_argument",
                "structs",
            ],
        ),
        (
            "hyper",
            &[
                "body", "client", "common", "proto", "rt", "service", "upgrade",
            ],
        ),
        ("hyper_util", &["client", "common", "rt", "service"]),
        (
            "reqwest",
            &["async_impl", "connect", "dns", "proxy", "redirect", "util"],
        ),
        (
            "tungstenite",
            &["client", "handshake", "protocol", "stream", "util"],
        ),
        (
            "tokio_tungstenite",
            &["compat", "connect", "handshake", "stream"],
        ),
        ("rustls", &["client", "common_state", "conn", "msgs"]),
        ("h2", &["client", "codec", "frame", "proto"]),
    ];
    let mut filter = vec!["trace".to_string()];
    for (krate, modules) in MODULES {
        filter.push(format!("{krate}=trace"));
        for m in *modules {
            filter.push(format!("{krate}::{m}=trace"));
        }
    }
    filter.join(",")
}

/// [`start_bot`] with this `RUST_LOG` filter.
pub fn start_bot_logging(
    fake: &FakeDiscord,
    data: &Path,
    extra: &str,
    rust_log: &str,
) -> (Bot, PathBuf) {
    start_bot_with_guild(fake, data, &GUILD_ID.to_string(), extra, rust_log)
}

/// [`start_bot_logging`] with `guild` written as given after `guild = ` in the config file
/// (`"\"81…\""`: the quoted form admins copy from other bots' configurations).
pub fn start_bot_with_guild(
    fake: &FakeDiscord,
    data: &Path,
    guild: &str,
    extra: &str,
    rust_log: &str,
) -> (Bot, PathBuf) {
    start_bot_with_env(fake, data, guild, extra, rust_log, &[])
}

/// [`start_bot_with_guild`] with these variables added to the process's environment (a
/// fault-injection point, such as `SKALD_TEST_DIE_AFTER_THREAD`).
pub fn start_bot_with_env(
    fake: &FakeDiscord,
    data: &Path,
    guild: &str,
    extra: &str,
    rust_log: &str,
    env: &[(&str, &str)],
) -> (Bot, PathBuf) {
    let config = data.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n[discord]\nenabled = true\ntoken_env = \"SKALD_TEST_DISCORD_TOKEN\"\napi_base = \"{}\"\nguild = {guild}\n{extra}",
            data.join("store").display(),
            fake.api_base,
        ),
    )
    .expect("write the config");
    let log = data.join("stderr.log");
    let child = Command::new(crate::skald_bin())
        .arg("--config")
        .arg(&config)
        .env("SKALD_TEST_DISCORD_TOKEN", BOT_TOKEN)
        .env("SKALD_SEED", "5")
        .env("RUST_LOG", rust_log)
        .envs(env.iter().copied())
        // Never the real Discord: no proxy, and every URL is the fake's.
        .env_remove("HTTPS_PROXY")
        .env_remove("HTTP_PROXY")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log file"))
        .spawn()
        .expect("skald starts");
    (Bot(child), log)
}

//! Playing the built-in engine on Matrix, end to end: a real Synapse (from the virtualenv
//! `scripts/test` prepares), the real `skald` binary logged in as `@skald:localhost`, and one
//! player. `!skald challenge tafl @skald` and naming the bot's own id both start a game
//! against the engine; its moves arrive in the room as text with a board image, pinging the
//! player, never mentioning the engine. The engine's budget is cut with `[ai] budget_scale` so
//! the test stays quick.

#![recursion_limit = "256"]

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, Room, RoomState};
use skald_tests::TempDir;
use skald_tests::synapse::{self, Synapse};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one expected message may take.
const WAIT: Duration = Duration::from_secs(60);

/// A message the player's client saw.
#[derive(Clone, Debug)]
struct Seen {
    room: OwnedRoomId,
    sender: OwnedUserId,
    body: String,
    mentions: Vec<OwnedUserId>,
    image: bool,
}

/// The player: a logged-in client syncing in the background, and what it has seen.
struct Player {
    client: Client,
    seen: Arc<Mutex<Vec<Seen>>>,
    _dir: TempDir,
}

impl Player {
    async fn login(url: &str, name: &str, password: &str) -> Player {
        let dir = TempDir::new(&format!("matrix-ai-{name}"));
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
                let mentions = ev
                    .content
                    .mentions
                    .as_ref()
                    .map(|m| m.user_ids.iter().cloned().collect())
                    .unwrap_or_default();
                log.lock().unwrap().push(Seen {
                    room: room.room_id().to_owned(),
                    sender: ev.sender.clone(),
                    body: ev.content.body().to_string(),
                    mentions,
                    image: matches!(ev.content.msgtype, MessageType::Image(_)),
                });
            }
        });
        client
            .sync_once(SyncSettings::default())
            .await
            .expect("first sync");
        let c = client.clone();
        tokio::spawn(async move { c.sync(SyncSettings::default()).await });
        Player {
            client,
            seen,
            _dir: dir,
        }
    }

    fn id(&self) -> OwnedUserId {
        self.client.user_id().expect("logged in").to_owned()
    }

    fn mark(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Waits for a message after `from` matching `pred`.
    async fn wait_for(&self, from: usize, what: &str, pred: impl Fn(&Seen) -> bool) -> Seen {
        let deadline = Instant::now() + WAIT;
        loop {
            {
                let seen = self.seen.lock().unwrap();
                if let Some(s) = seen.iter().skip(from).find(|s| pred(s)) {
                    return s.clone();
                }
                assert!(
                    Instant::now() < deadline,
                    "waited in vain for {what}; seen: {:#?}",
                    &seen[from.min(seen.len())..]
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits for the engine's move in game `game`: its text pinging the player, then a board.
    async fn engine_moves(&self, from: usize, room: &RoomId, game: u64) -> Seen {
        let bot = bot_id();
        let needle = format!("#{game}: skald (");
        let text = self
            .wait_for(from, "the engine's move", |s| {
                s.sender == bot
                    && s.room == room
                    && !s.image
                    && s.body
                        .lines()
                        .any(|l| l.starts_with(&needle) && l.contains(" played "))
            })
            .await;
        assert!(
            text.mentions.contains(&self.id()),
            "the player is pinged: {text:?}"
        );
        assert!(
            !text.mentions.iter().any(|m| m == &bot),
            "the engine is never mentioned: {text:?}"
        );
        self.wait_for(from, "the board after the engine's move", |s| {
            s.sender == bot && s.room == room && s.image
        })
        .await;
        text
    }

    async fn say(&self, room: &RoomId, text: &str) {
        let room = self.joined(room).await;
        room.send(RoomMessageEventContent::text_plain(text))
            .await
            .expect("the message is sent");
    }

    async fn joined(&self, id: &RoomId) -> Room {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(r) = self.client.get_room(id)
                && r.state() == RoomState::Joined
            {
                return r;
            }
            assert!(Instant::now() < deadline, "never joined {id}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

fn bot_id() -> OwnedUserId {
    UserId::parse(format!("@skald:{}", synapse::SERVER_NAME)).expect("valid")
}

/// The bot process; killed (SIGKILL) when dropped.
struct Bot(Child);

impl Bot {
    fn start(config: &std::path::Path, log: &std::path::Path) -> Bot {
        let err = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("the bot's log");
        let child = Command::new(skald_tests::skald_bin())
            .arg("--config")
            .arg(config)
            .env("SKALD_MATRIX_PASSWORD", "bot-password")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::from(err))
            .spawn()
            .expect("skald starts");
        Bot(child)
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until the bot's log says it is ready for the `n`-th time (once per start).
async fn bot_ready(log: &std::path::Path, n: usize) {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_the_engine_on_a_real_synapse() {
    let python = synapse::python();
    let hs = Synapse::start(&python);
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    let url = hs.url();

    let dir = TempDir::new("matrix-ai-bot");
    let config = dir.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n\n[ai]\nbudget_scale = 0.02\n\n[matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n",
            dir.path().join("data").display(),
            bot_id()
        ),
    )
    .expect("write the config");
    let log = std::env::temp_dir().join(format!("skald-matrix-ai-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let bot = Bot::start(&config, &log);
    bot_ready(&log, 1).await;

    let carol = Player::login(&url, "carol", "carol-password").await;
    let mut request = CreateRoom::new();
    request.invite = vec![bot_id()];
    let room = carol
        .client
        .create_room(request)
        .await
        .expect("room created")
        .room_id()
        .to_owned();
    // The bot joins on the invite; its answer to `help` shows it is in.
    let m = carol.mark();
    carol.say(&room, "!skald help").await;
    carol
        .wait_for(m, "the bot's help", |s| s.sender == bot_id())
        .await;

    // `@skald hard`, the engine first: it moves at once, with a board, pinging carol.
    let m = carol.mark();
    carol
        .say(&room, "!skald challenge tafl @skald hard second")
        .await;
    let started = carol
        .wait_for(m, "the game's start", |s| s.body.contains("Game #1 starts"))
        .await;
    assert!(started.body.contains("casual"), "{started:?}");
    carol.engine_moves(m, &room, 1).await;

    // Carol answers with a legal move, read from a refusal's list; the engine answers again.
    let m = carol.mark();
    carol.say(&room, "!skald move z9-z9").await;
    let refusal = carol
        .wait_for(m, "a refusal listing legal moves", |s| {
            s.body.contains("legal moves:")
        })
        .await;
    let first = refusal
        .body
        .split("legal moves:")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .map(|t| t.trim_end_matches(',').to_string())
        .expect("a legal move is listed");
    let m = carol.mark();
    carol.say(&room, &format!("!skald move {first}")).await;
    carol
        .wait_for(m, "carol's move", |s| {
            s.body
                .contains(&format!("carol (Defenders) played {first}"))
        })
        .await;
    carol.engine_moves(m, &room, 1).await;
    carol.say(&room, "!skald resign").await;

    // Naming the bot by its Matrix id plays the engine too: Daldøsa, the engine first.
    let m = carol.mark();
    carol
        .say(
            &room,
            &format!("!skald challenge daldosa {} easy second", bot_id()),
        )
        .await;
    carol
        .wait_for(m, "the Daldøsa game's start", |s| {
            s.body.contains("Game #2 starts: Daldøsa, skald")
        })
        .await;
    // The engine plays first, but its dice may leave it no move (it passes at once): then
    // carol plays her first listed step until the engine has moved.
    let mut from = m;
    let engine_played = |l: &str| l.starts_with("#2: skald (") && l.contains(" played ");
    for _ in 0..12 {
        let seen = carol
            .wait_for(from, "the engine's Daldøsa move or carol's turn", |s| {
                s.sender == bot_id()
                    && s.room == room
                    && !s.image
                    && s.body
                        .lines()
                        .any(|l| engine_played(l) || l.starts_with("#2: carol (Black) to move"))
            })
            .await;
        if seen.body.lines().any(engine_played) {
            break;
        }
        from = carol.mark();
        carol.say(&room, "!skald move #2 1").await;
    }
    carol.engine_moves(from, &room, 2).await;
    drop(bot);
    drop(hs);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!text.contains("panicked"), "the bot panicked: {text}");
    let _ = std::fs::remove_file(&log);
}

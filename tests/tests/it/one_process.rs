//! One `skald` process serving Discord and Matrix at once, end to end: the real binary with
//! `[discord]` (against the loopback fake Discord) and `[matrix]` (against a real Synapse)
//! both enabled, on one store and a fake clock. A game on each platform; an engine move and
//! a reminder each posted on the platform of its game and nowhere else; then SIGTERM in the
//! middle of traffic on both platforms: the process stops cleanly, and every command it
//! acknowledged (moves and challenges) is in the store when it is opened again.

use crate::matrix_common::{Player, bot_id, bot_ready};
use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{self, BOT_TOKEN, FakeDiscord, callback, text, wait_channel_post};
use skald_tests::synapse::{self, Synapse};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");

/// The bot process; SIGKILLed if the test ends before it stopped by itself.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every Discord text the bot sent (answers, follow-ups, channel posts).
fn discord_texts(fake: &FakeDiscord) -> Vec<String> {
    fake.calls().iter().map(text).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_serves_discord_and_matrix_on_one_store() {
    let python = synapse::python();
    let hs = Synapse::start(&python);
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    hs.register("dave", "dave-password");
    let url = hs.url();
    // The fake Discord runs its own runtime: started off this test's runtime.
    let fake = std::thread::spawn(FakeDiscord::start)
        .join()
        .expect("the fake Discord starts");

    let dir = TempDir::new("one-process");
    let data = dir.path().join("data");
    let config = dir.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n\n[ai]\nbudget_scale = 0.004\n\n[clock]\nfake = true\n\n\
             [discord]\nenabled = true\ntoken_env = \"SKALD_TEST_DISCORD_TOKEN\"\napi_base = \"{}\"\nguild = {}\n\n\
             [matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n",
            data.display(),
            fake.api_base,
            fake_discord::GUILD_ID,
            bot_id()
        ),
    )
    .expect("write the config");
    let log = dir.path().join("skald.log");
    let mut bot = Bot(Command::new(skald_tests::skald_bin())
        .arg("--config")
        .arg(&config)
        .env("SKALD_TEST_DISCORD_TOKEN", BOT_TOKEN)
        .env("SKALD_MATRIX_PASSWORD", "bot-password")
        .env("SKALD_SEED", "5")
        .env("RUST_LOG", "debug")
        .env_remove("HTTPS_PROXY")
        .env_remove("HTTP_PROXY")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("the log file"))
        .spawn()
        .expect("skald starts"));
    bot_ready(&log, 1).await;
    tokio::task::block_in_place(|| {
        fake.wait_calls(1, "command registration", |c| c.method == "PUT")
    });

    // Discord: alice and bob start a game and alice moves (#1); alice plays the engine (#2),
    // which moves first.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 0, 0, Some(BOB), None),
    );
    assert!(text(&callback(&fake, 1)).contains("Challenge #1"));
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(2, BOB, "accept #1"),
    );
    assert!(text(&callback(&fake, 2)).contains("Game #1 starts"));
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(3, ALICE, "d1-d4"),
    );
    assert!(text(&callback(&fake, 3)).contains("played d1-d4"));
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(4, ALICE, 0, 1, None, Some(0)),
    );
    assert!(text(&callback(&fake, 4)).contains("Game #2 starts"));
    let engine_on_discord = wait_channel_post(&fake, "#2: skald (Attackers) played");
    assert!(
        engine_on_discord.has_png(),
        "the board comes with the engine's move"
    );

    // Matrix: carol and dave start a game and carol moves (#3); carol plays the engine (#4).
    let carol = Player::login(&url, "carol", "carol-password").await;
    let dave = Player::login(&url, "dave", "dave-password").await;
    let room = carol.create_room(&dave, false).await;
    let m = dave.mark();
    carol
        .say(&room, "!skald challenge tafl @dave:localhost first")
        .await;
    dave.bot_says(m, &room, "Challenge #3").await;
    let m = carol.mark();
    dave.say(&room, "!skald accept").await;
    carol.bot_says(m, &room, "Game #3 starts").await;
    let m = dave.mark();
    carol.say(&room, "!skald move d1-d4").await;
    dave.bot_says(m, &room, "played d1-d4").await;
    let m = carol.mark();
    carol
        .say(&room, "!skald challenge tafl @skald easy second")
        .await;
    carol.bot_says(m, &room, "Game #4 starts").await;
    carol
        .wait_for(m, "the engine's move in #4", |s| {
            s.sender == bot_id()
                && s.room == room
                && s.body
                    .lines()
                    .any(|l| l.starts_with("#4: skald (") && l.contains(" played "))
        })
        .await;
    // Each engine move went to its own platform only.
    assert!(
        !discord_texts(&fake)
            .iter()
            .any(|t| t.contains("#4: skald (")),
        "the Matrix game's engine move reached Discord"
    );
    let on_matrix = |needle: &str| {
        let seen = carol.seen.lock().expect("seen");
        seen.iter()
            .filter(|s| s.sender == bot_id() && s.body.contains(needle))
            .count()
    };
    assert_eq!(
        on_matrix("#2: skald ("),
        0,
        "the Discord game's engine move reached Matrix"
    );

    // A day before the deadlines (2025-01-04 00:00): each reminder on its game's platform.
    let m = dave.mark();
    std::fs::write(data.join("fake-clock"), "2025-01-03T00:30\n").expect("move the clock");
    let reminder = dave
        .bot_says(m, &room, "Reminder, dave: your move in game #3")
        .await;
    assert_eq!(reminder.mentions, [dave.id()], "only dave is pinged");
    let reminder = wait_channel_post(&fake, "your move in game #1");
    assert_eq!(
        reminder.json()["allowed_mentions"]["users"],
        json!([BOB.0.to_string()]),
        "only bob is pinged"
    );
    assert!(
        !discord_texts(&fake)
            .iter()
            .any(|t| t.contains("in game #3") || t.contains("in game #4")),
        "a Matrix game's reminder reached Discord"
    );
    // Alice's engine game on Discord is due too: its reminder is on Discord, not here.
    wait_channel_post(&fake, "your move in game #2");
    assert_eq!(
        on_matrix("in game #1"),
        0,
        "a Discord game's reminder reached Matrix"
    );
    assert_eq!(
        on_matrix("in game #2"),
        0,
        "a Discord game's reminder reached Matrix"
    );

    // Traffic on both platforms, and SIGTERM in the middle of it.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(10, BOB, "e5-e2"),
    );
    let m_dave = dave.mark();
    dave.say(&room, "!skald move e5-e2").await;
    for i in 0..12u64 {
        fake.dispatch(
            "INTERACTION_CREATE",
            fake_discord::challenge(20 + i, ALICE, 0, 2, None, None),
        );
        carol.say(&room, "!skald challenge daldosa open").await;
        if i == 6 {
            // At least bob's move is answered before the stop, so there is something the
            // store must keep; the challenges around it are in flight.
            callback(&fake, 10);
            let pid = bot.0.id().to_string();
            let killed = Command::new("kill").args(["-TERM", &pid]).status();
            assert!(killed.is_ok_and(|s| s.success()), "SIGTERM sent");
        }
    }
    let until = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = bot.0.try_wait().expect("the bot's status") {
            break status;
        }
        assert!(
            Instant::now() < until,
            "the bot did not stop within 30 s of SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "a clean stop exits 0: {status}\n{logged}");
    assert!(!logged.contains("panicked"), "{logged}");
    assert!(logged.contains("the store is flushed"), "{logged}");
    // Give the players' clients a moment to receive what the bot sent before it stopped.
    tokio::time::sleep(Duration::from_secs(2)).await;

    // What the bot acknowledged before it stopped.
    let mut acked: Vec<u64> = Vec::new();
    let number_after = |t: &str, word: &str| -> Option<u64> {
        let rest = &t[t.find(word)? + word.len()..];
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let mut discord_moved = false;
    for call in fake.calls() {
        let t = text(&call);
        if call.path.contains("/interactions/10/") && t.contains("played e5-e2") {
            discord_moved = true;
        }
        if let Some(n) = number_after(&t, "Challenge #").filter(|n| *n > 4) {
            acked.push(n);
        }
    }
    let matrix_moved = {
        let seen = dave.seen.lock().expect("seen");
        for s in seen.iter().filter(|s| s.sender == bot_id()) {
            if let Some(n) = number_after(&s.body, "Challenge #").filter(|n| *n > 4) {
                acked.push(n);
            }
        }
        seen.iter()
            .skip(m_dave)
            .any(|s| s.sender == bot_id() && s.body.contains("played e5-e2"))
    };
    let closed = discord_texts(&fake)
        .iter()
        .filter(|t| t.contains("Skald is restarting"))
        .count();
    // The store opens again, and holds every acknowledged command.
    let export = Command::new(skald_tests::skald_bin())
        .args(["--config"])
        .arg(&config)
        .arg("export")
        .output()
        .expect("skald export runs");
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let lines: Vec<Value> = String::from_utf8_lossy(&export.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let stored = |id: u64| {
        lines
            .iter()
            .any(|l| l["challenge"]["id"] == json!(id) || l["game"]["id"] == json!(id))
    };
    for id in &acked {
        assert!(
            stored(*id),
            "challenge #{id} was acknowledged but is not in the store"
        );
    }
    let game_moves = |id: u64| -> String {
        lines
            .iter()
            .find(|l| l["game"]["id"] == json!(id))
            .map(|l| l["game"].to_string())
            .unwrap_or_default()
    };
    if discord_moved {
        assert!(
            game_moves(1).contains("e5-e2"),
            "bob's acknowledged move is stored"
        );
    }
    if matrix_moved {
        assert!(
            game_moves(3).contains("e5-e2"),
            "dave's acknowledged move is stored"
        );
    }
    assert!(discord_moved, "bob's move was acknowledged before the stop");
    println!(
        "acknowledged before SIGTERM: {} challenges {acked:?}, discord move {discord_moved}, matrix move {matrix_moved}; {closed} Discord commands turned away while stopping",
        acked.len()
    );
    drop(hs);
}

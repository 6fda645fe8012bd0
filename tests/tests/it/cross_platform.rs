//! A Discord player and a Matrix player in one community, end to end: the real binary with
//! the fake Discord and a real Synapse, `[[community]]` joining the Discord server and the
//! Matrix room. alice (Discord) links her Matrix account with a code only she sees; carol
//! (Matrix) challenges alice by name; alice accepts on Discord, and the game is posted in
//! both homes, each move pinging the other player on their own platform; the ladder reads
//! the same from both sides. Then a Subulata game across the platforms: each player's values
//! only in their own private channel, the public board in both homes. Last, the room is put
//! in a space and the community names the space: an open challenge made in the room is
//! announced in the community's Discord channel and accepted from Discord.

use crate::matrix_common::{Player, bot_id, bot_ready};
use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{
    self, BOT_TOKEN, Call, FakeDiscord, callback, text, wait_channel_post,
};
use skald_tests::synapse::{self, Synapse};
use std::path::Path;
use std::process::{Child, Command, Stdio};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");

/// The bot process; stopped when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(config: &Path, log: &Path) -> Bot {
    Bot(Command::new(skald_tests::skald_bin())
        .arg("--config")
        .arg(config)
        .env("SKALD_TEST_DISCORD_TOKEN", BOT_TOKEN)
        .env("SKALD_MATRIX_PASSWORD", "bot-password")
        .env("SKALD_SEED", "5")
        .env("RUST_LOG", "debug")
        .env_remove("HTTPS_PROXY")
        .env_remove("HTTP_PROXY")
        .stdout(Stdio::null())
        .stderr(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log)
                .expect("the log file"),
        )
        .spawn()
        .expect("skald starts"))
}

/// Every text of a call, the ephemeral follow-ups' too.
fn all_text(call: &Call) -> String {
    call.json().to_string()
}

fn slash(id: u64, name: &str, options: Value) -> Value {
    fake_discord::command(id, 2, ALICE, name, options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_player_and_a_matrix_player_play_in_one_community() {
    let python = synapse::python();
    let hs = Synapse::start(&python);
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    hs.register("malice", "malice-password");
    let url = hs.url();
    let fake = std::thread::spawn(FakeDiscord::start)
        .join()
        .expect("the fake Discord starts");
    let dir = TempDir::new("cross-platform");
    let data = dir.path().join("data");
    let config = dir.path().join("skald.toml");
    let log = dir.path().join("skald.log");
    let write_config = |community: &str| {
        std::fs::write(
            &config,
            format!(
                "[store]\ndata = \"{}\"\n\n[clock]\nfake = true\n\n\
                 [discord]\nenabled = true\ntoken_env = \"SKALD_TEST_DISCORD_TOKEN\"\napi_base = \"{}\"\nguild = {}\n\n\
                 [matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n\n{community}",
                data.display(),
                fake.api_base,
                fake_discord::GUILD_ID,
                bot_id()
            ),
        )
        .expect("write the config")
    };

    // The room exists before the community names it: made while a first bot runs.
    write_config("");
    let bot = start(&config, &log);
    bot_ready(&log, 1).await;
    let carol = Player::login(&url, "carol", "carol-password").await;
    let malice = Player::login(&url, "malice", "malice-password").await;
    let room = carol.create_room(&malice, false).await;
    let m = carol.mark();
    carol.say(&room, "!skald help").await;
    carol.bot_says(m, &room, "challenge").await;
    let pid = bot.0.id().to_string();
    let stopped = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(stopped.is_ok_and(|s| s.success()), "SIGTERM sent");
    drop(bot);
    write_config(&format!(
        "[[community]]\nname = \"club\"\ndiscord_guilds = [{}]\nmatrix_rooms = [\"{room}\"]\n",
        fake_discord::GUILD_ID
    ));
    let _bot = start(&config, &log);
    bot_ready(&log, 2).await;
    tokio::task::block_in_place(|| {
        fake.wait_calls(1, "command registration", |c| c.method == "PUT")
    });

    // alice speaks on Discord, and links her Matrix account with a code only she sees.
    fake.dispatch("INTERACTION_CREATE", slash(1, "link", json!([])));
    let public = callback(&fake, 1);
    assert!(text(&public).contains("link code"), "{}", text(&public));
    let answer = tokio::task::block_in_place(|| {
        fake.wait_calls(1, "alice's code", |c| {
            all_text(c).contains("Your link code")
        })
        .remove(0)
    });
    assert!(
        answer.path.contains("/webhooks/"),
        "a follow-up: {}",
        answer.path
    );
    let code = all_text(&answer)
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .find(|w| w.len() == 9 && w.as_bytes()[4] == b'-')
        .map(str::to_string)
        .expect("the code in alice's answer");
    assert_eq!(answer.json()["flags"], json!(64), "ephemeral");
    // Typed in the shared room, a code is refused and not used.
    let m = malice.mark();
    malice.say(&room, &format!("!skald link {code}")).await;
    malice
        .bot_says(m, &room, "Everyone here can read what you type")
        .await;
    // A bare `link` works in the room: malice's own code comes in her direct room, which
    // is where she then sends alice's.
    let m = malice.mark();
    malice.say(&room, "!skald link").await;
    let own = malice
        .wait_for(m, "malice's code, privately", |s| {
            s.sender == bot_id() && s.body.contains("Your link code")
        })
        .await;
    assert_ne!(own.room, room, "a code in the shared room");
    let dm = own.room.clone();
    malice.joined(&dm).await;
    let m = malice.mark();
    malice.say(&dm, &format!("!skald link {code}")).await;
    malice.bot_says(m, &dm, "now plays as alice").await;

    // carol challenges alice by name from the room; alice accepts on Discord.
    let m = carol.mark();
    carol.say(&room, "!skald challenge tafl @alice first").await;
    carol.bot_says(m, &room, "Challenge #").await;
    // alice is told on Discord, where she last used Skald, pinged.
    // (A Discord player named in a text is a real Discord mention.)
    let told = wait_channel_post(&fake, &format!("challenges <@{}>", ALICE.0));
    assert_eq!(
        told.json()["allowed_mentions"]["users"],
        json!([ALICE.0.to_string()]),
        "alice is pinged on Discord"
    );
    let m = carol.mark();
    fake.dispatch("INTERACTION_CREATE", slash(2, "accept", json!([])));
    assert!(
        text(&callback(&fake, 2)).contains("starts"),
        "the game starts"
    );
    let started = carol.bot_says(m, &room, "starts").await;
    assert_eq!(
        started.mentions,
        [carol.id()],
        "carol moves first, pinged in her room"
    );

    // Each move is posted in the other home, pinging the player to move there.
    let m = carol.mark();
    carol.say(&room, "!skald move d1-d4").await;
    carol.bot_says(m, &room, "played d1-d4").await;
    let post = wait_channel_post(&fake, "played d1-d4");
    assert_eq!(
        post.json()["allowed_mentions"]["users"],
        json!([ALICE.0.to_string()]),
        "alice is pinged on Discord"
    );
    assert!(post.has_png(), "the board comes with it");
    let m = carol.mark();
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(3, ALICE, "f4-e4"),
    );
    assert!(text(&callback(&fake, 3)).contains("played f4-e4"));
    let moved = carol.bot_says(m, &room, "played f4-e4").await;
    assert_eq!(moved.mentions, [carol.id()]);
    // alice's linked Matrix account is never pinged for a move she made on Discord.
    assert!(!moved.mentions.contains(&malice.id()));

    // The game ends; the ladder reads the same from both sides.
    let m = carol.mark();
    carol.say(&room, "!skald resign").await;
    carol.bot_says(m, &room, "resigned").await;
    wait_channel_post(&fake, "resigned");
    let m = carol.mark();
    carol.say(&room, "!skald ladder tafl").await;
    let on_matrix = carol.bot_says(m, &room, "Ladder").await;
    fake.dispatch(
        "INTERACTION_CREATE",
        slash(
            4,
            "ladder",
            json!([{"name": "rule_set", "type": 4, "value": 0}]),
        ),
    );
    let on_discord = text(&callback(&fake, 4));
    let lines = |t: &str| {
        t.lines()
            .filter(|l| l.contains('±'))
            .map(str::trim)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&on_matrix.body), lines(&on_discord), "{on_discord}");
    assert_eq!(lines(&on_discord).len(), 2, "{on_discord}");

    // A Subulata game across the platforms: each player's values reach only their own
    // private channel (alice's ephemerally on Discord, carol's in her direct room), and both
    // homes see the public board.
    let m = carol.mark();
    carol
        .say(&room, "!skald challenge subulata @alice first casual")
        .await;
    carol.bot_says(m, &room, "Challenge #").await;
    let m = carol.mark();
    fake.dispatch("INTERACTION_CREATE", slash(5, "accept", json!([])));
    let accepted = callback(&fake, 5);
    assert!(text(&accepted).contains("starts"), "{}", text(&accepted));
    assert!(!text(&accepted).contains("Your values"), "values in public");
    let alice_values = tokio::task::block_in_place(|| {
        fake.wait_calls(1, "alice's values", |c| {
            c.path.ends_with("/token-5") && all_text(c).contains("Your values were placed")
        })
        .remove(0)
    });
    assert_eq!(alice_values.json()["flags"], json!(64), "ephemeral");
    carol.bot_says(m, &room, "starts").await;
    carol.bot_board(m, &room).await;
    let carol_values = carol
        .wait_for(m, "carol's values", |s| {
            s.sender == bot_id() && s.body.contains("Your values were placed")
        })
        .await;
    assert_ne!(carol_values.room, room, "carol's values in the shared room");
    let in_room = carol.seen.lock().expect("seen").clone();
    assert!(
        !in_room
            .iter()
            .any(|s| s.room == room && s.body.contains("Your values")),
        "values in the shared room"
    );
    // carol moves (a legal move read from a refusal); Discord sees it with its board.
    let m = carol.mark();
    carol.say(&room, "!skald move z9-z9").await;
    let refusal = carol.bot_says(m, &room, "legal moves").await;
    let first = refusal
        .body
        .split("legal moves:")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .map(|t| t.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-'))
        .expect("a legal move is listed")
        .to_string();
    carol.say(&room, &format!("!skald move {first}")).await;
    carol.bot_says(m, &room, &format!("played {first}")).await;
    let post = wait_channel_post(&fake, &format!("played {first}"));
    assert!(post.has_png(), "the public board on Discord");
    assert!(!text(&post).contains("Your values"));
    // alice resigns on Discord; the room hears it.
    let m = carol.mark();
    fake.dispatch("INTERACTION_CREATE", slash(6, "resign", json!([])));
    assert!(text(&callback(&fake, 6)).contains("resign"));
    carol.bot_says(m, &room, "resign").await;

    // From Discord, alice names carol (a Matrix player) in `/challenge`'s `player` option:
    // typing `car` offers her (she is on the community's ladder), labelled with her
    // platform; the room is told, pinging carol, and she accepts there.
    let mut typed = slash(
        50,
        "challenge",
        json!([{"name": "rule_set", "type": 4, "value": 0},
               {"name": "player", "type": 3, "value": "car", "focused": true}]),
    );
    typed["type"] = json!(4);
    fake.dispatch("INTERACTION_CREATE", typed);
    let offered = callback(&fake, 50).json()["data"]["choices"].clone();
    assert_eq!(
        offered,
        json!([{"name": "carol (matrix)", "value": "carol"}]),
        "`car` offers carol"
    );
    let m = carol.mark();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash(
            7,
            "challenge",
            json!([{"name": "rule_set", "type": 4, "value": 0},
                   {"name": "player", "type": 3, "value": "carol"}]),
        ),
    );
    assert!(text(&callback(&fake, 7)).contains("challenges @carol"));
    let told = carol.bot_says(m, &room, "challenges @carol").await;
    assert_eq!(told.mentions, [carol.id()], "carol is pinged in her room");
    let m = carol.mark();
    carol.say(&room, "!skald accept").await;
    carol.bot_says(m, &room, "starts").await;
    wait_channel_post(&fake, "starts");

    // A space stands for its rooms: carol puts the room in a space the bot is in, and the
    // community names the space instead of the room, with a Discord channel to post in.
    let space = carol.create_space(&room).await;
    wait_log(&log, &format!("joined after an invite room={space}")).await;
    let pid = _bot.0.id().to_string();
    let stopped = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(stopped.is_ok_and(|s| s.success()), "SIGTERM sent");
    drop(_bot);
    write_config(&format!(
        "[[community]]\nname = \"club\"\ndiscord_guilds = [{}]\nmatrix_spaces = [\"{space}\"]\ndiscord_channels = [{}]\n",
        fake_discord::GUILD_ID,
        fake_discord::CHANNEL_ID
    ));
    let _bot = start(&config, &log);
    bot_ready(&log, 3).await;
    // carol's open challenge in the room is announced in the community's Discord channel,
    // with an Accept button; alice accepts it from Discord, and the room sees the game.
    let m = carol.mark();
    carol.say(&room, "!skald challenge tafl first casual").await;
    carol.bot_says(m, &room, "challenges anyone").await;
    let announced = wait_channel_post(&fake, "challenges anyone");
    assert!(
        announced.json()["components"]
            .to_string()
            .contains("Accept")
            || announced.json()["components"]
                .to_string()
                .contains("accept"),
        "an Accept button: {}",
        announced.json()
    );
    let m = carol.mark();
    fake.dispatch("INTERACTION_CREATE", slash(8, "accept", json!([])));
    assert!(
        text(&callback(&fake, 8)).contains("starts"),
        "the game starts"
    );
    carol.bot_says(m, &room, "starts").await;
    fake.assert_valid();
}

/// Waits until the bot's log holds `needle`.
async fn wait_log(log: &Path, needle: &str) {
    let deadline = std::time::Instant::now() + crate::matrix_common::WAIT;
    while !std::fs::read_to_string(log)
        .unwrap_or_default()
        .contains(needle)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "never logged: {needle}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

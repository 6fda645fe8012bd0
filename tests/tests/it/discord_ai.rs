//! Playing the built-in engine on Discord, end to end: the real `skald` binary against the
//! loopback fake Discord. `/challenge` with the bot itself as the opponent, and with only a
//! `level`, start games against the engine; the engine's moves arrive as channel messages
//! with the board, pinging only the human. The engine's budget is cut with `[ai]
//! budget_scale` so the test stays quick (what is checked does not depend on its strength).

use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{self, Call, FakeDiscord, command, start_bot};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
/// Interaction response type "message" and the ephemeral flag.
const MESSAGE: u64 = 4;
const EPHEMERAL: u64 = 64;

fn callback_of(fake: &FakeDiscord, interaction: u64) -> Call {
    let path = format!("/api/v10/interactions/{interaction}/token-{interaction}/callback");
    fake.wait_calls(1, &path, |c| c.path == path).remove(0)
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

/// The first `n` messages the bot posted in the channel by itself (not as an answer).
fn channel_messages(fake: &FakeDiscord, n: usize) -> Vec<Call> {
    let path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    fake.wait_calls(n, "the engine's messages in the channel", |c| {
        c.method == "POST" && c.path == path
    })
}

/// The text of a channel message, or of an interaction response's message.
fn content(call: &Call) -> String {
    let json = call.json();
    json["content"]
        .as_str()
        .or_else(|| json["data"]["content"].as_str())
        .unwrap_or("")
        .to_string()
}

/// Asserts `call` is an engine move in `game`: text and board, only alice pinged.
fn assert_engine_move(call: &Call, game: u64) {
    let text = content(call);
    assert!(
        text.contains(&format!("#{game}: skald (")) && text.contains(" played "),
        "{text}"
    );
    assert!(call.has_png(), "the board is attached: {text}");
    let mentions = &call.json()["allowed_mentions"];
    assert_eq!(mentions["users"], json!([ALICE.0.to_string()]), "{text}");
    assert_eq!(mentions["parse"], json!([]), "{text}");
}

#[test]
fn a_game_against_the_engine_on_discord() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-ai");
    let (_bot, _log) = start_bot(&fake, data.path(), "[ai]\nbudget_scale = 0.004\n");
    let put = fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let challenge = put[0]
        .json()
        .as_array()
        .and_then(|cmds| cmds.iter().find(|c| c["name"] == "challenge").cloned())
        .expect("/challenge is registered");
    assert!(
        challenge["options"]
            .as_array()
            .is_some_and(|o| o.iter().any(|o| o["name"] == "level")),
        "/challenge has a level option: {challenge}"
    );

    // Alice picks the bot itself as her opponent, and the second seat: the engine moves first.
    let mut i = command(
        1,
        2,
        ALICE,
        "challenge",
        json!([
            {"name": "rule_set", "type": 4, "value": 0},
            {"name": "opponent", "type": 6, "value": fake_discord::APP_ID.to_string()},
            {"name": "seat", "type": 4, "value": 1},
        ]),
    );
    let mut bot_user = fake_discord::user(fake_discord::APP_ID, "skald");
    bot_user["bot"] = json!(true);
    i["data"]["resolved"] = json!({"users": {fake_discord::APP_ID.to_string(): bot_user}});
    fake.dispatch("INTERACTION_CREATE", i);
    let call = callback_of(&fake, 1);
    assert_eq!(call.json()["type"], json!(MESSAGE));
    let started = content(&call);
    assert!(
        started.contains("Game #1 starts") && started.contains("casual"),
        "{started}"
    );
    assert!(!is_ephemeral(&call.json()["data"]), "{started}");
    let first = channel_messages(&fake, 1);
    assert_engine_move(&first[0], 1);

    // Alice answers with a legal move (offered by autocomplete); the engine answers again.
    let mut i = command(
        2,
        4,
        ALICE,
        "move",
        json!([{"name": "move", "type": 3, "value": "", "focused": true}]),
    );
    i["data"]["options"][0]["focused"] = json!(true);
    fake.dispatch("INTERACTION_CREATE", i);
    let choices = callback_of(&fake, 2).json()["data"]["choices"].clone();
    let mv = choices[0]["value"]
        .as_str()
        .expect("alice has a legal move to pick")
        .to_string();
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(3, ALICE, &mv),
    );
    let answer = content(&callback_of(&fake, 3));
    assert!(answer.contains("alice (Defenders) played"), "{answer}");
    let second = channel_messages(&fake, 2);
    assert_engine_move(&second[1], 1);

    // Only a level, no opponent: a Daldøsa game against the engine at `hard`, which moves
    // first and posts its whole turn as one message.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(4, ALICE, 5, 1, None, Some(2)),
    );
    let started = content(&callback_of(&fake, 4));
    assert!(
        started.contains("Game #2 starts: Daldøsa, skald"),
        "{started}"
    );
    let third = channel_messages(&fake, 3);
    assert_engine_move(&third[2], 2);
}

#[test]
fn a_restart_while_the_engine_thinks_resumes_its_turn() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-ai-restart");
    // Full budget: `hard` thinks for over a second on a Hnefatafl move, long enough for the
    // bot to be killed in the middle of the search.
    let (bot, _log) = start_bot(&fake, data.path(), "");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 0, 0, None, Some(2)),
    );
    let started = content(&callback_of(&fake, 1));
    assert!(started.contains("Game #1 starts"), "{started}");
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(2, ALICE, "d1-d4"),
    );
    let answer = content(&callback_of(&fake, 2));
    assert!(
        answer.contains("alice (Attackers) played d1-d4"),
        "{answer}"
    );
    // The move is acknowledged, so the engine is thinking now: the bot dies (SIGKILL).
    drop(bot);
    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    let posted = |fake: &FakeDiscord| {
        fake.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == channel)
            .count()
    };
    assert_eq!(
        posted(&fake),
        0,
        "the engine had not moved when the bot died"
    );

    // Started again (a smaller budget, so the test is quick): the engine's turn is resumed
    // and its move posted, once.
    let (_bot, _log) = start_bot(&fake, data.path(), "[ai]\nbudget_scale = 0.004\n");
    let moved = channel_messages(&fake, 1);
    assert_engine_move(&moved[0], 1);
    fake.dispatch(
        "INTERACTION_CREATE",
        command(3, 2, ALICE, "board", json!([])),
    );
    let board = content(&callback_of(&fake, 3));
    assert!(board.contains("alice (Attackers) to"), "{board}");
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(posted(&fake), 1, "the engine moved once");
}

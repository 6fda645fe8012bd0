//! A whole game of Brandubh on Discord, end to end: the real `skald` binary against the
//! loopback fake Discord. Alice picks Brandubh among `/challenge`'s rule sets and plays
//! the engine, each move picked from `/move`'s autocomplete, to the game's end; the last
//! board carries the finished game's buttons (rematch, record, replay, review).

use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{self, Call, FakeDiscord, command, start_bot};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");

fn callback_of(fake: &FakeDiscord, interaction: u64) -> Call {
    let path = format!("/api/v10/interactions/{interaction}/token-{interaction}/callback");
    fake.wait_calls(1, &path, |c| c.path == path).remove(0)
}

/// The bot's own messages in the channel (the engine's moves), the first `n` of them.
fn channel_messages(fake: &FakeDiscord, n: usize) -> Vec<Call> {
    let path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    fake.wait_calls(n, "the engine's messages in the channel", |c| {
        c.method == "POST" && c.path == path
    })
}

/// Whether a message tells the game's end.
fn ended(text: &str) -> bool {
    text.contains(" wins") || text.contains("Draw")
}

/// The labels of a message's buttons.
fn buttons(call: &Call) -> Vec<String> {
    let json = call.json();
    let rows = json["components"]
        .as_array()
        .or_else(|| json["data"]["components"].as_array())
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn a_whole_game_of_brandubh_against_the_engine_on_discord() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-brandubh");
    // A whole game is more commands a minute than a person sends: the rate limit is raised.
    let (_bot, _log) = start_bot(
        &fake,
        data.path(),
        "[ai]\nbudget_scale = 0.004\n[limits]\nrate_commands = 1000\n",
    );
    let put = fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // Brandubh is one of `/challenge`'s rule-set choices.
    let brandubh = put[0]
        .json()
        .as_array()
        .and_then(|cmds| cmds.iter().find(|c| c["name"] == "challenge").cloned())
        .and_then(|c| {
            c["options"]
                .as_array()?
                .iter()
                .find(|o| o["name"] == "rule_set")?["choices"]
                .as_array()?
                .iter()
                .find(|ch| ch["name"].as_str().is_some_and(|n| n.contains("Brandubh")))
                .map(|ch| ch["value"].clone())
        })
        .expect("Brandubh is a choice of /challenge");
    let mut i = command(
        1,
        2,
        ALICE,
        "challenge",
        json!([
            {"name": "rule_set", "type": 4, "value": brandubh},
            {"name": "opponent", "type": 6, "value": fake_discord::APP_ID.to_string()},
            {"name": "seat", "type": 4, "value": 0},
        ]),
    );
    let mut bot_user = fake_discord::user(fake_discord::APP_ID, "skald");
    bot_user["bot"] = json!(true);
    i["data"]["resolved"] = json!({"users": {fake_discord::APP_ID.to_string(): bot_user}});
    fake.dispatch("INTERACTION_CREATE", i);
    let started = fake_discord::text(&callback_of(&fake, 1));
    assert!(
        started.contains("Game #1 starts: Brandubh, alice (Attackers) vs skald (Defenders)"),
        "{started}"
    );

    let mut id = 2;
    let mut engine_moves = 0;
    let mut last: Option<Call> = None;
    for _ in 0..200 {
        // Alice's move: the first one autocomplete offers.
        let mut ask = command(
            id,
            4,
            ALICE,
            "move",
            json!([{"name": "move", "type": 3, "value": "", "focused": true}]),
        );
        ask["data"]["options"][0]["focused"] = json!(true);
        fake.dispatch("INTERACTION_CREATE", ask);
        let choices: Value = callback_of(&fake, id).json()["data"]["choices"].clone();
        let mv = choices[0]["value"]
            .as_str()
            .expect("alice has a legal move to pick")
            .to_string();
        id += 1;
        fake.dispatch(
            "INTERACTION_CREATE",
            fake_discord::move_command(id, ALICE, &mv),
        );
        let answer = callback_of(&fake, id);
        let text = fake_discord::text(&answer);
        id += 1;
        assert!(
            text.contains(&format!("alice (Attackers) played {mv}")),
            "{text}"
        );
        if ended(&text) {
            last = Some(answer);
            break;
        }
        // The engine's answer, as a message of its own in the channel.
        engine_moves += 1;
        let reply = channel_messages(&fake, engine_moves).remove(engine_moves - 1);
        let said = fake_discord::text(&reply);
        assert!(said.contains("skald (Defenders) played"), "{said}");
        assert!(reply.has_png(), "the engine's move comes with the board");
        if ended(&said) {
            last = Some(reply);
            break;
        }
    }
    let last = last.expect("the game ended within 200 moves each");
    let labels = buttons(&last);
    for wanted in ["Record", "Replay", "Review"] {
        assert!(
            labels.iter().any(|l| l == wanted),
            "{wanted} among {labels:?}: {}",
            fake_discord::text(&last)
        );
    }
    assert!(last.has_png(), "the final board is attached");
    fake.assert_valid();
}

//! The engine's review on Discord, end to end: the real `skald` binary against the fake
//! Discord. A short game against the engine, then `/review`: the answer says how long it
//! will take, each quarter of the work edits THAT answer (through the interaction's token),
//! the last edit says it is done, and the review is posted with its win-chance graph (a PNG
//! with alt text) and its turning points; `/review` again answers at once with the same
//! review, nothing analysed again. The *Review* button under the game's last board does
//! what `/review` does, within Discord's limits for buttons. Then in French: a French
//! server's review edits and posts in French.

use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{self, Call, FakeDiscord, command, in_locale, start_bot};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");

/// The interaction's answer (its callback), once made.
fn callback_of(fake: &FakeDiscord, interaction: u64) -> Call {
    let path = format!("/api/v10/interactions/{interaction}/token-{interaction}/callback");
    fake.wait_calls(1, &path, |c| c.path == path).remove(0)
}

/// The text of a channel message, an edit, or an interaction response's message.
fn content(call: &Call) -> String {
    let json = call.json();
    json["content"]
        .as_str()
        .or_else(|| json["data"]["content"].as_str())
        .unwrap_or("")
        .to_string()
}

/// The edits of interaction `id`'s original response seen so far.
fn edits_of(fake: &FakeDiscord, interaction: u64) -> Vec<Call> {
    let path = format!(
        "/api/v10/webhooks/{}/token-{interaction}/messages/@original",
        fake_discord::APP_ID
    );
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "PATCH" && c.path == path)
        .collect()
}

/// The bot's posts in the channel (engine moves, the review), in order.
fn channel_posts(fake: &FakeDiscord) -> Vec<Call> {
    let path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .collect()
}

/// Waits until the bot has posted `n` messages in the channel.
fn wait_posts(fake: &FakeDiscord, n: usize, what: &str) -> Vec<Call> {
    let path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    fake.wait_calls(n, what, |c| c.method == "POST" && c.path == path)
}

/// A legal move for alice in game 1, offered by `/move`'s autocomplete.
fn a_legal_move(fake: &FakeDiscord, id: u64) -> String {
    let mut i = command(
        id,
        4,
        ALICE,
        "move",
        json!([{"name": "move", "type": 3, "value": "", "focused": true}]),
    );
    i["data"]["options"][0]["focused"] = json!(true);
    fake.dispatch("INTERACTION_CREATE", i);
    callback_of(fake, id).json()["data"]["choices"][0]["value"]
        .as_str()
        .expect("alice has a legal move")
        .to_string()
}

/// Alice plays the engine (it moves first) for `rounds` of her moves, each answered by
/// the engine, then resigns: a finished game of `2 * rounds + 1` moves. Interactions are
/// numbered from `first`; the next free number comes back.
fn short_game(fake: &FakeDiscord, first: u64, rounds: usize, locale: Option<&str>) -> u64 {
    let localised = |i: Value| match locale {
        Some(l) => in_locale(i, l, l),
        None => i,
    };
    let mut i = command(
        first,
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
    // Counted before the challenge: the engine's first move may be posted before the
    // challenge's answer is seen.
    let before = channel_posts(fake).len();
    fake.dispatch("INTERACTION_CREATE", localised(i));
    callback_of(fake, first);
    wait_posts(fake, before + 1, "the engine's first move");
    let mut id = first + 1;
    for round in 0..rounds {
        let mv = a_legal_move(fake, id);
        fake.dispatch(
            "INTERACTION_CREATE",
            localised(fake_discord::move_command(id + 1, ALICE, &mv)),
        );
        callback_of(fake, id + 1);
        wait_posts(fake, before + round + 2, "the engine's answer");
        id += 2;
    }
    fake.dispatch(
        "INTERACTION_CREATE",
        localised(command(id, 2, ALICE, "resign", json!([]))),
    );
    callback_of(fake, id);
    id + 1
}

/// The review as posted: its text, with the graph and turning points attached.
struct Posted {
    text: String,
    call: Call,
}

/// Waits for the review's post after `before` channel posts and checks what it holds:
/// the graph as a PNG with alt text, each turning point's line with its board.
fn review_post(fake: &FakeDiscord, before: usize, graph_alt: &str, turn: &str) -> Posted {
    let call = wait_posts(fake, before + 1, "the review's post").remove(before);
    let text = content(&call);
    let files = call.files();
    let graph = files
        .iter()
        .find(|(name, _)| name.starts_with("skald-review-1"))
        .unwrap_or_else(|| panic!("the graph is attached: {:?}", names(&files)));
    assert!(
        graph.1.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the graph is a PNG"
    );
    let described = call.json()["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|a| {
            a["filename"] == json!(graph.0)
                && a["description"]
                    .as_str()
                    .is_some_and(|d| d.contains(graph_alt))
        });
    assert!(
        described,
        "the graph has alt text: {}",
        call.json()["attachments"]
    );
    // Each turning point: its line in the text, and its board (the position before it).
    let turns = text.lines().filter(|l| l.contains(turn)).count();
    let boards = files.iter().filter(|(n, _)| n.contains("-board")).count();
    assert_eq!(turns, boards, "a board per turning point: {text}");
    Posted { text, call }
}

fn names(files: &[(String, Vec<u8>)]) -> Vec<&str> {
    files.iter().map(|(n, _)| n.as_str()).collect()
}

#[test]
fn a_review_on_discord_edits_its_answer_then_posts_the_graph_and_turning_points() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-review");
    let (_bot, _log) = start_bot(&fake, data.path(), "[ai]\nbudget_scale = 0.004\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // Five moves (the engine's three, alice's two), then alice resigns.
    let next = short_game(&fake, 1, 2, None);
    // The game's last board offers the review beside rematch, record and replay.
    let ended = content(&callback_of(&fake, next - 1));
    assert!(ended.contains("resign"), "{ended}");
    let buttons = callback_of(&fake, next - 1).json()["data"]["components"].clone();
    let ids: Vec<String> = buttons
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| format!("{}={}", b["label"], b["custom_id"]))
        .collect();
    let review_button = ids
        .iter()
        .find(|b| b.starts_with("\"Review\"="))
        .unwrap_or_else(|| panic!("a Review button: {ids:?}"))
        .split('=')
        .nth(1)
        .map(|id| id.trim_matches('"').to_string())
        .expect("its id");
    assert!(ids.len() <= 5, "one row of buttons: {ids:?}");

    // `/review`: answered at once with how long it takes.
    let before = channel_posts(&fake).len();
    let review = next;
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            review,
            2,
            ALICE,
            "review",
            json!([{"name": "game", "type": 4, "value": 1}]),
        ),
    );
    let answer = content(&callback_of(&fake, review));
    assert!(
        answer.contains("The engine is reviewing") && answer.contains("5 positions"),
        "{answer}"
    );
    // Each quarter edits that answer, and the last edit says it is done.
    let done = "is done: see below";
    let edits = fake.wait_calls(1, "the review's last edit", |c| {
        c.method == "PATCH" && content(c).contains(done)
    });
    assert_eq!(edits.len(), 1);
    let edited = edits_of(&fake, review);
    let texts: Vec<String> = edited.iter().map(content).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Reviewing") && t.contains("% done")),
        "a progress edit of the answer: {texts:?}"
    );
    assert!(texts.last().is_some_and(|t| t.contains(done)), "{texts:?}");
    for e in &edited {
        assert_eq!(
            e.json()["allowed_mentions"]["parse"],
            json!([]),
            "edits ping nobody"
        );
    }
    let posted = review_post(&fake, before, "Win chance over", "the engine preferred");
    assert!(posted.text.contains("Engine review of"), "{}", posted.text);
    assert!(
        posted.text.contains("alice (Defenders): 2 moves")
            && posted.text.contains("skald (Attackers): 3 moves"),
        "{}",
        posted.text
    );
    assert!(posted.call.has_png());

    // Again: the same review at once, nothing analysed again and no edit.
    let edits_before = fake.calls().iter().filter(|c| c.method == "PATCH").count();
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            review + 1,
            2,
            ALICE,
            "review",
            json!([{"name": "game", "type": 4, "value": 1}]),
        ),
    );
    let again = callback_of(&fake, review + 1);
    assert_eq!(content(&again), posted.text);
    assert!(again.file(".png").is_some(), "the graph again");
    // The Review button answers the same way.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(review + 2, ALICE, &review_button),
    );
    let pressed = callback_of(&fake, review + 2);
    assert_eq!(content(&pressed), posted.text);
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(
        fake.calls().iter().filter(|c| c.method == "PATCH").count(),
        edits_before,
        "a made review is not made again"
    );
    assert_eq!(channel_posts(&fake).len(), before + 1, "posted once");
    fake.assert_valid();
}

#[test]
fn a_review_in_a_french_server_is_edited_and_posted_in_french_from_the_button() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-review-fr");
    let (_bot, _log) = start_bot(&fake, data.path(), "[ai]\nbudget_scale = 0.004\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let next = short_game(&fake, 1, 2, Some("fr"));
    let ended = callback_of(&fake, next - 1).json();
    let review_button = ended["data"]["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == json!("Analyse"))
        .and_then(|b| b["custom_id"].as_str().map(String::from))
        .unwrap_or_else(|| panic!("an Analyse button: {}", ended["data"]["components"]));
    let before = channel_posts(&fake).len();
    fake.dispatch(
        "INTERACTION_CREATE",
        in_locale(
            fake_discord::button(next, ALICE, &review_button),
            "fr",
            "fr",
        ),
    );
    let answer = content(&callback_of(&fake, next));
    assert!(answer.contains("Le moteur analyse"), "{answer}");
    fake.wait_calls(1, "the review's last edit", |c| {
        c.method == "PATCH" && content(c).contains("est faite\u{a0}: voir ci-dessous")
    });
    let texts: Vec<String> = edits_of(&fake, next).iter().map(content).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Analyse de") && t.contains("\u{a0}% fait")),
        "a progress edit of the button's answer, in French: {texts:?}"
    );
    let posted = review_post(
        &fake,
        before,
        "Chance de gain au fil de",
        "le moteur préférait",
    );
    assert!(posted.text.contains("Analyse de"), "{}", posted.text);
    fake.assert_valid();
}

//! Puzzles (#35) on Discord, end to end: the real `skald` binary against the fake Discord,
//! on a store holding two of the server's own Brandubh puzzles (`skald import`). `/puzzle
//! what:brandubh` is answered ephemerally (flag 64) with the board attached and nothing in
//! the channel; the answers too (right, the two-move puzzle's forced reply then solved,
//! wrong with the compared board); `what`'s autocomplete offers the puzzle's moves; in
//! French once. The daily puzzle: turned on by a member with Manage Server (one without is
//! refused), posted in the channel at the hour on the fake clock without its solution, a
//! solver's private answer editing that post (PATCH) with "Solved by", never the move.

use crate::puzzle_common::{
    CAPTURE_FIRST, CAPTURE_IN_TWO, DicePuzzle, ONE_ESCAPE, ONE_ESCAPE_MOVE, capture_second,
    dice_puzzle, puzzle_of, store_with_puzzles,
};
use serde_json::{Value, json};
use skald_tests::fake_discord::{
    self, Call, FakeDiscord, button, command, in_locale, select, start_bot, with_permissions,
};
use skald_tests::{TempDir, set_fake_time};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");

/// Discord's flag for a message only its reader sees.
const EPHEMERAL: u64 = 64;

/// The server's store: the escape in 1 at 1500 and the capture in 2 at 1900, so a new
/// solver (1500) gets the escape (the only own puzzle within 300 points), and one who
/// solved it (about 1700 then) the capture, the own puzzle now within 300 points before
/// the shipped set's; the daily post takes the escape (the newest) first.
fn server_store(name: &str) -> TempDir {
    let data = TempDir::new(name);
    let mut capture = puzzle_of(CAPTURE_IN_TWO, "self-play brandubh seed 1, ply 12");
    capture.rating = 1900.0;
    let escape = puzzle_of(ONE_ESCAPE, "alice vs bob, game #12");
    store_with_puzzles(
        &data.path().join("store"),
        &[(
            &format!("discord:{}", fake_discord::GUILD_ID),
            vec![capture, escape],
        )],
    );
    data
}

/// `/puzzle what:<what>` by `who` (interaction `id`).
fn puzzle(id: u64, who: (u64, &str), what: &str) -> Value {
    command(
        id,
        2,
        who,
        "puzzle",
        json!([{"name": "what", "type": 3, "value": what}]),
    )
}

/// The answer to interaction `id`, waited for.
fn answer(fake: &FakeDiscord, id: u64) -> Call {
    let path = format!("/api/v10/interactions/{id}/token-{id}/callback");
    fake.wait_calls(1, &path, |c| c.path == path).remove(0)
}

/// Sends `interaction` and returns its answer's data (its text, flags, attachments).
fn ask(fake: &FakeDiscord, interaction: Value) -> (Value, Call) {
    let id: u64 = interaction["id"]
        .as_str()
        .and_then(|i| i.parse().ok())
        .expect("an id");
    fake.dispatch("INTERACTION_CREATE", interaction);
    let call = answer(fake, id);
    (call.json()["data"].clone(), call)
}

fn text(data: &Value) -> String {
    data["content"].as_str().unwrap_or("").to_string()
}

fn ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

/// Whether the message carries the puzzle's board: a PNG named as one.
fn has_board(call: &Call) -> bool {
    call.files()
        .iter()
        .any(|(name, bytes)| name == "skald-puzzle.png" && bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
}

/// The bot's messages posted in the channel so far.
fn channel_posts(fake: &FakeDiscord) -> Vec<Call> {
    let path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .collect()
}

/// The choices `what`'s autocomplete offers `who` after `typed`.
fn offered(fake: &FakeDiscord, id: u64, who: (u64, &str), typed: &str) -> Vec<String> {
    let (data, _) = ask(
        fake,
        command(
            id,
            4,
            who,
            "puzzle",
            json!([{"name": "what", "type": 3, "value": typed, "focused": true}]),
        ),
    );
    data["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["value"].as_str().map(String::from))
        .collect()
}

#[test]
fn puzzles_on_discord_are_given_and_answered_ephemerally() {
    let fake = FakeDiscord::start();
    let data = server_store("discord-puzzle");
    let (_bot, _log) = start_bot(&fake, data.path(), "");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");

    // Wrong, in French (first: the escape is then the one own puzzle near 1500): the
    // solution and both moves drawn.
    let (given, _) = ask(&fake, in_locale(puzzle(1, BOB, "brandubh"), "fr", "fr"));
    assert!(ephemeral(&given), "{given}");
    assert!(text(&given).contains("Problème, Brandubh"), "{given}");
    let (wrong, call) = ask(&fake, in_locale(puzzle(2, BOB, "a3-a2"), "fr", "fr"));
    assert!(ephemeral(&wrong), "{wrong}");
    assert!(
        text(&wrong).contains("Pas celui-ci\u{a0}: a3-a2 ne force pas le gain."),
        "{wrong}"
    );
    assert!(
        text(&wrong).contains("La solution\u{a0}: a3-a1."),
        "{wrong}"
    );
    assert!(has_board(&call), "the compared board");

    let (given, call) = ask(&fake, puzzle(3, ALICE, "brandubh"));
    assert!(ephemeral(&given), "{given}");
    assert!(
        text(&given).contains("Puzzle, Brandubh: Defenders to move, escape in 1."),
        "{given}"
    );
    assert!(text(&given).contains("From alice vs bob, game #12."));
    assert!(!text(&given).contains(ONE_ESCAPE_MOVE), "{given}");
    assert!(has_board(&call), "the board is attached");
    // The autocomplete offers the puzzle's moves.
    let moves = offered(&fake, 4, ALICE, "a3");
    assert!(moves.contains(&ONE_ESCAPE_MOVE.to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("a3")), "{moves:?}");
    let (solved, call) = ask(&fake, puzzle(5, ALICE, ONE_ESCAPE_MOVE));
    assert!(ephemeral(&solved), "{solved}");
    assert!(text(&solved).contains("Solved: a3-a1 wins."), "{solved}");
    assert!(text(&solved).contains("Streak: 1 (best 1)."), "{solved}");
    assert!(has_board(&call));

    // The two-move puzzle: the forced reply, then solved.
    let (next, _) = ask(&fake, puzzle(6, ALICE, "brandubh"));
    assert!(
        text(&next).contains("Attackers to move, capture the king in 2."),
        "{next}"
    );
    let (step, call) = ask(&fake, puzzle(7, ALICE, CAPTURE_FIRST));
    assert!(ephemeral(&step), "{step}");
    let said = text(&step);
    assert!(
        said.contains(&format!("Right: {CAPTURE_FIRST}. They answer ")),
        "{said}"
    );
    assert!(has_board(&call));
    let reply = said
        .split("They answer ")
        .nth(1)
        .and_then(|t| t.split('.').next())
        .expect("the reply");
    let second = capture_second(reply);
    let (done, _) = ask(&fake, puzzle(8, ALICE, &second));
    assert!(
        text(&done).contains(&format!("Solved: {second} wins.")),
        "{done}"
    );

    // Nothing of it reached the channel.
    assert!(
        channel_posts(&fake).is_empty(),
        "{:?}",
        channel_posts(&fake)
    );
    fake.assert_valid();
}

#[test]
fn the_daily_puzzle_on_discord_is_posted_at_the_hour_and_edited_with_its_solvers() {
    let fake = FakeDiscord::start();
    let data = server_store("discord-daily");
    let (bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");

    // A member without Manage Server is refused; one with it turns it on.
    let (refused, _) = ask(
        &fake,
        with_permissions(puzzle(1, BOB, "daily on 09:00 UTC"), 0),
    );
    assert!(ephemeral(&refused), "{refused}");
    assert!(text(&refused).contains("Only a server admin"), "{refused}");
    let (on, _) = ask(&fake, puzzle(2, ALICE, "daily on 09:00 UTC"));
    assert!(
        text(&on).contains("The daily puzzle is on: every day at 09:00 (UTC), posted here"),
        "{on}"
    );
    // The fake clock starts on 2025-01-01 00:00 UTC: the post comes at 09:00.
    set_fake_time(&data, "2025-01-01T09:00");
    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    let post = fake
        .wait_calls(1, "the daily post", |c| {
            c.method == "POST" && c.path == channel && text(&c.json()).contains("Daily puzzle")
        })
        .remove(0);
    let posted = post.json()["content"].as_str().unwrap_or("").to_string();
    assert!(
        posted.contains("Daily puzzle, 2025-01-01: Brandubh, Defenders to move, escape in 1."),
        "{posted}"
    );
    assert!(!posted.contains(ONE_ESCAPE_MOVE), "{posted}");
    assert!(has_board(&post), "the post has the board");

    // Carol solves it privately; the post is edited with her name, never the move.
    let (given, _) = ask(&fake, puzzle(3, CAROL, "daily"));
    assert!(ephemeral(&given), "{given}");
    assert!(text(&given).contains("escape in 1"), "{given}");
    let (solved, _) = ask(&fake, puzzle(4, CAROL, ONE_ESCAPE_MOVE));
    assert!(ephemeral(&solved), "{solved}");
    assert!(text(&solved).contains("Solved: a3-a1 wins."), "{solved}");
    let edit = fake
        .wait_calls(1, "the post's edit", |c| {
            c.method == "PATCH" && c.path.starts_with("/api/v10/channels/")
        })
        .remove(0);
    // The post's message edited (not a new one posted).
    assert!(
        edit.path.starts_with(&format!(
            "/api/v10/channels/{}/messages/",
            fake_discord::CHANNEL_ID
        )),
        "{}",
        edit.path
    );
    let dailies = channel_posts(&fake)
        .iter()
        .filter(|c| text(&c.json()).starts_with("Daily puzzle"))
        .count();
    assert_eq!(dailies, 1, "posted once, then edited");
    let edited = edit.json()["content"].as_str().unwrap_or("").to_string();
    assert!(edited.contains("Solved by carol."), "{edited}");
    assert!(!edited.contains(ONE_ESCAPE_MOVE), "{edited}");

    // After a restart (the message's id is kept with the post, not in the process's
    // memory alone), bob's answer edits the same message again.
    drop(bot);
    let (_bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(2, "command registration again", |c| c.method == "PUT");
    ask(&fake, puzzle(5, BOB, "daily"));
    let (solved, _) = ask(&fake, puzzle(6, BOB, ONE_ESCAPE_MOVE));
    assert!(text(&solved).contains("Solved: a3-a1 wins."), "{solved}");
    let again = fake
        .wait_calls(2, "the post's second edit", |c| {
            c.method == "PATCH" && c.path.starts_with("/api/v10/channels/")
        })
        .remove(1);
    assert_eq!(again.path, edit.path, "the same message edited");
    let edited = again.json()["content"].as_str().unwrap_or("").to_string();
    assert!(edited.contains("Solved by carol, bob."), "{edited}");
    // Nothing public ever held the move.
    assert!(
        channel_posts(&fake).iter().all(|c| !c.json()["content"]
            .as_str()
            .unwrap_or("")
            .contains(ONE_ESCAPE_MOVE)),
        "a public message gave the solution away"
    );
    fake.assert_valid();
}

/// The press of the step labelled `step` among an answer's components, as interaction
/// `id` by `who`: its button, or its option in the select menu.
fn press_step(data: &Value, step: &str, id: u64, who: (u64, &str)) -> Value {
    for row in data["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"] == 2 && c["label"] == step {
                return button(id, who, c["custom_id"].as_str().unwrap_or(""));
            }
            for o in c["options"].as_array().into_iter().flatten() {
                if o["label"] == step {
                    return select(id, who, o["value"].as_str().unwrap_or(""));
                }
            }
        }
    }
    panic!("no step {step} among the components: {data}");
}

#[test]
fn a_dice_puzzle_on_discord_is_answered_with_its_step_buttons() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-puzzle-dice");
    let DicePuzzle {
        puzzle: dice,
        solution,
        ..
    } = dice_puzzle();
    store_with_puzzles(
        &data.path().join("store"),
        &[(&format!("discord:{}", fake_discord::GUILD_ID), vec![dice])],
    );
    let (_bot, _log) = start_bot(&fake, data.path(), "");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");

    // Given ephemerally with the first steps of the turn to press.
    let (given, _) = ask(&fake, puzzle(1, ALICE, "adelta"));
    assert!(ephemeral(&given), "{given}");
    assert!(text(&given).contains("the best use of the roll"), "{given}");
    // The first step pressed: the board after it, ephemeral, with the steps that follow;
    // nothing counted yet.
    let (half, call) = ask(&fake, press_step(&given, &solution[0], 2, ALICE));
    assert!(ephemeral(&half), "{half}");
    assert!(
        text(&half).contains(&format!("So far: {}; one die left to use.", solution[0])),
        "{half}"
    );
    assert!(has_board(&call), "the board after the step");
    // The second step completes the turn: solved.
    let (solved, _) = ask(&fake, press_step(&half, &solution[1], 3, ALICE));
    assert!(ephemeral(&solved), "{solved}");
    assert!(
        text(&solved).contains(&format!("Solved: {} {} wins.", solution[0], solution[1])),
        "{solved}"
    );
    assert!(channel_posts(&fake).is_empty(), "nothing in the channel");
    fake.assert_valid();
}

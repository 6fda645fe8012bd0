//! Discord's `/tournament` and `/league` subcommands end to end (issue #37): the real
//! `skald` binary against the loopback fake Discord. A tournament created, joined, started
//! and its standings shown through the subcommands' typed options; bad options refused
//! ephemerally, saying what would do, and changing nothing; the clock completed inside a
//! subcommand; the old free-text shape (`/tournament action:…`) read until
//! `OLD_ACTION_FORM_UNTIL`, then answered with how to get the new commands. And the empty
//! thread a crash leaves between making a thread and using it, removed at the next start.

use serde_json::{Value, json};
use skald_tests::TempDir;
use skald_tests::fake_discord::{
    self, Call, FakeDiscord, GUILD_ID, command, start_bot, start_bot_with_env,
};
use std::time::Duration;

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
const EPHEMERAL: u64 = 64;

fn answer(fake: &FakeDiscord, id: u64) -> Value {
    let calls: Vec<Call> = fake.wait_calls(1, &format!("the answer to {id}"), |c| {
        c.path.contains(&format!("/interactions/{id}/"))
    });
    calls[0].json()["data"].clone()
}

fn text(d: &Value) -> String {
    d["content"].as_str().unwrap_or("").to_string()
}

fn ephemeral(d: &Value) -> bool {
    d["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

/// `/<command> <sub>` with these typed options.
fn sub(id: u64, who: (u64, &str), command_name: &str, name: &str, options: Value) -> Value {
    command(
        id,
        2,
        who,
        command_name,
        json!([{"name": name, "type": 1, "options": options}]),
    )
}

/// The registered subcommand `name` of `/tournament`.
fn registered_sub(fake: &FakeDiscord, command_name: &str, name: &str) -> Value {
    let put = fake.wait_calls(1, "registration", |c| c.method == "PUT");
    let commands = put[0].json();
    let c = commands
        .as_array()
        .and_then(|l| l.iter().find(|c| c["name"] == json!(command_name)))
        .cloned()
        .unwrap_or_else(|| panic!("/{command_name} registered"));
    c["options"]
        .as_array()
        .and_then(|l| l.iter().find(|o| o["name"] == json!(name)))
        .cloned()
        .unwrap_or_else(|| panic!("/{command_name} {name} registered: {c}"))
}

#[test]
fn a_tournament_is_created_joined_started_and_shown_with_subcommands() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-subcommands");
    let (_bot, _log) = start_bot(&fake, data.path(), "");

    // Registered as subcommands with typed options: the system as choices (in French too),
    // rounds and max within bounds, the clock completed.
    let create = registered_sub(&fake, "tournament", "create");
    assert_eq!(create["type"], json!(1), "{create}");
    assert_eq!(
        create["name_localizations"]["fr"],
        json!("créer"),
        "{create}"
    );
    let option = |name: &str| {
        create["options"]
            .as_array()
            .and_then(|l| l.iter().find(|o| o["name"] == json!(name)))
            .cloned()
            .unwrap_or_else(|| panic!("create has {name}: {create}"))
    };
    let system = option("system");
    assert_eq!(system["required"], json!(true));
    let labels: Vec<&str> = system["choices"]
        .as_array()
        .map(|l| l.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(labels, ["round-robin", "Swiss", "knockout"], "{system}");
    assert_eq!(
        system["choices"][2]["name_localizations"]["fr"],
        json!("élimination directe")
    );
    let rounds = option("rounds");
    assert_eq!(
        (&rounds["min_value"], &rounds["max_value"]),
        (&json!(1), &json!(20))
    );
    let max = option("max");
    assert_eq!(
        (&max["min_value"], &max["max_value"]),
        (&json!(2), &json!(256))
    );
    assert_eq!(option("clock")["autocomplete"], json!(true));
    let join = registered_sub(&fake, "league", "join");
    assert_eq!(join["options"][0]["name"], json!("rule_set"), "{join}");

    // The clock completes inside the subcommand, as in /challenge.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            50,
            4,
            ALICE,
            "tournament",
            json!([{"name": "create", "type": 1, "options": [
                {"name": "rule_set", "type": 4, "value": 0},
                {"name": "clock", "type": 3, "value": "3d", "focused": true}]}]),
        ),
    );
    let offered: Vec<String> = answer(&fake, 50)["choices"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|c| c["value"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(offered, ["3d+6h"], "the clocks starting 3d");

    // A Swiss without its rounds is refused, privately, saying what to give and listing
    // the subcommand's options; nothing is created.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(
            1,
            ALICE,
            "tournament",
            "create",
            json!([{"name": "rule_set", "type": 4, "value": 0},
                   {"name": "system", "type": 4, "value": 1}]),
        ),
    );
    let refused = answer(&fake, 1);
    assert!(ephemeral(&refused), "{refused}");
    let said = text(&refused);
    assert!(
        said.contains("a Swiss needs its number of rounds"),
        "{said}"
    );
    assert!(
        said.contains("/tournament create rule_set system [rounds]"),
        "{said}"
    );
    // Rounds beyond the bounds (a client that ignores them) are refused naming them.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(
            2,
            ALICE,
            "tournament",
            "create",
            json!([{"name": "rule_set", "type": 4, "value": 0},
                   {"name": "system", "type": 4, "value": 1},
                   {"name": "rounds", "type": 4, "value": 40}]),
        ),
    );
    let refused = answer(&fake, 2);
    assert!(ephemeral(&refused), "{refused}");
    assert!(text(&refused).contains("expected 1 to 20"), "{refused}");
    // A French client reads the refusal's options as its Discord shows them.
    let mut french = sub(
        3,
        ALICE,
        "tournament",
        "create",
        json!([{"name": "rule_set", "type": 4, "value": 0},
               {"name": "system", "type": 4, "value": 0},
               {"name": "rounds", "type": 4, "value": 3}]),
    );
    french["locale"] = json!("fr");
    fake.dispatch("INTERACTION_CREATE", french);
    let refused = answer(&fake, 3);
    assert!(
        text(&refused).contains("/tournoi créer jeu système [rondes]"),
        "{refused}"
    );

    // Created, joined by three, started: every word through typed options.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(
            4,
            ALICE,
            "tournament",
            "create",
            json!([{"name": "rule_set", "type": 4, "value": 0},
                   {"name": "system", "type": 4, "value": 0},
                   {"name": "days", "type": 4, "value": 2}]),
        ),
    );
    let created = answer(&fake, 4);
    assert!(!ephemeral(&created), "{created}");
    assert!(
        text(&created).contains("Tournament #1 is open"),
        "{created}"
    );
    for (id, who) in [(5, ALICE), (6, BOB)] {
        fake.dispatch(
            "INTERACTION_CREATE",
            sub(id, who, "tournament", "join", json!([])),
        );
        let joined = answer(&fake, id);
        assert!(
            text(&joined).contains(&format!("{} joined tournament #1", who.1)),
            "{joined}"
        );
    }
    // carol names the tournament by its number.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(
            7,
            CAROL,
            "tournament",
            "join",
            json!([{"name": "tournament", "type": 4, "value": 1}]),
        ),
    );
    assert!(text(&answer(&fake, 7)).contains("carol joined tournament #1"));
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(8, ALICE, "tournament", "start", json!([])),
    );
    let started = text(&answer(&fake, 8));
    assert!(started.contains("round 1 of 3"), "{started}");
    assert!(started.contains("has the bye this round"), "{started}");
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(9, CAROL, "tournament", "standings", json!([])),
    );
    let shown = answer(&fake, 9);
    assert!(text(&shown).contains("Tournament #1"), "{shown}");

    // The old shape, from a client that still has the old command list, still works now.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            10,
            2,
            BOB,
            "tournament",
            json!([{"name": "action", "type": 3, "value": "standings"}]),
        ),
    );
    let old = answer(&fake, 10);
    assert!(text(&old).contains("Tournament #1"), "{old}");

    // League subcommands: joined with the game as a choice; without it, refused naming
    // the games.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(
            11,
            BOB,
            "league",
            "join",
            json!([{"name": "rule_set", "type": 4, "value": 7}]),
        ),
    );
    let joined = text(&answer(&fake, 11));
    assert!(joined.contains("Brandubh"), "{joined}");
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(12, BOB, "league", "join", json!([])),
    );
    let refused = answer(&fake, 12);
    assert!(ephemeral(&refused), "{refused}");
    assert!(text(&refused).contains("brandubh"), "{refused}");
    fake.assert_valid();
}

#[test]
fn after_its_end_date_the_old_free_text_shape_is_answered_with_how_to_update() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-old-shape");
    let (_bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let old = |id: u64, action: &str| {
        fake.dispatch(
            "INTERACTION_CREATE",
            command(
                id,
                2,
                ALICE,
                "tournament",
                json!([{"name": "action", "type": 3, "value": action}]),
            ),
        );
        answer(&fake, id)
    };
    // Before the date: read as it always was.
    let created = old(1, "create tafl round-robin");
    assert!(
        text(&created).contains("Tournament #1 is open"),
        "{created}"
    );
    // After it (the fake clock moved past 2027-02-01): a private answer saying the client's
    // commands are outdated and what the new form is; nothing done.
    std::fs::write(
        data.path().join("store").join("fake-clock"),
        "2027-02-01T00:01\n",
    )
    .expect("write the clock file");
    std::thread::sleep(Duration::from_millis(1500));
    let refused = old(2, "join");
    assert!(ephemeral(&refused), "{refused}");
    let said = text(&refused);
    assert!(said.contains("old /tournament"), "{said}");
    assert!(said.contains("`/tournament join`"), "{said}");
    assert!(said.contains("Nothing was changed"), "{said}");
    // Nothing was: alice joins now, by the subcommand.
    fake.dispatch(
        "INTERACTION_CREATE",
        sub(3, ALICE, "tournament", "join", json!([])),
    );
    let joined = text(&answer(&fake, 3));
    assert!(joined.contains("alice joined tournament #1"), "{joined}");
    fake.assert_valid();
}

/// A process killed between making a challenge's thread and making the challenge there
/// leaves an empty thread; the next start deletes it, and keeps the thread that holds a
/// challenge.
#[test]
fn an_empty_thread_left_by_a_crash_is_deleted_at_the_next_start() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-thread-sweep");
    let guild = GUILD_ID.to_string();
    let challenge = |id: u64, who: (u64, &str), whom: (u64, &str)| {
        let mut i = fake_discord::challenge(id, who, 0, 0, Some(whom), None);
        i["data"]["resolved"] =
            json!({"users": {whom.0.to_string(): fake_discord::user(whom.0, whom.1)}});
        fake.dispatch("INTERACTION_CREATE", i);
    };
    let deleted = || {
        fake.calls()
            .iter()
            .filter(|c| c.method == "DELETE")
            .map(|c| c.path.clone())
            .collect::<Vec<_>>()
    };
    // A challenge in its thread, as usual.
    {
        let (_bot, _log) = start_bot(&fake, data.path(), "threads = true\n");
        fake.wait_calls(1, "command registration", |c| c.method == "PUT");
        challenge(1, ALICE, BOB);
        let kept = format!("/api/v10/channels/{}/messages", fake_discord::thread_id(0));
        fake.wait_calls(1, "the challenge in its thread", |c| c.path == kept);
    }
    // The process dies right after making the second thread.
    {
        let (mut bot, _log) = start_bot_with_env(
            &fake,
            data.path(),
            &guild,
            "threads = true\n",
            "info",
            &[("SKALD_TEST_DIE_AFTER_THREAD", "1")],
        );
        fake.wait_calls(2, "command registration", |c| c.method == "PUT");
        challenge(2, CAROL, BOB);
        assert_eq!(bot.exit_code(Duration::from_secs(20)), Some(86), "died");
    }
    assert!(deleted().is_empty(), "{:?}", deleted());
    // The next start finds it: the bot's, empty, older than the grace (the fake's ids are
    // years old), no challenge in it. It is deleted; the first thread is not.
    let (_bot, _log) = start_bot(&fake, data.path(), "threads = true\n");
    let gone = format!("/api/v10/channels/{}", fake_discord::thread_id(1));
    fake.wait_calls(1, "the empty thread deleted", |c| {
        c.method == "DELETE" && c.path == gone
    });
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(deleted(), [gone], "only the empty thread");
    fake.assert_valid();
}

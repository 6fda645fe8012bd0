//! The Matrix adapter end to end: a real Synapse (from the virtualenv `scripts/test`
//! prepares), the real `skald` binary logged in as `@skald:localhost`, and two players
//! (matrix-sdk clients with end-to-end encryption) playing whole games: challenge, accept,
//! moves, refusals, board images downloaded and decoded, pings as mentions, a restart of
//! the bot mid-game (a command sent while it was down answered after it), the Subulata private view in the direct room only, in an encrypted room.

use crate::matrix_common::{
    Bot, Player, bot_id, bot_ready, matrix_config, start_bot_with_token, synapse_with_alice_and_bob,
};
use skald_tests::TempDir;
use skald_tests::synapse::{self, Synapse};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_players_play_whole_games_on_a_real_synapse() {
    let (hs, url) = synapse_with_alice_and_bob();
    let dir = TempDir::new("matrix-bot");
    let config = matrix_config(&dir, &url, "prefix = \"!skald\"\n");
    // Outside the temporary directory, so it is still there to read when the test fails.
    let log = std::env::temp_dir().join(format!("skald-matrix-e2e-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut bot = Some(Bot::start(&config, &log));
    bot_ready(&log, 1).await;

    let alice = Player::login(&url, "alice", "alice-password").await;
    let bob = Player::login(&url, "bob", "bob-password").await;

    // A plain room: Hnefatafl.
    let room = alice.create_room(&bob, false).await;
    let m = alice.mark();
    alice.say(&room, "!skald help").await;
    alice.bot_says(m, &room, "challenge").await;

    let m = bob.mark();
    alice
        .say(&room, "!skald challenge tafl @bob:localhost first")
        .await;
    let seen = bob.bot_says(m, &room, "Challenge #1").await;
    assert!(seen.mentions.contains(&bob.id()), "bob is pinged: {seen:?}");

    let m = alice.mark();
    bob.say(&room, "!skald accept").await;
    alice.bot_says(m, &room, "Game #1 starts").await;
    let board = alice.bot_board(m, &room).await;
    assert!(
        board.body.contains("Hnefatafl") && !board.body.contains('\n'),
        "the one-line alt text is the body: {}",
        board.body
    );

    let m = bob.mark();
    alice.say(&room, "!skald move d1-d4").await;
    let seen = bob.bot_says(m, &room, "played d1-d4").await;
    assert!(
        seen.mentions.contains(&bob.id()),
        "bob's turn ping: {seen:?}"
    );
    bob.bot_board(m, &room).await;

    // A refusal says what would be accepted.
    let m = bob.mark();
    bob.say(&room, "!skald move f4 c4").await;
    bob.bot_says(m, &room, "legal moves").await;

    // The bot dies mid-game; a command sent while it is down is answered after the restart
    // (as a reply to it), before the commands sent later.
    drop(bot.take());
    let m = alice.mark();
    let missed = alice.say(&room, "!skald rules").await;
    bot = Some(Bot::start(&config, &log));
    bot_ready(&log, 2).await;
    bob.say(&room, "!skald move e5-e2").await;
    let played = alice.bot_says(m, &room, "played e5-e2").await;
    let rules = alice
        .wait_for(
            m,
            "the answer to the command sent while the bot was down",
            |s| s.sender == bot_id() && s.reply_to.as_ref() == Some(&missed),
        )
        .await;
    assert!(
        rules.body.contains("Hnefatafl 11x11") && rules.body.contains("Subulata"),
        "{rules:?}"
    );
    assert!(rules.at <= played.at, "answered in the order sent");
    let m = alice.mark();
    bob.say(&room, "!skald resign").await;
    alice.bot_says(m, &room, "resigned").await;
    let m = alice.mark();
    alice.say(&room, "!skald ladder tafl").await;
    alice.bot_says(m, &room, "alice").await;
    // The ladder's picture comes after its text: waited for, so it is not the replay's.
    alice
        .wait_for(m, "the ladder's picture", |s| {
            s.msgtype == "m.image"
                && s.media.as_ref().and_then(|(_, n)| n.as_deref())
                    == Some("skald-ladder-hnefatafl.png")
        })
        .await;

    // The finished game as an animated GIF (an `m.image` that decodes, a frame per
    // position) and as its record (an `m.file` that `skald import` reads).
    let m = alice.mark();
    alice.say(&room, "!skald replay #1").await;
    let (seen, gif) = alice.bot_media(m, &room, "m.image").await;
    assert!(seen.body.contains("Replay of #1"), "{seen:?}");
    assert_eq!(
        seen.media.as_ref().and_then(|(_, n)| n.clone()).as_deref(),
        Some("skald-game-1.gif")
    );
    let frames = {
        use image::AnimationDecoder;
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("every frame decodes")
    };
    assert!(frames.len() >= 3, "{} frames", frames.len());
    let (_, w, h) = seen.image.clone().expect("an image");
    assert_eq!(w, Some(u64::from(frames[0].buffer().width())));
    assert_eq!(h, Some(u64::from(frames[0].buffer().height())));
    let m = alice.mark();
    alice.say(&room, "!skald export #1").await;
    let (_, record) = alice.bot_media(m, &room, "m.file").await;
    let record = String::from_utf8(record).expect("text");
    assert!(record.starts_with("{\"header\""), "{record}");
    assert!(record.contains("{\"game\":{\"id\":1,"), "{record}");
    alice.bot_says(m, &room, "skald import").await;

    // A dice game: the legal moves come numbered and `move 1` plays the first.
    let m = alice.mark();
    alice
        .say(&room, "!skald challenge daldosa @bob:localhost first")
        .await;
    alice.bot_says(m, &room, "Challenge #2").await;
    bob.say(&room, "!skald accept").await;
    let listed = alice.bot_says(m, &room, "Moves (`!skald move N`").await;
    let first = listed
        .body
        .split(" 1. ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .expect("a numbered first move")
        .to_string();
    // Whoever is to move (the dice may decide) plays the first listed move.
    let m = alice.mark();
    alice.say(&room, "!skald move 1").await;
    let answer = alice
        .wait_for(m, "an answer to move 1", |s| {
            // (The accept's board may arrive late: its text board says "no step played".)
            s.sender == bot_id()
                && (s.body.contains(&format!("played {first}")) || s.body.contains("not your turn"))
        })
        .await;
    let mover = if answer.body.contains("not your turn") {
        let m = alice.mark();
        bob.say(&room, "!skald move 1").await;
        alice.bot_says(m, &room, &format!("played {first}")).await;
        &bob
    } else {
        assert!(
            answer.body.contains(&format!("played {first}")),
            "{answer:?}"
        );
        &alice
    };
    let m = alice.mark();
    mover.say(&room, "!skald resign #2").await;
    alice.bot_says(m, &room, "resigned").await;

    // An encrypted room: Subulata, with each player's values sent privately.
    let secret_room = bob.create_room(&alice, true).await;
    // Alice reads Skald in French: her answer to that, and what reaches her alone (her
    // values), are French; the room keeps its community's English.
    let m_alice = alice.mark();
    alice.say(&secret_room, "!skald language fr").await;
    alice
        .bot_says(
            m_alice,
            &secret_room,
            "Désormais, Skald vous écrit en français.",
        )
        .await;
    let m_bob = bob.mark();
    let m_alice = alice.mark();
    bob.say(
        &secret_room,
        "!skald challenge subulata @alice:localhost first",
    )
    .await;
    alice.bot_says(m_alice, &secret_room, "Challenge #3").await;
    alice.say(&secret_room, "!skald accept").await;
    bob.bot_says(m_bob, &secret_room, "Game #3 starts").await;
    bob.bot_board(m_bob, &secret_room).await;
    // Bob moves first: his values arrive in his direct room with the bot, not here.
    let private = bob
        .wait_for(m_bob, "bob's private view", |s| {
            s.sender == bot_id() && s.body.contains("Your values were placed")
        })
        .await;
    assert_ne!(
        private.room, secret_room,
        "the private view went to the game room"
    );
    let dm = bob.joined(&private.room).await;
    assert!(dm.is_direct().await.unwrap_or(false), "a direct room");
    bob.bot_board(m_bob, &private.room).await;

    // A legal move, read from a refusal's list.
    let m = bob.mark();
    bob.say(&secret_room, "!skald move z9-z9").await;
    let refusal = bob.bot_says(m, &secret_room, "legal moves").await;
    let first = refusal
        .body
        .split("legal moves:")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .expect("a legal move is listed")
        .to_string();
    let m_alice = alice.mark();
    bob.say(&secret_room, &format!("!skald move {first}")).await;
    alice
        .bot_says(m_alice, &secret_room, &format!("played {first}"))
        .await;
    alice.bot_board(m_alice, &secret_room).await;
    let private = alice
        .wait_for(m_alice, "alice's private view", |s| {
            s.sender == bot_id()
                && s.body.contains("Partie #3")
                && s.body
                    .contains("vos pions et leurs valeurs (personne d'autre ne les voit)")
        })
        .await;
    assert_ne!(private.room, secret_room);
    // Alice's values are arranged in her direct room only: refused in the game room,
    // however the command is spelled (the session decides, not the adapter).
    for line in [
        "!skald arrange #3 918273645",
        "!skald /arrange #3 918273645",
        "!skald !ARRANGE #3 918273645",
        "!skald Arrange 9 1 8",
    ] {
        let m = alice.mark();
        alice.say(&secret_room, line).await;
        let refusal = alice.bot_says(m, &secret_room, "direct room").await;
        assert!(
            refusal.body.contains("nothing was changed") && !refusal.body.contains("918273645"),
            "{line}: {refusal:?}"
        );
    }
    let m = alice.mark();
    alice
        .say(&private.room, "!skald arrange #3 918273645")
        .await;
    alice
        .bot_says(m, &private.room, "vos valeurs sont placées")
        .await;
    // Conditional moves are secret input too: refused in the game room, answered in the
    // direct room (in alice's French).
    let m = alice.mark();
    alice
        .say(&secret_room, "!skald premove #3 a1-a2 i9-i8")
        .await;
    let refusal = alice.bot_says(m, &secret_room, "direct room").await;
    assert!(
        refusal.body.contains("this line was not queued"),
        "{refusal:?}"
    );
    let m = alice.mark();
    alice.say(&private.room, "!skald premove #3").await;
    alice
        .bot_says(
            m,
            &private.room,
            "Vous n'avez aucun coup conditionnel dans la partie #3",
        )
        .await;
    let m = bob.mark();
    alice.say(&secret_room, "!skald resign").await;
    bob.bot_says(m, &secret_room, "resigned").await;

    // Nothing private was ever posted in a game room.
    for p in [&alice, &bob] {
        let seen = p.seen.lock().unwrap();
        assert!(
            !seen
                .iter()
                .any(|s| (s.room == room || s.room == secret_room)
                    && (s.body.contains("only you see them") || s.body.contains("Your values"))),
            "a private part reached a game room"
        );
    }
    drop(bot.take());
    let bot_log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        !bot_log.contains("bot-password"),
        "the password reached the log"
    );
    let saved = std::fs::read_to_string(dir.path().join("data/matrix/session.json"))
        .expect("the bot keeps its Matrix session");
    let token: serde_json::Value = serde_json::from_str(&saved).expect("json");
    let token = token["access_token"]
        .as_str()
        .expect("an access token")
        .to_string();
    assert!(
        token.len() > 8 && !bot_log.contains(&token),
        "the access token reached the log"
    );
    assert!(!bot_log.contains("panicked"), "the bot panicked: {bot_log}");
    // A game in an encrypted room made matrix-sdk want to back up room keys, which the bot
    // does not keep: none of its warnings about that reaches the admin.
    assert!(
        !bot_log.contains("Trying to backup room keys"),
        "key backup noise in the log"
    );
    drop(hs);
    // Kept only when the test fails, for reading.
    let _ = std::fs::remove_file(&log);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_access_token_login_and_deadlines_on_a_fake_clock() {
    let python = synapse::python();
    let hs = Synapse::start(&python);
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    hs.register("dave", "dave-password");
    let url = hs.url();
    // The admin's way to get a token: a password login; the bot never sees the password.
    let token = hs.login_token("skald", "bot-password");

    let dir = TempDir::new("matrix-token-bot");
    let data = dir.path().join("data");
    let config = dir.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n\n[matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n\n[clock]\nfake = true\n",
            data.display(),
            bot_id()
        ),
    )
    .expect("write the config");
    let log = std::env::temp_dir().join(format!("skald-matrix-token-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut bot = Some(start_bot_with_token(&config, &log, &token));
    bot_ready(&log, 1).await;

    let carol = Player::login(&url, "carol", "carol-password").await;
    let dave = Player::login(&url, "dave", "dave-password").await;
    let room = carol.create_room(&dave, false).await;
    let m = dave.mark();
    carol
        .say(&room, "!skald challenge tafl @dave:localhost first")
        .await;
    dave.bot_says(m, &room, "Challenge #1").await;
    let m = carol.mark();
    dave.say(&room, "!skald accept").await;
    carol
        .bot_says(m, &room, "deadline 2025-01-04 00:00 UTC")
        .await;
    let m = dave.mark();
    carol.say(&room, "!skald move d1-d4").await;
    dave.bot_says(m, &room, "played d1-d4").await;

    // A day before dave's deadline (2025-01-04): the reminder mentions dave only.
    let clock_file = data.join("fake-clock");
    let m = dave.mark();
    std::fs::write(&clock_file, "2025-01-03T00:30\n").expect("move the clock");
    let reminder = dave.bot_says(m, &room, "Reminder").await;
    assert!(
        reminder.body.contains("due by 2025-01-04 00:00 UTC"),
        "{reminder:?}"
    );
    assert_eq!(reminder.mentions, [dave.id()], "only dave is pinged");
    // The reminder came from the outbox under a transaction id made of its outbox number:
    // posting it again (a process killed before it struck the notice from the outbox) is
    // answered by the homeserver with the same event, and the room shows it once.
    let event = hs.client_api(
        "GET",
        &format!("/_matrix/client/v3/rooms/{room}/event/{}", reminder.event),
        &token,
        "",
    );
    let txn = event["unsigned"]["transaction_id"]
        .as_str()
        .unwrap_or_else(|| panic!("the bot's own event shows its transaction id: {event}"))
        .to_string();
    assert!(
        txn.starts_with('s') && txn.ends_with(".0"),
        "a key from the outbox: {txn}"
    );
    let again = hs.client_api(
        "PUT",
        &format!("/_matrix/client/v3/rooms/{room}/send/m.room.message/{txn}"),
        &token,
        r#"{"msgtype": "m.notice", "body": "Reminder, posted again"}"#,
    );
    assert_eq!(again["event_id"].as_str(), Some(reminder.event.as_str()));

    // A restart reuses the session saved from the token (same device, no new login).
    drop(bot.take());
    bot = Some(start_bot_with_token(&config, &log, &token));
    bot_ready(&log, 2).await;
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(
        text.matches("reusing the saved session").count(),
        1,
        "the second start reused the first one's session"
    );

    // Dave moves after the reminder: carol's turn is due 2025-01-06 00:30.
    let m = carol.mark();
    dave.say(&room, "!skald move e7-e9").await;
    let moved = carol.bot_says(m, &room, "played e7-e9").await;
    assert!(moved.body.contains("2025-01-06 00:30"), "{moved:?}");

    // Her deadline passes (the clock jumps over her reminder): carol loses on time, both
    // players hear the result and the rating changes.
    let m = carol.mark();
    std::fs::write(&clock_file, "2025-01-06T00:31\n").expect("move the clock");
    let over = carol.bot_says(m, &room, "time ran out").await;
    assert!(
        over.body
            .contains("carol (Attackers) ran out of time; dave (Defenders) wins.")
            && over.body.contains("Ratings (Hnefatafl 11x11)"),
        "{over:?}"
    );
    assert!(over.mentions.contains(&dave.id()) && over.mentions.contains(&carol.id()));
    let m = dave.mark();
    dave.say(&room, "!skald rating").await;
    dave.bot_says(m, &room, "1 won").await;

    drop(bot.take());
    let bot_log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        !bot_log.contains(&token),
        "the access token reached the log"
    );
    assert!(!bot_log.contains("panicked"), "the bot panicked: {bot_log}");
    let errors: Vec<&str> = bot_log.lines().filter(|l| l.contains(" ERROR ")).collect();
    assert!(errors.is_empty(), "errors in the bot's log: {errors:#?}");
    drop(hs);
    let _ = std::fs::remove_file(&log);
}

/// A tournament on Matrix (issue #22): a one-round Swiss between alice and bob, created,
/// joined and started in their room; the start pings the paired player and the standings
/// come as a picture (an `m.image`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tournament_is_created_joined_started_and_its_standings_drawn() {
    let (hs, url) = synapse_with_alice_and_bob();
    let dir = TempDir::new("matrix-tournament");
    let config = matrix_config(&dir, &url, "");
    let log = std::env::temp_dir().join(format!("skald-matrix-tour-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let bot = Bot::start(&config, &log);
    bot_ready(&log, 1).await;
    let alice = Player::login(&url, "alice", "alice-password").await;
    let bob = Player::login(&url, "bob", "bob-password").await;
    let room = alice.create_room(&bob, false).await;

    let m = bob.mark();
    alice
        .say(&room, "!skald tournament create tafl swiss rounds:1 days:2")
        .await;
    bob.bot_says(m, &room, "Tournament #1 is open").await;
    for who in [&alice, &bob] {
        let m = alice.mark();
        who.say(&room, "!skald tournament join").await;
        alice.bot_says(m, &room, "joined tournament #1").await;
    }
    let m = bob.mark();
    alice.say(&room, "!skald tournament start").await;
    let start = bob.bot_says(m, &room, "round 1 of 1").await;
    assert!(
        start.mentions.contains(&bob.id()),
        "bob, paired, is pinged: {start:?}"
    );
    assert!(start.body.contains(" vs "), "{start:?}");

    let m = bob.mark();
    bob.say(&room, "!skald tournament").await;
    let (seen, png) = bob.bot_media(m, &room, "m.image").await;
    let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("the standings are a PNG");
    assert!(picture.width() >= 400, "{seen:?}");
    drop(bot);
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!logged.contains("panicked"), "the bot panicked: {logged}");
    drop(hs);
    let _ = std::fs::remove_file(&log);
}

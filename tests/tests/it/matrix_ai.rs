//! Playing the built-in engine on Matrix, end to end: a real Synapse (from the virtualenv
//! `scripts/test` prepares), the real `skald` binary logged in as `@skald:localhost`, and one
//! player. `!skald challenge tafl @skald` and naming the bot's own id both start a game
//! against the engine; its moves arrive in the room as text with a board image, pinging the
//! player, never mentioning the engine. A whole game of Brandubh is played to its end. The engine's budget is cut with `[ai] budget_scale` so
//! the test stays quick.

use crate::matrix_common::{Bot, Player, Seen, bot_id, bot_ready};
use matrix_sdk::ruma::RoomId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use skald_tests::TempDir;
use skald_tests::synapse::{self, Synapse};

/// Waits for the engine's move in game `game`: its text pinging the player, then a board.
async fn engine_moves(player: &Player, from: usize, room: &RoomId, game: u64) -> Seen {
    let bot = bot_id();
    let needle = format!("#{game}: skald (");
    let text = player
        .wait_for(from, "the engine's move", |s| {
            s.sender == bot
                && s.room == room
                && s.image.is_none()
                && s.body
                    .lines()
                    .any(|l| l.starts_with(&needle) && l.contains(" played "))
        })
        .await;
    assert!(
        text.mentions.contains(&player.id()),
        "the player is pinged: {text:?}"
    );
    assert!(
        !text.mentions.iter().any(|m| m == &bot),
        "the engine is never mentioned: {text:?}"
    );
    player
        .wait_for(from, "the board after the engine's move", |s| {
            s.sender == bot && s.room == room && s.image.is_some()
        })
        .await;
    text
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
            // Carol may have to pass many Daldøsa turns in a row while the engine's dice
            // leave it no move: more commands a minute than a person sends.
            "[store]\ndata = \"{}\"\n\n[ai]\nbudget_scale = 0.004\n\n[limits]\nrate_commands = 200\n\n[matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n",
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
    engine_moves(&carol, m, &room, 1).await;

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
    engine_moves(&carol, m, &room, 1).await;
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
    // The engine plays first, but its dice may leave it no move (it passes at once, and in
    // Daldøsa a boat needs a 1 before it leaves, so passes can come many times in a row):
    // then carol plays her first listed step until the engine has moved.
    let mut from = m;
    let engine_played = |l: &str| l.starts_with("#2: skald (") && l.contains(" played ");
    let mut engine_moved = false;
    for _ in 0..40 {
        let seen = carol
            .wait_for(from, "the engine's Daldøsa move or carol's turn", |s| {
                s.sender == bot_id()
                    && s.room == room
                    && s.image.is_none()
                    && s.body
                        .lines()
                        .any(|l| engine_played(l) || l.starts_with("#2: carol (Black) to move"))
            })
            .await;
        if seen.body.lines().any(engine_played) {
            engine_moved = true;
            break;
        }
        from = carol.mark();
        carol.say(&room, "!skald move #2 1").await;
    }
    assert!(
        engine_moved,
        "the engine never moved in 40 of carol's turns"
    );
    engine_moves(&carol, from, &room, 2).await;
    carol.say(&room, "!skald resign #2").await;

    // A whole game of Brandubh, the tafl community's quick game: carol attacks, each of
    // her moves the first her refused `z9-z9` lists, until the game ends.
    let m = carol.mark();
    carol
        .say(&room, "!skald challenge brandubh @skald easy first")
        .await;
    carol
        .wait_for(m, "the Brandubh game's start", |s| {
            s.body
                .contains("Game #3 starts: Brandubh, carol (Attackers) vs skald (Defenders)")
        })
        .await;
    let over = |body: &str| body.contains(" wins") || body.contains("Draw");
    let mut ended = false;
    for _ in 0..100 {
        let m = carol.mark();
        carol.say(&room, "!skald move #3 z9-z9").await;
        let refusal = carol
            .wait_for(m, "a refusal listing Brandubh's legal moves", |s| {
                s.body.contains("legal moves:")
            })
            .await;
        let mv = refusal
            .body
            .split("legal moves:")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .map(|t| t.trim_end_matches(',').to_string())
            .expect("a legal move is listed");
        let m = carol.mark();
        carol.say(&room, &format!("!skald move #3 {mv}")).await;
        let mine = carol
            .wait_for(m, "carol's Brandubh move", |s| {
                s.body.contains(&format!("carol (Attackers) played {mv}"))
            })
            .await;
        if over(&mine.body) {
            ended = true;
            break;
        }
        let answer = engine_moves(&carol, m, &room, 3).await;
        assert!(
            answer.body.contains("skald (Defenders) played"),
            "{answer:?}"
        );
        if over(&answer.body) {
            ended = true;
            break;
        }
    }
    assert!(ended, "the Brandubh game ended within 100 moves each");
    drop(bot);
    drop(hs);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!text.contains("panicked"), "the bot panicked: {text}");
    let _ = std::fs::remove_file(&log);
}

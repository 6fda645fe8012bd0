//! The engine's review on Matrix, end to end (a real Synapse, the real `skald` binary): a
//! short game against the engine, then `!skald review #1`. The answer is a notice replying
//! to the command; each quarter of the work is an edit of THAT notice (`m.replace` with
//! `m.new_content`, the body `* `-prefixed, still a notice); the last edit says it is done;
//! then the review: its text with the turning points, the win-chance graph as an `m.image`
//! (a PNG), a board per turning point. Asked again, the same review comes at once, with no
//! new edit.

use crate::matrix_common::{Bot, Player, Seen, bot_id, bot_ready};
use matrix_sdk::ruma::RoomId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use skald_tests::TempDir;
use skald_tests::synapse::{self, Synapse};

/// Waits for the engine's move `n` in game 1 (its text).
async fn engine_moved(player: &Player, from: usize, room: &RoomId) -> Seen {
    let bot = bot_id();
    player
        .wait_for(from, "the engine's move", |s| {
            s.sender == bot
                && s.room == room
                && s.image.is_none()
                && s.body
                    .lines()
                    .any(|l| l.starts_with("#1: skald (") && l.contains(" played "))
        })
        .await
}

/// A legal move for the player in game 1, read from a refusal's list.
async fn a_legal_move(player: &Player, room: &RoomId) -> String {
    let m = player.mark();
    player.say(room, "!skald move #1 z9-z9").await;
    let refusal = player
        .wait_for(m, "a refusal listing legal moves", |s| {
            s.body.contains("legal moves:")
        })
        .await;
    refusal
        .body
        .split("legal moves:")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .map(|t| t.trim_end_matches(',').to_string())
        .expect("a legal move is listed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_on_matrix_edits_its_notice_then_posts_the_graph_and_turning_points() {
    let python = synapse::python();
    let hs = Synapse::start(&python);
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    let url = hs.url();
    let dir = TempDir::new("matrix-review-bot");
    let config = dir.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n\n[ai]\nbudget_scale = 0.004\n\n[limits]\nrate_commands = 200\n\n[matrix]\nenabled = true\nhomeserver = \"{url}\"\nuser = \"{}\"\n",
            dir.path().join("data").display(),
            bot_id()
        ),
    )
    .expect("write the config");
    let log = std::env::temp_dir().join(format!("skald-matrix-review-{}.log", std::process::id()));
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
    let m = carol.mark();
    carol.say(&room, "!skald help").await;
    carol
        .wait_for(m, "the bot's help", |s| s.sender == bot_id())
        .await;

    // Five moves (the engine's three, carol's two), then carol resigns.
    let m = carol.mark();
    carol
        .say(&room, "!skald challenge tafl @skald second")
        .await;
    engine_moved(&carol, m, &room).await;
    for _ in 0..2 {
        let mv = a_legal_move(&carol, &room).await;
        let m = carol.mark();
        carol.say(&room, &format!("!skald move #1 {mv}")).await;
        engine_moved(&carol, m, &room).await;
    }
    let m = carol.mark();
    carol.say(&room, "!skald resign #1").await;
    carol.bot_says(m, &room, "resigned").await;

    // The review: answered at once by a notice replying to the command.
    let m = carol.mark();
    let asked = carol.say(&room, "!skald review #1").await;
    let answer = carol.bot_says(m, &room, "The engine is reviewing").await;
    assert_eq!(answer.msgtype, "m.notice", "{answer:?}");
    assert_eq!(answer.reply_to.as_ref(), Some(&asked), "{answer:?}");
    assert!(answer.body.contains("5 positions"), "{answer:?}");
    // Its progress, then its end: edits of that notice, still notices.
    let done = carol
        .wait_for(m, "the edit saying the review is done", |s| {
            s.edits
                .as_ref()
                .is_some_and(|(_, _, body)| body.contains("is done: see below"))
        })
        .await;
    let progress = carol
        .wait_for(m, "a progress edit", |s| {
            s.edits
                .as_ref()
                .is_some_and(|(_, _, body)| body.contains("% done"))
        })
        .await;
    for edit in [&done, &progress] {
        let (edited, msgtype, body) = edit.edits.clone().expect("an edit");
        assert_eq!(edited, answer.event, "it edits the answer: {edit:?}");
        assert_eq!(msgtype, "m.notice", "{edit:?}");
        assert_eq!(edit.msgtype, "m.notice", "{edit:?}");
        assert_eq!(
            edit.body,
            format!("* {body}"),
            "the fallback body: {edit:?}"
        );
        assert!(edit.mentions.is_empty(), "an edit pings nobody: {edit:?}");
    }
    assert!(progress.at <= done.at);
    // The review itself: the text, the graph, the turning points' boards.
    let review = carol.bot_says(m, &room, "Engine review of").await;
    assert!(
        review.body.contains("carol (Defenders): 2 moves")
            && review.body.contains("skald (Attackers): 3 moves"),
        "{review:?}"
    );
    let turns = review
        .body
        .lines()
        .filter(|l| l.contains("the engine preferred"))
        .count();
    assert!(
        turns > 0 || review.body.contains("No turning point"),
        "the turning points or why there is none: {review:?}"
    );
    let (graph, png) = carol.bot_media(m, &room, "m.image").await;
    let png_graph = carol
        .wait_for(m, "the win-chance graph", |s| {
            s.sender == bot_id() && s.msgtype == "m.image" && s.body.contains("Win chance over")
        })
        .await;
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{graph:?}");
    if turns > 0 {
        carol
            .wait_for(m, "a turning point's board", |s| {
                s.sender == bot_id()
                    && s.msgtype == "m.image"
                    && s.body.contains("the engine preferred")
            })
            .await;
    }

    // Again: the same review at once, and no edit.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let edits_before = carol
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.edits.is_some())
        .count();
    let m = carol.mark();
    let again = carol.say(&room, "!skald review #1").await;
    let second = carol.bot_says(m, &room, "Engine review of").await;
    assert_eq!(second.body, review.body);
    assert_eq!(second.reply_to.as_ref(), Some(&again));
    carol
        .wait_for(m, "the graph again", |s| {
            s.msgtype == "m.image" && s.body == png_graph.body
        })
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let edits_after = carol
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.edits.is_some())
        .count();
    assert_eq!(edits_after, edits_before, "a made review is not made again");
    drop(bot);
    drop(hs);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!text.contains("panicked"), "the bot panicked: {text}");
    let _ = std::fs::remove_file(&log);
}

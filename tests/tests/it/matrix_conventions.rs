//! The Matrix adapter keeps Matrix's conventions, end to end on a real Synapse with the real
//! `skald` binary and two players' clients (matrix-sdk) sending what clients send: real
//! replies (with and without the legacy fallback), edits with `m.new_content` (with and
//! without the `* ` fallback body), plain-text `@names`, mentions mid-sentence. Answers are
//! replies to their command, `m.notice` unless they must notify someone, HTML with `<code>`;
//! board images carry a short alt text; commands sent while the bot was down are answered
//! after the restart (or said to be too old); and the time from command to answer is
//! measured (printed, never asserted).

use crate::matrix_common::{
    Bot, Player, Seen, bot_id, bot_ready, matrix_config, synapse_with_alice_and_bob,
};
use matrix_sdk::ruma::OwnedEventId;
use skald_tests::TempDir;
use std::time::Duration;

/// Waits for the bot's first message replying to `event` that satisfies `pred`.
async fn answer_to(
    p: &Player,
    from: usize,
    event: &OwnedEventId,
    what: &str,
    pred: impl Fn(&Seen) -> bool,
) -> Seen {
    let bot = bot_id();
    p.wait_for(from, what, |s| {
        s.sender == bot && s.reply_to.as_ref() == Some(event) && pred(s)
    })
    .await
}

/// The bot's text answer (not a board) to `event`.
async fn text_answer(p: &Player, from: usize, event: &OwnedEventId, needle: &str) -> Seen {
    answer_to(
        p,
        from,
        event,
        &format!("an answer saying '{needle}'"),
        |s| s.image.is_none() && s.body.contains(needle),
    )
    .await
}

/// Gives the bot time to answer what it should not, then checks it did not.
async fn no_answer_to(p: &Player, from: usize, event: &OwnedEventId, after: &OwnedEventId) {
    // An answer to a later command shows the bot has handled everything before it.
    answer_to(p, from, after, "the answer to the later command", |_| true).await;
    assert!(
        p.bot_replies_to(from, event).is_empty(),
        "the bot answered {event}: {:#?}",
        p.bot_replies_to(from, event)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn answers_follow_matrix_conventions() {
    let (hs, url) = synapse_with_alice_and_bob();
    let dir = TempDir::new("matrix-conventions");
    // No rate limit: the latency measure at the end sends commands back to back.
    let config = matrix_config(
        &dir,
        &url,
        "answer_missed_for = \"20s\"\n\n[limits]\nrate_commands = 0\n",
    );
    let log = std::env::temp_dir().join(format!("skald-matrix-conv-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut bot = Some(Bot::start(&config, &log));
    bot_ready(&log, 1).await;
    let alice = Player::login(&url, "alice", "alice-password").await;
    let bob = Player::login(&url, "bob", "bob-password").await;
    let room = alice.create_room(&bob, false).await;

    // An answer is a reply to its command, a notice, with HTML code spans.
    let m = alice.mark();
    let help = alice.say(&room, "!skald help").await;
    let answer = text_answer(&alice, m, &help, "challenge").await;
    // The bot marks the command read.
    alice.saw_receipt(&room, &help, &bot_id()).await;
    assert_eq!(answer.msgtype, "m.notice", "{answer:?}");
    let html = answer.html.clone().expect("an HTML body");
    assert!(
        html.contains("<code>") && !html.contains('`'),
        "code spans, not backticks: {html}"
    );
    assert!(html.contains("<br>"), "lines kept: {html}");

    // A plain-text `@name` nobody in the room has is refused with the candidates, and
    // creates nothing; `@bob` typed as text names bob.
    let m = alice.mark();
    let nobody = alice
        .say(&room, "!skald challenge tafl @nobody first")
        .await;
    let refusal = text_answer(&alice, m, &nobody, "Nobody called @nobody").await;
    assert!(
        refusal.body.contains("@bob:localhost") && refusal.body.contains("nothing was changed"),
        "{refusal:?}"
    );
    let m = bob.mark();
    let challenge = alice.say(&room, "!skald challenge tafl @bob first").await;
    let told = text_answer(&bob, m, &challenge, "Challenge #").await;
    assert!(
        told.body.contains("@bob") || told.body.contains("bob"),
        "{told:?}"
    );
    assert_eq!(told.msgtype, "m.text", "a challenge notifies: {told:?}");
    // What to type is said as a Matrix player types it: after the prefix.
    assert!(
        told.body.contains("`!skald accept #") && told.body.contains("`!skald decline #"),
        "{told:?}"
    );
    assert!(told.mentions.contains(&bob.id()), "{told:?}");

    // Bob accepts by replying to the challenge, with the legacy fallback quote.
    let m = alice.mark();
    let accept = bob.reply(&room, &told, "!skald accept", true).await;
    let starts = text_answer(&alice, m, &accept, "starts").await;
    let game = starts
        .body
        .split("Game #")
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
        .expect("a game number")
        .to_string();
    // Its board: an image replying to the command, whose body is one short line.
    let board = answer_to(&alice, m, &accept, "the board", |s| s.image.is_some()).await;
    assert!(
        !board.body.contains('\n') && board.body.len() < 160,
        "a short alt text: {:?}",
        board.body
    );
    assert!(
        board.body.contains(&format!("#{game}")) && board.body.contains("move"),
        "game and whose turn: {:?}",
        board.body
    );

    // A typo refused, then fixed by an edit (with the `* ` fallback): runs once.
    let m = bob.mark();
    let typo = alice.say(&room, "!skald mvoe d1-d4").await;
    text_answer(&bob, m, &typo, "unknown command").await;
    alice.edit(&room, &typo, "!skald move d1-d4", true).await;
    let moved = text_answer(&bob, m, &typo, "played d1-d4").await;
    assert_eq!(
        moved.msgtype, "m.text",
        "bob's turn notifies him: {moved:?}"
    );
    assert!(moved.mentions.contains(&bob.id()), "{moved:?}");
    // An edit of the answered command (a body without `* `) does not run again, and says so.
    let m = alice.mark();
    alice.edit(&room, &typo, "!skald move d1-d5", false).await;
    let said = text_answer(&alice, m, &typo, "already carried out").await;
    assert_eq!(said.msgtype, "m.notice");
    let m = alice.mark();
    let look = alice.say(&room, "!skald board text").await;
    let text_board = answer_to(&alice, m, &look, "the text board", |s| {
        s.html.as_deref().is_some_and(|h| h.contains("<pre>"))
    })
    .await;
    assert!(
        text_board.body.lines().count() > 10 && text_board.msgtype == "m.notice",
        "the text board, on request: {text_board:?}"
    );
    assert!(
        !alice.seen.lock().unwrap()[m..]
            .iter()
            .any(|s| s.body.contains("played d1-d5") || s.body.contains("played d4-d5")),
        "the edit ran again"
    );

    // A message that was not a command, edited into one: runs.
    let m = alice.mark();
    let chatter = alice.say(&room, "!skadl board").await;
    alice.edit(&room, &chatter, "!skald board", true).await;
    answer_to(&alice, m, &chatter, "the board after the edit", |s| {
        s.image.is_some()
    })
    .await;

    // A reply to the bot's message, without a fallback and without the prefix (the client
    // mentions the bot in `m.mentions`): a command. Chatter in a reply is not answered.
    let m = bob.mark();
    let thanks = bob.reply(&room, &moved, "thanks, nice move", false).await;
    let moves = bob.reply(&room, &moved, "moves", false).await;
    text_answer(&bob, m, &moves, "d1-d4").await;
    assert!(
        bob.bot_replies_to(m, &thanks).is_empty(),
        "chatter answered"
    );

    // A mention mid-sentence, typed as text or as a pill: the command after it runs.
    let m = bob.mark();
    let hey = bob.say(&room, "hey @skald, board please").await;
    answer_to(&bob, m, &hey, "a board", |s| s.image.is_some()).await;
    let m = bob.mark();
    let pill = matrix_sdk::ruma::events::room::message::RoomMessageEventContent::text_html(
        "hey Skald: games",
        format!(
            "hey <a href=\"https://matrix.to/#/{}\">Skald</a>: games",
            bot_id()
        ),
    );
    let pilled = bob.send(&room, pill).await;
    text_answer(&bob, m, &pilled, &format!("#{game}")).await;
    // Someone else's "edit" of bob's command is ignored.
    let m = bob.mark();
    alice.edit(&room, &hey, "!skald resign", true).await;
    let later = bob.say(&room, "!skald games").await;
    no_answer_to(&bob, m, &hey, &later).await;

    // The bot goes down; commands sent meanwhile are answered after the restart, in order,
    // unless older than `answer_missed_for` (20 s here), which get one notice each instead.
    drop(bot.take());
    let stale = alice.say(&room, "!skald board").await;
    tokio::time::sleep(Duration::from_secs(22)).await;
    let m = alice.mark();
    let first = alice.say(&room, "!skald rules tafl").await;
    let second = alice.say(&room, "!skald help board").await;
    bot = Some(Bot::start(&config, &log));
    bot_ready(&log, 2).await;
    let not_run = text_answer(&alice, m, &stale, "not run").await;
    assert_eq!(not_run.msgtype, "m.notice");
    assert!(
        alice.bot_replies_to(m, &stale).len() == 1,
        "one notice for the stale command"
    );
    let a1 = text_answer(&alice, m, &first, "Hnefatafl").await;
    let a2 = text_answer(&alice, m, &second, "board").await;
    assert!(a1.at <= a2.at, "answered in order");

    // Latency: commands back to back, each sent when the last was answered.
    let mut times = Vec::new();
    for _ in 0..20 {
        let m = alice.mark();
        let sent = std::time::Instant::now();
        let cmd = alice.say(&room, "!skald games").await;
        let answer = text_answer(&alice, m, &cmd, "#").await;
        times.push(answer.at.duration_since(sent));
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "matrix command-to-answer latency: median {} ms (min {} ms, max {} ms, {} commands)",
        median.as_millis(),
        times[0].as_millis(),
        times[times.len() - 1].as_millis(),
        times.len()
    );

    // While the built-in engine thinks (hard, full budget: up to 1.8 s), the bot is seen
    // typing in the room; its move comes after.
    let m = alice.mark();
    let vs_engine = alice
        .say(&room, "!skald challenge tafl @skald hard second")
        .await;
    text_answer(&alice, m, &vs_engine, "starts").await;
    alice.saw_typing(&room, &bot_id()).await;
    alice.bot_says(m, &room, "skald (Attackers) played").await;

    drop(bot.take());
    let bot_log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!bot_log.contains("panicked"), "the bot panicked: {bot_log}");
    drop(hs);
    let _ = std::fs::remove_file(&log);
}

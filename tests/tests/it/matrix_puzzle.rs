//! Puzzles (#35) on Matrix, end to end (a real Synapse, the real `skald` binary): the rooms
//! are made before the bot starts (it joins them from their invites), so the store can hold
//! each community's own puzzles from the start (`skald import`; on Matrix a room is its own
//! community, a direct room with the bot too). A puzzle asked in carol's direct room with
//! the bot is given and solved there, a two-move one too (the forced reply shown), one
//! answered wrong in dave's (the solution and the compared board), a dice puzzle too (a step typed alone shown with what
//! may follow, then the whole turn); an answer typed in the shared room is refused with
//! nothing counted. The daily puzzle: the room's creator (power level 100) turns it on, a
//! member without power is refused, the post appears at the hour on the fake clock, and a
//! solver's answer in their direct room edits it (`m.replace`) with their name, never the
//! move, and another's after a restart edits the same post again.

use crate::matrix_common::{Bot, Player, WAIT, bot_id, bot_ready, matrix_config};
use crate::puzzle_common::{
    CAPTURE_FIRST, CAPTURE_IN_TWO, DicePuzzle, ONE_ESCAPE, ONE_ESCAPE_MOVE, capture_second,
    dice_puzzle, puzzle_of, store_with_puzzles,
};
use matrix_sdk::ruma::OwnedRoomId;
use skald_tests::TempDir;
use skald_tests::synapse::{self, Synapse};
use std::path::Path;
use std::time::Instant;

/// Waits until the bot's log says it joined `n` rooms from their invites.
async fn bot_joined(log: &Path, n: usize) {
    let deadline = Instant::now() + WAIT;
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches("matrix: joined after an invite").count() >= n {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the bot did not join {n} rooms; its log:\n{}",
            &text[text.len().saturating_sub(4000)..]
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A direct room `player` opens with the bot (marked direct in the invite, as clients do).
async fn direct_room(player: &Player) -> OwnedRoomId {
    player
        .client
        .create_dm(&bot_id())
        .await
        .expect("a direct room with the bot")
        .room_id()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_on_matrix_are_solved_in_direct_rooms_and_the_daily_post_is_edited() {
    let hs = Synapse::start(&synapse::python());
    hs.register("skald", "bot-password");
    hs.register("carol", "carol-password");
    hs.register("dave", "dave-password");
    let url = hs.url();
    let carol = Player::login(&url, "carol", "carol-password").await;
    let dave = Player::login(&url, "dave", "dave-password").await;
    // Carol's room with dave and the bot (carol, its creator, has power level 100), and
    // each one's direct room with the bot: all before the bot starts.
    let hall = carol.create_room(&dave, false).await;
    let carol_dm = direct_room(&carol).await;
    let dave_dm = direct_room(&dave).await;
    eprintln!("hall {hall}, carol's direct room {carol_dm}, dave's {dave_dm}");

    let dir = TempDir::new("matrix-puzzle");
    let DicePuzzle {
        puzzle: dice,
        solution,
        ..
    } = dice_puzzle();
    let escape = puzzle_of(ONE_ESCAPE, "alice vs bob, game #12");
    let mut capture = puzzle_of(CAPTURE_IN_TWO, "self-play brandubh seed 1, ply 12");
    // Out of reach in the room; in carol's direct room, near her rating once she solved the
    // escape (her next own puzzle there).
    let mut near_capture = capture.clone();
    capture.rating = 2100.0;
    near_capture.rating = 1800.0;
    store_with_puzzles(
        &dir.path().join("data"),
        &[
            (hall.as_str(), vec![capture, escape.clone()]),
            (
                carol_dm.as_str(),
                vec![near_capture, escape.clone(), dice.clone()],
            ),
            (dave_dm.as_str(), vec![escape]),
        ],
    );
    let config = matrix_config(&dir, &url, "\n[clock]\nfake = true\n");
    // Outside the temporary directory, so it is still there to read when the test fails.
    let log = std::env::temp_dir().join(format!("skald-matrix-puzzle-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let bot = Bot::start(&config, &log);
    bot_ready(&log, 1).await;
    bot_joined(&log, 3).await;

    // Asked in carol's direct room, solved there.
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle brandubh").await;
    let given = carol
        .bot_says(
            m,
            &carol_dm,
            "Puzzle, Brandubh: Defenders to move, escape in 1.",
        )
        .await;
    assert!(!given.body.contains(ONE_ESCAPE_MOVE), "{given:?}");
    carol.bot_board(m, &carol_dm).await;
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle a3-a1").await;
    carol.bot_says(m, &carol_dm, "Solved: a3-a1 wins.").await;

    // The two-move puzzle: the forced reply shown, then solved.
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle brandubh").await;
    carol
        .bot_says(m, &carol_dm, "Attackers to move, capture the king in 2.")
        .await;
    let m = carol.mark();
    carol
        .say(&carol_dm, &format!("!skald puzzle {CAPTURE_FIRST}"))
        .await;
    let step = carol
        .bot_says(
            m,
            &carol_dm,
            &format!("Right: {CAPTURE_FIRST}. They answer "),
        )
        .await;
    let reply = step
        .body
        .split("They answer ")
        .nth(1)
        .and_then(|t| t.split('.').next())
        .expect("the reply")
        .to_string();
    let second = capture_second(&reply);
    let m = carol.mark();
    carol
        .say(&carol_dm, &format!("!skald puzzle {second}"))
        .await;
    carol
        .bot_says(m, &carol_dm, &format!("Solved: {second} wins."))
        .await;

    // Wrong: dave's own escape in his direct room, answered a3-a2: the solution, and the
    // board with both moves.
    let m = dave.mark();
    dave.say(&dave_dm, "!skald puzzle brandubh").await;
    dave.bot_says(m, &dave_dm, "Defenders to move, escape in 1.")
        .await;
    let m = dave.mark();
    dave.say(&dave_dm, "!skald puzzle a3-a2").await;
    let wrong = dave
        .bot_says(m, &dave_dm, "Not this one: a3-a2 does not force the win.")
        .await;
    assert!(wrong.body.contains("The solution: a3-a1."), "{wrong:?}");
    dave.bot_board(m, &dave_dm).await;

    // A dice puzzle: its first step typed alone is shown with the steps that may follow
    // (nothing counted); the whole turn solves it.
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle adelta").await;
    carol
        .bot_says(m, &carol_dm, "White to move, the best use of the roll.")
        .await;
    let m = carol.mark();
    carol
        .say(&carol_dm, &format!("!skald puzzle {}", solution[0]))
        .await;
    let half = carol
        .bot_says(
            m,
            &carol_dm,
            &format!("So far: {}; one die left", solution[0]),
        )
        .await;
    assert!(half.body.contains(&solution[1]), "{half:?}");
    carol.bot_board(m, &carol_dm).await;
    let m = carol.mark();
    let whole = solution.join(" ");
    carol
        .say(&carol_dm, &format!("!skald puzzle {whole}"))
        .await;
    carol
        .bot_says(m, &carol_dm, &format!("Solved: {whole} wins."))
        .await;

    // The daily puzzle: dave (power level 0) is refused, carol turns it on.
    let m = dave.mark();
    dave.say(&hall, "!skald puzzle daily on 09:00 UTC").await;
    dave.bot_says(m, &hall, "Only a server admin").await;
    let m = carol.mark();
    carol.say(&hall, "!skald puzzle daily on 09:00 UTC").await;
    carol
        .bot_says(m, &hall, "The daily puzzle is on: every day at 09:00 (UTC)")
        .await;
    // The fake clock starts on 2025-01-01 00:00 UTC: the post comes at 09:00.
    let m = carol.mark();
    std::fs::write(
        dir.path().join("data").join("fake-clock"),
        "2025-01-01T09:00\n",
    )
    .expect("move the clock");
    let post = carol
        .bot_says(
            m,
            &hall,
            "Daily puzzle, 2025-01-01: Brandubh, Defenders to move, escape in 1.",
        )
        .await;
    assert!(!post.body.contains(ONE_ESCAPE_MOVE), "{post:?}");
    carol.bot_board(m, &hall).await;

    // Dave asks for it in the room: it comes to his direct room. His answer typed in the
    // room is refused, nothing counted; typed in his direct room, it solves it.
    let m = dave.mark();
    dave.say(&hall, "!skald puzzle daily").await;
    dave.bot_says(
        m,
        &dave_dm,
        "Puzzle, Brandubh: Defenders to move, escape in 1.",
    )
    .await;
    let m = dave.mark();
    dave.say(&hall, "!skald puzzle a3-a1").await;
    dave.bot_says(m, &hall, "Nothing was counted").await;
    let m_carol = carol.mark();
    let m = dave.mark();
    dave.say(&dave_dm, "!skald puzzle a3-a1").await;
    let solved = dave.bot_says(m, &dave_dm, "Solved: a3-a1 wins.").await;
    assert!(solved.body.contains("Streak: 1 (best 1)."), "{solved:?}");
    // The post is edited: dave named, the move not.
    let edit = carol
        .wait_for(m_carol, "the daily post's edit", |s| {
            s.sender == bot_id() && s.room == hall && s.edits.is_some()
        })
        .await;
    let (edited, _, body) = edit.edits.clone().expect("an edit");
    assert_eq!(edited, post.event, "{edit:?}");
    assert!(body.contains("Solved by dave."), "{body}");
    assert!(!body.contains(ONE_ESCAPE_MOVE), "{body}");

    // After a restart (the post's event is kept with it in the store, not in the process's
    // memory alone), carol's answer in her direct room edits the same post again.
    drop(bot);
    let _bot = Bot::start(&config, &log);
    bot_ready(&log, 2).await;
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle daily").await;
    carol.bot_says(m, &carol_dm, "escape in 1.").await;
    let m = carol.mark();
    carol.say(&carol_dm, "!skald puzzle a3-a1").await;
    carol.bot_says(m, &carol_dm, "Solved: a3-a1 wins.").await;
    let again = carol
        .wait_for(m, "the daily post's edit after a restart", |s| {
            s.sender == bot_id()
                && s.room == hall
                && (s.edits.is_some() || s.body.contains("Daily"))
        })
        .await;
    let (edited, _, body) = again.edits.clone().expect("an edit, not a new post");
    assert_eq!(edited, post.event, "{again:?}");
    assert!(body.contains("Solved by dave, carol."), "{body}");
    // Nothing in the shared room ever gave the move away (the refusal quotes no move).
    let leaked: Vec<String> = carol
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.room == hall && s.sender == bot_id() && s.body.contains(ONE_ESCAPE_MOVE))
        .map(|s| s.body.clone())
        .collect();
    assert!(leaked.is_empty(), "{leaked:?}");
}

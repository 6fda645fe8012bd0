//! The time from a Matrix command to its answer, on a real Synapse on 127.0.0.1 with the real
//! `skald` binary: one player sends `!skald games`, waits for the answer (a reply to the
//! command, seen by the player's own sync), and sends the next, back to back, then prints the
//! median, the quartiles and the extremes. A load program, not a timed test: it asserts only
//! that every command was answered. The suite runs it as a smoke test with 5 commands;
//! `SKALD_MATRIX_LATENCY_COMMANDS=100 cargo test -p skald-tests --test it matrix_latency --
//! --nocapture` is the measurement (docs/BENCHMARKS.md). It lives in the test binary rather
//! than in a bench of its own: the Matrix client code it shares took four minutes to compile
//! into one more binary.

use crate::matrix_common::{
    Bot, Player, bot_id, bot_ready, matrix_config, synapse_with_alice_and_bob,
};
use skald_tests::TempDir;
use std::time::{Duration, Instant};

/// How many commands to time: `SKALD_MATRIX_LATENCY_COMMANDS`, else 5 (the smoke run).
fn commands() -> usize {
    std::env::var("SKALD_MATRIX_LATENCY_COMMANDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(5)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matrix_latency() {
    let commands = commands();
    let times = measure(commands).await;
    assert_eq!(times.len(), commands, "every command was answered");
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "matrix command-to-answer: {} commands, median {:.0} ms (quartiles {:.0}-{:.0} ms, min {:.0} ms, max {:.0} ms)",
        times.len(),
        ms(times[times.len() / 2]),
        ms(times[times.len() / 4]),
        ms(times[times.len() * 3 / 4]),
        ms(times[0]),
        ms(times[times.len() - 1]),
    );
}

/// The sorted answer times of `commands` commands sent back to back.
async fn measure(commands: usize) -> Vec<Duration> {
    let (hs, url) = synapse_with_alice_and_bob();
    let dir = TempDir::new("matrix-latency");
    let config = matrix_config(&dir, &url, "\n[limits]\nrate_commands = 0\n");
    let log = dir.path().join("bot.log");
    let _bot = Bot::start(&config, &log);
    bot_ready(&log, 1).await;
    let alice = Player::login(&url, "alice", "alice-password").await;
    let bob = Player::login(&url, "bob", "bob-password").await;
    let room = alice.create_room(&bob, false).await;
    // One command first, so the bot has joined and the room is warm.
    let m = alice.mark();
    alice.say(&room, "!skald help").await;
    alice.bot_says(m, &room, "challenge").await;
    let mut times = Vec::new();
    for _ in 0..commands {
        let m = alice.mark();
        let sent = Instant::now();
        let cmd = alice.say(&room, "!skald games").await;
        let answer = alice
            .wait_for(m, "the answer", |s| {
                s.sender == bot_id() && s.reply_to.as_ref() == Some(&cmd)
            })
            .await;
        times.push(answer.at.duration_since(sent));
    }
    times.sort();
    drop(hs);
    times
}

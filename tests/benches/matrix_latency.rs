//! The time from a Matrix command to its answer, on a real Synapse on 127.0.0.1 with the real
//! `skald` binary (built first: `cargo build -p skald`): one player sends `!skald games`,
//! waits for the answer (a reply to the command, seen by the player's own sync), and sends
//! the next, back to back. Prints the median, the quartiles and the extremes. `cargo bench -p
//! skald-tests --bench matrix_latency` sends 100 commands; `cargo test` runs it as a smoke
//! test with 5. Needs `SKALD_SYNAPSE_PYTHON` (see `scripts/test`).

#![recursion_limit = "256"]

#[path = "../tests/matrix_common/mod.rs"]
mod matrix_common;

use matrix_common::{Bot, Player, bot_id, bot_ready, matrix_config, synapse_with_alice_and_bob};
use skald_tests::TempDir;
use std::time::{Duration, Instant};

fn main() {
    let commands = if std::env::args().any(|a| a == "--bench") {
        100
    } else {
        5
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let times = runtime.block_on(measure(commands));
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

//! A damaged stored game through the real binary: the console answers clearly for that
//! game, keeps serving the others (moves, lists, the scheduler's timeouts), logs the game's
//! number, and `skald export` still writes everything, the damaged game raw.

use skald_tests::{TempDir, block_after, console, skald_bin};
use std::io::Write;
use std::process::{Command, Stdio};

/// Overwrites game `id`'s stored bytes behind the bot's back (the bot is not running).
fn damage(data: &TempDir, id: u64, bytes: &[u8]) {
    let db = sled::open(data.path()).expect("sled opens");
    db.open_tree("games")
        .expect("the games tree")
        .insert(id.to_be_bytes(), bytes)
        .expect("writes");
    db.flush().expect("flushes");
}

/// Runs the console on `input`; returns standard output and standard error.
fn console_logs(data: &TempDir, input: &str) -> (String, String) {
    let mut child = Command::new(skald_bin())
        .args([
            "console",
            "--fake-clock",
            "--seed",
            "1",
            "--no-pictures",
            "--data",
        ])
        .arg(data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skald runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("skald finishes");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "the console keeps running: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn the_console_serves_every_other_game_when_one_is_damaged() {
    let data = TempDir::new("damaged");
    console(
        &data,
        1,
        "@alice challenge daldosa @bob first\n@bob accept\n@alice challenge tafl @bob first\n@bob accept\n",
    );
    // Game #1 becomes a truncated document.
    damage(&data, 1, b"{\"id\":1,\"version\":3,\"community\":\"con");
    let (out, log) = console_logs(
        &data,
        "@alice board #1\n@bob move #1 1\n@alice games\n@alice move #2 d1-d4\n@bob board #2\n!clock +5d\n@alice history\n",
    );
    let b = block_after(&out, "@alice> board #1");
    assert!(
        b.contains("! game #1 cannot be read: its stored document is cut off")
            && b.contains("skald export"),
        "{b}"
    );
    assert!(block_after(&out, "@bob> move #1 1").contains("! game #1 cannot be read"));
    let b = block_after(&out, "@alice> games");
    assert!(
        b.contains("#2 Hnefatafl 11x11, you (Attackers) vs bob")
            && b.contains("game #1 cannot be read"),
        "{b}"
    );
    assert!(
        block_after(&out, "@alice> move #2 d1-d4").contains("#2: alice (Attackers) played d1-d4."),
        "{out}"
    );
    // Five days later the scheduler has timed out game #2 and skipped game #1.
    let b = block_after(&out, "@console> !clock +5d");
    assert!(b.contains("#2: bob (Defenders)'s time ran out."), "{b}");
    assert!(
        block_after(&out, "@alice> history").contains("#2 Hnefatafl 11x11 vs bob"),
        "{out}"
    );
    assert!(
        log.contains("game=1") && log.contains("cannot be read"),
        "the log names the game: {log}"
    );
    // The admin's export still works and carries the damaged game raw.
    let export = skald_tests::ok(&["export", "--data", &data.path().display().to_string()]);
    let text = export;
    assert!(
        text.lines()
            .any(|l| l.starts_with("{\"unreadable_game\":{\"id\":1,")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("{\"game\":{\"id\":2,")),
        "{text}"
    );
}

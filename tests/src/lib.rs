//! Helpers for Skald's end-to-end tests, which drive the real `skald` binary.

pub mod synapse;

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `skald` binary next to the test executable (or `SKALD_BIN`).
///
/// `cargo test --workspace` builds it with the tests (the bot package has integration tests
/// of its own, so Cargo puts its binary in `target/<profile>/`); a missing binary fails
/// loudly rather than skipping anything.
pub fn skald_bin() -> PathBuf {
    if let Some(p) = std::env::var_os("SKALD_BIN") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("the test knows its own path");
    // target/<profile>/deps/<test> -> target/<profile>/skald
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("test executables live in target/<profile>/deps");
    let bin = dir.join(format!("skald{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.exists(),
        "{} is missing: build it with `cargo test --workspace --no-run` (the README's test command does)",
        bin.display()
    );
    bin
}

/// Writes the fake time a bot's clock file (in the data directory `data`, whose store is
/// its `store` folder) should move to, for a bot started with `[clock] fake = true`.
pub fn set_fake_time(data: &TempDir, to: &str) {
    std::fs::write(
        data.path().join("store").join("fake-clock"),
        format!("{to}\n"),
    )
    .expect("write the clock file");
}

/// Runs `skald` with `args` and returns its output.
pub fn run(args: &[&str]) -> Output {
    Command::new(skald_bin())
        .args(args)
        .output()
        .expect("the skald binary runs")
}

/// Runs `skald` with `args`, asserts success, and returns standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "skald {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// Runs `skald` with `args`, asserts a non-zero exit, and returns standard error.
pub fn fails(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        !out.status.success(),
        "skald {args:?} should have failed but printed {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).expect("errors are UTF-8");
    assert!(!err.contains("panicked"), "skald {args:?} panicked: {err}");
    err
}

/// A fresh directory for one test's data, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty directory named after the test.
    pub fn new(name: &str) -> TempDir {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "skald-test-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temporary directory can be made");
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }

    /// The directory as a string argument.
    pub fn arg(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `skald console --data DIR --fake-clock --uncapped --seed SEED --no-pictures` with
/// `input` on standard input and returns standard output (asserting success and no panic).
/// Pictures are left out for speed; `console_with` runs with them. `--uncapped` lets the
/// engine search its whole iteration budget, so its moves repeat however busy the machine
/// is (the fake clock alone keeps the engine's time cap, which is machine time).
pub fn console(data: &TempDir, seed: u64, input: &str) -> String {
    console_with(
        data,
        &[
            "--fake-clock",
            "--uncapped",
            "--seed",
            &seed.to_string(),
            "--no-pictures",
        ],
        input,
    )
}

/// Runs `skald console --data DIR <args>` with `input` and returns standard output.
pub fn console_with(data: &TempDir, args: &[&str], input: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(skald_bin())
        .arg("console")
        .arg("--data")
        .arg(data.path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the skald binary runs");
    {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        stdin.write_all(input.as_bytes()).expect("input is written");
    }
    let out = child.wait_with_output().expect("skald finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "skald console failed: {stderr}");
    assert!(
        !stderr.contains("panicked"),
        "skald console panicked: {stderr}"
    );
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// A console script written indented in a test: its lines trimmed, blank ones dropped.
pub fn script(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The games a tournament or league announcement lists: `#12: alice (Attackers) vs bob
/// (Defenders)`, as (number, attacker, defender).
pub fn games_in(text: &str) -> Vec<(u64, String, String)> {
    text.lines()
        .filter_map(|l| {
            let (id, rest) = l.strip_prefix('#')?.split_once(": ")?;
            let (a, b) = rest.split_once(" (Attackers) vs ")?;
            let b = b.strip_suffix(" (Defenders)")?;
            Some((id.parse().ok()?, a.to_string(), b.to_string()))
        })
        .collect()
}

/// The reply blocks of a console transcript: each starts with the echoed `@name> line`.
pub fn blocks(transcript: &str) -> Vec<&str> {
    transcript
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .collect()
}

/// Whether a block starts with an echoed input line (`@alice> ...`).
fn is_echo(block: &str) -> bool {
    block
        .lines()
        .next()
        .and_then(|l| l.strip_prefix('@'))
        .is_some_and(|l| {
            l.split_once("> ")
                .is_some_and(|(name, _)| !name.contains(' '))
        })
}

/// What the console printed for the first input line equal to `echo` (`@alice> accept`):
/// its reply and any scheduler notices that followed it, up to the next input line.
pub fn block_after(transcript: &str, echo: &str) -> String {
    let all = blocks(transcript);
    let start = all
        .iter()
        .position(|b| b.lines().next() == Some(echo))
        .unwrap_or_else(|| panic!("no reply to `{echo}` in:\n{transcript}"));
    reply_from(&all, start)
}

/// [`block_after`] for the last input line equal to `echo`.
pub fn block_after_last(transcript: &str, echo: &str) -> String {
    let all = blocks(transcript);
    let start = all
        .iter()
        .rposition(|b| b.lines().next() == Some(echo))
        .unwrap_or_else(|| panic!("no reply to `{echo}` in:\n{transcript}"));
    reply_from(&all, start)
}

fn reply_from(all: &[&str], start: usize) -> String {
    let mut out = all[start].to_string();
    for b in &all[start + 1..] {
        if is_echo(b) {
            break;
        }
        out.push_str("\n\n");
        out.push_str(b);
    }
    out
}

/// Writes the input lines of a whole game: alice challenges bob (alice moves first), bob
/// accepts, and the players pick random legal moves (from `pick_seed`) until the game ends.
///
/// The moves are found by running the same session in-process with the same `dice_seed`
/// and fake clock as `skald console --seed <dice_seed> --fake-clock` will, so the dice the
/// binary rolls are the dice these moves were chosen for.
pub fn whole_game(rule_set: &str, dice_seed: u64, pick_seed: u64, extra: &str) -> Vec<String> {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use skald_session::clock::FakeClock;
    use skald_session::store::SledStore;
    use skald_session::{Context, Session, SessionConfig, User};
    use std::sync::Arc;

    let session = Session::new(
        Arc::new(SledStore::temporary().expect("a temporary store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        StdRng::seed_from_u64(dice_seed),
        // As the console runs it: without the rate limit.
        SessionConfig::default().without_rate_limit(),
    )
    .expect("the session opens");
    let mut picker = StdRng::seed_from_u64(pick_seed);
    let mut lines = vec![
        format!("@alice challenge {rule_set} @bob first {extra}")
            .trim_end()
            .to_string(),
        "@bob accept".to_string(),
    ];
    let say = |line: &str| {
        let (name, text) = line[1..].split_once(' ').expect("@name command");
        let ctx = Context::private(User::new("console", name, name), "console", "console");
        session.handle(&ctx, text)
    };
    for line in &lines {
        say(line);
    }
    for _ in 0..20_000 {
        let game = session
            .store()
            .game(1)
            .expect("the store reads")
            .expect("game #1 exists")
            .doc;
        if game.end.is_some() {
            return lines;
        }
        let m = game.live().expect("the game replays");
        let seat = m.position().status().seat().expect("someone is to move");
        let legal = m.position().legal_moves();
        let mv = &legal[picker.random_range(0..legal.len())];
        let line = format!("@{} move {mv}", game.players[seat.index()].name);
        let reply = say(&line);
        assert_eq!(
            reply.kind,
            skald_session::ReplyKind::Done,
            "{line}: {}",
            reply.text.en()
        );
        lines.push(line);
    }
    panic!("the {rule_set} game did not end in 20000 moves");
}
/// Discord's published limits, which the fake Discord checks every request against.
pub mod discord_api;
/// The loopback fake Discord the Discord adapter's end-to-end test drives.
pub mod fake_discord;

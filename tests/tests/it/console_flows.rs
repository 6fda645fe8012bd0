//! Challenge flows, time, restarts, ratings and bad commands, through the real binary's
//! console as a user would type them.

use skald_tests::{
    TempDir, block_after, blocks, console, console_with, ok, run, script, skald_bin,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

#[test]
fn direct_challenge_accept_moves_and_resign_update_the_ladder() {
    let data = TempDir::new("direct");
    let out = console(
        &data,
        1,
        &script(
            "
            @alice challenge tafl @bob first days:2
            @bob accept
            @alice move d1-d4
            @bob move f4-e4
            @bob resign
            @carol ladder hnefatafl
            @carol rating @alice
            @alice history
            ",
        ),
    );
    let b = block_after(&out, "@alice> challenge tafl @bob first days:2");
    assert!(b.contains("Challenge #1: alice challenges @bob to Hnefatafl 11x11, ranked, 2 days per move; alice plays the Attackers (moves first)."), "{b}");
    assert!(b.contains("[ping @bob]"), "{b}");
    let b = block_after(&out, "@bob> accept");
    assert!(
        b.contains("Game #1 starts") && b.contains("deadline 2025-01-03 00:00 UTC"),
        "{b}"
    );
    assert!(b.contains("[ping @alice]"), "{b}");
    let b = block_after(&out, "@alice> move d1-d4");
    assert!(
        b.contains("#1: alice (Attackers) played d1-d4.") && b.contains("[ping @bob]"),
        "{b}"
    );
    let b = block_after(&out, "@bob> resign");
    assert!(
        b.contains("bob (Defenders) resigned; alice (Attackers) wins."),
        "{b}"
    );
    assert!(
        b.contains(
            "Ratings (Hnefatafl 11x11): alice 1500? → 1662? (+162), bob 1500? → 1338? (−162)."
        ),
        "{b}"
    );
    let b = block_after(&out, "@carol> ladder hnefatafl");
    assert!(
        b.contains("1. alice 1662? ±290, 1 game") && b.contains("2. bob 1338? ±290, 1 game"),
        "{b}"
    );
    assert!(b.contains("provisional"), "{b}");
    let b = block_after(&out, "@carol> rating @alice");
    assert!(
        b.contains("Hnefatafl 11x11: 1662? ±290, 1 game (1 won, 0 lost, 0 drawn), provisional"),
        "{b}"
    );
    let b = block_after(&out, "@alice> history");
    assert!(
        b.contains("#1 Hnefatafl 11x11 vs bob (2025-01-01): won, rating 1500? → 1662? (+162)"),
        "{b}"
    );
}

#[test]
fn open_challenge_decline_cancel_and_abort() {
    let data = TempDir::new("open");
    let out = console(
        &data,
        2,
        &script(
            "
            @alice challenge daldøs open casual
            @bob decline #1
            @alice cancel
            @carol accept #1
            @alice challenge subulata @bob
            @bob decline
            @alice challenge hnefatafl-13
            @carol accept
            @carol abort
            @dave games
            ",
        ),
    );
    let b = block_after(&out, "@alice> challenge daldøs open casual");
    assert!(
        b.contains("alice challenges anyone here to Daldøsa, casual")
            && b.contains("Anyone: `accept #1`"),
        "{b}"
    );
    assert!(
        block_after(&out, "@bob> decline #1")
            .contains("! challenge #1 is open to anyone, so it cannot be declined")
    );
    assert!(block_after(&out, "@alice> cancel").contains("alice withdraws challenge #1."));
    assert!(block_after(&out, "@carol> accept #1").contains("! there is no challenge #1"));
    let b = block_after(&out, "@bob> decline");
    assert!(
        b.contains("bob declines challenge #2 from alice.") && b.contains("[ping @alice]"),
        "{b}"
    );
    assert!(block_after(&out, "@carol> accept").contains("Game #3 starts: Hnefatafl 13x13"));
    let b = block_after(&out, "@carol> abort");
    assert!(
        b.contains("aborts the game") && b.contains("no result"),
        "{b}"
    );
    let b = block_after(&out, "@dave> games");
    assert!(
        b.contains("You have no active games.") && b.contains("No challenges are waiting"),
        "{b}"
    );
}

#[test]
fn draw_offer_and_accept_takeback_and_rematch() {
    let data = TempDir::new("offers");
    let out = console(
        &data,
        3,
        &script(
            "
            @alice challenge tafl @bob first
            @bob accept
            @alice move d1-d4
            @alice takeback
            @bob takeback
            @alice move e1-e4
            @bob draw
            @alice draw
            @alice rematch
            @bob accept
            @bob board
            ",
        ),
    );
    assert!(
        block_after(&out, "@alice> takeback")
            .contains("alice (Attackers) asks to take back their last move.")
    );
    let b = block_after(&out, "@bob> takeback");
    assert!(
        b.contains("bob (Defenders) grants the takeback; alice's last move is undone."),
        "{b}"
    );
    assert!(b.contains("alice (Attackers) to move"), "{b}");
    assert!(block_after(&out, "@bob> draw").contains("bob (Defenders) offers a draw."));
    let b = block_after(&out, "@alice> draw");
    assert!(
        b.contains("accepts the draw offer") && b.contains("Drawn by agreement."),
        "{b}"
    );
    let b = block_after(&out, "@alice> rematch");
    assert!(
        b.contains("Rematch of game #1, challenge #2: alice challenges @bob")
            && b.contains("alice plays the Defenders"),
        "{b}"
    );
    let b = block_after(&out, "@bob> accept");
    let _ = b;
    let b = block_after(&out, "@bob> board");
    assert!(
        b.contains("#2 Hnefatafl 11x11, bob vs alice"),
        "seats swapped: {b}"
    );
}

#[test]
fn timeouts_with_the_fake_clock_lose_or_abort() {
    let data = TempDir::new("timeout");
    let out = console(
        &data,
        4,
        &script(
            "
            @alice challenge tafl @bob first days:2
            @bob accept
            @alice move d1-d4
            @bob move f4-e4
            !clock +1d1h
            !clock +1d
            @alice challenge tafl @bob first days:1
            @bob accept
            @alice move d1-d4
            !clock +2d
            @bob rating
            ",
        ),
    );
    let b = block_after(&out, "@console> !clock +1d1h");
    assert!(b.contains("fake time: 2025-01-02 01:00 UTC"), "{b}");
    assert!(b.contains("Reminder, alice: your move in game #1 (Hnefatafl 11x11) is due by 2025-01-03 00:00 UTC, in 23 hours."), "{b}");
    let b = block_after(&out, "@console> !clock +1d");
    assert!(
        b.contains("#1: alice (Attackers)'s time ran out.")
            && b.contains("alice (Attackers) ran out of time; bob (Defenders) wins."),
        "{b}"
    );
    assert!(b.contains("Ratings (Hnefatafl 11x11)"), "{b}");
    let b = block_after(&out, "@console> !clock +2d");
    assert!(
        b.contains(
            "ran out of time before both players had moved; the game is aborted without result"
        ),
        "{b}"
    );
    let b = block_after(&out, "@bob> rating");
    assert!(
        b.contains("1 game (1 won, 0 lost, 0 drawn)"),
        "only the first game counted: {b}"
    );
    // The fake time is kept in the data directory.
    let later = console(&data, 4, "!clock\n");
    assert!(later.contains("fake time: 2025-01-05 01:00 UTC"), "{later}");
}

#[test]
fn a_time_bank_falls_grows_reminds_and_runs_out_across_a_restart() {
    let data = TempDir::new("bank");
    let out = console(
        &data,
        4,
        &script(
            "
            @alice challenge tafl @bob first clock:1d+2h
            @bob accept
            !clock +5h
            @alice move d1-d4
            @bob board
            !clock +1h
            @bob move f4-e4
            @alice games
            !clock +20h
            ",
        ),
    );
    let b = block_after(&out, "@alice> challenge tafl @bob first clock:1d+2h");
    assert!(b.contains("a bank of 1 day, 2 hours added a move"), "{b}");
    // 5 hours used of alice's day, 2 added back: 21 hours.
    let b = block_after(&out, "@bob> board");
    assert!(b.contains("Clocks: alice 21 h 0 min, bob 1 d."), "{b}");
    let b = block_after(&out, "@alice> games");
    assert!(b.contains("your clock 21 h 0 min, bob's 1 d"), "{b}");
    let b = block_after(&out, "@console> !clock +20h");
    assert!(
        b.contains("Reminder, alice: your move in game #1 (Hnefatafl 11x11)")
            && b.contains("in 1 hour."),
        "{b}"
    );
    // Started again on the same data: the bank runs out at zero, once.
    let later = console(&data, 4, &script("!clock +59m\n!clock +1m\n!clock +1h"));
    let b = block_after(&later, "@console> !clock +59m");
    assert!(!b.contains("time ran out"), "{b}");
    let b = block_after(&later, "@console> !clock +1m");
    assert!(b.contains("#1: alice (Attackers)'s time ran out."), "{b}");
    let b = block_after(&later, "@console> !clock +1h");
    assert!(!b.contains("time ran out"), "once: {b}");
}

/// A console on `data` (fake clock, seed 5) with its input and output piped, the input
/// left open.
fn running_console(data: &TempDir) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(skald_bin())
        .args(["console", "--fake-clock", "--seed", "5", "--data"])
        .arg(data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("skald runs");
    let stdin = child.stdin.take().expect("piped");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    (child, stdin, stdout)
}

/// Reads the console's output until `needle` has been printed.
fn read_until(stdout: &mut BufReader<ChildStdout>, needle: &str) {
    let mut seen = String::new();
    let mut line = String::new();
    while !seen.contains(needle) {
        line.clear();
        assert!(
            stdout.read_line(&mut line).expect("reads") > 0,
            "skald ended early: {seen}"
        );
        seen.push_str(&line);
    }
}

#[test]
fn a_killed_bot_loses_no_acknowledged_move() {
    let data = TempDir::new("restart");
    let (mut child, mut stdin, mut stdout) = running_console(&data);
    writeln!(
        stdin,
        "@alice challenge tafl @bob first\n@bob accept\n@alice move d1-d4\n@bob move f4-e4"
    )
    .expect("written");
    stdin.flush().expect("flushed");
    // Wait for the last acknowledgement, then kill the process without a chance to flush.
    read_until(&mut stdout, "played f4-e4");
    child.kill().expect("killed");
    let _ = child.wait();
    // Start again on the same data: the game goes on where it was.
    let out = console(
        &data,
        5,
        &script("@alice moves\n@alice move e1-e3\n@bob games"),
    );
    let b = block_after(&out, "@alice> moves");
    assert!(b.contains("1. d1-d4 f4-e4"), "{b}");
    assert!(block_after(&out, "@alice> move e1-e3").contains("alice (Attackers) played e1-e3."));
    assert!(
        block_after(&out, "@bob> games")
            .contains("#1 Hnefatafl 11x11, you (Defenders) vs alice: your move")
    );
}

#[test]
fn sigterm_stops_the_console_cleanly_keeping_what_it_answered() {
    let data = TempDir::new("sigterm");
    let (mut child, mut stdin, mut stdout) = running_console(&data);
    writeln!(
        stdin,
        "@alice challenge tafl @bob first\n@bob accept\n@alice move d1-d4"
    )
    .expect("written");
    stdin.flush().expect("flushed");
    read_until(&mut stdout, "played d1-d4");
    // A move in flight when SIGTERM comes: answered and kept, or never taken; the input
    // stays open, so only the signal can stop the console.
    writeln!(stdin, "@bob move f4-e4").expect("written");
    stdin.flush().expect("flushed");
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(sent.is_ok_and(|s| s.success()), "SIGTERM sent");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("reads to the end");
    let status = child.wait().expect("waits");
    assert!(
        status.success(),
        "a stop by SIGTERM is a clean exit: {status:?}\n{rest}"
    );
    let answered = rest.contains("played f4-e4");
    // Start again on the same data: every answered move is there, nothing else.
    let out = console(&data, 5, &script("@alice moves"));
    let b = block_after(&out, "@alice> moves");
    assert_eq!(b.contains("1. d1-d4 f4-e4"), answered, "{rest}\n{b}");
    assert!(b.contains("d1-d4"), "{b}");
    drop(stdin);
}

#[test]
fn every_bad_command_says_what_was_expected_and_changes_nothing() {
    let data = TempDir::new("bad");
    console(
        &data,
        6,
        &script("@alice challenge tafl @bob first\n@bob accept\n@alice challenge daldosa @carol"),
    );
    let before = ok(&["export", "--data", &data.arg()]);
    let cases: &[(&str, &str)] = &[
        ("@alice", "what does @alice say?"),
        ("@alice dance", "unknown command 'dance'"),
        ("@alice mvoe d1-d4", "did you mean `move`?"),
        ("@alice challenge", "which game? name a rule set"),
        ("@alice challenge chess", "unknown rule set 'chess'"),
        ("@alice challenge tafl days:20", "expected 1 to 14"),
        (
            "@alice challenge tafl first second",
            "the seat was already given",
        ),
        ("@alice challenge tafl soon", "unexpected 'soon'"),
        ("@alice challenge tafl @alice", "cannot challenge yourself"),
        ("@alice accept #x", "expected like #12"),
        ("@alice accept", "no challenge for you here"),
        ("@alice accept #2", "your own challenge"),
        ("@bob accept #2", "is for @carol"),
        ("@bob accept #99", "there is no challenge #99"),
        ("@bob accept #1", "already accepted: it is game #1"),
        ("@bob decline #2", "is for @carol"),
        ("@bob cancel #2", "only they can withdraw it"),
        ("@bob cancel", "no challenge waiting here"),
        ("@alice move", "which move?"),
        ("@bob move f4-e4", "not your turn"),
        ("@alice move d1-d11", "cannot play 'd1-d11'"),
        ("@alice move zz", "'zz' is not a move"),
        ("@carol move #1 d1-d4", "you are not playing game #1"),
        ("@alice move #7 d1-d4", "there is no game #7"),
        (
            "@alice move #2 d1-d4",
            "#2 is a challenge nobody has accepted yet",
        ),
        ("@dave board", "no active game here"),
        ("@alice resign now", "unexpected 'now'"),
        ("@alice draw #1 #1", "unexpected '#1'"),
        ("@alice takeback", "nothing for you to take back"),
        ("@alice rematch", "no finished game here"),
        ("@alice rematch #1", "still being played"),
        ("@alice arrange 1 2 3", "expected nine values"),
        ("@alice arrange 1 1 2 3 4 5 6 7 8", "missing 9"),
        (
            "@alice arrange 9 1 8 2 7 3 6 4 5",
            "only Subulata has a value arrangement",
        ),
        ("@alice games please", "this command takes nothing"),
        ("@alice ladder chess", "unknown rule set"),
        ("@alice rating bob", "expected a mention like @bob"),
        ("@alice rules chess", "unknown rule set"),
        ("@alice vacation", "how many days?"),
        ("@alice vacation 15", "expected 1 to 14"),
        ("@alice help dance", "no command 'dance'"),
        ("!clock soon", "expected `!clock` or `!clock +<duration>`"),
        ("@ help", "who speaks?"),
        ("@al!ce board", "is not a name"),
    ];
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let out = console(&data, 6, &input);
    let got = blocks(&out);
    assert_eq!(got.len(), cases.len(), "one answer per line:\n{out}");
    for ((line, expected), block) in cases.iter().zip(got) {
        let answer: String = block.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert!(
            answer.starts_with("! "),
            "`{line}` should be refused, got:\n{answer}"
        );
        assert!(
            answer.contains(expected),
            "`{line}`: expected `{expected}` in:\n{answer}"
        );
        if answer.contains("usage:") {
            assert!(answer.contains("usage: "), "{answer}");
        }
    }
    let after = ok(&["export", "--data", &data.arg()]);
    assert_eq!(before, after, "bad commands changed nothing");
}

#[test]
fn lines_pasted_from_a_transcript_and_comments_are_read() {
    let data = TempDir::new("pasted");
    let out = console(
        &data,
        2,
        &script(
            "
            #setting up a game
            @alice> challenge tafl @bob
            @bob> accept
            ",
        ),
    );
    assert!(!out.contains("! "), "nothing is refused:\n{out}");
    let b = block_after(&out, "@alice> challenge tafl @bob");
    assert!(b.contains("Challenge #1: alice challenges @bob"), "{b}");
    let b = block_after(&out, "@bob> accept");
    assert!(b.contains("Game #1 starts"), "{b}");
}

#[test]
fn export_and_import_move_a_store_between_machines() {
    let data = TempDir::new("export");
    console(
        &data,
        7,
        &script(
            "@alice challenge tafl @bob first\n@bob accept\n@alice move d1-d4\n@alice challenge subu",
        ),
    );
    let dump = ok(&["export", "--data", &data.arg()]);
    assert!(
        dump.lines()
            .next()
            .is_some_and(|l| l.contains("\"skald_export\":1")),
        "{dump}"
    );
    let file = data.path().join("backup.jsonl");
    std::fs::write(&file, &dump).expect("written");
    let other = TempDir::new("import");
    let msg = ok(&[
        "import",
        &file.display().to_string(),
        "--data",
        &other.arg(),
    ]);
    assert!(msg.contains("imported"), "{msg}");
    assert_eq!(ok(&["export", "--data", &other.arg()]), dump);
    // The imported store plays on, deadlines included.
    let out = console(
        &other,
        7,
        &script("@bob move f4-e4\n@carol accept #2\n!clock +3d"),
    );
    assert!(block_after(&out, "@bob> move f4-e4").contains("bob (Defenders) played f4-e4."));
    assert!(block_after(&out, "@carol> accept #2").contains("Game #2 starts"));
    // Importing twice is refused.
    let err = String::from_utf8(
        run(&[
            "import",
            &file.display().to_string(),
            "--data",
            &other.arg(),
        ])
        .stderr,
    )
    .expect("utf-8");
    assert!(err.contains("not empty"), "{err}");
}

#[test]
fn plain_skald_runs_the_console_and_config_files_are_checked() {
    let data = TempDir::new("plain");
    let config = data.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n[console]\nname = \"zoe\"\n",
            data.path().join("store").display()
        ),
    )
    .expect("written");
    let mut child = Command::new(skald_bin())
        .arg("--config")
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(b"rules\nchallenge tafl\n")
        .expect("written");
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        out.contains("@zoe> challenge tafl") && out.contains("zoe challenges anyone here"),
        "{out}"
    );
    assert!(
        data.path().join("store").exists(),
        "the store is where the config says"
    );
    // Two platforms in one process: a mistake in either section stops the start before
    // any platform is contacted, clearly, without showing a secret.
    std::fs::write(
        &config,
        "[matrix]\nenabled = true\npassword = \"secret-token\"\n[discord]\nenabled = true\ntoken = \"secret-token\"\n",
    )
    .expect("written");
    let out = run(&["--config", &config.display().to_string()]);
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        !out.status.success() && err.contains("[matrix] homeserver is missing"),
        "{err}"
    );
    assert!(!err.contains("secret-token"));
    assert!(
        !err.contains("gateway") && !err.contains("HTTP request"),
        "Discord was contacted before the Matrix section was checked: {err}"
    );
    // Discord without a token, or with an unreachable API, stops with a clear error that
    // never shows the token (the API here is a closed local port: never the real Discord).
    std::fs::write(
        &config,
        "[discord]\nenabled = true\ntoken_env = \"SKALD_TEST_UNSET_VARIABLE\"\n",
    )
    .expect("written");
    let out = run(&["--config", &config.display().to_string()]);
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        !out.status.success() && err.contains("token is missing"),
        "{err}"
    );
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n[discord]\nenabled = true\ntoken = \"secret-token\"\napi_base = \"http://127.0.0.1:9\"\n",
            data.path().join("store").display()
        ),
    )
    .expect("written");
    let out = run(&["--config", &config.display().to_string()]);
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        !out.status.success() && err.contains("Discord connection failed"),
        "{err}"
    );
    assert!(
        !err.contains("secret-token") && !err.contains("panicked"),
        "{err}"
    );
    std::fs::write(&config, "[game]\nreminder = 3\n").expect("written");
    let err =
        String::from_utf8(run(&["--config", &config.display().to_string(), "console"]).stderr)
            .expect("utf-8");
    assert!(err.contains("unknown field"), "{err}");
    // Without --fake-clock the admin line explains itself.
    let out = console_with(&data, &[], "!clock +1d\n");
    assert!(out.contains("start it with --fake-clock"), "{out}");
}

#[test]
fn a_second_bot_on_the_same_data_is_refused() {
    let data = TempDir::new("locked");
    let mut first = Command::new(skald_bin())
        .args(["console", "--data"])
        .arg(data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = first.stdin.take().expect("piped");
    writeln!(stdin, "@alice help").expect("written");
    let mut out = BufReader::new(first.stdout.take().expect("piped"));
    let mut line = String::new();
    out.read_line(&mut line).expect("the first bot answers");
    let second = run(&["export", "--data", &data.arg()]);
    let err = String::from_utf8(second.stderr).expect("utf-8");
    assert!(
        !second.status.success() && err.contains("in use by another running skald"),
        "{err}"
    );
    drop(stdin);
    let _ = first.wait();
}

#[test]
fn time_the_bot_was_down_is_given_back_to_the_players() {
    let data = TempDir::new("downtime");
    // A game started on the fake clock (2025-01-01), 3 days per move ...
    console(
        &data,
        8,
        &script("@alice challenge tafl @bob first\n@bob accept"),
    );
    // ... and the bot comes back on the real clock, long after: nobody timed out, and
    // alice still has her whole turn.
    let out = console_with(&data, &[], "@alice games\n");
    let b = block_after(&out, "@alice> games");
    assert!(
        b.contains("your move")
            && (b.contains("(in 3 days)") || b.contains("(in 2 days 23 hours)")),
        "{b}"
    );
}

#[test]
fn the_console_draws_each_board_for_its_audience() {
    let data = TempDir::new("pictures");
    let out = console_with(
        &data,
        &["--fake-clock", "--seed", "9"],
        &script("@alice challenge subulata @bob first\n@bob accept\n@alice board"),
    );
    let b = block_after(&out, "@bob> accept");
    let boards = data.path().join("boards");
    for (name, audience) in [
        ("game-1-public.png", "public"),
        ("game-1-to-alice.png", "alice"),
        ("game-1-to-bob.png", "bob"),
    ] {
        let path = boards.join(name);
        assert!(
            b.contains(&format!("picture: {}", path.display())),
            "{audience}: {b}"
        );
        let bytes = std::fs::read(&path).expect("the picture was written");
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{name} is a PNG");
    }
    // The private pictures differ from the public one: they show their owner's values.
    let public = std::fs::read(boards.join("game-1-public.png")).expect("read");
    let alice = std::fs::read(boards.join("game-1-to-alice.png")).expect("read");
    assert_ne!(public, alice);
    // No stray temporary files.
    let names: Vec<String> = std::fs::read_dir(&boards)
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| n.ends_with(".png")), "{names:?}");
}

//! `skald migrate` between sled and PostgreSQL, through the real binary: a store with
//! finished and running games, a pending challenge, ratings and players' settings goes from
//! sled to PostgreSQL and back, and `skald export` of the end is byte for byte the
//! export of the start. The bot then plays on on PostgreSQL. Needs the throwaway server
//! `scripts/test` starts (`SKALD_TEST_POSTGRES`); fails without it.

use skald_store_pg::testkit::fresh_url;
use skald_tests::{TempDir, block_after, console, fails, ok, whole_game};

/// A configuration file whose store is the database at `url`.
fn config_for(dir: &TempDir, url: &str) -> String {
    let path = dir.path().join("skald.toml");
    std::fs::write(
        &path,
        format!(
            "[store]\ndata = {:?}\npostgres = {url:?}\n",
            dir.path().join("local").display().to_string()
        ),
    )
    .expect("the config is written");
    path.display().to_string()
}

/// A sled store with something of everything: a finished ranked game (ratings), a running
/// game, a pending challenge, players with settings.
fn a_busy_sled_store() -> TempDir {
    let data = TempDir::new("migrate-from");
    let mut lines = whole_game("tafl", 7, 107, "ranked");
    lines.extend([
        "@alice challenge daldosa @bob first".to_string(),
        "@bob accept".to_string(),
        "@carol challenge subulata @dave".to_string(),
        "@bob language fr".to_string(),
        "@dave digest on 08:00 Europe/Paris".to_string(),
        "@carol vacation 3".to_string(),
        // A running tournament (its games numbered after it) and an open one.
        "@erin tournament create tafl round-robin days:2".to_string(),
        "@erin tournament join".to_string(),
        "@finn tournament join".to_string(),
        "@gus tournament join".to_string(),
        "@erin tournament start".to_string(),
        "@finn tournament create daldosa knockout casual".to_string(),
        "@gus tournament join".to_string(),
    ]);
    let out = console(&data, 7, &(lines.join("\n") + "\n"));
    assert!(out.contains("Dald"), "{out}");
    data
}

#[test]
fn a_store_goes_to_postgres_and_back_and_exports_the_same_bytes() {
    let start = a_busy_sled_store();
    let before = ok(&["export", "--data", &start.arg()]);
    assert!(before.lines().count() > 8, "{before}");
    assert!(before.contains("\"rating\""), "a rated game: {before}");
    assert!(before.contains("\"challenge\""), "a pending challenge");
    assert_eq!(
        before.matches("{\"tournament\":").count(),
        2,
        "two tournaments: {before}"
    );

    let url = fresh_url("migrate");
    let there = ok(&["migrate", "--from", &start.arg(), "--to", &url]);
    assert!(there.contains("the copy exports the same"), "{there}");

    // The database exports exactly what sled did, through a config naming it.
    let conf_dir = TempDir::new("migrate-conf");
    let config = config_for(&conf_dir, &url);
    let on_postgres = ok(&["--config", &config, "export"]);
    assert_eq!(on_postgres, before, "the PostgreSQL export differs");

    let back = TempDir::new("migrate-back");
    let back_dir = back.path().join("store");
    let back_arg = back_dir.display().to_string();
    let msg = ok(&["migrate", "--from", &url, "--to", &back_arg]);
    assert!(msg.contains("migrated"), "{msg}");
    let after = ok(&["export", "--data", &back_arg]);
    assert!(
        after == before,
        "the round trip changed the store:\n{before}\n---\n{after}"
    );

    // Into a store that is not empty: refused, nothing changed.
    let err = fails(&["migrate", "--from", &start.arg(), "--to", &url]);
    assert!(err.contains("not empty"), "{err}");
    assert_eq!(ok(&["--config", &config, "export"]), before);
}

#[test]
fn the_bot_plays_on_postgres_across_restarts() {
    let conf_dir = TempDir::new("pg-console");
    let config = config_for(&conf_dir, &fresh_url("console"));
    let data = conf_dir.path().join("local");
    let run = |input: &str| console_with_config(&config, &data, input);
    let out = run("@alice challenge tafl @bob first\n@bob accept\n@alice move #1 d1-d4\n");
    assert!(out.contains("alice (Attackers) played d1-d4"), "{out}");
    // A second process on the same database sees the game and plays on.
    let out = run("@bob board #1\n@bob move #1 f4-e4\n@alice games\n");
    let games = block_after(&out, "@alice> games");
    assert!(games.contains("#1"), "{games}");
    assert!(out.contains("bob (Defenders) played f4-e4"), "{out}");
}

/// `skald --config CONFIG console --fake-clock --seed 3 --no-pictures` with `input`.
fn console_with_config(config: &str, data: &std::path::Path, input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(skald_tests::skald_bin())
        .args(["--config", config, "console", "--data"])
        .arg(data)
        .args(["--fake-clock", "--seed", "3", "--no-pictures"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the skald binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
    let out = child.wait_with_output().expect("skald finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "skald console failed: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn an_unreachable_database_is_named_without_its_password() {
    // A port nothing listens on (the test server's port plus one is not guaranteed free;
    // port 1 on loopback is reserved and closed).
    let err = fails(&[
        "migrate",
        "--from",
        "postgres://skald:sup3rsecret@127.0.0.1:1/skald",
        "--to",
        "/nonexistent-skald-target",
    ]);
    assert!(err.contains("127.0.0.1:1"), "{err}");
    assert!(!err.contains("sup3rsecret"), "{err}");
    let missing = TempDir::new("no-store");
    let err = fails(&["migrate", "--from", &missing.arg(), "--to", "/tmp/x"]);
    assert!(err.contains("holds no sled store"), "{err}");
}

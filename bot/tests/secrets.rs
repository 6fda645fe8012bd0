//! Secrets in the config file never reach the binary's output or its logs, even with every
//! log at trace level, nor the error about a config file that does not parse. Runs the real
//! `skald` binary of this package on the console (no network).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const SECRETS: [&str; 4] = [
    "discord-SECRET-token",
    "matrix-SECRET-password",
    "matrix-SECRET-access",
    "env-SECRET-token",
];

/// A fresh directory, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("skald-secrets-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temporary directory can be made");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn skald() -> Command {
    Command::new(env!("CARGO_BIN_EXE_skald"))
}

#[test]
fn configured_secrets_never_appear_in_console_logs_or_config_errors() {
    let data = TempDir::new();
    let config = data.0.join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = \"{}\"\n[log]\nlevel = \"trace\"\n\
             [discord]\nenabled = false\ntoken = \"{}\"\n\
             [matrix]\nenabled = false\nhomeserver = \"http://127.0.0.1:9\"\nuser = \"@skald:localhost\"\npassword = \"{}\"\naccess_token = \"{}\"\n",
            data.0.join("store").display(),
            SECRETS[0],
            SECRETS[1],
            SECRETS[2]
        ),
    )
    .expect("written");
    let mut child = skald()
        .args(["--config", &config.display().to_string(), "console"])
        .args(["--fake-clock", "--no-pictures"])
        .env("RUST_LOG", "trace")
        .env("SKALD_DISCORD_TOKEN", SECRETS[3])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(
            b"@alice challenge subulata @bob first\n@bob accept\n@alice board\n@alice resign\n@carol bogus\n",
        )
        .expect("written");
    let out = child.wait_with_output().expect("ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The logs really were at trace level, and the games really ran.
    assert!(
        stderr.contains("console started") && stderr.contains("game started"),
        "{stderr}"
    );
    assert!(stdout.contains("alice (White) resigns"), "{stdout}");
    for s in SECRETS {
        assert!(!stdout.contains(s) && !stderr.contains(s), "{s} was shown");
    }
    // A config file that does not parse: the error says where, never the secret line.
    for text in [
        format!("[discord]\ntoken = \"{}\" trailing\n", SECRETS[0]),
        format!("[matrix]\npassword = {}\n", SECRETS[1]),
        format!("[matrix]\naccess_token = [\"{}\"]\n", SECRETS[2]),
    ] {
        std::fs::write(&config, &text).expect("written");
        let out = skald()
            .args(["--config", &config.display().to_string(), "console"])
            .env("RUST_LOG", "trace")
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{text}");
        assert!(stderr.contains("skald.toml: line 2"), "{stderr}");
        for s in SECRETS {
            assert!(!stderr.contains(s), "{s} was shown: {stderr}");
        }
    }
}

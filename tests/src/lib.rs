//! Helpers for Skald's end-to-end tests, which drive the real `skald` binary.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `skald` binary built by `cargo build` next to the test executable (or `SKALD_BIN`).
///
/// The README's test command builds it before running the tests; a missing binary fails
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
        "{} is missing: build it first with `cargo build -p skald` (the README's test command does)",
        bin.display()
    );
    bin
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

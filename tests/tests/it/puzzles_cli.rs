//! `skald puzzles mine` and `skald puzzles check` through the real binary: a small record
//! file mined into the puzzle it holds, self-play mined and checked, a tampered line failing
//! with its line number, a shipped dice puzzle checked and a tampered one failing, and
//! `skald puzzles export`.

use skald_tests::{TempDir, fails, ok, run};

/// A Brandubh record starting where the attackers capture the king in 2 (d3-d5, then b3-b5
/// whatever the defenders do), with no move played yet: a finished game's prefix as a
/// record file holds it.
const CAPTURE_IN_TWO_RECORD: &str = r#"{"format":1,"rule_set":"brandubh","seed":0,"start":"3A3/1A5/2K1D2/A1D2DA/1A1A1A1/2A4/7 a 12 d5-b5,c6-b6,b5-c5","actions":[]}"#;

/// The puzzle lines of a mining run's output.
fn lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect()
}

#[test]
fn a_record_file_is_mined_into_its_puzzle() {
    let dir = TempDir::new("puzzles-from");
    let file = dir.path().join("game.json");
    std::fs::write(&file, CAPTURE_IN_TWO_RECORD).expect("the record is written");
    let path = file.to_str().expect("a UTF-8 path");
    let out = run(&["puzzles", "mine", "--from", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let puzzles = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(puzzles.len(), 1, "{puzzles:?}");
    let p = &puzzles[0];
    assert_eq!(p["rule_set"], "brandubh");
    assert_eq!(p["to_move"], "attackers");
    assert_eq!(p["roll"], serde_json::Value::Null);
    assert_eq!(p["solution"][0], "d3-d5");
    assert_eq!(p["theme"], "capture the king in 2");
    assert_eq!(p["source"], format!("{path}, ply 12"));
    assert!(p["rating"].as_f64().is_some_and(|r| r >= 900.0));
    let counts = String::from_utf8_lossy(&out.stderr);
    assert!(counts.contains("1 puzzles from 1 games"), "{counts}");
}

#[test]
fn self_play_puzzles_check_and_a_tampered_line_fails_with_its_number() {
    let dir = TempDir::new("puzzles-check");
    let file = dir.path().join("mined.jsonl");
    let path = file.to_str().expect("a UTF-8 path");
    // Self-play Brandubh seed 1 holds three escapes in 3 (at the default bound, 3).
    let args = [
        "puzzles",
        "mine",
        "--self-play",
        "1",
        "--seed",
        "1",
        "--rule-set",
        "brandubh",
        "--out",
        path,
    ];
    ok(&args);
    let text = std::fs::read_to_string(&file).expect("the puzzles are written");
    let puzzles = lines(&text);
    assert!(puzzles.len() >= 2, "{text}");
    for p in &puzzles {
        let source = p["source"].as_str().unwrap_or_default();
        assert!(
            source.starts_with("self-play brandubh seed 1, ply "),
            "{source}"
        );
    }
    let out = run(&["puzzles", "check", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("{} puzzles checked, 0 failed", puzzles.len()))
    );

    // The second puzzle's first move swapped for the defenders' side to move: wrong.
    let mut tampered: Vec<String> = text.lines().map(str::to_string).collect();
    let mut second = puzzles[1].clone();
    let side = if second["to_move"] == "attackers" {
        "defenders"
    } else {
        "attackers"
    };
    second["to_move"] = side.into();
    tampered[1] = second.to_string();
    std::fs::write(&file, tampered.join("\n") + "\n").expect("the file is rewritten");
    let out = run(&["puzzles", "check", path]);
    assert_eq!(out.status.code(), Some(1));
    let failures = String::from_utf8_lossy(&out.stdout);
    assert!(failures.starts_with("line 2: to_move is"), "{failures}");
    assert_eq!(failures.lines().count(), 1, "{failures}");
}

#[test]
fn a_shipped_dice_puzzle_checks_a_tampered_one_fails_and_a_missing_source_is_refused() {
    let dir = TempDir::new("puzzles-dice");
    let starter = ok(&["puzzles", "export", "--starter"]);
    let dice = starter
        .lines()
        .find(|l| l.contains("\"rule_set\":\"daldosa\""))
        .expect("a shipped Daldøsa puzzle");
    let good = dir.path().join("dice.jsonl");
    std::fs::write(&good, format!("{dice}\n")).expect("written");
    ok(&["puzzles", "check", &good.display().to_string()]);
    // The same puzzle with a solution that is no use of its roll.
    let mut tampered: serde_json::Value = serde_json::from_str(dice).expect("JSON");
    tampered["solution"] = serde_json::json!(["w1+1"]);
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, format!("{dice}\n{tampered}\n")).expect("written");
    let out = run(&["puzzles", "check", &bad.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("line 2:") && said.contains("best use of the roll"),
        "{said}"
    );
    let missing = fails(&["puzzles", "mine"]);
    assert!(missing.contains("--from"), "{missing}");
    let unreadable = run(&["puzzles", "check", "/nonexistent/puzzles.jsonl"]);
    assert_eq!(unreadable.status.code(), Some(2));
}

#[test]
fn puzzles_export_writes_a_stores_community_puzzles_and_the_starter_set() {
    let dir = TempDir::new("puzzles-export");
    let record = dir.path().join("game.json");
    std::fs::write(&record, CAPTURE_IN_TWO_RECORD).expect("the record is written");
    let mined = ok(&["puzzles", "mine", "--from", &record.display().to_string()]);
    let puzzle: serde_json::Value = serde_json::from_str(mined.trim()).expect("one puzzle");
    // A store whose community `console` has that puzzle as its own, through `skald import`.
    let backup = dir.path().join("backup.jsonl");
    let room = serde_json::json!({"puzzle_room": {"community": "console", "version": 1, "mined": [puzzle]}});
    std::fs::write(
        &backup,
        format!("{{\"header\":{{\"skald_export\":1,\"schema\":1}}}}\n{room}\n"),
    )
    .expect("written");
    let data = TempDir::new("puzzles-export-data");
    ok(&[
        "import",
        &backup.display().to_string(),
        "--data",
        &data.arg(),
    ]);
    let own = ok(&["puzzles", "export", "--data", &data.arg()]);
    assert_eq!(lines(&own), vec![puzzle.clone()]);
    let none = run(&[
        "puzzles",
        "export",
        "--data",
        &data.arg(),
        "--community",
        "elsewhere",
    ]);
    assert!(none.status.success());
    assert!(none.stdout.is_empty());
    assert!(String::from_utf8_lossy(&none.stderr).contains("no puzzle of community elsewhere"));
    let starter = lines(&ok(&["puzzles", "export", "--starter"]));
    let both = lines(&ok(&[
        "puzzles",
        "export",
        "--data",
        &data.arg(),
        "--starter",
    ]));
    assert_eq!(both.len(), starter.len() + 1);
    assert_eq!(both[0], puzzle, "the community's own first");
    // What export writes, check reads and re-proves.
    let file = dir.path().join("all.jsonl");
    ok(&[
        "puzzles",
        "export",
        "--data",
        &data.arg(),
        "--out",
        &file.display().to_string(),
    ]);
    ok(&["puzzles", "check", &file.display().to_string()]);
    let refused = fails(&["puzzles", "export"]);
    assert!(
        refused.contains("--data") && refused.contains("--starter"),
        "{refused}"
    );
}

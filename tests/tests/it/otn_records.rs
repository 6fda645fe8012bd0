//! OpenTafl notation through the real binary: a finished Copenhagen and Brandubh game played
//! in the console goes out with `skald export --format otn` and back in with `skald import
//! FILE.otn` unchanged, and can be replayed there; a record with an illegal move is refused
//! with its line and move, and stores nothing.

use skald_tests::{TempDir, block_after, console, fails, ok, whole_game};

#[test]
fn a_finished_tafl_game_goes_out_as_otn_and_comes_back_the_same() {
    for (rule_set, seed, dim) in [("copenhagen", 21, "dim:11"), ("brandubh", 22, "dim:7")] {
        let data = TempDir::new(rule_set);
        let lines = whole_game(rule_set, seed, seed + 100, "");
        console(&data, seed, &(lines.join("\n") + "\n"));
        let otn = ok(&[
            "export",
            "--format",
            "otn",
            "--game",
            "#1",
            "--data",
            &data.arg(),
        ]);
        assert!(
            otn.contains(&format!("[rules:{dim} ")),
            "{rule_set}:\n{otn}"
        );
        assert!(
            otn.contains("[attackers:alice]\n[defenders:bob]\n"),
            "{otn}"
        );
        assert!(otn.contains("\n1. "), "{otn}");
        let file = data.path().join("game.otn");
        std::fs::write(&file, &otn).expect("a temporary file");
        let other = TempDir::new("otn-import");
        let msg = ok(&[
            "import",
            &file.display().to_string(),
            "--data",
            &other.arg(),
        ]);
        assert!(msg.contains("as game #1"), "{rule_set}: {msg}");
        let again = ok(&[
            "export",
            "--format",
            "otn",
            "--game",
            "1",
            "--data",
            &other.arg(),
        ]);
        assert_eq!(again, otn, "{rule_set}: the round trip changed the record");
        // The imported game replays, and is finished as the rules ended it.
        let out = console(&other, seed, "@carol replay #1\n@carol board #1\n");
        let replay = block_after(&out, "@carol> replay #1");
        assert!(replay.contains("file: "), "{rule_set}: {replay}");
        let board = block_after(&out, "@carol> board #1");
        assert!(
            board.contains("wins") || board.contains("draw"),
            "{rule_set}: {board}"
        );
    }
}

#[test]
fn a_record_with_an_illegal_move_is_refused_and_nothing_is_stored() {
    let data = TempDir::new("otn-refused");
    let file = data.path().join("bad.otn");
    std::fs::write(
        &file,
        "[attackers:Tim]\n[defenders:Ann]\n\
         [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
         1. d2-e2 c4-c5\n2. e2-e5 c5-a5\n",
    )
    .expect("a temporary file");
    let err = fails(&["import", &file.display().to_string(), "--data", &data.arg()]);
    assert!(err.contains("line 6: move e2-e5: "), "{err}");
    let err = fails(&[
        "export",
        "--format",
        "otn",
        "--game",
        "1",
        "--data",
        &data.arg(),
    ]);
    assert!(err.contains("there is no game #1"), "{err}");
    // A rule set OTN does not hold is refused with what would do.
    let err = fails(&["export", "--format", "otn", "--data", &data.arg()]);
    assert!(err.contains("--game 3"), "{err}");
}

#[test]
fn an_unfinished_record_between_strangers_is_refused_and_nothing_is_stored() {
    let data = TempDir::new("otn-unfinished");
    let file = data.path().join("going-on.otn");
    // Two legal Brandubh moves, no result: nobody in this store could play Tim's or Ann's
    // next move.
    std::fs::write(
        &file,
        "[attackers:Tim]\n[defenders:Ann]\n\
         [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
         1. d1-c1 d3-b3\n",
    )
    .expect("a temporary file");
    let err = fails(&["import", &file.display().to_string(), "--data", &data.arg()]);
    assert!(
        err.contains("unfinished") && err.contains("'Tim' is not a Skald player's name"),
        "{err}"
    );
    let err = fails(&[
        "export",
        "--format",
        "otn",
        "--game",
        "1",
        "--data",
        &data.arg(),
    ]);
    assert!(err.contains("there is no game #1"), "{err}");
}

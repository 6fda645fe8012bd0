//! `export` and `replay` in the console, through the real binary: a finished game's record
//! goes through `skald import` and `skald export` unchanged, for every rule set, and its
//! replay is a GIF that decodes.

use skald_tests::{TempDir, block_after, console, ok, whole_game};
use std::path::PathBuf;

const RULE_SETS: [(&str, u64); 6] = [
    ("hnefatafl", 11),
    ("hnefatafl-13", 13),
    ("adelta", 3),
    ("adelta-rustik", 4),
    ("subulata", 9),
    ("daldosa", 5),
];

/// The path the console printed for a file (`file: <path> (<n> bytes)`) in `block`.
fn file_in(block: &str) -> PathBuf {
    let line = block
        .lines()
        .find_map(|l| l.strip_prefix("file: "))
        .unwrap_or_else(|| panic!("no file in:\n{block}"));
    let path = line.rsplit_once(" (").map_or(line, |(p, _)| p);
    PathBuf::from(path)
}

#[test]
fn an_exported_finished_game_of_each_rule_set_imports_and_exports_byte_identical() {
    for (rule_set, seed) in RULE_SETS {
        let data = TempDir::new(rule_set);
        let mut lines = whole_game(rule_set, seed, seed + 100, "");
        lines.push("@carol export #1".to_string());
        let out = console(&data, seed, &(lines.join("\n") + "\n"));
        let answer = block_after(&out, "@carol> export #1");
        assert!(answer.contains("Record of #1"), "{answer}");
        assert!(answer.contains("`skald import`"), "{answer}");
        let file = file_in(&answer);
        assert_eq!(
            file.file_name().and_then(|n| n.to_str()),
            Some("skald-game-1.jsonl")
        );
        let record = std::fs::read(&file).expect("the file is written");
        let other = TempDir::new("records-import");
        let msg = ok(&[
            "import",
            &file.display().to_string(),
            "--data",
            &other.arg(),
        ]);
        assert!(msg.contains("imported 3 lines"), "{rule_set}: {msg}");
        let again = ok(&["export", "--data", &other.arg()]);
        assert!(
            again.as_bytes() == record.as_slice(),
            "{rule_set}: the round trip changed the record:\n{}\n{again}",
            String::from_utf8_lossy(&record)
        );
        // The imported game is the finished game, as `history` tells it.
        let out = console(&other, seed, "@alice history #1\n");
        let history = block_after(&out, "@alice> history #1");
        assert!(
            history.contains(" wins") || history.contains("Draw"),
            "{rule_set}: {history}"
        );
    }
}

#[test]
fn a_replay_in_the_console_is_a_gif_of_the_whole_game() {
    use image::AnimationDecoder;
    let data = TempDir::new("replay");
    let input = "@alice challenge tafl @bob first\n@bob accept\n@alice move d1-d4\n\
                 @bob move f4-e4\n@alice move a4-b4\n@bob resign\n@carol replay\n@carol replay #1\n";
    let out = console(&data, 7, input);
    // Without #id carol, who plays no game, is told which game to name.
    let bare = block_after(&out, "@carol> replay");
    assert!(bare.contains("\n! you have no active game here"), "{bare}");
    let answer = block_after(&out, "@carol> replay #1");
    assert!(answer.contains("Replay of #1"), "{answer}");
    assert!(answer.contains("3 moves"), "{answer}");
    let gif = std::fs::read(file_in(&answer)).expect("the GIF is written");
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("every frame decodes");
    assert_eq!(frames.len(), 4, "the start and a frame per move");
}

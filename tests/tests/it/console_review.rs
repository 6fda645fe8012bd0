//! `review` in the console, through the real binary, for a finished game of every rule set:
//! the answer, a progress line at each quarter, the review (each player's line, chances
//! within 0-100%, its graph and turning points as PNG files), the same review at once when
//! asked again; a live game refused with nothing stored; and `skald review FILE` on the
//! game's export printing the same review.

use skald_tests::{TempDir, block_after, block_after_last, console_with, ok, whole_game};
use std::path::{Path, PathBuf};

const RULE_SETS: [(&str, u64); 8] = [
    ("hnefatafl", 11),
    ("hnefatafl-13", 13),
    ("copenhagen", 21),
    ("brandubh", 22),
    ("adelta", 3),
    ("adelta-rustik", 4),
    ("subulata", 9),
    ("daldosa", 5),
];

/// How many moves (steps, in dice games) of a game are played before it is resigned.
const MOVES: usize = 16;

/// A configuration whose searches are small (`[ai] budget_scale`).
fn small_budget(dir: &TempDir) -> PathBuf {
    let config = dir.path().join("skald.toml");
    std::fs::write(&config, "[ai]\nbudget_scale = 0.02\n").expect("write the config");
    config
}

/// The console on `data` with pictures written, the small budget, the fake clock.
fn run(data: &TempDir, config: &Path, seed: u64, input: &str) -> String {
    console_with(
        data,
        &[
            "--config",
            &config.display().to_string(),
            "--fake-clock",
            "--uncapped",
            "--seed",
            &seed.to_string(),
        ],
        &(input.to_string() + "\n"),
    )
}

/// Every `N%` in `text`.
fn percents(text: &str) -> Vec<u32> {
    text.split('%')
        .filter_map(|before| {
            let digits: String = before
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

/// The paths after `prefix` (`picture: `, `file: `) in `block`.
fn paths(block: &str, prefix: &str) -> Vec<PathBuf> {
    block
        .lines()
        .filter_map(|l| l.strip_prefix(prefix))
        .map(|l| PathBuf::from(l.rsplit_once(" (").map_or(l, |(p, _)| p)))
        .collect()
}

/// Whether `path` holds a PNG image that decodes.
fn decodes(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| {
        b.starts_with(b"\x89PNG")
            && image::load_from_memory_with_format(&b, image::ImageFormat::Png).is_ok()
    })
}

/// The review's own lines (from its title to the scale's sentence).
fn review_text(block: &str) -> String {
    block
        .lines()
        .skip_while(|l| !l.starts_with("Engine review of"))
        .take_while(|l| !l.starts_with("Win chance counts"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_finished_game_of_every_rule_set_is_reviewed_once_with_its_pictures() {
    for (rule_set, seed) in RULE_SETS {
        let data = TempDir::new(&format!("review-{rule_set}"));
        let conf = TempDir::new(&format!("review-conf-{rule_set}"));
        let config = small_budget(&conf);
        // Brandubh's game is played to its end by the rules; the others' first moves, then
        // a resignation (quicker, and the review says the result did not come from play).
        let mut lines = whole_game(rule_set, seed, seed + 100, "");
        if rule_set != "brandubh" {
            lines.truncate(2 + MOVES);
            lines.push("@bob resign #1".into());
        }
        lines.push("@carol review #1".into());
        lines.push("@dave review #1".into());
        lines.push("@carol export #1".into());
        let out = run(&data, &config, seed, &lines.join("\n"));
        let first = block_after(&out, "@carol> review #1");
        assert!(
            first.contains("The engine is reviewing"),
            "{rule_set}: {first}"
        );
        let progress = first.matches("% done.").count();
        let review = review_text(&first);
        assert!(!review.is_empty(), "{rule_set}: no review in:\n{first}");
        assert!(
            review.contains("alice (") && review.contains("bob ("),
            "{rule_set}: {review}"
        );
        assert!(
            percents(&review).iter().all(|p| *p <= 100),
            "{rule_set}: {review}"
        );
        let turning = review.lines().filter(|l| l.starts_with("Move ")).count();
        assert!(turning <= 3, "{rule_set}: {review}");
        // The graph and a board per turning point, as PNG files that decode.
        let files = paths(&first, "file: ");
        assert!(
            files
                .iter()
                .any(|f| f.ends_with("skald-review-1.png") && decodes(f)),
            "{rule_set}: {first}"
        );
        let boards: Vec<PathBuf> = paths(&first, "picture: ")
            .into_iter()
            .filter(|p| p.to_string_lossy().contains("-review-ply-"))
            .collect();
        assert_eq!(boards.len(), turning, "{rule_set}: {first}");
        assert!(boards.iter().all(|b| decodes(b)), "{rule_set}");
        // A long enough game shows its progress at each quarter.
        let searches: usize = first
            .split("The engine is reviewing")
            .nth(1)
            .and_then(|t| t.split(" position").next())
            .and_then(|t| t.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        if searches >= 4 {
            assert!(
                progress >= 3,
                "{rule_set}: {progress} progress lines:\n{first}"
            );
        }
        // Asked again: the same review at once, nothing searched.
        let again = block_after(&out, "@dave> review #1");
        assert!(
            !again.contains("The engine is reviewing"),
            "{rule_set}: {again}"
        );
        assert_eq!(review_text(&again), review, "{rule_set}");

        // `skald review FILE` on the export prints the same review.
        let export = block_after_last(&out, "@carol> export #1");
        let file = &paths(&export, "file: ")[0];
        // The review is kept on the game: its export carries it.
        let exported = std::fs::read_to_string(file).expect("the export");
        assert!(
            exported.contains("\"review\":{\"done\""),
            "{rule_set}: {exported}"
        );
        // …which `skald import` reads back into another store unchanged.
        let other = TempDir::new(&format!("review-import-{rule_set}"));
        ok(&[
            "import",
            &file.display().to_string(),
            "--data",
            &other.arg(),
        ]);
        let again = ok(&["export", "--data", &other.arg()]);
        assert_eq!(
            again, exported,
            "{rule_set}: the review survives export and import"
        );
        let dir = TempDir::new(&format!("review-out-{rule_set}"));
        let printed = ok(&[
            "--config",
            &config.display().to_string(),
            "review",
            &file.display().to_string(),
            "--out",
            &dir.arg(),
        ]);
        assert_eq!(review_text(&printed), review, "{rule_set}: {printed}");
        assert!(
            decodes(&dir.path().join("skald-review-1.png")),
            "{rule_set}"
        );
        for i in 1..=turning {
            assert!(
                decodes(&dir.path().join(format!("skald-review-1-{i}.png"))),
                "{rule_set}: turning point {i}"
            );
        }
    }
}

#[test]
fn a_live_game_is_refused_and_nothing_is_stored() {
    let data = TempDir::new("review-live");
    let conf = TempDir::new("review-live-conf");
    let config = small_budget(&conf);
    let out = run(
        &data,
        &config,
        1,
        "@alice challenge brandubh @bob first\n@bob accept #1\n@alice move #1 d2-c2\n\
         @carol review #1\n@alice review #1\n@alice export #1",
    );
    for who in ["carol", "alice"] {
        let answer = block_after(&out, &format!("@{who}> review #1"));
        assert!(answer.contains("still being played"), "{answer}");
    }
    let export = block_after(&out, "@alice> export #1");
    let record = std::fs::read_to_string(&paths(&export, "file: ")[0]).expect("the record");
    assert!(!record.contains("\"review\""), "nothing stored: {record}");
    let dir = TempDir::new("review-live-out");
    let msg = skald_tests::fails(&[
        "review",
        &paths(&export, "file: ")[0].display().to_string(),
        "--out",
        &dir.arg(),
    ]);
    assert!(msg.contains("still being played"), "{msg}");
}

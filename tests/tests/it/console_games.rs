//! Whole games of each rule set through the real binary's console, with fixed seeds.

use skald_tests::{TempDir, block_after, block_after_last, blocks, console, whole_game};

/// Plays a whole game of `rule_set` in the console and checks what the players see.
fn play(rule_set: &str, seed: u64) -> String {
    let data = TempDir::new(rule_set);
    let mut lines = whole_game(rule_set, seed, seed + 100, "");
    lines.push("@carol ladder".to_string());
    lines.push("@alice history".to_string());
    let input = lines.join("\n") + "\n";
    let out = console(&data, seed, &input);
    for b in blocks(&out) {
        assert!(
            !b.lines().nth(1).unwrap_or("").starts_with("! "),
            "{rule_set}: a move was refused:\n{b}"
        );
    }
    let last_move = &lines[lines.len() - 3];
    let result = block_after_last(&out, &last_move.replacen(' ', "> ", 1));
    let result = result.as_str();
    assert!(
        result.contains(" wins") || result.contains("Draw"),
        "{rule_set}: the last move ends the game:\n{result}"
    );
    assert!(result.contains("Ratings ("), "{result}");
    assert!(result.contains("[ping @"), "the loser is told: {result}");
    let ladder = block_after(&out, "@carol> ladder");
    let ladder = ladder.as_str();
    assert!(ladder.contains("1. ") && ladder.contains("2. "), "{ladder}");
    let history = block_after(&out, "@alice> history");
    assert!(history.contains("#1 "), "{history}");
    // The same input and seed give the same transcript.
    let again = console(&TempDir::new(rule_set), seed, &input);
    assert_eq!(
        out, again,
        "{rule_set}: transcripts repeat with a fixed seed"
    );
    out
}

#[test]
fn hnefatafl_whole_game() {
    play("hnefatafl", 11);
}

#[test]
fn hnefatafl_13_whole_game() {
    play("hnefatafl-13", 13);
}

#[test]
fn daldosa_whole_game() {
    let out = play("daldosa", 5);
    assert!(out.contains("rolled"), "dice rolls are shown");
}

#[test]
fn adelta_whole_game() {
    let out = play("adelta", 3);
    assert!(out.contains("opening roll"), "the opening roll is shown");
}

#[test]
fn adelta_rustik_whole_game() {
    play("adelta-rustik", 4);
}

#[test]
fn subulata_whole_game_keeps_values_private() {
    let out = play("subulata", 9);
    // Each player got their own view privately at the start.
    let start = block_after(&out, "@bob> accept");
    assert!(start.contains("(private to @alice)"), "{start}");
    assert!(start.contains("(private to @bob)"), "{start}");
    // Until the final reveal, no public part shows a value: pieces read `W?` and `B?`.
    let all = blocks(&out);
    let end = all
        .iter()
        .position(|b| b.contains(" wins") || b.contains("Draw"))
        .expect("the game ends");
    for b in &all[..end] {
        let public = b.split("(private to").next().unwrap_or("");
        let shown = public
            .as_bytes()
            .windows(2)
            .any(|w| (w[0] == b'W' || w[0] == b'B') && w[1].is_ascii_digit() && w[1] != b'0');
        assert!(!shown, "a value in a public part:\n{b}");
    }
    let private_values = all[..end]
        .iter()
        .any(|b| b.contains("(private to @alice)") && b.contains("W9"));
    assert!(private_values, "alice sees her own values privately");
}

/// English that must not appear in a French transcript: words of the game's sentences.
const ENGLISH: &[&str] = &[
    " to move",
    " played ",
    " wins",
    "Challenge #",
    "Game #",
    "Ratings (",
    " rolled ",
    "legal moves",
    "deadline",
    " vs ",
    "ranked",
    "per move",
    "on the board",
    "your pieces",
    "Ladder",
    "finished games",
    "ratings here",
];

/// A whole game of `rule_set` in a French console: every line the players read is French.
fn play_in_french(rule_set: &str, seed: u64) {
    let data = TempDir::new(rule_set);
    let mut lines = whole_game(rule_set, seed, seed + 100, "");
    let last_move = lines[lines.len() - 1].clone();
    lines.push("@carol ladder".to_string());
    lines.push("@alice history".to_string());
    lines.push("@alice rating".to_string());
    let input = lines.join("\n") + "\n";
    let out = skald_tests::console_with(
        &data,
        &[
            "--fake-clock",
            "--seed",
            &seed.to_string(),
            "--no-pictures",
            "--language",
            "fr",
        ],
        &input,
    );
    for b in blocks(&out) {
        assert!(
            !b.lines().nth(1).unwrap_or("").starts_with("! "),
            "{rule_set}: a move was refused:\n{b}"
        );
        for english in ENGLISH {
            assert!(
                !b.contains(english),
                "{rule_set}: English ({english:?}) in a French transcript:\n{b}"
            );
        }
    }
    let result = block_after_last(&out, &last_move.replacen(' ', "> ", 1));
    assert!(
        result.contains(" gagne") || result.contains("Partie nulle"),
        "{rule_set}: the last move ends the game, in French:\n{result}"
    );
    assert!(result.contains("Classements ("), "{result}");
    assert!(out.contains("La partie #1 commence"), "{out}");
    let ladder = block_after(&out, "@carol> ladder");
    assert!(
        ladder.contains("Classement\u{a0}: ") && ladder.contains(" 2. "),
        "{ladder}"
    );
    let history = block_after(&out, "@alice> history");
    assert!(
        history.contains("Vos dernières parties terminées"),
        "{history}"
    );
    let rating = block_after(&out, "@alice> rating");
    assert!(rating.contains("Les cotes de alice ici"), "{rating}");
}

#[test]
fn every_rule_set_plays_a_whole_game_in_french() {
    for (rule_set, seed) in [
        ("hnefatafl", 11),
        ("hnefatafl-13", 13),
        ("adelta", 3),
        ("adelta-rustik", 7),
        ("subulata", 9),
        ("daldosa", 5),
    ] {
        play_in_french(rule_set, seed);
    }
}

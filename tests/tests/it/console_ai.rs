//! Games against the built-in engine (`challenge <rule-set> @skald [level]`) in the console.

use skald_tests::{TempDir, block_after, blocks, console, console_with};

#[test]
fn the_engine_answers_moves_and_its_games_are_never_ranked() {
    // With seed 5 the engine opens f2-e2, so e5-e3 is legal for alice (a change to the
    // engine may pick another opening: then pick a move legal after it).
    let input = "\
@alice challenge tafl @skald easy second
@alice move e5-e3
@alice resign
@alice ladder
@alice rematch
@alice resign #2
@alice challenge daldosa @skald hard ranked
@alice challenge daldosa normal
";
    let data = TempDir::new("ai-tafl");
    let out = console(&data, 5, input);
    let start = block_after(&out, "@alice> challenge tafl @skald easy second");
    assert!(
        start.contains(
            "Game #1 starts: Hnefatafl 11x11, skald (Attackers) vs alice (Defenders), casual"
        ),
        "{start}"
    );
    // The engine moves at once, as `@skald`, before and after alice's move.
    let engine_moves: Vec<&str> = blocks(&out)
        .into_iter()
        .filter(|b| b.starts_with("@skald> move #1 "))
        .collect();
    assert_eq!(engine_moves.len(), 2, "{out}");
    for b in &engine_moves {
        assert!(b.contains("#1: skald (Attackers) played "), "{b}");
        assert!(!b.lines().nth(1).unwrap_or("").starts_with("! "), "{b}");
        assert!(
            !b.contains("[ping @easy"),
            "the engine is never pinged: {b}"
        );
    }
    let alice_move = block_after(&out, "@alice> move e5-e3");
    assert!(
        alice_move.contains("alice (Defenders) played e5-e3"),
        "{alice_move}"
    );
    let resign = block_after(&out, "@alice> resign");
    assert!(resign.contains("skald (Attackers) wins"), "{resign}");
    assert!(!resign.contains("Ratings ("), "never ranked: {resign}");
    let ladder = block_after(&out, "@alice> ladder");
    assert!(!ladder.contains("1. "), "{ladder}");
    let rematch = block_after(&out, "@alice> rematch");
    assert!(
        rematch.contains(
            "Game #2 starts: Hnefatafl 11x11, alice (Attackers) vs skald (Defenders), casual"
        ),
        "the engine takes a rematch at once: {rematch}"
    );
    let refused = block_after(&out, "@alice> challenge daldosa @skald hard ranked");
    assert!(
        refused.contains("\n! games against @skald are never ranked"),
        "{refused}"
    );
    let refused = block_after(&out, "@alice> challenge daldosa normal");
    assert!(
        refused.contains("\n! easy, normal and hard are levels of @skald"),
        "{refused}"
    );
    // The same input and seed give the same transcript, engine moves included.
    assert_eq!(out, console(&TempDir::new("ai-tafl-again"), 5, input));
}

#[test]
fn the_engine_plays_dice_turns_and_hidden_value_games() {
    let input = "\
@bob challenge daldosa @skald normal second
@bob challenge subulata @skald hard first
@bob games
";
    let out = console(&TempDir::new("ai-dice"), 9, input);
    // Daldøsa: the engine moves first and plays every step of its turns.
    let daldosa: Vec<&str> = blocks(&out)
        .into_iter()
        .filter(|b| b.starts_with("@skald> move #1 "))
        .collect();
    assert!(!daldosa.is_empty(), "{out}");
    let last = daldosa.last().copied().unwrap_or("");
    assert!(
        last.contains("bob (Black) to move") || last.contains("[ping @bob]"),
        "{last}"
    );
    // Subulata with bob first: nothing from the engine until bob moves; its values stay
    // private (no private part is addressed to the engine).
    assert!(!out.contains("@skald> move #2"), "{out}");
    assert!(!out.contains("(private to @skald)"), "{out}");
    let games = block_after(&out, "@bob> games");
    assert!(games.contains("#1") && games.contains("#2"), "{games}");
}

#[test]
fn on_the_fake_clock_the_engine_still_stops_at_its_time_cap() {
    // `easy` with a million times its iterations (300 million: hours of search) on the fake
    // clock, which stands still, and without `--uncapped`: the engine's time cap is machine
    // time, so it moves after about a quarter of a second. Were the cap lifted (or read on
    // the frozen clock) this test would not end.
    let conf = TempDir::new("ai-capped-config");
    let config = conf.path().join("skald.toml");
    std::fs::write(&config, "[ai]\nbudget_scale = 1000000\n").expect("write the config");
    let data = TempDir::new("ai-capped");
    let out = console_with(
        &data,
        &[
            "--config",
            &config.display().to_string(),
            "--fake-clock",
            "--seed",
            "5",
            "--no-pictures",
        ],
        "@alice challenge tafl @skald easy second\n",
    );
    assert!(
        blocks(&out)
            .into_iter()
            .any(|b| b.starts_with("@skald> move #1 ")),
        "{out}"
    );
}

//! `skald rules ...` driven as a user would, through the real binary.

use skald_tests::{fails, ok};

#[test]
fn list_prints_every_id_with_its_name() {
    let out = ok(&["rules", "list"]);
    let ids: Vec<&str> = out
        .lines()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect();
    assert_eq!(
        ids,
        [
            "adelta",
            "adelta-rustik",
            "hnefatafl",
            "hnefatafl-13",
            "subulata",
            "daldosa",
            "copenhagen",
            "brandubh"
        ]
    );
    assert!(out.contains("Daldøsa"));
    assert!(out.contains("copenhagen\tCopenhagen Hnefatafl"));
    assert!(
        out.lines()
            .all(|l| l.split('\t').nth(1).is_some_and(|n| !n.is_empty()))
    );
}

#[test]
fn hnefatafl_start_legal_play_show() {
    let start = ok(&["rules", "start", "hnefatafl"]);
    let start = start.trim();
    let legal = ok(&["rules", "legal", "hnefatafl", start]);
    assert_eq!(legal.lines().count(), 116);
    assert!(legal.lines().any(|l| l == "d1-d4"));
    // Forgiving input, exact output.
    let after = ok(&["rules", "play", "hnefatafl", start, "D1D4"]);
    let after_exact = ok(&["rules", "play", "hnefatafl", start, "d1-d4"]);
    assert_eq!(after, after_exact);
    assert_ne!(after.trim(), start);
    // d4 now blocks f4's way left beyond e4 and d6's way down beyond d5: the defenders lose
    // six of their 60 moves.
    assert_eq!(
        ok(&["rules", "legal", "hnefatafl", after.trim()])
            .lines()
            .count(),
        54
    );
    let board = ok(&["rules", "show", "hnefatafl", after.trim()]);
    assert!(board.contains('K'), "{board}");
}

#[test]
fn aliases_are_accepted() {
    let a = ok(&["rules", "start", "tafl"]);
    let b = ok(&["rules", "start", "hnefatafl"]);
    assert_eq!(a, b);
}

#[test]
fn an_illegal_move_names_the_move_the_reason_and_what_is_legal() {
    let start = ok(&["rules", "start", "hnefatafl"]);
    let err = fails(&["rules", "play", "hnefatafl", start.trim(), "d1-d2", "f6-f9"]);
    assert!(err.contains("f6-f9"), "{err}");
    assert!(err.contains("legal moves:"), "{err}");
    assert!(
        err.contains("f8-f9"),
        "the defenders' moves are listed: {err}"
    );
}

#[test]
fn a_malformed_move_says_what_is_expected() {
    let start = ok(&["rules", "start", "hnefatafl"]);
    let err = fails(&["rules", "play", "hnefatafl", start.trim(), "castle"]);
    assert!(err.contains("castle") && err.contains("f2-f5"), "{err}");
}

#[test]
fn bad_input_gives_clear_errors_not_panics() {
    let err = fails(&["rules", "start", "chess"]);
    assert!(err.contains("chess") && err.contains("hnefatafl"), "{err}");
    for rs in [
        "adelta",
        "adelta-rustik",
        "hnefatafl",
        "hnefatafl-13",
        "subulata",
        "daldosa",
    ] {
        let err = fails(&["rules", "legal", rs, "not a position"]);
        assert!(err.contains(rs), "{err}");
        fails(&["rules", "show", rs, ""]);
        fails(&["rules", "play", rs, "\u{1F600}\u{7}", "a1-a2"]);
    }
}

#[test]
fn seeded_starts_repeat_and_differ_by_seed() {
    for rs in ["subulata", "adelta", "daldosa"] {
        let a = ok(&["rules", "start", rs, "--seed", "7"]);
        let b = ok(&["rules", "start", rs, "--seed", "7"]);
        assert_eq!(a, b, "{rs}");
    }
    let boards: std::collections::HashSet<String> = (0..8)
        .map(|s| ok(&["rules", "start", "subulata", "--seed", &s.to_string()]))
        .collect();
    assert!(
        boards.len() > 1,
        "different seeds give different Subulata boards"
    );
}

#[test]
fn dice_games_roll_after_a_finished_turn_with_the_given_seed() {
    for rs in ["daldosa", "adelta", "adelta-rustik"] {
        let mut pos = ok(&["rules", "start", rs, "--seed", "3"])
            .trim()
            .to_string();
        // Play the first legal step until the side to act changes: a new roll happened.
        for _ in 0..40 {
            let legal = ok(&["rules", "legal", rs, &pos]);
            let Some(first) = legal.lines().next() else {
                break;
            };
            let a = ok(&["rules", "play", rs, &pos, first, "--seed", "9"]);
            let b = ok(&["rules", "play", rs, &pos, first, "--seed", "9"]);
            assert_eq!(a, b, "same seed, same dice");
            pos = a.trim().to_string();
        }
        assert!(ok(&["rules", "show", rs, &pos]).lines().count() > 3);
    }
}

#[test]
fn subulata_views_hide_the_opponents_values() {
    let start = ok(&["rules", "start", "subulata", "--seed", "5"]);
    let public = ok(&[
        "rules",
        "show",
        "subulata",
        start.trim(),
        "--viewer",
        "public",
    ]);
    let full = ok(&[
        "rules",
        "show",
        "subulata",
        start.trim(),
        "--viewer",
        "final",
    ]);
    assert_ne!(public, full);
    assert!(public.contains("B?") && public.contains("W?"), "{public}");
    assert!(!full.contains("B?") && !full.contains("W?"), "{full}");
    let own = ok(&["rules", "show", "subulata", start.trim(), "--viewer", "a"]);
    assert!(
        own.contains("B?") && !own.contains("W?"),
        "White sees only White's values: {own}"
    );
}

#[test]
fn legal_on_a_finished_game_prints_nothing_and_says_why() {
    // The king on a5 with the defenders to move: one move from a corner.
    let before = "11/11/11/11/11/11/KA9/11/11/11/11 d 1 -";
    assert!(ok(&["rules", "legal", "hnefatafl", before]).contains("a5-a1"));
    let over = ok(&["rules", "play", "hnefatafl", before, "a5-a1"]);
    let over = over.trim();
    // And a known finished position: the king captured.
    let captured = "11/11/11/11/5A5/4A1A4/11/11/11/11/11 d 31 -";
    for (position, result) in [
        (over, "Defenders won (the king escaped to a corner)"),
        (captured, "Attackers won (the king was captured)"),
    ] {
        let out = skald_tests::run(&["rules", "legal", "hnefatafl", position]);
        assert!(
            out.status.success(),
            "no legal moves is an answer, not an error"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "nothing on standard output"
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.trim_end(),
            format!("the game is over: {result}; there are no legal moves"),
            "standard error says why"
        );
    }
}

//! `skald ai-match` driven through the real binary, with tiny budgets.

use skald_tests::{fails, ok};

#[test]
fn a_small_match_prints_the_summary_and_repeats() {
    let args = [
        "ai-match",
        "daldosa",
        "--a",
        "easy",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--scale",
        "0.05",
        "--threads",
        "2",
    ];
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("daldosa: A easy (x0.05 iterations) vs B random (x0.05), 4 games"),
        "{out}"
    );
    assert!(lines[1].starts_with("A wins "), "{out}");
    assert!(lines[1].contains("95% Wilson interval"), "{out}");
    // The same seed gives the same result, whatever the number of threads.
    let mut one_thread = args.to_vec();
    one_thread[13] = "1";
    let again = ok(&one_thread);
    assert_eq!(again.lines().nth(1), lines.get(1).copied());
    // Lifting the time caps changes nothing when the searches never reach them, and says so.
    let mut uncapped = args.to_vec();
    uncapped.push("--uncapped");
    let free = ok(&uncapped);
    assert!(
        free.lines()
            .next()
            .is_some_and(|l| l.ends_with("seed 3, no time cap")),
        "{free}"
    );
    assert_eq!(free.lines().nth(1), lines.get(1).copied());
    // In pairs, each seed's dice are played from both seats and the pairs are counted.
    let mut paired = args.to_vec();
    paired.push("--paired");
    let pairs = ok(&paired);
    assert!(
        pairs.contains("4 games (in pairs on the same dice, seats swapped)"),
        "{pairs}"
    );
    let line = pairs
        .lines()
        .find(|l| l.starts_with("pairs: 2; A won both "))
        .unwrap_or_else(|| panic!("no pairs line:\n{pairs}"));
    assert!(line.contains("the same seat won both"), "{line}");
}

#[test]
fn bad_arguments_are_refused() {
    let err = fails(&["ai-match", "daldosa", "--a", "genius"]);
    assert!(err.contains("genius"), "{err}");
    let err = fails(&["ai-match", "daldosa", "--games", "0"]);
    assert!(err.contains("--games"), "{err}");
    let err = fails(&["ai-match", "daldosa", "--scale-b=0"]);
    assert!(err.contains("positive"), "{err}");
    let err = fails(&["ai-match", "daldosa", "--paired", "--games", "3"]);
    assert!(err.contains("--games must be even"), "{err}");
}

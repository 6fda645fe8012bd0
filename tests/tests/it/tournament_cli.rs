//! `skald tournament pair FILE.trf` through the real binary: a Swiss after two rounds, paired
//! as Skald would pair its third, and files it refuses with the line and what is accepted.

use skald_tests::{TempDir, ok, run};

/// One TRF-16 player line: the fixed columns (start number 5-8, name 15-47, rating 49-52,
/// points 81-84), then one `oooo c r` block per round from column 92.
fn player(number: u32, name: &str, rating: u32, points: &str, rounds: &[&str]) -> String {
    let mut line = format!(
        "001 {number:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}",
        "", "", "", ""
    );
    for r in rounds {
        line.push_str("  ");
        line.push_str(r);
    }
    line
}

/// Seven players after two rounds of five: 7 had the bye in round 1, 4 in round 2.
fn swiss_after_two_rounds() -> String {
    let lines = [
        "012 Skald test Swiss".to_string(),
        "XXR 5".to_string(),
        player(1, "Astrid", 2100, "2.0", &["   4 w 1", "   7 b 1"]),
        player(2, "Bjørn", 2050, "1.0", &["   5 b =", "   6 w ="]),
        player(3, "Hákon", 2000, "1.0", &["   6 w 0", "   5 w 1"]),
        player(4, "Ingrid", 1950, "1.0", &["   1 b 0", "0000 - U"]),
        player(5, "Leif", 1900, "0.5", &["   2 w =", "   3 b 0"]),
        player(6, "Sven", 1850, "1.5", &["   3 b 1", "   2 b ="]),
        player(7, "Þórunn", 1800, "1.0", &["0000 - U", "   1 w 0"]),
    ];
    lines.join("\n") + "\n"
}

/// The pairs of a pairing's lines: `(white, black)`, black 0 for the bye.
fn pairs(out: &str) -> Vec<(u32, u32)> {
    out.lines()
        .map(|line| {
            let numbers: Vec<u32> = line
                .split(' ')
                .map(|n| {
                    n.parse()
                        .unwrap_or_else(|_| panic!("not a number in {line:?}"))
                })
                .collect();
            assert_eq!(numbers.len(), 2, "{line:?}");
            (numbers[0], numbers[1])
        })
        .collect()
}

#[test]
fn pair_prints_the_third_round_of_a_swiss() {
    let dir = TempDir::new("tournament-pair");
    let file = dir.path().join("swiss.trf");
    std::fs::write(&file, swiss_after_two_rounds()).expect("the TRF is written");
    let path = file.to_str().expect("a UTF-8 path");
    let out = ok(&["tournament", "pair", path]);
    let pairs = pairs(&out);
    // everyone once, one bye, and it goes to neither player who had one
    let mut seen: Vec<u32> = pairs
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .filter(|&n| n != 0)
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, [1, 2, 3, 4, 5, 6, 7], "{out}");
    let byes: Vec<u32> = pairs.iter().filter(|p| p.1 == 0).map(|p| p.0).collect();
    assert_eq!(byes.len(), 1, "{out}");
    assert!(!matches!(byes[0], 4 | 7), "a second bye: {out}");
    assert_eq!(
        pairs.last().map(|p| p.1),
        Some(0),
        "the bye comes last: {out}"
    );
    // no rematch of rounds 1 and 2
    let met = [(1, 4), (2, 5), (3, 6), (1, 7), (2, 6), (3, 5)];
    for &(w, b) in &pairs {
        assert!(
            !met.contains(&(w, b)) && !met.contains(&(b, w)),
            "{w} and {b} met already: {out}"
        );
    }
    // the leader (1, 2 points) meets the runner-up (6, 1½) on board 1, 6 with white after
    // black twice; the lowest score (5, ½) gets the bye
    assert_eq!(pairs[0], (6, 1), "{out}");
    assert_eq!(byes, [5], "{out}");
    // --bbp: the same lines after the number of pairs, the bye included
    let bbp = ok(&["tournament", "pair", path, "--bbp"]);
    assert_eq!(bbp, format!("4\n{out}"));
}

#[test]
fn pair_refuses_a_broken_file_with_the_line_and_exit_code_2() {
    let dir = TempDir::new("tournament-broken");
    let file = dir.path().join("broken.trf");
    let broken = swiss_after_two_rounds().replace("   7 b 1", "   7 b x");
    std::fs::write(&file, broken).expect("the TRF is written");
    let path = file.to_str().expect("a UTF-8 path");
    let out = run(&["tournament", "pair", path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("1, =, 0, +, -, W, D or L"), "{err}");
    assert!(err.contains("found 'x'"), "{err}");

    // a game recorded by one player only: the record is refused as a whole
    let lopsided = swiss_after_two_rounds().replace("   6 w =", "   4 w =");
    std::fs::write(&file, lopsided).expect("the TRF is written");
    let out = run(&["tournament", "pair", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));

    // no such file, and a file that is not a TRF at all
    let missing = dir.path().join("missing.trf");
    let out = run(&["tournament", "pair", missing.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    std::fs::write(&file, [0xff, 0xfe, 0x00, 0x01, b'\n', 0x80]).expect("written");
    let out = run(&["tournament", "pair", path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

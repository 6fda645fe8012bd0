//! TRF-16 files: written and read back unchanged, user errors named by line, and pairing from
//! a file.

use proptest::prelude::*;
use skald_tournament::swiss_check::{before_round, recorded_round, replay};
use skald_tournament::trf::{self, TrfError};
use skald_tournament::{Color, Tournament};

/// A TRF in the style bbpPairings writes: `\r` line ends, no XXC line (the initial colour is
/// read from round 1), requested byes, the pairing-allocated bye, a forfeit, a double forfeit
/// and an absence. bbpPairings 6 (`-c`) and the reference engine both accept its pairings.
const FIXTURE: &str = include_str!("../data/swiss-11-players.trf");

fn without_ranks(mut t: Tournament) -> Tournament {
    for p in &mut t.players {
        p.rank = None;
    }
    t
}

#[test]
fn the_fixture_is_read_with_its_history() {
    let t = trf::read(FIXTURE).expect("the fixture reads");
    assert_eq!(t.name, "Skald fixture in the style bbpPairings writes");
    assert_eq!(t.start_date.as_deref(), Some("2026/11/01"));
    assert_eq!(t.players.len(), 11);
    assert_eq!(t.total_rounds, 5);
    // Player 1 had white in round 1: the initial colour is white.
    assert_eq!(t.initial_color, Color::White);
    let p2 = t.player(2).expect("player 2");
    assert_eq!(p2.rating, 2474);
    assert_eq!(p2.rank, Some(1));
    assert_eq!(p2.rounds.len(), 5);
}

#[test]
fn every_round_of_the_fixture_is_paired_again_identically() {
    let t = trf::read(FIXTURE).expect("the fixture reads");
    let rounds = replay(&t);
    assert_eq!(rounds.len(), 5);
    for r in rounds {
        assert!(
            r.identical(),
            "round {}: {:?} vs {:?}",
            r.round + 1,
            r.recorded,
            r.paired
        );
    }
}

#[test]
fn pair_prints_what_bbp_pairings_prints() {
    let t = trf::read(FIXTURE).expect("the fixture reads");
    let before = before_round(&t, 4);
    let text = trf::write(&before);
    let pairing = trf::pair(&text).expect("round 5 pairs");
    let recorded = recorded_round(&t, 4);
    let mut ours = pairing.pairs.clone();
    let mut theirs = recorded.pairs.clone();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
    let printed = pairing.to_bbp_text();
    let mut lines = printed.lines();
    // Player 11 is absent in round 5: five boards, no bye.
    assert_eq!(lines.next(), Some("5"));
    assert_eq!(lines.count(), 5);
    assert!(pairing.bye.is_none());
}

#[test]
fn the_fixture_round_trips() {
    let t = trf::read(FIXTURE).expect("the fixture reads");
    let again = trf::read(&trf::write(&t)).expect("our own output reads");
    assert_eq!(again, t);
}

#[test]
fn errors_name_the_line_and_what_is_accepted() {
    let bad_start = "012 Test\n001 abcd      Somebody                          1500\n";
    let err = trf::read(bad_start).expect_err("a bad start number");
    assert!(
        matches!(&err, TrfError::Line { line: 2, message } if message.contains("columns 5-8")),
        "{err}"
    );
    let bad_result = "012 Test\n001    1      A                                 1500                             1.0    1     2 w x\n";
    let err = trf::read(bad_result).expect_err("a bad result");
    assert_eq!(
        err.to_string(),
        "line 2: round 1 (columns 92-99): a game's result must be 1, =, 0, +, -, W, D or L; found 'x'"
    );
    let bad_rounds = "012 Test\nXXR nine\n";
    let err = trf::read(bad_rounds).expect_err("a bad XXR");
    assert!(
        err.to_string()
            .starts_with("line 2: XXR needs the number of rounds"),
        "{err}"
    );
    let err = trf::read("012 Only a name\n").expect_err("no players");
    assert!(err.to_string().contains("no player lines"), "{err}");
    let twice = "001    1      A\n001    1      B\n";
    assert!(
        trf::read(twice)
            .expect_err("duplicate")
            .to_string()
            .contains("two player lines")
    );
    let inconsistent = "001    1      A                                 1500                             1.0    1     2 w 1\n001    2      B                                 1500                             1.0    2     1 b 1\n";
    let t = trf::read(inconsistent).expect("columns are fine");
    assert!(matches!(
        skald_tournament::dutch::pair_next_round(&t),
        Err(skald_tournament::dutch::PairingError::Input(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Any tournament Skald plays writes to TRF and reads back the same (the ranks column is
    /// written from the standings and read back as recorded).
    #[test]
    fn written_tournaments_read_back_unchanged(seed in any::<u64>()) {
        let sim = crate::common::simulate(seed, 20);
        let text = trf::write(&sim.tournament);
        let back = trf::read(&text).expect("our own output reads");
        prop_assert_eq!(without_ranks(back), sim.tournament);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A TRF file is user input: whatever its bytes, reading answers Ok or an error, and
    /// pairing what was read answers Ok or an error; nothing panics.
    #[test]
    fn damaged_files_are_refused_not_crashed_on(
        edits in proptest::collection::vec((any::<usize>(), any::<char>()), 1..12),
        cut in any::<usize>(),
    ) {
        let mut chars: Vec<char> = FIXTURE.chars().collect();
        for (at, c) in edits {
            let i = at % chars.len();
            chars[i] = if c.is_control() { ' ' } else { c };
        }
        let keep = chars.len() - cut % 200;
        let text: String = chars[..keep].iter().collect();
        if let Ok(t) = trf::read(&text) {
            let _ = skald_tournament::dutch::pair_next_round(&t);
            let _ = skald_tournament::standings::standings(&t);
            let _ = trf::write(&t);
        }
    }

    /// Lines of digits and spaces in the round columns: the likeliest typing errors.
    #[test]
    fn any_round_blocks_are_read_or_refused(blocks in proptest::collection::vec("[0-9 ]{4} [wb -] [10=+\\-HUFZ ]", 1..6)) {
        let mut text = String::from("012 T\nXXR 6\n");
        for n in 1..=4 {
            let mut line = format!("001 {n:>4}      P{n:<32} 1500                             0.0 {n:>4}");
            for b in &blocks {
                line.push_str("  ");
                line.push_str(b);
            }
            text.push_str(&line);
            text.push('\n');
        }
        if let Ok(t) = trf::read(&text) {
            let _ = skald_tournament::dutch::pair_next_round(&t);
            let _ = skald_tournament::standings::standings(&t);
        }
    }
}

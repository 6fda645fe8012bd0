//! The Berger schedules against the tables FIDE publishes (Handbook C.05, Annex 1, "Berger
//! Tables for Round-Robin Tournaments"), copied below as data: for an odd number of players
//! the table of the next even number is used, the highest number being the bye.

use std::collections::HashSet;

use proptest::prelude::*;
use skald_tournament::berger::{BergerError, double_round_robin, single_round_robin};

/// The published tables, "white-black" per board, one line per round.
const PUBLISHED: &[(u32, &str)] = &[
    (
        4,
        "1-4 2-3
         4-3 1-2
         2-4 3-1",
    ),
    (
        6,
        "1-6 2-5 3-4
         6-4 5-3 1-2
         2-6 3-1 4-5
         6-5 1-4 2-3
         3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5
         8-5 6-4 7-3 1-2
         2-8 3-1 4-7 5-6
         8-6 7-5 1-4 2-3
         3-8 4-2 5-1 6-7
         8-7 1-6 2-5 3-4
         4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6
         10-6 7-5 8-4 9-3 1-2
         2-10 3-1 4-9 5-8 6-7
         10-7 8-6 9-5 1-4 2-3
         3-10 4-2 5-1 6-9 7-8
         10-8 9-7 1-6 2-5 3-4
         4-10 5-3 6-2 7-1 8-9
         10-9 1-8 2-7 3-6 4-5
         5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7
         12-7 8-6 9-5 10-4 11-3 1-2
         2-12 3-1 4-11 5-10 6-9 7-8
         12-8 9-7 10-6 11-5 1-4 2-3
         3-12 4-2 5-1 6-11 7-10 8-9
         12-9 10-8 11-7 1-6 2-5 3-4
         4-12 5-3 6-2 7-1 8-11 9-10
         12-10 11-9 1-8 2-7 3-6 4-5
         5-12 6-4 7-3 8-2 9-1 10-11
         12-11 1-10 2-9 3-8 4-7 5-6
         6-12 7-5 8-4 9-3 10-2 11-1",
    ),
    (
        14,
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8
         14-8 9-7 10-6 11-5 12-4 13-3 1-2
         2-14 3-1 4-13 5-12 6-11 7-10 8-9
         14-9 10-8 11-7 12-6 13-5 1-4 2-3
         3-14 4-2 5-1 6-13 7-12 8-11 9-10
         14-10 11-9 12-8 13-7 1-6 2-5 3-4
         4-14 5-3 6-2 7-1 8-13 9-12 10-11
         14-11 12-10 13-9 1-8 2-7 3-6 4-5
         5-14 6-4 7-3 8-2 9-1 10-13 11-12
         14-12 13-11 1-10 2-9 3-8 4-7 5-6
         6-14 7-5 8-4 9-3 10-2 11-1 12-13
         14-13 1-12 2-11 3-10 4-9 5-8 6-7
         7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ),
    (
        16,
        "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
         16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
         2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
         16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
         3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
         16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
         4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
         16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
         5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
         16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
         6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
         16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
         7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
         16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
         8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
    ),
];

/// The published rounds for `players`, boards in order, the bye as `(player, 0)` at its board.
fn published(players: u32) -> Vec<Vec<(u32, u32)>> {
    let even = players + players % 2;
    let (_, text) = PUBLISHED
        .iter()
        .find(|(n, _)| *n == even)
        .expect("a published table");
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .map(|board| {
                    let (w, b) = board.split_once('-').expect("white-black");
                    let (w, b): (u32, u32) = (w.parse().expect("white"), b.parse().expect("black"));
                    if players % 2 == 1 && w == even {
                        (b, 0)
                    } else if players % 2 == 1 && b == even {
                        (w, 0)
                    } else {
                        (w, b)
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn schedules_equal_the_published_berger_tables_for_3_to_16_players() {
    for players in 3..=16 {
        let schedule = single_round_robin(players).expect("a schedule");
        let expected = published(players);
        assert_eq!(schedule.len(), expected.len(), "{players} players: rounds");
        for (round, (ours, theirs)) in schedule.iter().zip(&expected).enumerate() {
            let boards: Vec<(u32, u32)> = theirs.iter().copied().filter(|b| b.1 != 0).collect();
            let bye = theirs.iter().find(|b| b.1 == 0).map(|b| b.0);
            assert_eq!(ours.pairs, boards, "{players} players, round {}", round + 1);
            assert_eq!(ours.bye, bye, "{players} players, round {} bye", round + 1);
        }
    }
}

#[test]
fn the_double_round_robin_swaps_colours_in_the_second_cycle() {
    let single = single_round_robin(6).expect("single");
    let double = double_round_robin(6, false).expect("double");
    assert_eq!(double.len(), 10);
    assert_eq!(&double[..5], &single[..]);
    for (first, second) in double[..5].iter().zip(&double[5..]) {
        let swapped: Vec<(u32, u32)> = first.pairs.iter().map(|&(w, b)| (b, w)).collect();
        assert_eq!(second.pairs, swapped);
    }
    // C.05's recommendation: the last two rounds of the first cycle in reverse order.
    let swapped = double_round_robin(6, true).expect("double");
    assert_eq!(swapped[3], single[4]);
    assert_eq!(swapped[4], single[3]);
    assert_eq!(&swapped[5..], &double[5..]);
}

#[test]
fn player_counts_outside_the_range_are_refused() {
    assert_eq!(single_round_robin(1), Err(BergerError::PlayerCount(1)));
    assert_eq!(single_round_robin(0), Err(BergerError::PlayerCount(0)));
    assert!(single_round_robin(2).is_ok());
}

proptest! {
    /// Each cycle pairs every two players exactly once, every player once a round.
    #[test]
    fn every_pair_meets_once_per_cycle(players in 2u32..=40, swap in any::<bool>()) {
        let schedule = double_round_robin(players, swap).expect("a schedule");
        let rounds_per_cycle = schedule.len() / 2;
        for cycle in schedule.chunks(rounds_per_cycle) {
            let mut met = HashSet::new();
            for round in cycle {
                let mut seen = HashSet::new();
                for &(w, b) in &round.pairs {
                    prop_assert!(seen.insert(w) && seen.insert(b));
                    prop_assert!(met.insert((w.min(b), w.max(b))));
                }
                if let Some(bye) = round.bye {
                    prop_assert!(seen.insert(bye));
                }
                prop_assert_eq!(seen.len() as u32, players);
            }
            prop_assert_eq!(met.len() as u32, players * (players - 1) / 2);
        }
    }
}

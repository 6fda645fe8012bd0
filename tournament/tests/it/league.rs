//! Leagues: the first season's divisions, ups and downs, leavers, newcomers and rebalancing,
//! on worked examples and as properties over random leagues and many seasons.

use proptest::prelude::*;
use skald_tournament::league::{
    LeagueError, MAX_DIVISION, MIN_DIVISION, Move, NextSeason, Season, division_sizes,
    first_season, next_season,
};

/// Players 1..=n, player 1 rated highest.
fn rated(n: u32) -> Vec<(u32, u16)> {
    (1..=n).map(|p| (p, 3000 - p as u16)).collect()
}

fn season(divisions: Vec<Vec<u32>>) -> Season<u32> {
    Season {
        number: 4,
        divisions,
    }
}

fn next(
    s: &Season<u32>,
    results: &[Vec<u32>],
    left: &[u32],
    joining: &[(u32, u16)],
) -> NextSeason<u32> {
    match next_season(s, results, left, joining) {
        Ok(n) => n,
        Err(e) => panic!("refused: {e}"),
    }
}

fn mv(player: u32, from: Option<usize>, to: usize) -> Move<u32> {
    Move { player, from, to }
}

#[test]
fn the_first_season_fills_even_divisions_by_rating() {
    assert_eq!(division_sizes(0), Vec::<usize>::new());
    assert_eq!(division_sizes(3), [3]);
    assert_eq!(division_sizes(8), [8]);
    assert_eq!(division_sizes(9), [5, 4]);
    assert_eq!(division_sizes(17), [6, 6, 5]);
    assert_eq!(division_sizes(64), [8; 8]);
    let mut players = rated(9);
    players.reverse();
    let s = first_season(&players).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.number, 1);
    assert_eq!(s.divisions, [vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9]]);
    let twice = [(1, 2000), (2, 1900), (1, 1800)];
    assert_eq!(first_season(&twice), Err(LeagueError::Duplicate));
}

#[test]
fn two_go_up_and_down_between_divisions_of_six_or_more() {
    // 8, 6 and 5 players: two swap between the first two, one between the last two
    let s = season(vec![
        (1..=8).collect(),
        (11..=16).collect(),
        (21..=25).collect(),
    ]);
    let results = s.divisions.clone();
    let n = next(&s, &results, &[], &[]);
    assert_eq!(n.season.number, 5);
    assert_eq!(
        n.season.divisions,
        [
            vec![1, 2, 3, 4, 5, 6, 11, 12],
            vec![7, 8, 13, 14, 15, 21],
            vec![16, 22, 23, 24, 25]
        ]
    );
    assert_eq!(
        n.moves,
        [
            mv(11, Some(1), 0),
            mv(12, Some(1), 0),
            mv(7, Some(0), 1),
            mv(8, Some(0), 1),
            mv(21, Some(2), 1),
            mv(16, Some(1), 2),
        ]
    );
    assert!(n.moves[0].is_up() && n.moves[2].is_down());
}

#[test]
fn the_standings_order_decides_not_the_seeds() {
    let s = season(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let n = next(&s, &[vec![4, 3, 1, 2], vec![8, 5, 6, 7]], &[], &[]);
    assert_eq!(n.season.divisions, [vec![4, 3, 1, 8], vec![2, 5, 6, 7]]);
}

#[test]
fn a_leaver_gives_up_their_place_and_newcomers_join_the_bottom() {
    // the winner of division 2 leaves: its runner-up goes up instead; two newcomers join,
    // the better rated first
    let s = season(vec![vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9]]);
    let results = s.divisions.clone();
    let n = next(&s, &results, &[6], &[(30, 1500), (31, 1700)]);
    assert_eq!(
        n.season.divisions,
        [vec![1, 2, 3, 4, 7], vec![5, 8, 9, 31, 30]]
    );
    assert_eq!(n.left, [6]);
    assert!(n.moves.contains(&mv(31, None, 1)));
    assert!(n.moves.contains(&mv(7, Some(1), 0)));
}

#[test]
fn a_division_under_four_is_filled_from_below_not_by_those_who_came_down() {
    // three leave the top division: its two left swap one with division 2, then it takes
    // division 2's best stayers; the player who came down stays down
    let s = season(vec![
        vec![1, 2, 3, 4, 5],
        vec![6, 7, 8, 9, 10, 11],
        vec![12, 13, 14, 15, 16, 17],
    ]);
    let results = s.divisions.clone();
    let n = next(&s, &results, &[1, 2, 3], &[]);
    let top = &n.season.divisions[0];
    assert_eq!(top.len(), MIN_DIVISION);
    assert!(top.contains(&4) && top.contains(&6), "{top:?}");
    assert!(
        !top.contains(&5),
        "the last of the top division went down: {top:?}"
    );
    assert_eq!(n.season.division_of(&5), Some(1));
    for d in &n.season.divisions {
        assert!(
            (MIN_DIVISION..=MAX_DIVISION).contains(&d.len()),
            "{:?}",
            n.season
        );
    }
}

#[test]
fn a_bottom_division_under_four_joins_the_one_above() {
    let s = season(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let results = s.divisions.clone();
    let n = next(&s, &results, &[6, 7], &[]);
    assert_eq!(n.season.divisions, [vec![1, 2, 3, 5, 4, 8]]);
}

#[test]
fn many_newcomers_split_the_bottom_division() {
    let s = season(vec![vec![1, 2, 3, 4, 5, 6]]);
    let results = s.divisions.clone();
    let joining: Vec<(u32, u16)> = (20..30).map(|p| (p, 1000 + p as u16)).collect();
    let n = next(&s, &results, &[], &joining);
    assert_eq!(
        n.season.divisions,
        [
            vec![1, 2, 3, 4, 5, 6, 29, 28],
            vec![27, 26, 25, 24, 23, 22, 21, 20]
        ]
    );
    let lone = next(&season(Vec::new()), &[], &[], &rated(3));
    assert_eq!(lone.season.divisions, [vec![1, 2, 3]]);
}

#[test]
fn results_that_contradict_the_season_are_refused() {
    let s = season(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let err = |results: &[Vec<u32>], left: &[u32], joining: &[(u32, u16)]| {
        next_season(&s, results, left, joining).err()
    };
    let good = s.divisions.clone();
    assert_eq!(
        err(&good[..1], &[], &[]),
        Some(LeagueError::Divisions {
            given: 1,
            divisions: 2
        })
    );
    let missing = vec![vec![1, 2, 3], vec![5, 6, 7, 8]];
    assert_eq!(
        err(&missing, &[], &[]),
        Some(LeagueError::Results { division: 1 })
    );
    let twice = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 7]];
    assert_eq!(
        err(&twice, &[], &[]),
        Some(LeagueError::Results { division: 2 })
    );
    assert_eq!(err(&good, &[9], &[]), Some(LeagueError::UnknownLeaver));
    assert_eq!(err(&good, &[], &[(3, 1500)]), Some(LeagueError::AlreadyIn));
    assert_eq!(
        err(&good, &[], &[(9, 1500), (9, 1400)]),
        Some(LeagueError::Duplicate)
    );
}

/// One season change drawn at random: the standings as a shuffle of each division, some
/// leavers, some newcomers.
#[derive(Debug, Clone)]
struct Change {
    /// A permutation seed per division.
    shuffles: Vec<u64>,
    /// Per mille chance for each player to leave.
    leave: u32,
    /// Newcomers.
    joining: u32,
}

fn change() -> impl Strategy<Value = Change> {
    (
        prop::collection::vec(any::<u64>(), 0..20),
        prop_oneof![Just(0u32), 0u32..300, 0u32..1000],
        prop_oneof![Just(0u32), 0u32..4, 0u32..30],
    )
        .prop_map(|(shuffles, leave, joining)| Change {
            shuffles,
            leave,
            joining,
        })
}

/// A small deterministic generator for the shuffles.
fn step(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *x >> 33
}

/// Plays `change` on `s` and checks every property; returns the next season.
fn check_change(s: &Season<u32>, change: &Change, fresh: &mut u32) -> Season<u32> {
    let mut seed = change.shuffles.first().copied().unwrap_or(7);
    let results: Vec<Vec<u32>> = s
        .divisions
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let mut d = d.clone();
            let mut x = change.shuffles.get(i).copied().unwrap_or(i as u64);
            for k in (1..d.len()).rev() {
                d.swap(k, (step(&mut x) as usize) % (k + 1));
            }
            d
        })
        .collect();
    let left: Vec<u32> = s
        .divisions
        .iter()
        .flatten()
        .copied()
        .filter(|_| (step(&mut seed) % 1000) < u64::from(change.leave))
        .collect();
    let joining: Vec<(u32, u16)> = (0..change.joining)
        .map(|_| {
            *fresh += 1;
            (*fresh, (step(&mut seed) % 2500) as u16)
        })
        .collect();
    let n = match next_season(s, &results, &left, &joining) {
        Ok(n) => n,
        Err(e) => panic!("refused: {e}"),
    };
    let new = &n.season;
    let total = new.players();

    // divisions within 4 to 8 once there are 4 players; fewer make one division
    if total >= MIN_DIVISION {
        for d in &new.divisions {
            assert!(
                (MIN_DIVISION..=MAX_DIVISION).contains(&d.len()),
                "{results:?} left {left:?} joining {joining:?} gave {:?}",
                new.divisions
            );
        }
    } else {
        assert!(new.divisions.len() <= 1, "{:?}", new.divisions);
    }

    // nobody lost or duplicated: the old players less the leavers, and the newcomers
    let mut want: Vec<u32> = s
        .divisions
        .iter()
        .flatten()
        .copied()
        .filter(|p| !left.contains(p))
        .chain(joining.iter().map(|j| j.0))
        .collect();
    want.sort_unstable();
    let mut got: Vec<u32> = new.divisions.iter().flatten().copied().collect();
    got.sort_unstable();
    assert_eq!(got, want);

    // the best player who stays in each lower division goes up
    for (d, result) in results.iter().enumerate().skip(1) {
        if let Some(winner) = result.iter().find(|p| !left.contains(p)) {
            let to = new.division_of(winner);
            assert!(
                to.is_some_and(|to| to < d),
                "the winner {winner} of division {d} is in {to:?}: {results:?} left {left:?} joining {joining:?} gave {:?}",
                new.divisions
            );
        }
    }

    // the last player who stays in the top division goes down, when there is a division
    // below for them and the top one kept enough players to stay a division of its own
    let top_stayers = results
        .first()
        .map_or(0, |r| r.iter().filter(|p| !left.contains(p)).count());
    if new.divisions.len() > 1
        && results.len() > 1
        && top_stayers >= MIN_DIVISION
        && let Some(last) = results[0].iter().rev().find(|p| !left.contains(p))
    {
        assert!(
            new.division_of(last).is_some_and(|to| to > 0),
            "the last {last} of the top division stayed: {results:?} left {left:?} gave {:?}",
            new.divisions
        );
    }

    // the moves are exactly the players whose division changed, and the newcomers
    for (to, d) in new.divisions.iter().enumerate() {
        for p in d {
            let from = s.division_of(p);
            let listed = n.moves.iter().find(|m| m.player == *p);
            if from == Some(to) {
                assert_eq!(listed, None);
            } else {
                assert_eq!(
                    listed,
                    Some(&Move {
                        player: *p,
                        from,
                        to
                    })
                );
            }
        }
    }
    assert_eq!(
        n.moves.len(),
        n.moves
            .iter()
            .map(|m| m.player)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    n.season.clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn seasons_keep_their_shape(players in 0u32..80, changes in prop::collection::vec(change(), 1..6)) {
        let s = match first_season(&rated(players)) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        if players >= MIN_DIVISION as u32 {
            prop_assert!(s.divisions.iter().all(|d| (MIN_DIVISION..=MAX_DIVISION).contains(&d.len())));
        }
        prop_assert_eq!(s.players(), players as usize);
        let mut s = s;
        let mut fresh = 10_000;
        for change in &changes {
            s = check_change(&s, change, &mut fresh);
        }
    }
}

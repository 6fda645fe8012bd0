//! Knockout brackets: standard seeding, byes for the top seeds, replays of drawn games.

use proptest::prelude::*;
use skald_tournament::GameScore;
use skald_tournament::knockout::{Bracket, KnockoutError, Slot, seed_order};

#[test]
fn seeds_are_placed_so_that_1_and_2_meet_only_in_the_final() {
    assert_eq!(seed_order(2), vec![1, 2]);
    assert_eq!(seed_order(4), vec![1, 4, 2, 3]);
    assert_eq!(seed_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(
        seed_order(16),
        vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
}

#[test]
fn top_seeds_get_the_byes_and_ratings_decide_the_seeds() {
    // Six players: start numbers 1..6, ratings not in start order.
    let players = [
        (1, 1500),
        (2, 2100),
        (3, 1800),
        (4, 1900),
        (5, 1600),
        (6, 2000),
    ];
    let bracket = Bracket::new(&players).expect("a bracket");
    assert_eq!(bracket.seeds, vec![2, 6, 4, 3, 5, 1]);
    assert_eq!(bracket.rounds.len(), 3);
    let first: Vec<(Slot, Slot)> = bracket.rounds[0].iter().map(|m| (m.high, m.low)).collect();
    assert_eq!(
        first,
        vec![
            (Slot::Player(2), Slot::Bye),
            (Slot::Player(3), Slot::Player(5)),
            (Slot::Player(6), Slot::Bye),
            (Slot::Player(4), Slot::Player(1)),
        ]
    );
    // The byes are decided at once: seeds 1 and 2 wait in the semi-finals.
    assert_eq!(bracket.rounds[1][0].high, Slot::Player(2));
    assert_eq!(bracket.rounds[1][1].high, Slot::Player(6));
}

#[test]
fn a_drawn_game_is_replayed_with_seats_swapped_and_the_last_game_decides() {
    let mut bracket = Bracket::new(&[(1, 2000), (2, 1900)]).expect("a final");
    let m = &bracket.rounds[0][0];
    assert_eq!(m.next_game(), Some((1, 2)));
    bracket.record(0, 0, GameScore::Draw).expect("a draw");
    assert_eq!(bracket.rounds[0][0].next_game(), Some((2, 1)));
    bracket.record(0, 0, GameScore::Draw).expect("another draw");
    assert_eq!(bracket.rounds[0][0].next_game(), Some((1, 2)));
    // Black (player 2) wins the third game: player 2 is champion.
    bracket
        .record(0, 0, GameScore::Loss)
        .expect("a decisive game");
    assert_eq!(bracket.champion(), Some(2));
    assert_eq!(bracket.rounds[0][0].next_game(), None);
    assert_eq!(
        bracket.record(0, 0, GameScore::Win),
        Err(KnockoutError::NotPlayable {
            round: 0,
            match_index: 0
        })
    );
}

#[test]
fn winners_move_on_and_the_better_seed_has_white_first() {
    let players: Vec<(u32, u16)> = (1..=4).map(|n| (n, 2000 - n as u16)).collect();
    let mut bracket = Bracket::new(&players).expect("a bracket");
    // Semi-finals 1-4 and 2-3; the underdogs 4 and 3 win.
    bracket.record(0, 0, GameScore::Loss).expect("4 wins");
    bracket.record(0, 1, GameScore::Loss).expect("3 wins");
    // Seed 3 is better than seed 4: white in the final's first game.
    assert_eq!(bracket.rounds[1][0].next_game(), Some((3, 4)));
    assert_eq!(
        bracket.record(5, 0, GameScore::Win),
        Err(KnockoutError::NoSuchMatch {
            round: 5,
            match_index: 0
        })
    );
}

#[test]
fn too_few_or_doubled_players_are_refused() {
    assert_eq!(
        Bracket::new(&[(1, 1500)]),
        Err(KnockoutError::TooFewPlayers(1))
    );
    assert_eq!(
        Bracket::new(&[(1, 1500), (1, 1600)]),
        Err(KnockoutError::Duplicate(1))
    );
}

proptest! {
    /// With any number of players, playing every match out (white always wins) crowns one
    /// champion after exactly n - 1 decided matches, and seeds 1 and 2 start in opposite halves.
    #[test]
    fn every_bracket_ends_with_one_champion(n in 2usize..=40) {
        let players: Vec<(u32, u16)> = (1..=n as u32).map(|s| (s, 3000 - s as u16)).collect();
        let mut bracket = Bracket::new(&players).expect("a bracket");
        let half = bracket.rounds[0].len() / 2;
        let in_upper = |p: u32| bracket.rounds[0][..half.max(1)]
            .iter()
            .any(|m| m.high == Slot::Player(p) || m.low == Slot::Player(p));
        if n > 2 {
            prop_assert!(in_upper(1) != in_upper(2));
        }
        let mut decided = 0;
        for round in 0..bracket.rounds.len() {
            for index in 0..bracket.rounds[round].len() {
                if bracket.rounds[round][index].next_game().is_some() {
                    bracket.record(round, index, GameScore::Win).expect("a game");
                    decided += 1;
                }
            }
        }
        prop_assert_eq!(decided, n - 1);
        // White always won and the better seed has white: the top seed is champion.
        prop_assert_eq!(bracket.champion(), Some(1));
    }
}

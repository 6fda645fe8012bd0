//! The engine never uses hidden information: Subulata positions that differ only in the
//! opponent's values get the same move.

use crate::common::random_position;
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_ai::{Budget, SeatView, choose_with_budget};
use skald_rules::subulata::Subulata;
use skald_rules::{Game, RuleSetId, Seat, Status, Viewer};

/// `position` with the values of `owner`'s pieces reversed among themselves (1 <-> 9, ...).
fn swap_values(position: &Subulata, owner: Seat) -> Subulata {
    let text = position.to_notation(Viewer::Final);
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let letter = if owner == Seat::A { 'W' } else { 'B' };
    let mut out = String::new();
    let mut prev = ' ';
    for c in fields[1].chars() {
        match c.to_digit(10) {
            Some(v) if prev == letter => out.push(char::from_digit(10 - v, 10).expect("digit")),
            _ => out.push(c),
        }
        prev = c;
    }
    fields[1] = out;
    Subulata::from_notation(RuleSetId::Subulata, &fields.join(" ")).expect("still a position")
}

#[test]
fn same_move_whatever_the_opponent_values() {
    let budget = Budget {
        iterations: 300,
        time_cap: None,
        rollout_plies: 80,
    };
    let mut compared = 0;
    for seed in 0..12u64 {
        for plies in [0, 1, 6, 15, 30] {
            let position: Subulata = random_position(RuleSetId::Subulata, seed, plies);
            let Status::Move { seat } = position.status() else {
                continue;
            };
            let other = swap_values(&position, seat.other());
            assert_ne!(
                position.to_notation(Viewer::Final),
                other.to_notation(Viewer::Final),
                "the values really differ"
            );
            assert_eq!(
                position.to_notation(Viewer::Seat(seat)),
                other.to_notation(Viewer::Seat(seat))
            );
            let first = choose_with_budget(
                &SeatView::new(&position, seat).expect("view"),
                Some(budget),
                &mut StdRng::seed_from_u64(seed),
            );
            let second = choose_with_budget(
                &SeatView::new(&other, seat).expect("view"),
                Some(budget),
                &mut StdRng::seed_from_u64(seed),
            );
            assert_eq!(first, second, "seed {seed}, plies {plies}");
            compared += 1;
        }
    }
    assert!(compared > 20);
}

//! Properties of the Dutch pairing on random tournaments: every round meets the absolute
//! criteria (checked by `swiss_check`, written apart from the pairing), and pairing is
//! deterministic.

use proptest::prelude::*;
use skald_tournament::dutch;
use skald_tournament::swiss_check::{before_round, check_absolute_criteria, recorded_round};

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `simulate` checks every round it pairs against the absolute criteria and panics on a
    /// violation; here the rounds are checked once more from the finished record.
    #[test]
    fn every_round_meets_the_absolute_criteria(seed in any::<u64>()) {
        let sim = crate::common::simulate(seed, 24);
        for round in 0..sim.rounds {
            let before = before_round(&sim.tournament, round);
            let pairing = recorded_round(&sim.tournament, round);
            prop_assert_eq!(check_absolute_criteria(&before, &pairing), Ok(()));
        }
    }

    /// The same history gives the same pairing.
    #[test]
    fn pairing_is_deterministic(seed in any::<u64>()) {
        let sim = crate::common::simulate(seed, 16);
        let a = dutch::pair_next_round(&sim.tournament);
        let b = dutch::pair_next_round(&sim.tournament);
        prop_assert_eq!(a, b);
    }
}

/// A round where nobody can be paired legally is refused, not paired illegally: three players
/// who all met each other and all had the bye.
#[test]
fn an_impossible_round_is_refused() {
    use skald_tournament::{Color, GameScore, Player, RoundEntry, Tournament, TournamentKind};
    let game = |opponent, color, score| RoundEntry::Game {
        opponent,
        color,
        score,
        played: true,
        rated: true,
    };
    let mut t = Tournament::new("Three", TournamentKind::SwissDutch, 4);
    let mut p1 = Player::new(1, "One", 1500);
    let mut p2 = Player::new(2, "Two", 1400);
    let mut p3 = Player::new(3, "Three", 1300);
    p1.rounds = vec![
        game(2, Color::White, GameScore::Win),
        game(3, Color::Black, GameScore::Draw),
        RoundEntry::PairingBye,
    ];
    p2.rounds = vec![
        game(1, Color::Black, GameScore::Loss),
        RoundEntry::PairingBye,
        game(3, Color::White, GameScore::Win),
    ];
    p3.rounds = vec![
        RoundEntry::PairingBye,
        game(1, Color::White, GameScore::Draw),
        game(2, Color::Black, GameScore::Loss),
    ];
    t.players = vec![p1, p2, p3];
    assert_eq!(
        dutch::pair_next_round(&t),
        Err(dutch::PairingError::Impossible)
    );
}

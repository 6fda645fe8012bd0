//! The engine only ever plays legal moves, at every level, in random positions of every rule
//! set.

use crate::common::{TINY, random_position};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_ai::{AiGame, SeatView, choose_with_budget};
use skald_rules::adelta::Adelta;
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::subulata::Subulata;
use skald_rules::tafl::Tafl;
use skald_rules::{RuleSetId, Status};

fn check<G: AiGame>(rule_set: RuleSetId, seed: u64, plies: u32) -> Result<(), TestCaseError> {
    let position: G = random_position(rule_set, seed, plies);
    let Status::Move { seat } = position.status() else {
        return Ok(());
    };
    let legal = position.legal_moves();
    let view = SeatView::new(&position, seat).expect("a view reads back");
    for budget in [None, Some(TINY)] {
        let mut rng = StdRng::seed_from_u64(seed ^ 77);
        let mv = choose_with_budget(&view, budget, &mut rng);
        prop_assert!(mv.is_some(), "no move in {position:?}");
        let mv = mv.expect("checked");
        prop_assert!(legal.contains(&mv), "{mv} is not legal in {position:?}");
        prop_assert!(position.clone().play(mv).is_ok());
    }
    // The opponent's view never gets a move: it is not their turn.
    let other = SeatView::new(&position, seat.other()).expect("a view reads back");
    let mut rng = StdRng::seed_from_u64(seed);
    prop_assert!(choose_with_budget(&other, Some(TINY), &mut rng).is_none());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn adelta_moves_are_legal(seed in any::<u64>(), plies in 0u32..120) {
        check::<Adelta>(RuleSetId::Adelta, seed, plies)?;
        check::<Adelta>(RuleSetId::AdeltaRustik, seed, plies)?;
    }

    #[test]
    fn hnefatafl_moves_are_legal(seed in any::<u64>(), plies in 0u32..200) {
        check::<Hnefatafl>(RuleSetId::Hnefatafl, seed, plies)?;
        check::<Hnefatafl>(RuleSetId::Hnefatafl13, seed, plies)?;
    }

    #[test]
    fn copenhagen_and_brandubh_moves_are_legal(seed in any::<u64>(), plies in 0u32..200) {
        check::<Tafl>(RuleSetId::Copenhagen, seed, plies)?;
        check::<Tafl>(RuleSetId::Brandubh, seed, plies)?;
    }

    #[test]
    fn subulata_moves_are_legal(seed in any::<u64>(), plies in 0u32..60) {
        check::<Subulata>(RuleSetId::Subulata, seed, plies)?;
    }

    #[test]
    fn daldosa_moves_are_legal(seed in any::<u64>(), plies in 0u32..200) {
        check::<Daldosa>(RuleSetId::Daldosa, seed, plies)?;
    }
}

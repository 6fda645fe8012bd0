//! Random-game invariants (proptest over seeds): only the king ever stands on the throne or a
//! corner, armies only shrink, the listed moves are exactly the legal ones and all play,
//! moves and positions round-trip through their notation, a finished game offers no move;
//! and the `Game` implementation's mapping of ids to variants, on a stand-in type.

use super::super::game_impl::game_impl;
use super::*;
use crate::{Game, MoveError, RuleSetId, Status, Viewer};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Every rook-line slide of the side to move's pieces, legal or not.
fn every_slide(game: &Tafl) -> Vec<Move> {
    let size = game.size();
    let mut out = Vec::new();
    for file in 0..size {
        for rank in 0..size {
            let from = Square::new(file, rank);
            if game.piece_at(from).map(Piece::seat) != Some(game.side_to_move()) {
                continue;
            }
            for t in 0..size {
                if t != rank {
                    out.push(Move::new(from, Square::new(file, t)));
                }
                if t != file {
                    out.push(Move::new(from, Square::new(t, rank)));
                }
            }
        }
    }
    out
}

/// Plays a random game of `variant` from `seed`, checking every invariant on the way, and
/// returns it finished (or after `limit` plies).
fn random_game(variant: Variant, seed: u64, limit: u32) -> Tafl {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Tafl::new(variant);
    let mut moves = Vec::new();
    while game.finish().is_none() && game.ply() < limit {
        game.legal_moves_into(&mut moves);
        assert!(!moves.is_empty(), "no move but not over: {game:?}");
        if game.ply() % 16 == 3 {
            // The list is exactly what `play` accepts.
            for mv in every_slide(&game) {
                let listed = moves.contains(&mv);
                let accepted = game.clone().play(mv).is_ok();
                assert_eq!(listed, accepted, "{mv} in {game:?}");
            }
            let text = game.position_string();
            assert_eq!(
                Tafl::read_position(variant, &text).as_ref(),
                Ok(&game),
                "{text}"
            );
        }
        // The moves named as possibly winning at once include every move that does.
        if let Err(why) = crate::game::check_moves_that_may_win(&game) {
            panic!("{why}");
        }
        let mv = moves[rng.random_range(0..moves.len())];
        assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        let before = game.clone();
        let events = game
            .play(mv)
            .unwrap_or_else(|e| panic!("listed {mv} refused: {e} in {before:?}"));
        // Armies only shrink, by the captures reported.
        let lost = |g: &Tafl| {
            u32::from(g.count(Piece::Attacker))
                + u32::from(g.count(Piece::Defender))
                + u32::from(g.count(Piece::King))
        };
        let captures = events
            .iter()
            .filter(|e| matches!(e, Event::Captured { .. }))
            .count() as u32;
        assert_eq!(lost(&before) - lost(&game), captures);
        assert!(game.count(Piece::Attacker) <= before.count(Piece::Attacker));
        assert!(game.count(Piece::Defender) <= before.count(Piece::Defender));
        // Only the king on the throne and the corners.
        let mut restricted = game.corners().to_vec();
        restricted.push(game.throne());
        for sq in restricted {
            assert!(
                matches!(game.piece_at(sq), None | Some(Piece::King)),
                "{} on {} after {mv}: {game:?}",
                game.piece_at(sq).map(Piece::letter).unwrap_or('?'),
                sq.name()
            );
        }
        assert_eq!(game.ply(), before.ply() + 1);
        assert_ne!(game.side_to_move(), before.side_to_move());
        // A game over says so in its events, once.
        let overs = events
            .iter()
            .filter(|e| matches!(e, Event::GameOver(_)))
            .count();
        assert_eq!(overs, usize::from(game.finish().is_some()));
    }
    if game.finish().is_some() {
        assert!(game.legal_moves().is_empty());
        assert!(matches!(game.status(), Status::Over(_)));
        let any = every_slide(&game).into_iter().next();
        if let Some(mv) = any {
            assert_eq!(game.clone().play(mv), Err(MoveError::GameOver));
        }
        let text = game.position_string();
        assert_eq!(
            Tafl::read_position(variant, &text).as_ref(),
            Ok(&game),
            "{text}"
        );
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_copenhagen_games_keep_the_invariants_and_end_by_ply_400(seed in any::<u64>()) {
        let game = random_game(Variant::Copenhagen, seed, 1000);
        prop_assert!(game.finish().is_some());
        prop_assert!(game.ply() <= 400);
    }

    #[test]
    fn random_brandubh_games_keep_the_invariants(seed in any::<u64>()) {
        let game = random_game(Variant::Brandubh, seed, 5000);
        prop_assert!(game.finish().is_some(), "{game:?}");
    }
}

/// A stand-in for the registered type: [`Tafl`] behind the same `Game` implementation, under
/// two other ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Standin(Tafl);

impl From<Tafl> for Standin {
    fn from(game: Tafl) -> Standin {
        Standin(game)
    }
}

impl AsRef<Tafl> for Standin {
    fn as_ref(&self) -> &Tafl {
        &self.0
    }
}

impl AsMut<Tafl> for Standin {
    fn as_mut(&mut self) -> &mut Tafl {
        &mut self.0
    }
}

game_impl!(Standin, RuleSetId::Hnefatafl, RuleSetId::Hnefatafl13);

#[test]
fn the_game_implementation_delegates_to_the_variant() {
    let (copenhagen, brandubh) = (RuleSetId::Hnefatafl, RuleSetId::Hnefatafl13);
    assert_eq!(Standin::RULE_SETS, &[copenhagen, brandubh]);
    for (id, variant) in [
        (copenhagen, Variant::Copenhagen),
        (brandubh, Variant::Brandubh),
    ] {
        let mut game = Standin::start(id, 7);
        assert_eq!(game.rule_set(), id);
        assert_eq!(game.0, Tafl::new(variant));
        assert!(game.dice().is_empty());
        assert_eq!(game.roll(&[1]), Err(crate::RollError::NotExpected));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        while !matches!(game.status(), Status::Over(_)) && game.ply() < 300 {
            let legal = game.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            let text = mv.to_string();
            assert_eq!(game.parse_move(&text), Ok(mv));
            game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let text = game.to_notation(Viewer::Public);
        assert_eq!(text, game.to_notation(Viewer::Final));
        assert_eq!(Standin::from_notation(id, &text), Ok(game.clone()));
        assert_eq!(game.text_grid(Viewer::Public), game.0.grid_letters());
        assert_eq!(game.cell_name(0), "a1");
    }
    // Any other id starts Copenhagen, as `Game::start` asks.
    assert_eq!(Standin::start(RuleSetId::Subulata, 0).0, Tafl::copenhagen());
}

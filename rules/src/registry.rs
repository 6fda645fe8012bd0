//! The one map from a rule set to the Rust type that plays it.
//!
//! Every crate that needs "the rules type for this id" (the positions here, the pictures, the
//! engine, the CLI) goes through [`with_rules!`](crate::with_rules) or, holding a
//! [`Position`](crate::Position), [`with_game!`](crate::with_game): a generic body is
//! instantiated once per game family, and the crate's own per-family trait (the engine's
//! `AiGame`, the renderer's picture trait) is selected by the concrete type there. Adding a game
//! family means one arm in each macro below, one variant in [`Position`](crate::Position) and
//! [`AnyMove`](crate::AnyMove), and one [`Family`](crate::Family) impl (in `position.rs`, beside
//! the type it converts to); a crate that lacks its trait impl for the new type then fails to
//! compile instead of falling through a forgotten `match`.
//!
//! In the spirit of shakmaty's `Variant`: the id-to-type map is written once, here.

/// Evaluates `$body` with `$G` naming the rules type of the rule set `$rule_set`.
///
/// `with_rules!(rule_set, G => G::start(rule_set, 0).ply())`. The body is checked once per
/// game family with `$G` a concrete type, so it may use any trait a crate implements for every
/// family (`<G as AiGame>::...`). The match is exhaustive: a new [`crate::RuleSetId`] that is
/// not mapped here does not compile.
#[macro_export]
macro_rules! with_rules {
    ($rule_set:expr, $G:ident => $body:expr) => {
        match $rule_set {
            $crate::RuleSetId::Adelta | $crate::RuleSetId::AdeltaRustik => {
                #[allow(dead_code)]
                type $G = $crate::adelta::Adelta;
                $body
            }
            $crate::RuleSetId::Hnefatafl | $crate::RuleSetId::Hnefatafl13 => {
                #[allow(dead_code)]
                type $G = $crate::hnefatafl::Hnefatafl;
                $body
            }
            $crate::RuleSetId::Subulata => {
                #[allow(dead_code)]
                type $G = $crate::subulata::Subulata;
                $body
            }
            $crate::RuleSetId::Daldosa => {
                #[allow(dead_code)]
                type $G = $crate::daldosa::Daldosa;
                $body
            }
            $crate::RuleSetId::Copenhagen | $crate::RuleSetId::Brandubh => {
                #[allow(dead_code)]
                type $G = $crate::tafl::Tafl;
                $body
            }
        }
    };
}

/// Evaluates `$body` with `$g` bound to the typed game inside the [`Position`](crate::Position)
/// `$position` (`&Position` gives `&G`, `&mut Position` gives `&mut G`).
///
/// The same map as [`with_rules!`](crate::with_rules), for a value instead of an id:
/// `with_game!(&position, g => g.ply())`. The body is checked once per game family with a
/// concrete type.
#[macro_export]
macro_rules! with_game {
    ($position:expr, $g:ident => $body:expr) => {
        match $position {
            $crate::Position::Adelta($g) => $body,
            $crate::Position::Hnefatafl($g) => $body,
            $crate::Position::Subulata($g) => $body,
            $crate::Position::Daldosa($g) => $body,
            $crate::Position::Tafl($g) => $body,
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::{Family, Game, Position, RuleSetId};

    #[test]
    fn every_rule_set_maps_to_a_type_that_plays_it() {
        for id in RuleSetId::ALL {
            let plays = with_rules!(id, G => G::RULE_SETS.contains(&id));
            assert!(plays, "{id} maps to a type whose RULE_SETS lacks it");
            let start = with_rules!(id, G => G::start(id, 1).rule_set());
            assert_eq!(start, id);
        }
    }

    #[test]
    fn every_rule_set_is_played_by_exactly_one_type() {
        for id in RuleSetId::ALL {
            let claimed = [
                crate::adelta::Adelta::RULE_SETS,
                crate::hnefatafl::Hnefatafl::RULE_SETS,
                crate::subulata::Subulata::RULE_SETS,
                crate::daldosa::Daldosa::RULE_SETS,
                crate::tafl::Tafl::RULE_SETS,
            ]
            .iter()
            .filter(|sets| sets.contains(&id))
            .count();
            assert_eq!(claimed, 1, "{id}");
        }
    }

    #[test]
    fn a_position_holds_the_type_the_map_names() {
        for id in RuleSetId::ALL {
            let position = Position::start(id, 2);
            let named = with_rules!(id, G => std::any::type_name::<G>());
            let held = with_game!(&position, g => std::any::type_name_of_val(g));
            assert_eq!(named, held, "{id}");
        }
    }

    /// `mv` as an [`crate::AnyMove`] (`game` only names the family).
    fn wrap<G: Family>(_game: &G, mv: G::Move) -> crate::AnyMove {
        G::into_any_move(mv)
    }

    #[test]
    fn a_move_converts_to_its_own_family_only() {
        for id in RuleSetId::ALL {
            let mut position = Position::start(id, 3);
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
            position.roll_while_needed(&mut rng);
            let mv = with_game!(&position, g => {
                let typed = g.legal_moves().first().copied().expect("a first move");
                let any = wrap(g, typed);
                assert_eq!(any.to_string(), typed.to_string());
                any
            });
            let mut typed = position.clone();
            let mut text = position.clone();
            assert_eq!(typed.play_move(mv), text.play(&mv.to_string()), "{id}");
            assert_eq!(typed, text, "{id}");
            for other in RuleSetId::ALL {
                let unwraps = with_rules!(other, G => G::typed_move(mv).is_some());
                let same_family = with_rules!(other, G => G::RULE_SETS.contains(&id));
                assert_eq!(
                    unwraps, same_family,
                    "a move of {id} read as one of {other}"
                );
                let mut foreign = Position::start(other, 3);
                foreign.roll_while_needed(&mut rng);
                let before = foreign.clone();
                if !same_family {
                    assert!(foreign.play_move(mv).is_err(), "{id} on {other}");
                    assert_eq!(foreign, before, "a refused move changes nothing");
                }
            }
        }
    }
}

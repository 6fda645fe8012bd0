//! The [`crate::Game`] implementation of the tafl family, written by a macro that takes the
//! two rule-set ids: `tafl/mod.rs` invokes it for [`super::Tafl`] with `copenhagen` and
//! `brandubh`, and the tests on a stand-in type with two other ids, so the mapping from ids to
//! variants is checked apart from the ids themselves.

/// Implements [`crate::Game`] for `$T` (a type that converts from a [`super::Tafl`] and
/// lends one through `AsRef`/`AsMut`), with `$copenhagen` and `$brandubh` the ids of the
/// two rule sets. Every method delegates to the inherent method of the same name, but for
/// the three whose inherent forms take no viewer or a variant (`to_notation` to
/// `position_string`, `from_notation` to `read_position`, `text_grid` to `grid_letters`: named
/// apart so generic code reaches the trait's); an id other than `$brandubh` starts Copenhagen,
/// as `Game::start` asks for unknown ids.
macro_rules! game_impl {
    ($T:ty, $copenhagen:path, $brandubh:path) => {
        impl $crate::Game for $T {
            type Move = $crate::tafl::Move;

            const RULE_SETS: &'static [$crate::RuleSetId] = &[$copenhagen, $brandubh];

            fn start(rule_set: $crate::RuleSetId, _seed: u64) -> Self {
                let variant = if rule_set == $brandubh {
                    $crate::tafl::Variant::Brandubh
                } else {
                    $crate::tafl::Variant::Copenhagen
                };
                <$T>::from($crate::tafl::Tafl::new(variant))
            }

            fn rule_set(&self) -> $crate::RuleSetId {
                match AsRef::<$crate::tafl::Tafl>::as_ref(self).variant() {
                    $crate::tafl::Variant::Copenhagen => $copenhagen,
                    $crate::tafl::Variant::Brandubh => $brandubh,
                }
            }

            fn status(&self) -> $crate::Status {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).status()
            }

            fn dice(&self) -> &[u8] {
                &[]
            }

            fn ply(&self) -> u32 {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).ply()
            }

            fn legal_moves(&self) -> Vec<$crate::tafl::Move> {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).legal_moves()
            }

            fn moves_that_may_win(&self) -> Vec<$crate::tafl::Move> {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).moves_that_may_win()
            }

            fn play(
                &mut self,
                mv: $crate::tafl::Move,
            ) -> Result<Vec<$crate::Event>, $crate::MoveError> {
                AsMut::<$crate::tafl::Tafl>::as_mut(self).play(mv)
            }

            fn roll(&mut self, _dice: &[u8]) -> Result<Vec<$crate::Event>, $crate::RollError> {
                Err($crate::RollError::NotExpected)
            }

            fn parse_move(&self, text: &str) -> Result<$crate::tafl::Move, $crate::MoveError> {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).parse_move(text)
            }

            fn to_notation(&self, _viewer: $crate::Viewer) -> String {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).position_string()
            }

            fn from_notation(
                rule_set: $crate::RuleSetId,
                text: &str,
            ) -> Result<Self, $crate::PositionError> {
                let variant = if rule_set == $brandubh {
                    $crate::tafl::Variant::Brandubh
                } else {
                    $crate::tafl::Variant::Copenhagen
                };
                $crate::tafl::Tafl::read_position(variant, text).map(<$T>::from)
            }

            fn text_grid(&self, _viewer: $crate::Viewer) -> String {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).grid_letters()
            }

            fn cell_name(&self, cell: $crate::Cell) -> String {
                AsRef::<$crate::tafl::Tafl>::as_ref(self).cell_name(cell)
            }
        }
    };
}

pub(super) use game_impl;

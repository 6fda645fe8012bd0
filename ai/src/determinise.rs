//! What the search needs from each game beyond the rules: filling in hidden values
//! (determinisation), choosing playout moves, and scoring a position where a playout is cut
//! off.

use rand::{Rng, RngExt};
use skald_rules::adelta::Adelta;
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::subulata::Subulata;
use skald_rules::{Family, Game, Seat, Viewer};

/// A game the engine can play: the rules plus determinisation, a playout policy and a cut-off
/// evaluation.
///
/// One impl per game family; callers that hold only a rule-set id or a
/// [`skald_rules::Position`] reach it through the rules' registry
/// ([`skald_rules::with_rules!`], [`skald_rules::with_game!`]). A [`Family`] so the engine's
/// answer can leave as a game-neutral [`skald_rules::AnyMove`].
pub trait AiGame: Game + Family {
    /// A full position consistent with what `me` sees in `self` (a position read from
    /// `me`'s view), with every value `me` may not see sampled at random. Games without
    /// hidden information return a copy.
    fn determinise<R: Rng + ?Sized>(&self, me: Seat, rng: &mut R) -> Self {
        let _ = (me, rng);
        self.clone()
    }

    /// How good the position is for `seat`, in 0..=1, when a playout stops before the end.
    /// The default (0.5) says "unknown".
    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        0.5
    }

    /// The move a playout plays from `moves` (the legal moves, not empty). The default is
    /// uniformly random; a game whose random playouts miss the obvious overrides it.
    fn playout_move<R: Rng + ?Sized>(&self, moves: &[Self::Move], rng: &mut R) -> Self::Move {
        crate::playout::uniform(moves, rng)
    }

    /// The most plies a playout runs before [`AiGame::evaluate`] scores it, for a game whose
    /// evaluation judges a position better than a long playout does; `None` keeps the level's
    /// [`crate::Budget::rollout_plies`].
    fn rollout_limit(&self) -> Option<u32> {
        None
    }
}

/// Implements [`AiGame`] for a tafl family's rules type (written after the impl's doc comment),
/// with `$rollout_limit` as its playouts' length: the same for every family, since the tafl
/// knowledge in [`crate::hnefatafl`] reads a position through `TaflBoard`. The policy plays the
/// king's threats and their answers, and short playouts are scored by the king's route to a
/// corner and material.
macro_rules! ai_game_tafl {
    ($(#[$doc:meta])* $Family:ty, $rollout_limit:expr) => {
        $(#[$doc])*
        impl $crate::AiGame for $Family {
            fn evaluate(&self, seat: ::skald_rules::Seat) -> f64 {
                let defenders = $crate::hnefatafl::defenders_value(self);
                match seat {
                    ::skald_rules::Seat::B => defenders,
                    ::skald_rules::Seat::A => 1.0 - defenders,
                }
            }

            fn playout_move<R: ::rand::Rng + ?Sized>(
                &self,
                moves: &[::skald_rules::hnefatafl::Move],
                rng: &mut R,
            ) -> ::skald_rules::hnefatafl::Move {
                $crate::hnefatafl::playout_move(self, moves, rng)
            }

            fn rollout_limit(&self) -> Option<u32> {
                Some($rollout_limit)
            }
        }
    };
}

pub(crate) use ai_game_tafl;

ai_game_tafl!(
    /// Hnefatafl's knowledge lives in [`crate::hnefatafl`]: the policy that plays the king's
    /// threats and their answers, and short playouts scored by the king's route to a corner.
    Hnefatafl,
    crate::hnefatafl::ROLLOUT_LIMIT
);

/// Captured pieces decide the game: the share of the material balance.
impl AiGame for Adelta {
    fn evaluate(&self, seat: Seat) -> f64 {
        let mine = f64::from(self.pieces(seat));
        let theirs = f64::from(self.pieces(seat.other()));
        if mine + theirs == 0.0 {
            0.5
        } else {
            mine / (mine + theirs)
        }
    }
}

/// Pegs on the board decide the game: the share of pegs still in play. Playouts take pegs
/// and keep their own on the board ([`crate::daldosa`]).
impl AiGame for Daldosa {
    fn playout_move<R: Rng + ?Sized>(
        &self,
        moves: &[skald_rules::daldosa::Move],
        rng: &mut R,
    ) -> skald_rules::daldosa::Move {
        crate::daldosa::playout_move(self, moves, rng)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let mine = f64::from(self.pegs_on_board(seat));
        let theirs = f64::from(self.pegs_on_board(seat.other()));
        if mine + theirs == 0.0 {
            0.5
        } else {
            mine / (mine + theirs)
        }
    }
}

/// The opponent's values are sampled: distinct values 1..=9 that no known value of that colour
/// already uses. Nothing visible rules out more (moves depend on terrain, not values, and a
/// captured piece leaves without showing its value).
impl AiGame for Subulata {
    fn determinise<R: Rng + ?Sized>(&self, me: Seat, rng: &mut R) -> Self {
        let text = self.to_notation(Viewer::Seat(me));
        let mut fields: Vec<&str> = text.split(' ').collect();
        let Some(ranks) = fields.get(1).copied() else {
            return self.clone();
        };
        let letter = match me.other() {
            Seat::A => 'W',
            Seat::B => 'B',
        };
        let chars: Vec<char> = ranks.chars().collect();
        let mut known = [false; 10];
        let mut unknown = 0;
        for pair in chars.windows(2) {
            if pair[0] == letter {
                match pair[1].to_digit(10) {
                    Some(v) => known[v as usize] = true,
                    None if pair[1] == '?' => unknown += 1,
                    None => {}
                }
            }
        }
        let mut free: Vec<u8> = (1..=9u8).filter(|&v| !known[usize::from(v)]).collect();
        if unknown == 0 || free.len() < unknown {
            return self.clone();
        }
        for i in (1..free.len()).rev() {
            let j = rng.random_range(0..=i);
            free.swap(i, j);
        }
        let mut next = free.into_iter();
        let mut filled = String::with_capacity(ranks.len());
        let mut prev = ' ';
        for c in chars {
            if c == '?' && prev == letter {
                match next.next() {
                    Some(v) => filled.push(char::from(b'0' + v)),
                    None => filled.push('?'),
                }
            } else {
                filled.push(c);
            }
            prev = c;
        }
        fields[1] = &filled;
        Subulata::from_notation(self.rule_set(), &fields.join(" ")).unwrap_or_else(|_| self.clone())
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        // The score if the game ended now (known in a determinised position), else the parts
        // of it a view always knows.
        let score = |s: Seat| match self.score(s) {
            Some(v) => f64::from(v),
            None => f64::from(self.on_goal(s)) * 5.0 + f64::from(self.captured_by(s)),
        };
        let (mine, theirs) = (score(seat), score(seat.other()));
        if mine + theirs == 0.0 {
            0.5
        } else {
            0.5 + 0.5 * (mine - theirs) / (mine + theirs)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use skald_rules::RuleSetId;

    #[test]
    fn subulata_determinisation_fills_distinct_values_and_keeps_own() {
        let full = Subulata::start(RuleSetId::Subulata, 5);
        let text = full.to_notation(Viewer::Seat(Seat::A));
        let view = Subulata::from_notation(RuleSetId::Subulata, &text).expect("view");
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..20 {
            let d = view.determinise(Seat::A, &mut rng);
            assert_eq!(d.arrangement(Seat::A), full.arrangement(Seat::A));
            let mut values: Vec<u8> = d.arrangement(Seat::B).iter().flatten().copied().collect();
            values.sort_unstable();
            assert_eq!(values, (1..=9).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn a_determinisation_agrees_with_everything_the_seat_sees() {
        use skald_rules::Status;
        let mut rng = StdRng::seed_from_u64(2);
        for seed in 0..20 {
            let mut full = Subulata::start(RuleSetId::Subulata, seed);
            for _ in 0..(seed * 3) {
                let moves = full.legal_moves();
                if moves.is_empty() || matches!(full.status(), Status::Over(_)) {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                full.play(mv).expect("legal");
            }
            for me in Seat::BOTH {
                let seen = full.to_notation(Viewer::Seat(me));
                let view = Subulata::from_notation(RuleSetId::Subulata, &seen).expect("view");
                let d = view.determinise(me, &mut rng);
                assert_eq!(d.to_notation(Viewer::Seat(me)), seen);
                assert!(!d.to_notation(Viewer::Final).contains('?'), "{d:?}");
                assert_eq!(d.legal_moves(), full.legal_moves());
            }
        }
    }
}

//! The dice games' playout policy: take a capture when the dice offer one, most of the time.
//!
//! In Ad Elta Stelpur and Daldøsa the game is won by removing the opponent's pieces, and a
//! uniformly random playout passes up most captures a player would take, so playouts say
//! little about who is ahead. Three playout steps in four take a capture when one exists
//! (the fourth stays random, so playouts still explore); the rest is uniformly random.

use super::uniform;
use rand::{Rng, RngExt};
use skald_rules::{Event, Game, Status};

/// How many playout steps in four look for a capture first.
const CAPTURE_SHARE: u32 = 3;

/// A playout move from `moves` (the legal moves of `state`, not empty): a capture, if one
/// exists, in [`CAPTURE_SHARE`] steps out of four, else a uniformly random move.
pub(crate) fn prefer_captures<G: Game, R: Rng + ?Sized>(
    state: &G,
    moves: &[G::Move],
    rng: &mut R,
) -> G::Move {
    if let Status::Move { seat: mover } = state.status()
        && moves.len() > 1
        && rng.random_range(0..4) < CAPTURE_SHARE
    {
        let start = rng.random_range(0..moves.len());
        for k in 0..moves.len() {
            let mv = moves[(start + k) % moves.len()];
            let mut next = state.clone();
            let Ok(events) = next.play(mv) else { continue };
            let captures = events
                .iter()
                .any(|e| matches!(e, Event::Captured { seat, .. } if *seat == mover.other()));
            if captures {
                return mv;
            }
        }
    }
    uniform(moves, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use skald_rules::daldosa::Daldosa;
    use skald_rules::RuleSetId;

    /// Plays random games and, in every position where some step captures, counts how often
    /// the policy takes a capture: about three in four (plus the random share that happens
    /// to capture), and never a move that is not legal.
    #[test]
    fn captures_are_taken_most_of_the_time() {
        let mut rng = StdRng::seed_from_u64(7);
        let (mut chances, mut taken) = (0u32, 0u32);
        for seed in 0..40 {
            let mut game = Daldosa::start(RuleSetId::Daldosa, seed);
            for _ in 0..300 {
                match game.status() {
                    Status::Over(_) => break,
                    Status::Roll { spec, .. } => {
                        let d = skald_rules::dice::roll(spec, &mut rng);
                        game.roll(&d).expect("roll");
                    }
                    Status::Move { seat } => {
                        let moves = game.legal_moves();
                        let captures = |mv| {
                            let mut next = game.clone();
                            next.play(mv).expect("legal").iter().any(|e| {
                                matches!(e, Event::Captured { seat: s, .. } if *s == seat.other())
                            })
                        };
                        let mv = prefer_captures(&game, &moves, &mut rng);
                        assert!(moves.contains(&mv));
                        if moves.len() > 1 && moves.iter().any(|&m| captures(m)) {
                            chances += 1;
                            taken += u32::from(captures(mv));
                        }
                        game.play(mv).expect("legal");
                    }
                }
            }
        }
        assert!(chances > 100, "only {chances} positions with a capture");
        let share = f64::from(taken) / f64::from(chances);
        assert!((0.75..0.98).contains(&share), "captures taken {taken} of {chances}");
    }
}

//! What the engine knows about Copenhagen Hnefatafl and Brandubh: Hnefatafl's knowledge (the
//! king's routes to a corner, in `crate::hnefatafl`), read through `TaflBoard`, and short
//! playouts, which Brandubh needs to end at all.

use crate::determinise::ai_game_tafl;
use skald_rules::tafl::Tafl;

/// Plies a Copenhagen or Brandubh playout runs before the evaluation scores it: Hnefatafl's
/// measured limit. Brandubh's rules set no ply limit (only a third repetition since the last
/// capture ends a quiet game), so without this cap a playout could wander for thousands of
/// plies; Copenhagen's 400-ply draw is far beyond it too.
pub(crate) const ROLLOUT_LIMIT: u32 = crate::hnefatafl::ROLLOUT_LIMIT;

ai_game_tafl!(
    /// The tafl community's rule sets play like Hnefatafl for the engine: the same playout
    /// policy (the king's threats and their answers) and the same evaluation of cut-off
    /// playouts (the king's route to a corner and material, as shares of the variant's armies).
    Tafl,
    ROLLOUT_LIMIT
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AiGame;
    use skald_rules::Seat;
    use skald_rules::tafl::Variant;

    /// Brandubh's armies are 8 and 4: losing two attackers weighs as much as 6 of Copenhagen's
    /// 24, and the evaluation reads the variant's armies, not Hnefatafl's.
    #[test]
    fn material_counts_as_a_share_of_the_variants_army() {
        let start = Tafl::new(Variant::Brandubh);
        let even = start.evaluate(Seat::B);
        let fewer = Tafl::read_position(Variant::Brandubh, "3A3/3A3/3D3/2DKDA1/3D3/3A3/3A3 a 6 -")
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            fewer.evaluate(Seat::B) > even,
            "{}",
            fewer.evaluate(Seat::B)
        );
        assert!((start.evaluate(Seat::A) + even - 1.0).abs() < 1e-9);
    }
}

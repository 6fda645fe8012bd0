//! Where the bot's dice come from: an RNG seeded from the operating system, or from a seed
//! given on the command line so a run can be repeated.

use rand::SeedableRng;
use rand::rngs::{StdRng, SysRng};

/// An RNG for dice: seeded with `seed` when given (repeatable), else from the OS.
pub fn dice_rng(seed: Option<u64>) -> Result<StdRng, String> {
    match seed {
        Some(s) => Ok(StdRng::seed_from_u64(s)),
        None => StdRng::try_from_rng(&mut SysRng)
            .map_err(|e| format!("cannot get randomness from the operating system: {e}")),
    }
}

/// A fresh random seed from the OS, for set-ups when none is given.
pub fn random_seed() -> Result<u64, String> {
    use rand::RngExt;
    Ok(dice_rng(None)?.random())
}

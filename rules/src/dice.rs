//! Dice: rolling from an injected RNG, and the "as many dice as possible" rule shared by the
//! dice games.

use crate::RollSpec;
use rand::{Rng, RngExt};

/// Throws `spec` from `rng`. The caller records the result so the game replays exactly.
pub fn roll<R: Rng + ?Sized>(spec: RollSpec, rng: &mut R) -> Vec<u8> {
    (0..spec.count)
        .map(|_| rng.random_range(1..=spec.sides))
        .collect()
}

/// Checks that `dice` is a valid throw of `spec`.
pub fn valid_roll(spec: RollSpec, dice: &[u8]) -> bool {
    dice.len() == usize::from(spec.count) && dice.iter().all(|&d| (1..=spec.sides).contains(&d))
}

/// The legal first steps under the rule "use as many dice as possible".
///
/// `expand` lists every single step playable from a state (each consuming one die) with the
/// state it leads to. This enumerates the complete step sequences of the turn, keeps the
/// longest, and returns the first steps of those, as backgammon engines do. `max_len` is the
/// number of dice left (the search stops early once a sequence that long is found).
pub fn longest_first_steps<S, M, F>(state: &S, max_len: usize, expand: &F) -> Vec<M>
where
    M: Copy + PartialEq,
    F: Fn(&S) -> Vec<(M, S)>,
{
    let mut best = 0;
    let mut firsts: Vec<M> = Vec::new();
    for (step, next) in expand(state) {
        let len = 1 + longest(&next, max_len.saturating_sub(1), expand);
        if len > best {
            best = len;
            firsts.clear();
        }
        if len == best && !firsts.contains(&step) {
            firsts.push(step);
        }
    }
    firsts
}

/// Length of the longest step sequence from `state`, capped at `max_len`.
fn longest<S, M, F>(state: &S, max_len: usize, expand: &F) -> usize
where
    F: Fn(&S) -> Vec<(M, S)>,
{
    if max_len == 0 {
        return 0;
    }
    let mut best = 0;
    for (_, next) in expand(state) {
        best = best.max(1 + longest(&next, max_len - 1, expand));
        if best == max_len {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: a counter that may add any remaining die unless it would pass 10.
    fn expand(state: &(u8, Vec<u8>)) -> Vec<(u8, (u8, Vec<u8>))> {
        let (total, dice) = state;
        let mut out = Vec::new();
        for (i, &d) in dice.iter().enumerate() {
            if total + d <= 10 {
                let mut rest = dice.clone();
                rest.remove(i);
                out.push((d, (total + d, rest)));
            }
        }
        out
    }

    #[test]
    fn prefers_the_order_that_uses_both_dice() {
        // From 5 with dice 4 and 6: 4 then 6 overflows, 6 then 4 overflows; only one die fits,
        // and either may be chosen.
        let firsts = longest_first_steps(&(5, vec![4, 6]), 2, &expand);
        assert_eq!(firsts, vec![4]);
        // From 0 both fit in either order: both are legal first steps.
        let firsts = longest_first_steps(&(0, vec![4, 6]), 2, &expand);
        assert_eq!(firsts, vec![4, 6]);
        // From 3, 6 then 1 uses both; 1 then 6 also does.
        let firsts = longest_first_steps(&(3, vec![6, 1]), 2, &expand);
        assert_eq!(firsts, vec![6, 1]);
        // From 2 with 3 and 6: only 6 first... both orders fit (11 > 10 no): 2+3+6 = 11 fails,
        // so each alone; a die that fits alone is offered.
        let firsts = longest_first_steps(&(2, vec![3, 6]), 2, &expand);
        assert_eq!(firsts, vec![3, 6]);
    }

    #[test]
    fn nothing_playable_gives_no_step() {
        assert!(longest_first_steps(&(10, vec![1, 2]), 2, &expand).is_empty());
    }

    #[test]
    fn rolls_stay_in_range() {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..1000 {
            let d = roll(RollSpec { count: 2, sides: 4 }, &mut rng);
            assert!(valid_roll(RollSpec { count: 2, sides: 4 }, &d), "{d:?}");
        }
        assert!(!valid_roll(RollSpec { count: 2, sides: 4 }, &[5, 1]));
        assert!(!valid_roll(RollSpec { count: 2, sides: 4 }, &[1]));
    }

    use rand::SeedableRng;
}

//! Dice puzzles, "the best use of the roll" (issue #35): Ad Elta Stelpur (both rule sets)
//! and Daldøsa positions where the roll is known and one whole use of it beats every other
//! by at least 20 points of win chance.
//!
//! Each distinct use of the roll (uses that reach the same position are one) is valued by
//! the engine's search of the position it reaches, seeded, without a time cap, so the same
//! seed gives the same answer on any machine. [`find`] keeps a position only when the same
//! use is best by at least [`PUZZLE_GAP`] in two evaluations (a second seed at twice the
//! budget); [`recheck`] re-evaluates a shipped puzzle with another seed and asks for
//! [`RECHECK_GAP`]. `docs/PUZZLES.md` ("Dice puzzles") has the method and its figures.

mod mine;
mod rating;
mod uses;
mod value;

pub use mine::{TurnStart, self_play_source, turn_starts};
pub use rating::starting_rating;

use crate::AiGame;
use crate::review::point_seed;
use skald_rules::{Game, Position, RuleSetId, Seat, Status, Viewer, with_game};
use uses::{Use, distinct_uses, read_use};

/// The smallest lead, in thousandths of win chance (20 points), by which a puzzle's use
/// beats every other use of the roll, in both of [`find`]'s evaluations (the bar).
pub const PUZZLE_GAP: u16 = 200;

/// The smallest lead (15 points) a shipped puzzle's solution must keep when [`recheck`]
/// re-evaluates it with another seed. Lower than [`PUZZLE_GAP`] on purpose: re-measured at
/// [`DiceBudget::CHECK`], a gap varies by about 3 points (one standard deviation, the
/// median over puzzles; 6 at most), so a puzzle whose gap is truly 20 would fail a re-check
/// at 20 half the time, and a re-check at 15 about one time in sixteen (the figures are in
/// `docs/PUZZLES.md`).
pub const RECHECK_GAP: u16 = 150;

/// The lead (10 points) a position's best use needs at [`DiceBudget::GLANCE`] for [`find`]
/// to evaluate it properly: only a saving of time (most positions have no use 20 points
/// ahead, and four glances cost one [`DiceBudget::CHECK`]); it can only lose puzzles, never
/// make one (`docs/PUZZLES.md` counts what it lets through).
pub const GLANCE_GAP: u16 = 100;

/// The seed [`recheck`] is meant to be called with by the puzzle file's check: never one
/// the miner uses (the miner seeds with the game's own seed, a small number).
pub const RECHECK_SEED: u64 = 0x5eed_0d1c_e0c4_ec4b;

/// How much searching each use of the roll gets: iterations of the engine's search of the
/// position it reaches, and how long its playouts run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceBudget {
    /// Search iterations for each distinct use.
    pub iterations: u32,
    /// Plies a playout runs before the position is scored.
    pub rollout_plies: u32,
}

impl DiceBudget {
    /// A glance that rules out most positions cheaply before [`DiceBudget::CHECK`]: a
    /// position whose best use does not lead by [`GLANCE_GAP`] here is not looked at again.
    pub const GLANCE: DiceBudget = DiceBudget {
        iterations: 100,
        rollout_plies: 200,
    };

    /// The first look at a candidate position, and the budget of a [`recheck`]: small
    /// enough to mine thousands of positions, large enough that a 20-point gap rarely
    /// comes from noise alone (`docs/PUZZLES.md` has the figures).
    pub const CHECK: DiceBudget = DiceBudget {
        iterations: 400,
        rollout_plies: 200,
    };

    /// The same budget with twice the iterations: [`find`]'s second evaluation.
    pub fn doubled(self) -> DiceBudget {
        DiceBudget {
            iterations: self.iterations.saturating_mul(2),
            ..self
        }
    }
}

/// Why a position cannot be a dice puzzle or a use cannot be read: what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not a dice game.
    #[error("dice puzzles are for the dice rule sets (adelta, adelta-rustik, daldosa), not {0}")]
    NoDice(RuleSetId),
    /// A roll is awaited, or the game is over: no roll in hand to use.
    #[error(
        "the position has no roll in hand: a dice puzzle's position is after the roll, \
         before the mover's first step"
    )]
    NoRollInHand,
    /// The roll named is not the dice the position holds.
    #[error("the roll {given} is not the roll in hand, {in_hand}")]
    OtherRoll {
        /// The roll named.
        given: String,
        /// The dice the position holds, in the rule set's dice notation.
        in_hand: String,
    },
    /// The text is not a whole legal use of the roll.
    #[error(
        "\"{0}\" is not a whole use of the roll here: write every step of the turn, separated \
         by spaces, like 13+1 7+6 or w12+1 m12+3"
    )]
    NotAUse(String),
}

/// One distinct use of the roll and the mover's chance after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollUse {
    /// The use as the `move` command takes a whole turn (`13+1 7+6`).
    pub steps: String,
    /// The mover's win chance after it, in thousandths (a draw counts half).
    pub chance: u16,
}

/// Every distinct use of a roll, valued: what a puzzle is chosen from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollEvaluation {
    /// Who uses the roll.
    pub mover: Seat,
    /// The roll, in the rule set's dice notation.
    pub roll: String,
    /// The uses, best first (a tie keeps the rules' order of steps).
    pub uses: Vec<RollUse>,
}

impl RollEvaluation {
    /// The best use.
    pub fn best(&self) -> Option<&RollUse> {
        self.uses.first()
    }

    /// The second best use (`None` with a single use).
    pub fn second(&self) -> Option<&RollUse> {
        self.uses.get(1)
    }

    /// By how many thousandths the best beats every other (`None` with a single use).
    pub fn gap(&self) -> Option<u16> {
        Some(self.best()?.chance.saturating_sub(self.second()?.chance))
    }
}

/// A position that is a dice puzzle, as [`find`] measured it.
#[derive(Clone, Debug, PartialEq)]
pub struct DicePuzzle {
    /// The roll, in the rule set's dice notation (the puzzle file's `roll`).
    pub roll: String,
    /// The best use, the puzzle file's one `solution` entry.
    pub solution: String,
    /// How many distinct uses the roll has.
    pub uses: usize,
    /// The smaller of the two evaluations' leads of the best use, in thousandths.
    pub gap: u16,
    /// The mover's chance after the best use at the larger budget, in thousandths.
    pub chance: u16,
    /// The starting rating ([`starting_rating`] of the uses and the gap).
    pub rating: f64,
}

/// What [`recheck`] found of a puzzle's solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recheck {
    /// The mover's chance after the solution, in thousandths.
    pub solution_chance: u16,
    /// The best of the other uses and its chance (`None` when the roll has no other use).
    pub best_other: Option<RollUse>,
    /// The solution's lead over every other use, in thousandths (negative when another use
    /// is better).
    pub gap: i32,
    /// Whether the solution is still the best use by at least [`RECHECK_GAP`].
    pub holds: bool,
}

/// The roll in hand in `position`, in the rule set's dice notation (the position string's
/// dice field: `16`, `6666+` in Ad Elta Stelpur, `31` in Daldøsa), when the mover has steps
/// to play.
pub fn roll_of(position: &Position) -> Option<String> {
    if !matches!(position.status(), Status::Move { .. }) || !position.rule_set().uses_dice() {
        return None;
    }
    let text = position.to_notation(Viewer::Final);
    let field = text.split_whitespace().nth(2)?;
    (field != "-").then(|| field.to_string())
}

/// The mover with the roll in hand, after checking `position` is a dice game's turn.
fn mover(position: &Position) -> Result<Seat, DiceError> {
    let rule_set = position.rule_set();
    if !rule_set.uses_dice() {
        return Err(DiceError::NoDice(rule_set));
    }
    match position.status() {
        Status::Move { seat } => Ok(seat),
        _ => Err(DiceError::NoRollInHand),
    }
}

/// The mover's chance of each use, in thousandths, best first: each use searched from its
/// own seed (`seed` and the use's index), so the answer depends on nothing else.
fn scored<G: AiGame>(game: &G, mover: Seat, budget: DiceBudget, seed: u64) -> Vec<(Use<G>, u16)> {
    let mut scored: Vec<(Use<G>, u16)> = distinct_uses(game, mover)
        .into_iter()
        .enumerate()
        .map(|(i, u)| {
            let chance = value::mover_chance(
                &u.after,
                mover,
                budget.iterations,
                budget.rollout_plies,
                point_seed(seed, i),
            );
            (u, thousandths(chance))
        })
        .collect();
    // Stable: a tie keeps the rules' order.
    scored.sort_by_key(|(_, chance)| std::cmp::Reverse(*chance));
    scored
}

/// A chance 0..=1 in thousandths.
fn thousandths(chance: f64) -> u16 {
    (chance * 1000.0).round().clamp(0.0, 1000.0) as u16
}

/// The uses of a typed game's evaluation, written.
fn written<G: Game>(scored: &[(Use<G>, u16)]) -> Vec<RollUse> {
    scored
        .iter()
        .map(|(u, chance)| RollUse {
            steps: u.written(),
            chance: *chance,
        })
        .collect()
}

/// Every distinct use of the roll in hand, written as the `move` command takes a whole
/// turn, in the rules' order of steps.
pub fn distinct(position: &Position) -> Result<Vec<String>, DiceError> {
    let mover = mover(position)?;
    Ok(with_game!(position, g => distinct_uses(g, mover)
        .iter()
        .map(Use::written)
        .collect()))
}

/// Every distinct use of the roll in hand valued by the engine (`budget` for each),
/// deterministic given `seed`.
pub fn evaluate(
    position: &Position,
    budget: DiceBudget,
    seed: u64,
) -> Result<RollEvaluation, DiceError> {
    let mover = mover(position)?;
    let roll = roll_of(position).ok_or(DiceError::NoRollInHand)?;
    let uses = with_game!(position, g => written(&scored(g, mover, budget, seed)));
    Ok(RollEvaluation { mover, roll, uses })
}

/// What [`find`] made of a position: a puzzle, or the stage that ruled it out (the miner
/// counts them: `docs/PUZZLES.md` has the figures).
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The roll has a single distinct use: nothing to choose.
    NoChoice,
    /// The best use led by less than [`GLANCE_GAP`] at [`DiceBudget::GLANCE`].
    Glance {
        /// The lead seen, in thousandths.
        gap: u16,
    },
    /// The best use led by less than [`PUZZLE_GAP`] at [`DiceBudget::CHECK`].
    Small {
        /// The lead seen, in thousandths.
        gap: u16,
    },
    /// A lead of [`PUZZLE_GAP`] at [`DiceBudget::CHECK`] that did not hold at twice the
    /// budget with another seed: another use came out best, or the lead fell under the bar.
    Unstable {
        /// The lead at [`DiceBudget::CHECK`].
        first_gap: u16,
        /// The second evaluation's lead of its own best use.
        second_gap: u16,
        /// Whether the second evaluation's best use was the first's.
        same_best: bool,
    },
    /// A puzzle.
    Puzzle(DicePuzzle),
}

impl Verdict {
    /// The puzzle, if the position is one.
    pub fn puzzle(self) -> Option<DicePuzzle> {
        match self {
            Verdict::Puzzle(p) => Some(p),
            _ => None,
        }
    }
}

/// Whether `position` is a dice puzzle, and its solution: the same use must be best by at
/// least [`PUZZLE_GAP`] at [`DiceBudget::CHECK`] with `seed`, and again at twice that budget
/// with a seed derived from `seed`. A position whose best use leads by less than
/// [`GLANCE_GAP`] at [`DiceBudget::GLANCE`] is not evaluated further.
pub fn find(position: &Position, seed: u64) -> Result<Verdict, DiceError> {
    let mover = mover(position)?;
    let roll = roll_of(position).ok_or(DiceError::NoRollInHand)?;
    Ok(with_game!(position, g => find_typed(g, mover, roll, seed)))
}

/// [`find`] on a typed game.
fn find_typed<G: AiGame>(game: &G, mover: Seat, roll: String, seed: u64) -> Verdict {
    let glance = scored(
        game,
        mover,
        DiceBudget::GLANCE,
        point_seed(seed, usize::MAX - 1),
    );
    let Some(gap) = lead(&glance) else {
        return Verdict::NoChoice;
    };
    if gap < GLANCE_GAP {
        return Verdict::Glance { gap };
    }
    let first = scored(game, mover, DiceBudget::CHECK, seed);
    let first_gap = lead(&first).unwrap_or(0);
    if first_gap < PUZZLE_GAP {
        return Verdict::Small { gap: first_gap };
    }
    let confirm_seed = point_seed(seed, usize::MAX);
    let second = scored(game, mover, DiceBudget::CHECK.doubled(), confirm_seed);
    let second_gap = lead(&second).unwrap_or(0);
    let (Some((best, chance)), Some((first_best, _))) = (second.first(), first.first()) else {
        return Verdict::NoChoice;
    };
    let same_best = first_best.after == best.after;
    if !same_best || second_gap < PUZZLE_GAP {
        return Verdict::Unstable {
            first_gap,
            second_gap,
            same_best,
        };
    }
    let uses = second.len();
    let gap = first_gap.min(second_gap);
    Verdict::Puzzle(DicePuzzle {
        roll,
        solution: best.written(),
        uses,
        gap,
        chance: *chance,
        rating: starting_rating(uses, gap),
    })
}

/// The best use's lead over the second, when there are two.
fn lead<G: Game>(scored: &[(Use<G>, u16)]) -> Option<u16> {
    match scored {
        [(_, best), (_, next), ..] => Some(best.saturating_sub(*next)),
        _ => None,
    }
}

/// Re-evaluates a puzzle's `solution` for `roll` in `position` at [`DiceBudget::CHECK`] with
/// `seed` (the puzzle file's check passes [`RECHECK_SEED`]): whether it is still the best use
/// by at least [`RECHECK_GAP`].
pub fn recheck(
    position: &Position,
    roll: &str,
    solution: &str,
    seed: u64,
) -> Result<Recheck, DiceError> {
    let mover = mover(position)?;
    check_roll(position, roll)?;
    with_game!(position, g => {
        let after = read_use(g, mover, solution)
            .ok_or_else(|| DiceError::NotAUse(solution.to_string()))?;
        let scored = scored(g, mover, DiceBudget::CHECK, seed);
        let solution_chance = scored
            .iter()
            .find(|(u, _)| u.after == after)
            .map_or(0, |(_, c)| *c);
        let best_other = scored
            .iter()
            .find(|(u, _)| u.after != after)
            .map(|(u, chance)| RollUse { steps: u.written(), chance: *chance });
        let gap = match &best_other {
            Some(other) => i32::from(solution_chance) - i32::from(other.chance),
            None => 0,
        };
        Ok(Recheck {
            solution_chance,
            holds: best_other.is_some() && gap >= i32::from(RECHECK_GAP),
            best_other,
            gap,
        })
    })
}

/// Refuses a `roll` that is not the roll in hand in `position`.
fn check_roll(position: &Position, roll: &str) -> Result<(), DiceError> {
    let in_hand = roll_of(position).ok_or(DiceError::NoRollInHand)?;
    if roll.trim() == in_hand {
        Ok(())
    } else {
        Err(DiceError::OtherRoll {
            given: roll.trim().chars().take(12).collect(),
            in_hand,
        })
    }
}

/// Whether the written uses `a` and `b` of `roll` in `position` reach the same position: a
/// player's answer with its steps in another order (or written `13 1` for `13+1`) is the
/// same answer. False when either is not a whole legal use, or `roll` is not the roll in
/// hand.
pub fn same_use(position: &Position, roll: &str, a: &str, b: &str) -> bool {
    let Ok(mover) = mover(position) else {
        return false;
    };
    if check_roll(position, roll).is_err() {
        return false;
    }
    with_game!(position, g => match (read_use(g, mover, a), read_use(g, mover, b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    })
}

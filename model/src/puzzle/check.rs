//! Checking a puzzle (issue #35, `skald puzzles check`, the starter set's test): the line's
//! position reads, the side to move is the one named, the solution replays legally to the
//! mover's win, and, for the families proven by exhaustive search (tafl, Subulata), its
//! first move is re-proved the only one that forces a win within the bound, with the theme
//! the proof names.

use super::mine::default_bound;
use super::record::{Puzzle, ThemeKind};
use skald_ai::puzzle::{MOST_MOVES, ProverError, unique_first_move};
use skald_rules::{RuleSetId, Status};

/// Why a puzzle does not hold, worded for the person who fixes the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// A dice puzzle's solution is no longer the best use of its roll by the re-check's
    /// margin (`skald_ai::puzzle::dice::RECHECK_GAP`) at another seed.
    #[error("the solution is no longer the best use of the roll: {0}")]
    NotBestUse(String),
    /// A dice puzzle without its roll.
    #[error("a {0} puzzle needs its roll")]
    NoRoll(RuleSetId),
    /// The position is not one of its rule set.
    #[error("the position is not a {rule_set} position ({reason})")]
    Position {
        /// The rule set named.
        rule_set: RuleSetId,
        /// What the rules said.
        reason: String,
    },
    /// A roll given for a game without dice.
    #[error("{0} has no dice, so the roll must be null")]
    Roll(RuleSetId),
    /// Nobody is to move (the game is over).
    #[error("the game is over in this position: nobody is to move")]
    Over,
    /// `to_move` names another side than the position's.
    #[error("to_move is \"{found}\" but the position has {expected} to move")]
    ToMove {
        /// The side the position has to move.
        expected: String,
        /// What the line says.
        found: String,
    },
    /// A move of the solution is not legal where it is played.
    #[error("move {number} of the solution, \"{mv}\", is not legal there: {reason}")]
    Illegal {
        /// The move's place in the solution, from 1.
        number: usize,
        /// The move as written.
        mv: String,
        /// What the rules said.
        reason: String,
    },
    /// The game ends before the solution's last move.
    #[error("the game ends at move {0} of the solution, before its last move")]
    EndsEarly(usize),
    /// The solution does not end with the mover's win.
    #[error("the solution does not end with a win of the side to move")]
    NotWon,
    /// The theme is not one puzzles have, or its number is out of the prover's range.
    #[error("the theme \"{0}\" is not a theme of a proven puzzle (like \"escape in 2\")")]
    Theme(String),
    /// No first move, or more than one, forces a win within the bound.
    #[error("the position has no single first move that forces a win within {0}")]
    NotUnique(u8),
    /// Another first move is the only one that forces the win.
    #[error("the one move that forces a win within {bound} is {proved}, not {written}")]
    FirstMove {
        /// The bound searched.
        bound: u8,
        /// The move the proof found.
        proved: String,
        /// The solution's first move.
        written: String,
    },
    /// The proof's theme is not the line's.
    #[error("the theme is \"{written}\" but the proof finds \"{proved}\"")]
    ThemeMismatch {
        /// The theme the proof names.
        proved: String,
        /// The theme written.
        written: String,
    },
    /// The check itself failed (a bug in the prover, not in the puzzle).
    #[error("the check stopped on an internal error: please report it")]
    Crashed,
    /// The prover refused the position (hidden Subulata values, say).
    #[error("{0}")]
    Prover(#[from] ProverError),
}

/// The bound a puzzle is re-proved within: its rule set's mining bound, or its theme's
/// number if larger (a puzzle mined at a larger bound is checked at it).
pub fn check_bound(rule_set: RuleSetId, theme_moves: u8) -> u8 {
    default_bound(rule_set).max(theme_moves)
}

/// Checks a dice puzzle: its position and roll read, its one solution entry is a whole use
/// of the roll, and re-evaluated with another seed it is still the best use by the
/// re-check's margin (`skald_ai::puzzle::dice::recheck`, `docs/PUZZLES.md` "Dice puzzles").
fn check_dice(puzzle: &Puzzle) -> Result<(), CheckError> {
    use skald_ai::puzzle::dice::{RECHECK_SEED, recheck};
    let rule_set = puzzle.rule_set;
    let position = puzzle.read_position().map_err(|e| CheckError::Position {
        rule_set,
        reason: e.to_string(),
    })?;
    let Some(roll) = &puzzle.roll else {
        return Err(CheckError::NoRoll(rule_set));
    };
    if puzzle.theme != ThemeKind::BestRoll.words() {
        return Err(CheckError::Theme(puzzle.theme.clone()));
    }
    let [solution] = puzzle.solution.as_slice() else {
        return Err(CheckError::NotBestUse(format!(
            "the solution must be one entry, the whole use of the roll, not {}",
            puzzle.solution.len()
        )));
    };
    let checked = recheck(&position, roll, solution, RECHECK_SEED)
        .map_err(|e| CheckError::NotBestUse(e.to_string()))?;
    if checked.holds {
        Ok(())
    } else {
        Err(CheckError::NotBestUse(format!(
            "it leads the next use by {:.1} points",
            f64::from(checked.gap) / 10.0
        )))
    }
}

/// Checks one puzzle; `Ok` when it holds (see the module's comment for what is checked).
pub fn check(puzzle: &Puzzle) -> Result<(), CheckError> {
    let rule_set = puzzle.rule_set;
    if puzzle.family().has_dice() {
        return check_dice(puzzle);
    }
    let position = puzzle.read_position().map_err(|e| CheckError::Position {
        rule_set,
        reason: e.to_string(),
    })?;
    if puzzle.roll.is_some() {
        return Err(CheckError::Roll(rule_set));
    }
    let Status::Move { seat } = position.status() else {
        return Err(CheckError::Over);
    };
    let expected = skald_lang::seat_key(rule_set, seat);
    if puzzle.to_move != expected {
        return Err(CheckError::ToMove {
            expected: expected.to_string(),
            found: puzzle.to_move.clone(),
        });
    }
    let moves = match ThemeKind::read(&puzzle.theme) {
        Some((kind, Some(n))) if kind != ThemeKind::BestRoll && (1..=MOST_MOVES).contains(&n) => n,
        _ => return Err(CheckError::Theme(puzzle.theme.clone())),
    };
    let mut game = position.clone();
    for (i, mv) in puzzle.solution.iter().enumerate() {
        if !matches!(game.status(), Status::Move { .. }) {
            return Err(CheckError::EndsEarly(i));
        }
        game.play(mv).map_err(|e| CheckError::Illegal {
            number: i + 1,
            mv: mv.clone(),
            reason: e.to_string(),
        })?;
    }
    if game.status().outcome().and_then(|o| o.winner) != Some(seat) {
        return Err(CheckError::NotWon);
    }
    let bound = check_bound(rule_set, moves);
    let proof = unique_first_move(&position, bound)?.ok_or(CheckError::NotUnique(bound))?;
    let written = puzzle.solution.first().cloned().unwrap_or_default();
    let canonical = position.canonical_move(&written).unwrap_or_default();
    if proof.first_move != canonical {
        return Err(CheckError::FirstMove {
            bound,
            proved: proof.first_move,
            written,
        });
    }
    let proved = proof.theme.to_string();
    if proved != puzzle.theme {
        return Err(CheckError::ThemeMismatch {
            proved,
            written: puzzle.theme.clone(),
        });
    }
    Ok(())
}

/// Checks every puzzle on up to `threads` threads (each proof is independent); the results
/// in the puzzles' order.
pub fn check_all(puzzles: &[Puzzle], threads: usize) -> Vec<Result<(), CheckError>> {
    let threads = threads.clamp(1, puzzles.len().max(1));
    let mut results: Vec<Option<Result<(), CheckError>>> = vec![None; puzzles.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    puzzles
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, p)| (i, check(p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            // A worker only panics on a bug in the prover; its puzzles then stay unchecked
            // and are reported so below.
            if let Ok(done) = worker.join() {
                for (i, result) in done {
                    results[i] = Some(result);
                }
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.unwrap_or(Err(CheckError::Crashed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::{Position, Viewer};

    /// The community's capture in 2 (`ai/tests/it/puzzle.rs`): d3-d5, then b3-b5.
    fn capture_in_two() -> Puzzle {
        let position = Position::from_notation(
            RuleSetId::Brandubh,
            "3A3/1A5/2K1D2/A1D2DA/1A1A1A1/2A4/7 a 12 d5-b5,c6-b6,b5-c5",
        )
        .expect("a brandubh position");
        let puzzle = super::super::mine::puzzle_at(&position, 3, "test".into())
            .expect("tafl")
            .expect("a puzzle");
        assert_eq!(puzzle.solution.first().map(String::as_str), Some("d3-d5"));
        assert_eq!(puzzle.position, position.to_notation(Viewer::Final));
        puzzle
    }

    #[test]
    fn a_mined_puzzle_checks_and_a_tampered_one_says_what_is_wrong() {
        let puzzle = capture_in_two();
        assert_eq!(check(&puzzle), Ok(()));

        let mut wrong_side = puzzle.clone();
        wrong_side.to_move = "defenders".into();
        assert!(matches!(check(&wrong_side), Err(CheckError::ToMove { .. })));

        let mut illegal = puzzle.clone();
        illegal.solution[0] = "d3-d9".into();
        assert!(matches!(
            check(&illegal),
            Err(CheckError::Illegal { number: 1, .. })
        ));

        let mut short = puzzle.clone();
        short.solution.truncate(1);
        assert_eq!(check(&short), Err(CheckError::NotWon));

        let mut theme = puzzle.clone();
        theme.theme = "capture the king in 3".into();
        assert!(matches!(
            check(&theme),
            Err(CheckError::ThemeMismatch { .. })
        ));

        let dice = Puzzle {
            rule_set: RuleSetId::Daldosa,
            ..puzzle
        };
        assert!(matches!(check(&dice), Err(CheckError::Position { .. })));
    }

    #[test]
    fn a_shipped_dice_puzzle_checks_and_another_use_of_its_roll_does_not() {
        let puzzle = crate::puzzle::starter()
            .iter()
            .find(|p| p.rule_set == RuleSetId::Daldosa)
            .expect("a shipped Daldøsa puzzle")
            .clone();
        assert_eq!(check(&puzzle), Ok(()));
        let position = puzzle.read_position().expect("reads");
        let roll = puzzle.roll.clone().expect("a roll");
        let other = skald_ai::puzzle::dice::distinct(&position)
            .expect("uses")
            .into_iter()
            .find(|u| !skald_ai::puzzle::dice::same_use(&position, &roll, u, &puzzle.solution[0]))
            .expect("another use");
        let wrong = Puzzle {
            solution: vec![other],
            ..puzzle.clone()
        };
        assert!(matches!(check(&wrong), Err(CheckError::NotBestUse(_))));
        let no_roll = Puzzle {
            roll: None,
            ..puzzle
        };
        assert_eq!(check(&no_roll), Err(CheckError::NoRoll(RuleSetId::Daldosa)));
    }
}

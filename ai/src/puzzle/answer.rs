//! A solver's answer checked: does the move they typed still force the win within the moves
//! the puzzle leaves, and how does the line go on from it (the strongest defence next)?
//!
//! A puzzle's first move is unique within its bound, but later in the line another move may
//! win as well; lichess counts any winning move as right, and so does Skald, proven by the
//! same exact search as the puzzle itself.

use super::line;
use super::search::Search;
use super::{ProverError, Theme, check};
use skald_rules::{Game, Position, with_game};

/// What the search says of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move forces the win within the moves left: the line from it (the move, the
    /// most resisting reply, the quickest next move, …) and how it ends.
    Wins {
        /// The move first (canonical notation), then the replies and moves to come.
        line: Vec<String>,
        /// How the line ends and the mover's moves it takes.
        theme: Theme,
    },
    /// A legal move that does not force the win within the moves left.
    Fails,
}

/// Checks `typed` as the mover's answer in `position` with `moves_left` of their moves to
/// win in. `Err` for a move the rules refuse (its reason, in the rules' words) or a
/// position the prover does not answer.
pub fn answer(
    position: &Position,
    typed: &str,
    moves_left: u8,
) -> Result<Result<Answer, skald_rules::MoveError>, ProverError> {
    check(position, moves_left)?;
    Ok(with_game!(position, g => answer_in(g, typed, moves_left)))
}

/// [`answer`] on a typed game.
fn answer_in<G: Game>(
    game: &G,
    typed: &str,
    moves_left: u8,
) -> Result<Answer, skald_rules::MoveError> {
    let mv = game.parse_move(typed)?;
    // A move the rules would refuse is refused here too, with their reason.
    game.clone().play(mv)?;
    let Some(mover) = game.status().seat() else {
        return Ok(Answer::Fails);
    };
    let mut search = Search::new(mover);
    let Some(moves) = search.fewest_after(game, mv, moves_left) else {
        return Ok(Answer::Fails);
    };
    Ok(match line::principal(&mut search, game, mv, moves) {
        Some(found) => Answer::Wins {
            line: found.moves,
            theme: Theme {
                ending: found.ending,
                moves,
            },
        },
        None => Answer::Fails,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::RuleSetId;

    #[test]
    fn the_puzzles_own_move_wins_and_a_quiet_move_fails() {
        // Brandubh: the king on a3 escapes to a1, and only there (the prover's own test).
        let position = Position::from_notation(RuleSetId::Brandubh, "7/4A2/A6/7/K6/7/7 d 11 -")
            .expect("a Brandubh position");
        let wins = answer(&position, "a3-a1", 1).expect("tafl").expect("legal");
        assert!(
            matches!(&wins, Answer::Wins { line, .. } if line == &["a3-a1".to_string()]),
            "{wins:?}"
        );
        let fails = answer(&position, "a3-b3", 1).expect("tafl").expect("legal");
        assert_eq!(fails, Answer::Fails);
        assert!(answer(&position, "a3-a9", 1).expect("tafl").is_err());
    }
}

//! Puzzles proven by exhaustive search (issue #35): the mover's forced wins within a few of
//! their own moves, and the positions where exactly one first move forces one, for every tafl
//! rule set and for Subulata with every value known (as in a finished game).
//!
//! [`forced_win`] answers "does the side to move win by force within N of its moves against
//! every defence?", [`unique_first_move`] answers "is this position a puzzle?". Both are
//! exact: an AND-OR search over the rules themselves, never the engine's opinion
//! (`docs/PUZZLES.md` says why the prunings lose nothing).

#[cfg(test)]
mod agreement;
mod answer;
pub mod dice;
mod line;
mod search;
mod subulata;

pub use answer::{Answer, answer};
use search::Search;
use skald_rules::{EndReason, Game, Position, RuleSetId, Seat, with_game};
use std::fmt;

/// The most of the mover's own moves a proof may look ahead: the search grows about a
/// hundredfold with each, so a larger bound would hang the caller rather than answer.
pub const MOST_MOVES: u8 = 4;

/// Why a position cannot be proven: the prover answers only the games it is exact for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProverError {
    /// A dice game: its puzzles are "the best use of the roll", not a forced win.
    #[error(
        "forced wins are proven for the tafl rule sets (hnefatafl, hnefatafl-13, copenhagen, \
         brandubh) and subulata, not {0}"
    )]
    NotProven(RuleSetId),
    /// A Subulata position with values hidden (`?`): the winner at the end depends on values
    /// the position does not say, so no win can be proven. Write it with `Viewer::Final`.
    #[error(
        "a subulata position is proven with every value known: write it as a finished game \
         shows it (no '?')"
    )]
    HiddenValues,
    /// A bound of zero moves, or more than [`MOST_MOVES`].
    #[error("a forced win is searched within 1 to {most} of the mover's moves, not {asked}")]
    Bound {
        /// The bound asked for.
        asked: u8,
        /// The largest bound accepted.
        most: u8,
    },
}

/// How a forced win ends, which names a puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theme {
    /// How the rules end the game in the solution line.
    pub ending: EndReason,
    /// The mover's moves the win needs (the smallest bound).
    pub moves: u8,
}

impl fmt::Display for Theme {
    /// "escape in 2", "capture the king in 1", … (the words `docs/PUZZLES.md` lists).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.ending {
            EndReason::KingEscaped => "escape",
            EndReason::KingCaptured => "capture the king",
            EndReason::ExitFort => "exit fort",
            EndReason::Encircled => "encircle",
            EndReason::NoLegalMove => "leave no move",
            EndReason::Repetition => "win by repetition",
            EndReason::AllCaptured => "capture everything",
            EndReason::GoalReached => "win on the goal",
            EndReason::NoPegsLeft | EndReason::MoveLimit => "win",
        };
        write!(f, "{what} in {}", self.moves)
    }
}

/// A proven forced win: a first move that wins within [`Proof::moves`] of the mover's moves
/// against every defence, with a line that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The side that wins.
    pub mover: Seat,
    /// The mover's first move, in canonical notation.
    pub first_move: String,
    /// The fewest of the mover's moves in which some first move forces the win.
    pub moves: u8,
    /// The principal line: the mover's moves and the defender's most resisting replies,
    /// alternating, the first move first and the winning move (or the reply that loses) last.
    pub line: Vec<String>,
    /// How the line ends.
    pub theme: Theme,
}

/// Whether the side to move in `position` wins by force within `max_moves` of its own moves
/// against every defence; the proof found with the fewest moves, or `None` (a draw by
/// repetition or any other ending that is not the mover's win is not a win).
pub fn forced_win(position: &Position, max_moves: u8) -> Result<Option<Proof>, ProverError> {
    check(position, max_moves)?;
    Ok(with_game!(position, g => prove(g, max_moves)))
}

/// The puzzle test: `Some` when exactly one first move of the side to move forces a win
/// within `max_moves` of its own moves (a second such move, even a slower one, disqualifies
/// the position); the proof carries that move, the fewest moves it needs, the line and the
/// theme.
pub fn unique_first_move(position: &Position, max_moves: u8) -> Result<Option<Proof>, ProverError> {
    check(position, max_moves)?;
    Ok(with_game!(position, g => unique(g, max_moves)))
}

/// Whether the prover answers `rule_set`'s positions: every tafl rule set and Subulata (with
/// every value known); not the dice games.
pub fn proves(rule_set: RuleSetId) -> bool {
    matches!(
        rule_set,
        RuleSetId::Hnefatafl
            | RuleSetId::Hnefatafl13
            | RuleSetId::Copenhagen
            | RuleSetId::Brandubh
            | RuleSetId::Subulata
    )
}

/// Refuses what the prover cannot answer exactly.
fn check(position: &Position, max_moves: u8) -> Result<(), ProverError> {
    let rule_set = position.rule_set();
    if !proves(rule_set) {
        return Err(ProverError::NotProven(rule_set));
    }
    if let Position::Subulata(game) = position
        && !subulata::every_value_known(game)
    {
        return Err(ProverError::HiddenValues);
    }
    if max_moves == 0 || max_moves > MOST_MOVES {
        return Err(ProverError::Bound {
            asked: max_moves,
            most: MOST_MOVES,
        });
    }
    Ok(())
}

/// [`forced_win`] on a typed game: (a) iterative deepening, so the proof needs the fewest
/// moves.
fn prove<G: Game>(game: &G, max_moves: u8) -> Option<Proof> {
    let mover = game.status().seat()?;
    let mut search = Search::new(mover);
    let moves = search.fewest(game, max_moves)?;
    let first = game
        .legal_moves()
        .into_iter()
        .find(|&mv| search.forces(game, mv, moves))?;
    proof(&mut search, game, first, moves)
}

/// [`unique_first_move`] on a typed game.
fn unique<G: Game>(game: &G, max_moves: u8) -> Option<Proof> {
    let mover = game.status().seat()?;
    let mut search = Search::new(mover);
    // Iterative deepening first: a win at a small bound is found cheaply and tried first.
    let fewest = search.fewest(game, max_moves)?;
    let legal = game.legal_moves();
    let first = legal
        .iter()
        .copied()
        .find(|&mv| search.forces(game, mv, fewest))?;
    let second = legal
        .iter()
        .copied()
        .filter(|&mv| mv != first)
        .any(|mv| search.forces(game, mv, max_moves));
    if second {
        return None;
    }
    let moves = search.fewest_after(game, first, max_moves)?;
    proof(&mut search, game, first, moves)
}

/// The proof of `first`, proven to win within `moves`.
fn proof<G: Game>(search: &mut Search<G>, game: &G, first: G::Move, moves: u8) -> Option<Proof> {
    let mover = game.status().seat()?;
    let line = line::principal(search, game, first, moves)?;
    Some(Proof {
        mover,
        first_move: first.to_string(),
        moves,
        line: line.moves,
        theme: Theme {
            ending: line.ending,
            moves,
        },
    })
}

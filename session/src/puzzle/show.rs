//! What players read of a puzzle: its board (every value shown, as in a finished game), who
//! is to move and what to find, where it came from, the solution.

use crate::command::{Command, PuzzleAsk};
use crate::identity::UserId;
use crate::reply::{Board, Choice, Compare};
use crate::{Text, t};
use skald_model::puzzle::{ActivePuzzle, Puzzle, PuzzleRating, ThemeKind};
use skald_rules::{Event, Position, RuleSetId, Seat, Viewer};

/// The theme in the reader's words: "escape in 2", "best use of the roll".
pub(super) fn theme(puzzle: &Puzzle) -> Text {
    let Some((kind, n)) = ThemeKind::read(&puzzle.theme) else {
        return Text::verbatim(puzzle.theme.clone());
    };
    let key = match kind {
        ThemeKind::Escape => "escape",
        ThemeKind::CaptureKing => "capture-king",
        ThemeKind::ExitFort => "exit-fort",
        ThemeKind::Encircle => "encircle",
        ThemeKind::LeaveNoMove => "no-move",
        ThemeKind::Repetition => "repetition",
        ThemeKind::CaptureAll => "capture-all",
        ThemeKind::Win => "win",
        ThemeKind::GoalWin => "goal",
        ThemeKind::BestRoll => "best-roll",
    };
    let msg = skald_lang::Msg::new(format!("puzzle-theme-{key}"));
    match n {
        Some(n) => msg.arg("n", u64::from(n)).into(),
        None => msg.into(),
    }
}

/// The seat to move in a puzzle's position (seat A if the position says none).
pub(super) fn mover(position: &Position) -> Seat {
    position.status().seat().unwrap_or(Seat::A)
}

/// Where a puzzle came from, as a player reads it: a game of this community as its source
/// names it, or the engine's own games.
pub(super) fn source(puzzle: &Puzzle) -> Text {
    if puzzle.source.starts_with("self-play") {
        t!("puzzle-from-engine")
    } else {
        t!("puzzle-from", source = puzzle.source.as_str())
    }
}

/// The seat a puzzle is solved for: the side to move in its first position.
pub(super) fn solver(puzzle: &Puzzle) -> Seat {
    puzzle.read_position().map(|p| mover(&p)).unwrap_or(Seat::A)
}

/// The puzzle's board: the position with every value shown (a Subulata puzzle is solved
/// knowing every value, as a finished game shows them), the solver's seat named "you" and
/// the other "the defence", the last move marked.
pub(super) fn board(position: &Position, last_move: Vec<Event>, solver: Seat) -> Board {
    let rule_set = position.rule_set();
    let alt = t!(
        "puzzle-alt",
        rule_set = skald_lang::rule_set_name(rule_set),
        seat = skald_lang::seat_name(rule_set, mover(position))
    );
    let name = |seat: Seat| {
        if seat == solver {
            t!("puzzle-player-you")
        } else {
            t!("puzzle-player-defence")
        }
    };
    Board {
        game: 0,
        position: position.clone(),
        viewer: Viewer::Final,
        last_move,
        players: [name(Seat::A), name(Seat::B)],
        alt,
        result: None,
        as_text: false,
        compare: None,
    }
}

/// "Brandubh · Defenders to move: escape in 2", then the puzzle's rating and where it came
/// from, then how to answer.
pub(super) fn asked(active: &ActivePuzzle, position: &Position, mine: PuzzleRating) -> Text {
    let puzzle = &active.puzzle;
    let mut text = t!(
        "puzzle-asked",
        rule_set = skald_lang::rule_set_name(puzzle.rule_set),
        seat = skald_lang::seat_name(puzzle.rule_set, mover(position)),
        theme = theme(puzzle)
    );
    if let Some(roll) = &puzzle.roll {
        text.line(t!("puzzle-roll", roll = roll.as_str()));
    }
    text.line(t!(
        "puzzle-rated",
        rating = active.rating.shown(),
        mine = mine.shown(),
        source = source(puzzle)
    ));
    text.line(if is_dice(puzzle.rule_set) {
        t!("puzzle-how-dice")
    } else {
        t!("puzzle-how")
    });
    text
}

/// A dice puzzle's next steps from `after` (reached by the steps `played`), as choices for
/// the solver alone: each answers `puzzle <played> <step>` (the step buttons or menu of a
/// dice turn on Discord). None for a proven puzzle, or when the turn is over.
pub(super) fn step_choices(after: &Position, played: &[String], solver: &UserId) -> Vec<Choice> {
    if !is_dice(after.rule_set()) {
        return Vec::new();
    }
    after
        .legal_moves()
        .into_iter()
        .map(|step| {
            let mut steps = played.to_vec();
            steps.push(step.clone());
            Choice {
                label: Text::verbatim(step),
                command: Command::Puzzle(PuzzleAsk::Answer(steps)),
                for_user: Some(solver.clone()),
            }
        })
        .collect()
}

/// Whether the rule set's puzzles are a use of the roll (typed as several steps).
pub(super) fn is_dice(rule_set: RuleSetId) -> bool {
    skald_model::puzzle::PuzzleFamily::of(rule_set).has_dice()
}

/// The solution from `position` (the line still to come), as one line of moves.
pub(super) fn line_text(line: &[String]) -> String {
    line.join(", ")
}

/// A board of `position` with the move played and the solution's, two arrows and a legend,
/// as a review's turning point shows them.
pub(super) fn compared(
    position: &Position,
    solver: Seat,
    played: Vec<Event>,
    played_words: &str,
    solution: Vec<Event>,
    solution_words: &str,
) -> Board {
    let mut b = board(position, Vec::new(), solver);
    b.compare = Some(Compare {
        played,
        preferred: solution,
        legend: [
            t!("puzzle-legend-played", moves = played_words),
            t!("puzzle-legend-solution", moves = solution_words),
        ],
    });
    b
}

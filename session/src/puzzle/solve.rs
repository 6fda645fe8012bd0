//! Answering a puzzle: `puzzle <move>` (a dice game's whole use of the roll, in any order)
//! and `puzzle skip`. A right move gets the strongest defence and waits for the next; the
//! last one solves it; a wrong move ends it with the solution. Each end rates the solver
//! against the puzzle (Glicko-2) in the same commit that clears it, and moves the streak.

use super::{daily, give, pool, show};
use crate::identity::Context;
use crate::reply::Notice;
use crate::store::{Commit, Stored};
use crate::{Cx, Failure, Reply, Text, t};
use skald_ai::puzzle::{Answer, answer};
use skald_model::ladder::RatingChange;
use skald_model::puzzle::{ActivePuzzle, PuzzleRoom, rate_attempt};
use skald_model::user::UserDoc;
use skald_rules::{Event, Position, Status, Viewer};

/// How many times an answer is tried again when another write (the same player's answer
/// from another device, a solver of the same daily puzzle) changed a document first.
const ATTEMPTS: usize = 3;

/// How many daily puzzles a player's document remembers having answered.
const DAILIES_KEPT: usize = 14;

/// `puzzle <move> …`.
pub(super) fn cmd_answer(cx: &Cx, ctx: &Context, words: &[String]) -> Result<Reply, Failure> {
    if !ctx.private {
        // Typed where others read it, an answer would spoil the puzzle (the daily one
        // above all): it is refused, and nothing counts.
        return Err(Failure::Refused(t!("puzzle-answer-privately")));
    }
    retried(|| answer_once(cx, ctx, Some(words)))
}

/// `puzzle skip`: the puzzle being solved counts as failed, and its solution is shown.
pub(super) fn cmd_skip(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    retried(|| answer_once(cx, ctx, None))
}

/// Runs `attempt` again while it lost a race (it read everything afresh each time).
fn retried(mut attempt: impl FnMut() -> Result<Reply, Failure>) -> Result<Reply, Failure> {
    let mut last = Err(Failure::Conflict(0));
    for _ in 0..ATTEMPTS {
        last = attempt();
        if !matches!(last, Err(Failure::Conflict(_))) {
            break;
        }
    }
    last
}

/// What an answer did.
enum Outcome {
    /// A right move that does not end it: the defence played, the puzzle goes on.
    Step {
        /// The puzzle after the move and the reply.
        next: Box<ActivePuzzle>,
        /// The player's move, then the reply, as played.
        said: (String, String),
        /// What the reply did (for the board's last-move marks).
        reply_events: Vec<Event>,
    },
    /// Solved: the winning move (or use of the roll) and what it did.
    Solved {
        /// The move as played.
        played: String,
        /// Its events.
        events: Vec<Event>,
    },
    /// A wrong move (`None`: given up): what it did, and the solution from here.
    Wrong {
        /// The move as played, and what it did.
        played: Option<(String, Vec<Event>)>,
    },
    /// Part of a dice turn, legal so far: nothing is decided or stored; the position after
    /// those steps is shown with the steps that may follow.
    Partial {
        /// The steps as typed.
        steps: Vec<String>,
        /// The position after them (the solver still to move).
        after: Position,
        /// What they did.
        events: Vec<Event>,
    },
}

/// One try at answering (`words: None` gives up).
fn answer_once(cx: &Cx, ctx: &Context, words: Option<&[String]>) -> Result<Reply, Failure> {
    let (stored, mut doc) = cx.own_doc(ctx)?;
    let Some(active) = doc.puzzles.active.clone() else {
        return Err(Failure::Refused(t!("puzzle-no-active")));
    };
    let position = give::read_position(&active)?;
    let outcome = match words {
        None => Outcome::Wrong { played: None },
        Some(words) if show::is_dice(active.puzzle.rule_set) => dice(&active, &position, words)?,
        Some(words) => proven(&active, &position, words)?,
    };
    match outcome {
        Outcome::Partial {
            steps,
            after,
            events,
        } => {
            let next = after.legal_moves();
            let text = t!(
                "puzzle-dice-so-far",
                played = steps.join(" "),
                left = after.dice().len(),
                steps = next.join(", ")
            );
            let mut reply = Reply::alone(&ctx.user, text);
            reply.private[0]
                .boards
                .push(show::board(&after, events, show::solver(&active.puzzle)));
            reply.choices = show::step_choices(&after, &steps, &ctx.user.id);
            Ok(reply)
        }
        Outcome::Step {
            next,
            said,
            reply_events,
        } => {
            let after = give::read_position(&next)?;
            let mut text = t!(
                "puzzle-right-go-on",
                played = said.0.as_str(),
                reply = said.1.as_str()
            );
            text.line(t!(
                "puzzle-moves-left",
                seat = skald_lang::seat_name(next.puzzle.rule_set, show::mover(&after)),
                n = u64::from(next.moves_left)
            ));
            let solver = show::solver(&next.puzzle);
            doc.puzzles.active = Some(next);
            let mut reply = Reply::alone(&ctx.user, text);
            reply.private[0]
                .boards
                .push(show::board(&after, reply_events, solver));
            cx.write_user(stored, doc)?;
            Ok(reply)
        }
        Outcome::Solved { played, events } => {
            let mut after = position.clone();
            // The solved position, for its board (replaying the move the rules accepted).
            let _ = play_words(&mut after, &played);
            let mut text = t!("puzzle-solved", played = played.as_str());
            let rated = finish(cx, ctx, stored, doc, &active, true)?;
            text.line(rated);
            let mut reply = Reply::alone(&ctx.user, text);
            reply.private[0]
                .boards
                .push(show::board(&after, events, show::solver(&active.puzzle)));
            Ok(reply)
        }
        Outcome::Wrong { played } => {
            let solution = active.line.first().cloned().unwrap_or_default();
            let mut text = match &played {
                Some((words, _)) if show::is_dice(active.puzzle.rule_set) => {
                    t!("puzzle-wrong-dice", played = words.as_str())
                }
                Some((words, _)) => t!("puzzle-wrong", played = words.as_str()),
                None => t!("puzzle-skipped"),
            };
            text.line(t!("puzzle-solution", line = show::line_text(&active.line)));
            let mut solution_position = position.clone();
            let solution_events = play_words(&mut solution_position, &solution).unwrap_or_default();
            let board = match &played {
                Some((words, events)) => show::compared(
                    &position,
                    show::solver(&active.puzzle),
                    events.clone(),
                    words,
                    solution_events,
                    &solution,
                ),
                None => show::board(
                    &solution_position,
                    solution_events,
                    show::solver(&active.puzzle),
                ),
            };
            let rated = finish(cx, ctx, stored, doc, &active, false)?;
            text.line(rated);
            let mut reply = Reply::alone(&ctx.user, text);
            reply.private[0].boards.push(board);
            Ok(reply)
        }
    }
}

/// A tafl or Subulata answer: one move, proven by the exact search.
fn proven(
    active: &ActivePuzzle,
    position: &Position,
    words: &[String],
) -> Result<Outcome, Failure> {
    // `a3 a1` is the move `a3-a1`, as `move` reads it.
    let typed = match words {
        [from, to] if !from.contains('-') => format!("{from}-{to}"),
        _ => words.join(" "),
    };
    let checked = answer(position, &typed, active.moves_left).map_err(|e| {
        tracing::error!(error = %e, "a stored puzzle is not one the prover answers");
        Failure::Refused(t!("puzzle-damaged"))
    })?;
    let verdict = checked.map_err(|e| {
        let mut text = skald_lang::move_error(&e);
        text.line(t!("puzzle-not-counted"));
        Failure::Refused(text)
    })?;
    let mut after = position.clone();
    match verdict {
        Answer::Fails => {
            let events = after.play(&typed).unwrap_or_default();
            let played = position.canonical_move(&typed).unwrap_or(typed);
            Ok(Outcome::Wrong {
                played: Some((played, events)),
            })
        }
        Answer::Wins { line, .. } => {
            let Some(first) = line.first() else {
                return Err(Failure::Refused(t!("puzzle-damaged")));
            };
            let events = after.play(first).unwrap_or_default();
            if after.status().outcome().is_some() {
                return Ok(Outcome::Solved {
                    played: first.clone(),
                    events,
                });
            }
            let Some(reply) = line.get(1) else {
                return Err(Failure::Refused(t!("puzzle-damaged")));
            };
            let reply_events = after.play(reply).unwrap_or_default();
            if after.status().outcome().is_some() {
                // The defence's only moves lose at once (no move left, say): solved.
                return Ok(Outcome::Solved {
                    played: first.clone(),
                    events,
                });
            }
            let next = Box::new(ActivePuzzle {
                position: after.to_notation(Viewer::Final),
                line: line.get(2..).map(<[String]>::to_vec).unwrap_or_default(),
                moves_left: active.moves_left.saturating_sub(1).max(1),
                ..active.clone()
            });
            Ok(Outcome::Step {
                next,
                said: (first.clone(), reply.clone()),
                reply_events,
            })
        }
    }
}

/// A dice answer: the whole use of the roll, its steps in any order; right when it reaches
/// the position the solution reaches.
fn dice(active: &ActivePuzzle, position: &Position, words: &[String]) -> Result<Outcome, Failure> {
    let mover = show::mover(position);
    let typed = words.join(" ");
    let solution = active.line.first().cloned().unwrap_or_default();
    let roll = active.puzzle.roll.clone().unwrap_or_default();
    // The solution in any order or spelling the rules read (`13 1 7 6`): solved.
    if skald_ai::puzzle::dice::same_use(position, &roll, &typed, &solution) {
        let mut solved = position.clone();
        let events = play_words(&mut solved, &solution).unwrap_or_default();
        return Ok(Outcome::Solved {
            played: typed,
            events,
        });
    }
    let mut after = position.clone();
    let events = play_words(&mut after, &typed).map_err(|e| {
        let mut text = skald_lang::move_error(&e);
        text.line(t!("puzzle-not-counted"));
        Failure::Refused(text)
    })?;
    if after.status() == (Status::Move { seat: mover }) {
        // Part of the turn (a step button pressed, or steps typed one by one): shown, with
        // what may follow; the answer is the whole turn.
        return Ok(Outcome::Partial {
            steps: words.to_vec(),
            after,
            events,
        });
    }
    // The typed steps reaching the solution's position (read step by step) solve it too;
    // any other whole use of the roll is wrong.
    let mut solved = position.clone();
    let reached = play_words(&mut solved, &solution).is_ok()
        && solved.to_notation(Viewer::Final) == after.to_notation(Viewer::Final);
    if reached {
        return Ok(Outcome::Solved {
            played: typed,
            events,
        });
    }
    Ok(Outcome::Wrong {
        played: Some((typed, events)),
    })
}

/// Plays each word of `words` as a move (a dice turn's steps), returning what they did.
fn play_words(position: &mut Position, words: &str) -> Result<Vec<Event>, skald_rules::MoveError> {
    let mut events = Vec::new();
    for word in words.split_whitespace() {
        events.extend(position.play(word)?);
    }
    Ok(events)
}

/// Ends the active puzzle: the solver and the puzzle rated (the puzzle's rating kept in the
/// community it was asked in), the streak moved, the daily puzzle's solvers updated; one
/// commit. Returns the line that tells the player their new rating and streak.
fn finish(
    cx: &Cx,
    ctx: &Context,
    stored: Option<Stored<UserDoc>>,
    mut doc: UserDoc,
    active: &ActivePuzzle,
    solved: bool,
) -> Result<Text, Failure> {
    let room_stored = cx.puzzle_room(&active.community)?;
    let mut room = room_stored.as_ref().map_or_else(
        || PuzzleRoom::new(active.community.clone()),
        |r| r.doc.clone(),
    );
    let family = active.puzzle.family();
    let mine = doc.puzzles.family(family).rating;
    // The solver is rated against the puzzle as it was when given; the puzzle moves from
    // its rating now (other solvers may have moved it meanwhile).
    let (mine_after, _) = rate_attempt(mine, active.rating, solved);
    let (_, puzzle_after) = rate_attempt(mine, pool::rating_in(&room, &active.puzzle), solved);
    room.ratings.insert(active.puzzle.id(), puzzle_after);
    room.solvers.insert(doc.user.id.clone());
    let (before, after) = doc.puzzles.finish(&active.puzzle, mine_after, solved);
    let mut notices: Vec<Notice> = Vec::new();
    if let Some(day) = &active.daily {
        doc.puzzles
            .dailies
            .push((active.community.clone(), day.clone()));
        let extra = doc.puzzles.dailies.len().saturating_sub(DAILIES_KEPT);
        doc.puzzles.dailies.drain(..extra);
        if solved {
            notices = daily::solved_by(cx, &mut room, day, &ctx.user);
        }
    }
    let change = RatingChange {
        before: before.rating,
        deviation_before: before.deviation,
        after: after.rating,
        deviation_after: after.deviation,
    };
    let mut text = t!(
        "puzzle-rating-change",
        family = family.id(),
        change = change.describe()
    );
    text.line(t!(
        "puzzle-streak",
        streak = doc.puzzles.streak,
        best = doc.puzzles.best_streak
    ));
    cx.commit(
        Commit {
            users: vec![(stored, doc)],
            puzzle_rooms: vec![(room_stored, room)],
            outbox: cx.outbox_entries(&notices),
            ..Commit::default()
        },
        None,
    )?;
    Ok(text)
}

//! Every text the session (and `skald rules`) shows players: events, statuses, results,
//! move lists (`help` and the rule summaries are in [`crate::help`]). Kept in one place so
//! wording stays consistent and no text can carry a hidden value by accident.

use skald_rules::{Action, Event, MoveError, Position, Record, Seat, Status};
use std::fmt::Write;

/// The refusal of secret input (`arrange`) typed where others read it.
pub const SECRET_INPUT_IN_PUBLIC: &str = "Everyone here can read what you type, so these values were not used and nothing was changed. Send `arrange` where only you see it: the /arrange command on Discord, your direct room with the bot on Matrix.";

/// What `link <code>` typed where others read it gets.
pub const LINK_IN_PUBLIC: &str = "Everyone here can read what you type, so link codes are not taken here and nothing was changed. Send `link` where only you see it: the /link command on Discord, your direct room with the bot on Matrix.";

/// The refusal of a command whose input is secret (see [`crate::command::CommandInfo::secret`]),
/// typed where others read it.
pub fn secret_input_in_public(command: &str) -> &'static str {
    match command {
        "link" => LINK_IN_PUBLIC,
        _ => SECRET_INPUT_IN_PUBLIC,
    }
}

/// Dice as players say them: `3 and 1`, `6, 6, 6 and 6`.
pub fn dice_text(dice: &[u8]) -> String {
    match dice {
        [] => "no dice".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!(
            "{} and {last}",
            init.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// One line saying where the game stands, with the game's own seat names.
pub fn describe_status(position: &Position) -> String {
    let names = position.rule_set().seat_names();
    describe_status_with(position, &|s| names[s.index()].to_string())
}

/// [`describe_status`] with a custom label for each seat (`alice (Attackers)`).
pub fn describe_status_with(position: &Position, label: &dyn Fn(Seat) -> String) -> String {
    match position.status() {
        Status::Roll { seat: None, .. } => "the opening roll is pending".to_string(),
        Status::Roll { seat: Some(s), .. } => format!("{} must roll", label(s)),
        Status::Move { seat } => {
            let dice = position.dice();
            if dice.is_empty() {
                format!("{} to move", label(seat))
            } else {
                format!("{} to move with {}", label(seat), dice_text(dice))
            }
        }
        Status::Over(o) => {
            let why = o.reason_with(label);
            let mut s = match o.winner {
                Some(w) => format!("the game is over: {} won ({why})", label(w)),
                None => format!("the game is over: a draw ({why})"),
            };
            if let Some([a, b]) = o.scores {
                let _ = write!(s, ", score {a} to {b}");
            }
            s
        }
    }
}

/// One line describing an event, with the game's seat names.
pub fn describe_event(position: &Position, event: &Event) -> String {
    let names = position.rule_set().seat_names();
    describe_event_with(position, event, &|s| names[s.index()].to_string())
}

/// [`describe_event`] with a custom label for each seat. Events never carry hidden values.
pub fn describe_event_with(
    position: &Position,
    event: &Event,
    label: &dyn Fn(Seat) -> String,
) -> String {
    let c = |cell| position.cell_name(cell);
    let names = position.rule_set().seat_names();
    match event {
        Event::Rolled {
            seat: None,
            dice: d,
        } => match d.as_slice() {
            [a, b, c, e] => format!(
                "opening roll: {} {} ({a}+{b}), {} {} ({c}+{e})",
                names[0],
                a + b,
                names[1],
                c + e
            ),
            other => format!("opening roll: {}", dice_text(other)),
        },
        Event::Rolled {
            seat: Some(s),
            dice,
        } => format!("{} rolled {}", label(*s), dice_text(dice)),
        Event::StarterChosen { seat } => format!("{} starts", label(*seat)),
        Event::Moved {
            seat,
            from,
            to: Some(to),
        } => format!("{} moved {} to {}", label(*seat), c(*from), c(*to)),
        Event::Moved {
            seat,
            from,
            to: None,
        } => format!("{} moved {} off the board", label(*seat), c(*from)),
        Event::Bumped {
            seat,
            target,
            landed,
        } => format!(
            "{} found {} taken and went on to {}",
            label(*seat),
            c(*target),
            c(*landed)
        ),
        Event::Captured { seat, at } => {
            format!("a piece of {} was captured on {}", label(*seat), c(*at))
        }
        Event::Activated { seat, at } => {
            format!("{} activated a peg, now on {}", label(*seat), c(*at))
        }
        Event::LeftBoard { seat, from } => {
            format!("a peg of {} left the board from {}", label(*seat), c(*from))
        }
        Event::Hornaskella { seat, at } => {
            format!("{} has a Hornaskella on {}", label(*seat), c(*at))
        }
        Event::DiceLost { seat, dice } => {
            format!("{} could not use {}", label(*seat), dice_text(dice))
        }
        Event::ExtraRoll { seat } => format!("{} rolls again", label(*seat)),
        Event::Passed { seat } => format!("{} could not move and passed", label(*seat)),
        Event::GameOver(o) => match o.winner {
            Some(w) => format!("game over: {} won ({})", label(w), o.reason_with(label)),
            None => format!("game over: draw ({})", o.reason_with(label)),
        },
    }
}

/// The message for a refused move: which move, why, and (up to `limit`) what is legal.
pub fn move_refusal(position: &Position, mv: &str, err: &MoveError, limit: usize) -> String {
    let why = match err {
        MoveError::RollPending => "the dice must be rolled first".to_string(),
        MoveError::GameOver => {
            return format!("cannot play '{}': {}", mv.trim(), describe_status(position));
        }
        other => other.to_string(),
    };
    let legal = position.legal_moves();
    let mut msg = format!("cannot play '{}': {why}", mv.trim());
    if legal.is_empty() {
        msg.push_str("\nno move is legal");
    } else if legal.len() <= limit {
        let _ = write!(msg, "\nlegal moves: {}", legal.join(" "));
    } else {
        let _ = write!(
            msg,
            "\nlegal moves: {} ... and {} more",
            legal[..limit].join(" "),
            legal.len() - limit
        );
    }
    msg
}

/// One turn of a move list: who acted, the dice they rolled, the moves they made.
type TurnLine = (Option<Seat>, Option<Vec<u8>>, Vec<String>);

/// The moves and rolls of a record, one turn per line (`3. White rolled 3 and 1: 13+1`).
/// Private arrangements are left out; nothing here depends on hidden values.
pub fn move_list(record: &Record, label: &dyn Fn(Seat) -> String) -> Vec<String> {
    let Ok(mut position) = Position::from_notation(record.rule_set, &record.start) else {
        return vec!["(the record cannot be read)".to_string()];
    };
    let mut turns: Vec<TurnLine> = Vec::new();
    for action in &record.actions {
        let actor = position.status().seat();
        match action {
            Action::Roll(d) => {
                if actor.is_some() {
                    turns.push((actor, Some(d.clone()), Vec::new()));
                }
                if position.roll(d).is_err() {
                    break;
                }
            }
            Action::Move(m) => {
                match turns.last_mut() {
                    Some((seat, _, moves)) if *seat == actor && position.rule_set().uses_dice() => {
                        moves.push(m.clone())
                    }
                    _ => turns.push((actor, None, vec![m.clone()])),
                }
                if position.play(m).is_err() {
                    break;
                }
            }
            Action::Arrange { seat, values } => {
                if position.arrange(*seat, *values).is_err() {
                    break;
                }
            }
        }
    }
    if !position.rule_set().uses_dice() {
        // Grid games: `1. d1-d4 f4-c4` pairs.
        let moves: Vec<&String> = turns.iter().flat_map(|t| t.2.iter()).collect();
        return moves
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                format!(
                    "{}. {}",
                    i + 1,
                    pair.iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            })
            .collect();
    }
    // The last turn may still be going on: its roll is waiting for moves, not passed.
    let playing = match position.status() {
        Status::Move { seat } => Some(seat),
        _ => None,
    };
    let last = turns.len().saturating_sub(1);
    turns
        .iter()
        .enumerate()
        .map(|(i, (seat, roll, moves))| {
            let who = seat.map_or_else(String::new, label);
            let dice = roll
                .as_ref()
                .map_or_else(String::new, |d| format!(" rolled {}", dice_text(d)));
            let going_on = i == last && playing.is_some() && *seat == playing;
            let steps = match (moves.is_empty(), going_on) {
                (true, true) => " (to play)".to_string(),
                (true, false) => " (no move)".to_string(),
                (false, true) => format!(": {} (more to play)", moves.join(" ")),
                (false, false) => format!(": {}", moves.join(" ")),
            };
            format!("{}. {who}{dice}{steps}", i + 1)
        })
        .collect()
}

/// The answer to an edit of a command that was already carried out (see
/// [`crate::chat_message`]).
pub const EDIT_OF_DONE_COMMAND: &str = "That command was already carried out, so the edit was not run again. Send the new command as a new message.";

/// The answer to a command sent too long ago (while the bot was away): not run. It does
/// not repeat the command (it might carry secret input typed in the wrong place).
pub fn missed_command(age: &str) -> String {
    format!(
        "This command was sent {age} ago, while I was away, so it was not run and nothing was changed. Send it again if you still want it."
    )
}

/// The refusal of a command naming people when the room's members cannot be listed.
pub const MEMBERS_UNKNOWN: &str = "I cannot see who is in this room right now, so nothing was changed. Try again in a moment, or name the player by their full id (`@bob:example.org`).";

/// `(name, id)` pairs as a list: `Bob (@bob:example.org), Bob (@robert:example.org)`.
fn people(candidates: &[(String, String)]) -> String {
    candidates
        .iter()
        .map(|(name, id)| format!("{name} ({id})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The refusal of a command naming someone (`@dave`) who is not in the room, with the
/// members it might have meant.
pub fn not_in_room(typed: &str, candidates: &[(String, String)]) -> String {
    let mut text = format!("Nobody called {typed} is in this room, so nothing was changed.");
    if !candidates.is_empty() {
        let _ = write!(
            text,
            " Name one of: {} (their full id, or a mention).",
            people(candidates)
        );
    }
    text
}

/// The refusal of a command naming someone (`@Bob`) who matches several members.
pub fn several_in_room(typed: &str, candidates: &[(String, String)]) -> String {
    format!(
        "{typed} could be any of: {}. Nothing was changed; name one by their full id, or mention them.",
        people(candidates)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_read_like_speech() {
        assert_eq!(dice_text(&[3, 1]), "3 and 1");
        assert_eq!(dice_text(&[6, 6, 6, 6]), "6, 6, 6 and 6");
        assert_eq!(dice_text(&[4]), "4");
    }
}

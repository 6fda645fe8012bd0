//! Every text the session (and `skald rules`) shows players: events, statuses, results,
//! move lists (`help` and the rule summaries are in [`crate::help`]). Kept in one place so
//! wording stays consistent and no text can carry a hidden value by accident.

use crate::{Text, t};
use skald_rules::{Action, Event, MoveError, Position, Record, Seat, Status};

/// The refusal of a command whose input is secret (see [`crate::command::CommandInfo::secret`]),
/// typed where others read it: Subulata values (`arrange`), link codes (`link`).
pub fn secret_input_in_public(command: &str) -> Text {
    match command {
        "link" => t!("secret-link-in-public"),
        "premove" => t!("secret-premove-in-public"),
        _ => t!("secret-values-in-public"),
    }
}

/// Dice as players say them: `3 and 1`, `6, 6, 6 and 6` (`3 et 1`).
pub fn dice_text(dice: &[u8]) -> Text {
    if dice.is_empty() {
        return t!("dice-none");
    }
    Text::list(dice.iter().map(|d| Text::verbatim(d.to_string())))
}

/// A seat as the rules name it ("Attackers", "Blanc"): the default label.
fn seat_label(position: &Position) -> impl Fn(Seat) -> Text {
    let rule_set = position.rule_set();
    move |s| skald_lang::seat_name(rule_set, s)
}

/// One line saying where the game stands, with the game's own seat names.
pub fn describe_status(position: &Position) -> Text {
    describe_status_with(position, &seat_label(position))
}

/// [`describe_status`] with a custom label for each seat (`alice (Attackers)`).
pub fn describe_status_with(position: &Position, label: &dyn Fn(Seat) -> Text) -> Text {
    match position.status() {
        Status::Roll { seat: None, .. } => t!("status-opening-roll"),
        Status::Roll { seat: Some(s), .. } => t!("status-must-roll", seat = label(s)),
        Status::Move { seat } => {
            let dice = position.dice();
            if dice.is_empty() {
                t!("status-to-move", seat = label(seat))
            } else {
                t!(
                    "status-to-move-dice",
                    seat = label(seat),
                    dice = dice_text(dice)
                )
            }
        }
        Status::Over(o) => {
            let why = skald_lang::end_reason(&o, position.rule_set(), label);
            let mut s = match o.winner {
                Some(w) => t!("status-won", winner = label(w), why = why),
                None => t!("status-draw", why = why),
            };
            if let Some([a, b]) = o.scores {
                s.push(t!("status-score", a = a, b = b));
            }
            s
        }
    }
}

/// One line describing an event, with the game's seat names.
pub fn describe_event(position: &Position, event: &Event) -> Text {
    describe_event_with(position, event, &seat_label(position))
}

/// [`describe_event`] with a custom label for each seat. Events never carry hidden values.
pub fn describe_event_with(
    position: &Position,
    event: &Event,
    label: &dyn Fn(Seat) -> Text,
) -> Text {
    let c = |cell| Text::verbatim(position.cell_name(cell));
    let rule_set = position.rule_set();
    match event {
        Event::Rolled {
            seat: None,
            dice: d,
        } => match d.as_slice() {
            [a, b, c, e] => t!(
                "event-opening-roll-sums",
                a = skald_lang::seat_name(rule_set, Seat::A),
                sum_a = a + b,
                a1 = *a,
                a2 = *b,
                b = skald_lang::seat_name(rule_set, Seat::B),
                sum_b = c + e,
                b1 = *c,
                b2 = *e
            ),
            other => t!("event-opening-roll", dice = dice_text(other)),
        },
        Event::Rolled {
            seat: Some(s),
            dice,
        } => t!("event-rolled", seat = label(*s), dice = dice_text(dice)),
        Event::StarterChosen { seat } => t!("event-starts", seat = label(*seat)),
        Event::Moved {
            seat,
            from,
            to: Some(to),
        } => t!(
            "event-moved",
            seat = label(*seat),
            from = c(*from),
            to = c(*to)
        ),
        Event::Moved {
            seat,
            from,
            to: None,
        } => t!("event-moved-off", seat = label(*seat), from = c(*from)),
        Event::Bumped {
            seat,
            target,
            landed,
        } => t!(
            "event-bumped",
            seat = label(*seat),
            target = c(*target),
            landed = c(*landed)
        ),
        Event::Captured { seat, at } => t!("event-captured", seat = label(*seat), at = c(*at)),
        Event::Activated { seat, at } => t!("event-activated", seat = label(*seat), at = c(*at)),
        Event::LeftBoard { seat, from } => {
            t!("event-left-board", seat = label(*seat), from = c(*from))
        }
        Event::Hornaskella { seat, at } => {
            t!("event-hornaskella", seat = label(*seat), at = c(*at))
        }
        Event::DiceLost { seat, dice } => {
            t!(
                "event-dice-lost",
                seat = label(*seat),
                dice = dice_text(dice)
            )
        }
        Event::ExtraRoll { seat } => t!("event-extra-roll", seat = label(*seat)),
        Event::Passed { seat } => t!("event-passed", seat = label(*seat)),
        Event::GameOver(o) => {
            let why = skald_lang::end_reason(o, rule_set, label);
            match o.winner {
                Some(w) => t!("event-won", winner = label(w), why = why),
                None => t!("event-draw", why = why),
            }
        }
    }
}

/// The message for a refused move: which move, why, and (up to `limit`) what is legal.
pub fn move_refusal(position: &Position, mv: &str, err: &MoveError, limit: usize) -> Text {
    let why = match err {
        MoveError::GameOver => describe_status(position),
        other => skald_lang::move_error(other),
    };
    let mut msg = t!("move-refused", mv = mv.trim(), why = why);
    if matches!(err, MoveError::GameOver) {
        return msg;
    }
    let legal = position.legal_moves();
    if legal.is_empty() {
        msg.line(t!("move-none-legal"));
    } else if legal.len() <= limit {
        msg.line(t!("move-legal", moves = legal.join(" ")));
    } else {
        msg.line(t!(
            "move-legal-more",
            moves = legal[..limit].join(" "),
            more = legal.len() - limit
        ));
    }
    msg
}

/// One turn of a move list: who acted, the dice they rolled, the moves they made.
type TurnLine = (Option<Seat>, Option<Vec<u8>>, Vec<String>);

/// The moves and rolls of a record, one turn per line (`3. White rolled 3 and 1: 13+1`).
/// Private arrangements are left out; nothing here depends on hidden values.
pub fn move_list(record: &Record, label: &dyn Fn(Seat) -> Text) -> Vec<Text> {
    let Ok(mut position) = Position::from_notation(record.rule_set, &record.start) else {
        return vec![t!("moves-unreadable")];
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
                Text::verbatim(format!(
                    "{}. {}",
                    i + 1,
                    pair.iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ))
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
            let mut line = Text::verbatim(format!("{}. ", i + 1));
            line.push(seat.map_or_else(Text::new, label));
            if let Some(d) = roll {
                line.push(t!("moves-rolled", dice = dice_text(d)));
            }
            let going_on = i == last && playing.is_some() && *seat == playing;
            line.push(match (moves.is_empty(), going_on) {
                (true, true) => t!("moves-to-play"),
                (true, false) => t!("moves-no-move"),
                (false, true) => t!("moves-more-to-play", moves = moves.join(" ")),
                (false, false) => t!("moves-played", moves = moves.join(" ")),
            });
            line
        })
        .collect()
}

/// The answer to an edit of a command that was already carried out (see
/// [`crate::chat_message`]).
pub fn edit_of_done_command() -> Text {
    t!("edit-of-done-command")
}

/// The answer to a command sent too long ago (while the bot was away): not run. It does
/// not repeat the command (it might carry secret input typed in the wrong place).
pub fn missed_command(age: Text) -> Text {
    t!("missed-command", age = age)
}

/// The refusal of a command naming people when the room's members cannot be listed.
pub fn members_unknown() -> Text {
    t!("members-unknown")
}

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
pub fn not_in_room(typed: &str, candidates: &[(String, String)]) -> Text {
    let mut text = t!("not-in-room", typed = typed);
    if !candidates.is_empty() {
        text.push(t!("not-in-room-candidates", people = people(candidates)));
    }
    text
}

/// The refusal of a command naming someone (`@Bob`) who matches several members.
pub fn several_in_room(typed: &str, candidates: &[(String, String)]) -> Text {
    t!(
        "several-in-room",
        typed = typed,
        people = people(candidates)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_read_like_speech() {
        assert_eq!(dice_text(&[3, 1]).en(), "3 and 1");
        assert_eq!(dice_text(&[6, 6, 6, 6]).en(), "6, 6, 6 and 6");
        assert_eq!(dice_text(&[4]).en(), "4");
    }
}

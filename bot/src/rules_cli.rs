//! `skald rules ...`: start, list, legal, play and show, on position strings.

use crate::cli::RulesCommand;
use crate::dice_rng::{dice_rng, random_seed};
use skald_rules::{Event, MoveError, Position, RuleSetId, Status, Viewer};
use std::fmt::Write;

/// Runs one `skald rules` command and returns what to print, or the error message.
pub fn run(cmd: RulesCommand) -> Result<String, String> {
    match cmd {
        RulesCommand::List => Ok(RuleSetId::ALL
            .iter()
            .map(|r| format!("{}\t{}\n", r.id(), r.name()))
            .collect()),
        RulesCommand::Start { rule_set, seed } => {
            let seed = match seed {
                Some(s) => s,
                None => random_seed()?,
            };
            let mut position = Position::start(rule_set, seed);
            position.roll_while_needed(&mut dice_rng(Some(seed))?);
            Ok(format!("{}\n", position.to_notation(Viewer::Final)))
        }
        RulesCommand::Legal { rule_set, position } => {
            let position = parse(rule_set, &position)?;
            match position.status() {
                Status::Roll { .. } => Err(roll_pending(rule_set)),
                Status::Over(_) => {
                    eprintln!("{}", describe_status(&position));
                    Ok(String::new())
                }
                Status::Move { .. } => Ok(position
                    .legal_moves()
                    .iter()
                    .map(|m| format!("{m}\n"))
                    .collect()),
            }
        }
        RulesCommand::Play {
            rule_set,
            position,
            moves,
            seed,
            verbose,
        } => {
            let mut position = parse(rule_set, &position)?;
            let mut rng = dice_rng(seed)?;
            let mut events = Vec::new();
            let (_, rolled) = position.roll_while_needed(&mut rng);
            events.extend(rolled);
            for mv in &moves {
                let before = position.clone();
                let played = position.play(mv).map_err(|e| refusal(&before, mv, &e))?;
                events.extend(played);
                let (_, rolled) = position.roll_while_needed(&mut rng);
                events.extend(rolled);
            }
            if verbose {
                for e in &events {
                    eprintln!("{}", describe_event(&position, e));
                }
            }
            Ok(format!("{}\n", position.to_notation(Viewer::Final)))
        }
        RulesCommand::Show {
            rule_set,
            position,
            viewer,
        } => {
            let position = parse(rule_set, &position)?;
            let mut out = position.text_board(viewer.into());
            if !out.ends_with('\n') {
                out.push('\n');
            }
            Ok(out)
        }
    }
}

fn parse(rule_set: RuleSetId, text: &str) -> Result<Position, String> {
    Position::from_notation(rule_set, text)
        .map_err(|e| format!("not a {} position: {e}", rule_set.id()))
}

fn roll_pending(rule_set: RuleSetId) -> String {
    format!(
        "the dice must be rolled first; `skald rules play {} \"<position>\"` with no move rolls them",
        rule_set.id()
    )
}

/// The message for a refused move: which move, why, and what is legal.
fn refusal(position: &Position, mv: &str, err: &MoveError) -> String {
    let why = match err {
        MoveError::RollPending => return roll_pending(position.rule_set()),
        MoveError::GameOver => {
            return format!("cannot play '{mv}': {}", describe_status(position));
        }
        other => other.to_string(),
    };
    let legal = position.legal_moves();
    let mut msg = format!("cannot play '{}': {why}", mv.trim());
    if legal.is_empty() {
        msg.push_str("\nno move is legal");
    } else {
        let _ = write!(msg, "\nlegal moves: {}", legal.join(" "));
    }
    msg
}

/// One line saying where the game stands.
pub fn describe_status(position: &Position) -> String {
    let names = position.rule_set().seat_names();
    match position.status() {
        Status::Roll { seat: None, .. } => "the opening roll is pending".to_string(),
        Status::Roll { seat: Some(s), .. } => format!("{} must roll", names[s.index()]),
        Status::Move { seat } => format!("{} to move", names[seat.index()]),
        Status::Over(o) => {
            let mut s = match o.winner {
                Some(w) => format!(
                    "the game is over: {} won ({})",
                    names[w.index()],
                    o.reason.describe()
                ),
                None => format!("the game is over: a draw ({})", o.reason.describe()),
            };
            if let Some([a, b]) = o.scores {
                let _ = write!(s, ", score {a} to {b}");
            }
            s
        }
    }
}

/// One line describing an event, with the players' names for seats and cells.
pub fn describe_event(position: &Position, event: &Event) -> String {
    let names = position.rule_set().seat_names();
    let n = |s: skald_rules::Seat| names[s.index()];
    let c = |cell| position.cell_name(cell);
    match event {
        Event::Rolled { seat: None, dice } => format!("opening roll: {dice:?}"),
        Event::Rolled {
            seat: Some(s),
            dice,
        } => format!("{} rolled {dice:?}", n(*s)),
        Event::StarterChosen { seat } => format!("{} starts", n(*seat)),
        Event::Moved {
            seat,
            from,
            to: Some(to),
        } => format!("{} moved {} to {}", n(*seat), c(*from), c(*to)),
        Event::Moved {
            seat,
            from,
            to: None,
        } => format!("{} moved {} off the board", n(*seat), c(*from)),
        Event::Bumped {
            seat,
            target,
            landed,
        } => {
            format!(
                "{} found {} taken and went on to {}",
                n(*seat),
                c(*target),
                c(*landed)
            )
        }
        Event::Captured { seat, at } => {
            format!("a piece of {} was captured on {}", n(*seat), c(*at))
        }
        Event::Activated { seat, at } => format!("{} activated a peg, now on {}", n(*seat), c(*at)),
        Event::LeftBoard { seat, from } => {
            format!("a peg of {} left the board from {}", n(*seat), c(*from))
        }
        Event::Hornaskella { seat, at } => format!("{} has a Hornaskella on {}", n(*seat), c(*at)),
        Event::DiceLost { seat, dice } => format!("{} could not use {dice:?}", n(*seat)),
        Event::ExtraRoll { seat } => format!("{} rolls again", n(*seat)),
        Event::Passed { seat } => format!("{} could not move and passed", n(*seat)),
        Event::GameOver(o) => match o.winner {
            Some(w) => format!("game over: {} won ({})", n(w), o.reason.describe()),
            None => format!("game over: draw ({})", o.reason.describe()),
        },
    }
}

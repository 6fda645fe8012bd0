//! `skald rules ...`: start, list, legal, play and show, on position strings.

use crate::cli::RulesCommand;
use skald_rules::{MoveError, Position, RuleSetId, Status, Viewer};
use skald_session::dice_rng::{dice_rng, random_seed};
use skald_session::messages::{describe_event, describe_status, move_refusal};

/// Runs one `skald rules` command and returns what to print, or the error message.
pub fn run(cmd: RulesCommand) -> Result<String, String> {
    match cmd {
        RulesCommand::List => Ok(RuleSetId::ALL
            .iter()
            .map(|r| format!("{}\t{}\n", r.id(), skald_lang::rule_set_name(*r).en()))
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
                // A finished game has no legal moves: nothing on standard output (a script
                // reading one move per line sees an empty list), the reason on standard
                // error, and success, since the question had an answer.
                Status::Over(_) => {
                    eprintln!(
                        "{}; there are no legal moves",
                        describe_status(&position).en()
                    );
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
                    eprintln!("{}", describe_event(&position, e).en());
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
            let mut out = skald_lang::text_board(&position, viewer.into()).en();
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

/// The message for a refused move: which move, why, and every legal move.
fn refusal(position: &Position, mv: &str, err: &MoveError) -> String {
    match err {
        MoveError::RollPending => roll_pending(position.rule_set()),
        _ => move_refusal(position, mv, err, usize::MAX).en(),
    }
}

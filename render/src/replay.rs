//! Replays of whole game records: one scene per move, for [`crate::replay_gif`].

use crate::{LastMove, Scene, scene};
use skald_lang::Lang;
use skald_rules::{Action, Event, Match, Position, Record, ReplayError, Status, Viewer};

/// The frames of a replay of `record`, their words in `lang`: the position once the opening rolls are made, then one
/// scene after each move (with that move's marks and the dice rolled after it). The values
/// of a finished game show in every frame for [`Viewer::Final`]; an unfinished game's never.
///
/// Exists so `skald replay` and the bot can animate a finished game from what the store
/// keeps. `viewer` decides which hidden values show: use [`Viewer::Final`] only for a
/// finished game (the final reveal), [`Viewer::Public`] otherwise.
pub fn replay_scenes(
    record: &Record,
    viewer: Viewer,
    players: &[Option<String>; 2],
    lang: Lang,
) -> Result<Vec<Scene>, ReplayError> {
    frames(record, viewer, players, lang, false)
}

/// The frames of a replay of a game that ended outside its rules (a resignation, a timeout,
/// an agreed draw, an abort): every value shows in every frame, as in the final reveal, and
/// the last frame's header says `result` instead of whose turn it was.
///
/// Exists because the position alone does not know such a game is over: the rules reveal
/// the values of a finished game whatever ended it, and the bot's replays say how it ended.
pub fn replay_scenes_ended(
    record: &Record,
    players: &[Option<String>; 2],
    lang: Lang,
    result: String,
) -> Result<Vec<Scene>, ReplayError> {
    let mut scenes = frames(record, Viewer::Final, players, lang, true)?;
    if let Some(last) = scenes.last_mut() {
        last.finish(result);
    }
    Ok(scenes)
}

/// [`replay_scenes`], or with `ended` the frames of a game known to be over whatever its
/// position says.
fn frames(
    record: &Record,
    viewer: Viewer,
    players: &[Option<String>; 2],
    lang: Lang,
    ended: bool,
) -> Result<Vec<Scene>, ReplayError> {
    // A Subulata arrangement counts from the start (it locks at the player's first move), so
    // each player's last one goes first: every frame then shows the values played with.
    let mut record = record.clone();
    let mut arrangements: Vec<Action> = Vec::new();
    record.actions.retain(|a| match a {
        Action::Arrange { seat, .. } => {
            arrangements.retain(|b| !matches!(b, Action::Arrange { seat: s, .. } if s == seat));
            arrangements.push(a.clone());
            false
        }
        _ => true,
    });
    record.actions.splice(0..0, arrangements);
    // Snapshots first (the start, then after each move and the rolls that follow it): which
    // values may show depends on how the game ended.
    let start = Position::from_notation(record.rule_set, &record.start)?;
    let mut frames: Vec<(Position, Vec<Event>)> = vec![(start, Vec::new())];
    let mut moved = false;
    let game = Match::replay_with(record, |position, action, events| {
        match action {
            Action::Move(_) => {
                moved = true;
                frames.push((position.clone(), events.to_vec()));
            }
            Action::Roll(_) | Action::Arrange { .. } => {
                // Rolls after a move belong to its frame; before the first move, to the start.
                if let Some((p, e)) = frames.last_mut() {
                    *p = position.clone();
                    if moved {
                        e.extend_from_slice(events);
                    }
                }
            }
        }
    })?;
    let over = ended || matches!(game.position().status(), Status::Over(_));
    // Hidden values stay hidden in an unfinished game, whatever the caller asked.
    let viewer = match viewer {
        Viewer::Final if !over => Viewer::Public,
        v => v,
    };
    Ok(frames
        .iter()
        .enumerate()
        .map(|(i, (p, e))| {
            let last = if i == 0 {
                LastMove::none()
            } else {
                LastMove::from_events(e)
            };
            scene(p, viewer, players.clone(), last, lang)
        })
        .collect())
}

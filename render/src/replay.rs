//! Replays of whole game records: one scene per move, for [`crate::replay_gif`].

use crate::{LastMove, Scene, scene};
use skald_rules::{Action, Event, Position, Record, ReplayError, Status, Viewer};

/// The frames of a replay of `record`: the position once the opening rolls are made, then one
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
) -> Result<Vec<Scene>, ReplayError> {
    let record = record.clone().upgrade()?;
    let mut position = Position::from_notation(record.rule_set, &record.start)?;
    // A Subulata arrangement counts from the start (it locks at the player's first move), so
    // apply each player's last one up front: every frame then shows the values played with.
    let mut arranged = [None, None];
    for action in &record.actions {
        if let Action::Arrange { seat, values } = action {
            arranged[seat.index()] = Some((*seat, *values));
        }
    }
    for (seat, values) in arranged.into_iter().flatten() {
        position
            .arrange(seat, values)
            .map_err(|e| ReplayError::Action {
                index: 0,
                action: format!("arrange {seat:?}"),
                reason: e.to_string(),
            })?;
    }
    // Snapshots first: which values may show depends on how the game ended.
    let mut frames: Vec<(Position, Vec<Event>, bool)> = Vec::new();
    let mut events = Vec::new();
    let mut moved = false;
    for (index, action) in record.actions.iter().enumerate() {
        let fail = |reason: String| ReplayError::Action {
            index,
            action: format!("{action:?}"),
            reason,
        };
        match action {
            Action::Roll(dice) => {
                events.extend(position.roll(dice).map_err(|e| fail(e.to_string()))?);
            }
            Action::Arrange { .. } => {}
            Action::Move(mv) => {
                // The frame before this move: the start, or the previous move with its rolls.
                if moved || frames.is_empty() {
                    frames.push((position.clone(), events.clone(), moved));
                }
                events = position.play(mv).map_err(|e| fail(e.to_string()))?;
                moved = true;
            }
        }
    }
    let over = matches!(position.status(), Status::Over(_));
    frames.push((position, events, moved));
    // Hidden values stay hidden in an unfinished game, whatever the caller asked.
    let viewer = match viewer {
        Viewer::Final if !over => Viewer::Public,
        v => v,
    };
    Ok(frames
        .iter()
        .map(|(p, e, m)| frame(p, viewer, players, e, *m))
        .collect())
}

fn frame(
    position: &Position,
    viewer: Viewer,
    players: &[Option<String>; 2],
    events: &[Event],
    moved: bool,
) -> Scene {
    let last = if moved {
        LastMove::from_events(events)
    } else {
        LastMove::none()
    };
    scene(position, viewer, players.clone(), last)
}

//! Where dice puzzles are looked for: the turns of a game record, each at the moment its
//! roll is known and before the mover's first step, with the name of where it came from.

use skald_rules::{Action, Match, Position, Record, RuleSetId, Status};

/// A position of a record where a turn starts: the roll is known, no step of it played.
#[derive(Clone, Debug)]
pub struct TurnStart {
    /// Steps played in the game before this turn (the position's ply).
    pub ply: u32,
    /// The position, its roll in hand.
    pub position: Position,
}

/// Every turn start of `record` (after each roll that leaves the roller a step to play), in
/// order; empty when the record does not replay.
pub fn turn_starts(record: &Record) -> Vec<TurnStart> {
    let mut starts = Vec::new();
    let replayed = Match::replay_with(record.clone(), |position, action, _| {
        if matches!(action, Action::Roll(_)) && matches!(position.status(), Status::Move { .. }) {
            starts.push(TurnStart {
                ply: position.ply(),
                position: position.clone(),
            });
        }
    });
    match replayed {
        Ok(_) => starts,
        Err(_) => Vec::new(),
    }
}

/// A self-play puzzle's `source`: `self-play adelta seed 3, ply 41`.
pub fn self_play_source(rule_set: RuleSetId, seed: u64, ply: u32) -> String {
    format!("self-play {} seed {seed}, ply {ply}", rule_set.id())
}

//! Game records: everything needed to replay a game exactly, and [`Match`], a position kept
//! together with its record.

use crate::{
    AnyMove, ArrangeError, Event, MoveError, Position, PositionError, RuleSetId, Seat, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The record format written by this release. Bump it when [`Record`]'s shape changes, and
/// teach [`Record::upgrade`] to read the older one.
pub const RECORD_FORMAT: u32 = 1;

/// One thing that happened in a game, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The server rolled these dice.
    Roll(Vec<u8>),
    /// A move (or step) in canonical notation.
    Move(String),
    /// A Subulata player set their private value arrangement.
    Arrange {
        /// Whose arrangement.
        seat: Seat,
        /// The values in the order of [`Position::arrange`].
        values: [u8; 9],
    },
}

impl Action {
    /// The action in words for error messages and logs: never the values of an arrangement,
    /// which are hidden information.
    pub fn describe(&self) -> String {
        match self {
            Action::Roll(d) => format!("roll {d:?}"),
            Action::Move(m) => format!("move {m}"),
            Action::Arrange { seat, .. } => format!("arrangement of seat {seat:?}"),
        }
    }
}

/// A game record: rule set, set-up (the full starting position), rolls and moves. Replaying it
/// rebuilds exactly the same position, whatever release wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The format version ([`RECORD_FORMAT`] when written by this release).
    pub format: u32,
    /// The rule set played.
    pub rule_set: RuleSetId,
    /// The seed the set-up was drawn from (kept for reference; `start` is what replays).
    pub seed: u64,
    /// The full starting position string.
    pub start: String,
    /// Rolls, moves and arrangements in the order they happened.
    pub actions: Vec<Action>,
}

/// A record that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// Written by a newer release.
    #[error("record format {0} is newer than this release understands ({RECORD_FORMAT})")]
    TooNew(u32),
    /// The starting position does not parse.
    #[error("bad starting position: {0}")]
    Start(#[from] PositionError),
    /// An action does not apply.
    #[error("action {index} ({action}) does not apply: {reason}")]
    Action {
        /// 0-based index of the action.
        index: usize,
        /// The action, as text.
        action: String,
        /// Why it failed.
        reason: String,
    },
}

impl Record {
    /// Brings a record written by an older release to the current format.
    pub fn upgrade(mut self) -> Result<Record, ReplayError> {
        if self.format > RECORD_FORMAT {
            return Err(ReplayError::TooNew(self.format));
        }
        // Format 1 is the first; later formats add their conversions here.
        self.format = RECORD_FORMAT;
        Ok(self)
    }
}

/// A position together with the record that produced it: what the session stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    position: Position,
    record: Record,
}

impl Match {
    /// Starts a game and makes the rolls it needs before anyone can move.
    pub fn new<R: Rng + ?Sized>(
        rule_set: RuleSetId,
        seed: u64,
        rng: &mut R,
    ) -> (Match, Vec<Event>) {
        let position = Position::start(rule_set, seed);
        let record = Record {
            format: RECORD_FORMAT,
            rule_set,
            seed,
            start: position.to_notation(Viewer::Final),
            actions: Vec::new(),
        };
        let mut m = Match { position, record };
        let events = m.roll_while_needed(rng);
        (m, events)
    }

    /// Rebuilds a game from its record.
    pub fn from_record(record: Record) -> Result<Match, ReplayError> {
        Match::replay_with(record, |_, _, _| {})
    }

    /// Rebuilds a game from its record, calling `each` after every action with the position
    /// it led to, the action and the events it caused: what replays (pictures of every move)
    /// and "what did the last move do" need, without a second copy of the replay loop.
    pub fn replay_with(
        record: Record,
        mut each: impl FnMut(&Position, &Action, &[Event]),
    ) -> Result<Match, ReplayError> {
        let record = record.upgrade()?;
        let mut position = Position::from_notation(record.rule_set, &record.start)?;
        for (index, action) in record.actions.iter().enumerate() {
            let fail = |reason: String| ReplayError::Action {
                index,
                action: action.describe(),
                reason,
            };
            let events = match action {
                Action::Roll(d) => position.roll(d).map_err(|e| fail(e.to_string()))?,
                Action::Move(m) => position.play(m).map_err(|e| fail(e.to_string()))?,
                Action::Arrange { seat, values } => position
                    .arrange(*seat, *values)
                    .map(|()| Vec::new())
                    .map_err(|e| fail(e.to_string()))?,
            };
            each(&position, action, &events);
        }
        Ok(Match { position, record })
    }

    /// Resumes a game from its record and the position that record leads to, without
    /// replaying it: what a store that keeps both uses, so a command costs the same at move
    /// 300 as at move 3. The caller vouches that `position` is what `record` replays to (use
    /// [`Match::from_record`] when in doubt).
    pub fn resume(record: Record, position: Position) -> Match {
        Match { position, record }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Plays a move given as text, then rolls for as long as the game needs dice. A refused
    /// move changes nothing.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        text: &str,
        rng: &mut R,
    ) -> Result<Vec<Event>, MoveError> {
        let canonical = self.position.canonical_move(text)?;
        let mut events = self.position.play(&canonical)?;
        self.record.actions.push(Action::Move(canonical));
        events.extend(self.roll_while_needed(rng));
        Ok(events)
    }

    /// Plays a typed move (the engine's answer), records its canonical notation, then rolls
    /// for as long as the game needs dice. A refused move changes nothing.
    pub fn play_move<R: Rng + ?Sized>(
        &mut self,
        mv: AnyMove,
        rng: &mut R,
    ) -> Result<Vec<Event>, MoveError> {
        let mut events = self.position.play_move(mv)?;
        self.record.actions.push(Action::Move(mv.to_string()));
        events.extend(self.roll_while_needed(rng));
        Ok(events)
    }

    /// Sets a Subulata player's private arrangement and records it.
    pub fn arrange(&mut self, seat: Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        self.position.arrange(seat, values)?;
        self.record.actions.push(Action::Arrange { seat, values });
        Ok(())
    }

    fn roll_while_needed<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Vec<Event> {
        let (rolls, events) = self.position.roll_while_needed(rng);
        self.record
            .actions
            .extend(rolls.into_iter().map(Action::Roll));
        events
    }
}

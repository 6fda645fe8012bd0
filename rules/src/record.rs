//! Game records: everything needed to replay a game exactly, and [`Match`], a position kept
//! together with its record.

use crate::{ArrangeError, Event, MoveError, Position, PositionError, RuleSetId, Seat, Viewer};
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
        let record = record.upgrade()?;
        let mut position = Position::from_notation(record.rule_set, &record.start)?;
        for (index, action) in record.actions.iter().enumerate() {
            let fail = |reason: String| ReplayError::Action {
                index,
                action: format!("{action:?}"),
                reason,
            };
            match action {
                Action::Roll(d) => position
                    .roll(d)
                    .map(drop)
                    .map_err(|e| fail(e.to_string()))?,
                Action::Move(m) => position
                    .play(m)
                    .map(drop)
                    .map_err(|e| fail(e.to_string()))?,
                Action::Arrange { seat, values } => position
                    .arrange(*seat, *values)
                    .map_err(|e| fail(e.to_string()))?,
            }
        }
        Ok(Match { position, record })
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

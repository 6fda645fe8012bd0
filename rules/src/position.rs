//! [`Position`]: any game's position behind one type, with moves as text.

use crate::adelta::Adelta;
use crate::daldosa::Daldosa;
use crate::hnefatafl::Hnefatafl;
use crate::subulata::Subulata;
use crate::{
    ArrangeError, Cell, Event, Game, MoveError, PositionError, RollError, RuleSetId, Seat, Status,
    Viewer, dice,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A position of any rule set. Callers that do not care which game is played (the session,
/// the CLI) use this; moves go in and come out as notation text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "PositionRepr", try_from = "PositionRepr")]
pub enum Position {
    /// `adelta` or `adelta-rustik`.
    Adelta(Adelta),
    /// `hnefatafl` or `hnefatafl-13`.
    Hnefatafl(Hnefatafl),
    /// `subulata`.
    Subulata(Subulata),
    /// `daldosa`.
    Daldosa(Daldosa),
}

macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            Position::Adelta($g) => $body,
            Position::Hnefatafl($g) => $body,
            Position::Subulata($g) => $body,
            Position::Daldosa($g) => $body,
        }
    };
}

/// Plays a move given as text on one game type.
fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Vec<Event>, MoveError> {
    let mv = game.parse_move(text)?;
    game.play(mv)
}

impl Position {
    /// The starting position of `rule_set`; `seed` decides Subulata's set-up.
    pub fn start(rule_set: RuleSetId, seed: u64) -> Position {
        match rule_set {
            RuleSetId::Adelta | RuleSetId::AdeltaRustik => {
                Position::Adelta(Adelta::start(rule_set, seed))
            }
            RuleSetId::Hnefatafl | RuleSetId::Hnefatafl13 => {
                Position::Hnefatafl(Hnefatafl::start(rule_set, seed))
            }
            RuleSetId::Subulata => Position::Subulata(Subulata::start(rule_set, seed)),
            RuleSetId::Daldosa => Position::Daldosa(Daldosa::start(rule_set, seed)),
        }
    }

    /// Reads a position string of `rule_set`.
    pub fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Position, PositionError> {
        Ok(match rule_set {
            RuleSetId::Adelta | RuleSetId::AdeltaRustik => {
                Position::Adelta(Adelta::from_notation(rule_set, text)?)
            }
            RuleSetId::Hnefatafl | RuleSetId::Hnefatafl13 => {
                Position::Hnefatafl(Hnefatafl::from_notation(rule_set, text)?)
            }
            RuleSetId::Subulata => Position::Subulata(Subulata::from_notation(rule_set, text)?),
            RuleSetId::Daldosa => Position::Daldosa(Daldosa::from_notation(rule_set, text)?),
        })
    }

    /// Which rule set is played.
    pub fn rule_set(&self) -> RuleSetId {
        each!(self, g => g.rule_set())
    }

    /// Who acts next, or the outcome.
    pub fn status(&self) -> Status {
        each!(self, g => g.status())
    }

    /// Dice (steps) still to use this turn.
    pub fn dice(&self) -> &[u8] {
        each!(self, g => g.dice())
    }

    /// Moves (steps) played since the start.
    pub fn ply(&self) -> u32 {
        each!(self, g => g.ply())
    }

    /// Every legal move, in canonical notation.
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, g => g.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// Reads a move and returns its canonical notation (syntax only).
    pub fn canonical_move(&self, text: &str) -> Result<String, MoveError> {
        each!(self, g => g.parse_move(text).map(|m| m.to_string()))
    }

    /// Plays one move given as text. Nothing changes when it is refused.
    pub fn play(&mut self, text: &str) -> Result<Vec<Event>, MoveError> {
        each!(self, g => play_text(g, text))
    }

    /// Applies a roll of the dice the status asks for.
    pub fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError> {
        each!(self, g => g.roll(dice))
    }

    /// Rolls from `rng` for as long as the status asks for a roll, and returns the rolls made
    /// (to record) with the events they caused.
    pub fn roll_while_needed<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> (Vec<Vec<u8>>, Vec<Event>) {
        let mut rolls = Vec::new();
        let mut events = Vec::new();
        while let Status::Roll { spec, .. } = self.status() {
            let thrown = dice::roll(spec, rng);
            match self.roll(&thrown) {
                Ok(evs) => events.extend(evs),
                // A roll of exactly the asked spec is always accepted; stop rather than loop.
                Err(_) => break,
            }
            rolls.push(thrown);
        }
        (rolls, events)
    }

    /// The position string for `viewer` (full form for [`Viewer::Final`]).
    pub fn to_notation(&self, viewer: Viewer) -> String {
        each!(self, g => g.to_notation(viewer))
    }

    /// A monospace board for `viewer`.
    pub fn text_board(&self, viewer: Viewer) -> String {
        each!(self, g => g.text_board(viewer))
    }

    /// The players' name for a cell index found in an event.
    pub fn cell_name(&self, cell: Cell) -> String {
        each!(self, g => g.cell_name(cell))
    }

    /// Sets a Subulata player's private value arrangement.
    pub fn arrange(&mut self, seat: Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        each!(self, g => g.arrange(seat, values))
    }
}

/// How a [`Position`] is stored: its rule set and full position string.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PositionRepr {
    rule_set: RuleSetId,
    position: String,
}

impl From<Position> for PositionRepr {
    fn from(p: Position) -> Self {
        PositionRepr {
            rule_set: p.rule_set(),
            position: p.to_notation(Viewer::Final),
        }
    }
}

impl TryFrom<PositionRepr> for Position {
    type Error = PositionError;

    fn try_from(r: PositionRepr) -> Result<Self, Self::Error> {
        Position::from_notation(r.rule_set, &r.position)
    }
}

//! [`Position`]: any game's position behind one type, with moves as text, and [`Family`], the
//! conversions between each game family's typed world and it.

use crate::adelta::Adelta;
use crate::any_move::AnyMove;
use crate::daldosa::Daldosa;
use crate::dice;
use crate::error::{ArrangeError, MoveError, PositionError, RollError};
use crate::game::Game;
use crate::hnefatafl::Hnefatafl;
use crate::outcome::{Cell, Event, Status};
use crate::refusal::Expected;
use crate::ruleset::RuleSetId;
use crate::seat::{Seat, Viewer};
use crate::subulata::Subulata;
use crate::tafl::Tafl;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A position of any rule set. Callers that do not care which game is played (the session,
/// the CLI) use this; moves typed by people go in as notation text, moves made by code as an
/// [`AnyMove`]. Which variant a rule set gets is decided by the registry
/// ([`crate::with_rules!`]); [`crate::with_game!`] reaches the typed game inside.
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
    /// `copenhagen` or `brandubh`.
    Tafl(Tafl),
}

/// A game family's rules type as [`Position`] and [`AnyMove`] hold it: the conversions
/// between the typed world of one family and the game-neutral types.
///
/// Exists so generic code (a body of [`with_rules!`](crate::with_rules) or
/// [`with_game!`](crate::with_game), the engine's answer) can wrap and unwrap positions and
/// moves without naming the family.
pub trait Family: Game {
    /// This position as a game-neutral [`Position`].
    fn into_position(self) -> Position;

    /// This family's move as a game-neutral [`AnyMove`].
    fn into_any_move(mv: Self::Move) -> AnyMove;

    /// The move of this family inside `mv`, or `None` when `mv` belongs to another family.
    fn typed_move(mv: AnyMove) -> Option<Self::Move>;
}

/// Implements [`Family`] for the type held by the variant of the same name in [`Position`]
/// and [`AnyMove`].
macro_rules! family {
    ($Type:ident) => {
        impl Family for $Type {
            fn into_position(self) -> Position {
                Position::$Type(self)
            }

            fn into_any_move(mv: Self::Move) -> AnyMove {
                AnyMove::$Type(mv)
            }

            fn typed_move(mv: AnyMove) -> Option<Self::Move> {
                match mv {
                    AnyMove::$Type(m) => Some(m),
                    _ => None,
                }
            }
        }
    };
}

family!(Adelta);
family!(Hnefatafl);
family!(Subulata);
family!(Daldosa);
family!(Tafl);

/// Plays a move given as text on one game type.
fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Vec<Event>, MoveError> {
    let mv = game.parse_move(text)?;
    game.play(mv)
}

/// `mv` as a move of `game`'s family (the `game` argument only names the type).
fn typed_move<G: Family>(_game: &G, mv: AnyMove) -> Option<G::Move> {
    G::typed_move(mv)
}

impl Position {
    /// The starting position of `rule_set`; `seed` decides Subulata's set-up.
    pub fn start(rule_set: RuleSetId, seed: u64) -> Position {
        crate::with_rules!(rule_set, G => G::start(rule_set, seed).into_position())
    }

    /// Reads a position string of `rule_set`.
    pub fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Position, PositionError> {
        crate::with_rules!(rule_set, G => Ok(G::from_notation(rule_set, text)?.into_position()))
    }

    /// Which rule set is played.
    pub fn rule_set(&self) -> RuleSetId {
        crate::with_game!(self, g => g.rule_set())
    }

    /// Who acts next, or the outcome.
    pub fn status(&self) -> Status {
        crate::with_game!(self, g => g.status())
    }

    /// Dice (steps) still to use this turn.
    pub fn dice(&self) -> &[u8] {
        crate::with_game!(self, g => g.dice())
    }

    /// Moves (steps) played since the start.
    pub fn ply(&self) -> u32 {
        crate::with_game!(self, g => g.ply())
    }

    /// Every legal move, in canonical notation.
    pub fn legal_moves(&self) -> Vec<String> {
        crate::with_game!(self, g => g.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// Reads a move and returns its canonical notation (syntax only).
    pub fn canonical_move(&self, text: &str) -> Result<String, MoveError> {
        crate::with_game!(self, g => g.parse_move(text).map(|m| m.to_string()))
    }

    /// Plays one move given as text. Nothing changes when it is refused.
    pub fn play(&mut self, text: &str) -> Result<Vec<Event>, MoveError> {
        crate::with_game!(self, g => play_text(g, text))
    }

    /// Plays one typed move (a move of another game family is refused as not a move of this
    /// game). Nothing changes when it is refused.
    pub fn play_move(&mut self, mv: AnyMove) -> Result<Vec<Event>, MoveError> {
        let rule_set = self.rule_set();
        crate::with_game!(self, g => match typed_move(&*g, mv) {
            Some(m) => g.play(m),
            None => Err(MoveError::Syntax {
                input: mv.to_string(),
                expected: Expected::MoveOf(rule_set),
            }),
        })
    }

    /// Applies a roll of the dice the status asks for.
    pub fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError> {
        crate::with_game!(self, g => g.roll(dice))
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
        crate::with_game!(self, g => g.to_notation(viewer))
    }

    /// The board's grid for `viewer`, the same in every language (see [`Game::text_grid`];
    /// `skald_lang::text_board` gives the whole text board).
    pub fn text_grid(&self, viewer: Viewer) -> String {
        crate::with_game!(self, g => g.text_grid(viewer))
    }

    /// The players' name for a cell index found in an event.
    pub fn cell_name(&self, cell: Cell) -> String {
        crate::with_game!(self, g => g.cell_name(cell))
    }

    /// Sets a Subulata player's private value arrangement.
    pub fn arrange(&mut self, seat: Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        crate::with_game!(self, g => g.arrange(seat, values))
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

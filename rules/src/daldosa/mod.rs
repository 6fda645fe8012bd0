//! PLACEHOLDER: the Daldosa rules are written in their own branch.

mod notation;
#[cfg(test)]
mod tests;
mod text;

use crate::{Cell, Event, Game, MoveError, PositionError, RollError, RuleSetId, Status, Viewer};

/// A Daldosa position (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Daldosa {
    rule_set: RuleSetId,
}

/// A Daldosa move (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("?")
    }
}

impl Game for Daldosa {
    type Move = Move;
    const RULE_SETS: &'static [RuleSetId] = &[];
    fn start(rule_set: RuleSetId, _seed: u64) -> Self {
        Daldosa { rule_set }
    }
    fn rule_set(&self) -> RuleSetId {
        self.rule_set
    }
    fn status(&self) -> Status {
        todo!()
    }
    fn dice(&self) -> &[u8] {
        &[]
    }
    fn ply(&self) -> u32 {
        0
    }
    fn legal_moves(&self) -> Vec<Move> {
        todo!()
    }
    fn play(&mut self, _mv: Move) -> Result<Vec<Event>, MoveError> {
        todo!()
    }
    fn roll(&mut self, _dice: &[u8]) -> Result<Vec<Event>, RollError> {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<Move, MoveError> {
        todo!()
    }
    fn to_notation(&self, _viewer: Viewer) -> String {
        todo!()
    }
    fn from_notation(_rule_set: RuleSetId, _text: &str) -> Result<Self, PositionError> {
        todo!()
    }
    fn text_board(&self, _viewer: Viewer) -> String {
        todo!()
    }
    fn cell_name(&self, _cell: Cell) -> String {
        todo!()
    }
}

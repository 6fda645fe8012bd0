//! The game-neutral interface every game module implements.

use crate::{
    ArrangeError, Cell, Event, MoveError, PositionError, RollError, RuleSetId, Seat, Status, Viewer,
};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// One game family's position, with its rules.
///
/// Every game module (`adelta`, `hnefatafl`, `subulata`, `daldosa`) has one type implementing
/// this trait, so the session, the renderer's callers, the CLI and the AI can drive any game
/// the same way. A position is the whole state needed to continue the game: dice still to use
/// are part of it, so nothing here needs an RNG; the caller rolls (see [`crate::dice::roll`])
/// when [`Game::status`] asks for it and records the dice.
pub trait Game: Clone + PartialEq + Eq + Hash + Debug + Send + Sync + 'static {
    /// One move: a whole move in the grid games, a single step (one die) in the dice games.
    /// `Display` prints the canonical notation.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// The rule sets this type plays.
    const RULE_SETS: &'static [RuleSetId];

    /// The starting position of `rule_set` (one of [`Game::RULE_SETS`]; any other id gets the
    /// first). `seed` decides whatever a game randomises at set-up (Subulata's tiles and the
    /// default value arrangement); games without such set-up ignore it.
    fn start(rule_set: RuleSetId, seed: u64) -> Self;

    /// Which rule set this position is played under.
    fn rule_set(&self) -> RuleSetId;

    /// Who must act next, or how the game ended.
    fn status(&self) -> Status;

    /// The dice (steps) still to use this turn, in the order they are shown; empty in games
    /// without dice and while a roll is pending.
    fn dice(&self) -> &[u8];

    /// How many moves (steps, in the dice games) have been played since the start.
    fn ply(&self) -> u32;

    /// Every legal move for the player to move; empty while a roll is pending or after the end.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// The legal moves of the player to move that may end the game at once with that
    /// player's win: every move that does is among them, and more may be (the caller plays
    /// each and reads [`Game::status`]). Exists so a forced-win search (`skald_ai::puzzle`)
    /// need not play every move at the last move of a proof. The default is every legal
    /// move; a family overrides it only with a set shown to miss no ending its rules have
    /// (`docs/PUZZLES.md` "The moves that may win at once").
    fn moves_that_may_win(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// Applies a legal move and returns what happened. An illegal move changes nothing and
    /// gets [`MoveError::Illegal`] with a reason a player understands.
    fn play(&mut self, mv: Self::Move) -> Result<Vec<Event>, MoveError>;

    /// Applies a roll of the dice the status asks for. When no step can be played with the
    /// dice, the turn passes (an [`Event::Passed`]) and the status asks for the next roll.
    fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError>;

    /// Reads a move in this game's notation, forgivingly (case, spaces, optional separators).
    /// Only the syntax is checked here; [`Game::play`] checks legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position string: the full form for [`Viewer::Final`], the form a viewer may see
    /// otherwise (hidden values the viewer may not see are written `?`).
    fn to_notation(&self, viewer: Viewer) -> String;

    /// Reads a position string of `rule_set` (the full form or a public one).
    fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Self, PositionError>;

    /// The board's grid for `viewer`: coordinates and one symbol per cell (letters as in the
    /// position string; hidden values the viewer may not see are written `?`), in a few
    /// monospace lines, the same in every language. `skald_lang::text_board` frames it with
    /// words (whose turn it is, counts, a legend) for consoles and screen readers.
    fn text_grid(&self, viewer: Viewer) -> String;

    /// The name players use for a cell index found in an [`Event`] (`f6`, `13`, `w12`).
    fn cell_name(&self, cell: Cell) -> String;

    /// Sets a player's private value arrangement (Subulata only; other games refuse).
    fn arrange(&mut self, seat: Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        let _ = (seat, values);
        Err(ArrangeError::NotSupported)
    }
}

/// The check every family's tests run on [`Game::moves_that_may_win`]: the moves it names are
/// legal moves in their listed order, and every legal move that ends the game at once with
/// the mover's win is among them. `Err` says which move and where.
#[cfg(test)]
pub(crate) fn check_moves_that_may_win<G: Game>(game: &G) -> Result<(), String> {
    let legal = game.legal_moves();
    let named = game.moves_that_may_win();
    let mut rest = legal.iter();
    for mv in &named {
        if !rest.any(|l| l == mv) {
            return Err(format!(
                "{mv} named out of the legal moves' order in {game:?}"
            ));
        }
    }
    let Some(mover) = game.status().seat() else {
        return Ok(());
    };
    for mv in legal {
        let mut next = game.clone();
        if next.play(mv).is_err() {
            return Err(format!("listed {mv} refused in {game:?}"));
        }
        let wins = matches!(next.status(), crate::Status::Over(o) if o.winner == Some(mover));
        if wins && !named.contains(&mv) {
            return Err(format!("{mv} wins at once but is not named in {game:?}"));
        }
    }
    Ok(())
}

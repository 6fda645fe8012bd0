//! The shape every game drawer has ([`Board`]): a leaf the games implement and the painting
//! order ([`crate::paint`]) and the last-move marks read.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::font::Fonts;
use crate::frame::{Header, LastMove};
use skald_rules::{Cell, Seat};
use tiny_skia::Path;

/// A logical point.
pub(crate) type Pt = (f32, f32);

/// What each game drawer provides. Every drawer lays its board out below the header and
/// answers where its cells are, so the last-move marks and the tests work the same for all.
pub(crate) trait Board {
    /// The header shown above the board.
    fn header(&self) -> &Header;
    /// The last-move marks.
    fn last_move(&self) -> &LastMove;
    /// Height of the whole picture in logical pixels (header included).
    fn height(&self) -> f32;
    /// Checks what the types cannot: sizes, value ranges, the rule set, cell indices.
    fn check(&self) -> Result<(), RenderError>;
    /// Whether `cell` is a valid cell index of this board.
    fn has_cell(&self, cell: Cell) -> bool;
    /// Identifies the static board layer: two scenes with the same key must draw the same
    /// [`Board::draw_static`] (it is cached per key, scale and detail).
    fn layer_key(&self) -> u32;
    /// Draws the part of the board that never changes during a game (frame, fixed cells,
    /// labels). Must depend on nothing but [`Board::layer_key`].
    fn draw_static(&self, c: &mut Canvas, fonts: &Fonts);
    /// Scenes on the same static layer that together show every kind of piece, mark and
    /// header part the game draws, in the places they can be (on each kind of cell, in the
    /// trays): the board's fixed palette is made from their colours (see `quantize.rs`).
    /// Must depend on nothing but [`Board::layer_key`], like the layer.
    fn swatches(&self) -> Vec<Self>
    where
        Self: Sized;
    /// Draws the part of the board under the pieces that depends on the scene (Subulata's
    /// terrain). Most boards have none.
    fn draw_board(&self, _c: &mut Canvas, _fonts: &Fonts) {}
    /// Draws the pieces, and whatever sits with them (trays, scores).
    fn draw_pieces(&self, c: &mut Canvas, fonts: &Fonts);
    /// Where a piece on `cell` stands (its centre).
    fn center(&self, cell: Cell) -> Option<Pt>;
    /// Whose piece stands on `cell`, if any (a capture mark shows the other colour).
    fn seat_at(&self, cell: Cell) -> Option<Seat>;
    /// The area highlighted when `cell` is the start or end of the last move.
    fn area(&self, cell: Cell) -> Option<Path>;
    /// Where an arrow for a piece leaving the board from `from` points to.
    fn exit(&self, from: Cell) -> Option<Pt>;
    /// Radius of a piece (sets the size of rings and crosses).
    fn piece_radius(&self) -> f32;
    /// How much last-move arrows bow sideways, as a fraction of their length (0: straight).
    fn arrow_bend(&self) -> f32;
}

//! What a picture shows, game by game, independent of how it is drawn: the dispatch over
//! the games' scenes.
//!
//! A scene holds exactly what a viewer may see: Subulata values the viewer may not see are not
//! in the scene at all, so a picture can never leak them.

use crate::adelta::AdeltaScene;
use crate::daldosa::DaldosaScene;
use crate::frame::{Compared, Header, LastMove, Turn};
use crate::hnefatafl::HnefataflScene;
use crate::subulata::SubulataScene;

/// One picture to draw: a board of one of the four games, with its header and last move.
///
/// It exists so callers hand the renderer a single value whatever the game, and so the game
/// drawers share one entry point ([`crate::render_png`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[expect(
    clippy::large_enum_variant,
    reason = "a scene is built once per picture; fixed-size boards keep the types exact"
)]
pub enum Scene {
    /// Hnefatafl 11x11 or 13x13.
    Hnefatafl(HnefataflScene),
    /// Ad Elta Stelpur (either rule set).
    Adelta(AdeltaScene),
    /// Subulata.
    Subulata(SubulataScene),
    /// Daldøsa.
    Daldosa(DaldosaScene),
}

impl Scene {
    /// The header common to every game, so callers can read or adjust it without matching.
    pub fn header(&self) -> &Header {
        match self {
            Scene::Hnefatafl(s) => &s.header,
            Scene::Adelta(s) => &s.header,
            Scene::Subulata(s) => &s.header,
            Scene::Daldosa(s) => &s.header,
        }
    }

    /// The header, to adjust (players' names, a caption of one's own).
    pub fn header_mut(&mut self) -> &mut Header {
        match self {
            Scene::Hnefatafl(s) => &mut s.header,
            Scene::Adelta(s) => &mut s.header,
            Scene::Subulata(s) => &mut s.header,
            Scene::Daldosa(s) => &mut s.header,
        }
    }

    /// Marks the picture as that of a finished game, for a game that ended outside its rules
    /// (a resignation, an abort, a timeout, an agreed draw): the header shows `result` (already
    /// in the header's [`Header::lang`]) where it said whose turn it was, and no dice are left
    /// to use.
    ///
    /// Exists so a finished game's picture never shows a stale turn or stale dice, whatever
    /// ended it; the number of moves played stays as the position gave it.
    pub fn finish(&mut self, result: impl Into<String>) {
        let header = self.header_mut();
        header.turn = Turn::Over(result.into());
        header.dice.clear();
    }

    /// Turns the picture into a turning point's: the position (before the move) with the
    /// move `played` and the move `preferred` drawn side by side in two colours, and the
    /// `legend` (played first, then preferred, in the header's language) in a band under
    /// the board. The last move's marks are cleared: the picture is about the move to come.
    ///
    /// Exists for the engine's review; it works the same for every game (tafl slides,
    /// Subulata's moves, the dice games' steps, each step its own arrow).
    pub fn compare(&mut self, played: LastMove, preferred: LastMove, legend: [String; 2]) {
        let last = match self {
            Scene::Hnefatafl(s) => &mut s.last_move,
            Scene::Adelta(s) => &mut s.last_move,
            Scene::Subulata(s) => &mut s.last_move,
            Scene::Daldosa(s) => &mut s.last_move,
        };
        *last = LastMove::none();
        self.header_mut().compared = Some(Compared {
            played,
            preferred,
            legend,
        });
    }

    /// The last-move marks common to every game.
    pub fn last_move(&self) -> &LastMove {
        match self {
            Scene::Hnefatafl(s) => &s.last_move,
            Scene::Adelta(s) => &s.last_move,
            Scene::Subulata(s) => &s.last_move,
            Scene::Daldosa(s) => &s.last_move,
        }
    }
}

impl From<HnefataflScene> for Scene {
    fn from(s: HnefataflScene) -> Scene {
        Scene::Hnefatafl(s)
    }
}

impl From<AdeltaScene> for Scene {
    fn from(s: AdeltaScene) -> Scene {
        Scene::Adelta(s)
    }
}

impl From<SubulataScene> for Scene {
    fn from(s: SubulataScene) -> Scene {
        Scene::Subulata(s)
    }
}

impl From<DaldosaScene> for Scene {
    fn from(s: DaldosaScene) -> Scene {
        Scene::Daldosa(s)
    }
}

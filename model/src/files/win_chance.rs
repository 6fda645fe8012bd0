//! The win-chance graph of a review (`review #id`), stored as what it shows (the first
//! seat's chance after each turn, the turning points, the names) and drawn as a PNG in the
//! reader's language when posted ([`super::File::render`]).

use serde::{Deserialize, Serialize};
use skald_lang::{Lang, Text, t};
use skald_render::{AxisWords, ChartMark, ChartPlayer, WinChart, piece_tone};
use skald_rules::{RuleSetId, Seat};

/// What a review's graph shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinChanceOf {
    /// The game's title, the picture's first line.
    pub title: Text,
    /// The rule set, whose seats' piece colours the players' curves take.
    pub rule_set: RuleSetId,
    /// The players' names, seat A first.
    pub players: [String; 2],
    /// The first seat's chance in thousandths: at the start, then after each turn.
    pub chances: Vec<u16>,
    /// The turning points: an index into [`WinChanceOf::chances`] and the move number.
    pub marks: Vec<(usize, u32)>,
    /// Why the graph ends before the rules ended the game (a resignation, a timeout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
}

impl WinChanceOf {
    /// The picture's data with its words in `lang`.
    pub fn picture(&self, lang: Lang) -> WinChart {
        let player = |seat: Seat| ChartPlayer {
            name: self.players[seat.index()].clone(),
            tone: piece_tone(self.rule_set, seat),
        };
        WinChart {
            title: self.title.render(lang),
            players: [player(Seat::A), player(Seat::B)],
            chances: self
                .chances
                .iter()
                .map(|&m| f64::from(m.min(1000)) / 1000.0)
                .collect(),
            marks: self
                .marks
                .iter()
                .filter(|(i, _)| *i < self.chances.len())
                .map(|&(index, number)| ChartMark {
                    index,
                    label: number.to_string(),
                })
                .collect(),
            note: self.note.as_ref().map(|n| n.render(lang)),
            axis: AxisWords {
                top: t!("review-axis-percent", n = 100).render(lang),
                middle: t!("review-axis-percent", n = 50).render(lang),
                bottom: t!("review-axis-percent", n = 0).render(lang),
                moves: t!("review-axis-moves").render(lang),
            },
            per_move: if self.rule_set.uses_dice() { 1 } else { 2 },
        }
    }
}

//! The win-chance graph of a review (`review #id`), stored as what it shows (the first
//! seat's chance after each turn, the turning points, the names) and drawn as a PNG in the
//! reader's language when posted ([`super::File::render`]).

use serde::{Deserialize, Serialize};
use skald_lang::Text;
use skald_rules::RuleSetId;

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

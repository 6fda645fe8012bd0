//! Colour allocation for a pair once it is made (C.04.3 section E).

use crate::model::Color;

use super::state::{PlayerState, Prepared};
use super::weights::preferences_compatible;

/// The colour `player` gets against `opponent`, by the rules E.1 to E.5:
/// grant both preferences when possible; else the stronger preference (absolute over strong
/// over mild, then the larger imbalance); else alternate from the last round in which the two
/// had different colours; else the higher-ranked player's preference; and when neither has
/// one, the initial colour by the higher-ranked player's pairing number (odd: the initial
/// colour, even: the other).
pub(crate) fn color_for(prep: &Prepared, player: usize, opponent: usize, initial: Color) -> Color {
    let p = &prep.players[player];
    let o = &prep.players[opponent];
    if let Some(color) = neutral_color(p, o) {
        return color;
    }
    let player_is_lower = (p.score, o.rank) < (o.score, p.rank);
    match p.preference {
        None => {
            let higher = if player_is_lower { o } else { p };
            let higher_color = if higher.rank % 2 == 1 {
                initial.invert()
            } else {
                initial
            };
            if player_is_lower {
                higher_color.invert()
            } else {
                higher_color
            }
        }
        Some(preference) => {
            if player_is_lower {
                o.preference.map_or(preference, Color::invert)
            } else {
                preference
            }
        }
    }
}

/// The colour decided by the two histories alone, when they decide it.
fn neutral_color(p: &PlayerState, o: &PlayerState) -> Option<Color> {
    if preferences_compatible(p.preference, o.preference) {
        return p.preference.or(o.preference.map(Color::invert));
    }
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference;
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.preference.map(Color::invert);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return o.preference.map(Color::invert);
    }
    first_color_difference(p, o)
}

/// Going back through the played games of both, the most recent round (counted in played
/// games) in which their colours differed: the player gets the colour the opponent had then.
fn first_color_difference(p: &PlayerState, o: &PlayerState) -> Option<Color> {
    let mine = p.entries.iter().rev().filter_map(|e| e.played_color());
    let theirs = o.entries.iter().rev().filter_map(|e| e.played_color());
    mine.zip(theirs)
        .find(|(a, b)| a != b)
        .map(|(_, theirs)| theirs)
}

//! The rule sets Skald knows, with their stable ids, friendly aliases and a few facts (dice,
//! draws, hidden information), one row of data per rule set.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A rule set, identified in commands, storage and tests by its stable id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RuleSetId {
    /// Ad Elta Stelpur, Ludens Planet rules (`adelta`).
    #[serde(rename = "adelta")]
    Adelta,
    /// Ad Elta Stelpur, Alex le Rustik rules (`adelta-rustik`).
    #[serde(rename = "adelta-rustik")]
    AdeltaRustik,
    /// Hnefatafl on 11x11 (`hnefatafl`).
    #[serde(rename = "hnefatafl")]
    Hnefatafl,
    /// Hnefatafl on 13x13 (`hnefatafl-13`).
    #[serde(rename = "hnefatafl-13")]
    Hnefatafl13,
    /// Subulata by Corné van Moorsel (`subulata`).
    #[serde(rename = "subulata")]
    Subulata,
    /// Daldøsa, the Norwegian boat game (`daldosa`).
    #[serde(rename = "daldosa")]
    Daldosa,
    /// Copenhagen Hnefatafl on 11x11, the tafl community's rules (`copenhagen`).
    #[serde(rename = "copenhagen")]
    Copenhagen,
    /// Brandubh on 7x7, as played online (`brandubh`).
    #[serde(rename = "brandubh")]
    Brandubh,
}

impl RuleSetId {
    /// Every rule set, in the order `skald rules list` prints them.
    pub const ALL: [RuleSetId; 8] = [
        RuleSetId::Adelta,
        RuleSetId::AdeltaRustik,
        RuleSetId::Hnefatafl,
        RuleSetId::Hnefatafl13,
        RuleSetId::Subulata,
        RuleSetId::Daldosa,
        RuleSetId::Copenhagen,
        RuleSetId::Brandubh,
    ];

    /// The one row of facts about this rule set: every method below reads it, so a new rule
    /// set is one variant, one entry in [`RuleSetId::ALL`] and one row here.
    const fn facts(self) -> Facts {
        match self {
            RuleSetId::Adelta => Facts {
                id: "adelta",
                aliases: &["ad-elta", "ad-elta-stelpur", "adeltastelpur", "stelpur"],
                dice: true,
                opening_roll: true,
                ..Facts::PLAIN
            },
            RuleSetId::AdeltaRustik => Facts {
                id: "adelta-rustik",
                aliases: &["rustik", "adelta-r"],
                dice: true,
                opening_roll: true,
                ..Facts::PLAIN
            },
            RuleSetId::Hnefatafl => Facts {
                id: "hnefatafl",
                aliases: &["hnefatafl-11", "tafl", "tafl-11", "hnefatafl11"],
                draws: true,
                ..Facts::PLAIN
            },
            RuleSetId::Hnefatafl13 => Facts {
                id: "hnefatafl-13",
                aliases: &["tafl-13", "hnefatafl13", "tafl13"],
                draws: true,
                ..Facts::PLAIN
            },
            RuleSetId::Subulata => Facts {
                id: "subulata",
                aliases: &["subu"],
                draws: true,
                hidden: true,
                ..Facts::PLAIN
            },
            RuleSetId::Daldosa => Facts {
                id: "daldosa",
                aliases: &["daldøsa", "daldos", "daldøs", "dalldos"],
                dice: true,
                ..Facts::PLAIN
            },
            RuleSetId::Copenhagen => Facts {
                id: "copenhagen",
                aliases: &[
                    "cph",
                    "copenhagen-hnefatafl",
                    "hnefatafl-copenhagen",
                    "copenhague",
                    "cph-11",
                    "copenhagen-11",
                ],
                draws: true,
                ..Facts::PLAIN
            },
            RuleSetId::Brandubh => Facts {
                id: "brandubh",
                aliases: &["brandub", "brandubh-7", "brandub-7", "bran-dubh"],
                draws: true,
                ..Facts::PLAIN
            },
        }
    }

    /// The stable id used in commands, storage and tests.
    pub fn id(self) -> &'static str {
        self.facts().id
    }

    /// Whether the game uses dice (and so needs rolls from the server).
    pub fn uses_dice(self) -> bool {
        self.facts().dice
    }

    /// Whether an opening roll, not the seat, decides who moves first (Ad Elta Stelpur), so
    /// messages do not promise seat A the first move.
    pub fn opening_roll_decides_start(self) -> bool {
        self.facts().opening_roll
    }

    /// Whether a game can end in a draw (and so players may agree to one): the tafl games and
    /// Subulata can; Ad Elta Stelpur and Daldøsa always end with a winner.
    pub fn has_draws(self) -> bool {
        self.facts().draws
    }

    /// Whether the game hides information from the opponent and spectators.
    pub fn has_hidden_information(self) -> bool {
        self.facts().hidden
    }

    /// Names accepted for the rule set (lower case, compared after folding): its id first,
    /// then the friendly aliases.
    pub fn aliases(self) -> Vec<&'static str> {
        let facts = self.facts();
        std::iter::once(facts.id)
            .chain(facts.aliases.iter().copied())
            .collect()
    }

    /// Whether `folded` (lower case, `-` for spaces and underscores) names this rule set.
    fn is_named(self, folded: &str) -> bool {
        let facts = self.facts();
        facts.id == folded || facts.aliases.contains(&folded)
    }
}

/// What Skald knows of one rule set besides the type that plays it (that is the registry's,
/// `registry.rs`): a row of data, so adding a rule set adds a row, not an arm to every method.
struct Facts {
    /// The stable id.
    id: &'static str,
    /// Friendly names besides the id, lower case.
    aliases: &'static [&'static str],
    /// Whether the server rolls dice.
    dice: bool,
    /// Whether an opening roll decides who starts.
    opening_roll: bool,
    /// Whether the game can be drawn.
    draws: bool,
    /// Whether the game hides information.
    hidden: bool,
}

impl Facts {
    /// No dice, no draws, nothing hidden: the row the others amend.
    const PLAIN: Facts = Facts {
        id: "",
        aliases: &[],
        dice: false,
        opening_roll: false,
        draws: false,
        hidden: false,
    };
}

impl fmt::Display for RuleSetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A rule set name that matches no id or alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

/// Names the known rule sets from [`RuleSetId::ALL`], so a new rule set is listed without
/// editing the message.
impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = RuleSetId::ALL.map(RuleSetId::id).to_vec();
        write!(
            f,
            "unknown rule set '{}'; known rule sets: {}",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownRuleSet {}

impl FromStr for RuleSetId {
    type Err = UnknownRuleSet;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let folded: String = s
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if c == '_' || c == ' ' { '-' } else { c })
            .collect();
        RuleSetId::ALL
            .into_iter()
            .find(|r| r.is_named(&folded))
            .ok_or_else(|| UnknownRuleSet(s.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a tafl player types finds the tafl community's rule sets, and every id is unique.
    #[test]
    fn tafl_players_find_their_rule_sets() {
        for (typed, id) in [
            ("copenhagen", RuleSetId::Copenhagen),
            ("cph", RuleSetId::Copenhagen),
            ("Copenhagen Hnefatafl", RuleSetId::Copenhagen),
            ("copenhagen_hnefatafl", RuleSetId::Copenhagen),
            ("brandubh", RuleSetId::Brandubh),
            ("Brandub", RuleSetId::Brandubh),
            ("tafl", RuleSetId::Hnefatafl),
        ] {
            assert_eq!(typed.parse::<RuleSetId>(), Ok(id), "{typed}");
        }
        for a in RuleSetId::ALL {
            assert_eq!(a.id().parse::<RuleSetId>(), Ok(a));
            assert_eq!(a.aliases().first(), Some(&a.id()));
            for b in RuleSetId::ALL.into_iter().filter(|b| *b != a) {
                for alias in a.aliases() {
                    assert!(!b.aliases().contains(&alias), "{alias}: {a} and {b}");
                }
            }
        }
        let unknown = "chess".parse::<RuleSetId>().map_err(|e| e.to_string());
        assert_eq!(
            unknown,
            Err(
                "unknown rule set 'chess'; known rule sets: adelta, adelta-rustik, hnefatafl, \
                 hnefatafl-13, subulata, daldosa, copenhagen, brandubh"
                    .to_string()
            )
        );
        assert!(RuleSetId::Copenhagen.has_draws() && RuleSetId::Brandubh.has_draws());
        assert!(!RuleSetId::Brandubh.uses_dice());
    }
}

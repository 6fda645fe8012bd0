//! A league as stored: the seasons on its own tournament document, and how a division's
//! tournament points back to it (the session's `league` module plays the seasons).

use crate::clock::Timestamp;
use crate::identity::UserId;
use serde::{Deserialize, Serialize};
use skald_tournament::league::{Move, Season};

/// How a tournament document belongs to a league.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeagueLink {
    /// The document is the league itself.
    League(LeagueState),
    /// The tournament is one division of one season of a league.
    Division {
        /// The league's document.
        league: u64,
        /// The season's number (1 for the first).
        season: u32,
        /// The division, 0 for the top one.
        division: usize,
    },
}

/// A league's seasons (its members are the document's players).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeagueState {
    /// Every season so far, the current (or last) one last.
    pub seasons: Vec<SeasonRecord>,
}

impl LeagueState {
    /// The season being played or, between seasons, the last one played.
    pub fn last(&self) -> Option<&SeasonRecord> {
        self.seasons.last()
    }
}

/// One season: its divisions and how its players got there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonRecord {
    /// 1 for the first season.
    pub number: u32,
    /// The divisions, the top one first.
    pub divisions: Vec<DivisionRecord>,
    /// Who went up, down or came in to make this season (empty for the first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Move<UserId>>,
    /// Who had left the league when this season was made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<UserId>,
    /// When it began.
    pub started: Timestamp,
    /// When its last division ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<Timestamp>,
}

impl SeasonRecord {
    /// The season as the league arithmetic reads it.
    pub fn as_season(&self) -> Season<UserId> {
        Season {
            number: self.number,
            divisions: self.divisions.iter().map(|d| d.players.clone()).collect(),
        }
    }

    /// Whether every division has its final standings.
    pub fn complete(&self) -> bool {
        self.divisions.iter().all(|d| d.results.is_some())
    }

    /// Whether a user plays in this season.
    pub fn plays(&self, user: &UserId) -> bool {
        self.divisions.iter().any(|d| d.players.contains(user))
    }
}

/// One division of a season: its tournament and, once over, its final order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivisionRecord {
    /// The division's round-robin.
    pub tournament: u64,
    /// Its players in the season's seed order.
    pub players: Vec<UserId>,
    /// Its final standings, best first (every player once, leavers included), when over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<UserId>>,
}

//! Leagues (issue #22): a community's standing league for one rule set, played in seasons.
//! Each season its players are split into divisions of 4 to 8 that each play a
//! round-robin; when the last division's last game ends the best go up, the last go down,
//! and the next season is made and started in that same commit. Players join or leave
//! between seasons: a join counts from the next season, a leave after the current one.
//! The season arithmetic (first season, promotion, relegation, rebalancing) is the pure
//! `skald_tournament::league`; this module stores it, decides when, and tells the players.
//!
//! Storage: a league is a [`TournamentDoc`] of its own whose `league` is
//! [`LeagueLink::League`] (its members are its players, its terms the divisions'
//! template), and each division of a season is an ordinary round-robin tournament whose
//! `league` is [`LeagueLink::Division`]. So a league shares the tournaments' storage,
//! compare-and-swap, export and migration on both stores; tournament commands never show
//! or touch a league's own document.
//!
//! Exactly once: a division's end is written into the league (with compare-and-swap) in
//! the commit of the game that ended the division, so two divisions ending at once race on
//! the league and the loser reads it again, finding the other's result: the season turns
//! over once. A new league is made under a store lease named after its community and rule
//! set, so two first `join`s make one league. Decisions: `docs/TOURNAMENTS.md` ("Leagues").
//!
//! - [`season`]: a season begun (divisions made and started) and a division's end;
//! - `commands`: `league …`;
//! - `show`: the texts.

mod commands;
pub mod season;
mod show;

use crate::clock::Timestamp;
use crate::identity::UserId;
use crate::tournament::TournamentDoc;
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

impl TournamentDoc {
    /// A league document's seasons (`None` for a tournament).
    pub fn league_state(&self) -> Option<&LeagueState> {
        match &self.league {
            Some(LeagueLink::League(state)) => Some(state),
            _ => None,
        }
    }

    /// A league's members who play on: its players less those leaving after the season.
    pub fn league_members(&self) -> impl Iterator<Item = &crate::tournament::doc::Entrant> {
        self.players.iter().filter(|e| e.withdrawn.is_none())
    }

    /// A league document's seasons, to change (`None` for a tournament).
    pub fn league_state_mut(&mut self) -> Option<&mut LeagueState> {
        match &mut self.league {
            Some(LeagueLink::League(state)) => Some(state),
            _ => None,
        }
    }
}

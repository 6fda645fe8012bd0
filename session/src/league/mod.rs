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

pub(crate) mod commands;
pub mod season;
mod show;

pub use skald_model::league::*;

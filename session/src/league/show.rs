//! What players read of a league: its line in `league`, and `league <rule-set>`: the
//! season, each division's standings, who joins next season and who leaves.

use super::LeagueState;
use super::season::{hub_name, rule_set_name};
use crate::tournament::TournamentDoc;
use crate::tournament::doc::State;
use crate::{Cx, Text, t};

/// A league's line in `league`: its game, season and players.
pub(crate) fn league_summary(hub: &TournamentDoc) -> Text {
    let members = hub.league_members().count();
    match (hub.state, hub.league_state().and_then(LeagueState::last)) {
        (State::Running, Some(s)) => t!(
            "league-summary-running",
            game = rule_set_name(hub.rule_set),
            id = hub.rule_set.id(),
            season = s.number,
            divisions = s.divisions.len(),
            players = members
        ),
        _ => t!(
            "league-summary-waiting",
            game = rule_set_name(hub.rule_set),
            id = hub.rule_set.id(),
            players = members,
            need = skald_tournament::league::MIN_DIVISION
        ),
    }
}

impl Cx {
    /// `league <rule-set>`: the league's state and, while a season is played (or after
    /// it), each division's standings (`divisions`: the season's tournaments, read).
    pub(super) fn league_text(&self, hub: &TournamentDoc, divisions: &[TournamentDoc]) -> Text {
        let game = rule_set_name(hub.rule_set);
        let season = hub.league_state().and_then(LeagueState::last);
        let members: Vec<String> = hub.league_members().map(|e| e.user.name.clone()).collect();
        let mut text = match (hub.state, season) {
            (State::Running, Some(s)) => t!(
                "league-title-running",
                game = game.clone(),
                season = s.number,
                clock = crate::challenge::clock_terms(hub.days, hub.bank.as_ref()),
                ranked = if hub.ranked { "yes" } else { "no" }
            ),
            (_, Some(s)) => t!(
                "league-title-between",
                game = game.clone(),
                season = s.number,
                id = hub.rule_set.id(),
                need = skald_tournament::league::MIN_DIVISION
            ),
            (_, None) => t!(
                "league-title-open",
                game = game.clone(),
                id = hub.rule_set.id(),
                players = members.len(),
                names = members.join(", "),
                need = skald_tournament::league::MIN_DIVISION
            ),
        };
        let Some(season) = season else {
            return text;
        };
        for (i, record) in season.divisions.iter().enumerate() {
            let Some(doc) = divisions.iter().find(|d| d.id == record.tournament) else {
                continue;
            };
            text.line(t!(
                "league-division-title",
                division = i + 1,
                id = doc.id,
                over = if doc.state == State::Finished {
                    "yes"
                } else {
                    "no"
                }
            ));
            text.line(doc.standings_text());
        }
        if !divisions.is_empty() {
            text.line(t!("tournament-note-sb"));
        }
        let joining: Vec<String> = hub
            .league_members()
            .filter(|e| !season.plays(&e.user.id))
            .map(|e| e.user.name.clone())
            .collect();
        if !joining.is_empty() {
            text.line(t!(
                "league-joining-next",
                names = joining.join(", "),
                next = season.number + 1
            ));
        }
        let leaving: Vec<String> = hub
            .players
            .iter()
            .filter(|e| e.withdrawn.is_some())
            .map(|e| hub_name(hub, &e.user.id))
            .collect();
        if !leaving.is_empty() {
            text.line(t!(
                "league-leaving",
                names = leaving.join(", "),
                season = season.number
            ));
        }
        text
    }
}

//! The tournament's final announcement and the texts the commands show (the document's
//! own texts, terms and standings, are `skald_model::tournament::show`).

use super::doc::{Format, State, TournamentDoc};
use crate::{Cx, Text, t};
use skald_tournament::standings;

impl Cx {
    /// `tournament [#id]`: the title, where it stands, and the standings.
    pub(super) fn standings_reply_text(&self, doc: &TournamentDoc) -> Text {
        let mut text = t!("tournament-title", id = doc.id, terms = doc.terms());
        let started = doc.current_round();
        text.line(match doc.state {
            State::Open => t!(
                "tournament-state-open",
                id = doc.id,
                players = doc.players.len(),
                names = doc
                    .players
                    .iter()
                    .map(|p| p.user.name.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                creator = &doc.creator.name
            ),
            State::Running => t!(
                "tournament-state-running",
                round = started,
                rounds = doc.planned_rounds(),
                waiting = doc
                    .rounds
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .filter(|p| p.game.is_some() && p.outcome.is_none())
                    .count()
            ),
            State::Finished => t!("tournament-state-finished"),
        });
        if doc.state != State::Open {
            text.line(doc.standings_text());
            if let Some(note) = doc.tiebreak_note() {
                text.line(note);
            }
        }
        text
    }

    /// The announcement of the end: the final standings and the winner.
    pub(super) fn final_text(&self, doc: &TournamentDoc, early: bool) -> Text {
        let mut text = if early {
            t!("tournament-over-early", id = doc.id)
        } else {
            t!("tournament-over", id = doc.id)
        };
        text.line(doc.standings_text());
        if doc.format != Format::Knockout {
            let record = doc.as_tournament(None);
            let winners: Vec<String> = standings::standings(&record)
                .iter()
                .filter(|s| s.rank == 1)
                .map(|s| doc.name(s.start_number))
                .collect();
            if let Some(note) = doc.tiebreak_note() {
                text.line(note);
            }
            text.line(t!(
                "tournament-winner",
                names = winners.join(", "),
                count = winners.len()
            ));
        }
        text
    }
}

//! A round's boards made into games: ordinary games (ranked or casual as the tournament is,
//! on its clock, in its home channel) that know their tournament, numbered from the shared
//! sequence, and the notice that pings their players.

use super::doc::TournamentDoc;
use super::pairing::{Advance, Slot};
use crate::clock::Timestamp;
use crate::game::GameDoc;
use crate::reply::{Notice, Reply};
use crate::{Cx, Failure, Text, t};
use rand::RngExt;
use skald_rules::{Match, Seat};

impl Cx {
    /// Makes a game for each board in `slots` (white in the first seat), writes their
    /// numbers into the tournament, and returns them, to be committed with it.
    pub(crate) fn make_games(
        &self,
        doc: &mut TournamentDoc,
        slots: &[Slot],
        now: Timestamp,
    ) -> Result<Vec<GameDoc>, Failure> {
        let mut games = Vec::with_capacity(slots.len());
        for &(ri, pi) in slots {
            let Some(p) = doc.rounds.get(ri).and_then(|r| r.pairings.get(pi)) else {
                continue;
            };
            let (Some(white), Some(black)) = (doc.entrant(p.white), doc.entrant(p.black)) else {
                continue;
            };
            let players = [white.user.clone(), black.user.clone()];
            let id = self.store.allocate_id()?;
            let m = {
                let mut rng = self.rng();
                let seed: u64 = rng.random();
                Match::new(doc.rule_set, seed, &mut *rng).0
            };
            let mut g = GameDoc {
                homes: vec![doc.home.clone()],
                tournament: Some(doc.id),
                ..GameDoc::new(
                    id,
                    doc.community.clone(),
                    doc.home.channel.clone(),
                    players,
                    (doc.ranked, doc.days, doc.bank),
                    &m,
                    now,
                )
            };
            self.start_turn(&mut g, &m, now)?;
            if let Some(p) = doc.rounds.get_mut(ri).and_then(|r| r.pairings.get_mut(pi)) {
                p.game = Some(id);
            }
            games.push(g);
        }
        Ok(games)
    }

    /// What the players read when boards begin (and when the tournament ends): one message
    /// in the tournament's home channel listing the new games, pinging their players, and
    /// the final standings when it is over. `None` when there is nothing to tell.
    pub(crate) fn advance_reply(
        &self,
        doc: &TournamentDoc,
        advance: &Advance,
        games: &[GameDoc],
    ) -> Option<Reply> {
        let mut text = Text::new();
        let mut reply = Reply::done(Text::new());
        let round_of = |game: u64| {
            doc.rounds
                .iter()
                .find(|r| r.pairings.iter().any(|p| p.game == Some(game)))
                .map(|r| r.number)
        };
        let game_line = |g: &GameDoc| {
            t!(
                "tournament-game-line",
                game = g.id,
                a = g.label(Seat::A),
                b = g.label(Seat::B)
            )
        };
        for round in &advance.rounds_begun {
            let Some(r) = doc.rounds.iter().find(|r| r.number == *round) else {
                continue;
            };
            text.line(t!(
                "tournament-round-begins",
                id = doc.id,
                round = *round,
                rounds = doc.planned_rounds()
            ));
            for g in games.iter().filter(|g| round_of(g.id) == Some(*round)) {
                text.line(game_line(g));
            }
            if let Some(bye) = r.bye {
                text.line(t!("tournament-round-bye", name = doc.name(bye)));
            }
        }
        let others: Vec<&GameDoc> = games
            .iter()
            .filter(|g| round_of(g.id).is_none_or(|r| !advance.rounds_begun.contains(&r)))
            .collect();
        if !others.is_empty() {
            text.line(t!("tournament-new-games", id = doc.id));
            for g in others {
                text.line(game_line(g));
            }
        }
        for g in games {
            for p in &g.players {
                reply.ping(&p.id);
            }
        }
        if !games.is_empty() {
            text.line(t!(
                "tournament-games-clock",
                clock = crate::challenge::clock_terms(doc.days, doc.bank.as_ref())
            ));
        }
        if advance.finished {
            text.line(self.final_text(doc, advance.ended_early));
            for e in &doc.players {
                reply.ping(&e.user.id);
            }
        }
        if text.is_empty() {
            return None;
        }
        reply.text = text;
        reply.own_channels = self.own_channels(doc, games);
        Some(reply)
    }

    /// [`Cx::advance_reply`] as a notice for the tournament's home channel.
    pub(crate) fn advance_notice(
        &self,
        doc: &TournamentDoc,
        advance: &Advance,
        games: &[GameDoc],
    ) -> Option<Notice> {
        self.advance_reply(doc, advance, games).map(|reply| Notice {
            channel: doc.home.channel.clone(),
            platform: doc.home.platform.clone(),
            reply,
            said: None,
        })
    }
}

//! A season begun (its divisions made as round-robin tournaments, started, their games
//! made) and a division's end recorded in its league, which turns the season over when it
//! was the last: all inside the commit of the command or the game ending that caused it.

use super::{DivisionRecord, LeagueLink, SeasonRecord};
use crate::clock::Timestamp;
use crate::game::GameDoc;
use crate::identity::{CommunityId, UserId};
use crate::reply::{Notice, Reply};
use crate::tournament::TournamentDoc;
use crate::tournament::doc::{Entrant, State};
use crate::tournament::pairing;
use crate::tournament::results::TournamentEffects;
use crate::{Cx, Failure, Text, t};
use skald_rules::RuleSetId;
use skald_tournament::league::{self, MIN_DIVISION, Move, NextSeason, Season};
use skald_tournament::standings;
use std::collections::BTreeSet;

/// A season made: its division tournaments (started), their games, and the announcement.
pub(crate) struct SeasonStart {
    /// The divisions' tournaments, new, running.
    pub divisions: Vec<TournamentDoc>,
    /// Every game of the season (a round-robin's games all start at once).
    pub games: Vec<GameDoc>,
    /// What the players read: the divisions, their games, pings for everyone.
    pub reply: Reply,
}

impl Cx {
    /// A player's ladder rating for the league's game, as tournaments seed by it.
    pub(crate) fn ladder_rating(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
        user: &UserId,
    ) -> Result<u16, Failure> {
        let rating = self
            .store
            .standing(community, rule_set, user)?
            .map_or(1500.0, |s| s.rating);
        Ok(rating.round().clamp(0.0, f64::from(u16::MAX)) as u16)
    }

    /// The season after the league's last one (or its first): `None` when fewer than
    /// [`MIN_DIVISION`] members would play it.
    pub(crate) fn season_after(
        &self,
        hub: &TournamentDoc,
    ) -> Result<Option<NextSeason<UserId>>, Failure> {
        let members: Vec<UserId> = hub.league_members().map(|e| e.user.id.clone()).collect();
        if members.len() < MIN_DIVISION {
            return Ok(None);
        }
        let last = hub.league_state().and_then(|s| s.last());
        let Some(last) = last.filter(|s| s.complete()) else {
            let mut rated = Vec::with_capacity(members.len());
            for m in &members {
                rated.push((
                    m.clone(),
                    self.ladder_rating(&hub.community, hub.rule_set, m)?,
                ));
            }
            let first = league::first_season(&rated).map_err(refused)?;
            let moves = first
                .divisions
                .iter()
                .enumerate()
                .flat_map(|(d, players)| {
                    players.iter().map(move |p| Move {
                        player: p.clone(),
                        from: None,
                        to: d,
                    })
                })
                .collect();
            return Ok(Some(NextSeason {
                season: Season {
                    number: last.map_or(1, |s| s.number + 1),
                    ..first
                },
                moves,
                left: Vec::new(),
            }));
        };
        let season = last.as_season();
        let in_league: BTreeSet<&UserId> = members.iter().collect();
        let left: Vec<UserId> = season
            .divisions
            .iter()
            .flatten()
            .filter(|p| !in_league.contains(p))
            .cloned()
            .collect();
        let mut joining = Vec::new();
        for m in members.iter().filter(|m| !last.plays(m)) {
            joining.push((
                m.clone(),
                self.ladder_rating(&hub.community, hub.rule_set, m)?,
            ));
        }
        let results: Vec<Vec<UserId>> = last
            .divisions
            .iter()
            .map(|d| d.results.clone().unwrap_or_default())
            .collect();
        league::next_season(&season, &results, &left, &joining)
            .map(Some)
            .map_err(refused)
    }

    /// Makes `next`'s divisions into running round-robins with their games, records the
    /// season in the league, and says so. The caller commits everything with the league.
    pub(crate) fn begin_season(
        &self,
        hub: &mut TournamentDoc,
        next: NextSeason<UserId>,
        now: Timestamp,
    ) -> Result<SeasonStart, Failure> {
        let number = next.season.number;
        let mut divisions = Vec::new();
        let mut records = Vec::new();
        let mut games = Vec::new();
        // Who went up, down, came or left first: what players look for in a new season.
        let mut reply = Reply::done(moves_text(hub, &next.moves, &next.left, number));
        reply.line(t!(
            "league-season-begins",
            game = rule_set_name(hub.rule_set),
            season = number,
            divisions = next.season.divisions.len(),
            players = next.season.players(),
            clock = crate::challenge::clock_terms(hub.days, hub.bank.as_ref())
        ));
        for (d, players) in next.season.divisions.iter().enumerate() {
            let mut entrants = Vec::with_capacity(players.len());
            for p in players {
                let Some(member) = hub.players.iter().find(|e| e.user.id == *p) else {
                    return Err(Failure::Refused(t!("nothing-written")));
                };
                entrants.push(Entrant {
                    user: member.user.clone(),
                    start: 0,
                    rating: self.ladder_rating(&hub.community, hub.rule_set, p)?,
                    withdrawn: None,
                });
            }
            let mut doc = TournamentDoc {
                days: hub.days,
                bank: hub.bank,
                ranked: hub.ranked,
                players: entrants,
                league: Some(LeagueLink::Division {
                    league: hub.id,
                    season: number,
                    division: d,
                }),
                ..TournamentDoc::new_open(
                    self.store.allocate_id()?,
                    hub.community.clone(),
                    hub.home.clone(),
                    hub.rule_set,
                    hub.creator.clone(),
                    now,
                )
            };
            let advance = pairing::start(&mut doc).map_err(|_| {
                Failure::Refused(t!("league-too-few", players = players.len(), need = 3))
            })?;
            let made = self.make_games(&mut doc, &advance.new_games, now)?;
            let names: Vec<String> = players.iter().map(|p| hub_name(hub, p)).collect();
            reply.line(t!(
                "league-division-line",
                division = d + 1,
                id = doc.id,
                names = names.join(", ")
            ));
            if let Some(told) = self.advance_reply(&doc, &advance, &made) {
                reply.line(told.text);
                // On Discord with `discord.threads`, each game in a thread of its own.
                reply.own_channels.extend(told.own_channels);
            }
            for p in players {
                reply.ping(p);
            }
            records.push(DivisionRecord {
                tournament: doc.id,
                players: players.clone(),
                results: None,
            });
            games.extend(made);
            divisions.push(doc);
        }
        if let Some(state) = hub.league_state_mut() {
            state.seasons.push(SeasonRecord {
                number,
                divisions: records,
                moves: next.moves,
                left: next.left,
                started: now,
                finished: None,
            });
        }
        // Who left is gone now that the season they finished is over.
        hub.players.retain(|e| e.withdrawn.is_none());
        hub.state = State::Running;
        Ok(SeasonStart {
            divisions,
            games,
            reply,
        })
    }

    /// What a division's end does to its league, in the same commit: its final order
    /// written into the league, and when it was the season's last division, the next
    /// season made and started (or the league paused for want of players) and announced.
    /// Nothing for a tournament outside a league.
    pub(crate) fn league_effects(
        &self,
        division: &TournamentDoc,
    ) -> Result<TournamentEffects, Failure> {
        let Some(LeagueLink::Division {
            league,
            season,
            division: d,
        }) = division.league
        else {
            return Ok(TournamentEffects::default());
        };
        if division.state != State::Finished && division.finished.is_none() {
            return Ok(TournamentEffects::default());
        }
        let Some(stored) = self.store.tournament(league)? else {
            tracing::warn!(
                tournament = division.id,
                league,
                "a division's league is missing"
            );
            return Ok(TournamentEffects::default());
        };
        let mut hub = stored.doc.clone();
        let now = self.now();
        let complete = {
            let Some(record) = hub
                .league_state_mut()
                .and_then(|s| s.seasons.iter_mut().find(|s| s.number == season))
            else {
                return Ok(TournamentEffects::default());
            };
            match record.divisions.get_mut(d) {
                Some(div) if div.tournament == division.id && div.results.is_none() => {
                    div.results = Some(final_order(division));
                }
                _ => return Ok(TournamentEffects::default()),
            }
            if record.complete() {
                record.finished = Some(now);
            }
            record.complete().then(|| record.clone())
        };
        let mut effects = TournamentEffects::default();
        let Some(record) = complete else {
            effects.tournaments.push((Some(stored), hub));
            return Ok(effects);
        };
        let mut text = t!(
            "league-season-over",
            game = rule_set_name(hub.rule_set),
            season = season
        );
        for (i, div) in record.divisions.iter().enumerate() {
            if let Some(first) = div.results.as_ref().and_then(|r| r.first()) {
                text.line(t!(
                    "league-division-winner",
                    division = i + 1,
                    name = hub_name(&hub, first)
                ));
            }
        }
        let mut reply = match self.season_after(&hub)? {
            Some(next) => {
                let started = self.begin_season(&mut hub, next, now)?;
                effects
                    .tournaments
                    .extend(started.divisions.into_iter().map(|t| (None, t)));
                effects
                    .games
                    .extend(started.games.into_iter().map(|g| (None, g)));
                let mut reply = started.reply;
                text.line(reply.text);
                reply.text = text;
                reply
            }
            None => {
                hub.state = State::Open;
                text.line(t!(
                    "league-paused",
                    game = rule_set_name(hub.rule_set),
                    id = hub.rule_set.id(),
                    players = hub.league_members().count(),
                    need = MIN_DIVISION
                ));
                Reply::done(text)
            }
        };
        for e in hub.league_members() {
            reply.ping(&e.user.id);
        }
        tracing::info!(league = hub.id, season, "league season over");
        effects.notices.push(Notice {
            channel: hub.home.channel.clone(),
            platform: hub.home.platform.clone(),
            reply,
            said: None,
        });
        effects.tournaments.insert(0, (Some(stored), hub));
        Ok(effects)
    }
}

/// A finished division's players in final order, best first (ties as the tie-breaks and
/// then the start numbers leave them).
fn final_order(division: &TournamentDoc) -> Vec<UserId> {
    let record = division.as_tournament(None);
    standings::standings(&record)
        .iter()
        .filter_map(|s| division.entrant(s.start_number).map(|e| e.user.id.clone()))
        .collect()
}

/// A member's name as the league knows it (leavers stay members, marked, until the next
/// season is made).
pub(super) fn hub_name(hub: &TournamentDoc, user: &UserId) -> String {
    hub.players
        .iter()
        .find(|e| e.user.id == *user)
        .map_or_else(|| user.key(), |e| e.user.name.clone())
}

/// The game's proper name (the same in every language).
pub(super) fn rule_set_name(rule_set: RuleSetId) -> String {
    skald_lang::rule_set_name(rule_set).en()
}

/// Who went up, who went down, who is new and who left, for the season's announcement.
fn moves_text(hub: &TournamentDoc, moves: &[Move<UserId>], left: &[UserId], season: u32) -> Text {
    let mut text = Text::new();
    if season == 1 {
        return text;
    }
    let line = |pick: &dyn Fn(&Move<UserId>) -> bool| -> Vec<String> {
        moves
            .iter()
            .filter(|m| pick(m))
            .map(|m| match m.from {
                Some(from) => format!("{} ({} → {})", hub_name(hub, &m.player), from + 1, m.to + 1),
                None => format!("{} ({})", hub_name(hub, &m.player), m.to + 1),
            })
            .collect()
    };
    for (key, names) in [
        ("up", line(&|m: &Move<UserId>| m.is_up())),
        ("down", line(&|m: &Move<UserId>| m.is_down())),
        ("new", line(&|m: &Move<UserId>| m.from.is_none())),
    ] {
        if !names.is_empty() {
            text.line(t!("league-moves", kind = key, names = names.join(", ")));
        }
    }
    if !left.is_empty() {
        let names: Vec<String> = left.iter().map(|u| hub_name(hub, u)).collect();
        text.line(t!("league-moves", kind = "left", names = names.join(", ")));
    }
    text
}

/// A league arithmetic refusal (data contradicting the season: a bug, said plainly).
fn refused(e: league::LeagueError) -> Failure {
    tracing::error!(error = %e, "league season refused");
    Failure::Refused(t!("nothing-written"))
}

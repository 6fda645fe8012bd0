//! `league …`: this community's leagues, one league's divisions and standings, join, leave,
//! and the first season's start. Each is one commit with compare-and-swap on the league
//! read; a command that loses a race reads the league again and decides anew.

use super::LeagueLink;
use super::LeagueState;
use super::season::rule_set_name;
use crate::command::league::{LeagueAction, LeagueTerms};
use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::homes::Home;
use crate::identity::{CommunityId, Context};
use crate::reply::Reply;
use crate::store::{Commit, Stored};
use crate::tournament::TournamentDoc;
use crate::tournament::doc::{Entrant, State};
use crate::{Cx, Failure, t};
use rand::RngExt;
use skald_rules::RuleSetId;
use skald_tournament::league::MIN_DIVISION;
use std::time::Duration;

/// How many times a league command is tried again after another command changed the
/// league first (each try reads it again).
const RETRIES: usize = 8;

/// How long the lease that makes a new league is held at most (it is given back at once).
const MAKING: Duration = Duration::from_secs(10);

impl Cx {
    /// This community's league for a rule set (the oldest, should two ever exist).
    pub(crate) fn league_of(
        &self,
        community: &CommunityId,
        rule_set: RuleSetId,
    ) -> Result<Option<Stored<TournamentDoc>>, Failure> {
        Ok(self.store.tournaments()?.into_iter().find(|t| {
            t.doc.is_league() && t.doc.community == *community && t.doc.rule_set == rule_set
        }))
    }

    /// `league`: this community's leagues, a line each.
    fn league_list(&self, ctx: &Context) -> Result<Reply, Failure> {
        let leagues: Vec<TournamentDoc> = self
            .store
            .tournaments()?
            .into_iter()
            .map(|s| s.doc)
            .filter(|d| d.is_league() && d.community == ctx.community)
            .collect();
        if leagues.is_empty() {
            return Ok(Reply::done(t!(
                "league-none",
                rule_sets = RuleSetId::ALL.map(RuleSetId::id).join(", ")
            )));
        }
        let mut text = t!("league-list-title");
        for d in &leagues {
            text.line(super::show::league_summary(d));
        }
        Ok(Reply::done(text))
    }

    fn league_show(&self, ctx: &Context, rule_set: RuleSetId) -> Result<Reply, Failure> {
        let Some(stored) = self.league_of(&ctx.community, rule_set)? else {
            return Err(Failure::Refused(no_league(rule_set)));
        };
        let hub = &stored.doc;
        let mut divisions = Vec::new();
        if let Some(season) = hub.league_state().and_then(LeagueState::last) {
            for d in &season.divisions {
                if let Some(t) = self.store.tournament(d.tournament)? {
                    divisions.push(t.doc);
                }
            }
        }
        let mut reply = Reply::done(self.league_text(hub, &divisions));
        for d in &divisions {
            crate::tournament::attach_standings_picture(&mut reply, d);
        }
        Ok(reply)
    }

    fn league_join(&self, ctx: &Context, rule_set: RuleSetId) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let Some(stored) = self.league_of(&ctx.community, rule_set)? else {
            return self.league_make(ctx, rule_set);
        };
        let hub = &stored.doc;
        let mut doc = hub.clone();
        match doc.players.iter_mut().find(|e| e.user.id == me) {
            Some(e) if e.withdrawn.is_none() => {
                return Err(Failure::Refused(t!(
                    "league-joined-already",
                    game = rule_set_name(rule_set),
                    id = rule_set.id()
                )));
            }
            // Back before the season they were leaving after is over: they simply stay.
            Some(e) => e.withdrawn = None,
            None => doc.players.push(Entrant {
                user: ctx.user.clone(),
                start: 0,
                rating: 0,
                withdrawn: None,
            }),
        }
        let season = doc.league_state().and_then(LeagueState::last).cloned();
        let members = doc.league_members().count();
        let text = match (&season, doc.state) {
            (Some(s), State::Running) if s.plays(&me) => t!(
                "league-stays",
                name = &ctx.user.name,
                game = rule_set_name(rule_set),
                season = s.number
            ),
            (Some(s), State::Running) => t!(
                "league-joined-next",
                name = &ctx.user.name,
                game = rule_set_name(rule_set),
                season = s.number,
                next = s.number + 1
            ),
            _ => t!(
                "league-joined-waiting",
                name = &ctx.user.name,
                game = rule_set_name(rule_set),
                id = rule_set.id(),
                players = members,
                need = MIN_DIVISION,
                ready = if members >= MIN_DIVISION { "yes" } else { "no" }
            ),
        };
        self.write_league(stored, doc, Commit::default())?;
        Ok(Reply::done(text))
    }

    /// The first `league <rule-set> join` of a community makes its league, under a lease
    /// so that two first joins at once make one league (the second waits and joins it).
    fn league_make(&self, ctx: &Context, rule_set: RuleSetId) -> Result<Reply, Failure> {
        let lease = format!("league:{}:{}", ctx.community, rule_set.id());
        let holder = format!("league-maker-{:016x}", self.rng().random::<u64>());
        if !self.store.claim(&lease, &holder, MAKING)? {
            return Err(Failure::Conflict(0));
        }
        let made = self.league_make_held(ctx, rule_set);
        if let Err(e) = self.store.release(&lease, &holder) {
            tracing::warn!(error = %e, "cannot give back the lease of a new league");
        }
        made
    }

    fn league_make_held(&self, ctx: &Context, rule_set: RuleSetId) -> Result<Reply, Failure> {
        if self.league_of(&ctx.community, rule_set)?.is_some() {
            // Made meanwhile by another: join that one.
            return Err(Failure::Conflict(0));
        }
        let doc = TournamentDoc {
            players: vec![Entrant {
                user: ctx.user.clone(),
                start: 0,
                rating: 0,
                withdrawn: None,
            }],
            league: Some(LeagueLink::League(LeagueState::default())),
            ..TournamentDoc::new_open(
                self.store.allocate_id()?,
                ctx.community.clone(),
                Home {
                    platform: ctx.platform().to_string(),
                    channel: ctx.channel.clone(),
                },
                rule_set,
                ctx.user.clone(),
                self.now(),
            )
        };
        let commit = Commit {
            tournaments: vec![(None, doc.clone())],
            ..Commit::default()
        };
        self.commit(commit, None)?;
        tracing::info!(league = doc.id, "league made");
        Ok(Reply::done(t!(
            "league-made",
            name = &ctx.user.name,
            game = rule_set_name(rule_set),
            id = rule_set.id(),
            need = MIN_DIVISION
        )))
    }

    fn league_leave(&self, ctx: &Context, rule_set: RuleSetId) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let not_in = || {
            Failure::Refused(t!(
                "league-not-in",
                game = rule_set_name(rule_set),
                id = rule_set.id()
            ))
        };
        let Some(stored) = self.league_of(&ctx.community, rule_set)? else {
            return Err(not_in());
        };
        let mut doc = stored.doc.clone();
        let season = doc.league_state().and_then(LeagueState::last).cloned();
        let running = doc.state == State::Running;
        let Some(at) = doc
            .players
            .iter()
            .position(|e| e.user.id == me && e.withdrawn.is_none())
        else {
            return Err(not_in());
        };
        let text = match season.filter(|s| s.plays(&me)) {
            // A player of the last season stays on the books, marked, until the next one is
            // made: its announcement names who left.
            Some(s) => {
                doc.players[at].withdrawn = Some(s.number);
                if running {
                    t!(
                        "league-leaves-after",
                        name = &ctx.user.name,
                        game = rule_set_name(rule_set),
                        season = s.number
                    )
                } else {
                    t!(
                        "league-left",
                        name = &ctx.user.name,
                        game = rule_set_name(rule_set)
                    )
                }
            }
            None => {
                doc.players.remove(at);
                t!(
                    "league-left",
                    name = &ctx.user.name,
                    game = rule_set_name(rule_set)
                )
            }
        };
        self.write_league(stored, doc, Commit::default())?;
        Ok(Reply::done(text))
    }

    fn league_start(
        &self,
        ctx: &Context,
        rule_set: RuleSetId,
        terms: &LeagueTerms,
    ) -> Result<Reply, Failure> {
        let Some(stored) = self.league_of(&ctx.community, rule_set)? else {
            return Err(Failure::Refused(no_league(rule_set)));
        };
        if self.config.tournament_create_organisers_only
            && !self.config.tournament_organisers.contains(&ctx.user.id)
        {
            return Err(Failure::Refused(t!("league-start-organisers")));
        }
        let mut hub = stored.doc.clone();
        if hub.state == State::Running {
            let season = hub.league_state().and_then(LeagueState::last);
            return Err(Failure::Refused(t!(
                "league-running",
                game = rule_set_name(rule_set),
                season = season.map_or(1, |s| s.number)
            )));
        }
        let members = hub.league_members().count();
        let too_few = || {
            Failure::Refused(t!(
                "league-too-few-to-start",
                game = rule_set_name(rule_set),
                id = rule_set.id(),
                players = members,
                need = MIN_DIVISION
            ))
        };
        if members < MIN_DIVISION {
            return Err(too_few());
        }
        if terms.clock_given {
            hub.days = terms.days;
            hub.bank = terms.bank;
        }
        if let Some(ranked) = terms.ranked {
            hub.ranked = ranked;
        }
        hub.home = Home {
            platform: ctx.platform().to_string(),
            channel: ctx.channel.clone(),
        };
        let Some(next) = self.season_after(&hub)? else {
            return Err(too_few());
        };
        let season = next.season.number;
        let started = self.begin_season(&mut hub, next, self.now())?;
        let commit = Commit {
            tournaments: started.divisions.into_iter().map(|t| (None, t)).collect(),
            games: started.games.into_iter().map(|g| (None, g)).collect(),
            ..Commit::default()
        };
        let id = hub.id;
        self.write_league(stored, hub, commit)?;
        tracing::info!(league = id, season, "league season started");
        Ok(started.reply)
    }

    /// One write of a league with what else the change makes; a lost race is
    /// [`Failure::Conflict`] (the command reads it again).
    fn write_league(
        &self,
        stored: Stored<TournamentDoc>,
        doc: TournamentDoc,
        mut commit: Commit,
    ) -> Result<(), Failure> {
        commit.tournaments.insert(0, (Some(stored), doc));
        self.commit(commit, None).map(drop)
    }
}

/// `league [<rule-set>] [action]`.
pub(crate) fn cmd_league(
    cx: &Cx,
    ctx: &Context,
    rule_set: Option<RuleSetId>,
    action: &LeagueAction,
) -> Result<Reply, Failure> {
    let Some(rule_set) = rule_set else {
        return cx.league_list(ctx);
    };
    let mut tries = 0;
    loop {
        let outcome = match action {
            LeagueAction::Standings => cx.league_show(ctx, rule_set),
            LeagueAction::Join => cx.league_join(ctx, rule_set),
            LeagueAction::Leave => cx.league_leave(ctx, rule_set),
            LeagueAction::Start(terms) => cx.league_start(ctx, rule_set, terms),
        };
        match outcome {
            Err(Failure::Conflict(_)) if tries < RETRIES => {
                tries += 1;
                // Another command holds the league a moment (making it): let it finish.
                std::thread::sleep(Duration::from_millis(5 << tries.min(5)));
            }
            Err(Failure::Conflict(_)) => return Err(Failure::Refused(t!("league-busy"))),
            other => return other,
        }
    }
}

/// "There is no such league here", with how to make one.
fn no_league(rule_set: RuleSetId) -> crate::Text {
    t!(
        "league-no-such",
        game = rule_set_name(rule_set),
        id = rule_set.id()
    )
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &command::community::LEAGUE,
    acts: Acts::AsPlayer,
    run: |cx, ctx, cmd| match cmd {
        Command::League { rule_set, action } => cmd_league(cx, ctx, *rule_set, action),
        _ => Err(misrouted(cmd)),
    },
}];

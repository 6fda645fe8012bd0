//! `tournament …` and `tournaments`: create, join, leave, start, remove a player, and the
//! standings. Each is one commit with compare-and-swap on the tournament read; a command
//! that loses a race to another reads the tournament again and decides anew (a second
//! `start` then finds it running and says so), so nothing is applied twice.

use super::doc::{Entrant, Format, Pace, State, TournamentDoc};
use super::pairing::{self, StartError};
use crate::command::{self, Command};
use crate::command::{TournamentAction, TournamentSpec};
use crate::game::GameResult;
use crate::handler::{Acts, Handler, misrouted};
use crate::homes::Home;
use crate::identity::{Context, UserId};
use crate::reply::{Notice, Reply};
use crate::store::{Commit, Stored};
use crate::{Cx, Failure, Text, t};
use skald_rules::Seat;
use skald_tournament::StartNumber;

/// How many times a tournament command is tried again after another command changed the
/// tournament first (each try reads it again).
const RETRIES: usize = 8;

/// How far ahead `starts:` may be: a year.
const MAX_STARTS_AHEAD: i64 = 366 * crate::clock::DAY;

impl Cx {
    /// Whether the speaker may start a tournament and remove its players: its creator, or
    /// an organiser named in the configuration (`[tournaments] organisers`).
    fn may_organise(&self, user: &UserId, doc: &TournamentDoc) -> bool {
        doc.creator.id == *user || self.config.tournament_organisers.contains(user)
    }

    /// The tournament a command means: `#id` (in this community), or the only one here that
    /// `fits`; the refusal says what there is and how to name one.
    fn find_tournament(
        &self,
        ctx: &Context,
        id: Option<u64>,
        fits: &dyn Fn(&TournamentDoc) -> bool,
        none: Text,
        action: &str,
    ) -> Result<Stored<TournamentDoc>, Failure> {
        if let Some(id) = id {
            return match self.store.tournament(id)? {
                Some(t) if t.doc.community == ctx.community && t.doc.is_league() => {
                    Err(Failure::Refused(t!(
                        "tournament-is-league",
                        id = id,
                        rule_set = t.doc.rule_set.id()
                    )))
                }
                Some(t) if t.doc.community == ctx.community => Ok(t),
                _ => Err(Failure::Refused(t!("tournament-no-such", id = id))),
            };
        }
        let mut here: Vec<Stored<TournamentDoc>> = self
            .store
            .tournaments()?
            .into_iter()
            .filter(|t| t.doc.community == ctx.community && !t.doc.is_league() && fits(&t.doc))
            .collect();
        match here.len() {
            0 => Err(Failure::Refused(none)),
            1 => Ok(here.remove(0)),
            _ => {
                let mut text = t!("tournament-which", action = action.to_string());
                for t in &here {
                    text.line(t.doc.summary());
                }
                Err(Failure::Refused(text))
            }
        }
    }

    /// One write of a tournament with what else the change makes; a lost race is
    /// [`Failure::Conflict`] (the command reads it again).
    fn write_tournament(
        &self,
        stored: Stored<TournamentDoc>,
        doc: TournamentDoc,
        mut commit: Commit,
        notices: &[Notice],
    ) -> Result<(), Failure> {
        commit.tournaments.push((Some(stored), doc));
        commit.outbox.extend(self.outbox_entries(notices));
        self.commit(commit, None).map(drop)
    }

    fn tournament_create(&self, ctx: &Context, spec: &TournamentSpec) -> Result<Reply, Failure> {
        if self.config.tournament_create_organisers_only
            && !self.config.tournament_organisers.contains(&ctx.user.id)
        {
            return Err(Failure::Refused(t!("tournament-create-organisers")));
        }
        let now = self.now();
        if let Some(at) = spec.starts {
            if at <= now {
                return Err(Failure::Refused(t!(
                    "tournament-starts-past",
                    at = at.text(),
                    now = now.text()
                )));
            }
            if at.since(now) > MAX_STARTS_AHEAD {
                return Err(Failure::Refused(t!(
                    "tournament-starts-far",
                    at = at.text()
                )));
            }
        }
        let pace = spec.pace.unwrap_or(match spec.format {
            Format::RoundRobin { .. } => Pace::All,
            _ => Pace::Rounds,
        });
        for _ in 0..RETRIES {
            let doc = TournamentDoc {
                format: spec.format,
                pace,
                days: spec.days,
                bank: spec.bank,
                ranked: spec.ranked,
                max_players: spec.max,
                starts: spec.starts,
                ..TournamentDoc::new_open(
                    self.store.allocate_id()?,
                    ctx.community.clone(),
                    Home {
                        platform: ctx.platform().to_string(),
                        channel: ctx.channel.clone(),
                    },
                    spec.rule_set,
                    ctx.user.clone(),
                    now,
                )
            };
            let commit = Commit {
                tournaments: vec![(None, doc.clone())],
                ..Commit::default()
            };
            match self.commit(commit, None) {
                Err(Failure::Conflict(_)) => continue,
                Err(e) => return Err(e),
                Ok(_) => {
                    tracing::info!(tournament = doc.id, "tournament created");
                    let mut text = t!(
                        "tournament-created",
                        id = doc.id,
                        creator = &ctx.user.name,
                        terms = doc.terms()
                    );
                    if let Some(max) = doc.max_players {
                        text.line(t!("tournament-max", max = max));
                    }
                    text.line(t!("tournament-how-to-join", id = doc.id));
                    if let Some(at) = doc.starts {
                        text.line(t!("tournament-starts-at", id = doc.id, at = at.text()));
                    }
                    return Ok(Reply::done(text));
                }
            }
        }
        Err(Failure::Refused(t!("tournament-busy")))
    }

    fn tournament_show(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let found = self.find_tournament(
            ctx,
            id,
            &|d| d.state != State::Finished,
            t!("tournament-none-here"),
            "",
        );
        // With none running here, the last one that finished.
        let stored = match found {
            Err(Failure::Refused(none)) if id.is_none() => self
                .store
                .tournaments()?
                .into_iter()
                .rfind(|t| t.doc.community == ctx.community && !t.doc.is_league())
                .ok_or(Failure::Refused(none))?,
            other => other?,
        };
        let mut reply = Reply::done(self.standings_reply_text(&stored.doc));
        attach_standings_picture(&mut reply, &stored.doc);
        Ok(reply)
    }

    fn tournament_join(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let stored = self.find_tournament(
            ctx,
            id,
            &|d| d.state == State::Open && d.entrant_of(&me).is_none(),
            t!("tournament-none-to-join"),
            "join",
        )?;
        let d = &stored.doc;
        if d.state != State::Open {
            return Err(Failure::Refused(t!("tournament-not-open", id = d.id)));
        }
        if d.entrant_of(&me).is_some() {
            return Err(Failure::Refused(t!("tournament-joined-already", id = d.id)));
        }
        if let Some(max) = d.max_players
            && d.players.len() >= usize::try_from(max).unwrap_or(usize::MAX)
        {
            return Err(Failure::Refused(t!(
                "tournament-full",
                id = d.id,
                max = max
            )));
        }
        let mut doc = d.clone();
        doc.players.push(Entrant {
            user: ctx.user.clone(),
            start: 0,
            rating: 0,
            withdrawn: None,
        });
        let count = doc.players.len();
        let (id, creator) = (doc.id, doc.creator.name.clone());
        self.write_tournament(stored, doc, Commit::default(), &[])?;
        Ok(Reply::done(t!(
            "tournament-joined",
            name = &ctx.user.name,
            id = id,
            players = count,
            creator = creator
        )))
    }

    fn tournament_leave(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let stored = self.find_tournament(
            ctx,
            id,
            &|d| d.state != State::Finished && d.plays(&me),
            t!("tournament-none-to-leave"),
            "leave",
        )?;
        self.take_out(ctx, stored, &me, false)
    }

    fn tournament_remove(
        &self,
        ctx: &Context,
        id: Option<u64>,
        handle: &str,
    ) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let stored = self.find_tournament(
            ctx,
            id,
            &|d| d.state != State::Finished && self.may_organise(&me, d),
            t!("tournament-none-to-organise"),
            &format!("remove @{handle}"),
        )?;
        if !self.may_organise(&me, &stored.doc) {
            return Err(Failure::Refused(t!(
                "tournament-organisers-only",
                id = stored.doc.id,
                creator = &stored.doc.creator.name
            )));
        }
        let user = self.resolve(ctx, handle)?;
        self.take_out(ctx, stored, &user.id, true)
    }

    /// A player leaves (or is removed from) a tournament: from an open one they are simply
    /// gone; in a running one their remaining games are forfeited (a game being played ends
    /// without rating, the opponent scoring the point) and they are paired no more.
    fn take_out(
        &self,
        ctx: &Context,
        stored: Stored<TournamentDoc>,
        who: &UserId,
        removed: bool,
    ) -> Result<Reply, Failure> {
        let d = &stored.doc;
        let Some(entrant) = d.entrant_of(who).filter(|e| e.withdrawn.is_none()).cloned() else {
            return Err(Failure::Refused(t!("tournament-not-playing", id = d.id)));
        };
        let name = entrant.user.name.clone();
        let id = d.id;
        match d.state {
            State::Finished => Err(Failure::Refused(t!("tournament-finished", id = id))),
            State::Open => {
                let mut doc = d.clone();
                doc.players.retain(|e| e.user.id != *who);
                let count = doc.players.len();
                self.write_tournament(stored, doc, Commit::default(), &[])?;
                let mut reply = Reply::done(t!(
                    "tournament-left-open",
                    name = name,
                    id = id,
                    players = count,
                    removed = if removed { "yes" } else { "no" }
                ));
                if removed {
                    reply.ping(who);
                }
                Ok(reply)
            }
            State::Running => self.withdraw_running(ctx, stored, entrant.start, &name, removed),
        }
    }

    /// Withdraws a player from a running tournament, in one commit: their running games
    /// ended as forfeits, their later boards forfeited, and whatever round that completes
    /// paired and made.
    fn withdraw_running(
        &self,
        ctx: &Context,
        stored: Stored<TournamentDoc>,
        start: StartNumber,
        name: &str,
        removed: bool,
    ) -> Result<Reply, Failure> {
        let now = self.now();
        let mut doc = stored.doc.clone();
        let from = doc
            .rounds
            .iter()
            .filter(|r| r.started)
            .map(|r| r.number)
            .max()
            .unwrap_or(1);
        let running = pairing::withdraw(&mut doc, start, from);
        let mut commit = Commit::default();
        let mut forfeited = Vec::new();
        for (gid, white_leaves) in running {
            let Some(g) = self.store.game(gid)? else {
                continue;
            };
            if let Some(end) = &g.doc.end {
                // Ended already (its result is on its way): recorded as it ended.
                pairing::record(&mut doc, gid, pairing::outcome_of(end));
                continue;
            }
            let seat = if white_leaves { Seat::A } else { Seat::B };
            let mut next = g.doc.clone();
            next.finish(GameResult::Aborted(seat), now);
            pairing::record(&mut doc, gid, pairing::forfeit(white_leaves));
            forfeited.push((gid, g.doc.players[seat.other().index()].clone()));
            commit.games.push((Some(g), next));
        }
        let advance = pairing::next(&mut doc);
        let games = self.make_games(&mut doc, &advance.new_games, now)?;
        if advance.finished {
            doc.finished = Some(now);
        }
        commit
            .games
            .extend(games.iter().cloned().map(|g| (None, g)));
        let announcement = self.advance_reply(&doc, &advance, &games);
        let here = ctx.channel == doc.home.channel;
        let mut notices: Vec<Notice> = match (&announcement, here) {
            (Some(reply), false) => vec![Notice {
                channel: doc.home.channel.clone(),
                platform: doc.home.platform.clone(),
                reply: reply.clone(),
                said: None,
            }],
            _ => Vec::new(),
        };
        if advance.finished {
            // The last division of a league's season: the season turns over with it.
            let league = self.league_effects(&doc)?;
            commit.tournaments.extend(league.tournaments);
            commit.games.extend(league.games);
            notices.extend(league.notices);
        }
        let id = doc.id;
        self.write_tournament(stored, doc, commit, &notices)?;
        let mut reply = Reply::done(t!(
            "tournament-withdrawn",
            name = name,
            id = id,
            removed = if removed { "yes" } else { "no" }
        ));
        for (game, opponent) in &forfeited {
            reply.line(t!(
                "tournament-forfeit-line",
                game = *game,
                opponent = &opponent.name
            ));
            reply.ping(&opponent.id);
        }
        if let (Some(more), true) = (announcement, here) {
            reply.line(more.text);
            for u in more.notify {
                reply.ping(&u);
            }
            reply.own_channels = more.own_channels;
        }
        Ok(reply)
    }

    fn tournament_start(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let me = ctx.user.id.clone();
        let stored = self.find_tournament(
            ctx,
            id,
            &|d| d.state == State::Open && self.may_organise(&me, d),
            t!("tournament-none-to-start"),
            "start",
        )?;
        let d = &stored.doc;
        if d.state != State::Open {
            return Err(Failure::Refused(t!(
                "tournament-started-already",
                id = d.id
            )));
        }
        if !self.may_organise(&me, d) {
            return Err(Failure::Refused(t!(
                "tournament-organisers-only",
                id = d.id,
                creator = &d.creator.name
            )));
        }
        let here = ctx.channel == d.home.channel;
        match self.begin_tournament(stored, here)? {
            Ok(reply) => Ok(reply),
            Err(too_few) => Err(Failure::Refused(too_few)),
        }
    }

    /// Starts an open tournament (the caller checked who may): ratings read, the first
    /// boards paired and made into games, all in one commit with the tournament. The
    /// announcement is the answer when `here` (the command was sent in its home channel),
    /// else a notice for the home channel. `Ok(Err(why))`: it cannot start (too few or too
    /// many players), nothing written.
    pub(crate) fn begin_tournament(
        &self,
        stored: Stored<TournamentDoc>,
        here: bool,
    ) -> Result<Result<Reply, Text>, Failure> {
        let d = &stored.doc;
        let mut doc = d.clone();
        for e in &mut doc.players {
            let rating = self
                .store
                .standing(&doc.community, doc.rule_set, &e.user.id)?
                .map_or(1500.0, |s| s.rating);
            e.rating = rating.round().clamp(0.0, f64::from(u16::MAX)) as u16;
        }
        let advance = match pairing::start(&mut doc) {
            Ok(a) => a,
            Err(StartError::TooFew { have, need }) => {
                return Ok(Err(t!(
                    "tournament-too-few",
                    id = doc.id,
                    have = have,
                    need = need
                )));
            }
            Err(StartError::TooMany { have, most }) => {
                return Ok(Err(t!(
                    "tournament-too-many",
                    id = doc.id,
                    have = have,
                    most = most
                )));
            }
        };
        let now = self.now();
        let games = self.make_games(&mut doc, &advance.new_games, now)?;
        if advance.finished {
            doc.finished = Some(now);
        }
        let mut headline = t!(
            "tournament-starts",
            id = doc.id,
            players = doc.players.len(),
            terms = doc.terms()
        );
        let numbers: Vec<String> = {
            let mut by_number = doc.players.clone();
            by_number.sort_by_key(|e| e.start);
            by_number
                .iter()
                .map(|e| format!("{}. {}", e.start, e.user.name))
                .collect()
        };
        headline.line(t!("tournament-start-numbers", numbers = numbers.join(", ")));
        doc.starts = None;
        let announcement = self.advance_reply(&doc, &advance, &games);
        let mut reply = Reply::done(headline.clone());
        let mut notices = Vec::new();
        if let Some(a) = announcement {
            if here {
                reply.line(a.text);
                reply.notify = a.notify;
                reply.own_channels = a.own_channels;
            } else {
                let mut posted = a;
                let mut text = headline;
                text.line(posted.text);
                posted.text = text;
                notices.push(Notice {
                    channel: doc.home.channel.clone(),
                    platform: doc.home.platform.clone(),
                    reply: posted,
                    said: None,
                });
            }
        }
        let commit = Commit {
            games: games.into_iter().map(|g| (None, g)).collect(),
            ..Commit::default()
        };
        let id = doc.id;
        self.write_tournament(stored, doc, commit, &notices)?;
        tracing::info!(tournament = id, "tournament started");
        Ok(Ok(reply))
    }
}

/// `tournament [#id] [action]`.
pub(crate) fn cmd_tournament(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    action: &TournamentAction,
) -> Result<Reply, Failure> {
    if let TournamentAction::Create(spec) = action {
        return cx.tournament_create(ctx, spec);
    }
    let mut tries = 0;
    loop {
        let outcome = match action {
            TournamentAction::Show => cx.tournament_show(ctx, id),
            TournamentAction::Join => cx.tournament_join(ctx, id),
            TournamentAction::Leave => cx.tournament_leave(ctx, id),
            TournamentAction::Start => cx.tournament_start(ctx, id),
            TournamentAction::Remove(handle) => cx.tournament_remove(ctx, id, handle),
            TournamentAction::Create(_) => return Err(Failure::Refused(t!("nothing-written"))),
        };
        match outcome {
            Err(Failure::Conflict(_)) if tries < RETRIES => tries += 1,
            Err(Failure::Conflict(_)) => return Err(Failure::Refused(t!("tournament-busy"))),
            other => return other,
        }
    }
}

/// `tournaments`: this community's open and running tournaments.
pub(crate) fn cmd_tournaments(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    let here: Vec<TournamentDoc> = cx
        .store
        .tournaments()?
        .into_iter()
        .map(|s| s.doc)
        .filter(|d| d.community == ctx.community && d.state != State::Finished && !d.is_league())
        .collect();
    if here.is_empty() {
        return Ok(Reply::done(t!("tournaments-none")));
    }
    let mut text = t!("tournaments-title");
    for d in &here {
        text.line(d.summary());
    }
    Ok(Reply::done(text))
}

/// The standings picture (`files::standings_file`, drawn by `skald-render` in the reader's
/// language when posted) beside the text, once a round-robin or a Swiss has started; a
/// knockout is told by its bracket, in the text.
pub(crate) fn attach_standings_picture(reply: &mut Reply, doc: &TournamentDoc) {
    if doc.state == State::Open || doc.format == Format::Knockout {
        return;
    }
    let names = doc
        .players
        .iter()
        .map(|e| (e.start, e.user.name.clone()))
        .collect();
    // Game names are proper names, the same in every language.
    let title = format!(
        "#{} {}",
        doc.id,
        skald_lang::rule_set_name(doc.rule_set).en()
    );
    // The picture counts a player's recorded rounds as played: games still being played at
    // the end of their rounds are left out (games still to play).
    let mut record = doc.as_tournament(None);
    for p in &mut record.players {
        while p.rounds.last() == Some(&skald_tournament::RoundEntry::NotPaired) {
            p.rounds.pop();
        }
    }
    reply.files.push(crate::files::standings_file(
        doc.id, &title, &record, &names,
    ));
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::community::TOURNAMENT,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Tournament { id, action } => cmd_tournament(cx, ctx, *id, action),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::community::TOURNAMENTS,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Tournaments => cmd_tournaments(cx, ctx),
            _ => Err(misrouted(cmd)),
        },
    },
];

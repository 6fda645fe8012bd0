//! Challenges: the commands around them (challenge, accept, decline, cancel, rematch). A
//! challenge (`skald_model::challenge`) is an invitation to a game, direct or open, that
//! becomes the game with the same number when accepted.

use super::command::{ChallengeSpec, Opponent, SeatChoice};
use super::game::GameDoc;
use super::identity::{Context, User};
use super::reply::{Board, Choice, Private, Reply};
use super::store::{Commit, Stored};
use super::{Cx, Failure};
use crate::{Text, t};
use rand::RngExt;
use skald_rules::{Match, Seat};

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
pub use skald_model::challenge::*;

impl Cx {
    /// Who a challenge by a person names (`None`: open to anyone), once it is known that the
    /// speaker may make it: someone else, and within the speaker's open challenges.
    fn challenged(&self, ctx: &Context, spec: &ChallengeSpec) -> Result<Option<User>, Failure> {
        let opponent = match &spec.opponent {
            Opponent::Open | Opponent::Engine(_) => None,
            Opponent::User(handle) => {
                let u = self.resolve(ctx, handle)?;
                if u.id == ctx.user.id {
                    return Err(Failure::Refused(t!("challenge-yourself")));
                }
                Some(u)
            }
        };
        self.check_can_challenge(&ctx.user)?;
        Ok(opponent)
    }

    /// The refusal a challenge would get here, if any, without making it: asked before a
    /// place is made for a challenge (Discord's thread per challenge, see
    /// [`Cx::challenge_channel`]), so a refused one leaves nothing behind and is
    /// answered to its author alone. Nothing is written and the rate limit is not charged; a
    /// challenge that passes is still checked again when it is made.
    pub(crate) fn challenge_refusal(&self, ctx: &Context, spec: &ChallengeSpec) -> Option<Reply> {
        let ctx = Context {
            community: self.config.communities.community_of(&ctx.community),
            ..ctx.clone()
        };
        let checked = self
            .as_player(&ctx)
            .and_then(|player| self.challenged(&player, spec).map(|_| ()));
        checked.err().map(|f| {
            let mut reply = self.answer(Err(f));
            self.set_languages(&mut reply, &ctx);
            reply
        })
    }

    /// An open challenge, announced on the community's other platforms (in the channel the
    /// community posts in there), where anyone may accept it: the game then has a home on
    /// both.
    fn announce_across(&self, ch: &Challenge, reply: &Reply) -> Vec<crate::Notice> {
        let communities = &self.config.communities;
        communities
            .post_platforms(&ch.community)
            .into_iter()
            .filter(|p| *p != ch.platform && !ch.platform.is_empty())
            .filter_map(|p| communities.post_channel(&ch.community, &p).map(|c| (p, c)))
            .map(|(platform, channel)| crate::Notice {
                channel,
                platform,
                reply: Reply {
                    notify: Vec::new(),
                    private: Vec::new(),
                    elsewhere: Vec::new(),
                    ..reply.clone()
                },
                said: None,
            })
            .collect()
    }

    /// A challenge for a player of another platform, told on that platform, pinging them:
    /// in the channel where that account last used Skald in this community, else in the
    /// channel the community posts in on that platform. (An account on the challenge's own
    /// platform is pinged in the answer itself.)
    fn tell_across(&self, ch: &Challenge, reply: &Reply) -> Vec<crate::Notice> {
        let Some(o) = &ch.opponent else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for account in self.accounts_of(&o.id) {
            if account.platform == ch.platform {
                // Pinged in the answer itself.
                continue;
            }
            let seen = self
                .store
                .user(&account)
                .ok()
                .flatten()
                .and_then(|u| u.doc.seen_in.get(&ch.community.0).cloned());
            let fallback = || {
                self.config
                    .communities
                    .post_channel(&ch.community, &account.platform)
            };
            if let Some(room) = seen.or_else(fallback) {
                let mut copy = Reply {
                    notify: vec![account.clone()],
                    private: Vec::new(),
                    elsewhere: Vec::new(),
                    ..reply.clone()
                };
                copy.choices.retain(|c| c.for_user.as_ref() == Some(&o.id));
                out.push(crate::Notice {
                    channel: room,
                    platform: account.platform.clone(),
                    reply: copy,
                    said: None,
                });
            }
        }
        out
    }

    /// Writes a new challenge by the speaker with the terms of `spec`.
    fn store_new_challenge(
        &self,
        ctx: &Context,
        spec: &ChallengeSpec,
        opponent: Option<User>,
        ranked: bool,
    ) -> Result<Challenge, Failure> {
        let ch = Challenge {
            id: self.store.allocate_id()?,
            rule_set: spec.rule_set,
            challenger: ctx.user.clone(),
            opponent,
            seat: spec.seat,
            ranked,
            days: spec.days,
            bank: spec.bank,
            community: ctx.community.clone(),
            channel: ctx.channel.clone(),
            platform: ctx.platform().to_string(),
            created: self.now(),
            rematch_of: None,
        };
        self.commit(
            Commit {
                new_challenges: vec![ch.clone()],
                ..Commit::default()
            },
            None,
        )?;
        Ok(ch)
    }

    /// `challenge <rule-set> @skald [level]`: the engine takes the challenge at once.
    fn challenge_engine(
        &self,
        ctx: &Context,
        spec: &ChallengeSpec,
        level: skald_ai::Level,
    ) -> Result<Reply, Failure> {
        self.check_can_challenge(&ctx.user)?;
        let engine = super::engine::engine_user(level);
        // Games against the engine never count for the ladder.
        let ch = self.store_new_challenge(ctx, spec, Some(engine.clone()), false)?;
        tracing::info!(challenge = ch.id, rule_set = %ch.rule_set, %level, "engine challenge");
        let engine_ctx = Context {
            user: engine,
            community: ctx.community.clone(),
            channel: ctx.channel.clone(),
            private: false,
            account: None,
            locale: None,
            admin: false,
        };
        cmd_accept(self, &engine_ctx, Some(ch.id))
    }

    /// The announcement of a new challenge, with the answers as choices.
    fn challenge_reply(&self, ch: &Challenge, headline: Text) -> Reply {
        let mut reply = match &ch.opponent {
            Some(o) => {
                let mut r = Reply::done(t!(
                    "challenge-made",
                    headline = headline,
                    challenger = &ch.challenger.name,
                    opponent = &o.name,
                    terms = ch.terms(),
                    id = ch.id
                ));
                r.ping(&o.id);
                for (label, command) in [
                    (t!("choice-accept"), Command::Accept(Some(ch.id))),
                    (t!("choice-decline"), Command::Decline(Some(ch.id))),
                ] {
                    r.choices.push(Choice {
                        label,
                        command,
                        for_user: Some(o.id.clone()),
                    });
                }
                r
            }
            None => {
                let mut r = Reply::done(t!(
                    "challenge-made-open",
                    headline = headline,
                    challenger = &ch.challenger.name,
                    terms = ch.terms(),
                    id = ch.id
                ));
                r.choices.push(Choice {
                    label: t!("choice-accept"),
                    command: Command::Accept(Some(ch.id)),
                    for_user: None,
                });
                r
            }
        };
        // No Cancel button: everyone in the channel sees a message's buttons, and the
        // challenged player would see one that is not theirs. The challenger withdraws with
        // `cancel` (listed by `games`).
        reply.named.push(ch.challenger.clone());
        if let Some(o) = &ch.opponent {
            reply.named.push(o.clone());
        }
        reply
    }

    /// The challenge a command answers: `#id`, or the only one that fits in this channel.
    fn find_challenge(
        &self,
        ctx: &Context,
        id: Option<u64>,
        fits: &dyn Fn(&Challenge) -> bool,
        none_here: Text,
        example: &str,
    ) -> Result<Stored<Challenge>, Failure> {
        if let Some(id) = id {
            return match self.store.challenge(id)? {
                Some(c) => Ok(c),
                None if self.store.game(id)?.is_some() => {
                    Err(Failure::Refused(t!("challenge-already-accepted", id = id)))
                }
                None => Err(Failure::Refused(t!("challenge-none-such", id = id))),
            };
        }
        let mut candidates: Vec<Stored<Challenge>> = self
            .store
            .challenges()?
            .into_iter()
            .filter(|c| c.doc.reaches(ctx) && fits(&c.doc))
            .collect();
        match candidates.len() {
            1 => Ok(candidates.remove(0)),
            0 => Err(Failure::Refused(none_here)),
            n => {
                let fit = Text::join(candidates.iter().map(|c| c.doc.summary(&ctx.user)), "; ");
                Err(Failure::Refused(t!(
                    "challenge-which",
                    n = n,
                    challenges = fit,
                    example = format!("{example} #{}", candidates[0].doc.id)
                )))
            }
        }
    }

    /// Starts the game of an accepted challenge.
    fn accept(&self, ctx: &Context, stored: Stored<Challenge>) -> Result<Reply, Failure> {
        let ch = &stored.doc;
        if ch.challenger.id == ctx.user.id {
            return Err(Failure::Refused(t!("challenge-own", id = ch.id)));
        }
        if let Some(o) = &ch.opponent
            && o.id != ctx.user.id
        {
            return Err(Failure::Refused(t!(
                "challenge-not-for-you",
                id = ch.id,
                opponent = &o.name
            )));
        }
        // From another channel only across platforms, in the challenge's community: the
        // accepting channel becomes the game's home on that platform.
        let across = ch.channel != ctx.channel && ch.across_to(ctx);
        if ch.channel != ctx.channel && !across {
            return Err(Failure::Refused(t!(
                "challenge-other-channel",
                id = ch.id,
                channel = crate::homes::channel_text(
                    &crate::homes::Home {
                        platform: ch.platform.clone(),
                        channel: ch.channel.clone(),
                    },
                    ctx.platform()
                )
            )));
        }
        let mut homes = Vec::new();
        if !ch.platform.is_empty() {
            homes.push(crate::homes::Home {
                platform: ch.platform.clone(),
                channel: ch.channel.clone(),
            });
            if across {
                homes.push(crate::homes::Home {
                    platform: ctx.platform().to_string(),
                    channel: ctx.channel.clone(),
                });
            }
        }
        self.check_can_start(&ctx.user, &ch.challenger, ch.id)?;
        let now = self.now();
        let (challenger_seat, m, events) = {
            let mut rng = self.rng();
            let challenger_seat = match ch.seat {
                SeatChoice::First => Seat::A,
                SeatChoice::Second => Seat::B,
                SeatChoice::Random => {
                    if rng.random::<bool>() {
                        Seat::A
                    } else {
                        Seat::B
                    }
                }
            };
            let seed: u64 = rng.random();
            let (m, events) = Match::new(ch.rule_set, seed, &mut *rng);
            (challenger_seat, m, events)
        };
        let mut players = [ch.challenger.clone(), ctx.user.clone()];
        if challenger_seat == Seat::B {
            players.swap(0, 1);
        }
        let mut g = GameDoc {
            rematch_of: ch.rematch_of,
            homes,
            ..GameDoc::new(
                ch.id,
                ch.community.clone(),
                ch.channel.clone(),
                players,
                (ch.ranked, ch.days, ch.bank),
                &m,
                now,
            )
        };
        self.start_turn(&mut g, &m, now)?;
        let commit = Commit {
            games: vec![(None, g)],
            removed_challenges: vec![stored.clone()],
            ..Commit::default()
        };
        let written = match self.commit(commit, None) {
            Err(Failure::Conflict(_)) => {
                return Err(Failure::Refused(t!(
                    "challenge-answered-by-other",
                    id = ch.id
                )));
            }
            other => other?,
        };
        let Some(g) = written.into_iter().next() else {
            return Err(Failure::Refused(t!("nothing-written")));
        };
        tracing::info!(game = g.id, rule_set = %g.rule_set(), "game started");
        let headline = crate::t!(
            "game-starts",
            id = g.id,
            rule_set = skald_lang::rule_set_name(g.rule_set()),
            a = g.label(Seat::A),
            b = g.label(Seat::B),
            kind = crate::game::ranked_word(g.ranked),
            days = g.days
        );
        let mut reply = self.game_reply(&g, &m, headline, &events, None, now);
        // The challenger learns their challenge was taken up, whoever moves first.
        reply.ping(&ch.challenger.id);
        if g.rule_set().has_hidden_information() {
            // Both players get their set-up privately, with how to change it.
            let board = g.board(m.position(), Vec::new(), self.now());
            reply.private.clear();
            for seat in Seat::BOTH {
                let player = &g.players[seat.index()];
                let order = if seat == Seat::A {
                    "a1 b1 c1 a2 b2 c2 a3 b3 c3"
                } else {
                    "i9 h9 g9 i8 h8 g8 i7 h7 g7"
                };
                reply.private.push(Private {
                    to: player.id.clone(),
                    name: player.name.clone(),
                    text: t!(
                        "challenge-values-placed",
                        id = g.id,
                        seat = skald_lang::seat_name(g.rule_set(), seat),
                        order = order
                    ),
                    boards: vec![Board::private(&board, seat)],
                    files: Vec::new(),
                    lang: None,
                    news: true,
                });
            }
        }
        Ok(reply)
    }

    fn remove_challenge(&self, stored: &Stored<Challenge>) -> Result<(), Failure> {
        match self.commit(
            Commit {
                removed_challenges: vec![stored.clone()],
                ..Commit::default()
            },
            None,
        ) {
            Err(Failure::Conflict(_)) => {
                Err(Failure::Refused(t!("cancel-answered", id = stored.doc.id)))
            }
            other => other.map(drop),
        }
    }
}

/// `challenge <rule-set> ...`.
pub(crate) fn cmd_challenge(
    cx: &Cx,
    ctx: &Context,
    spec: &ChallengeSpec,
) -> Result<Reply, Failure> {
    if let Opponent::Engine(level) = &spec.opponent {
        return cx.challenge_engine(ctx, spec, *level);
    }
    let opponent = cx.challenged(ctx, spec)?;
    let ch = cx.store_new_challenge(ctx, spec, opponent, spec.ranked)?;
    tracing::info!(challenge = ch.id, rule_set = %ch.rule_set, "challenge made");
    let mut reply = cx.challenge_reply(&ch, t!("challenge-headline", id = ch.id));
    reply.elsewhere = match ch.opponent {
        Some(_) => cx.tell_across(&ch, &reply),
        None => cx.announce_across(&ch, &reply),
    };
    Ok(reply)
}

/// `accept [#id]`.
pub(crate) fn cmd_accept(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let me = ctx.user.id.clone();
    let stored = cx.find_challenge(
        ctx,
        id,
        &|c| c.challenger.id != me && c.opponent.as_ref().is_none_or(|o| o.id == me),
        t!("accept-none-here"),
        "accept",
    )?;
    cx.accept(ctx, stored)
}

/// `decline [#id]`: a challenge addressed to the speaker, or a pending draw offer or
/// takeback request.
pub(crate) fn cmd_decline(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let me = ctx.user.id.clone();
    if let Some(id) = id
        && cx.store.challenge(id)?.is_none()
        && let Some(g) = cx.store.game(id)?
    {
        return match cx.decline_offer(ctx, &g)? {
            Some(r) => Ok(r),
            None => Err(Failure::Refused(t!("decline-nothing-in-game", id = id))),
        };
    }
    if id.is_none() {
        // An offer in the speaker's only game with one pending, if no challenge fits.
        let direct_here = cx
            .store
            .challenges()?
            .into_iter()
            .filter(|c| c.doc.reaches(ctx))
            .any(|c| c.doc.opponent.as_ref().is_some_and(|o| o.id == me));
        if !direct_here {
            let offers: Vec<Stored<GameDoc>> = cx
                .games_of(&me, true, usize::MAX)?
                .into_iter()
                .filter(|g| g.doc.is_home(&ctx.channel) && Cx::has_offer_for(&g.doc, &me))
                .collect();
            if offers.len() == 1 {
                if let Some(r) = cx.decline_offer(ctx, &offers[0])? {
                    return Ok(r);
                }
            } else if offers.len() > 1 {
                return Err(Failure::Refused(t!(
                    "decline-which-game",
                    games = offers
                        .iter()
                        .map(|g| format!("#{}", g.doc.id))
                        .collect::<Vec<_>>()
                        .join(", "),
                    id = offers[0].doc.id
                )));
            }
        }
    }
    let stored = cx.find_challenge(
        ctx,
        id,
        &|c| c.opponent.as_ref().is_some_and(|o| o.id == me),
        t!("decline-none-here"),
        "decline",
    )?;
    let ch = &stored.doc;
    match &ch.opponent {
        None => {
            return Err(Failure::Refused(t!(
                "decline-open-challenge",
                id = ch.id,
                challenger = &ch.challenger.name
            )));
        }
        Some(o) if o.id != me => {
            return Err(Failure::Refused(t!(
                "challenge-not-for-you",
                id = ch.id,
                opponent = &o.name
            )));
        }
        Some(_) => {}
    }
    cx.remove_challenge(&stored)?;
    let mut reply = Reply::done(t!(
        "decline-challenge",
        player = &ctx.user.name,
        id = ch.id,
        challenger = &ch.challenger.name
    ));
    reply.ping(&ch.challenger.id);
    Ok(reply)
}

/// `cancel [#id]`: withdraws the speaker's own challenge.
pub(crate) fn cmd_cancel(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let me = ctx.user.id.clone();
    let stored = cx.find_challenge(
        ctx,
        id,
        &|c| c.challenger.id == me,
        t!("cancel-none-here"),
        "cancel",
    )?;
    let ch = &stored.doc;
    if ch.challenger.id != me {
        return Err(Failure::Refused(t!(
            "cancel-not-yours",
            id = ch.id,
            challenger = &ch.challenger.name,
            yours = if ch.opponent.as_ref().is_some_and(|o| o.id == me) {
                "declinable"
            } else {
                "other"
            }
        )));
    }
    cx.remove_challenge(&stored)?;
    let mut reply = Reply::done(t!("cancel-challenge", player = &ctx.user.name, id = ch.id));
    if let Some(o) = &ch.opponent {
        reply.ping(&o.id);
    }
    Ok(reply)
}

/// `rematch [#id]`: offers the opponent a new game with the seats swapped, or accepts
/// their offer.
pub(crate) fn cmd_rematch(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_finished_game(ctx, id)?;
    let g = &stored.doc;
    let Some(seat) = g.seat_of(&ctx.user.id) else {
        return Err(Failure::Refused(t!("rematch-not-yours", id = g.id)));
    };
    if g.end.is_none() {
        return Err(Failure::Refused(t!("rematch-still-playing", id = g.id)));
    }
    if let Some(rid) = g.rematch {
        if let Some(ch) = cx.store.challenge(rid)? {
            if ch.doc.challenger.id == ctx.user.id {
                return Err(Failure::Refused(t!(
                    "rematch-already-offered",
                    challenge = rid,
                    opponent = &g.players[seat.other().index()].name
                )));
            }
            return cx.accept(ctx, ch);
        }
        if cx.store.game(rid)?.is_some() {
            return Err(Failure::Refused(t!(
                "rematch-already-game",
                id = g.id,
                rematch = rid
            )));
        }
    }
    cx.require_channel(ctx, g)?;
    cx.check_can_challenge(&ctx.user)?;
    let other = g.players[seat.other().index()].clone();
    let ch = Challenge {
        id: cx.store.allocate_id()?,
        rule_set: g.rule_set(),
        challenger: ctx.user.clone(),
        opponent: Some(other),
        // Seats swap: who was seat A now takes seat B.
        seat: if seat == Seat::A {
            SeatChoice::Second
        } else {
            SeatChoice::First
        },
        ranked: g.ranked,
        days: g.days,
        bank: g.bank,
        community: g.community.clone(),
        // Made where it was asked for (one of the game's homes).
        channel: ctx.channel.clone(),
        platform: ctx.platform().to_string(),
        created: cx.now(),
        rematch_of: Some(g.id),
    };
    let mut next = g.clone();
    next.rematch = Some(ch.id);
    cx.commit(
        Commit {
            games: vec![(Some(stored.clone()), next)],
            new_challenges: vec![ch.clone()],
            ..Commit::default()
        },
        Some(g.id),
    )?;
    if let Some(engine) = ch
        .opponent
        .as_ref()
        .filter(|o| o.id.platform == super::engine::ENGINE_PLATFORM)
    {
        // The engine takes a rematch at once, as it took the first game.
        let engine_ctx = Context {
            user: engine.clone(),
            community: ch.community.clone(),
            channel: ch.channel.clone(),
            private: false,
            account: None,
            locale: None,
            admin: false,
        };
        return cmd_accept(cx, &engine_ctx, Some(ch.id));
    }
    Ok(cx.challenge_reply(
        &ch,
        t!("challenge-headline-rematch", game = g.id, id = ch.id),
    ))
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::challenge::CHALLENGE,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Challenge(spec) => cmd_challenge(cx, ctx, spec),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::challenge::ACCEPT,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Accept(id) => cmd_accept(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::challenge::DECLINE,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Decline(id) => cmd_decline(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::challenge::CANCEL,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Cancel(id) => cmd_cancel(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::challenge::REMATCH,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Rematch(id) => cmd_rematch(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
];

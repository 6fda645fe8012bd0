//! The commands that ask the opponent: `draw` (offer, or accept the standing offer) and
//! `takeback` (ask to undo one's last move, or grant it), the buttons that answer them,
//! and declining an offer (for `decline`).

use super::GameDoc;
use super::{GameResult, replay};
use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::{Context, User, UserId};
use crate::reply::{Choice, Reply};
use crate::store::Stored;
use crate::{Cx, Failure};
use skald_rules::{Action, Seat};

impl Cx {
    /// Stores `next` (with `seat`'s standing offer) and tells the opponent how to answer:
    /// `#3: alice (White) offers a draw. bob: `draw #3` accepts, `decline #3` refuses …`.
    fn make_offer(
        &self,
        stored: &Stored<GameDoc>,
        next: GameDoc,
        seat: Seat,
        verb: &'static str,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        self.commit_game(stored.clone(), next)?;
        let other = &g.players[seat.other().index()];
        let mut reply = Reply::done(crate::t!(
            "offer-made",
            id = g.id,
            player = g.label(seat),
            offer = verb,
            other = &other.name
        ));
        reply.ping(&other.id);
        let accept = match verb {
            "draw" => Command::Draw(Some(g.id)),
            _ => Command::Takeback(Some(g.id)),
        };
        self.offer_choices(&mut reply, other, accept);
        Ok(reply)
    }

    /// Buttons for answering an offer.
    fn offer_choices(&self, reply: &mut Reply, to: &User, accept: Command) {
        let game = match &accept {
            Command::Draw(g) | Command::Takeback(g) => *g,
            _ => None,
        };
        for (label, command) in [
            (crate::t!("choice-accept"), accept),
            (crate::t!("choice-decline"), Command::Decline(game)),
        ] {
            reply.choices.push(Choice {
                label,
                command,
                for_user: Some(to.id.clone()),
            });
        }
    }

    /// Takes back the last moves of the game, one per seat in `movers` (the last mover
    /// first), and starts the turn of whoever is then to move; `actor` answered the request.
    pub(crate) fn undo_moves(
        &self,
        stored: &Stored<GameDoc>,
        movers: &[Seat],
        headline: crate::Text,
        actor: Option<Seat>,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let mut record = g.record.clone();
        for _ in movers {
            if let Some(pos) = record
                .actions
                .iter()
                .rposition(|a| matches!(a, Action::Move(_)))
            {
                record.actions.remove(pos);
            }
        }
        let m = replay(record, g.id)?;
        let mut next = g.clone();
        next.set(&m);
        for s in movers {
            next.moved[s.index()] = next.moved[s.index()].saturating_sub(1);
        }
        next.takeback = None;
        // The lines were written against the position taken back.
        next.premoves = Default::default();
        let now = self.now();
        self.start_turn(&mut next, &m, now)?;
        let written = self.commit_game(stored.clone(), next)?;
        Ok(self.game_reply(&written, &m, headline, &[], actor, now))
    }

    /// Declines a draw offer or takeback request in a game; `None` when none is pending
    /// for the speaker.
    pub(crate) fn decline_offer(
        &self,
        ctx: &Context,
        stored: &Stored<GameDoc>,
    ) -> Result<Option<Reply>, Failure> {
        let g = &stored.doc;
        let Some(seat) = g.seat_of(&ctx.user.id) else {
            return Ok(None);
        };
        if g.end.is_some() {
            return Ok(None);
        }
        let other = seat.other();
        let what = if g.draw_offer == Some(other) {
            "draw"
        } else if g.takeback == Some(other) {
            "takeback"
        } else {
            return Ok(None);
        };
        self.require_channel(ctx, g)?;
        let mut next = g.clone();
        if what == "draw" {
            next.draw_offer = None;
        } else {
            next.takeback = None;
        }
        self.commit_game(stored.clone(), next)?;
        let mut reply = Reply::done(crate::t!(
            "offer-declined",
            id = g.id,
            player = g.label(seat),
            offer = what,
            other = &g.players[other.index()].name
        ));
        reply.ping(&g.players[other.index()].id);
        Ok(Some(reply))
    }

    /// Whether a game has an offer pending for `user` to answer.
    pub(crate) fn has_offer_for(g: &GameDoc, user: &UserId) -> bool {
        g.end.is_none()
            && g.seat_of(user)
                .is_some_and(|s| g.draw_offer == Some(s.other()) || g.takeback == Some(s.other()))
    }
}

/// `draw [#id]`: offers a draw, or accepts the opponent's offer.
pub(crate) fn cmd_draw(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "draw #id")?;
    let g = &stored.doc;
    cx.require_channel(ctx, g)?;
    let seat = cx.require_active_player(ctx, g)?;
    let rule_set = g.rule_set();
    if !rule_set.has_draws() {
        return Err(Failure::Refused(crate::t!(
            "draw-none-in-game",
            rule_set = skald_lang::rule_set_name(rule_set),
            id = g.id
        )));
    }
    if crate::engine::is_engine(&g.players[seat.other().index()].id) {
        return Err(Failure::Refused(crate::t!("draw-engine", id = g.id)));
    }
    match g.draw_offer {
        Some(s) if s == seat.other() => {
            let headline = crate::t!("draw-accepted", id = g.id, player = g.label(seat));
            cx.end_by_command(&stored, seat, GameResult::DrawAgreed, headline)
        }
        Some(_) => Err(Failure::Refused(crate::t!(
            "draw-already-offered",
            id = g.id,
            other = g.label(seat.other())
        ))),
        None => {
            let mut next = g.clone();
            next.draw_offer = Some(seat);
            cx.make_offer(&stored, next, seat, "draw")
        }
    }
}

/// `takeback [#id]`: asks to undo one's last move, or grants the opponent's request.
pub(crate) fn cmd_takeback(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "takeback #id")?;
    let g = &stored.doc;
    cx.require_channel(ctx, g)?;
    let seat = cx.require_active_player(ctx, g)?;
    if g.rule_set().uses_dice() {
        return Err(Failure::Refused(crate::t!(
            "takeback-dice",
            rule_set = skald_lang::rule_set_name(g.rule_set())
        )));
    }
    if crate::engine::is_engine(&g.players[seat.other().index()].id) {
        return cx.takeback_against_engine(&stored, seat);
    }
    let moves = g.moves_played();
    // Grid games alternate strictly, seat A first: the parity says who moved last.
    let last_mover = match moves {
        0 => None,
        n if n % 2 == 1 => Some(Seat::A),
        _ => Some(Seat::B),
    };
    match (g.takeback, last_mover) {
        (Some(asker), Some(mover)) if asker == seat.other() && mover == asker => {
            let headline = crate::t!(
                "takeback-granted",
                id = g.id,
                player = g.label(seat),
                asker = &g.players[asker.index()].name
            );
            cx.undo_moves(&stored, &[asker], headline, Some(seat))
        }
        (Some(asker), _) if asker == seat => Err(Failure::Refused(crate::t!(
            "takeback-already-asked",
            id = g.id,
            other = g.label(seat.other())
        ))),
        (_, Some(mover)) if mover == seat => {
            let mut next = g.clone();
            next.takeback = Some(seat);
            cx.make_offer(&stored, next, seat, "takeback")
        }
        _ => Err(Failure::Refused(crate::t!("takeback-nothing", id = g.id))),
    }
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::game::DRAW,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Draw(id) => cmd_draw(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::game::TAKEBACK,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Takeback(id) => cmd_takeback(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
];

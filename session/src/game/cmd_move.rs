//! The commands that play: `move` (one or more moves, all or none; numbered moves in dice
//! games) and `arrange` (a Subulata player's private placement).

use super::GameDoc;
use super::GameResult;
use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::Context;
use crate::messages::move_refusal;
use crate::reply::{Board, Private, Reply};
use crate::store::Stored;
use crate::{Cx, Failure};
use skald_rules::{Action, Event, Match, MoveError, Position, Seat, Status};

/// How many legal moves a refusal lists before saying "and N more".
const LEGAL_MOVES_SHOWN: usize = 40;

impl Cx {
    /// Stores the moves `seat` just played in `m` (their canonical notation in `played`, what
    /// they caused in `events`) and answers with the game's reply: what `move` and the
    /// engine's typed move ([`Cx::play_engine_move`]) share once the moves are played.
    pub(crate) fn commit_moves(
        &self,
        stored: &Stored<GameDoc>,
        m: &Match,
        seat: Seat,
        played: &[String],
        events: &[Event],
        announce: Option<&crate::engine::Announce>,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let now = self.now();
        let mut m = m.clone();
        let mut next = g.clone();
        next.set(&m);
        next.moved[seat.index()] += played.len() as u32;
        next.takeback = None;
        if next.draw_offer == Some(seat.other()) {
            next.draw_offer = None;
        }
        let mut events = events.to_vec();
        let mut headline = crate::t!(
            "game-played",
            id = g.id,
            player = g.label(seat),
            moves = played.join(" ")
        );
        let mut note = None;
        let status = m.position().status();
        if !matches!(status, Status::Over(_)) {
            next.spend(seat, now, status.seat() != Some(seat));
            self.start_turn(&mut next, &m, now)?;
            // The opponent's conditional answer, in the same write.
            let answered = self.answer_premoves(&mut next, &mut m, seat, played)?;
            if let Some((owner, answer, more)) = answered.played {
                headline.line(crate::t!(
                    "premove-answered",
                    player = g.label(owner),
                    answer = answer.as_str()
                ));
                events.extend(more);
            }
            note = answered.note;
        }
        let written = match (m.position().status(), announce) {
            (Status::Over(o), None) => self.end_game(stored, next, GameResult::Rules(o), now)?,
            (_, None) => self.commit_game(stored.clone(), next)?,
            (Status::Over(o), Some(how)) => {
                next.finish(GameResult::Rules(o), now);
                let said = std::mem::take(&mut next.engine_said);
                let notices = |shown: &GameDoc| {
                    let reply =
                        self.game_reply(shown, &m, headline.clone(), &events, Some(seat), now);
                    self.engine_notices(shown, reply, &said, how)
                };
                self.commit_ending_announced(stored, next, &notices)?
            }
            (status, Some(how)) => {
                let mut shown = next.clone();
                shown.version = g.version + 1;
                let reply = self.game_reply(&shown, &m, headline.clone(), &events, Some(seat), now);
                let notices = if how.merge && status.seat() == Some(seat) {
                    // The turn goes on: this step is told with the turn's last one.
                    next.engine_said.push(reply.text);
                    Vec::new()
                } else {
                    let said = std::mem::take(&mut next.engine_said);
                    shown.engine_said.clear();
                    self.engine_notices(&shown, reply, &said, how)
                };
                self.commit_game_announced(stored.clone(), next, &notices)?
            }
        };
        tracing::info!(game = g.id, moves = played.len(), "moves played");
        let mut reply = self.game_reply(&written, &m, headline, &events, Some(seat), now);
        reply.private.extend(note);
        Ok(reply)
    }
}

/// `move [#id] <move> ...`: plays the moves in order, all or none.
pub(crate) fn cmd_move(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    tokens: &[String],
) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "move #id <move>")?;
    let g = &stored.doc;
    cx.require_channel(ctx, g)?;
    let seat = cx.require_active_player(ctx, g)?;
    let mut m = g.live()?;
    if m.position().status().seat() != Some(seat) {
        return Err(Failure::Refused(crate::t!(
            "move-not-your-turn",
            status = cx.status_line(g, m.position(), cx.now())
        )));
    }
    let mut events = Vec::new();
    let mut played = Vec::new();
    {
        let mut rng = cx.rng();
        let mut i = 0;
        let rolls = |m: &Match| {
            m.record()
                .actions
                .iter()
                .filter(|a| matches!(a, Action::Roll(_)))
                .count()
        };
        let rolls_before = rolls(&m);
        while i < tokens.len() {
            // Nothing typed after a roll is played: the player must see the dice first,
            // and a refusal must not show (or let them undo) dice rolled in this command.
            let why = if m.position().status().seat() != Some(seat) {
                Some("turn-over")
            } else if rolls(&m) != rolls_before {
                Some("rolled-again")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(Failure::Refused(crate::t!(
                    "move-cannot-follow",
                    played = played.join(" "),
                    why = why,
                    rest = tokens[i..].join(" "),
                    last = played.last().map_or("", String::as_str)
                )));
            }
            let (text, used) = next_move_text(m.position(), &tokens[i..]);
            let canonical = m.position().canonical_move(&text);
            let result = canonical.and_then(|c| m.play(&c, &mut *rng).map(|ev| (c, ev)));
            match result {
                Ok((c, ev)) => {
                    played.push(c);
                    events.extend(ev);
                }
                Err(e) => {
                    let mut msg = move_refusal(m.position(), &text, &e, LEGAL_MOVES_SHOWN);
                    if !played.is_empty() {
                        msg.line(crate::t!("move-nothing-played", played = played.join(" ")));
                    }
                    if matches!(e, MoveError::Syntax { .. }) && i == 0 && tokens.len() == 1 {
                        msg.line(crate::t!(
                            "usage-line",
                            usage = "move [#id] <move> [<move> ...]"
                        ));
                    }
                    return Err(Failure::Refused(msg));
                }
            }
            i += used;
        }
    }
    cx.commit_moves(&stored, &m, seat, &played, &events, None)
}

/// `arrange [#id] <values>`: a Subulata player's private placement.
pub(crate) fn cmd_arrange(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    values: [u8; 9],
) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "arrange #id <nine values>")?;
    let g = &stored.doc;
    let seat = cx.require_active_player(ctx, g)?;
    if !g.rule_set().has_hidden_information() {
        return Err(Failure::Refused(crate::t!(
            "arrange-not-subulata",
            id = g.id,
            rule_set = skald_lang::rule_set_name(g.rule_set())
        )));
    }
    let mut m = g.live()?;
    m.arrange(seat, values).map_err(|e| {
        Failure::Refused(crate::t!(
            "arrange-refused",
            id = g.id,
            why = skald_lang::arrange_error(&e)
        ))
    })?;
    let mut next = g.clone();
    next.set(&m);
    let written = cx.commit_game(stored.clone(), next)?;
    let board = written.board(m.position(), Vec::new(), cx.now());
    let mut reply = Reply::done(crate::t!("arrange-done", id = g.id, player = g.label(seat)));
    reply.private.push(Private {
        to: ctx.user.id.clone(),
        name: ctx.user.name.clone(),
        text: crate::t!("arrange-private", id = g.id),
        boards: vec![Board::private(&board, seat)],
        files: Vec::new(),
        lang: None,
        news: false,
    });
    Ok(reply)
}

/// Picks the text of the next move from the typed tokens: one token, three when a separator
/// stands alone between spaces (`f2 - f5`), or two joined by a space when the game writes
/// moves that way (`f2 f5`, `13 1`). Returns the text and how many tokens it used.
pub(crate) fn next_move_text(position: &Position, tokens: &[String]) -> (String, usize) {
    let first = tokens[0].clone();
    if position.canonical_move(&first).is_ok() {
        return (first, 1);
    }
    // `f2 - f5`: a separator typed between spaces.
    if let [_, sep, third, ..] = tokens
        && matches!(sep.as_str(), "-" | "x" | "X" | ":")
    {
        let joined = format!("{first}{sep}{third}");
        if position.canonical_move(&joined).is_ok() {
            return (joined, 3);
        }
    }
    if let Some(second) = tokens.get(1) {
        let joined = format!("{first} {second}");
        if position.canonical_move(&joined).is_ok() {
            return (joined, 2);
        }
    }
    if let Some(mv) = numbered_move(position, &first) {
        return (mv, 1);
    }
    (first, 1)
}

/// In a dice game, `N` alone (not itself a move) picks the N-th legal move, counting
/// from 1 in the order of [`Position::legal_moves`], which is the order of the reply's
/// move choices: chat adapters list them numbered so a phone player can type `move 2`.
pub fn numbered_move(position: &Position, token: &str) -> Option<String> {
    if !position.rule_set().uses_dice() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = token.parse().ok()?;
    position.legal_moves().into_iter().nth(n.checked_sub(1)?)
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::game::MOVE,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Move { game, moves } => cmd_move(cx, ctx, *game, moves),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::game::ARRANGE,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Arrange { game, values } => cmd_arrange(cx, ctx, *game, *values),
            _ => Err(misrouted(cmd)),
        },
    },
];

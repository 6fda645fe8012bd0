//! The commands that end a game at once: `resign` (a loss, any time) and `abort` (no
//! result, before both players have moved).

use super::GameDoc;
use super::GameResult;
use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::Context;
use crate::reply::Reply;
use crate::store::Stored;
use crate::{Cx, Failure};
use skald_rules::Seat;

impl Cx {
    /// Ends a game by a player's command (resign, abort, agreed draw) and replies.
    pub(super) fn end_by_command(
        &self,
        stored: &Stored<GameDoc>,
        seat: Seat,
        result: GameResult,
        headline: crate::Text,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let m = g.live()?;
        let now = self.now();
        let written = self.end_game(stored, g.clone(), result, now)?;
        tracing::info!(game = g.id, ?result, "game ended by command");
        Ok(self.game_reply(&written, &m, headline, &[], Some(seat), now))
    }
}

/// `resign [#id]`.
pub(crate) fn cmd_resign(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "resign #id")?;
    cx.require_channel(ctx, &stored.doc)?;
    let seat = cx.require_active_player(ctx, &stored.doc)?;
    let headline = crate::t!(
        "game-resigns",
        id = stored.doc.id,
        player = stored.doc.label(seat)
    );
    cx.end_by_command(&stored, seat, GameResult::Resigned(seat), headline)
}

/// `abort [#id]`: only before both players have moved.
pub(crate) fn cmd_abort(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "abort #id")?;
    cx.require_channel(ctx, &stored.doc)?;
    let seat = cx.require_active_player(ctx, &stored.doc)?;
    if let Some(tournament) = stored.doc.tournament {
        // A tournament game has a result however it ends: resigning is the way out.
        return Err(Failure::Refused(crate::t!(
            "tournament-game-no-abort",
            id = stored.doc.id,
            tournament = tournament
        )));
    }
    if !stored.doc.abortable() {
        return Err(Failure::Refused(crate::t!(
            "game-abort-too-late",
            id = stored.doc.id
        )));
    }
    let headline = crate::t!(
        "game-aborts",
        id = stored.doc.id,
        player = stored.doc.label(seat)
    );
    cx.end_by_command(&stored, seat, GameResult::Aborted(seat), headline)
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::game::RESIGN,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Resign(id) => cmd_resign(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::game::ABORT,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Abort(id) => cmd_abort(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
];

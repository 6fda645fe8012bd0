//! The commands that only look: `board` (the public board, and a player's own view
//! privately) and `moves` (the move list). They work anywhere, for spectators too.

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::Context;
use crate::reply::{Board, Private, Reply};
use crate::{Cx, Failure};

/// `board [#id] [text]`: the public board, and a player's own view privately in Subulata;
/// with `text`, both as text boards (a screen reader reads the player's own values).
pub(crate) fn cmd_board(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    as_text: bool,
) -> Result<Reply, Failure> {
    let g = cx.find_game_to_show(ctx, id, "board #id")?.doc;
    let m = g.live()?;
    let position = m.position();
    let board = Board {
        as_text,
        ..g.board_with_last_move(position, cx.now())
    };
    let mut reply = Reply::done(crate::t!(
        "board-title",
        title = g.title(),
        kind = super::ranked_word(g.ranked)
    ));
    match g.result_text() {
        Some(r) => reply.line(r),
        None => reply.line(cx.status_line(&g, position, cx.now())),
    }
    if let Some(seat) = g.seat_of(&ctx.user.id)
        && g.end.is_none()
        && g.rule_set().has_hidden_information()
    {
        reply.private.push(Private {
            to: ctx.user.id.clone(),
            name: ctx.user.name.clone(),
            text: crate::t!("look-your-values", id = g.id),
            boards: vec![Board::private(&board, seat)],
            files: Vec::new(),
            lang: None,
            news: false,
        });
    }
    Ok(reply.with_board(board))
}

/// `moves [#id]`: the move list so far.
pub(crate) fn cmd_moves(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let g = cx.find_game_to_show(ctx, id, "moves #id")?.doc;
    Ok(Reply::done(cx.moves_text(&g)))
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::game::BOARD,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Board { game, text } => cmd_board(cx, ctx, *game, *text),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::game::MOVES,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Moves(id) => cmd_moves(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
];

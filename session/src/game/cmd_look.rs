//! The commands that only look: `board` (the public board, and a player's own view
//! privately) and `moves` (the move list). They work anywhere, for spectators too.

use crate::identity::Context;
use crate::reply::{Board, Private, Reply};
use crate::{Failure, Cx};

impl Cx {
    /// `board [#id]`: the public board, and a player's own view privately in Subulata.
    pub(crate) fn cmd_board(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let g = self.find_game_to_show(ctx, id, "board #id")?.doc;
        let m = g.live()?;
        let position = m.position();
        let board = g.board_with_last_move(position, self.now());
        let mut reply = Reply::done(crate::t!(
            "board-title",
            title = g.title(),
            kind = super::ranked_word(g.ranked)
        ));
        match g.result_text() {
            Some(r) => reply.line(r),
            None => reply.line(self.status_line(&g, position, self.now())),
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
            });
        }
        Ok(reply.with_board(board))
    }

    /// `moves [#id]`: the move list so far.
    pub(crate) fn cmd_moves(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let g = self.find_game_to_show(ctx, id, "moves #id")?.doc;
        Ok(Reply::done(self.moves_text(&g)))
    }
}

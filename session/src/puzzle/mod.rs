//! Puzzles (issue #35), the session's part: `puzzle` and its answers, the ratings and the
//! streak, the puzzle ladder, and the community's daily puzzle (the puzzles themselves, their
//! file and a player's and a community's documents: `skald_model::puzzle`; their proofs:
//! `skald_ai::puzzle`).
//!
//! | module | what |
//! |---|---|
//! | `give.rs` | `puzzle [rule-set]`: choosing one near the player's rating, privately |
//! | `solve.rs` | an answer, `puzzle skip`: right, wrong, the forced replies, the ratings |
//! | `standing.rs` | `puzzle stats` and `puzzle ladder` |
//! | `daily.rs` | the daily puzzle: its setting, the post once a day, who solved it |
//! | `show.rs` | what players read: the puzzle's board and words, the solution |
//! | `pool.rs` | where puzzles come from: the starter set shipped with Skald, the community's own |
//!
//! Decisions: `docs/PUZZLES.md` "Solving in chat" and "The daily puzzle".

mod daily;
mod give;
pub(crate) mod mining;
mod pool;
mod show;
mod solve;
mod standing;

use crate::command::{Command, PuzzleAsk};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::Context;
use crate::{Cx, Failure, Reply};

/// The `puzzle` command's handler.
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &crate::command::puzzle::PUZZLE,
    acts: Acts::AsPlayer,
    run: run_puzzle,
}];

/// Runs `puzzle …` by what it asks.
fn run_puzzle(cx: &Cx, ctx: &Context, cmd: &Command) -> Result<Reply, Failure> {
    let Command::Puzzle(ask) = cmd else {
        return Err(misrouted(cmd));
    };
    match ask {
        PuzzleAsk::New(scope) => give::cmd_new(cx, ctx, *scope),
        PuzzleAsk::Answer(words) => solve::cmd_answer(cx, ctx, words),
        PuzzleAsk::Skip => solve::cmd_skip(cx, ctx),
        PuzzleAsk::Stats(handle) => standing::cmd_stats(cx, ctx, handle.as_deref()),
        PuzzleAsk::Ladder(family) => standing::cmd_ladder(cx, ctx, *family),
        PuzzleAsk::Daily(words) => daily::cmd_daily(cx, ctx, words),
    }
}

impl Cx {
    /// A community's puzzle document, if anything of its puzzles is stored yet.
    pub(crate) fn puzzle_room(
        &self,
        community: &crate::CommunityId,
    ) -> Result<Option<crate::store::Stored<skald_model::puzzle::PuzzleRoom>>, Failure> {
        Ok(self.store.puzzle_room(community)?)
    }
}

//! Writing a game back: starting the next turn's clock (vacations included) and the one
//! commit of a game document, which hands a write that ends the game to
//! [`super::ending`] so the ladder is never forgotten.

use super::GameDoc;
use crate::clock::Timestamp;
use crate::identity::UserId;
use crate::store::Stored;
use crate::{Cx, Failure};
use skald_rules::Match;

impl Cx {
    /// When a user's clocks are paused until, if they are on vacation now.
    fn paused_until(&self, user: &UserId, now: Timestamp) -> Result<Option<Timestamp>, Failure> {
        Ok(self.store.user(user)?.and_then(|u| u.doc.on_vacation(now)))
    }

    /// Starts the turn of whoever must act in `m` (nothing when the game is over).
    pub(crate) fn start_turn(
        &self,
        g: &mut GameDoc,
        m: &Match,
        now: Timestamp,
    ) -> Result<(), Failure> {
        if let Some(seat) = m.position().status().seat() {
            let paused = self.paused_until(&g.players[seat.index()].id, now)?;
            g.start_turn(seat, now, paused, &self.reminders());
        }
        Ok(())
    }

    /// Commits one game write, mapping a lost race to the "game changed" answer. A write
    /// that ends the game goes through [`Cx::commit_ending`], which rates it, so a path
    /// that ends a game without [`Cx::end_game`] still cannot skip the ladder.
    pub(crate) fn commit_game(
        &self,
        before: Stored<GameDoc>,
        after: GameDoc,
    ) -> Result<GameDoc, Failure> {
        if before.doc.end.is_none() && after.end.is_some() {
            return self.commit_ending(&before, after);
        }
        self.commit_game_announced(before, after, &[])
    }
}

//! Ending a game, the one way: every path that ends one (a move that ends it by the rules,
//! `resign`, `abort`, an agreed `draw`, a timeout) goes through [`Cx::end_game`], and
//! any other game write that ends one is routed here by [`Cx::commit_game`], so no
//! path can forget the ladder. A ranked game with a result is rated here, by the session:
//! both players' standings are read, the new ones computed with [`crate::ladder::rate`],
//! the changes kept in the game's [`super::GameEnd::ratings`], and the new standings
//! written in the same commit as the game, each with compare-and-swap on the standing read.

use super::GameDoc;
use super::GameResult;
use crate::clock::Timestamp;
use crate::ladder;
use crate::store::{Commit, StandingWrite, Stored};
use crate::{Cx, Failure};
use skald_rules::Seat;

/// How many times an ending whose game is unchanged is tried again after losing the race
/// for a standing (another game of one of the players ended at the same moment) or for its
/// tournament (another of its games ended at the same moment).
const LADDER_RETRIES: usize = 16;

impl Cx {
    /// Ends the game `stored` with `result` at `now`: `next` is the game as the ending
    /// command leaves it (the final move played, say). Rates it if it counts for the ladder
    /// and writes the game and the standings in one commit; returns the game as written.
    pub(crate) fn end_game(
        &self,
        stored: &Stored<GameDoc>,
        mut next: GameDoc,
        result: GameResult,
        now: Timestamp,
    ) -> Result<GameDoc, Failure> {
        next.finish(result, now);
        self.commit_ending(stored, next)
    }

    /// Writes `after`, a game that ends with this write, with its rating. A lost race for a
    /// standing while the game itself is unchanged is tried again with the standings as
    /// they are now (so the player's command is not refused for another game's ending);
    /// a game changed meanwhile is the usual conflict, and nothing is written.
    pub(super) fn commit_ending(
        &self,
        stored: &Stored<GameDoc>,
        after: GameDoc,
    ) -> Result<GameDoc, Failure> {
        self.commit_ending_announced(stored, after, &|_| Vec::new())
    }

    /// [`Cx::commit_ending`] with the notices `announce` makes from the game as it
    /// will be written (rated, its version moved on) in the outbox of the same commit
    /// ([`crate::outbox`]): a timeout's notice is stored with the timeout.
    pub(crate) fn commit_ending_announced(
        &self,
        stored: &Stored<GameDoc>,
        after: GameDoc,
        announce: &dyn Fn(&GameDoc) -> Vec<crate::Notice>,
    ) -> Result<GameDoc, Failure> {
        let id = after.id;
        let mut attempt = 0;
        let mut after = after;
        if !self.config.mine_games {
            // `[ai] mine_games = false`: nobody would take it, so nothing is asked (a
            // pending mining would keep the background loop waking for it).
            after.mining = None;
        }
        loop {
            let mut rated = after.clone();
            let standings = self.rate(&mut rated)?;
            let mut shown = rated.clone();
            shown.version = stored.doc.version + 1;
            // A tournament game's result, and the round it completes, in this same commit.
            let effects = self.tournament_effects(&shown)?;
            let retry_on_conflict = !standings.is_empty() || !effects.tournaments.is_empty();
            let mut outbox = announce(&shown);
            outbox.extend(effects.notices);
            let mut games = vec![(Some(stored.clone()), rated)];
            games.extend(effects.games);
            let commit = Commit {
                games,
                standings,
                outbox: self.outbox_entries(&outbox),
                tournaments: effects.tournaments,
                ..Commit::default()
            };
            match self.commit(commit, Some(id)) {
                Err(Failure::Conflict(c))
                    if retry_on_conflict
                        && attempt < LADDER_RETRIES
                        && self.unchanged(stored)? =>
                {
                    attempt += 1;
                    tracing::debug!(
                        game = c,
                        attempt,
                        "a standing or the tournament changed meanwhile; trying again"
                    );
                }
                written => {
                    return written?
                        .into_iter()
                        .find(|g| g.id == id)
                        .ok_or_else(|| Failure::Refused(crate::t!("nothing-written")));
                }
            }
        }
    }

    /// Whether the game is still stored as it was read.
    fn unchanged(&self, stored: &Stored<GameDoc>) -> Result<bool, Failure> {
        Ok(self
            .store
            .game(stored.doc.id)?
            .is_some_and(|now| now.doc == stored.doc))
    }

    /// The ladder's part of an ending: for a ranked game with a result, both players'
    /// standings as stored now, their new standings (Glicko-2, by [`ladder::rate`]) to
    /// write, and the changes recorded in the game; nothing for a casual or aborted game.
    pub(crate) fn rate(&self, game: &mut GameDoc) -> Result<Vec<StandingWrite>, Failure> {
        let Some(winner) = game.end.and_then(|end| end.result.winner()) else {
            return Ok(Vec::new());
        };
        if !game.ranked {
            return Ok(Vec::new());
        }
        let rule_set = game.record.rule_set;
        let [a, b] = Seat::BOTH.map(|seat| {
            let user = &game.players[seat.index()].id;
            self.store.read_standing(&game.community, rule_set, user)
        });
        let read = [a?, b?];
        let before = read
            .each_ref()
            .map(|r| r.as_ref().map(|s| s.doc).unwrap_or_default());
        let (after, changes) = ladder::rate(&before[0], &before[1], winner);
        if let Some(end) = &mut game.end {
            end.ratings = Some(changes);
        }
        Ok(Seat::BOTH
            .into_iter()
            .zip(read)
            .zip(after)
            .map(|((seat, read), standing)| StandingWrite {
                community: game.community.clone(),
                rule_set,
                user: game.players[seat.index()].id.clone(),
                read,
                standing,
            })
            .collect())
    }
}

//! Time-driven work: reminders and timeouts at each game's deadline, the heartbeat that
//! measures down time, and giving that down time back to the players at start-up.

use super::clock::{Timestamp, describe_duration};
use super::game::GameResult;
use super::reply::{Board, Notice, Private, Reply};
use super::store::{Commit, CommitError, StoreError};
use super::{Cx, Failure};
use std::collections::BTreeSet;

/// The `meta` entry holding the last time the bot was known to be running.
const ALIVE: &str = "alive";

impl Cx {
    /// When [`Cx::tick`] next has something to do (the earliest reminder or timeout).
    pub fn next_wakeup(&self) -> Option<Timestamp> {
        let skipped = self.skipped_games();
        let next = if skipped.is_empty() {
            self.store.next_deadline()
        } else {
            // Rare: only while a damaged game sits in the queue, which must not wake the
            // scheduler again and again.
            self.store
                .all_deadlines()
                .map(|all| all.into_iter().find(|(_, id)| !skipped.contains(id)))
        };
        let game = match next {
            Ok(next) => next.map(|(at, _)| at),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the deadline queue");
                None
            }
        };
        game.into_iter()
            .chain(self.next_digest_due())
            .chain(self.next_tournament_start())
            .chain(self.next_daily_puzzle_due())
            .min()
    }

    /// Records that the bot is running at `now`, so down time can be measured after a crash.
    pub fn heartbeat(&self, now: Timestamp) {
        if let Err(e) = self.store.set_meta_time(ALIVE, now) {
            tracing::warn!(error = %e, "cannot write the heartbeat");
        }
    }

    /// Sends the reminders and ends the games whose deadline passed by `now`, starts the
    /// tournaments whose time came (their announcements go through the outbox), sends the
    /// daily digests and daily puzzles due, and (hourly) forgets the handled messages' records past the edit
    /// window; returns what to post in which channel. Each part reads an index of what is
    /// due, so a round costs the same however many games, tournaments and players exist.
    pub fn tick(&self, now: Timestamp) -> Vec<Notice> {
        let mut notices = self.tick_games(now);
        self.start_due_tournaments(now);
        notices.extend(self.due_digests(now));
        notices.extend(self.due_daily_puzzles(now));
        self.prune_handled_messages(now);
        notices
    }

    /// The games' part of [`Cx::tick`]: reminders and timeouts.
    fn tick_games(&self, now: Timestamp) -> Vec<Notice> {
        let mut notices = Vec::new();
        let due = match self.store.due(now) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the deadline queue");
                return notices;
            }
        };
        let skipped = self.skipped_games();
        for (_, id) in due.into_iter().filter(|(_, id)| !skipped.contains(id)) {
            match self.wake_game(id, now) {
                // Written into the outbox with the deadline's change; returned too, for
                // the tests and callers that post what a round made.
                Ok(Some(made)) => notices.extend(made),
                Ok(None) => {}
                // A move landed at the same moment; the next tick looks again.
                Err(Failure::Conflict(_)) => tracing::debug!(game = id, "deadline raced a move"),
                Err(Failure::Refused(e)) => {
                    tracing::warn!(game = id, error = %e.en(), "deadline skipped")
                }
                Err(Failure::Store(e)) => tracing::error!(game = id, error = %e, "deadline failed"),
                Err(Failure::Misrouted(name)) => {
                    tracing::error!(game = id, command = name, "deadline misrouted")
                }
            }
        }
        self.heartbeat(now);
        notices
    }

    /// Handles one game's due deadline: a timeout or a reminder.
    fn wake_game(&self, id: u64, now: Timestamp) -> Result<Option<Vec<Notice>>, Failure> {
        let stored = match self.store.game(id) {
            Ok(Some(stored)) => stored,
            Ok(None) => return Ok(None),
            Err(StoreError::UnreadableGame { reason, .. }) => {
                self.skip_unreadable(id, &reason);
                return Ok(None);
            }
            Err(e) => return Err(e.into()),
        };
        let g = &stored.doc;
        // A finished game wakes only for its review, which the engine's driver makes
        // (`crate::review`).
        if g.end.is_some() || g.wake().is_none_or(|at| at > now) {
            return Ok(None);
        }
        let seat = g.clock.seat;
        let player = &g.players[seat.index()];
        if super::engine::is_engine(&player.id) {
            return self.engine_deadline(id, now);
        }
        let Ok(m) = g.live() else {
            self.skip_unreadable(id, "its record no longer replays");
            return Ok(None);
        };
        let mut next = g.clone();
        if now >= g.clock.deadline {
            let result = if g.abortable() {
                GameResult::AbortedOnTime(seat)
            } else {
                GameResult::TimedOut(seat)
            };
            next.finish(result, now);
            // The notice is made from the game as it will be written (rated), inside the
            // ending's commit, so it is stored with it.
            let made = std::cell::RefCell::new(Vec::new());
            self.commit_ending_announced(&stored, next, &|written| {
                let mut reply = self.game_reply(
                    written,
                    &m,
                    crate::t!("deadline-time-ran-out", id = id, player = g.label(seat)),
                    &[],
                    None,
                    now,
                );
                reply.choices.retain(|c| {
                    use crate::command::Command::{Export, Rematch, Replay, Review};
                    matches!(
                        c.command,
                        Rematch(_) | Export { .. } | Replay(_) | Review(_)
                    )
                });
                let notices = self.fan_out(written, reply);
                *made.borrow_mut() = notices.clone();
                notices
            })?;
            tracing::info!(game = id, ?result, "deadline passed");
            return Ok(Some(made.into_inner()));
        }
        // The next reminder of this turn, if one is left (the last hour's).
        next.clock.remind_at = crate::game::next_reminder(g.clock.deadline, now, &self.reminders());
        let mut reply = Reply::done(crate::t!(
            "deadline-reminder",
            player = &player.name,
            id = id,
            rule_set = skald_lang::rule_set_name(g.rule_set()),
            deadline = g.clock.deadline.text(),
            left = describe_duration(g.clock.deadline.since(now))
        ));
        reply.ping(&player.id);
        let board = g.board_with_last_move(m.position(), now);
        // In Subulata the reminded player also gets their values (privately), so they can
        // move without asking for them first.
        if g.rule_set().has_hidden_information() {
            reply.private.push(Private {
                to: player.id.clone(),
                name: player.name.clone(),
                text: crate::t!("game-your-values", id = id),
                boards: vec![Board::private(&board, seat)],
                files: Vec::new(),
                lang: None,
                news: false,
            });
        }
        reply.boards.push(board);
        let notices = self.fan_out(g, reply);
        self.commit_game_announced(stored.clone(), next, &notices)?;
        Ok(Some(notices))
    }

    /// At start-up: if the bot was down longer than the grace period, every running clock
    /// gets that time back (players could not move while the bot was away).
    pub(super) fn recover(&self, now: Timestamp) -> Result<(), StoreError> {
        let down = self
            .store
            .meta_time(ALIVE)?
            .map_or(0, |alive| now.since(alive));
        if down > self.config.downtime_grace_secs {
            let ids: Vec<u64> = self
                .store
                .all_deadlines()?
                .into_iter()
                .map(|(_, id)| id)
                .collect();
            let mut moved = 0;
            // One transaction (and one flush) per batch, not per game.
            for batch in ids.chunks(500) {
                moved += self.extend_clocks(batch, down)?;
            }
            tracing::info!(
                down = %describe_duration(down).en(),
                games = moved,
                "the bot was down; deadlines extended"
            );
        }
        self.heartbeat(now);
        self.store.flush()
    }

    /// Moves the deadlines and reminders of `ids` by `secs`; returns how many moved.
    fn extend_clocks(&self, ids: &[u64], secs: i64) -> Result<usize, StoreError> {
        let mut commit = Commit::default();
        for &id in ids {
            match self.store.game(id) {
                Ok(Some(stored)) => {
                    let mut next = stored.doc.clone();
                    next.clock.shift(secs);
                    commit.games.push((Some(stored), next));
                }
                Ok(None) => {}
                // Start-up goes on without it: the other games are served.
                Err(StoreError::UnreadableGame { reason, .. }) => self.skip_unreadable(id, &reason),
                Err(e) => return Err(e),
            }
        }
        let n = commit.games.len();
        match self.store.commit(commit) {
            Ok(_) => Ok(n),
            Err(CommitError::Store(e)) => Err(e),
            // Nothing else runs during start-up; a conflict cannot happen, but is harmless.
            Err(CommitError::Conflict) => Ok(0),
        }
    }
}

impl Cx {
    /// The games the scheduler skips because they cannot be read.
    fn skipped_games(&self) -> BTreeSet<u64> {
        self.unreadable
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Leaves an unreadable game out of the scheduler's work from now on, logged once.
    fn skip_unreadable(&self, id: u64, reason: &str) {
        let first = self
            .unreadable
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id);
        if first {
            tracing::error!(
                game = id,
                %reason,
                "a stored game cannot be read: its reminders and timeout are skipped until a restart; `skald export` writes it raw for inspection"
            );
        }
    }
}

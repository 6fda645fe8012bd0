//! Handling chat messages by their platform's id (the stored record is
//! `skald_model::chat_message`): what makes a command run once
//! although a platform may deliver it again (after a restart), edit it (a typo fixed), or
//! deliver it long after it was sent (while the bot was down). The record of each handled
//! message lives behind the [`Store`](crate::store::Store) interface, so it survives
//! restarts and is shared by every process using the store.
//!
//! The rules, for [`Session::handle_message`]:
//! - a message already handled is not run again (a second delivery says nothing);
//! - an edit of a message whose command was carried out does not run it again, and says so;
//!   an edit of one that was refused, not run, or never read as a command runs in its
//!   corrected form (once: that run is recorded against the original message);
//! - an edit by someone other than the original message's author is ignored;
//! - a message older than the caller's limit is not run; the answer says so;
//! - records are kept for [`HANDLED_WINDOW_SECS`] (plus a day's margin for the clocks),
//!   then pruned by the tick: an edit of a message older than the window (or of unknown
//!   age) that finds no record is not run, since the message may have been run before its
//!   record was forgotten; the answer says to send the command as a new message.

use crate::clock::{DAY, Timestamp, describe_duration};
use crate::identity::Context;
use crate::reply::Reply;
use crate::{Cx, Session, messages};
use std::sync::Mutex;

pub use crate::store::index::HANDLED_WINDOW_SECS;

/// How much longer than the window a record is kept before it is pruned: the platform's
/// clock (which dates an edit's original) and the bot's (which dates a record) may differ.
const PRUNE_MARGIN_SECS: i64 = DAY;

/// How often a process prunes the records (from the tick).
const PRUNE_EVERY_SECS: i64 = 3600;

/// When this process last pruned the handled messages' records: the tick prunes hourly, not
/// at each round.
#[derive(Default)]
pub(crate) struct LastPrune(Mutex<Option<Timestamp>>);

impl Cx {
    /// Forgets the handled messages' records past the window, at most once an hour (a
    /// range of the store's index of their times; nothing is read when none is old).
    pub(crate) fn prune_handled_messages(&self, now: Timestamp) {
        {
            let mut last = self
                .handled_pruned
                .0
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if last.is_some_and(|at| now.since(at) < PRUNE_EVERY_SECS) {
                return;
            }
            *last = Some(now);
        }
        let before = Timestamp(now.0 - HANDLED_WINDOW_SECS - PRUNE_MARGIN_SECS);
        match self.store.prune_handled_messages(before) {
            Ok(0) => {}
            Ok(n) => tracing::debug!(
                records = n,
                "forgot the handled messages past the edit window"
            ),
            Err(e) => tracing::warn!(error = %e, "cannot prune the handled messages' records"),
        }
    }
}

pub use skald_model::chat_message::*;

impl Session {
    /// Handles the command `line` of a chat message (see the module's rules), recording
    /// what became of it. `None`: nothing to say (a message delivered again, or someone
    /// else's edit).
    pub fn handle_message(&self, ctx: &Context, msg: &Message, line: &str) -> Option<Reply> {
        let key = msg.edits.as_deref().unwrap_or(&msg.id);
        let before = match self.store().handled_message(key) {
            Ok(before) => before,
            Err(e) => {
                // Better to answer twice than never: the session's own checks refuse a
                // repeated move.
                tracing::warn!(error = %e, "cannot read which messages were handled");
                None
            }
        };
        match before {
            Some(before) => {
                if msg.edits.is_none() || before.by != ctx.user.id {
                    return None;
                }
                if before.outcome == Outcome::Done {
                    return Some(Reply::refused(messages::edit_of_done_command()));
                }
            }
            // An edit without a record: of a message never read as a command, unless the
            // message is past the window (its record may have been pruned) or its age is
            // unknown. Nothing is recorded, so a later edit is answered the same way.
            None if msg.edits.is_some() => {
                let window = std::time::Duration::from_secs(HANDLED_WINDOW_SECS.unsigned_abs());
                if msg.original_age.is_none_or(|age| age >= window) {
                    return Some(Reply::refused(crate::t!(
                        "edit-of-forgotten-message",
                        days = HANDLED_WINDOW_SECS / DAY
                    )));
                }
            }
            None => {}
        }
        let (reply, outcome) = if msg.age > msg.max_age {
            let age = i64::try_from(msg.age.as_secs()).unwrap_or(i64::MAX);
            let reply = Reply::refused(messages::missed_command(describe_duration(age)));
            (reply, Outcome::NotRun)
        } else {
            let reply = self.handle(ctx, line);
            let outcome = Outcome::of(&reply);
            (reply, outcome)
        };
        let record = Handled {
            by: ctx.user.id.clone(),
            outcome,
            at: self.now(),
        };
        if let Err(e) = self.store().record_handled_message(key, &record) {
            tracing::warn!(error = %e, "cannot record a handled message");
        }
        Some(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FakeClock;
    use crate::reply::ReplyKind;
    use crate::store::SledStore;
    use crate::{SessionConfig, User};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::sync::Arc;
    use std::time::Duration;

    fn world() -> Session {
        Session::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            StdRng::seed_from_u64(7),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("session opens")
    }

    fn msg(id: &str, edits: Option<&str>, age_secs: u64) -> Message {
        Message {
            id: id.to_string(),
            edits: edits.map(str::to_string),
            // The original sent a minute before the edit.
            original_age: edits.map(|_| Duration::from_secs(age_secs + 60)),
            age: Duration::from_secs(age_secs),
            max_age: Duration::from_secs(24 * 3600),
        }
    }

    fn ctx(name: &str) -> Context {
        Context::new(User::new("matrix", name, name), "!room", "!room")
    }

    #[test]
    fn a_message_delivered_again_is_not_run_again() {
        let s = world();
        let alice = ctx("alice");
        let first = s.handle_message(&alice, &msg("m1", None, 0), "challenge tafl");
        assert!(first.is_some_and(|r| r.kind == ReplyKind::Done));
        assert_eq!(
            s.handle_message(&alice, &msg("m1", None, 0), "challenge tafl"),
            None
        );
        let games = s.handle(&alice, "games").text.en();
        assert_eq!(games.matches("you challenge").count(), 1, "{games}");
    }

    #[test]
    fn a_fixed_typo_runs_once_and_an_edit_of_a_done_command_says_so() {
        let s = world();
        let alice = ctx("alice");
        let typo = s
            .handle_message(&alice, &msg("m1", None, 0), "chalenge tafl")
            .expect("an answer");
        assert_eq!(typo.kind, ReplyKind::Refused);
        let fixed = s
            .handle_message(&alice, &msg("m2", Some("m1"), 0), "challenge tafl")
            .expect("an answer");
        assert_eq!(fixed.kind, ReplyKind::Done, "{}", fixed.text.en());
        let again = s
            .handle_message(&alice, &msg("m3", Some("m1"), 0), "challenge tafl")
            .expect("an answer");
        assert_eq!(again.kind, ReplyKind::Refused);
        assert_eq!(again.text, messages::edit_of_done_command());
        let games = s.handle(&alice, "games").text.en();
        assert_eq!(games.matches("you challenge").count(), 1, "{games}");
        // Someone else's "edit" of alice's message is not hers to make.
        assert_eq!(
            s.handle_message(&ctx("bob"), &msg("m4", Some("m1"), 0), "challenge tafl"),
            None
        );
    }

    #[test]
    fn an_edit_of_a_message_never_answered_runs() {
        let s = world();
        let alice = ctx("alice");
        let reply = s
            .handle_message(&alice, &msg("m2", Some("m1"), 0), "challenge tafl")
            .expect("an answer");
        assert_eq!(reply.kind, ReplyKind::Done, "{}", reply.text.en());
    }

    #[test]
    fn a_command_older_than_the_limit_is_not_run_and_says_so() {
        let s = world();
        let alice = ctx("alice");
        let reply = s
            .handle_message(&alice, &msg("m1", None, 25 * 3600), "challenge tafl")
            .expect("an answer");
        assert_eq!(reply.kind, ReplyKind::Refused);
        assert!(
            reply.text.en().contains("1 day 1 hour") && reply.text.en().contains("not run"),
            "{}",
            reply.text.en()
        );
        let games = s.handle(&alice, "games").text.en();
        assert!(!games.contains("you challenge"), "{games}");
    }
}

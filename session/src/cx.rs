//! The services every command handler and every background job of the context ([`Cx`],
//! defined at the crate's root so that every module can name it without pointing back
//! here) share: the time, committing a write, naming a player, the dice, the reminders,
//! and the answer to a command (or to a lost race).

use crate::clock::{self, HOUR, Timestamp};
use crate::command::Command;
use crate::identity::{ChannelId, CommunityId, Context, User, UserId};
use crate::reply::{Reply, ReplyKind};
use crate::store::{self, Commit, CommitError};
use crate::user::UserDoc;
use crate::{Cx, Failure, Lang, engine, game, t};
use rand::rngs::StdRng;
use std::sync::MutexGuard;

impl Cx {
    /// The current time by the session's clock.
    pub(crate) fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// What the speaker is told: the reply of a command carried out (without pings or
    /// private parts for the engine, which reads neither), or the refusal, the conflict's
    /// board, or the apology for a store failure. One mapping for typed commands, text
    /// lines and the engine's own moves.
    pub(crate) fn answer(&self, outcome: Result<Reply, Failure>) -> Reply {
        match outcome {
            Ok(mut reply) => {
                // The engine reads no mention and no private message.
                reply
                    .notify
                    .retain(|u| u.platform != engine::ENGINE_PLATFORM);
                reply
                    .private
                    .retain(|p| p.to.platform != engine::ENGINE_PLATFORM);
                reply
            }
            Err(Failure::Refused(text)) => Reply::refused(text),
            Err(Failure::Conflict(id)) => self.conflict_reply(id),
            Err(Failure::Misrouted(name)) => {
                tracing::error!(
                    command = name,
                    "a command reached another command's handler"
                );
                Reply::refused(t!("cmd-error-unknown", word = name))
            }
            Err(Failure::Store(e)) => {
                tracing::error!(error = %e, "store failure");
                let text = if matches!(e, store::StoreError::Unconfirmed(_)) {
                    t!("store-unconfirmed")
                } else {
                    t!("store-failed")
                };
                Reply {
                    kind: ReplyKind::Failed,
                    ..Reply::done(text)
                }
            }
        }
    }

    /// Reads the game a command names before the speaker's own document: the game comes
    /// with its players' documents ([`store::Store::game_and_players`]), and the speaker is
    /// mostly one of them, so on PostgreSQL a move is one read before its commit instead of
    /// two. What was read stays for this command only ([`store::memo`]); a read that fails
    /// is not reported here: the command's own read of the game fails the same way and says
    /// so.
    pub(crate) fn read_ahead(&self, cmd: &Command) {
        if let Some(id) = cmd.game()
            && let Err(e) = self.store.game(id)
        {
            tracing::debug!(game = id, error = %e, "reading ahead failed");
        }
    }

    /// The answer to a command that lost a race: what the game looks like now.
    pub(crate) fn conflict_reply(&self, id: u64) -> Reply {
        let text = t!("game-changed-meanwhile", id = id);
        let mut reply = Reply {
            kind: ReplyKind::Conflict,
            ..Reply::done(text)
        };
        if let Ok(Some(g)) = self.store.game(id)
            && let Ok(m) = g.doc.live()
        {
            match g.doc.result_text() {
                Some(r) => reply.line(r),
                None => reply.line(self.status_line(&g.doc, m.position(), self.now())),
            }
            reply
                .boards
                .push(g.doc.board_with_last_move(m.position(), self.now()));
        }
        reply
    }

    /// Records a user the first time they speak, their new name when it changed, and the
    /// channel they spoke in (`place`), per community, when it is a new one.
    pub(crate) fn touch_user(
        &self,
        user: &User,
        place: Option<(&CommunityId, &ChannelId)>,
        locale: Option<Lang>,
    ) -> Result<(), Failure> {
        let stored = self.store.user(&user.id)?;
        let mut doc = stored
            .as_ref()
            .map_or_else(|| UserDoc::new(user.clone()), |s| s.doc.clone());
        doc.user.name = user.name.clone();
        if let Some((community, channel)) = place {
            doc.seen_in.insert(community.0.clone(), channel.clone());
        }
        if locale.is_some() {
            doc.locale = locale;
        }
        if stored.as_ref().is_some_and(|s| s.doc == doc) {
            return Ok(());
        }
        match self.commit(
            Commit {
                users: vec![(stored, doc)],
                ..Commit::default()
            },
            None,
        ) {
            // Someone else updated the same user at the same moment: either write is fine.
            Err(Failure::Conflict(_)) => Ok(()),
            other => other.map(drop),
        }
    }

    /// The player a `@handle` names: the account on the platform the command was typed on,
    /// or the player that account is linked to, with their known name.
    pub(crate) fn resolve(&self, ctx: &Context, handle: &str) -> Result<User, Failure> {
        let id = UserId::new(ctx.platform(), handle);
        if id.key().contains('\0') {
            return Err(Failure::Refused(t!("not-a-user", handle = handle)));
        }
        // Someone this platform has never seen may be a player of another platform, named.
        let id = match self.store.user(&id)? {
            Some(_) => id,
            None => self.player_named(handle)?.unwrap_or(id),
        };
        let id = self.player_of(&id)?;
        let name = self
            .store
            .user(&id)?
            .map_or_else(|| handle.to_string(), |u| u.doc.user.name);
        Ok(User { id, name })
    }

    /// Applies a commit; a lost compare-and-swap becomes [`Failure::Conflict`] for `game`.
    pub(crate) fn commit(
        &self,
        commit: Commit,
        game: Option<u64>,
    ) -> Result<Vec<game::GameDoc>, Failure> {
        match self.store.commit(commit) {
            Ok(written) => Ok(written.into_iter().map(|g| g.doc).collect()),
            Err(CommitError::Conflict) => Err(Failure::Conflict(game.unwrap_or(0))),
            Err(CommitError::Store(e)) => Err(Failure::Store(e)),
        }
    }

    /// The dice RNG (a poisoned lock still holds a usable RNG).
    pub(crate) fn rng(&self) -> MutexGuard<'_, StdRng> {
        self.rng.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// When the player to move is reminded: seconds before the deadline, largest first
    /// (`reminder_hours`, then `last_reminder_minutes`), each at most once per turn.
    pub(crate) fn reminders(&self) -> Vec<i64> {
        let mut r = vec![
            i64::from(self.config.reminder_hours) * HOUR,
            i64::from(self.config.last_reminder_minutes) * clock::MINUTE,
        ];
        r.retain(|s| *s > 0);
        r.sort_unstable_by(|a, b| b.cmp(a));
        r.dedup();
        r
    }
}

//! Notices through the store's outbox. Several `skald` processes may share one database (a
//! Discord process, a Matrix process, engine workers: docs/DEPLOY.md), and a notice must be
//! posted by a process serving its channel's platform. So a notice is written into the
//! store's outbox ([`crate::store::OutboxEntry`]), tagged with that platform, and each
//! process posts those of its platforms ([`Cx::take_notices`], then
//! [`Cx::notices_posted`]).
//!
//! That platform is the notice's own ([`Notice::platform`]), set where the notice is made
//! from the data it is made from: a game's home ([`crate::homes::Home`]; a game from before
//! homes, its players' platform: `GameDoc::platform_of`), a tournament's or league's home,
//! the platform a community posts on, the account told of a challenge or reading its
//! digest. Nothing here reads it from the shape of a channel id. The entry's `platform`
//! column is where it is stored: the stored body ([`crate::stored_notice`]) leaves it out,
//! and a notice read back takes its entry's, so notices stored by earlier releases read as
//! they are.
//!
//! A deadline's notice (a reminder, a timeout), a daily digest and an engine's move (in the
//! runtime: [`crate::engine_driver::Driver::play_pending_into_outbox`]) are written in the
//! same commit as the change they tell of, so a process killed between the two cannot lose
//! or repeat one. An answer's copy for a game's home on another platform is written by
//! [`Cx::send_later`] right after the command's commit.

use crate::reply::Notice;
use crate::store::{Commit, CommitError, OutboxEntry, StoreError};
use crate::{Cx, Failure};
use std::time::Duration;

/// How long a poster holds the notices it took before another may take them (it died),
/// unless its process says otherwise (`[store] lease_seconds`).
pub const POST_LEASE: Duration = Duration::from_secs(60);

impl Cx {
    /// The outbox entries for `notices`. A notice that cannot be stored (a bug: see
    /// [`crate::stored_notice`]) is left out and logged, never written half.
    pub(crate) fn outbox_entries(&self, notices: &[Notice]) -> Vec<OutboxEntry> {
        notices
            .iter()
            .filter_map(|n| match n.to_stored() {
                Ok(body) => Some(OutboxEntry {
                    platform: n.platform.clone(),
                    body,
                }),
                Err(e) => {
                    tracing::error!(error = %e, channel = %n.channel.0, "a notice cannot be stored; it is not posted");
                    None
                }
            })
            .collect()
    }

    /// Writes notices made after their change was committed (an answer's copy for
    /// another home) into the outbox, for the process serving each one's
    /// platform to post.
    pub fn send_later(&self, notices: &[Notice]) -> Result<(), StoreError> {
        let outbox = self.outbox_entries(notices);
        if outbox.is_empty() {
            return Ok(());
        }
        match self.store.commit(Commit {
            outbox,
            ..Commit::default()
        }) {
            Ok(_) => Ok(()),
            Err(CommitError::Store(e)) => Err(e),
            // Nothing is compared in a commit of notices alone.
            Err(CommitError::Conflict) => Ok(()),
        }
    }

    /// Up to `limit` notices waiting for `platforms`, oldest first, claimed for `holder`
    /// for `lease` (usually [`POST_LEASE`]); each with its outbox number for [`Cx::notices_posted`]. A
    /// stored notice this release cannot read is logged; a damaged one is removed (it can
    /// never be posted), one written by a newer release left for it.
    pub fn take_notices(
        &self,
        platforms: &[&str],
        holder: &str,
        lease: Duration,
        limit: usize,
    ) -> Vec<(u64, Notice)> {
        let taken = match self.store.outbox_take(platforms, holder, lease, limit) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the outbox");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(taken.len());
        let mut damaged = Vec::new();
        for (id, entry) in taken {
            match Notice::from_stored(&entry.body, &entry.platform) {
                Ok(n) => out.push((id, n)),
                Err(e @ crate::stored_notice::NoticeStoreError::TooNew { .. }) => {
                    tracing::warn!(outbox = id, error = %e, "a notice waits for a newer release");
                }
                Err(e) => {
                    tracing::error!(outbox = id, error = %e, "a stored notice is damaged; it is dropped");
                    damaged.push(id);
                }
            }
        }
        self.notices_posted(&damaged);
        out
    }

    /// Removes posted notices from the outbox.
    pub fn notices_posted(&self, ids: &[u64]) {
        if ids.is_empty() {
            return;
        }
        if let Err(e) = self.store.outbox_done(ids) {
            // They will be posted again when the claim ends: logged loudly.
            tracing::error!(error = %e, count = ids.len(), "cannot remove posted notices from the outbox");
        }
    }

    /// A game write that does not end the game, with `notices` in its outbox, in one
    /// commit (what [`Cx::commit_game`] does with none).
    pub(crate) fn commit_game_announced(
        &self,
        before: crate::store::Stored<crate::game::GameDoc>,
        after: crate::game::GameDoc,
        notices: &[Notice],
    ) -> Result<crate::game::GameDoc, Failure> {
        let id = after.id;
        let mut written = self.commit(
            Commit {
                games: vec![(Some(before), after)],
                outbox: self.outbox_entries(notices),
                ..Commit::default()
            },
            Some(id),
        )?;
        written
            .pop()
            .ok_or_else(|| Failure::Refused(crate::t!("nothing-written")))
    }
}

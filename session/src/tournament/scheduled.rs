//! `starts:`: an open tournament that starts by itself at its time, from the scheduler's
//! tick. Exactly once: the start is the same commit, with compare-and-swap on the
//! tournament read, as a `tournament start` (two processes ticking at once start it once:
//! the loser finds it running). With too few players it does not start: the home channel
//! is told once (the time is cleared in that commit) and the creator starts it by hand.

use super::TournamentDoc;
use super::doc::State;
use crate::clock::Timestamp;
use crate::reply::{Notice, Reply};
use crate::store::Commit;
use crate::{Cx, Failure, t};

impl Cx {
    /// The earliest time an open tournament starts by itself, for the scheduler's wake-up.
    pub(crate) fn next_tournament_start(&self) -> Option<Timestamp> {
        match self.store.next_tournament_start() {
            Ok(next) => next.map(|(at, _)| at),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the tournaments' start times");
                None
            }
        }
    }

    /// Starts the open tournaments whose time has come (each in its own commit; a race
    /// with a `tournament start` or another process is left to the one that won).
    pub(crate) fn start_due_tournaments(&self, now: Timestamp) {
        // From the store's index of start times: the tick reads only the tournaments due.
        let due: Vec<u64> = match self.store.tournament_starts(now) {
            Ok(due) => due.into_iter().map(|(_, id)| id).collect(),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the tournaments' start times");
                return;
            }
        };
        for id in due {
            match self.start_due(id, now) {
                Ok(()) | Err(Failure::Conflict(_)) => {}
                Err(Failure::Refused(e)) => {
                    tracing::warn!(tournament = id, error = %e.en(), "scheduled start skipped")
                }
                Err(Failure::Store(e)) => {
                    tracing::error!(tournament = id, error = %e, "scheduled start failed")
                }
                Err(Failure::Misrouted(name)) => {
                    tracing::error!(tournament = id, command = name, "scheduled start misrouted")
                }
            }
        }
    }

    fn start_due(&self, id: u64, now: Timestamp) -> Result<(), Failure> {
        let Some(stored) = self.store.tournament(id)? else {
            return Ok(());
        };
        if stored.doc.state != State::Open || stored.doc.starts.is_none_or(|s| s > now) {
            return Ok(());
        }
        let why = match self.begin_tournament(stored.clone(), false)? {
            Ok(_) => {
                tracing::info!(tournament = id, "tournament started at its time");
                return Ok(());
            }
            Err(why) => why,
        };
        let mut doc: TournamentDoc = stored.doc.clone();
        doc.starts = None;
        let mut reply = Reply::done(t!("tournament-start-missed", id = id, why = why));
        reply.ping(&doc.creator.id);
        for e in &doc.players {
            reply.ping(&e.user.id);
        }
        let notice = Notice {
            channel: doc.home.channel.clone(),
            platform: doc.home.platform.clone(),
            reply,
            said: None,
        };
        let commit = Commit {
            tournaments: vec![(Some(stored), doc)],
            outbox: self.outbox_entries(&[notice]),
            ..Commit::default()
        };
        self.commit(commit, None).map(drop)
    }
}

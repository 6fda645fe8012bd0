//! Reviews of finished games (`review #id`, issue #34): asked for by a command
//! (`crate::game::cmd_review`), made by the engine's workers between engine turns
//! (`crate::engine_driver`), kept on the game's document and posted once.
//!
//! - **Asked for.** The first request stores a [`ReviewRequest`] on the finished game:
//!   where to post the review, and when a process should look at it. That time is the
//!   game's wake-up time ([`GameDoc::wake`]), so both stores' deadline index lists the
//!   reviews to make, as it lists reminders; the scheduler's tick leaves finished games to
//!   the engine's driver.
//! - **Taken.** A driver takes a due review by writing its name and the end of its hold
//!   into the request ([`Cx::take_review`]); the game's version decides between two
//!   processes. A driver that stops mid-review leaves it due again when its hold ends, and
//!   the next driver makes it from the start.
//! - **Progress.** Each quarter of the searches, the request's count and hold are written
//!   with a notice that edits the answer the request started ([`Reply::replaces`]).
//! - **Made.** The last commit turns the request into the [`StoredReview`] and writes the
//!   review's posts into the outbox with it, only if this driver still holds it: a review is
//!   posted once, however many processes look.
//!
//! Deterministic: the searches are seeded by the game's number and have no time cap, so two
//! processes would make the same review.

mod show;

pub use show::review_reply;
pub use skald_model::review::*;

use crate::game::GameDoc;
use crate::reply::{Notice, Reply};
use crate::store::Stored;
use crate::{Cx, Failure, t};
use skald_ai::review::{Analysis, ReviewBudget, ReviewPlan};
use std::sync::Arc;

/// How long a driver holds a review it took before another may take it over: longer than
/// a quarter of any review takes, since each quarter's progress renews it.
pub const HOLD_SECS: i64 = 300;

/// How often a driver's commit of a review's step is tried again when a command wrote the
/// game meanwhile (a second request adds where to post).
const RETRIES: usize = 4;

/// A review a driver took: what to search, and how far it got.
#[derive(Debug)]
pub struct ReviewJob {
    /// The game.
    pub game: u64,
    /// The searches, shared with the workers.
    pub plan: Arc<ReviewPlan>,
    /// Each search's budget.
    pub budget: ReviewBudget,
    /// The seed every search's own seed comes from: the game's.
    pub seed: u64,
    /// The driver holding it.
    pub holder: String,
}

impl ReviewJob {
    /// How many searches it needs.
    pub fn total(&self) -> usize {
        self.plan.len()
    }
}

/// The seed of a game's review: its number, so every process (and `skald review FILE`)
/// makes the same review.
pub fn review_seed(game: u64) -> u64 {
    game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED_0F2E_71E3
}

/// The budget of each search of a review: [`ReviewBudget::STANDARD`] scaled like the
/// engine's levels (`[ai] budget_scale`), so `skald review FILE` with the bot's
/// configuration makes the bot's review.
pub fn scaled_budget(scale: f64) -> ReviewBudget {
    let standard = ReviewBudget::STANDARD;
    let iterations = (f64::from(standard.iterations) * scale).round().max(1.0) as u32;
    ReviewBudget {
        iterations,
        ..standard
    }
}

/// The quarter of the work `done` searches of `total` reach (0 to 4).
pub fn quarter(done: usize, total: usize) -> u32 {
    if total == 0 {
        return 4;
    }
    (done * 4 / total) as u32
}

impl Cx {
    /// The budget of each search of a review (see [`scaled_budget`]).
    pub(crate) fn review_budget(&self) -> ReviewBudget {
        scaled_budget(self.config.engine_budget_scale)
    }

    /// The finished games whose review is due by now: asked for and not taken, or taken
    /// by a driver whose hold ended. Read from the deadline index.
    pub(crate) fn reviews_due(&self) -> Vec<u64> {
        let now = self.now();
        let due = match self.store.due(now) {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the deadline queue for reviews");
                return Vec::new();
            }
        };
        due.into_iter()
            .filter(
                |(_, id)| matches!(self.store.game(*id), Ok(Some(g)) if pending(&g.doc).is_some()),
            )
            .map(|(_, id)| id)
            .collect()
    }

    /// Takes game `id`'s review for `holder` if it is still due: `None` when another
    /// driver has it, it was made meanwhile, or the game changed under us. A record that
    /// does not replay ends the request: its askers are told, and nothing is tried again.
    pub(crate) fn take_review(
        &self,
        id: u64,
        holder: &str,
        in_outbox: bool,
    ) -> (Option<ReviewJob>, Vec<Notice>) {
        let now = self.now();
        let Ok(Some(stored)) = self.store.game(id) else {
            return (None, Vec::new());
        };
        let Some(request) = pending(&stored.doc) else {
            return (None, Vec::new());
        };
        if request.look_at > now {
            return (None, Vec::new());
        }
        let plan = match ReviewPlan::new(&stored.doc.record) {
            Ok(plan) => plan,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a finished game's record does not replay; its review is given up");
                return (None, self.give_up(&stored, in_outbox));
            }
        };
        let mut after = stored.doc.clone();
        after.review = Some(ReviewState::Pending(ReviewRequest {
            look_at: now.plus(HOLD_SECS),
            holder: Some(holder.to_string()),
            done: 0,
            total: plan.len() as u32,
            ..request.clone()
        }));
        match self.commit_game_announced(stored, after, &[]) {
            Ok(_) => {}
            Err(Failure::Conflict(_)) => return (None, Vec::new()),
            Err(e) => {
                tracing::warn!(game = id, error = ?e, "cannot take a review");
                return (None, Vec::new());
            }
        }
        tracing::info!(
            game = id,
            searches = plan.len(),
            "the engine starts a review"
        );
        let job = ReviewJob {
            game: id,
            plan: Arc::new(plan),
            budget: self.review_budget(),
            seed: review_seed(id),
            holder: holder.to_string(),
        };
        (Some(job), Vec::new())
    }

    /// Records that `done` of `job`'s searches are made, renewing the hold, with a notice
    /// editing each asker's progress message. `Err(())` when this driver no longer holds
    /// the review (its hold ended and another took it): the job is to be dropped.
    pub(crate) fn review_progress(
        &self,
        job: &ReviewJob,
        done: usize,
        in_outbox: bool,
    ) -> Result<Vec<Notice>, ()> {
        let now = self.now();
        self.step(job, in_outbox, |g, request| {
            let mut request = request.clone();
            request.done = done as u32;
            request.look_at = now.plus(HOLD_SECS);
            let percent = done * 100 / job.total().max(1);
            let notices = request
                .posts
                .iter()
                .map(|post| {
                    let mut reply =
                        Reply::done(t!("review-progress", title = g.title(), percent = percent));
                    reply.replaces = Some(post.progress.clone());
                    self.review_notice(g, post, reply)
                })
                .collect();
            (ReviewState::Pending(request), notices)
        })
    }

    /// Stores the made review and posts it where it was asked for (each asker's progress
    /// message says it is done). `Err(())` when this driver no longer holds the review.
    pub(crate) fn finish_review(
        &self,
        job: &ReviewJob,
        analysis: &Analysis,
        in_outbox: bool,
    ) -> Result<Vec<Notice>, ()> {
        let now = self.now();
        let review = StoredReview::new(analysis, now, job.budget.iterations);
        self.step(job, in_outbox, |g, request| {
            let mut notices = Vec::new();
            let shown = review_reply(g, &review);
            for post in &request.posts {
                let mut done = Reply::done(t!("review-progress-done", title = g.title()));
                done.replaces = Some(post.progress.clone());
                notices.push(self.review_notice(g, post, done));
                notices.push(self.review_notice(g, post, shown.clone()));
            }
            tracing::info!(game = g.id, "the engine's review is made");
            (ReviewState::Done(review.clone()), notices)
        })
    }

    /// One write of a review this driver holds: `change` makes the new state and its
    /// notices from the game and its request; written with the notices in the outbox (or
    /// handed back, when not `in_outbox`). A command's write meanwhile is read again.
    fn step(
        &self,
        job: &ReviewJob,
        in_outbox: bool,
        change: impl Fn(&GameDoc, &ReviewRequest) -> (ReviewState, Vec<Notice>),
    ) -> Result<Vec<Notice>, ()> {
        for _ in 0..RETRIES {
            let Ok(Some(stored)) = self.store.game(job.game) else {
                return Err(());
            };
            let Some(request) = pending(&stored.doc) else {
                return Err(());
            };
            if request.holder.as_deref() != Some(job.holder.as_str()) {
                tracing::info!(game = job.game, "another process took this review over");
                return Err(());
            }
            let (state, notices) = change(&stored.doc, request);
            let mut after = stored.doc.clone();
            after.review = Some(state);
            let written = if in_outbox { &notices[..] } else { &[] };
            match self.commit_game_announced(stored, after, written) {
                Ok(_) if in_outbox => return Ok(Vec::new()),
                Ok(_) => return Ok(notices),
                Err(Failure::Conflict(_)) => continue,
                Err(e) => {
                    tracing::warn!(game = job.game, error = ?e, "cannot write a review's step");
                    return Err(());
                }
            }
        }
        Err(())
    }

    /// Ends a request whose game cannot be reviewed, telling each asker.
    fn give_up(&self, stored: &Stored<GameDoc>, in_outbox: bool) -> Vec<Notice> {
        let g = &stored.doc;
        let Some(request) = pending(g) else {
            return Vec::new();
        };
        let notices: Vec<Notice> = request
            .posts
            .iter()
            .map(|post| {
                let mut reply = Reply::done(t!("review-failed", id = g.id));
                reply.replaces = Some(post.progress.clone());
                self.review_notice(g, post, reply)
            })
            .collect();
        let mut after = g.clone();
        after.review = None;
        let written = if in_outbox { &notices[..] } else { &[] };
        match self.commit_game_announced(stored.clone(), after, written) {
            Ok(_) if in_outbox => Vec::new(),
            Ok(_) => notices,
            Err(_) => Vec::new(),
        }
    }

    /// A review's notice for one place it was asked in, in that channel's language.
    fn review_notice(
        &self,
        g: &GameDoc,
        post: &skald_model::review::ReviewPost,
        mut reply: Reply,
    ) -> Notice {
        reply.lang = post.lang;
        self.set_languages_in(&mut reply, &g.community, None);
        Notice {
            channel: post.home.channel.clone(),
            platform: post.home.platform.clone(),
            reply,
            said: None,
        }
    }
}

/// The request on a finished game, if its review is asked for and not made.
fn pending(g: &GameDoc) -> Option<&ReviewRequest> {
    match (&g.end, &g.review) {
        (Some(_), Some(ReviewState::Pending(r))) => Some(r),
        _ => None,
    }
}

//! Reviews on the engine's workers (`crate::review`): the driver takes one due review at a
//! time and hands its searches, one position each, to the workers the engine turns leave
//! free. An engine turn that arrives while every worker is on a review waits for one
//! search (a fraction of a second), never for the whole review.

use super::pool::{Job, Pool};
use crate::Notice;
use crate::Session;
use crate::review::{ReviewJob, quarter};
use skald_ai::review::PointEval;

/// The review a pass is making, and how far it got.
#[derive(Debug)]
pub(super) struct ReviewRun {
    job: ReviewJob,
    /// Each search's result once back.
    evals: Vec<Option<PointEval>>,
    /// The next search to hand out.
    next: usize,
    /// Searches handed out and not back.
    pub in_flight: usize,
    /// The last quarter of the work told.
    told: u32,
}

impl ReviewRun {
    /// A run of `job` from its first search.
    fn new(job: ReviewJob) -> ReviewRun {
        ReviewRun {
            evals: vec![None; job.total()],
            job,
            next: 0,
            in_flight: 0,
            told: 0,
        }
    }

    /// Hands searches to the pool while fewer than `free` are in flight.
    fn hand_out(&mut self, pool: &Pool, free: usize) {
        while self.next < self.job.total() && self.in_flight < free {
            pool.submit(Job::Review {
                game: self.job.game,
                plan: self.job.plan.clone(),
                index: self.next,
                budget: self.job.budget,
                seed: self.job.seed,
            });
            self.next += 1;
            self.in_flight += 1;
        }
    }

    /// How many searches are back.
    fn done(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }
}

/// Takes a due review if none is being made, then hands the workers left free (`free`)
/// its next searches, and always one when none is in flight. Notices of a review given up
/// are posted.
///
/// A due review is taken even while the engine's turns hold every worker: taking it moves
/// its wake-up time on (else the background loop, woken by a time already past, would spin
/// until a worker is free), and its one search waits in the queue behind the turns already
/// there, so it delays a later turn by one search at most.
pub(super) fn hand_out(
    run: &mut Option<ReviewRun>,
    session: &Session,
    pool: &Pool,
    free: usize,
    holder: &str,
    in_outbox: bool,
    post: &mut dyn FnMut(Option<Notice>),
) {
    if free == 0 && run.as_ref().is_some_and(|r| r.in_flight > 0) {
        return;
    }
    if run.is_none() {
        for game in session.cx.reviews_due() {
            let (job, notices) = session.cx.take_review(game, holder, in_outbox);
            tell(notices, in_outbox, post);
            if let Some(job) = job {
                *run = Some(ReviewRun::new(job));
                break;
            }
        }
    }
    let Some(r) = run.as_mut() else {
        return;
    };
    // A review always gets one search in flight, so it moves on however busy the engine is.
    r.hand_out(pool, free.max(1));
    if r.job.total() == 0 {
        finish(run, session, in_outbox, post);
    }
}

/// A review's search came back: kept, progress told at each quarter, the review made and
/// posted after the last one. A search that panicked ends the run; the review is taken
/// again once its hold ends.
pub(super) fn searched(
    run: &mut Option<ReviewRun>,
    session: &Session,
    (game, index, eval): (u64, usize, Option<PointEval>),
    in_outbox: bool,
    post: &mut dyn FnMut(Option<Notice>),
) {
    let Some(r) = run.as_mut() else {
        return;
    };
    if r.job.game != game {
        return;
    }
    r.in_flight = r.in_flight.saturating_sub(1);
    let Some(eval) = eval else {
        tracing::error!(
            game,
            index,
            "a review's search failed; the review waits for its hold to end"
        );
        if r.in_flight == 0 {
            *run = None;
        }
        return;
    };
    if let Some(slot) = r.evals.get_mut(index) {
        *slot = Some(eval);
    }
    let (done, total) = (r.done(), r.job.total());
    if done == total {
        finish(run, session, in_outbox, post);
        return;
    }
    let q = quarter(done, total);
    if q > r.told {
        r.told = q;
        match session.cx.review_progress(&r.job, done, in_outbox) {
            Ok(notices) => tell(notices, in_outbox, post),
            Err(()) => drop_when_idle(run),
        }
    }
}

/// Whether the pass still has review work: searches to hand out or in flight.
pub(super) fn busy(run: &Option<ReviewRun>) -> bool {
    run.as_ref()
        .is_some_and(|r| r.in_flight > 0 || r.next < r.job.total())
}

/// Makes the review from its searches and posts it.
fn finish(
    run: &mut Option<ReviewRun>,
    session: &Session,
    in_outbox: bool,
    post: &mut dyn FnMut(Option<Notice>),
) {
    let Some(r) = run.take() else {
        return;
    };
    let evals: Vec<PointEval> = r.evals.into_iter().flatten().collect();
    let analysis = r.job.plan.finish(&evals);
    if let Ok(notices) = session.cx.finish_review(&r.job, &analysis, in_outbox) {
        tell(notices, in_outbox, post);
    }
}

/// Stops handing out a review another process took over; its searches in flight are
/// let back and ignored.
fn drop_when_idle(run: &mut Option<ReviewRun>) {
    if let Some(r) = run.as_mut() {
        r.next = r.job.total();
        if r.in_flight == 0 {
            *run = None;
        }
    }
}

/// Posts a review's notices (or says they were written into the outbox).
fn tell(notices: Vec<Notice>, in_outbox: bool, post: &mut dyn FnMut(Option<Notice>)) {
    if in_outbox {
        post(None);
        return;
    }
    for n in notices {
        post(Some(n));
    }
}

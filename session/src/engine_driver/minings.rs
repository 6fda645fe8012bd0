//! Mining finished games for puzzles on the engine's workers (`crate::puzzle::mining`):
//! the driver takes one due game at a time and hands its positions, one each, to the
//! workers the engine turns leave free, as it does a review's searches. An engine turn
//! waits for one position's proof at most, never for a whole game.

use super::pool::{Job, Pool};
use crate::Session;
use crate::puzzle::mining::MineJob;
use skald_model::puzzle::Puzzle;

/// The game a pass is mining, and how far it got.
#[derive(Debug)]
pub(super) struct MineRun {
    job: MineJob,
    /// Each position's answer once back (`Some(None)`: no puzzle there).
    found: Vec<Option<Option<Puzzle>>>,
    /// The next position to hand out.
    next: usize,
    /// Positions handed out and not back.
    pub in_flight: usize,
}

impl MineRun {
    /// Hands positions to the pool while fewer than `free` are in flight.
    fn hand_out(&mut self, pool: &Pool, free: usize) {
        while self.next < self.job.positions.len() && self.in_flight < free {
            pool.submit(Job::Mine {
                game: self.job.game,
                positions: self.job.positions.clone(),
                index: self.next,
                source: self.job.source.clone(),
            });
            self.next += 1;
            self.in_flight += 1;
        }
    }
}

/// Takes a due game if none is being mined, then hands the workers left free (`free`) its
/// next positions, and always one when none is in flight (so a due game is taken, and its
/// wake-up time moved on, however busy the engine is).
pub(super) fn hand_out(
    run: &mut Option<MineRun>,
    session: &Session,
    pool: &Pool,
    free: usize,
    holder: &str,
) {
    if free == 0 && run.as_ref().is_some_and(|r| r.in_flight > 0) {
        return;
    }
    if run.is_none() {
        for game in session.cx.minings_due() {
            if let Some(job) = session.cx.take_mining(game, holder) {
                *run = Some(MineRun {
                    found: vec![None; job.positions.len()],
                    job,
                    next: 0,
                    in_flight: 0,
                });
                break;
            }
        }
    }
    let Some(r) = run.as_mut() else {
        return;
    };
    r.hand_out(pool, free.max(1));
    if r.job.positions.is_empty() {
        finish(run, session);
    }
}

/// A position's answer came back: kept, and the game's puzzles stored after the last one.
/// A proof that panicked ends the run; the game is taken again once its hold ends.
pub(super) fn mined(
    run: &mut Option<MineRun>,
    session: &Session,
    (game, index, found): (u64, usize, Option<Option<Puzzle>>),
) {
    let Some(r) = run.as_mut() else {
        return;
    };
    if r.job.game != game {
        return;
    }
    r.in_flight = r.in_flight.saturating_sub(1);
    let Some(found) = found else {
        tracing::error!(
            game,
            index,
            "mining a position failed; the game waits for its hold to end"
        );
        r.next = r.job.positions.len();
        if r.in_flight == 0 {
            *run = None;
        }
        return;
    };
    if let Some(slot) = r.found.get_mut(index) {
        *slot = Some(found);
    }
    if r.found.iter().all(Option::is_some) {
        finish(run, session);
    }
}

/// Whether the pass still has mining work: positions to hand out or in flight.
pub(super) fn busy(run: &Option<MineRun>) -> bool {
    run.as_ref()
        .is_some_and(|r| r.in_flight > 0 || r.next < r.job.positions.len())
}

/// A position's answer that came back after its run was let go.
pub(super) fn let_go(run: &mut Option<MineRun>) {
    match run.as_mut() {
        Some(r) if r.in_flight > 1 => r.in_flight -= 1,
        _ => *run = None,
    }
}

/// Stores the game's puzzles.
fn finish(run: &mut Option<MineRun>, session: &Session) {
    let Some(r) = run.take() else {
        return;
    };
    let puzzles: Vec<Puzzle> = r.found.into_iter().flatten().flatten().collect();
    session.cx.finish_mining(&r.job, puzzles);
}

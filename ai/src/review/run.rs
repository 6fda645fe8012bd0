//! A whole review at once: the plan's searches shared out between threads.

use super::{Analysis, PointEval, ReviewBudget, ReviewError, ReviewPlan};
use skald_rules::Record;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A whole review at once on `threads` threads (at least one), calling
/// `progress(done, total)` after each search; the same answer whatever the number of threads,
/// since each search is seeded by `seed` and its own index.
pub fn analyse(
    record: &Record,
    budget: ReviewBudget,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, ReviewError> {
    let plan = ReviewPlan::new(record)?;
    let total = plan.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let evals: Mutex<Vec<Option<PointEval>>> = Mutex::new(vec![None; total]);
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= total {
                break;
            }
            let eval = plan.search(index, budget, seed);
            // The lock is poisoned only if another worker panicked, and the scope then
            // passes that panic on anyway.
            if let Ok(mut evals) = evals.lock()
                && let Some(slot) = evals.get_mut(index)
            {
                *slot = Some(eval);
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.clamp(1, total.max(1)) {
            scope.spawn(work);
        }
        work();
    });
    let evals = evals
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // Every search ran (the workers leave no index behind), so none is missing; were one
    // missing, the turns from the first gap on would be left out, never misread.
    let evals: Vec<PointEval> = evals.into_iter().map_while(|e| e).collect();
    Ok(plan.finish(&evals))
}

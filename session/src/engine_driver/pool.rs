//! The engine's search workers: a fixed number of threads, each searching one turn (or one
//! position of a review) at a time.
//!
//! The driver hands a [`Job`] to whichever worker is free and reads what they found, in the
//! order the searches end, from one channel ([`Event`]), which also carries the wake-ups
//! of an [`EngineWaker`]. The workers hold no lock of the session's while they search: a job
//! carries the engine's own copy of the position, and the move goes back to the driver's
//! thread to be played.

use crate::engine::EngineTurn;
use skald_ai::Budget;
use skald_ai::review::{PointEval, ReviewBudget, ReviewPlan};
use skald_rules::AnyMove;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One search for a worker: an engine turn, or one position of a review.
#[derive(Debug)]
pub(super) enum Job {
    /// An engine turn of a live game.
    Turn {
        /// The turn: the engine's view, its seed.
        turn: Box<EngineTurn>,
        /// The budget to search with (the turn's, its time cap lifted when uncapped).
        budget: Option<Budget>,
    },
    /// One search of a review ([`ReviewPlan::search`]).
    Review {
        /// The game reviewed.
        game: u64,
        /// The review's searches.
        plan: Arc<ReviewPlan>,
        /// Which search.
        index: usize,
        /// Its budget.
        budget: ReviewBudget,
        /// The review's seed.
        seed: u64,
    },
    /// One position of a finished game mined for a puzzle
    /// ([`crate::puzzle::mining::mine_position`]).
    Mine {
        /// The game mined.
        game: u64,
        /// Its positions.
        positions: Arc<Vec<skald_rules::Position>>,
        /// Which one.
        index: usize,
        /// Where its puzzles come from, as players read it.
        source: Arc<String>,
    },
}

/// What a search ended with.
#[derive(Debug)]
pub(super) enum Outcome {
    /// The move found.
    Move(AnyMove),
    /// The view's seat had no move (the session listed a turn that is not one: a bug).
    NoMove,
    /// The search panicked.
    Lost,
}

/// What the driver hears from its workers and wakers.
#[derive(Debug)]
pub(super) enum Event {
    /// A search ended.
    Searched {
        /// The job's turn.
        turn: Box<EngineTurn>,
        /// What it found.
        outcome: Outcome,
        /// How long it searched.
        took: Duration,
    },
    /// A review's search ended (`None`: it panicked).
    Reviewed {
        /// The game reviewed.
        game: u64,
        /// Which search.
        index: usize,
        /// What it found.
        eval: Option<PointEval>,
    },
    /// A mined position's answer (`None`: the proof panicked).
    Mined {
        /// The game mined.
        game: u64,
        /// Which position.
        index: usize,
        /// Its puzzle, if it is one.
        found: Option<Option<skald_model::puzzle::Puzzle>>,
    },
    /// Something may have given the engine a new turn: look again at once. The mark is the
    /// caller's (see [`EngineWaker::kick_marked`]): the pass reports the highest it has looked
    /// after when it next falls quiet ([`super::Driver::on_quiet`]).
    Kick(u64),
    /// The process is stopping: start nothing more, wait for the searches in flight, end the
    /// pass.
    Stop,
}

/// Wakes a driver in the middle of its pass, so a free worker picks up a turn made after the
/// pass began (a move answered by a command) without waiting for the searches in flight.
#[derive(Clone, Debug)]
pub struct EngineWaker {
    events: Sender<Event>,
}

impl EngineWaker {
    /// Tells the driver to look for new engine turns now. Harmless when no pass runs: the next
    /// pass looks anyway.
    pub fn kick(&self) {
        self.kick_marked(0);
    }

    /// [`EngineWaker::kick`], with a mark the pass hands back once it has looked after this
    /// kick and has nothing but background work left ([`super::Driver::on_quiet`]): the
    /// background loop marks a kick with the console's request it answers.
    pub fn kick_marked(&self, mark: u64) {
        let _ = self.events.send(Event::Kick(mark));
    }

    /// Ends the running pass soon (the process is stopping): nothing new is searched, the
    /// searches in flight are waited for and none of their moves is played. Harmless when no
    /// pass runs.
    pub fn stop(&self) {
        let _ = self.events.send(Event::Stop);
    }
}

/// The workers and the channels to them.
#[derive(Debug)]
pub(super) struct Pool {
    jobs: Option<Sender<Job>>,
    events_tx: Sender<Event>,
    events: Receiver<Event>,
    workers: usize,
}

impl Pool {
    /// A pool with no worker yet: [`Pool::start`] starts them when first needed.
    pub fn new() -> Pool {
        let (events_tx, events) = mpsc::channel();
        Pool {
            jobs: None,
            events_tx,
            events,
            workers: 0,
        }
    }

    /// A waker for this pool's driver.
    pub fn waker(&self) -> EngineWaker {
        EngineWaker {
            events: self.events_tx.clone(),
        }
    }

    /// Starts `threads` workers unless they run already; how many run. A worker the system
    /// refuses to start is logged; with none at all, [`Pool::submit`] searches on the
    /// caller's thread.
    pub fn start(&mut self, threads: usize) -> usize {
        if self.jobs.is_some() {
            return self.workers;
        }
        let (jobs, inbox) = mpsc::channel::<Job>();
        let inbox = Arc::new(Mutex::new(inbox));
        for i in 0..threads.max(1) {
            let (inbox, events) = (inbox.clone(), self.events_tx.clone());
            let started = std::thread::Builder::new()
                .name(format!("skald-engine-{i}"))
                .spawn(move || work(&inbox, &events));
            match started {
                Ok(_) => self.workers += 1,
                Err(e) => tracing::error!(error = %e, "cannot start an engine worker"),
            }
        }
        self.jobs = Some(jobs);
        self.workers
    }

    /// Hands `job` to a free worker (or searches it here when no worker could start).
    pub fn submit(&self, job: Job) {
        match &self.jobs {
            Some(jobs) if self.workers > 0 => {
                if let Err(mpsc::SendError(job)) = jobs.send(job) {
                    // Every worker is gone: search here rather than lose the turn.
                    let _ = self.events_tx.send(search(job));
                }
            }
            _ => {
                let _ = self.events_tx.send(search(job));
            }
        }
    }

    /// Waits for the next search to end, or a kick. Never fails: the pool keeps a sender.
    pub fn next_event(&self) -> Event {
        self.events.recv().unwrap_or(Event::Kick(0))
    }

    /// Forgets the kicks sent while no pass ran, or before the one about to begin started (it
    /// looks anyway), and tells what they asked: the highest mark among them (the pass looks
    /// after them, so it answers those too), and whether the process is stopping.
    pub fn drop_kicks(&self) -> Kicked {
        let mut kicked = Kicked::default();
        while let Ok(event) = self.events.try_recv() {
            match event {
                // A pass always waits for its searches: nothing else can be left here.
                Event::Searched { turn, .. } => tracing::warn!(
                    game = turn.game,
                    "an engine search outlived its pass; dropped"
                ),
                Event::Reviewed { game, .. } => {
                    tracing::warn!(game, "a review's search outlived its pass; dropped")
                }
                Event::Mined { game, .. } => {
                    tracing::warn!(game, "a mined position outlived its pass; dropped")
                }
                Event::Kick(mark) => kicked.mark = kicked.mark.max(mark),
                Event::Stop => kicked.stop = true,
            }
        }
        kicked
    }
}

/// What the kicks waiting when a pass begins asked ([`Pool::drop_kicks`]).
#[derive(Debug, Default)]
pub(super) struct Kicked {
    /// The highest mark among them.
    pub mark: u64,
    /// Whether one said the process is stopping.
    pub stop: bool,
}

/// A worker: takes jobs until the pool is dropped.
fn work(inbox: &Mutex<Receiver<Job>>, events: &Sender<Event>) {
    loop {
        // Waiting for a job holds the inbox, so one idle worker waits there and the others
        // wait for it; none is holding it while it searches.
        let job = {
            let inbox = inbox.lock().unwrap_or_else(|p| p.into_inner());
            inbox.recv()
        };
        let Ok(job) = job else {
            return;
        };
        if events.send(search(job)).is_err() {
            return;
        }
    }
}

/// Searches one job on this thread.
fn search(job: Job) -> Event {
    let started = Instant::now();
    let (turn, budget) = match job {
        Job::Turn { turn, budget } => (turn, budget),
        Job::Review {
            game,
            plan,
            index,
            budget,
            seed,
        } => {
            let eval = catch_unwind(AssertUnwindSafe(|| plan.search(index, budget, seed))).ok();
            return Event::Reviewed { game, index, eval };
        }
        Job::Mine {
            game,
            positions,
            index,
            source,
        } => {
            let found = catch_unwind(AssertUnwindSafe(|| {
                positions
                    .get(index)
                    .and_then(|p| crate::puzzle::mining::mine_position(p, game, &source))
            }))
            .ok();
            return Event::Mined { game, index, found };
        }
    };
    let found = catch_unwind(AssertUnwindSafe(|| {
        skald_ai::choose_for_view(&turn.view, budget, turn.seed)
    }));
    let outcome = match found {
        Ok(Some(mv)) => Outcome::Move(mv),
        Ok(None) => Outcome::NoMove,
        Err(_) => Outcome::Lost,
    };
    Event::Searched {
        turn,
        outcome,
        took: started.elapsed(),
    }
}

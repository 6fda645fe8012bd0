//! Plays the built-in engine's moves, for every adapter alike.
//!
//! The session says which games wait for the engine ([`Session::engine_turns`]); this module
//! searches those turns on a pool of worker threads ([`Driver::threads`], `[ai] threads`),
//! the turns of different games at the same time, plays each typed move found through
//! [`Session::play_engine_move`] (no notation is written to be parsed again), and hands the
//! answers back game by game, as soon as each game's moves are played.
//!
//! - **One turn of a game at a time.** A game's next turn exists only once its previous
//!   move is played (a dice turn's steps follow one another), and a game has at most one
//!   search in flight.
//! - **Claims.** Every turn is claimed through [`TurnClaims`] before its search and released
//!   once its move is played or given up: in one process [`LocalClaims`]; with several
//!   processes on one database, a lease from the store (see `claims.rs`).
//! - **No lock held while searching.** A worker searches the engine's own copy of the view;
//!   the session is touched only on the calling thread, to list turns and play moves, for a
//!   few milliseconds each. Commands are answered meanwhile as usual.
//! - **The calling thread blocks** for the whole pass ([`Driver::play_pending`]): the
//!   background loop of the `skald` process runs it inside `spawn_blocking`, woken after
//!   each answered command (and once at start-up, resuming an engine turn left before a
//!   restart), and kicks it ([`EngineWaker`]) when a command gives the engine a turn while
//!   a pass runs, so a free worker takes it at once.
//! - **Order.** By default the game whose turn is half played comes first (a dice turn's
//!   next step), then the turn seen first, and a game's answer is posted when its move is
//!   played, whatever the other searches do. With [`Driver::ordered`] (the console's
//!   transcript) moves are played and posted exactly in the order one worker would play
//!   them, game by game in game order, while the other workers search the next games'
//!   turns ahead: the dice the session rolls after each move come from one random
//!   generator, so only a fixed order of moves keeps a transcript the same from run to
//!   run and machine to machine.

mod claims;
mod minings;
mod pool;
mod reviews;
#[cfg(test)]
mod tests;

pub use claims::{LocalClaims, StoreClaims, TurnClaims, TurnKey};
pub use pool::EngineWaker;

use crate::engine::{Announce, EngineTurn};
use crate::identity::Home;
use crate::{Notice, Reply, ReplyKind, Said, Session};
use pool::{Event, Job, Outcome, Pool};
use skald_ai::Budget;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A bound on the engine moves played in one pass, in case a game never changes under them.
const MAX_MOVES: usize = 10_000;
/// A bound on a pass's looks at the queue (one per move played, search ended or kick).
const MAX_LOOKS: usize = 100_000;
/// How often a move is offered again when another write to its game came first.
const CONFLICT_RETRIES: usize = 3;

/// Plays the engine's turns on a pool of workers; remembers the turns it could not play, so
/// one broken game neither stops the others nor loops forever.
#[derive(Debug)]
pub struct Driver {
    /// How many turns (of different games) are searched at once: `[ai] threads`, by default
    /// the machine's cores. 0 counts as 1.
    pub threads: usize,
    /// Searches without their wall-time cap (only the iteration budget), so a console
    /// transcript (`skald console --uncapped`) or a test repeats exactly however loaded the
    /// machine is. Independent of the game clock: the cap is machine time, measured on the
    /// monotonic clock even when the game runs on a fake one (docs/ENGINE.md).
    pub uncapped: bool,
    /// Each move its own notice, carrying the line the engine would have typed
    /// ([`Notice::said`]): a transcript (the console) shows every step of a dice turn as
    /// `@skald> move #3 ...`. Off, a game's consecutive moves are merged into one message,
    /// as a chat channel wants them.
    pub separate: bool,
    /// Moves played and posted in game order, as by a single worker (searches still run
    /// ahead on the others), so the session's dice, drawn from one generator as moves are
    /// played, come out the same in every run: the console's transcript. Off, each game's
    /// move is played as soon as it is found.
    pub ordered: bool,
    /// In the pass under way: each move's notices are written into the outbox in its
    /// commit ([`Driver::play_pending_into_outbox`]).
    in_outbox: bool,
    claims: Arc<dyn TurnClaims>,
    /// Turns the engine could not play (forgotten once the game moves on).
    failed: HashSet<TurnKey>,
    /// When this driver first saw each waiting turn, for the log of queue waits.
    seen: HashMap<TurnKey, Instant>,
    pool: Pool,
    /// The name this driver holds reviews under (`crate::review`): unique to the driver,
    /// so two processes (or a restarted one) never take one review for the same holder.
    holder: String,
    /// Told when a pass has nothing left but mining ([`Driver::on_quiet`]).
    quiet: QuietReport,
}

/// Whom a pass tells that only background work is left (see [`Driver::on_quiet`]).
#[derive(Clone, Default)]
struct QuietReport(Option<Arc<dyn Fn(u64) + Send + Sync>>);

impl std::fmt::Debug for QuietReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "QuietReport(set)"
        } else {
            "QuietReport(none)"
        })
    }
}

/// A name no other driver has: the process's id and the time it was made.
fn holder_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("driver-{}-{nanos:x}", std::process::id())
}

impl Default for Driver {
    fn default() -> Driver {
        Driver {
            threads: default_threads(),
            uncapped: false,
            separate: false,
            ordered: false,
            in_outbox: false,
            claims: Arc::new(LocalClaims::default()),
            failed: HashSet::new(),
            seen: HashMap::new(),
            pool: Pool::new(),
            holder: holder_name(),
            quiet: QuietReport::default(),
        }
    }
}

/// The machine's cores (1 when the system does not say).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Driver {
    /// A driver on every core whose searches stop at their level's time cap too, playing
    /// each game's move as soon as it is found.
    pub fn new() -> Driver {
        Driver::default()
    }

    /// This driver claiming its turns through `claims` (a store lease shared by several
    /// processes) instead of its own [`LocalClaims`].
    pub fn with_claims(mut self, claims: Arc<dyn TurnClaims>) -> Driver {
        self.claims = claims;
        self
    }

    /// A driver with the same settings and claims that remembers nothing and has no
    /// workers yet: what the background loop restarts with if a pass is lost.
    pub fn like(&self) -> Driver {
        Driver {
            threads: self.threads,
            uncapped: self.uncapped,
            separate: self.separate,
            ordered: self.ordered,
            claims: self.claims.clone(),
            quiet: self.quiet.clone(),
            ..Driver::default()
        }
    }

    /// This driver calling `report` whenever a pass has played every engine turn it could
    /// see and finished its review, and only mining finished games is left: the background
    /// loop of the console then counts the round as answered, so the next line does not wait
    /// for the mining (which goes on, on the workers nothing else needs). `report` gets the
    /// highest mark of the kicks the pass looked after ([`EngineWaker::kick_marked`]; 0 for
    /// none). With [`Driver::ordered`], a quiet pass looks at the turns again only when
    /// kicked, so what the loop does meanwhile (a tick) never races an engine move.
    pub fn on_quiet(mut self, report: impl Fn(u64) + Send + Sync + 'static) -> Driver {
        self.quiet = QuietReport(Some(Arc::new(report)));
        self
    }

    /// Wakes this driver's running pass to look for new turns (see [`EngineWaker`]).
    pub fn waker(&self) -> EngineWaker {
        self.pool.waker()
    }

    /// Plays every pending engine move and hands `post` what to post where, like
    /// [`Session::tick`]: one notice per engine turn (the steps of a dice turn merged into
    /// one message with the board after the last, unless [`Driver::separate`]), each handed
    /// over as soon as that game's moves are played, while the workers go on searching in
    /// other games. Returns when no turn waits and no search is in flight; turns given to
    /// the engine meanwhile (kicked through [`Driver::waker`]) are played in the same pass.
    /// Moves that could not be played are only logged (once).
    pub fn play_pending(&mut self, session: &Session, mut post: impl FnMut(Notice)) {
        self.in_outbox = false;
        self.run(session, &mut |n| {
            if let Some(n) = n {
                post(n)
            }
        });
    }

    /// [`Driver::play_pending`], each move's notices written into the store's outbox in
    /// the move's own commit ([`Session::play_engine_move_announced`]) rather than handed
    /// over: a process killed just after a move cannot have played it without its notice.
    /// `written` is called after each move, so the caller posts what waits in the outbox.
    pub fn play_pending_into_outbox(&mut self, session: &Session, mut written: impl FnMut()) {
        self.in_outbox = true;
        self.run(session, &mut |_| written());
        self.in_outbox = false;
    }

    /// One pass: `post` gets each notice (`None`: a move's notices went into the outbox).
    fn run(&mut self, session: &Session, post: &mut dyn FnMut(Option<Notice>)) {
        self.pool.start(self.threads.max(1));
        let kicked = self.pool.drop_kicks();
        if kicked.stop {
            return;
        }
        let mut pass = Pass {
            mark: kicked.mark,
            ..Pass::default()
        };
        // Whether the last look found no turn to play.
        let mut no_turns = false;
        for _ in 0..MAX_LOOKS {
            if !(self.ordered && pass.quiet) {
                let turns = self.waiting(session, &pass);
                no_turns = turns.is_empty();
                // The games the engine is done with, for now: their merged answers go out.
                let done: Vec<u64> = pass
                    .merged
                    .keys()
                    .filter(|g| !turns.iter().any(|t| t.game == **g))
                    .copied()
                    .collect();
                for game in done {
                    if let Some(answer) = pass.merged.remove(&game) {
                        send(session, game, answer, post);
                    }
                }
                if let Some((turn, outcome)) = self.next_to_play(&mut pass, &turns) {
                    self.play(session, turn, outcome, &mut pass, post);
                    continue;
                }
                if pass.played < MAX_MOVES {
                    self.pick_up(&turns, &mut pass);
                }
                let searching =
                    pass.in_flight.len() + pass.review.as_ref().map_or(0, |r| r.in_flight);
                reviews::hand_out(
                    &mut pass.review,
                    session,
                    &self.pool,
                    self.threads.max(1).saturating_sub(searching),
                    &self.holder,
                    self.in_outbox,
                    post,
                );
            }
            // Mining comes last: the workers the turns and the review leave free.
            let searching = pass.in_flight.len()
                + pass.review.as_ref().map_or(0, |r| r.in_flight)
                + pass.mining.as_ref().map_or(0, |r| r.in_flight);
            minings::hand_out(
                &mut pass.mining,
                session,
                &self.pool,
                self.threads.max(1).saturating_sub(searching),
                &self.holder,
            );
            if pass.in_flight.is_empty()
                && !reviews::busy(&pass.review)
                && !minings::busy(&pass.mining)
            {
                if pass.held.is_empty() {
                    break;
                }
                // The first game's claim was just refused: look again without it.
                continue;
            }
            let quiet = no_turns
                && pass.in_flight.is_empty()
                && pass.held.is_empty()
                && pass.merged.is_empty()
                && !reviews::busy(&pass.review);
            if quiet
                && !pass.quiet
                && let Some(report) = &self.quiet.0
            {
                report(pass.mark);
            }
            pass.quiet = quiet;
            match self.pool.next_event() {
                Event::Kick(mark) => {
                    pass.quiet = false;
                    pass.mark = pass.mark.max(mark);
                }
                // Only the searches in flight are waited for, below.
                Event::Stop => break,
                Event::Searched {
                    turn,
                    outcome,
                    took,
                } => {
                    tracing::info!(
                        game = turn.game,
                        ply = turn.view.ply(),
                        level = %turn.level,
                        searched_ms = took.as_millis() as u64,
                        found = matches!(outcome, Outcome::Move(_)),
                        "the engine's search ended"
                    );
                    pass.in_flight.remove(&turn.game);
                    pass.held.insert(turn.game, (turn, outcome));
                }
                Event::Reviewed { game, index, eval } => reviews::searched(
                    &mut pass.review,
                    session,
                    (game, index, eval),
                    self.in_outbox,
                    post,
                ),
                Event::Mined { game, index, found } => {
                    minings::mined(&mut pass.mining, session, (game, index, found))
                }
            }
        }
        if pass.searching() {
            // Only after MAX_LOOKS or a stop: wait for the searches still running so none
            // outlives the pass, and play none of them (the next pass, or the next start,
            // searches again; a review or a mining left is taken again when its hold ends).
            tracing::info!(
                searching = pass.in_flight.len(),
                "the engine's pass stops early"
            );
            while pass.searching() {
                match self.pool.next_event() {
                    Event::Searched { turn, .. } => {
                        pass.in_flight.remove(&turn.game);
                        self.claims.release(key(&turn));
                    }
                    Event::Reviewed { .. } => match pass.review.as_mut() {
                        Some(r) if r.in_flight > 1 => r.in_flight -= 1,
                        _ => pass.review = None,
                    },
                    Event::Mined { .. } => minings::let_go(&mut pass.mining),
                    Event::Kick(_) | Event::Stop => {}
                }
            }
        }
        for (turn, _) in std::mem::take(&mut pass.held).into_values() {
            self.claims.release(key(&turn));
        }
        for (game, answer) in std::mem::take(&mut pass.merged) {
            send(session, game, answer, post);
        }
    }

    /// The engine's turns worth searching, in the order to take them: not failed before,
    /// not held by another searcher; unless [`Driver::ordered`], a game whose turn is half
    /// played first, then the turn seen first.
    fn waiting(&mut self, session: &Session, pass: &Pass) -> Vec<EngineTurn> {
        let listed = match session.engine_turns() {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = ?e, "the engine cannot read its games");
                return Vec::new();
            }
        };
        let now = Instant::now();
        let keys: HashSet<TurnKey> = listed.iter().map(key).collect();
        self.seen.retain(|k, _| keys.contains(k));
        // A failed turn is tried again only if its game comes back to that ply (a takeback).
        self.failed.retain(|k| keys.contains(k));
        for k in &keys {
            self.seen.entry(*k).or_insert(now);
        }
        let mut turns: Vec<EngineTurn> = listed
            .into_iter()
            .filter(|t| !self.failed.contains(&key(t)) && !pass.elsewhere.contains(&key(t)))
            .collect();
        if !self.ordered {
            turns.sort_by_key(|t| {
                (
                    !pass.merged.contains_key(&t.game),
                    self.seen.get(&key(t)).copied(),
                    t.game,
                )
            });
        }
        turns
    }

    /// The searched move to play now, if any: one whose game has not moved on (the others
    /// are dropped), and with [`Driver::ordered`] only the first game's.
    fn next_to_play(
        &self,
        pass: &mut Pass,
        turns: &[EngineTurn],
    ) -> Option<(Box<EngineTurn>, Outcome)> {
        let stale: Vec<u64> = pass
            .held
            .iter()
            .filter(|(_, (t, _))| !turns.iter().any(|w| key(w) == key(t)))
            .map(|(g, _)| *g)
            .collect();
        for game in stale {
            if let Some((turn, _)) = pass.held.remove(&game) {
                tracing::info!(
                    game,
                    "the game moved on while the engine thought; its search is dropped"
                );
                self.claims.release(key(&turn));
            }
        }
        if self.ordered {
            let first = turns.first()?;
            pass.held.remove(&first.game)
        } else {
            pass.held.pop_first().map(|(_, searched)| searched)
        }
    }

    /// Hands free workers the next turns (with [`Driver::ordered`], only among the first
    /// [`Driver::threads`] games, so the searches ahead are the next ones to play).
    fn pick_up(&mut self, turns: &[EngineTurn], pass: &mut Pass) {
        let threads = self.threads.max(1);
        let window = if self.ordered { threads } else { turns.len() };
        let mut queued = turns.iter().filter(|t| pass.is_waiting(t)).count();
        for turn in turns.iter().take(window) {
            if pass.in_flight.len() >= threads {
                break;
            }
            if !pass.is_waiting(turn) {
                continue;
            }
            queued -= 1;
            let k = key(turn);
            if !self.claims.claim(k) {
                tracing::info!(
                    game = k.game,
                    ply = k.ply,
                    "another searcher has this engine turn"
                );
                pass.elsewhere.insert(k);
                continue;
            }
            let waited = self.seen.get(&k).map_or(Duration::ZERO, Instant::elapsed);
            tracing::info!(
                game = k.game,
                ply = k.ply,
                level = %turn.level,
                waiting = queued,
                searching = pass.in_flight.len() + 1,
                waited_ms = waited.as_millis() as u64,
                "the engine picks up a turn"
            );
            pass.in_flight.insert(turn.game, k);
            self.pool.submit(Job::Turn {
                turn: Box::new(turn.clone()),
                budget: self.budget(turn),
            });
        }
    }

    /// The turn's budget, without its time cap when [`Driver::uncapped`].
    fn budget(&self, turn: &EngineTurn) -> Option<Budget> {
        turn.budget.map(|b| Budget {
            time_cap: if self.uncapped { None } else { b.time_cap },
            ..b
        })
    }

    /// Plays a searched move and posts or keeps its answer; the turn's claim is released.
    fn play(
        &mut self,
        session: &Session,
        turn: Box<EngineTurn>,
        outcome: Outcome,
        pass: &mut Pass,
        post: &mut dyn FnMut(Option<Notice>),
    ) {
        let k = key(&turn);
        let played = play_move(session, &turn, outcome, self.in_outbox, self.separate);
        self.claims.release(k);
        pass.played += 1;
        let Some((line, reply)) = played else {
            self.failed.insert(k);
            return;
        };
        tracing::info!(game = turn.game, level = %turn.level, "the engine moved");
        if self.in_outbox {
            // Its notices were written with it.
            post(None);
            return;
        }
        let (game, home) = (turn.game, turn.home.clone());
        if self.separate {
            let said = Said {
                by: turn.ctx.user.name.clone(),
                line,
            };
            for mut n in session.notices_for(game, &home, reply) {
                n.said = Some(said.clone());
                post(Some(n));
            }
            return;
        }
        match pass.merged.get_mut(&game) {
            Some((_, earlier)) => merge(earlier, reply),
            None => {
                pass.merged.insert(game, (home, reply));
            }
        }
    }
}

/// What one pass keeps between its looks at the queue.
#[derive(Default)]
struct Pass {
    /// The turn searched in each game (one at most).
    in_flight: HashMap<u64, TurnKey>,
    /// Searches ended whose moves are not played yet, by game.
    held: BTreeMap<u64, (Box<EngineTurn>, Outcome)>,
    /// A game's moves played in this pass and not posted yet (merged into one answer).
    merged: BTreeMap<u64, (Home, Reply)>,
    /// Turns another searcher holds: left alone for the rest of the pass.
    elsewhere: HashSet<TurnKey>,
    /// Moves played (or tried).
    played: usize,
    /// The review being made on the workers the turns leave free.
    review: Option<reviews::ReviewRun>,
    /// The finished game being mined for puzzles on the workers left free after that.
    mining: Option<minings::MineRun>,
    /// Whether only mining was left at the last look (reported through
    /// [`Driver::on_quiet`] when it became so).
    quiet: bool,
    /// The highest mark of the kicks this pass has seen.
    mark: u64,
}

impl Pass {
    /// Whether a worker still searches for this pass: a turn, a review's position or a
    /// mined one.
    fn searching(&self) -> bool {
        !self.in_flight.is_empty()
            || self.review.as_ref().is_some_and(|r| r.in_flight > 0)
            || self.mining.as_ref().is_some_and(|r| r.in_flight > 0)
    }

    /// Whether `turn`'s game has neither a search in flight nor one waiting to be played.
    fn is_waiting(&self, turn: &EngineTurn) -> bool {
        !self.in_flight.contains_key(&turn.game) && !self.held.contains_key(&turn.game)
    }
}

/// The claim's name of a turn.
fn key(turn: &EngineTurn) -> TurnKey {
    TurnKey {
        game: turn.game,
        ply: turn.view.ply(),
    }
}

/// Plays what the search found; the line the engine would have typed and the session's
/// answer, or `None` (logged) when there is nothing to post.
fn play_move(
    session: &Session,
    turn: &EngineTurn,
    outcome: Outcome,
    in_outbox: bool,
    separate: bool,
) -> Option<(String, Reply)> {
    let Outcome::Move(mv) = outcome else {
        tracing::error!(
            game = turn.game,
            level = %turn.level,
            lost = matches!(outcome, Outcome::Lost),
            "the engine found no move; the game waits (its deadline is pushed back, not ended)"
        );
        return None;
    };
    let line = format!("move #{} {mv}", turn.game);
    // With the notices in the move's commit: told as the driver would have posted them.
    let how = in_outbox.then(|| Announce {
        merge: !separate,
        said: separate.then(|| Said {
            by: turn.ctx.user.name.clone(),
            line: line.clone(),
        }),
    });
    let play = || match &how {
        Some(how) => session.play_engine_move_announced(turn, mv, how),
        None => session.play_engine_move(turn, mv),
    };
    let mut reply = play();
    // A deadline or a command wrote the game between our read and our write: the move is
    // still an answer to the same position if the game is (play_engine_move checks).
    for _ in 0..CONFLICT_RETRIES {
        if reply.kind != ReplyKind::Conflict {
            break;
        }
        reply = play();
    }
    if reply.kind != ReplyKind::Done {
        // The game changed while the engine thought (a resignation), or a bug: the log says
        // which, the channel hears nothing from the engine.
        tracing::warn!(game = turn.game, line = %line, answer = %reply.text.en(), "the engine's move was not played");
        return None;
    }
    Some((line, reply))
}

/// A game's merged answer, posted in each of the game's homes.
fn send(
    session: &Session,
    game: u64,
    (home, reply): (Home, Reply),
    post: &mut dyn FnMut(Option<Notice>),
) {
    for n in session.notices_for(game, &home, reply) {
        post(Some(n));
    }
}

/// `later` appended to `earlier`: both texts, the later board, pings and choices.
fn merge(earlier: &mut Reply, later: Reply) {
    if !later.text.is_empty() {
        earlier.text.line(later.text);
    }
    if !later.boards.is_empty() {
        earlier.boards = later.boards;
    }
    earlier.private.extend(later.private);
    earlier.notify = later.notify;
    earlier.choices = later.choices;
}

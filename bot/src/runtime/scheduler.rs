//! The process's one background loop, the same for every adapter: play the built-in engine's
//! pending moves ([`skald_session::engine_driver`]), tick the deadlines, hand the notices to
//! be posted (each engine move's as soon as it is played), then sleep until the next deadline
//! (at most `max_sleep`, which is also the heartbeat), until an answered command wakes it (it
//! may have handed the engine a turn), or, on a file-moved fake clock, until the file moves
//! time or `max_sleep` has passed (another process on the database may have left work for
//! this one). Its first round at start-up resumes any engine turn left before a restart and posts
//! whatever fell due while the bot was down.
//!
//! The engine's pass runs beside the deadlines, not before them: it searches on its own
//! threads (inside `spawn_blocking`) and writes each move's notices into the outbox in the
//! move's own commit, telling this loop to post them, while this
//! loop goes on ticking, so a reminder or a timeout is never late because the engine has a
//! long queue. A command answered while a pass runs kicks it (the new turn is picked up by
//! the next free worker) and asks for another pass after it, so no turn is left behind.
//! With [`Driver::ordered`] (the console's transcript) a tick waits for the pass's engine
//! moves instead, so the engine's moves print before what fell due, in the same order in
//! every run.
//!
//! Rounds are counted ([`Rounds`]) so an adapter that answers in transcript order (the
//! console) can wait, after a command, for the round that command started: the engine's
//! answer then comes before the next line is read. A pass left with nothing but mining
//! finished games for puzzles says so ([`Driver::on_quiet`]) and counts as finished: the
//! mining goes on on the workers nothing else needs, and the next line does not wait for it.
//! On shutdown (the loop is aborted) the running pass is told to stop, so the process waits
//! for one search at most, not for a whole game's mining.

use skald_port::fake_time::AdapterClock;
use skald_port::rounds::Rounds;
use skald_session::Session;
use skald_session::engine_driver::{Driver, EngineWaker};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// The engine's pass in flight: its thread, and the requests it answers.
struct EnginePass {
    handle: JoinHandle<Driver>,
    covers: u64,
    /// The highest mark this loop kicked the pass with (the requests counted then).
    kicked: u64,
    /// The mark of the pass's last report that only mining is left, if any.
    quiet: Option<u64>,
}

impl EnginePass {
    /// Whether the pass has played every turn the requests so far could have made, and
    /// only mines now: what it answers is answered.
    fn is_quiet(&self) -> bool {
        self.quiet.is_some_and(|m| m >= self.kicked)
    }
}

/// The loop's waker of the engine's pass, which tells a running pass to stop when the loop
/// is dropped (aborted at shutdown).
struct StopOnDrop(EngineWaker);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Runs forever (the process aborts it on shutdown). `post` posts what waits in the outbox:
/// it is called after each engine move and each tick, which wrote their notices there in
/// their commits. `driver`
/// plays the engine's moves as the adapters want them (see [`Driver::separate`] and
/// [`Driver::ordered`]); `ticks` off (a `skald worker`), the loop only plays engine moves.
#[allow(clippy::too_many_arguments)] // The loop's parts, each shared with an adapter.
pub async fn run<P, F>(
    session: Arc<Session>,
    clock: Arc<AdapterClock>,
    engine: Arc<Notify>,
    rounds: Arc<Rounds>,
    max_sleep: Duration,
    ticks: bool,
    driver: Driver,
    mut post: P,
) where
    P: FnMut() -> F,
    F: Future<Output = ()>,
{
    let ordered = driver.ordered;
    // A pass's reports that only mining is left.
    let (quiet_tx, mut quiet_rx) = tokio::sync::mpsc::unbounded_channel::<u64>();
    let driver = driver.on_quiet(move |mark| {
        let _ = quiet_tx.send(mark);
    });
    // What the loop restarts the engine with if a pass is ever lost.
    let spare = driver.like();
    let mut waker = StopOnDrop(driver.waker());
    let mut idle = Some(driver);
    let mut pass: Option<EnginePass> = None;
    // Each says a move was played, its notices written into the outbox with it.
    let (answers, mut answered) = tokio::sync::mpsc::unbounded_channel::<()>();
    // At start-up: resume the engine's turns, post what fell due while the bot was down.
    let (mut engine_due, mut tick_due) = (true, true);
    // The requests answered by the last finished pass and by the last tick.
    let (mut engine_covered, mut tick_covered) = (0, 0);
    // The next look at the deadlines (set at once by the first tick).
    let timer = tokio::time::sleep(max_sleep);
    tokio::pin!(timer);
    let mut rearm = true;
    // When the loop last looked at the engine's turns or the deadlines and the outbox.
    let mut looked = std::time::Instant::now();
    loop {
        if engine_due && let Some(mut d) = idle.take() {
            engine_due = false;
            looked = std::time::Instant::now();
            let covers = rounds.begin();
            let (s, answers) = (session.clone(), answers.clone());
            let handle = tokio::task::spawn_blocking(move || {
                // The engine thinks here, on its own workers; a panic must not lose the
                // driver (nor its record of failed turns).
                let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    d.play_pending_into_outbox(&s, || {
                        let _ = answers.send(());
                    });
                }));
                if played.is_err() {
                    tracing::error!("the engine's pass failed; it starts again at the next round");
                }
                d
            });
            pass = Some(EnginePass {
                handle,
                covers,
                kicked: 0,
                quiet: None,
            });
        }
        if !ticks {
            tick_due = false;
        }
        if tick_due && !(ordered && pass.as_ref().is_some_and(|p| !p.is_quiet())) {
            tick_due = false;
            looked = std::time::Instant::now();
            clock.refresh();
            let covers = rounds.begin();
            let (s, now) = (session.clone(), clock.now());
            match tokio::task::spawn_blocking(move || s.tick(now)).await {
                // The tick's notices were written into the outbox with their changes:
                // `post` with nothing new posts what waits there.
                Ok(_) => post().await,
                Err(e) => tracing::error!(error = %e, "the scheduler's tick failed"),
            }
            tick_covered = covers;
            rearm = true;
        }
        rounds.finished(engine_covered.min(tick_covered));
        if rearm {
            // Set after a tick or when the timer fired, not at every engine answer: a
            // stream of answers must not keep pushing the next tick away.
            rearm = false;
            let wait = clock.sleep_until(session.next_wakeup(), max_sleep);
            timer.as_mut().reset(tokio::time::Instant::now() + wait);
        }
        tokio::select! {
            // Answers first: a pass's answers are all sent before it ends, so they are posted
            // before its end is seen.
            biased;
            Some(()) = answered.recv() => post().await,
            Some(mark) = quiet_rx.recv() => {
                if let Some(p) = pass.as_mut() {
                    p.quiet = Some(mark);
                    engine_covered = engine_covered.max(p.covers.max(mark));
                }
            }
            ended = pass_end(&mut pass), if pass.is_some() => {
                let covers = pass.take().map_or(0, |p| p.covers.max(p.quiet.unwrap_or(0)));
                if answered.try_recv().is_ok() {
                    while answered.try_recv().is_ok() {}
                    post().await;
                }
                match ended {
                    Ok(d) => idle = Some(d),
                    Err(e) => {
                        tracing::error!(error = %e, "the engine's pass was lost; a new driver takes over");
                        let d = spare.like();
                        waker = StopOnDrop(d.waker());
                        idle = Some(d);
                    }
                }
                engine_covered = engine_covered.max(covers);
            }
            _ = &mut timer => {
                rearm = true;
                // On the fake clock nothing falls due unless the file moved time or a
                // command woke the loop; still the loop looks again every `max_sleep` (a
                // second on a shared database), as on the real clock: another process may
                // have written notices for this one, or died holding an engine turn or
                // notices whose lease has now run out.
                if clock.refresh() || !clock.is_fake() || looked.elapsed() >= max_sleep {
                    tick_due = true;
                    engine_due = true;
                }
            }
            _ = engine.notified() => {
                tick_due = true;
                engine_due = true;
                // A pass running picks the new turn up at once; another pass follows it.
                let mark = rounds.begin();
                waker.0.kick_marked(mark);
                if let Some(p) = pass.as_mut() {
                    p.kicked = mark;
                }
            }
        }
    }
}

/// When the engine's pass in flight ends (never, with none).
async fn pass_end(pass: &mut Option<EnginePass>) -> Result<Driver, tokio::task::JoinError> {
    match pass {
        Some(p) => (&mut p.handle).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use skald_session::store::{SledStore, Store};
    use skald_session::{Context, ReplyKind, SessionConfig, User};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_deadline_due_while_the_engine_has_a_long_queue_is_posted_at_once() {
        let (session, clock) = session_on_fake_clock(SessionConfig {
            engine_budget_scale: 0.05,
            ..SessionConfig::default()
        });
        let say = |who: &str, channel: &str, line: &str| {
            let ctx = Context::new(User::new("console", who, who), "console", channel);
            let r = session.handle(&ctx, line);
            assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        };
        // alice and bob in `hall`, a day per move; four games wait for `hard` in `engine`,
        // searched one after another by one worker.
        say("alice", "hall", "challenge tafl @bob first days:1");
        say("bob", "hall", "accept #1");
        for who in ["p1", "p2", "p3", "p4"] {
            say(who, "engine", "challenge tafl @skald hard second");
        }
        let mut driver = Driver::new();
        driver.threads = 1;
        driver.uncapped = true;
        let (tx, mut posted) = tokio::sync::mpsc::unbounded_channel::<String>();
        // What the process's poster would post: the engine's answers and the deadlines'
        // notices, from the outbox.
        let outbox = session.clone();
        let post = move || {
            let (tx, outbox) = (tx.clone(), outbox.clone());
            async move {
                for (id, n) in outbox.take_notices(
                    &["console"],
                    "test",
                    skald_session::outbox::POST_LEASE,
                    100,
                ) {
                    let _ = tx.send(n.channel.0);
                    outbox.notices_posted(&[id]);
                }
            }
        };
        let engine = Arc::new(Notify::new());
        let scheduler = tokio::spawn(run(
            session.clone(),
            clock.clone(),
            engine.clone(),
            Arc::new(Rounds::default()),
            Duration::from_secs(3600),
            true,
            driver,
            post,
        ));
        // alice's day runs out while the engine works through its queue.
        clock.advance(2 * 86_400).expect("the fake clock moves");
        engine.notify_one();
        let mut order = Vec::new();
        while order.len() < 5 {
            let next = tokio::time::timeout(Duration::from_secs(120), posted.recv()).await;
            match next {
                Ok(Some(channel)) => order.push(channel),
                other => panic!("{other:?} after {order:?}"),
            }
        }
        scheduler.abort();
        let hall = order.iter().position(|c| c == "hall");
        let engine_answers = order.iter().filter(|c| *c == "engine").count();
        assert_eq!(engine_answers, 4, "{order:?}");
        assert!(
            hall.is_some_and(|at| at < 4),
            "the deadline does not wait for the engine's last answer: {order:?}"
        );
    }

    /// A session with `config` (no rate limit) on a fresh store and its typed fake clock.
    fn session_on_fake_clock(config: SessionConfig) -> (Arc<Session>, Arc<AdapterClock>) {
        let store: Arc<dyn Store> = Arc::new(SledStore::temporary().expect("temporary store"));
        let clock = Arc::new(AdapterClock::typed(&store).expect("fake clock"));
        let session = Arc::new(
            Session::new(
                store,
                clock.clock(),
                rand::rngs::StdRng::seed_from_u64(1),
                config.without_rate_limit(),
            )
            .expect("session"),
        );
        (session, clock)
    }

    /// Whether game 1 has been mined for puzzles.
    fn mined(session: &Session) -> Option<bool> {
        let game = session.store().game(1).ok()??;
        match game.doc.mining? {
            skald_model::puzzle::Mining::Done { .. } => Some(true),
            _ => Some(false),
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_console_line_after_a_game_ends_does_not_wait_for_its_mining() {
        let (session, clock) = session_on_fake_clock(SessionConfig::default());
        // alice and bob play Hnefatafl to its end as the engine's self-play game went: a
        // long game on the big board, whose mining takes many seconds in a debug build.
        let say = |who: &str, line: &str| {
            let ctx = Context::new(User::new("console", who, who), "console", "hall");
            let r = session.handle(&ctx, line);
            assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
        };
        say("alice", "challenge tafl @bob first");
        say("bob", "accept #1");
        // Seed 5: 246 plies.
        let record = skald_model::puzzle::mine::self_play(skald_rules::RuleSetId::Hnefatafl, 5);
        let mut seats = ["alice", "bob"].into_iter().cycle();
        for action in &record.actions {
            if let skald_rules::Action::Move(mv) = action {
                let who = seats.next().unwrap_or("alice");
                say(who, &format!("move #1 {mv}"));
            }
        }
        let ended = session
            .store()
            .game(1)
            .ok()
            .flatten()
            .is_some_and(|g| g.doc.end.is_some());
        if !ended {
            say("bob", "resign #1");
        }
        assert_eq!(
            mined(&session),
            Some(false),
            "the finished game waits to be mined"
        );
        let mut driver = Driver::new();
        (driver.ordered, driver.separate) = (true, true);
        let (engine, rounds) = (Arc::new(Notify::new()), Arc::new(Rounds::default()));
        let scheduler = tokio::spawn(run(
            session.clone(),
            clock,
            engine.clone(),
            rounds.clone(),
            Duration::from_secs(3600),
            true,
            driver,
            || async {},
        ));
        // The console's next line waits for its round: answered while the game is mined.
        tokio::time::timeout(Duration::from_secs(60), rounds.settle(&engine))
            .await
            .expect("the round is answered");
        assert_eq!(
            mined(&session),
            Some(false),
            "answered before the mining ended"
        );
        // Stopping does not wait for it either (a_process_that_stops_mid_mining_... in the
        // session's tests: the game is mined again later).
        scheduler.abort();
    }

    #[tokio::test]
    async fn settling_waits_for_a_round_that_began_after_it() {
        let rounds = Arc::new(Rounds::default());
        let engine = Arc::new(Notify::new());
        // A round that began before the request does not answer it.
        let early = rounds.begin();
        let waiting = {
            let (rounds, engine) = (rounds.clone(), engine.clone());
            tokio::spawn(async move { rounds.settle(&engine).await })
        };
        engine.notified().await;
        rounds.finished(early);
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "an older round does not settle it");
        let next = rounds.begin();
        rounds.finished(next);
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("the next round settles it")
            .expect("no panic");
    }
}

//! One process for every adapter: one store, one session, one clock, one background loop,
//! and the adapters started on them — the chat platforms the configuration enables
//! (`[discord]`, `[matrix]`, or both), or the console. Start-up, logging and shutdown are
//! this one code path for every adapter:
//!
//! - start-up opens the store (replaying its journal), gives the players back any down
//!   time, starts each adapter, then the background loop (whose first round posts whatever
//!   fell due while the bot was down);
//! - each notice of the background loop (an engine move, a reminder, a timeout) goes to the
//!   adapter that owns its channel ([`Outlet::owns`]);
//! - SIGINT or SIGTERM (or an adapter losing its platform for good, or the console's input
//!   ending) stops the process: new commands are turned away ([`Gate`]), those in flight
//!   finish and answer, the adapters disconnect, the background loop stops, and the store
//!   records a last heartbeat and is flushed.

use super::poster::Poster;
use crate::config::Config;
use crate::console::{self, ConsoleIo, ConsoleOptions};
use skald_port::fake_time::AdapterClock;
use skald_port::gate::Gate;
use skald_port::rounds::Rounds;
use skald_port::{Outlet, Router, Running, Shared};
use skald_session::Session;
use skald_session::engine_driver::{Driver, StoreClaims};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep of the background loop between two looks at the deadlines (also the
/// period of the heartbeat that lets a restart give down time back).
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// The longest sleep of the background loop on a store other processes share: the outbox
/// may hold notices another process wrote for this one.
const SHARED_SLEEP: Duration = Duration::from_secs(1);

/// What a process is, for its background loop.
#[derive(Clone, Copy)]
struct Place {
    /// Its store may be shared with other processes (PostgreSQL).
    shared: bool,
    /// It fires deadlines and digests (every process but a `skald worker`).
    ticks: bool,
}

/// Which adapters a process runs.
pub enum Adapters {
    /// Every chat platform the configuration enables.
    Chat,
    /// The console, reading command lines from `io`.
    Console(ConsoleOptions, ConsoleIo),
    /// No adapter: a `skald worker`, which only plays the engine's moves (on a database
    /// other processes share; their posters post its moves).
    Worker,
}

/// Runs `adapters` until the process is told to stop (or the console's input ends).
pub fn serve(config: &Config, adapters: Adapters) -> Result<(), String> {
    // Every enabled section is checked before any platform is contacted.
    if matches!(adapters, Adapters::Chat) {
        if let Some(d) = config.discord.as_ref().filter(|d| d.enabled) {
            d.check()?;
        }
        if let Some(m) = config.matrix.as_ref().filter(|m| m.enabled) {
            m.check()?;
        }
    }
    let (data, seed) = match &adapters {
        Adapters::Console(opts, _) => (opts.data.clone(), opts.seed),
        Adapters::Chat | Adapters::Worker => (config.data_dir(None), None),
    };
    let at = config.store_at(&data);
    let place = Place {
        shared: matches!(at, super::StoreAt::Postgres(_)),
        ticks: !matches!(adapters, Adapters::Worker),
    };
    if matches!(adapters, Adapters::Worker) && !place.shared {
        return Err("skald worker plays the engine's moves beside other skald processes on one PostgreSQL database: set [store] postgres (a sled store is one process's alone)".into());
    }
    let store = super::open_store_at(&at)?;
    let seed = seed.or_else(|| {
        std::env::var("SKALD_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
    });
    let rng = skald_session::dice_rng::dice_rng(seed)?;
    let mut session_config = config.session_config();
    let (clock, mut driver) = match &adapters {
        Adapters::Console(opts, _) => {
            let clock = if opts.fake_clock {
                AdapterClock::typed(&store)?
            } else {
                AdapterClock::new(&config.clock, &data, &store)?
            };
            // The console is the operator's own terminal (every `@name` is the operator): no
            // rate limit; the other limits apply.
            session_config = session_config.without_rate_limit();
            if let Some(lang) = opts.language {
                session_config.language = Some(lang);
            }
            // A transcript shows each engine move as a line the engine typed, in game
            // order (the dice drawn after each move then come out the same in every run,
            // whatever the pool). The searches keep their wall-time cap, which is machine
            // time even on the fake clock (docs/ENGINE.md), unless `--uncapped` asks for
            // the whole iteration budget so a transcript repeats however loaded the
            // machine is.
            let mut driver = Driver::new();
            driver.uncapped = opts.uncapped;
            driver.separate = true;
            driver.ordered = true;
            (clock, driver)
        }
        Adapters::Chat | Adapters::Worker => (
            AdapterClock::new(&config.clock, &data, &store)?,
            Driver::new(),
        ),
    };
    driver.threads = config.ai.threads();
    // Engine turns are claimed in the store: several processes on one database never
    // search one turn twice (on sled, the leases are this process's own). A lease lasts
    // `[store] lease_seconds` (a minute by default), far longer than any search (`hard`
    // stops at about 2 s), before another process may take over the turn of one that died.
    let holder = format!(
        "{}:{}",
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .unwrap_or_else(|_| "skald".into()),
        std::process::id()
    );
    driver = driver.with_claims(Arc::new(StoreClaims::new(
        store.clone(),
        holder,
        config.store.lease(),
    )));
    let clock = Arc::new(clock);
    let session = Arc::new(
        Session::new(store, clock.clock(), rng, session_config).map_err(|e| e.to_string())?,
    );
    tracing::info!(games = session.store().game_count(), data = %data.display(), "store opened");
    let shared = Shared {
        session,
        engine: Arc::new(Notify::new()),
        rounds: Arc::new(Rounds::default()),
        gate: Arc::new(Gate::default()),
        clock,
        router: Arc::new(Router::default()),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = runtime.block_on(run(config, adapters, driver, shared.clone(), place));
    runtime.shutdown_timeout(Duration::from_secs(5));
    // The last heartbeat: the next start gives the players back the time the bot is down.
    shared.session.heartbeat(shared.session.now());
    shared.session.store().flush().map_err(|e| e.to_string())?;
    tracing::info!("stopped; the store is flushed");
    result
}

async fn run(
    config: &Config,
    which: Adapters,
    driver: Driver,
    shared: Shared,
    place: Place,
) -> Result<(), String> {
    let adapters = match which {
        Adapters::Console(opts, io) => vec![console::start(opts, io, &shared)],
        Adapters::Chat => start_chat(config, &shared).await?,
        Adapters::Worker => Vec::new(),
    };
    let outlets: Vec<Arc<dyn Outlet>> = adapters.iter().map(|a| a.outlet.clone()).collect();
    shared.router.set_outlets(outlets);
    // Every notice goes through the outbox: written (if it is not yet), then posted by the
    // process serving its platform: this one, or another on the same database.
    shared
        .router
        .use_outbox(shared.session.clone(), shared.engine.clone());
    let poster = Arc::new(Poster::new(!place.shared, config.store.lease()));
    let (session, router) = (shared.session.clone(), shared.router.clone());
    let post = move || {
        let (session, router, poster) = (session.clone(), router.clone(), poster.clone());
        async move {
            poster.drain(&session, &router).await;
        }
    };
    // On a shared database other processes write notices for this one and make deadlines:
    // look every second.
    let max_sleep = if place.shared {
        SHARED_SLEEP
    } else {
        MAX_SLEEP
    };
    let scheduler = tokio::spawn(super::scheduler::run(
        shared.session.clone(),
        shared.clock.clone(),
        shared.engine.clone(),
        shared.rounds.clone(),
        max_sleep,
        place.ticks,
        driver,
        post,
    ));
    tracing::info!(adapters = adapters.len(), "skald is serving");

    // Each adapter that ends by itself reports here; the first report stops the process.
    let (ended_tx, mut ended) = tokio::sync::mpsc::unbounded_channel();
    let mut stops = Vec::new();
    for adapter in adapters {
        let tx = ended_tx.clone();
        let platform = adapter.outlet.platform();
        let (done, finite) = (adapter.done, adapter.finite);
        tokio::spawn(async move {
            let _ = tx.send((platform, finite, done.await));
        });
        stops.push(adapter.stop);
    }
    drop(ended_tx);
    let result = tokio::select! {
        _ = stop_signal() => {
            tracing::info!("stopping: no new commands; finishing those in flight");
            Ok(())
        }
        Some((platform, finite, r)) = ended.recv() => match r {
            Ok(Ok(())) if finite => Ok(()),
            Ok(Ok(())) => Err(format!("the {platform} adapter stopped")),
            Ok(Err(e)) => Err(e),
            Err(e) => Err(format!("the {platform} adapter failed: {e}")),
        },
    };
    shared.gate.close().await;
    for stop in stops {
        stop().await;
    }
    shared.router.clear();
    scheduler.abort();
    result
}

/// Starts every chat adapter the configuration enables.
#[allow(unused_variables, unused_mut)] // A console-only build has no chat adapter to start.
async fn start_chat(config: &Config, shared: &Shared) -> Result<Vec<Running>, String> {
    let mut adapters = Vec::new();
    #[cfg(feature = "discord")]
    if let Some(section) = config.discord.as_ref().filter(|d| d.enabled) {
        adapters.push(skald_discord::start(section, shared).await?);
    }
    #[cfg(feature = "matrix")]
    if let Some(section) = config.matrix.as_ref().filter(|m| m.enabled) {
        let spaces: Vec<String> = config
            .community
            .iter()
            .flat_map(|c| c.matrix_spaces.iter().cloned())
            .collect();
        let spaces = skald_matrix::spaces::Spaces::new(&spaces);
        adapters.push(skald_matrix::start(section, spaces, &config.data_dir(None), shared).await?);
    }
    if adapters.is_empty() {
        return Err("no chat platform is enabled".to_string());
    }
    Ok(adapters)
}

/// Waits for Ctrl-C or (on Unix) SIGTERM, so a service manager's stop is a clean one.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

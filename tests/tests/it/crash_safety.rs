//! Crash safety: the console bot is killed with SIGKILL at random moments while it plays a
//! mix of games of every rule set, and restarted; after every kill the store must open, every
//! command the bot answered must be on disk, and nothing may be applied twice.
//!
//! How the test knows what "on disk" must look like: before each run it opens the store the
//! killed bot left (which must open cleanly), copies it into an in-process "mirror" session
//! with the same dice seed the bot is started with, and lets the mirror choose the run's
//! command lines (random legal moves, new challenges when a game ends) while recording the
//! state of every game after each line. The bot handles the same lines in the same order, so
//! after a kill the store must equal the mirror's state after some line `k`, with `k` at least
//! the number of lines the bot answered: fewer means an acknowledged move was lost, a state
//! matching no `k` means something was applied twice, out of order or half.
//!
//! `SKALD_CRASH_KILLS` sets the number of kills (default 60), `SKALD_CRASH_SEED` the seed
//! (default: a fresh one, printed so a failure can be repeated).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_rules::{Action, RuleSetId};
use skald_session::clock::FakeClock;
use skald_session::store::{SledStore, Store};
use skald_session::{Context, ReplyKind, Session, SessionConfig, User, UserId};
use skald_tests::{TempDir, skald_bin};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One game table per rule set, each with its own pair of players (every rule set the
/// registry knows, so a new one is played here without a line of its own).
const RULE_SETS: [RuleSetId; RuleSetId::ALL.len()] = RuleSetId::ALL;

/// What one game looks like in the store: enough to tell every write apart.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameState {
    version: u64,
    actions: Vec<Action>,
    ended: bool,
}

/// Every game and pending challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
struct StoreState {
    games: BTreeMap<u64, GameState>,
    challenges: BTreeSet<u64>,
}

fn read_state(store: &dyn Store) -> StoreState {
    let mut games = BTreeMap::new();
    // Ids are handed out from 1; a few past the last one cover gaps left by a kill.
    let mut id = 1;
    let mut misses = 0;
    let mut challenges = BTreeSet::new();
    while misses < 50 {
        match store.game(id).expect("every stored game decodes") {
            Some(g) => {
                misses = 0;
                games.insert(
                    id,
                    GameState {
                        // A finished game is still written by the background work the killed
                        // bot runs and the mirror does not (mining it for puzzles claims it,
                        // then marks it done): its version is not the players' doing, so a
                        // finished game is told apart by its actions and its end alone.
                        version: if g.doc.end.is_some() {
                            0
                        } else {
                            g.doc.version
                        },
                        actions: g.doc.record.actions.clone(),
                        ended: g.doc.end.is_some(),
                    },
                );
            }
            None if store
                .challenge(id)
                .expect("every stored challenge decodes")
                .is_some() =>
            {
                misses = 0;
                challenges.insert(id);
            }
            None => misses += 1,
        }
        id += 1;
    }
    StoreState { games, challenges }
}

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

/// Where the killed bot keeps its store: a sled directory, or a PostgreSQL schema named by
/// a configuration file (the bot's own files then go to `local`).
enum Place {
    Sled(PathBuf),
    Postgres {
        url: String,
        config: PathBuf,
        local: PathBuf,
    },
}

impl Place {
    /// A PostgreSQL schema of its own on the test server, and the configuration naming it.
    fn postgres(dir: &Path) -> Place {
        let url = skald_store_pg::testkit::fresh_url("crash");
        let (config, local) = (dir.join("skald.toml"), dir.join("local"));
        std::fs::write(&config, format!("[store]\npostgres = {url:?}\n"))
            .expect("the config is written");
        Place::Postgres { url, config, local }
    }

    /// Opens the store (the bot is not running).
    fn open(&self) -> Arc<dyn Store> {
        match self {
            Place::Sled(dir) => Arc::new(open_sled(dir)),
            Place::Postgres { url, .. } => Arc::new(
                skald_store_pg::PgStore::open(url)
                    .unwrap_or_else(|e| panic!("the database must open: {e}")),
            ),
        }
    }

    /// The arguments that put `skald` on this store, before and after the subcommand.
    fn args(&self) -> (Vec<String>, Vec<String>) {
        match self {
            Place::Sled(dir) => (Vec::new(), vec!["--data".into(), dir.display().to_string()]),
            Place::Postgres { config, local, .. } => (
                vec!["--config".into(), config.display().to_string()],
                vec!["--data".into(), local.display().to_string()],
            ),
        }
    }
}

/// The in-process copy of the store that picks the lines of one run.
struct Mirror {
    session: Session,
}

impl Mirror {
    /// Copies the store at `place` (the bot is not running) into a temporary store.
    fn from_disk(place: &Place, dice_seed: u64) -> Mirror {
        let disk = place.open();
        let mut export = Vec::new();
        disk.export(&mut export).expect("the store exports");
        drop(disk);
        let temp = SledStore::temporary().expect("a temporary store");
        temp.import(&mut std::io::Cursor::new(export))
            .expect("the export imports");
        let session = Session::new(
            Arc::new(temp),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            StdRng::seed_from_u64(dice_seed),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("the mirror session opens");
        Mirror { session }
    }

    fn say(&self, line: &str) -> ReplyKind {
        let (name, text) = line[1..].split_once(' ').expect("@name command");
        self.session.handle(&ctx(name), text).kind
    }

    /// The next line for table `t`: a move by whoever is to move, or a new game.
    fn next_line(&self, t: usize, rng: &mut StdRng, pending: &mut Vec<String>) -> Option<String> {
        if let Some(line) = pending.pop() {
            return Some(line);
        }
        let (a, b) = (format!("p{t}a"), format!("p{t}b"));
        let active = self
            .session
            .store()
            .user_games(&UserId::new("console", &a))
            .expect("the index reads")
            .into_iter()
            .find(|(_, active)| *active);
        let Some((id, _)) = active else {
            // A challenge left from an earlier run (killed before the accept) is taken up.
            let waiting = self
                .session
                .store()
                .challenges()
                .expect("the challenges read")
                .into_iter()
                .find(|c| c.doc.challenger.id.id == a);
            if let Some(c) = waiting {
                return Some(format!("@{b} accept #{}", c.doc.id));
            }
            pending.push(format!("@{b} accept"));
            return Some(format!("@{a} challenge {} @{b} first", RULE_SETS[t]));
        };
        let game = self.session.store().game(id).ok()??.doc;
        let m = game.live().ok()?;
        let seat = m.position().status().seat()?;
        let legal = m.position().legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = &legal[rng.random_range(0..legal.len())];
        Some(format!(
            "@{} move #{id} {mv}",
            game.players[seat.index()].id.id
        ))
    }
}

/// The lines of one run and the state the store must be in after each of them.
struct Plan {
    lines: Vec<String>,
    kinds: Vec<ReplyKind>,
    /// `states[k]`: after the first `k` lines.
    states: Vec<StoreState>,
}

fn plan(place: &Place, dice_seed: u64, rng: &mut StdRng, len: usize) -> Plan {
    let mirror = Mirror::from_disk(place, dice_seed);
    let mut states = vec![read_state(mirror.session.store())];
    let mut lines = Vec::new();
    let mut kinds = Vec::new();
    let mut pending: Vec<Vec<String>> = vec![Vec::new(); RULE_SETS.len()];
    while lines.len() < len {
        let t = rng.random_range(0..RULE_SETS.len());
        let Some(line) = mirror.next_line(t, rng, &mut pending[t]) else {
            continue;
        };
        kinds.push(mirror.say(&line));
        lines.push(line);
        states.push(read_state(mirror.session.store()));
    }
    Plan {
        lines,
        kinds,
        states,
    }
}

/// Opens the sled store the killed bot left. Its lock can be held for a moment after the bot
/// is reaped, by another test of this binary: a process it spawns shares every open file of
/// this one until it runs its program, the store's locked file too. That is the test binary's
/// doing, not the bot's, so a lock still held is waited for (a few seconds at most); any other
/// error fails at once.
fn open_sled(dir: &Path) -> SledStore {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match SledStore::open(dir) {
            Ok(store) => return store,
            Err(e)
                if e.to_string().contains("could not acquire lock")
                    && Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => panic!("the store must open cleanly: {e}"),
        }
    }
}

/// What one run of the bot printed before it was killed.
struct Run {
    /// The reply blocks, each starting with its echoed `@name> line`.
    answered: Vec<String>,
    killed_after: Duration,
    stderr: String,
}

/// Starts the bot on `place`, feeds it `lines`, kills it at a moment chosen by `rng`.
fn run_and_kill(place: &Place, dice_seed: u64, lines: &[String], rng: &mut StdRng) -> Run {
    let (before, after) = place.args();
    let mut child = Command::new(skald_bin())
        .args(before)
        .args(["console", "--fake-clock", "--no-pictures", "--seed"])
        .arg(dice_seed.to_string())
        .args(after)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the skald binary runs");
    let started = Instant::now();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // All lines at once; stdin stays open so the bot waits for more instead of exiting.
    stdin
        .write_all((lines.join("\n") + "\n").as_bytes())
        .expect("the input is written");
    stdin.flush().expect("the input is flushed");
    let acked = Arc::new(AtomicUsize::new(0));
    let output = Arc::new(Mutex::new(String::new()));
    let stdout = child.stdout.take().expect("stdout is piped");
    let reader = {
        let (acked, output) = (acked.clone(), output.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if is_echo(&line) {
                    acked.fetch_add(1, Ordering::SeqCst);
                }
                let mut out = output.lock().expect("not poisoned");
                out.push_str(&line);
                out.push('\n');
            }
        })
    };
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    if rng.random_bool(0.15) {
        // During start-up: opening and recovering the store.
        std::thread::sleep(Duration::from_micros(rng.random_range(0..40_000)));
    } else {
        // While commands are being handled (or, at the end, while it waits for input).
        let target = rng.random_range(0..=lines.len());
        let deadline = Instant::now() + Duration::from_secs(30);
        while acked.load(Ordering::SeqCst) < target {
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "the bot exited by itself ({status}): {}",
                    err_reader.join().unwrap_or_default()
                );
            }
            assert!(
                Instant::now() < deadline,
                "the bot answered {} of {target} lines in 30 s",
                acked.load(Ordering::SeqCst)
            );
            std::thread::sleep(Duration::from_micros(200));
        }
        std::thread::sleep(Duration::from_micros(rng.random_range(0..3_000)));
    }
    if let Ok(Some(status)) = child.try_wait() {
        panic!(
            "the bot exited by itself ({status}): {}",
            err_reader.join().unwrap_or_default()
        );
    }
    child.kill().expect("SIGKILL is sent");
    let killed_after = started.elapsed();
    child.wait().expect("the killed bot is reaped");
    drop(stdin);
    reader.join().expect("the reader ends");
    let stderr = err_reader.join().expect("the stderr reader ends");
    let output = output.lock().expect("not poisoned").clone();
    let answered = output
        .split("\n\n")
        .map(str::trim)
        .filter(|b| is_echo(b.lines().next().unwrap_or("")))
        .map(str::to_string)
        .collect();
    Run {
        answered,
        killed_after,
        stderr,
    }
}

/// `@name> text`: the echo the console prints before each reply.
fn is_echo(line: &str) -> bool {
    line.strip_prefix('@')
        .and_then(|l| l.split_once("> "))
        .is_some_and(|(name, _)| !name.is_empty() && !name.contains(' '))
}

#[test]
fn acknowledged_moves_survive_sigkill_and_nothing_is_applied_twice() {
    let data = TempDir::new("crash");
    killed_again_and_again(&Place::Sled(data.path().to_path_buf()), 60);
}

/// The same on PostgreSQL: the bot is killed, the database is not (fewer kills: each
/// plan and check goes through the server).
#[test]
fn acknowledged_moves_survive_sigkill_on_postgres_and_nothing_is_applied_twice() {
    let data = TempDir::new("crash-pg");
    killed_again_and_again(&Place::postgres(data.path()), 25);
}

/// Kills the bot on `place` `default_kills` times (or `SKALD_CRASH_KILLS`), checking the
/// store after each kill.
fn killed_again_and_again(place: &Place, default_kills: usize) {
    let kills: usize = std::env::var("SKALD_CRASH_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(default_kills);
    let seed: u64 = std::env::var("SKALD_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| skald_session::dice_rng::random_seed().expect("OS randomness"));
    println!("crash safety: seed {seed} (repeat with SKALD_CRASH_SEED={seed}), {kills} kills");
    let mut rng = StdRng::seed_from_u64(seed);
    let started = Instant::now();
    let (mut acked_total, mut moves_acked, mut unacked_applied, mut early) = (0, 0, 0, 0);
    let mut verified_actions = 0;
    for kill in 0..kills {
        let dice_seed = rng.random::<u64>();
        let len = rng.random_range(4..=24);
        let plan = plan(place, dice_seed, &mut rng, len);
        let run = run_and_kill(place, dice_seed, &plan.lines, &mut rng);
        assert!(
            !run.stderr.contains("panicked"),
            "kill {kill}: the bot panicked: {}",
            run.stderr
        );
        let acked = run.answered.len();
        // The bot answered the lines in order, as the mirror did.
        for (i, block) in run.answered.iter().enumerate() {
            let echo = block.lines().next().unwrap_or("");
            let expected = plan.lines[i].replacen(' ', "> ", 1);
            assert_eq!(echo, expected, "kill {kill}: answers out of order");
            let refused = block.lines().nth(1).is_some_and(|l| l.starts_with("! "));
            assert_eq!(
                refused,
                plan.kinds[i] != ReplyKind::Done,
                "kill {kill}, line {i}: the bot and its mirror disagree:\n{block}"
            );
            if plan.lines[i].contains(" move #") {
                moves_acked += 1;
            }
        }
        if acked == 0 && run.killed_after < Duration::from_millis(40) {
            early += 1;
        }
        // The store opens, and holds exactly the state after some k >= acked lines.
        let store = place.open();
        let now = read_state(&*store);
        drop(store);
        let k = (acked..=plan.lines.len()).find(|&k| plan.states[k] == now);
        let Some(k) = k else {
            let last_acked = &plan.states[acked];
            let diff: Vec<String> = now
                .games
                .iter()
                .filter(|(id, g)| last_acked.games.get(id) != Some(g))
                .map(|(id, g)| {
                    format!(
                        "game #{id}: on disk version {} with {} actions (ended: {}); acknowledged {:?}",
                        g.version,
                        g.actions.len(),
                        g.ended,
                        last_acked
                            .games
                            .get(id)
                            .map(|a| (a.version, a.actions.len(), a.ended))
                    )
                })
                .collect();
            panic!(
                "kill {kill} (seed {seed}): after {acked} answered lines of {}, the store matches no state the bot could have reached:\n{}\nlines: {:#?}",
                plan.lines.len(),
                diff.join("\n"),
                plan.lines
            );
        };
        acked_total += acked;
        unacked_applied += k - acked;
        verified_actions += now.games.values().map(|g| g.actions.len()).sum::<usize>();
    }
    // Finally the binary itself reads every game back: `skald export` after the last kill.
    let (before, after) = place.args();
    let mut args: Vec<&str> = before.iter().map(String::as_str).collect();
    args.push("export");
    if let Place::Sled(_) = place {
        args.extend(after.iter().map(String::as_str));
    }
    let export = skald_tests::ok(&args);
    let store = place.open();
    let state = read_state(&*store);
    let exported_games = export
        .lines()
        .filter(|l| l.starts_with("{\"game\""))
        .count();
    assert_eq!(
        exported_games,
        state.games.len(),
        "the export has every game"
    );
    let finished = state.games.values().filter(|g| g.ended).count();
    println!(
        "crash safety: {kills} kills ({early} before the first answer) in {:.1} s; {acked_total} answered commands ({moves_acked} moves) all found on disk; {unacked_applied} commands applied but unanswered at the kill (allowed, each once); {} games ({finished} finished) with {} actions at the end; {verified_actions} stored actions verified in total",
        started.elapsed().as_secs_f64(),
        state.games.len(),
        state.games.values().map(|g| g.actions.len()).sum::<usize>(),
    );
    assert!(moves_acked > 0, "the load played moves");
}

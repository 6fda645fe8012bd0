//! Several processes on one database (issue #17): two `skald` console processes and one
//! `skald worker` share a PostgreSQL schema and a file-moved fake clock. About 1,000 scripted
//! moves go to the two consoles in turn (Hnefatafl between people, and games against
//! `@skald easy` that the worker and the consoles answer), the clock moves forward so
//! reminders and timeouts fall due, and a random process (console 1, console 2 or the worker)
//! is killed with SIGKILL at random moments and started again.
//!
//! At the end every process is killed and started once more, the leases of the dead are left
//! to run out, and then:
//!
//! - every move a console acknowledged (its answer printed before any kill) is in the final
//!   store, as `skald export` writes it, at the ply it was played at;
//! - every reminder and every timeout appears in the consoles' outputs, and more than once
//!   only where a console printed it and was killed before it could strike it from the
//!   outbox (a console, a transcript, has no idempotency key to show a repeat once, as
//!   Discord and Matrix do: `docs/DEPLOY.md`, "What a kill can repeat or lose");
//!   every game that timed out was announced, and was reminded before;
//! - every engine move is announced, and is the move the record has at its ply (no turn
//!   played twice, no two answers to one position), announced more than once only as above;
//! - no game is stuck: every active game waits for a person before its deadline, none
//!   waits for the engine, and the outbox is empty.
//!
//! The script's choices and the kills come from one seed, printed (`SKALD_MULTI_SEED`
//! repeats it; `SKALD_MULTI_MOVES` sets the number of moves, default 1,000). The processes'
//! timing still varies from run to run, so two runs of one seed differ in detail. Needs the
//! test PostgreSQL server (`scripts/with-postgres`). `SKALD_MULTI_LOG=FILE` keeps what every
//! process printed and logged (see [`log_to`]).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_session::UserId;
use skald_session::clock::{FakeClock, Timestamp};
use skald_session::game::GameResult;
use skald_session::store::Store;
use skald_tests::{TempDir, skald_bin};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a dead process's claims (engine turns, notices) last: short, so the others take
/// them over within the test.
const LEASE_SECONDS: u64 = 4;
/// Game tables, each a game after another with fresh players; the first `ENGINE_SLOTS`
/// against `@skald easy`.
const SLOTS: usize = 12;
const ENGINE_SLOTS: usize = 4;
/// Commands waiting for their answer at one console at a time.
const DEPTH: usize = 2;
/// The fake clock moves `CLOCK_STEP` seconds every `CLOCK_EVERY` answered commands. With a
/// day per move and reminders 12 h and 1 h before the deadline, a step never jumps from
/// before the first reminder to past the deadline.
const CLOCK_STEP: i64 = 3 * 3600;
const CLOCK_EVERY: usize = 12;
/// The longest wait for anything a process should do at once.
const WAIT: Duration = Duration::from_secs(60);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Console(usize),
    Worker,
}

/// One run of one process, from its start to its kill (or its end).
struct RunLog {
    role: Role,
    killed: bool,
    ready: bool,
    /// The notices it posted from the outbox (engine moves, reminders, timeouts), in order.
    posted: Vec<Posted>,
}

/// A notice from the outbox, as printed.
enum Posted {
    /// The engine's moves in a game (one, or several merged into one message when the
    /// worker played them), and the ply of the board shown after the last (`None`: the
    /// final board).
    Engine {
        game: u64,
        moves: Vec<String>,
        board_ply: Option<usize>,
    },
    /// A reminder or a timeout.
    Deadline(Key),
}

impl Posted {
    /// What the notice tells, given the final records: each engine move at its ply (the
    /// engine's moves of one message alternate with its opponent's).
    fn keys(&self, games: &BTreeMap<u64, Vec<String>>) -> Vec<Key> {
        match self {
            Posted::Deadline(k) => vec![k.clone()],
            Posted::Engine {
                game,
                moves,
                board_ply,
            } => {
                let last = board_ply.unwrap_or_else(|| games[game].len() - 1);
                moves
                    .iter()
                    .rev()
                    .enumerate()
                    .map(|(back, mv)| Key::Engine {
                        game: *game,
                        ply: last
                            .checked_sub(2 * back)
                            .unwrap_or_else(|| panic!("game #{game}: {moves:?} before ply 0")),
                        mv: mv.clone(),
                    })
                    .collect()
            }
        }
    }
}

/// A notice from the outbox, as the test tells them apart.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// An engine move: the game, the ply it was played at, the move.
    Engine { game: u64, ply: usize, mv: String },
    /// A reminder: its first line (the player, the game, the deadline, the time left).
    Reminder { game: u64, line: String },
    /// A game's timeout.
    Timeout { game: u64 },
}

/// What a reader thread sends: a finished output block of run `run` (`complete`: ended by
/// the blank line that closes every block), or that the run has started (opened the store,
/// given back any down time, and begun serving).
enum Event {
    Ready {
        run: usize,
    },
    Block {
        run: usize,
        text: String,
        complete: bool,
    },
}

/// A started process.
struct Proc {
    role: Role,
    run: usize,
    child: Child,
    stdin: Option<ChildStdin>,
    reader: JoinHandle<()>,
    stderr: JoinHandle<String>,
}

/// Everything about the processes: how to start them, and what they printed.
struct Fleet {
    config: PathBuf,
    dir: PathBuf,
    events: Sender<Event>,
    runs: Vec<RunLog>,
    stderrs: Vec<String>,
}

impl Fleet {
    fn start(&mut self, role: Role) -> Proc {
        let run = self.runs.len();
        let mut cmd = Command::new(skald_bin());
        cmd.arg("--config").arg(&self.config);
        match role {
            Role::Console(c) => {
                cmd.args(["console", "--no-pictures", "--data"])
                    .arg(self.dir.join(format!("console-{c}")));
            }
            Role::Worker => {
                cmd.arg("worker");
            }
        }
        if std::env::var_os("SKALD_MULTI_LOG").is_some() {
            cmd.env("RUST_LOG", "info");
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the skald binary runs");
        let stdout = child.stdout.take().expect("stdout is piped");
        let events = self.events.clone();
        let reader = std::thread::spawn(move || read_blocks(run, stdout, events));
        let err = child.stderr.take().expect("stderr is piped");
        let events = self.events.clone();
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            for line in BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                if line.contains("skald is serving") {
                    let _ = events.send(Event::Ready { run });
                }
                s.push_str(&line);
                s.push('\n');
            }
            s
        });
        self.runs.push(RunLog {
            role,
            killed: false,
            ready: false,
            posted: Vec::new(),
        });
        Proc {
            role,
            run,
            stdin: child.stdin.take(),
            child,
            reader,
            stderr,
        }
    }

    /// Kills `p` with SIGKILL (or, `clean`, closes its input and waits for it to stop) and
    /// waits until everything it printed is read.
    fn stop(&mut self, mut p: Proc, clean: bool) {
        if let Ok(Some(status)) = p.child.try_wait() {
            let err = p.stderr.join().unwrap_or_default();
            panic!("{:?} exited by itself ({status}):\n{err}", p.role);
        }
        if clean {
            drop(p.stdin.take());
            let deadline = Instant::now() + WAIT;
            while p.child.try_wait().expect("waits").is_none() {
                assert!(Instant::now() < deadline, "{:?} did not stop", p.role);
                std::thread::sleep(Duration::from_millis(20));
            }
        } else {
            p.child.kill().expect("SIGKILL is sent");
            p.child.wait().expect("the killed process is reaped");
            self.runs[p.run].killed = true;
        }
        drop(p.stdin.take());
        p.reader.join().expect("the reader ends");
        let err = p.stderr.join().expect("the stderr reader ends");
        log_to(".err", &format!("=== run {} {:?}\n{err}", p.run, p.role));
        assert!(!err.contains("panicked"), "{:?} panicked:\n{err}", p.role);
        self.stderrs.push(err);
    }
}

/// Reads a process's standard output as blocks (each block ends with a blank line).
fn read_blocks(run: usize, stdout: impl Read, events: Sender<Event>) {
    let mut block = String::new();
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        if line.is_empty() {
            if !block.is_empty() {
                let text = std::mem::take(&mut block);
                let _ = events.send(Event::Block {
                    run,
                    text,
                    complete: true,
                });
            }
            continue;
        }
        block.push_str(&line);
        block.push('\n');
    }
    if !block.is_empty() {
        let _ = events.send(Event::Block {
            run,
            text: block,
            complete: false,
        });
    }
}

/// A move the script sends: the game, the ply it is played at, the move.
type Move = (u64, usize, String);

/// A command sent to a console and not answered yet.
struct Pending {
    /// The echo its answer starts with (`@name> text`).
    echo: String,
    /// A move's.
    mv: Option<Move>,
    /// Its table (none for a look at the console's clock).
    slot: Option<usize>,
    /// Its number, counting every command sent.
    seq: usize,
}

/// The script's bookkeeping: what waits for an answer, what was acknowledged.
#[derive(Default)]
struct Script {
    /// Each console's commands waiting for their answers, in order.
    pending: [VecDeque<Pending>; 2],
    /// Acknowledged moves: (game, ply) -> the move.
    acked: BTreeMap<(u64, usize), String>,
    answered: usize,
    refused: usize,
    kills: usize,
    /// Commands sent so far.
    sent: usize,
    /// The number of the last command sent before the clock last moved.
    clock_seq: usize,
    /// Whether each console runs on the clock as it is now: it answered a command sent
    /// after the clock moved (the round after that command read the clock file), or it
    /// started after. A console may write its heartbeat with an older time until then.
    current: [bool; 2],
    /// Blocks that are neither answers nor notices the test knows (none expected).
    other: Vec<String>,
}

impl Script {
    /// Handles what the processes print until run `run` has started.
    fn wait_ready(
        &mut self,
        fleet: &mut Fleet,
        slots: &mut [Slot],
        events: &Receiver<Event>,
        run: usize,
    ) {
        let deadline = Instant::now() + WAIT;
        while !fleet.runs[run].ready {
            assert!(
                Instant::now() < deadline,
                "{:?} did not start",
                fleet.runs[run].role
            );
            if let Ok(e) = events.recv_timeout(Duration::from_millis(20)) {
                self.on_block(fleet, slots, e);
            }
        }
    }

    /// Sends `line` to console `c`.
    fn send(
        &mut self,
        procs: &mut [Option<Proc>],
        c: usize,
        line: &str,
        mv: Option<Move>,
        slot: Option<usize>,
    ) {
        let p = procs[c].as_mut().expect("running");
        let stdin = p.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| stdin.flush())
            .unwrap_or_else(|e| panic!("console {c} does not read: {e}"));
        self.sent += 1;
        self.pending[c].push_back(Pending {
            echo: echo_of(line),
            mv,
            slot,
            seq: self.sent,
        });
    }

    /// Handles one block a process printed.
    fn on_block(&mut self, fleet: &mut Fleet, slots: &mut [Slot], event: Event) {
        let (run, text, complete) = match event {
            Event::Ready { run } => {
                fleet.runs[run].ready = true;
                return;
            }
            Event::Block {
                run,
                text,
                complete,
            } => (run, text, complete),
        };
        let first = text.lines().next().unwrap_or("");
        let role = fleet.runs[run].role;
        log_to(
            "",
            &format!("=== run {run} {role:?}, {} kills\n{text}", self.kills),
        );
        // An engine move, posted from the outbox: as the line the engine typed when a
        // console played it (`@skald> move #3 e5-e3`), as a chat message when the worker did
        // (`#3: skald (Defenders) played e5-e3.`).
        // The worker merges a game's moves of one pass into one message.
        if first.starts_with("@skald> move #")
            || (first.starts_with('#') && first.contains(": skald ("))
        {
            let played: Vec<(u64, String)> = text
                .lines()
                .filter(|l| l.starts_with('#') && l.contains(": skald ("))
                .filter_map(|l| {
                    let mv = l.split(" played ").nth(1)?.trim_end_matches('.');
                    Some((game_number(l)?, mv.to_string()))
                })
                .collect();
            let game = played
                .first()
                .unwrap_or_else(|| panic!("an engine move names its game and move: {text}"))
                .0;
            assert!(played.iter().all(|(g, _)| *g == game), "{text}");
            fleet.runs[run].posted.push(Posted::Engine {
                game,
                moves: played.into_iter().map(|(_, mv)| mv).collect(),
                board_ply: ply_played(&text),
            });
        } else if first.starts_with('@') && first.contains("> ") {
            let Role::Console(c) = role else {
                panic!("the worker answered a command: {text}")
            };
            let p = self.pending[c]
                .pop_front()
                .unwrap_or_else(|| panic!("console {c} answered nothing it was sent: {text}"));
            assert_eq!(first, p.echo, "console {c} answered out of order");
            if let Some(s) = p.slot {
                slots[s].busy = false;
            }
            if p.seq > self.clock_seq {
                self.current[c] = true;
            }
            // The answer's first line is printed only once the command is done: an answer
            // cut short by a kill still acknowledges it.
            let Some(reply) = text.lines().nth(1) else {
                assert!(!complete, "an empty answer: {text}");
                return;
            };
            if reply.starts_with("! ") {
                self.refused += 1;
                return;
            }
            self.answered += 1;
            if let Some((game, ply, mv)) = p.mv {
                self.acked.insert((game, ply), mv);
            }
        } else if first.starts_with("Reminder, ") {
            let game = first
                .split("game #")
                .nth(1)
                .and_then(|r| game_number(&format!("#{r}")))
                .expect("a reminder names its game");
            fleet.runs[run].posted.push(Posted::Deadline(Key::Reminder {
                game,
                line: first.to_string(),
            }));
        } else if first.ends_with("'s time ran out.") {
            let game = game_number(first).expect("a timeout names its game");
            fleet.runs[run]
                .posted
                .push(Posted::Deadline(Key::Timeout { game }));
        } else {
            self.other.push(text);
        }
    }
}

/// One game table: its players now, and its game once there is one.
struct Slot {
    generation: usize,
    engine: bool,
    game: Option<u64>,
    /// A command for this table waits for its answer.
    busy: bool,
}

impl Slot {
    fn names(&self, index: usize) -> (String, String) {
        (
            format!("t{index}g{}a", self.generation),
            format!("t{index}g{}b", self.generation),
        )
    }
}

/// What the script does next at a table: a line to send, or nothing now (the engine is to
/// move).
fn next_line(
    index: usize,
    slot: &mut Slot,
    store: &dyn Store,
    rng: &mut StdRng,
    abandoned: &mut BTreeSet<u64>,
) -> Option<(String, Option<Move>)> {
    for _ in 0..3 {
        let (a, b) = slot.names(index);
        let Some(id) = slot.game.or_else(|| {
            store
                .user_games(&UserId::new("console", &a))
                .expect("the index reads")
                .first()
                .map(|(id, _)| *id)
        }) else {
            if !slot.engine
                && store
                    .challenges()
                    .expect("the challenges read")
                    .iter()
                    .any(|c| c.doc.challenger.id.id == a)
            {
                return Some((format!("@{b} accept"), None));
            }
            let opponent = if slot.engine { "@skald easy" } else { &*b };
            let opponent = if slot.engine {
                opponent.to_string()
            } else {
                format!("@{opponent}")
            };
            let seat = if rng.random_bool(0.5) {
                "first"
            } else {
                "second"
            };
            return Some((
                format!("@{a} challenge tafl {opponent} {seat} days:1"),
                None,
            ));
        };
        slot.game = Some(id);
        let game = store
            .game(id)
            .expect("the game reads")
            .expect("the game exists")
            .doc;
        if game.end.is_some() {
            slot.generation += 1;
            slot.game = None;
            continue;
        }
        let m = game.live().expect("the game replays");
        let seat = m.position().status().seat()?;
        let player = &game.players[seat.index()];
        if player.id.platform == "skald" {
            return None;
        }
        // Now and then a game is left: its player is reminded, then loses on time.
        if rng.random_bool(1.0 / 40.0) {
            abandoned.insert(id);
            slot.generation += 1;
            slot.game = None;
            continue;
        }
        let legal = m.position().legal_moves();
        let mv = legal[rng.random_range(0..legal.len())].to_string();
        let ply = game.record.actions.len();
        return Some((
            format!("@{} move #{id} {mv}", player.id.id),
            Some((id, ply, mv)),
        ));
    }
    None
}

/// `@name> text`: the echo a console prints before its answer.
fn echo_of(line: &str) -> String {
    line.replacen(' ', "> ", 1)
}

/// The game number after `#` at the start of `text`.
fn game_number(text: &str) -> Option<u64> {
    let digits: String = text
        .strip_prefix('#')?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The ply an engine move was played at, from the board after it: `move N: defenders (D)
/// to play` follows the attackers' move at ply 2N-2, `move N: attackers` the defenders'
/// at ply 2N-3. `None` for the final board of a game that move ended.
fn ply_played(text: &str) -> Option<usize> {
    let at = text.find(", move ")?;
    let rest = &text[at + ", move ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n: usize = digits.parse().ok()?;
    let side = rest[digits.len()..].strip_prefix(": ")?;
    if side.starts_with("defenders") {
        Some(2 * n - 2)
    } else if side.starts_with("attackers") {
        Some(2 * n - 3)
    } else {
        None
    }
}

/// The clock file's form of `t`: `2025-01-03T12:00`.
fn file_form(t: Timestamp) -> String {
    t.to_string().trim_end_matches(" UTC").replacen(' ', "T", 1)
}

/// Moves the shared fake clock: written beside the file, then renamed over it, so no
/// process ever reads half a file.
fn set_clock(file: &Path, t: Timestamp) {
    let tmp = file.with_extension("tmp");
    std::fs::write(&tmp, format!("{}\n", file_form(t))).expect("the clock is written");
    std::fs::rename(&tmp, file).expect("the clock is moved");
}

/// The games of the final export: each game's moves, by number.
fn exported_games(export: &str) -> BTreeMap<u64, Vec<String>> {
    let mut games = BTreeMap::new();
    for line in export.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("the export is JSON lines");
        let Some(g) = v.get("game") else { continue };
        let id = g["id"].as_u64().expect("a game has an id");
        let moves = g["record"]["actions"]
            .as_array()
            .expect("a game has its actions")
            .iter()
            .map(|a| {
                a.get("move")
                    .and_then(|m| m.as_str())
                    .unwrap_or_else(|| panic!("a Hnefatafl action is a move: {a}"))
                    .to_string()
            })
            .collect();
        games.insert(id, moves);
    }
    games
}

#[test]
fn three_processes_on_one_database_survive_random_sigkills() {
    let moves_wanted: usize = std::env::var("SKALD_MULTI_MOVES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(1000);
    let seed: u64 = std::env::var("SKALD_MULTI_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| skald_session::dice_rng::random_seed().expect("OS randomness"));
    println!(
        "multi-process: seed {seed} (repeat with SKALD_MULTI_SEED={seed}), {moves_wanted} moves"
    );
    let mut rng = StdRng::seed_from_u64(seed);
    let started = Instant::now();

    let tmp = TempDir::new("multi");
    let url = skald_store_pg::testkit::fresh_url("multi");
    let clock_file = tmp.path().join("clock");
    let config = tmp.path().join("skald.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndata = {:?}\npostgres = {url:?}\nlease_seconds = {LEASE_SECONDS}\n\n\
             [clock]\nfake = true\nfile = {:?}\n\n\
             [ai]\nbudget_scale = 0.05\nthreads = 1\n\n\
             [game]\nreminder_hours = 12\nlast_reminder_minutes = 60\n\n\
             [log]\nlevel = \"warn,skald::runtime::serve=info\"\n",
            tmp.path().join("worker").display().to_string(),
            clock_file.display().to_string(),
        ),
    )
    .expect("the config is written");
    let mut now = FakeClock::EPOCH;
    set_clock(&clock_file, now);
    let store = skald_store_pg::PgStore::open(&url).expect("the database opens");
    let alive = |store: &dyn Store| store.meta_time("alive").expect("meta reads");

    let (tx, events): (Sender<Event>, Receiver<Event>) = channel();
    let mut fleet = Fleet {
        config: config.clone(),
        dir: tmp.path().to_path_buf(),
        events: tx,
        runs: Vec::new(),
        stderrs: Vec::new(),
    };
    // All three at once: one creates the tables, the others wait for them.
    let mut procs: Vec<Option<Proc>> = [Role::Console(0), Role::Console(1), Role::Worker]
        .into_iter()
        .map(|role| Some(fleet.start(role)))
        .collect();
    let index_of = |role: Role| match role {
        Role::Console(c) => c,
        Role::Worker => 2,
    };

    let mut slots: Vec<Slot> = (0..SLOTS)
        .map(|i| Slot {
            generation: 0,
            engine: i < ENGINE_SLOTS,
            game: None,
            busy: false,
        })
        .collect();
    let mut script = Script::default();
    for run in 0..3 {
        script.wait_ready(&mut fleet, &mut slots, &events, run);
    }
    let mut abandoned = BTreeSet::new();
    let mut kills_by_role = [0usize; 3];
    let mut next_console = 0;
    let mut next_kill = rng.random_range(10..40);
    let mut next_clock = CLOCK_EVERY;
    let mut last_progress = Instant::now();

    let mut moves_sent = 0;
    while script.acked.len() < moves_wanted {
        // What the processes printed.
        while let Ok(e) = events.try_recv() {
            script.on_block(&mut fleet, &mut slots, e);
            last_progress = Instant::now();
        }
        assert!(
            last_progress.elapsed() < WAIT,
            "nothing answered for {WAIT:?}; waiting: {:?}",
            script
                .pending
                .iter()
                .flat_map(|p| p.iter().map(|p| p.echo.clone()))
                .collect::<Vec<_>>()
        );
        // The clock moves on.
        if script.answered + script.refused >= next_clock {
            next_clock += CLOCK_EVERY;
            now = now.plus(CLOCK_STEP);
            set_clock(&clock_file, now);
            log_to(
                ".test",
                &format!("clock moves to {now} sent {}", script.sent),
            );
            script.clock_seq = script.sent;
            script.current = [false; 2];
        }
        // A random process is killed at a random moment, and started again. Only once both
        // consoles run on the new time: a process starting measures the time since the last
        // heartbeat as down time (and gives it back to every player), and a console that
        // has not read the clock file yet may write a heartbeat from before the jump.
        if script.answered + script.refused >= next_kill
            && moves_sent > 0
            && script.current == [true; 2]
        {
            next_kill += rng.random_range(10..50);
            let deadline = Instant::now() + WAIT;
            while alive(&store).is_none_or(|a| a < now) {
                assert!(Instant::now() < deadline, "no console saw the clock move");
                std::thread::sleep(Duration::from_millis(10));
            }
            let victim = match rng.random_range(0..3) {
                0 => Role::Console(0),
                1 => Role::Console(1),
                _ => Role::Worker,
            };
            std::thread::sleep(Duration::from_micros(rng.random_range(0..30_000)));
            let i = index_of(victim);
            log_to(
                ".test",
                &format!("kill {victim:?} current {:?}", script.current),
            );
            let p = procs[i].take().expect("running");
            fleet.stop(p, false);
            while let Ok(e) = events.try_recv() {
                script.on_block(&mut fleet, &mut slots, e);
            }
            if let Role::Console(c) = victim {
                // Its unanswered commands may or may not have been applied: the script
                // reads the store again.
                for s in script.pending[c].drain(..).filter_map(|p| p.slot) {
                    slots[s].busy = false;
                    slots[s].game = None;
                }
                script.current[c] = true;
            }
            script.kills += 1;
            kills_by_role[i] += 1;
            // It starts before the clock moves on: it measures down time from the last
            // heartbeat, which must be from the time it reads.
            let p = fleet.start(victim);
            let run = p.run;
            procs[i] = Some(p);
            script.wait_ready(&mut fleet, &mut slots, &events, run);
        }
        // The next command, to the console whose turn it is.
        let c = next_console;
        if script.pending[c].len() >= DEPTH {
            next_console = 1 - c;
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let mut free: Vec<usize> = (0..SLOTS).filter(|&s| !slots[s].busy).collect();
        let mut line = None;
        while !free.is_empty() && line.is_none() {
            let s = free.swap_remove(rng.random_range(0..free.len()));
            if let Some(l) = next_line(s, &mut slots[s], &store, &mut rng, &mut abandoned) {
                line = Some((s, l));
            }
        }
        let Some((s, (text, mv))) = line else {
            // Every table waits for an answer or for the engine.
            std::thread::sleep(Duration::from_millis(2));
            continue;
        };
        if mv.is_some() {
            moves_sent += 1;
        }
        slots[s].busy = true;
        script.send(&mut procs, c, &text, mv, Some(s));
        next_console = 1 - c;
    }

    // The last answers (and both consoles on the last time), then every process is killed
    // and started again, and the leases of the dead run out.
    for c in 0..2 {
        if !script.current[c] {
            script.send(&mut procs, c, "@observer games", None, None);
        }
    }
    let deadline = Instant::now() + WAIT;
    while script.pending.iter().any(|p| !p.is_empty()) {
        assert!(
            Instant::now() < deadline,
            "the last commands were not answered"
        );
        if let Ok(e) = events.recv_timeout(Duration::from_millis(50)) {
            script.on_block(&mut fleet, &mut slots, e);
        }
    }
    while alive(&store).is_none_or(|a| a < now) {
        assert!(Instant::now() < deadline, "no console saw the clock move");
        std::thread::sleep(Duration::from_millis(10));
    }
    for slot in procs.iter_mut() {
        let p = slot.take().expect("running");
        fleet.stop(p, false);
    }
    script.kills += 3;
    for (i, role) in [Role::Console(0), Role::Console(1), Role::Worker]
        .into_iter()
        .enumerate()
    {
        procs[i] = Some(fleet.start(role));
    }
    for run in fleet.runs.len() - 3..fleet.runs.len() {
        script.wait_ready(&mut fleet, &mut slots, &events, run);
    }
    // Everything settles: no game waits for the engine, and nothing was printed for a while
    // (what the dead had claimed is posted once their leases ran out).
    let settle = Instant::now();
    let mut quiet_since = Instant::now();
    loop {
        let mut printed = false;
        while let Ok(e) = events.recv_timeout(Duration::from_millis(50)) {
            script.on_block(&mut fleet, &mut slots, e);
            printed = true;
        }
        if printed {
            quiet_since = Instant::now();
        }
        let waiting = engine_waiting(&store);
        if waiting.is_empty()
            && settle.elapsed() > Duration::from_secs(LEASE_SECONDS + 1)
            && quiet_since.elapsed() > Duration::from_secs(3)
        {
            break;
        }
        assert!(
            settle.elapsed() < WAIT,
            "games stuck waiting for the engine {WAIT:?} after every process restarted: {waiting:?}"
        );
    }
    // Stopped cleanly: the consoles at the end of their input, the worker by SIGKILL (it
    // has nothing to print).
    for slot in procs.iter_mut() {
        let p = slot.take().expect("running");
        let clean = p.role != Role::Worker;
        fleet.stop(p, clean);
    }
    while let Ok(e) = events.try_recv() {
        script.on_block(&mut fleet, &mut slots, e);
    }

    assert!(
        script.other.is_empty(),
        "seed {seed}: blocks the test does not know: {:?}",
        script.other
    );

    // 1. Every acknowledged move is in the store the binary exports.
    let export = skald_tests::ok(&["--config", &config.display().to_string(), "export"]);
    let games = exported_games(&export);
    for ((game, ply), mv) in &script.acked {
        let record = games
            .get(game)
            .unwrap_or_else(|| panic!("seed {seed}: game #{game} is not in the export"));
        assert_eq!(
            record.get(*ply),
            Some(mv),
            "seed {seed}: game #{game}: the acknowledged move {mv} at ply {ply} is not in the record {record:?}"
        );
    }

    // 2. Nothing is left to post, and each notice was posted once, or again only after
    // the console that printed it was killed before striking it from the outbox.
    std::thread::sleep(Duration::from_secs(LEASE_SECONDS + 1));
    let left = store
        .outbox_take(
            &["console", "discord", "matrix"],
            "the-test",
            Duration::from_secs(60),
            1000,
        )
        .expect("the outbox reads");
    assert!(
        left.is_empty(),
        "seed {seed}: {} notices never posted",
        left.len()
    );
    let mut copies: BTreeMap<Key, usize> = BTreeMap::new();
    let mut may_repeat: BTreeMap<Key, usize> = BTreeMap::new();
    for run in &fleet.runs {
        for notice in &run.posted {
            for k in notice.keys(&games) {
                *copies.entry(k).or_default() += 1;
            }
        }
        if run.killed
            && let Some(last) = run.posted.last()
        {
            for k in last.keys(&games) {
                *may_repeat.entry(k).or_default() += 1;
            }
        }
    }
    let mut repeated = 0;
    for (k, n) in &copies {
        let allowed = 1 + may_repeat.get(k).copied().unwrap_or(0);
        assert!(
            *n <= allowed,
            "seed {seed}: {k:?} was posted {n} times; only {} of its posters were killed right after posting it",
            allowed - 1
        );
        repeated += n - 1;
    }

    // 3. Every timeout is announced (and its player was reminded of that deadline), and
    // only those.
    let mut timeouts = 0;
    let mut active = 0;
    let mut engine_moves = 0;
    let mut engine_games = 0;
    let final_now = now;
    for &id in games.keys() {
        let g = store
            .game(id)
            .expect("the game reads")
            .expect("exported")
            .doc;
        let timed_out = matches!(
            g.end.map(|e| e.result),
            Some(GameResult::TimedOut(_) | GameResult::AbortedOnTime(_))
        );
        let announced = copies.contains_key(&Key::Timeout { game: id });
        assert_eq!(
            timed_out, announced,
            "seed {seed}: game #{id} timed out: {timed_out}; its timeout was announced: {announced}"
        );
        if timed_out {
            timeouts += 1;
            let deadline = g.clock.deadline.to_string();
            let reminded = copies.keys().any(|k| {
                matches!(k, Key::Reminder { game, line } if *game == id && line.contains(&deadline))
            });
            assert!(
                reminded,
                "seed {seed}: game #{id} timed out at {deadline} without a reminder"
            );
        }
        if g.end.is_none() {
            active += 1;
            // Waiting for a person, before its deadline: nothing overdue was left behind.
            assert!(
                g.clock.deadline > final_now,
                "seed {seed}: game #{id} is past its deadline {} at {final_now} and still running",
                g.clock.deadline
            );
        }
        // 4. Every engine move announced is the record's move at its ply.
        let Some(engine_seat) = g.players.iter().position(|p| p.id.platform == "skald") else {
            continue;
        };
        engine_games += 1;
        let record = &games[&id];
        let announced: BTreeMap<usize, &str> = copies
            .keys()
            .filter_map(|k| match k {
                Key::Engine { game, ply, mv } if *game == id => Some((*ply, mv.as_str())),
                _ => None,
            })
            .collect();
        let n_announced = copies
            .keys()
            .filter(|k| matches!(k, Key::Engine { game, .. } if *game == id))
            .count();
        assert_eq!(
            announced.len(),
            n_announced,
            "seed {seed}: game #{id}: two engine moves announced at one ply"
        );
        for (ply, mv) in &announced {
            assert_eq!(
                record.get(*ply).map(String::as_str),
                Some(*mv),
                "seed {seed}: game #{id}: the engine's announced {mv} is not the record's move at ply {ply}: {record:?}"
            );
            assert_eq!(
                ply % 2,
                engine_seat,
                "seed {seed}: game #{id}: an engine move announced on its opponent's turn"
            );
        }
        // Every engine move is announced: its notice is written into the outbox in the
        // move's own commit, so no kill can leave a move played and untold.
        for p in (0..record.len()).filter(|p| p % 2 == engine_seat) {
            engine_moves += 1;
            assert!(
                announced.contains_key(&p),
                "seed {seed}: game #{id}: the engine's move {} at ply {p} was never announced",
                record[p]
            );
        }
    }
    let announced_engine = copies
        .keys()
        .filter(|k| matches!(k, Key::Engine { .. }))
        .count();
    let reminders = copies
        .keys()
        .filter(|k| matches!(k, Key::Reminder { .. }))
        .count();
    assert!(
        reminders > 0 && timeouts > 0 && announced_engine > 0,
        "seed {seed}: the script made reminders ({reminders}), timeouts ({timeouts}) and engine moves ({announced_engine})"
    );
    println!(
        "multi-process: {} moves acknowledged and found in the export ({} commands answered, {} refused) in {:.1} s; {} kills (consoles {}, {}, worker {}, then all three); {} games ({active} running, {engine_games} against the engine, {} left to time out); {reminders} reminders and {timeouts} timeouts, each posted once but {repeated} repeated after a kill; {announced_engine} of {engine_moves} engine moves announced, each the record's",
        script.acked.len(),
        script.answered,
        script.refused,
        started.elapsed().as_secs_f64(),
        script.kills,
        kills_by_role[0],
        kills_by_role[1],
        kills_by_role[2],
        games.len(),
        abandoned.len(),
    );
}

/// The active games where the engine is to move.
fn engine_waiting(store: &dyn Store) -> Vec<u64> {
    let mut out = Vec::new();
    for level in ["easy", "normal", "hard"] {
        let user = UserId::new("skald", level);
        for (id, active) in store.user_games(&user).expect("the index reads") {
            if !active {
                continue;
            }
            let g = store.game(id).expect("reads").expect("exists").doc;
            let Ok(m) = g.live() else { continue };
            if let Some(seat) = m.position().status().seat()
                && g.players[seat.index()].id.platform == "skald"
            {
                out.push(id);
            }
        }
    }
    out
}

/// With `SKALD_MULTI_LOG=FILE`, appends `text` to FILE`suffix`: what the processes printed
/// (FILE), their logs (FILE.err, at level info) and the script's clock moves and kills
/// (FILE.test), to see what happened when the test fails.
fn log_to(suffix: &str, text: &str) {
    let Some(path) = std::env::var_os("SKALD_MULTI_LOG") else {
        return;
    };
    let path = format!("{}{suffix}", path.to_string_lossy());
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let _ = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut f| writeln!(f, "{}.{:06} {text}", t.as_secs(), t.subsec_micros()));
}

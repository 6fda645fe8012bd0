//! The console adapter: Skald without any chat account. Reads command lines from standard
//! input (`@name <command>`, or a bare command spoken by `--as NAME`), prints the replies,
//! marks private parts `(private to @name)`, and runs the scheduler. Works piped, so scripts
//! and tests can play whole games; `--fake-clock` adds the admin line `!clock +3d` to move
//! time forward in transcripts.

use crate::runtime::fake_time::FAKE_NOW;
use skald_session::clock::{Clock, FakeClock, SystemClock, describe_duration, parse_duration};
use skald_session::dice_rng::dice_rng;
use skald_session::store::Store;
use skald_session::{Board, Context, Notice, Reply, ReplyKind, Session, SessionConfig, User};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The console is one platform, one community (its own ladder) and one channel.
pub const PLATFORM: &str = "console";
/// The console's community: its ladder scope.
pub const COMMUNITY: &str = "console";
/// The console's only channel.
pub const CHANNEL: &str = "console";
/// The longest the real-clock scheduler sleeps between looks at the deadline queue.
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// How the console runs.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    /// The sled data directory.
    pub data: PathBuf,
    /// Who speaks bare lines.
    pub name: String,
    /// Seed for all randomness (dice, set-ups, seat draws): repeatable transcripts.
    pub seed: Option<u64>,
    /// Use a fake clock, moved with `!clock +<duration>`, instead of the system clock.
    pub fake_clock: bool,
    /// Print each input line before its reply (`@name> command`), for readable transcripts.
    pub echo: bool,
    /// Write board pictures (PNG) into `<data>/boards/` and print their paths.
    pub pictures: bool,
    /// Session settings.
    pub session: SessionConfig,
}

/// Where console output goes (standard output, or a buffer in tests); shared with the
/// scheduler thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Runs the console until `input` ends.
pub fn run(
    opts: &ConsoleOptions,
    input: &mut dyn BufRead,
    out: Output,
    interactive: bool,
) -> Result<(), String> {
    let store = crate::runtime::open_store(&opts.data)?;
    let fake = if opts.fake_clock {
        let start = store
            .meta_time(FAKE_NOW)
            .map_err(|e| e.to_string())?
            .unwrap_or(FakeClock::EPOCH);
        Some(Arc::new(FakeClock::new(start)))
    } else {
        None
    };
    let clock: Arc<dyn Clock> = match &fake {
        Some(f) => f.clone(),
        None => Arc::new(SystemClock),
    };
    let rng = dice_rng(opts.seed)?;
    // The console is the operator's own terminal (every `@name` is the operator): no rate
    // limit; the other limits apply.
    let config = opts.session.clone().without_rate_limit();
    let session = Arc::new(
        Session::new(store.clone(), clock.clone(), rng, config).map_err(|e| e.to_string())?,
    );
    tracing::info!(games = store.game_count(), data = %opts.data.display(), "console started");
    if interactive {
        say(
            &out,
            &format!(
                "Skald console. Data in {}. Type `help`; speak as someone else with `@name <command>`.",
                opts.data.display()
            ),
        );
    }
    let pictures = opts.pictures.then(|| opts.data.join("boards"));
    print_notices(&out, &session.tick(clock.now()), pictures.as_deref());

    // With the real clock a thread wakes at each deadline; with the fake one, every line ticks.
    let (stop, stopped) = mpsc::channel::<()>();
    let scheduler = fake.is_none().then(|| {
        let session = session.clone();
        let clock = clock.clone();
        let out = out.clone();
        let pictures = pictures.clone();
        std::thread::spawn(move || {
            loop {
                let now = clock.now();
                let wait = session.next_wakeup().map_or(MAX_SLEEP, |at| {
                    Duration::from_secs(at.since(now).clamp(0, MAX_SLEEP.as_secs() as i64) as u64)
                });
                match stopped.recv_timeout(wait) {
                    Err(RecvTimeoutError::Timeout) => {
                        print_notices(&out, &session.tick(clock.now()), pictures.as_deref());
                    }
                    _ => return,
                }
            }
        })
    });

    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                say(&out, &format!("! cannot read the input: {e}"));
                break;
            }
        }
        handle_line(opts, &session, fake.as_deref(), &*store, &out, line.trim());
        if let Some(f) = &fake {
            print_notices(&out, &session.tick(f.now()), pictures.as_deref());
        }
        engine_moves(&session, &out, pictures.as_deref(), fake.is_some());
    }

    let _ = stop.send(());
    if let Some(t) = scheduler {
        let _ = t.join();
    }
    session.heartbeat(clock.now());
    if let Some(f) = &fake {
        store
            .set_meta_time(FAKE_NOW, f.now())
            .map_err(|e| e.to_string())?;
    }
    store.flush().map_err(|e| e.to_string())
}

/// One input line: a comment, an admin line, or a command by a speaker. Prints the echo
/// (if on) and the answer as one block.
fn handle_line(
    opts: &ConsoleOptions,
    session: &Session,
    fake: Option<&FakeClock>,
    store: &dyn Store,
    out: &Output,
    line: &str,
) {
    if line.is_empty() {
        return;
    }
    if line.starts_with('#') {
        if opts.echo {
            say(out, line);
        }
        return;
    }
    let (speaker, text) = match line.strip_prefix('@') {
        Some(rest) => {
            let (name, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            // `@alice> board`, as the echo prints it, is read as `@alice board`.
            (
                name.strip_suffix('>').unwrap_or(name).to_string(),
                text.trim(),
            )
        }
        None => (opts.name.clone(), line),
    };
    let pictures = opts.pictures.then(|| opts.data.join("boards"));
    let answer = answer_line(session, fake, store, pictures.as_deref(), &speaker, text);
    if opts.echo {
        say(out, &format!("@{speaker}> {text}\n{answer}"));
    } else {
        say(out, &answer);
    }
}

/// Plays the built-in engine's moves until no game waits for one ([`skald_session::engine_driver`]).
/// The console waits for each search so transcripts stay in order (a chat adapter runs the
/// driver in its background loop instead and keeps answering). Printed as if `@skald` had
/// typed the move.
///
/// With the fake clock the searches have no wall-time cap (only their iteration budgets), so
/// a transcript repeats exactly however loaded the machine is.
fn engine_moves(session: &Session, out: &Output, pictures: Option<&Path>, exact: bool) {
    let mut driver = skald_session::engine_driver::Driver::new();
    driver.uncapped = exact;
    for _ in 0..10_000 {
        let Some(played) = driver.play_next(session) else {
            return;
        };
        let answer = format_reply(&played.reply, pictures);
        if played.line.is_empty() {
            say(out, &answer);
        } else {
            say(
                out,
                &format!("@{}> {}\n{answer}", played.turn.ctx.user.name, played.line),
            );
        }
    }
}

/// What the console answers to `text` spoken by `speaker`.
fn answer_line(
    session: &Session,
    fake: Option<&FakeClock>,
    store: &dyn Store,
    pictures: Option<&Path>,
    speaker: &str,
    text: &str,
) -> String {
    if speaker.is_empty() {
        return "! who speaks? write `@name <command>`, like `@alice help`".to_string();
    }
    if !speaker
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return format!(
            "! '@{speaker}' is not a name: a speaker's name is letters, digits, '_', '-' or '.', like `@alice help`"
        );
    }
    if text.is_empty() {
        return format!("! what does @{speaker} say? like `@{speaker} help`");
    }
    let word = text.split_whitespace().next().unwrap_or("").to_lowercase();
    if word == "!clock" {
        return clock_line(fake, store, text);
    }
    let ctx = Context::private(User::new(PLATFORM, speaker, speaker), COMMUNITY, CHANNEL);
    format_reply(&session.handle(&ctx, text), pictures)
}

/// `!clock` shows the fake time; `!clock +3d` moves it forward.
fn clock_line(fake: Option<&FakeClock>, store: &dyn Store, text: &str) -> String {
    let Some(fake) = fake else {
        return "! the console runs on the real clock; start it with --fake-clock to move time"
            .to_string();
    };
    let arg = text.split_whitespace().nth(1);
    match arg.map(parse_duration) {
        None => format!("fake time: {}", fake.now()),
        Some(Some(secs)) if secs > 0 => {
            let now = fake.advance(secs);
            if let Err(e) = store.set_meta_time(FAKE_NOW, now) {
                return format!("! cannot save the fake time: {e}");
            }
            format!("fake time: {now} (+{})", describe_duration(secs))
        }
        Some(_) => "! expected `!clock` or `!clock +<duration>`, like `!clock +3d`, `!clock +12h`, `!clock +90m`"
            .to_string(),
    }
}

/// A reply as console text: the channel text, boards, private parts, pings. With
/// `pictures`, each board is also drawn into that directory and its path printed.
pub fn format_reply(reply: &Reply, pictures: Option<&Path>) -> String {
    let mut s = String::new();
    if matches!(
        reply.kind,
        ReplyKind::Refused | ReplyKind::Conflict | ReplyKind::Failed
    ) {
        s.push_str("! ");
    }
    s.push_str(&reply.text);
    for b in &reply.boards {
        s.push('\n');
        s.push_str(&board_output(b, pictures, "public"));
    }
    for p in &reply.private {
        s.push_str(&format!("\n(private to @{}) {}", p.name, p.text));
        for b in &p.boards {
            s.push('\n');
            s.push_str(&board_output(
                b,
                pictures,
                &format!("to-{}", file_safe(&p.name)),
            ));
        }
    }
    if !reply.notify.is_empty() {
        let names: Vec<String> = reply.notify.iter().map(|u| format!("@{}", u.id)).collect();
        s.push_str(&format!("\n[ping {}]", names.join(" ")));
    }
    s
}

/// A board as text for its viewer, after the path of its picture when pictures are on.
/// One file per game and audience (`game-3-public.png`, `game-3-to-alice.png`), redrawn
/// at each change, so an image viewer showing it follows the game.
fn board_output(board: &Board, pictures: Option<&Path>, audience: &str) -> String {
    let text = board.text();
    let Some(dir) = pictures else {
        return text;
    };
    let path = dir.join(format!("game-{}-{audience}.png", board.game));
    match write_picture(board, &path) {
        Ok(()) => format!("picture: {}\n{text}", path.display()),
        Err(e) => format!("(no picture: {e})\n{text}"),
    }
}

/// Draws a board and replaces `path` with it (written beside it, then renamed, so a viewer
/// never sees half a file).
fn write_picture(board: &Board, path: &Path) -> Result<(), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let png = skald_session::pictures::board_png(board).map_err(|e| e.to_string())?;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let tmp = path.with_extension(format!("tmp{}", N.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&tmp, png.bytes).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, path).map_err(|e| e.to_string())
}

/// A name usable in a file name: letters, digits, `-` and `_` kept, the rest as `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn print_notices(out: &Output, notices: &[Notice], pictures: Option<&Path>) {
    for n in notices {
        say(out, &format_reply(&n.reply, pictures));
    }
}

/// Prints one block followed by a blank line, holding the output lock for the whole block.
fn say(out: &Output, text: &str) {
    let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
    let _ = writeln!(w, "{text}\n");
    let _ = w.flush();
}

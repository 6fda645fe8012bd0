//! The console adapter: Skald without any chat account. Reads command lines from standard
//! input (`@name <command>`, or a bare command spoken by `--as NAME`), prints the replies,
//! marks private parts `(private to @name)`, and prints what the background loop posts.
//! Works piped, so scripts and tests can play whole games: it answers in transcript order,
//! each line's answer followed by the engine moves and deadlines it caused before the next
//! line is read. `--fake-clock` adds the admin line `!clock +3d` to move time forward.
//!
//! It runs inside the one `skald` process ([`crate::runtime::serve`]) like the chat
//! adapters: the same start-up, background loop, gate and shutdown (Ctrl-C or SIGTERM finish
//! the line in flight, then the store is flushed).

use skald_port::fake_time::AdapterClock;
use skald_port::gate;
use skald_port::once_key::OnceKey;
use skald_port::{BoxFuture, Outlet, Running, Shared};
use skald_session::clock::{describe_duration, parse_duration};
use skald_session::files::File;
use skald_session::{Board, ChannelId, Context, Lang, Notice, Reply, ReplyKind, Session, User, t};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The console is one platform, one community (its own ladder) and one channel.
pub const PLATFORM: &str = "console";
/// The console's community: its ladder scope.
pub const COMMUNITY: &str = "console";
/// The console's only channel.
pub const CHANNEL: &str = "console";
/// Where the console writes the files it is handed (`export`, `replay`), under its data
/// directory.
pub const FILES: &str = "files";

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
    /// Engine searches without their wall-time cap (`--uncapped`), for transcripts that
    /// must repeat exactly; independent of the clock.
    pub uncapped: bool,
    /// Print each input line before its reply (`@name> command`), for readable transcripts.
    pub echo: bool,
    /// Write board pictures (PNG) into `<data>/boards/` and print their paths.
    pub pictures: bool,
    /// The console's language (`--language`), over the config's.
    pub language: Option<skald_session::Lang>,
}

/// Where console output goes (standard output, or a buffer in tests); shared with the
/// background loop's outlet.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// What the console reads and writes.
pub struct ConsoleIo {
    /// The command lines.
    pub input: Box<dyn BufRead + Send>,
    /// Where answers and notices go.
    pub out: Output,
    /// Whether a person types (a terminal): greets them.
    pub interactive: bool,
}

/// Starts the console on the process's shared parts; it ends by itself when the input ends.
pub fn start(opts: ConsoleOptions, io: ConsoleIo, shared: &Shared) -> Running {
    let ConsoleIo {
        input,
        out,
        interactive,
    } = io;
    if interactive {
        say(
            &out,
            &format!(
                "Skald console. Data in {}. Type `help`; speak as someone else with `@name <command>`.",
                opts.data.display()
            ),
        );
    }
    tracing::info!(data = %opts.data.display(), "console started");
    let pictures = opts.pictures.then(|| opts.data.join("boards"));
    let outlet = Arc::new(ConsoleOutlet {
        out: out.clone(),
        pictures: pictures.clone(),
        files: opts.data.join(FILES),
    });
    let lines = read_lines(input);
    let shared = shared.clone();
    let task = tokio::spawn(answer_lines(opts, lines, out, shared));
    let abort = task.abort_handle();
    Running {
        outlet,
        done: task,
        stop: Box::new(move || {
            Box::pin(async move {
                abort.abort();
            })
        }),
        finite: true,
    }
}

/// Reads the input on its own thread (a terminal read cannot be awaited), line by line.
fn read_lines(
    mut input: Box<dyn BufRead + Send>,
) -> tokio::sync::mpsc::Receiver<Result<String, String>> {
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    std::thread::spawn(move || {
        loop {
            let mut line = String::new();
            let read = match input.read_line(&mut line) {
                Ok(0) => return,
                Ok(_) => Ok(line),
                Err(e) => Err(format!("cannot read the input: {e}")),
            };
            let failed = read.is_err();
            if tx.blocking_send(read).is_err() || failed {
                return;
            }
        }
    });
    rx
}

/// Answers each line in turn: through the gate, then waiting for the background round it
/// started (the engine's answer, what a clock line made due) before the next line.
async fn answer_lines(
    opts: ConsoleOptions,
    mut lines: tokio::sync::mpsc::Receiver<Result<String, String>>,
    out: Output,
    shared: Shared,
) -> Result<(), String> {
    // The first round (an engine turn left before a stop, what fell due while Skald was
    // down) is printed before the first answer.
    shared.rounds.settle(&shared.engine).await;
    while let Some(read) = lines.recv().await {
        let line = match read {
            Ok(line) => line,
            Err(e) => {
                say(&out, &format!("! {e}"));
                break;
            }
        };
        let Some(pass) = shared.gate.enter().await else {
            let ctx = speaker_context(&opts.name);
            say(
                &out,
                &format_reply(&gate::closed_reply(&shared.session, &ctx), None, None),
            );
            break;
        };
        let (opts, out, session, clock) = (
            opts.clone(),
            out.clone(),
            shared.session.clone(),
            shared.clock.clone(),
        );
        let answered = tokio::task::spawn_blocking(move || {
            handle_line(&opts, &session, &clock, &out, line.trim())
        })
        .await;
        if let Err(e) = answered {
            tracing::error!(error = %e, "the console's answer failed");
        }
        shared.rounds.settle(&shared.engine).await;
        drop(pass);
    }
    Ok(())
}

/// Prints what the background loop posts: engine moves as the line the engine would have
/// typed and its answer, deadlines as they come. The console is the process's only adapter
/// when it runs, so it owns every channel.
struct ConsoleOutlet {
    out: Output,
    pictures: Option<PathBuf>,
    files: PathBuf,
}

impl Outlet for ConsoleOutlet {
    fn platform(&self) -> &'static str {
        PLATFORM
    }

    fn owns(&self, _channel: &ChannelId) -> bool {
        true
    }

    /// A transcript has nothing to tell a repeat by: `once` is not used.
    fn post(&self, n: Notice, _once: Option<OnceKey>) -> BoxFuture<'_, ()> {
        let pictures = self.pictures.as_deref();
        let answer = format_reply(&n.reply, pictures, Some(&self.files));
        match &n.said {
            Some(said) => say(&self.out, &format!("@{}> {}\n{answer}", said.by, said.line)),
            None => say(&self.out, &answer),
        }
        Box::pin(async {})
    }
}

/// One input line: a comment, an admin line, or a command by a speaker. Prints the echo
/// (if on) and the answer as one block.
fn handle_line(
    opts: &ConsoleOptions,
    session: &Session,
    clock: &AdapterClock,
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
    let files = opts.data.join(FILES);
    let answer = answer_line(session, clock, pictures.as_deref(), &files, &speaker, text);
    if opts.echo {
        say(out, &format!("@{speaker}> {text}\n{answer}"));
    } else {
        say(out, &answer);
    }
}

/// What the console answers to `text` spoken by `speaker`.
fn answer_line(
    session: &Session,
    clock: &AdapterClock,
    pictures: Option<&Path>,
    files: &Path,
    speaker: &str,
    text: &str,
) -> String {
    let ctx = speaker_context(speaker);
    // The console's own answers, in the language the session gives the speaker.
    let say = |reply: Reply| {
        let mut reply = reply;
        session.set_languages(&mut reply, &ctx);
        format_reply(&reply, None, None)
    };
    if speaker.is_empty() {
        return say(Reply::refused(t!("console-who-speaks")));
    }
    if !speaker
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return say(Reply::refused(t!("console-not-a-name", name = speaker)));
    }
    if text.is_empty() {
        return say(Reply::refused(t!("console-says-nothing", name = speaker)));
    }
    let word = text.split_whitespace().next().unwrap_or("").to_lowercase();
    if word == "!clock" {
        return match clock_line(clock, text) {
            Ok(reply) => say(reply),
            Err(e) => format!("! {e}"),
        };
    }
    format_reply(&session.handle(&ctx, text), pictures, Some(files))
}

/// Who speaks a console line: `name` in the console's one community and channel, as its
/// admin (whoever types at the console runs the bot).
fn speaker_context(name: &str) -> Context {
    Context::private(User::new(PLATFORM, name, name), COMMUNITY, CHANNEL).as_admin()
}

/// `!clock` shows the fake time; `!clock +3d` moves it forward. `Err`: the clock file could
/// not be written (an operator's problem, worded for them).
fn clock_line(clock: &AdapterClock, text: &str) -> Result<Reply, String> {
    if !clock.is_fake() {
        return Ok(Reply::refused(t!("console-real-clock")));
    }
    let arg = text.split_whitespace().nth(1);
    Ok(match arg.map(parse_duration) {
        None => Reply::done(t!("console-fake-time", now = clock.now().to_string())),
        Some(Some(secs)) if secs > 0 => {
            let now = clock.advance(secs)?;
            Reply::done(t!(
                "console-fake-time-moved",
                now = now.to_string(),
                by = describe_duration(secs)
            ))
        }
        Some(_) => Reply::refused(t!("console-clock-usage")),
    })
}

/// A reply as console text: the channel text, boards, files, private parts, pings. With
/// `pictures`, each board is also drawn into that directory and its path printed; with
/// `files`, each file (a record, a replay) is written into that directory and its path
/// printed (without, only its name and size).
pub fn format_reply(reply: &Reply, pictures: Option<&Path>, files: Option<&Path>) -> String {
    let mut s = String::new();
    if matches!(
        reply.kind,
        ReplyKind::Refused | ReplyKind::Conflict | ReplyKind::Failed
    ) {
        s.push_str("! ");
    }
    // The console is one channel: the community's language; each private part in its
    // reader's.
    let lang = reply.channel_lang(None);
    s.push_str(&reply.text.render(lang));
    for b in &reply.boards {
        s.push('\n');
        s.push_str(&board_output(b, pictures, "public", lang));
    }
    for f in &reply.files {
        s.push('\n');
        s.push_str(&file_output(f, files, lang));
    }
    for p in &reply.private {
        let their = p.lang.unwrap_or(lang);
        // A reply with nothing for the channel (`premove`) starts with its private part.
        if !s.is_empty() && !s.ends_with("! ") {
            s.push('\n');
        }
        s.push_str(&format!(
            "(private to @{}) {}",
            p.name,
            p.text.render(their)
        ));
        for b in &p.boards {
            s.push('\n');
            s.push_str(&board_output(
                b,
                pictures,
                &format!("to-{}", file_safe(&p.name)),
                their,
            ));
        }
        for f in &p.files {
            s.push('\n');
            s.push_str(&file_output(f, files, their));
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
/// at each change, so an image viewer showing it follows the game; a review's turning
/// point, one file per position (`game-3-review-ply-14.png`); a puzzle's board, one file
/// per audience (`puzzle-to-alice.png`, `puzzle-to-alice-compared.png` for a wrong answer).
fn board_output(board: &Board, pictures: Option<&Path>, audience: &str, lang: Lang) -> String {
    let text = board.text().render(lang);
    let Some(dir) = pictures else {
        return text;
    };
    // A review's turning points are boards of earlier positions: one file each.
    let name = match &board.compare {
        // A board of no game (game 0) is a puzzle's: its position, or its answer compared.
        _ if board.game == 0 => match &board.compare {
            Some(_) => format!("puzzle-{audience}-compared.png"),
            None => format!("puzzle-{audience}.png"),
        },
        Some(_) => format!(
            "game-{}-review-ply-{}.png",
            board.game,
            board.position.ply()
        ),
        None => format!("game-{}-{audience}.png", board.game),
    };
    let path = dir.join(name);
    match write_picture(board, &path, lang) {
        Ok(()) => format!("picture: {}\n{text}", path.display()),
        Err(e) => format!("(no picture: {e})\n{text}"),
    }
}

/// A file of a reply: written into `dir` (replacing an earlier one of the same name), as
/// `file: <path> (<size> bytes)` with what the reader should know about it. The console
/// has no upload limit.
fn file_output(file: &File, dir: Option<&Path>, lang: Lang) -> String {
    let ready = match file.render(lang, u64::MAX) {
        Ok(ready) => ready,
        Err(why) => return why.render(lang),
    };
    let mut s = match dir {
        Some(dir) => {
            let path = dir.join(&ready.name);
            match write_file(&path, &ready.bytes) {
                Ok(()) => format!("file: {} ({} bytes)", path.display(), ready.bytes.len()),
                Err(e) => format!("(file {} not written: {e})", ready.name),
            }
        }
        None => format!("file: {} ({} bytes)", ready.name, ready.bytes.len()),
    };
    if let Some(note) = ready.note {
        s.push('\n');
        s.push_str(&note.render(lang));
    }
    s
}

/// Draws a board and replaces `path` with it (written beside it, then renamed, so a viewer
/// never sees half a file).
fn write_picture(board: &Board, path: &Path, lang: Lang) -> Result<(), String> {
    let png = skald_session::pictures::board_png(board, lang).map_err(|e| e.to_string())?;
    write_file(path, &png.bytes)
}

/// Replaces `path` with `bytes` (written beside it, then renamed, so a viewer never sees
/// half a file), making its directory if needed.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let tmp = path.with_extension(format!("tmp{}", N.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&tmp, bytes).map_err(|e| e.to_string())?;
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

/// Prints one block followed by a blank line, holding the output lock for the whole block.
fn say(out: &Output, text: &str) {
    let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
    let _ = writeln!(w, "{text}\n");
    let _ = w.flush();
}

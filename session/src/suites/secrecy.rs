//! Hidden Subulata values never reach a public output, shown with twin worlds.
//!
//! Values are the digits 1..9, which also appear in cell names (`a1`), game numbers and
//! deadlines, so "the text contains a value" cannot be tested by looking for digits.
//! Instead every game is played twice, in two sessions (world A and world B) that receive
//! the same commands, on the same fake clock and dice seed, except that the `arrange` lines
//! of some seats carry a *derangement* of world A's values in world B (every start cell
//! holds a different value). Nothing public may depend on hidden values, so until the game
//! ends (when the rules reveal everything) these must be byte-for-byte identical in both
//! worlds, step by step:
//!
//! - each reply's kind, channel text, pings, choices, and who gets a private part;
//! - each channel board: its viewer, alt text, players, last-move marks, position notation
//!   and text board as that viewer sees it, and for a sample of games its PNG bytes;
//! - each scheduler notice (reminders, timeouts);
//! - every log line, captured at trace level;
//! - a player's private parts, when only the *opponent's* values differ between worlds.
//!
//! A value (or anything computed from one) leaking into any of them makes the worlds
//! differ, whichever digit it is and wherever it appears.
//!
//! A third of the games are played between a Discord player and a Matrix player of one
//! community (so each public output is also posted in the other home, compared too), and
//! in half of those each player has linked an account on the other platform and acts from
//! either.

use crate::clock::{FakeClock, HOUR};
use crate::*;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use skald_rules::{Seat, Viewer};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Games played (each twice) on sled; a slower store's run may play fewer.
pub const GAMES: u64 = 1000;
/// Every this many channel boards, the board is also drawn as a PNG in both worlds and the
/// bytes compared: drawing is slow in a debug build (about 20 ms a picture), so a
/// deterministic sample spread over all games is drawn.
const PNG_EVERY: u64 = 150;
/// The replays of every this many games are drawn in both worlds and the GIF bytes compared
/// (up to a few seconds each in a debug build).
const GIF_EVERY: u64 = 40;
/// A game still running after this many steps is resigned.
const MAX_STEPS: usize = 400;

/// A log sink shared by one world's subscriber.
#[derive(Clone, Default)]
struct LogBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for LogBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogBuffer {
    fn take(&self) -> String {
        let mut b = self.0.lock().unwrap_or_else(|p| p.into_inner());
        String::from_utf8_lossy(&std::mem::take(&mut *b)).into_owned()
    }
}

/// One world: a session on its own store and fake clock, logging at trace level into its
/// own buffer.
struct World {
    session: Session,
    clock: Arc<FakeClock>,
    log: LogBuffer,
    dispatch: tracing::Dispatch,
}

impl World {
    fn new() -> World {
        let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
        let communities = community::CommunityMap::new(vec![community::CommunityDef {
            name: "club".into(),
            members: vec!["discord:81".into(), "!room:x".into()],
            posts: vec![
                homes::Home {
                    platform: "matrix".into(),
                    channel: ChannelId("!room:x".into()),
                },
                homes::Home {
                    platform: "discord".into(),
                    channel: ChannelId("9200".into()),
                },
            ],
            language: None,
            daily_puzzle: None,
        }])
        .expect("valid");
        let session = Session::new(
            super::store(),
            clock.clone(),
            StdRng::seed_from_u64(11),
            SessionConfig {
                communities,
                ..SessionConfig::default().without_rate_limit()
            },
        )
        .expect("session opens");
        let log = LogBuffer::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .without_time()
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        World {
            session,
            clock,
            log,
            dispatch: tracing::Dispatch::new(subscriber),
        }
    }

    fn say(&self, who: &str, line: &str) -> (Reply, String) {
        let ctx = ctx_of(who);
        let reply =
            tracing::dispatcher::with_default(&self.dispatch, || self.session.handle(&ctx, line));
        assert!(reply.channel_boards_are_public(), "{line}: {reply:?}");
        (reply, self.log.take())
    }

    fn wait(&self, secs: i64) -> (Vec<Notice>, String) {
        let now = self.clock.advance(secs);
        let notices = tracing::dispatcher::with_default(&self.dispatch, || self.session.tick(now));
        (notices, self.log.take())
    }

    fn game(&self, id: u64) -> game::GameDoc {
        self.session.test_game(id)
    }
}

/// Who speaks where, by the first letter of the name: `d…` on Discord (channel 9100 of
/// server 81), `m…` on Matrix (the room), anyone else on the console. Server 81 and the
/// room are one community.
fn ctx_of(who: &str) -> Context {
    match who.as_bytes().first() {
        Some(b'd') => Context::private(User::new("discord", who, who), "discord:81", "9100"),
        Some(b'm') => Context::private(User::new("matrix", who, who), "!room:x", "!room:x"),
        _ => Context::private(User::new("console", who, who), "console", "console"),
    }
}

/// A board as an adapter shows it to its viewer, in every language.
fn board_view(b: &Board) -> String {
    let mut s = format!(
        "board #{} {:?} {:?} alt={:?} last={:?}\n{}\n",
        b.game,
        b.viewer,
        b.players,
        b.alt,
        b.last_move,
        b.position.to_notation(b.viewer),
    );
    for lang in crate::Lang::ALL {
        s.push_str(&b.alt.render(lang));
        s.push('\n');
        s.push_str(&b.text().render(lang));
        s.push('\n');
    }
    s
}

/// A file as its reader gets it: its caption in every language and what it holds (a
/// record's bytes; the record a replay draws, for which viewer). The replays of every
/// [`GIF_EVERY`]th game are also drawn and their GIF bytes shown, so a value drawn into a
/// frame differs too.
fn file_view(f: &crate::files::File) -> String {
    use crate::files::FileBody;
    let mut s = format!("file #{}\n", f.game);
    for lang in crate::Lang::ALL {
        s.push_str(&f.caption.render(lang));
        s.push('\n');
    }
    match &f.body {
        FileBody::Record(bytes) => s.push_str(&String::from_utf8_lossy(bytes)),
        FileBody::Otn(text) => s.push_str(text),
        FileBody::Replay(r) => {
            s.push_str(&format!(
                "replay {:?} {:?} {:?} {}\n",
                r.viewer,
                r.players,
                r.ended,
                serde_json::to_string(&r.record).expect("serialises")
            ));
            if f.game.is_multiple_of(GIF_EVERY) {
                let gif = f.render(crate::Lang::En, u64::MAX).expect("draws");
                s.push_str(&format!("gif {:?}\n", gif.bytes));
            }
        }
        FileBody::Standings(table) => s.push_str(&format!(
            "standings {}\n",
            serde_json::to_string(table).expect("serialises")
        )),
        FileBody::WinChance(chart) => s.push_str(&format!(
            "win chance {}\n",
            serde_json::to_string(chart).expect("serialises")
        )),
        FileBody::Rating(chart) => s.push_str(&format!(
            "rating {}\n",
            serde_json::to_string(chart).expect("serialises")
        )),
        FileBody::Ladder(chart) => s.push_str(&format!(
            "ladder {}\n",
            serde_json::to_string(chart).expect("serialises")
        )),
    }
    s
}

/// Everything of a reply that the channel sees.
fn public_view(r: &Reply) -> String {
    let mut s = format!("{:?}\n", r.kind);
    for lang in crate::Lang::ALL {
        s.push_str(&r.text.render(lang));
        s.push('\n');
    }
    for b in &r.boards {
        s.push_str(&board_view(b));
        s.push('\n');
    }
    for f in &r.files {
        s.push_str(&file_view(f));
    }
    for u in &r.notify {
        s.push_str(&format!("ping {u}\n"));
    }
    for c in &r.choices {
        let labels = crate::Lang::ALL.map(|lang| c.label.render(lang));
        s.push_str(&format!(
            "choice {} {} {:?}\n",
            labels.join("/"),
            c.command.to_line(),
            c.for_user
        ));
    }
    for p in &r.private {
        s.push_str(&format!("private part to {}\n", p.to));
    }
    for n in &r.elsewhere {
        s.push_str(&format!(
            "posted in {}:\n{}",
            n.channel,
            public_view(&n.reply)
        ));
    }
    s
}

/// What one user reads privately in a reply (and in its copies posted elsewhere).
fn private_view(r: &Reply, user: &UserId) -> String {
    let mut s = String::new();
    for p in r.private.iter().filter(|p| &p.to == user) {
        s.push_str(&format!(
            "{} {}\n{}\n",
            p.name,
            p.text.en(),
            p.text.render(crate::Lang::Fr)
        ));
        for b in &p.boards {
            s.push_str(&board_view(b));
        }
        for f in &p.files {
            s.push_str(&file_view(f));
        }
    }
    for n in &r.elsewhere {
        s.push_str(&private_view(&n.reply, user));
    }
    s
}

/// A random derangement of `values`: every position gets a different value.
fn derange(values: [u8; 9], rng: &mut StdRng) -> [u8; 9] {
    loop {
        let mut v = values;
        v.shuffle(rng);
        if v.iter().zip(&values).all(|(a, b)| a != b) {
            return v;
        }
    }
}

fn values_text(v: &[u8; 9]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the run covered, printed at the end.
#[derive(Debug, Default)]
struct Counts {
    games: u64,
    steps_compared: u64,
    end_steps_revealing: u64,
    refusals: u64,
    arranges: u64,
    notices: u64,
    log_lines: u64,
    boards: u64,
    pngs: u64,
    private_compared: u64,
    games_between_platforms: u64,
    linked_actions: u64,
    posted_elsewhere: u64,
    ended_by: std::collections::BTreeMap<String, u64>,
    premoves_hidden: u64,
    premoves_shared: u64,
}

impl Counts {
    /// Adds another thread's counts.
    fn add(&mut self, other: Counts) {
        self.games += other.games;
        self.steps_compared += other.steps_compared;
        self.end_steps_revealing += other.end_steps_revealing;
        self.refusals += other.refusals;
        self.arranges += other.arranges;
        self.notices += other.notices;
        self.log_lines += other.log_lines;
        self.boards += other.boards;
        self.pngs += other.pngs;
        self.private_compared += other.private_compared;
        self.games_between_platforms += other.games_between_platforms;
        self.linked_actions += other.linked_actions;
        self.posted_elsewhere += other.posted_elsewhere;
        for (how, n) in other.ended_by {
            *self.ended_by.entry(how).or_default() += n;
        }
        self.premoves_hidden += other.premoves_hidden;
        self.premoves_shared += other.premoves_shared;
    }
}

/// Plays games `first + 1`, `first + 1 + every`, … up to `games` in twin worlds of this
/// thread's own, and returns what they covered.
fn play_share(first: u64, every: u64, games: u64) -> Counts {
    let mut twins = Twins {
        a: World::new(),
        b: World::new(),
        rng: StdRng::seed_from_u64(2026 + first),
        counts: Counts::default(),
        game: 0,
        players: [String::new(), String::new()],
        permuted: [false, false],
        aliases: Default::default(),
        avoid: Vec::new(),
    };
    for k in (first + 1..=games).step_by(usize::try_from(every).unwrap_or(1)) {
        twins.start(k);
        let mut steps = 0;
        while !twins.over() {
            if steps == MAX_STEPS {
                let p = twins.players[0].clone();
                twins.say(&p, "resign");
                break;
            }
            twins.step();
            steps += 1;
        }
        let end = twins.a.game(twins.game).end.expect("over");
        let how = format!("{:?}", end.result);
        let how = how.split('(').next().unwrap_or("").to_string();
        *twins.counts.ended_by.entry(how).or_default() += 1;
        twins.counts.games += 1;
    }
    twins.counts
}

/// The two worlds and the game being played in them.
struct Twins {
    a: World,
    b: World,
    rng: StdRng,
    counts: Counts,
    /// The game being played, its players (seat A first), and which seats' values differ
    /// between the worlds.
    game: u64,
    players: [String; 2],
    permuted: [bool; 2],
    /// Each player's linked account on the other platform, if any (its name).
    aliases: std::collections::BTreeMap<String, String>,
    /// Moves the waiting player's conditional lines predict, queued with a different
    /// answer in each world: the mover plays none of them next, so the lines are cleared
    /// unused and nothing public may differ.
    avoid: Vec<String>,
}

impl Twins {
    /// Whether the current game is over (in world A; world B must agree). Before the
    /// challenge is accepted there is no game, and nothing is over.
    fn over(&self) -> bool {
        let ended = |w: &World| {
            w.session
                .store()
                .game(self.game)
                .expect("store reads")
                .is_some_and(|g| g.doc.end.is_some())
        };
        let a = ended(&self.a);
        assert_eq!(a, ended(&self.b), "game #{}", self.game);
        a
    }

    /// Checks one step's outputs: identical public parts and logs, and identical private
    /// parts for players whose own values are the same in both worlds. The step that ends
    /// the game reveals the values (by the rules, every value is shown in the final result,
    /// however the game ended; after an end by the rules, also the score, winner and rating
    /// changes computed from them) and is not compared, but its boards must be the final view.
    fn compare(&mut self, what: &str, a: (&[Reply], String), b: (&[Reply], String)) {
        if self.over() {
            self.counts.end_steps_revealing += 1;
            for r in a.0 {
                assert!(r.boards.iter().all(|b| b.viewer == Viewer::Final), "{what}");
            }
            return;
        }
        self.counts.steps_compared += 1;
        assert_eq!(a.0.len(), b.0.len(), "{what}: reply count");
        for (ra, rb) in a.0.iter().zip(b.0) {
            if ra.kind == ReplyKind::Refused {
                self.counts.refusals += 1;
            }
            assert_eq!(public_view(ra), public_view(rb), "{what}: public output");
            self.counts.posted_elsewhere += ra.elsewhere.len() as u64;
            for seat in Seat::BOTH {
                if !self.permuted[seat.index()] {
                    for user in self.accounts(&self.players[seat.index()]) {
                        let (pa, pb) = (private_view(ra, &user), private_view(rb, &user));
                        if !pa.is_empty() {
                            self.counts.private_compared += 1;
                        }
                        assert_eq!(pa, pb, "{what}: private output of {user}");
                    }
                }
            }
            for (ba, bb) in ra.boards.iter().zip(&rb.boards) {
                self.counts.boards += 1;
                if self.counts.boards.is_multiple_of(PNG_EVERY) {
                    // Every other picture in French: its words too carry no hidden value.
                    let lang = if self.counts.boards.is_multiple_of(2 * PNG_EVERY) {
                        crate::Lang::Fr
                    } else {
                        crate::Lang::En
                    };
                    let png_a = crate::pictures::board_png(ba, lang).expect("renders");
                    let png_b = crate::pictures::board_png(bb, lang).expect("renders");
                    assert!(png_a == png_b, "{what}: public PNG differs");
                    self.counts.pngs += 1;
                }
            }
        }
        self.counts.log_lines += a.1.lines().count() as u64;
        assert_eq!(a.1, b.1, "{what}: log lines");
    }

    /// Every account of the player named `name`.
    fn accounts(&self, name: &str) -> Vec<UserId> {
        std::iter::once(name)
            .chain(self.aliases.get(name).map(String::as_str))
            .map(|n| ctx_of(n).user.id)
            .collect()
    }

    /// The account `player` acts from: their own, or (half the time) their linked one.
    fn actor(&mut self, player: &str) -> String {
        match self.aliases.get(player) {
            Some(alias) if self.rng.random_bool(0.5) => {
                self.counts.linked_actions += 1;
                alias.clone()
            }
            _ => player.to_string(),
        }
    }

    /// `alias` (an account on the other platform) joins `player`'s, in both worlds, with
    /// the code each world gave.
    fn link(&mut self, player: &str, alias: &str) {
        let code = |r: &Reply| {
            r.private
                .iter()
                .map(|p| p.text.en())
                .collect::<Vec<_>>()
                .iter()
                .flat_map(|t| t.split_whitespace())
                .find_map(|w| {
                    link::normalize_code(w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
                })
                .expect("a link code")
        };
        let (ra, la) = self.a.say(player, "link");
        let (rb, lb) = self.b.say(player, "link");
        let (ca, cb) = (code(&ra), code(&rb));
        self.compare(&format!("@{player} link"), (&[ra], la), (&[rb], lb));
        self.say2(alias, &format!("link {ca}"), &format!("link {cb}"));
        self.aliases.insert(player.to_string(), alias.to_string());
    }

    /// The same line in both worlds.
    fn say(&mut self, who: &str, line: &str) -> Reply {
        self.say2(who, line, line)
    }

    /// A line in each world (they differ only in hidden values).
    fn say2(&mut self, who: &str, line_a: &str, line_b: &str) -> Reply {
        let (ra, la) = self.a.say(who, line_a);
        let (rb, lb) = self.b.say(who, line_b);
        let what = format!("game #{} @{who} {line_a}", self.game);
        self.compare(
            &what,
            (std::slice::from_ref(&ra), la),
            (std::slice::from_ref(&rb), lb),
        );
        ra
    }

    /// Time passes in both worlds and the scheduler runs.
    fn wait(&mut self, secs: i64) {
        let (na, la) = self.a.wait(secs);
        let (nb, lb) = self.b.wait(secs);
        self.counts.notices += na.len() as u64;
        assert_eq!(
            na.iter().map(|n| &n.channel).collect::<Vec<_>>(),
            nb.iter().map(|n| &n.channel).collect::<Vec<_>>()
        );
        let ra: Vec<Reply> = na.into_iter().map(|n| n.reply).collect();
        let rb: Vec<Reply> = nb.into_iter().map(|n| n.reply).collect();
        let what = format!("game #{}: {secs} s pass", self.game);
        self.compare(&what, (&ra, la), (&rb, lb));
    }

    /// An `arrange` by `seat`: the same values in both worlds, or a derangement in world B
    /// for a permuted seat.
    fn arrange(&mut self, seat: Seat) {
        let mut va = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        va.shuffle(&mut self.rng);
        let vb = if self.permuted[seat.index()] {
            derange(va, &mut self.rng)
        } else {
            va
        };
        let player = self.players[seat.index()].clone();
        let who = self.actor(&player);
        let id = self.game;
        let r = self.say2(
            &who,
            &format!("arrange #{id} {}", values_text(&va)),
            &format!("arrange #{id} {}", values_text(&vb)),
        );
        if r.kind == ReplyKind::Done {
            self.counts.arranges += 1;
        }
    }

    /// Starts game `k` between fresh players (so no earlier result shows in its replies).
    fn start(&mut self, k: u64) {
        self.avoid.clear();
        // A third of the games between a Discord and a Matrix player, half of those with
        // both players' other accounts linked.
        let between = self.rng.random_range(0..6);
        let (w, b) = match between {
            0..4 => (format!("w{k}"), format!("b{k}")),
            _ => (format!("dw{k}"), format!("mb{k}")),
        };
        self.aliases.clear();
        if between >= 4 {
            self.counts.games_between_platforms += 1;
            // The Matrix player has spoken, so the Discord one finds them by name.
            self.say(&b, "games");
            if between == 5 {
                self.link(&w, &format!("m{w}"));
                self.link(&b, &format!("d{b}"));
            }
        }
        let seat = ["first", "second", "random"][self.rng.random_range(0..3)];
        let ranked = if self.rng.random_bool(0.5) {
            "ranked"
        } else {
            "casual"
        };
        let days = self.rng.random_range(1..=3);
        let open = self.rng.random_bool(0.3);
        let opponent = if open { String::new() } else { format!("@{b}") };
        self.game = 0;
        let r = self.say(
            &w,
            &format!("challenge subulata {opponent} {seat} {ranked} days:{days}"),
        );
        let id: u64 = r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number");
        self.game = id;
        if !open && self.rng.random_bool(0.05) {
            self.say(&b, &format!("decline #{id}"));
            return self.start(k);
        }
        // Someone who may not accept tries first.
        let challenger = self.actor(&w);
        self.say(&challenger, &format!("accept #{id}"));
        if !open {
            self.say("carol", &format!("accept #{id}"));
        }
        let accepter = self.actor(&b);
        self.say(&accepter, &format!("accept #{id}"));
        let g = self.a.game(id);
        self.players = g.players.clone().map(|p| p.name);
        // Which seats' values differ between the worlds: at least one.
        self.permuted = match self.rng.random_range(0..3) {
            0 => [true, false],
            1 => [false, true],
            _ => [true, true],
        };
        // A permuted seat arranges (differently in each world); the other one sometimes
        // arranges (the same in both), else keeps its random set-up.
        for seat in Seat::BOTH {
            let arranges = self.permuted[seat.index()] || self.rng.random_bool(0.3);
            if arranges {
                self.arrange(seat);
            }
        }
        // The twins really differ: same public position, different values.
        let (pa, pb) = (self.a.game(id).live().ok(), self.b.game(id).live().ok());
        let (pa, pb) = (pa.expect("replays"), pb.expect("replays"));
        assert_eq!(
            pa.position().to_notation(Viewer::Public),
            pb.position().to_notation(Viewer::Public)
        );
        assert_ne!(
            pa.position().to_notation(Viewer::Final),
            pb.position().to_notation(Viewer::Final),
            "the twins must differ in hidden values"
        );
    }

    /// One random step of the current game.
    fn step(&mut self) {
        let id = self.game;
        let g = self.a.game(id);
        let m = g.live().expect("replays");
        let position = m.position().clone();
        let Some(seat) = position.status().seat() else {
            panic!("game #{id} is running but nobody is to move");
        };
        assert_eq!(
            position.legal_moves(),
            self.b
                .game(id)
                .live()
                .expect("replays")
                .position()
                .legal_moves(),
            "legal moves may not depend on values"
        );
        let (mover, other) = (
            self.players[seat.index()].clone(),
            self.players[seat.other().index()].clone(),
        );
        let (mover, other) = (self.actor(&mover), self.actor(&other));
        let legal = position.legal_moves();
        let avoidable: Vec<&String> = legal.iter().filter(|m| !self.avoid.contains(m)).collect();
        let any_move = match avoidable.as_slice() {
            [] => legal[0].clone(),
            moves => moves[self.rng.random_range(0..moves.len())].clone(),
        };
        let random_player = if self.rng.random_bool(0.5) {
            mover.clone()
        } else {
            other.clone()
        };
        match self.rng.random_range(0..1000) {
            0..700 => {
                let mv = any_move;
                // Each space-separated form is accepted; use both.
                let typed = if self.rng.random_bool(0.2) {
                    mv.replace('-', " ")
                } else {
                    mv
                };
                // The lines are gone once a move is played (a move refused, say where the
                // game does not live, leaves them).
                if self.say(&mover, &format!("move {typed}")).kind == ReplyKind::Done {
                    self.avoid.clear();
                }
            }
            700..750 => {
                // A (re-)arrangement, allowed until the player's own first move.
                let s = if self.rng.random_bool(0.5) {
                    seat
                } else {
                    seat.other()
                };
                self.arrange(s);
            }
            750..765 => {
                let bad = [
                    "arrange 1 2 3",
                    "arrange 1 1 2 3 4 5 6 7 8",
                    "arrange 0 1 2 3 4 5 6 7 8",
                ];
                let line = bad[self.rng.random_range(0..bad.len())];
                self.say(&random_player, line);
            }
            765..800 => {
                let cmds = [
                    "board", "moves", "history", "draw", "takeback", "decline", "abort", "resign",
                    "rematch", "export", "replay",
                ];
                let c = cmds[self.rng.random_range(0..cmds.len())];
                let line = format!("{c} #{id}");
                // A spectator on any platform, or someone acting through a crafted #id.
                let carol = ["carol", "dcarol", "mcarol"][self.rng.random_range(0..3)];
                self.say(carol, &line);
                self.say(carol, &format!("move #{id} {}", legal[0]));
                self.say(carol, &format!("arrange #{id} 1 2 3 4 5 6 7 8 9"));
            }
            800..825 => {
                // Not their turn.
                self.say(&other, &format!("move #{id} {}", legal[0]));
            }
            825..850 => {
                let bad = ["a1-a9", "z9-z1", "a1", "e5-e5"];
                let line = format!("move {}", bad[self.rng.random_range(0..bad.len())]);
                self.say(&mover, &line);
            }
            850..870 => self.premove(&other, &position),
            870..900 => {
                let c = [
                    "board",
                    "moves",
                    "games",
                    "board",
                    "help arrange",
                    "export",
                    "replay",
                ];
                let c = c[self.rng.random_range(0..c.len())];
                self.say(&random_player, c);
            }
            900..920 => {
                // A draw offer, accepted, declined, or left standing.
                self.say(&random_player, "draw");
                if self.rng.random_bool(0.5) && !self.over() {
                    let answer = ["draw", "decline", "decline"][self.rng.random_range(0..3)];
                    let to = self.players_other(&random_player);
                    self.say(&to, answer);
                }
            }
            920..950 => {
                // A takeback request (refused unless the asker moved last), then an answer.
                self.say(&random_player, "takeback");
                if !self.over() {
                    let answer = ["takeback", "decline"][self.rng.random_range(0..2)];
                    let to = self.players_other(&random_player);
                    self.say(&to, answer);
                }
            }
            950..954 => {
                self.say(&random_player, "resign");
            }
            954..962 => {
                self.say(&random_player, "abort");
            }
            _ => {
                // Time passes: hours (reminders) or past the deadline (a timeout).
                let hours = self.rng.random_range(1..=(g.days as i64 * 24 + 2));
                self.wait(hours * HOUR);
            }
        }
    }

    /// The waiting player `who` queues a conditional line against the mover's next move:
    /// the same line in both worlds (it may be played out), or one predicting the same move
    /// with a different answer in each world, which the mover then does not play (see
    /// [`Twins::avoid`]): public outputs and logs must not differ, whatever the lines say.
    fn premove(&mut self, who: &str, position: &skald_rules::Position) {
        let id = self.game;
        let legal = position.legal_moves();
        let theirs = legal[self.rng.random_range(0..legal.len())].clone();
        let mut after = position.clone();
        if after.play(&theirs).is_err() || after.status().seat().is_none() {
            return;
        }
        let answers = after.legal_moves();
        let line = |answer: &String| format!("premove #{id} {theirs} {answer}");
        let (Some(first), Some(second)) = (answers.first(), answers.last()) else {
            return;
        };
        let spare = legal
            .iter()
            .any(|m| *m != theirs && !self.avoid.contains(m));
        if first != second && spare && self.rng.random_bool(0.7) {
            // Different lines: only the public parts and logs are compared (each world's
            // owner reads their own line).
            let (ra, la) = self.a.say(who, &line(first));
            let (rb, lb) = self.b.say(who, &line(second));
            let what = format!("game #{id} @{who} premove (different lines)");
            assert_eq!(public_view(&ra), public_view(&rb), "{what}: public output");
            assert_eq!(la, lb, "{what}: log lines");
            self.counts.premoves_hidden += 1;
            self.avoid.push(theirs.clone());
        } else {
            self.say(who, &line(first));
            self.counts.premoves_shared += 1;
        }
        // Typed where others read it (a Matrix room): refused, the same in both worlds.
        let public = Context {
            private: false,
            ..ctx_of(who)
        };
        let ra = self.a.session.handle(&public, &line(first));
        let rb = self.b.session.handle(&public, &line(second));
        assert_eq!(ra.kind, ReplyKind::Refused);
        assert_eq!(public_view(&ra), public_view(&rb), "a line typed in public");
    }

    /// The other player of the game than the one `name` (an account of theirs) acts for,
    /// acting from one of their accounts.
    fn players_other(&mut self, name: &str) -> String {
        let first = &self.players[0];
        let is_first = first == name || self.aliases.get(first).is_some_and(|a| a == name);
        let other = self.players[usize::from(is_first)].clone();
        self.actor(&other)
    }
}

/// Plays `games` Subulata games twice, in twin worlds whose hidden values differ, on the
/// store [`super::store`] makes, and fails at the first public output that differs between
/// the worlds (see the module's documentation).
pub fn subulata_games_show_no_hidden_value_in_public(games: u64) {
    // The games are shared among threads (every `threads`th game each, on worlds of its
    // own): the run is a minute or two of one core otherwise, while the machine has more.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4)
        .min(usize::try_from(games).unwrap_or(1).max(1));
    let maker = super::maker();
    let shares: Vec<Counts> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let maker = maker.clone();
                scope.spawn(move || {
                    super::with_maker(maker, || play_share(t as u64, threads as u64, games))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut counts = Counts::default();
    for share in shares {
        counts.add(share);
    }
    let c = &counts;
    eprintln!("secrecy run: {c:#?}");
    assert_eq!(c.games, games);
    // The run covered what it claims: every way of ending, and real logs.
    for how in ["Rules", "Resigned", "TimedOut", "DrawAgreed", "Aborted"] {
        assert!(
            c.ended_by.contains_key(how),
            "no game ended by {how}: {c:?}"
        );
    }
    assert!(c.log_lines > games, "{c:?}");
    assert!(
        c.premoves_hidden > games / 10 && c.premoves_shared > games / 20,
        "{c:?}"
    );
    assert!(
        c.notices > 0 && c.pngs > 0 && c.private_compared > 0,
        "{c:?}"
    );
    assert!(
        c.games_between_platforms > games / 5 && c.linked_actions > 0 && c.posted_elsewhere > 0,
        "{c:?}"
    );
}

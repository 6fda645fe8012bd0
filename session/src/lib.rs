//! `skald-session`: the platform-neutral heart of Skald. No async runtime and no chat
//! platform's crate is in its dependency tree; the `skald` binary's adapters (console,
//! Discord, Matrix) only translate. Every adapter turns a chat message into a [`Context`] and a line of text,
//! calls [`Session::handle`], and shows the [`Reply`]; a scheduler calls [`Session::tick`]
//! at [`Session::next_wakeup`] and posts the [`Notice`]s. No platform type appears here.
//!
//! `Session` is `Send + Sync` and every method takes `&self`: commands may run on many
//! threads at once. Each command reads what it needs, decides, and writes one
//! [`store::Commit`] (one transaction with compare-and-swap), durable before the reply
//! is returned: two commands racing on one game cannot both apply.

#![warn(missing_docs)]

pub mod challenge;
pub mod chat_message;
mod commands;
mod cx;
pub mod damaged;
pub mod dice_rng;
pub mod digest;
pub mod engine;
pub mod engine_driver;
pub mod fuzzing;
pub mod game;
mod handler;
pub mod homes;
mod language;
pub mod league;
pub mod limits;
pub mod link;
mod lists;
mod manual;
pub mod outbox;
pub mod own_channel;
pub mod pictures;
pub mod premove;
mod puzzle;
mod rating_history;
pub mod review;
mod scheduler;
pub mod suggest;
pub mod tournament;
pub mod user;

// The floors below, under the names the session's code and its callers have always used
// (`skald_session::clock::Timestamp`, `crate::store::Commit`).
pub use skald_model::{
    clock, command, community, files, help, hints, identity, ladder, messages, parsed, reply,
    stored_notice, time_control,
};
pub use skald_store as store;
pub use skald_store::journal;

#[cfg(test)]
mod tests;
#[cfg(any(test, feature = "testkit"))]
impl Session {
    /// The stored game `id` (the session tests' worlds all read games this way).
    fn test_game(&self, id: u64) -> game::GameDoc {
        self.store()
            .game(id)
            .expect("store reads")
            .expect("game exists")
            .doc
    }
}
#[cfg(any(test, feature = "testkit"))]
pub mod suites;

use clock::{Clock, Timestamp};
use command::Command;
pub use identity::{ChannelId, CommunityId, Context, User, UserId};
pub use limits::Limits;
use limits::RateLimiter;
use rand::rngs::StdRng;
pub use reply::{Board, Choice, Notice, Private, Reply, ReplyKind, Said};
pub use skald_lang::{Lang, Text, t};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use store::{Store, StoreError};
pub use stored_notice::{NOTICE_FORMAT, NoticeStoreError};

/// Settings of the session that an operator may change (`config.toml`).
#[derive(Clone, Debug, PartialEq)]
pub struct SessionConfig {
    /// Hours before a deadline when the player to move is reminded (0: no reminders).
    pub reminder_hours: u32,
    /// Minutes before a deadline when the player to move gets a last reminder (0: none).
    pub last_reminder_minutes: u32,
    /// Down time shorter than this is not given back to the players' clocks (seconds).
    pub downtime_grace_secs: i64,
    /// Multiplies the built-in engine's search iterations (`[ai] budget_scale`; 1.0 is the
    /// levels' real budgets, tests use less so games against the engine stay quick).
    pub engine_budget_scale: f64,
    /// Whether the engine's workers mine finished games for their community's puzzles
    /// (`[ai] mine_games`, on unless the file turns it off).
    pub mine_games: bool,
    /// Per-user limits: command rate, active games, open challenges, line length.
    pub limits: Limits,
    /// Communities spanning several servers and rooms (`[[community]]`).
    pub communities: community::CommunityMap,
    /// The language of channel messages where the community chose none (`[game] language`;
    /// `None`: the platform's, else English).
    pub language: Option<Lang>,
    /// Who may start any tournament and remove its players, besides its creator
    /// (`[tournaments] organisers`).
    pub tournament_organisers: Vec<UserId>,
    /// Whether only those organisers may create tournaments (`[tournaments] create =
    /// "organisers"`); by default everyone may.
    pub tournament_create_organisers_only: bool,
}

impl SessionConfig {
    /// These settings without the command rate limit: for the console (the operator's own
    /// terminal, where every speaker is the operator) and for scripted runs whose fake time
    /// stands still between commands.
    pub fn without_rate_limit(self) -> SessionConfig {
        SessionConfig {
            limits: Limits {
                rate_commands: 0,
                ..self.limits
            },
            ..self
        }
    }
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            reminder_hours: 24,
            last_reminder_minutes: 60,
            downtime_grace_secs: 120,
            limits: Limits::default(),
            engine_budget_scale: 1.0,
            mine_games: true,
            communities: community::CommunityMap::default(),
            language: None,
            tournament_organisers: Vec::new(),
            tournament_create_organisers_only: false,
        }
    }
}

/// Why a command was not carried out; turned into a [`Reply`] by [`Session::execute`].
#[derive(Debug)]
pub enum Failure {
    /// Refused with this explanation; nothing changed.
    Refused(Text),
    /// Another command changed this game first; nothing changed.
    Conflict(u64),
    /// The store failed.
    Store(StoreError),
    /// The command reached a handler that does not read it (a programming error the
    /// registry's test rules out): answered as an unknown command, and logged.
    Misrouted(&'static str),
}

impl From<damaged::Unreadable> for Failure {
    fn from(e: damaged::Unreadable) -> Self {
        Failure::Refused(e.0)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        match e {
            // One damaged game: a clear refusal for it, while every other game is served.
            StoreError::UnreadableGame { id, reason } => {
                tracing::error!(game = id, %reason, "a stored game cannot be read; skald export writes it raw");
                Failure::Refused(damaged::unreadable_text(id, &reason))
            }
            e => Failure::Store(e),
        }
    }
}

/// The small context every command handler and every background job runs over: the store,
/// the clock, the dice and the operator's settings; its shared services are in
/// [`cx`](crate::cx). [`Session`] is the façade the adapters call; it admits a command and
/// hands it to its handler over this.
pub(crate) struct Cx {
    pub(crate) store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    rng: Mutex<StdRng>,
    pub(crate) config: SessionConfig,
    /// Games the scheduler found unreadable: skipped (and logged once) until a restart.
    pub(crate) unreadable: Mutex<BTreeSet<u64>>,
    /// When this process last pruned the handled messages' records (hourly, from the tick).
    pub(crate) handled_pruned: chat_message::LastPrune,
}

impl Cx {
    /// The context over `store` (wrapped in the per-command memo).
    pub(crate) fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        rng: StdRng,
        config: SessionConfig,
    ) -> Cx {
        Cx {
            store: Arc::new(store::memo::Memo::new(store)),
            clock,
            rng: Mutex::new(rng),
            config,
            unreadable: Mutex::new(BTreeSet::new()),
            handled_pruned: chat_message::LastPrune::default(),
        }
    }
}

/// The session: what every adapter and the runtime call. A façade over [`Cx`], the
/// small context the command handlers and the background work run over: it admits a command
/// (rate and length limits), hands it to its handler, and words the answer for its readers.
pub struct Session {
    cx: Cx,
    rate: RateLimiter,
}

impl Session {
    /// A session over `store` (any backend of the [`Store`] interface, shared with whoever
    /// else holds it: the runtime's clock, the console), reading time from `clock` and dice from `rng`. Gives the
    /// players back any time the bot was down (their deadlines move by as much).
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        rng: StdRng,
        config: SessionConfig,
    ) -> Result<Session, StoreError> {
        let cx = Cx::new(store, clock, rng, config);
        cx.recover(cx.now())?;
        cx.apply_configured_dailies();
        Ok(Session {
            cx,
            rate: RateLimiter::default(),
        })
    }

    /// The store (for export, the benchmark, and tests).
    pub fn store(&self) -> &dyn Store {
        &*self.cx.store
    }

    /// The current time by the session's clock.
    pub fn now(&self) -> Timestamp {
        self.cx.now()
    }

    /// Parses and carries out one command line sent by `ctx.user` in `ctx.channel`. A line
    /// over the rate limit or the length limit is refused before it is read.
    pub fn handle(&self, ctx: &Context, line: &str) -> Reply {
        store::memo::Memo::scope(|| {
            let mut reply = self.handle_line(ctx, line);
            self.cx.set_languages(&mut reply, ctx);
            reply
        })
    }

    fn handle_line(&self, ctx: &Context, line: &str) -> Reply {
        if let Some(refusal) = self.admit(ctx) {
            return refusal;
        }
        if limits::too_long(&self.cx.config.limits, line) {
            return Reply::refused(limits::length_refusal(&self.cx.config.limits));
        }
        match command::parse(line) {
            Ok(cmd) => commands::execute_admitted(&self.cx, ctx, cmd),
            Err(e) if e.command.is_some_and(command::is_secret_input) && !ctx.private => {
                Reply::refused(messages::secret_input_in_public(e.command.unwrap_or("")))
            }
            Err(e) => Reply::refused(e.text()),
        }
    }

    /// Carries out a parsed command (within the user's rate limit). Never panics on anything
    /// a user or the disk does: refusals, races and store failures all become replies.
    pub fn execute(&self, ctx: &Context, cmd: Command) -> Reply {
        store::memo::Memo::scope(|| {
            let mut reply = match self.admit(ctx) {
                Some(refusal) => refusal,
                None => commands::execute_admitted(&self.cx, ctx, cmd),
            };
            self.cx.set_languages(&mut reply, ctx);
            reply
        })
    }

    /// The refusal of a command over the speaker's rate limit, if it is.
    fn admit(&self, ctx: &Context) -> Option<Reply> {
        // The built-in engine answers every game it plays; its moves come from the session's
        // own driver, never from a person who could flood.
        if engine::is_engine(&ctx.user.id) {
            return None;
        }
        let limits = &self.cx.config.limits;
        match self.rate.admit(limits, &ctx.user.id, self.now()) {
            Ok(()) => None,
            Err(wait) => {
                tracing::debug!(user = %ctx.user.id, wait, "command over the rate limit");
                Some(Reply::refused(limits::rate_refusal(limits, wait)))
            }
        }
    }

    // What the adapters and the runtime call besides commands: each is the context's own,
    // passed through so that `Session` stays the one entry point.

    /// See [`Cx::game_channel`].
    pub fn game_channel(&self, id: u64) -> Result<Option<ChannelId>, StoreError> {
        self.cx.game_channel(id)
    }

    /// See [`Cx::channel_in_use`].
    pub fn channel_in_use(&self, channel: &ChannelId) -> Result<bool, StoreError> {
        self.cx.channel_in_use(channel)
    }

    /// See [`Cx::move_game_channel`].
    pub fn move_game_channel(
        &self,
        id: u64,
        from: &ChannelId,
        to: &ChannelId,
    ) -> Result<Option<ChannelId>, StoreError> {
        self.cx.move_game_channel(id, from, to)
    }

    /// See [`Cx::engine_turns`].
    pub fn engine_turns(&self) -> Result<Vec<engine::EngineTurn>, Failure> {
        self.cx.engine_turns()
    }

    /// See [`Cx::play_engine_move`].
    pub fn play_engine_move(&self, turn: &engine::EngineTurn, mv: skald_rules::AnyMove) -> Reply {
        self.cx.play_engine_move(turn, mv)
    }

    /// See [`Cx::play_engine_move_announced`].
    pub fn play_engine_move_announced(
        &self,
        turn: &engine::EngineTurn,
        mv: skald_rules::AnyMove,
        how: &engine::Announce,
    ) -> Reply {
        self.cx.play_engine_move_announced(turn, mv, how)
    }

    /// See [`Cx::notices_for`].
    pub fn notices_for(&self, id: u64, home: &identity::Home, reply: Reply) -> Vec<Notice> {
        self.cx.notices_for(id, home, reply)
    }

    /// See [`Cx::send_later`].
    pub fn send_later(&self, notices: &[Notice]) -> Result<(), StoreError> {
        self.cx.send_later(notices)
    }

    /// See [`Cx::take_notices`].
    pub fn take_notices(
        &self,
        platforms: &[&str],
        holder: &str,
        lease: std::time::Duration,
        limit: usize,
    ) -> Vec<(u64, Notice)> {
        self.cx.take_notices(platforms, holder, lease, limit)
    }

    /// See [`Cx::notices_posted`].
    pub fn notices_posted(&self, ids: &[u64]) {
        self.cx.notices_posted(ids)
    }

    /// See [`Cx::message_posted`].
    pub fn message_posted(
        &self,
        name: &str,
        platform: &str,
        channel: &ChannelId,
        handle: &str,
    ) -> bool {
        self.cx.message_posted(name, platform, channel, handle)
    }

    /// See [`Cx::set_languages`].
    pub fn set_languages(&self, reply: &mut Reply, speaker: &Context) {
        self.cx.set_languages(reply, speaker)
    }

    /// See [`Cx::suggest_players`].
    pub fn suggest_players(&self, scope: &CommunityId, typed: &str) -> Vec<suggest::Suggestion> {
        self.cx.suggest_players(scope, typed)
    }

    /// See [`Cx::suggest_ids`].
    pub fn suggest_ids(&self, user: &UserId, typed: &str) -> Vec<suggest::Suggestion> {
        self.cx.suggest_ids(user, typed)
    }

    /// See [`Cx::suggest_moves`].
    pub fn suggest_moves(&self, user: &UserId, game: Option<u64>, typed: &str) -> Vec<String> {
        self.cx.suggest_moves(user, game, typed)
    }

    /// See [`Cx::suggest_puzzle`].
    pub fn suggest_puzzle(&self, user: &UserId, typed: &str) -> Vec<String> {
        self.cx.suggest_puzzle(user, typed)
    }

    /// See [`Cx::knows_player_named`].
    pub fn knows_player_named(&self, name: &str) -> bool {
        self.cx.knows_player_named(name)
    }

    /// See [`Cx::next_wakeup`].
    pub fn next_wakeup(&self) -> Option<Timestamp> {
        self.cx.next_wakeup()
    }

    /// See [`Cx::heartbeat`].
    pub fn heartbeat(&self, now: Timestamp) {
        self.cx.heartbeat(now)
    }

    /// See [`Cx::tick`].
    pub fn tick(&self, now: Timestamp) -> Vec<Notice> {
        self.cx.tick(now)
    }
}

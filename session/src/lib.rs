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
pub mod damaged;
pub mod dice_rng;
pub mod digest;
pub mod engine;
pub mod engine_driver;
pub mod fuzzing;
pub mod game;
pub mod homes;
mod language;
pub mod league;
pub mod limits;
pub mod link;
mod lists;
pub mod outbox;
pub mod own_channel;
pub mod pictures;
pub mod premove;
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

use clock::{Clock, HOUR, Timestamp};
use command::Command;
pub use identity::{ChannelId, CommunityId, Context, User, UserId};
pub use limits::Limits;
use limits::RateLimiter;
use rand::rngs::StdRng;
pub use reply::{Board, Choice, Notice, Private, Reply, ReplyKind, Said};
pub use skald_lang::{Lang, Text, t};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, MutexGuard};
use store::{Commit, CommitError, Store, StoreError};
pub use stored_notice::{NOTICE_FORMAT, NoticeStoreError};
use user::UserDoc;

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

/// The session manager. See the module documentation.
pub struct Session {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    rng: Mutex<StdRng>,
    config: SessionConfig,
    /// Games the scheduler found unreadable: skipped (and logged once) until a restart.
    unreadable: Mutex<BTreeSet<u64>>,
    rate: RateLimiter,
    /// The earliest daily digest due, kept between scheduler rounds.
    digests_due: digest::DigestsDue,
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
        let session = Session {
            store: Arc::new(store::memo::Memo::new(store)),
            clock,
            rng: Mutex::new(rng),
            config,
            unreadable: Mutex::new(BTreeSet::new()),
            rate: RateLimiter::default(),
            digests_due: digest::DigestsDue::default(),
        };
        session.recover(session.now())?;
        Ok(session)
    }

    /// The store (for export, the benchmark, and tests).
    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    /// The current time by the session's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Parses and carries out one command line sent by `ctx.user` in `ctx.channel`. A line
    /// over the rate limit or the length limit is refused before it is read.
    pub fn handle(&self, ctx: &Context, line: &str) -> Reply {
        store::memo::Memo::scope(|| {
            let mut reply = self.handle_line(ctx, line);
            self.set_languages(&mut reply, ctx);
            reply
        })
    }

    fn handle_line(&self, ctx: &Context, line: &str) -> Reply {
        if let Some(refusal) = self.admit(ctx) {
            return refusal;
        }
        if limits::too_long(&self.config.limits, line) {
            return Reply::refused(limits::length_refusal(&self.config.limits));
        }
        match command::parse(line) {
            Ok(cmd) => self.execute_admitted(ctx, cmd),
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
                None => self.execute_admitted(ctx, cmd),
            };
            self.set_languages(&mut reply, ctx);
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
        let limits = &self.config.limits;
        match self.rate.admit(limits, &ctx.user.id, self.now()) {
            Ok(()) => None,
            Err(wait) => {
                tracing::debug!(user = %ctx.user.id, wait, "command over the rate limit");
                Some(Reply::refused(limits::rate_refusal(limits, wait)))
            }
        }
    }

    fn execute_admitted(&self, ctx: &Context, cmd: Command) -> Reply {
        if ctx.user.id.id.is_empty() || ctx.user.id.key().contains('\0') {
            return Reply::refused(t!("user-id-unusable"));
        }
        // Secret values typed where others read them are not used: the player learns to
        // send them where only they see them, and the game is unchanged.
        if cmd.carries_secret() && !ctx.private {
            return Reply::refused(messages::secret_input_in_public(cmd.name()));
        }
        // The ladder scope is the community the channel's server or room belongs to.
        let ctx = Context {
            community: self.config.communities.community_of(&ctx.community),
            ..ctx.clone()
        };
        self.answer(self.run(&ctx, &cmd))
    }

    /// What the speaker is told: the reply of a command carried out (without pings or
    /// private parts for the engine, which reads neither), or the refusal, the conflict's
    /// board, or the apology for a store failure. One mapping for typed commands, text
    /// lines and the engine's own moves.
    fn answer(&self, outcome: Result<Reply, Failure>) -> Reply {
        match outcome {
            Ok(mut reply) => {
                // The engine reads no mention and no private message.
                reply
                    .notify
                    .retain(|u| u.platform != engine::ENGINE_PLATFORM);
                reply
                    .private
                    .retain(|p| p.to.platform != engine::ENGINE_PLATFORM);
                reply
            }
            Err(Failure::Refused(text)) => Reply::refused(text),
            Err(Failure::Conflict(id)) => self.conflict_reply(id),
            Err(Failure::Store(e)) => {
                tracing::error!(error = %e, "store failure");
                let text = if matches!(e, store::StoreError::Unconfirmed(_)) {
                    t!("store-unconfirmed")
                } else {
                    t!("store-failed")
                };
                Reply {
                    kind: ReplyKind::Failed,
                    ..Reply::done(text)
                }
            }
        }
    }

    fn run(&self, ctx: &Context, cmd: &Command) -> Result<Reply, Failure> {
        // Linking works on the account as it spoke; everything else on the player the
        // account belongs to.
        let player = match cmd {
            Command::Link(_) | Command::Unlink => ctx.clone(),
            _ => {
                self.read_ahead(cmd);
                self.as_player(ctx)?
            }
        };
        let mut reply = self.dispatch(&player, cmd)?;
        // Whoever just acted reads the answer to their own command: pinging them (on any
        // of their accounts) only adds a notification for something they are looking at.
        // The others (the player to move when that is someone else, a challenged player)
        // are still pinged.
        reply.notify.retain(|u| *u != player.user.id);
        // A refused command changes nothing, not even the user list. A player is shown
        // with their own account's name: a linked account's name is kept on that account.
        self.touch_user(&ctx.user, Some((&ctx.community, &ctx.channel)), ctx.locale)?;
        // The other homes' copies address every account themselves (`fan_out`), from the
        // reply as the handler made it.
        let elsewhere = self.elsewhere(&reply, &ctx.channel);
        reply.elsewhere.extend(elsewhere);
        self.to_accounts(&mut reply);
        // The answer is posted where the speaker typed: only that platform's accounts are
        // pinged or reached privately there (the engine speaks in its games' channels and
        // reads nothing).
        if engine::is_engine(&ctx.user.id) {
            return Ok(reply);
        }
        Ok(homes::for_platform(reply, ctx.platform()))
    }

    /// Reads the game a command names before the speaker's own document: the game comes
    /// with its players' documents ([`store::Store::game_and_players`]), and the speaker is
    /// mostly one of them, so on PostgreSQL a move is one read before its commit instead of
    /// two. What was read stays for this command only ([`store::memo`]); a read that fails
    /// is not reported here: the command's own read of the game fails the same way and says
    /// so.
    fn read_ahead(&self, cmd: &Command) {
        if let Some(id) = cmd.game()
            && let Err(e) = self.store.game(id)
        {
            tracing::debug!(game = id, error = %e, "reading ahead failed");
        }
    }

    fn dispatch(&self, ctx: &Context, cmd: &Command) -> Result<Reply, Failure> {
        match cmd {
            Command::Challenge(spec) => self.cmd_challenge(ctx, spec),
            Command::Accept(id) => self.cmd_accept(ctx, *id),
            Command::Decline(id) => self.cmd_decline(ctx, *id),
            Command::Cancel(id) => self.cmd_cancel(ctx, *id),
            Command::Move { game, moves } => self.cmd_move(ctx, *game, moves),
            Command::Board(id) => self.cmd_board(ctx, *id),
            Command::Moves(id) => self.cmd_moves(ctx, *id),
            Command::Export(id) => self.cmd_export(ctx, *id),
            Command::Replay(id) => self.cmd_replay(ctx, *id),
            Command::Resign(id) => self.cmd_resign(ctx, *id),
            Command::Abort(id) => self.cmd_abort(ctx, *id),
            Command::Draw(id) => self.cmd_draw(ctx, *id),
            Command::Takeback(id) => self.cmd_takeback(ctx, *id),
            Command::Rematch(id) => self.cmd_rematch(ctx, *id),
            Command::Arrange { game, values } => self.cmd_arrange(ctx, *game, *values),
            Command::Games => self.cmd_games(ctx),
            Command::History(id) => self.cmd_history(ctx, *id),
            Command::Ladder(rule_set) => self.cmd_ladder(ctx, *rule_set),
            Command::Rating(user) => self.cmd_rating(ctx, user.as_deref()),
            Command::Rules(None) => Ok(Reply::done(help::rule_sets_text())),
            Command::Rules(Some(r)) => Ok(Reply::done(help::rules_text(*r))),
            Command::Vacation(days) => self.cmd_vacation(ctx, *days),
            Command::Help(topic) => Ok(Reply::done(help::help_text(topic.as_deref()))),
            Command::Link(code) => self.cmd_link(ctx, code.as_deref()),
            Command::Unlink => self.cmd_unlink(ctx),
            Command::Language(lang) => self.cmd_language(ctx, *lang),
            Command::Premove { game, line } => self.cmd_premove(ctx, *game, line),
            Command::Digest(words) => self.cmd_digest(ctx, words),
            Command::Pings(words) => self.cmd_pings(ctx, words),
            Command::Tournament { id, action } => self.cmd_tournament(ctx, *id, action),
            Command::Tournaments => self.cmd_tournaments(ctx),
            Command::League { rule_set, action } => self.cmd_league(ctx, *rule_set, action),
        }
    }

    /// The answer to a command that lost a race: what the game looks like now.
    fn conflict_reply(&self, id: u64) -> Reply {
        let text = t!("game-changed-meanwhile", id = id);
        let mut reply = Reply {
            kind: ReplyKind::Conflict,
            ..Reply::done(text)
        };
        if let Ok(Some(g)) = self.store.game(id)
            && let Ok(m) = g.doc.live()
        {
            match g.doc.result_text() {
                Some(r) => reply.line(r),
                None => reply.line(self.status_line(&g.doc, m.position(), self.now())),
            }
            reply
                .boards
                .push(g.doc.board_with_last_move(m.position(), self.now()));
        }
        reply
    }

    /// Records a user the first time they speak, their new name when it changed, and the
    /// channel they spoke in (`place`), per community, when it is a new one.
    fn touch_user(
        &self,
        user: &User,
        place: Option<(&CommunityId, &ChannelId)>,
        locale: Option<Lang>,
    ) -> Result<(), Failure> {
        let stored = self.store.user(&user.id)?;
        let mut doc = stored
            .as_ref()
            .map_or_else(|| UserDoc::new(user.clone()), |s| s.doc.clone());
        doc.user.name = user.name.clone();
        if let Some((community, channel)) = place {
            doc.seen_in.insert(community.0.clone(), channel.clone());
        }
        if locale.is_some() {
            doc.locale = locale;
        }
        if stored.as_ref().is_some_and(|s| s.doc == doc) {
            return Ok(());
        }
        match self.commit(
            Commit {
                users: vec![(stored, doc)],
                ..Commit::default()
            },
            None,
        ) {
            // Someone else updated the same user at the same moment: either write is fine.
            Err(Failure::Conflict(_)) => Ok(()),
            other => other.map(drop),
        }
    }

    /// The player a `@handle` names: the account on the platform the command was typed on,
    /// or the player that account is linked to, with their known name.
    fn resolve(&self, ctx: &Context, handle: &str) -> Result<User, Failure> {
        let id = UserId::new(ctx.platform(), handle);
        if id.key().contains('\0') {
            return Err(Failure::Refused(t!("not-a-user", handle = handle)));
        }
        // Someone this platform has never seen may be a player of another platform, named.
        let id = match self.store.user(&id)? {
            Some(_) => id,
            None => self.player_named(handle)?.unwrap_or(id),
        };
        let id = self.player_of(&id)?;
        let name = self
            .store
            .user(&id)?
            .map_or_else(|| handle.to_string(), |u| u.doc.user.name);
        Ok(User { id, name })
    }

    /// Applies a commit; a lost compare-and-swap becomes [`Failure::Conflict`] for `game`.
    fn commit(&self, commit: Commit, game: Option<u64>) -> Result<Vec<game::GameDoc>, Failure> {
        match self.store.commit(commit) {
            Ok(written) => Ok(written.into_iter().map(|g| g.doc).collect()),
            Err(CommitError::Conflict) => Err(Failure::Conflict(game.unwrap_or(0))),
            Err(CommitError::Store(e)) => Err(Failure::Store(e)),
        }
    }

    /// The dice RNG (a poisoned lock still holds a usable RNG).
    fn rng(&self) -> MutexGuard<'_, StdRng> {
        self.rng.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// When the player to move is reminded: seconds before the deadline, largest first
    /// (`reminder_hours`, then `last_reminder_minutes`), each at most once per turn.
    fn reminders(&self) -> Vec<i64> {
        let mut r = vec![
            i64::from(self.config.reminder_hours) * HOUR,
            i64::from(self.config.last_reminder_minutes) * clock::MINUTE,
        ];
        r.retain(|s| *s > 0);
        r.sort_unstable_by(|a, b| b.cmp(a));
        r.dedup();
        r
    }
}

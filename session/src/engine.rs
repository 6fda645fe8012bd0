//! The built-in engine's turns: which games wait for its move, and playing the move its
//! search found (who it is as a player: `skald_model::engine_player`).
//!
//! The engine is a user of its own platform, `skald`, whose id is its level (`skald:hard`),
//! so a game records which level plays without any new stored field. The session only says
//! whose move it is and hands out the engine's *view* of the position (never the full one):
//! a typed [`PositionView`], redacted for the engine's seat, so nothing is written as notation
//! only to be read back. The driver (`crate::engine_driver`) searches it on its pool of
//! worker threads, off the adapters' runtime, and hands the typed move back through
//! [`Cx::play_engine_move`], which plays it as the engine's `move` command would.
//!
//! The engine moves at once, so it is never reminded; a deadline that passes while the engine
//! is to move (its driver failed) does not end the game but is logged and pushed back.
//!
//! Against the engine, people learn: `takeback` undoes their last move and the engine's
//! answer to it at once (a person's takeback must come before the opponent moves, which the
//! engine always does at once). The engine agrees to no draw: it plays every game to its end.

use super::clock::DAY;
use super::messages::move_refusal;
use super::store::Stored;
use super::{Context, Cx, Failure, Notice, Reply};
use skald_ai::{Budget, Level, PositionView};
use skald_model::game::GameDoc;
use skald_rules::{AnyMove, RuleSetId, Seat, Status};

/// How the engine's moves are told when their notices are written in their commits
/// ([`Cx::play_engine_move_announced`]).
#[derive(Clone, Debug, Default)]
pub struct Announce {
    /// The steps of a dice turn told in one message, with the board after the last (the
    /// chat platforms); otherwise each step in a message of its own (a transcript).
    pub merge: bool,
    /// For a step told on its own: the command the engine would have typed, which a
    /// transcript prints before the answer.
    pub said: Option<crate::reply::Said>,
}

pub use skald_model::engine_player::{ENGINE_PLATFORM, engine_user, is_engine};

/// A game where the engine is to move: everything a search needs, and nothing hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineTurn {
    /// The game's number.
    pub game: u64,
    /// Who speaks the engine's move, and where.
    pub ctx: Context,
    /// The game's first home (`ctx.channel`) with the platform posting there
    /// ([`GameDoc::platform_of`]): where its move is told if the game cannot be read again.
    pub home: crate::identity::Home,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// The engine's seat.
    pub seat: Seat,
    /// The engine's level.
    pub level: Level,
    /// The level's search budget, scaled by `[ai] budget_scale` (`None`: random moves).
    pub budget: Option<Budget>,
    /// The position as the engine's seat sees it, typed: the opponent's hidden values are
    /// unknown in it (built only by [`PositionView::new`], which redacts).
    pub view: PositionView,
    /// A seed for the search, from the game and its ply, so transcripts repeat.
    pub seed: u64,
}

impl Cx {
    /// `takeback` by the person playing the engine: their last move and the engine's answer
    /// are undone together, at once, on their turn (while the engine still thinks, they wait
    /// for its move first). Grid games only: the caller refuses the dice games before.
    pub(super) fn takeback_against_engine(
        &self,
        stored: &Stored<GameDoc>,
        seat: Seat,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let live = g.live()?;
        if live.position().status() != (Status::Move { seat }) {
            return Err(Failure::Refused(crate::t!(
                "takeback-engine-thinking",
                id = g.id
            )));
        }
        let moves = g.moves_played();
        // On the person's turn, the last move is the engine's and the one before is theirs.
        if moves < 2 {
            return Err(Failure::Refused(crate::t!(
                "game-takeback-nothing",
                id = g.id
            )));
        }
        let headline = crate::t!("game-takeback-engine", id = g.id, player = g.label(seat));
        self.undo_moves(stored, &[seat.other(), seat], headline, None)
    }

    /// A due deadline in a game where the engine is to move: the engine moves at once, so its
    /// driver failed (or the bot was busy). No reminder, no timeout: the deadline moves on by
    /// the game's days per move and the log says so; the driver tries again in its next round.
    pub(super) fn engine_deadline(
        &self,
        id: u64,
        now: super::clock::Timestamp,
    ) -> Result<Option<Vec<crate::Notice>>, Failure> {
        let Some(stored) = self.store.game(id)? else {
            return Ok(None);
        };
        let mut next = stored.doc.clone();
        next.clock.remind_at = None;
        if now >= next.clock.deadline {
            // Its own bank never runs out: it gets a full one again (or a day per move).
            let turn = next
                .bank
                .map_or(i64::from(next.days.max(1)) * DAY, |b| b.start);
            next.clock.shift(turn);
            tracing::warn!(
                game = id,
                "the engine has not moved by its deadline; the deadline moves on and the engine tries again"
            );
        }
        self.commit_game(stored, next)?;
        Ok(None)
    }

    /// The active games where an engine is to move, oldest first. Reads every active game
    /// the engine plays (a few per player at most: the game limit applies to its human
    /// opponents), once per driver round; games that cannot be read are skipped.
    pub fn engine_turns(&self) -> Result<Vec<EngineTurn>, Failure> {
        let mut turns = Vec::new();
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let user = engine_user(level);
            for stored in self.games_of(&user.id, true, usize::MAX)? {
                let g = &stored.doc;
                let Some(seat) = g.seat_of(&user.id) else {
                    continue;
                };
                // A game whose stored position no longer reads is skipped (and named in
                // the log), so it does not stop the engine in every other game.
                let live = match g.live() {
                    Ok(live) => live,
                    Err(_) => {
                        tracing::warn!(game = g.id, "the engine skips a game it cannot read");
                        continue;
                    }
                };
                let position = live.position();
                if position.status() != (Status::Move { seat }) {
                    continue;
                }
                let Ok(view) = PositionView::new(position, seat) else {
                    tracing::warn!(
                        game = g.id,
                        "the engine skips a game whose view it cannot make"
                    );
                    continue;
                };
                turns.push(EngineTurn {
                    game: g.id,
                    ctx: Context {
                        user: user.clone(),
                        community: g.community.clone(),
                        channel: g.channel.clone(),
                        private: false,
                        account: None,
                        locale: None,
                        admin: false,
                    },
                    home: crate::identity::Home {
                        platform: g.platform_of(&g.homes()[0]),
                        channel: g.channel.clone(),
                    },
                    rule_set: g.rule_set(),
                    seat,
                    level,
                    budget: level
                        .budget()
                        .map(|b| b.scaled(self.config.engine_budget_scale)),
                    view,
                    seed: g
                        .id
                        .wrapping_mul(1_000_003)
                        .wrapping_add(u64::from(position.ply())),
                });
            }
        }
        turns.sort_by_key(|t| t.game);
        Ok(turns)
    }

    /// Plays the engine's typed answer to `turn`, as the engine's `move #id <move>` command
    /// would, without writing the move as text to parse back. Refused (and nothing changes)
    /// when the game moved on while the engine thought: it ended, or its position is no
    /// longer the one the engine saw.
    pub fn play_engine_move(&self, turn: &EngineTurn, mv: AnyMove) -> Reply {
        crate::store::memo::Memo::scope(|| {
            let played = self
                .engine_move(turn, mv)
                .and_then(|reply| self.touch_user(&turn.ctx.user, None, None).map(|()| reply));
            self.answer(played)
        })
    }

    /// [`Cx::play_engine_move`], with the move's notices for the game's homes written
    /// into the outbox in the move's own commit, told as `how` says: a process killed
    /// right after the move cannot have played it without telling it. The reply is the
    /// same as [`Cx::play_engine_move`]'s; its notices are already stored.
    pub fn play_engine_move_announced(
        &self,
        turn: &EngineTurn,
        mv: AnyMove,
        how: &Announce,
    ) -> Reply {
        crate::store::memo::Memo::scope(|| {
            let played = self
                .engine_move_told(turn, mv, Some(how))
                .and_then(|reply| self.touch_user(&turn.ctx.user, None, None).map(|()| reply));
            self.answer(played)
        })
    }

    /// The notices of an engine's move about `shown` (the game as its commit writes it):
    /// `reply` in each home, after what the earlier steps of its turn said (`earlier`).
    pub(crate) fn engine_notices(
        &self,
        shown: &GameDoc,
        mut reply: Reply,
        earlier: &[skald_lang::Text],
        how: &Announce,
    ) -> Vec<Notice> {
        if !earlier.is_empty() {
            let mut text = skald_lang::Text::default();
            for step in earlier {
                text.line(step.clone());
            }
            text.line(std::mem::take(&mut reply.text));
            reply.text = text;
        }
        let mut notices = self.fan_out(shown, reply);
        if let Some(said) = &how.said {
            for n in &mut notices {
                n.said = Some(said.clone());
            }
        }
        notices
    }

    /// [`Cx::play_engine_move`] before the failure becomes a reply.
    fn engine_move(&self, turn: &EngineTurn, mv: AnyMove) -> Result<Reply, Failure> {
        self.engine_move_told(turn, mv, None)
    }

    /// The engine's move, its notices in its commit when `how` says how to tell them.
    fn engine_move_told(
        &self,
        turn: &EngineTurn,
        mv: AnyMove,
        how: Option<&Announce>,
    ) -> Result<Reply, Failure> {
        let Some(stored) = self.store.game(turn.game)? else {
            return Err(Failure::Refused(crate::t!(
                "engine-no-game",
                id = turn.game
            )));
        };
        let g = &stored.doc;
        if g.end.is_some() || g.seat_of(&turn.ctx.user.id) != Some(turn.seat) {
            return Err(Failure::Refused(crate::t!(
                "engine-not-its-game",
                id = g.id
            )));
        }
        let mut m = g.live()?;
        let position = m.position();
        if position.status() != (Status::Move { seat: turn.seat })
            || position.ply() != turn.view.ply()
        {
            return Err(Failure::Refused(crate::t!(
                "engine-game-changed",
                id = g.id
            )));
        }
        let events = {
            let mut rng = self.rng();
            m.play_move(mv, &mut *rng)
        };
        let events = events
            .map_err(|e| Failure::Refused(move_refusal(m.position(), &mv.to_string(), &e, 10)))?;
        self.commit_moves(&stored, &m, turn.seat, &[mv.to_string()], &events, how)
    }
}

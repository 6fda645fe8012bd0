//! A game as the session keeps it ([`GameDoc`]: players, record, clock, offers, result) and
//! the commands that act on one: move, arrange, board, moves, resign, abort, draw, takeback.

use super::clock::{DAY, Timestamp, describe_duration};
use super::identity::{ChannelId, CommunityId, Context, User, UserId};
use super::ladder::RatingChange;
use super::messages::{describe_event_with, describe_status_with, move_list, move_refusal};
use super::reply::{Board, Choice, Private, Reply};
use super::store::{Commit, StoreError, Stored};
use super::{Failure, Session};
use serde::{Deserialize, Serialize};
use skald_rules::{
    Action, Event, Match, MoveError, Outcome, Position, Record, ReplayError, RuleSetId, Seat,
    Status,
};

/// How many legal moves a refusal lists before saying "and N more".
const LEGAL_MOVES_SHOWN: usize = 40;
/// How many lines `moves` and `history #id` show before leaving the oldest out.
const MOVE_LINES_SHOWN: usize = 60;

/// The clock of the player to act: when their turn began, when it runs out, and when to
/// remind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// Whose turn it is.
    pub seat: Seat,
    /// When the turn began (or the clock was last reset by a move).
    pub since: Timestamp,
    /// When the player runs out of time.
    pub deadline: Timestamp,
    /// When to send the reminder; `None` once sent or when the turn is too short for one.
    pub remind_at: Option<Timestamp>,
}

impl TurnClock {
    /// Moves the deadline and a pending reminder later by `secs` (a vacation, down time).
    pub fn shift(&mut self, secs: i64) {
        self.deadline = self.deadline.plus(secs);
        self.remind_at = self.remind_at.map(|r| r.plus(secs));
    }
}

/// How a game ended, beyond what the rules decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// The rules ended it (capture, escape, score, repetition...).
    Rules(Outcome),
    /// This seat resigned.
    Resigned(Seat),
    /// This seat ran out of time after both players had moved: a loss.
    TimedOut(Seat),
    /// The players agreed a draw.
    DrawAgreed,
    /// This seat aborted before both had moved: no result.
    Aborted(Seat),
    /// This seat ran out of time before both had moved: no result.
    AbortedOnTime(Seat),
}

impl GameResult {
    /// `Some(winner)` (`Some(None)`: a draw) for results that count; `None` for aborts.
    pub fn winner(&self) -> Option<Option<Seat>> {
        match self {
            GameResult::Rules(o) => Some(o.winner),
            GameResult::Resigned(s) | GameResult::TimedOut(s) => Some(Some(s.other())),
            GameResult::DrawAgreed => Some(None),
            GameResult::Aborted(_) | GameResult::AbortedOnTime(_) => None,
        }
    }
}

/// A finished game's result, when it came, and the rating changes it caused.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnd {
    /// When it ended.
    pub at: Timestamp,
    /// How.
    pub result: GameResult,
    /// Seat A's and seat B's rating changes (ranked games with a result); filled in by the
    /// store when the game ends.
    pub ratings: Option<[RatingChange; 2]>,
}

/// A game as stored: everything to continue it, show it and rate it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameDoc {
    /// The game's number (the challenge's number).
    pub id: u64,
    /// Bumped on every write; shown in conflicts and usable by adapters for stale buttons.
    pub version: u64,
    /// The ladder the game counts for.
    pub community: CommunityId,
    /// Where the game lives and notifications go.
    pub channel: ChannelId,
    /// Seat A's and seat B's players.
    pub players: [User; 2],
    /// Whether the result counts for the ladder.
    pub ranked: bool,
    /// Days per move.
    pub days: u32,
    /// The replayable record: start position, rolls, moves, arrangements. The truth.
    pub record: Record,
    /// The current position in full notation: the record replayed, kept so a command
    /// costs the same in move 300 as in move 3 (see [`GameDoc::live`]).
    pub position: String,
    /// When the game began.
    pub started: Timestamp,
    /// The player to act's clock (meaningless once the game is over).
    pub clock: TurnClock,
    /// Move commands accepted per seat (abort is allowed while either is 0).
    pub moved: [u32; 2],
    /// A standing draw offer, by this seat.
    pub draw_offer: Option<Seat>,
    /// A standing takeback request, by this seat.
    pub takeback: Option<Seat>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<u64>,
    /// The rematch challenge (or game) made from this game.
    pub rematch: Option<u64>,
    /// The result, once over.
    pub end: Option<GameEnd>,
}

impl GameDoc {
    /// The rule set played.
    pub fn rule_set(&self) -> RuleSetId {
        self.record.rule_set
    }

    /// Which seat a user plays, if any.
    pub fn seat_of(&self, user: &UserId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == *user)
    }

    /// The players' names, seat A first.
    pub fn names(&self) -> [String; 2] {
        [self.players[0].name.clone(), self.players[1].name.clone()]
    }

    /// `alice (Attackers)`.
    pub fn label(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            self.players[seat.index()].name,
            self.rule_set().seat_names()[seat.index()]
        )
    }

    /// Whether the game may still be aborted: before both players have moved once.
    pub fn abortable(&self) -> bool {
        self.moved.contains(&0)
    }

    /// When the scheduler must next look at this game (reminder or timeout).
    pub fn wake(&self) -> Option<Timestamp> {
        if self.end.is_some() {
            return None;
        }
        Some(self.clock.remind_at.unwrap_or(self.clock.deadline))
    }

    /// How many moves the record holds (rolls and arrangements not counted).
    pub fn moves_played(&self) -> usize {
        self.record
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .count()
    }

    /// The game ready to play on: the stored position with the record. Falls back to
    /// replaying the record if the stored position cannot be read.
    pub fn live(&self) -> Result<Match, Failure> {
        match super::parsed::position(self.record.rule_set, &self.position) {
            Ok(position) => Ok(Match::resume(self.record.clone(), position)),
            Err(_) => {
                // Not logging the error: it may quote hidden values.
                tracing::warn!(
                    game = self.id,
                    "stored position unreadable; replaying the record"
                );
                replay(self.record.clone(), self.id)
            }
        }
    }

    /// Stores a new state of the game: its record and the position it leads to.
    pub fn set(&mut self, live: &Match) {
        self.record = live.record().clone();
        self.position = super::parsed::notation_of(live.position());
    }

    /// Starts `seat`'s turn at `now`: the deadline is `days` after `now`, or after the end
    /// of the player's vacation (`paused_until`); the reminder comes `remind` seconds
    /// before the deadline if that is still ahead.
    pub fn start_turn(
        &mut self,
        seat: Seat,
        now: Timestamp,
        paused_until: Option<Timestamp>,
        remind: i64,
    ) {
        let base = paused_until.map_or(now, |p| p.max(now));
        let deadline = base.plus(i64::from(self.days) * DAY);
        let remind_at = deadline.plus(-remind);
        self.clock = TurnClock {
            seat,
            since: now,
            deadline,
            remind_at: (remind > 0 && remind_at > base).then_some(remind_at),
        };
    }

    /// Ends the game now with `result`.
    pub fn finish(&mut self, result: GameResult, now: Timestamp) {
        self.end = Some(GameEnd {
            at: now,
            result,
            ratings: None,
        });
        self.draw_offer = None;
        self.takeback = None;
    }

    /// The game in one line for lists: `#3 Hnefatafl 11x11, alice vs bob`.
    pub fn title(&self) -> String {
        format!(
            "#{} {}, {} vs {}",
            self.id,
            self.rule_set().name(),
            self.players[0].name,
            self.players[1].name
        )
    }

    /// How the game ended, in one clause without the ratings ("bob (Black) resigned; alice
    /// (White) wins"); `None` while it goes on.
    pub fn result_line(&self) -> Option<String> {
        let end = self.end.as_ref()?;
        let l = |s: Seat| self.label(s);
        Some(match end.result {
            GameResult::Rules(o) => {
                let mut s = match o.winner {
                    Some(w) => format!("{} wins: {}", l(w), o.reason_with(&l)),
                    None => format!("Draw: {}", o.reason_with(&l)),
                };
                if let Some([a, b]) = o.scores {
                    s.push_str(&format!(" (score {a} to {b})"));
                }
                s
            }
            GameResult::Resigned(s) => format!("{} resigned; {} wins", l(s), l(s.other())),
            GameResult::TimedOut(s) => {
                format!("{} ran out of time; {} wins", l(s), l(s.other()))
            }
            GameResult::DrawAgreed => "Drawn by agreement".to_string(),
            GameResult::Aborted(s) => format!("Aborted by {}; no result", l(s)),
            GameResult::AbortedOnTime(s) => format!(
                "{} ran out of time before both players had moved; the game is aborted without result",
                l(s)
            ),
        })
    }

    /// The result in a sentence, with the rating changes.
    pub fn result_text(&self) -> Option<String> {
        let end = self.end.as_ref()?;
        let mut text = self.result_line()?;
        text.push('.');
        if let Some([a, b]) = end.ratings {
            text.push_str(&format!(
                "\nRatings ({}): {} {}, {} {}.",
                self.rule_set().name(),
                self.players[0].name,
                a.describe(),
                self.players[1].name,
                b.describe()
            ));
        } else if !self.ranked && end.result.winner().is_some() {
            text.push_str("\nA casual game: ratings are unchanged.");
        }
        Some(text)
    }

    /// The public board of the current position: every value shown once the game is over,
    /// however it ended (Subulata's rules reveal all values in the final result).
    pub fn board(&self, position: &Position, last_move: Vec<Event>) -> Board {
        let alt = format!(
            "{}: {}",
            self.title(),
            describe_status_with(position, &|s| self.label(s))
        );
        let mut board = Board::public(self.id, position, last_move, self.names(), alt);
        if self.end.is_none() {
            return board;
        }
        // Ended outside the rules: the position still says whose turn it was, so the board
        // says how the game ended instead (in its picture, its text and its alt text).
        if position.status().outcome().is_none()
            && let Some(line) = self.result_line()
        {
            board.alt = format!("{}: game over, {line}", self.title());
            board.result = Some(line);
        }
        board.revealed()
    }
}

/// Rebuilds a game by replaying its record (for a new game, a takeback, or a damaged stored
/// position), with an error that never quotes the record (it may hold hidden values).
pub fn replay(record: Record, game: u64) -> Result<Match, Failure> {
    Match::from_record(record).map_err(|e| {
        let what = match e {
            ReplayError::TooNew(v) => format!("record format {v} is too new"),
            ReplayError::Start(_) => "its starting position cannot be read".to_string(),
            ReplayError::Action { index, .. } => format!("action {index} does not apply"),
        };
        tracing::error!(game, problem = %what, "stored record does not replay");
        Failure::Refused(super::damaged::unreadable_text(
            game,
            &format!("its record no longer replays ({what})"),
        ))
    })
}

/// The events of the last move and the rolls after it, for highlighting it on a board.
fn last_move_events(record: &Record) -> Vec<Event> {
    let mut events = Vec::new();
    let replayed = Match::replay_with(record.clone(), |_, action, evs| {
        if matches!(action, Action::Move(_)) {
            events.clear();
        }
        events.extend_from_slice(evs);
    });
    if replayed.is_err() {
        return Vec::new();
    }
    // Rolls before the first move are no move's.
    if !record.actions.iter().any(|a| matches!(a, Action::Move(_))) {
        return Vec::new();
    }
    events
}

/// Picks the text of the next move from the typed tokens: one token, three when a separator
/// stands alone between spaces (`f2 - f5`), or two joined by a space when the game writes
/// moves that way (`f2 f5`, `13 1`). Returns the text and how many tokens it used.
fn next_move_text(position: &Position, tokens: &[String]) -> (String, usize) {
    let first = tokens[0].clone();
    if position.canonical_move(&first).is_ok() {
        return (first, 1);
    }
    // `f2 - f5`: a separator typed between spaces.
    if let [_, sep, third, ..] = tokens
        && matches!(sep.as_str(), "-" | "x" | "X" | ":")
    {
        let joined = format!("{first}{sep}{third}");
        if position.canonical_move(&joined).is_ok() {
            return (joined, 3);
        }
    }
    if let Some(second) = tokens.get(1) {
        let joined = format!("{first} {second}");
        if position.canonical_move(&joined).is_ok() {
            return (joined, 2);
        }
    }
    if let Some(mv) = numbered_move(position, &first) {
        return (mv, 1);
    }
    (first, 1)
}

/// In a dice game, `N` alone (not itself a move) picks the N-th legal move, counting
/// from 1 in the order of [`Position::legal_moves`], which is the order of the reply's
/// move choices: chat adapters list them numbered so a phone player can type `move 2`.
pub fn numbered_move(position: &Position, token: &str) -> Option<String> {
    if !position.rule_set().uses_dice() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = token.parse().ok()?;
    position.legal_moves().into_iter().nth(n.checked_sub(1)?)
}

/// A game that cannot be read: its number and what is wrong.
pub(super) type Damaged = (u64, String);

impl Session {
    /// A user's active games, oldest first, or finished games, newest first (at most
    /// `limit`).
    pub(super) fn games_of(
        &self,
        user: &UserId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<Stored<GameDoc>>, Failure> {
        Ok(self.games_and_damaged_of(user, active, limit)?.0)
    }

    /// [`Session::games_of`], and the numbers of the user's games that cannot be read (left
    /// out of the list, so one damaged game does not hide the others).
    pub(super) fn games_and_damaged_of(
        &self,
        user: &UserId,
        active: bool,
        limit: usize,
    ) -> Result<(Vec<Stored<GameDoc>>, Vec<Damaged>), Failure> {
        let mut ids: Vec<u64> = self
            .store
            .user_games(user)?
            .into_iter()
            .filter(|(_, a)| *a == active)
            .map(|(id, _)| id)
            .collect();
        if !active {
            ids.reverse();
        }
        let mut games = Vec::new();
        let mut damaged = Vec::new();
        for id in ids.into_iter().take(limit) {
            match self.store.game(id) {
                Ok(Some(g)) => games.push(g),
                Ok(None) => {}
                Err(StoreError::UnreadableGame { id, reason }) => {
                    tracing::error!(game = id, %reason, "a stored game cannot be read; left out of a list");
                    damaged.push((id, reason));
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok((games, damaged))
    }

    /// The game a command is about: `#id`, or the speaker's only active game in the channel.
    pub(super) fn find_game(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
    ) -> Result<Stored<GameDoc>, Failure> {
        self.find_game_or_last(ctx, id, example, false)
    }

    /// The game `board` and `moves` show: as [`Self::find_game`], but with no active game
    /// here the speaker's most recently finished one, so a player can look back at the game
    /// that just ended without looking up its number.
    pub(super) fn find_game_to_show(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
    ) -> Result<Stored<GameDoc>, Failure> {
        self.find_game_or_last(ctx, id, example, true)
    }

    /// [`Self::find_game`], falling back on the last finished game here if `or_last`.
    fn find_game_or_last(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
        or_last: bool,
    ) -> Result<Stored<GameDoc>, Failure> {
        if let Some(id) = id {
            return match self.store.game(id)? {
                Some(g) => Ok(g),
                None if self.store.challenge(id)?.is_some() => Err(Failure::Refused(format!(
                    "#{id} is a challenge nobody has accepted yet, not a game; `accept #{id}` starts it"
                ))),
                None => Err(Failure::Refused(format!(
                    "there is no game #{id}; `games` lists yours"
                ))),
            };
        }
        let mut here: Vec<Stored<GameDoc>> = self
            .games_of(&ctx.user.id, true, usize::MAX)?
            .into_iter()
            .filter(|g| g.doc.channel == ctx.channel)
            .collect();
        match here.len() {
            1 => Ok(here.remove(0)),
            0 => {
                let none = || {
                    Failure::Refused(
                    "you have no active game here; name one with #id (`games` lists yours) or start one with `challenge <rule-set>`"
                        .to_string(),
                )
                };
                match or_last.then(|| self.find_finished_game(ctx, None)) {
                    Some(Err(Failure::Refused(_))) | None => Err(none()),
                    Some(found) => found,
                }
            }
            _ => Err(Failure::Refused(format!(
                "you have {} active games here: {}; say which, like `{example}`",
                here.len(),
                here.iter()
                    .map(|g| g.doc.title())
                    .collect::<Vec<_>>()
                    .join("; "),
                example = example.replace("#id", &format!("#{}", here[0].doc.id))
            ))),
        }
    }

    /// The most recently finished game of the speaker in this channel, or `#id`.
    pub(super) fn find_finished_game(
        &self,
        ctx: &Context,
        id: Option<u64>,
    ) -> Result<Stored<GameDoc>, Failure> {
        if id.is_some() {
            return self.find_game(ctx, id, "");
        }
        self.games_of(&ctx.user.id, false, usize::MAX)?
            .into_iter()
            .find(|g| g.doc.channel == ctx.channel)
            .ok_or_else(|| {
                Failure::Refused("you have no finished game here; name one with #id".to_string())
            })
    }

    /// Refuses a command sent to a game from another channel.
    pub(super) fn require_channel(&self, ctx: &Context, g: &GameDoc) -> Result<(), Failure> {
        if g.channel != ctx.channel {
            return Err(Failure::Refused(format!(
                "game #{} is played in another channel ({}); send this command there",
                g.id, g.channel
            )));
        }
        Ok(())
    }

    /// The speaker's seat in an active game, or a refusal.
    fn require_active_player(&self, ctx: &Context, g: &GameDoc) -> Result<Seat, Failure> {
        let Some(seat) = g.seat_of(&ctx.user.id) else {
            return Err(Failure::Refused(format!(
                "you are not playing game #{} ({} vs {})",
                g.id, g.players[0].name, g.players[1].name
            )));
        };
        if let Some(text) = g.result_text() {
            return Err(Failure::Refused(format!(
                "game #{} is over. {text}\n`rematch #{}` offers a new game; `history #{}` shows it.",
                g.id, g.id, g.id
            )));
        }
        Ok(seat)
    }

    /// When a user's clocks are paused until, if they are on vacation now.
    fn paused_until(&self, user: &UserId, now: Timestamp) -> Result<Option<Timestamp>, Failure> {
        Ok(self.store.user(user)?.and_then(|u| u.doc.on_vacation(now)))
    }

    /// Starts the turn of whoever must act in `m` (nothing when the game is over).
    pub(super) fn start_turn(
        &self,
        g: &mut GameDoc,
        m: &Match,
        now: Timestamp,
    ) -> Result<(), Failure> {
        if let Some(seat) = m.position().status().seat() {
            let paused = self.paused_until(&g.players[seat.index()].id, now)?;
            g.start_turn(seat, now, paused, self.reminder_secs());
        }
        Ok(())
    }

    /// The status line of an active game: who acts, with which dice, until when.
    pub(super) fn status_line(&self, g: &GameDoc, position: &Position, now: Timestamp) -> String {
        let status = describe_status_with(position, &|s| g.label(s));
        let mut line = format!("#{}: {status}", g.id);
        if g.end.is_none() {
            line.push_str(&format!(
                ", deadline {} (in {}).",
                g.clock.deadline,
                describe_duration(g.clock.deadline.since(now).max(0))
            ));
        } else {
            line.push('.');
        }
        line
    }

    /// The reply after a game changed: headline, what happened, where it stands, the board,
    /// pings, choices, and the next player's private view in Subulata.
    pub(super) fn game_reply(
        &self,
        g: &GameDoc,
        m: &Match,
        headline: String,
        events: &[Event],
        actor: Option<Seat>,
        now: Timestamp,
    ) -> Reply {
        let position = m.position();
        let mut reply = Reply::done(headline);
        for e in events {
            if matches!(e, Event::Moved { .. } | Event::GameOver(_)) {
                continue;
            }
            reply.line(format!(
                "  {}",
                describe_event_with(position, e, &|s| g.label(s))
            ));
        }
        match g.result_text() {
            Some(result) => {
                reply.line(result);
                for seat in Seat::BOTH {
                    if Some(seat) != actor {
                        reply.ping(&g.players[seat.index()].id);
                    }
                    reply.choices.push(Choice {
                        label: "rematch".into(),
                        command: format!("rematch #{}", g.id),
                        for_user: Some(g.players[seat.index()].id.clone()),
                    });
                }
            }
            None => {
                reply.line(self.status_line(g, position, now));
                if let Some(seat) = position.status().seat() {
                    let player = &g.players[seat.index()];
                    if Some(seat) != actor {
                        reply.ping(&player.id);
                    }
                    let listed = if g.rule_set().uses_dice() {
                        position.legal_moves()
                    } else {
                        Vec::new()
                    };
                    for mv in listed {
                        reply.choices.push(Choice {
                            command: format!("move #{} {mv}", g.id),
                            label: mv,
                            for_user: Some(player.id.clone()),
                        });
                    }
                }
            }
        }
        let board = g.board(position, events.to_vec());
        if g.end.is_none()
            && g.rule_set().has_hidden_information()
            && let Some(seat) = position.status().seat()
        {
            reply.private.push(Private {
                to: g.players[seat.index()].id.clone(),
                name: g.players[seat.index()].name.clone(),
                text: format!(
                    "Game #{}: your pieces with their values (only you see them):",
                    g.id
                ),
                boards: vec![Board::private(&board, seat)],
            });
        }
        reply.with_board(board)
    }

    /// `move [#id] <move> ...`: plays the moves in order, all or none.
    pub(super) fn cmd_move(
        &self,
        ctx: &Context,
        id: Option<u64>,
        tokens: &[String],
    ) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "move #id <move>")?;
        let g = &stored.doc;
        self.require_channel(ctx, g)?;
        let seat = self.require_active_player(ctx, g)?;
        let mut m = g.live()?;
        if m.position().status().seat() != Some(seat) {
            return Err(Failure::Refused(format!(
                "it is not your turn; {}",
                self.status_line(g, m.position(), self.now())
            )));
        }
        let mut events = Vec::new();
        let mut played = Vec::new();
        {
            let mut rng = self.rng();
            let mut i = 0;
            let rolls = |m: &Match| {
                m.record()
                    .actions
                    .iter()
                    .filter(|a| matches!(a, Action::Roll(_)))
                    .count()
            };
            let rolls_before = rolls(&m);
            while i < tokens.len() {
                // Nothing typed after a roll is played: the player must see the dice first,
                // and a refusal must not show (or let them undo) dice rolled in this command.
                let why = if m.position().status().seat() != Some(seat) {
                    Some("your turn was over")
                } else if rolls(&m) != rolls_before {
                    Some("the dice were rolled again")
                } else {
                    None
                };
                if let Some(why) = why {
                    return Err(Failure::Refused(format!(
                        "after {} {why}, so '{}' cannot follow; nothing was played. Send the moves up to {} first.",
                        played.join(" "),
                        tokens[i..].join(" "),
                        played.last().map_or("", String::as_str)
                    )));
                }
                let (text, used) = next_move_text(m.position(), &tokens[i..]);
                let canonical = m.position().canonical_move(&text);
                let result = canonical.and_then(|c| m.play(&c, &mut *rng).map(|ev| (c, ev)));
                match result {
                    Ok((c, ev)) => {
                        played.push(c);
                        events.extend(ev);
                    }
                    Err(e) => {
                        let mut msg = move_refusal(m.position(), &text, &e, LEGAL_MOVES_SHOWN);
                        if !played.is_empty() {
                            msg.push_str(&format!(
                                "\nnothing was played (not even {}): send the whole turn again",
                                played.join(" ")
                            ));
                        }
                        if matches!(e, MoveError::Syntax { .. }) && i == 0 && tokens.len() == 1 {
                            msg.push_str("\nusage: move [#id] <move> [<move> ...]");
                        }
                        return Err(Failure::Refused(msg));
                    }
                }
                i += used;
            }
        }
        self.commit_moves(&stored, &m, seat, &played, &events)
    }

    /// Stores the moves `seat` just played in `m` (their canonical notation in `played`, what
    /// they caused in `events`) and answers with the game's reply: what `move` and the
    /// engine's typed move ([`Session::play_engine_move`]) share once the moves are played.
    pub(super) fn commit_moves(
        &self,
        stored: &Stored<GameDoc>,
        m: &Match,
        seat: Seat,
        played: &[String],
        events: &[Event],
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let now = self.now();
        let mut next = g.clone();
        next.set(m);
        next.moved[seat.index()] += played.len() as u32;
        next.takeback = None;
        if next.draw_offer == Some(seat.other()) {
            next.draw_offer = None;
        }
        match m.position().status() {
            Status::Over(o) => next.finish(GameResult::Rules(o), now),
            _ => self.start_turn(&mut next, m, now)?,
        }
        let written = self.commit_game(stored.clone(), next)?;
        tracing::info!(game = g.id, moves = played.len(), "moves played");
        Ok(self.game_reply(
            &written,
            m,
            format!("#{}: {} played {}.", g.id, g.label(seat), played.join(" ")),
            events,
            Some(seat),
            now,
        ))
    }

    /// `arrange [#id] <values>`: a Subulata player's private placement.
    pub(super) fn cmd_arrange(
        &self,
        ctx: &Context,
        id: Option<u64>,
        values: [u8; 9],
    ) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "arrange #id <nine values>")?;
        let g = &stored.doc;
        let seat = self.require_active_player(ctx, g)?;
        if !g.rule_set().has_hidden_information() {
            return Err(Failure::Refused(format!(
                "game #{} is {}: only Subulata has a value arrangement",
                g.id,
                g.rule_set().name()
            )));
        }
        let mut m = g.live()?;
        m.arrange(seat, values)
            .map_err(|e| Failure::Refused(format!("cannot arrange in game #{}: {e}", g.id)))?;
        let mut next = g.clone();
        next.set(&m);
        let written = self.commit_game(stored.clone(), next)?;
        let board = written.board(m.position(), Vec::new());
        let mut reply = Reply::done(format!(
            "#{}: {} has arranged their pieces.",
            g.id,
            g.label(seat)
        ));
        reply.private.push(Private {
            to: ctx.user.id.clone(),
            name: ctx.user.name.clone(),
            text: format!(
                "Game #{}: your arrangement is set (you may change it until your first move):",
                g.id
            ),
            boards: vec![Board::private(&board, seat)],
        });
        Ok(reply)
    }

    /// `board [#id]`: the public board, and a player's own view privately in Subulata.
    pub(super) fn cmd_board(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let g = self.find_game_to_show(ctx, id, "board #id")?.doc;
        let m = g.live()?;
        let position = m.position();
        let board = g.board(position, last_move_events(&g.record));
        let mut reply = Reply::done(format!(
            "{} ({})",
            g.title(),
            if g.ranked { "ranked" } else { "casual" }
        ));
        match g.result_text() {
            Some(r) => reply.line(r),
            None => reply.line(self.status_line(&g, position, self.now())),
        }
        if let Some(seat) = g.seat_of(&ctx.user.id)
            && g.end.is_none()
            && g.rule_set().has_hidden_information()
        {
            reply.private.push(Private {
                to: ctx.user.id.clone(),
                name: ctx.user.name.clone(),
                text: format!("Game #{}: your pieces with their values:", g.id),
                boards: vec![Board::private(&board, seat)],
            });
        }
        Ok(reply.with_board(board))
    }

    /// `moves [#id]`: the move list so far.
    pub(super) fn cmd_moves(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let g = self.find_game_to_show(ctx, id, "moves #id")?.doc;
        Ok(Reply::done(self.moves_text(&g)))
    }

    /// A game's move list, the oldest lines left out beyond [`MOVE_LINES_SHOWN`].
    pub(super) fn moves_text(&self, g: &GameDoc) -> String {
        let lines = move_list(&g.record, &|s| g.label(s));
        let mut text = format!("{}: moves", g.title());
        if lines.is_empty() {
            text.push_str("\n(no moves yet)");
        }
        let skip = lines.len().saturating_sub(MOVE_LINES_SHOWN);
        if skip > 0 {
            text.push_str(&format!("\n(the first {skip} lines are left out)"));
        }
        for l in &lines[skip..] {
            text.push('\n');
            text.push_str(l);
        }
        text
    }

    /// Ends a game by a player's command (resign, abort, agreed draw) and replies.
    fn end_by_command(
        &self,
        stored: &Stored<GameDoc>,
        seat: Seat,
        result: GameResult,
        headline: String,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let m = g.live()?;
        let now = self.now();
        let mut next = g.clone();
        next.finish(result, now);
        let written = self.commit_game(stored.clone(), next)?;
        tracing::info!(game = g.id, ?result, "game ended by command");
        Ok(self.game_reply(&written, &m, headline, &[], Some(seat), now))
    }

    /// `resign [#id]`.
    pub(super) fn cmd_resign(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "resign #id")?;
        self.require_channel(ctx, &stored.doc)?;
        let seat = self.require_active_player(ctx, &stored.doc)?;
        let headline = format!("#{}: {} resigns.", stored.doc.id, stored.doc.label(seat));
        self.end_by_command(&stored, seat, GameResult::Resigned(seat), headline)
    }

    /// `abort [#id]`: only before both players have moved.
    pub(super) fn cmd_abort(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "abort #id")?;
        self.require_channel(ctx, &stored.doc)?;
        let seat = self.require_active_player(ctx, &stored.doc)?;
        if !stored.doc.abortable() {
            return Err(Failure::Refused(format!(
                "game #{} cannot be aborted: both players have moved. `resign #{}` gives it up, `draw #{}` offers a draw.",
                stored.doc.id, stored.doc.id, stored.doc.id
            )));
        }
        let headline = format!(
            "#{}: {} aborts the game.",
            stored.doc.id,
            stored.doc.label(seat)
        );
        self.end_by_command(&stored, seat, GameResult::Aborted(seat), headline)
    }

    /// `draw [#id]`: offers a draw, or accepts the opponent's offer.
    pub(super) fn cmd_draw(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "draw #id")?;
        let g = &stored.doc;
        self.require_channel(ctx, g)?;
        let seat = self.require_active_player(ctx, g)?;
        let rule_set = g.rule_set();
        if !rule_set.has_draws() {
            return Err(Failure::Refused(format!(
                "{} has no draws: a game always ends with a winner. `resign #{}` gives it up.",
                rule_set.name(),
                g.id
            )));
        }
        if super::engine::is_engine(&g.players[seat.other().index()].id) {
            return Err(Failure::Refused(format!(
                "skald, the built-in engine, plays every game to its end and agrees to no draw; play on, or `resign #{}` to give the game up",
                g.id
            )));
        }
        match g.draw_offer {
            Some(s) if s == seat.other() => {
                let headline = format!("#{}: {} accepts the draw offer.", g.id, g.label(seat));
                self.end_by_command(&stored, seat, GameResult::DrawAgreed, headline)
            }
            Some(_) => Err(Failure::Refused(format!(
                "you already offered a draw in game #{}; it stands until {} answers or moves",
                g.id,
                g.label(seat.other())
            ))),
            None => {
                let mut next = g.clone();
                next.draw_offer = Some(seat);
                self.make_offer(&stored, next, seat, "offers a draw", "draw", "accepts")
            }
        }
    }

    /// Stores `next` (with `seat`'s standing offer) and tells the opponent how to answer:
    /// `#3: alice (White) offers a draw. bob: `draw #3` accepts, `decline #3` refuses …`.
    fn make_offer(
        &self,
        stored: &Stored<GameDoc>,
        next: GameDoc,
        seat: Seat,
        offer: &str,
        verb: &str,
        accepts: &str,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        self.commit_game(stored.clone(), next)?;
        let other = &g.players[seat.other().index()];
        let mut reply = Reply::done(format!(
            "#{}: {} {offer}. {}: `{verb} #{}` {accepts}, `decline #{}` refuses (moving refuses too).",
            g.id,
            g.label(seat),
            other.name,
            g.id,
            g.id
        ));
        reply.ping(&other.id);
        self.offer_choices(&mut reply, g, other, verb);
        Ok(reply)
    }

    /// Buttons for answering an offer.
    fn offer_choices(&self, reply: &mut Reply, g: &GameDoc, to: &User, verb: &str) {
        for (label, cmd) in [("accept", verb), ("decline", "decline")] {
            reply.choices.push(Choice {
                label: label.into(),
                command: format!("{cmd} #{}", g.id),
                for_user: Some(to.id.clone()),
            });
        }
    }

    /// `takeback [#id]`: asks to undo one's last move, or grants the opponent's request.
    /// Takes back the last moves of the game, one per seat in `movers` (the last mover
    /// first), and starts the turn of whoever is then to move; `actor` answered the request.
    pub(super) fn undo_moves(
        &self,
        stored: &Stored<GameDoc>,
        movers: &[Seat],
        headline: String,
        actor: Option<Seat>,
    ) -> Result<Reply, Failure> {
        let g = &stored.doc;
        let mut record = g.record.clone();
        for _ in movers {
            if let Some(pos) = record
                .actions
                .iter()
                .rposition(|a| matches!(a, Action::Move(_)))
            {
                record.actions.remove(pos);
            }
        }
        let m = replay(record, g.id)?;
        let mut next = g.clone();
        next.set(&m);
        for s in movers {
            next.moved[s.index()] = next.moved[s.index()].saturating_sub(1);
        }
        next.takeback = None;
        let now = self.now();
        self.start_turn(&mut next, &m, now)?;
        let written = self.commit_game(stored.clone(), next)?;
        Ok(self.game_reply(&written, &m, headline, &[], actor, now))
    }

    pub(super) fn cmd_takeback(&self, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
        let stored = self.find_game(ctx, id, "takeback #id")?;
        let g = &stored.doc;
        self.require_channel(ctx, g)?;
        let seat = self.require_active_player(ctx, g)?;
        if g.rule_set().uses_dice() {
            return Err(Failure::Refused(format!(
                "{} has dice: moves cannot be taken back once the dice fell",
                g.rule_set().name()
            )));
        }
        if super::engine::is_engine(&g.players[seat.other().index()].id) {
            return self.takeback_against_engine(&stored, seat);
        }
        let moves = g.moves_played();
        // Grid games alternate strictly, seat A first: the parity says who moved last.
        let last_mover = match moves {
            0 => None,
            n if n % 2 == 1 => Some(Seat::A),
            _ => Some(Seat::B),
        };
        match (g.takeback, last_mover) {
            (Some(asker), Some(mover)) if asker == seat.other() && mover == asker => {
                let headline = format!(
                    "#{}: {} grants the takeback; {}'s last move is undone.",
                    g.id,
                    g.label(seat),
                    g.players[asker.index()].name
                );
                self.undo_moves(&stored, &[asker], headline, Some(seat))
            }
            (Some(asker), _) if asker == seat => Err(Failure::Refused(format!(
                "you already asked for a takeback in game #{}; waiting for {}",
                g.id,
                g.label(seat.other())
            ))),
            (_, Some(mover)) if mover == seat => {
                let mut next = g.clone();
                next.takeback = Some(seat);
                self.make_offer(
                    &stored,
                    next,
                    seat,
                    "asks to take back their last move",
                    "takeback",
                    "grants it",
                )
            }
            _ => Err(Failure::Refused(format!(
                "there is nothing for you to take back in game #{}: a takeback undoes your own last move, until your opponent moves",
                g.id
            ))),
        }
    }

    /// Declines a draw offer or takeback request in a game; `None` when none is pending
    /// for the speaker.
    pub(super) fn decline_offer(
        &self,
        ctx: &Context,
        stored: &Stored<GameDoc>,
    ) -> Result<Option<Reply>, Failure> {
        let g = &stored.doc;
        let Some(seat) = g.seat_of(&ctx.user.id) else {
            return Ok(None);
        };
        if g.end.is_some() {
            return Ok(None);
        }
        let other = seat.other();
        let what = if g.draw_offer == Some(other) {
            "draw offer"
        } else if g.takeback == Some(other) {
            "takeback request"
        } else {
            return Ok(None);
        };
        self.require_channel(ctx, g)?;
        let mut next = g.clone();
        if what == "draw offer" {
            next.draw_offer = None;
        } else {
            next.takeback = None;
        }
        self.commit_game(stored.clone(), next)?;
        let mut reply = Reply::done(format!(
            "#{}: {} declines the {what} of {}.",
            g.id,
            g.label(seat),
            g.players[other.index()].name
        ));
        reply.ping(&g.players[other.index()].id);
        Ok(Some(reply))
    }

    /// Whether a game has an offer pending for `user` to answer.
    pub(super) fn has_offer_for(g: &GameDoc, user: &UserId) -> bool {
        g.end.is_none()
            && g.seat_of(user)
                .is_some_and(|s| g.draw_offer == Some(s.other()) || g.takeback == Some(s.other()))
    }

    /// Commits one game write, mapping a lost race to the "game changed" answer.
    pub(super) fn commit_game(
        &self,
        before: Stored<GameDoc>,
        after: GameDoc,
    ) -> Result<GameDoc, Failure> {
        let id = after.id;
        let mut written = self.commit(
            Commit {
                games: vec![(Some(before), after)],
                ..Commit::default()
            },
            Some(id),
        )?;
        written
            .pop()
            .ok_or_else(|| Failure::Refused("nothing was written".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_results_that_count_have_a_winner() {
        assert_eq!(GameResult::Resigned(Seat::A).winner(), Some(Some(Seat::B)));
        assert_eq!(GameResult::TimedOut(Seat::B).winner(), Some(Some(Seat::A)));
        assert_eq!(GameResult::DrawAgreed.winner(), Some(None));
        assert_eq!(GameResult::Aborted(Seat::A).winner(), None);
        assert_eq!(GameResult::AbortedOnTime(Seat::A).winner(), None);
    }
}

//! The stored game document: [`GameDoc`] (players, record, clock, offers, result) and its
//! parts, as the `games` tree keeps them in JSON, with what reads and changes them.

pub mod otn;
mod show;

pub use show::last_move_events;

use crate::clock::{DAY, Timestamp};
use crate::damaged::{Unreadable, unreadable_text};
use crate::identity::{ChannelId, CommunityId, User, UserId};
use crate::ladder::RatingChange;
use serde::{Deserialize, Serialize};
use skald_rules::{Action, Match, Outcome, Record, ReplayError, RuleSetId, Seat};

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
    /// Seat A's and seat B's rating changes (ranked games with a result); filled in by
    /// [`Session::end_game`](crate::Session) when the game ends.
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
    /// Days per move (unless `bank` is set).
    pub days: u32,
    /// A time bank instead of days per move (see [`crate::time_control`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<crate::time_control::Bank>,
    /// With a bank: what each seat's bank held when their turn began (the player to move's
    /// deadline is that turn's start plus it).
    #[serde(default, skip_serializing_if = "no_banks")]
    pub banks: [i64; 2],
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
    /// Its home channels on each platform, `channel` first (see [`crate::homes`]); empty
    /// for games from before homes were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub homes: Vec<crate::identity::Home>,
    /// Each seat's conditional moves ([`crate::premove`]): lines of play against the
    /// opponent's next moves, private to that seat's player; cleared when the game ends.
    #[serde(default, skip_serializing_if = "no_premoves")]
    pub premoves: [Vec<crate::premove::PremoveLine>; 2],
    /// What the engine's earlier steps of a dice turn still being played said, kept until
    /// the turn's last step, whose notice (written in that step's commit) tells the whole
    /// turn in one message ([`crate::engine::Announce`]). Empty between turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_said: Vec<skald_lang::Text>,
    /// The tournament this game is a board of ([`crate::tournament`]): its end is
    /// recorded there in the same commit. `None` for a game from a challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<u64>,
    /// The engine's review once a finished game's is asked for ([`crate::review`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<crate::review::ReviewState>,
    /// Mining the finished game for its community's puzzles ([`crate::puzzle::mining`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mining: Option<crate::puzzle::Mining>,
}

fn no_premoves(p: &[Vec<crate::premove::PremoveLine>; 2]) -> bool {
    p.iter().all(Vec::is_empty)
}

impl GameDoc {
    /// A new game of `m` between `players`, on the terms `(ranked, days, bank)`, played in
    /// `channel`, before its first turn starts (`Session::start_turn` sets its clock): what
    /// an accepted challenge and a tournament's pairing both create. Its homes, the game it
    /// is a rematch of and its tournament are the caller's to set.
    pub fn new(
        id: u64,
        community: CommunityId,
        channel: ChannelId,
        players: [User; 2],
        (ranked, days, bank): (bool, u32, Option<crate::time_control::Bank>),
        m: &Match,
        now: Timestamp,
    ) -> GameDoc {
        GameDoc {
            id,
            version: 0,
            community,
            channel,
            players,
            ranked,
            days,
            bank,
            banks: bank.map_or([0, 0], |b| [b.start, b.start]),
            record: m.record().clone(),
            position: m.position().to_notation(skald_rules::Viewer::Final),
            started: now,
            clock: TurnClock {
                seat: Seat::A,
                since: now,
                deadline: now,
                remind_at: None,
            },
            moved: [0, 0],
            draw_offer: None,
            takeback: None,
            rematch_of: None,
            rematch: None,
            end: None,
            homes: Vec::new(),
            premoves: Default::default(),
            engine_said: Vec::new(),
            tournament: None,
            review: None,
            mining: None,
        }
    }

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
    pub fn label(&self, seat: Seat) -> crate::Text {
        crate::t!(
            "game-player-seat",
            name = &self.players[seat.index()].name,
            seat = skald_lang::seat_name(self.rule_set(), seat)
        )
    }

    /// Whether the game may still be aborted: before both players have moved once.
    pub fn abortable(&self) -> bool {
        self.moved.contains(&0)
    }

    /// When the background work must next look at this game: a reminder or a timeout
    /// while it is played, a review asked for or its puzzles to mine once it is over (the deadline index of both
    /// stores is made of this).
    pub fn wake(&self) -> Option<Timestamp> {
        if self.end.is_some() {
            let review = match &self.review {
                Some(crate::review::ReviewState::Pending(r)) => Some(r.look_at),
                _ => None,
            };
            let mining = self.mining.as_ref().and_then(|m| m.look_at());
            return review.into_iter().chain(mining).min();
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
    pub fn live(&self) -> Result<Match, Unreadable> {
        match crate::parsed::position(self.record.rule_set, &self.position) {
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
        self.position = crate::parsed::notation_of(live.position());
    }

    /// Starts `seat`'s turn at `now`: the deadline is `days` (or, with a bank, what the
    /// seat's bank holds) after `now`, or after the end of the player's vacation
    /// (`paused_until`); the first reminder is the first of `reminders` (seconds before the
    /// deadline, largest first) still ahead.
    pub fn start_turn(
        &mut self,
        seat: Seat,
        now: Timestamp,
        paused_until: Option<Timestamp>,
        reminders: &[i64],
    ) {
        let base = paused_until.map_or(now, |p| p.max(now));
        let allowance = match self.bank {
            Some(_) => self.banks[seat.index()],
            None => i64::from(self.days) * DAY,
        };
        let deadline = base.plus(allowance);
        self.clock = TurnClock {
            seat,
            since: now,
            deadline,
            remind_at: next_reminder(deadline, base, reminders),
        };
    }

    /// With a bank: `mover` just moved at `now`. When the turn passes (`passes`), their
    /// bank keeps what was left of it plus the increment (never beyond the cap); when they
    /// go on (a dice game's extra turn), it keeps what was left. The engine's bank never
    /// runs down: it is full again after each of its moves.
    pub fn spend(&mut self, mover: Seat, now: Timestamp, passes: bool) {
        let Some(bank) = self.bank else {
            return;
        };
        if self.clock.seat != mover {
            return;
        }
        let left = self.clock.deadline.since(now).max(0);
        self.banks[mover.index()] =
            if crate::engine_player::is_engine(&self.players[mover.index()].id) {
                bank.start
            } else if passes {
                bank.after_move(left)
            } else {
                left
            };
    }

    /// Seconds `seat` has left at `now`: the player to move's until their deadline, the
    /// other's in their bank (`None` without a bank).
    pub fn time_left(&self, seat: Seat, now: Timestamp) -> Option<i64> {
        self.bank?;
        Some(if self.clock.seat == seat && self.end.is_none() {
            self.clock.deadline.since(now).max(0)
        } else {
            self.banks[seat.index()]
        })
    }

    /// Ends the game now with `result`.
    pub fn finish(&mut self, result: GameResult, now: Timestamp) {
        self.premoves = Default::default();
        self.end = Some(GameEnd {
            at: now,
            result,
            ratings: None,
        });
        self.draw_offer = None;
        self.takeback = None;
        // A game played far enough is mined for its community's puzzles (an abort has no
        // result and nothing to find).
        if !matches!(
            result,
            GameResult::Aborted(_) | GameResult::AbortedOnTime(_)
        ) && self.moves_played() >= crate::puzzle::mining::MIN_MOVES
        {
            self.mining = Some(crate::puzzle::Mining::asked(now));
        }
    }
}

/// Whether a game has no banks (it has none without a time bank): they are then not stored.
fn no_banks(banks: &[i64; 2]) -> bool {
    *banks == [0, 0]
}

/// The first of `reminders` (seconds before `deadline`, largest first) that falls after
/// `after`, as a moment; `None` when none does.
pub fn next_reminder(
    deadline: Timestamp,
    after: Timestamp,
    reminders: &[i64],
) -> Option<Timestamp> {
    reminders
        .iter()
        .filter(|r| **r > 0)
        .map(|r| deadline.plus(-r))
        .find(|at| *at > after)
}

/// Rebuilds a game by replaying its record (for a new game, a takeback, or a damaged stored
/// position), with an error that never quotes the record (it may hold hidden values).
pub fn replay(record: Record, game: u64) -> Result<Match, Unreadable> {
    Match::from_record(record).map_err(|e| {
        let what = match e {
            ReplayError::TooNew(v) => format!("record format {v} is too new"),
            ReplayError::Start(_) => "its starting position cannot be read".to_string(),
            ReplayError::Action { index, .. } => format!("action {index} does not apply"),
        };
        tracing::error!(game, problem = %what, "stored record does not replay");
        Unreadable(unreadable_text(
            game,
            &format!("its record no longer replays ({what})"),
        ))
    })
}

/// "ranked" or "casual", for a game's or a challenge's terms.
pub fn ranked_word(ranked: bool) -> crate::Text {
    if ranked {
        crate::t!("word-ranked")
    } else {
        crate::t!("word-casual")
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

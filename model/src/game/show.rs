//! What players see of a game document: its title and result lines, its board with the
//! players' clocks, and the last move's events to highlight.

use super::{GameDoc, GameResult};
use crate::clock::{Timestamp, short_duration};
use crate::messages::describe_status_with;
use crate::reply::Board;
use crate::{Text, t};
use skald_rules::{Action, Event, Match, Position, Record, Seat};

impl GameDoc {
    /// The game in one line for lists: `#3 Hnefatafl 11x11, alice vs bob`.
    pub fn title(&self) -> Text {
        t!(
            "game-title",
            id = self.id,
            rule_set = skald_lang::rule_set_name(self.rule_set()),
            a = &self.players[0].name,
            b = &self.players[1].name
        )
    }

    /// How the game ended, in one clause without the ratings ("bob (Black) resigned; alice
    /// (White) wins"); `None` while it goes on.
    pub fn result_line(&self) -> Option<Text> {
        let end = self.end.as_ref()?;
        let l = |s: Seat| self.label(s);
        Some(match end.result {
            GameResult::Rules(o) => {
                let why = skald_lang::end_reason(&o, self.rule_set(), &l);
                let mut s = match o.winner {
                    Some(w) => t!("result-wins", winner = l(w), why = why),
                    None => t!("result-draw", why = why),
                };
                if let Some([a, b]) = o.scores {
                    s.push(t!("result-score", a = a, b = b));
                }
                s
            }
            GameResult::Resigned(s) => t!("result-resigned", loser = l(s), winner = l(s.other())),
            GameResult::TimedOut(s) => {
                t!("result-timed-out", loser = l(s), winner = l(s.other()))
            }
            GameResult::DrawAgreed => t!("result-draw-agreed"),
            GameResult::Aborted(s) => t!("result-aborted", player = l(s)),
            GameResult::AbortedOnTime(s) => t!("result-aborted-on-time", player = l(s)),
        })
    }

    /// The result in a sentence, with the rating changes.
    pub fn result_text(&self) -> Option<Text> {
        let end = self.end.as_ref()?;
        let mut text = self.result_line()?;
        text.push(t!("sentence-end"));
        if let Some([a, b]) = end.ratings {
            text.line(t!(
                "result-ratings",
                rule_set = skald_lang::rule_set_name(self.rule_set()),
                a = &self.players[0].name,
                rating_a = a.describe(),
                b = &self.players[1].name,
                rating_b = b.describe()
            ));
        } else if !self.ranked && end.result.winner().is_some() {
            text.line(t!("result-casual"));
        }
        Some(text)
    }

    /// Both players' time left, for a game with a bank: `Clocks: alice 2 d 5 h, bob 3 d.`
    pub fn clocks_text(&self, now: Timestamp) -> Option<Text> {
        let clocks: Vec<Text> = Seat::BOTH
            .into_iter()
            .filter_map(|s| {
                let left = self.time_left(s, now)?;
                Some(
                    Text::verbatim(format!("{} ", self.players[s.index()].name))
                        .then(short_duration(left)),
                )
            })
            .collect();
        (!clocks.is_empty()).then(|| t!("game-clocks", clocks = Text::join(clocks, ", ")))
    }

    /// The players' names as a board shows them: with a time bank, each with the time
    /// they have left at `now` (`alice · 2 d 5 h`) while the game goes on.
    pub fn names_at(&self, now: Timestamp) -> [Text; 2] {
        let mut names = self.names().map(Text::verbatim);
        if self.end.is_none() {
            for seat in Seat::BOTH {
                if let Some(left) = self.time_left(seat, now) {
                    names[seat.index()].push(Text::verbatim(" · "));
                    names[seat.index()].push(short_duration(left));
                }
            }
        }
        names
    }

    /// The public board of the current position: every value shown once the game is over,
    /// however it ended (Subulata's rules reveal all values in the final result).
    /// With a time bank, the players' names carry the time they have left at `now`.
    pub fn board(&self, position: &Position, last_move: Vec<Event>, now: Timestamp) -> Board {
        let played = self
            .record
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .count();
        let alt = t!(
            "board-alt",
            title = self.title(),
            n = played + 1,
            status = describe_status_with(position, &|s| self.label(s))
        );
        let mut board = Board::public(self.id, position, last_move, self.names_at(now), alt);
        if self.end.is_none() {
            return board;
        }
        // Ended outside the rules: the position still says whose turn it was, so the board
        // says how the game ended instead (in its picture, its text and its alt text).
        if position.status().outcome().is_none()
            && let Some(line) = self.result_line()
        {
            board.alt = t!(
                "board-alt-over",
                title = self.title(),
                result = line.clone()
            );
            board.result = Some(line);
        }
        board.revealed()
    }

    /// The public board of the current position with its last move highlighted: what a
    /// player coming back to the game sees (`board`, a turn's reminder, the answer to a
    /// command that lost a race), so they can tell what the other side just did.
    pub fn board_with_last_move(&self, position: &Position, now: Timestamp) -> Board {
        self.board(position, last_move_events(&self.record), now)
    }
}

/// The events of the last move and the rolls after it, for highlighting it on a board.
pub fn last_move_events(record: &Record) -> Vec<Event> {
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

//! Building what players see of a game: its title and result lines, its board, the status
//! line (who acts, until when), the move list, and the reply after a game changed.

use super::GameDoc;
use super::doc::GameResult;
use crate::Session;
use crate::clock::{Timestamp, describe_duration, short_duration};
use crate::command::Command;
use crate::messages::{describe_event_with, describe_status_with, move_list};
use crate::reply::{Board, Choice, Private, Reply};
use crate::{Text, t};
use skald_rules::{Action, Event, Match, Position, Record, Seat};

/// How many lines `moves` and `history #id` show before leaving the oldest out.
const MOVE_LINES_SHOWN: usize = 60;

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
pub(crate) fn last_move_events(record: &Record) -> Vec<Event> {
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

impl Session {
    /// The status line of an active game: who acts, with which dice, until when.
    pub(crate) fn status_line(&self, g: &GameDoc, position: &Position, now: Timestamp) -> Text {
        let status = describe_status_with(position, &|s| g.label(s));
        let mut line = t!("game-status", id = g.id, status = status);
        if g.end.is_none() {
            line.push(t!(
                "game-deadline",
                deadline = g.clock.deadline.text(),
                left = describe_duration(g.clock.deadline.since(now).max(0))
            ));
            if let Some(clocks) = g.clocks_text(now) {
                line.push(Text::verbatim(" "));
                line.push(clocks);
            }
        } else {
            line.push(t!("sentence-end"));
        }
        line
    }

    /// The reply after a game changed: headline, what happened, where it stands, the board,
    /// pings, choices, and the next player's private view in Subulata.
    pub(crate) fn game_reply(
        &self,
        g: &GameDoc,
        m: &Match,
        headline: Text,
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
            reply
                .line(Text::verbatim("  ").then(describe_event_with(position, e, &|s| g.label(s))));
        }
        match g.result_text() {
            Some(result) => {
                reply.line(result);
                for seat in Seat::BOTH {
                    if Some(seat) != actor {
                        reply.ping(&g.players[seat.index()].id);
                    }
                    reply.choices.push(Choice {
                        label: crate::t!("choice-rematch"),
                        command: Command::Rematch(Some(g.id)),
                        for_user: Some(g.players[seat.index()].id.clone()),
                    });
                }
                // The whole game, for anyone: its record and its replay.
                reply.choices.push(Choice {
                    label: crate::t!("choice-record"),
                    command: Command::Export(Some(g.id)),
                    for_user: None,
                });
                reply.choices.push(Choice {
                    label: crate::t!("choice-replay"),
                    command: Command::Replay(Some(g.id)),
                    for_user: None,
                });
            }
            None => {
                reply.line(self.status_line(g, position, now));
                if let Some(seat) = position.status().seat() {
                    let player = &g.players[seat.index()];
                    // `pings off`: the turn comes without a mention (the digest tells it).
                    if Some(seat) != actor && !self.is_quiet(&player.id) {
                        reply.ping(&player.id);
                    }
                    let listed = if g.rule_set().uses_dice() {
                        position.legal_moves()
                    } else {
                        Vec::new()
                    };
                    for mv in listed {
                        reply.choices.push(Choice {
                            command: Command::Move {
                                game: Some(g.id),
                                moves: vec![mv.clone()],
                            },
                            label: Text::verbatim(mv),
                            for_user: Some(player.id.clone()),
                        });
                    }
                }
            }
        }
        let board = g.board(position, events.to_vec(), now);
        if g.end.is_none()
            && g.rule_set().has_hidden_information()
            && let Some(seat) = position.status().seat()
        {
            reply.private.push(Private {
                to: g.players[seat.index()].id.clone(),
                name: g.players[seat.index()].name.clone(),
                text: t!("game-your-values", id = g.id),
                boards: vec![Board::private(&board, seat)],
                files: Vec::new(),
                lang: None,
            });
        }
        reply.with_board(board)
    }

    /// A game's move list, the oldest lines left out beyond [`MOVE_LINES_SHOWN`].
    pub(crate) fn moves_text(&self, g: &GameDoc) -> Text {
        let lines = move_list(&g.record, &|s| g.label(s));
        let mut text = t!("moves-title", title = g.title());
        if lines.is_empty() {
            text.line(t!("moves-none"));
        }
        let skip = lines.len().saturating_sub(MOVE_LINES_SHOWN);
        if skip > 0 {
            text.line(t!("moves-left-out", n = skip));
        }
        for l in lines.into_iter().skip(skip) {
            text.line(l);
        }
        text
    }
}

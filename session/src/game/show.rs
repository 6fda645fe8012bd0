//! Building what players see of a game: its title and result lines, its board, the status
//! line (who acts, until when), the move list, and the reply after a game changed.

use super::GameDoc;
use crate::Cx;
use crate::clock::{Timestamp, describe_duration};
use crate::command::Command;
use crate::messages::{describe_event_with, describe_status_with, move_list};
use crate::reply::{Board, Choice, Private, Reply};
use crate::{Text, t};
use skald_rules::{Event, Match, Position, Seat};

/// How many lines `moves` and `history #id` show before leaving the oldest out.
const MOVE_LINES_SHOWN: usize = 60;

impl Cx {
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
                // The whole game, for anyone: its record, its replay and its review.
                reply.choices.push(Choice {
                    label: crate::t!("choice-record"),
                    command: Command::Export {
                        game: Some(g.id),
                        otn: false,
                    },
                    for_user: None,
                });
                reply.choices.push(Choice {
                    label: crate::t!("choice-replay"),
                    command: Command::Replay(Some(g.id)),
                    for_user: None,
                });
                reply.choices.push(Choice {
                    label: crate::t!("choice-review"),
                    command: Command::Review(Some(g.id)),
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
                news: false,
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

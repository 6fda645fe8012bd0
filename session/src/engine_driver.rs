//! Plays the built-in engine's moves, for every adapter alike.
//!
//! The session says which games wait for the engine ([`Session::engine_turns`]); this module
//! runs each search on a worker thread ([`skald_ai::Thinking`]) on the engine's typed view,
//! plays the typed move it finds through [`Session::play_engine_move`] (no notation is
//! written to be parsed again), and hands the answers back. It blocks while the engine
//! thinks: the one background loop of the `skald` process calls [`Driver::play_pending`]
//! inside `spawn_blocking`, woken after each answered command (and once at start-up,
//! resuming an engine turn left before a restart), so the adapters keep answering others
//! meanwhile.

use crate::engine::EngineTurn;
use crate::{ChannelId, Notice, Reply, ReplyKind, Said, Session};
use skald_ai::{Budget, Progress, Thinking};
use std::collections::HashSet;

/// A bound on the engine moves played in one call, in case a game never changes under them.
const MAX_MOVES: usize = 10_000;

/// One move the engine played (or tried to).
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The turn it answered (game, who speaks, where).
    pub turn: EngineTurn,
    /// The move as the command the engine would have typed (`move #3 f2-f5`), for
    /// transcripts; the session received the typed move, not this text. Empty when the
    /// engine found no move.
    pub line: String,
    /// The session's answer to it.
    pub reply: Reply,
}

/// Remembers the turns the engine could not play, so one broken game does not stop the others
/// nor loop forever.
#[derive(Debug, Default)]
pub struct Driver {
    failed: HashSet<(u64, u64)>,
    /// Searches without their wall-time cap (only the iteration budget), so a console
    /// transcript with the fake clock repeats exactly however loaded the machine is.
    pub uncapped: bool,
    /// Each move its own notice, carrying the line the engine would have typed
    /// ([`Notice::said`]): a transcript (the console) shows every step of a dice turn as
    /// `@skald> move #3 ...`. Off, a game's consecutive moves are merged into one message,
    /// as a chat channel wants them.
    pub separate: bool,
}

impl Driver {
    /// A driver whose searches stop at their level's time cap too.
    pub fn new() -> Driver {
        Driver::default()
    }

    /// Searches and plays the engine's oldest pending move; `None` when no game waits for one.
    /// Blocks while the engine thinks (on its own worker thread).
    pub fn play_next(&mut self, session: &Session) -> Option<EngineMove> {
        let turn = self.next_turn(session)?;
        Some(self.play_turn(session, turn))
    }

    /// The oldest engine turn still worth trying (not one that failed before).
    fn next_turn(&self, session: &Session) -> Option<EngineTurn> {
        let turns = match session.engine_turns() {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = ?e, "the engine cannot read its games");
                return None;
            }
        };
        turns
            .into_iter()
            .find(|t| !self.failed.contains(&(t.game, t.seed)))
    }

    /// Searches `turn` and sends the move found to the session.
    fn play_turn(&mut self, session: &Session, turn: EngineTurn) -> EngineMove {
        let budget = turn.budget.map(|b| Budget {
            time_cap: if self.uncapped { None } else { b.time_cap },
            ..b
        });
        let thinking = Thinking::start_view(turn.view.clone(), budget, turn.seed);
        let mv = match thinking.wait() {
            Progress::Done(Some(mv)) => mv,
            other => {
                let lost = matches!(other, Progress::Lost);
                tracing::error!(
                    game = turn.game,
                    level = %turn.level,
                    lost,
                    "the engine found no move; the game waits (its deadline is pushed back, not ended)"
                );
                self.failed.insert((turn.game, turn.seed));
                return EngineMove {
                    line: String::new(),
                    reply: Reply::refused(crate::t!("engine-no-move", id = turn.game)),
                    turn,
                };
            }
        };
        let line = format!("move #{} {mv}", turn.game);
        let reply = session.play_engine_move(&turn, mv);
        if reply.kind != ReplyKind::Done {
            // The game changed while the engine thought (a resignation), or a bug: the log
            // says which, the channel hears nothing from the engine.
            tracing::warn!(game = turn.game, line = %line, answer = %reply.text.en(), "the engine's move was not played");
            self.failed.insert((turn.game, turn.seed));
        }
        EngineMove { turn, line, reply }
    }
}

impl Driver {
    /// Plays every pending engine move and hands `post` what to post where, like
    /// [`Session::tick`]: one notice per engine turn (the steps of a dice turn are merged into
    /// one message, with the board after the last). A game's notice is handed over as soon as
    /// the engine turns to another game, so a player does not wait for the engine to think in
    /// everyone else's games first. Moves that could not be played are only logged (once).
    pub fn play_pending(&mut self, session: &Session, mut post: impl FnMut(Notice)) {
        // A game's merged answer, posted in each of the game's homes.
        let send = |(game, channel, reply): (u64, ChannelId, Reply),
                    post: &mut dyn FnMut(Notice)| {
            for n in session.notices_for(game, &channel, reply) {
                post(n);
            }
        };
        let mut pending: Option<(u64, ChannelId, Reply)> = None;
        for _ in 0..MAX_MOVES {
            let Some(turn) = self.next_turn(session) else {
                break;
            };
            if pending
                .as_ref()
                .is_some_and(|(game, ..)| *game != turn.game)
                && let Some(p) = pending.take()
            {
                send(p, &mut post);
            }
            let played = self.play_turn(session, turn);
            if played.reply.kind != ReplyKind::Done {
                continue;
            }
            tracing::info!(game = played.turn.game, level = %played.turn.level, "the engine moved");
            let (game, channel) = (played.turn.game, played.turn.ctx.channel.clone());
            if self.separate {
                let said = Said {
                    by: played.turn.ctx.user.name.clone(),
                    line: played.line,
                };
                for mut n in session.notices_for(game, &channel, played.reply) {
                    n.said = Some(said.clone());
                    post(n);
                }
                continue;
            }
            match &mut pending {
                Some((g, _, last)) if *g == game => merge(last, played.reply),
                _ => {
                    if let Some(p) = pending.take() {
                        send(p, &mut post);
                    }
                    pending = Some((game, channel, played.reply));
                }
            }
        }
        if let Some(p) = pending {
            send(p, &mut post);
        }
    }
}

/// `later` appended to `earlier`: both texts, the later board, pings and choices.
fn merge(earlier: &mut Reply, later: Reply) {
    if !later.text.is_empty() {
        earlier.text.line(later.text);
    }
    if !later.boards.is_empty() {
        earlier.boards = later.boards;
    }
    earlier.private.extend(later.private);
    earlier.notify = later.notify;
    earlier.choices = later.choices;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FakeClock;
    use crate::store::SledStore;
    use crate::{Context, SessionConfig, User};
    use rand::SeedableRng;
    use std::sync::Arc;

    fn session() -> Session {
        Session::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            rand::rngs::StdRng::seed_from_u64(3),
            SessionConfig {
                engine_budget_scale: 0.02,
                ..SessionConfig::default()
            },
        )
        .expect("session")
    }

    #[test]
    fn the_engine_answers_in_the_game_channel_once_per_turn() {
        let s = session();
        let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
        // Hnefatafl with the engine first (attackers): its move is one notice in `hall`.
        let r = s.handle(&alice, "challenge tafl @skald easy second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let mut driver = Driver::new();
        let notices = pending(&mut driver, &s);
        assert_eq!(notices.len(), 1, "{notices:?}");
        let n = &notices[0];
        assert_eq!(n.channel.0, "hall");
        assert!(
            n.reply.text.en().contains("skald (Attackers) played"),
            "{}",
            n.reply.text.en()
        );
        assert_eq!(n.reply.boards.len(), 1);
        assert!(
            n.reply.notify.iter().all(|u| u.id == "alice"),
            "only alice is pinged: {:?}",
            n.reply.notify
        );
        assert!(s.engine_turns().expect("turns").is_empty());
        // Nothing left to play: nothing to post.
        assert!(pending(&mut driver, &s).is_empty());
    }

    fn pending(driver: &mut Driver, s: &Session) -> Vec<Notice> {
        let mut notices = Vec::new();
        driver.play_pending(s, |n| notices.push(n));
        notices
    }

    #[test]
    fn a_game_hears_the_engine_before_it_thinks_in_the_next_game() {
        let s = session();
        let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
        let bob = Context::new(User::new("test", "bob", "bob"), "club", "den");
        for who in [&alice, &bob] {
            let r = s.handle(who, "challenge tafl @skald easy second");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }
        let waiting = || -> Vec<u64> {
            let turns = s.engine_turns().expect("turns");
            turns.iter().map(|t| t.game).collect()
        };
        assert_eq!(waiting().len(), 2, "both games wait for the engine");
        // What was still waiting for the engine when each notice was handed over.
        let mut posted: Vec<(String, Vec<u64>)> = Vec::new();
        Driver::new().play_pending(&s, |n| posted.push((n.channel.0.clone(), waiting())));
        assert_eq!(posted.len(), 2, "{posted:?}");
        assert_eq!(
            posted[0].1.len(),
            1,
            "the second game still waited: {posted:?}"
        );
        assert!(posted[1].1.is_empty(), "{posted:?}");
        let mut channels: Vec<&str> = posted.iter().map(|(c, _)| c.as_str()).collect();
        channels.sort();
        assert_eq!(channels, ["den", "hall"]);
    }

    #[test]
    fn the_engine_view_of_a_subulata_game_hides_the_opponents_values() {
        use skald_rules::{Position, RuleSetId, Seat, Viewer};
        let s = session();
        let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
        let r = s.handle(&alice, "challenge subulata @skald easy second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let turns = s.engine_turns().expect("turns");
        assert_eq!(turns.len(), 1, "the engine (White) is to move");
        let turn = &turns[0];
        assert_eq!(turn.view.rule_set(), RuleSetId::Subulata);
        assert_eq!(turn.view.seat(), turn.seat);
        let full = Position::from_notation(RuleSetId::Subulata, &s.test_game(turn.game).position)
            .expect("the stored position reads");
        let (mine, theirs) = match turn.seat {
            Seat::A => ('W', 'B'),
            Seat::B => ('B', 'W'),
        };
        let seen = turn.view.position().to_notation(Viewer::Final);
        assert_eq!(seen.matches(&format!("{theirs}?")).count(), 9, "{seen}");
        assert_eq!(seen.matches(&format!("{mine}?")).count(), 0, "{seen}");
        assert!(
            !full.to_notation(Viewer::Final).contains('?'),
            "the game itself knows every value"
        );
        assert_eq!(
            seen,
            full.to_notation(Viewer::Seat(turn.seat)),
            "the engine sees exactly what its seat may see"
        );
        assert_ne!(turn.view.position(), &full, "never the full position");
    }

    #[test]
    fn the_typed_move_plays_like_the_move_command() {
        let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
        let (typed, text) = (session(), session());
        for s in [&typed, &text] {
            let r = s.handle(&alice, "challenge tafl @skald easy second");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }
        let turn = typed.engine_turns().expect("turns").remove(0);
        let mv = skald_ai::choose_for_view(&turn.view, None, 7).expect("a move");
        let by_type = typed.play_engine_move(&turn, mv);
        let by_text = text.handle(&turn.ctx, &format!("move #{} {mv}", turn.game));
        assert_eq!(by_type.kind, ReplyKind::Done, "{}", by_type.text.en());
        assert_eq!(by_type.text.en(), by_text.text.en());
        assert_eq!(by_type.notify, by_text.notify);
        assert_eq!(typed.test_game(turn.game), text.test_game(turn.game));
    }

    #[test]
    fn a_stale_or_foreign_engine_move_changes_nothing() {
        let s = session();
        let alice = Context::new(User::new("test", "alice", "alice"), "club", "hall");
        let r = s.handle(&alice, "challenge tafl @skald easy second");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let turn = s.engine_turns().expect("turns").remove(0);
        let before = s.test_game(turn.game);
        // A move of another game family is not a move of this game.
        let foreign = skald_rules::AnyMove::Adelta(skald_rules::adelta::Move::new(1, 1));
        let r = s.play_engine_move(&turn, foreign);
        assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
        assert_eq!(s.test_game(turn.game), before);
        // The game ends while the engine thinks: its answer is refused.
        let mv = skald_ai::choose_for_view(&turn.view, None, 7).expect("a move");
        let r = s.handle(&alice, &format!("resign #{}", turn.game));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        let resigned = s.test_game(turn.game);
        let r = s.play_engine_move(&turn, mv);
        assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
        assert_eq!(s.test_game(turn.game), resigned);
    }
}

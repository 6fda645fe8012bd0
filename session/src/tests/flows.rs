//! Session flows through the API with a temporary store and a fake clock: what a player
//! would notice, command by command.

use crate::clock::{DAY, FakeClock, HOUR, Timestamp};
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use skald_rules::{RuleSetId, Seat};
use std::sync::Arc;

struct World {
    session: Arc<Session>,
    clock: Arc<FakeClock>,
}

fn world_on(store: SledStore, clock: Arc<FakeClock>) -> World {
    let session = Session::new(
        Arc::new(store),
        clock.clone(),
        StdRng::seed_from_u64(7),
        // The fake clock stands still between commands: these flows test other things.
        SessionConfig::default().without_rate_limit(),
    )
    .expect("session opens");
    World {
        session: Arc::new(session),
        clock,
    }
}

fn world() -> World {
    world_on(
        SledStore::temporary().expect("temporary store"),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
    )
}

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

impl World {
    fn say(&self, who: &str, line: &str) -> Reply {
        let r = self.session.handle(&ctx(who), line);
        assert!(r.channel_boards_are_public(), "{line}: {r:?}");
        r
    }

    fn ok(&self, who: &str, line: &str) -> Reply {
        let r = self.say(who, line);
        assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
        r
    }

    fn refused(&self, who: &str, line: &str) -> String {
        let r = self.say(who, line);
        assert_eq!(
            r.kind,
            ReplyKind::Refused,
            "@{who} {line} should be refused: {}",
            r.text.en()
        );
        r.text.en()
    }

    /// alice challenges bob to `rule_set` with alice first; bob accepts. Returns the game id.
    fn start(&self, rule_set: &str, extra: &str) -> u64 {
        let r = self.ok("alice", &format!("challenge {rule_set} @bob first {extra}"));
        let id: u64 = r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number");
        self.ok("bob", &format!("accept #{id}"));
        id
    }

    fn game(&self, id: u64) -> game::GameDoc {
        self.session.test_game(id)
    }

    /// The player to move plays the first legal move; returns the reply.
    fn play_first(&self, id: u64) -> Reply {
        let g = self.game(id);
        let m = g.live().expect("replays");
        let seat = m.position().status().seat().expect("someone to move");
        let mv = m.position().legal_moves().remove(0);
        self.ok(&g.players[seat.index()].name, &format!("move #{id} {mv}"))
    }
}

#[test]
fn a_challenge_becomes_a_game_with_the_same_number() {
    let w = world();
    let r = w.ok("alice", "challenge tafl @bob first days:2");
    assert!(r.text.en().contains("Challenge #1"), "{}", r.text.en());
    assert!(
        r.text.en().contains("alice plays the Attackers"),
        "{}",
        r.text.en()
    );
    assert_eq!(r.notify, vec![UserId::new("console", "bob")]);
    assert!(r.choices.iter().any(|c| c.command.to_line() == "accept #1"));
    let r = w.ok("bob", "accept");
    assert!(r.text.en().contains("Game #1 starts"), "{}", r.text.en());
    assert!(
        r.text.en().contains("deadline 2025-01-03 00:00 UTC"),
        "{}",
        r.text.en()
    );
    assert_eq!(r.boards.len(), 1);
    assert_eq!(r.notify, vec![UserId::new("console", "alice")]);
    assert!(
        r.choices
            .iter()
            .all(|c| !c.command.to_line().starts_with("move ")),
        "Hnefatafl's 116 opening moves are typed, not listed: {:?}",
        r.choices.len()
    );
    let g = w.game(1);
    assert_eq!(g.players[0].name, "alice");
    assert_eq!(g.days, 2);
    assert!(w.session.store().challenge(1).expect("reads").is_none());
}

#[test]
fn moves_are_checked_and_refusals_change_nothing() {
    let w = world();
    let id = w.start("hnefatafl", "");
    let before = w.game(id);
    assert!(w.refused("bob", "move f4-c4").contains("not your turn"));
    assert!(
        w.refused("carol", "move #1 d1-d4")
            .contains("you are not playing game #1")
    );
    let e = w.refused("alice", "move d1-d9");
    assert!(
        e.contains("cannot play 'd1-d9'") && e.contains("legal moves:"),
        "{e}"
    );
    assert!(w.refused("alice", "move castle").contains("castle"));
    assert!(
        w.refused("alice", "move #9 d1-d4")
            .contains("there is no game #9")
    );
    assert_eq!(w.game(id), before, "nothing changed");
    // Space-separated squares are one move.
    let r = w.ok("alice", "move d1 d4");
    assert!(r.text.en().contains("played d1-d4"), "{}", r.text.en());
    assert_eq!(r.notify, vec![UserId::new("console", "bob")]);
    // Two moves in one command cannot both be one player's: refused, nothing played.
    let e = w.refused("bob", "move f4-e4 e7-e8");
    assert!(
        e.contains("your turn was over") && e.contains("nothing was played"),
        "{e}"
    );
    assert_eq!(w.game(id).moved, [1, 0]);
}

#[test]
fn two_commands_racing_on_one_game_apply_exactly_once() {
    let w = world();
    let id = w.start("hnefatafl", "");
    let stale = w.session.store().game(id).expect("reads").expect("exists");
    w.ok("alice", "move d1-d4");
    // A command that read the game before that move loses the compare-and-swap.
    let mut next = stale.doc.clone();
    next.draw_offer = Some(Seat::A);
    match w.session.cx.commit_game(stale, next) {
        Err(Failure::Conflict(g)) => assert_eq!(g, id),
        other => panic!("expected a conflict, got {other:?}"),
    }
    let reply = w.session.cx.conflict_reply(id);
    assert_eq!(reply.kind, ReplyKind::Conflict);
    assert!(reply.text.en().contains("changed") && reply.boards.len() == 1);
    // The board shows what changed: the move that won the race is highlighted.
    assert!(
        !reply.boards[0].last_move.is_empty(),
        "the conflict's board highlights the last move"
    );
    // Threads racing for real: each sends its own first move; exactly one is played.
    for round in 0..5 {
        let w = world();
        let id = w.start("hnefatafl", "");
        let handles: Vec<_> = ["d1-d2", "e1-e2", "g1-g2", "h1-h2"]
            .into_iter()
            .map(|mv| {
                let s = w.session.clone();
                std::thread::spawn(move || s.handle(&ctx("alice"), &format!("move #{id} {mv}")))
            })
            .collect();
        let replies: Vec<Reply> = handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect();
        let done = replies.iter().filter(|r| r.kind == ReplyKind::Done).count();
        assert_eq!(done, 1, "round {round}: {replies:?}");
        for r in replies.iter().filter(|r| r.kind != ReplyKind::Done) {
            assert!(
                r.text.en().contains("changed") || r.text.en().contains("not your turn"),
                "{}",
                r.text.en()
            );
        }
        assert_eq!(w.game(id).moved, [1, 0]);
    }
}

#[test]
fn resigning_ends_a_ranked_game_and_moves_both_ratings() {
    let w = world();
    let id = w.start("hnefatafl", "");
    w.play_first(id);
    w.play_first(id);
    let r = w.ok("bob", "resign");
    assert!(
        r.text
            .en()
            .contains("bob (Defenders) resigned; alice (Attackers) wins"),
        "{}",
        r.text.en()
    );
    assert!(
        r.text
            .en()
            .contains("alice 1500? → 1662? (+162), bob 1500? → 1338? (−162)"),
        "{}",
        r.text.en()
    );
    assert_eq!(r.notify, vec![UserId::new("console", "alice")]);
    let r = w.ok("carol", "ladder tafl");
    assert!(
        r.text.en().contains("1. alice 1662? ±290, 1 game"),
        "{}",
        r.text.en()
    );
    assert!(
        r.text.en().contains("2. bob 1338? ±290, 1 game"),
        "{}",
        r.text.en()
    );
    let r = w.ok("carol", "rating @bob");
    assert!(
        r.text
            .en()
            .contains("Hnefatafl 11x11: 1338? ±290, 1 game (0 won, 1 lost, 0 drawn)"),
        "{}",
        r.text.en()
    );
    assert!(
        w.ok("carol", "rating")
            .text
            .en()
            .contains("carol has no ranked games here yet")
    );
    assert!(
        w.refused("alice", "move #1 d1-d4")
            .contains("game #1 is over")
    );
    let h = w.ok("alice", "history");
    assert!(
        h.text
            .en()
            .contains("#1 Hnefatafl 11x11 vs bob (2025-01-01): won, rating 1500? → 1662? (+162)"),
        "{}",
        h.text.en()
    );
    let h = w.ok("alice", "history #1");
    assert!(
        h.text.en().contains("1. ") && h.text.en().contains("resigned"),
        "{}",
        h.text.en()
    );
}

#[test]
fn casual_games_leave_the_ladder_alone() {
    let w = world();
    w.start("hnefatafl", "casual");
    let r = w.ok("bob", "resign");
    assert!(
        r.text.en().contains("casual game: ratings are unchanged"),
        "{}",
        r.text.en()
    );
    assert!(
        w.ok("alice", "ladder")
            .text
            .en()
            .contains("Nobody has played a ranked game")
    );
}

#[test]
fn abort_only_before_both_have_moved() {
    let w = world();
    let id = w.start("hnefatafl", "");
    w.play_first(id);
    let r = w.ok("bob", "abort");
    assert!(
        r.text
            .en()
            .contains("Aborted by bob (Defenders); no result"),
        "{}",
        r.text.en()
    );
    assert!(
        w.ok("alice", "ladder")
            .text
            .en()
            .contains("Nobody has played")
    );
    let id = w.start("hnefatafl", "");
    w.play_first(id);
    w.play_first(id);
    assert!(
        w.refused("alice", "abort")
            .contains("both players have moved")
    );
}

#[test]
fn draws_are_offered_accepted_declined_and_refused_in_dice_games() {
    let w = world();
    let id = w.start("hnefatafl", "");
    let r = w.ok("alice", "draw");
    assert!(r.text.en().contains("offers a draw"), "{}", r.text.en());
    assert_eq!(r.notify, vec![UserId::new("console", "bob")]);
    assert!(w.refused("alice", "draw").contains("already offered"));
    let r = w.ok("bob", "decline");
    assert!(
        r.text.en().contains("declines the draw offer"),
        "{}",
        r.text.en()
    );
    assert_eq!(w.game(id).draw_offer, None);
    w.ok("bob", "draw");
    // Moving refuses the opponent's offer.
    w.play_first(id);
    assert_eq!(w.game(id).draw_offer, None);
    w.ok("alice", "draw");
    let r = w.ok("bob", "draw");
    assert!(
        r.text.en().contains("Drawn by agreement"),
        "{}",
        r.text.en()
    );
    assert!(
        r.text.en().contains("alice 1500? → 1500? (+0)"),
        "{}",
        r.text.en()
    );
    let d = w.start("daldosa", "");
    assert!(
        w.refused("alice", &format!("draw #{d}"))
            .contains("has no draws")
    );
}

#[test]
fn takeback_undoes_the_last_move_when_granted() {
    let w = world();
    let id = w.start("hnefatafl", "");
    assert!(
        w.refused("alice", "takeback")
            .contains("nothing for you to take back")
    );
    w.ok("alice", "move d1-d4");
    let r = w.ok("alice", "takeback");
    assert!(r.text.en().contains("asks to take back"), "{}", r.text.en());
    assert!(w.refused("alice", "takeback").contains("already asked"));
    let r = w.ok("bob", "takeback");
    assert!(
        r.text.en().contains("last move is undone"),
        "{}",
        r.text.en()
    );
    assert!(
        r.text.en().contains("alice (Attackers) to move"),
        "{}",
        r.text.en()
    );
    let g = w.game(id);
    assert_eq!(g.moved, [0, 0]);
    assert!(g.record.actions.is_empty());
    // Declined, or lapsing when the opponent moves.
    w.ok("alice", "move d1-d4");
    w.ok("alice", "takeback");
    assert!(
        w.ok("bob", "decline")
            .text
            .en()
            .contains("declines the takeback request")
    );
    w.ok("bob", "move f4-e4");
    assert!(
        w.refused("alice", "takeback")
            .contains("nothing for you to take back")
    );
    let d = w.start("daldosa", "");
    assert!(
        w.refused("alice", &format!("takeback #{d}"))
            .contains("dice")
    );
}

#[test]
fn rematch_swaps_the_seats() {
    let w = world();
    let id = w.start("hnefatafl", "days:5 casual");
    w.ok("bob", "resign");
    let r = w.ok("bob", "rematch");
    assert!(
        r.text.en().contains("Rematch of game #1"),
        "{}",
        r.text.en()
    );
    assert!(
        r.text.en().contains("bob plays the Attackers"),
        "{}",
        r.text.en()
    );
    assert!(w.refused("bob", "rematch").contains("already offered"));
    // The other player's `rematch` accepts it.
    let r = w.ok("alice", &format!("rematch #{id}"));
    assert!(r.text.en().contains("Game #2 starts"), "{}", r.text.en());
    let g = w.game(2);
    assert_eq!(g.players[0].name, "bob");
    assert_eq!((g.days, g.ranked, g.rematch_of), (5, false, Some(1)));
    assert!(w.refused("alice", "rematch #1").contains("already game #2"));
}

#[test]
fn challenge_answers_go_to_the_right_people() {
    let w = world();
    w.ok("alice", "challenge tafl @bob");
    assert!(w.refused("carol", "accept #1").contains("is for @bob"));
    assert!(
        w.refused("alice", "accept #1")
            .contains("your own challenge")
    );
    assert!(w.refused("carol", "decline #1").contains("is for @bob"));
    assert!(
        w.refused("bob", "cancel #1")
            .contains("you can `decline #1`")
    );
    assert!(
        w.ok("bob", "decline")
            .text
            .en()
            .contains("bob declines challenge #1")
    );
    assert!(w.refused("bob", "accept #1").contains("no challenge #1"));
    // Open challenges: anyone but the challenger accepts; nobody declines.
    w.ok("alice", "challenge subu open");
    assert!(w.refused("bob", "decline #2").contains("open to anyone"));
    assert!(
        w.refused("alice", "accept")
            .contains("no challenge for you")
    );
    w.ok("alice", "cancel");
    assert!(w.refused("carol", "accept #2").contains("no challenge #2"));
    // Several fit: the answer lists them.
    w.ok("alice", "challenge tafl");
    w.ok("dave", "challenge daldosa");
    let e = w.refused("carol", "accept");
    assert!(
        e.contains("2 challenges fit") && e.contains("#3") && e.contains("#4"),
        "{e}"
    );
    assert!(
        w.refused("alice", "challenge tafl @alice")
            .contains("cannot challenge yourself")
    );
    // Another channel.
    let elsewhere = Context::private(User::new("console", "carol", "carol"), "console", "other");
    let r = w.session.handle(&elsewhere, "accept #3");
    assert!(r.text.en().contains("another channel"), "{}", r.text.en());
    assert!(
        w.ok("carol", "accept #3")
            .text
            .en()
            .contains("Game #3 starts")
    );
    assert!(
        w.refused("bob", "accept #3")
            .contains("already accepted: it is game #3")
    );
    let games = w.ok("carol", "games").text.en();
    assert!(
        games.contains("#3 Hnefatafl 11x11, you (Attackers) vs alice"),
        "{games}"
    );
    assert!(games.contains("#4 open challenge by dave"), "{games}");
}

#[test]
fn the_game_id_may_be_left_out_only_when_one_fits() {
    let w = world();
    w.start("hnefatafl", "");
    w.start("daldosa", "");
    let e = w.refused("alice", "board");
    assert!(
        e.contains("2 active games here") && e.contains("like `board #1`"),
        "{e}"
    );
    assert!(w.refused("carol", "resign").contains("no active game here"));
    assert!(
        w.ok("carol", "board #1").boards.len() == 1,
        "spectators may look"
    );
}

#[test]
fn board_and_moves_without_an_id_show_the_game_that_just_ended() {
    let w = world();
    let id = w.start("hnefatafl", "");
    w.play_first(id);
    w.ok("bob", "resign");
    let moves = w.ok("alice", "moves").text.en();
    assert!(
        moves.starts_with(&format!("#{id} ")) && moves.contains("1."),
        "{moves}"
    );
    let board = w.ok("bob", "board");
    assert!(board.text.en().contains("resigned"), "{}", board.text.en());
    // A new game here is the one shown again; carol never played, so she must name one.
    let next = w.start("daldosa", "");
    assert!(
        w.ok("alice", "moves")
            .text
            .en()
            .starts_with(&format!("#{next} "))
    );
    assert!(w.refused("carol", "moves").contains("no active game here"));
}

#[test]
fn reminders_then_a_timeout_loss_with_the_fake_clock() {
    let w = world();
    let id = w.start("hnefatafl", "days:2");
    w.play_first(id);
    w.play_first(id);
    // alice to move, deadline in 2 days: a reminder 24 h before.
    assert_eq!(w.session.next_wakeup(), Some(FakeClock::EPOCH.plus(DAY)));
    assert!(w.session.tick(w.clock.now()).is_empty());
    let now = w.clock.advance(DAY + HOUR);
    let notices = w.session.tick(now);
    assert_eq!(notices.len(), 1);
    let r = &notices[0].reply;
    assert!(
        r.text
            .en()
            .contains("Reminder, alice: your move in game #1"),
        "{}",
        r.text.en()
    );
    assert!(r.text.en().contains("in 23 hours"), "{}", r.text.en());
    assert_eq!(r.notify, vec![UserId::new("console", "alice")]);
    // The reminder's board highlights bob's move, the one alice has to answer.
    assert!(
        r.boards.len() == 1 && !r.boards[0].last_move.is_empty(),
        "the reminder's board highlights the last move"
    );
    assert!(w.session.tick(now).is_empty(), "one reminder per turn");
    let now = w.clock.advance(DAY);
    let notices = w.session.tick(now);
    assert_eq!(notices.len(), 1);
    let r = &notices[0].reply;
    assert!(
        r.text
            .en()
            .contains("alice (Attackers) ran out of time; bob (Defenders) wins"),
        "{}",
        r.text.en()
    );
    assert!(r.text.en().contains("Ratings"), "{}", r.text.en());
    assert_eq!(w.session.next_wakeup(), None);
}

#[test]
fn a_subulata_reminder_brings_the_player_their_values_privately() {
    let w = world();
    let id = w.start("subulata", "days:2");
    w.play_first(id);
    w.play_first(id);
    let now = w.clock.advance(DAY + HOUR);
    let notices = w.session.tick(now);
    assert_eq!(notices.len(), 1);
    let r = &notices[0].reply;
    assert!(r.text.en().contains("Reminder, alice"), "{}", r.text.en());
    assert!(
        r.channel_boards_are_public(),
        "the channel sees the public board"
    );
    assert_eq!(r.private.len(), 1);
    assert_eq!(r.private[0].to, UserId::new("console", "alice"));
    assert_eq!(
        r.private[0].boards[0].viewer,
        skald_rules::Viewer::Seat(Seat::A)
    );
}

#[test]
fn a_timeout_before_both_moved_aborts() {
    let w = world();
    let id = w.start("hnefatafl", "days:1");
    w.play_first(id);
    let now = w.clock.advance(DAY + 1);
    let notices = w.session.tick(now);
    let r = &notices[0].reply;
    assert!(
        r.text.en().contains("aborted without result"),
        "{}",
        r.text.en()
    );
    assert!(w.game(id).end.expect("over").ratings.is_none());
}

#[test]
fn downtime_is_given_back_to_the_clocks() {
    let store = SledStore::temporary().expect("store");
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let w = world_on(store.clone(), clock.clone());
    let id = w.start("hnefatafl", "");
    let deadline = w.game(id).clock.deadline;
    w.session.heartbeat(clock.now());
    drop(w);
    // The bot is down for two days, then starts again.
    clock.advance(2 * DAY);
    let w = world_on(store, clock);
    assert_eq!(w.game(id).clock.deadline, deadline.plus(2 * DAY));
}

#[test]
fn vacation_pauses_clocks_within_the_yearly_allowance() {
    let w = world();
    let id = w.start("hnefatafl", "");
    let deadline = w.game(id).clock.deadline;
    let r = w.ok("alice", "vacation 5");
    assert!(
        r.text.en().contains("until 2025-01-06 00:00 UTC")
            && r.text.en().contains("9 vacation days left"),
        "{}",
        r.text.en()
    );
    assert_eq!(w.game(id).clock.deadline, deadline.plus(5 * DAY));
    assert!(
        w.refused("alice", "vacation 10")
            .contains("9 vacation days left")
    );
    // A turn that comes to a player on vacation starts counting when it ends.
    w.ok("bob", "vacation 4");
    w.ok("alice", "move d1-d4");
    assert_eq!(
        w.game(id).clock.deadline,
        FakeClock::EPOCH.plus(4 * DAY + 3 * DAY)
    );
}

#[test]
fn dice_games_take_several_steps_in_one_command() {
    let w = world();
    let id = w.start("daldosa", "");
    // Play until somebody has two steps to take, then send both at once.
    for _ in 0..200 {
        let g = w.game(id);
        let m = g.live().expect("replays");
        let pos = m.position();
        let Some(seat) = pos.status().seat() else {
            break;
        };
        if pos.dice().len() == 2 {
            let first = pos.legal_moves().remove(0);
            let mut after = pos.clone();
            after.play(&first).expect("legal");
            if after.status().seat() == Some(seat) && !after.legal_moves().is_empty() {
                let second = after.legal_moves().remove(0);
                let name = &g.players[seat.index()].name;
                let r = w.ok(name, &format!("move #{id} {first} {second}"));
                assert!(
                    r.text.en().contains(&format!("played {first} {second}")),
                    "{}",
                    r.text.en()
                );
                return;
            }
        }
        w.play_first(id);
    }
    panic!("no two-step turn came up");
}

#[test]
fn a_whole_game_of_each_rule_set_ends_with_a_result() {
    for rule_set in RuleSetId::ALL {
        let w = world();
        let id = w.start(rule_set.id(), "");
        let mut last = None;
        for _ in 0..5000 {
            if w.game(id).end.is_some() {
                break;
            }
            last = Some(w.play_first(id));
        }
        let g = w.game(id);
        assert!(g.end.is_some(), "{rule_set}: the game ended");
        // The stored position is exactly the record replayed.
        let replayed = game::replay(g.record.clone(), id).expect("replays");
        assert_eq!(
            replayed.position().to_notation(skald_rules::Viewer::Final),
            g.position,
            "{rule_set}"
        );
        let text = last.expect("moves were played").text.en();
        assert!(
            text.contains("Ratings") || text.contains("Draw"),
            "{rule_set}: {text}"
        );
    }
}

#[test]
fn users_keep_their_latest_name() {
    let w = world();
    let renamed = Context::new(
        User::new("console", "alice", "Alice the Bold"),
        "console",
        "console",
    );
    w.session.handle(&renamed, "games");
    let u = w
        .session
        .store()
        .user(&UserId::new("console", "alice"))
        .expect("reads")
        .expect("exists");
    assert_eq!(u.doc.user.name, "Alice the Bold");
}

#[test]
fn timestamps_in_the_store_are_ordered_for_the_queue() {
    let w = world();
    let a = w.start("hnefatafl", "days:3");
    let b = w.start("hnefatafl", "days:1");
    let first = w.session.next_wakeup().expect("deadlines");
    assert_eq!(first, w.game(b).wake().expect("active"));
    assert!(w.game(a).wake() > Some(first));
    assert!(
        w.session
            .store()
            .due(Timestamp(0))
            .expect("reads")
            .is_empty()
    );
}

#[test]
fn the_session_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Session>();
}

#[test]
fn board_text_gives_a_player_their_own_values_as_text_where_only_they_read_it() {
    let w = world();
    let id = w.start("subulata", "");
    w.ok("alice", &format!("arrange #{id} 9 1 8 2 7 3 6 4 5"));
    let pictured = w.ok("alice", &format!("board #{id}"));
    assert!(!pictured.boards[0].as_text && !pictured.private[0].boards[0].as_text);
    // `board text` (the word before or after the number): every board as text, the public
    // one for the channel and alice's own view privately, her values in it.
    for line in [format!("board #{id} text"), format!("board text #{id}")] {
        let r = w.ok("alice", &line);
        let public = &r.boards[0];
        assert!(public.as_text, "{line}");
        assert_eq!(public.viewer, skald_rules::Viewer::Public);
        let own = &r.private[0];
        assert_eq!(own.to, UserId::new("console", "alice"));
        let board = &own.boards[0];
        assert!(board.as_text && board.viewer == skald_rules::Viewer::Seat(Seat::A));
        let mine = board.text().en();
        let seen = public.text().en();
        assert_ne!(mine, seen, "her view shows what the public one hides");
        assert!(
            mine.matches('9').count() > seen.matches('9').count(),
            "her 9 is shown: {mine}"
        );
    }
    // A spectator gets the public board as text and nothing private.
    let r = w.ok("carol", &format!("board #{id} text"));
    assert!(r.boards[0].as_text && r.private.is_empty());
    // Anything else is refused with what is accepted.
    for line in ["board text text", "board #1 #2", "board pictures"] {
        let e = w.refused("alice", line);
        assert!(e.contains("the word text"), "{line}: {e}");
    }
}

#[test]
fn subulata_values_stay_out_of_channel_replies() {
    let w = world();
    let id = w.start("subulata", "");
    let r = w.ok("alice", &format!("arrange #{id} 9 1 8 2 7 3 6 4 5"));
    // The values only appear in alice's private part.
    assert!(!r.text.en().contains('9'), "{}", r.text.en());
    assert_eq!(r.private.len(), 1);
    assert_eq!(r.private[0].to, UserId::new("console", "alice"));
    assert_eq!(
        r.private[0].boards[0].viewer,
        skald_rules::Viewer::Seat(Seat::A)
    );
    let moves = w.ok("carol", &format!("moves #{id}")).text.en();
    assert!(!moves.contains("9 1 8"), "{moves}");
    for _ in 0..400 {
        if w.game(id).end.is_some() {
            break;
        }
        let r = w.play_first(id);
        for b in &r.boards {
            let public = b.position.to_notation(skald_rules::Viewer::Public);
            if w.game(id).end.is_none() {
                assert_eq!(b.viewer, skald_rules::Viewer::Public);
                assert_ne!(public, b.position.to_notation(skald_rules::Viewer::Final));
            }
        }
        for p in &r.private {
            let g = w.game(id);
            let seat = g.seat_of(&p.to).expect("a player");
            assert!(
                p.boards
                    .iter()
                    .all(|b| b.viewer == skald_rules::Viewer::Seat(seat)
                        || b.viewer == skald_rules::Viewer::Final)
            );
        }
    }
    assert!(w.game(id).end.is_some());
}

#[test]
fn nothing_typed_after_an_extra_roll_is_played_and_the_roll_stays_unseen() {
    let w = world();
    let id = w.start("adelta", "");
    for _ in 0..3000 {
        let g = w.game(id);
        if g.end.is_some() {
            break;
        }
        let m = g.live().expect("loads");
        let pos = m.position().clone();
        let seat = pos.status().seat().expect("someone to move");
        // Find the steps that finish this turn's dice; does an extra roll follow?
        let mut after = pos.clone();
        let mut steps = Vec::new();
        while after.status().seat() == Some(seat) && !after.dice().is_empty() {
            let mv = after.legal_moves().remove(0);
            let events = after.play(&mv).expect("legal");
            steps.push(mv);
            if events
                .iter()
                .any(|e| matches!(e, skald_rules::Event::ExtraRoll { .. }))
            {
                let name = &g.players[seat.index()].name;
                let line = format!("move #{id} {} 1+1", steps.join(" "));
                let e = w.refused(name, &line);
                assert!(e.contains("cannot follow; nothing was played"), "{e}");
                assert!(!e.contains("legal moves"), "no dice shown: {e}");
                assert_eq!(w.game(id), g, "nothing changed");
                // (If the extra roll gave no step, the turn passed instead: look further.)
                if e.contains("the dice were rolled again") {
                    return;
                }
                break;
            }
        }
        w.play_first(id);
    }
    panic!("no extra roll came up");
}

#[test]
fn a_number_picks_the_listed_legal_move_in_dice_games_only() {
    let w = world();
    let id = w.start("daldosa", "");
    let g = w.game(id);
    let m = g.live().expect("live");
    let legal = m.position().legal_moves();
    let mover = if m.position().status().seat() == Some(Seat::A) {
        "alice"
    } else {
        "bob"
    };
    let r = w.ok(mover, "move 1");
    assert!(
        r.text.en().contains(&format!("played {}", legal[0])),
        "{}",
        r.text.en()
    );
    let too_far = format!("move {}", 1000);
    let g = w.game(id);
    let m = g.live().expect("live");
    if let Some(seat) = m.position().status().seat() {
        let who = if seat == Seat::A { "alice" } else { "bob" };
        w.refused(who, &too_far);
    }
    let h = w.start("hnefatafl", "");
    assert!(
        w.refused("alice", &format!("move #{h} 1"))
            .contains("cannot play")
    );
}

#[test]
fn dice_turns_list_their_legal_steps_as_choices_for_the_mover() {
    let w = world();
    let r = w.ok("alice", "challenge daldosa @bob first");
    let id: u64 = r.text.en()["Challenge #".len()..]
        .split(':')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("challenge number");
    let r = w.ok("bob", &format!("accept #{id}"));
    let m = w.game(id).live().expect("live");
    let seat = m.position().status().seat().expect("someone to move");
    let mover = UserId::new("console", if seat == Seat::A { "alice" } else { "bob" });
    let listed: Vec<String> = r
        .choices
        .iter()
        .filter(|c| c.command.to_line().starts_with("move "))
        .map(|c| {
            assert_eq!(c.for_user.as_ref(), Some(&mover), "only the mover presses");
            c.label.en()
        })
        .collect();
    let legal = m.position().legal_moves();
    assert!(!legal.is_empty());
    assert_eq!(listed, legal);
}

#[test]
fn a_subulata_game_ended_by_resignation_reveals_every_value() {
    let w = world();
    let id = w.start("subulata", "");
    w.ok("alice", &format!("arrange #{id} 9 1 8 2 7 3 6 4 5"));
    w.ok("bob", &format!("arrange #{id} 1 2 3 4 5 6 7 8 9"));
    w.play_first(id);
    let before = w.ok("carol", &format!("board #{id}"));
    assert!(
        before
            .boards
            .iter()
            .all(|b| b.viewer == skald_rules::Viewer::Public)
    );
    let r = w.ok("bob", &format!("resign #{id}"));
    assert!(!r.boards.is_empty(), "the result shows the board");
    assert!(
        r.boards
            .iter()
            .all(|b| b.viewer == skald_rules::Viewer::Final),
        "{:?}",
        r.boards
    );
    // Afterwards anyone asking for the board sees the values too.
    let after = w.ok("carol", &format!("board #{id}"));
    assert!(
        after
            .boards
            .iter()
            .all(|b| b.viewer == skald_rules::Viewer::Final)
    );
}

#[test]
fn a_board_after_a_resignation_shows_the_result_not_whose_turn_it_was() {
    let w = world();
    let id = w.start("hnefatafl", "");
    w.play_first(id);
    let during = w.ok("carol", &format!("board #{id}"));
    assert!(during.boards.iter().all(|b| b.result.is_none()));
    assert!(
        during.boards[0].text().en().contains("to play"),
        "{}",
        during.boards[0].text().en()
    );
    w.ok("bob", &format!("resign #{id}"));
    let after = w.ok("carol", &format!("board #{id}"));
    let b = &after.boards[0];
    let result = b.result.as_ref().map(|t| t.en()).unwrap_or_default();
    assert!(
        result.contains("resigned;") && result.contains("wins"),
        "{result}"
    );
    let text = b.text().en();
    let first = text.lines().next().unwrap_or("");
    assert_eq!(first, format!("Hnefatafl 11x11, game over: {result}"));
    assert!(!text.contains("to play"), "{text}");
    assert!(
        b.alt.en().contains("game over") && !b.alt.en().contains("to move"),
        "{}",
        b.alt.en()
    );
    // The picture says it too: it differs from the same position drawn without the result.
    let with = crate::pictures::board_png(b, crate::Lang::En).expect("draws");
    let without = crate::pictures::board_png(
        &crate::Board {
            result: None,
            ..b.clone()
        },
        crate::Lang::En,
    )
    .expect("draws");
    assert_ne!(with, without);
}

#[test]
fn against_the_engine_a_takeback_undoes_both_moves_and_a_draw_is_refused() {
    let w = world();
    w.ok("alice", "challenge tafl @skald easy first");
    let refused = w.say("alice", "takeback #1");
    assert_eq!(refused.kind, ReplyKind::Refused, "{}", refused.text.en());
    assert!(
        refused.text.en().contains("not moved yet"),
        "{}",
        refused.text.en()
    );
    w.ok("alice", "move #1 d1-d4");
    // The engine is to move: the takeback waits for its answer.
    let early = w.say("alice", "takeback #1");
    assert!(
        early.text.en().contains("still thinking"),
        "{}",
        early.text.en()
    );
    let mut driver = crate::engine_driver::Driver::new();
    driver.uncapped = true;
    let mut notices = Vec::new();
    driver.play_pending(&w.session, |n| notices.push(n));
    assert_eq!(notices.len(), 1, "the engine answered");
    assert_eq!(w.game(1).record.actions.len(), 2);
    let export = || {
        let mut out = Vec::new();
        w.session.store().export(&mut out).expect("exports");
        out
    };
    let before = export();
    let draw = w.say("alice", "draw #1");
    assert_eq!(draw.kind, ReplyKind::Refused, "{}", draw.text.en());
    assert!(
        draw.text.en().contains("agrees to no draw"),
        "{}",
        draw.text.en()
    );
    assert_eq!(export(), before, "a refused draw changes nothing");

    let r = w.ok("alice", "takeback #1");
    assert!(
        r.text
            .en()
            .contains("alice (Attackers) takes back their last move and the engine's answer"),
        "{}",
        r.text.en()
    );
    let g = w.game(1);
    assert!(g.record.actions.is_empty(), "{:?}", g.record.actions);
    assert_eq!(g.moved, [0, 0]);
    let start = skald_rules::Position::start(skald_rules::RuleSetId::Hnefatafl, 0);
    assert_eq!(
        g.position,
        start.to_notation(skald_rules::Viewer::Final),
        "back at the start, alice to move"
    );
    // And the game goes on: the same move again, the engine answers again.
    w.ok("alice", "move #1 d1-d4");
    let mut answers = 0;
    driver.play_pending(&w.session, |_| answers += 1);
    assert_eq!(answers, 1);
}

#[test]
fn a_move_typed_with_a_spaced_separator_is_read() {
    let w = world();
    let id = w.start("hnefatafl", "");
    // docs/NOTATION.md promises ` f2 - f5 `; the chat splits it into three words.
    let r = w.ok("alice", &format!("move #{id} d1 - d4"));
    assert!(r.text.en().contains("played d1-d4"), "{}", r.text.en());
    let r = w.ok("bob", &format!("move #{id} e5 x e2"));
    assert!(r.text.en().contains("played e5-e2"), "{}", r.text.en());
    assert_eq!(w.game(id).record.actions.len(), 2);
}

#[test]
fn the_move_list_shows_a_roll_still_to_play_as_such() {
    let w = world();
    let id = w.start("daldosa", "");
    let g = w.game(id);
    let m = g.live().expect("replays");
    let seat = m.position().status().seat().expect("someone to move");
    let name = g.players[seat.index()].name.clone();
    let list = w.ok(&name, &format!("moves #{id}")).text.en();
    let last = list.lines().last().expect("a line").to_string();
    assert!(last.contains("rolled"), "{list}");
    assert!(last.ends_with("(to play)"), "{list}");
    assert!(!list.contains("(no move)"), "{list}");
}

#[test]
fn an_ad_elta_challenge_does_not_promise_the_first_move() {
    let w = world();
    let r = w.ok("alice", "challenge adelta @bob first");
    assert!(
        r.text
            .en()
            .contains("alice plays White (an opening roll decides who starts)"),
        "{}",
        r.text.en()
    );
    let r = w.ok("carol", "challenge daldosa @dave first");
    assert!(r.text.en().contains("(moves first)"), "{}", r.text.en());
}

/// Issue #23 (1): the answer to a player's own command never pings them (they are reading
/// it); the others it concerns are pinged: the player to move when that is someone else,
/// the challenger whose challenge was taken up.
#[test]
fn whoever_just_acted_is_not_pinged_and_the_next_player_is() {
    let w = world();
    let alice = UserId::new("console", "alice");
    let bob = UserId::new("console", "bob");
    // Ad Elta Stelpur: an opening roll decides who starts; accept until bob does.
    let mut bob_started = false;
    for _ in 0..30 {
        let r = w.ok("alice", "challenge adelta @bob second casual");
        assert_eq!(
            r.notify,
            std::slice::from_ref(&bob),
            "the challenged player: {}",
            r.text.en()
        );
        let id: u64 = r.text.en()["Challenge #".len()..]
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("challenge number");
        let r = w.ok("bob", &format!("accept #{id}"));
        assert!(
            !r.notify.contains(&bob),
            "bob pressed accept: {}",
            r.text.en()
        );
        assert_eq!(r.notify, std::slice::from_ref(&alice), "{}", r.text.en());
        let g = w.game(id);
        let seat = g.live().expect("replays").position().status().seat();
        if seat.map(|s| g.players[s.index()].name.as_str()) == Some("bob") {
            bob_started = true;
            // bob plays one step: alice is pinged only when the turn is hers.
            let r = w.play_first(id);
            assert!(!r.notify.contains(&bob), "{}", r.text.en());
            break;
        }
        w.ok("alice", &format!("abort #{id}"));
    }
    assert!(bob_started, "in 30 games bob never started");

    // Challenging the engine and moving first: the game starts, nobody is pinged.
    let r = w.ok("alice", "challenge tafl @skald easy first");
    assert!(r.text.en().contains("starts"), "{}", r.text.en());
    assert!(r.notify.is_empty(), "{:?}", r.notify);
    let id: u64 = r
        .text
        .en()
        .split("Game #")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the game's number");
    w.ok("alice", &format!("move #{id} d1-d4"));
    // The engine's answer gives alice the turn: she is pinged.
    let mut driver = crate::engine_driver::Driver::new();
    driver.uncapped = true;
    let mut notices = Vec::new();
    driver.play_pending(&w.session, |n| notices.push(n));
    assert_eq!(notices.len(), 1, "the engine answered");
    assert_eq!(notices[0].reply.notify, [alice]);
}

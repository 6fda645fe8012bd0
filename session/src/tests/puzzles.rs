//! Puzzles in chat: given privately near the solver's rating, answered privately (a right
//! move gets the strongest defence, the last one solves it, a wrong one ends it with the
//! solution), the ratings and streak moved once; the stats and ladder; the daily puzzle
//! posted once a day at the community's hour (across a restart and a daylight saving
//! change), answered privately, its post updated with its solvers, its solution only the
//! next day.

use super::support::{console, session_on};
use crate::clock::{DAY, FakeClock, HOUR, Timestamp};
use crate::command::{Command, PuzzleAsk};
use crate::store::{Commit, SledStore};
use crate::*;
use skald_model::puzzle::{Puzzle, PuzzleRoom};
use skald_rules::{Position, RuleSetId};
use std::sync::Arc;

/// From the prover's tests: the king on a3 escapes to a1, and only there.
const ONE_ESCAPE: &str = "7/4A2/A6/7/K6/7/7 d 11 -";
/// The attackers capture the king in 2 (d3-d5, then b3-b5 whatever the defence).
const CAPTURE_IN_TWO: &str = "3A3/1A5/2K1D2/A1D2DA/1A1A1A1/2A4/7 a 12 d5-b5,c6-b6,b5-c5";
/// The defenders escape in 3 (c4-a4 first, the only move that forces it).
const ESCAPE_IN_THREE: &str = "7/1AD1A2/1D5/2K1DA1/D6/2A3A/3A3 d 13 d7-b7,a5-b5,b7-b6";

fn at(text: &str) -> Timestamp {
    let t: jiff::Timestamp = text.parse().expect("a timestamp");
    Timestamp(t.as_second())
}

/// A Brandubh puzzle of `text`, proven here as the miner proves them.
fn puzzle_of(text: &str, source: &str) -> Puzzle {
    let position = Position::from_notation(RuleSetId::Brandubh, text).expect("a position");
    // The largest bound at which its first move is the only win (a hand-made escape in 1
    // has slower wins beside it), mined as the miner mines, rated as a new solver is.
    let puzzle = [3, 2, 1]
        .into_iter()
        .find_map(|bound| {
            skald_model::puzzle::mine::puzzle_at(&position, bound, source.into()).expect("tafl")
        })
        .expect("a puzzle");
    Puzzle {
        rating: 1500.0,
        ..puzzle
    }
}

/// Stores `puzzles` as the console community's own (mined from its games).
fn with_own(s: &Session, puzzles: Vec<Puzzle>) {
    let mut room = PuzzleRoom::new(CommunityId("console".into()));
    room.mined = puzzles;
    s.store()
        .commit(Commit {
            puzzle_rooms: vec![(None, room)],
            ..Commit::default()
        })
        .expect("stored");
}

fn session(clock: &Arc<FakeClock>) -> Session {
    session_on(SledStore::temporary().expect("store"), clock.clone())
}

/// What `who` alone reads of a reply.
fn mine(r: &Reply) -> String {
    r.private
        .iter()
        .map(|p| p.text.en())
        .collect::<Vec<_>>()
        .join("\n")
}

fn say(s: &Session, who: &str, line: &str) -> Reply {
    s.handle(&console(who), line)
}

/// The puzzle `who` is solving, as stored.
fn active(s: &Session, who: &str) -> Option<skald_model::puzzle::ActivePuzzle> {
    s.store()
        .user(&UserId::new("console", who))
        .expect("read")
        .and_then(|u| u.doc.puzzles.active.map(|a| *a))
}

/// `who` answers each move of the puzzle they are solving with its line's, to the end
/// (a puzzle may take two moves or more), each answer carried out.
fn solve_through(s: &Session, who: &str) {
    while let Some(a) = active(s, who) {
        let r = say(s, who, &format!("puzzle {}", a.line[0]));
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
}

fn puzzles_of(s: &Session, who: &str) -> skald_model::puzzle::PlayerPuzzles {
    s.store()
        .user(&UserId::new("console", who))
        .expect("read")
        .map(|u| u.doc.puzzles)
        .unwrap_or_default()
}

#[test]
fn a_puzzle_is_given_privately_and_its_move_solves_it() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(&s, vec![puzzle_of(ONE_ESCAPE, "alice vs bob, game #12")]);
    let r = say(&s, "carol", "puzzle brandubh");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert!(
        r.text.en().is_empty() && r.boards.is_empty(),
        "nothing public"
    );
    let text = mine(&r);
    assert!(
        text.contains("Puzzle, Brandubh: Defenders to move, escape in 1."),
        "{text}"
    );
    assert!(text.contains("From alice vs bob, game #12."), "{text}");
    assert_eq!(r.private[0].boards.len(), 1, "a board of the puzzle");
    assert!(!text.contains("a3-a1"), "the solution is not given: {text}");
    // Asking again shows the same puzzle.
    let again = say(&s, "carol", "puzzle");
    assert_eq!(mine(&again).lines().next(), text.lines().next());
    let r = say(&s, "carol", "puzzle a3-a1");
    let text = mine(&r);
    assert!(text.contains("Solved: a3-a1 wins."), "{text}");
    assert!(text.contains("Puzzle rating (tafl): 1500? → "), "{text}");
    assert!(text.contains("Streak: 1 (best 1)."), "{text}");
    let p = puzzles_of(&s, "carol");
    assert!(p.active.is_none());
    let tafl = p.ratings[&skald_model::puzzle::PuzzleFamily::Tafl];
    assert!(tafl.rating.rating > 1500.0, "{tafl:?}");
    assert_eq!((tafl.solved, tafl.failed), (1, 0));
}

#[test]
fn a_longer_puzzle_answers_each_right_move_with_the_strongest_defence() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(
        &s,
        vec![puzzle_of(
            CAPTURE_IN_TWO,
            "self-play brandubh seed 1, ply 12",
        )],
    );
    let r = say(&s, "carol", "puzzle brandubh");
    assert!(
        mine(&r).contains("Attackers to move, capture the king in 2"),
        "{}",
        mine(&r)
    );
    assert!(
        mine(&r).contains("From the engine's own games."),
        "{}",
        mine(&r)
    );
    let line = active(&s, "carol").expect("active").line;
    let r = say(&s, "carol", "puzzle d3 d5");
    let text = mine(&r);
    assert!(
        text.contains(&format!("Right: d3-d5. They answer {}.", line[1])),
        "{text}"
    );
    assert!(text.contains("one move left to win"), "{text}");
    let next = active(&s, "carol").expect("still solving");
    assert_eq!(next.moves_left, 1);
    let r = say(&s, "carol", &format!("puzzle {}", next.line[0]));
    assert!(mine(&r).contains("Solved"), "{}", mine(&r));
    assert_eq!(puzzles_of(&s, "carol").streak, 1);
}

#[test]
fn a_wrong_move_ends_the_puzzle_with_its_solution_and_the_streak() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(
        &s,
        vec![
            puzzle_of(ONE_ESCAPE, "self-play"),
            puzzle_of(ESCAPE_IN_THREE, "self-play"),
        ],
    );
    // One solved first, so the streak has something to lose.
    say(&s, "carol", "puzzle brandubh");
    let first = active(&s, "carol").expect("given");
    say(&s, "carol", &format!("puzzle {}", first.line[0]));
    assert_eq!(puzzles_of(&s, "carol").streak, 1);
    say(&s, "carol", "puzzle brandubh");
    let second = active(&s, "carol").expect("given");
    assert_ne!(second.puzzle.id(), first.puzzle.id(), "a new one");
    let position = Position::from_notation(RuleSetId::Brandubh, &second.position).unwrap();
    let wrong = position
        .legal_moves()
        .into_iter()
        .find(|m| *m != second.line[0])
        .expect("another legal move");
    // An illegal move is refused and counts for nothing.
    let r = say(&s, "carol", "puzzle a1-a1");
    assert_eq!(r.kind, ReplyKind::Refused, "{}", r.text.en());
    assert!(
        r.text.en().contains("Nothing was counted"),
        "{}",
        r.text.en()
    );
    assert_eq!(active(&s, "carol"), Some(second.clone()));
    let r = say(&s, "carol", &format!("puzzle {wrong}"));
    let text = mine(&r);
    assert!(
        text.contains(&format!("Not this one: {wrong} does not force the win.")),
        "{text}"
    );
    assert!(
        text.contains(&format!("The solution: {}.", second.line.join(", "))),
        "{text}"
    );
    let board = &r.private[0].boards[0];
    assert!(board.compare.is_some(), "both moves drawn");
    let p = puzzles_of(&s, "carol");
    assert_eq!((p.streak, p.best_streak), (0, 1));
    assert!(p.active.is_none());
}

#[test]
fn answers_typed_where_others_read_are_refused_and_skip_gives_up() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(&s, vec![puzzle_of(ONE_ESCAPE, "self-play")]);
    let public = Context::new(User::new("console", "carol", "carol"), "console", "hall");
    // Asked in a channel: the puzzle still comes privately.
    let r = s.handle(&public, "puzzle brandubh");
    assert!(r.text.en().is_empty() && !mine(&r).is_empty());
    let r = s.handle(&public, "puzzle a3-a1");
    assert_eq!(r.kind, ReplyKind::Refused);
    assert!(r.text.en().contains("only you read"), "{}", r.text.en());
    assert!(!r.text.en().contains("a3-a1 wins"));
    assert!(active(&s, "carol").is_some(), "nothing counted");
    let r = say(&s, "carol", "puzzle skip");
    let text = mine(&r);
    assert!(
        text.contains("Given up.") && text.contains("The solution: a3-a1."),
        "{text}"
    );
    let p = puzzles_of(&s, "carol");
    assert_eq!(
        p.ratings[&skald_model::puzzle::PuzzleFamily::Tafl].failed,
        1
    );
    let r = say(&s, "carol", "puzzle skip");
    assert_eq!(r.kind, ReplyKind::Refused, "nothing to skip");
}

#[test]
fn stats_and_the_ladder_list_the_solvers_here() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(
        &s,
        vec![
            puzzle_of(ONE_ESCAPE, "self-play"),
            puzzle_of(CAPTURE_IN_TWO, "self-play"),
        ],
    );
    let r = say(&s, "dave", "puzzle stats");
    assert!(
        r.text.en().contains("dave has not tried a puzzle yet"),
        "{}",
        r.text.en()
    );
    for who in ["carol", "dave"] {
        say(&s, who, "puzzle brandubh");
        if who == "carol" {
            solve_through(&s, who);
        } else {
            say(&s, who, "puzzle skip");
        }
    }
    let r = say(&s, "dave", "puzzle stats @carol");
    assert!(r.text.en().contains("carol's puzzles:"), "{}", r.text.en());
    assert!(
        r.text.en().contains("(1 solved, 0 failed)"),
        "{}",
        r.text.en()
    );
    let r = say(&s, "dave", "puzzle ladder");
    let text = r.text.en();
    let carol = text.find("1. carol").expect("carol first");
    let dave = text.find("2. dave").expect("dave second");
    assert!(carol < dave, "{text}");
    let r = say(&s, "dave", "puzzle ladder daldosa");
    assert!(
        r.text
            .en()
            .contains("Nobody here has tried a daldosa puzzle"),
        "{}",
        r.text.en()
    );
}

/// The daily posts among `notices`: (channel, text), the first posts only (not edits).
fn daily_posts(notices: &[Notice]) -> Vec<(String, String)> {
    notices
        .iter()
        .filter(|n| n.reply.progress.is_some() && n.reply.text.en().starts_with("Daily puzzle"))
        .map(|n| (n.channel.0.clone(), n.reply.text.en()))
        .collect()
}

#[test]
fn the_daily_puzzle_is_posted_once_a_day_at_the_local_hour_and_solved_privately() {
    // Paris leaves summer time on 2026-10-25: 09:00 there is 07:00 UTC before, 08:00 after.
    let store = SledStore::temporary().expect("store");
    let clock = Arc::new(FakeClock::new(at("2026-10-22T12:00:00Z")));
    let s = session_on(store.clone(), clock.clone());
    let puzzles = vec![
        puzzle_of(ONE_ESCAPE, "alice vs bob, game #12"),
        puzzle_of(CAPTURE_IN_TWO, "alice vs bob, game #13"),
        puzzle_of(ESCAPE_IN_THREE, "alice vs bob, game #14"),
    ];
    with_own(&s, puzzles.clone());
    let hall = Context::new(User::new("console", "ann", "ann"), "console", "hall");
    let r = s.handle(&hall, "puzzle daily on 09:00 Europe/Paris");
    assert_eq!(r.kind, ReplyKind::Refused, "not an admin");
    assert!(
        r.text.en().contains("Only a server admin"),
        "{}",
        r.text.en()
    );
    let r = s.handle(
        &hall.clone().as_admin(),
        "puzzle daily on 09:00 europe/paris",
    );
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    assert!(
        r.text
            .en()
            .contains("every day at 09:00 (Europe/Paris), posted here"),
        "{}",
        r.text.en()
    );
    let mut posted = Vec::new();
    let mut s = s;
    // Eight days hour by hour, with a restart on the fourth.
    for hour in 0..(8 * 24) {
        if hour == 4 * 24 {
            drop(s);
            s = session_on(store.clone(), clock.clone());
        }
        let now = clock.advance(HOUR);
        for (channel, text) in daily_posts(&s.tick(now)) {
            assert_eq!(channel, "hall");
            posted.push((now, text));
        }
    }
    let times: Vec<Timestamp> = posted.iter().map(|(t, _)| *t).collect();
    assert_eq!(times.len(), 8, "{times:?}");
    assert_eq!(times[0], at("2026-10-23T07:00:00Z"));
    assert_eq!(times[2], at("2026-10-25T08:00:00Z"), "winter time");
    assert_eq!(times[7], at("2026-10-30T08:00:00Z"));
    // The community's own puzzles first, newest first; the solution only the next day.
    let (_, first) = &posted[0];
    assert!(first.contains("From alice vs bob, game #14."), "{first}");
    let solution = puzzles[2].solution.join(", ");
    assert!(!first.contains(&solution), "{first}");
    assert!(
        posted[1]
            .1
            .contains(&format!("Yesterday's puzzle (2026-10-23): {solution}."))
    );
}

#[test]
fn solving_the_daily_puzzle_updates_its_post_and_counts_once() {
    let clock = Arc::new(FakeClock::new(at("2026-11-29T06:00:00Z")));
    let s = session(&clock);
    with_own(&s, vec![puzzle_of(ONE_ESCAPE, "alice vs bob, game #12")]);
    let admin = Context::new(User::new("console", "ann", "ann"), "console", "hall").as_admin();
    s.handle(&admin, "puzzle daily on 09:00 UTC");
    assert_eq!(s.next_wakeup(), Some(at("2026-11-29T09:00:00Z")));
    let r = say(&s, "carol", "puzzle daily");
    assert_eq!(r.kind, ReplyKind::Refused, "none posted yet");
    let notices = s.tick(clock.advance(3 * HOUR));
    let posts = daily_posts(&notices);
    assert_eq!(posts.len(), 1);
    assert!(daily_posts(&s.tick(clock.now())).is_empty(), "once");
    // The adapter that posted it tells how it reaches the message: kept with the post (a
    // review's progress name is not), so the edit below names it.
    let name = notices
        .iter()
        .find_map(|n| n.reply.progress.clone())
        .expect("the post has a progress name");
    let channel = crate::ChannelId("hall".into());
    assert!(s.message_posted(&name, "console", &channel, "message-7"));
    assert!(
        s.message_posted(&name, "console", &channel, "message-7"),
        "again: unchanged"
    );
    assert!(!s.message_posted("review:1:0", "console", &channel, "message-8"));
    let r = say(&s, "carol", "puzzle daily");
    assert!(mine(&r).contains("escape in 1"), "{}", mine(&r));
    say(&s, "carol", "puzzle a3-a1");
    // The post's edit, through the outbox: who solved it, never the move.
    let edits: Vec<Notice> = s
        .take_notices(
            &["console"],
            "test",
            std::time::Duration::from_secs(60),
            100,
        )
        .into_iter()
        .map(|(_, n)| n)
        .filter(|n| n.reply.replaces.is_some())
        .collect();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0].reply.replaces.as_ref(), Some(&name));
    assert_eq!(edits[0].reply.replaces_posted.as_deref(), Some("message-7"));
    let text = edits[0].reply.text.en();
    assert!(text.contains("Solved by carol."), "{text}");
    assert!(!text.contains("a3-a1"), "{text}");
    let r = say(&s, "carol", "puzzle daily");
    assert_eq!(r.kind, ReplyKind::Refused);
    assert!(
        r.text.en().contains("You answered today's puzzle"),
        "{}",
        r.text.en()
    );
    let _ = DAY;
}

/// alice and bob play game 1 of Brandubh as the engine's self-play game `seed` went, to
/// its end.
fn play_self_play_game(s: &Session, seed: u64) {
    let record = skald_model::puzzle::mine::self_play(RuleSetId::Brandubh, seed);
    let hall = |who: &str| Context::new(User::new("console", who, who), "console", "hall");
    let r = s.handle(&hall("alice"), "challenge brandubh @bob first");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let r = s.handle(&hall("bob"), "accept #1");
    assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    let mut position = Position::start(RuleSetId::Brandubh, 0);
    for action in &record.actions {
        let skald_rules::Action::Move(mv) = action else {
            continue;
        };
        let seat = position.status().seat().expect("a player to move");
        let who = if seat == skald_rules::Seat::A {
            "alice"
        } else {
            "bob"
        };
        let r = s.handle(&hall(who), &format!("move #1 {mv}"));
        assert_eq!(r.kind, ReplyKind::Done, "{mv}: {}", r.text.en());
        position.play(mv).expect("the record's move");
    }
    if s.test_game(1).end.is_none() {
        let r = s.handle(&hall("bob"), "resign #1");
        assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
    }
}

#[test]
fn a_finished_game_is_mined_once_for_its_communitys_own_puzzles() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let kept = SledStore::temporary().expect("store");
    let s = session_on(kept.clone(), clock.clone());
    play_self_play_game(&s, 1);
    let game = s.test_game(1);
    assert!(
        matches!(
            game.mining,
            Some(skald_model::puzzle::Mining::Pending { .. })
        ),
        "{:?}",
        game.mining
    );
    // The pass says when only the mining is left (the console then reads its next line),
    // and goes on mining: at that moment the game is not mined yet.
    let reports: Arc<std::sync::Mutex<Vec<(u64, bool)>>> = Arc::default();
    let (seen, store) = (reports.clone(), kept.clone());
    crate::engine_driver::Driver::new()
        .on_quiet(move |mark| {
            let mined = matches!(
                store.game(1),
                Ok(Some(g)) if matches!(g.doc.mining, Some(skald_model::puzzle::Mining::Done { .. }))
            );
            seen.lock().expect("reports").push((mark, mined));
        })
        .play_pending(&s, |_| {});
    assert_eq!(
        *reports.lock().expect("reports"),
        vec![(0, false)],
        "one report, before the game was mined"
    );
    let game = s.test_game(1);
    let Some(skald_model::puzzle::Mining::Done { found }) = game.mining else {
        panic!("mined: {:?}", game.mining);
    };
    let room = s
        .store()
        .puzzle_room(&CommunityId("console".into()))
        .expect("read")
        .expect("the community's puzzles");
    assert!(found > 0, "self-play brandubh seed 1 has a puzzle within 2");
    assert_eq!(room.doc.mined.len(), found as usize);
    for puzzle in &room.doc.mined {
        assert!(
            puzzle.source.starts_with("alice vs bob, game #1, move "),
            "{}",
            puzzle.source
        );
        skald_model::puzzle::check(puzzle).expect("a proven puzzle");
    }
    // Once: another pass finds nothing to do, and the set stays as it is.
    crate::engine_driver::Driver::new().play_pending(&s, |_| {});
    let again = s
        .store()
        .puzzle_room(&CommunityId("console".into()))
        .expect("read")
        .expect("still there");
    assert_eq!(again.doc.version, room.doc.version);
}

#[test]
fn a_process_that_stops_mid_mining_leaves_the_game_to_be_mined_again() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    play_self_play_game(&s, 1);
    // Stopped as soon as only the mining is left: the pass ends without finishing it.
    let driver = crate::engine_driver::Driver::new();
    let waker = driver.waker();
    let mut driver = driver.on_quiet(move |_| waker.stop());
    driver.play_pending(&s, |_| {});
    let held = s.test_game(1).mining;
    assert!(
        matches!(
            held,
            Some(skald_model::puzzle::Mining::Pending {
                holder: Some(_),
                ..
            })
        ),
        "held, not done: {held:?}"
    );
    // Nobody else takes it while the hold lasts; once it ends, another driver mines it.
    crate::engine_driver::Driver::new().play_pending(&s, |_| {});
    assert_eq!(s.test_game(1).mining, held);
    clock.advance(crate::puzzle::mining::MINE_HOLD_SECS + 1);
    crate::engine_driver::Driver::new().play_pending(&s, |_| {});
    let done = s.test_game(1).mining;
    assert!(
        matches!(done, Some(skald_model::puzzle::Mining::Done { found }) if found > 0),
        "{done:?}"
    );
}

#[test]
fn a_dice_puzzle_takes_the_whole_turn_in_any_order_and_another_use_is_wrong() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    // A shipped Daldøsa puzzle whose answer takes two steps, as the community's own.
    let shipped = skald_model::puzzle::starter()
        .iter()
        .find(|p| p.rule_set == RuleSetId::Daldosa && p.solution[0].split_whitespace().count() == 2)
        .expect("a two-step Daldøsa puzzle")
        .clone();
    let own = Puzzle {
        rating: 1500.0,
        source: "alice vs bob, game #3".into(),
        ..shipped.clone()
    };
    with_own(&s, vec![own.clone()]);
    let r = say(&s, "carol", "puzzle daldosa");
    let text = mine(&r);
    assert!(text.contains("the best use of the roll"), "{text}");
    assert!(
        text.contains(&format!("The roll: {}.", own.roll.clone().unwrap())),
        "{text}"
    );
    let steps: Vec<&str> = own.solution[0].split_whitespace().collect();
    // The puzzle comes with its first steps as choices for carol alone (Discord's step
    // buttons), each answering `puzzle <step>`.
    let first_steps: Vec<Command> = r.choices.iter().map(|c| c.command.clone()).collect();
    assert!(
        first_steps.contains(&Command::Puzzle(PuzzleAsk::Answer(vec![
            steps[0].to_string()
        ]))),
        "{first_steps:?}"
    );
    assert!(
        r.choices
            .iter()
            .all(|c| c.for_user == Some(console("carol").user.id))
    );
    // Half the turn is shown with what may follow, and counts for nothing.
    let before = active(&s, "carol");
    let r = say(&s, "carol", &format!("puzzle {}", steps[0]));
    assert_eq!(r.kind, ReplyKind::Done, "{}", mine(&r));
    assert!(
        mine(&r).contains(&format!("So far: {}; one die left to use.", steps[0])),
        "{}",
        mine(&r)
    );
    assert!(r.text.en().is_empty(), "nothing for the channel");
    assert_eq!(r.private[0].boards.len(), 1, "the board after the step");
    assert_eq!(active(&s, "carol"), before, "nothing stored");
    // Its choices complete the turn: pressing the solution's second step solves it.
    let whole = Command::Puzzle(PuzzleAsk::Answer(vec![
        steps[0].to_string(),
        steps[1].to_string(),
    ]));
    assert!(
        r.choices.iter().any(|c| c.command == whole),
        "{:?}",
        r.choices
    );
    // The two steps in the other order solve it.
    let r = say(&s, "carol", &format!("puzzle {} {}", steps[1], steps[0]));
    let text = mine(&r);
    if text.contains("Solved") {
        assert_eq!(puzzles_of(&s, "carol").streak, 1);
    } else {
        // The other order is not legal (the first step makes the second): the solution
        // as written then.
        assert_eq!(r.kind, ReplyKind::Refused, "{text}");
        let r = say(&s, "carol", &format!("puzzle {}", own.solution[0]));
        assert!(mine(&r).contains("Solved"), "{}", mine(&r));
    }
    // Another use of the same roll, on a second try of the same puzzle, is wrong.
    let position = own.read_position().expect("reads");
    let other = skald_ai::puzzle::dice::distinct(&position)
        .expect("uses")
        .into_iter()
        .find(|u| {
            !skald_ai::puzzle::dice::same_use(
                &position,
                own.roll.as_deref().unwrap_or(""),
                u,
                &own.solution[0],
            )
        })
        .expect("another use");
    let dave = s.handle(&console("dave"), "puzzle daldosa");
    assert!(mine(&dave).contains("the best use of the roll"));
    let r = say(&s, "dave", &format!("puzzle {other}"));
    let text = mine(&r);
    assert!(
        text.contains(&format!(
            "Not this one: {other} is not the best use of the roll."
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("The solution: {}.", own.solution[0])),
        "{text}"
    );
}

#[test]
fn the_communitys_own_puzzles_come_first_while_one_is_near() {
    let clock = Arc::new(FakeClock::new(FakeClock::EPOCH));
    let s = session(&clock);
    with_own(
        &s,
        vec![
            puzzle_of(CAPTURE_IN_TWO, "alice vs bob, game #13"),
            puzzle_of(ONE_ESCAPE, "alice vs bob, game #12"),
        ],
    );
    let mut sources = Vec::new();
    for _ in 0..2 {
        say(&s, "carol", "puzzle brandubh");
        let a = active(&s, "carol").expect("given");
        sources.push(a.puzzle.source.clone());
        solve_through(&s, "carol");
    }
    sources.sort();
    assert_eq!(
        sources,
        ["alice vs bob, game #12", "alice vs bob, game #13"]
    );
}

#[test]
fn a_daily_puzzle_set_in_the_configuration_is_posted_in_the_post_channel_and_not_changed_in_chat() {
    let communities = crate::community::CommunityMap::new(vec![crate::community::CommunityDef {
        name: "club".into(),
        members: vec!["console".into()],
        posts: vec![crate::homes::Home {
            platform: "console".into(),
            channel: ChannelId("news".into()),
        }],
        language: None,
        daily_puzzle: Some(((9, 0), "Europe/Paris".into())),
    }])
    .expect("valid");
    let store = SledStore::temporary().expect("store");
    let clock = Arc::new(FakeClock::new(at("2026-11-29T06:00:00Z")));
    let open = || {
        Session::new(
            Arc::new(store.clone()),
            clock.clone(),
            rand::SeedableRng::seed_from_u64(7),
            SessionConfig {
                communities: communities.clone(),
                ..SessionConfig::default()
            }
            .without_rate_limit(),
        )
        .expect("session opens")
    };
    let s = open();
    // 09:00 in Paris is 08:00 UTC in winter.
    assert_eq!(s.next_wakeup(), Some(at("2026-11-29T08:00:00Z")));
    let posts = daily_posts(&s.tick(clock.advance(2 * HOUR)));
    assert_eq!(posts.len(), 1, "{posts:?}");
    assert_eq!(posts[0].0, "news");
    // A restart keeps the plan: nothing again today, tomorrow's at 09:00.
    drop(s);
    let s = open();
    assert!(daily_posts(&s.tick(clock.now())).is_empty());
    assert_eq!(s.next_wakeup(), Some(at("2026-11-30T08:00:00Z")));
    let admin = Context::new(User::new("console", "ann", "ann"), "console", "hall").as_admin();
    let r = s.handle(&admin, "puzzle daily off");
    assert_eq!(r.kind, ReplyKind::Refused);
    assert!(
        r.text
            .en()
            .contains("set in the bot's configuration (every day at 09:00, Europe/Paris)"),
        "{}",
        r.text.en()
    );
}

#[test]
fn the_daily_puzzle_asked_in_a_direct_room_is_the_players_communitys() {
    let clock = Arc::new(FakeClock::new(at("2026-11-29T06:00:00Z")));
    let s = session(&clock);
    with_own(&s, vec![puzzle_of(ONE_ESCAPE, "alice vs bob, game #12")]);
    let admin = Context::new(User::new("console", "ann", "ann"), "console", "hall").as_admin();
    s.handle(&admin, "puzzle daily on 09:00 UTC");
    s.tick(clock.advance(3 * HOUR));
    // carol uses Skald in the community's room, then asks in her direct room (a scope of
    // its own, as a Matrix direct room is).
    let hall = Context::new(User::new("console", "carol", "carol"), "console", "hall");
    s.handle(&hall, "puzzle stats");
    let direct = Context::private(
        User::new("console", "carol", "carol"),
        "dm-carol",
        "dm-carol",
    );
    let r = s.handle(&direct, "puzzle daily");
    assert!(
        mine(&r).contains("escape in 1"),
        "{} {}",
        r.text.en(),
        mine(&r)
    );
    let r = s.handle(&direct, "puzzle a3-a1");
    assert!(mine(&r).contains("Solved"), "{}", mine(&r));
    // Counted in the community whose daily puzzle it is.
    let room = s
        .store()
        .puzzle_room(&CommunityId("console".into()))
        .expect("read")
        .expect("stored");
    assert_eq!(room.doc.posted.last().map(|p| p.solved_by.len()), Some(1));
}

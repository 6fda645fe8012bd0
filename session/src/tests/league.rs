//! Leagues in the session: a season turns over by itself with promotion and relegation,
//! newcomers and leavers; two divisions ending at once turn the season over once; two
//! first joins make one league; refusals say what would work and change nothing.

use super::support::{console, ok, session_on};
use crate::league::LeagueLink;
use crate::tournament::doc::State;
use crate::*;
use std::sync::Arc;
use std::thread;

fn world() -> Session {
    let clock = Arc::new(clock::FakeClock::new(clock::FakeClock::EPOCH));
    session_on(store::SledStore::temporary().expect("store"), clock)
}

fn refused(s: &Session, who: &str, line: &str) -> String {
    let r = s.handle(&console(who), line);
    assert_eq!(r.kind, ReplyKind::Refused, "@{who} {line}: {}", r.text.en());
    r.text.en()
}

/// Everything the outbox holds for the console, in English, one notice after another.
fn posted(s: &Session) -> String {
    s.take_notices(&["console"], "t", outbox::POST_LEASE, 50)
        .into_iter()
        .map(|(_, n)| n.reply.text.en())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The tafl league's document.
fn hub(s: &Session) -> tournament::TournamentDoc {
    let leagues: Vec<_> = s
        .store()
        .tournaments()
        .expect("reads")
        .into_iter()
        .map(|t| t.doc)
        .filter(tournament::TournamentDoc::is_league)
        .collect();
    assert_eq!(leagues.len(), 1, "one league");
    leagues.into_iter().next().expect("one")
}

/// The current season's divisions, as names in seed order.
fn divisions(s: &Session) -> Vec<Vec<String>> {
    let hub = hub(s);
    let season = hub.league_state().and_then(|l| l.last()).expect("a season");
    season
        .divisions
        .iter()
        .map(|d| {
            let t = s
                .store()
                .tournament(d.tournament)
                .expect("reads")
                .expect("exists");
            d.players
                .iter()
                .map(|p| t.doc.entrant_of(p).expect("plays").user.name.clone())
                .collect()
        })
        .collect()
}

/// The unfinished games of one division tournament.
fn open_games(s: &Session, tournament: u64) -> Vec<game::GameDoc> {
    s.store()
        .tournament(tournament)
        .expect("reads")
        .expect("exists")
        .doc
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter_map(|p| p.game)
        .map(|g| s.test_game(g))
        .filter(|g| g.end.is_none())
        .collect()
}

/// Plays a division out: in every game the player whose name comes later resigns, so the
/// final order is alphabetical.
fn play_out(s: &Session, tournament: u64) {
    for g in open_games(s, tournament) {
        let loser = g.players.iter().map(|p| p.name.clone()).max().expect("two");
        ok(s, &loser, &format!("resign #{}", g.id));
    }
}

fn season_tournaments(s: &Session) -> Vec<u64> {
    hub(s)
        .league_state()
        .and_then(|l| l.last())
        .expect("a season")
        .divisions
        .iter()
        .map(|d| d.tournament)
        .collect()
}

const NINE: [&str; 9] = [
    "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy",
];

#[test]
fn a_season_turns_over_by_itself_with_promotion_relegation_newcomers_and_leavers() {
    let s = world();
    let made = ok(&s, "ann", "league tafl join");
    assert!(
        made.text.en().contains("made the Hnefatafl 11x11 league"),
        "{}",
        made.text.en()
    );
    for p in &NINE[1..3] {
        ok(&s, p, "league tafl join");
    }
    let early = refused(&s, "ann", "league tafl start");
    assert!(
        early.contains("has 3 players") && early.contains("needs 4"),
        "{early}"
    );
    for p in &NINE[3..] {
        ok(&s, p, "league tafl join");
    }
    let start = ok(&s, "ann", "league tafl start days:2");
    let text = start.text.en();
    assert!(
        text.contains("season 1: 9 players in 2 divisions"),
        "{text}"
    );
    assert!(
        text.contains("Division 1 (tournament #") && text.contains("Division 2"),
        "{text}"
    );
    assert_eq!(
        start.notify.len(),
        8,
        "everyone but the speaker pinged: {:?}",
        start.notify
    );
    let first = divisions(&s);
    assert_eq!(first.iter().map(Vec::len).collect::<Vec<_>>(), vec![5, 4]);
    // Every rating is the same: the first season is in the order they joined.
    assert_eq!(first[0], vec!["ann", "ben", "cat", "dan", "eve"]);
    // 5 players: 10 games; 4 players: 6 games; all at once.
    assert_eq!(s.store().game_count(), 16);
    assert!(
        refused(&s, "ann", "league tafl start")
            .contains("season 1 of the Hnefatafl 11x11 league is being played")
    );

    // During the season: a newcomer joins for season 2, a player leaves after season 1.
    let joined = ok(&s, "zoe", "league tafl join").text.en();
    assert!(joined.contains("plays from season 2"), "{joined}");
    let leaving = ok(&s, "gus", "league tafl leave").text.en();
    assert!(
        leaving.contains("after season 1") && leaving.contains("still count"),
        "{leaving}"
    );
    let shown = ok(&s, "zoe", "league tafl");
    let shown_text = shown.text.en();
    assert!(
        shown_text.contains("Joining in season 2: zoe"),
        "{shown_text}"
    );
    assert!(
        shown_text.contains("Leaving after season 1: gus"),
        "{shown_text}"
    );
    assert_eq!(shown.files.len(), 2, "a standings picture per division");

    let [top, bottom] = season_tournaments(&s)[..] else {
        panic!("two divisions");
    };
    play_out(&s, top);
    assert_eq!(
        hub(&s)
            .league_state()
            .and_then(|l| l.last())
            .map(|s| s.number),
        Some(1)
    );
    play_out(&s, bottom);

    // Season 2 began in the commit of season 1's last game: 5 and 4 players exchange one
    // (a division of 4 or 5 sends one up and one down). Division 1's last (eve) went down,
    // division 2's best (fay) up; gus left; zoe, new, is in the bottom division.
    let hub_now = hub(&s);
    let state = hub_now.league_state().expect("a league");
    assert_eq!(state.seasons.len(), 2);
    assert_eq!(hub_now.state, State::Running);
    let second = divisions(&s);
    let mut top2 = second[0].clone();
    top2.sort();
    assert_eq!(top2, vec!["ann", "ben", "cat", "dan", "fay"]);
    let mut bottom2 = second[1].clone();
    bottom2.sort();
    assert_eq!(bottom2, vec!["eve", "hal", "ivy", "zoe"]);
    assert!(
        !hub_now.players.iter().any(|e| e.user.name == "gus"),
        "gus left"
    );
    let moves = &state.seasons[1].moves;
    assert!(moves.iter().any(|m| m.is_up() && m.to == 0), "{moves:?}");
    // The announcement, in the league's channel.
    let posted = posted(&s);
    assert!(
        posted.contains("Hnefatafl 11x11 league: season 1 is over."),
        "{posted}"
    );
    assert!(posted.contains("Division 1 won by ann."), "{posted}");
    assert!(posted.contains("Division 2 won by fay."), "{posted}");
    assert!(posted.contains("Up: fay (2 → 1)"), "{posted}");
    assert!(posted.contains("Down: eve (1 → 2)"), "{posted}");
    assert!(posted.contains("New: zoe (2)"), "{posted}");
    assert!(posted.contains("Left the league: gus"), "{posted}");
    assert!(
        posted.contains("season 2: 9 players in 2 divisions"),
        "{posted}"
    );
    // The new season's divisions are ordinary running tournaments with their games.
    for t in season_tournaments(&s) {
        let doc = s.store().tournament(t).expect("reads").expect("exists").doc;
        assert_eq!(doc.state, State::Running);
        assert!(matches!(
            doc.league,
            Some(LeagueLink::Division { season: 2, .. })
        ));
    }
    assert_eq!(s.store().game_count(), 32);
}

#[test]
fn two_divisions_ending_at_once_turn_the_season_over_once() {
    for _ in 0..20 {
        let s = world();
        for p in NINE {
            ok(&s, p, "league tafl join");
        }
        ok(&s, "ann", "league tafl start");
        let [top, bottom] = season_tournaments(&s)[..] else {
            panic!("two divisions");
        };
        // Every game but one in each division.
        let last: Vec<game::GameDoc> = [top, bottom]
            .iter()
            .map(|&t| {
                let mut games = open_games(&s, t);
                let keep = games.pop().expect("games");
                for g in games {
                    let loser = g.players.iter().map(|p| p.name.clone()).max().expect("two");
                    ok(&s, &loser, &format!("resign #{}", g.id));
                }
                keep
            })
            .collect();
        let s = Arc::new(s);
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let handles: Vec<_> = last
            .iter()
            .map(|g| {
                let (s, barrier) = (Arc::clone(&s), Arc::clone(&barrier));
                let who = g.players[1].name.clone();
                let line = format!("resign #{}", g.id);
                thread::spawn(move || {
                    barrier.wait();
                    s.handle(&console(&who), &line)
                })
            })
            .collect();
        for h in handles {
            let r = h.join().expect("no panic");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }
        let state = hub(&s).league_state().cloned().expect("a league");
        assert_eq!(state.seasons.len(), 2, "season 2 made once");
        assert!(state.seasons[0].complete(), "both divisions' results kept");
        assert_eq!(s.store().game_count(), 32, "season 2's games made once");
    }
}

#[test]
fn two_first_joins_at_once_make_one_league() {
    for _ in 0..20 {
        let s = Arc::new(world());
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let handles: Vec<_> = ["ann", "ben"]
            .into_iter()
            .map(|who| {
                let (s, barrier) = (Arc::clone(&s), Arc::clone(&barrier));
                thread::spawn(move || {
                    barrier.wait();
                    s.handle(&console(who), "league tafl join")
                })
            })
            .collect();
        for h in handles {
            let r = h.join().expect("no panic");
            assert_eq!(r.kind, ReplyKind::Done, "{}", r.text.en());
        }
        assert_eq!(hub(&s).players.len(), 2, "both in the one league");
    }
}

#[test]
fn a_league_that_falls_below_four_pauses_and_starts_again_by_hand() {
    let s = world();
    for p in &NINE[..4] {
        ok(&s, p, "league tafl join");
    }
    ok(&s, "ann", "league tafl start casual");
    ok(&s, "dan", "league tafl leave");
    let [only] = season_tournaments(&s)[..] else {
        panic!("one division");
    };
    play_out(&s, only);
    let paused = hub(&s);
    assert_eq!(paused.state, State::Open, "paused");
    assert!(!paused.ranked, "casual, as started");
    let posted = posted(&s);
    assert!(
        posted.contains("The Hnefatafl 11x11 league pauses: 3 players remain"),
        "{posted}"
    );
    let between = ok(&s, "ann", "league tafl").text.en();
    assert!(
        between.contains("season 1 is over and the next waits"),
        "{between}"
    );
    ok(&s, "eve", "league tafl join");
    let again = ok(&s, "ann", "league tafl start").text.en();
    assert!(
        again.contains("season 2: 4 players in 1 division"),
        "{again}"
    );
    assert!(again.contains("Left the league: dan"), "{again}");
    assert!(again.contains("New: eve (1)"), "{again}");
}

#[test]
fn refusals_say_what_would_work_and_change_nothing() {
    let s = world();
    // (The first command of a player records who they are.)
    let none = ok(&s, "ann", "league").text.en();
    assert!(none.contains("No league here yet"), "{none}");
    let mut before = Vec::new();
    s.store().export(&mut before).expect("exports");
    assert!(refused(&s, "ann", "league tafl").contains("`league hnefatafl join`"));
    assert!(refused(&s, "ann", "league tafl leave").contains("not in the Hnefatafl 11x11 league"));
    assert!(refused(&s, "ann", "league tafl start").contains("no Hnefatafl 11x11 league here"));
    assert!(refused(&s, "ann", "league join").contains("which game's league"));
    assert!(refused(&s, "ann", "league tafl dance").contains("'dance'"));
    let mut after = Vec::new();
    s.store().export(&mut after).expect("exports");
    assert_eq!(before, after, "nothing written");
    ok(&s, "ann", "league tafl join");
    assert!(
        refused(&s, "ann", "league tafl join").contains("in the Hnefatafl 11x11 league already")
    );
    let listed = ok(&s, "ben", "league").text.en();
    assert!(
        listed.contains("Hnefatafl 11x11 (`league hnefatafl`): 1 player"),
        "{listed}"
    );
    // The league is not a tournament.
    let id = hub(&s).id;
    assert!(refused(&s, "ann", &format!("tournament #{id}")).contains("is a league"));
    assert!(
        ok(&s, "ann", "tournaments")
            .text
            .en()
            .contains("No tournament")
    );
    // French.
    let fr = s
        .handle(&console("ann"), "league tafl join")
        .text
        .render(skald_lang::Lang::Fr);
    assert!(fr.contains("déjà dans la ligue"), "{fr}");
}

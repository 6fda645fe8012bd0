//! Community tournaments (issue #22) played through the real binary's console with a fake
//! clock, as players would type them: a 5-player round-robin to the end (a bye each round,
//! a timeout, standings and Sonneborn-Berger checked against numbers worked out by hand), a
//! 6-player 3-round Swiss with a withdrawal, and an 8-player knockout with a drawn game
//! replayed with the seats swapped.

use skald_tests::{
    TempDir, block_after, block_after_last, blocks, console, fails, games_in, ok, script,
};

/// The tournament announcement holding `text` that the command `echo` made. It is a notice
/// written with the command's change and posted by the background loop: the console prints
/// it in the outbox's order, but not always right after the command's own answer (before its
/// echo, or after the next line's), so it is looked for in the whole transcript.
fn announcement(out: &str, echo: &str, text: &str) -> String {
    let all = blocks(out);
    assert!(
        all.iter().any(|b| b.lines().next() == Some(echo)),
        "no `{echo}` in:\n{out}"
    );
    all.iter()
        .find(|b| b.starts_with("Tournament #") && b.contains(text))
        .map(|b| b.to_string())
        .unwrap_or_else(|| panic!("no announcement with `{text}` after `{echo}` in:\n{out}"))
}

#[test]
fn a_five_player_round_robin_is_played_to_the_end() {
    let data = TempDir::new("round-robin");
    // Start numbers by rating, all 1500, then by name: alice 1, bob 2, carol 3, dave 4,
    // eve 5. The Berger table for 5 (a dummy 6th player gives the bye) and the games, all
    // at once (pace:all), numbered after the tournament (#1):
    //   round 1: bye alice;  #2 bob-eve,    #3 carol-dave
    //   round 2: bye dave;   #4 eve-carol,  #5 alice-bob
    //   round 3: bye bob;    #6 carol-alice, #7 dave-eve
    //   round 4: bye eve;    #8 alice-dave, #9 bob-carol
    //   round 5: bye carol;  #10 dave-bob,  #11 eve-alice
    // Results (the first named has the Attackers):
    //   #2 bob beats eve, #3 carol-dave drawn, #4 carol beats eve, #5 alice beats bob,
    //   #6 alice beats carol, #7 dave beats eve, #8 dave beats alice, #9 bob beats carol,
    //   #10 dave loses on time to bob, #11 alice beats eve.
    // Points (a round-robin bye is worth nothing):
    //   alice 3 (bob, carol, eve), bob 3 (eve, carol, dave), dave 2½ (eve, alice, ½ carol),
    //   carol 1½ (eve, ½ dave), eve 0.
    // Sonneborn-Berger: the beaten opponents' points, half of the drawn ones':
    //   alice 3 + 1½ + 0 = 4½; bob 0 + 1½ + 2½ = 4; dave 0 + 3 + 1½/2 = 3¾;
    //   carol 0 + 2½/2 = 1¼; eve 0.
    // So alice is ahead of bob on Sonneborn-Berger.
    let out = console(
        &data,
        1,
        &script(
            "
            @alice tournament create tafl round-robin days:2
            @alice tournament join
            @bob tournament join
            @carol tournament join
            @dave tournament join
            @eve tournament join
            @alice tournament start
            @eve resign #2
            @carol move #3 d1-d4
            @dave draw #3
            @carol draw #3
            @eve resign #4
            @bob resign #5
            @carol resign #6
            @eve resign #7
            @alice resign #8
            @carol resign #9
            @dave move #10 d1-d4
            @bob move #10 f4-e4
            @eve resign #11
            @carol tournament
            !clock +3d
            @carol tournament
            @carol ladder hnefatafl
            ",
        ),
    );
    let start = block_after(&out, "@alice> tournament start");
    assert!(
        start.contains("Start numbers (by rating): 1. alice, 2. bob, 3. carol, 4. dave, 5. eve."),
        "{start}"
    );
    for (round, bye) in [
        (1, "alice"),
        (2, "dave"),
        (3, "bob"),
        (4, "eve"),
        (5, "carol"),
    ] {
        assert!(
            start.contains(&format!("round {round} of 5:")),
            "round {round}: {start}"
        );
        assert!(
            start.contains(&format!("{bye} has the bye this round.")),
            "{bye}: {start}"
        );
    }
    let games = games_in(&start);
    let expected: Vec<(u64, &str, &str)> = vec![
        (2, "bob", "eve"),
        (3, "carol", "dave"),
        (4, "eve", "carol"),
        (5, "alice", "bob"),
        (6, "carol", "alice"),
        (7, "dave", "eve"),
        (8, "alice", "dave"),
        (9, "bob", "carol"),
        (10, "dave", "bob"),
        (11, "eve", "alice"),
    ];
    let got: Vec<(u64, &str, &str)> = games
        .iter()
        .map(|(id, a, b)| (*id, a.as_str(), b.as_str()))
        .collect();
    assert_eq!(got, expected, "{start}");
    assert!(start.contains("[ping @bob @eve @carol @dave]"), "{start}");
    // Before the last game ends: nine results in, one game still being played.
    let b = block_after(&out, "@carol> tournament");
    assert!(b.contains("1 game being played"), "{b}");
    // The timeout ends the last game and the tournament, with the final standings.
    let b = block_after(&out, "@console> !clock +3d");
    assert!(b.contains("dave (Attackers) ran out of time"), "{b}");
    assert!(b.contains("Tournament #1 is over. Final standings:"), "{b}");
    for line in [
        "1. alice: 3 points, SB 4½, 3 wins",
        "2. bob: 3 points, SB 4, 3 wins",
        "3. dave: 2½ points, SB 3¾, 2 wins",
        "4. carol: 1½ points, SB 1¼, 1 win",
        "5. eve: 0 points, SB 0, 0 wins",
        "Winner: alice. Congratulations!",
    ] {
        assert!(b.contains(line), "{line}: {b}");
    }
    let b = block_after_last(&out, "@carol> tournament");
    assert!(
        b.contains("Finished. Final standings:") && b.contains("1. alice: 3 points, SB 4½"),
        "{b}"
    );
    // Ranked tournament games count on the ladder: 10 games, 20 results, the draw too.
    let b = block_after(&out, "@carol> ladder hnefatafl");
    assert!(b.contains("Ladder: Hnefatafl 11x11 (5 players)"), "{b}");
    assert!(b.contains("alice") && b.contains("4 games"), "{b}");
    // The tournament as a TRF-16 file, for arbiters' tools.
    let trf = ok(&["tournament", "export", "#1", "--trf", "--data", &data.arg()]);
    assert!(trf.contains("012 Skald tournament #1"), "{trf}");
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 5, "{trf}");
    // Columns 81-84 hold the points: alice 3.0, dave 2.5.
    let points = |name: &str| {
        players
            .iter()
            .find(|l| l.contains(name))
            .and_then(|l| l.get(80..84))
            .map(|p| p.trim().to_string())
    };
    assert_eq!(points("alice").as_deref(), Some("3.0"), "{trf}");
    assert_eq!(points("dave").as_deref(), Some("2.5"), "{trf}");
    let e = fails(&["tournament", "export", "#9", "--trf", "--data", &data.arg()]);
    assert!(e.contains("there is no tournament #9"), "{e}");
    let e = fails(&["tournament", "export", "#1", "--data", &data.arg()]);
    assert!(e.contains("--trf"), "{e}");
}

#[test]
fn a_six_player_swiss_with_a_withdrawal() {
    let data = TempDir::new("swiss");
    let out = console(
        &data,
        2,
        &script(
            "
            @alice tournament create tafl swiss rounds:3
            @alice tournament join
            @bob tournament join
            @carol tournament join
            @dave tournament join
            @erin tournament join
            @finn tournament join
            @alice tournament start
            ",
        ),
    );
    let start = block_after(&out, "@alice> tournament start");
    let round1 = games_in(&start);
    assert_eq!(round1.len(), 3, "{start}");
    assert!(start.contains("round 1 of 3:"), "{start}");
    // Round 1: the Defenders resign every game.
    let mut input = String::new();
    for (id, _, defender) in &round1 {
        input.push_str(&format!("@{defender} resign #{id}\n"));
    }
    let out = console(&data, 2, &input);
    let last = &round1[2];
    let b = announcement(
        &out,
        &format!("@{}> resign #{}", last.2, last.0),
        "round 2 of 3:",
    );
    assert!(b.contains("Tournament #1, round 2 of 3:"), "{b}");
    let round2 = games_in(&b);
    assert_eq!(round2.len(), 3, "{b}");
    // A round-1 winner meets a round-1 winner (a Swiss pairs equal scores).
    let winners: Vec<&str> = round1.iter().map(|(_, a, _)| a.as_str()).collect();
    assert!(
        round2
            .iter()
            .any(|(_, a, b)| winners.contains(&a.as_str()) && winners.contains(&b.as_str())),
        "{b}"
    );
    // In round 2 one player leaves: their game is forfeited, the other two are resigned.
    let (left_game, leaver, stayer) = round2[0].clone();
    let mut input = format!("@{leaver} tournament leave\n");
    for (id, _, defender) in &round2[1..] {
        input.push_str(&format!("@{defender} resign #{id}\n"));
    }
    input.push_str("@carol tournament\n");
    let out = console(&data, 2, &input);
    let b = block_after(&out, &format!("@{leaver}> tournament leave"));
    assert!(
        b.contains(&format!(
            "{leaver} left tournament #1: their remaining games are forfeited"
        )) && b.contains(&format!(
            "Game #{left_game} ends: {stayer} scores the point (a forfeit, not rated)."
        )),
        "{b}"
    );
    // Round 3: five players left, so two games and a bye; the leaver is not paired.
    let (id, _, defender) = &round2[2];
    let b = announcement(&out, &format!("@{defender}> resign #{id}"), "round 3 of 3:");
    assert!(b.contains("round 3 of 3:"), "{b}");
    let round3 = games_in(&b);
    assert_eq!(round3.len(), 2, "{b}");
    assert!(b.contains("has the bye this round."), "{b}");
    assert!(
        round3.iter().all(|(_, a, d)| *a != leaver && *d != leaver),
        "{b}"
    );
    assert!(!b.contains(&format!("{leaver} has the bye")), "{b}");
    let b = block_after(&out, "@carol> tournament");
    assert!(b.contains("Round 3 of 3; 2 games being played."), "{b}");
    assert!(
        b.contains(&format!("{leaver}: ")) && b.contains("(withdrew)"),
        "{b}"
    );
    assert!(b.contains("Buchholz Cut 1 (BC1)"), "{b}");
    // Round 3 played: the tournament ends with the final standings.
    let mut input = String::new();
    for (id, _, defender) in &round3 {
        input.push_str(&format!("@{defender} resign #{id}\n"));
    }
    let out = console(&data, 2, &input);
    let (id, _, defender) = &round3[1];
    let b = announcement(&out, &format!("@{defender}> resign #{id}"), "is over");
    assert!(b.contains("Tournament #1 is over. Final standings:"), "{b}");
    assert!(b.contains("1. ") && b.contains("BC1 "), "{b}");
    assert!(b.contains("(withdrew)"), "{b}");
    assert!(b.contains("Congratulations!"), "{b}");
}

#[test]
fn an_eight_player_knockout_replays_a_drawn_game() {
    let data = TempDir::new("knockout");
    let out = console(
        &data,
        3,
        &script(
            "
            @alice tournament create tafl knockout
            @alice tournament join
            @bob tournament join
            @carol tournament join
            @dave tournament join
            @erin tournament join
            @finn tournament join
            @gina tournament join
            @hugo tournament join
            @alice tournament start
            ",
        ),
    );
    let start = block_after(&out, "@alice> tournament start");
    // Seeds by rating then name: 1 alice … 8 hugo; the bracket pairs 1-8, 4-5, 2-7, 3-6,
    // the better seed with the Attackers.
    let round1 = games_in(&start);
    let pairs: Vec<(&str, &str)> = round1
        .iter()
        .map(|(_, a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("alice", "hugo"),
            ("dave", "erin"),
            ("bob", "gina"),
            ("carol", "finn")
        ],
        "{start}"
    );
    // alice and hugo draw: the game is replayed with hugo attacking. The others: the
    // Defenders resign.
    let (drawn, _, _) = round1[0];
    let mut input =
        format!("@alice move #{drawn} d1-d4\n@hugo draw #{drawn}\n@alice draw #{drawn}\n");
    for (id, _, defender) in &round1[1..] {
        input.push_str(&format!("@{defender} resign #{id}\n"));
    }
    input.push_str("@carol tournament\n");
    let out = console(&data, 3, &input);
    let b = block_after_last(&out, &format!("@alice> draw #{drawn}"));
    assert!(b.contains("Drawn by agreement"), "{b}");
    let b = announcement(
        &out,
        &format!("@alice> draw #{drawn}"),
        "(Attackers) vs alice",
    );
    let replay = games_in(&b);
    assert_eq!(replay.len(), 1, "{b}");
    let (replay_id, attacker, defender) = replay[0].clone();
    assert_eq!(
        (attacker.as_str(), defender.as_str()),
        ("hugo", "alice"),
        "{b}"
    );
    // bob and carol won the matches feeding the second semi-final: it starts at once.
    let (last, _, last_defender) = &round1[3];
    let b = announcement(
        &out,
        &format!("@{last_defender}> resign #{last}"),
        "bob (Attackers) vs carol (Defenders)",
    );
    let semi = games_in(&b);
    assert_eq!(semi.len(), 1, "{b}");
    let b = block_after(&out, "@carol> tournament");
    assert!(
        b.contains(&format!(
            "alice vs hugo (#{drawn}, #{replay_id}): being played"
        )),
        "{b}"
    );
    // hugo wins the replay (alice resigns): he meets dave.
    let out = console(
        &data,
        3,
        &format!("@alice resign #{replay_id}\n@carol tournament\n"),
    );
    // hugo (seed 8) meets dave (seed 4), the better seed attacking.
    let b = announcement(
        &out,
        &format!("@alice> resign #{replay_id}"),
        "dave (Attackers) vs hugo (Defenders)",
    );
    let semi2 = games_in(&b);
    assert_eq!(semi2.len(), 1, "{b}");
    let b = block_after(&out, "@carol> tournament");
    assert!(
        b.contains("alice vs hugo") && b.contains("hugo wins"),
        "{b}"
    );
    assert!(b.contains("Round 2 (semi-finals):"), "{b}");
    // Semi-finals: the Defenders resign; then the final.
    let mut input = String::new();
    for (id, _, defender) in semi.iter().chain(&semi2) {
        input.push_str(&format!("@{defender} resign #{id}\n"));
    }
    let out = console(&data, 3, &input);
    let (id, _, defender) = &semi2[0];
    let b = announcement(
        &out,
        &format!("@{defender}> resign #{id}"),
        "bob (Attackers) vs dave (Defenders)",
    );
    let fin = games_in(&b);
    assert_eq!(fin.len(), 1, "the final: {b}");
    let (fin_id, champion, runner_up) = fin[0].clone();
    let out = console(&data, 3, &format!("@{runner_up} resign #{fin_id}\n"));
    let b = announcement(&out, &format!("@{runner_up}> resign #{fin_id}"), "is over");
    assert!(b.contains("Tournament #1 is over. Final standings:"), "{b}");
    assert!(b.contains("Round 3 (final):"), "{b}");
    assert!(
        b.contains(&format!("{champion} wins the tournament!")),
        "{b}"
    );
}

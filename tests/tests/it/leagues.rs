//! A community league (issue #22) played through the real binary's console with a fake
//! clock: nine players in two divisions, a season played to the end (one game lost on
//! time), a newcomer and a leaver between seasons, and the next season made by itself with
//! one player up and one down.

use skald_tests::{TempDir, block_after, blocks, console, games_in, script};

/// The division line `Division 1 (tournament #11): ann, ben, …` of an announcement, as
/// the tournament's number and the names.
fn division(text: &str, n: usize) -> (u64, Vec<String>) {
    let prefix = format!("Division {n} (tournament #");
    let line = text
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no division {n} in:\n{text}"));
    let (id, names) = line[prefix.len()..]
        .split_once("): ")
        .unwrap_or_else(|| panic!("{line}"));
    (
        id.parse().unwrap_or_else(|_| panic!("{line}")),
        names.split(", ").map(str::to_string).collect(),
    )
}

#[test]
fn a_league_season_turns_into_the_next_with_promotion_and_relegation() {
    let data = TempDir::new("league");
    let out = console(
        &data,
        3,
        &script(
            "
            @ann league tafl join
            @ben league tafl join
            @cat league tafl join
            @ann league tafl start
            @dan league tafl join
            @eve league tafl join
            @fay league tafl join
            @gus league tafl join
            @hal league tafl join
            @ivy league tafl join
            @ann league tafl start days:1
            @zoe league tafl join
            @gus league tafl leave
            @zoe league
            ",
        ),
    );
    let b = block_after(&out, "@ann> league tafl join");
    assert!(
        b.contains("ann made the Hnefatafl 11x11 league and is its first player."),
        "{b}"
    );
    let b = block_after(&out, "@ann> league tafl start");
    assert!(
        b.contains("the Hnefatafl 11x11 league has 3 players; a season needs 4"),
        "{b}"
    );
    // Nine players, all rated 1500: two divisions of 5 and 4, in the order they joined.
    let start = block_after(&out, "@ann> league tafl start days:1");
    assert!(
        start.contains("Hnefatafl 11x11 league, season 1: 9 players in 2 divisions"),
        "{start}"
    );
    let (top, top_names) = division(&start, 1);
    let (bottom, bottom_names) = division(&start, 2);
    assert_eq!(top_names, ["ann", "ben", "cat", "dan", "eve"], "{start}");
    assert_eq!(bottom_names, ["fay", "gus", "hal", "ivy"], "{start}");
    // A round-robin of 5 and one of 4: 10 + 6 games, all at once, every player pinged.
    let games = games_in(&start);
    assert_eq!(games.len(), 16, "{start}");
    assert!(start.contains("@fay") && start.contains("@eve"), "{start}");
    let b = block_after(&out, "@zoe> league tafl join");
    assert!(b.contains("plays from season 2"), "{b}");
    let b = block_after(&out, "@gus> league tafl leave");
    assert!(
        b.contains("gus leaves the Hnefatafl 11x11 league after season 1"),
        "{b}"
    );
    let b = block_after(&out, "@zoe> league");
    assert!(
        b.contains("Hnefatafl 11x11 (`league hnefatafl`): season 1, 9 players in 2 divisions"),
        "{b}"
    );

    // The season: the player whose name comes later resigns, except one game of the
    // bottom division, which its Attackers let run out of time after both moved.
    let (slow, _, _) = games
        .iter()
        .find(|(id, _, _)| *id > bottom)
        .cloned()
        .expect("a bottom division game");
    let mut input = String::new();
    for (id, a, d) in &games {
        if *id == slow {
            continue;
        }
        let loser = a.max(d);
        input.push_str(&format!("@{loser} resign #{id}\n"));
    }
    let slow_game = games.iter().find(|g| g.0 == slow).expect("slow");
    input.push_str(&format!("@{} move #{slow} d1-d4\n", slow_game.1));
    input.push_str(&format!("@{} move #{slow} f4-e4\n", slow_game.2));
    input.push_str("@ann league tafl\n!clock +2d\n@ann league tafl\n");
    let out = console(&data, 3, &input);
    let mid = block_after(&out, "@ann> league tafl");
    assert!(
        mid.contains("Hnefatafl 11x11 league, season 1 (1 day per move, ranked):"),
        "{mid}"
    );
    assert!(
        mid.contains(&format!("Division 1 (tournament #{top}, over):")),
        "{mid}"
    );
    assert!(
        mid.contains(&format!("Division 2 (tournament #{bottom}):")),
        "{mid}"
    );
    assert!(mid.contains("Joining in season 2: zoe"), "{mid}");
    assert!(mid.contains("Leaving after season 1: gus"), "{mid}");

    // The timeout ends the last game, its division, and the season; the next one begins.
    let all = blocks(&out).join("\n\n");
    let over = blocks(&out)
        .into_iter()
        .find(|b| b.contains("season 1 is over."))
        .unwrap_or_else(|| panic!("no season's end in:\n{all}"))
        .to_string();
    assert!(
        over.contains("ran out of time") || all.contains("ran out of time"),
        "{all}"
    );
    assert!(over.contains("Division 1 won by ann."), "{over}");
    // Division 2: fay beats everyone by name, but the slow game's Attackers lost on time.
    assert!(over.contains("Division 2 won by"), "{over}");
    assert!(over.contains("Down: eve (1 → 2)"), "{over}");
    assert!(over.contains("Up: ") && over.contains("(2 → 1)"), "{over}");
    assert!(over.contains("New: zoe (2)"), "{over}");
    assert!(over.contains("Left the league: gus"), "{over}");
    assert!(
        over.contains("Hnefatafl 11x11 league, season 2: 9 players in 2 divisions"),
        "{over}"
    );
    let (_, top2) = division(&over, 1);
    let (_, bottom2) = division(&over, 2);
    assert_eq!(top2.len(), 5, "{over}");
    assert!(
        top2.iter().any(|n| n == "ann") && !top2.iter().any(|n| n == "eve"),
        "{over}"
    );
    assert!(
        bottom2.iter().any(|n| n == "eve") && bottom2.iter().any(|n| n == "zoe"),
        "{over}"
    );
    assert!(!top2.iter().chain(&bottom2).any(|n| n == "gus"), "{over}");
    assert_eq!(games_in(&over).len(), 16, "season 2's games: {over}");
    let last = skald_tests::block_after_last(&out, "@ann> league tafl");
    assert!(last.contains("Hnefatafl 11x11 league, season 2"), "{last}");
}

//! Puzzles (#35) in the console, through the real binary, on a store holding two of the
//! community's own Brandubh puzzles (`skald import`): `puzzle brandubh` answered privately
//! with the board's picture and the theme; a right move solving it, a two-move puzzle
//! answered with the forced reply then solved, a wrong move ending it with the solution and
//! both moves drawn, an illegal move refused and not counted, `puzzle skip`, `puzzle stats`,
//! `puzzle ladder`, and the words in French. Then the daily puzzle on the fake clock:
//! turned on, posted once at the hour without its solution, solved privately, the post's
//! update naming the solver without the move, and the next day's post with yesterday's
//! solution.

use crate::puzzle_common::{
    CAPTURE_FIRST, CAPTURE_IN_TWO, DicePuzzle, ONE_ESCAPE, ONE_ESCAPE_MOVE, capture_second,
    dice_puzzle, puzzle_of, store_with_puzzles,
};
use skald_tests::{TempDir, block_after, block_after_last, console_with, script};
use std::path::{Path, PathBuf};

/// The console on `data`, pictures drawn, the fake clock (from 2025-01-01 00:00 UTC).
fn run(data: &TempDir, input: &str) -> String {
    console_with(
        data,
        &["--fake-clock", "--uncapped", "--seed", "3"],
        &script(input),
    )
}

/// A store whose community (`console`) has the escape in 1 at 1500 and the capture in 2
/// at 1900: a new solver (1500) gets the escape, the only own puzzle within 300 points of
/// their rating; one who solved it (about 1700 then) gets the capture, the own puzzle now
/// within 300 points, before the shipped set's. The daily post takes the newest first: the
/// escape, then the capture.
fn store(name: &str) -> TempDir {
    let data = TempDir::new(name);
    let mut capture = puzzle_of(CAPTURE_IN_TWO, "self-play brandubh seed 1, ply 12");
    capture.rating = 1900.0;
    let escape = puzzle_of(ONE_ESCAPE, "alice vs bob, game #12");
    store_with_puzzles(data.path(), &[("console", vec![capture, escape])]);
    data
}

/// The picture paths a block printed.
fn pictures(block: &str) -> Vec<PathBuf> {
    block
        .lines()
        .filter_map(|l| l.strip_prefix("picture: "))
        .map(PathBuf::from)
        .collect()
}

/// Whether `path` holds a PNG image that decodes.
fn decodes(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| {
        b.starts_with(b"\x89PNG")
            && image::load_from_memory_with_format(&b, image::ImageFormat::Png).is_ok()
    })
}

/// The move the bot answered with in "Right: d3-d5. They answer X.".
fn reply_in(block: &str) -> String {
    block
        .split("They answer ")
        .nth(1)
        .and_then(|t| t.split('.').next())
        .unwrap_or_else(|| panic!("no forced reply in:\n{block}"))
        .to_string()
}

#[test]
fn puzzles_are_given_privately_and_answered_right_wrong_or_given_up() {
    let data = store("console-puzzle");
    let out = run(
        &data,
        "@carol puzzle brandubh
         @carol puzzle a3-b4
         @carol puzzle a3-a1
         @carol puzzle brandubh",
    );
    // Given privately: nothing for the channel, the picture written, the theme.
    let given = block_after(&out, "@carol> puzzle brandubh");
    let private = given
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("an answer:\n{given}"));
    assert!(
        private
            .starts_with("(private to @carol) Puzzle, Brandubh: Defenders to move, escape in 1."),
        "{given}"
    );
    assert!(given.contains("From alice vs bob, game #12."), "{given}");
    assert!(!given.contains(ONE_ESCAPE_MOVE), "no solution: {given}");
    let boards = pictures(&given);
    assert_eq!(boards.len(), 1, "{given}");
    assert!(boards[0].ends_with("puzzle-to-carol.png"), "{given}");
    assert!(decodes(&boards[0]), "{given}");
    // An illegal move: refused, nothing counted.
    let illegal = block_after(&out, "@carol> puzzle a3-b4");
    assert!(illegal.contains("! "), "{illegal}");
    assert!(illegal.contains("Nothing was counted"), "{illegal}");
    // The right move solves it; the rating moves and the streak starts.
    let solved = block_after(&out, "@carol> puzzle a3-a1");
    assert!(
        solved.contains("(private to @carol) Solved: a3-a1 wins."),
        "{solved}"
    );
    assert!(
        solved.contains("Puzzle rating (tafl): 1500? → "),
        "{solved}"
    );
    assert!(solved.contains("Streak: 1 (best 1)."), "{solved}");
    assert!(pictures(&solved).iter().all(|p| decodes(p)), "{solved}");
    // The next: the capture in 2, its first move answered with the forced reply.
    let next = block_after_last(&out, "@carol> puzzle brandubh");
    assert!(
        next.contains("Attackers to move, capture the king in 2."),
        "{next}"
    );
    assert!(next.contains("From the engine's own games."), "{next}");
    let out = run(&data, &format!("@carol puzzle {CAPTURE_FIRST}"));
    let step = block_after(&out, &format!("@carol> puzzle {CAPTURE_FIRST}"));
    assert!(
        step.contains(&format!("Right: {CAPTURE_FIRST}. They answer ")),
        "{step}"
    );
    assert!(step.contains("one move left to win"), "{step}");
    assert_eq!(pictures(&step).len(), 1, "{step}");
    let second = capture_second(&reply_in(&step));
    let out = run(
        &data,
        &format!(
            "@carol puzzle {second}
             @dave puzzle brandubh
             @dave puzzle a3-a2
             @erin puzzle brandubh
             @erin puzzle skip
             @erin puzzle skip
             @dave puzzle stats @carol
             @dave puzzle stats
             @dave puzzle ladder
             @gina language fr
             @gina puzzle brandubh"
        ),
    );
    let done = block_after(&out, &format!("@carol> puzzle {second}"));
    assert!(done.contains(&format!("Solved: {second} wins.")), "{done}");
    assert!(done.contains("Streak: 2 (best 2)."), "{done}");
    // A wrong move ends it: the solution, both moves drawn.
    let wrong = block_after(&out, "@dave> puzzle a3-a2");
    assert!(
        wrong.contains("Not this one: a3-a2 does not force the win."),
        "{wrong}"
    );
    assert!(wrong.contains("The solution: a3-a1."), "{wrong}");
    assert!(wrong.contains("Streak: 0 (best 0)."), "{wrong}");
    let compared = pictures(&wrong);
    assert_eq!(compared.len(), 1, "{wrong}");
    assert!(
        compared[0].ends_with("puzzle-to-dave-compared.png"),
        "{wrong}"
    );
    assert!(decodes(&compared[0]), "{wrong}");
    // Given up: the solution; then nothing left to give up.
    let skipped = block_after(&out, "@erin> puzzle skip");
    assert!(
        skipped.contains("Given up.") && skipped.contains("The solution: a3-a1."),
        "{skipped}"
    );
    let again = block_after_last(&out, "@erin> puzzle skip");
    assert!(again.contains("! You are not solving a puzzle"), "{again}");
    let stats = block_after(&out, "@dave> puzzle stats @carol");
    assert!(stats.contains("carol's puzzles:"), "{stats}");
    assert!(
        stats.contains("tafl: ") && stats.contains("(2 solved, 0 failed)"),
        "{stats}"
    );
    let mine = block_after(&out, "@dave> puzzle stats");
    assert!(mine.contains("(0 solved, 1 failed)"), "{mine}");
    let ladder = block_after(&out, "@dave> puzzle ladder");
    let order: Vec<&str> = ladder
        .lines()
        .filter_map(|l| l.split_once(". ").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split(':').next())
        .collect();
    assert_eq!(order.first(), Some(&"carol"), "{ladder}");
    assert!(
        order.contains(&"dave") && order.contains(&"erin"),
        "{ladder}"
    );
    // In French.
    let french = block_after(&out, "@gina> puzzle brandubh");
    assert!(
        french.contains("(private to @gina) Problème, Brandubh"),
        "{french}"
    );
    assert!(french.contains("au trait"), "{french}");
    assert!(!french.contains("to move"), "{french}");
}

#[test]
fn the_daily_puzzle_is_posted_once_at_the_hour_and_its_post_names_who_solved_it() {
    let data = store("console-daily");
    let out = run(
        &data,
        "@ann puzzle daily
         @ann puzzle daily on 09:00 UTC
         !clock +8h
         !clock +1h
         !clock +1h
         @frank puzzle daily
         @frank puzzle a3-a1
         @frank puzzle daily
         !clock +1d",
    );
    let none = block_after(&out, "@ann> puzzle daily");
    assert!(
        none.contains("! There is no daily puzzle here yet"),
        "{none}"
    );
    let on = block_after(&out, "@ann> puzzle daily on 09:00 UTC");
    assert!(
        on.contains("The daily puzzle is on: every day at 09:00 (UTC), posted here; the first comes in 9 hours"),
        "{on}"
    );
    let before = block_after(&out, "@console> !clock +8h");
    assert!(
        !before.contains("Daily puzzle"),
        "not before the hour: {before}"
    );
    // At the hour: the post, once, with its board and no solution.
    let post = block_after(&out, "@console> !clock +1h");
    assert_eq!(
        post.matches("Daily puzzle, 2025-01-01").count(),
        1,
        "{post}"
    );
    assert!(
        post.contains("Daily puzzle, 2025-01-01: Brandubh, Defenders to move, escape in 1."),
        "{post}"
    );
    assert!(post.contains("From alice vs bob, game #12."), "{post}");
    assert!(!post.contains(ONE_ESCAPE_MOVE), "{post}");
    assert_eq!(pictures(&post).len(), 1, "{post}");
    assert!(decodes(&pictures(&post)[0]), "{post}");
    let after = block_after_last(&out, "@console> !clock +1h");
    assert!(!after.contains("Daily puzzle"), "once a day: {after}");
    assert_eq!(
        out.matches("Daily puzzle, 2025-01-01").count(),
        2,
        "the post and one update:\n{out}"
    );
    // Solved privately; the post's update names frank, never the move.
    let given = block_after(&out, "@frank> puzzle daily");
    assert!(
        given.contains("(private to @frank) Puzzle, Brandubh"),
        "{given}"
    );
    let solved = block_after(&out, "@frank> puzzle a3-a1");
    assert!(
        solved.contains("(private to @frank) Solved: a3-a1 wins."),
        "{solved}"
    );
    let update = solved
        .split("\n\n")
        .find(|b| b.starts_with("Daily puzzle, 2025-01-01"))
        .unwrap_or_else(|| panic!("the post's update:\n{solved}"));
    assert!(update.contains("Solved by frank."), "{update}");
    assert!(!update.contains(ONE_ESCAPE_MOVE), "{update}");
    let again = block_after_last(&out, "@frank> puzzle daily");
    assert!(again.contains("! You answered today's puzzle"), "{again}");
    // The next day: the next puzzle, with yesterday's solution and its solver.
    let next = block_after(&out, "@console> !clock +1d");
    assert!(
        next.contains(
            "Daily puzzle, 2025-01-02: Brandubh, Attackers to move, capture the king in 2."
        ),
        "{next}"
    );
    assert!(
        next.contains("Yesterday's puzzle (2025-01-01): a3-a1. Solved by frank."),
        "{next}"
    );
}

#[test]
fn a_dice_puzzle_is_answered_with_the_whole_turn_in_any_order() {
    let DicePuzzle {
        puzzle,
        solution,
        wrong,
    } = dice_puzzle();
    let data = TempDir::new("console-puzzle-dice");
    store_with_puzzles(data.path(), &[("console", vec![puzzle])]);
    let reversed = format!("{} {}", solution[1], solution[0]);
    let out = run(
        &data,
        &format!(
            "@hana puzzle adelta
             @hana puzzle {first}
             @hana puzzle {reversed}
             @ivan puzzle adelta
             @ivan puzzle {wrong}",
            first = solution[0],
            wrong = wrong.join(" "),
        ),
    );
    let given = block_after(&out, "@hana> puzzle adelta");
    assert!(
        given.contains(
            "(private to @hana) Puzzle, Ad Elta Stelpur (Ludens Planet rules): White to move, the best use of the roll."
        ),
        "{given}"
    );
    assert!(given.contains("The roll: 1+6."), "{given}");
    assert!(given.contains("Answer with the whole turn"), "{given}");
    let half = block_after(&out, &format!("@hana> puzzle {}", solution[0]));
    assert!(
        half.contains(&format!(
            "(private to @hana) So far: {}; one die left to use. Next steps: ",
            solution[0]
        )),
        "{half}"
    );
    assert!(half.contains(&solution[1]), "{half}");
    let solved = block_after(&out, &format!("@hana> puzzle {reversed}"));
    assert!(
        solved.contains(&format!("(private to @hana) Solved: {reversed} wins.")),
        "{solved}"
    );
    assert!(
        solved.contains("Puzzle rating (adelta): 1500? → "),
        "{solved}"
    );
    let failed = block_after(&out, &format!("@ivan> puzzle {}", wrong.join(" ")));
    assert!(
        failed.contains(&format!(
            "Not this one: {} is not the best use of the roll.",
            wrong.join(" ")
        )),
        "{failed}"
    );
    assert!(
        failed.contains(&format!("The solution: {}.", solution.join(" "))),
        "{failed}"
    );
    assert!(failed.contains("Streak: 0 (best 0)."), "{failed}");
}

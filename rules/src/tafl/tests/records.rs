//! The differential test: every game of the tafl community's records
//! (`shared/tafl-records/copenhagen.csv` and `brandubh.csv`, games played on aagenielsen.dk)
//! replayed under these rules. Every move must be legal, the soldiers each move captures must
//! be the ones the record lists, and a game these rules end must have the record's result;
//! the games the records' README lists as going on past a third repetition must end at the
//! repetition, and no other game may.
//!
//! The records live beside the repository (never copied into it): `../../shared/tafl-records`
//! from this crate's directory, or the directory in `SKALD_TAFL_RECORDS`. A missing file
//! fails the test, saying where it looked.

use super::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The variable that points the test at another copy of the records.
const RECORDS_VAR: &str = "SKALD_TAFL_RECORDS";

/// The records' README: the games (line numbers) that go on past a third occurrence of a
/// position, where the rules end them.
const COPENHAGEN_REPETITIONS: [usize; 11] =
    [298, 443, 509, 513, 550, 697, 827, 898, 907, 978, 1542];
/// See [`COPENHAGEN_REPETITIONS`].
const BRANDUBH_REPETITIONS: [usize; 5] = [167, 218, 289, 301, 459];

/// The records' directory: `SKALD_TAFL_RECORDS`, or `shared/tafl-records` beside the
/// repository.
fn records_dir() -> PathBuf {
    match std::env::var_os(RECORDS_VAR) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/tafl-records"),
    }
}

/// The text of one records file; panics, saying where it looked, when it is missing.
pub(super) fn read_records(name: &str) -> String {
    let path = records_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the tafl game records at {} ({e}); they live beside the repository \
             in shared/tafl-records, or set {RECORDS_VAR} to their directory",
            path.display()
        )
    })
}

/// What one replay found.
#[derive(Default)]
struct Summary {
    /// Games replayed.
    games: usize,
    /// Moves played.
    plies: usize,
    /// Captures compared (record entries, each square once).
    captures: usize,
    /// Games these rules end whose result was checked against the record.
    decided: usize,
    /// Games the rules leave open while the record names a winner or a draw (resignation,
    /// time, agreement): their result cannot be checked.
    open_with_result: usize,
    /// How the games these rules end ended, by ending.
    endings: std::collections::BTreeMap<String, usize>,
    /// Moves that captured a piece not next to the moved piece: shieldwalls.
    shieldwall_moves: usize,
    /// The line numbers of the games these rules end at a repetition before the record does.
    repetitions: BTreeSet<usize>,
    /// Every disagreement, with its line and reason.
    disagreements: Vec<String>,
}

/// Replays every game of `file` under `variant`; `expected_repetitions` are the README's
/// games that go on past a third repetition.
fn replay_file(variant: Variant, file: &str, expected_repetitions: &[usize]) -> Summary {
    let text = read_records(file);
    let mut summary = Summary::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        summary.games += 1;
        replay_game(variant, number, line, &mut summary);
    }
    let expected: BTreeSet<usize> = expected_repetitions.iter().copied().collect();
    if summary.repetitions != expected {
        summary.disagreements.push(format!(
            "games ended early by repetition: {:?}, the README lists {:?}",
            summary.repetitions, expected
        ));
    }
    summary
}

/// Replays the game on line `number` of a records file.
fn replay_game(variant: Variant, number: usize, line: &str, summary: &mut Summary) {
    let fields: Vec<&str> = line.split(',').collect();
    let [moves, _, _, result] = fields[..] else {
        summary
            .disagreements
            .push(format!("line {number}: not 4 fields: {line}"));
        return;
    };
    let mut game = Tafl::new(variant);
    let total = moves.split_whitespace().count();
    let mut disagree = |why: String| summary.disagreements.push(format!("line {number}: {why}"));
    for (ply, token) in moves.split_whitespace().enumerate() {
        if token == "timeout" {
            continue;
        }
        if let Some(end) = game.finish() {
            if end.ending == Ending::Repetition && end.winner == variant.repetition_winner() {
                summary.repetitions.insert(number);
            } else {
                disagree(format!(
                    "the game ended ({end:?}) before move {} ({token})",
                    ply + 1
                ));
            }
            return;
        }
        let mut parts = token.split('x');
        let mv_text = parts.next().unwrap_or_default();
        let listed: BTreeSet<String> = parts.map(str::to_string).collect();
        let mv = match game.parse_move(mv_text) {
            Ok(mv) => mv,
            Err(e) => {
                disagree(format!("move {} '{token}' unreadable: {e}", ply + 1));
                return;
            }
        };
        // The moves named as possibly winning at once include every move that does: at
        // every fourth position and the last eight of each game, where the wins are.
        if (ply % 4 == 0 || ply + 8 >= total)
            && let Err(why) = crate::game::check_moves_that_may_win(&game)
        {
            disagree(why);
        }
        let king_before = game.king();
        let events = match game.play(mv) {
            Ok(events) => events,
            Err(e) => {
                disagree(format!("move {} {token} refused: {e}", ply + 1));
                return;
            }
        };
        summary.plies += 1;
        summary.captures += listed.len();
        let made: BTreeSet<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Captured { at, .. } => Some(game.cell_name(*at)),
                _ => None,
            })
            .filter(|name| Some(name.as_str()) != king_before.map(|k| k.name()).as_deref())
            .collect();
        let to = mv.to;
        let far = made.iter().any(|name| {
            Square::parse(name, variant.size())
                .is_some_and(|sq| sq.file.abs_diff(to.file) + sq.rank.abs_diff(to.rank) > 1)
        });
        summary.shieldwall_moves += usize::from(far);
        if made != listed {
            disagree(format!(
                "move {} {token}: the rules capture {made:?}, the record lists {listed:?}",
                ply + 1
            ));
            return;
        }
    }
    let recorded = match result.trim() {
        "Black" => Some(Some(Seat::A)),
        "White" => Some(Some(Seat::B)),
        "Draw" => Some(None),
        _ => None, // Ongoing, or no result
    };
    if let Some(end) = game.finish() {
        *summary
            .endings
            .entry(format!("{:?}", end.ending))
            .or_default() += 1;
    }
    match (game.finish(), recorded) {
        (Some(end), Some(winner)) if end.winner == winner => summary.decided += 1,
        (Some(end), _)
            if end.ending == Ending::Repetition && end.winner == variant.repetition_winner() =>
        {
            summary.repetitions.insert(number);
        }
        (Some(end), _) => disagree(format!(
            "the rules end the game ({end:?}), the record says '{result}'"
        )),
        (None, Some(_)) => summary.open_with_result += 1,
        (None, None) => {}
    }
}

/// Replays one file and fails with every disagreement found.
fn check(variant: Variant, file: &str, expected_repetitions: &[usize], least_games: usize) {
    let summary = replay_file(variant, file, expected_repetitions);
    println!(
        "{file}: {} games, {} plies, {} captures compared, {} results checked, {} decided \
         off the board, {} ended at a repetition; endings {:?}, {} shieldwall moves",
        summary.games,
        summary.plies,
        summary.captures,
        summary.decided,
        summary.open_with_result,
        summary.repetitions.len(),
        summary.endings,
        summary.shieldwall_moves
    );
    assert!(
        summary.games >= least_games,
        "{file}: only {} games read",
        summary.games
    );
    assert!(
        summary.disagreements.is_empty(),
        "{file}: {} disagreements:\n{}",
        summary.disagreements.len(),
        summary.disagreements.join("\n")
    );
}

#[test]
fn every_copenhagen_record_replays() {
    check(
        Variant::Copenhagen,
        "copenhagen.csv",
        &COPENHAGEN_REPETITIONS,
        1752,
    );
}

#[test]
fn every_brandubh_record_replays() {
    check(
        Variant::Brandubh,
        "brandubh.csv",
        &BRANDUBH_REPETITIONS,
        525,
    );
}

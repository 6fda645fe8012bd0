//! What the puzzle end-to-end tests share: known Brandubh puzzles, proven here as the miner
//! proves them, and a store holding them as a community's own (mined from its games), made
//! with `skald import` before the bot starts. A community's own puzzle within 300 points
//! of a new solver's 1500 comes before any other, so each test knows the puzzle it gets.

use skald_model::puzzle::{Puzzle, PuzzleRoom};
use skald_rules::{Position, RuleSetId};
use skald_session::CommunityId;
use skald_session::store::{ExportLine, export_header};
use std::path::Path;

/// The king on a3 escapes to a1, and only there: an escape in 1.
pub const ONE_ESCAPE: &str = "7/4A2/A6/7/K6/7/7 d 11 -";
/// Its solution.
pub const ONE_ESCAPE_MOVE: &str = "a3-a1";
/// The attackers capture the king in 2: d3-d5 first, then the capture whatever the defence.
pub const CAPTURE_IN_TWO: &str = "3A3/1A5/2K1D2/A1D2DA/1A1A1A1/2A4/7 a 12 d5-b5,c6-b6,b5-c5";
/// Its first move.
pub const CAPTURE_FIRST: &str = "d3-d5";

/// A Brandubh puzzle of the position `text`, from `source`, rated 1500 (a new solver's
/// rating): its solution and theme as the prover finds them.
pub fn puzzle_of(text: &str, source: &str) -> Puzzle {
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

/// Makes the store in `data` (which must not hold one yet) with each community's own
/// puzzles, through `skald import` of an export file, as an operator would move a store.
pub fn store_with_puzzles(data: &Path, communities: &[(&str, Vec<Puzzle>)]) {
    let mut lines = vec![serde_json::to_string(&export_header()).expect("the header")];
    for (community, puzzles) in communities {
        let mut room = PuzzleRoom::new(CommunityId((*community).into()));
        room.mined = puzzles.clone();
        lines.push(serde_json::to_string(&ExportLine::PuzzleRoom(Box::new(room))).expect("a line"));
    }
    std::fs::create_dir_all(data).expect("the data directory");
    let file = data
        .parent()
        .unwrap_or(data)
        .join(format!("puzzles-{}.jsonl", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n").expect("the export file");
    let said = skald_tests::ok(&[
        "import",
        &file.display().to_string(),
        "--data",
        &data.display().to_string(),
    ]);
    assert!(said.contains("imported"), "{said}");
    let _ = std::fs::remove_file(&file);
}

/// The capture in 2's winning second move after the defence's `reply` to its first move,
/// as the prover finds it (several may win; any of them counts).
pub fn capture_second(reply: &str) -> String {
    let mut position =
        Position::from_notation(RuleSetId::Brandubh, CAPTURE_IN_TWO).expect("a position");
    position
        .play(CAPTURE_FIRST)
        .expect("the first move is legal");
    position.play(reply).expect("the defence's reply is legal");
    skald_ai::puzzle::unique_first_move(&position, 1)
        .ok()
        .flatten()
        .map(|proof| proof.line[0].clone())
        .or_else(|| {
            // More than one capture: any that wins at once.
            position.legal_moves().into_iter().find(|m| {
                let mut after = position.clone();
                after.play(m).is_ok() && after.status().outcome().is_some()
            })
        })
        .unwrap_or_else(|| panic!("no capture in 1 after {reply}"))
}

/// Every whole use of the roll from `position` (its steps in order) with the position it
/// reaches, found by trying each step the rules allow.
fn uses(position: &Position) -> Vec<(Vec<String>, String)> {
    let mover = position.status().seat();
    let mut out = Vec::new();
    for step in position.legal_moves() {
        let mut after = position.clone();
        if after.play(&step).is_err() {
            continue;
        }
        let still_mine =
            mover.is_some_and(|seat| after.status() == skald_rules::Status::Move { seat });
        if still_mine {
            for (mut rest, reached) in uses(&after) {
                rest.insert(0, step.clone());
                out.push((rest, reached));
            }
        } else {
            out.push((vec![step], after.to_notation(skald_rules::Viewer::Final)));
        }
    }
    out
}

/// An Ad Elta Stelpur puzzle made here: White's 1+6 at the start, the solution a use of the
/// roll playable in both orders, and another use that reaches elsewhere (the shipped dice
/// puzzles come from the miner; this one tests the answering).
pub struct DicePuzzle {
    /// The puzzle, rated 1500 (a new solver's rating).
    pub puzzle: Puzzle,
    /// Its solution's two steps.
    pub solution: Vec<String>,
    /// A wrong use of the same roll.
    pub wrong: Vec<String>,
}

/// The [`DicePuzzle`].
pub fn dice_puzzle() -> DicePuzzle {
    // White rolled 1 and 6 at the start; the solution is one use of the roll, computed here
    // (the shipped dice puzzles come from the miner; this one tests the answering).
    let start = "WWWWWW......BBBBBB...... w 16 0";
    let position = skald_rules::Position::from_notation(skald_rules::RuleSetId::Adelta, start)
        .expect("a position");
    let all = uses(&position);
    // A use whose steps, played the other way round, reach the same position.
    let (solution, reached) = all
        .iter()
        .find(|(steps, reached)| {
            steps.len() == 2
                && all.iter().any(|(other, r)| {
                    r == reached && *other == [steps[1].clone(), steps[0].clone()]
                })
        })
        .cloned()
        .expect("a use playable in both orders");
    let (wrong, _) = all
        .iter()
        .find(|(_, r)| *r != reached)
        .cloned()
        .expect("another use");
    let puzzle = Puzzle {
        rule_set: skald_rules::RuleSetId::Adelta,
        position: start.into(),
        to_move: "white".into(),
        roll: Some("1+6".into()),
        solution: vec![solution.join(" ")],
        theme: "best use of the roll".into(),
        source: "alice vs bob, game #3".into(),
        rating: 1500.0,
    };
    DicePuzzle {
        puzzle,
        solution,
        wrong,
    }
}

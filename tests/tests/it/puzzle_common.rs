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
